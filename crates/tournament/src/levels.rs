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

/// Walks the schedule: each level lasts `minutes`; after level k (1-based) a break of the
/// minutes `levels.breaks` gives for k.
fn timeline(profile: &Profile, seconds: u64) -> At {
    let level_secs = u64::from(profile.levels.minutes.unwrap_or(1).max(1)) * 60;
    let levels = profile.levels.schedule.len().max(1);
    let mut t = 0u64;
    for i in 0..levels {
        let end = t.saturating_add(level_secs);
        if seconds < end {
            return At::Level(i);
        }
        t = end;
        let after = i as u32 + 1;
        if let Some([_, minutes]) = profile.levels.breaks.iter().find(|[k, _]| *k == after) {
            let until = t.saturating_add(u64::from(*minutes) * 60);
            if seconds < until {
                return At::Break {
                    after,
                    before: i + 1,
                    until,
                };
            }
            t = until;
        }
    }
    At::Level(levels - 1)
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
