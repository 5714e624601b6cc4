//! Whole tournaments played by bots, for every profile: the invariants hold after every hand.

use floorbook_sim::{Style, simulate, simulate_styled};
use floorbook_tournament::command::Command;
use floorbook_tournament::engine::{Status, Tournament, TournamentError, TournamentEvent};
use floorbook_tournament::transcript::Transcript;
use floorbook_tournament::{BalancingKind, Profile, builtin, builtin_names};
use proptest::prelude::*;

fn profile(name: &str) -> Profile {
    builtin(name).expect("built in").1.expect("reads")
}

fn check_after_hand(t: &Tournament, total: u64) {
    if t.finished {
        return; // the final holding is checked below: the winner has every chip
    }
    // Chips are conserved, except what chip races add or remove (TR-15, recorded).
    assert_eq!(
        t.chips_in_play() as i64,
        total as i64 + t.race_delta - t.removed_chips as i64 + t.entered_chips as i64,
        "chips are conserved"
    );
    for ts in &t.tables {
        assert!(
            ts.table.players() <= t.profile.seats_per_table as usize,
            "table {:?} overfull",
            ts.table.no
        );
    }
    // Balanced after every balancing step (while a table awaits its seat draw, the balancing
    // is still to come). NOB-7 (revision 6) balances no tables before the final table, and
    // gives a player only to a table that cannot deal.
    let nob_7 = t.revision >= 6 && t.profile.balancing.rule == BalancingKind::Nob7;
    if nob_7 && t.tables.iter().all(|ts| ts.hand.is_none()) && t.pending_break.is_none() {
        let short = t.tables.iter().filter(|ts| ts.table.players() < 2).count();
        let most = t
            .tables
            .iter()
            .map(|ts| ts.table.players())
            .max()
            .unwrap_or(0);
        assert!(
            short == 0 || most < 3 || t.finished,
            "NOB-7: a table cannot deal while another has {most} players"
        );
    } else if t.tables.iter().all(|ts| ts.hand.is_none())
        && !t.finished
        && t.pending_break.is_none()
    {
        let sizes: Vec<usize> = t.tables.iter().map(|ts| ts.table.players()).collect();
        let (lo, hi) = (
            sizes.iter().min().copied().unwrap_or(0),
            sizes.iter().max().copied().unwrap_or(0),
        );
        assert!(
            hi - lo <= 1,
            "tables out of balance after balancing: {sizes:?}"
        );
    }
}

