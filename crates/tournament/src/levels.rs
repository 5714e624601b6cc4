//! Which level a hand is played at (TR-5, PLO-5, NOB-9), the blind cap (NOB-6) and the final
//! table reset (NOB-8).

use floorbook_rules::{Rule, RuleSet};

use crate::{Advance, Level, Profile};

/// A level decision: the level (0-based index into the schedule) and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelDecision {
    pub level: usize,
    pub rules: RuleSet,
}

/// The level of the next hand by time. TR-5: the level whose time has started when the hand
/// begins (a new level starts with the next hand). PLO-5: the level in force when the button
/// was moved; `seconds` is then the time of the button move. Breaks (a house setting) stop the
/// level clock: during one, the level is the one that follows it.
pub fn level_by_time(profile: &Profile, seconds_played: u64) -> LevelDecision {
    let last = profile.levels.schedule.len().saturating_sub(1);
    let rule = if profile.levels.advance == Advance::Button {
        Rule::Plo5
    } else {
        Rule::Tr5
    };
    let level = match timeline(profile, seconds_played) {
        At::Level(i) => i,
        At::Break { before, .. } => before,
    };
    LevelDecision {
        level: level.min(last),
        rules: RuleSet::of(&[rule]),
    }
}

/// A break in progress at `seconds`: (the level it follows, 1-based; when it ends).
pub fn on_break(profile: &Profile, seconds: u64) -> Option<(u32, u64)> {
    match timeline(profile, seconds) {
        At::Break { after, until, .. } => Some((after, until)),
        At::Level(_) => None,
    }
}

enum At {
    Level(usize),
    Break {
        after: u32,
        before: usize,
        until: u64,
    },
}

/// The seconds level `i` (0-based) lasts: its own minutes where `levels.lengths` gives them
/// (a profile's or the director's edit), else `levels.minutes`.
pub fn level_seconds(profile: &Profile, i: usize) -> u64 {
    let minutes = profile
        .levels
        .lengths
        .get(i)
        .copied()
        .filter(|m| *m > 0)
        .or(profile.levels.minutes)
        .unwrap_or(1)
        .max(1);
    u64::from(minutes) * 60
}

/// The minutes of the break after level `after` (1-based), if there is one.
pub fn break_after(profile: &Profile, after: u32) -> Option<u32> {
    profile
        .levels
        .breaks
        .iter()
        .find(|[k, _]| *k == after)
        .map(|[_, m]| *m)
}

/// Where the level clock stands at `seconds` (the clock's reading, not the tournament's
/// time): what a clock screen shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClockPosition {
    /// The level in force (0-based); during a break, the one that follows it.
    pub level: usize,
    /// On a break: the level it follows (1-based).
    pub break_after: Option<u32>,
    /// When the current level or break ends (clock seconds); None for the last level, which
    /// runs on.
    pub ends_at: Option<u64>,
    /// The next break: (after level, 1-based; when it starts, clock seconds; its minutes).
    pub next_break: Option<(u32, u64, u32)>,
}

/// The clock at `seconds`: the level, the break, when they end and the next break.
pub fn clock_position(profile: &Profile, seconds: u64) -> ClockPosition {
    let levels = profile.levels.schedule.len().max(1);
    let mut t = 0u64;
    let mut found: Option<ClockPosition> = None;
    for i in 0..levels {
        let end = t.saturating_add(level_seconds(profile, i));
        let after = i as u32 + 1;
        let brk = break_after(profile, after);
        if let Some(pos) = found.as_mut() {
            if pos.next_break.is_none()
                && let Some(m) = brk
            {
                pos.next_break = Some((after, end, m));
            }
        } else if seconds < end {
            found = Some(ClockPosition {
                level: i,
                break_after: None,
                ends_at: (i + 1 < levels).then_some(end),
                next_break: brk.map(|m| (after, end, m)),
            });
        }
        t = end;
        if let Some(minutes) = brk {
            let until = t.saturating_add(u64::from(minutes) * 60);
            if found.is_none() && seconds < until {
                found = Some(ClockPosition {
                    level: i + 1,
                    break_after: Some(after),
                    ends_at: Some(until),
                    next_break: None,
                });
            }
            t = until;
        }
    }
    found.unwrap_or(ClockPosition {
        level: levels - 1,
        break_after: None,
        ends_at: None,
        next_break: None,
    })
}

/// The clock seconds at which level `level` (0-based) begins.
pub fn level_start(profile: &Profile, level: usize) -> u64 {
    let mut t = 0u64;
    for i in 0..level.min(profile.levels.schedule.len()) {
        t = t.saturating_add(level_seconds(profile, i));
        if let Some(m) = break_after(profile, i as u32 + 1) {
            t = t.saturating_add(u64::from(m) * 60);
        }
    }
    t
}

fn timeline(profile: &Profile, seconds: u64) -> At {
    let pos = clock_position(profile, seconds);
    match (pos.break_after, pos.ends_at) {
        (Some(after), Some(until)) => At::Break {
            after,
            before: pos.level,
            until,
        },
        _ => At::Level(pos.level),
    }
}

/// NOB-9: the level after `orbits` completed orbits at a table that started with
/// `starting_players`: one level per 2, 3 or 4 orbits (by the starting players), capped.
pub fn level_by_orbits(
    profile: &Profile,
    starting_players: u32,
    orbits: u32,
    cap: usize,
) -> LevelDecision {
    let per_level = profile
        .levels
        .orbits
        .iter()
        .find(|[min_players, _]| starting_players >= *min_players)
        .map_or(2, |[_, o]| (*o).max(1));
    let level = ((orbits / per_level) as usize).min(cap);
    LevelDecision {
        level,
        rules: RuleSet::of(&[Rule::Nob9]),
    }
}

/// NOB-6: the highest level allowed: the one whose big blind is closest below 10% of the chips
/// in play (e.g. 500 chips: 20/40).
pub fn blind_cap(schedule: &[Level], chips_in_play: u64) -> LevelDecision {
    let limit = chips_in_play / 10;
    let level = schedule.iter().rposition(|l| l.big < limit).unwrap_or(0);
    LevelDecision {
        level,
        rules: RuleSet::of(&[Rule::Nob6]),
    }
}

/// NOB-8: the final table restarts at the level whose big blind is closest to 1% of the
/// chips in play (e.g. 1,000 chips: 5/10); on a tie, the lower level.
pub fn final_table_level(schedule: &[Level], chips_in_play: u64) -> LevelDecision {
    let target = chips_in_play as f64 / 100.0;
    let level = schedule
        .iter()
        .enumerate()
        .min_by(|(_, a), (_, b)| {
            let da = (a.big as f64 - target).abs();
            let db = (b.big as f64 - target).abs();
            da.total_cmp(&db)
        })
        .map_or(0, |(i, _)| i);
    LevelDecision {
        level,
        rules: RuleSet::of(&[Rule::Nob8]),
    }
}
