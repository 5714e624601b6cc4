//! `floorbook replay --at SEQ` and `floorbook explain SEQ`: the recorded tournament is
//! re-derived (`floorbook_ledger::explain`), and the state at a point or the decision at a
//! sequence is printed with the rules that decided it.

use std::process::ExitCode;

use clap::Args;
use floorbook_ledger::explain::{DivergenceReport, Explanation, recorded_by};
use floorbook_ledger::snapshots::{load_near, update_snapshots};
use floorbook_log::ChainId;
use floorbook_projections::Projector;
use serde_json::{Value, json};

use crate::backend::StoreArgs;

#[derive(Debug, Args)]
pub struct ReplayArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The chain (default: the only chain in the store).
    #[arg(long)]
    pub chain: Option<String>,
    /// The sequence to stop at (default: the head).
    #[arg(long)]
    pub at: Option<u64>,
    /// The projections database, which keeps the replay snapshots (default DATA/projections.sqlite).
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Print JSON for scripts.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub store: StoreArgs,
    /// The chain (default: the only chain in the store).
    #[arg(long)]
    pub chain: Option<String>,
    /// The sequence of the decision to explain.
    pub seq: u64,
    /// The projections database, which keeps the replay snapshots (default DATA/projections.sqlite).
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    /// Print JSON for scripts.
    #[arg(long)]
    pub json: bool,
}

/// Opens the store and the projections, catches both the projections and the replay
/// snapshots up with the log, and picks the chain.
async fn open_with_snapshots(
    store: &StoreArgs,
    db: &Option<std::path::PathBuf>,
    chain: &Option<String>,
) -> anyhow::Result<(super::Public, Projector, ChainId)> {
    let (backend, mut projector, chain) = super::open_caught_up(store, db, chain).await?;
    update_snapshots(&mut projector, &backend, &chain).await?;
    Ok((backend, projector, chain))
}

