//! Events for tests: deterministic drafts, sealed onto any head.

use chrono::{TimeZone, Utc};
use floorbook_log::{Actor, ChainId, Draft, Head, Role, RuleId, SealedEvent, seal_all};

pub fn chain(name: &str) -> ChainId {
    ChainId::new(name).expect("test chain id")
}

/// `n` drafts, the i-th tagged `tag`-i so that different writers make different events.
pub fn drafts(tag: &str, n: usize) -> Vec<Draft> {
    let actor = Actor::new(format!("dealer-{tag}"), Role::Dealer).expect("actor");
    (0..n)
        .map(|i| {
            Draft::new(
                Utc.timestamp_opt(1_790_000_000 + i as i64, 0)
                    .single()
                    .expect("time"),
                actor.clone(),
                "BetPlaced",
                vec![RuleId::new("TR-8").expect("rule")],
                &serde_json::json!({"writer": tag, "i": i, "seat": i % 9 + 1, "to": 200}),
            )
            .expect("draft")
        })
        .collect()
}

/// `n` events by writer `tag` continuing `head`.
pub fn events(chain: &ChainId, head: Option<Head>, tag: &str, n: usize) -> Vec<SealedEvent> {
    seal_all(chain, head, &drafts(tag, n)).expect("seal")
}

/// The events in a file of whole frames (as the embedded store writes them): each one's
/// stored bytes and the hash stored beside them. Panics on anything but whole frames.
pub fn decode_frames(mut rest: &[u8]) -> Vec<(Vec<u8>, floorbook_log::EventHash)> {
    let mut stored = Vec::new();
    while !rest.is_empty() {
        let floorbook_log::Frame::Whole { bytes, hash, size } = floorbook_log::decode_frame(rest)
        else {
            panic!("golden frames decode");
        };
        stored.push((bytes.to_vec(), hash));
        rest = &rest[size..];
    }
    stored
}

/// Every stored byte of `chain` as a reader of the store gets it (the first million events),
/// one event a line: what anyone with read access to the store can see.
pub async fn stored_text<S: floorbook_log::EventStore>(store: &S, chain: &ChainId) -> String {
    store
        .read(chain, floorbook_log::Seq(1), 1_000_000)
        .await
        .expect("the store reads")
        .iter()
        .map(|e| String::from_utf8_lossy(&e.bytes).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Copies the folder `from` into `to`, whole (an old data folder, a backup).
pub fn copy_tree(from: &std::path::Path, to: &std::path::Path) {
    std::fs::create_dir_all(to).unwrap_or_else(|e| panic!("{}: {e}", to.display()));
    for entry in std::fs::read_dir(from).unwrap_or_else(|e| panic!("{}: {e}", from.display())) {
        let entry = entry.expect("a folder entry");
        let target = to.join(entry.file_name());
        if entry.file_type().expect("its type").is_dir() {
            copy_tree(&entry.path(), &target);
        } else {
            std::fs::copy(entry.path(), &target)
                .unwrap_or_else(|e| panic!("{}: {e}", entry.path().display()));
        }
    }
}

/// The dealer naming `pos`'s hole cards at `table` as written (`"Ah Kd"`).
pub fn deal_hole(table: u32, pos: usize, cards: &str) -> floorbook_service::wire::WireCommand {
    floorbook_service::wire::WireCommand::DealHole {
        table,
        pos,
        cards: cards
            .split(' ')
            .map(|c| Some(c.parse().expect("a card")))
            .collect(),
    }
}
