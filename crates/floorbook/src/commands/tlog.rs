//! `floorbook tlog`: the venue's transparency log beside the chains (`docs/transparency.md`).

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use floorbook_store_embedded::OpenMode;
use floorbook_tlog::VenueLog;
use floorbook_web::witness::WitnessAt;

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
        kept: Kept,
        /// Print JSON for scripts (size, added, checkpoint).
        #[arg(long)]
        json: bool,
    },
    /// Keep the log beside a running service: take the chains' events as they come, sign a
    /// checkpoint at once after a hand, a table, a tournament or a payout closes and every few
    /// seconds while chains move, each submitted to the witnesses. Runs until stopped.
    Follow {
        #[command(flatten)]
        kept: Kept,
        /// The longest a new event waits for a checkpoint, in milliseconds.
        #[arg(long, default_value_t = 5_000, value_parser = clap::value_parser!(u64).range(100..=3_600_000))]
        every_ms: u64,
        /// How often the chains are looked at, in milliseconds.
        #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(10..=60_000))]
        poll_ms: u64,
    },
    /// Ask witnesses for the last checkpoint each cosigned of a log and compare them: a log
    /// that showed two witnesses two different trees is named (exit 1), with the proof.
    Monitor {
        /// The log's verifier key (`floorbook keys vkey`).
        #[arg(long)]
        vkey: String,
        /// A witness to ask, `URL=VKEY`; repeat.
        #[arg(long = "witness", value_name = "URL=VKEY", required = true)]
        witnesses: Vec<WitnessAt>,
        /// A copy of the log's folder to hold each checkpoint to as well.
        #[arg(long)]
        log: Option<PathBuf>,
    },
}

/// `tlog monitor`: what each witness holds of the log, and every split view among them;
/// false when there is one.
async fn monitor(
    vkey: &str,
    witnesses: &[WitnessAt],
    log: Option<&std::path::Path>,
) -> anyhow::Result<bool> {
    let copy = match log {
        Some(dir) => {
            Some(VenueLog::open(dir).with_context(|| format!("opening {}", dir.display()))?)
        }
        None => None,
    };
    let seen = floorbook_web::witness::monitor(vkey, witnesses, copy.as_ref()).await?;
    for s in &seen {
        println!("{s}");
    }
    Ok(!seen.iter().any(floorbook_web::witness::Seen::is_split))
}

/// Where the log is kept and who signs and witnesses it.
#[derive(Debug, Args)]
struct Kept {
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
    /// A witness to submit each checkpoint to, `URL=VKEY` (its submission prefix and verifier
    /// key); repeat. Its cosignature is kept with the checkpoint.
    #[arg(long = "witness", value_name = "URL=VKEY")]
    witnesses: Vec<WitnessAt>,
}

impl Kept {
    /// The log's key, its folder opened, and the store (read only).
    async fn open(
        &self,
    ) -> anyhow::Result<(
        floorbook_tlog::LogKey,
        VenueLog,
        PathBuf,
        crate::backend::Backend,
    )> {
        let keys = self
            .keys
            .clone()
            .unwrap_or_else(|| self.store.default_keys_dir());
        let key = log_key(&keys, &self.venue)?;
        let dir = self
            .log
            .clone()
            .unwrap_or_else(|| self.store.data.join("tlog"));
        let log = VenueLog::open(&dir).with_context(|| format!("opening {}", dir.display()))?;
        let store = self.store.open(OpenMode::ReadOnly).await?;
        Ok((key, log, dir, store))
    }
}

/// Signs the log's checkpoint and, with witnesses, submits it to each and keeps it with the
/// cosignatures that verified; says on standard error what each witness answered.
pub async fn witnessed_checkpoint(
    log: &mut VenueLog,
    key: &floorbook_tlog::LogKey,
    witnesses: &[WitnessAt],
) -> anyhow::Result<Vec<u8>> {
    let (note, answers) = floorbook_web::witness::witnessed_checkpoint(log, key, witnesses)
        .await
        .context("signing and keeping the checkpoint")?;
    for (w, answer) in &answers {
        eprintln!("witness {}: {answer}", w.url);
    }
    Ok(note)
}

pub async fn run(args: &TlogArgs) -> anyhow::Result<std::process::ExitCode> {
    match &args.command {
        TlogCommand::Follow {
            kept,
            every_ms,
            poll_ms,
        } => {
            let (key, venue_log, dir, events) = kept.open().await?;
            floorbook_service::logging::to_stderr(
                floorbook_service::logging::LevelFilter::INFO,
                false,
            );
            let keeper = std::sync::Arc::new(floorbook_web::logkeeper::Keeper::new(
                venue_log,
                key,
                kept.witnesses.clone(),
                std::time::Duration::from_millis(*every_ms),
                true,
            ));
            eprintln!(
                "keeping the transparency log in {} ({})",
                dir.display(),
                keeper.vkey()
            );
            floorbook_web::logkeeper::follow(
                keeper,
                events,
                std::time::Duration::from_millis(*poll_ms),
            )
            .await
            .context("keeping the transparency log")?;
            Ok(std::process::ExitCode::SUCCESS)
        }
        TlogCommand::Monitor {
            vkey,
            witnesses,
            log,
        } => Ok(if monitor(vkey, witnesses, log.as_deref()).await? {
            std::process::ExitCode::SUCCESS
        } else {
            std::process::ExitCode::FAILURE
        }),
        TlogCommand::Sync { kept, json } => {
            let (key, mut venue_log, dir, events) = kept.open().await?;
            let fed = floorbook_ledger::transparency::feed(&events, &mut venue_log, true)
                .await
                .context("feeding the transparency log")?;
            let added = fed.added;
            let note = witnessed_checkpoint(&mut venue_log, &key, &kept.witnesses).await?;
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
            Ok(std::process::ExitCode::SUCCESS)
        }
    }
}
