//! `Strength`: the total order of poker hands.

use serde::{Deserialize, Serialize};

use crate::Category;

/// How strong a hand is: a greater strength wins, equal strengths split (NOB-2, NOB-3).
/// The value is `category << 12 | position within the category`; there are 7,462 distinct
/// strengths of five cards.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct Strength(pub(crate) u16);

impl Strength {
    pub const fn category(self) -> Category {
        Category::from_index(self.0 >> 12)
    }

    /// The raw ordered value.
    pub const fn value(self) -> u16 {
        self.0
    }
}
