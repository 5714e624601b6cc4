//! Exhaustive enumeration: every five- and seven-card hand, counted by category and by
//! distinct strength against the standard published totals. This package is compiled with
//! opt-level 3 even in `cargo test` (see the workspace `Cargo.toml`), which keeps the 133
//! million seven-card hands to seconds.

use floorbook_cards::Card;
use floorbook_eval::{CardKey, Category, HandKey};

fn all_cards() -> Vec<CardKey> {
    Card::all().map(CardKey::of).collect()
}

struct Tally {
    by_category: [u64; 9],
    seen: Vec<bool>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            by_category: [0; 9],
            seen: vec![false; 1 << 16],
        }
    }

    #[inline(always)]
    fn count(&mut self, hand: HandKey) {
        let s = hand.strength();
        self.by_category[s.category() as usize] += 1;
        self.seen[s.value() as usize] = true;
    }

    fn distinct(&self) -> usize {
        self.seen.iter().filter(|&&b| b).count()
    }

    fn check(&self, expected: [(Category, u64); 9], distinct: usize) {
        for (category, n) in expected {
            assert_eq!(self.by_category[category as usize], n, "{category}");
        }
        assert_eq!(self.distinct(), distinct, "distinct strengths");
    }
}

#[test]
fn every_five_card_hand() {
    let cards = all_cards();
    let mut tally = Tally::new();
    for a in 0..52 {
        let ha = HandKey::EMPTY.plus(cards[a]);
        for b in a + 1..52 {
            let hb = ha.plus(cards[b]);
            for c in b + 1..52 {
                let hc = hb.plus(cards[c]);
                for d in c + 1..52 {
                    let hd = hc.plus(cards[d]);
                    for &ke in &cards[d + 1..] {
                        tally.count(hd.plus(ke));
                    }
                }
            }
        }
    }
    assert_eq!(tally.by_category.iter().sum::<u64>(), 2_598_960);
    tally.check(
        [
            (Category::StraightFlush, 40),
            (Category::FourOfAKind, 624),
            (Category::FullHouse, 3_744),
            (Category::Flush, 5_108),
            (Category::Straight, 10_200),
            (Category::ThreeOfAKind, 54_912),
            (Category::TwoPair, 123_552),
            (Category::Pair, 1_098_240),
            (Category::HighCard, 1_302_540),
        ],
        7_462,
    );
}

#[test]
fn every_seven_card_hand() {
    let cards = all_cards();
    let mut tally = Tally::new();
    for a in 0..52 {
        let ha = HandKey::EMPTY.plus(cards[a]);
        for b in a + 1..52 {
            let hb = ha.plus(cards[b]);
            for c in b + 1..52 {
                let hc = hb.plus(cards[c]);
                for d in c + 1..52 {
                    let hd = hc.plus(cards[d]);
                    for e in d + 1..52 {
                        let he = hd.plus(cards[e]);
                        for f in e + 1..52 {
                            let hf = he.plus(cards[f]);
                            for &kg in &cards[f + 1..] {
                                tally.count(hf.plus(kg));
                            }
                        }
                    }
                }
            }
        }
    }
    assert_eq!(tally.by_category.iter().sum::<u64>(), 133_784_560);
    tally.check(
        [
            (Category::StraightFlush, 41_584),
            (Category::FourOfAKind, 224_848),
            (Category::FullHouse, 3_473_184),
            (Category::Flush, 4_047_644),
            (Category::Straight, 6_180_020),
            (Category::ThreeOfAKind, 6_461_620),
            (Category::TwoPair, 31_433_400),
            (Category::Pair, 58_627_800),
            (Category::HighCard, 23_294_460),
        ],
        4_824,
    );
}
