//! The main job, `floorbook simulate`, on both backends: it plays, records, projects and
//! verifies, and what it leaves can be verified again and queried.

use floorbook_e2e::nats::NatsServer;

mod common;
use common::{floorbook, ok_json as json};

#[test]
fn simulate_on_the_embedded_store_records_projects_and_verifies() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let data_s = data.to_str().expect("utf-8");
    for profile in ["top18", "deepstack", "plo27", "nob"] {
        let v = json(&floorbook(&[
            "simulate",
            "--profile",
            profile,
            "--players",
            "27",
            "--seed",
            "7",
            "--data",
            data_s,
            "--json",
        ]));
        assert_eq!(v["verified"], true, "{profile}");
        let standings = v["standings"].as_array().expect("standings");
        assert_eq!(standings[0]["place"], 1);
        let players = 27;
        assert!(standings.len() <= 10 && !standings.is_empty());
        assert_eq!(v["audit"]["eliminations"], players - 1, "{profile}: {v}");
        assert!(v["events"].as_u64().expect("events") > 100);
    }
    // The same run again: the chain is already there, event for event; nothing is appended.
    let first = json(&floorbook(&[
        "simulate",
        "--players",
        "27",
        "--seed",
        "7",
        "--data",
        data_s,
        "--json",
    ]));
    let again = json(&floorbook(&[
        "simulate",
        "--players",
        "27",
        "--seed",
        "7",
        "--data",
        data_s,
        "--json",
    ]));
    assert_eq!(again["head"], first["head"]);
    assert_eq!(again["events"], first["events"]);
    // Another run under the same name (another start time) is refused, never overwritten.
    let other = floorbook(&[
        "simulate",
        "--players",
        "27",
        "--seed",
        "7",
        "--start",
        "2026-02-01T19:00:00Z",
        "--data",
        data_s,
    ]);
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("already exists"));
    // What it left verifies on its own, checkpoints included.
    let verify = floorbook(&["verify", "--data", data_s]);
    let text = String::from_utf8_lossy(&verify.stdout).to_string();
    assert!(verify.status.success(), "{text}");
    assert_eq!(text.matches(": OK, ").count(), 4, "{text}");
    assert!(text.contains("present in the log"));
}

#[test]
fn the_same_seed_gives_the_same_chain_on_both_backends() {
    let server = NatsServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let embedded = json(&floorbook(&[
        "simulate",
        "--profile",
        "nob",
        "--players",
        "10",
        "--seed",
        "3",
        "--data",
        data.to_str().expect("utf-8"),
        "--json",
    ]));
    let nats = json(&floorbook(&[
        "simulate",
        "--profile",
        "nob",
        "--players",
        "10",
        "--seed",
        "3",
        "--nats",
        &server.url(),
        "--db",
        dir.path().join("nats.sqlite").to_str().expect("utf-8"),
        "--keys",
        dir.path().join("nkeys").to_str().expect("utf-8"),
        "--json",
    ]));
    assert_eq!(nats["verified"], true);
    assert_eq!(embedded["events"], nats["events"]);
    assert_eq!(
        embedded["head"], nats["head"],
        "the same events make the same chain on both backends"
    );
    assert_eq!(embedded["standings"], nats["standings"]);
}
