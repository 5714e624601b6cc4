//! A card room's house profile (TOML): its games by variant and stakes, their tables, and the
//! readings of the house rules as settings.

use floorbook_hand::{ChipReading, GameKind, HandRules, IrregularityRules, OddChip, Structure};
use floorbook_hand::{
    Chips, LastLiveHand, MissingBurn, OutOfTurnRule, OwnExposure, PrematureBoard, UnderMinimum,
};
use floorbook_rules::Rule;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::TableNo;

/// The built-in house profiles: (name, TOML).
const BUILTIN: &[(&str, &str)] = &[("gcb", include_str!("../profiles/gcb.toml"))];

/// The built-in profiles' names.
pub fn builtin_names() -> impl Iterator<Item = &'static str> {
    BUILTIN.iter().map(|(n, _)| *n)
}

/// A built-in profile's text and reading.
pub fn builtin(name: &str) -> Option<(&'static str, Result<CashProfile, ProfileError>)> {
    BUILTIN
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| (*text, CashProfile::from_toml(text)))
}

/// Whether a profile's text is a cash room's (it has games; a tournament's has levels).
pub fn is_cash_profile(text: &str) -> bool {
    text.parse::<toml::Table>()
        .is_ok_and(|t| t.contains_key("games"))
}

/// A cash room's profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CashProfile {
    pub name: String,
    pub title: String,
    pub games: Vec<Game>,
    pub house: House,
}

/// A game: variant, stakes and its tables (the first is the main table).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Game {
    pub id: String,
    pub title: String,
    pub variant: GameKind,
    pub structure: Structure,
    pub small_blind: u64,
    pub big_blind: u64,
    /// GCB-7's "Table Stake": the least a guest sits down with (a full buy-in).
    pub table_stake: u64,
    /// The most in front of a guest after a buy-in or a top-up; 0: no cap.
    #[serde(default)]
    pub max_buy_in: u64,
    /// Seats per table (GCB-12: 2 to 9).
    pub seats: u32,
    /// The game's tables; the first is the main table (GCB-10).
    pub tables: Vec<TableNo>,
    /// GCB-5: straddles allowed.
    #[serde(default)]
    pub straddle: bool,
}

/// The readings of the house rules where the text leaves a number open.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct House {
    /// GCB-1: the warning that removes a guest from the poker area.
    pub warnings_remove: u32,
    /// GCB-6: the missed-blind marker that releases the seat.
    pub markers_release_seat: u32,
    /// GCB-6: a seat change more than this many occupied seats away from the button.
    pub seat_change_seats: u32,
    /// GCB-10: guests waiting (main table full) that open the side table.
    pub side_table_opens_with: u32,
    /// GCB-10: the side table's count from which the main table must be full.
    pub main_full_while_side_has: u32,
    /// GCB-10: the main table's count below which the next side-table player must move.
    pub must_move_below: u32,
    /// GCB-10: minutes between standing up from the main table and sitting at a side table.
    pub side_table_wait_minutes: u32,
}

#[derive(Debug, Error)]
pub enum ProfileError {
    #[error("the profile does not read: {0}")]
    Toml(#[from] toml::de::Error),
}

/// A profile setting that cannot work, with the rule that bounds it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub rule: Option<Rule>,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.rule {
            Some(r) => write!(f, "{} ({}): {}", self.field, r.id(), self.message),
            None => write!(f, "{}: {}", self.field, self.message),
        }
    }
}

impl CashProfile {
    pub fn from_toml(text: &str) -> Result<CashProfile, ProfileError> {
        Ok(toml::from_str(text)?)
    }

