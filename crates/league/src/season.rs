//! A season: which results count and how, and the standings with every point explained.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::{Finish, Formula, FormulaError, Points};

/// Places shared by several players (a tie in a league's own ranking of a tournament, e.g. a
/// chop, or players eliminated together where the house policy does not separate them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ties {
    /// Each tied player gets the average of the points of the places they share.
    #[default]
    Average,
    /// Each tied player gets the points of the best place they share.
    Best,
}

/// How a tournament with re-entries counts a player's entries (issue 39). Every entry is
/// ranked among all entries (the field is the entries): those out while entries were open by
/// the order they went out, the last out best; a player's last entry where the tournament
/// placed him.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reentries {
    /// His best entry (his last), with all he spent.
    #[default]
    Best,
    /// His first entry, with its buy-in.
    First,
    /// Every entry a result of its own, each with its buy-in.
    All,
}

/// How a season counts.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Season {
    pub formula: Formula,
    /// Count each player's best N results; None: all.
    #[serde(default)]
    pub best: Option<usize>,
    #[serde(default)]
    pub ties: Ties,
    /// Aging: a result `k` events before the latest counts `aging^k` of its points; None: no aging.
    #[serde(default)]
    pub aging: Option<f64>,
    /// A re-entry tournament's entries: the best, the first, or all (issue 39).
    #[serde(default, skip_serializing_if = "is_best")]
    pub reentries: Reentries,
    /// Points for each euro of bounties a player won in cash (issue 39); none: bounties
    /// score nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_bounty_euro: Option<f64>,
    /// Points for each euro of prize money paid out to him, a deal's figure included (issue
    /// 39); none: prizes score nothing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_prize_euro: Option<f64>,
}

fn is_best(r: &Reentries) -> bool {
    *r == Reentries::Best
}

/// Counting rules that cannot work: what is wrong, and the range allowed.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SeasonError {
    #[error("best must count at least 1 result; got 0")]
    BestZero,
    #[error("aging must be above 0 and at most 1 (a share kept per event); got {0}")]
    Aging(f64),
    #[error("{what} must be 0 to 1000 points a euro; got {got}")]
    PerEuro { what: &'static str, got: f64 },
    #[error(transparent)]
    Formula(#[from] FormulaError),
}

impl Season {
    /// Whether these rules can count a season; the first thing wrong with them.
    pub fn check(&self) -> std::result::Result<(), SeasonError> {
        if self.best == Some(0) {
            return Err(SeasonError::BestZero);
        }
        if let Some(a) = self.aging
            && !(a > 0.0 && a <= 1.0)
        {
            return Err(SeasonError::Aging(a));
        }
        for (what, v) in [
            ("per_bounty_euro", self.per_bounty_euro),
            ("per_prize_euro", self.per_prize_euro),
        ] {
            if let Some(got) = v
                && !(0.0..=1000.0).contains(&got)
            {
                return Err(SeasonError::PerEuro { what, got });
            }
        }
        if let Some(i) = self.formula.bad_table_entry() {
            return Err(FormulaError::Table(i).into());
        }
        Ok(())
    }
}

/// One player's result in one tournament of the season.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Result {
    /// The tournament (its chain id), in season order.
    pub event: String,
    /// Its position in the season, 0 = first.
    pub index: usize,
    pub player: String,
    /// The place; several players with the same place are tied.
    pub place: u32,
    pub entrants: u32,
    pub buy_in: f64,
    pub spend: f64,
    /// Bounties won in cash and prize money paid out, in euros (issue 39).
    #[serde(default)]
    pub bounties: f64,
    #[serde(default)]
    pub prize: f64,
}

/// One result as it entered a player's points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Counted {
    pub event: String,
    pub place: u32,
    /// How many shared the place (1: no tie).
    pub tied: u32,
    pub formula: String,
    pub finish: Finish,
    /// The bounties and the prize money that scored (euros), where the season's rules
    /// score them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bounties: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prize: Option<f64>,
    /// The points of the finish (after ties and aging).
    pub points: Points,
    /// Among the player's best N.
    pub counted: bool,
}

