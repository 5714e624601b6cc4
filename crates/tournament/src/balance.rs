//! Balancing and breaking tables: TR-17 (which player moves, to which seat, sitting out in
//! the blinds), PLO-2 and NOB-7 (the final table).

use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::seating::{PlayerId, SeatNo, TableNo};

/// A table: who sits where (seat 1 is index 0) and where the button is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub no: TableNo,
    pub seats: Vec<Option<PlayerId>>,
    /// The button's seat; it may be an empty seat (TR-9, dead button).
    pub button: SeatNo,
}

impl Table {
    pub fn players(&self) -> usize {
        self.seats.iter().filter(|s| s.is_some()).count()
    }

    /// Occupied seats clockwise after `from` (not including it), once round the table.
    pub fn clockwise_occupied(&self, from: SeatNo) -> Vec<SeatNo> {
        let n = self.seats.len() as u32;
        (1..=n)
            .map(|k| SeatNo((from.0 - 1 + k) % n + 1))
            .filter(|s| self.seats[(s.0 - 1) as usize].is_some())
            .collect()
    }

    fn player_at(&self, seat: SeatNo) -> Option<PlayerId> {
        self.seats
            .get((seat.0 as usize).wrapping_sub(1))
            .copied()
            .flatten()
    }
}

/// A player moved from one table to another.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    pub player: PlayerId,
    pub from: TableNo,
    pub to: TableNo,
    pub seat: SeatNo,
    /// Arriving in the small or big blind, the player sits out until the button passes.
    pub sits_out_until_button: bool,
    pub rules: RuleSet,
}

/// TR-17: when two tables differ by two players, the player of the fuller table (the highest
/// table number among equally full ones) who would post the big blind in the hand after next
/// moves to the shorter table (the lowest number among equally short ones), into the next free
/// seat to the right of the dealer; arriving in the small or big blind he sits out until the
/// button passes.
pub fn tr_17_move(tables: &[Table]) -> Option<Move> {
    // Rules revisions 1 to 3: the fourth occupied seat after today's button, and the blinds
    // counted from the button.
    let fourth = |t: &Table| {
        let order = t.clockwise_occupied(t.button);
        order.get(3 % order.len().max(1)).copied()
    };
    let blinds = |t: &Table| {
        let next = t.clockwise_occupied(t.button);
        next.first()
            .map(|&b| t.clockwise_occupied(b).into_iter().take(2).collect())
            .unwrap_or_default()
    };
    tr_17_move_by(tables, &fourth, &blinds)
}

/// TR-17 with the table's own blind sequence: `mover` gives the seat of the fuller table's
/// player who would post the big blind second-next; `blinds` the seats of the next hand's
/// small and big blind at a table (with the newcomer seated).
pub fn tr_17_move_by(
    tables: &[Table],
    mover: &dyn Fn(&Table) -> Option<SeatNo>,
    blinds: &dyn Fn(&Table) -> Vec<SeatNo>,
) -> Option<Move> {
    let most = tables.iter().map(Table::players).max()?;
    let least = tables.iter().map(Table::players).min()?;
    if most < least + 2 {
        return None;
    }
    let from = tables
        .iter()
        .filter(|t| t.players() == most)
        .max_by_key(|t| t.no)?;
    let to = tables
        .iter()
        .filter(|t| t.players() == least)
        .min_by_key(|t| t.no)?;
    let player = from.player_at(mover(from)?)?;
    // The next free seat to the right of the dealer: counter-clockwise from the button.
    let n = to.seats.len() as u32;
    let seat = (1..=n)
        .map(|k| SeatNo((to.button.0 - 1 + n - k % n) % n + 1))
        .find(|s| to.seats[(s.0 - 1) as usize].is_none())?;
    // With the newcomer seated, is his seat the next hand's small or big blind?
    let mut arrived = to.clone();
    arrived.seats[(seat.0 - 1) as usize] = Some(player);
    Some(Move {
        player,
        from: from.no,
        to: to.no,
        seat,
        sits_out_until_button: blinds(&arrived).contains(&seat),
        rules: RuleSet::of(&[Rule::Tr17]),
    })
}

/// TR-17: a table breaks each time as many players have busted as started at one table.
/// `started_per_table` is how many started at a table; `busted` the players out so far;
/// `broken` the tables already broken. True when the next table must break.
pub fn tr_17_break_due(started_per_table: u32, busted: u32, broken: u32) -> bool {
    started_per_table > 0 && busted >= (broken + 1) * started_per_table
}

/// Where each player sits: (player, table, seat).
pub type Seating = Vec<(PlayerId, TableNo, SeatNo)>;

/// The seats of a broken table's players: TR-17 breaks the lowest-numbered table and draws its
/// players into the free seats of the others. The free seats are listed table by table, seat by
/// seat; `draw[i]` is the free seat (index into that list) that the i-th player drew.
pub fn break_table(
    tables: &[Table],
    breaking: TableNo,
    draw: &[u32],
) -> Option<(Seating, RuleSet)> {
    let broken = tables.iter().find(|t| t.no == breaking)?;
    let leaving: Vec<PlayerId> = broken.seats.iter().flatten().copied().collect();
    let free: Vec<(TableNo, SeatNo)> = tables
        .iter()
        .filter(|t| t.no != breaking)
        .flat_map(|t| {
            t.seats
                .iter()
                .enumerate()
                .filter(|(_, s)| s.is_none())
                .map(move |(i, _)| (t.no, SeatNo(i as u32 + 1)))
        })
        .collect();
    if draw.len() != leaving.len() || free.len() < leaving.len() {
        return None;
    }
    let mut used = vec![false; free.len()];
    let mut out = Vec::new();
    for (&p, &d) in leaving.iter().zip(draw) {
        let slot = used.get_mut(d as usize)?;
        if *slot {
            return None;
        }
        *slot = true;
        let (t, s) = free[d as usize];
        out.push((p, t, s));
    }
    Some((out, RuleSet::of(&[Rule::Tr17])))
}

/// The table TR-17 breaks: the lowest-numbered one still playing.
pub fn tr_17_table_to_break(tables: &[Table]) -> Option<TableNo> {
    tables.iter().map(|t| t.no).min()
}

/// PLO-2: how many tables should be playing: from 16 players two, from 8 one.
pub fn plo_2_tables(players: u32, playing: u32) -> (u32, RuleSet) {
    let want = match players {
        0..=8 => 1,
        9..=16 => 2.min(playing),
        _ => playing,
    };
    (want, RuleSet::of(&[Rule::Plo2]))
}

/// PLO-2: tables differing by two or more are balanced (the move itself follows TR-17's
/// procedure, which PLO-2 does not spell out).
pub fn plo_2_move(tables: &[Table]) -> Option<Move> {
    tr_17_move(tables).map(|m| Move {
        rules: RuleSet::of(&[Rule::Plo2, Rule::Tr17]),
        ..m
    })
}

/// NOB-7 (revision 6 on): every table has lost at least two players since the tables were
/// drawn ("sobald jeweils 2 Spieler ausgeschieden sind"); `lost` holds each table's count.
pub fn nob_7_each_table_lost_two(lost: &[u32]) -> bool {
    lost.len() > 1 && lost.iter().all(|n| *n >= 2)
}

/// NOB-7 (revisions 1 to 5): once two players have busted at every table, the rest go to a
/// final table with their chips (read from the seats each table started with).
pub fn nob_7_final_table_due(started: &[u32], now: &[u32]) -> bool {
    started.len() > 1
        && started.len() == now.len()
        && started
            .iter()
            .zip(now)
            .all(|(s, n)| s.saturating_sub(*n) >= 2)
}