    /// Every problem of the profile; none means it can run a room.
    pub fn check(&self) -> Vec<Problem> {
        let mut out = Vec::new();
        let mut p = |field: String, rule: Option<Rule>, message: String| {
            out.push(Problem {
                field,
                rule,
                message,
            })
        };
        if self.games.is_empty() {
            p("games".into(), None, "a room has at least one game".into());
        }
        let mut seen_tables = std::collections::BTreeSet::new();
        let mut seen_ids = std::collections::BTreeSet::new();
        for (i, g) in self.games.iter().enumerate() {
            let f = |name: &str| format!("games[{i}].{name}");
            if g.id.is_empty() || g.id.len() > 64 {
                p(f("id"), None, "1 to 64 bytes".into());
            }
            if !seen_ids.insert(g.id.clone()) {
                p(f("id"), None, format!("{:?} names two games", g.id));
            }
            if !(2..=9).contains(&g.seats) {
                p(
                    f("seats"),
                    Some(Rule::Gcb12),
                    format!("{} seats; a table seats 2 to 9", g.seats),
                );
            }
            if g.small_blind == 0 || g.big_blind < g.small_blind {
                p(
                    f("big_blind"),
                    None,
                    format!(
                        "blinds {}/{}: the small blind at least 1, the big blind at least the small",
                        g.small_blind, g.big_blind
                    ),
                );
            }
            if g.table_stake < g.big_blind {
                p(
                    f("table_stake"),
                    Some(Rule::Gcb7),
                    format!(
                        "a table stake of {} is less than the big blind {}",
                        g.table_stake, g.big_blind
                    ),
                );
            }
            if g.max_buy_in != 0 && g.max_buy_in < g.table_stake {
                p(
                    f("max_buy_in"),
                    None,
                    format!(
                        "{} is below the table stake {}",
                        g.max_buy_in, g.table_stake
                    ),
                );
            }
            if g.tables.is_empty() {
                p(
                    f("tables"),
                    Some(Rule::Gcb10),
                    "a game has a main table".into(),
                );
            }
            for t in &g.tables {
                if *t == 0 || !seen_tables.insert(*t) {
                    p(
                        f("tables"),
                        None,
                        format!("table {t}: tables are numbered from 1, each in one game"),
                    );
                }
            }
            // Stakes stay far inside 64 bits, so no sum of a room's money overflows.
            if g.big_blind.checked_mul(2).is_none() || g.max_buy_in > 1 << 40 {
                p(f("big_blind"), None, "stakes beyond 2^40".into());
            }
        }
        let h = &self.house;
        if h.warnings_remove == 0 {
            p(
                "house.warnings_remove".into(),
                Some(Rule::Gcb1),
                "at least 1".into(),
            );
        }
        if h.markers_release_seat == 0 {
            p(
                "house.markers_release_seat".into(),
                Some(Rule::Gcb6),
                "at least 1".into(),
            );
        }
        if h.must_move_below > 9 || h.main_full_while_side_has > 9 {
            p(
                "house.must_move_below".into(),
                Some(Rule::Gcb10),
                "counts of players at a table of at most 9".into(),
            );
        }
        if h.side_table_opens_with < 2 {
            p(
                "house.side_table_opens_with".into(),
                Some(Rule::Gcb10),
                "a table opens with at least 2 players (GCB-12)".into(),
            );
        }
        out
    }

    pub fn game(&self, id: &str) -> Option<&Game> {
        self.games.iter().find(|g| g.id == id)
    }

    /// The game a table belongs to.
    pub fn game_of(&self, table: TableNo) -> Option<&Game> {
        self.games.iter().find(|g| g.tables.contains(&table))
    }
}

impl Game {
    /// The main table (GCB-10's "Tisch 1").
    pub fn main_table(&self) -> TableNo {
        self.tables.first().copied().unwrap_or(0)
    }

    /// The hand rules of the house: GCB-4's chip reading, GCB-3's out-of-turn rule, GCB-8's
    /// exposed cards played on; the odd chip left of the button.
    pub fn hand_rules(&self) -> HandRules {
        HandRules {
            limits: None,
            game: self.variant,
            structure: self.structure,
            min_bet: Chips(self.big_blind),
            raise_cap: None,
            odd_chip: OddChip::LeftOfButton,
            chip_unit: Chips(1),
            ante_trimming: false,
            chip_reading: ChipReading::Gcb4,
            under_minimum: UnderMinimum::Refuse,
            irregularities: IrregularityRules {
                own_exposure: OwnExposure::PlayOn,
                premature_board: PrematureBoard::TdaRp5,
                missing_burn: MissingBurn::Tda39b,
                out_of_turn: OutOfTurnRule::Gcb3,
            },
            last_live_hand: LastLiveHand::WinsThePot,
            live: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_gcb_profile_reads_and_checks() {
        let (_, p) = builtin("gcb").expect("built in");
        let p = p.expect("reads");
        assert_eq!(p.check(), Vec::new());
        assert_eq!(p.game("nlh-2-5").map(|g| g.main_table()), Some(1));
    }

    #[test]
    fn gcb_12_a_table_of_ten_is_refused() {
        let (text, _) = builtin("gcb").expect("built in");
        let p =
            CashProfile::from_toml(&text.replacen("seats = 9", "seats = 10", 1)).expect("reads");
        let problems = p.check();
        assert!(
            problems
                .iter()
                .any(|x| x.rule == Some(Rule::Gcb12) && x.field == "games[0].seats"),
            "{problems:?}"
        );
    }
}
