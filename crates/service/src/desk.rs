//! The desk: one chain's writer and its tournament as decided so far. It takes a batch of
//! requests, decides them one after another with the engine, appends everything they caused
//! in one all-or-nothing append (group commit), and answers each.
//!
//! A rejected command changes nothing and writes nothing. A command outside the sender's role
//! changes nothing in the tournament, and its refusal is recorded (`CommandRefused`). If the
//! append fails, no command of the batch is acknowledged and the desk must be opened again
//! from the store, since its tournament already holds the unwritten decisions.
//!
//! A request with an id is answered once: its events carry the id in their envelopes, and a
//! desk remembers the replies it gave and, when it opens a chain, those the latest events show.

use std::collections::{HashMap, VecDeque};

use chrono::{DateTime, Utc};
use floorbook_log::{
    Actor, ChainId, ChainWriter, Checkpoint, Draft, Envelope, EventStore, Head, SealedEvent, Seq,
    ServiceKey, StoreError, WriteError, check_request_id,
};
use floorbook_tournament::command::Command;
use floorbook_tournament::engine::Tournament;
use floorbook_tournament::seating::TableNo;
use floorbook_tournament::{Profile, builtin};
use serde_json::json;

use crate::engines::{self, Recording};
use crate::roles;
use crate::subjects::Channel;
use crate::wire::{ErrorKind, Reply, ReplyError, Request, WireCommand};
use floorbook_cash::CashRoom;
use floorbook_ledger::cash::{CashChainEvent, CashOpening};
use floorbook_ledger::chain::{ChainEvent, Opening, Refusal};
use floorbook_ledger::reader::{self, LoadError};
use floorbook_ledger::resume::ResumeError;
use floorbook_ledger::secret::HandAt;
use floorbook_ledger::view;
use floorbook_log::secret::{Released, ReleasedKey};
use floorbook_log::{CardSecret, Disclosing, Watched};

/// How many replies a desk remembers by request id.
const REMEMBERED: usize = 4096;
/// How far back a desk that opens a chain looks for request ids: the latest events, where a
/// client that retries after a writer died finds its request.
const RECALLED_EVENTS: u64 = 20_000;

/// A desk could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum DeskError {
    #[error(transparent)]
    Write(#[from] WriteError),
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error(transparent)]
    Cash(#[from] Box<floorbook_ledger::cash::CashLoadError>),
    #[error("chain {chain} does not re-derive at event {index}: {reason}")]
    Diverged {
        chain: ChainId,
        index: usize,
        reason: String,
    },
    #[error(
        "chain {chain}: event {seq} holds cards sealed under another service key than this instance's, and its hand is not over: give this instance the key the chain was written with"
    )]
    Withheld { chain: ChainId, seq: Seq },
}

/// One request as the desk receives it.
#[derive(Debug, Clone)]
pub struct Incoming {
    pub channel: Channel,
    pub request: Request,
    /// When the service received it: recorded as the events' time, never read by the engine.
    pub at: DateTime<Utc>,
}

/// What a batch came to.
#[derive(Debug)]
pub struct Decided {
    /// One reply per request, in order.
    pub replies: Vec<Reply>,
    /// The events appended, as stored.
    pub appended: Vec<SealedEvent>,
    /// Open the desk again from the store: the append failed (nothing of the batch was
    /// acknowledged), so the tournament may be ahead of the chain.
    pub stale: bool,
}

/// One chain's writer and state.
#[derive(Debug)]
pub struct Desk<S> {
    writer: ChainWriter<S>,
    tournament: Option<Tournament>,
    /// The chain is a cash room's day: its room as decided so far.
    cash: Option<CashRoom>,
    /// The chain's format: a chain opened before commands were recorded as entered (format 1)
    /// goes on without them, so that it stays one format to its end.
    format: u32,
    /// See [`Desk::with_append_limit`].
    max_append_bytes: usize,
    /// When the chain was opened: a command's time is the moment of intake, counted from here.
    opened_at: Option<DateTime<Utc>>,
    /// The refusals recorded lately, by sender (its channel, which the users file binds to a
    /// NATS user): their intake times.
    refused: HashMap<String, VecDeque<DateTime<Utc>>>,
    /// Replies by request id, with what the request was (unknown for one recalled from the
    /// chain alone).
    seen: HashMap<String, Seen>,
    order: VecDeque<String>,
    /// The member register as read for this batch's registrations by member (issue 24).
    members: Option<floorbook_members::Register>,
    /// The flights this batch imports (issue 39), read from their chains: each its result or
    /// why it cannot be imported.
    flights: HashMap<String, Result<floorbook_tournament::engine::FlightResult, ReplyError>>,
    /// Events stored sealed (hole cards named while their hand is played), by the hand
    /// whose end releases their keys.
    sealed: std::collections::BTreeMap<HandAt, Vec<Seq>>,
    /// The venue's transparency log, when the service keeps it: a finished hand's receipt
    /// goes with the reply.
    receipts: Option<std::sync::Arc<dyn crate::receipts::Receipts>>,
}

/// A request id's first answer, and what the request was: the digest of its channel and
/// body, its command's wire name and its channel (for the `id_reused` refusal's words).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
struct Seen {
    #[serde(default, skip_serializing_if = "Option::is_none", with = "hex_digest")]
    digest: Option<blake3::Hash>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    command: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    channel: Option<String>,
    reply: Reply,
}

/// A kept answer as stored beside the chain: the id with its [`Seen`].
#[derive(serde::Serialize, serde::Deserialize)]
struct Kept {
    id: String,
    #[serde(flatten)]
    seen: Seen,
}

mod hex_digest {
    pub fn serialize<S: serde::Serializer>(
        d: &Option<blake3::Hash>,
        s: S,
    ) -> Result<S::Ok, S::Error> {
        match d {
            Some(h) => s.serialize_str(&h.to_hex()),
            None => s.serialize_none(),
        }
    }

    pub fn deserialize<'de, D: serde::Deserializer<'de>>(
        d: D,
    ) -> Result<Option<blake3::Hash>, D::Error> {
        let text: Option<String> = serde::Deserialize::deserialize(d)?;
        text.map(|t| blake3::Hash::from_hex(t).map_err(serde::de::Error::custom))
            .transpose()
    }
}

impl Seen {
    fn of(inc: &Incoming, reply: &Reply) -> Seen {
        Seen {
            digest: Some(digest(inc)),
            command: Some(inc.request.command.name().to_string()),
            channel: Some(inc.channel.token()),
            reply: reply.clone(),
        }
    }
}

enum Outcome {
    Done(Reply),
    /// The same id as the request at this index of the batch: its reply.
    Same(usize),
    /// An id already given to another request: refused, and the first reply stays.
    Reused(ReplyError),
    /// Written when the batch is: the drafts `from..to`, and the error to report with them
    /// (a recorded refusal).
    Pending {
        from: usize,
        to: usize,
        error: Option<ReplyError>,
    },
}

/// A batch as written: its drafts, what was appended, whether an append failed, the signed
/// closing head and the hands' receipts.
struct Written {
    drafts: Vec<Draft>,
    appended: Vec<SealedEvent>,
    stale: bool,
    receipt: Option<Box<Checkpoint>>,
    proofs: HashMap<usize, String>,
}

impl Written {
    /// The reply to a request whose drafts `from..to` were written: its events as stored, the
    /// error to report with them (a recorded refusal), the signed head where its events closed
    /// a hand, a table or the tournament, and its hand's receipt.
    fn reply(&self, chain: &str, from: usize, to: usize, error: Option<ReplyError>) -> Reply {
        let events = self.appended.get(from..to).unwrap_or_default();
        let ours = self.drafts.get(from..to).unwrap_or_default();
        let receipt = self
            .receipt
            .as_ref()
            .filter(|_| ours.iter().any(closes))
            .cloned();
        Reply {
            ok: error.is_none(),
            chain: Some(chain.to_string()),
            first_seq: events.first().map(|e| e.seq.0),
            seq: events.last().map(|e| e.seq.0),
            hash: events.last().map(|e| e.hash.to_hex()),
            events: ours.iter().map(|d| d.event_type.clone()).collect(),
            error,
            receipt,
            proof: self.proofs.get(&from).cloned(),
        }
    }
}

