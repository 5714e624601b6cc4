//! Payloads kept secret while they must be: hole cards of a hand in play.
//!
//! A writer that holds the [`CardSecret`] stores such an event's payload sealed
//! (ChaCha20-Poly1305 under a key of its own, derived from the secret, the chain and the
//! sequence) in place of the event's own, with `until` saying what releases it. When that
//! is over (the hand ended), the writer appends a [`KEYS_RELEASED`] event that publishes
//! each sealed event's key: from then on anyone who reads the chain opens them. The stored
//! bytes never change, so the chain's hashes, checkpoints and verification are untouched.
//!
//! [`Disclosing`] is a store as a reader sees it: it opens every sealed payload it holds a
//! key for (the secret, or a key released later in the chain) and ends the chain, for this
//! reader, before the first one it cannot open.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use chacha20poly1305::aead::{Aead, KeyInit, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use thiserror::Error;

use crate::{
    AppendOutcome, ChainId, Checkpoint, Envelope, EventHash, EventStore, EventStream, Head, KeyId,
    SealedEvent, Seq, ServiceKey, StoreError, StoredEvent,
};

/// The event type that releases sealed payloads' keys.
pub const KEYS_RELEASED: &str = "SecretsReleased";

/// The blake3 context the card secret is derived under from the service key.
const CONTEXT: &str = "floorbook 2026-12-03 secret payloads v1";

/// The secret sealed payloads are kept under, derived from the service key: every instance
/// that holds the service key (a writer taking a chain over) holds it too.
#[derive(Clone)]
pub struct CardSecret {
    key: [u8; 32],
    id: KeyId,
}

impl std::fmt::Debug for CardSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CardSecret({})", self.id)
    }
}

/// The key of one sealed event (published when it is released).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EventKey(pub EventHash);

/// A payload as stored while it is secret.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SealedPayload {
    /// The event's own payload, sealed (hex).
    pub secret: String,
    /// What releases it (`table 3 hand 17`): the writer publishes its key when that is over.
    pub until: String,
    /// The service key the secret is derived from.
    pub key: KeyId,
}

/// The payload of a [`KEYS_RELEASED`] event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Released {
    /// What is over (the `until` of the payloads released).
    pub until: String,
    pub keys: Vec<ReleasedKey>,
}

/// One sealed event's key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReleasedKey {
    pub seq: Seq,
    pub key: EventKey,
}

/// A sealed payload that does not open.
#[derive(Debug, Error)]
pub enum SecretError {
    #[error("event {seq} is sealed under service key {key}, not this one ({have})")]
    OtherKey { seq: Seq, key: KeyId, have: KeyId },
    #[error("event {seq}'s sealed payload does not open with its key: changed, or another key")]
    DoesNotOpen { seq: Seq },
    #[error("event {seq}'s sealed payload does not read: {reason}")]
    Malformed { seq: Seq, reason: String },
    #[error("event {seq}'s payload is too large to seal")]
    TooLarge { seq: Seq },
}

impl CardSecret {
    pub fn of(service: &ServiceKey) -> CardSecret {
        let secret = EventHash::from_hex(&service.secret_hex()).map_or([0; 32], |h| h.0);
        CardSecret {
            key: blake3::derive_key(CONTEXT, &secret),
            id: service.key_id(),
        }
    }

    pub fn key_id(&self) -> &KeyId {
        &self.id
    }

    /// The key of the event at `seq` of `chain`: one key per event, so a released key opens
    /// that event alone.
    pub fn event_key(&self, chain: &ChainId, seq: Seq) -> EventKey {
        let mut h = blake3::Hasher::new_keyed(&self.key);
        h.update(chain.as_str().as_bytes());
        h.update(&[0]);
        h.update(&seq.0.to_le_bytes());
        EventKey(EventHash(*h.finalize().as_bytes()))
    }

    /// `payload` sealed as the event `event_type` at `seq` of `chain`.
    pub fn seal(
        &self,
        chain: &ChainId,
        seq: Seq,
        event_type: &str,
        payload: &RawValue,
        until: &str,
    ) -> Result<SealedPayload, SecretError> {
        let key = self.event_key(chain, seq);
        let cipher = ChaCha20Poly1305::new(Key::from_slice(&key.0.0));
        let aad = associated(chain, seq, event_type);
        // One key per event: the nonce never repeats under a key.
        let sealed = cipher
            .encrypt(
                Nonce::from_slice(&[0; 12]),
                Payload {
                    msg: payload.get().as_bytes(),
                    aad: &aad,
                },
            )
            .map_err(|_| SecretError::TooLarge { seq })?;
        Ok(SealedPayload {
            secret: hex(&sealed),
            until: until.to_string(),
            key: self.id.clone(),
        })
    }
}

