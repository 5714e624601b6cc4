//! The tournament: registration, the start, hands at every table, eliminations and places,
//! balancing and breaking tables, levels, sanctions, the finish. A deterministic state machine:
//! every random draw (seat cards, decks) and every time comes in with a command, and every
//! decision the engine takes by itself is an event with its inputs and rules.

//!
//! The engine's one way in is [`Tournament::decide`]; its work is spread by concern:
//! `registration`, `hands`, `tables` (balancing and breaking), `floor` (sanctions, rulings,
//! absences, no-shows), `clock` and `races` (the chip race).

use std::collections::BTreeMap;

use floorbook_hand::{Hand, HandEvent};
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Profile;
use crate::balance::Table;
use crate::command::{Command, HandCommand};
use crate::conduct::{Offence, Sanction};
use crate::seating::{PlayerId, SeatNo, TableNo};

pub use flights::{
    FlightBounties, FlightMoney, FlightOut, FlightPlace, FlightPlayer, FlightResult,
    PersonBounties, Survivor, WonInFlight,
};

pub use director::{ClockView, LevelClock, MAX_REASON};

mod bounties;
mod clock;
pub mod deals;
mod director;
mod entries;
mod flights;
mod floor;
mod hands;
mod prizes;
mod races;
mod registration;
mod tables;

/// Where a player stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Status {
    Registered,
    WaitListed,
    Playing,
    Busted {
        place: u32,
    },
    Disqualified {
        place: u32,
    },
    /// Out while entries are open (issue 39): placed when they close, and (unless
    /// disqualified) free to buy a new entry until then.
    Out {
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        disqualified: bool,
    },
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A player of the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
    /// The buy-in he registered with (TR-0b): the prize pool is their sum.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub buy_in: String,
    pub status: Status,
    // The fields below are left out of a snapshot when they hold their default: a replay
    // snapshot holds every player of the field, most have none of the sanctions and flags, and
    // late in a tournament most are out, with no stack, table or seat.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stack: u64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<TableNo>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seat: Option<SeatNo>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sanctions: Vec<Sanction>,
    /// Moved into a blind position: sits out until the button passes (TR-17).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub waiting_for_button: bool,
    /// Away from the table: dealt in, blinds posted, checked when possible, folded when a bet
    /// is due (TR-6, PLO-10).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub absent: bool,
    /// Under a time penalty until this time: the stack is blinded and the cards folded (TR-28).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalized_until: Option<u64>,
    /// At the table since the start, or came back since: not a no-show (TR-6, PLO-1).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub arrived: bool,
    /// PLO-3: the table he reserved in advance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reserved: Option<TableNo>,
    /// The buy-ins of his re-entries, in order (issue 39).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reentries: Vec<String>,
    /// His rebuys (issue 39; a double rebuy counts two).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub rebuys: u32,
    /// He took the add-on (issue 39).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub added_on: bool,
    /// Issue 39: what a progressive bounty added to his head since his latest entry (cents; the
    /// head is the profile's bounty plus it).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bounty_gain: u64,
    /// Issue 39: the bounties he won, in cash (cents).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bounties_won: u64,
    /// He surrendered (TDA rule 8B): out for good.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub surrendered: bool,
    /// The seat he left when he went out while entries were open: a rebuy takes it back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_seat: Option<(TableNo, SeatNo)>,
    /// The member of the club's register he registered as (issue 24).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
}

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

impl Player {
    /// A player just registered.
    pub(super) fn registered(
        id: PlayerId,
        name: String,
        buy_in: String,
        member: Option<String>,
    ) -> Player {
        Player {
            id,
            name,
            buy_in,
            status: Status::Registered,
            stack: 0,
            table: None,
            seat: None,
            sanctions: Vec::new(),
            waiting_for_button: false,
            absent: false,
            penalized_until: None,
            arrived: false,
            reserved: None,
            reentries: Vec::new(),
            rebuys: 0,
            added_on: false,
            surrendered: false,
            bounty_gain: 0,
            bounties_won: 0,
            left_seat: None,
            member,
        }
    }

    /// His entries: the first and every re-entry.
    pub fn entries(&self) -> u32 {
        1 + self.reentries.len() as u32
    }
}

/// A table in play and its current hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableState {
    pub table: Table,
    /// The seat that posted the last big blind (the dead-button rule moves it one player on).
    pub last_big_blind: Option<SeatNo>,
    /// The seat of the last small blind (posted or dead): the next button.
    pub last_small_blind: Option<SeatNo>,
    pub hand: Option<(u64, Box<Hand>, Vec<PlayerId>)>,
    /// The table's last finished hand, until its next hand starts: cards shown after a hand
    /// (TR-3.5, TR-3.7, TR-3.8) are recorded against it.
    #[serde(default)]
    pub last_hand: Option<(u64, Box<Hand>)>,
    /// The players of the last finished hand, by position (who won what, for the pages).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub last_players: Vec<PlayerId>,
    pub hands_played: u64,
    pub started_with: u32,
    /// Chips left in the pot for the table's next hand (NOB-3).
    pub carried: u64,
    /// A clock called on the player to act: (player, expires at) (TR-19).
    pub clock: Option<(PlayerId, u64)>,
    /// Chip races already held at this table: (after level, denomination).
    pub races_done: Vec<(usize, u64)>,
    /// NOB-9: the level this table plays, by its own completed orbits (levels by orbits only).
    #[serde(default)]
    pub level: usize,
    /// NOB-8: the level the orbits count up from (the final table's restart level).
    #[serde(default)]
    pub base_level: usize,
    /// NOB-9 (revision 4 on): the seats the button has travelled since the table's orbits
    /// began counting; an orbit is once round the table.
    #[serde(default)]
    pub button_travel: u64,
    /// Held by the floor: no hand starts (TR-26).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub held: bool,
    /// NOB-7 (revision 6 on): the players out at this table since the tables were last drawn
    /// ("sobald jeweils 2 Spieler ausgeschieden sind").
    #[serde(default, skip_serializing_if = "no_one_lost")]
    pub lost: u32,
    /// TR-2 / NOB-10 / PLO-4: the button's seat for the table's first hand was drawn (or set
    /// by the rule); from revision 6 the first hand waits for it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub button_drawn: bool,
    /// The hand as it was before its last entry, so that the dealer can take that entry back
    /// while nothing has followed it (issue 35); none between hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo: Option<Box<Undo>>,
    /// The hand's entries since it began (or since the table last changed outside them), so
    /// that the floor can correct one later (TR-26); none between hands.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entries: Option<Box<Entries>>,
}

/// A hand's entries as the dealer made them, and the hand before the first of them: what the
/// floor's correction of an entry replays (TR-26).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Entries {
    pub hand_no: u64,
    /// The hand before the first entry kept.
    pub base: Hand,
    /// The number the first entry kept has in the hand (1 for the hand's first entry).
    pub first: u32,
    /// Each entry with the hand's event count right after it.
    pub list: Vec<(HandCommand, usize)>,
    /// The players at the table who were away or under a penalty at the entries: replaying
    /// them acts for the same players.
    pub absent: Vec<PlayerId>,
    /// Of them, those under a penalty (TR-28: folded, where the others check when they can);
    /// none in a snapshot of a build before 2026-12-08.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub penalized: Vec<PlayerId>,
    /// The tournament's `away_changes` when the first entry kept was made.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub away_changes: u64,
    /// When the first of those penalties ends: from then on the entries are played under
    /// other absences.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub penalty_ends: Option<u64>,
}

impl Entries {
    /// The entry numbered `n` in the hand, if it is kept.
    pub fn get(&self, n: u32) -> Option<&HandCommand> {
        let i = n.checked_sub(self.first)?;
        self.list.get(usize::try_from(i).ok()?).map(|(c, _)| c)
    }