/// TR-17, read from the recorded events alone (not from the engine's state): every move that
/// balancing made left a table fuller by two or more (the fullest, the highest number among
/// equals) for the shortest (the lowest number among equals), and, where no one at the fuller
/// table was still waiting to be dealt in, it moved the player who would post the big blind
/// in the hand after next there: the big blind moves one player on from the last hand's (TR-9),
/// or, before the table's first hand, sits on the second seat after the button. Returns the
/// moves whose mover was checked, the breaks and the chip races checked.
fn check_moves(
    name: &str,
    profile: &Profile,
    revision: u32,
    events: &[TournamentEvent],
) -> [usize; 3] {
    let size = profile.seats_per_table;
    use floorbook_rules::Rule;
    use std::collections::{BTreeMap, BTreeSet};
    // table -> seat -> player; per table its button and the last hand's big blind player.
    let mut seats: BTreeMap<u32, BTreeMap<u32, u32>> = BTreeMap::new();
    let mut button: BTreeMap<u32, u32> = BTreeMap::new();
    let mut last_bb: BTreeMap<u32, u32> = BTreeMap::new();
    let mut waiting: BTreeSet<u32> = BTreeSet::new();
    let mut breaking = false;
    let mut checked = 0;
    let (mut breaks, mut raced) = (0, 0);
    // TR-17 breaking: the tables play started on, the players a table started with (the
    // smallest), the players out, the tables broken.
    let (mut started_tables, mut seated_at_start, mut out, mut broken) = (0u32, 0u32, 0u32, 0u32);
    let mut started_with: BTreeMap<u32, usize> = BTreeMap::new();
    // NOB-7 (revision 6): the players out at each table since the tables were last drawn.
    let mut lost: BTreeMap<u32, usize> = BTreeMap::new();
    let nob_7_revision_6 = revision >= 6;
    // TR-15: per table, the highest level a hand has started at.
    let mut played_level: BTreeMap<u32, usize> = BTreeMap::new();
    let races: Vec<usize> = profile.chip_race.iter().map(|r| r.after_level).collect();
    let remove = |seats: &mut BTreeMap<u32, BTreeMap<u32, u32>>, p: u32| {
        for t in seats.values_mut() {
            t.retain(|_, q| *q != p);
        }
    };
    for e in events {
        if !matches!(e, TournamentEvent::Moved { .. }) {
            breaking = false;
        }
        match e {
            TournamentEvent::Started { tables, .. } => started_tables = *tables,
            TournamentEvent::Seated {
                player,
                table,
                seat,
                ..
            } => {
                seats.entry(table.0).or_default().insert(seat.0, player.0);
                seated_at_start += 1;
                *started_with.entry(table.0).or_default() += 1;
            }
            TournamentEvent::TableBreakDue { table, rules, .. } if !rules.contains(Rule::Tr26) => {
                let count = |t: &u32| seats.get(t).map_or(0, BTreeMap::len);
                let lowest = seats.keys().min().copied();
                let left: usize = seats.values().map(BTreeMap::len).sum();
                let counts: Vec<usize> = seats.keys().map(count).collect();
                let (least, most) = (
                    counts.iter().copied().min().unwrap_or(0),
                    counts.iter().copied().max().unwrap_or(0),
                );
                // Fewer tables would seat the rest, and balancing cannot help a table that
                // cannot deal.
                let stranded =
                    least < 2 && most < least + 2 && left.div_ceil(size as usize) < seats.len();
                if rules.contains(Rule::Plo2) {
                    // PLO-2: two tables from 16 players, one from 8.
                    let want = if left <= 8 {
                        1
                    } else if left <= 16 {
                        2
                    } else {
                        3
                    };
                    assert!(
                        want < seats.len(),
                        "{name}: {e:?} with {left} players on {} tables",
                        seats.len()
                    );
                } else if rules.contains(Rule::Nob7) && nob_7_revision_6 {
                    // NOB-7: "sobald jeweils 2 Spieler ausgeschieden sind": every table lost
                    // two since the tables were drawn, or one cannot deal; and the rest fit.
                    let each_lost_two =
                        seats.keys().all(|t| lost.get(t).copied().unwrap_or(0) >= 2);
                    assert!(
                        (each_lost_two || least < 2) && left.div_ceil(size as usize) < seats.len(),
                        "{name}: {e:?}: lost {lost:?}, seated {counts:?}"
                    );
                } else if rules.contains(Rule::Nob7) {
                    // NOB-7: two out at every table, or the rest fit on fewer tables.
                    let all_lost_two = seats
                        .iter()
                        .all(|(t, s)| started_with.get(t).is_some_and(|w| *w >= s.len() + 2));
                    assert!(
                        all_lost_two || left.div_ceil(size as usize) < seats.len(),
                        "{name}: {e:?}"
                    );
                } else if let Some(per_table) = seated_at_start.checked_div(started_tables) {
                    // TR-17: each time as many are out as started at one table.
                    assert!(
                        out >= (broken + 1) * per_table || stranded,
                        "{name}: {e:?} with {out} out, {broken} broken, {per_table} a table"
                    );
                    assert_eq!(
                        lowest,
                        Some(table.0),
                        "{name}: {e:?}: the lowest-numbered table breaks"
                    );
                }
                breaks += 1;
            }
            // NOB-8: the final table restarts its blinds lower.
            TournamentEvent::LevelChanged {
                table: Some(table),
                level,
                rules,
                ..
            } if rules.contains(Rule::Nob8) => {
                played_level.insert(table.0, *level);
            }
            TournamentEvent::ChipRaced { table, .. } => {
                // TR-15: a race follows the end of its level and comes before the table's
                // first hand of a later one: no hand at this table has played past the
                // level of the race that is due.
                let level = played_level.get(&table.0).copied().unwrap_or(0);
                assert!(
                    races.iter().any(|after| level < *after),
                    "{name}: {e:?} after a hand at level {} at that table",
                    level + 1
                );
                raced += 1;
            }
            TournamentEvent::ButtonPlaced { table, seat, .. }
            | TournamentEvent::ButtonDrawn { table, seat, .. } => {
                button.insert(table.0, seat.0);
            }
            TournamentEvent::HandStarted {
                table,
                button: b,
                players,
                blinds,
                level,
                ..
            } => {
                let before = played_level.insert(table.0, *level).unwrap_or(0);
                assert!(*level >= before, "{name}: {e:?}: the level went down");
                button.insert(table.0, b.0);
                for p in players {
                    waiting.remove(&p.0);
                }
                let big = blinds.iter().copied().max().unwrap_or(0);
                let at_big: Vec<usize> = (0..blinds.len()).filter(|i| blinds[*i] == big).collect();
                match at_big.as_slice() {
                    [i] if big > 0 => {
                        last_bb.insert(table.0, players[*i].0);
                    }
                    _ => {
                        last_bb.remove(&table.0);
                    }
                }
            }
            TournamentEvent::Busted { player, .. }
            | TournamentEvent::NoShowRemoved { player, .. }
            | TournamentEvent::Surrendered { player, .. } => {
                if let Some((t, _)) = seats
                    .iter()
                    .find(|(_, s)| s.values().any(|q| *q == player.0))
                {
                    *lost.entry(*t).or_default() += 1;
                }
                remove(&mut seats, player.0);
                out += 1;
            }
            TournamentEvent::NoShowReplaced {
                player,
                by,
                table,
                seat,
                ..
            } => {
                remove(&mut seats, player.0);
                seats.entry(table.0).or_default().insert(seat.0, by.0);
            }
            // Issue 39: a rebuy by a player out gives him his seat back.
            TournamentEvent::Rebought {
                player,
                seat_back: Some((table, seat)),
                ..
            } => {
                seats.entry(table.0).or_default().insert(seat.0, player.0);
                for p in last_bb.values_mut() {
                    if *p == player.0 {
                        *p = u32::MAX;
                    }
                }
            }
            // Issue 39: a new entry takes his drawn seat (waiting for the button when it is
            // between the small blind and the button).
            TournamentEvent::Entered {
                player,
                table,
                seat,
                sits_out,
                ..
            } => {
                seats.entry(table.0).or_default().insert(seat.0, player.0);
                if *sits_out {
                    waiting.insert(player.0);
                }
                // A re-entry is the same player in a new seat: the last big blind he posted
                // was in his old one (which this reading does not track).
                for p in last_bb.values_mut() {
                    if *p == player.0 {
                        *p = u32::MAX;
                    }
                }
            }
            TournamentEvent::TableBroken { table, .. } => {
                breaking = true;
                broken += 1;
                seats.remove(&table.0);
                lost.clear();
            }
            TournamentEvent::Moved {
                player,
                from,
                to,
                seat,
                sits_out,
                rules,
            } => {
                let balancing = rules.contains(Rule::Tr17)
                    && !rules.contains(Rule::Tr26)
                    && !breaking
                    && from != to;
                if balancing {
                    let count = |t: u32| seats.get(&t).map_or(0, BTreeMap::len);
                    let (f, t) = (count(from.0), count(to.0));
                    assert!(f >= t + 2, "{name}: {e:?} from {f} players to {t}");
                    assert!(
                        !(nob_7_revision_6 && rules.contains(Rule::Nob7)) || t < 2,
                        "{name}: {e:?}: NOB-7 moves a player only to a table that cannot deal"
                    );
                    let fullest = seats.keys().map(|k| (count(*k), *k)).max();
                    // The lowest-numbered of the shortest tables.
                    let shortest = seats.keys().map(|k| (count(*k), *k)).min();
                    assert_eq!(
                        fullest.map(|x| x.1),
                        Some(from.0),
                        "{name}: {e:?}: not the fullest table"
                    );
                    assert_eq!(
                        shortest.map(|x| x.1),
                        Some(to.0),
                        "{name}: {e:?}: not the shortest table ({seats:?})"
                    );
                    let at = &seats[&from.0];
                    let none_waiting = at.values().all(|p| !waiting.contains(p));
                    let after = |s: u32| {
                        (1..=size)
                            .map(|k| (s - 1 + k) % size + 1)
                            .find(|x| at.contains_key(x))
                    };
                    let bb_seat = last_bb
                        .get(&from.0)
                        .and_then(|p| at.iter().find(|(_, q)| *q == p).map(|(s, _)| *s));
                    let expected = match (last_bb.get(&from.0), bb_seat) {
                        // The last big blind is still seated: one on, and one more.
                        (Some(_), Some(s)) => after(s).and_then(after),
                        // He left the table: skip (the dead button's sequence goes on from his
                        // empty seat, which this reading does not track).
                        (Some(_), None) => None,
                        (None, _) => button
                            .get(&from.0)
                            .and_then(|b| after(*b))
                            .and_then(after)
                            .and_then(after),
                    };
                    if none_waiting && let Some(s) = expected {
                        assert_eq!(
                            at.get(&s),
                            Some(&player.0),
                            "{name}: {e:?}: the second-next big blind sits in seat {s} (table {at:?}, last big blind {:?} in {bb_seat:?}, button {:?})",
                            last_bb.get(&from.0),
                            button.get(&from.0)
                        );
                        checked += 1;
                    }
                }
                remove(&mut seats, player.0);
                seats.entry(to.0).or_default().insert(seat.0, player.0);
                if *sits_out {
                    waiting.insert(player.0);
                }
            }
            _ => {}
        }
    }
    [checked, breaks, raced]
}

