//! A page on a long chain answers a new head (issue 34): one simulated tournament chain
//! (deepstack, patient bots; `FLOORBOOK_BENCH_PLAYERS`, default 80 players: about 100,000
//! events) is recorded but for its last 300 commands; a reader catches up with it once from
//! the start, then the commands are appended one at a time, as a dealer enters them, and after
//! each the reader answers the new head through the shipped path
//! (`ledger::resume::catch_up` from the state cached at the last head, as `floorbook web`
//! does). Reference, same run, same heads: reading the new head's events from the store.
//!
//! Run: `cargo bench -p floorbook-bench --bench resume`.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use floorbook_bench::percentile;
use floorbook_ledger::chain::ENTERED;
use floorbook_ledger::resume::catch_up;
use floorbook_log::{ChainId, ChainWriter, EventStore, Seq};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};

/// Commands appended one at a time after the reader's first catch-up.
const NEW_HEADS: usize = 300;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let players: u32 = std::env::var("FLOORBOOK_BENCH_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(80);
    let (toml, profile) = floorbook_tournament::builtin("deepstack").expect("built in");
    let profile = profile.expect("profile");
    let sim =
        floorbook_sim::simulate_styled(&profile, players, 1, floorbook_sim::Style::Patient, None)
            .expect("simulate");
    let at: DateTime<Utc> = DateTime::from_timestamp(1_800_000_000, 0).expect("time");
    let drafts =
        floorbook_ledger::drafts::drafts(&sim.tournament, &profile, toml, 1, at).expect("drafts");
    // Each command's drafts (its entry and its decisions) are one append, as at the desk.
    let starts: Vec<usize> = drafts
        .iter()
        .enumerate()
        .filter(|(_, d)| d.event_type == ENTERED)
        .map(|(i, _)| i)
        .collect();
    assert!(starts.len() > NEW_HEADS, "the chain has too few commands");
    let held_back = starts[starts.len() - NEW_HEADS];
    let dir = tempfile::tempdir_in(std::env::current_dir().expect("cwd")).expect("temp dir");
    let store = EmbeddedStore::open(dir.path().join("store"), OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new("bench-resume").expect("chain");
    let mut w = ChainWriter::open(store.clone(), chain.clone(), None, u64::MAX)
        .await
        .expect("writer");
    for batch in drafts[..held_back].chunks(4096) {
        w.append(batch).await.expect("append");
    }
    let t = Instant::now();
    let mut cached = catch_up(&store, &chain, None).await.expect("catch up");
    let cold = t.elapsed();
    println!(
        "\nchain: {players} players, {} events before the new heads; a reader's first catch-up from the start: {:.2} s",
        held_back,
        cold.as_secs_f64()
    );
    let mut ours = Vec::with_capacity(NEW_HEADS);
    let mut reference = Vec::with_capacity(NEW_HEADS);
    let mut bounds: Vec<usize> = starts[starts.len() - NEW_HEADS..].to_vec();
    bounds.push(drafts.len());
    for pair in bounds.windows(2) {
        let (from, to) = (pair[0], pair[1]);
        let before = w.head().map_or(0, |h| h.seq.0);
        w.append(&drafts[from..to]).await.expect("append");
        // Reference: the new head's events read from the store.
        let t = Instant::now();
        let read = store
            .read(&chain, Seq(before + 1), to - from)
            .await
            .expect("read");
        reference.push(t.elapsed());
        assert_eq!(read.len(), to - from);
        let t = Instant::now();
        cached = catch_up(&store, &chain, Some(&cached))
            .await
            .expect("catch up");
        ours.push(t.elapsed());
    }
    assert_eq!(
        cached.tournament().clock,
        sim.tournament.clock,
        "the reader's state is the tournament's"
    );
    ours.sort();
    reference.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1e3;
    let (p50, p99) = (percentile(&ours, 0.5), percentile(&ours, 0.99));
    let (r50, r99) = (percentile(&reference, 0.5), percentile(&reference, 0.99));
    println!(
        "| a new head answered on a {held_back}-event chain ({NEW_HEADS} heads) | p50 {:.2} ms, p99 {:.2} ms | the head's events read from the store: p50 {:.3} ms, p99 {:.3} ms | {:.1}x at p99 | first catch-up from the start {:.2} s |",
        ms(p50),
        ms(p99),
        ms(r50),
        ms(r99),
        p99.as_secs_f64() / r99.as_secs_f64(),
        cold.as_secs_f64()
    );
}
