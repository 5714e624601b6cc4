//! A tournament played without a chain (the simulator's), as the drafts of its chain: the
//! opening, then each command as entered followed by the decisions it caused
//! ([`crate::chain`] makes each draft).

use chrono::{DateTime, Duration, Utc};
use floorbook_log::{Actor, ChainId, Draft, Head, Role};
use floorbook_tournament::Profile;
use floorbook_tournament::command::{Command, Entered};
use floorbook_tournament::engine::TournamentEvent;
use floorbook_tournament::transcript::Transcript;

use crate::chain::{CHAIN_FORMAT, ChainEvent, DraftError, Opening, decision_draft};

fn actor_of(e: &TournamentEvent) -> Result<Actor, DraftError> {
    let (id, role) = match e {
        TournamentEvent::InHand { table, .. } => (format!("dealer-t{}", table.0), Role::Dealer),
        TournamentEvent::SanctionGiven { .. } => ("floor".to_string(), Role::Floor),
        TournamentEvent::Registered { .. } | TournamentEvent::WaitListed { .. } => {
            ("registration".to_string(), Role::Floor)
        }
        _ => ("floorbook".to_string(), Role::Service),
    };
    Ok(Actor::new(id, role)?)
}

/// Who enters a command at a table or on the floor, in a simulated tournament.
fn actor_of_command(c: &Command) -> Result<Actor, DraftError> {
    let (id, role) = match c {
        Command::Hand { table, .. }
        | Command::StartHand { table }
        | Command::PlaceButton { table, .. }
        | Command::ChipRace { table, .. } => (format!("dealer-t{}", table.0), Role::Dealer),
        Command::Register { .. } => ("registration".to_string(), Role::Floor),
        Command::Start { .. } => ("director".to_string(), Role::Director),
        _ => ("floor".to_string(), Role::Floor),
    };
    Ok(Actor::new(id, role)?)
}

/// The chain's opening event, then for each command as it was entered, its draft and one per
/// event it caused, each at `start` plus the time of the command.
pub fn drafts(
    t: &Transcript,
    profile: &Profile,
    profile_toml: &str,
    seed: u64,
    start: DateTime<Utc>,
) -> Result<Vec<Draft>, DraftError> {
    let mut out = Vec::with_capacity(t.events.len() + t.commands.len() + 1);
    out.push(opening_draft(
        profile,
        profile_toml,
        t.revision,
        seed,
        start,
    )?);
    out.extend(command_drafts(&t.commands, &t.events, 0, start)?);
    Ok(out)
}

/// The chain's opening event.
pub fn opening_draft(
    profile: &Profile,
    profile_toml: &str,
    revision: u32,
    seed: u64,
    start: DateTime<Utc>,
) -> Result<Draft, DraftError> {
    let opening = ChainEvent::Opened(Opening {
        profile: profile.name.clone(),
        title: profile.title.clone(),
        seed: Some(seed),
        profile_toml: profile_toml.to_string(),
        rules_revision: Some(revision.into()),
        chain_format: Some(CHAIN_FORMAT.into()),
    });
    opening.draft(Actor::new("director", Role::Director)?, start)
}

/// The drafts of `commands`, each followed by its decisions among `events` (the tournament's
/// events from position `base` on; a command's decisions end where the next command's begin,
/// the last command's at the end of `events`).
pub fn command_drafts(
    commands: &[Entered],
    events: &[TournamentEvent],
    base: usize,
    start: DateTime<Utc>,
) -> Result<Vec<Draft>, DraftError> {
    let mut out = Vec::with_capacity(events.len() + commands.len());
    let time = |secs: u64| start + Duration::seconds(i64::try_from(secs).unwrap_or(i64::MAX / 2));
    let end_all = base + events.len();
    for (k, entered) in commands.iter().enumerate() {
        let end = commands.get(k + 1).map_or(end_all, |e| e.index);
        let at = time(entered.at);
        let actor = actor_of_command(&entered.command)?;
        out.push(ChainEvent::Entered(entered.clone()).draft(actor, at)?);
        let decided = events
            .get(entered.index.saturating_sub(base)..end.saturating_sub(base))
            .unwrap_or_default();
        for e in decided {
            out.push(decision_draft(e, actor_of(e)?, at)?);
        }
    }
    Ok(out)
}

/// A run's drafts could not be recorded.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(
        "chain {chain} already exists in this store with other events (head {head}); choose another --seed or --data"
    )]
    Other { chain: ChainId, head: String },
    #[error("recording the chain: {0}")]
    Write(#[from] floorbook_log::WriteError),
    #[error("the chain has no head after recording it")]
    NoHead,
}

