//! Tournament scripts: one file per case in `tests/tournaments/`, named after the rule it pins,
//! read as *given* a field, *when* each command at its time, *then* the events it decides (or
//! the refusal). A script file holds:
//!
//! - `rule`: the rule the case pins; some decision or refusal of the script must cite it. Or,
//!   for a format the house chooses (issue 39: entries, rebuys, bounties, deals), `setting`:
//!   the profile setting that decides it, which `house` must set.
//! - `source`: where the expected numbers come from (the seed's sentence, arithmetic).
//! - `profile`: a built-in profile; `[house]`, settings of the house's own laid over it (its
//!   tables replace the profile's tables key by key: `[house.entries]`, `[house.bounty]`).
//! - `[given]`: `players` (P1 … Pn registered, aged 30, the profile's first buy-in), `draw`
//!   (the seat draw), `button_seats` (the drawn buttons, one per table) and `start_at` (the
//!   start's time, default 0); `tables`, the director's choice of tables where the rule gives
//!   one (NOB-7); `reserved`, `[player, table]` pairs (PLO-3); `seats_per_table`, the house's
//!   seats where the case needs other than the profile's; `then`, events the start must decide;
//!   `start = false` where the start is a step of its own (a Day 2 imports its flights first).
//! - `[[when]]`, in order: `do`, a command as the engine reads it
//!   (`{ command = "hand", table = 1, action = { do = "fold", pos = 2 } }`); `at`, its time in
//!   seconds (default: the latest so far); then either `then`, events the command must decide,
//!   in order, each given by the fields it must have (others are not compared), or `refused`,
//!   text the refusal must contain (a refused command must change nothing); `absent`, events
//!   it must not decide; and `actor`, the position to act at the command's table afterwards.
//!
//! Every script's commands are then re-derived both ways a chain holds them (as entered, and
//! read back from the decisions) and must agree with what was decided.

use std::path::Path;

use floorbook_tournament::builtin;
use floorbook_tournament::command::Command;
use floorbook_tournament::engine::Tournament;
use floorbook_tournament::rederive::Rederiver;
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo};
use floorbook_tournament::transcript::Transcript;
use serde::Deserialize;
use serde_json::Value;

#[path = "../../../tests/tournaments/golden.rs"]
#[macro_use]
mod golden;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Script {
    rule: Option<String>,
    setting: Option<String>,
    source: String,
    profile: String,
    #[serde(default)]
    house: toml::Table,
    given: Given,
    when: Vec<When>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Given {
    players: u32,
    draw: Vec<u32>,
    button_seats: Option<Vec<u32>>,
    /// When the tournament starts, seconds after registration opened (default 0).
    #[serde(default)]
    start_at: u64,
    /// The director's choice of tables where the rule leaves one (NOB-7).
    tables: Option<u32>,
    /// The house's seats per table, where the case needs other than the profile's.
    seats_per_table: Option<u32>,
    /// PLO-3: `[player, table]` for the players who reserved a table.
    #[serde(default)]
    reserved: Vec<[u32; 2]>,
    /// Events the start must decide (as for a step's `then`).
    #[serde(default)]
    then: Vec<toml::Value>,
    /// Whether the field starts before the steps (default); a Day 2 (issue 39) imports its
    /// flights first and starts as a step.
    #[serde(default = "yes")]
    start: bool,
}

fn yes() -> bool {
    true
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct When {
    #[serde(rename = "do")]
    command: Command,
    at: Option<u64>,
    #[serde(default)]
    then: Vec<toml::Value>,
    /// Events the command must not decide (each given by the fields that would match it).
    #[serde(default)]
    absent: Vec<toml::Value>,
    refused: Option<String>,
    actor: Option<usize>,
}

/// Whether `actual` has every field of `expected` with its value (objects compared field by
/// field, recursively; anything else exactly).
fn has(actual: &Value, expected: &Value) -> bool {
    match (actual, expected) {
        (Value::Object(a), Value::Object(e)) => {
            e.iter().all(|(k, v)| a.get(k).is_some_and(|av| has(av, v)))
        }
        _ => actual == expected,
    }
}

/// The rule IDs an event cites, wherever they stand in it.
fn cited(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            if let Some(Value::Array(r)) = m.get("rules") {
                out.extend(r.iter().filter_map(Value::as_str).map(str::to_string));
            }
            m.values().for_each(|v| cited(v, out));
        }
        Value::Array(a) => a.iter().for_each(|v| cited(v, out)),
        _ => {}
    }
}

