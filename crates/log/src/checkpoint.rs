//! Signed checkpoints: a chain head signed with the service's ed25519 key.
//!
//! A checkpoint is published outside the chain (a file handed to an auditor, a separate NATS
//! stream), so that cutting or rewriting the log's tail cannot also remove the evidence of how
//! long it was. `floorbook verify --checkpoint FILE` proves that a published head is in the log.

use std::collections::BTreeMap;
use std::fmt;

use chrono::{DateTime, SecondsFormat, Utc};
use ed25519_dalek::{Signature, Signer, SigningKey, Verifier, VerifyingKey};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::{ChainId, EventHash, Head, Seq};

/// The first 16 hex digits of blake3(public key): names a key without carrying it.
#[derive(
    Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, JsonSchema,
)]
#[serde(transparent)]
pub struct KeyId(pub String);

impl fmt::Display for KeyId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn key_id_of(public: &VerifyingKey) -> KeyId {
    let h = blake3::hash(public.as_bytes());
    KeyId(EventHash(*h.as_bytes()).to_hex()[..16].to_string())
}

/// The service's signing key.
#[derive(Clone)]
pub struct ServiceKey {
    signing: SigningKey,
}

impl fmt::Debug for ServiceKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ServiceKey({})", self.key_id())
    }
}

impl ServiceKey {
    /// A key from 32 secret bytes (drawn by the caller from the operating system).
    pub fn from_secret(secret: [u8; 32]) -> ServiceKey {
        ServiceKey {
            signing: SigningKey::from_bytes(&secret),
        }
    }

    /// The secret as 64 hex digits, for the key file.
    pub fn secret_hex(&self) -> String {
        EventHash(self.signing.to_bytes()).to_hex()
    }

    /// The secret's 32 bytes (to derive the keys that sign other formats from it).
    pub fn secret_bytes(&self) -> [u8; 32] {
        self.signing.to_bytes()
    }

    pub fn from_secret_hex(s: &str) -> Result<ServiceKey, CheckpointError> {
        let bytes = EventHash::from_hex(s.trim()).map_err(|_| CheckpointError::BadKey {
            reason: "a secret key file holds 64 hex digits".into(),
        })?;
        Ok(ServiceKey::from_secret(bytes.0))
    }

    pub fn key_id(&self) -> KeyId {
        key_id_of(&self.signing.verifying_key())
    }

    /// The public half as 64 hex digits.
    pub fn public_hex(&self) -> String {
        EventHash(self.signing.verifying_key().to_bytes()).to_hex()
    }

    /// Signs `head` of `chain` at time `signed_at` (an input, like every time in Floorbook).
    pub fn sign(&self, chain: &ChainId, head: Head, signed_at: DateTime<Utc>) -> Checkpoint {
        let mut cp = Checkpoint {
            chain: chain.clone(),
            seq: head.seq,
            head: head.hash,
            signed_at,
            key_id: self.key_id(),
            signature: String::new(),
        };
        let sig = self.signing.sign(&cp.message());
        cp.signature = hex_of(&sig.to_bytes());
        cp
    }
}

/// Public keys a verifier accepts, by id. Old keys stay here after a rotation so that old
/// checkpoints still verify.
#[derive(Debug, Clone, Default)]
pub struct TrustedKeys {
    keys: BTreeMap<KeyId, VerifyingKey>,
}

impl TrustedKeys {
    pub fn add_public_hex(&mut self, hex: &str) -> Result<KeyId, CheckpointError> {
        let bytes = EventHash::from_hex(hex.trim()).map_err(|_| CheckpointError::BadKey {
            reason: "a public key is 64 hex digits".into(),
        })?;
        let key = VerifyingKey::from_bytes(&bytes.0).map_err(|e| CheckpointError::BadKey {
            reason: e.to_string(),
        })?;
        let id = key_id_of(&key);
        self.keys.insert(id.clone(), key);
        Ok(id)
    }

    pub fn add(&mut self, key: &ServiceKey) -> KeyId {
        let public = key.signing.verifying_key();
        let id = key_id_of(&public);
        self.keys.insert(id.clone(), public);
        id
    }

    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }
}

/// A signed statement: "chain C had event `seq` with hash `head`".
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Floorbook signed checkpoint")]
pub struct Checkpoint {
    pub chain: ChainId,
    pub seq: Seq,
    pub head: EventHash,
    pub signed_at: DateTime<Utc>,
    pub key_id: KeyId,
    /// ed25519 signature (128 hex digits) over the message described in `message()`.
    pub signature: String,
}

/// Why a checkpoint does not hold.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CheckpointError {
    #[error("checkpoint was signed by key {key_id}, which is not among the trusted keys")]
    UnknownKey { key_id: KeyId },
    #[error("checkpoint signature does not verify with key {key_id}")]
    BadSignature { key_id: KeyId },
    #[error("bad key: {reason}")]
    BadKey { reason: String },
}

/// What the log says about a checkpoint whose signature holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CheckpointVerdict {
    /// The log holds the signed head at the signed position.
    Present,
    /// The log ends before the signed position: it was cut or shortened.
    Cut { signed: Seq, log_ends_at: Seq },
    /// The log holds another event at the signed position: it was rewritten.
    Differs {
        seq: Seq,
        signed: EventHash,
        found: EventHash,
    },
}

impl Checkpoint {
    /// The signed bytes: a versioned, line-based text so that any tool can rebuild them.
    pub fn message(&self) -> Vec<u8> {
        format!(
            "floorbook-checkpoint-v1\n{}\n{}\n{}\n{}\n{}\n",
            self.chain,
            self.seq,
            self.head,
            self.signed_at.to_rfc3339_opts(SecondsFormat::AutoSi, true),
            self.key_id
        )
        .into_bytes()
    }

