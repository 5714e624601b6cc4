//! Every form a page offers comes from a command's declaration: each one, filled in the way
//! the page's script reads it (`data-kind`), is a command the service reads, with every field
//! the declaration labels, in English and in German.

use std::collections::BTreeMap;

use floorbook_service::commands::{COMMANDS, Lang, Place};
use floorbook_service::roles::Needs;
use floorbook_service::wire_words::read_command;
use floorbook_web::terminal::{desk_forms, form, form_choosing, offered};
use serde_json::{Map, Value, json};

/// The attributes of every `<input>` and `<select>` in `html`, in order (a select's value: its
/// first option).
fn inputs(html: &str) -> Vec<BTreeMap<String, String>> {
    let mut out = Vec::new();
    let mut rest = html;
    while let Some(i) = rest.find('<') {
        rest = &rest[i + 1..];
        let tag: String = rest
            .chars()
            .take_while(|c| c.is_ascii_alphabetic())
            .collect();
        if tag != "input" && tag != "select" {
            continue;
        }
        let end = rest.find('>').expect("a tag ends");
        let mut attrs = BTreeMap::new();
        let mut a = &rest[tag.len()..end];
        loop {
            a = a.trim_start();
            if a.is_empty() {
                break;
            }
            let key: String = a
                .chars()
                .take_while(|c| !c.is_whitespace() && *c != '=')
                .collect();
            a = &a[key.len()..];
            if let Some(v) = a.strip_prefix("=\"") {
                let close = v.find('"').expect("a quoted value ends");
                attrs.insert(key, v[..close].to_string());
                a = &v[close + 1..];
            } else {
                attrs.insert(key, String::new());
            }
        }
        if tag == "select" {
            let option = &rest[end..];
            let v = option
                .split("<option value=\"")
                .nth(1)
                .and_then(|s| s.split('"').next())
                .expect("a select offers an option");
            attrs.insert("value".into(), v.to_string());
            attrs.insert("select".into(), String::new());
        }
        out.push(attrs);
        rest = &rest[end..];
    }
    out
}

/// What a dealer or floor person types into a field of `kind` named `name`.
fn typed(name: &str, kind: &str) -> Option<Value> {
    Some(match kind {
        "int" | "optint" => json!(1),
        "bool" => json!(true),
        "cards" => json!(["As", "Kd"]),
        "ints" | "optints" => json!([2, 1]),
        "seencards" | "optseencards" => json!(["As", null]),
        "seatcards" => json!([{ "seat": 1, "card": "As" }]),
        "text" | "opttext" => json!("Ah"),
        _ => {
            let _ = name;
            return None;
        }
    })
}

fn walk(d: &'static floorbook_service::commands::Declaration, director: bool, lang: Lang) {
    let fixed: Vec<(&str, String)> = if d.at_table && d.place != Place::Desk {
        vec![("table", "3".to_string())]
    } else {
        vec![]
    };
    let html = form(d, &fixed, director, lang).into_string();
    check(d, &fixed, director, lang, &html);
    // At a table in play a position is chosen by the player's name and seat.
    if matches!(d.place, Place::Remedy | Place::StudRemedy) {
        let players = vec![(
            "pos",
            vec![
                ("0".to_string(), "Ann (seat 4)".to_string()),
                ("1".to_string(), "Bob (seat 7)".to_string()),
            ],
        )];
        let html = form_choosing(d, &fixed, &players, lang).into_string();
        if d.fields.iter().any(|f| f.name == "pos") {
            assert!(
                html.contains("<option value=\"1\">Bob (seat 7)</option>")
                    && !html.contains("name=\"pos\" data-kind=\"int\" inputmode"),
                "{}: the position is chosen, not typed: {html}",
                d.name
            );
        }
        check(d, &fixed, director, lang, &html);
    }
}