fn check(path: &Path) {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned());
    let text = std::fs::read_to_string(path).expect("the script reads");
    let script: Script =
        toml::from_str(&text).unwrap_or_else(|e| panic!("{name:?} does not parse: {e}"));
    assert!(
        !script.source.trim().is_empty(),
        "{name:?}: say where the numbers come from"
    );
    let (text, _) = builtin(&script.profile).expect("a built-in profile");
    let mut table: toml::Table = toml::from_str(text).expect("the profile reads");
    lay_over(&mut table, &script.house);
    let mut profile =
        floorbook_tournament::Profile::from_toml(&toml::to_string(&table).expect("toml"))
            .unwrap_or_else(|e| panic!("{name:?}: the house's settings do not read: {e}"));
    assert_eq!(profile.check(), Vec::new(), "{name:?}: the house's profile");
    if let Some(seats) = script.given.seats_per_table {
        profile.seats_per_table = seats;
    }
    let mut t = Transcript::new(Tournament::new(profile.clone()));
    let buy_in = profile.buy_ins.first().cloned().unwrap_or_default();
    for i in 1..=script.given.players {
        let register = Command::Register {
            member: None,
            player: PlayerId(i),
            name: format!("P{i}"),
            buy_in: buy_in.clone(),
            age: 30,
            table: script
                .given
                .reserved
                .iter()
                .find(|[p, _]| *p == i)
                .map(|[_, t]| TableNo(*t)),
            draw: None,
        };
        t.decide(&register, 0).expect("given: registered");
    }
    let start = Command::Start {
        draw: script.given.draw.clone(),
        button_seats: script
            .given
            .button_seats
            .as_ref()
            .map(|b| b.iter().map(|s| SeatNo(*s)).collect()),
        tables: script.given.tables,
    };
    let started: Vec<Value> = if script.given.start {
        t.decide(&start, script.given.start_at)
            .expect("given: started")
            .iter()
            .map(|e| serde_json::to_value(e).expect("json"))
            .collect()
    } else {
        Vec::new()
    };
    let mut rules = Vec::new();
    started.iter().for_each(|e| cited(e, &mut rules));
    let mut from = 0;
    for expected in &script.given.then {
        let expected = serde_json::to_value(expected).expect("json");
        let found = started[from..].iter().position(|e| has(e, &expected));
        let Some(i) = found else {
            panic!("{name:?} given: no event {expected} (in order) among {started:#?}");
        };
        from += i + 1;
    }
    for (k, step) in script.when.iter().enumerate() {
        let at = step.at.unwrap_or(t.clock);
        let here = format!("{name:?} step {}: {:?}", k + 1, step.command);
        let before = serde_json::to_string(&*t).expect("state");
        match (t.decide(&step.command, at), &step.refused) {
            (Ok(events), None) => {
                let events: Vec<Value> = events
                    .iter()
                    .map(|e| serde_json::to_value(e).expect("json"))
                    .collect();
                events.iter().for_each(|e| cited(e, &mut rules));
                let mut from = 0;
                for expected in &step.then {
                    let expected = serde_json::to_value(expected).expect("json");
                    let found = events[from..].iter().position(|e| has(e, &expected));
                    let Some(i) = found else {
                        panic!("{here}: no event {expected} (in order) among {events:#?}");
                    };
                    from += i + 1;
                }
                for unwanted in &step.absent {
                    let unwanted = serde_json::to_value(unwanted).expect("json");
                    assert!(
                        !events.iter().any(|e| has(e, &unwanted)),
                        "{here}: decided {unwanted}, which it must not"
                    );
                }
            }
            (Err(e), Some(text)) => {
                assert!(
                    e.to_string().contains(text.as_str()),
                    "{here}: refused: {e}"
                );
                rules.extend(e.rules().iter().map(|r| r.id().to_string()));
                assert_eq!(
                    serde_json::to_string(&*t).expect("state"),
                    before,
                    "{here}: a refused command changed the tournament"
                );
            }
            (Ok(events), Some(text)) => {
                panic!("{here}: decided {events:?}, expected a refusal naming {text:?}")
            }
            (Err(e), None) => panic!("{here}: refused: {e}"),
        }
        if let Some(actor) = step.actor {
            let table = step
                .command
                .table()
                .expect("`actor` goes with a table's command");
            let now = t.hand(table).and_then(|h| h.actor()).map(|p| p.0);
            assert_eq!(now, Some(actor), "{here}: the player to act");
        }
    }
    match (&script.rule, &script.setting) {
        (Some(rule), None) => assert!(
            rules.contains(rule),
            "{name:?}: nothing decided or refused cites {rule}: {rules:?}"
        ),
        (None, Some(setting)) => {
            let mut at = Some(&script.house);
            let mut parts = setting.split('.').peekable();
            let mut found = false;
            while let (Some(t), Some(key)) = (at, parts.next()) {
                if parts.peek().is_none() {
                    found = t.contains_key(key);
                }
                at = t.get(key).and_then(toml::Value::as_table);
            }
            assert!(found, "{name:?}: the house does not set {setting}");
        }
        _ => panic!("{name:?}: a script pins a rule or a house setting (one of them)"),
    }
    // Read back from the decisions alone (format 1) too, where a chain of format 1 can hold
    // every command.
    let format_1 = t.commands.iter().all(|e| e.command.fits_format_1());
    for entered in [Some(t.commands.clone()), None] {
        if entered.is_none() && !format_1 {
            continue;
        }
        let mut r = Rederiver::new(profile.clone(), t.events.clone());
        if let Some(e) = entered {
            r = r.with_entered(e);
        }
        r.run_to_end()
            .unwrap_or_else(|d| panic!("{name:?} re-derives: {d:?}"));
    }
}

