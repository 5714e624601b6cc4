//! `floorbook receipt`: a hand's receipt from the venue's transparency log (C2SP
//! `tlog-proof@v1`), checked offline, and two receipts that prove the log lied
//! (`docs/transparency.md`).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use floorbook_store_embedded::OpenMode;
use floorbook_tlog::{Receipt, VenueLog};

use crate::backend::StoreArgs;
use crate::commands::keys::log_key;

/// The largest receipt file read (a receipt is about 2 KB).
const MAX_RECEIPT: u64 = 64 * 1024;

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct ReceiptArgs {
    #[command(subcommand)]
    check: Option<Check>,
    /// The finished hand whose receipt is printed (its last event's leaf).
    #[arg(required_unless_present = "event")]
    hand: Option<u64>,
    /// Any event's receipt instead of a hand's: its sequence in the chain.
    #[arg(long, conflicts_with = "hand")]
    event: Option<u64>,
    #[command(flatten)]
    store: StoreArgs,
    /// The chain (default: the only chain in the store).
    #[arg(long)]
    chain: Option<String>,
    /// Key directory holding service.key; default beside the data folder.
    #[arg(long)]
    keys: Option<PathBuf>,
    /// The venue's name (the log's origin is `<venue>/floorbook`).
    #[arg(long)]
    venue: Option<String>,
    /// The log's folder; default DATA/tlog.
    #[arg(long)]
    log: Option<PathBuf>,
    /// A witness to submit the checkpoint to first, `URL=VKEY`; repeat. The receipt carries
    /// the cosignatures that verified.
    #[arg(long = "witness", value_name = "URL=VKEY")]
    witnesses: Vec<floorbook_web::witness::WitnessAt>,
}

#[derive(Debug, Subcommand)]
enum Check {
    /// Check a receipt offline against the log's verifier key: the leaf, its inclusion, the
    /// log's signature.
    Verify {
        /// The receipt file (`.tlog-proof`).
        file: PathBuf,
        /// The log's verifier key (`floorbook keys vkey`).
        #[arg(long)]
        vkey: String,
        /// A witness's verifier key whose cosignature counts (repeat for several).
        #[arg(long = "witness", value_name = "KEY")]
        witnesses: Vec<String>,
        /// How many of the witnesses given must have cosigned (default: all of them).
        #[arg(long, requires = "witnesses")]
        need: Option<usize>,
    },
    /// Check two receipts and say whether together they prove the log is not append-only
    /// (exit 0 and the proof when they do, 1 when they do not).
    Conflict {
        /// One receipt file, say the one a player kept.
        a: PathBuf,
        /// Another receipt file of the same log, say one made today.
        b: PathBuf,
        /// The log's verifier key (`floorbook keys vkey`).
        #[arg(long)]
        vkey: String,
    },
}

fn read_receipt(path: &Path) -> anyhow::Result<Receipt> {
    let len = std::fs::metadata(path)
        .with_context(|| format!("reading {}", path.display()))?
        .len();
    if len > MAX_RECEIPT {
        bail!(
            "{} is {len} bytes; a receipt is at most {MAX_RECEIPT}",
            path.display()
        );
    }
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    Receipt::from_bytes(&bytes).with_context(|| format!("{}", path.display()))
}

pub async fn run(args: &ReceiptArgs) -> anyhow::Result<ExitCode> {
    match &args.check {
        Some(Check::Verify {
            file,
            vkey,
            witnesses,
            need,
        }) => {
            let receipt = read_receipt(file)?;
            let proven = receipt
                .verify(vkey)
                .with_context(|| format!("{} does not verify", file.display()))?;
            let need = need.unwrap_or(witnesses.len());
            if need > witnesses.len() {
                bail!(
                    "--need {need} of {} witnesses given: at most as many as are given",
                    witnesses.len()
                );
            }
            let by = if witnesses.is_empty() {
                Vec::new()
            } else {
                floorbook_tlog::cosigned(&receipt.checkpoint, vkey, witnesses, need)
                    .with_context(|| format!("{} does not verify", file.display()))?
            };
            let at = chrono::DateTime::from_timestamp_millis(proven.leaf.at_ms)
                .map_or_else(|| proven.leaf.at_ms.to_string(), |t| t.to_rfc3339());
            println!(
                "OK: chain {} event {} (recorded {at}, blake3 {}) is entry {} of {}'s log of {} entries, signed by its key",
                proven.leaf.chain,
                proven.leaf.seq,
                blake3::Hash::from_bytes(proven.leaf.event).to_hex(),
                proven.index,
                proven.checkpoint.origin,
                proven.checkpoint.size
            );
            if !by.is_empty() {
                println!(
                    "Cosigned by {} of {} witnesses: {}",
                    by.len(),
                    witnesses.len(),
                    by.join(", ")
                );
            }
            Ok(ExitCode::SUCCESS)
        }
        Some(Check::Conflict { a, b, vkey }) => {
            match floorbook_tlog::conflict(&read_receipt(a)?, &read_receipt(b)?, vkey)
                .context("the receipts do not verify")?
            {
                Some(c) => {
                    println!("CONFLICT: {c}");
                    println!(
                        "Both receipts carry the log's signature: keep both files, they are the proof."
                    );
                    Ok(ExitCode::SUCCESS)
                }
                None => {
                    println!("no conflict: the two receipts can both be true of one log");
                    Ok(ExitCode::FAILURE)
                }
            }
        }
        None => make(args).await,
    }
}

async fn make(args: &ReceiptArgs) -> anyhow::Result<ExitCode> {
    let Some(venue) = &args.venue else {
        bail!("name the venue (--venue club.example): the log's origin is <venue>/floorbook");
    };
    let keys = args
        .keys
        .clone()
        .unwrap_or_else(|| args.store.default_keys_dir());
    let key = log_key(&keys, venue)?;
    let dir = args
        .log
        .clone()
        .unwrap_or_else(|| args.store.data.join("tlog"));
    let mut log = VenueLog::open(&dir).with_context(|| format!("opening {}", dir.display()))?;
    let store = args.store.open(OpenMode::ReadOnly).await?;
    let chain = floorbook_log::pick_chain(&store, args.chain.as_deref()).await?;
    let seq = match (args.hand, args.event) {
        (_, Some(seq)) => seq,
        (Some(hand), None) => {
            floorbook_ledger::transparency::hand_end(&store, &chain, hand).await?
        }
        (None, None) => bail!("name the hand, or an event with --event"),
    };
    if !args.witnesses.is_empty() {
        floorbook_ledger::transparency::feed(&store, &mut log, true)
            .await
            .context("feeding the transparency log")?;
        crate::commands::tlog::witnessed_checkpoint(&mut log, &key, &args.witnesses).await?;
    }
    let receipt =
        floorbook_ledger::transparency::receipt(&store, &mut log, &key, &chain, seq, true)
            .await
            .context("making the receipt")?;
    print!("{}", String::from_utf8_lossy(&receipt.to_bytes()));
    Ok(ExitCode::SUCCESS)
}
