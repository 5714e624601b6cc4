//! The service's desk on both backends: a simulated tournament sent command by command (and in
//! group-committed batches) becomes exactly the simulated chain; a desk opened again midway
//! (a takeover) continues it; rejected and malformed commands write nothing; commands outside
//! the sender's role change nothing and are recorded as refused.

#[macro_use]
mod common;

use chrono::{DateTime, TimeZone, Utc};
use floorbook_e2e::drive::{Step, Verdict, request, script, verdict};
use floorbook_e2e::fixtures::stored_text;
use floorbook_e2e::nats::NatsServer;
use floorbook_e2e::schemas::CheckedDesk;
use floorbook_ledger::reader::{REFUSED, load};
use floorbook_log::{ChainId, Envelope, EventStore, Role, Seq, verify_chain};
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{ErrorKind, Reply, Request, WireCommand, WireCorrection, WireSaid};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_store_nats::{NatsOptions, NatsStore};
use floorbook_tournament::builtin;

fn at() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 11, 29, 19, 0, 0)
        .single()
        .expect("a time")
}

fn incoming(step: &Step, head: u64) -> Incoming {
    Incoming {
        channel: step.channel,
        request: request(step, "terminal-1", head),
        at: at(),
    }
}

async fn one<S: EventStore>(desk: &mut Desk<S>, channel: Channel, command: WireCommand) -> Reply {
    let d = desk
        .checked(vec![Incoming {
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
    assert!(!d.stale, "the append failed");
    d.replies.into_iter().next().expect("one reply")
}

/// [`first_hand_of_three`] with the hole cards dealt face down in one entry: the betting is on.
async fn dealt_hand_of_three<S: EventStore>(desk: &mut Desk<S>) {
    first_hand_of_three(desk).await;
    let r = one(
        desk,
        Channel::Dealer { table: 1 },
        WireCommand::DealFaceDown { table: 1 },
    )
    .await;
    assert!(r.ok, "{r:?}");
}

/// The position to act at table 1.
fn to_act<S: EventStore>(desk: &Desk<S>) -> usize {
    desk.tournament()
        .and_then(|t| t.hand(floorbook_tournament::seating::TableNo(1)))
        .and_then(|h| h.actor())
        .expect("someone acts")
        .0
}

/// A desk writing `chain` on the embedded store in `dir`.
async fn embedded_desk(dir: &std::path::Path, chain: &ChainId) -> Desk<EmbeddedStore> {
    let store = EmbeddedStore::open(dir, OpenMode::ReadWrite).expect("store");
    Desk::open(store, chain.clone(), None, 500)
        .await
        .expect("desk")
}

/// The director opens the desk's chain under top18.
async fn open_top18<S: EventStore>(desk: &mut Desk<S>) {
    let open = WireCommand::Open {
        profile: Some("top18".into()),
        profile_toml: None,
    };
    let r = one(desk, Channel::Director, open).await;
    assert!(r.ok, "{r:?}");
}

/// Players 1 to `n` registered by the floor (adults, the 15.00 buy-in).
async fn register<S: EventStore>(desk: &mut Desk<S>, n: u32) {
    register_paying(desk, n, "15.00").await;
}

/// Players 1 to `n` registered by the floor, adults paying `buy_in`.
async fn register_paying<S: EventStore>(desk: &mut Desk<S>, n: u32, buy_in: &str) {
    for p in 1..=n {
        let r = one(
            desk,
            Channel::Floor,
            WireCommand::Register {
                player: p,
                name: format!("P{p}"),
                buy_in: buy_in.into(),
                age: 30,
                table: None,
                draw: None,
            },
        )
        .await;
        assert!(r.ok, "{r:?}");
    }
}

/// Top18 opened, players 1 to 3 registered and seated (the button on seat 1), and the first
/// hand at table 1 started at 0 s.
async fn first_hand_of_three<S: EventStore>(desk: &mut Desk<S>) {
    open_top18(desk).await;
    register(desk, 3).await;
    let start = WireCommand::Start {
        draw: vec![0, 1, 2],
        button_seats: Some(vec![1]),
        at: None,
        tables: None,
    };
    let hand = WireCommand::StartHand {
        table: 1,
        at: Some(0),
        button: None,
        straddle: false,
    };
    for (channel, command) in [
        (Channel::Director, start),
        (Channel::Dealer { table: 1 }, hand),
    ] {
        let r = one(desk, channel, command).await;
        assert!(r.ok, "{r:?}");
    }
}

async fn tournament_through_the_desk<S: EventStore + Clone + 'static>(store: S) {
    tournament_of_profile_through_the_desk(store, "top18").await;
}

/// Seven-card stud through the service: deals by the street, bring-ins, completions and
/// fixed-limit bets as the dealer terminals send them.
async fn stud_tournament_through_the_desk<S: EventStore + Clone + 'static>(store: S) {
    tournament_of_profile_through_the_desk(store, "stud").await;
}

on_both_backends!(
    a_stud_tournament_through_the_desk_is_the_simulated_chain_embedded,
    a_stud_tournament_through_the_desk_is_the_simulated_chain_nats,
    stud_tournament_through_the_desk
);

async fn tournament_of_profile_through_the_desk<S: EventStore + Clone + 'static>(
    store: S,
    name: &str,
) {
    let (_, profile) = builtin(name).expect("profile");
    let profile = profile.expect("the profile reads");
    let steps = script(name, &profile, 18, 5).expect("script");
    let expected = floorbook_sim::simulate(&profile, 18, 5, None)
        .expect("simulation")
        .tournament
        .events;
    let chain = ChainId::new(format!("desk-{name}")).expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    let mut head = 0;
    let half = steps.len() / 2;
    // The first half one command at a time.
    let mut out_of_turn_checked = false;
    for step in &steps[..half] {
        // Before the first check or call: the same action from the wrong position is refused
        // by the rules (TR-21) with what is legal now, and writes nothing.
        if let (WireCommand::CheckOrCall { table, pos }, false) =
            (&step.command, out_of_turn_checked)
        {
            let wrong = Step {
                command: WireCommand::CheckOrCall {
                    table: *table,
                    pos: pos + 1,
                },
                ..step.clone()
            };
            let d = desk.checked(vec![incoming(&wrong, head)]).await;
            let e = d.replies[0].error.clone().expect("rejected");
            assert_eq!(e.kind, ErrorKind::Rejected, "{e:?}");
            assert!(e.rules.iter().any(|r| r.id == "TR-21"), "{e:?}");
            assert!(e.legal.is_some(), "the reply says what is legal");
            assert_eq!(desk.head().map(|h| h.seq.0), Some(head));
            out_of_turn_checked = true;
        }
        let d = desk.checked(vec![incoming(step, head)]).await;
        match verdict(step, head, &d.replies[0]) {
            Verdict::Done(h) => head = h,
            other => panic!("{:?}: {other:?} ({:?})", step.command, d.replies[0]),
        }
    }
    // A takeover: a new desk reads the chain back and goes on where the old one stopped.
    drop(desk);
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk reopened");
    assert_eq!(desk.head().map(|h| h.seq.0), Some(head));
    // The second half in batches of 8, each one append (group commit).
    for batch in steps[half..].chunks(8) {
        let mut incoming_batch = Vec::new();
        let mut planned = head;
        for step in batch {
            incoming_batch.push(incoming(step, planned));
            planned += step.events;
        }
        let d = desk.checked(incoming_batch).await;
        let mut h = head;
        for (step, reply) in batch.iter().zip(&d.replies) {
            match verdict(step, h, reply) {
                Verdict::Done(next) => h = next,
                other => panic!("{:?}: {other:?}", step.command),
            }
        }
        assert_eq!(
            d.appended.len() as u64,
            planned - head,
            "one append per batch"
        );
        head = planned;
    }
    assert!(out_of_turn_checked, "the script has a check or call");
    let rec = load(&store, chain.clone()).await.expect("load");
    assert_eq!(rec.events.len(), expected.len());
    assert!(
        rec.events == expected,
        "the service's chain differs from the simulated tournament"
    );
    let verified = verify_chain(&store, &chain, |_, _| {})
        .await
        .expect("the chain verifies");
    assert_eq!(verified.map(|h| h.seq.0), Some(head));
    // Every decision re-derives from the chain.
    rec.into_replayer()
        .run_to_end()
        .expect("every decision re-derives");
}

on_both_backends!(
    a_tournament_through_the_desk_is_the_simulated_chain_embedded,
    a_tournament_through_the_desk_is_the_simulated_chain_nats,
    tournament_through_the_desk
);

/// Returns the reply to the floor ruling sent with id `ruling-1`.
async fn refusals<S: EventStore + Clone + 'static>(store: S) -> Reply {
    let chain = ChainId::new("desk-refusals").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    // Nothing before the chain is opened, and only the director opens it.
    let r = one(
        &mut desk,
        Channel::Floor,
        WireCommand::Open {
            profile: Some("top18".into()),
            profile_toml: None,
        },
    )
    .await;
    assert_eq!(r.error.as_ref().map(|e| e.kind), Some(ErrorKind::Forbidden));
    assert_eq!(
        desk.head(),
        None,
        "a refusal before the opening writes nothing"
    );
    let r = one(
        &mut desk,
        Channel::Director,
        WireCommand::Open {
            profile: Some("no-such-profile".into()),
            profile_toml: None,
        },
    )
    .await;
    assert_eq!(r.error.as_ref().map(|e| e.kind), Some(ErrorKind::Malformed));
    open_top18(&mut desk).await;
    register(&mut desk, 9).await;
    // TR-0a: too young; TR-0b: a buy-in not offered. Rejected, nothing written.
    let head = desk.head();
    for (age, buy_in, rule) in [(16, "15.00", "TR-0a"), (30, "99.00", "TR-0b")] {
        let r = one(
            &mut desk,
            Channel::Floor,
            WireCommand::Register {
                player: 10,
                name: "X".into(),
                buy_in: buy_in.into(),
                age,
                table: None,
                draw: None,
            },
        )
        .await;
        let e = r.error.expect("rejected");
        assert_eq!(e.kind, ErrorKind::Rejected);
        assert_eq!(e.rules.first().map(|r| r.id.as_str()), Some(rule), "{e:?}");
        assert!(e.message.contains(rule), "{}", e.message);
        assert_eq!(desk.head(), head, "a rejection writes nothing");
    }
    let r = one(
        &mut desk,
        Channel::Director,
        WireCommand::Start {
            draw: (0..9).collect(),
            button_seats: None,
            at: None,
            tables: None,
        },
    )
    .await;
    assert!(r.ok, "{r:?}");
    // A dealer at another table, and a dealer sending a floor command: refused, recorded,
    // and the tournament is as it was.
    let before = serde_json::to_value(desk.tournament()).expect("state");
    let head = desk.head().expect("head").seq.0;
    let r = one(
        &mut desk,
        Channel::Dealer { table: 2 },
        WireCommand::StartHand {
            table: 1,
            at: Some(60),
            button: None,
            straddle: false,
        },
    )
    .await;
    let e = r.error.clone().expect("refused");
    assert_eq!(e.kind, ErrorKind::Forbidden);
    assert!(e.message.contains("table 1"), "{}", e.message);
    assert_eq!(r.seq, Some(head + 1), "the refusal is recorded");
    assert_eq!(r.events, vec![REFUSED.to_string()]);
    let stored = store.read(&chain, Seq(head + 1), 1).await.expect("read");
    let env = Envelope::parse(&stored[0].bytes).expect("envelope");
    assert_eq!(env.event_type, REFUSED);
    assert_eq!(env.actor.role, Role::Dealer);
    assert_eq!(env.actor.id, "anna");
    assert_eq!(
        serde_json::to_value(desk.tournament()).expect("state"),
        before
    );
    // Malformed values: nothing written.
    let head = desk.head();
    let r = one(
        &mut desk,
        Channel::Dealer { table: 1 },
        WireCommand::ChipRace {
            table: 1,
            cards: vec!["Zz".into()],
            at: None,
        },
    )
    .await;
    assert_eq!(r.error.map(|e| e.kind), Some(ErrorKind::Malformed));
    let r = one(
        &mut desk,
        Channel::Floor,
        WireCommand::FloorRuling {
            player: None,
            ruling: "x".into(),
            rule: "TR-999".into(),
            overrides: None,
        },
    )
    .await;
    assert_eq!(r.error.map(|e| e.kind), Some(ErrorKind::Malformed));
    assert_eq!(desk.head(), head);
    // A repeated request id gets its first reply, and is not decided twice.
    let req = Request {
        actor: "anna".into(),
        id: Some("ruling-1".into()),
        after: None,
        seen: None,
        command: WireCommand::FloorRuling {
            player: Some(3),
            ruling: "the bet stands".into(),
            rule: "TR-26".into(),
            overrides: None,
        },
    };
    let inc = Incoming {
        channel: Channel::Floor,
        request: req.clone(),
        at: at(),
    };
    let first = desk.checked(vec![inc.clone()]).await.replies.remove(0);
    assert!(first.ok, "{first:?}");
    let head = desk.head();
    let again = desk.checked(vec![inc.clone()]).await.replies.remove(0);
    assert_eq!(again, first);
    assert_eq!(desk.head(), head);
    // The id given to another request (issue 38: a floor command reusing it got the first
    // one's success): refused `id_reused`, nothing decided, and the first reply stays.
    let mut other = inc.clone();
    other.request.command = WireCommand::FloorRuling {
        player: Some(4),
        ruling: "the raise stands".into(),
        rule: "TR-26".into(),
        overrides: None,
    };
    let mut other_channel = inc.clone();
    other_channel.channel = Channel::Director;
    for reuse in [other.clone(), other_channel] {
        let r = desk.checked(vec![reuse]).await.replies.remove(0);
        let e = r.error.expect("refused");
        assert_eq!(e.kind, ErrorKind::IdReused);
        assert!(e.message.contains("ruling-1"), "{}", e.message);
        assert!(e.message.contains("floor_ruling"), "{}", e.message);
        assert_eq!(desk.head(), head, "nothing decided");
    }
    let again = desk.checked(vec![inc.clone()]).await.replies.remove(0);
    assert_eq!(again, first, "the first reply stays");
    // In one batch: the first decided, the other body with its id refused.
    let mut a = inc.clone();
    a.request.id = Some("ruling-1b".into());
    let mut b = other.clone();
    b.request.id = Some("ruling-1b".into());
    let replies = desk.checked(vec![a, b]).await.replies;
    assert!(replies[0].ok, "{replies:?}");
    assert_eq!(
        replies[1].error.as_ref().map(|e| e.kind),
        Some(ErrorKind::IdReused)
    );
    // The same id twice in one batch (a client that asked again before it had the answer):
    // decided once, both answered alike.
    let mut twice = inc.clone();
    twice.request.id = Some("ruling-2".into());
    let before = desk.head().map_or(0, |h| h.seq.0);
    let both = desk.checked(vec![twice.clone(), twice]).await.replies;
    assert!(both[0].ok, "{both:?}");
    assert_eq!(both[0], both[1]);
    assert_eq!(both[0].first_seq, Some(before + 1));
    assert_eq!(desk.head().map(|h| h.seq.0), both[0].seq);
    // A request that expects the next head: a conflict now, nothing written. Once the next
    // command is recorded (the refusal below) it would be accepted if it were decided again.
    let ahead = Incoming {
        channel: Channel::Floor,
        request: Request {
            actor: "anna".into(),
            id: Some("ahead-1".into()),
            after: Some(desk.head().map_or(0, |h| h.seq.0) + 1),
            seen: None,
            command: WireCommand::FloorRuling {
                player: Some(3),
                ruling: "the call stands".into(),
                rule: "TR-26".into(),
                overrides: None,
            },
        },
        at: at(),
    };
    let ahead_first = desk.checked(vec![ahead.clone()]).await.replies.remove(0);
    assert_eq!(
        ahead_first.error.as_ref().map(|e| e.kind),
        Some(ErrorKind::Conflict),
        "{ahead_first:?}"
    );
    // A refusal with an id, and a request with a malformed id (nothing written).
    let refused_req = Incoming {
        channel: Channel::Dealer { table: 1 },
        request: Request {
            actor: "dee".into(),
            id: Some("refused-1".into()),
            after: None,
            seen: None,
            command: WireCommand::FloorRuling {
                player: None,
                ruling: "not a dealer's call".into(),
                rule: "TR-26".into(),
                overrides: None,
            },
        },
        at: at(),
    };
    let refused_first = desk
        .checked(vec![refused_req.clone()])
        .await
        .replies
        .remove(0);
    assert_eq!(
        refused_first.error.as_ref().map(|e| e.kind),
        Some(ErrorKind::Forbidden)
    );
    assert_eq!(
        desk.head().map(|h| h.seq.0),
        ahead.request.after,
        "the request that expected this head would be accepted now"
    );
    let mut bad_id = inc.clone();
    bad_id.request.id = Some("line\nbreak".into());
    let r = desk.checked(vec![bad_id]).await.replies.remove(0);
    assert_eq!(r.error.map(|e| e.kind), Some(ErrorKind::Malformed));
    let head = desk.head();
    // Another writer takes the chain over (a new desk from the store, as after a crash):
    // the repeated requests get their first replies from the ids in the chain.
    drop(desk);
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk again");
    let again = desk.checked(vec![inc]).await.replies.remove(0);
    assert_eq!(again, first, "the ruling is not decided twice");
    let again = desk.checked(vec![refused_req]).await.replies.remove(0);
    assert_eq!(again, refused_first, "nor the refusal recorded twice");
    // Issue 38: a refusal that wrote nothing to the chain is answered alike after the
    // takeover (kept beside the chain), although the request would be accepted now.
    let again = desk.checked(vec![ahead.clone()]).await.replies.remove(0);
    assert_eq!(again, ahead_first, "the conflict is not decided afresh");
    assert_eq!(desk.head(), head);
    // And an id reused for another request is told apart after the takeover too: refused
    // `id_reused`, naming the first request's command; nothing decided.
    for (id, first_command) in [("ruling-1", "floor_ruling"), ("ahead-1", "floor_ruling")] {
        let mut other = ahead.clone();
        other.request.id = Some(id.into());
        other.request.after = None;
        other.request.command = WireCommand::FloorRuling {
            player: Some(5),
            ruling: "another ruling".into(),
            rule: "TR-26".into(),
            overrides: None,
        };
        let r = desk.checked(vec![other]).await.replies.remove(0);
        let e = r.error.expect("refused");
        assert_eq!(e.kind, ErrorKind::IdReused, "{e:?}");
        assert!(
            e.message.contains(id) && e.message.contains(first_command),
            "{}",
            e.message
        );
        assert_eq!(desk.head(), head, "nothing decided");
    }
    // The chain still re-derives: refusals are not the tournament's events.
    let rec = load(&store, chain.clone()).await.expect("load");
    rec.into_replayer().run_to_end().expect("re-derives");
    // The projections list the refusal for the audit.
    let mut p = floorbook_projections::Projector::in_memory().expect("projector");
    p.catch_up(&store, &chain, 100, |_| {})
        .await
        .expect("projected");
    let refused: Vec<(String, String, String)> = p
        .connection()
        .prepare("SELECT actor, role, command FROM refused_commands WHERE chain = ?1")
        .expect("query")
        .query_map([chain.as_str()], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .expect("rows")
        .collect::<Result<_, _>>()
        .expect("rows");
    assert_eq!(
        refused,
        vec![
            (
                "anna".to_string(),
                "dealer".to_string(),
                "start_hand".to_string()
            ),
            (
                "dee".to_string(),
                "dealer".to_string(),
                "floor_ruling".to_string()
            )
        ]
    );
    first
}

