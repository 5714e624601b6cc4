//! The conformance suite: what every `EventStore` backend must do, written once.
//! `conformance_suite!` turns each check into a test for one backend.

use std::collections::HashSet;
use std::time::Duration;

use floorbook_log::{
    ChainId, Conflict, EventStore, Head, Seq, StoreError, StoredEvent, verify_events,
};
use futures_util::StreamExt;

use crate::fixtures::{chain, events};

async fn read_all<S: EventStore>(s: &S, c: &ChainId) -> Vec<StoredEvent> {
    let mut out = Vec::new();
    loop {
        let batch = s.read(c, Seq(out.len() as u64 + 1), 7).await.expect("read");
        if batch.is_empty() {
            return out;
        }
        out.extend(batch);
    }
}

fn verified(c: &ChainId, evs: &[StoredEvent]) -> Option<Head> {
    verify_events(c, evs.iter().map(|e| (e.bytes.as_slice(), Some(&e.hash))))
        .expect("chain verifies")
}

pub async fn empty_chain_has_no_head_and_no_events<S: EventStore>(s: &S) {
    let c = chain("empty");
    assert_eq!(s.head(&c).await.expect("head"), None);
    assert!(s.read(&c, Seq(1), 10).await.expect("read").is_empty());
    assert!(!s.chains().await.expect("chains").contains(&c));
}

pub async fn appended_events_read_back_byte_for_byte<S: EventStore>(s: &S) {
    let c = chain("roundtrip");
    let first = events(&c, None, "a", 3);
    let out = s.append(&c, None, first.clone()).await.expect("append");
    assert_eq!(out.head, first[2].head());
    let more = events(&c, Some(out.head), "a", 20);
    let out = s
        .append(&c, Some(out.head), more.clone())
        .await
        .expect("append");
    assert_eq!(out.head.seq, Seq(23));
    assert_eq!(s.head(&c).await.expect("head"), Some(out.head));
    let stored = read_all(s, &c).await;
    let sealed: Vec<_> = first.iter().chain(&more).collect();
    assert_eq!(stored.len(), 23);
    for (st, se) in stored.iter().zip(sealed) {
        assert_eq!((st.seq, st.hash, &st.bytes), (se.seq, se.hash, &se.bytes));
    }
    assert_eq!(verified(&c, &stored), Some(out.head));
}

pub async fn reads_honour_from_and_limit<S: EventStore>(s: &S) {
    let c = chain("ranges");
    let evs = events(&c, None, "r", 30);
    for chunk in evs.chunks(4) {
        let head = s.head(&c).await.expect("head");
        s.append(&c, head, chunk.to_vec()).await.expect("append");
    }
    let mid = s.read(&c, Seq(10), 5).await.expect("read");
    assert_eq!(
        mid.iter().map(|e| e.seq.0).collect::<Vec<_>>(),
        vec![10, 11, 12, 13, 14]
    );
    assert_eq!(mid[0].hash, evs[9].hash);
    let tail = s.read(&c, Seq(28), 100).await.expect("read");
    assert_eq!(tail.len(), 3);
    assert!(s.read(&c, Seq(31), 5).await.expect("read").is_empty());
    assert!(s.read(&c, Seq(1), 0).await.expect("read").is_empty());
}

pub async fn a_stale_head_is_a_typed_conflict_and_writes_nothing<S: EventStore>(s: &S) {
    let c = chain("conflict");
    let a = events(&c, None, "a", 2);
    let head = s.append(&c, None, a).await.expect("append").head;
    // A writer that still believes the chain is empty.
    let b = events(&c, None, "b", 3);
    match s.append(&c, None, b).await {
        Err(StoreError::Conflict(Conflict { expected, actual })) => {
            assert_eq!(expected, None);
            assert_eq!(actual, Some(head));
        }
        other => panic!("expected a conflict, got {other:?}"),
    }
    assert_eq!(s.head(&c).await.expect("head"), Some(head));
    assert_eq!(read_all(s, &c).await.len(), 2);
}

pub async fn an_unlinked_batch_is_refused_whole<S: EventStore>(s: &S) {
    let c = chain("unlinked");
    let mut evs = events(&c, None, "u", 3);
    evs.remove(1);
    match s.append(&c, None, evs).await {
        Err(StoreError::Unlinked { index, .. }) => assert_eq!(index, 1),
        other => panic!("expected Unlinked, got {other:?}"),
    }
    assert_eq!(s.head(&c).await.expect("head"), None);
    assert!(matches!(
        s.append(&c, None, Vec::new()).await,
        Err(StoreError::Empty)
    ));
}

