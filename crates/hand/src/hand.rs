//! `Hand`: the state machine of one hand.

// A position indexes several parallel per-player vectors (stacks, bets, put in, active);
// a loop over positions says that more plainly than zipped iterators.
#![allow(clippy::needless_range_loop)]

use smallvec::{SmallVec, smallvec};

use floorbook_cards::{Card, CardSet};
use floorbook_eval::{CardKey, HandKey, Strength};
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::play::{Play, Seats, rule, seats};
use crate::rules::{GameKind, LastLiveHand};
use crate::showdown::{Judged, Terms, Way};
use crate::stud::StudState;
use crate::turns::sealed::Shown;
use crate::{Chips, HandEvent, HandRules, HandSetup, Pos, Pot, Structure};
use crate::{OutOfTurnRule, Turns};

/// A betting round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Street {
    Preflop,
    Flop,
    Turn,
    River,
    /// Stud: two cards down and one up, the bring-in (TDA-RP-10).
    Third,
    /// Stud: one card up on each of fourth to sixth street.
    Fourth,
    Fifth,
    Sixth,
    /// Stud: the last card, down.
    Seventh,
}

impl Street {
    /// The betting rounds of a flop game.
    pub const ALL: [Street; 4] = [Street::Preflop, Street::Flop, Street::Turn, Street::River];
    /// The betting rounds of seven-card stud.
    pub const STUD: [Street; 5] = [
        Street::Third,
        Street::Fourth,
        Street::Fifth,
        Street::Sixth,
        Street::Seventh,
    ];

    fn board_cards(self) -> usize {
        match self {
            Street::Flop => 3,
            Street::Turn | Street::River => 1,
            _ => 0,
        }
    }

    /// The next betting round of the same game; None after the last.
    pub fn next(self) -> Option<Street> {
        match self {
            Street::Preflop => Some(Street::Flop),
            Street::Flop => Some(Street::Turn),
            Street::Turn => Some(Street::River),
            Street::Third => Some(Street::Fourth),
            Street::Fourth => Some(Street::Fifth),
            Street::Fifth => Some(Street::Sixth),
            Street::Sixth => Some(Street::Seventh),
            Street::River | Street::Seventh => None,
        }
    }
}

/// What the hand is waiting for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Hole cards are still to be dealt.
    HoleDealing,
    /// A player is to act.
    Betting,
    /// Board cards are still to be dealt.
    BoardDealing,
    /// Players still have to show or muck.
    Showdown,
    /// All chips have been pushed.
    Settled,
}

/// At the showdown: show or muck.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShowOrMuck {
    /// Give up the hand (TR-3.6: later players may muck).
    Muck,
    /// Turn up the cards as dealt (unknown cards stay unknown).
    ShowDealt,
    /// Turn up these cards (a live hand: the dealer enters what is shown). Unknown entries stay
    /// face down.
    Show(Vec<Option<Card>>),
}

/// A command the rules do not allow now. Nothing was changed. Serialized as its `code` (the
/// variant's name) and `args` (its values), for a terminal that words it in its own language.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum Rejection {
    #[error(
        "a hand needs 2 to {max} players (the deck holds their hole cards and a board); got {got}"
    )]
    PlayerCount { got: usize, max: usize },
    #[error("{what} lists {got} positions; the hand has {players}")]
    SetupLength {
        what: &'static str,
        got: usize,
        players: usize,
    },
    #[error("{pos} has no chips (TR-9: a player without chips is out)")]
    EmptyStack { pos: Pos },
    #[error("the minimum bet must be at least 1")]
    ZeroMinimumBet,
    #[error("the chip unit must be at least 1")]
    ZeroChipUnit,
    #[error("it is not the time to {what}: the hand is in {phase:?}")]
    WrongPhase { what: &'static str, phase: Phase },
    #[error("it is {actor}'s turn, not {pos}'s (TR-21)")]
    NotYourTurn { pos: Pos, actor: Pos },
    #[error("{pos} is not in the hand")]
    NotInHand { pos: Pos },
    #[error(
        "{pos} is the player to act: what he does is in turn, enter it as his own action (TR-21)"
    )]
    OwnTurn { pos: Pos },
    #[error(
        "{pos} has no action to come in this round (folded, all in, or no one left to bet against him): nothing he does is an action out of turn (TR-21)"
    )]
    NoTurnToCome { pos: Pos },
    #[error("{pos} is the player to act: enter his own action (\"folds to\" names a later player)")]
    FoldToActor { pos: Pos },
    #[error(
        "{pos} cannot act in this round (folded, or all in): \"folds to\" names a player still to act"
    )]
    CannotAct { pos: Pos },
    #[error("{pos} is due {due} more hole cards; {got} were dealt")]
    HoleCardCount { pos: Pos, due: usize, got: usize },
    #[error("the {street:?} takes {due} more board cards; {got} were dealt")]
    BoardCardCount {
        street: Street,
        due: usize,
        got: usize,
    },
    #[error(
        "card {card} was seen in the stub (a premature card put back, TR-3.3): it is no player's card"
    )]
    SeenInStub { card: Card },
    #[error("card {card} is already in play")]
    CardInPlay { card: Card },
    #[error(
        "{pos} cannot check: {call} is due to call (NOB-13: before the flop the big blind must be called; NOB-14: a check only when nothing is due)"
    )]
    CannotCheck { pos: Pos, call: Chips },
    #[error("{pos} cannot bet or raise: {reason} ({rule})")]
    CannotRaise {
        pos: Pos,
        reason: RaiseBarred,
        rule: Rule,
    },
    #[error(
        "raise to {got} is below the minimum of {min}: the allowed range is {min} to {max} ({rule}: a raise is at least the previous raise, and at least the big blind)"
    )]
    RaiseBelowMinimum {
        min: Chips,
        max: Chips,
        got: Chips,
        rule: Rule,
    },
    #[error(
        "raise to {got} is above the maximum of {max}: the allowed range is {min} to {max} ({rule})"
    )]
    RaiseAboveMaximum {
        min: Chips,
        max: Chips,
        got: Chips,
        rule: Rule,
    },
    #[error(
        "{pos} put in {got} chips but has {stack}: chips put in come from the stack (allowed: up to {stack})"
    )]
    PutInAboveStack { pos: Pos, got: Chips, stack: Chips },
    #[error(
        "the stacks and the chips carried in total {got}, more than the {max} chips a hand can count (chips are counted in 64 bits)"
    )]
    ChipsOutOfRange { got: u128, max: Chips },
    #[error("{pos} may show 1 to {most} of his cards; got {got}")]
    ShowCount { pos: Pos, most: usize, got: usize },
    #[error("{pos} is not due to show or muck")]
    NotInShowdown { pos: Pos },
    #[error(
        "{pos} won with no one calling: he may show his whole hand ({due} cards) or nothing, not {got} (TR-3.7)"
    )]
    UncalledShowWhole { pos: Pos, due: usize, got: String },
    #[error(
        "{pos} holds the last live hand in pot {pot} and wins it; it cannot be mucked (TR-3.6)"
    )]
    LastLiveHand { pos: Pos, pot: usize },
    #[error(
        "{pos} cannot muck: a player is all in and no more betting is possible, so every live hand is turned up (TR-3.6)"
    )]
    AllInShowdown { pos: Pos },
    #[error(
        "{pos} must open his whole hand at the showdown: {due} cards, each named; got {got} (TR-11: both cards)"
    )]
    ShowWhole { pos: Pos, due: usize, got: usize },
    #[error(
        "{card} is not one of {pos}'s cards: he was dealt {dealt} (TR-11: the cards shown are the cards dealt; a wrong record is corrected by the floor, TR-26)"
    )]
    NotDealtCard { pos: Pos, card: Card, dealt: String },
    #[error(
        "a short call by {pos} is 1 to {} chips, less than the {call} due; got {got} (GCB-3)", call.0.saturating_sub(1)
    )]
    ShortCall { pos: Pos, got: Chips, call: Chips },
    #[error(
        "{pos}'s fold cannot be taken back: only his fold in turn, while nothing has happened since and the betting goes on (GCB-8)"
    )]
    FoldNotRetrievable { pos: Pos },
    #[error(
        "the next card goes to {next}, not {pos}: cards are dealt one position after another from the first seat left of the button{}",
        if *heads_up { " (TR-25: heads-up the big blind gets the first card)" } else { "" }
    )]
    DealOrder { pos: Pos, next: Pos, heads_up: bool },
    #[error(
        "{to} cannot be paid in the chips in play: the smallest chip is {unit}, so a bet or raise is a multiple of {unit} (TR-15: the smaller chips were raced off)"
    )]
    NotPayable { to: Chips, unit: Chips },
    #[error(
        "{pos} brings it in: he posts the bring-in of {bring_in} or completes to {complete}{}",
        if *may_fold { ", or folds (TDA-RP-10 E: the low card is all in with the ante)" } else { " (TDA-RP-10: the lowest card by suit brings it in)" }
    )]
    BringInDue {
        pos: Pos,
        bring_in: Chips,
        complete: Chips,
        may_fold: bool,
    },
    #[error("{pos} cannot post a bring-in: none is due now")]
    NoBringInDue { pos: Pos },
    #[error(
        "in fixed limit {pos} bets or raises to exactly {to}, not {got} (the {street:?} street's bet is {bet}; less only all in)"
    )]
    FixedLimit {
        pos: Pos,
        got: Chips,
        to: Chips,
        bet: Chips,
        street: Street,
    },
    #[error(
        "{pos}'s card {index} is dealt face up on this street and must be named: an up card is seen by everyone"
    )]
    UpCardUnknown { pos: Pos, index: usize },
    #[error("{pos} is due {due} more cards on {street:?} street; {got} were dealt")]
    StudCardCount {
        pos: Pos,
        street: Street,
        due: usize,
        got: usize,
    },
    #[error(
        "a stud table seats 2 to {max} players (seven cards each and the burns from one deck); got {got}"
    )]
    StudPlayerCount { got: usize, max: usize },
    #[error(
        "the limits must rise: a bring-in of 1 or more below the small bet ({small_bet}), and the small bet at most the big bet ({big_bet}); got a bring-in of {bring_in}"
    )]
    StudLimits {
        bring_in: Chips,
        small_bet: Chips,
        big_bet: Chips,
    },
    #[error(
        "seven-card stud is played fixed limit: the rules name its bring-in, small bet and big bet (TDA-RP-10)"
    )]
    StudFixedLimit,
    #[error("{pos}: {reason} (TDA-RP-10)")]
    StudRemedy { pos: Pos, reason: StudRemedyBarred },
    #[error(
        "name the cards of the next street dealt too early: 1 to {most} (one per player); got {got} (TDA-RP-5 D)"
    )]
    PrematureCount { most: usize, got: usize },
    #[error(
        "every board card was entered: the showdown is judged from the cards shown, not awarded by the dealer (TR-3.6, TR-11)"
    )]
    CardsDecide,
    #[error("there is no pot {pot}: the hand has {pots} (0 is the main pot)")]
    NoSuchPot { pot: usize, pots: usize },
    #[error("pot {pot} is awarded already")]
    PotAlreadyAwarded { pot: usize },
    #[error("name the winner of pot {pot}: one player, or those who split it")]
    NoWinnerNamed { pot: usize },
    #[error(
        "{pos} cannot win pot {pot}: he has no live hand in it (folded or mucked, or he did not put in enough for it), or he is named twice (TR-3.6)"
    )]
    NotEligible { pos: Pos, pot: usize },
    #[error("{what} is a {game} procedure; this table plays {other}")]
    OtherGame {
        what: &'static str,
        game: &'static str,
        other: &'static str,
    },
}

