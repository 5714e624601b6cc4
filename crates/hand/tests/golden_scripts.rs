//! Golden hand scripts, one file per rule in `tests/hands/*.toml`, each test named after the
//! rule it pins. PHH cannot say what a dealer does wrong, so these files say it in the engine's
//! own commands:
//!
//! ```toml
//! rule = "TR-3.1"                      # the rule the hand pins; the hand must cite it,
//! decided_by = "…"                     # unless this says what decides it instead
//! min_bet = 2
//! rules = { irregularities = { … } }   # over `HandRules::no_limit_holdem(min_bet)`
//! setup = { stacks = […], antes = […], blinds = […], carried = 0 }
//! steps = [ { do = "deal_hole", pos = 0, cards = "AcAd" }, … ]
//!
//! [expect]                             # what holds after the last step
//! error = "…"                          # the last step is refused, word for word
//! events = [ { type = "irregularity", kind = "…" }, … ]  # appear in this order (subsets)
//! absent = [ { type = "card_burned", street = "flop" } ]  # match no event
//! board = "2h9dJc"; actor = 2; active = [false, true, true]; bets = […]; stacks = […]
//! legal = { call = 2, raise_to = [4, 100] }; phase = "betting"; shows_next = 0
//! ```
//!
//! A refused step changes nothing: the state after it is checked against the state before.

#[path = "../../../tests/hands/golden.rs"]
#[macro_use]
mod golden;

use std::path::Path;

use floorbook_cards::Card;
use floorbook_hand::{
    Chips, Hand, HandRules, HandSetup, OutOfTurn, Pos, PutIn, Rejection, ShowOrMuck, Turns,
};
use floorbook_rules::Rule;
use serde::Deserialize;
use serde_json::Value;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Script {
    rule: String,
    /// What decides the rule where no event cites it (the order of the set-up, say).
    decided_by: Option<String>,
    min_bet: u64,
    #[serde(default)]
    rules: toml::Table,
    setup: HandSetup,
    steps: Vec<Step>,
    expect: toml::Table,
}

/// One command, as the engine takes it. Cards are written as in PHH (`AcKd`, `??` unknown).
#[derive(Debug, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case", deny_unknown_fields)]
enum Step {
    DealHole {
        pos: Pos,
        cards: String,
    },
    DealBoard {
        cards: String,
    },
    Fold {
        pos: Pos,
    },
    Check {
        pos: Pos,
    },
    CheckOrCall {
        pos: Pos,
    },
    BetOrRaiseTo {
        pos: Pos,
        to: Chips,
    },
    RaiseToAsRead {
        pos: Pos,
        to: Chips,
    },
    RaiseMinimum {
        pos: Pos,
    },
    AllIn {
        pos: Pos,
    },
    PutIn {
        pos: Pos,
        #[serde(flatten)]
        put: PutIn,
    },
    Show {
        pos: Pos,
        cards: Option<String>,
    },
    Muck {
        pos: Pos,
    },
    WinnerShows {
        pos: Pos,
        cards: String,
    },
    ShownAfterHand {
        pos: Pos,
        cards: String,
    },
    HoleCardExposedInDeal {
        pos: Pos,
        card: Card,
    },
    FlopDealtWithoutBurn {
        burn_pick: usize,
        #[serde(default)]
        next: Option<Card>,
    },
    FourCardFlop {
        cards: String,
        burn_pick: usize,
    },
    PrematureBoard {
        cards: String,
    },
    StubScrambled {
        restored: bool,
        mixed_with_muck: bool,
    },
    PlayerExposedCards {
        pos: Pos,
        cards: String,
        one_up_one_pushed: bool,
    },
    ActOutOfTurn {
        pos: Pos,
        action: OutOfTurn,
    },
    DeclareDead {
        pos: Pos,
        rule: Rule,
    },
    CorrectHoleCards {
        pos: Pos,
        cards: String,
        reason: String,
    },
    UnprotectedHandKilled {
        pos: Pos,
    },
    FoldRetrieved {
        pos: Pos,
    },
    ShortCallUnaware {
        pos: Pos,
        amount: Chips,
    },
}

