//! One tap for many players' ordinary actions, in either hand engine: everyone folds up to a
//! player ("folds to seat 6"), and everyone still to act checks ("checked around"). Each
//! player's action is recorded as his own (the same events as one tap each); the whole is
//! refused, and nothing changes, when it cannot be done as said.

use std::ops::Deref;

use crate::{Chips, Play, Pos, Rejection};

/// What the shortcuts need of a hand beyond its [`Play`].
pub(crate) trait Turns: Clone + Deref<Target = Play> {
    /// The player to act and what he must put in to call (none while a bring-in is due).
    fn due(&self) -> Option<(Pos, Option<Chips>)>;
    fn fold(&mut self, pos: Pos) -> Result<(), Rejection>;
    fn check_or_call(&mut self, pos: Pos) -> Result<(), Rejection>;
}

macro_rules! turns {
    ($($t:ty),*) => {$(
        impl Turns for $t {
            fn due(&self) -> Option<(Pos, Option<Chips>)> { <$t as Due>::due(self) }
            fn fold(&mut self, pos: Pos) -> Result<(), Rejection> { <$t>::fold(self, pos) }
            fn check_or_call(&mut self, pos: Pos) -> Result<(), Rejection> { <$t>::check_or_call(self, pos) }
        }
    )*};
}

turns!(crate::Hand, crate::StudHand);

/// A flop hand's call due.
trait Due {
    fn due(&self) -> Option<(Pos, Option<Chips>)>;
}

impl Due for crate::Hand {
    fn due(&self) -> Option<(Pos, Option<Chips>)> {
        self.legal().map(|l| (l.actor, Some(l.call)))
    }
}

impl Due for crate::StudHand {
    fn due(&self) -> Option<(Pos, Option<Chips>)> {
        self.legal()
            .map(|l| (l.actor, l.call.filter(|_| l.bring_in.is_none())))
    }
}

/// Every player to act before `to` folds, in turn; then `to` acts (or, when every other
/// player has folded, he wins). `to` must still be in the hand with chips to act with, and not
/// be the player to act now. With `then_call` he checks or calls then (nothing, when the
/// folds left him alone in the hand).
pub(crate) fn fold_to<H: Turns>(h: &mut H, to: Pos, then_call: bool) -> Result<(), Rejection> {
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
pub(crate) fn check_around<H: Turns>(h: &mut H) -> Result<(), Rejection> {
    let Some((actor, call)) = h.due() else {
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
    while let Some((actor, Some(call))) = work.due() {
        if work.street() != street || !call.is_zero() {
            break;
        }
        work.check_or_call(actor)?;
    }
    *h = work;
    Ok(())
}
