//! One tap for many players' actions: "folds to" and "checked around" record each player's
//! own action, exactly as one tap each would, and refuse (changing nothing) what cannot be done
//! as said.

use floorbook_hand::{Chips, Hand, HandCommand, HandRules, HandSetup, Phase, Pos, Rejection};

/// An eight-handed no-limit hand, 10/20 blinds (positions 0 and 1), dealt.
fn eight_handed() -> Hand {
    let setup = HandSetup {
        absent: Vec::new(),
        stacks: vec![Chips(1_500); 8],
        antes: vec![Chips(0); 8],
        blinds: [10, 20, 0, 0, 0, 0, 0, 0].map(Chips).to_vec(),
        carried: Chips(0),
        dead_blinds: Vec::new(),
        first_to_act: None,
    };
    let mut h = Hand::new(HandRules::no_limit_holdem(Chips(20)), setup).expect("hand");
    HandCommand::DealFaceDown.apply(&mut h).expect("dealt");
    h
}

fn one_by_one(h: &mut Hand, commands: &[HandCommand]) {
    for c in commands {
        c.apply(h).expect("each tap");
    }
}

#[test]
fn folds_to_a_player_are_each_players_fold_in_turn() {
    let mut tap = eight_handed();
    let first = tap.actor().expect("someone acts");
    assert_eq!(first, Pos(2), "under the gun acts first");
    HandCommand::FoldTo {
        pos: Pos(5),
        then_call: false,
    }
    .apply(&mut tap)
    .expect("folds to position 5");
    let mut each = eight_handed();
    one_by_one(
        &mut each,
        &[
            HandCommand::Fold { pos: Pos(2) },
            HandCommand::Fold { pos: Pos(3) },
            HandCommand::Fold { pos: Pos(4) },
        ],
    );
    assert_eq!(tap, each, "the same hand, the same events");
    assert_eq!(tap.actor(), Some(Pos(5)));
    // To the big blind past everyone: he wins the blinds.
    let mut h = eight_handed();
    HandCommand::FoldTo {
        pos: Pos(1),
        then_call: false,
    }
    .apply(&mut h)
    .expect("folds to the big blind");
    assert_eq!(h.phase(), Phase::Settled, "everyone folded to him");
}

#[test]
fn folds_to_the_player_to_act_or_to_one_out_are_refused_and_change_nothing() {
    let mut h = eight_handed();
    let before = h.clone();
    let e = HandCommand::FoldTo {
        pos: Pos(2),
        then_call: false,
    }
    .apply(&mut h);
    assert!(
        matches!(e, Err(Rejection::FoldToActor { pos: Pos(2) })),
        "{e:?}"
    );
    HandCommand::Fold { pos: Pos(2) }
        .apply(&mut h)
        .expect("fold");
    let after_fold = h.clone();
    let e = HandCommand::FoldTo {
        pos: Pos(2),
        then_call: false,
    }
    .apply(&mut h);
    assert!(
        matches!(e, Err(Rejection::CannotAct { pos: Pos(2) })),
        "{e:?}"
    );
    assert_eq!(h, after_fold);
    let e = HandCommand::FoldTo {
        pos: Pos(9),
        then_call: false,
    }
    .apply(&mut h);
    assert!(e.is_err(), "no position 9: {e:?}");
    assert_eq!(h, after_fold);
    assert_ne!(h, before);
}

#[test]
fn checked_around_is_each_players_check_and_ends_the_street_only() {
    let mut tap = eight_handed();
    // Everyone calls to the big blind, who checks: the flop.
    HandCommand::FoldTo {
        pos: Pos(7),
        then_call: false,
    }
    .apply(&mut tap)
    .expect("folds");
    let mut each = tap.clone();
    one_by_one(
        &mut tap,
        &[
            HandCommand::CheckOrCall { pos: Pos(7) },
            HandCommand::CheckOrCall { pos: Pos(0) },
        ],
    );
    // A bet is due from the big blind? No: he may check, so checked around closes the street.
    let e = HandCommand::CheckAround.apply(&mut each);
    assert!(
        matches!(e, Err(Rejection::CannotCheck { .. })),
        "a call is due from the button: {e:?}"
    );
    HandCommand::CheckAround
        .apply(&mut tap)
        .expect("the big blind checks");
    assert_eq!(tap.phase(), Phase::BoardDealing, "the flop is due");
    HandCommand::DealBoard {
        cards: vec![card("2c"), card("7d"), card("Js")],
    }
    .apply(&mut tap)
    .expect("flop");
    let mut each = tap.clone();
    HandCommand::CheckAround
        .apply(&mut tap)
        .expect("checked around");
    one_by_one(
        &mut each,
        &[
            HandCommand::CheckOrCall { pos: Pos(0) },
            HandCommand::CheckOrCall { pos: Pos(1) },
            HandCommand::CheckOrCall { pos: Pos(7) },
        ],
    );
    assert_eq!(tap, each, "three checks, the turn due");
    assert_eq!(tap.phase(), Phase::BoardDealing);
    // Nobody to act: refused.
    let before = tap.clone();
    assert!(HandCommand::CheckAround.apply(&mut tap).is_err());
    assert_eq!(tap, before);
}

fn card(s: &str) -> floorbook_cards::Card {
    s.parse().expect("card")
}
