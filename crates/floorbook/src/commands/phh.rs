//! `floorbook phh replay FILE...` and `floorbook phh export FILE`.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use floorbook_phh::batch::expand;
use floorbook_phh::{parse_phh, replay_any};

#[derive(Debug, Args)]
pub struct PhhArgs {
    #[command(subcommand)]
    command: PhhCommand,
}

#[derive(Debug, Subcommand)]
enum PhhCommand {
    /// Replay hands; print one JSON line per file: {"file", "finishing_stacks"} or {"file", "error"}.
    /// A `.phhs` file (several hands, one TOML table each) gives one line per hand, with its
    /// section name as "hand". A directory stands for every `.phh` and `.phhs` file below it,
    /// in path order.
    Replay {
        /// Files and directories.
        files: Vec<PathBuf>,
        /// Also the files named in this file, one path a line (`-`: standard input), for lists
        /// longer than a command line takes.
        #[arg(long, value_name = "LIST")]
        files_from: Option<PathBuf>,
    },
    /// Replay a hand and write it back as PHH from the engine's record (gaps filled in).
    Export {
        /// The PHH file (one hand).
        file: PathBuf,
    },
}

pub fn run(args: &PhhArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        PhhCommand::Replay { files, files_from } => {
            let mut paths = files.clone();
            if let Some(list) = files_from {
                let text = if list.as_os_str() == "-" {
                    std::io::read_to_string(std::io::stdin()).context("reading the file list")?
                } else {
                    std::fs::read_to_string(list)
                        .with_context(|| format!("reading the file list {}", list.display()))?
                };
                paths.extend(
                    text.lines()
                        .filter(|l| !l.trim().is_empty())
                        .map(PathBuf::from),
                );
            }
            anyhow::ensure!(
                !paths.is_empty(),
                "name PHH files or directories, or give --files-from"
            );
            let files = expand(&paths);
            // A file that is not there is a failure of the run (its line says so too); a hand
            // the rules refuse is a result, as PokerKit's refusal is.
            let missing = files.iter().filter(|f| !f.is_file()).count();
            let stdout = std::io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            replay_files(&files, &mut out).context("writing results")?;
            out.flush().context("writing results")?;
            if missing > 0 {
                eprintln!(
                    "floorbook: {missing} of {} named files could not be read; their lines say why",
                    files.len()
                );
                return Ok(ExitCode::from(1));
            }
            Ok(ExitCode::SUCCESS)
        }
        PhhCommand::Export { file } => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("reading {}", file.display()))?;
            let hand = parse_phh(&text).with_context(|| format!("reading {}", file.display()))?;
            let r = replay_any(&hand).with_context(|| format!("replaying {}", file.display()))?;
            print!("{}", r.export());
            Ok(ExitCode::SUCCESS)
        }
    }
}

fn replay_files(files: &[PathBuf], out: &mut impl Write) -> std::io::Result<()> {
    // Many files: a bar on standard error (on a terminal only).
    let bar = super::phase_of(files.len() < 1000, "replaying", Some(files.len() as u64));
    floorbook_phh::batch::replay_files(files, out, |n| bar.inc(n as u64))?;
    bar.finish_and_clear();
    Ok(())
}
