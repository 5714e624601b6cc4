//! The tournament engine, scripted hand by hand: one test per rule.

use floorbook_cards::Card;
use floorbook_hand::Turns;
use floorbook_hand::{Chips, Pos};
use floorbook_rules::Rule;
use floorbook_tournament::command::{Command, Correction, HandCommand};
use floorbook_tournament::engine::{Status, Tournament, TournamentError, TournamentEvent};
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo};
use floorbook_tournament::transcript::Transcript;
use floorbook_tournament::{Profile, builtin};

/// The floor's and the dealer's commands as the tests send them, each through
/// `Transcript::decide` (the engine's one way in).
trait Floor {
    fn send(&mut self, command: Command, at: u64) -> Result<Vec<TournamentEvent>, TournamentError>;

    fn register(
        &mut self,
        player: PlayerId,
        name: &str,
        age: u32,
        buy_in: &str,
    ) -> Result<(), TournamentError> {
        let command = Command::Register {
            member: None,
            player,
            name: name.into(),
            buy_in: buy_in.into(),
            age,
            table: None,
            draw: None,
        };
        self.send(command, 0).map(|_| ())
    }

    fn start(
        &mut self,
        draw: &[u32],
        button_seats: Option<&[SeatNo]>,
    ) -> Result<(), TournamentError> {
        let command = Command::Start {
            draw: draw.to_vec(),
            button_seats: button_seats.map(<[SeatNo]>::to_vec),
            tables: None,
        };
        self.send(command, 0).map(|_| ())
    }

    /// The hand's number.
    fn start_hand(&mut self, table: TableNo, at: u64) -> Result<u64, TournamentError> {
        let events = self.send(Command::StartHand { table }, at)?;
        Ok(events
            .iter()
            .find_map(|e| match e {
                TournamentEvent::HandStarted { hand, .. } => Some(*hand),
                _ => None,
            })
            .expect("a started hand"))
    }

    fn act(&mut self, table: TableNo, action: HandCommand) -> Result<(), TournamentError>;

    fn show_after(
        &mut self,
        table: TableNo,
        pos: Pos,
        cards: Vec<Card>,
    ) -> Result<(), TournamentError> {
        self.act(table, HandCommand::ShowAfterHand { pos, cards })
    }

    fn floor_ruling(
        &mut self,
        player: Option<PlayerId>,
        ruling: &str,
        rule: Rule,
        overrides: Option<u64>,
    );

    fn set_absent(&mut self, player: PlayerId, absent: bool) -> Result<(), TournamentError>;

    fn remove_no_show(&mut self, player: PlayerId, at: u64) -> Result<(), TournamentError> {
        self.send(Command::RemoveNoShow { player }, at).map(|_| ())
    }

    /// When the clock runs out.
    fn call_clock(&mut self, table: TableNo, at: u64) -> Result<u64, TournamentError> {
        let events = self.send(Command::CallClock { table }, at)?;
        Ok(events
            .iter()
            .find_map(|e| match e {
                TournamentEvent::ClockCalled { expires_at, .. } => Some(*expires_at),
                _ => None,
            })
            .expect("a called clock"))
    }

    /// Whether the clock had run out.
    fn check_clock(&mut self, table: TableNo, at: u64) -> Result<bool, TournamentError> {
        let events = self.send(Command::CheckClock { table }, at)?;
        Ok(!events.is_empty())
    }

    fn run_chip_race(&mut self, table: TableNo, cards: &[Card]) -> Result<(), TournamentError>;
}

impl Floor for Transcript {
    fn send(&mut self, command: Command, at: u64) -> Result<Vec<TournamentEvent>, TournamentError> {
        self.decide(&command, at).map(<[TournamentEvent]>::to_vec)
    }

    fn act(&mut self, table: TableNo, action: HandCommand) -> Result<(), TournamentError> {
        let at = self.clock;
        self.send(Command::Hand { table, action }, at).map(|_| ())
    }

    fn floor_ruling(
        &mut self,
        player: Option<PlayerId>,
        ruling: &str,
        rule: Rule,
        overrides: Option<u64>,
    ) {
        let at = self.clock;
        let command = Command::FloorRuling {
            player,
            ruling: ruling.into(),
            rule,
            overrides,
        };
        self.send(command, at).expect("a ruling is recorded");
    }

    fn set_absent(&mut self, player: PlayerId, absent: bool) -> Result<(), TournamentError> {
        let at = self.clock;
        self.send(Command::SetAbsent { player, absent }, at)
            .map(|_| ())
    }

    fn run_chip_race(&mut self, table: TableNo, cards: &[Card]) -> Result<(), TournamentError> {
        let at = self.clock;
        let command = Command::ChipRace {
            table,
            cards: cards.to_vec(),
        };
        self.send(command, at).map(|_| ())
    }
}

const T1: TableNo = TableNo(1);

fn profile(name: &str) -> Profile {
    builtin(name).expect("built in").1.expect("reads")
}

fn card(s: &str) -> Card {
    s.parse().expect("card")
}

/// Three players at one table, player i in seat i, the button on seat 1.
fn three_handed() -> Transcript {
    let mut t = Transcript::new(Tournament::new(profile("top18")));
    for i in 1..=3 {
        t.register(PlayerId(i), &format!("P{i}"), 30, "0.00")
            .expect("register");
    }
    t.start(&[0, 1, 2], Some(&[SeatNo(1)])).expect("start");
    t
}

/// The tournament with its state set by hand (stacks, a level), as a test's starting point.
fn edited(t: Transcript, edit: impl FnOnce(&mut Tournament)) -> Transcript {
    t.edited(edit)
}

fn deal(t: &mut Transcript, holes: &[&str]) {
    for (pos, h) in holes.iter().enumerate() {
        let cs = [Some(card(&h[..2])), Some(card(&h[2..]))];
        t.act(
            T1,
            HandCommand::DealHole {
                pos: Pos(pos),
                cards: cs.to_vec(),
            },
        )
        .expect("deal");
    }
}