/// Why a player may not bet or raise now ([`Rejection::CannotRaise`]): one reason in every
/// game. Serialized as its `code`, as the rejection is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum RaiseBarred {
    /// PokerKit's reading (PHH): facing less than the last raise is no reopening.
    #[error("an all-in short of a full raise does not reopen the betting")]
    ShortAllInReopensNothing,
    #[error("the raises of this round are capped")]
    RaisesCapped,
    #[error("the player already acted and faces less than a full raise")]
    ActedFacingShortAllIn,
    #[error("the stack only covers a call")]
    StackCoversACall,
    #[error("every other player has folded or is all-in")]
    NobodyLeftToCall,
}

/// Why a stud remedy for an exposed card does not apply ([`Rejection::StudRemedy`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum StudRemedyBarred {
    #[error("his up card is dealt already: the floor decides (TR-26)")]
    UpCardDealt,
    #[error("the exposed card is not one of his down cards")]
    NotADownCard,
    #[error("the exposed card is not his seventh-street card")]
    NotTheSeventhCard,
}

impl Rejection {
    /// The rules that decided this rejection (empty when it is a plain state error).
    pub fn rules(&self) -> Vec<Rule> {
        match self {
            Rejection::EmptyStack { .. } => vec![Rule::Tr9],
            Rejection::NotYourTurn { .. }
            | Rejection::OwnTurn { .. }
            | Rejection::NoTurnToCome { .. } => vec![Rule::Tr21],
            Rejection::CannotCheck { .. } => vec![Rule::Nob13, Rule::Nob14],
            Rejection::CannotRaise { rule, .. }
            | Rejection::RaiseBelowMinimum { rule, .. }
            | Rejection::RaiseAboveMaximum { rule, .. } => vec![*rule],
            Rejection::LastLiveHand { .. } | Rejection::NotEligible { .. } => vec![Rule::Tr36],
            Rejection::CardsDecide => vec![Rule::Tr36, Rule::Tr11],
            Rejection::UncalledShowWhole { .. } => vec![Rule::Tr37],
            Rejection::AllInShowdown { .. } => vec![Rule::Tr36, Rule::Tr10],
            Rejection::ShowWhole { .. } => vec![Rule::Tr11],
            Rejection::NotDealtCard { .. } => vec![Rule::Tr11, Rule::Tr26],
            Rejection::NotPayable { .. } => vec![Rule::Tr15],
            Rejection::FoldNotRetrievable { .. } => vec![Rule::Gcb8],
            Rejection::ShortCall { .. } => vec![Rule::Gcb3],
            Rejection::SeenInStub { .. } => vec![Rule::Tr33],
            Rejection::DealOrder { heads_up: true, .. } => vec![Rule::Tr25],
            Rejection::BringInDue { .. } | Rejection::StudRemedy { .. } => vec![Rule::TdaRp10],
            Rejection::PrematureCount { .. } => vec![Rule::TdaRp5],
            _ => Vec::new(),
        }
    }
}

