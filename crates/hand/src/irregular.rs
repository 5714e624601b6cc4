//! Irregularities and their prescribed remedies. Each is a command: it checks when the remedy
//! applies, changes the hand as the rule says, and records what happened, the remedy and any
//! random choice it needed (which card became the burn) as an input, so that a replay reaches
//! the same result.

use floorbook_cards::Card;
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::rules::{MissingBurn, OwnExposure, PrematureBoard};
use crate::{Chips, Hand, HandEvent, Phase, Pos, Rejection, Street, Turns};

/// The kinds of irregularity the engine knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IrregularityKind {
    /// TR-3.1
    HoleCardExposedInDeal,
    /// TR-3.2, TDA-39B
    FlopWithoutBurn,
    /// TDA-39A
    FourCardFlop,
    /// TR-3.3, TDA-RP-5
    PrematureBoard,
    /// TDA-RP-4
    StubScrambled,
    /// TR-3.4, GCB-8
    PlayerExposedOwnCards,
    /// TR-22
    UnprotectedHandKilled,
    /// GCB-8: a fold on false information, the cards retrieved
    FoldRetrieved,
    /// GCB-3: a call short of a raise the player did not notice
    ShortCallUnaware,
    /// TDA-RP-10 A: a stud down card exposed in the first deal becomes the up card
    StudDownCardExposed,
    /// TDA-RP-10 B: a seventh-street card the dealer exposed
    SeventhCardExposed,
    /// TDA-RP-10 H: the stub is short for seventh street
    ShortStub,
    /// TDA-RP-5 D: a stud street dealt before the betting ended
    PrematureStudCards,
}

/// An action taken out of turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum OutOfTurn {
    Fold,
    Check,
    Call,
    RaiseTo { to: Chips },
}

impl Hand {
    pub(crate) fn irregularity(
        &mut self,
        kind: IrregularityKind,
        pos: Option<Pos>,
        cards: Vec<Card>,
        choice: Option<usize>,
        remedy: &str,
        rules: &[Rule],
    ) {
        self.insert_event(
            usize::MAX,
            HandEvent::Irregularity {
                kind,
                pos,
                cards,
                choice,
                remedy: remedy.to_string(),
                rules: RuleSet::of(rules),
            },
        );
    }

    /// TR-3.1: the dealer exposed a hole card of `pos` during the deal. The card becomes the
    /// flop's burn card, shown to all, and the player gets a replacement after everyone else.
    pub fn hole_card_exposed_in_deal(&mut self, pos: Pos, card: Card) -> Result<(), Rejection> {
        if self.phase() != Phase::HoleDealing {
            return Err(Rejection::WrongPhase {
                what: "remedy a card exposed in the deal",
                phase: self.phase(),
            });
        }
        if pos.0 >= self.players() || !self.take_hole_card(pos.0, card) {
            return Err(Rejection::NotInHand { pos });
        }
        self.preset_burn = Some(card);
        self.preset_burn_by = Some(Rule::Tr31);
        self.replacement_last = Some(pos.0);
        self.irregularity(
            IrregularityKind::HoleCardExposedInDeal,
            Some(pos),
            vec![card],
            None,
            "the exposed card becomes the flop burn card, shown to all; the player gets a replacement after all cards are dealt",
            &[Rule::Tr31],
        );
        Ok(())
    }

