//! The simulator: bots play a whole tournament for any profile and player count, through the
//! same commands a dealer and the floor send. Every random choice (seat draw, deck order, bot
//! action) comes from one ChaCha20 stream seeded by the caller, and is handed to the engine as
//! an input, so the same seed plays the same tournament.
//!
//! Invariant: the randomness lives here, never in the engine.

pub mod cash;

use floorbook_cards::{Card, Deck, DeckSeed, ShuffleAlgorithm};
use floorbook_hand::{Chips, OutOfTurn, Phase, Rejection, ShowOrMuck, Street, Turns};
use floorbook_tournament::command::{Command, HandCommand};
use floorbook_tournament::conduct::Offence;
use floorbook_tournament::engine::{MAX_SECONDS, Tournament, TournamentError, TournamentEvent};
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo};
use floorbook_tournament::transcript::Transcript;
use floorbook_tournament::{Button, Profile};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};
use thiserror::Error;

/// A simulation that did not finish.
#[derive(Debug, Error)]
pub enum SimError {
    #[error(transparent)]
    Tournament(#[from] TournamentError),
    #[error("the tournament did not finish within {0} hands")]
    Stalled(u64),
}

/// How a simulation went.
#[derive(Debug)]
pub struct Simulation {
    /// The tournament as it ended, with every event it decided and the time of each.
    pub tournament: Transcript,
    pub hands: u64,
    /// Irregularities, warnings and out-of-turn actions the bots caused.
    pub incidents: u64,
}

/// How the bots play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Style {
    /// Raise often and go all-in often: fields shrink fast, a tournament is short.
    #[default]
    Loose,
    /// Raise seldom and go all-in mostly when short-stacked, as a careful live field does:
    /// stacks last, and a field plays many hands per player (a long chain).
    Patient,
}

/// Callbacks after every hand, for tests that check invariants as the tournament goes.
pub type Check<'a> = &'a mut dyn FnMut(&Transcript);

/// The time of the next command: the round's time, or later when a command (a clock that ran
/// out) has already moved the tournament's time past it; time only moves forward.
fn now(t: &Transcript, seconds: u64) -> u64 {
    seconds.max(t.clock)
}

fn below(rng: &mut ChaCha20Rng, n: u64) -> u64 {
    rng.next_u64() % n.max(1)
}

fn permutation(rng: &mut ChaCha20Rng, n: usize) -> Vec<u32> {
    let mut v: Vec<u32> = (0..n as u32).collect();
    for i in (1..n).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        v.swap(i, j);
    }
    v
}

/// Plays a tournament of `players` under `profile` from `seed`.
pub fn simulate(
    profile: &Profile,
    players: u32,
    seed: u64,
    check: Option<Check<'_>>,
) -> Result<Simulation, SimError> {
    simulate_styled(profile, players, seed, Style::Loose, check)
}

/// Plays a tournament of `players` under `profile` from `seed`, the bots playing `style`.
pub fn simulate_styled(
    profile: &Profile,
    players: u32,
    seed: u64,
    style: Style,
    check: Option<Check<'_>>,
) -> Result<Simulation, SimError> {
    simulate_under(
        profile,
        floorbook_tournament::RULES_REVISION,
        players,
        seed,
        style,
        check,
    )
}

/// Plays a tournament decided by rules revision `revision` (1 to this build's): a chain as an
/// earlier build would have written it, to check that such chains still re-derive.
pub fn simulate_under(
    profile: &Profile,
    revision: u32,
    players: u32,
    seed: u64,
    style: Style,
    check: Option<Check<'_>>,
) -> Result<Simulation, SimError> {
    match check {
        Some(c) => simulate_draining(profile, revision, players, seed, style, &mut |t| c(t)),
        None => simulate_draining(profile, revision, players, seed, style, &mut |_| {}),
    }
}

