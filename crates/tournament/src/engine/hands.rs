//! Hands at the tables: starting one (the dead button, TR-9; heads-up, TR-25; the level, TR-4,
//! TR-5, NOB-9), acting in it, acting for absent or penalised players (TR-6, PLO-10, TR-28), and
//! what a finished hand settles: stacks, eliminations and places.

use std::collections::BTreeMap;

use floorbook_hand::{
    Chips, Hand, HandCommand, HandEvent, HandRules, HandSetup, Phase, Pos, Turns,
};
use floorbook_rules::{Rule, RuleSet};

use super::{
    CorrectionRefused, Status, TableState, Tournament, TournamentError, TournamentEvent, Undo,
    check_time,
};
use crate::Advance;
use crate::levels::level_by_time;
use crate::places::{Busted, places_for_hand};
use crate::seating::{PlayerId, SeatNo, TableNo};

/// The table numbered `no` among `tables`: found by halves, as tables stand in the order of
/// their numbers, else (were they ever not) one by one.
pub(super) fn find_table(tables: &[TableState], no: TableNo) -> Option<&TableState> {
    let i = tables
        .binary_search_by_key(&no, |t| t.table.no)
        .ok()
        .or_else(|| tables.iter().position(|t| t.table.no == no))?;
    tables.get(i)
}

/// [`find_table`] to change it.
pub(super) fn find_table_mut(tables: &mut [TableState], no: TableNo) -> Option<&mut TableState> {
    let i = tables
        .binary_search_by_key(&no, |t| t.table.no)
        .ok()
        .or_else(|| tables.iter().position(|t| t.table.no == no))?;
    tables.get_mut(i)
}

impl Tournament {
    pub(super) fn table_state(&self, no: TableNo) -> Result<&TableState, TournamentError> {
        find_table(&self.tables, no).ok_or(TournamentError::NoTable(no))
    }

    pub(super) fn table_mut(&mut self, no: TableNo) -> Result<&mut TableState, TournamentError> {
        find_table_mut(&mut self.tables, no).ok_or(TournamentError::NoTable(no))
    }

    /// Players still in, at all tables.
    pub fn remaining(&self) -> u32 {
        self.players
            .values()
            .filter(|p| p.status == Status::Playing)
            .count() as u32
    }

