//! Irregularities and their remedies, one test per rule.

use floorbook_cards::Card;
use floorbook_hand::{
    Chips, Hand, HandEvent, HandRules, HandSetup, IrregularityKind, IrregularityRules, MissingBurn,
    OutOfTurn, OutOfTurnRule, OwnExposure, Phase, Pos, PrematureBoard, ShowOrMuck, Street,
};
use floorbook_rules::Rule;

fn card(s: &str) -> Card {
    s.parse().expect("card")
}

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace().map(card).collect()
}

fn hand(irregularities: IrregularityRules) -> Hand {
    let rules = HandRules {
        irregularities,
        ..HandRules::no_limit_holdem(Chips(2))
    };
    let setup = HandSetup {
        stacks: vec![Chips(100); 3],
        antes: vec![Chips(0); 3],
        blinds: vec![Chips(1), Chips(2), Chips(0)],
        carried: Chips(0),
        dead_blinds: Vec::new(),
        first_to_act: None,
    };
    Hand::new(rules, setup).expect("hand")
}

fn dealt(irregularities: IrregularityRules) -> Hand {
    let mut h = hand(irregularities);
    for (p, c) in ["AcAd", "KcKd", "QcQd"].iter().enumerate() {
        let cs: Vec<Option<Card>> = [&c[..2], &c[2..]].iter().map(|s| Some(card(s))).collect();
        h.deal_hole(Pos(p), &cs).expect("deal");
    }
    h
}

fn to_flop(h: &mut Hand) {
    h.check_or_call(Pos(2)).expect("call");
    h.check_or_call(Pos(0)).expect("call");
    h.check_or_call(Pos(1)).expect("check");
}

fn irregularities(h: &Hand) -> Vec<(IrregularityKind, Vec<Rule>, String)> {
    h.events()
        .iter()
        .filter_map(|e| match e {
            HandEvent::Irregularity {
                kind,
                rules,
                remedy,
                ..
            } => Some((*kind, rules.iter().collect(), remedy.clone())),
            _ => None,
        })
        .collect()
}

#[test]
fn tr_3_1_a_hole_card_exposed_in_the_deal_becomes_the_flop_burn() {
    let mut h = hand(IrregularityRules::default());
    h.deal_hole(Pos(0), &[Some(card("Ah"))]).expect("deal");
    h.hole_card_exposed_in_deal(Pos(0), card("Ah"))
        .expect("remedy");
    // Everyone else is dealt first; the player's replacement comes last.
    let mut order = Vec::new();
    let deck = cards("2c 3c 4c 5c 6c 7c");
    let mut next = deck.iter();
    while h.phase() == Phase::HoleDealing {
        let p = h.hole_dealee().expect("dealee");
        order.push(p.0);
        h.deal_hole(p, &[next.next().copied()]).expect("deal");
    }
    assert_eq!(
        order.last(),
        Some(&0),
        "the replacement is dealt last: {order:?}"
    );
    to_flop(&mut h);
    let burn = h.events().iter().find_map(|e| match e {
        HandEvent::CardBurned {
            street: Street::Flop,
            card,
            rules,
        } => Some((*card, rules.contains(Rule::Tr31))),
        _ => None,
    });
    assert_eq!(burn, Some((Some(card("Ah")), true)));
}

#[test]
fn tda_39b_a_flop_without_burn_before_any_action_is_redone() {
    let mut h = dealt(IrregularityRules::default());
    to_flop(&mut h);
    h.deal_board(&cards("2h 7s 9d")).expect("flop");
    h.flop_dealt_without_burn(1, Some(card("Jc")))
        .expect("remedy");
    assert_eq!(
        h.board(),
        cards("2h 9d Jc").as_slice(),
        "7s was burned, Jc completes the flop"
    );
    let (kind, rules, _) = irregularities(&h).pop().expect("recorded");
    assert_eq!(
        (kind, rules),
        (IrregularityKind::FlopWithoutBurn, vec![Rule::Tda39b])
    );
}

#[test]
fn tda_39b_after_any_action_the_flop_stands() {
    let mut h = dealt(IrregularityRules::default());
    to_flop(&mut h);
    h.deal_board(&cards("2h 7s 9d")).expect("flop");
    h.check_or_call(Pos(0)).expect("check");
    h.flop_dealt_without_burn(1, Some(card("Jc")))
        .expect("remedy");
    assert_eq!(h.board(), cards("2h 7s 9d").as_slice());
    // TDA-39B: an action took place, so the three cards stand (the board above) and the rule
    // that decided it is named.
    assert!(irregularities(&h)[0].1.contains(&Rule::Tda39b));
}

