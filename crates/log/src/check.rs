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
        let page = match store.read(chain, next, crate::PAGE).await {
            Ok(p) => p,
            Err(StoreError::Corrupt { seq, reason, .. }) => {
                return Err(ChainCheckError::Broken(VerifyError {
                    chain: chain.clone(),
                    seq,
                    kind: VerifyErrorKind::Malformed { reason },
                }));
            }
            Err(e) => return Err(ChainCheckError::Store(e)),
        };
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
