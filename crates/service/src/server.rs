//! `floorbook serve`: the tokio service on NATS. One task reads the command and query subjects
//! and hands each message to its chain's task; a chain's task holds the chain's lease, decides
//! batches at its desk, replies, and feeds the appended events to the projector thread, which
//! keeps the SQLite projections current.
//!
//! Every instance of the service subscribes to every subject (no queue group): for each chain
//! only the lease holder answers, the others stay silent and try to take the lease over when
//! it lapses. A client that gets no answer in time asks again.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use async_nats::{Client, Message, Subject};
use floorbook_log::{ChainId, EventStore, ServiceKey, StoredEvent};
use floorbook_projections::Projector;
use floorbook_store_nats::{NatsOptions, NatsStore};
use futures_util::StreamExt;
use tokio::sync::mpsc;

use crate::desk::{Desk, Follower, Incoming};
use crate::lease::{Held, LeaseError, Leases};
use crate::subjects::{self, Channel, Query, Target};
use crate::wire::{
    ErrorKind, MAX_REQUEST_BYTES, QueryReply, QueryTable, Reply, ReplyError, Request, WireCommand,
};

/// How the service runs.
#[derive(Debug, Clone)]
pub struct ServeConfig {
    /// This instance's name, recorded in the lease bucket.
    pub instance: String,
    /// The projections database; None keeps no projections.
    pub db: Option<PathBuf>,
    pub store: NatsOptions,
    /// A lease not renewed for this long lapses and another instance takes the chain over.
    pub lease: Duration,
    /// Signs the head every this many events.
    pub checkpoint_every: u64,
    pub key: Option<ServiceKey>,
    /// The most requests one append carries.
    pub max_batch: usize,
    /// A chain nobody has written or asked about for this long is let go: its head signed,
    /// its lease released, its desk and memory freed (it is taken up again when asked).
    pub idle: Duration,
    /// The service's own inbox prefix (`subjects::inbox_prefix` of its NATS user): no request
    /// is answered there.
    pub inbox: String,
    /// The venue's transparency log kept beside the service: a finished hand's receipt goes
    /// with the reply (`floorbook serve --venue`).
    pub receipts: Option<std::sync::Arc<dyn crate::receipts::Receipts>>,
}

impl ServeConfig {
    pub fn new(instance: impl Into<String>) -> ServeConfig {
        ServeConfig {
            instance: instance.into(),
            db: None,
            store: NatsOptions::default(),
            lease: Duration::from_secs(3),
            checkpoint_every: 1000,
            key: None,
            max_batch: 256,
            idle: Duration::from_secs(600),
            inbox: subjects::inbox_prefix(None),
            receipts: None,
        }
    }
}

