//! The checked entry points: validate the cards, evaluate, and explain the result.

use floorbook_cards::{Card, CardSet};
use serde::Serialize;
use thiserror::Error;

use crate::describe::{describe, order_five};
use crate::{Category, HandKey, Strength, omaha};

/// Which rules pick the five cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Game {
    /// Two hole cards and three to five board cards; any 0, 1 or 2 hole cards may play (NOB-1).
    Holdem,
    /// Four hole cards and three to five board cards; exactly two hole and three board cards
    /// play (GCB-12, PLO).
    Omaha,
    /// Exactly five cards, all of which play.
    FiveCard,
}

/// Cards that cannot be evaluated. Nothing is guessed: the message says what was expected.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EvalError {
    #[error("{game} takes exactly {expected} hole cards ({rule}); got {got}")]
    HoleCount {
        game: &'static str,
        expected: usize,
        got: usize,
        rule: &'static str,
    },
    #[error("{game} takes 3 to 5 board cards; got {got}")]
    BoardCount { game: &'static str, got: usize },
    #[error("a five-card hand takes exactly 5 cards; got {got}")]
    FiveCount { got: usize },
    #[error("card {card} appears twice")]
    DuplicateCard { card: Card },
    #[error("there are no five cards to choose from")]
    NoFiveCards,
    #[error("a stud hand has 5 to 7 cards; got {got}")]
    StudCount { got: usize },
}

/// The result of evaluating one player's hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evaluation {
    pub category: Category,
    pub strength: Strength,
    /// The five cards that play, in the order a dealer would read them out.
    pub best: [Card; 5],
    /// English description, e.g. "Full House, Kings over Fives".
    pub en: String,
    /// German description, e.g. "Full House, Könige über Fünfen".
    pub de: String,
}

/// How a dealer reads it out: "Full House, Kings over Fives — Kh Kd Ks 5c 5h (Full House,
/// Könige über Fünfen)".
impl std::fmt::Display for Evaluation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let best: Vec<String> = self.best.iter().map(ToString::to_string).collect();
        write!(f, "{} — {} ({})", self.en, best.join(" "), self.de)
    }
}

/// Evaluates `hole` with `board` under `game`'s rules.
pub fn evaluate(game: Game, hole: &[Card], board: &[Card]) -> Result<Evaluation, EvalError> {
    match game {
        Game::Holdem => evaluate_holdem(hole, board),
        Game::Omaha => evaluate_omaha(hole, board),
        Game::FiveCard => {
            let mut all = hole.to_vec();
            all.extend_from_slice(board);
            evaluate_five(&all)
        }
    }
}

/// Hold'em: the best five of the two hole cards and the board (NOB-1).
pub fn evaluate_holdem(hole: &[Card], board: &[Card]) -> Result<Evaluation, EvalError> {
    check_counts("Hold'em", hole, 2, "NOB-1", board)?;
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    let mut best: Option<(Strength, [Card; 5])> = None;
    crate::reference::for_each_five(all.len(), |pick| {
        let five = pick.map(|i| all[i]);
        consider(&mut best, five);
    });
    finish(best)
}

/// Omaha: exactly two of the four hole cards with exactly three of the board (GCB-12, PLO).
pub fn evaluate_omaha(hole: &[Card], board: &[Card]) -> Result<Evaluation, EvalError> {
    check_counts("Omaha", hole, 4, "GCB-12", board)?;
    let mut best: Option<(Strength, [Card; 5])> = None;
    omaha::for_each_two_plus_three(hole, board, |two, three| {
        consider(&mut best, [two[0], two[1], three[0], three[1], three[2]]);
    });
    finish(best)
}

/// Seven-card stud high: the best five of a player's five to seven cards (a community card
/// counted among them when the stub ran short, TDA-RP-10 H).
pub fn evaluate_stud(cards: &[Card]) -> Result<Evaluation, EvalError> {
    if !(5..=7).contains(&cards.len()) {
        return Err(EvalError::StudCount { got: cards.len() });
    }
    check_distinct(cards)?;
    let mut best: Option<(Strength, [Card; 5])> = None;
    crate::reference::for_each_five(cards.len(), |pick| {
        consider(&mut best, pick.map(|i| cards[i]));
    });
    finish(best)
}

