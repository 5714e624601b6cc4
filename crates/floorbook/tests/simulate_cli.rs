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

/// A profile file works where a profile name does: the file `profiles check` says OK is the
/// one `simulate` plays (its own name and blinds recorded in the chain); a file that does not
/// hold is refused by both, naming the problem; a name that is neither says so.
#[test]
fn simulate_plays_a_profile_file() {
    let dir = tempfile::tempdir().expect("temp dir");
    let shown = floorbook(&["profiles", "show", "top18"]);
    assert!(shown.status.success());
    let text = String::from_utf8(shown.stdout)
        .expect("utf-8")
        .replace("name = \"top18\"", "name = \"friday\"");
    let friday = dir.path().join("friday.toml");
    std::fs::write(&friday, &text).expect("write");
    let f = friday.to_str().expect("utf-8");
    let check = floorbook(&["profiles", "check", f]);
    assert!(
        check.status.success(),
        "{}",
        String::from_utf8_lossy(&check.stdout)
    );
    let data = dir.path().join("data");
    let v = json(&floorbook(&[
        "simulate",
        "--profile",
        f,
        "--players",
        "9",
        "--data",
        data.to_str().expect("utf-8"),
        "--json",
    ]));
    assert_eq!(v["verified"], true, "{v}");
    assert!(
        v["chain"].as_str().is_some_and(|c| c.contains("friday")),
        "{v}"
    );
    // Broken: no seats at a table.
    let broken = dir.path().join("broken.toml");
    std::fs::write(
        &broken,
        text.replace("seats_per_table = 9", "seats_per_table = 0"),
    )
    .expect("write");
    let b = broken.to_str().expect("utf-8");
    assert!(!floorbook(&["profiles", "check", b]).status.success());
    let out = floorbook(&[
        "simulate",
        "--profile",
        b,
        "--data",
        dir.path().join("d2").to_str().expect("utf-8"),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("does not hold") && err.contains("seats_per_table"),
        "{err}"
    );
    let out = floorbook(&["simulate", "--profile", "nosuch"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        err.contains("no profile named \"nosuch\" and no such file"),
        "{err}"
    );
}
