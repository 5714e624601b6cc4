//! A log held to its links and its signed checkpoints (`floorbook verify`): each chain's
//! first broken link, and each checkpoint's signature and whether the log still holds its head.

use std::collections::{BTreeMap, BTreeSet};

use floorbook_log::{
    ChainCheckError, ChainId, Checkpoint, CheckpointVerdict, EventHash, EventStore, Seq,
    StoreError, TrustedKeys, verify_chain,
};
use serde::Serialize;

/// Every chain checked; `ok` when all hold.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    pub ok: bool,
    pub chains: Vec<ChainReport>,
}

/// One chain: its links, and each checkpoint held against it.
#[derive(Debug, Clone, Serialize)]
pub struct ChainReport {
    pub chain: String,
    pub ok: bool,
    pub events: u64,
    pub head: Option<String>,
    /// The first bad sequence and why.
    pub broken_at: Option<u64>,
    pub error: Option<String>,
    pub checkpoints: Vec<CheckpointReport>,
}

/// One checkpoint: where it came from, its signature, and whether the log holds its head.
#[derive(Debug, Clone, Serialize)]
pub struct CheckpointReport {
    pub source: String,
    pub seq: u64,
    pub head: String,
    pub key_id: String,
    pub signature: String,
    pub verdict: String,
    pub ok: bool,
}

/// Recomputes every link of `chain` and holds it to `checkpoints` (each with where it came
/// from), checking their signatures with `trusted` (unchecked without keys); `progress` hears
/// the sequence reached now and then.
pub async fn check_chain(
    store: &impl EventStore,
    chain: &ChainId,
    checkpoints: &[(String, Checkpoint)],
    trusted: &TrustedKeys,
    mut progress: impl FnMut(u64),
) -> Result<ChainReport, StoreError> {
    let wanted: BTreeSet<u64> = checkpoints.iter().map(|(_, cp)| cp.seq.0).collect();
    let mut seen: BTreeMap<u64, EventHash> = BTreeMap::new();
    let mut events = 0u64;
    let result = verify_chain(store, chain, |seq, hash| {
        events = seq.0;
        if seq.0 % 4096 == 0 {
            progress(seq.0);
        }
        if wanted.contains(&seq.0) {
            seen.insert(seq.0, hash);
        }
    })
    .await;
    let (head, broken) = match result {
        Ok(head) => (head, None),
        Err(ChainCheckError::Broken(e)) => (None, Some((e.seq, e.kind.to_string()))),
        Err(ChainCheckError::Store(e)) => return Err(e),
    };
    let mut r = ChainReport {
        chain: chain.to_string(),
        ok: broken.is_none(),
        events,
        head: head.map(|h| h.hash.to_hex()),
        broken_at: broken.as_ref().map(|(s, _)| s.0),
        error: broken.as_ref().map(|(_, e)| e.clone()),
        checkpoints: Vec::new(),
    };
    for (source, cp) in checkpoints {
        let signature = if trusted.is_empty() {
            "unchecked (no trusted keys)".to_string()
        } else {
            match cp.verify_signature(trusted) {
                Ok(()) => "valid".to_string(),
                Err(e) => format!("INVALID: {e}"),
            }
        };
        let (verdict, ok) = match &broken {
            Some((at, _)) if cp.seq >= *at => (
                format!("cannot be confirmed: the log is broken at seq {at}"),
                false,
            ),
            _ => match cp.against_log(seen.get(&cp.seq.0).copied(), Seq(events)) {
                CheckpointVerdict::Present => ("present in the log".to_string(), true),
                CheckpointVerdict::Cut {
                    signed,
                    log_ends_at,
                } => (
                    format!(
                        "LOG CUT: signed at seq {signed}, but the log ends at seq {log_ends_at}"
                    ),
                    false,
                ),
                CheckpointVerdict::Differs { seq, signed, found } => (
                    format!("LOG REWRITTEN: seq {seq} was signed as {signed}, the log has {found}"),
                    false,
                ),
            },
        };
        let ok = ok && !signature.starts_with("INVALID");
        r.ok &= ok;
        r.checkpoints.push(CheckpointReport {
            source: source.clone(),
            seq: cp.seq.0,
            head: cp.head.to_hex(),
            key_id: cp.key_id.0.clone(),
            signature,
            verdict,
            ok,
        });
    }
    Ok(r)
}

/// The source of the checkpoints published beside the chain.
pub const PUBLISHED: &str = "published";

/// Why the log could not be verified at all (a broken chain is a finding of the report).
#[derive(Debug, thiserror::Error)]
pub enum VerifyError {
    #[error("listing the chains: {0}")]
    Chains(StoreError),
    #[error("reading chain {chain}: {source}")]
    Read { chain: ChainId, source: StoreError },
    #[error("checkpoint {index} of {source_name}: {error}")]
    Given {
        index: usize,
        source_name: String,
        error: serde_json::Error,
    },
}

