//! The director's and the floor's controls on the night: the level clock (TR-5: start, pause,
//! resume, add or take time, go to a level), edits of the levels and breaks not yet begun, and
//! the floor's decisions over the automatic ones (TR-26: a move by ruling, balancing now,
//! holding or breaking a table, a stack after a count, a player out entered by hand).

use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use super::{LevelEditRefused, Status, Tournament, TournamentError, TournamentEvent};
use crate::command::{ClockAction, LevelEdit};
use crate::levels::{clock_position, level_start};
use crate::seating::{PlayerId, SeatNo, TableNo};
use crate::{Advance, Level, MAX_LEVEL_MINUTES};

/// The level clock: where the levels and breaks stand (clock seconds) against the time
/// commands bring in (seconds into the tournament). It reads `anchor_secs` at `anchor_at`
/// and runs with time unless paused. The default (0 at 0, running) is the clock of rules
/// revisions before 5, which ran from the chain's opening; from revision 5 it starts with the
/// tournament.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelClock {
    pub anchor_at: u64,
    pub anchor_secs: u64,
    pub paused: bool,
}

impl LevelClock {
    /// The clock's reading at `at` seconds into the tournament.
    pub fn read(&self, at: u64) -> u64 {
        if self.paused {
            self.anchor_secs
        } else {
            self.anchor_secs
                .saturating_add(at.saturating_sub(self.anchor_at))
        }
    }

    /// When (seconds into the tournament) the clock reads `secs`, running from now on.
    pub fn at_of(&self, secs: u64) -> u64 {
        self.anchor_at
            .saturating_add(secs.saturating_sub(self.anchor_secs))
    }

    fn set(&mut self, at: u64, secs: u64) {
        self.anchor_at = at;
        self.anchor_secs = secs;
    }

    fn is_default(&self) -> bool {
        *self == LevelClock::default()
    }
}

pub(super) fn is_default_clock(c: &LevelClock) -> bool {
    c.is_default()
}

/// What a clock screen shows at a moment (TR-5): the level and its blinds, the time left,
/// what comes next, and the field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ClockView {
    /// Seconds into the tournament the view is for.
    pub at: u64,
    pub started: bool,
    pub finished: bool,
    /// Levels go by time (TR-5, PLO-5); by orbits (NOB-9) there is no clock.
    pub by_time: bool,
    pub paused: bool,
    /// The level in force (1-based); on a break, the one after it.
    pub level: u32,
    pub blinds: Level,
    /// On a break: the level it follows (1-based).
    pub on_break_after: Option<u32>,
    /// Seconds left in the level or break; None for the last level, which runs on.
    pub seconds_left: Option<u64>,
    pub next_level: Option<Level>,
    /// The next break: (after level, seconds until it starts, its minutes).
    pub next_break: Option<(u32, u64, u32)>,
    pub players_left: u32,
    pub entrants: u32,
    /// Chips in play over the players left (rounded down).
    pub average_stack: u64,
    /// Every chip in play: the stacks and what is in the pots of hands being played.
    pub chips_in_play: u64,
    /// The prize pool in cents: the entrants' buy-ins less the house's fees, plus the overlay
    /// its guarantee adds; None when a buy-in is not a sum of money.
    pub prize_pool_cents: Option<u64>,
    /// What the entries, re-entries, rebuys and add-ons paid (cents).
    #[serde(default)]
    pub paid_cents: u64,
    /// The house's fees out of the buy-ins (cents).
    #[serde(default)]
    pub fees_cents: u64,
    /// What the house adds to the pool to reach its guarantee (cents).
    #[serde(default)]
    pub overlay_cents: u64,
    /// Each paid place's prize in cents, first place first (the profile's payout).
    pub prizes_cents: Vec<u64>,
    /// Issue 39: entries (late registration, re-entries) are open until the end of this level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entries_until_level: Option<u32>,
    /// Issue 39: the re-entries bought so far (counted in `entrants`).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub reentries: u32,
    /// Issue 39: the bounty money of the entries (on heads or won), apart from the pool.
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub bounties_cents: u64,
    /// Issue 39: the rebuys made so far (a double counts two) and the add-ons.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub rebuys: u32,
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub addons: u32,
    /// Issue 39: the rebuy period runs until the end of this level.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rebuys_until_level: Option<u32>,
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

