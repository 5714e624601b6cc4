//! The venue's transparency log as a desk asks it (issue 40): the command that finishes a
//! hand gets that hand's receipt (C2SP `tlog-proof`) with its reply, so it leaves the house's
//! hands at once. The log is kept beside the service (`floorbook-web`'s keeper); the desk only
//! asks.

use std::future::Future;
use std::pin::Pin;

use floorbook_log::{ChainId, StoredEvent};

/// What a receipt request gives: the receipt's text, or why there is none now.
pub type ReceiptFuture<'a> = Pin<Box<dyn Future<Output = Result<String, String>> + Send + 'a>>;

/// The venue's transparency log, asked for receipts.
pub trait Receipts: Send + Sync + std::fmt::Debug {
    /// The receipt of `chain`'s event `seq`, the log fed up to it first; `recent` are the
    /// chain's events the desk just appended (in order, `seq` among them), which the log may
    /// take without reading them back.
    fn receipt<'a>(
        &'a self,
        chain: &'a ChainId,
        seq: u64,
        recent: Vec<StoredEvent>,
    ) -> ReceiptFuture<'a>;

    /// A desk appended `events` to `chain` (in order): the log may keep them until it takes
    /// them, so that a receipt does not read them back from the store.
    fn appended(&self, chain: &ChainId, events: &[StoredEvent]) {
        let _ = (chain, events);
    }
}

/// How long a reply waits for its receipt: past it the reply goes without one (the hands'
/// page gives it later).
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(2);