/// A player's standing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub rank: u32,
    pub player: String,
    pub points: Points,
    pub results: Vec<Counted>,
}

/// The standings of a season: points descending; equal points share a rank (the next rank
/// skips, 1, 1, 3); within a rank, players by name.
pub fn standings(
    season: &Season,
    results: &[Result],
) -> std::result::Result<Vec<Standing>, FormulaError> {
    let latest = results.iter().map(|r| r.index).max().unwrap_or(0);
    // Ties: the players that share a place in an event.
    let mut shared: BTreeMap<(&str, u32), u32> = BTreeMap::new();
    for r in results {
        *shared.entry((r.event.as_str(), r.place)).or_default() += 1;
    }
    let mut by_player: BTreeMap<&str, Vec<Counted>> = BTreeMap::new();
    for r in results {
        let tied = shared[&(r.event.as_str(), r.place)];
        let finish = |f: u32| Finish {
            n: r.entrants,
            f,
            b: r.buy_in,
            e: r.spend,
        };
        let mut points = match season.ties {
            Ties::Best => season.formula.points(finish(r.place))?,
            Ties::Average => {
                let mut sum: Points = 0;
                for f in r.place..r.place.saturating_add(tied) {
                    sum = sum
                        .checked_add(season.formula.points(finish(f.min(r.entrants)))?)
                        .ok_or(FormulaError::Total)?;
                }
                (sum as f64 / f64::from(tied)).round() as Points
            }
        };
        // Issue 39: bounties and prize money where the rules score them, before aging.
        let money = |per: Option<f64>, euros: f64| per.map(|k| (k * euros * 100.0).round());
        for extra in [
            money(season.per_bounty_euro, r.bounties),
            money(season.per_prize_euro, r.prize),
        ]
        .into_iter()
        .flatten()
        {
            points = points
                .checked_add(extra as Points)
                .ok_or(FormulaError::Total)?;
        }
        if let Some(a) = season.aging {
            let age = (latest - r.index) as i32;
            points = (points as f64 * a.powi(age)).round() as Points;
        }
        by_player
            .entry(r.player.as_str())
            .or_default()
            .push(Counted {
                event: r.event.clone(),
                place: r.place,
                tied,
                formula: season.formula.text(),
                finish: finish(r.place),
                bounties: season.per_bounty_euro.map(|_| r.bounties),
                prize: season.per_prize_euro.map(|_| r.prize),
                points,
                counted: false,
            });
    }
    let mut out: Vec<Standing> = by_player
        .into_iter()
        .map(
            |(player, mut results)| -> std::result::Result<Standing, FormulaError> {
                // The best N: highest points first; equal points, the earlier event.
                let mut order: Vec<usize> = (0..results.len()).collect();
                order.sort_by_key(|&i| std::cmp::Reverse(results[i].points));
                let keep = season.best.unwrap_or(results.len());
                for &i in order.iter().take(keep) {
                    results[i].counted = true;
                }
                let points = results
                    .iter()
                    .filter(|c| c.counted)
                    .try_fold(0 as Points, |sum, c| sum.checked_add(c.points))
                    .ok_or(FormulaError::Total)?;
                Ok(Standing {
                    rank: 0,
                    player: player.to_string(),
                    points,
                    results,
                })
            },
        )
        .collect::<std::result::Result<_, _>>()?;
    out.sort_by(|a, b| {
        b.points
            .cmp(&a.points)
            .then_with(|| a.player.cmp(&b.player))
    });
    let mut rank = 0;
    let mut last = None;
    for (i, s) in out.iter_mut().enumerate() {
        if last != Some(s.points) {
            rank = i as u32 + 1;
            last = Some(s.points);
        }
        s.rank = rank;
    }
    Ok(out)
}