    /// Starts the next hand at `table`, at `seconds` into the tournament (the level by time),
    /// with the hand rules of the profile. Positions, blinds and the button follow the
    /// dead-button rule: the big blind moves one player on; the small blind sits where the
    /// big blind was (dead if that seat emptied); the button where the small blind was (TR-9).
    /// Heads-up the button posts the small blind (TR-25).
    pub(super) fn start_hand(
        &mut self,
        table: TableNo,
        seconds: u64,
    ) -> Result<u64, TournamentError> {
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        if let Some(breaking) = self.pending_break {
            return Err(TournamentError::BreakPending(breaking));
        }
        if self.balancing_pause() {
            return Err(TournamentError::BalancingPause);
        }
        if self.profile.levels.advance != Advance::Orbits
            && let Some((after, until)) =
                crate::levels::on_break(&self.profile, self.clock_secs(seconds))
        {
            return Err(TournamentError::OnBreak {
                after,
                until: self.level_clock.at_of(until),
            });
        }
        check_time(seconds)?;
        // Everything that can refuse the hand is checked before anything changes (a level).
        // Waiting for the button (TR-17) needs others to play on: at a table that would
        // otherwise deal fewer than two (revision 4 on), those waiting are dealt in.
        let mut waiting_counts = true;
        {
            let ts = find_table(&self.tables, table).ok_or(TournamentError::NoTable(table))?;
            if ts.hand.is_some() {
                return Err(TournamentError::NotNow(
                    "a hand is in progress at this table",
                ));
            }
            if ts.held {
                return Err(TournamentError::TableHeld(table));
            }
            if let Some(rule) = self.button_draw_due(table) {
                return Err(TournamentError::ButtonNotDrawn { table, rule });
            }
            if self.profile.game.stud().is_none()
                && !(1..=ts.table.seats.len() as u32).contains(&ts.table.button.0)
            {
                return Err(TournamentError::NotNow(
                    "the button has not been placed at this table: the button draw comes first (TR-2)",
                ));
            }
            let seated = ts.table.seats.iter().flatten().count();
            let mut dealt = ts
                .table
                .seats
                .iter()
                .flatten()
                .filter(|p| !self.players.get(p).is_some_and(|pl| pl.waiting_for_button))
                .count();
            // Stud has no blinds: nobody waits for the button (TR-17 moves into no blind).
            if self.profile.game.stud().is_some()
                || (self.readings().waiting_dealt_in_when_short && dealt < 2 && seated >= 2)
            {
                waiting_counts = false;
                dealt = seated;
            }
            if dealt < 2 {
                return Err(TournamentError::NotNow(
                    "fewer than two players at the table",
                ));
            }
        }
        // The level: by time (TR-5) for the whole tournament, or by this table's own orbits
        // (NOB-9). Decided here, changed below once the hand is sure to start.
        let mut level_events = Vec::new();
        let mut tournament_level = self.level;
        let mut table_level = None;
        if self.profile.levels.advance != Advance::Orbits {
            // `seconds` is when the dealer starts the hand: a hand begins with its first card
            // dealt (TR-4), so the level whose time has started by then is the hand's (TR-5).
            // Revision 1 did not cite TR-4.
            let mut decided = level_by_time(&self.profile, self.clock_secs(seconds));
            if self.readings().level_cites_first_card && decided.rules.contains(Rule::Tr5) {
                decided.rules = decided.rules.with(Rule::Tr4);
            }
            if decided.level != self.level {
                tournament_level = decided.level;
                let l = self.profile.levels.schedule[decided.level];
                level_events.push(TournamentEvent::LevelChanged {
                    table: None,
                    level: decided.level,
                    small: l.small,
                    big: l.big,
                    rules: decided.rules,
                });
            }
        }
        let mut level_index = tournament_level;
        if self.profile.levels.advance == Advance::Orbits {
            // NOB-9: by the completed orbits of this table and the players it started with,
            // never past the NOB-6 cap.
            let chips = self.chips_in_play();
            let cap = crate::levels::blind_cap(&self.profile.levels.schedule, chips).level;
            if let Some(ts) = find_table(&self.tables, table) {
                // Revision 4: orbits by the button's travel once round the table (heads-up two
                // hands make one); before, by hands counted against the players it started
                // with.
                let orbits = if self.readings().orbits_by_button {
                    let seats = (ts.table.seats.len() as u64).max(1);
                    ((ts.button_travel + self.button_step(ts, waiting_counts)) / seats) as u32
                } else {
                    (ts.hands_played / u64::from(ts.started_with.max(1))) as u32
                };
                let mut decided =
                    crate::levels::level_by_orbits(&self.profile, ts.started_with, orbits, cap);
                decided.level = (ts.base_level + decided.level).min(cap.max(ts.base_level));
                // Each table counts its own orbits: its level changes, never the others'.
                // The tournament's level is the highest any table has reached.
                if decided.level != ts.level {
                    let l = self.profile.levels.schedule[decided.level];
                    level_events.push(TournamentEvent::LevelChanged {
                        table: Some(table),
                        level: decided.level,
                        small: l.small,
                        big: l.big,
                        rules: decided.rules.with(Rule::Nob6),
                    });
                    table_level = Some(decided.level);
                    tournament_level = tournament_level.max(decided.level);
                }
                level_index = decided.level;
            }
        }
        let level =
            self.profile.levels.schedule[level_index.min(self.profile.levels.schedule.len() - 1)];
        let hand_no = self.next_hand;
        let ts = find_table(&self.tables, table).ok_or(TournamentError::NoTable(table))?;
        // TR-15 (revision 4 on): the race of a level that has ended comes before this table's
        // first hand of the next.
        if self.readings().race_before_next_level
            && let Some((_, denomination)) = self.race_at_level(ts, level_index)
        {
            return Err(TournamentError::RaceDue {
                table,
                denomination,
            });
        }
        // The smallest chip in play: from revision 4 on, the smallest not yet raced off at this
        // table (TR-15); it divides a split pot (TR-16) and every bet is payable in it.
        let chip_unit = if self.readings().chip_unit_after_races {
            self.profile
                .chips
                .iter()
                .copied()
                .find(|c| !ts.races_done.iter().any(|(_, d)| d == c))
        } else {
            self.profile.chips.first().copied()
        };
        let (hand, ids, button, blinds, sb_position, bb_seat, rules) =
            if let Some(game) = self.profile.game.stud() {
                // Stud: the dealer deals from seat 1 round the table; no button moves, no
                // blind is posted; everyone antes and the up cards name the bring-in
                // (TDA-RP-10). Players away at the deal have their cards folded (RP-10 C).
                let ids: Vec<PlayerId> = ts.table.seats.iter().flatten().copied().collect();
                let stacks: Vec<Chips> = ids
                    .iter()
                    .map(|p| Chips(self.players.get(p).map_or(0, |pl| pl.stack)))
                    .collect();
                let absent: Vec<bool> = ids
                    .iter()
                    .map(|p| self.players.get(p).is_some_and(|pl| pl.absent))
                    .collect();
                let profile = &self.profile;
                let rules = HandRules {
                    raise_cap: Some(profile.betting.raise_cap.unwrap_or(4)),
                    odd_chip: profile.betting.odd_chip,
                    chip_unit: Chips(chip_unit.unwrap_or(1)),
                    irregularities: floorbook_hand::IrregularityRules {
                        out_of_turn: profile.irregularities.out_of_turn,
                        ..Default::default()
                    },
                    ..HandRules::fixed_limit_stud(
                        game,
                        Chips(level.bring_in),
                        Chips(level.small),
                        Chips(level.big),
                    )
                };
                let setup = HandSetup {
                    antes: vec![Chips(level.ante); ids.len()],
                    stacks,
                    blinds: Vec::new(),
                    carried: Chips(ts.carried),
                    dead_blinds: Vec::new(),
                    first_to_act: None,
                    absent: if absent.contains(&true) {
                        absent
                    } else {
                        Vec::new()
                    },
                };
                let hand = Hand::new(rules, setup)?;
                let blinds = vec![Chips(0); ids.len()];
                (
                    hand,
                    ids,
                    ts.table.button,
                    blinds,
                    ts.last_small_blind,
                    ts.last_big_blind,
                    RuleSet::of(&[Rule::TdaRp10]),
                )
            } else {
                let n = ts.table.seats.len() as u32;
                let waits = |p: &PlayerId| {
                    waiting_counts && self.players.get(p).is_some_and(|pl| pl.waiting_for_button)
                };
                let dealt: Vec<SeatNo> = (1..=n)
                    .map(SeatNo)
                    .filter(|s| ts.table.seats[(s.0 - 1) as usize].is_some_and(|p| !waits(&p)))
                    .collect();
                let next_after = |from: SeatNo, among: &[SeatNo]| -> SeatNo {
                    (1..=n)
                        .map(|k| SeatNo((from.0 - 1 + k) % n + 1))
                        .find(|s| among.contains(s))
                        .unwrap_or(from)
                };
                let mut rules = RuleSet::of(&[Rule::Tr9]);
                let (button, sb_seat, bb_seat, sb_position) = if dealt.len() == 2 {
                    // TR-25: heads-up the button is the small blind; the big blind moves on as always.
                    let bb = match ts.last_big_blind {
                        Some(last) => next_after(last, &dealt),
                        // A table that starts heads-up: the drawn button posts the small blind, the
                        // other player the big (revision 4; earlier revisions moved the button on).
                        None if self.readings().heads_up_start_at_drawn_button => {
                            next_after(ts.table.button, &dealt)
                        }
                        None => next_after(next_after(ts.table.button, &dealt), &dealt),
                    };
                    let button = dealt.iter().copied().find(|s| *s != bb).unwrap_or(bb);
                    // Revision 5: a NOB tournament cites its own heads-up rule (NOB-11).
                    rules = rules.with(
                        if self.readings().nob_heads_up_rule
                            && self.profile.system == crate::System::NOB
                        {
                            Rule::Nob11
                        } else {
                            Rule::Tr25
                        },
                    );
                    (button, Some(button), bb, button)
                } else {
                    match (ts.last_big_blind, ts.last_small_blind) {
                        (Some(last_bb), Some(last_sb)) => {
                            // TR-9: the big blind moves one player on; the small blind is where the big
                            // blind was (dead if that seat emptied); the button is where the small blind
                            // was (a dead button if that seat emptied).
                            let bb = next_after(last_bb, &dealt);
                            let sb = dealt.contains(&last_bb).then_some(last_bb);
                            (last_sb, sb, bb, last_bb)
                        }
                        _ => {
                            let sb = next_after(ts.table.button, &dealt);
                            (ts.table.button, Some(sb), next_after(sb, &dealt), sb)
                        }
                    }
                };
                // Positions: dealt seats clockwise from the first seat left of the button.
                let positions: Vec<SeatNo> = (1..=n)
                    .map(|k| SeatNo((button.0 - 1 + k) % n + 1))
                    .filter(|s| dealt.contains(s))
                    .collect();
                let ids: Vec<PlayerId> = positions
                    .iter()
                    .filter_map(|s| ts.table.seats[(s.0 - 1) as usize])
                    .collect();
                let stacks: Vec<Chips> = ids
                    .iter()
                    .map(|p| Chips(self.players.get(p).map_or(0, |pl| pl.stack)))
                    .collect();
                let mut blinds = vec![Chips(0); ids.len()];
                for (i, s) in positions.iter().enumerate() {
                    if Some(*s) == sb_seat {
                        blinds[i] = Chips(level.small);
                    }
                    if *s == bb_seat {
                        blinds[i] = Chips(level.big);
                    }
                }
                let profile = &self.profile;
                let hand_rules = HandRules {
                    limits: None,
                    game: profile.game,
                    structure: profile.structure,
                    min_bet: Chips(level.big),
                    raise_cap: profile.betting.raise_cap,
                    odd_chip: profile.betting.odd_chip,
                    chip_unit: Chips(chip_unit.unwrap_or(1)),
                    ante_trimming: false,
                    chip_reading: profile.betting.chip_reading,
                    under_minimum: profile.betting.under_minimum,
                    irregularities: profile.irregularities,
                    last_live_hand: floorbook_hand::LastLiveHand::WinsThePot,
                    live: self.readings().live_hand,
                };
                let setup = HandSetup {
                    absent: Vec::new(),
                    stacks,
                    antes: vec![Chips(level.ante); ids.len()],
                    blinds: blinds.clone(),
                    carried: Chips(ts.carried),
                    dead_blinds: Vec::new(),
                    first_to_act: None,
                };
                // The last thing that can refuse the hand; nothing has changed yet.
                let hand = Hand::new(hand_rules, setup)?;
                (
                    hand,
                    ids,
                    button,
                    blinds,
                    Some(sb_position),
                    Some(bb_seat),
                    rules,
                )
            };
        self.clock = self.clock.max(seconds);
        self.level = tournament_level;
        self.out.append(&mut level_events);
        if !waiting_counts {
            for id in &ids {
                if let Some(p) = self.players.get_mut(id) {
                    p.waiting_for_button = false;
                }
            }
        }
        let step =
            find_table(&self.tables, table).map_or(0, |ts| self.button_step(ts, waiting_counts));
        let ts = self.table_mut(table)?;
        ts.button_travel += step;
        if let Some(l) = table_level {
            ts.level = l;
        }
        ts.last_small_blind = sb_position;
        ts.table.button = button;
        ts.last_big_blind = bb_seat;
        let carried = std::mem::take(&mut ts.carried);
        ts.hand = Some((hand_no, Box::new(hand), ids.clone()));
        ts.last_hand = None;
        ts.last_players = Vec::new();
        self.next_hand += 1;
        // Those who sat out for the button are dealt in once it has passed them.
        self.out.push(TournamentEvent::HandStarted {
            table,
            hand: hand_no,
            level: level_index,
            button,
            players: ids,
            blinds: blinds.iter().map(|c| c.0).collect(),
            at: seconds,
            carried,
            rules,
        });
        Ok(hand_no)
    }

