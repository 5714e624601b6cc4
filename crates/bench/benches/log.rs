//! The event log against raw references, in one run:
//! - chain verification vs raw blake3 over the same bytes;
//! - embedded append (durable per batch) vs raw write + fdatasync of the same frames;
//! - JetStream append vs raw JetStream publish of the same event bytes, awaited one by one and
//!   pipelined, against a nats-server started for the run.
//!
//! Run: `cargo bench -p floorbook-bench --bench log`

use std::io::Write;
use std::time::{Duration, Instant};

use async_nats::jetstream;
use bytes::Bytes;
use floorbook_bench::mega_per_second;
use floorbook_e2e::fixtures::{chain, drafts};
use floorbook_e2e::nats::NatsServer;
use floorbook_log::{
    ChainVerifier, Draft, EventHash, EventStore, Head, SealedEvent, encode_frame, seal, seal_all,
};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_store_nats::{NatsOptions, NatsStore};
use futures_util::StreamExt;
use futures_util::stream::FuturesOrdered;

fn per_second(n: usize, t: Duration) -> f64 {
    n as f64 / t.as_secs_f64()
}

fn row(what: &str, ours: f64, reference: &str, theirs: f64, unit: &str) {
    println!(
        "| {what} | {ours:.0} {unit} | {reference}: {theirs:.0} {unit} | {:.2}x |",
        ours / theirs
    );
}

fn verify_bench(events: &[SealedEvent]) {
    let c = chain("bench");
    let bytes: usize = events.iter().map(|e| e.bytes.len()).sum();
    let mut best_ours = Duration::MAX;
    let mut best_raw = Duration::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        let mut prev = [0u8; 32];
        for e in events {
            let mut h = blake3::Hasher::new();
            h.update(&prev);
            h.update(&e.bytes);
            prev = *h.finalize().as_bytes();
        }
        std::hint::black_box(prev);
        best_raw = best_raw.min(start.elapsed());

        let start = Instant::now();
        let mut v = ChainVerifier::new(c.clone());
        for e in events {
            v.push(&e.bytes, Some(&e.hash)).expect("valid chain");
        }
        std::hint::black_box(v.head());
        best_ours = best_ours.min(start.elapsed());
    }
    println!(
        "\nverify: {} events, {:.1} MB, mean event {} bytes",
        events.len(),
        bytes as f64 / 1e6,
        bytes / events.len()
    );
    row(
        "chain verify (events/s)",
        per_second(events.len(), best_ours),
        "raw blake3(prev ‖ bytes)",
        per_second(events.len(), best_raw),
        "ev/s",
    );
}

async fn embedded_bench(events: &[SealedEvent], batch: usize) {
    let dir = tempfile::tempdir_in(std::env::current_dir().expect("cwd")).expect("temp dir");
    let store = EmbeddedStore::open(dir.path().join("store"), OpenMode::ReadWrite).expect("open");
    let c = chain("bench");
    let start = Instant::now();
    let mut head: Option<Head> = None;
    for chunk in events.chunks(batch) {
        head = Some(
            store
                .append(&c, head, chunk.to_vec())
                .await
                .expect("append")
                .head,
        );
    }
    let ours = start.elapsed();

    let path = dir.path().join("raw.log");
    let mut f = std::fs::File::create(&path).expect("raw file");
    let start = Instant::now();
    for chunk in events.chunks(batch) {
        let mut buf = Vec::new();
        for e in chunk {
            encode_frame(e, &mut buf).expect("frame");
        }
        f.write_all(&buf).expect("write");
        f.sync_data().expect("sync");
    }
    let raw = start.elapsed();
    row(
        &format!("embedded append, fdatasync per batch of {batch} (events/s)"),
        per_second(events.len(), ours),
        "raw write + fdatasync of the same frames",
        per_second(events.len(), raw),
        "ev/s",
    );
}