/// What the player to act may do now, with the rules that set the limits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    pub actor: Pos,
    /// Chips needed to call; zero means a check is possible.
    pub call: Chips,
    /// Folding is always possible when it is one's turn (pointless when a check is possible).
    pub fold: bool,
    /// The range of "raise to" (or "bet") amounts, if a bet or raise is possible.
    pub raise_to: Option<(Chips, Chips)>,
    pub rules: RuleSet,
    /// Stud: the bring-in is due from the actor (he posts it or completes; `call` is then the
    /// bring-in, and a check or call is not possible).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bring_in: Option<Chips>,
}

/// One hand in progress, whatever the game: Hold'em and Omaha (blinds, hole cards and a
/// board) or seven-card stud, stud hi-lo and Razz (antes, a bring-in, up and down cards). The
/// game is data of its rules ([`HandRules::game`], its structure and limits); betting, pots,
/// all-ins, the showdown, corrections and out-of-turn action are the same code for each. See
/// the crate documentation. Serializable whole, so a replay resumes from a stored snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hand {
    #[serde(flatten)]
    pub(crate) play: Play,
    #[serde(deserialize_with = "crate::stored::rules")]
    pub(crate) rules: HandRules,
    /// As the hand was dealt; shared by every copy of the hand (a take-back's), never changed.
    #[serde(deserialize_with = "crate::stored::setup")]
    pub(crate) setup: std::sync::Arc<HandSetup>,
    /// The board: a flop game's, or stud's community card when the stub ran short.
    #[serde(deserialize_with = "crate::stored::board")]
    pub(crate) board: Board,
    #[serde(default)]
    board_due: usize,
    /// A card set aside as the next burn card (TR-3.1, TDA-39A).
    #[serde(default)]
    pub(crate) preset_burn: Option<Card>,
    /// The rule that set it aside (cited at the burn at a live table).
    #[serde(default)]
    pub(crate) preset_burn_by: Option<Rule>,
    /// A player who gets a replacement hole card only after everyone else (TR-3.1).
    #[serde(default)]
    pub(crate) replacement_last: Option<usize>,
    /// The last fold in turn: the player, and whether he had acted in the round before it
    /// (GCB-8: a fold on false information can be taken back while nothing followed it).
    #[serde(default)]
    pub(crate) last_fold: Option<(usize, bool)>,
    /// Cards seen in the stub (premature board cards put back, TR-3.3, TDA-RP-5): never a
    /// card dealt face down to a player.
    #[serde(default)]
    pub(crate) stub_seen: CardSet,
    /// Board cards dealt without being entered (one tap a street): the showdown is then the
    /// dealer's reading (`award_pot`), since the cards cannot be judged.
    #[serde(default)]
    board_unseen: usize,
    /// At such a showdown: which pots are awarded, and what each player won so far.
    #[serde(default)]
    awarded: Vec<bool>,
    #[serde(default)]
    award_won: Seats<Chips>,
    /// Odd chips of those awards carried to the next hand, once the hand ends (NOB-3).
    #[serde(default)]
    award_carried: Chips,
    /// Stud's count of the deck and its forced bet.
    #[serde(flatten)]
    pub(crate) stud: StudState,
}

/// The most chips a hand holds in play, in all: what 64 bits count.
pub const MAX_CHIPS: Chips = Chips(u64::MAX);

/// The board (at most five cards).
pub(crate) type Board = SmallVec<[Card; 5]>;

impl Hand {
    /// The hand as it stands, kept to go back to: all of it but its log of events, which only
    /// grows while the hand is played ([`Hand::return_to`] cuts the log back where it stood).
    /// The form in which a tournament's snapshots of 2026-12-07 kept the hand before the
    /// dealer's last entry; since, the tournament makes that hand only when the entry is taken
    /// back (by playing the kept entries again), and `return_to` serves those snapshots.
    pub fn copy_without_log(&mut self) -> Hand {
        let log = std::mem::take(&mut self.play.events);
        let copy = self.clone();
        self.play.events = log;
        copy
    }

    /// The hand back to `earlier` (a [`Hand::copy_without_log`] of it), its log cut back to
    /// the first `events` it held then.
    pub fn return_to(&mut self, mut earlier: Hand, events: usize) {
        let mut log = std::mem::take(&mut self.play.events);
        log.truncate(events);
        earlier.play.events = log;
        *self = earlier;
    }

    /// Starts a hand: antes and blinds are posted (a blind larger than the stack makes the
    /// player all-in, TR-10) and hole cards are due.
    pub fn new(rules: HandRules, setup: HandSetup) -> Result<Hand, Rejection> {
        if rules.game.stud().is_some() {
            return Hand::new_stud(rules, setup);
        }
        if rules.structure == Structure::FixedLimit {
            return Err(Rejection::OtherGame {
                what: "a hand with blinds and a board",
                game: "flop-game",
                other: "fixed limit",
            });
        }
        if !setup.absent.is_empty() {
            return Err(Rejection::OtherGame {
                what: "a player's cards dealt and folded while he is away (TDA-RP-10 C)",
                game: "stud",
                other: "a flop game",
            });
        }
        let n = setup.stacks.len();
        // As many players as the deck has hole cards for, with a board: 23 in Hold'em, 11 in
        // Omaha (PHH files may seat more than a table's ten; per-seat state is inline up to
        // ten and spills to the heap beyond).
        let max = (52 - 5) / rules.game.hole_cards();
        if !(2..=max).contains(&n) {
            return Err(Rejection::PlayerCount { got: n, max });
        }
        let dead_len = if setup.dead_blinds.is_empty() {
            n
        } else {
            setup.dead_blinds.len()
        };
        for (what, len) in [
            ("antes", setup.antes.len()),
            ("blinds", setup.blinds.len()),
            ("dead_blinds", dead_len),
        ] {
            if len != n {
                return Err(Rejection::SetupLength {
                    what,
                    got: len,
                    players: n,
                });
            }
        }
        // Every pot, bet and stack is a part of the chips in play, so with their total counted
        // in 64 bits no sum of them overflows (the raise limits, which may reach past it, are
        // cut to a stack with saturating sums).
        let play = Play::seat(&setup.stacks, setup.carried, Street::Preflop, 48)?;
        if rules.min_bet.is_zero() {
            return Err(Rejection::ZeroMinimumBet);
        }
        if rules.chip_unit.is_zero() {
            return Err(Rejection::ZeroChipUnit);
        }
        let mut h = Hand::seated(play, rules, setup);
        // Antes (dead money). Chips an ante trimming gave back do not fund a blind (below).
        let returned = h.play.post_antes(&h.setup.antes, h.rules.ante_trimming);
        // Dead blinds (GCB-6): dead money of the main pot, not part of the bet.
        for (i, &due) in h.setup.dead_blinds.iter().enumerate() {
            // A dead blind larger than the stack takes the stack: the player is all-in (TR-10).
            let d = due.min(h.play.stacks[i]);
            if !d.is_zero() {
                h.play.stacks[i] -= d;
                h.play.put_in[i] += d;
                h.play.dead[i] += d;
                h.play.events.push(HandEvent::DeadBlindPosted {
                    pos: Pos(i),
                    amount: d,
                    rules: if d < due {
                        rule(&[Rule::Gcb6, Rule::Tr10])
                    } else {
                        rule(&[Rule::Gcb6])
                    },
                });
            }
        }
        // Blinds and straddles (live), GCB-5, TR-10. A blind is at most what the player had
        // after his ante as posted: with ante trimming (PHH's `ante_trimming_status`), the
        // chips given back stay behind and never complete a blind, as PokerKit, the format's
        // reference, posts it.
        for i in 0..n {
            let b = h.setup.blinds[i].min(h.play.stacks[i] - returned[i]);
            if !b.is_zero() {
                h.play.stacks[i] -= b;
                h.play.bets[i] += b;
                h.play.put_in[i] += b;
                let all_in = h.play.stacks[i].is_zero();
                h.play.events.push(HandEvent::BlindPosted {
                    pos: Pos(i),
                    amount: b,
                    all_in,
                    rules: if all_in {
                        rule(&[Rule::Tr10])
                    } else {
                        RuleSet::EMPTY
                    },
                });
            }
        }
        let cards = h.rules.game.hole_cards();
        for d in h.play.hole_due.iter_mut() {
            *d = cards;
        }
        Ok(h)
    }