    /// How many seats clockwise the button moves for the next hand at `ts` (0 for its first):
    /// the same dead-button sequence `start_hand` plays (TR-9, TR-25).
    fn button_step(&self, ts: &TableState, waiting_counts: bool) -> u64 {
        let n = ts.table.seats.len() as u32;
        if n == 0 || ts.last_big_blind.is_none() {
            return 0;
        }
        let dealt: Vec<SeatNo> = (1..=n)
            .map(SeatNo)
            .filter(|s| {
                ts.table.seats[(s.0 - 1) as usize].is_some_and(|p| {
                    !(waiting_counts
                        && self.players.get(&p).is_some_and(|pl| pl.waiting_for_button))
                })
            })
            .collect();
        let next_after = |from: SeatNo| -> SeatNo {
            (1..=n)
                .map(|k| SeatNo((from.0 - 1 + k) % n + 1))
                .find(|s| dealt.contains(s))
                .unwrap_or(from)
        };
        let button = match (ts.last_big_blind, ts.last_small_blind) {
            (Some(last_bb), _) if dealt.len() == 2 => {
                let bb = next_after(last_bb);
                dealt.iter().copied().find(|s| *s != bb).unwrap_or(bb)
            }
            (Some(_), Some(last_sb)) => last_sb,
            _ => ts.table.button,
        };
        u64::from((button.0 + n - ts.table.button.0) % n)
    }