/// As [`simulate_under`], handing the transcript to `after_hand` after every hand, which may
/// take out what was decided so far ([`Transcript::drain`]) to write it as the tournament goes:
/// memory then holds the tournament's state and what is not yet written, not its whole record.
pub fn simulate_draining(
    profile: &Profile,
    revision: u32,
    players: u32,
    seed: u64,
    style: Style,
    after_hand: &mut dyn FnMut(&mut Transcript),
) -> Result<Simulation, SimError> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut t = Transcript::new(Tournament::under_revision(profile.clone(), revision));
    let buy_in = profile.buy_ins.first().cloned().unwrap_or_default();
    // PLO-3: where the house keeps reservations, the first half of the field reserved its
    // table in advance (spread over the tables the field will play on); the rest walk in.
    let reserving = profile.seating.table_draw == floorbook_tournament::TableDraw::ReservedOrRandom
        && t.readings().balanced_before_first_hand;
    let field = profile.max_players.map_or(players, |m| players.min(m));
    let tables = floorbook_tournament::seating::tables_for(profile, field, false).0;
    for i in 1..=players {
        let age = profile.min_age.saturating_add(below(&mut rng, 50) as u32);
        let table = (reserving && i <= field / 2).then(|| TableNo((i - 1) % tables.max(1) + 1));
        t.decide(
            &Command::Register {
                member: None,
                player: PlayerId(i),
                name: format!("Player {i}"),
                buy_in: buy_in.clone(),
                age,
                table,
                draw: None,
            },
            0,
        )?;
    }
    let draw = seat_draw(&t, &mut rng);
    // Now and then a player is not there at the start (TR-6, PLO-1).
    let ids: Vec<PlayerId> = t
        .players
        .values()
        .filter(|p| p.status == floorbook_tournament::engine::Status::Registered)
        .map(|p| p.id)
        .collect();
    for p in ids {
        if below(&mut rng, 30) == 0 {
            t.decide(
                &Command::SetAbsent {
                    player: p,
                    absent: true,
                },
                0,
            )?;
        }
    }
    play(t, rng, draw, style, after_hand)
}

/// Plays on a tournament whose players are all in before its start (Day 2 of an event in
/// flights, its flights imported): draws the seats from `seed`, starts it and plays it to its
/// end as [`simulate_draining`] does.
pub fn simulate_from(
    t: Transcript,
    seed: u64,
    style: Style,
    after_hand: &mut dyn FnMut(&mut Transcript),
) -> Result<Simulation, SimError> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let draw = seat_draw(&t, &mut rng);
    play(t, rng, draw, style, after_hand)
}

/// The seat draw among the players registered: a random order of them.
fn seat_draw(t: &Transcript, rng: &mut ChaCha20Rng) -> Vec<u32> {
    let registered = t
        .players
        .values()
        .filter(|p| p.status == floorbook_tournament::engine::Status::Registered)
        .count();
    permutation(rng, registered)
}

