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

/// [`verify_chain`], and every checkpoint the store holds for `chain` held to the log: the
/// event at each signed position must have the signed hash (else the log was rewritten), and
/// the log must reach every signed position (else it was cut). What `floorbook verify` checks,
/// for every other reader that must refuse what it refuses (`audit`, `rebuild`).
pub async fn verify_chain_signed<S: EventStore>(
    store: &S,
    chain: &ChainId,
    mut on_event: impl FnMut(Seq, EventHash),
) -> Result<Option<Head>, ChainCheckError> {
    // Every head signed at each position: two that differ cannot both hold.
    let mut signed: std::collections::BTreeMap<u64, Vec<EventHash>> = Default::default();
    for cp in store
        .checkpoints(chain)
        .await
        .map_err(ChainCheckError::Store)?
    {
        signed.entry(cp.seq.0).or_default().push(cp.head);
    }
    let mut rewritten: Option<(Seq, EventHash, EventHash)> = None;
    let head = verify_chain(store, chain, |seq, hash| {
        if rewritten.is_none()
            && let Some(s) = signed
                .get(&seq.0)
                .and_then(|heads| heads.iter().find(|s| **s != hash))
        {
            rewritten = Some((seq, *s, hash));
        }
        on_event(seq, hash);
    })
    .await?;
    let broken = |seq: Seq, kind: VerifyErrorKind| {
        ChainCheckError::Broken(VerifyError {
            chain: chain.clone(),
            seq,
            kind,
        })
    };
    if let Some((seq, signed, found)) = rewritten {
        return Err(broken(seq, VerifyErrorKind::Rewritten { signed, found }));
    }
    let end = head.map_or(0, |h| h.seq.0);
    if let Some((&seq, _)) = signed.range(end + 1..).next() {
        return Err(broken(
            Seq(seq),
            VerifyErrorKind::Cut {
                log_ends_at: Seq(end),
            },
        ));
    }
    Ok(head)
}
