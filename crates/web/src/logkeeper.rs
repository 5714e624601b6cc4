//! The venue's transparency log kept beside a running service: fed from the store as the
//! chains move, a checkpoint signed at once after a hand ends, a table breaks, a tournament
//! ends or a prize is paid, and every few seconds while chains move, each submitted to the
//! witnesses; receipts are made from the last checkpoint, with its cosignatures.

use std::time::{Duration, Instant};

use floorbook_ledger::transparency::{self, FeedError};
use floorbook_log::{ChainId, EventStore};
use floorbook_tlog::{LogKey, Receipt, VenueLog};

use crate::witness::{Answer, WitnessAt, gather};

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
    /// When a checkpoint was last signed, and whether leaves came in since.
    pending: std::sync::Mutex<(Instant, bool)>,
}

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
            pending: std::sync::Mutex::new((Instant::now(), false)),
        }
    }

    pub fn vkey(&self) -> &str {
        self.key.vkey()
    }

    /// Takes what the chains added since, and signs (and has witnessed) a checkpoint when one
    /// is due.
    pub async fn round<S: EventStore>(&self, store: &S) -> Result<Option<Signed>, FeedError> {
        let mut log = self.log.lock().await;
        let fed = transparency::feed(store, &mut log, self.writes).await?;
        let due = {
            let mut p = self.pending.lock().unwrap_or_else(|e| e.into_inner());
            p.1 |= fed.added > 0;
            let due = p.1 && (fed.closing > 0 || p.0.elapsed() >= self.every);
            if due {
                *p = (Instant::now(), false);
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

    /// How many events the log holds.
    pub async fn size(&self) -> u64 {
        self.log.lock().await.tree().size()
    }

    /// The names of this log's witnesses whose valid cosignature `note` carries.
    pub fn cosigners(&self, note: &[u8]) -> Vec<String> {
        self.witnesses
            .iter()
            .filter(|w| floorbook_tlog::carries_cosignature(note, &w.vkey))
            .map(|w| w.vkey.split('+').next().unwrap_or(&w.vkey).to_string())
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
        tokio::time::sleep(poll).await;
    }
}

/// The keeper with the store it feeds from, as a desk asks it for a finished hand's receipt.
#[derive(Debug)]
pub struct KeptReceipts<S> {
    pub keeper: std::sync::Arc<Keeper>,
    pub store: S,
}

impl<S: EventStore + std::fmt::Debug> floorbook_service::receipts::Receipts for KeptReceipts<S> {
    fn receipt<'a>(
        &'a self,
        chain: &'a ChainId,
        seq: u64,
    ) -> floorbook_service::receipts::ReceiptFuture<'a> {
        Box::pin(async move {
            self.keeper
                .receipt(&self.store, chain, seq)
                .await
                .map(|r| String::from_utf8_lossy(&r.to_bytes()).into_owned())
                .map_err(|e| e.to_string())
        })
    }
}
