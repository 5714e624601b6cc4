//! Replay snapshots: the re-derived state stored every [`SNAPSHOT_EVERY`] tournament events
//! beside the projections, so that `explain` and `replay` resume near the point they are asked
//! about instead of re-deriving the chain from its start. The snapshots are a cache: dropped,
//! they are made again from the log.

use floorbook_log::{ChainId, EventStore, Seq};
use floorbook_projections::{ProjectionError, Projector};
use floorbook_tournament::rederive::Snapshot;

use crate::SNAPSHOT_EVERY;
use crate::reader::{LoadError, Recorded, load, load_from, load_until, read_events};

mod format1;

/// How many sequences one window of [`update_snapshots`] reads.
const SNAPSHOT_WINDOW: u64 = 60_000;

/// How far past the asked event [`load_near`] reads at first; it reads on, twice as far each
/// time, until it holds what the question needs.
const FIRST_READ: u64 = 64;

/// Snapshots cannot be read, made or stored.
#[derive(Debug, thiserror::Error)]
pub enum SnapshotError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error("the replay snapshots: {0}")]
    Projections(#[from] ProjectionError),
    #[error(transparent)]
    Store(#[from] floorbook_log::StoreError),
    #[error("a stored replay snapshot does not read (drop the projections to make it again): {0}")]
    Decode(#[from] serde_json::Error),
}

/// Brings the stored replay snapshots of `chain` up to the log: re-derives from the latest
/// one (or the start) and stores the state every [`SNAPSHOT_EVERY`] events. Stops quietly at
/// a divergence: `explain` and `audit` report it. Returns the snapshots written.
pub async fn update_snapshots<S: EventStore>(
    projector: &mut Projector,
    store: &S,
    chain: &ChainId,
) -> Result<usize, SnapshotError> {
    // A cash room's day is re-derived from its start (no snapshots); a league's chain and
    // the member register are not re-derived at all.
    if !crate::reader::is_tournament(store, chain).await? {
        return Ok(0);
    }
    let head = store
        .head(chain)
        .await
        .map_err(LoadError::from)?
        .map_or(0, |h| h.seq.0);
    let mut written = 0;
    // Window by window, so that memory holds one window of events and not the chain: each
    // window is read from the latest snapshot and re-derived as far as it goes; the next
    // starts from the last snapshot it stored (a command cut off at a window's end is read
    // whole by the next one).
    loop {
        let last = projector.snapshot_before(chain, None)?;
        let from = last.as_ref().map_or(2, |(_, next_seq, _)| *next_seq);
        let until = from.saturating_add(SNAPSHOT_WINDOW);
        let window = (until < head).then_some(until);
        let rec = match last {
            None => load_until(store, chain.clone(), window).await?,
            Some((_, next_seq, state)) => {
                load_from(
                    store,
                    chain.clone(),
                    serde_json::from_str(&state)?,
                    next_seq,
                    window,
                )
                .await?
            }
        };
        let mut r = rec.replayer();
        let mut last_pos = r.position();
        let end = rec.seqs.last().map_or(1, |s| s + 1);
        let before = written;
        while let Ok(Some(_)) = r.step() {
            let p = r.position();
            if p >= last_pos + SNAPSHOT_EVERY {
                // Read on from just after the last decision taken in: a command entered after
                // it (one that decided nothing, or the next one) is read again and decided
                // there.
                let next_seq = rec.seq_of(p - 1).map_or(end, |s| s + 1);
                projector.put_snapshot(
                    chain,
                    p as u64,
                    next_seq,
                    &serde_json::to_string(&r.snapshot())?,
                )?;
                last_pos = p;
                written += 1;
            }
        }
        // The chain's end reached, or a window that added nothing (a divergence: `explain`
        // and `audit` report it).
        if window.is_none() || written == before {
            break;
        }
    }
    Ok(written)
}

/// What a question about `seq` needs: the events from the latest stored snapshot before it
/// (or the start) through the last decision of the command that caused it: up to the next
/// command entered after it (format 2), or as far as `format1` reads ahead.
pub async fn load_near<S: EventStore>(
    projector: &Projector,
    store: &S,
    chain: ChainId,
    seq: Option<u64>,
) -> Result<Recorded, SnapshotError> {
    let head = store.head(&chain).await.map_err(LoadError::from)?;
    // A question about the whole chain, or about a sequence it does not hold (whose answer
    // names the range it does), reads all of it.
    let Some(seq) = seq.filter(|s| (2..=head.map_or(0, |h| h.seq.0)).contains(s)) else {
        return Ok(load(store, chain).await?);
    };
    let stored = stored_before(projector, &chain, seq)?;
    read_near(store, chain, seq, stored).await
}

/// The latest replay snapshot `projector` holds before `seq`, and the sequence to read on
/// from after it.
pub fn stored_before(
    projector: &Projector,
    chain: &ChainId,
    seq: u64,
) -> Result<Option<(Snapshot, u64)>, SnapshotError> {
    match projector.snapshot_before(chain, Some(seq))? {
        Some((_, next_seq, state)) => Ok(Some((serde_json::from_str(&state)?, next_seq))),
        None => Ok(None),
    }
}

/// [`load_near`] for a `seq` the chain holds, from `stored` ([`stored_before`]).
pub async fn read_near<S: EventStore>(
    store: &S,
    chain: ChainId,
    seq: u64,
    stored: Option<(Snapshot, u64)>,
) -> Result<Recorded, SnapshotError> {
    let head = store.head(&chain).await.map_err(LoadError::from)?;
    let window = Some(seq.saturating_add(FIRST_READ));
    let mut rec = match stored {
        Some((snapshot, next_seq)) => load_from(store, chain, snapshot, next_seq, window).await?,
        // Before the first snapshot: from the start, as far as the question needs.
        None => load_until(store, chain, window).await?,
    };
    // Read so far: through `read_to` (the store holds nothing past its head).
    let read_to = seq.saturating_add(FIRST_READ);
    if rec.format < 2 {
        // A chain that recorded no commands: they are read back from the decisions after.
        let end = format1::window_end(seq, &rec.seqs, &rec.events);
        if end > read_to {
            read_more(store, &mut rec, read_to, end).await?;
        }
        return Ok(rec);
    }
    // The decisions of the command behind `seq` end where the next command entered begins.
    let head = head.map_or(0, |h| h.seq.0);
    let (mut read_to, mut more) = (read_to, FIRST_READ);
    while rec.entered_seqs.last().is_none_or(|s| *s <= seq) && read_to < head {
        let until = read_to.saturating_add(more);
        read_more(store, &mut rec, read_to, until).await?;
        (read_to, more) = (until, more.saturating_mul(2));
    }
    Ok(rec)
}

/// Reads on from after `read_to` through `until` into `rec`.
async fn read_more<S: EventStore>(
    store: &S,
    rec: &mut Recorded,
    read_to: u64,
    until: u64,
) -> Result<(), SnapshotError> {
    let base = rec.base + rec.events.len();
    let more = read_events(store, &rec.chain, Seq(read_to + 1), Some(until), base).await?;
    rec.seqs.extend(more.seqs);
    rec.events.extend(more.events);
    rec.entered.extend(more.entered);
    rec.entered_seqs.extend(more.entered_seqs);
    Ok(())
}
