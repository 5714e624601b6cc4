//! Verifying a whole chain as a backend stores it.

use thiserror::Error;

use crate::{
    ChainId, ChainVerifier, EventHash, EventStore, Head, Seq, StoreError, VerifyError,
    VerifyErrorKind,
};

/// Why a stored chain does not verify.
#[derive(Debug, Error)]
pub enum ChainCheckError {
    #[error(transparent)]
    Broken(#[from] VerifyError),
    #[error(transparent)]
    Store(StoreError),
}

/// Reads `chain` from `store` page by page and recomputes every link. `on_event` sees each
/// verified sequence and its hash (to compare with a checkpoint). Stored data that cannot even
/// be framed is reported as a broken chain at its sequence.
pub async fn verify_chain<S: EventStore>(
    store: &S,
    chain: &ChainId,
    mut on_event: impl FnMut(Seq, EventHash),
) -> Result<Option<Head>, ChainCheckError> {
    let mut verifier = ChainVerifier::new(chain.clone());
    let mut next = Seq::FIRST;
    loop {
        let page = read_page(store, chain, next).await?;
        let Some(last) = page.last() else {
            return Ok(verifier.head());
        };
        next = last.seq.next();
        for e in &page {
            let hash = verifier.push(&e.bytes, Some(&e.hash))?;
            on_event(e.seq, hash);
        }
    }
}

/// A page of `chain` from `next` on; stored data that cannot even be framed is a broken chain
/// at its sequence.
async fn read_page<S: EventStore>(
    store: &S,
    chain: &ChainId,
    next: Seq,
) -> Result<Vec<crate::StoredEvent>, ChainCheckError> {
    match store.read(chain, next, crate::PAGE).await {
        Ok(p) => Ok(p),
        Err(StoreError::Corrupt { seq, reason, .. }) => Err(ChainCheckError::Broken(VerifyError {
            chain: chain.clone(),
            seq,
            kind: VerifyErrorKind::Malformed { reason },
        })),
        Err(e) => Err(ChainCheckError::Store(e)),
    }
}

/// [`verify_chain`], and every checkpoint the store holds for `chain` held to the log: the
/// event at each signed position must have the signed hash (else the log was rewritten), and
/// the log must reach every signed position (else it was cut). What `floorbook verify` checks,
/// for every other reader that must refuse what it refuses (`audit`, `rebuild`).
pub async fn verify_chain_signed<S: EventStore>(
    store: &S,
    chain: &ChainId,
    mut on_event: impl FnMut(Seq, EventHash),
) -> Result<Option<Head>, ChainCheckError> {
    let mut signed = Signed::read(store, chain).await?;
    let head = verify_chain(store, chain, |seq, hash| {
        signed.see(seq, hash);
        on_event(seq, hash);
    })
    .await?;
    signed.hold(chain, head)
}

/// A chain's signed checkpoints, held to its events as they are verified.
#[derive(Debug, Default)]
struct Signed {
    /// Every head signed at each position: two that differ cannot both hold.
    heads: std::collections::BTreeMap<u64, Vec<EventHash>>,
    /// The first position whose event is not the one signed there.
    rewritten: Option<(Seq, EventHash, EventHash)>,
}

impl Signed {
    async fn read<S: EventStore>(store: &S, chain: &ChainId) -> Result<Signed, ChainCheckError> {
        let mut signed = Signed::default();
        for cp in store
            .checkpoints(chain)
            .await
            .map_err(ChainCheckError::Store)?
        {
            signed.heads.entry(cp.seq.0).or_default().push(cp.head);
        }
        Ok(signed)
    }

    fn see(&mut self, seq: Seq, hash: EventHash) {
        if self.rewritten.is_none()
            && let Some(s) = self
                .heads
                .get(&seq.0)
                .and_then(|heads| heads.iter().find(|s| **s != hash))
        {
            self.rewritten = Some((seq, *s, hash));
        }
    }

    /// The chain verified to `head`: rewritten where an event is not the one signed, cut
    /// where it ends before a signed position.
    fn hold(self, chain: &ChainId, head: Option<Head>) -> Result<Option<Head>, ChainCheckError> {
        let broken = |seq: Seq, kind: VerifyErrorKind| {
            ChainCheckError::Broken(VerifyError {
                chain: chain.clone(),
                seq,
                kind,
            })
        };
        if let Some((seq, signed, found)) = self.rewritten {
            return Err(broken(seq, VerifyErrorKind::Rewritten { signed, found }));
        }
        let end = head.map_or(0, |h| h.seq.0);
        if let Some((&seq, _)) = self.heads.range(end + 1..).next() {
            return Err(broken(
                Seq(seq),
                VerifyErrorKind::Cut {
                    log_ends_at: Seq(end),
                },
            ));
        }
        Ok(head)
    }
}

/// A store whose reads of one chain are shown to a watcher as they come (a reader's one
/// reading put to a second use: [`Verifying`], a standby recalling request ids).
#[derive(Clone)]
pub struct Watched<S> {
    inner: S,
    chain: ChainId,
    watcher: std::sync::Arc<Watcher>,
}

/// What a [`Watched`] store shows each page read of its chain to.
type Watcher = dyn Fn(&[crate::StoredEvent]) + Send + Sync;

impl<S: std::fmt::Debug> std::fmt::Debug for Watched<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Watched({:?}, {})", self.inner, self.chain)
    }
}

