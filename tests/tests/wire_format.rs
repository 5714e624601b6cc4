//! The wire format is a contract. Two guards:
//! - `schemas/*.schema.json` are generated from the Rust types; this test fails when a
//!   committed schema is stale (regenerate with `UPDATE_WIRE=1 cargo test -p floorbook-e2e
//!   --test wire_format`).
//! - `tests/golden/chain-v1.bin` is a small chain of stored events (frames, as the embedded
//!   store writes them) with its head in `chain-v1.head`. The bytes are re-hashed here, and
//!   the same drafts sealed today must give the same bytes, so a change to the serializer or to
//!   the hash cannot slip in: it needs a new envelope version.

use std::path::PathBuf;

use floorbook_e2e::fixtures::{chain, events};
use floorbook_log::{Checkpoint, Envelope, EventHash, encode_frame, verify_events};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn update() -> bool {
    std::env::var_os("UPDATE_WIRE").is_some()
}

fn check_file(path: PathBuf, expected: &[u8]) {
    if update() {
        std::fs::write(&path, expected).expect("write");
        return;
    }
    let committed = std::fs::read(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (run with UPDATE_WIRE=1 to create)", path.display()));
    assert!(
        committed == expected,
        "{} is not current; if the change is intended, regenerate with UPDATE_WIRE=1",
        path.display()
    );
}

#[test]
fn committed_schemas_are_generated_from_the_types() {
    for (name, schema) in [
        ("envelope", schemars::schema_for!(Envelope)),
        ("checkpoint", schemars::schema_for!(Checkpoint)),
    ] {
        let mut text = serde_json::to_string_pretty(&schema).expect("schema");
        text.push('\n');
        check_file(
            root().join("schemas").join(format!("{name}.schema.json")),
            text.as_bytes(),
        );
    }
}

fn golden_events() -> Vec<floorbook_log::SealedEvent> {
    let c = chain("golden-t1");
    let first = events(&c, None, "golden", 5);
    let head = first.last().map(|e| e.head());
    let mut all = first;
    all.extend(events(&c, head, "golden2", 3));
    all
}

#[test]
fn golden_chain_bytes_rehash_to_the_committed_head() {
    let sealed = golden_events();
    let mut bin = Vec::new();
    for e in &sealed {
        encode_frame(e, &mut bin).expect("frame");
    }
    let head_hex = sealed.last().expect("events").hash.to_hex();
    check_file(root().join("tests/golden/chain-v1.bin"), &bin);
    check_file(
        root().join("tests/golden/chain-v1.head"),
        format!("{head_hex}\n").as_bytes(),
    );

    // Independently of today's serializer: decode the committed bytes and re-hash them.
    let committed = std::fs::read(root().join("tests/golden/chain-v1.bin")).expect("golden");
    let stored = floorbook_e2e::fixtures::decode_frames(&committed);
    let head = verify_events(
        &chain("golden-t1"),
        stored.iter().map(|(b, h)| (b.as_slice(), Some(h))),
    )
    .expect("golden chain verifies")
    .expect("non-empty");
    let committed_head =
        std::fs::read_to_string(root().join("tests/golden/chain-v1.head")).expect("head file");
    assert_eq!(
        head.hash,
        EventHash::from_hex(committed_head.trim()).expect("hex"),
        "re-hashing the committed bytes gives the committed head"
    );
    assert_eq!(head.seq.0, 8);
    // And every stored event still reads as an envelope of this version.
    for (bytes, _) in &stored {
        let env = Envelope::parse(bytes).expect("envelope");
        assert_eq!(env.v, floorbook_log::SCHEMA_VERSION);
    }
}

/// A chain and a checkpoint built by an independent script from `docs/event-log.md` alone
/// (`tests/golden/independent/make.py`: Python's `blake3` and `cryptography`, none of
/// Floorbook's code): sealing the same events here gives those bytes and hashes exactly, and
/// signing the same head with the same key gives that checkpoint. The golden files above are
/// written by the code under test; this one is not.
#[test]
fn a_chain_built_by_an_independent_script_is_sealed_byte_for_byte() {
    use floorbook_log::{Actor, ChainId, Draft, Head, Role, RuleId, ServiceKey, TrustedKeys, seal};
    let dir = root().join("tests/golden/independent");
    let bytes = std::fs::read(dir.join("chain.jsonl")).expect("chain.jsonl");
    let lines: Vec<&[u8]> = bytes
        .split(|b| *b == b'\n')
        .filter(|l| !l.is_empty())
        .collect();
    let hashes = std::fs::read_to_string(dir.join("chain.hashes")).expect("chain.hashes");
    let hashes: Vec<&str> = hashes.lines().collect();
    assert_eq!((lines.len(), hashes.len()), (4, 4));
    let chain = ChainId::new("independent").expect("chain");
    let mut head: Option<Head> = None;
    for (line, hash) in lines.iter().zip(&hashes) {
        // The script's inputs, read back from its output: the time, actor, request, type,
        // rules and payload; everything else (seq, prev, the bytes, the hash) is sealed here.
        let v: serde_json::Value = serde_json::from_slice(line).expect("json");
        let role = match v["actor"]["role"].as_str().expect("role") {
            "director" => Role::Director,
            "floor" => Role::Floor,
            "dealer" => Role::Dealer,
            _ => Role::Service,
        };
        let rules = v["rules"]
            .as_array()
            .expect("rules")
            .iter()
            .map(|r| RuleId::new(r.as_str().expect("id")).expect("rule id"))
            .collect();
        let mut draft = Draft::new(
            serde_json::from_value(v["at"].clone()).expect("at"),
            Actor::new(v["actor"]["id"].as_str().expect("id"), role).expect("actor"),
            v["type"].as_str().expect("type"),
            rules,
            &v["payload"],
        )
        .expect("draft");
        if let Some(r) = v["request"].as_str() {
            draft = draft.with_request(r).expect("request id");
        }
        let sealed = seal(&chain, head, &draft).expect("sealed");
        assert_eq!(
            String::from_utf8_lossy(&sealed.bytes),
            String::from_utf8_lossy(line),
            "the stored bytes"
        );
        assert_eq!(
            sealed.hash.to_hex(),
            *hash,
            "the hash of seq {}",
            sealed.seq
        );
        head = Some(Head {
            seq: sealed.seq,
            hash: sealed.hash,
        });
    }
    let verified = verify_events(&chain, lines.iter().map(|l| (*l, None)))
        .expect("the script's chain verifies")
        .expect("not empty");
    assert_eq!(verified.hash.to_hex(), hashes[3]);
    // The checkpoint: the same key and time give the script's signature (ed25519 signs
    // deterministically), and the script's verifies with the script's public key.
    let cp: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("checkpoint.json")).expect("checkpoint.json"),
    )
    .expect("json");
    let key = ServiceKey::from_secret([7; 32]);
    assert_eq!(key.public_hex(), cp["public"].as_str().expect("public"));
    let ours = key.sign(
        &chain,
        head.expect("a head"),
        serde_json::from_value(cp["signed_at"].clone()).expect("time"),
    );
    assert_eq!(
        ours.key_id.to_string(),
        cp["key_id"].as_str().expect("key id")
    );
    assert_eq!(ours.signature, cp["signature"].as_str().expect("signature"));
    let mut theirs = cp.clone();
    theirs.as_object_mut().expect("object").remove("public");
    let theirs: Checkpoint = serde_json::from_value(theirs).expect("a checkpoint");
    let mut trusted = TrustedKeys::default();
    trusted
        .add_public_hex(cp["public"].as_str().expect("public"))
        .expect("key");
    theirs
        .verify_signature(&trusted)
        .expect("the script's signature holds");
}

