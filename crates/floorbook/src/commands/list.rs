//! `floorbook commands`: every command a terminal can send, from its declaration.

use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use floorbook_service::commands::{COMMANDS, Declaration, Lang};
use floorbook_service::wire_words::is_required;

#[derive(Debug, Args)]
pub struct CommandsArgs {
    /// The language: `en` or `de`.
    #[arg(long, default_value = "en")]
    lang: String,
    /// One command by its wire name (e.g. `fold`); all of them when left out.
    name: Option<String>,
}

pub fn run(args: &CommandsArgs) -> anyhow::Result<ExitCode> {
    let Some(lang) = Lang::from_tag(&args.lang) else {
        bail!("--lang {:?}: use en or de", args.lang);
    };
    let chosen: Vec<&Declaration> = match &args.name {
        Some(n) => match Declaration::named(n) {
            Some(d) => vec![d],
            None => {
                let names: Vec<&str> = COMMANDS.iter().map(|d| d.name).collect();
                bail!(
                    "there is no command {n:?}; the commands are: {}",
                    names.join(", ")
                );
            }
        },
        None => COMMANDS.iter().collect(),
    };
    for d in chosen {
        println!("{}", d.describe(lang, |f| is_required(d.name, f)));
    }
    Ok(ExitCode::SUCCESS)
}
