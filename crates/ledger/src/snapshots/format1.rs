//! How far a question about a chain of format 1 reads: such a chain recorded no commands, and
//! a command is read back from the decisions after it (a level change reads on to its hand,
//! a deal to its cards, a seat draw to its last seat). Only such chains come here.

use floorbook_tournament::engine::TournamentEvent;

/// How far past the asked event a command's inputs may follow it.
const LOOKAHEAD: u64 = 256;

/// How far the events read for a question about `seq` must reach: `LOOKAHEAD` past it, and
/// past the whole seat draw when the events read so far hold the start (one seat per player,
/// one button per table).
pub(super) fn window_end(seq: u64, seqs: &[u64], events: &[TournamentEvent]) -> u64 {
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
