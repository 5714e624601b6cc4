//! The read commands: `rebuild`, `standings`, `hand`, `audit`. Each brings the projections up
//! to date from the log first, so what it prints is never behind the chain.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::{Args, ValueEnum};
use floorbook_log::{ChainId, Envelope, EventStore, Seq};
use floorbook_projections::Projector;
use serde_json::{Value, json};

use super::{emit, open_caught_up};
use crate::backend::{Backend, StoreArgs};

#[derive(Debug, Args)]
pub struct ReadArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The projections database (default DATA/projections.sqlite).
    #[arg(long)]
    pub db: Option<PathBuf>,
    /// The chain (default: the only chain in the store).
    #[arg(long)]
    pub chain: Option<String>,
    /// Print JSON for scripts.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct HandArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    /// The hand number.
    pub hand: u64,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Md,
    Json,
}

#[derive(Debug, Args)]
pub struct AuditArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    #[arg(long, value_enum, default_value = "md")]
    pub format: Format,
}

/// A line into the output buffer (writing to a `String` cannot fail).
macro_rules! outln {
    ($o:expr, $($t:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($o, $($t)*);
    }};
}

/// Opens the store and the projections, picks the chain, and catches the projections up.
async fn open(args: &ReadArgs) -> anyhow::Result<(Backend, Projector, ChainId)> {
    open_caught_up(&args.store, &args.db, &args.chain).await
}

/// place, player, name, chips, status, the hand that eliminated the player.
type StandingRow = (Option<i64>, i64, String, i64, String, Option<i64>);

