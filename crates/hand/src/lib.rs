//! The hand engine: one hand at one table, from the forced bets to the last chip pushed.
//!
//! Design. A [`Hand`] is a deterministic state machine over positions `0..n` counted clockwise
//! from the first seat left of the button (so the button is the last position; heads-up,
//! position 0 is the big blind and position 1 the button, TR-25 / NOB-11; stud, which has no
//! button, counts from the dealer's left). One `Hand` plays every game: Hold'em, Omaha, and
//! seven-card stud, stud hi-lo and Razz, the game being data of its [`HandRules`]. Every change comes
//! from a command ([`Hand::deal_hole`], [`Hand::bet_or_raise_to`], …) that is checked against
//! the rules first and rejected with a [`Rejection`] naming the rule and what was allowed;
//! nothing changes on a rejection. Forced bets, bet collection, returned uncalled bets, card
//! burning, hand killing and pot pushing follow by themselves, and every step is recorded as a
//! [`HandEvent`] with the rule IDs that decided it. Queries say whose turn it is and what they
//! may do ([`Hand::legal`]).
//!
//! The rule profile ([`HandRules`]) chooses between the seeds' readings: pot-limit (PLO-8),
//! no-limit (TR-8) or fixed limit (stud's, TDA-RP-10), a raise cap (NOB-12), and the odd chip (TR-16, NOB-3, or PokerKit's whole
//! remainder). At the showdown only face-up cards play: a hand kept face down is judged on the
//! board alone (TR-3.6), which is also PokerKit's reading of PHH.
//!
//! Invariant: pure. No I/O, no clock, no randomness: cards come in through commands.

mod chips;
mod command;
mod declare;
mod event;
mod hand;
mod irregular;
mod play;
mod pots;
mod rules;
mod showdown;
mod stored;
mod stud;
mod turns;

pub use chips::{Chips, Pos};
pub use command::HandCommand;
pub use declare::{Declared, Interpretation, PutIn, Reading};
pub use event::HandEvent;
pub use hand::{
    Hand, Legal, MAX_CHIPS, Phase, RaiseBarred, Rejection, ShowOrMuck, Street, StudRemedyBarred,
};
pub use irregular::{IrregularityKind, OutOfTurn};
pub use play::Play;
pub use pots::Pot;
pub use rules::{
    ChipReading, FixedLimits, GameKind, HandRules, HandSetup, IrregularityRules, LastLiveHand,
    MissingBurn, OddChip, OutOfTurnRule, OwnExposure, PrematureBoard, Structure, StudGame,
    UnderMinimum,
};
pub use stud::MAX_STUD_PLAYERS;
pub use turns::Turns;
