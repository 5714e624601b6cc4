//! The floor service: commands from table terminals over NATS request/reply, decided by the
//! engine at one desk per chain, appended to the chain, answered with the sequence and hash or
//! a rejection that names the rule.
//!
//! - [`commands`]: every command declared once (fields, role, game, place, rules, help);
//! - [`wire`]: the request and reply shapes (JSON Schemas in `schemas/`);
//! - [`subjects`]: the subject layout, with the sender's role in the subject;
//! - [`roles`]: which role may send which command;
//! - [`desk`]: one chain's decisions and group-committed appends (any [`EventStore`]);
//! - [`lease`]: one writer per chain, with takeover;
//! - [`auth`]: the NATS users of a deployment, optionally one dealer user per table;
//! - [`server`]: the NATS service (`floorbook serve`);
//! - [`client`]: the client (`floorbook cmd`, the load test);
//! - [`stores`]: either event store, chosen at start.
//!
//! A tournament's chain (recording, reading back, the typed events) is `floorbook-ledger`'s.
//!
//! [`EventStore`]: floorbook_log::EventStore

pub mod auth;
pub mod client;
pub mod commands;
pub mod desk;
mod engines;
pub mod lease;
pub mod logging;
pub mod protocol;
pub mod receipts;
pub mod roles;
pub mod server;
pub mod stores;
pub mod subjects;
pub mod wire;
pub mod wire_words;
