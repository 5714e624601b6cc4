//! The floor service under load: many table clients at once, each driving a simulated
//! tournament's hands through `floorbook serve` (in this process) on a nats-server started for
//! the run, one command at a time and exactly once (`after`). Commands/s and p50/p99 latency,
//! against a reference measured in the same run: the same number of concurrent clients doing
//! raw acknowledged JetStream publishes of a command-sized payload (what one command costs at
//! the least: one durable write and its round trip).
//!
//! A second run drives one multi-table tournament's chain: its commands pipelined in order
//! over one connection, up to WINDOW in flight (as many terminals of one card room sending at
//! once), each still exactly once (`after`); here the desk's group commit puts what queued up
//! into one append.
//!
//! `cargo bench -p floorbook-bench --bench service [-- TABLES SECONDS [PLAYERS WINDOW]]`; `NO_DB=1` runs the
//! service without projections (to see what they cost).

use floorbook_bench::percentile;
use std::time::{Duration, Instant};

use floorbook_e2e::drive::{Step, Verdict, request, script, verdict};
use floorbook_e2e::nats::NatsServer;
use floorbook_log::ChainId;
use floorbook_service::client::CommandClient;
use floorbook_service::server::{ServeConfig, serve};
use floorbook_tournament::builtin;

struct Figures {
    commands: usize,
    elapsed: Duration,
    latencies: Vec<Duration>,
}

impl Figures {
    fn rate(&self) -> f64 {
        self.commands as f64 / self.elapsed.as_secs_f64()
    }
    fn show(&mut self, what: &str) {
        self.latencies.sort();
        println!(
            "{what}: {} in {:.2} s = {:.0}/s; p50 {:.2} ms, p99 {:.2} ms",
            self.commands,
            self.elapsed.as_secs_f64(),
            self.rate(),
            percentile(&self.latencies, 0.5).as_secs_f64() * 1e3,
            percentile(&self.latencies, 0.99).as_secs_f64() * 1e3,
        );
    }
}

async fn drive_table(
    client: CommandClient,
    chain: ChainId,
    steps: Vec<Step>,
    until: Instant,
) -> Vec<Duration> {
    let mut head = 0;
    let mut lat = Vec::with_capacity(steps.len());
    for step in &steps {
        if Instant::now() >= until {
            break;
        }
        loop {
            let t = Instant::now();
            let reply = client
                .send(&chain, step.channel, &request(step, "terminal", head))
                .await
                .expect("the service answers");
            lat.push(t.elapsed());
            match verdict(step, head, &reply) {
                Verdict::Done(h) | Verdict::AlreadyDone(h) => {
                    head = h;
                    break;
                }
                Verdict::Retry => continue,
                Verdict::Failed(why) => panic!("{chain}: {why}"),
            }
        }
    }
    lat
}

async fn raw_publishes(url: &str, clients: usize, bytes: usize, per: usize) -> Figures {
    let started = Instant::now();
    let latencies = floorbook_bench::acknowledged_publishes(url, clients, per, bytes, 1).await;
    Figures {
        commands: latencies.len(),
        elapsed: started.elapsed(),
        latencies,
    }
}

/// One chain, commands pipelined in script order over one connection: published one after
/// another (so the service sees them in order), replies collected on one inbox subscription.
async fn drive_one_chain(
    url: &str,
    chain: &ChainId,
    steps: &[Step],
    window: usize,
) -> (Figures, usize) {
    use futures_util::StreamExt;
    let nats = async_nats::connect(url).await.expect("connect");
    let prefix = format!("_INBOX.bench.{}", nats.new_inbox().replace('.', "-"));
    let mut replies = nats.subscribe(format!("{prefix}.>")).await.expect("inbox");
    let mut sent_at = vec![None; steps.len()];
    let mut latencies = Vec::with_capacity(steps.len());
    let mut head = 0u64;
    let mut heads = Vec::with_capacity(steps.len());
    for s in steps {
        heads.push(head);
        head += s.events;
    }
    let started = Instant::now();
    let (mut next, mut done, mut failed) = (0usize, 0usize, 0usize);
    while done < steps.len() {
        while next < steps.len() && next - done < window {
            let s = &steps[next];
            let body = serde_json::to_vec(&request(s, "terminal", heads[next])).expect("json");
            nats.publish_with_reply(
                floorbook_service::subjects::command(chain, s.channel),
                format!("{prefix}.{next}"),
                body.into(),
            )
            .await
            .expect("publish");
            sent_at[next] = Some(Instant::now());
            next += 1;
        }
        let m = replies.next().await.expect("a reply");
        let i: usize = m
            .subject
            .rsplit('.')
            .next()
            .and_then(|x| x.parse().ok())
            .expect("index");
        let reply: floorbook_service::wire::Reply =
            serde_json::from_slice(&m.payload).expect("reply");
        if !matches!(verdict(&steps[i], heads[i], &reply), Verdict::Done(_)) {
            failed += 1;
        }
        if let Some(t) = sent_at[i] {
            latencies.push(t.elapsed());
        }
        done += 1;
    }
    (
        Figures {
            commands: latencies.len(),
            elapsed: started.elapsed(),
            latencies,
        },
        failed,
    )
}