    /// The flop was dealt without a burn. TDA-39B: if nobody has acted, the three cards are
    /// scrambled, the one at `burn_pick` (chosen at random by the floor, 0..3) is burned, and
    /// `next` completes the flop; if anyone acted, the flop stands. TR-3.2: the hand goes on.
    pub fn flop_dealt_without_burn(
        &mut self,
        burn_pick: usize,
        next: Option<Card>,
    ) -> Result<(), Rejection> {
        if self.phase() != Phase::Betting || self.street() != Street::Flop {
            return Err(Rejection::WrongPhase {
                what: "remedy a flop dealt without a burn",
                phase: self.phase(),
            });
        }
        let flop: Vec<Card> = self.board().to_vec();
        match self.rules().irregularities.missing_burn {
            MissingBurn::GoesOn => {
                self.irregularity(
                    IrregularityKind::FlopWithoutBurn,
                    None,
                    flop,
                    None,
                    "the hand goes on normally",
                    &[Rule::Tr32],
                );
                Ok(())
            }
            MissingBurn::Tda39b if self.has_acted_this_street() => {
                self.irregularity(
                    IrregularityKind::FlopWithoutBurn,
                    None,
                    flop,
                    None,
                    "action has taken place: the flop stands; the turn takes one burn only",
                    &[Rule::Tda39b],
                );
                Ok(())
            }
            MissingBurn::Tda39b => {
                if burn_pick >= 3 || flop.len() != 3 {
                    return Err(Rejection::BoardCardCount {
                        street: Street::Flop,
                        due: 3,
                        got: burn_pick,
                    });
                }
                // The card that completes the flop again.
                let Some(next) = next else {
                    return Err(Rejection::BoardCardCount {
                        street: Street::Flop,
                        due: 1,
                        got: 0,
                    });
                };
                if self.used_mut().contains(next) {
                    return Err(Rejection::CardInPlay { card: next });
                }
                let burned = flop[burn_pick];
                let mut new_flop: Vec<Card> =
                    flop.iter().copied().filter(|&c| c != burned).collect();
                new_flop.push(next);
                self.used_mut().insert(next);
                *self.board_mut() = smallvec::SmallVec::from_slice(&new_flop);
                self.irregularity(
                    IrregularityKind::FlopWithoutBurn,
                    None,
                    new_flop,
                    Some(burn_pick),
                    "no action yet: the three cards were scrambled, one chosen at random became the burn, the next card completes the flop",
                    &[Rule::Tda39b],
                );
                Ok(())
            }
        }
    }

    /// TDA-39A: four cards came out for the flop. They are scrambled face down, the one at
    /// `burn_pick` (the floor's random choice, 0..4) becomes the next burn and the other
    /// three are the flop.
    pub fn four_card_flop(&mut self, cards: [Card; 4], burn_pick: usize) -> Result<(), Rejection> {
        if self.phase() != Phase::BoardDealing
            || self.street() != Street::Flop
            || self.board_due() != 3
        {
            return Err(Rejection::WrongPhase {
                what: "remedy a four-card flop",
                phase: self.phase(),
            });
        }
        if burn_pick >= 4 {
            return Err(Rejection::BoardCardCount {
                street: Street::Flop,
                due: 4,
                got: burn_pick,
            });
        }
        let flop: Vec<Card> = cards
            .iter()
            .enumerate()
            .filter(|(k, _)| *k != burn_pick)
            .map(|(_, &c)| c)
            .collect();
        let burn = cards[burn_pick];
        if self.play.used.contains(burn) || flop.contains(&burn) {
            return Err(Rejection::CardInPlay { card: burn });
        }
        // The remedy comes first, then the flop; the chosen card is the next street's burn
        // (it may be needed at once when everyone is all-in and the board runs out).
        let (events, preset) = (self.play.events.len(), self.preset_burn);
        self.irregularity(
            IrregularityKind::FourCardFlop,
            None,
            cards.to_vec(),
            Some(burn_pick),
            "the four cards were scrambled face down; one chosen at random is the next burn card, the other three are the flop",
            &[Rule::Tda39a],
        );
        let preset_by = self.preset_burn_by;
        self.preset_burn = Some(burn);
        self.preset_burn_by = Some(Rule::Tda39a);
        self.play.used.insert(burn);
        if let Err(e) = self.deal_board(&flop) {
            self.play.events.truncate(events);
            self.preset_burn = preset;
            self.preset_burn_by = preset_by;
            self.play.used.remove(burn);
            return Err(e);
        }
        Ok(())
    }

