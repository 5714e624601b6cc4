//! `floorbook simulate`: the main job. Bots play a whole tournament under a profile; every
//! event goes into a chain (embedded store by default, JetStream with `--nats`) with signed
//! checkpoints; the projections are built; the chain is verified; the standings, the audit
//! summary and one example explanation are printed.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use chrono::{DateTime, Utc};
use clap::{Args, ValueEnum};
use floorbook_ledger::profiles::{self, Named};
use floorbook_ledger::report::main_job::Recorded;
use floorbook_log::{ChainId, EventStore};
use floorbook_store_embedded::OpenMode;
use serde_json::json;

use crate::backend::{Backend, StoreArgs};
use crate::commands::keys::generate;
use floorbook_log::keyfolder::load_service_key;

#[derive(Debug, Args)]
pub struct SimulateArgs {
    /// The rule profile: a built-in name (see `floorbook profiles list`) or a profile file.
    #[arg(long, default_value = "top18")]
    profile: String,
    /// How many players register (2 to 10,000).
    #[arg(long, default_value_t = 27)]
    players: u32,
    /// The seed of every random draw; the same seed plays the same tournament.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How the bots play: `loose` (often all in: a short tournament) or `patient` (seldom all
    /// in unless short-stacked: many hands per player, a long chain).
    #[arg(long, value_enum, default_value_t = Bots::Loose)]
    bots: Bots,
    #[command(flatten)]
    store: StoreArgs,
    /// The projections database (default DATA/projections.sqlite).
    #[arg(long)]
    db: Option<PathBuf>,
    /// Directory of the service key that signs checkpoints (default beside the data folder,
    /// DATA-keys, or `$FLOORBOOK_KEYS`; created if missing).
    #[arg(long)]
    keys: Option<PathBuf>,
    /// When the tournament starts (RFC 3339); every event's time is counted from it.
    #[arg(long, default_value = "2026-01-01T19:00:00Z")]
    start: DateTime<Utc>,
    /// Print one JSON object for scripts.
    #[arg(long)]
    json: bool,
    /// A cash room's evening (a cash profile such as `gcb`): its length in minutes.
    #[arg(long, default_value_t = 240)]
    minutes: u64,
    /// Decide by an earlier rules revision (1 to the current): a chain as an earlier build
    /// wrote it, for compatibility checks.
    #[arg(long, hide = true)]
    rules_revision: Option<u32>,
    /// Only play the tournament and print how many events it decided: the reference the main
    /// job's time is measured against (`crates/bench/main-job.sh`).
    #[arg(long, hide = true)]
    play_only: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Bots {
    Loose,
    Patient,
}

use super::phase;

/// A built-in profile by its name, or a profile file (as `floorbook profiles check` reads it),
/// of either kind: it must hold together.
fn profile_named(name: &str) -> anyhow::Result<Named> {
    let text = match profiles::builtin_text(name) {
        Some(text) => text.to_string(),
        None => {
            let path = std::path::Path::new(name);
            if !path.is_file() {
                bail!(
                    "no profile named {name:?} and no such file; see `floorbook profiles list`, or give a profile file"
                );
            }
            std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?
        }
    };
    Ok(profiles::read(name, text)?)
}

pub async fn run(args: &SimulateArgs) -> anyhow::Result<ExitCode> {
    let (profile_toml, profile) = match profile_named(&args.profile)? {
        Named::Cash(text, profile) => return run_cash(args, &text, &profile).await,
        Named::Tournament(text, profile) => (text, *profile),
    };
    let profile_toml = profile_toml.as_str();
    if !(2..=10_000).contains(&args.players) {
        bail!("--players must be 2 to 10000; got {}", args.players);
    }
    let style = match args.bots {
        Bots::Loose => floorbook_sim::Style::Loose,
        Bots::Patient => floorbook_sim::Style::Patient,
    };
    let revision = args
        .rules_revision
        .unwrap_or(floorbook_tournament::RULES_REVISION);
    if !(1..=floorbook_tournament::RULES_REVISION).contains(&revision) {
        bail!(
            "--rules-revision must be 1 to {}; got {revision}",
            floorbook_tournament::RULES_REVISION
        );
    }
    if args.play_only {
        let sim = floorbook_sim::simulate_under(
            &profile,
            revision,
            args.players,
            args.seed,
            style,
            None,
        )?;
        let t = &sim.tournament;
        println!(
            "{}",
            json!({"events": t.events.len(), "commands": t.commands.len()})
        );
        return Ok(ExitCode::SUCCESS);
    }
    let store = args.store.open(OpenMode::ReadWrite).await?;
    let chain = ChainId::new(format!(
        "t-{}-s{}-p{}{}",
        profile.name,
        args.seed,
        args.players,
        if args.bots == Bots::Patient {
            "-patient"
        } else {
            ""
        }
    ))?;
    let opening = floorbook_ledger::drafts::opening_draft(
        &profile,
        profile_toml,
        revision,
        args.seed,
        args.start,
    )?;
    // The tournament is played on a thread of its own and recorded as it goes: every few
    // thousand events its drafts come over a short queue, so memory holds the tournament's
    // state and what is not yet written, not the whole record.
    let (tx, rx) = tokio::sync::mpsc::channel::<Vec<floorbook_log::Draft>>(4);
    let playing = phase(args.json, "playing and recording (hands)");
    let player = {
        let (profile, playing, players, seed, start) = (
            profile.clone(),
            playing.clone(),
            args.players,
            args.seed,
            args.start,
        );
        tokio::task::spawn_blocking(move || -> anyhow::Result<()> {
            let send = |d: floorbook_tournament::transcript::Drained| -> anyhow::Result<()> {
                let drafts = floorbook_ledger::drafts::command_drafts(
                    &d.commands,
                    &d.events,
                    d.base,
                    start,
                )?;
                // A recorder that stopped has said why; the play just ends.
                let _ = tx.blocking_send(drafts);
                Ok(())
            };
            let mut failed = None;
            let mut after_hand = |t: &mut floorbook_tournament::transcript::Transcript| {
                playing.inc(1);
                if t.events.len() >= 8192 && failed.is_none() {
                    failed = send(t.drain()).err();
                }
            };
            let sim = floorbook_sim::simulate_draining(
                &profile,
                revision,
                players,
                seed,
                style,
                &mut after_hand,
            )
            .with_context(|| format!("simulating {players} players under {}", profile.name))?;
            if let Some(e) = failed {
                return Err(e);
            }
            let mut t = sim.tournament;
            send(t.drain())
        })
    };
    let recorded = record(args, &store, &chain, opening, rx).await;
    playing.finish_and_clear();
    player.await.context("the simulation stopped")??;
    let head = recorded?;

    let (projector, recorded) = project_and_verify(args, &store, &chain, head).await?;
    let checkpoints = store.checkpoints(&chain).await?;
    let run = floorbook_ledger::report::main_job::tournament(
        &store,
        &projector,
        &chain,
        checkpoints.len(),
    )
    .await?;
    let title = format!(
        "{} — {} players, seed {}",
        profile.title, args.players, args.seed
    );
    print_run(
        args,
        run.json(&recorded),
        run.text(&title, &recorded),
        recorded.verified,
    )
}

/// Prints the main job's answer (with where its data lies) and says by the exit code whether
/// it holds.
fn print_run(
    args: &SimulateArgs,
    json: serde_json::Value,
    text: String,
    ok: bool,
) -> anyhow::Result<ExitCode> {
    if args.json {
        println!("{}", serde_json::to_string_pretty(&json)?);
    } else {
        print!("{text}");
        println!(
            "\ndata: {} and {}",
            args.store.data.display(),
            args.store.projections_path(&args.db).display()
        );
    }
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// The main job for a cash room: bots play an evening; its chain is recorded, projected and
/// verified, every decision re-derived, and one decision explained.
async fn run_cash(
    args: &SimulateArgs,
    profile_toml: &str,
    profile: &floorbook_cash::CashProfile,
) -> anyhow::Result<ExitCode> {
    if !(2..=10_000).contains(&args.players) {
        bail!("--players must be 2 to 10000 guests; got {}", args.players);
    }
    if !(1..=24 * 60).contains(&args.minutes) {
        bail!("--minutes must be 1 to 1440; got {}", args.minutes);
    }
    let playing = phase(args.json, "playing (commands)");
    let mut tick = |_: &floorbook_cash::CashRoom, _: &floorbook_sim::cash::Entry| playing.inc(1);
    let evening = floorbook_sim::cash::simulate_cash(
        profile,
        args.players,
        args.minutes,
        args.seed,
        Some(&mut tick),
    )
    .with_context(|| format!("simulating an evening under {}", profile.name))?;
    playing.finish_and_clear();
    let store = args.store.open(OpenMode::ReadWrite).await?;
    let chain = ChainId::new(format!(
        "c-{}-s{}-g{}-m{}",
        profile.name, args.seed, args.players, args.minutes
    ))?;
    let drafts = floorbook_ledger::cash::drafts(
        profile,
        profile_toml,
        Some(args.seed),
        args.start,
        evening
            .log
            .iter()
            .map(|e| (&e.command, e.at, e.events.as_slice())),
    )?;
    let mut drafts = drafts.into_iter();
    let opening = drafts.next().context("a cash room's chain opens")?;
    let (tx, rx) = tokio::sync::mpsc::channel(1);
    tx.try_send(drafts.collect())
        .map_err(|_| anyhow::anyhow!("queueing the evening's drafts"))?;
    drop(tx);
    let head = record(args, &store, &chain, opening, rx).await?;
    let (projector, recorded) = project_and_verify(args, &store, &chain, head).await?;
    let record = floorbook_ledger::cash::load(&store, chain.clone()).await?;
    let diverged = floorbook_ledger::cash::rederive(&record).err();
    let run = floorbook_ledger::report::main_job::cash(&projector, &record, &chain)?;
    let title = format!(
        "{} — an evening of {} minutes, up to {} guests, seed {}",
        profile.title, args.minutes, args.players, args.seed
    );
    print_run(
        args,
        run.json(&recorded, diverged.is_none()),
        run.text(&title, &recorded, diverged.as_deref()),
        recorded.verified && diverged.is_none(),
    )
}

/// Projects the recorded chain and verifies it against its checkpoints, showing progress.
async fn project_and_verify(
    args: &SimulateArgs,
    store: &Backend,
    chain: &ChainId,
    head: floorbook_log::Head,
) -> anyhow::Result<(floorbook_projections::Projector, Recorded)> {
    let bar = phase(args.json, "projecting (events)");
    let mut projector = args.store.projections(&args.db)?;
    let verifying = |seq| {
        if seq == 1 {
            bar.set_message("verifying (events)");
        }
        bar.set_position(seq);
    };
    let recorded = floorbook_ledger::report::main_job::project_and_verify(
        store,
        &mut projector,
        (chain, head),
        |seq| bar.set_position(seq),
        verifying,
    )
    .await?;
    bar.finish_and_clear();
    Ok((projector, recorded))
}

/// Records the main job's drafts on `chain` with signed checkpoints (the service key made
/// when missing); the same run again finds them recorded, event for event, and anything else
/// there is refused, never overwritten. The chain's head.
async fn record(
    args: &SimulateArgs,
    store: &Backend,
    chain: &ChainId,
    opening: floorbook_log::Draft,
    mut rx: tokio::sync::mpsc::Receiver<Vec<floorbook_log::Draft>>,
) -> anyhow::Result<floorbook_log::Head> {
    let next = async || rx.recv().await;
    if let Some(existing) = store.head(chain).await? {
        let head =
            floorbook_ledger::drafts::check_run_again(chain, existing, opening, next).await?;
        if !args.json {
            eprintln!("chain {chain} is already recorded, event for event; checking it");
        }
        return Ok(head);
    }
    let keys = args
        .keys
        .clone()
        .unwrap_or_else(|| args.store.default_keys_dir());
    args.store.warn_if_key_inside(&keys);
    let key = if keys.join("service.key").exists() {
        load_service_key(&keys)?
    } else {
        generate(&keys)?
    };
    Ok(floorbook_ledger::drafts::record_run(store, chain, key, opening, next).await?)
}