    /// The hand as seated, before any forced bet.
    pub(crate) fn seated(play: Play, rules: HandRules, setup: HandSetup) -> Hand {
        Hand {
            play,
            board: SmallVec::new(),
            board_due: 0,
            preset_burn: None,
            preset_burn_by: None,
            board_unseen: 0,
            awarded: Vec::new(),
            award_won: SmallVec::new(),
            award_carried: Chips::ZERO,
            replacement_last: None,
            last_fold: None,
            stub_seen: CardSet::EMPTY,
            stud: StudState::default(),
            rules,
            setup: std::sync::Arc::new(setup),
        }
    }

    // ----- queries -----

    /// The game played.
    pub fn game(&self) -> GameKind {
        self.rules.game
    }

    /// Whether a seven-card stud is played (up and down cards, a bring-in, fixed limit).
    pub fn is_stud(&self) -> bool {
        self.rules.game.stud().is_some()
    }

    /// The smallest chip in play (a split is divided in it; bets are payable in it).
    pub fn chip_unit(&self) -> Chips {
        self.rules.chip_unit
    }

    pub fn rules(&self) -> &HandRules {
        &self.rules
    }

    /// The set-up the hand started from.
    pub fn setup(&self) -> &HandSetup {
        &self.setup
    }

    pub fn board(&self) -> &[Card] {
        &self.board
    }

    /// Board cards still due this street (stud: the one community card, when due).
    pub fn board_due(&self) -> usize {
        match self.play.phase {
            Phase::BoardDealing if self.is_stud() => usize::from(self.stud.community_due),
            Phase::BoardDealing => self.board_due,
            _ => 0,
        }
    }

    /// The bet to match: the largest bet in front; at a live table before the flop at least
    /// the big blind, also when the big blind is all in for less (NOB-13).
    pub(crate) fn max_bet(&self) -> Chips {
        let top = self.play.bets.iter().copied().max().unwrap_or_default();
        if self.blind_is_the_bet() {
            top.max(self.rules.min_bet)
        } else {
            top
        }
    }

    /// Before the flop at a live table with blinds posted: the big blind is the bet to call
    /// (NOB-13) and the measure of a full raise (TR-8).
    fn blind_is_the_bet(&self) -> bool {
        self.rules.live
            && self.play.street == Street::Preflop
            && self.setup.blinds.iter().any(|b| !b.is_zero())
    }

    pub(crate) fn call_amount(&self, i: usize) -> Chips {
        self.play.stacks[i].min(self.max_bet().saturating_sub(self.play.bets[i]))
    }

    /// The (min, max) "raise to" for player `i`, or why none is possible.
    pub(crate) fn raise_limits(&self, i: usize) -> Result<(Chips, Chips), Rejection> {
        crate::turns::may_raise(self, i)?;
        if self.rules.structure == Structure::FixedLimit {
            let to = self.fixed_raise_to(i);
            return Ok((to, to));
        }
        let max_bet = self.max_bet();
        let cap = self.play.stacks[i] + self.play.bets[i];
        // These sums may pass the chips in play (a minimum bet larger than every stack, a pot
        // limit past the stack); each is cut to the stack, so saturating keeps them exact.
        let min = cap.min(
            self.play
                .raise_amount
                .max(self.rules.min_bet)
                .saturating_add(max_bet),
        );
        let max = match self.rules.structure {
            Structure::NoLimit | Structure::FixedLimit => cap,
            Structure::PotLimit => {
                let pot = self.play.put_in.iter().copied().sum::<Chips>() + self.play.carried;
                // PLO-8: the pot after the call.
                let pot_limit = (max_bet - self.play.bets[i])
                    .saturating_add(max_bet)
                    .saturating_add(pot);
                cap.min(min.max(pot_limit))
            }
        };
        // A live table bets in the chips in play (TR-15): the limits short of all in are
        // payable amounts.
        let unit = self.rules.chip_unit.0;
        if self.rules.live && unit > 1 {
            let up = min.0.div_ceil(unit).saturating_mul(unit);
            let min = if up >= cap.0 { cap } else { Chips(up) };
            let max = if max == cap {
                max
            } else {
                Chips(max.0 / unit * unit).max(min)
            };
            return Ok((min, max));
        }
        Ok((min, max))
    }

    // ----- dealing -----

    /// Deals hole cards to `pos` (`None` for a card whose face is not known: a live hand).
    /// In stud: the street's cards to `pos`, on third street up to three (two down, then one
    /// up), on fourth to sixth one up, on seventh one down; up cards must be named.
    pub fn deal_hole(&mut self, pos: Pos, cards: &[Option<Card>]) -> Result<(), Rejection> {
        if self.is_stud() {
            return self.deal_stud(pos, cards);
        }
        if self.play.phase != Phase::HoleDealing {
            return Err(Rejection::WrongPhase {
                what: "deal hole cards",
                phase: self.play.phase,
            });
        }
        let due = *self
            .hole_due
            .get(pos.0)
            .ok_or(Rejection::NotInHand { pos })?;
        if cards.is_empty() || cards.len() > due {
            return Err(Rejection::HoleCardCount {
                pos,
                due,
                got: cards.len(),
            });
        }
        // At a live table the cards go round in order (a position's cards may be entered
        // together).
        if self.rules.live
            && let Some(next) = self.dealee()
            && next != pos
        {
            return Err(Rejection::DealOrder {
                pos,
                next,
                heads_up: self.play.n == 2,
            });
        }
        let mut seen = self.play.used;
        for &c in cards.iter().flatten() {
            if !seen.insert(c) {
                return Err(Rejection::CardInPlay { card: c });
            }
        }
        self.play.used = seen;
        // Card by card: a hand holds at most four, and a copy call per card costs more.
        let (hole, up) = (&mut self.play.hole[pos.0], &mut self.play.face_up[pos.0]);
        for &c in cards {
            hole.push(c);
            up.push(false);
        }
        self.play.hole_due[pos.0] -= cards.len();
        self.play.events.push(HandEvent::HoleDealt {
            pos,
            cards: cards.iter().copied().collect(),
        });
        if self.play.hole_due.iter().all(|&d| d == 0) {
            crate::turns::begin_betting(self);
        }
        Ok(())
    }

    /// Deals board cards for the current street (the burn card is automatic, TR-3.2); in stud
    /// the community card of a short stub (TDA-RP-10 H).
    pub fn deal_board(&mut self, cards: &[Card]) -> Result<(), Rejection> {
        if self.is_stud() {
            return match cards {
                [card] => self.deal_community(*card),
                _ => Err(Rejection::BoardCardCount {
                    street: self.play.street,
                    due: self.board_due(),
                    got: cards.len(),
                }),
            };
        }
        if self.play.phase != Phase::BoardDealing {
            return Err(Rejection::WrongPhase {
                what: "deal the board",
                phase: self.play.phase,
            });
        }
        if cards.is_empty() || cards.len() > self.board_due {
            return Err(Rejection::BoardCardCount {
                street: self.play.street,
                due: self.board_due,
                got: cards.len(),
            });
        }
        let mut seen = self.play.used;
        for &c in cards {
            if !seen.insert(c) {
                return Err(Rejection::CardInPlay { card: c });
            }
        }
        self.play.used = seen;
        self.board.extend_from_slice(cards);
        self.board_due -= cards.len();
        self.play.events.push(HandEvent::BoardDealt {
            street: self.play.street,
            cards: SmallVec::from_slice(cards),
            unseen: 0,
        });
        if self.board_due == 0 {
            crate::turns::begin_betting(self);
        }
        Ok(())
    }

