//! The audits in Markdown, as a reviewer reads them: a tournament's ([`markdown`]) and a
//! cash room's ([`cash_markdown`]).

use std::collections::HashMap;

use floorbook_log::Seq;
use serde_json::Value;

use super::{line, player_name, sealed_line};
use crate::audit::Audit;
use crate::cash::CashAudit;

/// A value as one line of JSON, for a divergence's recorded and derived sides.
fn compact<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).unwrap_or_else(|e| format!("(does not print: {e})"))
}

/// A tournament's audit: the summary by kind and rule, what a reviewer must look at, the chip
/// count at every level, the money, the divergences. `names` are the players' registered
/// names; `withheld` where the chain is sealed for this reader.
pub fn markdown(
    report: &Audit,
    names: &HashMap<i64, String>,
    withheld: Option<(Seq, String)>,
) -> String {
    let mut out = String::new();
    let chain = &report.chain;
    let (irregularities, sanctions, rulings, refused) = (
        &report.irregularities,
        &report.sanctions,
        &report.floor,
        &report.refused_commands,
    );
    line!(out, "# Audit of {chain}\n");
    line!(out, "**Chain**: {}\n", report.chain_status);
    sealed_line(&mut out, withheld);
    let who = |r: &Value| {
        r["player"]
            .as_i64()
            .map_or_else(|| r["player"].to_string(), |p| player_name(p, names))
    };
    let text = |r: &Value, k: &str| r[k].as_str().unwrap_or("").to_string();
    // Every entry counted by what it is and the rules that decided it; `--json` lists
    // each one.
    let mut counts: std::collections::BTreeMap<(String, String), usize> = Default::default();
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
    line!(out, "## Summary\n");
    line!(out, "| entry | rules | count |\n|---|---|---|");
    for ((what, rules), n) in &counts {
        line!(out, "| {what} | {rules} | {n} |");
    }
    // What a reviewer must look at: anything a person decided or that changed the
    // game's course, not the engine's routine entries (absent players' actions and
    // absences, out-of-turn actions recorded and resolved, plain warnings).
    let routine_irregularity = |r: &Value| matches!(text(r, "remedy").as_str(), "" | "recorded");
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
    line!(out, "\n## For review ({})\n", review.len());
    if review.is_empty() {
        line!(out, "nothing: every entry above is routine");
    }
    for line in &review {
        line!(out, "{line}");
    }
    line!(out, "\n## Chip count at every level\n");
    for c in &report.chip_counts {
        line!(
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
    line!(out, "\n## Money\n");
    line!(
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
    line!(out, "\n## Divergences\n");
    if report.divergences.is_empty() {
        line!(
            out,
            "none: all {} decisions re-derived from the recorded inputs agree",
            report.decisions_rederived
        );
    }
    for d in &report.divergences {
        line!(
            out,
            "- seq {}: {}\n  recorded: {}\n  derived:  {}",
            d.seq.map_or("?".to_string(), |s| s.to_string()),
            d.reason,
            compact(&d.recorded),
            compact(&d.derived)
        );
    }
    out
}

/// A cash room's audit: the money, each section of what a reviewer looks at, the divergence.
pub fn cash_markdown(r: &CashAudit, withheld: Option<(Seq, String)>) -> String {
    let mut text = String::new();
    let out = &mut text;
    let field = |v: &serde_json::Value, k: &str| match &v[k] {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Null => String::new(),
        other => other.to_string(),
    };
    line!(out, "# Audit of {} (cash room)\n", r.chain);
    sealed_line(out, withheld);
    line!(out, "**Chain**: {}\n", r.chain_status);
    line!(
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
        line!(out, "## {title} ({})\n", rows.len());
        for row in rows {
            let parts: Vec<String> = cols
                .iter()
                .map(|c| format!("{c} {}", field(row, c)))
                .collect();
            line!(out, "- seq {}: {}", field(row, "seq"), parts.join(", "));
        }
        line!(out, "");
    }
    line!(out, "## Divergences\n");
    match &r.divergence {
        None => line!(
            out,
            "none: all {} decisions re-derived from the commands agree",
            r.decisions_rederived
        ),
        Some(d) => line!(
            out,
            "- seq {}: {}\n  recorded: {}\n  derived:  {}",
            d.seq,
            compact(&d.command),
            compact(&d.recorded),
            match &d.derived {
                Ok(e) => compact(e),
                Err(e) => format!("refused: {e}"),
            }
        ),
    }
    text
}
