//! Receipts a player keeps: the C2SP `tlog-proof@v1` format. A receipt is the leaf's own bytes
//! (its `extra` line, so that a verifier needs nothing else), the leaf's index, the inclusion
//! proof, and the log's signed checkpoint:
//!
//! ```text
//! c2sp.org/tlog-proof@v1
//! extra <base64 of the leaf's bytes>
//! index <zero-based index, decimal>
//! <base64 hash, one per line, from the leaf's sibling up>
//!
//! <the checkpoint, verbatim>
//! ```
//!
//! Checked offline against the log's verifier key: the leaf reads, the proof leads from its
//! hash to the checkpoint's root, and the checkpoint is the log's. Two receipts the log signed
//! can prove it lied ([`conflict`]): two leaves at one index, one chain event recorded twice
//! with two hashes, two roots for one size.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use tlog_tiles::tlog::Hash;

use crate::lines::{Lines, LinesError, decimal_after};
use crate::{Checkpoint, Leaf, TlogError, leaf_hash, open_checkpoint, verify_inclusion};

/// The format's first line.
pub const HEADER: &str = "c2sp.org/tlog-proof@v1";

/// The most hashes an inclusion proof has (a tree of 2⁶⁴ leaves has 64 levels).
const MAX_PROOF: usize = 64;

/// A receipt as written: not yet checked.
#[derive(Debug, Clone, PartialEq)]
pub struct Receipt {
    /// The leaf's bytes ([`Leaf`]'s layout).
    pub leaf: Vec<u8>,
    pub index: u64,
    pub proof: Vec<Hash>,
    /// The signed checkpoint, verbatim (with any cosignatures).
    pub checkpoint: Vec<u8>,
}

/// What a receipt proves once checked: this leaf is entry `index` of the log whose signed
/// checkpoint is `checkpoint`.
#[derive(Debug, Clone, PartialEq)]
pub struct Proven {
    pub leaf: Leaf,
    pub index: u64,
    pub checkpoint: Checkpoint,
}

fn bad(why: impl Into<String>) -> TlogError {
    TlogError::Receipt(why.into())
}

impl Receipt {
    /// The receipt in the `tlog-proof@v1` text form.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = format!(
            "{HEADER}\nextra {}\nindex {}\n",
            STANDARD.encode(&self.leaf),
            self.index
        );
        for h in &self.proof {
            out.push_str(&STANDARD.encode(h.0));
            out.push('\n');
        }
        out.push('\n');
        let mut out = out.into_bytes();
        out.extend_from_slice(&self.checkpoint);
        out
    }

    /// Reads a receipt in the `tlog-proof@v1` text form (nothing is checked but the form).
    pub fn from_bytes(text: &[u8]) -> Result<Receipt, TlogError> {
        let mut lines = Lines::new(text);
        let ended = |_| bad("it ends before its checkpoint");
        if lines.line().map_err(ended)? != HEADER.as_bytes() {
            return Err(bad(format!("its first line is not {HEADER}")));
        }
        let mut next = lines.line().map_err(ended)?;
        let mut leaf = None;
        if let Some(b64) = next.strip_prefix(b"extra ") {
            leaf = Some(
                STANDARD
                    .decode(b64)
                    .map_err(|e| bad(format!("its extra line is not base64: {e}")))?,
            );
            next = lines.line().map_err(ended)?;
        }
        let leaf = leaf.ok_or_else(|| {
            bad("it carries no leaf (an `extra` line): a Floorbook receipt needs its event's leaf")
        })?;
        let index = decimal_after(next, "index")
            .ok_or_else(|| bad("its index line is not `index` and a decimal number"))?;
        let proof = lines.hashes(MAX_PROOF).map_err(|e| match e {
            LinesError::Ended => bad("it ends before its checkpoint"),
            LinesError::TooMany => bad(format!("its proof has more than {MAX_PROOF} hashes")),
            LinesError::NotAHash => bad("a line of its proof is not a base64 SHA-256 hash"),
        })?;
        if lines.rest().is_empty() {
            return Err(bad("it has no checkpoint"));
        }
        Ok(Receipt {
            leaf,
            index,
            proof,
            checkpoint: lines.rest().to_vec(),
        })
    }

    /// Checks the receipt against the log's verifier key: the leaf reads, the checkpoint is
    /// the log's, and the proof leads from the leaf to the checkpoint's root.
    pub fn verify(&self, vkey: &str) -> Result<Proven, TlogError> {
        let leaf = Leaf::from_bytes(&self.leaf)?;
        let checkpoint = open_checkpoint(&self.checkpoint, vkey)?;
        verify_inclusion(
            &self.proof,
            self.index,
            checkpoint.size,
            checkpoint.root,
            leaf_hash(&self.leaf),
        )?;
        Ok(Proven {
            leaf,
            index: self.index,
            checkpoint,
        })
    }
}

