//! `floorbook profiles list|show NAME|check FILE`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use floorbook_ledger::profiles::{self, Named};

#[derive(Debug, Args)]
pub struct ProfilesArgs {
    /// Print JSON for scripts (`list`: name, title, kind; `check`: the problems).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: ProfilesCommand,
}

#[derive(Debug, Subcommand)]
enum ProfilesCommand {
    /// The built-in profiles.
    List,
    /// A built-in profile as a file you can copy and edit.
    Show {
        /// The profile's name (`floorbook profiles list`).
        name: String,
    },
    /// Check a profile file: every problem with its field and rule; exit 1 if there are any.
    Check {
        /// The profile file (TOML).
        file: PathBuf,
    },
}

pub fn run(args: &ProfilesArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        ProfilesCommand::List => {
            let mut list = Vec::new();
            for name in profiles::builtin_names() {
                let text = profiles::builtin_text(name).context("a built-in profile")?;
                let (kind, title) = match profiles::read(name, text.to_string())? {
                    Named::Tournament(_, p) => ("tournament", p.title),
                    Named::Cash(_, p) => ("cash tables", p.title),
                };
                list.push((name, title, kind));
            }
            if args.json {
                let rows: Vec<_> = list
                    .iter()
                    .map(|(n, t, k)| serde_json::json!({"name": n, "title": t, "kind": k}))
                    .collect();
                println!("{}", serde_json::to_string_pretty(&rows)?);
            } else {
                for (name, title, kind) in list {
                    println!("{name:<10} {title} ({kind})");
                }
            }
            Ok(ExitCode::SUCCESS)
        }
        ProfilesCommand::Show { name } => match profiles::builtin_text(name) {
            Some(text) => {
                print!("{text}");
                Ok(ExitCode::SUCCESS)
            }
            None => bail!(
                "no profile named {name:?}; the profiles are: {}",
                profiles::builtin_names().join(", ")
            ),
        },
        ProfilesCommand::Check { file } => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("reading {}", file.display()))?;
            let checked = profiles::check(&text);
            let ok = checked.problems.is_empty();
            if args.json {
                println!(
                    "{}",
                    serde_json::json!({"file": file, "ok": ok, "problems": checked.problems})
                );
            } else if let (true, Some(name), Some(title)) = (ok, &checked.name, &checked.title) {
                let cash = if checked.cash { ", cash tables" } else { "" };
                println!("{}: OK ({name}, {title}{cash})", file.display());
            } else {
                for p in &checked.problems {
                    println!("{}: {p}", file.display());
                }
            }
            Ok(if ok {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            })
        }
    }
}
