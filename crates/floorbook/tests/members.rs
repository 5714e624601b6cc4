//! Issue 24: players as members. The floor registers a member (his name and TR-0a's age from
//! the register), a walk-in joins the register on the spot, a barred or under-age member is
//! refused, and the birth date never reaches the tournament's chain or its projections. Then a
//! league counts by member: two members named "Alex" stay two, "Hans M." and "Hans Müller"
//! merged after the fact become one standing, and `league verify` still holds.

mod common;

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use common::{floorbook, ok_json};
use floorbook_log::{Actor, ChainId, EventStore, Role, Seq};
use floorbook_members::MemberCommand;
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{Reply, Request, WireCommand};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 29, 19, 0, 0)
        .single()
        .expect("a time")
}

async fn one<S: EventStore>(desk: &mut Desk<S>, channel: Channel, command: WireCommand) -> Reply {
    let d = desk
        .decide(vec![Incoming {
            channel,
            request: Request {
                actor: "anna".into(),
                id: None,
                after: None,
                seen: None,
                command,
            },
            at: at(),
        }])
        .await;
    d.replies.into_iter().next().expect("one reply")
}

/// A desk on `chain` that the director opened under `profile`.
async fn opened<S: EventStore + Clone + 'static>(
    store: &S,
    chain: ChainId,
    profile: &str,
) -> Desk<S> {
    let mut desk = Desk::open(store.clone(), chain, None, 500)
        .await
        .expect("desk");
    let r = one(
        &mut desk,
        Channel::Director,
        WireCommand::Open {
            profile: Some(profile.into()),
            profile_toml: None,
        },
    )
    .await;
    assert!(r.ok, "{r:?}");
    desk
}

async fn join<S: EventStore>(store: &S, name: &str, born: (i32, u32, u32)) -> String {
    let born = NaiveDate::from_ymd_opt(born.0, born.1, born.2).expect("date");
    let events = floorbook_ledger::members::record(
        store,
        &MemberCommand::Join {
            member: None,
            name: name.into(),
            born,
            contact: Some(format!("{name}@club.example")),
        },
        Actor::new("office", Role::Floor).expect("actor"),
        at(),
    )
    .await
    .expect("joined");
    match events.as_slice() {
        [floorbook_members::MemberEvent::Joined { member, .. }] => member.clone(),
        other => panic!("{other:?}"),
    }
}

/// A top18 tournament of `members` (in order: players 1, 2, …) played to its end by the floor's
/// busts in reverse order: player 1 wins, the last is out first.
async fn tournament(store: &EmbeddedStore, chain: &str, members: &[&str]) {
    let chain = ChainId::new(chain).expect("chain");
    let mut desk = opened(store, chain, "top18").await;
    for (i, m) in members.iter().enumerate() {
        let r = one(
            &mut desk,
            Channel::Floor,
            WireCommand::RegisterMember {
                player: i as u32 + 1,
                member: m.to_string(),
                buy_in: "15.00".into(),
                table: None,
                draw: None,
            },
        )
        .await;
        assert!(r.ok, "{r:?}");
    }
    let r = one(
        &mut desk,
        Channel::Director,
        WireCommand::Start {
            draw: (0..members.len() as u32).collect(),
            button_seats: Some(vec![1]),
            at: Some(0),
            tables: None,
        },
    )
    .await;
    assert!(r.ok, "{r:?}");
    for p in (2..=members.len() as u32).rev() {
        let r = one(
            &mut desk,
            Channel::Floor,
            WireCommand::BustPlayer {
                player: p,
                winner: 1,
                reason: "counted out".into(),
            },
        )
        .await;
        assert!(r.ok, "{r:?}");
    }
}

/// Every byte of `chain` as stored, as text.
async fn chain_text<S: EventStore>(store: &S, chain: &str) -> String {
    let chain = ChainId::new(chain).expect("chain");
    let events = store.read(&chain, Seq::FIRST, 100_000).await.expect("read");
    events
        .iter()
        .map(|e| String::from_utf8_lossy(&e.bytes).into_owned())
        .collect::<Vec<_>>()
        .join("\n")
}

