//! The clock called on a player (TR-19).

use super::hands::find_table;
use floorbook_hand::Pos;
use floorbook_rules::{Rule, RuleSet};

use super::{Tournament, TournamentError, TournamentEvent, check_time};
use crate::seating::TableNo;

impl Tournament {
    /// TR-19: a clock is called on the player to act at `table`, at time `now`.
    pub(super) fn call_clock(&mut self, table: TableNo, now: u64) -> Result<u64, TournamentError> {
        let actor = self
            .hand(table)
            .and_then(|h| h.actor())
            .ok_or(TournamentError::NotNow("nobody is to act"))?;
        let player = self
            .player_at(table, actor)
            .ok_or(TournamentError::NotNow("nobody is to act"))?;
        check_time(now)?;
        self.clock = self.clock.max(now);
        let call = crate::conduct::ClockCall::new(&self.profile, now);
        self.table_mut(table)?.clock = Some((player, call.expires_at));
        self.out.push(TournamentEvent::ClockCalled {
            table,
            player,
            at: now,
            expires_at: call.expires_at,
            rules: RuleSet::of(&[Rule::Tr19]),
        });
        Ok(call.expires_at)
    }

    /// TR-19: at `now`, a clock that ran out kills the hand of the player it was called on.
    /// Changes nothing unless the clock ran out (a check that finds time left is not recorded,
    /// so it must leave no trace in the state either).
    pub(super) fn check_clock(
        &mut self,
        table: TableNo,
        now: u64,
    ) -> Result<bool, TournamentError> {
        check_time(now)?;
        let Some((player, expires)) = find_table(&self.tables, table)
            .ok_or(TournamentError::NoTable(table))?
            .clock
        else {
            return Ok(false);
        };
        let actor = self
            .hand(table)
            .and_then(|h| h.actor())
            .and_then(|a| self.player_at(table, a));
        // A clock on a player who has acted since is spent; `call_clock` replaces it.
        if actor != Some(player) || now < expires {
            return Ok(false);
        }
        self.clock = self.clock.max(now);
        self.table_mut(table)?.clock = None;
        self.out.push(TournamentEvent::ClockExpired {
            table,
            player,
            at: now,
            rules: RuleSet::of(&[Rule::Tr19]),
        });
        let pos = self.hand(table).and_then(|h| h.actor()).unwrap_or(Pos(0));
        self.act(table, |h| h.declare_dead(pos, Rule::Tr19))?;
        Ok(true)
    }
}
