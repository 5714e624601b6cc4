//! `floorbook checkpoint`: sign a chain's current head now and publish it beside the log.

use std::path::PathBuf;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_log::{ChainId, EventStore};
use floorbook_store_embedded::OpenMode;

use crate::backend::StoreArgs;
use floorbook_log::keyfolder::load_service_key;

#[derive(Debug, Args)]
pub struct CheckpointArgs {
    #[command(flatten)]
    store: StoreArgs,
    /// The chain whose head is signed.
    #[arg(long)]
    chain: String,
    /// Key directory holding service.key; default beside the data folder (DATA-keys; `$FLOORBOOK_KEYS`).
    #[arg(long)]
    keys: Option<PathBuf>,
    /// Also write the checkpoint to this file (to hand to an auditor).
    #[arg(long)]
    out: Option<PathBuf>,
}

pub async fn run(args: &CheckpointArgs) -> anyhow::Result<()> {
    let keys = args
        .keys
        .clone()
        .unwrap_or_else(|| args.store.default_keys_dir());
    args.store.warn_if_key_inside(&keys);
    let key = load_service_key(&keys)?;
    let store = args.store.open(OpenMode::ReadWrite).await?;
    let chain = ChainId::new(args.chain.clone())?;
    let Some(head) = store.head(&chain).await? else {
        bail!("chain {chain} has no events to sign");
    };
    // The command line is the intake: the signing time is read here and recorded in the
    // checkpoint, like every time that enters Floorbook.
    let cp = key.sign(&chain, head, chrono::Utc::now());
    store
        .publish_checkpoint(&cp)
        .await
        .context("publishing the checkpoint")?;
    let json = serde_json::to_string(&cp)?;
    if let Some(out) = &args.out {
        std::fs::write(out, format!("{json}\n"))
            .with_context(|| format!("writing {}", out.display()))?;
    }
    println!("{json}");
    Ok(())
}
