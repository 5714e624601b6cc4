//! What each cash rules revision reads differently: the one place that knows the revisions
//! (see [`crate::CASH_RULES_REVISION`]). The room asks a reading by its name, never a number.

/// The readings a cash rules revision holds: `true` where it reads as this build does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    // Revision 2.
    /// GCB-6, a marker for each missed blind: a guest passed over for the big blind is given a
    /// marker for the big blind and one for the small blind whose turn passed with it (unless
    /// he already holds one for a small blind).
    pub small_blind_missed_with_big: bool,
}

impl Readings {
    /// The readings of cash rules revision `revision` (this build's: every one).
    pub fn of(revision: u32) -> Readings {
        Readings {
            small_blind_missed_with_big: revision >= 2,
        }
    }
}
