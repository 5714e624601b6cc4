//! The pages resume a tournament from the state cached at the last head: what a chain that
//! moved on derives, read from there, is what reading it from its start derives.

use chrono::{TimeZone, Utc};
use floorbook_log::{ChainId, ChainWriter};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_web::{Sender, Web};

#[tokio::test]
async fn a_chain_that_moved_on_is_read_from_where_the_page_left_it() {
    let (text, profile) = floorbook_tournament::builtin("top18").expect("built in");
    let profile = profile.expect("reads");
    let sim = floorbook_sim::simulate(&profile, 18, 5, None).expect("plays");
    let start = Utc
        .with_ymd_and_hms(2026, 12, 1, 19, 0, 0)
        .single()
        .expect("time");
    let drafts = floorbook_ledger::drafts::drafts(&sim.tournament, &profile, text, 5, start)
        .expect("drafts");
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new("resumed").expect("chain");
    let mut writer = ChainWriter::open(store.clone(), chain.clone(), None, u64::MAX)
        .await
        .expect("writer");
    let web = Web::new(store.clone(), None, Sender::ReadOnly);
    // The page reads the chain at several heads as it grows; each append ends where a command
    // ends (the service appends a command with all it decided, or nothing).
    let boundary = |at: usize| {
        (at..drafts.len())
            .find(|&i| drafts[i].event_type == "CommandEntered")
            .unwrap_or(drafts.len())
    };
    let cuts = [
        boundary(drafts.len() / 5),
        boundary(drafts.len() / 2),
        boundary(drafts.len() * 4 / 5),
        drafts.len(),
    ];
    let mut from = 0;
    for cut in cuts {
        writer.append(&drafts[from..cut]).await.expect("append");
        from = cut;
        let resumed = web.load("resumed").await.expect("resumed");
        let fresh = Web::new(store.clone(), None, Sender::ReadOnly)
            .load("resumed")
            .await
            .expect("from the start");
        assert_eq!(resumed.head, fresh.head);
        let json = |t: &floorbook_tournament::engine::Tournament| {
            serde_json::to_string(t).expect("the tournament serializes")
        };
        assert_eq!(
            json(&resumed.tournament),
            json(&fresh.tournament),
            "at {cut} of {}",
            drafts.len()
        );
    }
    assert!(
        web.load("resumed")
            .await
            .expect("loaded")
            .tournament
            .finished
    );
}