/// Starts the tournament with the seat draw `draw` and plays it to its end.
fn play(
    mut t: Transcript,
    mut rng: ChaCha20Rng,
    draw: Vec<u32>,
    style: Style,
    after_hand: &mut dyn FnMut(&mut Transcript),
) -> Result<Simulation, SimError> {
    let profile = t.profile.clone();
    let buy_in = profile.buy_ins.first().cloned().unwrap_or_default();
    let players = t.players.len() as u32;
    t.decide(
        &Command::Start {
            draw,
            button_seats: None,
            tables: None,
        },
        0,
    )?;
    // TR-2 / NOB-10: the button by a high-card draw at each table.
    // Every table draws from its own deck, as in the card room.
    if matches!(profile.seating.button, Button::HighCard | Button::CardDraw) {
        let draws: Vec<_> = t
            .tables
            .iter()
            .map(|ts| {
                let mut deck = Deck::from_seed(
                    seed_bytes(&mut rng),
                    ShuffleAlgorithm::ChaCha20FisherYatesV1,
                );
                let draw: Vec<(SeatNo, Card)> = ts
                    .table
                    .seats
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.is_some())
                    .filter_map(|(i, _)| deck.deal().ok().map(|c| (SeatNo(i as u32 + 1), c)))
                    .collect();
                (ts.table.no, draw)
            })
            .collect();
        for (table, draw) in draws {
            t.decide(&Command::PlaceButton { table, draw }, 0)?;
        }
    }
    let mut hands = 0u64;
    let mut incidents = 0u64;
    let mut seconds = 0u64;
    // A guard against a tournament that never ends, not a limit any real one comes near.
    let limit = 20_000 + 500 * u64::from(players);
    while !t.finished {
        let tables: Vec<_> = t.tables.iter().map(|ts| ts.table.no).collect();
        let mut played_any = false;
        for no in tables {
            if t.finished || !t.tables.iter().any(|ts| ts.table.no == no) {
                continue;
            }
            // TR-17: a breaking table's players draw their new seats.
            settle_breaks(&mut t, &mut rng)?;
            if !t.tables.iter().any(|ts| ts.table.no == no) {
                continue;
            }
            // TR-15: the chip races due at this table are run before its next hand.
            while let Some((_, _, _, needed)) = t.chip_race_due(no, now(&t, seconds)) {
                let mut deck = Deck::from_seed(
                    seed_bytes(&mut rng),
                    ShuffleAlgorithm::ChaCha20FisherYatesV1,
                );
                let cards: Vec<Card> = (0..needed.min(52))
                    .filter_map(|_| deck.deal().ok())
                    .collect();
                if cards.len() != needed {
                    break;
                }
                t.decide(&Command::ChipRace { table: no, cards }, now(&t, seconds))?;
                incidents += 1;
                if t.finished {
                    break;
                }
            }
            if t.finished {
                break;
            }
            // Now and then a player steps away (TR-6, PLO-10), and comes back.
            if below(&mut rng, 25) == 0 {
                let playing: Vec<PlayerId> = t
                    .players
                    .values()
                    .filter(|p| p.status == floorbook_tournament::engine::Status::Playing)
                    .map(|p| p.id)
                    .collect();
                if let Some(&p) = playing.get(below(&mut rng, playing.len() as u64) as usize) {
                    let away = t.players.get(&p).is_some_and(|pl| pl.absent);
                    t.decide(
                        &Command::SetAbsent {
                            player: p,
                            absent: !away,
                        },
                        now(&t, seconds),
                    )?;
                    incidents += 1;
                }
            }
            if below(&mut rng, 200) == 0 {
                t.decide(
                    &Command::FloorRuling {
                        player: None,
                        ruling: "a dispute about a misread hand: the cards speak".into(),
                        rule: floorbook_rules::Rule::Tr26,
                        overrides: None,
                    },
                    now(&t, seconds),
                )?;
                incidents += 1;
            }
            // TR-6: ten minutes in, those who never came lose their seat (PLO-1: to a
            // waiting player); some come just in time.
            let no_shows: Vec<PlayerId> = t
                .players
                .values()
                .filter(|p| {
                    p.status == floorbook_tournament::engine::Status::Playing
                        && p.absent
                        && !p.arrived
                })
                .map(|p| p.id)
                .collect();
            for p in no_shows {
                if seconds < t.no_show_seconds() {
                    if below(&mut rng, 20) == 0 {
                        t.decide(
                            &Command::SetAbsent {
                                player: p,
                                absent: false,
                            },
                            now(&t, seconds),
                        )?;
                    }
                } else {
                    t.decide(&Command::RemoveNoShow { player: p }, now(&t, seconds))?;
                    incidents += 1;
                }
            }
            if t.finished {
                break;
            }
            // Issue 39: while entries are open, players out buy a new entry now and then, and
            // late players register; each draws his seat.
            let at = now(&t, seconds);
            if profile.entries.rebuys > 0 {
                incidents += rebuys(&mut t, &mut rng, at, no)?;
            }
            if t.late_open(at) {
                incidents += late_entries(&mut t, &mut rng, at, &buy_in)?;
            }
            incidents += draw_envelopes(&mut t, &mut rng, at)?;
            match t.decide(&Command::StartHand { table: no }, now(&t, seconds)) {
                Ok(_) => {}
                // A break: the clock moves on to its end.
                Err(TournamentError::OnBreak { until, .. }) => {
                    seconds = until;
                    played_any = true;
                    continue;
                }
                Err(_) => continue,
            }
            played_any = true;
            hands += 1;
            if hands > limit {
                return Err(SimError::Stalled(limit));
            }
            incidents += play_hand(&mut t, no, style, seconds + 60, &mut rng)?;
            after_hand(&mut t);
        }
        if !played_any && !t.finished {
            return Err(SimError::Stalled(hands));
        }
        // The tables play at the same time: a round of hands, one at each table, takes a
        // minute of the clock.
        seconds += 60;
    }
    // A mystery envelope still owed is drawn after the end too.
    let at = now(&t, seconds);
    incidents += draw_envelopes(&mut t, &mut rng, at)?;
    Ok(Simulation {
        tournament: t,
        hands,
        incidents,
    })
}

