//! The venue's transparency log kept beside a running service: fed from the store as the
//! chains move, a checkpoint signed at once after a hand ends, a table breaks, a tournament
//! ends or a prize is paid, and every few seconds while chains move, each submitted to the
//! witnesses; receipts are made from the last checkpoint, with its cosignatures.

use std::time::{Duration, Instant};

use floorbook_ledger::transparency::{self, FeedError};
use floorbook_log::{ChainId, EventStore, StoredEvent};
use floorbook_tlog::{LogKey, Receipt, VenueLog};

use crate::witness::{Answer, WitnessAt, gather};

/// The most events one round reads from the chains (the rest come with the next round).
pub const ROUND_EVENTS: usize = 20_000;

/// A checkpoint the keeper signed.
#[derive(Debug, Clone, PartialEq)]
pub struct Signed {
    pub size: u64,
    /// The witnesses' answers.
    pub answers: Vec<(WitnessAt, Answer)>,
}

/// The log and what it needs to sign and be witnessed.
#[derive(Debug)]
pub struct Keeper {
    log: tokio::sync::Mutex<VenueLog>,
    key: LogKey,
    witnesses: Vec<WitnessAt>,
    every: Duration,
    /// Whether this keeper appends the chains' events to the store's record (else it takes
    /// what other keepers appended).
    writes: bool,
    /// Whether the last round left events to read (it read [`ROUND_EVENTS`]).
    behind: std::sync::atomic::AtomicBool,
    /// When a checkpoint was last signed here, whether leaves came in since, and the size it
    /// was of.
    pending: std::sync::Mutex<(Instant, bool, u64)>,
    /// The events desks in this process appended that no round has taken yet.
    given: std::sync::Mutex<Given>,
}

/// The events desks in this process appended, by chain, in order: a round takes them without
/// reading them back from the store, and reads every chain (what other writers appended) only
/// once per checkpoint interval.
#[derive(Debug, Default)]
struct Given {
    chains: std::collections::HashMap<ChainId, Vec<StoredEvent>>,
    /// When a round last read every chain.
    swept: Option<Instant>,
    /// Whether desks here offer their events: until they do, every round reads every chain.
    offered: bool,
}

/// The events kept per chain for the next round at most (older ones are read back).
const GIVEN: usize = 20_000;

impl Keeper {
    /// A keeper of `log` signing with `key`: a checkpoint at once after a closing event, else
    /// at most `every` after leaves came in. One that `writes` appends the chains' events to
    /// the store's record; one that does not only takes the record's batches.
    pub fn new(
        log: VenueLog,
        key: LogKey,
        witnesses: Vec<WitnessAt>,
        every: Duration,
        writes: bool,
    ) -> Keeper {
        Keeper {
            log: tokio::sync::Mutex::new(log),
            key,
            witnesses,
            every,
            writes,
            behind: std::sync::atomic::AtomicBool::new(false),
            pending: std::sync::Mutex::new((Instant::now(), false, 0)),
            given: Default::default(),
        }
    }

    /// A desk in this process appended `events` to `chain` (in order): the next round takes
    /// them as given. A run that does not follow on from those kept (another writer's events
    /// between) replaces them; the round reads the gap from the store.
    pub fn offer(&self, chain: &ChainId, events: &[StoredEvent]) {
        if !self.writes || events.is_empty() {
            return;
        }
        let mut g = self.given.lock().unwrap_or_else(|e| e.into_inner());
        g.offered = true;
        keep_run(g.chains.entry(chain.clone()).or_default(), events, GIVEN);
    }

    pub fn vkey(&self) -> &str {
        self.key.vkey()
    }

