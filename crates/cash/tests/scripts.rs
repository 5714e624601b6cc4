//! Golden cash-room scripts: `tests/cash/*.toml`, one file per case, named after its rule.
//!
//! A script is a list of `[[step]]`s. Each step holds one command, written as its name with its
//! fields (`seat = { guest = 1, name = "Anna", table = 1, seat = 1, buy_in = 200 }`), at `at`
//! seconds (default: the step before's). Two shorthands: `deal = { table = 1, holes =
//! ["AsKd", "QhQc"] }` deals hole cards to positions 0, 1, … (one step per position), and
//! `act = { table = 1, do = "fold", pos = 2 }` is one action in the hand. Then what must hold:
//! - `expect = [{ type = "marker_given", guest = 3 }, …]`: each object matches an event the
//!   step decided (every field given must be equal), in this order;
//! - `absent = ["seat_released"]`: event types the step must not decide;
//! - `refused = "GCB-9"`, `says = "…"`: the step is refused naming the rule (and saying it);
//! - `check = { stacks = [[1, 195]], markers = [[3, 2]], unseated = [5], waiting = [[
//!   "nlh-2-5", [3, 4]]], called = [["nlh-2-5", 7]] }`: the room afterwards (`"nobody"` for
//!   no one called).
//!
//! A `revision = N` before the steps plays the script under an older cash rules revision (a
//! chain opened under it re-derives by its readings).
//!
//! Every step is held to the room's money (chips at the tables equal money in less money out)
//! and every refusal to changing nothing. The file's rule (from its name: `gcb_6_…` is GCB-6)
//! must be cited by an event or a refusal of the script.

use std::path::{Path, PathBuf};

use floorbook_cash::{CashCommand, CashEvent, CashRoom, builtin};
use serde_json::{Value, json};

/// The gcb room, decided by the readings of `revision`.
fn room(revision: u32) -> CashRoom {
    let (_, p) = builtin("gcb").expect("built in");
    CashRoom::under_revision(p.expect("the gcb profile reads"), revision)
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/cash")
}

fn to_json(v: &toml::Value) -> Value {
    serde_json::to_value(v).expect("TOML is JSON")
}

/// Whether `got` has every field of `want`, equal.
fn matches(got: &Value, want: &Value) -> bool {
    match (got, want) {
        (Value::Object(g), Value::Object(w)) => w
            .iter()
            .all(|(k, wv)| g.get(k).is_some_and(|gv| matches(gv, wv))),
        (Value::Array(g), Value::Array(w)) => {
            g.len() == w.len() && g.iter().zip(w).all(|(a, b)| matches(a, b))
        }
        (g, w) => g == w,
    }
}

/// The commands a step stands for.
fn commands(step: &toml::Table, file: &str, k: usize) -> Vec<CashCommand> {
    const RESERVED: &[&str] = &["at", "expect", "absent", "refused", "says", "check"];
    let keys: Vec<&String> = step
        .keys()
        .filter(|k| !RESERVED.contains(&k.as_str()))
        .collect();
    assert_eq!(
        keys.len(),
        1,
        "{file} step {k}: one command a step, got {keys:?}"
    );
    let name = keys[0].as_str();
    let body = to_json(&step[name]);
    let parse = |v: Value| -> CashCommand {
        serde_json::from_value(v.clone())
            .unwrap_or_else(|e| panic!("{file} step {k}: {v} does not read: {e}"))
    };
    match name {
        "deal" => {
            let table = body["table"].clone();
            let holes = body["holes"].as_array().expect("deal.holes").clone();
            holes
                .iter()
                .enumerate()
                .map(|(pos, h)| {
                    let h = h.as_str().expect("a hole as text");
                    let cards: Vec<Value> = (0..h.len() / 2)
                        .map(|i| Value::String(h[i * 2..i * 2 + 2].to_string()))
                        .collect();
                    parse(json!({"command": "hand", "table": table,
                        "action": {"do": "deal_hole", "pos": pos, "cards": cards}}))
                })
                .collect()
        }
        "act" => {
            let mut action = body.clone();
            let table = action
                .as_object_mut()
                .and_then(|o| o.remove("table"))
                .expect("act.table");
            vec![parse(
                json!({"command": "hand", "table": table, "action": action}),
            )]
        }
        _ => {
            let mut v = body;
            v.as_object_mut()
                .expect("a command's fields")
                .insert("command".into(), Value::String(name.into()));
            vec![parse(v)]
        }
    }
}

