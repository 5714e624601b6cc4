//! Bounties (issue 39), worked by hand: a progressive knock-out won in the main pot and in a
//! side pot, split in a tie, a fixed knock-out, and the winner's own head.
//!
//! The house's profile is the Nob home game's (NL Hold'em, blinds 1/2) with a €20 buy-in of
//! which €5 goes on the player's head.

use floorbook_cards::Card;
use floorbook_hand::Turns;
use floorbook_hand::{Phase, Pos, ShowOrMuck};
use floorbook_tournament::command::{Command, HandCommand};
use floorbook_tournament::engine::{BountyShare, Tournament, TournamentEvent};
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo};
use floorbook_tournament::transcript::Transcript;
use floorbook_tournament::{Bounty, BountyKind, builtin};

const T1: TableNo = TableNo(1);

fn card(s: &str) -> Card {
    s.parse().expect("card")
}

/// Three players on one table (the button on seat 1) with `stacks` by player, bounties of
/// `kind`.
fn three(kind: BountyKind, stacks: [u64; 3]) -> Transcript {
    let mut p = builtin("nob").expect("built in").1.expect("reads");
    p.buy_ins = vec!["20.00".into()];
    p.bounty = Some(Bounty {
        kind,
        amount: "5.00".into(),
        to_eliminator: 50,
        from_level: 0,
        envelopes: Vec::new(),
    });
    seat_three(p, stacks)
}

