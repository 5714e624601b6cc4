//! Tables: eliminations leaving their seats, balancing and breaking (TR-17, PLO-2, NOB-7), and
//! the final table's restart (NOB-8).

use super::hands::{find_table, find_table_mut};
use floorbook_rules::{Rule, RuleSet};

use super::{Status, Tournament, TournamentError, TournamentEvent};
use crate::balance::{self, Move, Table};
use crate::seating::{PlayerId, SeatNo, SeatingError, TableNo};
use crate::{Advance, BalancingKind};

impl Tournament {
    pub(super) fn bust(&mut self, p: PlayerId, status: Status) {
        if let Some(pl) = self.players.get_mut(&p) {
            if let (Some(t), Some(s)) = (pl.table, pl.seat)
                && let Some(ts) = self.tables.iter_mut().find(|x| x.table.no == t)
                && let Some(slot) = ts.table.seats.get_mut((s.0 - 1) as usize)
            {
                *slot = None;
                ts.lost = ts.lost.saturating_add(1);
            }
            pl.status = status;
            pl.table = None;
            pl.seat = None;
        }
    }

    /// Breaks and balances tables between hands (TR-17, PLO-2, NOB-7), moving only players
    /// whose table has no hand in progress.
    pub(super) fn rebalance(&mut self) {
        // Break tables: TR-17 when a table's worth of players is out; otherwise when the rest
        // fit on fewer tables (PLO-2; NOB-7's final table). The players draw their seats
        // (`break_table`) before anything else moves.
        if self.pending_break.is_some() {
            return;
        }
        if let Some((breaking, leaving, free)) = self.break_due() {
            self.pending_break = Some(breaking);
            let own = self.readings().own_break_rules;
            // Revision 5: a PLO-2 or NOB-7 break cites its own rule beside TR-17's (which
            // table breaks, how its players draw their seats).
            let rules = match self.profile.balancing.rule {
                BalancingKind::Plo2 if own => &[Rule::Plo2, Rule::Tr17][..],
                BalancingKind::Nob7 if own => &[Rule::Nob7, Rule::Tr17][..],
                _ => &[Rule::Tr17][..],
            };
            self.out.push(TournamentEvent::TableBreakDue {
                table: breaking,
                players: leaving as u32,
                free_seats: free as u32,
                rules: RuleSet::of(rules),
            });
            return;
        }
        self.final_table_reset();
        // Balance (TR-17 / PLO-2). From revision 4 a move is made as soon as the mover's table
        // is between hands, while the other tables play on (a table in a hand moves its
        // player when that hand ends: this runs after every hand); before, only when every
        // table was between hands.
        for _ in 0..32 {
            let all: Vec<Table> = self.tables.iter().map(|t| t.table.clone()).collect();
            let idle = |no: TableNo| {
                self.tables
                    .iter()
                    .any(|t| t.table.no == no && t.hand.is_none())
            };
            if !self.moves_at_live_tables() && !all.iter().all(|t| idle(t.no)) {
                break;
            }
            // NOB-7 (revision 6): the tables keep their players until the final table (the
            // seed's example: "die restlichen 3 Spieler jedes Tisches"); only a table that
            // can no longer deal a hand is given a player.
            if self.nob_7_keeps_tables() && all.iter().all(|t| t.players() >= 2) {
                break;
            }
            let by_blinds = || {
                balance::tr_17_move_by(&all, &|t| self.big_blind_second_next(t), &|t| {
                    self.next_blinds(t)
                })
            };
            let m: Option<Move> = match self.profile.balancing.rule {
                BalancingKind::Tr17 if self.readings().tr17_moves_by_blinds => by_blinds(),
                BalancingKind::Tr17 => balance::tr_17_move(&all),
                // Revision 5: PLO-2 and NOB-7 name no procedure for who moves; TR-17's, as
                // read above, decides it (before, its revision-1 reading did).
                kind @ (BalancingKind::Plo2 | BalancingKind::Nob7)
                    if self.readings().own_break_rules =>
                {
                    let rule = if kind == BalancingKind::Plo2 {
                        Rule::Plo2
                    } else {
                        Rule::Nob7
                    };
                    by_blinds().map(|m| Move {
                        rules: RuleSet::of(&[rule, Rule::Tr17]),
                        ..m
                    })
                }
                BalancingKind::Plo2 | BalancingKind::Nob7 => balance::plo_2_move(&all),
            };
            let Some(m) = m else {
                break;
            };
            if !idle(m.from) {
                // Revision 5: a move that is due while the mover's table plays a hand is
                // decided now and announced (`MoveDue`); it is made when that hand ends.
                if self.readings().moves_announced
                    && !self.pending_moves.iter().any(|p| p.1 == m.from)
                {
                    self.pending_moves.push((m.player, m.from, m.to));
                    self.out.push(TournamentEvent::MoveDue {
                        player: m.player,
                        from: m.from,
                        to: m.to,
                        rules: m.rules,
                    });
                }
                break;
            }
            self.settle_pending(m.from, Some(m.player));
            self.seat_player(
                m.player,
                m.from,
                m.to,
                m.seat,
                m.sits_out_until_button,
                m.rules,
            );
        }
        // A move announced at a table now between hands that balancing no longer needs (a
        // player busted there in the hand) is called off.
        let idle: Vec<TableNo> = self
            .pending_moves
            .iter()
            .map(|p| p.1)
            .filter(|no| {
                self.tables
                    .iter()
                    .all(|t| t.table.no != *no || t.hand.is_none())
            })
            .collect();
        for no in idle {
            self.settle_pending(no, None);
        }
    }

