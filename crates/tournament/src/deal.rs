//! Deals at the final table: what each remaining player would take under a method, in cents
//! that add up to the prizes still to be paid. The TDA rules say nothing about deals; a deal
//! is the house's policy and the players' consent (issue 39), and these are its figures.
//!
//! - **ICM** (Malmuth–Harville): a player finishes first with the share of the chips he
//!   holds; among the rest, the next place goes the same way. His figure is what he wins on
//!   average over every order of finish. Computed exactly over the sets of players already
//!   placed: `n · 2^n` steps (ten players: about ten thousand; [`MAX_PLAYERS`]: about twenty
//!   million).
//! - **Chip chop**: the prizes still to be paid, shared by chips.
//! - **Save chop**: everyone first takes the lowest prize still to be paid (the next place
//!   out), and the rest is shared by chips.
//!
//! Figures are rounded to the cent by the largest remainder (ties to the larger stack, then
//! the earlier player), so they add up to the prizes exactly.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most players a deal is computed for: ICM takes `n · 2^n` steps.
pub const MAX_PLAYERS: usize = 20;

/// How a deal shares the prizes still to be paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DealMethod {
    Icm,
    ChipChop,
    SaveChop,
}

/// A deal that cannot be computed.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum DealError {
    #[error("a deal needs 2 to {MAX_PLAYERS} players left; got {got}")]
    Players { got: usize },
    #[error("every player left holds chips; player {player} (in the order given) holds none")]
    NoChips { player: usize },
    #[error(
        "{prizes} prizes for {players} players: a deal shares the prizes of the places still to be paid, at most one a player"
    )]
    Prizes { prizes: usize, players: usize },
    #[error("the prizes are paid best place first: place {place} pays more than place {better}")]
    Order { place: usize, better: usize },
    #[error("the chips or prizes are too many to add up (at most 2^63 each in total)")]
    TooLarge,
}

/// Each player's figure under `method`, in cents, in the order given. `prizes` are the
/// prizes of the places still to be paid, best first, in cents (places past them pay
/// nothing).
pub fn figures(method: DealMethod, stacks: &[u64], prizes: &[u64]) -> Result<Vec<u64>, DealError> {
    check(stacks, prizes)?;
    let exact = match method {
        DealMethod::Icm => icm(stacks, prizes),
        DealMethod::ChipChop => by_chips(stacks, total(prizes)? as f64),
        DealMethod::SaveChop => {
            let n = stacks.len();
            // The next place out: the last player's prize (none when fewer places pay).
            let floor = if prizes.len() == n { prizes[n - 1] } else { 0 };
            let rest = total(prizes)? - floor * n as u64;
            by_chips(stacks, rest as f64)
                .into_iter()
                .map(|x| x + floor as f64)
                .collect()
        }
    };
    Ok(round(&exact, stacks, total(prizes)?))
}

fn check(stacks: &[u64], prizes: &[u64]) -> Result<(), DealError> {
    if !(2..=MAX_PLAYERS).contains(&stacks.len()) {
        return Err(DealError::Players { got: stacks.len() });
    }
    if let Some(i) = stacks.iter().position(|&s| s == 0) {
        return Err(DealError::NoChips { player: i + 1 });
    }
    if prizes.len() > stacks.len() {
        return Err(DealError::Prizes {
            prizes: prizes.len(),
            players: stacks.len(),
        });
    }
    if let Some(i) = (1..prizes.len()).find(|&i| prizes[i] > prizes[i - 1]) {
        return Err(DealError::Order {
            place: i + 1,
            better: i,
        });
    }
    stacks
        .iter()
        .try_fold(0u64, |a, &s| a.checked_add(s))
        .filter(|t| *t < 1 << 63)
        .ok_or(DealError::TooLarge)?;
    total(prizes)?;
    Ok(())
}

fn total(prizes: &[u64]) -> Result<u64, DealError> {
    prizes
        .iter()
        .try_fold(0u64, |a, &p| a.checked_add(p))
        .filter(|t| *t < 1 << 63)
        .ok_or(DealError::TooLarge)
}

