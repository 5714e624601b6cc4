//! A cash room's evening played by bots: guests arrive and put their names on the list, tables
//! open, hands are played at every table, guests step away and come back, bust and buy in
//! again, add chips, change seats, are warned, are called to move and accept or refuse, and
//! leave; at closing time everyone cashes out. Every choice comes from one seeded ChaCha20
//! stream and is handed to the room as an input.

use floorbook_cards::{Deck, ShuffleAlgorithm};
use floorbook_cash::{
    CashCommand, CashError, CashEvent, CashProfile, CashRoom, GuestId, Offence, SeatNo, TableNo,
};
use floorbook_hand::{HandCommand, Phase, Pos, ShowOrMuck, Turns};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

use crate::{below, seed_bytes};

/// One accepted command, its time and what it decided.
#[derive(Debug, Clone)]
pub struct Entry {
    pub command: CashCommand,
    pub at: u64,
    pub events: Vec<CashEvent>,
}

/// How the evening went.
#[derive(Debug)]
pub struct CashEvening {
    /// The room at closing time.
    pub room: CashRoom,
    /// Every accepted command in order.
    pub log: Vec<Entry>,
    pub hands: u64,
    /// Commands the bots tried that the rules refused (a phone call for the list, a seat at a
    /// side table too soon after the main table): refused, recorded nowhere.
    pub refused: u64,
}

/// Checks after every accepted command, for tests that hold invariants as the evening goes.
pub type CashCheck<'a> = &'a mut dyn FnMut(&CashRoom, &Entry);

struct Evening<'a> {
    room: CashRoom,
    log: Vec<Entry>,
    refused: u64,
    clock: u64,
    check: Option<CashCheck<'a>>,
}

impl Evening<'_> {
    /// Decides a command the bots expect to be accepted.
    fn must(&mut self, command: CashCommand) -> Result<Vec<CashEvent>, CashError> {
        let events = self.room.decide(&command, self.clock)?;
        let entry = Entry {
            command,
            at: self.clock,
            events: events.clone(),
        };
        if let Some(c) = self.check.as_mut() {
            c(&self.room, &entry);
        }
        self.log.push(entry);
        Ok(events)
    }

    /// Tries a command the rules may refuse; a refusal changes nothing and is counted.
    fn try_(&mut self, command: CashCommand) -> bool {
        match self.room.decide(&command, self.clock) {
            Ok(events) => {
                let entry = Entry {
                    command,
                    at: self.clock,
                    events,
                };
                if let Some(c) = self.check.as_mut() {
                    c(&self.room, &entry);
                }
                self.log.push(entry);
                true
            }
            Err(_) => {
                self.refused += 1;
                false
            }
        }
    }
}

