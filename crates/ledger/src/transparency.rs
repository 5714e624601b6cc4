//! The venue's transparency log fed from the store: every chain's events, each once, in order
//! (`docs/transparency.md`).

use floorbook_log::{ChainId, EventStore, Seq, StoreError, StoredEvent};
use floorbook_tlog::{Batch, Leaf, LogKey, Receipt, TlogError, VenueLog};

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
    #[error("chain {chain} has no event {seq}")]
    NoEvent { chain: ChainId, seq: u64 },
    #[error(
        "chain {chain} has no finished hand {hand}: a receipt is given for a hand once it is over"
    )]
    NoHand { chain: ChainId, hand: u64 },
}

/// The leaf of `chain`'s stored event `e`.
pub fn leaf_of(chain: &ChainId, e: &StoredEvent) -> Result<Leaf, FeedError> {
    leaf_and_type(chain, e).map(|(leaf, _)| leaf)
}

/// The leaf of `chain`'s stored event `e`, and the event's type: read from the envelope's
/// own fields alone (the payload is skipped, not parsed).
fn leaf_and_type(chain: &ChainId, e: &StoredEvent) -> Result<(Leaf, String), FeedError> {
    #[derive(serde::Deserialize)]
    struct Fields {
        prev: floorbook_log::EventHash,
        at: chrono::DateTime<chrono::Utc>,
        #[serde(rename = "type")]
        event_type: String,
    }
    let f: Fields = serde_json::from_slice(&e.bytes).map_err(|err| FeedError::Event {
        chain: chain.clone(),
        seq: e.seq.0,
        why: format!("its envelope does not read: {err}"),
    })?;
    Ok((
        Leaf {
            chain: chain.as_str().to_string(),
            seq: e.seq.0,
            at_ms: f.at.timestamp_millis(),
            event: e.hash.0,
            previous: f.prev.0,
        },
        f.event_type,
    ))
}

/// The sequence of the event that finished hand `hand` of `chain` (a tournament's or a cash
/// room's: both number their hands once per chain).
pub async fn hand_end<S: EventStore>(
    store: &S,
    chain: &ChainId,
    hand: u64,
) -> Result<u64, FeedError> {
    #[derive(serde::Deserialize)]
    struct Finished {
        hand: u64,
    }
    let mut next = Seq::FIRST;
    loop {
        let page = store.read(chain, next, 1_000).await?;
        let Some(last) = page.last() else {
            return Err(FeedError::NoHand {
                chain: chain.clone(),
                hand,
            });
        };
        next = last.seq.next();
        for e in &page {
            let Ok(env) = e.envelope() else { continue };
            if env.event_type == "HandFinished"
                && serde_json::from_str::<Finished>(env.payload.get()).is_ok_and(|f| f.hand == hand)
            {
                return Ok(e.seq.0);
            }
        }
    }
}

/// A receipt for `chain`'s event `seq`. It is proved into the checkpoint kept (with the
/// witnesses' cosignatures it gathered) when that covers the event; otherwise the log is fed
/// and a new checkpoint signed with `key`.
pub async fn receipt<S: EventStore>(
    store: &S,
    log: &mut VenueLog,
    key: &LogKey,
    chain: &ChainId,
    seq: u64,
    write: bool,
) -> Result<Receipt, FeedError> {
    let event = event_of(store, chain, seq).await?;
    receipt_with(store, log, key, chain, &event, write, &[]).await
}

/// The stored event `seq` of `chain`: what a receipt's leaf is made of (read before the log is
/// held, so that receipts wait for each other only for the log's own work).
pub async fn event_of<S: EventStore>(
    store: &S,
    chain: &ChainId,
    seq: u64,
) -> Result<StoredEvent, FeedError> {
    store
        .read(chain, Seq(seq), 1)
        .await?
        .into_iter()
        .next()
        .filter(|e| e.seq.0 == seq)
        .ok_or_else(|| FeedError::NoEvent {
            chain: chain.clone(),
            seq,
        })
}

