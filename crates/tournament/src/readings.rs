//! What each rules revision reads differently: the one place that knows the revisions.
//!
//! A chain records the revision it was opened under and is decided by it for good (see
//! [`crate::RULES_REVISION`]). Each change to a decision is a reading named here for the rule
//! it reads, with the revision that brought it; [`Readings::of`] says which a revision holds.
//! The engine asks a reading by its name (`self.readings().hidden_chips_forfeited`), never a
//! revision number: a new chain holds every reading, and only an older chain takes the other
//! way at each of them.

/// The readings a rules revision holds: `true` where it reads as this build does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Readings {
    // Revision 2.
    /// TR-4: a level decided by time cites "a hand begins with its first card" beside TR-5.
    pub level_cites_first_card: bool,

    // Revision 3.
    /// Time only moves forward: a command earlier than the latest time a command brought in
    /// is refused (`TimeBackwards`).
    pub time_only_forward: bool,

    // Revision 4.
    /// The hand's live-table readings (`floorbook_hand::HandRules::live`): shows are the dealt
    /// cards and open the hand, an all-in showdown turns every hand up, a short big blind is
    /// called in full, an incomplete all-in pre-flop does not reopen the betting, bets are
    /// payable in the chips still in play, a held out-of-turn bet stays binding.
    pub live_hand: bool,
    /// TR-20: the floor names the hidden chips, which are forfeited.
    pub hidden_chips_forfeited: bool,
    /// TR-28: a sanction records its time and a time penalty runs from it (before, from the
    /// latest time a command had brought in).
    pub sanction_timed: bool,
    /// TR-15: a chip race records its time and brings the clock to it.
    pub race_timed: bool,
    /// TR-15: a table's races are those of the level its next hand would play (before, the
    /// level a hand had last started at), and they come before that hand.
    pub race_before_next_level: bool,
    /// TR-15, TR-16: the chip unit is the smallest chip not yet raced off at the table.
    pub chip_unit_after_races: bool,
    /// NOB-9: orbits are counted by the button's travel once round the table (before, by
    /// hands against the players the table started with).
    pub orbits_by_button: bool,
    /// TR-25: a table that starts heads-up puts the big blind left of the drawn button
    /// (before, the button moved on first).
    pub heads_up_start_at_drawn_button: bool,
    /// TR-17: a table where fewer than two would be dealt in deals in those waiting for the
    /// button.
    pub waiting_dealt_in_when_short: bool,
    /// TR-17: those waiting for the button are dealt in once their seat is no longer the next
    /// hand's small or big blind (before, after one hand).
    pub waiting_until_out_of_blinds: bool,
    /// NOB-10: the card draw for the button seats the table too.
    pub button_draw_seats_table: bool,
    /// TR-17: who moves is decided by the blinds (the player due the big blind next).
    pub tr17_moves_by_blinds: bool,
    /// TR-17: a move is made as soon as the mover's table is between hands, while the other
    /// tables play on (before, only when every table was between hands).
    pub moves_while_others_play: bool,
    /// TR-17: a player removed (a no-show, a disqualification) can unbalance or break the
    /// tables, as a bust does.
    pub removal_balances: bool,
    /// TR-17: only the breaking table must be between hands (before, every table).
    pub break_waits_for_breaking_table_only: bool,
    /// TR-17: each time as many players are out as started at one table, the lowest-numbered
    /// table breaks.
    pub tr17_breaks_by_players_out: bool,

    // Revision 5.
    /// TR-5: the level clock starts with the tournament (the start's time), not with the
    /// chain's opening; the director can pause, resume and adjust it.
    pub level_clock_from_start: bool,
    /// PLO-3, PLO-2: reservations can leave the tables apart; they are balanced before the
    /// first hand.
    pub balanced_before_first_hand: bool,
    /// PLO-2, NOB-7: a break cites its own rule beside TR-17's, and TR-17's reading decides
    /// who moves.
    pub own_break_rules: bool,
    /// TR-17: a move due while the mover's table plays a hand is announced (`MoveDue`) and
    /// made when that hand ends; PLO-2 pauses every table while it is due.
    pub moves_announced: bool,
    /// TR-17: a player moved into the blinds sits out until the button reaches him.
    pub waiting_until_button_reaches: bool,
    /// NOB-11: a NOB tournament's heads-up hand cites its own rule (not TR-25).
    pub nob_heads_up_rule: bool,

    // Revision 6.
    /// NOB-7: the final table forms once every table has lost two players since the tables
    /// were drawn; the tables are not balanced before it.
    pub nob7_final_table_after_two_lost: bool,
    /// TR-6: an absent player who would risk nothing by calling is checked, not folded.
    pub absent_checked_at_no_risk: bool,
    /// TR-2, NOB-10: a table's first hand waits for the button's draw, and the draw is
    /// refused in a hand, after the first hand, or unless every player at the table draws.
    pub button_draw_first: bool,
    /// TDA-RP-5 D: premature stud cards say whether the street's burn was dealt before them.
    pub premature_cards_say_burn: bool,

    // Revision 7.
    /// TR-5: once the tournament is over only a ruling, a prize paid, cards shown after the
    /// last hand and a mystery envelope owed are recorded; the level clock runs from the
    /// start to the end.
    pub closed_when_finished: bool,

    // Revision 8.
    /// Issue 39: Day 2's import of a flight records the flight's money (paid, fees, bounty
    /// money) on the event, not only in the command.
    pub flight_money_imported: bool,
}

impl Readings {
    /// The readings of rules revision `revision` (this build's: every one).
    pub fn of(revision: u32) -> Readings {
        let from = |r: u32| revision >= r;
        Readings {
            level_cites_first_card: from(2),
            time_only_forward: from(3),
            live_hand: from(4),
            hidden_chips_forfeited: from(4),
            sanction_timed: from(4),
            race_timed: from(4),
            race_before_next_level: from(4),
            chip_unit_after_races: from(4),
            orbits_by_button: from(4),
            heads_up_start_at_drawn_button: from(4),
            waiting_dealt_in_when_short: from(4),
            waiting_until_out_of_blinds: from(4),
            button_draw_seats_table: from(4),
            tr17_moves_by_blinds: from(4),
            removal_balances: from(4),
            moves_while_others_play: from(4),
            break_waits_for_breaking_table_only: from(4),
            tr17_breaks_by_players_out: from(4),
            level_clock_from_start: from(5),
            balanced_before_first_hand: from(5),
            own_break_rules: from(5),
            moves_announced: from(5),
            waiting_until_button_reaches: from(5),
            nob_heads_up_rule: from(5),
            nob7_final_table_after_two_lost: from(6),
            absent_checked_at_no_risk: from(6),
            button_draw_first: from(6),
            premature_cards_say_burn: from(6),
            closed_when_finished: from(7),
            flight_money_imported: from(8),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Readings;

    #[test]
    fn this_build_holds_every_reading_and_revision_1_none() {
        let all = Readings::of(crate::RULES_REVISION);
        let none = Readings::of(1);
        // Every field, through its Debug form: true for this build, false for revision 1.
        let now = format!("{all:?}");
        let first = format!("{none:?}");
        assert!(!now.contains("false"), "{now}");
        assert!(!first.contains("true"), "{first}");
        assert_eq!(Readings::of(crate::RULES_REVISION + 1), all);
    }
}
