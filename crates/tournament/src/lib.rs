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
/// - 1: the first.
/// - 2: a level decided by time cites TR-4 (a hand begins with its first card) beside TR-5.
/// - 3: time only moves forward: a command earlier than the latest time a command brought in
///   is refused (`TimeBackwards`).
/// - 4: a live table's hand readings (`HandRules::live`: shows are the dealt cards and open the
///   whole hand, an all-in showdown turns every hand up, a short big blind is called in full,
///   an incomplete all-in pre-flop does not reopen the betting, bets are payable in the chips
///   still in play, the burn set aside by a remedy cites it, a held out-of-turn bet stays
///   binding unless a skipped player bets more); the chip unit is the smallest chip not yet
///   raced off at the table (TR-15, TR-16); a table that starts heads-up puts the big blind
///   left of the drawn button (TR-25); hidden chips are named and forfeited (TR-20).
/// - 5: the level clock starts with the tournament (the start's time), not with the chain's
///   opening, and the director can pause, resume and adjust it (TR-5); PLO-2 pauses every
///   table while a move is due and, with NOB-7, moves the second-next big blind (TR-17); a
///   player moved into the blinds sits out until the button reaches him (TR-17); a NOB
///   tournament's heads-up hand cites NOB-11 (not TR-25).
/// - 6: NOB-7's final table forms once every table has lost two players since the tables were
///   drawn (and the rest fit on fewer tables), not as soon as the rest would fit; the tables
///   are not balanced before it, only a table left with one player is given another. An
///   absent player who would risk nothing by calling (every other player still in is all in
///   for no more than he has put in) is checked, not folded (TR-6). A table's first hand waits
///   for the button's draw (TR-2, NOB-10), and the draw is refused in a hand, after the first
///   hand, or unless every player at the table draws. Premature stud cards (TDA-RP-5 D) say
///   whether the street's burn was dealt before them; a burn that was stays burned and counts.
pub const RULES_REVISION: u32 = 7;

pub mod balance;
pub mod chip_race;
pub mod command;
pub mod conduct;
pub mod deal;
pub mod engine;
pub mod levels;
pub mod places;
mod profile;
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
