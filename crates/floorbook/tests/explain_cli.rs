//! `floorbook explain`, `replay` and the audit's re-derivation, end to end: recorded
//! decisions agree with what the rules derive; a chain whose writer recorded a decision the
//! rules do not give (intact hashes, wrong content) is caught at that sequence.

use std::path::Path;

use floorbook_log::{ChainId, ChainWriter, Draft, Envelope, EventStore, Seq};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use serde_json::Value;

mod common;
use common::{floorbook, json, simulate_patient};

fn simulate(data: &Path, profile: &str, players: &str) -> Value {
    simulate_under(
        data,
        profile,
        players,
        floorbook_tournament::RULES_REVISION,
        "loose",
    )
}

/// A simulated chain as a build of rules revision `revision` wrote it.
fn simulate_under(data: &Path, profile: &str, players: &str, revision: u32, bots: &str) -> Value {
    let revision = revision.to_string();
    let out = floorbook(&[
        "simulate",
        "--profile",
        profile,
        "--players",
        players,
        "--seed",
        "21",
        "--data",
        data.to_str().expect("utf-8"),
        "--rules-revision",
        &revision,
        "--bots",
        bots,
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(&out)
}

#[test]
fn explain_agrees_with_recorded_decisions_and_names_their_rules() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let sim = simulate(&data, "plo27", "14");
    // The main job's own example re-derives and agrees.
    assert_eq!(sim["explain"]["agrees"], true, "{}", sim["explain"]);
    let events = sim["events"].as_u64().expect("events");
    // A spread of sequences (seq 1 opens the chain).
    let mut with_rules = 0;
    for seq in (2..=events).step_by((events / 40).max(1) as usize) {
        let s = seq.to_string();
        let out = floorbook(&["explain", "--data", d, &s, "--json"]);
        let v = json(&out);
        assert!(out.status.success(), "seq {seq}: {v}");
        assert_eq!(v["agrees"], true, "seq {seq}: {v}");
        assert_eq!(v["recorded"], v["derived"]);
        assert!(v["command"]["command"].is_string(), "{v}");
        for r in v["rules"].as_array().expect("rules") {
            assert!(r["id"].as_str().expect("id").contains('-'));
            assert!(!r["text"].as_str().expect("text").is_empty());
            with_rules += 1;
        }
    }
    assert!(with_rules > 0, "decisions cite their rules");
    // For a person: words and the table, no JSON.
    let text = floorbook(&["explain", "--data", d, &(events / 2).to_string()]);
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    assert!(
        text.contains("the recorded decision is the one the rules derive"),
        "{text}"
    );
    assert!(text.contains("the table as the command found it"), "{text}");
    assert!(
        text.contains("chips") && text.contains("    seat "),
        "{text}"
    );
    assert!(!text.contains("{\""), "JSON in the text output: {text}");
    assert!(
        !sim["explain"]["rules"]
            .as_array()
            .expect("rules")
            .is_empty()
    );
    // Out of range: a clear error naming the range, exit 2; the same range however far out
    // (the largest sequence once wrapped round to a small one and named a shorter range).
    let range = |seq: &str| {
        let out = floorbook(&["explain", "--data", d, seq]);
        assert_eq!(out.status.code(), Some(2), "{seq}");
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        let at = err
            .find("they run from 2 to")
            .unwrap_or_else(|| panic!("{err}"));
        err[at..].trim().to_string()
    };
    let whole = range("0");
    assert_eq!(
        whole,
        format!("they run from 2 to {}", sim["events"]),
        "{whole}"
    );
    assert_eq!(range("999999"), whole);
    assert_eq!(range(&u64::MAX.to_string()), whole);
}

#[test]
fn replay_shows_the_hand_in_progress_with_the_legal_actions() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    simulate(&data, "top18", "18");
    // The first call in the log: at that point someone was to act with a price to call.
    let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    let chain = ChainId::new("t-top18-s21-p18").expect("chain");
    let events = rt
        .block_on(store.read(&chain, Seq::FIRST, 100_000))
        .expect("read");
    let call = events
        .iter()
        .find(|e| {
            let env = Envelope::parse(&e.bytes).expect("envelope");
            env.payload.get().contains(r#""type":"called""#)
        })
        .expect("a call");
    // Replay to just before it: the caller is to act and may call.
    let before = (call.seq.0 - 1).to_string();
    let v = json(&floorbook(&[
        "replay", "--data", d, "--at", &before, "--json",
    ]));
    assert!(v["divergence"].is_null(), "{v}");
    let acting: Vec<&Value> = v["tables"]
        .as_array()
        .expect("tables")
        .iter()
        .filter_map(|t| t["hand"]["legal"].as_object().map(|_| &t["hand"]))
        .collect();
    assert!(!acting.is_empty(), "{v}");
    assert!(
        acting
            .iter()
            .any(|h| h["legal"]["call"].as_u64().is_some_and(|c| c > 0)),
        "{v}"
    );
    // The end: one player left with every chip.
    let end = json(&floorbook(&["replay", "--data", d, "--json"]));
    let players = end["players"].as_array().expect("players");
    let total: u64 = players.iter().filter_map(|p| p["stack"].as_u64()).sum();
    assert!(total > 0);
    assert_eq!(players[0]["stack"].as_u64(), Some(total), "{}", players[0]);
}

/// Copies `chain` from `from` into a new store at `to`, re-sealing every event, with `edit`
/// applied to the payloads until it first returns true: what a writer that records a wrong
/// decision would leave. Returns the sequence it edited (0: none).
fn reseal(
    from: &Path,
    to: &Path,
    chain: &str,
    mut edit: impl FnMut(u64, &mut Value) -> bool,
) -> u64 {
    let mut edited = 0;
    reseal_each(from, to, chain, |seq, payload, _| {
        if edited == 0 && edit(seq, payload) {
            edited = seq;
        }
    });
    edited
}

#[test]
fn a_recorded_decision_the_rules_do_not_give_is_caught() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    simulate(&data, "top18", "12");
    let bad = dir.path().join("bad");
    // The first single-winner pot goes to the wrong seat instead.
    let seq = reseal(&data, &bad, "t-top18-s21-p12", |_, p| {
        let e = &mut p["event"];
        if e["type"] == "pot_awarded" && e["shares"].as_array().is_some_and(|s| s.len() == 1) {
            let w = e["shares"][0][0].as_u64().expect("pos");
            e["shares"][0][0] = Value::from(w + 1);
            true
        } else {
            false
        }
    });
    assert!(seq > 0);
    let b = bad.to_str().expect("utf-8");
    // The chain itself is intact: the writer sealed what it was given.
    let verify = floorbook(&["verify", "--data", b]);
    assert!(
        verify.status.success(),
        "{}",
        String::from_utf8_lossy(&verify.stdout)
    );
    // explain at that sequence: recorded and derived differ; exit 1.
    let s = seq.to_string();
    let out = floorbook(&["explain", "--data", b, &s, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["agrees"], false);
    assert_ne!(v["recorded"], v["derived"]);
    assert_eq!(v["divergence"]["seq"].as_u64(), Some(seq));
    // Decisions before it still agree.
    let earlier = (seq - 1).to_string();
    let out = floorbook(&["explain", "--data", b, &earlier, "--json"]);
    assert_eq!(json(&out)["agrees"], true);
    // The audit lists it, and fails.
    let out = floorbook(&["audit", "--data", b, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let audit = json(&out);
    assert_eq!(audit["verified"], true, "{}", audit["chain_status"]);
    let divs = audit["divergences"].as_array().expect("divergences");
    assert_eq!(divs.len(), 1);
    assert_eq!(divs[0]["seq"].as_u64(), Some(seq));
    // replay past it reports the divergence.
    let out = floorbook(&["replay", "--data", b, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(json(&out)["divergence"]["seq"].as_u64(), Some(seq));
}

#[test]
fn explain_resumes_from_stored_snapshots_on_a_longer_log() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let sim = simulate(&data, "deepstack", "250");
    let events = sim["events"].as_u64().expect("events");
    let db = rusqlite::Connection::open(data.join("projections.sqlite")).expect("db");
    let positions: Vec<i64> = db
        .prepare("SELECT next_seq FROM replay_snapshots ORDER BY position")
        .expect("query")
        .query_map([], |r| r.get(0))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert!(
        positions.len() >= 2,
        "snapshots stored: {positions:?} of {events}"
    );
    // Right at, just after and well after a snapshot: the same answers as from the start.
    let first = positions[0] as u64;
    for seq in [first, first + 1, first + 500, events - 1] {
        let s = seq.to_string();
        let v = json(&floorbook(&["explain", "--data", d, &s, "--json"]));
        assert_eq!(v["agrees"], true, "seq {seq}: {v}");
        assert_eq!(v["seq"].as_u64(), Some(seq));
    }
    // A wrong decision late in the log, in a store whose snapshots are built fresh.
    let bad = dir.path().join("bad");
    let last_award = {
        let mut found = 0;
        reseal(&data, &bad, "t-deepstack-s21-p250", |seq, p| {
            if p["event"]["type"] == "pot_awarded" {
                found = found.max(seq);
            }
            false
        });
        found
    };
    std::fs::remove_dir_all(&bad).expect("clean");
    let seq = reseal(&data, &bad, "t-deepstack-s21-p250", |seq, p| {
        if seq == last_award {
            let e = &mut p["event"];
            e["amount"] = Value::from(e["amount"].as_u64().expect("amount") + 1);
            true
        } else {
            false
        }
    });
    assert_eq!(seq, last_award);
    let b = bad.to_str().expect("utf-8");
    let s = seq.to_string();
    let out = floorbook(&["explain", "--data", b, &s, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["agrees"], false, "{v}");
    assert_eq!(v["divergence"]["seq"].as_u64(), Some(seq));
    let early = (positions[1] as u64 + 3).to_string();
    let v = json(&floorbook(&["explain", "--data", b, &early, "--json"]));
    assert_eq!(v["agrees"], true, "{v}");
}

#[test]
fn explain_reads_far_enough_for_a_seat_draw_after_a_snapshot() {
    // 700 registrations put a snapshot before the start; the seat draw then reads 700 seats.
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    simulate(&data, "deepstack", "700");
    // The start and the last seat, from the projected events.
    let db = rusqlite::Connection::open(data.join("projections.sqlite")).expect("db");
    let seq_of = |sql: &str| -> String {
        db.query_row(sql, [], |r| r.get::<_, i64>(0))
            .expect("seq")
            .to_string()
    };
    let started = seq_of("SELECT seq FROM events WHERE type = 'Started'");
    let last_seat = seq_of("SELECT MAX(seq) FROM events WHERE type = 'Seated'");
    let snapshot_first = seq_of("SELECT MIN(next_seq) FROM replay_snapshots");
    assert!(
        snapshot_first.parse::<i64>().expect("n") < started.parse::<i64>().expect("n"),
        "a snapshot lies before the start"
    );
    for seq in [started.as_str(), last_seat.as_str()] {
        let v = json(&floorbook(&["explain", "--data", d, seq, "--json"]));
        assert_eq!(v["agrees"], true, "seq {seq}: {v}");
    }
    let v = json(&floorbook(&["explain", "--data", d, &started, "--json"]));
    assert_eq!(v["recorded"]["type"], "started", "{v}");
}

#[test]
fn patient_bots_leave_a_longer_chain_whose_decisions_explain() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let loose = simulate(&data, "deepstack", "30");
    let patient = simulate_patient(d, "30", "21");
    assert_eq!(patient["chain"], "t-deepstack-s21-p30-patient");
    let hands = |v: &Value| v["audit"]["hands"].as_u64().expect("hands");
    assert!(
        hands(&patient) > 2 * hands(&loose),
        "patient {} hands, loose {}",
        hands(&patient),
        hands(&loose)
    );
    // Both chains live side by side in one store; a late decision of the long one explains.
    let events = patient["events"].as_u64().expect("events");
    let seq = (events * 3 / 4).to_string();
    let out = floorbook(&[
        "explain",
        "--data",
        d,
        "--chain",
        "t-deepstack-s21-p30-patient",
        &seq,
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(json(&out)["agrees"], true);
    // `verify` shows a long chain's good checkpoints on one line and the latest in full;
    // `--json` lists every one.
    let chain_args = ["--data", d, "--chain", "t-deepstack-s21-p30-patient"];
    let listed = json(&floorbook(
        &[&["verify", "--json"][..], &chain_args[..]].concat(),
    ));
    let checkpoints = listed["chains"][0]["checkpoints"]
        .as_array()
        .expect("checkpoints")
        .len();
    assert!(checkpoints > 5, "{listed}");
    let out = floorbook(&[&["verify"][..], &chain_args[..]].concat());
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains(&format!(
            "  {} published checkpoints from seq ",
            checkpoints - 1
        )),
        "{text}"
    );
    assert_eq!(text.matches("  checkpoint seq ").count(), 1, "{text}");
    assert_eq!(text.lines().count(), 4, "{text}");
}

/// Copies `chain` from `from` into a new store at `to`, re-sealing every event after `edit`
/// has seen its sequence, payload and rules.
fn reseal_each(
    from: &Path,
    to: &Path,
    chain: &str,
    mut edit: impl FnMut(u64, &mut Value, &mut Vec<floorbook_log::RuleId>),
) {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async {
        let src = EmbeddedStore::open(from, OpenMode::ReadOnly).expect("source");
        let dst = EmbeddedStore::open(to, OpenMode::ReadWrite).expect("target");
        let chain = ChainId::new(chain).expect("chain");
        let events = src.read(&chain, Seq::FIRST, 1_000_000).await.expect("read");
        let mut drafts = Vec::new();
        for e in &events {
            let env = Envelope::parse(&e.bytes).expect("envelope");
            let mut payload: Value = serde_json::from_str(env.payload.get()).expect("payload");
            let mut rules = env.rules;
            edit(e.seq.0, &mut payload, &mut rules);
            // An edit that empties a payload leaves the event out.
            if payload.is_null() {
                continue;
            }
            drafts.push(
                Draft::new(env.at, env.actor, env.event_type, rules, &payload).expect("draft"),
            );
        }
        let mut w = ChainWriter::open(dst, chain, None, 1_000_000)
            .await
            .expect("writer");
        w.append(&drafts).await.expect("append");
    });
}

/// A chain opened before rules revisions were recorded (no `rules_revision`, levels citing
/// TR-5 alone) is derived by revision 1: every level decision explains, and the audit passes.
/// The same chain claiming the current revision, whose levels cite TR-4 too, is caught at its
/// first level decision.
#[test]
fn a_chain_is_explained_by_the_rules_revision_it_was_opened_under() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    // Revision 2 wrote it: revision 1 differs from it only by TR-4 (revisions 3 and 4 decide
    // more, which a chain of revision 1 cannot hold).
    simulate_under(&data, "top18", "12", 2, "patient");
    let chain = "t-top18-s21-p12-patient";
    let mut levels = Vec::new();
    let strip_tr_4 = |p: &mut Value, rules: &mut Vec<floorbook_log::RuleId>| {
        let level = p["type"] == "level_changed" && p["table"].is_null();
        if level {
            let cited = p["rules"].as_array().expect("rules").clone();
            assert!(
                cited.iter().any(|r| r == "TR-4"),
                "revision 2 cites TR-4: {p}"
            );
            p["rules"] = Value::from(
                cited
                    .into_iter()
                    .filter(|r| r != "TR-4")
                    .collect::<Vec<_>>(),
            );
            rules.retain(|r| r.as_str() != "TR-4");
        }
        level
    };
    // Revision 1: the opening records no revision, the levels cite TR-5 alone.
    let old = dir.path().join("old");
    reseal_each(&data, &old, chain, |seq, p, rules| {
        if seq == 1 {
            assert!(p["rules_revision"].as_u64() >= Some(2), "{p}");
            p.as_object_mut().expect("payload").remove("rules_revision");
        }
        if strip_tr_4(p, rules) {
            levels.push(seq);
        }
    });
    assert!(!levels.is_empty(), "a level changed");
    let o = old.to_str().expect("utf-8");
    for s in &levels {
        let out = floorbook(&["explain", "--data", o, &s.to_string(), "--json"]);
        let v = json(&out);
        assert_eq!(v["agrees"], true, "seq {s}: {v}");
        let cited: Vec<&str> = v["rules"]
            .as_array()
            .expect("rules")
            .iter()
            .filter_map(|r| r["id"].as_str())
            .collect();
        assert!(!cited.contains(&"TR-4"), "seq {s}: {cited:?}");
    }
    let out = floorbook(&["audit", "--data", o, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // The same levels under a chain that claims its revision (2 or later): caught at the first.
    let claimed = dir.path().join("claimed");
    reseal_each(&data, &claimed, chain, |_, p, rules| {
        strip_tr_4(p, rules);
    });
    let c = claimed.to_str().expect("utf-8");
    let out = floorbook(&["explain", "--data", c, &levels[0].to_string(), "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["agrees"], false, "{v}");
    assert_eq!(v["divergence"]["seq"].as_u64(), Some(levels[0]));
}

/// A chain of format 1 (written before commands were recorded as entered: no `chain_format`,
/// no `CommandEntered`) still re-derives: its commands are read back from the decisions, every
/// decision explains, and the audit passes.
#[test]
fn a_chain_of_format_1_still_explains_and_audits() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    simulate(&data, "plo27", "14");
    let chain = "t-plo27-s21-p14";
    let old = dir.path().join("old");
    let mut types = std::collections::BTreeSet::new();
    reseal_each(&data, &old, chain, |seq, p, _| {
        if seq == 1 {
            assert_eq!(p["chain_format"], 2, "{p}");
            p.as_object_mut().expect("payload").remove("chain_format");
        } else if p.get("command").is_some() && p.get("at").is_some() {
            *p = Value::Null;
        } else {
            types.insert(p["type"].as_str().unwrap_or("").to_string());
        }
    });
    assert!(types.contains("hand_started"), "{types:?}");
    let o = old.to_str().expect("utf-8");
    let out = floorbook(&["audit", "--data", o, "--json"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let head = {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        let store = EmbeddedStore::open(&old, OpenMode::ReadOnly).expect("store");
        let chain = ChainId::new(chain).expect("chain");
        rt.block_on(floorbook_log::EventStore::head(&store, &chain))
            .expect("head")
            .expect("a head")
            .seq
            .0
    };
    for seq in (2..=head).step_by((head / 25).max(1) as usize) {
        let out = floorbook(&["explain", "--data", o, &seq.to_string(), "--json"]);
        let v = json(&out);
        assert_eq!(v["agrees"], true, "seq {seq}: {v}");
    }
}

/// A chain written by a build of rules revision 3 keeps revision 3's hand readings: it audits
/// clean, and the same chain claiming revision 4 (a live table's readings) diverges.
#[test]
fn a_chain_of_revision_3_keeps_its_readings() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    simulate_under(&data, "top18", "30", 3, "patient");
    let chain = "t-top18-s21-p30-patient";
    let d = data.to_str().expect("utf-8");
    let out = floorbook(&["audit", "--data", d, "--json"]);
    let audit = json(&out);
    assert!(out.status.success(), "{audit}");
    assert_eq!(audit["divergences"], serde_json::json!([]), "{audit}");
    let claimed = dir.path().join("claimed");
    reseal_each(&data, &claimed, chain, |seq, p, _| {
        if seq == 1 {
            assert_eq!(p["rules_revision"], 3, "{p}");
            p["rules_revision"] = Value::from(4);
        }
    });
    let c = claimed.to_str().expect("utf-8");
    let out = floorbook(&["audit", "--data", c, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let audit = json(&out);
    assert_ne!(audit["divergences"], serde_json::json!([]), "{audit}");
}