/// Plays an evening of `minutes` under `profile` with up to `guests` guests, from `seed`.
pub fn simulate_cash(
    profile: &CashProfile,
    guests: u32,
    minutes: u64,
    seed: u64,
    check: Option<CashCheck<'_>>,
) -> Result<CashEvening, CashError> {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let mut ev = Evening {
        room: CashRoom::new(profile.clone()),
        log: Vec::new(),
        refused: 0,
        clock: 0,
        check,
    };
    let games = profile.games.clone();
    for g in &games {
        ev.must(CashCommand::OpenTable {
            table: g.main_table(),
        })?;
    }
    let mut next_guest: GuestId = 1;
    let mut hands = 0;
    let closing = minutes * 60;
    while ev.clock < closing {
        // Arrivals: guests report in person (now and then one phones and is refused, GCB-9).
        let arrivals = below(&mut rng, 3);
        for _ in 0..arrivals {
            if next_guest > guests {
                break;
            }
            // Most come for the first game.
            let g = if below(&mut rng, 4) == 0 {
                &games[below(&mut rng, games.len() as u64) as usize]
            } else {
                &games[0]
            };
            let in_person = below(&mut rng, 20) != 0;
            let id = next_guest;
            if ev.try_(CashCommand::JoinList {
                member: None,
                guest: id,
                name: format!("Guest {id}"),
                game: g.id.clone(),
                in_person,
            }) {
                next_guest += 1;
            }
        }
        for g in &games {
            seat_from_list(&mut ev, g, &mut rng)?;
            answer_must_move(&mut ev, g, &mut rng)?;
        }
        let tables: Vec<TableNo> = ev.room.tables().keys().copied().collect();
        for t in tables {
            between_hands(&mut ev, t, &mut rng)?;
            if play_hand(&mut ev, t, &mut rng)? {
                hands += 1;
            }
        }
        ev.clock += 60;
    }
    // Closing: everyone leaves with what he has; nobody is left on a list.
    let seated: Vec<GuestId> = ev
        .room
        .guests()
        .values()
        .filter(|g| g.sitting.is_some())
        .map(|g| g.id)
        .collect();
    for id in seated {
        if ev
            .room
            .guests()
            .get(&id)
            .is_some_and(|g| g.sitting.is_some())
        {
            ev.must(CashCommand::CashOut { guest: id })?;
        }
    }
    let lists: Vec<(String, Vec<GuestId>)> = ev
        .room
        .lists()
        .iter()
        .map(|(g, l)| (g.clone(), l.waiting.clone()))
        .collect();
    for (game, waiting) in lists {
        for guest in waiting {
            ev.must(CashCommand::LeaveList {
                guest,
                game: game.clone(),
            })?;
        }
    }
    Ok(CashEvening {
        room: ev.room,
        log: ev.log,
        hands,
        refused: ev.refused,
    })
}

fn free_seats(room: &CashRoom, table: TableNo) -> Vec<SeatNo> {
    room.tables().get(&table).map_or(Vec::new(), |t| {
        t.seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.is_none())
            .map(|(i, _)| i as SeatNo + 1)
            .collect()
    })
}

/// The first on a game's list takes a free seat: the main table's while no side table plays,
/// else a side table's (opened when GCB-10 allows).
fn seat_from_list(
    ev: &mut Evening<'_>,
    game: &floorbook_cash::Game,
    rng: &mut ChaCha20Rng,
) -> Result<(), CashError> {
    for _ in 0..20 {
        let Some(&first) = ev
            .room
            .lists()
            .get(&game.id)
            .and_then(|l| l.waiting.first())
        else {
            return Ok(());
        };
        let side_open = game
            .tables
            .iter()
            .skip(1)
            .find(|t| ev.room.tables().get(t).is_some_and(|x| x.open))
            .copied();
        let table = match side_open {
            Some(s) => s,
            None if !free_seats(&ev.room, game.main_table()).is_empty() => game.main_table(),
            None => {
                let Some(&side) = game.tables.get(1) else {
                    return Ok(());
                };
                if !ev.try_(CashCommand::OpenTable { table: side }) {
                    return Ok(());
                }
                side
            }
        };
        let free = free_seats(&ev.room, table);
        if free.is_empty() {
            return Ok(());
        }
        let seat = free[below(rng, free.len() as u64) as usize];
        let max = if game.max_buy_in == 0 {
            game.table_stake * 5
        } else {
            game.max_buy_in
        };
        let buy_in = game.table_stake + below(rng, max - game.table_stake + 1);
        let wait = below(rng, 3) == 0;
        if !ev.try_(CashCommand::Seat {
            member: None,
            guest: first,
            name: None,
            table,
            seat,
            buy_in,
            wait_for_big_blind: wait,
        }) {
            // Not yet allowed at this table (GCB-10's hour after the main table): he gives up
            // his place and puts his name down again at the end.
            ev.must(CashCommand::LeaveList {
                guest: first,
                game: game.id.clone(),
            })?;
            let name = ev
                .room
                .guests()
                .get(&first)
                .map_or_else(String::new, |g| g.name.clone());
            ev.must(CashCommand::JoinList {
                member: None,
                guest: first,
                name,
                game: game.id.clone(),
                in_person: true,
            })?;
            return Ok(());
        }
    }
    Ok(())
}