/// [`receipt`] of `event` (`chain`'s, as stored), feeding with `chain`'s the new events of the
/// chains `waiting` names when the log must be fed (receipts asked for at once are made from
/// one feed and one checkpoint); the events each comes with (just appended, in order) are
/// taken without reading them back.
pub async fn receipt_with<S: EventStore>(
    store: &S,
    log: &mut VenueLog,
    key: &LogKey,
    chain: &ChainId,
    event: &StoredEvent,
    write: bool,
    waiting: &[(ChainId, Vec<StoredEvent>)],
) -> Result<Receipt, FeedError> {
    let seq = event.seq.0;
    let leaf = leaf_of(chain, event)?.to_bytes()?;
    if log.find(chain.as_str(), seq).is_none() {
        let mut chains = waiting.to_vec();
        if !chains.iter().any(|(c, _)| c == chain) {
            chains.push((chain.clone(), Vec::new()));
        }
        feed_chains(store, log, write, Some(&chains), true).await?;
    }
    let index = log
        .find(chain.as_str(), seq)
        .ok_or_else(|| FeedError::NoEvent {
            chain: chain.clone(),
            seq,
        })?;
    let (size, checkpoint) = match log.kept_checkpoint(key) {
        Some(cp) if cp.size > index => (cp.size, cp.note),
        _ => {
            let cp = log.sign(key)?;
            (cp.size, cp.note)
        }
    };
    let proof = log.tree().inclusion(index, size)?;
    // The store's event must be the one the log took: a chain rewritten below what the log
    // holds gets no receipt.
    floorbook_tlog::verify_inclusion(
        &proof,
        index,
        size,
        log.tree().root(size)?,
        floorbook_tlog::leaf_hash(&leaf),
    )
    .map_err(|_| FeedError::Event {
        chain: chain.clone(),
        seq,
        why: "it is not the event the transparency log took: the chain was rewritten after the log held it".into(),
    })?;
    Ok(Receipt {
        leaf,
        index,
        proof,
        checkpoint,
    })
}

/// The record's batches read at a time.
const RECORD_PAGE: usize = 64;
/// A batch's leaves at most: a batch stays well under a NATS message's limit (a leaf is about
/// 90 to 350 bytes).
const BATCH_LEAVES: usize = 1_000;
/// How often a keeper that keeps finding the record moved on by others tries again.
const ATTEMPTS: usize = 100;

/// Takes into `log` the batches of the store's record it does not hold yet; how many leaves.
pub async fn catch_up<S: EventStore>(store: &S, log: &mut VenueLog) -> Result<u64, FeedError> {
    let mut added = 0;
    loop {
        let page = store.log_batches(log.record(), RECORD_PAGE).await?;
        if page.is_empty() {
            return Ok(added);
        }
        for bytes in page {
            let batch = Batch::from_bytes(&bytes)?;
            let before = log.len();
            log.take(&batch)?;
            added += log.len() - before;
        }
    }
}

/// Brings `log` up to the store: first the batches of the store's record it does not hold
/// (taken by any keeper), then, when `write`, every event of every chain that the log does
/// not hold yet (the chains in name order, each chain's events in order), appended to the
/// record in batches, each only after the last one this keeper knew (a keeper that finds the
/// record moved on takes what the other appended and tries again), then taken into `log` and
/// made durable. Says how many leaves it added and how many of the events it appended close
/// something. A chain whose stored events do not link to what the log holds is refused: the
/// log never takes a rewritten chain.
pub async fn feed<S: EventStore>(
    store: &S,
    log: &mut VenueLog,
    write: bool,
) -> Result<Fed, FeedError> {
    feed_chains(store, log, write, None, true).await
}

/// [`feed`] with the chains' new events read already (`given`, each chain's in order): the
/// log takes them after the record's batches, reading from the store only what comes before
/// the events given of a chain, if the log lacks it.
pub async fn feed_given<S: EventStore>(
    store: &S,
    log: &mut VenueLog,
    write: bool,
    given: &[(ChainId, Vec<StoredEvent>)],
) -> Result<Fed, FeedError> {
    feed_chains(store, log, write, Some(given), true).await
}

/// [`feed_given`] for receipts asked for: the record is read only when it moved on under this
/// copy (its append refused), not before every append.
pub async fn feed_for_receipts<S: EventStore>(
    store: &S,
    log: &mut VenueLog,
    given: &[(ChainId, Vec<StoredEvent>)],
) -> Result<Fed, FeedError> {
    feed_chains(store, log, true, Some(given), false).await
}

