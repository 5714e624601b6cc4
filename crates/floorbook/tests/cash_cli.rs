//! The cash room's main job, `floorbook simulate --profile gcb`, on both backends: it plays an
//! evening, records, projects and verifies it, re-derives every decision; `explain` answers why
//! a guest had to move; `rebuild` makes the same views; `profiles` shows and checks the house
//! profile.

use floorbook_e2e::nats::NatsServer;

mod common;
use common::{floorbook, ok_json as json};

fn rows(db: &std::path::Path, sql: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(db).expect("projections");
    let mut stmt = conn.prepare(sql).expect("query");
    let cols = stmt.column_count();
    stmt.query_map([], |r| {
        Ok((0..cols)
            .map(|i| {
                r.get::<_, rusqlite::types::Value>(i)
                    .map(|v| format!("{v:?}"))
                    .unwrap_or_default()
            })
            .collect::<Vec<_>>()
            .join("|"))
    })
    .expect("rows")
    .collect::<Result<_, _>>()
    .expect("rows")
}

#[test]
fn gcb_an_evening_is_recorded_projected_verified_and_explained() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let data_s = data.to_str().expect("utf-8");
    let v = json(&floorbook(&[
        "simulate",
        "--profile",
        "gcb",
        "--players",
        "50",
        "--minutes",
        "180",
        "--seed",
        "11",
        "--data",
        data_s,
        "--json",
    ]));
    assert_eq!(v["verified"], true, "{v}");
    assert_eq!(v["rederived"], true, "{v}");
    let s = &v["summary"];
    // Everyone left at closing time: the money that came to the tables went out again.
    assert_eq!(s["money_in"], s["money_out"], "{s}");
    assert!(s["must_moves"].as_u64().expect("count") > 0, "{s}");
    assert!(s["hands"].as_u64().expect("count") > 50, "{s}");

    // Why did he have to move? The must-move call, re-derived, cites GCB-10.
    let db = data.join("projections.sqlite");
    let calls = rows(
        &db,
        "SELECT seq, guest, main_players, side_players FROM cash_must_moves ORDER BY seq LIMIT 1",
    );
    let first: Vec<&str> = calls[0].split('|').collect();
    let seq = first[0]
        .trim_start_matches("Integer(")
        .trim_end_matches(')');
    let chain = v["chain"].as_str().expect("chain");
    let e = json(&floorbook(&[
        "explain", "--data", data_s, "--chain", chain, seq, "--json",
    ]));
    assert_eq!(e["agrees"], true, "{e}");
    assert_eq!(e["recorded"]["type"], "must_move_called", "{e}");
    assert_eq!(e["recorded"], e["derived"]);
    let rules: Vec<&str> = e["rules"]
        .as_array()
        .expect("rules")
        .iter()
        .filter_map(|r| r["id"].as_str())
        .collect();
    assert_eq!(rules, ["GCB-10"]);
    // The call is due by GCB-10's counts: the main table below seven, or table 2 at eight.
    let main = e["recorded"]["main_players"].as_u64().expect("main");
    let side = e["recorded"]["side_players"].as_u64().expect("side");
    assert!(main < 7 || side >= 8, "main {main}, side {side}");

    // Dropped and rebuilt, the views are the same.
    let tables = [
        "cash_tables",
        "cash_seats",
        "cash_sessions",
        "cash_waiting",
        "cash_must_moves",
        "cash_markers",
        "cash_warnings",
    ];
    let before: Vec<Vec<String>> = tables
        .iter()
        .map(|t| rows(&db, &format!("SELECT * FROM {t} ORDER BY 1, 2, 3")))
        .collect();
    let rebuilt = floorbook(&["rebuild", "--data", data_s]);
    assert!(
        rebuilt.status.success(),
        "{}",
        String::from_utf8_lossy(&rebuilt.stderr)
    );
    let after: Vec<Vec<String>> = tables
        .iter()
        .map(|t| rows(&db, &format!("SELECT * FROM {t} ORDER BY 1, 2, 3")))
        .collect();
    assert_eq!(before, after);
    // Every session ended at closing time; its money in and out are on record.
    let open = rows(
        &db,
        "SELECT COUNT(*) FROM cash_sessions WHERE left_seq IS NULL",
    );
    assert_eq!(open, ["Integer(0)"]);

    // The audit: the chain, the money and every decision hold; the refused moves and
    // released seats it lists are the ones projected.
    let a = json(&floorbook(&["audit", "--data", data_s, "--json"]));
    assert_eq!(a["verified"], true, "{a}");
    assert!(a["divergence"].is_null(), "{a}");
    assert_eq!(a["money_in"], s["money_in"]);
    assert_eq!(a["money_out"], s["money_out"]);
    assert_eq!(a["at_tables"], 0);
    assert_eq!(
        a["refused_moves"].as_array().expect("rows").len() as u64,
        s["refused_moves"].as_u64().expect("count")
    );
    assert_eq!(
        a["released_seats"].as_array().expect("rows").len() as u64,
        s["released_seats"].as_u64().expect("count")
    );
    for r in a["released_seats"].as_array().expect("rows") {
        let why = r["released"].as_str().expect("why");
        assert!(
            ["markers", "out_of_game", "removed", "refused_move"].contains(&why),
            "{r}"
        );
    }

    let verify = floorbook(&["verify", "--data", data_s]);
    assert!(
        verify.status.success(),
        "{}",
        String::from_utf8_lossy(&verify.stdout)
    );
}