fn cards(s: &str) -> Vec<Option<Card>> {
    s.as_bytes()
        .chunks(2)
        .map(|c| match c {
            b"??" => None,
            _ => Some(
                std::str::from_utf8(c)
                    .expect("ascii")
                    .parse()
                    .expect("a card"),
            ),
        })
        .collect()
}

fn known(s: &str) -> Vec<Card> {
    cards(s)
        .into_iter()
        .map(|c| c.expect("a known card"))
        .collect()
}

fn run(h: &mut Hand, step: &Step) -> Result<(), Rejection> {
    match step {
        Step::DealHole { pos, cards: c } => h.deal_hole(*pos, &cards(c)),
        Step::DealBoard { cards: c } => h.deal_board(&known(c)),
        Step::Fold { pos } => h.fold(*pos),
        Step::Check { pos } => h.check(*pos),
        Step::CheckOrCall { pos } => h.check_or_call(*pos),
        Step::BetOrRaiseTo { pos, to } => h.bet_or_raise_to(*pos, *to),
        Step::RaiseToAsRead { pos, to } => h.raise_to_as_read(*pos, *to).map(|_| ()),
        Step::RaiseMinimum { pos } => h.raise_minimum(*pos).map(|_| ()),
        Step::AllIn { pos } => h.all_in(*pos),
        Step::PutIn { pos, put } => h.put_in(*pos, *put).map(|_| ()),
        Step::Show { pos, cards: None } => h.show_or_muck(*pos, ShowOrMuck::ShowDealt),
        Step::Show {
            pos,
            cards: Some(c),
        } => h.show_or_muck(*pos, ShowOrMuck::Show(cards(c))),
        Step::Muck { pos } => h.show_or_muck(*pos, ShowOrMuck::Muck),
        Step::WinnerShows { pos, cards: c } => h.winner_shows(*pos, known(c)),
        Step::ShownAfterHand { pos, cards: c } => h.shown_after_hand(*pos, known(c)),
        Step::HoleCardExposedInDeal { pos, card } => h.hole_card_exposed_in_deal(*pos, *card),
        Step::FlopDealtWithoutBurn { burn_pick, next } => {
            h.flop_dealt_without_burn(*burn_pick, *next)
        }
        Step::FourCardFlop {
            cards: c,
            burn_pick,
        } => {
            let c: [Card; 4] = known(c).try_into().expect("four cards");
            h.four_card_flop(c, *burn_pick)
        }
        Step::PrematureBoard { cards: c } => h.premature_board(known(c)),
        Step::StubScrambled {
            restored,
            mixed_with_muck,
        } => h.stub_scrambled(*restored, *mixed_with_muck),
        Step::PlayerExposedCards {
            pos,
            cards: c,
            one_up_one_pushed,
        } => h.player_exposed_cards(*pos, known(c), *one_up_one_pushed),
        Step::ActOutOfTurn { pos, action } => h.act_out_of_turn(*pos, *action),
        Step::DeclareDead { pos, rule } => h.declare_dead(*pos, *rule),
        Step::UnprotectedHandKilled { pos } => h.unprotected_hand_killed(*pos),
        Step::FoldRetrieved { pos } => h.fold_retrieved(*pos),
        Step::ShortCallUnaware { pos, amount } => h.short_call_unaware(*pos, *amount),
        Step::CorrectHoleCards {
            pos,
            cards: c,
            reason,
        } => h.correct_hole_cards(*pos, known(c), reason.clone()),
    }
}

/// `want` is `have` or a part of it: every key of an object, recursively; lists whole.
fn contains(have: &Value, want: &Value) -> bool {
    match (have, want) {
        (Value::Object(h), Value::Object(w)) => w
            .iter()
            .all(|(k, v)| h.get(k).is_some_and(|hv| contains(hv, v))),
        (Value::Number(h), Value::Number(w)) => h.as_f64() == w.as_f64(),
        _ => have == want,
    }
}

