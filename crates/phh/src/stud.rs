//! Stud files (F7S, F7S/8, FR): their rules and set-up, and writing a stud hand back. The
//! actions are played on the one hand engine by the same loop as every file's
//! ([`crate::replay::play_out`], with its repairs).
//!
//! `p1` is the first seat left of the dealer. PokerKit's conventions: heads-up the antes are
//! read reversed, as in the flop games; the limits are the
//! file's `bring_in`, `small_bet` and `big_bet`, four completions, bets and raises per street;
//! a tie for the best hand showing goes to the first seat (a live table breaks it by suit,
//! TDA-RP-10 D); the odd chip goes whole to the first tied winner, and a hi-lo split's odd
//! chip to the high hand.

use std::fmt::Write as _;

use floorbook_cards::Card;
use floorbook_hand::{
    Chips, Hand, HandEvent, HandRules, HandSetup, LastLiveHand, OddChip, StudGame,
};

use crate::export::{action_line, amount_text, cards_text};
use crate::replay::{Act, ReplayError, deeper_than_every_amount, play_out, read_actions};
use crate::{Number, PhhError, PhhHand, Replay};

/// The outcome of a stud replay.
#[derive(Debug, Clone)]
pub struct StudReplay {
    /// In the hand's scaled units; meaningless where `unknown`.
    pub finishing_stacks: Vec<u64>,
    pub unknown: Vec<bool>,
    pub hand: Hand,
    pub scale: u64,
}

impl StudReplay {
    /// The hand written back as PHH (gaps filled in), unknown stacks as `inf`.
    pub fn export(&self) -> String {
        export_stud_with_unknown(&self.hand, self.scale, &self.unknown)
    }

    /// The finishing stacks in the file's own units.
    pub fn finishing_stacks_as_written(&self) -> Vec<Number> {
        written(&self.finishing_stacks, &self.unknown, self.scale)
    }
}

fn written(stacks: &[u64], unknown: &[bool], scale: u64) -> Vec<Number> {
    stacks
        .iter()
        .enumerate()
        .map(|(i, &s)| match unknown.get(i) {
            Some(true) => Number::Unknown,
            _ => Number::of(s, scale),
        })
        .collect()
}

/// A replayed hand of any supported variant.
// The flop hand holds its seats inline and is returned once per hand replayed: boxing it
// would cost an allocation per hand (a tenth of the replay's time in the PHH bench).
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum AnyReplay {
    /// NT or PO.
    Flop(Replay),
    /// F7S, F7S/8 or FR.
    Stud(Box<StudReplay>),
}

impl AnyReplay {
    pub fn finishing_stacks_as_written(&self) -> Vec<Number> {
        match self {
            AnyReplay::Flop(r) => r.finishing_stacks_as_written(),
            AnyReplay::Stud(r) => r.finishing_stacks_as_written(),
        }
    }

    pub fn export(&self) -> String {
        match self {
            AnyReplay::Flop(r) => r.export(),
            AnyReplay::Stud(r) => r.export(),
        }
    }

    /// The finishing stacks in scaled units.
    pub fn finishing_stacks(&self) -> &[u64] {
        match self {
            AnyReplay::Flop(r) => &r.finishing_stacks,
            AnyReplay::Stud(r) => &r.finishing_stacks,
        }
    }

    /// The players whose stack is unknown (`inf`).
    pub fn unknown(&self) -> &[bool] {
        match self {
            AnyReplay::Flop(r) => &r.unknown,
            AnyReplay::Stud(r) => &r.unknown,
        }
    }

    /// The file's unit in scaled units (1, or 10^k for decimals).
    pub fn scale(&self) -> u64 {
        match self {
            AnyReplay::Flop(r) => r.scale,
            AnyReplay::Stud(r) => r.scale,
        }
    }

    /// Every step of the hand, with its rules.
    pub fn events(&self) -> &[floorbook_hand::HandEvent] {
        match self {
            AnyReplay::Flop(r) => r.hand.events(),
            AnyReplay::Stud(r) => r.hand.events(),
        }
    }
}

/// Replays a hand of any supported variant: a flop game through [`crate::replay`], stud
/// through [`replay_stud`].
pub fn replay_any(phh: &PhhHand<'_>) -> Result<AnyReplay, ReplayError> {
    if phh.stud.is_some() {
        replay_stud(phh).map(|r| AnyReplay::Stud(Box::new(r)))
    } else {
        crate::replay(phh).map(AnyReplay::Flop)
    }
}

/// PokerKit's rules for a stud file.
pub fn stud_rules(phh: &PhhHand<'_>) -> Result<HandRules, PhhError> {
    let game = StudGame::of_phh_variant(&phh.variant)
        .ok_or_else(|| PhhError::Variant(phh.variant.clone()))?;
    let limits = phh.stud.ok_or_else(|| PhhError::Missing {
        field: "bring_in".to_string(),
    })?;
    Ok(HandRules {
        odd_chip: OddChip::WholeRemainderToFirst,
        chip_unit: Chips(phh.scale),
        ante_trimming: phh.ante_trimming,
        last_live_hand: LastLiveHand::PokerKit,
        live: false,
        ..HandRules::fixed_limit_stud(
            game,
            Chips(limits.bring_in),
            Chips(limits.small_bet),
            Chips(limits.big_bet),
        )
    })
}

