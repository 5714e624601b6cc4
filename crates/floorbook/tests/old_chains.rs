//! Chains that older builds wrote (issue 42), checked in under `tests/golden/old/` with the
//! commit that wrote each (its README): today's build verifies, audits, rebuilds and explains
//! them, and a desk takes each over and decides new commands by the chain's own rules
//! revision. A chain of a newer format or revision than this build knows is refused, the
//! version named.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chrono::{TimeZone, Utc};
use floorbook_e2e::schemas::CheckedDesk;
use floorbook_log::{ChainId, EventStore, Seq, seal};
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{Request, WireCommand};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_tournament::engine::Status;
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A writable copy of the old data folder `old/<build>/<name>` and its keys beside it.
fn copy_of(build: &str, name: &str) -> (tempfile::TempDir, PathBuf) {
    let dir = tempfile::tempdir().expect("dir");
    let from = root().join("tests/golden/old").join(build);
    floorbook_e2e::fixtures::copy_tree(&from.join(name), &dir.path().join(name));
    floorbook_e2e::fixtures::copy_tree(
        &from.join(format!("{name}-keys")),
        &dir.path().join(format!("{name}-keys")),
    );
    let data = dir.path().join(name);
    (dir, data)
}

fn floorbook(args: &[&str], data: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(args)
        .arg("--data")
        .arg(data)
        .output()
        .expect("floorbook runs")
}

fn ok(out: &Output, what: &str) -> String {
    assert!(
        out.status.success(),
        "{what}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn json(out: &Output, what: &str) -> Value {
    let text = ok(out, what);
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{what}: {e}: {text}"))
}

const OLD: [(&str, &str, &str); 9] = [
    ("f1-rev1", "tournament", "t-nob-s1-p9"),
    ("f1-rev2", "tournament", "t-nob-s1-p9"),
    ("f1-rev3", "tournament", "t-nob-s1-p9"),
    ("rev3", "tournament", "t-nob-s1-p9"),
    ("rev4", "tournament", "t-nob-s1-p9"),
    ("rev5", "tournament", "t-nob-s1-p9"),
    ("rev5", "cash", "c-gcb-s3-g5-m6"),
    ("rev6", "tournament", "t-nob-s1-p9"),
    ("rev6", "cash", "c-gcb-s3-g5-m6"),
];

/// Each old tournament: its folder, the chain format and the rules revision it was written
/// with (tests/golden/old/README.md).
const TOURNAMENTS: [(&str, u32, u32); 7] = [
    ("f1-rev1", 1, 1),
    ("f1-rev2", 1, 2),
    ("f1-rev3", 1, 3),
    ("rev3", 2, 3),
    ("rev4", 2, 4),
    ("rev5", 2, 5),
    ("rev6", 2, 6),
];

/// Every old chain verifies against its signed checkpoints, audits clean, rebuilds its
/// projections and explains its decisions as recorded.
#[test]
fn old_chains_verify_audit_rebuild_and_explain() {
    for (build, name, chain) in OLD {
        let (_dir, data) = copy_of(build, name);
        let v = ok(&floorbook(&["verify"], &data), "verify");
        assert!(v.contains(chain), "{v}");
        let a = json(
            &floorbook(&["audit", "--chain", chain, "--json"], &data),
            "audit",
        );
        assert_eq!(a["verified"], true, "{chain}: {a}");
        assert!(a["divergence"].is_null(), "{chain}: {a}");
        ok(&floorbook(&["rebuild"], &data), "rebuild");
        // The last events the chain holds, explained one by one: each re-derives as recorded.
        let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("runtime");
        let head = rt
            .block_on(store.head(&ChainId::new(chain).expect("chain")))
            .expect("head")
            .expect("not empty")
            .seq
            .0;
        let mut explained = 0;
        for seq in (head.saturating_sub(40)..=head).rev() {
            let out = floorbook(
                &["explain", "--chain", chain, &seq.to_string(), "--json"],
                &data,
            );
            if !out.status.success() {
                // Not a decision (an entry as entered, a checkpoint's key release).
                continue;
            }
            let e: Value = serde_json::from_slice(&out.stdout).expect("json");
            assert_eq!(e["agrees"], true, "{chain} seq {seq}: {e}");
            explained += 1;
        }
        assert!(explained >= 5, "{chain}: {explained} decisions explained");
    }
}

fn at() -> chrono::DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 4, 20, 0, 0)
        .single()
        .expect("time")
}

fn floor(command: WireCommand) -> Incoming {
    Incoming {
        channel: Channel::Floor,
        request: Request {
            actor: "fay".into(),
            id: None,
            after: None,
            seen: None,
            command,
        },
        at: at(),
    }
}

