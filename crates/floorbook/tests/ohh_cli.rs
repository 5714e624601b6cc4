//! `floorbook hand N --ohh` (issue 38 item 7): every hand of a simulated tournament written as
//! an Open Hand History (spec 1.4.6), alone and in the chain's export (`hand --ohh`), and held
//! to it: the fields and their types, actions only
//! of the specification's list and only by players of the hand, the streets in order with
//! their board cards, and the chips: each player's stack at the start, less what his actions
//! put in, plus what he won and what came back uncalled, is his stack when the hand was settled
//! (a bet's amount is what that action put in, as the specification says).

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use floorbook_e2e::schemas::independent_problem;
use serde_json::Value;

fn floorbook(args: &[&str], data: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(args)
        .arg("--data")
        .arg(data)
        .output()
        .expect("floorbook runs")
}

/// A simulated tournament (`floorbook simulate ARGS`) recorded into `data`.
fn simulate(args: &[&str], data: &Path) {
    let out = floorbook(&[&["simulate"], args].concat(), data);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Each player's stack as the hand began, by his id.
fn starting_stacks(h: &Value) -> HashMap<u64, u64> {
    h["players"]
        .as_array()
        .expect("players")
        .iter()
        .map(|p| {
            (
                p["id"].as_u64().expect("id"),
                p["starting_stack"].as_u64().expect("stack"),
            )
        })
        .collect()
}

const ACTIONS: [&str; 14] = [
    "Dealt Cards",
    "Mucks Cards",
    "Shows Cards",
    "Post Ante",
    "Post SB",
    "Post BB",
    "Post Dead",
    "Post Extra Blind",
    "Straddle",
    "Fold",
    "Check",
    "Bet",
    "Raise",
    "Call",
];

#[test]
fn every_hand_of_a_tournament_is_an_open_hand_history_that_adds_up() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    simulate(
        &["--profile", "top18", "--players", "12", "--seed", "5"],
        &data,
    );
    let mut hand = 0;
    let mut showdowns = 0;
    // The whole chain at once (one re-derivation): a blank line between hands.
    let all = floorbook(&["hand", "--ohh"], &data);
    assert!(
        all.status.success(),
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    let all = String::from_utf8(all.stdout).expect("text");
    let mut exported: HashMap<String, Value> = all
        .split("\n\n")
        .filter(|p| !p.trim().is_empty())
        .map(|p| {
            let v: Value = serde_json::from_str(p).expect("one OHH object");
            (
                v["ohh"]["game_number"]
                    .as_str()
                    .expect("number")
                    .to_string(),
                v,
            )
        })
        .collect();
    loop {
        hand += 1;
        let out = floorbook(&["hand", &hand.to_string(), "--ohh"], &data);
        if !out.status.success() {
            let why = String::from_utf8_lossy(&out.stderr);
            assert!(why.contains("has no hand"), "hand {hand}: {why}");
            break;
        }
        let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
        // The specification's fields and types, read from its pages apart from this code.
        if let Some(problem) = independent_problem("ohh-1.4.6", &doc) {
            panic!("hand {hand}: {problem}\n{doc:#}");
        }
        let h = &doc["ohh"];
        let number = h["game_number"].as_str().expect("number");
        assert_eq!(
            exported.remove(number).as_ref(),
            Some(&doc),
            "hand {hand}: the chain's export writes it as the hand's own does"
        );
        assert_eq!(h["spec_version"], "1.4.6");
        assert_eq!(h["tournament"], true);
        assert_eq!(h["game_type"], "Holdem");
        assert_eq!(h["bet_limit"]["bet_type"], "NL");
        for field in [
            "table_size",
            "dealer_seat",
            "small_blind_amount",
            "big_blind_amount",
        ] {
            assert!(h[field].is_u64(), "hand {hand}: {field} {}", h[field]);
        }
        for field in ["game_number", "start_date_utc", "table_name", "site_name"] {
            assert!(h[field].is_string(), "hand {hand}: {field}");
        }
        assert!(
            h["start_date_utc"]
                .as_str()
                .is_some_and(|d| d.ends_with('Z') && d.len() == 20),
            "{}",
            h["start_date_utc"]
        );
        let players = h["players"].as_array().expect("players");
        let start = starting_stacks(h);
        let seats: Vec<u64> = players
            .iter()
            .map(|p| p["seat"].as_u64().expect("seat"))
            .collect();
        assert!(
            seats
                .iter()
                .all(|s| (1..=h["table_size"].as_u64().expect("size")).contains(s)),
            "hand {hand}: seats {seats:?}"
        );
        // The streets in order, each board street with its cards; the showdown last.
        let rounds = h["rounds"].as_array().expect("rounds");
        let streets: Vec<&str> = rounds
            .iter()
            .map(|r| r["street"].as_str().expect("street"))
            .collect();
        let order = ["Preflop", "Flop", "Turn", "River", "Showdown"];
        assert_eq!(streets[0], "Preflop", "hand {hand}");
        assert!(
            streets
                .windows(2)
                .all(|w| order.iter().position(|s| *s == w[0])
                    < order.iter().position(|s| *s == w[1])),
            "hand {hand}: {streets:?}"
        );
        let mut put_in: HashMap<u64, u64> = HashMap::new();
        let mut number = 0;
        for r in rounds {
            let cards = r["cards"].as_array().expect("cards").len();
            match r["street"].as_str() {
                Some("Flop") => assert_eq!(cards, 3, "hand {hand}"),
                Some("Turn" | "River") => assert_eq!(cards, 1, "hand {hand}"),
                _ => assert_eq!(cards, 0, "hand {hand}"),
            }
            for a in r["actions"].as_array().expect("actions") {
                number += 1;
                assert_eq!(a["action_number"], number, "hand {hand}: numbered in order");
                let action = a["action"].as_str().expect("action");
                assert!(ACTIONS.contains(&action), "hand {hand}: {action}");
                let who = a["player_id"].as_u64().expect("player");
                assert!(
                    start.contains_key(&who),
                    "hand {hand}: {who} is not dealt in"
                );
                if action == "Bet" {
                    assert_ne!(r["street"], "Preflop", "hand {hand}: no bet preflop");
                }
                if let Some(amount) = a["amount"].as_u64() {
                    *put_in.entry(who).or_default() += amount;
                }
            }
        }
        if streets.contains(&"Showdown") {
            showdowns += 1;
        }
        let mut won: HashMap<u64, u64> = HashMap::new();
        for pot in h["pots"].as_array().expect("pots") {
            let wins = pot["player_wins"].as_array().expect("wins");
            let total: u64 = wins
                .iter()
                .map(|w| w["win_amount"].as_u64().expect("win"))
                .sum();
            assert_eq!(
                pot["amount"].as_u64(),
                Some(total),
                "hand {hand}: the pot is paid out whole"
            );
            for w in wins {
                *won.entry(w["player_id"].as_u64().expect("id")).or_default() +=
                    w["win_amount"].as_u64().expect("win");
            }
        }
        // The record's own settlement: the stacks by position. What a player put in beyond
        // what anyone called came back to him uncalled (no OHH action says so; the pots hold
        // only what was called): at most one player's stack is above what his actions and wins
        // give, and by exactly what the pots lack.
        let rec: Value = serde_json::from_slice(
            &floorbook(&["hand", &hand.to_string(), "--json"], &data).stdout,
        )
        .expect("the hand as JSON");
        let by_pos: Vec<u64> = rec["players"]
            .as_array()
            .expect("players")
            .iter()
            .map(|p| p.as_u64().expect("id"))
            .collect();
        let settled: Vec<i64> = rec["events"]
            .as_array()
            .expect("events")
            .iter()
            .find(|e| e["event"]["type"] == "settled")
            .and_then(|e| e["event"]["stacks"].as_array())
            .expect("a settled hand")
            .iter()
            .map(|s| s.as_i64().expect("chips"))
            .collect();
        let total_in: i64 = put_in.values().map(|v| *v as i64).sum();
        let in_pots: i64 = won.values().map(|v| *v as i64).sum();
        let mut uncalled = Vec::new();
        for (pos, id) in by_pos.iter().enumerate() {
            let after = start[id] as i64 + won.get(id).copied().unwrap_or(0) as i64
                - put_in.get(id).copied().unwrap_or(0) as i64;
            let back = settled[pos] - after;
            assert!(
                back >= 0,
                "hand {hand}: player {id} ends with less than his actions give"
            );
            if back > 0 {
                uncalled.push((*id, back));
            }
        }
        assert!(uncalled.len() <= 1, "hand {hand}: {uncalled:?}");
        assert_eq!(
            uncalled.iter().map(|(_, b)| b).sum::<i64>(),
            total_in - in_pots,
            "hand {hand}: the chips do not add up"
        );
    }
    assert!(hand > 5, "the tournament played {} hands", hand - 1);
    assert!(
        exported.is_empty(),
        "exported but not a hand: {:?}",
        exported.keys()
    );
    assert!(showdowns > 0, "no hand went to a showdown");
}

/// A hand not yet over, or not there, is refused with the reason.
#[test]
fn a_hand_that_is_not_there_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    simulate(
        &["--profile", "nob", "--players", "4", "--seed", "2"],
        &data,
    );
    let out = floorbook(&["hand", "100000", "--ohh"], &data);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("has no hand 100000"));
}

