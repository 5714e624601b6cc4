//! Recomputing a chain from its stored bytes.

use serde::Deserialize;
use thiserror::Error;

use crate::{ChainId, EventHash, Head, SCHEMA_VERSION, Seq};

/// The first bad position in a chain and what is wrong there.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("chain {chain} is broken at seq {seq}: {kind}")]
pub struct VerifyError {
    pub chain: ChainId,
    /// The position in the log where the fault was found (the sequence that was expected there).
    pub seq: Seq,
    pub kind: VerifyErrorKind,
}

/// What is wrong at a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum VerifyErrorKind {
    #[error("hash mismatch: stored {stored}, recomputed from the stored bytes {computed}")]
    HashMismatch {
        stored: EventHash,
        computed: EventHash,
    },
    #[error("broken link: prev is {found}, but the previous event hashes to {expected}")]
    BrokenLink {
        expected: EventHash,
        found: EventHash,
    },
    #[error("gap: expected seq {expected}, found {found}")]
    Gap { expected: Seq, found: Seq },
    #[error("fork: a second event claims seq {found} (expected seq {expected})")]
    Fork { expected: Seq, found: Seq },
    #[error("event belongs to chain {found}")]
    WrongChain { found: String },
    #[error("unknown envelope version {found} (this build reads version {SCHEMA_VERSION})")]
    UnknownVersion { found: u64 },
    #[error("not an event envelope: {reason}")]
    Malformed { reason: String },
    #[error("the log was rewritten: this seq was signed as {signed}, the log has {found}")]
    Rewritten { signed: EventHash, found: EventHash },
    #[error("the log was cut: a checkpoint signs this seq, the log ends at seq {log_ends_at}")]
    Cut { log_ends_at: Seq },
}

/// Checks stored events one at a time, in order.
///
/// Fast path: the envelope's first four fields are written in a fixed order, so the verifier
/// builds the prefix it expects (`{"v":1,"chain":…,"seq":…,"prev":"…",`) and compares bytes.
/// Only when that differs does it parse the envelope, to say precisely what is wrong (or to
/// accept an equivalent but differently formatted envelope). Either way the hash is computed
/// over the bytes exactly as stored.
#[derive(Debug, Clone)]
pub struct ChainVerifier {
    chain: ChainId,
    next: Seq,
    prev: EventHash,
    expected_prefix: String,
    prefix_head_len: usize,
}

impl ChainVerifier {
    /// A verifier for `chain` from its first event.
    pub fn new(chain: ChainId) -> ChainVerifier {
        ChainVerifier::resume(chain, None)
    }

    /// A verifier that continues after `head` (already verified, or signed in a checkpoint).
    pub fn resume(chain: ChainId, head: Option<Head>) -> ChainVerifier {
        let (next, prev) = match head {
            Some(h) => (h.seq.next(), h.hash),
            None => (Seq::FIRST, EventHash::GENESIS),
        };
        let expected_prefix = format!("{{\"v\":{SCHEMA_VERSION},\"chain\":\"{chain}\",\"seq\":");
        let prefix_head_len = expected_prefix.len();
        ChainVerifier {
            chain,
            next,
            prev,
            expected_prefix,
            prefix_head_len,
        }
    }

    /// The last verified event, if any.
    pub fn head(&self) -> Option<Head> {
        (self.next.0 > 1).then_some(Head {
            seq: Seq(self.next.0 - 1),
            hash: self.prev,
        })
    }

    /// Checks the next stored event. `stored_hash` is the hash the backend stored beside the
    /// bytes (frame trailer, `Nats-Msg-Id`), which lets a change to an event be found at that
    /// event rather than at its successor.
    pub fn push(
        &mut self,
        bytes: &[u8],
        stored_hash: Option<&EventHash>,
    ) -> Result<EventHash, VerifyError> {
        if !self.prefix_matches(bytes) {
            self.check_parsed(bytes)?;
        }
        let computed = EventHash::of_event(&self.prev, bytes);
        if let Some(stored) = stored_hash
            && *stored != computed
        {
            return Err(self.error(VerifyErrorKind::HashMismatch {
                stored: *stored,
                computed,
            }));
        }
        self.prev = computed;
        self.next = self.next.next();
        Ok(computed)
    }

