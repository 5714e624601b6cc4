//! Omaha: exactly two of four hole cards with exactly three board cards (GCB-12).
//!
//! With a full board of five, the best unsuited hand that uses exactly a given pair of hole
//! ranks depends only on those two ranks and on the board's rank multiset (one of 6,175). A
//! table of every (board, pair) answer, board-major so that one hand's six lookups share a few
//! cache lines, turns the 60 evaluations into 6 lookups. Flushes are separate: a flush needs
//! three board cards and two hole cards of one suit, and only then are the suited choices
//! looked up in the flush table. The maximum of both is the hand, because a suited choice's
//! unsuited value never exceeds its flush value.
//!
//! With three or four board cards the six hole pairs and the board triples are built once as
//! partial [`HandKey`]s and [`CardKey`]s and added, instead of building each five-card hand
//! from scratch.
//!
//! The table (2 MiB, of which the used rows are 1.1 MiB) is computed on first use from the
//! evaluator itself, in about 20 ms.

use std::sync::OnceLock;

use floorbook_cards::{Card, Rank, Suit};

use crate::{CardKey, HandKey, Strength};

const PAIRS: [(usize, usize); 6] = [(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)];

/// Calls `f` with every choice of two hole cards and three board cards.
pub(crate) fn for_each_two_plus_three(
    hole: &[Card],
    board: &[Card],
    mut f: impl FnMut([Card; 2], [Card; 3]),
) {
    for &(a, b) in &PAIRS {
        let (Some(&x), Some(&y)) = (hole.get(a), hole.get(b)) else {
            continue;
        };
        for_each_triple(board, |t| f([x, y], t));
    }
}

fn for_each_triple(board: &[Card], mut f: impl FnMut([Card; 3])) {
    let n = board.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                f([board[i], board[j], board[k]]);
            }
        }
    }
}

/// The Omaha strength of four hole cards with three to five board cards. The caller has
/// checked the counts and that the cards are distinct (see [`crate::evaluate_omaha`]).
pub fn omaha_strength(hole: &[Card; 4], board: &[Card]) -> Strength {
    match <&[Card; 5]>::try_from(board) {
        Ok(full) => omaha_full_board(hole, full),
        Err(_) => omaha_partial_board(hole, board),
    }
}

/// Rows of the pair table: `high * 13 + low` for hole ranks `high >= low`.
const PAIR_ROWS: usize = 169;
const BOARD_KINDS: usize = 6175;

/// For each unsuited category, the first board id of that category (see [`board_id`]).
struct PairTable {
    category_base: [usize; 9],
    best: Vec<u16>,
}

fn pair_table() -> &'static PairTable {
    static TABLE: OnceLock<PairTable> = OnceLock::new();
    TABLE.get_or_init(PairTable::build)
}

impl PairTable {
    fn build() -> PairTable {
        // A five-card rank multiset has its own unsuited strength, so the strength numbers the
        // boards: category base plus position within the category.
        let mut per_category = [0usize; 9];
        let mut boards: Vec<[u8; 5]> = Vec::with_capacity(BOARD_KINDS);
        five_rank_multisets(&mut |ranks| boards.push(ranks));
        for &b in &boards {
            per_category[unsuited(&b).category() as usize] += 1;
        }
        let mut category_base = [0usize; 9];
        let mut next = 0;
        for (base, n) in category_base.iter_mut().zip(per_category) {
            *base = next;
            next += n;
        }
        debug_assert_eq!(next, BOARD_KINDS);
        let mut table = PairTable {
            category_base,
            best: vec![0; BOARD_KINDS * PAIR_ROWS],
        };
        for b in boards {
            let id = table.board_id(unsuited(&b));
            let mut counts = [0u8; 13];
            for r in b {
                counts[r as usize] += 1;
            }
            for high in 0..13u8 {
                for low in 0..=high {
                    counts[high as usize] += 1;
                    counts[low as usize] += 1;
                    if counts.iter().all(|&c| c <= 4) {
                        let mut best = Strength::default();
                        for_each_triple_ranks(&b, |t| {
                            best = best.max(unsuited(&[high, low, t[0], t[1], t[2]]));
                        });
                        let row = high as usize * 13 + low as usize;
                        if let Some(slot) = table.best.get_mut(id * PAIR_ROWS + row) {
                            *slot = best.value();
                        }
                    }
                    counts[high as usize] -= 1;
                    counts[low as usize] -= 1;
                }
            }
        }
        table
    }

    #[inline(always)]
    fn board_id(&self, board: Strength) -> usize {
        let pos = usize::from(board.value() & 0xfff);
        self.category_base[board.category() as usize] + pos
    }
}

/// The unsuited strength of five ranks.
fn unsuited(ranks: &[u8; 5]) -> Strength {
    let hand = ranks.iter().fold(HandKey::EMPTY, |h, &r| {
        h.with(Card::new(Rank::ALL[r as usize % 13], Suit::Clubs))
    });
    hand.strength_unsuited()
}