/// Lays `over` onto `base`: a table key by key, anything else replaced.
fn lay_over(base: &mut toml::Table, over: &toml::Table) {
    for (k, v) in over {
        match (base.get_mut(k), v) {
            (Some(toml::Value::Table(b)), toml::Value::Table(o)) => lay_over(b, o),
            _ => {
                base.insert(k.clone(), v.clone());
            }
        }
    }
}

golden! {
    check;
    tda_rp_10_a_a_down_card_exposed_in_the_deal_becomes_the_up_card => "tda_rp_10_a_a_down_card_exposed_in_the_deal_becomes_the_up_card.toml",
    tda_rp_10_b_a_seventh_street_card_exposed_is_replaced_while_betting_goes_on => "tda_rp_10_b_a_seventh_street_card_exposed_is_replaced_while_betting_goes_on.toml",
    tda_rp_10_c_a_player_away_at_the_deal_has_his_cards_folded => "tda_rp_10_c_a_player_away_at_the_deal_has_his_cards_folded.toml",
    tda_rp_10_e_the_low_card_all_in_with_the_ante_the_next_player_brings_it_in_or_folds => "tda_rp_10_e_the_low_card_all_in_with_the_ante_the_next_player_brings_it_in_or_folds.toml",
    tda_rp_10_f_a_pair_on_fourth_street_does_not_double_the_bet => "tda_rp_10_f_a_pair_on_fourth_street_does_not_double_the_bet.toml",
    tda_rp_10_h_a_the_three_earlier_burns_make_up_a_short_stub => "tda_rp_10_h_a_the_three_earlier_burns_make_up_a_short_stub.toml",
    tda_rp_10_h_b_a_short_stub_of_three_or_more_gives_a_community_card => "tda_rp_10_h_b_a_short_stub_of_three_or_more_gives_a_community_card.toml",
    tda_rp_10_h_c_fewer_than_three_left_are_shuffled_with_the_burns_for_a_community_card => "tda_rp_10_h_c_fewer_than_three_left_are_shuffled_with_the_burns_for_a_community_card.toml",
    tda_rp_5_d_premature_stud_cards_are_reshuffled_and_the_street_comes_without_a_burn => "tda_rp_5_d_premature_stud_cards_are_reshuffled_and_the_street_comes_without_a_burn.toml",
    tda_rp_10_d_the_bring_in_and_a_tie_showing_go_by_suit => "tda_rp_10_d_the_bring_in_and_a_tie_showing_go_by_suit.toml",
    nob_10_the_card_draw_picks_the_dealer_and_seats_the_table => "nob_10_the_card_draw_picks_the_dealer_and_seats_the_table.toml",
    nob_11_heads_up_the_button_posts_the_small_blind => "nob_11_heads_up_the_button_posts_the_small_blind.toml",
    nob_7_nine_players_on_tables_of_five_and_four => "nob_7_nine_players_on_tables_of_five_and_four.toml",
    nob_7_eleven_players_on_tables_of_six_and_five => "nob_7_eleven_players_on_tables_of_six_and_five.toml",
    nob_7_thirteen_players_three_out_at_one_table_two_at_the_other => "nob_7_thirteen_players_three_out_at_one_table_two_at_the_other.toml",
    nob_7_sixteen_players_wait_until_the_rest_fit_on_one_table => "nob_7_sixteen_players_wait_until_the_rest_fit_on_one_table.toml",
    nob_7_seventeen_players_three_tables_become_two => "nob_7_seventeen_players_three_tables_become_two.toml",
    nob_7_the_final_table_forms_once_two_are_out_at_each_table => "nob_7_the_final_table_forms_once_two_are_out_at_each_table.toml",
    tr_2_a_tables_first_hand_waits_for_the_button_draw => "tr_2_a_tables_first_hand_waits_for_the_button_draw.toml",
    tr_6_an_absent_small_blind_against_a_short_big_blind_is_checked => "tr_6_an_absent_small_blind_against_a_short_big_blind_is_checked.toml",
    plo_1_a_waiting_player_takes_a_seat_that_came_free => "plo_1_a_waiting_player_takes_a_seat_that_came_free.toml",
    plo_2_the_tournament_pauses_while_players_are_moved => "plo_2_the_tournament_pauses_while_players_are_moved.toml",
    plo_3_reserved_tables_bind_and_walk_ins_take_the_seats_left => "plo_3_reserved_tables_bind_and_walk_ins_take_the_seats_left.toml",
    plo_7_a_raise_short_of_the_minimum_is_read_by_the_half_rule => "plo_7_a_raise_short_of_the_minimum_is_read_by_the_half_rule.toml",
    tr_15_a_bet_is_paid_in_the_chips_still_in_play => "tr_15_a_bet_is_paid_in_the_chips_still_in_play.toml",
    tr_16_after_the_chip_race_the_odd_chip_is_the_smallest_chip_in_play => "tr_16_after_the_chip_race_the_odd_chip_is_the_smallest_chip_in_play.toml",
    tr_17_a_move_is_decided_when_due_and_made_when_the_hand_ends => "tr_17_a_move_is_decided_when_due_and_made_when_the_hand_ends.toml",
    tr_17_a_player_moved_into_the_blinds_is_left_out_until_the_button_reaches_him => "tr_17_a_player_moved_into_the_blinds_is_left_out_until_the_button_reaches_him.toml",
    tr_17_a_table_breaks_only_when_a_tables_worth_is_out_and_balancing_moves_the_second_next_big_blind => "tr_17_a_table_breaks_only_when_a_tables_worth_is_out_and_balancing_moves_the_second_next_big_blind.toml",
    tr_17_an_announced_move_is_called_off_when_balancing_no_longer_needs_it => "tr_17_an_announced_move_is_called_off_when_balancing_no_longer_needs_it.toml",
    tr_17_three_out_of_seven_on_tables_of_four_break_a_table => "tr_17_three_out_of_seven_on_tables_of_four_break_a_table.toml",
    tr_20_hidden_chips_are_forfeited => "tr_20_hidden_chips_are_forfeited.toml",
    tr_25_a_table_that_starts_heads_up_gives_the_drawn_button_the_small_blind => "tr_25_a_table_that_starts_heads_up_gives_the_drawn_button_the_small_blind.toml",
    tr_25_heads_up_after_a_bust_the_button_posts_the_small_blind => "tr_25_heads_up_after_a_bust_the_button_posts_the_small_blind.toml",
    tr_26_the_floor_holds_moves_counts_and_busts_by_hand => "tr_26_the_floor_holds_moves_counts_and_busts_by_hand.toml",
    tr_28_a_severe_offence_disqualifies_at_once => "tr_28_a_severe_offence_disqualifies_at_once.toml",
    tr_28_a_time_penalty_folds_the_players_cards => "tr_28_a_time_penalty_folds_the_players_cards.toml",
    tr_28_a_time_penalty_runs_from_the_sanction => "tr_28_a_time_penalty_runs_from_the_sanction.toml",
    tr_3_6_an_all_in_showdown_deals_the_board_out => "tr_3_6_an_all_in_showdown_deals_the_board_out.toml",
    tr_5_a_new_level_starts_with_the_next_hand_and_time_moves_forward => "tr_5_a_new_level_starts_with_the_next_hand_and_time_moves_forward.toml",
    tr_5_the_director_changes_the_levels_to_come_and_adds_a_break => "tr_5_the_director_changes_the_levels_to_come_and_adds_a_break.toml",
    tr_5_the_level_clock_starts_with_the_tournament_and_the_director_pauses_and_adjusts_it => "tr_5_the_level_clock_starts_with_the_tournament_and_the_director_pauses_and_adjusts_it.toml",
    tr_9_a_bust_leaves_a_dead_small_blind_and_the_big_blind_moves_one_on => "tr_9_a_bust_leaves_a_dead_small_blind_and_the_big_blind_moves_one_on.toml",
    house_a_double_rebuy_counts_two_and_the_add_on_is_taken_at_the_break => "house_a_double_rebuy_counts_two_and_the_add_on_is_taken_at_the_break.toml",
    house_a_mystery_envelope_is_drawn_for_a_knock_out_after_the_envelopes_are_filled => "house_a_mystery_envelope_is_drawn_for_a_knock_out_after_the_envelopes_are_filled.toml",
    tda_8a_a_late_entry_fills_the_short_table_that_paused_the_tournament => "tda_8a_a_late_entry_fills_the_short_table_that_paused_the_tournament.toml",
    house_day_2_seats_two_flights_players_with_their_best_stack_and_places_those_out => "house_day_2_seats_two_flights_players_with_their_best_stack_and_places_those_out.toml",
    tda_8a_a_re_entry_drawn_onto_the_button_waits_and_a_late_entry_after_the_big_blind_plays => "tda_8a_a_re_entry_drawn_onto_the_button_waits_and_a_late_entry_after_the_big_blind_plays.toml",
}
