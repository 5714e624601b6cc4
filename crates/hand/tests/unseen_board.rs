//! A hand whose board is dealt without naming its cards (one tap a street): nobody can judge
//! the cards, so the dealer reads the hands at the showdown and awards each pot (TR-3.6),
//! split by the odd-chip rule when more than one wins. Refused awards change nothing, chips
//! are conserved, and a hand whose board was entered is judged from the cards as before.

use floorbook_cards::{Card, parse_cards};
use floorbook_hand::{
    Chips, Hand, HandCommand, HandEvent, HandRules, HandSetup, Phase, Pos, Rejection, ShowOrMuck,
};

fn hand(stacks: &[u64]) -> Hand {
    let n = stacks.len();
    let mut blinds = vec![Chips(0); n];
    blinds[0] = Chips(10);
    blinds[1] = Chips(20);
    let setup = HandSetup {
        absent: Vec::new(),
        stacks: stacks.iter().map(|&c| Chips(c)).collect(),
        antes: vec![Chips(0); n],
        blinds,
        carried: Chips(0),
        dead_blinds: Vec::new(),
        first_to_act: None,
    };
    let mut h = Hand::new(HandRules::no_limit_holdem(Chips(20)), setup).expect("hand");
    HandCommand::DealFaceDown.apply(&mut h).expect("dealt");
    h
}

fn run(h: &mut Hand, commands: &[HandCommand]) {
    for c in commands {
        c.apply(h).unwrap_or_else(|e| panic!("{c:?}: {e}"));
    }
}

fn fold_to_call(pos: usize) -> HandCommand {
    HandCommand::FoldTo {
        pos: Pos(pos),
        then_call: true,
    }
}

fn award(pot: usize, winners: &[usize]) -> HandCommand {
    HandCommand::AwardPot {
        pot,
        winners: winners.iter().map(|&w| Pos(w)).collect(),
    }
}

fn total(h: &Hand) -> u64 {
    h.stacks().iter().map(|c| c.0).sum()
}

/// Refused: the hand is exactly as before.
fn refused(h: &mut Hand, c: HandCommand) -> Rejection {
    let before = h.clone();
    let e = c.apply(h).expect_err("refused");
    assert_eq!(*h, before, "{c:?} was refused and changed nothing");
    e
}

#[test]
fn folds_to_a_player_who_calls_are_the_folds_and_his_call() {
    let mut tap = hand(&[1_500; 8]);
    fold_to_call(4).apply(&mut tap).expect("one tap");
    let mut each = hand(&[1_500; 8]);
    run(
        &mut each,
        &[
            HandCommand::Fold { pos: Pos(2) },
            HandCommand::Fold { pos: Pos(3) },
            HandCommand::CheckOrCall { pos: Pos(4) },
        ],
    );
    assert_eq!(tap, each, "the same hand, the same events");
    assert_eq!(tap.actor(), Some(Pos(5)));
    // Folded to the big blind past everyone: he wins, there is nothing left to check.
    let mut h = hand(&[1_500; 8]);
    fold_to_call(1)
        .apply(&mut h)
        .expect("folds to the big blind");
    assert_eq!(h.phase(), Phase::Settled);
    assert_eq!(h.stacks()[1], Chips(1_510));
}

#[test]
fn an_eight_handed_hand_with_an_unseen_board_is_awarded_by_the_dealer() {
    let mut h = hand(&[1_500; 8]);
    run(&mut h, &[fold_to_call(4), fold_to_call(7), fold_to_call(1)]);
    for _ in 0..3 {
        assert_eq!(h.phase(), Phase::BoardDealing);
        run(
            &mut h,
            &[HandCommand::DealBoardUnseen, HandCommand::CheckAround],
        );
    }
    assert_eq!(h.board_unseen(), 5, "flop, turn and river, none entered");
    assert!(h.board().is_empty());
    assert!(h.awaiting_award(), "{:?}", h.phase());
    assert_eq!(h.pots_to_award(), vec![0]);
    // A player who folded, a player named twice: refused.
    assert_eq!(
        refused(&mut h, award(0, &[2])),
        Rejection::NotEligible {
            pos: Pos(2),
            pot: 0
        }
    );
    assert!(matches!(
        refused(&mut h, award(0, &[4, 4])),
        Rejection::NotEligible { .. }
    ));
    assert_eq!(
        refused(&mut h, award(1, &[4])),
        Rejection::NoSuchPot { pot: 1, pots: 1 }
    );
    assert_eq!(
        refused(&mut h, award(0, &[])),
        Rejection::NoWinnerNamed { pot: 0 }
    );
    award(0, &[4]).apply(&mut h).expect("seat 4 wins");
    assert_eq!(h.phase(), Phase::Settled);
    assert_eq!(
        h.stacks()[4],
        Chips(1_500 - 20 + 70),
        "the blinds and two calls"
    );
    assert_eq!(total(&h), 12_000, "chips conserved");
    let read = h.events().iter().any(|e| {
        matches!(e, HandEvent::PotAwarded { read_by_dealer: true, winning_hand: None, amount, .. } if *amount == Chips(70))
    });
    assert!(read, "recorded as the dealer's reading: {:?}", h.events());
    let unseen = h
        .events()
        .iter()
        .filter(|e| matches!(e, HandEvent::BoardDealt { unseen, cards, .. } if cards.is_empty() && *unseen > 0))
        .count();
    assert_eq!(unseen, 3);
}

