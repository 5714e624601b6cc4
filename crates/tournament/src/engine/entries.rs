//! Entries after the start (issue 39): late registration and re-entries while the profile's
//! window is open (until the end of level `entries.late_until_level`), each a full stack
//! seated by a recorded draw into the tables with the fewest players, dealt in anywhere but
//! between the small blind and the button (TDA rule 8A); and the close of the window, which
//! places everyone out while it was open by the order of elimination (TR-0b).
//!
//! While entries are open a player out has no place yet: the field still grows, and the
//! places below those still playing are only known when it stops. He is `Out`, may buy a new
//! entry, and is placed when entries close, the last out best.

use super::hands::{find_table, find_table_mut};
use floorbook_rules::{Rule, RuleSet};

use super::{Status, Tournament, TournamentError, TournamentEvent};
use crate::seating::{PlayerId, SeatNo, TableNo};

/// A new entry's seat: the table and seat drawn, and how many free seats there were to draw.
pub(super) struct EntrySeat {
    pub table: TableNo,
    pub seat: SeatNo,
    pub draw: u32,
    pub seats: u32,
}

impl Tournament {
    /// Whether entries are open at `at` (late registration, re-entry or the rebuy period): the
    /// tournament runs and the level is not past the last of them. Players out are not placed
    /// until they close.
    pub fn entries_open(&self, at: u64) -> bool {
        let until = self.profile.entries.open_until_level();
        until > 0
            && self.started
            && !self.finished
            && !self.entries_closed
            && self.level_at(at) <= until
    }

    /// Whether late registration and re-entry are open at `at` (the rebuy period may run
    /// longer).
    pub fn late_open(&self, at: u64) -> bool {
        let until = self.profile.entries.late_until_level;
        until > 0 && self.entries_open(at) && self.level_at(at) <= until
    }

    /// Entries are to close now: they were open and the clock is past their last level.
    pub(super) fn entries_close_due(&self, at: u64) -> bool {
        let until = self.profile.entries.open_until_level();
        until > 0
            && self.started
            && !self.finished
            && !self.entries_closed
            && self.level_at(at) > until
    }

    /// Closes entries: the players out while they were open are placed under those still in,
    /// the last out best (TR-0b: the order of elimination).
    pub(super) fn close_entries(&mut self) {
        let still_in = if self.finished { 1 } else { self.remaining() };
        let order = std::mem::take(&mut self.out_while_open);
        let k = order.len() as u32;
        let mut places = Vec::with_capacity(order.len());
        for (i, p) in order.iter().enumerate() {
            let place = still_in + k - i as u32;
            if let Some(pl) = self.players.get_mut(p) {
                pl.status = match pl.status {
                    Status::Out { disqualified: true } if !pl.surrendered => {
                        Status::Disqualified { place }
                    }
                    _ => Status::Busted { place },
                };
            }
            places.push((*p, place));
        }
        places.reverse();
        self.entries_closed = true;
        let entries = self.entry_count();
        self.out.push(TournamentEvent::EntriesClosed {
            level: self.level_at(self.now),
            entries,
            places,
            rules: RuleSet::of(&[Rule::Tr0b]),
        });
    }

    /// The entries so far: every player who played, once for each entry.
    pub fn entry_count(&self) -> u32 {
        self.players
            .values()
            .filter(|p| !matches!(p.status, Status::Registered | Status::WaitListed))
            .map(|p| p.entries())
            .sum()
    }

    /// A late entry may be made now, or the refusal that says until when it could.
    pub(super) fn late_entry_open(&self) -> Result<(), TournamentError> {
        let until = self.profile.entries.late_until_level;
        if until == 0 {
            return Err(TournamentError::FreezeOut);
        }
        if self.finished {
            return Err(TournamentError::NotNow("the tournament is over"));
        }
        if !self.entries_open(self.now) || self.level_at(self.now) > until {
            return Err(TournamentError::EntriesOver {
                until_level: until,
                level: self.level_at(self.now),
            });
        }
        Ok(())
    }

    /// The seat `draw` picks for a new entry: among the free seats at the tables with the
    /// fewest players (so the tables stay balanced), in table and seat order. A table about to
    /// break takes nobody.
    pub(super) fn entry_seat(&self, draw: Option<u32>) -> Result<EntrySeat, TournamentError> {
        // A breaking table's players draw the free seats first (TR-17).
        if let Some(t) = self.pending_break {
            return Err(TournamentError::BreakPending(t));
        }
        let free = self.entry_seat_list();
        if free.is_empty() {
            return Err(TournamentError::TablesFull);
        }
        let seats = free.len() as u32;
        let draw = draw.ok_or(TournamentError::EntryDrawNeeded { seats })?;
        let (table, seat) = free
            .get(draw as usize)
            .copied()
            .ok_or(TournamentError::EntryDraw { got: draw, seats })?;
        Ok(EntrySeat {
            table,
            seat,
            draw,
            seats,
        })
    }

