//! The venue's transparency log, beside the blake3 chains (which stay as they are): one
//! append-only Merkle tree with RFC 6962 / RFC 9162 hashing (SHA-256, leaf prefix 0x00, node
//! prefix 0x01), whose leaves commit to the chains' events ([`Leaf`]); inclusion and
//! consistency proofs at any past size ([`Tree`]); checkpoints as C2SP signed notes
//! (`tlog-checkpoint`, Ed25519, [`LogKey`]), so that standard witnesses and verifiers accept
//! them.
//!
//! The Merkle arithmetic is `tlog_tiles` (Go's `sumdb/tlog`, ported) and the notes are
//! `signed_note`: no SHA-256, Ed25519 or proof walk is written here.
//!
//! Invariant: bytes, hashes and files only; no runtime, no network, no clock.

pub mod checkpoint;
pub mod leaf;
mod lines;
pub mod receipt;
pub mod record;
pub mod tiles;
pub mod tree;
pub mod venue;
pub mod witness;

pub use checkpoint::{Checkpoint, LogKey, open_checkpoint, verify_note};
pub use leaf::Leaf;
pub use receipt::{Conflict, Proven, Receipt, conflict};
pub use record::Batch;
pub use tiles::TilePath;
pub use tlog_tiles::tlog::Hash;
pub use tree::{
    FileHashes, HashStore, MemoryHashes, Tree, leaf_hash, verify_consistency, verify_inclusion,
};
pub use venue::VenueLog;
pub use witness::{
    AddCheckpoint, CosignatureVerifier, Refusal, Seen, WitnessError, WitnessKey, WitnessState,
    add_cosignature, add_request, carries_cosignature, check_add, cosigned, split_views,
};

/// Why the transparency log refused or failed.
#[derive(Debug, thiserror::Error)]
pub enum TlogError {
    #[error(
        "the stored hashes end in the middle of an append ({count} stored): the last append did not finish"
    )]
    Torn { count: u64 },
    #[error("the tree has {have} leaves; size {size} is past its end")]
    PastEnd { size: u64, have: u64 },
    #[error("leaf {index} is not in a tree of {size} leaves")]
    NoSuchLeaf { index: u64, size: u64 },
    #[error("a consistency proof runs from a smaller size to a larger one: {old} is past {new}")]
    Backwards { old: u64, new: u64 },
    #[error("the proof does not verify: {0}")]
    Proof(String),
    #[error("a leaf is {got} bytes, not the layout's: {why}")]
    Leaf { got: usize, why: &'static str },
    #[error("the checkpoint is not a valid signed note: {0}")]
    Note(String),
    #[error("the receipt does not read: {0}")]
    Receipt(String),
    #[error("the log's record in the store: {0}")]
    Record(String),
    #[error("the key is not usable: {0}")]
    Key(String),
    #[error(
        "another keeper holds the log's folder {dir}: each keeper needs a folder of its own (the log is the store's record; a new folder is rebuilt from it)"
    )]
    Busy { dir: String },
    #[error("reading or writing the stored hashes: {0}")]
    Io(#[from] std::io::Error),
}
