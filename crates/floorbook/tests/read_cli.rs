//! The read commands over what `simulate` leaves: a rebuild gives exactly the rows kept
//! incrementally, a projector killed at any moment resumes without loss or double counting,
//! and `standings`, `hand` and `audit` report what the log holds — on both backends.

use std::path::Path;
use std::process::{Command, Stdio};

use floorbook_e2e::nats::NatsServer;
use floorbook_projections::Projector;

mod common;
use common::{floorbook, frames_len, ok_json as json, simulate_patient};

fn dump(db: &Path) -> Vec<String> {
    Projector::open(db)
        .expect("open projections")
        .dump()
        .expect("dump")
}

/// `--data DIR` or `--nats URL --db FILE`, as the backend under test takes them.
struct Target {
    args: Vec<String>,
    db: std::path::PathBuf,
}

impl Target {
    fn with<'a>(&'a self, extra: &[&'a str]) -> Vec<&'a str> {
        let mut v: Vec<&str> = extra.to_vec();
        v.extend(self.args.iter().map(String::as_str));
        v
    }
}

fn simulate(target: &Target, profile: &str, players: &str) -> serde_json::Value {
    let out = floorbook(&target.with(&[
        "simulate",
        "--profile",
        profile,
        "--players",
        players,
        "--seed",
        "11",
        "--json",
    ]));
    json(&out)
}

fn check_read_commands(target: &Target) {
    let sim = simulate(target, "top18", "27");
    assert_eq!(sim["verified"], true);

    // The rebuild gives exactly the rows the simulation kept incrementally.
    let incremental = dump(&target.db);
    assert!(incremental.len() > 1000, "{} rows", incremental.len());
    let rebuilt = floorbook(&target.with(&["rebuild", "--db", target.db.to_str().expect("utf-8")]));
    assert!(
        rebuilt.status.success(),
        "{}",
        String::from_utf8_lossy(&rebuilt.stderr)
    );
    assert_eq!(dump(&target.db), incremental, "rebuild == incremental");

    // Standings: every place 1..=27 once, the winner first with every chip.
    let st = json(&floorbook(&target.with(&["standings", "--json"])));
    let list = st["standings"].as_array().expect("standings");
    assert_eq!(list.len(), 27);
    let mut places: Vec<u64> = list
        .iter()
        .map(|p| p["place"].as_u64().expect("place"))
        .collect();
    places.sort_unstable();
    assert_eq!(places, (1..=27).collect::<Vec<_>>());
    assert_eq!(list[0]["place"], 1);
    assert_eq!(list[0]["status"], "winner");
    let most = list.iter().filter_map(|p| p["chips"].as_u64()).max();
    assert_eq!(list[0]["chips"].as_u64(), most);
    assert!(list[1..].iter().all(|p| p["status"] == "out"));
    assert_eq!(sim["standings"][0]["player"], list[0]["player"]);
    for p in &list[1..] {
        assert!(p["eliminated_in_hand"].as_u64().is_some(), "{p}");
    }

    // One hand, readable: its hole cards, actions and award, in log order.
    let hand = json(&floorbook(&target.with(&["hand", "--json", "5"])));
    let events = hand["events"].as_array().expect("events");
    let players = hand["players"].as_array().expect("players").len();
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"]["type"].as_str().expect("type"))
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == "hole_dealt").count(),
        2 * players
    );
    assert!(kinds.contains(&"pot_awarded"), "{kinds:?}");
    let seqs: Vec<u64> = events
        .iter()
        .map(|e| e["seq"].as_u64().expect("seq"))
        .collect();
    assert!(seqs.windows(2).all(|w| w[0] < w[1]));
    let text = floorbook(&target.with(&["hand", "5"]));
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.starts_with("hand 5 at table"), "{text}");
    assert!(text.contains("is dealt"), "{text}");
    // The button and the blinds as posted, by the players' names (level counted from 1).
    let button = hand["button"].as_u64().expect("the button");
    assert!(
        text.contains(&format!("button seat {button}; blinds: ")),
        "{text}"
    );
    let blinds: Vec<u64> = hand["blinds"]
        .as_array()
        .expect("blinds")
        .iter()
        .filter_map(|b| b.as_u64())
        .filter(|b| *b > 0)
        .collect();
    assert!(!blinds.is_empty(), "{hand}");
    for b in blinds {
        assert!(
            text.lines()
                .nth(1)
                .is_some_and(|l| l.contains(&format!(" {b}"))),
            "{text}"
        );
    }
    assert!(hand["level"].as_u64().is_some_and(|l| l >= 1), "{hand}");
    let missing = floorbook(&target.with(&["hand", "999999"]));
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("has no hand 999999"));

    // The audit: chain verified at the simulation's head, chips counted at every level.
    let audit = json(&floorbook(&target.with(&["audit", "--json"])));
    assert_eq!(audit["verified"], true);
    let head = sim["head"].as_str().expect("head");
    assert!(
        audit["chain_status"]
            .as_str()
            .expect("status")
            .contains(head),
        "{audit}"
    );
    let counts = audit["chip_counts"].as_array().expect("counts");
    assert!(!counts.is_empty());
    assert_eq!(audit["chip_counts_ok"], true, "{counts:?}");
    assert_eq!(
        audit["irregularities"].as_array().expect("list").len() as u64,
        sim["audit"]["irregularities"].as_u64().expect("count"),
    );
    // `--json` is the one way to ask for JSON, as on every command.
    let same = json(&floorbook(&target.with(&["audit", "--json"])));
    assert_eq!(same["chain_status"], audit["chain_status"]);
    let md = floorbook(&target.with(&["audit"]));
    assert!(md.status.success());
    let md = String::from_utf8_lossy(&md.stdout);
    assert!(md.contains("## Chip count at every level"));
    // Issue 23: routine entries are counted per kind and rule; the sanctions past a warning
    // and the irregularities with a remedy are listed for review, each once.
    assert!(
        md.contains("## Summary") && md.contains("## For review"),
        "{md}"
    );
    let entries = audit["irregularities"].as_array().map_or(0, Vec::len)
        + audit["sanctions"].as_array().map_or(0, Vec::len)
        + audit["floor"].as_array().map_or(0, Vec::len);
    let counted: usize = md
        .lines()
        .filter(|l| l.starts_with("| ") && !l.starts_with("| entry"))
        .filter_map(|l| {
            l.trim_end_matches(" |")
                .rsplit("| ")
                .next()?
                .parse::<usize>()
                .ok()
        })
        .sum();
    assert_eq!(counted, entries, "{md}");
    let penalties = audit["sanctions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|r| r["sanction"] != "warning")
        .count();
    let listed = md
        .lines()
        .filter(|l| {
            l.starts_with("- seq ")
                && (l.contains("time_penalty") || l.contains("disqualification"))
        })
        .count();
    assert_eq!(listed, penalties, "{md}");
    assert!(
        !md.contains("ActedFor by"),
        "absent players' actions are counted, not listed"
    );
}

