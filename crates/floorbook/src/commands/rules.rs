//! `floorbook rules`: the rule catalogue that ships with the build (`docs/RULES.md`), by ID
//! or by a word (English or German), with the seed's own words; every event, refusal and
//! ruling cites these IDs.

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::Args;
use floorbook_rules::{ALL, Rule};
use serde_json::json;

#[derive(Debug, Args)]
pub struct RulesArgs {
    /// One rule by its ID (TR-17, PLO-2, GCB-6, TDA-39B, NOB-16 …); none: all of them.
    id: Option<String>,
    /// Only the rules whose ID or reading contains this word (any case).
    #[arg(long, value_name = "WORD")]
    search: Option<String>,
    /// Machine output: a JSON list of {id, document, text}.
    #[arg(long)]
    json: bool,
}

pub fn run(args: &RulesArgs) -> anyhow::Result<ExitCode> {
    let rules: Vec<Rule> = match &args.id {
        Some(id) => match ALL
            .iter()
            .copied()
            .find(|r| r.id().eq_ignore_ascii_case(id))
        {
            Some(r) => vec![r],
            None => {
                eprintln!(
                    "error: no rule {id:?}: IDs look like TR-17, PLO-2, GCB-6, TDA-39B, NOB-16 (`floorbook rules` lists them all)"
                );
                return Ok(ExitCode::from(2));
            }
        },
        None => ALL.to_vec(),
    };
    let word = args.search.as_deref().map(str::to_lowercase);
    let rules: Vec<Rule> = rules
        .into_iter()
        .filter(|r| word.as_deref().is_none_or(|w| r.mentions(w)))
        .collect();
    let mut out = String::new();
    if args.json {
        let list: Vec<_> = rules
            .iter()
            .map(|r| json!({"id": r.id(), "document": r.document(), "text": r.text(), "seed": r.seed_text()}))
            .collect();
        out = serde_json::to_string_pretty(&list)? + "\n";
    } else {
        // One rule: its reading and the seed's own words; a list: the readings.
        let one = rules.len() == 1;
        for r in &rules {
            let _ = writeln!(out, "{:<8} {}", r.id(), r.text());
            if one {
                let _ = writeln!(
                    out,
                    "\n{} — the seed's words (the spec):\n{}",
                    r.document(),
                    r.seed_text()
                );
            }
        }
        if rules.is_empty() {
            let _ = writeln!(out, "no rule matches");
        }
    }
    super::emit(&out)?;
    Ok(if rules.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}
