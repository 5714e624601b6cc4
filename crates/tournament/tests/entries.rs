//! Entries after the start (issue 39): late registration and re-entries, worked by hand.
//!
//! The house's profile here is the PL Omaha tournament's (PLO-1: ten players start on two
//! tables of nine seats, 15-minute levels) with a €20 buy-in of which €2 is the house's fee,
//! late registration and one re-entry a player until the end of level 2 (30 minutes in).

use floorbook_rules::Rule;
use floorbook_tournament::command::Command;
use floorbook_tournament::engine::{Status, Tournament, TournamentError, TournamentEvent};
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo};
use floorbook_tournament::transcript::Transcript;
use floorbook_tournament::{Entries, Profile, builtin};

fn profile() -> Profile {
    let mut p = builtin("plo27").expect("built in").1.expect("reads");
    p.buy_ins = vec!["20.00".into()];
    p.payout.fee = Some("2.00".into());
    p.payout.shares = vec![60, 40];
    p.entries = Entries {
        late_until_level: 2,
        reentries: 1,
        ..Entries::default()
    };
    assert_eq!(p.check(), Vec::new(), "the house's profile is sound");
    p
}

fn register(player: u32, draw: Option<u32>) -> Command {
    Command::Register {
        player: PlayerId(player),
        name: format!("P{player}"),
        buy_in: "20.00".into(),
        age: 30,
        table: None,
        member: None,
        draw,
    }
}

fn bust(player: u32, winner: u32) -> Command {
    Command::BustPlayer {
        player: PlayerId(player),
        winner: PlayerId(winner),
        reason: "all in, lost the hand".into(),
    }
}

/// Ten players on two tables of five.
fn started() -> Transcript {
    let t = started_under(profile(), 10);
    assert_eq!(t.tables.len(), 2, "PLO-1: ten players start on two tables");
    t
}

/// Players 1 to `n` registered under `p` and drawn in order.
fn started_under(p: Profile, n: u32) -> Transcript {
    let mut t = Transcript::new(Tournament::new(p));
    for p in 1..=n {
        t.decide(&register(p, None), 0).expect("registered");
    }
    let start = Command::Start {
        draw: (0..n).collect(),
        button_seats: None,
        tables: None,
    };
    t.decide(&start, 0).expect("started");
    t
}

/// Another player at `player`'s table.
fn table_mate(t: &Tournament, player: u32) -> u32 {
    let table = t.players[&PlayerId(player)].table;
    t.players
        .values()
        .find(|p| p.id != PlayerId(player) && p.table == table && p.status == Status::Playing)
        .map(|p| p.id.0)
        .expect("a table mate")
}

fn entered(events: &[TournamentEvent]) -> (u32, TableNo, SeatNo, u32, bool) {
    events
        .iter()
        .find_map(|e| match e {
            TournamentEvent::Entered {
                entry,
                table,
                seat,
                seats,
                sits_out,
                stack,
                ..
            } => {
                assert_eq!(*stack, 10_000, "a new entry gets the full starting stack");
                Some((*entry, *table, *seat, *seats, *sits_out))
            }
            _ => None,
        })
        .expect("an entry")
}

