//! Reading a tournament chain back: the profile from its opening event, then the tournament
//! events with their sequences, from the start or from a stored replay snapshot.
//!
//! A chain of format 2 records each accepted command as it was entered ([`ENTERED`]) before
//! the decisions it caused; a chain of format 1 (opened before the format was recorded) holds
//! only the decisions. Events that are neither (the opening, refused commands) are part of the
//! chain but not of the tournament: they are skipped here. Every event is read through
//! [`ChainEvent::decode`].

use floorbook_log::{ChainId, Envelope, EventStore, Seq, StoreError};
use floorbook_tournament::command::Entered;
use floorbook_tournament::engine::TournamentEvent;
use floorbook_tournament::rederive::{Rederiver, Snapshot};
use floorbook_tournament::{Profile, RULES_REVISION};
use serde_json::Value;

pub use crate::chain::{CHAIN_FORMAT, ENTERED, OPENED, REFUSED};
use crate::chain::{ChainEvent, DecodeError};

/// A tournament chain cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("chain {0} is empty")]
    Empty(ChainId),
    #[error("chain {0} does not open with TournamentOpened")]
    NotATournament(ChainId),
    #[error("seq {seq} of {chain} is not a readable envelope: {source}")]
    Envelope {
        chain: ChainId,
        seq: Seq,
        #[source]
        source: serde_json::Error,
    },
    #[error("seq {seq} is not a tournament event: {source}")]
    Event {
        seq: Seq,
        #[source]
        source: DecodeError,
    },
    #[error("the profile recorded at seq 1 of {chain} does not hold: {problems}")]
    Profile { chain: ChainId, problems: String },
    #[error(
        "chain {chain} is of format {recorded}; this build reads formats 1 to {supported} (a newer build is needed)"
    )]
    Format {
        chain: ChainId,
        recorded: String,
        supported: u32,
    },
    #[error(
        "chain {chain} was opened under rules revision {recorded}; this build derives revisions 1 to {supported} (a newer build is needed)"
    )]
    Revision {
        chain: ChainId,
        /// As recorded (JSON): a number out of range, or not a number at all.
        recorded: String,
        supported: u32,
    },
    #[error(
        "seq {seq} of {chain} is a command that decided nothing (a clock checked with time left); explain a decision"
    )]
    DecidedNothing { chain: ChainId, seq: u64 },
    #[error("seq {seq} is not a tournament event of {chain}; they run from {first} to {last}")]
    NoSuchEvent {
        chain: ChainId,
        seq: u64,
        first: u64,
        last: u64,
    },
}

/// A recorded tournament, or the part of it after a stored snapshot: its profile and its
/// events with their sequences.
#[derive(Debug)]
pub struct Recorded {
    pub chain: ChainId,
    pub profile: Profile,
    /// The rules revision the chain was opened under: its decisions are derived by it.
    pub revision: u32,
    /// The chain's format (see [`CHAIN_FORMAT`]).
    pub format: u32,
    /// The index of the first event held: 0, or the snapshot's position.
    pub base: usize,
    pub snapshot: Option<Snapshot>,
    /// The sequence of each event held, parallel to `events`.
    pub seqs: Vec<u64>,
    pub events: Vec<TournamentEvent>,
    /// Format 2: the commands as entered, from `base` on, each with the position of its first
    /// decision; and the sequence of each, parallel.
    pub entered: Vec<Entered>,
    pub entered_seqs: Vec<u64>,
}

impl Recorded {
    /// The index of the tournament event recorded at `seq`; for a command as entered, of the
    /// first decision it caused.
    pub fn index_of(&self, seq: u64) -> Result<usize, LoadError> {
        if let Ok(k) = self.entered_seqs.binary_search(&seq) {
            let index = self.entered.get(k).map_or(0, |e| e.index);
            let next = self.entered.get(k + 1).map_or(usize::MAX, |e| e.index);
            if index < next && index < self.base + self.events.len() {
                return Ok(index);
            }
            return Err(LoadError::DecidedNothing {
                chain: self.chain.clone(),
                seq,
            });
        }
        self.seqs
            .binary_search(&seq)
            .map(|i| self.base + i)
            .map_err(|_| LoadError::NoSuchEvent {
                chain: self.chain.clone(),
                seq,
                // Decisions and the commands as entered (format 2) both answer.
                first: if self.base == 0 {
                    let first = self.seqs.first().copied();
                    first
                        .min(self.entered_seqs.first().copied().or(first))
                        .unwrap_or(0)
                } else {
                    2
                },
                last: self
                    .seqs
                    .last()
                    .copied()
                    .max(self.entered_seqs.last().copied())
                    .unwrap_or(0),
            })
    }

