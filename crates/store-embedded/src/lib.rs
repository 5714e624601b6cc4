//! The embedded event store: the default backend, one machine, no server.
//!
//! Layout of a data directory:
//!
//! ```text
//! DIR/LOCK                      held (flock) by the one process that may write
//! DIR/chains/<chain>.log        "FLBKLOG1" then frames: len u32 LE | event bytes | hash [32]
//! DIR/chains/<chain>.idx        "FLBKIDX1" then each frame's offset, u64 LE: a cache the writer
//!                               keeps, which readers check before they start from it
//! DIR/checkpoints/<chain>.jsonl signed checkpoints, one JSON object per line
//! ```
//!
//! Durability: an append writes all frames of its batch with one `write`, then `fdatasync`s
//! the file, and only then acknowledges; a new chain file's directory is synced too. So an
//! acknowledged event survives a crash at any point. A crash during a write can leave an
//! incomplete frame (or a zero-filled tail) at the end of a file: opening for writing detects
//! it and truncates it (it was never acknowledged); opening read-only ignores it. A complete
//! frame is never dropped, whatever its content: whether its bytes are intact is for
//! `verify`, which reports the first bad sequence.
//!
//! Invariant: this crate knows files and the log's types, nothing of poker.

mod chain_file;
mod store;

pub use store::{EmbeddedStore, OpenMode};