/// A draft after which the head is signed at once: a hand finished, a table broken, the end,
/// a prize paid out.
fn closes(d: &Draft) -> bool {
    matches!(
        d.event_type.as_str(),
        "Finished" | "TableBroken" | "HandFinished" | "PrizePaid"
    )
}

/// A chain this instance does not write, followed as it grows (a warm standby): its
/// tournament re-derived as far as it was read, the sealed events and the request ids seen,
/// so that taking the chain over ([`Desk::take_up`]) reads only what was recorded since.
#[derive(Debug)]
pub struct Follower<S> {
    chain: ChainId,
    /// The chain read as its writer sees it (every sealed card opened with the secret), its
    /// reads shown to `recalled`: one reading serves both.
    reading: Disclosing<Watched<S>>,
    followed: Followed,
    recalled: std::sync::Arc<std::sync::Mutex<Recalled>>,
}

/// The replies the chain's latest events show, by request id, taken from the follower's
/// reads as the chain grows: the runs of events of one request each, within the last
/// [`RECALLED_EVENTS`].
#[derive(Debug)]
struct Recalled {
    runs: VecDeque<(String, Reply)>,
    chain: String,
    /// The sequence seen next.
    next: u64,
    /// Events before this one are passed over (the chain's head less [`RECALLED_EVENTS`]
    /// when it was first read).
    from: u64,
}

impl Recalled {
    fn see(&mut self, page: &[floorbook_log::StoredEvent]) {
        for e in page {
            if e.seq.0 != self.next {
                continue;
            }
            self.next += 1;
            if e.seq.0 >= self.from {
                self.take(e);
            }
        }
        let keep_from = self.next.saturating_sub(RECALLED_EVENTS);
        while self
            .runs
            .front()
            .is_some_and(|(_, r)| r.seq.is_none_or(|s| s < keep_from))
        {
            self.runs.pop_front();
        }
    }

    fn take(&mut self, e: &floorbook_log::StoredEvent) {
        let Ok(env) = Envelope::parse(&e.bytes) else {
            return;
        };
        let Some(id) = env.request.clone() else {
            return;
        };
        let error = match ChainEvent::decode(&env) {
            Ok(ChainEvent::Refused(r)) => {
                // The refusal as data too, as first given: from the request recorded.
                let err = ReplyError::new(ErrorKind::Forbidden, r.reason);
                Some(match crate::subjects::Channel::parse(&r.channel) {
                    Some(channel) => err.with_reason(&roles::refusal_reason(channel, &r.request)),
                    None => err,
                })
            }
            _ => None,
        };
        match self.runs.back_mut() {
            // The next event of the same request.
            Some((last_id, reply)) if *last_id == id && reply.seq == Some(e.seq.0 - 1) => {
                reply.seq = Some(e.seq.0);
                reply.hash = Some(e.hash.to_hex());
                reply.events.push(env.event_type);
            }
            _ => self.runs.push_back((
                id,
                Reply {
                    ok: error.is_none(),
                    chain: Some(self.chain.clone()),
                    first_seq: Some(e.seq.0),
                    seq: Some(e.seq.0),
                    hash: Some(e.hash.to_hex()),
                    events: vec![env.event_type],
                    error,
                    receipt: None,
                    proof: None,
                },
            )),
        }
    }
}

#[derive(Debug)]
enum Followed {
    /// Nothing read yet (or the chain was empty).
    Unread,
    /// A cash room's day: read whole when it is taken up.
    Cash,
    Tournament(floorbook_ledger::resume::Resume),
}

fn store_error(e: StoreError) -> DeskError {
    DeskError::Write(WriteError::Store(e))
}

fn diverged(e: ResumeError) -> DeskError {
    match e {
        ResumeError::Load(e) => DeskError::Load(e),
        ResumeError::Diverges { chain, divergence } => DeskError::Diverged {
            chain,
            index: divergence.index,
            reason: divergence.reason,
        },
    }
}

fn recalled(r: &std::sync::Mutex<Recalled>) -> std::sync::MutexGuard<'_, Recalled> {
    r.lock().unwrap_or_else(|e| e.into_inner())
}

impl<S: EventStore + Clone + 'static> Follower<S> {
    /// Follows `chain` in `store`, reading it as the holder of `key` does.
    pub fn new(store: S, chain: ChainId, key: Option<&ServiceKey>) -> Follower<S> {
        let shown = std::sync::Arc::new(std::sync::Mutex::new(Recalled {
            runs: VecDeque::new(),
            chain: chain.to_string(),
            next: 1,
            from: 1,
        }));
        let seen = shown.clone();
        let watched = Watched::new(store, chain.clone(), move |page| recalled(&seen).see(page));
        Follower {
            chain,
            reading: Disclosing::new(watched, key.map(CardSecret::of)),
            followed: Followed::Unread,
            recalled: shown,
        }
    }

    pub fn chain(&self) -> &ChainId {
        &self.chain
    }

    /// The sequence the next read starts at (the chain's start before the first).
    pub fn next_seq(&self) -> u64 {
        match &self.followed {
            Followed::Tournament(r) => r.next_seq,
            _ => 1,
        }
    }

    /// Reads what was recorded since the last call and re-derives it.
    pub async fn catch_up(&mut self) -> Result<(), DeskError> {
        if let Followed::Unread = self.followed {
            let Some(head) = self
                .reading
                .stored()
                .head(&self.chain)
                .await
                .map_err(store_error)?
            else {
                return Ok(());
            };
            recalled(&self.recalled).from = head.seq.0.saturating_sub(RECALLED_EVENTS).max(1);
            if floorbook_ledger::cash::is_cash(&self.reading, &self.chain)
                .await
                .map_err(store_error)?
            {
                self.followed = Followed::Cash;
            }
        }
        let from = match &self.followed {
            Followed::Cash => return Ok(()),
            Followed::Unread => None,
            Followed::Tournament(r) => Some(r),
        };
        let r = floorbook_ledger::resume::catch_up(&self.reading, &self.chain, from)
            .await
            .map_err(diverged)?;
        self.followed = Followed::Tournament(r);
        Ok(())
    }
}

/// What a follower followed, brought to the chain's end: a tournament (and the chain's
/// format) or a cash room, which is read whole.
async fn taken_up<S: EventStore + Clone + 'static>(
    followed: Followed,
    reading: &Disclosing<S>,
    chain: &ChainId,
) -> Result<(Option<Tournament>, Option<CashRoom>, u32), DeskError> {
    Ok(match followed {
        Followed::Unread => (None, None, reader::CHAIN_FORMAT),
        Followed::Cash => {
            let record = floorbook_ledger::cash::load(reading, chain.clone())
                .await
                .map_err(|e| DeskError::Cash(Box::new(e)))?;
            let room =
                floorbook_ledger::cash::rederive(&record).map_err(|d| DeskError::Diverged {
                    chain: chain.clone(),
                    index: d.seq as usize,
                    reason: format!("the command at seq {} decides otherwise", d.seq),
                })?;
            (None, Some(room), reader::CHAIN_FORMAT)
        }
        Followed::Tournament(r) => {
            let format = r.format;
            (Some(r.into_tournament()), None, format)
        }
    })
}

