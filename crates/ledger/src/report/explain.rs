//! A decision explained and a state replayed, as a floor person reads them (`floorbook
//! explain`, `floorbook replay`, the main job's example).

use serde_json::{Value, json};

use crate::cash::CashExplanation;
use crate::explain::{DivergenceReport, Explanation};
use crate::reader::Recorded;

/// A cash decision's report as text.
pub fn cash_text(report: &CashExplanation) -> String {
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
            json(&report.command),
            report.entered_by,
            report.role,
            report.at.to_rfc3339()
        ),
    );
    if let Some(r) = &report.recorded {
        line(&mut out, format!("recorded: {}", json(r)));
    }
    match &report.derived {
        Some(d) => line(&mut out, format!("derived:  {}", json(d))),
        None if report.recorded.is_some() => {
            line(&mut out, "derived:  nothing at this place".into())
        }
        None => {}
    }
    if report.recorded.is_none() {
        line(&mut out, "what the command decided:".into());
        for d in &report.decisions {
            line(&mut out, format!("  {}", json(d)));
        }
    }
    if let Some(g) = &report.guest_before {
        line(&mut out, format!("the guest before it: {g}"));
    }
    for r in &report.rules {
        line(&mut out, format!("{}: {}", r.id, r.text));
    }
    out
}

/// The explain report as text: the decision recorded and derived, who entered its command,
/// the table as the command found it, the rules and the house's settings.
pub fn text(report: &Explanation) -> String {
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
    lines.push(format!("  recorded: {}", human(&value(&report.recorded))));
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
    lines.push(format!("  derived:  {}", human(&value(&report.derived))));
    lines.push(format!("  command:  {}", human(&value(&report.command))));
    if let Some(t) = report.before.as_ref().and_then(|b| b.table.as_ref()) {
        lines.push("  the table as the command found it:".to_string());
        lines.extend(table_lines(&value(t)));
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
    lines.join("\n") + "\n"
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

/// A seat's player as a person reads him ([`super::person`]).
fn seated(seat: &Value) -> String {
    super::person(&seat["player"], seat["name"].as_str())
}

/// One line of JSON (the text report shows events and commands so).
fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_default()
}

/// A value as JSON, to be put in words by [`human`].
fn value<T: serde::Serialize>(v: &T) -> Value {
    serde_json::to_value(v).unwrap_or(Value::Null)
}

/// The state after the command that covers `at` (the head without it): the level, the
/// tables with their hands and what the player to act may do, the players by stack, and
/// where the record stops agreeing with the rules.
pub fn replay(rec: &Recorded, at: Option<u64>) -> Result<Value, crate::explain::ExplainError> {
    let index = match at {
        Some(seq) => rec.index_of(seq)?,
        None => (rec.base + rec.events.len()).saturating_sub(1),
    };
    let mut r = rec.replayer();
    let (reached, divergence) = match r.run_through(index) {
        Ok(_) => (r.position(), None),
        Err(d) => (d.index, Some(DivergenceReport::of(rec, &d))),
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
        "at": at.or(rec.seqs.last().copied()),
        "replayed_through": reached.checked_sub(1).and_then(|i| rec.seq_of(i)),
        "level": t.level + 1,
        "players_left": t.remaining(),
        "tables": t.tables.iter().map(|ts| crate::view::table_view(t, ts)).collect::<Vec<_>>(),
        "players": standings,
        "divergence": divergence,
    });
    Ok(report)
}

/// A replayed state ([`replay`]) as text: each table's seats and hand.
pub fn replay_text(report: &Value) -> String {
    let mut out = String::new();
    {
        use std::fmt::Write as _;
        let _ = writeln!(
            out,
            "{} replayed through seq {} — level {}, {} players left",
            report["chain"].as_str().unwrap_or(""),
            report["replayed_through"],
            report["level"],
            report["players_left"]
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
    out
}
