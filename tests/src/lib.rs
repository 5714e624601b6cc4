//! Shared harness for the end-to-end tests: a real nats-server per test, a real headless
//! Chromium (`browser`), event fixtures, the conformance suite that every event-store backend
//! must pass, and simulated tournaments as scripts of service commands (`drive`, for the
//! service's tests and its load test), and `schemas`, which holds every request and answer a
//! test exchanges with the service to the published JSON Schemas.

pub mod browser;
pub mod conformance;
pub mod drive;
pub mod fixtures;
pub mod http;
pub mod nats;
pub mod schemas;
