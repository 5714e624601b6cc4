//! Irregularities and their remedies, one test per rule.

use floorbook_cards::Card;
use floorbook_hand::{
    Chips, Hand, HandEvent, HandRules, HandSetup, IrregularityKind, IrregularityRules, OutOfTurn,
    Phase, Pos, Rejection, ShowOrMuck, Street, Turns,
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
        absent: Vec::new(),
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
        let p = h.dealee().expect("dealee");
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

/// TR-21: an action out of turn is one by a player still to act, before his turn. The player
/// to act himself, one who folded and a seat not in the hand are each refused by what they
/// are, and a refusal changes nothing.
#[test]
fn tr_21_an_action_out_of_turn_names_a_player_still_to_act() {
    let mut h = dealt(IrregularityRules::default());
    let before = h.clone();
    assert_eq!(
        h.act_out_of_turn(Pos(2), OutOfTurn::Call),
        Err(Rejection::OwnTurn { pos: Pos(2) })
    );
    assert_eq!(
        h.act_out_of_turn(Pos(7), OutOfTurn::Call),
        Err(Rejection::NotInHand { pos: Pos(7) })
    );
    assert_eq!(h, before, "refused: nothing changed");
    h.fold(Pos(2)).expect("the button folds");
    let folded = h.clone();
    let refused = h.act_out_of_turn(Pos(2), OutOfTurn::RaiseTo { to: Chips(10) });
    assert_eq!(refused, Err(Rejection::NoTurnToCome { pos: Pos(2) }));
    assert_eq!(
        refused.map_err(|r| r.rules()),
        Err(vec![Rule::Tr21]),
        "the rule that decides it"
    );
    assert_eq!(h, folded);
    // The big blind, still to act after the small blind: held.
    h.act_out_of_turn(Pos(1), OutOfTurn::Check).expect("held");
}