impl<S: EventStore + Clone + 'static> Desk<S> {
    /// Opens `chain`: re-derives every recorded decision to rebuild the tournament.
    pub async fn open(
        store: S,
        chain: ChainId,
        key: Option<ServiceKey>,
        checkpoint_every: u64,
    ) -> Result<Desk<S>, DeskError> {
        let follower = Follower::new(store, chain, key.as_ref());
        Desk::take_up(follower, key, checkpoint_every).await
    }

    /// Takes up the chain `follower` followed: re-derives only what was recorded since it
    /// last read (the whole chain for a new follower).
    pub async fn take_up(
        mut follower: Follower<S>,
        key: Option<ServiceKey>,
        checkpoint_every: u64,
    ) -> Result<Desk<S>, DeskError> {
        let chain = follower.chain.clone();
        let writer = ChainWriter::open(
            follower.reading.stored().inner().clone(),
            chain.clone(),
            key,
            checkpoint_every,
        )
        .await?;
        let opened_at = match writer.head() {
            None => None,
            Some(_) => writer
                .store()
                .read(&chain, Seq::FIRST, 1)
                .await
                .map_err(store_error)?
                .first()
                .and_then(|e| Envelope::parse(&e.bytes).ok())
                .map(|env| env.at),
        };
        if writer.head().is_some() {
            follower.catch_up().await?;
        }
        let Follower {
            reading,
            followed,
            recalled: shown,
            ..
        } = follower;
        let (tournament, cash, format) = taken_up(followed, &reading, &chain).await?;
        if let Some(seq) = reading.withheld(&chain) {
            return Err(DeskError::Withheld { chain, seq });
        }
        let mut sealed: std::collections::BTreeMap<HandAt, Vec<Seq>> = Default::default();
        for (until, seqs) in reading.unreleased(&chain) {
            if let Some(h) = HandAt::parse(&until) {
                sealed.entry(h).or_default().extend(seqs);
            }
        }
        let mut desk = Desk {
            sealed,
            writer,
            tournament,
            cash,
            format,
            max_append_bytes: DEFAULT_APPEND_BYTES,
            opened_at,
            refused: HashMap::new(),
            members: None,
            flights: HashMap::new(),
            seen: HashMap::new(),
            order: VecDeque::new(),
            receipts: None,
        };
        let runs = {
            let mut r = recalled(&shown);
            let from = r.from;
            let mut runs = std::mem::take(&mut r.runs);
            // A run that starts where the recalling did may have begun before it: not
            // recalled, so that no reply is given with only part of its events.
            if from > 1 && runs.front().is_some_and(|(_, x)| x.first_seq == Some(from)) {
                runs.pop_front();
            }
            runs
        };
        desk.recall_requests(runs).await?;
        Ok(desk)
    }
}

impl<S: EventStore> Desk<S> {
    /// Remembers the replies to the requests whose ids the chain's latest events carry (`runs`,
    /// as the follower read them) and the answers kept beside the chain: a request repeated
    /// after another writer took the chain over gets its first reply, not a second decision.
    async fn recall_requests(&mut self, runs: VecDeque<(String, Reply)>) -> Result<(), DeskError> {
        for (id, reply) in runs {
            self.remember(
                &id,
                Seen {
                    digest: None,
                    command: None,
                    channel: None,
                    reply,
                },
            );
        }
        let chain = self.chain().to_string();
        // The answers kept beside the chain: the refusals, which wrote nothing to it, and what
        // each accepted request was (its digest), so that a reused id is told apart.
        let kept = self
            .writer
            .store()
            .answers(self.writer.chain())
            .await
            .map_err(|e| DeskError::Write(WriteError::Store(e)))?;
        for bytes in kept {
            match serde_json::from_slice::<Kept>(&bytes) {
                Ok(k) => self.remember(&k.id, k.seen),
                Err(e) => {
                    tracing::warn!(chain = %chain, error = %e, "an answer kept beside the chain does not read; it is skipped")
                }
            }
        }
        Ok(())
    }

    pub fn chain(&self) -> &ChainId {
        self.writer.chain()
    }

    pub fn head(&self) -> Option<Head> {
        self.writer.head()
    }

    /// Seconds into the tournament at `at` (since the chain's opening): the time the desk
    /// gives a command it takes in then.
    pub fn seconds_at(&self, at: DateTime<Utc>) -> u64 {
        seconds_since(self.opened_at, at)
    }

    pub fn tournament(&self) -> Option<&Tournament> {
        self.tournament.as_ref()
    }

    /// The cash room, when the chain is a cash room's day.
    pub fn cash(&self) -> Option<&CashRoom> {
        self.cash.as_ref()
    }

    /// Decides `batch` in order and appends what it caused in as few appends as the store's
    /// limit allows: read what the batch needs, decide each request, append, sign a closing
    /// head, fetch the hands' receipts, answer.
    pub async fn decide(&mut self, mut batch: Vec<Incoming>) -> Decided {
        let chain = self.chain().to_string();
        if let Some(err) = self.behind_the_store(&batch).await {
            return Decided {
                replies: batch
                    .iter()
                    .map(|_| Reply::error(Some(&chain), err.clone()))
                    .collect(),
                appended: Vec::new(),
                stale: true,
            };
        }
        let early = self.read_members(&mut batch).await;
        self.read_flights(&batch).await;
        let (drafts, mut outcomes) = self.decide_all(&batch, early);
        let (appended, stale) = self.append_all(&drafts, &mut outcomes).await;
        let written = Written {
            receipt: match stale {
                true => None,
                false => self.sign_closing(&drafts, &batch).await,
            },
            proofs: match stale {
                true => HashMap::new(),
                false => self.hand_proofs(&drafts, &outcomes, &appended).await,
            },
            drafts,
            appended,
            stale,
        };
        let replies = self.answer(&batch, outcomes, &written).await;
        Decided {
            replies,
            appended: written.appended,
            stale,
        }
    }

    /// Why nothing of `batch` can be decided yet: a request expects another head than this
    /// desk's, and the store's head is not this desk's either. With two writers (a lost lease)
    /// the other may have moved the chain on, and a conflict naming this desk's head would name
    /// one older than a head already acknowledged; the desk is opened again and asked again.
    async fn behind_the_store(&self, batch: &[Incoming]) -> Option<ReplyError> {
        let ours = self.head();
        let expects_other = batch.iter().any(|inc| {
            inc.request
                .after
                .is_some_and(|a| a != ours.map_or(0, |h| h.seq.0))
        });
        if !expects_other {
            return None;
        }
        let why = match self.writer.store().head(self.chain()).await {
            Ok(h) if h == ours => return None,
            Ok(h) => format!(
                "this instance's view of the chain (head {}) is behind the store's (head {}): ask again",
                ours.map_or(0, |h| h.seq.0),
                h.map_or(0, |h| h.seq.0)
            ),
            Err(e) => format!("the store's head could not be read ({e}): ask again"),
        };
        Some(ReplyError::new(ErrorKind::Unavailable, why))
    }

    /// Decides every request of `batch` in order: the drafts they cause, and what each request
    /// came to. `early` holds the refusals found while reading what the batch needs.
    fn decide_all(
        &mut self,
        batch: &[Incoming],
        mut early: HashMap<usize, ReplyError>,
    ) -> (Vec<Draft>, Vec<Outcome>) {
        let chain = self.chain().to_string();
        let mut drafts: Vec<Draft> = Vec::new();
        let mut outcomes = Vec::with_capacity(batch.len());
        let head = self.head().map_or(0, |h| h.seq.0);
        let mut in_batch: HashMap<&str, usize> = HashMap::new();
        for (i, inc) in batch.iter().enumerate() {
            if let Some(repeat) = self.repeated(batch, i, &mut in_batch) {
                outcomes.push(repeat);
                continue;
            }
            let (planned, from) = (head + drafts.len() as u64, drafts.len());
            let decided = match inc.request.id.as_deref().map(check_request_id) {
                Some(Err(e)) => Err(ReplyError::new(ErrorKind::Malformed, e.to_string())),
                _ => match early.remove(&i) {
                    Some(e) => Err(e),
                    None => self.decide_one(inc, planned, &mut drafts),
                },
            };
            // The request's id goes into its events' envelopes: a writer that takes the chain
            // over finds it there.
            if let Some(id) = &inc.request.id {
                for d in &mut drafts[from..] {
                    d.request = Some(id.clone());
                }
            }
            outcomes.push(match decided {
                Ok(error) if drafts.len() > from => Outcome::Pending {
                    from,
                    to: drafts.len(),
                    error,
                },
                Ok(error) => Outcome::Done(Reply::error(
                    Some(&chain),
                    error.unwrap_or_else(|| {
                        ReplyError::new(ErrorKind::Rejected, "the command caused nothing")
                    }),
                )),
                Err(e) => Outcome::Done(Reply::error(Some(&chain), e)),
            });
        }
        (drafts, outcomes)
    }