    /// The numbers of the entries kept, first to last.
    pub fn numbers(&self) -> std::ops::Range<u32> {
        let n = u32::try_from(self.list.len()).unwrap_or(u32::MAX);
        self.first..self.first.saturating_add(n)
    }
}

/// What taking back a hand's last entry restores, and what shows that nothing followed it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Undo {
    /// The entry's command (`check_or_call`, `fold` …).
    pub command: String,
    pub hand_no: u64,
    /// The hand before the entry, kept in a snapshot of a build before 2026-12-08 (without
    /// its log of events when `log_cut` says where that log stood, `Hand::return_to`); now
    /// none: the kept entries' base with every entry before this one played again is that
    /// hand, made only when the dealer takes the entry back.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hand: Option<Hand>,
    /// How many events the hand's log held before the entry; none in a snapshot of a build
    /// before 2026-12-07, whose `hand` holds its log.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub log_cut: Option<usize>,
    /// The called clock before the entry.
    pub clock: Option<(PlayerId, u64)>,
    /// The hand's event count and the called clock right after it.
    pub events_after: usize,
    pub clock_after: Option<(PlayerId, u64)>,
    /// Whether the entry began the entries kept (the first of the hand, or the first since
    /// the table changed outside them); those it replaced are `replaced`, kept again when
    /// the entry is taken back.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub restarted: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replaced: Option<Box<Entries>>,
}

fn no_one_lost(n: &u32) -> bool {
    *n == 0
}

/// One winner's part of a bounty (issue 39).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BountyShare {
    pub player: PlayerId,
    /// Paid to him in cash, in cents.
    pub cash: u64,
    /// Added to the bounty on his own head (a progressive bounty), in cents.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub onto_head: u64,
}

