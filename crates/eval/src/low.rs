//! Ace-to-five lows: Razz (the lowest five of seven wins; pairs count against, straights and
//! flushes do not) and the low half of seven-card stud eight or better (five cards of
//! different ranks, eight or lower; none qualifies otherwise). The ace is the lowest card.
//!
//! A [`Low`] orders totally: the smaller wins, equal splits. It is a key (fewer pairs first,
//! then the ranks from the highest group and card down, the ace counting one) with the five
//! cards that make it and a description in English and German.

use std::cmp::Ordering;

use floorbook_cards::Card;
use serde::Serialize;

use crate::evaluate::EvalError;

/// How a low is made: no pair is the best kind; each pair makes it worse.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LowKind {
    NoPair,
    OnePair,
    TwoPair,
    ThreeOfAKind,
    FullHouse,
    FourOfAKind,
}

/// The best ace-to-five low of some cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Low {
    pub kind: LowKind,
    /// The five cards, read out from the highest group and card down ("8-6-4-2-A").
    pub cards: [Card; 5],
    /// English, e.g. "8-6-4-2-A low" or "Pair, Kings (K-K-8-5-3)".
    pub en: String,
    /// German, e.g. "8-6-4-2-A Low" or "Paar, Könige (K-K-8-5-3)".
    pub de: String,
    #[serde(skip)]
    key: LowKey,
}

/// How a dealer reads it out: "8-6-4-2-A low — 8c 6d 4h 2s Ac (8-6-4-2-A Low)".
impl std::fmt::Display for Low {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let five: Vec<String> = self.cards.iter().map(ToString::to_string).collect();
        write!(f, "{} — {} ({})", self.en, five.join(" "), self.de)
    }
}

impl Low {
    /// Whether this low is better than (smaller than) `other`.
    pub fn beats(&self, other: &Low) -> bool {
        self.cmp_low(other) == Ordering::Less
    }

    /// Orders lows: `Less` is the better low.
    pub fn cmp_low(&self, other: &Low) -> Ordering {
        self.key.cmp(&other.key)
    }
}

/// A card's low value: ace 1, two 2, … king 13.
fn low_value(c: Card) -> u8 {
    (c.rank().index() + 1) % 13 + 1
}

const NAMES: [&str; 14] = [
    "", "A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K",
];
const EN_PLURAL: [&str; 14] = [
    "", "Aces", "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens",
    "Jacks", "Queens", "Kings",
];
const DE_PLURAL: [&str; 14] = [
    "", "Asse", "Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen", "Achten", "Neunen",
    "Zehnen", "Buben", "Damen", "Könige",
];

/// A low's comparison key: the kind, then the values from the largest group and the highest
/// card down; smaller is better.
type LowKey = (LowKind, [u8; 5]);

/// The comparison key of exactly five cards (the kind, then the values from the largest group
/// and the highest card down) and the cards in that order: cheap, with no words.
fn key_of_five(five: [Card; 5]) -> (LowKey, [Card; 5]) {
    let mut counts = [0u8; 14];
    for c in five {
        counts[low_value(c) as usize] += 1;
    }
    let mut order = five;
    // Larger groups first, then higher ranks: the order the hand is compared and read in.
    order.sort_by_key(|c| {
        let v = low_value(*c);
        std::cmp::Reverse((counts[v as usize], v))
    });
    let mut groups = [0u8; 5];
    let mut g = 0;
    for &n in counts.iter().filter(|&&n| n > 0) {
        groups[g] = n;
        g += 1;
    }
    groups[..g].sort_unstable_by(|a, b| b.cmp(a));
    let kind = match &groups[..g] {
        [1, 1, 1, 1, 1] => LowKind::NoPair,
        [2, 1, 1, 1] => LowKind::OnePair,
        [2, 2, 1] => LowKind::TwoPair,
        [3, 1, 1] => LowKind::ThreeOfAKind,
        [3, 2] => LowKind::FullHouse,
        _ => LowKind::FourOfAKind,
    };
    ((kind, order.map(low_value)), order)
}

/// The low of exactly five cards, with its words.
fn low_of_five(five: [Card; 5]) -> Low {
    let ((kind, values), order) = key_of_five(five);
    let spelled = values
        .iter()
        .map(|v| NAMES[*v as usize])
        .collect::<Vec<_>>()
        .join("-");
    let top = values[0] as usize;
    let (en, de) = match kind {
        LowKind::NoPair => (format!("{spelled} low"), format!("{spelled} Low")),
        LowKind::OnePair => (
            format!("Pair, {} ({spelled})", EN_PLURAL[top]),
            format!("Paar, {} ({spelled})", DE_PLURAL[top]),
        ),
        LowKind::TwoPair => (
            format!("Two Pair ({spelled})"),
            format!("Zwei Paare ({spelled})"),
        ),
        LowKind::ThreeOfAKind => (
            format!("Three of a Kind, {} ({spelled})", EN_PLURAL[top]),
            format!("Drilling, {} ({spelled})", DE_PLURAL[top]),
        ),
        LowKind::FullHouse => (
            format!("Full House ({spelled})"),
            format!("Full House ({spelled})"),
        ),
        LowKind::FourOfAKind => (
            format!("Four of a Kind, {} ({spelled})", EN_PLURAL[top]),
            format!("Vierling, {} ({spelled})", DE_PLURAL[top]),
        ),
    };
    Low {
        kind,
        cards: order,
        en,
        de,
        key: (kind, values),
    }
}

