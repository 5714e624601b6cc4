//! Tournaments under each seed's rules.
//!
//! - [`Profile`]: one TOML file per seed system (`top18`, `deepstack`, `plo27`, `nob`) that a
//!   tournament director can read and edit, with validation that names the field, the problem
//!   and the rule.
//! - The decisions a tournament takes by itself, each a pure function of its inputs (random
//!   draws included) that returns its result with the rules that decided it: seating
//!   ([`seating`]), levels ([`levels`]), balancing and breaking tables ([`balance`]), places
//!   ([`places`]), the chip race ([`chip_race`]) and floor conduct ([`conduct`]).
//!
//! Invariant: pure. No I/O here (the command line reads files), no clock, no randomness.

/// The revision of the rules by which this build derives a tournament's decisions.
///
/// A chain records the revision it was opened under (`rules_revision` in its opening event; a
/// chain without one is revision 1), and everything that re-derives it (a replay, `explain`,
/// the audit, a writer taking over) derives by that revision, so a change to what the engine
/// decides never makes an earlier chain diverge. A change to a decision bumps the revision and
/// keeps the old behaviour for the old one.
///
/// What each revision reads differently, rule by rule, is [`readings::Readings`]: the only
/// place that names the revisions.
pub const RULES_REVISION: u32 = 8;

pub mod balance;
pub mod chip_race;
pub mod command;
pub mod conduct;
pub mod deal;
pub mod engine;
pub mod levels;
pub mod places;
mod profile;
pub mod readings;
pub mod rederive;
pub mod seating;
pub mod transcript;

pub use profile::{
    Advance, Balancing, BalancingKind, Betting, BlindCap, Bounty, BountyKind, Button, Carry,
    ChipRace, Clock, Day2, Entries, FinalTableReset, Flight, Level, Levels, MAX_LEVEL_MINUTES,
    MAX_PAYOUT_UNIT, MAX_REENTRIES, MAX_STANDARD_PERCENT, Money, Payout, PayoutTable, Penalties,
    Places, Problem, Profile, ProfileError, Remainder, SameHand, Seating, System, TableCount,
    TableDraw, builtin, builtin_names, buy_in_cents, fill_envelopes,
};
