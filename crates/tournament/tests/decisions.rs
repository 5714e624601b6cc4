//! The tournament's own decisions, one test per rule.

use floorbook_cards::Card;
use floorbook_rules::Rule;
use floorbook_tournament::balance::{
    Table, break_table, nob_7_final_table_due, plo_2_tables, tr_17_break_due, tr_17_move,
    tr_17_table_to_break,
};
use floorbook_tournament::chip_race::{Holding, chip_race};
use floorbook_tournament::conduct::{ClockCall, Offence, Sanction, next_sanction};
use floorbook_tournament::levels::{
    blind_cap, final_table_level, level_by_orbits, level_by_time, on_break,
};
use floorbook_tournament::places::{Busted, places_for_hand};
use floorbook_tournament::seating::{
    PlayerId, SeatNo, TableNo, button_by_high_card, draw_seats, nob_10_seat_order, tables_for,
};
use floorbook_tournament::{Profile, SameHand, builtin};

fn profile(name: &str) -> Profile {
    builtin(name).expect("built in").1.expect("reads")
}

fn card(s: &str) -> Card {
    s.parse().expect("card")
}

fn table(no: u32, seats: &[u32], button: u32) -> Table {
    Table {
        no: TableNo(no),
        seats: seats
            .iter()
            .map(|&p| (p != 0).then_some(PlayerId(p)))
            .collect(),
        button: SeatNo(button),
    }
}

#[test]
fn plo_1_table_count_by_players() {
    let p = profile("plo27");
    assert_eq!(tables_for(&p, 27, false).0, 3);
    assert_eq!(tables_for(&p, 19, false).0, 3);
    assert_eq!(tables_for(&p, 18, false).0, 2);
    assert_eq!(tables_for(&p, 10, false).0, 2);
    assert_eq!(tables_for(&p, 9, false).0, 1);
    assert!(tables_for(&p, 9, false).1.contains(Rule::Plo1));
}

#[test]
fn nob_7_table_count_by_players() {
    let p = profile("nob");
    assert_eq!(tables_for(&p, 7, false).0, 1);
    assert_eq!(tables_for(&p, 8, false).0, 1);
    assert_eq!(tables_for(&p, 8, true).0, 2);
    assert_eq!(tables_for(&p, 9, false).0, 2);
    assert_eq!(tables_for(&p, 17, false).0, 3);
}

#[test]
fn tr_1_the_seat_draw_spreads_players_evenly() {
    let players: Vec<PlayerId> = (1..=11).map(PlayerId).collect();
    let draw: Vec<u32> = vec![10, 3, 7, 0, 1, 2, 4, 5, 6, 8, 9];
    let d = draw_seats(&players, 2, &draw).expect("draw");
    let at = |t: u32| d.seats.iter().filter(|(_, tt, _)| tt.0 == t).count();
    assert_eq!((at(1), at(2)), (6, 5));
    // Player 1 drew seat card 10: table 1, seat 6.
    assert_eq!(d.seats[0], (PlayerId(1), TableNo(1), SeatNo(6)));
    assert!(
        draw_seats(&players, 2, &[0; 11]).is_err(),
        "not a permutation"
    );
}

#[test]
fn tr_2_the_high_card_takes_the_button() {
    let (button, rules) = button_by_high_card(&[
        (SeatNo(1), card("Kd")),
        (SeatNo(2), card("Ks")),
        (SeatNo(3), card("9c")),
    ])
    .expect("draw");
    assert_eq!(button, SeatNo(2), "king of spades beats king of diamonds");
    assert!(rules.contains(Rule::Tr2));
}

#[test]
fn nob_10_seats_fill_in_card_order_left_of_the_dealer() {
    let (order, _) = nob_10_seat_order(&[
        (PlayerId(1), card("7h")),
        (PlayerId(2), card("Ac")),
        (PlayerId(3), card("2d")),
    ])
    .expect("draw");
    assert_eq!(
        order,
        vec![PlayerId(3), PlayerId(1), PlayerId(2)],
        "2 left of the dealer, the ace deals"
    );
}

