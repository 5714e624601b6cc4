//! What a cash room decides, each with the rules that decided it.

use floorbook_hand::HandEvent;
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::command::Offence;
use crate::{GuestId, SeatNo, TableNo};

/// A blind a guest missed (GCB-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Blind {
    Small,
    Big,
}

/// What a guest posts at the start of a hand, besides the table's blinds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PostKind {
    SmallBlind,
    BigBlind,
    /// A big blind posted live to come in (a new guest, or one back after missed blinds).
    BigBlindLive,
    /// GCB-6: a missed small blind, dead (into the pot, no part of his bet).
    SmallBlindDead,
    /// GCB-5: twice the big blind under the gun.
    Straddle,
}

/// A post at the start of a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Posted {
    pub guest: GuestId,
    pub kind: PostKind,
    pub amount: u64,
}

/// A guest dealt in: his seat and the stack that plays (GCB-13).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Dealt {
    pub guest: GuestId,
    pub seat: SeatNo,
    pub stack: u64,
}

/// Why a seated guest sits the hand out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SitsOut {
    /// He comes in only in the big blind (GCB-6, or his choice).
    WaitsForBigBlind,
    /// Coming in (new, moved, back) he is not dealt in on the button or in the small blind
    /// (GCB-10, the house's reading for every entry).
    ButtonOrSmallBlind,
}

/// What a guest coming back owes to be dealt in (GCB-6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Owes {
    /// A big blind, live.
    #[serde(default)]
    pub big_blind: bool,
    /// A small blind, dead.
    #[serde(default)]
    pub small_blind_dead: bool,
    /// He comes in only in the big blind.
    #[serde(default)]
    pub waits_for_big_blind: bool,
}

/// Why a seat was released.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Release {
    /// GCB-6: the house's count of missed-blind markers.
    Markers,
    /// GCB-7: all in again after the rebuy below the table stake.
    OutOfGame,
    /// GCB-1: removed from the poker area.
    Removed,
    /// GCB-10: refused to move to the main table.
    RefusedMove,
}

/// A decision of the cash room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum CashEvent {
    /// GCB-9: on the list, at `place` (1-based).
    Listed {
        guest: GuestId,
        name: String,
        game: String,
        place: u32,
    },
    /// GCB-9: off the list (he left it, or took a seat).
    Unlisted {
        guest: GuestId,
        game: String,
        seated: bool,
    },
    TableOpened {
        table: TableNo,
        game: String,
        main: bool,
        /// GCB-10: the main table's players and the guests waiting when a side table opened.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        counts: Option<(u32, u32)>,
    },
    /// GCB-10: a side table's last player left.
    TableClosed {
        table: TableNo,
    },
    /// A guest sat down with his buy-in; `owes`: what he posts to come in.
    Seated {
        guest: GuestId,
        name: String,
        table: TableNo,
        seat: SeatNo,
        buy_in: u64,
        owes: Owes,
    },
    /// GCB-7: a buy-in after losing the stack; `below_stake` is the one short rebuy.
    Rebought {
        guest: GuestId,
        amount: u64,
        below_stake: bool,
        owes: Owes,
    },
    ChipsAdded {
        guest: GuestId,
        amount: u64,
    },
    /// He left the table with `amount`.
    CashedOut {
        guest: GuestId,
        table: TableNo,
        seat: SeatNo,
        amount: u64,
    },
    /// Stepped away (GCB-1: folded when the action reaches him in a hand).
    Away {
        guest: GuestId,
    },
    /// Back at the table; `owes` what missed blinds ask (GCB-6), nothing when he missed none
    /// (GCB-7: dealt in at once).
    Back {
        guest: GuestId,
        owes: Owes,
    },
    /// GCB-6: a seat change; `owes` when it moved him more than the house's count away from
    /// the button.
    SeatChanged {
        guest: GuestId,
        from: SeatNo,
        to: SeatNo,
        seats_away: u32,
        owes: Owes,
    },
    /// GCB-6: a missed blind and his count of markers.
    MarkerGiven {
        guest: GuestId,
        blind: Blind,
        markers: u32,
    },
    /// The seat is given up and the chips in front of him go with him.
    SeatReleased {
        guest: GuestId,
        table: TableNo,
        seat: SeatNo,
        amount: u64,
        why: Release,
    },
    /// GCB-7: he lost his stack; he may buy in again (below the table stake once).
    Busted {
        guest: GuestId,
        table: TableNo,
    },
    /// A hand began: the button, the blinds, who is dealt in and what each posted; who sits out.
    HandStarted {
        table: TableNo,
        hand: u64,
        button: SeatNo,
        small_blind: Option<SeatNo>,
        big_blind: SeatNo,
        dealt: Vec<Dealt>,
        posted: Vec<Posted>,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        sitting_out: Vec<(GuestId, SitsOut)>,
        rules: RuleSet,
    },
    /// A step of the hand at a table.
    InHand {
        table: TableNo,
        hand: u64,
        event: HandEvent,
    },
    /// The dealer took back the hand's last entry (an entry error): the hand is as it was
    /// before it; the hand's last `events` events are void. A correction of the record, which
    /// no rule of the house decides.
    EntryTakenBack {
        table: TableNo,
        hand: u64,
        command: String,
        events: u32,
    },
    /// GCB-1: a guest who left the table without a word has folded when the action reached him.
    FoldedAway {
        guest: GuestId,
        table: TableNo,
    },
    /// The hand is over; the stacks as they stand.
    HandFinished {
        table: TableNo,
        hand: u64,
        stacks: Vec<(GuestId, u64)>,
    },
    /// GCB-1 (GCB-8): a warning and his count.
    Warned {
        guest: GuestId,
        offence: Offence,
        count: u32,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// GCB-1: the house's count of warnings: he leaves the poker area (at the end of his hand
    /// if he is in one).
    Removed {
        guest: GuestId,
    },
    /// GCB-1: the gaming shift manager's ruling, final.
    Ruling {
        guest: Option<GuestId>,
        ruling: String,
    },
    /// GCB-10: the next side-table player on the list must move to the main table.
    MustMoveCalled {
        guest: GuestId,
        from: TableNo,
        to: TableNo,
        main_players: u32,
        side_players: u32,
    },
    /// GCB-10: he moved with his table stake; he plays at once without a blind, except on the
    /// button or in the small blind.
    Moved {
        guest: GuestId,
        from: (TableNo, SeatNo),
        to: (TableNo, SeatNo),
        stack: u64,
    },
    /// GCB-10: he refused to move; his day is over.
    DayEnded {
        guest: GuestId,
    },
}

