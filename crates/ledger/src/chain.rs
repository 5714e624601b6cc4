//! What a tournament chain may contain, as one type: [`ChainEvent`]. Writing a chain makes
//! drafts from it; reading one decodes each stored envelope into it, by the envelope's type.
//! Nothing else reads a tournament chain's payloads.

use chrono::{DateTime, Utc};
use floorbook_log::{Actor, Draft, Envelope, EnvelopeError, IdError, RuleId};
use floorbook_rules::RuleSet;
use floorbook_tournament::command::Entered;
use floorbook_tournament::engine::TournamentEvent;
use serde::{Deserialize, Serialize};

/// The chain's opening event: the tournament, its profile and how it was opened.
pub const OPENED: &str = "TournamentOpened";
/// A command the service refused for the sender's role: recorded, changes nothing.
pub const REFUSED: &str = "CommandRefused";
/// An accepted command as it was entered, before the decisions it caused (format 2).
pub const ENTERED: &str = "CommandEntered";

/// The chain format this build writes: 2, every accepted command recorded as entered before
/// its decisions. Format 1 (no `chain_format` in the opening) holds only the decisions, and
/// its commands are read back from them.
pub const CHAIN_FORMAT: u32 = 2;

/// The opening event's payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Opening {
    /// The profile's name.
    pub profile: String,
    pub title: String,
    /// The simulator's seed, for a simulated tournament.
    pub seed: Option<u64>,
    /// The profile as written: the tournament is decided under it.
    pub profile_toml: String,
    /// The rules revision the tournament is decided by (none: revision 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules_revision: Option<serde_json::Value>,
    /// The chain's format (none: format 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain_format: Option<serde_json::Value>,
}

/// A refused command's payload.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Refusal {
    /// The subject's channel: `dealer.3`, `floor`, `director`.
    pub channel: String,
    /// The request, whole when small, else a summary (command, size, digest).
    pub request: serde_json::Value,
    pub reason: String,
}

/// Everything a tournament chain may hold.
#[derive(Debug, Clone, PartialEq)]
pub enum ChainEvent {
    Opened(Opening),
    /// A command as it was entered (format 2).
    Entered(Entered),
    /// A decision of the tournament engine.
    Decided(TournamentEvent),
    Refused(Refusal),
    /// Keys of sealed events, released when their hand was over: no decision.
    Released(floorbook_log::secret::Released),
}

/// A stored event that is not one a tournament chain holds.
#[derive(Debug, thiserror::Error)]
#[error("a {event_type} event does not read: {source}")]
pub struct DecodeError {
    pub event_type: String,
    #[source]
    pub source: serde_json::Error,
}

/// A chain event that cannot become a draft.
#[derive(Debug, thiserror::Error)]
pub enum DraftError {
    #[error("encoding an event: {0}")]
    Encode(#[from] serde_json::Error),
    #[error("an actor or a rule: {0}")]
    Id(#[from] IdError),
    #[error("a draft: {0}")]
    Draft(#[from] EnvelopeError),
}

/// The draft of a decision, by `actor` at `at`: its type and rules from the event itself.
pub fn decision_draft(
    e: &TournamentEvent,
    actor: Actor,
    at: DateTime<Utc>,
) -> Result<Draft, DraftError> {
    let rules = e
        .rules()
        .iter()
        .map(|r| RuleId::new(r.id()))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Draft::new(at, actor, e.event_type(), rules, e)?)
}

impl ChainEvent {
    /// The envelope's type.
    pub fn event_type(&self) -> &'static str {
        match self {
            ChainEvent::Opened(_) => OPENED,
            ChainEvent::Entered(_) => ENTERED,
            ChainEvent::Decided(e) => e.event_type(),
            ChainEvent::Refused(_) => REFUSED,
            ChainEvent::Released(_) => floorbook_log::KEYS_RELEASED,
        }
    }

    /// The rules that decided it (a decision's; none for the others).
    pub fn rules(&self) -> RuleSet {
        match self {
            ChainEvent::Decided(e) => e.rules(),
            _ => RuleSet::EMPTY,
        }
    }

    /// The draft that records it, by `actor` at `at`.
    pub fn draft(&self, actor: Actor, at: DateTime<Utc>) -> Result<Draft, DraftError> {
        Ok(match self {
            ChainEvent::Opened(o) => Draft::new(at, actor, OPENED, Vec::new(), o)?,
            ChainEvent::Entered(e) => Draft::new(at, actor, ENTERED, Vec::new(), e)?,
            ChainEvent::Decided(e) => return decision_draft(e, actor, at),
            ChainEvent::Refused(r) => Draft::new(at, actor, REFUSED, Vec::new(), r)?,
            ChainEvent::Released(r) => {
                Draft::new(at, actor, floorbook_log::KEYS_RELEASED, Vec::new(), r)?
            }
        })
    }

    /// Reads a stored envelope.
    pub fn decode(env: &Envelope) -> Result<ChainEvent, DecodeError> {
        ChainEvent::decode_parts(&env.event_type, env.payload.get())
    }

    /// [`ChainEvent::decode`] from an envelope's type and payload alone (a reader that skips
    /// the rest of the envelope).
    pub fn decode_parts(event_type: &str, text: &str) -> Result<ChainEvent, DecodeError> {
        let bad = |source| DecodeError {
            event_type: event_type.to_string(),
            source,
        };
        Ok(match event_type {
            OPENED => ChainEvent::Opened(serde_json::from_str(text).map_err(bad)?),
            ENTERED => ChainEvent::Entered(serde_json::from_str(text).map_err(bad)?),
            REFUSED => ChainEvent::Refused(serde_json::from_str(text).map_err(bad)?),
            floorbook_log::KEYS_RELEASED => {
                ChainEvent::Released(serde_json::from_str(text).map_err(bad)?)
            }
            _ => {
                let e: TournamentEvent = serde_json::from_str(text).map_err(bad)?;
                // The envelope's type and the payload's must name the same event.
                if e.event_type() != event_type {
                    return Err(bad(serde::de::Error::custom(format!(
                        "the payload is a {} event",
                        e.event_type()
                    ))));
                }
                ChainEvent::Decided(e)
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floorbook_log::{ChainId, Role, seal};
    use floorbook_tournament::seating::PlayerId;

    /// Every rule of the catalogue, cited by a decision, is recorded in the envelope and read
    /// back as cited (an ID the envelope's check refused would vanish from the record).
    #[test]
    fn every_catalogue_rule_survives_recording() {
        let chain = ChainId::new("rules").expect("chain");
        let actor = Actor::new("floor".to_string(), Role::Floor).expect("actor");
        for rule in floorbook_rules::ALL {
            let e = TournamentEvent::FloorRuling {
                player: Some(PlayerId(1)),
                ruling: "r".into(),
                overrides: None,
                rules: RuleSet::of(&[rule]),
            };
            let draft = decision_draft(&e, actor.clone(), DateTime::UNIX_EPOCH)
                .unwrap_or_else(|err| panic!("{}: {err}", rule.id()));
            let sealed = seal(&chain, None, &draft).expect("seal");
            let env = Envelope::parse(&sealed.bytes).expect("parse");
            let ids: Vec<&str> = env.rules.iter().map(|r| r.as_str()).collect();
            assert_eq!(ids, vec![rule.id()], "{}", rule.id());
            match ChainEvent::decode(&env).expect("decode") {
                ChainEvent::Decided(d) => assert_eq!(d.rules(), RuleSet::of(&[rule])),
                other => panic!("{other:?}"),
            }
        }
    }
}