    fn prefix_matches(&mut self, bytes: &[u8]) -> bool {
        let p = &mut self.expected_prefix;
        p.truncate(self.prefix_head_len);
        use std::fmt::Write as _;
        let _ = write!(p, "{},\"prev\":\"", self.next.0);
        self.prev.write_hex(p);
        p.push_str("\",");
        bytes.starts_with(p.as_bytes())
    }

    fn check_parsed(&self, bytes: &[u8]) -> Result<(), VerifyError> {
        #[derive(Deserialize)]
        struct Header<'a> {
            v: u64,
            #[serde(borrow)]
            chain: std::borrow::Cow<'a, str>,
            seq: u64,
            prev: std::borrow::Cow<'a, str>,
        }
        let header: Header<'_> = serde_json::from_slice(bytes).map_err(|e| {
            self.error(VerifyErrorKind::Malformed {
                reason: e.to_string(),
            })
        })?;
        if header.v != u64::from(SCHEMA_VERSION) {
            return Err(self.error(VerifyErrorKind::UnknownVersion { found: header.v }));
        }
        if header.chain != self.chain.as_str() {
            return Err(self.error(VerifyErrorKind::WrongChain {
                found: header.chain.into_owned(),
            }));
        }
        let found = Seq(header.seq);
        if found > self.next {
            return Err(self.error(VerifyErrorKind::Gap {
                expected: self.next,
                found,
            }));
        }
        if found < self.next {
            return Err(self.error(VerifyErrorKind::Fork {
                expected: self.next,
                found,
            }));
        }
        let prev = EventHash::from_hex(&header.prev).map_err(|e| {
            self.error(VerifyErrorKind::Malformed {
                reason: e.to_string(),
            })
        })?;
        if prev != self.prev {
            return Err(self.error(VerifyErrorKind::BrokenLink {
                expected: self.prev,
                found: prev,
            }));
        }
        // Same fields, different formatting: the bytes are what is hashed, so it stands.
        Ok(())
    }

    fn error(&self, kind: VerifyErrorKind) -> VerifyError {
        VerifyError {
            chain: self.chain.clone(),
            seq: self.next,
            kind,
        }
    }
}

