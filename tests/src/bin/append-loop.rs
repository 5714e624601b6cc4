//! Test helper: appends to an embedded store forever and prints "acked SEQ HASH" after every
//! acknowledged append, so that a test can kill it at any moment and check that nothing
//! acknowledged was lost.

use floorbook_e2e::fixtures::{chain, events};
use floorbook_log::EventStore;
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use std::io::Write;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let dir = std::env::args().nth(1).expect("usage: append-loop DIR");
    let store = EmbeddedStore::open(&dir, OpenMode::ReadWrite).expect("open store");
    let c = chain("crash");
    let mut head = store.head(&c).await.expect("head");
    let mut out = std::io::stdout().lock();
    for round in 0u64.. {
        let evs = events(&c, head, &format!("w{round}"), 1 + (round % 4) as usize);
        head = Some(store.append(&c, head, evs).await.expect("append").head);
        if let Some(h) = head {
            writeln!(out, "acked {} {}", h.seq, h.hash).expect("stdout");
            out.flush().expect("stdout");
        }
    }
}
