//! The dispute page in words: what was entered, by whom and when, the table as the command
//! found it, what the rules decided and whether the record agrees, each rule with the seed's
//! own sentence; the record's JSON only behind a "raw" switch.

use floorbook_ledger::explain::Explanation;
use floorbook_service::commands::{Declaration, Lang};
use floorbook_service::wire::WireCommand;
use fluent_templates::fluent_bundle::FluentValue;
use maud::{Markup, html};
use serde_json::Value;

use crate::words::{n, s, t, t_or, ta};

/// A value as a person reads it: numbers and text as they are, lists joined, yes or no.
fn plain(v: &Value, lang: Lang) -> String {
    match v {
        Value::Null => "—".to_string(),
        Value::Bool(b) => t(lang, if *b { "yes" } else { "no" }),
        Value::Number(x) => x.to_string(),
        Value::String(x) => x.clone(),
        Value::Array(items) => items
            .iter()
            .map(|i| plain(i, lang))
            .collect::<Vec<_>>()
            .join(" "),
        Value::Object(o) => o
            .iter()
            .filter(|(k, _)| *k != "rules")
            .map(|(k, v)| format!("{} {}", field(k, lang), plain(v, lang)))
            .collect::<Vec<_>>()
            .join(", "),
    }
}

/// A field's name in words (`f-<name>`), else the name with spaces.
fn field(name: &str, lang: Lang) -> String {
    t_or(lang, &format!("f-{name}"), &name.replace('_', " "))
}

/// An event (a tournament's, or a hand's inside it) in words: what it is, then its fields.
pub fn event(v: &Value, lang: Lang) -> Markup {
    let kind = v["type"].as_str().unwrap_or("");
    let title = t_or(lang, &format!("ev-{kind}"), &kind.replace('_', " "));
    let inner = v.get("event").filter(|e| e.is_object());
    html! {
        p.what { strong { (title) } }
        dl.fields {
            @for (k, x) in v.as_object().into_iter().flatten() {
                @if !matches!(k.as_str(), "type" | "rules" | "event") {
                    dt { (field(k, lang)) } dd { (plain(x, lang)) }
                }
            }
        }
        @if let Some(e) = inner {
            (event(e, lang))
        }
    }
}

/// The command as entered, in the words of its declaration.
fn command(c: &floorbook_tournament::command::Command, lang: Lang) -> Markup {
    let wire = WireCommand::from_engine(c, 0);
    let d: &Declaration = wire.declaration();
    let v = serde_json::to_value(&wire).unwrap_or(Value::Null);
    html! {
        p.what { strong { (d.help.get(lang)) } " " span.rule { "(" (d.rules) ")" } }
        dl.fields {
            @for f in d.fields {
                @if let (Some(label), Some(x)) = (f.label, v.get(f.name)) {
                    dt { (label.get(lang)) } dd { (plain(x, lang)) }
                }
            }
        }
    }
}

/// The table as the command found it: the level, the players left, the seats, the hand.
fn before(b: &floorbook_ledger::explain::Before, lang: Lang) -> Markup {
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let table = b.table.as_ref();
    let hand = table.and_then(|t| t.hand.as_ref());
    let pos_of = |player: u32| hand.and_then(|h| h.players.iter().position(|q| *q == player));
    html! {
        p { (tra("met-level", &[("level", n(b.level as f64)), ("left", n(b.players_left))])) }
        @if let Some(tb) = table {
            table.seats aria-label=(t(lang, "met-table")) {
                thead { tr { th { (t(lang, "col-seat")) } th { (t(lang, "col-player")) } th.num { (t(lang, "col-stack")) } th.num { (t(lang, "col-bet")) } } }
                tbody {
                    @for seat in &tb.seats {
                        @let pos = pos_of(seat.player);
                        @let stack = pos.and_then(|i| hand.and_then(|h| h.stacks.get(i).copied())).unwrap_or(seat.stack);
                        tr {
                            td { (seat.seat)
                                @if seat.seat == tb.button { " " span.mark.button { "D" } } }
                            td { (seat.name.as_deref().unwrap_or("")) }
                            td.num { (stack) }
                            td.num { (pos.and_then(|i| hand.and_then(|h| h.bets.get(i).copied())).unwrap_or(0)) }
                        }
                    }
                }
            }
            @if let Some(h) = hand {
                p {
                    (tra("met-hand", &[("hand", n(h.hand as f64)), ("board", s(plain(&Value::from(h.board.clone()), lang)))]))
                    @if let Some(p) = h.to_act.as_ref().and_then(|a| a.player) {
                        " " (tra("met-to-act", &[("player", s(name_of(tb, p)))]))
                    }
                }
                @if let Some(l) = &h.legal {
                    p { (t(lang, "js-allowed")) ": "
                        @if l.call > 0 { (tra("call", &[("amount", n(l.call as f64))])) } @else { (t(lang, "check")) }
                        @if let Some([low, high]) = l.raise_to {
                            ", " (tra("bet-or-raise-range", &[("low", n(low as f64)), ("high", n(high as f64))]))
                        }
                        ", " (t(lang, "fold"))
                    }
                }
            }
        }
    }
}