/// Something that happened in the tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TournamentEvent {
    Registered {
        player: PlayerId,
        name: String,
        buy_in: String,
        /// PLO-3: the table he reserved (binding).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<TableNo>,
        /// The member of the club's register (issue 24): a league counts his results by it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<String>,
        rules: RuleSet,
    },
    WaitListed {
        player: PlayerId,
        rules: RuleSet,
    },
    Started {
        tables: u32,
        players: u32,
        /// When, seconds into the tournament (from revision 5: the level clock starts then).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        rules: RuleSet,
    },
    Seated {
        player: PlayerId,
        table: TableNo,
        seat: SeatNo,
        draw: u32,
        /// Day 2 of an event in flights (issue 39): the stack he carried from his flight
        /// (none: the profile's starting stack).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        stack: Option<u64>,
        rules: RuleSet,
    },
    ButtonPlaced {
        table: TableNo,
        seat: SeatNo,
        rules: RuleSet,
    },
    ButtonDrawn {
        table: TableNo,
        seat: SeatNo,
        draw: Vec<(SeatNo, floorbook_cards::Card)>,
        rules: RuleSet,
    },
    HandStarted {
        table: TableNo,
        hand: u64,
        level: usize,
        button: SeatNo,
        /// Players by hand position (0 = first left of the button).
        players: Vec<PlayerId>,
        blinds: Vec<u64>,
        /// Seconds into the tournament, the time the command brought in (it sets the level).
        at: u64,
        /// Chips already in the pot: left by earlier hands or forfeited (NOB-3).
        carried: u64,
        rules: RuleSet,
    },
    InHand {
        table: TableNo,
        hand: u64,
        event: HandEvent,
    },
    HandFinished {
        table: TableNo,
        hand: u64,
        stacks: Vec<(PlayerId, u64)>,
    },
    Busted {
        player: PlayerId,
        /// None while entries are open (issue 39): the place is given when they close.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<u32>,
        hand: u64,
        rules: RuleSet,
    },
    /// Issue 39: a new entry after the start, a late registration (entry 1) or a re-entry,
    /// with a full stack, at the free seat `draw` (0-based) of the `seats` free seats at the
    /// tables with the fewest players, in table and seat order (the recorded random input).
    /// Where the button would reach him before the blinds (between the small blind and the
    /// button) he sits out until the button passes.
    Entered {
        player: PlayerId,
        entry: u32,
        buy_in: String,
        table: TableNo,
        seat: SeatNo,
        draw: u32,
        seats: u32,
        stack: u64,
        sits_out: bool,
        rules: RuleSet,
    },
    /// Issue 39: a rebuy (`count` 2: a double rebuy) for `cents`, bringing `chips`; the
    /// player's stack after it. A player out in the rebuy period takes his seat back.
    Rebought {
        player: PlayerId,
        count: u32,
        chips: u64,
        stack: u64,
        cents: u64,
        /// The table and seat he took back (a player out in the rebuy period).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat_back: Option<(TableNo, SeatNo)>,
        rules: RuleSet,
    },
    /// Issue 39: the bounty on `from`'s head, won by those who knocked him out (split when
    /// they tied): each one's cash and what went onto his own head (a progressive bounty).
    /// `from` winning his own is the tournament's winner taking his head, and what nobody won.
    BountyWon {
        from: PlayerId,
        head: u64,
        shares: Vec<BountyShare>,
        /// A mystery bounty: the envelope drawn (counted from 0 among those left, in the order
        /// filled) and how many there were to draw from.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        envelope: Option<(u32, u32)>,
        rules: RuleSet,
    },
    /// Issue 39: a Day 1 flight ended with `entries` entries; the players left bagged these
    /// stacks for Day 2.
    FlightEnded {
        entries: u32,
        players: Vec<(PlayerId, u64)>,
        rules: RuleSet,
    },
    /// Issue 39: Day 2 imported the flight on `chain` (its head then): its entries and money
    /// join the event's; each of its players left is Day 2's player with the stack he
    /// carries (`kept`: false where the carry rule kept the stack of another flight).
    FlightImported {
        chain: String,
        day: String,
        entries: u32,
        pool_cents: u64,
        players: Vec<FlightPlayer>,
        /// The flight's money as imported (rules revision 8; before, only in the command).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        money: Option<FlightMoney>,
        rules: RuleSet,
    },
    /// Issue 39: at Day 2's start the players out in the flights are placed under every Day 2
    /// player: by the share of their flight's field they outlasted (the most first), then by
    /// flight order.
    FlightsRanked {
        places: Vec<FlightPlace>,
        rules: RuleSet,
    },
    /// Issue 39: a mystery bounty's envelopes filled at the start of `level` from `cents` of
    /// bounty money, one for every player still in, in the order a draw counts them.
    EnvelopesFilled {
        level: u32,
        cents: u64,
        envelopes: Vec<u64>,
        rules: RuleSet,
    },
    /// Issue 39: `from` is out and those who knocked him out draw an envelope (split when
    /// they tied); the floor records the draw.
    EnvelopeOwed {
        from: PlayerId,
        to: Vec<PlayerId>,
        rules: RuleSet,
    },
    /// TDA rule 8B: a player surrendered; his `chips` left play; his place (none while
    /// entries are open: given when they close).
    Surrendered {
        player: PlayerId,
        chips: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<u32>,
        rules: RuleSet,
    },
    /// Issue 39: the add-on for `cents`, bringing `chips`; the player's stack after it.
    AddedOn {
        player: PlayerId,
        chips: u64,
        stack: u64,
        cents: u64,
        rules: RuleSet,
    },
    /// Issue 39: entries closed at the end of level `level` (or with the tournament's end);
    /// the players out while they were open are placed, the last out best, and the field is
    /// `entries` entries.
    EntriesClosed {
        level: u32,
        entries: u32,
        places: Vec<(PlayerId, u32)>,
        rules: RuleSet,
    },
    Moved {
        player: PlayerId,
        from: TableNo,
        to: TableNo,
        seat: SeatNo,
        sits_out: bool,
        rules: RuleSet,
    },
    /// TR-17 (revision 5): a move is due while the mover's table plays a hand; it is made
    /// (`Moved`) when that hand ends.
    MoveDue {
        player: PlayerId,
        from: TableNo,
        to: TableNo,
        rules: RuleSet,
    },
    /// TR-17: an announced move balancing no longer needs, or whose mover changed (a player
    /// busted at his table in the hand), is called off.
    MoveCalledOff {
        player: PlayerId,
        from: TableNo,
        to: TableNo,
        rules: RuleSet,
    },
    /// A table is to break (TR-17, PLO-2, NOB-7): each of its `players` draws one of the
    /// `free_seats` free seats elsewhere; the floor's draw comes in with `break_table`.
    TableBreakDue {
        table: TableNo,
        players: u32,
        free_seats: u32,
        rules: RuleSet,
    },
    TableBroken {
        table: TableNo,
        /// For each leaving player (in seat order), the free seat he drew (0-based among the
        /// free seats in table and seat order): the recorded random input.
        #[serde(default)]
        draw: Vec<u32>,
        rules: RuleSet,
    },
    LevelChanged {
        /// The table whose orbits raised its level (NOB-9); None: the whole tournament (TR-5).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<TableNo>,
        level: usize,
        small: u64,
        big: u64,
        rules: RuleSet,
    },
    SanctionGiven {
        player: PlayerId,
        offence: Offence,
        sanction: Sanction,
        /// When it was given, seconds into the tournament (from revision 4: a time penalty
        /// runs from it).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        rules: RuleSet,
    },
    /// TR-20: hidden chips the floor found are forfeited and taken out of play.
    ChipsForfeited {
        player: PlayerId,
        chips: u64,
        /// The player's stack behind after it.
        stack: u64,
        rules: RuleSet,
    },
    /// TR-26: the tournament director decides a situation, finally; it may override an
    /// earlier decision (by its sequence in the chain).
    FloorRuling {
        player: Option<PlayerId>,
        ruling: String,
        overrides: Option<u64>,
        rules: RuleSet,
    },
    /// The dealer took back the hand's last entry, an entry error, before anything followed
    /// it: the hand is as it was before it (issue 35). The entry stays in the chain.
    EntryTakenBack {
        table: TableNo,
        hand: u64,
        /// The entry's command.
        command: String,
        /// How many of the hand's events it had caused.
        events: u32,
        rules: RuleSet,
    },
    /// TR-26: the floor corrects the hand's entry `entry` (its number in the hand): it was
    /// `was` and is `now` (none: it was not made). The hand's last `events` events are replaced
    /// by the hand events that follow this one: the corrected entry and every later entry,
    /// played again.
    EntryCorrected {
        table: TableNo,
        hand: u64,
        entry: u32,
        was: HandCommand,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        now: Option<HandCommand>,
        reason: String,
        events: u32,
        rules: RuleSet,
    },
    ClockCalled {
        table: TableNo,
        player: PlayerId,
        /// When the clock was called (seconds into the tournament).
        at: u64,
        expires_at: u64,
        rules: RuleSet,
    },
    /// The clock ran out: the hand is dead (TR-19).
    ClockExpired {
        table: TableNo,
        player: PlayerId,
        /// When the expiry was checked (seconds into the tournament).
        at: u64,
        rules: RuleSet,
    },
    AbsenceChanged {
        player: PlayerId,
        absent: bool,
        rules: RuleSet,
    },
    /// The engine acted for a player who is away or under a penalty.
    ActedFor {
        table: TableNo,
        player: PlayerId,
        action: String,
        rules: RuleSet,
    },
    ChipRaced {
        table: TableNo,
        /// When it was held, seconds into the tournament (from revision 4: the time decides
        /// which races are due).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        denomination: u64,
        /// The cards the dealer dealt for the race, in order (the recorded random input).
        cards: Vec<floorbook_cards::Card>,
        result: crate::chip_race::RaceResult,
    },
    Finished {
        winner: PlayerId,
    },
    /// TR-6: a player absent since the start is removed with his stack after ten minutes; he
    /// is placed as the next one out.
    NoShowRemoved {
        player: PlayerId,
        stack: u64,
        /// None while entries are open (issue 39).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        place: Option<u32>,
        at: u64,
        rules: RuleSet,
    },
    /// PLO-1: a no-show's seat and stack go to the first player on the waiting list.
    NoShowReplaced {
        player: PlayerId,
        by: PlayerId,
        table: TableNo,
        seat: SeatNo,
        stack: u64,
        at: u64,
        rules: RuleSet,
    },
    /// TR-5: the director's action on the level clock, and where it then stands.
    ClockChanged {
        action: crate::command::ClockAction,
        /// When, seconds into the tournament.
        at: u64,
        /// The clock's reading after it (seconds of the level schedule).
        clock: u64,
        /// The level in force by the clock (0-based).
        level: usize,
        paused: bool,
        rules: RuleSet,
    },
    /// TR-5: levels not yet begun, changed by the director from level `from` (1-based).
    LevelsEdited {
        from: u32,
        levels: Vec<crate::command::LevelEdit>,
        rules: RuleSet,
    },
    /// A deal proposed by the director: each player's figure by the method, in cents, and
    /// what is kept back from first place and played for (the house's policy).
    DealProposed {
        method: crate::deal::DealMethod,
        left_to_play: u64,
        shares: Vec<deals::DealShare>,
        rules: RuleSet,
    },
    /// A player agreed to the deal on the table.
    DealConsented {
        player: PlayerId,
        rules: RuleSet,
    },
    /// Every player left agreed: the figures are their prizes.
    DealAgreed {
        shares: Vec<deals::DealShare>,
        left_to_play: u64,
        rules: RuleSet,
    },
    /// A player declined the deal on the table: it is off.
    DealDeclined {
        player: PlayerId,
        rules: RuleSet,
    },
    /// A player's prize paid out at the cashier's desk: his place and the amount in cents
    /// (the profile's payout, or the deal's figure).
    PrizePaid {
        player: PlayerId,
        place: u32,
        cents: u64,
        rules: RuleSet,
    },
    /// TR-5: a break after level `after` set by the director (0 minutes: taken out).
    BreakSet {
        after: u32,
        minutes: u32,
        rules: RuleSet,
    },
    /// NOB-16: the house's payout set by the director: percents of the prize pool by place,
    /// first place first (empty: none published).
    PayoutEdited {
        shares: Vec<u32>,
        rules: RuleSet,
    },
    /// TR-26: the floor holds a table (no hand starts) or releases it.
    TableHeld {
        table: TableNo,
        held: bool,
        reason: String,
        rules: RuleSet,
    },
    /// TR-26: a stack set after a count.
    StackCounted {
        player: PlayerId,
        stack: u64,
        was: u64,
        reason: String,
        rules: RuleSet,
    },
    /// TR-26: a registered or waiting player without a seat seated by the floor, with the
    /// starting stack (new chips in play); he sits out until the button passes if his seat is
    /// in the next hand's blinds (as TR-17 seats a moved player).
    SeatedByFloor {
        player: PlayerId,
        table: TableNo,
        seat: SeatNo,
        stack: u64,
        sits_out: bool,
        rules: RuleSet,
    },
    /// TR-26: chips from one player to another, entered by the floor (a hand not keyed in).
    ChipsTransferred {
        from: PlayerId,
        to: PlayerId,
        chips: u64,
        rules: RuleSet,
    },
}

