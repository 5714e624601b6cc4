//! Golden hands, one file per rule in `tests/hands/`, each named after the rule it pins.
//! A file is PHH plus expectations in PHH's user-defined (`_`) fields:
//! `_expect_finishing_stacks`, `_expect_error` (the rejection, word for word),
//! `_expect_carried` (NOB-3), `_expect_showdown_order` (positions), `_expect_actor` (who acts
//! after the last action, `pN`); and profile settings `_odd_chip` and `_raise_cap`. The rule in
//! the file's name must decide an event or the refusal, or `_decided_by` says what decides it.
//! A new case is a new file.

#[path = "../../../tests/hands/golden.rs"]
#[macro_use]
mod golden;

use floorbook_hand::{Chips, HandEvent, OddChip};
use floorbook_phh::{ReplayError, parse_phh, replay_with};

fn check(path: &std::path::Path) {
    let text = std::fs::read_to_string(path).expect("read");
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    let fields: toml::Table = toml::from_str(&text).expect("toml");
    let phh = parse_phh(&text).expect("parses as PHH");
    let odd_chip = fields
        .get("_odd_chip")
        .and_then(|v| v.as_str())
        .map(|s| match s {
            "left_of_button" => OddChip::LeftOfButton,
            "carry_to_next_hand" => OddChip::CarryToNextHand,
            other => panic!("{name}: unknown _odd_chip {other}"),
        });
    let cap = fields.get("_raise_cap").and_then(|v| v.as_integer());
    let result = replay_with(&phh, |rules| {
        if let Some(o) = odd_chip {
            rules.odd_chip = o;
        }
        if let Some(c) = cap {
            rules.raise_cap = Some(c as u32);
        }
    });
    let mut expectations = 0;
    if let Some(expected) = fields.get("_expect_error").and_then(|v| v.as_str()) {
        expectations += 1;
        match &result {
            // As `floorbook phh replay` says it: the action, then the rule (PHH's player names).
            Err(e @ ReplayError::Rejected { index, action, .. }) => {
                assert_eq!(
                    e.to_string(),
                    format!("action {index} {action:?}: {expected}"),
                    "{name}"
                )
            }
            other => panic!("{name}: expected the rejection {expected:?}, got {other:?}"),
        }
    }
    if let Some(expected) = fields
        .get("_expect_finishing_stacks")
        .and_then(|v| v.as_array())
    {
        expectations += 1;
        let expected: Vec<u64> = expected
            .iter()
            .filter_map(|v| v.as_integer())
            .map(|v| v as u64)
            .collect();
        let r = result.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.finishing_stacks, expected, "{name}");
    }
    if let Some(expected) = fields.get("_expect_carried").and_then(|v| v.as_integer()) {
        expectations += 1;
        let r = result.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(r.hand.carry_out(), Chips(expected as u64), "{name}");
    }
    if let Some(expected) = fields
        .get("_expect_showdown_order")
        .and_then(|v| v.as_array())
    {
        expectations += 1;
        let expected: Vec<usize> = expected
            .iter()
            .filter_map(|v| v.as_integer())
            .map(|v| v as usize)
            .collect();
        let r = result.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
        let order = r
            .hand
            .events()
            .iter()
            .find_map(|e| match e {
                HandEvent::ShowdownBegan { order, .. } => {
                    Some(order.iter().map(|p| p.0).collect::<Vec<_>>())
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("{name}: no showdown"));
        assert_eq!(order, expected, "{name}");
    }
    if let Some(expected) = fields.get("_expect_actor").and_then(|v| v.as_str()) {
        expectations += 1;
        let r = result.as_ref().unwrap_or_else(|e| panic!("{name}: {e}"));
        let actor = r.hand.actor().map(|p| format!("p{}", p.0 + 1));
        assert_eq!(
            actor.as_deref(),
            Some(expected),
            "{name}: the player to act"
        );
    }
    assert!(expectations > 0, "{name} states no expectation");
    // The hand proves its rule: the rule in the file's name decides an event or the refusal,
    // or `_decided_by` says what decides it instead.
    let stem = name.trim_end_matches(".phh");
    let rule = floorbook_rules::ALL
        .iter()
        .filter(|r| {
            let prefix = r.id().to_lowercase().replace(['-', '.'], "_");
            stem.starts_with(&format!("{prefix}_"))
        })
        .max_by_key(|r| r.id().len());
    let cited: Vec<floorbook_rules::Rule> = match &result {
        Err(ReplayError::Rejected { rejection, .. }) => rejection.rules(),
        Ok(r) => r
            .hand
            .events()
            .iter()
            .flat_map(|e| e.rules().iter().collect::<Vec<_>>())
            .collect(),
        Err(_) => Vec::new(),
    };
    match (rule, fields.get("_decided_by").and_then(|v| v.as_str())) {
        (_, Some(by)) => assert!(!by.trim().is_empty(), "{name}: _decided_by says nothing"),
        (Some(rule), None) => assert!(
            cited.contains(rule),
            "{name}: nothing cites {} (cited: {cited:?})",
            rule.id()
        ),
        (None, None) => panic!("{name}: no rule in the name and no _decided_by"),
    }
}

golden! {
    check, "phh";
    gcb_5_the_straddle_acts_last_before_the_flop =>
        "gcb_5_the_straddle_acts_last_before_the_flop.phh",
    nob_12_at_most_three_raises_after_the_first =>
        "nob_12_at_most_three_raises_after_the_first.phh",
    nob_15_a_player_wins_from_each_opponent_at_most_what_he_put_in =>
        "nob_15_a_player_wins_from_each_opponent_at_most_what_he_put_in.phh",
    nob_3_an_indivisible_remainder_stays_in_the_pot =>
        "nob_3_an_indivisible_remainder_stays_in_the_pot.phh",
    phh_a_hand_kept_face_down_is_judged_on_the_board =>
        "phh_a_hand_kept_face_down_is_judged_on_the_board.phh",
    plo_8_a_pot_limit_raise_is_at_most_the_pot_after_the_call =>
        "plo_8_a_pot_limit_raise_is_at_most_the_pot_after_the_call.phh",
    tr_10_a_blind_larger_than_the_stack_puts_the_player_all_in =>
        "tr_10_a_blind_larger_than_the_stack_puts_the_player_all_in.phh",
    tr_11_the_last_aggressor_shows_first =>
        "tr_11_the_last_aggressor_shows_first.phh",
    tr_3_7_the_winner_nobody_called_may_show_his_whole_hand =>
        "tr_3_7_the_winner_nobody_called_may_show_his_whole_hand.phh",
    tr_3_7_the_winner_nobody_called_may_not_show_a_part_of_his_hand =>
        "tr_3_7_the_winner_nobody_called_may_not_show_a_part_of_his_hand.phh",
    tr_3_7_the_winner_nobody_called_has_nothing_to_muck =>
        "tr_3_7_the_winner_nobody_called_has_nothing_to_muck.phh",
    tr_3_7_the_winner_nobody_called_shows_no_unknown_cards =>
        "tr_3_7_the_winner_nobody_called_shows_no_unknown_cards.phh",
    tr_16_the_odd_chip_goes_to_the_first_winner_left_of_the_button =>
        "tr_16_the_odd_chip_goes_to_the_first_winner_left_of_the_button.phh",
    tr_25_heads_up_order_after_the_flop =>
        "tr_25_heads_up_order_after_the_flop.phh",
    tr_25_heads_up_the_button_posts_the_small_blind_and_acts_first =>
        "tr_25_heads_up_the_button_posts_the_small_blind_and_acts_first.phh",
    tr_8_a_raise_is_at_least_the_previous_raise =>
        "tr_8_a_raise_is_at_least_the_previous_raise.phh",
    tr_8_a_short_all_in_does_not_reopen_the_betting =>
        "tr_8_a_short_all_in_does_not_reopen_the_betting.phh",
}
