//! Cash tables under a card room's house rules (the Grand Casino Bern's, seed 002): games by
//! variant and stakes, main and side tables, waiting lists (GCB-9), must-move (GCB-10),
//! missed blinds and their markers (GCB-6), rebuys and table stakes (GCB-7, GCB-13), the
//! straddle (GCB-5), warnings and removals (GCB-1); every hand is played by the hand engine
//! with the house's readings (GCB-2, GCB-3, GCB-4, GCB-8).
//!
//! Invariant: pure. A [`CashRoom`] is a deterministic state machine: one [`CashCommand`] at a
//! time the caller brings in, decided all or nothing into [`CashEvent`]s with their rules, or
//! refused with a [`CashError`] that names its rule and changed nothing. No I/O, no clock, no
//! randomness: cards and the button's draw come in with commands.

mod command;
mod error;
mod event;
mod profile;
pub mod readings;
mod room;

pub use command::{CashCommand, Offence};
pub use error::{CashError, StraddleBarred};
pub use event::{Blind, CashEvent, Dealt, Owes, PostKind, Posted, Release, SitsOut};
pub use profile::{
    CashProfile, Game, House, Problem, ProfileError, builtin, builtin_names, is_cash_profile,
};
pub use room::{CashRoom, CashTable, Guest, Lists, MAX_NAME, MAX_TEXT, Running, Sitting};

/// The readings of the house rules this build decides by. A cash chain records the revision
/// it was opened under; a change to any decision bumps it, and a chain of a revision this
/// build does not know is refused rather than re-derived by other readings.
///
/// What each revision reads differently is [`readings::Readings`].
pub const CASH_RULES_REVISION: u32 = 2;

/// A guest of the room (the club's number for him).
pub type GuestId = u32;
/// A table, numbered across the room.
pub type TableNo = u32;
/// A seat, 1 to the table's seats.
pub type SeatNo = u32;
