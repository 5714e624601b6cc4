//! Seven-card stud: one hand at one table, from the antes to the last chip pushed.
//!
//! Positions are seats clockwise from the dealer's left (PHH's `p1` is position 0); there is no
//! button and no blind. Each player antes; on third street he gets two cards down and one up,
//! on fourth to sixth one up each, on seventh one down. The lowest up card brings it in on
//! third street (the suit breaks a tie: clubs, diamonds, hearts, spades; in Razz the highest
//! card), and the best hand showing acts first on each later street (in Razz the best low),
//! a tie going to the high card by suit (TDA-RP-10 D) at a live table and to the first seat in
//! a PHH replay, as PokerKit plays it. Betting is fixed limit: the small bet on third and
//! fourth street, the big bet after, whatever shows (TDA-RP-10 F); the bring-in is completed to
//! the small bet; bets, completions and raises per street are capped.
//!
//! The same engine plays Stud high, Stud hi-lo eight or better (each pot split between the
//! best high and the best qualifying low, the odd chip to the high) and Razz (the best
//! ace-to-five low). A PHH replay reads a hi-lo pot as PokerKit does: it has a low half when any
//! hand at the table has a low, and the eligible hands, none of which has one, then share it.
//! Every step is a [`HandEvent`] with the rules that decided it; a command
//! that is not allowed is refused with a [`Rejection`] and changes nothing.
//!
//! Invariant: pure, like the rest of the crate: cards and choices come in through commands.

#![allow(clippy::needless_range_loop)]

use floorbook_cards::{Card, CardSet};
use floorbook_eval::{CardKey, HandKey};
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::Turns;
use crate::hand::describe_hole;
use crate::play::{HoleCards, Play, rule};
use crate::showdown::{Judged, Terms, Way};
use crate::turns::sealed::Shown;
use crate::{
    Chips, HandEvent, IrregularityKind, LastLiveHand, OddChip, OutOfTurnRule, Phase, Pos, Rejection,
};
use crate::{Street, StudRemedyBarred};

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
}

/// The rules a stud hand is played under.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudRules {
    pub game: StudGame,
    /// The forced bet of the lowest card (Razz: the highest) on third street.
    pub bring_in: Chips,
    /// The bet and raise on third and fourth street; the bring-in is completed to it.
    pub small_bet: Chips,
    /// The bet and raise on fifth to seventh street.
    pub big_bet: Chips,
    /// Completions, bets and raises per street; None: no cap.
    pub cap: Option<u32>,
    pub odd_chip: OddChip,
    /// The smallest chip in play (a split is divided in multiples of it).
    pub chip_unit: Chips,
    /// Antes above the second-largest ante are returned (PHH `ante_trimming_status`).
    pub ante_trimming: bool,
    pub last_live_hand: LastLiveHand,
    /// An action out of turn: binding (TR-21) or withdrawable when a skipped player changed
    /// the action (GCB-3).
    #[serde(default = "binding")]
    pub out_of_turn: OutOfTurnRule,
    /// A live table's readings: ties for first to act by the high card's suit (TDA-RP-10 D);
    /// when the low card is all in with his ante, the next player may fold instead of bringing
    /// it in (TDA-RP-10 E); a show names the cards dealt (TR-11). Off for PHH replays, which
    /// follow PokerKit.
    pub live: bool,
}

impl StudRules {
    /// Fixed-limit stud under the TDA's procedures: four bets per street (a bet or completion
    /// and three raises), the odd chip to the first seat left of the dealer, chips in units of
    /// 1, a live table.
    pub fn fixed_limit(game: StudGame, bring_in: Chips, small_bet: Chips, big_bet: Chips) -> Self {
        StudRules {
            game,
            bring_in,
            small_bet,
            big_bet,
            cap: Some(4),
            odd_chip: OddChip::LeftOfButton,
            chip_unit: Chips(1),
            ante_trimming: false,
            last_live_hand: LastLiveHand::WinsThePot,
            out_of_turn: OutOfTurnRule::Binding,
            live: true,
        }
    }

    fn street_bet(&self, street: Street) -> Chips {
        match street {
            Street::Third | Street::Fourth => self.small_bet,
            _ => self.big_bet,
        }
    }
}

fn binding() -> OutOfTurnRule {
    OutOfTurnRule::Binding
}

/// The players of a stud hand, by seat from the dealer's left.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudSetup {
    pub stacks: Vec<Chips>,
    pub antes: Vec<Chips>,
    /// Chips already in the pot from the previous hand (NOB-3).
    #[serde(default)]
    pub carried: Chips,
    /// Players not at their seats at the deal: their cards are dealt and folded (TDA-RP-10 C).
    /// Empty means none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub absent: Vec<bool>,
}

/// The most players a stud hand seats: seven cards each and the burns come from one deck
/// only up to seven; with eight the last card may be a community card (TDA-RP-10 H).
pub const MAX_STUD_PLAYERS: usize = 8;

/// One stud hand in play. Serializable whole, so a replay can resume from a stored snapshot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StudHand {
    #[serde(flatten)]
    pub(crate) play: Play,
    rules: StudRules,
    setup: StudSetup,
    /// A community card dealt because the stub was short on seventh street (TDA-RP-10 H).
    board: Option<Card>,
    community_due: bool,
    /// Cards taken from the deck: dealt, burned, or dealt to the board.
    consumed: usize,
    /// Known cards dealt (to players or the board), burns, and the cards of folded hands:
    /// what PokerKit counts to decide that the stub is short.
    known_dealt: usize,
    burns: usize,
    mucked: usize,
    bring_in_due: bool,
    /// The player who must bring it in may fold instead (TDA-RP-10 E).
    bring_in_may_fold: bool,
    completion_due: bool,
}

