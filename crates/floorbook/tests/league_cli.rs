//! A golden season from real tournament chains: the league's points equal the ones worked out
//! from each tournament's own standings; corrections are explicit and reasoned; `verify` finds
//! imported results that are not the tournament's own.

use std::collections::BTreeMap;
use std::path::Path;

use chrono::Utc;
use floorbook_league::{Imported, LeagueEvent};
use floorbook_log::{Actor, ChainId, ChainWriter, Draft, Role};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};

mod common;
use common::{floorbook, json, ok_json};

const TABLE: [i64; 4] = [1000, 600, 300, 100];

fn places(data: &str, chain: &str) -> BTreeMap<String, u64> {
    let v = ok_json(&floorbook(&[
        "standings",
        "--data",
        data,
        "--chain",
        chain,
        "--json",
    ]));
    v["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .map(|p| {
            (
                p["name"].as_str().expect("name").to_string(),
                p["place"].as_u64().expect("place"),
            )
        })
        .collect()
}

fn league(data: &str, args: &[&str]) -> std::process::Output {
    let mut all = vec!["league", "--data", data];
    all.extend_from_slice(args);
    floorbook(&all)
}

fn points(v: &serde_json::Value, player: &str) -> i64 {
    let p = v["standings"]
        .as_array()
        .expect("standings")
        .iter()
        .find(|s| s["player"] == player)
        .expect("player");
    let text = p["points"].as_str().expect("points");
    (text.parse::<f64>().expect("number") * 100.0).round() as i64
}