fn is_zero_u64(n: &u64) -> bool {
    *n == 0
}

impl Tournament {
    /// The level clock's reading at `at`.
    pub(super) fn clock_secs(&self, at: u64) -> u64 {
        self.level_clock.read(at)
    }

    /// The level in force at `at` (0-based), the clock's reading and its position.
    fn level_and_position(&self, at: u64) -> (usize, u64, crate::levels::ClockPosition) {
        let by_time = self.profile.levels.advance != Advance::Orbits;
        let schedule = &self.profile.levels.schedule;
        // Before the start the clock stands at the start of level 1.
        let secs = if self.started { self.clock_secs(at) } else { 0 };
        let pos = clock_position(&self.profile, secs);
        let level = if by_time {
            pos.level.max(if self.started { self.level } else { 0 })
        } else {
            self.level
        };
        (level.min(schedule.len().saturating_sub(1)), secs, pos)
    }

    /// The level (1-based) the clock shows at `at`.
    pub fn level_at(&self, at: u64) -> u32 {
        let at = if self.finished {
            self.clock
        } else {
            at.max(self.clock)
        };
        self.level_and_position(at).0 as u32 + 1
    }

    /// The clock screen at `at` seconds into the tournament (not before the latest recorded
    /// time: a read never moves time).
    pub fn clock_view(&self, at: u64) -> ClockView {
        // A finished tournament's clock stands where it finished.
        let at = if self.finished {
            self.clock
        } else {
            at.max(self.clock)
        };
        let by_time = self.profile.levels.advance != Advance::Orbits;
        let schedule = &self.profile.levels.schedule;
        let (level, secs, pos) = self.level_and_position(at);
        let blinds = schedule.get(level).copied().unwrap_or(Level {
            small: 0,
            big: 0,
            ante: 0,
            bring_in: 0,
        });
        // The entrants: those who played once play started, those registered before.
        let entrant = |p: &&super::Player| {
            if self.started {
                !matches!(p.status, Status::Registered | Status::WaitListed)
            } else {
                p.status == Status::Registered
            }
        };
        // Every entry counts: a player's first and each re-entry (issue 39); Day 2's are its
        // flights'.
        let flights = self.flight_money();
        let entrants = match flights {
            Some((entries, _, _)) => entries,
            None => self
                .players
                .values()
                .filter(entrant)
                .map(|p| p.entries())
                .sum::<u32>(),
        };
        let players_left = if self.finished && self.profile.flight.is_none() {
            1
        } else if self.started {
            self.remaining()
        } else {
            entrants
        };
        let chips = if self.started {
            self.chips_in_play()
        } else if flights.is_some() {
            self.carried.values().sum()
        } else {
            u64::from(entrants) * self.profile.starting_chips
        };
        let paid: Option<Vec<u64>> = self
            .players
            .values()
            .filter(entrant)
            .flat_map(|p| std::iter::once(&p.buy_in).chain(&p.reentries))
            .map(|b| crate::buy_in_cents(b))
            .collect();
        // Rebuys and add-ons go to the pool whole: the house's fee is taken from buy-ins.
        let topped: u64 = self
            .players
            .values()
            .map(|p| {
                u64::from(p.rebuys) * self.rebuy_cents()
                    + if p.added_on { self.addon_cents() } else { 0 }
            })
            .sum();
        let money = paid
            .and_then(|paid| self.profile.payout.money(paid))
            .map(|m| m.topped_up(topped, &self.profile.payout))
            .map(|m| m.less_bounties(self.bounty_money(), &self.profile.payout));
        // Day 2's prize pool is its flights' (the event's guarantee is Day 2's).
        let money = match flights {
            Some((_, paid, fees)) => Some(
                crate::Money::from_flights(paid, fees, &self.profile.payout)
                    .less_bounties(self.bounty_money(), &self.profile.payout),
            ),
            None => money,
        };
        let pool = money.map(|m| m.pool);
        ClockView {
            at,
            started: self.started,
            finished: self.finished,
            by_time,
            paused: self.level_clock.paused,
            level: level as u32 + 1,
            blinds,
            on_break_after: pos.break_after.filter(|_| by_time),
            seconds_left: pos
                .ends_at
                .filter(|_| by_time)
                .map(|e| e.saturating_sub(secs)),
            next_level: schedule.get(level + 1).copied(),
            next_break: pos
                .next_break
                .filter(|_| by_time)
                .map(|(after, starts, minutes)| (after, starts.saturating_sub(secs), minutes)),
            players_left,
            entrants,
            average_stack: chips / u64::from(players_left.max(1)),
            chips_in_play: chips,
            prize_pool_cents: pool,
            paid_cents: money.map_or(0, |m| m.entries),
            fees_cents: money.map_or(0, |m| m.fees),
            overlay_cents: money.map_or(0, |m| m.overlay),
            bounties_cents: money.map_or(0, |m| m.bounties),
            prizes_cents: pool
                .map(|p| self.profile.payout.prizes(p, entrants))
                .unwrap_or_default(),
            entries_until_level: (self.profile.entries.late_until_level > 0
                && !self.entries_closed
                && !self.finished
                && (level as u32) < self.profile.entries.late_until_level)
                .then_some(self.profile.entries.late_until_level),
            reentries: self
                .players
                .values()
                .map(|p| p.reentries.len() as u32)
                .sum(),
            rebuys: self.players.values().map(|p| p.rebuys).sum(),
            addons: self.players.values().filter(|p| p.added_on).count() as u32,
            rebuys_until_level: (self.profile.entries.rebuys > 0
                && !self.entries_closed
                && !self.finished
                && (level as u32) < self.profile.entries.rebuy_until_level)
                .then_some(self.profile.entries.rebuy_until_level),
        }
    }

