//! The event log: what an event is on the wire, how events chain, how a chain is verified and
//! how a head is signed; plus the [`EventStore`] trait that the backends implement.
//!
//! Design. An event is stored as the exact bytes of its JSON [`Envelope`]; its hash is
//! `blake3(previous hash ‖ stored bytes)`, and the next event's envelope names that hash as
//! `prev`. Verification reads the stored bytes and recomputes; it never re-serializes an event,
//! so a change in a serializer can never change what was recorded. The first event of a chain
//! has `prev` = 32 zero bytes. One chain per tournament, per cash-table session, per league.
//!
//! Invariant: this crate knows bytes, hashes, keys and a storage trait; it does no I/O, reads
//! no clock (an event's `at` is an input) and knows no backend. Backends are
//! `floorbook-store-embedded` and `floorbook-store-nats`.

mod check;
mod checkpoint;
mod envelope;
mod frame;
mod ids;
pub mod keyfolder;
pub mod secret;
mod store;
mod verify;
mod writer;

pub use check::{ChainCheckError, Verifying, Watched, verify_chain, verify_chain_signed};
pub use checkpoint::{
    Checkpoint, CheckpointError, CheckpointVerdict, KeyId, ServiceKey, TrustedKeys,
};
pub use envelope::{
    Draft, Envelope, EnvelopeError, MAX_REQUEST_ID, SCHEMA_VERSION, SealedEvent, check_request_id,
    seal, seal_all, seal_all_keeping,
};
pub use frame::{FRAME_HEADER, FRAME_TRAILER, Frame, MAX_EVENT_BYTES, decode_frame, encode_frame};
pub use ids::{Actor, ChainId, EventHash, IdError, Role, RuleId, Seq};
pub use secret::{CardSecret, Disclosing, KEYS_RELEASED};
pub use store::{
    AppendOutcome, Conflict, EventStore, EventStream, Head, KEPT_ANSWERS, PickError, StoreError,
    StoredEvent, pick_chain,
};
pub use verify::{ChainVerifier, VerifyError, VerifyErrorKind, verify_events};
pub use writer::{ChainWriter, WriteError};

/// How many events a reader asks a store for at a time (a page): large enough that a long
/// chain is read in few requests, small enough to hold a page in memory.
pub const PAGE: usize = 4096;
