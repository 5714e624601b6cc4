//! A festival's day on a JetStream cluster (issue 41, item 3, first part): three nats-server
//! nodes from `deploy/nats/cluster-node{1,2,3}.conf` as shipped (`sync_interval: always`, R3
//! streams), only their addresses moved to loopback and their users left out (one client
//! sends every role's commands); two `serve` instances in this process, each on another node,
//! sharing the chains by their leases. The main event (ENTRIES players, 3,000 by default: 334
//! tables of nine) and a side event (SIDE players) are played at once by the simulator's bots
//! at a paced rate (RATE commands a second for the main event, 1,500 by default: about twenty
//! times a live room's pace; the side event paced to end with it), each chain's commands in
//! order, up to 64 in flight.
//!
//! Measured: command to acknowledgement p50/p99 (goal p99 ≤ 20 ms) against the cluster's own
//! acknowledged R3 publish in the same run; the memory of this process and of each node as the
//! day goes on, against the events written (goal: flat once warm); the floor's overview of
//! every table and the clock page of the main event, read from the cluster by the pages
//! (`floorbook web --nats`) four times a second while the day is played (goal p99 ≤ 100 ms),
//! against the same pages of the side event; `verify` of every chain of the day, the rebuild
//! of the day's projections, and `audit` of every chain (goal: within 1.5× of `verify`).
//! Beside them, five cash rooms of the Grand Casino Bern profile (four tables each, 20 in
//! all) play a simulated evening at a live pace: a cash room's time is the service's intake
//! time, so each command goes at the second of the evening the simulator decided it.
//!
//! `cargo bench -p floorbook-bench --bench festival [-- ENTRIES SIDE RATE]`

use floorbook_bench::percentile;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use floorbook_e2e::drive::{Step, Verdict, cash_script, request, script, verdict};
use floorbook_e2e::nats::{NatsServer, replicated_store};
use floorbook_log::{ChainId, EventStore, verify_chain};
use floorbook_service::server::{ServeConfig, serve};
use floorbook_store_nats::NatsOptions;
use floorbook_tournament::builtin;

/// Cash rooms played beside the tournaments (four tables each).
const CASH_ROOMS: u64 = 5;

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

/// A process's resident memory in MiB (0 when it cannot be read).
fn rss_mib(pid: u32) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse::<f64>().ok())
        })
        .map_or(0.0, |kib| kib / 1024.0)
}

/// A `serve` instance named `name` on the node at `url`, until `stop`.
async fn instance(
    url: &str,
    name: &str,
    dir: &std::path::Path,
    stop: tokio::sync::oneshot::Receiver<()>,
) -> tokio::task::JoinHandle<Result<(), floorbook_service::server::ServeError>> {
    let addrs: Vec<async_nats::ServerAddr> = url
        .split(',')
        .map(|u| u.parse().expect("a node's address"))
        .collect();
    let nats = async_nats::connect(addrs).await.expect("connect");
    let mut config = ServeConfig::new(name);
    config.db = Some(dir.join(format!("{name}.sqlite")));
    config.store = NatsOptions {
        replicas: 3,
        ..NatsOptions::default()
    };
    tokio::spawn(serve(nats, config, async move {
        let _ = stop.await;
    }))
}

/// What one event's driver measured.
struct Played {
    latencies: Vec<Duration>,
    elapsed: Duration,
    /// Times the bots went back to the chain's head after a command was not taken.
    resyncs: usize,
    /// Why, the first few times.
    said: Vec<String>,
}

