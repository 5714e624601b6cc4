//! A dealer's or player's action in a hand, as the tournament and the cash tables enter it.

use floorbook_cards::Card;
use serde::{Deserialize, Serialize};

use crate::{Chips, OutOfTurn, Pos, PutIn, ShowOrMuck, Turns};

/// A dealer's or player's action in a hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum HandCommand {
    DealHole {
        pos: Pos,
        cards: Vec<Option<Card>>,
    },
    DealBoard {
        cards: Vec<Card>,
    },
    /// The street's board cards dealt without entering them (one tap a street): the
    /// showdown is then the dealer's reading (`AwardPot`).
    DealBoardUnseen,
    /// The dealer's reading of a showdown whose board was not entered: pot `pot` (0 the main
    /// pot) goes to `winners`, who split it when more than one (TR-3.6).
    AwardPot {
        pot: usize,
        winners: Vec<Pos>,
    },
    /// The hole cards still due, dealt face down and unseen, to each player in turn (one tap
    /// for a deal nobody names); stud stops at the first card due face up, which is named.
    DealFaceDown,
    FourCardFlop {
        cards: [Card; 4],
        burn_pick: usize,
    },
    Fold {
        pos: Pos,
    },
    CheckOrCall {
        pos: Pos,
    },
    /// A declared check: refused when a bet is due, naming it (NOB-14).
    Check {
        pos: Pos,
    },
    /// Every player to act before `pos` folds, in turn (one tap for "folds to seat 6"); with
    /// `then_call`, `pos` then checks or calls (one tap for "folds to seat 6, who calls").
    FoldTo {
        pos: Pos,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        then_call: bool,
    },
    /// Everyone still to act on this street checks, in turn ("checked around").
    CheckAround,
    BetOrRaiseTo {
        pos: Pos,
        to: Chips,
    },
    ShowOrMuck {
        pos: Pos,
        what: ShowOrMuck,
    },
    OutOfTurn {
        pos: Pos,
        action: OutOfTurn,
    },
    /// Cards shown after the hand (TR-3.5, TR-3.8; the uncalled winner's, TR-3.7): recorded
    /// in the table's last hand.
    ShowAfterHand {
        pos: Pos,
        cards: Vec<Card>,
    },
    /// TR-26: the floor rules that a player's recorded hole cards were wrong; these are the
    /// cards he was dealt, and why.
    CorrectHoleCards {
        pos: Pos,
        cards: Vec<Card>,
        reason: String,
    },
    /// Chips put over the line, with what was said (TR-23, GCB-4, GCB-2, PLO-7, PLO-9): read
    /// by the profile, the reading recorded before the action it becomes.
    PutIn {
        pos: Pos,
        put: PutIn,
    },
    /// "Raise" without an amount: the minimum raise (GCB-2).
    Raise {
        pos: Pos,
    },
    /// TR-3.1: a hole card turned up in the deal becomes the flop's burn; the player gets a
    /// replacement after everyone else.
    CardExposedInDeal {
        pos: Pos,
        card: Card,
    },
    /// The flop came without a burn (TR-3.2, TDA-39B): before any action one of the three,
    /// `burn_pick` (the floor's draw, 0 to 2), is burned and `next` completes the flop.
    FlopWithoutBurn {
        burn_pick: usize,
        next: Option<Card>,
    },
    /// Board cards dealt before the betting ended (TR-3.3, TDA-39C, TDA-RP-5).
    PrematureBoard {
        cards: Vec<Card>,
    },
    /// The stub was dropped or scrambled (TDA-RP-4, TDA-39D).
    StubScrambled {
        restored: bool,
        mixed_with_muck: bool,
    },
    /// A player opened his own cards during play (TR-3.4; GCB-8 plays on).
    ExposedOwnCards {
        pos: Pos,
        cards: Vec<Card>,
        one_up_one_pushed: bool,
    },
    /// TR-22: the dealer killed a player's unprotected hand.
    UnprotectedHandKilled {
        pos: Pos,
    },
    /// GCB-8: a fold on false information whose cards were retrieved.
    FoldRetrieved {
        pos: Pos,
    },
    /// GCB-3: chips short of the call, put in unaware of a raise; nobody has acted after.
    ShortCallUnaware {
        pos: Pos,
        amount: Chips,
    },
    /// Stud: the bring-in, posted by the player the up cards name (TDA-RP-10).
    BringIn {
        pos: Pos,
    },
    /// Stud, TDA-RP-10 A: a down card exposed in the first deal.
    DownCardExposed {
        pos: Pos,
        card: Card,
    },
    /// Stud, TDA-RP-10 B: the dealer exposed a player's seventh-street card.
    SeventhCardExposed {
        pos: Pos,
        card: Card,
    },
    /// Stud, TDA-RP-5 D: cards of the next street dealt before the betting ended. `burned`:
    /// whether the street's burn was dealt before them (it stays burned); none said is the
    /// reading of chains recorded before it was asked (no burn counted, none dealt).
    PrematureStudCards {
        cards: Vec<Card>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        burned: Option<bool>,
    },
}

