//! Reading a five-card hand out: card order and descriptions in English and German.

use floorbook_cards::Card;

use crate::reference::{self, Value};

const EN: [&str; 13] = [
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];
const EN_PLURAL: [&str; 13] = [
    "Twos", "Threes", "Fours", "Fives", "Sixes", "Sevens", "Eights", "Nines", "Tens", "Jacks",
    "Queens", "Kings", "Aces",
];
const DE: [&str; 13] = [
    "Zwei", "Drei", "Vier", "Fünf", "Sechs", "Sieben", "Acht", "Neun", "Zehn", "Bube", "Dame",
    "König", "Ass",
];
/// Nominative plural ("Könige über …").
const DE_PLURAL: [&str; 13] = [
    "Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen", "Achten", "Neunen", "Zehnen",
    "Buben", "Damen", "Könige", "Asse",
];
/// Dative plural ("… über Königen"), which differs only for kings and aces.
const DE_PLURAL_DATIVE: [&str; 13] = [
    "Zweien", "Dreien", "Vieren", "Fünfen", "Sechsen", "Siebenen", "Achten", "Neunen", "Zehnen",
    "Buben", "Damen", "Königen", "Assen",
];

fn value_of(five: [Card; 5]) -> Value {
    let suited = five.iter().all(|c| c.suit() == five[0].suit());
    reference::classify_five(five.map(|c| c.rank().index()), suited)
}

/// The five cards in reading order: larger groups first, higher ranks first; a straight from
/// its top card down, the wheel as 5-4-3-2-A. Cards of one rank keep their given order.
pub(crate) fn order_five(mut five: [Card; 5]) -> [Card; 5] {
    let (category, tiebreak) = value_of(five);
    let straight = matches!(category, reference::STRAIGHT | reference::STRAIGHT_FLUSH);
    if straight && tiebreak[0] == 3 {
        // The wheel: the ace plays low.
        five.sort_by_key(|c| std::cmp::Reverse((c.rank().index() + 1) % 13));
        return five;
    }
    let mut counts = [0u8; 13];
    for c in five {
        counts[c.rank().index() as usize] += 1;
    }
    five.sort_by_key(|c| {
        let r = c.rank().index();
        std::cmp::Reverse((counts[r as usize], r))
    });
    five
}

