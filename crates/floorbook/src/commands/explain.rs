//! `floorbook replay --at SEQ` and `floorbook explain SEQ`: the recorded tournament is
//! re-derived (`floorbook_ledger::explain`), and the state at a point or the decision at a
//! sequence is printed with the rules that decided it.

use std::process::ExitCode;

use clap::Args;
use floorbook_ledger::explain::recorded_by;
use floorbook_ledger::report::explain as text;
use floorbook_ledger::snapshots::{load_near, update_snapshots};
use floorbook_log::ChainId;
use floorbook_projections::Projector;

use crate::backend::StoreArgs;

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The chain (default: the only chain in the store).
    #[arg(long)]
    pub chain: Option<String>,
    /// The sequence to stop at (default: the head).
    #[arg(long)]
    pub at: Option<u64>,
    /// The projections database, which keeps the replay snapshots (default DATA/projections.sqlite).
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Print JSON for scripts.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The chain (default: the only chain in the store).
    #[arg(long)]
    pub chain: Option<String>,
    /// The sequence of the decision to explain.
    pub seq: u64,
    /// The projections database, which keeps the replay snapshots (default DATA/projections.sqlite).
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Print JSON for scripts.
    #[arg(long)]
    pub json: bool,
}

/// Opens the store and the projections, catches both the projections and the replay
/// snapshots up with the log, and picks the chain.
async fn open_with_snapshots(
    store: &StoreArgs,
    db: &Option<std::path::PathBuf>,
    chain: &Option<String>,
) -> anyhow::Result<(super::Public, Projector, ChainId)> {
    let (backend, mut projector, chain) = super::open_caught_up(store, db, chain).await?;
    update_snapshots(&mut projector, &backend, &chain).await?;
    Ok((backend, projector, chain))
}

/// `floorbook explain SEQ`.
pub async fn explain(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    let (store, projector, chain) = open_with_snapshots(&args.store, &args.db, &args.chain).await?;
    let sealed = |store: &super::Public| -> anyhow::Result<()> {
        match store.withheld_until(&chain) {
            Some((from, until)) if args.seq >= from.0 => anyhow::bail!(
                "event {} comes at or after hole cards of a hand in play ({until}), sealed from event {from} until it ends: it is explained once that hand is over",
                args.seq
            ),
            _ => Ok(()),
        }
    };
    if floorbook_ledger::cash::is_cash(&store, &chain).await? {
        let record = floorbook_ledger::cash::load(&store, chain.clone()).await?;
        sealed(&store)?;
        let report = floorbook_ledger::cash::explain(&record, args.seq)?;
        super::emit(&if args.json {
            serde_json::to_string_pretty(&report)? + "\n"
        } else {
            text::cash_text(&report)
        })?;
        return Ok(if report.agrees {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let rec = load_near(&projector, &store, chain.clone(), Some(args.seq)).await?;
    sealed(&store)?;
    let mut report = floorbook_ledger::explain::explain(&rec, args.seq)?;
    report.recorded_by = recorded_by(&store, &rec.chain, args.seq).await?;
    super::emit(&if args.json {
        serde_json::to_string_pretty(&report)? + "\n"
    } else {
        text::text(&report)
    })?;
    Ok(if report.agrees {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// `floorbook replay [--at SEQ]`: the state after the command that covers SEQ.
pub async fn replay(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let (store, projector, chain) = open_with_snapshots(&args.store, &args.db, &args.chain).await?;
    let rec = load_near(&projector, &store, chain, args.at).await?;
    let report = floorbook_ledger::report::explain::replay(&rec, args.at)?;
    let out = if args.json {
        serde_json::to_string_pretty(&report)? + "\n"
    } else {
        floorbook_ledger::report::explain::replay_text(&report)
    };
    super::emit(&out)?;
    Ok(if report["divergence"].is_null() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