/// The mystery envelopes owed, each drawn at random among those left; how many were drawn.
fn draw_envelopes(t: &mut Transcript, rng: &mut ChaCha20Rng, at: u64) -> Result<u64, SimError> {
    let mut drawn = 0;
    while let Some(from) = t.envelopes_owed.first().map(|(p, _)| *p) {
        let left = t.envelopes.as_ref().map_or(0, Vec::len) as u64;
        let draw = below(rng, left) as u32;
        t.decide(&Command::DrawEnvelope { from, draw }, at)?;
        drawn += 1;
    }
    Ok(drawn)
}

/// Rebuys by players out and by those at `table` at or below the threshold, in the rebuy
/// period, and the add-on at `table` in its level, at random; how many were made.
fn rebuys(
    t: &mut Transcript,
    rng: &mut ChaCha20Rng,
    at: u64,
    table: TableNo,
) -> Result<u64, SimError> {
    use floorbook_tournament::engine::Status;
    let e = t.profile.entries.clone();
    let level = t.level_at(at);
    let threshold = e.rebuy_at_or_below.unwrap_or(t.profile.starting_chips);
    let idle = t
        .tables
        .iter()
        .any(|ts| ts.table.no == table && ts.hand.is_none());
    let mut made = 0;
    if level <= e.rebuy_until_level && t.entries_open(at) && t.pending_break.is_none() {
        let takers: Vec<(PlayerId, u32)> = t
            .players
            .values()
            .filter(|p| {
                let out = p.status
                    == Status::Out {
                        disqualified: false,
                    };
                let low = idle
                    && p.status == Status::Playing
                    && p.table == Some(table)
                    && p.stack <= threshold;
                (out || low) && p.rebuys < e.rebuys
            })
            .map(|p| (p.id, p.rebuys))
            .collect();
        for (player, had) in takers {
            if below(rng, 2) == 0 {
                continue;
            }
            let double = e.double_rebuy && had + 2 <= e.rebuys && below(rng, 3) == 0;
            match t.decide(&Command::Rebuy { player, double }, at) {
                Ok(_) => made += 1,
                // His seat went to someone else meanwhile: he re-enters or stays out.
                Err(TournamentError::SeatGone { .. }) => {}
                Err(e) => return Err(e.into()),
            }
        }
    }
    if e.addon_chips > 0 && level == e.rebuy_until_level + 1 && idle {
        let takers: Vec<PlayerId> = t
            .players
            .values()
            .filter(|p| p.status == Status::Playing && p.table == Some(table) && !p.added_on)
            .map(|p| p.id)
            .collect();
        for player in takers {
            if below(rng, 3) > 0 {
                t.decide(&Command::AddOn { player }, at)?;
                made += 1;
            }
        }
    }
    Ok(made)
}