#[test]
fn tr_6_an_absent_player_is_checked_when_he_can_and_folded_when_a_bet_is_due() {
    let mut t = three_handed();
    t.set_absent(PlayerId(3), true).expect("away");
    t.start_hand(T1, 0).expect("hand");
    deal(&mut t, &["2c7d", "AcAd", "KcKd"]);
    // Button P1 calls, small blind P2 completes: the absent big blind P3 checks his option.
    t.act(T1, HandCommand::CheckOrCall { pos: Pos(2) })
        .expect("call");
    t.act(T1, HandCommand::CheckOrCall { pos: Pos(0) })
        .expect("call");
    let acted: Vec<(String, bool)> = t
        .events
        .iter()
        .filter_map(|e| match e {
            TournamentEvent::ActedFor { action, rules, .. } => {
                Some((action.clone(), rules.contains(Rule::Tr6)))
            }
            _ => None,
        })
        .collect();
    assert_eq!(acted, vec![("check".to_string(), true)]);
    // On the flop P2 bets: P3 is folded.
    let flop: Vec<Card> = ["3h", "8s", "9d"].iter().map(|c| card(c)).collect();
    t.act(
        T1,
        HandCommand::DealBoard {
            cards: flop.to_vec(),
        },
    )
    .expect("flop");
    t.act(
        T1,
        HandCommand::BetOrRaiseTo {
            pos: Pos(0),
            to: Chips(40),
        },
    )
    .expect("bet");
    assert!(
        !t.hand(T1).is_some_and(|h| h.is_active(Pos(1))),
        "the absent player is folded"
    );
}

#[test]
fn tr_19_an_expired_clock_kills_the_hand() {
    let mut t = three_handed();
    t.start_hand(T1, 0).expect("hand");
    deal(&mut t, &["2c7d", "AcAd", "KcKd"]);
    let expires = t.call_clock(T1, 100).expect("clock");
    assert_eq!(expires, 100 + 30 + 10);
    assert!(!t.check_clock(T1, 139).expect("not yet"));
    assert!(t.check_clock(T1, 140).expect("expired"));
    assert!(
        !t.hand(T1).is_some_and(|h| h.is_active(Pos(2))),
        "the button's hand is dead"
    );
    assert!(t.events.iter().any(
        |e| matches!(e, TournamentEvent::ClockExpired { rules, .. } if rules.contains(Rule::Tr19))
    ));
}

/// TR-19: a called clock runs on the player to act; once he has acted it is spent: when its
/// time is up the next player's hand is not killed (the clock was not his), and only a new call
/// starts a clock on him, which then kills his hand when it runs out.
#[test]
fn tr_19_a_clock_is_spent_once_its_player_acts() {
    let mut t = three_handed();
    t.start_hand(T1, 0).expect("hand");
    deal(&mut t, &["2c7d", "AcAd", "KcKd"]);
    let first = t.hand(T1).and_then(|h| h.actor()).expect("someone acts");
    let expires = t.call_clock(T1, 100).expect("clock");
    t.act(T1, HandCommand::CheckOrCall { pos: first })
        .expect("he acts in time");
    let next = t.hand(T1).and_then(|h| h.actor()).expect("the next acts");
    assert!(
        !t.check_clock(T1, expires + 5).expect("checked"),
        "the spent clock kills nothing"
    );
    assert!(
        t.hand(T1).is_some_and(|h| h.is_active(next)),
        "his hand lives"
    );
    assert!(
        t.tables.iter().all(|ts| ts.clock.is_none()),
        "no clock runs after its player acted"
    );
    let again = t.call_clock(T1, expires + 10).expect("a new call");
    assert!(!t.check_clock(T1, again - 1).expect("not yet"));
    assert!(t.check_clock(T1, again).expect("his clock ran out"));
    assert!(
        !t.hand(T1).is_some_and(|h| h.is_active(next)),
        "his hand is dead"
    );
}

/// TR-26: "Die Entscheidungen der Turnierleitung sind endgültig." A ruling is recorded with
/// its reason, TR-26 and the rule it rests on, and the decision it overrides; it is a record,
/// not a change of play: stacks, seats and hands are as before (its effects come with the
/// floor's commands), and the log still re-derives. (That an override must name a recorded
/// decision is the desk's check: `service_desk.rs`, `rulings_point_at_real_events`.)
#[test]
fn tr_26_a_floor_ruling_overrides_with_a_reason_and_a_rule() {
    let mut t = three_handed();
    let before = serde_json::to_value(&*t).expect("state");
    t.floor_ruling(
        Some(PlayerId(2)),
        "the bet was declared before the chips crossed the line",
        Rule::Tr21,
        Some(42),
    );
    let ruling = t.events.iter().find_map(|e| match e {
        TournamentEvent::FloorRuling {
            overrides, rules, ..
        } => Some((
            *overrides,
            rules.contains(Rule::Tr26),
            rules.contains(Rule::Tr21),
        )),
        _ => None,
    });
    assert_eq!(ruling, Some((Some(42), true, true)));
    assert_eq!(
        serde_json::to_value(&*t).expect("state"),
        before,
        "a ruling changes no stack, seat or hand"
    );
    let reason = t.events.iter().find_map(|e| match e {
        TournamentEvent::FloorRuling { ruling, player, .. } => Some((ruling.clone(), *player)),
        _ => None,
    });
    assert_eq!(
        reason,
        Some((
            "the bet was declared before the chips crossed the line".to_string(),
            Some(PlayerId(2))
        ))
    );
    floorbook_tournament::rederive::Rederiver::new(profile("top18"), t.events.clone())
        .run_to_end()
        .expect("the ruling re-derives");
}

#[test]
fn tr_15_the_chip_race_runs_after_level_5_on_the_odd_chips() {
    // Give the stacks odd tens: 1510, 1480, 1510 (one hand's worth of blinds moved).
    let mut t = edited(three_handed(), |t| {
        for (p, s) in [(1, 1510), (2, 1480), (3, 1510)] {
            if let Some(pl) = t.players.get_mut(&PlayerId(p)) {
                pl.stack = s;
            }
        }
    });
    // top18's level 5 ends at 5 × 12 min = 3600 s (TR-13): the race is due then, before the
    // table's first hand of level 6, and no hand starts while it is due.
    assert!(
        t.chip_race_due(T1, 3599).is_none(),
        "not before level 5 is over"
    );
    let (_, denomination, holdings, cards) = t.chip_race_due(T1, 3600).expect("due at 3600 s");
    assert!(matches!(
        t.start_hand(T1, 3600),
        Err(TournamentError::RaceDue {
            denomination: 10,
            ..
        })
    ));
    assert_eq!(denomination, 10);
    // Stacks are held in as few chips as possible: 1510 = ... + 50 + 10 has one odd ten;
    // 1480 = ... + 50 + 3 x 10 has three. Five odd tens in all.
    let odd: Vec<u64> = holdings.iter().map(|h| h.chips).collect();
    assert_eq!(odd.iter().sum::<u64>(), 5);
    assert_eq!(cards, 5);
}