fn run(name: &str, players: u32, seed: u64) -> Transcript {
    run_styled(name, players, seed, Style::Loose).0
}

/// Plays a tournament and checks its invariants; returns it with the hands played.
fn run_styled(name: &str, players: u32, seed: u64, style: Style) -> (Transcript, u64) {
    run_profile(profile(name), players, seed, style)
}

/// Plays a tournament under `p` and checks its invariants; returns it with the hands played.
/// The places awarded to the tournament's players, and `more` (those out in its flights),
/// in order.
fn places_awarded(t: &Tournament, more: &[u32]) -> Vec<u32> {
    let mut places: Vec<u32> = t
        .players
        .values()
        .filter_map(|p| match p.status {
            Status::Busted { place } | Status::Disqualified { place } => Some(place),
            _ => None,
        })
        .chain(more.iter().copied())
        .collect();
    places.sort_unstable();
    places
}

fn run_profile(p: Profile, players: u32, seed: u64, style: Style) -> (Transcript, u64) {
    let name = p.name.clone();
    let name = name.as_str();
    let registered = p.max_players.map_or(players, |m| players.min(m));
    let total = u64::from(registered) * p.starting_chips;
    let mut check = |t: &Transcript| check_after_hand(t, total);
    let sim = simulate_styled(&p, players, seed, style, Some(&mut check))
        .unwrap_or_else(|e| panic!("{name}, {players} players, seed {seed}: {e}"));
    let hands = sim.hands;
    let t = sim.tournament;
    assert!(t.finished);
    check_moves(name, &t.profile, t.revision, &t.events);
    let winners: Vec<_> = t
        .events
        .iter()
        .filter(|e| matches!(e, TournamentEvent::Finished { .. }))
        .collect();
    assert_eq!(winners.len(), 1, "exactly one winner");
    let places = places_awarded(&t, &[]);
    // Issue 39: late registrations are players of the field too (re-entries are not).
    let late = t
        .events
        .iter()
        .filter(|e| matches!(e, TournamentEvent::Entered { entry: 1, .. }))
        .count() as u32;
    let expected: Vec<u32> = (1..=registered + late).collect();
    assert_eq!(places, expected, "places 1..N each awarded once");
    let winner = t
        .players
        .values()
        .find(|p| p.status == Status::Busted { place: 1 })
        .expect("winner");
    assert_eq!(
        winner.stack as i64,
        total as i64 + t.race_delta - t.removed_chips as i64 + t.entered_chips as i64,
        "the winner holds every chip (and what chip races added or removed)"
    );
    // Levels only rise: the tournament's (TR-5, PLO-5) and each table's by its orbits (NOB-9);
    // the one exception is the final table's restart (NOB-8).
    let mut levels: std::collections::BTreeMap<Option<u32>, usize> = Default::default();
    let mut restarts = 0;
    for e in &t.events {
        if let TournamentEvent::LevelChanged {
            table,
            level,
            rules,
            ..
        } = e
        {
            let last = levels.entry(table.map(|t| t.0)).or_insert(0);
            if rules.contains(floorbook_rules::Rule::Nob8) {
                restarts += 1;
            } else {
                assert!(
                    *level > *last || (*level == 0 && *last == 0),
                    "{name}: {e:?} after level {last}"
                );
            }
            *last = *level;
        }
    }
    // NOB-9 at the final table, from the events alone: its orbits count from its start, by the
    // button's travel round its seats, in the class of the players it starts with (8 and more:
    // every 2 orbits; 5 to 7: 3; fewer: 4), up from the level NOB-8 set, never past NOB-6's cap.
    if t.profile.levels.advance == floorbook_tournament::Advance::Orbits {
        let seats = u64::from(t.profile.seats_per_table);
        // The chips in play: no-shows' stacks leave play early (TR-6), before any final table.
        let chips = (total as i64 + t.race_delta - t.removed_chips as i64).max(0) as u64;
        let cap = floorbook_tournament::levels::blind_cap(&t.profile.levels.schedule, chips).level;
        let mut last_button: std::collections::BTreeMap<u32, u64> = Default::default();
        // (table, the level it restarted at, the button's travel since, its class's orbits)
        let mut final_table: Option<(u32, usize, u64, Option<u32>)> = None;
        let mut checked = 0;
        for e in &t.events {
            match e {
                TournamentEvent::LevelChanged {
                    table: Some(table),
                    level,
                    rules,
                    ..
                } if rules.contains(floorbook_rules::Rule::Nob8) => {
                    final_table = Some((table.0, *level, 0, None));
                }
                TournamentEvent::HandStarted {
                    table,
                    level,
                    button,
                    players,
                    ..
                } => {
                    let before = last_button.insert(table.0, u64::from(button.0));
                    if let Some((ft, base, travel, class)) = final_table.as_mut()
                        && *ft == table.0
                    {
                        if let Some(b) = before {
                            *travel += (u64::from(button.0) + seats - b) % seats;
                        }
                        let per_level = *class.get_or_insert_with(|| {
                            let n = players.len() as u32;
                            t.profile
                                .levels
                                .orbits
                                .iter()
                                .find(|[min, _]| n >= *min)
                                .map_or(2, |[_, o]| *o)
                        });
                        let orbits = (*travel / seats) as usize;
                        let expected =
                            (*base + (orbits / per_level as usize).min(cap)).min(cap.max(*base));
                        assert_eq!(
                            *level, expected,
                            "{name}: the final table's hand at {orbits} orbits (every {per_level}) from level {base}, the cap {cap}"
                        );
                        checked += 1;
                    }
                }
                _ => {}
            }
        }
        let multi = t
            .events
            .iter()
            .any(|e| matches!(e, TournamentEvent::Started { tables, .. } if *tables > 1));
        assert!(
            checked > 0 || !multi || t.profile.levels.final_table.is_none(),
            "{name}: no final-table hand was checked"
        );
    }
    let multi = t
        .events
        .iter()
        .any(|e| matches!(e, TournamentEvent::Started { tables, .. } if *tables > 1));
    let expected = usize::from(multi && t.profile.levels.final_table.is_some());
    assert_eq!(
        restarts, expected,
        "{name}: NOB-8 restarts the final table once"
    );
    (t, hands)
}

