//! What the main job (`floorbook simulate`) prints after recording a tournament or a cash
//! room's evening: the leading places or the evening's counts, and one decision explained
//! from the log.

use floorbook_log::{ChainId, EventStore};
use floorbook_projections::Projector;
use serde_json::{Value, json};

use super::ReportError;
use crate::cash::{CashExplanation, CashRecord};
use crate::explain::Explanation;

/// A simulated tournament as recorded: the first ten places, the audit's counts, and the
/// runner-up's elimination explained.
#[derive(Debug, Clone)]
pub struct TournamentRun {
    /// place, player, name, chips.
    pub standings: Vec<(i64, i64, String, i64)>,
    pub audit: Value,
    pub example: Option<Explanation>,
}

/// A simulated cash evening as recorded: its counts and one decision explained (the last
/// must-move call, else the last seat released).
#[derive(Debug, Clone)]
pub struct CashRun {
    pub summary: Value,
    pub example: Option<CashExplanation>,
}

/// An explanation that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    Report(#[from] ReportError),
    #[error(transparent)]
    Explain(#[from] crate::explain::ExplainError),
    #[error(transparent)]
    Snapshots(#[from] crate::snapshots::SnapshotError),
    #[error(transparent)]
    Cash(#[from] crate::cash::CashLoadError),
}

fn count(projector: &Projector, chain: &ChainId, sql: &str) -> Result<i64, ReportError> {
    Ok(projector
        .connection()
        .query_row(sql, [chain.as_str()], |r| r.get(0))?)
}

/// The tournament on `chain`: `projector` caught up with it, its snapshots updated.
pub async fn tournament<S: EventStore>(
    store: &S,
    projector: &Projector,
    chain: &ChainId,
    checkpoints: usize,
) -> Result<TournamentRun, RunError> {
    let conn = projector.connection();
    let mut stmt = conn.prepare(
        "SELECT place, player, name, stack FROM players WHERE chain = ?1 AND place IS NOT NULL ORDER BY place LIMIT 10",
    ).map_err(ReportError::from)?;
    let standings = stmt
        .query_map([chain.as_str()], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?))
        })
        .and_then(|rows| rows.collect::<Result<Vec<_>, _>>())
        .map_err(ReportError::from)?;
    let n = |sql: &str| count(projector, chain, sql);
    let audit = json!({
        "hands": n("SELECT COUNT(*) FROM hands WHERE chain = ?1")?,
        "moves": n("SELECT COUNT(*) FROM moves WHERE chain = ?1")?,
        "eliminations": n("SELECT COUNT(*) FROM players WHERE chain = ?1 AND status = 'out'")?,
        "irregularities": n("SELECT COUNT(*) FROM irregularities WHERE chain = ?1")?,
        "sanctions": n("SELECT COUNT(*) FROM sanctions WHERE chain = ?1")?,
        "level_changes": n("SELECT COUNT(*) FROM levels WHERE chain = ?1")?,
        "checkpoints": checkpoints,
    });
    // The decision that placed the runner-up, read from the snapshot before it as
    // `floorbook explain` reads it.
    let runner_up: Option<i64> = conn
        .query_row(
            "SELECT MAX(seq) FROM events WHERE chain = ?1 AND type = 'Busted'",
            [chain.as_str()],
            |r| r.get(0),
        )
        .ok()
        .flatten();
    let example = match runner_up.and_then(|s| u64::try_from(s).ok()) {
        Some(seq) => {
            let recorded =
                crate::snapshots::load_near(projector, store, chain.clone(), Some(seq)).await?;
            Some(crate::explain::explain(&recorded, seq)?)
        }
        None => None,
    };
    Ok(TournamentRun {
        standings,
        audit,
        example,
    })
}

impl TournamentRun {
    /// The leading places, one a line.
    pub fn standings_text(&self) -> String {
        let mut out = String::new();
        for (place, player, name, chips) in &self.standings {
            let chips = if *chips > 0 {
                format!(", {chips} chips")
            } else {
                String::new()
            };
            super::line!(out, "  {place:>3}. {name} (player {player}){chips}");
        }
        out
    }

    pub fn standings_json(&self) -> Vec<Value> {
        self.standings
            .iter()
            .map(|(place, player, name, chips)| {
                json!({"place": place, "player": player, "name": name, "chips": chips})
            })
            .collect()
    }
}

/// The cash evening on `chain`: `projector` caught up with it.
pub fn cash(
    projector: &Projector,
    record: &CashRecord,
    chain: &ChainId,
) -> Result<CashRun, RunError> {
    let n = |sql: &str| count(projector, chain, sql);
    let summary = json!({
        "hands": n("SELECT COALESCE(SUM(hands), 0) FROM cash_tables WHERE chain = ?1")?,
        "sessions": n("SELECT COUNT(*) FROM cash_sessions WHERE chain = ?1")?,
        "rebuys": n("SELECT COALESCE(SUM(rebuys), 0) FROM cash_sessions WHERE chain = ?1")?,
        "must_moves": n("SELECT COUNT(*) FROM cash_must_moves WHERE chain = ?1")?,
        "refused_moves": n("SELECT COUNT(*) FROM cash_must_moves WHERE chain = ?1 AND outcome = 'refused'")?,
        "markers": n("SELECT COUNT(*) FROM cash_markers WHERE chain = ?1")?,
        "released_seats": n("SELECT COUNT(*) FROM cash_sessions WHERE chain = ?1 AND released IS NOT NULL")?,
        "warnings": n("SELECT COUNT(*) FROM cash_warnings WHERE chain = ?1")?,
        "irregularities": n("SELECT COUNT(*) FROM irregularities WHERE chain = ?1")?,
        "money_in": n("SELECT COALESCE(SUM(money_in), 0) FROM cash_sessions WHERE chain = ?1")?,
        "money_out": n("SELECT COALESCE(SUM(money_out), 0) FROM cash_sessions WHERE chain = ?1")?,
    });
    // Why did he have to move? Else: why was the seat released?
    let example_seq: Option<i64> = projector
        .connection()
        .query_row(
            "SELECT MAX(seq) FROM events WHERE chain = ?1 AND type IN ('MustMoveCalled', 'SeatReleased')",
            [chain.as_str()],
            |r| r.get(0),
        )
        .ok()
        .flatten();
    let example = match example_seq.and_then(|s| u64::try_from(s).ok()) {
        Some(seq) => Some(crate::cash::explain(record, seq)?),
        None => None,
    };
    Ok(CashRun { summary, example })
}