#[tokio::test]
async fn refusals_are_recorded_and_rejections_write_nothing_embedded() {
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let ruling = refusals(store).await;
    // `explain` names who recorded the ruling, when, and the request that caused it.
    let seq = ruling.seq.expect("recorded").to_string();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args([
            "explain",
            "--chain",
            "desk-refusals",
            &seq,
            "--json",
            "--data",
        ])
        .arg(dir.path())
        .output()
        .expect("floorbook explain runs");
    let report: serde_json::Value = serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", String::from_utf8_lossy(&out.stderr)));
    assert_eq!(report["agrees"], true, "{report}");
    let by = &report["recorded_by"];
    assert_eq!(by["actor"]["id"], "anna", "{by}");
    assert_eq!(by["actor"]["role"], "floor", "{by}");
    assert_eq!(by["request"], "ruling-1", "{by}");
    assert_eq!(by["at"], "2026-11-29T19:00:00Z", "{by}");
}

#[tokio::test]
async fn refusals_are_recorded_and_rejections_write_nothing_nats() {
    let server = NatsServer::start();
    let store = NatsStore::connect(&server.url(), NatsOptions::default())
        .await
        .expect("store");
    refusals(store).await;
}

/// A hand played through the desk to a fold-win; the dealer then reports the folded player's
/// card shown (TR-3.5) and the winner's choice to show one (TR-3.7). Both are recorded in the
/// finished hand, a desk opened again on the chain (a takeover) re-derives them, and once the
/// next hand has started the dealer can no longer report one.
async fn cards_shown_after_a_hand<S: EventStore + Clone + 'static>(store: S) {
    let chain = ChainId::new("desk-after-hand").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    let dealer = Channel::Dealer { table: 1 };
    let ok = |r: Reply| {
        assert!(r.ok, "{r:?}");
        r
    };
    first_hand_of_three(&mut desk).await;
    for (pos, cards) in [(0, ["As", "Kd"]), (1, ["7c", "2d"]), (2, ["Qh", "Qs"])] {
        ok(one(
            &mut desk,
            dealer,
            WireCommand::DealHole {
                table: 1,
                pos,
                cards: cards.iter().map(|c| Some(c.to_string())).collect(),
            },
        )
        .await);
    }
    // The button raises, both blinds fold.
    ok(one(
        &mut desk,
        dealer,
        WireCommand::BetOrRaiseTo {
            table: 1,
            pos: 2,
            to: 60,
        },
    )
    .await);
    ok(one(&mut desk, dealer, WireCommand::Fold { table: 1, pos: 0 }).await);
    ok(one(&mut desk, dealer, WireCommand::Fold { table: 1, pos: 1 }).await);
    let show = |pos: usize, card: &str| WireCommand::ShowAfterHand {
        table: 1,
        pos,
        cards: vec![card.to_string()],
    };
    // Not his card: rejected, nothing written.
    let head = desk.head();
    let r = one(&mut desk, dealer, show(1, "As")).await;
    assert_eq!(r.error.map(|e| e.kind), Some(ErrorKind::Rejected));
    assert_eq!(desk.head(), head);
    let r = ok(one(&mut desk, dealer, show(1, "7c")).await);
    assert_eq!(r.events, ["CommandEntered", "InHand"]);
    let r = ok(one(&mut desk, dealer, show(2, "Qh")).await);
    assert_eq!(r.events, ["CommandEntered", "InHand", "InHand"]);
    // The rules the two shows cite, as stored.
    let stored = store.read(&chain, Seq::FIRST, 10_000).await.expect("read");
    let decisions: Vec<Envelope> = stored
        .iter()
        .map(|e| Envelope::parse(&e.bytes).expect("envelope"))
        .filter(|env| env.event_type != "CommandEntered")
        .collect();
    let cited: Vec<Vec<String>> = decisions[decisions.len() - 3..]
        .iter()
        .map(|env| env.rules.iter().map(|r| r.as_str().to_string()).collect())
        .collect();
    assert_eq!(cited, vec![vec!["TR-3.5"], vec![], vec!["TR-3.7"]]);
    // A takeover re-derives the chain, the shows included, and goes on.
    drop(desk);
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("a desk opened again re-derives the chain");
    ok(one(
        &mut desk,
        dealer,
        WireCommand::StartHand {
            table: 1,
            at: Some(60),
            button: None,
            straddle: false,
        },
    )
    .await);
    let r = one(&mut desk, dealer, show(1, "2d")).await;
    let e = r.error.expect("too late");
    assert_eq!(e.kind, ErrorKind::Rejected);
    assert!(e.message.contains("no finished hand"), "{}", e.message);
}

on_both_backends!(
    cards_shown_after_a_hand_embedded,
    cards_shown_after_a_hand_nats,
    cards_shown_after_a_hand
);

/// TR-26: a ruling that overrides a decision must name one the chain holds. Seq 0, the
/// opening, one past the head, far out and the largest sequence are refused with the range,
/// and nothing is written; a decision the chain holds is overridden and recorded.
async fn rulings_point_at_real_events<S: EventStore + Clone + 'static>(store: S) {
    let chain = ChainId::new("desk-rulings").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    open_top18(&mut desk).await;
    register(&mut desk, 3).await;
    let head = desk.head().expect("a head").seq.0;
    let ruling = |overrides| WireCommand::FloorRuling {
        player: Some(1),
        ruling: "the dealer misread the hand".into(),
        rule: "TR-11".into(),
        overrides: Some(overrides),
    };
    for bad in [0, 1, head + 1, 999_999, u64::MAX] {
        let r = one(&mut desk, Channel::Director, ruling(bad)).await;
        let e = r.error.expect("refused");
        assert_eq!(e.kind, ErrorKind::Rejected, "{bad}");
        assert!(
            e.message
                .contains(&format!("its decisions run from 2 to {head} (TR-26)")),
            "{bad}: {}",
            e.message
        );
        assert_eq!(
            desk.head().expect("a head").seq.0,
            head,
            "{bad}: nothing written"
        );
    }
    let r = one(&mut desk, Channel::Director, ruling(head)).await;
    assert!(r.ok, "{r:?}");
    assert!(r.events.iter().any(|e| e == "FloorRuling"), "{r:?}");
}

on_both_backends!(
    rulings_point_at_real_events_embedded,
    rulings_point_at_real_events_nats,
    rulings_point_at_real_events
);

/// One terminal cannot stall or flood a chain. Forty refused 60 KB requests from a dealer and
/// an honest one in one batch: the honest one is decided; only the first thirty refusals are
/// recorded, each as a summary of a few hundred bytes (the command, the size, the digest), and
/// the rest are answered without a record. A batch of accepted requests larger than one
/// append may carry goes in several appends, cut between requests, and the chain verifies.
async fn a_terminal_cannot_stall_or_flood_a_chain<S: EventStore + Clone + 'static>(store: S) {
    let chain = ChainId::new("desk-flood").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk")
        .with_append_limit(20_000);
    open_top18(&mut desk).await;
    let head = desk.head().expect("a head").seq.0;
    let big = "x".repeat(60_000);
    let request = |actor: &str, command| Incoming {
        channel: Channel::Dealer { table: 1 },
        request: Request {
            actor: actor.into(),
            id: None,
            after: None,
            seen: None,
            command,
        },
        at: at(),
    };
    // A new actor name for each request does not dodge the cap: it is the channel's.
    let mut batch: Vec<Incoming> = (0..40)
        .map(|k| {
            request(
                &format!("dee-{k}"),
                WireCommand::FloorRuling {
                    player: None,
                    ruling: big.clone(),
                    rule: "TR-26".into(),
                    overrides: None,
                },
            )
        })
        .collect();
    batch.push(Incoming {
        channel: Channel::Floor,
        ..request(
            "ron",
            WireCommand::Register {
                player: 1,
                name: "Ann".into(),
                buy_in: "15.00".into(),
                age: 30,
                table: None,
                draw: None,
            },
        )
    });
    let d = desk.checked(batch).await;
    assert!(!d.stale, "the appends went through");
    let honest = d.replies.last().expect("replies");
    assert!(honest.ok, "{honest:?}");
    assert!(d.replies[..40].iter().all(|r| {
        r.error
            .as_ref()
            .is_some_and(|e| e.kind == ErrorKind::Forbidden)
    }));
    assert!(d.replies[30..40].iter().all(|r| {
        r.error
            .as_ref()
            .is_some_and(|e| e.message.contains("not recorded"))
    }));
    let stored = store
        .read(&chain, Seq(head + 1), 10_000)
        .await
        .expect("read");
    let refusals: Vec<Envelope> = stored
        .iter()
        .map(|e| Envelope::parse(&e.bytes).expect("envelope"))
        .filter(|e| e.event_type == REFUSED)
        .collect();
    assert_eq!(refusals.len(), 30);
    for e in &refusals {
        assert!(e.payload.get().len() < 1024, "{}", e.payload.get().len());
        let p: serde_json::Value = serde_json::from_str(e.payload.get()).expect("json");
        assert_eq!(p["request"]["command"], "floor_ruling");
        assert!(p["request"]["bytes"].as_u64() > Some(60_000));
        assert_eq!(p["request"]["blake3"].as_str().map(str::len), Some(64));
    }
    // Twelve accepted rulings of 3 KB each: more than one append of 20,000 bytes carries.
    let before = desk.head().expect("a head").seq.0;
    let batch: Vec<Incoming> = (0..12)
        .map(|k| Incoming {
            channel: Channel::Director,
            ..request(
                "td",
                WireCommand::FloorRuling {
                    player: None,
                    ruling: format!("{k}: {}", "y".repeat(3_000)),
                    rule: "TR-26".into(),
                    overrides: None,
                },
            )
        })
        .collect();
    let d = desk.checked(batch).await;
    assert!(!d.stale);
    assert!(d.replies.iter().all(|r| r.ok), "{:?}", d.replies);
    let seqs: Vec<u64> = d.replies.iter().filter_map(|r| r.seq).collect();
    assert_eq!(seqs.len(), 12);
    assert!(seqs.windows(2).all(|w| w[1] == w[0] + 2), "{seqs:?}");
    assert_eq!(desk.head().expect("a head").seq.0, before + 24);
    let verified = verify_chain(&store, &chain, |_, _| {})
        .await
        .expect("verifies")
        .expect("a head");
    assert_eq!(verified.seq.0, before + 24);
}

on_both_backends!(
    a_terminal_cannot_stall_or_flood_a_chain_embedded,
    a_terminal_cannot_stall_or_flood_a_chain_nats,
    a_terminal_cannot_stall_or_flood_a_chain
);

/// A closed chain is signed: with no interval checkpoint due, the desk signs the head when a
/// table breaks and when the tournament finishes, so the final hands and the winner are under
/// a checkpoint; `sign_head` (a clean shutdown) signs whatever head there is.
async fn a_closed_chain_is_signed<S: EventStore + Clone + 'static>(store: S) {
    let (_, profile) = builtin("top18").expect("profile");
    let profile = profile.expect("top18 reads");
    let steps = script("top18", &profile, 18, 5).expect("script");
    let chain = ChainId::new("desk-signed").expect("chain");
    let key = floorbook_log::ServiceKey::from_secret([7; 32]);
    let mut desk = Desk::open(store.clone(), chain.clone(), Some(key), u64::MAX)
        .await
        .expect("desk");
    let mut head = 0;
    let mut broken_at = Vec::new();
    let mut trusted = floorbook_log::TrustedKeys::default();
    trusted.add(&floorbook_log::ServiceKey::from_secret([7; 32]));
    let mut receipts = 0;
    for step in &steps {
        let d = desk.checked(vec![incoming(step, head)]).await;
        match verdict(step, head, &d.replies[0]) {
            Verdict::Done(h) => head = h,
            other => panic!("{:?}: {other:?}", step.command),
        }
        let reply = &d.replies[0];
        if reply.events.iter().any(|e| e == "TableBroken") {
            broken_at.push(head);
        }
        // Witnessing: every reply that closed a hand, a table or the tournament carries the
        // signed head as a receipt, one `verify --checkpoint` reads as a checkpoint.
        let closes = reply
            .events
            .iter()
            .any(|e| e == "HandFinished" || e == "TableBroken" || e == "Finished");
        assert_eq!(reply.receipt.is_some(), closes, "{reply:?}");
        if let Some(r) = &reply.receipt {
            // As `verify --checkpoint` reads it: the reply's JSON is the checkpoint's.
            let cp: floorbook_log::Checkpoint =
                serde_json::from_value(serde_json::to_value(r).expect("json"))
                    .expect("a checkpoint");
            assert_eq!((cp.chain.as_str(), cp.seq.0), (chain.as_str(), head));
            assert_eq!(Some(cp.head.to_hex()), reply.hash);
            cp.verify_signature(&trusted)
                .expect("the receipt's signature holds");
            receipts += 1;
        }
    }
    assert!(receipts > 10, "{receipts} receipts");
    assert!(!broken_at.is_empty(), "a table broke");
    let signed: Vec<u64> = store
        .checkpoints(&chain)
        .await
        .expect("checkpoints")
        .iter()
        .map(|cp| cp.seq.0)
        .collect();
    for at in &broken_at {
        assert!(
            signed.contains(at),
            "the break at {at} is signed: {signed:?}"
        );
    }
    assert_eq!(signed.last(), Some(&head), "the final head is signed");
    let again = desk.sign_head(at()).await.expect("signed").expect("a key");
    assert_eq!(again.seq.0, head);
    // The simulator names every hole card: each hand's were sealed while it was played and
    // released when it ended, so a reader without the key re-derives the whole tournament.
    let events = store.read(&chain, Seq(1), 1_000_000).await.expect("read");
    let sealed = events
        .iter()
        .filter(|e| String::from_utf8_lossy(&e.bytes).contains("\"payload\":{\"secret\":"))
        .count();
    let releases = events
        .iter()
        .filter(|e| String::from_utf8_lossy(&e.bytes).contains("\"type\":\"SecretsReleased\""))
        .count();
    assert!(
        sealed > 100 && releases > 10,
        "{sealed} sealed, {releases} releases"
    );
    let public = floorbook_log::Disclosing::new(store.clone(), None);
    let rec = load(&public, chain.clone()).await.expect("load");
    let last = rec.seqs.iter().chain(&rec.entered_seqs).max().copied();
    assert!(
        last.is_some_and(|l| l + 1 >= head),
        "read to {last:?} of {head}"
    );
    let mut r = rec.into_replayer();
    r.run_to_end()
        .expect("the whole tournament re-derives without the key");
    assert!(
        r.into_tournament().finished,
        "the tournament re-derives to its end"
    );
}