impl HandCommand {
    /// Applies the action to a hand in progress (all of it or, refused, none of it: the hand
    /// engine changes nothing when it refuses). A procedure of another game is refused,
    /// naming the game.
    pub fn apply(&self, h: &mut crate::Hand) -> Result<(), crate::Rejection> {
        let stud = h.is_stud();
        if let Some(of_stud) = self.game_of_its_own()
            && of_stud != stud
        {
            return Err(crate::Rejection::OtherGame {
                what: self.name(),
                game: if of_stud { "stud" } else { "flop-game" },
                other: if of_stud { "a flop game" } else { "stud" },
            });
        }
        match self {
            HandCommand::DealHole { pos, cards } => h.deal_hole(*pos, cards),
            HandCommand::FoldTo { pos, then_call } => h.fold_to(*pos, *then_call),
            HandCommand::CheckAround => h.check_around(),
            HandCommand::DealBoardUnseen => h.deal_board_unseen(),
            HandCommand::AwardPot { pot, winners } => h.award_pot(*pot, winners),
            HandCommand::DealFaceDown => {
                // The face-down cards due, one position after another (stud: up to the next
                // up card, which is named).
                let mut work = h.clone();
                let mut dealt = false;
                while let Some(pos) = work.dealee() {
                    let (due, up) = work.cards_due(pos);
                    if stud && (up || due == 0) {
                        break;
                    }
                    let n = if stud { 1 } else { due.max(1) };
                    work.deal_hole(pos, &vec![None; n])?;
                    dealt = true;
                }
                if !dealt {
                    return Err(crate::Rejection::WrongPhase {
                        what: if stud {
                            "dealing face-down cards"
                        } else {
                            "dealing the hole cards"
                        },
                        phase: h.phase(),
                    });
                }
                *h = work;
                Ok(())
            }
            HandCommand::DealBoard { cards } => h.deal_board(cards),
            HandCommand::FourCardFlop { cards, burn_pick } => h.four_card_flop(*cards, *burn_pick),
            HandCommand::Fold { pos } => h.fold(*pos),
            HandCommand::CheckOrCall { pos } => h.check_or_call(*pos),
            HandCommand::Check { pos } => h.check(*pos),
            HandCommand::BetOrRaiseTo { pos, to } if stud => h.bet_or_raise_to(*pos, *to),
            HandCommand::BetOrRaiseTo { pos, to } => h.bet_or_raise_declared(*pos, *to),
            HandCommand::ShowOrMuck { pos, what } => h.show_or_muck(*pos, what.clone()),
            HandCommand::OutOfTurn { pos, action } => h.act_out_of_turn(*pos, *action),
            HandCommand::ShowAfterHand { pos, cards } => h.shown_after_hand(*pos, cards.clone()),
            HandCommand::CorrectHoleCards { pos, cards, reason } => {
                h.correct_hole_cards(*pos, cards.clone(), reason.clone())
            }
            HandCommand::PutIn { pos, put } => h.put_in(*pos, *put).map(|_| ()),
            HandCommand::Raise { pos } if stud => h.raise_fixed(*pos),
            HandCommand::Raise { pos } => h.raise_minimum(*pos).map(|_| ()),
            HandCommand::CardExposedInDeal { pos, card } => {
                h.hole_card_exposed_in_deal(*pos, *card)
            }
            HandCommand::FlopWithoutBurn { burn_pick, next } => {
                h.flop_dealt_without_burn(*burn_pick, *next)
            }
            HandCommand::PrematureBoard { cards } => h.premature_board(cards.clone()),
            HandCommand::StubScrambled {
                restored,
                mixed_with_muck,
            } => h.stub_scrambled(*restored, *mixed_with_muck),
            HandCommand::ExposedOwnCards {
                pos,
                cards,
                one_up_one_pushed,
            } => h.player_exposed_cards(*pos, cards.clone(), *one_up_one_pushed),
            HandCommand::UnprotectedHandKilled { pos } => h.unprotected_hand_killed(*pos),
            HandCommand::FoldRetrieved { pos } => h.fold_retrieved(*pos),
            HandCommand::ShortCallUnaware { pos, amount } => h.short_call_unaware(*pos, *amount),
            HandCommand::BringIn { pos } => h.post_bring_in(*pos),
            HandCommand::DownCardExposed { pos, card } => h.down_card_exposed(*pos, *card),
            HandCommand::SeventhCardExposed { pos, card } => h.seventh_card_exposed(*pos, *card),
            HandCommand::PrematureStudCards { cards, burned } => {
                h.premature_cards(cards.clone(), *burned)
            }
        }
    }

