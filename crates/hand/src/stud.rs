//! Seven-card stud's own steps in the one [`Hand`]: what a flop game does not do.
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
//! Stud high, Stud hi-lo eight or better (each pot split between the best high and the best
//! qualifying low, the odd chip to the high) and Razz (the best ace-to-five low) are the
//! rules' [`crate::GameKind`]. A PHH replay reads a hi-lo pot as PokerKit does: it has a low
//! half when any hand at the table has a low, and the eligible hands, none of which has one,
//! then share it. Betting, pots, all-ins, the showdown's order, corrections and action out of
//! turn are the engine's, as in every game.
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
use crate::{Chips, HandEvent, IrregularityKind, Phase, Pos, Rejection};
use crate::{
    FixedLimits, Hand, HandRules, HandSetup, Street, Structure, StudGame, StudRemedyBarred,
};

/// The most players a stud hand seats: seven cards each and the burns come from one deck
/// only up to seven; with eight the last card may be a community card (TDA-RP-10 H).
pub const MAX_STUD_PLAYERS: usize = 8;

/// What a stud hand counts beside the play: the deck, the muck and the forced bet. All zero
/// in a flop game, and then not stored.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StudState {
    /// A community card is due: the stub ran short on seventh street (TDA-RP-10 H).
    #[serde(default, skip_serializing_if = "no")]
    pub(crate) community_due: bool,
    /// Cards taken from the deck: dealt, burned, or dealt to the board.
    #[serde(default, skip_serializing_if = "none")]
    pub(crate) consumed: usize,
    /// Known cards dealt (to players or the board), burns, and the cards of folded hands:
    /// what PokerKit counts to decide that the stub is short.
    #[serde(default, skip_serializing_if = "none")]
    pub(crate) known_dealt: usize,
    #[serde(default, skip_serializing_if = "none")]
    pub(crate) burns: usize,
    #[serde(default, skip_serializing_if = "none")]
    pub(crate) mucked: usize,
    #[serde(default, skip_serializing_if = "no")]
    pub(crate) bring_in_due: bool,
    /// The player who must bring it in may fold instead (TDA-RP-10 E).
    #[serde(default, skip_serializing_if = "no")]
    pub(crate) bring_in_may_fold: bool,
    #[serde(default, skip_serializing_if = "no")]
    pub(crate) completion_due: bool,
}

fn no(b: &bool) -> bool {
    !*b
}

