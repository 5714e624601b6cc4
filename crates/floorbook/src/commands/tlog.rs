//! `floorbook tlog`: the venue's transparency log beside the chains (`docs/transparency.md`).

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use floorbook_store_embedded::OpenMode;
use floorbook_tlog::VenueLog;

use crate::backend::StoreArgs;
use crate::commands::keys::log_key;

#[derive(Debug, Args)]
pub struct TlogArgs {
    #[command(subcommand)]
    command: TlogCommand,
}

#[derive(Debug, Subcommand)]
enum TlogCommand {
    /// Append every chain's events the log does not hold yet, then sign its checkpoint.
    Sync {
        #[command(flatten)]
        store: StoreArgs,
        /// Key directory holding service.key; default beside the data folder (DATA-keys;
        /// `$FLOORBOOK_KEYS`).
        #[arg(long)]
        keys: Option<PathBuf>,
        /// The venue's name, a schema-less URL such as `club.example` (the log's origin is
        /// `<venue>/floorbook`).
        #[arg(long)]
        venue: String,
        /// The log's folder; default DATA/tlog.
        #[arg(long)]
        log: Option<PathBuf>,
        /// Print JSON for scripts (size, added, checkpoint).
        #[arg(long)]
        json: bool,
    },
}

pub async fn run(args: &TlogArgs) -> anyhow::Result<()> {
    match &args.command {
        TlogCommand::Sync {
            store,
            keys,
            venue,
            log,
            json,
        } => {
            let keys = keys.clone().unwrap_or_else(|| store.default_keys_dir());
            let key = log_key(&keys, venue)?;
            let dir = log.clone().unwrap_or_else(|| store.data.join("tlog"));
            let mut venue_log =
                VenueLog::open(&dir).with_context(|| format!("opening {}", dir.display()))?;
            let events = store.open(OpenMode::ReadOnly).await?;
            let added = floorbook_ledger::transparency::feed(&events, &mut venue_log)
                .await
                .context("feeding the transparency log")?;
            let note = venue_log
                .checkpoint(&key)
                .context("signing the checkpoint")?;
            let note = String::from_utf8_lossy(&note).into_owned();
            let size = venue_log.tree().size();
            if *json {
                println!(
                    "{}",
                    serde_json::json!({"size": size, "added": added, "checkpoint": note})
                );
            } else {
                println!(
                    "transparency log: {size} leaves ({added} new); checkpoint in {}",
                    dir.join("checkpoint").display()
                );
                print!("{note}");
            }
            Ok(())
        }
    }
}
