//! Taking turns, written once for every game: an action out of turn held for its player's
//! turn and then applied or withdrawn (TR-21, GCB-3), and one tap for many players' ordinary
//! actions: everyone folds up to a player ("folds to seat 6"), and everyone still to act checks
//! ("checked around"). Each player's action is recorded as his own (the same events as one tap
//! each); the whole is refused, and nothing changes, when it cannot be done as said.
//!
//! A game says what is its own through [`sealed::Game`]: what is due, what a held raise
//! commits its player to, and how he raises.

use std::ops::DerefMut;

use floorbook_rules::{Rule, RuleSet};

use crate::irregular::out_of_turn_allowed;
use floorbook_cards::{Card, CardSet};

use crate::play::{HoleCards, Seats, second_largest};
use crate::{
    Chips, HandEvent, Legal, OutOfTurn, OutOfTurnRule, Phase, Play, Pos, RaiseBarred, Rejection,
    ShowOrMuck,
};
use sealed::Shown;

use crate::showdown::{Judged, Terms, Way};

pub(crate) mod sealed {
    use super::*;

    /// What taking turns asks of a game beyond its [`Play`]. Not nameable outside the crate,
    /// so only the crate's games take turns.
    pub trait Game: Clone + DerefMut<Target = Play> {
        /// Who acts first in the betting round about to open, and whether a tie was broken by
        /// suit (stud's up cards); None when nobody can.
        fn first_to_act(&self) -> Option<(usize, bool)>;
        /// The betting round opens with `opener` first and `order` to act: what the game
        /// records and owes at its start (a bring-in); the least a raise adds before any bet
        /// (TR-8).
        fn round_opening(&mut self, opener: usize, by_suit: bool, order: &[usize]) -> Chips;
        /// A player who gets his card only after everyone else (a replacement, TR-3.1).
        fn dealt_last(&self) -> Option<usize> {
            None
        }
        /// The range player `i` may bet or raise to by the structure (fixed limit: one
        /// amount), if he may bet or raise at all.
        fn raise_range(&self, i: usize) -> Option<(Chips, Chips)>;
        /// The bring-in player `i` owes, and whether he may fold instead, when it is due
        /// (TDA-RP-10).
        fn bring_in_due(&self, _i: usize) -> Option<(Chips, bool)> {
            None
        }
        /// The rules the choices of the player to act cite: the structure's, a bring-in's.
        fn legal_rules(&self) -> RuleSet;
        /// The bet to match.
        fn bet_to_match(&self) -> Chips;
        /// What player `i` must put in to call.
        fn to_call(&self, i: usize) -> Chips;
        /// Whether player `i`, whose turn it is, may fold (not while he must bring it in).
        fn may_fold(&self, i: usize) -> Result<(), Rejection>;
        /// Whether player `i`, whose turn it is, may check or call (not while a bring-in is
        /// due).
        fn may_call(&self, i: usize) -> Result<(), Rejection>;
        /// What else a fold in turn changes: `acted` says whether he had acted this round.
        fn folded_in_turn(&mut self, i: usize, acted: bool);
        /// What else the end of a betting round changes (a bring-in no longer due).
        fn round_closing(&mut self) {}
        /// Whether the last player in keeps his bet in front when everyone else folded (it
        /// goes back to him as he wins; no part of it is returned as uncalled).
        fn keeps_the_winners_bet(&self) -> bool;
        /// The rules the showdown's order is decided by.
        fn showdown_rules(&self) -> RuleSet;
        /// The next street is dealt.
        fn deal_next_street(&mut self);
        /// The game's showdown, as data.
        fn terms(&self) -> Terms;
        /// Player `i`'s hand judged one way: by the cards he shows, or (`known`) by every
        /// card of his that is known.
        fn judge(&self, way: Way, i: usize, known: bool) -> Option<Judged>;
        /// The cards each player shows, which name his hand (none where the name needs none).
        fn shown_cards(&self) -> Vec<Vec<Card>> {
            Vec::new()
        }
        /// When the cards cannot be judged (the board's were not entered), the dealer reads
        /// the hands: the hand waits for his awards, and this says so.
        fn dealer_reads(&mut self) -> bool {
            false
        }
        /// Which reading of an action out of turn the hand follows (TR-21 or GCB-3).
        fn out_of_turn_rule(&self) -> OutOfTurnRule;
        /// What a held raise to `to` commits its player to, when his own word sets its size
        /// (no-limit and pot-limit at a live table); None where the structure sets it.
        fn held_raise_commits(&self, to: Chips) -> Option<Chips>;
        /// Whether a held action is void when its turn comes (a bring-in due first).
        fn held_void(&self) -> bool;
        /// The held raise to `to`, taken in turn.
        fn raise_as_held(&mut self, pos: Pos, to: Chips) -> Result<(), Rejection>;
        /// Whether a player facing less than the last full raise may not raise (PokerKit's
        /// reading, which every stud hand and a flop hand off a live table follow; a live
        /// flop table reads TR-8 by who has acted since the last full raise).
        fn short_call_reopens_nothing(&self) -> bool;
        /// How many bets and raises a betting round allows (NOB-12), if capped.
        fn raise_cap(&self) -> Option<u32>;
        /// The rule cited when a player's stack or the others' leave no room to raise.
        fn raise_room_rule(&self) -> Rule;
        /// Whether an all-in short of a full raise counts toward the cap (NOB-12: not at a
        /// live flop table).
        fn short_raise_counts(&self) -> bool;
        /// Whether the hand is played at a live table (not a PHH replay).
        fn live(&self) -> bool;
        /// Whether the last live hand in a pot wins it unshown (TR-3.6).
        fn last_live_hand_wins(&self) -> bool;
        /// Whether player `i`, whose turn it is, may bet or raise to `to` by the structure
        /// (no-limit and pot-limit: a range; fixed limit: one amount); if so, the game's own
        /// state changes with the raise (a bring-in no longer due), and the rules the raise
        /// cites. Nothing changes when refused.
        fn raise_checked(&mut self, i: usize, to: Chips) -> Result<RuleSet, Rejection>;
        /// Player `i` mucked his cards.
        fn mucked(&mut self, _i: usize) {}
        /// The cards player `pos` holds, which are up, and the cards in play, once he has
        /// shown `cards` (a live table: the cards dealt, each named, TR-11), or why not.
        fn shown(&self, pos: Pos, cards: &[Option<Card>]) -> Result<Shown, Rejection>;
        /// The last player in, who won unseen, shows `cards` by choice (TR-3.7).
        fn uncalled_winner_shows(&mut self, pos: Pos, cards: Vec<Card>) -> Result<(), Rejection>;
        /// Cards seen in the stub, which no player holds.
        fn stub_seen(&self) -> CardSet;
        /// Player `i`'s cards were corrected; `was` were his cards before.
        fn corrected(&mut self, _i: usize, _was: &[Option<Card>]) {}
    }