#[test]
fn tr_17_the_player_two_big_blinds_away_moves_right_of_the_dealer() {
    // Table 1: 6 players, button on seat 1. Table 2: 4 players, button on seat 5.
    let t1 = table(1, &[11, 12, 13, 14, 15, 16, 0, 0, 0], 1);
    let t2 = table(2, &[21, 0, 23, 0, 25, 26, 0, 0, 0], 5);
    let m = tr_17_move(&[t1, t2]).expect("tables differ by two");
    // Next hand the button goes to seat 2 (SB 3, BB 4); the hand after, the BB is seat 5.
    assert_eq!(m.player, PlayerId(15));
    assert_eq!((m.from, m.to), (TableNo(1), TableNo(2)));
    // The next free seat to the right of table 2's dealer (seat 5): seat 4.
    assert_eq!(m.seat, SeatNo(4));
    assert!(!m.sits_out_until_button);
    assert!(m.rules.contains(Rule::Tr17));
}

#[test]
fn tr_17_arriving_in_the_blinds_sits_out_until_the_button_passes() {
    // Table 2 has two players; the free seat right of the button becomes a blind next hand.
    let t1 = table(1, &[11, 12, 13, 14, 0, 0], 1);
    let t2 = table(2, &[21, 0, 23, 0, 0, 0], 1);
    let m = tr_17_move(&[t1, t2]).expect("move");
    assert_eq!(m.seat, SeatNo(6));
    assert!(m.sits_out_until_button, "{m:?}");
}

#[test]
fn tr_17_no_move_while_tables_differ_by_one() {
    let t1 = table(1, &[11, 12, 13, 0], 1);
    let t2 = table(2, &[21, 22, 0, 0], 1);
    assert_eq!(tr_17_move(&[t1, t2]), None);
}

#[test]
fn tr_17_the_fuller_table_with_the_highest_number_gives_the_player() {
    let t1 = table(1, &[11, 12, 13, 14, 0], 1);
    let t2 = table(2, &[21, 22, 0, 0, 0], 1);
    let t3 = table(3, &[31, 32, 33, 34, 0], 1);
    assert_eq!(tr_17_move(&[t1, t2, t3]).expect("move").from, TableNo(3));
}

#[test]
fn tr_17_a_table_breaks_each_time_a_tables_worth_of_players_is_out() {
    assert!(!tr_17_break_due(9, 8, 0));
    assert!(tr_17_break_due(9, 9, 0));
    assert!(!tr_17_break_due(9, 17, 1));
    assert!(tr_17_break_due(9, 18, 1));
    let tables = [
        table(1, &[11, 0, 13], 1),
        table(2, &[21, 0, 0], 1),
        table(3, &[31, 0, 0], 1),
    ];
    assert_eq!(tr_17_table_to_break(&tables), Some(TableNo(1)));
    // Free seats: (2,2), (2,3), (3,2), (3,3); the two players drew free seats 3 and 0.
    let (seats, _) = break_table(&tables, TableNo(1), &[3, 0]).expect("break");
    assert_eq!(
        seats,
        vec![
            (PlayerId(11), TableNo(3), SeatNo(3)),
            (PlayerId(13), TableNo(2), SeatNo(2))
        ]
    );
}

#[test]
fn plo_2_two_tables_from_16_players_one_from_8() {
    assert_eq!(plo_2_tables(17, 3).0, 3);
    assert_eq!(plo_2_tables(16, 3).0, 2);
    assert_eq!(plo_2_tables(8, 2).0, 1);
}

#[test]
fn nob_7_final_table_once_two_are_out_at_every_table() {
    assert!(!nob_7_final_table_due(&[5, 5], &[3, 4]));
    assert!(nob_7_final_table_due(&[5, 5], &[3, 3]));
}

#[test]
fn plo_11_simultaneous_eliminations_rank_by_starting_stack() {
    let busted = [
        Busted {
            player: PlayerId(1),
            starting_stack: 300,
            all_in_order: 1,
        },
        Busted {
            player: PlayerId(2),
            starting_stack: 800,
            all_in_order: 2,
        },
        Busted {
            player: PlayerId(3),
            starting_stack: 300,
            all_in_order: 3,
        },
    ];
    let (places, rules) = places_for_hand(&busted, 4, SameHand::LargerStartingStack);
    // The larger stack places higher; of the equal stacks, the later all-in (player 3).
    assert_eq!(
        places,
        vec![(PlayerId(2), 5), (PlayerId(3), 6), (PlayerId(1), 7)]
    );
    assert!(rules.contains(Rule::Plo11));
    let (shared, _) = places_for_hand(&busted, 4, SameHand::Shared);
    assert!(shared.iter().all(|(_, p)| *p == 5));
}

