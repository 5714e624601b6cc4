//! What a dealer, the floor or the director asks of a tournament: one [`Command`], decided by
//! [`Tournament::decide`](crate::engine::Tournament::decide) at a time the caller brings in.
//! The simulator, the floor service and re-derivation all enter here; nothing else changes a
//! tournament.

use floorbook_cards::Card;
pub use floorbook_hand::HandCommand;
use floorbook_rules::Rule;
use serde::{Deserialize, Serialize};

use crate::conduct::Offence;
use crate::seating::{PlayerId, SeatNo, TableNo};

/// A command to the tournament. Times are not part of it: every command is decided at the
/// time given beside it (seconds into the tournament).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum Command {
    /// TR-0a, TR-0b, PLO-1, PLO-3: a player registers with his age (checked against the
    /// profile's minimum; the log keeps the outcome, never the age) and his buy-in.
    Register {
        player: PlayerId,
        name: String,
        buy_in: String,
        age: u32,
        /// PLO-3: the table he reserved in advance (binding); none for a walk-in, who gets a
        /// seat only if one remains.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<TableNo>,
        /// The member of the club's register he registered as (issue 24); his name and age
        /// were read from the register, whose birth date stays there.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<String>,
        /// A late registration's seat (issue 39): the draw among the free seats at the tables
        /// with the fewest players (0-based, in table and seat order); none before the start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draw: Option<u32>,
    },
    /// Issue 39: a player out while entries are open buys a new entry with `buy_in`, seated
    /// by `draw` as a late registration is.
    Reenter {
        player: PlayerId,
        buy_in: String,
        draw: u32,
    },
    /// Issue 39: a rebuy in the rebuy period (two at once where the profile allows a double).
    Rebuy {
        player: PlayerId,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        double: bool,
    },
    /// TDA rule 8B: a player surrenders between his table's hands; his chips leave play and
    /// he is placed as the next one out.
    Surrender {
        player: PlayerId,
    },
    /// Issue 39: the add-on, once a player, in the level after the rebuy period.
    AddOn {
        player: PlayerId,
    },
    /// Issue 39: a Day 1 flight ends: the players left bag their chips for Day 2.
    EndFlight,
    /// Issue 39: Day 2 imports a flight's result, read from the flight's own chain.
    ImportFlight {
        flight: Box<crate::engine::FlightResult>,
    },
    /// Issue 39: the envelope drawn for the bust of `from` (a mystery bounty): `draw` counts
    /// the envelopes left from 0, in the order they were filled.
    DrawEnvelope {
        from: PlayerId,
        draw: u32,
    },
    /// The seat draw (a permutation of the seat cards) and, where the button was drawn before
    /// the start, each table's button seat.
    Start {
        draw: Vec<u32>,
        button_seats: Option<Vec<SeatNo>>,
        /// The number of tables where the rule leaves the director a choice (NOB-7: eight
        /// players on one table or two of four); none: the rule's own count.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tables: Option<u32>,
    },
    /// TR-2 / NOB-10: the high-card draw for the button at a table.
    PlaceButton {
        table: TableNo,
        draw: Vec<(SeatNo, Card)>,
    },
    /// The next hand at a table; the time decides its level (TR-4, TR-5).
    StartHand {
        table: TableNo,
    },
    /// A dealer's or player's action in the hand at a table (or, for a show after the hand,
    /// in its last hand).
    Hand {
        table: TableNo,
        action: HandCommand,
    },
    Sanction {
        player: PlayerId,
        offence: Offence,
        /// TR-20: the hidden chips the floor found, forfeited (from rules revision 4, named
        /// with every hidden-chips sanction).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chips: Option<u64>,
    },
    /// The dealer takes back the hand's last entry at `table` (an entry error) while nothing
    /// has followed it.
    TakeBack {
        table: TableNo,
    },
    /// TR-26: the floor corrects an earlier entry of the hand in play at `table` (an entry
    /// error found later): entry number `entry` of the hand becomes `now` (none: it was not
    /// made), the later entries are played again on it. Un-folding a recorded fold needs the
    /// player's cards retrieved (GCB-8).
    CorrectEntry {
        table: TableNo,
        entry: u32,
        now: Option<Correction>,
        reason: String,
        cards_retrieved: bool,
    },
    /// TR-26: the director's ruling, with the rule it rests on and the decision it overrides.
    FloorRuling {
        player: Option<PlayerId>,
        ruling: String,
        rule: Rule,
        overrides: Option<u64>,
    },
    SetAbsent {
        player: PlayerId,
        absent: bool,
    },
    /// TR-19: a clock is called on the player to act.
    CallClock {
        table: TableNo,
    },
    /// TR-19: the called clock is checked; run out, the hand is dead.
    CheckClock {
        table: TableNo,
    },
    /// TR-15: the due chip race with the cards the dealer dealt.
    ChipRace {
        table: TableNo,
        cards: Vec<Card>,
    },
    /// TR-6, PLO-1: a player absent since the start is removed (or replaced).
    RemoveNoShow {
        player: PlayerId,
    },
    /// TR-17: the breaking table's players take the free seats they drew.
    BreakTable {
        table: TableNo,
        draw: Vec<u32>,
    },
    /// TR-5: the director's level clock (levels by time or by the button; not by orbits).
    Clock {
        action: ClockAction,
    },
    /// TR-5: the director changes levels not yet begun, from level `from` (1-based): their
    /// blinds, ante and minutes. Levels past the schedule's end are added.
    EditLevels {
        from: u32,
        levels: Vec<LevelEdit>,
    },
    /// TR-5: a break after level `after` (1-based) of `minutes`; 0 takes it out. Only a break
    /// that has not begun.
    SetBreak {
        after: u32,
        minutes: u32,
    },
    /// NOB-16: the director sets the house's payout, percents of the prize pool by place,
    /// first place first (empty: none published), while no place it pays, or paid before, is
    /// decided.
    EditPayout {
        shares: Vec<u32>,
    },
    /// TR-26, TR-17: the floor moves a player by ruling (over the automatic choice), to a free
    /// seat, with the reason. The player's table must be between hands.
    MovePlayer {
        player: PlayerId,
        table: TableNo,
        seat: SeatNo,
        reason: String,
    },
    /// TR-17: the floor balances now: the moves that are due, at tables between hands.
    BalanceNow,
    /// Issue 39: the director proposes a deal at the final table by `method`, `left_to_play`
    /// cents kept back from first place and played for (TR-7 forbids deals under the club's
    /// rules; elsewhere the profile must allow them).
    ProposeDeal {
        method: crate::deal::DealMethod,
        left_to_play: u64,
    },
    /// A player left agrees to the deal on the table.
    ConsentToDeal {
        player: PlayerId,
    },
    /// A player left declines the deal on the table: it is off.
    DeclineDeal {
        player: PlayerId,
    },
    /// Closing the night: a player's prize is paid out at the cashier's desk, once his place
    /// is final and paid (the profile's payout, or an agreed deal's figure).
    PayPrize {
        player: PlayerId,
    },
    /// TR-26: the floor holds a table (no hand starts there) or releases it.
    HoldTable {
        table: TableNo,
        hold: bool,
        reason: String,
    },
    /// TR-26, TR-17: the floor breaks a table now; its players then draw their seats
    /// (`BreakTable`).
    BreakTableNow {
        table: TableNo,
        reason: String,
    },
    /// TR-26: the floor sets a player's stack after a count, with the reason.
    SetStack {
        player: PlayerId,
        stack: u64,
        reason: String,
    },
    /// TR-26: the floor seats a registered or waiting player who has no seat (he came late,
    /// or a seat came free for the waiting list, PLO-1) in a free seat, with the starting
    /// stack.
    SeatPlayer {
        player: PlayerId,
        table: TableNo,
        seat: SeatNo,
    },
    /// TR-26: a player is out, entered by the floor at a table whose hands are not keyed in:
    /// his chips went to `winner`.
    BustPlayer {
        player: PlayerId,
        winner: PlayerId,
        reason: String,
    },
}

