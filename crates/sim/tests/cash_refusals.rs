//! A refused command changes nothing, at a cash room too (issue 42): random commands (any
//! sender's, any numbers, legal or not) are decided against rooms caught at many points of
//! simulated evenings, between hands and in the middle of them; after every refusal the room
//! is byte for byte what it was, and the next command finds nothing left over.

use std::sync::OnceLock;

use floorbook_cards::Card;
use floorbook_cash::{CashCommand, CashRoom, Offence, builtin};
use floorbook_hand::{Chips, HandCommand, Pos, ShowOrMuck, Turns};
use floorbook_sim::cash::simulate_cash;
use proptest::prelude::*;

fn gcb() -> floorbook_cash::CashProfile {
    builtin("gcb").expect("built in").1.expect("reads")
}

/// Rooms caught at many points of two simulated evenings (the log decided again up to each).
fn states() -> &'static [(CashRoom, u64)] {
    static STATES: OnceLock<Vec<(CashRoom, u64)>> = OnceLock::new();
    STATES.get_or_init(|| {
        let mut out = Vec::new();
        for (seed, guests) in [(3u64, 30u32), (8, 60)] {
            let ev = simulate_cash(&gcb(), guests, 120, seed, None).expect("the evening plays");
            let step = (ev.log.len() / 40).max(1);
            let mut room = CashRoom::new(gcb());
            for (k, e) in ev.log.iter().enumerate() {
                room.decide(&e.command, e.at)
                    .expect("the evening re-derives");
                if k % step == 0 {
                    out.push((room.clone(), e.at));
                }
            }
        }
        out
    })
}

/// A number from `raw`: mostly small, now and then one at the ends of its type.
fn number(raw: u64, small: u64) -> u64 {
    match raw % 16 {
        0 => [0, 1, u64::from(u32::MAX), u64::MAX, u64::MAX / 2][(raw / 16 % 5) as usize],
        _ => raw / 16 % small.max(1),
    }
}

fn card(raw: u64) -> Card {
    Card::from_index((raw % 52) as u8).expect("52 cards")
}

const OFFENCES: [Offence; 7] = [
    Offence::ShowingCards,
    Offence::ActingForAnother,
    Offence::NotWaitingTurn,
    Offence::CardsHidden,
    Offence::Language,
    Offence::TableManners,
    Offence::ExposedCards,
];

