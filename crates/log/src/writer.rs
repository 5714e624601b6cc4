//! `ChainWriter`: the one writer of a chain, with signed checkpoints at intervals and at close.

use chrono::{DateTime, Utc};
use thiserror::Error;

use crate::{
    ChainId, Checkpoint, Draft, EnvelopeError, EventStore, Head, SealedEvent, ServiceKey,
    StoreError, seal_all_keeping,
};

/// A write failed.
#[derive(Debug, Error)]
pub enum WriteError {
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Appends to one chain from a known head, and signs the head every `every` events and when the
/// chain closes. Checkpoint times are the recorded time of the event that triggered them (an
/// input), so that the writer reads no clock.
#[derive(Debug)]
pub struct ChainWriter<S> {
    store: S,
    chain: ChainId,
    head: Option<Head>,
    key: Option<ServiceKey>,
    /// The secret drafts to be kept secret are sealed under (from the service key).
    secret: Option<crate::CardSecret>,
    every: u64,
}

impl<S: EventStore> ChainWriter<S> {
    /// A writer continuing the chain where the store says it ends.
    pub async fn open(
        store: S,
        chain: ChainId,
        key: Option<ServiceKey>,
        every: u64,
    ) -> Result<ChainWriter<S>, WriteError> {
        let head = store.head(&chain).await?;
        Ok(ChainWriter {
            store,
            chain,
            head,
            secret: key.as_ref().map(crate::CardSecret::of),
            key,
            every: every.max(1),
        })
    }

    pub fn head(&self) -> Option<Head> {
        self.head
    }

    pub fn chain(&self) -> &ChainId {
        &self.chain
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    /// The secret that drafts to be kept secret are sealed under (none without a service key).
    pub fn secret(&self) -> Option<&crate::CardSecret> {
        self.secret.as_ref()
    }

    /// Seals and appends `drafts` as one all-or-nothing append. Returns the checkpoint signed on
    /// the way, if an interval boundary was crossed.
    pub async fn append(&mut self, drafts: &[Draft]) -> Result<Option<Checkpoint>, WriteError> {
        Ok(self.append_sealed(drafts).await?.1)
    }

    /// As [`append`](Self::append), and returns the events as stored (seq, hash, bytes).
    pub async fn append_sealed(
        &mut self,
        drafts: &[Draft],
    ) -> Result<(Vec<SealedEvent>, Option<Checkpoint>), WriteError> {
        let (Some(last_draft), before) = (drafts.last(), self.head) else {
            return Ok((Vec::new(), None));
        };
        let sealed = seal_all_keeping(&self.chain, before, drafts, self.secret.as_ref())?;
        let head = self
            .store
            .append(&self.chain, before, sealed.clone())
            .await?
            .head;
        self.head = Some(head);
        let previous = before.map_or(0, |h| h.seq.0);
        if head.seq.0 / self.every > previous / self.every {
            return Ok((sealed, self.checkpoint(last_draft.at).await?));
        }
        Ok((sealed, None))
    }

    /// Reads the head from the store again (after a conflict: someone else appended).
    pub async fn reload(&mut self) -> Result<Option<Head>, WriteError> {
        self.head = self.store.head(&self.chain).await?;
        Ok(self.head)
    }

    /// Signs and publishes the current head (used when a chain closes).
    pub async fn checkpoint(
        &mut self,
        at: DateTime<Utc>,
    ) -> Result<Option<Checkpoint>, WriteError> {
        let (Some(key), Some(head)) = (&self.key, self.head) else {
            return Ok(None);
        };
        let cp = key.sign(&self.chain, head, at);
        self.store.publish_checkpoint(&cp).await?;
        Ok(Some(cp))
    }
}
