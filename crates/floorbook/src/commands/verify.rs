//! `floorbook verify`: recompute every link of every chain, and hold the log to its signed
//! checkpoints (those published beside it, and any given with `--checkpoint`).

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_ledger::report::verify::{check_all, given_checkpoints, text};
use floorbook_log::ChainId;
use floorbook_store_embedded::OpenMode;

use crate::backend::StoreArgs;
use floorbook_log::keyfolder::load_trusted;

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

    let mut given = Vec::new();
    for path in &args.checkpoint {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        given.extend(given_checkpoints(&text, &path.display().to_string())?);
    }
    if !given.is_empty() && trusted.is_empty() {
        bail!(
            "no trusted public keys in {} to check the given checkpoint's signature (pass --keys DIR)",
            keys_dir.display()
        );
    }
    let chain = args.chain.clone().map(ChainId::new).transpose()?;
    let bar = super::phase_of(args.json, "verifying", Some(0));
    let mut shown = None;
    let report = check_all(&store, chain, given, &trusted, |chain, seq, length| {
        if shown.as_ref() != Some(chain) {
            bar.set_message(format!("verifying {chain}"));
            bar.set_length(length.unwrap_or(0));
            shown = Some(chain.clone());
        }
        bar.set_position(seq);
    })
    .await?;
    bar.finish_and_clear();
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