impl TournamentEvent {
    /// The event's type in the chain (`HandStarted`, `InHand` …): the envelope's `type`.
    pub fn event_type(&self) -> &'static str {
        match self {
            TournamentEvent::Registered { .. } => "Registered",
            TournamentEvent::WaitListed { .. } => "WaitListed",
            TournamentEvent::Started { .. } => "Started",
            TournamentEvent::Seated { .. } => "Seated",
            TournamentEvent::ButtonPlaced { .. } => "ButtonPlaced",
            TournamentEvent::ButtonDrawn { .. } => "ButtonDrawn",
            TournamentEvent::HandStarted { .. } => "HandStarted",
            TournamentEvent::InHand { .. } => "InHand",
            TournamentEvent::HandFinished { .. } => "HandFinished",
            TournamentEvent::Busted { .. } => "Busted",
            TournamentEvent::Entered { .. } => "Entered",
            TournamentEvent::Rebought { .. } => "Rebought",
            TournamentEvent::AddedOn { .. } => "AddedOn",
            TournamentEvent::Surrendered { .. } => "Surrendered",
            TournamentEvent::BountyWon { .. } => "BountyWon",
            TournamentEvent::EnvelopesFilled { .. } => "EnvelopesFilled",
            TournamentEvent::FlightEnded { .. } => "FlightEnded",
            TournamentEvent::FlightImported { .. } => "FlightImported",
            TournamentEvent::FlightsRanked { .. } => "FlightsRanked",
            TournamentEvent::EnvelopeOwed { .. } => "EnvelopeOwed",
            TournamentEvent::EntriesClosed { .. } => "EntriesClosed",
            TournamentEvent::Moved { .. } => "Moved",
            TournamentEvent::TableBreakDue { .. } => "TableBreakDue",
            TournamentEvent::MoveDue { .. } => "MoveDue",
            TournamentEvent::MoveCalledOff { .. } => "MoveCalledOff",
            TournamentEvent::TableBroken { .. } => "TableBroken",
            TournamentEvent::LevelChanged { .. } => "LevelChanged",
            TournamentEvent::SanctionGiven { .. } => "SanctionGiven",
            TournamentEvent::ChipsForfeited { .. } => "ChipsForfeited",
            TournamentEvent::FloorRuling { .. } => "FloorRuling",
            TournamentEvent::EntryTakenBack { .. } => "EntryTakenBack",
            TournamentEvent::EntryCorrected { .. } => "EntryCorrected",
            TournamentEvent::ClockCalled { .. } => "ClockCalled",
            TournamentEvent::ClockExpired { .. } => "ClockExpired",
            TournamentEvent::AbsenceChanged { .. } => "AbsenceChanged",
            TournamentEvent::ActedFor { .. } => "ActedFor",
            TournamentEvent::ChipRaced { .. } => "ChipRaced",
            TournamentEvent::Finished { .. } => "Finished",
            TournamentEvent::NoShowRemoved { .. } => "NoShowRemoved",
            TournamentEvent::NoShowReplaced { .. } => "NoShowReplaced",
            TournamentEvent::ClockChanged { .. } => "ClockChanged",
            TournamentEvent::LevelsEdited { .. } => "LevelsEdited",
            TournamentEvent::BreakSet { .. } => "BreakSet",
            TournamentEvent::PayoutEdited { .. } => "PayoutEdited",
            TournamentEvent::DealProposed { .. } => "DealProposed",
            TournamentEvent::DealConsented { .. } => "DealConsented",
            TournamentEvent::DealAgreed { .. } => "DealAgreed",
            TournamentEvent::DealDeclined { .. } => "DealDeclined",
            TournamentEvent::PrizePaid { .. } => "PrizePaid",
            TournamentEvent::TableHeld { .. } => "TableHeld",
            TournamentEvent::StackCounted { .. } => "StackCounted",
            TournamentEvent::ChipsTransferred { .. } => "ChipsTransferred",
            TournamentEvent::SeatedByFloor { .. } => "SeatedByFloor",
        }
    }

    /// The rules that decided this event (for a hand's event, the hand's rules; empty for a
    /// plain record such as a hand's end).
    pub fn rules(&self) -> RuleSet {
        match self {
            TournamentEvent::Registered { rules, .. }
            | TournamentEvent::WaitListed { rules, .. }
            | TournamentEvent::Started { rules, .. }
            | TournamentEvent::Seated { rules, .. }
            | TournamentEvent::ButtonPlaced { rules, .. }
            | TournamentEvent::ButtonDrawn { rules, .. }
            | TournamentEvent::HandStarted { rules, .. }
            | TournamentEvent::Busted { rules, .. }
            | TournamentEvent::Entered { rules, .. }
            | TournamentEvent::Rebought { rules, .. }
            | TournamentEvent::AddedOn { rules, .. }
            | TournamentEvent::Surrendered { rules, .. }
            | TournamentEvent::BountyWon { rules, .. }
            | TournamentEvent::EnvelopesFilled { rules, .. }
            | TournamentEvent::FlightEnded { rules, .. }
            | TournamentEvent::FlightImported { rules, .. }
            | TournamentEvent::FlightsRanked { rules, .. }
            | TournamentEvent::EnvelopeOwed { rules, .. }
            | TournamentEvent::EntriesClosed { rules, .. }
            | TournamentEvent::Moved { rules, .. }
            | TournamentEvent::TableBreakDue { rules, .. }
            | TournamentEvent::MoveDue { rules, .. }
            | TournamentEvent::MoveCalledOff { rules, .. }
            | TournamentEvent::TableBroken { rules, .. }
            | TournamentEvent::LevelChanged { rules, .. }
            | TournamentEvent::SanctionGiven { rules, .. }
            | TournamentEvent::ChipsForfeited { rules, .. }
            | TournamentEvent::FloorRuling { rules, .. }
            | TournamentEvent::EntryTakenBack { rules, .. }
            | TournamentEvent::EntryCorrected { rules, .. }
            | TournamentEvent::ClockCalled { rules, .. }
            | TournamentEvent::ClockExpired { rules, .. }
            | TournamentEvent::AbsenceChanged { rules, .. }
            | TournamentEvent::ActedFor { rules, .. }
            | TournamentEvent::NoShowRemoved { rules, .. }
            | TournamentEvent::NoShowReplaced { rules, .. }
            | TournamentEvent::ClockChanged { rules, .. }
            | TournamentEvent::LevelsEdited { rules, .. }
            | TournamentEvent::BreakSet { rules, .. }
            | TournamentEvent::PayoutEdited { rules, .. }
            | TournamentEvent::DealProposed { rules, .. }
            | TournamentEvent::DealConsented { rules, .. }
            | TournamentEvent::DealAgreed { rules, .. }
            | TournamentEvent::DealDeclined { rules, .. }
            | TournamentEvent::PrizePaid { rules, .. }
            | TournamentEvent::TableHeld { rules, .. }
            | TournamentEvent::StackCounted { rules, .. }
            | TournamentEvent::ChipsTransferred { rules, .. }
            | TournamentEvent::SeatedByFloor { rules, .. } => *rules,
            TournamentEvent::InHand { event, .. } => event.rules(),
            TournamentEvent::ChipRaced { result, .. } => result.rules,
            TournamentEvent::HandFinished { .. } | TournamentEvent::Finished { .. } => {
                RuleSet::EMPTY
            }
        }
    }
}

