//! Readings of actions that are not clean declarations, one test per rule.

use floorbook_hand::{
    ChipReading, Chips, Declared, Hand, HandEvent, HandRules, HandSetup, Pos, PutIn, Reading,
    Rejection, Turns, UnderMinimum,
};
use floorbook_rules::Rule;

fn hand(chip_reading: ChipReading, under_minimum: UnderMinimum) -> Hand {
    let rules = HandRules {
        chip_reading,
        under_minimum,
        ..HandRules::no_limit_holdem(Chips(100))
    };
    let setup = HandSetup {
        absent: Vec::new(),
        stacks: vec![Chips(10_000); 3],
        antes: vec![Chips(0); 3],
        blinds: vec![Chips(50), Chips(100), Chips(0)],
        carried: Chips(0),
        dead_blinds: Vec::new(),
        first_to_act: None,
    };
    let mut h = Hand::new(rules, setup).expect("hand");
    for p in 0..3 {
        h.deal_hole(Pos(p), &[None, None]).expect("deal");
    }
    h
}

fn last_interpretation(h: &Hand) -> (Reading, Chips, Vec<Rule>) {
    h.events()
        .iter()
        .rev()
        .find_map(|e| match e {
            HandEvent::Interpreted {
                reading,
                change,
                rules,
                ..
            } => Some((*reading, *change, rules.iter().collect())),
            _ => None,
        })
        .expect("an interpretation was recorded")
}

const CHIP_500: PutIn = PutIn {
    amount: Chips(500),
    single_chip: true,
    declared: Declared::Nothing,
};

#[test]
fn tr_23_raise_declared_with_an_oversized_chip_is_the_largest_raise_it_allows() {
    let mut h = hand(ChipReading::Tr23, UnderMinimum::Refuse);
    let put = PutIn {
        declared: Declared::Raise,
        ..CHIP_500
    };
    h.put_in(Pos(2), put).expect("read");
    assert_eq!(
        last_interpretation(&h).0,
        Reading::RaiseTo { to: Chips(500) }
    );
    assert_eq!(h.bets()[2], Chips(500));
}

#[test]
fn tr_23_after_the_flop_an_oversized_chip_as_opening_bet_counts_in_full() {
    let mut h = hand(ChipReading::Tr23, UnderMinimum::Refuse);
    h.check_or_call(Pos(2)).expect("call");
    h.check_or_call(Pos(0)).expect("call");
    h.check_or_call(Pos(1)).expect("check");
    let flop: Vec<_> = ["2c", "7d", "9h"]
        .iter()
        .map(|c| c.parse().expect("card"))
        .collect();
    h.deal_board(&flop).expect("flop");
    h.put_in(Pos(0), CHIP_500).expect("read");
    assert_eq!(
        last_interpretation(&h),
        (
            Reading::RaiseTo { to: Chips(500) },
            Chips(0),
            vec![Rule::Tr23]
        )
    );
}

#[test]
fn tr_8_refuses_a_raise_below_the_minimum_and_changes_nothing() {
    let mut h = hand(ChipReading::Tr23, UnderMinimum::Refuse);
    let before = h.clone();
    // TR-8: a raise is the call (100) plus at least the big blind (100): to 200 at least; no
    // limit: at most the whole stack of 10,000. Worked out from the set-up, not asked of the
    // engine.
    assert_eq!(
        h.raise_to_as_read(Pos(2), Chips(150)),
        Err(Rejection::RaiseBelowMinimum {
            min: Chips(200),
            max: Chips(10_000),
            got: Chips(150),
            rule: Rule::Tr8
        })
    );
    assert_eq!(h, before);
}

#[test]
fn chips_put_in_beyond_the_stack_are_refused_with_the_stack_as_the_limit() {
    let mut h = hand(ChipReading::Tr23, UnderMinimum::Refuse);
    let before = h.clone();
    let put = PutIn {
        amount: Chips(u64::MAX),
        ..CHIP_500
    };
    let err = h.put_in(Pos(2), put).expect_err("more than the stack");
    assert_eq!(
        err,
        Rejection::PutInAboveStack {
            pos: Pos(2),
            got: Chips(u64::MAX),
            stack: Chips(10_000),
        }
    );
    assert!(err.to_string().contains("allowed: up to 10000"), "{err}");
    // Nothing was changed or recorded.
    assert_eq!(h, before);
}

#[test]
fn tr_10_a_raise_declared_past_the_stack_is_all_in_and_says_so() {
    let mut h = hand(ChipReading::Tr23, UnderMinimum::Refuse);
    h.raise_to_as_read(Pos(2), Chips(50_000)).expect("read");
    assert_eq!(
        last_interpretation(&h),
        (
            Reading::RaiseTo { to: Chips(10_000) },
            Chips::ZERO,
            vec![Rule::Tr10]
        )
    );
    assert_eq!(h.stacks()[2], Chips::ZERO);
}

#[test]
fn plo_8_a_raise_declared_past_the_pot_is_cut_to_the_pot_and_says_so() {
    let mut h = hand(ChipReading::Tr23, UnderMinimum::Refuse);
    let rules = HandRules {
        structure: floorbook_hand::Structure::PotLimit,
        ..h.rules().clone()
    };
    h = Hand::new(rules, h.setup().clone()).expect("hand");
    for p in 0..3 {
        h.deal_hole(Pos(p), &[None, None]).expect("deal");
    }
    // Blinds 50 and 100: the pot after the call is 350, so the most is a raise to 350.
    h.raise_to_as_read(Pos(2), Chips(5_000)).expect("read");
    assert_eq!(
        last_interpretation(&h),
        (
            Reading::RaiseTo { to: Chips(350) },
            Chips::ZERO,
            vec![Rule::Plo8]
        )
    );
}
