//! Invariants of the hand engine over random legal play.

use floorbook_cards::{Deck, DeckSeed, ShuffleAlgorithm};
use floorbook_hand::{
    ChipReading, Chips, Declared, GameKind, Hand, HandEvent, HandRules, HandSetup, OddChip, Phase,
    Pos, PutIn, Rejection, ShowOrMuck, Structure, Turns, UnderMinimum,
};
use floorbook_rules::Rule;
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn below(rng: &mut ChaCha8Rng, n: u64) -> u64 {
    rng.next_u64() % n.max(1)
}

fn random_hand(rng: &mut ChaCha8Rng) -> Hand {
    // Mostly a table's 2 to 10; one hand in ten seats 11 to 23 (PHH files may, in Hold'em).
    let n = if below(rng, 10) == 0 {
        11 + below(rng, 13) as usize
    } else {
        2 + below(rng, 9) as usize
    };
    let bb = [2, 4, 10, 20][below(rng, 4) as usize];
    let mut blinds = vec![Chips::ZERO; n];
    blinds[0] = Chips(bb / 2);
    blinds[1] = Chips(bb);
    if n > 3 && below(rng, 5) == 0 {
        blinds[2] = Chips(2 * bb); // straddle (GCB-5)
    }
    let ante = [0, 0, 1, bb / 2][below(rng, 4) as usize];
    let antes = vec![Chips(ante); n];
    let stacks = (0..n)
        .map(|_| {
            let depth = [5, 40, 200, 2000][below(rng, 4) as usize];
            Chips(1 + below(rng, depth * bb))
        })
        .collect();
    let rules = HandRules {
        limits: None,
        game: if n <= 11 && below(rng, 3) == 0 {
            GameKind::Omaha
        } else {
            GameKind::Holdem
        },
        structure: if below(rng, 3) == 0 {
            Structure::PotLimit
        } else {
            Structure::NoLimit
        },
        min_bet: Chips(bb),
        raise_cap: if below(rng, 4) == 0 { Some(4) } else { None },
        odd_chip: [
            OddChip::LeftOfButton,
            OddChip::CarryToNextHand,
            OddChip::WholeRemainderToFirst,
        ][below(rng, 3) as usize],
        chip_unit: Chips(1),
        ante_trimming: below(rng, 2) == 0,
        chip_reading: if below(rng, 2) == 0 {
            ChipReading::Tr23
        } else {
            ChipReading::Gcb4
        },
        under_minimum: if below(rng, 2) == 0 {
            UnderMinimum::Refuse
        } else {
            UnderMinimum::HalfRule
        },
        irregularities: Default::default(),
        last_live_hand: Default::default(),
        live: below(rng, 2) == 0,
    };
    Hand::new(
        rules,
        HandSetup {
            absent: Vec::new(),
            stacks,
            antes,
            blinds,
            carried: Chips(below(rng, 3)),
            dead_blinds: Vec::new(),
            first_to_act: None,
        },
    )
    .expect("a valid set-up")
}

/// A deck shuffled from the test's random draws.
fn shuffled(rng: &mut ChaCha8Rng) -> Deck {
    let mut seed_bytes = [0u8; 32];
    rng.fill_bytes(&mut seed_bytes);
    Deck::from_seed(
        DeckSeed(seed_bytes),
        ShuffleAlgorithm::ChaCha20FisherYatesV1,
    )
}