    /// The game whose own procedure this is: Some(true) stud's, Some(false) a flop game's
    /// (a board, blinds, declared chips); None for what every game does.
    fn game_of_its_own(&self) -> Option<bool> {
        match self {
            HandCommand::BringIn { .. }
            | HandCommand::DownCardExposed { .. }
            | HandCommand::SeventhCardExposed { .. }
            | HandCommand::PrematureStudCards { .. } => Some(true),
            HandCommand::DealBoardUnseen
            | HandCommand::AwardPot { .. }
            | HandCommand::FourCardFlop { .. }
            | HandCommand::PutIn { .. }
            | HandCommand::CardExposedInDeal { .. }
            | HandCommand::FlopWithoutBurn { .. }
            | HandCommand::PrematureBoard { .. }
            | HandCommand::StubScrambled { .. }
            | HandCommand::ExposedOwnCards { .. }
            | HandCommand::UnprotectedHandKilled { .. }
            | HandCommand::FoldRetrieved { .. }
            | HandCommand::ShortCallUnaware { .. } => Some(false),
            HandCommand::DealHole { .. }
            | HandCommand::DealFaceDown
            | HandCommand::FoldTo { .. }
            | HandCommand::CheckAround
            | HandCommand::DealBoard { .. }
            | HandCommand::Fold { .. }
            | HandCommand::CheckOrCall { .. }
            | HandCommand::Check { .. }
            | HandCommand::BetOrRaiseTo { .. }
            | HandCommand::ShowOrMuck { .. }
            | HandCommand::OutOfTurn { .. }
            | HandCommand::ShowAfterHand { .. }
            | HandCommand::CorrectHoleCards { .. }
            | HandCommand::Raise { .. } => None,
        }
    }

    /// The player of a betting action (fold, check, call, bet, raise, chips put in): the
    /// entries the floor corrects (TR-26); none for the other commands.
    pub fn betting_pos(&self) -> Option<Pos> {
        match self {
            HandCommand::Fold { pos }
            | HandCommand::CheckOrCall { pos }
            | HandCommand::Check { pos }
            | HandCommand::BetOrRaiseTo { pos, .. }
            | HandCommand::Raise { pos }
            | HandCommand::PutIn { pos, .. } => Some(*pos),
            _ => None,
        }
    }

    /// The command's name as the wire and the log spell it.
    pub fn name(&self) -> &'static str {
        match self {
            HandCommand::DealHole { .. } => "deal_hole",
            HandCommand::DealFaceDown => "deal_face_down",
            HandCommand::FoldTo { .. } => "fold_to",
            HandCommand::CheckAround => "check_around",
            HandCommand::DealBoard { .. } => "deal_board",
            HandCommand::DealBoardUnseen => "deal_board_unseen",
            HandCommand::AwardPot { .. } => "award_pot",
            HandCommand::FourCardFlop { .. } => "four_card_flop",
            HandCommand::Fold { .. } => "fold",
            HandCommand::CheckOrCall { .. } => "check_or_call",
            HandCommand::Check { .. } => "check",
            HandCommand::BetOrRaiseTo { .. } => "bet_or_raise_to",
            HandCommand::ShowOrMuck { .. } => "show_or_muck",
            HandCommand::OutOfTurn { .. } => "out_of_turn",
            HandCommand::ShowAfterHand { .. } => "show_after_hand",
            HandCommand::CorrectHoleCards { .. } => "correct_hole_cards",
            HandCommand::PutIn { .. } => "put_in",
            HandCommand::Raise { .. } => "raise",
            HandCommand::CardExposedInDeal { .. } => "card_exposed_in_deal",
            HandCommand::FlopWithoutBurn { .. } => "flop_without_burn",
            HandCommand::PrematureBoard { .. } => "premature_board",
            HandCommand::StubScrambled { .. } => "stub_scrambled",
            HandCommand::ExposedOwnCards { .. } => "exposed_own_cards",
            HandCommand::UnprotectedHandKilled { .. } => "unprotected_hand_killed",
            HandCommand::FoldRetrieved { .. } => "fold_retrieved",
            HandCommand::ShortCallUnaware { .. } => "short_call_unaware",
            HandCommand::BringIn { .. } => "bring_in",
            HandCommand::DownCardExposed { .. } => "down_card_exposed",
            HandCommand::SeventhCardExposed { .. } => "seventh_card_exposed",
            HandCommand::PrematureStudCards { .. } => "premature_stud_cards",
        }
    }
}

impl crate::Hand {
    /// Applies a dealer's or floor's action (all of it, or refused and nothing changed).
    pub fn apply(&mut self, command: &HandCommand) -> Result<(), crate::Rejection> {
        command.apply(self)
    }
}