fn json(v: &toml::Value) -> Value {
    serde_json::to_value(v).expect("toml to json")
}

fn play(path: &Path) {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("?");
    let text = std::fs::read_to_string(path).expect("read the script");
    let script: Script = toml::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    let rule =
        Rule::from_id(&script.rule).unwrap_or_else(|| panic!("{name}: no rule {}", script.rule));
    // The file is named after its rule.
    let stem = rule.id().to_lowercase().replace(['-', '.'], "_");
    assert!(name.starts_with(&format!("{stem}_")), "{name} pins {rule}");
    let mut rules = serde_json::to_value(HandRules::no_limit_holdem(Chips(script.min_bet)))
        .expect("rules as json");
    for (k, v) in &script.rules {
        rules[k] = json(v);
    }
    let rules: HandRules = serde_json::from_value(rules).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut h = Hand::new(rules, script.setup).unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut refused = None;
    for (i, step) in script.steps.iter().enumerate() {
        let before = h.clone();
        match run(&mut h, step) {
            Ok(()) => assert!(
                refused.is_none(),
                "{name}: only the last step may be refused"
            ),
            Err(e) => {
                assert_eq!(h, before, "{name}: a refused step changed the hand");
                assert_eq!(
                    i + 1,
                    script.steps.len(),
                    "{name}: step {} refused: {e}",
                    i + 1
                );
                refused = Some(e);
            }
        }
    }
    let cited = refused.as_ref().is_some_and(|e| e.rules().contains(&rule))
        || h.events().iter().any(|e| {
            serde_json::to_value(e)
                .ok()
                .and_then(|v| v.get("rules").cloned())
                .and_then(|r| r.as_array().cloned())
                .is_some_and(|r| r.iter().any(|id| id == rule.id()))
        });
    match &script.decided_by {
        None => assert!(cited, "{name}: nothing cites {rule}"),
        Some(by) => {
            assert!(!by.trim().is_empty(), "{name}: decided_by says nothing");
            // Where the decision is the tournament engine's, the script that pins it there is
            // named and must exist.
            for word in by.split_whitespace() {
                if let Some(file) = word
                    .trim_matches(|c| c == ',' || c == ';' || c == ')' || c == '(')
                    .strip_prefix("tests/tournaments/")
                {
                    let path = golden::dir().join("../tournaments").join(file);
                    assert!(
                        path.is_file(),
                        "{name}: decided_by names {word}, which is not there"
                    );
                }
            }
        }
    }
    let mut checked = 0;
    for (key, want) in &script.expect {
        checked += 1;
        let want = json(want);
        let have: Value = match key.as_str() {
            "error" => {
                let e = refused
                    .as_ref()
                    .unwrap_or_else(|| panic!("{name}: expected a refusal"));
                Value::String(e.to_string())
            }
            "events" => {
                let events: Vec<Value> = h
                    .events()
                    .iter()
                    .map(|e| serde_json::to_value(e).expect("event"))
                    .collect();
                let mut at = 0;
                for w in want.as_array().expect("events is a list") {
                    match events[at..].iter().position(|e| contains(e, w)) {
                        Some(k) => at += k + 1,
                        None => panic!("{name}: no event {w} in order in {events:#?}"),
                    }
                }
                continue;
            }
            "absent" => {
                for w in want.as_array().expect("absent is a list") {
                    let found = h
                        .events()
                        .iter()
                        .map(|e| serde_json::to_value(e).expect("event"))
                        .find(|e| contains(e, w));
                    assert!(found.is_none(), "{name}: {w} should not happen: {found:?}");
                }
                continue;
            }
            "board" => json(&toml::Value::String(
                h.board().iter().map(|c| c.to_string()).collect(),
            )),
            "actor" => serde_json::to_value(h.actor()).expect("json"),
            "shows_next" => serde_json::to_value(h.showdown_next()).expect("json"),
            "phase" => serde_json::to_value(h.phase()).expect("json"),
            "active" => Value::Array(
                (0..h.players())
                    .map(|p| Value::Bool(h.is_active(Pos(p))))
                    .collect(),
            ),
            "bets" => serde_json::to_value(h.bets()).expect("json"),
            "stacks" => serde_json::to_value(h.stacks()).expect("json"),
            "carried" => serde_json::to_value(h.carry_out()).expect("json"),
            "legal" => serde_json::to_value(h.legal()).expect("json"),
            other => panic!("{name}: unknown expectation {other}"),
        };
        assert!(
            contains(&have, &want),
            "{name}: {key} is {have}, not {want}"
        );
    }
    assert!(checked > 0, "{name} states no expectation");
}