#[test]
fn every_profile_plays_to_one_winner() {
    for name in builtin_names() {
        for (players, seed) in [(2, 1), (9, 2), (12, 3), (27, 4), (64, 5), (300, 6)] {
            run(name, players, seed);
        }
    }
}

#[test]
fn patient_bots_play_longer_tournaments_that_hold_every_invariant() {
    // Over three fields each: one seed alone can deal the loose bots a long run (plo27's pot
    // limit keeps them from shoving).
    for name in builtin_names() {
        let (mut loose, mut patient) = (0, 0);
        for seed in 7..10 {
            loose += run_styled(name, 27, seed, Style::Loose).1;
            patient += run_styled(name, 27, seed, Style::Patient).1;
        }
        assert!(
            patient > 2 * loose,
            "{name}: patient bots played {patient} hands, loose ones {loose}"
        );
    }
}

/// The TR-17, PLO-2, NOB-7 and TR-15 checks above find moves, breaks and races to check, in
/// every profile (fields that are not multiples of the table size).
#[test]
fn tr_17_every_move_break_and_race_follows_its_rule() {
    for name in builtin_names() {
        let mut checked = [0; 3];
        let (mut races, mut keeps_tables) = (false, false);
        for (players, seed) in [(23, 11), (31, 12), (44, 13), (61, 14)] {
            let t = run(name, players, seed);
            races |= !t.profile.chip_race.is_empty();
            keeps_tables = t.revision >= 6 && t.profile.balancing.rule == BalancingKind::Nob7;
            let c = check_moves(name, &t.profile, t.revision, &t.events);
            (0..3).for_each(|i| checked[i] += c[i]);
        }
        // NOB-7 (revision 6) balances no tables: only its breaks are checked.
        assert!(
            checked[0] > 0 || keeps_tables,
            "{name}: no balancing move was checked"
        );
        assert!(checked[1] > 0, "{name}: no break was checked");
        assert!(checked[2] > 0 || !races, "{name}: no chip race was checked");
    }
}

#[test]
fn the_same_seed_plays_the_same_tournament() {
    let a = run("top18", 12, 42);
    let b = run("top18", 12, 42);
    assert_eq!(a.events, b.events);
}

#[test]
fn plo_1_a_full_field_puts_the_rest_on_the_waiting_list() {
    let t = run("plo27", 30, 5);
    let waitlisted = t
        .players
        .values()
        .filter(|p| p.status == Status::WaitListed)
        .count();
    // PLO-1: no-shows at the start gave their seats to waiting players.
    let replaced = t
        .events
        .iter()
        .filter(|e| matches!(e, TournamentEvent::NoShowReplaced { .. }))
        .count();
    assert_eq!(waitlisted + replaced, 3);
}

/// The PL Omaha profile as a house runs it with late registration and re-entries (issue 39):
/// a €20 buy-in with a €2 fee, a €300 guarantee, entries open to the end of level 3, two
/// re-entries a player, a payout that grows with the field.
fn reentry_profile() -> Profile {
    let mut p = profile("plo27");
    p.name = "plo27-reentry".into();
    p.buy_ins = vec!["20.00".into()];
    p.payout.fee = Some("2.00".into());
    p.payout.guarantee = Some("300.00".into());
    p.payout.shares = vec![100];
    p.payout.by_entries = vec![
        floorbook_tournament::PayoutTable {
            entries: 10,
            shares: vec![65, 35],
        },
        floorbook_tournament::PayoutTable {
            entries: 20,
            shares: vec![50, 30, 20],
        },
    ];
    p.entries = floorbook_tournament::Entries {
        late_until_level: 3,
        reentries: 2,
        ..Default::default()
    };
    // A progressive bounty of €5 on every entry's head.
    p.bounty = Some(floorbook_tournament::Bounty {
        kind: floorbook_tournament::BountyKind::Progressive,
        amount: "5.00".into(),
        to_eliminator: 50,
        from_level: 0,
        envelopes: Vec::new(),
    });
    assert_eq!(p.check(), Vec::new());
    p
}