    /// A request whose id was seen before gets its first reply again, also when the repeat
    /// came in the same batch (a client that asked again before the first was answered). An
    /// id given to another request (another body, another channel) is refused: a client bug
    /// must not look like success. None: the request is new.
    fn repeated<'b>(
        &self,
        batch: &'b [Incoming],
        i: usize,
        in_batch: &mut HashMap<&'b str, usize>,
    ) -> Option<Outcome> {
        let inc = &batch[i];
        let id = inc.request.id.as_deref()?;
        if let Some(first) = self.seen.get(id) {
            return Some(match first.digest {
                Some(d) if d != digest(inc) => Outcome::Reused(reused(
                    id,
                    first.command.as_deref(),
                    first.channel.as_deref(),
                )),
                _ => Outcome::Done(first.reply.clone()),
            });
        }
        if let Some(&first) = in_batch.get(id) {
            let was = &batch[first];
            return Some(if digest(was) == digest(inc) {
                Outcome::Same(first)
            } else {
                Outcome::Reused(reused(
                    id,
                    Some(was.request.command.name()),
                    Some(&was.channel.token()),
                ))
            });
        }
        in_batch.insert(id, i);
        None
    }

    /// Appends the decided drafts, one append for as many requests as fit the store's limit,
    /// cut between requests (a request's events are one append, all or none): many large
    /// requests cannot make an append the store refuses and stall the chain. What was
    /// appended, and whether an append failed (then every request from it on is answered
    /// with the failure, and nothing of it is acknowledged).
    async fn append_all(
        &mut self,
        drafts: &[Draft],
        outcomes: &mut [Outcome],
    ) -> (Vec<SealedEvent>, bool) {
        let chain = self.chain().to_string();
        let mut appended = Vec::new();
        for (from, to) in chunks(outcomes, drafts, self.max_append_bytes) {
            let e = match self.writer.append_sealed(&drafts[from..to]).await {
                Ok((sealed, _checkpoint)) => {
                    appended.extend(sealed);
                    continue;
                }
                Err(e) => e,
            };
            let (kind, head) = match &e {
                WriteError::Store(StoreError::Conflict(c)) => {
                    (ErrorKind::Conflict, c.actual.map(|h| h.seq.0))
                }
                _ => (ErrorKind::Unavailable, None),
            };
            let mut err = ReplyError::new(
                kind,
                format!("the append was not taken, nothing is acknowledged: {e}"),
            );
            err.head = head;
            for o in outcomes.iter_mut() {
                if matches!(o, Outcome::Pending { from: f, .. } if *f >= from) {
                    *o = Outcome::Done(Reply::error(Some(&chain), err.clone()));
                }
            }
            return (appended, true);
        }
        (appended, false)
    }

    /// Witnessing: the head after a finished hand, a broken table, the end or a prize paid out
    /// (the night closes with the last) is signed at once, whatever the checkpoint interval;
    /// the signed head goes back as a receipt with the reply of the command that caused it,
    /// so it leaves the operator's hands as it is made.
    async fn sign_closing(
        &mut self,
        drafts: &[Draft],
        batch: &[Incoming],
    ) -> Option<Box<Checkpoint>> {
        let last = batch.last()?;
        if !drafts.iter().any(closes) {
            return None;
        }
        match self.writer.checkpoint(last.at).await {
            Ok(cp) => cp.map(Box::new),
            Err(e) => {
                tracing::warn!(chain = %self.chain(), error = %e, "signing the closed head failed");
                None
            }
        }
    }

    /// The hands' receipts from the venue's transparency log, for the commands that finished
    /// them, by the index of the request's first draft.
    async fn hand_proofs(
        &self,
        drafts: &[Draft],
        outcomes: &[Outcome],
        appended: &[SealedEvent],
    ) -> HashMap<usize, String> {
        let mut proofs = HashMap::new();
        let Some(receipts) = self.receipts.clone() else {
            return proofs;
        };
        let id = self.chain().clone();
        let recent: Vec<floorbook_log::StoredEvent> = appended
            .iter()
            .map(|e| floorbook_log::StoredEvent {
                seq: e.seq,
                hash: e.hash,
                bytes: e.bytes.clone(),
                opened: None,
            })
            .collect();
        receipts.appended(&id, &recent);
        for o in outcomes {
            let Outcome::Pending {
                from,
                to,
                error: None,
            } = o
            else {
                continue;
            };
            let finished = (*from..*to).find(|&i| {
                drafts
                    .get(i)
                    .is_some_and(|d| d.event_type == "HandFinished")
            });
            let Some(seq) = finished.and_then(|i| appended.get(i)).map(|e| e.seq.0) else {
                continue;
            };
            let waited = tokio::time::timeout(
                crate::receipts::PATIENCE,
                receipts.receipt(&id, seq, recent.clone()),
            );
            match waited.await {
                Ok(Ok(text)) => {
                    proofs.insert(*from, text);
                }
                Ok(Err(why)) => {
                    tracing::warn!(chain = %id, seq, %why, "no receipt for the finished hand")
                }
                Err(_) => {
                    tracing::warn!(chain = %id, seq, "the transparency log gave no receipt in time")
                }
            }
        }
        proofs
    }

    /// One reply per request, in order; the first answers to requests with ids are kept
    /// beside the chain (and remembered), so that a repeat gets the same answer.
    async fn answer(
        &mut self,
        batch: &[Incoming],
        outcomes: Vec<Outcome>,
        written: &Written,
    ) -> Vec<Reply> {
        let chain = self.chain().to_string();
        let mut replies: Vec<Reply> = Vec::with_capacity(batch.len());
        let mut kept: Vec<Vec<u8>> = Vec::new();
        for (o, inc) in outcomes.into_iter().zip(batch) {
            let reply = match o {
                Outcome::Reused(e) => Reply::error(Some(&chain), e),
                Outcome::Same(first) => replies[first].clone(),
                // A reply remembered before (a repeat), given again.
                Outcome::Done(r) if r.ok || self.is_seen(inc) => r,
                Outcome::Done(r) => self.keep(inc, r, written.stale, &mut kept),
                Outcome::Pending { from, to, error } => {
                    let r = written.reply(&chain, from, to, error);
                    self.keep(inc, r, written.stale, &mut kept)
                }
            };
            replies.push(reply);
        }
        if !kept.is_empty()
            && let Err(e) = self
                .writer
                .store()
                .keep_answers(self.writer.chain(), kept)
                .await
        {
            // What was decided stands (a refusal wrote nothing); only a writer that opens the
            // chain later may not know these ids' answers.
            tracing::warn!(chain = %chain, error = %e, "the answers to requests with ids were not kept beside the chain");
        }
        replies
    }

    /// Remembers the first answer to a request with an id (unless the batch's append failed)
    /// and adds it to those to keep beside the chain.
    fn keep(
        &mut self,
        inc: &Incoming,
        reply: Reply,
        stale: bool,
        kept: &mut Vec<Vec<u8>>,
    ) -> Reply {
        let Some(id) = inc.request.id.as_ref().filter(|_| !stale) else {
            return reply;
        };
        let seen = Seen::of(inc, &reply);
        match serde_json::to_vec(&Kept {
            id: id.clone(),
            seen: seen.clone(),
        }) {
            Ok(bytes) => kept.push(bytes),
            Err(e) => {
                tracing::warn!(chain = %self.chain(), error = %e, "an answer could not be encoded to keep")
            }
        }
        self.remember(id, seen);
        reply
    }

    /// Signs and publishes the chain's head now (a clean shutdown); None without a key.
    pub async fn sign_head(&mut self, at: DateTime<Utc>) -> Result<Option<Checkpoint>, WriteError> {
        self.writer.checkpoint(at).await
    }

    /// With the venue's transparency log: the command that finishes a hand gets its receipt.
    pub fn with_receipts(
        mut self,
        receipts: std::sync::Arc<dyn crate::receipts::Receipts>,
    ) -> Desk<S> {
        self.receipts = Some(receipts);
        self
    }

    /// The most bytes of drafts one append carries (the NATS server's message limit, with
    /// room for the envelopes); a single request larger than this still goes, alone.
    pub fn with_append_limit(mut self, bytes: usize) -> Desk<S> {
        self.max_append_bytes = bytes.max(1);
        self
    }

    /// Whether `inc`'s id has an answer already.
    fn is_seen(&self, inc: &Incoming) -> bool {
        inc.request
            .id
            .as_ref()
            .is_some_and(|id| self.seen.contains_key(id))
    }

    fn remember(&mut self, id: &str, mut seen: Seen) {
        // A reply recalled from the chain knows not what the request was: what is known of it
        // stays when the request's kept answer comes again.
        if let Some(before) = self.seen.get(id) {
            seen.digest = seen.digest.or(before.digest);
            seen.command = seen.command.or_else(|| before.command.clone());
            seen.channel = seen.channel.or_else(|| before.channel.clone());
        }
        if self.seen.insert(id.to_string(), seen).is_none() {
            self.order.push_back(id.to_string());
        }
        while self.order.len() > REMEMBERED {
            if let Some(old) = self.order.pop_front() {
                self.seen.remove(&old);
            }
        }
    }

    /// Issue 35: a command at a table that names the table's mark as its terminal showed it
    /// (`seen`) is refused when the table has changed since: a second tap, or a tap on a page
    /// that had not caught up. Nothing is written; the reply says how the table stands now.
    fn table_unchanged(&self, req: &Request) -> Result<(), ReplyError> {
        let (Some(seen), Some(table)) = (req.seen.as_deref(), req.command.table()) else {
            return Ok(());
        };
        if seen.is_empty() || seen.len() > 64 || !seen.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(ReplyError::new(
                ErrorKind::Malformed,
                "\"seen\" is a table's mark: 1 to 64 letters and digits".to_string(),
            ));
        }
        let (now, stands) = if let Some(t) = self.tournament.as_ref() {
            (
                view::table_mark(t, table),
                t.hand(floorbook_tournament::seating::TableNo(table))
                    .map(|h| {
                        hand_stands(h.actor(), h.phase(), |p| {
                            t.player_at(floorbook_tournament::seating::TableNo(table), p)
                                .and_then(|id| t.players.get(&id))
                                .map(|pl| pl.name.clone())
                        })
                    }),
            )
        } else if let Some(room) = self.cash.as_ref() {
            (
                view::cash_table_mark(room, table),
                room.hand(table)
                    .map(|r| hand_stands(r.hand.actor(), r.hand.phase(), |_| None)),
            )
        } else {
            return Ok(());
        };
        if now.as_deref() == Some(seen) {
            return Ok(());
        }
        let stands = stands.unwrap_or_else(|| "no hand is in play".to_string());
        Err(ReplyError::new(
            ErrorKind::Conflict,
            format!("the table moved on since this was entered: {stands}; look at the table again"),
        )
        .with_reason(&serde_json::json!({"code": "table_moved_on"})))
    }

    /// Decides one request, pushing the drafts it causes. `Ok(Some(e))`: recorded, but an
    /// error for the sender (a refusal); `Err`: nothing written. The same path for every
    /// domain: the head the request expects, the sender's role, then the chain's own game.
    fn decide_one(
        &mut self,
        inc: &Incoming,
        planned: u64,
        drafts: &mut Vec<Draft>,
    ) -> Result<Option<ReplyError>, ReplyError> {
        let req = &inc.request;
        if let Some(after) = req.after
            && after != planned
        {
            let mut e = ReplyError::new(
                ErrorKind::Conflict,
                format!("the request expects head {after}; the chain's head is {planned}"),
            );
            e.head = Some(planned);
            return Err(e);
        }
        let actor = Actor::new(req.actor.clone(), inc.channel.role())
            .map_err(|e| ReplyError::new(ErrorKind::Malformed, e.to_string()))?;
        if let Some(why) = roles::refusal(inc.channel, &req.command) {
            return self.refuse_for_role(inc, actor, why, drafts);
        }
        if let WireCommand::Open {
            profile,
            profile_toml,
        } = &req.command
        {
            return self.open_chain(inc, actor, profile, profile_toml, drafts);
        }
        self.table_unchanged(req)?;
        if self.cash.is_some() {
            return self.decide_cash(inc, actor, planned, drafts);
        }
        self.decide_tournament(inc, actor, planned, drafts)
    }

    /// A command the sender's role may not send: recorded as refused (`CommandRefused`), the
    /// reason as data from the request as it is recorded, so that a takeover answering the
    /// same id again from the chain gives the same. A sender refused more than
    /// REFUSALS_RECORDED times a minute is refused without a record.
    fn refuse_for_role(
        &mut self,
        inc: &Incoming,
        actor: Actor,
        why: String,
        drafts: &mut Vec<Draft>,
    ) -> Result<Option<ReplyError>, ReplyError> {
        let recorded = refused_summary(&inc.request);
        let refusal = ReplyError::new(ErrorKind::Forbidden, why.clone())
            .with_reason(&roles::refusal_reason(inc.channel, &recorded));
        if self.tournament.is_none() && self.cash.is_none() {
            return Err(refusal);
        }
        if !self.may_record_refusal(inc) {
            return Err(ReplyError::new(
                ErrorKind::Forbidden,
                format!(
                    "{why}; more than {REFUSALS_RECORDED} refused requests from this sender in a minute are not recorded"
                ),
            ));
        }
        let draft = ChainEvent::Refused(Refusal {
            channel: inc.channel.token(),
            request: recorded,
            reason: why,
        })
        .draft(actor, inc.at)
        .map_err(|e| ReplyError::new(ErrorKind::Malformed, e.to_string()))?;
        drafts.push(draft);
        Ok(Some(refusal))
    }

    /// Whether a refusal of this sender is recorded: fewer than REFUSALS_RECORDED in the last
    /// minute. The sender is the channel (its subject, which the users file binds to a NATS
    /// user: a table's dealer, the floor, the director), not the actor the request names,
    /// which a terminal may change at will.
    fn may_record_refusal(&mut self, inc: &Incoming) -> bool {
        let minute = chrono::Duration::minutes(1);
        // Senders with no refusal in the last minute are forgotten: the map stays bounded.
        if self.refused.len() >= REFUSING_SENDERS {
            let now = inc.at;
            self.refused.retain(|_, q| {
                q.back()
                    .is_some_and(|t| now.signed_duration_since(*t) < minute)
            });
        }
        let recent = self.refused.entry(inc.channel.token()).or_default();
        while recent
            .front()
            .is_some_and(|t| inc.at.signed_duration_since(*t) >= minute)
        {
            recent.pop_front();
        }
        if recent.len() >= REFUSALS_RECORDED {
            return false;
        }
        recent.push_back(inc.at);
        true
    }

    /// The register's entry for `member` on the day of `inc`, refused with its reason (a ban,
    /// an unknown or merged member, TR-0a's age with `min_age`).
    fn member_entry(
        &self,
        member: &str,
        inc: &Incoming,
        min_age: u32,
    ) -> Result<floorbook_members::Entry, ReplyError> {
        let register = self.members.as_ref().ok_or_else(|| {
            ReplyError::new(
                ErrorKind::Unavailable,
                "the member register could not be read: ask again".to_string(),
            )
        })?;
        register
            .entry(member, inc.at.date_naive(), min_age)
            .map_err(|e| {
                let err = ReplyError::new(ErrorKind::Rejected, e.to_string()).with_reason(&e);
                match e {
                    floorbook_members::MemberError::TooYoung { .. } => {
                        err.with_rules(&[floorbook_rules::Rule::Tr0a])
                    }
                    _ => err,
                }
            })
    }

    /// A cash room's command: a guest named as a member takes the register's name, the member
    /// as he stands now, and a ban keeps him out (GCB-1 removals, TR-28 disqualifications);
    /// decided at the moment of intake, never before the latest.
    fn decide_cash(
        &mut self,
        inc: &Incoming,
        actor: Actor,
        planned: u64,
        drafts: &mut Vec<Draft>,
    ) -> Result<Option<ReplyError>, ReplyError> {
        let malformed =
            |e: &dyn std::fmt::Display| ReplyError::new(ErrorKind::Malformed, e.to_string());
        let mut command = inc.request.command.to_cash().map_err(|e| malformed(&e))?;
        let named = match &command {
            floorbook_cash::CashCommand::JoinList { member, .. }
            | floorbook_cash::CashCommand::Seat { member, .. } => member.clone(),
            _ => None,
        };
        if let Some(id) = named {
            let entry = self.member_entry(&id, inc, 0)?;
            match &mut command {
                floorbook_cash::CashCommand::JoinList { name, member, .. } => {
                    *name = entry.name;
                    *member = Some(entry.member);
                }
                floorbook_cash::CashCommand::Seat { name, member, .. } => {
                    *name = Some(entry.name);
                    *member = Some(entry.member);
                }
                _ => {}
            }
        }
        let opened_at = self.opened_at;
        let Some(room) = self.cash.as_mut() else {
            return Err(ReplyError::new(ErrorKind::NoChain, "no cash room is open"));
        };
        let at = seconds_since(opened_at, inc.at).max(room.latest());
        let how = Recording {
            actor,
            at: inc.at,
            entered: true,
        };
        let decided = engines::decide(
            room,
            (command, at, &inc.request.command),
            &how,
            self.sealed.keys(),
        )?;
        self.record_decided(drafts, decided, planned, inc.at)
    }

    /// The engine's command for a tournament's request: a member registered by the
    /// register's entry (TR-0a on the day of play, from the birth date on record), a flight
    /// as its own chain holds it (read before the batch), the rest as the wire maps it.
    fn tournament_command(&self, inc: &Incoming, min_age: u32) -> Result<Command, ReplyError> {
        match &inc.request.command {
            WireCommand::RegisterMember {
                player,
                member,
                buy_in,
                table,
                draw,
            } => {
                let entry = self.member_entry(member, inc, min_age)?;
                Ok(Command::Register {
                    player: floorbook_tournament::seating::PlayerId(*player),
                    name: entry.name,
                    buy_in: buy_in.clone(),
                    age: entry.age,
                    table: table.map(TableNo),
                    member: Some(entry.member),
                    draw: *draw,
                })
            }
            WireCommand::ImportFlight { chain } => {
                let flight = self.flights.get(chain).cloned().unwrap_or_else(|| {
                    Err(ReplyError::new(
                        ErrorKind::Unavailable,
                        format!("the flight on chain {chain} could not be read: ask again"),
                    ))
                })?;
                Ok(Command::ImportFlight {
                    flight: Box::new(flight),
                })
            }
            other => other
                .to_engine()
                .map_err(|e| ReplyError::new(ErrorKind::Malformed, e.to_string())),
        }
    }

    /// A tournament's command: checked where the wire knows more than the engine (TR-26's
    /// overridden decision, a format-1 chain, TR-19's clock check), decided at its time, and
    /// recorded as entered with its decisions.
    fn decide_tournament(
        &mut self,
        inc: &Incoming,
        actor: Actor,
        planned: u64,
        drafts: &mut Vec<Draft>,
    ) -> Result<Option<ReplyError>, ReplyError> {
        let req = &inc.request;
        let Some(t) = self.tournament.as_ref() else {
            return Err(ReplyError::new(
                ErrorKind::NoChain,
                format!(
                    "chain {} has not been opened; the director opens it with `open`",
                    self.writer.chain()
                ),
            ));
        };
        let command = self.tournament_command(inc, t.profile.min_age)?;
        overrides_held(&req.command, planned)?;
        let at = match req.command.at() {
            Some(at) => at,
            None if decided_at_intake(&command, t) => seconds_since(self.opened_at, inc.at),
            None => t.clock,
        };
        if self.format < 2 && !command.fits_format_1() {
            return Err(ReplyError::new(
                ErrorKind::Rejected,
                format!(
                    "chain {} is of format 1 (its commands are not recorded as entered): `{}` could not be re-derived from it; record it in a chain opened by this build",
                    self.writer.chain(),
                    req.command.name()
                ),
            ));
        }
        clock_check(t, &command, at)?;
        let how = Recording {
            actor,
            at: inc.at,
            entered: self.format >= 2,
        };
        let Some(t) = self.tournament.as_mut() else {
            return Err(ReplyError::new(ErrorKind::NoChain, "no tournament is open"));
        };
        let decided = engines::decide(t, (command, at, &req.command), &how, self.sealed.keys())?;
        self.record_decided(drafts, decided, planned, inc.at)
    }

    /// Adds what one command decided to the batch's drafts, sealing those that name hidden
    /// cards of a hand in play and releasing the keys of the hands over.
    fn record_decided(
        &mut self,
        drafts: &mut Vec<Draft>,
        decided: engines::Decided,
        planned: u64,
        at: DateTime<Utc>,
    ) -> Result<Option<ReplyError>, ReplyError> {
        let first = drafts.len();
        drafts.extend(decided.drafts);
        self.keep_secret(drafts, first, planned, decided.hidden, &decided.over, at)?;
        Ok(None)
    }

    /// Keeps the drafts `first..` of a request secret when they name the hidden cards of a
    /// hand still in play (`hidden`), and releases the keys of the hands `over`: a
    /// `SecretsReleased` event after the request's own. `planned` is the head before them.
    /// Without a service key nothing is sealed (the service warns at start).
    fn keep_secret(
        &mut self,
        drafts: &mut Vec<Draft>,
        first: usize,
        planned: u64,
        hidden: Option<HandAt>,
        over: &[HandAt],
        at: DateTime<Utc>,
    ) -> Result<(), ReplyError> {
        let Some(secret) = self.writer.secret().cloned() else {
            return Ok(());
        };
        if let Some(h) = hidden {
            let seqs = self.sealed.entry(h).or_default();
            for (i, d) in drafts[first..].iter_mut().enumerate() {
                d.secret_until = Some(h.until());
                seqs.push(Seq(planned + 1 + i as u64));
            }
        }
        let chain = self.writer.chain().clone();
        for h in over {
            let Some(seqs) = self.sealed.remove(h) else {
                continue;
            };
            let released = Released {
                until: h.until(),
                keys: seqs
                    .into_iter()
                    .map(|seq| ReleasedKey {
                        seq,
                        key: secret.event_key(&chain, seq),
                    })
                    .collect(),
            };
            let service = Actor::new("floorbook".to_string(), floorbook_log::Role::Service)
                .map_err(|e| ReplyError::new(ErrorKind::Malformed, e.to_string()))?;
            let draft = Draft::new(
                at,
                service,
                floorbook_log::KEYS_RELEASED,
                Vec::new(),
                &released,
            )
            .map_err(|e| ReplyError::new(ErrorKind::Malformed, e.to_string()))?;
            drafts.push(draft);
        }
        Ok(())
    }

    /// Reads each flight the batch imports (issue 39) from its own chain: it must verify, be a
    /// flight, and have ended.
    async fn read_flights(&mut self, batch: &[Incoming]) {
        self.flights.clear();
        if self.tournament.is_none() {
            return;
        }
        for inc in batch {
            let WireCommand::ImportFlight { chain } = &inc.request.command else {
                continue;
            };
            let result = self.read_flight(chain).await;
            self.flights.insert(chain.clone(), result);
        }
    }

    async fn read_flight(
        &self,
        chain: &str,
    ) -> Result<floorbook_tournament::engine::FlightResult, ReplyError> {
        let rejected = |why: String| ReplyError::new(ErrorKind::Rejected, why);
        let id = floorbook_log::ChainId::new(chain.to_string())
            .map_err(|e| ReplyError::new(ErrorKind::Malformed, e.to_string()))?;
        if id == *self.writer.chain() {
            return Err(rejected(format!(
                "chain {chain} is this Day 2 itself: name a flight's chain"
            )));
        }
        let store = self.writer.store();
        let head = store
            .head(&id)
            .await
            .map_err(|e| ReplyError::new(ErrorKind::Unavailable, e.to_string()))?
            .ok_or_else(|| rejected(format!("there is no chain {chain}: name a flight's chain")))?;
        let flight = floorbook_ledger::resume::catch_up(store, &id, None)
            .await
            .map_err(|e| match e {
                ResumeError::Load(e) => {
                    rejected(format!("the flight on chain {chain} does not read: {e}"))
                }
                ResumeError::Diverges { divergence, .. } => rejected(format!(
                    "the flight on chain {chain} does not re-derive: {}",
                    divergence.reason
                )),
            })?;
        if flight.tournament().profile.flight.is_none() {
            return Err(rejected(format!(
                "chain {chain} is no flight (its profile names no flight)"
            )));
        }
        flight
            .tournament()
            .flight_result(chain, &head.hash.to_hex())
            .ok_or_else(|| {
                rejected(format!(
                    "the flight on chain {chain} has not ended: its director ends it first (end_flight)"
                ))
            })
    }

    /// Reads the member register when the batch registers by member, and enters each walk-in
    /// the sender may register into it first (he is then registered as that member). The
    /// errors to answer instead of deciding, by position in the batch.
    async fn read_members(&mut self, batch: &mut [Incoming]) -> HashMap<usize, ReplyError> {
        let mut early = HashMap::new();
        self.members = None;
        let by_member = |c: &WireCommand| {
            matches!(
                c,
                WireCommand::RegisterMember { .. } | WireCommand::RegisterWalkIn { .. }
            )
        };
        let cash_by_member = |c: &WireCommand| {
            matches!(
                c,
                WireCommand::JoinList {
                    member: Some(_),
                    ..
                } | WireCommand::SeatGuest {
                    member: Some(_),
                    ..
                }
            )
        };
        if self.cash.is_some() && batch.iter().any(|inc| cash_by_member(&inc.request.command)) {
            self.members = floorbook_ledger::members::register(self.writer.store())
                .await
                .ok();
            return early;
        }
        if self.tournament.is_none() || !batch.iter().any(|inc| by_member(&inc.request.command)) {
            return early;
        }
        self.members = floorbook_ledger::members::register(self.writer.store())
            .await
            .ok();
        for (i, inc) in batch.iter_mut().enumerate() {
            // One the sender may not send is refused (and recorded) as it is, joining no one.
            if !matches!(inc.request.command, WireCommand::RegisterWalkIn { .. })
                || roles::refusal(inc.channel, &inc.request.command).is_some()
            {
                continue;
            }
            if let Err(e) = self.enter_walk_in(inc).await {
                early.insert(i, e);
            }
        }
        early
    }

    /// A walk-in (`register_walk_in`) joins the member register first and is registered as
    /// the member he now is: the request becomes `register_member` with his new ID.
    async fn enter_walk_in(&mut self, inc: &mut Incoming) -> Result<(), ReplyError> {
        let WireCommand::RegisterWalkIn {
            player,
            name,
            born,
            buy_in,
            contact,
            table,
            draw,
        } = &inc.request.command
        else {
            return Ok(());
        };
        let Ok(born) = chrono::NaiveDate::parse_from_str(born, "%Y-%m-%d") else {
            return Err(ReplyError::new(
                ErrorKind::Malformed,
                format!("register_walk_in: \"born\" is a date, YYYY-MM-DD; got {born:?}"),
            ));
        };
        let actor = Actor::new(inc.request.actor.clone(), inc.channel.role())
            .map_err(|e| ReplyError::new(ErrorKind::Malformed, e.to_string()))?;
        let join = floorbook_members::MemberCommand::Join {
            member: None,
            name: name.clone(),
            born,
            contact: contact.clone(),
        };
        let events = floorbook_ledger::members::record(self.writer.store(), &join, actor, inc.at)
            .await
            .map_err(|e| {
                let err = ReplyError::new(ErrorKind::Rejected, e.to_string());
                match &e {
                    floorbook_ledger::members::MembersError::Refused(why) => err.with_reason(why),
                    _ => err,
                }
            })?;
        let id = events.iter().find_map(|e| match e {
            floorbook_members::MemberEvent::Joined { member, .. } => Some(member.clone()),
            _ => None,
        });
        if let (Some(id), Some(r)) = (id, self.members.as_mut()) {
            for e in &events {
                let _ = r.apply(e);
            }
            inc.request.command = WireCommand::RegisterMember {
                player: *player,
                member: id,
                buy_in: buy_in.clone(),
                table: *table,
                draw: *draw,
            };
        }
        Ok(())
    }

    /// `open`: the chain's first event, a cash room's day or a tournament by its profile.
    fn open_chain(
        &mut self,
        inc: &Incoming,
        actor: Actor,
        profile: &Option<String>,
        profile_toml: &Option<String>,
        drafts: &mut Vec<Draft>,
    ) -> Result<Option<ReplyError>, ReplyError> {
        let malformed = |m: String| ReplyError::new(ErrorKind::Malformed, m);
        if self.tournament.is_some() || self.cash.is_some() || self.head().is_some() {
            return Err(ReplyError::new(
                ErrorKind::NoChain,
                format!("chain {} is already open", self.chain()),
            ));
        }
        let draft = match opened_by(profile, profile_toml)? {
            Opened::Cash(toml, p) => {
                let draft = CashChainEvent::Opened(CashOpening {
                    profile: p.name.clone(),
                    title: p.title.clone(),
                    seed: None,
                    profile_toml: toml,
                    chain_format: reader::CHAIN_FORMAT,
                    rules_revision: floorbook_cash::CASH_RULES_REVISION,
                })
                .draft(actor, inc.at)
                .map_err(|e| malformed(e.to_string()))?;
                self.cash = Some(CashRoom::new(*p));
                draft
            }
            Opened::Tournament(toml, profile) => {
                let draft = ChainEvent::Opened(Opening {
                    profile: profile.name.clone(),
                    title: profile.title.clone(),
                    seed: None,
                    profile_toml: toml,
                    rules_revision: Some(floorbook_tournament::RULES_REVISION.into()),
                    chain_format: Some(reader::CHAIN_FORMAT.into()),
                })
                .draft(actor, inc.at)
                .map_err(|e| malformed(e.to_string()))?;
                self.tournament = Some(Tournament::new(*profile));
                draft
            }
        };
        drafts.push(draft);
        self.format = reader::CHAIN_FORMAT;
        self.opened_at = Some(inc.at);
        Ok(None)
    }
}