/// The schema checks every test's exchanges pass through can fail: an unknown field, a wrong
/// type and a missing field are each caught, in a command reply and in a query's answer.
#[test]
fn the_published_schemas_catch_an_unknown_field_and_a_wrong_type() {
    use floorbook_e2e::schemas::{query_reply_problem, reply_problem};
    use serde_json::json;
    let ok = json!({"ok": true, "chain": "c", "first_seq": 3, "seq": 4, "hash": "ab", "events": ["CommandEntered", "Registered"]});
    assert_eq!(reply_problem(&ok), None);
    let refused = json!({"ok": false, "error": {"kind": "id_reused", "message": "request id \"a\" was given to a fold"}});
    assert_eq!(reply_problem(&refused), None);
    for bad in [
        json!({"ok": true, "seq": 4, "extra": 1}),
        json!({"ok": "yes"}),
        json!({"ok": false, "error": {"kind": "no_such_kind", "message": "x"}}),
        json!({"seq": 4}),
    ] {
        assert!(reply_problem(&bad).is_some(), "{bad} passed");
    }
    let table = json!({
        "chain": "c", "writer": "a", "seq": 9, "hash": "ab",
        "table": {"table": 1, "button": 3, "seats": [{"seat": 3, "player": 7, "name": "Ann", "stack": 1500}], "hand": null},
        "mark": "0123456789abcdef",
    });
    assert_eq!(query_reply_problem(&table), None);
    let mut stack_as_text = table.clone();
    stack_as_text["table"]["seats"][0]["stack"] = json!("1500");
    let mut unknown = table.clone();
    unknown["table"]["seats"][0]["chips"] = json!(1500);
    let mut no_writer = table.clone();
    no_writer.as_object_mut().map(|o| o.remove("writer"));
    for bad in [stack_as_text, unknown, no_writer] {
        assert!(query_reply_problem(&bad).is_some(), "{bad} passed");
    }
}
