//! The JetStream store under tampering and server crashes, against a real nats-server.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use floorbook_e2e::fixtures::{chain, events};
use floorbook_e2e::nats::NatsServer;
use floorbook_log::{ChainCheckError, EventStore, Head, Seq, encode_frame, verify_chain};
use floorbook_store_nats::{NatsOptions, NatsStore};

async fn connect(server: &NatsServer) -> NatsStore {
    NatsStore::connect(&server.url(), NatsOptions::default())
        .await
        .expect("connect")
}

/// Someone publishes straight into a chain's subject, going around Floorbook: a correctly
/// sealed next event with any one byte of its frame flipped is found at that sequence.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tampered_message_in_the_subject_is_found_at_its_sequence() {
    let server = NatsServer::start();
    let store = connect(&server).await;
    let raw = async_nats::connect(server.url()).await.expect("raw client");
    let c0 = chain("probe");
    let probe = events(&c0, None, "p", 4);
    let mut frame = Vec::new();
    encode_frame(&probe[3], &mut frame).expect("frame");
    let frame_len = frame.len();
    // Positions across the header, the envelope's fields and payload, and the stored hash.
    let positions: Vec<usize> = (0..frame_len).step_by(7).chain([frame_len - 1]).collect();
    for (case, pos) in positions.into_iter().enumerate() {
        let c = chain(&format!("tamper-{case}"));
        let evs = events(&c, None, "t", 4);
        let head = store
            .append(&c, None, evs[..3].to_vec())
            .await
            .expect("append")
            .head;
        let mut frame = Vec::new();
        encode_frame(&evs[3], &mut frame).expect("frame");
        frame[pos] ^= 0x01;
        raw.publish(store.subject(&c), frame.into())
            .await
            .expect("publish");
        raw.flush().await.expect("flush");
        // Wait until the stream holds it.
        let mut tries = 0;
        let result = loop {
            match verify_chain(&store, &c, |_, _| {}).await {
                Ok(Some(h)) if h == head && tries < 100 => {
                    tries += 1;
                    tokio::time::sleep(Duration::from_millis(20)).await;
                }
                other => break other,
            }
        };
        match result {
            Err(ChainCheckError::Broken(e)) => assert_eq!(e.seq, Seq(4), "byte {pos}: {e}"),
            other => panic!("byte {pos} flipped went unnoticed: {other:?}"),
        }
    }
    // And a message that is not a Floorbook append at all.
    let c = chain("garbage");
    store
        .append(&c, None, events(&c, None, "g", 2))
        .await
        .expect("append");
    raw.publish(store.subject(&c), "{\"hello\":1}".into())
        .await
        .expect("publish");
    raw.flush().await.expect("flush");
    // Until the stream holds it (polled, as above, not a fixed sleep).
    let mut tries = 0;
    let result = loop {
        match verify_chain(&store, &c, |_, _| {}).await {
            Ok(Some(h)) if h.seq == Seq(2) && tries < 100 => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            other => break other,
        }
    };
    match result {
        Err(ChainCheckError::Broken(e)) => assert_eq!(e.seq, Seq(3), "{e}"),
        other => panic!("a foreign message went unnoticed: {other:?}"),
    }
}

/// The server is killed between appends and restarted: nothing is lost or duplicated.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_restart_between_appends_loses_nothing() {
    let mut server = NatsServer::start();
    let store = connect(&server).await;
    let c = chain("restart");
    let head = store
        .append(&c, None, events(&c, None, "a", 10))
        .await
        .expect("append")
        .head;
    server.restart();
    let head2 = store
        .append(&c, Some(head), events(&c, Some(head), "b", 10))
        .await
        .expect("append after restart")
        .head;
    assert_eq!(head2.seq, Seq(20));
    let verified = verify_chain(&store, &c, |_, _| {}).await.expect("verifies");
    assert_eq!(verified, Some(head2));
}