    /// Checks the signature against the trusted keys.
    pub fn verify_signature(&self, keys: &TrustedKeys) -> Result<(), CheckpointError> {
        let key = keys
            .keys
            .get(&self.key_id)
            .ok_or_else(|| CheckpointError::UnknownKey {
                key_id: self.key_id.clone(),
            })?;
        let bad = || CheckpointError::BadSignature {
            key_id: self.key_id.clone(),
        };
        let bytes = hex_decode(&self.signature).ok_or_else(bad)?;
        let sig = Signature::from_slice(&bytes).map_err(|_| bad())?;
        key.verify(&self.message(), &sig).map_err(|_| bad())
    }

    /// Compares the checkpoint with the log: `hash_at_seq` is the recomputed hash of the log's
    /// event at the checkpoint's position (None if the log is shorter), `log_head` its last seq.
    pub fn against_log(&self, hash_at_seq: Option<EventHash>, log_head: Seq) -> CheckpointVerdict {
        match hash_at_seq {
            None => CheckpointVerdict::Cut {
                signed: self.seq,
                log_ends_at: log_head,
            },
            Some(found) if found != self.head => CheckpointVerdict::Differs {
                seq: self.seq,
                signed: self.head,
                found,
            },
            Some(_) => CheckpointVerdict::Present,
        }
    }
}

fn hex_of(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn hex_decode(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) || !s.is_ascii() {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn fixture() -> (ServiceKey, Checkpoint) {
        let key = ServiceKey::from_secret([42; 32]);
        let head = Head {
            seq: Seq(10),
            hash: EventHash([5; 32]),
        };
        let at = Utc.timestamp_opt(1_790_000_000, 0).single().expect("time");
        let cp = key.sign(&ChainId::new("t1").expect("id"), head, at);
        (key, cp)
    }

    #[test]
    fn a_signed_checkpoint_verifies_with_its_key_only() {
        let (key, cp) = fixture();
        let mut trusted = TrustedKeys::default();
        trusted.add(&key);
        assert_eq!(cp.verify_signature(&trusted), Ok(()));
        let other = TrustedKeys::default();
        assert!(matches!(
            cp.verify_signature(&other),
            Err(CheckpointError::UnknownKey { .. })
        ));
    }

    #[test]
    fn any_changed_field_breaks_the_signature() {
        let (key, cp) = fixture();
        let mut trusted = TrustedKeys::default();
        trusted.add(&key);
        let mut moved = cp.clone();
        moved.seq = Seq(11);
        assert!(matches!(
            moved.verify_signature(&trusted),
            Err(CheckpointError::BadSignature { .. })
        ));
        let mut rehashed = cp;
        rehashed.head = EventHash([6; 32]);
        assert!(rehashed.verify_signature(&trusted).is_err());
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Every field of a checkpoint is covered by its signature: the chain, the sequence,
        /// the head, the time and the key id (a trusted second key's id included), each
        /// changed alone, and the signature fails.
        #[test]
        fn every_field_is_signed(
            chain in "[A-Za-z0-9_-]{1,20}",
            seq in 1u64..u64::MAX,
            head in proptest::prelude::any::<[u8; 32]>(),
            secs in 0i64..4_000_000_000,
            nanos in 0u32..1_000_000_000,
            field in 0usize..5,
        ) {
            let key = ServiceKey::from_secret([42; 32]);
            let other = ServiceKey::from_secret([43; 32]);
            let mut trusted = TrustedKeys::default();
            trusted.add(&key);
            trusted.add(&other);
            let at = Utc.timestamp_opt(secs, nanos).single().expect("time");
            let id = ChainId::new(chain.clone()).expect("id");
            let cp = key.sign(&id, Head { seq: Seq(seq), hash: EventHash(head) }, at);
            proptest::prop_assert_eq!(cp.verify_signature(&trusted), Ok(()));
            let mut changed = cp.clone();
            match field {
                0 => changed.chain = ChainId::new(format!("{chain}x")).expect("id"),
                1 => changed.seq = Seq(seq ^ 1),
                2 => changed.head.0[usize::from(head[0]) % 32] ^= 1,
                3 => changed.signed_at = at + chrono::Duration::nanoseconds(if nanos == 0 { 1_000_000 } else { -1 }),
                _ => changed.key_id = other.key_id(),
            }
            proptest::prop_assert!(changed != cp);
            proptest::prop_assert!(changed.verify_signature(&trusted).is_err(), "field {} is not signed", field);
        }
    }

    #[test]
    fn verdicts_name_cut_and_rewritten_logs() {
        let (_, cp) = fixture();
        assert_eq!(
            cp.against_log(None, Seq(7)),
            CheckpointVerdict::Cut {
                signed: Seq(10),
                log_ends_at: Seq(7)
            }
        );
        assert!(matches!(
            cp.against_log(Some(EventHash([1; 32])), Seq(12)),
            CheckpointVerdict::Differs { .. }
        ));
        assert_eq!(
            cp.against_log(Some(EventHash([5; 32])), Seq(12)),
            CheckpointVerdict::Present
        );
    }

    #[test]
    fn keys_round_trip_through_hex_and_public_keys_verify() {
        let (key, cp) = fixture();
        let again = ServiceKey::from_secret_hex(&key.secret_hex()).expect("secret");
        assert_eq!(again.key_id(), key.key_id());
        let mut trusted = TrustedKeys::default();
        assert_eq!(
            trusted.add_public_hex(&key.public_hex()).expect("public"),
            key.key_id()
        );
        assert_eq!(cp.verify_signature(&trusted), Ok(()));
        assert!(ServiceKey::from_secret_hex("nope").is_err());
    }
}
