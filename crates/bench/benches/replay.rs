//! Projections and replay against references, in one run, on one simulated tournament chain
//! (deepstack, patient bots; `FLOORBOOK_BENCH_PLAYERS`, default 800 players: about a million
//! events):
//! - projection rebuild (`Projector::catch_up` over the stored chain) vs raw SQLite insertion
//!   of the same rows (prepared statements, one transaction per table);
//! - `explain` latency at random positions, through the shipped code: latest stored snapshot
//!   before the position, the events from there, resume, re-derive through the position — vs
//!   re-deriving from the start of the chain.
//!
//! Run: `cargo bench -p floorbook-bench --bench replay`.

use floorbook_bench::percentile;
use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use floorbook_ledger::reader::load;
use floorbook_ledger::snapshots::load_near;
use floorbook_log::{ChainId, ChainWriter, Seq};
use floorbook_projections::Projector;
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use floorbook_ledger::SNAPSHOT_EVERY;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let players: u32 = std::env::var("FLOORBOOK_BENCH_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(800);
    // Patient bots (the default here) play many hands per player: 800 players give a chain
    // of about a million events. `FLOORBOOK_BENCH_STYLE=loose` plays the fast-busting bots.
    let style = match std::env::var("FLOORBOOK_BENCH_STYLE").as_deref() {
        Ok("loose") => floorbook_sim::Style::Loose,
        _ => floorbook_sim::Style::Patient,
    };
    let (toml, profile) = floorbook_tournament::builtin("deepstack").expect("built in");
    let profile = profile.expect("profile");
    let start = Instant::now();
    let sim = floorbook_sim::simulate_styled(&profile, players, 1, style, None).expect("simulate");
    let at: DateTime<Utc> = DateTime::from_timestamp(1_800_000_000, 0).expect("time");
    let drafts =
        floorbook_ledger::drafts::drafts(&sim.tournament, &profile, toml, 1, at).expect("drafts");
    let dir = tempfile::tempdir_in(std::env::current_dir().expect("cwd")).expect("temp dir");
    let store = EmbeddedStore::open(dir.path().join("store"), OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new("bench-replay").expect("chain");
    let mut w = ChainWriter::open(store.clone(), chain.clone(), None, u64::MAX)
        .await
        .expect("writer");
    for batch in drafts.chunks(4096) {
        w.append(batch).await.expect("append");
    }
    let events = drafts.len();
    println!(
        "\nchain: {players} players, {events} events, built in {:.1} s",
        start.elapsed().as_secs_f64()
    );

    // --- A reader's open of the long chain: from the writer's offset index vs reading every
    // frame header (what `explain`, `replay` and `audit` pay once per process).
    drop(w);
    let open_and_read = |rounds: usize| {
        let dir = dir.path().join("store");
        let chain = chain.clone();
        async move {
            let mut times = Vec::new();
            for i in 0..rounds {
                let t = Instant::now();
                let reader = EmbeddedStore::open(&dir, OpenMode::ReadOnly).expect("reader");
                let head = floorbook_log::EventStore::head(&reader, &chain)
                    .await
                    .expect("head")
                    .expect("a head");
                let at = Seq(1 + (head.seq.0 * (i as u64 + 1) / (rounds as u64 + 1)));
                let got = floorbook_log::EventStore::read(&reader, &chain, at, 1)
                    .await
                    .expect("read");
                assert_eq!(got.len(), 1);
                times.push(t.elapsed());
            }
            times.iter().sum::<Duration>() / rounds as u32
        }
    };
    let indexed = open_and_read(20).await;
    let idx = dir.path().join("store/chains/bench-replay.idx");
    let aside = dir.path().join("bench-replay.idx.aside");
    std::fs::rename(&idx, &aside).expect("index aside");
    let scanned = open_and_read(3).await;
    std::fs::rename(&aside, &idx).expect("index back");
    println!(
        "| a reader's open and one read | {:.2} ms (offset index) | every frame header read: {:.0} ms | {:.0}x faster |",
        indexed.as_secs_f64() * 1e3,
        scanned.as_secs_f64() * 1e3,
        scanned.as_secs_f64() / indexed.as_secs_f64()
    );

    // --- Rebuild vs raw insertion of the same rows.
    let ours_db = dir.path().join("ours.sqlite");
    let t = Instant::now();
    let mut projector = Projector::open(&ours_db).expect("projector");
    projector
        .catch_up(&store, &chain, 4096, |_| {})
        .await
        .expect("catch up");
    let ours = t.elapsed();
    let tables = floorbook_projections::PROJECTED_TABLES;
    let mut rows: Vec<(String, usize, Vec<Vec<rusqlite::types::Value>>)> = Vec::new();
    let mut total_rows = 0;
    for table in tables {
        let mut stmt = projector
            .connection()
            .prepare(&format!("SELECT * FROM {table}"))
            .expect("select");
        let cols = stmt.column_count();
        let r: Vec<Vec<rusqlite::types::Value>> = stmt
            .query_map([], |r| (0..cols).map(|i| r.get(i)).collect())
            .expect("rows")
            .collect::<Result<_, _>>()
            .expect("rows");
        total_rows += r.len();
        rows.push((table.to_string(), cols, r));
    }
    let raw_db = dir.path().join("raw.sqlite");
    drop(Projector::open(&raw_db).expect("schema"));
    let t = Instant::now();
    let mut conn = rusqlite::Connection::open(&raw_db).expect("raw");
    conn.pragma_update(None, "journal_mode", "WAL")
        .expect("wal");
    conn.pragma_update(None, "synchronous", "NORMAL")
        .expect("sync");
    for (table, cols, r) in &rows {
        let tx = conn.transaction().expect("tx");
        {
            let marks = vec!["?"; *cols].join(", ");
            let mut stmt = tx
                .prepare(&format!("INSERT INTO {table} VALUES ({marks})"))
                .expect("insert");
            for row in r {
                stmt.execute(rusqlite::params_from_iter(row.iter()))
                    .expect("row");
            }
        }
        tx.commit().expect("commit");
    }
    let raw = t.elapsed();
    println!("\n| measure | ours | reference | ratio |\n|---|---|---|---|");
    println!(
        "| projection rebuild | {:.0} events/s ({total_rows} rows) | raw insertion of the same rows: {:.0} rows/s | {:.2}x (raw time / our time) |",
        events as f64 / ours.as_secs_f64(),
        total_rows as f64 / raw.as_secs_f64(),
        raw.as_secs_f64() / ours.as_secs_f64()
    );

    // --- Snapshots, then explain at random positions: the shipped code
    // (`floorbook_ledger::snapshots`), as `explain` runs it.
    let t = Instant::now();
    let snaps = floorbook_ledger::snapshots::update_snapshots(&mut projector, &store, &chain)
        .await
        .expect("snapshots agree");
    let full = t.elapsed();
    let bytes: f64 = projector
        .connection()
        .query_row(
            "SELECT coalesce(avg(length(state)), 0) FROM replay_snapshots",
            [],
            |r| r.get(0),
        )
        .expect("snapshot sizes");
    println!(
        "\nsnapshots: {snaps} every {SNAPSHOT_EVERY} events, mean {:.0} KB; the whole chain re-derived once in {:.0} ms",
        bytes / 1024.0,
        full.as_secs_f64() * 1e3
    );
    let seqs = load(&store, chain.clone()).await.expect("load").seqs;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut lat = Vec::new();
    // Where the time goes: finding the snapshot and reading from it, re-deriving.
    let mut parts = [Duration::ZERO; 2];
    // The slowest questions, with their parts, to see what the tail is made of.
    let mut slowest: Vec<(Duration, [Duration; 2], u64)> = Vec::new();
    for _ in 0..200 {
        let before = parts;
        let seq = seqs[(rng.next_u64() % seqs.len() as u64) as usize];
        let t = Instant::now();
        let rec = load_near(&projector, &store, chain.clone(), Some(seq))
            .await
            .expect("load");
        parts[0] += t.elapsed();
        let t0 = Instant::now();
        let index = rec.index_of(seq).expect("a decision");
        let step = rec
            .replayer()
            .run_through(index)
            .expect("agrees")
            .expect("a step");
        parts[1] += t0.elapsed();
        assert!(step.from <= index);
        lat.push(t.elapsed());
        slowest.push((
            t.elapsed(),
            std::array::from_fn(|i| parts[i] - before[i]),
            seq,
        ));
    }
    lat.sort();
    slowest.sort_by_key(|q| std::cmp::Reverse(q.0));
    for (total, p, seq) in slowest.iter().take(3) {
        println!(
            "slow question at seq {seq}: {:.2} ms (snapshot and read {:.2}, re-derive {:.2})",
            total.as_secs_f64() * 1e3,
            p[0].as_secs_f64() * 1e3,
            p[1].as_secs_f64() * 1e3
        );
    }
    println!(
        "explain time, summed over 200: snapshot and event read {:.0} ms, re-derivation {:.0} ms",
        parts[0].as_secs_f64() * 1e3,
        parts[1].as_secs_f64() * 1e3
    );
    // The reference: re-deriving from the start, at a few positions.
    let mut from_start = Vec::new();
    for _ in 0..5 {
        let seq = seqs[(rng.next_u64() % seqs.len() as u64) as usize];
        let t = Instant::now();
        let rec = load(&store, chain.clone()).await.expect("load");
        let index = rec.index_of(seq).expect("a decision");
        rec.into_replayer().run_through(index).expect("agrees");
        from_start.push(t.elapsed());
    }
    from_start.sort();
    let mean = lat.iter().sum::<Duration>() / lat.len() as u32;
    let ref_mean = from_start.iter().sum::<Duration>() / from_start.len() as u32;
    println!(
        "| explain at 200 random positions | p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms | from the start (5 positions): mean {:.1} ms | {:.0}x faster (mean) |",
        percentile(&lat, 0.5).as_secs_f64() * 1e3,
        percentile(&lat, 0.99).as_secs_f64() * 1e3,
        lat.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
        ref_mean.as_secs_f64() * 1e3,
        ref_mean.as_secs_f64() / mean.as_secs_f64()
    );
}