/// What `open` opens, with the profile's text as recorded.
enum Opened {
    Cash(String, Box<floorbook_cash::CashProfile>),
    Tournament(String, Box<Profile>),
}

/// The profile `open` names: a built-in name or TOML; a cash room's (a built-in one, or TOML
/// with games) opens a cash room's day. A profile that does not hold is refused with its
/// problems.
fn opened_by(
    profile: &Option<String>,
    profile_toml: &Option<String>,
) -> Result<Opened, ReplyError> {
    let malformed = |m: String| ReplyError::new(ErrorKind::Malformed, m);
    let cash = match (profile, profile_toml) {
        (Some(name), None) => floorbook_cash::builtin(name)
            .map(|(t, p)| (t.to_string(), p.map_err(|e| malformed(e.to_string())))),
        (None, Some(text)) if floorbook_cash::is_cash_profile(text) => Some((
            text.clone(),
            floorbook_cash::CashProfile::from_toml(text).map_err(|e| malformed(e.to_string())),
        )),
        _ => None,
    };
    if let Some((toml, p)) = cash {
        let p = p?;
        let problems: Vec<String> = p.check().iter().map(ToString::to_string).collect();
        if !problems.is_empty() {
            return Err(malformed(format!(
                "the profile does not hold: {}",
                problems.join("; ")
            )));
        }
        return Ok(Opened::Cash(toml, Box::new(p)));
    }
    let (toml, profile): (String, Profile) = match (profile, profile_toml) {
        (Some(name), None) => {
            let (text, p) = builtin(name).ok_or_else(|| {
                malformed(format!(
                    "no built-in profile {name:?}; see `floorbook profiles list`"
                ))
            })?;
            (text.to_string(), p.map_err(|e| malformed(e.to_string()))?)
        }
        (None, Some(text)) => {
            let p = Profile::from_toml(text).map_err(|e| malformed(e.to_string()))?;
            (text.clone(), p)
        }
        _ => {
            return Err(malformed(
                "open takes exactly one of `profile` (a built-in name) and `profile_toml`".into(),
            ));
        }
    };
    if let Some(problems) = reader::profile_problems(&profile) {
        return Err(malformed(format!("the profile does not hold: {problems}")));
    }
    Ok(Opened::Tournament(toml, Box::new(profile)))
}

