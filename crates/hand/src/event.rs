//! What happened in a hand, step by step, each with the rules that decided it.

use floorbook_cards::Card;
use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use floorbook_rules::RuleSet;

use crate::declare::Reading;
use crate::irregular::IrregularityKind;
use crate::{Chips, Pos, Street};

/// One step of a hand. Commands produce some; the engine adds the ones that follow by
/// themselves (collection, returns, showdown order, awards).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum HandEvent {
    AntePosted {
        pos: Pos,
        amount: Chips,
        all_in: bool,
        rules: RuleSet,
    },
    BlindPosted {
        pos: Pos,
        amount: Chips,
        all_in: bool,
        rules: RuleSet,
    },
    /// Stud: the bring-in, a forced bet by the player the up cards name (TDA-RP-10).
    BringInPosted {
        pos: Pos,
        amount: Chips,
        all_in: bool,
        rules: RuleSet,
    },
    /// Stud: cards dealt to a player on a street, those face down and those face up.
    StudDealt {
        street: Street,
        pos: Pos,
        down: Vec<Option<Card>>,
        /// Up cards; unknown only in a PHH replay of a hand filmed without them (third
        /// street), which a live table never records.
        up: Vec<Option<Card>>,
    },
    /// Stud: who acts first on a street, and the up cards that decided it (the lowest card by
    /// suit brings it in on third street; then the best hand showing, ties by the high card's
    /// suit: TDA-RP-10 D, E).
    FirstToAct {
        street: Street,
        pos: Pos,
        showing: Vec<Card>,
        /// The bring-in is due from him (third street).
        bring_in: bool,
        rules: RuleSet,
    },
    /// TR-3.7: the uncalled winner chose how many cards to show.
    WinnerShowedByChoice {
        pos: Pos,
        shown: usize,
        rules: RuleSet,
    },
    /// After the hand, a player showed cards: folded or mucked ones (TR-3.5), or his hand to
    /// one player, which makes it shown to all (TR-3.8). Every player may see them; the result
    /// stands.
    ShownAfterHand {
        pos: Pos,
        cards: Vec<Card>,
        rules: RuleSet,
    },
    /// A missed blind posted dead (GCB-6).
    DeadBlindPosted {
        pos: Pos,
        amount: Chips,
        rules: RuleSet,
    },
    HoleDealt {
        pos: Pos,
        /// Held inline (a player has at most four); serialized as a list.
        cards: SmallVec<[Option<Card>; 4]>,
    },
    /// A burn card; `card` when it is known (a card set aside by TR-3.1).
    CardBurned {
        street: Street,
        card: Option<Card>,
        rules: RuleSet,
    },
    BoardDealt {
        street: Street,
        /// Held inline (a street has at most five); serialized as a list.
        cards: SmallVec<[Card; 5]>,
        /// Cards dealt to the board without being entered (the dealer's one tap a street):
        /// the showdown is then the dealer's reading, not judged from the cards.
        #[serde(default, skip_serializing_if = "is_zero")]
        unseen: u8,
    },
    /// An action that was not a clean declaration, and how the rules read it.
    Interpreted {
        pos: Pos,
        /// The chips put in, or the amount named.
        given: Chips,
        reading: Reading,
        change: Chips,
        rules: RuleSet,
    },
    Folded {
        pos: Pos,
    },
    Checked {
        pos: Pos,
    },
    Called {
        pos: Pos,
        amount: Chips,
        all_in: bool,
    },
    BetOrRaised {
        pos: Pos,
        to: Chips,
        increment: Chips,
        /// False for an all-in short of a full raise: it does not reopen the betting (TR-8).
        full: bool,
        all_in: bool,
        rules: RuleSet,
    },
    /// The part of a bet nobody called goes back (NOB-15: nobody wins more from a player than
    /// the player put in).
    BetReturned {
        pos: Pos,
        amount: Chips,
        rules: RuleSet,
    },
    BettingClosed {
        street: Street,
        all_in: bool,
    },
    ShowdownBegan {
        order: Vec<Pos>,
        rules: RuleSet,
    },
    Shown {
        pos: Pos,
        cards: Vec<Option<Card>>,
    },
    Mucked {
        pos: Pos,
        rules: RuleSet,
    },
    /// A hand that can no longer win anything is killed before the chips are pushed.
    HandKilled {
        pos: Pos,
    },
    PotAwarded {
        pot: usize,
        amount: Chips,
        eligible: Vec<Pos>,
        shares: Vec<(Pos, Chips)>,
        /// The winning hand in English, when hands were compared.
        winning_hand: Option<String>,
        rules: RuleSet,
        /// Awarded by the dealer's reading of the hands (the board's cards were not entered,
        /// so the cards could not be judged).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        read_by_dealer: bool,
    },
    RemainderCarried {
        amount: Chips,
        rules: RuleSet,
    },
    /// An irregularity and the remedy applied, with the random choices it needed.
    Irregularity {
        kind: IrregularityKind,
        pos: Option<Pos>,
        cards: Vec<Card>,
        /// Inputs of the remedy (e.g. which of the scrambled cards became the burn).
        choice: Option<usize>,
        remedy: String,
        rules: RuleSet,
    },
    /// The floor declared a hand dead (TR-19, TR-28, TR-7, TR-24).
    HandDeclaredDead {
        pos: Pos,
        rules: RuleSet,
    },
    /// An action out of turn, held until the player's turn.
    OutOfTurn {
        pos: Pos,
        actor: Pos,
        action: crate::irregular::OutOfTurn,
        rules: RuleSet,
    },
    /// The held action is applied, or withdrawn because the action changed (GCB-3).
    OutOfTurnResolved {
        pos: Pos,
        applied: bool,
        rules: RuleSet,
    },
    /// The floor ruled that a player's recorded hole cards were wrong and corrected them, with
    /// the reason (TR-26); the audit lists every correction.
    HoleCardsCorrected {
        pos: Pos,
        was: Vec<Option<Card>>,
        now: Vec<Card>,
        reason: String,
        rules: RuleSet,
    },
    /// Chips behind that leave play (TR-20: hidden chips forfeited).
    ChipsForfeited {
        pos: Pos,
        amount: Chips,
        rules: RuleSet,
    },
    Settled {
        stacks: Vec<Chips>,
    },
}