    /// Acts for the player to act while he is away (TR-6, PLO-10: check when possible, fold
    /// when a bet is due) or under a time penalty (TR-28: cards folded).
    pub(super) fn act_for_absent(
        &mut self,
        table: TableNo,
        hand_no: u64,
    ) -> Result<(), TournamentError> {
        let way = self.acting_for();
        let Some(ts) = find_table_mut(&mut self.tables, table) else {
            return Ok(());
        };
        let Some((_, hand, ids)) = ts.hand.as_mut() else {
            return Ok(());
        };
        let players = &self.players;
        let clock = self.clock;
        let acted = way.act(hand, ids, |p| {
            let pl = players.get(&p)?;
            if pl.penalized_until.is_some_and(|until| clock < until) {
                Some(Away::Penalized)
            } else {
                pl.absent.then_some(Away::Absent)
            }
        })?;
        for a in acted {
            self.out.push(TournamentEvent::ActedFor {
                table,
                player: a.player,
                action: a.action.into(),
                rules: RuleSet::of(&[a.rule]),
            });
            self.record_hand_events_in(table, hand_no, a.from, a.to);
        }
        Ok(())
    }

    /// How this tournament acts for a player who is away.
    fn acting_for(&self) -> ActingFor {
        ActingFor {
            absence_rule: if self.profile.system == crate::System::PLO {
                Rule::Plo10
            } else {
                Rule::Tr6
            },
            checked_at_no_risk: self.readings().absent_checked_at_no_risk,
        }
    }

    /// The hand in progress at `table`.
    pub fn hand(&self, table: TableNo) -> Option<&Hand> {
        find_table(&self.tables, table)
            .and_then(|t| t.hand.as_ref())
            .map(|(_, h, _)| &**h)
    }

    /// The player at a position of the hand at `table`.
    pub fn player_at(&self, table: TableNo, pos: Pos) -> Option<PlayerId> {
        find_table(&self.tables, table)
            .and_then(|t| t.hand.as_ref())
            .and_then(|(_, _, ids)| ids.get(pos.0).copied())
    }

    /// Acts in the hand at `table` through `f`; then acts for players who are away or under a
    /// penalty; when the hand settles, the tournament moves on: stacks, eliminations,
    /// balancing, the finish.
    pub(super) fn act(
        &mut self,
        table: TableNo,
        f: impl FnOnce(&mut Hand) -> Result<(), floorbook_hand::Rejection>,
    ) -> Result<(), TournamentError> {
        let ts = self.table_mut(table)?;
        let Some((hand_no, hand, _)) = ts.hand.as_mut() else {
            return Err(TournamentError::NotNow("no hand in progress at this table"));
        };
        let hand_no = *hand_no;
        let before = hand.events().len();
        let actor_before = hand.actor();
        f(hand)?;
        // TR-19: a called clock runs on the player to act; once the turn has moved on, it is
        // spent, and only a new call starts one.
        if hand.actor() != actor_before {
            ts.clock = None;
        }
        self.record_hand_events(table, hand_no, before);
        self.act_for_absent(table, hand_no)?;
        let settled = self
            .hand(table)
            .is_some_and(|h| h.phase() == Phase::Settled);
        if settled {
            self.finish_hand(table)?;
        }
        Ok(())
    }

    /// A hand's entry (a dealer's or the floor's), kept so that the dealer can take it back
    /// while nothing follows it, and the floor can correct it later.
    pub(super) fn act_entered(
        &mut self,
        table: TableNo,
        action: &floorbook_hand::HandCommand,
    ) -> Result<(), TournamentError> {
        let changes = self.away_changes;
        let now = self.clock;
        let ts = self.table_state(table)?;
        let clock = ts.clock;
        // The entries kept start from the whole hand when this entry does not follow them
        // (another hand, the hand moved on outside them, or someone went away or came back
        // since): the hand before any of them is their base played again (`hand_before_last`).
        let entries = ts.entries.as_deref();
        let before = ts.hand.as_ref().map(|(no, h, _)| {
            let follows = entries.is_some_and(|e| {
                e.hand_no == *no
                    && e.away_changes == changes
                    && e.penalty_ends.is_none_or(|ends| now < ends)
                    && e.list.last().map_or(e.base.events().len(), |l| l.1) == h.events().len()
            });
            let base = (!follows).then(|| h.clone());
            (*no, h.events().len(), base)
        });
        // Who is away, looked up only when the entries start again.
        let away = matches!(before, Some((.., Some(_)))).then(|| self.away_at(table));
        self.act(table, |h| h.apply(action))?;
        let ts = self.table_mut(table)?;
        let after = match (&before, ts.hand.as_ref()) {
            (Some((hand_no, ..)), Some((now, h, _))) if now == hand_no => h.events().len(),
            _ => {
                ts.entries = None;
                ts.undo = None;
                return Ok(());
            }
        };
        let Some((hand_no, log_cut, base)) = before else {
            return Ok(());
        };
        let restarted = base.is_some();
        let mut replaced = None;
        if let Some(base) = base {
            let first = match ts.entries.as_deref() {
                Some(e) if e.hand_no == hand_no => e.numbers().end,
                _ => 1,
            };
            replaced = ts.entries.take();
            let (absent, penalized, penalty_ends) = away.unwrap_or_default();
            ts.entries = Some(Box::new(super::Entries {
                hand_no,
                base: *base,
                first,
                list: Vec::new(),
                absent,
                penalized,
                away_changes: changes,
                penalty_ends,
            }));
        }
        if let Some(e) = ts.entries.as_deref_mut() {
            e.list.push((action.clone(), after));
        }
        ts.undo = Some(Box::new(Undo {
            command: action.name().to_string(),
            hand_no,
            hand: None,
            log_cut: Some(log_cut),
            clock,
            events_after: after,
            clock_after: ts.clock,
            restarted,
            replaced,
        }));
        Ok(())
    }

    /// The players at `table` the hand acts for: away (or under a penalty), of them those
    /// under a penalty now, and when the first of those penalties ends.
    fn away_at(&self, table: TableNo) -> (Vec<PlayerId>, Vec<PlayerId>, Option<u64>) {
        let Some((_, _, ids)) = self.table_state(table).ok().and_then(|t| t.hand.as_ref()) else {
            return (Vec::new(), Vec::new(), None);
        };
        let (mut absent, mut penalized, mut ends) = (Vec::new(), Vec::new(), None::<u64>);
        for p in ids {
            let Some(pl) = self.players.get(p) else {
                continue;
            };
            let until = pl.penalized_until.filter(|until| self.clock < *until);
            if let Some(until) = until {
                penalized.push(*p);
                ends = Some(ends.map_or(until, |e| e.min(until)));
            }
            if until.is_some() || pl.absent {
                absent.push(*p);
            }
        }
        (absent, penalized, ends)
    }

