//! `floorbook replay --at SEQ` and `floorbook explain SEQ`: the recorded tournament is
//! re-derived from its inputs (`floorbook_tournament::replay`), and the state at a point or
//! the decision at a sequence is shown with the rules that decided it.

use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_log::{ChainId, Envelope, EventStore, Seq};
use floorbook_rules::Rule;
use floorbook_store_embedded::OpenMode;
use floorbook_tournament::Profile;
use floorbook_tournament::engine::{Tournament, TournamentEvent};
use floorbook_tournament::replay::{Command, Divergence, Replayer};
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
    #[arg(long)]
    pub json: bool,
}

/// A recorded tournament: its profile and its events with their sequences.
pub struct Recorded {
    pub chain: ChainId,
    pub profile: Profile,
    /// The sequence of each tournament event, parallel to `events`.
    pub seqs: Vec<u64>,
    pub events: Vec<TournamentEvent>,
}

impl Recorded {
    /// The index of the tournament event recorded at `seq`.
    pub fn index_of(&self, seq: u64) -> anyhow::Result<usize> {
        self.seqs.binary_search(&seq).map_err(|_| {
            anyhow::anyhow!(
                "seq {seq} is not a tournament event of {}; they run from {} to {}",
                self.chain,
                self.seqs.first().copied().unwrap_or(0),
                self.seqs.last().copied().unwrap_or(0)
            )
        })
    }
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

/// Reads a tournament chain: the profile from its opening event, then every event.
pub async fn load<S: EventStore>(store: &S, chain: ChainId) -> anyhow::Result<Recorded> {
    let mut profile = None;
    let mut seqs = Vec::new();
    let mut events = Vec::new();
    let mut next = Seq::FIRST;
    loop {
        let page = store.read(&chain, next, 8192).await?;
        let Some(last) = page.last() else { break };
        next = last.seq.next();
        for e in &page {
            let env = Envelope::parse(&e.bytes)?;
            if env.event_type == "TournamentOpened" {
                let p: Value = serde_json::from_str(env.payload.get())?;
                let toml = p["profile_toml"]
                    .as_str()
                    .context("the opening event has no profile")?;
                profile = Some(
                    Profile::from_toml(toml)
                        .with_context(|| format!("the profile recorded at seq {}", e.seq))?,
                );
                continue;
            }
            let event: TournamentEvent =
                serde_json::from_str(env.payload.get()).with_context(|| {
                    format!(
                        "seq {} ({}) is not a tournament event",
                        e.seq, env.event_type
                    )
                })?;
            seqs.push(e.seq.0);
            events.push(event);
        }
    }
    let profile =
        profile.with_context(|| format!("chain {chain} has no TournamentOpened event"))?;
    Ok(Recorded {
        chain,
        profile,
        seqs,
        events,
    })
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
        out["table"] = table_view(t, ts);
    }
    out
}

fn table_view(t: &Tournament, ts: &floorbook_tournament::engine::TableState) -> Value {
    let seats: Vec<Value> = ts
        .table
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            p.map(|p| {
                let stack = t.players.get(&p).map_or(0, |pl| pl.stack);
                json!({"seat": i + 1, "player": p.0, "stack": stack})
            })
        })
        .collect();
    let hand = ts.hand.as_ref().map(|(no, h, ids)| {
        json!({
            "hand": no,
            "phase": format!("{:?}", h.phase()),
            "street": format!("{:?}", h.street()),
            "board": h.board().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "players": ids.iter().map(|p| p.0).collect::<Vec<_>>(),
            "stacks": h.stacks().iter().map(|c| c.0).collect::<Vec<_>>(),
            "bets": h.bets().iter().map(|c| c.0).collect::<Vec<_>>(),
            "pots": h.pots(),
            "to_act": h.actor().map(|p| json!({"pos": p.0, "player": ids.get(p.0).map(|x| x.0)})),
            "legal": h.legal(),
        })
    });
    json!({"table": ts.table.no.0, "button": ts.table.button.0, "seats": seats, "hand": hand})
}

fn divergence_json(rec: &Recorded, d: &Divergence) -> Value {
    json!({
        "seq": rec.seqs.get(d.index),
        "recorded": d.recorded,
        "derived": d.derived,
        "command": d.command,
        "reason": d.reason,
    })
}

/// `floorbook explain SEQ`.
pub async fn explain(args: &ExplainArgs) -> anyhow::Result<ExitCode> {
    let store = args.store.open(OpenMode::ReadOnly).await?;
    let chain = pick_chain(&store, &args.chain).await?;
    let rec = load(&store, chain).await?;
    let report = explain_report(&rec, args.seq)?;
    super::read::emit(&render_explain(&report, args.json)?)?;
    Ok(if report["agrees"] == true {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Re-derives the decision recorded at `seq`: recorded against derived, the command and the
/// state it met, the rules with their text; `"agrees"` says whether they match.
pub fn explain_report(rec: &Recorded, seq: u64) -> anyhow::Result<Value> {
    let index = rec.index_of(seq)?;
    let mut r = Replayer::new(rec.profile.clone(), rec.events.clone());
    let report = loop {
        let cmd = match r.next_command() {
            Ok(Some(c)) => c,
            Ok(None) => bail!("the replay ended before seq {seq}"),
            Err(d) => break divergence_report(rec, &d, index, None),
        };
        let before = context(r.tournament(), &cmd);
        match r.step() {
            Ok(Some(step)) if step.from + step.derived.len() > index => {
                let recorded = &rec.events[index];
                let derived = &step.derived[index - step.from];
                let rv = serde_json::to_value(recorded)?;
                break json!({
                    "chain": rec.chain.as_str(),
                    "seq": seq,
                    "agrees": recorded == derived,
                    "recorded": rv,
                    "derived": derived,
                    "command": step.command,
                    "command_seq": rec.seqs.get(step.from),
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
    let mut r = Replayer::new(rec.profile.clone(), rec.events.clone());
    r.run_to_end().err().map(|d| divergence_json(rec, &d))
}

/// The report when re-derivation parts from the record at or before the asked event.
fn divergence_report(rec: &Recorded, d: &Divergence, index: usize, before: Option<Value>) -> Value {
    let recorded = serde_json::to_value(&rec.events[index]).unwrap_or(Value::Null);
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
        "seq": rec.seqs.get(index),
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
    let store = args.store.open(OpenMode::ReadOnly).await?;
    let chain = pick_chain(&store, &args.chain).await?;
    let rec = load(&store, chain).await?;
    let index = match args.at {
        Some(seq) => rec.index_of(seq)?,
        None => rec.events.len().saturating_sub(1),
    };
    let mut r = Replayer::new(rec.profile.clone(), rec.events.clone());
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
        "replayed_through": reached.checked_sub(1).and_then(|i| rec.seqs.get(i)),
        "level": t.level + 1,
        "players_left": t.remaining(),
        "tables": t.tables.iter().map(|ts| table_view(t, ts)).collect::<Vec<_>>(),
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
