//! `floorbook profiles list|show NAME|check FILE`.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use floorbook_tournament::{Profile, builtin, builtin_names};

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
            for name in builtin_names() {
                let (_, p) = builtin(name).context("a built-in profile")?;
                let p = p.with_context(|| format!("reading the built-in profile {name}"))?;
                list.push((name, p.title, "tournament"));
            }
            for name in floorbook_cash::builtin_names() {
                let (_, p) = floorbook_cash::builtin(name).context("a built-in profile")?;
                let p = p.with_context(|| format!("reading the built-in profile {name}"))?;
                list.push((name, p.title, "cash tables"));
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
            if args.json {
                let problems = problems(&text);
                println!(
                    "{}",
                    serde_json::json!({"file": file, "ok": problems.is_empty(), "problems": problems})
                );
                return Ok(if problems.is_empty() {
                    ExitCode::SUCCESS
                } else {
                    ExitCode::from(1)
                });
            }
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

/// Every problem with a profile's text, in words; none when it is sound.
fn problems(text: &str) -> Vec<String> {
    if floorbook_cash::is_cash_profile(text) {
        return match floorbook_cash::CashProfile::from_toml(text) {
            Ok(p) => p.check().iter().map(ToString::to_string).collect(),
            Err(e) => vec![e.to_string()],
        };
    }
    match Profile::from_toml(text) {
        Ok(p) => p.check().iter().map(ToString::to_string).collect(),
        Err(e) => vec![e.to_string()],
    }
}