    /// Whether the last round left events for the next (a round reads [`ROUND_EVENTS`] at
    /// most): the next goes at once.
    pub fn behind(&self) -> bool {
        self.behind.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Takes what the chains added since, and signs (and has witnessed) a checkpoint when one
    /// is due.
    pub async fn round<S: EventStore>(&self, store: &S) -> Result<Option<Signed>, FeedError> {
        // The chains are read without holding the log, so receipts asked for meanwhile wait
        // only for the log's own work.
        let gathered = if self.writes {
            self.new_events(store).await?
        } else {
            Vec::new()
        };
        let mut log = self.log.lock().await;
        let fed = transparency::feed_given(store, &mut log, self.writes, &gathered).await?;
        let due = {
            let mut p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
            // Receipts feed the log too: the tree grown since this keeper's last checkpoint is
            // what is due (for the witnesses, whom receipts do not ask).
            p.1 |= fed.added > 0 || log.tree().size() > p.2;
            let due = p.1 && (fed.closing > 0 || p.0.elapsed() >= self.every);
            if due {
                *p = (Instant::now(), false, log.tree().size());
            }
            due
        };
        if !due {
            return Ok(None);
        }
        let note = log.checkpoint(&self.key)?;
        let size = log.tree().size();
        let mut answers = Vec::new();
        if !self.witnesses.is_empty() {
            let (cosigned, said) = gather(log.tree(), size, &note, &self.witnesses).await;
            log.keep_checkpoint(&cosigned)?;
            // A witness not reached is asked again after the interval.
            if said.iter().any(|(_, a)| matches!(a, Answer::Failed(_))) {
                let mut p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
                p.1 = true;
            }
            answers = said;
        }
        Ok(Some(Signed { size, answers }))
    }

    /// The chains' events the log does not hold yet: those desks here appended, as given, and
    /// once per checkpoint interval every chain's read from the store (up to [`ROUND_EVENTS`]
    /// in all; what other writers appended, and what came before the events given).
    async fn new_events<S: EventStore>(
        &self,
        store: &S,
    ) -> Result<Vec<(ChainId, Vec<StoredEvent>)>, FeedError> {
        let (given, sweep) = {
            let mut g = self.given.lock().unwrap_or_else(|e| e.into_inner());
            let sweep = !g.offered || g.swept.is_none_or(|t| t.elapsed() >= self.every);
            (std::mem::take(&mut g.chains), sweep)
        };
        let mut out: Vec<(ChainId, Vec<StoredEvent>)> = given.into_iter().collect();
        out.sort_by(|a, b| a.0.cmp(&b.0));
        if !sweep {
            self.behind
                .store(false, std::sync::atomic::Ordering::Relaxed);
            return Ok(out);
        }
        let chains = store.chains().await?;
        let next: Vec<(ChainId, u64)> = {
            let log = self.log.lock().await;
            chains
                .into_iter()
                .filter(|c| !out.iter().any(|(g, _)| g == c))
                .map(|c| {
                    let n = log.next_seq(c.as_str());
                    (c, n)
                })
                .collect()
        };
        let mut total = 0;
        for (chain, from) in next {
            let events = store
                .read(&chain, floorbook_log::Seq(from), ROUND_EVENTS - total)
                .await?;
            if events.is_empty() {
                continue;
            }
            total += events.len();
            out.push((chain, events));
            if total >= ROUND_EVENTS {
                break;
            }
        }
        let behind = total >= ROUND_EVENTS;
        self.behind
            .store(behind, std::sync::atomic::Ordering::Relaxed);
        if !behind {
            let mut g = self.given.lock().unwrap_or_else(|e| e.into_inner());
            g.swept = Some(Instant::now());
        }
        Ok(out)
    }

    /// The receipt of `chain`'s event `seq` (its hand's last event for a hand's receipt).
    pub async fn receipt<S: EventStore>(
        &self,
        store: &S,
        chain: &ChainId,
        seq: u64,
    ) -> Result<Receipt, FeedError> {
        let mut log = self.log.lock().await;
        transparency::receipt(store, &mut log, &self.key, chain, seq, self.writes).await
    }

    /// The receipts asked for at once: the log fed once with every chain's events given (those
    /// just appended, taken without reading them back), one checkpoint signed for all; each
    /// answer sent to its asker.
    async fn receipts_for<S: EventStore>(&self, store: &S, asked: Vec<Asked>) {
        let mut log = self.log.lock().await;
        let mut given: Vec<(ChainId, Vec<StoredEvent>)> = Vec::new();
        for a in &asked {
            match given.iter_mut().find(|(c, _)| *c == a.chain) {
                Some((_, events)) => {
                    let after = events.last().map_or(0, |e| e.seq.0);
                    events.extend(a.recent.iter().filter(|e| e.seq.0 > after).cloned());
                }
                None => given.push((a.chain.clone(), a.recent.clone())),
            }
        }
        let fed = if asked
            .iter()
            .any(|a| log.find(a.chain.as_str(), a.event.seq.0).is_none())
        {
            // A receipt's events are appended without reading the record first (read only
            // when another keeper moved it on).
            if self.writes {
                transparency::feed_for_receipts(store, &mut log, &given).await
            } else {
                transparency::feed_given(store, &mut log, false, &given).await
            }
            .map(|_| ())
            .map_err(|e| e.to_string())
        } else {
            Ok(())
        };
        for a in asked {
            let answer = match &fed {
                Ok(()) => transparency::receipt_with(
                    store,
                    &mut log,
                    &self.key,
                    &a.chain,
                    &a.event,
                    self.writes,
                    &[],
                )
                .await
                .map_err(|e| e.to_string()),
                Err(why) => Err(why.clone()),
            };
            // An asker that gave up (its reply went without) is not waiting.
            let _ = a.answer.send(answer);
        }
    }

    /// How many events the log holds.
    pub async fn size(&self) -> u64 {
        self.log.lock().await.tree().size()
    }

    /// This log's witnesses whose valid cosignature `note` carries: each one's name and
    /// verifier key.
    pub fn cosigners(&self, note: &[u8]) -> Vec<(String, String)> {
        self.witnesses
            .iter()
            .filter(|w| floorbook_tlog::carries_cosignature(note, &w.vkey))
            .map(|w| {
                let name = w.vkey.split('+').next().unwrap_or(&w.vkey).to_string();
                (name, w.vkey.clone())
            })
            .collect()
    }

    /// The C2SP tile at `path` (`tile/…`), None when the log has no such tile (yet).
    pub async fn tile(&self, path: &str) -> Result<Option<Vec<u8>>, floorbook_tlog::TlogError> {
        self.log.lock().await.tile(path)
    }

    /// The checkpoint kept, as signed and cosigned.
    pub async fn checkpoint(&self) -> Option<Vec<u8>> {
        self.log
            .lock()
            .await
            .kept_checkpoint(&self.key)
            .map(|c| c.note)
    }
}

/// Keeps the log until the process ends: a round every `poll`; says what each checkpoint's
/// witnesses answered through `tracing`. A chain the log cannot take (rewritten under it) stops
/// the keeper with the error: the operator must look.
pub async fn follow<S: EventStore>(
    keeper: std::sync::Arc<Keeper>,
    store: S,
    poll: Duration,
) -> Result<(), FeedError> {
    loop {
        if let Some(signed) = keeper.round(&store).await? {
            tracing::info!(size = signed.size, "transparency log: checkpoint signed");
            for (w, answer) in &signed.answers {
                match answer {
                    Answer::Cosigned => tracing::info!(witness = %w.url, "cosigned"),
                    Answer::Refused { status, said } => {
                        tracing::error!(witness = %w.url, status, %said, "the witness REFUSED the checkpoint")
                    }
                    Answer::Failed(why) => {
                        tracing::warn!(witness = %w.url, %why, "no cosignature")
                    }
                }
            }
        }
        if !keeper.behind() {
            tokio::time::sleep(poll).await;
        }
    }
}

/// A receipt asked for by a desk: the event, the chain's events just appended, and where the
/// answer goes.
struct Asked {
    chain: ChainId,
    event: StoredEvent,
    recent: Vec<StoredEvent>,
    answer: tokio::sync::oneshot::Sender<Result<Receipt, String>>,
}

/// The receipts waiting, and whether a worker is making them.
#[derive(Default)]
struct Queue {
    waiting: Vec<Asked>,
    busy: bool,
}

/// The keeper with the store it feeds from, as desks ask it for finished hands' receipts: a
/// group commit, as the desk's appends are. Receipts asked for while others are being made
/// wait together; one worker then makes them all from one feed and one checkpoint, and no
/// asker waits for another's wake-up.
pub struct KeptReceipts<S> {
    keeper: std::sync::Arc<Keeper>,
    store: S,
    queue: std::sync::Arc<std::sync::Mutex<Queue>>,
    /// The events desks appended since a receipt last took them, by chain (the latest
    /// [`BUFFERED`] of each).
    buffered: std::sync::Mutex<std::collections::HashMap<ChainId, Vec<StoredEvent>>>,
}

/// The events kept per chain for its next receipt at most (older ones are read back).
const BUFFERED: usize = 1_000;

impl<S> std::fmt::Debug for KeptReceipts<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeptReceipts")
            .field("keeper", &self.keeper)
            .finish_non_exhaustive()
    }
}

