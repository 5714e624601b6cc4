//! A refused command changes nothing: random commands (any sender's, any numbers, legal or
//! not) are decided against tournaments caught at random points of simulated play, between
//! hands and in the middle of one; after every refusal the tournament is byte for byte what it
//! was, and nothing was recorded.

use std::sync::OnceLock;

use floorbook_cards::Card;
use floorbook_hand::{Chips, Declared, OutOfTurn, Pos, PutIn, ShowOrMuck, Turns};
use floorbook_rules::Rule;
use floorbook_sim::simulate;
use floorbook_tournament::command::{ClockAction, Command, Correction, HandCommand, LevelEdit};
use floorbook_tournament::conduct::Offence;
use floorbook_tournament::engine::{MAX_SECONDS, Tournament};
use floorbook_tournament::rederive::Rederiver;
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo};
use floorbook_tournament::{builtin, builtin_names};
use proptest::prelude::*;

/// Tournaments of every profile caught at many points: after the registrations, between
/// hands, and in the middle of hands (re-derived up to a recorded event).
fn states() -> &'static [Tournament] {
    static STATES: OnceLock<Vec<Tournament>> = OnceLock::new();
    STATES.get_or_init(|| {
        let mut out = Vec::new();
        for (k, name) in builtin_names().enumerate() {
            let profile = builtin(name).expect("built in").1.expect("reads");
            for (players, seed) in [(7u32, 11u64), (23, 12)] {
                let sim = simulate(&profile, players, seed + k as u64, None).expect("plays");
                let events = sim.tournament.events.clone();
                let step = (events.len() / 12).max(1);
                let mut r = Rederiver::new(profile.clone(), events.clone());
                let mut next = 0;
                while next < events.len() {
                    match r.run_through(next) {
                        Ok(Some(_)) => out.push(r.tournament().clone()),
                        Ok(None) => break,
                        Err(d) => panic!("{name}: the simulation re-derives: {}", d.reason),
                    }
                    next += step;
                }
            }
        }
        out
    })
}

/// A number from `raw`: mostly small (a plausible seat, table, amount), now and then one at
/// the ends of its type.
fn number(raw: u64, small: u64) -> u64 {
    match raw % 16 {
        0 => [
            0,
            1,
            u64::from(u32::MAX),
            u64::MAX,
            u64::MAX / 2,
            MAX_SECONDS + 1,
        ][(raw / 16 % 6) as usize],
        _ => raw / 16 % small.max(1),
    }
}

fn card(raw: u64) -> Card {
    Card::from_index((raw % 52) as u8).expect("52 cards")
}

fn cards(raw: &[u64], n: usize) -> Vec<Card> {
    raw.iter().cycle().take(n).map(|r| card(*r)).collect()
}

