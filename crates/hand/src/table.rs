//! The hand at a table, whatever the game: a flop game's [`Hand`] or a [`StudHand`].

use floorbook_cards::Card;
use serde::{Deserialize, Serialize};

use crate::{
    Chips, GameKind, Hand, HandCommand, Legal, Phase, Play, Pos, Rejection, StudGame, StudHand,
    Turns,
};

/// A hand in play at a table. Serialized as the hand itself (a flop hand exactly as before stud
/// came), so stored states read back either way.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum TableHand {
    Flop(Box<Hand>),
    Stud(Box<StudHand>),
}

impl From<Hand> for TableHand {
    fn from(h: Hand) -> Self {
        TableHand::Flop(Box::new(h))
    }
}

impl From<StudHand> for TableHand {
    fn from(h: StudHand) -> Self {
        TableHand::Stud(Box::new(h))
    }
}

/// Whatever the game, the hand's chips, cards and turn are its [`Play`].
impl std::ops::Deref for TableHand {
    type Target = Play;
    fn deref(&self) -> &Play {
        match self {
            TableHand::Flop(h) => h,
            TableHand::Stud(h) => h,
        }
    }
}

impl std::ops::DerefMut for TableHand {
    fn deref_mut(&mut self) -> &mut Play {
        match self {
            TableHand::Flop(h) => h,
            TableHand::Stud(h) => h,
        }
    }
}

impl TableHand {
    pub fn as_flop(&self) -> Option<&Hand> {
        match self {
            TableHand::Flop(h) => Some(h),
            TableHand::Stud(_) => None,
        }
    }

    pub fn as_stud(&self) -> Option<&StudHand> {
        match self {
            TableHand::Stud(h) => Some(h),
            TableHand::Flop(_) => None,
        }
    }

    pub fn game(&self) -> GameKind {
        match self {
            TableHand::Flop(h) => h.rules().game,
            TableHand::Stud(h) => match h.rules().game {
                StudGame::High => GameKind::Stud,
                StudGame::HiLo => GameKind::StudHiLo,
                StudGame::Razz => GameKind::Razz,
            },
        }
    }

    /// Applies a dealer's or floor's action (all of it, or refused and nothing changed).
    pub fn apply(&mut self, command: &HandCommand) -> Result<(), Rejection> {
        match self {
            TableHand::Flop(h) => command.apply(h),
            TableHand::Stud(h) => command.apply_stud(h),
        }
    }

    /// The floor declares a hand dead (TR-19, TR-28, TR-7, TR-24).
    pub fn declare_dead(&mut self, pos: Pos, rule: floorbook_rules::Rule) -> Result<(), Rejection> {
        match self {
            TableHand::Flop(h) => h.declare_dead(pos, rule),
            TableHand::Stud(h) => h.declare_dead(pos, rule),
        }
    }

    /// Stud's bring-in; refused in a flop game.
    pub fn post_bring_in(&mut self, pos: Pos) -> Result<(), Rejection> {
        self.apply(&HandCommand::BringIn { pos })
    }

    /// What the player to act may do; in stud a due bring-in shows in `bring_in`.
    pub fn legal(&self) -> Option<Legal> {
        match self {
            TableHand::Flop(h) => h.legal(),
            TableHand::Stud(h) => h.legal(),
        }
    }

    /// The board: a flop game's, or stud's community card when the stub ran short.
    pub fn board(&self) -> &[Card] {
        match self {
            TableHand::Flop(h) => h.board(),
            TableHand::Stud(h) => h.board_slice(),
        }
    }

    /// Cards still due to a player now (the rest of his hole cards; stud: this street's), and
    /// whether the next of them is dealt face up (stud: it must be named).
    pub fn cards_due(&self, pos: Pos) -> (usize, bool) {
        match self {
            TableHand::Flop(h) => {
                let due = if h.phase() == Phase::HoleDealing {
                    h.rules()
                        .game
                        .hole_cards()
                        .saturating_sub(h.hole_cards(pos).len())
                } else {
                    0
                };
                (due, false)
            }
            TableHand::Stud(h) => (h.cards_due(pos), h.next_card_up(pos)),
        }
    }

    /// Who gets the next card, when cards are being dealt to players.
    pub fn dealee(&self) -> Option<Pos> {
        match self {
            TableHand::Flop(h) => h.dealee(),
            TableHand::Stud(h) => h.dealee(),
        }
    }

    /// The smallest chip in play (a split is divided in it; bets are payable in it).
    pub fn chip_unit(&self) -> Chips {
        match self {
            TableHand::Flop(h) => h.rules().chip_unit,
            TableHand::Stud(h) => h.rules().chip_unit,
        }
    }

    /// Board cards due now: a flop game's street, or stud's one community card.
    pub fn board_due(&self) -> usize {
        match self {
            TableHand::Flop(h) => h.board_due(),
            TableHand::Stud(h) => usize::from(h.community_due()),
        }
    }

    /// Board cards dealt without being entered (a flop game's; stud names its cards).
    pub fn board_unseen(&self) -> usize {
        match self {
            TableHand::Flop(h) => h.board_unseen(),
            TableHand::Stud(_) => 0,
        }
    }

    /// The pots the dealer still awards by reading the hands (the board was not entered).
    pub fn pots_to_award(&self) -> Vec<usize> {
        match self {
            TableHand::Flop(h) => h.pots_to_award(),
            TableHand::Stud(_) => Vec::new(),
        }
    }
}
