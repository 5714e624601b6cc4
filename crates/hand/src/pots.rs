//! Main and side pots from what each player put in (TR-10, NOB-15).

use serde::{Deserialize, Serialize};
use smallvec::SmallVec;

use floorbook_rules::{Rule, RuleSet};

use crate::{Chips, OddChip, Pos};

/// A pot and who may win it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pot {
    pub amount: Chips,
    pub eligible: Vec<Pos>,
}

/// Builds the pots, main pot first. `collected[i]` is what player i has put into the pots so
/// far, `pending[i]` that plus any bet still in front of them; `dead[i]` is the part of it that
/// is dead money belonging to the main pot whatever the levels (untrimmed antes); `active[i]`
/// says whether i can still win. Each distinct contribution level makes a pot that everyone who
/// reached the level pays into and every active player who reached it may win; consecutive pots
/// with the same players merge (TR-10, NOB-15).
pub fn build_pots(
    collected: &[Chips],
    pending: &[Chips],
    dead: &[Chips],
    active: &[bool],
    carried: Chips,
) -> Vec<Pot> {
    let n = collected.len();
    // Per-seat working lists, inline for a table's ten (no allocation per call: the pots are
    // asked for at every showdown and muck).
    type PerSeat<T> = SmallVec<[T; 10]>;
    let level_of: PerSeat<u64> = (0..n)
        .map(|i| collected[i].0.saturating_sub(dead[i].0))
        .collect();
    let reach: PerSeat<u64> = (0..n)
        .map(|i| pending[i].0.saturating_sub(dead[i].0))
        .collect();
    let mut levels = level_of.clone();
    levels.sort_unstable();
    levels.dedup();
    let mut amount: u64 = dead.iter().map(|c| c.0).sum::<u64>() + carried.0;
    let mut previous = 0u64;
    let mut pots: Vec<Pot> = Vec::new();
    for level in levels {
        for &l in &level_of {
            if l >= level {
                amount += level - previous;
            }
        }
        let eligible: PerSeat<Pos> = (0..n)
            .filter(|&i| reach[i] >= level && active[i])
            .map(Pos)
            .collect();
        while let Some(last) = pots.last() {
            if last.eligible[..] == eligible[..] {
                amount += last.amount.0;
                pots.pop();
            } else {
                break;
            }
        }
        if amount > 0 {
            pots.push(Pot {
                amount: Chips(amount),
                eligible: eligible.to_vec(),
            });
        }
        amount = 0;
        previous = level;
    }
    pots
}

/// A pot (or half of one) divided among tied winners.
pub(crate) struct Division {
    /// Each winner's share, in the winners' order.
    pub shares: Vec<(Pos, Chips)>,
    /// The odd chips left for the next hand (NOB-3); zero otherwise.
    pub carried: Chips,
    /// The rule that placed the odd chips (TR-16), if any.
    pub rules: RuleSet,
}

/// Divides `amount` among `winners` (in position order from the left of the button, or of the
/// dealer) in multiples of `unit`; what does not divide is the odd chip, placed by `odd`: whole
/// to the first (PokerKit), one unit each from the first (TR-16), or carried (NOB-3).
pub(crate) fn divide(amount: Chips, winners: &[usize], unit: Chips, odd: OddChip) -> Division {
    let count = winners.len().max(1) as u64;
    let unit = unit.0.max(1);
    let share = Chips(amount.0 / (count * unit) * unit);
    let remainder = amount.0 - share.0 * count;
    let mut shares: Vec<(Pos, Chips)> = winners.iter().map(|&i| (Pos(i), share)).collect();
    let mut division = Division {
        shares: Vec::new(),
        carried: Chips::ZERO,
        rules: RuleSet::EMPTY,
    };
    if remainder > 0 && !shares.is_empty() {
        match odd {
            OddChip::WholeRemainderToFirst => shares[0].1 += Chips(remainder),
            OddChip::LeftOfButton => {
                // One odd chip each from the first; a remainder smaller than the chip unit goes
                // to the first as well.
                let mut left = remainder;
                for s in shares.iter_mut() {
                    let give = left.min(unit);
                    s.1 += Chips(give);
                    left -= give;
                }
                shares[0].1 += Chips(left);
                division.rules = RuleSet::of(&[Rule::Tr16]);
            }
            OddChip::CarryToNextHand => division.carried = Chips(remainder),
        }
    }
    division.shares = shares;
    division
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(v: &[u64]) -> Vec<Chips> {
        v.iter().map(|&x| Chips(x)).collect()
    }

    #[test]
    fn tr_10_all_ins_make_side_pots() {
        // A all-in for 50, B and C put in 100 each.
        let pots = build_pots(
            &c(&[50, 100, 100]),
            &c(&[50, 100, 100]),
            &c(&[0, 0, 0]),
            &[true; 3],
            Chips(0),
        );
        assert_eq!(pots.len(), 2);
        assert_eq!(
            pots[0],
            Pot {
                amount: Chips(150),
                eligible: vec![Pos(0), Pos(1), Pos(2)]
            }
        );
        assert_eq!(
            pots[1],
            Pot {
                amount: Chips(100),
                eligible: vec![Pos(1), Pos(2)]
            }
        );
    }

    #[test]
    fn nob_15_folded_money_stays_but_the_folder_cannot_win() {
        let pots = build_pots(
            &c(&[30, 100, 100]),
            &c(&[30, 100, 100]),
            &c(&[0, 0, 0]),
            &[false, true, true],
            Chips(0),
        );
        // The level-30 pot and the level-100 pot have the same eligible players: one pot.
        assert_eq!(
            pots,
            vec![Pot {
                amount: Chips(230),
                eligible: vec![Pos(1), Pos(2)]
            }]
        );
    }

    #[test]
    fn dead_antes_and_carried_chips_go_to_the_main_pot() {
        let pots = build_pots(
            &c(&[10, 25, 25]),
            &c(&[10, 25, 25]),
            &c(&[5, 5, 5]),
            &[true; 3],
            Chips(3),
        );
        let total: u64 = pots.iter().map(|p| p.amount.0).sum();
        assert_eq!(total, 63);
        assert_eq!(pots[0].eligible.len(), 3);
        assert_eq!(pots[0].amount, Chips(15 + 3 + 15));
    }
}