#[test]
fn tr_3_2_a_forgotten_burn_lets_the_hand_go_on() {
    let rules = IrregularityRules {
        missing_burn: MissingBurn::GoesOn,
        ..Default::default()
    };
    let mut h = dealt(rules);
    to_flop(&mut h);
    h.deal_board(&cards("2h 7s 9d")).expect("flop");
    h.flop_dealt_without_burn(1, Some(card("Jc")))
        .expect("remedy");
    assert_eq!(h.board(), cards("2h 7s 9d").as_slice());
    assert_eq!(irregularities(&h)[0].1, vec![Rule::Tr32]);
}

#[test]
fn tda_39a_a_four_card_flop_gives_a_burn_and_three_cards() {
    let mut h = dealt(IrregularityRules::default());
    to_flop(&mut h);
    h.four_card_flop([card("2h"), card("7s"), card("9d"), card("Jc")], 2)
        .expect("remedy");
    assert_eq!(h.board(), cards("2h 7s Jc").as_slice());
    assert_eq!(h.phase(), Phase::Betting);
    let (kind, rules, _) = irregularities(&h).pop().expect("recorded");
    assert_eq!(
        (kind, rules),
        (IrregularityKind::FourCardFlop, vec![Rule::Tda39a])
    );
    // The chosen card is the next burn.
    for p in [0, 1, 2] {
        h.check_or_call(Pos(p)).expect("check");
    }
    let turn_burn = turn_burn(&h);
    assert_eq!(turn_burn, Some(Some(card("9d"))));
}

#[test]
fn tda_rp_5_a_premature_card_means_no_new_burn() {
    let mut h = dealt(IrregularityRules::default());
    h.premature_board(cards("5s 6s 7s")).expect("remedy");
    to_flop(&mut h);
    assert!(
        h.board().is_empty(),
        "premature cards never reach the board"
    );
    assert!(!h.events().iter().any(|e| matches!(
        e,
        HandEvent::CardBurned {
            street: Street::Flop,
            ..
        }
    )));
    assert!(irregularities(&h)[0].1.contains(&Rule::TdaRp5));
}

#[test]
fn tr_3_3_a_premature_flop_is_reshuffled_and_dealt_again() {
    let rules = IrregularityRules {
        premature_board: PrematureBoard::Tr33,
        ..Default::default()
    };
    let mut h = dealt(rules);
    h.premature_board(cards("5s 6s 7s")).expect("remedy");
    to_flop(&mut h);
    assert!(h.events().iter().any(|e| matches!(
        e,
        HandEvent::CardBurned {
            street: Street::Flop,
            ..
        }
    )));
    assert!(irregularities(&h)[0].1.contains(&Rule::Tr33));
}

#[test]
fn tda_rp_4_a_scrambled_stub_names_its_remedy() {
    // TDA-RP-4 has three remedies (restored; a new stub from the stub alone; everything
    // reshuffled when mixed with the muck), each reshuffle face down (TDA-39D). The hand itself
    // goes on as it stood: same actor, bets and stacks.
    let mut remedies = Vec::new();
    for (restored, mixed) in [(true, false), (false, false), (false, true)] {
        let mut h = dealt(IrregularityRules::default());
        let before = (h.actor(), h.bets().to_vec(), h.stacks().to_vec(), h.phase());
        h.stub_scrambled(restored, mixed).expect("remedy");
        let (kind, rules, remedy) = irregularities(&h).pop().expect("recorded");
        assert_eq!(kind, IrregularityKind::StubScrambled);
        assert!(
            rules.contains(&Rule::TdaRp4) && rules.contains(&Rule::Tda39d),
            "{rules:?}"
        );
        assert_eq!(
            before,
            (h.actor(), h.bets().to_vec(), h.stacks().to_vec(), h.phase())
        );
        remedies.push(remedy);
    }
    remedies.sort();
    remedies.dedup();
    assert_eq!(remedies.len(), 3, "three distinct remedies: {remedies:?}");
}

#[test]
fn tr_3_4_a_player_opening_his_own_cards_has_folded() {
    let mut h = dealt(IrregularityRules::default());
    // Position 0 shows his aces while position 2 is to act.
    h.player_exposed_cards(Pos(0), cards("Ac Ad"), false)
        .expect("remedy");
    assert!(!h.is_active(Pos(0)));
    assert_eq!(h.actor(), Some(Pos(2)));
}