on_both_backends!(
    a_closed_chain_is_signed_embedded,
    a_closed_chain_is_signed_nats,
    a_closed_chain_is_signed
);

/// Issue 40: with the venue's transparency log kept beside the desk, the reply to each
/// command that finished a hand carries that hand's receipt (`proof`), and no other reply
/// does: it verifies offline with the log's key, its leaf is the hand's `HandFinished` as the
/// chain stores it, and each receipt's log is the one before it grown by appending.
async fn every_finished_hand_has_its_receipt_in_the_reply<S>(store: S)
where
    S: EventStore + Clone + std::fmt::Debug + 'static,
{
    let (_, profile) = builtin("top18").expect("profile");
    let profile = profile.expect("top18 reads");
    let steps = script("top18", &profile, 9, 3).expect("script");
    let chain = ChainId::new("desk-proofs").expect("chain");
    let dir = tempfile::tempdir().expect("dir");
    let key = floorbook_tlog::LogKey::for_venue("club.example", &[7; 32]).expect("log key");
    let vkey = key.vkey().to_string();
    let keeper = std::sync::Arc::new(floorbook_web::logkeeper::Keeper::new(
        floorbook_tlog::VenueLog::open(dir.path()).expect("log"),
        key,
        Vec::new(),
        std::time::Duration::from_secs(5),
        true,
    ));
    let mut desk = Desk::open(store.clone(), chain.clone(), None, u64::MAX)
        .await
        .expect("desk")
        .with_receipts(std::sync::Arc::new(
            floorbook_web::logkeeper::KeptReceipts::new(keeper, store.clone()),
        ));
    let mut head = 0;
    let mut proofs: Vec<floorbook_tlog::Receipt> = Vec::new();
    for step in &steps {
        let d = desk.checked(vec![incoming(step, head)]).await;
        match verdict(step, head, &d.replies[0]) {
            Verdict::Done(h) => head = h,
            other => panic!("{:?}: {other:?}", step.command),
        }
        let reply = &d.replies[0];
        let finished = reply.events.iter().position(|e| e == "HandFinished");
        assert_eq!(reply.proof.is_some(), finished.is_some(), "{reply:?}");
        let (Some(text), Some(at)) = (&reply.proof, finished) else {
            continue;
        };
        let receipt = floorbook_tlog::Receipt::from_bytes(text.as_bytes()).expect("reads");
        let proven = receipt.verify(&vkey).expect("verifies with the log's key");
        let seq = reply.first_seq.expect("first seq") + at as u64;
        let stored = store.read(&chain, Seq(seq), 1).await.expect("read");
        assert_eq!(
            (
                proven.leaf.chain.as_str(),
                proven.leaf.seq,
                proven.leaf.event
            ),
            (chain.as_str(), seq, stored[0].hash.0),
            "the receipt is of the hand's HandFinished"
        );
        if let Some(before) = proofs.last() {
            assert!(
                floorbook_tlog::conflict(before, &receipt, &vkey)
                    .expect("both read")
                    .is_none(),
                "the log only grew"
            );
        }
        proofs.push(receipt);
    }
    assert!(proofs.len() > 5, "{} receipts", proofs.len());
}

on_both_backends!(
    every_finished_hand_has_its_receipt_in_the_reply_embedded,
    every_finished_hand_has_its_receipt_in_the_reply_nats,
    every_finished_hand_has_its_receipt_in_the_reply
);

/// Issue 40: two instances of a venue, each with a keeper of its own copy of the one log (the
/// store's record), finish hands on two chains in turn. A keeper asked for a receipt appends
/// without reading the record first; when the other appended meanwhile its append is refused,
/// it reads what the other appended and appends after it. Every receipt verifies, and each is
/// of the one log grown by appending, whichever keeper made it.
async fn two_keepers_give_receipts_of_one_log<S>(store: S)
where
    S: EventStore + Clone + std::fmt::Debug + 'static,
{
    let (_, profile) = builtin("top18").expect("profile");
    let profile = profile.expect("top18 reads");
    let key = || floorbook_tlog::LogKey::for_venue("club.example", &[7; 32]).expect("log key");
    let vkey = key().vkey().to_string();
    let dirs = [
        tempfile::tempdir().expect("dir"),
        tempfile::tempdir().expect("dir"),
    ];
    let mut tables = Vec::new();
    for (k, dir) in dirs.iter().enumerate() {
        let keeper = std::sync::Arc::new(floorbook_web::logkeeper::Keeper::new(
            floorbook_tlog::VenueLog::open(dir.path()).expect("log"),
            key(),
            Vec::new(),
            std::time::Duration::from_secs(5),
            true,
        ));
        let chain = ChainId::new(format!("desk-keeper-{k}")).expect("chain");
        let desk = Desk::open(store.clone(), chain, None, u64::MAX)
            .await
            .expect("desk")
            .with_receipts(std::sync::Arc::new(
                floorbook_web::logkeeper::KeptReceipts::new(keeper, store.clone()),
            ));
        let steps = script("top18", &profile, 9, 11 + k as u64).expect("script");
        tables.push((desk, steps, 0usize, 0u64));
    }
    let mut receipts: Vec<(u64, floorbook_tlog::Receipt)> = Vec::new();
    // Each table plays to its next finished hand, then the other.
    while tables.iter().any(|(_, steps, next, _)| *next < steps.len()) {
        for (desk, steps, next, head) in tables.iter_mut() {
            while *next < steps.len() {
                let step = &steps[*next];
                *next += 1;
                let d = desk.checked(vec![incoming(step, *head)]).await;
                match verdict(step, *head, &d.replies[0]) {
                    Verdict::Done(h) => *head = h,
                    other => panic!("{:?}: {other:?}", step.command),
                }
                if let Some(text) = &d.replies[0].proof {
                    let receipt =
                        floorbook_tlog::Receipt::from_bytes(text.as_bytes()).expect("reads");
                    let proven = receipt.verify(&vkey).expect("verifies with the log's key");
                    receipts.push((proven.checkpoint.size, receipt));
                    break;
                }
            }
        }
    }
    assert!(receipts.len() > 10, "{} receipts", receipts.len());
    receipts.sort_by_key(|(size, _)| *size);
    for pair in receipts.windows(2) {
        assert!(
            floorbook_tlog::conflict(&pair[0].1, &pair[1].1, &vkey)
                .expect("both read")
                .is_none(),
            "one log, grown by appending (sizes {} and {})",
            pair[0].0,
            pair[1].0
        );
    }
}

on_both_backends!(
    two_keepers_give_receipts_of_one_log_embedded,
    two_keepers_give_receipts_of_one_log_nats,
    two_keepers_give_receipts_of_one_log
);

/// In the service a command's time is the moment it is taken in, counted from the chain's
/// opening: a hand started 800 s after the opening plays level 2 (top18's levels are 12
/// minutes) and records 800 s, whatever the terminal's clock; a command that gives an earlier
/// time of its own is refused, naming the latest time, and nothing is written.
async fn a_commands_time_is_the_moment_of_intake<S: EventStore + Clone + 'static>(store: S) {
    let chain = ChainId::new("desk-intake").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    let send = |channel, command, secs: i64| Incoming {
        channel,
        request: Request {
            actor: "anna".into(),
            id: None,
            after: None,
            seen: None,
            command,
        },
        at: at() + chrono::Duration::seconds(secs),
    };
    let open = WireCommand::Open {
        profile: Some("top18".into()),
        profile_toml: None,
    };
    let d = desk.checked(vec![send(Channel::Director, open, 0)]).await;
    assert!(d.replies[0].ok, "{:?}", d.replies[0]);
    for p in 1..=3 {
        let register = WireCommand::Register {
            player: p,
            name: format!("P{p}"),
            buy_in: "15.00".into(),
            age: 30,
            table: None,
            draw: None,
        };
        let d = desk.checked(vec![send(Channel::Floor, register, 5)]).await;
        assert!(d.replies[0].ok, "{:?}", d.replies[0]);
    }
    let start = WireCommand::Start {
        draw: vec![0, 1, 2],
        button_seats: Some(vec![1]),
        at: None,
        tables: None,
    };
    let d = desk.checked(vec![send(Channel::Director, start, 10)]).await;
    assert!(d.replies[0].ok, "{:?}", d.replies[0]);
    let hand = WireCommand::StartHand {
        table: 1,
        at: None,
        button: None,
        straddle: false,
    };
    let d = desk
        .checked(vec![send(Channel::Dealer { table: 1 }, hand, 800)])
        .await;
    let r = &d.replies[0];
    assert!(r.ok, "{r:?}");
    assert!(r.events.iter().any(|e| e == "LevelChanged"), "{r:?}");
    let rec = load(&store, chain.clone()).await.expect("load");
    let started = rec.events.iter().rev().find_map(|e| match e {
        floorbook_tournament::engine::TournamentEvent::HandStarted { at, level, .. } => {
            Some((*at, *level))
        }
        _ => None,
    });
    assert_eq!(started, Some((800, 1)), "800 s in, level 2 (index 1)");
    let head = desk.head().expect("a head").seq.0;
    let earlier = WireCommand::RemoveNoShow {
        player: 1,
        at: Some(10),
    };
    let d = desk.checked(vec![send(Channel::Floor, earlier, 900)]).await;
    let e = d.replies[0].error.clone().expect("refused");
    assert_eq!(e.kind, ErrorKind::Rejected, "{e:?}");
    assert!(
        e.message
            .contains("earlier than the latest recorded time, 800 s"),
        "{}",
        e.message
    );
    assert_eq!(desk.head().expect("a head").seq.0, head, "nothing written");
}

on_both_backends!(
    a_commands_time_is_the_moment_of_intake_embedded,
    a_commands_time_is_the_moment_of_intake_nats,
    a_commands_time_is_the_moment_of_intake
);

/// The live hand's showdown through the desk (TR-11, TR-3.5, TR-3.6): a show is the cards
/// dealt and opens the whole hand; a card dealt face down becomes known when shown after the
/// hand. Refusals name the rule and write nothing. Returns the chain.
async fn a_showdown_cannot_be_falsified<S: EventStore + Clone + 'static>(store: S) -> ChainId {
    let chain = ChainId::new("desk-showdown").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    let dealer = Channel::Dealer { table: 1 };
    let ok = |r: Reply| {
        assert!(r.ok, "{r:?}");
        r
    };
    first_hand_of_three(&mut desk).await;
    let known = |cs: [&str; 2]| cs.iter().map(|c| Some(c.to_string())).collect();
    for (pos, cards) in [
        (0, known(["2c", "7d"])),
        (1, known(["Kc", "Kd"])),
        (2, vec![None, None]),
    ] {
        ok(one(
            &mut desk,
            dealer,
            WireCommand::DealHole {
                table: 1,
                pos,
                cards,
            },
        )
        .await);
    }
    // The button and the small blind call, the big blind checks; checked down to the river.
    for pos in [2, 0] {
        ok(one(
            &mut desk,
            dealer,
            WireCommand::CheckOrCall { table: 1, pos },
        )
        .await);
    }
    ok(one(&mut desk, dealer, WireCommand::Check { table: 1, pos: 1 }).await);
    for street in [vec!["3h", "8s", "9d"], vec!["Jc"], vec!["4s"]] {
        let cards = street.iter().map(|c| c.to_string()).collect();
        ok(one(
            &mut desk,
            dealer,
            WireCommand::DealBoard { table: 1, cards },
        )
        .await);
        for pos in [0, 1, 2] {
            ok(one(&mut desk, dealer, WireCommand::Check { table: 1, pos }).await);
        }
    }
    let refused = |r: Reply, rule: &str, says: &str| {
        let e = r.error.expect("refused");
        assert_eq!(e.kind, ErrorKind::Rejected);
        assert!(e.rules.iter().any(|r| r.id == rule), "{rule}: {e:?}");
        assert!(e.message.contains(says), "{}", e.message);
    };
    let show = |pos: usize, cards: Vec<Option<&str>>| WireCommand::Show {
        table: 1,
        pos,
        cards: Some(cards.iter().map(|c| c.map(str::to_string)).collect()),
    };
    let head = desk.head();
    // No bet: the first player left of the button shows first (TR-11). Aces he was not dealt.
    refused(
        one(&mut desk, dealer, show(0, vec![Some("Ac"), Some("Ad")])).await,
        "TR-11",
        "he was dealt 2c 7d",
    );
    assert_eq!(desk.head(), head, "a refused show writes nothing");
    ok(one(&mut desk, dealer, show(0, vec![Some("7d"), Some("2c")])).await);
    ok(one(
        &mut desk,
        dealer,
        WireCommand::Show {
            table: 1,
            pos: 1,
            cards: None,
        },
    )
    .await);
    // Face-down cards: one named and one kept down is no show (TR-11: both cards), nor is a
    // card on the board.
    let head = desk.head();
    refused(
        one(&mut desk, dealer, show(2, vec![Some("Ah"), None])).await,
        "TR-11",
        "both cards",
    );
    let r = one(&mut desk, dealer, show(2, vec![Some("9d"), Some("Ah")])).await;
    assert!(
        r.error
            .expect("refused")
            .message
            .contains("9d is already in play")
    );
    assert_eq!(desk.head(), head);
    // He mucks; after the hand he shows them (TR-3.5): they become known.
    ok(one(&mut desk, dealer, WireCommand::Muck { table: 1, pos: 2 }).await);
    ok(one(
        &mut desk,
        dealer,
        WireCommand::ShowAfterHand {
            table: 1,
            pos: 2,
            cards: vec!["Qs".into(), "Qh".into()],
        },
    )
    .await);
    let recorded = load(&store, chain.clone()).await.expect("load");
    let kings_won = recorded.events.iter().any(|e| {
        serde_json::to_value(e).expect("json")["event"]["type"] == "pot_awarded"
            && serde_json::to_value(e).expect("json")["event"]["shares"]
                == serde_json::json!([[1, 60]])
    });
    assert!(kings_won, "the kings win the 60");
    chain
}

on_both_backends!(
    a_showdown_cannot_be_falsified_embedded_store,
    a_showdown_cannot_be_falsified_nats,
    a_showdown_cannot_be_falsified
);

/// `floorbook hand` prints the cards shown after the hand (TR-3.5) with the hand.
#[tokio::test]
async fn the_hand_view_lists_cards_shown_after_the_hand() {
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let chain = a_showdown_cannot_be_falsified(store).await;
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["hand", "--data"])
        .arg(dir.path())
        .args(["--chain", chain.as_str(), "1"])
        .output()
        .expect("hand");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("P1 (player 1) shows Qs Qh after the hand (TR-3.5)"),
        "{text}"
    );
    assert!(text.contains("P2 (player 2) shows 7d 2c"), "{text}");
}

