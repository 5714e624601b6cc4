//! The chip race (TR-15) and the chips in play.

use super::hands::find_table;
use floorbook_rules::{Rule, RuleSet};

use super::{Status, Tournament, TournamentError, TournamentEvent, check_time};
use crate::seating::{PlayerId, SeatNo, TableNo};

impl Tournament {
    /// The chip race due at `table` before its next hand, at `at` seconds into the
    /// tournament: (the race's level, the denomination, the odd chips each player holds in seat
    /// order from the left of the button, the cards needed). None when no race is due.
    pub fn chip_race_due(
        &self,
        table: TableNo,
        at: u64,
    ) -> Option<(usize, u64, Vec<crate::chip_race::Holding>, usize)> {
        let ts = find_table(&self.tables, table)?;
        if ts.hand.is_some() {
            return None;
        }
        let (after_level, denomination) = self.race_at_level(ts, self.race_level(ts, at))?;
        // Stacks hold as few chips as possible: the odd chips of a denomination are what is
        // left after paying the stack in the next chip up.
        let next = self
            .profile
            .chips
            .iter()
            .copied()
            .find(|&c| c > denomination)?;
        let n = ts.table.seats.len() as u32;
        let order: Vec<PlayerId> = (1..=n)
            .map(|k| SeatNo((ts.table.button.0 - 1 + k) % n + 1))
            .filter_map(|s| ts.table.seats[(s.0 - 1) as usize])
            .collect();
        let holdings: Vec<crate::chip_race::Holding> = order
            .iter()
            .map(|p| {
                let stack = self.players.get(p).map_or(0, |pl| pl.stack);
                crate::chip_race::Holding {
                    player: *p,
                    chips: (stack % next) / denomination,
                }
            })
            .collect();
        let cards = holdings.iter().map(|h| h.chips as usize).sum();
        Some((after_level, denomination, holdings, cards))
    }

    /// The level whose races are due at `ts` at `at`: from revision 4 on, the level the
    /// table's next hand would play (a race follows the end of its level and comes before
    /// the first hand of the next, TR-15); before, the level a hand had last started at.
    fn race_level(&self, ts: &super::TableState, at: u64) -> usize {
        if !self.readings().race_before_next_level {
            return self.level;
        }
        match self.profile.levels.advance {
            crate::Advance::Orbits => ts.level.max(self.level),
            _ => self
                .level
                .max(crate::levels::level_by_time(&self.profile, self.clock_secs(at)).level),
        }
    }

    /// The first race of a level up to `level` not yet held at `ts`, smallest chips first:
    /// (its level, the denomination).
    pub(super) fn race_at_level(
        &self,
        ts: &super::TableState,
        level: usize,
    ) -> Option<(usize, u64)> {
        self.profile
            .chip_race
            .iter()
            .filter(|r| level >= r.after_level)
            .flat_map(|r| r.denominations.iter().map(move |d| (r.after_level, *d)))
            .find(|key| !ts.races_done.contains(key))
    }

    /// TR-15: runs the due chip race at `table` with the cards the dealer dealt.
    pub(super) fn run_chip_race(
        &mut self,
        table: TableNo,
        cards: &[floorbook_cards::Card],
        at: u64,
    ) -> Result<(), TournamentError> {
        check_time(at)?;
        let (after, denomination, holdings, _) = self
            .chip_race_due(table, at)
            .ok_or(TournamentError::NotNow("no chip race is due"))?;
        let result = crate::chip_race::chip_race(denomination, &holdings, cards)?;
        for (p, d) in &result.delta {
            if let Some(pl) = self.players.get_mut(p) {
                pl.stack = pl.stack.saturating_add_signed(*d);
            }
        }
        self.race_delta += result.delta.values().sum::<i64>();
        if self.readings().race_timed {
            self.clock = self.clock.max(at);
        }
        self.table_mut(table)?
            .races_done
            .push((after, denomination));
        self.out.push(TournamentEvent::ChipRaced {
            table,
            at: self.readings().race_timed.then_some(at),
            denomination,
            cards: cards.to_vec(),
            result,
        });
        // A race can leave a player with nothing (all his chips were odd and he won nothing).
        let busted: Vec<PlayerId> = self
            .players
            .values()
            .filter(|p| p.status == Status::Playing && p.table == Some(table) && p.stack == 0)
            .map(|p| p.id)
            .collect();
        for p in busted {
            let place = self.remaining();
            let place = self.eliminate(p, place, false);
            self.award_bounty(p, &[]);
            self.out.push(TournamentEvent::Busted {
                player: p,
                place,
                hand: 0,
                rules: RuleSet::of(&[Rule::Tr15, Rule::Tr9]),
            });
        }
        self.after_removal()
    }

    /// All chips on the tables: players' stacks plus what is in hands in progress.
    pub fn chips_in_play(&self) -> u64 {
        let behind: u64 = self
            .players
            .values()
            .filter(|p| {
                p.status == Status::Playing
                    && !self.tables.iter().any(|t| {
                        t.hand
                            .as_ref()
                            .is_some_and(|(_, _, ids)| ids.contains(&p.id))
                    })
            })
            .map(|p| p.stack)
            .sum();
        let in_hands: u64 = self
            .tables
            .iter()
            .filter_map(|t| t.hand.as_ref())
            .map(|(_, h, _)| h.total_chips().0)
            .sum();
        let carried: u64 = self
            .tables
            .iter()
            .filter(|t| t.hand.is_none())
            .map(|t| t.carried)
            .sum();
        behind + in_hands + carried
    }
}
