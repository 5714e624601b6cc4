//! `floorbook replay --at SEQ` and `floorbook explain SEQ`: the recorded tournament is
//! re-derived from its inputs (`floorbook_tournament::replay`), and the state at a point or
//! the decision at a sequence is shown with the rules that decided it.

use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_log::{ChainId, Envelope, EventStore, Seq};
use floorbook_projections::Projector;
use floorbook_rules::Rule;
use floorbook_tournament::command::Command;
use floorbook_tournament::engine::Tournament;
use floorbook_tournament::rederive::Divergence;
use serde_json::{Value, json};

use crate::backend::StoreArgs;
use floorbook_ledger::recorded::Recorded;
use floorbook_ledger::snapshots::{load_near, update_snapshots};

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
    #[arg(long)]
    pub chain: Option<String>,
    /// The sequence of the decision to explain.
    pub seq: u64,
    /// The projections database, which keeps the replay snapshots (default DATA/projections.sqlite).
    #[arg(long)]
    pub db: Option<std::path::PathBuf>,
    #[arg(long)]
    pub json: bool,
}

/// Opens the store and the projections, catches both the projections and the replay
/// snapshots up with the log, and picks the chain.
async fn open_with_snapshots(
    store: &StoreArgs,
    db: &Option<std::path::PathBuf>,
    chain: &Option<String>,
) -> anyhow::Result<(crate::backend::Backend, Projector, ChainId)> {
    let (backend, mut projector, chain) = super::read::open_caught_up(store, db, chain).await?;
    update_snapshots(&mut projector, &backend, &chain).await?;
    Ok((backend, projector, chain))
}

