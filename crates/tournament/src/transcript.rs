//! A tournament played without a chain: the engine and every event it decided, each with the
//! time of its command. The simulator and tests keep one; the floor service keeps the chain
//! instead.

use std::ops::Deref;

use crate::command::Command;
use crate::engine::{Tournament, TournamentError, TournamentEvent};

/// A tournament and what it decided so far. Reads go through to the tournament; the only way
/// to change it is [`Transcript::decide`].
#[derive(Debug, Clone)]
pub struct Transcript {
    tournament: Tournament,
    /// Every event decided, in order.
    pub events: Vec<TournamentEvent>,
    /// The time (seconds into the tournament) of the command behind each event; parallel to
    /// `events`.
    pub times: Vec<u64>,
}

impl Transcript {
    pub fn new(tournament: Tournament) -> Transcript {
        Transcript {
            tournament,
            events: Vec::new(),
            times: Vec::new(),
        }
    }

    /// Decides `command` at `at` (see [`Tournament::decide`]) and keeps what it decided; the
    /// events of this command.
    pub fn decide(
        &mut self,
        command: &Command,
        at: u64,
    ) -> Result<&[TournamentEvent], TournamentError> {
        let mut decided = self.tournament.decide(command, at)?;
        let from = self.events.len();
        self.times.extend(std::iter::repeat_n(at, decided.len()));
        self.events.append(&mut decided);
        Ok(&self.events[from..])
    }

    /// A transcript that goes on from `events` (decided at `times`) with `tournament` as they
    /// left it.
    pub fn from_parts(
        tournament: Tournament,
        events: Vec<TournamentEvent>,
        times: Vec<u64>,
    ) -> Transcript {
        Transcript {
            tournament,
            events,
            times,
        }
    }

    /// The tournament, given away.
    pub fn into_parts(self) -> (Tournament, Vec<TournamentEvent>, Vec<u64>) {
        (self.tournament, self.events, self.times)
    }
}

impl Deref for Transcript {
    type Target = Tournament;

    fn deref(&self) -> &Tournament {
        &self.tournament
    }
}