/// A card's rank in a game's order: two lowest and ace highest, or in Razz ace lowest.
fn rank_in(game: StudGame, c: Card) -> u8 {
    match game {
        StudGame::Razz => (c.rank().index() + 1) % 13,
        _ => c.rank().index(),
    }
}

/// What a player shows for the order of action on fourth to seventh street: the kind (high
/// card, pair, two pair, three, four of a kind; straights and flushes do not count) and the
/// ranks from the largest group and the highest rank down. Larger is the stronger high hand.
fn showing_key(game: StudGame, up: &[Card]) -> Vec<u8> {
    let mut counts = [0u8; 13];
    for &c in up {
        counts[rank_in(game, c) as usize] += 1;
    }
    let mut ranks: Vec<(u8, u8)> = (0..13u8)
        .filter(|&r| counts[r as usize] > 0)
        .map(|r| (counts[r as usize], r))
        .collect();
    ranks.sort_unstable_by(|a, b| b.cmp(a));
    let kind = match ranks.iter().map(|r| r.0).collect::<Vec<_>>().as_slice() {
        [4, ..] => 4,
        [3, ..] => 3,
        [2, 2, ..] => 2,
        [2, ..] => 1,
        _ => 0,
    };
    let mut key = vec![kind];
    for (count, r) in ranks {
        for _ in 0..count {
            key.push(r);
        }
    }
    key
}

impl StudHand {
    /// Starts a hand: the antes are posted (an ante larger than the stack puts the player all
    /// in, TR-10) and third street is due.
    pub fn new(rules: StudRules, setup: StudSetup) -> Result<StudHand, Rejection> {
        let n = setup.stacks.len();
        if !(2..=MAX_STUD_PLAYERS).contains(&n) {
            return Err(Rejection::StudPlayerCount {
                got: n,
                max: MAX_STUD_PLAYERS,
            });
        }
        for (what, len) in [
            ("antes", setup.antes.len()),
            (
                "absent",
                if setup.absent.is_empty() {
                    n
                } else {
                    setup.absent.len()
                },
            ),
        ] {
            if len != n {
                return Err(Rejection::SetupLength {
                    what,
                    got: len,
                    players: n,
                });
            }
        }
        let play = Play::seat(&setup.stacks, setup.carried, Street::Third, 64)?;
        if rules.bring_in.is_zero()
            || rules.bring_in >= rules.small_bet
            || rules.small_bet > rules.big_bet
        {
            return Err(Rejection::StudLimits {
                bring_in: rules.bring_in,
                small_bet: rules.small_bet,
                big_bet: rules.big_bet,
            });
        }
        if rules.chip_unit.is_zero() {
            return Err(Rejection::ZeroChipUnit);
        }
        let mut h = StudHand {
            play,
            board: None,
            community_due: false,
            consumed: 0,
            known_dealt: 0,
            burns: 0,
            mucked: 0,
            bring_in_due: false,
            bring_in_may_fold: false,
            completion_due: false,
            rules,
            setup,
        };
        h.play.post_antes(&h.setup.antes, h.rules.ante_trimming);
        h.begin_dealing();
        Ok(h)
    }

    // ----- queries -----

    pub fn rules(&self) -> &StudRules {
        &self.rules
    }

    pub fn setup(&self) -> &StudSetup {
        &self.setup
    }

    /// A player's up cards.
    pub fn up_cards(&self, pos: Pos) -> Vec<Card> {
        self.up_of(pos.0)
    }

    /// The community card, when the stub ran short on seventh street (TDA-RP-10 H).
    pub fn board(&self) -> Option<Card> {
        self.board
    }

    /// The community card as a board of none or one.
    pub fn board_slice(&self) -> &[Card] {
        self.board.as_slice()
    }

    /// Whether the next card due to a player is dealt face up.
    pub fn next_card_up(&self, pos: Pos) -> bool {
        let i = pos.0;
        if i >= self.play.n || self.play.hole_due[i] == 0 {
            return false;
        }
        let k = self.street_cards() - self.play.hole_due[i];
        self.dealt_up(k) && !self.up_this_street(i)
    }

    /// Cards still due to a player on this street.
    pub fn cards_due(&self, pos: Pos) -> usize {
        self.play.hole_due.get(pos.0).copied().unwrap_or(0)
    }

    /// Whether the next card is a community card (the stub is short, TDA-RP-10 H).
    pub fn community_due(&self) -> bool {
        self.play.phase == Phase::BoardDealing && self.community_due
    }

    fn max_bet(&self) -> Chips {
        self.play.bets.iter().copied().max().unwrap_or(Chips::ZERO)
    }

    fn call_amount(&self, i: usize) -> Chips {
        self.play.stacks[i].min(self.max_bet().saturating_sub(self.play.bets[i]))
    }

    fn up_of(&self, i: usize) -> Vec<Card> {
        self.play.hole[i]
            .iter()
            .zip(&self.play.face_up[i])
            .filter_map(|(c, &u)| if u { *c } else { None })
            .collect()
    }

