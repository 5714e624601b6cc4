//! The rule profile of a hand and its set-up.

use floorbook_eval::Game;
use serde::{Deserialize, Serialize};

use crate::Chips;

/// How much may be bet.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Structure {
    /// Up to the whole stack (TR-8, NOB-14).
    NoLimit,
    /// Up to the pot after the call; at least the big blind (PLO-8).
    PotLimit,
    /// One bet and raise size per street (stud: the small bet, then the big bet).
    FixedLimit,
}

/// Where chips that do not divide evenly among tied winners go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OddChip {
    /// One chip at a time to the winners from the first seat left of the button (TR-16).
    LeftOfButton,
    /// The remainder stays in the pot for the next hand (NOB-3).
    CarryToNextHand,
    /// The whole remainder to the tied winner with the lowest position (PokerKit, PHH).
    WholeRemainderToFirst,
}

/// How chips put in without a declaration are read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ChipReading {
    /// TR-23: an oversized chip facing a bet is a call; as an opening bet after the flop it
    /// counts at full value; with "raise" declared and no amount it is the largest raise up to
    /// its value.
    Tr23,
    /// GCB-4: a single chip facing a bet is a call; with no bet it is a bet; with one's own
    /// blind in front and no raise yet, the whole chip is a raise.
    Gcb4,
}

/// What happens to a raise below the minimum.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnderMinimum {
    /// Refused, with the minimum (TR-8: all-in is the only exception).
    Refuse,
    /// PLO-7: below half of the required raise it is a call and the excess goes back;
    /// otherwise it is completed to the minimum.
    HalfRule,
}

/// The remedies for irregularities; TDA procedures unless a seed profile says otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct IrregularityRules {
    /// A player who opens his own cards during play: folded (TR-3.4) or plays on with a
    /// warning after the hand (GCB-8).
    pub own_exposure: OwnExposure,
    /// Board cards dealt before the betting ended: reshuffle and re-deal (TR-3.3), or the
    /// burn stays and the street is dealt again from the reshuffled stub (TDA-RP-5).
    pub premature_board: PrematureBoard,
    /// A flop dealt without a burn: the hand goes on (TR-3.2) or, if nobody acted yet, one of
    /// the three becomes the burn (TDA-39B).
    pub missing_burn: MissingBurn,
    /// An action out of turn: binding (TR-21) or withdrawable when a skipped player changed
    /// the action (GCB-3).
    pub out_of_turn: OutOfTurnRule,
}

