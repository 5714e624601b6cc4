//! Cash tables through the service's desk, on both backends: a simulated evening sent command
//! by command becomes a chain whose decisions are the simulation's, and a desk opened again
//! midway (a takeover) re-derives the room and goes on; dealers run only their own table's
//! hands, the floor the lists, seats and money, the shift manager the final rulings; refusals
//! by the house rules name their rule and write nothing.

#[macro_use]
mod common;

use chrono::{DateTime, Duration, TimeZone, Utc};
use floorbook_cash::{CashEvent, builtin};
use floorbook_e2e::schemas::CheckedDesk;
use floorbook_ledger::cash::{load, rederive};
use floorbook_ledger::reader::REFUSED;
use floorbook_log::{ChainId, Envelope, EventStore, Seq, verify_chain};
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{ErrorKind, Reply, Request, WireCashOffence, WireCommand};
use floorbook_sim::cash::simulate_cash;

fn ids(rules: &[floorbook_service::wire::RuleRef]) -> Vec<&str> {
    rules.iter().map(|r| r.id.as_str()).collect()
}

fn start() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 12, 1, 19, 0, 0)
        .single()
        .expect("a time")
}

/// The channel a cash command comes in on: a table's dealer for its hands, the director for
/// a ruling, the floor for the rest.
fn channel_of(c: &WireCommand) -> Channel {
    match c {
        WireCommand::HouseRuling { .. } => Channel::Director,
        _ => match c.table() {
            Some(table) if !c.is_cash_only() || matches!(c, WireCommand::StartHand { .. }) => {
                Channel::Dealer { table }
            }
            _ => Channel::Floor,
        },
    }
}

async fn send<S: EventStore>(
    desk: &mut Desk<S>,
    channel: Channel,
    command: WireCommand,
    secs: u64,
) -> Reply {
    let d = desk
        .checked(vec![Incoming {
            channel,
            request: Request {
                actor: "terminal".into(),
                id: None,
                after: None,
                seen: None,
                command,
            },
            at: start() + Duration::seconds(secs as i64),
        }])
        .await;
    assert!(!d.stale, "the append failed");
    d.replies.into_iter().next().expect("one reply")
}

async fn open_gcb<S: EventStore>(desk: &mut Desk<S>) {
    let r = send(
        desk,
        Channel::Director,
        WireCommand::Open {
            profile: Some("gcb".into()),
            profile_toml: None,
        },
        0,
    )
    .await;
    assert!(r.ok, "{r:?}");
}

/// A simulated evening sent through the desk: every reply ok, the chain's decisions are the
/// simulation's, and half-way a new desk takes the chain over.
async fn an_evening_through_the_desk<S: EventStore + Clone + 'static>(store: S) {
    let profile = builtin("gcb").expect("built in").1.expect("reads");
    let ev = simulate_cash(&profile, 30, 60, 9, None).expect("plays");
    let chain = ChainId::new("c-desk").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    open_gcb(&mut desk).await;
    let half = ev.log.len() / 2;
    for (k, e) in ev.log.iter().enumerate() {
        if k == half {
            // A takeover: the room is re-derived from the chain.
            desk = Desk::open(store.clone(), chain.clone(), None, 500)
                .await
                .expect("desk opened again");
        }
        let wire = WireCommand::from_cash(&e.command);
        let r = send(&mut desk, channel_of(&wire), wire, e.at).await;
        assert!(r.ok, "command {k} {:?}: {r:?}", e.command);
        let types: Vec<&str> = std::iter::once("CommandEntered")
            .chain(e.events.iter().map(CashEvent::event_type))
            .collect();
        assert_eq!(r.events, types, "command {k}");
    }
    assert!(verify_chain(&store, &chain, |_, _| {}).await.is_ok());
    let record = load(&store, chain.clone()).await.expect("reads");
    let decided: Vec<CashEvent> = record
        .commands
        .iter()
        .flat_map(|c| c.decisions.iter().map(|(_, e)| e.clone()))
        .collect();
    let simulated: Vec<CashEvent> = ev.log.iter().flat_map(|e| e.events.clone()).collect();
    assert_eq!(decided, simulated);
    let room = rederive(&record).expect("every decision re-derives");
    assert_eq!(&room, desk.cash().expect("a cash room"));
}

