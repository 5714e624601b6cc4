//! `HandKey`: cards accumulated into keys for table lookup.

use floorbook_cards::Card;

use crate::Strength;
use crate::tables::{FLUSH_BASE, LOOKUP, OFFSETS, RANK_KEYS, ROW_SHIFT, TABLE};

/// Layout of `HandKey::key`: bits 0..16 hold one 4-bit counter per suit, each starting at 3 in
/// [`HandKey::EMPTY`] so that its top bit is set at the fifth card of that suit; bits 32..36 count
/// the cards; bits 39..64 hold the rank key (a sum below 2^25). The rank key sits at the top so
/// that its row (its bits 10..25) is a plain shift whose result is bounded by the type, and its
/// low 16 bits plus the row's offset give the slot.
const RANK_SHIFT: u32 = 39;
const SUIT_COUNTERS_START: u64 = 0x3333;
const FLUSH_FLAGS: u64 = 0x8888;
const COUNT_SHIFT: u32 = 32;

const _: () = assert!(OFFSETS.len() == 1 << (64 - RANK_SHIFT - ROW_SHIFT));
const _: () = assert!(LOOKUP.len() == 1 << 16);
const _: () = assert!(RANK_SHIFT >= COUNT_SHIFT + 4 + 3);

/// What one or more cards add to a [`HandKey`]: their share of the key and their bits in the
/// mask. Card keys add up among themselves (a board, a pair of hole cards), and a hand is
/// [`HandKey::EMPTY`] plus card keys. Suit `s` occupies bits `16 * (3 - s)` of the mask, so that
/// the flagged suit's ranks are `mask >> (4 * leading_zeros(flags as u16))`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct CardKey {
    key: u64,
    mask: u64,
}

/// Indices 52..256 are never used (a `Card` is below 52); the table has an entry for every
/// `u8`, so indexing by a card's index needs neither a bounds check nor a mask.
const CARD_KEYS: [CardKey; 256] = {
    let mut out = [CardKey { key: 0, mask: 0 }; 256];
    let mut i = 0;
    while i < 52 {
        let rank = i / 4;
        let suit = i % 4;
        out[i] = CardKey {
            key: (RANK_KEYS[rank] as u64) << RANK_SHIFT | 1 << COUNT_SHIFT | 1 << (4 * suit as u32),
            mask: 1 << (16 * (3 - suit) + rank),
        };
        i += 1;
    }
    out
};

impl CardKey {
    pub const NONE: CardKey = CardKey { key: 0, mask: 0 };

    /// The key of one card.
    #[inline(always)]
    pub fn of(card: Card) -> CardKey {
        CARD_KEYS[usize::from(card.index())]
    }

    /// The key of several distinct cards.
    pub fn of_all(cards: &[Card]) -> CardKey {
        cards.iter().fold(CardKey::NONE, |k, &c| k + CardKey::of(c))
    }
}

impl std::ops::Add for CardKey {
    type Output = CardKey;

    /// The key of both sets of cards; the caller keeps them disjoint.
    #[inline(always)]
    fn add(self, other: CardKey) -> CardKey {
        CardKey {
            key: self.key + other.key,
            mask: self.mask | other.mask,
        }
    }
}

/// A set of up to seven cards prepared for evaluation. Adding cards is cheap, so partial hands
/// (two hole cards, a board) can be built once and combined.
///
/// [`HandKey::strength`] is defined for five to seven cards; the checked entry points
/// ([`crate::evaluate_holdem`] and friends) guarantee that and reject anything else.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandKey {
    key: u64,
    mask: u64,
}

impl Default for HandKey {
    fn default() -> Self {
        HandKey::EMPTY
    }
}

impl HandKey {
    pub const EMPTY: HandKey = HandKey {
        key: SUIT_COUNTERS_START,
        mask: 0,
    };

    /// This hand with `card` added. The caller keeps cards distinct.
    #[inline(always)]
    #[must_use]
    pub fn with(self, card: Card) -> HandKey {
        self.plus(CardKey::of(card))
    }

    /// This hand with the cards of `key` added. The caller keeps cards distinct.
    #[inline(always)]
    #[must_use]
    pub fn plus(self, key: CardKey) -> HandKey {
        HandKey {
            key: self.key + key.key,
            mask: self.mask | key.mask,
        }
    }

    /// A hand of these cards.
    pub fn of(cards: &[Card]) -> HandKey {
        HandKey::EMPTY.plus(CardKey::of_all(cards))
    }

    /// The number of cards added.
    pub fn len(self) -> usize {
        ((self.key >> COUNT_SHIFT) & 0xf) as usize
    }

