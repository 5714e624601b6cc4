//! `schemas/request.schema.json`, `reply.schema.json` and `query-reply.schema.json` are
//! generated from the
//! service's wire types; this test fails when a committed one is stale (regenerate with
//! `UPDATE_WIRE=1 cargo test -p floorbook --test service_schemas`). Every command written in
//! `docs/operations.md` parses as a request, read from the document itself.

use std::path::PathBuf;

use floorbook_service::wire::{QueryReply, Reply, Request};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn committed_service_schemas_are_generated_from_the_types() {
    for (name, schema) in [
        ("request", schemars::schema_for!(Request)),
        ("reply", schemars::schema_for!(Reply)),
        ("query-reply", schemars::schema_for!(QueryReply)),
    ] {
        let path = root().join("schemas").join(format!("{name}.schema.json"));
        committed_as_generated(&path, &schema);
    }
}

/// `path` holds `value` as generated (written instead under UPDATE_WIRE).
fn committed_as_generated(path: &std::path::Path, value: &impl serde::Serialize) {
    let mut text = serde_json::to_string_pretty(value).expect("json");
    text.push('\n');
    if std::env::var_os("UPDATE_WIRE").is_some() {
        std::fs::write(path, &text).expect("write");
        return;
    }
    let committed = std::fs::read_to_string(path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_WIRE=1)", path.display()));
    assert!(
        committed == text,
        "{} is stale; regenerate with UPDATE_WIRE=1",
        path.display()
    );
}

/// `schemas/asyncapi.json`, the protocol document, is derived from the command declarations
/// (`floorbook_service::protocol`): stale fails (regenerate with `UPDATE_WIRE=1`).
#[test]
fn the_protocol_document_is_current() {
    committed_as_generated(
        &root().join("schemas/asyncapi.json"),
        &floorbook_service::protocol::asyncapi(),
    );
}

/// The protocol document is a valid AsyncAPI 3.0 document: checked against AsyncAPI's own
/// JSON Schema (vendored in `tests/asyncapi/`) by Python's `jsonschema`; every declared
/// command is a message of the channels of the roles that may send it, and only of those.
#[test]
fn the_protocol_document_is_valid_asyncapi() {
    let dir = root().join("tests/asyncapi");
    let doc = root().join("schemas/asyncapi.json");
    let py = root().join("target/py");
    let out = std::process::Command::new("python3")
        .arg(dir.join("validate.py"))
        .arg(dir.join("asyncapi-3.0.0.json"))
        .arg(&doc)
        .env("PYTHONPATH", &py)
        .output()
        .unwrap_or_else(|e| panic!("python3 does not run ({e}): install it (bash .ci/deps)"));
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !said.contains("No module named 'jsonschema'"),
        "Python's jsonschema is missing: bash .ci/deps installs it\n{said}"
    );
    assert!(out.status.success(), "not valid AsyncAPI 3.0:\n{said}");

    let doc: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&doc).expect("read")).expect("json");
    for d in floorbook_service::commands::COMMANDS {
        let on = |channel: &str| {
            doc["channels"][channel]["messages"]
                .as_object()
                .is_some_and(|m| m.contains_key(d.name))
        };
        let by = (
            on("dealerCommands"),
            on("floorCommands"),
            on("directorCommands"),
        );
        use floorbook_service::roles::Needs;
        let want = match d.role {
            Needs::Dealer => (true, true, true),
            Needs::Floor => (false, true, true),
            Needs::Director => (false, false, true),
        };
        assert_eq!(by, want, "{}", d.name);
        let m = &doc["components"]["messages"][d.name];
        assert_eq!(
            m["x-floorbook-role"],
            format!("{:?}", d.role).to_lowercase()
        );
        assert!(
            m["description"].as_str().is_some_and(|s| s.len() > 20),
            "{}",
            d.name
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

/// Issue 38: the worked hand of `docs/protocol.md` is replayed against a real desk (the
/// embedded store): each request (`→ SUBJECT JSON`) parses, goes to the channel its subject
/// names, and its reply has what the page's `←` line says (`ok`, the events in order, the
/// error's kind), and the reply the page writes is a reply of the published shape.
#[tokio::test]
async fn the_worked_hand_in_the_protocol_guide_plays_as_written() {
    use floorbook_service::desk::{Desk, Incoming};
    use floorbook_service::subjects::{Target, parse};
    use floorbook_service::wire::Reply;
    let text = std::fs::read_to_string(root().join("docs/protocol.md")).expect("the guide");
    let dir = tempfile::tempdir().expect("dir");
    let store = floorbook_store_embedded::EmbeddedStore::open(
        dir.path(),
        floorbook_store_embedded::OpenMode::ReadWrite,
    )
    .expect("store");
    let chain = floorbook_log::ChainId::new("spring").expect("chain");
    let mut desk = Desk::open(store, chain.clone(), None, 500)
        .await
        .expect("desk");
    let lines: Vec<&str> = text.lines().collect();
    let mut rewritten: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    let mut played = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(rest) = line.strip_prefix("→ ") else {
            continue;
        };
        let (subject, body) = rest.split_once(' ').expect("subject and body");
        let Some(Target::Command { chain: c, channel }) = parse(subject) else {
            panic!("line {}: {subject} is no command subject", i + 1);
        };
        assert_eq!(c, chain, "line {}", i + 1);
        let request: Request =
            serde_json::from_str(body).unwrap_or_else(|e| panic!("line {}: {body}: {e}", i + 1));
        let want = lines
            .get(i + 1)
            .and_then(|l| l.strip_prefix("← "))
            .unwrap_or_else(|| panic!("line {}: no reply written under it", i + 1));
        let want_reply: Reply = serde_json::from_str(want)
            .unwrap_or_else(|e| panic!("line {}: the written reply: {e}", i + 2));
        let d = desk
            .decide(vec![Incoming {
                channel,
                request,
                at: chrono::Utc::now(),
            }])
            .await;
        let got = &d.replies[0];
        // Regenerated with UPDATE_WIRE=1 (never in CI): the reply as the page shows it, the
        // hash and sequence numbers left out.
        let mut shown = format!("{{\"ok\":{}", got.ok);
        if !got.events.is_empty() {
            shown.push_str(&format!(",\"events\":{}", serde_json::json!(got.events)));
        }
        if let Some(e) = &got.error {
            let error = serde_json::json!({"kind": e.kind, "message": e.message});
            shown.push_str(&format!(",\"error\":{error}"));
        }
        rewritten[i + 1] = format!("← {shown}}}");
        if std::env::var_os("UPDATE_WIRE").is_some() {
            played += 1;
            continue;
        }
        assert_eq!(
            (got.ok, &got.events, got.error.as_ref().map(|e| e.kind)),
            (
                want_reply.ok,
                &want_reply.events,
                want_reply.error.as_ref().map(|e| e.kind)
            ),
            "line {}: {body}\n got {}",
            i + 1,
            serde_json::to_string(got).unwrap_or_default()
        );
        played += 1;
    }
    assert!(played >= 15, "only {played} requests on the page");
    if std::env::var_os("UPDATE_WIRE").is_some() {
        let mut out = rewritten.join("\n");
        out.push('\n');
        std::fs::write(root().join("docs/protocol.md"), out).expect("write");
    }
}
