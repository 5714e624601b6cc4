//! The ace-to-five lows held to PokerKit: 3,000 pairs of random seven-card stud hands (half of
//! them drawn mostly from the low ranks), with PokerKit's verdict on which is the better Razz
//! low, whether each qualifies for the low half of eight or better, and which low is better
//! where both do (`tests/eval/gen_lows.py` wrote them with PokerKit 0.7).

use floorbook_cards::parse_cards;
use floorbook_eval::{eight_or_better_low, razz_low};

#[test]
fn razz_and_eight_or_better_agree_with_pokerkit() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/eval/lows.jsonl");
    let text = std::fs::read_to_string(&path).expect("tests/eval/lows.jsonl");
    let mut both_qualify = 0;
    for (i, line) in text.lines().enumerate() {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        let a = parse_cards(v["a"].as_str().expect("a")).expect("cards");
        let b = parse_cards(v["b"].as_str().expect("b")).expect("cards");
        let (ra, rb) = (razz_low(&a).expect("low"), razz_low(&b).expect("low"));
        let razz = match ra.cmp_low(&rb) {
            std::cmp::Ordering::Less => 1,
            std::cmp::Ordering::Greater => -1,
            std::cmp::Ordering::Equal => 0,
        };
        assert_eq!(
            Some(razz),
            v["razz"].as_i64(),
            "line {}: {} vs {}",
            i + 1,
            ra.en,
            rb.en
        );
        let (ea, eb) = (
            eight_or_better_low(&a).expect("ok"),
            eight_or_better_low(&b).expect("ok"),
        );
        assert_eq!(
            ea.is_some(),
            v["eight_a"] == true,
            "line {}: {:?}",
            i + 1,
            v["a"]
        );
        assert_eq!(
            eb.is_some(),
            v["eight_b"] == true,
            "line {}: {:?}",
            i + 1,
            v["b"]
        );
        if let (Some(x), Some(y)) = (&ea, &eb) {
            both_qualify += 1;
            let eight = match x.cmp_low(y) {
                std::cmp::Ordering::Less => 1,
                std::cmp::Ordering::Greater => -1,
                std::cmp::Ordering::Equal => 0,
            };
            assert_eq!(
                Some(eight),
                v["eight"].as_i64(),
                "line {}: {} vs {}",
                i + 1,
                x.en,
                y.en
            );
        }
    }
    assert!(
        both_qualify > 200,
        "{both_qualify} pairs where both qualify"
    );
}

/// Stud high: the best five of five to seven cards, the same hand Hold'em reads from two and
/// five (every five of seven either way), described in English and German; other counts and
/// a card twice are refused.
#[test]
fn stud_high_is_the_best_five_of_the_players_cards() {
    use floorbook_eval::{EvalError, Game, evaluate, evaluate_stud};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/eval/lows.jsonl");
    let text = std::fs::read_to_string(&path).expect("tests/eval/lows.jsonl");
    for line in text.lines().take(500) {
        let v: serde_json::Value = serde_json::from_str(line).expect("json");
        let cards = parse_cards(v["a"].as_str().expect("a")).expect("cards");
        let stud = evaluate_stud(&cards).expect("seven cards");
        let holdem = evaluate(Game::Holdem, &cards[..2], &cards[2..]).expect("two and five");
        assert_eq!(stud.strength, holdem.strength);
        assert!(!stud.en.is_empty() && !stud.de.is_empty());
        let five = evaluate_stud(&cards[..5]).expect("five cards");
        assert!(
            five.strength <= stud.strength,
            "more cards never make it worse"
        );
    }
    let six = parse_cards("As Ks Qs Js Ts 2d").expect("cards");
    assert_eq!(evaluate_stud(&six).expect("six").en, "Royal Flush");
    let four = parse_cards("As Ks Qs Js").expect("cards");
    assert!(matches!(
        evaluate_stud(&four),
        Err(EvalError::StudCount { got: 4 })
    ));
    let twice: Vec<floorbook_cards::Card> = ["As", "As", "Qs", "Js", "Ts"]
        .iter()
        .map(|c| c.parse().expect("card"))
        .collect();
    assert!(matches!(
        evaluate_stud(&twice),
        Err(EvalError::DuplicateCard { .. })
    ));
}