fn five_rank_multisets(f: &mut impl FnMut([u8; 5])) {
    fn walk(from: u8, picked: &mut Vec<u8>, f: &mut impl FnMut([u8; 5])) {
        if picked.len() == 5 {
            f([picked[0], picked[1], picked[2], picked[3], picked[4]]);
            return;
        }
        for r in from..13 {
            if picked.iter().filter(|&&p| p == r).count() < 4 {
                picked.push(r);
                walk(r, picked, f);
                picked.pop();
            }
        }
    }
    walk(0, &mut Vec::with_capacity(5), f);
}

fn for_each_triple_ranks(b: &[u8; 5], mut f: impl FnMut([u8; 3])) {
    for i in 0..5 {
        for j in i + 1..5 {
            for k in j + 1..5 {
                f([b[i], b[j], b[k]]);
            }
        }
    }
}

fn omaha_full_board(hole: &[Card; 4], board: &[Card; 5]) -> Strength {
    let table = pair_table();
    let board_strength = HandKey::of(board).strength_unsuited();
    let row_start = table.board_id(board_strength) * PAIR_ROWS;
    let ranks = hole.map(|c| c.rank().index() as usize);
    let mut best = 0u16;
    for &(a, b) in &PAIRS {
        let (high, low) = (ranks[a].max(ranks[b]), ranks[a].min(ranks[b]));
        let v = table
            .best
            .get(row_start + high * 13 + low)
            .copied()
            .unwrap_or(0);
        best = best.max(v);
    }
    Strength(best).max(best_flush(hole, board))
}

/// The best flush (or straight flush) made of exactly two hole and three board cards of one
/// suit, or the lowest strength when there is none.
fn best_flush(hole: &[Card; 4], board: &[Card]) -> Strength {
    let mut counts = [(0u8, 0u8); 4];
    for c in hole {
        counts[c.suit().index() as usize].0 += 1;
    }
    for c in board {
        counts[c.suit().index() as usize].1 += 1;
    }
    let mut best = Strength::default();
    for (suit, (in_hole, in_board)) in Suit::ALL.into_iter().zip(counts) {
        if in_board < 3 || in_hole < 2 {
            continue;
        }
        let (suited_hole, nh) = of_suit(hole, suit);
        let (suited_board, nb) = of_suit(board, suit);
        for i in 0..nh {
            for j in i + 1..nh {
                let pair = HandKey::EMPTY.with(suited_hole[i]).with(suited_hole[j]);
                for_each_triple(&suited_board[..nb], |t| {
                    best = best.max(pair.plus(CardKey::of_all(&t)).strength());
                });
            }
        }
    }
    best
}

/// The cards of `suit` among at most five, and how many there are.
fn of_suit(cards: &[Card], suit: Suit) -> ([Card; 5], usize) {
    let mut out = [Card::new(Rank::Two, suit); 5];
    let mut n = 0;
    for &c in cards {
        if c.suit() == suit
            && let Some(slot) = out.get_mut(n)
        {
            *slot = c;
            n += 1;
        }
    }
    (out, n)
}

fn omaha_partial_board(hole: &[Card; 4], board: &[Card]) -> Strength {
    let mut triples = [CardKey::NONE; 10];
    let mut n = 0;
    for_each_triple(board, |t| {
        if let Some(slot) = triples.get_mut(n) {
            *slot = CardKey::of_all(&t);
            n += 1;
        }
    });
    let triples = &triples[..n];
    let pairs = PAIRS.map(|(a, b)| HandKey::EMPTY.with(hole[a]).with(hole[b]));

    let mut board_suits = [0u8; 4];
    for c in board {
        board_suits[c.suit().index() as usize] += 1;
    }
    let mut hole_suits = [0u8; 4];
    for c in hole {
        hole_suits[c.suit().index() as usize] += 1;
    }
    let flush_possible = (0..4).any(|s| board_suits[s] >= 3 && hole_suits[s] >= 2);

    let mut best = Strength::default();
    if flush_possible {
        for p in pairs {
            for &t in triples {
                best = best.max(p.plus(t).strength());
            }
        }
    } else {
        for p in pairs {
            for &t in triples {
                best = best.max(p.plus(t).strength_unsuited());
            }
        }
    }
    best
}

/// The straightforward loop: every one of the 60 two-plus-three choices built as a five-card
/// hand and evaluated. Kept as the benchmark's reference and the fast path's oracle.
pub fn omaha_strength_naive(hole: &[Card; 4], board: &[Card]) -> Strength {
    let mut best = Strength::default();
    for_each_two_plus_three(hole, board, |two, three| {
        let s = HandKey::of(&[two[0], two[1], three[0], three[1], three[2]]).strength();
        best = best.max(s);
    });
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use floorbook_cards::{Deck, DeckSeed, ShuffleAlgorithm};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn fast_omaha_equals_the_naive_loop(seed in proptest::array::uniform32(any::<u8>()), board_len in 3usize..=5) {
            let mut deck = Deck::from_seed(DeckSeed(seed), ShuffleAlgorithm::ChaCha20FisherYatesV1);
            let hole: [Card; 4] = deck.deal_n(4).expect("52 cards").try_into().expect("four");
            let board = deck.deal_n(board_len).expect("52 cards");
            prop_assert_eq!(omaha_strength(&hole, &board), omaha_strength_naive(&hole, &board));
        }
    }
}