impl HandEvent {
    /// The rules that decided this event (empty for a plain record: a card dealt, a fold).
    pub fn rules(&self) -> RuleSet {
        match self {
            HandEvent::AntePosted { rules, .. }
            | HandEvent::BringInPosted { rules, .. }
            | HandEvent::FirstToAct { rules, .. }
            | HandEvent::BlindPosted { rules, .. }
            | HandEvent::WinnerShowedByChoice { rules, .. }
            | HandEvent::ShownAfterHand { rules, .. }
            | HandEvent::DeadBlindPosted { rules, .. }
            | HandEvent::CardBurned { rules, .. }
            | HandEvent::Interpreted { rules, .. }
            | HandEvent::BetOrRaised { rules, .. }
            | HandEvent::BetReturned { rules, .. }
            | HandEvent::ShowdownBegan { rules, .. }
            | HandEvent::Mucked { rules, .. }
            | HandEvent::PotAwarded { rules, .. }
            | HandEvent::RemainderCarried { rules, .. }
            | HandEvent::Irregularity { rules, .. }
            | HandEvent::HandDeclaredDead { rules, .. }
            | HandEvent::OutOfTurn { rules, .. }
            | HandEvent::OutOfTurnResolved { rules, .. }
            | HandEvent::HoleCardsCorrected { rules, .. }
            | HandEvent::ChipsForfeited { rules, .. } => *rules,
            HandEvent::HoleDealt { .. }
            | HandEvent::StudDealt { .. }
            | HandEvent::BoardDealt { .. }
            | HandEvent::Folded { .. }
            | HandEvent::Checked { .. }
            | HandEvent::Called { .. }
            | HandEvent::BettingClosed { .. }
            | HandEvent::Shown { .. }
            | HandEvent::HandKilled { .. }
            | HandEvent::Settled { .. } => RuleSet::EMPTY,
        }
    }
}

impl HandEvent {
    /// Whether it names a card only its player may see while the hand is played: a hole
    /// card (a stud down card) dealt face down and named, or the floor's correction of one.
    pub fn names_hidden_cards(&self) -> bool {
        match self {
            HandEvent::HoleDealt { cards, .. } => cards.iter().any(Option::is_some),
            HandEvent::StudDealt { down, .. } => down.iter().any(Option::is_some),
            HandEvent::HoleCardsCorrected { .. } => true,
            _ => false,
        }
    }
}

fn is_zero(n: &u8) -> bool {
    *n == 0
}
