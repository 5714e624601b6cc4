//! Dealt hands (the deck order is an input) and live hands (cards unknown until shown), end
//! to end; dead and missed blinds; the lone big blind.

use floorbook_cards::{Card, Deck, DeckSeed, ShuffleAlgorithm};
use floorbook_hand::{
    Chips, Hand, HandEvent, HandRules, HandSetup, Phase, Pos, Rejection, ShowOrMuck, Turns,
};
use floorbook_rules::Rule;

fn rules() -> HandRules {
    HandRules::no_limit_holdem(Chips(2))
}

fn setup(blinds: [u64; 3], dead: [u64; 3]) -> HandSetup {
    HandSetup {
        absent: Vec::new(),
        stacks: vec![Chips(100); 3],
        antes: vec![Chips(0); 3],
        blinds: blinds.iter().map(|&b| Chips(b)).collect(),
        carried: Chips(0),
        dead_blinds: dead.iter().map(|&b| Chips(b)).collect(),
        first_to_act: None,
    }
}

/// Plays a hand from a recorded deck order: hole cards one at a time round the table, a burn
/// before each street (TR-3.2), everyone checking or calling to the showdown.
fn play_dealt(deck: &mut Deck, h: &mut Hand) {
    while h.phase() != Phase::Settled {
        match h.phase() {
            Phase::HoleDealing => {
                let p = h.dealee().expect("dealee");
                h.deal_hole(p, &[Some(deck.deal().expect("card"))])
                    .expect("deal");
            }
            Phase::BoardDealing => {
                if h.board_due() == [0, 3, 1, 1][h.street() as usize] {
                    deck.deal().expect("burn");
                }
                h.deal_board(&[deck.deal().expect("card")]).expect("board");
            }
            Phase::Betting => {
                let a = h.actor().expect("actor");
                h.check_or_call(a).expect("call");
            }
            Phase::Showdown => {
                let p = h.showdown_next().expect("shower");
                h.show_or_muck(p, ShowOrMuck::ShowDealt).expect("show");
            }
            Phase::Settled => {}
        }
    }
}

#[test]
fn a_dealt_hand_replays_identically_from_its_recorded_seed() {
    let seed = DeckSeed([7; 32]);
    let run = || {
        let mut deck = Deck::from_seed(seed, ShuffleAlgorithm::ChaCha20FisherYatesV1);
        let mut h = Hand::new(rules(), setup([1, 2, 0], [0, 0, 0])).expect("hand");
        play_dealt(&mut deck, &mut h);
        h
    };
    let (a, b) = (run(), run());
    assert_eq!(a.events(), b.events());
    assert_eq!(a.board().len(), 5);
    let total: Chips = a.stacks().iter().copied().sum();
    assert_eq!(total + a.carry_out(), Chips(300));
}

#[test]
fn a_live_hand_learns_the_cards_only_when_they_are_shown() {
    let mut h = checked_to_showdown();
    let shown = |s: &str| -> Vec<Option<Card>> {
        s.split_whitespace()
            .map(|c| Some(c.parse().expect("card")))
            .collect()
    };
    h.show_or_muck(Pos(0), ShowOrMuck::Show(shown("Ac Ad")))
        .expect("show");
    h.show_or_muck(Pos(1), ShowOrMuck::Show(shown("Kc Kd")))
        .expect("show");
    h.show_or_muck(Pos(2), ShowOrMuck::Muck).expect("muck");
    assert_eq!(h.phase(), Phase::Settled);
    assert_eq!(h.stacks(), &[Chips(104), Chips(98), Chips(98)]);
}

#[test]
fn tr_10_a_dead_blind_larger_than_the_stack_takes_the_stack_and_says_so() {
    // Position 2 owes a dead blind of 150 with 100 chips: all of them go in, all-in, and the
    // record cites TR-10 beside GCB-6 (the reduction is not silent).
    let h = Hand::new(rules(), setup([1, 2, 0], [0, 0, 150])).expect("hand");
    let dead = h.events().iter().find_map(|e| match e {
        HandEvent::DeadBlindPosted { pos, amount, rules } => {
            Some((*pos, *amount, rules.iter().collect::<Vec<_>>()))
        }
        _ => None,
    });
    assert_eq!(
        dead,
        Some((Pos(2), Chips(100), vec![Rule::Tr10, Rule::Gcb6]))
    );
    assert_eq!(h.stacks()[2], Chips::ZERO);
}