fn none(n: &usize) -> bool {
    *n == 0
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

impl Hand {
    /// Starts a stud hand: the antes are posted (an ante larger than the stack puts the
    /// player all in, TR-10) and third street is due.
    pub(crate) fn new_stud(rules: HandRules, setup: HandSetup) -> Result<Hand, Rejection> {
        let n = setup.stacks.len();
        if !(2..=MAX_STUD_PLAYERS).contains(&n) {
            return Err(Rejection::StudPlayerCount {
                got: n,
                max: MAX_STUD_PLAYERS,
            });
        }
        let or_n = |v: &[bool], len: usize| if v.is_empty() { n } else { len };
        for (what, len) in [
            ("antes", setup.antes.len()),
            ("absent", or_n(&setup.absent, setup.absent.len())),
        ] {
            if len != n {
                return Err(Rejection::SetupLength {
                    what,
                    got: len,
                    players: n,
                });
            }
        }
        if setup
            .blinds
            .iter()
            .chain(&setup.dead_blinds)
            .any(|b| !b.is_zero())
        {
            return Err(Rejection::OtherGame {
                what: "a blind",
                game: "flop-game",
                other: "stud",
            });
        }
        let play = Play::seat(&setup.stacks, setup.carried, Street::Third, 64)?;
        let Some(limits) = rules
            .limits
            .filter(|_| rules.structure == Structure::FixedLimit)
        else {
            return Err(Rejection::StudFixedLimit);
        };
        if limits.bring_in.is_zero()
            || limits.bring_in >= limits.small_bet
            || limits.small_bet > limits.big_bet
        {
            return Err(Rejection::StudLimits {
                bring_in: limits.bring_in,
                small_bet: limits.small_bet,
                big_bet: limits.big_bet,
            });
        }
        if rules.chip_unit.is_zero() {
            return Err(Rejection::ZeroChipUnit);
        }
        let mut h = Hand::seated(play, rules, setup);
        h.play.post_antes(&h.setup.antes, h.rules.ante_trimming);
        h.begin_stud_street();
        Ok(h)
    }

    // ----- queries -----

    /// Which stud is played (a flop game's hand reads as stud high: never asked).
    fn stud_game(&self) -> StudGame {
        self.rules.game.stud().unwrap_or(StudGame::High)
    }

    /// The amounts of fixed limit (zero where the structure is another).
    pub(crate) fn limits(&self) -> FixedLimits {
        self.rules.limits.unwrap_or(FixedLimits {
            bring_in: Chips::ZERO,
            small_bet: Chips::ZERO,
            big_bet: Chips::ZERO,
        })
    }

    /// Fixed limit's bet on a street: the small bet on third and fourth, the big bet after.
    fn street_bet(&self, street: Street) -> Chips {
        match street {
            Street::Third | Street::Fourth => self.limits().small_bet,
            _ => self.limits().big_bet,
        }
    }

    /// A player's up cards.
    pub fn up_cards(&self, pos: Pos) -> Vec<Card> {
        if pos.0 >= self.play.n {
            return Vec::new();
        }
        self.up_of(pos.0)
    }

    /// Stud: whether the next card due to a player is dealt face up.
    fn next_card_up(&self, pos: Pos) -> bool {
        let i = pos.0;
        if i >= self.play.n || self.play.hole_due[i] == 0 || !self.is_stud() {
            return false;
        }
        let k = self.street_cards() - self.play.hole_due[i];
        self.dealt_up(k) && !self.up_this_street(i)
    }

    /// Cards still due to a player now (the rest of his hole cards; stud: this street's), and
    /// whether the next of them is dealt face up (stud: it must be named).
    pub fn cards_due(&self, pos: Pos) -> (usize, bool) {
        let due = if self.play.phase == Phase::HoleDealing {
            self.play.hole_due.get(pos.0).copied().unwrap_or(0)
        } else {
            0
        };
        (due, self.next_card_up(pos))
    }

    pub(crate) fn up_of(&self, i: usize) -> Vec<Card> {
        self.play.hole[i]
            .iter()
            .zip(&self.play.face_up[i])
            .filter_map(|(c, &u)| if u { *c } else { None })
            .collect()
    }

    /// Fixed limit: the one amount a bet, completion or raise of player `i` goes to (he may
    /// raise: [`crate::turns::may_raise`]).
    pub(crate) fn fixed_raise_to(&self, i: usize) -> Chips {
        let max = self.max_bet();
        let step = self
            .play
            .raise_amount
            .max(self.street_bet(self.play.street));
        let full = if self.stud.completion_due {
            step
        } else {
            max.saturating_add(step)
        };
        full.min(self.play.stacks[i] + self.play.bets[i])
    }

    pub(crate) fn bring_in_refusal(&self, i: usize) -> Rejection {
        Rejection::BringInDue {
            pos: Pos(i),
            bring_in: self.limits().bring_in.min(self.play.stacks[i]),
            complete: self
                .limits()
                .small_bet
                .min(self.play.stacks[i] + self.play.bets[i]),
            may_fold: self.stud.bring_in_may_fold,
        }
    }

    // ----- dealing -----

    /// Deals `cards` to a player: on third street up to three (two down, then one up), on
    /// fourth to sixth one up, on seventh one down. Up cards must be named.
    pub(crate) fn deal_stud(&mut self, pos: Pos, cards: &[Option<Card>]) -> Result<(), Rejection> {
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
        self.stud.consumed += cards.len();
        self.stud.known_dealt += cards.iter().flatten().count();
        self.play.events.push(HandEvent::StudDealt {
            street: self.play.street,
            pos,
            down,
            up,
        });
        if self.play.hole_due.iter().all(|&d| d == 0) {
            self.end_stud_deal();
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
    fn end_stud_deal(&mut self) {
        if self.play.street == Street::Third && !self.setup.absent.is_empty() {
            for i in 0..self.play.n {
                if self.setup.absent[i] && self.play.active[i] {
                    self.play.active[i] = false;
                    self.stud.mucked += self.play.hole[i].len();
                    self.play.events.push(HandEvent::HandDeclaredDead {
                        pos: Pos(i),
                        rules: rule(&[Rule::TdaRp10]),
                    });
                }
            }
        }
        crate::turns::begin_betting(self);
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
            self.stud.known_dealt += 1;
            self.play.hole[i][k] = Some(card);
        }
        self.play.face_up[i][k] = true;
        self.irregularity(
            IrregularityKind::StudDownCardExposed,
            Some(pos),
            vec![card],
            None,
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
        if !self.board.is_empty()
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
            self.stud.known_dealt += 1;
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
                None,
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
                None,
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
                if self.stud.consumed >= 52 {
                    return Err(Rejection::WrongPhase {
                        what: "count a burn: no card is left in the stub (TDA-RP-5 D)",
                        phase: self.play.phase,
                    });
                }
                self.stud.consumed += 1;
                self.stud.burns += 1;
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
    pub(crate) fn deal_community(&mut self, card: Card) -> Result<(), Rejection> {
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
        self.board.push(card);
        self.stud.community_due = false;
        self.stud.consumed += 1;
        self.stud.known_dealt += 1;
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

    /// Whether the next card is a community card (the stub is short, TDA-RP-10 H).
    fn community_due(&self) -> bool {
        self.play.phase == Phase::BoardDealing && self.stud.community_due
    }

    /// A stud street begins: its burn (after third street), then its cards, or a community
    /// card when the stub is short.
    pub(crate) fn begin_stud_street(&mut self) {
        let need = self.active_count();
        if self.play.street != Street::Third {
            // The stub is counted before the burn: when it cannot give every player a card,
            // one community card is dealt instead (TDA-RP-10 H). A live table counts the
            // cards left against the players, a burn and the bottom card; PokerKit counts the
            // cards not known to be out and lets the burns and the muck be dealt again.
            if self.rules.live {
                self.short_stub(need);
            } else {
                self.stud.community_due = need
                    > 52usize.saturating_sub(self.stud.known_dealt)
                        + self.stud.burns
                        + self.stud.mucked;
            }
            if std::mem::take(&mut self.play.skip_burn) {
                // TDA-RP-5 D: the street comes from the reshuffled stub without a burn.
            } else {
                self.stud.consumed += 1;
                self.stud.burns += 1;
                self.play.events.push(HandEvent::CardBurned {
                    street: self.play.street,
                    card: None,
                    rules: RuleSet::EMPTY,
                });
            }
        }
        if self.stud.community_due {
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
        self.stud.community_due = false;
        if self.play.street != Street::Seventh {
            return;
        }
        let stub = 52usize.saturating_sub(self.stud.consumed);
        let required = players + 2;
        if stub >= required {
            return;
        }
        let earlier_burns = self.stud.burns.min(3);
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
            self.stud.consumed = self.stud.consumed.saturating_sub(earlier_burns);
        }
        self.stud.community_due = community;
        self.irregularity(
            IrregularityKind::ShortStub,
            None,
            Vec::new(),
            None,
            remedy,
            &[Rule::TdaRp10],
        );
    }

    // ----- betting -----

    /// The bring-in: the forced bet of the player the up cards name (TDA-RP-10).
    pub fn post_bring_in(&mut self, pos: Pos) -> Result<(), Rejection> {
        let i = self.play.turn(pos)?;
        if !self.stud.bring_in_due {
            return Err(Rejection::NoBringInDue { pos });
        }
        let amount = self.limits().bring_in.min(self.play.stacks[i]);
        self.play.pop_actor();
        self.play.stacks[i] -= amount;
        self.play.bets[i] += amount;
        self.play.put_in[i] += amount;
        self.stud.bring_in_due = false;
        self.stud.bring_in_may_fold = false;
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

    /// Stud: the floor declares `pos`'s hand dead (TR-19, TR-28, …): it is folded where it
    /// stands, in turn or not (a bring-in due from him passes to the next player).
    pub(crate) fn declare_stud_dead(&mut self, pos: Pos, rule_id: Rule) -> Result<(), Rejection> {
        let i = pos.0;
        if i >= self.play.n || !self.play.active[i] || self.play.phase == Phase::Settled {
            return Err(Rejection::NotInHand { pos });
        }
        self.play.events.push(HandEvent::HandDeclaredDead {
            pos,
            rules: rule(&[rule_id]),
        });
        self.play.active[i] = false;
        self.stud.mucked += self.play.hole[i].len();
        self.play.hole_due[i] = 0;
        if self.stud.bring_in_due && self.play.actors.first() == Some(&i) {
            // As when the low card is all in (TDA-RP-10 E): the next may bring it in or fold.
            self.stud.bring_in_may_fold = self.rules.live;
        }
        self.play.actors.retain(|a| *a != i);
        self.play.showdown.retain(|a| *a != i);
        match self.play.phase {
            Phase::Betting => crate::turns::after_action(self, false),
            Phase::HoleDealing if self.play.hole_due.iter().all(|&d| d == 0) => {
                self.end_stud_deal()
            }
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
    pub(crate) fn raise_fixed(&mut self, pos: Pos) -> Result<(), Rejection> {
        let i = self.play.turn(pos)?;
        crate::turns::may_raise(self, i)?;
        let to = self.fixed_raise_to(i);
        self.bet_or_raise_to(pos, to)
    }

    // ----- showdown -----

    fn ways(&self) -> &'static [Way] {
        match self.stud_game() {
            StudGame::High => &[Way::High],
            StudGame::HiLo => &[Way::High, Way::EightOrBetter],
            StudGame::Razz => &[Way::Razz],
        }
    }

    /// A hand judged one way: from the cards given (with the community card).
    pub(crate) fn judge_cards(&self, way: Way, cards: &[Card]) -> Option<Judged> {
        let mut all: Vec<Card> = cards.to_vec();
        all.extend_from_slice(&self.board);
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

/// Stud's answers where the games differ: who opens, what a round owes, what may be raised,
/// what a show is (asked by the engine's one [`crate::turns::sealed::Game`]).
impl Hand {
    /// Who acts first on this street, and whether a tie was broken by suit.
    pub(crate) fn stud_first_to_act(&self) -> Option<(usize, bool)> {
        let game = self.stud_game();
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
    pub(crate) fn stud_round_opening(
        &mut self,
        opener: usize,
        by_suit: bool,
        order: &[usize],
    ) -> Chips {
        self.stud.bring_in_due = self.play.street == Street::Third;
        self.stud.completion_due = self.stud.bring_in_due;
        let opener_skipped = order.first() != Some(&opener);
        self.stud.bring_in_may_fold = self.stud.bring_in_due && opener_skipped && self.rules.live;
        let mut rules = RuleSet::EMPTY;
        // Third street's bring-in, a tie broken by suit (D), the low card all in (E), and with
        // a community card the sixth street's first to act first again (H D).
        if self.play.street == Street::Third || by_suit || !self.board.is_empty() {
            rules = rules.with(Rule::TdaRp10);
        }
        if self.play.street != Street::Third {
            // TDA-RP-10 F: the bet is the street's, whatever pair shows on fourth street.
            let pair_on_fourth = self.play.street == Street::Fourth
                && (0..self.play.n).any(|i| {
                    self.play.active[i] && showing_key(self.stud_game(), &self.up_of(i))[0] == 1
                });
            if pair_on_fourth {
                rules = rules.with(Rule::TdaRp10);
            }
        }
        self.play.events.push(HandEvent::FirstToAct {
            street: self.play.street,
            pos: Pos(opener),
            showing: self.up_of(opener),
            bring_in: self.stud.bring_in_due && !opener_skipped,
            rules,
        });
        Chips::ZERO
    }
    /// The game's ways, named by the cards shown; a hand that cannot win is found by every
    /// card of it known, and an all-in showdown is dealt out (PokerKit's reading).
    pub(crate) fn stud_terms(&self) -> Terms {
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
    /// Fixed limit: the one amount the street allows, or all in for less; a completion of
    /// the bring-in cites TDA-RP-10, the last raise the cap allows NOB-12.
    pub(crate) fn stud_raise_checked(&mut self, i: usize, to: Chips) -> Result<RuleSet, Rejection> {
        crate::turns::may_raise(self, i)?;
        let allowed = self.fixed_raise_to(i);
        if to != allowed {
            return Err(Rejection::FixedLimit {
                pos: Pos(i),
                got: to,
                to: allowed,
                bet: self.street_bet(self.play.street),
                street: self.play.street,
            });
        }
        let mut rules = RuleSet::EMPTY;
        if self.stud.completion_due {
            rules = rules.with(Rule::TdaRp10);
        }
        // The raise this one is, counted from one.
        if self.rules.raise_cap == Some(self.play.raise_count + 1) {
            rules = rules.with(Rule::Nob12);
        }
        self.stud.bring_in_due = false;
        self.stud.bring_in_may_fold = false;
        self.stud.completion_due = false;
        Ok(rules)
    }
    /// The cards shown are his own (each known card once, or naming an unknown one).
    pub(crate) fn stud_uncalled_winner_shows(
        &mut self,
        pos: Pos,
        cards: Vec<Card>,
    ) -> Result<(), Rejection> {
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
    /// TR-11 at a live table: the cards dealt, each named: his whole hand, or (the up cards
    /// being on the table) his down cards alone, in the order dealt. PokerKit: the cards named
    /// replace the hand, face up; on a street before the last the player's other known cards
    /// stay, face down; the rest is unknown.
    pub(crate) fn stud_shown(&self, pos: Pos, shown: &[Option<Card>]) -> Result<Shown, Rejection> {
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
}
