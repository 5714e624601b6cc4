//! Projections and replay against references, in one run, on one simulated tournament chain
//! (deepstack, patient bots; `FLOORBOOK_BENCH_PLAYERS`, default 1,400 players: about a million
//! events):
//! - projection rebuild (`Projector::catch_up` over the stored chain) vs raw SQLite insertion
//!   of the same rows (prepared statements, one transaction per table);
//! - `explain` latency at random positions: latest stored snapshot before the position, the
//!   events from there, resume, re-derive through the position — vs re-deriving from the
//!   start of the chain.
//!
//! Run: `cargo bench -p floorbook-bench --bench replay`.

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use floorbook_log::{ChainId, ChainWriter, Seq};
use floorbook_projections::Projector;
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_tournament::engine::TournamentEvent;
use floorbook_tournament::replay::{Replayer, Snapshot};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use floorbook::{LOOKAHEAD, SNAPSHOT_EVERY};

/// The tournament events from `from` (to `until`) with their sequences: the reader `explain`
/// uses.
async fn read_tournament(
    store: &EmbeddedStore,
    chain: &ChainId,
    from: Seq,
    until: Option<u64>,
) -> (Vec<u64>, Vec<TournamentEvent>) {
    floorbook::recorded::read_events(store, chain, from, until)
        .await
        .expect("read")
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let players: u32 = std::env::var("FLOORBOOK_BENCH_PLAYERS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1400);
    // Patient bots (the default here) play many hands per player: 1,400 players give a chain
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
    let drafts = floorbook::record::drafts(&sim.tournament, &profile, toml, 1, at).expect("drafts");
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

    // --- Snapshots, then explain at random positions.
    let (seqs, log) = read_tournament(&store, &chain, Seq::FIRST, None).await;
    let t = Instant::now();
    let mut r = Replayer::new(profile.clone(), log.clone());
    let mut last = 0;
    let mut snaps = 0;
    let mut bytes = 0;
    while r.step().expect("agrees").is_some() {
        let p = r.position();
        if p >= last + SNAPSHOT_EVERY {
            let next_seq = seqs.get(p).copied().unwrap_or(u64::MAX / 2);
            let state = serde_json::to_string(&r.snapshot()).expect("snapshot");
            bytes += state.len();
            projector
                .put_snapshot(&chain, p as u64, next_seq, &state)
                .expect("store snapshot");
            last = p;
            snaps += 1;
        }
    }
    let full = t.elapsed();
    println!(
        "\nsnapshots: {snaps} every {SNAPSHOT_EVERY} events, mean {} KB; the whole chain re-derived once in {:.0} ms",
        bytes / snaps.max(1) / 1024,
        full.as_secs_f64() * 1e3
    );
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut lat = Vec::new();
    // Where the time goes: reading the snapshot, reading the events, re-deriving.
    let mut parts = [Duration::ZERO; 4];
    // The slowest questions, with their parts, to see what the tail is made of.
    let mut slowest: Vec<(Duration, [Duration; 4], u64)> = Vec::new();
    for _ in 0..200 {
        let before = parts;
        let index = (rng.next_u64() % log.len() as u64) as usize;
        let seq = seqs[index];
        let t = Instant::now();
        let t0 = Instant::now();
        let found = projector
            .snapshot_before(&chain, Some(seq))
            .expect("lookup");
        parts[3] += t0.elapsed();
        let mut r = match found {
            Some((_, next_seq, state)) => {
                let t0 = Instant::now();
                let snap: Snapshot = serde_json::from_str(&state).expect("state");
                parts[0] += t0.elapsed();
                let t0 = Instant::now();
                let (mut seqs_read, mut tail) =
                    read_tournament(&store, &chain, Seq(next_seq), Some(seq + LOOKAHEAD)).await;
                let end = floorbook::window_end(seq, &seqs_read, &tail);
                let have = seqs_read.last().copied().unwrap_or(next_seq);
                if end > have {
                    let (s2, e2) = read_tournament(&store, &chain, Seq(have + 1), Some(end)).await;
                    seqs_read.extend(s2);
                    tail.extend(e2);
                }
                parts[1] += t0.elapsed();
                Replayer::resume(snap, tail)
            }
            None => {
                let (_, head) =
                    read_tournament(&store, &chain, Seq::FIRST, Some(seq + LOOKAHEAD)).await;
                Replayer::new(profile.clone(), head)
            }
        };
        let t0 = Instant::now();
        let step = r.run_through(index).expect("agrees").expect("a step");
        parts[2] += t0.elapsed();
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
            "slow question at seq {seq}: {:.2} ms (lookup {:.2}, parse {:.2}, read {:.2}, re-derive {:.2})",
            total.as_secs_f64() * 1e3,
            p[3].as_secs_f64() * 1e3,
            p[0].as_secs_f64() * 1e3,
            p[1].as_secs_f64() * 1e3,
            p[2].as_secs_f64() * 1e3
        );
    }
    println!(
        "explain time, summed over 200: snapshot lookup {:.0} ms, snapshot parse {:.0} ms, event read {:.0} ms, re-derivation {:.0} ms",
        parts[3].as_secs_f64() * 1e3,
        parts[0].as_secs_f64() * 1e3,
        parts[1].as_secs_f64() * 1e3,
        parts[2].as_secs_f64() * 1e3
    );
    // The reference: re-deriving from the start, at a few positions.
    let mut from_start = Vec::new();
    for _ in 0..5 {
        let index = (rng.next_u64() % log.len() as u64) as usize;
        let t = Instant::now();
        let (_, all) = read_tournament(&store, &chain, Seq::FIRST, None).await;
        let mut r = Replayer::new(profile.clone(), all);
        r.run_through(index).expect("agrees");
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
