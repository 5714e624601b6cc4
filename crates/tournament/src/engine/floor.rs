//! Floor conduct: sanctions and disqualification (TR-28, TR-7, TR-24), rulings (TR-26),
//! absences (TR-6, PLO-10), no-shows (TR-6, PLO-1), and the winner.

use super::hands::{find_table, find_table_mut};
use floorbook_hand::Pos;
use floorbook_rules::{Rule, RuleSet};

use super::{NoShowRefused, Status, Tournament, TournamentError, TournamentEvent, check_time};
use crate::conduct::{Offence, Sanction, next_sanction};
use crate::seating::PlayerId;

impl Tournament {
    /// The floor sanctions a player (TR-28 escalation; TR-7 and TR-24 disqualify at once).
    pub(super) fn sanction(
        &mut self,
        player: PlayerId,
        offence: Offence,
        chips: Option<u64>,
        at: u64,
    ) -> Result<Sanction, TournamentError> {
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        // TR-20 (revision 4 on): the floor names the hidden chips, which are forfeited; they
        // are chips behind, in a hand in progress or not. Checked before anything changes.
        let forfeit = if self.readings().hidden_chips_forfeited && offence == Offence::HiddenChips {
            let behind = self.chips_behind(player);
            match chips {
                Some(c) if (1..=behind).contains(&c) => Some(c),
                got => {
                    return Err(TournamentError::HiddenChips {
                        got: got.unwrap_or(0),
                        stack: behind,
                    });
                }
            }
        } else {
            None
        };
        let (sanction, rules) = next_sanction(&self.profile, &pl.sanctions, offence);
        // TR-28: a time penalty runs from the sanction (revision 4); before, from the latest
        // time a command had brought in.
        let now = if self.readings().sanction_timed {
            self.clock = self.clock.max(at);
            at
        } else {
            self.clock
        };
        if let Some(pl) = self.players.get_mut(&player) {
            pl.sanctions.push(sanction);
            if let Sanction::TimePenalty { minutes } = sanction {
                pl.penalized_until = Some(now.saturating_add(u64::from(minutes) * 60));
                self.away_changes += 1;
            }
        }
        self.out.push(TournamentEvent::SanctionGiven {
            player,
            offence,
            sanction,
            at: self.readings().sanction_timed.then_some(now),
            rules,
        });
        if let Some(chips) = forfeit {
            self.forfeit_hidden(player, chips)?;
        }
        if sanction == Sanction::Disqualification {
            self.disqualify(player)?;
        }
        Ok(sanction)
    }

    /// The most hidden chips `player` can forfeit: his chips behind in the hand he is playing,
    /// or his stack but one chip between hands (forfeiting every chip would put him out: a
    /// player who hid his whole stack is disqualified instead, TR-20).
    fn chips_behind(&self, player: PlayerId) -> u64 {
        let Some(pl) = self.players.get(&player) else {
            return 0;
        };
        if pl.status != Status::Playing {
            return 0;
        }
        let in_hand = pl.table.and_then(|table| {
            let ts = find_table(&self.tables, table)?;
            let (_, hand, ids) = ts.hand.as_ref()?;
            let pos = ids.iter().position(|p| *p == player)?;
            Some(hand.stacks()[pos].0)
        });
        in_hand.unwrap_or(pl.stack.saturating_sub(1))
    }