    pub fn seq_of(&self, index: usize) -> Option<u64> {
        index
            .checked_sub(self.base)
            .and_then(|i| self.seqs.get(i))
            .copied()
    }

    pub fn event(&self, index: usize) -> Option<&TournamentEvent> {
        index
            .checked_sub(self.base)
            .and_then(|i| self.events.get(i))
    }

    /// A replayer at the start of what is held.
    pub fn replayer(&self) -> Rederiver {
        let r = match &self.snapshot {
            Some(s) => Rederiver::resume(s.clone(), self.events.clone()),
            None => {
                Rederiver::under_revision(self.profile.clone(), self.revision, self.events.clone())
            }
        };
        if self.format >= 2 {
            r.with_entered(self.entered.clone())
        } else {
            r
        }
    }

    /// As [`replayer`](Self::replayer), giving the events away instead of copying them.
    pub fn into_replayer(self) -> Rederiver {
        let r = match self.snapshot {
            Some(s) => Rederiver::resume(s, self.events),
            None => Rederiver::under_revision(self.profile, self.revision, self.events),
        };
        if self.format >= 2 {
            r.with_entered(self.entered)
        } else {
            r
        }
    }
}

/// What a chain's opening event records: the profile (checked), the rules revision it was
/// opened under (1 when it records none, as chains opened before revisions were recorded) and
/// the chain format (1 when it records none).
#[derive(Debug)]
pub struct Opening {
    pub profile: Profile,
    pub revision: u32,
    pub format: u32,
}

/// The profile a chain's opening event records, checked, and the rules revision it was opened
/// under (1 when it records none, as chains opened before revisions were recorded).
pub fn opening_of(chain: &ChainId, env: &Envelope) -> Result<Opening, LoadError> {
    if env.event_type != OPENED {
        return Err(LoadError::NotATournament(chain.clone()));
    }
    let bad = |problems: String| LoadError::Profile {
        chain: chain.clone(),
        problems,
    };
    let opened = match ChainEvent::decode(env) {
        Ok(ChainEvent::Opened(o)) => o,
        Ok(_) => return Err(LoadError::NotATournament(chain.clone())),
        Err(e) => return Err(bad(e.to_string())),
    };
    let profile = Profile::from_toml(&opened.profile_toml).map_err(|e| bad(e.to_string()))?;
    // A replay runs the engine under this profile: it must hold together.
    if let Some(problems) = profile_problems(&profile) {
        return Err(bad(problems));
    }
    let revision = match opened.rules_revision.as_ref().unwrap_or(&Value::Null) {
        Value::Null => 1,
        v => v
            .as_u64()
            .and_then(|r| u32::try_from(r).ok())
            .filter(|r| (1..=RULES_REVISION).contains(r))
            .ok_or_else(|| LoadError::Revision {
                chain: chain.clone(),
                recorded: v.to_string(),
                supported: RULES_REVISION,
            })?,
    };
    let format = match opened.chain_format.as_ref().unwrap_or(&Value::Null) {
        Value::Null => 1,
        v => v
            .as_u64()
            .and_then(|r| u32::try_from(r).ok())
            .filter(|r| (1..=CHAIN_FORMAT).contains(r))
            .ok_or_else(|| LoadError::Format {
                chain: chain.clone(),
                recorded: v.to_string(),
                supported: CHAIN_FORMAT,
            })?,
    };
    Ok(Opening {
        profile,
        revision,
        format,
    })
}

/// What is wrong with `profile`, each problem with its field and rule; None when it is sound.
pub fn profile_problems(profile: &Profile) -> Option<String> {
    let problems = profile.check();
    (!problems.is_empty()).then(|| {
        problems
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })
}

/// Reads and checks a chain's opening event.
pub async fn read_opening<S: EventStore>(store: &S, chain: &ChainId) -> Result<Opening, LoadError> {
    let first = store.read(chain, Seq::FIRST, 1).await?;
    let opening = first
        .first()
        .ok_or_else(|| LoadError::Empty(chain.clone()))?;
    let env = Envelope::parse(&opening.bytes).map_err(|source| LoadError::Envelope {
        chain: chain.clone(),
        seq: opening.seq,
        source,
    })?;
    opening_of(chain, &env)
}

/// Reads a tournament chain: the profile from its opening event, then every event.
pub async fn load<S: EventStore>(store: &S, chain: ChainId) -> Result<Recorded, LoadError> {
    load_until(store, chain, None).await
}