/// Verifies a whole chain given as (stored bytes, stored hash) in order; returns its head.
pub fn verify_events<'a>(
    chain: &ChainId,
    events: impl IntoIterator<Item = (&'a [u8], Option<&'a EventHash>)>,
) -> Result<Option<Head>, VerifyError> {
    let mut v = ChainVerifier::new(chain.clone());
    for (bytes, stored) in events {
        v.push(bytes, stored)?;
    }
    Ok(v.head())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Actor, Draft, Role, RuleId, SealedEvent, seal_all};
    use chrono::{TimeZone, Utc};
    use proptest::prelude::*;

    fn chain() -> ChainId {
        ChainId::new("t1").expect("chain id")
    }

    fn events(n: usize) -> Vec<SealedEvent> {
        seal_all(&chain(), None, &drafts(n)).expect("seal")
    }

    fn drafts(n: usize) -> Vec<Draft> {
        let actor = Actor::new("dealer-1", Role::Dealer).expect("actor");
        (0..n)
            .map(|i| {
                Draft::new(
                    Utc.timestamp_opt(1_790_000_000 + i as i64, 0)
                        .single()
                        .expect("time"),
                    actor.clone(),
                    "BlindPosted",
                    vec![RuleId::new("TR-8").expect("rule")],
                    &serde_json::json!({"seat": i % 9, "amount": 100}),
                )
                .expect("draft")
            })
            .collect()
    }

    fn verify(evs: &[SealedEvent]) -> Result<Option<Head>, VerifyError> {
        verify_events(
            &chain(),
            evs.iter().map(|e| (e.bytes.as_slice(), Some(&e.hash))),
        )
    }

    #[test]
    fn a_sealed_chain_verifies_to_its_head() {
        let evs = events(5);
        let head = verify(&evs).expect("valid").expect("non-empty");
        assert_eq!(head.seq, Seq(5));
        assert_eq!(head.hash, evs[4].hash);
        assert_eq!(evs[0].prev, EventHash::GENESIS);
        assert_eq!(evs[1].prev, evs[0].hash);
    }

    #[test]
    fn a_missing_event_is_a_gap_at_its_position() {
        let mut evs = events(5);
        evs.remove(2);
        let err = verify(&evs).expect_err("gap");
        assert_eq!(err.seq, Seq(3));
        assert_eq!(
            err.kind,
            VerifyErrorKind::Gap {
                expected: Seq(3),
                found: Seq(4)
            }
        );
    }

    #[test]
    fn a_repeated_sequence_is_a_fork() {
        let mut evs = events(3);
        let dup = evs[1].clone();
        evs.insert(2, dup);
        let err = verify(&evs).expect_err("fork");
        assert_eq!(
            err.kind,
            VerifyErrorKind::Fork {
                expected: Seq(3),
                found: Seq(2)
            }
        );
    }

    #[test]
    fn an_event_from_another_branch_is_a_broken_link() {
        let mut evs = events(3);
        let other = seal_all(&chain(), Some(evs[0].head()), &[]).expect("empty");
        assert!(other.is_empty());
        // Re-seal event 3 on a made-up predecessor.
        let fake_head = Head {
            seq: Seq(2),
            hash: EventHash([9; 32]),
        };
        let draft = Draft::new(
            Utc.timestamp_opt(1_790_000_100, 0).single().expect("time"),
            Actor::new("x", Role::Floor).expect("actor"),
            "X",
            vec![],
            &1,
        )
        .expect("draft");
        evs[2] = crate::seal(&chain(), Some(fake_head), &draft).expect("seal");
        let err = verify(&evs).expect_err("broken");
        assert_eq!(err.seq, Seq(3));
        assert!(matches!(err.kind, VerifyErrorKind::BrokenLink { .. }));
    }

    #[test]
    fn another_version_is_reported_not_guessed() {
        let mut evs = events(1);
        evs[0].bytes = String::from_utf8(evs[0].bytes.clone())
            .expect("utf-8")
            .replacen("{\"v\":1,", "{\"v\":2,", 1)
            .into_bytes();
        let err = verify_events(&chain(), [(evs[0].bytes.as_slice(), None)]).expect_err("v2");
        assert_eq!(err.kind, VerifyErrorKind::UnknownVersion { found: 2 });
    }

    #[test]
    fn reformatted_but_equal_envelope_is_accepted_and_hashed_as_stored() {
        let evs = events(1);
        let pretty = serde_json::to_vec_pretty(
            &serde_json::from_slice::<serde_json::Value>(&evs[0].bytes).expect("json"),
        )
        .expect("pretty");
        let head = verify_events(&chain(), [(pretty.as_slice(), None)])
            .expect("equivalent")
            .expect("head");
        assert_eq!(head.hash, EventHash::of_event(&EventHash::GENESIS, &pretty));
        assert_ne!(head.hash, evs[0].hash);
    }

    proptest! {
        /// Any single flipped bit of any stored event is found at that event.
        #[test]
        fn any_flipped_bit_is_found_at_its_sequence(
            which in 0usize..6,
            pos in any::<proptest::sample::Index>(),
            bit in 0u8..8,
        ) {
            let mut evs = events(6);
            let i = pos.index(evs[which].bytes.len());
            evs[which].bytes[i] ^= 1 << bit;
            let err = verify(&evs).expect_err("flip detected");
            prop_assert_eq!(err.seq, Seq(which as u64 + 1));
        }

        /// The chain never forks: sealing the same drafts from the same head always gives the
        /// same events, and a different head always gives different hashes.
        #[test]
        fn sealing_is_deterministic(
            n in 1usize..8,
            seq in 1u64..1_000_000,
            head in any::<[u8; 32]>(),
            other in any::<[u8; 32]>(),
        ) {
            prop_assert_eq!(events(n), events(n));
            let drafts = drafts(n);
            let on = |hash: [u8; 32]| {
                seal_all(&chain(), Some(Head { seq: Seq(seq), hash: EventHash(hash) }), &drafts)
                    .expect("sealed")
            };
            // The same head: the same events, byte for byte.
            prop_assert_eq!(on(head), on(head));
            // Another head: every hash differs (each event's hash covers its predecessor's).
            prop_assume!(head != other);
            let (a, b) = (on(head), on(other));
            prop_assert!(a.iter().zip(&b).all(|(x, y)| x.hash != y.hash));
        }
    }
}