#[tokio::test]
async fn the_floor_registers_members_and_walk_ins_by_the_register() {
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    registers_by_member(&store).await;
    // The projections, rebuilt from every chain (the register's included), hold no birth
    // date or contact either.
    let d = dir.path().to_str().expect("utf-8");
    let out = floorbook(&["rebuild", "--data", d]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let db = std::fs::read(dir.path().join("projections.sqlite")).expect("db");
    let db = String::from_utf8_lossy(&db);
    for private in ["1980-07-09", "1999-04-01", "club.example", "0171 555"] {
        assert!(!db.contains(private), "{private} in the projections");
    }
    let conn = rusqlite::Connection::open(dir.path().join("projections.sqlite")).expect("db");
    let mut stmt = conn
        .prepare("SELECT name FROM players WHERE chain = 'friday' ORDER BY player")
        .expect("query");
    let names: Vec<String> = stmt
        .query_map([], |r| r.get(0))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("names");
    assert_eq!(names, ["Hans Müller", "Lea"]);
}

#[tokio::test]
async fn the_floor_registers_members_and_walk_ins_by_the_register_nats() {
    let server = floorbook_e2e::nats::NatsServer::start();
    let store = floorbook_store_nats::NatsStore::connect(
        &server.url(),
        floorbook_store_nats::NatsOptions::default(),
    )
    .await
    .expect("store");
    registers_by_member(&store).await;
}

/// The register and a tournament's registrations by member, on `store`.
async fn registers_by_member<S: EventStore + Clone + 'static>(store: &S) {
    let store = store.clone();
    let hans = join(&store, "Hans Müller", (1980, 7, 9)).await;
    let young = join(&store, "Jo", (2008, 11, 30)).await; // 17 on 2026-11-29
    let barred = join(&store, "Kai", (1990, 1, 1)).await;
    floorbook_ledger::members::record(
        &store,
        &MemberCommand::Bar {
            member: barred.clone(),
            reason: "disqualified for abuse".into(),
            rule: Some("TR-28".into()),
            until: None,
        },
        Actor::new("office", Role::Floor).expect("actor"),
        at(),
    )
    .await
    .expect("barred");

    let chain = ChainId::new("friday").expect("chain");
    let mut desk = opened(&store, chain, "top18").await;
    let by_member = |player: u32, member: &str| WireCommand::RegisterMember {
        player,
        member: member.into(),
        buy_in: "15.00".into(),
        table: None,
        draw: None,
    };
    let r = one(&mut desk, Channel::Floor, by_member(1, &hans)).await;
    assert!(r.ok, "{r:?}");
    // TR-0a from the birth date on record: 17 on the day of play.
    let r = one(&mut desk, Channel::Floor, by_member(2, &young)).await;
    let e = r.error.expect("refused");
    assert!(
        e.message.contains("TR-0a") && e.message.contains("is 17"),
        "{e:?}"
    );
    assert!(e.rules.iter().any(|r| r.id == "TR-0a"), "{e:?}");
    // A ban keeps him out, with its reason.
    let r = one(&mut desk, Channel::Floor, by_member(2, &barred)).await;
    let e = r.error.expect("refused");
    assert!(
        e.message.contains("barred") && e.message.contains("abuse"),
        "{e:?}"
    );
    let r = one(&mut desk, Channel::Floor, by_member(2, "M99999")).await;
    assert!(
        r.error
            .expect("refused")
            .message
            .contains("no member M99999")
    );
    // A walk-in joins the register on the spot and is registered as the new member.
    let r = one(
        &mut desk,
        Channel::Floor,
        WireCommand::RegisterWalkIn {
            player: 2,
            name: "Lea".into(),
            born: "1999-04-01".into(),
            buy_in: "15.00".into(),
            contact: Some("0171 555 0100".into()),
            table: None,
            draw: None,
        },
    )
    .await;
    assert!(r.ok, "{r:?}");
    let register = floorbook_ledger::members::register(&store)
        .await
        .expect("register");
    let lea = register
        .members()
        .find(|m| m.name == "Lea")
        .expect("Lea joined");
    // A dealer may not register anyone: refused and recorded, without the birth date.
    let r = one(
        &mut desk,
        Channel::Dealer { table: 1 },
        WireCommand::RegisterWalkIn {
            player: 3,
            name: "Max".into(),
            born: "1977-03-03".into(),
            buy_in: "15.00".into(),
            contact: None,
            table: None,
            draw: None,
        },
    )
    .await;
    assert!(!r.ok);
    let register = floorbook_ledger::members::register(&store)
        .await
        .expect("register");
    assert!(
        register.members().all(|m| m.name != "Max"),
        "a refused walk-in joins no one"
    );

    // The tournament's chain names the members; no birth date, no contact anywhere in it.
    let text = chain_text(&store, "friday").await;
    assert!(text.contains(&hans) && text.contains(&lea.id), "{text}");
    for private in [
        "1980-07-09",
        "1999-04-01",
        "1977-03-03",
        "club.example",
        "0171 555",
    ] {
        assert!(!text.contains(private), "{private} in the tournament chain");
    }
}