/// The same with rebuys instead of re-entries: late registration to the end of level 2,
/// rebuys at or below half the starting stack until the end of level 3 (three a player, a
/// double allowed, €10 each), and the add-on in level 4 (15,000 chips for €10).
fn rebuy_profile() -> Profile {
    let mut p = reentry_profile();
    p.name = "plo27-rebuy".into();
    p.entries = floorbook_tournament::Entries {
        late_until_level: 2,
        rebuys: 3,
        rebuy_until_level: 3,
        rebuy_at_or_below: Some(5_000),
        rebuy_price: Some("10.00".into()),
        double_rebuy: true,
        addon_chips: 15_000,
        addon_price: Some("10.00".into()),
        ..Default::default()
    };
    assert_eq!(p.check(), Vec::new());
    p
}

/// The re-entry event with a mystery bounty instead: €5 of every entry into envelopes filled
/// when level 5 starts (entries closed with level 3), the first 30 % of the money, the
/// second 10 %, the rest shared.
fn mystery_profile() -> Profile {
    let mut p = reentry_profile();
    p.name = "plo27-mystery".into();
    p.bounty = Some(floorbook_tournament::Bounty {
        kind: floorbook_tournament::BountyKind::Mystery,
        amount: "5.00".into(),
        to_eliminator: 50,
        from_level: 5,
        envelopes: vec![30, 10],
    });
    assert_eq!(p.check(), Vec::new());
    p
}

/// Money is conserved: what the entries paid is the prizes, the bounties and the fees, less
/// the overlay; at the end every bounty has been paid out in cash.
fn check_money(t: &Transcript) {
    let clock = t.clock_view(t.clock);
    let paid: u64 = t
        .players
        .values()
        .filter(|p| !matches!(p.status, Status::Registered | Status::WaitListed))
        .map(|p| {
            2_000 * u64::from(p.entries())
                + u64::from(p.rebuys) * t.rebuy_cents()
                + if p.added_on { t.addon_cents() } else { 0 }
        })
        .sum();
    let prizes: u64 = clock.prizes_cents.iter().sum();
    let pool = clock.prize_pool_cents.expect("a pool");
    assert_eq!(prizes, pool, "the whole pool is paid");
    assert_eq!(
        paid + clock.overlay_cents,
        prizes + clock.fees_cents + clock.bounties_cents,
        "entries + overlay = prizes + fees + bounties"
    );
    assert_eq!(clock.bounties_cents, t.bounty_money());
    if t.finished {
        let won: u64 = t.players.values().map(|p| p.bounties_won).sum();
        assert_eq!(won, t.bounty_money(), "every bounty paid out");
    }
    assert_eq!(clock.entrants, t.entry_count());
    if t.finished {
        check_league_places(t);
    }
}

/// A league ranks every entry once: places 1 to the number of entries, each given once.
fn check_league_places(t: &Transcript) {
    let (entries, results) =
        floorbook_league::tournament_results(&t.events).expect("a finished tournament");
    let reentries: u32 = t.players.values().map(|p| p.reentries.len() as u32).sum();
    let players = t
        .players
        .values()
        .filter(|p| !matches!(p.status, Status::Registered | Status::WaitListed))
        .count() as u32;
    assert_eq!(entries, players + reentries, "the field is the entries");
    let mut places: Vec<u32> = results
        .iter()
        .flat_map(|r| r.earlier.iter().copied().chain([r.place]))
        .collect();
    places.sort_unstable();
    if t.profile.places.same_hand == floorbook_tournament::SameHand::LargerStartingStack {
        assert_eq!(places, (1..=entries).collect::<Vec<_>>(), "each place once");
    } else {
        assert_eq!(places.len() as u32, entries);
    }
}

#[test]
fn re_entry_tournaments_place_every_player_once_and_conserve_chips_and_money() {
    let (mut reentries, mut late) = (0, 0);
    for (players, seed) in [(6, 1), (12, 2), (19, 3), (25, 4)] {
        let (t, _) = run_profile(reentry_profile(), players, seed, Style::Loose);
        check_money(&t);
        reentries += t.clock_view(t.clock).reentries;
        late += t
            .events
            .iter()
            .filter(|e| matches!(e, TournamentEvent::Entered { entry: 1, .. }))
            .count();
        // Every player out while entries were open was placed when they closed.
        assert!(t.out_while_open.is_empty());
        assert!(
            t.events
                .iter()
                .any(|e| matches!(e, TournamentEvent::EntriesClosed { .. }))
        );
    }
    assert!(reentries > 0, "the bots re-entered");
    assert!(late > 0, "late players registered");
}

#[test]
fn rebuy_tournaments_place_every_player_once_and_conserve_chips_and_money() {
    let (mut rebuys, mut addons) = (0, 0);
    for (players, seed) in [(6, 1), (12, 2), (19, 3), (25, 4)] {
        let (t, _) = run_profile(rebuy_profile(), players, seed, Style::Loose);
        check_money(&t);
        let clock = t.clock_view(t.clock);
        rebuys += clock.rebuys;
        addons += clock.addons;
        assert!(t.out_while_open.is_empty());
    }
    assert!(rebuys > 0, "the bots rebought");
    assert!(addons > 0, "the bots took the add-on");
}