#[test]
fn tr_15_tens_then_fifties_are_raced_and_the_books_record_the_change() {
    let mut t = edited(three_handed(), |t| {
        for (p, s) in [(1, 1510), (2, 1480), (3, 1510)] {
            if let Some(pl) = t.players.get_mut(&PlayerId(p)) {
                pl.stack = s;
            }
        }
        t.level = 5;
    });
    let cards: Vec<Card> = ["2c", "3c", "4c", "5c", "Ac"]
        .iter()
        .map(|c| card(c))
        .collect();
    t.run_chip_race(T1, &cards).expect("tens");
    // The fifties follow: every stack now holds whole hundreds and fifties only.
    let (_, denomination, holdings, needed) = t.chip_race_due(T1, 3600).expect("fifties due");
    assert_eq!(denomination, 50);
    let deck: Vec<Card> = ["6d", "7d", "8d", "9d"].iter().map(|c| card(c)).collect();
    t.run_chip_race(T1, &deck[..needed]).expect("fifties");
    assert!(t.chip_race_due(T1, 3600).is_none());
    let total: u64 = t.players.values().map(|p| p.stack).sum();
    assert_eq!(
        total as i64,
        4500 + t.race_delta,
        "every chip accounted for"
    );
    assert!(
        t.players.values().all(|p| p.stack % 100 == 0),
        "only hundreds and up remain"
    );
    let raced = t
        .events
        .iter()
        .filter(|e| matches!(e, TournamentEvent::ChipRaced { .. }))
        .count();
    assert_eq!(raced, 2);
    let _ = holdings;
}

#[test]
fn tr_0a_and_tr_0b_registration_is_checked() {
    let mut t = Transcript::new(Tournament::new(profile("top18")));
    assert!(matches!(
        t.register(PlayerId(1), "Kid", 17, "0.00"),
        Err(TournamentError::TooYoung { min: 18, .. })
    ));
    let err = t
        .register(PlayerId(1), "Adult", 18, "9.99")
        .expect_err("no such buy-in");
    assert!(err.to_string().contains("TR-0b"), "{err}");
    assert!(t.register(PlayerId(1), "Adult", 18, "7.50").is_ok());
    assert!(matches!(
        t.register(PlayerId(1), "Again", 40, "7.50"),
        Err(TournamentError::AlreadyRegistered(_))
    ));
    assert!(matches!(
        t.start(&[0], None),
        Err(TournamentError::TooFewPlayers(1))
    ));
}

#[test]
fn tr_6_a_no_show_loses_seat_and_stack_after_ten_minutes() {
    let mut t = Transcript::new(Tournament::new(profile("top18")));
    for i in 1..=4 {
        t.register(PlayerId(i), &format!("P{i}"), 30, "0.00")
            .expect("register");
    }
    t.set_absent(PlayerId(4), true).expect("away at the start");
    t.start(&[0, 1, 2, 3], Some(&[SeatNo(1)])).expect("start");
    let chips = t.chips_in_play();
    // Too early: the refusal names TR-6 and the limit, and nothing changes.
    let before = t.events.len();
    match t.remove_no_show(PlayerId(4), 599) {
        Err(
            e @ TournamentError::NoShow {
                limit: 600,
                rule: Rule::Tr6,
                ..
            },
        ) => {
            assert!(e.to_string().contains("TR-6"), "{e}")
        }
        other => panic!("{other:?}"),
    }
    // A player who was there at the start is not a no-show.
    assert!(matches!(
        t.remove_no_show(PlayerId(1), 900),
        Err(TournamentError::NoShow { .. })
    ));
    assert_eq!(t.events.len(), before);
    // Ten minutes in: removed with his stack, placed as the next one out.
    t.remove_no_show(PlayerId(4), 600).expect("removed");
    assert!(matches!(
        t.events.last(),
        Some(TournamentEvent::NoShowRemoved { player: PlayerId(4), stack: 1500, place: Some(4), rules, .. })
            if rules.contains(Rule::Tr6)
    ));
    assert_eq!(t.players[&PlayerId(4)].status, Status::Busted { place: 4 });
    assert_eq!(t.chips_in_play(), chips - 1500);
    assert_eq!(t.removed_chips, 1500);
    // Someone who came back in time is safe.
    let mut t = Transcript::new(Tournament::new(profile("top18")));
    for i in 1..=3 {
        t.register(PlayerId(i), &format!("P{i}"), 30, "0.00")
            .expect("register");
    }
    t.set_absent(PlayerId(3), true).expect("away");
    t.start(&[0, 1, 2], Some(&[SeatNo(1)])).expect("start");
    t.set_absent(PlayerId(3), false).expect("back");
    assert!(t.remove_no_show(PlayerId(3), 700).is_err());
}

#[test]
fn plo_1_a_no_show_seat_goes_to_the_first_waiting_player() {
    let p = profile("plo27");
    let cap = p.max_players.expect("PLO-1 caps the field");
    let mut t = Transcript::new(Tournament::new(p));
    for i in 1..=cap + 2 {
        t.register(PlayerId(i), &format!("P{i}"), 30, "0.00")
            .expect("register");
    }
    t.set_absent(PlayerId(5), true).expect("away at the start");
    let draw: Vec<u32> = (0..cap).collect();
    t.start(&draw, None).expect("start");
    let (table, seat, stack) = {
        let pl = &t.players[&PlayerId(5)];
        (pl.table, pl.seat, pl.stack)
    };
    let chips = t.chips_in_play();
    t.remove_no_show(PlayerId(5), 600).expect("replaced");
    let first_waiting = PlayerId(cap + 1);
    assert!(matches!(
        t.events.last(),
        Some(TournamentEvent::NoShowReplaced { player: PlayerId(5), by, rules, .. })
            if *by == first_waiting && rules.contains(Rule::Plo1)
    ));
    let by = &t.players[&first_waiting];
    assert_eq!((by.table, by.seat, by.stack), (table, seat, stack));
    assert_eq!(by.status, Status::Playing);
    assert_eq!(t.chips_in_play(), chips, "the stack stays in play");
    assert_eq!(t.players[&PlayerId(cap + 2)].status, Status::WaitListed);
}