/// A command the tournament refuses; nothing changes. Serialized as its `code` and `args`,
/// for a terminal that words it in its own language.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum TournamentError {
    #[error("player {player:?} is {age}; players must be {min} or older (TR-0a)")]
    TooYoung {
        player: PlayerId,
        age: u32,
        min: u32,
    },
    #[error("buy-in {got} is not offered; the buy-ins are {offered:?} (TR-0b)")]
    BuyIn { got: String, offered: Vec<String> },
    #[error("player {0:?} is already registered")]
    AlreadyRegistered(PlayerId),
    #[error("the tournament needs at least 2 players; {0} are registered")]
    TooFewPlayers(u32),
    #[error("that is not possible now: {0}")]
    NotNow(&'static str),
    #[error("no table {0:?}")]
    NoTable(TableNo),
    #[error("the seat draw is not usable: {0}")]
    Draw(crate::seating::SeatingError),
    #[error("in the hand: {0}")]
    Hand(#[from] floorbook_hand::Rejection),
    #[error("no player {0:?}")]
    NoPlayer(PlayerId),
    #[error("the chip race: {0}")]
    Race(#[from] crate::chip_race::RaceError),
    #[error("table {0:?} is breaking: its players draw their new seats first (TR-17)")]
    BreakPending(TableNo),
    #[error(
        "table {table:?} races its {denomination}s first: no hand starts while a chip race is due (TR-15)"
    )]
    RaceDue { table: TableNo, denomination: u64 },
    #[error("the break after level {after} runs until {until} s; hands start again then (TR-5)")]
    OnBreak { after: u32, until: u64 },
    #[error("a time of {got} s into the tournament is out of range: 0 to {max} s")]
    Time { got: u64, max: u64 },
    #[error(
        "a command at {at} s into the tournament is earlier than the latest recorded time, {head} s: time only moves forward"
    )]
    TimeBackwards { at: u64, head: u64 },
    #[error(
        "hidden chips: the floor names the chips found, 1 to {stack} (the player's chips behind; all of a stack between hands is a disqualification instead); got {got} (TR-20: they are forfeited)"
    )]
    HiddenChips { got: u64, stack: u64 },
    #[error(
        "the clock can be given back at most the {add} s played of the level in force and moved on at most its {} s left (TR-5); got {got} s",
        take.map_or("unlimited".to_string(), |t| t.to_string())
    )]
    ClockAdjust {
        got: i64,
        add: u64,
        take: Option<u64>,
    },
    #[error("there is no level {got}: levels 1 to {levels} (TR-5)")]
    NoLevel { got: u32, levels: u32 },
    #[error("the levels: {0} (TR-5)")]
    LevelEdit(LevelEditRefused),
    #[error(
        "a payout is percents above 0 of the prize pool, one for each of 1 to {max} places paid, first place first, adding up to 100 (none: no payout published); got {got:?} (NOB-16)"
    )]
    PayoutShares { got: Vec<u32>, max: u32 },
    #[error(
        "place {place} is decided and paid under the payout in force ({paid} places) or the new one ({new} places): the payout stands once a place it pays is decided (NOB-16)"
    )]
    PayoutDecided { place: u32, paid: u32, new: u32 },
    #[error("seat {seat:?} at table {table:?} is not free; free seats there: {free:?}")]
    SeatTaken {
        table: TableNo,
        seat: SeatNo,
        free: Vec<u32>,
    },
    #[error("{0}")]
    Correction(CorrectionRefused),
    #[error("the floor gives a reason, 1 to {max} bytes; got {got} (TR-26)")]
    Reason { got: usize, max: usize },
    #[error(
        "a counted stack is 1 to {max} chips and differs from the {was} on record (a player with none is out: bust him); got {got} (TR-26)"
    )]
    StackCount { got: u64, was: u64, max: u64 },
    #[error(
        "the tables differ by two or more: the tournament pauses until players are moved, when every table is between hands (PLO-2)"
    )]
    BalancingPause,
    #[error("{players} players start on {allowed:?} tables ({rule}); got {got}")]
    TableChoice {
        players: u32,
        got: u32,
        allowed: Vec<u32>,
        rule: Rule,
    },
    #[error("a reservation: {0} (PLO-3)")]
    Reservation(ReservationRefused),
    #[error("table {0:?} is held by the floor: no hand starts until it is released (TR-26)")]
    TableHeld(TableNo),
    #[error(
        "say whether the street's burn was dealt before the premature cards: it stays burned, and the street comes without another (TDA-RP-5 D)"
    )]
    BurnUnsaid,
    #[error(
        "table {table:?}'s first hand needs the button's draw first: each player at the table draws a card and the high card takes the button ({rule}; the dealer enters it with place_button)"
    )]
    ButtonNotDrawn { table: TableNo, rule: Rule },
    #[error("the button's draw at table {table:?}: {why} ({rule})")]
    ButtonDraw {
        table: TableNo,
        why: ButtonDrawRefused,
        rule: Rule,
    },
    #[error(
        "player {player:?} cannot be removed as a no-show: {why} ({rule}: after {limit} seconds)"
    )]
    NoShow {
        player: PlayerId,
        why: NoShowRefused,
        limit: u64,
        rule: Rule,
    },
    #[error(
        "no deal: the club's tournament rules disqualify agreements among players (\"Absprachen unter Spielern\", {rule})"
    )]
    DealForbidden { rule: Rule },
    #[error("this profile allows no deals (the house's policy: `[deals] allowed = true`)")]
    DealsOff,
    #[error("a deal is on the table: every player agrees to it or one declines it first")]
    DealPending,
    #[error("there is no deal on the table: the director proposes one")]
    NoDealPending,
    #[error("the deal is agreed: its figures are the prizes")]
    DealAgreedAlready,
    #[error("a deal is made between hands: table {table} plays a hand")]
    DealInHand { table: u32 },
    #[error("the profile publishes no payout: a deal has no prizes to share")]
    DealNoPrizes,
    #[error("what is kept back to play for is at most first place's prize, {max} cents; got {got}")]
    DealLeftToPlay { got: u64, max: u64 },
    #[error("player {player:?} is not one of the deal's players")]
    NotInDeal { player: PlayerId },
    #[error("player {player:?} has already agreed to the deal")]
    AlreadyAgreed { player: PlayerId },
    #[error("the stacks moved since the deal was proposed: the director proposes it again")]
    DealStale,
    #[error("the deal's figures: {0}")]
    DealFigures(#[from] crate::deal::DealError),
    #[error(
        "player {player:?} has no prize: his place is not final or not paid ({paid} places are)"
    )]
    NoPrize { player: PlayerId, paid: u32 },
    #[error("player {player:?}'s prize, {cents} cents, is paid already")]
    PrizePaidAlready { player: PlayerId, cents: u64 },
    #[error(
        "this tournament is a freeze-out: nobody enters after the start (the profile's entries.late_until_level is 0)"
    )]
    FreezeOut,
    #[error(
        "entries after the start ran until the end of level {until_level}; level {level} is playing (the profile's entries.late_until_level)"
    )]
    EntriesOver { until_level: u32, level: u32 },
    #[error(
        "a new entry is seated by a draw among the {seats} free seats at the tables with the fewest players: 0 to {}; got {got}",
        seats.saturating_sub(1)
    )]
    EntryDraw { got: u32, seats: u32 },
    #[error(
        "no envelope is owed for player {player:?}: the floor draws one for a player knocked out after the envelopes were filled (owed now: {owed:?})"
    )]
    NoEnvelopeOwed {
        player: PlayerId,
        owed: Vec<PlayerId>,
    },
    #[error(
        "an envelope is drawn from the {envelopes} left: give a draw from 0 to {}",
        envelopes.saturating_sub(1)
    )]
    EnvelopeDraw { got: u32, envelopes: u32 },
    #[error(
        "this chain is no flight (the profile's flight): only a flight ends with its players bagging their chips"
    )]
    NoFlight,
    #[error("this chain is no Day 2 (the profile's day2): only a Day 2 imports flights")]
    NoDay2,
    #[error("a flight ends between hands: table {table} plays hand {hand}")]
    FlightHandInPlay { table: u32, hand: u64 },
    #[error(
        "entries are open until the end of level {until_level}: a flight ends after they close (level {level} is playing)"
    )]
    FlightEntriesOpen { until_level: u32, level: u32 },
    #[error(
        "table {table} carries {chips} chips to its next hand: a flight ends after that hand, when every chip is in a stack"
    )]
    FlightChipsCarried { table: u32, chips: u64 },
    #[error("the flight on chain {chain} is imported already")]
    FlightImportedTwice { chain: String },
    #[error(
        "the flight on chain {chain} feeds event {got:?}; this Day 2 is event {event:?} (the profile's day2.event)"
    )]
    FlightOfAnotherEvent {
        chain: String,
        got: String,
        event: String,
    },
    #[error(
        "the flight on chain {chain} plays another bounty than this Day 2: the flights and Day 2 play the event's bounty (the profiles' bounty)"
    )]
    FlightBountyDiffers { chain: String },
    #[error("Day 2 starts with the players of its flights: import them first")]
    NoFlightsImported,
    #[error(
        "a late registration is seated by a draw among the {seats} free seats at the tables with the fewest players: give one, 0 to {}",
        seats.saturating_sub(1)
    )]
    EntryDrawNeeded { seats: u32 },
    #[error("every table is full: a new entry waits for a seat")]
    TablesFull,
    #[error("player {player:?} has had his {max} re-entries (the profile's entries.reentries)")]
    ReentryLimit { player: PlayerId, max: u32 },
    #[error(
        "player {player:?} is not out: a re-entry is bought by a player out while entries are open"
    )]
    NotOut { player: PlayerId },
    #[error("player {player:?} was disqualified: he buys no new entry (TR-28)")]
    DisqualifiedNoEntry { player: PlayerId },
    #[error("player {player:?} surrendered (TDA rule 8B): he buys no new entry")]
    SurrenderedNoEntry { player: PlayerId },
    #[error("this profile has no rebuys (the profile's entries.rebuys is 0)")]
    NoRebuys,
    #[error(
        "the rebuy period ran until the end of level {until_level}; level {level} is playing (the profile's entries.rebuy_until_level)"
    )]
    RebuysOver { until_level: u32, level: u32 },
    #[error("this profile allows no double rebuy (the profile's entries.double_rebuy)")]
    NoDoubleRebuy,
    #[error(
        "player {player:?} has made {had} of his {max} rebuys (a double rebuy counts two; the profile's entries.rebuys)"
    )]
    RebuyLimit {
        player: PlayerId,
        max: u32,
        had: u32,
    },
    #[error(
        "player {player:?} has {stack} chips: a rebuy is made with {threshold} or fewer (the profile's entries.rebuy_at_or_below)"
    )]
    RebuyAbove {
        player: PlayerId,
        stack: u64,
        threshold: u64,
    },
    #[error(
        "player {player:?}'s seat is taken or his table broke: he takes a new seat by a re-entry"
    )]
    SeatGone { player: PlayerId },
    #[error("this profile has no add-on (the profile's entries.addon_chips is 0)")]
    NoAddOn,
    #[error(
        "the add-on is taken in level {level} (after the rebuy period, its break included); level {now} is playing"
    )]
    AddOnNotNow { level: u32, now: u32 },
    #[error("player {player:?} has taken the add-on already: once a player")]
    AddedOnAlready { player: PlayerId },
}