    /// What balancing would do now if every table were between hands (TR-17, PLO-2, NOB-7):
    /// the moves and the break that are due, for a seating chart. Nothing changes.
    pub fn due_now(&self) -> Vec<TournamentEvent> {
        if !self.started || self.finished {
            return Vec::new();
        }
        let mut dry = self.clone();
        dry.out.clear();
        for ts in &mut dry.tables {
            ts.hand = None;
        }
        dry.rebalance();
        dry.out
    }

    fn clock_rule(&self) -> Result<Rule, TournamentError> {
        match self.profile.levels.advance {
            Advance::Orbits => Err(TournamentError::NotNow(
                "levels go by each table's orbits here (NOB-9): there is no level clock",
            )),
            Advance::Button => Ok(Rule::Plo5),
            Advance::Time => Ok(Rule::Tr5),
        }
    }

    /// TR-5: the director pauses, resumes, adjusts the clock or goes to a level.
    pub(super) fn clock_action(
        &mut self,
        action: ClockAction,
        at: u64,
    ) -> Result<(), TournamentError> {
        let rule = self.clock_rule()?;
        // Revision 7: the level clock runs from the start to the end (TR-5); before the start
        // it stands at level 1, and a finished tournament's clock stands where it finished.
        if self.readings().closed_when_finished && (!self.started || self.finished) {
            return Err(TournamentError::NotNow(
                "the level clock runs from the tournament's start to its end (TR-5)",
            ));
        }
        let now = self.clock_secs(at);
        let mut clock = self.level_clock;
        match action {
            ClockAction::Pause if clock.paused => {
                return Err(TournamentError::NotNow("the clock is paused already"));
            }
            ClockAction::Resume if !clock.paused => {
                return Err(TournamentError::NotNow("the clock is running"));
            }
            ClockAction::Pause => {
                clock.set(at, now);
                clock.paused = true;
            }
            ClockAction::Resume => {
                clock.set(at, now);
                clock.paused = false;
            }
            ClockAction::Adjust { seconds } => {
                // Time is added to or taken from the level (or break) in force: at most back
                // to its start, at most forward to its end.
                let pos = clock_position(&self.profile, now);
                let begun = match pos.break_after {
                    // A break begins where the level before it ends.
                    Some(after) => {
                        let before = after as usize - 1;
                        level_start(&self.profile, before)
                            + crate::levels::level_seconds(&self.profile, before)
                    }
                    None => level_start(&self.profile, pos.level),
                };
                let elapsed = now.saturating_sub(begun);
                let left = pos.ends_at.map(|e| e.saturating_sub(now));
                let ok = if seconds >= 0 {
                    seconds.unsigned_abs() <= elapsed
                } else {
                    left.is_none_or(|l| seconds.unsigned_abs() <= l)
                };
                if seconds == 0 || !ok {
                    return Err(TournamentError::ClockAdjust {
                        got: seconds,
                        add: elapsed,
                        take: left,
                    });
                }
                let secs = if seconds >= 0 {
                    now - seconds.unsigned_abs()
                } else {
                    now + seconds.unsigned_abs()
                };
                clock.set(at, secs);
            }
            ClockAction::GoToLevel { level } => {
                let levels = self.profile.levels.schedule.len() as u32;
                if !(1..=levels).contains(&level) {
                    return Err(TournamentError::NoLevel { got: level, levels });
                }
                clock.set(at, level_start(&self.profile, level as usize - 1));
            }
        }
        self.clock = self.clock.max(at);
        self.level_clock = clock;
        let secs = clock.read(at);
        self.out.push(TournamentEvent::ClockChanged {
            action,
            at,
            clock: secs,
            level: clock_position(&self.profile, secs).level,
            paused: clock.paused,
            rules: RuleSet::of(&[rule]),
        });
        Ok(())
    }