    /// Board cards of the next street came out before the betting ended. TR-3.3: they go back
    /// into the deck, which is reshuffled, and the street is dealt again. TDA-RP-5: the burn
    /// stays burned, the cards go back into the stub, which is reshuffled, and the street is
    /// dealt again without a new burn. Either way they are not on the board.
    pub fn premature_board(&mut self, cards: Vec<Card>) -> Result<(), Rejection> {
        if self.phase() != Phase::Betting || self.street() == Street::River {
            return Err(Rejection::WrongPhase {
                what: "remedy premature board cards",
                phase: self.phase(),
            });
        }
        // The cards came from the stub: none is in play, and none is a player's.
        if self.rules().live {
            let mut seen = self.play.used;
            for &c in &cards {
                if !seen.insert(c) {
                    return Err(Rejection::CardInPlay { card: c });
                }
            }
            for &c in &cards {
                self.stub_seen.insert(c);
            }
        }
        let (remedy, rule) = match self.rules().irregularities.premature_board {
            PrematureBoard::Tr33 => (
                "the cards go back into the deck, which is reshuffled; the street is dealt again",
                Rule::Tr33,
            ),
            PrematureBoard::TdaRp5 => {
                self.play.skip_burn = true;
                (
                    "the burn stays burned; the cards go back into the stub, which is reshuffled; the street is dealt again without a new burn",
                    Rule::TdaRp5,
                )
            }
        };
        self.irregularity(
            IrregularityKind::PrematureBoard,
            None,
            cards,
            None,
            remedy,
            &[rule, Rule::Tda39c],
        );
        Ok(())
    }

    /// TDA-RP-4: the stub was dropped or scrambled.
    pub fn stub_scrambled(
        &mut self,
        restored: bool,
        mixed_with_muck: bool,
    ) -> Result<(), Rejection> {
        if self.phase() == Phase::Settled {
            return Err(Rejection::WrongPhase {
                what: "remedy a scrambled stub",
                phase: self.phase(),
            });
        }
        let remedy = match (restored, mixed_with_muck) {
            (true, _) => "the stub was restored",
            (false, false) => "a new stub from the stub cards only, shuffled face down and cut",
            (false, true) => {
                "stub, muck and burn cards reshuffled face down together, cut, play continues"
            }
        };
        self.irregularity(
            IrregularityKind::StubScrambled,
            None,
            Vec::new(),
            None,
            remedy,
            &[Rule::TdaRp4, Rule::Tda39d],
        );
        Ok(())
    }

    /// A player opened his own cards during play. TR-3.4: the hand is folded. GCB-8: play on
    /// and a warning after the hand, but one card up and one pushed forward is a fold.
    pub fn player_exposed_cards(
        &mut self,
        pos: Pos,
        cards: Vec<Card>,
        one_up_one_pushed: bool,
    ) -> Result<(), Rejection> {
        if !matches!(self.phase(), Phase::Betting | Phase::BoardDealing) || !self.is_active(pos) {
            return Err(Rejection::NotInHand { pos });
        }
        // At a live table the cards he opened are his dealt cards, known from now on.
        if self.rules().live {
            let (hole, used) = self.play.match_shown(pos, &cards, self.stub_seen)?;
            self.play.hole[pos.0] = hole;
            self.play.used = used;
        }
        let (fold, remedy, rule) = match self.rules().irregularities.own_exposure {
            OwnExposure::Fold => (true, "the hand is treated as folded", Rule::Tr34),
            OwnExposure::PlayOn if one_up_one_pushed => (
                true,
                "one card up and one pushed forward: folded",
                Rule::Gcb8,
            ),
            OwnExposure::PlayOn => (false, "play on; a warning after the hand", Rule::Gcb8),
        };
        self.irregularity(
            IrregularityKind::PlayerExposedOwnCards,
            Some(pos),
            cards,
            None,
            remedy,
            &[rule],
        );
        if fold {
            if self.front_actor() == Some(pos.0) && self.phase() == Phase::Betting {
                self.fold(pos)?;
            } else {
                self.fold_out_of_turn(pos.0);
            }
        }
        Ok(())
    }