/// Why an entry of the hand in play cannot be corrected (TR-26, GCB-8): the
/// [`TournamentError::Correction`]. Each is its own `code`, for the pages' words.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum CorrectionRefused {
    #[error(
        "nothing can be corrected at this table now: the hand's last change was no dealer's entry (a ruling, a clock, a player acted for); the director rules (TR-26)"
    )]
    NothingToCorrect,
    #[error("this hand's entries that can be corrected are {first} to {last}; got {got} (TR-26)")]
    EntryOutOfRange { first: u32, last: u32, got: u32 },
    #[error(
        "a player at the table went away, came back or is under a penalty since: the hand cannot be played again as entered; the director rules (TR-26)"
    )]
    TableChangedSince,
    #[error(
        "entry {entry} is {command}: only a betting action (fold, check, call, bet, raise) is corrected this way; wrong cards are corrected with correct_hole_cards (TR-26)"
    )]
    NotABettingEntry { entry: u32, command: &'static str },
    #[error("entry {entry} already says that (TR-26)")]
    EntrySaysThat { entry: u32 },
    #[error(
        "entry {entry} is a fold: it is corrected only when the player's cards were retrieved, unseen by anyone (GCB-8)"
    )]
    FoldNotRetrieved { entry: u32 },
    #[error("the correction itself is refused: {why}")]
    CorrectionItselfRefused { why: Box<TournamentError> },
    #[error(
        "after the correction the hand is over before entry {entry} ({command}): it no longer stands; the director rules (TR-26)"
    )]
    HandOverBeforeEntry { entry: u32, command: &'static str },
    #[error(
        "after the correction, entry {entry} ({command}) no longer stands: {why}; the director rules (TR-26)"
    )]
    EntryNoLongerStands {
        entry: u32,
        command: &'static str,
        why: Box<TournamentError>,
    },
}

/// Why the levels not yet begun cannot be edited so (TR-5): the
/// [`TournamentError::LevelEdit`].
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum LevelEditRefused {
    #[error(
        "levels not yet begun can be changed: from level {first} to {last} (one past the last adds levels), with at least one level; got from {from} with {levels} levels (level {current} is in force)"
    )]
    LevelsNotBegun {
        first: u32,
        last: u32,
        from: u32,
        levels: usize,
        current: u32,
    },
    #[error("a schedule holds at most {most} levels; this would make {total}")]
    TooManyLevels { most: usize, total: usize },
    #[error(
        "level {level}: minutes 1 to {most} (none: the profile's {default_minutes}); got {minutes}"
    )]
    LevelMinutes {
        level: usize,
        most: u32,
        default_minutes: u32,
        minutes: u32,
    },
    #[error(
        "a break not yet begun: after level {current} to {last} (level {current} is in force), 0 (none) to {most} minutes; got after level {after}, {minutes} minutes"
    )]
    BreakNotBegun {
        current: u32,
        last: u32,
        most: u32,
        after: u32,
        minutes: u32,
    },
    #[error("there is no break after level {after} to take out")]
    NoBreakAfter { after: u32 },
    /// The schedule after the edit fails the profile's own checks (their words are English).
    #[error("{problem}")]
    ScheduleProblem { problem: String },
}

/// Why a table cannot be reserved (PLO-3): the [`TournamentError::Reservation`].
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum ReservationRefused {
    #[error("tables are reserved before the start; a late registration draws its seat")]
    ReservedBeforeStart,
    #[error("this profile draws every table (TR-1): there are no reservations")]
    EveryTableDrawn,
    #[error("a table 1 to {tables} with a seat left ({seats} a table); table {table} has {there}")]
    NoSeatToReserve {
        tables: u32,
        seats: u32,
        table: u32,
        there: u32,
    },
}

/// Why the button's draw is not taken (TR-2, NOB-10): the [`TournamentError::ButtonDraw`].
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum ButtonDrawRefused {
    #[error("a hand is in play; the button is drawn before the table's first hand")]
    HandInPlay,
    #[error(
        "the table has played; after its first hand the button moves one seat each hand (TR-9)"
    )]
    TableHasPlayed,
    #[error(
        "each player at the table draws one card: one card for each of seats {occupied:?}; got seats {drawn:?}"
    )]
    OneCardASeat { occupied: Vec<u32>, drawn: Vec<u32> },
}

/// Why a player cannot be removed as a no-show (TR-6, PLO-1): the [`TournamentError::NoShow`].
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum NoShowRefused {
    #[error("the player has been at the table since the start")]
    HasBeenThere,
    #[error("it is {now} seconds after the start")]
    TooEarly { now: u64 },
    #[error("the player has no seat")]
    NoSeatToFree,
}