    /// The one amount a bet, completion or raise of player `i` goes to, or why none is allowed.
    fn bet_limits(&self, i: usize) -> Result<Chips, Rejection> {
        crate::turns::may_raise(self, i)?;
        let max = self.max_bet();
        let step = self
            .play
            .raise_amount
            .max(self.rules.street_bet(self.play.street));
        let full = if self.completion_due {
            step
        } else {
            max.saturating_add(step)
        };
        Ok(full.min(self.play.stacks[i] + self.play.bets[i]))
    }

    fn bring_in_refusal(&self, i: usize) -> Rejection {
        Rejection::BringInDue {
            pos: Pos(i),
            bring_in: self.rules.bring_in.min(self.play.stacks[i]),
            complete: self
                .rules
                .small_bet
                .min(self.play.stacks[i] + self.play.bets[i]),
            may_fold: self.bring_in_may_fold,
        }
    }

    // ----- dealing -----

    /// Deals `cards` to a player: on third street up to three (two down, then one up), on
    /// fourth to sixth one up, on seventh one down. Up cards must be named.
    pub fn deal(&mut self, pos: Pos, cards: &[Option<Card>]) -> Result<(), Rejection> {
        if self.play.phase != Phase::HoleDealing {
            return Err(Rejection::WrongPhase {
                what: "deal cards to a player",
                phase: self.play.phase,
            });
        }
        let i = pos.0;
        if i >= self.play.n || !self.play.active[i] {
            return Err(Rejection::NotInHand { pos });
        }
        let due = self.play.hole_due[i];
        if cards.is_empty() || cards.len() > due {
            return Err(Rejection::StudCardCount {
                pos,
                street: self.play.street,
                due,
                got: cards.len(),
            });
        }
        let first = self.street_cards() - due;
        let exposed_before = self.up_this_street(i);
        if self.play.street != Street::Third
            && let Some(k) = (0..self.play.hole[i].len())
                .find(|&k| self.play.face_up[i][k] && self.play.hole[i][k].is_none())
        {
            // An unknown up card from third street: the order of action is unknown from here.
            return Err(Rejection::UpCardUnknown { pos, index: k + 1 });
        }
        let mut used = self.play.used;
        let mut down = Vec::new();
        let mut up = Vec::new();
        for (k, c) in cards.iter().enumerate() {
            let face_up = self.dealt_up(first + k) && !exposed_before;
            // An up card is seen by everyone and decides who acts: named, except in a PHH
            // replay of third street (PokerKit leaves an unknown up card out of the bring-in;
            // on a later street it cannot say who acts first, and neither can we).
            let unknown_allowed = !self.rules.live && self.play.street == Street::Third;
            match (c, face_up) {
                (None, true) if !unknown_allowed => {
                    return Err(Rejection::UpCardUnknown {
                        pos,
                        index: first + k + 1,
                    });
                }
                (Some(c), _) if !used.insert(*c) => {
                    return Err(Rejection::CardInPlay { card: *c });
                }
                (c, true) => up.push(*c),
                (c, false) => down.push(*c),
            }
        }
        self.play.used = used;
        for (k, c) in cards.iter().enumerate() {
            let face_up = self.dealt_up(first + k) && !exposed_before;
            self.play.hole[i].push(*c);
            self.play.face_up[i].push(face_up);
        }
        self.play.hole_due[i] -= cards.len();
        self.consumed += cards.len();
        self.known_dealt += cards.iter().flatten().count();
        self.play.events.push(HandEvent::StudDealt {
            street: self.play.street,
            pos,
            down,
            up,
        });
        if self.play.hole_due.iter().all(|&d| d == 0) {
            self.end_dealing();
        }
        Ok(())
    }

    /// Whether player `i` already has an up card among this street's cards (on third street a
    /// down card exposed in the deal, TDA-RP-10 A).
    fn up_this_street(&self, i: usize) -> bool {
        let dealt = self.street_cards() - self.play.hole_due[i];
        let from = self.play.face_up[i].len().saturating_sub(dealt);
        self.play.street == Street::Third && self.play.face_up[i][from..].iter().any(|&u| u)
    }

    /// Third street is out: absent players' hands are folded (TDA-RP-10 C), then the betting.
    fn end_dealing(&mut self) {
        if self.play.street == Street::Third && !self.setup.absent.is_empty() {
            for i in 0..self.play.n {
                if self.setup.absent[i] && self.play.active[i] {
                    self.play.active[i] = false;
                    self.mucked += self.play.hole[i].len();
                    self.play.events.push(HandEvent::HandDeclaredDead {
                        pos: Pos(i),
                        rules: rule(&[Rule::TdaRp10]),
                    });
                }
            }
        }
        crate::turns::begin_betting(self);
    }

    fn irregularity(
        &mut self,
        kind: IrregularityKind,
        pos: Option<Pos>,
        cards: Vec<Card>,
        remedy: &str,
        rules: &[Rule],
    ) {
        self.play.events.push(HandEvent::Irregularity {
            kind,
            pos,
            cards,
            choice: None,
            remedy: remedy.to_string(),
            rules: RuleSet::of(rules),
        });
    }

    /// The card of `pos` the dealer named, among his cards of this street: the index where it
    /// lies, naming an unknown card if it was dealt face down unknown. None if it is not his.
    fn find_dealt(&self, i: usize, card: Card, from: usize, down_only: bool) -> Option<usize> {
        let range = from..self.play.hole[i].len();
        let known = range.clone().find(|&k| {
            self.play.hole[i][k] == Some(card) && !(down_only && self.play.face_up[i][k])
        });
        if known.is_some() {
            return known;
        }
        if self.play.used.contains(card) {
            return None;
        }
        range
            .clone()
            .find(|&k| self.play.hole[i][k].is_none() && !(down_only && self.play.face_up[i][k]))
    }

