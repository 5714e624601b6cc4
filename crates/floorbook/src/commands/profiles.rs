//! `floorbook profiles list|show NAME|check FILE`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use floorbook_tournament::{Profile, builtin, builtin_names};

#[derive(Debug, Args)]
pub struct ProfilesArgs {
    #[command(subcommand)]
    command: ProfilesCommand,
}

#[derive(Debug, Subcommand)]
enum ProfilesCommand {
    /// The built-in profiles.
    List,
    /// A built-in profile as a file you can copy and edit.
    Show { name: String },
    /// Check a profile file: every problem with its field and rule; exit 1 if there are any.
    Check { file: PathBuf },
}

pub fn run(args: &ProfilesArgs) -> anyhow::Result<ExitCode> {
    match &args.command {
        ProfilesCommand::List => {
            for name in builtin_names() {
                let (_, p) = builtin(name).context("a built-in profile")?;
                let p = p.with_context(|| format!("reading the built-in profile {name}"))?;
                println!("{name:<10} {} (tournament)", p.title);
            }
            for name in floorbook_cash::builtin_names() {
                let (_, p) = floorbook_cash::builtin(name).context("a built-in profile")?;
                let p = p.with_context(|| format!("reading the built-in profile {name}"))?;
                println!("{name:<10} {} (cash tables)", p.title);
            }
            Ok(ExitCode::SUCCESS)
        }
        ProfilesCommand::Show { name } => {
            match builtin(name)
                .map(|(t, _)| t)
                .or_else(|| floorbook_cash::builtin(name).map(|(t, _)| t))
            {
                Some(text) => {
                    print!("{text}");
                    Ok(ExitCode::SUCCESS)
                }
                None => bail!(
                    "no profile named {name:?}; the profiles are: {}",
                    builtin_names()
                        .chain(floorbook_cash::builtin_names())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            }
        }
        ProfilesCommand::Check { file } => {
            let text = std::fs::read_to_string(file)
                .with_context(|| format!("reading {}", file.display()))?;
            // A cash room's profile has games; a tournament's has levels.
            if floorbook_cash::is_cash_profile(&text) {
                let profile = match floorbook_cash::CashProfile::from_toml(&text) {
                    Ok(p) => p,
                    Err(e) => {
                        println!("{}: {e}", file.display());
                        return Ok(ExitCode::from(1));
                    }
                };
                let problems = profile.check();
                for p in &problems {
                    println!("{}: {p}", file.display());
                }
                if problems.is_empty() {
                    println!(
                        "{}: OK ({}, {}, cash tables)",
                        file.display(),
                        profile.name,
                        profile.title
                    );
                    return Ok(ExitCode::SUCCESS);
                }
                return Ok(ExitCode::from(1));
            }
            let profile = match Profile::from_toml(&text) {
                Ok(p) => p,
                Err(e) => {
                    println!("{}: {e}", file.display());
                    return Ok(ExitCode::from(1));
                }
            };
            let problems = profile.check();
            if problems.is_empty() {
                println!(
                    "{}: OK ({}, {})",
                    file.display(),
                    profile.name,
                    profile.title
                );
                return Ok(ExitCode::SUCCESS);
            }
            for p in &problems {
                println!("{}: {p}", file.display());
            }
            Ok(ExitCode::from(1))
        }
    }
}