/// The latest time a command may bring in: ten years into the tournament.
pub const MAX_SECONDS: u64 = 10 * 366 * 24 * 3600;

/// Refuses a time past [`MAX_SECONDS`] (the clock arithmetic stays in range).
fn check_time(got: u64) -> Result<(), TournamentError> {
    if got > MAX_SECONDS {
        return Err(TournamentError::Time {
            got,
            max: MAX_SECONDS,
        });
    }
    Ok(())
}

impl TournamentError {
    /// The rules that decided this refusal (empty when it is a plain state error).
    pub fn rules(&self) -> Vec<Rule> {
        match self {
            TournamentError::TooYoung { .. } => vec![Rule::Tr0a],
            TournamentError::BuyIn { .. } => vec![Rule::Tr0b],
            TournamentError::DisqualifiedNoEntry { .. } => vec![Rule::Tr28],
            TournamentError::Hand(r) => r.rules(),
            TournamentError::Race(_) => vec![Rule::Tr15],
            TournamentError::BreakPending(_) => vec![Rule::Tr17],
            TournamentError::OnBreak { .. } => vec![Rule::Tr5],
            TournamentError::RaceDue { .. } => vec![Rule::Tr15],
            TournamentError::NoShow { rule, .. } => vec![*rule],
            TournamentError::HiddenChips { .. } => vec![Rule::Tr20],
            TournamentError::ClockAdjust { .. }
            | TournamentError::NoLevel { .. }
            | TournamentError::LevelEdit(_) => vec![Rule::Tr5],
            TournamentError::PayoutShares { .. } | TournamentError::PayoutDecided { .. } => {
                vec![Rule::Nob16]
            }
            TournamentError::Reason { .. }
            | TournamentError::StackCount { .. }
            | TournamentError::TableHeld(_) => vec![Rule::Tr26],
            TournamentError::BalancingPause => vec![Rule::Plo2],
            TournamentError::DealForbidden { rule } => vec![*rule],
            TournamentError::Reservation(_) => vec![Rule::Plo3],
            TournamentError::BurnUnsaid => vec![Rule::TdaRp5],
            TournamentError::TableChoice { rule, .. }
            | TournamentError::ButtonNotDrawn { rule, .. }
            | TournamentError::ButtonDraw { rule, .. } => vec![*rule],
            TournamentError::Correction(CorrectionRefused::FoldNotRetrieved { .. }) => {
                vec![Rule::Gcb8]
            }
            TournamentError::Correction(_) => vec![Rule::Tr26],
            _ => Vec::new(),
        }
    }
}

/// A tournament under one profile. Serializable (without its event list), so a replay can
/// resume from a stored snapshot.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Tournament {
    pub profile: Profile,
    pub players: BTreeMap<PlayerId, Player>,
    pub tables: Vec<TableState>,
    pub level: usize,
    /// The events of the command being decided; [`Tournament::decide`] hands them out and
    /// leaves it empty.
    #[serde(skip)]
    out: Vec<TournamentEvent>,
    /// The latest time a command brought in.
    pub clock: u64,
    pub started: bool,
    pub finished: bool,
    next_hand: u64,
    places_left: u32,
    /// Chips forfeited as hidden (TR-20) and out of play, for the books.
    #[serde(default)]
    pub forfeited_chips: u64,
    /// Chips created or removed by chip races (TR-15), for the books.
    pub race_delta: i64,
    /// Chips that left play with removed no-shows (TR-6), for the books.
    #[serde(default)]
    pub removed_chips: u64,
    /// A table waiting for its players' seat draw (TR-17).
    #[serde(default)]
    pub pending_break: Option<TableNo>,
    /// NOB-8: the final table's restart has happened.
    #[serde(default)]
    pub final_table_done: bool,
    /// Play started on more than one table.
    #[serde(default)]
    pub multi_table: bool,
    /// The tables play started on and the players the smallest of them started with: TR-17
    /// breaks a table each time that many players are out.
    #[serde(default)]
    pub started_tables: u32,
    #[serde(default)]
    pub started_per_table: u32,
    /// The rules revision the tournament is decided by ([`crate::RULES_REVISION`] for a new
    /// one; an earlier chain's own when it is replayed). A snapshot without one is revision 1.
    #[serde(default = "first_revision")]
    pub revision: u32,
    /// PLO-3: the walk-ins (registered without a reservation) in the order they registered;
    /// a reservation that finds the field full puts the latest of them on the waiting list.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub walk_ins: Vec<PlayerId>,
    /// TR-17 (revision 5): moves announced while the mover's table plays a hand: (player,
    /// from, to).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending_moves: Vec<(PlayerId, TableNo, TableNo)>,
    /// The level clock (TR-5): the director's pauses and adjustments.
    #[serde(default, skip_serializing_if = "director::is_default_clock")]
    pub level_clock: LevelClock,
    /// Chips added (or taken) by the floor's counts (TR-26), for the books.
    #[serde(default)]
    pub count_delta: i64,
    /// The deal on the table or agreed (issue 39).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<deals::Deal>,
    /// The prizes paid out at the cashier's desk, in cents, by player (closing the night).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub prizes_paid: BTreeMap<PlayerId, u64>,
    /// Issue 39: the players out while entries are open, in the order they went out (those
    /// out in one hand worst first); placed when entries close.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub out_while_open: Vec<PlayerId>,
    /// Issue 39: the chips the entries after the start brought into play, for the books.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub entered_chips: u64,
    /// How many times a player's absence or time penalty was set: the dealer's kept entries
    /// hold the count they were made under, so that an entry sees whether anyone's went away
    /// or came back since without looking up every player at the table.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub away_changes: u64,
    /// Issue 39: entries after the start have closed (`EntriesClosed` is recorded).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub entries_closed: bool,
    /// Issue 39: bounties nobody won (a player disqualified, surrendered or removed), kept for
    /// the tournament's winner, in cents.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bounties_unclaimed: u64,
    /// Issue 39: rebuys by players out, each a new head (its bounty from the rebuy's price).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub rebuy_heads: u32,
    /// Issue 39: Day 2's flights imported so far, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flights: Vec<FlightResult>,
    /// Issue 39: Day 2's stacks carried from the flights, by player.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub carried: BTreeMap<PlayerId, u64>,
    /// Issue 39: a mystery bounty's envelopes left (None until they are filled).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub envelopes: Option<Vec<u64>>,
    /// Issue 39: the envelopes owed: the player out and those who knocked him out.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub envelopes_owed: Vec<(PlayerId, Vec<PlayerId>)>,
    /// The time the command being decided brings in.
    #[serde(skip)]
    now: u64,
}

fn first_revision() -> u32 {
    1
}

impl Tournament {
    /// A new tournament, decided by this build's rules revision.
    pub fn new(profile: Profile) -> Tournament {
        Tournament::under_revision(profile, crate::RULES_REVISION)
    }

    /// The readings of the rules revision the tournament is decided by.
    pub fn readings(&self) -> crate::readings::Readings {
        crate::readings::Readings::of(self.revision)
    }

    /// A tournament decided by rules revision `revision` (a recorded chain's own).
    pub fn under_revision(profile: Profile, revision: u32) -> Tournament {
        Tournament {
            revision,
            profile,
            players: BTreeMap::new(),
            tables: Vec::new(),
            level: 0,
            out: Vec::new(),
            clock: 0,
            started: false,
            finished: false,
            next_hand: 1,
            places_left: 0,
            race_delta: 0,
            forfeited_chips: 0,
            removed_chips: 0,
            pending_break: None,
            final_table_done: false,
            multi_table: false,
            started_tables: 0,
            started_per_table: 0,
            level_clock: LevelClock::default(),
            count_delta: 0,
            away_changes: 0,
            deal: None,
            prizes_paid: BTreeMap::new(),
            walk_ins: Vec::new(),
            pending_moves: Vec::new(),
            out_while_open: Vec::new(),
            entries_closed: false,
            entered_chips: 0,
            bounties_unclaimed: 0,
            rebuy_heads: 0,
            envelopes: None,
            envelopes_owed: Vec::new(),
            flights: Vec::new(),
            carried: BTreeMap::new(),
            now: 0,
        }
    }