/// Replays a stud hand (F7S, F7S/8, FR).
pub fn replay_stud(phh: &PhhHand<'_>) -> Result<StudReplay, ReplayError> {
    let rules = stud_rules(phh).map_err(|e| ReplayError::Syntax {
        index: 0,
        action: String::new(),
        reason: e.to_string(),
    })?;
    replay_stud_with(phh, rules)
}

/// Replays a stud hand under `rules` (a seed profile's instead of PokerKit's).
pub fn replay_stud_with(phh: &PhhHand<'_>, rules: HandRules) -> Result<StudReplay, ReplayError> {
    let n = phh.stacks.len();
    let (queue, syntax) = read_actions(phh, n);
    let mut stacks: Vec<Chips> = phh.stacks.iter().map(|&x| Chips(x)).collect();
    if phh.unknown.contains(&true) {
        let bets = queue.iter().filter_map(|(_, _, act)| match act {
            Act::RaiseTo(_, to) => Some(to.0),
            _ => None,
        });
        let limits = phh.stud.map(|l| [l.bring_in, l.small_bet, l.big_bet]);
        let deep = deeper_than_every_amount(phh, bets.chain(limits.into_iter().flatten()));
        for (s, _) in stacks.iter_mut().zip(&phh.unknown).filter(|(_, u)| **u) {
            *s = deep;
        }
    }
    // Heads-up PokerKit reads the antes reversed, in stud as in the flop games.
    let mut antes: Vec<Chips> = phh.antes.iter().map(|&x| Chips(x)).collect();
    if n == 2 {
        antes.reverse();
    }
    let setup = HandSetup {
        blinds: vec![Chips::ZERO; n],
        stacks,
        antes,
        carried: Chips::ZERO,
        dead_blinds: Vec::new(),
        first_to_act: None,
        absent: Vec::new(),
    };
    let mut hand = Hand::new(rules, setup).map_err(ReplayError::Setup)?;
    if let Some(error) = syntax {
        return Err(error);
    }
    play_out(&mut hand, &queue)?;
    Ok(StudReplay {
        finishing_stacks: hand.stacks().iter().map(|c| c.0).collect(),
        unknown: phh.unknown.clone(),
        hand,
        scale: phh.scale,
    })
}

/// The PHH text of a stud hand: its set-up and every action, in order.
pub fn export_stud(hand: &Hand, scale: u64) -> String {
    export_stud_with_unknown(hand, scale, &[])
}

/// As [`export_stud`], the stacks marked in `unknown` written `inf`.
pub fn export_stud_with_unknown(hand: &Hand, scale: u64, unknown: &[bool]) -> String {
    let setup = hand.setup();
    let rules = hand.rules();
    let amount = |c: u64| amount_text(c, scale);
    let list = |v: &[Chips]| -> String {
        let mut items: Vec<String> = v.iter().map(|c| amount(c.0)).collect();
        if v.len() == 2 {
            items.reverse();
        }
        format!("[{}]", items.join(", "))
    };
    let mut out = String::new();
    let game = rules.game.stud().unwrap_or(StudGame::High);
    let limits = rules.limits.unwrap_or(floorbook_hand::FixedLimits {
        bring_in: Chips::ZERO,
        small_bet: Chips::ZERO,
        big_bet: Chips::ZERO,
    });
    let _ = writeln!(out, "variant = \"{}\"", game.phh_variant());
    let _ = writeln!(out, "ante_trimming_status = {}", rules.ante_trimming);
    let _ = writeln!(out, "antes = {}", list(&setup.antes));
    let _ = writeln!(out, "bring_in = {}", amount(limits.bring_in.0));
    let _ = writeln!(out, "small_bet = {}", amount(limits.small_bet.0));
    let _ = writeln!(out, "big_bet = {}", amount(limits.big_bet.0));
    let stacks: Vec<String> = setup
        .stacks
        .iter()
        .enumerate()
        .map(|(i, c)| match unknown.get(i) {
            Some(true) => "inf".to_string(),
            _ => amount(c.0),
        })
        .collect();
    let _ = writeln!(out, "starting_stacks = [{}]", stacks.join(", "));
    let cards = cards_text;
    let mut actions = Vec::new();
    for e in hand.events() {
        let a = match e {
            HandEvent::StudDealt { pos, down, up, .. } => {
                let mut all = down.clone();
                all.extend(up.iter().copied());
                format!("d dh p{} {}", pos.0 + 1, cards(&all))
            }
            HandEvent::BoardDealt { cards: cs, .. } => {
                let known: Vec<Option<Card>> = cs.iter().map(|&c| Some(c)).collect();
                format!("d db {}", cards(&known))
            }
            HandEvent::BringInPosted { pos, .. } => format!("p{} pb", pos.0 + 1),
            other => match action_line(other, scale) {
                Some(a) => a,
                None => continue,
            },
        };
        actions.push(format!("{a:?}"));
    }
    let _ = writeln!(out, "actions = [{}]", actions.join(", "));
    out
}
