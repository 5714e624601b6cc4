//! The hand at a table, whatever the game: a flop game's [`Hand`] or a [`StudHand`].

use floorbook_cards::Card;
use serde::{Deserialize, Serialize};

use crate::{
    Chips, GameKind, Hand, HandCommand, HandEvent, Legal, Phase, Pos, Pot, Rejection, Street,
    StudGame, StudHand,
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

    /// TR-20: chips behind leave play.
    pub fn forfeit_behind(
        &mut self,
        pos: Pos,
        amount: Chips,
        by: floorbook_rules::Rule,
    ) -> Result<(), Rejection> {
        match self {
            TableHand::Flop(h) => h.forfeit_behind(pos, amount, by),
            TableHand::Stud(h) => h.forfeit_behind(pos, amount, by),
        }
    }

    pub fn fold(&mut self, pos: Pos) -> Result<(), Rejection> {
        match self {
            TableHand::Flop(h) => h.fold(pos),
            TableHand::Stud(h) => h.fold(pos),
        }
    }

    pub fn check_or_call(&mut self, pos: Pos) -> Result<(), Rejection> {
        match self {
            TableHand::Flop(h) => h.check_or_call(pos),
            TableHand::Stud(h) => h.check_or_call(pos),
        }
    }

    /// Stud's bring-in; refused in a flop game.
    pub fn post_bring_in(&mut self, pos: Pos) -> Result<(), Rejection> {
        self.apply(&HandCommand::BringIn { pos })
    }

    pub fn phase(&self) -> Phase {
        match self {
            TableHand::Flop(h) => h.phase(),
            TableHand::Stud(h) => h.phase(),
        }
    }

    pub fn street(&self) -> Street {
        match self {
            TableHand::Flop(h) => h.street(),
            TableHand::Stud(h) => h.street(),
        }
    }

    pub fn players(&self) -> usize {
        match self {
            TableHand::Flop(h) => h.players(),
            TableHand::Stud(h) => h.players(),
        }
    }

    pub fn stacks(&self) -> &[Chips] {
        match self {
            TableHand::Flop(h) => h.stacks(),
            TableHand::Stud(h) => h.stacks(),
        }
    }

    pub fn starting_stacks(&self) -> &[Chips] {
        match self {
            TableHand::Flop(h) => h.starting_stacks(),
            TableHand::Stud(h) => h.starting_stacks(),
        }
    }

    pub fn bets(&self) -> &[Chips] {
        match self {
            TableHand::Flop(h) => h.bets(),
            TableHand::Stud(h) => h.bets(),
        }
    }

    pub fn events(&self) -> &[HandEvent] {
        match self {
            TableHand::Flop(h) => h.events(),
            TableHand::Stud(h) => h.events(),
        }
    }

    pub fn actor(&self) -> Option<Pos> {
        match self {
            TableHand::Flop(h) => h.actor(),
            TableHand::Stud(h) => h.actor(),
        }
    }

    /// What the player to act may do; in stud a due bring-in shows in `bring_in`.
    pub fn legal(&self) -> Option<Legal> {
        match self {
            TableHand::Flop(h) => h.legal(),
            TableHand::Stud(h) => h.legal().map(|l| Legal {
                actor: l.actor,
                call: l.call.or(l.bring_in).unwrap_or(Chips::ZERO),
                fold: l.fold,
                raise_to: l.bet_to.map(|to| (to, to)),
                rules: l.rules,
                bring_in: l.bring_in,
            }),
        }
    }

    pub fn is_active(&self, pos: Pos) -> bool {
        match self {
            TableHand::Flop(h) => h.is_active(pos),
            TableHand::Stud(h) => h.is_active(pos),
        }
    }

    pub fn active_count(&self) -> usize {
        match self {
            TableHand::Flop(h) => h.active_count(),
            TableHand::Stud(h) => h.active_count(),
        }
    }

    pub fn carry_out(&self) -> Chips {
        match self {
            TableHand::Flop(h) => h.carry_out(),
            TableHand::Stud(h) => h.carry_out(),
        }
    }

    pub fn total_chips(&self) -> Chips {
        match self {
            TableHand::Flop(h) => h.total_chips(),
            TableHand::Stud(h) => h.total_chips(),
        }
    }

    pub fn pots(&self) -> Vec<Pot> {
        match self {
            TableHand::Flop(h) => h.pots(),
            TableHand::Stud(h) => h.pots(),
        }
    }

    pub fn net(&self) -> Vec<i128> {
        match self {
            TableHand::Flop(h) => h.net(),
            TableHand::Stud(h) => h.net(),
        }
    }

    /// A player's cards: hole cards, or a stud player's cards in the order dealt.
    pub fn hole_cards(&self, pos: Pos) -> &[Option<Card>] {
        match self {
            TableHand::Flop(h) => h.hole_cards(pos),
            TableHand::Stud(h) => h.cards(pos),
        }
    }

    /// Which of a player's cards are face up (a stud player's up cards; a flop game's shown).
    pub fn face_up(&self, pos: Pos) -> Vec<bool> {
        match self {
            TableHand::Flop(h) => h.face_up(pos).to_vec(),
            TableHand::Stud(h) => h.face_up(pos).to_vec(),
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
            TableHand::Flop(h) => h.hole_dealee(),
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

    /// Whether every live hand is turned up because a player is all in (TR-3.6).
    pub fn all_in_showdown(&self) -> bool {
        match self {
            TableHand::Flop(h) => h.all_in_showdown(),
            TableHand::Stud(h) => h.all_in_showdown(),
        }
    }

    pub fn showdown_next(&self) -> Option<Pos> {
        match self {
            TableHand::Flop(h) => h.showdown_next(),
            TableHand::Stud(h) => h.showdown_next(),
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