/// The most bytes of drafts one append carries unless the server says otherwise
/// ([`Desk::with_append_limit`]): a quarter of NATS's default message limit.
pub const DEFAULT_APPEND_BYTES: usize = 256 * 1024;

/// Refusals recorded per sender (channel and actor) in a minute; more are answered, not
/// recorded.
pub const REFUSALS_RECORDED: usize = 30;

/// How many senders' recent refusals a desk keeps before it forgets the quiet ones.
const REFUSING_SENDERS: usize = 1024;

/// Whole seconds from `opened` to `at` (0 before it, or with no opening).
fn seconds_since(opened: Option<DateTime<Utc>>, at: DateTime<Utc>) -> u64 {
    opened.map_or(0, |o| {
        u64::try_from(at.signed_duration_since(o).num_seconds()).unwrap_or(0)
    })
}

/// A refused request as recorded: whole when it is small, else its command, actor, id and
/// `after`, the table it acts at and the field that raises it to the director (what its
/// refusal's reason reads), its size and its blake3 digest (a terminal cannot grow the chain
/// by 60 KB a refusal).
fn refused_summary(req: &Request) -> serde_json::Value {
    // A walk-in's birth date and contact are the register's, never a tournament chain's.
    if let WireCommand::RegisterWalkIn { player, name, .. } = &req.command {
        return json!({
            "command": req.command.name(), "actor": req.actor, "id": req.id,
            "after": req.after, "player": player, "name": name,
        });
    }
    let bytes = serde_json::to_vec(req).unwrap_or_default();
    if bytes.len() <= 1024 {
        return serde_json::to_value(req).unwrap_or_default();
    }
    let mut summary = json!({
        "command": req.command.name(),
        "actor": req.actor,
        "id": req.id,
        "after": req.after,
        "table": req.command.table(),
        "bytes": bytes.len(),
        "blake3": blake3::hash(&bytes).to_hex().to_string(),
    });
    if let Some(field) = req.command.declaration().raised_by
        && let Ok(whole) = serde_json::to_value(&req.command)
        && let Some(v) = whole.get(field).filter(|v| !v.is_null())
    {
        summary[field] = v.clone();
    }
    summary
}

