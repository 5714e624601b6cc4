//! `Chips` and `Pos`.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Sub, SubAssign};

use serde::{Deserialize, Serialize};

/// An amount of chips.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Chips(pub u64);

impl Chips {
    pub const ZERO: Chips = Chips(0);

    /// `self - other`, or zero.
    pub fn saturating_sub(self, other: Chips) -> Chips {
        Chips(self.0.saturating_sub(other.0))
    }

    /// `self + other`, or the most 64 bits count: for a limit that is then cut to a stack.
    pub fn saturating_add(self, other: Chips) -> Chips {
        Chips(self.0.saturating_add(other.0))
    }

    pub fn is_zero(self) -> bool {
        self.0 == 0
    }
}

impl fmt::Display for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl Add for Chips {
    type Output = Chips;
    fn add(self, o: Chips) -> Chips {
        Chips(self.0 + o.0)
    }
}

impl Sub for Chips {
    type Output = Chips;
    /// Callers only subtract what they know is there; see `debug_assert` at each use.
    fn sub(self, o: Chips) -> Chips {
        debug_assert!(self.0 >= o.0, "{self} - {o}");
        Chips(self.0.saturating_sub(o.0))
    }
}

impl AddAssign for Chips {
    fn add_assign(&mut self, o: Chips) {
        self.0 += o.0;
    }
}

impl SubAssign for Chips {
    fn sub_assign(&mut self, o: Chips) {
        *self = *self - o;
    }
}

impl Sum for Chips {
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        Chips(iter.map(|c| c.0).sum())
    }
}

/// A player's position in a hand: 0 is the first seat left of the button, the button is last.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Pos(pub usize);

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "position {}", self.0)
    }
}
