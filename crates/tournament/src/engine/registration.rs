//! Registration (TR-0a, TR-0b, PLO-1, PLO-3), the start with its seat draw (TR-1) and the
//! button draw (TR-2, NOB-10, PLO-4).

use super::hands::find_table;
use floorbook_rules::{Rule, RuleSet};

use super::{
    ButtonDrawRefused, Player, ReservationRefused, Status, TableState, Tournament, TournamentError,
    TournamentEvent,
};
use crate::balance::Table;
use crate::seating::{PlayerId, SeatNo, SeatingError, TableNo, draw_seats, tables_for};

/// What a registration brings: the player, his name, age and buy-in, the table he reserved
/// (PLO-3), the member he is (issue 24), and after the start the seat's draw (issue 39).
pub(super) struct Registration<'a> {
    pub player: PlayerId,
    pub name: &'a str,
    pub age: u32,
    pub buy_in: &'a str,
    pub table: Option<TableNo>,
    pub member: Option<&'a str>,
    pub draw: Option<u32>,
}

impl Tournament {
    /// Registers a player: TR-0a (age), TR-0b (buy-in), the cap and waiting list (PLO-1, PLO-3);
    /// after the start, while entries are open, into a drawn seat (issue 39).
    pub(super) fn register(&mut self, r: Registration<'_>) -> Result<(), TournamentError> {
        let Registration {
            player,
            name,
            age,
            buy_in,
            table,
            member,
            draw,
        } = r;
        // After the start only while entries are open (issue 39), into a drawn seat.
        if self.started {
            self.late_entry_open()?;
            if table.is_some() {
                return Err(TournamentError::Reservation(
                    ReservationRefused::ReservedBeforeStart,
                ));
            }
        } else if draw.is_some() {
            return Err(TournamentError::NotNow(
                "seats are drawn at the start: a registration before it draws none",
            ));
        }
        if self.players.contains_key(&player) {
            return Err(TournamentError::AlreadyRegistered(player));
        }
        if age < self.profile.min_age {
            return Err(TournamentError::TooYoung {
                player,
                age,
                min: self.profile.min_age,
            });
        }
        if !self.profile.buy_ins.iter().any(|b| b == buy_in) {
            return Err(TournamentError::BuyIn {
                got: buy_in.to_string(),
                offered: self.profile.buy_ins.clone(),
            });
        }
        let reserving = self.profile.seating.table_draw == crate::TableDraw::ReservedOrRandom;
        if let Some(t) = table {
            if !reserving {
                return Err(TournamentError::Reservation(
                    ReservationRefused::EveryTableDrawn,
                ));
            }
            let seats = self.profile.seats_per_table;
            let most = self.profile.max_players.unwrap_or(seats * 100);
            let tables = tables_for(&self.profile, most, false).0;
            let there = self
                .players
                .values()
                .filter(|p| p.reserved == Some(t) && p.status == Status::Registered)
                .count() as u32;
            if !(1..=tables).contains(&t.0) || there >= seats {
                return Err(TournamentError::Reservation(
                    ReservationRefused::NoSeatToReserve {
                        tables,
                        seats,
                        table: t.0,
                        there,
                    },
                ));
            }
        }
        let registered = self
            .players
            .values()
            .filter(|p| p.status == Status::Registered)
            .count() as u32;
        let full = self.profile.max_players.is_some_and(|m| registered >= m);
        // PLO-3: walk-ins get a seat only if one remains: a reservation that finds the field
        // full takes the seat of the latest walk-in, who goes to the waiting list.
        let bumped = if full && table.is_some() {
            self.walk_ins.iter().rev().copied().find(|p| {
                self.players
                    .get(p)
                    .is_some_and(|pl| pl.status == Status::Registered)
            })
        } else {
            None
        };
        let status = if full && bumped.is_none() {
            Status::WaitListed
        } else {
            Status::Registered
        };
        // A late registration is seated at once (unless the field is full: he waits).
        let late_seat = if self.started && status == Status::Registered {
            self.chips_fit()?;
            Some(self.entry_seat(draw)?)
        } else {
            None
        };
        let mut p = Player::registered(
            player,
            name.to_string(),
            buy_in.to_string(),
            member.map(str::to_string),
        );
        p.status = status;
        p.reserved = table;
        self.players.insert(player, p);
        if reserving && table.is_none() {
            self.walk_ins.push(player);
        }
        let rules = if table.is_some() {
            RuleSet::of(&[Rule::Tr0a, Rule::Tr0b, Rule::Plo3])
        } else {
            RuleSet::of(&[Rule::Tr0a, Rule::Tr0b])
        };
        self.out.push(TournamentEvent::Registered {
            player,
            name: name.to_string(),
            buy_in: buy_in.to_string(),
            table,
            member: member.map(str::to_string),
            rules,
        });
        if let Some(walk_in) = bumped {
            if let Some(p) = self.players.get_mut(&walk_in) {
                p.status = Status::WaitListed;
            }
            self.out.push(TournamentEvent::WaitListed {
                player: walk_in,
                rules: RuleSet::of(&[Rule::Plo3]),
            });
        } else if full {
            self.out.push(TournamentEvent::WaitListed {
                player,
                rules: RuleSet::of(&[Rule::Plo1, Rule::Plo3]),
            });
        }
        if let Some(seat) = late_seat {
            self.seat_entry(player, buy_in, seat);
        }
        Ok(())
    }

