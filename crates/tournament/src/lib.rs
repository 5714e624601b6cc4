//! Tournaments under each seed's rules. This first part holds the rule profiles: one TOML file
//! per seed system (`top18`, `deepstack`, `plo27`, `nob`) that a tournament director can read
//! and edit, with validation that names the field, the problem and the rule.
//!
//! Invariant: pure. No I/O here (the command line reads files), no clock, no randomness.

mod profile;

pub use profile::{
    Advance, Balancing, BalancingKind, Betting, BlindCap, Button, ChipRace, Clock, FinalTableReset,
    Level, Levels, Penalties, Places, Problem, Profile, ProfileError, SameHand, Seating, System,
    TableCount, TableDraw, builtin, builtin_names,
};