pub async fn a_retried_append_is_not_duplicated<S: EventStore>(s: &S) {
    let c = chain("retry");
    let evs = events(&c, None, "r", 4);
    let first = s.append(&c, None, evs.clone()).await.expect("append");
    // The same events again, as after a lost acknowledgement.
    let again = s.append(&c, None, evs).await.expect("retry is accepted");
    assert_eq!(first.head, again.head);
    let stored = read_all(s, &c).await;
    assert_eq!(stored.len(), 4);
    verified(&c, &stored);
}

/// Two writers race for every sequence: exactly one wins it, the other gets a conflict.
pub async fn two_concurrent_writers_never_fork_a_chain<S: EventStore + Clone + 'static>(s: &S) {
    let c = chain("race");
    let rounds = 25;
    for round in 0..rounds {
        let head = s.head(&c).await.expect("head");
        let mut tasks = Vec::new();
        for writer in ["x", "y"] {
            let (s, c) = (s.clone(), c.clone());
            let evs = events(&c, head, &format!("{writer}{round}"), 1);
            tasks.push(tokio::spawn(async move { s.append(&c, head, evs).await }));
        }
        let mut wins = 0;
        let mut conflicts = 0;
        for t in tasks {
            match t.await.expect("task") {
                Ok(_) => wins += 1,
                Err(StoreError::Conflict(conflict)) => {
                    assert_eq!(conflict.expected, head);
                    assert_eq!(conflict.actual.map(|h| h.seq), Some(Seq(round + 1)));
                    conflicts += 1;
                }
                Err(e) => panic!("unexpected error {e}"),
            }
        }
        assert_eq!((wins, conflicts), (1, 1), "round {round}");
    }
    let stored = read_all(s, &c).await;
    assert_eq!(stored.len() as u64, rounds);
    let seqs: HashSet<u64> = stored.iter().map(|e| e.seq.0).collect();
    assert_eq!(seqs.len() as u64, rounds);
    verified(&c, &stored);
}

pub async fn follow_delivers_stored_then_new_events<S: EventStore + Clone + 'static>(s: &S) {
    let c = chain("follow");
    let evs = events(&c, None, "f", 5);
    let head = s.append(&c, None, evs).await.expect("append").head;
    let mut stream = s.follow(&c, Seq(3)).await.expect("follow");
    let mut got = Vec::new();
    for _ in 0..3 {
        got.push(next(&mut stream).await.seq.0);
    }
    assert_eq!(got, vec![3, 4, 5]);
    let more = events(&c, Some(head), "g", 2);
    let writer = {
        let (s, c) = (s.clone(), c.clone());
        tokio::spawn(async move { s.append(&c, Some(head), more).await })
    };
    assert_eq!(next(&mut stream).await.seq, Seq(6));
    assert_eq!(next(&mut stream).await.seq, Seq(7));
    writer.await.expect("task").expect("append");
}

async fn next(stream: &mut floorbook_log::EventStream) -> StoredEvent {
    tokio::time::timeout(Duration::from_secs(10), stream.next())
        .await
        .expect("an event within 10 s")
        .expect("stream open")
        .expect("event")
}

pub async fn chains_are_listed_and_independent<S: EventStore>(s: &S) {
    let (a, b) = (chain("list-a"), chain("list-b"));
    s.append(&a, None, events(&a, None, "a", 2))
        .await
        .expect("a");
    s.append(&b, None, events(&b, None, "b", 3))
        .await
        .expect("b");
    let chains = s.chains().await.expect("chains");
    assert!(chains.contains(&a) && chains.contains(&b), "{chains:?}");
    assert_eq!(s.head(&a).await.expect("head").map(|h| h.seq), Some(Seq(2)));
    assert_eq!(s.head(&b).await.expect("head").map(|h| h.seq), Some(Seq(3)));
}