#[test]
fn gcb_8_early_exposure_plays_on_but_one_up_one_pushed_folds() {
    let rules = IrregularityRules {
        own_exposure: OwnExposure::PlayOn,
        ..Default::default()
    };
    let mut h = dealt(rules);
    h.player_exposed_cards(Pos(0), cards("Ac"), false)
        .expect("remedy");
    assert!(h.is_active(Pos(0)), "plays on, warning after the hand");
    h.player_exposed_cards(Pos(1), cards("Kc"), true)
        .expect("remedy");
    assert!(!h.is_active(Pos(1)));
    assert!(
        irregularities(&h)
            .iter()
            .all(|(_, r, _)| r == &vec![Rule::Gcb8])
    );
}

#[test]
fn tr_21_an_out_of_turn_call_is_binding_even_when_the_action_changes() {
    let rules = IrregularityRules {
        out_of_turn: OutOfTurnRule::Binding,
        ..Default::default()
    };
    let mut h = dealt(rules);
    h.act_out_of_turn(Pos(0), OutOfTurn::Call).expect("held");
    h.bet_or_raise_to(Pos(2), Chips(10)).expect("raise");
    // Position 0's held call is applied at his turn: he calls the raise.
    assert_eq!(h.bets()[0], Chips(10));
    assert_eq!(h.actor(), Some(Pos(1)));
}

#[test]
fn gcb_3_an_out_of_turn_action_may_be_withdrawn_when_a_skipped_player_raises() {
    let mut h = dealt(IrregularityRules::default());
    h.act_out_of_turn(Pos(0), OutOfTurn::Call).expect("held");
    h.bet_or_raise_to(Pos(2), Chips(10)).expect("raise");
    assert_eq!(
        h.actor(),
        Some(Pos(0)),
        "withdrawn: position 0 decides again"
    );
    assert_eq!(h.bets()[0], Chips(1));
    let resolved = h.events().iter().find_map(|e| match e {
        HandEvent::OutOfTurnResolved { applied, rules, .. } => {
            Some((*applied, rules.contains(Rule::Gcb3)))
        }
        _ => None,
    });
    assert_eq!(resolved, Some((false, true)));
}

#[test]
fn gcb_3_an_out_of_turn_action_stands_when_nothing_changed() {
    let mut h = dealt(IrregularityRules::default());
    h.act_out_of_turn(Pos(0), OutOfTurn::Fold).expect("held");
    h.check_or_call(Pos(2)).expect("call");
    assert!(!h.is_active(Pos(0)));
    assert_eq!(h.actor(), Some(Pos(1)));
}

#[test]
fn tda_39a_with_everyone_all_in_the_chosen_card_burns_for_the_turn() {
    // Found by re-deriving a 3,000-player tournament: when nobody can bet, the flop runs
    // straight on to the turn, and the turn's burn must already be the chosen card.
    let mut h = dealt(IrregularityRules::default());
    let a = h.actor().expect("actor");
    h.all_in(a).expect("all in");
    while h.phase() == Phase::Betting {
        let a = h.actor().expect("actor");
        h.check_or_call(a).expect("call");
    }
    // All-in: the hands are turned up before the board runs out (TR-3.6).
    while let Some(p) = h.showdown_next() {
        h.show_or_muck(p, ShowOrMuck::ShowDealt).expect("show");
    }
    assert_eq!(h.phase(), Phase::BoardDealing);
    h.four_card_flop([card("2h"), card("7s"), card("9d"), card("Jc")], 2)
        .expect("remedy");
    let kinds: Vec<&HandEvent> = h
        .events()
        .iter()
        .skip_while(|e| !matches!(e, HandEvent::Irregularity { .. }))
        .collect();
    // The remedy first, then the flop, then the turn's burn: the chosen card.
    assert!(
        matches!(kinds[1], HandEvent::BoardDealt { .. }),
        "{kinds:?}"
    );
    let turn_burn = turn_burn(&h);
    assert_eq!(turn_burn, Some(Some(card("9d"))));
    // The chosen card cannot come out again.
    let before = h.clone();
    assert!(h.deal_board(&[card("9d")]).is_err());
    assert_eq!(h, before);
}

/// The card burned before the turn, as recorded.
fn turn_burn(h: &Hand) -> Option<Option<Card>> {
    h.events().iter().find_map(|e| match e {
        HandEvent::CardBurned {
            street: Street::Turn,
            card,
            ..
        } => Some(*card),
        _ => None,
    })
}
