//! Bounties (issue 39): a part of every buy-in on the player's head. Whoever knocks him out
//! wins it: in a hand, the winners of the pot he went all in for (where they covered him),
//! split if they tied; entered by the floor, the winner named. A fixed knock-out pays the
//! whole head in cash; a progressive one (PKO) pays the profile's share in cash, rounded up to
//! the cent (in favour of the amount won), and adds the rest to the winner's own head. The
//! tournament's winner takes his own head; a head nobody won (a player disqualified,
//! surrendered or removed as a no-show) goes to him too.

use floorbook_rules::RuleSet;

use super::{BountyShare, Tournament, TournamentEvent};
use crate::BountyKind;
use crate::seating::PlayerId;

impl Tournament {
    /// The bounty on `player`'s head now, in cents (none without a bounty format).
    pub fn head(&self, player: PlayerId) -> u64 {
        let Some(b) = &self.profile.bounty else {
            return 0;
        };
        b.cents() + self.players.get(&player).map_or(0, |p| p.bounty_gain)
    }

    /// `player` is out: his head goes to `winners` (none: nobody won it; kept for the
    /// tournament's winner).
    pub(super) fn award_bounty(&mut self, player: PlayerId, winners: &[PlayerId]) {
        let Some(b) = self.profile.bounty.clone() else {
            return;
        };
        let head = self.head(player);
        if let Some(p) = self.players.get_mut(&player) {
            p.bounty_gain = 0;
        }
        let winners: Vec<PlayerId> = winners.iter().copied().filter(|w| *w != player).collect();
        if winners.is_empty() {
            self.bounties_unclaimed += head;
            return;
        }
        // Split by the largest remainder: the first winners (in the order given) get a cent
        // more.
        let n = winners.len() as u64;
        let mut shares = Vec::with_capacity(winners.len());
        for (k, w) in winners.iter().enumerate() {
            let part = head / n + u64::from((k as u64) < head % n);
            let cash = match b.kind {
                BountyKind::Knockout => part,
                BountyKind::Progressive => (part * u64::from(b.to_eliminator)).div_ceil(100),
            };
            let onto_head = part - cash;
            if let Some(p) = self.players.get_mut(w) {
                p.bounties_won += cash;
                p.bounty_gain += onto_head;
            }
            shares.push(BountyShare {
                player: *w,
                cash,
                onto_head,
            });
        }
        self.out.push(TournamentEvent::BountyWon {
            from: player,
            head,
            shares,
            rules: RuleSet::EMPTY,
        });
    }

    /// The tournament's winner takes his own head and every head nobody won.
    pub(super) fn winner_takes_his_bounty(&mut self, winner: PlayerId) {
        if self.profile.bounty.is_none() {
            return;
        }
        let head = self.head(winner) + std::mem::take(&mut self.bounties_unclaimed);
        if let Some(p) = self.players.get_mut(&winner) {
            p.bounty_gain = 0;
            p.bounties_won += head;
        }
        self.out.push(TournamentEvent::BountyWon {
            from: winner,
            head,
            shares: vec![BountyShare {
                player: winner,
                cash: head,
                onto_head: 0,
            }],
            rules: RuleSet::EMPTY,
        });
    }

    /// The bounty money so far, in cents: what is on heads and what was won. Each entry puts
    /// one head on the table, and so does a rebuy by a player who was out (from its price).
    pub fn bounty_money(&self) -> u64 {
        self.profile.bounty.as_ref().map_or(0, |b| {
            b.cents() * u64::from(self.entry_count() + self.rebuy_heads)
        })
    }
}
