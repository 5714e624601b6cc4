//! Closing the night: each paid place's prize paid out at the cashier's desk, once, and on the
//! record. A prize is the profile's payout for the place (the pool's share, TR-0b's buy-ins),
//! or an agreed deal's figure for its players (what was kept back goes to the winner).

use floorbook_rules::{Rule, RuleSet};

use super::{Status, Tournament, TournamentError, TournamentEvent};
use crate::seating::PlayerId;

impl Tournament {
    /// The place and prize (cents) of `player` at `at` seconds: None while his place is not
    /// final (still playing), when it is not paid, and for a disqualified player.
    pub fn prize_of(&self, player: PlayerId, at: u64) -> Option<(u32, u64)> {
        let Status::Busted { place } = self.players.get(&player)?.status else {
            return None;
        };
        if let Some(d) = self.deal.as_ref().filter(|d| d.agreed)
            && let Some(share) = d.shares.iter().find(|s| s.player == player)
        {
            let kept = if place == 1 { d.left_to_play } else { 0 };
            return Some((place, share.cents + kept));
        }
        let prizes = self.clock_view(at).prizes_cents;
        let cents = *prizes.get(usize::try_from(place).ok()?.checked_sub(1)?)?;
        (cents > 0).then_some((place, cents))
    }

    /// The best place decided so far (places are decided from the last up: TR-0b); None while
    /// nobody is out.
    pub fn best_decided_place(&self) -> Option<u32> {
        self.players
            .values()
            .filter_map(|p| match p.status {
                Status::Busted { place } | Status::Disqualified { place } => Some(place),
                _ => None,
            })
            .min()
    }

    /// NOB-16: the director sets the house's payout. Refused once a place it pays, or the one
    /// in force pays, is decided (a prize would change under a player who has his place), and
    /// while a deal is on the table or agreed (its figures come from the payout).
    pub(super) fn edit_payout(&mut self, shares: &[u32]) -> Result<(), TournamentError> {
        let bad = || TournamentError::PayoutShares {
            got: shares.to_vec(),
            max: MAX_PAID_PLACES,
        };
        if shares.len() > MAX_PAID_PLACES as usize || shares.contains(&0) {
            return Err(bad());
        }
        if !shares.is_empty() && shares.iter().map(|&s| u64::from(s)).sum::<u64>() != 100 {
            return Err(bad());
        }
        match &self.deal {
            Some(d) if d.agreed => return Err(TournamentError::DealAgreedAlready),
            Some(_) => return Err(TournamentError::DealPending),
            None => {}
        }
        // The payout in force pays the places of its table for the field as it is.
        let entries = self.clock_view(self.clock).entrants;
        let paid = self.profile.payout.paid_places(entries);
        let new = shares.len() as u32;
        if let Some(place) = self
            .best_decided_place()
            .filter(|&place| place <= paid.max(new))
        {
            return Err(TournamentError::PayoutDecided { place, paid, new });
        }
        // The director's payout is the one for every field size from now on.
        self.profile.payout.shares = shares.to_vec();
        self.profile.payout.by_entries.clear();
        self.profile.payout.standard = None;
        self.out.push(TournamentEvent::PayoutEdited {
            shares: shares.to_vec(),
            rules: RuleSet::of(&[Rule::Nob16]),
        });
        Ok(())
    }

    pub(super) fn pay_prize(&mut self, player: PlayerId, at: u64) -> Result<(), TournamentError> {
        if !self.players.contains_key(&player) {
            return Err(TournamentError::NoPlayer(player));
        }
        if let Some(&cents) = self.prizes_paid.get(&player) {
            return Err(TournamentError::PrizePaidAlready { player, cents });
        }
        let Some((place, cents)) = self.prize_of(player, at) else {
            let paid = self.clock_view(at).prizes_cents.len() as u32;
            return Err(TournamentError::NoPrize { player, paid });
        };
        self.prizes_paid.insert(player, cents);
        self.out.push(TournamentEvent::PrizePaid {
            player,
            place,
            cents,
            rules: RuleSet::EMPTY,
        });
        Ok(())
    }
}

/// The most places a payout pays (a festival's main event pays about 15 % of its field).
pub const MAX_PAID_PLACES: u32 = 1000;