/// Everything that happens at a live table can be entered through the desk: chips put in
/// without a word (TR-23), "raise" alone (GCB-2), a card exposed in the deal (TR-3.1), a flop
/// without a burn (TR-3.2), a premature card (TR-3.3), a scrambled stub (TDA-RP-4), a player
/// opening his own cards (TR-3.4), an unprotected hand killed (TR-22). The audit lists each
/// with its rule, and `explain` re-derives each.
#[tokio::test]
async fn every_table_incident_is_entered_audited_and_explained() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("desk-incidents").expect("chain");
    {
        let mut desk = embedded_desk(dir.path(), &chain).await;
        let dealer = Channel::Dealer { table: 1 };
        let floor = Channel::Floor;
        open_top18(&mut desk).await;
        register(&mut desk, 3).await;
        let mut send = async |channel: Channel, command: WireCommand| {
            let r = one(&mut desk, channel, command.clone()).await;
            assert!(r.ok, "{command:?}: {r:?}");
        };
        send(
            Channel::Director,
            WireCommand::Start {
                draw: vec![0, 1, 2],
                button_seats: Some(vec![1]),
                at: None,
                tables: None,
            },
        )
        .await;
        send(
            dealer,
            WireCommand::StartHand {
                table: 1,
                at: Some(0),
                button: None,
                straddle: false,
            },
        )
        .await;
        let deal = |pos: usize, card: &str| WireCommand::DealHole {
            table: 1,
            pos,
            cards: vec![Some(card.to_string())],
        };
        send(dealer, deal(0, "Ah")).await;
        send(
            dealer,
            WireCommand::CardExposedInDeal {
                table: 1,
                pos: 0,
                card: "Ah".into(),
            },
        )
        .await;
        for (pos, card) in [
            (1, "2c"),
            (2, "3c"),
            (1, "4c"),
            (2, "5c"),
            (0, "6c"),
            (0, "7c"),
        ] {
            send(dealer, deal(pos, card)).await;
        }
        // The button puts in a single 50 chip facing the 20: a call (TR-23).
        send(
            dealer,
            WireCommand::PutIn {
                table: 1,
                pos: 2,
                amount: 50,
                single_chip: true,
                said: WireSaid::Nothing,
            },
        )
        .await;
        // The small blind says "raise": the minimum, to 40 (GCB-2).
        send(dealer, WireCommand::Raise { table: 1, pos: 0 }).await;
        send(dealer, WireCommand::CheckOrCall { table: 1, pos: 1 }).await;
        send(dealer, WireCommand::CheckOrCall { table: 1, pos: 2 }).await;
        send(
            dealer,
            WireCommand::DealBoard {
                table: 1,
                cards: vec!["2h".into(), "7s".into(), "9d".into()],
            },
        )
        .await;
        send(
            floor,
            WireCommand::FlopWithoutBurn {
                table: 1,
                burn_pick: 0,
                next: None,
            },
        )
        .await;
        send(
            floor,
            WireCommand::PrematureBoard {
                table: 1,
                cards: vec!["Jc".into()],
            },
        )
        .await;
        send(
            floor,
            WireCommand::StubScrambled {
                table: 1,
                restored: true,
                mixed_with_muck: false,
            },
        )
        .await;
        send(
            floor,
            WireCommand::ExposedOwnCards {
                table: 1,
                pos: 1,
                cards: vec!["4c".into()],
                one_up_one_pushed: false,
            },
        )
        .await;
        send(
            dealer,
            WireCommand::BetOrRaiseTo {
                table: 1,
                pos: 0,
                to: 100,
            },
        )
        .await;
        send(
            floor,
            WireCommand::UnprotectedHandKilled { table: 1, pos: 2 },
        )
        .await;
    }
    audited_and_explained(
        dir.path(),
        &chain,
        &[
            ("hole_card_exposed_in_deal", "TR-3.1"),
            ("interpreted", "TR-23"),
            ("interpreted", "GCB-2"),
            ("flop_without_burn", "TR-3.2"),
            ("premature_board", "TR-3.3"),
            ("stub_scrambled", "TDA-RP-4"),
            ("player_exposed_own_cards", "TR-3.4"),
            ("unprotected_hand_killed", "TR-22"),
        ],
        &[],
        None,
    );
}

/// Issue 35: a hand whose board is dealt one tap a street without its cards, the folds and a
/// call in one tap, and the pot awarded as the dealer reads the hands (TR-3.6): an award to a
/// player who folded is refused naming the rule and changes nothing; the award is recorded as
/// the dealer's reading, and `explain` re-derives it.
#[tokio::test]
async fn an_unseen_board_is_awarded_as_the_dealer_reads_the_hands_and_explained() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("desk-unseen").expect("chain");
    let awarded = {
        let mut desk = embedded_desk(dir.path(), &chain).await;
        let dealer = Channel::Dealer { table: 1 };
        open_top18(&mut desk).await;
        register(&mut desk, 3).await;
        let desk = tokio::sync::Mutex::new(desk);
        let send_refused = async |channel: Channel, command: WireCommand| {
            let mut d = desk.lock().await;
            let r = one(&mut d, channel, command.clone()).await;
            assert!(!r.ok, "{command:?}: {r:?}");
            r
        };
        let send = async |channel: Channel, command: WireCommand| {
            let mut d = desk.lock().await;
            let r = one(&mut d, channel, command.clone()).await;
            assert!(r.ok, "{command:?}: {r:?}");
            r
        };
        send(
            Channel::Director,
            WireCommand::Start {
                draw: vec![0, 1, 2],
                button_seats: Some(vec![1]),
                at: None,
                tables: None,
            },
        )
        .await;
        send(
            dealer,
            WireCommand::StartHand {
                table: 1,
                at: Some(0),
                button: None,
                straddle: false,
            },
        )
        .await;
        send(dealer, WireCommand::DealFaceDown { table: 1 }).await;
        // The button folds to the small blind, who calls; the big blind checks.
        send(
            dealer,
            WireCommand::FoldTo {
                table: 1,
                pos: 0,
                then_call: true,
            },
        )
        .await;
        send(dealer, WireCommand::CheckOrCall { table: 1, pos: 1 }).await;
        for _ in 0..3 {
            send(dealer, WireCommand::DealBoardUnseen { table: 1 }).await;
            send(dealer, WireCommand::CheckAround { table: 1 }).await;
        }
        let refused = send_refused(
            dealer,
            WireCommand::AwardPot {
                table: 1,
                pot: 0,
                winners: vec![2],
            },
        )
        .await;
        let e = refused.error.expect("refused");
        assert!(
            e.message.contains("cannot win pot 0") && e.rules.iter().any(|r| r.id == "TR-3.6"),
            "{e:?}"
        );
        let r = send(
            dealer,
            WireCommand::AwardPot {
                table: 1,
                pot: 0,
                winners: vec![1],
            },
        )
        .await;
        assert!(
            r.events.iter().any(|e| e == "InHand"),
            "the award's events: {:?}",
            r.events
        );
        r.seq.expect("recorded")
    };
    let d = dir.path().to_str().expect("utf-8");
    let explain = |seq: u64| -> serde_json::Value {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args([
                "explain",
                "--data",
                d,
                "--chain",
                chain.as_str(),
                &seq.to_string(),
                "--json",
            ])
            .output()
            .expect("explain");
        serde_json::from_slice(&out.stdout).expect("json")
    };
    // The award's event, among those the command recorded (the hand's end is the last).
    let v = (awarded.saturating_sub(4)..=awarded)
        .map(explain)
        .find(|v| v["derived"]["event"]["type"] == "pot_awarded")
        .expect("the award is recorded");
    assert_eq!(v["agrees"], true, "{v}");
    let text = v.to_string();
    assert!(
        text.contains("read_by_dealer") && text.contains("TR-3.6"),
        "explain shows the dealer's reading and its rule: {v}"
    );
    assert_eq!(v["before"]["table"]["hand"]["board_unseen"], 5, "{v}");
    assert_eq!(
        v["before"]["table"]["hand"]["pots_to_award"],
        serde_json::json!([0]),
        "{v}"
    );
}