/// English and German descriptions of five cards, e.g. ("Full House, Kings over Fives",
/// "Full House, Könige über Fünfen").
pub(crate) fn describe(five: [Card; 5]) -> (String, String) {
    let (category, t) = value_of(five);
    let [a, b, c, d, e] = t.map(usize::from);
    let en_run = |rs: &[usize]| rs.iter().map(|&r| EN[r]).collect::<Vec<_>>().join("-");
    let de_run = |rs: &[usize]| rs.iter().map(|&r| DE[r]).collect::<Vec<_>>().join("-");
    match category {
        reference::STRAIGHT_FLUSH if a == 12 => ("Royal Flush".into(), "Royal Flush".into()),
        reference::STRAIGHT_FLUSH => (
            format!("Straight Flush, {} high", EN[a]),
            format!("Straight Flush, {} hoch", DE[a]),
        ),
        reference::FOUR_OF_A_KIND => (
            format!("Four of a Kind, {}, kicker {}", EN_PLURAL[a], EN[b]),
            format!("Vierling, {}, Beikarte {}", DE_PLURAL[a], DE[b]),
        ),
        reference::FULL_HOUSE => (
            format!("Full House, {} over {}", EN_PLURAL[a], EN_PLURAL[b]),
            format!("Full House, {} über {}", DE_PLURAL[a], DE_PLURAL_DATIVE[b]),
        ),
        reference::FLUSH => (
            format!("Flush, {}", en_run(&[a, b, c, d, e])),
            format!("Flush, {}", de_run(&[a, b, c, d, e])),
        ),
        reference::STRAIGHT => (
            format!("Straight, {} high", EN[a]),
            format!("Straße, {} hoch", DE[a]),
        ),
        reference::THREE_OF_A_KIND => (
            format!(
                "Three of a Kind, {}, kickers {}, {}",
                EN_PLURAL[a], EN[b], EN[c]
            ),
            format!("Drilling, {}, Beikarten {}, {}", DE_PLURAL[a], DE[b], DE[c]),
        ),
        reference::TWO_PAIR => (
            format!(
                "Two Pair, {} and {}, kicker {}",
                EN_PLURAL[a], EN_PLURAL[b], EN[c]
            ),
            format!(
                "Zwei Paare, {} und {}, Beikarte {}",
                DE_PLURAL[a], DE_PLURAL[b], DE[c]
            ),
        ),
        reference::PAIR => (
            format!(
                "Pair, {}, kickers {}, {}, {}",
                EN_PLURAL[a], EN[b], EN[c], EN[d]
            ),
            format!(
                "Paar, {}, Beikarten {}, {}, {}",
                DE_PLURAL[a], DE[b], DE[c], DE[d]
            ),
        ),
        _ => (
            format!("High Card, {}", en_run(&[a, b, c, d, e])),
            format!("Höchste Karte, {}", de_run(&[a, b, c, d, e])),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floorbook_cards::parse_cards;

    /// One `check(cards, en, de, order)` per line: a new case is a new line.
    fn check(cards: &str, en: &str, de: &str, order: &str) {
        let five: [Card; 5] = parse_cards(cards)
            .expect("cards")
            .try_into()
            .expect("five cards");
        let ordered = order_five(five);
        assert_eq!(
            describe(ordered),
            (en.to_string(), de.to_string()),
            "{cards}"
        );
        assert_eq!(ordered.map(|c| c.to_string()).join(" "), order, "{cards}");
    }

    #[test]
    fn every_category_reads_out_in_english_and_german() {
        check(
            "Th Jh Qh Kh Ah",
            "Royal Flush",
            "Royal Flush",
            "Ah Kh Qh Jh Th",
        );
        check(
            "Ad 2d 3d 4d 5d",
            "Straight Flush, Five high",
            "Straight Flush, Fünf hoch",
            "5d 4d 3d 2d Ad",
        );
        check(
            "9c 9d 9h 9s Kd",
            "Four of a Kind, Nines, kicker King",
            "Vierling, Neunen, Beikarte König",
            "9c 9d 9h 9s Kd",
        );
        check(
            "5c Kh 5d Kd Ks",
            "Full House, Kings over Fives",
            "Full House, Könige über Fünfen",
            "Kh Kd Ks 5c 5d",
        );
        check(
            "5c 5h 5d Ac As",
            "Full House, Fives over Aces",
            "Full House, Fünfen über Assen",
            "5c 5h 5d Ac As",
        );
        check(
            "2s 9s Js As 7s",
            "Flush, Ace-Jack-Nine-Seven-Two",
            "Flush, Ass-Bube-Neun-Sieben-Zwei",
            "As Js 9s 7s 2s",
        );
        check(
            "Tc Jd Qh Ks Ac",
            "Straight, Ace high",
            "Straße, Ass hoch",
            "Ac Ks Qh Jd Tc",
        );
        check(
            "7c 7d 7h Ac 2d",
            "Three of a Kind, Sevens, kickers Ace, Two",
            "Drilling, Siebenen, Beikarten Ass, Zwei",
            "7c 7d 7h Ac 2d",
        );
        check(
            "5c 5d Kh Ks Qd",
            "Two Pair, Kings and Fives, kicker Queen",
            "Zwei Paare, Könige und Fünfen, Beikarte Dame",
            "Kh Ks 5c 5d Qd",
        );
        check(
            "Ac Ad 9s 8s 7c",
            "Pair, Aces, kickers Nine, Eight, Seven",
            "Paar, Asse, Beikarten Neun, Acht, Sieben",
            "Ac Ad 9s 8s 7c",
        );
        check(
            "Kc 2d 9s 8s 7c",
            "High Card, King-Nine-Eight-Seven-Two",
            "Höchste Karte, König-Neun-Acht-Sieben-Zwei",
            "Kc 9s 8s 7c 2d",
        );
    }
}