    /// The hand at `table` as it was before the last entry kept: the entries' base with every
    /// entry before the last played again, acting for the players away as they were then.
    /// None when no entries are kept for the hand in play, or when they do not lead to where
    /// the hand stood before its last entry (`log_cut` events) and, with it, to where it
    /// stands now.
    fn hand_before_last(&self, table: TableNo, log_cut: usize) -> Option<Hand> {
        let ts = self.table_state(table).ok()?;
        let (no, now, ids) = ts.hand.as_ref()?;
        let kept = ts.entries.as_deref().filter(|e| e.hand_no == *no)?;
        let ((last, _), earlier) = kept.list.split_last()?;
        let way = self.acting_for();
        let away = |p: PlayerId| {
            if kept.penalized.contains(&p) {
                Some(Away::Penalized)
            } else {
                kept.absent.contains(&p).then_some(Away::Absent)
            }
        };
        let mut hand = kept.base.clone();
        for (command, _) in earlier {
            hand.apply(command).ok()?;
            way.act(&mut hand, ids, away).ok()?;
        }
        if hand.events().len() != log_cut {
            return None;
        }
        // The last entry made again on it must lead to the hand as it is: else the entries
        // were not all made under the absences kept, and the floor rules instead.
        let mut again = hand.clone();
        again.apply(last).ok()?;
        way.act(&mut again, ids, away).ok()?;
        (again == **now).then_some(hand)
    }

    /// TR-26: the floor corrects entry `entry` of the hand in play at `table`, an entry error
    /// found after later entries: it becomes `now` (none: it was not made) and every later
    /// entry is played again on it, as entered. Allowed while the hand is in play (a finished
    /// hand's pot has been pushed: the director rules on it), for a betting action (cards are
    /// corrected with `correct_hole_cards`), made by the same player, when every later entry
    /// still stands, and for a recorded fold only when the player's cards were retrieved
    /// (GCB-8: "falls die Karten noch redressiert werden können"). Refused otherwise, naming
    /// why; nothing changes then.
    pub(super) fn correct_entry(
        &mut self,
        table: TableNo,
        entry: u32,
        now: Option<crate::command::Correction>,
        reason: &str,
        cards_retrieved: bool,
    ) -> Result<(), TournamentError> {
        use floorbook_hand::HandCommand as H;
        super::director::check_reason(reason)?;
        let ts = self.table_state(table)?;
        let Some((hand_no, hand, _)) = ts.hand.as_ref() else {
            return Err(TournamentError::NotNow(
                "no hand in play at this table: a finished hand's pot is pushed, and the director rules on it (TR-26)",
            ));
        };
        let hand_no = *hand_no;
        let kept = ts.entries.as_deref().filter(|e| {
            e.hand_no == hand_no && e.list.last().map(|l| l.1) == Some(hand.events().len())
        });
        let Some(kept) = kept else {
            return Err(TournamentError::Correction(
                CorrectionRefused::NothingToCorrect,
            ));
        };
        let range = kept.numbers();
        let Some(was) = kept.get(entry).cloned() else {
            return Err(TournamentError::Correction(
                CorrectionRefused::EntryOutOfRange {
                    first: range.start,
                    last: range.end.saturating_sub(1),
                    got: entry,
                },
            ));
        };
        let (absent, penalized, _) = self.away_at(table);
        if (&kept.absent, &kept.penalized) != (&absent, &penalized) {
            return Err(TournamentError::Correction(
                CorrectionRefused::TableChangedSince,
            ));
        }
        let Some(pos) = was.betting_pos() else {
            return Err(TournamentError::Correction(
                CorrectionRefused::NotABettingEntry {
                    entry,
                    command: was.name(),
                },
            ));
        };
        let now = now.map(|c| c.by(pos));
        if now.as_ref() == Some(&was) {
            return Err(TournamentError::Correction(
                CorrectionRefused::EntrySaysThat { entry },
            ));
        }
        let unfolds = matches!(was, H::Fold { .. }) && !matches!(now, Some(H::Fold { .. }));
        if unfolds && !cards_retrieved {
            return Err(TournamentError::Correction(
                CorrectionRefused::FoldNotRetrieved { entry },
            ));
        }
        // Played again on a copy: a later entry that no longer stands refuses the whole.
        let mut trial = self.clone();
        trial.out.clear();
        let rules = if unfolds {
            RuleSet::of(&[Rule::Tr26, Rule::Gcb8])
        } else {
            RuleSet::of(&[Rule::Tr26])
        };
        trial.replay_corrected(table, entry, &was, now.as_ref(), reason, rules)?;
        let events = std::mem::take(&mut trial.out);
        *self = trial;
        self.out = events;
        Ok(())
    }