/// Re-entries and late registrations at `at`, at random; how many were made.
fn late_entries(
    t: &mut Transcript,
    rng: &mut ChaCha20Rng,
    at: u64,
    buy_in: &str,
) -> Result<u64, SimError> {
    let mut made = 0;
    if t.pending_break.is_some() {
        return Ok(0);
    }
    let out: Vec<PlayerId> = t
        .players
        .values()
        .filter(|p| {
            p.status
                == floorbook_tournament::engine::Status::Out {
                    disqualified: false,
                }
                && (p.reentries.len() as u32) < t.profile.entries.reentries
        })
        .map(|p| p.id)
        .collect();
    for player in out {
        let seats = t.entry_seats();
        if seats == 0 || below(rng, 3) == 0 {
            continue;
        }
        let draw = below(rng, u64::from(seats)) as u32;
        let command = Command::Reenter {
            player,
            buy_in: buy_in.to_string(),
            draw,
        };
        t.decide(&command, at)?;
        made += 1;
    }
    let seats = t.entry_seats();
    if seats > 0 && below(rng, 8) == 0 {
        let next = t.players.keys().map(|p| p.0).max().unwrap_or(0) + 1;
        let command = Command::Register {
            member: None,
            player: PlayerId(next),
            name: format!("Player {next}"),
            buy_in: buy_in.to_string(),
            age: t.profile.min_age,
            table: None,
            draw: Some(below(rng, u64::from(seats)) as u32),
        };
        t.decide(&command, at)?;
        made += 1;
    }
    Ok(made)
}

fn seed_bytes(rng: &mut ChaCha20Rng) -> DeckSeed {
    let mut b = [0u8; 32];
    rng.fill_bytes(&mut b);
    DeckSeed(b)
}

/// Draws the seats of a breaking table's players: each draws a different free seat.
fn settle_breaks(t: &mut Transcript, rng: &mut ChaCha20Rng) -> Result<(), SimError> {
    while let Some(table) = t.pending_break {
        let leaving = t
            .tables
            .iter()
            .find(|ts| ts.table.no == table)
            .map_or(0, |ts| ts.table.players());
        let free: usize = t
            .tables
            .iter()
            .filter(|ts| ts.table.no != table)
            .map(|ts| ts.table.seats.len() - ts.table.players())
            .sum();
        let mut seats: Vec<u32> = (0..free as u32).collect();
        for i in 0..leaving.min(free) {
            let j = i + below(rng, (free - i) as u64) as usize;
            seats.swap(i, j);
        }
        seats.truncate(leaving);
        let at = t.clock;
        t.decide(&Command::BreakTable { table, draw: seats }, at)?;
    }
    Ok(())
}

