//! What a dealer, the floor or the shift manager asks of a cash room: one [`CashCommand`],
//! decided by [`CashRoom::decide`](crate::CashRoom::decide) at a time the caller brings in.

use floorbook_hand::HandCommand;
use serde::{Deserialize, Serialize};

use crate::{GuestId, SeatNo, TableNo};

/// A command to the cash room. Times are not part of it: each is decided at the time given
/// beside it (seconds since the room opened).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum CashCommand {
    /// GCB-9: a guest who reported in person to the table chief (or higher) goes on a game's
    /// waiting list. `in_person: false` (a phone call) is refused.
    JoinList {
        guest: GuestId,
        name: String,
        game: String,
        in_person: bool,
        /// The member of the club's register he is (issue 24); his name is the register's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<String>,
    },
    /// GCB-9: a guest leaves the waiting list.
    LeaveList { guest: GuestId, game: String },
    /// The floor opens a table: a game's main table, or its side table when GCB-10 allows.
    OpenTable { table: TableNo },
    /// A guest takes a free seat with a buy-in of at least the table stake (GCB-7): the first
    /// on the list (GCB-9), or anyone when nobody waits. `wait_for_big_blind`: he sits out
    /// until the big blind reaches him instead of posting one to come in at once.
    Seat {
        guest: GuestId,
        /// Needed when the guest is new to the room (not on a list).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        table: TableNo,
        seat: SeatNo,
        buy_in: u64,
        #[serde(default)]
        wait_for_big_blind: bool,
        /// The member of the club's register he is (issue 24).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<String>,
    },
    /// GCB-7: a guest who lost his stack buys in again; below the table stake only once.
    Rebuy { guest: GuestId, amount: u64 },
    /// A guest adds money between his hands (GCB-13), not after a rebuy below the table
    /// stake (GCB-7).
    AddChips { guest: GuestId, amount: u64 },
    /// GCB-13: chips taken off the table while playing: always refused.
    TakeChips { guest: GuestId, amount: u64 },
    /// A guest leaves the table with everything in front of him (between his hands).
    CashOut { guest: GuestId },
    /// A guest steps away from the table (GCB-1: in a hand, he has folded when the action
    /// reaches him) or comes back (GCB-6, GCB-7: what he owes to be dealt in).
    SetAway { guest: GuestId, away: bool },
    /// GCB-6: a guest changes seat at his table; more than the house's count of occupied
    /// seats away from the button, he posts both blinds (`post_both`) or waits for the big
    /// blind.
    ChangeSeat {
        guest: GuestId,
        seat: SeatNo,
        #[serde(default)]
        post_both: bool,
    },
    /// GCB-10: the called side-table player moves to the main table's free seat with his
    /// table stake.
    AcceptMove { guest: GuestId, seat: SeatNo },
    /// GCB-10: the called player refuses to move: his day is over.
    RefuseMove { guest: GuestId },
    /// GCB-1 (and GCB-8 for exposed cards): a warning; the house's count removes him.
    Warn {
        guest: GuestId,
        offence: Offence,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// GCB-1: the gaming shift manager decides a case the rules do not list; final.
    Ruling {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guest: Option<GuestId>,
        ruling: String,
    },
    /// The next hand at a table. `button`: the seat the floor's draw gave the button, for a
    /// table's first hand only. `straddle`: the player under the gun straddles (GCB-5).
    StartHand {
        table: TableNo,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        button: Option<SeatNo>,
        #[serde(default)]
        straddle: bool,
    },
    /// A dealer's or player's action in the hand at a table (or, for a show after the hand,
    /// in its last hand).
    Hand { table: TableNo, action: HandCommand },
    /// The dealer takes back the hand's last entry at `table` (an entry error) while nothing
    /// has followed it.
    TakeBack { table: TableNo },
}

/// GCB-1's offences (and GCB-8's early exposure, warned after the hand).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offence {
    /// Showing one's cards to another guest.
    ShowingCards,
    /// Having another player or the dealer act for him.
    ActingForAnother,
    /// Not waiting for his turn.
    NotWaitingTurn,
    /// Cards not kept visible.
    CardsHidden,
    /// Not speaking German at the table during a hand.
    Language,
    /// An electronic device used during a hand, sunglasses or a hat (table manners).
    TableManners,
    /// GCB-8: cards exposed too early (warned after the hand).
    ExposedCards,
}

impl CashCommand {
    /// The table the command acts at, if it is a table's.
    pub fn table(&self) -> Option<TableNo> {
        match self {
            CashCommand::StartHand { table, .. }
            | CashCommand::Hand { table, .. }
            | CashCommand::TakeBack { table } => Some(*table),
            _ => None,
        }
    }
}
