//! `floorbook phh replay FILE...` and `floorbook phh export FILE`.

use std::io::{BufWriter, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use floorbook_phh::{export, parse_phh, replay};

#[derive(Debug, Args)]
pub struct PhhArgs {
    #[command(subcommand)]
    command: PhhCommand,
}

#[derive(Debug, Subcommand)]
enum PhhCommand {
    /// Replay hands; print one JSON line per file: {"file", "finishing_stacks"} or {"file", "error"}.
    Replay {
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Replay a hand and write it back as PHH from the engine's record (gaps filled in).
    Export { file: PathBuf },
}

pub fn run(args: &PhhArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        PhhCommand::Replay { files } => {
            let stdout = std::io::stdout();
            let mut out = BufWriter::new(stdout.lock());
            for file in files {
                let name = file.display().to_string();
                let line = match std::fs::read_to_string(file)
                    .map_err(|e| e.to_string())
                    .and_then(|t| {
                        let hand = parse_phh(&t).map_err(|e| e.to_string())?;
                        replay(&hand).map_err(|e| e.to_string())
                    }) {
                    Ok(r) => serde_json::json!({
                        "file": name,
                        "finishing_stacks": r.finishing_stacks_as_written(),
                    }),
                    Err(e) => serde_json::json!({ "file": name, "error": e }),
                };
                serde_json::to_writer(&mut out, &line).context("writing results")?;
                out.write_all(b"\n").context("writing results")?;
            }
            out.flush().context("writing results")?;
            Ok(ExitCode::SUCCESS)
        }
        PhhCommand::Export { file } => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("reading {}", file.display()))?;
            let hand = parse_phh(&text).with_context(|| format!("reading {}", file.display()))?;
            let r = replay(&hand).with_context(|| format!("replaying {}", file.display()))?;
            print!("{}", export(&r.hand, hand.scale));
            Ok(ExitCode::SUCCESS)
        }
    }
}