#[test]
fn read_commands_on_the_embedded_store() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let target = Target {
        args: vec!["--data".into(), data.to_str().expect("utf-8").into()],
        db: data.join("projections.sqlite"),
    };
    check_read_commands(&target);
}

#[test]
fn read_commands_on_jetstream() {
    let server = NatsServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let db = dir.path().join("nats.sqlite");
    let target = Target {
        args: vec![
            "--nats".into(),
            server.url(),
            "--db".into(),
            db.to_str().expect("utf-8").into(),
        ],
        db,
    };
    // simulate, audit and the rest also need a key folder off the default path.
    let keys = dir.path().join("keys");
    let out = floorbook(&[
        "simulate",
        "--profile",
        "top18",
        "--players",
        "27",
        "--seed",
        "11",
        "--nats",
        &server.url(),
        "--db",
        target.db.to_str().expect("utf-8"),
        "--keys",
        keys.to_str().expect("utf-8"),
        "--json",
    ]);
    let sim = json(&out);
    // The JetStream chain is the embedded one, event for event.
    let edir = tempfile::tempdir().expect("temp dir");
    let edata = edir.path().join("data");
    let embedded = simulate(
        &Target {
            args: vec!["--data".into(), edata.to_str().expect("utf-8").into()],
            db: edata.join("projections.sqlite"),
        },
        "top18",
        "27",
    );
    assert_eq!(sim["head"], embedded["head"]);
    // The projections built from either backend hold the same rows (but for the checkpoints:
    // each run signed with its own key).
    let unsigned = |rows: Vec<String>| -> Vec<String> {
        rows.into_iter()
            .filter(|r| !r.starts_with("checkpoints:"))
            .collect()
    };
    assert_eq!(
        unsigned(dump(&target.db)),
        unsigned(dump(&edata.join("projections.sqlite")))
    );
    let st = json(&floorbook(&target.with(&["standings", "--json"])));
    assert_eq!(st["standings"].as_array().map(Vec::len), Some(27));
    let audit = json(&floorbook(&target.with(&["audit", "--json"])));
    assert_eq!(audit["verified"], true);
    assert_eq!(audit["chip_counts_ok"], true);
    assert!(audit["divergences"].as_array().is_some_and(Vec::is_empty));
    // Replay and explain on JetStream give what they give on the embedded store.
    let events = sim["events"].as_u64().expect("events");
    for seq in [2, events / 2, events - 1] {
        let s = seq.to_string();
        let on_nats = json(&floorbook(&target.with(&["explain", &s, "--json"])));
        let on_disk = json(&floorbook(&[
            "explain",
            &s,
            "--json",
            "--data",
            edata.to_str().expect("utf-8"),
        ]));
        assert_eq!(on_nats["agrees"], true, "{on_nats}");
        assert_eq!(on_nats["recorded"], on_disk["recorded"]);
        assert_eq!(on_nats["command"], on_disk["command"]);
    }
    let at = (events / 3).to_string();
    let on_nats = json(&floorbook(&target.with(&["replay", "--at", &at, "--json"])));
    let on_disk = json(&floorbook(&[
        "replay",
        "--at",
        &at,
        "--json",
        "--data",
        edata.to_str().expect("utf-8"),
    ]));
    assert_eq!(on_nats["tables"], on_disk["tables"]);
    // The checkpoints published beside the log are projected too.
    let db = rusqlite::Connection::open(&target.db).expect("db");
    let n: i64 = db
        .query_row("SELECT COUNT(*) FROM checkpoints", [], |r| r.get(0))
        .expect("count");
    assert!(n >= 1);
}