/// Records a run's drafts on the new chain `chain`: the opening, then each batch `next` gives,
/// appended 512 at a time with signed checkpoints (every 1,000 events) and a closing one.
/// The chain's head.
pub async fn record_run<S: floorbook_log::EventStore + Clone>(
    store: &S,
    chain: &ChainId,
    key: floorbook_log::ServiceKey,
    opening: Draft,
    mut next: impl AsyncFnMut() -> Option<Vec<Draft>>,
) -> Result<Head, RunError> {
    let mut writer =
        floorbook_log::ChainWriter::open(store.clone(), chain.clone(), Some(key), 1000).await?;
    let mut last_at = opening.at;
    writer.append(std::slice::from_ref(&opening)).await?;
    while let Some(drafts) = next().await {
        last_at = drafts.last().map_or(last_at, |d| d.at);
        for batch in drafts.chunks(512) {
            writer.append(batch).await?;
        }
    }
    writer.checkpoint(last_at).await?;
    writer.head().ok_or(RunError::NoHead)
}

/// The same run again, on a chain already recorded with head `existing`: the simulation is
/// deterministic, so its drafts seal to the same head; anything else there is refused, never
/// overwritten.
pub async fn check_run_again(
    chain: &ChainId,
    existing: Head,
    opening: Draft,
    mut next: impl AsyncFnMut() -> Option<Vec<Draft>>,
) -> Result<Head, RunError> {
    let sealed = |head, drafts: &[Draft]| {
        floorbook_log::seal_all(chain, head, drafts)
            .map(|s| s.last().map(floorbook_log::SealedEvent::head))
            .map_err(|e| RunError::Write(e.into()))
    };
    let mut head = sealed(None, std::slice::from_ref(&opening))?;
    while let Some(batch) = next().await {
        if let Some(h) = sealed(head, &batch)? {
            head = Some(h);
        }
    }
    if head != Some(existing) {
        return Err(RunError::Other {
            chain: chain.clone(),
            head: existing.hash.to_string(),
        });
    }
    Ok(existing)
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;
    use floorbook_log::ChainId;
    use floorbook_log::seal_all;

    use super::*;

    /// A tournament recorded as it is played (its transcript drained after hands, as
    /// `floorbook simulate` does) is the chain of the same tournament recorded at its end,
    /// byte for byte: the same drafts in the same order, so the same head.
    #[test]
    fn a_chain_drained_while_played_is_the_chain_recorded_at_the_end() {
        let (toml, profile) = floorbook_tournament::builtin("top18").expect("top18");
        let profile = profile.expect("reads");
        let start = Utc
            .with_ymd_and_hms(2026, 3, 1, 19, 0, 0)
            .single()
            .expect("time");
        let style = floorbook_sim::Style::Patient;
        let revision = floorbook_tournament::RULES_REVISION;
        let whole =
            floorbook_sim::simulate_under(&profile, revision, 30, 7, style, None).expect("plays");
        let once = drafts(&whole.tournament, &profile, toml, 7, start).expect("drafts");

        let mut streamed =
            vec![opening_draft(&profile, toml, revision, 7, start).expect("opening")];
        let mut drains = 0;
        let mut failed = None;
        let mut after_hand = |t: &mut Transcript| {
            // Drain at uneven points, a few hands apart.
            if t.events.len() > 37 + drains * 11 {
                let d = t.drain();
                drains += 1;
                match command_drafts(&d.commands, &d.events, d.base, start) {
                    Ok(v) => streamed.extend(v),
                    Err(e) => failed = Some(e),
                }
            }
        };
        let sim =
            floorbook_sim::simulate_draining(&profile, revision, 30, 7, style, &mut after_hand)
                .expect("plays");
        assert!(failed.is_none(), "{failed:?}");
        assert!(drains > 5, "drained {drains} times");
        let mut t = sim.tournament;
        let rest = t.drain();
        streamed.extend(
            command_drafts(&rest.commands, &rest.events, rest.base, start).expect("drafts"),
        );
        assert_eq!(streamed.len(), once.len());
        let chain = ChainId::new("t-drained").expect("chain");
        let a = seal_all(&chain, None, &once).expect("seal");
        let b = seal_all(&chain, None, &streamed).expect("seal");
        assert_eq!(a.last().map(|e| e.head()), b.last().map(|e| e.head()));
    }
}