    /// TR-22: the dealer mucked `pos`'s unprotected hand. No compensation: what he put in stays
    /// in the pot, except a raise of his nobody has called yet, which he gets back.
    pub fn unprotected_hand_killed(&mut self, pos: Pos) -> Result<(), Rejection> {
        if !matches!(self.phase(), Phase::Betting | Phase::BoardDealing) || !self.is_active(pos) {
            return Err(Rejection::NotInHand { pos });
        }
        let i = pos.0;
        let others = (0..self.players())
            .filter(|&j| j != i)
            .map(|j| self.bet_of(j))
            .max()
            .unwrap_or_default();
        let uncalled = self.bet_of(i).saturating_sub(others);
        self.irregularity(
            IrregularityKind::UnprotectedHandKilled,
            Some(pos),
            Vec::new(),
            None,
            if uncalled.is_zero() {
                "the dealer killed the unprotected hand: no compensation"
            } else {
                "the dealer killed the unprotected hand: no compensation; his raise nobody called goes back"
            },
            &[Rule::Tr22],
        );
        if !uncalled.is_zero() {
            self.return_uncalled(i, uncalled, Rule::Tr22);
        }
        if self.front_actor() == Some(i) && self.phase() == Phase::Betting {
            self.fold(pos)
        } else {
            self.fold_out_of_turn(i);
            Ok(())
        }
    }

    /// GCB-3: the player to act put in chips short of the call, without a word, not having
    /// noticed the raise; nobody has acted after him, so he takes them back and acts again
    /// (had someone acted, he completes the call, no raise, or folds and loses what he put in:
    /// `put_in` or `fold`).
    pub fn short_call_unaware(&mut self, pos: Pos, amount: Chips) -> Result<(), Rejection> {
        let i = self.play.turn(pos)?;
        let call = self.call_amount(i);
        if amount.is_zero() || amount >= call {
            return Err(Rejection::ShortCall {
                pos,
                got: amount,
                call,
            });
        }
        self.irregularity(
            IrregularityKind::ShortCallUnaware,
            Some(pos),
            Vec::new(),
            None,
            "a call short of a raise he did not notice; nobody acted after him: he takes the chips back and acts again",
            &[Rule::Gcb3],
        );
        Ok(())
    }

    /// The floor declares `pos`'s hand dead, in turn or not (TR-19's expired clock, a
    /// disqualification under TR-7, TR-24 or TR-28). The player's chips in the pot stay there.
    pub fn declare_dead(&mut self, pos: Pos, rule: Rule) -> Result<(), Rejection> {
        if self.is_stud() {
            return self.declare_stud_dead(pos, rule);
        }
        if !self.is_active(pos) || matches!(self.phase(), Phase::Settled) {
            return Err(Rejection::NotInHand { pos });
        }
        self.insert_event(
            usize::MAX,
            HandEvent::HandDeclaredDead {
                pos,
                rules: RuleSet::of(&[rule]),
            },
        );
        if self.front_actor() == Some(pos.0) && self.phase() == Phase::Betting {
            self.fold(pos)
        } else {
            self.fold_out_of_turn(pos.0);
            Ok(())
        }
    }
}

/// TR-21: an action out of turn is one by a player still to act in this round, taken before
/// his turn: not the player to act himself, nor one with no action to come.
pub(crate) fn out_of_turn_allowed(
    pos: Pos,
    actor: usize,
    players: usize,
    to_act: bool,
) -> Result<(), Rejection> {
    if pos.0 >= players {
        Err(Rejection::NotInHand { pos })
    } else if pos.0 == actor {
        Err(Rejection::OwnTurn { pos })
    } else if !to_act {
        Err(Rejection::NoTurnToCome { pos })
    } else {
        Ok(())
    }
}
