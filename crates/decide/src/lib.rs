//! The one shape every domain decides in (issue 34): a command, decided against the state and
//! the recorded input it needs (a time, the office's day), becomes the events it caused, taken
//! into the state; or it is refused, and nothing changed. The tournament, the cash room, the
//! member register and the league season each implement [`Decide`]: the ledger records the
//! register and a league through it (`ledger::decided`), and the service's engines ask the
//! tournament and the cash room through it. No I/O, no clock, no randomness: what a decision
//! needs comes in as `At`.

/// A domain's state machine.
pub trait Decide {
    /// What a dealer, floor or director sends.
    type Command;
    /// What a command caused, as the chain records it.
    type Event;
    /// The recorded input a command is decided at besides the state: the time into the
    /// tournament or the cash room's evening, the office's day for the register, nothing for
    /// a league.
    type At: Copy;
    /// Why a command was refused (its words; its rules where it has them).
    type Refusal: std::error::Error;

    /// Decides `command` at `at`: the events it caused, already taken into `self`; or a
    /// refusal that left `self` as it was.
    fn decide(
        &mut self,
        command: &Self::Command,
        at: Self::At,
    ) -> Result<Vec<Self::Event>, Self::Refusal>;
}