    /// A hand as shown: its cards, which are up, every card in play.
    #[derive(Debug)]
    pub struct Shown {
        pub hole: HoleCards<Option<Card>>,
        pub up: HoleCards<bool>,
        pub used: CardSet,
    }
}

/// Whether player `i`, whose turn it is, may bet or raise at all, checked in one order for
/// every game: a short call reopens nothing (TR-8), the round's raises are capped (NOB-12),
/// he acted before a short all-in that was no full raise (TR-8), his stack covers no more than
/// a call, nobody is left who could call a raise. How much he may raise is the game's
/// structure.
pub(crate) fn may_raise<G: sealed::Game>(g: &G, i: usize) -> Result<(), Rejection> {
    let no = |reason: RaiseBarred, rule: Rule| Rejection::CannotRaise {
        pos: Pos(i),
        reason,
        rule,
    };
    if g.short_call_reopens_nothing() && g.to_call(i) < g.raise_amount {
        return Err(no(RaiseBarred::ShortAllInReopensNothing, Rule::Tr8));
    }
    if g.raise_cap().is_some_and(|cap| g.raise_count >= cap) {
        return Err(no(RaiseBarred::RaisesCapped, Rule::Nob12));
    }
    let shorts: Chips = g.short_all_ins.iter().copied().sum();
    if !g.short_all_ins.is_empty() && shorts < g.raise_amount && g.acted[i] {
        return Err(no(RaiseBarred::ActedFacingShortAllIn, Rule::Tr8));
    }
    let max_bet = g.bet_to_match();
    if g.stacks[i] <= max_bet.saturating_sub(g.bets[i]) {
        return Err(no(RaiseBarred::StackCoversACall, g.raise_room_rule()));
    }
    let someone_can_call =
        (0..g.n).any(|j| j != i && g.active[j] && g.stacks[j] + g.bets[j] > max_bet);
    if !someone_can_call {
        return Err(no(RaiseBarred::NobodyLeftToCall, g.raise_room_rule()));
    }
    Ok(())
}