    /// Settles the move announced at table `from`: made with `mover` (when another player
    /// is the mover now, the announced one is called off), or called off.
    fn settle_pending(&mut self, from: TableNo, mover: Option<PlayerId>) {
        let Some(i) = self.pending_moves.iter().position(|p| p.1 == from) else {
            return;
        };
        let (player, from, to) = self.pending_moves.remove(i);
        if mover != Some(player) {
            self.out.push(TournamentEvent::MoveCalledOff {
                player,
                from,
                to,
                rules: RuleSet::of(&[Rule::Tr17]),
            });
        }
    }

    /// Whether a move is made at a table between hands while others play on (TR-17, NOB-7,
    /// from revision 4); PLO-2 pauses the tournament instead ("wird das Turnier pausiert",
    /// revision 5): moves wait until every table is between hands, and no hand starts
    /// meanwhile (`balancing_pause`).
    /// NOB-7 from revision 6: tables are not balanced while they play, and the final table
    /// forms once every table has lost two players.
    fn nob_7_keeps_tables(&self) -> bool {
        self.readings().nob7_final_table_after_two_lost
            && self.profile.balancing.rule == BalancingKind::Nob7
    }

    fn moves_at_live_tables(&self) -> bool {
        let r = self.readings();
        r.moves_while_others_play
            && !(r.moves_announced && self.profile.balancing.rule == BalancingKind::Plo2)
    }

    /// PLO-2 (revision 5): the tables differ by two or more, so the tournament pauses until
    /// the players are moved: no hand starts.
    pub(super) fn balancing_pause(&self) -> bool {
        if !self.readings().moves_announced || self.profile.balancing.rule != BalancingKind::Plo2 {
            return false;
        }
        let counts = self.tables.iter().map(|t| t.table.players());
        match (counts.clone().min(), counts.max()) {
            (Some(least), Some(most)) => most >= least + 2,
            _ => false,
        }
    }

    /// The seats that play next at table `t` (seated and not waiting for the button), and the
    /// seat clockwise after `from` among them.
    fn next_dealt(&self, t: &Table, from: SeatNo) -> Option<SeatNo> {
        let n = t.seats.len() as u32;
        (1..=n).map(|k| SeatNo((from.0 - 1 + k) % n + 1)).find(|s| {
            t.seats[(s.0 - 1) as usize]
                .is_some_and(|p| !self.players.get(&p).is_some_and(|pl| pl.waiting_for_button))
        })
    }

    /// The last big blind at table `t` (None: it has not played).
    fn last_big_blind(&self, t: &Table) -> Option<SeatNo> {
        find_table(&self.tables, t.no).and_then(|ts| ts.last_big_blind)
    }

    /// TR-17, TR-9: the seat that posts the big blind in the hand after next at table `t`,
    /// along the dead-button sequence it plays (the big blind moves one player on), also at a
    /// table that has not played (its first big blind is the second seat after the button).
    fn big_blind_second_next(&self, t: &Table) -> Option<SeatNo> {
        let next = match self.last_big_blind(t) {
            Some(last) => self.next_dealt(t, last)?,
            None => self.next_dealt(t, self.next_dealt(t, t.button)?)?,
        };
        self.next_dealt(t, next)
    }