    /// TDA-RP-10 A: a down card exposed in the first deal is the player's up card, and his
    /// third-street card is dealt face down (he may be the one who brings it in).
    pub fn down_card_exposed(&mut self, pos: Pos, card: Card) -> Result<(), Rejection> {
        let i = pos.0;
        if self.play.phase != Phase::HoleDealing || self.play.street != Street::Third {
            return Err(Rejection::WrongPhase {
                what: "remedy a down card exposed in the first deal (TDA-RP-10 A)",
                phase: self.play.phase,
            });
        }
        if i >= self.play.n || !self.play.active[i] {
            return Err(Rejection::NotInHand { pos });
        }
        if self.up_this_street(i) || self.play.hole_due[i] == 0 {
            return Err(Rejection::StudRemedy {
                pos,
                reason: StudRemedyBarred::UpCardDealt,
            });
        }
        let Some(k) = self.find_dealt(i, card, 0, true) else {
            return Err(Rejection::StudRemedy {
                pos,
                reason: StudRemedyBarred::NotADownCard,
            });
        };
        if self.play.hole[i][k].is_none() {
            self.play.used.insert(card);
            self.known_dealt += 1;
            self.play.hole[i][k] = Some(card);
        }
        self.play.face_up[i][k] = true;
        self.irregularity(
            IrregularityKind::StudDownCardExposed,
            Some(pos),
            vec![card],
            "the exposed down card is his up card; his third-street card is dealt face down",
            &[Rule::TdaRp10],
        );
        Ok(())
    }

    /// TDA-RP-10 B: the dealer exposed `pos`'s seventh-street card. While more betting is
    /// possible it is replaced (the player is due another card, dealt face down); otherwise it
    /// stays, face up.
    pub fn seventh_card_exposed(&mut self, pos: Pos, card: Card) -> Result<(), Rejection> {
        let i = pos.0;
        let before_betting = self.play.phase == Phase::Betting
            && !self.play.acted.iter().any(|&a| a)
            && self.play.bets.iter().all(|b| b.is_zero());
        if self.play.street != Street::Seventh
            || !(self.play.phase == Phase::HoleDealing || before_betting)
        {
            return Err(Rejection::WrongPhase {
                what: "remedy a seventh-street card exposed by the dealer (TDA-RP-10 B)",
                phase: self.play.phase,
            });
        }
        if i >= self.play.n || !self.play.active[i] {
            return Err(Rejection::NotInHand { pos });
        }
        // His seventh card is his last (with a community card nobody gets one).
        let last = self.play.hole[i].len().saturating_sub(1);
        if self.board.is_some()
            || self.play.hole_due[i] > 0
            || self.find_dealt(i, card, last, true).is_none()
        {
            return Err(Rejection::StudRemedy {
                pos,
                reason: StudRemedyBarred::NotTheSeventhCard,
            });
        }
        if self.play.hole[i][last].is_none() {
            self.play.used.insert(card);
            self.known_dealt += 1;
        }
        let with_chips = (0..self.play.n)
            .filter(|&j| self.play.active[j] && !self.play.stacks[j].is_zero())
            .count();
        if with_chips >= 2 {
            // Replaced: the exposed card leaves his hand (it stays out of the stub).
            self.play.hole[i].pop();
            self.play.face_up[i].pop();
            self.play.hole_due[i] = 1;
            self.play.actors.clear();
            self.play.phase = Phase::HoleDealing;
            self.irregularity(
                IrregularityKind::SeventhCardExposed,
                Some(pos),
                vec![card],
                "more betting is possible: the exposed card is replaced by the next card, dealt face down",
                &[Rule::TdaRp10],
            );
        } else {
            self.play.hole[i][last] = Some(card);
            self.play.face_up[i][last] = true;
            self.irregularity(
                IrregularityKind::SeventhCardExposed,
                Some(pos),
                vec![card],
                "no more betting is possible: the exposed card stays, face up",
                &[Rule::TdaRp10],
            );
        }
        Ok(())
    }

    /// TDA-RP-5 D: cards of the next street dealt before the betting ended go back into the
    /// stub, which is reshuffled; the street is dealt from it without another burn. `burned`:
    /// the street's burn was dealt before them and stays burned (RP-5 A to C), counted among
    /// the burns and out of the stub (RP-10 H); `Some(false)`: none was, and the street is dealt
    /// with its burn; `None`: the reading before it was asked (no burn counted, none dealt).
    pub fn premature_cards(
        &mut self,
        cards: Vec<Card>,
        burned: Option<bool>,
    ) -> Result<(), Rejection> {
        if self.play.phase != Phase::Betting || self.play.street == Street::Seventh {
            return Err(Rejection::WrongPhase {
                what: "remedy premature stud cards (TDA-RP-5 D)",
                phase: self.play.phase,
            });
        }
        if cards.is_empty() || cards.len() > self.play.n {
            return Err(Rejection::PrematureCount {
                most: self.play.n,
                got: cards.len(),
            });
        }
        if let Some(c) = cards.iter().find(|c| self.play.used.contains(**c)) {
            return Err(Rejection::CardInPlay { card: *c });
        }
        let remedy = match burned {
            None => {
                self.play.skip_burn = true;
                "the premature cards go back into the stub, which is reshuffled; the street is dealt from it without another burn"
            }
            Some(true) => {
                if self.consumed >= 52 {
                    return Err(Rejection::WrongPhase {
                        what: "count a burn: no card is left in the stub (TDA-RP-5 D)",
                        phase: self.play.phase,
                    });
                }
                self.consumed += 1;
                self.burns += 1;
                self.play.skip_burn = true;
                "the burn stays burned; the premature cards go back into the stub, which is reshuffled; the street is dealt from it without another burn"
            }
            Some(false) => {
                "no burn was dealt before them: the premature cards go back into the stub, which is reshuffled, and the street is dealt from it with its burn"
            }
        };
        self.play.events.push(HandEvent::Irregularity {
            kind: IrregularityKind::PrematureStudCards,
            pos: None,
            cards,
            choice: burned.map(usize::from),
            remedy: remedy.to_string(),
            rules: RuleSet::of(&[Rule::TdaRp5]),
        });
        Ok(())
    }

