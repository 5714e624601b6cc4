//! The storage trait every backend implements, and its typed errors.

use std::future::Future;
use std::pin::Pin;

use futures_core::Stream;
use thiserror::Error;

use crate::{ChainId, Checkpoint, EventHash, SealedEvent, Seq};

/// The last event of a chain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Head {
    pub seq: Seq,
    pub hash: EventHash,
}

/// An event as a backend returns it: the stored bytes and the hash stored beside them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredEvent {
    pub seq: Seq,
    pub hash: EventHash,
    /// The bytes as stored: what the hash covers.
    pub bytes: Vec<u8>,
    /// The event's own payload, when the stored one is sealed and a reader opened it
    /// ([`crate::secret::Disclosing`]); none otherwise.
    pub opened: Option<String>,
}

impl StoredEvent {
    /// An event as stored (nothing opened).
    pub fn stored(seq: Seq, hash: EventHash, bytes: Vec<u8>) -> StoredEvent {
        StoredEvent {
            seq,
            hash,
            bytes,
            opened: None,
        }
    }

    /// The envelope, with its payload opened when a reader opened it.
    pub fn envelope(&self) -> Result<crate::Envelope, serde_json::Error> {
        let mut env = crate::Envelope::parse(&self.bytes)?;
        if let Some(p) = &self.opened {
            env.payload = serde_json::value::RawValue::from_string(p.clone())?;
        }
        Ok(env)
    }
}

/// An append expected the chain to end at `expected` but it ends at `actual`: someone else
/// appended first. Nothing was written; reload and decide again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[error("append conflict: expected head {}, actual head {}", show(.expected), show(.actual))]
pub struct Conflict {
    pub expected: Option<Head>,
    pub actual: Option<Head>,
}

fn show(h: &Option<Head>) -> String {
    match h {
        Some(h) => format!("seq {} ({})", h.seq, &h.hash.to_hex()[..12]),
        None => "empty".into(),
    }
}

/// What a successful append leaves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AppendOutcome {
    pub head: Head,
}

