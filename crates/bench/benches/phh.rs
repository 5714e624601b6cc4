//! PHH hands replayed per second: Floorbook against PokerKit replaying the same hands, in the
//! same run (PokerKit through `python3`, when it is installed).
//!
//! Run: `cargo bench -p floorbook-bench --bench phh`

use std::process::Command;
use std::time::Instant;

use floorbook_phh::{parse_phh, replay};

/// The allocator the `floorbook` binary uses.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const PYTHON: &str = r#"
import json, sys, time, warnings
warnings.filterwarnings("ignore")
from pokerkit import HandHistory
texts = [json.loads(l)["phh"] for l in open(sys.argv[1])]
best = None
for _ in range(3):
    start = time.perf_counter()
    for t in texts:
        try:
            for state in HandHistory.loads(t):
                pass
        except Exception:
            pass
    took = time.perf_counter() - start
    best = took if best is None else min(best, took)
print(len(texts) / best)
"#;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/phh/corpus.jsonl");
    let text = std::fs::read_to_string(path).expect("corpus");
    let hands: Vec<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("json");
            v["phh"].as_str().expect("phh").to_string()
        })
        .collect();
    let rounds = 20;
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
    let reference = Command::new("python3")
        .arg("-c")
        .arg(PYTHON)
        .arg(path)
        .output();
    match reference {
        Ok(out) if out.status.success() => {
            let theirs: f64 = String::from_utf8_lossy(&out.stdout)
                .trim()
                .parse()
                .unwrap_or(0.0);
            println!(
                "PokerKit (python3, HandHistory.loads + replay, fastest of 3): {theirs:.0} hands/s"
            );
            if theirs > 0.0 {
                println!("ratio: {:.0}x", ours / theirs);
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