#[test]
fn a_rebuild_stopped_after_any_page_resumes_to_the_same_rows() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let data_s = data.to_str().expect("utf-8");
    let target = Target {
        args: vec!["--data".into(), data_s.into()],
        db: data.join("projections.sqlite"),
    };
    // Enough events for more than four pages (PAGE events each).
    for (profile, players) in [("deepstack", "90"), ("nob", "60")] {
        simulate(&target, profile, players);
    }
    let whole = dump(&target.db);
    // Stopped (as a kill would stop it) right after the first, second, … page it applied: a
    // failpoint, not a timer, so every stop lands inside the rebuild on any machine.
    for pages in 1..=4u32 {
        let out = Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args(["rebuild", "--data", data_s])
            .env("FLOORBOOK_FAILPOINT_REBUILD_PAGES", pages.to_string())
            .output()
            .expect("rebuild runs");
        assert_eq!(out.status.code(), Some(86), "stopped after page {pages}");
        assert_ne!(
            dump(&target.db),
            whole,
            "after page {pages} the rebuild is not done"
        );
        // Any read command catches up from wherever the stopped run left off.
        for chain in ["t-deepstack-s11-p90", "t-nob-s11-p60"] {
            let out = floorbook(&["standings", "--data", data_s, "--chain", chain]);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        assert_eq!(dump(&target.db), whole, "after a stop at page {pages}");
    }
}

#[test]
fn output_into_a_closed_pipe_is_not_a_crash() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let data_s = data.to_str().expect("utf-8");
    simulate(
        &Target {
            args: vec!["--data".into(), data_s.into()],
            db: data.join("projections.sqlite"),
        },
        "top18",
        "12",
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["audit", "--data", data_s])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn audit");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("wait");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
}

