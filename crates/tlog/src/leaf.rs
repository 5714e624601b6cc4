//! What one leaf commits to: an event of a chain. The layout (`docs/transparency.md`) is fixed
//! so that a verifier needs nothing but these bytes:
//!
//! ```text
//! "FBL1"        4 bytes   the layout's name and version
//! chain length  1 byte    1 to 255
//! chain         n bytes   the chain's name, UTF-8
//! seq           8 bytes   big-endian: the event's sequence in its chain
//! time          8 bytes   big-endian, signed: milliseconds since 1970-01-01 UTC, as recorded
//! event         32 bytes  the event's blake3 hash, as the chain stores it
//! previous      32 bytes  the chain's head before it (zeros for the chain's first event)
//! ```

use crate::TlogError;

const MAGIC: &[u8; 4] = b"FBL1";

/// One event of one chain, as the transparency log commits to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Leaf {
    pub chain: String,
    pub seq: u64,
    /// Milliseconds since 1970-01-01 UTC, as the event was recorded.
    pub at_ms: i64,
    /// The event's blake3 hash.
    pub event: [u8; 32],
    /// The chain's head before it.
    pub previous: [u8; 32],
}

impl Leaf {
    /// The leaf's bytes (what its record hash is taken of).
    pub fn to_bytes(&self) -> Result<Vec<u8>, TlogError> {
        let chain = self.chain.as_bytes();
        let len = u8::try_from(chain.len()).map_err(|_| TlogError::Leaf {
            got: chain.len(),
            why: "a chain's name is 1 to 255 bytes",
        })?;
        if len == 0 {
            return Err(TlogError::Leaf {
                got: 0,
                why: "a chain's name is 1 to 255 bytes",
            });
        }
        let mut out = Vec::with_capacity(4 + 1 + chain.len() + 8 + 8 + 64);
        out.extend_from_slice(MAGIC);
        out.push(len);
        out.extend_from_slice(chain);
        out.extend_from_slice(&self.seq.to_be_bytes());
        out.extend_from_slice(&self.at_ms.to_be_bytes());
        out.extend_from_slice(&self.event);
        out.extend_from_slice(&self.previous);
        Ok(out)
    }

    /// Reads a leaf's bytes back; refused when they are not exactly the layout.
    pub fn from_bytes(b: &[u8]) -> Result<Leaf, TlogError> {
        let bad = |why| TlogError::Leaf { got: b.len(), why };
        let rest = b
            .strip_prefix(MAGIC)
            .ok_or_else(|| bad("it does not begin with FBL1"))?;
        let (&len, rest) = rest.split_first().ok_or_else(|| bad("it ends early"))?;
        let len = usize::from(len);
        if len == 0 || rest.len() != len + 8 + 8 + 64 {
            return Err(bad("its length does not match its chain's name"));
        }
        let (chain, rest) = rest.split_at(len);
        let chain = std::str::from_utf8(chain)
            .map_err(|_| bad("the chain's name is not UTF-8"))?
            .to_string();
        let (seq, rest) = rest.split_at(8);
        let (at, rest) = rest.split_at(8);
        let (event, previous) = rest.split_at(32);
        let eight = |s: &[u8]| <[u8; 8]>::try_from(s).map_err(|_| bad("it ends early"));
        let hash = |s: &[u8]| <[u8; 32]>::try_from(s).map_err(|_| bad("it ends early"));
        Ok(Leaf {
            chain,
            seq: u64::from_be_bytes(eight(seq)?),
            at_ms: i64::from_be_bytes(eight(at)?),
            event: hash(event)?,
            previous: hash(previous)?,
        })
    }
}
