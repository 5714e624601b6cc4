//! A tournament as a chain: what a tournament chain holds ([`chain::ChainEvent`]), the drafts of
//! a tournament played without one ([`drafts`]), reading a chain back ([`reader`]), the replay
//! snapshots `explain` resumes from ([`snapshots`]), following a live chain ([`resume`]) and the views of a table and its hand
//! ([`view`]).
//!
//! Invariant: no runtime and no network client (tokio and async-nats are kept out by
//! `.ci/layering`); it reads and writes through the log's `EventStore` trait and the
//! projections database.

pub mod audit;
pub mod cash;
pub mod chain;
pub mod drafts;
pub mod explain;
pub mod league;
pub mod members;
pub mod ohh;
pub mod ots;
pub mod reader;
pub mod report;
pub mod resume;
pub mod secret;
pub mod snapshots;
pub mod transparency;
pub mod view;

/// Replay snapshots are stored every this many tournament events: `explain` and `replay`
/// resume from the latest one before the asked point and re-derive at most this many events
/// (see `docs/benchmarks.md` for the trade between latency and space).
pub const SNAPSHOT_EVERY: usize = 500;

/// How far past the asked event `explain` reads, for commands that look ahead (a level
/// change reads on to its hand; a deal to its cards).
pub const LOOKAHEAD: u64 = 256;

/// How far the events read for a question about `seq` must reach: `LOOKAHEAD` past it, and
/// past the whole seat draw when the events read so far hold the start (one seat per player,
/// one button per table).
pub fn window_end(
    seq: u64,
    seqs: &[u64],
    events: &[floorbook_tournament::engine::TournamentEvent],
) -> u64 {
    use floorbook_tournament::engine::TournamentEvent;
    // Saturating: `seq` is what the user asked about, any number.
    let mut end = seq.saturating_add(LOOKAHEAD);
    for (s, e) in seqs.iter().zip(events) {
        if let TournamentEvent::Started {
            players, tables, ..
        } = e
        {
            end = end.max(
                s.saturating_add(u64::from(*players) + u64::from(*tables))
                    .saturating_add(LOOKAHEAD),
            );
        }
    }
    end
}
