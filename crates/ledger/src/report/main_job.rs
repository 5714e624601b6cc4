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
    #[error("projecting the chain: {0}")]
    Project(#[from] floorbook_projections::CatchUpError),
}

/// A chain the main job recorded: its head, and whether it verified to that head against its
/// checkpoints.
#[derive(Debug, Clone)]
pub struct Recorded {
    pub chain: ChainId,
    pub head: floorbook_log::Head,
    pub verified: bool,
}

impl Recorded {
    fn json(&self) -> Value {
        json!({
            "chain": self.chain.as_str(),
            "events": self.head.seq.0,
            "head": self.head.hash.to_hex(),
            "verified": self.verified,
        })
    }

    fn text(&self) -> String {
        format!(
            "chain {}: {} events, head {}\nverify: {}\n",
            self.chain,
            self.head.seq,
            self.head.hash,
            if self.verified { "OK" } else { "FAILED" }
        )
    }
}

/// Projects the chain the main job recorded to `head` (with replay snapshots for a
/// tournament, so that replay and explain resume near any point; a cash room's chain has
/// none) and verifies it against its checkpoints. `projected` and `verified` are told each
/// position as the work goes.
pub async fn project_and_verify<S: EventStore>(
    store: &S,
    projector: &mut Projector,
    (chain, head): (&ChainId, floorbook_log::Head),
    projected: impl FnMut(u64),
    mut verified: impl FnMut(u64),
) -> Result<Recorded, RunError> {
    projector
        .catch_up(store, chain, floorbook_log::PAGE, projected)
        .await?;
    crate::snapshots::update_snapshots(projector, store, chain).await?;
    let check = floorbook_log::verify_chain(store, chain, |seq, _| verified(seq.0)).await;
    Ok(Recorded {
        chain: chain.clone(),
        head,
        verified: matches!(check, Ok(Some(h)) if h == head),
    })
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

    /// The main job's answer for scripts.
    pub fn json(&self, recorded: &Recorded) -> Value {
        let mut out = recorded.json();
        out["standings"] = json!(self.standings_json());
        out["audit"] = self.audit.clone();
        out["explain"] = json!(self.example);
        out
    }

    /// The main job's answer for people, after the `title` line.
    pub fn text(&self, title: &str, recorded: &Recorded) -> String {
        let mut out = format!("{title}\n{}", recorded.text());
        super::line!(out, "\nstandings");
        out.push_str(&self.standings_text());
        super::line!(out, "\naudit: {}", self.audit);
        if let Some(report) = &self.example {
            super::line!(out, "\nexplain: the runner-up's elimination");
            out.push_str(&super::explain::text(report));
        }
        out
    }
}

impl CashRun {
    /// The main job's answer for scripts; `rederived` whether every decision agreed.
    pub fn json(&self, recorded: &Recorded, rederived: bool) -> Value {
        let mut out = recorded.json();
        out["rederived"] = json!(rederived);
        out["summary"] = self.summary.clone();
        out["explain"] = json!(self.example);
        out
    }

    /// The main job's answer for people, after the `title` line; `diverged` the first
    /// decision re-derived otherwise, if any.
    pub fn text(
        &self,
        title: &str,
        recorded: &Recorded,
        diverged: Option<&crate::cash::CashDivergence>,
    ) -> String {
        let mut out = format!("{title}\n{}", recorded.text());
        match diverged {
            None => super::line!(out, "re-derived: every decision agrees"),
            Some(d) => super::line!(out, "re-derived: seq {} diverges ({:?})", d.seq, d.command),
        }
        super::line!(out, "\nsummary: {}", self.summary);
        if let Some(report) = &self.example {
            super::line!(out, "\nexplain: seq {}", report.seq);
            out.push_str(&super::explain::cash_text(report));
        }
        out
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