impl<S> KeptReceipts<S> {
    pub fn new(keeper: std::sync::Arc<Keeper>, store: S) -> KeptReceipts<S> {
        KeptReceipts {
            keeper,
            store,
            queue: Default::default(),
            buffered: Default::default(),
        }
    }
}

impl<S: EventStore + Clone + 'static> KeptReceipts<S> {
    /// Makes the waiting receipts, batch by batch, until none wait.
    async fn work(
        keeper: std::sync::Arc<Keeper>,
        store: S,
        queue: std::sync::Arc<std::sync::Mutex<Queue>>,
    ) {
        loop {
            let asked = {
                let mut q = queue.lock().unwrap_or_else(|e| e.into_inner());
                if q.waiting.is_empty() {
                    q.busy = false;
                    return;
                }
                std::mem::take(&mut q.waiting)
            };
            keeper.receipts_for(&store, asked).await;
        }
    }
}

impl<S: EventStore + Clone + 'static> floorbook_service::receipts::Receipts for KeptReceipts<S> {
    fn receipt<'a>(
        &'a self,
        chain: &'a ChainId,
        seq: u64,
        recent: Vec<StoredEvent>,
    ) -> floorbook_service::receipts::ReceiptFuture<'a> {
        Box::pin(async move {
            // What the desks appended since the last receipt of this chain, up to the event.
            let recent = {
                let mut b = self.buffered.lock().unwrap_or_else(|e| e.into_inner());
                let mut kept = b.remove(chain).unwrap_or_default();
                let after = kept.last().map_or(0, |e| e.seq.0);
                kept.extend(recent.into_iter().filter(|e| e.seq.0 > after));
                kept
            };
            let event = match recent.iter().find(|e| e.seq.0 == seq) {
                Some(e) => e.clone(),
                None => transparency::event_of(&self.store, chain, seq)
                    .await
                    .map_err(|e| e.to_string())?,
            };
            let (answer, asked) = tokio::sync::oneshot::channel();
            let start = {
                let mut q = self.queue.lock().unwrap_or_else(|e| e.into_inner());
                q.waiting.push(Asked {
                    chain: chain.clone(),
                    event,
                    recent,
                    answer,
                });
                !std::mem::replace(&mut q.busy, true)
            };
            if start {
                tokio::spawn(Self::work(
                    self.keeper.clone(),
                    self.store.clone(),
                    self.queue.clone(),
                ));
            }
            asked
                .await
                .map_err(|_| "the transparency log's worker stopped".to_string())?
                .map(|r| String::from_utf8_lossy(&r.to_bytes()).into_owned())
        })
    }

    fn appended(&self, chain: &ChainId, events: &[StoredEvent]) {
        self.keeper.offer(chain, events);
        let mut b = self.buffered.lock().unwrap_or_else(|e| e.into_inner());
        keep_run(b.entry(chain.clone()).or_default(), events, BUFFERED);
    }
}

