//! TR-15: the chip race. Chips of a denomination leaving play are exchanged up where a player
//! has enough of them; the odd ones left over are raced: one card per chip, dealt from the
//! first seat left of the button, the highest card wins. What is raced for depends on how many
//! chips are raced in all (TR-15.3).

use std::collections::BTreeMap;

use floorbook_cards::Card;
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::seating::PlayerId;

/// What a player holds of the denomination being raced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Holding {
    pub player: PlayerId,
    pub chips: u64,
}

/// The outcome: each player's change in chips, the chips raced, and who won what.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RaceResult {
    /// (player, value exchanged up, odd chips raced).
    pub exchanged: Vec<(PlayerId, u64, u64)>,
    /// The prizes raced for, highest first (TR-15.3).
    pub prizes: Vec<u64>,
    /// (prize, winner, the winning card).
    pub winners: Vec<(u64, PlayerId, Card)>,
    /// Net change of each player's stack (exchange keeps value; prizes add, raced chips go).
    /// Stored as `[[player, change], …]`: JSON object keys are strings, which a number does
    /// not read back from inside a tagged event.
    #[serde(with = "as_pairs")]
    pub delta: BTreeMap<PlayerId, i64>,
    pub rules: RuleSet,
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum RaceError {
    #[error("TR-15.3 has no exchange for {0}s")]
    Denomination(u64),
    #[error("the race needs one card per odd chip ({needed}); {got} were dealt")]
    Cards { needed: u64, got: usize },
    #[error("a card was dealt twice in the race")]
    DuplicateCard,
}

/// TR-15.3: how many of `denomination` make the next chip up, and what `raced` odd chips are
/// raced for.
fn exchange(denomination: u64, raced: u64) -> Result<(u64, Vec<u64>), RaceError> {
    Ok(match denomination {
        // Ten 10s make a 100; up to ten odd 10s race for a 100, over ten for a 500.
        10 => (
            10,
            if raced == 0 {
                vec![]
            } else if raced <= 10 {
                vec![100]
            } else {
                vec![500]
            },
        ),
        // Two 50s make a 100; up to two race for a 100, three to ten for a 500, more for 1,000.
        50 => (
            2,
            match raced {
                0 => vec![],
                1..=2 => vec![100],
                3..=10 => vec![500],
                _ => vec![1000],
            },
        ),
        // Ten 100s make a 1,000; up to ten race for a 1,000, eleven to fifteen for a 1,000
        // and a 500, more for two 1,000s.
        100 => (
            10,
            match raced {
                0 => vec![],
                1..=10 => vec![1000],
                11..=15 => vec![1000, 500],
                _ => vec![1000, 1000],
            },
        ),
        d => return Err(RaceError::Denomination(d)),
    })
}

/// The value order of race cards: rank, then suit (spades high), so every race has a winner.
fn race_value(c: Card) -> (u8, u8) {
    (c.rank().index(), c.suit().index())
}

/// Races `denomination` off the table. `holdings` are in seat order from the first seat left
/// of the button; `cards` are the cards dealt, one per odd chip, in the same order (the
/// recorded input). A player wins at most one prize.
pub fn chip_race(
    denomination: u64,
    holdings: &[Holding],
    cards: &[Card],
) -> Result<RaceResult, RaceError> {
    let (ratio, _) = exchange(denomination, 0)?;
    let mut exchanged = Vec::new();
    let mut owners: Vec<PlayerId> = Vec::new();
    for h in holdings {
        let up = h.chips / ratio * ratio;
        let odd = h.chips - up;
        exchanged.push((h.player, up * denomination, odd));
        owners.extend(std::iter::repeat_n(h.player, odd as usize));
    }
    let raced = owners.len() as u64;
    if cards.len() as u64 != raced {
        return Err(RaceError::Cards {
            needed: raced,
            got: cards.len(),
        });
    }
    let distinct: std::collections::HashSet<Card> = cards.iter().copied().collect();
    if distinct.len() != cards.len() {
        return Err(RaceError::DuplicateCard);
    }
    let (_, prizes) = exchange(denomination, raced)?;
    let mut ranked: Vec<(Card, PlayerId)> =
        cards.iter().copied().zip(owners.iter().copied()).collect();
    ranked.sort_by_key(|(c, _)| std::cmp::Reverse(race_value(*c)));
    let mut winners = Vec::new();
    let mut has_won: Vec<PlayerId> = Vec::new();
    for &prize in &prizes {
        if let Some(&(card, player)) = ranked.iter().find(|(_, p)| !has_won.contains(p)) {
            winners.push((prize, player, card));
            has_won.push(player);
        }
    }
    let mut delta: BTreeMap<PlayerId, i64> = BTreeMap::new();
    for (p, _, odd) in &exchanged {
        *delta.entry(*p).or_default() -= (*odd * denomination) as i64;
    }
    for (prize, p, _) in &winners {
        *delta.entry(*p).or_default() += *prize as i64;
    }
    Ok(RaceResult {
        exchanged,
        prizes,
        winners,
        delta,
        rules: RuleSet::of(&[Rule::Tr15]),
    })
}

/// A map as a list of pairs, for maps keyed by numbers.
mod as_pairs {
    use std::collections::BTreeMap;

    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<K: Serialize + Ord, V: Serialize, S: Serializer>(
        map: &BTreeMap<K, V>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        s.collect_seq(map.iter())
    }

    pub fn deserialize<'de, K, V, D>(d: D) -> Result<BTreeMap<K, V>, D::Error>
    where
        K: Deserialize<'de> + Ord,
        V: Deserialize<'de>,
        D: Deserializer<'de>,
    {
        Ok(Vec::<(K, V)>::deserialize(d)?.into_iter().collect())
    }
}