/// The checkpoints a file given to `verify` holds (JSON objects one after the other, one a
/// line or pretty-printed), each with `source`, where it came from.
pub fn given_checkpoints(
    text: &str,
    source: &str,
) -> Result<Vec<(String, Checkpoint)>, VerifyError> {
    // One checkpoint after the other, however each is laid out: one a line as `checkpoint`
    // prints them, or one pretty-printed over many lines.
    serde_json::Deserializer::from_str(text)
        .into_iter::<Checkpoint>()
        .enumerate()
        .map(|(i, cp)| {
            cp.map(|cp| (source.to_string(), cp))
                .map_err(|error| VerifyError::Given {
                    index: i + 1,
                    source_name: source.to_string(),
                    error,
                })
        })
        .collect()
}

/// Verifies `chain` (else every chain of the store and every chain a given checkpoint names),
/// each held to its published checkpoints and the `given` ones; `progress` hears the chain,
/// the sequence reached and the chain's length (when its head could be read) now and then.
pub async fn check_all(
    store: &impl EventStore,
    chain: Option<ChainId>,
    given: Vec<(String, Checkpoint)>,
    trusted: &TrustedKeys,
    mut progress: impl FnMut(&ChainId, u64, Option<u64>),
) -> Result<Report, VerifyError> {
    let mut by_chain: BTreeMap<ChainId, Vec<(String, Checkpoint)>> = BTreeMap::new();
    for (source, cp) in given {
        by_chain
            .entry(cp.chain.clone())
            .or_default()
            .push((source, cp));
    }
    let chains: BTreeSet<ChainId> = match chain {
        Some(c) => BTreeSet::from([c]),
        None => (store.chains().await.map_err(VerifyError::Chains)?)
            .into_iter()
            .chain(by_chain.keys().cloned())
            .collect(),
    };
    let mut report = Report {
        ok: true,
        chains: Vec::new(),
    };
    for chain in chains {
        let read = |source| VerifyError::Read {
            chain: chain.clone(),
            source,
        };
        let mut checkpoints: Vec<(String, Checkpoint)> = (store.checkpoints(&chain).await)
            .map_err(read)?
            .into_iter()
            .map(|cp| (PUBLISHED.to_string(), cp))
            .collect();
        checkpoints.extend(by_chain.remove(&chain).unwrap_or_default());
        // Only to show how far along it is: the chain is read to its end whatever this says.
        let length = store.head(&chain).await.ok().flatten().map(|h| h.seq.0);
        let r = check_chain(store, &chain, &checkpoints, trusted, |seq| {
            progress(&chain, seq, length)
        })
        .await
        .map_err(read)?;
        report.ok &= r.ok;
        report.chains.push(r);
    }
    Ok(report)
}
/// Up to this many checkpoints of a chain are each shown on its own line.
const SHOW_ALL_CHECKPOINTS: usize = 5;

/// The report as text: each chain, its failing and latest checkpoints, the good ones counted.
pub fn text(report: &Report, no_keys: bool) -> String {
    let mut lines: Vec<String> = Vec::new();
    if report.chains.is_empty() {
        lines.push("no chains in the store".to_string());
    }
    for c in &report.chains {
        match (&c.error, &c.head) {
            (Some(e), _) => lines.push(format!(
                "chain {}: BROKEN at seq {}: {e}",
                c.chain,
                c.broken_at.unwrap_or_default()
            )),
            (None, Some(h)) => lines.push(format!(
                "chain {}: OK, {} events, head {h}",
                c.chain, c.events
            )),
            (None, None) => lines.push(format!("chain {}: OK, empty", c.chain)),
        }
        // A long chain has hundreds of checkpoints: every one that fails, every one from a
        // file named on the command line and the latest are shown; the other good ones are
        // counted on one line (`--json` lists them all).
        let shown = |i: usize, cp: &CheckpointReport| {
            c.checkpoints.len() <= SHOW_ALL_CHECKPOINTS
                || !cp.ok
                || cp.source != PUBLISHED
                || i + 1 == c.checkpoints.len()
        };
        let quiet: Vec<&CheckpointReport> = c
            .checkpoints
            .iter()
            .enumerate()
            .filter(|(i, cp)| !shown(*i, cp))
            .map(|(_, cp)| cp)
            .collect();
        if let (Some(first), Some(last)) = (quiet.first(), quiet.last()) {
            lines.push(format!(
                "  {} published checkpoints from seq {} to seq {}: signature {}; every one present in the log",
                quiet.len(),
                first.seq,
                last.seq,
                if quiet.iter().all(|cp| cp.signature == first.signature) {
                    first.signature.as_str()
                } else {
                    "checked"
                },
            ));
        }
        for (i, cp) in c.checkpoints.iter().enumerate() {
            if shown(i, cp) {
                lines.push(format!(
                    "  checkpoint seq {} ({}, key {}): signature {}; {}",
                    cp.seq, cp.source, cp.key_id, cp.signature, cp.verdict
                ));
            }
        }
    }
    if no_keys && report.chains.iter().any(|c| !c.checkpoints.is_empty()) {
        lines.push("note: checkpoint signatures were not checked; pass --keys DIR".to_string());
    }
    lines.push(if report.ok { "OK" } else { "FAILED" }.to_string());
    lines.join("\n") + "\n"
}