    /// Deals the street's board cards without entering them (one tap a street, the burn
    /// automatic, TR-3.2). The cards cannot then be judged: the showdown is the dealer's
    /// reading of the hands ([`Hand::award_pot`]).
    pub fn deal_board_unseen(&mut self) -> Result<(), Rejection> {
        if self.play.phase != Phase::BoardDealing {
            return Err(Rejection::WrongPhase {
                what: "deal the board",
                phase: self.play.phase,
            });
        }
        let due = self.board_due;
        self.board_unseen += due;
        self.board_due = 0;
        self.play.events.push(HandEvent::BoardDealt {
            street: self.play.street,
            cards: SmallVec::new(),
            unseen: u8::try_from(due).unwrap_or(u8::MAX),
        });
        crate::turns::begin_betting(self);
        Ok(())
    }

    /// Board cards dealt without being entered.
    pub fn board_unseen(&self) -> usize {
        self.board_unseen
    }

    // ----- betting -----

    /// The player to act puts in all his chips: a bet or raise when one is possible, otherwise
    /// a call for less (NOB-14, TR-10).
    pub fn all_in(&mut self, pos: Pos) -> Result<(), Rejection> {
        let i = self.play.turn(pos)?;
        match self.raise_limits(i) {
            Ok((_, max)) if max == self.play.stacks[i] + self.play.bets[i] => {
                self.bet_or_raise_to(pos, max)
            }
            _ => self.check_or_call(pos),
        }
    }

    /// TR-3.7: the winner of a pot nobody called chooses to show two, one or no cards.
    pub fn winner_shows(&mut self, pos: Pos, cards: Vec<Card>) -> Result<(), Rejection> {
        let uncalled_winner = self.play.phase == Phase::Settled
            && self.play.active.iter().filter(|&&a| a).count() == 1
            && self.play.active.get(pos.0).copied().unwrap_or(false);
        if !uncalled_winner {
            return Err(Rejection::WrongPhase {
                what: "show an uncalled winning hand",
                phase: self.play.phase,
            });
        }
        let game_cards = self.rules.game.hole_cards();
        if cards.len() > game_cards {
            return Err(Rejection::HoleCardCount {
                pos,
                due: game_cards,
                got: cards.len(),
            });
        }
        let whole = cards.len() == self.play.hole[pos.0].len();
        if self.rules.live {
            // The cards shown are cards he was dealt (TR-11); face-down ones become known.
            let (hole, used) = self.play.match_shown(pos, &cards, self.stub_seen)?;
            self.play.used = used;
            self.play.hole[pos.0] = hole;
        } else {
            // PokerKit's reading: a card shown is his own, not one in play elsewhere (the
            // board, another hand); his whole hand shown replaces what was dealt.
            let mut used = self.play.used;
            for c in self.play.hole[pos.0].iter().flatten() {
                used.remove(*c);
            }
            for &c in &cards {
                if !used.insert(c) {
                    return Err(Rejection::CardInPlay { card: c });
                }
            }
            if whole {
                self.play.used = used;
                self.play.hole[pos.0] = cards.iter().map(|&c| Some(c)).collect();
            }
        }
        if whole {
            self.play.face_up[pos.0] = smallvec![true; cards.len()];
        }
        self.play.winner_showed(pos, &cards);
        Ok(())
    }

    pub(crate) fn insert_event(&mut self, at: usize, e: HandEvent) {
        self.play.events.insert(at.min(self.play.events.len()), e);
    }

    pub(crate) fn fold_out_of_turn(&mut self, i: usize) {
        self.play.active[i] = false;
        self.play.actors.retain(|a| *a != i);
        self.play.showdown.retain(|a| *a != i);
        self.play.events.push(HandEvent::Folded { pos: Pos(i) });
        match self.play.phase {
            Phase::Betting => crate::turns::after_action(self, false),
            Phase::Showdown if self.play.showdown.is_empty() => crate::turns::end_showdown(self),
            Phase::HoleDealing | Phase::BoardDealing | Phase::Showdown
                if self.active_count() == 1 =>
            {
                crate::turns::collect_bets(self);
                crate::showdown::pay_out(self, None);
            }
            _ => {}
        }
    }

    /// GCB-8: `pos` folded on false information and his cards can be retrieved: he gets them
    /// back and acts again. Only while his fold was the last thing that happened in the hand
    /// and the betting goes on.
    pub fn fold_retrieved(&mut self, pos: Pos) -> Result<(), Rejection> {
        let last_is_his_fold = matches!(
            self.play.events.last(),
            Some(HandEvent::Folded { pos: p }) if *p == pos
        );
        let Some((i, acted)) = self
            .last_fold
            .filter(|(i, _)| *i == pos.0 && last_is_his_fold && self.play.phase == Phase::Betting)
        else {
            return Err(Rejection::FoldNotRetrievable { pos });
        };
        self.play.active[i] = true;
        self.play.acted[i] = acted;
        self.play.actors.insert(0, i);
        self.last_fold = None;
        self.play.events.push(HandEvent::Irregularity {
            kind: crate::IrregularityKind::FoldRetrieved,
            pos: Some(pos),
            cards: Vec::new(),
            choice: None,
            remedy: "he folded on false information and his cards were retrieved: he gets them back and acts again".to_string(),
            rules: rule(&[Rule::Gcb8]),
        });
        Ok(())
    }

    pub(crate) fn has_acted_this_street(&self) -> bool {
        self.play.acted.iter().any(|&a| a)
    }

    pub(crate) fn board_mut(&mut self) -> &mut Board {
        &mut self.board
    }

    pub(crate) fn used_mut(&mut self) -> &mut CardSet {
        &mut self.play.used
    }

    pub(crate) fn take_hole_card(&mut self, i: usize, card: Card) -> bool {
        match self.play.hole[i]
            .iter()
            .position(|c| *c == Some(card))
            .or_else(|| self.play.hole[i].iter().position(|c| c.is_none()))
        {
            Some(k) => {
                self.play.hole[i].remove(k);
                self.play.face_up[i].remove(k);
                self.play.hole_due[i] += 1;
                true
            }
            None => false,
        }
    }

    pub(crate) fn front_actor(&self) -> Option<usize> {
        self.play.actors.first().copied()
    }

    pub(crate) fn street_raise_count(&self) -> u32 {
        self.play.raise_count
    }

    pub(crate) fn bet_of(&self, i: usize) -> Chips {
        self.play.bets[i]
    }

    /// Gives player `i` back `back` of the bet in front of him, by `rule` (a raise nobody
    /// called, TR-22).
    pub(crate) fn return_uncalled(&mut self, i: usize, back: Chips, rule_id: Rule) {
        self.play.stacks[i] += back;
        self.play.bets[i] -= back;
        self.play.put_in[i] -= back;
        self.play.events.push(HandEvent::BetReturned {
            pos: Pos(i),
            amount: back,
            rules: rule(&[rule_id]),
        });
    }