/// What the seal binds besides the payload: its place and type.
fn associated(chain: &ChainId, seq: Seq, event_type: &str) -> Vec<u8> {
    format!("{chain}\n{}\n{event_type}", seq.0).into_bytes()
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

fn unhex(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2)?, 16).ok())
        .collect()
}

/// The sealed payload of `env`, when its payload is one.
pub fn sealed_payload(env: &Envelope) -> Option<SealedPayload> {
    if !env.payload.get().starts_with("{\"secret\":") {
        return None;
    }
    serde_json::from_str(env.payload.get()).ok()
}

/// Opens `sealed`, the payload of `env`, with `key`: the event's own payload.
pub fn open(env: &Envelope, sealed: &SealedPayload, key: &EventKey) -> Result<String, SecretError> {
    let seq = env.seq;
    let bytes = unhex(&sealed.secret).ok_or_else(|| SecretError::Malformed {
        seq,
        reason: "not hex".into(),
    })?;
    let cipher = ChaCha20Poly1305::new(Key::from_slice(&key.0.0));
    let aad = associated(&env.chain, seq, &env.event_type);
    let plain = cipher
        .decrypt(
            Nonce::from_slice(&[0; 12]),
            Payload {
                msg: &bytes,
                aad: &aad,
            },
        )
        .map_err(|_| SecretError::DoesNotOpen { seq })?;
    String::from_utf8(plain).map_err(|e| SecretError::Malformed {
        seq,
        reason: e.to_string(),
    })
}

/// `stored` as a reader sees it once opened: the bytes as stored (what the hash covers), and
/// the payload opened beside them.
fn opened(
    stored: &StoredEvent,
    env: &Envelope,
    payload: String,
) -> Result<StoredEvent, SecretError> {
    RawValue::from_string(payload.clone()).map_err(|e| SecretError::Malformed {
        seq: env.seq,
        reason: e.to_string(),
    })?;
    Ok(StoredEvent {
        opened: Some(payload),
        ..stored.clone()
    })
}

/// A store as a reader sees it: sealed payloads opened where a key is at hand (the card
/// secret, for the service and the pages' server; a key released later in the chain, for
/// everyone), and each chain ended before the first sealed event it cannot open. Appends
/// and checkpoints pass through unchanged.
#[derive(Clone)]
pub struct Disclosing<S> {
    inner: S,
    secret: Option<CardSecret>,
    /// Keys read from the chains' release events, by chain and sequence.
    released: Arc<Mutex<HashMap<ChainId, HashMap<Seq, EventKey>>>>,
    /// What was read of each chain's sealed events: their `until`, by sequence, and the
    /// first one this reader could not open.
    seen: Arc<Mutex<HashMap<ChainId, Seen>>>,
}

#[derive(Debug, Default)]
struct Seen {
    sealed: std::collections::BTreeMap<Seq, String>,
    withheld: Option<Seq>,
}

impl<S> std::fmt::Debug for Disclosing<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Disclosing({:?})", self.secret)
    }
}

impl<S: EventStore> Disclosing<S> {
    pub fn new(inner: S, secret: Option<CardSecret>) -> Disclosing<S> {
        Disclosing {
            inner,
            secret,
            released: Arc::default(),
            seen: Arc::default(),
        }
    }

    /// The sealed events read whose keys the chain has not released, by what releases them:
    /// what a writer taking the chain over must release when their hands end.
    pub fn unreleased(&self, chain: &ChainId) -> Vec<(String, Vec<Seq>)> {
        let released = self
            .released
            .lock()
            .ok()
            .and_then(|r| r.get(chain).map(|k| k.keys().copied().collect::<Vec<_>>()))
            .unwrap_or_default();
        let mut out: Vec<(String, Vec<Seq>)> = Vec::new();
        if let Ok(seen) = self.seen.lock()
            && let Some(s) = seen.get(chain)
        {
            for (seq, until) in &s.sealed {
                if released.contains(seq) {
                    continue;
                }
                match out.iter_mut().find(|(u, _)| u == until) {
                    Some((_, seqs)) => seqs.push(*seq),
                    None => out.push((until.clone(), vec![*seq])),
                }
            }
        }
        out
    }