async fn nats_bench(events: &[SealedEvent], drafts: &[Draft]) {
    let server = NatsServer::start();
    let store = NatsStore::connect(&server.url(), NatsOptions::default())
        .await
        .expect("connect");
    let client = async_nats::connect(server.url()).await.expect("raw client");
    let js = jetstream::new(client);
    js.get_or_create_stream(jetstream::stream::Config {
        name: "RAW".into(),
        subjects: vec!["raw.>".into()],
        storage: jetstream::stream::StorageType::File,
        ..Default::default()
    })
    .await
    .expect("raw stream");

    // One by one: every publish awaits its ack before the next.
    let n1 = 3_000.min(events.len());
    let start = Instant::now();
    for e in &events[..n1] {
        js.publish("raw.one", Bytes::copy_from_slice(&e.bytes))
            .await
            .expect("publish")
            .await
            .expect("ack");
    }
    let raw_one = start.elapsed();
    let c = chain("one");
    let start = Instant::now();
    let mut head: Option<Head> = None;
    for d in &drafts[..n1] {
        let sealed = seal(&c, head, d).expect("seal");
        head = Some(
            store
                .append(&c, head, vec![sealed])
                .await
                .expect("append")
                .head,
        );
    }
    let ours_one = start.elapsed();
    row(
        "JetStream append, one event per append, each awaited (events/s)",
        per_second(n1, ours_one),
        "raw publish of the same bytes, each awaited",
        per_second(n1, raw_one),
        "ev/s",
    );

    // Pipelined: raw keeps up to 4,096 acks in flight (below max_ack_inflight) and awaits
    // every one; ours appends batches of 100 events as one message each (group commit), with
    // eight chains writing at once.
    let start = Instant::now();
    let mut inflight = FuturesOrdered::new();
    for e in events {
        if inflight.len() >= 4096
            && let Some(ack) = inflight.next().await
        {
            let _: async_nats::jetstream::publish::PublishAck = ack;
        }
        let fut = js
            .publish("raw.pipe", Bytes::copy_from_slice(&e.bytes))
            .await
            .expect("publish");
        inflight.push_back(async move { fut.await.expect("ack") });
    }
    while inflight.next().await.is_some() {}
    let raw_pipe = start.elapsed();

    let chains = 64;
    let per_chain = events.len() / chains;
    // Sealing (building each envelope and hashing it) is measured on its own; the appends
    // below send events sealed beforehand, as the raw side sends bytes made beforehand.
    let start = Instant::now();
    let sealed: Vec<(floorbook_log::ChainId, Vec<Vec<SealedEvent>>)> = (0..chains)
        .map(|k| {
            let c = chain(&format!("pipe{k}"));
            let mut head: Option<Head> = None;
            let batches = drafts[..per_chain]
                .chunks(100)
                .map(|batch| {
                    let s = seal_all(&c, head, batch).expect("seal");
                    head = s.last().map(SealedEvent::head);
                    s
                })
                .collect();
            (c, batches)
        })
        .collect();
    let seal_time = start.elapsed();
    println!(
        "| sealing (envelope JSON + blake3), for reference | {:.0} ev/s | | |",
        per_second(per_chain * chains, seal_time)
    );
    let start = Instant::now();
    let mut tasks = Vec::new();
    for (c, batches) in sealed {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            let mut head: Option<Head> = None;
            for batch in batches {
                head = Some(store.append(&c, head, batch).await.expect("append").head);
            }
        }));
    }
    for t in tasks {
        t.await.expect("task");
    }
    let ours_pipe = start.elapsed();
    row(
        "JetStream append, batches of 100, 64 chains at once (events/s)",
        per_second(per_chain * chains, ours_pipe),
        "raw publish of the same bytes, 4,096 acks in flight",
        per_second(events.len(), raw_pipe),
        "ev/s",
    );

    // The strictest reference: raw pipelined publish of exactly the payloads our batched
    // appends send (100 frames per message), with no chain, no headers and no checks.
    let payloads: Vec<Bytes> = events[..per_chain * chains]
        .chunks(100)
        .map(|chunk| {
            let mut buf = Vec::new();
            for e in chunk {
                encode_frame(e, &mut buf).expect("frame");
            }
            Bytes::from(buf)
        })
        .collect();
    let start = Instant::now();
    let mut inflight = FuturesOrdered::new();
    for p in payloads {
        if inflight.len() >= 4096
            && let Some(ack) = inflight.next().await
        {
            let _: async_nats::jetstream::publish::PublishAck = ack;
        }
        let fut = js.publish("raw.batch", p).await.expect("publish");
        inflight.push_back(async move { fut.await.expect("ack") });
    }
    while inflight.next().await.is_some() {}
    let raw_batches = start.elapsed();
    row(
        "JetStream append, batches of 100, 64 chains at once (events/s)",
        per_second(per_chain * chains, ours_pipe),
        "raw publish of the identical 100-event payloads, 4,096 in flight",
        per_second(per_chain * chains, raw_batches),
        "ev/s",
    );
    drop(server);
}

fn main() {
    let n = 200_000;
    let all_drafts = drafts("bench", n);
    let c = chain("bench");
    let events = seal_all(&c, None, &all_drafts).expect("seal");
    let _ = EventHash::GENESIS;
    println!("# Event log benchmark (fastest of 5 rounds for verify; one run for appends)\n");
    println!("| what | floorbook | reference | ratio |");
    println!("|---|---|---|---|");
    verify_bench(&events);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    rt.block_on(async {
        embedded_bench(&events, 1000).await;
        embedded_bench(&events[..20_000], 100).await;
        nats_bench(&events[..80_000], &all_drafts[..80_000]).await;
    });
    let _ = mega_per_second;
}