    /// Starts: the number of tables, the seat draw (`draw`: a permutation of seat cards, the
    /// recorded random input) and the buttons (seat 1, PLO-4; the high-card draw of TR-2 and
    /// NOB-10 is made at the table and entered with `button_seats`).
    pub(super) fn start(
        &mut self,
        draw: &[u32],
        button_seats: Option<&[SeatNo]>,
        choice: Option<u32>,
        at: u64,
    ) -> Result<(), TournamentError> {
        if self.started {
            return Err(TournamentError::NotNow("the tournament has started"));
        }
        if self.profile.day2.is_some() && self.flights.is_empty() {
            return Err(TournamentError::NoFlightsImported);
        }
        let ids: Vec<PlayerId> = self
            .players
            .values()
            .filter(|p| p.status == Status::Registered)
            .map(|p| p.id)
            .collect();
        let n = ids.len() as u32;
        if n < 2 {
            return Err(TournamentError::TooFewPlayers(n));
        }
        // NOB-7: eight players play on one table or on two of four, as the director chooses;
        // elsewhere the rule's count is the only one.
        let (tables, rules) = tables_for(&self.profile, n, false);
        let (tables, rules) = match choice {
            None => (tables, rules),
            Some(got) => {
                let other = tables_for(&self.profile, n, true);
                let mut allowed = vec![tables, other.0];
                allowed.dedup();
                if got == other.0 {
                    other
                } else if got == tables {
                    (tables, rules)
                } else {
                    return Err(TournamentError::TableChoice {
                        players: n,
                        got,
                        allowed,
                        rule: rules.iter().next().unwrap_or(Rule::Tr1),
                    });
                }
            }
        };
        // PLO-3: reserved tables bind; walk-ins are drawn into the seats that remain.
        let reserved: Vec<Option<TableNo>> = ids
            .iter()
            .map(|p| self.players.get(p).and_then(|pl| pl.reserved))
            .collect();
        let seats = if reserved.iter().any(Option::is_some) {
            crate::seating::draw_seats_reserved(
                &ids,
                &reserved,
                tables,
                self.profile.seats_per_table,
                draw,
            )
        } else {
            draw_seats(&ids, tables, draw)
        }
        .map_err(TournamentError::Draw)?;
        self.multi_table = tables > 1;
        // Revision 5 on: the level clock starts with the tournament (before, it ran from the
        // chain's opening).
        let clock_starts = self.readings().level_clock_from_start;
        if clock_starts {
            self.level_clock = super::LevelClock {
                anchor_at: at,
                anchor_secs: 0,
                paused: false,
            };
            self.clock = self.clock.max(at);
        }
        self.out.push(TournamentEvent::Started {
            tables,
            players: n,
            at: clock_starts.then_some(at),
            rules,
        });
        // Issue 39: the players out in the flights are placed under Day 2's.
        self.rank_flights();
        let size = self.profile.seats_per_table as usize;
        self.tables = (1..=tables)
            .map(|t| TableState {
                table: Table {
                    no: TableNo(t),
                    seats: vec![None; size],
                    button: SeatNo(1),
                },
                last_big_blind: None,
                last_small_blind: None,
                hand: None,
                last_hand: None,
                last_players: Vec::new(),
                hands_played: 0,
                started_with: 0,
                carried: 0,
                clock: None,
                races_done: Vec::new(),
                level: 0,
                base_level: 0,
                button_travel: 0,
                held: false,
                lost: 0,
                button_drawn: false,
                undo: None,
                entries: None,
            })
            .collect();
        self.started_tables = tables;
        // Evenly seated, the smallest table's count (12 on two tables: 6; 100 on twelve: 8).
        self.started_per_table = seats.seats.len() as u32 / tables.max(1);
        for (k, &(player, table, seat)) in seats.seats.iter().enumerate() {
            let ts = &mut self.tables[(table.0 - 1) as usize];
            let slot = ts
                .table
                .seats
                .get_mut((seat.0 - 1) as usize)
                .ok_or(TournamentError::Draw(SeatingError::SeatBeyondTable))?;
            *slot = Some(player);
            ts.started_with += 1;
            // Day 2 (issue 39): the stack carried from the flights.
            let carried = self.carried.get(&player).copied();
            if let Some(p) = self.players.get_mut(&player) {
                p.status = Status::Playing;
                p.arrived = !p.absent;
                p.stack = carried.unwrap_or(self.profile.starting_chips);
                p.table = Some(table);
                p.seat = Some(seat);
            }
            self.out.push(TournamentEvent::Seated {
                player,
                table,
                seat,
                draw: draw[k],
                stack: carried,
                rules: seats.rules,
            });
        }
        // PLO-4 puts the button on seat 1; TR-2 and NOB-10 draw it at the table
        // (`place_button`), unless the seats are given here.
        let seat_one = self.profile.seating.button == crate::Button::SeatOne;
        if seat_one || button_seats.is_some() {
            for (k, ts) in self.tables.iter_mut().enumerate() {
                let seat = button_seats
                    .and_then(|b| b.get(k).copied())
                    .unwrap_or(SeatNo(1));
                ts.table.button = seat;
                ts.button_drawn = true;
                let rule = if button_seats.is_some() {
                    Rule::Tr2
                } else {
                    Rule::Plo4
                };
                self.out.push(TournamentEvent::ButtonPlaced {
                    table: ts.table.no,
                    seat,
                    rules: RuleSet::of(&[rule]),
                });
            }
        }
        self.places_left = n;
        self.started = true;
        // Revision 5: reservations (PLO-3) can leave the tables apart by two or more; they are
        // balanced before the first hand, as after any hand (PLO-2, TR-17).
        if self.readings().balanced_before_first_hand {
            self.rebalance();
        }
        Ok(())
    }