/// Plays the hand at `table` to the end with random legal actions, now and then an
/// irregularity, a warning or an out-of-turn action. Returns the incidents caused.
fn play_hand(
    t: &mut Transcript,
    table: TableNo,
    style: Style,
    round_end: u64,
    rng: &mut ChaCha20Rng,
) -> Result<u64, SimError> {
    let mut deck = Deck::from_seed(seed_bytes(rng), ShuffleAlgorithm::ChaCha20FisherYatesV1);
    let mut incidents = 0;
    let act = |t: &mut Transcript, action: HandCommand| {
        let at = t.clock;
        t.decide(&Command::Hand { table, action }, at).map(|_| ())
    };
    for _ in 0..2000 {
        let Some(hand) = t.hand(table) else {
            return Ok(incidents);
        };
        let unit = hand.chip_unit();
        let fixed_limit = hand.is_stud();
        match hand.phase() {
            Phase::Settled => return Ok(incidents),
            Phase::HoleDealing => {
                let p = hand.dealee().unwrap_or(floorbook_hand::Pos(0));
                // Stud: which card this is (a third-street down card, a seventh-street card).
                let stud = hand.is_stud().then(|| (hand.street(), hand.cards_due(p).1));
                let c = deck.deal().ok();
                act(
                    t,
                    HandCommand::DealHole {
                        pos: p,
                        cards: vec![c],
                    },
                )?;
                // Now and then the dealer turns a stud card up: a down card in the first deal
                // (TDA-RP-10 A), or a seventh-street card (RP-10 B). Refused once the case no
                // longer applies (his up card out; the hand moved on): nothing is recorded then.
                let exposed = match (stud, c) {
                    (Some((Street::Third, false)), Some(card)) if below(rng, 150) == 0 => {
                        Some(HandCommand::DownCardExposed { pos: p, card })
                    }
                    (Some((Street::Seventh, _)), Some(card)) if below(rng, 100) == 0 => {
                        Some(HandCommand::SeventhCardExposed { pos: p, card })
                    }
                    _ => None,
                };
                if let Some(command) = exposed
                    && act(t, command).is_ok()
                {
                    incidents += 1;
                }
            }
            Phase::BoardDealing => {
                let due = hand.board_due();
                if below(rng, 200) == 0 && due == 3 {
                    // TDA-39A: four cards came out for the flop.
                    let cards: Vec<Card> = (0..4).filter_map(|_| deck.deal().ok()).collect();
                    if let Ok(four) = <[Card; 4]>::try_from(cards) {
                        let pick = below(rng, 4) as usize;
                        act(
                            t,
                            HandCommand::FourCardFlop {
                                cards: four,
                                burn_pick: pick,
                            },
                        )?;
                        incidents += 1;
                        continue;
                    }
                }
                let _burn = deck.deal();
                let cards: Vec<Card> = (0..due).filter_map(|_| deck.deal().ok()).collect();
                act(t, HandCommand::DealBoard { cards })?;
            }
            Phase::Betting => {
                let Some(legal) = hand.legal() else {
                    return Ok(incidents);
                };
                let actor = legal.actor;
                // Now and then: an out-of-turn action by the next player, or a warning.
                if below(rng, 100) == 0 {
                    let others: Vec<floorbook_hand::Pos> = (0..hand.players())
                        .map(floorbook_hand::Pos)
                        .filter(|p| *p != actor && hand.is_active(*p))
                        .collect();
                    if let Some(&p) = others.first()
                        && act(
                            t,
                            HandCommand::OutOfTurn {
                                pos: p,
                                action: OutOfTurn::Call,
                            },
                        )
                        .is_ok()
                    {
                        incidents += 1;
                        continue;
                    }
                }
                if below(rng, 300) == 0
                    && let Some(player) = t.player_at(table, actor)
                {
                    let at = t.clock;
                    t.decide(
                        &Command::Sanction {
                            player,
                            offence: Offence::Etiquette,
                            chips: None,
                        },
                        at,
                    )?;
                    incidents += 1;
                    continue;
                }
                // Stud: now and then the next street's card comes out before the betting
                // ended (TDA-RP-5 D), mostly after its burn (which stays burned).
                if fixed_limit
                    && below(rng, 300) == 0
                    && let Ok(card) = deck.deal()
                    && act(
                        t,
                        HandCommand::PrematureStudCards {
                            cards: vec![card],
                            burned: Some(below(rng, 4) != 0),
                        },
                    )
                    .is_ok()
                {
                    incidents += 1;
                    continue;
                }
                // TR-19: a clock is called, and now and then it runs out.
                if below(rng, 150) == 0 {
                    let at = t.clock;
                    let expires = t
                        .decide(&Command::CallClock { table }, at)?
                        .iter()
                        .find_map(|e| match e {
                            TournamentEvent::ClockCalled { expires_at, .. } => Some(*expires_at),
                            _ => None,
                        })
                        .unwrap_or(at);
                    incidents += 1;
                    // Now and then it runs out: checked when it does, if that is within this
                    // round's minute (a clock that would outlast the round is answered in
                    // time, so the tournament's time keeps the pace of its rounds).
                    if below(rng, 2) == 0 && expires < round_end.min(MAX_SECONDS) {
                        t.decide(&Command::CheckClock { table }, expires)?;
                        continue;
                    }
                }
                let action = decide(
                    style,
                    legal.call.is_zero(),
                    legal.raise_to,
                    fixed_limit,
                    rng,
                );
                let action = match action {
                    // Stud: the bring-in is posted unless he completes (or, the low card being
                    // all in, folds: TDA-RP-10 E).
                    Action::CheckOrCall | Action::Fold if legal.bring_in.is_some() => {
                        if legal.fold && below(rng, 3) == 0 {
                            HandCommand::Fold { pos: actor }
                        } else {
                            HandCommand::BringIn { pos: actor }
                        }
                    }
                    Action::RaiseTo(to) => HandCommand::BetOrRaiseTo {
                        pos: actor,
                        to: payable(to, legal.raise_to, unit),
                    },
                    Action::Fold => HandCommand::Fold { pos: actor },
                    Action::CheckOrCall => HandCommand::CheckOrCall { pos: actor },
                };
                act(t, action)?;
            }
            Phase::Showdown => {
                let Some(p) = hand.showdown_next() else {
                    return Ok(incidents);
                };
                // An all-in showdown turns every hand up (TR-3.6); otherwise now and then a
                // player mucks.
                let all_in = hand.all_in_showdown();
                let what = if !all_in && below(rng, 10) == 0 {
                    ShowOrMuck::Muck
                } else {
                    ShowOrMuck::ShowDealt
                };
                match act(t, HandCommand::ShowOrMuck { pos: p, what }) {
                    // TR-3.6: the last live hand cannot be mucked; it shows.
                    Err(TournamentError::Hand(Rejection::LastLiveHand { .. })) => act(
                        t,
                        HandCommand::ShowOrMuck {
                            pos: p,
                            what: ShowOrMuck::ShowDealt,
                        },
                    )?,
                    other => other?,
                }
            }
        }
    }
    Err(SimError::Stalled(0))
}