/// Three players on one table (the button on seat 1) under `p`, with `stacks` by player.
fn seat_three(p: floorbook_tournament::Profile, stacks: [u64; 3]) -> Transcript {
    assert_eq!(p.check(), Vec::new());
    let mut t = Transcript::new(Tournament::new(p));
    for i in 1..=3 {
        t.decide(
            &Command::Register {
                player: PlayerId(i),
                name: format!("P{i}"),
                buy_in: "20.00".into(),
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
            button_seats: Some(vec![SeatNo(1)]),
            tables: None,
        },
        0,
    )
    .expect("started");
    t.edited(|t| {
        for (i, s) in stacks.iter().enumerate() {
            if let Some(p) = t.players.get_mut(&PlayerId(i as u32 + 1)) {
                p.stack = *s;
            }
        }
    })
}

/// Plays one hand: each player's hole cards, everyone all in (or calling) pre-flop, every
/// hand turned up, then the board; returns the hand's events as recorded.
fn all_in_hand(t: &mut Transcript, holes: [(u32, &str); 3], board: &str) -> Vec<TournamentEvent> {
    all_in_hand_at(t, 10, holes, board)
}

/// The same, `at` seconds into the tournament.
fn all_in_hand_at(
    t: &mut Transcript,
    at: u64,
    holes: [(u32, &str); 3],
    board: &str,
) -> Vec<TournamentEvent> {
    let from = t.events.len();
    t.decide(&Command::StartHand { table: T1 }, at)
        .expect("hand");
    let order: Vec<PlayerId> = t.tables[0]
        .hand
        .as_ref()
        .map(|(_, _, ids)| ids.clone())
        .expect("a hand");
    for (pos, id) in order.iter().enumerate() {
        let h = holes
            .iter()
            .find(|(p, _)| *p == id.0)
            .map(|(_, h)| *h)
            .expect("his cards");
        let cards = vec![Some(card(&h[..2])), Some(card(&h[2..]))];
        t.decide(
            &Command::Hand {
                table: T1,
                action: HandCommand::DealHole {
                    pos: Pos(pos),
                    cards,
                },
            },
            at,
        )
        .expect("dealt");
    }
    let mut board: Vec<Card> = board.split(' ').map(card).collect();
    while let Some(h) = t.hand(T1) {
        let action = match h.phase() {
            Phase::Betting => {
                let l = h.legal().expect("someone acts");
                match l.raise_to {
                    Some((_, max)) => HandCommand::BetOrRaiseTo {
                        pos: l.actor,
                        to: max,
                    },
                    None => HandCommand::CheckOrCall { pos: l.actor },
                }
            }
            // An all-in showdown turns every hand up (TR-3.6), then the board comes.
            Phase::Showdown => HandCommand::ShowOrMuck {
                pos: h.showdown_next().expect("one to show"),
                what: ShowOrMuck::ShowDealt,
            },
            Phase::BoardDealing => {
                let due = h.board_due();
                HandCommand::DealBoard {
                    cards: board.drain(..due).collect(),
                }
            }
            other => panic!("the hand stands at {other:?}"),
        };
        t.decide(&Command::Hand { table: T1, action }, at)
            .expect("played");
    }
    t.events[from..].to_vec()
}

/// P1 with queens, P2 with kings and P3 with aces, all in pre-flop, on a board that helps
/// nobody: P3 wins.
fn aces_win(t: &mut Transcript) -> Vec<TournamentEvent> {
    all_in_hand(t, [(1, "QsQh"), (2, "KsKh"), (3, "AsAh")], "2c 7d 9c 4d Jc")
}

fn bounties(events: &[TournamentEvent]) -> Vec<(u32, u64, Vec<BountyShare>)> {
    events
        .iter()
        .filter_map(|e| match e {
            TournamentEvent::BountyWon {
                from, head, shares, ..
            } => Some((from.0, *head, shares.clone())),
            _ => None,
        })
        .collect()
}

/// The heads won from others, by the player knocked out.
fn knocked(events: &[TournamentEvent]) -> Vec<(u32, u64, Vec<BountyShare>)> {
    let mut won: Vec<_> = bounties(events)
        .into_iter()
        .filter(|(from, _, shares)| shares.iter().all(|s| s.player.0 != *from))
        .collect();
    won.sort_by_key(|(from, _, _)| *from);
    won
}

/// What the tournament's winner took of his own head.
fn own(events: &[TournamentEvent]) -> Option<(u32, u64, Vec<BountyShare>)> {
    bounties(events)
        .into_iter()
        .find(|(from, _, shares)| shares.iter().any(|s| s.player.0 == *from))
}

fn share(player: u32, cash: u64, onto_head: u64) -> BountyShare {
    BountyShare {
        player: PlayerId(player),
        cash,
        onto_head,
    }
}

#[test]
fn a_progressive_bounty_is_won_in_the_main_pot_and_in_the_side_pot() {
    // P1 all in for 20, P2 for 60, P3 covers both and wins with aces: P1's head from the
    // main pot, P2's from the side pot (P2's 40 above P1's 20 were played with P3 only), half
    // in cash (250 cents) and half onto P3's head.
    let mut t = three(BountyKind::Progressive, [20, 60, 100]);
    let events = aces_win(&mut t);
    assert_eq!(
        knocked(&events),
        [
            (1, 500, vec![share(3, 250, 250)]),
            (2, 500, vec![share(3, 250, 250)]),
        ]
    );
    // P3 is the last one in: he takes his own head, 500 and the 500 added: 1,500 in all,
    // every bounty of the three entries.
    assert_eq!(own(&events), Some((3, 1_000, vec![share(3, 1_000, 0)])));
    assert_eq!(t.players[&PlayerId(3)].bounties_won, 1_500);
    assert_eq!(t.bounty_money(), 1_500);
    // The pool is the buy-ins less the bounties: 3 × €15.
    assert_eq!(t.clock_view(10).prize_pool_cents, Some(4_500));
    assert_eq!(t.clock_view(10).bounties_cents, 1_500);
}

#[test]
fn the_side_pot_s_winner_takes_the_bounty_of_the_player_all_in_for_it() {
    // P1 all in for 20 wins the main pot with aces; P2, all in for 60, loses the side pot to
    // P3's kings: P2's bounty is P3's (the side pot was the one P2 was all in for), and P1,
    // who won the main pot, is not out.
    let mut t = three(BountyKind::Knockout, [20, 60, 100]);
    let events = all_in_hand(
        &mut t,
        [(1, "AsAh"), (2, "QsQh"), (3, "KsKh")],
        "2c 7d 9c 4d Jc",
    );
    assert_eq!(knocked(&events), [(2, 500, vec![share(3, 500, 0)])]);
    assert_eq!(t.players[&PlayerId(1)].bounties_won, 0);
}

#[test]
fn tied_winners_split_a_bounty() {
    // P1 all in for 20; P2 and P3 all in for 60 each tie with the same straight: they split
    // P1's head (250 each: 125 in cash, 125 onto each head); neither is out.
    let mut t = three(BountyKind::Progressive, [20, 60, 60]);
    let events = all_in_hand(
        &mut t,
        [(1, "2c3d"), (2, "AsKs"), (3, "AhKh")],
        "Qd Jd Tc 5s 6h",
    );
    assert_eq!(
        knocked(&events),
        [(1, 500, vec![share(2, 125, 125), share(3, 125, 125)])]
    );
    assert_eq!(own(&events), None, "nobody has won yet");
    assert_eq!(t.head(PlayerId(2)), 625);
    assert_eq!(t.head(PlayerId(3)), 625);
}

#[test]
fn a_fixed_knock_out_pays_the_whole_head_in_cash() {
    let mut t = three(BountyKind::Knockout, [20, 60, 100]);
    let events = aces_win(&mut t);
    assert_eq!(
        knocked(&events),
        [
            (1, 500, vec![share(3, 500, 0)]),
            (2, 500, vec![share(3, 500, 0)]),
        ]
    );
    assert_eq!(t.players[&PlayerId(3)].bounties_won, 1_500);
}

/// A mystery bounty of €5 a head whose envelopes are filled when level 2 starts (levels of 20
/// minutes), the first envelope half the money.
fn mystery(stacks: [u64; 3]) -> Transcript {
    let mut p = builtin("nob").expect("built in").1.expect("reads");
    p.buy_ins = vec!["20.00".into()];
    p.levels.advance = floorbook_tournament::Advance::Time;
    p.levels.minutes = Some(20);
    p.levels.orbits.clear();
    p.levels.cap = None;
    p.levels.final_table = None;
    p.bounty = Some(Bounty {
        kind: BountyKind::Mystery,
        amount: "5.00".into(),
        to_eliminator: 50,
        from_level: 2,
        envelopes: vec![50],
    });
    seat_three(p, stacks)
}

/// Level 2 starts 20 minutes in.
const LEVEL_2: u64 = 20 * 60;

fn filled(events: &[TournamentEvent]) -> Option<Vec<u64>> {
    events.iter().find_map(|e| match e {
        TournamentEvent::EnvelopesFilled { envelopes, .. } => Some(envelopes.clone()),
        _ => None,
    })
}

fn owed(events: &[TournamentEvent]) -> Vec<(u32, Vec<u32>)> {
    events
        .iter()
        .filter_map(|e| match e {
            TournamentEvent::EnvelopeOwed { from, to, .. } => {
                Some((from.0, to.iter().map(|p| p.0).collect()))
            }
            _ => None,
        })
        .collect()
}

fn draw(t: &mut Transcript, from: u32, draw: u32) -> Result<Vec<TournamentEvent>, String> {
    let at = t.clock;
    t.decide(
        &Command::DrawEnvelope {
            from: PlayerId(from),
            draw,
        },
        at,
    )
    .map(<[TournamentEvent]>::to_vec)
    .map_err(|e| e.to_string())
}

#[test]
fn a_mystery_envelope_is_drawn_by_the_eliminator_and_the_winner_takes_those_left() {
    // P1 (1,000) with queens, P2 (5,000) with kings and P3 (3,000) with aces all in, at the
    // start of level 2: its first command fills three envelopes from the €15 of bounty money,
    // the first half of it (€7.50), the other two sharing the rest (€3.75 each). P3 covered
    // P1 and wins the main pot: P1's envelope is owed to him; P2 keeps 2,000.
    let mut t = mystery([1_000, 5_000, 3_000]);
    let events = all_in_hand_at(
        &mut t,
        LEVEL_2,
        [(1, "QsQh"), (2, "KsKh"), (3, "AsAh")],
        "2c 7d 9c 4d Jc",
    );
    assert_eq!(filled(&events), Some(vec![750, 375, 375]));
    assert_eq!(owed(&events), [(1, vec![3])]);
    assert!(
        bounties(&events).is_empty(),
        "nothing is won before the draw"
    );
    // A draw names an envelope left and a bust that owes one; a refusal changes nothing.
    let before = t.events.len();
    assert!(
        draw(&mut t, 1, 3)
            .expect_err("no fourth envelope")
            .contains("0 to 2")
    );
    assert!(
        draw(&mut t, 2, 0)
            .expect_err("P2 is not out")
            .contains("no envelope is owed")
    );
    assert_eq!(t.events.len(), before);
    // P3 draws the second envelope: €3.75.
    let drawn = draw(&mut t, 1, 1).expect("drawn");
    assert_eq!(bounties(&drawn), [(1, 375, vec![share(3, 375, 0)])]);
    assert!(matches!(
        drawn[0],
        TournamentEvent::BountyWon {
            envelope: Some((1, 3)),
            ..
        }
    ));
    assert!(draw(&mut t, 1, 0).is_err(), "drawn once");
    // P3's aces bust P2: the tournament is over, and P3 takes the two envelopes left, his
    // own draw for P2 among them.
    let events = all_in_hand_at(
        &mut t,
        LEVEL_2 + 60,
        [(1, "QsQh"), (2, "KsKh"), (3, "AsAh")],
        "2c 7d 9c 4d Jc",
    );
    assert!(t.finished);
    assert_eq!(own(&events), Some((3, 1_125, vec![share(3, 1_125, 0)])));
    assert_eq!(t.players[&PlayerId(3)].bounties_won, 1_500);
    assert_eq!(t.envelopes, Some(Vec::new()));
}

#[test]
fn a_bust_before_the_mystery_level_wins_nothing_and_the_envelopes_count_those_in() {
    // In level 1 P3's aces bust P1 (P3 covered him): no bounty, nothing owed.
    let mut t = mystery([1_000, 5_000, 3_000]);
    let events = aces_win(&mut t);
    assert!(bounties(&events).is_empty());
    assert!(owed(&events).is_empty());
    assert_eq!(filled(&events), None);
    // Level 2's first command fills two envelopes (two players in) with all €15: the first
    // half, the second the rest.
    let events = all_in_hand_at(
        &mut t,
        LEVEL_2,
        [(1, "QsQh"), (2, "AsAh"), (3, "KsKh")],
        "2c 7d 9c 4d Jc",
    );
    assert_eq!(filled(&events), Some(vec![750, 750]));
    assert_eq!(t.players[&PlayerId(1)].bounties_won, 0);
}

#[test]
fn an_envelope_owed_when_the_tournament_ends_is_drawn_before_the_winner_takes_the_rest() {
    // At level 2: P2's aces bust P1 (1,000) and beat P3's kings in the side pot: P2 has
    // 5,000, P3 7,000; P1's envelope is owed to P2 and stays undrawn.
    let mut t = mystery([1_000, 2_000, 9_000]);
    let events = all_in_hand_at(
        &mut t,
        LEVEL_2,
        [(1, "QsQh"), (2, "AsAh"), (3, "KsKh")],
        "2c 7d 9c 4d Jc",
    );
    assert_eq!(owed(&events), [(1, vec![2])]);
    // P3's aces bust P2: over, but P2's draw for P1 is still owed; the winner waits for it.
    let events = all_in_hand_at(
        &mut t,
        LEVEL_2 + 60,
        [(1, "QsQh"), (2, "KsKh"), (3, "AsAh")],
        "2c 7d 9c 4d Jc",
    );
    assert!(t.finished);
    assert_eq!(own(&events), None);
    // Drawn after the end: P2 wins the first envelope (€7.50), P3 the rest (€7.50).
    let drawn = draw(&mut t, 1, 0).expect("drawn after the end");
    assert_eq!(
        bounties(&drawn),
        [
            (1, 750, vec![share(2, 750, 0)]),
            (3, 750, vec![share(3, 750, 0)])
        ]
    );
    let won: u64 = t.players.values().map(|p| p.bounties_won).sum();
    assert_eq!(won, t.bounty_money());
}

#[test]
fn a_mystery_bounty_s_profile_names_a_level_after_entries_close_and_envelopes_that_fit() {
    let mut p = builtin("plo27").expect("built in").1.expect("reads");
    p.entries.late_until_level = 3;
    p.entries.reentries = 1;
    let mystery = |from_level: u32, envelopes: Vec<u32>| Bounty {
        kind: BountyKind::Mystery,
        amount: "5.00".into(),
        to_eliminator: 50,
        from_level,
        envelopes,
    };
    let problems = |p: &floorbook_tournament::Profile| {
        p.check()
            .into_iter()
            .map(|problem| problem.field)
            .collect::<Vec<_>>()
    };
    p.bounty = Some(mystery(4, vec![40, 20]));
    assert_eq!(problems(&p), Vec::<String>::new());
    // Filled while entries are open, the money is not known yet.
    p.bounty = Some(mystery(3, vec![40, 20]));
    assert_eq!(problems(&p), ["bounty.from_level"]);
    p.bounty = Some(mystery(0, vec![]));
    assert_eq!(problems(&p), ["bounty.from_level"]);
    p.bounty = Some(mystery(4, vec![60, 50]));
    assert_eq!(problems(&p), ["bounty.envelopes"]);
    p.bounty = Some(mystery(4, vec![60, 0]));
    assert_eq!(problems(&p), ["bounty.envelopes"]);
    // Envelopes belong to a mystery bounty.
    p.bounty = Some(Bounty {
        kind: BountyKind::Knockout,
        ..mystery(4, vec![40])
    });
    assert_eq!(problems(&p), ["bounty.envelopes"]);
    // Filled for more players than big envelopes: the rest share what is left, the odd cent
    // to the first of them; fewer players: the big ones first, the rest to the first.
    assert_eq!(
        floorbook_tournament::fill_envelopes(1_001, &[40, 20], 5),
        [400, 200, 135, 133, 133]
    );
    assert_eq!(
        floorbook_tournament::fill_envelopes(1_000, &[40, 20, 10], 2),
        [800, 200]
    );
}
