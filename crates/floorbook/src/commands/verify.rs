//! `floorbook verify`: recompute every link of every chain, and hold the log to its signed
//! checkpoints (those published beside it, and any given with `--checkpoint`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_log::{
    ChainCheckError, ChainId, Checkpoint, CheckpointVerdict, EventHash, EventStore, Seq,
    TrustedKeys, verify_chain,
};
use floorbook_store_embedded::OpenMode;
use serde::Serialize;

use crate::backend::StoreArgs;
use crate::commands::keys::load_trusted;

#[derive(Debug, Args)]
pub struct VerifyArgs {
    #[command(flatten)]
    store: StoreArgs,
    /// Only this chain (default: every chain in the store).
    #[arg(long)]
    chain: Option<String>,
    /// A published checkpoint (JSON, or one per line) that the log must contain.
    #[arg(long)]
    checkpoint: Vec<PathBuf>,
    /// Directory of trusted public keys (`*.pub`); default beside the data folder (DATA-keys; `$FLOORBOOK_KEYS`).
    #[arg(long)]
    keys: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

#[derive(Debug, Serialize)]
struct Report {
    ok: bool,
    chains: Vec<ChainReport>,
}

#[derive(Debug, Serialize)]
struct ChainReport {
    chain: String,
    ok: bool,
    events: u64,
    head: Option<String>,
    /// The first bad sequence and why.
    broken_at: Option<u64>,
    error: Option<String>,
    checkpoints: Vec<CheckpointReport>,
}

#[derive(Debug, Serialize)]
struct CheckpointReport {
    source: String,
    seq: u64,
    head: String,
    key_id: String,
    signature: String,
    verdict: String,
    ok: bool,
}

pub async fn run(args: &VerifyArgs) -> anyhow::Result<ExitCode> {
    let store = args.store.open(OpenMode::ReadOnly).await?;
    let keys_dir = args
        .keys
        .clone()
        .unwrap_or_else(|| args.store.default_keys_dir());
    let trusted = load_trusted(&keys_dir)?;

    let mut given: BTreeMap<ChainId, Vec<(String, Checkpoint)>> = BTreeMap::new();
    for path in &args.checkpoint {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        for (i, line) in text.lines().filter(|l| !l.trim().is_empty()).enumerate() {
            let cp: Checkpoint = serde_json::from_str(line)
                .or_else(|_| serde_json::from_str(&text))
                .with_context(|| format!("reading checkpoint {} in {}", i + 1, path.display()))?;
            given
                .entry(cp.chain.clone())
                .or_default()
                .push((path.display().to_string(), cp));
        }
    }
    if !given.is_empty() && trusted.is_empty() {
        bail!(
            "no trusted public keys in {} to check the given checkpoint's signature (pass --keys DIR)",
            keys_dir.display()
        );
    }

    let mut chains: BTreeSet<ChainId> = match &args.chain {
        Some(c) => BTreeSet::from([ChainId::new(c.clone())?]),
        None => store.chains().await?.into_iter().collect(),
    };
    if args.chain.is_none() {
        chains.extend(given.keys().cloned());
    }

    let mut report = Report {
        ok: true,
        chains: Vec::new(),
    };
    for chain in chains {
        let mut checkpoints: Vec<(String, Checkpoint)> = store
            .checkpoints(&chain)
            .await?
            .into_iter()
            .map(|cp| (PUBLISHED.to_string(), cp))
            .collect();
        checkpoints.extend(given.remove(&chain).unwrap_or_default());
        let r = check_chain(&store, &chain, &checkpoints, &trusted).await?;
        report.ok &= r.ok;
        report.chains.push(r);
    }

    if args.json {
        super::emit(&(serde_json::to_string_pretty(&report)? + "\n"))?;
    } else {
        super::emit(&render_text(&report, trusted.is_empty()))?;
    }
    Ok(if report.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

async fn check_chain(
    store: &impl EventStore,
    chain: &ChainId,
    checkpoints: &[(String, Checkpoint)],
    trusted: &TrustedKeys,
) -> anyhow::Result<ChainReport> {
    let wanted: BTreeSet<u64> = checkpoints.iter().map(|(_, cp)| cp.seq.0).collect();
    let mut seen: BTreeMap<u64, EventHash> = BTreeMap::new();
    let mut events = 0u64;
    let total = store.head(chain).await.ok().flatten().map(|h| h.seq.0);
    let bar = super::phase_of(false, &format!("verifying {chain}"), total);
    let result = verify_chain(store, chain, |seq, hash| {
        events = seq.0;
        if seq.0 % 4096 == 0 {
            bar.set_position(seq.0);
        }
        if wanted.contains(&seq.0) {
            seen.insert(seq.0, hash);
        }
    })
    .await;
    bar.finish_and_clear();
    let (head, broken) = match result {
        Ok(head) => (head, None),
        Err(ChainCheckError::Broken(e)) => (None, Some((e.seq, e.kind.to_string()))),
        Err(ChainCheckError::Store(e)) => {
            return Err(e).with_context(|| format!("reading chain {chain}"));
        }
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
const PUBLISHED: &str = "published";
/// Up to this many checkpoints of a chain are each shown on its own line.
const SHOW_ALL_CHECKPOINTS: usize = 5;

fn render_text(report: &Report, no_keys: bool) -> String {
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