    /// The level in force at `at` (0-based), by the clock.
    fn level_in_force(&self, at: u64) -> usize {
        clock_position(&self.profile, self.clock_secs(at))
            .level
            .max(self.level)
    }

    /// TR-5: the director changes levels not yet begun.
    pub(super) fn edit_levels(
        &mut self,
        from: u32,
        levels: &[LevelEdit],
        at: u64,
    ) -> Result<(), TournamentError> {
        let rule = self.clock_rule()?;
        let current = self.level_in_force(at) as u32 + 1;
        let len = self.profile.levels.schedule.len() as u32;
        if from <= current || from > len + 1 || levels.is_empty() {
            return Err(TournamentError::LevelEdit(
                LevelEditRefused::LevelsNotBegun {
                    first: current + 1,
                    last: len + 1,
                    from,
                    levels: levels.len(),
                    current,
                },
            ));
        }
        let total = (from as usize - 1 + levels.len()).max(len as usize);
        if total > MAX_LEVELS {
            return Err(TournamentError::LevelEdit(
                LevelEditRefused::TooManyLevels {
                    most: MAX_LEVELS,
                    total,
                },
            ));
        }
        let mut profile = self.profile.clone();
        let default_minutes = profile.levels.minutes.unwrap_or(1);
        let start = from as usize - 1;
        let mut lengths: Vec<u32> = (0..profile.levels.schedule.len())
            .map(|i| profile.levels.lengths.get(i).copied().unwrap_or(0))
            .collect();
        for (k, l) in levels.iter().enumerate() {
            let i = start + k;
            let level = Level {
                small: l.small,
                big: l.big,
                ante: l.ante,
                bring_in: l.bring_in,
            };
            let minutes = l.minutes.unwrap_or(0);
            if l.minutes == Some(0) || minutes > MAX_LEVEL_MINUTES {
                return Err(TournamentError::LevelEdit(LevelEditRefused::LevelMinutes {
                    level: i + 1,
                    most: MAX_LEVEL_MINUTES,
                    default_minutes,
                    minutes,
                }));
            }
            if i < profile.levels.schedule.len() {
                profile.levels.schedule[i] = level;
                lengths[i] = minutes;
            } else {
                profile.levels.schedule.push(level);
                lengths.push(minutes);
            }
        }
        while lengths.last() == Some(&0) {
            lengths.pop();
        }
        profile.levels.lengths = lengths;
        let problems = profile.check();
        if let Some(p) = problems.first() {
            return Err(TournamentError::LevelEdit(
                LevelEditRefused::ScheduleProblem {
                    problem: p.to_string(),
                },
            ));
        }
        self.clock = self.clock.max(at);
        // The clock keeps its reading: the levels before `from` are as they were, so the
        // level in force and its time left do not change.
        self.profile = profile;
        self.out.push(TournamentEvent::LevelsEdited {
            from,
            levels: levels.to_vec(),
            rules: RuleSet::of(&[rule]),
        });
        Ok(())
    }