#[test]
fn mystery_bounty_tournaments_pay_every_envelope_once() {
    let mut drawn = 0;
    for (players, seed) in [(6, 1), (12, 2), (19, 3), (25, 4)] {
        let (t, _) = run_profile(mystery_profile(), players, seed, Style::Loose);
        check_money(&t);
        assert!(t.envelopes_owed.is_empty(), "every envelope owed was drawn");
        // Every envelope filled went to someone: those drawn and what the winner took.
        let filled: Vec<u64> = t
            .events
            .iter()
            .find_map(|e| match e {
                TournamentEvent::EnvelopesFilled { envelopes, .. } => Some(envelopes.clone()),
                _ => None,
            })
            .unwrap_or_default();
        let draws = t
            .events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    TournamentEvent::BountyWon {
                        envelope: Some(_),
                        ..
                    }
                )
            })
            .count();
        if !filled.is_empty() {
            assert_eq!(filled.iter().sum::<u64>(), t.bounty_money());
            assert!(draws < filled.len(), "the winner's envelope is no draw");
        }
        drawn += draws;
    }
    assert!(drawn > 0, "envelopes were drawn");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    #[test]
    fn random_mystery_tournaments_hold_every_invariant(
        players in 2u32..30,
        seed in any::<u64>(),
    ) {
        let (t, _) = run_profile(mystery_profile(), players, seed, Style::Loose);
        check_money(&t);
        prop_assert!(t.envelopes_owed.is_empty());
    }

    #[test]
    fn random_rebuy_tournaments_hold_every_invariant(
        players in 2u32..30,
        seed in any::<u64>(),
    ) {
        let (t, _) = run_profile(rebuy_profile(), players, seed, Style::Loose);
        check_money(&t);
    }

    #[test]
    fn random_re_entry_tournaments_hold_every_invariant(
        players in 2u32..30,
        seed in any::<u64>(),
    ) {
        let (t, _) = run_profile(reentry_profile(), players, seed, Style::Loose);
        check_money(&t);
    }

    #[test]
    fn random_tournaments_hold_every_invariant(
        which in any::<proptest::sample::Index>(),
        players in 2u32..40,
        seed in any::<u64>(),
    ) {
        // Every built-in profile, read from the list (stud among them).
        let names: Vec<&str> = builtin_names().collect();
        run(names[which.index(names.len())], players, seed);
    }
}

#[test]
fn a_profile_with_breaks_plays_through_them() {
    let mut p = profile("top18");
    p.levels.breaks = vec![[1, 10], [2, 10]];
    // Patient bots: a tournament that lasts past the breaks.
    let sim = simulate_styled(&p, 40, 3, Style::Patient, None).expect("plays");
    assert!(sim.tournament.finished);
    // Every hand started outside the breaks.
    for e in &sim.tournament.events {
        if let TournamentEvent::HandStarted { at, .. } = e {
            assert_eq!(floorbook_tournament::levels::on_break(&p, *at), None);
        }
    }
    let after_first_break = 12 * 60 + 10 * 60;
    assert!(
        sim.tournament.events.iter().any(
            |e| matches!(e, TournamentEvent::HandStarted { at, .. } if *at >= after_first_break)
        ),
        "the tournament lasted past a break"
    );
}

#[test]
fn tr_17_a_breaking_table_waits_for_its_players_seat_draw() {
    // Catch the tournament right when a table is due to break.
    let p = profile("top18");
    let mut due: Option<Transcript> = None;
    let mut catch = |t: &Transcript| {
        if due.is_none() && t.pending_break.is_some() {
            due = Some(t.clone());
        }
    };
    simulate(&p, 27, 9, Some(&mut catch)).expect("plays");
    let mut t = due.expect("a table broke");
    let table = t.pending_break.expect("pending");
    let leaving: Vec<_> = t
        .tables
        .iter()
        .find(|ts| ts.table.no == table)
        .map(|ts| ts.table.seats.iter().flatten().copied().collect())
        .expect("the breaking table");
    let free: Vec<(u32, u32)> = t
        .tables
        .iter()
        .filter(|ts| ts.table.no != table)
        .flat_map(|ts| {
            ts.table
                .seats
                .iter()
                .enumerate()
                .filter(|(_, s)| s.is_none())
                .map(move |(i, _)| (ts.table.no.0, i as u32 + 1))
        })
        .collect();
    assert!(matches!(
        t.events.last(),
        Some(TournamentEvent::TableBreakDue { players, free_seats, .. })
            if *players as usize == leaving.len() && *free_seats as usize == free.len()
    ));
    // No hand starts until the players have drawn.
    let other = t
        .tables
        .iter()
        .find(|ts| ts.table.no != table)
        .map(|ts| ts.table.no)
        .expect("another table");
    let at = t.clock;
    assert!(matches!(
        t.decide(&Command::StartHand { table: other }, at),
        Err(TournamentError::BreakPending(b)) if b == table
    ));
    // A draw that gives two players one seat, or a seat that is not free, is refused.
    let before = t.events.len();
    let mut twice: Vec<u32> = (0..leaving.len() as u32).collect();
    twice[1] = twice[0];
    let break_table = |t: &mut Transcript, draw: &[u32]| {
        let at = t.clock;
        t.decide(
            &Command::BreakTable {
                table,
                draw: draw.to_vec(),
            },
            at,
        )
        .map(|_| ())
    };
    match break_table(&mut t, &twice) {
        Err(e @ TournamentError::Draw(_)) => assert!(e.to_string().contains("TR-17"), "{e}"),
        other => panic!("{other:?}"),
    }
    let beyond: Vec<u32> = (0..leaving.len() as u32)
        .map(|i| i + free.len() as u32)
        .collect();
    assert!(break_table(&mut t, &beyond).is_err());
    assert_eq!(t.events.len(), before, "a refused draw records nothing");
    // The drawn seats, last free seats first: each player sits where he drew.
    let draw: Vec<u32> = (0..leaving.len() as u32)
        .map(|i| free.len() as u32 - 1 - i)
        .collect();
    break_table(&mut t, &draw).expect("seated");
    assert!(t.pending_break.is_none());
    for (player, d) in leaving.iter().zip(&draw) {
        let (tn, seat) = free[*d as usize];
        let pl = &t.players[player];
        assert_eq!(
            (pl.table.map(|x| x.0), pl.seat.map(|x| x.0)),
            (Some(tn), Some(seat)),
            "{player:?}"
        );
    }
    assert!(t.events.iter().any(|e| matches!(
        e,
        TournamentEvent::TableBroken { table: b, draw: d, .. } if *b == table && *d == draw
    )));
}