/// The service could not start or stopped.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    #[error(transparent)]
    Store(#[from] floorbook_log::StoreError),
    #[error(transparent)]
    Lease(#[from] LeaseError),
    #[error("subscribing to {subject}: {source}")]
    Subscribe {
        subject: String,
        #[source]
        source: async_nats::SubscribeError,
    },
    #[error("the projections: {0}")]
    Projections(#[from] floorbook_projections::ProjectionError),
}

/// The chains this instance writes now (the projector sweeps the others).
type Led = std::sync::Arc<std::sync::Mutex<std::collections::HashSet<ChainId>>>;

fn set_led(led: &Led, chain: &ChainId, leading: bool) {
    if let Ok(mut set) = led.lock() {
        if leading {
            set.insert(chain.clone());
        } else {
            set.remove(chain);
        }
    }
}

/// How often the projector catches up the chains other instances write.
const SWEEP_EVERY: Duration = Duration::from_secs(2);

/// What every chain's task shares.
struct Shared {
    client: Client,
    store: NatsStore,
    leases: Leases,
    config: ServeConfig,
    projections: Option<mpsc::UnboundedSender<(ChainId, Vec<StoredEvent>)>>,
    led: Led,
}

/// A message for a chain's task.
enum ToChain {
    Command {
        channel: Channel,
        request: Box<Request>,
        reply: Option<Subject>,
    },
    Query {
        query: Query,
        reply: Subject,
    },
}

/// Whether `work` opens its chain.
fn opens(work: &ToChain) -> bool {
    matches!(work, ToChain::Command { request, .. } if matches!(request.command, WireCommand::Open { .. }))
}

/// Runs until `shutdown` completes; then releases the leases it holds.
pub async fn serve(
    client: Client,
    config: ServeConfig,
    shutdown: impl std::future::Future<Output = ()>,
) -> Result<(), ServeError> {
    let store = NatsStore::with_client(client.clone(), config.store.clone()).await?;
    let js = async_nats::jetstream::new(client.clone());
    let leases = Leases::open(&js, &config.instance, config.lease, config.store.replicas).await?;
    let led: Led = Default::default();
    let projections = match &config.db {
        Some(db) => {
            let mut projector = Projector::open(db)?;
            // The service's own views: cards sealed in the chain are opened for them.
            let reading = floorbook_log::Disclosing::new(
                store.clone(),
                config.key.as_ref().map(floorbook_log::CardSecret::of),
            );
            if let Err(e) = catch_up_all(&mut projector, &reading).await {
                tracing::warn!(instance = %config.instance, error = %e, "catching the projections up failed");
            }
            let tx = spawn_projector(projector, reading);
            tokio::spawn(sweep(tx.clone(), store.clone(), led.clone()));
            Some(tx)
        }
        None => None,
    };
    let subscribe = |subject: String| {
        let client = client.clone();
        async move {
            client
                .subscribe(subject.clone())
                .await
                .map_err(|source| ServeError::Subscribe { subject, source })
        }
    };
    let mut commands = subscribe(format!("{}.>", subjects::COMMANDS)).await?;
    let mut queries = subscribe(format!("{}.>", subjects::QUERIES)).await?;
    let mut chains: HashMap<ChainId, mpsc::Sender<ToChain>> = HashMap::new();
    let mut tasks = tokio::task::JoinSet::new();
    tracing::info!(instance = %config.instance, "serving");
    tokio::pin!(shutdown);
    loop {
        let message = tokio::select! {
            m = commands.next() => m,
            m = queries.next() => m,
            () = &mut shutdown => break,
        };
        let Some(message) = message else { break };
        let Some((chain, work)) = route(&client, message, &config.inbox).await else {
            continue;
        };
        // A chain that does not exist costs nothing: a query or a command other than `open`
        // for it is answered here, with no task and no lease.
        if !chains.contains_key(&chain)
            && !opens(&work)
            && matches!(store.head(&chain).await, Ok(None))
        {
            let r = Reply::error(
                Some(chain.as_str()),
                ReplyError::new(
                    ErrorKind::NoChain,
                    format!("chain {chain} does not exist; the director opens it with `open`"),
                ),
            );
            let reply = match work {
                ToChain::Command { reply, .. } => reply,
                ToChain::Query { reply, .. } => Some(reply),
            };
            respond(&client, reply, &r).await;
            continue;
        }
        // Tasks of chains let go when idle are done: reap them.
        while tasks.try_join_next().is_some() {}
        let mut spawn = |chain: ChainId| {
            let (tx, rx) = mpsc::channel(4096);
            tasks.spawn(chain_task(
                chain,
                rx,
                Shared {
                    client: client.clone(),
                    store: store.clone(),
                    leases: leases.clone(),
                    config: config.clone(),
                    projections: projections.clone(),
                    led: led.clone(),
                },
            ));
            tx
        };
        let sender = chains
            .entry(chain.clone())
            .or_insert_with(|| spawn(chain.clone()));
        // A full queue means the chain's task is far behind: the client will ask again. A
        // closed one, that the chain was let go when idle: take it up again.
        if let Err(mpsc::error::TrySendError::Closed(work)) = sender.try_send(work) {
            let fresh = spawn(chain.clone());
            let _ = fresh.try_send(work);
            chains.insert(chain, fresh);
        }
    }
    drop(chains);
    while tasks.join_next().await.is_some() {}
    let _ = client.flush().await;
    Ok(())
}

async fn respond(client: &Client, reply: Option<Subject>, body: &Reply) {
    if let (Some(to), Ok(bytes)) = (reply, serde_json::to_vec(body)) {
        // A requester that has gone away is not an error of the service.
        let _ = client.publish(to, bytes.into()).await;
    }
}

/// Reads a message far enough to know its chain; answers what is wrong with it otherwise.
async fn route(client: &Client, message: Message, own: &str) -> Option<(ChainId, ToChain)> {
    let reply = message.reply.clone();
    // A reply goes to an inbox, or nowhere: a request naming the chain's stream, the lease
    // bucket or any other subject as its reply would have the service write there.
    if let Some(to) = &reply
        && !subjects::is_reply_inbox(to.as_str(), own)
    {
        tracing::warn!(subject = %message.subject, reply = %to, "a request whose reply subject is not an inbox is dropped");
        return None;
    }
    let fail = |kind, text: String| Reply::error(None, ReplyError::new(kind, text));
    if message.payload.len() > MAX_REQUEST_BYTES {
        let r = fail(
            ErrorKind::TooLarge,
            format!(
                "the request is {} bytes; the service reads at most {MAX_REQUEST_BYTES}",
                message.payload.len()
            ),
        );
        respond(client, reply, &r).await;
        return None;
    }
    match subjects::parse(message.subject.as_str()) {
        None => {
            let r = fail(
                ErrorKind::UnknownSubject,
                format!(
                    "{} is not a Floorbook subject: commands go to floorbook.cmd.<chain>.dealer.<table>, .floor or .director; queries to floorbook.q.<chain>.state, .table.<table> or .head",
                    message.subject
                ),
            );
            respond(client, reply, &r).await;
            None
        }
        Some(Target::Query { chain, query }) => {
            let reply = reply?;
            Some((chain, ToChain::Query { query, reply }))
        }
        Some(Target::Command { chain, channel }) => {
            match crate::wire_words::read_request(&message.payload) {
                Ok(request) => Some((
                    chain,
                    ToChain::Command {
                        channel,
                        request: Box::new(request),
                        reply,
                    },
                )),
                Err(e) => {
                    let r = Reply::error(
                        Some(chain.as_str()),
                        ReplyError::new(ErrorKind::Malformed, e),
                    );
                    respond(client, reply, &r).await;
                    None
                }
            }
        }
    }
}

/// One chain: standby until it holds the lease, then the desk.
///
/// The desk outlives a lost lease: when this instance takes the lease again and the chain's
/// head is still the desk's, it goes on without reading the chain again. A renewal that fails
/// for a moment (a cluster electing a new leader for the lease bucket) keeps the lease until
/// it would have lapsed; the append's expected-sequence check guards the chain meanwhile.
async fn chain_task(chain: ChainId, mut rx: mpsc::Receiver<ToChain>, shared: Shared) {
    let Shared {
        client,
        store,
        leases,
        config,
        projections,
        led,
    } = shared;
    let renew_every = leases.ttl() / 3;
    let mut desk: Option<Desk<NatsStore>> = None;
    // While another instance writes the chain: the chain followed, so that taking it over
    // reads only what was recorded since (a warm standby).
    let mut follower: Option<Follower<NatsStore>> = None;
    // The lease held, and when it was last taken or renewed.
    let mut held: Option<(Held, Instant)> = None;
    let mut last_try: Option<Instant> = None;
    let mut renew = tokio::time::interval(renew_every.min(config.idle));
    renew.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut last_work = Instant::now();
    loop {
        let first = tokio::select! {
            m = rx.recv() => match m {
                Some(m) => {
                    last_work = Instant::now();
                    m
                }
                None => break,
            },
            _ = renew.tick() => {
                if last_work.elapsed() >= config.idle {
                    // A request that raced in now goes unanswered; its client asks again and
                    // the chain is taken up afresh.
                    tracing::info!(instance = leases.instance(), %chain, "idle: letting the chain go");
                    rx.close();
                    break;
                }
                if let Some((h, since)) = held {
                    match leases.renew(&chain, h).await {
                        Ok(Some(h)) => held = Some((h, Instant::now())),
                        Ok(None) => {
                            // The desk stays: taken up again, it goes on if the chain's head is
                            // still its own.
                            tracing::warn!(instance = leases.instance(), %chain, "another instance took the lease");
                            held = None;
                            set_led(&led, &chain, false);
                        }
                        Err(e) if since.elapsed() >= leases.ttl() => {
                            tracing::warn!(instance = leases.instance(), %chain, error = %e, "lost the lease");
                            held = None;
                            set_led(&led, &chain, false);
                        }
                        Err(_) => {}
                    }
                } else if let Some(f) = follower.as_mut()
                    && let Err(e) = f.catch_up().await
                {
                    // The follower stays as it was (a catch-up takes all it read or nothing):
                    // it reads on at the next tick.
                    tracing::warn!(instance = leases.instance(), %chain, error = %e, "cannot follow the chain");
                }
                continue;
            }
        };
        if held.is_none() {
            let due = last_try.is_none_or(|t| t.elapsed() >= leases.ttl() / 4);
            if !due {
                continue;
            }
            last_try = Some(Instant::now());
            match take_over(&chain, &store, &leases, &config, &mut desk, &mut follower).await {
                Some(h) => {
                    held = Some((h, Instant::now()));
                    set_led(&led, &chain, true);
                }
                // Another instance leads this chain, or the store is away: stay silent, and
                // follow the chain.
                None => {
                    if follower.is_none() {
                        let mut f =
                            Follower::new(store.clone(), chain.clone(), config.key.as_ref());
                        match f.catch_up().await {
                            Ok(()) => follower = Some(f),
                            Err(e) => {
                                tracing::warn!(instance = leases.instance(), %chain, error = %e, "cannot follow the chain");
                            }
                        }
                    }
                    continue;
                }
            }
        }
        let Some(d) = desk.as_mut() else {
            continue;
        };
        let mut batch = Vec::new();
        let mut replies = Vec::new();
        let mut next = Some(first);
        while let Some(work) = next.take() {
            match work {
                ToChain::Command {
                    channel,
                    request,
                    reply,
                } => {
                    batch.push(Incoming {
                        channel,
                        request: *request,
                        at: chrono::Utc::now(),
                    });
                    replies.push(reply);
                }
                ToChain::Query { query, reply } => {
                    let body = answer(d, query, leases.instance());
                    let _ = client.publish(reply, body.into()).await;
                }
            }
            if batch.len() < config.max_batch {
                next = rx.try_recv().ok();
            }
        }
        if batch.is_empty() {
            continue;
        }
        let decided = d.decide(batch).await;
        if let Some(p) = &projections
            && !decided.appended.is_empty()
        {
            let secret = config.key.as_ref().map(floorbook_log::CardSecret::of);
            let events = decided
                .appended
                .iter()
                .map(|e| StoredEvent::stored(e.seq, e.hash, e.bytes.clone()))
                .map(|e| match &secret {
                    // The projector reads what the desk decided: sealed cards opened.
                    Some(s) => {
                        floorbook_log::secret::opened_with(s, &chain, e.clone()).unwrap_or(e)
                    }
                    None => e,
                })
                .collect();
            let _ = p.send((chain.clone(), events));
        }
        for (reply, body) in replies.into_iter().zip(&decided.replies) {
            respond(&client, reply, body).await;
        }
        if decided.stale {
            // The desk holds decisions that were not written: read the chain again.
            desk = None;
            set_led(&led, &chain, false);
            if let Some((h, _)) = held.take() {
                leases.release(&chain, h).await;
            }
            last_try = None;
        }
    }
    if let Some((h, _)) = held.take() {
        // A clean shutdown: the head this instance wrote is signed before it lets go.
        if let Some(d) = desk.as_mut()
            && let Err(e) = d.sign_head(chrono::Utc::now()).await
        {
            tracing::warn!(%chain, error = %e, "signing the head at shutdown failed");
        }
        leases.release(&chain, h).await;
    }
    set_led(&led, &chain, false);
    store.forget(&chain);
}

/// Every [`SWEEP_EVERY`], asks the projector to catch up each chain this instance does not
/// write (an empty list of events means "read it from the store").
async fn sweep(tx: mpsc::UnboundedSender<(ChainId, Vec<StoredEvent>)>, store: NatsStore, led: Led) {
    let mut every = tokio::time::interval(SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Ok(chains) = store.chains().await else {
            continue;
        };
        for chain in chains {
            let ours = led.lock().map(|set| set.contains(&chain)).unwrap_or(false);
            if !ours && tx.send((chain, Vec::new())).is_err() {
                return;
            }
        }
    }
}

/// Takes the chain's lease if it is free, and with it the chain: goes on with `desk`, the
/// desk this instance had, if the chain has not moved since; else takes up `follower`'s
/// state, reading only what came after it; else opens the chain from its start.
async fn take_over(
    chain: &ChainId,
    store: &NatsStore,
    leases: &Leases,
    config: &ServeConfig,
    desk: &mut Option<Desk<NatsStore>>,
    follower: &mut Option<Follower<NatsStore>>,
) -> Option<Held> {
    let held = match leases.acquire(chain).await {
        Ok(Some(h)) => h,
        Ok(None) => return None,
        Err(e) => {
            tracing::warn!(instance = leases.instance(), %chain, error = %e, "cannot take the lease");
            return None;
        }
    };
    if let Some(d) = desk.as_ref()
        && let Ok(head) = store.head(chain).await
        && head == d.head()
    {
        *follower = None;
        return Some(held);
    }
    *desk = None;
    let (taken, from) = match follower.take() {
        Some(f) => {
            let from = f.next_seq();
            (
                Desk::take_up(f, config.key.clone(), config.checkpoint_every).await,
                from,
            )
        }
        None => (
            Desk::open(
                store.clone(),
                chain.clone(),
                config.key.clone(),
                config.checkpoint_every,
            )
            .await,
            1,
        ),
    };
    match taken {
        Ok(d) => {
            // Opening a long chain may outlast the lease's age limit: renewed (or taken
            // again if it lapsed) before the first command is decided.
            let held = match leases.renew(chain, held).await {
                Ok(Some(h)) => h,
                Ok(None) => {
                    tracing::warn!(instance = leases.instance(), %chain, "another instance took the lease while the chain was opened");
                    return None;
                }
                Err(e) => {
                    tracing::warn!(instance = leases.instance(), %chain, error = %e, "cannot renew the lease");
                    return None;
                }
            };
            let mut d = d.with_append_limit(store.max_append_bytes());
            if let Some(r) = &config.receipts {
                d = d.with_receipts(r.clone());
            }
            tracing::info!(
                instance = leases.instance(),
                %chain,
                seq = d.head().map_or(0, |h| h.seq.0),
                read_from = from,
                "writing the chain"
            );
            *desk = Some(d);
            Some(held)
        }
        Err(e) => {
            tracing::error!(instance = leases.instance(), %chain, error = %e, "cannot open the chain");
            leases.release(chain, held).await;
            None
        }
    }
}

fn answer(desk: &Desk<NatsStore>, query: Query, instance: &str) -> Vec<u8> {
    serde_json::to_vec(&query_reply(desk, query, instance)).unwrap_or_default()
}

/// The answer to `query` from `desk`'s state.
pub fn query_reply<S: floorbook_log::EventStore>(
    desk: &Desk<S>,
    query: Query,
    instance: &str,
) -> QueryReply {
    use floorbook_ledger::view;
    let head = desk.head();
    let mut body = QueryReply {
        chain: desk.chain().to_string(),
        writer: instance.to_string(),
        seq: head.map_or(0, |h| h.seq.0),
        hash: head.map(|h| h.hash.to_hex().to_string()),
        tournament: None,
        clock: None,
        seating: None,
        table: None,
        mark: None,
        cash: None,
    };
    if let Some(room) = desk.cash() {
        match query {
            Query::Head | Query::Clock => {}
            Query::State | Query::Seating => body.cash = Some(Some(view::cash_view(room))),
            Query::Table(no) => {
                body.table = Some(view::cash_table_view(room, no).map(QueryTable::Cash));
                body.mark = Some(view::cash_table_mark(room, no));
            }
        }
        return body;
    }
    let t = desk.tournament();
    match query {
        Query::Head => {}
        Query::State => body.tournament = Some(t.map(view::tournament_view)),
        Query::Clock => {
            let now = desk.seconds_at(chrono::Utc::now());
            body.clock = Some(t.map(|t| t.clock_view(now)));
        }
        Query::Seating => body.seating = Some(t.map(view::seating_view)),
        Query::Table(no) => {
            body.table = Some(t.and_then(|t| {
                t.tables
                    .iter()
                    .find(|ts| ts.table.no.0 == no)
                    .map(|ts| QueryTable::Tournament(view::table_view(t, ts)))
            }));
            body.mark = Some(t.and_then(|t| view::table_mark(t, no)));
        }
    }
    body
}

/// How long the projector lets appended events gather between transactions.
const PROJECTION_PAUSE: Duration = Duration::from_millis(20);

/// The projector on its own thread (SQLite blocks): applies what the desks appended, catches
/// up from the store when it sees a gap (a chain another instance wrote before), and when
/// the sweep names a chain without events (one another instance writes).
fn spawn_projector(
    mut projector: Projector,
    store: floorbook_log::Disclosing<NatsStore>,
) -> mpsc::UnboundedSender<(ChainId, Vec<StoredEvent>)> {
    let (tx, mut rx) = mpsc::unbounded_channel::<(ChainId, Vec<StoredEvent>)>();
    let handle = tokio::runtime::Handle::current();
    std::thread::spawn(move || {
        while let Some(first) = rx.blocking_recv() {
            let mut work = vec![first];
            while let Ok(more) = rx.try_recv() {
                work.push(more);
                if work.len() >= 1024 {
                    break;
                }
            }
            // What arrived together, grouped by chain.
            let mut by_chain: Vec<(ChainId, Vec<StoredEvent>)> = Vec::new();
            for (chain, events) in work {
                match by_chain.iter_mut().find(|(c, _)| *c == chain) {
                    Some((_, all)) => all.extend(events),
                    None => by_chain.push((chain, events)),
                }
            }
            // Chains with a gap (written by another instance before) catch up from the store;
            // the rest go in one transaction.
            let mut ready = Vec::with_capacity(by_chain.len());
            for (chain, events) in by_chain {
                let at = projector.position(&chain).unwrap_or(0);
                if events.is_empty() || events.first().is_some_and(|e| e.seq.0 > at + 1) {
                    if let Err(e) = handle.block_on(projector.catch_up(
                        &store,
                        &chain,
                        floorbook_log::PAGE,
                        |_| {},
                    )) {
                        tracing::error!(%chain, error = %e, "projecting");
                    }
                } else {
                    ready.push((chain, events));
                }
            }
            if let Err(e) = projector.apply_many(&ready) {
                tracing::error!(error = %e, "projecting");
            }
            // Let work gather: a few larger transactions cost the deciding threads less than
            // many small ones, and the views trail the chain by milliseconds only.
            std::thread::sleep(PROJECTION_PAUSE);
        }
    });
    tx
}

/// Brings the projections of every chain in the store up to date (at start, for the chains
/// other instances wrote).
pub async fn catch_up_all<S: EventStore>(
    projector: &mut Projector,
    store: &S,
) -> Result<(), floorbook_projections::CatchUpError> {
    for chain in store.chains().await? {
        projector
            .catch_up(store, &chain, floorbook_log::PAGE, |_| {})
            .await?;
    }
    Ok(())
}
