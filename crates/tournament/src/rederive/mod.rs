//! Re-deriving a recorded tournament: each command is decided again by a fresh [`Tournament`]
//! under the recorded profile, and every event the engine derives is compared with the one
//! recorded in its place. A chain of format 2 records the commands as they were entered
//! ([`Rederiver::with_entered`]), and each is decided again here; a chain of format 1 recorded
//! none, and `format1` reads them back from its decisions (that module alone looks ahead).
//!
//! A recorded decision the engine does not derive (an edited pot award, a raise the rules do
//! not allow, an event no command explains) is a [`Divergence`] that names the recorded event,
//! the derived one, the command, and the engine's reason. Pure, like the rest of the crate.

use serde::Serialize;

use crate::Profile;
use crate::command::{Command, Entered};
use crate::engine::{Tournament, TournamentEvent};

mod format1;

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

    /// The state now, given away (a follower keeps it and resumes from it).
    pub fn into_snapshot(self) -> Snapshot {
        Snapshot {
            position: self.position(),
            tournament: self.tournament,
        }
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
        if self.entered.is_some() {
            return self.step_entered().map(Some);
        }
        // A chain of format 1 recorded no commands: each is read back from its decisions.
        self.step_read_back().map(Some)
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
}
