//! Following a live chain: the state after the last decision read, and where to read on from.
//! A reader that comes back after the chain moved on (a page, on a new head) re-derives only
//! what came after, and a head that added no decision (a refused command, a clock checked with
//! time left) leaves it where it was.

use std::sync::Arc;

use floorbook_log::{ChainId, EventStore};
use floorbook_tournament::engine::Tournament;
use floorbook_tournament::rederive::{Divergence, Snapshot};

use crate::reader::{LoadError, load, load_from};

/// Where a follower of a chain stands.
#[derive(Debug, Clone)]
pub struct Resume {
    /// The state after the last decision taken in.
    pub snapshot: Arc<Snapshot>,
    /// The sequence to read on from: just after the last decision taken in, so that a command
    /// entered after it that decided nothing yet is read again and decided then.
    pub next_seq: u64,
}

impl Resume {
    pub fn tournament(&self) -> &Tournament {
        &self.snapshot.tournament
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
/// it and re-derives it.
pub async fn catch_up<S: EventStore>(
    store: &S,
    chain: &ChainId,
    from: Option<&Resume>,
) -> Result<Resume, ResumeError> {
    let (recorded, read_from) = match from {
        Some(r) => (
            load_from(
                store,
                chain.clone(),
                (*r.snapshot).clone(),
                r.next_seq,
                None,
            )
            .await?,
            r.next_seq,
        ),
        // Sequence 1 is the opening; the first decision or command comes after it.
        None => (load(store, chain.clone()).await?, 2),
    };
    let base = recorded.base;
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
    Ok(Resume {
        snapshot: Arc::new(replayer.snapshot()),
        next_seq,
    })
}