fn check(
    d: &'static floorbook_service::commands::Declaration,
    fixed: &[(&str, String)],
    director: bool,
    lang: Lang,
    html: &str,
) {
    assert!(html.contains(&format!("data-command=\"{}\"", d.name)));
    assert!(html.contains(d.help.get(lang)), "{}: {html}", d.name);
    let mut body = Map::new();
    body.insert("command".into(), json!(d.name));
    for attrs in inputs(html) {
        let name = &attrs["name"];
        let kind = &attrs["data-kind"];
        // No field asks a person for JSON: each kind is read as the page's script reads it.
        assert_ne!(kind, "json", "{}.{name} asks for JSON", d.name);
        match kind.as_str() {
            // A level's row: its part at its key (rows the script drops when empty).
            "levelpart" => {
                let row: usize = attrs["data-row"].parse().expect("a row number");
                let rows = body.entry(name.clone()).or_insert_with(|| json!([]));
                let rows = rows.as_array_mut().expect("rows");
                while rows.len() <= row {
                    rows.push(json!({}));
                }
                if row == 0 {
                    rows[row][attrs["data-key"].as_str()] = json!(100);
                }
                continue;
            }
            // An action and its amount beside it: the amount goes with "raise to".
            "oot" => {
                body.insert(name.clone(), json!({ "action": "raise_to" }));
                continue;
            }
            "said" => {
                body.insert(name.clone(), json!("raise_to"));
                continue;
            }
            "amount" => {
                let v = body
                    .get_mut(name.as_str())
                    .expect("the action before its amount");
                if v.is_object() {
                    v["to"] = json!(200);
                } else {
                    *v = json!({ "raise_to": 200 });
                }
                continue;
            }
            _ => {}
        }
        let value = if attrs.contains_key("select") && kind == "int" {
            json!(attrs["value"].parse::<u64>().expect("a number chosen"))
        } else if attrs.contains_key("select") {
            json!(attrs["value"])
        } else if attrs.get("type").map(String::as_str) == Some("hidden") {
            json!(attrs["value"].parse::<u64>().expect("a fixed number"))
        } else {
            typed(name, kind)
                .unwrap_or_else(|| panic!("{}.{name}: no sample for kind {kind}: add one", d.name))
        };
        body.insert(name.clone(), value);
    }
    // Rows left empty at the end count for nothing (the script drops them).
    if let Some(Value::Array(rows)) = body.get_mut("levels") {
        while rows
            .last()
            .is_some_and(|r| r.as_object().is_some_and(Map::is_empty))
        {
            rows.pop();
        }
    }
    let text = Value::Object(body.clone()).to_string();
    let cmd = read_command(&text).unwrap_or_else(|e| panic!("{}: {text}: {e}", d.name));
    assert_eq!(cmd.name(), d.name);
    // Every labelled field is on the form, with its label in the page's language.
    for (f, label) in d.form_fields(director) {
        assert!(
            body.contains_key(f.name),
            "{}: {} is not on the form",
            d.name,
            f.name
        );
        let fixed_here = fixed.iter().any(|(n, _)| *n == f.name);
        // A position chosen from the hand's players is labelled as the player.
        let chosen = f.name == "pos" && html.contains(&format!("<select id=\"{}-pos\"", d.name));
        if !fixed_here && !chosen {
            let shown = maud::html! { (label.get(lang)) }.into_string();
            assert!(html.contains(&shown), "{}.{}: {shown}", d.name, f.name);
        }
    }
    // An override's field only on the director's desk.
    if let Some(raised) = d.raised_by {
        assert_eq!(body.contains_key(raised), director, "{}", d.name);
        assert_eq!(cmd.needs() == Needs::Director, director, "{}", d.name);
    }
}

#[test]
fn every_offered_form_sends_a_command_the_service_reads() {
    for lang in Lang::ALL {
        for d in COMMANDS {
            match d.place {
                Place::Wire | Place::Table => continue,
                Place::Desk => {
                    walk(d, false, lang);
                    if d.role == Needs::Director || d.raised_by.is_some() {
                        walk(d, true, lang);
                    }
                }
                Place::Remedy | Place::StudRemedy | Place::AfterHand => walk(d, false, lang),
            }
        }
    }
}

#[test]
fn every_desk_command_is_on_the_desk_of_its_role_and_game() {
    for d in COMMANDS.iter().filter(|d| d.place == Place::Desk) {
        for cash in [false, true] {
            let on_floor = desk_forms(false, cash).contains(&d);
            let on_director = desk_forms(true, cash).contains(&d);
            let here = d.game.serves(cash);
            assert_eq!(on_floor, here && d.role == Needs::Floor, "{}", d.name);
            assert_eq!(
                on_director,
                here && (d.role == Needs::Director || d.raised_by.is_some()),
                "{}",
                d.name
            );
        }
    }
    // The dealer's page offers the remedies of its game.
    let flop: Vec<&str> = offered(Place::Remedy, false).map(|d| d.name).collect();
    assert!(flop.contains(&"four_card_flop") && flop.contains(&"correct_hole_cards"));
    let after_cash: Vec<&str> = offered(Place::AfterHand, true).map(|d| d.name).collect();
    assert!(
        !after_cash.contains(&"chip_race"),
        "no chip race at a cash table"
    );
}