#[tokio::test]
async fn a_league_counts_by_member_and_a_late_merge_changes_the_ranking() {
    let dir = tempfile::tempdir().expect("dir");
    let d = dir.path().to_str().expect("utf-8").to_string();
    {
        let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
        let alex1 = join(&store, "Alex", (1990, 5, 1)).await; // M00001
        let alex2 = join(&store, "Alex", (1985, 2, 3)).await; // M00002
        let short = join(&store, "Hans M.", (1980, 7, 9)).await; // M00003
        let full = join(&store, "Hans Müller", (1980, 7, 9)).await; // M00004
        let bea = join(&store, "Bea", (1970, 1, 1)).await; // M00005
        // Week 1: Alex (1) wins, Hans M. 2nd, Bea 3rd. Week 2: Bea wins, Hans Müller 2nd,
        // the other Alex 3rd.
        tournament(&store, "week-1", &[&alex1, &short, &bea]).await;
        tournament(&store, "week-2", &[&bea, &full, &alex2]).await;
    }
    let rules = dir.path().join("rules.toml");
    std::fs::write(&rules, "[formula]\nkind = \"table\"\npoints = [10, 6, 3]\n").expect("rules");
    let league = |args: &[&str]| {
        let mut all = vec!["league", "--data", d.as_str()];
        all.extend(args);
        floorbook(&all)
    };
    let ok = |out: std::process::Output| {
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    ok(league(&[
        "create",
        "--name",
        "club",
        "--season",
        "2026",
        "--rules",
        rules.to_str().expect("utf-8"),
    ]));
    ok(league(&["attach", "--league", "club", "--chain", "week-1"]));
    ok(league(&["attach", "--league", "club", "--chain", "week-2"]));
    let standing = |json: &serde_json::Value| -> Vec<(String, String)> {
        json["standings"]
            .as_array()
            .expect("list")
            .iter()
            .map(|s| {
                (
                    s["player"].as_str().unwrap_or_default().to_string(),
                    s["points"].as_str().unwrap_or_default().to_string(),
                )
            })
            .collect()
    };
    let before = ok_json(&league(&["standings", "--league", "club", "--json"]));
    // Worked by hand from the points table: Bea 3 + 10 = 13; Alex M00001 10; the two Hans
    // records 6 each; the other Alex 3. Two members called Alex are two standings.
    assert_eq!(
        standing(&before),
        [
            ("M00005", "13.00"),
            ("M00001", "10.00"),
            ("M00003", "6.00"),
            ("M00004", "6.00"),
            ("M00002", "3.00"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    // "Hans M." was Hans Müller: merged after the fact, his 6 + 6 = 12 points rank second.
    ok(floorbook(&[
        "members",
        "--data",
        &d,
        "merge",
        "--from",
        "M00003",
        "--into",
        "M00004",
        "--reason",
        "one person, registered twice",
    ]));
    let after = ok_json(&league(&["standings", "--league", "club", "--json"]));
    assert_eq!(
        standing(&after),
        [
            ("M00005", "13.00"),
            ("M00004", "12.00"),
            ("M00001", "10.00"),
            ("M00002", "3.00"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );
    // The league's page ranks as the command line does (issue 34: it counted the merged
    // record apart), with the register's names.
    let page = league_page(&d, "club");
    let rows: Vec<&str> = page
        .split("<tr>")
        .skip(2)
        .map(|r| r.split("</tr>").next().unwrap_or_default())
        .collect();
    assert!(
        rows.len() >= 4
            && rows[1].contains("Hans Müller (M00004)")
            && rows[1].contains("12.00")
            && !page.contains("M00003"),
        "{page}"
    );
    // Names come from the register: week 1's standings now read Hans Müller for the record
    // merged into his.
    let week1 = ok_json(&floorbook(&[
        "standings",
        "--data",
        &d,
        "--chain",
        "week-1",
        "--json",
    ]));
    let names: Vec<&str> = week1["standings"]
        .as_array()
        .expect("list")
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert!(
        names.contains(&"Hans Müller") && !names.contains(&"Hans M."),
        "{names:?}"
    );
    // The explanation names the member and cites the merge.
    let explain = ok(league(&["explain", "--league", "club", "M00003"]));
    let text = String::from_utf8_lossy(&explain.stdout);
    assert!(
        text.starts_with("Hans Müller (M00004): rank 2, 12.00 points"),
        "{text}"
    );
    assert!(
        text.contains(
            "results of M00003 count here: merged into M00004 (one person, registered twice)"
        ),
        "{text}"
    );
    // A name two members share is not enough to ask by.
    let out = league(&["explain", "--league", "club", "Alex"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("names 2 members"));
    // The season still verifies against the tournaments' own chains.
    let verify = ok_json(&league(&["verify", "--league", "club", "--json"]));
    assert_eq!(verify["ok"], true, "{verify}");
}

/// GCB-1 with a ban: a member barred after a removal is refused a waiting list and a seat in
/// the cash room; a member is listed and seated under the register's name, and the room's
/// chain records who he is (the member ID), never his birth date.
#[tokio::test]
async fn a_cash_room_lists_and_seats_members_by_the_register() {
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let hans = join(&store, "Hans Müller", (1980, 7, 9)).await;
    let kai = join(&store, "Kai", (1990, 1, 1)).await;
    floorbook_ledger::members::record(
        &store,
        &MemberCommand::Bar {
            member: kai.clone(),
            reason: "removed after the third warning".into(),
            rule: Some("GCB-1".into()),
            until: None,
        },
        Actor::new("shift-manager", Role::Director).expect("actor"),
        at(),
    )
    .await
    .expect("barred");
    let chain = ChainId::new("cash-day").expect("chain");
    let mut desk = opened(&store, chain, "gcb").await;
    let list = |guest: u32, member: &str| WireCommand::JoinList {
        guest,
        name: String::new(),
        game: "nlh-2-5".into(),
        in_person: true,
        member: Some(member.into()),
    };
    let r = one(&mut desk, Channel::Floor, list(1, &hans)).await;
    assert!(r.ok, "{r:?}");
    let r = one(&mut desk, Channel::Floor, list(2, &kai)).await;
    let e = r.error.expect("barred");
    assert!(
        e.message.contains("barred") && e.message.contains("third warning"),
        "{e:?}"
    );
    let r = one(
        &mut desk,
        Channel::Floor,
        WireCommand::SeatGuest {
            guest: 2,
            name: Some("Kai".into()),
            table: 1,
            seat: 1,
            buy_in: 500,
            wait_for_big_blind: false,
            member: Some(kai.clone()),
        },
    )
    .await;
    assert!(!r.ok, "a barred member takes no seat: {r:?}");
    let text = chain_text(&store, "cash-day").await;
    assert!(
        text.contains("Hans Müller") && text.contains(&hans),
        "{text}"
    );
    assert!(
        !text.contains("1980-07-09") && !text.contains("club.example"),
        "{text}"
    );
}

/// `floorbook web` on `data`, read only: the page of league `name`.
fn league_page(data: &str, name: &str) -> String {
    use std::io::{Read as _, Write as _};
    let (mut web, addr) = common::web_server(&["--data", data], std::process::Stdio::null());
    let mut s = std::net::TcpStream::connect(&addr).expect("the web server");
    write!(
        s,
        "GET /l/{name} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    )
    .expect("sent");
    let mut out = String::new();
    s.read_to_string(&mut out).expect("read");
    let _ = web.kill();
    let _ = web.wait();
    assert!(out.starts_with("HTTP/1.1 200"), "{out}");
    out
}

/// Issue 34: the register and a league season are recorded through one path
/// (`ledger::decided`, any `Decide`): a refusal writes nothing and leaves the state as it
/// was; a decision made against a register another writer has moved on since is the store's
/// conflict, nothing is written and the state stays; read again, it goes through.
#[tokio::test]
async fn the_register_and_a_league_record_through_one_path_all_or_nothing() {
    use floorbook_ledger::decided::{RecordError, record};
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let anna = join(&store, "Anna", (1990, 1, 1)).await;
    let chain = floorbook_ledger::members::chain();
    let head = store.head(&chain).await.expect("head");
    let mut register = floorbook_ledger::members::register(&store)
        .await
        .expect("register");
    let before = register.clone();
    let office = |e: &floorbook_members::MemberEvent| {
        floorbook_log::Draft::new(
            at(),
            Actor::new("office", Role::Floor).expect("actor"),
            floorbook_ledger::members::event_type(e),
            Vec::new(),
            e,
        )
    };
    let rename = |member: &str| MemberCommand::Rename {
        member: member.into(),
        name: "Anna Berg".into(),
        reason: "married".into(),
    };
    let day = at().date_naive();
    // Refused by the register: no such member.
    let r = record(
        &store,
        &chain,
        head,
        &mut register,
        (&rename("M-999"), day),
        office,
    )
    .await;
    assert!(matches!(r, Err(RecordError::Refused(_))), "{r:?}");
    assert_eq!(register, before, "a refusal changed the register");
    assert_eq!(store.head(&chain).await.expect("head"), head);
    // Another writer joins Bea: the register read at `head` is behind the chain.
    join(&store, "Bea", (1991, 2, 2)).await;
    let moved = store.head(&chain).await.expect("head");
    let r = record(
        &store,
        &chain,
        head,
        &mut register,
        (&rename(&anna), day),
        office,
    )
    .await;
    assert!(
        matches!(
            r,
            Err(RecordError::Store(floorbook_log::StoreError::Conflict(_)))
        ),
        "{r:?}"
    );
    assert_eq!(register, before, "a conflict changed the register");
    assert_eq!(store.head(&chain).await.expect("head"), moved);
    // Read again, the rename goes through and the register takes it.
    let mut register = floorbook_ledger::members::register(&store)
        .await
        .expect("register");
    let (events, after) = record(
        &store,
        &chain,
        moved,
        &mut register,
        (&rename(&anna), day),
        office,
    )
    .await
    .expect("recorded");
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(register.name_of(&anna), Some("Anna Berg"));
    assert_eq!(store.head(&chain).await.expect("head"), after);
    assert_eq!(
        floorbook_ledger::members::register(&store)
            .await
            .expect("register"),
        register,
        "the register read back is the one that decided"
    );
    // A league: a correction without a reason is refused by the season, nothing written.
    let season: floorbook_league::Season =
        toml::from_str("formula = { kind = \"table\", points = [10, 6, 3] }\nties = \"best\"\n")
            .expect("a season");
    let create = floorbook_league::LeagueCommand::Create {
        name: "club".into(),
        season: "2026".into(),
        rules: season,
    };
    let (_, seq) = floorbook_ledger::league::record(&store, "club", &create, at())
        .await
        .expect("created");
    let correct = floorbook_league::LeagueCommand::Correct {
        chain: "t-1".into(),
        player: "Anna".into(),
        place: 2,
        reason: "  ".into(),
    };
    let r = floorbook_ledger::league::record(&store, "club", &correct, at()).await;
    assert!(
        matches!(
            r,
            Err(floorbook_ledger::league::LeagueWriteError::Refused(
                floorbook_league::LeagueError::NoReason
            ))
        ),
        "{r:?}"
    );
    let league = floorbook_ledger::league::chain_of("club").expect("chain");
    assert_eq!(
        store.head(&league).await.expect("head").map(|h| h.seq.0),
        Some(seq)
    );
    // Created once: a second creation is refused before anything is decided.
    let r = floorbook_ledger::league::record(&store, "club", &create, at()).await;
    assert!(
        matches!(
            r,
            Err(floorbook_ledger::league::LeagueWriteError::Exists(_))
        ),
        "{r:?}"
    );
}