#[test]
fn side_pots_are_awarded_one_by_one_and_split_by_the_odd_chip_rule() {
    // Position 0 (small blind) is all in for 100; 1 and 2 play a side pot of 400.
    let mut h = hand(&[100, 1_000, 1_000]);
    run(
        &mut h,
        &[
            HandCommand::CheckOrCall { pos: Pos(2) },
            HandCommand::BetOrRaiseTo {
                pos: Pos(0),
                to: Chips(100),
            },
            HandCommand::CheckOrCall { pos: Pos(1) },
            HandCommand::CheckOrCall { pos: Pos(2) },
            HandCommand::DealBoardUnseen,
            HandCommand::BetOrRaiseTo {
                pos: Pos(1),
                to: Chips(201),
            },
            HandCommand::CheckOrCall { pos: Pos(2) },
            HandCommand::DealBoardUnseen,
            HandCommand::CheckAround,
            HandCommand::DealBoardUnseen,
            HandCommand::CheckAround,
        ],
    );
    assert!(h.awaiting_award());
    assert_eq!(h.pots_to_award(), vec![0, 1]);
    assert_eq!(
        refused(&mut h, award(1, &[0])),
        Rejection::NotEligible {
            pos: Pos(0),
            pot: 1
        },
        "the all-in player has no claim to the side pot"
    );
    award(0, &[0]).apply(&mut h).expect("the main pot");
    assert_eq!(h.pots_to_award(), vec![1], "the side pot waits");
    assert_eq!(
        refused(&mut h, award(0, &[1])),
        Rejection::PotAlreadyAwarded { pot: 0 }
    );
    // A split of 402: 201 each, no odd chip; the hand ends.
    award(1, &[2, 1]).apply(&mut h).expect("split");
    assert_eq!(h.phase(), Phase::Settled);
    assert_eq!(
        h.stacks().to_vec(),
        vec![
            Chips(300),
            Chips(1_000 - 301 + 201),
            Chips(1_000 - 301 + 201)
        ]
    );
    assert_eq!(total(&h), 2_100);
}

#[test]
fn an_odd_chip_of_a_split_goes_to_the_first_winner_left_of_the_button() {
    // Three-handed, the button on position 2: 60 before the flop, a bet of 25 called twice on
    // the flop: 135, split between positions 0 and 1.
    let mut h = hand(&[1_000, 1_000, 1_000]);
    run(
        &mut h,
        &[
            HandCommand::CheckOrCall { pos: Pos(2) },
            HandCommand::CheckOrCall { pos: Pos(0) },
            HandCommand::CheckOrCall { pos: Pos(1) },
            HandCommand::DealBoardUnseen,
            HandCommand::BetOrRaiseTo {
                pos: Pos(0),
                to: Chips(25),
            },
            HandCommand::CheckOrCall { pos: Pos(1) },
            HandCommand::CheckOrCall { pos: Pos(2) },
            HandCommand::DealBoardUnseen,
            HandCommand::CheckAround,
            HandCommand::DealBoardUnseen,
            HandCommand::CheckAround,
        ],
    );
    award(0, &[1, 0]).apply(&mut h).expect("split");
    assert_eq!(total(&h), 3_000);
    let shares = h.events().iter().find_map(|e| match e {
        HandEvent::PotAwarded { shares, rules, .. } => Some((shares.clone(), rules.to_string())),
        _ => None,
    });
    let (shares, rules) = shares.expect("awarded");
    let mut shares = shares;
    shares.sort();
    assert_eq!(
        shares,
        vec![(Pos(0), Chips(68)), (Pos(1), Chips(67))],
        "TR-16: the odd chip to the first winner left of the button"
    );
    assert!(rules.contains("TR-16"), "{rules}");
}