/// Reads a tournament chain from its start to `until` (or its end).
pub async fn load_until<S: EventStore>(
    store: &S,
    chain: ChainId,
    until: Option<u64>,
) -> Result<Recorded, LoadError> {
    let Opening {
        profile,
        revision,
        format,
    } = read_opening(store, &chain).await?;
    let read = read_events(store, &chain, Seq::FIRST.next(), until, 0).await?;
    Ok(Recorded {
        chain,
        profile,
        revision,
        format,
        base: 0,
        snapshot: None,
        seqs: read.seqs,
        events: read.events,
        entered: read.entered,
        entered_seqs: read.entered_seqs,
    })
}

/// The events from `next_seq` on (to `until`, or the end), after `snapshot`.
pub async fn load_from<S: EventStore>(
    store: &S,
    chain: ChainId,
    snapshot: Snapshot,
    next_seq: u64,
    until: Option<u64>,
) -> Result<Recorded, LoadError> {
    let format = read_opening(store, &chain).await?.format;
    let read = read_events(store, &chain, Seq(next_seq), until, snapshot.position).await?;
    Ok(Recorded {
        chain,
        profile: snapshot.tournament.profile.clone(),
        revision: snapshot.tournament.revision,
        format,
        base: snapshot.position,
        snapshot: Some(snapshot),
        seqs: read.seqs,
        events: read.events,
        entered: read.entered,
        entered_seqs: read.entered_seqs,
    })
}

/// Whether `chain` is a tournament's (it opens with [`OPENED`]): not a cash room's day, a
/// league's or the member register.
pub async fn is_tournament<S: EventStore>(store: &S, chain: &ChainId) -> Result<bool, StoreError> {
    let first = store.read(chain, Seq::FIRST, 1).await?;
    Ok(first
        .first()
        .and_then(|e| Envelope::parse(&e.bytes).ok())
        .is_some_and(|env| env.event_type == OPENED))
}

/// How many stored events are decoded at a time, shared among the machine's cores.
const DECODE_BATCH: usize = 16_384;

/// Decodes `events` in order, on as many threads as the machine has cores (decoding is most
/// of a long chain's reading; the events are independent of each other).
fn decode_all(
    chain: &ChainId,
    events: &[floorbook_log::StoredEvent],
) -> Result<Vec<(Seq, ChainEvent)>, LoadError> {
    let decode =
        |part: &[floorbook_log::StoredEvent]| -> Result<Vec<(Seq, ChainEvent)>, LoadError> {
            part.iter()
                .map(|e| {
                    let env: TypeAndPayload =
                        serde_json::from_slice(&e.bytes).map_err(|source| LoadError::Envelope {
                            chain: chain.clone(),
                            seq: e.seq,
                            source,
                        })?;
                    // A sealed payload a reader opened is read in its place.
                    let payload = e.opened.as_deref().unwrap_or(env.payload.get());
                    let event = ChainEvent::decode_parts(&env.event_type, payload)
                        .map_err(|source| LoadError::Event { seq: e.seq, source })?;
                    Ok((e.seq, event))
                })
                .collect()
        };
    let threads = std::thread::available_parallelism().map_or(1, usize::from);
    if threads < 2 || events.len() < 1024 {
        return decode(events);
    }
    let size = events.len().div_ceil(threads);
    let parts: Vec<Result<Vec<(Seq, ChainEvent)>, LoadError>> = std::thread::scope(|scope| {
        let mut chunks = events.chunks(size);
        let first = chunks.next().unwrap_or_default();
        let handles: Vec<_> = chunks.map(|c| scope.spawn(move || decode(c))).collect();
        let mut out = vec![decode(first)];
        for h in handles {
            out.push(h.join().unwrap_or_else(|_| {
                Err(LoadError::Envelope {
                    chain: chain.clone(),
                    seq: Seq(0),
                    source: serde::de::Error::custom("a decoding thread stopped"),
                })
            }));
        }
        out
    });
    let mut all = Vec::with_capacity(events.len());
    for part in parts {
        all.extend(part?);
    }
    Ok(all)
}

/// The two fields of an envelope a reader of decisions needs; the rest (checked by the
/// verifier) is skipped, not parsed.
#[derive(serde::Deserialize)]
struct TypeAndPayload<'a> {
    #[serde(rename = "type", borrow)]
    event_type: std::borrow::Cow<'a, str>,
    #[serde(borrow)]
    payload: &'a serde_json::value::RawValue,
}

/// What [`read_events`] read.
#[derive(Debug, Default)]
pub struct Read {
    pub seqs: Vec<u64>,
    pub events: Vec<TournamentEvent>,
    pub entered: Vec<Entered>,
    pub entered_seqs: Vec<u64>,
}