/// Player `i`, whose turn it is, bets or raises to `to`, an amount his game allowed; `rules`
/// are the ones the event cites. Everyone else still able to act acts again; a full raise
/// (at least the last one) reopens the betting for those who acted, a short all-in reopens
/// nothing until the short ones together make a full raise (TR-8).
pub(crate) fn raise_to<G: sealed::Game>(g: &mut G, i: usize, to: Chips, rules: RuleSet) {
    g.pop_actor();
    let max_bet = g.bet_to_match();
    let increment = to.saturating_sub(max_bet);
    let delta = to - g.bets[i];
    g.bets[i] = to;
    g.stacks[i] -= delta;
    g.put_in[i] += delta;
    let n = g.n;
    let actors: Seats<usize> = (1..n)
        .map(|k| (i + k) % n)
        .filter(|&j| g.active[j] && !g.stacks[j].is_zero())
        .collect();
    g.actors = actors;
    g.opener = Some(i);
    let full = increment >= g.raise_amount;
    if full {
        g.acted.iter_mut().for_each(|a| *a = false);
        g.acted[i] = true;
    }
    g.raise_amount = g.raise_amount.max(increment);
    if full || g.short_raise_counts() {
        g.raise_count += 1;
    }
    let all_in = g.stacks[i].is_zero();
    if all_in {
        g.short_all_ins.push(increment);
    } else {
        g.short_all_ins.clear();
    }
    if g.short_all_ins.iter().copied().sum::<Chips>() >= g.raise_amount {
        g.short_all_ins.clear();
    }
    g.events.push(HandEvent::BetOrRaised {
        pos: Pos(i),
        to,
        increment,
        full,
        all_in,
        rules,
    });
    after_action(g, false);
}

/// The player to act and what he must put in to call (none while a bring-in is due).
fn due<G: sealed::Game>(g: &G) -> Option<(Pos, Option<Chips>)> {
    let actor = g.actor()?;
    let call = g
        .bring_in_due(actor.0)
        .is_none()
        .then(|| g.to_call(actor.0));
    Some((actor, call))
}

/// Taking turns in any game: out of turn (TR-21, GCB-3), folds to a player, checked around.
pub trait Turns: sealed::Game {
    /// The next player due a card while cards are dealt to the players: they go round one at
    /// a time from the first seat left of the button, so the first position among those with
    /// the most cards still due (a player whose exposed card is replaced gets his after
    /// everyone else, TR-3.1).
    fn dealee(&self) -> Option<Pos> {
        if self.phase != Phase::HoleDealing {
            return None;
        }
        let first_of_most = |skip: Option<usize>| {
            let most = (0..self.n)
                .filter(|&i| Some(i) != skip)
                .map(|i| self.hole_due[i])
                .max()
                .filter(|&d| d > 0)?;
            (0..self.n).find(|&i| Some(i) != skip && self.hole_due[i] == most)
        };
        first_of_most(self.dealt_last())
            .or_else(|| first_of_most(None))
            .map(Pos)
    }

    /// What the player to act may do: call (or check), fold, bet or raise within the
    /// structure's limits, or post the bring-in that is due from him (then `call` is the
    /// bring-in, and he may not check or call).
    fn legal(&self) -> Option<Legal> {
        let actor = self.actor()?;
        let i = actor.0;
        let bring_in = self.bring_in_due(i);
        Some(Legal {
            actor,
            call: bring_in.map_or_else(|| self.to_call(i), |(b, _)| b),
            fold: bring_in.is_none_or(|(_, may_fold)| may_fold),
            raise_to: self.raise_range(i),
            rules: self.legal_rules(),
            bring_in: bring_in.map(|(b, _)| b),
        })
    }