/// What the director does with the level clock (TR-5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum ClockAction {
    Pause,
    Resume,
    /// Adds time to the level in force (`seconds` > 0) or takes it away (< 0).
    Adjust {
        seconds: i64,
    },
    /// Goes to the start of level `level` (1-based).
    GoToLevel {
        level: u32,
    },
}

fn is_zero(x: &u64) -> bool {
    *x == 0
}

/// A level as the director sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelEdit {
    pub small: u64,
    pub big: u64,
    #[serde(default)]
    pub ante: u64,
    /// Stud's bring-in (0 in the flop games).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bring_in: u64,
    /// Minutes; none: the profile's `levels.minutes`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
}

/// What the floor corrects an entry into: the same player's action (TR-26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum Correction {
    Fold,
    Check,
    Call,
    BetOrRaiseTo { to: floorbook_hand::Chips },
}

impl Correction {
    /// The action as the player at `pos` makes it.
    pub fn by(self, pos: floorbook_hand::Pos) -> HandCommand {
        match self {
            Correction::Fold => HandCommand::Fold { pos },
            Correction::Check => HandCommand::Check { pos },
            Correction::Call => HandCommand::CheckOrCall { pos },
            Correction::BetOrRaiseTo { to } => HandCommand::BetOrRaiseTo { pos, to },
        }
    }

