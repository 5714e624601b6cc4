//! The member register as the office reads it: what a command did, one member, the list.

use std::fmt::Write as _;

use floorbook_members::{Member, MemberEvent, Register};

/// What `e` did, in one line.
pub fn event_line(e: &MemberEvent) -> String {
    match e {
        MemberEvent::Joined { member, name, .. } => format!("{member} joined: {name}"),
        MemberEvent::Renamed { member, name, .. } => format!("{member} is now {name}"),
        MemberEvent::Merged { from, into, .. } => format!("{from} merged into {into}"),
        MemberEvent::Barred { member, until, .. } => format!(
            "{member} barred{}",
            until.map(|d| format!(" until {d}")).unwrap_or_default()
        ),
        MemberEvent::BarLifted { member, .. } => format!("{member}'s ban lifted"),
    }
}

/// What a command recorded, a line per event; with `json`, one JSON object a line (the event's
/// type and its line: never a birth date or a contact).
pub fn recorded(events: &[MemberEvent], json: bool) -> String {
    let mut out = String::new();
    for e in events {
        let line = event_line(e);
        let _ = if json {
            let event = crate::members::event_type(e);
            writeln!(out, "{}", serde_json::json!({"event": event, "said": line}))
        } else {
            writeln!(out, "{line}")
        };
    }
    out
}

/// One member: names, merges and a ban; with `private`, the birth date and the contact too.
pub fn member(m: &Member, private: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", m.id, m.name);
    if !m.former_names.is_empty() {
        let _ = writeln!(out, "  formerly: {}", m.former_names.join(", "));
    }
    if !m.merged.is_empty() {
        let _ = writeln!(out, "  merged from: {}", m.merged.join(", "));
    }
    if let Some(into) = &m.merged_into {
        let _ = writeln!(out, "  merged into {into}");
    }
    if let Some(b) = &m.bar {
        let _ = writeln!(
            out,
            "  barred{}{}: {}",
            b.until.map(|d| format!(" until {d}")).unwrap_or_default(),
            b.rule
                .as_ref()
                .map(|r| format!(" ({r})"))
                .unwrap_or_default(),
            b.reason
        );
    }
    if private {
        let _ = writeln!(out, "  born {}", m.born);
        if let Some(c) = &m.contact {
            let _ = writeln!(out, "  contact {c}");
        }
    }
    out
}

/// Every member, one line each, with a merge or a ban noted.
pub fn list(register: &Register) -> String {
    let mut out = String::new();
    for m in register.members() {
        let status = match (&m.merged_into, &m.bar) {
            (Some(into), _) => format!(" (merged into {into})"),
            (None, Some(_)) => " (barred)".to_string(),
            _ => String::new(),
        };
        let _ = writeln!(out, "{:<10} {}{status}", m.id, m.name);
    }
    out
}