/// Roles and refusals at a cash room.
async fn who_may_send_what<S: EventStore + Clone + 'static>(store: S) {
    let chain = ChainId::new("c-roles").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    open_gcb(&mut desk).await;
    let floor = |c| (Channel::Floor, c);
    for (ch, c) in [
        floor(WireCommand::OpenTable { table: 1 }),
        floor(WireCommand::SeatGuest {
            member: None,
            guest: 1,
            name: Some("Anna".into()),
            table: 1,
            seat: 1,
            buy_in: 200,
            wait_for_big_blind: false,
        }),
        floor(WireCommand::SeatGuest {
            member: None,
            guest: 2,
            name: Some("Beat".into()),
            table: 1,
            seat: 2,
            buy_in: 200,
            wait_for_big_blind: false,
        }),
    ] {
        let r = send(&mut desk, ch, c, 10).await;
        assert!(r.ok, "{r:?}");
    }
    let head = desk.head().expect("a head").seq.0;
    // GCB-9: no phone entries. Refused by the rule, named, nothing written.
    let r = send(
        &mut desk,
        Channel::Floor,
        WireCommand::JoinList {
            member: None,
            guest: 3,
            name: "Carla".into(),
            game: "nlh-2-5".into(),
            in_person: false,
        },
        20,
    )
    .await;
    let e = r.error.expect("refused");
    assert_eq!(e.kind, ErrorKind::Rejected);
    assert_eq!(ids(&e.rules), ["GCB-9"]);
    assert_eq!(desk.head().expect("a head").seq.0, head);

    // A dealer cannot put a guest on the list, nor start a hand at another table; the
    // refusals are recorded and change nothing in the room.
    let room = desk.cash().expect("room").clone();
    let r = send(
        &mut desk,
        Channel::Dealer { table: 1 },
        WireCommand::JoinList {
            member: None,
            guest: 3,
            name: "Carla".into(),
            game: "nlh-2-5".into(),
            in_person: true,
        },
        30,
    )
    .await;
    assert_eq!(r.error.expect("refused").kind, ErrorKind::Forbidden);
    let r = send(
        &mut desk,
        Channel::Dealer { table: 2 },
        WireCommand::StartHand {
            table: 1,
            at: None,
            button: Some(1),
            straddle: false,
        },
        30,
    )
    .await;
    assert_eq!(r.error.expect("refused").kind, ErrorKind::Forbidden);
    // GCB-1: the final ruling is the shift manager's (the director), not the floor's.
    let r = send(
        &mut desk,
        Channel::Floor,
        WireCommand::HouseRuling {
            guest: Some(1),
            ruling: "the chip counts".into(),
        },
        30,
    )
    .await;
    assert_eq!(r.error.expect("refused").kind, ErrorKind::Forbidden);
    assert_eq!(desk.cash(), Some(&room));
    let refused = store
        .read(&chain, Seq(head + 1), 10)
        .await
        .expect("read")
        .iter()
        .filter(|e| Envelope::parse(&e.bytes).is_ok_and(|env| env.event_type == REFUSED))
        .count();
    assert_eq!(refused, 3);

    // The dealer of table 1 starts its hand, with the floor's button draw.
    let r = send(
        &mut desk,
        Channel::Dealer { table: 1 },
        WireCommand::StartHand {
            table: 1,
            at: None,
            button: Some(1),
            straddle: false,
        },
        40,
    )
    .await;
    assert!(r.ok, "{r:?}");
    assert!(r.events.contains(&"HandStarted".to_string()), "{r:?}");
    // GCB-13: no money added during his hand; the reply names the rule.
    let r = send(
        &mut desk,
        Channel::Floor,
        WireCommand::AddChips {
            guest: 1,
            amount: 100,
        },
        50,
    )
    .await;
    assert_eq!(ids(&r.error.expect("refused").rules), ["GCB-13"]);
    // A tournament's command has no place in a cash room.
    let r = send(
        &mut desk,
        Channel::Floor,
        WireCommand::Register {
            player: 9,
            name: "X".into(),
            buy_in: "10".into(),
            age: 30,
            table: None,
            draw: None,
        },
        50,
    )
    .await;
    let e = r.error.expect("refused");
    assert_eq!(e.kind, ErrorKind::Malformed);
    assert!(e.message.contains("tournament's command"), "{e:?}");
    // The shift manager rules, finally (GCB-1).
    let r = send(
        &mut desk,
        Channel::Director,
        WireCommand::HouseRuling {
            guest: Some(2),
            ruling: "the chip knocked over counts as not put in".into(),
        },
        60,
    )
    .await;
    assert!(r.ok, "{r:?}");
    // A warning by the floor counts towards GCB-1's three.
    let r = send(
        &mut desk,
        Channel::Floor,
        WireCommand::Warn {
            guest: 2,
            offence: WireCashOffence::Language,
            note: String::new(),
        },
        70,
    )
    .await;
    assert_eq!(r.events, ["CommandEntered", "Warned"]);
}