    fn begin_dealing(&mut self) {
        let Some(next) = self.play.street.next() else {
            crate::turns::begin_showdown(self);
            return;
        };
        self.play.street = next;
        if self.play.skip_burn {
            // TDA-RP-5: the burn of the premature card stays; no new burn.
            self.play.skip_burn = false;
        } else {
            let card = self.preset_burn.take();
            let by = self.preset_burn_by.take();
            let rules = match (card, by) {
                // The card set aside by the remedy is the burn: the remedy's rule decides it.
                (Some(_), Some(by)) if self.rules.live => rule(&[by]),
                (Some(_), _) => rule(&[Rule::Tr32, Rule::Tr31]),
                (None, _) => rule(&[Rule::Tr32]),
            };
            self.play.events.push(HandEvent::CardBurned {
                street: next,
                card,
                rules,
            });
        }
        self.board_due = next.board_cards();
        self.play.phase = Phase::BoardDealing;
    }

    // ----- showdown -----

    /// The best hand a player shows: face-up hole cards with the board.
    fn shown_strength(&self, i: usize) -> Option<Strength> {
        let mut up_buf = [placeholder_card(); 4];
        let mut n_up = 0;
        for (c, &u) in self.play.hole[i].iter().zip(&self.play.face_up[i]) {
            if let (true, Some(c)) = (u, c)
                && n_up < up_buf.len()
            {
                up_buf[n_up] = *c;
                n_up += 1;
            }
        }
        let up = &up_buf[..n_up];
        match self.rules.game {
            GameKind::Holdem => {
                if n_up + self.board.len() < 5 || n_up + self.board.len() > 7 {
                    return None;
                }
                let key = up
                    .iter()
                    .chain(&self.board)
                    .fold(CardKey::NONE, |k, &c| k + CardKey::of(c));
                Some(HandKey::EMPTY.plus(key).strength())
            }
            // A stud hand is judged by its own cards (`judge_cards`), never by a board.
            GameKind::Stud | GameKind::StudHiLo | GameKind::Razz => None,
            GameKind::Omaha => {
                if up.len() < 2 || self.board.len() < 3 {
                    return None;
                }
                let mut best: Option<Strength> = None;
                for a in 0..up.len() {
                    for b in a + 1..up.len() {
                        let pair = CardKey::of(up[a]) + CardKey::of(up[b]);
                        for x in 0..self.board.len() {
                            for y in x + 1..self.board.len() {
                                for z in y + 1..self.board.len() {
                                    let k = pair
                                        + CardKey::of(self.board[x])
                                        + CardKey::of(self.board[y])
                                        + CardKey::of(self.board[z]);
                                    let s = HandKey::EMPTY.plus(k).strength();
                                    best = Some(best.map_or(s, |b| b.max(s)));
                                }
                            }
                        }
                    }
                }
                best
            }
        }
    }

    /// Whether the hand waits for the dealer to award its pots: the board's cards were not
    /// entered and more than one live hand is left at the showdown.
    pub fn awaiting_award(&self) -> bool {
        self.play.phase == Phase::Showdown
            && self.board_unseen > 0
            && self.play.street == Street::River
            && self.active_count() > 1
    }

    /// The pots still to be awarded by the dealer's reading, by index (0: the main pot).
    pub fn pots_to_award(&self) -> Vec<usize> {
        if !self.awaiting_award() {
            return Vec::new();
        }
        (0..self.pots().len())
            .filter(|&k| !self.awarded.get(k).copied().unwrap_or(false))
            .collect()
    }

    /// The dealer's reading of a showdown whose board cards were not entered: pot `pot` (0 is
    /// the main pot) goes to `winners`, split among them by the odd-chip rule when more than
    /// one (TR-3.6). Each winner must hold a live hand with a claim to that pot. A pot with one
    /// live hand left in it goes to him without a reading; when every pot is awarded the hand
    /// is over. The players still due to show need not: the dealer read the hands.
    pub fn award_pot(&mut self, pot: usize, winners: &[Pos]) -> Result<(), Rejection> {
        if self.play.phase != Phase::Showdown || (self.board_unseen > 0 && !self.awaiting_award()) {
            return Err(Rejection::WrongPhase {
                what: "award a pot",
                phase: self.play.phase,
            });
        }
        if self.board_unseen == 0 {
            return Err(Rejection::CardsDecide);
        }
        let pots = self.pots();
        let Some(p) = pots.get(pot) else {
            return Err(Rejection::NoSuchPot {
                pot,
                pots: pots.len(),
            });
        };
        if self.awarded.get(pot).copied().unwrap_or(false) {
            return Err(Rejection::PotAlreadyAwarded { pot });
        }
        if winners.is_empty() {
            return Err(Rejection::NoWinnerNamed { pot });
        }
        for (k, w) in winners.iter().enumerate() {
            if winners[..k].contains(w) {
                return Err(Rejection::NotEligible { pos: *w, pot });
            }
            if !p.eligible.contains(w) || !self.play.active.get(w.0).copied().unwrap_or(false) {
                return Err(Rejection::NotEligible { pos: *w, pot });
            }
        }
        self.play.showdown.clear();
        self.prepare_award(pots.len());
        let mut order: Vec<usize> = winners.iter().map(|w| w.0).collect();
        order.sort_unstable();
        self.award_one(pot, p, &order);
        self.await_award();
        Ok(())
    }

    fn prepare_award(&mut self, pots: usize) {
        if self.awarded.len() != pots {
            self.awarded = vec![false; pots];
            self.award_won = seats(Chips::ZERO, self.play.n);
        }
    }

    /// Pot `k` to `winners` (positions, in seat order) by the dealer's reading.
    fn award_one(&mut self, k: usize, pot: &Pot, winners: &[usize]) {
        let crate::pots::Division {
            shares,
            carried,
            rules,
        } = crate::pots::divide(
            pot.amount,
            winners,
            self.rules.chip_unit,
            self.rules.odd_chip,
        );
        if !carried.is_zero() {
            self.award_carried += carried;
            self.play.events.push(HandEvent::RemainderCarried {
                amount: carried,
                rules: rule(&[Rule::Nob3]),
            });
        }
        for (p, c) in &shares {
            self.award_won[p.0] += *c;
        }
        let rules = if winners.len() > 1 {
            rules
        } else {
            rule(&[Rule::Tr36])
        };
        self.play.events.push(HandEvent::PotAwarded {
            pot: k,
            amount: pot.amount,
            eligible: pot.eligible.clone(),
            shares,
            winning_hand: None,
            rules,
            read_by_dealer: true,
        });
        self.awarded[k] = true;
    }

    /// Awards what needs no reading (a pot with one live hand in it, or none), and ends the
    /// hand once every pot is awarded.
    fn await_award(&mut self) {
        let pots = self.pots();
        self.prepare_award(pots.len());
        for (k, pot) in pots.iter().enumerate() {
            if self.awarded[k] {
                continue;
            }
            let live: Vec<usize> = pot
                .eligible
                .iter()
                .map(|p| p.0)
                .filter(|&i| self.play.active[i])
                .collect();
            match live.as_slice() {
                [] => {
                    self.award_carried += pot.amount;
                    self.play.events.push(HandEvent::RemainderCarried {
                        amount: pot.amount,
                        rules: rule(&[Rule::Nob3]),
                    });
                    self.awarded[k] = true;
                }
                [one] => {
                    let one = *one;
                    self.award_one(k, pot, &[one]);
                }
                _ => {}
            }
        }
        if self.awarded.iter().all(|&a| a) {
            let won = self.award_won.clone();
            self.play.carry_out += self.award_carried;
            self.play.settle(&won);
        }
    }
}