    /// The first sealed event of `chain` this reader could not open: the chain ended there
    /// for it.
    pub fn withheld(&self, chain: &ChainId) -> Option<Seq> {
        self.seen.lock().ok()?.get(chain)?.withheld
    }

    /// [`Disclosing::withheld`] with what releases it (`table 3 hand 17`).
    pub fn withheld_until(&self, chain: &ChainId) -> Option<(Seq, String)> {
        let seen = self.seen.lock().ok()?;
        let s = seen.get(chain)?;
        let w = s.withheld?;
        Some((w, s.sealed.get(&w).cloned().unwrap_or_default()))
    }

    fn note_sealed(&self, chain: &ChainId, seq: Seq, until: &str, opened: bool) {
        if let Ok(mut seen) = self.seen.lock() {
            let s = seen.entry(chain.clone()).or_default();
            s.sealed.insert(seq, until.to_string());
            if !opened && s.withheld.is_none_or(|w| seq < w) {
                s.withheld = Some(seq);
            } else if opened && s.withheld.is_some_and(|w| w <= seq) {
                s.withheld = None;
            }
        }
    }

    /// The store underneath, as stored (for verification, which hashes the stored bytes).
    pub fn stored(&self) -> &S {
        &self.inner
    }

    /// The same store without the card secret: what a reader sees who holds no secret.
    pub fn without_secret(&self) -> Disclosing<S>
    where
        S: Clone,
    {
        Disclosing {
            inner: self.inner.clone(),
            secret: None,
            released: self.released.clone(),
            seen: Arc::default(),
        }
    }

    fn note_released(&self, chain: &ChainId, events: &[StoredEvent]) {
        let mut found: Vec<ReleasedKey> = Vec::new();
        for e in events {
            // The type is in the envelope's first fields: only release events are parsed.
            if !releases(&e.bytes) {
                continue;
            }
            let Ok(env) = Envelope::parse(&e.bytes) else {
                continue;
            };
            if env.event_type != KEYS_RELEASED {
                continue;
            }
            if let Ok(r) = serde_json::from_str::<Released>(env.payload.get()) {
                found.extend(r.keys);
            }
        }
        if found.is_empty() {
            return;
        }
        if let Ok(mut all) = self.released.lock() {
            let keys = all.entry(chain.clone()).or_default();
            for k in found {
                keys.insert(k.seq, k.key);
            }
        }
    }

    fn released_key(&self, chain: &ChainId, seq: Seq) -> Option<EventKey> {
        self.released
            .lock()
            .ok()?
            .get(chain)
            .and_then(|k| k.get(&seq))
            .copied()
    }

    /// `events` opened, up to the first one that cannot be (None: all of them). A key is
    /// looked for ahead in the chain when the events themselves do not release it.
    async fn disclose(
        &self,
        chain: &ChainId,
        events: Vec<StoredEvent>,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        self.note_released(chain, &events);
        let mut out = Vec::with_capacity(events.len());
        let mut looked_ahead = false;
        for e in events {
            if !holds_sealed(&e.bytes) {
                out.push(e);
                continue;
            }
            let Ok(env) = Envelope::parse(&e.bytes) else {
                out.push(e);
                continue;
            };
            let Some(sealed) = sealed_payload(&env) else {
                out.push(e);
                continue;
            };
            let mut key = self.released_key(chain, e.seq);
            if key.is_none()
                && let Some(s) = &self.secret
                && *s.key_id() == sealed.key
            {
                key = Some(s.event_key(chain, e.seq));
            }
            if key.is_none() && !looked_ahead {
                looked_ahead = true;
                self.read_ahead(chain, e.seq).await?;
                key = self.released_key(chain, e.seq);
            }
            let Some(key) = key else {
                // Secret to this reader: the chain ends here for it.
                self.note_sealed(chain, e.seq, &sealed.until, false);
                return Ok(out);
            };
            self.note_sealed(chain, e.seq, &sealed.until, true);
            match open(&env, &sealed, &key).and_then(|p| opened(&e, &env, p)) {
                Ok(o) => out.push(o),
                Err(err) => {
                    return Err(StoreError::backend(
                        format!("opening event {} of chain {chain}", e.seq),
                        err,
                    ));
                }
            }
        }
        Ok(out)
    }

