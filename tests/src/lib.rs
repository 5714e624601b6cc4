//! Shared harness for the end-to-end tests: a real nats-server per test, event fixtures, and
//! the conformance suite that every event-store backend must pass.

pub mod conformance;
pub mod fixtures;
pub mod nats;
