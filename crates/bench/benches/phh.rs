//! PHH hands replayed per second: Floorbook against PokerKit replaying the same hands, in the
//! same run (PokerKit through `python3`, when it is installed).
//!
//! Run: `cargo bench -p floorbook-bench --bench phh`; another corpus of `tests/phh/` (the stud
//! hands: `stud.jsonl`) with `FLOORBOOK_BENCH_CORPUS=stud.jsonl`.

use std::process::Command;
use std::time::Instant;

use floorbook_phh::{parse_phh, replay_any as replay};

/// The allocator the `floorbook` binary uses.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// PokerKit replaying the corpus: in one process, then in one process per core (the texts
/// split evenly), fastest of three each. Prints both rates.
const PYTHON: &str = r#"
import json, os, sys, time, warnings
from multiprocessing import Pool
warnings.filterwarnings("ignore")
from pokerkit import HandHistory

def run(texts):
    for t in texts:
        try:
            for state in HandHistory.loads(t):
                pass
        except Exception:
            pass
    return len(texts)

if __name__ == "__main__":
    texts = [json.loads(l)["phh"] for l in open(sys.argv[1])]
    cores = os.cpu_count() or 1
    best, best_all = None, None
    with Pool(cores) as pool:
        parts = [texts[i::cores] for i in range(cores)]
        pool.map(run, parts)  # warm the workers (imports)
        for _ in range(3):
            start = time.perf_counter()
            run(texts)
            took = time.perf_counter() - start
            best = took if best is None else min(best, took)
            start = time.perf_counter()
            pool.map(run, parts)
            took = time.perf_counter() - start
            best_all = took if best_all is None else min(best_all, took)
    print(len(texts) / best, len(texts) / best_all, cores)
"#;

fn main() {
    let corpus =
        std::env::var("FLOORBOOK_BENCH_CORPUS").unwrap_or_else(|_| "corpus.jsonl".to_string());
    let path = format!("{}/../../tests/phh/{corpus}", env!("CARGO_MANIFEST_DIR"));
    let path = path.as_str();
    let text = std::fs::read_to_string(path).expect("corpus");
    let hands: Vec<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            v["phh"].as_str().expect("phh").to_string()
        })
        .collect();
    let rounds: usize = std::env::var("FLOORBOOK_BENCH_ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(20);
    let mut best = f64::MAX;
    let mut replayed = 0usize;
    for _ in 0..rounds {
        let start = Instant::now();
        replayed = 0;
        for h in &hands {
            if let Ok(p) = parse_phh(h)
                && replay(&p).is_ok()
            {
                replayed += 1;
            }
        }
        best = best.min(start.elapsed().as_secs_f64());
    }
    let ours = hands.len() as f64 / best;
    let parsed: Vec<_> = hands.iter().filter_map(|h| parse_phh(h).ok()).collect();
    let start = Instant::now();
    for _ in 0..rounds {
        for h in &hands {
            std::hint::black_box(parse_phh(h).ok());
        }
    }
    let parse_only = (hands.len() * rounds) as f64 / start.elapsed().as_secs_f64();
    let start = Instant::now();
    for _ in 0..rounds {
        for p in &parsed {
            std::hint::black_box(replay(p).ok());
        }
    }
    let replay_only = (parsed.len() * rounds) as f64 / start.elapsed().as_secs_f64();
    println!(
        "parse only: {parse_only:.0} hands/s; replay only (parsed once): {replay_only:.0} hands/s"
    );
    println!(
        "# PHH replay benchmark ({} hands; parse + replay; fastest of {rounds} rounds)\n",
        hands.len()
    );
    println!(
        "floorbook: {ours:.0} hands/s ({replayed} replayed, the rest rejected as PokerKit rejects them)"
    );
    // Every core: the hands split evenly, one thread per core, as `floorbook phh replay`
    // works through many files.
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut best_all = f64::MAX;
    for _ in 0..rounds {
        let start = Instant::now();
        std::thread::scope(|s| {
            for part in hands.chunks(hands.len().div_ceil(cores)) {
                s.spawn(move || {
                    for h in part {
                        if let Ok(p) = parse_phh(h) {
                            std::hint::black_box(replay(&p).ok());
                        }
                    }
                });
            }
        });
        best_all = best_all.min(start.elapsed().as_secs_f64());
    }
    let ours_all = hands.len() as f64 / best_all;
    println!("floorbook on {cores} cores: {ours_all:.0} hands/s");
    let reference = Command::new("python3")
        .arg("-c")
        .arg(PYTHON)
        .arg(path)
        .output();
    match reference {
        Ok(out) if out.status.success() => {
            let figures: Vec<f64> = String::from_utf8_lossy(&out.stdout)
                .split_whitespace()
                .filter_map(|x| x.parse().ok())
                .collect();
            let [theirs, theirs_all, their_cores] = figures[..] else {
                println!("PokerKit reference not measured: unexpected output {figures:?}");
                return;
            };
            println!(
                "PokerKit (python3, HandHistory.loads + replay, fastest of 3): {theirs:.0} hands/s; \
                 {theirs_all:.0} hands/s in {their_cores} processes"
            );
            if theirs > 0.0 && theirs_all > 0.0 {
                println!(
                    "ratio, one core each: {:.0}x; every core each: {:.0}x",
                    ours / theirs,
                    ours_all / theirs_all
                );
            }
        }
        Ok(out) => println!(
            "PokerKit reference not measured: {}",
            String::from_utf8_lossy(&out.stderr)
                .lines()
                .last()
                .unwrap_or("python3 failed")
        ),
        Err(e) => println!("PokerKit reference not measured: python3 not runnable ({e})"),
    }
}