fn check_state(room: &CashRoom, check: &Value, file: &str, k: usize) {
    let sitting = |g: u64| {
        room.guests()
            .get(&(g as u32))
            .and_then(|x| x.sitting.clone())
    };
    for pair in check["stacks"].as_array().into_iter().flatten() {
        let (g, want) = (pair[0].as_u64().expect("guest"), pair[1].as_u64());
        let got = sitting(g).map(|s| s.stack);
        assert_eq!(got, want, "{file} step {k}: guest {g}'s stack");
    }
    for pair in check["markers"].as_array().into_iter().flatten() {
        let (g, want) = (pair[0].as_u64().expect("guest"), pair[1].as_u64());
        let got = sitting(g).map(|s| u64::from(s.markers));
        assert_eq!(got, want, "{file} step {k}: guest {g}'s markers");
    }
    for g in check["unseated"].as_array().into_iter().flatten() {
        let g = g.as_u64().expect("guest");
        assert!(
            sitting(g).is_none(),
            "{file} step {k}: guest {g} still sits"
        );
    }
    for pair in check["seated"].as_array().into_iter().flatten() {
        let g = pair[0].as_u64().expect("guest");
        let got = sitting(g).map(|s| (u64::from(s.table), u64::from(s.seat)));
        let want = (
            pair[1].as_u64().expect("table"),
            pair[2].as_u64().expect("seat"),
        );
        assert_eq!(got, Some(want), "{file} step {k}: guest {g}'s seat");
    }
    for pair in check["waiting"].as_array().into_iter().flatten() {
        let game = pair[0].as_str().expect("game");
        let want: Vec<u64> = pair[1]
            .as_array()
            .expect("guests")
            .iter()
            .filter_map(Value::as_u64)
            .collect();
        let got: Vec<u64> = room.lists()[game]
            .waiting
            .iter()
            .map(|g| u64::from(*g))
            .collect();
        assert_eq!(got, want, "{file} step {k}: the {game} list");
    }
    for pair in check["called"].as_array().into_iter().flatten() {
        let game = pair[0].as_str().expect("game");
        let got = room.lists()[game].called.map(u64::from);
        assert_eq!(got, pair[1].as_u64(), "{file} step {k}: called in {game}");
    }
}

fn rule_of(file: &str) -> String {
    // gcb_6_… → GCB-6
    let mut parts = file.split('_');
    let sys = parts.next().unwrap_or_default().to_uppercase();
    let no = parts.next().unwrap_or_default();
    format!("{sys}-{no}")
}

fn run(file: &str) {
    let path = dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{file}: {e}"));
    let doc: toml::Table = toml::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let steps = doc
        .get("step")
        .and_then(|s| s.as_array())
        .unwrap_or_else(|| panic!("{file}: no [[step]]"));
    let rule = rule_of(file);
    let mut cited = false;
    // `revision = N` at the top: a room opened under an older reading (its chain re-derives
    // by it); the current one otherwise.
    let revision = doc
        .get("revision")
        .and_then(|r| r.as_integer())
        .map_or(floorbook_cash::CASH_RULES_REVISION, |r| r as u32);
    let mut room = room(revision);
    let mut at = 0;
    for (k, step) in steps.iter().enumerate() {
        let step = step.as_table().expect("a step is a table");
        if let Some(a) = step.get("at").and_then(|a| a.as_integer()) {
            at = a as u64;
        }
        let cmds = commands(step, file, k);
        let refused = step.get("refused").and_then(|r| r.as_str());
        let mut events: Vec<CashEvent> = Vec::new();
        let mut refusal = None;
        for c in &cmds {
            let before = serde_json::to_string(&room).expect("the room serializes");
            match room.decide(c, at) {
                Ok(e) => events.extend(e),
                Err(e) => {
                    let after = serde_json::to_string(&room).expect("the room serializes");
                    assert_eq!(before, after, "{file} step {k}: a refusal changed the room");
                    refusal = Some(e);
                    break;
                }
            }
            let (money_in, money_out) = room.money();
            assert_eq!(
                room.chips_at_tables(),
                money_in - money_out,
                "{file} step {k}: the chips at the tables are not the money in less the money out"
            );
        }
        match (refused, &refusal) {
            (Some(want), Some(e)) => {
                let ids: Vec<&str> = e.rules().iter().map(|r| r.id()).collect();
                assert!(
                    ids.contains(&want),
                    "{file} step {k}: refused by {ids:?} ({e}), expected {want}"
                );
                if let Some(says) = step.get("says").and_then(|s| s.as_str()) {
                    assert!(
                        e.to_string().contains(says),
                        "{file} step {k}: refusal {e:?} does not say {says:?}"
                    );
                }
                if ids.contains(&rule.as_str()) {
                    cited = true;
                }
            }
            (Some(want), None) => panic!("{file} step {k}: accepted, expected a {want} refusal"),
            (None, Some(e)) => panic!("{file} step {k}: refused: {e}"),
            (None, None) => {}
        }
        for e in &events {
            if e.rules().iter().any(|r| r.id() == rule) {
                cited = true;
            }
        }
        let got: Vec<Value> = events
            .iter()
            .map(|e| serde_json::to_value(e).expect("events serialize"))
            .collect();
        if let Some(expect) = step.get("expect").and_then(|x| x.as_array()) {
            let mut from = 0;
            for want in expect {
                let want = to_json(want);
                match got[from..].iter().position(|g| matches(g, &want)) {
                    Some(i) => from += i + 1,
                    None => panic!(
                        "{file} step {k}: no event {want} (in order) among:\n{}",
                        got.iter()
                            .map(|g| g.to_string())
                            .collect::<Vec<_>>()
                            .join("\n")
                    ),
                }
            }
        }
        for t in step
            .get("absent")
            .and_then(|x| x.as_array())
            .into_iter()
            .flatten()
        {
            let t = t.as_str().expect("an event type");
            assert!(
                !got.iter().any(|g| g["type"] == t),
                "{file} step {k}: decided {t}, which it must not"
            );
        }
        if let Some(check) = step.get("check") {
            check_state(&room, &to_json(check), file, k);
        }
        // The room as a whole round-trips: a snapshot resumes it.
        let text = serde_json::to_string(&room).expect("the room serializes");
        let back: CashRoom = serde_json::from_str(&text).expect("the room reads back");
        assert_eq!(
            serde_json::to_string(&back).expect("serializes"),
            text,
            "{file} step {k}: the room does not round-trip"
        );
    }
    assert!(cited, "{file}: no event or refusal cites {rule}");
}

