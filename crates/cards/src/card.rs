//! `Rank`, `Suit`, `Card` and the card notation.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// A card rank, deuce lowest, ace highest. The ace also plays low in the wheel straight
/// (A-2-3-4-5, NOB-2); that is the evaluator's business, not the rank's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rank {
    Two = 0,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
    Ace,
}

impl Rank {
    /// All ranks from deuce to ace.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with index `i` (0 = deuce … 12 = ace), if there is one.
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// 0 = deuce … 12 = ace.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The one-character notation: `2`…`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn char(self) -> char {
        [
            '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K', 'A',
        ][self as usize]
    }

    fn from_notation(s: &str) -> Option<Rank> {
        let r = match s {
            "2" => Rank::Two,
            "3" => Rank::Three,
            "4" => Rank::Four,
            "5" => Rank::Five,
            "6" => Rank::Six,
            "7" => Rank::Seven,
            "8" => Rank::Eight,
            "9" => Rank::Nine,
            "T" | "t" | "10" => Rank::Ten,
            "J" | "j" => Rank::Jack,
            "Q" | "q" => Rank::Queen,
            "K" | "k" => Rank::King,
            "A" | "a" => Rank::Ace,
            _ => return None,
        };
        Some(r)
    }
}

/// A suit. All suits are equal in value (NOB-2); the order here only fixes the card index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    Clubs = 0,
    Diamonds,
    Hearts,
    Spades,
}

impl Suit {
    /// All suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// 0 = clubs … 3 = spades.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The one-character notation: `c`, `d`, `h`, `s`.
    pub const fn char(self) -> char {
        ['c', 'd', 'h', 's'][self as usize]
    }

    fn from_notation(s: &str) -> Option<Suit> {
        let suit = match s {
            "c" | "C" | "♣" | "♧" => Suit::Clubs,
            "d" | "D" | "♦" | "♢" => Suit::Diamonds,
            "h" | "H" | "♥" | "♡" => Suit::Hearts,
            "s" | "S" | "♠" | "♤" => Suit::Spades,
            _ => return None,
        };
        Some(suit)
    }
}

/// One of the 52 cards, stored as `rank * 4 + suit` (0 = `2c` … 51 = `As`).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// The rank index of each ASCII byte (`2`…`9`, `T`, `J`, `Q`, `K`, `A`, either case); 0xFF
/// for any other byte.
const ASCII_RANK: [u8; 256] = index_of_byte(b"23456789TJQKA");

/// The suit index of each ASCII byte (`c`, `d`, `h`, `s`, either case); 0xFF for any other.
const ASCII_SUIT: [u8; 256] = index_of_byte(b"cdhs");

/// For each byte, its index in `names` (either case), or 0xFF.
const fn index_of_byte(names: &[u8]) -> [u8; 256] {
    let mut t = [0xFFu8; 256];
    let mut i = 0;
    while i < names.len() {
        t[names[i].to_ascii_lowercase() as usize] = i as u8;
        t[names[i].to_ascii_uppercase() as usize] = i as u8;
        i += 1;
    }
    t
}

impl Card {
    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with index `i` (0..52), if there is one.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 52 { Some(Card(i)) } else { None }
    }

    /// `rank * 4 + suit`, in 0..52.
    pub const fn index(self) -> u8 {
        self.0
    }

    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }

    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// The card written as the two ASCII characters `rank` and `suit` (`b'A'`, `b'h'`; upper
    /// or lower case), if they name one. The fast path of bulk readers (PHH replay); the
    /// notation is the one [`FromStr`] accepts, less `10` and the Unicode suit symbols.
    pub const fn from_ascii(rank: u8, suit: u8) -> Option<Card> {
        // One table lookup each; 0xFF marks a byte that names no rank or suit.
        let r = ASCII_RANK[rank as usize];
        let s = ASCII_SUIT[suit as usize];
        if r == 0xFF || s == 0xFF {
            None
        } else {
            Some(Card(r * 4 + s))
        }
    }

    /// All 52 cards in index order (`2c 2d 2h 2s 3c … As`).
    pub fn all() -> impl Iterator<Item = Card> {
        (0..52).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().char(), self.suit().char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A card or a list of cards could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseCardError {
    #[error(
        "unknown card {token:?}: a card is a rank (2-9, T or 10, J, Q, K, A) followed by a suit (c, d, h, s), e.g. \"Ah\" or \"10d\""
    )]
    Unknown { token: String },
    #[error("card {card} appears twice")]
    Duplicate { card: Card },
}

impl FromStr for Card {
    type Err = ParseCardError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let unknown = || ParseCardError::Unknown {
            token: s.to_string(),
        };
        // The suit is the last character (which may be a multi-byte Unicode symbol).
        let (split, _) = s.char_indices().last().ok_or_else(unknown)?;
        let (rank, suit) = s.split_at(split);
        let rank = Rank::from_notation(rank).ok_or_else(unknown)?;
        let suit = Suit::from_notation(suit).ok_or_else(unknown)?;
        Ok(Card::new(rank, suit))
    }
}