    pub fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// True when five or more cards share a suit.
    #[inline(always)]
    pub fn has_flush(self) -> bool {
        self.key & FLUSH_FLAGS != 0
    }

    /// The strength of the best five cards among five to seven.
    #[inline(always)]
    pub fn strength(self) -> Strength {
        debug_assert!((5..=7).contains(&self.len()), "strength needs 5 to 7 cards");
        // Both paths give an index into one table, so they join before its one load.
        let index = if self.has_flush() {
            // With at most seven cards only one suit can hold five, and a flush then beats
            // anything the other cards could make (no full house or quads fits in seven).
            let shift = ((self.key & FLUSH_FLAGS) as u16).leading_zeros() << 2;
            FLUSH_BASE | ((self.mask >> shift) as usize & 0x1fff)
        } else {
            self.slot()
        };
        Strength(TABLE[index])
    }

    /// The unsuited hash slot: below 2^16 by its type.
    #[inline(always)]
    fn slot(self) -> usize {
        let row = (self.key >> (RANK_SHIFT + ROW_SHIFT)) as usize;
        usize::from(((self.key >> RANK_SHIFT) as u16).wrapping_add(OFFSETS[row]))
    }

    /// The strength of the best five cards ignoring suits, for callers that know no flush is
    /// possible (as Omaha does from the board).
    #[inline(always)]
    pub fn strength_unsuited(self) -> Strength {
        Strength(TABLE[self.slot()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reference;
    use floorbook_cards::{Deck, DeckSeed, ShuffleAlgorithm};
    use proptest::prelude::*;
    use std::collections::HashMap;

    /// The build script relies on every multiset of up to seven ranks (at most four of each)
    /// having its own key sum; if two shared one, two different hands would share a slot.
    #[test]
    fn rank_keys_are_unique_for_every_multiset_up_to_seven_cards() {
        let mut seen: HashMap<u32, [u8; 13]> = HashMap::new();
        let mut counts = [0u8; 13];
        fn walk(rank: usize, size: u8, counts: &mut [u8; 13], seen: &mut HashMap<u32, [u8; 13]>) {
            if rank == 13 {
                let key = (0..13).map(|r| RANK_KEYS[r] * u32::from(counts[r])).sum();
                if let Some(other) = seen.insert(key, *counts) {
                    panic!("{counts:?} and {other:?} share key {key}");
                }
                return;
            }
            for c in 0..=4u8.min(7 - size) {
                counts[rank] = c;
                walk(rank + 1, size + c, counts, seen);
            }
            counts[rank] = 0;
        }
        walk(0, 0, &mut counts, &mut seen);
        assert_eq!(
            seen.len(),
            76_155,
            "multisets of 0 to 7 ranks, at most 4 each"
        );
    }

    fn reference_best(cards: &[Card]) -> reference::Value {
        let mut best = (0, [0; 5]);
        reference::for_each_five(cards.len(), |pick| {
            let five = pick.map(|i| cards[i]);
            let suited = five.iter().all(|c| c.suit() == five[0].suit());
            best = best.max(reference::classify_five(
                five.map(|c| c.rank().index()),
                suited,
            ));
        });
        best
    }

    proptest! {
        /// The fast path orders any two hands exactly as the plain rules do.
        #[test]
        fn fast_path_orders_hands_like_the_reference(
            seed in proptest::array::uniform32(any::<u8>()),
            n in 5usize..=7,
            m in 5usize..=7,
        ) {
            let mut deck = Deck::from_seed(DeckSeed(seed), ShuffleAlgorithm::ChaCha20FisherYatesV1);
            let a = deck.deal_n(n).expect("cards");
            let b = deck.deal_n(m).expect("cards");
            let (fa, fb) = (HandKey::of(&a).strength(), HandKey::of(&b).strength());
            let (ra, rb) = (reference_best(&a), reference_best(&b));
            prop_assert_eq!(fa.cmp(&fb), ra.cmp(&rb), "{:?} vs {:?}", a, b);
            prop_assert_eq!(fa.category() as u8, ra.0);
        }
    }

    #[test]
    fn card_keys_add_up_to_the_same_hand() {
        let cards: Vec<Card> = ["Ah", "Kh", "Qh", "Jh", "Th", "2c", "3d"]
            .iter()
            .map(|s| s.parse().expect("card"))
            .collect();
        let whole = cards.iter().fold(HandKey::EMPTY, |h, &c| h.with(c));
        let parts = HandKey::of(&cards[..2]).plus(CardKey::of_all(&cards[2..]));
        assert_eq!(whole, parts);
        assert_eq!(whole.len(), 7);
        assert!(whole.has_flush());
    }
}