    /// The player to act folds.
    fn fold(&mut self, pos: Pos) -> Result<(), Rejection> {
        let i = self.turn(pos)?;
        self.may_fold(i)?;
        let acted = self.acted[i];
        self.pop_actor();
        self.active[i] = false;
        self.folded_in_turn(i, acted);
        self.events.push(HandEvent::Folded { pos });
        after_action(self, false);
        Ok(())
    }

    /// The player to act checks, or calls what is due (all in if his stack is short, TR-10).
    fn check_or_call(&mut self, pos: Pos) -> Result<(), Rejection> {
        let i = self.turn(pos)?;
        self.may_call(i)?;
        let amount = self.to_call(i);
        self.pop_actor();
        if amount.is_zero() {
            self.events.push(HandEvent::Checked { pos });
        } else {
            self.stacks[i] -= amount;
            self.bets[i] += amount;
            self.put_in[i] += amount;
            let all_in = self.stacks[i].is_zero();
            self.events.push(HandEvent::Called {
                pos,
                amount,
                all_in,
            });
        }
        after_action(self, false);
        Ok(())
    }

    /// The player to act bets, completes or raises to `to` (the total of his bet this round),
    /// as the structure allows; all in for less is always allowed (TR-10).
    fn bet_or_raise_to(&mut self, pos: Pos, to: Chips) -> Result<(), Rejection> {
        let i = self.turn(pos)?;
        let rules = self.raise_checked(i, to)?;
        raise_to(self, i, to, rules);
        Ok(())
    }

    /// A declared check: refused when a bet is due, naming it (NOB-13, NOB-14).
    fn check(&mut self, pos: Pos) -> Result<(), Rejection> {
        let i = self.turn(pos)?;
        self.may_call(i)?;
        let call = self.to_call(i);
        if !call.is_zero() {
            return Err(Rejection::CannotCheck { pos, call });
        }
        self.check_or_call(pos)
    }

    /// A player at the showdown shows or mucks; any player still due may act. At a live
    /// table an all-in showdown's hands are all turned up and the last live hand in a pot
    /// cannot be mucked (TR-3.6); a show names the cards dealt (TR-11).
    fn show_or_muck(&mut self, pos: Pos, what: ShowOrMuck) -> Result<(), Rejection> {
        if self.phase != Phase::Showdown {
            return Err(Rejection::WrongPhase {
                what: "show or muck",
                phase: self.phase,
            });
        }
        let Some(at) = self.showdown.iter().position(|&i| i == pos.0) else {
            return Err(Rejection::NotInShowdown { pos });
        };
        let i = pos.0;
        match what {
            ShowOrMuck::Muck if self.live() && self.all_in => {
                return Err(Rejection::AllInShowdown { pos });
            }
            ShowOrMuck::Muck => {
                // The last live hand in a pot wins it; it cannot be thrown away (TR-3.6).
                let tr36 = self.last_live_hand_wins();
                if let Some(k) = self.pots().iter().position(|p| {
                    tr36 && p.eligible.contains(&pos)
                        && p.eligible.iter().all(|q| q.0 == i || !self.active[q.0])
                }) {
                    return Err(Rejection::LastLiveHand { pos, pot: k });
                }
                self.showdown.remove(at);
                self.active[i] = false;
                self.mucked(i);
                self.events.push(HandEvent::Mucked {
                    pos,
                    rules: RuleSet::of(&[Rule::Tr36]),
                });
                if tr36 && self.active_count() == 1 {
                    // Everyone else mucked: the one live hand takes every pot unseen.
                    self.showdown.clear();
                }
            }
            ShowOrMuck::ShowDealt => {
                // Cards dealt face down are named when they are shown at a live table.
                if self.live() && self.hole[i].contains(&None) {
                    return Err(Rejection::ShowWhole {
                        pos,
                        due: self.hole[i].len(),
                        got: self.hole[i].iter().flatten().count(),
                    });
                }
                self.showdown.remove(at);
                self.face_up[i] = self.hole[i].iter().map(Option::is_some).collect();
                let cards = self.hole[i].to_vec();
                self.events.push(HandEvent::Shown { pos, cards });
            }
            ShowOrMuck::Show(cards) => {
                let Shown { hole, up, used } = self.shown(pos, &cards)?;
                self.showdown.remove(at);
                self.used = used;
                self.hole[i] = hole;
                self.face_up[i] = up;
                self.events.push(HandEvent::Shown { pos, cards });
            }
        }
        if self.showdown.is_empty() {
            end_showdown(self);
        }
        Ok(())
    }