/// A command of any kind with numbers from `raw`; now and then the legal action of the player
/// to act, so the sequence moves the tournament on.
fn command(t: &Tournament, raw: &[u64; 8]) -> (Command, u64) {
    let table = TableNo(number(raw[1], 4) as u32);
    let player = PlayerId(number(raw[2], 30) as u32);
    let pos = Pos(number(raw[3], 10) as usize);
    let amount = Chips(number(raw[4], 4000));
    let at = match raw[7] % 4 {
        0 => t.clock,
        1 => t.clock.saturating_sub(number(raw[7] / 4, 600)),
        _ => t.clock.saturating_add(number(raw[7] / 4, 900)),
    };
    let hand = |action| Command::Hand { table, action };
    let reason = || ["a count", "", "moved by the floor"][(raw[7] % 3) as usize].to_string();
    let command = match raw[0] % 58 {
        0 => Command::Register {
            member: None,
            player,
            name: format!("P{}", player.0),
            buy_in: ["0.00", "7.50", "x", ""][(raw[5] % 4) as usize].to_string(),
            age: number(raw[6], 40) as u32,
            table: raw[7]
                .is_multiple_of(2)
                .then(|| TableNo(number(raw[7], 4) as u32)),
            draw: None,
        },
        1 => Command::Start {
            draw: (0..number(raw[5], 30).min(60))
                .map(|k| (k.wrapping_mul(raw[6]) % 31) as u32)
                .collect(),
            button_seats: raw[6]
                .is_multiple_of(2)
                .then(|| vec![SeatNo(number(raw[5], 10) as u32)]),
            tables: raw[7].is_multiple_of(3).then(|| number(raw[7], 4) as u32),
        },
        2 => Command::PlaceButton {
            table,
            draw: (1..=number(raw[5], 10).min(60) as u32)
                .map(|s| (SeatNo(s), card(raw[6].wrapping_add(u64::from(s) * 7))))
                .collect(),
        },
        3 | 4 => Command::StartHand { table },
        5 => hand(HandCommand::DealHole {
            pos,
            cards: cards(&raw[5..], number(raw[6], 4).min(60) as usize)
                .into_iter()
                .map(Some)
                .collect(),
        }),
        6 => hand(HandCommand::DealBoard {
            cards: cards(&raw[5..], number(raw[6], 6).min(60) as usize),
        }),
        7 => hand(HandCommand::FourCardFlop {
            cards: [
                card(raw[5]),
                card(raw[6]),
                card(raw[5] / 3),
                card(raw[6] / 5),
            ],
            burn_pick: number(raw[4], 6) as usize,
        }),
        8 => hand(HandCommand::Fold { pos }),
        9 => hand(HandCommand::CheckOrCall { pos }),
        10 => hand(HandCommand::BetOrRaiseTo { pos, to: amount }),
        11 => hand(HandCommand::ShowOrMuck {
            pos,
            what: match raw[5] % 3 {
                0 => ShowOrMuck::Muck,
                1 => ShowOrMuck::ShowDealt,
                _ => ShowOrMuck::Show(vec![Some(card(raw[6])), None]),
            },
        }),
        12 => hand(HandCommand::OutOfTurn {
            pos,
            action: match raw[5] % 4 {
                0 => OutOfTurn::Fold,
                1 => OutOfTurn::Check,
                2 => OutOfTurn::Call,
                _ => OutOfTurn::RaiseTo { to: amount },
            },
        }),
        13 => hand(HandCommand::ShowAfterHand {
            pos,
            cards: cards(&raw[5..], number(raw[6], 4).min(60) as usize),
        }),
        14 => Command::Sanction {
            player,
            offence: [
                Offence::Etiquette,
                Offence::SoftPlay,
                Offence::HiddenChips,
                Offence::Advice,
                Offence::Cheating,
                Offence::ChipDumping,
                Offence::Severe,
            ][(raw[5] % 7) as usize],
            chips: raw[6].is_multiple_of(3).then(|| number(raw[7], 5000)),
        },
        15 => Command::FloorRuling {
            player: raw[5].is_multiple_of(2).then_some(player),
            ruling: "a ruling".into(),
            rule: Rule::Tr26,
            overrides: raw[6].is_multiple_of(2).then(|| number(raw[6], 100)),
        },
        16 => Command::SetAbsent {
            player,
            absent: raw[5].is_multiple_of(2),
        },
        17 => Command::CallClock { table },
        18 => Command::CheckClock { table },
        19 => Command::ChipRace {
            table,
            cards: cards(&raw[5..], number(raw[6], 12).min(60) as usize),
        },
        20 => Command::RemoveNoShow { player },
        22 => hand(HandCommand::Check { pos }),
        24 => hand(HandCommand::PutIn {
            pos,
            put: PutIn {
                amount,
                single_chip: raw[5].is_multiple_of(2),
                declared: match raw[6] % 4 {
                    0 => Declared::Nothing,
                    1 => Declared::Call,
                    2 => Declared::Raise,
                    _ => Declared::RaiseTo(Chips(number(raw[7], 4000))),
                },
            },
        }),
        25 => hand(HandCommand::Raise { pos }),
        26 => hand(HandCommand::CardExposedInDeal {
            pos,
            card: card(raw[5]),
        }),
        27 => hand(HandCommand::FlopWithoutBurn {
            burn_pick: number(raw[5], 5) as usize,
            next: raw[6].is_multiple_of(2).then(|| card(raw[6])),
        }),
        28 => hand(HandCommand::PrematureBoard {
            cards: cards(&raw[5..], number(raw[6], 4).min(60) as usize),
        }),
        29 => hand(HandCommand::StubScrambled {
            restored: raw[5].is_multiple_of(2),
            mixed_with_muck: raw[6].is_multiple_of(2),
        }),
        30 => hand(HandCommand::ExposedOwnCards {
            pos,
            cards: cards(&raw[5..], number(raw[6], 4).min(60) as usize),
            one_up_one_pushed: raw[5].is_multiple_of(2),
        }),
        31 => hand(HandCommand::UnprotectedHandKilled { pos }),
        32 => hand(HandCommand::FoldRetrieved { pos }),
        33 => hand(HandCommand::ShortCallUnaware { pos, amount }),
        23 => hand(HandCommand::CorrectHoleCards {
            pos,
            cards: cards(&raw[5..], number(raw[6], 4).min(60) as usize),
            reason: "misread".into(),
        }),
        21 => Command::BreakTable {
            table,
            draw: (0..number(raw[5], 10).min(60))
                .map(|k| (k.wrapping_mul(raw[6]) % 20) as u32)
                .collect(),
        },
        34 => Command::Clock {
            action: match raw[5] % 4 {
                0 => ClockAction::Pause,
                1 => ClockAction::Resume,
                2 => ClockAction::Adjust {
                    seconds: number(raw[6], 2000) as i64 - 1000,
                },
                _ => ClockAction::GoToLevel {
                    level: number(raw[6], 20) as u32,
                },
            },
        },
        35 => Command::EditLevels {
            from: number(raw[5], 20) as u32,
            levels: (0..number(raw[6], 4).min(300))
                .map(|k| LevelEdit {
                    bring_in: 0,
                    small: number(raw[7], 500).saturating_mul(k + 1),
                    big: number(raw[7], 500).saturating_mul(2 * (k + 1)),
                    ante: 0,
                    minutes: raw[6].is_multiple_of(2).then(|| number(raw[4], 90) as u32),
                })
                .collect(),
        },
        36 => Command::SetBreak {
            after: number(raw[5], 20) as u32,
            minutes: number(raw[6], 30) as u32,
        },
        37 => Command::MovePlayer {
            player,
            table,
            seat: SeatNo(number(raw[5], 11) as u32),
            reason: reason(),
        },
        38 => Command::BalanceNow,
        44 => hand(HandCommand::BringIn { pos }),
        45 => hand(HandCommand::DownCardExposed {
            pos,
            card: card(raw[5]),
        }),
        46 => hand(HandCommand::SeventhCardExposed {
            pos,
            card: card(raw[5]),
        }),
        47 => hand(HandCommand::PrematureStudCards {
            cards: cards(&raw[5..], number(raw[6], 4).min(60) as usize),
            burned: [None, Some(true), Some(false)][(raw[7] % 3) as usize],
        }),
        43 => Command::SeatPlayer {
            player,
            table,
            seat: SeatNo(number(raw[5], 11) as u32),
        },
        39 => Command::HoldTable {
            table,
            hold: raw[5].is_multiple_of(2),
            reason: reason(),
        },
        40 => Command::BreakTableNow {
            table,
            reason: reason(),
        },
        41 => Command::SetStack {
            player,
            stack: number(raw[5], 20_000),
            reason: reason(),
        },
        42 => Command::BustPlayer {
            player,
            winner: PlayerId(number(raw[5], 40) as u32),
            reason: reason(),
        },
        48 | 49 => Command::CorrectEntry {
            table,
            entry: number(raw[5], 14) as u32,
            now: match raw[6] % 5 {
                0 => None,
                1 => Some(Correction::Fold),
                2 => Some(Correction::Check),
                3 => Some(Correction::Call),
                _ => Some(Correction::BetOrRaiseTo { to: amount }),
            },
            reason: reason(),
            cards_retrieved: raw[7].is_multiple_of(2),
        },
        50 => hand(HandCommand::FoldTo {
            pos,
            then_call: raw[7].is_multiple_of(2),
        }),
        51 => hand(HandCommand::CheckAround),
        53 => hand(HandCommand::DealBoardUnseen),
        54 => hand(HandCommand::AwardPot {
            pot: (raw[6] % 3) as usize,
            winners: vec![pos],
        }),
        // NOB-16: a payout that adds up to 100, or one that does not.
        52 => Command::EditPayout {
            shares: match raw[5] % 3 {
                0 => vec![50, 30, 20],
                1 => vec![100],
                _ => (0..number(raw[6], 5).min(1200))
                    .map(|k| (k % 9 * 7) as u32)
                    .collect(),
            },
        },
        // The legal action of the player to act at some table, to move on.
        _ => {
            let legal = t
                .tables
                .iter()
                .filter_map(|ts| ts.hand.as_ref().map(|(_, h, _)| (ts.table.no, h)))
                .find_map(|(no, h)| h.legal().map(|l| (no, l)));
            match legal {
                Some((table, l)) => Command::Hand {
                    table,
                    action: match (raw[5] % 3, l.raise_to) {
                        (2, _) if l.bring_in.is_some() => HandCommand::BringIn { pos: l.actor },
                        (0, _) => HandCommand::Fold { pos: l.actor },
                        (1, Some((min, _))) => HandCommand::BetOrRaiseTo {
                            pos: l.actor,
                            to: min,
                        },
                        _ => HandCommand::CheckOrCall { pos: l.actor },
                    },
                },
                None => Command::StartHand { table },
            }
        }
    };
    (command, at)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn a_refused_command_changes_nothing(
        which in any::<usize>(),
        raws in proptest::collection::vec(any::<[u64; 8]>(), 1..40),
    ) {
        let all = states();
        let mut t = all[which % all.len()].clone();
        for raw in &raws {
            let (command, at) = command(&t, raw);
            let before = serde_json::to_string(&t).expect("serializes");
            match t.decide(&command, at) {
                Ok(_) => {}
                Err(e) => {
                    let after = serde_json::to_string(&t).expect("serializes");
                    prop_assert!(
                        before == after,
                        "{command:?} at {at} was refused ({e}) but changed the tournament"
                    );
                    // Nothing was left over for the next command either.
                    let probe = Command::FloorRuling {
                        player: None,
                        ruling: "probe".into(),
                        rule: Rule::Tr26,
                        overrides: None,
                    };
                    let at = t.clock;
                    let next = t.clone().decide(&probe, at).map(|e| e.len());
                    prop_assert_eq!(next, Ok(1));
                }
            }
        }
    }
}
