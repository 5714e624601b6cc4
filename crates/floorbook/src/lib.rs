//! The library half of the `floorbook` package: what the command line and the benchmarks
//! share. The commands themselves live in the binary.

pub mod record;

/// Replay snapshots are stored every this many tournament events: `explain` and `replay`
/// resume from the latest one before the asked point and re-derive at most this many events
/// (see `docs/benchmarks.md` for the trade between latency and space).
pub const SNAPSHOT_EVERY: usize = 500;

/// How far past the asked event `explain` reads, for commands that look ahead (a level
/// change reads on to its hand; a deal to its cards).
pub const LOOKAHEAD: u64 = 256;

/// How far past the asked event to read when resuming from `snapshot`: before the start, the
/// seat draw reads one seat per player and one button per table.
pub fn lookahead(snapshot: &floorbook_tournament::replay::Snapshot) -> u64 {
    let t = &snapshot.tournament;
    if t.started {
        LOOKAHEAD
    } else {
        LOOKAHEAD + 2 * t.players.len() as u64
    }
}