/// `floorbook serve` in this process, keeping the venue's transparency log in `tlog` when
/// given (as `serve --venue` does), until `stop`.
async fn start_service(
    url: &str,
    db: &std::path::Path,
    tlog: Option<&std::path::Path>,
    stop: tokio::sync::oneshot::Receiver<()>,
) -> tokio::task::JoinHandle<Result<(), floorbook_service::server::ServeError>> {
    let nats = async_nats::connect(url).await.expect("connect");
    let mut config = ServeConfig::new("bench");
    if std::env::var_os("NO_DB").is_none() {
        config.db = Some(db.to_path_buf());
    }
    if let Some(folder) = tlog {
        let store =
            floorbook_store_nats::NatsStore::with_client(nats.clone(), config.store.clone())
                .await
                .expect("store");
        // The log takes what the chains hold before the run, untimed (a keeper started beside
        // a running service does so once): the run measures the service keeping up with it.
        let mut log = floorbook_tlog::VenueLog::open(folder).expect("log");
        floorbook_ledger::transparency::feed(&store, &mut log, true)
            .await
            .expect("the log takes the chains before the run");
        let keeper = std::sync::Arc::new(floorbook_web::logkeeper::Keeper::new(
            log,
            floorbook_tlog::LogKey::from_seed("club.example/floorbook", &[7; 32]).expect("key"),
            Vec::new(),
            Duration::from_secs(5),
            true,
        ));
        config.receipts = Some(std::sync::Arc::new(
            floorbook_web::logkeeper::KeptReceipts::new(keeper.clone(), store.clone()),
        ));
        let following = tokio::spawn(floorbook_web::logkeeper::follow(
            keeper,
            store,
            Duration::from_millis(500),
        ));
        // The keeper stops with the service (a later round's keeper is another).
        let service = tokio::spawn(serve(nats, config, async move {
            let _ = stop.await;
        }));
        // Subscribed before the first client asks (a request before it has no responder).
        tokio::time::sleep(Duration::from_secs(1)).await;
        return tokio::spawn(async move {
            let r = service.await.unwrap_or(Ok(()));
            following.abort();
            r
        });
    }
    let service = tokio::spawn(serve(nats, config, async move {
        let _ = stop.await;
    }));
    // Subscribed before the first client asks (a request before it has no responder).
    tokio::time::sleep(Duration::from_secs(1)).await;
    service
}

/// The events the round's `tables` chains `<prefix>-<i>` hold: what the log, when kept, took.
async fn events_written(url: &str, prefix: &str, tables: usize) -> u64 {
    use floorbook_log::EventStore as _;
    let nats = async_nats::connect(url).await.expect("connect");
    let store =
        floorbook_store_nats::NatsStore::with_client(nats, ServeConfig::new("bench").store.clone())
            .await
            .expect("store");
    let mut total = 0;
    for i in 0..tables {
        let chain = ChainId::new(format!("{prefix}-{i}")).expect("chain");
        total += store
            .head(&chain)
            .await
            .expect("head")
            .map_or(0, |h| h.seq.0);
    }
    total
}

