//! A golden tournament chain: a short simulated tournament as its stored frames
//! (`tests/golden/tournament-v2.bin`, head in `tournament-v2.head`). CI re-hashes the committed
//! bytes, decodes every event into the chain's one type (`ChainEvent`), holds each decision's
//! envelope type and rules to the event itself, and re-derives the tournament from the commands
//! as entered. Regenerate (after a deliberate format change) with
//! `UPDATE_WIRE=1 cargo test -p floorbook --test golden_chain`; CI refuses to.

use std::path::PathBuf;

use chrono::{DateTime, Utc};
use floorbook_ledger::chain::{CHAIN_FORMAT, ChainEvent};
use floorbook_ledger::reader::opening_of;
use floorbook_log::{ChainId, Envelope, EventHash, encode_frame, seal_all, verify_events};
use floorbook_rules::Rule;
use floorbook_tournament::rederive::Rederiver;
use serde_json::Value;

const CHAIN: &str = "golden-tournament";

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The frames of a short simulated tournament, sealed today.
fn simulated_frames() -> (Vec<u8>, EventHash) {
    let (toml, profile) = floorbook_tournament::builtin("top18").expect("top18");
    let profile = profile.expect("reads");
    let sim = floorbook_sim::simulate(&profile, 3, 4, None).expect("plays");
    let start: DateTime<Utc> = DateTime::from_timestamp(1_800_000_000, 0).expect("time");
    let drafts = floorbook_ledger::drafts::drafts(&sim.tournament, &profile, toml, 4, start)
        .expect("drafts");
    let chain = ChainId::new(CHAIN).expect("chain");
    let sealed = seal_all(&chain, None, &drafts).expect("seal");
    let mut bin = Vec::new();
    for e in &sealed {
        encode_frame(e, &mut bin).expect("frame");
    }
    (bin, sealed.last().expect("events").hash)
}

#[test]
fn the_golden_tournament_chain_decodes_and_re_derives() {
    let bin_path = root().join("tests/golden/tournament-v2.bin");
    let head_path = root().join("tests/golden/tournament-v2.head");
    if std::env::var_os("UPDATE_WIRE").is_some() {
        assert!(
            std::env::var_os("CI").is_none(),
            "UPDATE_WIRE rewrites golden files; CI checks them and never rewrites them"
        );
        let (bin, head) = simulated_frames();
        std::fs::write(&bin_path, bin).expect("write");
        std::fs::write(&head_path, format!("{}\n", head.to_hex())).expect("write");
    }
    let committed = std::fs::read(&bin_path).expect("tests/golden/tournament-v2.bin");
    let stored = floorbook_e2e::fixtures::decode_frames(&committed);
    let chain = ChainId::new(CHAIN).expect("chain");
    let head = verify_events(&chain, stored.iter().map(|(b, h)| (b.as_slice(), Some(h))))
        .expect("the golden chain verifies")
        .expect("not empty");
    let committed_head = std::fs::read_to_string(&head_path).expect("head file");
    assert_eq!(
        head.hash,
        EventHash::from_hex(committed_head.trim()).expect("hex")
    );
    let envelopes: Vec<Envelope> = stored
        .iter()
        .map(|(b, _)| Envelope::parse(b).expect("an envelope"))
        .collect();
    let opening = opening_of(&chain, &envelopes[0]).expect("a tournament's opening");
    assert_eq!(opening.format, CHAIN_FORMAT);
    let mut entered = Vec::new();
    let mut decided = Vec::new();
    for env in &envelopes[1..] {
        match ChainEvent::decode(env).expect("every event decodes") {
            ChainEvent::Entered(mut e) => {
                e.index = decided.len();
                entered.push(e);
            }
            ChainEvent::Decided(e) => {
                // The envelope's rules are the event's, and the event's are what its payload
                // says (every rules list in it, the hand event's included).
                let from_envelope: Vec<&str> = env.rules.iter().map(|r| r.as_str()).collect();
                let from_event: Vec<&str> = e.rules().iter().map(Rule::id).collect();
                assert_eq!(from_envelope, from_event, "{env:?}");
                let payload: Value = serde_json::from_str(env.payload.get()).expect("json");
                let mut in_payload: Vec<String> = Vec::new();
                let mut walk = vec![&payload];
                while let Some(v) = walk.pop() {
                    match v {
                        Value::Object(m) => {
                            if let Some(Value::Array(r)) = m.get("rules") {
                                in_payload
                                    .extend(r.iter().filter_map(Value::as_str).map(String::from));
                            }
                            walk.extend(m.values());
                        }
                        Value::Array(a) => walk.extend(a),
                        _ => {}
                    }
                }
                in_payload.sort();
                let mut sorted: Vec<String> = from_event.iter().map(|s| s.to_string()).collect();
                sorted.sort();
                assert_eq!(sorted, in_payload, "{env:?}");
                decided.push(e);
            }
            other => panic!("a simulated chain holds no {other:?}"),
        }
    }
    assert!(!entered.is_empty() && decided.len() > entered.len() / 2);
    let mut r =
        Rederiver::under_revision(opening.profile, opening.revision, decided).with_entered(entered);
    r.run_to_end().unwrap_or_else(|d| panic!("diverged: {d:?}"));
    assert!(r.tournament().finished, "the golden tournament ends");
}

/// Every rule of the catalogue can be cited in an envelope (`TR-0a` and `TR-0b` once could
/// not: the ID check refused the lower-case letter, and they vanished from every event).
#[test]
fn every_catalogue_rule_survives_recording() {
    for rule in floorbook_rules::ALL {
        let id = floorbook_log::RuleId::new(rule.id());
        assert!(id.is_ok(), "{}: {id:?}", rule.id());
    }
}
