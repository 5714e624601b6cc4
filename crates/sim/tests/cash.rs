//! Simulated cash evenings under the gcb profile, held at every accepted command to what the
//! house rules promise: chips accounted, nobody seated twice, the must-move rule (GCB-10) and
//! the missed-blind markers (GCB-6) held, and every decision re-derived from the commands.

use std::collections::BTreeSet;

use floorbook_cash::{CashEvent, CashProfile, CashRoom, PostKind, builtin};
use floorbook_sim::cash::{CashEvening, Entry, simulate_cash};
use proptest::prelude::*;

fn gcb() -> CashProfile {
    builtin("gcb").expect("built in").1.expect("reads")
}

/// Every invariant of a room after an accepted command.
fn hold(room: &CashRoom, e: &Entry) {
    // Chips: what is at the tables is what came in less what went out.
    let (money_in, money_out) = room.money();
    assert_eq!(
        room.chips_at_tables(),
        money_in - money_out,
        "chips not accounted after {:?}",
        e.command
    );
    // Nobody seated twice; every seat and every sitting agree.
    let mut seen = BTreeSet::new();
    for t in room.tables().values() {
        for (i, g) in t.seats.iter().enumerate() {
            let Some(g) = g else { continue };
            assert!(seen.insert(*g), "guest {g} holds two seats");
            let s = room.guests()[g]
                .sitting
                .as_ref()
                .expect("a seated guest sits");
            assert_eq!((s.table, s.seat), (t.no, i as u32 + 1), "guest {g}'s seat");
        }
    }
    let sitting = room
        .guests()
        .values()
        .filter(|g| g.sitting.is_some())
        .count();
    assert_eq!(sitting, seen.len(), "a sitting guest without a seat");
    let house = &room.profile().house;
    for g in room.guests().values() {
        if let Some(s) = &g.sitting {
            // GCB-6: the third marker released the seat.
            assert!(
                s.markers < house.markers_release_seat,
                "guest {} kept his seat",
                g.id
            );
            // GCB-1: a removed guest holds no seat once his hand is over.
            if g.removed {
                assert!(
                    room.hand(s.table).is_some_and(|r| r.guests.contains(&g.id)),
                    "removed guest {} still seated",
                    g.id
                );
            }
        }
    }
    // GCB-10: whenever the main table must take a side-table player, one is called.
    for game in &room.profile().games {
        let main = game.main_table();
        let Some(side) = game.tables[1..]
            .iter()
            .find(|t| room.tables()[t].open)
            .copied()
        else {
            continue;
        };
        let count = |t: u32| room.tables()[&t].seats.iter().flatten().count() as u32;
        let (m, s) = (count(main), count(side));
        let lists = &room.lists()[&game.id];
        let due =
            m < game.seats && (s >= house.main_full_while_side_has || m < house.must_move_below);
        if due && !lists.must_move.is_empty() {
            assert!(
                lists.called.is_some(),
                "main {m}, side {s}: nobody called after {:?}",
                e.command
            );
        }
    }
    // GCB-5 and GCB-6: every hand has its big blind; a straddle is twice it.
    for ev in &e.events {
        if let CashEvent::HandStarted { posted, table, .. } = ev {
            let game = room.profile().game_of(*table).expect("a table's game");
            assert!(posted.iter().any(|p| p.kind == PostKind::BigBlind));
            for p in posted {
                if p.kind == PostKind::Straddle {
                    assert_eq!(p.amount, 2 * game.big_blind);
                }
            }
        }
    }
}

fn evening(seed: u64, minutes: u64, guests: u32) -> CashEvening {
    let mut check = |room: &CashRoom, e: &Entry| hold(room, e);
    simulate_cash(&gcb(), guests, minutes, seed, Some(&mut check)).expect("the evening plays")
}

/// The evening's commands decided again on a fresh room decide the same events.
fn rederive(ev: &CashEvening) {
    let mut room = CashRoom::new(gcb());
    for (k, e) in ev.log.iter().enumerate() {
        let got = room
            .decide(&e.command, e.at)
            .unwrap_or_else(|err| panic!("entry {k} refused on re-derivation: {err}"));
        assert_eq!(got, e.events, "entry {k} ({:?}) diverged", e.command);
    }
    assert_eq!(room, ev.room);
}

#[test]
fn gcb_an_evening_opens_table_2_calls_must_moves_and_releases_seats() {
    let ev = evening(7, 240, 60);
    let kinds: BTreeSet<&str> = ev
        .log
        .iter()
        .flat_map(|e| e.events.iter().map(|x| x.event_type()))
        .collect();
    for k in [
        "TableOpened",
        "Seated",
        "HandStarted",
        "MustMoveCalled",
        "Moved",
        "MarkerGiven",
        "Rebought",
        "CashedOut",
        "Busted",
        "Warned",
    ] {
        assert!(
            kinds.contains(k),
            "no {k} in a four-hour evening: {kinds:?}"
        );
    }
    assert!(ev.hands > 100, "{} hands", ev.hands);
    // At closing time every guest has left with his money.
    let (money_in, money_out) = ev.room.money();
    assert_eq!(money_in, money_out);
    assert_eq!(ev.room.chips_at_tables(), 0);
    rederive(&ev);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

    #[test]
    fn every_evening_holds_the_house_rules_and_re_derives(seed in any::<u64>()) {
        let ev = evening(seed, 90, 40);
        rederive(&ev);
    }
}