/// `floorbook explain SEQ`.
pub async fn explain(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    let (store, projector, chain) = open_with_snapshots(&args.store, &args.db, &args.chain).await?;
    let sealed = |store: &super::Public| -> anyhow::Result<()> {
        match store.withheld_until(&chain) {
            Some((from, until)) if args.seq >= from.0 => anyhow::bail!(
                "event {} comes at or after hole cards of a hand in play ({until}), sealed from event {from} until it ends: it is explained once that hand is over",
                args.seq
            ),
            _ => Ok(()),
        }
    };
    if floorbook_ledger::cash::is_cash(&store, &chain).await? {
        let record = floorbook_ledger::cash::load(&store, chain.clone()).await?;
        sealed(&store)?;
        let report = floorbook_ledger::cash::explain(&record, args.seq)?;
        super::emit(&render_cash_explain(&report, args.json)?)?;
        return Ok(if report.agrees {
            ExitCode::SUCCESS
        } else {
            ExitCode::from(1)
        });
    }
    let rec = load_near(&projector, &store, chain.clone(), Some(args.seq)).await?;
    sealed(&store)?;
    let mut report = floorbook_ledger::explain::explain(&rec, args.seq)?;
    report.recorded_by = recorded_by(&store, &rec.chain, args.seq).await?;
    super::emit(&render_explain(&report, args.json)?)?;
    Ok(if report.agrees {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// A cash decision's report as text (or pretty JSON).
pub fn render_cash_explain(
    report: &floorbook_ledger::cash::CashExplanation,
    as_json: bool,
) -> anyhow::Result<String> {
    if as_json {
        return Ok(serde_json::to_string_pretty(report)? + "\n");
    }
    let mut out = String::new();
    let line = |out: &mut String, s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(
        &mut out,
        format!(
            "{} seq {}: {}",
            report.chain,
            report.seq,
            if report.agrees {
                "re-derived, agrees with the record"
            } else {
                "re-derived, DIFFERS from the record"
            }
        ),
    );
    line(
        &mut out,
        format!(
            "command (seq {}): {} entered by {} ({}) at {}",
            report.command_seq,
            serde_json::to_string(&report.command)?,
            report.entered_by,
            report.role,
            report.at.to_rfc3339()
        ),
    );
    if let Some(r) = &report.recorded {
        line(&mut out, format!("recorded: {}", serde_json::to_string(r)?));
    }
    match &report.derived {
        Some(d) => line(&mut out, format!("derived:  {}", serde_json::to_string(d)?)),
        None if report.recorded.is_some() => {
            line(&mut out, "derived:  nothing at this place".into())
        }
        None => {}
    }
    if report.recorded.is_none() {
        line(&mut out, "what the command decided:".into());
        for d in &report.decisions {
            line(&mut out, format!("  {}", serde_json::to_string(d)?));
        }
    }
    if let Some(g) = &report.guest_before {
        line(&mut out, format!("the guest before it: {g}"));
    }
    for r in &report.rules {
        line(&mut out, format!("{}: {}", r.id, r.text));
    }
    Ok(out)
}

/// The explain report as text (or pretty JSON).
pub fn render_explain(report: &Explanation, as_json: bool) -> anyhow::Result<String> {
    if as_json {
        return Ok(serde_json::to_string_pretty(report)? + "\n");
    }
    let mut lines = vec![format!(
        "seq {} of {}: {}",
        report.seq.map_or("?".to_string(), |s| s.to_string()),
        report.chain,
        if report.agrees {
            "the recorded decision is the one the rules derive"
        } else {
            "DIVERGENCE: the record is not what the rules derive"
        }
    )];
    lines.push(format!(
        "  recorded: {}",
        human(&serde_json::to_value(&report.recorded)?)
    ));
    if let Some(by) = &report.recorded_by {
        lines.push(format!(
            "  by:       {} ({}) at {}{}",
            by.actor.id,
            json(&by.actor.role).trim_matches('"'),
            by.at.to_rfc3339(),
            by.request
                .as_ref()
                .map(|r| format!(", request {r}"))
                .unwrap_or_default()
        ));
    }
    lines.push(format!(
        "  derived:  {}",
        human(&serde_json::to_value(&report.derived)?)
    ));
    lines.push(format!(
        "  command:  {}",
        human(&serde_json::to_value(&report.command)?)
    ));
    if let Some(t) = report.before.as_ref().and_then(|b| b.table.as_ref()) {
        lines.push("  the table as the command found it:".to_string());
        lines.extend(table_lines(&serde_json::to_value(t)?));
    }
    if let Some(d) = &report.divergence {
        lines.push(format!(
            "  where:    seq {}: {}",
            d.seq.map_or("?".to_string(), |s| s.to_string()),
            d.reason
        ));
    }
    for r in &report.rules {
        lines.push(format!("  {}: {}", r.id, r.text));
    }
    for setting in &report.settings {
        lines.push(format!(
            "  the house's setting: {} = {}",
            setting.name, setting.value
        ));
    }
    Ok(lines.join("\n") + "\n")
}

/// An event or a command in words: its kind (`type`, `command` or `do`), then its fields, the
/// nested ones in the same way (`in hand: table 3, hand 3; hole dealt: pos 2, cards 4h`).
pub fn human(v: &Value) -> String {
    match v {
        Value::Null => "nothing".to_string(),
        Value::String(s) => s.replace('_', " "),
        Value::Array(items) => items.iter().map(human).collect::<Vec<_>>().join(" "),
        Value::Object(o) => {
            let kind = ["type", "command", "do", "as", "sanction", "status"]
                .iter()
                .find_map(|k| o.get(*k).and_then(Value::as_str));
            let mut scalars = Vec::new();
            let mut nested = Vec::new();
            for (k, x) in o {
                if kind.is_some_and(|kd| x.as_str() == Some(kd))
                    && ["type", "command", "do", "as", "sanction", "status"].contains(&k.as_str())
                {
                    continue;
                }
                let key = k.replace('_', " ");
                match x {
                    Value::Object(_) => nested.push(human(x)),
                    Value::Array(a) if a.iter().any(Value::is_object) => nested.push(format!(
                        "{key}: {}",
                        a.iter().map(human).collect::<Vec<_>>().join("; ")
                    )),
                    Value::Array(a) if a.is_empty() => {}
                    Value::Bool(false) => {}
                    Value::Bool(true) => scalars.push(key),
                    Value::Null => {}
                    _ => scalars.push(format!("{key} {}", human(x))),
                }
            }
            let mut out = kind.map(|k| k.replace('_', " ")).unwrap_or_default();
            if !scalars.is_empty() {
                if !out.is_empty() {
                    out.push_str(": ");
                }
                out.push_str(&scalars.join(", "));
            }
            for n in nested {
                if !out.is_empty() {
                    out.push_str("; ");
                }
                out.push_str(&n);
            }
            out
        }
        other => other.to_string(),
    }
}

/// The table a command found (`view::table_view`'s JSON) as lines: the hand, then the seats.
fn table_lines(t: &Value) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(h) = t.get("hand").filter(|h| !h.is_null()) {
        let stud = h["showing"].is_array();
        out.push(format!(
            "    hand {} ({}, {}), {}; board {}; bets {}; to act {}",
            h["hand"],
            human(&h["phase"]),
            human(&h["street"]),
            if stud {
                format!("{} dealt from seat 1", human(&h["game"]))
            } else {
                format!("button seat {}", t["button"])
            },
            if h["board"].as_array().is_some_and(|b| b.is_empty()) {
                "none".to_string()
            } else {
                human(&h["board"])
            },
            human(&h["bets"]),
            match (h["to_act"]["player"].as_u64(), h["to_act"]["pos"].as_u64()) {
                (Some(player), Some(pos)) => {
                    let seat = t["seats"]
                        .as_array()
                        .into_iter()
                        .flatten()
                        .find(|s| s["player"].as_u64() == Some(player));
                    format!(
                        "{} (position {pos})",
                        seat.map_or_else(|| format!("player {player}"), seated)
                    )
                }
                _ => "nobody".to_string(),
            },
        ));
    }
    // Stud: each player's up cards, by the hand's positions.
    let hand = t.get("hand").filter(|h| !h.is_null());
    let showing = |player: u64| -> Option<String> {
        let h = hand?;
        let pos = h["players"]
            .as_array()?
            .iter()
            .position(|p| p.as_u64() == Some(player))?;
        let up = h["showing"].as_array()?.get(pos)?.as_array()?;
        let cards: Vec<&str> = up.iter().filter_map(Value::as_str).collect();
        (!cards.is_empty()).then(|| format!("; shows {}", cards.join(" ")))
    };
    for s in t["seats"].as_array().into_iter().flatten() {
        out.push(format!(
            "    seat {}: {}, {} chips{}",
            s["seat"],
            seated(s),
            s["stack"],
            s["player"].as_u64().and_then(showing).unwrap_or_default()
        ));
    }
    out
}

/// A seat's player as a person reads him ([`floorbook_ledger::report::person`]).
fn seated(seat: &Value) -> String {
    floorbook_ledger::report::person(&seat["player"], seat["name"].as_str())
}

/// One line of JSON (the text report shows events and commands so).
fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// `floorbook replay [--at SEQ]`: the state after the command that covers SEQ.
pub async fn replay(args: &ReplayArgs) -> anyhow::Result<ExitCode> {
    let (store, projector, chain) = open_with_snapshots(&args.store, &args.db, &args.chain).await?;
    let rec = load_near(&projector, &store, chain, args.at).await?;
    let index = match args.at {
        Some(seq) => rec.index_of(seq)?,
        None => (rec.base + rec.events.len()).saturating_sub(1),
    };
    let mut r = rec.replayer();
    let (reached, divergence) = match r.run_through(index) {
        Ok(_) => (r.position(), None),
        Err(d) => (d.index, Some(DivergenceReport::of(&rec, &d))),
    };
    let t = r.tournament();
    let standings: Vec<Value> = {
        let mut ps: Vec<_> = t.players.values().collect();
        ps.sort_by_key(|p| std::cmp::Reverse(p.stack));
        ps.iter()
            .map(|p| json!({"player": p.id.0, "name": p.name, "stack": p.stack, "status": format!("{:?}", p.status)}))
            .collect()
    };
    let report = json!({
        "chain": rec.chain.as_str(),
        "at": args.at.or(rec.seqs.last().copied()),
        "replayed_through": reached.checked_sub(1).and_then(|i| rec.seq_of(i)),
        "level": t.level + 1,
        "players_left": t.remaining(),
        "tables": t.tables.iter().map(|ts| floorbook_ledger::view::table_view(t, ts)).collect::<Vec<_>>(),
        "players": standings,
        "divergence": divergence,
    });
    let mut out = String::new();
    if args.json {
        out = serde_json::to_string_pretty(&report)? + "\n";
    } else {
        use std::fmt::Write as _;
        let _ = writeln!(
            out,
            "{} replayed through seq {} — level {}, {} players left",
            rec.chain, report["replayed_through"], report["level"], report["players_left"]
        );
        for tv in report["tables"].as_array().into_iter().flatten() {
            let seats: Vec<String> = tv["seats"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|s| format!("{}: {} ({})", s["seat"], seated(s), s["stack"]))
                .collect();
            let _ = writeln!(
                out,
                "table {} (button {}): {}",
                tv["table"],
                tv["button"],
                seats.join(", ")
            );
            if let Some(h) = tv["hand"].as_object() {
                let _ = writeln!(
                    out,
                    "  hand {} {} {} board {} pots {}",
                    h["hand"],
                    h["phase"].as_str().unwrap_or(""),
                    h["street"].as_str().unwrap_or(""),
                    h["board"],
                    h["pots"]
                );
                if let Some(l) = h["legal"].as_object() {
                    let _ = writeln!(
                        out,
                        "  to act: {} — call {}, raise to {} ({})",
                        h["to_act"], l["call"], l["raise_to"], l["rules"]
                    );
                }
            }
        }
        if let Some(d) = report["divergence"].as_object() {
            let _ = writeln!(
                out,
                "DIVERGENCE at seq {}: {}",
                d["seq"],
                d["reason"].as_str().unwrap_or("")
            );
        }
    }
    super::emit(&out)?;
    Ok(if report["divergence"].is_null() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