/// A desk takes the old tournament over and decides new commands by revision 6, the chain's
/// own: an absence recorded after the end, which revision 7 refuses, is still taken here; the
/// chain then verifies and re-derives as a whole.
#[tokio::test]
async fn a_desk_takes_an_old_tournament_over_and_decides_by_its_revision() {
    let (_dir, data) = copy_of("rev6", "tournament");
    let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new("t-nob-s1-p9").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("the old chain opens");
    let t = desk.tournament().expect("a tournament");
    assert!(t.finished, "the old tournament was played to its end");
    assert_eq!(t.revision, 6);
    let before = desk.head().expect("head").seq.0;
    let d = desk
        .checked(vec![
            floor(WireCommand::SetAbsent {
                player: 1,
                absent: true,
            }),
            floor(WireCommand::FloorRuling {
                player: None,
                ruling: "the final count stands".into(),
                rule: "TR-26".into(),
                overrides: None,
            }),
        ])
        .await;
    assert!(d.replies.iter().all(|r| r.ok), "{:?}", d.replies);
    assert!(desk.head().expect("head").seq.0 > before);
    drop(desk);
    drop(store);
    let v = ok(&floorbook(&["verify"], &data), "verify after the takeover");
    assert!(v.contains("t-nob-s1-p9"), "{v}");
    let a = json(
        &floorbook(&["audit", "--chain", "t-nob-s1-p9", "--json"], &data),
        "audit after the takeover",
    );
    assert!(a["divergence"].is_null(), "{a}");
}

/// A desk takes each old cash room's day over by its own revision (1: the readings before
/// revision 2's markers for each missed blind): a guest joins the waiting list, and the day
/// re-derives whole.
#[tokio::test]
async fn a_desk_takes_old_cash_days_over() {
    for (build, revision) in [("rev5", 1), ("rev6", 2)] {
        let (_dir, data) = copy_of(build, "cash");
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
        let chain = ChainId::new("c-gcb-s3-g5-m6").expect("chain");
        let rec = floorbook_ledger::cash::load(&store, chain.clone())
            .await
            .unwrap_or_else(|e| panic!("{build}: {e}"));
        assert_eq!(rec.opening.rules_revision, revision, "{build}");
        let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
            .await
            .unwrap_or_else(|e| panic!("{build}: the old chain opens: {e}"));
        assert_eq!(desk.cash().map(|c| c.revision()), Some(revision), "{build}");
        let d = desk
            .checked(vec![floor(WireCommand::JoinList {
                guest: 77,
                name: "Gast 77".into(),
                game: "nlh-2-5".into(),
                in_person: true,
                member: None,
            })])
            .await;
        assert!(d.replies[0].ok, "{build}: {:?}", d.replies);
        drop(desk);
        drop(store);
        let a = json(
            &floorbook(&["audit", "--chain", "c-gcb-s3-g5-m6", "--json"], &data),
            "audit after the takeover",
        );
        assert_eq!(a["verified"], true, "{build}: {a}");
        assert!(a["divergence"].is_null(), "{build}: {a}");
    }
}

/// The opening of an old chain with `field` set to `value`, as the only event of a new chain
/// in a fresh store.
async fn opening_with(
    name: &str,
    chain: &str,
    field: &str,
    value: u64,
) -> (tempfile::TempDir, EmbeddedStore, ChainId) {
    let (_old, data) = copy_of("rev6", name);
    let old = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
    let first = old
        .read(&ChainId::new(chain).expect("chain"), Seq(1), 1)
        .await
        .expect("read")
        .remove(0);
    let env = floorbook_log::Envelope::parse(&first.bytes).expect("envelope");
    let mut payload: Value = serde_json::from_str(env.payload.get()).expect("payload");
    payload[field] = Value::from(value);
    let draft = floorbook_log::Draft::new(
        env.at,
        env.actor.clone(),
        &env.event_type,
        env.rules.clone(),
        &payload,
    )
    .expect("draft");
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let id = ChainId::new("newer").expect("chain");
    let sealed = seal(&id, None, &draft).expect("seal");
    store.append(&id, None, vec![sealed]).await.expect("append");
    (dir, store, id)
}

