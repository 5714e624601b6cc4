//! `floorbook`: the command line. Thin glue over the library crates: it parses arguments,
//! reads and writes files and streams, and turns typed errors into messages and exit codes.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

mod backend;
mod commands;

/// mimalloc: replaying a PHH corpus, simulating a field and rebuilding projections allocate
/// many small, short-lived values; the system allocator spent a quarter of a PHH replay.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Debug, Parser)]
#[command(
    name = "floorbook",
    version,
    about = "A tamper-evident record of live poker tournaments and cash tables",
    after_help = "--data, --nats, --nats-credentials, --db and --json may come before the \
                  subcommand or after it. Environment: FLOORBOOK_DATA, FLOORBOOK_NATS, \
                  FLOORBOOK_NATS_CREDENTIALS, FLOORBOOK_KEYS."
)]
struct Cli {
    #[command(flatten)]
    early: Early,
    #[command(subcommand)]
    command: Command,
}

/// Options a user may write before the subcommand (`floorbook --data D standings`): each
/// subcommand that takes them declares them itself, global under the same names, and clap
/// hands a value given here down to it. Hidden here so that each subcommand's help shows its
/// own wording once.
#[derive(Debug, clap::Args)]
struct Early {
    /// Data directory of the embedded store.
    #[arg(long, global = true, hide = true, value_name = "DIR")]
    data: Option<std::path::PathBuf>,
    /// NATS server URL.
    #[arg(long, global = true, hide = true)]
    nats: Option<String>,
    /// NATS credentials file.
    #[arg(long, global = true, hide = true, value_name = "FILE")]
    nats_credentials: Option<std::path::PathBuf>,
    /// The projections database.
    #[arg(long, global = true, hide = true)]
    db: Option<std::path::PathBuf>,
    /// Print JSON for scripts.
    #[arg(long, global = true, hide = true)]
    json: bool,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Evaluate a hand: Hold'em (best five of seven, NOB-1) or Omaha (two plus three, GCB-12).
    Eval(commands::eval::EvalArgs),
    /// Recompute every link of the log and hold it to its signed checkpoints.
    Verify(commands::verify::VerifyArgs),
    /// Sign a chain's current head with the service key and publish it beside the log.
    Checkpoint(commands::checkpoint::CheckpointArgs),
    /// Manage the service's ed25519 signing key.
    Keys(commands::keys::KeysArgs),
    /// The venue's transparency log: every chain's events in one Merkle tree, checkpoints signed.
    Tlog(commands::tlog::TlogArgs),
    /// A hand's receipt from the transparency log; check one offline; two that prove a lie.
    Receipt(commands::receipt::ReceiptArgs),
    /// Witness other venues' transparency logs: cosign each checkpoint that only appends.
    Witness(commands::witness::WitnessArgs),
    /// Replay or export hands in PHH, the open Poker Hand History format.
    Phh(commands::phh::PhhArgs),
    /// The rule profiles: list them, show one, check an edited file.
    Profiles(commands::profiles::ProfilesArgs),
    /// Play a whole tournament with bots, record it, project it, verify it (the main job).
    Simulate(commands::simulate::SimulateArgs),
    /// Drop the projections and rebuild them from the log.
    Rebuild(commands::rebuild::RebuildArgs),
    /// The standings of a tournament.
    Standings(commands::read::StandingsArgs),
    /// One hand, readable, from the log.
    Hand(commands::read::HandArgs),
    /// The state at a point of the log, re-derived: tables, stacks, the hand, who acts, what is legal.
    Replay(commands::explain::ReplayArgs),
    /// Re-derive the decision recorded at a sequence and show it against the record, with its rules.
    Explain(commands::explain::ExplainArgs),
    /// A league season over many tournaments: create, attach, correct, standings, explain, verify.
    League(commands::league::LeagueArgs),
    /// The club's member register: add, rename, merge, bar, lift, list, show.
    Members(commands::members::MembersArgs),
    /// The floor service: commands from table terminals over NATS, decided, recorded, projected.
    Serve(commands::serve::ServeArgs),
    /// The floor app's pages: the big-screen clock, the seating chart, the standings, live.
    Web(commands::web::WebArgs),
    /// The rule catalogue: every rule's ID and English reading, by ID or by a word.
    Rules(commands::rules::RulesArgs),
    /// Send one command or query to the floor service and print the reply.
    Cmd(commands::cmd::CmdArgs),
    /// Every command a terminal can send: its fields, who may send it, the rules it cites.
    Commands(commands::list::CommandsArgs),
    /// The post-event report: chain, irregularities, sanctions, rulings, chip counts.
    Audit(commands::read::AuditArgs),
    /// A deal at the final table: each player's figure by ICM, chip chop or save chop.
    Deal(commands::deal::DealArgs),
    /// Files for a deployment: the NATS users, optionally one dealer user per table.
    Deploy(commands::deploy::DeployArgs),
    /// Shell completions for bash, zsh, fish, elvish or PowerShell, printed.
    Completions(commands::shell::CompletionsArgs),
    /// The manual page (roff), printed, or one per command into a folder.
    Man(commands::shell::ManArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Eval(args) => commands::eval::run(&args),
        Command::Deal(args) => commands::deal::run(&args),
        Command::Keys(args) => commands::keys::run(&args).map(|()| ExitCode::SUCCESS),
        Command::Phh(args) => commands::phh::run(&args),
        Command::Profiles(args) => commands::profiles::run(&args),
        Command::Simulate(args) => block(commands::simulate::run(&args)),
        Command::Verify(args) => block(commands::verify::run(&args)),
        Command::Tlog(args) => block(commands::tlog::run(&args)),
        Command::Receipt(args) => block(commands::receipt::run(&args)),
        Command::Witness(args) => block(commands::witness::run(&args)).map(|()| ExitCode::SUCCESS),
        Command::Checkpoint(args) => {
            block(commands::checkpoint::run(&args)).map(|()| ExitCode::SUCCESS)
        }
        Command::Rebuild(args) => block(commands::rebuild::rebuild(&args)),
        Command::Standings(args) => block(commands::read::standings(&args)),
        Command::Hand(args) => block(commands::read::hand(&args)),
        Command::Replay(args) => block(commands::explain::replay(&args)),
        Command::Explain(args) => block(commands::explain::explain(&args)),
        Command::League(args) => block(commands::league::run(&args)),
        Command::Members(args) => block(commands::members::run(&args)),
        Command::Serve(args) => block(commands::serve::run(&args)),
        Command::Web(args) => block(commands::web::run(&args)),
        Command::Rules(args) => commands::rules::run(&args),
        Command::Cmd(args) => block(commands::cmd::run(&args)),
        Command::Commands(args) => commands::list::run(&args),
        Command::Audit(args) => block(commands::read::audit(&args)),
        Command::Deploy(args) => commands::deploy::run(&args),
        Command::Completions(args) => commands::shell::completions(&args, Cli::command()),
        Command::Man(args) => commands::shell::man(&args, Cli::command()),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("floorbook: {}", report(&err));
            ExitCode::from(2)
        }
    }
}

