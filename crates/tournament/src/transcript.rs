//! A tournament played without a chain: the engine and every event it decided, each with the
//! time of its command. The simulator and tests keep one; the floor service keeps the chain
//! instead.

use std::ops::Deref;

use crate::command::{Command, Entered};
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
    /// Every command accepted, in order, each with the position of its first event.
    pub commands: Vec<Entered>,
    /// How many events were taken out by [`Transcript::drain`] before `events[0]`: positions
    /// in `commands` count from the tournament's first event.
    base: usize,
}

/// What [`Transcript::drain`] took out: commands, in order, with the events they decided.
#[derive(Debug, Clone, Default)]
pub struct Drained {
    /// The position of `events[0]` among all the tournament's events.
    pub base: usize,
    pub events: Vec<TournamentEvent>,
    pub times: Vec<u64>,
    /// The commands, each with the position of its first event (counted from the
    /// tournament's first event, like `base`).
    pub commands: Vec<Entered>,
}

impl Transcript {
    pub fn new(tournament: Tournament) -> Transcript {
        Transcript {
            tournament,
            events: Vec::new(),
            times: Vec::new(),
            commands: Vec::new(),
            base: 0,
        }
    }

    /// Takes out what was decided so far (a recorder that writes as the tournament is played
    /// keeps memory to what is not yet written); the tournament's state stays.
    pub fn drain(&mut self) -> Drained {
        let drained = Drained {
            base: self.base,
            events: std::mem::take(&mut self.events),
            times: std::mem::take(&mut self.times),
            commands: std::mem::take(&mut self.commands),
        };
        self.base += drained.events.len();
        drained
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
        self.commands.push(Entered {
            index: self.base + from,
            command: command.clone(),
            at,
        });
        self.times.extend(std::iter::repeat_n(at, decided.len()));
        self.events.append(&mut decided);
        Ok(&self.events[from..])
    }

    /// The tournament with its state changed by `edit` (a test's starting point that no
    /// command reaches); what was decided before stays.
    pub fn edited(mut self, edit: impl FnOnce(&mut Tournament)) -> Transcript {
        edit(&mut self.tournament);
        self
    }

    /// The tournament, given away.
    pub fn into_tournament(self) -> Tournament {
        self.tournament
    }
}

impl Deref for Transcript {
    type Target = Tournament;

    fn deref(&self) -> &Tournament {
        &self.tournament
    }
}