fn name_of(table: &floorbook_ledger::view::TableView, player: u32) -> String {
    table
        .seats
        .iter()
        .find(|s| s.player == player)
        .and_then(|s| s.name.clone())
        .unwrap_or_else(|| player.to_string())
}

/// Who recorded an event, in words.
fn role(r: floorbook_log::Role, lang: Lang) -> String {
    let key = match r {
        floorbook_log::Role::Dealer => "role-dealer-plain",
        floorbook_log::Role::Floor => "role-floor",
        floorbook_log::Role::Director => "role-director",
        floorbook_log::Role::Service => "role-service",
        floorbook_log::Role::Auditor => "role-auditor-plain",
    };
    t(lang, key)
}

/// One event of a hand's record, for picking the event a dispute is about.
#[derive(Debug, Clone)]
pub struct HandStep {
    pub seq: u64,
    pub kind: Option<String>,
    pub pos: Option<i64>,
    pub amount: Option<i64>,
    pub cards: Option<String>,
}

/// Cards as recorded (a JSON list, `null` for a card nobody saw) as a person reads them.
fn cards_of(json: &str) -> String {
    match serde_json::from_str::<Value>(json) {
        Ok(Value::Array(items)) => items
            .iter()
            .map(|c| c.as_str().unwrap_or("▒").to_string())
            .collect::<Vec<_>>()
            .join(" "),
        _ => json.to_string(),
    }
}