    /// The correction an entry made by the floor's correction was.
    pub fn of(c: &HandCommand) -> Option<Correction> {
        match c {
            HandCommand::Fold { .. } => Some(Correction::Fold),
            HandCommand::Check { .. } => Some(Correction::Check),
            HandCommand::CheckOrCall { .. } => Some(Correction::Call),
            HandCommand::BetOrRaiseTo { to, .. } => Some(Correction::BetOrRaiseTo { to: *to }),
            _ => None,
        }
    }
}

impl Command {
    /// The table the command acts at, if it is a table's.
    pub fn table(&self) -> Option<TableNo> {
        match self {
            Command::PlaceButton { table, .. }
            | Command::StartHand { table }
            | Command::Hand { table, .. }
            | Command::TakeBack { table }
            | Command::CorrectEntry { table, .. }
            | Command::CallClock { table }
            | Command::CheckClock { table }
            | Command::ChipRace { table, .. }
            | Command::BreakTable { table, .. }
            | Command::HoldTable { table, .. }
            | Command::BreakTableNow { table, .. } => Some(*table),
            _ => None,
        }
    }
}

impl Command {
    /// Whether a chain of format 1 (decisions only, no commands entered) can hold it: its
    /// command is read back from its decisions ([`crate::rederive`]'s look-ahead). The
    /// commands added with chain format 2 cannot be (what was said with chips put in, a
    /// remedy's inputs, a correction's reason are in no decision of format 1's).
    pub fn fits_format_1(&self) -> bool {
        match self {
            Command::Hand { action, .. } => matches!(
                action,
                HandCommand::DealHole { .. }
                    | HandCommand::DealBoard { .. }
                    | HandCommand::FourCardFlop { .. }
                    | HandCommand::Fold { .. }
                    | HandCommand::CheckOrCall { .. }
                    | HandCommand::BetOrRaiseTo { .. }
                    | HandCommand::ShowOrMuck { .. }
                    | HandCommand::OutOfTurn { .. }
                    | HandCommand::ShowAfterHand { .. }
                    | HandCommand::BringIn { .. }
            ),
            Command::Sanction { chips, .. } => chips.is_none(),
            Command::Start { tables, .. } => tables.is_none(),
            Command::Register { table, draw, .. } => table.is_none() && draw.is_none(),
            Command::Clock { .. }
            | Command::TakeBack { .. }
            | Command::CorrectEntry { .. }
            | Command::EditLevels { .. }
            | Command::SetBreak { .. }
            | Command::EditPayout { .. }
            | Command::MovePlayer { .. }
            | Command::BalanceNow
            | Command::ProposeDeal { .. }
            | Command::ConsentToDeal { .. }
            | Command::DeclineDeal { .. }
            | Command::PayPrize { .. }
            | Command::HoldTable { .. }
            | Command::BreakTableNow { .. }
            | Command::SetStack { .. }
            | Command::SeatPlayer { .. }
            | Command::BustPlayer { .. }
            | Command::Reenter { .. }
            | Command::Rebuy { .. }
            | Command::AddOn { .. }
            | Command::DrawEnvelope { .. }
            | Command::EndFlight
            | Command::ImportFlight { .. }
            | Command::Surrender { .. } => false,
            _ => true,
        }
    }
}

/// A command as it was entered and accepted, recorded in the chain before the decisions it
/// caused (chain format 2): re-derivation decides it again and compares.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entered {
    /// The position of its first decision among the tournament's events (where the decisions
    /// of the command before it end).
    #[serde(skip)]
    pub index: usize,
    pub command: Command,
    /// Seconds into the tournament.
    pub at: u64,
}