#[test]
fn tr_3_7_the_uncalled_winner_chooses_to_show_one_card() {
    let mut h = Hand::new(rules(), setup([1, 2, 0], [0, 0, 0])).expect("hand");
    for p in 0..3 {
        h.deal_hole(Pos(p), &[None, None]).expect("deal");
    }
    h.all_in(Pos(2)).expect("all in");
    h.fold(Pos(0)).expect("fold");
    h.fold(Pos(1)).expect("fold");
    assert_eq!(h.phase(), Phase::Settled);
    assert_eq!(h.stacks()[2], Chips(103));
    let ace: Card = "As".parse().expect("card");
    h.winner_shows(Pos(2), vec![ace]).expect("shows one");
    assert!(h.events().iter().any(|e| matches!(e,
        HandEvent::WinnerShowedByChoice { shown: 1, rules, .. } if rules.contains(Rule::Tr37))));
    assert!(
        h.winner_shows(Pos(0), vec![]).is_err(),
        "only the uncalled winner chooses"
    );
}

#[test]
fn tr_3_7_the_uncalled_winner_shows_only_cards_of_his_own() {
    let mut h = Hand::new(rules(), setup([1, 2, 0], [0, 0, 0])).expect("hand");
    let card = |c: &str| -> Card { c.parse().expect("card") };
    h.deal_hole(Pos(0), &[Some(card("Kd")), Some(card("Kh"))])
        .expect("deal");
    h.deal_hole(Pos(1), &[None, None]).expect("deal");
    h.deal_hole(Pos(2), &[None, None]).expect("deal");
    h.all_in(Pos(2)).expect("all in");
    h.fold(Pos(0)).expect("fold");
    h.fold(Pos(1)).expect("fold");
    // A card dealt to another player is not his to show; nothing is recorded.
    let before = h.events().len();
    assert_eq!(
        h.winner_shows(Pos(2), vec![card("Kd"), card("As")]),
        Err(Rejection::CardInPlay { card: card("Kd") })
    );
    assert_eq!(h.events().len(), before);
    // His whole hand shown: his cards, unknown until now, are known and face up.
    h.winner_shows(Pos(2), vec![card("As"), card("Ac")])
        .expect("shows both");
    assert_eq!(h.hole_cards(Pos(2)), &[Some(card("As")), Some(card("Ac"))]);
}

#[test]
fn tr_3_5_cards_shown_after_the_hand_must_be_his_and_change_nothing() {
    let card = |c: &str| -> Card { c.parse().expect("card") };
    let mut h = Hand::new(rules(), setup([1, 2, 0], [0, 0, 0])).expect("hand");
    h.deal_hole(Pos(0), &[Some(card("Kd")), Some(card("Kh"))])
        .expect("deal");
    h.deal_hole(Pos(1), &[None, None]).expect("deal");
    h.deal_hole(Pos(2), &[None, None]).expect("deal");
    // Not before the hand is over.
    assert!(matches!(
        h.shown_after_hand(Pos(0), vec![card("Kd")]),
        Err(Rejection::WrongPhase { .. })
    ));
    h.all_in(Pos(2)).expect("all in");
    h.fold(Pos(0)).expect("fold");
    h.fold(Pos(1)).expect("fold");
    let settled = h.clone();
    // Refused, and nothing recorded: a card not his (his hand is known), a card another player
    // holds, more cards than he was dealt, a player not in the hand.
    for (pos, cards, err) in [
        (
            0,
            vec!["Kd", "As"],
            Rejection::NotDealtCard {
                pos: Pos(0),
                card: card("As"),
                dealt: "Kd Kh".into(),
            },
        ),
        (1, vec!["Kh"], Rejection::CardInPlay { card: card("Kh") }),
        (
            1,
            vec!["2c", "3c", "4c"],
            Rejection::ShowCount {
                pos: Pos(1),
                most: 2,
                got: 3,
            },
        ),
        (5, vec!["2c"], Rejection::NotInHand { pos: Pos(5) }),
    ] {
        let cards = cards.into_iter().map(card).collect();
        assert_eq!(h.shown_after_hand(Pos(pos), cards), Err(err));
        assert_eq!(h, settled);
    }
    // Folded cards, shown: TR-3.5, the live hand's card known; the stacks as they were.
    h.shown_after_hand(Pos(1), vec![card("Qs")]).expect("shown");
    assert_eq!(h.hole_cards(Pos(1)), &[Some(card("Qs")), None]);
    assert_eq!(h.stacks(), settled.stacks());
    assert!(matches!(h.events().last(),
        Some(HandEvent::ShownAfterHand { pos: Pos(1), rules, .. }) if rules.contains(Rule::Tr35)));
    // The uncalled winner's show is his choice by TR-3.7.
    h.shown_after_hand(Pos(2), vec![card("As")]).expect("shown");
    assert!(matches!(h.events().last(),
        Some(HandEvent::WinnerShowedByChoice { rules, .. }) if rules.contains(Rule::Tr37)));
}