/// Five cards, all of which play.
pub fn evaluate_five(cards: &[Card]) -> Result<Evaluation, EvalError> {
    let five: [Card; 5] = cards
        .try_into()
        .map_err(|_| EvalError::FiveCount { got: cards.len() })?;
    check_distinct(&five)?;
    let mut best = None;
    consider(&mut best, five);
    finish(best)
}

fn consider(best: &mut Option<(Strength, [Card; 5])>, five: [Card; 5]) {
    let s = HandKey::of(&five).strength();
    if best.is_none_or(|(b, _)| s > b) {
        *best = Some((s, five));
    }
}

fn finish(best: Option<(Strength, [Card; 5])>) -> Result<Evaluation, EvalError> {
    // Every caller has checked the counts, so there is always a five-card choice.
    let (strength, five) = best.ok_or(EvalError::NoFiveCards)?;
    let best = order_five(five);
    let (en, de) = describe(best);
    Ok(Evaluation {
        category: strength.category(),
        strength,
        best,
        en,
        de,
    })
}

fn check_counts(
    game: &'static str,
    hole: &[Card],
    expected: usize,
    rule: &'static str,
    board: &[Card],
) -> Result<(), EvalError> {
    if hole.len() != expected {
        return Err(EvalError::HoleCount {
            game,
            expected,
            got: hole.len(),
            rule,
        });
    }
    if !(3..=5).contains(&board.len()) {
        return Err(EvalError::BoardCount {
            game,
            got: board.len(),
        });
    }
    let all: Vec<Card> = hole.iter().chain(board).copied().collect();
    check_distinct(&all)
}