/// GCB-10: the called player moves when his hand is over, or now and then refuses.
fn answer_must_move(
    ev: &mut Evening<'_>,
    game: &floorbook_cash::Game,
    rng: &mut ChaCha20Rng,
) -> Result<(), CashError> {
    let Some(called) = ev.room.lists().get(&game.id).and_then(|l| l.called) else {
        return Ok(());
    };
    let Some(s) = ev
        .room
        .guests()
        .get(&called)
        .and_then(|g| g.sitting.clone())
    else {
        return Ok(());
    };
    if ev
        .room
        .hand(s.table)
        .is_some_and(|r| r.guests.contains(&called))
    {
        return Ok(());
    }
    if below(rng, 8) == 0 {
        ev.must(CashCommand::RefuseMove { guest: called })?;
        return Ok(());
    }
    let free = free_seats(&ev.room, game.main_table());
    if let Some(&seat) = free.first() {
        ev.must(CashCommand::AcceptMove {
            guest: called,
            seat,
        })?;
    }
    Ok(())
}

/// Between hands at a table: busted guests buy in again or leave; others step away, come
/// back, add chips, change seat, leave, or are warned.
fn between_hands(
    ev: &mut Evening<'_>,
    table: TableNo,
    rng: &mut ChaCha20Rng,
) -> Result<(), CashError> {
    let Some(t) = ev.room.tables().get(&table) else {
        return Ok(());
    };
    if t.hand.is_some() || !t.open {
        return Ok(());
    }
    let game = ev.room.profile().game_of(table).cloned();
    let Some(game) = game else { return Ok(()) };
    let seated: Vec<GuestId> = t.seats.iter().flatten().copied().collect();
    for id in seated {
        let Some(s) = ev.room.guests().get(&id).and_then(|g| g.sitting.clone()) else {
            continue;
        };
        let r = below(rng, 1000);
        if s.stack == 0 {
            if r < 350 && !s.short_rebuy {
                let amount = 1 + below(rng, game.table_stake - 1);
                ev.must(CashCommand::Rebuy { guest: id, amount })?;
            } else if r < 700 {
                ev.must(CashCommand::Rebuy {
                    guest: id,
                    amount: game.table_stake,
                })?;
            } else if r < 850 {
                ev.must(CashCommand::CashOut { guest: id })?;
            }
            // Otherwise he is off fetching money, and misses his blinds.
            continue;
        }
        if s.away {
            if r < 300 {
                ev.must(CashCommand::SetAway {
                    guest: id,
                    away: false,
                })?;
            }
            continue;
        }
        match r {
            0..20 => {
                ev.must(CashCommand::CashOut { guest: id })?;
            }
            20..40 => {
                ev.must(CashCommand::SetAway {
                    guest: id,
                    away: true,
                })?;
            }
            40..50 if !s.short_rebuy => {
                let room = if game.max_buy_in == 0 {
                    game.table_stake
                } else {
                    game.max_buy_in.saturating_sub(s.stack)
                };
                if room > 0 {
                    let amount = 1 + below(rng, room);
                    ev.must(CashCommand::AddChips { guest: id, amount })?;
                }
            }
            50..55 => {
                let free = free_seats(&ev.room, table);
                if let Some(&seat) = free.first() {
                    let post_both = below(rng, 2) == 0;
                    ev.must(CashCommand::ChangeSeat {
                        guest: id,
                        seat,
                        post_both,
                    })?;
                }
            }
            55..58 => {
                ev.must(CashCommand::Warn {
                    guest: id,
                    offence: Offence::Language,
                    note: String::new(),
                })?;
            }
            _ => {}
        }
    }
    Ok(())
}