/// The audit of `chain` lists each `(kind, rule)` among its irregularities, and `explain`
/// re-derives every irregularity it lists and each of `more` (sequences), each explanation
/// naming `cite` where given.
fn audited_and_explained(
    data: &std::path::Path,
    chain: &ChainId,
    expected: &[(&str, &str)],
    more: &[u64],
    cite: Option<&str>,
) {
    let d = data.to_str().expect("utf-8");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["audit", "--data", d, "--chain", chain.as_str(), "--json"])
        .output()
        .expect("audit");
    let audit: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(out.status.success(), "{audit}");
    let rows = audit["irregularities"].as_array().expect("irregularities");
    let listed: Vec<(String, String)> = rows
        .iter()
        .map(|r| {
            (
                r["kind"].as_str().unwrap_or("").to_string(),
                r["rules"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    for (kind, rule) in expected {
        assert!(
            listed.iter().any(|(k, r)| k == kind && r.contains(rule)),
            "{kind} ({rule}) in {listed:?}"
        );
    }
    let seqs = rows
        .iter()
        .map(|row| row["seq"].as_u64().expect("seq"))
        .chain(more.iter().copied());
    for seq in seqs {
        let seq = seq.to_string();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args([
                "explain",
                "--data",
                d,
                "--chain",
                chain.as_str(),
                &seq,
                "--json",
            ])
            .output()
            .expect("explain");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        assert_eq!(v["agrees"], true, "seq {seq}: {v}");
        if let Some(cite) = cite {
            assert!(
                v.to_string().contains(cite),
                "seq {seq} cites its rule: {v}"
            );
        }
    }
}

/// TR-5 and TR-26 through the service: the director's clock (started with the tournament,
/// paused, resumed, moved on) and level edits, the floor's count; the clock and seating reads
/// show them; a dealer may not touch the clock; the audit lists them with the chips counted
/// right, and `explain` re-derives each.
#[tokio::test]
async fn the_director_runs_the_clock_and_the_floor_its_tables() {
    use floorbook_ledger::view::seating_view;
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("desk-clock").expect("chain");
    {
        let mut desk = embedded_desk(dir.path(), &chain).await;
        open_top18(&mut desk).await;
        register(&mut desk, 3).await;
        let director = Channel::Director;
        let mut send = async |channel: Channel, command: WireCommand| {
            let r = one(&mut desk, channel, command.clone()).await;
            assert!(r.ok, "{command:?}: {r:?}");
            r
        };
        // Play starts 100 s after the chain opened: the level clock starts then.
        send(
            director,
            WireCommand::Start {
                draw: vec![0, 1, 2],
                button_seats: Some(vec![1]),
                at: Some(100),
                tables: None,
            },
        )
        .await;
        let r = send(director, WireCommand::PauseClock { at: Some(200) }).await;
        assert!(r.events.iter().any(|e| e == "ClockChanged"), "{r:?}");
        // A dealer may not pause the clock: refused, recorded, nothing changed.
        let r = one(
            &mut desk,
            Channel::Dealer { table: 1 },
            WireCommand::ResumeClock { at: Some(250) },
        )
        .await;
        assert_eq!(
            r.error.as_ref().map(|e| e.kind),
            Some(ErrorKind::Forbidden),
            "{r:?}"
        );
        let t = desk.tournament().expect("tournament");
        // 100 s played of level 1's 720 when paused at 200 s; at 300 s still 620 s left.
        let v = t.clock_view(300);
        assert!(v.paused);
        assert_eq!((v.level, v.seconds_left), (1, Some(620)));
        assert_eq!((v.blinds.small, v.blinds.big), (10, 20));
        assert_eq!(v.next_level.map(|l| l.big), Some(40));
        assert_eq!((v.players_left, v.entrants, v.average_stack), (3, 3, 1500));
        // Three buy-ins of 15.00.
        assert_eq!(v.prize_pool_cents, Some(4500));
        let mut send = async |channel: Channel, command: WireCommand| {
            let r = one(&mut desk, channel, command.clone()).await;
            assert!(r.ok, "{command:?}: {r:?}");
            r
        };
        send(director, WireCommand::ResumeClock { at: Some(400) }).await;
        // 520 s left at 500 s; taken away, level 2 is in force.
        send(
            director,
            WireCommand::AdjustClock {
                seconds: -520,
                at: Some(500),
            },
        )
        .await;
        send(
            Channel::Floor,
            WireCommand::SetStack {
                player: 1,
                stack: 1600,
                reason: "recount at the dinner break".into(),
            },
        )
        .await;
        let r = one(
            &mut desk,
            director,
            WireCommand::EditLevels {
                from: 2,
                levels: vec![floorbook_service::wire::WireLevel {
                    bring_in: 0,
                    small: 20,
                    big: 50,
                    ante: 0,
                    minutes: None,
                }],
                at: Some(500),
            },
        )
        .await;
        let e = r.error.expect("refused");
        assert_eq!(e.kind, ErrorKind::Rejected);
        assert!(e.message.contains("from level 3"), "{}", e.message);
        assert!(e.rules.iter().any(|r| r.id == "TR-5"), "{e:?}");
        let t = desk.tournament().expect("tournament");
        let v = t.clock_view(500);
        assert_eq!((v.level, v.seconds_left, v.paused), (2, Some(720), false));
        // 1600 + 1500 + 1500 over three.
        assert_eq!(v.average_stack, 1533);
        let seating = serde_json::to_value(seating_view(t)).expect("json");
        let seats = &seating["tables"][0]["seats"];
        let p1 = seats
            .as_array()
            .expect("seats")
            .iter()
            .find(|s| s["player"] == 1)
            .expect("P1 seated");
        assert_eq!(p1["stack"], 1600, "{seating}");
        assert_eq!(seating["due"], serde_json::json!([]), "{seating}");
        // The next hand plays level 2: the chips are counted there, the count's 100 included.
        let r = one(
            &mut desk,
            Channel::Dealer { table: 1 },
            WireCommand::StartHand {
                table: 1,
                at: Some(501),
                button: None,
                straddle: false,
            },
        )
        .await;
        assert!(r.events.iter().any(|e| e == "LevelChanged"), "{r:?}");
    }
    let d = dir.path().to_str().expect("utf-8");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args(args)
            .output()
            .expect("floorbook runs");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
        (out.status.success(), v)
    };
    let (ok, audit) = run(&["audit", "--data", d, "--chain", chain.as_str(), "--json"]);
    assert!(ok, "{audit}");
    assert_eq!(audit["chip_counts_ok"], true, "{audit}");
    assert!(
        audit["chip_counts"]
            .as_array()
            .is_some_and(|c| c.iter().any(|c| c["expected"] == 4600)),
        "{audit}"
    );
    let floor = audit["floor"].as_array().expect("floor");
    for (kind, rule) in [("ClockChanged", "TR-5"), ("StackCounted", "TR-26")] {
        let row = floor
            .iter()
            .find(|r| r["type"] == kind)
            .unwrap_or_else(|| panic!("{kind} in {floor:?}"));
        assert!(
            row["rules"].as_str().is_some_and(|r| r.contains(rule)),
            "{row}"
        );
        let seq = row["seq"].as_u64().expect("seq").to_string();
        let (_, v) = run(&[
            "explain",
            "--data",
            d,
            "--chain",
            chain.as_str(),
            &seq,
            "--json",
        ]);
        assert_eq!(v["agrees"], true, "seq {seq}: {v}");
    }
}

/// TR-26's "final" needs a record nobody can quietly change, including whoever holds the
/// service's key: the receipt a terminal keeps from a reply (`cmd --receipts`) catches a chain
/// deleted and written anew under the same key, which `verify` alone cannot.
#[tokio::test]
async fn a_rewrite_by_the_key_holder_is_caught_by_a_receipt() {
    let dir = tempfile::tempdir().expect("dir");
    let (data, keys) = (dir.path().join("data"), dir.path().join("keys"));
    let bin = env!("CARGO_BIN_EXE_floorbook");
    let run = |args: &[&str]| {
        std::process::Command::new(bin)
            .args(args)
            .output()
            .expect("floorbook runs")
    };
    let k = keys.to_str().expect("utf-8");
    assert!(run(&["keys", "generate", "--dir", k]).status.success());
    let secret = std::fs::read_to_string(keys.join("service.key")).expect("key");
    let key = || floorbook_log::ServiceKey::from_secret_hex(&secret).expect("key");
    let (_, profile) = builtin("top18").expect("profile");
    let profile = profile.expect("top18 reads");
    let chain = ChainId::new("witnessed").expect("chain");
    // Plays `seed`'s tournament up to its first receipt (and `more` commands past it).
    let play = async |seed: u64, more: usize| {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
        let mut desk = Desk::open(store, chain.clone(), Some(key()), u64::MAX)
            .await
            .expect("desk");
        let steps = script("top18", &profile, 3, seed).expect("script");
        let (mut head, mut receipt, mut left) = (0, None, more);
        for step in &steps {
            let d = desk.checked(vec![incoming(step, head)]).await;
            if let Verdict::Done(h) = verdict(step, head, &d.replies[0]) {
                head = h;
            }
            if receipt.is_none() {
                receipt = d.replies[0].receipt.clone();
            } else if left == 0 {
                break;
            } else {
                left -= 1;
            }
        }
        receipt.expect("a hand finished")
    };
    let kept = play(1, 0).await;
    let receipts = dir.path().join("receipts.jsonl");
    std::fs::write(
        &receipts,
        serde_json::to_string(&kept).expect("json") + "\n",
    )
    .expect("write");
    // The operator deletes the chain and writes another under the same name and key.
    std::fs::remove_dir_all(&data).expect("rm");
    let forged = play(2, 40).await;
    assert!(forged.seq.0 >= kept.seq.0 && forged.head != kept.head);
    let d = data.to_str().expect("utf-8");
    let alone = run(&["verify", "--data", d, "--keys", k]);
    assert!(
        alone.status.success(),
        "without a witness the forgery verifies: {}",
        String::from_utf8_lossy(&alone.stdout)
    );
    let r = receipts.to_str().expect("utf-8");
    let witnessed = run(&["verify", "--data", d, "--keys", k, "--checkpoint", r]);
    let out = String::from_utf8_lossy(&witnessed.stdout).into_owned()
        + &String::from_utf8_lossy(&witnessed.stderr);
    assert!(!witnessed.status.success(), "the receipt catches it: {out}");
    assert!(out.contains(&format!("{}", kept.seq.0)), "{out}");
}

/// Two writers on one chain (a lost lease): a desk whose view is behind the store never
/// answers a conflict naming its own, older head; it says to ask again, is opened again from
/// the store, and then decides on the chain as it stands. Nothing forks.
#[tokio::test]
async fn two_writers_never_name_a_stale_head() {
    let server = NatsServer::start();
    let connect = async || {
        NatsStore::connect(&server.url(), NatsOptions::default())
            .await
            .expect("store")
    };
    let chain = ChainId::new("two-writers").expect("chain");
    let mut a = Desk::open(connect().await, chain.clone(), None, 500)
        .await
        .expect("desk a");
    open_top18(&mut a).await;
    // B opens the chain as it stands, then A goes on writing (B's lease was lost).
    let mut b = Desk::open(connect().await, chain.clone(), None, 500)
        .await
        .expect("desk b");
    register(&mut a, 3).await;
    let acknowledged = a.head().expect("a head").seq.0;
    let with_after = |after: u64, player: u32| {
        vec![Incoming {
            channel: Channel::Floor,
            request: Request {
                actor: "ron".into(),
                id: None,
                after: Some(after),
                seen: None,
                command: WireCommand::Register {
                    player,
                    name: format!("P{player}"),
                    buy_in: "15.00".into(),
                    age: 30,
                    table: None,
                    draw: None,
                },
            },
            at: at(),
        }]
    };
    // A terminal that saw A's head asks B.
    let d = b.checked(with_after(acknowledged, 4)).await;
    let e = d.replies[0].error.as_ref().expect("not decided");
    assert_eq!(e.kind, ErrorKind::Unavailable, "{e:?}");
    assert!(e.head.is_none_or(|h| h >= acknowledged), "{e:?}");
    assert!(d.stale && d.appended.is_empty());
    // Opened again, B decides on the chain as it stands.
    let mut b = Desk::open(connect().await, chain.clone(), None, 500)
        .await
        .expect("desk b again");
    let d = b.checked(with_after(acknowledged, 4)).await;
    assert!(d.replies[0].ok, "{:?}", d.replies[0]);
    assert_eq!(d.replies[0].first_seq, Some(acknowledged + 1));
    // A, now behind, expects its own head: its append is refused, and the conflict names the
    // store's head, the one B acknowledged, never A's older one.
    let store = connect().await;
    let head = store.head(&chain).await.expect("head").expect("a head");
    assert_eq!(
        head.seq.0,
        acknowledged + 2,
        "B's registration: entered and decided"
    );
    let d = a.checked(with_after(acknowledged, 5)).await;
    let e = d.replies[0].error.as_ref().expect("not decided");
    assert_eq!(
        (e.kind, e.head),
        (ErrorKind::Conflict, Some(head.seq.0)),
        "{e:?}"
    );
    assert!(d.stale);
    verify_chain(&store, &chain, |_, _| {})
        .await
        .expect("one chain, no fork");
    assert_eq!(store.head(&chain).await.expect("head"), Some(head));
}

/// The projections and the audit against a small tournament worked out by hand: three players
/// (top18, 1,500 each; blinds 10/20); Ann on the button folds, Bob (small blind) moves in with
/// aces, Cid (big blind) calls with kings; the board 2h 5s 9d Jc 3h gives Bob the pot of 3,000
/// and Cid, with no chips, the third place (TR-9). Ann is warned for etiquette (TR-27, TR-28).
/// `standings` lists Bob 3,000, Ann 1,500 in play and Cid third; the audit lists one sanction,
/// no irregularity.
#[tokio::test]
async fn the_projections_and_the_audit_match_a_tournament_worked_out_by_hand() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("by-hand").expect("chain");
    {
        let mut desk = embedded_desk(dir.path(), &chain).await;
        open_top18(&mut desk).await;
        for (player, name) in [(1, "Ann"), (2, "Bob"), (3, "Cid")] {
            let r = one(
                &mut desk,
                Channel::Floor,
                WireCommand::Register {
                    player,
                    name: name.into(),
                    buy_in: "15.00".into(),
                    age: 30,
                    table: None,
                    draw: None,
                },
            )
            .await;
            assert!(r.ok, "{r:?}");
        }
        let dealer = Channel::Dealer { table: 1 };
        let steps: Vec<(Channel, WireCommand)> = vec![
            (
                Channel::Director,
                WireCommand::Start {
                    draw: vec![0, 1, 2],
                    button_seats: Some(vec![1]),
                    at: Some(0),
                    tables: None,
                },
            ),
            (
                dealer,
                WireCommand::StartHand {
                    table: 1,
                    at: Some(0),
                    button: None,
                    straddle: false,
                },
            ),
            // Positions from the small blind: 0 Bob, 1 Cid, 2 Ann (the button).
            (
                dealer,
                WireCommand::DealHole {
                    table: 1,
                    pos: 0,
                    cards: vec![Some("As".into()), Some("Ah".into())],
                },
            ),
            (
                dealer,
                WireCommand::DealHole {
                    table: 1,
                    pos: 1,
                    cards: vec![Some("Ks".into()), Some("Kh".into())],
                },
            ),
            (
                dealer,
                WireCommand::DealHole {
                    table: 1,
                    pos: 2,
                    cards: vec![Some("2c".into()), Some("7d".into())],
                },
            ),
            (dealer, WireCommand::Fold { table: 1, pos: 2 }),
            (
                dealer,
                WireCommand::BetOrRaiseTo {
                    table: 1,
                    pos: 0,
                    to: 1500,
                },
            ),
            (dealer, WireCommand::CheckOrCall { table: 1, pos: 1 }),
            (
                dealer,
                WireCommand::Show {
                    table: 1,
                    pos: 0,
                    cards: None,
                },
            ),
            (
                dealer,
                WireCommand::Show {
                    table: 1,
                    pos: 1,
                    cards: None,
                },
            ),
            (
                dealer,
                WireCommand::DealBoard {
                    table: 1,
                    cards: vec!["2h".into(), "5s".into(), "9d".into()],
                },
            ),
            (
                dealer,
                WireCommand::DealBoard {
                    table: 1,
                    cards: vec!["Jc".into()],
                },
            ),
            (
                dealer,
                WireCommand::DealBoard {
                    table: 1,
                    cards: vec!["3h".into()],
                },
            ),
            (
                Channel::Floor,
                WireCommand::Sanction {
                    player: 1,
                    offence: floorbook_service::wire::WireOffence::Etiquette,
                    chips: None,
                    at: Some(30),
                },
            ),
        ];
        for (channel, command) in steps {
            let r = one(&mut desk, channel, command.clone()).await;
            assert!(r.ok, "{command:?}: {r:?}");
        }
    }
    let d = dir.path().to_str().expect("utf-8");
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args(args)
            .output()
            .expect("floorbook runs");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice::<serde_json::Value>(&out.stdout).expect("json")
    };
    let standings = run(&["standings", "--data", d, "--chain", "by-hand", "--json"]);
    let rows: Vec<(String, Option<u64>, u64)> = standings["standings"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| {
            (
                r["name"].as_str().unwrap_or_default().to_string(),
                r["place"].as_u64(),
                r["chips"].as_u64().unwrap_or(0),
            )
        })
        .collect();
    assert_eq!(
        rows,
        vec![
            ("Bob".to_string(), None, 3000),
            ("Ann".to_string(), None, 1500),
            ("Cid".to_string(), Some(3), 0),
        ],
        "{standings}"
    );
    let audit = run(&["audit", "--data", d, "--chain", "by-hand", "--json"]);
    assert_eq!(audit["irregularities"], serde_json::json!([]), "{audit}");
    let sanctions = audit["sanctions"].as_array().expect("sanctions");
    assert_eq!(sanctions.len(), 1, "{audit}");
    assert_eq!(sanctions[0]["player"], 1);
    assert_eq!(sanctions[0]["sanction"], "warning");
    assert!(
        sanctions[0]["rules"]
            .as_str()
            .is_some_and(|r| r.contains("TR-27") && r.contains("TR-28")),
        "{audit}"
    );
    assert_eq!(audit["divergences"], serde_json::json!([]), "{audit}");
}

/// TR-19 ("Uhr … eine Minute"): a clock checked before it runs out is answered with the
/// clock's state and the rule, and nothing is written; run out, the check decides.
#[tokio::test]
async fn a_clock_checked_too_early_says_how_long_it_runs() {
    let dir = tempfile::tempdir().expect("dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new("clock").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    first_hand_of_three(&mut desk).await;
    for (pos, cards) in [(0, ["As", "Kd"]), (1, ["7c", "2d"]), (2, ["Qh", "Qs"])] {
        let r = one(
            &mut desk,
            Channel::Dealer { table: 1 },
            WireCommand::DealHole {
                table: 1,
                pos,
                cards: cards.iter().map(|c| Some(c.to_string())).collect(),
            },
        )
        .await;
        assert!(r.ok, "{r:?}");
    }
    let r = one(
        &mut desk,
        Channel::Floor,
        WireCommand::CheckClock {
            table: 1,
            at: Some(5),
        },
    )
    .await;
    let e = r.error.expect("no clock");
    assert_eq!(e.message, "TR-19: no clock runs at table 1");
    let r = one(
        &mut desk,
        Channel::Floor,
        WireCommand::CallClock {
            table: 1,
            at: Some(10),
        },
    )
    .await;
    assert!(r.ok, "{r:?}");
    let head = store.head(&chain).await.expect("head");
    let r = one(
        &mut desk,
        Channel::Floor,
        WireCommand::CheckClock {
            table: 1,
            at: Some(40),
        },
    )
    .await;
    let e = r.error.expect("too early");
    assert!(e.message.starts_with("TR-19: the clock on player"), "{e:?}");
    assert!(e.message.contains("it is 40 s"), "{e:?}");
    assert_eq!(
        store.head(&chain).await.expect("head"),
        head,
        "nothing written"
    );
    assert!(e.rules.iter().any(|r| r.id == "TR-19"), "{e:?}");
}

/// Stud's procedures entered through the service at a stud table: an exposed down card
/// (TDA-RP-10 A), premature cards (RP-5 D), a seventh-street card exposed (RP-10 B), with the
/// bring-in and a completion. The audit lists each with its rule, and `explain` re-derives
/// every one of them and the bring-in.
#[tokio::test]
async fn stud_procedures_are_entered_audited_and_explained() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("desk-stud").expect("chain");
    let bring_in_seq;
    {
        let mut desk = embedded_desk(dir.path(), &chain).await;
        let dealer = Channel::Dealer { table: 1 };
        let floor = Channel::Floor;
        let open = WireCommand::Open {
            profile: Some("stud".into()),
            profile_toml: None,
        };
        let r = one(&mut desk, Channel::Director, open).await;
        assert!(r.ok, "{r:?}");
        register_paying(&mut desk, 3, "20.00").await;
        let mut send = async |channel: Channel, command: WireCommand| {
            let r = one(&mut desk, channel, command.clone()).await;
            assert!(r.ok, "{command:?}: {r:?}");
            r
        };
        send(
            Channel::Director,
            WireCommand::Start {
                draw: vec![0, 1, 2],
                button_seats: None,
                at: None,
                tables: None,
            },
        )
        .await;
        send(
            dealer,
            WireCommand::StartHand {
                table: 1,
                at: Some(0),
                button: None,
                straddle: false,
            },
        )
        .await;
        let deal = |pos: usize, cards: &[&str]| WireCommand::DealHole {
            table: 1,
            pos,
            cards: cards.iter().map(|c| Some(c.to_string())).collect(),
        };
        send(dealer, deal(0, &["As", "Ks"])).await;
        send(dealer, deal(1, &["2h"])).await;
        // TDA-RP-10 A: his first card came up; it is his up card, the rest comes down.
        send(
            dealer,
            WireCommand::DownCardExposed {
                table: 1,
                pos: 1,
                card: "2h".into(),
            },
        )
        .await;
        send(dealer, deal(1, &["Jd", "Qd"])).await;
        send(dealer, deal(0, &["9c"])).await;
        send(dealer, deal(2, &["Th", "Tc", "8d"])).await;
        let r = send(dealer, WireCommand::BringIn { table: 1, pos: 1 }).await;
        bring_in_seq = r.seq;
        // Completed to the small bet by the next player.
        send(
            dealer,
            WireCommand::BetOrRaiseTo {
                table: 1,
                pos: 2,
                to: 30,
            },
        )
        .await;
        // RP-5 D: fourth-street cards turned before the betting ended.
        send(
            floor,
            WireCommand::PrematureStudCards {
                table: 1,
                cards: vec!["3c".into()],
                burned: Some(true),
            },
        )
        .await;
        send(dealer, WireCommand::CheckOrCall { table: 1, pos: 0 }).await;
        send(dealer, WireCommand::CheckOrCall { table: 1, pos: 1 }).await;
        // Fourth to sixth street: everyone checks, the best hand showing first: 9-3 (P1);
        // 9-8-5 (P3) over 9-6-3; the pair of deuces (P2).
        for (street, order) in [
            (["3c", "4c", "5c"], [0, 1, 2]),
            (["6c", "7c", "9h"], [2, 0, 1]),
            (["Jc", "2d", "3d"], [1, 2, 0]),
        ] {
            for (pos, card) in street.iter().enumerate() {
                send(dealer, deal(pos, &[card])).await;
            }
            for pos in order {
                send(dealer, WireCommand::CheckOrCall { table: 1, pos }).await;
            }
        }
        send(dealer, deal(0, &["Ac"])).await;
        // RP-10 B: the seventh card came up while betting is possible: replaced.
        send(
            floor,
            WireCommand::SeventhCardExposed {
                table: 1,
                pos: 0,
                card: "Ac".into(),
            },
        )
        .await;
        send(dealer, deal(0, &["Ah"])).await;
    }
    audited_and_explained(
        dir.path(),
        &chain,
        &[
            ("stud_down_card_exposed", "TDA-RP-10"),
            ("premature_stud_cards", "TDA-RP-5"),
            ("seventh_card_exposed", "TDA-RP-10"),
        ],
        &[bring_in_seq.expect("the bring-in's seq")],
        Some("TDA-RP-"),
    );
}

/// `floorbook audit` of `chain` re-derives every decision and lists the event `kind` at `seq`
/// among the floor's for review.
fn audit_lists_for_review(data: &std::path::Path, chain: &ChainId, kind: &str, seq: u64) {
    let d = data.to_str().expect("utf-8");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["audit", "--data", d, "--chain", chain.as_str(), "--json"])
        .output()
        .expect("audit");
    let audit: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    assert!(out.status.success(), "{audit}");
    assert_eq!(audit["divergences"], serde_json::json!([]), "{audit}");
    let floor = audit["floor"].as_array().expect("floor");
    assert!(
        floor
            .iter()
            .any(|row| row["type"] == kind && row["seq"] == seq),
        "{kind} at {seq}: {audit}"
    );
}

