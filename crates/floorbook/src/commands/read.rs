//! The read commands: `rebuild`, `standings`, `hand`, `audit`. Each brings the projections up
//! to date from the log first, so what it prints is never behind the chain.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::bail;
use clap::Args;
use floorbook_cards::Card;
use floorbook_hand::{HandEvent, Pos};
use floorbook_ledger::chain::ChainEvent;
use floorbook_log::{ChainId, EventStore, Seq};
use floorbook_projections::Projector;
use floorbook_rules::Rule;
use floorbook_tournament::engine::TournamentEvent;
use serde_json::{Value, json};

use super::{emit, open_caught_up};
use crate::backend::StoreArgs;

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
    /// The hand number (with `--ohh` and none: every finished hand).
    #[arg(required_unless_present = "ohh")]
    pub hand: Option<u64>,
    /// Print the hand as an Open Hand History (OHH 1.4.6 JSON), as trackers import it; without
    /// a hand number every finished hand of the chain, one object each, a blank line between
    /// (OHH's file of many hands).
    #[arg(long, conflicts_with = "json")]
    pub ohh: bool,
    /// The house's currency in the export (ISO 4217): a tournament's buy-in, a cash game's
    /// amounts.
    #[arg(long, default_value = "EUR", requires = "ohh")]
    pub currency: String,
}

#[derive(Debug, Clone, Copy)]
enum Format {
    Md,
    Json,
}

/// `audit` prints Markdown, or JSON with `--json`.
#[derive(Debug, Args)]
pub struct AuditArgs {
    #[command(flatten)]
    pub read: ReadArgs,
}

/// A line into the output buffer (writing to a `String` cannot fail).
macro_rules! outln {
    ($o:expr, $($t:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($o, $($t)*);
    }};
}

/// Opens the store and the projections, picks the chain, and catches the projections up.
async fn open(args: &ReadArgs) -> anyhow::Result<(super::Public, Projector, ChainId)> {
    open_caught_up(&args.store, &args.db, &args.chain).await
}

/// place, player, name, chips, status, the hand that eliminated the player.
type StandingRow = (Option<i64>, i64, String, i64, String, Option<i64>);

/// `floorbook standings`.
/// `standings`: a table, JSON with `--json`, CSV with `--csv`.
#[derive(Debug, Args)]
pub struct StandingsArgs {
    #[command(flatten)]
    pub read: ReadArgs,
    /// Print CSV (place, player, name, chips, status, eliminated in hand, prize).
    #[arg(long, conflicts_with = "json")]
    pub csv: bool,
    /// Print the tournament as an Open Tournament Summary (OTS 1.1.5 JSON), as trackers import
    /// it: every entrant's place and prize, re-derived from the chain.
    #[arg(long, conflicts_with_all = ["json", "csv"])]
    pub ots: bool,
    /// The house's currency in the summary (ISO 4217).
    #[arg(long, default_value = "EUR", requires = "ots")]
    pub currency: String,
}