/// The server is killed while a writer appends one event after another: every acknowledged
/// event is there exactly once, and the chain verifies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_killed_during_appends_loses_no_acknowledged_event() {
    let mut server = NatsServer::start();
    let store = connect(&server).await;
    let c = chain("crash");
    let progress = Arc::new(AtomicUsize::new(0));
    let writer = {
        let (store, c, progress) = (store.clone(), c.clone(), progress.clone());
        tokio::spawn(async move {
            let mut head: Option<Head> = None;
            let mut acked = Vec::new();
            for i in 0..300 {
                let evs = events(&c, head, &format!("w{i}"), 1);
                let h = store.append(&c, head, evs).await.expect("append").head;
                acked.push(h);
                head = Some(h);
                progress.store(acked.len(), Ordering::SeqCst);
            }
            acked
        })
    };
    while progress.load(Ordering::SeqCst) < 100 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    server.kill();
    let at_kill = progress.load(Ordering::SeqCst);
    assert!(
        at_kill < 300,
        "the kill must land while the writer is appending"
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let during_outage = progress.load(Ordering::SeqCst);
    assert!(
        during_outage <= at_kill + 1,
        "no append is acknowledged while the server is down"
    );
    server.restart();
    let acked = tokio::time::timeout(Duration::from_secs(60), writer)
        .await
        .expect("writer finishes")
        .expect("writer task");
    assert_eq!(acked.len(), 300);
    let mut stored = Vec::new();
    let head = verify_chain(&store, &c, |seq, hash| stored.push((seq, hash)))
        .await
        .expect("verifies")
        .expect("non-empty");
    assert_eq!(head.seq, Seq(300), "no duplicates, no gaps");
    for (h, (seq, hash)) in acked.iter().zip(&stored) {
        assert_eq!((h.seq, h.hash), (*seq, *hash));
    }
}