#[test]
fn a_late_registration_draws_a_seat_at_the_shortest_tables_and_the_pool_grows() {
    let mut t = started();
    // Before the draw is given the desk learns how many seats there are to draw.
    let e = t.decide(&register(11, None), 60).expect_err("no draw");
    assert_eq!(e, TournamentError::EntryDrawNeeded { seats: 8 });
    let e = t
        .decide(&register(11, Some(8)), 60)
        .expect_err("out of range");
    assert_eq!(e, TournamentError::EntryDraw { got: 8, seats: 8 });
    // Both tables have five of nine seats taken: eight free seats, table 1's first; draw 5
    // is table 2's second free seat.
    let free_on_2: Vec<u32> = (1..=9)
        .filter(|s| t.tables[1].table.seats[(*s - 1) as usize].is_none())
        .collect();
    let events = t.decide(&register(11, Some(5)), 60).expect("late").to_vec();
    assert!(matches!(events[0], TournamentEvent::Registered { .. }));
    let (entry, table, seat, seats, sits_out) = entered(&events);
    assert_eq!(
        (entry, table, seat.0, seats),
        (1, TableNo(2), free_on_2[1], 8)
    );
    assert!(!sits_out, "a table that has not played deals everyone in");
    assert_eq!(t.players[&PlayerId(11)].status, Status::Playing);
    // The next one goes to table 1, now the shorter: its four free seats only.
    let e = t
        .decide(&register(12, Some(4)), 61)
        .expect_err("table 1 only");
    assert_eq!(e, TournamentError::EntryDraw { got: 4, seats: 4 });
    let events = t.decide(&register(12, Some(0)), 61).expect("late").to_vec();
    assert_eq!(entered(&events).1, TableNo(1));
    // Twelve entries of €20, €2 each to the house: €216 in the pool, paid 60/40.
    let clock = t.clock_view(61);
    assert_eq!(clock.entrants, 12);
    assert_eq!(clock.fees_cents, 2_400);
    assert_eq!(clock.prize_pool_cents, Some(21_600));
    assert_eq!(clock.prizes_cents, vec![12_960, 8_640]);
    assert_eq!(clock.chips_in_play, 120_000);
    assert_eq!(clock.entries_until_level, Some(2));
}

#[test]
fn a_player_out_may_re_enter_once_and_places_wait_for_the_close() {
    let mut t = started();
    let mate = table_mate(&t, 1);
    let events = t.decide(&bust(1, mate), 100).expect("out").to_vec();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TournamentEvent::Busted { place: None, .. })),
        "no place while entries are open: {events:?}"
    );
    assert_eq!(
        t.players[&PlayerId(1)].status,
        Status::Out {
            disqualified: false
        }
    );
    // Still in: no re-entry.
    let e = t
        .decide(
            &Command::Reenter {
                player: PlayerId(2),
                buy_in: "20.00".into(),
                draw: 0,
            },
            110,
        )
        .expect_err("still in");
    assert_eq!(
        e,
        TournamentError::NotOut {
            player: PlayerId(2)
        }
    );
    let reenter = |draw| Command::Reenter {
        player: PlayerId(1),
        buy_in: "20.00".into(),
        draw,
    };
    let events = t.decide(&reenter(0), 120).expect("re-entered").to_vec();
    assert_eq!(entered(&events).0, 2, "his second entry");
    assert_eq!(t.players[&PlayerId(1)].status, Status::Playing);
    assert_eq!(t.clock_view(120).entrants, 11);
    assert_eq!(t.clock_view(120).reentries, 1);
    // Out again: his one re-entry is spent.
    let mate = table_mate(&t, 1);
    t.decide(&bust(1, mate), 200).expect("out again");
    let e = t.decide(&reenter(0), 210).expect_err("spent");
    assert_eq!(
        e,
        TournamentError::ReentryLimit {
            player: PlayerId(1),
            max: 1
        }
    );
    let mate = table_mate(&t, 2);
    t.decide(&bust(2, mate), 300).expect("out");
    // Level 3 (from 30 minutes): a late registration is refused and changes nothing, not
    // even the close.
    let held = serde_json::to_value(t.clone().into_tournament()).expect("json");
    let e = t.decide(&register(20, Some(0)), 1_900).expect_err("closed");
    assert_eq!(
        e,
        TournamentError::EntriesOver {
            until_level: 2,
            level: 3
        }
    );
    assert_eq!(
        serde_json::to_value(t.clone().into_tournament()).expect("json"),
        held
    );
    // The next command accepted closes entries first: of the ten players eight are in; P1
    // went out (for good) before P2, so P2 places 9th and P1 10th. The floor's bust that
    // follows is 8th, the best place out.
    let mate = table_mate(&t, 3);
    let events = t.decide(&bust(3, mate), 1_900).expect("out").to_vec();
    match &events[0] {
        TournamentEvent::EntriesClosed {
            level,
            entries,
            places,
            rules,
        } => {
            assert_eq!((*level, *entries), (3, 11));
            assert_eq!(places, &vec![(PlayerId(2), 9), (PlayerId(1), 10)]);
            assert!(rules.contains(Rule::Tr0b));
        }
        other => panic!("entries close first, got {other:?}"),
    }
    assert!(events.iter().any(|e| matches!(
        e,
        TournamentEvent::Busted {
            player: PlayerId(3),
            place: Some(8),
            ..
        }
    )));
    assert_eq!(t.players[&PlayerId(1)].status, Status::Busted { place: 10 });
    assert_eq!(t.players[&PlayerId(2)].status, Status::Busted { place: 9 });
    // Re-entry is over too, and the clock no longer offers entries.
    assert_eq!(t.clock_view(1_900).entries_until_level, None);
    // Eleven entries paid: the pool stays with them.
    assert_eq!(t.clock_view(1_900).prize_pool_cents, Some(11 * 1_800));
}