    /// TR-20: `chips` of `player`'s chips behind (checked) leave play.
    fn forfeit_hidden(&mut self, player: PlayerId, chips: u64) -> Result<(), TournamentError> {
        let table = self.players.get(&player).and_then(|p| p.table);
        let mut stack = None;
        if let Some(table) = table
            && let Some(ts) = find_table_mut(&mut self.tables, table)
            && let Some((hand_no, hand, ids)) = ts.hand.as_mut()
            && let Some(pos) = ids.iter().position(|p| *p == player)
        {
            let hand_no = *hand_no;
            let before = hand.events().len();
            hand.forfeit_behind(Pos(pos), floorbook_hand::Chips(chips), Rule::Tr20)?;
            stack = Some(hand.stacks()[pos].0);
            self.record_hand_events(table, hand_no, before);
        }
        let Some(pl) = self.players.get_mut(&player) else {
            return Err(TournamentError::NoPlayer(player));
        };
        let stack = match stack {
            Some(s) => s,
            None => {
                pl.stack -= chips;
                pl.stack
            }
        };
        self.forfeited_chips += chips;
        self.out.push(TournamentEvent::ChipsForfeited {
            player,
            chips,
            stack,
            rules: RuleSet::of(&[Rule::Tr20]),
        });
        Ok(())
    }

    /// TR-7, TR-24, TR-28: a disqualified player's hand is declared dead and he leaves with
    /// the next place; his chips go to the table's next pot.
    pub(super) fn disqualify(&mut self, player: PlayerId) -> Result<(), TournamentError> {
        let Some(pl) = self.players.get(&player).cloned() else {
            return Ok(());
        };
        if pl.status != Status::Playing {
            return Ok(());
        }
        if let Some(table) = pl.table {
            let in_hand = find_table(&self.tables, table)
                .and_then(|t| t.hand.as_ref())
                .and_then(|(_, _, ids)| ids.iter().position(|p| *p == player));
            if let Some(pos) = in_hand {
                let pos = Pos(pos);
                if self.hand(table).is_some_and(|h| h.is_active(pos)) {
                    self.act(table, |h| h.declare_dead(pos, Rule::Tr28))?;
                }
            }
        }
        let Some(pl) = self.players.get(&player).cloned() else {
            return Ok(());
        };
        if pl.status != Status::Playing {
            return Ok(());
        }
        let place = self.remaining();
        let stack = pl.stack;
        if let Some(t) = pl.table.and_then(|no| find_table_mut(&mut self.tables, no)) {
            let in_hand = t
                .hand
                .as_ref()
                .is_some_and(|(_, _, ids)| ids.contains(&player));
            if !in_hand {
                t.carried += stack;
            }
        }
        if let Some(p) = self.players.get_mut(&player) {
            p.stack = 0;
        }
        let place = self.eliminate(player, place, true);
        self.award_bounty(player, &[]);
        self.out.push(TournamentEvent::Busted {
            player,
            place,
            hand: 0,
            rules: RuleSet::of(&[Rule::Tr28, Rule::Tr0b]),
        });
        self.after_removal()
    }

    pub(super) fn after_removal(&mut self) -> Result<(), TournamentError> {
        if self.remaining() == 1 && self.tables.iter().all(|t| t.hand.is_none()) {
            self.declare_winner();
        } else if self.readings().removal_balances && self.started {
            // A removal can unbalance the tables or make one due to break, as a bust does.
            self.rebalance();
        }
        Ok(())
    }

    /// The one player left wins (place 1), with the last carried chips (NOB-3).
    pub(super) fn declare_winner(&mut self) {
        let carried: u64 = self
            .tables
            .iter_mut()
            .map(|t| std::mem::take(&mut t.carried))
            .sum();
        if let Some(w) = self
            .players
            .values_mut()
            .find(|p| p.status == Status::Playing)
        {
            w.stack += carried;
            w.status = Status::Busted { place: 1 };
            let winner = w.id;
            self.out.push(TournamentEvent::Finished { winner });
            self.winner_takes_his_bounty(winner);
        }
        self.finished = true;
    }

    /// TR-26: the director's ruling, recorded with its reason and the rule it rests on.
    pub(super) fn floor_ruling(
        &mut self,
        player: Option<PlayerId>,
        ruling: &str,
        rule: Rule,
        overrides: Option<u64>,
    ) {
        self.out.push(TournamentEvent::FloorRuling {
            player,
            ruling: ruling.to_string(),
            overrides,
            rules: RuleSet::of(&[Rule::Tr26, rule]),
        });
    }

