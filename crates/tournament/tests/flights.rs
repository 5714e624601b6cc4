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
use floorbook_tournament::{Bounty, BountyKind, Carry, Day2, Flight, Profile, builtin};

fn base() -> Profile {
    let mut p = builtin("plo27").expect("built in").1.expect("reads");
    p.buy_ins = vec!["20.00".into()];
    p.payout.fee = Some("2.00".into());
    p.payout.shares = Vec::new();
    p
}

fn flight(day: &str, names: [(&str, Option<&str>); 4]) -> Transcript {
    flight_with(day, names, None)
}

fn flight_with(day: &str, names: [(&str, Option<&str>); 4], bounty: Option<Bounty>) -> Transcript {
    let mut p = base();
    p.bounty = bounty;
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
    start(&mut t);
    t
}

/// Starts the four players' table, seats drawn in registration order.
fn start(t: &mut Transcript) {
    t.decide(
        &Command::Start {
            draw: vec![0, 1, 2, 3],
            button_seats: None,
            tables: None,
        },
        0,
    )
    .expect("started");
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
    day_1a_with(None)
}

fn day_1a_with(bounty: Option<Bounty>) -> FlightResult {
    let mut t = flight_with(
        "1A",
        [
            ("Ann", Some("M-1")),
            ("Bob", None),
            ("Cid", None),
            ("Dan", None),
        ],
        bounty,
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
    day_1b_with(None)
}

fn day_1b_with(bounty: Option<Bounty>) -> FlightResult {
    let mut t = flight_with(
        "1B",
        [
            ("Ann", Some("M-1")),
            ("Eve", None),
            ("Fay", None),
            ("Gus", None),
        ],
        bounty,
    );
    bust(&mut t, 4, 1);
    bust(&mut t, 2, 1);
    t.decide(&Command::EndFlight, 120).expect("ended");
    t.flight_result("main-1b", "bb")
        .expect("a flight that ended")
}

fn day_2(carry: Carry) -> Transcript {
    day_2_with(carry, None)
}

fn day_2_with(carry: Carry, bounty: Option<Bounty>) -> Transcript {
    let mut p = base();
    p.bounty = bounty;
    p.payout.shares = vec![60, 40];
    p.day2 = Some(Day2 {
        event: "main".into(),
        carry,
    });
    assert_eq!(p.check(), Vec::new());
    Transcript::new(Tournament::new(p))
}

fn import(t: &mut Transcript, flight: FlightResult) -> Result<Vec<TournamentEvent>, String> {
    t.decide(
        &Command::ImportFlight {
            flight: Box::new(flight),
        },
        0,
    )
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

/// A progressive knock-out (5.00 of the 20.00 on the head, half to the eliminator in cash).
fn pko() -> Bounty {
    Bounty {
        kind: BountyKind::Progressive,
        amount: "5.00".into(),
        to_eliminator: 50,
        from_level: 0,
        envelopes: Vec::new(),
    }
}

fn bounties_won(events: &[TournamentEvent]) -> Vec<(u32, u32, u64, u64)> {
    events
        .iter()
        .filter_map(|e| match e {
            TournamentEvent::BountyWon { from, shares, .. } => Some(
                shares
                    .iter()
                    .map(|s| (from.0, s.player.0, s.cash, s.onto_head))
                    .collect::<Vec<_>>(),
            ),
            _ => None,
        })
        .flatten()
        .collect()
}

/// The same two flights with a PKO bounty, worked by hand. 1A: Dan out to Ann (2.50 cash,
/// Ann's head 7.50). 1B: Gus, then Eve out to Ann (2.50 cash each, Ann's head 10.00). Each
/// flight put 20.00 on heads: 1A's 2.50 won, Ann 7.50, Bob and Cid 5.00 each; 1B's 5.00 won,
/// Ann 10.00, Fay 5.00. Day 2 (best stack): Ann carries 1B's stack and its 10.00 head; her 1A
/// head (7.50) is no one's to win and goes to the winner. The pool is 160.00 - 16.00 fees -
/// 40.00 bounties = 104.00 (62.40 / 41.60). Day 2: Fay out to Bob (2.50; Bob's head 7.50),
/// Cid out to Ann (2.50; 12.50), Bob out to Ann (3.75; 16.25); Ann wins and takes her head
/// and the 7.50: 23.75. Cash in Day 2 32.50 plus 7.50 in the flights: the 40.00.
#[test]
fn a_pko_head_crosses_from_its_flight_to_day_2_with_the_stack_carried() {
    let a = day_1a_with(Some(pko()));
    let b = day_1b_with(Some(pko()));
    let heads = |r: &FlightResult| -> Vec<(String, u64)> {
        r.survivors
            .iter()
            .map(|s| (s.name.clone(), s.head_cents))
            .collect()
    };
    let row = |n: &str, c: u64| (n.to_string(), c);
    assert_eq!(
        heads(&a),
        [row("Ann", 750), row("Bob", 500), row("Cid", 500)]
    );
    assert_eq!(heads(&b), [row("Ann", 1_000), row("Fay", 500)]);
    let money = |r: &FlightResult| {
        r.bounty
            .as_ref()
            .map(|b| (b.money_cents, b.won_cents, b.unclaimed_cents))
    };
    assert_eq!(money(&a), Some((2_000, 250, 0)));
    assert_eq!(money(&b), Some((2_000, 500, 0)));

    // A Day 2 without the flights' bounty (or with another) refuses them, and changes nothing.
    let mut plain = day_2(Carry::Best);
    assert!(
        import(&mut plain, a.clone())
            .expect_err("another bounty")
            .contains("another bounty")
    );
    assert!(plain.flights.is_empty() && plain.players.is_empty());
    let mut t = day_2_with(Carry::Best, Some(pko()));
    let mut fixed = pko();
    fixed.kind = BountyKind::Knockout;
    let mut other = b.clone();
    other.bounty.as_mut().expect("a bounty").format = fixed;
    assert!(import(&mut t, other).is_err());

    // A result whose bounty money does not add up (a head made larger) is refused.
    let mut forged = a.clone();
    forged.survivors[0].head_cents += 100;
    assert!(
        import(&mut t, forged)
            .expect_err("forged")
            .contains("does not add up")
    );
    assert!(t.flights.is_empty() && t.players.is_empty());
    let first = import(&mut t, a).expect("1A");
    let second = import(&mut t, b).expect("1B");
    let imported = |events: &[TournamentEvent]| {
        events
            .iter()
            .find_map(|e| match e {
                TournamentEvent::FlightImported {
                    players,
                    pool_cents,
                    money,
                    ..
                } => Some((
                    players
                        .iter()
                        .map(|p| (p.player.0, p.kept, p.head_cents))
                        .collect::<Vec<_>>(),
                    *pool_cents,
                    money
                        .clone()
                        .map(|m| (m.bounty_cents, m.bounties_won_cents)),
                )),
                _ => None,
            })
            .expect("imported")
    };
    assert_eq!(
        imported(&first),
        (
            vec![(1, true, 750), (2, true, 500), (3, true, 500)],
            5_200,
            Some((2_000, 250))
        )
    );
    assert_eq!(
        imported(&second),
        (
            vec![(1, true, 1_000), (4, true, 500)],
            5_200,
            Some((2_000, 500))
        )
    );
    assert_eq!(t.head(PlayerId(1)), 1_000);
    // What Ann won in the flights: 2.50 in 1A, 5.00 in 1B.
    assert_eq!(t.flight_bounties_won().get(&PlayerId(1)), Some(&750));
    assert_eq!(t.flight_bounties_won().get(&PlayerId(2)), None);
    assert_eq!(t.bounties_unclaimed, 750);
    assert_eq!(t.bounty_money(), 4_000);
    let clock = t.clock_view(0);
    assert_eq!(clock.prize_pool_cents, Some(10_400));
    assert_eq!(clock.prizes_cents, [6_240, 4_160]);

    start(&mut t);
    for (out, by) in [(4, 2), (3, 1), (2, 1)] {
        bust(&mut t, out, by);
    }
    let won = bounties_won(&t.events);
    assert_eq!(
        won,
        [
            (4, 2, 250, 250),
            (3, 1, 250, 250),
            (2, 1, 375, 375),
            (1, 1, 2_375, 0)
        ]
    );
    let day2_cash: u64 = won.iter().map(|w| w.2).sum();
    assert_eq!(
        day2_cash + 250 + 500,
        4_000,
        "every cent of bounty money paid once"
    );
}

/// The first stack carried: Ann's 1B stack stays out, and its head (10.00) with it, to the
/// winner; Day 2's heads, what went to no one and what the flights paid still make 40.00.
#[test]
fn a_head_on_a_stack_not_carried_goes_to_the_winner() {
    let mut t = day_2_with(Carry::First, Some(pko()));
    import(&mut t, day_1a_with(Some(pko()))).expect("1A");
    let events = import(&mut t, day_1b_with(Some(pko()))).expect("1B");
    assert!(events.iter().any(|e| matches!(
        e,
        TournamentEvent::FlightImported { players, .. }
            if players[0].player == PlayerId(1) && !players[0].kept && players[0].head_cents == 1_000
    )));
    assert_eq!(t.head(PlayerId(1)), 750);
    assert_eq!(t.bounties_unclaimed, 1_000);
    let heads: u64 = (1..=4).map(|p| t.head(PlayerId(p))).sum();
    assert_eq!(heads + t.bounties_unclaimed + 250 + 500, 4_000);
}

/// A mystery bounty's envelopes are Day 2's: a flight fills none (its busts win nothing) and
/// hands its whole bounty money on.
#[test]
fn a_mystery_bounty_s_money_crosses_whole_to_day_2() {
    let mystery = Bounty {
        kind: BountyKind::Mystery,
        amount: "5.00".into(),
        to_eliminator: 50,
        from_level: 2,
        envelopes: vec![50],
    };
    let a = day_1a_with(Some(mystery.clone()));
    assert_eq!(
        a.bounty.as_ref().map(|b| (b.money_cents, b.won_cents)),
        Some((2_000, 0))
    );
    assert!(a.survivors.iter().all(|s| s.head_cents == 0));
    let mut t = day_2_with(Carry::Best, Some(mystery.clone()));
    import(&mut t, a).expect("1A");
    import(&mut t, day_1b_with(Some(mystery))).expect("1B");
    assert_eq!(t.bounty_money(), 4_000);
}

/// Day 2's standings show what those out in the flights won there: Eve knocked Gus out in 1B
/// (half his head in cash, 2.50) before Ann knocked her out (half of Eve's grown 7.50).
#[test]
fn what_a_player_out_in_a_flight_won_there_is_known_on_day_2() {
    let mut f = flight_with(
        "1B",
        [
            ("Ann", Some("M-1")),
            ("Eve", None),
            ("Fay", None),
            ("Gus", None),
        ],
        Some(pko()),
    );
    bust(&mut f, 4, 2);
    bust(&mut f, 2, 1);
    f.decide(&Command::EndFlight, 120).expect("ended");
    let b = f
        .flight_result("main-1b", "bb")
        .expect("a flight that ended");
    let mut t = day_2_with(Carry::Best, Some(pko()));
    import(&mut t, day_1a_with(Some(pko()))).expect("1A");
    import(&mut t, b).expect("1B");
    start(&mut t);
    let out: Vec<(String, u32)> = t
        .flight_places()
        .into_iter()
        .map(|p| (p.name, p.place))
        .collect();
    assert_eq!(out.len(), 3, "Dan, Gus and Eve out in the flights: {out:?}");
    let won = t.flight_bounties_by_person();
    assert_eq!(won.of("Eve", None), 250);
    assert_eq!(won.of("Gus", None), 0);
    assert_eq!(won.of("Dan", None), 0);
    // Ann (one person by her member ID across both flights): 2.50 in 1A, 3.75 in 1B.
    assert_eq!(won.of("Ann", Some("M-1")), 625);
    assert_eq!(t.flight_bounties_won().get(&PlayerId(1)), Some(&625));
}