fn check_distinct(cards: &[Card]) -> Result<(), EvalError> {
    let mut seen = CardSet::EMPTY;
    for &card in cards {
        if !seen.insert(card) {
            return Err(EvalError::DuplicateCard { card });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use floorbook_cards::parse_cards;

    fn cards(s: &str) -> Vec<Card> {
        parse_cards(s).expect("test cards")
    }

    fn holdem(hole: &str, board: &str) -> Evaluation {
        evaluate_holdem(&cards(hole), &cards(board)).expect("valid hand")
    }

    fn omaha(hole: &str, board: &str) -> Evaluation {
        evaluate_omaha(&cards(hole), &cards(board)).expect("valid hand")
    }

    fn best(e: &Evaluation) -> String {
        e.best.map(|c| c.to_string()).join(" ")
    }

    #[test]
    fn royal_flush_from_the_issue_example() {
        let e = holdem("Ah Kh", "Qh Jh Th 2c 3d");
        assert_eq!(e.category, Category::StraightFlush);
        assert_eq!(best(&e), "Ah Kh Qh Jh Th");
        assert_eq!(e.en, "Royal Flush");
    }

    #[test]
    fn full_house_described_in_both_languages() {
        let e = holdem("Kh Kd", "Ks 5c 5d 2h 9s");
        assert_eq!(e.category, Category::FullHouse);
        assert_eq!(e.en, "Full House, Kings over Fives");
        assert_eq!(e.de, "Full House, Könige über Fünfen");
        assert_eq!(best(&e), "Kh Kd Ks 5c 5d");
    }

    #[test]
    fn nob_1_the_board_may_play_alone() {
        let e = holdem("2c 3d", "Ah Kh Qh Jh Th");
        assert_eq!(e.category, Category::StraightFlush);
        assert_eq!(best(&e), "Ah Kh Qh Jh Th");
    }

    #[test]
    fn nob_1_one_hole_card_may_play() {
        let e = holdem("As 2d", "Ah Ad Kc 7s 4h");
        assert_eq!(e.category, Category::ThreeOfAKind);
        assert_eq!(best(&e), "As Ah Ad Kc 7s");
    }

    #[test]
    fn nob_2_wheel_is_a_straight_five_high() {
        let e = holdem("Ah 2c", "3d 4s 5h Kc 9d");
        assert_eq!(e.category, Category::Straight);
        assert_eq!(best(&e), "5h 4s 3d 2c Ah");
        assert_eq!(e.en, "Straight, Five high");
        assert_eq!(e.de, "Straße, Fünf hoch");
        let six_high = holdem("6h 2c", "3d 4s 5h Kc 9d");
        assert!(six_high.strength > e.strength);
    }

    #[test]
    fn nob_2_no_wrap_around_straight() {
        let e = evaluate_five(&cards("Kh As 2d 3c 4s")).expect("five");
        assert_eq!(e.category, Category::HighCard);
    }

    #[test]
    fn gcb_12_omaha_four_suited_board_and_one_suited_hole_card_is_no_flush() {
        let e = omaha("Ah Kc Qd 2s", "3h 7h 9h Jh 4c");
        assert_ne!(e.category, Category::Flush);
        assert_eq!(e.category, Category::HighCard);
        // Two hearts in the hand do make it.
        let f = omaha("Ah 2h Qd 2s", "3h 7h 9h Jh 4c");
        assert_eq!(f.category, Category::Flush);
        assert_eq!(best(&f), "Ah Jh 9h 7h 2h");
    }

    #[test]
    fn gcb_12_omaha_board_trips_with_a_hole_pair_is_a_full_house() {
        let e = omaha("Kc Kd 2s 3h", "9h 9c 9d 4s 7c");
        assert_eq!(e.category, Category::FullHouse);
        assert_eq!(e.en, "Full House, Nines over Kings");
        assert_eq!(best(&e), "9h 9c 9d Kc Kd");
    }

    #[test]
    fn gcb_12_omaha_board_straight_does_not_play_without_two_hole_cards() {
        let e = omaha("Ac Ad 2s 2h", "5h 6c 7d 8s 9c");
        assert_eq!(e.category, Category::Pair);
        assert_eq!(e.en, "Pair, Aces, kickers Nine, Eight, Seven");
        // Two hole cards that fit the board's low end make the seven-high straight.
        let s = omaha("4c 3d Ks Kh", "5h 6c 7d 8s 9c");
        assert_eq!(s.category, Category::Straight);
        assert_eq!(best(&s), "7d 6c 5h 4c 3d");
    }

    #[test]
    fn omaha_board_of_three_plays_whole() {
        let e = omaha("Ac Kd 2s 7h", "Qh Jc Tc");
        assert_eq!(e.category, Category::Straight);
    }

    #[test]
    fn bad_counts_and_duplicates_are_named() {
        assert_eq!(
            evaluate_holdem(&cards("Ah"), &cards("2c 3c 4c")),
            Err(EvalError::HoleCount {
                game: "Hold'em",
                expected: 2,
                got: 1,
                rule: "NOB-1"
            })
        );
        let err = evaluate_omaha(&cards("Ah Kh Qh"), &cards("2c 3c 4c")).expect_err("three");
        assert_eq!(
            err.to_string(),
            "Omaha takes exactly 4 hole cards (GCB-12); got 3"
        );
        assert_eq!(
            evaluate_holdem(&cards("Ah Kh"), &cards("2c 3c")),
            Err(EvalError::BoardCount {
                game: "Hold'em",
                got: 2
            })
        );
        assert_eq!(
            evaluate_holdem(&cards("Ah Kh"), &cards("2c 3c 4c 5c 6c 7c")),
            Err(EvalError::BoardCount {
                game: "Hold'em",
                got: 6
            })
        );
        let ah: Card = "Ah".parse().expect("card");
        assert_eq!(
            evaluate_holdem(&cards("Ah Kh"), &cards("Ah 3c 4c")),
            Err(EvalError::DuplicateCard { card: ah })
        );
        assert_eq!(
            evaluate_five(&cards("Ah Kh")),
            Err(EvalError::FiveCount { got: 2 })
        );
    }
}