    /// The community card of seventh street, when the stub cannot give every player a card
    /// (TDA-RP-10 H B: the dealer burns and turns one card in the middle for everyone).
    pub fn deal_community(&mut self, card: Card) -> Result<(), Rejection> {
        if !self.community_due() {
            return Err(Rejection::WrongPhase {
                what: "deal a community card",
                phase: self.play.phase,
            });
        }
        if self.play.used.contains(card) {
            return Err(Rejection::CardInPlay { card });
        }
        self.play.used.insert(card);
        self.board = Some(card);
        self.community_due = false;
        self.consumed += 1;
        self.known_dealt += 1;
        self.play.events.push(HandEvent::BoardDealt {
            street: self.play.street,
            cards: smallvec::smallvec![card],
            unseen: 0,
        });
        crate::turns::begin_betting(self);
        Ok(())
    }

    fn street_cards(&self) -> usize {
        if self.play.street == Street::Third {
            3
        } else {
            1
        }
    }

    /// Whether the `k`th card of this street is dealt face up.
    fn dealt_up(&self, k: usize) -> bool {
        match self.play.street {
            Street::Third => k == 2,
            Street::Seventh => false,
            _ => true,
        }
    }

    fn begin_dealing(&mut self) {
        let need = self.active_count();
        if self.play.street != Street::Third {
            // The stub is counted before the burn: when it cannot give every player a card,
            // one community card is dealt instead (TDA-RP-10 H). A live table counts the
            // cards left against the players, a burn and the bottom card; PokerKit counts the
            // cards not known to be out and lets the burns and the muck be dealt again.
            if self.rules.live {
                self.short_stub(need);
            } else {
                self.community_due =
                    need > 52usize.saturating_sub(self.known_dealt) + self.burns + self.mucked;
            }
            if std::mem::take(&mut self.play.skip_burn) {
                // TDA-RP-5 D: the street comes from the reshuffled stub without a burn.
            } else {
                self.consumed += 1;
                self.burns += 1;
                self.play.events.push(HandEvent::CardBurned {
                    street: self.play.street,
                    card: None,
                    rules: RuleSet::EMPTY,
                });
            }
        }
        if self.community_due {
            self.play.phase = Phase::BoardDealing;
            return;
        }
        let cards = self.street_cards();
        for i in 0..self.play.n {
            self.play.hole_due[i] = if self.play.active[i] { cards } else { 0 };
        }
        self.play.phase = Phase::HoleDealing;
    }

    /// TDA-RP-10 H: before seventh street the stub must hold a card for each player, a burn
    /// and the bottom card. A: the three earlier burns shuffled in make it enough; B: the stub
    /// holds three or more, and a community card is dealt; C: fewer than three, shuffled with
    /// the burns, and a community card is dealt.
    fn short_stub(&mut self, players: usize) {
        self.community_due = false;
        if self.play.street != Street::Seventh {
            return;
        }
        let stub = 52usize.saturating_sub(self.consumed);
        let required = players + 2;
        if stub >= required {
            return;
        }
        let earlier_burns = self.burns.min(3);
        let (remedy, community) = if stub + earlier_burns >= required {
            (
                "H A: the stub is short for seventh street; the three earlier burns are shuffled into it, cut, a card burned and one dealt to each player",
                false,
            )
        } else if stub >= 3 {
            (
                "H B: the stub is short for seventh street even with the earlier burns; the top card is burned and the next dealt face up in the middle as a community card",
                true,
            )
        } else {
            (
                "H C: fewer than three cards are left; they are shuffled with the three earlier burns, cut, a card burned and the next dealt as a community card",
                true,
            )
        };
        if !community || stub < 3 {
            // The earlier burns go back into the stub.
            self.consumed = self.consumed.saturating_sub(earlier_burns);
        }
        self.community_due = community;
        self.irregularity(
            IrregularityKind::ShortStub,
            None,
            Vec::new(),
            remedy,
            &[Rule::TdaRp10],
        );
    }

    // ----- betting -----

    /// The bring-in: the forced bet of the player the up cards name (TDA-RP-10).
    pub fn post_bring_in(&mut self, pos: Pos) -> Result<(), Rejection> {
        let i = self.play.turn(pos)?;
        if !self.bring_in_due {
            return Err(Rejection::NoBringInDue { pos });
        }
        let amount = self.rules.bring_in.min(self.play.stacks[i]);
        self.play.pop_actor();
        self.play.stacks[i] -= amount;
        self.play.bets[i] += amount;
        self.play.put_in[i] += amount;
        self.bring_in_due = false;
        self.bring_in_may_fold = false;
        let all_in = self.play.stacks[i].is_zero();
        self.play.events.push(HandEvent::BringInPosted {
            pos,
            amount,
            all_in,
            rules: if all_in {
                rule(&[Rule::TdaRp10, Rule::Tr10])
            } else {
                rule(&[Rule::TdaRp10])
            },
        });
        crate::turns::after_action(self, false);
        Ok(())
    }

