//! The venue's transparency log fed from the store: every chain's events, each once, in order
//! (`docs/transparency.md`).

use floorbook_log::{ChainId, EventStore, Seq, StoreError};
use floorbook_tlog::{Leaf, TlogError, VenueLog};

/// Why the log could not be fed.
#[derive(Debug, thiserror::Error)]
pub enum FeedError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Log(#[from] TlogError),
    #[error("chain {chain} event {seq}: {why}")]
    Event {
        chain: ChainId,
        seq: u64,
        why: String,
    },
}

/// Appends to `log` every event of every chain in `store` that it does not hold yet (the
/// chains in name order, each chain's events in order), makes them durable, and says how
/// many it added. A chain whose stored events do not link to what the log holds is refused:
/// the log never takes a rewritten chain.
pub async fn feed<S: EventStore>(store: &S, log: &mut VenueLog) -> Result<u64, FeedError> {
    let mut added = 0u64;
    for chain in store.chains().await? {
        loop {
            let from = log.next_seq(chain.as_str());
            let batch = store.read(&chain, Seq(from), 1_000).await?;
            if batch.is_empty() {
                break;
            }
            for e in &batch {
                let env = e.envelope().map_err(|err| FeedError::Event {
                    chain: chain.clone(),
                    seq: e.seq.0,
                    why: format!("its envelope does not read: {err}"),
                })?;
                let leaf = Leaf {
                    chain: chain.as_str().to_string(),
                    seq: e.seq.0,
                    at_ms: env.at.timestamp_millis(),
                    event: e.hash.0,
                    previous: env.prev.0,
                };
                log.append(&leaf).map_err(|err| FeedError::Event {
                    chain: chain.clone(),
                    seq: e.seq.0,
                    why: err.to_string(),
                })?;
                added += 1;
            }
        }
    }
    log.sync()?;
    Ok(added)
}
