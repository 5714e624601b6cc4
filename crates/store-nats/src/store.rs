//! `NatsStore`: the `EventStore` over one JetStream stream.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use async_nats::HeaderMap;
use async_nats::jetstream::consumer::DeliverPolicy;
use async_nats::jetstream::consumer::pull::OrderedConfig;
use async_nats::jetstream::context::{GetStreamErrorKind, PublishErrorKind};
use async_nats::jetstream::stream::{
    Config, DirectGetErrorKind, LastRawMessageErrorKind, StorageType, Stream,
};
use async_nats::jetstream::{self, Context};
use floorbook_log::{
    AppendOutcome, ChainId, Checkpoint, Conflict, EventStore, EventStream, Head, KEPT_ANSWERS,
    SealedEvent, Seq, StoreError, StoredEvent,
};
use futures_util::StreamExt;
use serde::Deserialize;

use crate::codec;

/// Where and how the store keeps its streams.
#[derive(Debug, Clone)]
pub struct NatsOptions {
    /// The chain stream's name; checkpoints go to `<name>_CHECKPOINTS`.
    pub stream: String,
    /// Subject prefix; a chain's subject is `<prefix>.chain.<chain-id>`.
    pub subject_prefix: String,
    /// Stream replicas: 1 on a single node, 3 on the three-node cluster.
    pub replicas: usize,
    /// How long one publish waits for its ack before it is retried.
    pub ack_timeout: Duration,
    /// How long an append keeps retrying through a server outage before it gives up.
    pub append_deadline: Duration,
    /// The NATS user to log in as, when not in the URL (read from a credentials file, so that
    /// no password sits on a command line).
    pub credentials: Option<Credentials>,
}

/// A NATS user and its password.
#[derive(Clone, PartialEq, Eq, Deserialize)]
pub struct Credentials {
    pub user: String,
    pub password: String,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials")
            .field("user", &self.user)
            .field("password", &"…")
            .finish()
    }
}

impl Default for NatsOptions {
    fn default() -> Self {
        NatsOptions {
            stream: "FLOORBOOK".into(),
            subject_prefix: "floorbook".into(),
            replicas: 1,
            ack_timeout: Duration::from_secs(2),
            append_deadline: Duration::from_secs(60),
            credentials: None,
        }
    }
}

/// The JetStream event store. Cheap to clone.
#[derive(Debug, Clone)]
pub struct NatsStore {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    client: async_nats::Client,
    js: Context,
    stream: Stream,
    checkpoints: Stream,
    /// The writers' answers to requests with ids (`<name>_ANSWERS`), opened when first used:
    /// only the service may, and readers (the auditor) never need it.
    answers: tokio::sync::OnceCell<Stream>,
    /// The transparency log's record (`<name>_TLOG`), opened when first used.
    record: tokio::sync::OnceCell<Stream>,
    opts: NatsOptions,
    chains: Mutex<HashMap<ChainId, Arc<tokio::sync::Mutex<ChainState>>>>,
    /// Until when reads skip consumers and use direct gets (a consumer failed: in a cluster
    /// that lost a node, new consumers may be placed on the dead node for a while).
    direct_until: Mutex<Option<Instant>>,
}

/// Messages read by direct gets rather than through a consumer at most.
const SHORT_TAIL: u64 = 8;

/// How often a Floorbook client pings its NATS server. Two pings unanswered and the client
/// takes its connection for dead and moves to another node: a server cut off by a partition
/// or frozen is left within seconds (the library's default interval is a minute, and a
/// frozen server's connection stays open).
pub const PING_INTERVAL: Duration = Duration::from_secs(2);

/// How long reads keep to direct gets after a consumer failed.
const DIRECT_AFTER_FAILURE: Duration = Duration::from_secs(60);

/// How long a reading consumer may stay silent before the read goes on by direct gets.
const CONSUMER_PATIENCE: Duration = Duration::from_secs(3);

/// What this process knows of a chain: its head, the stream sequence of its last message, and
/// where each message starts.
#[derive(Debug, Default)]
struct ChainState {
    known: Option<Known>,
    /// First event sequence of a message → (its stream sequence, its number of events).
    index: BTreeMap<u64, (u64, u64)>,
}

#[derive(Debug, Clone, Copy)]
struct Known {
    head: Option<Head>,
    /// Stream sequence of the chain's last message; 0 when the chain is empty.
    last_message: u64,
}

fn backend(
    what: impl Into<String>,
    e: impl std::error::Error + Send + Sync + 'static,
) -> StoreError {
    StoreError::backend(what, e)
}