#[test]
fn a_showdown_with_the_board_entered_is_judged_from_the_cards() {
    let mut h = hand(&[1_000, 1_000, 1_000]);
    let board = |s: &str| HandCommand::DealBoard {
        cards: parse_cards(s).expect("cards"),
    };
    run(
        &mut h,
        &[
            HandCommand::CheckOrCall { pos: Pos(2) },
            HandCommand::CheckOrCall { pos: Pos(0) },
            HandCommand::CheckOrCall { pos: Pos(1) },
            board("2c 7d Js"),
            HandCommand::CheckAround,
            board("Qh"),
            HandCommand::CheckAround,
            board("3s"),
            HandCommand::CheckAround,
        ],
    );
    assert_eq!(h.phase(), Phase::Showdown);
    assert!(!h.awaiting_award());
    assert_eq!(refused(&mut h, award(0, &[1])), Rejection::CardsDecide);
    let c = |s: &str| s.parse::<Card>().ok();
    for what in [
        ShowOrMuck::Show(vec![c("As"), c("Ah")]),
        ShowOrMuck::Muck,
        ShowOrMuck::Muck,
    ] {
        let pos = h.showdown_next().expect("due at the showdown");
        HandCommand::ShowOrMuck { pos, what }
            .apply(&mut h)
            .expect("shown or mucked");
    }
    assert_eq!(h.phase(), Phase::Settled);
}

#[test]
fn an_all_in_before_the_flop_shows_the_hands_then_the_dealer_reads_the_unseen_board() {
    let mut h = hand(&[100, 1_000, 1_000]);
    let c = |s: &str| s.parse::<Card>().ok();
    run(
        &mut h,
        &[
            HandCommand::Fold { pos: Pos(2) },
            HandCommand::BetOrRaiseTo {
                pos: Pos(0),
                to: Chips(100),
            },
            HandCommand::CheckOrCall { pos: Pos(1) },
        ],
    );
    // TR-3.6: every live hand is turned up, named, before the board runs out.
    for cards in [[c("As"), c("Ah")], [c("Kd"), c("Kc")]] {
        let pos = h.showdown_next().expect("turned up");
        HandCommand::ShowOrMuck {
            pos,
            what: ShowOrMuck::Show(cards.to_vec()),
        }
        .apply(&mut h)
        .expect("shown");
    }
    for _ in 0..3 {
        HandCommand::DealBoardUnseen.apply(&mut h).expect("street");
    }
    assert!(h.awaiting_award(), "{:?}", h.phase());
    award(0, &[1]).apply(&mut h).expect("the kings made a set");
    assert_eq!(
        h.stacks().to_vec(),
        vec![Chips(0), Chips(1_100), Chips(1_000)]
    );
}

#[test]
fn a_player_who_mucks_at_the_showdown_cannot_be_awarded_and_the_last_live_hand_wins() {
    let mut h = hand(&[1_000, 1_000, 1_000]);
    run(
        &mut h,
        &[
            HandCommand::CheckOrCall { pos: Pos(2) },
            HandCommand::CheckOrCall { pos: Pos(0) },
            HandCommand::CheckOrCall { pos: Pos(1) },
        ],
    );
    for _ in 0..3 {
        run(
            &mut h,
            &[HandCommand::DealBoardUnseen, HandCommand::CheckAround],
        );
    }
    let first = h.showdown_next().expect("the showdown's order");
    HandCommand::ShowOrMuck {
        pos: first,
        what: ShowOrMuck::Muck,
    }
    .apply(&mut h)
    .expect("mucked");
    assert!(matches!(
        refused(&mut h, award(0, &[first.0])),
        Rejection::NotEligible { .. }
    ));
    let second = h.showdown_next().expect("next");
    HandCommand::ShowOrMuck {
        pos: second,
        what: ShowOrMuck::Muck,
    }
    .apply(&mut h)
    .expect("mucked");
    assert_eq!(
        h.phase(),
        Phase::Settled,
        "the last live hand takes the pot"
    );
    assert_eq!(total(&h), 3_000);
}

#[test]
fn the_unseen_board_and_the_award_wait_for_their_moment() {
    // Before the board is due, and before the showdown, both are refused and change nothing.
    let mut h = hand(&[1_000, 1_000]);
    assert!(matches!(
        refused(&mut h, HandCommand::DealBoardUnseen),
        Rejection::WrongPhase { .. }
    ));
    assert!(matches!(
        refused(&mut h, award(0, &[0])),
        Rejection::WrongPhase { .. }
    ));
}