/// Issue 35: a dealer takes back a mis-tapped call at his own table (another table's dealer
/// may not); the entry and its take-back stay in the chain, the audit lists the take-back for
/// review, `explain` re-derives it, and the whole chain re-derives.
#[tokio::test]
async fn a_mis_tapped_call_is_taken_back_and_audited() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("desk-take-back").expect("chain");
    let taken_back;
    {
        let mut desk = embedded_desk(dir.path(), &chain).await;
        dealt_hand_of_three(&mut desk).await;
        let dealer = Channel::Dealer { table: 1 };
        let pos = to_act(&desk);
        let before = serde_json::to_value(
            desk.tournament()
                .and_then(|t| t.hand(floorbook_tournament::seating::TableNo(1))),
        )
        .expect("hand");
        let r = one(
            &mut desk,
            dealer,
            WireCommand::CheckOrCall { table: 1, pos },
        )
        .await;
        assert!(r.ok, "{r:?}");
        let elsewhere = one(
            &mut desk,
            Channel::Dealer { table: 2 },
            WireCommand::TakeBack { table: 1 },
        )
        .await;
        assert_eq!(
            elsewhere.error.as_ref().map(|e| e.kind),
            Some(ErrorKind::Forbidden),
            "{elsewhere:?}"
        );
        let r = one(&mut desk, dealer, WireCommand::TakeBack { table: 1 }).await;
        assert!(r.ok, "{r:?}");
        assert_eq!(r.events, vec!["CommandEntered", "EntryTakenBack"], "{r:?}");
        taken_back = r.seq.expect("seq");
        let after = serde_json::to_value(
            desk.tournament()
                .and_then(|t| t.hand(floorbook_tournament::seating::TableNo(1))),
        )
        .expect("hand");
        assert_eq!(after, before, "the hand is as before the call");
        assert_eq!(to_act(&desk), pos, "the same player acts again");
        let r = one(&mut desk, dealer, WireCommand::Fold { table: 1, pos }).await;
        assert!(r.ok, "{r:?}");
    }
    audit_lists_for_review(dir.path(), &chain, "EntryTakenBack", taken_back);
    audited_and_explained(dir.path(), &chain, &[], &[taken_back], Some("TR-26"));
}

/// Issue 35, TR-26: a call tapped for a fold, found after the next player acted, is corrected
/// by the floor (not the dealer): the chain records the correction after the entries it
/// corrects, the later entry is played again, a correction that cannot stand is refused
/// naming the range and writes nothing, the audit lists the correction, `explain` re-derives
/// it, and the whole chain re-derives.
#[tokio::test]
async fn the_floor_corrects_an_earlier_entry_and_the_audit_lists_it() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("desk-correct-entry").expect("chain");
    let corrected;
    {
        let mut desk = embedded_desk(dir.path(), &chain).await;
        dealt_hand_of_three(&mut desk).await;
        let dealer = Channel::Dealer { table: 1 };
        // The first player's call (a mis-tap: he folded), then the second player's call.
        let mut callers = Vec::new();
        for _ in 0..2 {
            let pos = to_act(&desk);
            let r = one(
                &mut desk,
                dealer,
                WireCommand::CheckOrCall { table: 1, pos },
            )
            .await;
            assert!(r.ok, "{r:?}");
            callers.push(pos);
        }
        let (first, second) = (callers[0], callers[1]);
        let fix = |entry: u32| WireCommand::CorrectEntry {
            table: 1,
            entry,
            action: WireCorrection::Fold,
            to: None,
            reason: "seat's player folded; the dealer tapped call".into(),
            cards_retrieved: false,
        };
        let r = one(&mut desk, dealer, fix(2)).await;
        assert_eq!(
            r.error.as_ref().map(|e| e.kind),
            Some(ErrorKind::Forbidden),
            "{r:?}"
        );
        let head = desk.head();
        let r = one(&mut desk, Channel::Floor, fix(9)).await;
        let e = r.error.as_ref().expect("refused");
        assert!(e.message.contains("1 to 3; got 9"), "{r:?}");
        assert_eq!(
            desk.head(),
            head,
            "a refused correction writes nothing but its refusal"
        );
        let r = one(&mut desk, Channel::Floor, fix(2)).await;
        assert!(r.ok, "{r:?}");
        assert_eq!(r.events[..2], ["CommandEntered", "EntryCorrected"], "{r:?}");
        assert!(r.events[2..].iter().all(|e| e == "InHand"), "{r:?}");
        corrected = r.first_seq.expect("first seq") + 1;
        // The fold stands: the first player is out of the hand, the second's call played again.
        let t = desk.tournament().expect("tournament");
        let hand = t
            .hand(floorbook_tournament::seating::TableNo(1))
            .expect("hand");
        assert!(!hand.is_active(floorbook_hand::Pos(first)), "the fold");
        assert_ne!(to_act(&desk), second, "the second player's call stands");
    }
    audit_lists_for_review(dir.path(), &chain, "EntryCorrected", corrected);
    audited_and_explained(dir.path(), &chain, &[], &[corrected], Some("TR-26"));
}

/// Issue 35: every tap carries the table as the dealer saw it (`seen`, the table's mark). A
/// second tap, or a tap from a page that had not caught up, is refused (a conflict: the table
/// moved on, saying how it stands) and writes nothing; a tap on the table as it stands goes
/// through; a mark that is not one is malformed.
#[tokio::test]
async fn a_tap_on_a_table_that_moved_on_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("desk-seen").expect("chain");
    let mut desk = embedded_desk(dir.path(), &chain).await;
    dealt_hand_of_three(&mut desk).await;
    let dealer = Channel::Dealer { table: 1 };
    let mark = |desk: &Desk<EmbeddedStore>| {
        desk.tournament()
            .and_then(|t| floorbook_ledger::view::table_mark(t, 1))
            .expect("a mark")
    };
    let pos = to_act(&desk);
    let tap = |seen: &str| Incoming {
        channel: dealer,
        request: Request {
            actor: "dana".into(),
            id: None,
            after: None,
            seen: Some(seen.to_string()),
            command: WireCommand::CheckOrCall { table: 1, pos },
        },
        at: at(),
    };
    let seen = mark(&desk);
    let first = desk.checked(vec![tap(&seen)]).await.replies.remove(0);
    assert!(first.ok, "{first:?}");
    let head = desk.head().map(|h| h.seq.0);
    assert_ne!(mark(&desk), seen, "the call changed the table");
    // The same tap again, from the page as it was.
    let second = desk.checked(vec![tap(&seen)]).await.replies.remove(0);
    let e = second.error.expect("refused");
    assert_eq!(e.kind, ErrorKind::Conflict, "{e:?}");
    assert!(e.message.contains("the table moved on"), "{}", e.message);
    assert!(e.message.contains("is to act"), "{}", e.message);
    assert_eq!(desk.head().map(|h| h.seq.0), head, "nothing written");
    let bad = desk.checked(vec![tap("a b")]).await.replies.remove(0);
    assert_eq!(bad.error.map(|e| e.kind), Some(ErrorKind::Malformed));
    // The next player's tap on the table as it stands goes through.
    let next = to_act(&desk);
    let mut fresh = tap(&mark(&desk));
    fresh.request.command = WireCommand::CheckOrCall {
        table: 1,
        pos: next,
    };
    let r = desk.checked(vec![fresh]).await.replies.remove(0);
    assert!(r.ok, "{r:?}");
}

/// `n` players at table 1 fold in turn: the hand is then over, and a fold released its
/// sealed cards.
async fn folds_end_the_hand_and_release<S: EventStore>(desk: &mut Desk<S>, n: usize) {
    let mut released = false;
    for _ in 0..n {
        let pos = to_act(desk);
        let r = one(
            desk,
            Channel::Dealer { table: 1 },
            WireCommand::Fold { table: 1, pos },
        )
        .await;
        assert!(r.ok, "{r:?}");
        released |= r.events.iter().any(|e| e == "SecretsReleased");
    }
    assert!(released, "the hand ended without releasing its keys");
    assert!(
        desk.tournament()
            .and_then(|t| t.hand(floorbook_tournament::seating::TableNo(1)))
            .is_none(),
        "the hand is over"
    );
}

/// Hole cards named while a hand is played (a deal the dealer saw, the floor's correction)
/// are stored sealed: nobody who reads the store reads them, a reader without the service
/// key re-derives the chain only up to the first of them, and the writer (and a writer
/// taking over with the same key) plays the hand on. When the hand is over the keys are
/// released in the chain, and every reader opens and re-derives the whole hand.
async fn hole_cards_stay_secret_while_the_hand_is_played<S: EventStore + Clone + 'static>(
    store: S,
) {
    use floorbook_log::{Disclosing, ServiceKey};
    let chain = ChainId::new("t-secret").expect("chain");
    let key = ServiceKey::from_secret([5; 32]);
    let mut desk = Desk::open(store.clone(), chain.clone(), Some(key.clone()), 500)
        .await
        .expect("desk");
    first_hand_of_three(&mut desk).await;
    let before = desk.head().expect("head").seq.0;
    // The dealer names two players' cards, and the floor corrects one of them.
    let hands = [(0, "Ah Kd"), (1, "7c 7s"), (2, "2d 3h")];
    for (pos, cards) in hands {
        let r = one(
            &mut desk,
            Channel::Dealer { table: 1 },
            floorbook_e2e::fixtures::deal_hole(1, pos, cards),
        )
        .await;
        assert!(r.ok, "{r:?}");
    }
    let secret_cards = ["\"Ah\"", "\"Kd\"", "\"7c\"", "\"7s\"", "\"2d\"", "\"3h\""];
    let text = stored_text(&store, &chain).await;
    for c in secret_cards {
        assert!(
            !text.contains(c),
            "{c} is readable in the store while the hand is played"
        );
    }
    assert!(text.contains("\"secret\":"), "nothing was sealed");
    // A reader without the key: the chain ends for it before the first sealed event.
    let public = Disclosing::new(store.clone(), None);
    let rec = load(&public, chain.clone())
        .await
        .expect("a reader re-derives what it may");
    let last = rec
        .seqs
        .iter()
        .chain(&rec.entered_seqs)
        .max()
        .copied()
        .expect("some");
    assert!(
        last <= before,
        "the reader read past the sealed deal: {last} > {before}"
    );
    let mut r = rec.into_replayer();
    r.run_to_end().expect("what it may read re-derives");
    // A writer with another service key cannot take the chain over mid-hand: it says why.
    let other = Desk::open(
        store.clone(),
        chain.clone(),
        Some(ServiceKey::from_secret([6; 32])),
        500,
    )
    .await;
    let err = other.err().expect("refused").to_string();
    assert!(err.contains("another service key"), "{err}");
    // A writer with the key takes over mid-hand and plays the hand to its end.
    drop(desk);
    let mut desk = Desk::open(store.clone(), chain.clone(), Some(key), 500)
        .await
        .expect("a takeover with the key");
    folds_end_the_hand_and_release(&mut desk, 2).await;
    // Now every reader opens the hand and re-derives the whole chain.
    let public = Disclosing::new(store.clone(), None);
    let rec = load(&public, chain.clone()).await.expect("load");
    let head = desk.head().expect("head").seq.0;
    let last = rec
        .seqs
        .iter()
        .chain(&rec.entered_seqs)
        .max()
        .copied()
        .expect("some");
    assert!(last + 1 >= head, "the reader stopped at {last} of {head}");
    let dealt = rec
        .events
        .iter()
        .filter(|e| format!("{e:?}").contains("HoleDealt"))
        .count();
    assert_eq!(dealt, 3, "the three deals read back opened");
    assert!(format!("{:?}", rec.events).contains("Ah"));
    let mut r = rec.into_replayer();
    r.run_to_end().expect("the whole chain re-derives");
    // The stored bytes are what was hashed: the chain verifies as stored, and as a reader
    // who opened the hand reads it; the projections take it in.
    verify_chain(&store, &chain, |_, _| {})
        .await
        .expect("the chain verifies as stored");
    verify_chain(&public, &chain, |_, _| {})
        .await
        .expect("the chain verifies as a reader opened it");
    let mut projector = floorbook_projections::Projector::in_memory().expect("projector");
    projector
        .catch_up(&public, &chain, 100, |_| {})
        .await
        .expect("the projections take the opened hand in");
}

on_both_backends!(
    hole_cards_stay_secret_embedded,
    hole_cards_stay_secret_nats,
    hole_cards_stay_secret_while_the_hand_is_played
);

/// The code of a refusal's reason (`deal_stale`, `already_agreed`, …).
fn refused_code(r: &Reply) -> String {
    r.error
        .as_ref()
        .and_then(|e| e.reason.as_ref())
        .and_then(|v| v["code"].as_str())
        .unwrap_or_default()
        .to_string()
}

/// Issue 39, a deal at the final table: under a house profile that allows deals, the
/// director proposes one between hands and each player agrees in turn (twice, or a player
/// not in it, is refused); one declining takes it off; the last agreement makes it, and its
/// figures add up to the prizes still to be paid. Under the club's rules a deal is refused
/// naming TR-7, and a profile that allows one there does not open.
#[tokio::test]
async fn a_deal_is_proposed_agreed_or_declined_and_recorded() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("t-deal").expect("chain");
    let mut desk = embedded_desk(dir.path(), &chain).await;
    four_paying_three(&mut desk, "\n[deals]\nallowed = true\n").await;
    // The stacks as counted: 400, 250, 110 and 60 (the floor's counts, TR-26).
    for (p, stack) in [(1, 400), (2, 250), (3, 110), (4, 60)] {
        let r = one(
            &mut desk,
            Channel::Floor,
            WireCommand::SetStack {
                player: p,
                stack,
                reason: "counted for the deal".into(),
            },
        )
        .await;
        assert!(r.ok, "{r:?}");
    }
    let propose = |method| WireCommand::ProposeDeal {
        method,
        left_to_play: None,
    };
    use floorbook_service::wire::WireDealMethod;
    // The floor may not propose: the director's.
    let r = one(&mut desk, Channel::Floor, propose(WireDealMethod::Icm)).await;
    assert_eq!(r.error.map(|e| e.kind), Some(ErrorKind::Forbidden));
    let r = one(&mut desk, Channel::Director, propose(WireDealMethod::Icm)).await;
    assert!(
        r.ok && r.events.iter().any(|e| e == "DealProposed"),
        "{r:?}"
    );
    let deal = desk
        .tournament()
        .and_then(|t| t.deal.clone())
        .expect("a deal on the table");
    // Four players, three paid places of 8.00: 4.00, 2.40, 1.60.
    let cents: Vec<u64> = deal.shares.iter().map(|s| s.cents).collect();
    assert_eq!(cents.iter().sum::<u64>(), 800, "{cents:?}");
    assert!(cents.windows(2).all(|w| w[0] >= w[1]), "{cents:?}");
    let icm = floorbook_tournament::deal::figures(
        floorbook_tournament::deal::DealMethod::Icm,
        &[400, 250, 110, 60],
        &[400, 240, 160],
    )
    .expect("figures");
    assert_eq!(cents, icm);
    let consent = |player| WireCommand::ConsentToDeal { player };
    let r = one(
        &mut desk,
        Channel::Director,
        propose(WireDealMethod::ChipChop),
    )
    .await;
    assert_eq!(refused_code(&r), "deal_pending", "{r:?}");
    // Player 3 holds out: the deal is off.
    let r = one(&mut desk, Channel::Floor, consent(1)).await;
    assert!(r.ok, "{r:?}");
    let r = one(
        &mut desk,
        Channel::Floor,
        WireCommand::DeclineDeal { player: 3 },
    )
    .await;
    assert!(
        r.ok && r.events.iter().any(|e| e == "DealDeclined"),
        "{r:?}"
    );
    assert!(desk.tournament().and_then(|t| t.deal.clone()).is_none());
    // A save chop, agreed by all four in turn.
    let r = one(
        &mut desk,
        Channel::Director,
        propose(WireDealMethod::SaveChop),
    )
    .await;
    assert!(r.ok, "{r:?}");
    for p in [2, 1, 4] {
        let r = one(&mut desk, Channel::Floor, consent(p)).await;
        assert!(r.ok && !r.events.iter().any(|e| e == "DealAgreed"), "{r:?}");
    }
    let r = one(&mut desk, Channel::Floor, consent(2)).await;
    assert_eq!(refused_code(&r), "already_agreed", "{r:?}");
    let r = one(&mut desk, Channel::Floor, consent(9)).await;
    assert_eq!(refused_code(&r), "not_in_deal", "{r:?}");
    let r = one(&mut desk, Channel::Floor, consent(3)).await;
    assert!(r.events.iter().any(|e| e == "DealAgreed"), "{r:?}");
    let agreed = desk
        .tournament()
        .and_then(|t| t.deal.clone())
        .expect("agreed");
    assert!(agreed.agreed);
    assert_eq!(agreed.shares.iter().map(|s| s.cents).sum::<u64>(), 800);
    let r = one(&mut desk, Channel::Director, propose(WireDealMethod::Icm)).await;
    assert_eq!(refused_code(&r), "deal_agreed_already", "{r:?}");
    // The chain re-derives every step of it.
    let reading = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("store");
    let rec = load(&reading, chain.clone()).await.expect("load");
    let mut replay = rec.into_replayer();
    replay.run_to_end().expect("the deal re-derives");
    assert_eq!(replay.into_tournament().deal, Some(agreed));

    // The club's rules: refused, naming TR-7; a profile allowing deals there does not open.
    drop(desk);
    let club = ChainId::new("t-club").expect("chain");
    let mut desk = embedded_desk(dir.path(), &club).await;
    first_hand_of_three(&mut desk).await;
    let r = one(&mut desk, Channel::Director, propose(WireDealMethod::Icm)).await;
    assert_eq!(refused_code(&r), "deal_forbidden", "{r:?}");
    assert!(
        r.error.as_ref().is_some_and(|e| e.message.contains("TR-7")),
        "{r:?}"
    );
    let (top18, _) = builtin("top18").expect("top18");
    let other = ChainId::new("t-club-deals").expect("chain");
    drop(desk);
    let mut desk = embedded_desk(dir.path(), &other).await;
    let r = one(
        &mut desk,
        Channel::Director,
        WireCommand::Open {
            profile: None,
            profile_toml: Some(format!("{top18}\n[deals]\nallowed = true\n")),
        },
    )
    .await;
    assert!(!r.ok, "{r:?}");
    assert!(
        r.error.as_ref().is_some_and(|e| e.message.contains("TR-7")),
        "{r:?}"
    );
}