/// Hole cards as a dealer reads them: `2c 7d`, a card dealt face down as `??`.
pub(crate) fn describe_hole(cards: &[Option<Card>]) -> String {
    let faces: Vec<String> = cards
        .iter()
        .map(|c| c.map_or_else(|| "??".to_string(), |c| c.to_string()))
        .collect();
    faces.join(" ")
}

/// The cards in play with a player's recorded cards `was` taken out and `now` put in instead
/// (a correction, TR-26); refused when one of `now` is in play elsewhere.
pub(crate) fn replace_known(
    mut used: CardSet,
    was: &[Option<Card>],
    now: &[Card],
) -> Result<CardSet, Rejection> {
    for c in was.iter().flatten() {
        used.remove(*c);
    }
    for &c in now {
        if !used.insert(c) {
            return Err(Rejection::CardInPlay { card: c });
        }
    }
    Ok(used)
}

/// A placeholder for fixed-size card buffers; index 0 always exists.
fn placeholder_card() -> Card {
    Card::new(floorbook_cards::Rank::Two, floorbook_cards::Suit::Clubs)
}

/// The engine's questions to the game, answered from the hand's rules: the structure
/// (no-limit, pot-limit, fixed limit), the forced bets (blinds or the bring-in) and the way
/// the cards are dealt and judged (a board, or stud's up and down cards).
impl crate::turns::sealed::Game for Hand {
    fn raise_range(&self, i: usize) -> Option<(Chips, Chips)> {
        self.raise_limits(i).ok()
    }
    fn dealt_last(&self) -> Option<usize> {
        self.replacement_last
    }
    /// Left of the largest bet in front (the big blind's or a straddle's before the flop; the
    /// button's left after it), or whom the set-up names before the flop; in stud the up
    /// cards name him.
    fn first_to_act(&self) -> Option<(usize, bool)> {
        if self.is_stud() {
            return self.stud_first_to_act();
        }
        let max_index = (0..self.play.n)
            .max_by_key(|&i| (self.play.bets[i], i))
            .unwrap_or(0);
        let opener = match self.setup.first_to_act {
            Some(p) if self.play.street == Street::Preflop && p.0 < self.play.n => p.0,
            _ => (max_index + 1) % self.play.n,
        };
        Some((opener, false))
    }
    /// TR-8: before any raise, a full raise is measured against the big blind before the
    /// flop (a live table) or the opening bet; stud's third street owes the bring-in.
    fn round_opening(&mut self, opener: usize, by_suit: bool, order: &[usize]) -> Chips {
        if self.is_stud() {
            self.stud_round_opening(opener, by_suit, order)
        } else if self.blind_is_the_bet() {
            self.rules.min_bet
        } else {
            Chips::ZERO
        }
    }
    /// The bring-in, all in for less when the stack is short; the floor may let him fold
    /// (TDA-RP-10 E).
    fn bring_in_due(&self, i: usize) -> Option<(Chips, bool)> {
        self.stud.bring_in_due.then(|| {
            (
                self.limits().bring_in.min(self.play.stacks[i]),
                self.stud.bring_in_may_fold,
            )
        })
    }
    /// TR-8 (PLO-7 and PLO-8 in pot limit), NOB-12 with a cap on the raises; fixed limit's
    /// one amount cites nothing, a bring-in due TDA-RP-10.
    fn legal_rules(&self) -> RuleSet {
        let mut rules = match self.rules.structure {
            Structure::FixedLimit if self.stud.bring_in_due => return rule(&[Rule::TdaRp10]),
            Structure::FixedLimit => return RuleSet::EMPTY,
            Structure::PotLimit => rule(&[Rule::Plo7, Rule::Plo8]),
            Structure::NoLimit => rule(&[Rule::Tr8]),
        };
        if self.rules.raise_cap.is_some() {
            rules = rules.with(Rule::Nob12);
        }
        rules
    }
    fn bet_to_match(&self) -> Chips {
        self.max_bet()
    }
    fn to_call(&self, i: usize) -> Chips {
        self.call_amount(i)
    }
    /// The player who must bring it in may not fold, unless the floor let him (TDA-RP-10 E).
    fn may_fold(&self, i: usize) -> Result<(), Rejection> {
        match self.stud.bring_in_due && !self.stud.bring_in_may_fold {
            true => Err(self.bring_in_refusal(i)),
            false => Ok(()),
        }
    }
    fn may_call(&self, i: usize) -> Result<(), Rejection> {
        match self.stud.bring_in_due {
            true => Err(self.bring_in_refusal(i)),
            false => Ok(()),
        }
    }
    /// GCB-8: a fold on false information can be taken back while nothing followed it; a
    /// stud hand's cards go to the muck (counted for a short stub, TDA-RP-10 H).
    fn folded_in_turn(&mut self, i: usize, acted: bool) {
        if self.is_stud() {
            self.stud.mucked += self.play.hole[i].len();
        } else {
            self.last_fold = Some((i, acted));
        }
    }
    fn round_closing(&mut self) {
        self.stud.bring_in_due = false;
        self.stud.bring_in_may_fold = false;
    }
    fn keeps_the_winners_bet(&self) -> bool {
        !self.is_stud()
    }
    fn showdown_rules(&self) -> RuleSet {
        if self.is_stud() {
            rule(&[Rule::Tr36])
        } else {
            rule(&[Rule::Tr11, Rule::Tr36])
        }
    }
    fn deal_next_street(&mut self) {
        if !self.is_stud() {
            self.begin_dealing();
        } else if let Some(next) = self.play.street.next() {
            self.play.street = next;
            self.begin_stud_street();
        }
    }
    /// High, by the cards shown with the board; stud's ways by the cards each shows.
    fn terms(&self) -> Terms {
        if self.is_stud() {
            return self.stud_terms();
        }
        Terms {
            ways: &[Way::High],
            unit: self.rules.chip_unit,
            odd: self.rules.odd_chip,
            live: self.rules.live,
            unshown_split: true,
            names_sole_winner: self.rules.live,
            kills_by_known_cards: false,
            deals_out_alone: false,
            describe: name_of,
        }
    }
    fn judge(&self, way: Way, i: usize, known: bool) -> Option<Judged> {
        match (self.is_stud(), known) {
            (false, _) => self.shown_strength(i).map(Judged::High),
            (true, true) => {
                let known: Vec<Card> = self.play.hole[i].iter().flatten().copied().collect();
                self.judge_cards(way, &known)
            }
            (true, false) => self.judge_cards(way, &self.up_of(i)),
        }
    }
    /// Stud names a hand by the cards it shows, with the community card.
    fn shown_cards(&self) -> Vec<Vec<Card>> {
        if !self.is_stud() {
            return Vec::new();
        }
        (0..self.play.n)
            .map(|i| {
                let mut all = self.up_of(i);
                all.extend_from_slice(&self.board);
                all
            })
            .collect()
    }
    /// The board's cards were not entered and more than one live hand is left.
    fn dealer_reads(&mut self) -> bool {
        let reads = self.board_unseen > 0 && self.active_count() > 1;
        if reads {
            self.play.showdown.clear();
            self.await_award();
        }
        reads
    }
    fn out_of_turn_rule(&self) -> OutOfTurnRule {
        self.rules.irregularities.out_of_turn
    }
    /// Fixed limit, and a hand off a live table, read a short all-in as PokerKit does.
    fn short_call_reopens_nothing(&self) -> bool {
        self.rules.structure == Structure::FixedLimit || !self.rules.live
    }
    fn raise_cap(&self) -> Option<u32> {
        self.rules.raise_cap
    }
    fn raise_room_rule(&self) -> Rule {
        if self.rules.structure == Structure::FixedLimit {
            Rule::Tr8
        } else {
            Rule::Tr10
        }
    }
    fn short_raise_counts(&self) -> bool {
        self.rules.structure == Structure::FixedLimit || !self.rules.live
    }
    fn live(&self) -> bool {
        self.rules.live
    }
    /// No-limit and pot-limit: from the least full raise to the stack or the pot (TR-8,
    /// PLO-8); a live table bets in the chips in play (TR-15). A raise below the least is
    /// refused here; a profile that reads it by PLO-7's under-half rule goes through
    /// [`Hand::raise_to_as_read`]. Fixed limit: the one amount.
    fn raise_checked(&mut self, i: usize, to: Chips) -> Result<RuleSet, Rejection> {
        if self.rules.structure == Structure::FixedLimit {
            return self.stud_raise_checked(i, to);
        }
        let (min, max) = self.raise_limits(i)?;
        let rule_id = match self.rules.structure {
            Structure::NoLimit | Structure::FixedLimit => Rule::Tr8,
            Structure::PotLimit => Rule::Plo8,
        };
        if to < min {
            return Err(Rejection::RaiseBelowMinimum {
                min,
                max,
                got: to,
                rule: rule_id,
            });
        }
        if to > max {
            return Err(Rejection::RaiseAboveMaximum {
                min,
                max,
                got: to,
                rule: rule_id,
            });
        }
        // Chips that are no longer in play cannot be bet (TR-15); all in, the stack is what
        // it is.
        let all_in = to == self.play.stacks[i] + self.play.bets[i];
        let unit = self.rules.chip_unit;
        if self.rules.live && unit > Chips(1) && !all_in && !to.0.is_multiple_of(unit.0) {
            return Err(Rejection::NotPayable { to, unit });
        }
        let mut rules = rule(&[rule_id]);
        if self.rules.raise_cap.is_some() {
            rules = rules.with(Rule::Nob12);
        }
        if all_in {
            rules = rules.with(Rule::Tr10);
        }
        Ok(rules)
    }
    fn uncalled_winner_shows(&mut self, pos: Pos, cards: Vec<Card>) -> Result<(), Rejection> {
        if self.is_stud() {
            self.stud_uncalled_winner_shows(pos, cards)
        } else {
            self.winner_shows(pos, cards)
        }
    }
    fn stub_seen(&self) -> CardSet {
        self.stub_seen
    }
    /// Stud: cards that were unknown and are named now count as known cards dealt.
    fn corrected(&mut self, _: usize, was: &[Option<Card>]) {
        if self.is_stud() {
            self.stud.known_dealt += was.iter().filter(|c| c.is_none()).count();
        }
    }
    fn last_live_hand_wins(&self) -> bool {
        self.rules.last_live_hand == LastLiveHand::WinsThePot
    }
    fn mucked(&mut self, i: usize) {
        if self.is_stud() {
            self.stud.mucked += self.play.hole[i].len();
        }
    }
    /// At a live table the cards shown are the hand's whole, matched against the cards
    /// dealt; PHH's shown cards replace what was dealt (a live hand's cards become known).
    fn shown(&self, pos: Pos, cards: &[Option<Card>]) -> Result<Shown, Rejection> {
        if self.is_stud() {
            return self.stud_shown(pos, cards);
        }
        if self.rules.live {
            let due = self.play.hole[pos.0].len();
            if cards.len() != due || cards.contains(&None) {
                return Err(Rejection::ShowWhole {
                    pos,
                    due,
                    got: cards.iter().flatten().count(),
                });
            }
            let named: Vec<Card> = cards.iter().flatten().copied().collect();
            let (hole, used) = self.play.match_shown(pos, &named, self.stub_seen)?;
            return Ok(Shown {
                hole,
                up: smallvec![true; due],
                used,
            });
        }
        let mut used = self.play.used;
        for c in self.play.hole[pos.0].iter().flatten() {
            used.remove(*c);
        }
        for c in cards.iter().flatten() {
            if !used.insert(*c) {
                return Err(Rejection::CardInPlay { card: *c });
            }
        }
        Ok(Shown {
            hole: SmallVec::from_slice(cards),
            up: cards.iter().map(|c| c.is_some()).collect(),
            used,
        })
    }
    /// The player's own word sets a held raise's size at a live table (fixed limit: the
    /// street's one raise, whatever was said).
    fn held_raise_commits(&self, to: Chips) -> Option<Chips> {
        (self.rules.live && self.rules.structure != Structure::FixedLimit).then_some(to)
    }
    fn held_void(&self) -> bool {
        self.stud.bring_in_due
    }
    fn raise_as_held(&mut self, pos: Pos, to: Chips) -> Result<(), Rejection> {
        if self.rules.structure == Structure::FixedLimit {
            self.raise_fixed(pos)
        } else {
            self.raise_to_as_read(pos, to).map(drop)
        }
    }
}

