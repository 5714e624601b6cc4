//! The read commands: `rebuild`, `standings`, `hand`, `audit`. Each brings the projections up
//! to date from the log first, so what it prints is never behind the chain.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use floorbook_ledger::report::standings;
use floorbook_log::ChainId;
use floorbook_projections::Projector;

use super::{emit, open_caught_up};
use crate::backend::StoreArgs;

#[derive(Debug, Args)]
pub struct ReadArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The projections database (default DATA/projections.sqlite).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// The chain (default: the only chain in the store).
    #[arg(long)]
    pub chain: Option<String>,
    /// Print JSON for scripts.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct HandArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    /// The hand number (with `--ohh` and none: every finished hand).
    #[arg(required_unless_present = "ohh")]
    pub hand: Option<u64>,
    /// Print the hand as an Open Hand History (OHH 1.4.6 JSON), as trackers import it; without
    /// a hand number every finished hand of the chain, one object each, a blank line between
    /// (OHH's file of many hands).
    #[arg(long, conflicts_with = "json")]
    pub ohh: bool,
    /// The house's currency in the export (ISO 4217): a tournament's buy-in, a cash game's
    /// amounts.
    #[arg(long, default_value = "EUR", requires = "ohh")]
    pub currency: String,
}

#[derive(Debug, Clone, Copy)]
enum Format {
    Md,
    Json,
}

/// `audit` prints Markdown, or JSON with `--json`.
#[derive(Debug, Args)]
pub struct AuditArgs {
    #[command(flatten)]
    pub read: ReadArgs,
}

/// A line into the output buffer (writing to a `String` cannot fail).
macro_rules! outln {
    ($o:expr, $($t:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($o, $($t)*);
    }};
}

/// Opens the store and the projections, picks the chain, and catches the projections up.
async fn open(args: &ReadArgs) -> anyhow::Result<(super::Public, Projector, ChainId)> {
    open_caught_up(&args.store, &args.db, &args.chain).await
}

/// `floorbook standings`.
/// `standings`: a table, JSON with `--json`, CSV with `--csv`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    /// Print CSV (place, player, name, chips, status, eliminated in hand, prize).
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Print the tournament as an Open Tournament Summary (OTS 1.1.5 JSON), as trackers import
    /// it: every entrant's place and prize, re-derived from the chain.
    #[arg(long, conflicts_with_all = ["json", "csv"])]
    pub ots: bool,
    /// The house's currency in the summary (ISO 4217).
    #[arg(long, default_value = "EUR", requires = "ots")]
    pub currency: String,
}

pub async fn standings(sargs: &StandingsArgs) -> anyhow::Result<ExitCode> {
    let args = &sargs.read;
    let mut out = String::new();
    let (store, projector, chain) = open(args).await?;
    if sargs.ots {
        let export = floorbook_ledger::ohh::Export::new(&sargs.currency)?;
        let summary = floorbook_ledger::ots::summary(&store, &chain, &export).await?;
        outln!(out, "{}", serde_json::to_string_pretty(&summary)?);
        emit(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let rows = standings::rows(&store, &projector, &chain).await?;
    if sargs.csv {
        out = standings::csv(&rows);
    } else if args.json {
        outln!(
            out,
            "{}",
            serde_json::to_string_pretty(&standings::json(&chain, &rows))?
        );
    } else {
        out = standings::text(&chain, &rows);
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `floorbook hand --chain ID HAND`.
pub async fn hand(args: &HandArgs) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let (store, projector, chain) = open(&args.read).await?;
    if args.ohh {
        let export = floorbook_ledger::ohh::Export::new(&args.currency)?;
        let histories =
            floorbook_ledger::ohh::histories(&store, &chain, args.hand, &export).await?;
        for (i, h) in histories.iter().enumerate() {
            if i > 0 {
                outln!(out, "");
            }
            outln!(out, "{}", serde_json::to_string_pretty(h)?);
        }
        emit(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(number) = args.hand else {
        bail!(
            "name the hand by its number (`floorbook hand 5`); only with --ohh may it be left out, for every hand of the chain"
        );
    };
    let story = floorbook_ledger::report::hand::story(&store, &projector, &chain, number).await?;
    if args.read.json {
        outln!(out, "{}", serde_json::to_string_pretty(&story.json())?);
    } else {
        out = story.text();
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `floorbook audit --chain ID [--json]`: the post-event report.
pub async fn audit(args: &AuditArgs) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let (store, projector, chain) = open(&args.read).await?;
    let format = if args.read.json {
        Format::Json
    } else {
        Format::Md
    };
    if floorbook_ledger::cash::is_cash(&store, &chain).await? {
        let report = floorbook_ledger::cash::audit(&store, &projector, &chain).await?;
        match format {
            Format::Json => outln!(out, "{}", serde_json::to_string_pretty(&report)?),
            Format::Md => {
                let withheld = floorbook_log::ChainId::new(report.chain.clone())
                    .ok()
                    .and_then(|c| store.withheld_until(&c));
                out = floorbook_ledger::report::audit::cash_markdown(&report, withheld);
            }
        }
        emit(&out)?;
        return Ok(if report.clean() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let bar = super::phase(
        args.read.json,
        "auditing: reading, re-deriving and hashing the chain",
    );
    let report = floorbook_ledger::audit::audit(&store, &projector, &chain).await?;
    bar.finish_and_clear();
    match format {
        Format::Json => outln!(out, "{}", serde_json::to_string_pretty(&report)?),
        Format::Md => {
            let names = floorbook_ledger::report::registered_names(&projector, &chain)?;
            out = floorbook_ledger::report::audit::markdown(
                &report,
                &names,
                store.withheld_until(&chain),
            );
        }
    }
    emit(&out)?;
    Ok(if report.clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
