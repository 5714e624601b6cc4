//! Chains of format 1, opened before the commands were recorded as entered: they hold only
//! decisions, and each command is read back from the inputs its decisions hold
//! (registrations, the seat and button draws, dealt cards, players' actions, the floor's
//! decisions, times), looking ahead where a command's inputs follow it. Only such chains come
//! here ([`Rederiver`] without the commands as entered); a chain of format 2 never does.

use floorbook_cards::Card;
use floorbook_hand::{HandEvent, IrregularityKind, ShowOrMuck};
use floorbook_rules::Rule;

use super::{Divergence, Rederiver, Step};
use crate::command::{Command, HandCommand};
use crate::engine::TournamentEvent;
use crate::seating::TableNo;

impl Rederiver {
    /// Reads the next command back from the recorded decisions, issues it, and checks what it
    /// derives against the record.
    pub(super) fn step_read_back(&mut self) -> Result<Step, Box<Divergence>> {
        let from = self.at;
        let base = self.base;
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
        Ok(Step {
            from: base + from,
            command,
            at,
            derived,
        })
    }

    /// The command whose first derived event is recorded at `i`, and its time: the one its
    /// events record, or for a command whose events record none, the latest time so far (such
    /// a command's decision does not depend on the time).
    pub(super) fn command_at(&self, i: usize) -> Result<(Command, u64), Box<Divergence>> {
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
