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
pub mod decided;
pub mod drafts;
pub mod explain;
pub mod league;
pub mod members;
pub mod ohh;
pub mod ots;
pub mod profiles;
pub mod reader;
pub mod rebuild;
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
