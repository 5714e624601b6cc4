//! Re-deriving a recorded tournament: each command is decided again by a fresh [`Tournament`]
//! under the recorded profile, and every event the engine derives is compared with the one
//! recorded in its place. A chain of format 2 records the commands as they were entered
//! ([`Rederiver::with_entered`]); in a chain of format 1 they are read back from the inputs
//! its decisions hold (registrations, the seat and button draws, dealt cards, players'
//! actions, the floor's decisions, times), looking ahead where a command's inputs follow it.
//!
//! A recorded decision the engine does not derive (an edited pot award, a raise the rules do
//! not allow, an event no command explains) is a [`Divergence`] that names the recorded event,
//! the derived one, the command, and the engine's reason. Pure, like the rest of the crate.

use floorbook_cards::Card;
use floorbook_hand::{HandEvent, IrregularityKind, ShowOrMuck};
use floorbook_rules::Rule;
use serde::Serialize;

use crate::Profile;
use crate::command::{Command, Entered, HandCommand};
use crate::engine::{Tournament, TournamentEvent};
use crate::seating::TableNo;

/// One command re-issued: the recorded events it covers (`from..from + derived.len()`) and
/// what the engine derived, which agreed with the record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Step {
    pub from: usize,
    pub command: Command,
    /// The time it was decided at (seconds into the tournament).
    pub at: u64,
    pub derived: Vec<TournamentEvent>,
}

/// Where re-derivation and the record part.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Divergence {
    /// The index of the recorded event (0 = the first event after the chain's opening).
    pub index: usize,
    pub recorded: Option<TournamentEvent>,
    pub derived: Option<TournamentEvent>,
    pub command: Option<Command>,
    pub reason: String,
}

/// Re-derives a recorded tournament command by command. After a [`Divergence`] its state is
/// the engine's, not the record's: start a new one to look further.
#[derive(Debug, Clone)]
pub struct Rederiver {
    tournament: Tournament,
    /// The recorded events from `base` on.
    log: Vec<TournamentEvent>,
    base: usize,
    /// Consumed so far, relative to `base`.
    at: usize,
    /// The commands as entered (chain format 2), from `base` on: each is decided and its
    /// decisions compared with the events recorded after it. None for a chain of format 1,
    /// which records only decisions: each command is read back from them.
    entered: Option<Vec<Entered>>,
    /// The next entered command to decide.
    next: usize,
}

/// The re-derived state after the first `position` recorded events: store it, and a later
/// replay resumes here instead of from the start.
#[derive(Debug, Clone, Serialize, serde::Deserialize)]
pub struct Snapshot {
    pub position: usize,
    pub tournament: Tournament,
}

impl Rederiver {
    /// Re-derives `log` by this build's rules revision.
    pub fn new(profile: Profile, log: Vec<TournamentEvent>) -> Rederiver {
        Rederiver::under_revision(profile, crate::RULES_REVISION, log)
    }

    /// Re-derives `log` by rules revision `revision`: the one its chain was opened under.
    pub fn under_revision(profile: Profile, revision: u32, log: Vec<TournamentEvent>) -> Rederiver {
        Rederiver {
            tournament: Tournament::under_revision(profile, revision),
            log,
            base: 0,
            at: 0,
            entered: None,
            next: 0,
        }
    }

    /// Re-derives a chain of format 2: each command as `entered` is decided again, and what it
    /// derives must be exactly the decisions recorded after it, up to the next command.
    pub fn with_entered(mut self, entered: Vec<Entered>) -> Rederiver {
        self.entered = Some(entered);
        self.next = 0;
        self
    }

    /// Resumes from `snapshot`; `log` holds the recorded events from its position on.
    pub fn resume(snapshot: Snapshot, log: Vec<TournamentEvent>) -> Rederiver {
        Rederiver {
            tournament: snapshot.tournament,
            log,
            base: snapshot.position,
            at: 0,
            entered: None,
            next: 0,
        }
    }

    /// The state now, to store.
    pub fn snapshot(&self) -> Snapshot {
        Snapshot {
            position: self.position(),
            tournament: self.tournament.clone(),
        }
    }

    /// The tournament as re-derived so far.
    pub fn tournament(&self) -> &Tournament {
        &self.tournament
    }

    /// The tournament as re-derived, given away (a service resuming a chain keeps it).
    pub fn into_tournament(self) -> Tournament {
        self.tournament
    }

    /// The recorded events consumed so far (counted from the start of the log).
    pub fn position(&self) -> usize {
        self.base + self.at
    }