#[test]
fn a_new_entry_between_the_small_blind_and_the_button_waits_for_the_button() {
    // Table 1 has played: the last small blind on seat 5, the last big blind on seat 1 (its
    // players sit on seats 1 to 5). The next button is seat 5 and the next small blind seat 1:
    // seats 6 to 9 lie between the button and the small blind (TDA rule 8A).
    let seat_of = |t: &Tournament| {
        t.tables[0]
            .table
            .seats
            .iter()
            .map(Option::is_some)
            .collect::<Vec<_>>()
    };
    let t = started();
    let taken = seat_of(&t);
    let t = t.edited(|t| {
        let ts = &mut t.tables[0];
        // The players of table 1 moved to seats 1 to 5 in their order.
        let players: Vec<_> = ts.table.seats.iter().flatten().copied().collect();
        ts.table.seats = vec![None; 9];
        for (i, p) in players.iter().enumerate() {
            ts.table.seats[i] = Some(*p);
        }
        for (i, p) in players.iter().enumerate() {
            if let Some(pl) = t.players.get_mut(p) {
                pl.seat = Some(SeatNo(i as u32 + 1));
            }
        }
        let ts = &mut t.tables[0];
        ts.last_small_blind = Some(SeatNo(5));
        ts.last_big_blind = Some(SeatNo(1));
        ts.hands_played = 1;
    });
    assert_eq!(taken.iter().filter(|s| **s).count(), 5);
    let mut t = t;
    // Draw 0: table 1's first free seat, seat 6: he waits for the button.
    let events = t.decide(&register(11, Some(0)), 60).expect("late").to_vec();
    let (_, table, seat, _, sits_out) = entered(&events);
    assert_eq!((table, seat), (TableNo(1), SeatNo(6)));
    assert!(
        sits_out,
        "seat 6 lies between the button (5) and the small blind (1)"
    );
    assert!(t.players[&PlayerId(11)].waiting_for_button);

    // The small blind on seat 2 and the big blind on seat 3: seats 6 to 9 are past the big
    // blind, and a new player there is dealt in (he posts nothing until the blinds reach him).
    let mut t = started().edited(|t| {
        let ts = &mut t.tables[0];
        let players: Vec<_> = ts.table.seats.iter().flatten().copied().collect();
        ts.table.seats = vec![None; 9];
        for (i, p) in players.iter().enumerate() {
            ts.table.seats[i] = Some(*p);
            if let Some(pl) = t.players.get_mut(p) {
                pl.seat = Some(SeatNo(i as u32 + 1));
            }
        }
        t.tables[0].last_small_blind = Some(SeatNo(2));
        t.tables[0].last_big_blind = Some(SeatNo(3));
        t.tables[0].hands_played = 1;
    });
    let events = t.decide(&register(11, Some(1)), 60).expect("late").to_vec();
    let (_, table, seat, _, sits_out) = entered(&events);
    assert_eq!((table, seat), (TableNo(1), SeatNo(7)));
    assert!(!sits_out, "seat 7 is past the big blind");
}