    /// After the hand, a player shows cards: the uncalled winner by choice (TR-3.7), a player
    /// who mucked or folded (TR-3.5), or one who won or lost at the showdown (TR-3.8). Each card
    /// is one of his known cards, or names one of his unknown ones (a live hand) if it is in
    /// play nowhere else; nothing changes until every card is placed.
    fn shown_after_hand(&mut self, pos: Pos, cards: Vec<Card>) -> Result<(), Rejection> {
        if self.phase != Phase::Settled {
            return Err(Rejection::WrongPhase {
                what: "show cards after the hand",
                phase: self.phase,
            });
        }
        let Some(hole) = self.hole.get(pos.0) else {
            return Err(Rejection::NotInHand { pos });
        };
        let most = hole.len();
        let active = self.active[pos.0];
        // Everyone else folded and no hand was compared: the winner's show is TR-3.7's.
        let uncalled = active
            && self.active_count() == 1
            && !self.events.iter().any(|e| {
                matches!(
                    e,
                    HandEvent::ShowdownBegan { .. }
                        | HandEvent::Shown { .. }
                        | HandEvent::Mucked { .. }
                        | HandEvent::HandKilled { .. }
                )
            });
        if uncalled {
            return self.uncalled_winner_shows(pos, cards);
        }
        if cards.is_empty() || cards.len() > most {
            return Err(Rejection::ShowCount {
                pos,
                most,
                got: cards.len(),
            });
        }
        let (hole, used) = self.match_shown(pos, &cards, self.stub_seen())?;
        self.used = used;
        self.hole[pos.0] = hole;
        let rules = RuleSet::of(&[if active { Rule::Tr38 } else { Rule::Tr35 }]);
        self.events
            .push(HandEvent::ShownAfterHand { pos, cards, rules });
        Ok(())
    }

    /// Corrects a player's recorded cards to what he was dealt (TR-26).
    fn correct_hole_cards(
        &mut self,
        pos: Pos,
        cards: Vec<Card>,
        reason: String,
    ) -> Result<(), Rejection> {
        let was = self.correct_hole(pos, cards, reason)?;
        self.corrected(pos.0, &was);
        Ok(())
    }

    /// `pos` acts before his turn. The action is held until his turn: TR-21 makes it binding
    /// (a check that became impossible is void); GCB-3 lets it be withdrawn when a skipped
    /// player bet or raised more in between.
    fn act_out_of_turn(&mut self, pos: Pos, action: OutOfTurn) -> Result<(), Rejection> {
        let Some(&actor) = self.actors.first().filter(|_| self.phase == Phase::Betting) else {
            return Err(Rejection::WrongPhase {
                what: "act",
                phase: self.phase,
            });
        };
        out_of_turn_allowed(pos, actor, self.players(), self.actors.contains(&pos.0))?;
        let rule = match self.out_of_turn_rule() {
            OutOfTurnRule::Binding => Rule::Tr21,
            OutOfTurnRule::Gcb3 => Rule::Gcb3,
        };
        let faced = self.bet_to_match();
        self.pending_oot[pos.0] = Some((action, faced));
        self.events.push(HandEvent::OutOfTurn {
            pos,
            actor: Pos(actor),
            action,
            rules: RuleSet::of(&[rule]),
        });
        Ok(())
    }

    /// Every player to act before `to` folds, in turn; then `to` acts (or, when every other
    /// player has folded, he wins). `to` must still be in the hand with chips to act with, and
    /// not be the player to act now. With `then_call` he checks or calls then (nothing, when
    /// the folds left him alone in the hand).
    fn fold_to(&mut self, to: Pos, then_call: bool) -> Result<(), Rejection> {
        fold_to(self, to, then_call)
    }

    /// Everyone still to act on this street checks, in turn, while nothing is due: the street
    /// ends (refused when a bet is due from the player to act).
    fn check_around(&mut self) -> Result<(), Rejection> {
        check_around(self)
    }
}

impl<G: sealed::Game> Turns for G {}

