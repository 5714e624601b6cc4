//! `floorbook rebuild`: the projections dropped and made again from every chain.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use floorbook_store_embedded::OpenMode;

use super::emit;
use crate::backend::StoreArgs;

#[derive(Debug, Args)]
pub struct RebuildArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The projections database to rebuild (default DATA/projections.sqlite).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// Print JSON for scripts (chains, events, snapshots, database).
    #[arg(long)]
    pub json: bool,
}

/// The exit code of a process stopped at a test failpoint.
pub const FAILPOINT_EXIT: i32 = 86;

/// `floorbook rebuild`: drop the projected rows and apply every chain again, with a progress
/// bar on a terminal.
pub async fn rebuild(args: &RebuildArgs) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let store = floorbook_log::Disclosing::new(args.store.open(OpenMode::ReadOnly).await?, None);
    let mut projector = args.store.projections(&args.db)?;
    let bar = indicatif::ProgressBar::new(0);
    bar.set_style(
        indicatif::ProgressStyle::with_template("{bar:40} {pos}/{len} events {per_sec} {eta}")
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    // A failpoint for the tests: stop the process (as a kill would) right after this many
    // pages have been applied, so an interrupted rebuild is tested at chosen points.
    let stop_after: Option<u64> = std::env::var("FLOORBOOK_FAILPOINT_REBUILD_PAGES")
        .ok()
        .and_then(|v| v.parse().ok());
    let mut pages = 0u64;
    let rebuilt = floorbook_ledger::rebuild::rebuild(&store, &mut projector, |done, total| {
        bar.set_length(total);
        bar.set_position(done);
        pages += 1;
        if stop_after == Some(pages) {
            std::process::exit(FAILPOINT_EXIT);
        }
    })
    .await?;
    bar.finish_and_clear();
    let floorbook_ledger::rebuild::Rebuilt {
        chains,
        events: done,
        snapshots,
    } = rebuilt;
    let db = args.store.projections_path(&args.db);
    if args.json {
        out = serde_json::json!({
            "chains": chains, "events": done, "snapshots": snapshots, "db": db,
        })
        .to_string()
            + "\n";
    } else {
        out.push_str(&format!(
            "rebuilt {} chain(s), {done} events, {snapshots} replay snapshots, into {}\n",
            chains,
            db.display()
        ));
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}