/// TR-28: a player disqualified in the middle of a hand forfeits what is left of his stack when
/// the hand ends; the audit's chip count at every later level still balances. (Seed 2 of this
/// field disqualifies players in the middle of their hands; the count used to keep such a
/// player's chips twice, once as his stack before the hand and once as his final stack.)
#[test]
fn tr_28_chips_of_a_player_disqualified_mid_hand_are_counted_once() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    simulate_patient(d, "100", "2");
    let audit = json(&floorbook(&["audit", "--data", d, "--json"]));
    let dq: Vec<&serde_json::Value> = audit["sanctions"]
        .as_array()
        .expect("sanctions")
        .iter()
        .filter(|s| s["sanction"] == "disqualification")
        .collect();
    let mid_hand = dq.iter().any(|s| {
        // The sanction's decision follows its command as entered: the state before both.
        let before = (s["seq"].as_u64().expect("seq") - 2).to_string();
        let state = json(&floorbook(&[
            "replay", "--data", d, "--at", &before, "--json",
        ]));
        state["tables"].as_array().expect("tables").iter().any(|t| {
            t["hand"]["players"]
                .as_array()
                .is_some_and(|ps| ps.contains(&s["player"]))
        })
    });
    assert!(mid_hand, "a disqualification during a hand: {dq:?}");
    let counts = &audit["chip_counts"];
    assert_eq!(audit["chip_counts_ok"], true, "{counts}");
    assert!(counts.as_array().expect("counts").len() > 10);
    // The projected standings give him no chips either: the winner holds them all.
    let standings = json(&floorbook(&["standings", "--data", d, "--json"]));
    let rows = standings["standings"].as_array().expect("standings");
    for s in &dq {
        let row = rows
            .iter()
            .find(|r| r["player"] == s["player"])
            .expect("in the standings");
        assert_eq!(row["chips"], 0, "{row}");
    }
    let total: u64 = rows.iter().map(|r| r["chips"].as_u64().unwrap_or(0)).sum();
    assert_eq!(rows[0]["place"], 1);
    assert_eq!(
        Some(total),
        rows[0]["chips"].as_u64(),
        "the winner has every chip"
    );
}

/// Every reader agrees with `verify`: on a log cut below what was projected and signed, and on
/// one with an event changed, `standings`, `audit` and `rebuild` refuse with what is wrong
/// (exit non-zero) instead of answering from it.
#[test]
fn readers_refuse_a_log_that_does_not_verify() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    simulate_patient(d, "12", "3");
    let chain = std::fs::read_dir(data.join("chains"))
        .expect("chains")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "log"))
        .expect("a chain file");
    let pristine = std::fs::read(&chain).expect("read");
    let refused = |args: &[&str], what: &str| {
        let out = floorbook(args);
        let err = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(!out.status.success(), "{args:?} answered from a bad log");
        assert!(err.contains(what), "{args:?}: {err}");
    };
    // Cut after 500 events: below the projections and the final signed head.
    let cut = frames_len(&chain, 500);
    std::fs::write(&chain, &pristine[..cut as usize]).expect("cut");
    let _ = std::fs::remove_file(chain.with_extension("idx"));
    refused(&["standings", "--data", d], "the log was cut");
    refused(&["audit", "--data", d], "the log was cut");
    refused(&["rebuild", "--data", d], "the log was cut");
    // The whole log again, with one byte of event 300 changed and not re-sealed.
    let mut changed = pristine.clone();
    let at = frames_len(&chain, 299) as usize + 8 + 40;
    changed[at] ^= 0x01;
    std::fs::write(&chain, &changed).expect("write");
    let _ = std::fs::remove_file(chain.with_extension("idx"));
    refused(&["rebuild", "--data", d], "does not verify at seq 300");
}

/// NOB-16: "Startgeld €2, the winner takes all". The standings give each paid place its prize
/// from the buy-ins paid: eight players at 2.00 make 16.00, all to the winner; no other place
/// is paid.
#[test]
fn nob_16_the_winner_takes_the_whole_prize_pool() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let out = floorbook(&[
        "simulate",
        "--profile",
        "nob",
        "--players",
        "8",
        "--data",
        d,
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let standings = json(&floorbook(&["standings", "--data", d, "--json"]));
    let rows = standings["standings"].as_array().expect("rows");
    assert_eq!(rows.len(), 8);
    for row in rows {
        let want = if row["place"] == 1 {
            serde_json::json!("16.00")
        } else {
            serde_json::Value::Null
        };
        assert_eq!(row["prize"], want, "{row}");
    }
    let text = String::from_utf8_lossy(&floorbook(&["standings", "--data", d]).stdout).into_owned();
    assert!(
        text.contains("1. ") && text.contains("wins 16.00"),
        "{text}"
    );
}