    /// The seats a new entry draws from, in the order the draw counts them: the free seats
    /// at the tables with the fewest players, in table and seat order.
    pub fn entry_seat_list(&self) -> Vec<(TableNo, SeatNo)> {
        let open = self
            .tables
            .iter()
            .filter(|t| Some(t.table.no) != self.pending_break);
        let fewest = open
            .clone()
            .map(|t| t.table.seats.iter().flatten().count())
            .min();
        open.filter(|t| Some(t.table.seats.iter().flatten().count()) == fewest)
            .flat_map(|t| {
                t.table
                    .seats
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| s.is_none())
                    .map(|(i, _)| (t.table.no, SeatNo(i as u32 + 1)))
            })
            .collect()
    }

    /// How many seats a new entry draws from now (0: every table is full).
    pub fn entry_seats(&self) -> u32 {
        self.entry_seat_list().len() as u32
    }

    /// Whether a new player at `seat` would sit between the next hand's small blind and its
    /// button: the button would reach him before he posts a blind (TDA rule 8A). At a table
    /// that has not played, every seat is dealt in.
    fn before_the_blinds(&self, table: TableNo, seat: SeatNo) -> bool {
        let Some(ts) = find_table(&self.tables, table) else {
            return false;
        };
        let n = ts.table.seats.len() as u32;
        match (ts.last_small_blind, ts.last_big_blind) {
            // The next button is where the small blind was, the next small blind where the
            // big blind was (the dead-button rule): the seats from the one to the other.
            (Some(sb), Some(bb)) => {
                let step = |x: SeatNo| (x.0 + n - sb.0) % n;
                step(seat) <= step(bb)
            }
            (None, Some(_)) => {
                let mut seated = ts.table.clone();
                if let Some(slot) = seated.seats.get_mut((seat.0 - 1) as usize) {
                    *slot = Some(PlayerId(u32::MAX));
                }
                self.next_blinds(&seated).contains(&seat)
            }
            _ => false,
        }
    }

    /// Seats a new entry (late registration or re-entry) with a full stack.
    pub(super) fn seat_entry(&mut self, player: PlayerId, buy_in: &str, at: EntrySeat) {
        let sits_out = self.before_the_blinds(at.table, at.seat);
        let stack = self.profile.starting_chips;
        if let Some(ts) = find_table_mut(&mut self.tables, at.table)
            && let Some(slot) = ts.table.seats.get_mut((at.seat.0 - 1) as usize)
        {
            *slot = Some(player);
        }
        let mut entry = 1;
        if let Some(p) = self.players.get_mut(&player) {
            p.status = Status::Playing;
            p.stack = stack;
            p.table = Some(at.table);
            p.seat = Some(at.seat);
            p.waiting_for_button = sits_out;
            p.arrived = true;
            p.absent = false;
            entry = p.entries();
        }
        self.away_changes += 1;
        self.entered_chips += stack;
        self.out.push(TournamentEvent::Entered {
            player,
            entry,
            buy_in: buy_in.to_string(),
            table: at.table,
            seat: at.seat,
            draw: at.draw,
            seats: at.seats,
            stack,
            sits_out,
            rules: RuleSet::EMPTY,
        });
    }

    /// A player out buys a new entry while entries are open, within the profile's limit.
    pub(super) fn reenter(
        &mut self,
        player: PlayerId,
        buy_in: &str,
        draw: u32,
    ) -> Result<(), TournamentError> {
        self.late_entry_open()?;
        let max = self.profile.entries.reentries;
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        if pl.surrendered {
            return Err(TournamentError::SurrenderedNoEntry { player });
        }
        match pl.status {
            Status::Out {
                disqualified: false,
            } => {}
            Status::Out { disqualified: true } | Status::Disqualified { .. } => {
                return Err(TournamentError::DisqualifiedNoEntry { player });
            }
            _ => return Err(TournamentError::NotOut { player }),
        }
        if pl.reentries.len() as u32 >= max {
            return Err(TournamentError::ReentryLimit { player, max });
        }
        if !self.profile.buy_ins.iter().any(|b| b == buy_in) {
            return Err(TournamentError::BuyIn {
                got: buy_in.to_string(),
                offered: self.profile.buy_ins.clone(),
            });
        }
        self.chips_fit()?;
        let seat = self.entry_seat(Some(draw))?;
        if let Some(p) = self.players.get_mut(&player) {
            p.reentries.push(buy_in.to_string());
        }
        self.out_while_open.retain(|p| *p != player);
        self.seat_entry(player, buy_in, seat);
        Ok(())
    }

    /// A full stack more keeps the chips in play countable (the hand engine's limit).
    pub(super) fn chips_fit(&self) -> Result<(), TournamentError> {
        let total = self.chips_in_play();
        if total
            .checked_add(self.profile.starting_chips)
            .is_none_or(|t| t > u64::MAX / 2)
        {
            return Err(TournamentError::NotNow(
                "the chips in play would pass the limit",
            ));
        }
        Ok(())
    }

    /// A player out: his place, or, while entries are open, none until they close (he is
    /// `Out` and kept in the order of elimination). `place` is the one he takes when entries
    /// are closed.
    pub(super) fn eliminate(
        &mut self,
        player: PlayerId,
        place: u32,
        disqualified: bool,
    ) -> Option<u32> {
        if self.entries_open(self.now) {
            let seat = self.players.get(&player).and_then(|p| p.table.zip(p.seat));
            self.bust(player, Status::Out { disqualified });
            if let Some(p) = self.players.get_mut(&player) {
                p.left_seat = seat;
            }
            self.out_while_open.push(player);
            None
        } else {
            let status = if disqualified {
                Status::Disqualified { place }
            } else {
                Status::Busted { place }
            };
            self.bust(player, status);
            Some(place)
        }
    }
}