impl Default for IrregularityRules {
    fn default() -> Self {
        IrregularityRules {
            own_exposure: OwnExposure::Fold,
            premature_board: PrematureBoard::TdaRp5,
            missing_burn: MissingBurn::Tda39b,
            out_of_turn: OutOfTurnRule::Gcb3,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OwnExposure {
    /// TR-3.4
    Fold,
    /// GCB-8
    PlayOn,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PrematureBoard {
    /// TR-3.3
    Tr33,
    /// TDA-RP-5
    TdaRp5,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MissingBurn {
    /// TR-3.2
    GoesOn,
    /// TDA-39B
    Tda39b,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OutOfTurnRule {
    /// TR-21
    Binding,
    /// GCB-3
    Gcb3,
}

/// What happens when a hand at the showdown would leave a pot with no live hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LastLiveHand {
    /// TR-3.6, and every card room: the last live hand in a pot wins it and cannot be mucked;
    /// when everyone else has mucked it takes every pot unseen.
    #[default]
    WinsThePot,
    /// PokerKit, for PHH replays: any hand may be mucked, and a pot whose every eligible hand
    /// was mucked stays in the pot for the next hand.
    PokerKit,
}

/// The rules a hand is played under; the profile layer fills them from a seed profile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandRules {
    pub game: GameKind,
    pub structure: Structure,
    /// The minimum bet, and the least raise increment (the big blind; TR-8, PLO-7, PLO-8).
    pub min_bet: Chips,
    /// At most this many bets and raises per betting round (NOB-12); None: no cap.
    pub raise_cap: Option<u32>,
    pub odd_chip: OddChip,
    /// The smallest chip in play: a split pot is divided in multiples of it, and what cannot
    /// be divided is the odd chip (TR-16, NOB-3). 1 unless the table's lowest denomination is
    /// larger.
    pub chip_unit: Chips,
    /// Antes above the second-largest ante are returned (PHH `ante_trimming_status`).
    pub ante_trimming: bool,
    /// How undeclared chips are read (TR-23 or GCB-4).
    pub chip_reading: ChipReading,
    /// What a raise below the minimum is (TR-8 refuses; PLO-7 reads it).
    pub under_minimum: UnderMinimum,
    /// Remedies for irregularities.
    #[serde(default)]
    pub irregularities: IrregularityRules,
    /// The last live hand at the showdown (TR-3.6).
    #[serde(default)]
    pub last_live_hand: LastLiveHand,
    /// A live table's readings of the seeds (tournaments from rules revision 4 on): a show
    /// is the cards dealt and opens the whole hand (TR-11, TR-3.6); an all-in showdown turns
    /// every live hand up (TR-3.6); before the flop the big blind is called in full even when
    /// it is short (NOB-13) and an all-in short of a full raise over the big blind does not
    /// reopen the betting nor count against a raise cap (TR-8, NOB-12); bets are payable in
    /// the chips in play (TR-15). Off for PHH replays, which read a hand as PokerKit does,
    /// and for tournaments opened under earlier revisions.
    #[serde(default)]
    pub live: bool,
    /// Fixed limit's amounts (stud: the bring-in, the small and the big bet); None in
    /// no-limit and pot-limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<FixedLimits>,
}

/// The amounts of a fixed-limit game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct FixedLimits {
    /// The forced bet of the lowest up card (Razz: the highest) on third street.
    pub bring_in: Chips,
    /// The bet and raise on third and fourth street; the bring-in is completed to it.
    pub small_bet: Chips,
    /// The bet and raise on fifth to seventh street.
    pub big_bet: Chips,
}

impl HandRules {
    /// No-limit Hold'em under the club's tournament rules: the raise increment and least bet
    /// `min_bet` (TR-8), no raise cap, the odd chip left of the button (TR-16) in units of 1,
    /// undeclared chips read by TR-23, a raise below the minimum refused (TR-8), the default
    /// irregularity remedies and last-live-hand rule. Profiles set every field themselves;
    /// this is the starting point for a hand set up by hand.
    pub fn no_limit_holdem(min_bet: Chips) -> HandRules {
        HandRules {
            game: GameKind::Holdem,
            structure: Structure::NoLimit,
            min_bet,
            raise_cap: None,
            odd_chip: OddChip::LeftOfButton,
            chip_unit: Chips(1),
            ante_trimming: false,
            chip_reading: ChipReading::Tr23,
            under_minimum: UnderMinimum::Refuse,
            irregularities: IrregularityRules::default(),
            last_live_hand: LastLiveHand::default(),
            live: true,
            limits: None,
        }
    }

    /// Fixed-limit stud under the TDA's procedures: four bets per street (a bet or completion
    /// and three raises), the odd chip to the first seat left of the dealer, chips in units of
    /// 1, an action out of turn binding (TR-21), a live table.
    pub fn fixed_limit_stud(
        game: StudGame,
        bring_in: Chips,
        small_bet: Chips,
        big_bet: Chips,
    ) -> HandRules {
        HandRules {
            game: game.kind(),
            structure: Structure::FixedLimit,
            min_bet: small_bet,
            raise_cap: Some(4),
            irregularities: IrregularityRules {
                out_of_turn: OutOfTurnRule::Binding,
                ..IrregularityRules::default()
            },
            limits: Some(FixedLimits {
                bring_in,
                small_bet,
                big_bet,
            }),
            ..HandRules::no_limit_holdem(small_bet)
        }
    }
}

/// Which stud is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StudGame {
    /// Seven-card stud: the best five-card high hand wins.
    High,
    /// Stud hi-lo eight or better: the pot is split between the best high hand and the best
    /// five-card low of eight or better; without a qualifying low the high hand takes all.
    HiLo,
    /// Razz: the best ace-to-five low wins; the highest up card brings it in.
    Razz,
}

impl StudGame {
    /// The PHH variant code.
    pub fn phh_variant(self) -> &'static str {
        match self {
            StudGame::High => "F7S",
            StudGame::HiLo => "F7S/8",
            StudGame::Razz => "FR",
        }
    }

    /// The game of a PHH variant code.
    pub fn of_phh_variant(code: &str) -> Option<StudGame> {
        match code {
            "F7S" => Some(StudGame::High),
            "F7S/8" => Some(StudGame::HiLo),
            "FR" => Some(StudGame::Razz),
            _ => None,
        }
    }

    /// The game this stud is.
    pub fn kind(self) -> GameKind {
        match self {
            StudGame::High => GameKind::Stud,
            StudGame::HiLo => GameKind::StudHiLo,
            StudGame::Razz => GameKind::Razz,
        }
    }
}

/// The game: Hold'em or Omaha (blinds and a board), or a seven-card stud (antes, a bring-in,
/// up and down cards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Holdem,
    Omaha,
    /// Seven-card stud (high).
    Stud,
    /// Seven-card stud hi-lo, eight or better.
    StudHiLo,
    Razz,
}

