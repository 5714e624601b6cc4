//! Poker hand evaluation: Hold'em (best five of seven, NOB-1), Omaha (exactly two hole and
//! three board cards, GCB-12) and plain five-card hands.
//!
//! Design. A [`HandKey`] is two words: a sum of per-card keys and a mask of cards by suit. Adding
//! a card is an addition and an OR, so enumerations and Omaha's 60 combinations share work.
//! The sum's top 16 bits count cards per suit, offset so that a fifth card of one suit sets a
//! flag bit; a flush is then one table lookup on that suit's 13-bit rank mask. Otherwise the
//! low 32 bits are a rank key, unique per rank multiset, which a row-displacement perfect hash
//! maps to its value. `build.rs` derives every table from the plain rules in
//! [`reference`](crate::reference), and the tests hold the fast path to those rules.
//!
//! The result of an evaluation is a [`Strength`]: a `u16` that orders hands totally (higher
//! wins, equal splits) and carries its [`Category`]. [`Evaluation`] adds the best five cards and
//! a description in English and German.
//!
//! Invariant: pure functions of the cards; no I/O, no allocation on the fast path, no
//! `unsafe`. Every input path validates card counts and duplicates and returns an
//! [`EvalError`] instead of panicking.

pub mod batch;
mod category;
mod describe;
mod evaluate;
mod hand;
mod low;
mod omaha;
#[doc(hidden)]
pub mod reference;
mod strength;
mod tables {
    // `const`, not `static`: a static in another crate is reached through the GOT, an extra
    // dependent load per evaluation that the evaluator benchmark measured; a const is
    // addressed directly at each use site.
    #![allow(clippy::unreadable_literal, clippy::large_const_arrays)]
    include!(concat!(env!("OUT_DIR"), "/tables.rs"));

    /// Where the flush answers start in [`TABLE`].
    pub(crate) const FLUSH_BASE: usize = 1 << 16;

    /// The unsuited lookup (slots 0..2^16) and the flush lookup (from [`FLUSH_BASE`]) in one
    /// table of 2^17 entries, so that any index below 2^17 (which both paths give by
    /// construction) needs no bounds check. The entries past the flushes are never read.
    pub(crate) const TABLE: [u16; 1 << 17] = {
        let mut t = [0u16; 1 << 17];
        let mut i = 0;
        while i < LOOKUP.len() {
            t[i] = LOOKUP[i];
            i += 1;
        }
        let mut j = 0;
        while j < FLUSH.len() {
            t[FLUSH_BASE + j] = FLUSH[j];
            j += 1;
        }
        t
    };
}

pub use category::Category;
pub use evaluate::{
    EvalError, Evaluation, Game, evaluate, evaluate_five, evaluate_holdem, evaluate_omaha,
    evaluate_stud,
};
pub use hand::{CardKey, HandKey};
pub use low::{Low, LowKind, eight_or_better_low, razz_low};
pub use omaha::{omaha_strength, omaha_strength_naive};
pub use strength::Strength;