/// A backend failed or refused.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error(transparent)]
    Conflict(#[from] Conflict),
    #[error(
        "events to append must continue the expected head: event {index} has seq {seq} and prev {prev}, expected seq {expected_seq} and prev {expected_prev}"
    )]
    Unlinked {
        index: usize,
        seq: Seq,
        prev: EventHash,
        expected_seq: Seq,
        expected_prev: EventHash,
    },
    #[error("nothing to append")]
    Empty,
    #[error("{what}")]
    Io {
        what: String,
        #[source]
        source: std::io::Error,
    },
    #[error("stored data of chain {chain} is unreadable at seq {seq}: {reason}")]
    Corrupt {
        chain: ChainId,
        seq: Seq,
        reason: String,
    },
    #[error("the store is locked by another process: {what}")]
    Locked { what: String },
    #[error("the store was opened read-only; appending needs the writer")]
    ReadOnly,
    #[error(
        "an append of {bytes} bytes is more than the store takes in one append ({limit} bytes)"
    )]
    TooLarge { bytes: usize, limit: usize },
    #[error("{what}")]
    Backend {
        what: String,
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl StoreError {
    pub fn io(what: impl Into<String>, source: std::io::Error) -> StoreError {
        StoreError::Io {
            what: what.into(),
            source,
        }
    }

    pub fn backend(
        what: impl Into<String>,
        source: impl std::error::Error + Send + Sync + 'static,
    ) -> StoreError {
        StoreError::Backend {
            what: what.into(),
            source: Box::new(source),
        }
    }

    /// Checks that `events` continue `expected` one by one; every backend calls this before
    /// writing anything, so that a badly sealed batch is refused whole.
    pub fn check_linked(expected: Option<Head>, events: &[SealedEvent]) -> Result<(), StoreError> {
        if events.is_empty() {
            return Err(StoreError::Empty);
        }
        let (mut seq, mut prev) = match expected {
            Some(h) => (h.seq.next(), h.hash),
            None => (Seq::FIRST, EventHash::GENESIS),
        };
        for (index, e) in events.iter().enumerate() {
            if e.seq != seq || e.prev != prev {
                return Err(StoreError::Unlinked {
                    index,
                    seq: e.seq,
                    prev: e.prev,
                    expected_seq: seq,
                    expected_prev: prev,
                });
            }
            seq = seq.next();
            prev = e.hash;
        }
        Ok(())
    }
}

/// A stream of stored events, in order.
pub type EventStream = Pin<Box<dyn Stream<Item = Result<StoredEvent, StoreError>> + Send>>;

/// An append-only store of hash chains. Implementations: the embedded store (default, one
/// machine) and NATS JetStream. One conformance suite (`floorbook-e2e`) runs against both.
pub trait EventStore: Send + Sync {
    /// Appends `events` if and only if the chain currently ends at `expected` (None: empty).
    /// All or nothing; on success every event is durable before this returns.
    fn append(
        &self,
        chain: &ChainId,
        expected: Option<Head>,
        events: Vec<SealedEvent>,
    ) -> impl Future<Output = Result<AppendOutcome, StoreError>> + Send;

    /// The chain's last event as stored, or None for an empty chain.
    fn head(
        &self,
        chain: &ChainId,
    ) -> impl Future<Output = Result<Option<Head>, StoreError>> + Send;

    /// Up to `limit` events from `from` on, in order.
    fn read(
        &self,
        chain: &ChainId,
        from: Seq,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<StoredEvent>, StoreError>> + Send;

    /// Every chain that has at least one event.
    fn chains(&self) -> impl Future<Output = Result<Vec<ChainId>, StoreError>> + Send;

    /// Events from `from` on: first those already stored, then each new one as it is appended.
    fn follow(
        &self,
        chain: &ChainId,
        from: Seq,
    ) -> impl Future<Output = Result<EventStream, StoreError>> + Send;

    /// Publishes a signed checkpoint beside the chain (never inside it), durably.
    fn publish_checkpoint(
        &self,
        checkpoint: &Checkpoint,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Every checkpoint published for `chain`, oldest first.
    fn checkpoints(
        &self,
        chain: &ChainId,
    ) -> impl Future<Output = Result<Vec<Checkpoint>, StoreError>> + Send;

    /// Keeps the answers a writer gave to requests with ids beside the chain (never inside
    /// it), durably, one opaque record each: a refusal writes nothing to the chain, and the
    /// next writer (after a restart or a takeover) must give the same answer again.
    fn keep_answers(
        &self,
        chain: &ChainId,
        answers: Vec<Vec<u8>>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The answers kept for `chain`, oldest first: at least the latest [`KEPT_ANSWERS`].
    fn answers(
        &self,
        chain: &ChainId,
    ) -> impl Future<Output = Result<Vec<Vec<u8>>, StoreError>> + Send;

    /// Appends `batch` to the record of the venue's transparency log (beside the chains, never
    /// inside them; opaque here), durably, if and only if the record holds `after` batches:
    /// false, with nothing written, when another keeper appended first. A retry of a batch
    /// already stored at `after + 1` is true.
    fn append_log_batch(
        &self,
        after: u64,
        batch: Vec<u8>,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;

    /// Up to `limit` batches of the log's record after the first `after`, in order.
    fn log_batches(
        &self,
        after: u64,
        limit: usize,
    ) -> impl Future<Output = Result<Vec<Vec<u8>>, StoreError>> + Send;
}

/// How many of a chain's latest answers a store keeps at least (see
/// [`EventStore::keep_answers`]); older ones may be dropped.
pub const KEPT_ANSWERS: usize = 4096;

/// Why no one chain was picked.
#[derive(Debug, Error)]
pub enum PickError {
    #[error(transparent)]
    Name(#[from] crate::IdError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("the store holds no chain")]
    None,
    #[error("the store holds {} chains; pick one with --chain: {}", .0.len(), .0.iter().map(ChainId::as_str).collect::<Vec<_>>().join(", "))]
    Many(Vec<ChainId>),
}

/// The chain `named`, else the only one `store` holds.
pub async fn pick_chain<S: EventStore + ?Sized>(
    store: &S,
    named: Option<&str>,
) -> Result<ChainId, PickError> {
    if let Some(name) = named {
        return Ok(ChainId::new(name)?);
    }
    let mut chains = store.chains().await?;
    match chains.len() {
        0 => Err(PickError::None),
        1 => Ok(chains.remove(0)),
        _ => Err(PickError::Many(chains)),
    }
}