    /// Decides `command` at `at` seconds into the tournament: the events it causes, each with
    /// the rules that decided it, or a refusal that changed nothing. The one way in for the
    /// simulator, the floor service and re-derivation.
    ///
    /// From rules revision 3 on, time only moves forward: a command earlier than the latest
    /// time a command brought in is refused, naming that time.
    pub fn decide(
        &mut self,
        command: &Command,
        at: u64,
    ) -> Result<Vec<TournamentEvent>, TournamentError> {
        check_time(at)?;
        if self.readings().time_only_forward && at < self.clock {
            return Err(TournamentError::TimeBackwards {
                at,
                head: self.clock,
            });
        }
        debug_assert!(
            self.out.is_empty(),
            "events left over from an earlier command"
        );
        // Every command checks all that can refuse it before it changes anything (the
        // property test in tests/invariants.rs holds it to that), except the start: it seats
        // the whole field once, and a copy made once per tournament keeps it whole.
        // Entries close at the first command past their last level (issue 39), before it is
        // decided; a copy made once keeps a refused command's state whole.
        self.now = at;
        let closing = self.entries_close_due(at);
        let filling = self.envelopes_due(at);
        let backup =
            (closing || filling || matches!(command, Command::Start { .. })).then(|| self.clone());
        if closing {
            self.close_entries();
        }
        // A mystery bounty's envelopes are filled at the first command in their level.
        if filling {
            self.fill_envelopes();
        }
        let result = self.apply(command, at).map(|()| {
            // The tournament's end closes them too: the players out are placed under the winner.
            if self.finished && !self.entries_closed && self.profile.entries.open_until_level() > 0
            {
                self.close_entries();
            }
        });
        let events = std::mem::take(&mut self.out);
        match result {
            Ok(()) => Ok(events),
            Err(e) => {
                let backup_taken = backup.is_some();
                if let Some(whole) = backup {
                    *self = whole;
                }
                debug_assert!(
                    events.is_empty() || backup_taken,
                    "{command:?} was refused ({e}) after it had decided {events:?}"
                );
                Err(e)
            }
        }
    }

    fn apply(&mut self, command: &Command, at: u64) -> Result<(), TournamentError> {
        // Revision 7: once the tournament is over, only a ruling, a prize paid out, cards
        // shown after the last hand (TR-3.5, TR-3.7) and a mystery envelope still owed are
        // recorded.
        if self.readings().closed_when_finished
            && self.finished
            && !matches!(
                command,
                Command::FloorRuling { .. }
                    | Command::PayPrize { .. }
                    | Command::DrawEnvelope { .. }
                    | Command::Hand {
                        action: HandCommand::ShowAfterHand { .. },
                        ..
                    }
            )
        {
            return Err(TournamentError::NotNow(
                "the tournament is over: only a ruling, a prize paid out, an envelope owed or cards shown after the last hand are recorded now",
            ));
        }
        match command {
            Command::Register {
                player,
                name,
                buy_in,
                age,
                table,
                member,
                draw,
            } => self.register(registration::Registration {
                player: *player,
                name,
                age: *age,
                buy_in,
                table: *table,
                member: member.as_deref(),
                draw: *draw,
            }),
            Command::Reenter {
                player,
                buy_in,
                draw,
            } => self.reenter(*player, buy_in, *draw),
            Command::Rebuy { player, double } => self.rebuy(*player, *double),
            Command::AddOn { player } => self.add_on(*player),
            Command::Surrender { player } => self.surrender(*player),
            Command::DrawEnvelope { from, draw } => self.draw_envelope(*from, *draw),
            Command::EndFlight => self.end_flight(),
            Command::ImportFlight { flight } => self.import_flight(flight),
            Command::Start {
                draw,
                button_seats,
                tables,
            } => self.start(draw, button_seats.as_deref(), *tables, at),
            Command::PlaceButton { table, draw } => self.place_button(*table, draw).map(|_| ()),
            Command::StartHand { table } => self.start_hand(*table, at).map(|_| ()),
            Command::Hand {
                table,
                action: action @ HandCommand::ShowAfterHand { .. },
            } => self.after_hand(*table, |h| h.apply(action)),
            // TDA-RP-5 D (revision 6): the dealer says whether the burn was dealt before the
            // premature cards: it stays burned, and RP-10 H counts it.
            Command::Hand {
                action: HandCommand::PrematureStudCards { burned: None, .. },
                ..
            } if self.readings().premature_cards_say_burn => Err(TournamentError::BurnUnsaid),
            Command::Hand { table, action } => self.act_entered(*table, action),
            Command::TakeBack { table } => self.take_back(*table),
            Command::CorrectEntry {
                table,
                entry,
                now,
                reason,
                cards_retrieved,
            } => self.correct_entry(*table, *entry, *now, reason, *cards_retrieved),
            Command::Sanction {
                player,
                offence,
                chips,
            } => self.sanction(*player, *offence, *chips, at).map(|_| ()),
            Command::FloorRuling {
                player,
                ruling,
                rule,
                overrides,
            } => {
                self.floor_ruling(*player, ruling, *rule, *overrides);
                Ok(())
            }
            Command::SetAbsent { player, absent } => self.set_absent(*player, *absent),
            Command::CallClock { table } => self.call_clock(*table, at).map(|_| ()),
            Command::CheckClock { table } => self.check_clock(*table, at).map(|_| ()),
            Command::ChipRace { table, cards } => self.run_chip_race(*table, cards, at),
            Command::RemoveNoShow { player } => self.remove_no_show(*player, at),
            Command::BreakTable { table, draw } => self.break_table(*table, draw),
            Command::Clock { action } => self.clock_action(*action, at),
            Command::EditLevels { from, levels } => self.edit_levels(*from, levels, at),
            Command::SetBreak { after, minutes } => self.set_break(*after, *minutes, at),
            Command::EditPayout { shares } => self.edit_payout(shares),
            Command::MovePlayer {
                player,
                table,
                seat,
                reason,
            } => self.move_by_ruling(*player, *table, *seat, reason),
            Command::BalanceNow => self.balance_now(),
            Command::ProposeDeal {
                method,
                left_to_play,
            } => self.propose_deal(*method, *left_to_play, at),
            Command::ConsentToDeal { player } => self.consent_to_deal(*player),
            Command::DeclineDeal { player } => self.decline_deal(*player),
            Command::PayPrize { player } => self.pay_prize(*player, at),
            Command::HoldTable {
                table,
                hold,
                reason,
            } => self.hold_table(*table, *hold, reason),
            Command::BreakTableNow { table, reason } => self.break_table_now(*table, reason),
            Command::SetStack {
                player,
                stack,
                reason,
            } => self.set_stack(*player, *stack, reason),
            Command::SeatPlayer {
                player,
                table,
                seat,
            } => self.seat_by_floor(*player, *table, *seat),
            Command::BustPlayer {
                player,
                winner,
                reason,
            } => self.bust_by_floor(*player, *winner, reason),
        }
    }
}

/// The tournament decides as every domain does, at the seconds into it.
impl floorbook_decide::Decide for Tournament {
    type Command = Command;
    type Event = TournamentEvent;
    type At = u64;
    type Refusal = TournamentError;

    fn decide(
        &mut self,
        command: &Command,
        at: u64,
    ) -> Result<Vec<TournamentEvent>, TournamentError> {
        Tournament::decide(self, command, at)
    }
}
