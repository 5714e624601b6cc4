//! Bounties (issue 39): a part of every buy-in on the player's head. Whoever knocks him out
//! wins it: in a hand, the winners of the pot he went all in for (where they covered him),
//! split if they tied; entered by the floor, the winner named. A fixed knock-out pays the
//! whole head in cash; a progressive one (PKO) pays the profile's share in cash, rounded up to
//! the cent (in favour of the amount won), and adds the rest to the winner's own head. The
//! tournament's winner takes his own head; a head nobody won (a player disqualified,
//! surrendered or removed as a no-show) goes to him too.
//!
//! A mystery bounty puts the bounty money into envelopes at the start of the profile's level
//! (entries and rebuys closed: the money is known), one for every player still in; from then
//! each elimination owes its winners an envelope, drawn by the floor with a recorded draw;
//! the tournament's winner takes those left. Busts before the level win nothing.

use floorbook_rules::RuleSet;

use super::{BountyShare, Tournament, TournamentError, TournamentEvent};
use crate::BountyKind;
use crate::seating::PlayerId;

/// Splits `cents` among `winners` (in the order given) by the largest remainder: the first
/// ones get a cent more.
fn split(cents: u64, winners: &[PlayerId]) -> impl Iterator<Item = (PlayerId, u64)> + '_ {
    let n = winners.len().max(1) as u64;
    winners
        .iter()
        .enumerate()
        .map(move |(k, w)| (*w, cents / n + u64::from((k as u64) < cents % n)))
}

impl Tournament {
    /// The bounty on `player`'s head now, in cents (none without a bounty format).
    pub fn head(&self, player: PlayerId) -> u64 {
        let Some(b) = &self.profile.bounty else {
            return 0;
        };
        if b.kind == BountyKind::Mystery {
            return 0;
        }
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
        if b.kind == BountyKind::Mystery {
            // Before the envelopes are filled a bust wins nothing; after, its winners draw.
            if self.envelopes.is_some() && !winners.is_empty() {
                self.envelopes_owed.push((player, winners.clone()));
                self.out.push(TournamentEvent::EnvelopeOwed {
                    from: player,
                    to: winners,
                    rules: RuleSet::EMPTY,
                });
            }
            return;
        }
        if winners.is_empty() {
            self.bounties_unclaimed += head;
            return;
        }
        let mut shares = Vec::with_capacity(winners.len());
        for (w, part) in split(head, &winners) {
            let cash = match b.kind {
                BountyKind::Knockout | BountyKind::Mystery => part,
                BountyKind::Progressive => (part * u64::from(b.to_eliminator)).div_ceil(100),
            };
            let onto_head = part - cash;
            if let Some(p) = self.players.get_mut(&w) {
                p.bounties_won += cash;
                p.bounty_gain += onto_head;
            }
            shares.push(BountyShare {
                player: w,
                cash,
                onto_head,
            });
        }
        self.out.push(TournamentEvent::BountyWon {
            from: player,
            head,
            shares,
            envelope: None,
            rules: RuleSet::EMPTY,
        });
    }

    /// A mystery bounty's envelopes are to be filled now: the tournament runs and the clock
    /// is in the profile's level or later (a flight fills none: the envelopes are Day 2's).
    pub(super) fn envelopes_due(&self, at: u64) -> bool {
        self.profile.bounty.as_ref().is_some_and(|b| {
            b.kind == BountyKind::Mystery
                && self.profile.flight.is_none()
                && self.started
                && !self.finished
                && self.envelopes.is_none()
                && self.level_at(at) >= b.from_level
        })
    }

    /// Fills the envelopes: the bounty money so far, one for every player still in.
    pub(super) fn fill_envelopes(&mut self) {
        let Some(b) = &self.profile.bounty else {
            return;
        };
        let cents = self.bounty_money();
        let envelopes = crate::profile::fill_envelopes(cents, &b.envelopes, self.remaining());
        self.envelopes = Some(envelopes.clone());
        self.out.push(TournamentEvent::EnvelopesFilled {
            level: self.level_at(self.now),
            cents,
            envelopes,
            rules: RuleSet::EMPTY,
        });
    }

