//! The deck's shuffle against an independent one (issue 42): `tests/golden/independent/deck.py`
//! writes ChaCha20 and the Fisher–Yates from the algorithm's description, in Python's standard
//! library alone, checks its block function against the published keystream of the all-zero
//! key, and prints the deck order of each seed. This build must give the same orders, so that a
//! recorded seed replays as the same hands on any build and in any other language.

use std::path::PathBuf;
use std::process::Command;

use floorbook_cards::{Deck, DeckSeed, ShuffleAlgorithm};

#[test]
fn every_deck_order_matches_an_independent_shuffle() {
    let script =
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden/independent/deck.py");
    let zero = DeckSeed([0; 32]);
    let counting = DeckSeed(std::array::from_fn(|i| i as u8));
    // More seeds: bytes of a simple generator, each different in every byte.
    let more: Vec<DeckSeed> = (1..=8u32)
        .map(|k| {
            DeckSeed(std::array::from_fn(|i| {
                (k.wrapping_mul(2_654_435_761).rotate_left(i as u32) >> 8) as u8 ^ (i as u8)
            }))
        })
        .collect();
    let out = Command::new("python3")
        .arg(&script)
        .args(more.iter().map(|s| s.to_hex()))
        .output()
        .unwrap_or_else(|e| panic!("python3 does not run ({e}): install Python 3"));
    assert!(
        out.status.success(),
        "{}: {}",
        script.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    let seeds: Vec<DeckSeed> = [zero, counting].into_iter().chain(more).collect();
    assert_eq!(lines.len(), seeds.len(), "one order a seed: {lines:?}");
    for (seed, line) in seeds.iter().zip(&lines) {
        let deck = Deck::from_seed(*seed, ShuffleAlgorithm::ChaCha20FisherYatesV1);
        let ours: Vec<String> = deck.order().iter().map(ToString::to_string).collect();
        assert_eq!(&ours.join(" "), line, "seed {}", seed.to_hex());
    }
}
