//! Seven-card evaluation against `pokers` 0.10 (the fastest evaluator crate on crates.io), and
//! Omaha against the straightforward 60-combination loop, in one run.
//!
//! Run: `cargo bench -p floorbook-bench --bench evaluator`

use std::hint::black_box;

use floorbook_bench::{best_of, interleaved, mega_per_second};
use floorbook_cards::Card;
use floorbook_eval::{CardKey, HandKey, omaha_strength, omaha_strength_naive};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

const SAMPLE: usize = 10_000_000;
const OMAHA_SAMPLE: usize = 1_000_000;
const ROUNDS: usize = 5;

/// `n` hands of `k` distinct cards (indices `rank * 4 + suit` in both libraries).
fn random_hands<const K: usize>(n: usize, seed: u8) -> Vec<[u8; K]> {
    let mut rng = ChaCha20Rng::from_seed([seed; 32]);
    (0..n)
        .map(|_| {
            let mut used = 0u64;
            std::array::from_fn(|_| {
                loop {
                    let c = (rng.next_u32() % 52) as u8;
                    if used & (1 << c) == 0 {
                        used |= 1 << c;
                        break c;
                    }
                }
            })
        })
        .collect()
}

#[inline(never)]
fn ours_random(hands: &[[Card; 7]]) -> u64 {
    let mut sum = 0u64;
    for h in hands {
        let hand = h.iter().fold(HandKey::EMPTY, |acc, &c| acc.with(c));
        sum += u64::from(hand.strength().value());
    }
    sum
}

#[inline(never)]
fn pokers_random(hands: &[[Card; 7]]) -> u64 {
    let mut sum = 0u64;
    for h in hands {
        let hand = h.iter().fold(pokers::Hand::default(), |acc, &c| {
            acc + pokers::CARDS[c.index() as usize]
        });
        sum += u64::from(hand.evaluate());
    }
    sum
}

/// Category histogram from both, to prove the two loops did the same work.
fn histograms(hands: &[[Card; 7]]) -> ([u64; 9], [u64; 9]) {
    let mut ours = [0u64; 9];
    let mut theirs = [0u64; 9];
    for h in hands {
        let a = h.iter().fold(HandKey::EMPTY, |acc, &c| acc.with(c));
        ours[a.strength().category() as usize] += 1;
        let b = h.iter().fold(pokers::Hand::default(), |acc, &c| {
            acc + pokers::CARDS[c.index() as usize]
        });
        theirs[usize::from(b.evaluate() >> 12) - 1] += 1;
    }
    (ours, theirs)
}

macro_rules! enumerate7 {
    ($cards:expr, $empty:expr, $add:expr, $eval:expr) => {{
        let cards = $cards;
        let mut sum = 0u64;
        for a in 0..52 {
            let ha = $add($empty, cards[a]);
            for b in a + 1..52 {
                let hb = $add(ha, cards[b]);
                for c in b + 1..52 {
                    let hc = $add(hb, cards[c]);
                    for d in c + 1..52 {
                        let hd = $add(hc, cards[d]);
                        for e in d + 1..52 {
                            let he = $add(hd, cards[e]);
                            for f in e + 1..52 {
                                let hf = $add(he, cards[f]);
                                for g in f + 1..52 {
                                    sum += u64::from($eval($add(hf, cards[g])));
                                }
                            }
                        }
                    }
                }
            }
        }
        sum
    }};
}

#[inline(never)]
fn ours_enumerate(cards: &[CardKey; 52]) -> u64 {
    enumerate7!(
        cards,
        HandKey::EMPTY,
        |a: HandKey, b: CardKey| a.plus(b),
        |h: HandKey| h.strength().value()
    )
}

#[inline(never)]
fn pokers_enumerate() -> u64 {
    enumerate7!(
        &pokers::CARDS,
        pokers::Hand::default(),
        |a: pokers::Hand, b: pokers::Hand| a + b,
        |h: pokers::Hand| h.evaluate()
    )
}

fn main() {
    let deck: Vec<Card> = Card::all().collect();
    let cards: [Card; 52] = std::array::from_fn(|i| deck[i]);
    let card_keys: [CardKey; 52] = cards.map(CardKey::of);

    println!("# Evaluator benchmark (fastest of {ROUNDS} alternating rounds each)\n");
    let hands: Vec<[Card; 7]> = random_hands::<7>(SAMPLE, 7)
        .iter()
        .map(|h| h.map(|i| cards[i as usize]))
        .collect();
    let (ours_h, theirs_h) = histograms(&hands);
    assert_eq!(ours_h, theirs_h, "both evaluators must agree on the sample");

    let (t_ours, t_pokers) = interleaved(
        ROUNDS,
        || ours_random(black_box(&hands)),
        || pokers_random(black_box(&hands)),
    );
    let (m_ours, m_pokers) = (
        mega_per_second(SAMPLE as u64, t_ours),
        mega_per_second(SAMPLE as u64, t_pokers),
    );
    println!(
        "| seven-card, 10M random hands | floorbook {m_ours:.1} M/s | pokers 0.10 {m_pokers:.1} M/s | ratio {:.2}x |",
        m_ours / m_pokers
    );

    const ALL7: u64 = 133_784_560;
    let (t_ours, t_pokers) = interleaved(
        3,
        || ours_enumerate(black_box(&card_keys)),
        pokers_enumerate,
    );
    let (m_ours, m_pokers) = (
        mega_per_second(ALL7, t_ours),
        mega_per_second(ALL7, t_pokers),
    );
    println!(
        "| seven-card, full enumeration (133,784,560) | floorbook {m_ours:.1} M/s | pokers 0.10 {m_pokers:.1} M/s | ratio {:.2}x |",
        m_ours / m_pokers
    );

    let omaha: Vec<[u8; 9]> = random_hands::<9>(OMAHA_SAMPLE, 9);
    let split = |h: &[u8; 9]| -> ([Card; 4], [Card; 5]) {
        let c = h.map(|i| cards[i as usize]);
        ([c[0], c[1], c[2], c[3]], [c[4], c[5], c[6], c[7], c[8]])
    };
    let omaha: Vec<([Card; 4], [Card; 5])> = omaha.iter().map(split).collect();
    for (hole, board) in omaha.iter().take(100_000) {
        assert_eq!(
            omaha_strength(hole, board),
            omaha_strength_naive(hole, board)
        );
    }
    let (t_naive, s1) = best_of(ROUNDS, || {
        omaha
            .iter()
            .map(|(h, b)| u64::from(omaha_strength_naive(black_box(h), black_box(b)).value()))
            .sum::<u64>()
    });
    let (t_fast, s2) = best_of(ROUNDS, || {
        omaha
            .iter()
            .map(|(h, b)| u64::from(omaha_strength(black_box(h), black_box(b)).value()))
            .sum::<u64>()
    });
    assert_eq!(s1, s2);
    let (m_fast, m_naive) = (
        mega_per_second(OMAHA_SAMPLE as u64, t_fast),
        mega_per_second(OMAHA_SAMPLE as u64, t_naive),
    );
    println!(
        "| Omaha, 1M random hands (4 hole + 5 board) | floorbook {m_fast:.2} M/s | naive 60-combination loop {m_naive:.2} M/s | ratio {:.2}x |",
        m_fast / m_naive
    );
}