/// Three players check down to the river; returns the hand at the showdown.
fn checked_to_showdown() -> Hand {
    let mut h = Hand::new(rules(), setup([1, 2, 0], [0, 0, 0])).expect("hand");
    for p in 0..3 {
        h.deal_hole(Pos(p), &[None, None]).expect("face down");
    }
    for _ in 0..3 {
        let a = h.actor().expect("actor");
        h.check_or_call(a).expect("call");
    }
    let board: Vec<Card> = ["2h", "7s", "9d", "Jc", "3s"]
        .iter()
        .map(|c| c.parse().expect("card"))
        .collect();
    h.deal_board(&board[..3]).expect("flop");
    for street in [&board[3..4], &board[4..5]] {
        for _ in 0..3 {
            let a = h.actor().expect("actor");
            h.check_or_call(a).expect("check");
        }
        h.deal_board(street).expect("street");
    }
    for _ in 0..3 {
        let a = h.actor().expect("actor");
        h.check_or_call(a).expect("check");
    }
    assert_eq!(h.phase(), Phase::Showdown);
    h
}

#[test]
fn tr_3_6_a_side_pot_never_loses_its_last_live_hand() {
    // Position 0 is all-in for 10; positions 1 and 2 build a side pot and check it down.
    // Mucking at an all-in showdown is PokerKit's reading (and earlier revisions'): a live
    // table turns every hand up (`tr_3_6_an_all_in_showdown_turns_every_hand_up`).
    let mut setup = setup([1, 2, 0], [0, 0, 0]);
    setup.stacks[0] = Chips(10);
    let rules = HandRules {
        live: false,
        ..rules()
    };
    let mut h = Hand::new(rules, setup).expect("hand");
    for p in 0..3 {
        h.deal_hole(Pos(p), &[None, None]).expect("face down");
    }
    h.bet_or_raise_to(Pos(2), Chips(50)).expect("raise");
    h.check_or_call(Pos(0)).expect("all-in call");
    h.check_or_call(Pos(1)).expect("call");
    let board: Vec<Card> = ["2h", "7s", "9d", "Jc", "3s"]
        .iter()
        .map(|c| c.parse().expect("card"))
        .collect();
    h.deal_board(&board[..3]).expect("flop");
    for street in [&board[3..4], &board[4..5]] {
        while h.phase() == Phase::Betting {
            let a = h.actor().expect("actor");
            h.check_or_call(a).expect("check");
        }
        h.deal_board(street).expect("street");
    }
    while h.phase() == Phase::Betting {
        let a = h.actor().expect("actor");
        h.check_or_call(a).expect("check");
    }
    assert_eq!(h.phase(), Phase::Showdown);
    assert_eq!(h.pots().len(), 2, "{:?}", h.pots());
    let shown = |s: &str| -> Vec<Option<Card>> {
        s.split_whitespace()
            .map(|c| Some(c.parse().expect("card")))
            .collect()
    };
    let mut mucked_side = None;
    let mut refused = 0;
    while let Some(p) = h.showdown_next() {
        if p == Pos(0) {
            // The all-in player shows aces: the main pot stays contested.
            h.show_or_muck(p, ShowOrMuck::Show(shown("Ac Ad")))
                .expect("show");
            continue;
        }
        let before = h.clone();
        match h.show_or_muck(p, ShowOrMuck::Muck) {
            Ok(()) if p != Pos(0) => mucked_side = Some(p),
            Ok(()) => {}
            Err(Rejection::LastLiveHand { pos, pot }) => {
                // The other side-pot player mucked already: this one must stay live.
                assert_eq!(pos, p);
                assert_eq!(pot, 1);
                refused += 1;
                assert!(mucked_side.is_some());
                assert_eq!(h, before, "a refused muck changes nothing");
                let cards = if p == Pos(1) { "Kc Kd" } else { "Qc Qd" };
                h.show_or_muck(p, ShowOrMuck::Show(shown(cards)))
                    .expect("show");
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert_eq!(h.phase(), Phase::Settled);
    assert_eq!(refused, 1, "the second side-pot muck is refused");
    assert_eq!(
        h.carry_out(),
        Chips::ZERO,
        "no pot is left without a winner"
    );
    // Aces take the main pot (3 × 10); the side pot (2 × 40) goes to its last live hand.
    assert_eq!(h.stacks()[0], Chips(30));
    let total: Chips = h.stacks().iter().copied().sum();
    assert_eq!(total, Chips(210));
}