/// A flop game's winning hand, named by its category.
fn name_of(_: Way, hand: &Judged, _: &[Card]) -> String {
    match hand {
        Judged::High(s) => format!("{:?}", s.category()),
        Judged::Low(l) => l.en.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::{Hand, MAX_CHIPS, Rejection};
    use crate::play::second_largest;
    use crate::{Chips, HandRules, HandSetup};

    #[test]
    fn chips_in_play_past_64_bits_are_refused_not_wrapped() {
        let setup = |stacks: Vec<Chips>, carried: Chips| HandSetup {
            absent: Vec::new(),
            antes: vec![Chips::ZERO; stacks.len()],
            blinds: vec![Chips(1), Chips(2)],
            stacks,
            carried,
            dead_blinds: Vec::new(),
            first_to_act: None,
        };
        let rules = HandRules::no_limit_holdem(Chips(2));
        let err = Hand::new(
            rules.clone(),
            setup(vec![Chips(u64::MAX), Chips(1)], Chips::ZERO),
        )
        .expect_err("past 64 bits");
        assert_eq!(
            err,
            Rejection::ChipsOutOfRange {
                got: u128::from(u64::MAX) + 1,
                max: MAX_CHIPS,
            }
        );
        // Chips carried in count too; exactly 64 bits' worth is playable.
        assert!(
            Hand::new(
                rules.clone(),
                setup(vec![Chips(u64::MAX - 1), Chips(1)], Chips(1))
            )
            .is_err()
        );
        assert!(
            Hand::new(
                rules,
                setup(vec![Chips(u64::MAX - 1), Chips(1)], Chips::ZERO)
            )
            .is_ok()
        );
    }

    fn c(v: &[u64]) -> Vec<Chips> {
        v.iter().map(|&x| Chips(x)).collect()
    }

    #[test]
    fn nob_15_the_largest_is_cut_to_the_second_largest() {
        assert_eq!(second_largest(&c(&[3, 9, 4])), Chips(4));
        // A tie for the largest: both are matched, nothing comes back.
        assert_eq!(second_largest(&c(&[5, 3, 5])), Chips(5));
        assert_eq!(second_largest(&c(&[0, 0, 7])), Chips(0));
        assert_eq!(second_largest(&c(&[7])), Chips(0));
    }
}