/// Plays a hand at the table to its end, when two or more can play. Whether one was played.
fn play_hand(
    ev: &mut Evening<'_>,
    table: TableNo,
    rng: &mut ChaCha20Rng,
) -> Result<bool, CashError> {
    let Some(t) = ev.room.tables().get(&table) else {
        return Ok(false);
    };
    if !t.open || t.hand.is_some() {
        return Ok(false);
    }
    // The first hand's button: the floor's draw among the seated guests who can play.
    let button = if t.last_big_blind.is_none() {
        let seats: Vec<SeatNo> = t
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, g)| {
                let g = ev.room.guests().get(&(*g)?)?;
                let s = g.sitting.as_ref()?;
                (!s.away && s.stack > 0).then_some(i as SeatNo + 1)
            })
            .collect();
        if seats.len() < 2 {
            return Ok(false);
        }
        Some(seats[below(rng, seats.len() as u64) as usize])
    } else {
        None
    };
    let straddle = below(rng, 10) == 0;
    let started = ev.try_(CashCommand::StartHand {
        table,
        button,
        straddle,
    }) || (straddle
        && ev.try_(CashCommand::StartHand {
            table,
            button,
            straddle: false,
        }));
    if !started {
        return Ok(false);
    }
    let mut deck = Deck::from_seed(seed_bytes(rng), ShuffleAlgorithm::ChaCha20FisherYatesV1);
    for _ in 0..2000 {
        let Some(r) = ev.room.hand(table) else {
            return Ok(true);
        };
        let hand = &r.hand;
        let action = match hand.phase() {
            Phase::Settled => return Ok(true),
            Phase::HoleDealing => {
                let pos = hand.dealee().unwrap_or(Pos(0));
                HandCommand::DealHole {
                    pos,
                    cards: vec![deck.deal().ok()],
                }
            }
            Phase::BoardDealing => {
                let _burn = deck.deal();
                let cards = (0..hand.board_due())
                    .filter_map(|_| deck.deal().ok())
                    .collect();
                HandCommand::DealBoard { cards }
            }
            Phase::Showdown => {
                let Some(pos) = hand.showdown_next() else {
                    return Ok(true);
                };
                let what = if !hand.all_in_showdown() && below(rng, 3) == 0 {
                    ShowOrMuck::Muck
                } else {
                    ShowOrMuck::ShowDealt
                };
                HandCommand::ShowOrMuck { pos, what }
            }
            Phase::Betting => {
                let Some(legal) = hand.legal() else {
                    return Ok(true);
                };
                let pos = legal.actor;
                // Now and then a guest leaves the table in the middle of the hand (GCB-1).
                if below(rng, 400) == 0
                    && let Some(&g) = r.guests.get(pos.0)
                {
                    ev.must(CashCommand::SetAway {
                        guest: g,
                        away: true,
                    })?;
                    continue;
                }
                let x = below(rng, 100);
                match (x, legal.raise_to) {
                    (0..25, _) if !legal.call.is_zero() => HandCommand::Fold { pos },
                    (25..35, Some((lo, hi))) => {
                        let span = hi.0 - lo.0;
                        let to = if below(rng, 4) == 0 {
                            hi.0
                        } else {
                            lo.0 + below(rng, span / 4 + 1)
                        };
                        HandCommand::BetOrRaiseTo {
                            pos,
                            to: floorbook_hand::Chips(to),
                        }
                    }
                    _ => HandCommand::CheckOrCall { pos },
                }
            }
        };
        let muck = matches!(
            action,
            HandCommand::ShowOrMuck {
                what: ShowOrMuck::Muck,
                ..
            }
        );
        let cmd = CashCommand::Hand { table, action };
        if muck {
            // The last live hand may not be mucked (TR-3.6): then it is shown.
            if !ev.try_(cmd.clone())
                && let CashCommand::Hand {
                    action: HandCommand::ShowOrMuck { pos, .. },
                    ..
                } = cmd
            {
                ev.must(CashCommand::Hand {
                    table,
                    action: HandCommand::ShowOrMuck {
                        pos,
                        what: ShowOrMuck::ShowDealt,
                    },
                })?;
            }
        } else {
            ev.must(cmd)?;
        }
    }
    Ok(true)
}