/// [`feed`], appending the new events of `only` these chains when given (a receipt needs its
/// own chain's, not a read of every chain), each up to the last of the events it comes with
/// (those taken as given, what comes before them read from the store).
async fn feed_chains<S: EventStore>(
    store: &S,
    log: &mut VenueLog,
    write: bool,
    only: Option<&[(ChainId, Vec<StoredEvent>)]>,
    read_first: bool,
) -> Result<Fed, FeedError> {
    let mut fed = Fed::default();
    'attempt: for attempt in 0..ATTEMPTS {
        // Unless `read_first`, the events given (a receipt's) are appended after what this
        // copy holds without reading the record first: the append is taken only after the
        // record's last batch this copy knows, so a record that moved on refuses it and the
        // next attempt reads it.
        if attempt > 0 || read_first || !write {
            fed.added += catch_up(store, log).await?;
        }
        if !write {
            return Ok(fed);
        }
        let mut pending: Vec<(Leaf, bool)> = Vec::new();
        let chains: Vec<(ChainId, Vec<StoredEvent>)> = match only {
            Some(c) => c.to_vec(),
            None => store
                .chains()
                .await?
                .into_iter()
                .map(|c| (c, Vec::new()))
                .collect(),
        };
        for (chain, known) in chains {
            let mut from = log.next_seq(chain.as_str());
            let mut last = log.last_of(chain.as_str());
            loop {
                // The events given, from the one the log takes next; before them, the store's.
                let (page, given) = match known.iter().position(|e| e.seq.0 == from) {
                    Some(i) => (known[i..].to_vec(), true),
                    None if known.last().is_some_and(|e| e.seq.0 < from) => break,
                    None => {
                        let gap = known
                            .first()
                            .map_or(1_000, |e| e.seq.0.saturating_sub(from).clamp(1, 1_000));
                        let limit = usize::try_from(gap).unwrap_or(1_000);
                        (store.read(&chain, Seq(from), limit).await?, false)
                    }
                };
                if page.is_empty() {
                    break;
                }
                for e in &page {
                    let (leaf, event_type) = leaf_and_type(&chain, e)?;
                    if leaf.seq != from || (leaf.seq > 1 && leaf.previous != last) {
                        return Err(FeedError::Event {
                            chain: chain.clone(),
                            seq: e.seq.0,
                            why: "it does not follow the event the log holds: a chain's events enter the log in order, each linked to the one before".into(),
                        });
                    }
                    from += 1;
                    last = leaf.event;
                    pending.push((leaf, CLOSING.contains(&event_type.as_str())));
                    if pending.len() >= BATCH_LEAVES {
                        if !append(store, log, &pending, &mut fed).await? {
                            continue 'attempt;
                        }
                        pending.clear();
                    }
                }
                if given {
                    // Up to the last event given: the rest comes with the next round.
                    break;
                }
            }
        }
        if !pending.is_empty() && !append(store, log, &pending, &mut fed).await? {
            continue 'attempt;
        }
        return Ok(fed);
    }
    Err(FeedError::Log(floorbook_tlog::TlogError::Record(format!(
        "the record moved on under every one of {ATTEMPTS} appends: other keepers are writing faster than this one reads"
    ))))
}

/// Appends `leaves` to the store's record as one batch and takes it into `log`: false, with
/// nothing taken, when the record had moved on.
async fn append<S: EventStore>(
    store: &S,
    log: &mut VenueLog,
    leaves: &[(Leaf, bool)],
    fed: &mut Fed,
) -> Result<bool, FeedError> {
    let just: Vec<Leaf> = leaves.iter().map(|(l, _)| l.clone()).collect();
    let batch = log.prepare(&just)?;
    if !store
        .append_log_batch(log.record(), batch.to_bytes())
        .await?
    {
        return Ok(false);
    }
    log.take(&batch)?;
    fed.added += leaves.len() as u64;
    fed.closing += leaves.iter().filter(|(_, c)| *c).count() as u64;
    Ok(true)
}

/// The events after which the log signs a checkpoint at once: a hand finished, a table broken,
/// a tournament over, a prize paid out (as the service signs the chains' heads).
pub const CLOSING: [&str; 4] = ["HandFinished", "TableBroken", "Finished", "PrizePaid"];

/// What one [`feed`] added.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fed {
    /// Events taken into the log.
    pub added: u64,
    /// Of them, events that close something ([`CLOSING`]).
    pub closing: u64,
}