fn check_books(hand: &Hand, total: Chips) {
    assert_eq!(hand.total_chips(), total, "chips are conserved");
    let behind: Chips = hand.stacks().iter().copied().sum();
    let in_front: Chips = hand.bets().iter().copied().sum();
    let pots: Chips = hand.pots().iter().map(|p| p.amount).sum();
    if hand.phase() != Phase::Settled {
        assert_eq!(
            pots + in_front + behind,
            hand.total_chips(),
            "pots equal contributions"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_legal_play_conserves_chips_and_always_settles(seed in any::<u64>()) {
        play(seed, false, false)?;
    }

    /// As above, with chips put in and amounts declared at random, any size (the readings of
    /// TR-23, GCB-4, PLO-7, PLO-9, GCB-2, TR-10 and PLO-8).
    #[test]
    fn random_readings_keep_the_books_or_change_nothing(seed in any::<u64>()) {
        play(seed, true, false)?;
    }

    /// Streets dealt without entering their cards at random, and the dealer's awards at the
    /// showdown tried with random winners: each award taken keeps the books, each refused one
    /// changes nothing, and every hand settles with every chip paid out.
    #[test]
    fn an_unseen_board_awarded_by_the_dealer_keeps_the_books(seed in any::<u64>()) {
        play(seed, false, true)?;
    }
}

/// Plays a random hand to the end, checking the books at every step; with `readings`, a third
/// of the actions are chips put in or amounts declared; with `unseen`, half the streets are
/// dealt without their cards and the pots awarded by random readings.
fn play(seed: u64, readings: bool, unseen: bool) -> Result<(), TestCaseError> {
    {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut hand = random_hand(&mut rng);
        let total = hand.total_chips();
        let mut deck = shuffled(&mut rng);
        let mut steps = 0;
        // The hand as it was before the last step: whole, and as a take-back keeps it (without
        // its log, which the step only grew): going back must give the whole hand again.
        let mut kept: Option<(Hand, Hand, usize)> = None;
        while hand.phase() != Phase::Settled {
            if let Some((whole, without_log, cut)) = kept.take() {
                let mut back = hand.clone();
                back.return_to(without_log, cut);
                prop_assert_eq!(
                    &back,
                    &whole,
                    "going back one step is not the hand before it"
                );
            }
            kept = Some((hand.clone(), hand.copy_without_log(), hand.events().len()));
            steps += 1;
            prop_assert!(steps < 1000, "the hand stalls");
            check_books(&hand, total);
            match hand.phase() {
                Phase::HoleDealing => {
                    let p = hand.dealee().expect("someone is due cards");
                    let c = deck.deal().expect("cards left");
                    hand.deal_hole(p, &[Some(c)]).expect("deal hole");
                }
                Phase::BoardDealing => {
                    prop_assert!(hand.board_due() > 0);
                    if unseen && below(&mut rng, 2) == 0 {
                        hand.deal_board_unseen().expect("deal the street unseen");
                    } else {
                        let c = deck.deal().expect("cards left");
                        hand.deal_board(&[c]).expect("deal board");
                    }
                }
                Phase::Betting => {
                    let legal = hand.legal().expect("someone acts");
                    prop_assert!(
                        !hand.stacks()[legal.actor.0].is_zero(),
                        "an all-in player never acts"
                    );
                    // Illegal actions are refused with their rule and what is allowed, and
                    // change nothing: a check facing a bet (NOB-13, NOB-14, with the call due)
                    // and anyone else acting (TR-21, naming whose turn it is).
                    let before = hand.clone();
                    if !legal.call.is_zero() {
                        let r = hand.check(legal.actor);
                        prop_assert_eq!(
                            &r,
                            &Err(Rejection::CannotCheck {
                                pos: legal.actor,
                                call: legal.call
                            })
                        );
                        if let Err(e) = r {
                            prop_assert_eq!(e.rules(), vec![Rule::Nob13, Rule::Nob14]);
                        }
                    }
                    let n = hand.players();
                    let other =
                        Pos((legal.actor.0 + 1 + below(&mut rng, n as u64 - 1) as usize) % n);
                    // A player out of the hand is told so; one still in, that it is not his
                    // turn (TR-21).
                    let in_hand = hand.is_active(other);
                    for r in [hand.fold(other), hand.check_or_call(other)] {
                        if !in_hand {
                            prop_assert_eq!(&r, &Err(Rejection::NotInHand { pos: other }));
                            continue;
                        }
                        prop_assert_eq!(
                            &r,
                            &Err(Rejection::NotYourTurn {
                                pos: other,
                                actor: legal.actor
                            })
                        );
                        if let Err(e) = r {
                            prop_assert_eq!(e.rules(), vec![Rule::Tr21]);
                        }
                    }
                    prop_assert_eq!(&hand, &before);
                    if let Some((min, max)) = legal.raise_to {
                        prop_assert!(min <= max);
                        // Out-of-range raises are refused with the range, and change nothing.
                        let before = hand.clone();
                        if min.0 > 1 {
                            match hand.bet_or_raise_to(legal.actor, Chips(min.0 - 1)) {
                                Err(Rejection::RaiseBelowMinimum { min: m, .. }) => {
                                    prop_assert_eq!(m, min)
                                }
                                other => prop_assert!(false, "below min accepted: {:?}", other),
                            }
                        }
                        match hand.bet_or_raise_to(legal.actor, Chips(max.0 + 1)) {
                            Err(Rejection::RaiseAboveMaximum { max: m, .. }) => {
                                prop_assert_eq!(m, max)
                            }
                            other => prop_assert!(false, "above max accepted: {:?}", other),
                        }
                        prop_assert_eq!(&hand, &before);
                    }
                    if readings && below(&mut rng, 3) == 0 {
                        // Chips put in or an amount declared, read by the profile: taken, with
                        // the books holding, or refused with nothing changed.
                        let stack = hand.stacks()[legal.actor.0];
                        let amount = Chips(match below(&mut rng, 6) {
                            0 => u64::MAX,
                            1 => stack.0 + 1 + below(&mut rng, 1000),
                            2 => stack.0,
                            _ => below(&mut rng, stack.0 + 1),
                        });
                        let declared = match below(&mut rng, 5) {
                            0 => Declared::Nothing,
                            1 => Declared::Call,
                            2 => Declared::Raise,
                            3 => Declared::RaiseTo(Chips(below(&mut rng, 2 * stack.0 + 2))),
                            _ => Declared::RaiseTo(Chips(u64::MAX)),
                        };
                        let before = hand.clone();
                        let taken = if below(&mut rng, 2) == 0 {
                            let single_chip = below(&mut rng, 2) == 0;
                            let r = hand.put_in(
                                legal.actor,
                                PutIn {
                                    amount,
                                    single_chip,
                                    declared,
                                },
                            );
                            if amount > stack {
                                prop_assert!(
                                    matches!(r, Err(Rejection::PutInAboveStack { .. })),
                                    "{:?}",
                                    r
                                );
                            }
                            r.is_ok()
                        } else {
                            hand.raise_to_as_read(legal.actor, amount).is_ok()
                        };
                        if taken {
                            check_books(&hand, total);
                        } else {
                            prop_assert_eq!(&hand, &before);
                        }
                        continue;
                    }
                    let r = below(&mut rng, 10);
                    match (r, legal.raise_to) {
                        (0..=2, Some((min, max))) => {
                            let to = if r == 0 {
                                min
                            } else if r == 1 {
                                max
                            } else {
                                Chips(min.0 + below(&mut rng, max.0 - min.0 + 1))
                            };
                            hand.bet_or_raise_to(legal.actor, to).expect("legal raise");
                        }
                        (3 | 4, _) if !legal.call.is_zero() => {
                            hand.fold(legal.actor).expect("fold")
                        }
                        _ => hand.check_or_call(legal.actor).expect("check or call"),
                    }
                }
                Phase::Showdown
                    if hand.awaiting_award()
                        && (hand.showdown_next().is_none() || below(&mut rng, 2) == 0) =>
                {
                    let pots = hand.pots_to_award();
                    prop_assert!(!pots.is_empty(), "an award is due");
                    let k = pots[below(&mut rng, pots.len() as u64) as usize];
                    let n = hand.players() as u64;
                    let mut winners = vec![Pos(below(&mut rng, n) as usize)];
                    if below(&mut rng, 3) == 0 {
                        winners.push(Pos(below(&mut rng, n) as usize));
                    }
                    let before = hand.clone();
                    if hand.award_pot(k, &winners).is_err() {
                        prop_assert_eq!(&hand, &before);
                    }
                }
                Phase::Showdown => {
                    prop_assert!(
                        !unseen || hand.board_unseen() == 0 || hand.showdown_next().is_some()
                    );
                    let p = hand.showdown_next().expect("someone shows");
                    let what = if below(&mut rng, 6) == 0 {
                        ShowOrMuck::Muck
                    } else {
                        ShowOrMuck::ShowDealt
                    };
                    let before = hand.clone();
                    match hand.show_or_muck(p, what) {
                        // TR-3.6: the last live hand cannot be thrown away, nor any hand at an
                        // all-in showdown at a live table; it shows instead.
                        Err(Rejection::LastLiveHand { .. } | Rejection::AllInShowdown { .. }) => {
                            prop_assert_eq!(&hand, &before);
                            hand.show_or_muck(p, ShowOrMuck::ShowDealt).expect("show");
                        }
                        other => other.expect("show or muck"),
                    }
                }
                Phase::Settled => {}
            }
        }
        let behind: Chips = hand.stacks().iter().copied().sum();
        prop_assert_eq!(
            behind + hand.carry_out(),
            total,
            "every chip is paid out or carried"
        );
        // Only an indivisible remainder is ever carried (NOB-3), never a whole pot: less than a
        // chip unit for each winner of the pot whose award follows it (a board flush split
        // eleven ways can leave ten chips).
        let unit = hand.rules().chip_unit.0.max(1);
        for (i, e) in hand.events().iter().enumerate() {
            if let HandEvent::RemainderCarried { amount, .. } = e {
                let winners = match hand.events().get(i + 1) {
                    Some(HandEvent::PotAwarded { shares, .. }) => shares.len() as u64,
                    _ => 0,
                };
                prop_assert!(
                    amount.0 < winners * unit,
                    "{:?} before {:?}",
                    e,
                    hand.events().get(i + 1)
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// Stud, stud hi-lo and Razz on the one hand engine, played through its commands at
    /// random (the bring-in or its completion, folds, calls, fixed-limit raises, shows and
    /// mucks): chips are conserved at every step, every hand settles, and every refused
    /// command (a flop game's procedure, a wrong fixed-limit amount, a player out of turn)
    /// changes nothing.
    #[test]
    fn random_stud_play_conserves_chips_and_refusals_change_nothing(seed in any::<u64>()) {
        stud_play(seed)?;
    }
}

fn stud_play(seed: u64) -> Result<(), TestCaseError> {
    use floorbook_hand::{HandCommand, StudGame};
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = 2 + below(&mut rng, 7) as usize;
    let game = [StudGame::High, StudGame::HiLo, StudGame::Razz][below(&mut rng, 3) as usize];
    let small = [2, 4, 10][below(&mut rng, 3) as usize];
    let mut rules =
        HandRules::fixed_limit_stud(game, Chips(small / 2), Chips(small), Chips(2 * small));
    rules.live = below(&mut rng, 2) == 0;
    let stacks = (0..n)
        .map(|_| {
            let depth = [3, 30, 300][below(&mut rng, 3) as usize] * small;
            Chips(1 + below(&mut rng, depth))
        })
        .collect();
    let mut hand = Hand::new(
        rules,
        HandSetup {
            stacks,
            antes: vec![Chips(below(&mut rng, 2)); n],
            blinds: Vec::new(),
            carried: Chips::ZERO,
            dead_blinds: Vec::new(),
            first_to_act: None,
            absent: Vec::new(),
        },
    )
    .expect("a valid stud set-up");
    let total = hand.total_chips();
    let mut deck = shuffled(&mut rng);
    let mut steps = 0;
    while hand.phase() != Phase::Settled {
        steps += 1;
        prop_assert!(steps < 1000, "the hand stalls");
        check_books(&hand, total);
        // A flop game's own procedure is refused at a stud table, naming both games, and
        // changes nothing.
        let before = hand.clone();
        let flop_only = [
            HandCommand::DealBoardUnseen,
            HandCommand::FoldRetrieved { pos: Pos(0) },
            HandCommand::AwardPot {
                pot: 0,
                winners: vec![Pos(0)],
            },
        ][below(&mut rng, 3) as usize]
            .clone();
        let refused = hand.apply(&flop_only);
        prop_assert!(
            matches!(
                refused,
                Err(Rejection::OtherGame {
                    game: "flop-game",
                    other: "stud",
                    ..
                })
            ),
            "{:?}",
            refused
        );
        prop_assert_eq!(&hand, &before);
        let command = match hand.phase() {
            Phase::HoleDealing => {
                let pos = hand.dealee().expect("someone is due a card");
                HandCommand::DealHole {
                    pos,
                    cards: vec![deck.deal().ok()],
                }
            }
            Phase::BoardDealing => HandCommand::DealBoard {
                cards: vec![deck.deal().expect("cards left")],
            },
            Phase::Betting => {
                let legal = hand.legal().expect("someone acts");
                if let Some((to, _)) = legal.raise_to {
                    // Fixed limit: one amount; another is refused and changes nothing.
                    let r = hand.apply(&HandCommand::BetOrRaiseTo {
                        pos: legal.actor,
                        to: Chips(to.0 + 1),
                    });
                    prop_assert!(matches!(r, Err(Rejection::FixedLimit { .. })), "{:?}", r);
                    prop_assert_eq!(&hand, &before);
                }
                let other = Pos((legal.actor.0 + 1) % n);
                if hand.is_active(other) && other != legal.actor {
                    let r = hand.apply(&HandCommand::Fold { pos: other });
                    prop_assert!(
                        r.is_err() || hand != before,
                        "a fold out of turn was taken and recorded nothing"
                    );
                    if r.is_err() {
                        prop_assert_eq!(&hand, &before);
                    } else {
                        // A fold out of turn is held (TR-21): the turn is still the actor's.
                        continue;
                    }
                }
                let pos = legal.actor;
                match (legal.bring_in.is_some(), below(&mut rng, 4)) {
                    (true, 0) if legal.raise_to.is_some() => HandCommand::Raise { pos },
                    (true, _) => HandCommand::BringIn { pos },
                    (false, 0) if legal.fold => HandCommand::Fold { pos },
                    (false, 1) if legal.raise_to.is_some() => HandCommand::Raise { pos },
                    _ => HandCommand::CheckOrCall { pos },
                }
            }
            Phase::Showdown => {
                let pos = hand.showdown_next().expect("someone shows");
                let what = if below(&mut rng, 3) == 0 {
                    ShowOrMuck::Muck
                } else {
                    ShowOrMuck::ShowDealt
                };
                HandCommand::ShowOrMuck { pos, what }
            }
            Phase::Settled => break,
        };
        let before = hand.clone();
        if let Err(e) = hand.apply(&command) {
            // A muck the rules do not allow (the last live hand, an all-in showdown) is
            // refused; the hand is then shown.
            prop_assert_eq!(&hand, &before, "refused {:?}: {}", command, e);
            if let HandCommand::ShowOrMuck { pos, .. } = command {
                hand.apply(&HandCommand::ShowOrMuck {
                    pos,
                    what: ShowOrMuck::ShowDealt,
                })
                .map_err(|e| TestCaseError::fail(format!("show refused: {e}")))?;
            } else {
                return Err(TestCaseError::fail(format!("{command:?} refused: {e}")));
            }
        }
    }
    check_books(&hand, total);
    Ok(())
}