impl GameKind {
    /// How the hands are evaluated (a stud hand's best five of its cards: five-card rules).
    pub fn eval_game(self) -> Game {
        match self {
            GameKind::Holdem => Game::Holdem,
            GameKind::Omaha => Game::Omaha,
            GameKind::Stud | GameKind::StudHiLo | GameKind::Razz => Game::FiveCard,
        }
    }

    /// A player's own cards: two, four, or stud's seven.
    pub fn hole_cards(self) -> usize {
        match self {
            GameKind::Holdem => 2,
            GameKind::Omaha => 4,
            GameKind::Stud | GameKind::StudHiLo | GameKind::Razz => 7,
        }
    }

    /// The stud game, if this is one.
    pub fn stud(self) -> Option<StudGame> {
        match self {
            GameKind::Stud => Some(StudGame::High),
            GameKind::StudHiLo => Some(StudGame::HiLo),
            GameKind::Razz => Some(StudGame::Razz),
            GameKind::Holdem | GameKind::Omaha => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            GameKind::Holdem => "Hold'em",
            GameKind::Omaha => "Omaha",
            GameKind::Stud => "seven-card stud",
            GameKind::StudHiLo => "seven-card stud hi-lo",
            GameKind::Razz => "Razz",
        }
    }
}

/// The players and forced bets of one hand, by position (0 = first left of the button; in
/// stud, which has no button, the first seat left of the dealer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSetup {
    pub stacks: Vec<Chips>,
    /// Dead antes, per position (a big-blind ante is an ante at the big blind's position).
    pub antes: Vec<Chips>,
    /// Live forced bets per position: small blind, big blind, straddles (GCB-5).
    pub blinds: Vec<Chips>,
    /// Chips already in the pot from the previous hand (NOB-3).
    pub carried: Chips,
    /// Dead blinds per position: a missed small blind posted dead, which is no part of the
    /// player's bet (GCB-6). Empty means none.
    #[serde(default)]
    pub dead_blinds: Vec<Chips>,
    /// Who acts first before the flop, where a live blind posted out of position (a player
    /// coming back, GCB-6) would otherwise move the start: the player left of the big blind
    /// or the straddle. None: left of the largest blind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_to_act: Option<crate::Pos>,
    /// Stud: players not at their seats at the deal, whose cards are dealt and folded
    /// (TDA-RP-10 C). Empty means none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<bool>,
}
