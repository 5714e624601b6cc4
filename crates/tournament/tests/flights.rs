//! Issue 39, an event played in two flights, worked by hand. plo27 (10,000 chips) with a 20.00
//! buy-in and a 2.00 fee; each flight four players.
//!
//! - Day 1A: Ann (member M-1), Bob, Cid, Dan. Dan goes out to Ann (4th of 4); the flight ends:
//!   Ann bags 20,000, Bob and Cid 10,000 each.
//! - Day 1B: Ann again, Eve, Fay, Gus. Gus goes out to Ann (4th), then Eve (3rd): Ann bags
//!   30,000, Fay 10,000.
//! - Day 2: eight entries paid 160.00, the fees 16.00: a pool of 144.00, paid 60/40: 86.40
//!   and 57.60. Four players: Ann (her best stack, 30,000; her first would be 20,000), Bob,
//!   Cid, Fay. Those out in the flights are placed under them by the share of their flight
//!   they outlasted: Eve (3rd of 4: half the field still in) 5th; Dan and Gus (4th of 4) 6th
//!   and 7th, Dan's flight first.

use floorbook_tournament::command::Command;
use floorbook_tournament::engine::{FlightResult, Tournament, TournamentEvent};
use floorbook_tournament::seating::PlayerId;
use floorbook_tournament::transcript::Transcript;
use floorbook_tournament::{Carry, Day2, Flight, Profile, builtin};

fn base() -> Profile {
    let mut p = builtin("plo27").expect("built in").1.expect("reads");
    p.buy_ins = vec!["20.00".into()];
    p.payout.fee = Some("2.00".into());
    p.payout.shares = Vec::new();
    p
}

fn flight(day: &str, names: [(&str, Option<&str>); 4]) -> Transcript {
    let mut p = base();
    p.flight = Some(Flight {
        event: "main".into(),
        day: day.into(),
    });
    assert_eq!(p.check(), Vec::new());
    let mut t = Transcript::new(Tournament::new(p));
    for (i, (name, member)) in names.iter().enumerate() {
        t.decide(
            &Command::Register {
                player: PlayerId(i as u32 + 1),
                name: (*name).into(),
                buy_in: "20.00".into(),
                age: 30,
                table: None,
                member: member.map(str::to_string),
                draw: None,
            },
            0,
        )
        .expect("registered");
    }
    t.decide(
        &Command::Start {
            draw: vec![0, 1, 2, 3],
            button_seats: None,
            tables: None,
        },
        0,
    )
    .expect("started");
    t
}

fn bust(t: &mut Transcript, player: u32, winner: u32) {
    t.decide(
        &Command::BustPlayer {
            player: PlayerId(player),
            winner: PlayerId(winner),
            reason: "all in, not keyed in".into(),
        },
        60,
    )
    .expect("out");
}

fn day_1a() -> FlightResult {
    let mut t = flight(
        "1A",
        [
            ("Ann", Some("M-1")),
            ("Bob", None),
            ("Cid", None),
            ("Dan", None),
        ],
    );
    bust(&mut t, 4, 1);
    let events = t.decide(&Command::EndFlight, 120).expect("ended").to_vec();
    assert!(matches!(
        &events[..],
        [TournamentEvent::FlightEnded { entries: 4, players, .. }]
            if players == &[(PlayerId(1), 20_000), (PlayerId(2), 10_000), (PlayerId(3), 10_000)]
    ));
    assert!(t.finished);
    // Ended is ended: no second end, no hand.
    assert!(t.decide(&Command::EndFlight, 130).is_err());
    t.flight_result("main-1a", "aa")
        .expect("a flight that ended")
}

fn day_1b() -> FlightResult {
    let mut t = flight(
        "1B",
        [
            ("Ann", Some("M-1")),
            ("Eve", None),
            ("Fay", None),
            ("Gus", None),
        ],
    );
    bust(&mut t, 4, 1);
    bust(&mut t, 2, 1);
    t.decide(&Command::EndFlight, 120).expect("ended");
    t.flight_result("main-1b", "bb")
        .expect("a flight that ended")
}

fn day_2(carry: Carry) -> Transcript {
    let mut p = base();
    p.payout.shares = vec![60, 40];
    p.day2 = Some(Day2 {
        event: "main".into(),
        carry,
    });
    assert_eq!(p.check(), Vec::new());
    Transcript::new(Tournament::new(p))
}

fn import(t: &mut Transcript, flight: FlightResult) -> Result<Vec<TournamentEvent>, String> {
    t.decide(&Command::ImportFlight { flight }, 0)
        .map(<[TournamentEvent]>::to_vec)
        .map_err(|e| e.to_string())
}

#[test]
fn a_flight_s_result_is_its_entries_money_and_the_stacks_bagged() {
    let a = day_1a();
    assert_eq!((a.entries, a.players), (4, 4));
    assert_eq!((a.paid_cents, a.fees_cents), (8_000, 800));
    let bagged: Vec<(&str, u64)> = a
        .survivors
        .iter()
        .map(|s| (s.name.as_str(), s.stack))
        .collect();
    assert_eq!(bagged, [("Ann", 20_000), ("Bob", 10_000), ("Cid", 10_000)]);
    assert_eq!(a.survivors[0].member.as_deref(), Some("M-1"));
    assert_eq!(a.out.len(), 1);
    assert_eq!((a.out[0].name.as_str(), a.out[0].place), ("Dan", 4));
}

