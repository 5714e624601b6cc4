//! Cards, their notation and reproducible deck orders.
//!
//! A [`Card`] is one byte, `rank * 4 + suit`, so that sets of cards are `u64` bit masks
//! ([`CardSet`]) and the evaluator can index tables by card directly. Notation is the usual
//! one (`Ah`, `Td`, `2c`); `10d` and the Unicode suit symbols are accepted on input, output is
//! always the two-character form.
//!
//! A deck order is an *input* to every hand, never something this crate invents: either a
//! permutation recorded by a dealer, or a 32-byte seed expanded by the named and frozen
//! algorithm [`ShuffleAlgorithm::ChaCha20FisherYatesV1`]. The algorithm is written out here
//! instead of calling `rand::seq::SliceRandom::shuffle`, because `rand` does not promise that
//! a shuffle stays value-stable across its versions, and a recorded seed must reproduce the
//! same deck on every platform and every future Floorbook (pinned by test vectors).
//!
//! This crate does no I/O and reads no clock or ambient randomness.

mod card;
mod deck;
mod set;

pub use card::{Card, ParseCardError, Rank, Suit, parse_cards};
pub use deck::{Deck, DeckError, DeckSeed, ShuffleAlgorithm};
pub use set::CardSet;