#[test]
fn tr_5_no_hand_starts_during_a_break() {
    let mut p = profile("top18");
    p.levels.breaks = vec![[1, 10]];
    let mut t = Transcript::new(Tournament::new(p));
    for i in 1..=3 {
        t.register(PlayerId(i), &format!("P{i}"), 30, "0.00")
            .expect("register");
    }
    t.start(&[0, 1, 2], Some(&[SeatNo(1)])).expect("start");
    let before = t.events.len();
    match t.start_hand(T1, 12 * 60 + 5) {
        Err(e @ TournamentError::OnBreak { after: 1, until }) => {
            assert_eq!(until, 22 * 60);
            assert!(e.to_string().contains("TR-5"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(t.events.len(), before, "a refused hand records nothing");
    t.start_hand(T1, 22 * 60).expect("after the break");
    assert!(
        t.events
            .iter()
            .any(|e| matches!(e, TournamentEvent::LevelChanged { level: 1, .. }))
    );
}

/// TR-4 in a level decided by time, from rules revision 2; and why a chain keeps its revision:
/// the decisions recorded under revision 1 re-derive by revision 1, and by revision 2 they
/// would not.
#[test]
fn tr_4_a_level_by_time_cites_the_hand_beginning_from_revision_2() {
    use floorbook_tournament::RULES_REVISION;
    use floorbook_tournament::rederive::Rederiver;
    let mut logs = Vec::new();
    for revision in [1, 2] {
        let mut t = Transcript::new(Tournament::under_revision(profile("top18"), revision));
        for i in 1..=3 {
            t.register(PlayerId(i), &format!("P{i}"), 30, "0.00")
                .expect("register");
        }
        t.start(&[0, 1, 2], Some(&[SeatNo(1)])).expect("start");
        // Level 2 has started when this hand begins (12-minute levels).
        t.start_hand(T1, 12 * 60 + 1).expect("hand");
        let rules = t
            .events
            .iter()
            .find_map(|e| match e {
                TournamentEvent::LevelChanged {
                    level: 1, rules, ..
                } => Some(rules.iter().collect::<Vec<_>>()),
                _ => None,
            })
            .expect("the level changed");
        let expected = if revision == 1 {
            vec![Rule::Tr5]
        } else {
            vec![Rule::Tr4, Rule::Tr5]
        };
        assert_eq!(rules, expected, "revision {revision}");
        logs.push(t.events.clone());
    }
    // Revision 5 starts the level clock with the tournament: this one starts at 0, so its
    // level decisions are revision 2's; revision 6 changed NOB-7 alone, revision 7 when
    // commands are taken, revision 8 what a flight's import records.
    assert_eq!(
        RULES_REVISION, 8,
        "revisions 3 to 8 changed no level decision of a tournament started at 0"
    );
    for (revision, log) in [1, 2].into_iter().zip(&logs) {
        Rederiver::under_revision(profile("top18"), revision, log.clone())
            .run_to_end()
            .unwrap_or_else(|d| panic!("revision {revision}: {}", d.reason));
    }
    // Derived by revisions 2 to 4 the revision-1 chain diverges at its level change; by
    // revision 5 already at its start, which records the start's time.
    for revision in 2..=4 {
        let d = Rederiver::under_revision(profile("top18"), revision, logs[0].clone())
            .run_to_end()
            .expect_err("a revision 1 chain derived by a later revision");
        assert!(
            matches!(&d.recorded, Some(TournamentEvent::LevelChanged { .. })),
            "revision {revision}: {d:?}"
        );
    }
    let d = Rederiver::new(profile("top18"), logs[0].clone())
        .run_to_end()
        .expect_err("a revision 1 chain derived by revision 5");
    assert!(
        matches!(&d.recorded, Some(TournamentEvent::Started { at: None, .. })),
        "{d:?}"
    );
}

/// Cards shown after a hand are recorded in it at a table: the folded player's (TR-3.5), the
/// uncalled winner's choice (TR-3.7); the result stands, a second hand closes the window, a
/// refused show records nothing, and the whole log re-derives.
#[test]
fn tr_3_5_and_tr_3_7_cards_shown_after_a_hand_are_recorded_in_it() {
    use floorbook_hand::HandEvent;
    use floorbook_tournament::rederive::Rederiver;
    let mut t = three_handed();
    // Nothing to show from before the first hand.
    assert!(matches!(
        t.show_after(T1, Pos(0), vec![card("As")]),
        Err(TournamentError::NotNow(_))
    ));
    let hand = t.start_hand(T1, 0).expect("hand");
    deal(&mut t, &["AsKd", "7c2d", "QhQs"]);
    // The first to act raises; the blinds fold: he wins uncalled.
    let (actor, to) = {
        let l = t.hand(T1).and_then(|h| h.legal()).expect("someone acts");
        (l.actor, l.raise_to.expect("a raise").0)
    };
    t.act(T1, HandCommand::BetOrRaiseTo { pos: actor, to })
        .expect("raise");
    for _ in 0..2 {
        let a = t.hand(T1).and_then(|h| h.actor()).expect("actor");
        t.act(T1, HandCommand::Fold { pos: a }).expect("fold");
    }
    assert!(t.hand(T1).is_none(), "the hand finished");
    let stacks: Vec<u64> = t.players.values().map(|p| p.stack).collect();
    let folded = Pos((actor.0 + 1) % 3);
    let cards_of = |t: &Transcript, pos: Pos| -> Vec<Card> {
        let (_, last) = t.tables[0].last_hand.as_ref().expect("last hand");
        last.hole_cards(pos)
            .iter()
            .map(|c| c.expect("dealt face up"))
            .collect()
    };
    let folded_cards = cards_of(&t, folded);
    // A card not his is refused, and nothing is recorded.
    let before = t.events.len();
    assert!(t.show_after(T1, folded, vec![card("2s")]).is_err());
    assert_eq!(t.events.len(), before);
    t.show_after(T1, folded, folded_cards[..1].to_vec())
        .expect("folded card shown");
    t.show_after(T1, folded, vec![])
        .expect_err("at least one card");
    let winner_cards = cards_of(&t, actor);
    t.show_after(T1, actor, winner_cards[..1].to_vec())
        .expect("the winner shows one");
    let shown: Vec<(u64, Vec<Rule>)> = t.events[before..]
        .iter()
        .filter_map(|e| match e {
            TournamentEvent::InHand {
                hand: n,
                event:
                    HandEvent::ShownAfterHand { rules, .. }
                    | HandEvent::WinnerShowedByChoice { rules, .. },
                ..
            } => Some((*n, rules.iter().collect())),
            _ => None,
        })
        .collect();
    assert_eq!(
        shown,
        vec![(hand, vec![Rule::Tr35]), (hand, vec![Rule::Tr37])]
    );
    assert_eq!(
        t.players.values().map(|p| p.stack).collect::<Vec<_>>(),
        stacks
    );
    // The next hand closes the window.
    t.start_hand(T1, 60).expect("next hand");
    assert!(matches!(
        t.show_after(T1, folded, folded_cards[1..].to_vec()),
        Err(TournamentError::NotNow(_))
    ));
    // The whole log re-derives, the shows included.
    Rederiver::new(profile("top18"), t.events.clone())
        .run_to_end()
        .unwrap_or_else(|d| panic!("{}", d.reason));
}

/// Time only moves forward, from rules revision 3: a hand started at 30 s after one that
/// started at 60 s is refused, naming the latest time, and changes nothing; under revision 2
/// (whose chains may hold such times) it is still accepted, so those chains re-derive.
#[test]
fn a_command_earlier_than_the_latest_time_is_refused_from_revision_3() {
    for revision in [2, 3] {
        let mut t = Transcript::new(Tournament::under_revision(profile("top18"), revision));
        for i in 1..=3 {
            t.register(PlayerId(i), &format!("P{i}"), 30, "0.00")
                .expect("register");
        }
        t.start(&[0, 1, 2], Some(&[SeatNo(1)])).expect("start");
        t.start_hand(T1, 60).expect("hand at 60 s");
        deal(&mut t, &["2c7d", "AcAd", "KcKd"]);
        while let Some(a) = t.hand(T1).and_then(|h| h.actor()) {
            t.act(T1, HandCommand::Fold { pos: a }).expect("fold");
        }
        assert!(t.hand(T1).is_none(), "the hand is over");
        let before = t.events.len();
        let result = t.start_hand(T1, 30);
        if revision >= 3 {
            match result {
                Err(e @ TournamentError::TimeBackwards { at: 30, head: 60 }) => {
                    assert!(e.to_string().contains("60 s"), "{e}");
                }
                other => panic!("revision {revision}: {other:?}"),
            }
            assert_eq!(t.events.len(), before, "a refused command records nothing");
            t.start_hand(T1, 60).expect("the same time is not earlier");
        } else {
            result.expect("revision 2 takes an earlier time");
        }
    }
}

/// NOB-9: blinds rise every two completed orbits at a table that started with eight or more.
/// An orbit is the button's way once round the table: heads-up (seats 1 and 5 of eight) two
/// hands make one (the button goes 1 → 5 → 1), so the fifth hand, after two orbits, is the
/// first of level 2. (Counting eight hands an orbit, as the table started, it would be the
/// seventeenth.)
#[test]
fn nob_9_an_orbit_is_the_buttons_way_round_the_table() {
    let mut t = Transcript::new(Tournament::new(profile("nob")));
    for i in 1..=8 {
        t.register(PlayerId(i), &format!("P{i}"), 30, "2.00")
            .expect("register");
    }
    t.start(&[0, 1, 2, 3, 4, 5, 6, 7], Some(&[SeatNo(1)]))
        .expect("start");
    let mut t = edited(t, |t| {
        let ts = &mut t.tables[0];
        assert_eq!(ts.started_with, 8);
        for (k, seat) in ts.table.seats.iter_mut().enumerate() {
            if let Some(p) = *seat
                && k != 0
                && k != 4
            {
                *seat = None;
                if let Some(pl) = t.players.get_mut(&p) {
                    pl.status = Status::Busted {
                        place: 8 - k as u32,
                    };
                    pl.table = None;
                    pl.seat = None;
                }
            }
        }
    });
    let mut first_of_level_2 = None;
    for hand in 1..=6u64 {
        let events = t
            .send(Command::StartHand { table: T1 }, hand * 60)
            .expect("hand");
        let rose = events.iter().any(|e| {
            matches!(e, TournamentEvent::LevelChanged { level: 1, rules, .. } if rules.contains(Rule::Nob9))
        });
        if rose && first_of_level_2.is_none() {
            first_of_level_2 = Some(hand);
        }
        deal(&mut t, &["AcAd", "KcKd"]);
        let actor = t.hand(T1).and_then(|h| h.actor()).expect("someone acts");
        t.act(T1, HandCommand::Fold { pos: actor }).expect("fold");
    }
    assert_eq!(first_of_level_2, Some(5));
}

/// NOB-7: "bei 8 Spielern kann wahlweise ein 8er Tisch gespielt werden oder 2 4er Tische": with
/// eight players the director chooses one table of eight or two of four; with any other
/// count there is no choice, and a choice the rule does not give is refused with the allowed
/// counts and NOB-7, changing nothing.
#[test]
fn nob_7_eight_players_start_on_one_table_or_two_of_four_as_the_director_chooses() {
    let field = |n: u32| {
        let mut t = Transcript::new(Tournament::new(profile("nob")));
        for i in 1..=n {
            let register = Command::Register {
                member: None,
                player: PlayerId(i),
                name: format!("P{i}"),
                buy_in: t.profile.buy_ins[0].clone(),
                age: 30,
                table: None,
                draw: None,
            };
            t.decide(&register, 0).expect("registered");
        }
        t
    };
    let start = |n: u32, tables| Command::Start {
        draw: (0..n).collect(),
        button_seats: None,
        tables,
    };
    for (choice, tables) in [(None, 1), (Some(1), 1), (Some(2), 2)] {
        let mut t = field(8);
        let events = t.decide(&start(8, choice), 0).expect("started");
        let started = events
            .iter()
            .find_map(|e| match e {
                TournamentEvent::Started { tables, rules, .. } => Some((*tables, *rules)),
                _ => None,
            })
            .expect("started");
        assert_eq!(started.0, tables, "{choice:?}");
        assert!(started.1.contains(Rule::Nob7));
        for ts in &t.tables {
            assert_eq!(ts.table.players() as u32, 8 / tables, "{choice:?}");
        }
    }
    for (n, choice, allowed) in [(8, 3, "[1, 2]"), (9, 1, "[2]"), (7, 2, "[1]")] {
        let mut t = field(n);
        let before = serde_json::to_string(&*t).expect("state");
        let e = t
            .decide(&start(n, Some(choice)), 0)
            .expect_err("not a choice NOB-7 gives");
        assert!(
            e.to_string()
                .contains(&format!("{n} players start on {allowed} tables (NOB-7)")),
            "{e}"
        );
        assert_eq!(e.rules(), vec![Rule::Nob7]);
        assert_eq!(serde_json::to_string(&*t).expect("state"), before);
    }
}

/// PLO-3: "nur falls noch Restplätze bestehen": a walk-in gets a seat only if one remains. A
/// reservation that finds the field full (PLO-1: 27) takes the seat of the latest walk-in,
/// who goes to the waiting list; a reservation names a table that plays with a seat left, and
/// only a house that keeps reservations takes one.
#[test]
fn plo_3_a_reservation_takes_the_seat_of_the_latest_walk_in() {
    let register = |player: u32, table: Option<u32>| Command::Register {
        member: None,
        player: PlayerId(player),
        name: format!("P{player}"),
        buy_in: "20.00".into(),
        age: 30,
        table: table.map(TableNo),
        draw: None,
    };
    let mut t = Transcript::new(Tournament::new(profile("plo27")));
    let buy_in = t.profile.buy_ins[0].clone();
    let register = |player: u32, table: Option<u32>| match register(player, table) {
        Command::Register {
            player,
            name,
            age,
            table,
            ..
        } => Command::Register {
            member: None,
            player,
            name,
            buy_in: buy_in.clone(),
            age,
            table,
            draw: None,
        },
        other => other,
    };
    for p in 1..=27 {
        t.decide(&register(p, None), 0).expect("a walk-in");
    }
    // PLO-1 has three tables for 27: table 4 does not play.
    let e = t.decide(&register(30, Some(4)), 0).expect_err("no table 4");
    assert!(e.to_string().contains("a table 1 to 3"), "{e}");
    assert_eq!(e.rules(), vec![Rule::Plo3]);
    let events = t
        .decide(&register(28, Some(2)), 0)
        .expect("reserved")
        .to_vec();
    assert!(
        matches!(
            events.as_slice(),
            [
                TournamentEvent::Registered { player: PlayerId(28), table: Some(TableNo(2)), .. },
                TournamentEvent::WaitListed { player: PlayerId(27), rules },
            ] if rules.contains(Rule::Plo3)
        ),
        "{events:?}"
    );
    assert_eq!(t.players[&PlayerId(27)].status, Status::WaitListed);
    assert_eq!(t.players[&PlayerId(28)].status, Status::Registered);
    // A walk-in now waits (PLO-1).
    let events = t.decide(&register(29, None), 0).expect("waits").to_vec();
    assert!(
        matches!(events.last(), Some(TournamentEvent::WaitListed { player: PlayerId(29), rules }) if rules.contains(Rule::Plo1)),
        "{events:?}"
    );
    // top18 draws every table (TR-1): no reservations.
    let mut top = Transcript::new(Tournament::new(profile("top18")));
    let e = top
        .decide(
            &Command::Register {
                member: None,
                player: PlayerId(1),
                name: "P1".into(),
                buy_in: "15.00".into(),
                age: 30,
                table: Some(TableNo(1)),
                draw: None,
            },
            0,
        )
        .expect_err("no reservations");
    assert!(e.to_string().contains("no reservations"), "{e}");
}

/// The state without what only the take-back keeps (the hand before its last entry).
fn without_undo(t: &Tournament) -> serde_json::Value {
    let mut v = serde_json::to_value(t).expect("state");
    for ts in v["tables"].as_array_mut().into_iter().flatten() {
        if let Some(o) = ts.as_object_mut() {
            o.remove("undo");
        }
    }
    v
}

/// Issue 35: a call tapped for a fold is taken back by the dealer while nothing has followed
/// it: the hand is as it was before it, the entry stays in the events, and only the last
/// entry, once, of a hand still in play.
#[test]
fn the_dealer_takes_back_the_last_entry_while_nothing_follows_it() {
    let mut t = three_handed();
    t.start_hand(T1, 0).expect("hand");
    deal(&mut t, &["2c7d", "AcAd", "KcKd"]);
    let before_call = without_undo(&t);
    let actor = t.hand(T1).and_then(|h| h.actor()).expect("someone acts");
    t.act(T1, HandCommand::CheckOrCall { pos: actor })
        .expect("the mis-tapped call");
    assert_eq!(
        t.last_entry(T1).expect("it can be taken back").command,
        "check_or_call"
    );
    let events = t
        .send(Command::TakeBack { table: T1 }, 0)
        .expect("taken back");
    assert!(matches!(
        events.as_slice(),
        [TournamentEvent::EntryTakenBack { command, events: n, rules, .. }]
            if command == "check_or_call" && *n >= 1 && rules.contains(Rule::Tr26)
    ));
    assert_eq!(
        without_undo(&t),
        before_call,
        "the hand is as before the call"
    );
    // Once: the entry before it is not taken back.
    let state = serde_json::to_value(&*t).expect("state");
    let again = t.send(Command::TakeBack { table: T1 }, 0);
    assert!(
        matches!(again, Err(TournamentError::NotNow(_))),
        "{again:?}"
    );
    assert_eq!(serde_json::to_value(&*t).expect("state"), state);
    // The fold he meant; then a clock called on the next player: the fold stands.
    t.act(T1, HandCommand::Fold { pos: actor }).expect("fold");
    t.call_clock(T1, 10).expect("clock");
    let state = serde_json::to_value(&*t).expect("state");
    let late = t.send(Command::TakeBack { table: T1 }, 10);
    assert!(
        matches!(&late, Err(TournamentError::NotNow(why)) if why.contains("TR-26")),
        "{late:?}"
    );
    assert_eq!(serde_json::to_value(&*t).expect("state"), state);
    // An entry that ends the hand is not taken back: the hand is over.
    let next = t.hand(T1).and_then(|h| h.actor()).expect("someone acts");
    t.act(T1, HandCommand::Fold { pos: next }).expect("fold");
    assert!(t.hand(T1).is_none(), "the hand is over");
    assert!(t.send(Command::TakeBack { table: T1 }, 10).is_err());
}

/// The state without what only corrections keep (the hand before entries).
fn without_kept(t: &Tournament) -> serde_json::Value {
    let mut v = serde_json::to_value(t).expect("state");
    for ts in v["tables"].as_array_mut().into_iter().flatten() {
        if let Some(o) = ts.as_object_mut() {
            o.remove("undo");
            o.remove("entries");
        }
    }
    v
}

/// The hand at table 1 as a value (to compare two ways to the same hand).
fn hand_value(t: &Tournament) -> serde_json::Value {
    serde_json::to_value(t.hand(T1)).expect("hand")
}

/// A three-handed hand dealt (entries 1 to 3), the first to act acts, the next
/// raises to the least raise (entry 5); `first` is what the first to act does (entry 4).
fn called_and_raised(first: fn(Pos) -> HandCommand) -> (Transcript, Pos, Pos) {
    let mut t = three_handed();
    t.start_hand(T1, 0).expect("hand");
    deal(&mut t, &["2c7d", "AcAd", "KcKd"]);
    let a = t.hand(T1).and_then(|h| h.actor()).expect("someone acts");
    t.act(T1, first(a)).expect("the first action");
    let legal = t.hand(T1).and_then(|h| h.legal()).expect("a turn");
    let (min, _) = legal.raise_to.expect("a raise");
    t.act(
        T1,
        HandCommand::BetOrRaiseTo {
            pos: legal.actor,
            to: min,
        },
    )
    .expect("the raise");
    (t, a, legal.actor)
}

/// Issue 35, TR-26: a call tapped for a fold, found after the next player raised, is
/// corrected by the floor: the hand is as if the fold had been entered, the later raise
/// played again; the event names the entry, what it was and is, and the reason.
#[test]
fn the_floor_corrects_an_earlier_entry_and_the_later_entries_are_played_again() {
    let (mut t, a, _) = called_and_raised(|pos| HandCommand::CheckOrCall { pos });
    // What the hand would be had the fold been entered: the same deal, a fold, the raise.
    let (meant, _, _) = called_and_raised(|pos| HandCommand::Fold { pos });
    let events = t
        .send(
            Command::CorrectEntry {
                table: T1,
                entry: 4,
                now: Some(Correction::Fold),
                reason: "seat 1 folded; the dealer tapped call".into(),
                cards_retrieved: false,
            },
            0,
        )
        .expect("corrected");
    match events.first() {
        Some(TournamentEvent::EntryCorrected {
            entry: 4,
            was: HandCommand::CheckOrCall { pos },
            now: Some(HandCommand::Fold { pos: p2 }),
            reason,
            events: n,
            rules,
            ..
        }) => {
            assert_eq!((*pos, *p2), (a, a));
            assert!(reason.contains("tapped call"));
            assert!(
                *n >= 2,
                "the call's and the raise's events are replaced: {n}"
            );
            assert!(rules.contains(Rule::Tr26) && !rules.contains(Rule::Gcb8));
        }
        other => panic!("{other:?}"),
    }
    assert!(
        events[1..]
            .iter()
            .all(|e| matches!(e, TournamentEvent::InHand { .. })),
        "the fold and the raise played again: {events:?}"
    );
    assert_eq!(
        hand_value(&t),
        hand_value(&meant),
        "as if the fold had been entered"
    );
    assert_eq!(without_kept(&t), without_kept(&meant));
}

/// Issue 35, TR-26 and GCB-8: what a correction may not do is refused, naming why and the
/// allowed range, and changes nothing: an entry out of range, a deal, a correction that says
/// what the entry says, one a later entry no longer stands after, an illegal one, un-folding
/// without the cards retrieved, and any after the hand.
#[test]
fn a_correction_that_cannot_stand_is_refused_and_changes_nothing() {
    fn correct(entry: u32, now: Option<Correction>, retrieved: bool) -> Command {
        Command::CorrectEntry {
            table: T1,
            entry,
            now,
            reason: "the floor saw it".into(),
            cards_retrieved: retrieved,
        }
    }
    fn refused(t: &mut Transcript, c: Command, says: &str) {
        let before = serde_json::to_value(&**t).expect("state");
        let e = t.send(c, 0).expect_err("refused");
        assert!(e.to_string().contains(says), "{e}");
        assert_eq!(serde_json::to_value(&**t).expect("state"), before);
    }
    let (mut t, _, _) = called_and_raised(|pos| HandCommand::CheckOrCall { pos });
    refused(
        &mut t,
        correct(6, Some(Correction::Fold), false),
        "are 1 to 5; got 6",
    );
    refused(
        &mut t,
        correct(0, Some(Correction::Fold), false),
        "are 1 to 5; got 0",
    );
    refused(
        &mut t,
        correct(2, Some(Correction::Fold), false),
        "deal_hole",
    );
    refused(
        &mut t,
        correct(4, Some(Correction::Call), false),
        "already says that",
    );
    // Struck, the call leaves the raise out of turn.
    refused(
        &mut t,
        correct(4, None, false),
        "entry 5 (bet_or_raise_to) no longer stands",
    );
    refused(
        &mut t,
        correct(5, Some(Correction::BetOrRaiseTo { to: Chips(1) }), false),
        "the correction itself is refused",
    );
    let long = "x".repeat(5000);
    refused(
        &mut t,
        Command::CorrectEntry {
            table: T1,
            entry: 4,
            now: Some(Correction::Fold),
            reason: long,
            cards_retrieved: false,
        },
        "reason",
    );

    // A recorded fold is un-folded only with the cards retrieved (GCB-8).
    let (mut t, a, _) = called_and_raised(|pos| HandCommand::Fold { pos });
    refused(&mut t, correct(4, Some(Correction::Call), false), "GCB-8");
    let events = t
        .send(correct(4, Some(Correction::Call), true), 0)
        .expect("the cards were retrieved");
    assert!(matches!(
        events.first(),
        Some(TournamentEvent::EntryCorrected { rules, now: Some(HandCommand::CheckOrCall { pos }), .. })
            if rules.contains(Rule::Gcb8) && *pos == a
    ));
    // After the hand, nothing is corrected: the pot is pushed.
    while let Some(actor) = t.hand(T1).and_then(|h| h.actor()) {
        t.act(T1, HandCommand::Fold { pos: actor }).expect("fold");
    }
    assert!(t.hand(T1).is_none(), "the hand is over");
    refused(
        &mut t,
        correct(4, Some(Correction::Fold), false),
        "no hand in play",
    );
}

/// Issue 35: the dealer's take-back keeps the entries before it correctable; a clock called
/// between entries does not stop a correction; a player gone away since does.
#[test]
fn corrections_follow_a_take_back_and_stop_when_the_table_changed() {
    let (mut t, _, b) = called_and_raised(|pos| HandCommand::CheckOrCall { pos });
    t.send(Command::TakeBack { table: T1 }, 0)
        .expect("the raise taken back");
    // Entry 5 is gone; entry 4 is corrected into a fold.
    let e = t
        .send(
            Command::CorrectEntry {
                table: T1,
                entry: 5,
                now: Some(Correction::Fold),
                reason: "r".into(),
                cards_retrieved: false,
            },
            0,
        )
        .expect_err("no entry 5");
    assert!(e.to_string().contains("are 1 to 4"), "{e}");
    t.send(
        Command::CorrectEntry {
            table: T1,
            entry: 4,
            now: Some(Correction::Fold),
            reason: "r".into(),
            cards_retrieved: false,
        },
        0,
    )
    .expect("corrected after a take-back");
    assert_eq!(t.hand(T1).and_then(|h| h.actor()), Some(b));
    // The big blind's player goes away: the hand would be played again for a different
    // table; refused.
    let bb = t.player_at(T1, Pos(2)).expect("a player");
    t.set_absent(bb, true).expect("away");
    let e = t
        .send(
            Command::CorrectEntry {
                table: T1,
                entry: 4,
                now: Some(Correction::Call),
                reason: "r".into(),
                cards_retrieved: true,
            },
            0,
        )
        .expect_err("the table changed");
    assert!(e.to_string().contains("TR-26"), "{e}");
}

/// Issue 35: one tap deals every hole card still due face down, unseen, in order; the hand
/// goes on to the betting; a second tap has nothing to deal and changes nothing.
#[test]
fn the_hole_cards_nobody_names_are_dealt_in_one_entry() {
    let mut t = three_handed();
    t.start_hand(T1, 0).expect("hand");
    // The first player's cards are seen and named; the rest are dealt face down at once.
    t.act(
        T1,
        HandCommand::DealHole {
            pos: Pos(0),
            cards: vec![Some(card("As")), Some(card("Kd"))],
        },
    )
    .expect("seen");
    t.act(T1, HandCommand::DealFaceDown).expect("the rest");
    let h = t.hand(T1).expect("the hand");
    assert_eq!(h.dealee(), None, "every hole card is dealt");
    assert!(h.actor().is_some(), "the betting begins");
    for p in 1..3 {
        assert_eq!(h.hole_cards(Pos(p)), &[None, None], "position {p}");
    }
    let state = serde_json::to_value(&*t).expect("state");
    let again = t.act(T1, HandCommand::DealFaceDown);
    assert!(again.is_err(), "{again:?}");
    assert_eq!(serde_json::to_value(&*t).expect("state"), state);
}

/// The next entry a dealer makes in the hand at table 1, as `choice` picks among what is
/// allowed: hole cards and board cards from `deck` in order, an action, a show at the
/// showdown. None when no hand is in play.
fn next_entry(t: &Transcript, deck: &[Card], choice: u8) -> Option<HandCommand> {
    use floorbook_hand::{Phase, ShowOrMuck};
    let h = t.hand(T1)?;
    let holes = h.stacks().len() * 2;
    Some(match h.phase() {
        Phase::HoleDealing => {
            let pos = (0..h.stacks().len())
                .find(|p| h.hole_cards(Pos(*p)).iter().all(Option::is_none))
                .unwrap_or(0);
            HandCommand::DealHole {
                pos: Pos(pos),
                cards: vec![Some(deck[2 * pos]), Some(deck[2 * pos + 1])],
            }
        }
        Phase::BoardDealing => {
            let dealt = h.board().len();
            let n = if dealt == 0 { 3 } else { 1 };
            HandCommand::DealBoard {
                cards: deck[holes + dealt..holes + dealt + n].to_vec(),
            }
        }
        Phase::Showdown => HandCommand::ShowOrMuck {
            pos: h.showdown_next()?,
            what: if choice.is_multiple_of(3) {
                ShowOrMuck::Muck
            } else {
                ShowOrMuck::ShowDealt
            },
        },
        Phase::Betting => {
            let legal = h.legal()?;
            let pos = legal.actor;
            match (choice % 5, legal.raise_to) {
                (0, _) => HandCommand::Fold { pos },
                (1, Some((least, _))) => HandCommand::BetOrRaiseTo { pos, to: least },
                (2, Some((_, most))) => HandCommand::BetOrRaiseTo { pos, to: most },
                _ => HandCommand::CheckOrCall { pos },
            }
        }
        Phase::Settled => return None,
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(48))]
    /// Issue 35: at every entry of a hand, whoever is away or under a time penalty (and
    /// whoever goes away or comes back during it, or whose penalty runs out), the dealer's
    /// take-back leaves the tournament exactly as it was before the entry; the entry made
    /// again then makes the same events as the first time.
    #[test]
    fn a_take_back_restores_the_tournament_before_the_entry_at_every_entry(
        away in proptest::collection::vec(0u8..4, 6),
        choices in proptest::collection::vec(proptest::prelude::any::<u8>(), 60),
        shuffle in proptest::prelude::any::<u64>(),
        toggle in proptest::option::of((0usize..40, 1u32..7, proptest::prelude::any::<bool>())),
        late in proptest::option::of(0usize..40),
    ) {
        use floorbook_tournament::conduct::Offence;
        let mut deck: Vec<Card> = Card::all().collect();
        let mut x = shuffle | 1;
        for i in (1..deck.len()).rev() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            deck.swap(i, (x % (i as u64 + 1)) as usize);
        }
        let mut t = Transcript::new(Tournament::new(profile("top18")));
        for i in 1..=6 {
            t.register(PlayerId(i), &format!("P{i}"), 30, "0.00").expect("register");
        }
        t.start(&[0, 1, 2, 3, 4, 5], Some(&[SeatNo(1)])).expect("start");
        for (i, a) in away.iter().enumerate() {
            let player = PlayerId(i as u32 + 1);
            if a & 1 == 1 {
                t.set_absent(player, true).expect("away");
            }
            if a & 2 == 2 {
                // Two warnings, then a time penalty (TR-28).
                for _ in 0..3 {
                    t.send(Command::Sanction { player, offence: Offence::Etiquette, chips: None }, 0)
                        .expect("sanction");
                }
            }
        }
        t.start_hand(T1, 0).expect("hand");
        let mut at = 0;
        for (step, choice) in choices.iter().enumerate() {
            // The time penalties (15 minutes) run out at this step, with nothing entered: a
            // warning given then to a player without a penalty moves the time on.
            if late == Some(step) && let Some(i) = away.iter().position(|a| a & 2 == 0) {
                at = 1000;
                let player = PlayerId(i as u32 + 1);
                t.send(Command::Sanction { player, offence: Offence::Etiquette, chips: None }, at)
                    .expect("a warning");
            }
            // A player goes away or comes back before the entry, or between the entry and
            // its take-back.
            let toggled = toggle.filter(|(at, ..)| *at == step).map(|(_, player, between)| {
                (PlayerId(player), !t.players[&PlayerId(player)].absent, between)
            });
            if let Some((player, now, false)) = toggled {
                let _ = t.set_absent(player, now);
            }
            let Some(entry) = next_entry(&t, &deck, *choice) else { break };
            let before = without_undo(&t);
            let hand_before = hand_value(&t);
            let first = t.send(Command::Hand { table: T1, action: entry.clone() }, at);
            let Ok(first) = first else { continue };
            if let Some((player, now, true)) = toggled {
                let _ = t.set_absent(player, now);
            }
            if t.last_entry(T1).is_err() {
                // The entry ended the hand, or something followed it: nothing to take back.
                continue;
            }
            let back = t.send(Command::TakeBack { table: T1 }, at).expect("taken back");
            proptest::prop_assert_eq!(back.len(), 1);
            if let Some((_, _, true)) = toggled {
                // The player's absence changed since: the hand is as before the entry.
                proptest::prop_assert_eq!(hand_value(&t), hand_before, "step {}: {:?}", step, entry);
                continue;
            }
            proptest::prop_assert_eq!(without_undo(&t), before, "step {}: {:?}", step, entry);
            let again = t.send(Command::Hand { table: T1, action: entry.clone() }, at)
                .expect("the entry made again");
            proptest::prop_assert_eq!(again, first);
        }
    }
}
