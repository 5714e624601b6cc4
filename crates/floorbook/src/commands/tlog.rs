//! `floorbook tlog`: the venue's transparency log beside the chains (`docs/transparency.md`).

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use floorbook_store_embedded::OpenMode;
use floorbook_tlog::VenueLog;
use floorbook_web::witness::{Answer, WitnessAt};

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
        /// A witness to submit the checkpoint to, `URL=VKEY` (its submission prefix and
        /// verifier key); repeat. Its cosignature is kept with the checkpoint.
        #[arg(long = "witness", value_name = "URL=VKEY")]
        witnesses: Vec<WitnessAt>,
    },
}

/// Signs the log's checkpoint and, with witnesses, submits it to each and keeps it with the
/// cosignatures that verified; says on standard error what each witness answered.
pub async fn witnessed_checkpoint(
    log: &mut VenueLog,
    key: &floorbook_tlog::LogKey,
    witnesses: &[WitnessAt],
) -> anyhow::Result<Vec<u8>> {
    let note = log.checkpoint(key).context("signing the checkpoint")?;
    if witnesses.is_empty() {
        return Ok(note);
    }
    let size = log.tree().size();
    let (cosigned, answers) =
        floorbook_web::witness::gather(log.tree(), size, &note, witnesses).await;
    for (w, answer) in &answers {
        match answer {
            Answer::Cosigned => eprintln!("witness {}: cosigned", w.url),
            Answer::Refused { status, said } => {
                eprintln!("witness {}: REFUSED ({status}): {said}", w.url)
            }
            Answer::Failed(why) => eprintln!("witness {}: no cosignature: {why}", w.url),
        }
    }
    log.keep_checkpoint(&cosigned)
        .context("keeping the cosigned checkpoint")?;
    Ok(cosigned)
}

pub async fn run(args: &TlogArgs) -> anyhow::Result<()> {
    match &args.command {
        TlogCommand::Sync {
            store,
            keys,
            venue,
            log,
            json,
            witnesses,
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
            let note = witnessed_checkpoint(&mut venue_log, &key, witnesses).await?;
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