    /// The floor declares `pos`'s hand dead (TR-19, TR-28, …): it is folded where it stands,
    /// in turn or not (a bring-in due from him passes to the next player).
    pub fn declare_dead(&mut self, pos: Pos, rule_id: Rule) -> Result<(), Rejection> {
        let i = pos.0;
        if i >= self.play.n || !self.play.active[i] || self.play.phase == Phase::Settled {
            return Err(Rejection::NotInHand { pos });
        }
        self.play.events.push(HandEvent::HandDeclaredDead {
            pos,
            rules: rule(&[rule_id]),
        });
        self.play.active[i] = false;
        self.mucked += self.play.hole[i].len();
        self.play.hole_due[i] = 0;
        if self.bring_in_due && self.play.actors.first() == Some(&i) {
            // As when the low card is all in (TDA-RP-10 E): the next may bring it in or fold.
            self.bring_in_may_fold = self.rules.live;
        }
        self.play.actors.retain(|a| *a != i);
        self.play.showdown.retain(|a| *a != i);
        match self.play.phase {
            Phase::Betting => crate::turns::after_action(self, false),
            Phase::HoleDealing if self.play.hole_due.iter().all(|&d| d == 0) => self.end_dealing(),
            Phase::Showdown if self.play.showdown.is_empty() => crate::turns::end_showdown(self),
            _ if self.active_count() <= 1 && self.play.phase != Phase::Settled => {
                self.play.actors.clear();
                crate::turns::end_betting(self);
            }
            _ => {}
        }
        Ok(())
    }

    /// "Raise" (or "complete", "bet") without an amount: fixed limit has one.
    pub fn raise(&mut self, pos: Pos) -> Result<(), Rejection> {
        let i = self.play.turn(pos)?;
        let to = self.bet_limits(i)?;
        self.bet_or_raise_to(pos, to)
    }

    // ----- showdown -----

    fn ways(&self) -> &'static [Way] {
        match self.rules.game {
            StudGame::High => &[Way::High],
            StudGame::HiLo => &[Way::High, Way::EightOrBetter],
            StudGame::Razz => &[Way::Razz],
        }
    }

    /// A hand judged one way: from the cards given (with the community card).
    fn judge_cards(&self, way: Way, cards: &[Card]) -> Option<Judged> {
        let mut all: Vec<Card> = cards.to_vec();
        all.extend(self.board);
        if !(5..=7).contains(&all.len()) {
            return None;
        }
        match way {
            Way::High => {
                let key = all.iter().fold(CardKey::NONE, |k, &c| k + CardKey::of(c));
                Some(Judged::High(HandKey::EMPTY.plus(key).strength()))
            }
            Way::EightOrBetter => floorbook_eval::eight_or_better_low(&all)
                .ok()
                .flatten()
                .map(Judged::Low),
            Way::Razz => floorbook_eval::razz_low(&all).ok().map(Judged::Low),
        }
    }
}

/// A stud hand that won one way, named by the cards it shows.
fn describe_stud(way: Way, best: &Judged, cards: &[Card]) -> String {
    let text = best.describe(cards);
    match way {
        Way::EightOrBetter => format!("low: {text}"),
        _ => text,
    }
}

fn up_with(up: &[Card], board: Option<Card>) -> Vec<Card> {
    let mut all = up.to_vec();
    all.extend(board);
    all
}