/// A cluster's servers, comma-separated, and the user a `user:password@` in any of them logs
/// in as.
pub fn server_addrs(
    urls: &str,
) -> Result<(Vec<async_nats::ServerAddr>, Option<Credentials>), std::io::Error> {
    let addrs: Vec<async_nats::ServerAddr> = urls
        .split(',')
        .map(str::trim)
        .filter(|u| !u.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()?;
    let user = addrs
        .iter()
        .find_map(|a| a.username().zip(a.password()))
        .map(|(user, password)| Credentials {
            user: user.to_string(),
            password: password.to_string(),
        });
    Ok((addrs, user))
}

/// `url` with its password left out, for messages.
/// `urls` (comma-separated) with any password replaced by `***`, for messages and logs.
pub fn redacted(urls: &str) -> String {
    urls.split(',')
        .map(|url| match url.trim().parse::<async_nats::ServerAddr>() {
            Ok(a) if a.password().is_some() => format!(
                "nats://{}:***@{}:{}",
                a.username().unwrap_or_default(),
                a.host(),
                a.port()
            ),
            _ => url.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

impl NatsStore {
    /// Connects and makes sure both streams exist (creating them with deny-delete and
    /// deny-purge if they do not).
    ///
    /// A `user:password@` in `url` logs in as that user, whose replies come to its own inbox
    /// prefix `_INBOX.<user>` (the users file lets each user read only its own).
    pub async fn connect(url: &str, opts: NatsOptions) -> Result<NatsStore, StoreError> {
        let mut options = async_nats::ConnectOptions::new()
            .connection_timeout(Duration::from_secs(5))
            .ping_interval(PING_INTERVAL)
            .name("floorbook")
            // A request the server refuses (a permission the user lacks) is otherwise only
            // a timeout seconds later: say which subject was refused, at once.
            .event_callback(|event| async move {
                if let async_nats::Event::ServerError(e) = event {
                    tracing::warn!("the NATS server refused: {e}");
                }
            });
        let (addrs, in_url) = server_addrs(url)
            .map_err(|e| backend(format!("reading the NATS URL {}", redacted(url)), e))?;
        if let Some(Credentials { user, password }) = opts.credentials.clone().or(in_url) {
            options = options
                .custom_inbox_prefix(format!("_INBOX.{user}"))
                .user_and_password(user, password);
        }
        let client = options
            .connect(addrs)
            .await
            .map_err(|e| backend(format!("connecting to NATS at {}", redacted(url)), e))?;
        NatsStore::with_client(client, opts).await
    }

    /// Forgets what this process cached about `chain` (its head, its index of messages): a
    /// service lets an idle chain go. Read again when next used.
    pub fn forget(&self, chain: &ChainId) {
        lock(&self.inner.chains).remove(chain);
    }

    /// The most bytes one append may carry: the server's `max_payload`, less room for the
    /// message's headers.
    pub fn max_append_bytes(&self) -> usize {
        self.inner.client.max_payload().saturating_sub(4096)
    }

    /// Uses an existing connection.
    pub async fn with_client(
        client: async_nats::Client,
        opts: NatsOptions,
    ) -> Result<NatsStore, StoreError> {
        let js = jetstream::context::ContextBuilder::new()
            .ack_timeout(opts.ack_timeout)
            .build(client.clone());
        let config = |name: String, subject: String| stream_config(&opts, name, subject);
        let stream = get_or_create(
            &js,
            config(
                opts.stream.clone(),
                format!("{}.chain.*", opts.subject_prefix),
            ),
        )
        .await?;
        let checkpoints = get_or_create(
            &js,
            config(
                format!("{}_CHECKPOINTS", opts.stream),
                format!("{}.checkpoint.*", opts.subject_prefix),
            ),
        )
        .await?;
        Ok(NatsStore {
            inner: Arc::new(Inner {
                client,
                js,
                stream,
                checkpoints,
                answers: tokio::sync::OnceCell::new(),
                record: tokio::sync::OnceCell::new(),
                opts,
                chains: Mutex::new(HashMap::new()),
                direct_until: Mutex::new(None),
            }),
        })
    }

    /// The NATS client, for tools that publish or inspect directly.
    pub fn client(&self) -> &async_nats::Client {
        &self.inner.client
    }

    /// The subject that holds `chain`.
    pub fn subject(&self, chain: &ChainId) -> String {
        format!("{}.chain.{chain}", self.inner.opts.subject_prefix)
    }

    fn state(&self, chain: &ChainId) -> Arc<tokio::sync::Mutex<ChainState>> {
        lock(&self.inner.chains)
            .entry(chain.clone())
            .or_default()
            .clone()
    }

    /// Asks the server for the chain's last message.
    async fn fetch_known(&self, chain: &ChainId) -> Result<Known, StoreError> {
        let subject = self.subject(chain);
        let message = match self
            .inner
            .stream
            .get_last_raw_message_by_subject(&subject)
            .await
        {
            Ok(m) => m,
            Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => {
                return Ok(Known {
                    head: None,
                    last_message: 0,
                });
            }
            Err(e) => return Err(backend(format!("reading the head of {subject}"), e)),
        };
        // The envelope of the last event says its sequence.
        let events =
            codec::decode(&message.payload, Seq(0)).map_err(|(_, reason)| StoreError::Corrupt {
                chain: chain.clone(),
                seq: Seq(0),
                reason: format!(
                    "the last message (stream sequence {}) is not a Floorbook append: {reason}",
                    message.sequence
                ),
            })?;
        let last = events.last().ok_or(StoreError::Empty)?;
        let seq = envelope_seq(&last.bytes).ok_or_else(|| StoreError::Corrupt {
            chain: chain.clone(),
            seq: Seq(0),
            reason: "the last event's envelope is unreadable".into(),
        })?;
        Ok(Known {
            head: Some(Head {
                seq: Seq(seq),
                hash: last.hash,
            }),
            last_message: message.sequence,
        })
    }

    /// Publishes one append, retrying through timeouts and outages with the same
    /// `Nats-Msg-Id` until the deadline.
    async fn publish_append(
        &self,
        chain: &ChainId,
        last_message: u64,
        events: &[SealedEvent],
    ) -> Result<Result<u64, PublishErrorKind>, StoreError> {
        let (Some(first), Some(last)) = (events.first(), events.last()) else {
            return Err(StoreError::Empty);
        };
        let payload = codec::encode(events).ok_or_else(|| StoreError::Corrupt {
            chain: chain.clone(),
            seq: first.seq,
            reason: format!(
                "an event must be 1 to {} bytes",
                floorbook_log::MAX_EVENT_BYTES
            ),
        })?;
        // The server refuses a message over its max_payload every time: say so at once
        // instead of retrying to the deadline.
        let limit = self.max_append_bytes();
        if payload.len() > limit {
            return Err(StoreError::TooLarge {
                bytes: payload.len(),
                limit,
            });
        }
        let payload = bytes::Bytes::from(payload);
        let mut headers = HeaderMap::new();
        headers.insert("Nats-Msg-Id", last.hash.to_hex().as_str());
        headers.insert(
            "Nats-Expected-Last-Subject-Sequence",
            last_message.to_string().as_str(),
        );
        headers.insert("Floorbook-Seq", first.seq.to_string().as_str());
        headers.insert("Floorbook-Count", events.len().to_string().as_str());
        let subject = self.subject(chain);
        self.publish_expecting(&subject, headers, payload).await
    }

    /// Publishes `payload` with `headers` (a message id and an expected sequence) until the
    /// server acknowledges it (its stream sequence) or refuses it for the expected sequence;
    /// anything else (timed out, no responders from a restarting server, a broken pipe) is
    /// tried again up to the append deadline. Trying again is safe: the message may have been
    /// stored, and then the server drops the duplicate by its id, or the expected sequence no
    /// longer matches and the caller reloads.
    async fn publish_expecting(
        &self,
        subject: &str,
        headers: HeaderMap,
        payload: bytes::Bytes,
    ) -> Result<Result<u64, PublishErrorKind>, StoreError> {
        let deadline = Instant::now() + self.inner.opts.append_deadline;
        let mut pause = Duration::from_millis(50);
        loop {
            let attempt = async {
                let ack = self
                    .inner
                    .js
                    .publish_with_headers(subject.to_string(), headers.clone(), payload.clone())
                    .await?;
                ack.await
            };
            match attempt.await {
                Ok(ack) => return Ok(Ok(ack.sequence)),
                Err(e)
                    if e.kind() == PublishErrorKind::WrongLastSequence
                        || wrong_last_sequence(&e) =>
                {
                    return Ok(Err(PublishErrorKind::WrongLastSequence));
                }
                Err(e) => {
                    if Instant::now() >= deadline {
                        return Err(backend(
                            format!("appending to {subject}: no acknowledgement in time"),
                            e,
                        ));
                    }
                    tokio::time::sleep(pause).await;
                    pause = (pause * 2).min(Duration::from_secs(1));
                }
            }
        }
    }

    /// Walks the chain's messages from stream sequence `start` (the message whose first event
    /// is `first`), numbering events by position, until `stop` says so or the chain's last
    /// message (as of the call) has been read.
    async fn scan(
        &self,
        chain: &ChainId,
        start: u64,
        first: Seq,
        mut stop: impl FnMut(&StoredEvent) -> bool,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let state = self.state(chain);
        let known = self.fetch_known_or_empty(chain).await?;
        if known.last_message == 0 || start > known.last_message {
            return Ok(Vec::new());
        }
        let subject = self.subject(chain);
        // Where a consumer fails (a cluster that lost the node its consumer was placed on),
        // reading goes on message by message with direct gets, which any replica answers.
        let mut walk = Walk {
            chain,
            next: first,
            from: start.max(1),
            last: known.last_message,
            done: false,
            out: Vec::new(),
            index: Vec::new(),
        };
        // A short tail (a follower catching up with the last appends) is a few direct gets; a
        // consumer's creation and deletion would cost more than the messages.
        let use_consumer = walk.last - walk.from >= SHORT_TAIL
            && lock(&self.inner.direct_until).is_none_or(|t| Instant::now() >= t);
        let consumer = if use_consumer {
            let made = ordered_messages(
                &self.inner.stream,
                self.inner.client.max_payload(),
                &subject,
                Some(walk.from),
                "reading",
            );
            tokio::time::timeout(CONSUMER_PATIENCE, made)
                .await
                .ok()
                .and_then(Result::ok)
        } else {
            None
        };
        let failed =
            || *lock(&self.inner.direct_until) = Some(Instant::now() + DIRECT_AFTER_FAILURE);
        if use_consumer && consumer.is_none() {
            failed();
        }
        if let Some(mut messages) = consumer {
            while !walk.done {
                // A consumer that falls silent (its node busy, or resetting itself after missed
                // heartbeats: half a minute in a loaded cluster) is given up for direct gets.
                let next = tokio::time::timeout(CONSUMER_PATIENCE, messages.next()).await;
                let Ok(next) = next else {
                    failed();
                    break;
                };
                let Some(message) = next else {
                    break;
                };
                let Ok(message) = message else {
                    failed();
                    break;
                };
                let Ok(info) = message.info() else { break };
                walk.take(info.stream_sequence, &message.payload, &mut stop)?;
            }
        }
        while !walk.done && walk.from <= walk.last {
            let message = self
                .inner
                .stream
                .direct_get_next_for_subject(subject.as_str(), Some(walk.from))
                .await
                .map_err(|e| backend(format!("reading {subject}"), e))?;
            walk.take(message.sequence, &message.payload, &mut stop)?;
        }
        let mut state = state.lock().await;
        for (first_of_message, at) in walk.index {
            state.index.insert(first_of_message, at);
        }
        let out = walk.out;
        Ok(out)
    }

    async fn fetch_known_or_empty(&self, chain: &ChainId) -> Result<Known, StoreError> {
        match self.fetch_known(chain).await {
            // A chain whose last message is not ours still has readable messages before it.
            Err(StoreError::Corrupt { .. }) => {
                let last = self
                    .inner
                    .stream
                    .get_last_raw_message_by_subject(&self.subject(chain))
                    .await
                    .map_err(|e| backend("reading the last message", e))?;
                Ok(Known {
                    head: None,
                    last_message: last.sequence,
                })
            }
            other => other,
        }
    }

    /// The stream sequence and first event of the message that holds `seq`: from what this
    /// process has already read, else by a binary search over the chain's messages (each
    /// message's first event says its sequence in its envelope), else the start of the chain.
    /// A reader of one position of a long chain reads about 20 messages, not the chain.
    async fn locate(&self, chain: &ChainId, seq: Seq, last_message: Option<u64>) -> (u64, Seq) {
        {
            let state = self.state(chain);
            let state = state.lock().await;
            if let Some((&first, &(stream_seq, count))) = state.index.range(..=seq.0).next_back()
                && seq.0 < first + count
            {
                return (stream_seq, Seq(first));
            }
        }
        if seq.0 <= 1 {
            return (1, Seq::FIRST);
        }
        match self.search(chain, seq, last_message).await {
            Some((stream_seq, first, count)) => {
                let state = self.state(chain);
                state
                    .lock()
                    .await
                    .index
                    .insert(first.0, (stream_seq, count));
                (stream_seq, first)
            }
            // Anything unexpected (a message that is not an append, a failed request): reading
            // from the start is slower and always right.
            None => (1, Seq::FIRST),
        }
    }

    /// The message holding `seq`, by binary search over stream sequences with direct gets:
    /// (stream sequence, first event, events in it). `last_message`: the chain's last stream
    /// sequence, when the caller has just read it.
    async fn search(
        &self,
        chain: &ChainId,
        seq: Seq,
        last_message: Option<u64>,
    ) -> Option<(u64, Seq, u64)> {
        let last = match last_message {
            Some(l) => l,
            None => self.fetch_known(chain).await.ok()?.last_message,
        };
        let subject = self.subject(chain);
        let (mut lo, mut hi) = (1u64, last);
        while lo <= hi {
            let mid = lo + (hi - lo) / 2;
            let message = self
                .inner
                .stream
                .direct_get_next_for_subject(subject.as_str(), Some(mid))
                .await
                .ok()?;
            if message.sequence > hi {
                // None of the chain's messages lies in mid..=hi.
                hi = mid.checked_sub(1)?;
                continue;
            }
            let events = codec::decode(&message.payload, Seq(0)).ok()?;
            let first = envelope_seq(&events.first()?.bytes)?;
            let count = events.len() as u64;
            if seq.0 < first {
                hi = mid.checked_sub(1)?;
            } else if seq.0 < first + count {
                return Some((message.sequence, Seq(first), count));
            } else {
                lo = message.sequence + 1;
            }
        }
        None
    }

    /// Publishes a signed checkpoint to the checkpoint stream and waits for its ack.
    async fn publish_checkpoint_inner(&self, checkpoint: &Checkpoint) -> Result<(), StoreError> {
        let subject = format!(
            "{}.checkpoint.{}",
            self.inner.opts.subject_prefix, checkpoint.chain
        );
        let payload =
            serde_json::to_vec(checkpoint).map_err(|e| backend("encoding a checkpoint", e))?;
        self.publish_all(&subject, vec![payload.into()]).await
    }

    /// Publishes `payloads` to `subject` at once and waits for every ack. A message nobody
    /// answered (no responders: a stream another instance has just created may not be
    /// listening yet) was not stored, so it is sent again, after the others, until the
    /// append deadline; any other refusal is an error, since a message that timed out may
    /// have been stored and must not be kept twice.
    async fn publish_all(
        &self,
        subject: &str,
        mut payloads: Vec<bytes::Bytes>,
    ) -> Result<(), StoreError> {
        let deadline = Instant::now() + self.inner.opts.append_deadline;
        let what = || format!("publishing to {subject}");
        loop {
            let mut acks = Vec::with_capacity(payloads.len());
            for p in &payloads {
                acks.push(
                    self.inner
                        .js
                        .publish(subject.to_string(), p.clone())
                        .await
                        .map_err(|e| backend(what(), e))?,
                );
            }
            let mut unheard = Vec::new();
            let mut refused = None;
            for (ack, p) in acks.into_iter().zip(payloads) {
                match ack.await {
                    Ok(_) => {}
                    Err(e) if e.kind() == PublishErrorKind::StreamNotFound => {
                        unheard.push(p);
                        refused = Some(e);
                    }
                    Err(e) => return Err(backend(what(), e)),
                }
            }
            let Some(e) = refused else {
                return Ok(());
            };
            if Instant::now() >= deadline {
                return Err(backend(format!("{}: no stream answered", what()), e));
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            payloads = unheard;
        }
    }

    /// Every checkpoint published for `chain`, oldest first.
    async fn checkpoints_inner(&self, chain: &ChainId) -> Result<Vec<Checkpoint>, StoreError> {
        let subject = format!("{}.checkpoint.{chain}", self.inner.opts.subject_prefix);
        payloads(
            &self.inner.checkpoints,
            self.inner.client.max_payload(),
            &subject,
        )
        .await?
        .iter()
        .map(|p| {
            serde_json::from_slice(p).map_err(|e| backend(format!("a checkpoint in {subject}"), e))
        })
        .collect()
    }
}

/// The stream `config` names, created when missing. Two instances creating it at the same
/// moment: the one that lost is refused (the server says the name is in use, or that the
/// subjects overlap an existing stream, by its version) and looks up the stream the other made.
async fn get_or_create(js: &Context, config: Config) -> Result<Stream, StoreError> {
    let name = config.name.clone();
    match js.get_or_create_stream(config).await {
        Ok(s) => Ok(s),
        Err(e) => js
            .get_stream(&name)
            .await
            .map_err(|_| backend(format!("opening stream {name}"), e)),
    }
}

impl NatsStore {
    /// The answers stream, created when missing: one subject a chain, its latest
    /// [`KEPT_ANSWERS`] messages kept. Nobody may delete or purge it.
    async fn answers_stream(&self) -> Result<&Stream, StoreError> {
        let opts = &self.inner.opts;
        let name = format!("{}_ANSWERS", opts.stream);
        self.inner
            .answers
            .get_or_try_init(|| {
                get_or_create(
                    &self.inner.js,
                    Config {
                        max_messages_per_subject: KEPT_ANSWERS as i64,
                        ..stream_config(opts, name, format!("{}.answer.*", opts.subject_prefix))
                    },
                )
            })
            .await
    }

    /// The log's record stream: created by the first keeper that appends (`create`), only
    /// looked up by readers (None while no keeper has written).
    async fn record_stream(&self, create: bool) -> Result<Option<&Stream>, StoreError> {
        let opts = &self.inner.opts;
        let name = format!("{}_TLOG", opts.stream);
        if let Some(s) = self.inner.record.get() {
            return Ok(Some(s));
        }
        let found = if create {
            get_or_create(
                &self.inner.js,
                stream_config(opts, name.clone(), format!("{}.tlog", opts.subject_prefix)),
            )
            .await?
        } else {
            match self.inner.js.get_stream(&name).await {
                Ok(s) => s,
                Err(e)
                    if matches!(e.kind(), GetStreamErrorKind::JetStream(j)
                        if j.error_code() == async_nats::jetstream::ErrorCode::STREAM_NOT_FOUND) =>
                {
                    return Ok(None);
                }
                Err(e) => return Err(backend(format!("opening stream {name}"), e)),
            }
        };
        Ok(Some(
            self.inner.record.get_or_init(|| async { found }).await,
        ))
    }

    /// Batch `n` of the record (counted from 1; its stream sequence), None past the end.
    async fn record_batch(&self, stream: &Stream, n: u64) -> Result<Option<Vec<u8>>, StoreError> {
        match stream.direct_get(n).await {
            Ok(m) => Ok(Some(m.payload.to_vec())),
            Err(e) if e.kind() == DirectGetErrorKind::NotFound => Ok(None),
            Err(e) => Err(backend(format!("reading batch {n} of the log's record"), e)),
        }
    }

    async fn append_log_batch_inner(&self, after: u64, batch: Vec<u8>) -> Result<bool, StoreError> {
        let stream = self.record_stream(true).await?.ok_or_else(|| {
            backend(
                "opening the log's record",
                StoreErrorText("not created".into()),
            )
        })?;
        let subject = format!("{}.tlog", self.inner.opts.subject_prefix);
        let mut id = blake3::Hasher::new();
        id.update(&after.to_be_bytes());
        id.update(&batch);
        let mut headers = HeaderMap::new();
        headers.insert("Nats-Msg-Id", id.finalize().to_hex().as_str());
        // Stream sequence k holds batch k: the record takes a batch only after the last one
        // its keeper knew.
        headers.insert("Nats-Expected-Last-Sequence", after.to_string().as_str());
        let payload = bytes::Bytes::from(batch);
        match self
            .publish_expecting(&subject, headers, payload.clone())
            .await?
        {
            Ok(sequence) => Ok(sequence == after + 1),
            // Late, unless an earlier try of this very batch was stored.
            Err(_) => Ok(self
                .record_batch(stream, after + 1)
                .await?
                .is_some_and(|b| b == payload)),
        }
    }

    async fn log_batches_inner(
        &self,
        after: u64,
        limit: usize,
    ) -> Result<Vec<Vec<u8>>, StoreError> {
        let Some(stream) = self.record_stream(false).await? else {
            return Ok(Vec::new());
        };
        let mut out = Vec::new();
        for n in (after + 1)..=(after.saturating_add(limit as u64)) {
            match self.record_batch(stream, n).await? {
                Some(b) => out.push(b),
                None => break,
            }
        }
        Ok(out)
    }

    /// Publishes each answer as one message and waits for every ack.
    async fn keep_answers_inner(
        &self,
        chain: &ChainId,
        answers: Vec<Vec<u8>>,
    ) -> Result<(), StoreError> {
        if answers.is_empty() {
            return Ok(());
        }
        self.answers_stream().await?;
        let subject = format!("{}.answer.{chain}", self.inner.opts.subject_prefix);
        self.publish_all(
            &subject,
            answers.into_iter().map(bytes::Bytes::from).collect(),
        )
        .await
    }

    /// Every answer kept for `chain`, oldest first.
    async fn answers_inner(&self, chain: &ChainId) -> Result<Vec<Vec<u8>>, StoreError> {
        let stream = self.answers_stream().await?;
        let subject = format!("{}.answer.{chain}", self.inner.opts.subject_prefix);
        Ok(payloads(stream, self.inner.client.max_payload(), &subject)
            .await?
            .into_iter()
            .map(|p| p.to_vec())
            .collect())
    }
}

/// A stream of the store: on disk, replicated as the options say, its messages never deleted
/// or purged through the API, read by direct gets.
fn stream_config(opts: &NatsOptions, name: String, subject: String) -> Config {
    Config {
        name,
        subjects: vec![subject],
        storage: StorageType::File,
        num_replicas: opts.replicas,
        deny_delete: true,
        deny_purge: true,
        allow_rollup: false,
        allow_direct: true,
        duplicate_window: Duration::from_secs(120),
        ..Default::default()
    }
}

/// Every message on `subject` of `stream`, oldest first, up to the last one there when the
/// read began.
async fn payloads(
    stream: &Stream,
    max_payload: usize,
    subject: &str,
) -> Result<Vec<bytes::Bytes>, StoreError> {
    let last = match stream.get_last_raw_message_by_subject(subject).await {
        Ok(m) => m.sequence,
        Err(e) if e.kind() == LastRawMessageErrorKind::NoMessageFound => return Ok(Vec::new()),
        Err(e) => return Err(backend(format!("reading {subject}"), e)),
    };
    let mut messages = ordered_messages(stream, max_payload, subject, None, "reading").await?;
    let mut out = Vec::new();
    while let Some(m) = messages.next().await {
        let m = m.map_err(|e| backend(format!("reading {subject}"), e))?;
        let seq = m
            .info()
            .map_err(|e| backend(format!("reading {subject}"), StoreErrorText(e.to_string())))?
            .stream_sequence;
        out.push(m.payload.clone());
        if seq >= last {
            break;
        }
    }
    Ok(out)
}

/// An error known only by its text (async-nats' message info error is boxed).
#[derive(Debug)]
struct StoreErrorText(String);

impl std::fmt::Display for StoreErrorText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for StoreErrorText {}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl EventStore for NatsStore {
    async fn append(
        &self,
        chain: &ChainId,
        expected: Option<Head>,
        events: Vec<SealedEvent>,
    ) -> Result<AppendOutcome, StoreError> {
        StoreError::check_linked(expected, &events)?;
        let last = events
            .last()
            .map(SealedEvent::head)
            .ok_or(StoreError::Empty)?;
        // One append at a time per chain in this process: the expected subject sequence of an
        // append is the stream sequence the previous one got.
        let state = self.state(chain);
        let mut state = state.lock().await;
        let mut known = match state.known {
            Some(k) if k.head == expected => k,
            _ => self.fetch_known(chain).await?,
        };
        loop {
            if known.head == Some(last) {
                // A retry of an append that already landed.
                state.known = Some(known);
                return Ok(AppendOutcome { head: last });
            }
            if known.head != expected {
                state.known = Some(known);
                return Err(StoreError::Conflict(Conflict {
                    expected,
                    actual: known.head,
                }));
            }
            match self
                .publish_append(chain, known.last_message, &events)
                .await?
            {
                Ok(stream_seq) => {
                    state.index.insert(
                        events.first().map_or(0, |e| e.seq.0),
                        (stream_seq, events.len() as u64),
                    );
                    state.known = Some(Known {
                        head: Some(last),
                        last_message: stream_seq,
                    });
                    return Ok(AppendOutcome { head: last });
                }
                Err(_) => {
                    // Someone appended first (or our earlier attempt landed): look again.
                    known = self.fetch_known(chain).await?;
                }
            }
        }
    }

    async fn head(&self, chain: &ChainId) -> Result<Option<Head>, StoreError> {
        let known = self.fetch_known(chain).await?;
        Ok(known.head)
    }

    async fn read(
        &self,
        chain: &ChainId,
        from: Seq,
        limit: usize,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        if limit == 0 {
            return Ok(Vec::new());
        }
        let from = Seq(from.0.max(1));
        // Past the head there is nothing to read: say so without looking for it (a reader that
        // is caught up asks this on every poll).
        let last_message = match self.fetch_known(chain).await {
            Ok(known) if known.head.is_none_or(|h| from > h.seq) => return Ok(Vec::new()),
            Ok(known) => Some(known.last_message),
            // A last message that is not an append: what comes before it is still read (and
            // the damage reported where the read reaches it).
            Err(StoreError::Corrupt { .. }) => None,
            Err(e) => return Err(e),
        };
        let (start, first) = self.locate(chain, from, last_message).await;
        let mut taken = 0usize;
        let events = self
            .scan(chain, start, first, |e| {
                if e.seq >= from {
                    taken += 1;
                }
                taken >= limit
            })
            .await?;
        Ok(events.into_iter().filter(|e| e.seq >= from).collect())
    }

    async fn chains(&self) -> Result<Vec<ChainId>, StoreError> {
        let prefix = format!("{}.chain.", self.inner.opts.subject_prefix);
        let mut subjects = self
            .inner
            .stream
            .info_with_subjects(format!("{prefix}*"))
            .await
            .map_err(|e| backend("listing chains", e))?;
        let mut out = Vec::new();
        while let Some(s) = subjects.next().await {
            let (subject, _) = s.map_err(|e| backend("listing chains", e))?;
            if let Some(id) = subject
                .strip_prefix(&prefix)
                .and_then(|s| ChainId::new(s).ok())
            {
                out.push(id);
            }
        }
        out.sort();
        Ok(out)
    }

    async fn follow(&self, chain: &ChainId, from: Seq) -> Result<EventStream, StoreError> {
        let from = Seq(from.0.max(1));
        // Make sure the index reaches `from` if it exists, so the consumer can start there.
        let _ = self.read(chain, from, 1).await?;
        let (start, first) = self.locate(chain, from, None).await;
        let subject = self.subject(chain);
        let messages = ordered_messages(
            &self.inner.stream,
            self.inner.client.max_payload(),
            &subject,
            Some(start),
            "following",
        )
        .await?;
        let chain = chain.clone();
        let stream = futures_util::stream::unfold(
            (messages, first, std::collections::VecDeque::new(), false),
            move |(mut messages, mut next, mut buffer, failed)| {
                let chain = chain.clone();
                async move {
                    if failed {
                        return None;
                    }
                    loop {
                        if let Some(e) = buffer.pop_front() {
                            return Some((Ok(e), (messages, next, buffer, false)));
                        }
                        let message = match messages.next().await? {
                            Ok(m) => m,
                            Err(e) => {
                                let err = backend("following a chain", e);
                                return Some((Err(err), (messages, next, buffer, true)));
                            }
                        };
                        match codec::decode(&message.payload, next) {
                            Ok(events) => {
                                next = Seq(next.0 + events.len() as u64);
                                buffer.extend(events.into_iter().filter(|e| e.seq >= from));
                            }
                            Err((i, reason)) => {
                                let err = StoreError::Corrupt {
                                    chain: chain.clone(),
                                    seq: Seq(next.0 + i as u64),
                                    reason,
                                };
                                return Some((Err(err), (messages, next, buffer, true)));
                            }
                        }
                    }
                }
            },
        );
        Ok(Box::pin(stream))
    }

    async fn publish_checkpoint(&self, checkpoint: &Checkpoint) -> Result<(), StoreError> {
        self.publish_checkpoint_inner(checkpoint).await
    }

    async fn checkpoints(&self, chain: &ChainId) -> Result<Vec<Checkpoint>, StoreError> {
        self.checkpoints_inner(chain).await
    }

    async fn keep_answers(&self, chain: &ChainId, answers: Vec<Vec<u8>>) -> Result<(), StoreError> {
        self.keep_answers_inner(chain, answers).await
    }

    async fn answers(&self, chain: &ChainId) -> Result<Vec<Vec<u8>>, StoreError> {
        self.answers_inner(chain).await
    }

    async fn append_log_batch(&self, after: u64, batch: Vec<u8>) -> Result<bool, StoreError> {
        self.append_log_batch_inner(after, batch).await
    }

    async fn log_batches(&self, after: u64, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        self.log_batches_inner(after, limit).await
    }
}

/// The sequence an event's envelope gives it.
fn envelope_seq(bytes: &[u8]) -> Option<u64> {
    #[derive(Deserialize)]
    struct SeqOnly {
        seq: u64,
    }
    serde_json::from_slice::<SeqOnly>(bytes).ok().map(|e| e.seq)
}

/// A read in progress over a chain's messages: where it is and what it has.
struct Walk<'a> {
    chain: &'a ChainId,
    /// The sequence of the next event.
    next: Seq,
    /// The next stream sequence to read from.
    from: u64,
    /// The chain's last message when the read began.
    last: u64,
    done: bool,
    out: Vec<StoredEvent>,
    /// Where each message read starts: (first event, (stream sequence, events)).
    index: Vec<(u64, (u64, u64))>,
}

impl Walk<'_> {
    /// Takes the message at `stream_seq`, until `stop` says so or the last message is read.
    fn take(
        &mut self,
        stream_seq: u64,
        payload: &[u8],
        stop: &mut impl FnMut(&StoredEvent) -> bool,
    ) -> Result<(), StoreError> {
        // A message read already: an ordered consumer that resets itself (heartbeats missed
        // on a busy cluster) may deliver again from where it was created. Taking it twice
        // would number its events again and show a fork the log does not hold.
        if stream_seq < self.from {
            return Ok(());
        }
        let events =
            codec::decode(payload, self.next).map_err(|(i, reason)| StoreError::Corrupt {
                chain: self.chain.clone(),
                seq: Seq(self.next.0 + i as u64),
                reason: format!("message at stream sequence {stream_seq}: {reason}"),
            })?;
        let count = events.len() as u64;
        self.index.push((self.next.0, (stream_seq, count)));
        self.next = Seq(self.next.0 + count);
        self.from = stream_seq + 1;
        self.done = stream_seq >= self.last;
        for e in events {
            let stop_now = stop(&e);
            self.out.push(e);
            if stop_now {
                self.done = true;
                break;
            }
        }
        Ok(())
    }
}

/// What one pull of an ordered consumer may bring at most: the server holds what the client has
/// not read yet, and closes a connection holding more than 64 MB as a slow consumer. A pull of
/// the client's default 500 messages of 200 KB appends did exactly that on a long chain.
const PULL_BYTES: usize = 24 << 20;

/// The messages of an ordered consumer on `subject`, from stream sequence `start` (or the
/// first); `doing` names the work in errors. A pull asks for as many messages as fit
/// [`PULL_BYTES`] when each is as large as the server allows (`max_payload`).
async fn ordered_messages(
    stream: &Stream,
    max_payload: usize,
    subject: &str,
    start: Option<u64>,
    doing: &str,
) -> Result<async_nats::jetstream::consumer::pull::Ordered, StoreError> {
    let max_batch = (PULL_BYTES / max_payload.max(1)).clamp(8, 500);
    let deliver_policy = start.map_or(DeliverPolicy::All, |s| DeliverPolicy::ByStartSequence {
        start_sequence: s,
    });
    let consumer = stream
        .create_consumer(OrderedConfig {
            filter_subject: subject.to_string(),
            deliver_policy,
            max_batch: max_batch as i64,
            ..Default::default()
        })
        .await
        .map_err(|e| backend(format!("{doing} {subject}"), e))?;
    consumer
        .messages()
        .await
        .map_err(|e| backend(format!("{doing} {subject}"), e))
}

/// Whether `e` is the server refusing a write because the subject moved on meanwhile ("wrong
/// last sequence", both of its error codes: async-nats 0.51 knows only the older one, 10071, and
/// files 10164, which current servers send, as some other failure).
pub fn wrong_last_sequence(e: &(dyn std::error::Error + 'static)) -> bool {
    use async_nats::jetstream::ErrorCode;
    let mut at = Some(e);
    while let Some(e) = at {
        if let Some(js) = e.downcast_ref::<async_nats::jetstream::Error>()
            && matches!(
                js.error_code(),
                ErrorCode::STREAM_WRONG_LAST_SEQUENCE
                    | ErrorCode::STREAM_WRONG_LAST_SEQUENCE_CONSTANT
            )
        {
            return true;
        }
        at = e.source();
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use async_nats::jetstream::context::PublishError;
    use floorbook_log::EventHash;

    /// One message of `n` events with the given first byte each.
    fn message(tag: u8, n: usize) -> Vec<u8> {
        let events: Vec<SealedEvent> = (0..n)
            .map(|i| SealedEvent {
                seq: Seq(1 + i as u64),
                prev: EventHash([0; 32]),
                hash: EventHash([tag; 32]),
                bytes: vec![tag, i as u8],
            })
            .collect();
        codec::encode(&events).expect("frames")
    }

    /// An ordered consumer that resets itself may deliver again from where it was created: the
    /// walk takes each stream message once, so the events keep their numbers and no fork shows.
    #[test]
    fn a_message_delivered_again_is_taken_once() {
        let chain = ChainId::new("walk").expect("chain");
        let mut walk = Walk {
            chain: &chain,
            next: Seq::FIRST,
            from: 1,
            last: 3,
            done: false,
            out: Vec::new(),
            index: Vec::new(),
        };
        let mut go_on = |_: &StoredEvent| false;
        walk.take(1, &message(1, 2), &mut go_on).expect("first");
        walk.take(2, &message(2, 3), &mut go_on).expect("second");
        // The consumer reset: messages 1 and 2 again, then the third.
        walk.take(1, &message(1, 2), &mut go_on).expect("again");
        walk.take(2, &message(2, 3), &mut go_on).expect("again");
        walk.take(3, &message(3, 1), &mut go_on).expect("third");
        let seqs: Vec<u64> = walk.out.iter().map(|e| e.seq.0).collect();
        assert_eq!(seqs, vec![1, 2, 3, 4, 5, 6]);
        let tags: Vec<u8> = walk.out.iter().map(|e| e.bytes[0]).collect();
        assert_eq!(tags, vec![1, 1, 2, 2, 2, 3]);
        assert!(walk.done);
    }

    fn refused(code: u64) -> async_nats::jetstream::Error {
        serde_json::from_value(serde_json::json!({
            "code": 400,
            "err_code": code,
            "description": "wrong last sequence"
        }))
        .expect("a JetStream error")
    }

    /// A write that lost to another writer (a lease taken or renewed, an append), as a current
    /// server refuses it (10164) and as an older one does (10071), is told apart from a
    /// failing store.
    #[test]
    fn a_lost_race_is_told_from_a_failure() {
        for code in [10164, 10071] {
            let publish = PublishError::with_source(PublishErrorKind::Other, refused(code));
            let update = async_nats::jetstream::kv::UpdateError::from(publish);
            assert!(wrong_last_sequence(&update), "{code}: {update}");
            let create = async_nats::jetstream::kv::CreateError::from(update);
            assert!(wrong_last_sequence(&create), "{code}: {create}");
        }
        let other = PublishError::with_source(PublishErrorKind::Other, refused(10077));
        assert!(!wrong_last_sequence(
            &async_nats::jetstream::kv::UpdateError::from(other)
        ));
        assert!(!wrong_last_sequence(&PublishError::new(
            PublishErrorKind::TimedOut
        )));
    }
}