/// A command of any kind with numbers from `raw`; now and then the legal action of the guest
/// to act at some table, so the sequence moves the room on.
fn command(room: &CashRoom, raw: &[u64; 8]) -> CashCommand {
    let guest = number(raw[1], 70) as u32;
    let table = number(raw[2], 6) as u32;
    let seat = number(raw[3], 11) as u32;
    let amount = number(raw[4], 2_000);
    let pos = Pos(number(raw[5], 10) as usize);
    let game = ["nlh-2-5", "plo-5-5", "stud", ""][(raw[6] % 4) as usize].to_string();
    let text = |r: u64| ["", "x", "a note", &"long ".repeat(200)][(r % 4) as usize].to_string();
    let hand = |action: HandCommand| CashCommand::Hand { table, action };
    match raw[0] % 31 {
        0 => CashCommand::JoinList {
            guest,
            name: text(raw[7]),
            game,
            in_person: raw[7].is_multiple_of(2),
            member: None,
        },
        1 => CashCommand::LeaveList { guest, game },
        2 => CashCommand::OpenTable { table },
        3 => CashCommand::Seat {
            guest,
            name: Some(text(raw[7])),
            table,
            seat,
            buy_in: amount,
            wait_for_big_blind: raw[7].is_multiple_of(2),
            member: None,
        },
        4 => CashCommand::Rebuy { guest, amount },
        5 => CashCommand::AddChips { guest, amount },
        6 => CashCommand::TakeChips { guest, amount },
        7 => CashCommand::CashOut { guest },
        8 => CashCommand::SetAway {
            guest,
            away: raw[7].is_multiple_of(2),
        },
        9 => CashCommand::ChangeSeat {
            guest,
            seat,
            post_both: raw[7].is_multiple_of(2),
        },
        10 => CashCommand::AcceptMove { guest, seat },
        11 => CashCommand::RefuseMove { guest },
        12 => CashCommand::Warn {
            guest,
            offence: OFFENCES[(raw[7] % 7) as usize],
            note: text(raw[6]),
        },
        13 => CashCommand::StartHand {
            table,
            button: (raw[7].is_multiple_of(2)).then_some(seat),
            straddle: raw[6].is_multiple_of(3),
        },
        14 => hand(HandCommand::Fold { pos }),
        15 => hand(HandCommand::CheckOrCall { pos }),
        16 => hand(HandCommand::BetOrRaiseTo {
            pos,
            to: Chips(amount),
        }),
        17 => hand(HandCommand::DealHole {
            pos,
            cards: vec![
                Some(card(raw[6])),
                (!raw[7].is_multiple_of(3)).then(|| card(raw[7])),
            ],
        }),
        18 => hand(HandCommand::DealBoard {
            cards: (0..(raw[7] % 4) as usize)
                .map(|k| card(raw[6] + k as u64))
                .collect(),
        }),
        19 => hand(HandCommand::ShowOrMuck {
            pos,
            what: if raw[7].is_multiple_of(2) {
                ShowOrMuck::ShowDealt
            } else {
                ShowOrMuck::Muck
            },
        }),
        20 => CashCommand::Ruling {
            guest: (raw[7].is_multiple_of(2)).then_some(guest),
            ruling: text(raw[6]),
        },
        21 => CashCommand::TakeBack { table },
        22 => hand(HandCommand::FoldTo {
            pos,
            then_call: raw[7].is_multiple_of(2),
        }),
        23 => hand(HandCommand::CheckAround),
        24 => hand(HandCommand::DealBoardUnseen),
        25 => hand(HandCommand::AwardPot {
            pot: (raw[6] % 3) as usize,
            winners: vec![pos],
        }),
        // The legal action of the guest to act at some table, to move on.
        _ => {
            let legal = room
                .tables()
                .values()
                .filter_map(|t| t.hand.as_ref().map(|r| (t.no, &r.hand)))
                .find_map(|(no, h)| h.legal().map(|l| (no, l)));
            match legal {
                Some((table, l)) => CashCommand::Hand {
                    table,
                    action: match (raw[5] % 3, l.raise_to) {
                        (0, _) => HandCommand::Fold { pos: l.actor },
                        (1, Some((min, _))) => HandCommand::BetOrRaiseTo {
                            pos: l.actor,
                            to: min,
                        },
                        _ => HandCommand::CheckOrCall { pos: l.actor },
                    },
                },
                None => CashCommand::StartHand {
                    table,
                    button: Some(seat),
                    straddle: false,
                },
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn a_refused_command_changes_nothing_at_a_cash_room(
        which in any::<proptest::sample::Index>(),
        raws in proptest::collection::vec((any::<[u64; 8]>(), 0u64..600), 1..40),
    ) {
        let all = states();
        let (room, at) = &all[which.index(all.len())];
        let (mut room, mut at) = (room.clone(), *at);
        let mut refused = 0;
        for (raw, later) in &raws {
            // Now and then a time before the room's latest: refused as going back in time.
            at = if raw[7].is_multiple_of(11) { at.saturating_sub(*later) } else { at + later };
            let command = command(&room, raw);
            let before = serde_json::to_string(&room).expect("serializes");
            if let Err(e) = room.decide(&command, at) {
                refused += 1;
                let after = serde_json::to_string(&room).expect("serializes");
                prop_assert!(
                    before == after,
                    "{command:?} at {at} was refused ({e}) but changed the room"
                );
                // Nothing was left over for the next command either: a ruling decides one event.
                let probe = CashCommand::Ruling { guest: None, ruling: "probe".into() };
                let latest = room.latest();
                let next = room.clone().decide(&probe, latest).map(|e| e.len());
                prop_assert_eq!(next, Ok(1));
            }
        }
        // The generator is not all accepted commands.
        prop_assert!(refused > 0 || raws.len() < 4);
    }
}