#[test]
fn the_end_of_the_tournament_closes_entries_and_places_everyone_out() {
    // Two players, one busts the other while entries are open: the tournament is over and the
    // player out is second.
    let mut t = started_under(profile(), 2);
    let events = t.decide(&bust(2, 1), 100).expect("out").to_vec();
    assert!(events.iter().any(|e| matches!(
        e,
        TournamentEvent::Finished {
            winner: PlayerId(1)
        }
    )));
    let closed = events
        .iter()
        .find_map(|e| match e {
            TournamentEvent::EntriesClosed { places, .. } => Some(places.clone()),
            _ => None,
        })
        .expect("closed with the end");
    assert_eq!(closed, vec![(PlayerId(2), 2)]);
    assert_eq!(t.players[&PlayerId(2)].status, Status::Busted { place: 2 });
    assert_eq!(t.prize_of(PlayerId(2), 100), Some((2, 1_440)));
}

#[test]
fn a_disqualified_player_buys_no_new_entry() {
    let mut t = started();
    let e = t
        .decide(
            &Command::Sanction {
                player: PlayerId(3),
                offence: floorbook_tournament::conduct::Offence::Cheating,
                chips: None,
            },
            100,
        )
        .map(|_| ());
    assert!(e.is_ok(), "{e:?}");
    assert_eq!(
        t.players[&PlayerId(3)].status,
        Status::Out { disqualified: true }
    );
    let e = t
        .decide(
            &Command::Reenter {
                player: PlayerId(3),
                buy_in: "20.00".into(),
                draw: 0,
            },
            110,
        )
        .expect_err("disqualified");
    assert_eq!(
        e,
        TournamentError::DisqualifiedNoEntry {
            player: PlayerId(3)
        }
    );
}

#[test]
fn the_club_rules_play_freeze_outs_and_a_freeze_out_takes_no_late_entry() {
    let mut top18 = builtin("top18").expect("built in").1.expect("reads");
    top18.entries.late_until_level = 3;
    let problems = top18.check();
    assert!(
        problems
            .iter()
            .any(|p| p.field == "entries" && p.rule == Some(Rule::Tr0b)),
        "{problems:?}"
    );
    let mut p = profile();
    p.entries.late_until_level = 99;
    p.entries.reentries = 0;
    assert!(
        p.check()
            .iter()
            .any(|p| p.field == "entries.late_until_level"),
    );
    let mut p = profile();
    p.entries = Entries {
        late_until_level: 0,
        reentries: 2,
        ..Entries::default()
    };
    assert!(p.check().iter().any(|p| p.field == "entries.reentries"));
    // The PLO profile as shipped: a freeze-out.
    let mut t = Transcript::new(Tournament::new(
        builtin("plo27").expect("built in").1.expect("reads"),
    ));
    for p in 1..=3 {
        t.decide(
            &Command::Register {
                player: PlayerId(p),
                name: format!("P{p}"),
                buy_in: "0.00".into(),
                age: 30,
                table: None,
                member: None,
                draw: None,
            },
            0,
        )
        .expect("registered");
    }
    t.decide(
        &Command::Start {
            draw: vec![0, 1, 2],
            button_seats: None,
            tables: None,
        },
        0,
    )
    .expect("started");
    let e = t
        .decide(
            &Command::Register {
                player: PlayerId(9),
                name: "Late".into(),
                buy_in: "0.00".into(),
                age: 30,
                table: None,
                member: None,
                draw: Some(0),
            },
            10,
        )
        .expect_err("freeze-out");
    assert_eq!(e, TournamentError::FreezeOut);
}

/// The house's rebuy format: rebuys at or below the starting stack until the end of level 2,
/// three a player (a double counts two), at €20 each; the add-on in level 3 (15,000 chips for
/// €10).
fn rebuy_profile() -> Profile {
    let mut p = profile();
    p.entries = Entries {
        rebuys: 3,
        rebuy_until_level: 2,
        double_rebuy: true,
        addon_chips: 15_000,
        addon_price: Some("10.00".into()),
        ..Entries::default()
    };
    assert_eq!(p.check(), Vec::new(), "the rebuy profile is sound");
    p
}

