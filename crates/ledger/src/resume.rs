//! Following a live chain: the state after the last decision read, and where to read on from.
//! A reader that comes back after the chain moved on (a page, on a new head) re-derives only
//! what came after, and a head that added no decision (a refused command, a clock checked with
//! time left) leaves it where it was.

use std::sync::Arc;

use floorbook_log::{ChainId, EventStore};
use floorbook_projections::Projector;
use floorbook_tournament::engine::Tournament;
use floorbook_tournament::rederive::{Divergence, Snapshot};

use crate::reader::{LoadError, load, load_from};

/// Where a follower of a chain stands.
#[derive(Debug, Clone)]
pub struct Resume {
    /// The state after the last decision taken in, shared (a page holds it while the next
    /// load catches up from it), and its position among the recorded events.
    pub tournament: Arc<Tournament>,
    pub position: usize,
    /// The sequence to read on from: just after the last decision taken in, so that a command
    /// entered after it that decided nothing yet is read again and decided then.
    pub next_seq: u64,
    /// The chain's format (`reader::CHAIN_FORMAT`).
    pub format: u32,
}

impl Resume {
    pub fn tournament(&self) -> &Tournament {
        &self.tournament
    }

    /// The tournament, given away (copied when another holder shares it).
    pub fn into_tournament(self) -> Tournament {
        Arc::unwrap_or_clone(self.tournament)
    }

    /// The state to resume from: a copy, since others may hold it.
    fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: self.position,
            tournament: (*self.tournament).clone(),
        }
    }
}

/// A chain cannot be followed.
#[derive(Debug, thiserror::Error)]
pub enum ResumeError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("chain {chain} does not re-derive at event {}: {}", .divergence.index, .divergence.reason)]
    Diverges {
        chain: ChainId,
        divergence: Box<Divergence>,
    },
}

/// Brings `from` (or the chain's start) up to the chain's end: reads what was recorded after
/// it and re-derives it. Every reader that follows a chain to its end comes through here: the
/// service taking a chain up, the pages on a new head, the standings and summaries.
pub async fn catch_up<S: EventStore>(
    store: &S,
    chain: &ChainId,
    from: Option<&Resume>,
) -> Result<Resume, ResumeError> {
    resume_from(store, chain, from.map(|r| (r.snapshot(), r.next_seq))).await
}

/// The chain re-derived to its end from the latest replay snapshot `projector` holds (written
/// by `simulate`, `rebuild` and `explain`), or from its start when there is none or it does
/// not read.
pub async fn to_end<S: EventStore>(
    projector: &Projector,
    store: &S,
    chain: &ChainId,
) -> Result<Resume, ResumeError> {
    let stored = projector
        .snapshot_before(chain, None)
        .ok()
        .flatten()
        .and_then(|(_, next_seq, state)| {
            let snapshot: Snapshot = serde_json::from_str(&state).ok()?;
            Some((snapshot, next_seq))
        });
    resume_from(store, chain, stored).await
}

/// Re-derives `chain` from `from` (a state and the sequence to read on from) or its start.
async fn resume_from<S: EventStore>(
    store: &S,
    chain: &ChainId,
    from: Option<(Snapshot, u64)>,
) -> Result<Resume, ResumeError> {
    let (recorded, read_from) = match from {
        Some((snapshot, next_seq)) => (
            load_from(store, chain.clone(), snapshot, next_seq, None).await?,
            next_seq,
        ),
        // Sequence 1 is the opening; the first decision or command comes after it.
        None => (load(store, chain.clone()).await?, 2),
    };
    let base = recorded.base;
    let format = recorded.format;
    let seqs = recorded.seqs.clone();
    let mut replayer = recorded.into_replayer();
    replayer
        .run_to_end()
        .map_err(|divergence| ResumeError::Diverges {
            chain: chain.clone(),
            divergence,
        })?;
    let taken = replayer.position().saturating_sub(base);
    // Nothing new taken in: read on from where this read began.
    let next_seq = taken
        .checked_sub(1)
        .and_then(|i| seqs.get(i))
        .map_or(read_from, |s| s + 1);
    let Snapshot {
        position,
        tournament,
    } = replayer.into_snapshot();
    Ok(Resume {
        tournament: Arc::new(tournament),
        position,
        next_seq,
        format,
    })
}
