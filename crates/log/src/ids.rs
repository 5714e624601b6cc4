//! Identifiers and small value types of the log.

use std::fmt;
use std::str::FromStr;

use std::borrow::Cow;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

/// An identifier could not be accepted.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IdError {
    #[error("chain id {got:?} is not allowed: 1 to 64 characters from A-Z, a-z, 0-9, '-' and '_'")]
    ChainId { got: String },
    #[error("rule id {got:?} is not allowed: 2 to 16 characters from A-Z, a-z, 0-9, '-' and '.'")]
    RuleId { got: String },
    #[error("a hash is 64 hex digits; got {got:?}")]
    Hash { got: String },
    #[error("actor id {got:?} is not allowed: 1 to 64 printable characters")]
    ActorId { got: String },
}

/// A chain's name. It is one NATS subject token and one file name, hence the narrow alphabet.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct ChainId(String);

impl ChainId {
    pub fn new(s: impl Into<String>) -> Result<ChainId, IdError> {
        let s = s.into();
        let ok = (1..=64).contains(&s.len())
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
        if ok {
            Ok(ChainId(s))
        } else {
            Err(IdError::ChainId { got: s })
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for ChainId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for ChainId {
    type Err = IdError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        ChainId::new(s)
    }
}

impl<'de> Deserialize<'de> for ChainId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = String::deserialize(d)?;
        ChainId::new(s).map_err(serde::de::Error::custom)
    }
}

/// A position in a chain: the first event is 1.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
    Default,
)]
#[serde(transparent)]
pub struct Seq(pub u64);

impl Seq {
    pub const FIRST: Seq = Seq(1);

    pub fn next(self) -> Seq {
        Seq(self.0 + 1)
    }
}

impl fmt::Display for Seq {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A blake3 hash, written as 64 lowercase hex digits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct EventHash(pub [u8; 32]);

impl EventHash {
    /// The `prev` of a chain's first event.
    pub const GENESIS: EventHash = EventHash([0; 32]);

    /// `blake3(prev ‖ bytes)`: the hash of an event whose stored bytes are `bytes`.
    pub fn of_event(prev: &EventHash, bytes: &[u8]) -> EventHash {
        let mut h = blake3::Hasher::new();
        h.update(&prev.0);
        h.update(bytes);
        EventHash(*h.finalize().as_bytes())
    }

    pub fn to_hex(&self) -> String {
        let mut s = String::with_capacity(64);
        self.write_hex(&mut s);
        s
    }

    /// Appends the 64 hex digits to `out`.
    pub fn write_hex(&self, out: &mut String) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        for b in self.0 {
            out.push(HEX[(b >> 4) as usize] as char);
            out.push(HEX[(b & 15) as usize] as char);
        }
    }

    pub fn from_hex(s: &str) -> Result<EventHash, IdError> {
        let bad = || IdError::Hash {
            got: s.chars().take(80).collect(),
        };
        let bytes = s.as_bytes();
        if bytes.len() != 64 {
            return Err(bad());
        }
        let digit = |c: u8| match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        };
        let mut out = [0u8; 32];
        for (i, o) in out.iter_mut().enumerate() {
            let hi = digit(bytes[2 * i]).ok_or_else(bad)?;
            let lo = digit(bytes[2 * i + 1]).ok_or_else(bad)?;
            *o = hi << 4 | lo;
        }
        Ok(EventHash(out))
    }
}

impl fmt::Debug for EventHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EventHash({})", self.to_hex())
    }
}

impl fmt::Display for EventHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_hex())
    }
}

impl Serialize for EventHash {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> Deserialize<'de> for EventHash {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        EventHash::from_hex(&s).map_err(serde::de::Error::custom)
    }
}

/// A rule's stable ID from `RULES.md`, e.g. `TR-16`, `TDA-RP-5`, `TR-3.1`.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct RuleId(String);

impl RuleId {
    pub fn new(s: impl Into<String>) -> Result<RuleId, IdError> {
        let s = s.into();
        let ok = (2..=16).contains(&s.len())
            && s.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'.');
        if ok {
            Ok(RuleId(s))
        } else {
            Err(IdError::RuleId { got: s })
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for RuleId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for RuleId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        RuleId::new(String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

/// Who may do what. Every event records its actor's role.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Hand actions at the dealer's own table.
    Dealer,
    /// Irregularity remedies, warnings, penalties, player moves, rulings.
    Floor,
    /// Structure, levels, breaks, overrides.
    Director,
    /// Read only.
    Auditor,
    /// Floorbook itself: decisions the engine takes (draws, balancing, places, checkpoints).
    Service,
}

/// The person or process that caused an event.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
pub struct Actor {
    pub id: String,
    pub role: Role,
}

impl Actor {
    pub fn new(id: impl Into<String>, role: Role) -> Result<Actor, IdError> {
        let id = id.into();
        if (1..=64).contains(&id.chars().count()) && !id.chars().any(char::is_control) {
            Ok(Actor { id, role })
        } else {
            Err(IdError::ActorId { got: id })
        }
    }
}

/// A string type's schema: its name, pattern and meaning.
macro_rules! string_schema {
    ($ty:ty, $name:literal, $pattern:literal, $description:literal) => {
        impl JsonSchema for $ty {
            fn schema_name() -> Cow<'static, str> {
                $name.into()
            }

            fn json_schema(_: &mut SchemaGenerator) -> Schema {
                json_schema!({
                    "type": "string",
                    "pattern": $pattern,
                    "description": $description,
                })
            }
        }
    };
}

string_schema!(
    ChainId,
    "ChainId",
    "^[A-Za-z0-9_-]{1,64}$",
    "A chain's name: one per tournament, cash-table session or league."
);
string_schema!(
    EventHash,
    "EventHash",
    "^[0-9a-f]{64}$",
    "A blake3 hash in lowercase hex."
);
string_schema!(
    RuleId,
    "RuleId",
    "^[A-Za-z0-9.-]{2,16}$",
    "A rule's stable ID from RULES.md, e.g. TR-16 or TR-0a."
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_ids_are_one_subject_token() {
        assert!(ChainId::new("t-2026-11-29_main").is_ok());
        for bad in ["", "a.b", "a b", "a>", "ü", &"x".repeat(65)] {
            assert!(ChainId::new(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn rule_ids_accept_the_catalogue_forms() {
        for ok in [
            "TR-16", "TR-3.1", "TDA-RP-5", "PLO-11", "GCB-12", "NOB-9", "TDA-39B", "TR-0a",
        ] {
            assert!(RuleId::new(ok).is_ok(), "{ok}");
        }
        for bad in ["", "T", "TR 16", "TR_16", "TR-16\n", "TR-ä"] {
            assert!(RuleId::new(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn hash_hex_round_trips_and_rejects_bad_input() {
        let h = EventHash::of_event(&EventHash::GENESIS, b"x");
        assert_eq!(EventHash::from_hex(&h.to_hex()), Ok(h));
        assert!(EventHash::from_hex("00").is_err());
        assert!(EventHash::from_hex(&"G".repeat(64)).is_err());
        assert!(
            EventHash::from_hex(&"A".repeat(64)).is_err(),
            "uppercase is not canonical"
        );
    }

    #[test]
    fn event_hash_is_blake3_of_prev_and_bytes() {
        let prev = EventHash([7; 32]);
        let mut joined = vec![7u8; 32];
        joined.extend_from_slice(b"{}");
        assert_eq!(
            EventHash::of_event(&prev, b"{}").0,
            *blake3::hash(&joined).as_bytes()
        );
    }
}