    /// [`Tournament::correct_entry`]'s replay, on a copy of the tournament.
    fn replay_corrected(
        &mut self,
        table: TableNo,
        entry: u32,
        was: &floorbook_hand::HandCommand,
        now: Option<&floorbook_hand::HandCommand>,
        reason: &str,
        rules: RuleSet,
    ) -> Result<(), TournamentError> {
        let ts = self.table_mut(table)?;
        let Some(kept) = ts.entries.take() else {
            return Ok(());
        };
        let Some((hand_no, hand, _)) = ts.hand.as_mut() else {
            return Ok(());
        };
        let hand_no = *hand_no;
        let events_then = hand.events().len();
        **hand = kept.base.clone();
        ts.clock = None;
        // The entries before the corrected one, played again as they were: their events are
        // on record already.
        let mark = self.out.len();
        for n in kept.first..entry {
            if let Some(c) = kept.get(n) {
                self.act(table, |h| h.apply(c))?;
            }
        }
        self.out.truncate(mark);
        let made = self.hand(table).map_or(0, |h| h.events().len());
        let mut prefix = kept.clone();
        prefix
            .list
            .truncate(usize::try_from(entry.saturating_sub(kept.first)).unwrap_or(usize::MAX));
        self.table_mut(table)?.entries = Some(prefix);
        self.out.push(TournamentEvent::EntryCorrected {
            table,
            hand: hand_no,
            entry,
            was: was.clone(),
            now: now.cloned(),
            reason: reason.to_string(),
            events: u32::try_from(events_then.saturating_sub(made)).unwrap_or(u32::MAX),
            rules,
        });
        if let Some(n) = now {
            self.act_entered(table, n).map_err(|e| {
                TournamentError::Correction(CorrectionRefused::CorrectionItselfRefused {
                    why: Box::new(e),
                })
            })?;
        }
        for n in entry.saturating_add(1)..kept.numbers().end {
            let Some(command) = kept.get(n) else { break };
            if self.hand(table).is_none() {
                return Err(TournamentError::Correction(
                    CorrectionRefused::HandOverBeforeEntry {
                        entry: n,
                        command: command.name(),
                    },
                ));
            }
            self.act_entered(table, command).map_err(|e| {
                TournamentError::Correction(CorrectionRefused::EntryNoLongerStands {
                    entry: n,
                    command: command.name(),
                    why: Box::new(e),
                })
            })?;
        }
        // The dealer's take-back waits for his next entry.
        if let Ok(ts) = self.table_mut(table) {
            ts.undo = None;
        }
        Ok(())
    }

    /// TR-2 / NOB-10: the rule by which `table`'s first hand waits for the button's draw, if
    /// it does (stud has no button: its dealer deals from seat 1).
    pub fn button_draw_due(&self, table: TableNo) -> Option<Rule> {
        let ts = find_table(&self.tables, table)?;
        let due = self.readings().button_draw_first
            && self.profile.game.stud().is_none()
            && !ts.button_drawn
            && ts.hand.is_none()
            && ts.last_big_blind.is_none()
            && ts.hands_played == 0;
        due.then_some(if self.profile.seating.button == crate::Button::CardDraw {
            Rule::Nob10
        } else {
            Rule::Tr2
        })
    }

    /// The hand's last entry at `table` that the dealer may still take back (its command is
    /// `command`), or why there is none.
    pub fn last_entry(&self, table: TableNo) -> Result<&Undo, TournamentError> {
        let ts = self.table_state(table)?;
        let Some(undo) = ts.undo.as_deref() else {
            return Err(TournamentError::NotNow(
                "there is no entry to take back at this table (only the last entry of a hand in play, once)",
            ));
        };
        let follows = match ts.hand.as_ref() {
            Some((no, h, _)) => {
                *no != undo.hand_no
                    || h.events().len() != undo.events_after
                    || ts.clock != undo.clock_after
            }
            None => true,
        };
        if follows {
            return Err(TournamentError::NotNow(
                "something has followed the last entry at this table: the floor corrects it with a ruling (TR-26)",
            ));
        }
        Ok(undo)
    }

    /// The dealer takes back the hand's last entry, an entry error: allowed while the hand is
    /// in play and nothing has followed the entry (no later entry, no clock called since);
    /// the hand is then as it was before it. Later, the floor corrects with a ruling (TR-26).
    pub(super) fn take_back(&mut self, table: TableNo) -> Result<(), TournamentError> {
        let undo = self.last_entry(table)?;
        let restored = match (&undo.hand, undo.log_cut) {
            // An earlier build's snapshot kept the hand before the entry.
            (Some(_), _) => None,
            (None, Some(cut)) => Some(self.hand_before_last(table, cut).ok_or(
                TournamentError::NotNow(
                    "something has followed the last entry at this table: the floor corrects it with a ruling (TR-26)",
                ),
            )?),
            (None, None) => {
                return Err(TournamentError::NotNow(
                    "there is no entry to take back at this table (only the last entry of a hand in play, once)",
                ));
            }
        };
        let ts = self.table_mut(table)?;
        let Some(undo) = ts.undo.take() else {
            return Ok(());
        };
        let Some((hand_no, hand, _)) = ts.hand.as_mut() else {
            return Ok(());
        };
        let now = hand.events().len();
        match (restored, undo.hand, undo.log_cut) {
            (Some(before), ..) => **hand = before,
            (None, Some(kept), Some(cut)) => hand.return_to(kept, cut),
            (None, Some(kept), None) => **hand = kept,
            (None, None, _) => {}
        }
        let events = now.saturating_sub(hand.events().len());
        ts.clock = undo.clock;
        if undo.restarted {
            ts.entries = undo.replaced;
        } else if let Some(e) = ts.entries.as_deref_mut() {
            e.list.pop();
        }
        let hand_no = *hand_no;
        self.out.push(TournamentEvent::EntryTakenBack {
            table,
            hand: hand_no,
            command: undo.command,
            events: u32::try_from(events).unwrap_or(u32::MAX),
            rules: RuleSet::of(&[Rule::Tr26]),
        });
        Ok(())
    }

    /// After the table's last hand: `f` acts on it (cards shown after the hand, TR-3.5,
    /// TR-3.7, TR-3.8), and what it records is recorded in that hand. Nothing about the result
    /// changes; refused when no finished hand is there to show from.
    pub(super) fn after_hand(
        &mut self,
        table: TableNo,
        f: impl FnOnce(&mut Hand) -> Result<(), floorbook_hand::Rejection>,
    ) -> Result<(), TournamentError> {
        let ts = self.table_mut(table)?;
        let Some((hand_no, hand)) = ts.last_hand.as_mut() else {
            return Err(TournamentError::NotNow(
                "no finished hand at this table (cards are shown after a hand, before the next)",
            ));
        };
        let hand_no = *hand_no;
        let before = hand.events().len();
        f(hand)?;
        let new = hand.events()[before..].to_vec();
        for e in new {
            self.out.push(TournamentEvent::InHand {
                table,
                hand: hand_no,
                event: e,
            });
        }
        Ok(())
    }

    pub(super) fn record_hand_events(&mut self, table: TableNo, hand_no: u64, from: usize) {
        let to = self.hand(table).map_or(from, |h| h.events().len());
        self.record_hand_events_in(table, hand_no, from, to);
    }