/// Closing the night (issue 36): the director records each prize paid out at the cashier's
/// desk, once its place is final and paid, the amount the rules give (the profile's payout on
/// the pool); twice, a place not paid, a player still playing and the floor are refused; the
/// chain re-derives the payments.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_prize_is_paid_out_once_its_place_is_final() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("t-prizes").expect("chain");
    let mut desk = embedded_desk(dir.path(), &chain).await;
    four_paying_three(&mut desk, "").await;
    let pay = |player| WireCommand::PayPrize { player };
    let bust = |player| WireCommand::BustPlayer {
        player,
        winner: 1,
        reason: "all in against player 1, not keyed in".into(),
    };
    // Nobody's place is final yet.
    let r = one(&mut desk, Channel::Director, pay(1)).await;
    assert_eq!(refused_code(&r), "no_prize", "{r:?}");
    // Fourth: out of the money (three places of 8.00 paid: 4.00, 2.40, 1.60).
    assert!(one(&mut desk, Channel::Floor, bust(4)).await.ok);
    let r = one(&mut desk, Channel::Director, pay(4)).await;
    assert_eq!(refused_code(&r), "no_prize", "{r:?}");
    assert!(
        r.error
            .as_ref()
            .is_some_and(|e| e.message.contains("3 places")),
        "{r:?}"
    );
    assert!(one(&mut desk, Channel::Floor, bust(3)).await.ok);
    // The floor does not pay: the director's.
    let r = one(&mut desk, Channel::Floor, pay(3)).await;
    assert_eq!(r.error.map(|e| e.kind), Some(ErrorKind::Forbidden));
    let r = one(&mut desk, Channel::Director, pay(3)).await;
    assert!(r.ok && r.events.iter().any(|e| e == "PrizePaid"), "{r:?}");
    let r = one(&mut desk, Channel::Director, pay(3)).await;
    assert_eq!(refused_code(&r), "prize_paid_already", "{r:?}");
    assert!(one(&mut desk, Channel::Floor, bust(2)).await.ok);
    for p in [1, 2] {
        let r = one(&mut desk, Channel::Director, pay(p)).await;
        assert!(r.ok, "player {p}: {r:?}");
    }
    let paid = desk
        .tournament()
        .map(|t| t.prizes_paid.clone())
        .expect("a tournament");
    let paid: Vec<(u32, u64)> = paid.iter().map(|(p, c)| (p.0, *c)).collect();
    assert_eq!(paid, [(1, 400), (2, 240), (3, 160)]);
    // The chain re-derives every payment.
    let reading = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("store");
    let rec = load(&reading, chain.clone()).await.expect("load");
    let mut replay = rec.into_replayer();
    replay.run_to_end().expect("the payments re-derive");
    let rederived: Vec<(u32, u64)> = replay
        .into_tournament()
        .prizes_paid
        .iter()
        .map(|(p, c)| (p.0, *c))
        .collect();
    assert_eq!(rederived, paid);
}

/// A nob tournament paying three places of its pool (50, 30 and 20 %), `extra` added to its
/// profile, opened with four players at 2.00 each and started on one table.
async fn four_paying_three(desk: &mut Desk<EmbeddedStore>, extra: &str) {
    let (text, _) = builtin("nob").expect("nob");
    let toml = text.replace("shares = [100]", "shares = [50, 30, 20]") + extra;
    let open = WireCommand::Open {
        profile: None,
        profile_toml: Some(toml),
    };
    let r = one(desk, Channel::Director, open).await;
    assert!(r.ok, "{r:?}");
    register_paying(desk, 4, "2.00").await;
    let start = WireCommand::Start {
        draw: vec![0, 1, 2, 3],
        button_seats: None,
        at: None,
        tables: None,
    };
    let r = one(desk, Channel::Director, start).await;
    assert!(r.ok, "{r:?}");
}

/// Issue 39 through the service: a late registration and a re-entry into a nob tournament
/// the house runs with entries open to the end of level 2 and one re-entry a player; the
/// places of the players out wait for the end, the prizes follow every entry, the audit
/// counts the chips the entries brought, and `explain` names the house's setting.
#[tokio::test]
async fn late_registration_and_re_entry_are_entered_placed_paid_and_explained() {
    let dir = tempfile::tempdir().expect("dir");
    let chain = ChainId::new("t-reentry").expect("chain");
    let mut desk = embedded_desk(dir.path(), &chain).await;
    four_paying_three(
        &mut desk,
        "\n[entries]\nlate_until_level = 2\nreentries = 1\n",
    )
    .await;
    let bust = |player| WireCommand::BustPlayer {
        player,
        winner: 1,
        reason: "all in against player 1, not keyed in".into(),
    };
    let reenter = |player, draw| WireCommand::Reenter {
        player,
        buy_in: "2.00".into(),
        draw,
    };
    // A late registration draws one of the four free seats of the one table (eight seats).
    let late = |draw| WireCommand::Register {
        player: 5,
        name: "Late Larry".into(),
        buy_in: "2.00".into(),
        age: 40,
        table: None,
        draw,
    };
    let r = one(&mut desk, Channel::Floor, late(None)).await;
    assert_eq!(refused_code(&r), "entry_draw_needed", "{r:?}");
    let r = one(&mut desk, Channel::Floor, late(Some(4))).await;
    assert_eq!(refused_code(&r), "entry_draw", "{r:?}");
    let r = one(&mut desk, Channel::Floor, late(Some(2))).await;
    assert!(r.ok && r.events.iter().any(|e| e == "Entered"), "{r:?}");
    let late_seq = r.seq.expect("a seq");
    // A dealer does not sell entries.
    let r = one(&mut desk, Channel::Dealer { table: 1 }, reenter(4, 0)).await;
    assert_eq!(r.error.map(|e| e.kind), Some(ErrorKind::Forbidden));
    // Player 4 is out without a place, and buys his one re-entry.
    assert!(one(&mut desk, Channel::Floor, bust(4)).await.ok);
    let r = one(&mut desk, Channel::Floor, reenter(3, 0)).await;
    assert_eq!(refused_code(&r), "not_out", "{r:?}");
    let r = one(&mut desk, Channel::Floor, reenter(4, 0)).await;
    assert!(r.ok && r.events.iter().any(|e| e == "Entered"), "{r:?}");
    let reentry_seq = r.seq.expect("a seq");
    assert!(one(&mut desk, Channel::Floor, bust(4)).await.ok);
    let r = one(&mut desk, Channel::Floor, reenter(4, 0)).await;
    assert_eq!(refused_code(&r), "reentry_limit", "{r:?}");
    for p in [3, 5, 2] {
        let r = one(&mut desk, Channel::Floor, bust(p)).await;
        assert!(r.ok, "player {p}: {r:?}");
    }
    let t = desk.tournament().expect("a tournament").clone();
    assert!(t.finished);
    let place = |p: u32| match t.players[&floorbook_tournament::seating::PlayerId(p)].status {
        floorbook_tournament::engine::Status::Busted { place } => place,
        other => panic!("player {p}: {other:?}"),
    };
    // Out in the order 4, 3, 5, 2: placed 5th to 2nd when the end closed entries.
    assert_eq!(
        [1, 2, 5, 3, 4].map(place),
        [1, 2, 3, 4, 5],
        "the order of elimination"
    );
    // Six entries of 2.00: 12.00 paid 50/30/20.
    let clock = t.clock_view(t.clock);
    assert_eq!((clock.entrants, clock.reentries), (6, 1));
    assert_eq!(clock.prizes_cents, vec![600, 360, 240]);
    for p in [1, 2, 5] {
        let r = one(
            &mut desk,
            Channel::Director,
            WireCommand::PayPrize { player: p },
        )
        .await;
        assert!(r.ok, "player {p}: {r:?}");
    }
    let paid: Vec<(u32, u64)> = desk
        .tournament()
        .map(|t| t.prizes_paid.iter().map(|(p, c)| (p.0, *c)).collect())
        .expect("a tournament");
    assert_eq!(paid, [(1, 600), (2, 360), (5, 240)]);
    drop(desk);
    // Audited (the chips of every entry counted) and explained, naming the house's setting.
    audited_and_explained(dir.path(), &chain, &[], &[late_seq, reentry_seq], None);
    let d = dir.path().to_str().expect("utf-8");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["explain", "--data", d, "--chain", chain.as_str()])
        .arg(reentry_seq.to_string())
        .output()
        .expect("explain");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("entries.late_until_level = 2") && text.contains("entries.reentries = 1"),
        "{text}"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["audit", "--data", d, "--chain", chain.as_str(), "--json"])
        .output()
        .expect("audit");
    let audit: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    // The money to the cent: six entries of 2.00 (no fee, no guarantee) make the pool, all of
    // it paid out, as the re-derived tournament shows.
    let money = &audit["money"];
    assert_eq!(money["entries"], 6, "{audit}");
    assert_eq!(money["paid_in_cents"], 1_200);
    assert_eq!(money["pool_cents"], 1_200);
    assert_eq!(money["derived_pool_cents"], 1_200);
    assert_eq!(money["prizes_paid_cents"], 1_200);
    assert_eq!(money["ok"], true);
}

/// A flight or a Day 2 of the event "main" under nob (blinds by orbits, 100 chips), 2.00 a
/// buy-in of which the house keeps 0.20.
fn flight_toml(section: &str) -> String {
    let (text, _) = builtin("nob").expect("nob");
    let shares = if section.contains("[day2]") {
        "shares = [60, 40]"
    } else {
        "shares = []"
    };
    text.replace("shares = [100]", &format!("{shares}\nfee = \"0.20\"")) + section
}

fn bust(player: u32, winner: u32) -> WireCommand {
    WireCommand::BustPlayer {
        player,
        winner,
        reason: "all in, not keyed in".into(),
    }
}

/// Flight `day` of the event "main" on chain `main-<day>` (profile [`flight_toml`] and
/// `more`): four players paying 2.00, `busts` (player, by) entered by the floor, and ended by
/// its director when `end` (the floor may not end it).
async fn play_flight(
    dir: &std::path::Path,
    day: &str,
    busts: &[(u32, u32)],
    more: &str,
    end: bool,
) {
    let chain = ChainId::new(format!("main-{}", day.to_lowercase())).expect("chain");
    let mut desk = embedded_desk(dir, &chain).await;
    let open = WireCommand::Open {
        profile: None,
        profile_toml: Some(flight_toml(&format!(
            "\n[flight]\nevent = \"main\"\nday = \"{day}\"\n{more}"
        ))),
    };
    assert!(one(&mut desk, Channel::Director, open).await.ok);
    register_paying(&mut desk, 4, "2.00").await;
    let start = WireCommand::Start {
        draw: vec![0, 1, 2, 3],
        button_seats: None,
        at: None,
        tables: None,
    };
    assert!(one(&mut desk, Channel::Director, start).await.ok);
    for &(p, w) in busts {
        assert!(one(&mut desk, Channel::Floor, bust(p, w)).await.ok);
    }
    // The floor does not end a flight; the director does.
    let r = one(&mut desk, Channel::Floor, WireCommand::EndFlight {}).await;
    assert_eq!(r.error.map(|e| e.kind), Some(ErrorKind::Forbidden));
    if end {
        let r = one(&mut desk, Channel::Director, WireCommand::EndFlight {}).await;
        assert!(r.ok && r.events.iter().any(|e| e == "FlightEnded"), "{r:?}");
    }
}

/// Runs `floorbook audit --json` on `chain` in `dir`: its answer, and whether it passed.
fn audit_json(dir: &std::path::Path, chain: &str) -> (serde_json::Value, bool) {
    let d = dir.to_str().expect("utf-8");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["audit", "--data", d, "--chain", chain, "--json"])
        .output()
        .expect("audit");
    let audit = serde_json::from_slice(&out.stdout).expect("json");
    (audit, out.status.success())
}

/// Issue 39, bounties in an event in flights, through the service and worked by hand: a PKO
/// of 0.50 in each 2.00. 1A: P4 out to P1 (0.25 cash, P1's head 0.75); 1B: P4, then P3 out to
/// P1 (0.25 cash each, P1's head 1.00). Day 2 carries the best stack and its head: P1's 1B
/// stack (head 1.00), P2's and P3's 1A stacks (0.50 each); the heads of the stacks not carried
/// (P1's 1A 0.75, P2's 1B 0.50) go to the winner. Pool 16.00 - 1.60 fees - 4.00 bounties =
/// 10.40. Day 2: P3, then P2 out to P1 (0.25 cash each); P1 wins, taking his head (1.50) and
/// the 1.25 no one won. Audited: 4.00 of bounty money, all of it won.
#[tokio::test]
async fn pko_heads_cross_from_the_flights_to_day_2_and_the_audit_counts_every_cent() {
    let dir = tempfile::tempdir().expect("dir");
    let pko = "\n[bounty]\nkind = \"progressive\"\namount = \"0.50\"\n";
    play_flight(dir.path(), "1A", &[(4, 1)], pko, true).await;
    play_flight(dir.path(), "1B", &[(4, 1), (3, 1)], pko, true).await;
    let day2 = ChainId::new("main-day2").expect("chain");
    let mut desk = embedded_desk(dir.path(), &day2).await;
    let open = WireCommand::Open {
        profile: None,
        profile_toml: Some(flight_toml(&format!(
            "\n[day2]\nevent = \"main\"\ncarry = \"best\"\n{pko}"
        ))),
    };
    assert!(one(&mut desk, Channel::Director, open).await.ok);
    let mut imported = 0;
    for chain in ["main-1a", "main-1b"] {
        let import = WireCommand::ImportFlight {
            chain: chain.into(),
        };
        let r = one(&mut desk, Channel::Director, import).await;
        let at = r.events.iter().position(|e| e == "FlightImported");
        imported = r.first_seq.expect("a seq") + at.expect("imported") as u64;
    }
    let t = desk.tournament().expect("a tournament").clone();
    let heads: Vec<(String, u64)> = t
        .players
        .values()
        .map(|p| (p.name.clone(), t.head(p.id)))
        .collect();
    assert_eq!(
        heads,
        [("P1".into(), 100), ("P2".into(), 50), ("P3".into(), 50)]
    );
    assert_eq!(t.bounties_unclaimed, 125);
    let clock = t.clock_view(0);
    assert_eq!(clock.prize_pool_cents, Some(1_040));
    assert_eq!(clock.bounties_cents, 400);
    let start = WireCommand::Start {
        draw: vec![0, 1, 2],
        button_seats: None,
        at: None,
        tables: None,
    };
    assert!(one(&mut desk, Channel::Director, start).await.ok);
    for (p, w) in [(3, 1), (2, 1)] {
        let r = one(&mut desk, Channel::Floor, bust(p, w)).await;
        assert!(r.ok, "{r:?}");
    }
    let t = desk.tournament().expect("a tournament").clone();
    assert!(t.finished);
    let won: Vec<(String, u64)> = t
        .players
        .values()
        .map(|p| (p.name.clone(), p.bounties_won))
        .collect();
    assert_eq!(
        won,
        [("P1".into(), 325), ("P2".into(), 0), ("P3".into(), 0)]
    );
    drop(desk);
    let (audit, passed) = audit_json(dir.path(), day2.as_str());
    let money = &audit["money"];
    assert_eq!(money["paid_in_cents"], 1_600, "{audit}");
    assert_eq!(money["fees_cents"], 160);
    assert_eq!(money["bounty_cents"], 400);
    assert_eq!(
        money["bounties_won_cents"], 400,
        "the flights' 0.75 and Day 2's 3.25"
    );
    assert_eq!(money["pool_cents"], 1_040);
    assert_eq!(money["ok"], true, "{audit}");
    assert!(passed, "{audit}");
    // Explained: the carry rule and the bounty that carried the heads.
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["explain", "--data", dir.path().to_str().expect("utf-8")])
        .args(["--chain", day2.as_str(), &imported.to_string()])
        .output()
        .expect("explain");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("day2.carry = best") && text.contains("bounty.kind = progressive"),
        "{text}"
    );
    let (audit, passed) = audit_json(dir.path(), "main-1b");
    assert_eq!(audit["money"]["bounty_cents"], 200, "{audit}");
    assert_eq!(audit["money"]["bounties_won_cents"], 50, "{audit}");
    assert!(passed && audit["money"]["ok"] == true, "{audit}");
}