/// A betting round opens: from the first to act around the table, everyone still in with
/// chips acts whom another player could still call; with nobody to act, or one who has
/// matched the bet already, it closes at once.
pub(crate) fn begin_betting<G: sealed::Game>(g: &mut G) {
    let Some((opener, by_suit)) = g.first_to_act() else {
        end_betting(g);
        return;
    };
    let second = second_reach(g);
    let n = g.n;
    let order: Seats<usize> = (0..n)
        .map(|k| (opener + k) % n)
        .filter(|&i| {
            g.active[i] && !g.stacks[i].is_zero() && second.is_some_and(|second| second > g.bets[i])
        })
        .collect();
    let measure = g.round_opening(opener, by_suit, &order);
    g.open_round(opener, order, measure);
    let done = g.actors.len() == 1
        && g.actors
            .first()
            .is_some_and(|&a| g.bets[a] >= g.bet_to_match());
    after_action(g, done);
}

/// The second-largest reach (bet plus stack) among the players in the hand: the most any
/// player's bet can be called up to. None with fewer than two.
fn second_reach(g: &Play) -> Option<Chips> {
    let (mut first, mut second, mut count) = (Chips::ZERO, Chips::ZERO, 0);
    for j in 0..g.n {
        if g.active[j] {
            count += 1;
            let r = g.bets[j] + g.stacks[j];
            if r > first {
                second = first;
                first = r;
            } else if r > second {
                second = r;
            }
        }
    }
    (count >= 2).then_some(second)
}

/// After an action in turn: the round ends when nobody is left to act, one player is left, or
/// the action closed it (`done`); otherwise the next player's held action, if any, is taken.
pub(crate) fn after_action<G: sealed::Game>(g: &mut G, done: bool) {
    if g.actors.is_empty() || g.active_count() <= 1 || done {
        end_betting(g);
    } else {
        resolve_out_of_turn(g);
    }
}

/// The betting round is over: the part of a bet nobody called goes back (NOB-15), and the hand
/// goes to its last player in, the showdown (the last street, or no more betting possible with
/// a player all in, TR-3.6) or the next street.
pub(crate) fn end_betting<G: sealed::Game>(g: &mut G) {
    g.actors.clear();
    g.round_closing();
    if g.active_count() > 1 {
        let with_chips = (0..g.n)
            .filter(|&i| g.active[i] && !g.stacks[i].is_zero())
            .count();
        if with_chips <= 1 {
            g.all_in = true;
        }
    }
    let last_street = g.street.next().is_none();
    if last_street && g.stacks.iter().any(|s| s.is_zero()) {
        g.all_in = true;
    }
    collect_bets(g);
    let (street, all_in) = (g.street, g.all_in);
    g.events.push(HandEvent::BettingClosed { street, all_in });
    if g.active_count() <= 1 {
        crate::showdown::pay_out(g, None);
    } else if last_street || g.all_in {
        begin_showdown(g);
    } else {
        g.deal_next_street();
    }
}

/// The part of the largest bet nobody can match goes back (NOB-15); the bets go in the pot
/// (they stay counted in `put_in`).
pub(crate) fn collect_bets<G: sealed::Game>(g: &mut G) {
    let sole = (g.keeps_the_winners_bet() && g.active_count() == 1)
        .then(|| g.active.iter().position(|&a| a))
        .flatten();
    let cutoff = second_largest(&g.bets);
    for i in 0..g.n {
        if Some(i) == sole {
            continue;
        }
        if g.bets[i] > cutoff {
            let back = g.bets[i] - cutoff;
            g.give_back(i, back);
        }
        g.bets[i] = Chips::ZERO;
    }
}

/// The showdown: every live hand with a card face down shows or mucks, from the last
/// aggressor (or the first to act) on; with none, it is over at once.
pub(crate) fn begin_showdown<G: sealed::Game>(g: &mut G) {
    g.phase = Phase::Showdown;
    let opener = g.opener.unwrap_or(0);
    let n = g.n;
    let order: Seats<usize> = (0..n)
        .map(|k| (opener + k) % n)
        .filter(|&i| g.active[i] && g.face_up[i].iter().any(|&up| !up))
        .collect();
    g.showdown = order;
    if g.showdown.is_empty() {
        end_showdown(g);
        return;
    }
    let rules = g.showdown_rules();
    let order = g.showdown.iter().map(|&i| Pos(i)).collect();
    g.events.push(HandEvent::ShowdownBegan { order, rules });
}