    /// The hand's events `from..to` recorded as the tournament's.
    fn record_hand_events_in(&mut self, table: TableNo, hand_no: u64, from: usize, to: usize) {
        let new: Vec<HandEvent> = self
            .hand(table)
            .and_then(|h| h.events().get(from..to))
            .map(<[HandEvent]>::to_vec)
            .unwrap_or_default();
        for e in new {
            self.out.push(TournamentEvent::InHand {
                table,
                hand: hand_no,
                event: e,
            });
        }
    }

    pub(super) fn finish_hand(&mut self, table: TableNo) -> Result<(), TournamentError> {
        let ts = self.table_mut(table)?;
        let Some((hand_no, hand, ids)) = ts.hand.take() else {
            return Ok(());
        };
        ts.undo = None;
        ts.entries = None;
        ts.hands_played += 1;
        ts.carried += hand.carry_out().0;
        let starting: Vec<u64> = hand.starting_stacks().iter().map(|c| c.0).collect();
        let finals: Vec<u64> = hand.stacks().iter().map(|c| c.0).collect();
        // The all-in order: when each player's last chip went in (for PLO-11).
        let mut all_in_order: BTreeMap<usize, u32> = BTreeMap::new();
        for (k, e) in hand.events().iter().enumerate() {
            let pos = match e {
                HandEvent::Called {
                    pos, all_in: true, ..
                }
                | HandEvent::BetOrRaised {
                    pos, all_in: true, ..
                }
                | HandEvent::BlindPosted {
                    pos, all_in: true, ..
                }
                | HandEvent::AntePosted {
                    pos, all_in: true, ..
                }
                | HandEvent::BringInPosted {
                    pos, all_in: true, ..
                } => Some(pos.0),
                _ => None,
            };
            if let Some(p) = pos {
                all_in_order.insert(p, k as u32);
            }
        }
        let mut forfeit = 0;
        for (i, p) in ids.iter().enumerate() {
            if let Some(pl) = self.players.get_mut(p) {
                if matches!(
                    pl.status,
                    Status::Disqualified { .. } | Status::Out { disqualified: true }
                ) {
                    // A disqualified player's chips go to the table's next pot.
                    forfeit += finals[i];
                    pl.stack = 0;
                } else {
                    pl.stack = finals[i];
                }
            }
        }
        if let Some(ts) = find_table_mut(&mut self.tables, table) {
            ts.carried += forfeit;
        }
        // Those waiting for the button are dealt in once the button has passed them: from
        // revision 4, once their seat is no longer the next hand's small or big blind (TR-17);
        // before, after one hand.
        let still_in_blinds: Vec<SeatNo> = if self.readings().waiting_until_out_of_blinds {
            find_table(&self.tables, table)
                .map(|t| self.next_blinds(&t.table))
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        // Revision 5: "bis zum Dealer-Button vom Spiel ausgelassen": he is left out until the
        // button reaches him: dealt in once the button moves onto or past his seat (from this
        // hand's button to the next, clockwise), not as soon as his seat leaves the blinds.
        let reached: Option<(SeatNo, SeatNo, u32)> = (self.readings().waiting_until_button_reaches)
            .then(|| {
                find_table(&self.tables, table).map(|t| {
                    let from = t.table.button;
                    let to = t.last_small_blind.unwrap_or(from);
                    (from, to, t.table.seats.len() as u32)
                })
            })
            .flatten();
        let passed = |s: SeatNo| match reached {
            Some((from, to, n)) => {
                let step = |x: SeatNo| (x.0 + n - from.0) % n;
                from != to && step(s) != 0 && step(s) <= step(to)
            }
            None => !still_in_blinds.contains(&s),
        };
        for p in self.players.values_mut() {
            if p.table == Some(table) && p.waiting_for_button && p.seat.is_some_and(passed) {
                p.waiting_for_button = false;
            }
        }
        self.out.push(TournamentEvent::HandFinished {
            table,
            hand: hand_no,
            stacks: ids.iter().copied().zip(finals.iter().copied()).collect(),
        });
        // Issue 39: who won which pot, for the bounties of the players out.
        let awards = self.profile.bounty.is_some().then(|| Awards::of(&hand));
        if let Some(ts) = find_table_mut(&mut self.tables, table) {
            ts.last_hand = Some((hand_no, hand));
            ts.last_players = ids.clone();
        }
        // Eliminations (TR-9: out when no chips), places by PLO-11 or house policy.
        let busted: Vec<Busted> = ids
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                finals[*i] == 0
                    && self
                        .players
                        .get(p)
                        .is_some_and(|pl| pl.status == Status::Playing)
            })
            .map(|(i, p)| Busted {
                player: *p,
                starting_stack: starting[i],
                all_in_order: all_in_order.get(&i).copied().unwrap_or(0),
            })
            .collect();
        if !busted.is_empty() {
            let remaining_after = self.remaining() - busted.len() as u32;
            let (places, rules) =
                places_for_hand(&busted, remaining_after, self.profile.places.same_hand);
            let base = self.out_while_open.len();
            for (p, place) in places {
                let place = self.eliminate(p, place, false);
                self.out.push(TournamentEvent::Busted {
                    player: p,
                    place,
                    hand: hand_no,
                    rules: rules.with(Rule::Tr9),
                });
            }
            // Those out in one hand are kept worst first, as if out one after the other.
            self.out_while_open[base..].reverse();
            // Issue 39: each one's bounty goes to the winners of the highest pot he played
            // for (the pot he was all in for: they covered him there), split if they tied.
            if self.profile.bounty.is_some() {
                for b in &busted {
                    let Some(i) = ids.iter().position(|p| *p == b.player) else {
                        continue;
                    };
                    let winners = awards
                        .as_ref()
                        .map(|a| a.winners_at(i))
                        .unwrap_or_default()
                        .into_iter()
                        .filter_map(|w| ids.get(w).copied())
                        .collect::<Vec<_>>();
                    self.award_bounty(b.player, &winners);
                }
            }
        }
        if self.remaining() == 1 {
            self.declare_winner();
            return Ok(());
        }
        self.rebalance();
        Ok(())
    }
}