impl<S> Watched<S> {
    /// `inner`, its reads of `chain` shown to `watcher`, page by page.
    pub fn new(
        inner: S,
        chain: ChainId,
        watcher: impl Fn(&[crate::StoredEvent]) + Send + Sync + 'static,
    ) -> Watched<S> {
        Watched {
            inner,
            chain,
            watcher: std::sync::Arc::new(watcher),
        }
    }

    /// The store underneath, unwatched.
    pub fn inner(&self) -> &S {
        &self.inner
    }
}

impl<S: EventStore> EventStore for Watched<S> {
    async fn append(
        &self,
        chain: &ChainId,
        expected: Option<Head>,
        events: Vec<crate::SealedEvent>,
    ) -> Result<crate::AppendOutcome, StoreError> {
        self.inner.append(chain, expected, events).await
    }
    async fn head(&self, chain: &ChainId) -> Result<Option<Head>, StoreError> {
        self.inner.head(chain).await
    }
    async fn read(
        &self,
        chain: &ChainId,
        from: Seq,
        limit: usize,
    ) -> Result<Vec<crate::StoredEvent>, StoreError> {
        let page = self.inner.read(chain, from, limit).await?;
        if *chain == self.chain {
            (self.watcher)(&page);
        }
        Ok(page)
    }
    async fn chains(&self) -> Result<Vec<ChainId>, StoreError> {
        self.inner.chains().await
    }
    async fn follow(&self, chain: &ChainId, from: Seq) -> Result<crate::EventStream, StoreError> {
        self.inner.follow(chain, from).await
    }
    async fn publish_checkpoint(&self, checkpoint: &crate::Checkpoint) -> Result<(), StoreError> {
        self.inner.publish_checkpoint(checkpoint).await
    }
    async fn checkpoints(&self, chain: &ChainId) -> Result<Vec<crate::Checkpoint>, StoreError> {
        self.inner.checkpoints(chain).await
    }
    async fn keep_answers(&self, chain: &ChainId, answers: Vec<Vec<u8>>) -> Result<(), StoreError> {
        self.inner.keep_answers(chain, answers).await
    }
    async fn answers(&self, chain: &ChainId) -> Result<Vec<Vec<u8>>, StoreError> {
        self.inner.answers(chain).await
    }
    async fn append_log_batch(&self, after: u64, batch: Vec<u8>) -> Result<bool, StoreError> {
        self.inner.append_log_batch(after, batch).await
    }
    async fn log_batches(&self, after: u64, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        self.inner.log_batches(after, limit).await
    }
}

/// A chain verified as another reader reads it: one reading of the chain serves that reader
/// (the audit re-deriving it, through [`Verifying::store`]) and [`verify_chain_signed`]'s
/// checks, instead of a second reading beside it. Events read out of order or twice are
/// passed over; what the reader did not read is read by [`Verifying::verification`].
#[derive(Debug)]
pub struct Verifying<S> {
    store: Watched<S>,
    state: std::sync::Arc<std::sync::Mutex<Verified>>,
}

#[derive(Debug)]
struct Verified {
    verifier: ChainVerifier,
    signed: Signed,
    /// The first broken link found.
    broken: Option<VerifyError>,
}

impl Verified {
    /// Verifies the events of `page` that come next.
    fn take(&mut self, page: &[crate::StoredEvent]) {
        for e in page {
            if self.broken.is_some() {
                return;
            }
            let next = self.verifier.head().map_or(Seq::FIRST, |h| h.seq.next());
            if e.seq != next {
                continue;
            }
            match self.verifier.push(&e.bytes, Some(&e.hash)) {
                Ok(hash) => self.signed.see(e.seq, hash),
                Err(err) => self.broken = Some(err),
            }
        }
    }
}

fn locked(state: &std::sync::Mutex<Verified>) -> std::sync::MutexGuard<'_, Verified> {
    state.lock().unwrap_or_else(|e| e.into_inner())
}

impl<S: EventStore> Verifying<S> {
    /// Verifies what is read of `chain` through [`Verifying::store`] (its checkpoints read
    /// now).
    pub async fn new(inner: S, chain: ChainId) -> Result<Verifying<S>, ChainCheckError> {
        let signed = Signed::read(&inner, &chain).await?;
        let state = std::sync::Arc::new(std::sync::Mutex::new(Verified {
            verifier: ChainVerifier::new(chain.clone()),
            signed,
            broken: None,
        }));
        let seen = state.clone();
        Ok(Verifying {
            store: Watched::new(inner, chain, move |page| locked(&seen).take(page)),
            state,
        })
    }

    /// The store to read the chain through.
    pub fn store(&self) -> &Watched<S> {
        &self.store
    }

    /// What [`verify_chain_signed`] says of the chain: what was read verified, the rest read
    /// and verified now, every checkpoint held to it.
    pub async fn verification(&self) -> Result<Option<Head>, ChainCheckError> {
        let chain = &self.store.chain;
        loop {
            if let Some(e) = locked(&self.state).broken.clone() {
                return Err(ChainCheckError::Broken(e));
            }
            let next = locked(&self.state)
                .verifier
                .head()
                .map_or(Seq::FIRST, |h| h.seq.next());
            if read_page(&self.store, chain, next).await?.is_empty() {
                break;
            }
        }
        let state = std::mem::replace(
            &mut *locked(&self.state),
            Verified {
                verifier: ChainVerifier::new(chain.clone()),
                signed: Signed::default(),
                broken: None,
            },
        );
        let head = state.verifier.head();
        state.signed.hold(chain, head)
    }
}