impl CashEvent {
    /// The rules that decided it.
    pub fn rules(&self) -> RuleSet {
        let r = |ids: &[Rule]| RuleSet::of(ids);
        match self {
            CashEvent::Listed { .. } | CashEvent::Unlisted { .. } => r(&[Rule::Gcb9]),
            CashEvent::TableOpened { main: false, .. } | CashEvent::TableClosed { .. } => {
                r(&[Rule::Gcb10])
            }
            CashEvent::TableOpened { .. } => RuleSet::EMPTY,
            CashEvent::Seated { owes, .. } => {
                if owes.big_blind || owes.small_blind_dead {
                    r(&[Rule::Gcb7, Rule::Gcb6])
                } else {
                    r(&[Rule::Gcb7])
                }
            }
            CashEvent::Rebought { .. } => r(&[Rule::Gcb7]),
            CashEvent::ChipsAdded { .. } | CashEvent::CashedOut { .. } => r(&[Rule::Gcb13]),
            CashEvent::Away { .. } => r(&[Rule::Gcb1]),
            CashEvent::Back { owes, .. } => {
                if *owes == Owes::default() {
                    r(&[Rule::Gcb7])
                } else {
                    r(&[Rule::Gcb6])
                }
            }
            CashEvent::SeatChanged { .. } | CashEvent::MarkerGiven { .. } => r(&[Rule::Gcb6]),
            CashEvent::SeatReleased { why, .. } => match why {
                Release::Markers => r(&[Rule::Gcb6]),
                Release::OutOfGame => r(&[Rule::Gcb7]),
                Release::Removed => r(&[Rule::Gcb1]),
                Release::RefusedMove => r(&[Rule::Gcb10]),
            },
            CashEvent::Busted { .. } => r(&[Rule::Gcb7]),
            CashEvent::HandStarted { rules, .. } => *rules,
            CashEvent::InHand { event, .. } => event.rules(),
            CashEvent::FoldedAway { .. } => r(&[Rule::Gcb1]),
            CashEvent::EntryTakenBack { .. } => RuleSet::EMPTY,
            CashEvent::HandFinished { .. } => RuleSet::EMPTY,
            CashEvent::Warned { offence, .. } => match offence {
                Offence::ExposedCards => r(&[Rule::Gcb1, Rule::Gcb8]),
                _ => r(&[Rule::Gcb1]),
            },
            CashEvent::Removed { .. } | CashEvent::Ruling { .. } => r(&[Rule::Gcb1]),
            CashEvent::MustMoveCalled { .. }
            | CashEvent::Moved { .. }
            | CashEvent::DayEnded { .. } => r(&[Rule::Gcb10]),
        }
    }

    /// The event's type as the chain names it (`SeatReleased`).
    pub fn event_type(&self) -> &'static str {
        match self {
            CashEvent::Listed { .. } => "Listed",
            CashEvent::Unlisted { .. } => "Unlisted",
            CashEvent::TableOpened { .. } => "TableOpened",
            CashEvent::TableClosed { .. } => "TableClosed",
            CashEvent::Seated { .. } => "Seated",
            CashEvent::Rebought { .. } => "Rebought",
            CashEvent::ChipsAdded { .. } => "ChipsAdded",
            CashEvent::CashedOut { .. } => "CashedOut",
            CashEvent::Away { .. } => "Away",
            CashEvent::Back { .. } => "Back",
            CashEvent::SeatChanged { .. } => "SeatChanged",
            CashEvent::MarkerGiven { .. } => "MarkerGiven",
            CashEvent::SeatReleased { .. } => "SeatReleased",
            CashEvent::Busted { .. } => "Busted",
            CashEvent::HandStarted { .. } => "HandStarted",
            CashEvent::InHand { .. } => "InHand",
            CashEvent::FoldedAway { .. } => "FoldedAway",
            CashEvent::EntryTakenBack { .. } => "EntryTakenBack",
            CashEvent::HandFinished { .. } => "HandFinished",
            CashEvent::Warned { .. } => "Warned",
            CashEvent::Removed { .. } => "Removed",
            CashEvent::Ruling { .. } => "Ruling",
            CashEvent::MustMoveCalled { .. } => "MustMoveCalled",
            CashEvent::Moved { .. } => "Moved",
            CashEvent::DayEnded { .. } => "DayEnded",
        }
    }
}