/// `floorbook standings`.
pub async fn standings(args: &ReadArgs) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let (_, projector, chain) = open(args).await?;
    let conn = projector.connection();
    let mut stmt = conn.prepare(
        "SELECT place, player, name, stack, status, busted_in_hand FROM players WHERE chain = ?1
         AND status IN ('playing', 'winner', 'out') ORDER BY place IS NULL DESC, stack DESC, place ASC",
    )?;
    let rows: Vec<StandingRow> = stmt
        .query_map([chain.as_str()], |r| {
            Ok((
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })?
        .collect::<Result<_, _>>()?;
    if args.json {
        let list: Vec<Value> = rows
            .iter()
            .map(|(place, player, name, chips, status, hand)| json!({"place": place, "player": player, "name": name, "chips": chips, "status": status, "eliminated_in_hand": hand}))
            .collect();
        outln!(
            out,
            "{}",
            serde_json::to_string_pretty(&json!({"chain": chain.as_str(), "standings": list}))?
        );
    } else {
        outln!(out, "standings of {chain}");
        for (place, player, name, chips, status, hand) in rows {
            let place = place.map_or("  -".to_string(), |p| format!("{p:>3}"));
            let detail = match (status.as_str(), hand) {
                ("out", Some(h)) if h > 0 => format!("out in hand {h}"),
                ("out", _) => "out".to_string(),
                _ => format!("{chips} chips"),
            };
            outln!(out, "  {place}. {name} (player {player}): {detail}");
        }
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// A hand event as a line a floor person reads.
fn describe(e: &Value, players: &[i64]) -> String {
    let who = |pos: &Value| -> String {
        pos.as_u64()
            .and_then(|p| players.get(p as usize))
            .map_or("?".to_string(), |p| format!("player {p}"))
    };
    let rules = e
        .get("rules")
        .and_then(Value::as_array)
        .map(|r| {
            let ids: Vec<&str> = r.iter().filter_map(Value::as_str).collect();
            if ids.is_empty() {
                String::new()
            } else {
                format!(" ({})", ids.join(", "))
            }
        })
        .unwrap_or_default();
    let cards = |v: Option<&Value>| -> String {
        v.and_then(Value::as_array)
            .map(|cs| {
                cs.iter()
                    .map(|c| c.as_str().unwrap_or("??"))
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default()
    };
    let kind = e.get("type").and_then(Value::as_str).unwrap_or("?");
    match kind {
        "ante_posted" | "blind_posted" | "dead_blind_posted" => format!(
            "{} posts {} {}{rules}",
            who(&e["pos"]),
            kind.trim_end_matches("_posted").replace('_', " "),
            e["amount"]
        ),
        "hole_dealt" => format!("{} is dealt {}", who(&e["pos"]), cards(e.get("cards"))),
        "board_dealt" => format!(
            "{}: {}",
            e["street"].as_str().unwrap_or("?"),
            cards(e.get("cards"))
        ),
        "folded" => format!("{} folds", who(&e["pos"])),
        "checked" => format!("{} checks", who(&e["pos"])),
        "called" => format!(
            "{} calls {}{}",
            who(&e["pos"]),
            e["amount"],
            if e["all_in"] == true { ", all-in" } else { "" }
        ),
        "bet_or_raised" => format!(
            "{} {} to {}{}{rules}",
            who(&e["pos"]),
            if e["full"] == true {
                "raises"
            } else {
                "goes all-in short"
            },
            e["to"],
            if e["all_in"] == true { " (all-in)" } else { "" }
        ),
        "bet_returned" => format!(
            "{} takes back {} uncalled{rules}",
            who(&e["pos"]),
            e["amount"]
        ),
        "shown" => format!("{} shows {}", who(&e["pos"]), cards(e.get("cards"))),
        "mucked" => format!("{} mucks{rules}", who(&e["pos"])),
        "pot_awarded" => {
            let shares: Vec<String> = e["shares"]
                .as_array()
                .map(|s| {
                    s.iter()
                        .map(|x| format!("{} gets {}", who(&x[0]), x[1]))
                        .collect()
                })
                .unwrap_or_default();
            format!(
                "pot {} of {}: {}{rules}",
                e["pot"],
                e["amount"],
                shares.join(", ")
            )
        }
        "irregularity" => format!(
            "irregularity {}: {}{rules}",
            e["kind"].as_str().unwrap_or("?"),
            e["remedy"].as_str().unwrap_or("")
        ),
        "interpreted" => format!("{} read as {}{rules}", who(&e["pos"]), e["reading"]),
        "out_of_turn" => format!("{} acts out of turn{rules}", who(&e["pos"])),
        "hand_declared_dead" => format!("{}'s hand is declared dead{rules}", who(&e["pos"])),
        other => format!("{}{rules}", other.replace('_', " ")),
    }
}

/// `floorbook hand --chain ID HAND`.
pub async fn hand(args: &HandArgs) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let (store, projector, chain) = open(&args.read).await?;
    let row: Option<(i64, i64, Option<i64>, String, i64)> = projector
        .connection()
        .query_row(
            "SELECT table_no, started_seq, finished_seq, players, level FROM hands WHERE chain = ?1 AND hand = ?2",
            rusqlite::params![chain.as_str(), args.hand as i64],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .ok();
    let Some((table, start, finish, players, level)) = row else {
        bail!("chain {chain} has no hand {}", args.hand);
    };
    let players: Vec<i64> = serde_json::from_str(&players).unwrap_or_default();
    let end = finish.unwrap_or(i64::MAX);
    let mut lines = Vec::new();
    let mut next = Seq(start as u64);
    'read: loop {
        let page = store.read(&chain, next, 1024).await?;
        let Some(last) = page.last() else { break };
        next = last.seq.next();
        for e in &page {
            if e.seq.0 as i64 > end {
                break 'read;
            }
            let env = Envelope::parse(&e.bytes)?;
            let payload: Value = serde_json::from_str(env.payload.get())?;
            if env.event_type == "InHand" && payload["hand"].as_u64() == Some(args.hand) {
                lines.push((e.seq.0, payload["event"].clone()));
            }
        }
    }
    if args.read.json {
        let list: Vec<Value> = lines
            .iter()
            .map(|(seq, e)| json!({"seq": seq, "event": e}))
            .collect();
        outln!(
            out,
            "{}",
            serde_json::to_string_pretty(
                &json!({"chain": chain.as_str(), "hand": args.hand, "table": table, "level": level + 1, "players": players, "events": list})
            )?
        );
    } else {
        outln!(
            out,
            "hand {} at table {table}, level {} — players by position: {players:?}",
            args.hand,
            level + 1
        );
        for (seq, e) in &lines {
            outln!(out, "  {seq:>6}  {}", describe(e, &players));
        }
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `floorbook audit --chain ID [--format md|json]`: the post-event report.
pub async fn audit(args: &AuditArgs) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let (store, projector, chain) = open(&args.read).await?;
    let report = floorbook_ledger::audit::audit(&store, &projector, &chain).await?;
    let chain_line = &report.chain_status;
    let (irregularities, sanctions, rulings, refused) = (
        &report.irregularities,
        &report.sanctions,
        &report.floor,
        &report.refused_commands,
    );
    let format = if args.read.json {
        Format::Json
    } else {
        args.format
    };
    match format {
        Format::Json => outln!(out, "{}", serde_json::to_string_pretty(&report)?),
        Format::Md => {
            outln!(out, "# Audit of {chain}\n");
            outln!(out, "**Chain**: {chain_line}\n");
            outln!(
                out,
                "## Irregularities and remedies ({})\n",
                irregularities.len()
            );
            for r in irregularities {
                outln!(
                    out,
                    "- seq {} (hand {}): {} — {} ({})",
                    r["seq"],
                    r["hand"],
                    r["kind"].as_str().unwrap_or(""),
                    r["remedy"].as_str().unwrap_or("recorded"),
                    r["rules"].as_str().unwrap_or("")
                );
            }
            outln!(
                out,
                "\n## Warnings, penalties, disqualifications ({})\n",
                sanctions.len()
            );
            for r in sanctions {
                outln!(
                    out,
                    "- seq {}: player {} — {} → {} ({})",
                    r["seq"],
                    r["player"],
                    r["offence"].as_str().unwrap_or(""),
                    r["sanction"].as_str().unwrap_or(""),
                    r["rules"].as_str().unwrap_or("")
                );
            }
            outln!(
                out,
                "\n## Floor decisions, clocks and absences ({})\n",
                rulings.len()
            );
            for r in rulings {
                outln!(
                    out,
                    "- seq {}: {} by {} ({})",
                    r["seq"],
                    r["type"].as_str().unwrap_or(""),
                    r["actor"].as_str().unwrap_or(""),
                    r["rules"].as_str().unwrap_or("")
                );
            }
            outln!(
                out,
                "\n## Commands refused for the sender's role ({})\n",
                refused.len()
            );
            for r in refused {
                outln!(
                    out,
                    "- seq {}: {} ({}) sent {}: {}",
                    r["seq"],
                    r["actor"].as_str().unwrap_or(""),
                    r["role"].as_str().unwrap_or(""),
                    r["command"].as_str().unwrap_or(""),
                    r["reason"].as_str().unwrap_or("")
                );
            }
            outln!(out, "\n## Chip count at every level\n");
            for c in &report.chip_counts {
                outln!(
                    out,
                    "- level {} (seq {}): {} chips, expected {} — {}",
                    c.level,
                    c.seq,
                    c.chips,
                    c.expected,
                    if c.ok { "OK" } else { "MISMATCH" }
                );
            }
            outln!(out, "\n## Divergences\n");
            if report.divergences.is_empty() {
                outln!(
                    out,
                    "none: all {} decisions re-derived from the recorded inputs agree",
                    report.decisions_rederived
                );
            }
            for d in &report.divergences {
                outln!(
                    out,
                    "- seq {}: {}\n  recorded: {}\n  derived:  {}",
                    d.seq.map_or("?".to_string(), |s| s.to_string()),
                    d.reason,
                    serde_json::to_string(&d.recorded)?,
                    serde_json::to_string(&d.derived)?
                );
            }
        }
    }
    emit(&out)?;
    Ok(if report.clean() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