/// The table clients, each driving its script on chain `<prefix>-<i>` until `seconds` pass.
async fn tables_run(url: &str, scripts: Vec<Vec<Step>>, seconds: u64, prefix: &str) -> Figures {
    let client_conn = async_nats::connect(url).await.expect("connect");
    let mut client = CommandClient::new(client_conn);
    client.timeout = Duration::from_secs(5);
    let until = Instant::now() + Duration::from_secs(seconds);
    let started = Instant::now();
    let mut tasks = tokio::task::JoinSet::new();
    for (i, steps) in scripts.into_iter().enumerate() {
        let chain = ChainId::new(format!("{prefix}-{i}")).expect("chain");
        tasks.spawn(drive_table(client.clone(), chain, steps, until));
    }
    let mut latencies = Vec::new();
    while let Some(l) = tasks.join_next().await {
        latencies.extend(l.expect("table client"));
    }
    Figures {
        commands: latencies.len(),
        elapsed: started.elapsed(),
        latencies,
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let tables: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(64);
    let seconds: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20);
    let players: u32 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(300);
    let window: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(64);
    let mut builder = tokio::runtime::Builder::new_multi_thread();
    if let Some(n) = std::env::var("WORKERS").ok().and_then(|w| w.parse().ok()) {
        builder.worker_threads(n);
    }
    let rt = builder.enable_all().build().expect("runtime");
    rt.block_on(async move {
        let server = NatsServer::start();
        let dir = tempfile::tempdir().expect("dir");
        let (_, profile) = builtin("top18").expect("profile");
        let profile = profile.expect("top18");
        println!("scripting {tables} single-table tournaments (9 players each)");
        let scripts: Vec<Vec<Step>> = (0..tables)
            .map(|i| script("top18", &profile, 9, 1000 + i as u64).expect("script"))
            .collect();
        let total: usize = scripts.iter().map(Vec::len).sum();
        println!("{total} commands scripted");

        // The reference first, on a quiet machine: the same concurrency of raw acknowledged
        // JetStream publishes of a payload the size of one command's events (about 600 bytes).
        let per = (total / tables).max(100);
        let mut raw = raw_publishes(&server.url(), tables, 600, per).await;
        raw.show(&format!("raw JetStream publish+ack, {tables} clients"));

        // The service alone and with the venue's transparency log kept inside it (`serve
        // --venue`: the record appended as chains move, a receipt with every finished hand's
        // reply), in three alternating rounds, each on chains and a projections database of
        // its own and a nats-server of its own, same scripts: the fastest round of each (a
        // later round on the same server is slower whatever it runs, so one after the other
        // would charge the log for it).
        let mut alone: Option<Figures> = None;
        let mut with_log: Option<Figures> = None;
        // ONLY=alone or ONLY=kept runs the rounds of one kind alone (to profile it).
        let only = std::env::var("ONLY").ok();
        for round in 0..3 {
            for kept in [false, true] {
                if only
                    .as_deref()
                    .is_some_and(|o| o != if kept { "kept" } else { "alone" })
                {
                    continue;
                }
                let name = format!("{}-{round}", if kept { "kept" } else { "load" });
                let db = dir.path().join(format!("{name}.sqlite"));
                // A log of its own.
                let tlog = dir.path().join(format!("{name}.tlog"));
                // A server of its own: what a round leaves behind does not slow the next.
                let fresh = NatsServer::start();
                let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
                let service =
                    start_service(&fresh.url(), &db, kept.then_some(tlog.as_path()), stop_rx).await;
                let f = tables_run(&fresh.url(), scripts.clone(), seconds, &name).await;
                let _ = stop_tx.send(());
                let _ = service.await;
                let events = events_written(&fresh.url(), &name, tables).await;
                println!(
                    "  round {}: {} {:.0}/s ({:.0} events/s)",
                    round + 1,
                    if kept { "with the log" } else { "alone" },
                    f.rate(),
                    events as f64 / f.elapsed.as_secs_f64()
                );
                let best = if kept { &mut with_log } else { &mut alone };
                if best.as_ref().is_none_or(|b| f.rate() > b.rate()) {
                    *best = Some(f);
                }
            }
        }
        let (mut ours, mut kept) = match (alone, with_log) {
            (Some(a), Some(k)) => (a, k),
            (a, k) => {
                for mut f in [a, k].into_iter().flatten() {
                    f.show(&format!("{tables} table clients, the rounds asked for"));
                }
                return;
            }
        };
        ours.show(&format!("service, {tables} table clients (fastest of 3)"));
        println!(
            "ratio: service {:.2}x raw publish throughput",
            ours.rate() / raw.rate()
        );
        kept.show(&format!(
            "service keeping the transparency log, {tables} table clients (fastest of 3)"
        ));
        println!(
            "ratio: with the log {:.2}x the service without it (p99 {:.2}x)",
            kept.rate() / ours.rate(),
            percentile(&kept.latencies, 0.99).as_secs_f64()
                / percentile(&ours.latencies, 0.99).as_secs_f64()
        );
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        let db = dir.path().join("one.sqlite");
        let service = start_service(&server.url(), &db, None, stop_rx).await;

        // One multi-table chain, pipelined.
        let (_, deep) = builtin("deepstack").expect("profile");
        let deep = deep.expect("deepstack");
        let steps = script("deepstack", &deep, players, 77).expect("script");
        let chain = ChainId::new("load-one").expect("chain");
        let (mut one, failed) = drive_one_chain(&server.url(), &chain, &steps, window).await;
        one.show(&format!(
            "service, one {players}-player chain, {window} in flight"
        ));
        println!(
            "ratio: one chain {:.2}x raw publish throughput",
            one.rate() / raw.rate()
        );
        assert_eq!(
            failed, 0,
            "every command of the script is decided as recorded"
        );
        let _ = stop_tx.send(());
        let _ = service.await;
    });
}