/// A chain of a newer format, or opened under a newer rules revision, than this build knows
/// is refused, the version it holds and the versions this build reads named.
#[tokio::test]
async fn newer_formats_and_revisions_are_refused_naming_the_version() {
    use floorbook_ledger::chain::CHAIN_FORMAT;
    let newer_format = CHAIN_FORMAT as u64 + 1;
    let newer_rules = floorbook_tournament::RULES_REVISION as u64 + 1;
    let newer_cash = floorbook_cash::CASH_RULES_REVISION as u64 + 1;
    for (field, value, range) in [
        (
            "chain_format",
            newer_format,
            format!("formats 1 to {CHAIN_FORMAT}"),
        ),
        (
            "rules_revision",
            newer_rules,
            format!("revisions 1 to {}", floorbook_tournament::RULES_REVISION),
        ),
    ] {
        let (_dir, store, id) = opening_with("tournament", "t-nob-s1-p9", field, value).await;
        let err = match floorbook_ledger::reader::load(&store, id).await {
            Ok(_) => panic!("{field} {value}: a newer chain was read"),
            Err(e) => e.to_string(),
        };
        assert!(
            err.contains(&format!(" {value}")) && err.contains(&range),
            "{field}: {err}"
        );
    }
    for (field, value, range) in [
        (
            "chain_format",
            newer_format,
            format!("formats 1 to {CHAIN_FORMAT}"),
        ),
        (
            "rules_revision",
            newer_cash,
            format!("revisions 1 to {}", floorbook_cash::CASH_RULES_REVISION),
        ),
    ] {
        let (_dir, store, id) = opening_with("cash", "c-gcb-s3-g5-m6", field, value).await;
        let err = match floorbook_ledger::cash::load(&store, id).await {
            Ok(_) => panic!("{field} {value}: a newer chain was read"),
            Err(e) => e.to_string(),
        };
        assert!(
            err.contains(&format!(" {value}")) && err.contains(&range),
            "{field}: {err}"
        );
    }
}

/// A desk takes over every old tournament, each by its own format and revision: the chain's
/// revision is the one the desk decides by; a format-2 chain takes a new command as entered,
/// a format-1 chain (decisions only) refuses one it could not re-derive, naming the format;
/// each chain verifies and re-derives whole afterwards.
#[tokio::test]
async fn a_desk_takes_over_a_tournament_of_every_old_format_and_revision() {
    let mut paid = Vec::new();
    for (build, format, revision) in TOURNAMENTS {
        let (_dir, data) = copy_of(build, "tournament");
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
        let chain = ChainId::new("t-nob-s1-p9").expect("chain");
        let rec = floorbook_ledger::reader::load(&store, chain.clone())
            .await
            .unwrap_or_else(|e| panic!("{build}: {e}"));
        assert_eq!((rec.format, rec.revision), (format, revision), "{build}");
        let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
            .await
            .unwrap_or_else(|e| panic!("{build}: the old chain opens: {e}"));
        let t = desk.tournament().expect("a tournament");
        assert!(t.finished, "{build}: played to its end");
        assert_eq!(t.revision, revision, "{build}: decided by its own revision");
        let winner = t
            .players
            .values()
            .find(|p| p.status == Status::Busted { place: 1 })
            .map(|p| p.id.0)
            .expect("a winner");
        let has_payout = !t.profile.payout.shares.is_empty();
        // A ruling is a decision that explains itself: every format takes it.
        let before = desk.head().expect("head").seq.0;
        let d = desk
            .checked(vec![floor(WireCommand::FloorRuling {
                player: None,
                ruling: "the final count stands".into(),
                rule: "TR-26".into(),
                overrides: None,
            })])
            .await;
        assert!(d.replies[0].ok, "{build}: {:?}", d.replies);
        assert!(desk.head().expect("head").seq.0 > before, "{build}");
        // The winner's prize paid out: format 2 records it as entered, where the profile the
        // chain was opened with has a payout (NOB-16's winner takes all came with revision 5's
        // build; before it the profile published none, and there is no prize to pay); format
        // 1, which records no command, could not re-derive it.
        let before = desk.head().expect("head").seq.0;
        let mut pay = floor(WireCommand::PayPrize { player: winner });
        pay.channel = Channel::Director;
        let d = desk.checked(vec![pay]).await;
        let r = &d.replies[0];
        if format == 1 {
            let e = r.error.as_ref().expect("refused on a format-1 chain");
            assert!(e.message.contains("of format 1"), "{build}: {e:?}");
            assert_eq!(desk.head().expect("head").seq.0, before, "{build}");
        } else if has_payout {
            assert!(r.ok, "{build}: {r:?}");
            assert_eq!(
                r.events.last().map(String::as_str),
                Some("PrizePaid"),
                "{build}"
            );
            paid.push(build);
        } else {
            let e = r.error.as_ref().expect("no prize to pay");
            assert!(e.message.contains("has no prize"), "{build}: {e:?}");
            assert_eq!(desk.head().expect("head").seq.0, before, "{build}");
        }
        drop(desk);
        drop(store);
        let v = ok(&floorbook(&["verify"], &data), "verify after the takeover");
        assert!(v.contains("t-nob-s1-p9"), "{build}: {v}");
        let a = json(
            &floorbook(&["audit", "--chain", "t-nob-s1-p9", "--json"], &data),
            "audit after the takeover",
        );
        assert_eq!(a["verified"], true, "{build}: {a}");
        assert!(a["divergence"].is_null(), "{build}: {a}");
    }
    assert!(!paid.is_empty(), "no old chain paid a prize");
}