    pub fn log(&self) -> &[TournamentEvent] {
        &self.log
    }

    pub fn is_done(&self) -> bool {
        self.at >= self.log.len()
            && self
                .entered
                .as_ref()
                .is_none_or(|entered| self.next >= entered.len())
    }

    /// Issues the next recorded command and checks what it derives against the record.
    /// `Ok(None)` at the end of the log.
    pub fn step(&mut self) -> Result<Option<Step>, Box<Divergence>> {
        if self.is_done() {
            return Ok(None);
        }
        let from = self.at;
        let base = self.base;
        if self.entered.is_some() {
            return self.step_entered().map(Some);
        }
        let (command, at) = self.command_at(from)?;
        // After a divergence the replayer stops: its state is no longer the record's.
        let derived = match self.tournament.decide(&command, at) {
            Ok(derived) => derived,
            Err(e) => {
                return Err(self.unexplained(
                    from,
                    Some(command),
                    format!("the engine refuses the recorded command: {e}"),
                ));
            }
        };
        for (k, d) in derived.iter().enumerate() {
            let recorded = self.log.get(from + k);
            if recorded != Some(d) {
                return Err(Box::new(Divergence {
                    index: base + from + k,
                    recorded: recorded.cloned(),
                    derived: Some(d.clone()),
                    command: Some(command),
                    reason: match recorded {
                        Some(_) => {
                            "the recorded event differs from the one the rules derive".to_string()
                        }
                        None => "the rules derive an event the log does not hold".to_string(),
                    },
                }));
            }
        }
        if derived.is_empty() {
            return Err(self.unexplained(
                from,
                Some(command),
                "the command derives nothing, yet the log records an event".to_string(),
            ));
        }
        self.at = from + derived.len();
        Ok(Some(Step {
            from: base + from,
            command,
            at,
            derived,
        }))
    }

    /// A divergence at recorded event `from` (relative to the base) that derived nothing.
    fn unexplained(
        &self,
        from: usize,
        command: Option<Command>,
        reason: String,
    ) -> Box<Divergence> {
        Box::new(Divergence {
            index: self.base + from,
            recorded: self.log.get(from).cloned(),
            derived: None,
            command,
            reason,
        })
    }

    /// Decides the next entered command and holds what it derives to the decisions recorded
    /// between it and the next command.
    fn step_entered(&mut self) -> Result<Step, Box<Divergence>> {
        let from = self.at;
        let base = self.base;
        let entered = self.entered.as_deref().unwrap_or_default();
        let Some(this) = entered.get(self.next).cloned() else {
            return Err(self.unexplained(
                from,
                None,
                "the log records a decision after the last command entered".to_string(),
            ));
        };
        // Where the decisions of this command end: at the next command, or the end of the log.
        let end = entered
            .get(self.next + 1)
            .map_or(base + self.log.len(), |e| e.index);
        if this.index != base + from {
            return Err(self.unexplained(
                from,
                Some(this.command),
                "the log records a decision that no command entered before it caused".to_string(),
            ));
        }
        let derived = match self.tournament.decide(&this.command, this.at) {
            Ok(derived) => derived,
            Err(e) => {
                return Err(self.unexplained(
                    from,
                    Some(this.command),
                    format!("the engine refuses the command as entered: {e}"),
                ));
            }
        };
        for (k, d) in derived.iter().enumerate() {
            let recorded = (base + from + k < end)
                .then(|| self.log.get(from + k))
                .flatten();
            if recorded != Some(d) {
                return Err(Box::new(Divergence {
                    index: base + from + k,
                    recorded: recorded.cloned(),
                    derived: Some(d.clone()),
                    command: Some(this.command),
                    reason: match recorded {
                        Some(_) => {
                            "the recorded event differs from the one the rules derive".to_string()
                        }
                        None => "the rules derive an event the log does not hold".to_string(),
                    },
                }));
            }
        }
        if base + from + derived.len() < end {
            let index = base + from + derived.len();
            return Err(Box::new(Divergence {
                index,
                recorded: self.log.get(index - base).cloned(),
                derived: None,
                command: Some(this.command),
                reason: "the log records a decision the command did not cause".to_string(),
            }));
        }
        self.at = from + derived.len();
        self.next += 1;
        Ok(Step {
            from: base + from,
            command: this.command,
            at: this.at,
            derived,
        })
    }