#[test]
fn tr_15_chip_race_exchanges_and_races_the_odd_chips() {
    // Seat order from the left of the button: A holds 13 tens (one 100 up, 3 odd), B 4, C 0.
    let holdings = [
        Holding {
            player: PlayerId(1),
            chips: 13,
        },
        Holding {
            player: PlayerId(2),
            chips: 4,
        },
        Holding {
            player: PlayerId(3),
            chips: 0,
        },
    ];
    // 7 odd tens in all: up to ten race for one 100 chip (TR-15.3).
    let cards: Vec<Card> = ["2c", "9d", "4h", "Ks", "3d", "Qh", "5c"]
        .iter()
        .map(|c| card(c))
        .collect();
    let r = chip_race(10, &holdings, &cards).expect("race");
    assert_eq!(r.prizes, vec![100]);
    // Cards: A gets 2c 9d 4h, B gets Ks 3d Qh 5c: the king of spades wins.
    assert_eq!(r.winners, vec![(100, PlayerId(2), card("Ks"))]);
    assert_eq!(r.delta.get(&PlayerId(1)), Some(&-30));
    assert_eq!(r.delta.get(&PlayerId(2)), Some(&60));
    assert!(r.rules.contains(Rule::Tr15));
    assert!(
        chip_race(10, &holdings, &cards[..6]).is_err(),
        "one card per odd chip"
    );
}

#[test]
fn tr_15_3_eleven_to_fifteen_hundreds_race_for_a_thousand_and_a_five_hundred() {
    let holdings = [
        Holding {
            player: PlayerId(1),
            chips: 7,
        },
        Holding {
            player: PlayerId(2),
            chips: 5,
        },
    ];
    let cards: Vec<Card> = [
        "2c", "3c", "4c", "5c", "6c", "7c", "Ac", "8c", "9c", "Tc", "Jc", "Kc",
    ]
    .iter()
    .map(|c| card(c))
    .collect();
    let r = chip_race(100, &holdings, &cards).expect("race");
    assert_eq!(r.prizes, vec![1000, 500]);
    // Player 1's ace wins the 1,000; a player wins at most one prize, so the 500 goes to
    // player 2's best card.
    assert_eq!(
        r.winners,
        vec![
            (1000, PlayerId(1), card("Ac")),
            (500, PlayerId(2), card("Kc"))
        ]
    );
}

#[test]
fn nob_9_the_level_rises_after_2_3_or_4_orbits() {
    let p = profile("nob");
    assert_eq!(
        level_by_orbits(&p, 8, 4, 99).level,
        2,
        "8+ starters: every 2 orbits"
    );
    assert_eq!(
        level_by_orbits(&p, 6, 4, 99).level,
        1,
        "5-7 starters: every 3 orbits"
    );
    assert_eq!(level_by_orbits(&p, 6, 6, 99).level, 2);
    assert_eq!(
        level_by_orbits(&p, 4, 7, 99).level,
        1,
        "under 5: every 4 orbits"
    );
    assert_eq!(level_by_orbits(&p, 8, 40, 3).level, 3, "never past the cap");
}

#[test]
fn nob_6_the_blinds_stop_below_a_tenth_of_the_chips() {
    let p = profile("nob");
    let cap = blind_cap(&p.levels.schedule, 500);
    assert_eq!(p.levels.schedule[cap.level].big, 40, "500 chips: 20/40");
    assert!(cap.rules.contains(Rule::Nob6));
}

#[test]
fn nob_8_the_final_table_restarts_near_one_percent() {
    let p = profile("nob");
    let l = final_table_level(&p.levels.schedule, 1000);
    assert_eq!(
        (
            p.levels.schedule[l.level].small,
            p.levels.schedule[l.level].big
        ),
        (5, 10)
    );
}

#[test]
fn plo_5_a_hand_plays_at_the_level_in_force_when_the_button_moved() {
    let p = profile("plo27");
    // 15-minute levels: a button moved at 14:59 plays level 1 even if the hand runs past 15:00.
    assert_eq!(level_by_time(&p, 14 * 60 + 59).level, 0);
    assert_eq!(level_by_time(&p, 15 * 60).level, 1);
    assert!(level_by_time(&p, 0).rules.contains(Rule::Plo5));
}