/// A cash room's evening (GCB, with straddles and dead blinds) as OHH, in the house's currency:
/// every finished hand matches the specification, is a cash hand (no tournament fields, the
/// currency named), seats its players on the table's seats with the game's blinds, and its
/// chips add up: the pots are paid out whole, nobody puts in more than he sat with, and what
/// the pots lack of what was put in is exactly the bet nobody called (the highest live
/// contribution over the next).
#[test]
fn every_hand_of_a_cash_evening_is_an_open_hand_history_that_adds_up() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    simulate(
        &["--profile", "gcb", "--minutes", "30", "--seed", "3"],
        &data,
    );
    let all = floorbook(&["hand", "--ohh", "--currency", "CHF"], &data);
    assert!(
        all.status.success(),
        "{}",
        String::from_utf8_lossy(&all.stderr)
    );
    let all = String::from_utf8(all.stdout).expect("text");
    let hands: Vec<Value> = all
        .split("\n\n")
        .filter(|p| !p.trim().is_empty())
        .map(|p| serde_json::from_str(p).expect("one OHH object"))
        .collect();
    assert!(hands.len() > 10, "{} hands", hands.len());
    let mut seen_actions: HashMap<String, usize> = HashMap::new();
    for doc in &hands {
        if let Some(problem) = independent_problem("ohh-1.4.6", doc) {
            panic!("{problem}\n{doc:#}");
        }
        let h = &doc["ohh"];
        let number = h["game_number"].as_str().expect("number");
        assert!(h.get("tournament").is_none(), "{number}: a cash hand");
        assert!(h.get("tournament_info").is_none(), "{number}: a cash hand");
        assert_eq!(h["currency"], "CHF", "{number}");
        // The profile's games: NL Hold'em 2/5 on tables 1 and 2, PL Omaha 5/5 on 3 and 4.
        let table = h["table_name"].as_str().expect("table");
        let (game, blinds, limit) = match table {
            "Table 1" | "Table 2" => ("Holdem", (2, 5), "NL"),
            "Table 3" | "Table 4" => ("Omaha", (5, 5), "PL"),
            other => panic!("{number}: {other} is no table of the room"),
        };
        assert_eq!(h["game_type"], game, "{number}");
        assert_eq!(h["bet_limit"]["bet_type"], limit, "{number}");
        assert_eq!(
            (
                h["small_blind_amount"].as_u64(),
                h["big_blind_amount"].as_u64()
            ),
            (Some(blinds.0), Some(blinds.1)),
            "{number}"
        );
        assert_eq!(h["table_size"], 9, "{number}");
        let players = h["players"].as_array().expect("players");
        let start = starting_stacks(h);
        let seats: Vec<u64> = players.iter().filter_map(|p| p["seat"].as_u64()).collect();
        assert!(
            seats.iter().all(|s| (1..=9).contains(s)),
            "{number}: {seats:?}"
        );
        // The button is on a seat of the table: a player's, or an empty one (a dead button
        // after a player left, GCB-10's moves).
        assert!(
            (1..=9).contains(&h["dealer_seat"].as_u64().expect("button")),
            "{number}: the button is on a seat"
        );
        let mut put_in: HashMap<u64, u64> = HashMap::new();
        let mut live: HashMap<u64, u64> = HashMap::new();
        for r in h["rounds"].as_array().expect("rounds") {
            for a in r["actions"].as_array().expect("actions") {
                let action = a["action"].as_str().expect("action");
                *seen_actions.entry(action.to_string()).or_default() += 1;
                let who = a["player_id"].as_u64().expect("player");
                assert!(start.contains_key(&who), "{number}: {who} is not dealt in");
                if let Some(amount) = a["amount"].as_u64() {
                    *put_in.entry(who).or_default() += amount;
                    // A dead blind is in the pot but matches no bet.
                    if action != "Post Dead" {
                        *live.entry(who).or_default() += amount;
                    }
                }
            }
        }
        for (who, chips) in &put_in {
            assert!(
                *chips <= start[who],
                "{number}: player {who} put in {chips} of {}",
                start[who]
            );
        }
        let mut in_pots = 0;
        for pot in h["pots"].as_array().expect("pots") {
            let wins: u64 = pot["player_wins"]
                .as_array()
                .expect("wins")
                .iter()
                .map(|w| w["win_amount"].as_u64().expect("win"))
                .sum();
            assert_eq!(pot["amount"].as_u64(), Some(wins), "{number}: paid whole");
            in_pots += wins;
        }
        let mut contributions: Vec<u64> = live.values().copied().collect();
        contributions.sort_unstable_by(|a, b| b.cmp(a));
        let uncalled = contributions.first().copied().unwrap_or(0)
            - contributions.get(1).copied().unwrap_or(0);
        let total: u64 = put_in.values().sum();
        assert_eq!(
            total - in_pots,
            uncalled,
            "{number}: what the pots lack is the bet nobody called"
        );
    }
    // The evening holds the room's own posts: blinds, straddles (GCB-5), dead blinds (GCB-6).
    for action in ["Post SB", "Post BB", "Straddle", "Post Dead", "Shows Cards"] {
        assert!(
            seen_actions.contains_key(action),
            "no {action} in the evening: {seen_actions:?}"
        );
    }
    // One hand alone is the same object as in the whole export.
    let first = &hands[0]["ohh"]["game_number"];
    let number = first
        .as_str()
        .and_then(|n| n.rsplit('-').next())
        .expect("a number");
    let one = floorbook(&["hand", number, "--ohh", "--currency", "CHF"], &data);
    assert!(
        one.status.success(),
        "{}",
        String::from_utf8_lossy(&one.stderr)
    );
    let one: Value = serde_json::from_slice(&one.stdout).expect("JSON");
    assert_eq!(one, hands[0]);
    // A currency is three capital letters; anything else is refused, naming the form.
    let bad = floorbook(&["hand", "--ohh", "--currency", "euro"], &data);
    assert!(!bad.status.success());
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("three capital letters"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}
