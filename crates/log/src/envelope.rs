//! The envelope: the JSON object whose exact bytes are stored and hashed.

use chrono::{DateTime, Utc};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use thiserror::Error;

use crate::{Actor, ChainId, EventHash, Head, RuleId, Seq};

/// The envelope version this build writes and reads. A chain holding another version is
/// reported by the verifier as `UnknownVersion`, never guessed at.
pub const SCHEMA_VERSION: u32 = 1;

/// One event as stored. Field order is the wire order: `v`, `chain`, `seq` and `prev` come
/// first so that the verifier can check them by comparing a short prefix of the stored bytes.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Floorbook event envelope", deny_unknown_fields)]
pub struct Envelope {
    /// Envelope schema version (currently 1).
    pub v: u32,
    /// The chain this event belongs to: one per tournament, cash-table session or league.
    pub chain: ChainId,
    /// Position in the chain, from 1, without gaps.
    pub seq: Seq,
    /// Hash of the previous event (64 zeros for the first): blake3(prev ‖ stored bytes).
    pub prev: EventHash,
    /// When the action was recorded (UTC), as given by the command: never read inside the engine.
    pub at: DateTime<Utc>,
    /// Who caused the event.
    pub actor: Actor,
    /// The client's id of the request that caused the event, when it gave one: a writer that
    /// takes the chain over answers a repeated request from it instead of deciding it twice.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request: Option<String>,
    /// The event type, past tense (`BlindPosted`, `PlayerMoved`).
    #[serde(rename = "type")]
    pub event_type: String,
    /// The rules (IDs from RULES.md) that decided this event.
    pub rules: Vec<RuleId>,
    /// The event's own data; its shape depends on `type`.
    #[schemars(with = "serde_json::Value")]
    pub payload: Box<RawValue>,
}

/// An event before it has a place in a chain.
#[derive(Debug, Clone)]
pub struct Draft {
    pub at: DateTime<Utc>,
    pub actor: Actor,
    /// The id of the request that caused it (see [`Envelope::request`]).
    pub request: Option<String>,
    pub event_type: String,
    pub rules: Vec<RuleId>,
    pub payload: Box<RawValue>,
    /// Kept secret until what this names is over (`table 3 hand 17`): stored sealed under
    /// the card secret ([`crate::secret`]).
    pub secret_until: Option<String>,
}

/// An event that cannot be written.
#[derive(Debug, Error)]
pub enum EnvelopeError {
    #[error(
        "event type {got:?} is not allowed: 1 to 64 characters from A-Z, a-z, 0-9, '_' and '.'"
    )]
    EventType { got: String },
    #[error("the payload could not be encoded as JSON")]
    Payload(#[source] serde_json::Error),
    #[error("the envelope could not be encoded as JSON")]
    Encode(#[source] serde_json::Error),
    #[error("request id {got:?} is not allowed: 1 to {MAX_REQUEST_ID} printable characters")]
    Request { got: String },
    #[error(
        "a {event_type} event is to be kept secret (hole cards of a hand in play) but this writer holds no service key: `floorbook keys generate`"
    )]
    NoSecret { event_type: String },
    #[error("sealing: {0}")]
    Sealing(String),
}

/// The longest request id an envelope holds.
pub const MAX_REQUEST_ID: usize = 128;

impl Draft {
    /// A draft with `payload` encoded as JSON.
    pub fn new(
        at: DateTime<Utc>,
        actor: Actor,
        event_type: impl Into<String>,
        rules: Vec<RuleId>,
        payload: &impl Serialize,
    ) -> Result<Draft, EnvelopeError> {
        let event_type = event_type.into();
        let ok = (1..=64).contains(&event_type.len())
            && event_type
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.');
        if !ok {
            return Err(EnvelopeError::EventType { got: event_type });
        }
        let payload = serde_json::value::to_raw_value(payload).map_err(EnvelopeError::Payload)?;
        Ok(Draft {
            at,
            actor,
            request: None,
            event_type,
            rules,
            payload,
            secret_until: None,
        })
    }

    /// This draft, kept secret until what `until` names is over.
    pub fn secret_until(mut self, until: impl Into<String>) -> Draft {
        self.secret_until = Some(until.into());
        self
    }