/// A hand's record, each event a link to its own dispute; the one shown marked.
fn history(steps: &[HandStep], at: u64, lang: Lang) -> Markup {
    html! {
        @if !steps.is_empty() {
            section.history aria-label=(t(lang, "hand-record")) {
                h3 { (t(lang, "hand-record")) }
                ol {
                    @for st in steps {
                        @let kind = st.kind.clone().unwrap_or_default();
                        li value=(st.seq) aria-current=[(st.seq == at).then_some("true")] {
                            a href=(format!("explain?seq={}", st.seq)) {
                                (t_or(lang, &format!("ev-{kind}"), &kind.replace('_', " ")))
                                @if let Some(p) = st.pos { " · " (ta(lang, "position-n", &[("pos", n(p as f64))])) }
                                @if let Some(a) = st.amount { " · " (a) }
                                @if let Some(c) = &st.cards { " · " (cards_of(c)) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The rules that decided it: each ID with the seed's own sentence, and in English the
/// catalogue's reading of it before (a German page shows the German text alone).
fn rules<'a>(list: impl Iterator<Item = (&'a str, &'a str)>, lang: Lang) -> Markup {
    let list: Vec<(&str, &str)> = list.collect();
    html! {
        h3 { (t(lang, "rules")) }
        @if list.is_empty() { p.empty { (t(lang, "no-rule")) } }
        ul id="rules" {
            @for (id, text) in &list {
                @let seed = floorbook_rules::Rule::from_id(id).map(|r| r.seed_text());
                li {
                    strong { (id) }
                    @if lang == Lang::En || seed.is_none() { " " (text) }
                    @if let Some(seed) = seed { blockquote lang="de" { (seed) } }
                }
            }
        }
    }
}

/// A decision re-derived, in words, with the hand's record to pick another event from.
pub fn dispute(head: u64, e: &Explanation, steps: &[HandStep], lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let rec = e
        .recorded
        .as_ref()
        .and_then(|r| serde_json::to_value(r).ok());
    let der = e
        .derived
        .as_ref()
        .and_then(|r| serde_json::to_value(r).ok());
    html! {
        (crate::pages::dispute_form(head, None, lang))
        section aria-label=(tr("rederived")) {
            h2 id="verdict" {
                (ta(lang, "event-no", &[("seq", n(e.seq.unwrap_or(0) as f64))])) ": "
                @if e.agrees {
                    (tr("record-agrees"))
                } @else {
                    span.flag { (tr("record-disagrees")) }
                }
            }
            @if let Some(by) = &e.recorded_by {
                p id="recorded-by" {
                    (ta(lang, "entered-by", &[
                        ("actor", s(by.actor.id.clone())),
                        ("role", s(role(by.actor.role, lang))),
                        ("at", s(by.at.format("%Y-%m-%d %H:%M:%S UTC").to_string())),
                    ]))
                    @if let Some(r) = &by.request { " · " (tr("request")) " " (r) }
                }
            }
            div.tables {
                @if let Some(c) = &e.command {
                    section.table id="entered" { h3 { (tr("entered")) } (command(c, lang)) }
                }
                @if let Some(b) = &e.before {
                    section.table id="met" { h3 { (tr("met")) } (before(b, lang)) }
                }
                section.table id="decided" {
                    h3 { (tr("decided")) }
                    @match &rec { Some(v) => (event(v, lang)), None => p.empty { "—" } }
                    @if !e.agrees {
                        h3 { (tr("derived")) }
                        @match &der { Some(v) => (event(v, lang)), None => p.empty { "—" } }
                    }
                }
            }
            @if let Some(d) = &e.divergence {
                p.notice role="alert" { (tr("diverges")) ": " (d.reason) }
            }
            (history(steps, e.seq.unwrap_or(0), lang))
            (rules(e.rules.iter().map(|r| (r.id, r.text)), lang))
            @if !e.settings.is_empty() {
                h3 { (tr("house-settings")) }
                ul id="settings" {
                    @for st in &e.settings {
                        li { (t(lang, &format!("setting-{}", st.name.replace('.', "-")))) ": " strong { (st.value) } " " code { (st.name) } }
                    }
                }
            }
            details.raw {
                summary { (tr("raw")) }
                div.tables {
                    section.table { h3 { (tr("decided")) } pre id="recorded" { (pretty(&e.recorded)) } }
                    section.table { h3 { (tr("derived")) } pre id="derived" { (pretty(&e.derived)) } }
                    section.table { h3 { (tr("entered")) } pre id="command" { (pretty(&e.command)) } }
                    @if let Some(b) = &e.before {
                        section.table { h3 { (tr("met")) } pre id="before" { (pretty(b)) } }
                    }
                }
            }
        }
    }
}

fn pretty<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string_pretty(v).unwrap_or_default()
}

/// A cash room's decision re-derived, in words: the command as entered (in its declaration's
/// words), who entered it and when, what was recorded and (when they differ) what the rules
/// give, the guest as the room held him, each rule with the seed's sentence; JSON behind the
/// raw switch.
pub fn cash(head: u64, e: &floorbook_ledger::cash::CashExplanation, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let rec = e
        .recorded
        .as_ref()
        .and_then(|r| serde_json::to_value(r).ok());
    let der = e
        .derived
        .as_ref()
        .and_then(|r| serde_json::to_value(r).ok());
    let wire = WireCommand::from_cash(&e.command);
    let d: &Declaration = wire.declaration();
    let v = serde_json::to_value(&wire).unwrap_or(Value::Null);
    let key = match e.role.as_str() {
        "dealer" => "role-dealer-plain".to_string(),
        "auditor" => "role-auditor-plain".to_string(),
        other => format!("role-{other}"),
    };
    let who = t_or(lang, &key, &e.role.replace('_', " "));
    html! {
        (crate::pages::dispute_form(head, None, lang))
        section aria-label=(tr("rederived")) {
            h2 id="verdict" {
                (ta(lang, "event-no", &[("seq", n(e.seq as f64))])) ": "
                @if e.agrees { (tr("record-agrees")) } @else { span.flag { (tr("record-disagrees")) } }
            }
            p id="recorded-by" {
                (ta(lang, "entered-by", &[
                    ("actor", s(e.entered_by.clone())),
                    ("role", s(who)),
                    ("at", s(e.at.format("%Y-%m-%d %H:%M:%S UTC").to_string())),
                ]))
            }
            div.tables {
                section.table id="entered" {
                    h3 { (tr("entered")) }
                    p.what { strong { (d.help.get(lang)) } " " span.rule { "(" (d.rules) ")" } }
                    dl.fields {
                        @for f in d.fields {
                            @if let (Some(label), Some(x)) = (f.label, v.get(f.name)) {
                                dt { (label.get(lang)) } dd { (plain(x, lang)) }
                            }
                        }
                    }
                }
                @if let Some(g) = &e.guest_before {
                    section.table id="met" { h3 { (tr("guest-before")) } p { (plain(g, lang)) } }
                }
                section.table id="decided" {
                    h3 { (tr("decided")) }
                    @match &rec { Some(v) => (event(v, lang)), None => p.empty { "—" } }
                    @if !e.agrees {
                        h3 { (tr("derived")) }
                        @match &der { Some(v) => (event(v, lang)), None => p.empty { "—" } }
                    }
                }
            }
            (rules(e.rules.iter().map(|r| (r.id.as_str(), r.text.as_str())), lang))
            details.raw {
                summary { (tr("raw")) }
                div.tables {
                    section.table { h3 { (tr("decided")) } pre id="recorded" { (pretty(&e.recorded)) } }
                    section.table { h3 { (tr("derived")) } pre id="derived" { (pretty(&e.derived)) } }
                    section.table { h3 { (tr("entered")) } pre id="command" { (pretty(&e.command)) } }
                    section.table { h3 { (tr("guest-before")) } pre id="before" { (pretty(&e.guest_before)) } }
                }
            }
        }
    }
}