impl Tournament {
    /// Issue 39: a rebuy during the rebuy period, by a player at or below the profile's
    /// threshold between his table's hands, or by one out in it, who takes his seat back. A
    /// double rebuy (where the profile allows it) is two at once.
    pub(super) fn rebuy(&mut self, player: PlayerId, double: bool) -> Result<(), TournamentError> {
        let e = self.profile.entries.clone();
        if e.rebuys == 0 {
            return Err(TournamentError::NoRebuys);
        }
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        let level = self.level_at(self.now);
        if level > e.rebuy_until_level || self.entries_closed {
            return Err(TournamentError::RebuysOver {
                until_level: e.rebuy_until_level,
                level,
            });
        }
        if double && !e.double_rebuy {
            return Err(TournamentError::NoDoubleRebuy);
        }
        let count = if double { 2 } else { 1 };
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        if pl.rebuys + count > e.rebuys {
            return Err(TournamentError::RebuyLimit {
                player,
                max: e.rebuys,
                had: pl.rebuys,
            });
        }
        if pl.surrendered {
            return Err(TournamentError::SurrenderedNoEntry { player });
        }
        let threshold = e.rebuy_at_or_below.unwrap_or(self.profile.starting_chips);
        let back_to = match pl.status {
            Status::Playing => {
                if pl.stack > threshold {
                    return Err(TournamentError::RebuyAbove {
                        player,
                        stack: pl.stack,
                        threshold,
                    });
                }
                self.idle_table_of(player)?;
                None
            }
            Status::Out {
                disqualified: false,
            } => {
                if let Some(t) = self.pending_break {
                    return Err(TournamentError::BreakPending(t));
                }
                // He takes back the seat he left, if it is still his to take.
                let seat = pl.left_seat.filter(|(t, s)| {
                    self.tables.iter().any(|ts| {
                        ts.table.no == *t
                            && Some(ts.table.no) != self.pending_break
                            && ts.table.seats.get((s.0 - 1) as usize) == Some(&None)
                    })
                });
                let Some(seat) = seat else {
                    return Err(TournamentError::SeatGone { player });
                };
                Some(seat)
            }
            Status::Out { disqualified: true } | Status::Disqualified { .. } => {
                return Err(TournamentError::DisqualifiedNoEntry { player });
            }
            _ => return Err(TournamentError::NotOut { player }),
        };
        let chips = e.rebuy_stack(self.profile.starting_chips) * u64::from(count);
        self.chips_fit_more(chips)?;
        let cents = self.rebuy_cents() * u64::from(count);
        if let Some((table, seat)) = back_to {
            if let Some(ts) = find_table_mut(&mut self.tables, table)
                && let Some(slot) = ts.table.seats.get_mut((seat.0 - 1) as usize)
            {
                *slot = Some(player);
            }
            self.out_while_open.retain(|p| *p != player);
            self.rebuy_heads += 1;
        }
        let mut stack = 0;
        if let Some(p) = self.players.get_mut(&player) {
            if let Some((table, seat)) = back_to {
                p.status = Status::Playing;
                p.table = Some(table);
                p.seat = Some(seat);
                p.stack = 0;
            }
            p.rebuys += count;
            p.stack += chips;
            stack = p.stack;
        }
        self.entered_chips += chips;
        self.out.push(TournamentEvent::Rebought {
            player,
            count,
            chips,
            stack,
            cents,
            seat_back: back_to,
            rules: RuleSet::EMPTY,
        });
        // A player back at his seat can leave the tables apart by two: they are balanced as
        // after a hand (TR-17, PLO-2).
        if back_to.is_some() {
            self.rebalance();
        }
        Ok(())
    }