/// The drafts of `outcomes`' pending requests in appends of at most `limit` bytes each, cut
/// between requests: (first draft, end) of each.
fn chunks(outcomes: &[Outcome], drafts: &[Draft], limit: usize) -> Vec<(usize, usize)> {
    // An envelope's bytes beyond its payload: chain, seq, hashes, time, actor, type, rules.
    const ENVELOPE: usize = 512;
    let size = |d: &Draft| d.payload.get().len() + d.event_type.len() + ENVELOPE;
    let mut out: Vec<(usize, usize)> = Vec::new();
    let mut bytes = 0;
    for o in outcomes {
        let Outcome::Pending { from, to, .. } = *o else {
            continue;
        };
        let request: usize = drafts[from..to].iter().map(size).sum();
        match out.last_mut() {
            Some((_, end)) if *end == from && bytes + request <= limit => {
                *end = to;
                bytes += request;
            }
            _ => {
                out.push((from, to));
                bytes = request;
            }
        }
    }
    out
}

/// TR-26: a ruling that overrides a decision names one the chain holds (seq 1 opens it; the
/// head is `planned`).
fn overrides_held(command: &WireCommand, planned: u64) -> Result<(), ReplyError> {
    if let WireCommand::FloorRuling {
        overrides: Some(seq),
        ..
    } = command
        && !(2..=planned).contains(seq)
    {
        return Err(ReplyError::new(
            ErrorKind::Rejected,
            format!(
                "the ruling overrides seq {seq}, which the chain does not hold: its decisions run from 2 to {planned} (TR-26)"
            ),
        )
        .with_rules(&[floorbook_rules::Rule::Tr26]));
    }
    Ok(())
}