golden! {
    play, "toml";
    gcb_2_raise_alone_is_a_minimum_raise =>
        "gcb_2_raise_alone_is_a_minimum_raise.toml",
    gcb_3_a_held_bet_stays_binding_when_a_skipped_player_bets_less =>
        "gcb_3_a_held_bet_stays_binding_when_a_skipped_player_bets_less.toml",
    gcb_3_a_short_call_unaware_of_a_raise_is_taken_back =>
        "gcb_3_a_short_call_unaware_of_a_raise_is_taken_back.toml",
    gcb_3_an_out_of_turn_action_may_be_withdrawn_when_a_skipped_player_raises =>
        "gcb_3_an_out_of_turn_action_may_be_withdrawn_when_a_skipped_player_raises.toml",
    gcb_3_an_out_of_turn_action_stands_when_nothing_changed =>
        "gcb_3_an_out_of_turn_action_stands_when_nothing_changed.toml",
    gcb_4_a_single_chip_over_ones_own_blind_is_a_raise =>
        "gcb_4_a_single_chip_over_ones_own_blind_is_a_raise.toml",
    gcb_6_a_missed_small_blind_is_posted_dead =>
        "gcb_6_a_missed_small_blind_is_posted_dead.toml",
    gcb_8_a_fold_cannot_be_taken_back_once_the_action_moved_on =>
        "gcb_8_a_fold_cannot_be_taken_back_once_the_action_moved_on.toml",
    gcb_8_a_fold_on_false_information_gets_its_cards_back =>
        "gcb_8_a_fold_on_false_information_gets_its_cards_back.toml",
    gcb_8_early_exposure_plays_on_but_one_up_one_pushed_folds =>
        "gcb_8_early_exposure_plays_on_but_one_up_one_pushed_folds.toml",
    nob_11_heads_up_the_button_is_the_small_blind_and_acts_first_before_the_flop =>
        "nob_11_heads_up_the_button_is_the_small_blind_and_acts_first_before_the_flop.toml",
    nob_12_an_incomplete_all_in_is_not_a_raise_of_the_cap =>
        "nob_12_an_incomplete_all_in_is_not_a_raise_of_the_cap.toml",
    nob_13_a_short_big_blind_is_still_called_in_full =>
        "nob_13_a_short_big_blind_is_still_called_in_full.toml",
    nob_13_the_big_blind_has_the_option =>
        "nob_13_the_big_blind_has_the_option.toml",
    nob_13_the_big_blind_must_be_called_before_the_flop =>
        "nob_13_the_big_blind_must_be_called_before_the_flop.toml",
    nob_14_a_check_is_refused_when_a_bet_is_due =>
        "nob_14_a_check_is_refused_when_a_bet_is_due.toml",
    plo_7_at_least_half_the_minimum_raise_is_completed_to_the_minimum =>
        "plo_7_at_least_half_the_minimum_raise_is_completed_to_the_minimum.toml",
    plo_7_below_half_the_minimum_raise_is_a_call_and_the_excess_goes_back =>
        "plo_7_below_half_the_minimum_raise_is_a_call_and_the_excess_goes_back.toml",
    plo_9_a_declared_amount_with_an_oversized_chip_gets_change =>
        "plo_9_a_declared_amount_with_an_oversized_chip_gets_change.toml",
    tda_39a_a_four_card_flop_gives_a_burn_and_three_cards =>
        "tda_39a_a_four_card_flop_gives_a_burn_and_three_cards.toml",
    tda_39b_a_flop_without_burn_before_any_action_is_redone =>
        "tda_39b_a_flop_without_burn_before_any_action_is_redone.toml",
    tda_39b_after_any_action_the_flop_stands =>
        "tda_39b_after_any_action_the_flop_stands.toml",
    tda_rp_5_a_premature_card_means_no_new_burn =>
        "tda_rp_5_a_premature_card_means_no_new_burn.toml",
    tr_11_a_card_dealt_face_down_is_no_card_seen_elsewhere =>
        "tr_11_a_card_dealt_face_down_is_no_card_seen_elsewhere.toml",
    tr_11_a_show_opens_both_cards =>
        "tr_11_a_show_opens_both_cards.toml",
    tr_11_heads_up_with_no_bet_on_the_river_the_big_blind_shows_first =>
        "tr_11_heads_up_with_no_bet_on_the_river_the_big_blind_shows_first.toml",
    tr_11_the_cards_shown_are_the_cards_dealt =>
        "tr_11_the_cards_shown_are_the_cards_dealt.toml",
    tr_11_with_no_bet_on_the_river_the_first_player_left_of_the_button_shows_first =>
        "tr_11_with_no_bet_on_the_river_the_first_player_left_of_the_button_shows_first.toml",
    tr_21_an_out_of_turn_call_is_binding_even_when_the_action_changes =>
        "tr_21_an_out_of_turn_call_is_binding_even_when_the_action_changes.toml",
    tr_22_a_called_raise_is_lost_with_the_killed_hand =>
        "tr_22_a_called_raise_is_lost_with_the_killed_hand.toml",
    tr_22_an_unprotected_hand_killed_gets_back_only_an_uncalled_raise =>
        "tr_22_an_unprotected_hand_killed_gets_back_only_an_uncalled_raise.toml",
    tr_23_an_oversized_chip_facing_a_bet_is_a_call =>
        "tr_23_an_oversized_chip_facing_a_bet_is_a_call.toml",
    tr_26_the_floor_corrects_a_recorded_hole_card =>
        "tr_26_the_floor_corrects_a_recorded_hole_card.toml",
    tr_3_2_a_forgotten_burn_lets_the_hand_go_on =>
        "tr_3_2_a_forgotten_burn_lets_the_hand_go_on.toml",
    tr_3_3_a_premature_card_is_no_players_card =>
        "tr_3_3_a_premature_card_is_no_players_card.toml",
    tr_3_3_a_premature_flop_is_reshuffled_and_dealt_again =>
        "tr_3_3_a_premature_flop_is_reshuffled_and_dealt_again.toml",
    tr_3_4_a_player_opening_his_own_cards_has_folded =>
        "tr_3_4_a_player_opening_his_own_cards_has_folded.toml",
    tr_3_5_folded_cards_shown_after_the_hand_are_for_everyone =>
        "tr_3_5_folded_cards_shown_after_the_hand_are_for_everyone.toml",
    tr_3_6_an_all_in_showdown_turns_every_hand_up =>
        "tr_3_6_an_all_in_showdown_turns_every_hand_up.toml",
    tr_3_6_when_everyone_else_mucks_the_last_live_hand_wins_unseen =>
        "tr_3_6_when_everyone_else_mucks_the_last_live_hand_wins_unseen.toml",
    tr_3_8_a_hand_shown_to_one_player_is_shown_to_all =>
        "tr_3_8_a_hand_shown_to_one_player_is_shown_to_all.toml",
    tr_8_an_incomplete_all_in_before_the_flop_does_not_reopen_the_betting =>
        "tr_8_an_incomplete_all_in_before_the_flop_does_not_reopen_the_betting.toml",
    tr_8_the_big_blind_may_still_raise_an_incomplete_all_in =>
        "tr_8_the_big_blind_may_still_raise_an_incomplete_all_in.toml",
    tr_9_a_lone_big_blind_under_the_dead_button =>
        "tr_9_a_lone_big_blind_under_the_dead_button.toml",
}