/// Settings at the far ends of their types (a trillion starting chips, blinds near the top of
/// 64 bits, clocks and penalties of four billion minutes, a minimum age nobody reaches): each
/// edited profile is either refused by `check`, naming the field, or plays to the end with
/// every invariant holding. (A minimum age of four billion once overflowed the simulator.)
#[test]
fn extreme_settings_are_refused_or_played_out() {
    let edits: &[(&str, &str, bool)] = &[
        (
            "starting_chips = 1500 ",
            "starting_chips = 1000000000000 ",
            true,
        ),
        (
            "starting_chips = 1500 ",
            "starting_chips = 18446744073709551610 ",
            false,
        ),
        (
            "chips = [10, 50, 100, 500, 1000]",
            "chips = [10, 50, 100, 500, 1000000000000]",
            true,
        ),
        (
            "[2500, 5000],",
            "[2500, 5000], [1000000000000, 2000000000000], \
             [9000000000000000000, 18000000000000000000],",
            true,
        ),
        ("minutes = 12 ", "minutes = 4294967295 ", true),
        ("minutes = 12 ", "minutes = 1 ", true),
        ("seconds = 30 ", "seconds = 4294967295 ", true),
        (
            "countdown_seconds = 10",
            "countdown_seconds = 4294967295",
            true,
        ),
        ("penalty_minutes = 15", "penalty_minutes = 4294967295", true),
        (
            "warnings_before_penalty = 2 ",
            "warnings_before_penalty = 4294967295 ",
            true,
        ),
        (
            "warnings_before_penalty = 2 ",
            "warnings_before_penalty = 0 ",
            true,
        ),
        (
            "absent_start_minutes = 10 ",
            "absent_start_minutes = 4294967295 ",
            true,
        ),
        ("min_age = 18 ", "min_age = 4294967295 ", false),
        ("after_level = 5", "after_level = 4294967295", false),
        ("after_level = 5", "after_level = 14", true),
    ];
    let (text, _) = builtin("top18").expect("top18");
    for &(from, to, plays) in edits {
        assert!(text.contains(from), "{from}");
        let p = Profile::from_toml(&text.replacen(from, to, 1)).expect("reads");
        let problems = p.check();
        assert_eq!(problems.is_empty(), plays, "{to}: {problems:?}");
        if plays {
            for style in [Style::Loose, Style::Patient] {
                run_profile(p.clone(), 20, 3, style);
            }
        }
    }
}

/// Every number of every built-in profile, one at a time, set to 0, 1 and the ends of 32 and
/// 64 bits: the profile does not read, or `check` names a problem, or the tournament plays out
/// with every invariant holding. None may panic or fail to finish.
#[test]
fn every_setting_at_the_ends_of_its_type_is_refused_or_played_out() {
    let values = [
        "0",
        "1",
        "4294967295",
        "9223372036854775807",
        "18446744073709551615",
    ];
    let mut played = 0;
    for name in builtin_names() {
        let (text, _) = builtin(name).expect("built in");
        for (ln, line) in text.lines().enumerate() {
            // The whole numbers of the line's TOML, comments and strings left out.
            let code = line.split('#').next().unwrap_or("");
            let b = code.as_bytes();
            let mut numbers = Vec::new();
            let mut i = 0;
            while i < b.len() {
                let starts = b[i].is_ascii_digit()
                    && (i == 0
                        || !(b[i - 1].is_ascii_alphanumeric() || b"_.\"".contains(&b[i - 1])));
                if !starts {
                    i += 1;
                    continue;
                }
                let s = i;
                while i < b.len() && b[i].is_ascii_digit() {
                    i += 1;
                }
                if !(i < b.len() && (b[i].is_ascii_alphabetic() || b".\"".contains(&b[i]))) {
                    numbers.push((s, i));
                }
            }
            for (s, e) in numbers {
                for v in values {
                    let edited: String = text
                        .lines()
                        .enumerate()
                        .map(|(k, l)| {
                            if k == ln {
                                format!("{}{v}{}\n", &l[..s], &l[e..])
                            } else {
                                format!("{l}\n")
                            }
                        })
                        .collect();
                    let Ok(p) = Profile::from_toml(&edited) else {
                        continue;
                    };
                    if p.check().is_empty() {
                        run_profile(p, 14, 5, Style::Loose);
                        played += 1;
                    }
                }
            }
        }
    }
    assert!(played > 100, "{played} edited profiles played");
}

/// NOB-7 and NOB-9 in the fields a home game meets (issue 37): 9, 10 (the seed's example), 11,
/// 13, 16 and 17 players, read from the events alone: the final table forms only once every
/// table has lost two players since the tables were drawn (or one cannot deal), no table is
/// balanced before it, and the final table's first orbit plays at NOB-8's level.
#[test]
fn nob_7_the_final_table_waits_for_two_out_at_each_table() {
    let mut breaks = 0;
    for players in [9, 10, 11, 13, 16, 17] {
        for seed in 20..26 {
            let t = run("nob", players, seed);
            breaks += check_moves("nob", &t.profile, t.revision, &t.events)[1];
        }
    }
    assert!(breaks >= 36, "only {breaks} NOB-7 breaks were checked");
}

