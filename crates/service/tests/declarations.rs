//! Every declared command walked through what is derived from its declaration: the request's
//! JSON Schema, parsing, the role check and the words of its help. (The web's forms are walked
//! in `crates/web/tests/forms.rs`.)

use std::collections::BTreeSet;

use floorbook_rules::Rule;
use floorbook_service::commands::{COMMANDS, Declaration, Game, Kind, Place};
use floorbook_service::roles::{Needs, refusal};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{WireCommand, WireError};
use floorbook_service::wire_words::{command_schema, read_request};
use serde_json::{Map, Value, json};

fn schema_root() -> Value {
    schemars::schema_for!(floorbook_service::wire::Request).to_value()
}

/// A value that fits `schema`: a sample a terminal could send (cards are real cards).
fn sample(schema: &Value, root: &Value, all: bool) -> Value {
    if let Some(r) = schema["$ref"].as_str() {
        let path = r.trim_start_matches("#/");
        let target = path
            .split('/')
            .fold(root, |v, part| &v[part.replace("~1", "/")]);
        return sample(target, root, all);
    }
    if let Some(c) = schema.get("const") {
        return c.clone();
    }
    if let Some(e) = schema["enum"].as_array().and_then(|e| e.first()) {
        return e.clone();
    }
    for key in ["oneOf", "anyOf"] {
        if let Some(first) = schema[key]
            .as_array()
            .and_then(|v| v.iter().find(|s| s["type"] != "null"))
        {
            return sample(first, root, all);
        }
    }
    let ty = match &schema["type"] {
        Value::Array(types) => types
            .iter()
            .find(|t| *t != "null")
            .cloned()
            .unwrap_or(Value::Null),
        t => t.clone(),
    };
    match ty.as_str() {
        Some("integer") => json!(schema["minimum"].as_u64().unwrap_or(1).max(1)),
        Some("boolean") => json!(true),
        Some("string") => json!("As"),
        Some("array") => json!([sample(&schema["items"], root, all)]),
        Some("object") => {
            let required: BTreeSet<&str> = schema["required"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .collect();
            let mut out = Map::new();
            for (k, v) in schema["properties"].as_object().into_iter().flatten() {
                if all || required.contains(k.as_str()) {
                    out.insert(k.clone(), sample(v, root, all));
                }
            }
            Value::Object(out)
        }
        _ => Value::Null,
    }
}

fn request(d: &Declaration, all: bool) -> (Value, WireCommand) {
    let root = schema_root();
    let schema = command_schema(d.name).unwrap_or_else(|| panic!("{} has no schema", d.name));
    let mut body = sample(schema, &root, all);
    body["actor"] = json!("Anna");
    let parsed = read_request(body.to_string().as_bytes())
        .unwrap_or_else(|e| panic!("{}'s sample {body} does not parse: {e}", d.name));
    (body, parsed.command)
}

#[test]
fn every_declared_command_has_its_schema_and_no_other() {
    let declared: BTreeSet<&str> = COMMANDS.iter().map(|d| d.name).collect();
    assert_eq!(declared.len(), COMMANDS.len(), "a name declared twice");
    let root = schema_root();
    let in_schema: BTreeSet<&str> = root["oneOf"]
        .as_array()
        .expect("the request schema lists its commands")
        .iter()
        .filter_map(|v| v["properties"]["command"]["const"].as_str())
        .collect();
    assert_eq!(declared, in_schema);
    for d in COMMANDS {
        let schema = command_schema(d.name).expect("schema");
        let props: BTreeSet<&str> = schema["properties"]
            .as_object()
            .expect("properties")
            .keys()
            .map(String::as_str)
            .filter(|k| *k != "command")
            .collect();
        let fields: BTreeSet<&str> = d.fields.iter().map(|f| f.name).collect();
        assert_eq!(props, fields, "{}: schema and declaration differ", d.name);
    }
}

#[test]
fn every_declared_command_parses_and_knows_its_declaration() {
    for d in COMMANDS {
        for all in [false, true] {
            let (body, cmd) = request(d, all);
            assert_eq!(cmd.name(), d.name, "{body}");
            assert_eq!(cmd.declaration(), d, "{body}");
            // Serialized again, it reads the same.
            let again: WireCommand =
                serde_json::from_value(serde_json::to_value(&cmd).expect("serializes"))
                    .expect("reads back");
            assert_eq!(again, cmd);
            // The table it acts at, where declared so.
            if d.at_table {
                assert_eq!(cmd.table(), body["table"].as_u64().map(|t| t as u32));
                assert!(cmd.table().is_some(), "{} acts at a table", d.name);
            } else {
                assert_eq!(cmd.table(), None, "{}", d.name);
            }
            // The recorded time, when given.
            assert_eq!(
                cmd.at(),
                body.get("at").and_then(Value::as_u64),
                "{}",
                d.name
            );
        }
    }
}

#[test]
fn every_declared_command_goes_to_the_role_declared() {
    for d in COMMANDS {
        let (_, least) = request(d, false);
        let (_, full) = request(d, true);
        assert_eq!(least.needs(), d.role, "{}", d.name);
        let expected = if d.raised_by.is_some() {
            Needs::Director
        } else {
            d.role
        };
        assert_eq!(full.needs(), expected, "{} with every field", d.name);
        for cmd in [least, full] {
            let need = cmd.needs();
            let table = cmd.table().unwrap_or(1);
            let dealer = refusal(Channel::Dealer { table }, &cmd);
            let other_dealer = refusal(Channel::Dealer { table: table + 1 }, &cmd);
            let floor = refusal(Channel::Floor, &cmd);
            assert_eq!(refusal(Channel::Director, &cmd), None, "{}", d.name);
            assert_eq!(
                floor.is_none(),
                need <= Needs::Floor,
                "{}: {floor:?}",
                d.name
            );
            assert_eq!(
                dealer.is_none(),
                need == Needs::Dealer,
                "{}: {dealer:?}",
                d.name
            );
            let refused = other_dealer.expect("a dealer acts only at his table");
            assert!(refused.contains(d.name), "{refused}");
            assert!(refused.contains(need.describe()), "{refused}");
        }
    }
}

#[test]
fn every_declared_command_goes_to_the_games_declared() {
    for d in COMMANDS {
        let (body, cmd) = request(d, false);
        let engine = cmd.to_engine();
        let cash = cmd.to_cash();
        let tournament_refuses = matches!(engine, Err(WireError::CashOnly { .. }));
        let cash_refuses = matches!(cash, Err(WireError::NotCash { .. }));
        match d.game {
            Game::Tournament => {
                assert!(!tournament_refuses, "{body}: {engine:?}");
                assert!(cash_refuses, "{body}: {cash:?}");
            }
            Game::Cash => {
                assert!(tournament_refuses, "{body}: {engine:?}");
                assert!(!cash_refuses, "{body}: {cash:?}");
            }
            Game::Both => {
                assert!(!tournament_refuses, "{body}: {engine:?}");
                // Opening a chain is the desk's own; every other command of both games is one
                // the cash room decides.
                if d.name != "open" {
                    assert!(!cash_refuses, "{body}: {cash:?}");
                }
            }
        }
    }
}

#[test]
fn every_declaration_speaks_both_languages_and_cites_real_rules() {
    for d in COMMANDS {
        assert!(!d.help.en.is_empty() && !d.help.de.is_empty(), "{}", d.name);
        for id in d.rules.split(',').map(str::trim) {
            // "TDA-RP-10 A" names a part of TDA-RP-10.
            let rule = id.split(' ').next().unwrap_or(id);
            assert!(Rule::from_id(rule).is_some(), "{} cites {id}", d.name);
        }
        for f in d.fields {
            match f.label {
                Some(l) => {
                    assert!(
                        !l.en.is_empty() && !l.de.is_empty(),
                        "{}.{}",
                        d.name,
                        f.name
                    )
                }
                // Only the recorded time is never on a form.
                None => assert_eq!((f.name, f.kind), ("at", Kind::OptInt), "{}", d.name),
            }
            if let Kind::Choice(values) = f.kind {
                let schema = &command_schema(d.name).expect("schema")["properties"][f.name];
                let root = schema_root();
                let target = schema["$ref"]
                    .as_str()
                    .map(|r| &root["$defs"][r.rsplit('/').next().unwrap_or("")])
                    .unwrap_or(schema);
                let wire: BTreeSet<&str> = target["enum"]
                    .as_array()
                    .or_else(|| target["oneOf"].as_array())
                    .expect("a choice is an enumeration")
                    .iter()
                    .flat_map(|v| match v.as_str().or_else(|| v["const"].as_str()) {
                        Some(s) => vec![s],
                        None => v["enum"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(Value::as_str)
                            .collect(),
                    })
                    .collect();
                let offered: BTreeSet<&str> = values.iter().map(|(v, _)| *v).collect();
                assert_eq!(offered.len(), values.len(), "{}.{}", d.name, f.name);
                assert_eq!(offered, wire, "{}.{}", d.name, f.name);
            }
        }
        // A dealer's command acts at his table; a page offers every command but the wire's.
        if d.role == Needs::Dealer {
            assert!(d.at_table, "{}", d.name);
        }
        if d.place == Place::Desk {
            assert_ne!(
                d.role,
                Needs::Dealer,
                "{}: the desks are the floor's",
                d.name
            );
        }
    }
}