/// Runs an async command on a runtime of its own.
fn block<T>(command: impl std::future::Future<Output = anyhow::Result<T>>) -> anyhow::Result<T> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| anyhow::anyhow!("starting the async runtime: {e}"))?
        .block_on(command)
}

/// An error and its causes on one line, `outer: cause: …`, leaving out a cause whose text the
/// message before it already ends with (a library error that names its source in its own
/// message, as the JSON lines of `phh replay` need, would otherwise be printed twice).
pub fn report(err: &anyhow::Error) -> String {
    let mut out = String::new();
    for cause in err.chain() {
        let text = cause.to_string();
        if out.ends_with(&text) {
            continue;
        }
        if !out.is_empty() {
            out.push_str(": ");
        }
        out.push_str(&text);
    }
    out
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory as _;

    use super::{Cli, report};

    /// Every command and every flag says what it is for in `--help`.
    #[test]
    fn every_command_and_flag_has_help() {
        fn walk(cmd: &clap::Command, path: &str, missing: &mut Vec<String>) {
            let here = format!("{path} {}", cmd.get_name());
            if !path.is_empty() && cmd.get_about().is_none() {
                missing.push(format!("{here} (the command)"));
            }
            for arg in cmd.get_arguments() {
                let id = arg.get_id().as_str();
                if id == "help" || id == "version" {
                    continue;
                }
                if arg.get_help().is_none() && arg.get_long_help().is_none() {
                    missing.push(format!("{here} {id}"));
                }
            }
            for sub in cmd.get_subcommands() {
                walk(sub, &here, missing);
            }
        }
        let mut cli = Cli::command();
        cli.build();
        let mut missing = Vec::new();
        walk(&cli, "", &mut missing);
        assert!(missing.is_empty(), "without help: {missing:#?}");
    }

    #[test]
    fn the_command_line_is_consistent() {
        Cli::command().debug_assert();
    }

    #[derive(Debug, thiserror::Error)]
    #[error("not a PHH file: {0}")]
    struct Named(#[from] std::io::Error);

    #[test]
    fn a_cause_already_in_the_message_is_printed_once() {
        let io = std::io::Error::other("unclosed array");
        let err = anyhow::Error::from(Named(io)).context("reading x.phh");
        assert_eq!(
            report(&err),
            "reading x.phh: not a PHH file: unclosed array"
        );
        let plain = anyhow::anyhow!("no such table").context("sending the command");
        assert_eq!(report(&plain), "sending the command: no such table");
    }
}
