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

const ACTIONS: [&str; 13] = [
    "Dealt Cards",
    "Mucks Cards",
    "Shows Cards",
    "Post Ante",
    "Post SB",
    "Post BB",
    "Post Dead",
    "Post Extra Blind",
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
        let start: HashMap<u64, u64> = players
            .iter()
            .map(|p| {
                (
                    p["id"].as_u64().expect("id"),
                    p["starting_stack"].as_u64().expect("stack"),
                )
            })
            .collect();
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
