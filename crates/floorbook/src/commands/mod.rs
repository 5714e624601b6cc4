//! One module per subcommand, and what they share: opening the store and the projections, and
//! writing the output.

use std::path::PathBuf;

use anyhow::Context;
use floorbook_log::ChainId;
use floorbook_projections::Projector;
use floorbook_store_embedded::OpenMode;

use crate::backend::{Backend, StoreArgs};

pub mod checkpoint;
pub mod cmd;
pub mod deal;
pub mod deploy;
pub mod eval;
pub mod explain;
pub mod keys;
pub mod league;
pub mod list;
pub mod members;
pub mod phh;
pub mod profiles;
pub mod read;
pub mod rebuild;
pub mod receipt;
pub mod rules;
pub mod serve;
pub mod shell;
pub mod simulate;
pub mod tlog;
pub mod verify;
pub mod web;
pub mod witness;

/// A phase of long work on standard error: a bar when its size is known, else a spinner with
/// a count; nothing when the output is JSON for a script, or standard error is not a terminal
/// (indicatif draws only on one).
pub fn phase_of(json: bool, what: &str, total: Option<u64>) -> indicatif::ProgressBar {
    let bar = match (json, total) {
        (true, _) => indicatif::ProgressBar::hidden(),
        (false, Some(n)) => indicatif::ProgressBar::new(n),
        (false, None) => indicatif::ProgressBar::new_spinner(),
    };
    let template = if total.is_some() {
        "{msg}: {bar:30} {pos}/{len} {elapsed}"
    } else {
        "{spinner} {msg}: {pos} {elapsed}"
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(template)
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
    );
    bar.set_message(what.to_string());
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar
}

/// [`phase_of`] for work of unknown size.
pub fn phase(json: bool, what: &str) -> indicatif::ProgressBar {
    phase_of(json, what, None)
}

/// Writes the whole output at once; a reader that closed the pipe (`| head`) is not an error.
pub fn emit(out: &str) -> anyhow::Result<()> {
    emit_bytes(out.as_bytes())
}

/// [`emit`] for bytes.
pub fn emit_bytes(out: &[u8]) -> anyhow::Result<()> {
    use std::io::Write as _;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(out).and_then(|()| stdout.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}

/// The store as a reader without the card secret sees it.
pub type Public = floorbook_log::Disclosing<Backend>;

/// Opens the store (read only) and the projections, picks the chain (the one named, else the
/// only one), and catches the projections up with it.
pub async fn open_caught_up(
    store: &StoreArgs,
    db: &Option<PathBuf>,
    chain: &Option<String>,
) -> anyhow::Result<(Public, Projector, ChainId)> {
    // A reader holds no card secret: hole cards of a hand in play stay sealed, and the chain
    // ends for it before the first of them.
    let backend = floorbook_log::Disclosing::new(store.open(OpenMode::ReadOnly).await?, None);
    let chain = floorbook_log::pick_chain(&backend, chain.as_deref()).await?;
    let mut projector = store.projections(db)?;
    projector
        .catch_up(&backend, &chain, floorbook_log::PAGE, |_| {})
        .await
        .context("bringing the projections up to date")?;
    Ok((backend, projector, chain))
}