/// Plays `steps` on `chain` in order, up to `window` in flight, each not before its `due`
/// time from the start. A command the service does not take (its writer busy with the cluster, an append
/// not acknowledged) makes the bots do what a terminal does: wait for what is in flight, go
/// back to the head the reply names and send from there again; a command already decided is
/// answered from its first answer (its `id`), so nothing is decided twice.
async fn play(
    url: &str,
    chain: &ChainId,
    steps: &[Step],
    window: usize,
    due: impl Fn(usize) -> Duration,
    written: Arc<AtomicU64>,
) -> Played {
    use futures_util::StreamExt;
    let nats = async_nats::connect(url).await.expect("connect");
    let prefix = format!("_INBOX.fest.{}", nats.new_inbox().replace('.', "-"));
    let mut replies = nats.subscribe(format!("{prefix}.>")).await.expect("inbox");
    let mut heads = Vec::with_capacity(steps.len());
    let mut head = 0u64;
    for s in steps {
        heads.push(head);
        head += s.events;
    }
    // Replies carry the round they were sent in: those of an abandoned round are dropped.
    let send = |i: usize, round: usize| {
        let body = serde_json::to_vec(&request(&steps[i], "bots", heads[i])).expect("json");
        nats.publish_with_reply(
            floorbook_service::subjects::command(chain, steps[i].channel),
            format!("{prefix}.{round}.{i}"),
            body.into(),
        )
    };
    let started = Instant::now();
    let due = |i: usize| started + due(i);
    let mut sent_at: Vec<Option<Instant>> = vec![None; steps.len()];
    let mut answered = vec![false; steps.len()];
    let mut latencies = Vec::with_capacity(steps.len());
    let (mut next, mut done, mut round) = (0usize, 0usize, 0usize);
    let (mut resyncs, mut said) = (0usize, Vec::new());
    // The head to go back to once the round's replies are in (None: the round goes on).
    let mut back_to: Option<u64> = None;
    let mut in_flight = 0usize;
    while done < steps.len() {
        while back_to.is_none() && next < steps.len() && next - done < window {
            if Instant::now() < due(next) {
                break;
            }
            send(next, round).await.expect("publish");
            sent_at[next] = Some(Instant::now());
            next += 1;
            in_flight += 1;
        }
        if let Some(h) = back_to
            && in_flight == 0
        {
            // Everything sent is answered: from the step the chain's head says is next.
            let from = heads.partition_point(|&x| x < h);
            for (i, a) in answered.iter_mut().enumerate().skip(from) {
                *a = false;
                sent_at[i] = None;
            }
            done = from;
            next = from;
            round += 1;
            back_to = None;
            resyncs += 1;
            assert!(
                resyncs <= 1000,
                "{chain}: back to the head 1000 times: {}",
                said.join("; ")
            );
            continue;
        }
        // Until the next step is due, and at most 5 s while something is in flight (a cash
        // room's next command may be due much later than that).
        let until_due = (back_to.is_none() && next < steps.len() && next - done < window)
            .then(|| due(next).saturating_duration_since(Instant::now()));
        let patience = Duration::from_secs(5);
        let wait = match until_due {
            Some(d) if in_flight == 0 => d,
            Some(d) => d.min(patience),
            None => patience,
        };
        let m = match tokio::time::timeout(wait, replies.next()).await {
            Ok(m) => m.expect("a reply"),
            Err(_) if in_flight == 0 || wait < patience => continue,
            // No answer for a while (a writer that lost the chain drops what it held): the
            // round is given up and the bots send again from the first step not answered.
            Err(_) => {
                if said.len() < 5 {
                    said.push(format!("step {done}: no answer within 5 s"));
                }
                in_flight = 0;
                back_to = Some(back_to.map_or(heads[done], |b| b.min(heads[done])));
                continue;
            }
        };
        let mut parts = m.subject.rsplit('.');
        let i: usize = parts.next().and_then(|x| x.parse().ok()).expect("index");
        let r: usize = parts.next().and_then(|x| x.parse().ok()).expect("round");
        if r != round {
            continue;
        }
        in_flight -= 1;
        let reply: floorbook_service::wire::Reply =
            serde_json::from_slice(&m.payload).expect("reply");
        match verdict(&steps[i], heads[i], &reply) {
            Verdict::Done(_) | Verdict::AlreadyDone(_) => {
                if let Some(t) = sent_at[i]
                    && !answered[i]
                {
                    latencies.push(t.elapsed());
                    written.fetch_add(steps[i].events, Ordering::Relaxed);
                    answered[i] = true;
                }
                while done < steps.len() && answered[done] {
                    done += 1;
                }
            }
            Verdict::Retry | Verdict::Failed(_) => {
                let e = reply.error.as_ref();
                if said.len() < 5 {
                    said.push(format!(
                        "step {i}: {}",
                        e.map_or("no error", |e| e.message.as_str())
                    ));
                }
                // The chain's head as the reply names it, else where this step stood.
                let h = e.and_then(|e| e.head).unwrap_or(heads[i]);
                back_to = Some(back_to.map_or(h, |b| b.min(h)));
            }
        }
    }
    Played {
        latencies,
        elapsed: started.elapsed(),
        resyncs,
        said,
    }
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let entries: u32 = args.first().and_then(|a| a.parse().ok()).unwrap_or(3000);
    let side: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(300);
    let rate: f64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1500.0);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    // The service's own warnings (a lease lost, an append not taken) on standard error.
    let _ = tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_max_level(tracing_subscriber::filter::LevelFilter::WARN)
        .try_init();
    rt.block_on(async move {
        let (_, deep) = builtin("deepstack").expect("profile");
        let deep = deep.expect("deepstack");
        let t = Instant::now();
        let main_steps = script("deepstack", &deep, entries, 41).expect("the main event");
        let side_steps = script("deepstack", &deep, side, 42).expect("the side event");
        // The cash rooms' evening lasts as long as the main event's play.
        let minutes = (main_steps.len() as f64 / rate / 60.0).ceil().max(1.0) as u64;
        let rooms: Vec<Vec<(Step, u64)>> = (0..CASH_ROOMS)
            .map(|k| cash_script("gcb", 60, minutes, 50 + k).expect("a cash evening"))
            .collect();
        let seats = deep.seats_per_table;
        println!(
            "scripted in {:.1} s: main event {entries} entries ({} tables of {seats}), {} commands; side event {side} entries, {} commands",
            t.elapsed().as_secs_f64(),
            entries.div_ceil(seats),
            main_steps.len(),
            side_steps.len()
        );
        println!(
            "cash: {CASH_ROOMS} rooms of gcb (4 tables each), a {minutes}-minute evening, {} commands",
            rooms.iter().map(Vec::len).sum::<usize>()
        );
        let nodes = NatsServer::shipped_cluster(&[], false);
        let urls: Vec<String> = nodes.iter().map(NatsServer::url).collect();
        let all = urls.join(",");
        let _ = replicated_store(&all, &nodes[0]).await;
        let dir = tempfile::tempdir().expect("dir");
        let raw = floorbook_bench::acknowledged_publishes(&urls[0], 64, 200, 600, 3).await;
        println!(
            "reference: acknowledged R3 publish, 64 clients: p50 {:.2} ms, p99 {:.2} ms",
            ms(percentile(&raw, 0.5)),
            ms(percentile(&raw, 0.99))
        );
        let (stop_a, rx_a) = tokio::sync::oneshot::channel::<()>();
        let (stop_b, rx_b) = tokio::sync::oneshot::channel::<()>();
        let a = instance(&format!("{},{}", urls[0], urls[2]), "serve-a", dir.path(), rx_a).await;
        // ONE=1 runs a single instance (to tell the instances' sharing from the rest).
        let b = if std::env::var_os("ONE").is_none() {
            Some(instance(&format!("{},{}", urls[1], urls[2]), "serve-b", dir.path(), rx_b).await)
        } else {
            None
        };
        tokio::time::sleep(Duration::from_secs(1)).await;

        // Memory as the day goes on: this process (both instances, the bots) and each node.
        let written = Arc::new(AtomicU64::new(0));
        let pids: Vec<u32> = nodes.iter().filter_map(NatsServer::pid).collect();
        let me = std::process::id();
        let sampling = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let sampler = {
            let (written, sampling, pids) = (written.clone(), sampling.clone(), pids.clone());
            tokio::spawn(async move {
                let mut samples = Vec::new();
                while sampling.load(Ordering::Relaxed) {
                    let nodes: Vec<f64> = pids.iter().map(|p| rss_mib(*p)).collect();
                    samples.push((written.load(Ordering::Relaxed), rss_mib(me), nodes));
                    tokio::time::sleep(Duration::from_secs(1)).await;
                }
                samples
            })
        };
        // The pages, reading the cluster as `floorbook web --nats` does, asked four times a
        // second while the day is played: the floor's overview and the clock of each event.
        let pages_store = floorbook_store_nats::NatsStore::connect(&urls[1], NatsOptions::default())
            .await
            .expect("the pages' store");
        let web = Arc::new(floorbook_web::Web::new(
            pages_store,
            None,
            floorbook_web::send::Sender::ReadOnly,
        ));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a port for the pages");
        let site = format!("http://{}", listener.local_addr().expect("address"));
        tokio::spawn(floorbook_web::serve_web(listener, web));
        let reading = Arc::new(std::sync::atomic::AtomicBool::new(true));
        let reader = {
            let (reading, site) = (reading.clone(), site.clone());
            std::thread::spawn(move || {
                let paths = [
                    "/t/festival-main/floor?part=overview",
                    "/t/festival-main/clock",
                    "/t/festival-side/floor?part=overview",
                    "/t/festival-side/clock",
                ];
                let mut took: Vec<Vec<Duration>> = vec![Vec::new(); paths.len()];
                while reading.load(Ordering::Relaxed) {
                    for (k, path) in paths.iter().enumerate() {
                        let t = Instant::now();
                        let reply = floorbook_e2e::http::get(&format!("{site}{path}"));
                        // Before its chain is opened a page has nothing to show: not counted.
                        if reply.status == 200 {
                            took[k].push(t.elapsed());
                        }
                    }
                    std::thread::sleep(Duration::from_millis(250));
                }
                paths.iter().map(|p| p.to_string()).zip(took).collect::<Vec<_>>()
            })
        };
        // The side event paced to end with the main one.
        let side_rate = rate * side_steps.len() as f64 / main_steps.len() as f64;
        let main_chain = ChainId::new("festival-main").expect("chain");
        let side_chain = ChainId::new("festival-side").expect("chain");
        let paced = |rate: f64| move |i: usize| Duration::from_secs_f64(i as f64 / rate);
        let cash = futures_util::future::join_all(rooms.iter().enumerate().map(|(k, room)| {
            let written = written.clone();
            let urls = &urls;
            async move {
                let chain = ChainId::new(format!("festival-cash-{}", k + 1)).expect("chain");
                let (steps, at): (Vec<Step>, Vec<u64>) = room.iter().cloned().unzip();
                // Half a second after its second: the intake time, counted in whole seconds
                // from the opening's, is then the simulator's.
                let due = move |i: usize| {
                    Duration::from_secs(at[i]) + Duration::from_millis(if i == 0 { 0 } else { 500 })
                };
                play(&urls[2], &chain, &steps, 64, due, written).await
            }
        }));
        let (main, side_played, cash_played) = tokio::join!(
            play(&urls[2], &main_chain, &main_steps, 64, paced(rate), written.clone()),
            play(&urls[2], &side_chain, &side_steps, 64, paced(side_rate), written.clone()),
            cash,
        );
        let mut cash_latencies: Vec<Duration> = Vec::new();
        let mut cash_resyncs = 0;
        for p in cash_played {
            cash_latencies.extend(p.latencies);
            cash_resyncs += p.resyncs;
            if !p.said.is_empty() {
                println!("cash room: {}", p.said.join("; "));
            }
        }
        cash_latencies.sort();
        println!(
            "cash rooms: {} commands, acknowledged p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {cash_resyncs} times back to the head",
            cash_latencies.len(),
            ms(percentile(&cash_latencies, 0.5)),
            ms(percentile(&cash_latencies, 0.99)),
            ms(cash_latencies.last().copied().unwrap_or_default()),
        );
        sampling.store(false, Ordering::Relaxed);
        reading.store(false, Ordering::Relaxed);
        let samples = sampler.await.expect("samples");
        let pages = reader.join().expect("the pages' reader");
        for (what, mut p) in [("main event", main), ("side event", side_played)] {
            p.latencies.sort();
            println!(
                "{what}: {} commands in {:.1} s ({:.0}/s), acknowledged p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms; {} times back to the head{}",
                p.latencies.len(),
                p.elapsed.as_secs_f64(),
                p.latencies.len() as f64 / p.elapsed.as_secs_f64(),
                ms(percentile(&p.latencies, 0.5)),
                ms(percentile(&p.latencies, 0.99)),
                ms(p.latencies.last().copied().unwrap_or_default()),
                p.resyncs,
                if p.said.is_empty() { String::new() } else { format!(" ({})", p.said.join("; ")) }
            );
            if what == "main event" {
                let p99 = ms(percentile(&p.latencies, 0.99));
                println!(
                    "ratio: p99 {:.2}x the R3 publish's; goal p99 <= 20 ms {}",
                    p99 / ms(percentile(&raw, 0.99)),
                    if p99 <= 20.0 { "met" } else { "NOT met" }
                );
            }
        }
        for (path, mut took) in pages {
            took.sort();
            println!(
                "page {path}: {} reads during play, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                took.len(),
                ms(percentile(&took, 0.5)),
                ms(percentile(&took, 0.99)),
                ms(took.last().copied().unwrap_or_default())
            );
        }
        println!("memory (MiB) against events written: this process (both instances, the bots) | nodes 1, 2, 3");
        let step = (samples.len() / 10).max(1);
        for (events, mine, nodes) in samples.iter().step_by(step).chain(samples.last()) {
            println!(
                "  {events:>9} events: {mine:7.1} | {}",
                nodes
                    .iter()
                    .map(|m| format!("{m:7.1}"))
                    .collect::<Vec<_>>()
                    .join(" ")
            );
        }
        let _ = stop_a.send(());
        let _ = stop_b.send(());
        let _ = a.await;
        if let Some(b) = b {
            let _ = b.await;
        }

        // The day's audit trail: every chain verified from the cluster.
        let store = replicated_store(&all, &nodes[0]).await;
        let t = Instant::now();
        let mut events = 0u64;
        let chains = store.chains().await.expect("chains");
        for c in &chains {
            let head = verify_chain(&store, c, |_, _| {})
                .await
                .unwrap_or_else(|e| panic!("{c} does not verify: {e}"));
            events += head.map_or(0, |h| h.seq.0);
        }
        let took = t.elapsed();
        println!(
            "verify: {} chains, {events} events in {:.1} s ({:.0} events/s)",
            chains.len(),
            took.as_secs_f64(),
            events as f64 / took.as_secs_f64()
        );
        // The day's projections rebuilt from the cluster, then each chain audited as
        // `floorbook audit` does it (every decision re-derived, chips and money counted, the
        // log verified).
        let t = Instant::now();
        let mut projector = floorbook_projections::Projector::in_memory().expect("projections");
        for c in &chains {
            projector
                .catch_up(&store, c, floorbook_log::PAGE, |_| {})
                .await
                .unwrap_or_else(|e| panic!("projecting {c}: {e}"));
        }
        let rebuilt = t.elapsed();
        println!(
            "rebuild of the projections: {events} events in {:.1} s ({:.0} events/s)",
            rebuilt.as_secs_f64(),
            events as f64 / rebuilt.as_secs_f64()
        );
        let t = Instant::now();
        for c in &chains {
            // As `floorbook audit`: a cash room's evening by its own audit; a tournament's
            // read once, its hashes checked as it is read.
            if floorbook_ledger::cash::is_cash(&store, c).await.expect("reads") {
                let report = floorbook_ledger::cash::audit(&store, &projector, c)
                    .await
                    .unwrap_or_else(|e| panic!("auditing {c}: {e}"));
                assert!(report.clean(), "{c}: the audit finds {report:?}");
                continue;
            }
            let audit = floorbook_ledger::audit::audit(&store, &projector, c)
                .await
                .unwrap_or_else(|e| panic!("auditing {c}: {e}"));
            assert!(audit.clean(), "{c}: the audit finds {audit:?}");
        }
        let audited = t.elapsed();
        println!(
            "audit: {} chains in {:.1} s: {:.2}x verify's time (goal <= 1.5x)",
            chains.len(),
            audited.as_secs_f64(),
            audited.as_secs_f64() / took.as_secs_f64()
        );
    });
}