on_both_backends!(
    gcb_an_evening_through_the_desk_is_the_simulated_one_embedded,
    gcb_an_evening_through_the_desk_is_the_simulated_one_nats,
    an_evening_through_the_desk
);

on_both_backends!(
    gcb_who_may_send_what_at_a_cash_room_embedded,
    gcb_who_may_send_what_at_a_cash_room_nats,
    who_may_send_what
);

/// Issue 35: at a cash table too, the dealer takes back a mis-tapped entry while nothing has
/// followed it (the same guest acts again; the entry and its take-back stay in the chain);
/// once only; the chain re-derives to the desk's room.
async fn a_cash_dealer_takes_back_a_mis_tap<S: EventStore + Clone + 'static>(store: S) {
    let chain = ChainId::new("c-take-back").expect("chain");
    let mut desk = Desk::open(store.clone(), chain.clone(), None, 500)
        .await
        .expect("desk");
    open_gcb(&mut desk).await;
    let dealer = Channel::Dealer { table: 1 };
    for (ch, c) in [
        (Channel::Floor, WireCommand::OpenTable { table: 1 }),
        (
            Channel::Floor,
            WireCommand::SeatGuest {
                member: None,
                guest: 1,
                name: Some("Anna".into()),
                table: 1,
                seat: 1,
                buy_in: 200,
                wait_for_big_blind: false,
            },
        ),
        (
            Channel::Floor,
            WireCommand::SeatGuest {
                member: None,
                guest: 2,
                name: Some("Beat".into()),
                table: 1,
                seat: 2,
                buy_in: 200,
                wait_for_big_blind: false,
            },
        ),
        (
            dealer,
            WireCommand::StartHand {
                table: 1,
                at: None,
                button: Some(1),
                straddle: false,
            },
        ),
        (dealer, WireCommand::DealFaceDown { table: 1 }),
    ] {
        let r = send(&mut desk, ch, c, 10).await;
        assert!(r.ok, "{r:?}");
    }
    let to_act = |desk: &Desk<S>| {
        desk.cash()
            .and_then(|room| room.tables().get(&1))
            .and_then(|t| t.hand.as_ref())
            .and_then(|r| r.hand.actor())
            .expect("someone acts")
            .0
    };
    let hand = |desk: &Desk<S>| {
        serde_json::to_value(
            desk.cash()
                .and_then(|room| room.tables().get(&1))
                .and_then(|t| t.hand.as_ref())
                .map(|r| &r.hand),
        )
        .expect("hand")
    };
    let pos = to_act(&desk);
    let before = hand(&desk);
    let r = send(
        &mut desk,
        dealer,
        WireCommand::CheckOrCall { table: 1, pos },
        20,
    )
    .await;
    assert!(r.ok, "{r:?}");
    let r = send(&mut desk, dealer, WireCommand::TakeBack { table: 1 }, 21).await;
    assert!(r.ok, "{r:?}");
    assert_eq!(r.events, ["CommandEntered", "EntryTakenBack"]);
    assert_eq!(hand(&desk), before, "the hand is as before the call");
    assert_eq!(to_act(&desk), pos, "the same guest acts again");
    let head = desk.head();
    let r = send(&mut desk, dealer, WireCommand::TakeBack { table: 1 }, 22).await;
    let e = r.error.expect("once only");
    assert_eq!(e.kind, ErrorKind::Rejected, "{}", e.message);
    assert!(e.message.contains("no entry to take back"), "{}", e.message);
    assert_eq!(desk.head(), head, "nothing written");
    let r = send(&mut desk, dealer, WireCommand::Fold { table: 1, pos }, 23).await;
    assert!(r.ok, "{r:?}");
    let record = load(&store, chain.clone()).await.expect("reads");
    let room = rederive(&record).expect("every decision re-derives");
    assert_eq!(&room, desk.cash().expect("a cash room"));
}

on_both_backends!(
    gcb_a_cash_dealer_takes_back_a_mis_tap_embedded,
    gcb_a_cash_dealer_takes_back_a_mis_tap_nats,
    a_cash_dealer_takes_back_a_mis_tap
);