/// Adds a chain's `events` (in order) to those `kept` of it: only a run that follows on is
/// kept, so a gap (another writer's events between) replaces them and is read from the store
/// later; the latest `cap` stay.
fn keep_run(kept: &mut Vec<StoredEvent>, events: &[StoredEvent], cap: usize) {
    if kept
        .last()
        .is_some_and(|l| events.first().is_some_and(|f| f.seq.0 != l.seq.0 + 1))
    {
        kept.clear();
    }
    kept.extend_from_slice(events);
    if kept.len() > cap {
        let cut = kept.len() - cap;
        kept.drain(..cut);
    }
}

/// Keeps the log beside a service or the pages: `keeper` follows the chains in `store` on a
/// task of its own (half a second between rounds; an error that stops it is logged), and the
/// receipts it makes are given back for the desks' replies.
pub fn keep_beside<S: EventStore + Clone + Send + Sync + 'static>(
    keeper: std::sync::Arc<Keeper>,
    store: S,
) -> std::sync::Arc<KeptReceipts<S>> {
    let receipts = std::sync::Arc::new(KeptReceipts::new(keeper.clone(), store.clone()));
    tokio::spawn(async move {
        if let Err(e) = follow(keeper, store, Duration::from_millis(500)).await {
            tracing::error!(error = %e, "the transparency log stopped");
        }
    });
    receipts
}