fn check(cards: &[Card]) -> Result<(), EvalError> {
    if cards.len() < 5 || cards.len() > 7 {
        return Err(EvalError::StudCount { got: cards.len() });
    }
    for (i, c) in cards.iter().enumerate() {
        if cards[..i].contains(c) {
            return Err(EvalError::DuplicateCard { card: *c });
        }
    }
    Ok(())
}

/// The best five of `cards` among those `keep` admits, over every five-card choice (21 of
/// seven), compared by key; only the best is put into words.
fn best_five(cards: &[Card], mut keep: impl FnMut(&LowKey) -> bool) -> Option<Low> {
    let n = cards.len();
    let mut best: Option<(LowKey, [Card; 5])> = None;
    for a in 0..n {
        for b in a + 1..n {
            for c in b + 1..n {
                for d in c + 1..n {
                    for e in d + 1..n {
                        let (key, five) =
                            key_of_five([cards[a], cards[b], cards[c], cards[d], cards[e]]);
                        if keep(&key) && best.as_ref().is_none_or(|(k, _)| key < *k) {
                            best = Some((key, five));
                        }
                    }
                }
            }
        }
    }
    best.map(|(_, five)| low_of_five(five))
}

/// Razz: the lowest ace-to-five hand of five to seven cards (a stud hand's cards).
pub fn razz_low(cards: &[Card]) -> Result<Low, EvalError> {
    check(cards)?;
    best_five(cards, |_| true).ok_or(EvalError::NoFiveCards)
}

/// Eight or better: the lowest five cards of different ranks, none above eight, or `None`
/// when the cards hold no such low (the high hand then takes the whole pot).
pub fn eight_or_better_low(cards: &[Card]) -> Result<Option<Low>, EvalError> {
    check(cards)?;
    Ok(best_five(cards, |(kind, values)| {
        *kind == LowKind::NoPair && values[0] <= 8
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(s: &str) -> Vec<Card> {
        floorbook_cards::parse_cards(s).expect("cards")
    }

    #[test]
    fn the_wheel_is_the_best_low_and_straights_and_flushes_do_not_count() {
        let wheel = razz_low(&cards("As 2s 3s 4s 5s Kd Kh")).expect("low");
        assert_eq!(wheel.kind, LowKind::NoPair);
        assert_eq!(wheel.en, "5-4-3-2-A low");
        assert_eq!(wheel.de, "5-4-3-2-A Low");
        let six = razz_low(&cards("6c 4d 3h 2s Ac Kd Qh")).expect("low");
        assert!(wheel.beats(&six));
        assert_eq!(six.en, "6-4-3-2-A low");
    }

    #[test]
    fn razz_counts_the_highest_card_first_then_down() {
        let a = razz_low(&cards("8c 7d 3h 2s Ac")).expect("low");
        let b = razz_low(&cards("8c 6d 5h 4s 3c")).expect("low");
        // 8-7-3-2-A against 8-6-5-4-3: the second card decides, six beats seven.
        assert!(b.beats(&a), "{} vs {}", a.en, b.en);
    }

    #[test]
    fn razz_plays_a_pair_only_when_it_must() {
        let paired = razz_low(&cards("Kc Kd Qh Qs Jc Jd 9h")).expect("low");
        // Seven cards of four ranks: five of them hold one pair at least, and one is enough:
        // the lowest pair with the other three ranks.
        assert_eq!(paired.kind, LowKind::OnePair);
        assert_eq!(paired.en, "Pair, Jacks (J-J-K-Q-9)");
        let two = razz_low(&cards("Kc Kd Qh Qs 9h")).expect("low");
        assert_eq!(two.en, "Two Pair (K-K-Q-Q-9)");
        assert!(paired.beats(&two));
        let pair = razz_low(&cards("Kc Kd 8h 5s 3c")).expect("low");
        assert_eq!(pair.en, "Pair, Kings (K-K-8-5-3)");
        assert_eq!(pair.de, "Paar, Könige (K-K-8-5-3)");
        let king_high = razz_low(&cards("Kc Qd Jh Ts 9c")).expect("low");
        assert!(king_high.beats(&pair), "no pair beats any pair");
    }

    #[test]
    fn eight_or_better_needs_five_ranks_of_eight_or_less() {
        assert_eq!(
            eight_or_better_low(&cards("9c 7d 6h 4s 3c Kd Kh")).expect("ok"),
            None,
            "only four cards of eight or less"
        );
        let low = eight_or_better_low(&cards("8c 7d 6h 4s 3c 3d Kh"))
            .expect("ok")
            .expect("qualifies");
        assert_eq!(low.en, "8-7-6-4-3 low");
        assert_eq!(
            eight_or_better_low(&cards("Ac Ad 2h 2s 3c 3d Kh")).expect("ok"),
            None,
            "three ranks only"
        );
    }

    #[test]
    fn bad_input_names_the_range() {
        assert_eq!(
            razz_low(&cards("Ac 2d 3h 4s")),
            Err(EvalError::StudCount { got: 4 })
        );
        let mut twice = cards("Ac 3h 4s 5c");
        twice.push(twice[0]);
        let e = razz_low(&twice).expect_err("twice");
        assert_eq!(e.to_string(), "card Ac appears twice");
    }
}
