//! The pages resume a tournament from the state cached at the last head: what a chain that
//! moved on derives, read from there, is what reading it from its start derives — also when a
//! head the page read added no decision (a refused command, recorded as `CommandRefused`).

use std::sync::OnceLock;

use chrono::{DateTime, TimeZone, Utc};
use floorbook_ledger::chain::{ChainEvent, Refusal};
use floorbook_log::{Actor, ChainId, ChainWriter, Draft, Role};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_web::{Sender, Web};
use proptest::prelude::*;

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 19, 0, 0)
        .single()
        .expect("time")
}

/// A simulated top18 tournament's drafts (its opening, then each command and its decisions).
fn tournament_drafts() -> &'static [Draft] {
    static DRAFTS: OnceLock<Vec<Draft>> = OnceLock::new();
    DRAFTS.get_or_init(|| {
        let (text, profile) = floorbook_tournament::builtin("top18").expect("built in");
        let profile = profile.expect("reads");
        let sim = floorbook_sim::simulate(&profile, 18, 5, None).expect("plays");
        floorbook_ledger::drafts::drafts(&sim.tournament, &profile, text, 5, start())
            .expect("drafts")
    })
}

/// The points where a command begins (each append ends where a command ends: the service
/// appends a command with all it decided, or nothing).
fn boundaries(drafts: &[Draft]) -> Vec<usize> {
    let mut b: Vec<usize> = (1..drafts.len())
        .filter(|&i| drafts[i].event_type == "CommandEntered")
        .collect();
    b.push(drafts.len());
    b
}

/// A dealer's floor command, refused for its role and recorded at `at`.
fn refusal(at: DateTime<Utc>) -> Draft {
    ChainEvent::Refused(Refusal {
        channel: "dealer.1".into(),
        request: serde_json::json!({"command": "sanction", "player": 1}),
        reason: "a dealer may not send sanction".into(),
    })
    .draft(Actor::new("dee", Role::Dealer).expect("actor"), at)
    .expect("draft")
}

fn json(t: &floorbook_tournament::engine::Tournament) -> String {
    serde_json::to_string(t).expect("the tournament serializes")
}

/// Appends the drafts in the pieces `cuts` gives (after each piece, `refusals[k]` refused
/// commands), the page loading after every append; each load equals a fresh one.
async fn check(cuts: &[usize], refusals: &[u8]) -> Result<(), TestCaseError> {
    let drafts = tournament_drafts();
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new("resumed").expect("chain");
    let mut writer = ChainWriter::open(store.clone(), chain.clone(), None, u64::MAX)
        .await
        .expect("writer");
    let web = Web::new(store.clone(), None, Sender::ReadOnly);
    let mut from = 0;
    for (k, &cut) in cuts.iter().enumerate() {
        writer.append(&drafts[from..cut]).await.expect("append");
        from = cut;
        let at = drafts[cut - 1].at;
        for _ in 0..refusals.get(k).copied().unwrap_or(0) {
            let resumed = web.load("resumed").await;
            prop_assert!(resumed.is_ok(), "before a refusal at {cut}: {resumed:?}");
            writer.append(&[refusal(at)]).await.expect("append");
        }
        let resumed = web.load("resumed").await;
        prop_assert!(resumed.is_ok(), "at {cut} of {}: {resumed:?}", drafts.len());
        let resumed = resumed.expect("checked");
        let fresh = Web::new(store.clone(), None, Sender::ReadOnly)
            .load("resumed")
            .await
            .expect("from the start");
        prop_assert_eq!(resumed.head, fresh.head);
        prop_assert_eq!(
            json(&resumed.tournament),
            json(&fresh.tournament),
            "at {} of {}",
            cut,
            drafts.len()
        );
    }
    Ok(())
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

#[test]
fn a_chain_that_moved_on_is_read_from_where_the_page_left_it() {
    let drafts = tournament_drafts();
    let b = boundaries(drafts);
    let cuts = [
        b[b.len() / 5],
        b[b.len() / 2],
        b[b.len() * 4 / 5],
        drafts.len(),
    ];
    runtime()
        .block_on(check(&cuts, &[]))
        .expect("each load equals a fresh one");
}

/// The dealer's page after a refused command and then an accepted one (issue 35: the pages
/// answered 500, "a command at 0 s … is earlier than the latest recorded time", until the web
/// server restarted).
#[test]
fn a_refused_command_then_an_accepted_one_leaves_the_pages_answering() {
    let b = boundaries(tournament_drafts());
    let cuts = [b[40], b[41], b[42], b[b.len() / 2], b[b.len() / 2 + 1]];
    runtime()
        .block_on(check(&cuts, &[1, 0, 2, 1, 0]))
        .expect("each load equals a fresh one");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    /// Any sequence of accepted commands and recorded refusals, read by a page at any heads,
    /// derives what reading the chain from its start derives.
    #[test]
    fn any_mix_of_accepted_and_refused_commands_reads_as_from_the_start(
        picks in proptest::collection::vec((0.0f64..1.0, 0u8..3), 1..8)
    ) {
        let b = boundaries(tournament_drafts());
        let mut cuts: Vec<usize> = picks
            .iter()
            .map(|(f, _)| b[((b.len() - 1) as f64 * f) as usize])
            .collect();
        cuts.sort_unstable();
        cuts.dedup();
        let refusals: Vec<u8> = picks.iter().map(|(_, r)| *r).collect();
        runtime().block_on(check(&cuts, &refusals))?;
    }
}