impl Read {
    /// Appends a later read.
    pub fn extend(&mut self, more: Read) {
        self.seqs.extend(more.seqs);
        self.events.extend(more.events);
        self.entered.extend(more.entered);
        self.entered_seqs.extend(more.entered_seqs);
    }
}

/// A page that stops where the caller does.
fn page_size(next: Seq, until: Option<u64>) -> usize {
    until.map_or(floorbook_log::PAGE, |u| {
        (u.saturating_sub(next.0) + 1).clamp(1, floorbook_log::PAGE as u64) as usize
    })
}

/// The tournament events and entered commands from `from` on (to `until`, or the end) with
/// their sequences; `base` is the position of the first tournament event read.
pub async fn read_events<S: EventStore>(
    store: &S,
    chain: &ChainId,
    from: Seq,
    until: Option<u64>,
    base: usize,
) -> Result<Read, LoadError> {
    let mut read = Read::default();
    // Room for all of it at once: growing a vector of a million events copies it over and
    // over, and capacity not yet written costs no memory.
    let head = store.head(chain).await?.map_or(0, |h| h.seq.0);
    let expect =
        usize::try_from(until.unwrap_or(head).min(head).saturating_sub(from.0) + 1).unwrap_or(0);
    read.seqs.reserve(expect);
    read.events.reserve(expect);
    read.entered.reserve(expect / 2);
    read.entered_seqs.reserve(expect / 2);
    let mut next = from;
    let mut batch: Vec<floorbook_log::StoredEvent> = Vec::new();
    loop {
        let page = store.read(chain, next, page_size(next, until)).await?;
        let done = match page.last() {
            None => true,
            Some(last) => {
                next = last.seq.next();
                until.is_some_and(|u| next.0 > u)
            }
        };
        batch.extend(page);
        if batch.len() >= DECODE_BATCH || done {
            for (seq, event) in decode_all(chain, &batch)? {
                match event {
                    ChainEvent::Entered(mut entered) => {
                        entered.index = base + read.events.len();
                        read.entered_seqs.push(seq.0);
                        read.entered.push(entered);
                    }
                    ChainEvent::Decided(event) => {
                        read.seqs.push(seq.0);
                        read.events.push(event);
                    }
                    ChainEvent::Opened(_) | ChainEvent::Refused(_) | ChainEvent::Released(_) => {}
                }
            }
            batch.clear();
        }
        if done {
            break;
        }
    }
    Ok(read)
}

#[cfg(test)]
mod tests {
    use chrono::{TimeZone, Utc};
    use floorbook_log::{Actor, ChainId, Draft, Envelope, Role, seal};
    use floorbook_tournament::{RULES_REVISION, builtin};
    use serde_json::json;

    use super::{LoadError, OPENED, opening_of};

    /// The opening event of a chain, its payload with `revision` as `rules_revision` (left out
    /// when None).
    fn opening_with(revision: Option<serde_json::Value>) -> (ChainId, Envelope) {
        let chain = ChainId::new("t-revision").expect("chain");
        let (toml, _) = builtin("top18").expect("top18");
        let mut payload =
            json!({ "profile": "top18", "title": "", "seed": null, "profile_toml": toml });
        if let Some(r) = revision {
            payload["rules_revision"] = r;
        }
        let at = Utc
            .with_ymd_and_hms(2026, 1, 1, 19, 0, 0)
            .single()
            .expect("time");
        let actor = Actor::new("director", Role::Director).expect("actor");
        let draft = Draft::new(at, actor, OPENED, Vec::new(), &payload).expect("draft");
        let sealed = seal(&chain, None, &draft).expect("seal");
        let env = Envelope::parse(&sealed.bytes).expect("envelope");
        (chain, env)
    }

    #[test]
    fn a_chain_is_derived_by_the_rules_revision_it_was_opened_under() {
        // Chains opened before revisions were recorded are revision 1.
        let (chain, env) = opening_with(None);
        assert_eq!(opening_of(&chain, &env).expect("opens").revision, 1);
        for r in 1..=RULES_REVISION {
            let (chain, env) = opening_with(Some(json!(r)));
            assert_eq!(opening_of(&chain, &env).expect("opens").revision, r);
        }
        // A revision this build does not know, or no revision at all, is refused with the range.
        for bad in [json!(RULES_REVISION + 1), json!(0), json!("two"), json!(-1)] {
            let (chain, env) = opening_with(Some(bad.clone()));
            let err = opening_of(&chain, &env).expect_err("refused");
            assert!(matches!(err, LoadError::Revision { .. }), "{bad}: {err}");
            assert!(
                err.to_string()
                    .contains(&format!("derives revisions 1 to {RULES_REVISION}")),
                "{err}"
            );
        }
    }
}
