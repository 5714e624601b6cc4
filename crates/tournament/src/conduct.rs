//! Floor conduct: warnings and penalties with their escalation (TR-28) for etiquette (TR-27),
//! soft play (TR-24), hidden chips (TR-20) and advice (TR-12), immediate disqualification (TR-7,
//! TR-24), the clock (TR-19).

use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::Profile;

/// What a player did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offence {
    /// Etiquette and the like (TR-27): escalates by TR-28.
    Etiquette,
    /// Soft play (TR-24): a chip penalty or a warning; escalates by TR-28.
    SoftPlay,
    /// Chips out of view (TR-20): the hidden chips are forfeited, and a warning.
    HiddenChips,
    /// Advice during a hand, or a second person playing one hand (TR-12): escalates by TR-28.
    Advice,
    /// Chip passing, collusion, cheating (TR-7).
    Cheating,
    /// Chip dumping (TR-24).
    ChipDumping,
    /// An offence so severe that it disqualifies at once: violence or its threat, gross abuse
    /// (TR-28, TR-27).
    Severe,
}

/// What the floor gives for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "sanction", rename_all = "snake_case")]
pub enum Sanction {
    Warning {
        nth: u32,
    },
    /// Away from the table; the stack is blinded and the cards folded (TR-28).
    TimePenalty {
        minutes: u32,
    },
    Disqualification,
}

/// The sanction for `offence`, given the player's earlier sanctions.
pub fn next_sanction(
    profile: &Profile,
    earlier: &[Sanction],
    offence: Offence,
) -> (Sanction, RuleSet) {
    match offence {
        Offence::Cheating => {
            return (
                Sanction::Disqualification,
                RuleSet::of(&[Rule::Tr7, Rule::Tr28]),
            );
        }
        Offence::ChipDumping => {
            return (
                Sanction::Disqualification,
                RuleSet::of(&[Rule::Tr24, Rule::Tr28]),
            );
        }
        Offence::Severe => {
            return (
                Sanction::Disqualification,
                RuleSet::of(&[Rule::Tr27, Rule::Tr28]),
            );
        }
        _ => {}
    }
    let cause = match offence {
        Offence::SoftPlay => Rule::Tr24,
        Offence::HiddenChips => Rule::Tr20,
        Offence::Advice => Rule::Tr12,
        _ => Rule::Tr27,
    };
    let warnings = earlier
        .iter()
        .filter(|s| matches!(s, Sanction::Warning { .. }))
        .count() as u32;
    let penalties = earlier
        .iter()
        .filter(|s| matches!(s, Sanction::TimePenalty { .. }))
        .count();
    let rules = RuleSet::of(&[cause, Rule::Tr28]);
    if penalties > 0 {
        (Sanction::Disqualification, rules)
    } else if warnings >= profile.penalties.warnings_before_penalty {
        (
            Sanction::TimePenalty {
                minutes: profile.penalties.penalty_minutes,
            },
            rules,
        )
    } else {
        (Sanction::Warning { nth: warnings + 1 }, rules)
    }
}

/// TR-19: a clock called at `called_at` (seconds) runs the profile's seconds and then a
/// countdown; after `expires_at` the hand is dead. The level clock keeps running.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockCall {
    pub called_at: u64,
    pub countdown_at: u64,
    pub expires_at: u64,
}

impl ClockCall {
    pub fn new(profile: &Profile, called_at: u64) -> ClockCall {
        let countdown_at = called_at.saturating_add(u64::from(profile.clock.seconds));
        ClockCall {
            called_at,
            countdown_at,
            expires_at: countdown_at.saturating_add(u64::from(profile.clock.countdown_seconds)),
        }
    }

    /// Whether the hand is dead at `now` (TR-19).
    pub fn hand_dead_at(&self, now: u64) -> bool {
        now >= self.expires_at
    }
}
