//! Driving a simulated tournament through the service, as the terminals of a card room would:
//! the simulator plays it, its commands are read back from its events (the same re-derivation
//! `explain` uses), and each is sent on the subject of the least role that may send it. Used
//! by the failover and cluster tests and by the load test.

use floorbook_tournament::Profile;
use floorbook_tournament::rederive::Rederiver;

use floorbook_service::roles::{Needs, needs};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{ErrorKind, Reply, Request, WireCommand};

/// One command of a script: who sends it, what, and how many events it must cause.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub channel: Channel,
    pub command: WireCommand,
    pub events: u64,
}

/// A simulated tournament could not be scripted.
#[derive(Debug, thiserror::Error)]
pub enum ScriptError {
    #[error("the simulation: {0}")]
    Sim(#[from] floorbook_sim::SimError),
    #[error("the simulated tournament does not re-derive at event {index}: {reason}")]
    Diverged { index: usize, reason: String },
    #[error("the cash evening: {0}")]
    Cash(String),
}

/// The commands of a tournament the simulator plays under the built-in profile
/// `profile_name`, opening included.
pub fn script(
    profile_name: &str,
    profile: &Profile,
    players: u32,
    seed: u64,
) -> Result<Vec<Step>, ScriptError> {
    let sim = floorbook_sim::simulate(profile, players, seed, None)?;
    let mut r = Rederiver::new(profile.clone(), sim.tournament.events);
    let mut out = vec![Step {
        channel: Channel::Director,
        command: WireCommand::Open {
            profile: Some(profile_name.to_string()),
            profile_toml: None,
        },
        events: 1,
    }];
    loop {
        let step = match r.step() {
            Ok(Some(step)) => step,
            Ok(None) => break,
            Err(d) => {
                return Err(ScriptError::Diverged {
                    index: d.index,
                    reason: d.reason,
                });
            }
        };
        let command = WireCommand::from_engine(&step.command, step.at);
        out.push(Step {
            channel: least_channel(&command),
            command,
            // The command as entered, then its decisions.
            events: step.derived.len() as u64 + 1,
        });
    }
    Ok(out)
}

/// The channel of the least role that may send `command`: a table's dealer for its hands.
fn least_channel(command: &WireCommand) -> Channel {
    match (needs(command), command.table()) {
        (Needs::Dealer, Some(table)) => Channel::Dealer { table },
        (Needs::Dealer | Needs::Floor, _) => Channel::Floor,
        (Needs::Director, _) => Channel::Director,
    }
}

/// The commands of a cash evening the simulator plays under the built-in cash profile
/// `profile_name` (`minutes` long, up to `guests` guests), opening included, each with the
/// second of the evening it was decided at: a cash room's time is the service's intake time,
/// so a driver sends each at that second.
pub fn cash_script(
    profile_name: &str,
    guests: u32,
    minutes: u64,
    seed: u64,
) -> Result<Vec<(Step, u64)>, ScriptError> {
    let profile = match floorbook_cash::builtin(profile_name) {
        Some((_, Ok(p))) => p,
        Some((_, Err(e))) => return Err(ScriptError::Cash(e.to_string())),
        None => {
            return Err(ScriptError::Cash(format!(
                "no built-in cash profile {profile_name}"
            )));
        }
    };
    let evening = floorbook_sim::cash::simulate_cash(&profile, guests, minutes, seed, None)
        .map_err(|e| ScriptError::Cash(e.to_string()))?;
    let open = Step {
        channel: Channel::Director,
        command: WireCommand::Open {
            profile: Some(profile_name.to_string()),
            profile_toml: None,
        },
        events: 1,
    };
    Ok(std::iter::once((open, 0))
        .chain(evening.log.iter().map(|e| {
            let command = WireCommand::from_cash(&e.command);
            let step = Step {
                channel: least_channel(&command),
                command,
                // The command as entered, then its decisions.
                events: e.events.len() as u64 + 1,
            };
            (step, e.at)
        }))
        .collect())
}

/// What a step's reply means for a driver that sends with `after` (exactly once).
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Appended: the head is now this.
    Done(u64),
    /// An earlier attempt of this step went through (its reply was lost): the head is this.
    AlreadyDone(u64),
    /// Not taken; send it again.
    Retry,
    /// Refused or rejected: the script and the service disagree.
    Failed(String),
}

/// The request for `step` expecting the chain's head at `head`, with an id of its own (the
/// command, its fields' digest and the head): asked again after a lost reply (a timeout, a
/// writer that died), it gets its first answer.
pub fn request(step: &Step, actor: &str, head: u64) -> Request {
    let body = serde_json::to_vec(&step.command).unwrap_or_default();
    let digest = blake3::hash(&body).to_hex();
    Request {
        actor: actor.to_string(),
        id: Some(format!(
            "{}@{head}:{}",
            step.command.name(),
            &digest.as_str()[..12]
        )),
        after: Some(head),
        seen: None,
        command: step.command.clone(),
    }
}

/// Reads the reply to [`request`]`(step, _, head)`.
pub fn verdict(step: &Step, head: u64, reply: &Reply) -> Verdict {
    // A writer with a service key adds the keys of a hand's sealed cards when it ends: an
    // event the script, which knows no keys, does not count.
    let released = reply
        .events
        .iter()
        .filter(|e| *e == floorbook_log::KEYS_RELEASED)
        .count() as u64;
    let want = head + step.events + released;
    if reply.ok {
        return match reply.seq {
            Some(seq) if seq == want => Verdict::Done(seq),
            other => Verdict::Failed(format!(
                "{} caused events up to {other:?}; the script expects {want}",
                step.command.name()
            )),
        };
    }
    let Some(e) = &reply.error else {
        return Verdict::Failed("a failed reply without an error".into());
    };
    match e.kind {
        ErrorKind::Conflict if e.head == Some(want) => Verdict::AlreadyDone(want),
        // A writer that lost its lease, or a store outage: the head is still ours.
        ErrorKind::Conflict if e.head.is_none_or(|h| h == head) => Verdict::Retry,
        ErrorKind::Unavailable => Verdict::Retry,
        _ => Verdict::Failed(format!("{}: {}", step.command.name(), e.message)),
    }
}