fn by_chips(stacks: &[u64], pool: f64) -> Vec<f64> {
    let chips: f64 = stacks.iter().map(|&s| s as f64).sum();
    stacks.iter().map(|&s| pool * s as f64 / chips).collect()
}

/// Malmuth–Harville equity of each player, in cents (unrounded).
pub fn icm(stacks: &[u64], prizes: &[u64]) -> Vec<f64> {
    let n = stacks.len();
    let chips: f64 = stacks.iter().map(|&s| s as f64).sum();
    let mut equity = vec![0.0; n];
    // placed[mask]: the chance that the players in `mask` took the first |mask| places.
    let mut placed = vec![0.0f64; 1 << n];
    placed[0] = 1.0;
    // Chips of the players in each set, built from the set less its lowest player.
    let mut held = vec![0.0f64; 1 << n];
    for mask in 1usize..(1 << n) {
        let low = mask.trailing_zeros() as usize;
        held[mask] = held[mask & (mask - 1)] + stacks[low] as f64;
    }
    for mask in 0usize..(1 << n) {
        let p = placed[mask];
        let place = mask.count_ones() as usize;
        if p == 0.0 || place >= n {
            continue;
        }
        let left = chips - held[mask];
        let prize = prizes.get(place).copied().unwrap_or(0) as f64;
        for (j, &s) in stacks.iter().enumerate() {
            if mask & (1 << j) != 0 {
                continue;
            }
            let q = p * s as f64 / left;
            equity[j] += q * prize;
            placed[mask | 1 << j] += q;
        }
    }
    equity
}