    /// TR-5: the director sets (or takes out) a break that has not begun.
    pub(super) fn set_break(
        &mut self,
        after: u32,
        minutes: u32,
        at: u64,
    ) -> Result<(), TournamentError> {
        let rule = self.clock_rule()?;
        let current = self.level_in_force(at) as u32 + 1;
        let len = self.profile.levels.schedule.len() as u32;
        let on_break = clock_position(&self.profile, self.clock_secs(at)).break_after;
        if after < current || on_break == Some(after) || after >= len || minutes > MAX_LEVEL_MINUTES
        {
            return Err(TournamentError::LevelEdit(
                LevelEditRefused::BreakNotBegun {
                    current,
                    last: len.saturating_sub(1),
                    most: MAX_LEVEL_MINUTES,
                    after,
                    minutes,
                },
            ));
        }
        let mut profile = self.profile.clone();
        profile.levels.breaks.retain(|[k, _]| *k != after);
        if minutes > 0 {
            profile.levels.breaks.push([after, minutes]);
            profile.levels.breaks.sort_unstable();
        } else if profile.levels.breaks.len() == self.profile.levels.breaks.len() {
            return Err(TournamentError::LevelEdit(LevelEditRefused::NoBreakAfter {
                after,
            }));
        }
        if let Some(p) = profile.check().first() {
            return Err(TournamentError::LevelEdit(
                LevelEditRefused::ScheduleProblem {
                    problem: p.to_string(),
                },
            ));
        }
        self.clock = self.clock.max(at);
        self.profile = profile;
        self.out.push(TournamentEvent::BreakSet {
            after,
            minutes,
            rules: RuleSet::of(&[rule]),
        });
        Ok(())
    }

    pub(super) fn idle_table_of(&self, player: PlayerId) -> Result<TableNo, TournamentError> {
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        if pl.status != Status::Playing {
            return Err(TournamentError::NotNow("the player is not in play"));
        }
        let table = pl
            .table
            .ok_or(TournamentError::NotNow("the player has no seat"))?;
        if self.hand(table).is_some() {
            return Err(TournamentError::NotNow(
                "the player's table is in a hand: the floor acts between hands",
            ));
        }
        Ok(table)
    }

    /// TR-26, TR-17: the floor moves a player by ruling to a free seat.
    pub(super) fn move_by_ruling(
        &mut self,
        player: PlayerId,
        to: TableNo,
        seat: SeatNo,
        reason: &str,
    ) -> Result<(), TournamentError> {
        let from = self.idle_table_of(player)?;
        check_reason(reason)?;
        let ts = self.table_state(to)?;
        let free = free_seats(&ts.table);
        if !free.contains(&seat.0) {
            return Err(TournamentError::SeatTaken {
                table: to,
                seat,
                free,
            });
        }
        // TR-17: a player moved into the next hand's blinds sits out until the button passes.
        let mut seated = ts.table.clone();
        seated.seats[(seat.0 - 1) as usize] = Some(player);
        let sits_out = self.next_blinds(&seated).contains(&seat);
        self.out.push(TournamentEvent::FloorRuling {
            player: Some(player),
            ruling: reason.to_string(),
            overrides: None,
            rules: RuleSet::of(&[Rule::Tr26, Rule::Tr17]),
        });
        self.seat_player(
            player,
            from,
            to,
            seat,
            sits_out,
            RuleSet::of(&[Rule::Tr26, Rule::Tr17]),
        );
        Ok(())
    }