/// Answers to requests are kept beside each chain, in order, apart from other chains, and at
/// least the latest `KEPT_ANSWERS` survive however many are kept; they never enter the chain.
pub async fn answers_are_kept_in_order_per_chain<S: EventStore>(s: &S) {
    let (a, b) = (chain("answers-a"), chain("answers-b"));
    assert!(s.answers(&a).await.expect("none yet").is_empty());
    // About 1 KiB each: more than the embedded store's file holds before it is cut.
    let record =
        |i: usize| format!("{{\"id\":\"req-{i}\",\"pad\":\"{}\"}}", "x".repeat(1000)).into_bytes();
    let n = floorbook_log::KEPT_ANSWERS + 300;
    let all: Vec<Vec<u8>> = (0..n).map(record).collect();
    for part in all.chunks(500) {
        s.keep_answers(&a, part.to_vec()).await.expect("kept");
    }
    s.keep_answers(&b, vec![b"{\"id\":\"b-1\"}".to_vec()])
        .await
        .expect("kept");
    let got = s.answers(&a).await.expect("answers");
    assert!(
        got.len() >= floorbook_log::KEPT_ANSWERS && got.len() <= n,
        "{} answers kept",
        got.len()
    );
    assert_eq!(
        got.as_slice(),
        &all[n - got.len()..],
        "the latest, in order"
    );
    assert_eq!(
        s.answers(&b).await.expect("answers"),
        vec![b"{\"id\":\"b-1\"}".to_vec()]
    );
    assert_eq!(
        s.head(&a).await.expect("head"),
        None,
        "nothing in the chain"
    );
}

/// The transparency log's record: a batch is taken only after the number of batches its
/// keeper names (a late keeper is told, nothing written), a retry of a stored batch is taken
/// once, two keepers racing from one position leave one batch there, and batches read back in
/// order from any position.
pub async fn the_logs_record_takes_each_batch_once_in_order<S: EventStore + Clone + 'static>(
    s: &S,
) {
    assert!(s.log_batches(0, 10).await.expect("empty").is_empty());
    let batch = |i: u64| format!("batch {i}").into_bytes();
    assert!(s.append_log_batch(0, batch(1)).await.expect("first"));
    assert!(
        s.append_log_batch(0, batch(1)).await.expect("a retry"),
        "a retry of the stored batch is taken"
    );
    assert!(
        !s.append_log_batch(0, b"another".to_vec())
            .await
            .expect("late"),
        "a keeper that did not know batch 1 is late"
    );
    assert!(
        !s.append_log_batch(5, batch(6)).await.expect("ahead"),
        "nor can a batch skip ahead"
    );
    // Two keepers race from batch 1: one of them is batch 2.
    let (x, y) = (s.clone(), s.clone());
    let (a, b) = tokio::join!(
        async move {
            x.append_log_batch(1, b"keeper a".to_vec())
                .await
                .expect("a")
        },
        async move {
            y.append_log_batch(1, b"keeper b".to_vec())
                .await
                .expect("b")
        },
    );
    assert!(a ^ b, "exactly one keeper's batch is taken: {a} {b}");
    for i in 3..=40u64 {
        assert!(s.append_log_batch(i - 1, batch(i)).await.expect("append"));
    }
    let all = s.log_batches(0, 100).await.expect("all");
    assert_eq!(all.len(), 40);
    assert_eq!(all[0], batch(1));
    assert!(all[1] == b"keeper a" || all[1] == b"keeper b");
    assert_eq!(
        &all[2..],
        (3..=40).map(batch).collect::<Vec<_>>().as_slice()
    );
    assert_eq!(
        s.log_batches(37, 10).await.expect("the tail"),
        (38..=40).map(batch).collect::<Vec<_>>()
    );
    assert_eq!(s.log_batches(10, 3).await.expect("a page").len(), 3);
    assert!(s.log_batches(40, 3).await.expect("past").is_empty());
    assert!(
        s.chains().await.expect("chains").is_empty(),
        "nothing in a chain"
    );
}

/// Generates one `#[tokio::test]` per conformance check for a backend. `$make` is an async
/// expression giving `(guard, store)`; the guard keeps temporary directories or servers alive.
#[macro_export]
macro_rules! conformance_suite {
    ($make:expr) => {
        $crate::conformance_suite!(@tests $make;
            empty_chain_has_no_head_and_no_events,
            appended_events_read_back_byte_for_byte,
            reads_honour_from_and_limit,
            a_stale_head_is_a_typed_conflict_and_writes_nothing,
            an_unlinked_batch_is_refused_whole,
            a_retried_append_is_not_duplicated,
            two_concurrent_writers_never_fork_a_chain,
            follow_delivers_stored_then_new_events,
            chains_are_listed_and_independent,
            answers_are_kept_in_order_per_chain,
            the_logs_record_takes_each_batch_once_in_order,
        );
    };
    (@tests $make:expr; $($name:ident),* $(,)?) => {
        $(
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn $name() {
                let (_guard, store) = $make.await;
                $crate::conformance::$name(&store).await;
            }
        )*
    };
}