    /// The seats of the next hand's small and big blind at table `t` as seated (TR-9: the
    /// small blind where the big blind was, the big blind one player on).
    pub(super) fn next_blinds(&self, t: &Table) -> Vec<SeatNo> {
        let occupied = |s: SeatNo| t.seats.get((s.0 - 1) as usize).is_some_and(Option::is_some);
        let next_after = |from: SeatNo| {
            let n = t.seats.len() as u32;
            (1..=n)
                .map(|k| SeatNo((from.0 - 1 + k) % n + 1))
                .find(|s| occupied(*s))
        };
        match self.last_big_blind(t) {
            Some(last) => [Some(last), next_after(last)]
                .into_iter()
                .flatten()
                .collect(),
            None => {
                let sb = next_after(t.button);
                [sb, sb.and_then(next_after)]
                    .into_iter()
                    .flatten()
                    .collect()
            }
        }
    }

    pub(super) fn seat_player(
        &mut self,
        p: PlayerId,
        from: TableNo,
        to: TableNo,
        seat: SeatNo,
        sits_out: bool,
        rules: RuleSet,
    ) {
        if let Some(ts) = find_table_mut(&mut self.tables, from) {
            for s in ts.table.seats.iter_mut() {
                if *s == Some(p) {
                    *s = None;
                }
            }
        }
        if let Some(ts) = find_table_mut(&mut self.tables, to)
            && let Some(slot) = ts.table.seats.get_mut((seat.0 - 1) as usize)
        {
            *slot = Some(p);
        }
        if let Some(pl) = self.players.get_mut(&p) {
            pl.table = Some(to);
            pl.seat = Some(seat);
            pl.waiting_for_button = sits_out;
        }
        self.out.push(TournamentEvent::Moved {
            player: p,
            from,
            to,
            seat,
            sits_out,
            rules,
        });
    }

    /// NOB-8: when play comes down to one table (from more), its blinds restart at the level
    /// whose big blind is closest to 1% of the chips in play, and its orbits count afresh from
    /// there (NOB-9) with the players it starts with.
    pub(super) fn final_table_reset(&mut self) {
        if self.final_table_done
            || self.tables.len() != 1
            || self.profile.levels.final_table != Some(crate::FinalTableReset::OnePercent)
            || self.profile.levels.advance != Advance::Orbits
            || self.tables.iter().any(|t| t.hand.is_some())
        {
            return;
        }
        if !self.multi_table {
            return;
        }
        let chips = self.chips_in_play();
        let decided = crate::levels::final_table_level(&self.profile.levels.schedule, chips);
        let l = self.profile.levels.schedule[decided.level];
        let Some(ts) = self.tables.first_mut() else {
            return;
        };
        ts.base_level = decided.level;
        ts.level = decided.level;
        ts.hands_played = 0;
        ts.button_travel = 0;
        ts.started_with = ts.table.players() as u32;
        let table = ts.table.no;
        self.final_table_done = true;
        self.level = decided.level;
        self.out.push(TournamentEvent::LevelChanged {
            table: Some(table),
            level: decided.level,
            small: l.small,
            big: l.big,
            rules: decided.rules,
        });
    }

