//! Closing the night: each paid place's prize paid out at the cashier's desk, once, and on the
//! record. A prize is the profile's payout for the place (the pool's share, TR-0b's buy-ins),
//! or an agreed deal's figure for its players (what was kept back goes to the winner).

use floorbook_rules::RuleSet;

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
