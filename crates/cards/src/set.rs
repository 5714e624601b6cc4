//! `CardSet`: a set of cards as a 52-bit mask.

use crate::Card;

/// A set of cards, bit `card.index()` set for each member.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct CardSet(u64);

impl CardSet {
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet((1 << 52) - 1);

    /// Adds `card`; false if it was already there.
    pub fn insert(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.index();
        let fresh = self.0 & bit == 0;
        self.0 |= bit;
        fresh
    }

    /// Removes `card`; false if it was not there.
    pub fn remove(&mut self, card: Card) -> bool {
        let bit = 1u64 << card.index();
        let present = self.0 & bit != 0;
        self.0 &= !bit;
        present
    }

    pub fn contains(self, card: Card) -> bool {
        self.0 & (1u64 << card.index()) != 0
    }

    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The raw mask, bit `card.index()` per card.
    pub fn bits(self) -> u64 {
        self.0
    }

    /// The members in index order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut rest = self.0;
        std::iter::from_fn(move || {
            if rest == 0 {
                return None;
            }
            let i = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            Card::from_index(i)
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut set = CardSet::EMPTY;
        for c in iter {
            set.insert(c);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_contains() {
        let ah: Card = "Ah".parse().expect("card");
        let mut s = CardSet::EMPTY;
        assert!(s.insert(ah));
        assert!(!s.insert(ah));
        assert!(s.contains(ah));
        assert_eq!(s.len(), 1);
        assert!(s.remove(ah));
        assert!(!s.remove(ah));
        assert!(s.is_empty());
    }

    #[test]
    fn full_set_iterates_all_cards_in_order() {
        let all: Vec<Card> = CardSet::FULL.iter().collect();
        assert_eq!(all, Card::all().collect::<Vec<_>>());
    }
}