#[test]
fn gcb_the_same_evening_makes_the_same_chain_on_both_backends() {
    let server = NatsServer::start();
    let dir = tempfile::tempdir().expect("temp dir");
    let args = [
        "simulate",
        "--profile",
        "gcb",
        "--players",
        "30",
        "--minutes",
        "90",
        "--seed",
        "5",
    ];
    let data = dir.path().join("data");
    let mut embedded_args = args.to_vec();
    embedded_args.extend(["--data", data.to_str().expect("utf-8"), "--json"]);
    let embedded = json(&floorbook(&embedded_args));
    let url = server.url();
    let db = dir.path().join("nats.sqlite");
    let keys = dir.path().join("nkeys");
    let mut nats_args = args.to_vec();
    nats_args.extend([
        "--nats",
        &url,
        "--db",
        db.to_str().expect("utf-8"),
        "--keys",
        keys.to_str().expect("utf-8"),
        "--json",
    ]);
    let nats = json(&floorbook(&nats_args));
    assert_eq!(nats["verified"], true);
    assert_eq!(nats["rederived"], true);
    assert_eq!(embedded["head"], nats["head"]);
    assert_eq!(embedded["summary"], nats["summary"]);
}

#[test]
fn gcb_the_house_profile_is_listed_shown_and_checked() {
    let list = floorbook(&["profiles", "list"]);
    let text = String::from_utf8_lossy(&list.stdout).to_string();
    assert!(
        text.contains("gcb") && text.contains("cash tables"),
        "{text}"
    );
    let shown = floorbook(&["profiles", "show", "gcb"]);
    assert!(shown.status.success());
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("house.toml");
    let body = String::from_utf8(shown.stdout).expect("utf-8");
    std::fs::write(&file, &body).expect("write");
    let f = file.to_str().expect("utf-8");
    let ok = floorbook(&["profiles", "check", f]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stdout)
    );
    // GCB-12: a table seats two to nine.
    std::fs::write(&file, body.replacen("seats = 9", "seats = 11", 1)).expect("write");
    let bad = floorbook(&["profiles", "check", f]);
    assert_eq!(bad.status.code(), Some(1));
    let out = String::from_utf8_lossy(&bad.stdout).to_string();
    assert!(out.contains("GCB-12") && out.contains("2 to 9"), "{out}");
}