/// `exact` rounded to whole cents adding up to `total`: each rounded down, and the cents left
/// to the largest remainders (ties: the larger stack, then the earlier player).
fn round(exact: &[f64], stacks: &[u64], total: u64) -> Vec<u64> {
    let mut out: Vec<u64> = exact.iter().map(|x| x.max(0.0).floor() as u64).collect();
    let given: u64 = out.iter().sum();
    let mut order: Vec<usize> = (0..exact.len()).collect();
    order.sort_by(|&a, &b| {
        let (ra, rb) = (exact[a] - exact[a].floor(), exact[b] - exact[b].floor());
        rb.total_cmp(&ra)
            .then(stacks[b].cmp(&stacks[a]))
            .then(a.cmp(&b))
    });
    let mut left = total.saturating_sub(given);
    for i in order.iter().cycle().take(exact.len() * 2) {
        if left == 0 {
            break;
        }
        out[*i] += 1;
        left -= 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The hand-worked case (and any ICM calculator's): four players left.
    #[test]
    fn icm_of_four_holds_the_known_figures() {
        let f = figures(
            DealMethod::Icm,
            &[100_000, 70_000, 50_000, 20_000],
            &[20_000, 12_000, 8_000, 5_000],
        )
        .expect("figures");
        assert_eq!(f, vec![14_084, 12_380, 10_896, 7_640]);
    }

    #[test]
    fn a_chip_chop_and_a_save_chop_share_by_chips() {
        let stacks = [100_000, 70_000, 50_000, 20_000];
        let prizes = [20_000, 12_000, 8_000, 5_000];
        // 450.00 by chips out of 240,000.
        let chop = figures(DealMethod::ChipChop, &stacks, &prizes).expect("chop");
        assert_eq!(chop, vec![18_750, 13_125, 9_375, 3_750]);
        // 50.00 each first, then 250.00 by chips.
        let save = figures(DealMethod::SaveChop, &stacks, &prizes).expect("save");
        assert_eq!(save, vec![15_417, 12_292, 10_208, 7_083]);
    }

    #[test]
    fn heads_up_icm_is_by_chips_above_second_place() {
        // Second place is sure; first is won with the share of the chips.
        let f = figures(DealMethod::Icm, &[3, 1], &[10_000, 6_000]).expect("figures");
        assert_eq!(f, vec![9_000, 7_000]);
    }

    #[test]
    fn bad_deals_are_refused_naming_the_range() {
        assert_eq!(
            figures(DealMethod::Icm, &[5], &[100]),
            Err(DealError::Players { got: 1 })
        );
        assert_eq!(
            figures(DealMethod::Icm, &[5, 0], &[100, 50]),
            Err(DealError::NoChips { player: 2 })
        );
        assert_eq!(
            figures(DealMethod::Icm, &[5, 4], &[100, 50, 25]),
            Err(DealError::Prizes {
                prizes: 3,
                players: 2
            })
        );
        assert_eq!(
            figures(DealMethod::Icm, &[5, 4], &[50, 100]),
            Err(DealError::Order {
                place: 2,
                better: 1
            })
        );
        assert_eq!(
            figures(DealMethod::Icm, &[1; 21], &[100]),
            Err(DealError::Players { got: 21 })
        );
        assert_eq!(
            figures(DealMethod::ChipChop, &[u64::MAX, 1], &[100]),
            Err(DealError::TooLarge)
        );
    }

    proptest! {
        /// Every cent is paid once, the larger stack never gets less, and under ICM nobody
        /// gets less than the last paid place's prize nor more than first's.
        #[test]
        fn figures_pay_every_cent_and_follow_the_chips(
            stacks in prop::collection::vec(1u64..1_000_000, 2..9),
            mut prizes in prop::collection::vec(0u64..1_000_000, 1..9),
        ) {
            prizes.truncate(stacks.len());
            prizes.sort_unstable_by(|a, b| b.cmp(a));
            let total: u64 = prizes.iter().sum();
            for method in [DealMethod::Icm, DealMethod::ChipChop, DealMethod::SaveChop] {
                let f = figures(method, &stacks, &prizes).expect("figures");
                prop_assert_eq!(f.iter().sum::<u64>(), total);
                for i in 0..stacks.len() {
                    for j in 0..stacks.len() {
                        if stacks[i] > stacks[j] {
                            prop_assert!(f[i] + 1 >= f[j], "{:?}: {:?} {:?}", method, stacks, f);
                        }
                    }
                }
                // ICM alone: a chop may pay the chip leader more than first place.
                if method == DealMethod::Icm {
                    let last = if prizes.len() == stacks.len() { prizes[prizes.len() - 1] } else { 0 };
                    for x in &f {
                        prop_assert!(*x + 1 >= last && *x <= prizes[0] + 1, "{:?}: {:?}", method, f);
                    }
                }
            }
        }

        /// ICM over the sets of players placed equals the sum over every order of finish.
        #[test]
        fn icm_equals_every_order_of_finish(
            stacks in prop::collection::vec(1u64..1000, 2..6),
            prizes in prop::collection::vec(0u64..1000, 1..6),
        ) {
            let mut prizes = prizes;
            prizes.truncate(stacks.len());
            prizes.sort_unstable_by(|a, b| b.cmp(a));
            let fast = icm(&stacks, &prizes);
            let mut slow = vec![0.0; stacks.len()];
            let mut order: Vec<usize> = (0..stacks.len()).collect();
            permute(&mut order, 0, &mut |o| {
                let mut p = 1.0;
                let mut left: f64 = stacks.iter().map(|&s| s as f64).sum();
                for (place, &i) in o.iter().enumerate() {
                    p *= stacks[i] as f64 / left;
                    left -= stacks[i] as f64;
                    let _ = place;
                }
                for (place, &i) in o.iter().enumerate() {
                    slow[i] += p * prizes.get(place).copied().unwrap_or(0) as f64;
                }
            });
            for (a, b) in fast.iter().zip(&slow) {
                prop_assert!((a - b).abs() < 1e-6 * (1.0 + b.abs()), "{:?} {:?}", fast, slow);
            }
        }
    }

    fn permute(v: &mut Vec<usize>, k: usize, f: &mut impl FnMut(&[usize])) {
        if k == v.len() {
            f(v);
            return;
        }
        for i in k..v.len() {
            v.swap(k, i);
            permute(v, k + 1, f);
            v.swap(k, i);
        }
    }
}
