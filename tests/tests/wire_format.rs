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