/// Every hand is shown or mucked: after an all-in showdown the rest of the cards are dealt;
/// otherwise the hands are judged and the pots paid (or the dealer reads them).
pub(crate) fn end_showdown<G: sealed::Game>(g: &mut G) {
    let more = g.active_count() > 1 || g.terms().deals_out_alone;
    if g.all_in && g.street.next().is_some() && more {
        g.deal_next_street();
    } else if !g.dealer_reads() {
        crate::showdown::judge_and_pay(g);
    }
}

/// Applies or withdraws a held out-of-turn action when its player's turn comes.
pub(crate) fn resolve_out_of_turn<G: sealed::Game>(g: &mut G) {
    let Some(&i) = g.actors.first() else { return };
    let Some((action, faced)) = g.pending_oot.get_mut(i).and_then(Option::take) else {
        return;
    };
    let pos = Pos(i);
    // GCB-3: the action changed when a skipped player bet or raised more than the held action
    // committed; a check or a smaller bet leaves a held bet binding (a live table; earlier
    // revisions, and fixed limit, read any bet or raise as a change).
    let committed = match action {
        OutOfTurn::RaiseTo { to } => g.held_raise_commits(to).map_or(faced, |c| c.max(faced)),
        _ => faced,
    };
    let changed = g.bet_to_match() > committed;
    let binding = g.out_of_turn_rule() == OutOfTurnRule::Binding;
    let check_void = action == OutOfTurn::Check && !g.to_call(i).is_zero();
    let withdraw = (!binding && changed) || check_void || g.held_void();
    let rule = if binding { Rule::Tr21 } else { Rule::Gcb3 };
    g.events.push(HandEvent::OutOfTurnResolved {
        pos,
        applied: !withdraw,
        rules: RuleSet::of(&[rule]),
    });
    if withdraw {
        return;
    }
    let result = match action {
        OutOfTurn::Fold => g.fold(pos),
        OutOfTurn::Check | OutOfTurn::Call => g.check_or_call(pos),
        // A raise that is no longer possible stands as a call.
        OutOfTurn::RaiseTo { to } => match g.raise_as_held(pos, to) {
            Ok(()) => Ok(()),
            Err(_) => g.check_or_call(pos),
        },
    };
    debug_assert!(result.is_ok(), "the held action's player is the actor");
}

/// Every player to act before `to` folds, in turn; then `to` acts (or, when every other
/// player has folded, he wins). `to` must still be in the hand with chips to act with, and not
/// be the player to act now. With `then_call` he checks or calls then (nothing, when the
/// folds left him alone in the hand).
fn fold_to<H: sealed::Game>(h: &mut H, to: Pos, then_call: bool) -> Result<(), Rejection> {
    let Some(actor) = h.actor() else {
        return Err(Rejection::WrongPhase {
            what: "fold to a player",
            phase: h.phase(),
        });
    };
    if to == actor {
        return Err(Rejection::FoldToActor { pos: to });
    }
    if !h.is_active(to) || h.stacks().get(to.0).is_none_or(|c| c.is_zero()) {
        return Err(Rejection::CannotAct { pos: to });
    }
    let mut work = h.clone();
    while let Some(actor) = work.actor() {
        if actor == to {
            break;
        }
        work.fold(actor)?;
    }
    if then_call && work.actor() == Some(to) {
        work.check_or_call(to)?;
    }
    *h = work;
    Ok(())
}

/// Everyone still to act on this street checks, in turn, while nothing is due: the street
/// ends (refused when a bet is due from the player to act).
fn check_around<H: sealed::Game>(h: &mut H) -> Result<(), Rejection> {
    let Some((actor, call)) = due(h) else {
        return Err(Rejection::WrongPhase {
            what: "check around",
            phase: h.phase(),
        });
    };
    match call {
        Some(c) if c.is_zero() => {}
        due => {
            return Err(Rejection::CannotCheck {
                pos: actor,
                call: due.unwrap_or(Chips(0)),
            });
        }
    }
    let street = h.street();
    let mut work = h.clone();
    while let Some((actor, Some(call))) = due(&work) {
        if work.street() != street || !call.is_zero() {
            break;
        }
        work.check_or_call(actor)?;
    }
    *h = work;
    Ok(())
}