/// Two receipts the log signed that cannot both be true of one append-only log.
#[derive(Debug, Clone, PartialEq)]
pub enum Conflict {
    /// Two different leaves at one index.
    OneIndexTwoLeaves { index: u64, a: Leaf, b: Leaf },
    /// One chain's event recorded twice, with two hashes (the chain was rewritten).
    OneEventTwoHashes { a: Leaf, b: Leaf },
    /// A chain's next event that does not follow the one before it.
    Unlinked { a: Leaf, b: Leaf },
    /// Two trees of one size with two roots.
    OneSizeTwoRoots { size: u64, a: Hash, b: Hash },
}

impl std::fmt::Display for Conflict {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let hex = |h: &[u8; 32]| blake3::Hash::from_bytes(*h).to_hex();
        match self {
            Conflict::OneIndexTwoLeaves { index, a, b } => write!(
                f,
                "the log signed two different entries at index {index}: chain {} event {} (blake3 {}) and chain {} event {} (blake3 {})",
                a.chain,
                a.seq,
                hex(&a.event),
                b.chain,
                b.seq,
                hex(&b.event)
            ),
            Conflict::OneEventTwoHashes { a, b } => write!(
                f,
                "the log signed chain {} event {} twice with two different events: blake3 {} and blake3 {}: the chain was rewritten",
                a.chain,
                a.seq,
                hex(&a.event),
                hex(&b.event)
            ),
            Conflict::Unlinked { a, b } => write!(
                f,
                "the log signed chain {} event {} (blake3 {}) and event {} whose previous event is blake3 {}: the chain was rewritten",
                a.chain,
                a.seq,
                hex(&a.event),
                b.seq,
                hex(&b.previous)
            ),
            Conflict::OneSizeTwoRoots { size, a, b } => write!(
                f,
                "the log signed two different trees of {size} entries: roots {a} and {b}"
            ),
        }
    }
}

/// Checks both receipts against the log's key, then says whether together they prove that the
/// log is not one append-only log (None: these two do not show it).
pub fn conflict(a: &Receipt, b: &Receipt, vkey: &str) -> Result<Option<Conflict>, TlogError> {
    let a = a.verify(vkey)?;
    let b = b.verify(vkey)?;
    // The most telling first: what the leaves say, then the trees.
    if a.index == b.index && a.leaf != b.leaf {
        return Ok(Some(Conflict::OneIndexTwoLeaves {
            index: a.index,
            a: a.leaf,
            b: b.leaf,
        }));
    }
    if a.leaf.chain == b.leaf.chain {
        if a.leaf.seq == b.leaf.seq && a.leaf != b.leaf {
            return Ok(Some(Conflict::OneEventTwoHashes {
                a: a.leaf,
                b: b.leaf,
            }));
        }
        let (first, then) = if a.leaf.seq < b.leaf.seq {
            (a.leaf, b.leaf)
        } else {
            (b.leaf, a.leaf)
        };
        if first.seq + 1 == then.seq && then.previous != first.event {
            return Ok(Some(Conflict::Unlinked { a: first, b: then }));
        }
    }
    if a.checkpoint.size == b.checkpoint.size && a.checkpoint.root != b.checkpoint.root {
        return Ok(Some(Conflict::OneSizeTwoRoots {
            size: a.checkpoint.size,
            a: a.checkpoint.root,
            b: b.checkpoint.root,
        }));
    }
    Ok(None)
}
