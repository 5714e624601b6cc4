//! The engines a chain holds, as the desk asks them: a tournament and a cash room each decide
//! a command at its time, all or nothing, in the one shape every domain has
//! ([`floorbook_decide::Decide`]), say how it is recorded (as entered, then what it
//! caused), and which hand's hidden cards its decisions name. The desk takes a command of
//! either through one path ([`decide`]).

use chrono::{DateTime, Utc};
use floorbook_cash::{CashCommand, CashEvent, CashRoom};
use floorbook_hand::Turns;
use floorbook_ledger::cash::{CashChainEvent, CashEntered};
use floorbook_ledger::chain::{ChainEvent, decision_draft};
use floorbook_ledger::secret::{HandAt, hidden_in, hidden_in_cash};
use floorbook_ledger::view;
use floorbook_log::{Actor, Draft};
use floorbook_tournament::command::{Command, Entered};
use floorbook_tournament::engine::{Tournament, TournamentEvent};
use floorbook_tournament::seating::TableNo;

use crate::wire::{ErrorKind, ReplyError, WireCommand};

/// A chain's engine as the desk asks it.
pub(crate) trait Engine {
    type Command;
    type Event;
    /// Decides `command` (sent as `wire`) at `at`, all or nothing; a refusal says why, its
    /// rules, and at a table what is legal there now.
    fn decide_at(
        &mut self,
        command: &Self::Command,
        at: u64,
        wire: &WireCommand,
    ) -> Result<Vec<Self::Event>, ReplyError>;
    /// The drafts recording `command` as entered (unless `how` says the chain records no
    /// commands) and then each event it caused.
    fn drafts(
        command: Self::Command,
        at: u64,
        events: Vec<Self::Event>,
        how: &Recording,
    ) -> Result<Vec<Draft>, ReplyError>;
    /// The hand whose hidden cards `events` name, if any.
    fn hidden(events: &[Self::Event]) -> Option<HandAt>;
    /// Whether `hand` is still being played.
    fn in_play(&self, hand: &HandAt) -> bool;
}

/// Who records a command, when, and whether the chain records it as entered (format 2).
pub(crate) struct Recording {
    pub actor: Actor,
    pub at: DateTime<Utc>,
    pub entered: bool,
}

/// What one command decided: the drafts recording it, the hand whose hidden cards they name
/// while it is in play, and the sealed hands no longer in play (their keys are released).
pub(crate) struct Decided {
    pub drafts: Vec<Draft>,
    pub hidden: Option<HandAt>,
    pub over: Vec<HandAt>,
}

/// Decides `command` on `engine` and says how it is recorded; `sealed` are the hands whose
/// cards are kept secret now.
pub(crate) fn decide<'h, E: Engine>(
    engine: &mut E,
    (command, at, wire): (E::Command, u64, &WireCommand),
    how: &Recording,
    sealed: impl Iterator<Item = &'h HandAt>,
) -> Result<Decided, ReplyError> {
    let events = engine.decide_at(&command, at, wire)?;
    let hidden = E::hidden(&events).filter(|h| engine.in_play(h));
    let drafts = E::drafts(command, at, events, how)?;
    let over = sealed.filter(|h| !engine.in_play(h)).copied().collect();
    Ok(Decided {
        drafts,
        hidden,
        over,
    })
}

/// The reply to a command the engine refused: its reason, its rules, and at a table what is
/// legal there now.
fn refused(
    e: &(impl std::fmt::Display + serde::Serialize),
    rules: &[floorbook_rules::Rule],
    legal: Option<floorbook_hand::Legal>,
) -> ReplyError {
    let mut err = ReplyError::new(ErrorKind::Rejected, e.to_string())
        .with_rules(rules)
        .with_reason(e);
    err.legal = legal.map(|l| Box::new(view::LegalView::of(&l)));
    err
}

fn malformed(e: &dyn std::fmt::Display) -> ReplyError {
    ReplyError::new(ErrorKind::Malformed, e.to_string())
}

impl Engine for Tournament {
    type Command = Command;
    type Event = TournamentEvent;

    fn decide_at(
        &mut self,
        command: &Command,
        at: u64,
        wire: &WireCommand,
    ) -> Result<Vec<TournamentEvent>, ReplyError> {
        floorbook_decide::Decide::decide(self, command, at).map_err(|e| {
            let legal = wire
                .table()
                .and_then(|table| self.hand(TableNo(table)))
                .and_then(|h| h.legal());
            refused(&e, &e.rules(), legal)
        })
    }

    fn drafts(
        command: Command,
        at: u64,
        events: Vec<TournamentEvent>,
        how: &Recording,
    ) -> Result<Vec<Draft>, ReplyError> {
        let mut drafts = Vec::with_capacity(events.len() + 1);
        // The position of its first decision is not recorded: a reader counts the decisions.
        if how.entered {
            let entered = ChainEvent::Entered(Entered {
                index: 0,
                command,
                at,
            });
            drafts.push(
                entered
                    .draft(how.actor.clone(), how.at)
                    .map_err(|e| malformed(&e))?,
            );
        }
        for e in &events {
            drafts.push(decision_draft(e, how.actor.clone(), how.at).map_err(|e| malformed(&e))?);
        }
        Ok(drafts)
    }

    fn hidden(events: &[TournamentEvent]) -> Option<HandAt> {
        hidden_in(events)
    }

    fn in_play(&self, hand: &HandAt) -> bool {
        hand.in_play(self)
    }
}

impl Engine for CashRoom {
    type Command = CashCommand;
    type Event = CashEvent;

    fn decide_at(
        &mut self,
        command: &CashCommand,
        at: u64,
        _wire: &WireCommand,
    ) -> Result<Vec<CashEvent>, ReplyError> {
        floorbook_decide::Decide::decide(self, command, at).map_err(|e| {
            let legal = command
                .table()
                .and_then(|table| self.hand(table))
                .and_then(|r| r.hand.legal());
            refused(&e, &e.rules(), legal)
        })
    }

    fn drafts(
        command: CashCommand,
        at: u64,
        events: Vec<CashEvent>,
        how: &Recording,
    ) -> Result<Vec<Draft>, ReplyError> {
        let mut drafts = Vec::with_capacity(events.len() + 1);
        let entered = CashChainEvent::Entered(CashEntered { command, at });
        drafts.push(
            entered
                .draft(how.actor.clone(), how.at)
                .map_err(|e| malformed(&e))?,
        );
        for e in events {
            let draft = CashChainEvent::Decided(e).draft(how.actor.clone(), how.at);
            drafts.push(draft.map_err(|e| malformed(&e))?);
        }
        Ok(drafts)
    }

    fn hidden(events: &[CashEvent]) -> Option<HandAt> {
        hidden_in_cash(events)
    }

    fn in_play(&self, hand: &HandAt) -> bool {
        hand.in_play_cash(self)
    }
}
