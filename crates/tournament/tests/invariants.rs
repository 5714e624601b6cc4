//! Invariants of the tournament's decisions over random inputs.

use floorbook_tournament::SameHand;
use floorbook_tournament::balance::{Table, break_table, tr_17_move};
use floorbook_tournament::places::{Busted, places_for_hand};
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo, draw_seats};
use proptest::prelude::*;

fn permutation(n: usize, seed: u64) -> Vec<u32> {
    // Fisher-Yates driven by a simple generator: the test only needs some permutation.
    let mut v: Vec<u32> = (0..n as u32).collect();
    let mut x = seed | 1;
    for i in (1..n).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        v.swap(i, (x % (i as u64 + 1)) as usize);
    }
    v
}

proptest! {
    #[test]
    fn every_place_is_awarded_once(stacks in proptest::collection::vec(1u64..1000, 1..9), remaining in 1u32..20) {
        let busted: Vec<Busted> = stacks.iter().enumerate()
            .map(|(i, &s)| Busted { player: PlayerId(i as u32), starting_stack: s, all_in_order: (i as u32 * 7) % 11 })
            .collect();
        let (places, _) = places_for_hand(&busted, remaining, SameHand::LargerStartingStack);
        let mut got: Vec<u32> = places.iter().map(|(_, p)| *p).collect();
        got.sort_unstable();
        let expected: Vec<u32> = (remaining + 1..=remaining + busted.len() as u32).collect();
        prop_assert_eq!(got, expected);
        // Larger starting stacks never place worse.
        for w in places.windows(2) {
            let a = busted.iter().find(|b| b.player == w[0].0).map(|b| b.starting_stack);
            let b = busted.iter().find(|b| b.player == w[1].0).map(|b| b.starting_stack);
            prop_assert!(a >= b);
        }
    }

    #[test]
    fn the_seat_draw_is_even_and_never_overfills(players in 2usize..90, seed in any::<u64>()) {
        let tables = players.div_ceil(9) as u32;
        let ids: Vec<PlayerId> = (0..players as u32).map(PlayerId).collect();
        let d = draw_seats(&ids, tables, &permutation(players, seed)).expect("draw");
        let mut per_table = vec![0usize; tables as usize];
        let mut seen = std::collections::HashSet::new();
        for (_, t, s) in &d.seats {
            per_table[(t.0 - 1) as usize] += 1;
            prop_assert!(s.0 >= 1 && s.0 <= 9, "seat {} of a 9-seat table", s.0);
            prop_assert!(seen.insert((*t, *s)), "two players in one seat");
        }
        let (lo, hi) = (per_table.iter().min().copied().unwrap_or(0), per_table.iter().max().copied().unwrap_or(0));
        prop_assert!(hi - lo <= 1, "{:?}", per_table);
    }

    #[test]
    fn tr_17_moves_balance_tables_without_losing_anyone(counts in proptest::collection::vec(2usize..=9, 2..5), buttons in proptest::collection::vec(1u32..=9, 5)) {
        let mut next_id = 1;
        let mut tables: Vec<Table> = counts.iter().enumerate().map(|(k, &c)| {
            let seats = (0..9).map(|i| if i < c { next_id += 1; Some(PlayerId(next_id)) } else { None }).collect();
            Table { no: TableNo(k as u32 + 1), seats, button: SeatNo(buttons[k]) }
        }).collect();
        let total: usize = tables.iter().map(Table::players).sum();
        let mut steps = 0;
        while let Some(m) = tr_17_move(&tables) {
            steps += 1;
            prop_assert!(steps < 100, "balancing stalls");
            let from = tables.iter_mut().find(|t| t.no == m.from).expect("from");
            let at = from.seats.iter().position(|s| *s == Some(m.player)).expect("mover sits there");
            from.seats[at] = None;
            let to = tables.iter_mut().find(|t| t.no == m.to).expect("to");
            prop_assert!(to.seats[(m.seat.0 - 1) as usize].is_none(), "moved into a taken seat");
            to.seats[(m.seat.0 - 1) as usize] = Some(m.player);
        }
        let sizes: Vec<usize> = tables.iter().map(Table::players).collect();
        prop_assert!(sizes.iter().max().copied().unwrap_or(0) - sizes.iter().min().copied().unwrap_or(0) <= 1, "{:?}", sizes);
        prop_assert_eq!(sizes.iter().sum::<usize>(), total);
        prop_assert!(sizes.iter().all(|&s| s <= 9));
    }

    #[test]
    fn a_broken_tables_players_all_get_free_seats(seed in any::<u64>()) {
        let tables = vec![
            Table { no: TableNo(1), seats: vec![Some(PlayerId(1)), None, Some(PlayerId(3)), None], button: SeatNo(1) },
            Table { no: TableNo(2), seats: vec![Some(PlayerId(4)), None, None, Some(PlayerId(6))], button: SeatNo(1) },
            Table { no: TableNo(3), seats: vec![None, Some(PlayerId(8)), None, None], button: SeatNo(2) },
        ];
        let draw = permutation(5, seed);
        let (seats, _) = break_table(&tables, TableNo(1), &draw[..2]).expect("enough free seats");
        prop_assert_eq!(seats.len(), 2);
        let spots: std::collections::HashSet<(TableNo, SeatNo)> = seats.iter().map(|(_, t, s)| (*t, *s)).collect();
        prop_assert_eq!(spots.len(), 2);
        prop_assert!(seats.iter().all(|(_, t, _)| *t != TableNo(1)));
    }
}