    /// Reads the chain from `from` to its end for released keys.
    async fn read_ahead(&self, chain: &ChainId, from: Seq) -> Result<(), StoreError> {
        let mut next = from;
        loop {
            let page = self.inner.read(chain, next, crate::PAGE).await?;
            let Some(last) = page.last() else {
                return Ok(());
            };
            next = last.seq.next();
            self.note_released(chain, &page);
        }
    }
}

/// Whether an event's bytes release keys (the type is among the envelope's first fields).
fn releases(bytes: &[u8]) -> bool {
    static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"\"type\":\"SecretsReleased\""));
    FINDER.find(bytes).is_some()
}

/// Whether an event's bytes hold a sealed payload.
fn holds_sealed(bytes: &[u8]) -> bool {
    static FINDER: std::sync::LazyLock<memchr::memmem::Finder<'static>> =
        std::sync::LazyLock::new(|| memchr::memmem::Finder::new(b"\"payload\":{\"secret\":"));
    FINDER.find(bytes).is_some()
}

impl<S: EventStore + Clone + 'static> EventStore for Disclosing<S> {
    async fn append(
        &self,
        chain: &ChainId,
        expected: Option<Head>,
        events: Vec<SealedEvent>,
    ) -> Result<AppendOutcome, StoreError> {
        self.inner.append(chain, expected, events).await
    }

    async fn head(&self, chain: &ChainId) -> Result<Option<Head>, StoreError> {
        self.inner.head(chain).await
    }

    async fn read(
        &self,
        chain: &ChainId,
        from: Seq,
        limit: usize,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let events = self.inner.read(chain, from, limit).await?;
        self.disclose(chain, events).await
    }

    async fn chains(&self) -> Result<Vec<ChainId>, StoreError> {
        self.inner.chains().await
    }

    async fn follow(&self, chain: &ChainId, from: Seq) -> Result<EventStream, StoreError> {
        use futures_core::Stream;
        use std::pin::Pin;
        use std::task::{Context, Poll};
        // Events as they come, each opened when it can be; the stream ends before the first
        // that cannot (a follower asks again once the chain released it).
        struct Opening<S> {
            inner: EventStream,
            store: Disclosing<S>,
            chain: ChainId,
            ended: bool,
        }
        impl<S: EventStore + Clone + 'static> Stream for Opening<S> {
            type Item = Result<StoredEvent, StoreError>;
            fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
                let this = self.get_mut();
                if this.ended {
                    return Poll::Ready(None);
                }
                match this.inner.as_mut().poll_next(cx) {
                    Poll::Ready(Some(Ok(e))) => {
                        this.store
                            .note_released(&this.chain, std::slice::from_ref(&e));
                        match opened_now(&this.store, &this.chain, e) {
                            Some(r) => Poll::Ready(Some(r)),
                            None => {
                                this.ended = true;
                                Poll::Ready(None)
                            }
                        }
                    }
                    other => other,
                }
            }
        }
        // Nothing in it is pinned in place: the inner stream is boxed.
        impl<S> Unpin for Opening<S> {}
        let inner = self.inner.follow(chain, from).await?;
        Ok(Box::pin(Opening {
            inner,
            store: self.clone(),
            chain: chain.clone(),
            ended: false,
        }))
    }

    async fn publish_checkpoint(&self, checkpoint: &Checkpoint) -> Result<(), StoreError> {
        self.inner.publish_checkpoint(checkpoint).await
    }

    async fn checkpoints(&self, chain: &ChainId) -> Result<Vec<Checkpoint>, StoreError> {
        self.inner.checkpoints(chain).await
    }

    async fn keep_answers(&self, chain: &ChainId, answers: Vec<Vec<u8>>) -> Result<(), StoreError> {
        self.inner.keep_answers(chain, answers).await
    }

    async fn answers(&self, chain: &ChainId) -> Result<Vec<Vec<u8>>, StoreError> {
        self.inner.answers(chain).await
    }

    async fn append_log_batch(&self, after: u64, batch: Vec<u8>) -> Result<bool, StoreError> {
        self.inner.append_log_batch(after, batch).await
    }

    async fn log_batches(&self, after: u64, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        self.inner.log_batches(after, limit).await
    }
}

