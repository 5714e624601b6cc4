//! The reference classifier: the rules of NOB-2 written out plainly, for exactly five cards.
//!
//! This file is compiled twice: by `build.rs`, which derives the fast lookup tables from it,
//! and into the crate, where tests hold the fast evaluator to it. It therefore uses nothing
//! but `core` and plain rank numbers (0 = deuce … 12 = ace).

/// The nine categories in rising order, as indices 0..9 (high card … straight flush).
pub const HIGH_CARD: u8 = 0;
pub const PAIR: u8 = 1;
pub const TWO_PAIR: u8 = 2;
pub const THREE_OF_A_KIND: u8 = 3;
pub const STRAIGHT: u8 = 4;
pub const FLUSH: u8 = 5;
pub const FULL_HOUSE: u8 = 6;
pub const FOUR_OF_A_KIND: u8 = 7;
pub const STRAIGHT_FLUSH: u8 = 8;

/// A five-card hand's value: its category, then the ranks that break ties within it, most
/// significant first. Two hands compare exactly as these tuples compare.
pub type Value = (u8, [u8; 5]);

/// The highest card of the straight formed by the set `present` (bit r = rank r), if any.
/// A-2-3-4-5 is a straight with the five high; K-A-2-3-4 is not (NOB-2).
pub fn straight_high(present: u16) -> Option<u8> {
    for high in (4..=12u8).rev() {
        let run = 0b11111u16 << (high - 4);
        if present & run == run {
            return Some(high);
        }
    }
    // The wheel: the ace plays low.
    let wheel = 0b1_0000_0000_1111u16;
    if present & wheel == wheel {
        return Some(3);
    }
    None
}

/// The value of five cards given their ranks and whether they are all of one suit.
pub fn classify_five(ranks: [u8; 5], suited: bool) -> Value {
    let mut counts = [0u8; 13];
    for r in ranks {
        counts[r as usize] += 1;
    }
    // Ranks ordered by (count, rank), both descending: the order in which ties are broken.
    let mut groups: [(u8, u8); 5] = [(0, 0); 5];
    let mut n = 0;
    for r in (0..13u8).rev() {
        if counts[r as usize] > 0 {
            groups[n] = (counts[r as usize], r);
            n += 1;
        }
    }
    groups[..n].sort_by(|a, b| b.cmp(a));
    let mut tiebreak = [0u8; 5];
    for (slot, g) in tiebreak.iter_mut().zip(&groups[..n]) {
        *slot = g.1;
    }
    let present = ranks.iter().fold(0u16, |m, &r| m | 1 << r);
    let straight = if n == 5 { straight_high(present) } else { None };
    let category = match (straight, suited, groups[0].0, groups[1].0) {
        (Some(_), true, _, _) => STRAIGHT_FLUSH,
        (_, _, 4, _) => FOUR_OF_A_KIND,
        (_, _, 3, 2) => FULL_HOUSE,
        (_, true, _, _) => FLUSH,
        (Some(_), false, _, _) => STRAIGHT,
        (_, _, 3, _) => THREE_OF_A_KIND,
        (_, _, 2, 2) => TWO_PAIR,
        (_, _, 2, _) => PAIR,
        _ => HIGH_CARD,
    };
    if let Some(high) = straight {
        // A straight is ranked by its top card alone; the wheel's top card is the five.
        tiebreak = [high, 0, 0, 0, 0];
    }
    (category, tiebreak)
}

/// The best value among all five-card choices from `ranks` (5 to 7 ranks, none more than four
/// times), all played unsuited.
pub fn best_unsuited(ranks: &[u8]) -> Value {
    let mut best: Option<Value> = None;
    for_each_five(ranks.len(), |pick| {
        let v = classify_five(pick.map(|i| ranks[i]), false);
        if best.is_none_or(|b| v > b) {
            best = Some(v);
        }
    });
    best.unwrap_or((HIGH_CARD, [0; 5]))
}

/// Calls `f` with the indices of every five-element subset of `0..n`, in lexicographic order.
pub fn for_each_five(n: usize, mut f: impl FnMut([usize; 5])) {
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        f([a, b, c, d, e]);
                    }
                }
            }
        }
    }
}