    /// TR-6 / PLO-10: the floor marks a player away from (or back at) the table.
    pub(super) fn set_absent(
        &mut self,
        player: PlayerId,
        absent: bool,
    ) -> Result<(), TournamentError> {
        let rule = if self.profile.system == crate::System::PLO {
            Rule::Plo10
        } else {
            Rule::Tr6
        };
        let pl = self
            .players
            .get_mut(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        pl.absent = absent;
        if !absent {
            pl.arrived = true;
        }
        self.away_changes += 1;
        self.out.push(TournamentEvent::AbsenceChanged {
            player,
            absent,
            rules: RuleSet::of(&[rule]),
        });
        Ok(())
    }

    /// How long after the start a no-show keeps his seat: the profile's `absent_start_minutes`
    /// (TR-6: ten minutes; PLO-1: none).
    pub fn no_show_seconds(&self) -> u64 {
        u64::from(self.profile.absent_start_minutes) * 60
    }

    /// TR-6: at `now`, a player absent since the start loses his seat and stack, placed as the
    /// next one out; PLO-1: his seat and stack go to the first player on the waiting list.
    pub(super) fn remove_no_show(
        &mut self,
        player: PlayerId,
        now: u64,
    ) -> Result<(), TournamentError> {
        check_time(now)?;
        let limit = self.no_show_seconds();
        let rule = if self.profile.system == crate::System::PLO {
            Rule::Plo1
        } else {
            Rule::Tr6
        };
        let refuse = |why: NoShowRefused| TournamentError::NoShow {
            player,
            why,
            limit,
            rule,
        };
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        if pl.status != Status::Playing || pl.arrived || !pl.absent {
            return Err(refuse(NoShowRefused::HasBeenThere));
        }
        if now < limit {
            return Err(refuse(NoShowRefused::TooEarly { now }));
        }
        let (Some(table), Some(seat)) = (pl.table, pl.seat) else {
            return Err(refuse(NoShowRefused::NoSeatToFree));
        };
        let in_hand = self.tables.iter().any(|t| {
            t.table.no == table
                && t.hand
                    .as_ref()
                    .is_some_and(|(_, _, ids)| ids.contains(&player))
        });
        if in_hand {
            return Err(TournamentError::NotNow(
                "the player is dealt into the hand in progress; remove him after it",
            ));
        }
        self.clock = self.clock.max(now);
        let stack = pl.stack;
        let waiting = self
            .players
            .values()
            .find(|p| p.status == Status::WaitListed)
            .map(|p| p.id);
        match waiting {
            Some(by) if self.profile.system == crate::System::PLO => {
                // The waiting player takes the seat and the stack; the no-show is not placed.
                if let Some(p) = self.players.get_mut(&player) {
                    p.status = Status::Registered;
                    p.table = None;
                    p.seat = None;
                    p.stack = 0;
                }
                if let Some(p) = self.players.get_mut(&by) {
                    p.status = Status::Playing;
                    p.table = Some(table);
                    p.seat = Some(seat);
                    p.stack = stack;
                    p.arrived = true;
                }
                if let Some(slot) = find_table_mut(&mut self.tables, table)
                    .and_then(|t| t.table.seats.get_mut((seat.0 - 1) as usize))
                {
                    *slot = Some(by);
                }
                self.out.push(TournamentEvent::NoShowReplaced {
                    player,
                    by,
                    table,
                    seat,
                    stack,
                    at: now,
                    rules: RuleSet::of(&[Rule::Plo1]),
                });
                Ok(())
            }
            _ => {
                let place = self.remaining();
                let place = self.eliminate(player, place, false);
                self.award_bounty(player, &[]);
                if let Some(p) = self.players.get_mut(&player) {
                    p.stack = 0;
                }
                self.removed_chips += stack;
                self.out.push(TournamentEvent::NoShowRemoved {
                    player,
                    stack,
                    place,
                    at: now,
                    rules: RuleSet::of(&[Rule::Tr6, Rule::Tr0b]),
                });
                self.after_removal()
            }
        }
    }
}