/// Why the hand acts for a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Away {
    /// Away from the table (TR-6, PLO-10).
    Absent,
    /// Under a time penalty (TR-28).
    Penalized,
}

/// One action the hand took for a player who is away: its events are `from..to` of the
/// hand's log.
struct ActedFor {
    player: PlayerId,
    action: &'static str,
    rule: Rule,
    from: usize,
    to: usize,
}

/// How a tournament acts for a player who is away: its rule of absence and its reading of a
/// call nobody can take up.
#[derive(Debug, Clone, Copy)]
struct ActingFor {
    absence_rule: Rule,
    checked_at_no_risk: bool,
}

impl ActingFor {
    /// Acts in `hand` for each player to act who is `away`, until one is to act who is not
    /// (or no one is): what it did, in order.
    fn act(
        self,
        hand: &mut Hand,
        ids: &[PlayerId],
        away: impl Fn(PlayerId) -> Option<Away>,
    ) -> Result<Vec<ActedFor>, floorbook_hand::Rejection> {
        let mut acted = Vec::new();
        for _ in 0..64 {
            let Some(legal) = hand.legal() else {
                break;
            };
            let Some(player) = ids.get(legal.actor.0).copied() else {
                break;
            };
            let Some(why) = away(player) else {
                break;
            };
            let penalized = why == Away::Penalized;
            let from = hand.events().len();
            let (action, rule) = if legal.bring_in.is_some() && !legal.fold {
                // Stud: the bring-in is a forced bet, posted for him like an ante.
                hand.post_bring_in(legal.actor)?;
                (
                    "bring in",
                    if penalized {
                        Rule::Tr28
                    } else {
                        self.absence_rule
                    },
                )
            } else if penalized {
                hand.apply(&HandCommand::Fold { pos: legal.actor })?;
                ("fold", Rule::Tr28)
            } else if legal.call.is_zero()
                || (self.checked_at_no_risk
                    && self.absence_rule == Rule::Tr6
                    && nothing_at_risk(hand, legal.actor))
            {
                // TR-6: "Sie gilt als gecheckt, wenn er/sie, um im Spiel zu bleiben, hätte
                // checken können." From revision 6 that includes a call nobody can take up
                // (PLO-10 says only "gefoldet, falls … eine Bet callen müsste"):
                // every other player still in is all in for no more than he has put in (a
                // small blind against a big blind all in for the small blind or less), so what
                // he puts in goes back to him uncalled.
                hand.apply(&HandCommand::CheckOrCall { pos: legal.actor })?;
                ("check", self.absence_rule)
            } else {
                hand.apply(&HandCommand::Fold { pos: legal.actor })?;
                ("fold", self.absence_rule)
            };
            acted.push(ActedFor {
                player,
                action,
                rule,
                from,
                to: hand.events().len(),
            });
        }
        Ok(acted)
    }
}

/// Whether every other player still in the hand is all in with no more in front of him than
/// `pos` has: a call by `pos` would be returned to him uncalled, so he risks nothing by it.
fn nothing_at_risk(hand: &floorbook_hand::Hand, pos: floorbook_hand::Pos) -> bool {
    let bets = hand.bets();
    let stacks = hand.stacks();
    let own = bets.get(pos.0).copied().unwrap_or_default();
    (0..hand.players())
        .filter(|&i| i != pos.0 && hand.is_active(floorbook_hand::Pos(i)))
        .all(|i| {
            stacks.get(i).is_some_and(|s| s.is_zero()) && bets.get(i).is_some_and(|b| *b <= own)
        })
}

/// A finished hand's pots as awarded, with what each player put in: the winners of the pot a
/// player went all in for (issue 39: his bounty's).
struct Awards {
    /// What each position put into the pots.
    put_in: Vec<u64>,
    /// Each pot awarded, in order (main pot first): its amount and who won a share.
    pots: Vec<(u64, Vec<usize>)>,
    /// Chips in the main pot from before the hand (NOB-3).
    carried_in: u64,
}

impl Awards {
    fn of(hand: &floorbook_hand::Hand) -> Awards {
        let n = hand.players();
        let mut won = vec![0u64; n];
        let mut pots = Vec::new();
        for e in hand.events() {
            if let HandEvent::PotAwarded { amount, shares, .. } = e {
                for (p, c) in shares {
                    if let Some(w) = won.get_mut(p.0) {
                        *w += c.0;
                    }
                }
                let winners = shares
                    .iter()
                    .filter(|(_, c)| !c.is_zero())
                    .map(|(p, _)| p.0)
                    .collect();
                pots.push((amount.0, winners));
            }
        }
        let start = hand.starting_stacks();
        let end = hand.stacks();
        let put_in: Vec<u64> = (0..n)
            .map(|i| {
                let s = start.get(i).map_or(0, |c| c.0);
                let e = end.get(i).map_or(0, |c| c.0);
                (s + won[i]).saturating_sub(e)
            })
            .collect();
        let total_start: u64 = start.iter().map(|c| c.0).sum();
        let total_end: u64 = end.iter().map(|c| c.0).sum();
        let carried_in = (hand.carry_out().0 + total_end).saturating_sub(total_start);
        Awards {
            put_in,
            pots,
            carried_in,
        }
    }

    /// The winners of the pot position `i`'s last chip went into: the pots are built by the
    /// levels of what the players put in, main pot first (equal ones merged), so his level ends
    /// in the first awarded pot whose running total reaches it.
    fn winners_at(&self, i: usize) -> Vec<usize> {
        let Some(&mine) = self.put_in.get(i).filter(|c| **c > 0) else {
            return Vec::new();
        };
        // The chips of every level up to his: each player's part up to his amount.
        let upto: u64 = self.put_in.iter().map(|c| (*c).min(mine)).sum::<u64>() + self.carried_in;
        // Odd chips carried to the next hand make the awards a little short.
        let slack = self.put_in.len() as u64;
        let mut running = 0;
        for (amount, winners) in &self.pots {
            running += amount;
            if running + slack >= upto {
                return winners.iter().copied().filter(|w| *w != i).collect();
            }
        }
        Vec::new()
    }
}