/// TR-28's escalation whatever the offence: etiquette (TR-27), advice or two people to one hand
/// (TR-12); each sanction cites its offence's rule and TR-28.
#[test]
fn tr_28_two_warnings_then_a_time_penalty_then_disqualification() {
    let p = profile("top18");
    for (offence, cause) in [
        (Offence::Etiquette, Rule::Tr27),
        (Offence::Advice, Rule::Tr12),
    ] {
        let mut history = Vec::new();
        for expected in [
            Sanction::Warning { nth: 1 },
            Sanction::Warning { nth: 2 },
            Sanction::TimePenalty { minutes: 15 },
            Sanction::Disqualification,
        ] {
            let (s, rules) = next_sanction(&p, &history, offence);
            assert_eq!(s, expected);
            let mut want = vec![cause, Rule::Tr28];
            want.sort();
            assert_eq!(rules.iter().collect::<Vec<_>>(), want, "{offence:?}");
            history.push(s);
        }
    }
}

#[test]
fn tr_7_and_tr_24_disqualify_at_once() {
    let p = profile("top18");
    assert_eq!(
        next_sanction(&p, &[], Offence::Cheating).0,
        Sanction::Disqualification
    );
    let (s, rules) = next_sanction(&p, &[], Offence::ChipDumping);
    assert_eq!(s, Sanction::Disqualification);
    assert!(rules.contains(Rule::Tr24));
}

#[test]
fn tr_19_the_clock_runs_its_seconds_then_ten_then_the_hand_is_dead() {
    let turbo = ClockCall::new(&profile("top18"), 1000);
    assert_eq!((turbo.countdown_at, turbo.expires_at), (1030, 1040));
    assert!(!turbo.hand_dead_at(1039));
    assert!(turbo.hand_dead_at(1040));
    let deep = ClockCall::new(&profile("deepstack"), 0);
    assert_eq!(deep.expires_at, 70);
}

#[test]
fn tr_5_a_break_stops_the_level_clock() {
    // A house setting: a 15-minute break after level 4 of 12-minute levels.
    let mut p = profile("top18");
    p.levels.breaks = vec![[4, 15]];
    assert!(p.check().is_empty(), "{:?}", p.check());
    let level_end = 4 * 12 * 60;
    assert_eq!(level_by_time(&p, level_end - 1).level, 3);
    assert_eq!(on_break(&p, level_end - 1), None);
    // On the break: hands wait; the level after it is level 5.
    assert_eq!(on_break(&p, level_end), Some((4, level_end + 15 * 60)));
    assert_eq!(level_by_time(&p, level_end).level, 4);
    // After it, level 5 runs its full 12 minutes.
    let after = level_end + 15 * 60;
    assert_eq!(on_break(&p, after), None);
    assert_eq!(level_by_time(&p, after + 12 * 60 - 1).level, 4);
    assert_eq!(level_by_time(&p, after + 12 * 60).level, 5);
    // Badly set breaks are named.
    p.levels.breaks = vec![[0, 15], [4, 0], [99, 10]];
    let problems = p.check();
    assert_eq!(
        problems
            .iter()
            .filter(|x| x.field.starts_with("levels.breaks"))
            .count(),
        3,
        "{problems:?}"
    );
}

/// A payout divides the prize pool by its percents, rounded down to the cent, the cents left
/// over to first place; buy-ins are read in cents; shares that do not add up to 100 are named.
#[test]
fn a_payout_divides_the_pool_and_first_place_gets_the_odd_cents() {
    use floorbook_tournament::{Payout, buy_in_cents};
    let p = Payout {
        shares: vec![50, 30, 20],
        ..Payout::default()
    };
    // 7 × 15.00 = 105.00: 52.50, 31.50, 21.00.
    assert_eq!(p.prizes(10_500, 7), vec![5_250, 3_150, 2_100]);
    // 1.01: 0.50, 0.30, 0.20 and one cent left over for first.
    assert_eq!(p.prizes(101, 7), vec![51, 30, 20]);
    assert_eq!(buy_in_cents("15.00"), Some(1_500));
    assert_eq!(buy_in_cents("7.5"), Some(750));
    assert_eq!(buy_in_cents("2"), Some(200));
    for bad in ["", "x", "1.234", "-1.00", ".50"] {
        assert_eq!(buy_in_cents(bad), None, "{bad:?}");
    }
    let mut profile = floorbook_tournament::builtin("nob")
        .expect("nob")
        .1
        .expect("reads");
    assert_eq!(profile.payout.shares, vec![100], "NOB-16: winner takes all");
    profile.payout.shares = vec![60, 30];
    assert!(
        profile
            .check()
            .iter()
            .any(|problem| problem.field == "payout.shares"),
        "shares adding up to 90"
    );
}

