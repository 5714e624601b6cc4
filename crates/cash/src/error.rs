//! Why a cash room refused a command: each refusal names its rule and what was allowed.
//! Nothing changed.

use floorbook_hand::Rejection;
use floorbook_rules::Rule;
use thiserror::Error;

use crate::{GuestId, SeatNo, TableNo};

/// A command the room refuses; nothing changes. Serialized as its `code` and `args`, for a
/// terminal that words it in its own language.
#[derive(Debug, Clone, PartialEq, Eq, Error, serde::Serialize)]
#[serde(tag = "code", content = "args", rename_all = "snake_case")]
pub enum CashError {
    #[error(
        "GCB-9: only a guest who reports in person to the table chief (or higher) goes on the list; no phone entries"
    )]
    NotInPerson,
    #[error("GCB-9: guest {guest} is already on the {game} list, at place {place}")]
    AlreadyListed {
        guest: GuestId,
        game: String,
        place: u32,
    },
    #[error("GCB-9: guest {guest} is not on the {game} list")]
    NotListed { guest: GuestId, game: String },
    #[error("GCB-9: seats are offered in list order; first on the {game} list: guest {first}")]
    NotFirstOnList { game: String, first: GuestId },
    #[error("no game {0:?}; the games are: {1}")]
    NoGame(String, String),
    #[error("no table {0}; the tables are: {1}")]
    NoTable(TableNo, String),
    #[error("table {0} is not open")]
    TableClosed(TableNo),
    #[error("table {0} is already open")]
    TableOpen(TableNo),
    #[error(
        "GCB-10: table {table} opens when the main table {main} is full ({seated} of {seats} seated) and {needed} guests wait ({waiting} do)"
    )]
    SideTableNotDue {
        table: TableNo,
        main: TableNo,
        seated: u32,
        seats: u32,
        waiting: u32,
        needed: u32,
    },
    #[error("seat {seat} at table {table}: the seats are 1 to {seats} (GCB-12)")]
    NoSeat {
        table: TableNo,
        seat: SeatNo,
        seats: u32,
    },
    #[serde(rename = "seat_taken_at_table")]
    #[error("seat {seat} at table {table} is taken")]
    SeatTaken { table: TableNo, seat: SeatNo },
    #[error("guest {guest} already sits at table {table}, seat {seat}")]
    AlreadySeated {
        guest: GuestId,
        table: TableNo,
        seat: SeatNo,
    },
    #[error(
        "GCB-10: nobody changes from the main table {main} to table {table} directly; he stands up, and after {minutes} minutes may sit at a side table"
    )]
    NoDirectChange {
        main: TableNo,
        table: TableNo,
        minutes: u32,
    },
    #[error(
        "GCB-10: guest {guest} stood up from the main table; he may sit at a side table from {from} s (now {now} s)"
    )]
    SideTableWait { guest: GuestId, from: u64, now: u64 },
    #[error(
        "GCB-10: while side table {side} plays, main-table seats go to its players by the must-move list"
    )]
    MainTableByMustMove { side: TableNo },
    #[error("guest {0} is not seated")]
    NotSeated(GuestId),
    #[error("a new guest needs a name (1 to 100 bytes)")]
    NameNeeded,
    #[serde(rename = "cash_buy_in")]
    #[error(
        "GCB-7: a buy-in is the table stake at least and {max} at most; {got} is outside {min}..={max}"
    )]
    BuyIn { got: u64, min: u64, max: u64 },
    #[error(
        "GCB-7: a rebuy needs the stack lost; guest {guest} has {stack} in front (add chips between hands instead)"
    )]
    NotBusted { guest: GuestId, stack: u64 },
    #[error("GCB-7: the one rebuy below the table stake is used; a rebuy now is {min} at least")]
    ShortRebuyUsed { min: u64 },
    #[error("GCB-7: after a rebuy below the table stake no money is added between hands")]
    NoAddAfterShortRebuy,
    #[error("GCB-7: guest {guest} has lost his stack: that is a rebuy")]
    AddToEmpty { guest: GuestId },
    #[error(
        "GCB-13: no money is added during a hand; guest {guest} is in the hand at table {table}"
    )]
    AddDuringHand { guest: GuestId, table: TableNo },
    #[error(
        "GCB-13: the table stake stays on the table while he plays; guest {guest} may leave with all of it between his hands"
    )]
    TakeOffTable { guest: GuestId },
    #[error("GCB-13: guest {guest} is in the hand at table {table}; he leaves when it is over")]
    InHand { guest: GuestId, table: TableNo },
    #[error(
        "GCB-13: chips added between hands: {got} is outside 1 to {max} (the game's most in front, less the stack)"
    )]
    Amount { got: u64, max: u64 },
    #[error("guest {guest} is {}", if *away { "away already" } else { "at the table" })]
    AwayAlready { guest: GuestId, away: bool },
    #[error("GCB-10: guest {guest} is not called to move; {}", called.map_or_else(|| "nobody is".to_string(), |c| format!("guest {c} is")))]
    NotCalled {
        guest: GuestId,
        called: Option<GuestId>,
    },
    #[error("GCB-10: the move goes to a free seat at the main table {main}")]
    MoveSeat { main: TableNo },
    #[error("GCB-1: guest {0} was removed from the poker area")]
    Removed(GuestId),
    #[error("GCB-10: guest {0} refused to move; his day is over")]
    DayOver(GuestId),
    #[error("GCB-6: a seat change is to another free seat at the same table")]
    SameSeat,
    #[error("a reason or ruling of 1 to {max} bytes (got {got})")]
    Text { got: usize, max: usize },
    #[error("GCB-5: {0}")]
    Straddle(StraddleBarred),
    #[error(
        "the first hand at table {0} needs the button's seat from the floor's draw (a seated guest's seat)"
    )]
    ButtonNeeded(TableNo),
    #[error("the button was placed by the first hand's draw; table {0} moves it by the rules")]
    ButtonPlaced(TableNo),
    #[serde(rename = "too_few_players_at_table")]
    #[error("GCB-12: a hand needs two players dealt in; {0} can play at this table")]
    TooFewPlayers(u32),
    #[error("a hand is in progress at table {0}")]
    HandInProgress(TableNo),
    #[error("no hand in progress at table {0}")]
    NoHand(TableNo),
    #[error(
        "there is no entry to take back at table {0}: only the hand's last entry, once, while nothing has followed it; later the house rules on it"
    )]
    NothingToTakeBack(TableNo),
    #[error("no finished hand at table {0} (cards are shown after a hand, before the next)")]
    NoLastHand(TableNo),
    #[serde(rename = "cash_time_backwards")]
    #[error("time {at} s is before the last command's {latest} s; time only moves forward")]
    TimeBackwards { at: u64, latest: u64 },
    #[error(transparent)]
    Hand(#[from] Rejection),
}