/// Issue 39, an event in two flights through the service: each flight is a chain of its own
/// that its director ends (its players left bag their chips); Day 2 imports each from its
/// chain (refusing one that has not ended, and the same one twice), seats the players by a
/// new draw with the chips they bagged (P1 came through both: his best stack), pays one pool
/// from every flight's entries, places those out in the flights, and is audited and
/// explained.
#[tokio::test]
async fn an_event_in_two_flights_is_imported_into_day_2_from_the_flights_chains() {
    let dir = tempfile::tempdir().expect("dir");
    play_flight(dir.path(), "1A", &[(4, 1)], "", true).await;
    play_flight(dir.path(), "1B", &[(4, 1), (3, 1)], "", false).await;
    let day2 = ChainId::new("main-day2").expect("chain");
    let mut desk = embedded_desk(dir.path(), &day2).await;
    let open = WireCommand::Open {
        profile: None,
        profile_toml: Some(flight_toml(
            "\n[day2]\nevent = \"main\"\ncarry = \"best\"\n",
        )),
    };
    assert!(one(&mut desk, Channel::Director, open).await.ok);
    let import = |chain: &str| WireCommand::ImportFlight {
        chain: chain.into(),
    };
    // 1B has not ended yet; a chain that does not exist is no flight.
    let r = one(&mut desk, Channel::Director, import("main-1b")).await;
    assert!(
        r.error
            .as_ref()
            .is_some_and(|e| e.message.contains("has not ended")),
        "{r:?}"
    );
    let r = one(&mut desk, Channel::Director, import("main-1c")).await;
    assert!(
        r.error
            .as_ref()
            .is_some_and(|e| e.message.contains("no chain main-1c")),
        "{r:?}"
    );
    {
        let b = ChainId::new("main-1b").expect("chain");
        drop(desk);
        let mut flight = embedded_desk(dir.path(), &b).await;
        let r = one(&mut flight, Channel::Director, WireCommand::EndFlight {}).await;
        assert!(r.ok, "{r:?}");
        drop(flight);
        desk = embedded_desk(dir.path(), &day2).await;
    }
    for chain in ["main-1a", "main-1b"] {
        let r = one(&mut desk, Channel::Director, import(chain)).await;
        assert!(
            r.ok && r.events.iter().any(|e| e == "FlightImported"),
            "{r:?}"
        );
    }
    let r = one(&mut desk, Channel::Director, import("main-1a")).await;
    assert_eq!(refused_code(&r), "flight_imported_twice", "{r:?}");
    // 1A bagged P1 200 (he took P4's 100), P2 and P3 100; 1B P1 300, P2 100. A person is
    // known by his member number or, without one, his name: 1B's P1 and P2 are 1A's. Day 2:
    // P1 with his best stack, 300; P2 and P3 with 100.
    let t = desk.tournament().expect("a tournament").clone();
    let carried: Vec<(String, u64)> = t
        .players
        .values()
        .map(|p| (p.name.clone(), t.carried[&p.id]))
        .collect();
    assert_eq!(
        carried,
        [("P1".into(), 300), ("P2".into(), 100), ("P3".into(), 100)]
    );
    // Eight entries of 2.00, 0.20 each to the house: 14.40 paid 60/40.
    let clock = t.clock_view(0);
    assert_eq!(clock.entrants, 8);
    assert_eq!(clock.prize_pool_cents, Some(1_440));
    assert_eq!(clock.prizes_cents, [864, 576]);
    let start = WireCommand::Start {
        draw: vec![2, 0, 1],
        button_seats: None,
        at: None,
        tables: None,
    };
    let r = one(&mut desk, Channel::Director, start).await;
    let ranked = r.events.iter().position(|e| e == "FlightsRanked");
    let ranked_seq = r.first_seq.expect("a seq") + ranked.expect("ranked") as u64;
    drop(desk);
    // Audited: the money from the flights, the chips carried.
    let (audit, passed) = audit_json(dir.path(), day2.as_str());
    let money = &audit["money"];
    assert_eq!(money["entries"], 8, "{audit}");
    assert_eq!(money["paid_in_cents"], 1_600);
    assert_eq!(money["fees_cents"], 160);
    assert_eq!(money["pool_cents"], 1_440);
    assert_eq!(money["ok"], true, "{audit}");
    assert!(passed, "{audit}");
    // A flight audits on its own: its money (no prizes of its own) and its chips.
    let (audit, passed) = audit_json(dir.path(), "main-1b");
    assert_eq!(audit["money"]["pool_cents"], 720, "{audit}");
    assert_eq!(audit["money"]["ok"], true, "{audit}");
    assert!(passed, "{audit}");
    let d = dir.path().to_str().expect("utf-8");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["explain", "--data", d, "--chain", day2.as_str()])
        .arg(ranked_seq.to_string())
        .output()
        .expect("explain");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("flights ranked") && text.contains("day2.carry = best"),
        "{text}"
    );
}

/// `store` counting the events read of `chain` (what the transparency log's keeper and a
/// standby are held to), and the commands of a nine-player top18 tournament (seed 3).
fn counted_top18<S>(
    store: S,
    chain: &ChainId,
) -> (
    floorbook_log::Watched<S>,
    impl Fn() -> usize + use<S>,
    Vec<floorbook_e2e::drive::Step>,
) {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let read = std::sync::Arc::new(AtomicUsize::new(0));
    let seen = read.clone();
    let store = floorbook_log::Watched::new(store, chain.clone(), move |page| {
        seen.fetch_add(page.len(), Ordering::Relaxed);
    });
    let (_, profile) = builtin("top18").expect("profile");
    let profile = profile.expect("top18 reads");
    let steps = script("top18", &profile, 9, 3).expect("script");
    (store, move || read.load(Ordering::Relaxed), steps)
}

/// Issue 40: the transparency log's keeper beside a desk takes the events the desk appended
/// as given, without reading them back from the store (its rounds read every chain once per
/// checkpoint interval, for other writers' events); the log holds the whole chain all the
/// same.
async fn a_keeper_beside_the_desk_reads_nothing_back<S>(store: S)
where
    S: EventStore + Clone + std::fmt::Debug + 'static,
{
    let chain = ChainId::new("desk-given").expect("chain");
    let (store, events_read, steps) = counted_top18(store, &chain);
    let dir = tempfile::tempdir().expect("dir");
    let key = || floorbook_tlog::LogKey::for_venue("club.example", &[7; 32]).expect("log key");
    let keeper = std::sync::Arc::new(floorbook_web::logkeeper::Keeper::new(
        floorbook_tlog::VenueLog::open(dir.path()).expect("log"),
        key(),
        Vec::new(),
        std::time::Duration::from_secs(3600),
        true,
    ));
    let mut desk = Desk::open(store.clone(), chain.clone(), None, u64::MAX)
        .await
        .expect("desk")
        .with_receipts(std::sync::Arc::new(
            floorbook_web::logkeeper::KeptReceipts::new(keeper.clone(), store.clone()),
        ));
    let mut head = 0;
    for (i, step) in steps.iter().enumerate() {
        let d = desk.checked(vec![incoming(step, head)]).await;
        match verdict(step, head, &d.replies[0]) {
            Verdict::Done(h) => head = h,
            other => panic!("{:?}: {other:?}", step.command),
        }
        // A round now and then, as the keeper's task makes them: the first reads every chain.
        if i % 50 == 0 {
            keeper.round(&store).await.expect("a round");
        }
        // Stopped midway in a hand: the events since its start came with no receipt.
        let events = &d.replies[0].events;
        if i > steps.len() / 2 && !events.is_empty() && !events.iter().any(|e| e == "HandFinished")
        {
            break;
        }
    }
    let before = events_read();
    keeper.round(&store).await.expect("a round");
    assert_eq!(keeper.size().await, head, "the log holds the whole chain");
    assert_eq!(
        events_read(),
        before,
        "a round read back events the desk had given"
    );
    // The count is of real reads: reading the chain back counts its events.
    let all = store.read(&chain, Seq(1), usize::MAX).await.expect("read");
    assert_eq!(events_read(), before + all.len());
}

on_both_backends!(
    a_keeper_beside_the_desk_reads_nothing_back_embedded,
    a_keeper_beside_the_desk_reads_nothing_back_nats,
    a_keeper_beside_the_desk_reads_nothing_back
);

/// Issue 41 (a warm standby): an instance that does not write a chain follows it as it grows;
/// taking it over, it reads only what was recorded since it last read, and goes on as a desk
/// that opened the chain from its start would: the same tournament, a repeated request
/// answered with its first reply, every later step decided the same.
async fn a_standby_takes_over_reading_only_what_came_since<S>(store: S)
where
    S: EventStore + Clone + std::fmt::Debug + 'static,
{
    use floorbook_log::ServiceKey;
    use floorbook_service::desk::Follower;
    let chain = ChainId::new("desk-standby").expect("chain");
    let (store, events_read, steps) = counted_top18(store, &chain);
    let key = ServiceKey::from_secret([9; 32]);
    let mut writer = Desk::open(store.clone(), chain.clone(), Some(key.clone()), 500)
        .await
        .expect("desk");
    let mut standby = Follower::new(store.clone(), chain.clone(), Some(&key));
    let mut head = 0;
    let mut last = None;
    let cut = steps.len() * 2 / 3;
    for (i, step) in steps[..cut].iter().enumerate() {
        let asked = incoming(step, head);
        let d = writer.checked(vec![asked.clone()]).await;
        let reply = d.replies[0].clone();
        match verdict(step, head, &reply) {
            Verdict::Done(h) => head = h,
            other => panic!("{:?}: {other:?}", step.command),
        }
        last = Some((asked, reply));
        // The standby reads now and then, as its chain task does once a renewal interval.
        if i % 97 == 0 {
            standby.catch_up().await.expect("the standby follows");
        }
    }
    let since = standby.next_seq();
    assert!(since > 1, "the standby read the chain");
    // The writer stops; the standby takes the chain over.
    drop(writer);
    let before = events_read();
    let mut taken = Desk::take_up(standby, Some(key.clone()), 500)
        .await
        .expect("taken up");
    let read = events_read() - before;
    assert_eq!(taken.head().map(|h| h.seq.0), Some(head));
    // What came since, read once (for the state and the requests' ids both), and the opening
    // twice (the chain's format, its start time).
    let bound = (head + 1 - since) as usize + 2;
    assert!(
        read <= bound,
        "the takeover read {read} events; {} were recorded since the standby read",
        head + 1 - since
    );
    assert!(
        (bound as u64) < head,
        "the standby was too far behind to tell"
    );
    // As a desk that read the chain from its start.
    let cold = Desk::open(store.clone(), chain.clone(), Some(key.clone()), 500)
        .await
        .expect("opened");
    assert_eq!(
        serde_json::to_value(taken.tournament().expect("a tournament")).expect("json"),
        serde_json::to_value(cold.tournament().expect("a tournament")).expect("json"),
        "the standby's tournament is the chain's"
    );
    // The last request, repeated (its reply lost with the writer): its first reply, nothing
    // decided twice.
    let (asked, first) = last.expect("a step");
    let again = taken.checked(vec![asked]).await.replies.remove(0);
    assert_eq!(
        (again.seq, again.hash.clone(), again.events.clone()),
        (first.seq, first.hash.clone(), first.events.clone())
    );
    assert_eq!(taken.head().map(|h| h.seq.0), Some(head), "nothing written");
    // The rest of the tournament, decided by the desk taken over.
    let mut events = Vec::new();
    for step in &steps[cut..] {
        let d = taken.checked(vec![incoming(step, head)]).await;
        match verdict(step, head, &d.replies[0]) {
            Verdict::Done(h) => head = h,
            other => panic!("{:?}: {other:?}", step.command),
        }
        events = d.replies[0].events.clone();
    }
    assert!(
        events.iter().any(|e| e == "Finished"),
        "the tournament played to its end: {events:?}"
    );
}

on_both_backends!(
    a_standby_takes_over_reading_only_what_came_since_embedded,
    a_standby_takes_over_reading_only_what_came_since_nats,
    a_standby_takes_over_reading_only_what_came_since
);

/// A standby that followed a chain before a hand's hole cards were named (stored sealed)
/// takes it over mid-hand, and releases their keys when the hand ends, as a writer that
/// opened the chain whole does.
async fn a_standby_taking_over_mid_hand_releases_the_sealed_cards<S>(store: S)
where
    S: EventStore + Clone + 'static,
{
    use floorbook_log::ServiceKey;
    use floorbook_service::desk::Follower;
    let chain = ChainId::new("t-standby-secret").expect("chain");
    let key = ServiceKey::from_secret([5; 32]);
    let mut desk = Desk::open(store.clone(), chain.clone(), Some(key.clone()), 500)
        .await
        .expect("desk");
    first_hand_of_three(&mut desk).await;
    let mut standby = Follower::new(store.clone(), chain.clone(), Some(&key));
    for (pos, cards) in [(0, "Ah Kd"), (1, "7c 7s"), (2, "2d 3h")] {
        // One sealed deal read while following, two when taking over.
        if pos == 1 {
            standby.catch_up().await.expect("follows");
        }
        let r = one(
            &mut desk,
            Channel::Dealer { table: 1 },
            floorbook_e2e::fixtures::deal_hole(1, pos, cards),
        )
        .await;
        assert!(r.ok, "{r:?}");
    }
    let pos = to_act(&desk);
    let r = one(
        &mut desk,
        Channel::Dealer { table: 1 },
        WireCommand::Fold { table: 1, pos },
    )
    .await;
    assert!(r.ok, "{r:?}");
    drop(desk);
    let mut desk = Desk::take_up(standby, Some(key), 500)
        .await
        .expect("a takeover with the key");
    // Two players left: one fold ends the hand.
    folds_end_the_hand_and_release(&mut desk, 1).await;
    // Every reader now opens the three deals.
    let public = floorbook_log::Disclosing::new(store.clone(), None);
    let rec = load(&public, chain.clone()).await.expect("load");
    let dealt = rec
        .events
        .iter()
        .filter(|e| format!("{e:?}").contains("HoleDealt"))
        .count();
    assert_eq!(dealt, 3, "the three deals read back opened");
}

on_both_backends!(
    a_standby_taking_over_mid_hand_releases_the_sealed_cards_embedded,
    a_standby_taking_over_mid_hand_releases_the_sealed_cards_nats,
    a_standby_taking_over_mid_hand_releases_the_sealed_cards
);
