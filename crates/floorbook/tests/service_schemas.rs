//! `schemas/request.schema.json` and `schemas/reply.schema.json` are generated from the
//! service's wire types; this test fails when a committed one is stale (regenerate with
//! `UPDATE_WIRE=1 cargo test -p floorbook --test service_schemas`). Every command written in
//! `docs/operations.md` parses as a request, read from the document itself.

use std::path::PathBuf;

use floorbook_service::wire::{Reply, Request};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn committed_service_schemas_are_generated_from_the_types() {
    for (name, schema) in [
        ("request", schemars::schema_for!(Request)),
        ("reply", schemars::schema_for!(Reply)),
    ] {
        let mut text = serde_json::to_string_pretty(&schema).expect("schema");
        text.push('\n');
        let path = root().join("schemas").join(format!("{name}.schema.json"));
        if std::env::var_os("UPDATE_WIRE").is_some() {
            std::fs::write(&path, &text).expect("write");
            continue;
        }
        let committed = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_WIRE=1)", path.display()));
        assert!(
            committed == text,
            "{} is stale; regenerate with UPDATE_WIRE=1",
            path.display()
        );
    }
}

#[test]
fn requests_parse_and_unknown_fields_are_refused() {
    let ok =
        r#"{"actor":"anna","after":41,"command":"bet_or_raise_to","table":3,"pos":2,"to":1200}"#;
    let r: Request = serde_json::from_str(ok).expect("a request");
    assert_eq!(r.after, Some(41));
    for bad in [
        r#"{"actor":"anna","command":"fold","table":3,"pos":2,"colour":"red"}"#,
        r#"{"actor":"anna","command":"fold","table":3}"#,
        r#"{"command":"fold","table":3,"pos":2}"#,
        r#"{"actor":"anna","command":"shuffle_up"}"#,
    ] {
        assert!(serde_json::from_str::<Request>(bad).is_err(), "{bad}");
    }
}

/// `show_after_hand` (TR-3.5, TR-3.7, TR-3.8) reads from the wire, stands for the engine's
/// after-hand show at that table, goes back to the same wire command, and is a dealer's.
#[test]
fn show_after_hand_maps_to_the_engine_and_back() {
    use floorbook_service::roles::{Needs, needs};
    use floorbook_service::wire::WireCommand;
    use floorbook_tournament::command::{Command, HandCommand};
    let text =
        r#"{"actor":"dealer-3","command":"show_after_hand","table":3,"pos":1,"cards":["Kd"]}"#;
    let r: Request = serde_json::from_str(text).expect("a request");
    let engine = r.command.to_engine().expect("an engine command");
    match &engine {
        Command::Hand {
            table,
            action: HandCommand::ShowAfterHand { pos, cards },
        } => {
            assert_eq!((table.0, pos.0), (3, 1));
            assert_eq!(cards.len(), 1);
            assert_eq!(cards[0].to_string(), "Kd");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(WireCommand::from_engine(&engine, 18), r.command);
    assert_eq!(needs(&r.command), Needs::Dealer);
    let bad =
        r#"{"actor":"dealer-3","command":"show_after_hand","table":3,"pos":1,"cards":["Zz"]}"#;
    let r: Request = serde_json::from_str(bad).expect("reads");
    assert!(r.command.to_engine().is_err(), "a card that is none");
}

/// The JSON objects written in `text` that name a command: each `{` that begins one, to its
/// matching `}` (strings taken into account).
fn commands_in(text: &str) -> Vec<serde_json::Value> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(k) = text[i..].find("{\"") {
        let start = i + k;
        let (mut depth, mut in_string, mut escaped, mut end) = (0usize, false, false, None);
        for (j, &b) in bytes.iter().enumerate().skip(start) {
            match b {
                _ if escaped => escaped = false,
                b'\\' if in_string => escaped = true,
                b'"' => in_string = !in_string,
                b'{' if !in_string => depth += 1,
                b'}' if !in_string => {
                    depth -= 1;
                    if depth == 0 {
                        end = Some(j);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else { break };
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text[start..=end])
            && v.get("command").is_some()
        {
            out.push(v);
        }
        i = end + 1;
    }
    out
}

/// Issue 42: the commands `docs/operations.md` shows (whole requests, and the bodies given to
/// `floorbook cmd`, which adds the actor) are read from the document and parse as requests.
#[test]
fn the_commands_in_the_operations_guide_parse_as_requests() {
    let text = std::fs::read_to_string(root().join("docs/operations.md")).expect("the guide");
    let found = commands_in(&text);
    assert!(found.len() >= 8, "only {} commands found", found.len());
    for mut v in found {
        if v.get("actor").is_none() {
            v["actor"] = "someone".into();
        }
        let r: Result<Request, _> = serde_json::from_value(v.clone());
        assert!(r.is_ok(), "{v}: {:?}", r.err());
    }
}

/// Issue 36: "Set a break" was refused as malformed from the page and from `floorbook cmd`
/// ("missing field `after`"): the command's own `after` was read as the request's head guard.
/// The level is `after_level`; the guard stays `after`, and both read together.
#[test]
fn a_break_reads_its_level_apart_from_the_head_guard() {
    use floorbook_service::wire::WireCommand;
    let text = r#"{"actor":"td","after":41,"command":"set_break","after_level":2,"minutes":10}"#;
    let r = floorbook_service::wire_words::read_request(text.as_bytes()).expect("a request");
    assert_eq!(r.after, Some(41));
    assert_eq!(
        r.command,
        WireCommand::SetBreak {
            after_level: 2,
            minutes: 10,
            at: None
        }
    );
    let engine = r.command.to_engine().expect("an engine command");
    assert_eq!(
        engine,
        floorbook_tournament::command::Command::SetBreak {
            after: 2,
            minutes: 10
        }
    );
}