    /// This draft, caused by the request with client id `id`.
    pub fn with_request(mut self, id: &str) -> Result<Draft, EnvelopeError> {
        check_request_id(id)?;
        self.request = Some(id.to_string());
        Ok(self)
    }
}

/// Whether `id` may be recorded as a request id: 1 to [`MAX_REQUEST_ID`] characters, none of
/// them a control character.
pub fn check_request_id(id: &str) -> Result<(), EnvelopeError> {
    if (1..=MAX_REQUEST_ID).contains(&id.chars().count()) && !id.chars().any(char::is_control) {
        Ok(())
    } else {
        Err(EnvelopeError::Request {
            got: id.to_string(),
        })
    }
}

/// An event with its place in a chain: its stored bytes and their hash.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SealedEvent {
    pub seq: Seq,
    pub prev: EventHash,
    pub hash: EventHash,
    pub bytes: Vec<u8>,
}

impl SealedEvent {
    pub fn head(&self) -> Head {
        Head {
            seq: self.seq,
            hash: self.hash,
        }
    }
}

/// Gives `draft` the place after `head` (or the first place) in `chain`.
pub fn seal(
    chain: &ChainId,
    head: Option<Head>,
    draft: &Draft,
) -> Result<SealedEvent, EnvelopeError> {
    if draft.secret_until.is_some() {
        return Err(EnvelopeError::NoSecret {
            event_type: draft.event_type.clone(),
        });
    }
    let (seq, prev) = match head {
        Some(h) => (h.seq.next(), h.hash),
        None => (Seq::FIRST, EventHash::GENESIS),
    };
    #[derive(Serialize)]
    struct Wire<'a> {
        v: u32,
        chain: &'a ChainId,
        seq: Seq,
        prev: EventHash,
        at: &'a DateTime<Utc>,
        actor: &'a Actor,
        #[serde(skip_serializing_if = "Option::is_none")]
        request: Option<&'a str>,
        #[serde(rename = "type")]
        event_type: &'a str,
        rules: &'a [RuleId],
        payload: &'a RawValue,
    }
    let bytes = serde_json::to_vec(&Wire {
        v: SCHEMA_VERSION,
        chain,
        seq,
        prev,
        at: &draft.at,
        actor: &draft.actor,
        request: draft.request.as_deref(),
        event_type: &draft.event_type,
        rules: &draft.rules,
        payload: &draft.payload,
    })
    .map_err(EnvelopeError::Encode)?;
    let hash = EventHash::of_event(&prev, &bytes);
    Ok(SealedEvent {
        seq,
        prev,
        hash,
        bytes,
    })
}

/// Seals `drafts` one after another from `head`.
pub fn seal_all(
    chain: &ChainId,
    head: Option<Head>,
    drafts: &[Draft],
) -> Result<Vec<SealedEvent>, EnvelopeError> {
    seal_all_keeping(chain, head, drafts, None)
}

/// As [`seal_all`], storing each draft to be kept secret with its payload sealed under
/// `secret` (refused without one).
pub fn seal_all_keeping(
    chain: &ChainId,
    mut head: Option<Head>,
    drafts: &[Draft],
    secret: Option<&crate::CardSecret>,
) -> Result<Vec<SealedEvent>, EnvelopeError> {
    let mut out = Vec::with_capacity(drafts.len());
    for d in drafts {
        let e = match (&d.secret_until, secret) {
            (None, _) => seal(chain, head, d)?,
            (Some(_), None) => {
                return Err(EnvelopeError::NoSecret {
                    event_type: d.event_type.clone(),
                });
            }
            (Some(until), Some(secret)) => {
                let seq = head.map_or(Seq::FIRST, |h| h.seq.next());
                let sealed = secret
                    .seal(chain, seq, &d.event_type, &d.payload, until)
                    .map_err(|e| EnvelopeError::Sealing(e.to_string()))?;
                let mut open = d.clone();
                open.secret_until = None;
                open.payload =
                    serde_json::value::to_raw_value(&sealed).map_err(EnvelopeError::Payload)?;
                seal(chain, head, &open)?
            }
        };
        head = Some(e.head());
        out.push(e);
    }
    Ok(out)
}

impl Envelope {
    /// Reads stored bytes as an envelope.
    pub fn parse(bytes: &[u8]) -> Result<Envelope, serde_json::Error> {
        serde_json::from_slice(bytes)
    }
}
