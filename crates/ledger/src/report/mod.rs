//! The reports a person reads, as text: one hand line by line ([`hand`]), the audits in
//! Markdown ([`audit`]), a tournament's standings ([`standings`]). The command line prints
//! them; each is built from the log and the projections, never from the command line's state.

pub mod audit;
pub mod explain;
pub mod hand;
pub mod league;
pub mod main_job;
pub mod members;
pub mod standings;
pub mod verify;

use std::collections::HashMap;

use floorbook_log::ChainId;
use floorbook_projections::Projector;

/// A report that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    #[error(transparent)]
    Store(#[from] floorbook_log::StoreError),
    #[error("an event does not read: {0}")]
    Envelope(#[from] serde_json::Error),
    #[error(transparent)]
    Decode(#[from] crate::chain::DecodeError),
    #[error("the projections: {0}")]
    Sql(#[from] rusqlite::Error),
    #[error(transparent)]
    Tournament(#[from] crate::ohh::OhhError),
    #[error("chain {chain} has no hand {hand}")]
    NoHand { chain: ChainId, hand: u64 },
}

/// A line into a text buffer (writing to a `String` cannot fail).
macro_rules! line {
    ($o:expr, $($t:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($o, $($t)*);
    }};
}
pub(crate) use line;

/// The players' names by number: the member register's name where he registered as a member
/// (a rename or a merge after the tournament shows), else the name he registered under.
pub fn registered_names(
    projector: &Projector,
    chain: &ChainId,
) -> rusqlite::Result<HashMap<i64, String>> {
    let conn = projector.connection();
    let mut stmt = conn.prepare(
        "SELECT player, COALESCE(m.name, p.name) FROM players p
         LEFT JOIN members m0 ON m0.member = p.member
         LEFT JOIN members m ON m.member = COALESCE(m0.merged_into, m0.member)
         WHERE chain = ?1",
    )?;
    stmt.query_map([chain.as_str()], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

/// A player as a person reads him: his registered name, and his number when the name does not
/// already say it.
pub fn person(p: impl std::fmt::Display, name: Option<&str>) -> String {
    match name {
        Some(n) if n == format!("Player {p}") => n.to_string(),
        Some(n) => format!("{n} (player {p})"),
        None => format!("player {p}"),
    }
}

/// A player by his registered name in `names` ([`person`]).
pub fn player_name(p: i64, names: &HashMap<i64, String>) -> String {
    person(p, names.get(&p).map(String::as_str))
}

/// The line that says where the chain is sealed for this reader (hole cards of a hand in
/// play), from the store's `withheld_until`.
pub fn sealed_line(out: &mut String, withheld: Option<(floorbook_log::Seq, String)>) {
    if let Some((seq, until)) = withheld {
        line!(
            out,
            "**Sealed**: from event {seq} on, hole cards of the hand in play ({until}) are sealed until it ends; what follows is read and re-derived then\n"
        );
    }
}
