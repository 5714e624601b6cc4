//! A deal at the final table (issue 39): the director proposes it with each player's figure
//! (`crate::deal`), every player left agrees to it one by one, or one declines and it is off.
//! The house's policy: a profile allows deals only when it says so, and never under the
//! club's tournament rules, which disqualify agreements among players (TR-7). A deal is made
//! between hands, on the stacks as they stand; the agreed figures are each player's prize.

use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use super::{Tournament, TournamentError, TournamentEvent};
use crate::System;
use crate::deal::{DealMethod, figures};
use crate::seating::PlayerId;

/// One player's part of a deal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealShare {
    pub player: PlayerId,
    /// His chips when the deal was proposed.
    pub stack: u64,
    /// His figure, in cents.
    pub cents: u64,
}

/// The deal on the table, or agreed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub method: DealMethod,
    /// Cents kept back from first place and played for.
    pub left_to_play: u64,
    pub shares: Vec<DealShare>,
    /// Who has agreed so far, in order.
    pub agreed_by: Vec<PlayerId>,
    pub agreed: bool,
}

impl Tournament {
    /// The players left with their stacks, in player order.
    fn stacks_left(&self) -> Vec<(PlayerId, u64)> {
        self.tables
            .iter()
            .flat_map(|ts| ts.table.seats.iter().flatten())
            .filter_map(|p| self.players.get(p).map(|pl| (*p, pl.stack)))
            .collect::<std::collections::BTreeMap<_, _>>()
            .into_iter()
            .collect()
    }

    fn deals_allowed(&self) -> Result<(), TournamentError> {
        if matches!(self.profile.system, System::TR | System::TDA) {
            return Err(TournamentError::DealForbidden { rule: Rule::Tr7 });
        }
        if !self.profile.deals.allowed {
            return Err(TournamentError::DealsOff);
        }
        Ok(())
    }

    /// Deals are made between hands: the first table playing one.
    fn hand_in_play(&self) -> Option<u32> {
        self.tables
            .iter()
            .find(|ts| ts.hand.is_some())
            .map(|ts| ts.table.no.0)
    }

    pub(super) fn propose_deal(
        &mut self,
        method: DealMethod,
        left_to_play: u64,
        at: u64,
    ) -> Result<(), TournamentError> {
        self.deals_allowed()?;
        if !self.started || self.finished {
            return Err(TournamentError::NotNow(
                "a deal is made while the tournament is played",
            ));
        }
        match &self.deal {
            Some(d) if d.agreed => return Err(TournamentError::DealAgreedAlready),
            // A deal whose stacks moved since is replaced by the new one.
            Some(_) if !matches!(self.deal_on_table(), Err(TournamentError::DealStale)) => {
                return Err(TournamentError::DealPending);
            }
            _ => {}
        }
        if let Some(table) = self.hand_in_play() {
            return Err(TournamentError::DealInHand { table });
        }
        let left = self.stacks_left();
        // The prizes of the places still to be paid, best first.
        let prizes = self.clock_view(at).prizes_cents;
        let paid: Vec<u64> = prizes.iter().take(left.len()).copied().collect();
        if paid.is_empty() {
            return Err(TournamentError::DealNoPrizes);
        }
        if left_to_play > paid[0] {
            return Err(TournamentError::DealLeftToPlay {
                got: left_to_play,
                max: paid[0],
            });
        }
        let mut shared = paid.clone();
        shared[0] -= left_to_play;
        // Kept back from first place, the prizes may no longer be best first: share them as
        // paid, each place at most the one before.
        for i in 1..shared.len() {
            shared[i] = shared[i].min(shared[i - 1]);
        }
        let kept: u64 = paid.iter().sum::<u64>() - shared.iter().sum::<u64>();
        let stacks: Vec<u64> = left.iter().map(|(_, s)| *s).collect();
        let cents = figures(method, &stacks, &shared)?;
        let shares: Vec<DealShare> = left
            .iter()
            .zip(cents)
            .map(|((player, stack), cents)| DealShare {
                player: *player,
                stack: *stack,
                cents,
            })
            .collect();
        self.deal = Some(Deal {
            method,
            left_to_play: kept,
            shares: shares.clone(),
            agreed_by: Vec::new(),
            agreed: false,
        });
        self.out.push(TournamentEvent::DealProposed {
            method,
            left_to_play: kept,
            shares,
            rules: RuleSet::EMPTY,
        });
        Ok(())
    }

    /// The deal on the table, its stacks as they still stand.
    fn deal_on_table(&self) -> Result<&Deal, TournamentError> {
        let deal = match &self.deal {
            Some(d) if d.agreed => return Err(TournamentError::DealAgreedAlready),
            Some(d) => d,
            None => return Err(TournamentError::NoDealPending),
        };
        if let Some(table) = self.hand_in_play() {
            return Err(TournamentError::DealInHand { table });
        }
        let now = self.stacks_left();
        let then: Vec<(PlayerId, u64)> = deal.shares.iter().map(|s| (s.player, s.stack)).collect();
        if now != then {
            return Err(TournamentError::DealStale);
        }
        Ok(deal)
    }

    pub(super) fn consent_to_deal(&mut self, player: PlayerId) -> Result<(), TournamentError> {
        let deal = self.deal_on_table()?;
        if !deal.shares.iter().any(|s| s.player == player) {
            return Err(TournamentError::NotInDeal { player });
        }
        if deal.agreed_by.contains(&player) {
            return Err(TournamentError::AlreadyAgreed { player });
        }
        let mut deal = deal.clone();
        deal.agreed_by.push(player);
        self.out.push(TournamentEvent::DealConsented {
            player,
            rules: RuleSet::EMPTY,
        });
        if deal.agreed_by.len() == deal.shares.len() {
            deal.agreed = true;
            self.out.push(TournamentEvent::DealAgreed {
                shares: deal.shares.clone(),
                left_to_play: deal.left_to_play,
                rules: RuleSet::EMPTY,
            });
        }
        self.deal = Some(deal);
        Ok(())
    }

    pub(super) fn decline_deal(&mut self, player: PlayerId) -> Result<(), TournamentError> {
        let deal = match &self.deal {
            Some(d) if d.agreed => return Err(TournamentError::DealAgreedAlready),
            Some(d) => d,
            None => return Err(TournamentError::NoDealPending),
        };
        if !deal.shares.iter().any(|s| s.player == player) {
            return Err(TournamentError::NotInDeal { player });
        }
        self.deal = None;
        self.out.push(TournamentEvent::DealDeclined {
            player,
            rules: RuleSet::EMPTY,
        });
        Ok(())
    }
}