    /// TR-2 / NOB-10: the button goes to the seat that drew the high card (the cards are the
    /// recorded draw).
    pub(super) fn place_button(
        &mut self,
        table: TableNo,
        draw: &[(SeatNo, floorbook_cards::Card)],
    ) -> Result<SeatNo, TournamentError> {
        let (seat, rules) =
            crate::seating::button_by_high_card(draw).map_err(TournamentError::Draw)?;
        let card_draw = self.profile.seating.button == crate::Button::CardDraw;
        let rule = if card_draw { Rule::Nob10 } else { Rule::Tr2 };
        // Revision 6: the draw is for the table's first hand, by the players at it (TR-2: "Die
        // Position des Dealer-Buttons wird durch High-Card bestimmt").
        if self.readings().button_draw_first {
            let ts = find_table(&self.tables, table).ok_or(TournamentError::NoTable(table))?;
            let refuse = |why: ButtonDrawRefused| TournamentError::ButtonDraw { table, why, rule };
            if ts.hand.is_some() {
                return Err(refuse(ButtonDrawRefused::HandInPlay));
            }
            if ts.last_big_blind.is_some() || ts.hands_played > 0 {
                return Err(refuse(ButtonDrawRefused::TableHasPlayed));
            }
            let occupied: Vec<u32> = (1..=ts.table.seats.len() as u32)
                .filter(|s| ts.table.seats[(s - 1) as usize].is_some())
                .collect();
            let mut drawn: Vec<u32> = draw.iter().map(|(s, _)| s.0).collect();
            drawn.sort_unstable();
            if drawn != occupied {
                return Err(refuse(ButtonDrawRefused::OneCardASeat { occupied, drawn }));
            }
        }
        // NOB-10 (revision 4 on): the draw seats the table too: every player at it draws, the
        // high card deals, and the others sit from the lowest card up, left of the dealer.
        let mut reseat = Vec::new();
        if card_draw && self.readings().button_draw_seats_table {
            let ts = find_table(&self.tables, table).ok_or(TournamentError::NoTable(table))?;
            let occupied: Vec<SeatNo> = (1..=ts.table.seats.len() as u32)
                .map(SeatNo)
                .filter(|s| ts.table.seats[(s.0 - 1) as usize].is_some())
                .collect();
            let mut drawn: Vec<SeatNo> = draw.iter().map(|(s, _)| *s).collect();
            drawn.sort();
            if drawn != occupied || ts.last_big_blind.is_some() {
                return Err(TournamentError::Draw(SeatingError::EveryPlayerDraws {
                    seats: occupied.iter().map(|s| s.0).collect(),
                }));
            }
            let with_players: Vec<(crate::seating::PlayerId, floorbook_cards::Card)> = draw
                .iter()
                .filter_map(|(s, c)| ts.table.seats[(s.0 - 1) as usize].map(|p| (p, *c)))
                .collect();
            let (order, _) =
                crate::seating::nob_10_seat_order(&with_players).map_err(TournamentError::Draw)?;
            // The dealer keeps his seat; the seats clockwise after it go to the others in
            // ascending card order.
            let n = occupied.len();
            let start = occupied.iter().position(|s| *s == seat).unwrap_or(0);
            for (k, player) in order.iter().take(n.saturating_sub(1)).enumerate() {
                let to = occupied[(start + 1 + k) % n];
                if self.players.get(player).and_then(|p| p.seat) != Some(to) {
                    reseat.push((*player, to));
                }
            }
        }
        let ts = self.table_mut(table)?;
        ts.table.button = seat;
        ts.button_drawn = true;
        for (player, to) in &reseat {
            ts.table.seats[(to.0 - 1) as usize] = Some(*player);
        }
        for (player, to) in &reseat {
            if let Some(p) = self.players.get_mut(player) {
                p.seat = Some(*to);
            }
        }
        self.out.push(TournamentEvent::ButtonDrawn {
            table,
            seat,
            draw: draw.to_vec(),
            rules: rules.with(rule),
        });
        for (player, to) in reseat {
            self.out.push(TournamentEvent::Moved {
                player,
                from: table,
                to: table,
                seat: to,
                sits_out: false,
                rules: RuleSet::of(&[Rule::Nob10]),
            });
        }
        Ok(seat)
    }
}