    /// The floor records the envelope drawn for the bust of `from`: `draw` counts the
    /// envelopes left from 0, in the order they were filled.
    pub(super) fn draw_envelope(
        &mut self,
        from: PlayerId,
        draw: u32,
    ) -> Result<(), TournamentError> {
        let owed = self
            .envelopes_owed
            .iter()
            .position(|(p, _)| *p == from)
            .ok_or(TournamentError::NoEnvelopeOwed {
                player: from,
                owed: self.envelopes_owed.iter().map(|(p, _)| *p).collect(),
            })?;
        let left = self.envelopes.as_ref().map_or(0, Vec::len) as u32;
        if draw >= left {
            return Err(TournamentError::EnvelopeDraw {
                got: draw,
                envelopes: left,
            });
        }
        let (_, winners) = self.envelopes_owed.remove(owed);
        let amount = self
            .envelopes
            .as_mut()
            .map_or(0, |e| e.remove(draw as usize));
        let mut shares = Vec::with_capacity(winners.len());
        for (w, cash) in split(amount, &winners) {
            if let Some(p) = self.players.get_mut(&w) {
                p.bounties_won += cash;
            }
            shares.push(BountyShare {
                player: w,
                cash,
                onto_head: 0,
            });
        }
        self.out.push(TournamentEvent::BountyWon {
            from,
            head: amount,
            shares,
            envelope: Some((draw, left)),
            rules: RuleSet::EMPTY,
        });
        if self.finished {
            self.winner_takes_the_envelopes();
        }
        Ok(())
    }

    /// The tournament is over and nobody else has an envelope to draw: its winner takes the
    /// envelopes left (all the bounty money when they were never filled).
    fn winner_takes_the_envelopes(&mut self) {
        let Some(winner) = self
            .players
            .values()
            .find(|p| matches!(p.status, super::Status::Busted { place: 1 }))
            .map(|p| p.id)
        else {
            return;
        };
        // His own draws are part of what he takes.
        self.envelopes_owed
            .retain(|(_, to)| to.iter().any(|w| *w != winner));
        if !self.envelopes_owed.is_empty() {
            return;
        }
        let head = match self.envelopes.as_mut() {
            Some(e) => std::mem::take(e).into_iter().sum(),
            None => {
                self.envelopes = Some(Vec::new());
                self.bounty_money()
            }
        };
        if head > 0 {
            self.winner_takes(winner, head);
        }
    }

    /// The tournament's winner takes `head` in cash: his own bounty and what is left.
    fn winner_takes(&mut self, winner: PlayerId, head: u64) {
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
            envelope: None,
            rules: RuleSet::EMPTY,
        });
    }

    /// The tournament's winner takes his own head and every head nobody won.
    pub(super) fn winner_takes_his_bounty(&mut self, winner: PlayerId) {
        let Some(b) = &self.profile.bounty else {
            return;
        };
        if b.kind == BountyKind::Mystery {
            self.winner_takes_the_envelopes();
            return;
        }
        let head = self.head(winner) + std::mem::take(&mut self.bounties_unclaimed);
        self.winner_takes(winner, head);
    }

    /// The bounty money so far, in cents: what is on heads and what was won. Each entry puts
    /// one head on the table, and so does a rebuy by a player who was out (from its price);
    /// Day 2's is its flights'.
    pub fn bounty_money(&self) -> u64 {
        if let Some(cents) = self.flight_bounty_money() {
            return cents;
        }
        self.profile.bounty.as_ref().map_or(0, |b| {
            b.cents() * u64::from(self.entry_count() + self.rebuy_heads)
        })
    }
}
