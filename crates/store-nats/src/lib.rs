//! The NATS JetStream event store: the real bus, and the way to outgrow one machine.
//!
//! Layout: one stream (`FLOORBOOK`, file storage, `deny_delete`, `deny_purge`) with a subject
//! per chain, `floorbook.chain.<chain-id>`; signed checkpoints go to a second stream
//! (`FLOORBOOK_CHECKPOINTS`, `floorbook.checkpoint.<chain-id>`), so that cutting the log does
//! not cut the evidence of its length; the venue transparency log's record goes to a third
//! (`FLOORBOOK_TLOG`, `floorbook.tlog`: stream sequence k is batch k, each published with
//! `Nats-Expected-Last-Sequence`, so keepers never fork the log).
//!
//! One append is one message. Its payload is the appended events as frames (the same
//! `len | !len | bytes | hash` frames the embedded store writes), so an append of several
//! events is all or nothing on nats-server 2.9, which has no atomic batch publish. Headers:
//! - `Nats-Msg-Id`: the hash of the last event in the message (for a single event, the event
//!   hash). A retried publish is de-duplicated by the server within the duplicate window.
//! - `Nats-Expected-Last-Subject-Sequence`: the stream sequence of the chain's previous message
//!   (0 for the first). Two writers can never fork a chain: the second is refused.
//! - `Floorbook-Seq`, `Floorbook-Count`: the first sequence and the number of events, to find a
//!   sequence without decoding every message.
//!
//! Compatibility: async-nats is used without its `server_2_10`+ features, so stream and
//! consumer requests carry only fields that nats-server 2.9 knows.
//!
//! Traps handled: every publish-ack future is awaited (a dropped one swallows its error);
//! appends on a chain are serialized, so un-awaited acks never pile up towards
//! `max_ack_inflight`; an ack that times out is retried with the same `Nats-Msg-Id`, because
//! the message may have been stored.
//!
//! Durability: on nats-server 2.9 a JetStream ack means the server wrote the message, not that
//! it was fsynced (file storage syncs on an interval). A killed server process loses nothing
//! acknowledged (the data is in the operating system's cache); a power loss of a single node
//! can. A three-node cluster with stream replicas 3 acknowledges only after a majority of nodes
//! stored the message, so a single machine's loss loses nothing acknowledged. See
//! `docs/event-log.md`.

mod codec;
mod store;

pub use store::{
    Credentials, NatsOptions, NatsStore, PING_INTERVAL, redacted, server_addrs, wrong_last_sequence,
};
