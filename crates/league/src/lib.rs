//! League points and standings, re-derivable from the tournaments' own results.
//!
//! - [`Formula`]: points for a finish, as data — a fixed table by place, or a formula over the
//!   entrants `n`, the place `f`, the buy-in `b` and the player's spend `e`.
//! - [`Season`]: how a season counts — the formula, the best N of M results, ties, aging.
//! - [`standings`]: every player's points, each result with its formula and numbers, so that
//!   anyone can check a ranking by hand.
//!
//! Points are kept in hundredths ([`Points`]): a formula's value is rounded once, half away from
//! zero, so stored standings compare exactly. Invariant: pure; no I/O, no clock.

mod chain;
mod formula;
mod season;

pub use chain::{
    Imported, League, LeagueCommand, LeagueError, LeagueEvent, PinnedReceipt, SignedHead,
    tournament_results,
};

pub use formula::{Finish, Formula, FormulaError, MAX_POINTS};
pub use season::{
    Counted, Reentries, Result as EventResult, Season, SeasonError, Standing, Ties, standings,
};

/// Points in hundredths: 1234 is 12.34 points.
pub type Points = i64;

/// `12.34` for 1234.
pub fn format_points(p: Points) -> String {
    let sign = if p < 0 { "-" } else { "" };
    format!("{sign}{}.{:02}", p.abs() / 100, p.abs() % 100)
}
