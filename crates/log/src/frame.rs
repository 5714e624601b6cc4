//! The frame: how stored events are laid end to end, in the embedded store's files and in a
//! NATS message alike.
//!
//! `len: u32 LE | !len: u32 LE | event bytes | stored hash: 32 bytes`. The complement lets a
//! damaged length be told apart from a write cut short; the stored hash lets a change to an
//! event be found at that event.

use crate::{EventHash, SealedEvent};

/// Bytes before the event: the length and its complement.
pub const FRAME_HEADER: usize = 8;
/// Bytes after the event: the stored hash.
pub const FRAME_TRAILER: usize = 32;
/// An event larger than this is refused on write and read as damage.
pub const MAX_EVENT_BYTES: u32 = 16 << 20;

/// What is found at a position of framed data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Frame<'a> {
    Whole {
        bytes: &'a [u8],
        hash: EventHash,
        /// Length of the whole frame.
        size: usize,
    },
    /// The data ends inside the frame, or only zeros follow (a write cut short).
    Incomplete,
    /// The header contradicts itself or names an impossible length.
    Damaged(String),
}

/// Appends the frame of `event` to `out`. Events longer than [`MAX_EVENT_BYTES`] or empty are
/// refused (None).
pub fn encode_frame(event: &SealedEvent, out: &mut Vec<u8>) -> Option<()> {
    let n = u32::try_from(event.bytes.len())
        .ok()
        .filter(|&n| n > 0 && n <= MAX_EVENT_BYTES)?;
    out.extend_from_slice(&n.to_le_bytes());
    out.extend_from_slice(&(!n).to_le_bytes());
    out.extend_from_slice(&event.bytes);
    out.extend_from_slice(&event.hash.0);
    Some(())
}

/// Reads the frame at the start of `data`.
pub fn decode_frame(data: &[u8]) -> Frame<'_> {
    let word = |at: usize| -> Option<u32> {
        let b: [u8; 4] = data.get(at..at + 4)?.try_into().ok()?;
        Some(u32::from_le_bytes(b))
    };
    let (Some(len), Some(check)) = (word(0), word(4)) else {
        return Frame::Incomplete;
    };
    if check != !len {
        if data.iter().all(|&b| b == 0) {
            return Frame::Incomplete;
        }
        return Frame::Damaged(format!(
            "frame header damaged (length {len}, check {check:#x})"
        ));
    }
    if len == 0 || len > MAX_EVENT_BYTES {
        return Frame::Damaged(format!(
            "frame length {len} is outside 1..={MAX_EVENT_BYTES}"
        ));
    }
    let end = FRAME_HEADER + len as usize;
    match data.get(end..end + FRAME_TRAILER) {
        Some(h) => {
            let mut hash = [0u8; 32];
            hash.copy_from_slice(h);
            Frame::Whole {
                bytes: &data[FRAME_HEADER..end],
                hash: EventHash(hash),
                size: end + FRAME_TRAILER,
            }
        }
        None => Frame::Incomplete,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seq;

    fn event(bytes: &[u8]) -> SealedEvent {
        SealedEvent {
            seq: Seq(1),
            prev: EventHash::GENESIS,
            hash: EventHash::of_event(&EventHash::GENESIS, bytes),
            bytes: bytes.to_vec(),
        }
    }

    #[test]
    fn frames_round_trip_end_to_end() {
        let (a, b) = (event(b"{\"a\":1}"), event(b"{}"));
        let mut data = Vec::new();
        encode_frame(&a, &mut data).expect("a");
        encode_frame(&b, &mut data).expect("b");
        let Frame::Whole { bytes, hash, size } = decode_frame(&data) else {
            panic!("first frame");
        };
        assert_eq!((bytes, hash), (a.bytes.as_slice(), a.hash));
        let Frame::Whole { bytes, .. } = decode_frame(&data[size..]) else {
            panic!("second frame");
        };
        assert_eq!(bytes, b.bytes.as_slice());
    }

    #[test]
    fn cut_short_and_zero_tails_are_incomplete_but_a_bad_header_is_damage() {
        let mut data = Vec::new();
        encode_frame(&event(b"{\"a\":1}"), &mut data).expect("frame");
        for cut in 0..data.len() {
            assert_eq!(
                decode_frame(&data[..cut]),
                Frame::Incomplete,
                "cut at {cut}"
            );
        }
        assert_eq!(decode_frame(&[0; 40]), Frame::Incomplete);
        let mut bad = data.clone();
        bad[0] ^= 4;
        assert!(matches!(decode_frame(&bad), Frame::Damaged(_)));
        assert!(encode_frame(&event(b""), &mut Vec::new()).is_none());
    }
}
