//! `floorbook verify`: recompute every link of every chain, and hold the log to its signed
//! checkpoints (those published beside it, and any given with `--checkpoint`).

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_ledger::report::verify::{PUBLISHED, Report, check_chain, text};
use floorbook_log::{ChainId, Checkpoint, EventStore};
use floorbook_store_embedded::OpenMode;

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
        let total = store.head(&chain).await.ok().flatten().map(|h| h.seq.0);
        let bar = super::phase_of(false, &format!("verifying {chain}"), total);
        let r = check_chain(&store, &chain, &checkpoints, &trusted, |seq| {
            bar.set_position(seq)
        })
        .await
        .with_context(|| format!("reading chain {chain}"))?;
        bar.finish_and_clear();
        report.ok &= r.ok;
        report.chains.push(r);
    }

    if args.json {
        super::emit(&(serde_json::to_string_pretty(&report)? + "\n"))?;
    } else {
        super::emit(&text(&report, trusted.is_empty()))?;
    }
    Ok(if report.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
