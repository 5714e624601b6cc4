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