pub async fn standings(sargs: &StandingsArgs) -> anyhow::Result<ExitCode> {
    let args = &sargs.read;
    let mut out = String::new();
    let (store, projector, chain) = open(args).await?;
    if sargs.ots {
        let export = floorbook_ledger::ohh::Export::new(&sargs.currency)?;
        let summary = floorbook_ledger::ots::summary(&store, &chain, &export).await?;
        outln!(out, "{}", serde_json::to_string_pretty(&summary)?);
        emit(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    // Each paid place's prize as the re-derived tournament holds it: the payout in force of
    // the buy-ins paid (NOB-16), an agreed deal's figure, or what the cashier paid.
    let prizes = floorbook_ledger::ots::prizes(
        &floorbook_ledger::ots::at_end(&projector, &store, &chain).await?,
    );
    let prize = |player: i64| -> Option<String> {
        let cents = prizes.get(&u32::try_from(player).ok()?)?;
        Some(format!("{}.{:02}", cents / 100, cents % 100))
    };
    let conn = projector.connection();
    let mut stmt = conn.prepare(
        "SELECT place, player, COALESCE(m.name, p.name), stack, status, busted_in_hand
         FROM players p
         LEFT JOIN members m0 ON m0.member = p.member
         LEFT JOIN members m ON m.member = COALESCE(m0.merged_into, m0.member)
         WHERE chain = ?1 AND status IN ('playing', 'winner', 'out')
         ORDER BY place IS NULL DESC, stack DESC, place ASC",
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
    if sargs.csv {
        outln!(
            out,
            "place,player,name,chips,status,eliminated_in_hand,prize"
        );
        for (place, player, name, chips, status, hand) in &rows {
            let text = |v: Option<String>| v.unwrap_or_default();
            let quoted = if name.contains([',', '"', '\n']) {
                format!("\"{}\"", name.replace('"', "\"\""))
            } else {
                name.clone()
            };
            outln!(
                out,
                "{},{player},{quoted},{chips},{status},{},{}",
                text(place.map(|p| p.to_string())),
                text(hand.map(|h| h.to_string())),
                text(prize(*player))
            );
        }
    } else if args.json {
        let list: Vec<Value> = rows
            .iter()
            .map(|(place, player, name, chips, status, hand)| json!({"place": place, "player": player, "name": name, "chips": chips, "status": status, "eliminated_in_hand": hand, "prize": prize(*player)}))
            .collect();
        outln!(
            out,
            "{}",
            serde_json::to_string_pretty(&json!({"chain": chain.as_str(), "standings": list}))?
        );
    } else {
        outln!(out, "standings of {chain}");
        for (place, player, name, chips, status, hand) in rows {
            let detail = match (status.as_str(), hand) {
                ("out", Some(h)) if h > 0 => format!("out in hand {h}"),
                ("out", _) => "out".to_string(),
                _ => format!("{chips} chips"),
            };
            let won = prize(player)
                .map(|p| format!(", wins {p}"))
                .unwrap_or_default();
            let place = place.map_or("  -".to_string(), |p| format!("{p:>3}"));
            let who = player_name(player, &HashMap::from([(player, name)]));
            outln!(out, "  {place}. {who}: {detail}{won}");
        }
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// A hand event as a line a floor person reads.
fn describe(e: &HandEvent, players: &[i64], names: &HashMap<i64, String>) -> String {
    let who = |pos: Pos| -> String {
        players
            .get(pos.0)
            .map_or("?".to_string(), |p| player_name(*p, names))
    };
    let ids: Vec<&str> = e.rules().iter().map(Rule::id).collect();
    let rules = if ids.is_empty() {
        String::new()
    } else {
        format!(" ({})", ids.join(", "))
    };
    let cards = |cs: &[Option<Card>]| -> String {
        cs.iter()
            .map(|c| c.map_or("??".to_string(), |c| c.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match e {
        HandEvent::AntePosted { pos, amount, .. } => {
            format!("{} posts ante {amount}{rules}", who(*pos))
        }
        HandEvent::BlindPosted { pos, amount, .. } => {
            format!("{} posts blind {amount}{rules}", who(*pos))
        }
        HandEvent::DeadBlindPosted { pos, amount, .. } => {
            format!("{} posts dead blind {amount}{rules}", who(*pos))
        }
        HandEvent::HoleDealt { pos, cards: cs } => format!("{} is dealt {}", who(*pos), cards(cs)),
        HandEvent::BoardDealt {
            street,
            cards: cs,
            unseen,
        } => {
            let mut cs: Vec<Option<Card>> = cs.iter().copied().map(Some).collect();
            cs.extend(std::iter::repeat_n(None, usize::from(*unseen)));
            let note = if *unseen > 0 { " (not entered)" } else { "" };
            format!("{}: {}{note}", snake(street), cards(&cs))
        }
        HandEvent::StudDealt {
            street,
            pos,
            down,
            up,
        } => match (down.is_empty(), up.is_empty()) {
            (false, false) => format!(
                "{} street: {} is dealt {} down, {} up",
                snake(street),
                who(*pos),
                cards(down),
                cards(up)
            ),
            (false, true) => format!(
                "{} street: {} is dealt {} down",
                snake(street),
                who(*pos),
                cards(down)
            ),
            _ => format!(
                "{} street: {} is dealt {} up",
                snake(street),
                who(*pos),
                cards(up)
            ),
        },
        HandEvent::FirstToAct {
            street,
            pos,
            showing,
            bring_in,
            ..
        } => {
            let showing: Vec<Option<Card>> = showing.iter().copied().map(Some).collect();
            format!(
                "{} street: {} showing {} {}{rules}",
                snake(street),
                who(*pos),
                cards(&showing),
                if *bring_in {
                    "brings it in"
                } else if *street == floorbook_hand::Street::Third {
                    "is the low card, but all in: the next player brings it in"
                } else {
                    "acts first"
                }
            )
        }
        HandEvent::BringInPosted {
            pos,
            amount,
            all_in,
            ..
        } => format!(
            "{} brings in {amount}{}{rules}",
            who(*pos),
            if *all_in { ", all-in" } else { "" }
        ),
        HandEvent::Folded { pos } => format!("{} folds", who(*pos)),
        HandEvent::Checked { pos } => format!("{} checks", who(*pos)),
        HandEvent::Called {
            pos,
            amount,
            all_in,
        } => format!(
            "{} calls {amount}{}",
            who(*pos),
            if *all_in { ", all-in" } else { "" }
        ),
        HandEvent::BetOrRaised {
            pos,
            to,
            increment,
            full,
            all_in,
            ..
        } => format!(
            "{} {} to {to}{}{rules}",
            who(*pos),
            if !*full {
                "goes all-in short"
            } else if e.rules().contains(Rule::TdaRp10) {
                "completes"
            } else if *increment == *to {
                "bets"
            } else {
                "raises"
            },
            if *all_in { " (all-in)" } else { "" }
        ),
        HandEvent::BetReturned { pos, amount, .. } => {
            format!("{} takes back {amount} uncalled{rules}", who(*pos))
        }
        HandEvent::Shown { pos, cards: cs } => format!("{} shows {}", who(*pos), cards(cs)),
        HandEvent::Mucked { pos, .. } => format!("{} mucks{rules}", who(*pos)),
        HandEvent::PotAwarded {
            pot,
            amount,
            shares,
            read_by_dealer,
            ..
        } => {
            let shares: Vec<String> = shares
                .iter()
                .map(|(p, c)| format!("{} gets {c}", who(*p)))
                .collect();
            let read = if *read_by_dealer {
                " as the dealer read the hands (the board was not entered)"
            } else {
                ""
            };
            format!("pot {pot} of {amount}: {}{read}{rules}", shares.join(", "))
        }
        HandEvent::Irregularity { kind, remedy, .. } => {
            format!("irregularity {}: {remedy}{rules}", snake(kind))
        }
        HandEvent::Interpreted { pos, reading, .. } => {
            format!("{} read as {}{rules}", who(*pos), snake(reading))
        }
        HandEvent::OutOfTurn { pos, .. } => format!("{} acts out of turn{rules}", who(*pos)),
        HandEvent::HandDeclaredDead { pos, .. } => {
            format!("{}'s hand is declared dead{rules}", who(*pos))
        }
        HandEvent::ShownAfterHand { pos, cards: cs, .. } => {
            let cs: Vec<Option<Card>> = cs.iter().copied().map(Some).collect();
            format!("{} shows {} after the hand{rules}", who(*pos), cards(&cs))
        }
        HandEvent::WinnerShowedByChoice { pos, shown, .. } => {
            format!("{} chose to show {shown} cards{rules}", who(*pos))
        }
        HandEvent::HoleCardsCorrected {
            pos,
            was,
            now,
            reason,
            ..
        } => {
            let now: Vec<Option<Card>> = now.iter().copied().map(Some).collect();
            format!(
                "the floor corrects {}'s cards from {} to {}: {reason}{rules}",
                who(*pos),
                cards(was),
                cards(&now)
            )
        }
        HandEvent::ChipsForfeited { pos, amount, .. } => {
            format!("{} forfeits {amount} hidden chips{rules}", who(*pos))
        }
        other => format!("{}{rules}", snake(other).replace('_', " ")),
    }
}

/// A value's serde name (`flop`, `four_card_flop`, `settled` …), for the text of a hand.
fn snake<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(Value::Object(m)) => m
            .get("type")
            .or_else(|| m.values().next())
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string(),
        Ok(other) => other.to_string(),
        Err(_) => "?".to_string(),
    }
}

/// The players' registered names, by number.
fn registered_names(
    projector: &Projector,
    chain: &ChainId,
) -> rusqlite::Result<HashMap<i64, String>> {
    let conn = projector.connection();
    // The name on the member register where he registered as a member (a rename or a merge
    // after the tournament shows), else the name he registered under.
    let mut stmt = conn.prepare(
        "SELECT player, COALESCE(m.name, p.name) FROM players p
         LEFT JOIN members m0 ON m0.member = p.member
         LEFT JOIN members m ON m.member = COALESCE(m0.merged_into, m0.member)
         WHERE chain = ?1",
    )?;
    stmt.query_map([chain.as_str()], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect()
}

/// A player as a person reads him, by his registered name in `names` ([`person`]).
fn player_name(p: i64, names: &HashMap<i64, String>) -> String {
    person(p, names.get(&p).map(String::as_str))
}

/// A player as a person reads him: his registered name, and his number when the name does not
/// already say it.
pub(crate) fn person(p: impl std::fmt::Display, name: Option<&str>) -> String {
    match name {
        Some(n) if n == format!("Player {p}") => n.to_string(),
        Some(n) => format!("{n} (player {p})"),
        None => format!("player {p}"),
    }
}

/// `floorbook hand --chain ID HAND`.
pub async fn hand(args: &HandArgs) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let (store, projector, chain) = open(&args.read).await?;
    if args.ohh {
        let export = floorbook_ledger::ohh::Export::new(&args.currency)?;
        let histories =
            floorbook_ledger::ohh::histories(&store, &chain, args.hand, &export).await?;
        for (i, h) in histories.iter().enumerate() {
            if i > 0 {
                outln!(out, "");
            }
            outln!(out, "{}", serde_json::to_string_pretty(h)?);
        }
        emit(&out)?;
        return Ok(ExitCode::SUCCESS);
    }
    let Some(number) = args.hand else {
        bail!(
            "name the hand by its number (`floorbook hand 5`); only with --ohh may it be left out, for every hand of the chain"
        );
    };
    let row: Option<(i64, i64, Option<i64>, String, i64)> = projector
        .connection()
        .query_row(
            "SELECT table_no, started_seq, finished_seq, players, level FROM hands WHERE chain = ?1 AND hand = ?2",
            rusqlite::params![chain.as_str(), number as i64],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .ok();
    let Some((table, start, finish, players, level)) = row else {
        bail!("chain {chain} has no hand {number}");
    };
    let players: Vec<i64> = serde_json::from_str(&players).unwrap_or_default();
    // The registered names, for a person reading the hand.
    let names = registered_names(&projector, &chain)?;
    let mut started: Option<(u32, Vec<u64>)> = None;
    let end = finish.unwrap_or(i64::MAX);
    let mut lines = Vec::new();
    let mut next = Seq(start as u64);
    // The hand's events, and after its end the cards shown after it (TR-3.5, TR-3.7, TR-3.8),
    // which come before the table's next hand.
    'read: loop {
        let page = store.read(&chain, next, 1024).await?;
        let Some(last) = page.last() else { break };
        next = last.seq.next();
        for e in &page {
            let env = e.envelope()?;
            match ChainEvent::decode(&env)? {
                ChainEvent::Decided(TournamentEvent::InHand { hand, event, .. })
                    if hand == number =>
                {
                    lines.push((e.seq.0, event));
                }
                ChainEvent::Decided(TournamentEvent::HandStarted {
                    hand,
                    button,
                    blinds,
                    ..
                }) if hand == number => {
                    started = Some((button.0, blinds));
                }
                ChainEvent::Decided(TournamentEvent::HandStarted { table: t, .. })
                    if e.seq.0 as i64 > end && i64::from(t.0) == table =>
                {
                    break 'read;
                }
                _ => {}
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
                &json!({"chain": chain.as_str(), "hand": number, "table": table, "level": level, "button": started.as_ref().map(|s| s.0), "blinds": started.as_ref().map(|s| &s.1), "players": players, "events": list})
            )?
        );
    } else {
        outln!(out, "hand {number} at table {table}, level {level}");
        let stud = lines
            .iter()
            .any(|(_, e)| matches!(e, HandEvent::StudDealt { .. }));
        if stud {
            outln!(out, "  stud: dealt from seat 1 round the table; no blinds");
        } else if let Some((button, blinds)) = &started {
            let posted: Vec<String> = blinds
                .iter()
                .enumerate()
                .filter(|(_, b)| **b > 0)
                .filter_map(|(pos, b)| {
                    players
                        .get(pos)
                        .map(|p| format!("{} {b}", player_name(*p, &names)))
                })
                .collect();
            outln!(
                out,
                "  button seat {button}; blinds: {}",
                if posted.is_empty() {
                    "none".to_string()
                } else {
                    posted.join(", ")
                }
            );
        }
        let order: Vec<String> = players.iter().map(|p| player_name(*p, &names)).collect();
        outln!(
            out,
            "  by position from {}: {}",
            if stud {
                "the dealer's left"
            } else {
                "the button's left"
            },
            order.join(", ")
        );
        for (seq, e) in &lines {
            outln!(out, "  {seq:>6}  {}", describe(e, &players, &names));
        }
    }
    emit(&out)?;
    Ok(ExitCode::SUCCESS)
}

/// `floorbook audit --chain ID [--json]`: the post-event report.
pub async fn audit(args: &AuditArgs) -> anyhow::Result<ExitCode> {
    let mut out = String::new();
    let (store, projector, chain) = open(&args.read).await?;
    let format = if args.read.json {
        Format::Json
    } else {
        Format::Md
    };
    if floorbook_ledger::cash::is_cash(&store, &chain).await? {
        let report = floorbook_ledger::cash::audit(&store, &projector, &chain).await?;
        match format {
            Format::Json => outln!(out, "{}", serde_json::to_string_pretty(&report)?),
            Format::Md => cash_audit_md(&mut out, &store, &report)?,
        }
        emit(&out)?;
        return Ok(if report.clean() {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let bar = super::phase(
        args.read.json,
        "auditing: reading, re-deriving and hashing the chain",
    );
    // The log's hashes are checked on another thread while this one reads and re-derives it.
    let verification = {
        let (store, chain) = (store.clone(), chain.clone());
        tokio::spawn(
            async move { floorbook_log::verify_chain_signed(&store, &chain, |_, _| {}).await },
        )
    };
    let report = floorbook_ledger::audit::audit_with(&store, &projector, &chain, async {
        verification.await.unwrap_or_else(|e| {
            Err(floorbook_log::ChainCheckError::Store(
                floorbook_log::StoreError::io("verifying the chain", std::io::Error::other(e)),
            ))
        })
    })
    .await?;
    bar.finish_and_clear();
    let chain_line = &report.chain_status;
    let (irregularities, sanctions, rulings, refused) = (
        &report.irregularities,
        &report.sanctions,
        &report.floor,
        &report.refused_commands,
    );
    match format {
        Format::Json => outln!(out, "{}", serde_json::to_string_pretty(&report)?),
        Format::Md => {
            outln!(out, "# Audit of {chain}\n");
            outln!(out, "**Chain**: {chain_line}\n");
            sealed_md(&mut out, &store, &chain);
            let names = registered_names(&projector, &chain)?;
            let who = |r: &Value| {
                r["player"]
                    .as_i64()
                    .map_or_else(|| r["player"].to_string(), |p| player_name(p, &names))
            };
            let text = |r: &Value, k: &str| r[k].as_str().unwrap_or("").to_string();
            // Every entry counted by what it is and the rules that decided it; `--json` lists
            // each one.
            let mut counts: std::collections::BTreeMap<(String, String), usize> =
                Default::default();
            for r in irregularities {
                *counts
                    .entry((
                        format!("irregularity: {}", text(r, "kind")),
                        text(r, "rules"),
                    ))
                    .or_default() += 1;
            }
            for r in sanctions {
                *counts
                    .entry((
                        format!("{} → {}", text(r, "offence"), text(r, "sanction")),
                        text(r, "rules"),
                    ))
                    .or_default() += 1;
            }
            for r in rulings {
                *counts
                    .entry((text(r, "type"), text(r, "rules")))
                    .or_default() += 1;
            }
            for r in refused {
                *counts
                    .entry((
                        format!("refused for the role: {}", text(r, "command")),
                        String::new(),
                    ))
                    .or_default() += 1;
            }
            outln!(out, "## Summary\n");
            outln!(out, "| entry | rules | count |\n|---|---|---|");
            for ((what, rules), n) in &counts {
                outln!(out, "| {what} | {rules} | {n} |");
            }
            // What a reviewer must look at: anything a person decided or that changed the
            // game's course, not the engine's routine entries (absent players' actions and
            // absences, out-of-turn actions recorded and resolved, plain warnings).
            let routine_irregularity =
                |r: &Value| matches!(text(r, "remedy").as_str(), "" | "recorded");
            let routine_ruling =
                |r: &Value| matches!(text(r, "type").as_str(), "ActedFor" | "AbsenceChanged");
            let mut review = Vec::new();
            for d in &report.divergences {
                review.push(format!(
                    "- seq {}: DIVERGENCE — {}",
                    d.seq.map_or("?".to_string(), |s| s.to_string()),
                    d.reason
                ));
            }
            for c in report.chip_counts.iter().filter(|c| !c.ok) {
                review.push(format!(
                    "- seq {}: chip count MISMATCH at level {}: {} chips, expected {}",
                    c.seq, c.level, c.chips, c.expected
                ));
            }
            for r in refused {
                review.push(format!(
                    "- seq {}: {} ({}) sent {}, refused: {}",
                    r["seq"],
                    text(r, "actor"),
                    text(r, "role"),
                    text(r, "command"),
                    text(r, "reason")
                ));
            }
            for r in sanctions.iter().filter(|r| r["sanction"] != "warning") {
                review.push(format!(
                    "- seq {}: {} — {} → {} ({})",
                    r["seq"],
                    who(r),
                    text(r, "offence"),
                    text(r, "sanction"),
                    text(r, "rules")
                ));
            }
            for r in irregularities.iter().filter(|r| !routine_irregularity(r)) {
                review.push(format!(
                    "- seq {} (hand {}): {} — {} ({})",
                    r["seq"],
                    r["hand"],
                    text(r, "kind"),
                    text(r, "remedy"),
                    text(r, "rules")
                ));
            }
            for r in rulings.iter().filter(|r| !routine_ruling(r)) {
                review.push(format!(
                    "- seq {}: {} by {} ({})",
                    r["seq"],
                    text(r, "type"),
                    text(r, "actor"),
                    text(r, "rules")
                ));
            }
            review.sort_by_key(|line| {
                line.trim_start_matches("- seq ")
                    .split(|c: char| !c.is_ascii_digit())
                    .next()
                    .and_then(|n| n.parse::<u64>().ok())
                    .unwrap_or(0)
            });
            outln!(out, "\n## For review ({})\n", review.len());
            if review.is_empty() {
                outln!(out, "nothing: every entry above is routine");
            }
            for line in &review {
                outln!(out, "{line}");
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
            let m = &report.money;
            let eur = |c: u64| format!("{}.{:02}", c / 100, c % 100);
            outln!(out, "\n## Money\n");
            outln!(
                out,
                "- {} entries paid {}, fees {}, overlay {}: prize pool {} (re-derived: {}); prizes paid out {} — {}",
                m.entries,
                eur(m.paid_in_cents),
                eur(m.fees_cents),
                eur(m.overlay_cents),
                eur(m.pool_cents),
                m.derived_pool_cents.map_or("none".to_string(), eur),
                eur(m.prizes_paid_cents),
                if m.ok { "OK" } else { "MISMATCH" }
            );
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

/// A cash room's audit as Markdown.
/// The line that says where the chain is sealed for this reader: hole cards of a hand in play.
fn sealed_md(out: &mut String, store: &super::Public, chain: &floorbook_log::ChainId) {
    if let Some((seq, until)) = store.withheld_until(chain) {
        outln!(
            out,
            "**Sealed**: from event {seq} on, hole cards of the hand in play ({until}) are sealed until it ends; what follows is read and re-derived then\n"
        );
    }
}

fn cash_audit_md(
    out: &mut String,
    store: &super::Public,
    r: &floorbook_ledger::cash::CashAudit,
) -> anyhow::Result<()> {
    let field = |v: &serde_json::Value, k: &str| match &v[k] {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    };
    outln!(out, "# Audit of {} (cash room)\n", r.chain);
    if let Ok(chain) = floorbook_log::ChainId::new(r.chain.clone()) {
        sealed_md(out, store, &chain);
    }
    outln!(out, "**Chain**: {}\n", r.chain_status);
    outln!(
        out,
        "**Money**: {} in, {} out, {} at the tables — {}\n",
        r.money_in,
        r.money_out,
        r.at_tables,
        if r.money_in.checked_sub(r.money_out) == Some(r.at_tables) {
            "accounted"
        } else {
            "MISMATCH"
        }
    );
    let sections: [(&str, &Vec<serde_json::Value>, &[&str]); 7] = [
        (
            "Warnings (GCB-1, GCB-8)",
            &r.warnings,
            &["guest", "offence", "count", "note", "rules"],
        ),
        ("Removals (GCB-1)", &r.removals, &["actor", "rules"]),
        (
            "Refused moves (GCB-10)",
            &r.refused_moves,
            &[
                "guest",
                "from_table",
                "to_table",
                "main_players",
                "side_players",
            ],
        ),
        (
            "Released seats",
            &r.released_seats,
            &["guest", "name", "table_no", "money_out", "released"],
        ),
        (
            "Missed-blind markers (GCB-6)",
            &r.markers,
            &["guest", "blind", "markers"],
        ),
        (
            "Irregularities and remedies",
            &r.irregularities,
            &["hand", "kind", "remedy", "rules"],
        ),
        (
            "Commands refused for the sender's role",
            &r.refused_commands,
            &["actor", "role", "command", "reason"],
        ),
    ];
    for (title, rows, cols) in sections {
        outln!(out, "## {title} ({})\n", rows.len());
        for row in rows {
            let parts: Vec<String> = cols
                .iter()
                .map(|c| format!("{c} {}", field(row, c)))
                .collect();
            outln!(out, "- seq {}: {}", field(row, "seq"), parts.join(", "));
        }
        outln!(out, "");
    }
    outln!(out, "## Divergences\n");
    match &r.divergence {
        None => outln!(
            out,
            "none: all {} decisions re-derived from the commands agree",
            r.decisions_rederived
        ),
        Some(d) => outln!(
            out,
            "- seq {}: {}\n  recorded: {}\n  derived:  {}",
            d.seq,
            serde_json::to_string(&d.command)?,
            serde_json::to_string(&d.recorded)?,
            match &d.derived {
                Ok(e) => serde_json::to_string(e)?,
                Err(e) => format!("refused: {e}"),
            }
        ),
    }
    Ok(())
}