#[test]
fn a_season_of_three_tournaments_counts_the_best_two_results() {
    let dir = tempfile::tempdir().expect("temp dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let chains: Vec<String> = (1..=4)
        .map(|s| {
            ok_json(&floorbook(&[
                "simulate",
                "--profile",
                "top18",
                "--players",
                "8",
                "--seed",
                &s.to_string(),
                "--data",
                d,
                "--json",
            ]));
            format!("t-top18-s{s}-p8")
        })
        .collect();
    let rules = dir.path().join("rules.toml");
    std::fs::write(
        &rules,
        "best = 2\n[formula]\nkind = \"table\"\npoints = [10, 6, 3, 1]\n",
    )
    .expect("rules");
    let create = league(
        d,
        &[
            "create",
            "--name",
            "club",
            "--season",
            "2026",
            "--rules",
            rules.to_str().expect("utf-8"),
        ],
    );
    assert!(create.status.success(), "{create:?}");
    for c in &chains[..3] {
        let out = league(d, &["attach", "--league", "club", "--chain", c]);
        assert!(out.status.success(), "{out:?}");
    }
    // Attaching twice is refused and changes nothing.
    let twice = league(d, &["attach", "--league", "club", "--chain", &chains[0]]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&twice.stderr).contains("attached twice"));

    // Worked out by hand from each tournament's own standings: the table's points, best two.
    let per_event: Vec<BTreeMap<String, u64>> = chains[..3].iter().map(|c| places(d, c)).collect();
    let v = ok_json(&league(d, &["standings", "--league", "club", "--json"]));
    let rows = v["standings"].as_array().expect("standings");
    assert_eq!(rows.len(), 8);
    for row in rows {
        let player = row["player"].as_str().expect("player");
        let mut pts: Vec<i64> = per_event
            .iter()
            .map(|e| {
                let place = e[player] as usize;
                TABLE.get(place - 1).copied().unwrap_or(0)
            })
            .collect();
        pts.sort_unstable_by(|a, b| b.cmp(a));
        assert_eq!(points(&v, player), pts[0] + pts[1], "{player}");
    }
    let ranks: Vec<u64> = rows
        .iter()
        .map(|r| r["rank"].as_u64().expect("rank"))
        .collect();
    assert!(ranks.windows(2).all(|w| w[0] <= w[1]));
    assert_eq!(ranks[0], 1);

    // The store's flags go before or after the subcommand alike.
    let after = ok_json(&floorbook(&[
        "league",
        "standings",
        "--league",
        "club",
        "--json",
        "--data",
        d,
    ]));
    assert_eq!(after["standings"], v["standings"]);

    // CSV for spreadsheets.
    let csv = league(d, &["standings", "--league", "club", "--csv"]);
    let text = String::from_utf8_lossy(&csv.stdout);
    assert_eq!(
        text.lines().next(),
        Some("rank,player,points,counted,results")
    );
    assert_eq!(text.lines().count(), 9);

    // A correction needs a reason, and shows in the points.
    let loser = per_event[0]
        .iter()
        .find(|(_, p)| **p == 8)
        .map(|(n, _)| n.clone())
        .expect("last place");
    let no_reason = league(
        d,
        &[
            "correct", "--league", "club", "--chain", &chains[0], "--player", &loser, "--place",
            "1", "--reason", " ",
        ],
    );
    assert_eq!(no_reason.status.code(), Some(2));
    let before = points(&v, &loser);
    let fixed = league(
        d,
        &[
            "correct",
            "--league",
            "club",
            "--chain",
            &chains[0],
            "--player",
            &loser,
            "--place",
            "1",
            "--reason",
            "floor ruling TR-26: the elimination was reversed",
        ],
    );
    assert!(fixed.status.success(), "{fixed:?}");
    let after = ok_json(&league(d, &["standings", "--league", "club", "--json"]));
    assert!(points(&after, &loser) > before);
    // The correction ties the player with the winner of that event: the points of 1st and
    // 2nd are averaged for both (ties = average), in the standings projection too.
    let db = rusqlite::Connection::open(data.join("projections.sqlite")).expect("db");
    let tied: Vec<(String, i64, String)> = db
        .prepare(
            "SELECT player, tied, points FROM league_results
             WHERE league = 'club' AND chain = ?1 AND place = 1 ORDER BY player",
        )
        .expect("query")
        .query_map([&chains[0]], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(tied.len(), 2, "{tied:?}");
    assert!(
        tied.iter().all(|(_, n, p)| *n == 2 && p == "8.00"),
        "{tied:?}"
    );
    let projected: i64 = db
        .query_row(
            "SELECT COUNT(*) FROM league_standings WHERE league = 'club'",
            [],
            |r| r.get(0),
        )
        .expect("count");
    assert_eq!(projected, 8);
    // explain names the formula and the numbers of every result.
    let ex = ok_json(&league(
        d,
        &["explain", "--league", "club", &loser, "--json"],
    ));
    assert_eq!(ex["results"].as_array().map(Vec::len), Some(3));
    assert!(
        ex["results"][0]["formula"]
            .as_str()
            .expect("formula")
            .contains("table")
    );

    // verify: the season re-derives from the tournaments' chains.
    let ok = league(d, &["verify", "--league", "club", "--json"]);
    assert!(ok.status.success(), "{ok:?}");
    assert_eq!(json(&ok)["ok"], true);
    // Each attachment kept the service's signature over the tournament's final head (the
    // simulation signs it), and it holds with the trusted key beside the data folder ...
    assert_eq!(json(&ok)["signatures_checked"], 3, "{}", json(&ok));
    // ... and with another key it does not.
    let other = dir.path().join("other-keys");
    let o = other.to_str().expect("utf-8");
    assert!(
        floorbook(&["keys", "generate", "--dir", o])
            .status
            .success()
    );
    let foreign = league(d, &["verify", "--league", "club", "--json", "--keys", o]);
    assert_eq!(foreign.status.code(), Some(1));
    assert!(
        json(&foreign)["problems"][0].as_str().is_some_and(
            |p| p.contains("the signed head") && p.contains("not among the trusted keys")
        ),
        "{}",
        json(&foreign)
    );

    // A tournament chain changed on disk after it was attached: verify flags that tournament.
    let file = data.join("chains").join(format!("{}.log", chains[1]));
    let mut bytes = std::fs::read(&file).expect("chain file");
    let at = bytes.len() / 2;
    bytes[at] ^= 0x20;
    std::fs::write(&file, &bytes).expect("write");
    let changed = league(d, &["verify", "--league", "club", "--json"]);
    assert_eq!(changed.status.code(), Some(1));
    let report = json(&changed);
    assert!(
        report["problems"]
            .as_array()
            .expect("problems")
            .iter()
            .any(|p| p.as_str().is_some_and(|p| p.starts_with(&chains[1]))),
        "{report}"
    );
    bytes[at] ^= 0x20;
    std::fs::write(&file, &bytes).expect("restore");
    // A rogue writer attaches the fourth tournament with made-up results: verify finds it.
    rogue_attach(&data, &chains[3]);
    let bad = league(d, &["verify", "--league", "club", "--json"]);
    assert_eq!(bad.status.code(), Some(1));
    let report = json(&bad);
    assert_eq!(report["ok"], false);
    assert!(
        report["problems"][0]
            .as_str()
            .expect("problem")
            .contains("not the tournament's own"),
        "{report}"
    );
}

fn rogue_attach(data: &Path, chain: &str) {
    let rt = tokio::runtime::Runtime::new().expect("runtime");
    rt.block_on(async {
        let store = EmbeddedStore::open(data, OpenMode::ReadWrite).expect("store");
        let tchain = ChainId::new(chain).expect("chain");
        let head = floorbook_log::EventStore::head(&store, &tchain)
            .await
            .expect("head")
            .expect("a head");
        let event = LeagueEvent::Attached {
            chain: chain.to_string(),
            seq: head.seq.0,
            head: head.hash.to_hex(),
            entrants: 8,
            results: (1..=8)
                .map(|i| Imported {
                    member: None,
                    player: format!("Player {i}"),
                    place: i,
                    buy_in: 0.0,
                    spend: 0.0,
                    earlier: Vec::new(),
                    bounties: 0.0,
                    prize: 0.0,
                })
                .collect(),
            signed: None,
            receipt: None,
        };
        let draft = Draft::new(
            Utc::now(),
            Actor::new("league", Role::Director).expect("actor"),
            "TournamentAttached",
            Vec::new(),
            &event,
        )
        .expect("draft");
        let lchain = ChainId::new("league-club").expect("league chain");
        let mut w = ChainWriter::open(store, lchain, None, u64::MAX)
            .await
            .expect("writer");
        w.append(&[draft]).await.expect("append");
    });
}