/// A reader whose thread is busy while a long chain of large appends streams in is not cut off
/// as a slow consumer: a pull never asks for more than the server will hold for it (64 MB). It
/// used to ask for 500 messages at once: 200 KB appends made 100 MB, and the server closed the
/// connection of `floorbook simulate --nats` on a long chain.
#[tokio::test(flavor = "current_thread")]
async fn a_busy_reader_of_large_appends_is_not_cut_off() {
    use chrono::{TimeZone, Utc};
    use floorbook_log::{Actor, Draft, Role, seal_all};
    use futures_util::StreamExt;

    let server = NatsServer::start();
    let store = connect(&server).await;
    let c = chain("large-appends");
    let actor = Actor::new("dealer-1", Role::Dealer).expect("actor");
    let filler = "x".repeat(600_000);
    let mut head = None;
    let appends = 160;
    for i in 0..appends {
        let draft = Draft::new(
            Utc.timestamp_opt(1_790_000_000 + i, 0)
                .single()
                .expect("time"),
            actor.clone(),
            "FloorRuling",
            vec![],
            &serde_json::json!({"i": i, "text": filler}),
        )
        .expect("draft");
        let sealed = seal_all(&c, head, &[draft]).expect("seal");
        head = Some(store.append(&c, head, sealed).await.expect("append").head);
    }
    let head = head.expect("a head");

    let reader = connect(&server).await;
    let mut events = reader.follow(&c, Seq(1)).await.expect("follow");
    let first = events.next().await.expect("an event").expect("readable");
    assert_eq!(first.seq, Seq(1));
    // The reader's only thread is busy: nothing reads the socket while the server sends.
    std::thread::sleep(Duration::from_secs(3));
    let mut last = first.seq;
    while last < head.seq {
        let e = tokio::time::timeout(Duration::from_secs(20), events.next())
            .await
            .expect("events keep coming")
            .expect("the stream goes on")
            .expect("readable");
        assert_eq!(e.seq, Seq(last.0 + 1));
        last = e.seq;
    }
    assert_eq!(reader.head(&c).await.expect("head"), Some(head));
    let log = server.log();
    assert!(log.contains("Server is ready"), "the server's log is read");
    assert!(
        !log.contains("Slow Consumer"),
        "the server cut a reader off:\n{}",
        log.lines()
            .filter(|l| l.contains("Slow Consumer"))
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Appends to `c` and, in between, to `other`: (events for `c`, events for `other` after
/// them, 0 for none). Returns both heads.
async fn interleaved(
    writer: &NatsStore,
    c: &floorbook_log::ChainId,
    other: &floorbook_log::ChainId,
    appends: &[(usize, usize)],
) -> (Option<Head>, Option<Head>) {
    let (mut head, mut other_head) = (None, None);
    for (i, &(size, others)) in appends.iter().enumerate() {
        let evs = events(c, head, &format!("w{i}"), size);
        head = Some(writer.append(c, head, evs).await.expect("append").head);
        if others > 0 {
            let evs = events(other, other_head, &format!("o{i}"), others);
            other_head = Some(
                writer
                    .append(other, other_head, evs)
                    .await
                    .expect("other")
                    .head,
            );
        }
    }
    (head, other_head)
}

/// A reader that has read nothing of a chain yet finds any position by a binary search over the
/// chain's messages, which other chains' messages interleave in the stream, and reads exactly the
/// events asked for; past the head it reads nothing, without walking the chain.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fresh_reader_reads_any_range_of_interleaved_appends() {
    let server = NatsServer::start();
    let writer = connect(&server).await;
    let (c, other) = (chain("long"), chain("other"));
    let appends: Vec<(usize, usize)> = (0..60)
        .map(|i| (1 + i % 7, if i % 3 == 0 { 1 + i % 2 } else { 0 }))
        .collect();
    let (head, other_head) = interleaved(&writer, &c, &other, &appends).await;
    let head = head.expect("a head");
    let all = writer.read(&c, Seq(1), usize::MAX).await.expect("all");
    assert_eq!(all.len() as u64, head.seq.0);
    for from in 1..=head.seq.0 + 3 {
        // A new connection each time: nothing of the chain read before.
        let reader = connect(&server).await;
        let got = reader.read(&c, Seq(from), 3).await.expect("read");
        let start = (from as usize - 1).min(all.len());
        let want = &all[start..(start + 3).min(all.len())];
        assert_eq!(got, want, "from {from}");
    }
    let other_all = writer
        .read(&other, Seq(1), usize::MAX)
        .await
        .expect("other");
    assert_eq!(
        other_all.len() as u64,
        other_head.expect("other head").seq.0
    );
}

/// Any range of a chain, read by a reader that has read nothing of it before, is the same as
/// that range of the whole chain: for random append sizes, other chains' appends in between,
/// and random ranges (the binary search over the chain's messages against a plain read).
#[test]
fn any_range_read_by_a_fresh_reader_is_that_range_of_the_chain() {
    use proptest::prelude::*;
    let server = NatsServer::start();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("runtime");
    let case = std::sync::atomic::AtomicUsize::new(0);
    let mut runner =
        proptest::test_runner::TestRunner::new(proptest::test_runner::Config::with_cases(16));
    let strategy = (
        prop::collection::vec((1usize..9, any::<bool>()), 1..30),
        prop::collection::vec((0.0..1.2f64, 1usize..8), 1..8),
    );
    runner
        .run(&strategy, |(appends, probes)| {
            rt.block_on(async {
                let n = case.fetch_add(1, Ordering::Relaxed);
                let writer = connect(&server).await;
                let (c, other) = (chain(&format!("prop-{n}")), chain(&format!("other-{n}")));
                let appends: Vec<(usize, usize)> = appends
                    .iter()
                    .map(|&(size, interleave)| (size, usize::from(interleave)))
                    .collect();
                interleaved(&writer, &c, &other, &appends).await;
                let all = writer.read(&c, Seq(1), usize::MAX).await.expect("all");
                let total = all.len() as u64;
                for (at, limit) in &probes {
                    let from = 1 + (*at * total as f64) as u64;
                    let reader = connect(&server).await;
                    let got = reader.read(&c, Seq(from), *limit).await.expect("read");
                    let start = (from as usize - 1).min(all.len());
                    let want = &all[start..(start + limit).min(all.len())];
                    assert_eq!(got, want, "from {from}, {limit} events, of {total}");
                }
            });
            Ok(())
        })
        .expect("every range reads the same");
}