macro_rules! golden {
    ($($name:ident => $file:literal;)*) => {
        $(#[test] fn $name() { run($file); })*

        #[test]
        fn every_script_has_its_test() {
            let listed = [$($file),*];
            for e in std::fs::read_dir(dir()).expect("tests/cash") {
                let name = e.expect("an entry").file_name().to_string_lossy().to_string();
                if name.ends_with(".toml") {
                    assert!(listed.contains(&name.as_str()), "{name} has no test");
                }
            }
        }
    };
}

golden! {
    gcb_10_an_entering_guest_waits_out_the_button_unless_nobody_could_play =>
        "gcb_10_an_entering_guest_waits_out_the_button_unless_nobody_could_play.toml";
    gcb_10_must_move_below_seven_refusing_ends_the_day =>
        "gcb_10_must_move_below_seven_refusing_ends_the_day.toml";
    gcb_10_the_main_table_stays_full_while_table_2_has_eight =>
        "gcb_10_the_main_table_stays_full_while_table_2_has_eight.toml";
    gcb_13_the_table_stake_stays_and_no_money_joins_a_hand =>
        "gcb_13_the_table_stake_stays_and_no_money_joins_a_hand.toml";
    gcb_1_three_warnings_remove_the_guest_and_leaving_folds =>
        "gcb_1_three_warnings_remove_the_guest_and_leaving_folds.toml";
    gcb_2_raise_alone_is_a_minimum_raise_at_a_cash_table =>
        "gcb_2_raise_alone_is_a_minimum_raise_at_a_cash_table.toml";
    gcb_3_an_out_of_turn_call_at_a_cash_table =>
        "gcb_3_an_out_of_turn_call_at_a_cash_table.toml";
    gcb_4_a_single_chip_over_ones_own_blind_at_a_cash_table =>
        "gcb_4_a_single_chip_over_ones_own_blind_at_a_cash_table.toml";
    gcb_5_the_straddle_is_twice_the_big_blind_and_acts_last =>
        "gcb_5_the_straddle_is_twice_the_big_blind_and_acts_last.toml";
    gcb_6_a_seat_change_away_from_the_button_posts_both_or_waits =>
        "gcb_6_a_seat_change_away_from_the_button_posts_both_or_waits.toml";
    gcb_6_both_blinds_missed_are_posted_big_live_small_dead =>
        "gcb_6_both_blinds_missed_are_posted_big_live_small_dead.toml";
    gcb_6_only_the_small_blind_missed_waits_for_the_big_blind =>
        "gcb_6_only_the_small_blind_missed_waits_for_the_big_blind.toml";
    gcb_6_the_third_missed_blind_marker_releases_the_seat =>
        "gcb_6_the_third_missed_blind_marker_releases_the_seat.toml";
    gcb_6_revision_1_gave_one_marker_per_passed_big_blind =>
        "gcb_6_revision_1_gave_one_marker_per_passed_big_blind.toml";
    gcb_7_one_rebuy_below_the_table_stake_then_out =>
        "gcb_7_one_rebuy_below_the_table_stake_then_out.toml";
    gcb_8_a_fold_on_false_information_at_a_cash_table =>
        "gcb_8_a_fold_on_false_information_at_a_cash_table.toml";
    gcb_9_the_waiting_list_in_person_and_in_order =>
        "gcb_9_the_waiting_list_in_person_and_in_order.toml";
}
