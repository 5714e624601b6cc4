//! Benchmarks that measure Floorbook against a reference in the same run, so that the figures
//! in `docs/benchmarks.md` are ratios on one machine at one moment, not absolute numbers from
//! different days. The benchmarks are in `benches/`; this library holds what they share.

use std::time::{Duration, Instant};

/// Runs `f` `rounds` times and returns the fastest run and its result. The fastest run is the
/// one least disturbed by the rest of the machine.
pub fn best_of<T>(rounds: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best: Option<(Duration, T)> = None;
    for _ in 0..rounds.max(1) {
        let start = Instant::now();
        let out = f();
        let took = start.elapsed();
        if best.as_ref().is_none_or(|(b, _)| took < *b) {
            best = Some((took, out));
        }
    }
    match best {
        Some(b) => b,
        None => unreachable!("rounds.max(1) runs at least once"),
    }
}

/// Runs `a` and `b` alternately, `rounds` times each, and returns the fastest run of each.
/// Alternating keeps both sides under the same machine conditions (frequency, other load).
pub fn interleaved<A, B>(
    rounds: usize,
    mut a: impl FnMut() -> A,
    mut b: impl FnMut() -> B,
) -> (Duration, Duration) {
    let mut best_a = Duration::MAX;
    let mut best_b = Duration::MAX;
    for _ in 0..rounds.max(1) {
        let start = Instant::now();
        std::hint::black_box(a());
        best_a = best_a.min(start.elapsed());
        let start = Instant::now();
        std::hint::black_box(b());
        best_b = best_b.min(start.elapsed());
    }
    (best_a, best_b)
}

/// Items per second, in millions.
pub fn mega_per_second(items: u64, took: Duration) -> f64 {
    items as f64 / took.as_secs_f64() / 1e6
}

/// The `p` quantile (0 to 1) of `sorted` latencies: the nearest rank; zero when there are none.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// The least a command costs on JetStream, as the service benchmarks' reference: `clients` at
/// once, each publishing `per` messages of `bytes` bytes to its own subject of the file-stored
/// stream `RAW` (`replicas` copies) and waiting for each acknowledgement. Each latency, sorted.
pub async fn acknowledged_publishes(
    url: &str,
    clients: usize,
    per: usize,
    bytes: usize,
    replicas: usize,
) -> Vec<Duration> {
    let js = async_nats::jetstream::new(async_nats::connect(url).await.expect("connect"));
    js.get_or_create_stream(async_nats::jetstream::stream::Config {
        name: "RAW".into(),
        subjects: vec!["raw.>".into()],
        storage: async_nats::jetstream::stream::StorageType::File,
        num_replicas: replicas,
        ..Default::default()
    })
    .await
    .expect("stream");
    let mut tasks = tokio::task::JoinSet::new();
    for c in 0..clients {
        let js = js.clone();
        tasks.spawn(async move {
            let payload = bytes::Bytes::from(vec![b'x'; bytes]);
            let mut lat = Vec::with_capacity(per);
            for _ in 0..per {
                let t = Instant::now();
                js.publish(format!("raw.c{c}"), payload.clone())
                    .await
                    .expect("publish")
                    .await
                    .expect("ack");
                lat.push(t.elapsed());
            }
            lat
        });
    }
    let mut all = Vec::new();
    while let Some(l) = tasks.join_next().await {
        all.extend(l.expect("client"));
    }
    all.sort();
    all
}