    /// TR-17: the floor balances now; refused when no move or break is due.
    pub(super) fn balance_now(&mut self) -> Result<(), TournamentError> {
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        self.rebalance();
        if self.out.is_empty() {
            return Err(TournamentError::NotNow(
                "no move or break is due at a table between hands (TR-17)",
            ));
        }
        Ok(())
    }

    /// TR-26: the floor holds a table or releases it.
    pub(super) fn hold_table(
        &mut self,
        table: TableNo,
        hold: bool,
        reason: &str,
    ) -> Result<(), TournamentError> {
        check_reason(reason)?;
        let ts = self.table_mut(table)?;
        if ts.held == hold {
            return Err(TournamentError::NotNow(if hold {
                "the table is held already"
            } else {
                "the table is not held"
            }));
        }
        ts.held = hold;
        self.out.push(TournamentEvent::TableHeld {
            table,
            held: hold,
            reason: reason.to_string(),
            rules: RuleSet::of(&[Rule::Tr26]),
        });
        Ok(())
    }

    /// TR-26, TR-17: the floor breaks a table now, between its hands; its players fit into
    /// the free seats elsewhere.
    pub(super) fn break_table_now(
        &mut self,
        table: TableNo,
        reason: &str,
    ) -> Result<(), TournamentError> {
        check_reason(reason)?;
        if let Some(pending) = self.pending_break {
            return Err(TournamentError::BreakPending(pending));
        }
        let ts = self.table_state(table)?;
        if ts.hand.is_some() {
            return Err(TournamentError::NotNow(
                "the table is in a hand: it breaks between hands",
            ));
        }
        let leaving = ts.table.players();
        let free: usize = self
            .tables
            .iter()
            .filter(|t| t.table.no != table)
            .map(|t| t.table.seats.len() - t.table.players())
            .sum();
        if self.tables.len() < 2 || free < leaving {
            return Err(TournamentError::NotNow(
                "its players do not fit into the free seats at the other tables",
            ));
        }
        self.out.push(TournamentEvent::FloorRuling {
            player: None,
            ruling: reason.to_string(),
            overrides: None,
            rules: RuleSet::of(&[Rule::Tr26, Rule::Tr17]),
        });
        self.pending_break = Some(table);
        self.out.push(TournamentEvent::TableBreakDue {
            table,
            players: leaving as u32,
            free_seats: free as u32,
            rules: RuleSet::of(&[Rule::Tr26, Rule::Tr17]),
        });
        Ok(())
    }

    /// TR-26: a player's stack set after a count, between his table's hands.
    pub(super) fn set_stack(
        &mut self,
        player: PlayerId,
        stack: u64,
        reason: &str,
    ) -> Result<(), TournamentError> {
        self.idle_table_of(player)?;
        check_reason(reason)?;
        let total = self.chips_in_play();
        let was = self.players.get(&player).map_or(0, |p| p.stack);
        // The chips in play stay countable in 64 bits (the hand engine's limit).
        let limit = u64::MAX / 2 - (total - was);
        if stack == 0 || stack > limit || stack == was {
            return Err(TournamentError::StackCount {
                got: stack,
                was,
                max: limit,
            });
        }
        if let Some(p) = self.players.get_mut(&player) {
            p.stack = stack;
        }
        self.count_delta += stack as i64 - was as i64;
        self.out.push(TournamentEvent::StackCounted {
            player,
            stack,
            was,
            reason: reason.to_string(),
            rules: RuleSet::of(&[Rule::Tr26]),
        });
        Ok(())
    }