fn rebought(events: &[TournamentEvent]) -> (u32, u64, u64, Option<SeatNo>) {
    events
        .iter()
        .find_map(|e| match e {
            TournamentEvent::Rebought {
                count,
                chips,
                stack,
                seat_back,
                ..
            } => Some((*count, *chips, *stack, seat_back.map(|(_, s)| s))),
            _ => None,
        })
        .expect("a rebuy")
}

#[test]
fn rebuys_at_or_below_the_threshold_a_double_the_seat_kept_and_the_add_on() {
    let mut t = started_under(rebuy_profile(), 10);
    let rebuy = |p: u32, double: bool| Command::Rebuy {
        player: PlayerId(p),
        double,
    };
    // P2 holds the starting stack, the threshold: a double rebuy, 20,000 more.
    let events = t.decide(&rebuy(2, true), 60).expect("a double").to_vec();
    assert_eq!(rebought(&events), (2, 20_000, 30_000, None));
    // Now above the threshold.
    let e = t.decide(&rebuy(2, false), 61).expect_err("above");
    assert_eq!(
        e,
        TournamentError::RebuyAbove {
            player: PlayerId(2),
            stack: 30_000,
            threshold: 10_000
        }
    );
    // P1 goes out in the rebuy period: no place, and his rebuy gives him his seat back.
    let seat = t.players[&PlayerId(1)].seat;
    let mate = table_mate(&t, 1);
    t.decide(&bust(1, mate), 100).expect("out");
    assert_eq!(
        t.players[&PlayerId(1)].status,
        Status::Out {
            disqualified: false
        }
    );
    let events = t.decide(&rebuy(1, false), 110).expect("back").to_vec();
    assert_eq!(rebought(&events), (1, 10_000, 10_000, seat));
    assert_eq!(t.players[&PlayerId(1)].status, Status::Playing);
    assert_eq!(t.players[&PlayerId(1)].seat, seat);
    // Two more and he has made his three.
    t.decide(&rebuy(1, true), 120).expect("a double");
    let mate = table_mate(&t, 1);
    t.decide(&bust(1, mate), 130).expect("out again");
    let e = t.decide(&rebuy(1, false), 140).expect_err("spent");
    assert_eq!(
        e,
        TournamentError::RebuyLimit {
            player: PlayerId(1),
            max: 3,
            had: 3
        }
    );
    // No add-on in the rebuy period.
    let add_on = |p: u32| Command::AddOn {
        player: PlayerId(p),
    };
    let e = t.decide(&add_on(3), 200).expect_err("not yet");
    assert_eq!(e, TournamentError::AddOnNotNow { level: 3, now: 1 });
    // Level 3 (30 minutes in): the rebuy period is over; entries close before the add-on
    // (P1, out for good, is placed tenth); the add-on is once a player.
    let e = t.decide(&rebuy(3, false), 1_800).expect_err("over");
    assert_eq!(
        e,
        TournamentError::RebuysOver {
            until_level: 2,
            level: 3
        }
    );
    let before = t.players[&PlayerId(3)].stack;
    let events = t.decide(&add_on(3), 1_800).expect("the add-on").to_vec();
    assert!(matches!(
        &events[0],
        TournamentEvent::EntriesClosed { places, .. } if places == &vec![(PlayerId(1), 10)]
    ));
    assert!(events.iter().any(|e| matches!(
        e,
        TournamentEvent::AddedOn {
            chips: 15_000,
            stack,
            cents: 1_000,
            ..
        } if *stack == before + 15_000
    )));
    let e = t.decide(&add_on(3), 1_810).expect_err("once");
    assert_eq!(
        e,
        TournamentError::AddedOnAlready {
            player: PlayerId(3)
        }
    );
    // The money: ten buy-ins of €20 less €2 fee each, five rebuys at €20 and one add-on at
    // €10 whole: €180 + €100 + €10.
    let clock = t.clock_view(1_810);
    assert_eq!((clock.rebuys, clock.addons), (5, 1));
    assert_eq!(clock.fees_cents, 2_000);
    assert_eq!(clock.prize_pool_cents, Some(29_000));
    // Chips: ten stacks, five rebuys and the add-on.
    assert_eq!(clock.chips_in_play, 100_000 + 50_000 + 15_000);
}