impl crate::turns::sealed::Game for StudHand {
    fn raise_range(&self, i: usize) -> Option<(Chips, Chips)> {
        self.bet_limits(i).ok().map(|to| (to, to))
    }
    /// Who acts first on this street, and whether a tie was broken by suit.
    fn first_to_act(&self) -> Option<(usize, bool)> {
        let game = self.rules.game;
        let live: Vec<usize> = (0..self.play.n).filter(|&i| self.play.active[i]).collect();
        if self.play.street == Street::Third {
            // The lowest up card by suit brings it in (Razz: the highest); no two cards tie.
            let cards = live.iter().flat_map(|&i| {
                self.up_of(i)
                    .into_iter()
                    .map(move |c| ((rank_in(game, c), c.suit().index()), i))
            });
            let pick = if game == StudGame::Razz {
                cards.max().map(|(_, i)| i)
            } else {
                cards.min().map(|(_, i)| i)
            };
            return pick.map(|i| (i, false));
        }
        let keys: Vec<(usize, Vec<u8>)> = live
            .iter()
            .map(|&i| (i, showing_key(game, &self.up_of(i))))
            .collect();
        let best = if game == StudGame::Razz {
            keys.iter().map(|(_, k)| k).min()
        } else {
            keys.iter().map(|(_, k)| k).max()
        }?
        .clone();
        let tied: Vec<usize> = keys
            .iter()
            .filter(|(_, k)| *k == best)
            .map(|(i, _)| *i)
            .collect();
        if tied.len() == 1 || !self.rules.live {
            return tied.first().map(|&i| (i, false));
        }
        // TDA-RP-10 D: matching hands showing; the high card by suit starts.
        let high_card = |i: usize| {
            self.up_of(i)
                .iter()
                .map(|&c| (rank_in(game, c), c.suit().index()))
                .max()
        };
        tied.iter()
            .copied()
            .max_by_key(|&i| high_card(i))
            .map(|i| (i, true))
    }
    /// On third street the bring-in is due from the opener (the next may fold instead when
    /// the opener cannot act, at a live table: TDA-RP-10 E); the first to act is recorded with
    /// what he shows.
    fn round_opening(&mut self, opener: usize, by_suit: bool, order: &[usize]) -> Chips {
        self.bring_in_due = self.play.street == Street::Third;
        self.completion_due = self.bring_in_due;
        let opener_skipped = order.first() != Some(&opener);
        self.bring_in_may_fold = self.bring_in_due && opener_skipped && self.rules.live;
        let mut rules = RuleSet::EMPTY;
        // Third street's bring-in, a tie broken by suit (D), the low card all in (E), and with
        // a community card the sixth street's first to act first again (H D).
        if self.play.street == Street::Third || by_suit || self.board.is_some() {
            rules = rules.with(Rule::TdaRp10);
        }
        if self.play.street != Street::Third {
            // TDA-RP-10 F: the bet is the street's, whatever pair shows on fourth street.
            let pair_on_fourth = self.play.street == Street::Fourth
                && (0..self.play.n).any(|i| {
                    self.play.active[i] && showing_key(self.rules.game, &self.up_of(i))[0] == 1
                });
            if pair_on_fourth {
                rules = rules.with(Rule::TdaRp10);
            }
        }
        self.play.events.push(HandEvent::FirstToAct {
            street: self.play.street,
            pos: Pos(opener),
            showing: self.up_of(opener),
            bring_in: self.bring_in_due && !opener_skipped,
            rules,
        });
        Chips::ZERO
    }
    /// The bring-in, all in for less when the stack is short; the floor may let him fold
    /// (TDA-RP-10 E).
    fn bring_in_due(&self, i: usize) -> Option<(Chips, bool)> {
        self.bring_in_due.then(|| {
            (
                self.rules.bring_in.min(self.play.stacks[i]),
                self.bring_in_may_fold,
            )
        })
    }
    fn legal_rules(&self) -> RuleSet {
        if self.bring_in_due {
            rule(&[Rule::TdaRp10])
        } else {
            RuleSet::EMPTY
        }
    }
    fn bet_to_match(&self) -> Chips {
        self.max_bet()
    }
    fn to_call(&self, i: usize) -> Chips {
        self.call_amount(i)
    }
    /// The player who must bring it in may not fold, unless the floor let him (TDA-RP-10 E).
    fn may_fold(&self, i: usize) -> Result<(), Rejection> {
        match self.bring_in_due && !self.bring_in_may_fold {
            true => Err(self.bring_in_refusal(i)),
            false => Ok(()),
        }
    }
    fn may_call(&self, i: usize) -> Result<(), Rejection> {
        match self.bring_in_due {
            true => Err(self.bring_in_refusal(i)),
            false => Ok(()),
        }
    }
    /// His cards go to the muck (counted for a short stub, TDA-RP-10 H).
    fn folded_in_turn(&mut self, i: usize, _: bool) {
        self.mucked += self.play.hole[i].len();
    }
    fn round_closing(&mut self) {
        self.bring_in_due = false;
        self.bring_in_may_fold = false;
    }
    fn keeps_the_winners_bet(&self) -> bool {
        false
    }
    fn showdown_rules(&self) -> RuleSet {
        rule(&[Rule::Tr36])
    }
    fn deal_next_street(&mut self) {
        if let Some(next) = self.play.street.next() {
            self.play.street = next;
            self.begin_dealing();
        }
    }
    /// The game's ways, named by the cards shown; a hand that cannot win is found by every
    /// card of it known, and an all-in showdown is dealt out (PokerKit's reading).
    fn terms(&self) -> Terms {
        Terms {
            ways: self.ways(),
            unit: self.rules.chip_unit,
            odd: self.rules.odd_chip,
            live: self.rules.live,
            unshown_split: !self.rules.live,
            names_sole_winner: false,
            kills_by_known_cards: true,
            deals_out_alone: !self.rules.live,
            describe: describe_stud,
        }
    }
    fn judge(&self, way: Way, i: usize, known: bool) -> Option<Judged> {
        if known {
            let known: Vec<Card> = self.play.hole[i].iter().flatten().copied().collect();
            self.judge_cards(way, &known)
        } else {
            self.judge_cards(way, &self.up_of(i))
        }
    }
    fn shown_cards(&self) -> Vec<Vec<Card>> {
        (0..self.play.n)
            .map(|i| up_with(&self.up_of(i), self.board))
            .collect()
    }
    fn out_of_turn_rule(&self) -> OutOfTurnRule {
        self.rules.out_of_turn
    }
    fn short_call_reopens_nothing(&self) -> bool {
        true
    }
    fn raise_cap(&self) -> Option<u32> {
        self.rules.cap
    }
    fn raise_room_rule(&self) -> Rule {
        Rule::Tr8
    }
    fn short_raise_counts(&self) -> bool {
        true
    }
    fn live(&self) -> bool {
        self.rules.live
    }
    /// Fixed limit: the one amount the street allows, or all in for less; a completion of
    /// the bring-in cites TDA-RP-10, the last raise the cap allows NOB-12.
    fn raise_checked(&mut self, i: usize, to: Chips) -> Result<RuleSet, Rejection> {
        let allowed = self.bet_limits(i)?;
        if to != allowed {
            return Err(Rejection::FixedLimit {
                pos: Pos(i),
                got: to,
                to: allowed,
                bet: self.rules.street_bet(self.play.street),
                street: self.play.street,
            });
        }
        let mut rules = RuleSet::EMPTY;
        if self.completion_due {
            rules = rules.with(Rule::TdaRp10);
        }
        // The raise this one is, counted from one.
        if self.rules.cap == Some(self.play.raise_count + 1) {
            rules = rules.with(Rule::Nob12);
        }
        self.bring_in_due = false;
        self.bring_in_may_fold = false;
        self.completion_due = false;
        Ok(rules)
    }
    /// The cards shown are his own (each known card once, or naming an unknown one).
    fn uncalled_winner_shows(&mut self, pos: Pos, cards: Vec<Card>) -> Result<(), Rejection> {
        let most = self.play.hole[pos.0].len();
        if cards.is_empty() || cards.len() > most {
            return Err(Rejection::ShowCount {
                pos,
                most,
                got: cards.len(),
            });
        }
        let (hole, used) = self.play.match_shown(pos, &cards, CardSet::EMPTY)?;
        self.play.hole[pos.0] = hole;
        self.play.used = used;
        self.play.winner_showed(pos, &cards);
        Ok(())
    }
    /// No stub is seen in stud.
    fn stub_seen(&self) -> CardSet {
        CardSet::EMPTY
    }
    /// Cards that were unknown and are named now count as known cards dealt.
    fn corrected(&mut self, _: usize, was: &[Option<Card>]) {
        self.known_dealt += was.iter().filter(|c| c.is_none()).count();
    }
    fn last_live_hand_wins(&self) -> bool {
        self.rules.last_live_hand == LastLiveHand::WinsThePot
    }
    fn mucked(&mut self, i: usize) {
        self.mucked += self.play.hole[i].len();
    }
    /// TR-11 at a live table: the cards dealt, each named: his whole hand, or (the up cards
    /// being on the table) his down cards alone, in the order dealt. PokerKit: the cards named
    /// replace the hand, face up; on a street before the last the player's other known cards
    /// stay, face down; the rest is unknown.
    fn shown(&self, pos: Pos, shown: &[Option<Card>]) -> Result<Shown, Rejection> {
        let i = pos.0;
        let due = self.play.hole[i].len();
        if self.rules.live {
            let down = self.play.face_up[i].iter().filter(|&&u| !u).count();
            let named: Vec<Card> = shown.iter().flatten().copied().collect();
            if shown.contains(&None) || (named.len() != due && named.len() != down) {
                return Err(Rejection::ShowWhole {
                    pos,
                    due,
                    got: named.len(),
                });
            }
            let whole: Vec<Card> = if named.len() == due {
                named
            } else {
                let mut downs = named.iter();
                self.play.hole[i]
                    .iter()
                    .zip(&self.play.face_up[i])
                    .filter_map(|(c, &u)| if u { *c } else { downs.next().copied() })
                    .collect()
            };
            // The known cards as they were dealt; the rest names his unknown down cards.
            let mut extra = whole.clone();
            for c in self.play.hole[i].iter().flatten() {
                if let Some(k) = extra.iter().position(|x| x == c) {
                    extra.remove(k);
                }
            }
            let unknown = self.play.hole[i].iter().filter(|c| c.is_none()).count();
            if extra.len() > unknown {
                let wrong = extra
                    .iter()
                    .find(|c| self.play.used.contains(**c) || unknown == 0)
                    .or(extra.first())
                    .copied();
                if let Some(card) = wrong {
                    return Err(Rejection::NotDealtCard {
                        pos,
                        card,
                        dealt: describe_hole(&self.play.hole[i]),
                    });
                }
            }
            let mut used = self.play.used;
            let mut hole = self.play.hole[i].clone();
            let mut fill = extra.into_iter();
            for slot in hole.iter_mut().filter(|c| c.is_none()) {
                let Some(c) = fill.next() else { break };
                if !used.insert(c) {
                    return Err(Rejection::CardInPlay { card: c });
                }
                *slot = Some(c);
            }
            return Ok(Shown {
                hole,
                up: smallvec::smallvec![true; due],
                used,
            });
        }
        if shown.len() > due {
            return Err(Rejection::ShowCount {
                pos,
                most: due,
                got: shown.len(),
            });
        }
        let mut used = self.play.used;
        for c in self.play.hole[i].iter().flatten() {
            used.remove(*c);
        }
        let named: Vec<Card> = shown.iter().flatten().copied().collect();
        for &c in &named {
            if !used.insert(c) {
                return Err(Rejection::CardInPlay { card: c });
            }
        }
        let mut hole: HoleCards<Option<Card>> = named.iter().map(|&c| Some(c)).collect();
        let mut up: HoleCards<bool> = smallvec::smallvec![true; hole.len()];
        if self.play.street != Street::Seventh {
            for c in self.play.hole[i].iter().flatten() {
                if hole.len() < due && !named.contains(c) {
                    used.insert(*c);
                    hole.push(Some(*c));
                    up.push(false);
                }
            }
        }
        while hole.len() < due {
            hole.push(None);
            up.push(false);
        }
        Ok(Shown { hole, up, used })
    }
    /// Fixed limit: the street's one raise, whatever was said.
    fn held_raise_commits(&self, _: Chips) -> Option<Chips> {
        None
    }
    fn held_void(&self) -> bool {
        self.bring_in_due
    }
    fn raise_as_held(&mut self, pos: Pos, _: Chips) -> Result<(), Rejection> {
        self.raise(pos)
    }
}