/// `to` as chips in play pay it: a multiple of the smallest chip, within the legal range
/// (all in is whatever the stack is).
fn payable(to: Chips, range: Option<(Chips, Chips)>, unit: Chips) -> Chips {
    let Some((min, max)) = range else { return to };
    if to >= max || unit.0 <= 1 {
        return to.min(max);
    }
    Chips(to.0 / unit.0 * unit.0).max(min)
}

/// A bot's choice at its turn.
enum Action {
    RaiseTo(Chips),
    Fold,
    CheckOrCall,
}

/// What a bot of `style` does, given whether it faces a bet and the raise range (if any).
fn decide(
    style: Style,
    unopposed: bool,
    raise_to: Option<(Chips, Chips)>,
    fixed_limit: bool,
    rng: &mut ChaCha20Rng,
) -> Action {
    let r = below(rng, 100);
    match style {
        // Fixed limit has no shove: loose bots bet and raise to the cap and seldom fold, so
        // their pots grow as a shove's would.
        Style::Loose if fixed_limit => match (r, raise_to) {
            (0..=54, Some((min, _))) => Action::RaiseTo(min),
            (55..=64, _) if !unopposed => Action::Fold,
            _ => Action::CheckOrCall,
        },
        Style::Loose => match (r, raise_to) {
            (0..=14, Some((min, max))) => {
                let to = if below(rng, 3) == 0 {
                    max
                } else {
                    Chips(min.0 + below(rng, (max.0 - min.0) / 3 + 1))
                };
                Action::RaiseTo(to)
            }
            (15..=44, _) if !unopposed => Action::Fold,
            _ => Action::CheckOrCall,
        },
        Style::Patient => {
            let raise_share = if unopposed { 10 } else { 3 };
            match raise_to {
                Some((min, max)) if r < raise_share => {
                    // Short-stacked (at most five minimum raises behind): often all in.
                    let short = max.0 <= min.0.saturating_mul(5);
                    let shove = if short {
                        below(rng, 2) == 0
                    } else {
                        below(rng, 25) == 0
                    };
                    let to = if shove {
                        max
                    } else {
                        Chips(min.0 + below(rng, (max.0 - min.0) / 10 + 1))
                    };
                    Action::RaiseTo(to)
                }
                _ if !unopposed && r < 55 => Action::Fold,
                _ => Action::CheckOrCall,
            }
        }
    }
}