/// Picks the chain: the one named, else the only one in the store.
pub async fn pick_chain<S: EventStore>(
    store: &S,
    chain: &Option<String>,
) -> anyhow::Result<ChainId> {
    if let Some(c) = chain {
        return Ok(ChainId::new(c.clone())?);
    }
    let chains = store.chains().await?;
    match chains.as_slice() {
        [only] => Ok(only.clone()),
        [] => bail!("the store holds no chain"),
        many => bail!(
            "the store holds {} chains; pick one with --chain: {}",
            many.len(),
            many.iter()
                .map(ChainId::as_str)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

fn rules_of(v: &Value) -> Vec<Value> {
    let mut ids: Vec<String> = Vec::new();
    let mut walk = vec![v];
    while let Some(v) = walk.pop() {
        match v {
            Value::Object(m) => {
                if let Some(Value::Array(r)) = m.get("rules") {
                    ids.extend(r.iter().filter_map(Value::as_str).map(str::to_string));
                }
                walk.extend(m.values());
            }
            Value::Array(a) => walk.extend(a),
            _ => {}
        }
    }
    ids.sort();
    ids.dedup();
    ids.iter()
        .map(|id| json!({"id": id, "text": Rule::from_id(id).map_or("(unknown rule)", Rule::text)}))
        .collect()
}

/// What the command saw before it ran: the hand at its table, the legal actions and limits.
fn context(t: &Tournament, cmd: &Command) -> Value {
    let table = match cmd {
        Command::Hand { table, .. }
        | Command::StartHand { table, .. }
        | Command::CallClock { table, .. }
        | Command::CheckClock { table, .. }
        | Command::ChipRace { table, .. }
        | Command::PlaceButton { table, .. } => Some(*table),
        _ => None,
    };
    let mut out = json!({"level": t.level + 1, "players_left": t.remaining()});
    if let Some(ts) = table.and_then(|no| t.tables.iter().find(|ts| ts.table.no == no)) {
        out["table"] = floorbook_ledger::view::table_view(t, ts);
    }
    out
}

fn divergence_json(rec: &Recorded, d: &Divergence) -> Value {
    json!({
        "seq": rec.seq_of(d.index),
        "recorded": d.recorded,
        "derived": d.derived,
        "command": d.command,
        "reason": d.reason,
    })
}

/// `floorbook explain SEQ`.
pub async fn explain(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    let (store, projector, chain) = open_with_snapshots(&args.store, &args.db, &args.chain).await?;
    let rec = load_near(&projector, &store, chain, Some(args.seq)).await?;
    let mut report = explain_report(&rec, args.seq)?;
    report["recorded_by"] = recorded_by(&store, &rec.chain, args.seq).await?;
    super::read::emit(&render_explain(&report, args.json)?)?;
    Ok(if report["agrees"] == true {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Who recorded the event at `seq` and when, from its envelope: the actor (id and role), the
/// time the command brought in, and the id of the service request that caused it, if any.
async fn recorded_by<S: EventStore>(store: &S, chain: &ChainId, seq: u64) -> anyhow::Result<Value> {
    let stored = store
        .read(chain, Seq(seq), 1)
        .await
        .with_context(|| format!("reading seq {seq} of {chain}"))?;
    let Some(e) = stored.first().filter(|e| e.seq == Seq(seq)) else {
        return Ok(Value::Null);
    };
    let env = Envelope::parse(&e.bytes).with_context(|| format!("the envelope of seq {seq}"))?;
    Ok(json!({
        "actor": env.actor,
        "at": env.at,
        "request": env.request,
    }))
}

/// Re-derives the decision recorded at `seq`: recorded against derived, the command and the
/// state it met, the rules with their text; `"agrees"` says whether they match.
pub fn explain_report(rec: &Recorded, seq: u64) -> anyhow::Result<Value> {
    let index = rec.index_of(seq)?;
    let mut r = rec.replayer();
    let report = loop {
        let cmd = match r.next_command() {
            Ok(Some(c)) => c,
            Ok(None) => bail!("the replay ended before seq {seq}"),
            Err(d) => break divergence_report(rec, &d, index, None),
        };
        let before = context(r.tournament(), &cmd);
        match r.step() {
            Ok(Some(step)) if step.from + step.derived.len() > index => {
                let recorded = rec.event(index).context("the asked event")?;
                let derived = &step.derived[index - step.from];
                let rv = serde_json::to_value(recorded)?;
                break json!({
                    "chain": rec.chain.as_str(),
                    "seq": seq,
                    "agrees": recorded == derived,
                    "recorded": rv,
                    "derived": derived,
                    "command": step.command,
                    "command_seq": rec.seq_of(step.from),
                    "before": before,
                    "rules": rules_of(&rv),
                });
            }
            Ok(Some(_)) => {}
            Ok(None) => bail!("the replay ended before seq {seq}"),
            Err(d) => break divergence_report(rec, &d, index, Some(before)),
        }
    };
    Ok(report)
}

/// Re-derives the whole chain; the first divergence, if any, as JSON.
pub fn first_divergence(rec: &Recorded) -> Option<Value> {
    let mut r = rec.replayer();
    r.run_to_end().err().map(|d| divergence_json(rec, &d))
}

/// The report when re-derivation parts from the record at or before the asked event.
fn divergence_report(rec: &Recorded, d: &Divergence, index: usize, before: Option<Value>) -> Value {
    let recorded = serde_json::to_value(rec.event(index)).unwrap_or(Value::Null);
    // The command that derived the asked event went on to a divergent one: the asked event
    // itself was compared and matched.
    let matched = d.index > index;
    let derived = if matched {
        recorded.clone()
    } else if d.index == index {
        serde_json::to_value(&d.derived).unwrap_or(Value::Null)
    } else {
        Value::Null
    };
    json!({
        "chain": rec.chain.as_str(),
        "seq": rec.seq_of(index),
        "agrees": matched,
        "recorded": recorded,
        "derived": derived,
        "command": d.command,
        "before": before,
        "rules": rules_of(&recorded),
        "divergence": divergence_json(rec, d),
    })
}

/// The explain report as text (or pretty JSON).
pub fn render_explain(report: &Value, as_json: bool) -> anyhow::Result<String> {
    let mut out = String::new();
    if as_json {
        out = serde_json::to_string_pretty(report)? + "\n";
    } else {
        use std::fmt::Write as _;
        let _ = writeln!(
            out,
            "seq {} of {}: {}",
            report["seq"],
            report["chain"].as_str().unwrap_or(""),
            if report["agrees"] == true {
                "the recorded decision is the one the rules derive"
            } else {
                "DIVERGENCE: the record is not what the rules derive"
            }
        );
        let _ = writeln!(out, "  recorded: {}", report["recorded"]);
        let by = &report["recorded_by"];
        if !by.is_null() {
            let _ = writeln!(
                out,
                "  by:       {} ({}) at {}{}",
                by["actor"]["id"].as_str().unwrap_or("?"),
                by["actor"]["role"].as_str().unwrap_or("?"),
                by["at"].as_str().unwrap_or("?"),
                by["request"]
                    .as_str()
                    .map(|r| format!(", request {r}"))
                    .unwrap_or_default()
            );
        }
        let _ = writeln!(out, "  derived:  {}", report["derived"]);
        let _ = writeln!(out, "  command:  {}", report["command"]);
        if let Some(t) = report["before"].get("table") {
            let _ = writeln!(out, "  before:   {t}");
        }
        if let Some(d) = report.get("divergence") {
            let _ = writeln!(
                out,
                "  where:    seq {}: {}",
                d["seq"],
                d["reason"].as_str().unwrap_or("")
            );
        }
        for r in report["rules"].as_array().into_iter().flatten() {
            let _ = writeln!(
                out,
                "  {}: {}",
                r["id"].as_str().unwrap_or(""),
                r["text"].as_str().unwrap_or("")
            );
        }
    }
    Ok(out)
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
        Err(d) => (d.index, Some(divergence_json(&rec, &d))),
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
                .map(|s| format!("{}:p{}({})", s["seat"], s["player"], s["stack"]))
                .collect();
            let _ = writeln!(
                out,
                "table {} (button {}): {}",
                tv["table"],
                tv["button"],
                seats.join(" ")
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
    super::read::emit(&out)?;
    Ok(if report["divergence"].is_null() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