    /// The table due to break now, with its players and the free seats elsewhere: when all
    /// tables are idle, fewer tables would do, and its players fit.
    pub(super) fn break_due(&self) -> Option<(TableNo, usize, usize)> {
        let remaining = self.remaining();
        let seats = self.profile.seats_per_table;
        let needed = remaining.div_ceil(seats.max(2));
        let tables: Vec<Table> = self.tables.iter().map(|t| t.table.clone()).collect();
        let breaking = balance::tr_17_table_to_break(&tables)?;
        // From revision 4 the breaking table only needs to be between hands; before, every
        // table did.
        let idle = if self.readings().break_waits_for_breaking_table_only {
            self.tables
                .iter()
                .any(|t| t.table.no == breaking && t.hand.is_none())
        } else {
            self.tables.iter().all(|t| t.hand.is_none())
        };
        let want_fewer = match self.profile.balancing.rule {
            // TR-17 (revision 4 on): each time as many players are out as started at one
            // table, the lowest-numbered table breaks.
            BalancingKind::Tr17
                if self.readings().tr17_breaks_by_players_out && self.started_per_table > 0 =>
            {
                let out = self
                    .players
                    .values()
                    .filter(|p| {
                        matches!(
                            p.status,
                            Status::Busted { .. } | Status::Disqualified { .. }
                        )
                    })
                    .count() as u32;
                let broken = self.started_tables.saturating_sub(self.tables.len() as u32);
                // A table that cannot deal a hand (fewer than two seated) and that balancing
                // cannot fill (the tables differ by less than two) breaks too.
                let counts = self.tables.iter().map(|t| t.table.players());
                let (least, most) = (counts.clone().min().unwrap_or(0), counts.max().unwrap_or(0));
                let stranded = least < 2 && most < least + 2;
                balance::tr_17_break_due(self.started_per_table, out, broken)
                    || (stranded && (needed as usize) < self.tables.len())
            }
            BalancingKind::Plo2 => {
                balance::plo_2_tables(remaining, self.tables.len() as u32).0
                    < self.tables.len() as u32
            }
            // NOB-7 (revision 6): "sobald jeweils 2 Spieler ausgeschieden sind … gehen die
            // übrigen Spieler … an den Finaltisch": when every table has lost two players
            // since the tables were drawn, and the rest fit on fewer tables; a table that can
            // no longer deal (one player left) breaks as soon as the rest fit too.
            BalancingKind::Nob7 if self.readings().nob7_final_table_after_two_lost => {
                let lost: Vec<u32> = self.tables.iter().map(|t| t.lost).collect();
                let stranded = self.tables.iter().any(|t| t.table.players() < 2);
                (balance::nob_7_each_table_lost_two(&lost) || stranded)
                    && (needed as usize) < self.tables.len()
            }
            BalancingKind::Nob7 => {
                let started: Vec<u32> = self.tables.iter().map(|t| t.started_with).collect();
                let now: Vec<u32> = self
                    .tables
                    .iter()
                    .map(|t| t.table.players() as u32)
                    .collect();
                balance::nob_7_final_table_due(&started, &now)
                    || (needed as usize) < self.tables.len()
            }
            BalancingKind::Tr17 => (needed as usize) < self.tables.len(),
        };
        if !(idle && want_fewer && self.tables.len() > 1) {
            return None;
        }
        let leaving = tables
            .iter()
            .find(|t| t.no == breaking)
            .map_or(0, |t| t.players());
        let free: usize = tables
            .iter()
            .filter(|t| t.no != breaking)
            .map(|t| t.seats.len() - t.players())
            .sum();
        // Its players must fit elsewhere.
        (free >= leaving).then_some((breaking, leaving, free))
    }

    /// TR-17 / PLO-2 / NOB-7: the breaking table's players take the free seats they drew:
    /// `draw[i]` is the free seat (0-based, in table and seat order) of the i-th leaving player
    /// in seat order. Then balancing goes on.
    pub(super) fn break_table(
        &mut self,
        table: TableNo,
        draw: &[u32],
    ) -> Result<(), TournamentError> {
        if self.pending_break != Some(table) {
            return Err(TournamentError::NotNow(
                "that table is not due to break (TR-17: the table with the lowest number breaks)",
            ));
        }
        let tables: Vec<Table> = self.tables.iter().map(|t| t.table.clone()).collect();
        let leaving = tables
            .iter()
            .find(|t| t.no == table)
            .map_or(0, |t| t.players());
        let free: usize = tables
            .iter()
            .filter(|t| t.no != table)
            .map(|t| t.seats.len() - t.players())
            .sum();
        let Some((seats, rules)) = balance::break_table(&tables, table, draw) else {
            return Err(TournamentError::Draw(SeatingError::BreakDraw {
                leaving,
                last: free.saturating_sub(1),
                got: draw.to_vec(),
            }));
        };
        let carried = find_table(&self.tables, table).map_or(0, |t| t.carried);
        self.tables.retain(|t| t.table.no != table);
        // NOB-3 chips waiting in a broken table's pot go to the next table's pot.
        if let Some(first) = self.tables.first_mut() {
            first.carried += carried;
        }
        self.pending_break = None;
        self.out.push(TournamentEvent::TableBroken {
            table,
            draw: draw.to_vec(),
            rules,
        });
        for (p, t, s) in seats {
            self.seat_player(p, table, t, s, false, rules);
        }
        // NOB-7 (revision 6): the tables are drawn anew; each counts its players out afresh.
        if self.nob_7_keeps_tables() {
            for ts in &mut self.tables {
                ts.lost = 0;
            }
        }
        self.rebalance();
        Ok(())
    }
}
