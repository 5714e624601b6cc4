//! PHH, the open Poker Hand History format of the PokerKit authors, for Floorbook.
//!
//! [`replay`] plays a PHH hand through the hand engine and returns the finishing stacks. PHH
//! is replayed as PokerKit replays it, because PokerKit is the format's reference:
//! - positions: `p1` is the first seat left of the button and the last player is the button;
//!   heads-up, the `antes` and `blinds_or_straddles` arrays are read reversed (PokerKit's
//!   convention), so `p1` posts the big blind;
//! - the odd chip of a split pot goes whole to the tied winner with the lowest position
//!   ([`OddChip::WholeRemainderToFirst`]); a seed profile governs live play instead (TR-16 or
//!   NOB-3, see `docs/rules.md`);
//! - with `ante_trimming_status`, antes above the second largest are given back, and those
//!   chips do not complete the player's blind (a blind is at most the stack less the ante as
//!   posted);
//! - the minimum raise is the largest raise increment of the round, at least `min_bet`; a short
//!   all-in does not reopen the betting unless several of them add up to a full raise;
//! - a history with gaps is repaired as PokerKit repairs it: a hole card never dealt is dealt
//!   face down, a player whose action is missing checks when he may and otherwise folds, and
//!   a player at the showdown who neither showed nor mucked keeps his cards face down (in
//!   Hold'em the board then plays for him). When the actions run out before the hand ends, the
//!   finishing stacks are the stacks at that point.
//!
//! [`export`] writes an engine hand back as PHH; a replay of the export gives the same hand.
//!
//! Variants: `NT` (no-limit Texas hold'em) and `PO` (pot-limit Omaha) through [`replay`];
//! `F7S`, `F7S/8` and `FR` (fixed-limit seven-card stud, stud hi-lo eight or better, Razz)
//! through [`replay_stud`], with `p1` the first seat left of the dealer.

pub mod batch;
mod export;
mod flat;
mod parse;
mod replay;
mod stud;

/// The PHH texts of a corpus in `tests/phh/` (one JSON line per hand, its text under `phh`).
#[cfg(test)]
fn corpus_texts(file: &str) -> Vec<String> {
    let path = format!("{}/../../tests/phh/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("corpus");
    text.lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).expect("json line");
            v["phh"].as_str().expect("phh").to_string()
        })
        .collect()
}

pub use export::{export, export_with_unknown};
pub use parse::{
    PhhError, PhhHand, PhhsHand, StudLimits, is_stud, parse_phh, parse_phh_with_toml, parse_phhs,
    parse_phhs_with_toml, serde_json_number::Number,
};
pub use replay::{Replay, ReplayError, replay, replay_with};
pub use stud::{
    AnyReplay, StudReplay, export_stud, export_stud_with_unknown, replay_any, replay_stud,
    replay_stud_with, stud_rules,
};