#[test]
fn a_player_out_whose_seat_was_taken_re_enters_instead_of_rebuying() {
    let mut p = rebuy_profile();
    p.entries.late_until_level = 2;
    p.entries.reentries = 1;
    let mut t = started_under(p, 2);
    t.decide(&register(3, Some(0)), 10).expect("late");
    let seat = t.players[&PlayerId(1)].seat.expect("seated");
    t.decide(&bust(1, 2), 20).expect("out");
    // A late player draws P1's empty seat (the first free one).
    let free = t.entry_seat_list();
    let k = free
        .iter()
        .position(|(_, s)| *s == seat)
        .expect("his seat is free");
    t.decide(&register(4, Some(k as u32)), 30).expect("late");
    let e = t
        .decide(
            &Command::Rebuy {
                player: PlayerId(1),
                double: false,
            },
            40,
        )
        .expect_err("seat gone");
    assert_eq!(
        e,
        TournamentError::SeatGone {
            player: PlayerId(1)
        }
    );
}

#[test]
fn tda_8b_a_surrender_takes_the_chips_out_of_play_and_places_the_player() {
    // While entries are open: no place yet, no new entry after it; placed when they close.
    let mut t = started();
    let chips = t.clock_view(50).chips_in_play;
    let events = t
        .decide(
            &Command::Surrender {
                player: PlayerId(4),
            },
            50,
        )
        .expect("surrendered")
        .to_vec();
    assert!(events.iter().any(|e| matches!(
        e,
        TournamentEvent::Surrendered {
            player: PlayerId(4),
            chips: 10_000,
            place: None,
            ..
        }
    )));
    assert_eq!(t.clock_view(50).chips_in_play, chips - 10_000);
    assert_eq!(t.removed_chips, 10_000);
    let e = t
        .decide(
            &Command::Reenter {
                player: PlayerId(4),
                buy_in: "20.00".into(),
                draw: 0,
            },
            60,
        )
        .expect_err("final");
    assert_eq!(
        e,
        TournamentError::SurrenderedNoEntry {
            player: PlayerId(4)
        }
    );
    let mate = table_mate(&t, 5);
    let events = t.decide(&bust(5, mate), 1_900).expect("out").to_vec();
    assert!(matches!(
        &events[0],
        TournamentEvent::EntriesClosed { places, .. } if places == &vec![(PlayerId(4), 10)]
    ));
    assert_eq!(t.players[&PlayerId(4)].status, Status::Busted { place: 10 });
    assert_eq!(t.players[&PlayerId(5)].status, Status::Busted { place: 9 });
    // A freeze-out places him at once.
    let mut top18 = Transcript::new(Tournament::new(
        builtin("top18").expect("built in").1.expect("reads"),
    ));
    for p in 1..=3 {
        top18
            .decide(
                &Command::Register {
                    player: PlayerId(p),
                    name: format!("P{p}"),
                    buy_in: "0.00".into(),
                    age: 30,
                    table: None,
                    member: None,
                    draw: None,
                },
                0,
            )
            .expect("registered");
    }
    top18
        .decide(
            &Command::Start {
                draw: vec![0, 1, 2],
                button_seats: Some(vec![SeatNo(1)]),
                tables: None,
            },
            0,
        )
        .expect("started");
    let events = top18
        .decide(
            &Command::Surrender {
                player: PlayerId(2),
            },
            10,
        )
        .expect("surrendered")
        .to_vec();
    assert!(events.iter().any(|e| matches!(
        e,
        TournamentEvent::Surrendered {
            place: Some(3),
            chips: 1_500,
            ..
        }
    )));
    assert_eq!(
        top18.players[&PlayerId(2)].status,
        Status::Busted { place: 3 }
    );
}