/// Whether `command` is decided at the moment of intake (an imported or simulated one may
/// give its own time); the others at the latest time so far. The engine refuses a time earlier
/// than the latest.
fn decided_at_intake(command: &Command, t: &Tournament) -> bool {
    matches!(
        command,
        Command::StartHand { .. }
            | Command::ChipRace { .. }
            | Command::Sanction { .. }
            | Command::CallClock { .. }
            | Command::CheckClock { .. }
            | Command::RemoveNoShow { .. }
            | Command::Clock { .. }
            | Command::EditLevels { .. }
            | Command::SetBreak { .. }
            // Issue 39: entries and the players out follow the level the clock shows.
            | Command::Reenter { .. }
            | Command::Rebuy { .. }
            | Command::AddOn { .. }
            | Command::Surrender { .. }
            | Command::BustPlayer { .. }
    ) || (matches!(command, Command::Start { .. }) && t.readings().level_clock_from_start)
        || (matches!(command, Command::Register { .. }) && t.started)
}

/// TR-19: a clock checked before it runs out (or where none runs) is answered with the
/// clock's state, and nothing is written.
fn clock_check(t: &Tournament, command: &Command, at: u64) -> Result<(), ReplyError> {
    let Command::CheckClock { table } = command else {
        return Ok(());
    };
    let clock = t
        .tables
        .iter()
        .find(|ts| ts.table.no == *table)
        .and_then(|ts| ts.clock);
    let (why, reason) = match clock {
        None => (
            format!("TR-19: no clock runs at table {}", table.0),
            serde_json::json!({"code": "no_clock_runs", "args": {"table": table.0}}),
        ),
        Some((player, expires)) if at < expires => (
            format!(
                "TR-19: the clock on player {} at table {} runs until {expires} s; it is {at} s, {} s left",
                player.0,
                table.0,
                expires - at
            ),
            serde_json::json!({"code": "clock_runs", "args": {"player": player.0, "table": table.0, "left": expires - at}}),
        ),
        Some(_) => return Ok(()),
    };
    Err(ReplyError::new(ErrorKind::Rejected, why)
        .with_rules(&[floorbook_rules::Rule::Tr19])
        .with_reason(&reason))
}

/// What makes a request the same one again: its channel and its body as read.
fn digest(inc: &Incoming) -> blake3::Hash {
    let mut h = blake3::Hasher::new();
    h.update(inc.channel.token().as_bytes());
    h.update(b"\n");
    h.update(&serde_json::to_vec(&inc.request).unwrap_or_default());
    h.finalize()
}

/// The refusal of a request id given to another request before: its command and channel when
/// known.
fn reused(id: &str, command: Option<&str>, channel: Option<&str>) -> ReplyError {
    let first = match (command, channel) {
        (Some(c), Some(ch)) => format!("a {c} on the {ch} channel"),
        (Some(c), None) => format!("a {c}"),
        _ => "another request".to_string(),
    };
    ReplyError::new(
        ErrorKind::IdReused,
        format!(
            "request id {id:?} was given to {first} before, with another body or channel: nothing was decided; a new request needs a new id, and a repeat of the first gets its first reply"
        ),
    )
}

/// How a hand stands, in words: who is to act, or what it waits for.
fn hand_stands(
    actor: Option<floorbook_hand::Pos>,
    phase: floorbook_hand::Phase,
    name: impl Fn(floorbook_hand::Pos) -> Option<String>,
) -> String {
    match actor {
        Some(p) => format!(
            "{} (position {}) is to act",
            name(p).unwrap_or_else(|| format!("the player at position {}", p.0)),
            p.0
        ),
        None => match phase {
            floorbook_hand::Phase::HoleDealing => "the hole cards are being dealt".to_string(),
            floorbook_hand::Phase::BoardDealing => "the board is to be dealt".to_string(),
            floorbook_hand::Phase::Showdown => "the showdown is on".to_string(),
            floorbook_hand::Phase::Betting | floorbook_hand::Phase::Settled => {
                "the hand is over".to_string()
            }
        },
    }
}
