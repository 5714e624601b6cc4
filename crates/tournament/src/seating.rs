//! Tables, seats and the button at the start (TR-1, TR-2, PLO-1, PLO-4, NOB-7, NOB-10).

use floorbook_cards::Card;
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::{Profile, TableCount};

/// A registered player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PlayerId(pub u32);

/// A table number, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TableNo(pub u32);

/// A seat number, from 1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct SeatNo(pub u32);

/// How many tables `players` start on, and the rule that says so.
pub fn tables_for(profile: &Profile, players: u32, eight_on_two: bool) -> (u32, RuleSet) {
    let seats = profile.seats_per_table.max(2);
    match profile.seating.tables {
        TableCount::Fill => (players.div_ceil(seats).max(1), RuleSet::of(&[Rule::Tr1])),
        TableCount::Plo1 => {
            let t = match players {
                19.. => 3,
                10..=18 => 2,
                _ => 1,
            };
            (t, RuleSet::of(&[Rule::Plo1]))
        }
        TableCount::Nob7 => {
            let t = match players {
                0..=7 => 1,
                8 => {
                    if eight_on_two {
                        2
                    } else {
                        1
                    }
                }
                n => n.div_ceil(8),
            };
            (t, RuleSet::of(&[Rule::Nob7]))
        }
    }
}

/// Where each player sits, from a random draw of seat cards (TR-1, PLO-4, NOB-7).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatDraw {
    pub seats: Vec<(PlayerId, TableNo, SeatNo)>,
    /// The permutation of seat cards that was drawn (the recorded random input).
    pub draw: Vec<u32>,
    pub rules: RuleSet,
}

/// Seats `players` at `tables` tables as evenly as possible: the seat cards are table 1 seat 1,
/// table 2 seat 1, …, then seat 2 of each table, …; `draw[i]` is the seat card the i-th player
/// drew (a permutation of `0..players`, the recorded random input).
pub fn draw_seats(
    players: &[PlayerId],
    tables: u32,
    draw: &[u32],
) -> Result<SeatDraw, SeatingError> {
    let n = players.len();
    let mut sorted: Vec<u32> = draw.to_vec();
    sorted.sort_unstable();
    if draw.len() != n || sorted.iter().enumerate().any(|(i, &d)| d as usize != i) {
        return Err(SeatingError::NotAPermutation { players: n });
    }
    if tables == 0 {
        return Err(SeatingError::NoTables);
    }
    let cards: Vec<(TableNo, SeatNo)> = (0..n as u32)
        .map(|k| (TableNo(k % tables + 1), SeatNo(k / tables + 1)))
        .collect();
    let seats = players
        .iter()
        .zip(draw)
        .map(|(&p, &d)| (p, cards[d as usize].0, cards[d as usize].1))
        .collect();
    Ok(SeatDraw {
        seats,
        draw: draw.to_vec(),
        rules: RuleSet::of(&[Rule::Tr1, Rule::Plo4]),
    })
}

/// A seating decision that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SeatingError {
    #[error("the seat draw must be a permutation of 0..{players}, one seat card per player")]
    NotAPermutation { players: usize },
    #[error("there must be at least one table")]
    NoTables,
    #[error("the button draw needs one card per seated player, all different")]
    BadButtonDraw,
}

/// The high-card order of a draw: rank, then suit (spades, hearts, diamonds, clubs), so that
/// a draw always has one winner.
fn draw_value(c: Card) -> (u8, u8) {
    let suit = match c.suit() {
        floorbook_cards::Suit::Spades => 3,
        floorbook_cards::Suit::Hearts => 2,
        floorbook_cards::Suit::Diamonds => 1,
        floorbook_cards::Suit::Clubs => 0,
    };
    (c.rank().index(), suit)
}

/// TR-2: the button goes to the seat that draws the high card.
pub fn button_by_high_card(draw: &[(SeatNo, Card)]) -> Result<(SeatNo, RuleSet), SeatingError> {
    let distinct: std::collections::HashSet<Card> = draw.iter().map(|(_, c)| *c).collect();
    if draw.is_empty() || distinct.len() != draw.len() {
        return Err(SeatingError::BadButtonDraw);
    }
    let best = draw
        .iter()
        .max_by_key(|(_, c)| draw_value(*c))
        .map(|(s, _)| *s)
        .ok_or(SeatingError::BadButtonDraw)?;
    Ok((best, RuleSet::of(&[Rule::Tr2])))
}

/// NOB-10: each player draws a card; the highest card deals (the seed leaves which card to
/// "random"; the high card is the usual reading), and the others sit from the lowest card up,
/// starting left of the dealer. Returns the players in seat order, dealer last.
pub fn nob_10_seat_order(
    draw: &[(PlayerId, Card)],
) -> Result<(Vec<PlayerId>, RuleSet), SeatingError> {
    let distinct: std::collections::HashSet<Card> = draw.iter().map(|(_, c)| *c).collect();
    if draw.is_empty() || distinct.len() != draw.len() {
        return Err(SeatingError::BadButtonDraw);
    }
    let mut by_card: Vec<(PlayerId, Card)> = draw.to_vec();
    by_card.sort_by_key(|(_, c)| draw_value(*c));
    let order: Vec<PlayerId> = by_card.iter().map(|(p, _)| *p).collect();
    // The last (highest) is the dealer; the lowest sits left of him: seat order is ascending.
    Ok((order, RuleSet::of(&[Rule::Nob10])))
}
