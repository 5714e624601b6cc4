//! The transparency log's cost, against references in the same run:
//! - the embedded chain append (durable per batch of 100, as the desk appends) alone, and with
//!   the log kept beside it in the same process (`floorbook web --venue`'s keeper as shipped:
//!   fed every 500 ms, a checkpoint at most 5 s after an event): the writer's throughput with
//!   the log on;
//! - the log's own work for the same events (feed, fdatasync, hashing, a signed checkpoint per
//!   1,000) against the chain append of those events;
//! - a receipt's size at 10³, 10⁵ and 10⁷ entries (two witness cosignatures on its checkpoint);
//! - `receipt verify` against a bare Ed25519 verification of the checkpoint's signature.
//!
//! Run: `cargo bench -p floorbook-bench --bench tlog`

use std::sync::Arc;
use std::time::{Duration, Instant};

use floorbook_e2e::fixtures::{chain, drafts};
use floorbook_log::{ChainWriter, Draft};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_tlog::{Leaf, LogKey, MemoryHashes, Receipt, Tree, VenueLog, WitnessKey};

const EVENTS: usize = 100_000;
const BATCH: usize = 100;

async fn append_all(store: EmbeddedStore, name: &str, all: &[Draft]) -> Duration {
    let mut w = ChainWriter::open(store, chain(name), None, 1_000_000)
        .await
        .expect("writer");
    let start = Instant::now();
    for batch in all.chunks(BATCH) {
        w.append(batch).await.expect("append");
    }
    start.elapsed()
}

fn key() -> LogKey {
    LogKey::from_seed("club.example/floorbook", &[7; 32]).expect("key")
}

/// A reader of stored hashes that gives zeros: a proof of the right length for any size,
/// without building the tree.
struct Zeros;

impl tlog_tiles::tlog::HashReader for Zeros {
    fn read_hashes(
        &self,
        indexes: &[u64],
    ) -> Result<Vec<tlog_tiles::tlog::Hash>, tlog_tiles::Error> {
        Ok(vec![tlog_tiles::tlog::Hash([0; 32]); indexes.len()])
    }
}

fn leaf() -> Vec<u8> {
    Leaf {
        chain: "t-spring-main-2027".into(),
        seq: 123_456,
        at_ms: 1_790_000_000_000,
        event: [1; 32],
        previous: [2; 32],
    }
    .to_bytes()
    .expect("leaf")
}