    /// The command the next [`step`](Self::step) will issue, read from the log.
    pub fn next_command(&self) -> Result<Option<Command>, Box<Divergence>> {
        if self.is_done() {
            return Ok(None);
        }
        if let Some(entered) = &self.entered {
            return Ok(entered.get(self.next).map(|e| e.command.clone()));
        }
        self.command_at(self.at).map(|(c, _)| Some(c))
    }

    /// Re-derives until the command that covers recorded event `index` has run; returns that
    /// step.
    pub fn run_through(&mut self, index: usize) -> Result<Option<Step>, Box<Divergence>> {
        while self.position() <= index {
            match self.step()? {
                Some(step) if step.from + step.derived.len() > index => return Ok(Some(step)),
                Some(_) => {}
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// Re-derives the whole log; the number of commands issued.
    pub fn run_to_end(&mut self) -> Result<usize, Box<Divergence>> {
        let mut n = 0;
        while self.step()?.is_some() {
            n += 1;
        }
        Ok(n)
    }

    /// The command whose first derived event is recorded at `i`, and its time: the one its
    /// events record, or for a command whose events record none, the latest time so far (such
    /// a command's decision does not depend on the time).
    fn command_at(&self, i: usize) -> Result<(Command, u64), Box<Divergence>> {
        let log = &self.log;
        let e = &log[i];
        let unexplained = |what: &str| {
            Box::new(Divergence {
                index: self.base + i,
                recorded: Some(e.clone()),
                derived: None,
                command: None,
                reason: format!("no command derives {what} here"),
            })
        };
        let profile = &self.tournament.profile;
        let mut time = self.tournament.clock;
        let command = match e {
            TournamentEvent::Registered {
                player,
                name,
                buy_in,
                table,
                member,
                ..
            } => Command::Register {
                player: *player,
                name: name.clone(),
                buy_in: buy_in.clone(),
                // The age check (TR-0a) was made when he registered; the log keeps its
                // outcome (this event), never a birth date.
                age: profile.min_age,
                table: *table,
                member: member.clone(),
                draw: None,
            },
            TournamentEvent::WaitListed { player, .. } => Command::Register {
                member: None,
                player: *player,
                name: String::new(),
                buy_in: profile.buy_ins.first().cloned().unwrap_or_default(),
                age: profile.min_age,
                table: None,
                draw: None,
            },
            TournamentEvent::Started { at, .. } => {
                if let Some(at) = at {
                    time = *at;
                }
                let mut draw = Vec::new();
                let mut k = i + 1;
                while let Some(TournamentEvent::Seated { draw: d, .. }) = log.get(k) {
                    draw.push(*d);
                    k += 1;
                }
                let mut buttons = Vec::new();
                while let Some(TournamentEvent::ButtonPlaced { seat, rules, .. }) = log.get(k) {
                    if rules.contains(Rule::Tr2) {
                        buttons.push(*seat);
                    }
                    k += 1;
                }
                Command::Start {
                    draw,
                    button_seats: (!buttons.is_empty()).then_some(buttons),
                    tables: None,
                }
            }
            TournamentEvent::ButtonDrawn { table, draw, .. } => Command::PlaceButton {
                table: *table,
                draw: draw.clone(),
            },
            TournamentEvent::LevelChanged { .. } | TournamentEvent::HandStarted { .. } => {
                let started = log[i..].iter().find_map(|e| match e {
                    TournamentEvent::HandStarted { table, at, .. } => Some((*table, *at)),
                    _ => None,
                });
                match started {
                    Some((table, at)) => {
                        time = at;
                        Command::StartHand { table }
                    }
                    None => return Err(unexplained("a level change without a hand")),
                }
            }
            TournamentEvent::InHand { table, hand, event } => {
                // An event of a hand that has finished is a card shown after it.
                let finished = self.tournament.tables.iter().any(|ts| {
                    ts.table.no == *table
                        && ts.last_hand.as_ref().is_some_and(|(n, _)| n == hand)
                        && ts.hand.as_ref().is_none_or(|(n, _, _)| n != hand)
                });
                let action = if finished {
                    after_hand_command(event)
                } else {
                    hand_command(log, i, *table, *hand, event)
                };
                Command::Hand {
                    table: *table,
                    action: action.ok_or_else(|| unexplained("this hand event"))?,
                }
            }
            TournamentEvent::SanctionGiven {
                player,
                offence,
                at,
                ..
            } => {
                if let Some(at) = at {
                    time = *at;
                }
                Command::Sanction {
                    player: *player,
                    offence: *offence,
                    // TR-20: the chips named are those the sanction's decisions forfeit.
                    chips: log[i + 1..].iter().take(3).find_map(|e| match e {
                        TournamentEvent::ChipsForfeited {
                            player: p, chips, ..
                        } if p == player => Some(*chips),
                        _ => None,
                    }),
                }
            }
            TournamentEvent::FloorRuling {
                player,
                ruling,
                overrides,
                rules,
            } => Command::FloorRuling {
                player: *player,
                ruling: ruling.clone(),
                rule: rules
                    .iter()
                    .find(|r| *r != Rule::Tr26)
                    .unwrap_or(Rule::Tr26),
                overrides: *overrides,
            },
            TournamentEvent::EntryTakenBack { table, .. } => Command::TakeBack { table: *table },
            TournamentEvent::EntryCorrected {
                table,
                entry,
                now,
                reason,
                rules,
                ..
            } => Command::CorrectEntry {
                table: *table,
                entry: *entry,
                now: now.as_ref().and_then(crate::command::Correction::of),
                reason: reason.clone(),
                cards_retrieved: rules.contains(Rule::Gcb8),
            },
            TournamentEvent::AbsenceChanged { player, absent, .. } => Command::SetAbsent {
                player: *player,
                absent: *absent,
            },
            TournamentEvent::ClockCalled { table, at, .. } => {
                time = *at;
                Command::CallClock { table: *table }
            }
            TournamentEvent::ClockExpired { table, at, .. } => {
                time = *at;
                Command::CheckClock { table: *table }
            }
            TournamentEvent::ChipRaced {
                table, cards, at, ..
            } => {
                if let Some(at) = at {
                    time = *at;
                }
                Command::ChipRace {
                    table: *table,
                    cards: cards.clone(),
                }
            }
            TournamentEvent::NoShowRemoved { player, at, .. }
            | TournamentEvent::NoShowReplaced { player, at, .. } => {
                time = *at;
                Command::RemoveNoShow { player: *player }
            }
            TournamentEvent::Seated { .. } => return Err(unexplained("a seat")),
            TournamentEvent::ButtonPlaced { .. } => return Err(unexplained("a button")),
            TournamentEvent::HandFinished { .. } => return Err(unexplained("a hand's end")),
            TournamentEvent::Busted { .. } => return Err(unexplained("an elimination")),
            TournamentEvent::Moved { .. } => return Err(unexplained("a table move")),
            TournamentEvent::TableBroken { table, draw, .. } => Command::BreakTable {
                table: *table,
                draw: draw.clone(),
            },
            TournamentEvent::TableBreakDue { .. } => return Err(unexplained("a table break")),
            TournamentEvent::MoveDue { .. } | TournamentEvent::MoveCalledOff { .. } => {
                return Err(unexplained("a table move"));
            }
            TournamentEvent::ActedFor { .. } => return Err(unexplained("an action for a player")),
            TournamentEvent::Finished { .. } => return Err(unexplained("the end")),
            // Only revision 4 records it, always in a chain of format 2 (commands entered).
            TournamentEvent::ChipsForfeited { .. } => {
                return Err(unexplained("a forfeiture of hidden chips"));
            }
            // Only revision 5 records them, always in a chain of format 2.
            TournamentEvent::ClockChanged { .. }
            | TournamentEvent::LevelsEdited { .. }
            | TournamentEvent::BreakSet { .. }
            | TournamentEvent::PayoutEdited { .. }
            | TournamentEvent::TableHeld { .. }
            | TournamentEvent::StackCounted { .. }
            | TournamentEvent::ChipsTransferred { .. }
            | TournamentEvent::SeatedByFloor { .. }
            | TournamentEvent::Entered { .. }
            | TournamentEvent::Rebought { .. }
            | TournamentEvent::AddedOn { .. }
            | TournamentEvent::Surrendered { .. }
            | TournamentEvent::BountyWon { .. }
            | TournamentEvent::EnvelopesFilled { .. }
            | TournamentEvent::EnvelopeOwed { .. }
            | TournamentEvent::FlightEnded { .. }
            | TournamentEvent::FlightImported { .. }
            | TournamentEvent::FlightsRanked { .. }
            | TournamentEvent::EntriesClosed { .. }
            | TournamentEvent::DealProposed { .. }
            | TournamentEvent::DealConsented { .. }
            | TournamentEvent::DealAgreed { .. }
            | TournamentEvent::DealDeclined { .. }
            | TournamentEvent::PrizePaid { .. } => {
                return Err(unexplained("a decision of the director or the floor"));
            }
        };
        Ok((command, time))
    }
}

/// The hand command behind the recorded hand event at `i`; None for an event that only a
/// decision of the engine produces.
fn hand_command(
    log: &[TournamentEvent],
    i: usize,
    table: TableNo,
    hand: u64,
    event: &HandEvent,
) -> Option<HandCommand> {
    Some(match event {
        HandEvent::HoleDealt { pos, cards } => HandCommand::DealHole {
            pos: *pos,
            cards: cards.to_vec(),
        },
        HandEvent::BoardDealt { cards, .. } => HandCommand::DealBoard {
            cards: cards.to_vec(),
        },
        // TDA-39A: the remedy is recorded before the three cards it puts on the board.
        HandEvent::Irregularity {
            kind: IrregularityKind::FourCardFlop,
            cards,
            choice: Some(pick),
            ..
        } => HandCommand::FourCardFlop {
            cards: <[Card; 4]>::try_from(cards.clone()).ok()?,
            burn_pick: *pick,
        },
        HandEvent::CardBurned { .. } => {
            // A burn that opens a command: the street's cards follow in the same hand.
            let cards = log[i..]
                .iter()
                .map_while(|e| match e {
                    TournamentEvent::InHand {
                        table: t,
                        hand: h,
                        event,
                    } if *t == table && *h == hand => Some(event),
                    _ => None,
                })
                .find_map(|e| match e {
                    HandEvent::BoardDealt { cards, .. } => Some(cards.to_vec()),
                    _ => None,
                })?;
            HandCommand::DealBoard { cards }
        }
        // Stud: the cards of one deal, the down ones first as they come on third street.
        HandEvent::StudDealt { pos, down, up, .. } => HandCommand::DealHole {
            pos: *pos,
            cards: down.iter().copied().chain(up.iter().copied()).collect(),
        },
        HandEvent::BringInPosted { pos, .. } => HandCommand::BringIn { pos: *pos },
        HandEvent::Irregularity {
            kind: IrregularityKind::StudDownCardExposed,
            pos: Some(pos),
            cards,
            ..
        } => HandCommand::DownCardExposed {
            pos: *pos,
            card: *cards.first()?,
        },
        HandEvent::Irregularity {
            kind: IrregularityKind::SeventhCardExposed,
            pos: Some(pos),
            cards,
            ..
        } => HandCommand::SeventhCardExposed {
            pos: *pos,
            card: *cards.first()?,
        },
        HandEvent::Irregularity {
            kind: IrregularityKind::PrematureStudCards,
            cards,
            choice,
            ..
        } => HandCommand::PrematureStudCards {
            cards: cards.clone(),
            burned: choice.map(|c| c == 1),
        },
        HandEvent::Folded { pos } => HandCommand::Fold { pos: *pos },
        HandEvent::Checked { pos } | HandEvent::Called { pos, .. } => {
            HandCommand::CheckOrCall { pos: *pos }
        }
        HandEvent::BetOrRaised { pos, to, .. } => HandCommand::BetOrRaiseTo { pos: *pos, to: *to },
        // A raise to an amount the profile read (PLO-7's under-half rule); chips put in, also
        // read, are no command a chain of format 1 holds.
        HandEvent::Interpreted { pos, given, .. } => HandCommand::BetOrRaiseTo {
            pos: *pos,
            to: *given,
        },
        HandEvent::Shown { pos, cards } => HandCommand::ShowOrMuck {
            pos: *pos,
            what: ShowOrMuck::Show(cards.clone()),
        },
        HandEvent::Mucked { pos, .. } => HandCommand::ShowOrMuck {
            pos: *pos,
            what: ShowOrMuck::Muck,
        },
        HandEvent::OutOfTurn { pos, action, .. } => HandCommand::OutOfTurn {
            pos: *pos,
            action: *action,
        },
        _ => return None,
    })
}

/// The command behind an event recorded in a hand that had finished: cards shown after it.
fn after_hand_command(event: &HandEvent) -> Option<HandCommand> {
    Some(match event {
        HandEvent::ShownAfterHand { pos, cards, .. } => HandCommand::ShowAfterHand {
            pos: *pos,
            cards: cards.clone(),
        },
        // The uncalled winner's show (TR-3.7) records what he showed, then his choice.
        HandEvent::Shown { pos, cards } => HandCommand::ShowAfterHand {
            pos: *pos,
            cards: cards.iter().copied().collect::<Option<Vec<Card>>>()?,
        },
        _ => return None,
    })
}
