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
    check_permutation(draw, n)?;
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

/// PLO-3 with PLO-1 and PLO-4: players who reserved a table (`reserved[i]`, binding) sit at
/// it; walk-ins are drawn into the seats that remain. The tables are filled as evenly as the
/// reservations allow: each table first gets its even share (as [`draw_seats`] deals the seat
/// cards), a table with more reservations than its share gets them all, and the seats it
/// takes over its share come off the tables with the most seats left for walk-ins (the
/// highest number among equals). At each table the players who reserved it take its first
/// seats in the order of their draw; the walk-ins then take the remaining seat cards (seat 1
/// of each table, then seat 2, …) in the order of theirs. A reservation for a table that does
/// not play (fewer players came than the reservation was made for) is drawn like a walk-in.
/// `draw` is a permutation of `0..players` as for [`draw_seats`]; `seats` the table size.
pub fn draw_seats_reserved(
    players: &[PlayerId],
    reserved: &[Option<TableNo>],
    tables: u32,
    seats: u32,
    draw: &[u32],
) -> Result<SeatDraw, SeatingError> {
    let n = players.len();
    check_permutation(draw, n)?;
    if tables == 0 || reserved.len() != n {
        return Err(SeatingError::NoTables);
    }
    let t = tables as usize;
    let reserved: Vec<Option<usize>> = reserved
        .iter()
        .map(|r| r.map(|x| x.0 as usize).filter(|x| (1..=t).contains(x)))
        .collect();
    let mut size: Vec<usize> = (0..t).map(|k| n / t + usize::from(k < n % t)).collect();
    let mut held = vec![0usize; t];
    for r in reserved.iter().flatten() {
        held[r - 1] += 1;
    }
    if held.iter().any(|h| *h > seats as usize) {
        return Err(SeatingError::Overfull { seats });
    }
    for k in 0..t {
        while size[k] < held[k] {
            // The table with the most seats left for walk-ins gives one up.
            let giver = (0..t)
                .filter(|j| size[*j] > held[*j])
                .max_by_key(|j| (size[*j] - held[*j], *j))
                .ok_or(SeatingError::Overfull { seats })?;
            size[giver] -= 1;
            size[k] += 1;
        }
    }
    // Players by their draw: the lowest card first.
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|i| draw[*i]);
    let mut taken = vec![0usize; t];
    let mut out = vec![(PlayerId(0), TableNo(0), SeatNo(0)); n];
    for &i in &order {
        if let Some(k) = reserved[i] {
            taken[k - 1] += 1;
            out[i] = (players[i], TableNo(k as u32), SeatNo(taken[k - 1] as u32));
        }
    }
    let widest = size.iter().copied().max().unwrap_or(0);
    let mut free = Vec::with_capacity(n);
    for s in 1..=widest {
        for k in 0..t {
            if s > taken[k] && s <= size[k] {
                free.push((TableNo(k as u32 + 1), SeatNo(s as u32)));
            }
        }
    }
    let mut next = free.into_iter();
    for &i in &order {
        if reserved[i].is_none() {
            let (table, seat) = next.next().ok_or(SeatingError::Overfull { seats })?;
            out[i] = (players[i], table, seat);
        }
    }
    Ok(SeatDraw {
        seats: out,
        draw: draw.to_vec(),
        rules: RuleSet::of(&[Rule::Plo3, Rule::Plo4]),
    })
}

/// `draw` is a permutation of `0..n`: one seat card per player.
fn check_permutation(draw: &[u32], n: usize) -> Result<(), SeatingError> {
    let mut sorted: Vec<u32> = draw.to_vec();
    sorted.sort_unstable();
    if draw.len() != n || sorted.iter().enumerate().any(|(i, &d)| d as usize != i) {
        return Err(SeatingError::NotAPermutation { players: n });
    }
    Ok(())
}

/// A seating decision that cannot be made. Serialized as its `code` and `args`, as the
/// tournament's refusals are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum SeatingError {
    #[error("the seat draw must be a permutation of 0..{players}, one seat card per player")]
    NotAPermutation { players: usize },
    #[error("there must be at least one table")]
    NoTables,
    #[error("more players reserved a table than its {seats} seats")]
    Overfull { seats: u32 },
    #[error("the button draw needs one card per seated player, all different")]
    BadButtonDraw,
    #[error("a seat beyond the table")]
    SeatBeyondTable,
    #[error(
        "NOB-10: before the table's first hand every player at it draws one card: one card for each of seats {seats:?}"
    )]
    EveryPlayerDraws { seats: Vec<u32> },
    #[error(
        "the break draw gives each of the {leaving} leaving players a different free seat, 0 to {last} (TR-17); got {got:?}"
    )]
    BreakDraw {
        leaving: usize,
        last: usize,
        got: Vec<u32>,
    },
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
