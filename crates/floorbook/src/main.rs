//! `floorbook`: the command line. Thin glue over the library crates: it parses arguments,
//! reads and writes files and streams, and turns typed errors into messages and exit codes.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod commands;

#[derive(Debug, Parser)]
#[command(
    name = "floorbook",
    version,
    about = "A tamper-evident record of live poker tournaments and cash tables"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Evaluate a hand: Hold'em (best five of seven, NOB-1) or Omaha (two plus three, GCB-12).
    Eval(commands::eval::EvalArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Eval(args) => commands::eval::run(&args),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            eprintln!("floorbook: {err:#}");
            ExitCode::from(2)
        }
    }
}