#[test]
fn day_2_seats_the_flights_players_with_their_best_stack_and_pays_one_pool() {
    let mut t = day_2(Carry::Best);
    assert!(
        t.decide(
            &Command::Start {
                draw: vec![],
                button_seats: None,
                tables: None
            },
            0
        )
        .expect_err("no flights")
        .to_string()
        .contains("import them first")
    );
    import(&mut t, day_1a()).expect("1A");
    let events = import(&mut t, day_1b()).expect("1B");
    // Ann is Day 2's player 1 already: her 1B stack is better and is kept; Fay is new.
    assert!(events.iter().any(|e| matches!(
        e,
        TournamentEvent::FlightImported { day, entries: 4, pool_cents: 7_200, players, .. }
            if day == "1B"
                && players.iter().map(|p| (p.player.0, p.stack, p.kept)).collect::<Vec<_>>()
                    == [(1, 30_000, true), (4, 10_000, true)]
    )));
    // The same flight twice, or another event's, is refused and changes nothing.
    assert!(
        import(&mut t, day_1a())
            .expect_err("twice")
            .contains("imported already")
    );
    let mut other = day_1a();
    other.chain = "side-1a".into();
    other.event = "side".into();
    assert!(
        import(&mut t, other)
            .expect_err("side")
            .contains("feeds event")
    );
    let clock = t.clock_view(0);
    assert_eq!(clock.entrants, 8);
    assert_eq!(clock.prize_pool_cents, Some(14_400));
    assert_eq!(clock.prizes_cents, [8_640, 5_760]);
    assert_eq!(clock.chips_in_play, 60_000);
    let started = t
        .decide(
            &Command::Start {
                draw: vec![0, 1, 2, 3],
                button_seats: None,
                tables: None,
            },
            0,
        )
        .expect("started")
        .to_vec();
    let stacks: Vec<(u32, Option<u64>)> = started
        .iter()
        .filter_map(|e| match e {
            TournamentEvent::Seated { player, stack, .. } => Some((player.0, *stack)),
            _ => None,
        })
        .collect();
    assert_eq!(stacks.len(), 4);
    assert!(stacks.contains(&(1, Some(30_000))));
    assert!(stacks.contains(&(4, Some(10_000))));
    let ranked: Vec<(String, String, u32, u32)> = started
        .iter()
        .find_map(|e| match e {
            TournamentEvent::FlightsRanked { places, .. } => Some(
                places
                    .iter()
                    .map(|p| (p.name.clone(), p.day.clone(), p.flight_place, p.place))
                    .collect(),
            ),
            _ => None,
        })
        .expect("ranked");
    let row = |n: &str, d: &str, f: u32, p: u32| (n.to_string(), d.to_string(), f, p);
    assert_eq!(
        ranked,
        [
            row("Eve", "1B", 3, 5),
            row("Dan", "1A", 4, 6),
            row("Gus", "1B", 4, 7)
        ]
    );
    assert_eq!(t.chips_in_play(), 60_000);
}

#[test]
fn day_2_carries_the_first_stack_where_the_house_says_so() {
    let mut t = day_2(Carry::First);
    import(&mut t, day_1a()).expect("1A");
    let events = import(&mut t, day_1b()).expect("1B");
    assert!(events.iter().any(|e| matches!(
        e,
        TournamentEvent::FlightImported { players, .. } if players[0].stack == 30_000 && !players[0].kept
    )));
    assert_eq!(t.carried[&PlayerId(1)], 20_000);
    // A result whose chips would pass what a tournament counts is refused, and a place 0
    // read from it panics nothing.
    let mut huge = day_1a();
    huge.chain = "main-1c".into();
    huge.survivors[0].stack = u64::MAX;
    huge.out[0].place = 0;
    assert!(
        import(&mut t, huge.clone())
            .expect_err("too many chips")
            .contains("pass the limit")
    );
    huge.survivors[0].stack = 1;
    import(&mut t, huge).expect("imported");
    assert_eq!(t.flight_places()[0].name, "Dan");
}

#[test]
fn only_a_flight_ends_and_only_between_hands() {
    let mut t = flight(
        "1A",
        [("Ann", None), ("Bob", None), ("Cid", None), ("Dan", None)],
    );
    t.decide(
        &Command::StartHand {
            table: floorbook_tournament::seating::TableNo(1),
        },
        60,
    )
    .expect("a hand");
    assert!(
        t.decide(&Command::EndFlight, 60)
            .expect_err("in a hand")
            .to_string()
            .contains("between hands")
    );
    // Chips waiting for a table's next hand (a forfeit, an odd chip) keep the flight going:
    // that hand is played first.
    let mut t = flight(
        "1A",
        [("Ann", None), ("Bob", None), ("Cid", None), ("Dan", None)],
    )
    .edited(|t| {
        if let Some(p) = t.players.get_mut(&PlayerId(1)) {
            p.stack -= 3;
        }
        t.tables[0].carried = 3;
    });
    let before = t.events.len();
    assert!(
        t.decide(&Command::EndFlight, 60)
            .expect_err("chips carried")
            .to_string()
            .contains("carries 3 chips to its next hand")
    );
    assert_eq!(t.events.len(), before);
    // A chain that is no flight has nothing to end; a flight pays no prizes of its own.
    let mut p = base();
    p.payout.shares = vec![100];
    let mut plain = Transcript::new(Tournament::new(p.clone()));
    assert!(
        plain
            .decide(&Command::EndFlight, 0)
            .expect_err("no flight")
            .to_string()
            .contains("no flight")
    );
    p.flight = Some(Flight {
        event: "main".into(),
        day: "1A".into(),
    });
    assert!(p.check().iter().any(|problem| problem.field == "payout"));
}