/// A flight of the event "main" (issue 39): the re-entry event's money and its progressive
/// bounty, no payout of its own.
fn flight_profile(day: &str) -> Profile {
    let mut p = reentry_profile();
    p.name = format!("plo27-flight-{day}");
    p.payout.shares.clear();
    p.payout.by_entries.clear();
    p.payout.guarantee = None;
    p.flight = Some(floorbook_tournament::Flight {
        event: "main".into(),
        day: day.into(),
    });
    assert_eq!(p.check(), Vec::new());
    p
}

/// A simulated flight, ended by its director once entries closed and at most `bag` players
/// are left.
fn run_flight(day: &str, players: u32, seed: u64, bag: u32) -> Transcript {
    let p = flight_profile(day);
    let mut end = |t: &mut Transcript| {
        // Chips waiting in a pot for a table's next hand keep the flight going.
        if !t.finished
            && t.entries_closed
            && t.remaining() <= bag
            && t.tables.iter().all(|ts| ts.carried == 0)
        {
            let at = t.clock;
            t.decide(&Command::EndFlight, at).expect("the flight ends");
        }
    };
    let sim = floorbook_sim::simulate_draining(
        &p,
        floorbook_tournament::RULES_REVISION,
        players,
        seed,
        Style::Loose,
        &mut end,
    )
    .unwrap_or_else(|e| panic!("flight {day}, seed {seed}: {e}"));
    sim.tournament
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(6))]
    /// Two simulated flights with a progressive bounty (the same names play both: "Player 1"
    /// … are the same persons) feed a Day 2, simulated to its end: its chips are each person's
    /// best bagged stack and stay in play to the winner; its pool is every flight's entries
    /// less the fees and the bounty money, all of it paid; every cent of bounty money is won
    /// once, in a flight or on Day 2; every person is placed once, those out in the flights
    /// under Day 2's players.
    #[test]
    fn two_simulated_flights_feed_one_day_2_played_to_its_end(
        a in 10u32..24,
        b in 10u32..24,
        seed in any::<u64>(),
    ) {
        let flights = [run_flight("1A", a, seed, 6), run_flight("1B", b, seed ^ 1, 6)];
        let mut day2 = reentry_profile();
        day2.entries = Default::default();
        day2.day2 = Some(floorbook_tournament::Day2 {
            event: "main".into(),
            carry: floorbook_tournament::Carry::Best,
        });
        prop_assert_eq!(day2.check(), Vec::new());
        let mut t = Transcript::new(Tournament::new(day2));
        let mut best: std::collections::BTreeMap<String, u64> = Default::default();
        let (mut paid, mut fees, mut entries, mut bounty, mut won_in_flights) = (0, 0, 0, 0, 0);
        for (k, f) in flights.iter().enumerate() {
            prop_assert!(f.finished);
            let result = f.flight_result(&format!("main-{k}"), "00").expect("ended");
            for s in &result.survivors {
                let held = best.entry(s.name.clone()).or_default();
                *held = (*held).max(s.stack);
            }
            paid += result.paid_cents;
            fees += result.fees_cents;
            entries += result.entries;
            let heads = result.bounty.clone().expect("the flight's bounty");
            prop_assert_eq!(heads.money_cents, f.bounty_money());
            prop_assert_eq!(
                heads.won_cents
                    + heads.unclaimed_cents
                    + result.survivors.iter().map(|s| s.head_cents).sum::<u64>(),
                heads.money_cents,
                "a flight's bounty money is won, on a head bagged, or no one's"
            );
            bounty += heads.money_cents;
            won_in_flights += heads.won_cents;
            prop_assert_eq!(
                result.survivors.iter().map(|s| s.stack).sum::<u64>(),
                f.chips_in_play(),
                "a flight's players bag every chip in play"
            );
            t.decide(&Command::ImportFlight { flight: Box::new(result) }, 0)
                .expect("imported");
        }
        let clock = t.clock_view(0);
        prop_assert_eq!(clock.entrants, entries);
        let pool = paid - fees - bounty + clock.overlay_cents;
        prop_assert_eq!(clock.prize_pool_cents, Some(pool));
        prop_assert_eq!(clock.prizes_cents.iter().sum::<u64>(), pool);
        prop_assert_eq!(clock.bounties_cents, bounty);
        let n = t.players.len() as u32;
        let total: u64 = best.values().sum();
        let names: std::collections::BTreeSet<String> = flights
            .iter()
            .flat_map(|f| f.players.values().map(|p| p.name.clone()))
            .collect();
        let sim = floorbook_sim::simulate_from(t, seed ^ 2, Style::Loose, &mut |t| {
            check_after_hand(t, total)
        })
        .unwrap_or_else(|e| panic!("Day 2, seed {seed}: {e}"));
        let t = sim.tournament;
        prop_assert!(t.finished, "Day 2 played to one winner");
        let winner = t
            .players
            .values()
            .find(|p| p.status == Status::Busted { place: 1 })
            .expect("a winner");
        prop_assert_eq!(
            winner.stack as i64,
            total as i64 + t.race_delta - t.removed_chips as i64,
            "Day 2 starts with the chips bagged and its winner holds them"
        );
        let won: u64 = t.players.values().map(|p| p.bounties_won).sum();
        prop_assert_eq!(won + won_in_flights, bounty, "every cent of bounty money won once");
        // A league reads the event from Day 2: every person once, with what he won in bounties
        // in the flights and on Day 2.
        let (field, results) = floorbook_league::tournament_results(&t.events).expect("results");
        prop_assert_eq!(field, entries);
        prop_assert_eq!(results.len(), names.len());
        let counted: u64 = results.iter().map(|r| (r.bounties * 100.0).round() as u64).sum();
        prop_assert_eq!(counted, bounty, "the league counts every bounty won");
        let flights: Vec<u32> = t.flight_places().iter().map(|p| p.place).collect();
        let places = places_awarded(&t, &flights);
        prop_assert_eq!(places.len(), names.len(), "every person placed once");
        prop_assert_eq!(places, (1..=names.len() as u32).collect::<Vec<_>>());
        prop_assert!(n as usize <= names.len());
    }
}