fn cosigned(note: Vec<u8>) -> Vec<u8> {
    let mut out = note.clone();
    for (name, seed) in [
        ("league.example/witness", 3u8),
        ("club2.example/witness", 4),
    ] {
        let w = WitnessKey::from_seed(name, &[seed; 32]).expect("witness");
        out.extend_from_slice(&w.cosign(&note, 1_790_000_000).expect("cosigned"));
    }
    out
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let key = key();
    let only_log_work = std::env::args().any(|a| a == "--log-work");
    println!("| what | ours | reference (same run) | ratio |");
    println!("|---|---|---|---|");
    // The writer alone, then with the keeper following in the same process.
    let dir = tempfile::tempdir().expect("dir");
    let all = drafts("bench", EVENTS);
    let rate = |d: Duration| EVENTS as f64 / d.as_secs_f64();
    if !only_log_work {
        let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
        let log = VenueLog::open(&dir.path().join("tlog")).expect("log");
        let keeper = Arc::new(floorbook_web::logkeeper::Keeper::new(
            log,
            LogKey::from_seed("club.example/floorbook", &[7; 32]).expect("key"),
            Vec::new(),
            Duration::from_secs(5),
            true,
        ));
        // Alternating rounds, the fastest of each kept: the writer alone, then with the keeper
        // following (which first takes, untimed, what the rounds before wrote).
        let (mut alone, mut with, mut lag) = (Duration::MAX, Duration::MAX, Duration::ZERO);
        for round in 0..3 {
            alone = alone.min(append_all(store.clone(), &format!("alone-{round}"), &all).await);
            keeper.round(&store).await.expect("the chains before");
            while keeper.behind() {
                keeper.round(&store).await.expect("the chains before");
            }
            let follow = tokio::spawn(floorbook_web::logkeeper::follow(
                keeper.clone(),
                store.clone(),
                Duration::from_millis(500),
            ));
            let took = append_all(store.clone(), &format!("with-log-{round}"), &all).await;
            let caught = Instant::now();
            let want = (2 * round as u64 + 2) * EVENTS as u64;
            while keeper.size().await < want {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
            follow.abort();
            if took < with {
                (with, lag) = (took, caught.elapsed());
            }
        }
        println!(
            "| embedded chain append, {EVENTS} events in batches of {BATCH}, the log kept beside it | {:.0} ev/s (the log held every event {:.0} ms after the last append) | the same append without the log: {:.0} ev/s | {:.2}x |",
            rate(with),
            lag.as_secs_f64() * 1e3,
            rate(alone),
            alone.as_secs_f64() / with.as_secs_f64()
        );
    }
    // The log's own work for the events of one chain, against their chain append.
    let dir2 = tempfile::tempdir().expect("dir");
    let store2 = EmbeddedStore::open(dir2.path(), OpenMode::ReadWrite).expect("store");
    let mut w = ChainWriter::open(store2.clone(), chain("c"), None, 1_000_000)
        .await
        .expect("writer");
    let mut log = VenueLog::open(&dir2.path().join("tlog")).expect("log");
    let (mut chain_time, mut log_time) = (Duration::ZERO, Duration::ZERO);
    for (i, batch) in all.chunks(BATCH).enumerate() {
        let start = Instant::now();
        w.append(batch).await.expect("append");
        chain_time += start.elapsed();
        let start = Instant::now();
        floorbook_ledger::transparency::feed(&store2, &mut log, true)
            .await
            .expect("feed");
        if (i + 1) % (1_000 / BATCH) == 0 {
            log.checkpoint(&key).expect("checkpoint");
        }
        log_time += start.elapsed();
    }
    println!(
        "| the log's work per {BATCH} events (feed, fdatasync, hashes; a signed checkpoint per 1,000) | {:.0} ev/s | the chain append of the same events: {:.0} ev/s | {:.2}x |",
        rate(log_time),
        rate(chain_time),
        chain_time.as_secs_f64() / log_time.as_secs_f64()
    );
    if only_log_work {
        return;
    }
    // Receipt sizes.
    let root = tlog_tiles::tlog::Hash([9; 32]);
    for n in [1_000u64, 100_000, 10_000_000] {
        let index = n / 3;
        let proof = tlog_tiles::tlog::prove_record(n, index, &Zeros).expect("proof");
        let r = Receipt {
            leaf: leaf(),
            index,
            proof,
            checkpoint: cosigned(key.checkpoint(n, root).expect("note")),
        };
        let bytes = r.to_bytes().len();
        println!(
            "| a receipt at {n} entries, two cosignatures | {bytes} bytes ({} proof hashes) | a QR code's capacity (version 40, level L): 2,953 bytes | {:.2}x |",
            r.proof.len(),
            bytes as f64 / 2_953.0
        );
    }
    // Verification of a real receipt at 10⁵ entries.
    let mut tree = Tree::open(MemoryHashes::default()).expect("tree");
    let leaf_bytes = leaf();
    for i in 0..100_000u32 {
        if i == 33_333 {
            tree.append(&leaf_bytes).expect("append");
        } else {
            tree.append(&i.to_be_bytes()).expect("append");
        }
    }
    let size = tree.size();
    let note = cosigned(
        key.checkpoint(size, tree.root(size).expect("root"))
            .expect("note"),
    );
    let r = Receipt {
        leaf: leaf_bytes,
        index: 33_333,
        proof: tree.inclusion(33_333, size).expect("proof"),
        checkpoint: note.clone(),
    };
    let text = r.to_bytes();
    let rounds = 2_000;
    let (ours, bare) = floorbook_bench::interleaved(
        5,
        || {
            for _ in 0..rounds {
                let r = Receipt::from_bytes(&text).expect("reads");
                std::hint::black_box(r.verify(key.vkey()).expect("verifies"));
            }
        },
        || {
            for _ in 0..rounds {
                std::hint::black_box(
                    floorbook_tlog::verify_note(&note, key.vkey()).expect("signed"),
                );
            }
        },
    );
    let each = |d: Duration| d.as_secs_f64() * 1e6 / rounds as f64;
    println!(
        "| receipt verify at 10^5 entries (read, leaf, 17-hash proof, signature) | {:.1} µs | the checkpoint's signature alone: {:.1} µs | {:.2}x |",
        each(ours),
        each(bare),
        each(ours) / each(bare)
    );
}