/// Issue 39: a payout that scales with the field, rounded to the house's unit. Worked by hand:
/// the tables pay 1 place from 2 entries, 2 from 6, 3 from 10; prizes are rounded down to whole
/// euros (100 cents) and what that leaves goes to first place, or a euro at a time to the
/// places that lost the most to the rounding.
#[test]
fn a_payout_follows_the_field_and_rounds_to_the_houses_unit() {
    use floorbook_tournament::{Payout, PayoutTable, Remainder};
    let table = |entries: u32, shares: &[u32]| PayoutTable {
        entries,
        shares: shares.to_vec(),
    };
    let mut p = Payout {
        shares: vec![100],
        by_entries: vec![table(6, &[65, 35]), table(10, &[50, 30, 20])],
        unit: 100,
        remainder: Remainder::First,
        ..Payout::default()
    };
    assert_eq!(p.shares_for(2), [100]);
    assert_eq!(p.shares_for(5), [100]);
    assert_eq!(p.shares_for(6), [65, 35]);
    assert_eq!(p.shares_for(9), [65, 35]);
    assert_eq!(p.shares_for(10), [50, 30, 20]);
    assert_eq!(p.shares_for(400), [50, 30, 20]);
    // 7 × 7.50 = 52.50 for 7 entries: 65 % is 34.125 → 34.00, 35 % is 18.375 → 18.00; the 0.50
    // left goes to first: 34.50 and 18.00.
    assert_eq!(p.prizes(5_250, 7), vec![3_450, 1_800]);
    // 11 × 12.00 = 132.00: 66.00, 39.60 → 39.00, 26.40 → 26.00; 1.00 left, to first: 67.00.
    assert_eq!(p.prizes(13_200, 11), vec![6_700, 3_900, 2_600]);
    // By largest remainder the euro goes to second place (it lost 0.60, third 0.40).
    p.remainder = Remainder::LargestRemainder;
    assert_eq!(p.prizes(13_200, 11), vec![6_600, 4_000, 2_600]);
    // 13 × 7.50 = 97.50: 48.75 → 48, 29.25 → 29, 19.50 → 19; 1.50 left: a euro to the largest
    // loss (first, 0.75), the 0.50 below a euro to first too: 49.50, 29.00, 19.00.
    assert_eq!(p.prizes(9_750, 13), vec![4_950, 2_900, 1_900]);
    for pool in [0, 1, 99, 5_250, 13_200, 9_750, 123_457] {
        for entries in [2, 7, 11] {
            assert_eq!(
                p.prizes(pool, entries).iter().sum::<u64>(),
                pool,
                "the whole pool is paid: {pool} over {entries}"
            );
        }
    }
}

/// A profile's payout tables are checked: ascending field sizes, shares that add up to 100 for
/// no more places than entries, a unit within range; each fault named by its field.
#[test]
fn payout_tables_that_do_not_hold_are_named() {
    let (_, profile) = floorbook_tournament::builtin("top18").expect("top18");
    let mut profile = profile.expect("reads");
    profile.payout.by_entries = vec![
        floorbook_tournament::PayoutTable {
            entries: 6,
            shares: vec![60, 40],
        },
        floorbook_tournament::PayoutTable {
            entries: 6,
            shares: vec![50, 30, 20],
        },
        floorbook_tournament::PayoutTable {
            entries: 2,
            shares: vec![50, 30, 20],
        },
    ];
    profile.payout.unit = 0;
    let fields: Vec<String> = profile.check().into_iter().map(|p| p.field).collect();
    assert_eq!(
        fields,
        [
            "payout.by_entries[1]",
            "payout.by_entries[2]",
            "payout.by_entries[2]",
            "payout.unit"
        ],
        "{fields:?}"
    );
}