    /// Issue 39: the add-on, once for each player still in, in the level after the rebuy
    /// period (its break included), between his table's hands.
    pub(super) fn add_on(&mut self, player: PlayerId) -> Result<(), TournamentError> {
        let e = self.profile.entries.clone();
        if e.addon_chips == 0 {
            return Err(TournamentError::NoAddOn);
        }
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        let level = self.level_at(self.now);
        if level != e.rebuy_until_level + 1 {
            return Err(TournamentError::AddOnNotNow {
                level: e.rebuy_until_level + 1,
                now: level,
            });
        }
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        if pl.status != Status::Playing {
            return Err(TournamentError::NotNow(
                "the add-on is for a player still in",
            ));
        }
        if pl.added_on {
            return Err(TournamentError::AddedOnAlready { player });
        }
        self.idle_table_of(player)?;
        self.chips_fit_more(e.addon_chips)?;
        let cents = self.addon_cents();
        let mut stack = 0;
        if let Some(p) = self.players.get_mut(&player) {
            p.added_on = true;
            p.stack += e.addon_chips;
            stack = p.stack;
        }
        self.entered_chips += e.addon_chips;
        self.out.push(TournamentEvent::AddedOn {
            player,
            chips: e.addon_chips,
            stack,
            cents,
            rules: RuleSet::EMPTY,
        });
        Ok(())
    }

    /// What a rebuy costs, in cents.
    pub fn rebuy_cents(&self) -> u64 {
        self.price(self.profile.entries.rebuy_price.as_deref())
    }

    /// What the add-on costs, in cents.
    pub fn addon_cents(&self) -> u64 {
        self.price(self.profile.entries.addon_price.as_deref())
    }

    fn price(&self, given: Option<&str>) -> u64 {
        given
            .or(self.profile.buy_ins.first().map(String::as_str))
            .and_then(crate::buy_in_cents)
            .unwrap_or(0)
    }

    /// `chips` more keep the chips in play countable (the hand engine's limit).
    fn chips_fit_more(&self, chips: u64) -> Result<(), TournamentError> {
        if self
            .chips_in_play()
            .checked_add(chips)
            .is_none_or(|t| t > u64::MAX / 2)
        {
            return Err(TournamentError::NotNow(
                "the chips in play would pass the limit",
            ));
        }
        Ok(())
    }
}

impl Tournament {
    /// TDA rule 8B: a player still in surrenders between his table's hands: his chips are
    /// taken out of play and he is placed as the next one out (while entries are open, when
    /// they close; he buys no new entry after it).
    pub(super) fn surrender(&mut self, player: PlayerId) -> Result<(), TournamentError> {
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        if pl.status != Status::Playing {
            return Err(TournamentError::NotNow("only a player still in surrenders"));
        }
        self.idle_table_of(player)?;
        let chips = pl.stack;
        if let Some(p) = self.players.get_mut(&player) {
            p.stack = 0;
            p.surrendered = true;
        }
        self.removed_chips += chips;
        self.award_bounty(player, &[]);
        let place = self.remaining();
        // A surrender is final: no rebuy or re-entry after it (as a disqualified player's).
        let place = self.eliminate(player, place, true);
        if place.is_some()
            && let Some(p) = self.players.get_mut(&player)
        {
            p.status = Status::Busted {
                place: place.unwrap_or_default(),
            };
        }
        self.out.push(TournamentEvent::Surrendered {
            player,
            chips,
            place,
            rules: RuleSet::EMPTY,
        });
        self.after_removal()
    }
}
