//! Forms a hand was stored in before stud became a variant of the one [`crate::Hand`]: a
//! stud hand's rules, set-up and community card as its own engine kept them. Only stored
//! replay snapshots of such a hand reach this module; a new hand is stored in today's form.

use floorbook_cards::Card;
use serde::{Deserialize, Deserializer};

use crate::hand::Board;
use crate::{
    Chips, HandRules, HandSetup, IrregularityRules, LastLiveHand, OddChip, OutOfTurnRule, StudGame,
};

/// A stud hand's rules as stored before.
#[derive(Deserialize)]
struct StudRules {
    game: StudGame,
    bring_in: Chips,
    small_bet: Chips,
    big_bet: Chips,
    cap: Option<u32>,
    odd_chip: OddChip,
    chip_unit: Chips,
    ante_trimming: bool,
    last_live_hand: LastLiveHand,
    #[serde(default = "binding")]
    out_of_turn: OutOfTurnRule,
    live: bool,
}

fn binding() -> OutOfTurnRule {
    OutOfTurnRule::Binding
}

/// A stud hand's set-up as stored before.
#[derive(Deserialize)]
struct StudSetup {
    stacks: Vec<Chips>,
    antes: Vec<Chips>,
    #[serde(default)]
    carried: Chips,
    #[serde(default)]
    absent: Vec<bool>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Rules {
    Now(HandRules),
    Stud(StudRules),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Setup {
    Now(HandSetup),
    Stud(StudSetup),
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Cards {
    Board(Board),
    Community(Option<Card>),
}

/// The hand's rules: today's, or a stud hand's of before.
pub(crate) fn rules<'de, D: Deserializer<'de>>(d: D) -> Result<HandRules, D::Error> {
    Ok(match Rules::deserialize(d)? {
        Rules::Now(r) => r,
        Rules::Stud(r) => HandRules {
            raise_cap: r.cap,
            odd_chip: r.odd_chip,
            chip_unit: r.chip_unit,
            ante_trimming: r.ante_trimming,
            last_live_hand: r.last_live_hand,
            irregularities: IrregularityRules {
                out_of_turn: r.out_of_turn,
                ..IrregularityRules::default()
            },
            live: r.live,
            ..HandRules::fixed_limit_stud(r.game, r.bring_in, r.small_bet, r.big_bet)
        },
    })
}

/// The hand's set-up: today's, or a stud hand's of before (no blinds).
pub(crate) fn setup<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<std::sync::Arc<HandSetup>, D::Error> {
    Ok(std::sync::Arc::new(match Setup::deserialize(d)? {
        Setup::Now(s) => s,
        Setup::Stud(s) => HandSetup {
            blinds: Vec::new(),
            dead_blinds: Vec::new(),
            first_to_act: None,
            stacks: s.stacks,
            antes: s.antes,
            carried: s.carried,
            absent: s.absent,
        },
    }))
}

/// The board: a list of cards, or a stud hand's community card of before (none or one).
pub(crate) fn board<'de, D: Deserializer<'de>>(d: D) -> Result<Board, D::Error> {
    Ok(match Cards::deserialize(d)? {
        Cards::Board(b) => b,
        Cards::Community(c) => c.into_iter().collect(),
    })
}
