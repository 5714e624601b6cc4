//! Messages of the chain stream: frames in, events out.

use floorbook_log::{Frame, SealedEvent, Seq, StoredEvent, decode_frame, encode_frame};

/// The payload of one append.
pub(crate) fn encode(events: &[SealedEvent]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(events.iter().map(|e| e.bytes.len() + 40).sum());
    for e in events {
        encode_frame(e, &mut out)?;
    }
    Some(out)
}

/// The events of one message, numbered from `first`. Err carries the index of the first frame
/// that does not decode and why.
pub(crate) fn decode(payload: &[u8], first: Seq) -> Result<Vec<StoredEvent>, (usize, String)> {
    let mut out = Vec::new();
    let mut rest = payload;
    let mut seq = first;
    while !rest.is_empty() {
        match decode_frame(rest) {
            Frame::Whole { bytes, hash, size } => {
                out.push(StoredEvent::stored(seq, hash, bytes.to_vec()));
                rest = &rest[size..];
                seq = seq.next();
            }
            Frame::Incomplete => {
                return Err((out.len(), "the message ends inside an event frame".into()));
            }
            Frame::Damaged(reason) => return Err((out.len(), reason)),
        }
    }
    if out.is_empty() {
        return Err((0, "the message holds no event".into()));
    }
    Ok(out)
}