/// Issue 39: the buy-in split into the house's fee and the pool, and a guarantee's overlay.
/// Worked by hand: five entries of 22.00 and a free one, a fee of 2.00: 110.00 paid, 10.00 in
/// fees (the free entry gives none), 100.00 in the pool; a guarantee of 150.00 adds 50.00.
#[test]
fn a_buy_in_pays_the_house_its_fee_and_a_guarantee_its_overlay() {
    use floorbook_tournament::{Money, Payout};
    let mut p = Payout {
        fee: Some("2.00".into()),
        ..Payout::default()
    };
    let paid = [2_200, 2_200, 2_200, 2_200, 2_200, 0];
    assert_eq!(
        p.money(paid),
        Some(Money {
            entries: 11_000,
            fees: 1_000,
            bounties: 0,
            overlay: 0,
            pool: 10_000
        })
    );
    p.guarantee = Some("150.00".into());
    assert_eq!(
        p.money(paid),
        Some(Money {
            entries: 11_000,
            fees: 1_000,
            bounties: 0,
            overlay: 5_000,
            pool: 15_000
        })
    );
    // Money is conserved: what was paid and added is the pool and the fees.
    let m = p.money(paid).expect("amounts");
    assert_eq!(m.entries + m.overlay, m.pool + m.fees);
    // A guarantee the field passes adds nothing.
    assert_eq!(p.money([2_200; 100]).map(|m| m.overlay), Some(0));
    // Issue 39: bounties of €5 on the five paying heads leave the pool; the guarantee's
    // overlay makes up what it then lacks.
    let m = m.less_bounties(2_500, &p);
    assert_eq!((m.bounties, m.overlay, m.pool), (2_500, 7_500, 15_000));
    assert_eq!(m.entries + m.overlay, m.pool + m.fees + m.bounties);
    // A fee or guarantee that is no amount is named by the profile's check.
    let (_, profile) = floorbook_tournament::builtin("top18").expect("top18");
    let mut profile = profile.expect("reads");
    profile.payout.fee = Some("2 euros".into());
    profile.payout.guarantee = Some("-1".into());
    let fields: Vec<String> = profile.check().into_iter().map(|p| p.field).collect();
    assert_eq!(fields, ["payout.fee", "payout.guarantee"]);
}

/// Issue 39, the standard payout: about 15 % of the entries paid (rounded up, at least
/// first place), place `k` of `n` by the weight `1/k`. Worked by hand: 20 entries pay 3
/// places, 6/11, 3/11 and 2/11 of the pool: of 1,000.00, 545.45, 272.72 and 181.81, the two
/// cents left to first (545.47). Every field up to 2,893 entries pays its last place at least
/// what one entry put into the pool.
#[test]
fn the_standard_payout_pays_about_fifteen_percent_by_weights_one_over_k() {
    use floorbook_tournament::Payout;
    let p = Payout {
        standard: Some(15),
        ..Payout::default()
    };
    for (entries, places) in [(0, 1), (1, 1), (6, 1), (7, 2), (13, 2), (14, 3), (20, 3)] {
        assert_eq!(p.paid_places(entries), places, "{entries} entries");
    }
    assert_eq!(p.paid_places(100), 15);
    assert_eq!(p.paid_places(101), 16);
    assert_eq!(p.prizes(100_000, 20), vec![54_547, 27_272, 18_181]);
    // Fifteen of 100 entries: first 30.14 %, fifteenth 2.01 %.
    let hundred = p.prizes(100_000, 100);
    assert_eq!(hundred.len(), 15);
    assert_eq!(hundred[0], 30_142);
    assert_eq!(hundred[14], 2_009);
    for entries in 2..=2_893 {
        let pool = u64::from(entries) * 1_000;
        let prizes = p.prizes(pool, entries);
        assert_eq!(
            prizes.iter().sum::<u64>(),
            pool,
            "{entries}: the whole pool"
        );
        assert!(
            prizes.windows(2).all(|w| w[0] >= w[1]),
            "{entries}: better pays more"
        );
        assert!(
            *prizes.last().expect("a place") >= 1_000,
            "{entries}: the last paid place gets at least an entry's part"
        );
    }
    // A profile names it instead of shares; with shares too, or above half the field, the
    // check says so.
    let mut profile = floorbook_tournament::builtin("nob")
        .expect("nob")
        .1
        .expect("reads");
    profile.payout.shares.clear();
    profile.payout.standard = Some(15);
    assert_eq!(profile.check(), Vec::new());
    for (standard, shares) in [(15, vec![100]), (0, vec![]), (51, vec![])] {
        profile.payout.standard = Some(standard);
        profile.payout.shares = shares;
        assert!(
            profile
                .check()
                .iter()
                .any(|problem| problem.field == "payout.standard"),
            "standard {standard}"
        );
    }
}
