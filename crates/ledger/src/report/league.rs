//! A league's standings and one player's points as a person reads them (`floorbook league
//! standings`, `league explain`): a table, CSV or JSON.

use floorbook_league::{Counted, Standing, format_points};
use floorbook_members::MemberEvent;
use serde_json::{Value, json};

use super::line;
use super::standings::csv_field;
use crate::league::{LeagueReadError, Table};

/// The standings as a table: rank, the member's name and ID, points.
pub fn text(t: &Table) -> String {
    let mut out = String::new();
    line!(
        out,
        "{} — {} ({} tournaments)",
        t.league.name,
        t.league.season,
        t.league.tournaments.len()
    );
    for s in &t.standings {
        line!(
            out,
            "{:>4}. {} {} points",
            s.rank,
            t.shown(&s.player),
            format_points(s.points)
        );
    }
    out
}

fn counted(s: &Standing) -> usize {
    s.results.iter().filter(|c| c.counted).count()
}

/// The standings as CSV: rank, player, points, counted, results.
pub fn csv(t: &Table) -> String {
    let mut out = String::new();
    line!(out, "rank,player,points,counted,results");
    for s in &t.standings {
        line!(
            out,
            "{},{},{},{},{}",
            s.rank,
            csv_field(&s.player),
            format_points(s.points),
            counted(s),
            s.results.len()
        );
    }
    out
}

/// The standings as JSON for scripts.
pub fn json(t: &Table) -> Value {
    json!({
        "league": t.league.name, "season": t.league.season,
        "tournaments": t.league.tournaments.iter().map(|x| &x.0).collect::<Vec<_>>(),
        "standings": t.standings.iter().map(|s| json!({
            "rank": s.rank, "player": s.player, "name": t.register.name_of(&s.player),
            "points": format_points(s.points), "counted": counted(s), "results": s.results.len(),
        })).collect::<Vec<_>>(),
    })
}

/// The standings' rows as the projections keep them (`league_standings`, `league_results`).
pub type ProjectedRows = (
    Vec<(u32, String, String, usize, usize)>,
    Vec<(String, String, u32, u32, String, bool, String)>,
);

/// The rows the projections keep of `standings`.
pub fn projected(standings: &[Standing]) -> ProjectedRows {
    let rows = standings
        .iter()
        .map(|s| {
            (
                s.rank,
                s.player.clone(),
                format_points(s.points),
                counted(s),
                s.results.len(),
            )
        })
        .collect();
    let results = standings
        .iter()
        .flat_map(|s| {
            s.results.iter().map(|c| {
                (
                    c.event.clone(),
                    s.player.clone(),
                    c.place,
                    c.tied,
                    format_points(c.points),
                    c.counted,
                    c.formula.clone(),
                )
            })
        })
        .collect();
    (rows, results)
}

/// One player's points: his standing, and the records merged into his (from, into, reason).
#[derive(Debug, Clone)]
pub struct PlayerPoints<'a> {
    pub table: &'a Table,
    pub standing: &'a Standing,
    pub merged: Vec<(String, String, String)>,
}

/// The standing `player` names in `t`: a member's ID (merges followed), or a name (a member's
/// on record, or one a result was registered under without a member). `members` are the
/// register's events, for the merges that fold results into his.
pub fn points<'a>(
    t: &'a Table,
    members: &[MemberEvent],
    player: &str,
) -> Result<PlayerPoints<'a>, LeagueReadError> {
    let wanted = t.register.current_id(player);
    let by_name: Vec<&Standing> = t
        .standings
        .iter()
        .filter(|s| t.register.name_of(&s.player) == Some(player))
        .collect();
    let standing = match t.standings.iter().find(|s| s.player == wanted) {
        Some(s) => s,
        None => match by_name.as_slice() {
            [one] => *one,
            [] => {
                return Err(LeagueReadError::NoResult {
                    player: player.to_string(),
                    league: t.league.name.clone(),
                });
            }
            many => {
                return Err(LeagueReadError::Ambiguous {
                    player: player.to_string(),
                    members: many.iter().map(|s| s.player.clone()).collect(),
                });
            }
        },
    };
    let merged = members
        .iter()
        .filter_map(|e| match e {
            MemberEvent::Merged { from, into, reason }
                if t.register.current_id(from) == standing.player && *from != standing.player =>
            {
                Some((from.clone(), into.clone(), reason.clone()))
            }
            _ => None,
        })
        .collect();
    Ok(PlayerPoints {
        table: t,
        standing,
        merged,
    })
}

/// The bounties and prize money a result scored with, where the season scores them.
fn money_scored(c: &Counted) -> String {
    let mut out = String::new();
    if let Some(b) = c.bounties {
        out += &format!(", bounties {b:.2}");
    }
    if let Some(p) = c.prize {
        out += &format!(", prize {p:.2}");
    }
    out
}

impl PlayerPoints<'_> {
    /// Every result with its formula and numbers, so that anyone can check it by hand.
    pub fn text(&self) -> String {
        let (s, mut out) = (self.standing, String::new());
        line!(
            out,
            "{}: rank {}, {} points",
            self.table.shown(&s.player),
            s.rank,
            format_points(s.points)
        );
        for (from, into, reason) in &self.merged {
            line!(
                out,
                "  results of {from} count here: merged into {into} ({reason})"
            );
        }
        for c in &s.results {
            let tied = if c.tied > 1 {
                format!(" (tied with {})", c.tied - 1)
            } else {
                String::new()
            };
            line!(
                out,
                "  {} place {}{tied} of {}: {} with n={} f={} b={} e={}{} → {}{}",
                c.event,
                c.place,
                c.finish.n,
                c.formula,
                c.finish.n,
                c.finish.f,
                c.finish.b,
                c.finish.e,
                money_scored(c),
                format_points(c.points),
                if c.counted { "" } else { " (not counted)" }
            );
        }
        out
    }

    pub fn json(&self) -> Value {
        let mut v = serde_json::to_value(self.standing).unwrap_or_default();
        v["name"] = json!(self.table.register.name_of(&self.standing.player));
        v["merged"] = json!(
            self.merged
                .iter()
                .map(|(from, into, reason)| json!({"from": from, "into": into, "reason": reason}))
                .collect::<Vec<_>>()
        );
        v
    }
}