impl CashError {
    /// The rules the refusal names.
    pub fn rules(&self) -> Vec<Rule> {
        use CashError::*;
        match self {
            NotInPerson | AlreadyListed { .. } | NotListed { .. } | NotFirstOnList { .. } => {
                vec![Rule::Gcb9]
            }
            SideTableNotDue { .. }
            | NoDirectChange { .. }
            | SideTableWait { .. }
            | MainTableByMustMove { .. }
            | NotCalled { .. }
            | MoveSeat { .. }
            | DayOver(_) => vec![Rule::Gcb10],
            NoSeat { .. } | TooFewPlayers(_) => vec![Rule::Gcb12],
            BuyIn { .. }
            | NotBusted { .. }
            | ShortRebuyUsed { .. }
            | NoAddAfterShortRebuy
            | AddToEmpty { .. } => vec![Rule::Gcb7],
            AddDuringHand { .. } | TakeOffTable { .. } | InHand { .. } | Amount { .. } => {
                vec![Rule::Gcb13]
            }
            Removed(_) => vec![Rule::Gcb1],
            SameSeat => vec![Rule::Gcb6],
            Straddle(_) => vec![Rule::Gcb5],
            Hand(r) => r.rules(),
            _ => Vec::new(),
        }
    }
}

/// Why a hand cannot start with a straddle (GCB-5): the [`CashError::Straddle`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error, serde::Serialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub enum StraddleBarred {
    #[error("this game has no straddle")]
    NoStraddleInGame,
    #[error("heads-up there is no player under the gun")]
    HeadsUpNoStraddle,
}
