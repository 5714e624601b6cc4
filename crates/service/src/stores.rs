//! Either event store behind the one [`EventStore`] trait: the embedded store (one machine,
//! the default) or NATS JetStream, as a command line or a deployment chooses at start.

use floorbook_log::{
    AppendOutcome, ChainId, Checkpoint, EventStore, EventStream, Head, SealedEvent, Seq,
    StoreError, StoredEvent,
};
use floorbook_store_embedded::EmbeddedStore;
use floorbook_store_nats::NatsStore;

/// Either backend, behind the one trait.
#[derive(Debug, Clone)]
pub enum Backend {
    Embedded(EmbeddedStore),
    Nats(NatsStore),
}

macro_rules! both {
    ($self:ident, $s:ident => $e:expr) => {
        match $self {
            Backend::Embedded($s) => $e,
            Backend::Nats($s) => $e,
        }
    };
}

impl EventStore for Backend {
    async fn append(
        &self,
        chain: &ChainId,
        expected: Option<Head>,
        events: Vec<SealedEvent>,
    ) -> Result<AppendOutcome, StoreError> {
        both!(self, s => s.append(chain, expected, events).await)
    }

    async fn head(&self, chain: &ChainId) -> Result<Option<Head>, StoreError> {
        both!(self, s => s.head(chain).await)
    }

    async fn read(
        &self,
        chain: &ChainId,
        from: Seq,
        limit: usize,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        both!(self, s => s.read(chain, from, limit).await)
    }

    async fn chains(&self) -> Result<Vec<ChainId>, StoreError> {
        both!(self, s => s.chains().await)
    }

    async fn follow(&self, chain: &ChainId, from: Seq) -> Result<EventStream, StoreError> {
        both!(self, s => s.follow(chain, from).await)
    }

    async fn publish_checkpoint(&self, checkpoint: &Checkpoint) -> Result<(), StoreError> {
        both!(self, s => s.publish_checkpoint(checkpoint).await)
    }

    async fn checkpoints(&self, chain: &ChainId) -> Result<Vec<Checkpoint>, StoreError> {
        both!(self, s => s.checkpoints(chain).await)
    }

    async fn keep_answers(&self, chain: &ChainId, answers: Vec<Vec<u8>>) -> Result<(), StoreError> {
        both!(self, s => s.keep_answers(chain, answers).await)
    }

    async fn answers(&self, chain: &ChainId) -> Result<Vec<Vec<u8>>, StoreError> {
        both!(self, s => s.answers(chain).await)
    }

    async fn append_log_batch(&self, after: u64, batch: Vec<u8>) -> Result<bool, StoreError> {
        both!(self, s => s.append_log_batch(after, batch).await)
    }

    async fn log_batches(&self, after: u64, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        both!(self, s => s.log_batches(after, limit).await)
    }
}