/// `e` as stored, opened with `secret` when sealed (what the writer itself appended).
pub fn opened_with(
    secret: &CardSecret,
    chain: &ChainId,
    e: StoredEvent,
) -> Result<StoredEvent, SecretError> {
    if !holds_sealed(&e.bytes) {
        return Ok(e);
    }
    let Ok(env) = Envelope::parse(&e.bytes) else {
        return Ok(e);
    };
    let Some(sealed) = sealed_payload(&env) else {
        return Ok(e);
    };
    if sealed.key != secret.id {
        return Err(SecretError::OtherKey {
            seq: e.seq,
            key: sealed.key,
            have: secret.id.clone(),
        });
    }
    let payload = open(&env, &sealed, &secret.event_key(chain, e.seq))?;
    opened(&e, &env, payload)
}

/// `e` opened with the keys at hand now (no reading ahead); None when it cannot be.
fn opened_now<S: EventStore>(
    store: &Disclosing<S>,
    chain: &ChainId,
    e: StoredEvent,
) -> Option<Result<StoredEvent, StoreError>> {
    if !holds_sealed(&e.bytes) {
        return Some(Ok(e));
    }
    let Ok(env) = Envelope::parse(&e.bytes) else {
        return Some(Ok(e));
    };
    let Some(sealed) = sealed_payload(&env) else {
        return Some(Ok(e));
    };
    let key = store.released_key(chain, e.seq).or_else(|| {
        store
            .secret
            .as_ref()
            .filter(|s| *s.key_id() == sealed.key)
            .map(|s| s.event_key(chain, e.seq))
    })?;
    Some(
        open(&env, &sealed, &key)
            .and_then(|p| opened(&e, &env, p))
            .map_err(|err| {
                StoreError::backend(format!("opening event {} of chain {chain}", e.seq), err)
            }),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Actor, Draft, Role, seal_all};
    use chrono::DateTime;

    fn secret() -> CardSecret {
        CardSecret::of(&ServiceKey::from_secret([7; 32]))
    }

    fn env_with(chain: &ChainId, seq: u64, event_type: &str, payload: &SealedPayload) -> Envelope {
        let actor = Actor::new("dealer-1".to_string(), Role::Dealer).expect("actor");
        let draft = Draft::new(DateTime::UNIX_EPOCH, actor, event_type, Vec::new(), payload)
            .expect("draft");
        let mut head = None;
        let mut out = None;
        for _ in 0..seq {
            let e = seal_all(chain, head, std::slice::from_ref(&draft)).expect("seal");
            head = Some(e[0].head());
            out = Some(e[0].clone());
        }
        Envelope::parse(&out.expect("one").bytes).expect("parse")
    }

    #[test]
    fn a_sealed_payload_opens_with_its_own_key_alone() {
        let chain = ChainId::new("t-1").expect("chain");
        let s = secret();
        let plain = RawValue::from_string(r#"{"cards":["As","Kd"]}"#.into()).expect("raw");
        let sealed = s
            .seal(&chain, Seq(3), "HoleDealt", &plain, "table 1 hand 1")
            .expect("sealed");
        assert!(!sealed.secret.contains("As"));
        let env = env_with(&chain, 3, "HoleDealt", &sealed);
        let key = s.event_key(&chain, Seq(3));
        assert_eq!(open(&env, &sealed, &key).expect("opens"), plain.get());
        // Another event's key, another chain's, or another type: nothing opens.
        assert!(open(&env, &sealed, &s.event_key(&chain, Seq(4))).is_err());
        let other = ChainId::new("t-2").expect("chain");
        assert!(open(&env, &sealed, &s.event_key(&other, Seq(3))).is_err());
        let moved = env_with(&chain, 3, "BoardDealt", &sealed);
        assert!(open(&moved, &sealed, &key).is_err());
        // A changed byte of the sealed text does not open.
        let mut changed = sealed.clone();
        let first = if changed.secret.starts_with('0') {
            "1"
        } else {
            "0"
        };
        changed.secret.replace_range(0..1, first);
        assert!(open(&env, &changed, &key).is_err());
    }

    #[test]
    fn keys_differ_by_service_key_chain_and_sequence() {
        let chain = ChainId::new("t-1").expect("chain");
        let a = secret();
        let b = CardSecret::of(&ServiceKey::from_secret([8; 32]));
        assert_ne!(a.event_key(&chain, Seq(2)), b.event_key(&chain, Seq(2)));
        assert_ne!(a.event_key(&chain, Seq(2)), a.event_key(&chain, Seq(3)));
    }
}