/// Reads cards separated by white space or commas (`"Ah Kh"`, `"Ah,Kh"`), or written
/// together (`"AhKh"`, `"10dJd"`). A card named twice is an error.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseCardError> {
    let mut cards = Vec::new();
    let mut seen = crate::CardSet::EMPTY;
    for token in s
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
    {
        for card in split_run(token)? {
            if !seen.insert(card) {
                return Err(ParseCardError::Duplicate { card });
            }
            cards.push(card);
        }
    }
    Ok(cards)
}

/// Splits a run of cards written without separators ("AhKh") into cards: each card ends at
/// its suit character.
fn split_run(token: &str) -> Result<Vec<Card>, ParseCardError> {
    let mut out = Vec::new();
    let mut start = 0;
    for (i, c) in token.char_indices() {
        if Suit::from_notation(c.encode_utf8(&mut [0; 4])).is_some() && i > start {
            let end = i + c.len_utf8();
            out.push(
                token[start..end]
                    .parse::<Card>()
                    .map_err(|_| ParseCardError::Unknown {
                        token: token.to_string(),
                    })?,
            );
            start = end;
        }
    }
    if start != token.len() || out.is_empty() {
        return Err(ParseCardError::Unknown {
            token: token.to_string(),
        });
    }
    Ok(out)
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(s: &str) -> Card {
        s.parse().expect("test card")
    }

    #[test]
    fn notation_round_trips_for_every_card() {
        for c in Card::all() {
            assert_eq!(card(&c.to_string()), c);
        }
        assert_eq!(Card::all().count(), 52);
    }

    #[test]
    fn the_ascii_reader_agrees_with_the_notation() {
        for r in 0..=255u8 {
            for su in 0..=255u8 {
                let text = [r, su];
                let parsed = std::str::from_utf8(&text)
                    .ok()
                    .and_then(|t| t.parse::<Card>().ok());
                assert_eq!(Card::from_ascii(r, su), parsed, "{text:?}");
            }
        }
    }

    #[test]
    fn ten_may_be_written_10_and_t() {
        assert_eq!(card("10d"), card("Td"));
        assert_eq!(card("10d").to_string(), "Td");
    }

    #[test]
    fn index_is_rank_times_four_plus_suit() {
        assert_eq!(card("2c").index(), 0);
        assert_eq!(card("2s").index(), 3);
        assert_eq!(card("As").index(), 51);
        assert_eq!(card("Kh").rank(), Rank::King);
        assert_eq!(card("Kh").suit(), Suit::Hearts);
    }

    #[test]
    fn unicode_suits_are_accepted() {
        assert_eq!(card("A♥"), card("Ah"));
        assert_eq!(card("10♣"), card("Tc"));
    }

    #[test]
    fn unknown_notation_names_the_token() {
        for bad in ["", "A", "h", "1h", "11h", "Ax", "AAh", "Zs", "10", "ü"] {
            let err = bad.parse::<Card>().expect_err(bad);
            assert!(
                matches!(&err, ParseCardError::Unknown { token } if token == bad),
                "{bad}: {err}"
            );
        }
    }

    #[test]
    fn lists_accept_spaces_commas_and_runs() {
        let expect = vec![card("Ah"), card("Kh"), card("Td")];
        assert_eq!(parse_cards("Ah Kh Td").expect("spaces"), expect);
        assert_eq!(parse_cards("Ah,Kh, Td").expect("commas"), expect);
        assert_eq!(parse_cards("AhKh10d").expect("run"), expect);
        assert_eq!(parse_cards("  ").expect("empty"), vec![]);
    }

    #[test]
    fn duplicate_card_is_named() {
        let err = parse_cards("Ah Kh ah").expect_err("duplicate");
        assert_eq!(err, ParseCardError::Duplicate { card: card("Ah") });
        assert_eq!(err.to_string(), "card Ah appears twice");
    }

    #[test]
    fn bad_token_in_a_run_names_the_whole_token() {
        let err = parse_cards("Ah KhXd").expect_err("bad run");
        assert_eq!(
            err,
            ParseCardError::Unknown {
                token: "KhXd".into()
            }
        );
    }

    #[test]
    fn serde_uses_notation() {
        let json = serde_json::to_string(&card("Td")).expect("serialize");
        assert_eq!(json, "\"Td\"");
        let back: Card = serde_json::from_str("\"10d\"").expect("deserialize");
        assert_eq!(back, card("Td"));
        assert!(serde_json::from_str::<Card>("\"Xx\"").is_err());
    }

    proptest::proptest! {
        #[test]
        fn parsing_never_panics(s in "\\PC{0,12}") {
            let _ = s.parse::<Card>();
            let _ = parse_cards(&s);
        }
    }
}