    /// TR-26: a registered or waiting player without a seat takes a free seat, with the
    /// starting stack.
    pub(super) fn seat_by_floor(
        &mut self,
        player: PlayerId,
        table: TableNo,
        seat: SeatNo,
    ) -> Result<(), TournamentError> {
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        if !matches!(pl.status, Status::Registered | Status::WaitListed) || pl.table.is_some() {
            return Err(TournamentError::NotNow(
                "only a registered or waiting player without a seat is seated",
            ));
        }
        let ts = self.table_state(table)?;
        let free = free_seats(&ts.table);
        if !free.contains(&seat.0) {
            return Err(TournamentError::SeatTaken { table, seat, free });
        }
        // PLO-1: "Frei gewordene Plätze werden mit wartenden Spielern besetzt."
        let rules = if pl.status == Status::WaitListed {
            RuleSet::of(&[Rule::Tr26, Rule::Plo1])
        } else {
            RuleSet::of(&[Rule::Tr26])
        };
        let stack = self.profile.starting_chips;
        let total = self.chips_in_play();
        if total.checked_add(stack).is_none_or(|t| t > u64::MAX / 2) {
            return Err(TournamentError::NotNow(
                "the chips in play would pass the limit",
            ));
        }
        let mut seated = ts.table.clone();
        seated.seats[(seat.0 - 1) as usize] = Some(player);
        let played = ts.last_big_blind.is_some();
        // Like a moved player (TR-17): in the next hand's blinds he sits out until the button
        // passes; at a table that has not played he is dealt in.
        let sits_out = played && self.next_blinds(&seated).contains(&seat);
        let ts = self.table_mut(table)?;
        ts.table.seats[(seat.0 - 1) as usize] = Some(player);
        if let Some(p) = self.players.get_mut(&player) {
            p.status = Status::Playing;
            p.stack = stack;
            p.table = Some(table);
            p.seat = Some(seat);
            p.waiting_for_button = sits_out;
            p.arrived = true;
        }
        self.count_delta += stack as i64;
        self.out.push(TournamentEvent::SeatedByFloor {
            player,
            table,
            seat,
            stack,
            sits_out,
            rules,
        });
        Ok(())
    }

    /// TR-26: a player out, entered by the floor: his chips to the winner at the same table,
    /// his place the next one.
    pub(super) fn bust_by_floor(
        &mut self,
        player: PlayerId,
        winner: PlayerId,
        reason: &str,
    ) -> Result<(), TournamentError> {
        let table = self.idle_table_of(player)?;
        check_reason(reason)?;
        let wt = self.idle_table_of(winner)?;
        if wt != table || winner == player {
            return Err(TournamentError::NotNow(
                "the chips go to another player at the same table",
            ));
        }
        let chips = self.players.get(&player).map_or(0, |p| p.stack);
        self.out.push(TournamentEvent::FloorRuling {
            player: Some(player),
            ruling: reason.to_string(),
            overrides: None,
            rules: RuleSet::of(&[Rule::Tr26]),
        });
        if let Some(p) = self.players.get_mut(&player) {
            p.stack = 0;
        }
        if let Some(w) = self.players.get_mut(&winner) {
            w.stack += chips;
        }
        self.out.push(TournamentEvent::ChipsTransferred {
            from: player,
            to: winner,
            chips,
            rules: RuleSet::of(&[Rule::Tr26]),
        });
        let place = self.remaining();
        let place = self.eliminate(player, place, false);
        self.out.push(TournamentEvent::Busted {
            player,
            place,
            hand: 0,
            rules: RuleSet::of(&[Rule::Tr26]),
        });
        self.award_bounty(player, &[winner]);
        self.after_removal()
    }
}

/// The free seats of a table, by number.
fn free_seats(t: &crate::balance::Table) -> Vec<u32> {
    (1..=t.seats.len() as u32)
        .filter(|s| t.seats[(*s - 1) as usize].is_none())
        .collect()
}

/// The most levels a schedule may hold after the director's edits.
pub const MAX_LEVELS: usize = 200;

/// The longest reason the floor may give (a sentence or two, not a document).
pub const MAX_REASON: usize = 500;

pub(super) fn check_reason(reason: &str) -> Result<(), TournamentError> {
    let n = reason.trim().chars().count();
    if n == 0 || reason.len() > MAX_REASON {
        return Err(TournamentError::Reason {
            got: reason.len(),
            max: MAX_REASON,
        });
    }
    Ok(())
}
