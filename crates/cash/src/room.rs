//! The cash room: its guests, tables, waiting lists and must-move lists, and the hands played
//! at its tables. [`CashRoom::decide`] is the one way in.

use std::collections::BTreeMap;

use floorbook_hand::{Chips, Hand, HandCommand, HandSetup, Phase, Pos, ShowOrMuck, Turns};
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::command::{CashCommand, Offence};
use crate::error::{CashError, StraddleBarred};
use crate::event::{Blind, CashEvent, Dealt, Owes, PostKind, Posted, Release, SitsOut};
use crate::profile::{CashProfile, Game};
use crate::{GuestId, SeatNo, TableNo};

/// The longest name, reason or ruling, in bytes.
pub const MAX_TEXT: usize = 500;
/// The longest guest name, in bytes.
pub const MAX_NAME: usize = 100;

/// A guest at his seat: the session's money and his place in the blinds.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Sitting {
    pub table: TableNo,
    pub seat: SeatNo,
    /// In front of him between hands (in a hand, the hand holds his chips).
    pub stack: u64,
    /// Money brought to this seat: buy-in, rebuys, chips added.
    pub bought_in: u64,
    /// GCB-7: the one rebuy below the table stake is taken.
    #[serde(default)]
    pub short_rebuy: bool,
    #[serde(default)]
    pub away: bool,
    /// GCB-6: missed-blind markers.
    #[serde(default)]
    pub markers: u32,
    #[serde(default)]
    pub missed_small: bool,
    #[serde(default)]
    pub missed_big: bool,
    /// Dealt in by his position: he posts the blinds as they come round. A guest coming in
    /// (new, moved, back after missed blinds) is not, until he is dealt in.
    #[serde(default)]
    pub in_rotation: bool,
    /// What he posts to come in.
    #[serde(default)]
    pub owes: Owes,
}

/// A guest of the room.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Guest {
    pub id: GuestId,
    pub name: String,
    #[serde(default)]
    pub warnings: u32,
    /// GCB-1: removed from the poker area.
    #[serde(default)]
    pub removed: bool,
    /// GCB-10: refused a must-move.
    #[serde(default)]
    pub day_over: bool,
    /// GCB-10: when he last stood up from a main table, and its game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_main: Option<(String, u64)>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sitting: Option<Sitting>,
    /// The member of the club's register he is, where the floor named one (issue 24).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
}

/// A hand in progress: its number, the hand, who sits at each position.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Running {
    pub no: u64,
    pub hand: Hand,
    pub guests: Vec<GuestId>,
    pub button: SeatNo,
    /// Where the small blind was due (posted, or dead).
    pub small_blind_seat: SeatNo,
    pub small_blind: Option<SeatNo>,
    pub big_blind: SeatNo,
    /// The hand's last entry, which the dealer may take back while nothing follows it: its
    /// command, the hand before it, and the hand's event count right after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undo: Option<Box<(String, Hand, usize)>>,
}

/// A table of the room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CashTable {
    pub no: TableNo,
    pub game: String,
    pub open: bool,
    /// Guests by seat (index 0 is seat 1).
    pub seats: Vec<Option<GuestId>>,
    pub hand: Option<Running>,
    /// The last finished hand, for cards shown after it.
    pub last_hand: Option<(u64, Hand, Vec<GuestId>)>,
    /// Where the last hand's big blind, small blind (even a dead one) and button were.
    pub last_big_blind: Option<SeatNo>,
    pub last_small_blind: Option<SeatNo>,
    pub last_button: Option<SeatNo>,
    pub hands_played: u64,
}

/// A game's waiting list and must-move list.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Lists {
    /// GCB-9: in the order guests reported.
    pub waiting: Vec<GuestId>,
    /// GCB-10: side-table players in the order they sat down there.
    pub must_move: Vec<GuestId>,
    /// GCB-10: the player called to move, if any.
    pub called: Option<GuestId>,
}

/// The cash room: a deterministic state machine over commands and times.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CashRoom {
    profile: CashProfile,
    guests: BTreeMap<GuestId, Guest>,
    tables: BTreeMap<TableNo, CashTable>,
    lists: BTreeMap<String, Lists>,
    latest: u64,
    hands: u64,
    /// Money in: buy-ins, rebuys, chips added; out: cash-outs and released seats.
    money_in: u64,
    money_out: u64,
    /// The readings the room decides by ([`crate::CASH_RULES_REVISION`] for a new room; a
    /// recorded room's own, so that it re-derives as it was decided).
    #[serde(default = "first_revision")]
    revision: u32,
    #[serde(skip)]
    out: Vec<CashEvent>,
    #[serde(skip)]
    now: u64,
}

impl CashRoom {
    /// A room under `profile` (checked by the caller: [`CashProfile::check`]), decided by this
    /// build's readings.
    pub fn new(profile: CashProfile) -> CashRoom {
        CashRoom::under_revision(profile, crate::CASH_RULES_REVISION)
    }

    /// A room decided by the readings of `revision` (1 to [`crate::CASH_RULES_REVISION`]: the
    /// revision a recorded room was opened under).
    pub fn under_revision(profile: CashProfile, revision: u32) -> CashRoom {
        let mut tables = BTreeMap::new();
        let mut lists = BTreeMap::new();
        for g in &profile.games {
            lists.insert(g.id.clone(), Lists::default());
            for &t in &g.tables {
                tables.insert(
                    t,
                    CashTable {
                        no: t,
                        game: g.id.clone(),
                        open: false,
                        seats: vec![None; g.seats as usize],
                        hand: None,
                        last_hand: None,
                        last_big_blind: None,
                        last_small_blind: None,
                        last_button: None,
                        hands_played: 0,
                    },
                );
            }
        }
        CashRoom {
            profile,
            guests: BTreeMap::new(),
            tables,
            lists,
            latest: 0,
            hands: 0,
            money_in: 0,
            money_out: 0,
            revision,
            out: Vec::new(),
            now: 0,
        }
    }

    pub fn profile(&self) -> &CashProfile {
        &self.profile
    }

    /// The readings the room decides by.
    pub fn revision(&self) -> u32 {
        self.revision
    }

    /// The readings of the revision the room decides by.
    pub fn readings(&self) -> crate::readings::Readings {
        crate::readings::Readings::of(self.revision)
    }

    /// The latest time a command was decided at (seconds since the room opened).
    pub fn latest(&self) -> u64 {
        self.latest
    }

    pub fn guests(&self) -> &BTreeMap<GuestId, Guest> {
        &self.guests
    }

    pub fn tables(&self) -> &BTreeMap<TableNo, CashTable> {
        &self.tables
    }

    pub fn lists(&self) -> &BTreeMap<String, Lists> {
        &self.lists
    }

    /// Money brought to the tables and money taken from them.
    pub fn money(&self) -> (u64, u64) {
        (self.money_in, self.money_out)
    }

    /// Every chip at the tables: stacks between hands and everything in the running hands.
    pub fn chips_at_tables(&self) -> u64 {
        let mut sum = 0u64;
        for g in self.guests.values() {
            if let Some(s) = &g.sitting {
                let in_hand = self.tables.get(&s.table).and_then(|t| t.hand.as_ref());
                if !in_hand.is_some_and(|r| r.guests.contains(&g.id)) {
                    sum += s.stack;
                }
            }
        }
        for t in self.tables.values() {
            if let Some(r) = &t.hand {
                sum += r.hand.total_chips().0;
            }
        }
        sum
    }

    /// The running hand at a table.
    pub fn hand(&self, table: TableNo) -> Option<&Running> {
        self.tables.get(&table).and_then(|t| t.hand.as_ref())
    }

    /// Decides `command` at `at` (seconds since the room opened): the events it caused, or a
    /// refusal that changed nothing.
    pub fn decide(&mut self, command: &CashCommand, at: u64) -> Result<Vec<CashEvent>, CashError> {
        if at < self.latest {
            return Err(CashError::TimeBackwards {
                at,
                latest: self.latest,
            });
        }
        let mut next = self.clone();
        next.now = at;
        next.out.clear();
        next.apply(command)?;
        next.latest = at;
        let events = std::mem::take(&mut next.out);
        *self = next;
        Ok(events)
    }

    /// Keeps the member a guest was named as (the first one named for him stays).
    fn note_member(&mut self, guest: GuestId, member: &Option<String>) {
        if let (Some(m), Some(g)) = (member, self.guests.get_mut(&guest))
            && g.member.is_none()
        {
            g.member = Some(m.clone());
        }
    }

    fn apply(&mut self, c: &CashCommand) -> Result<(), CashError> {
        match c {
            CashCommand::JoinList {
                guest,
                name,
                game,
                in_person,
                member,
            } => {
                self.join_list(*guest, name, game, *in_person)?;
                self.note_member(*guest, member);
                Ok(())
            }
            CashCommand::LeaveList { guest, game } => self.leave_list(*guest, game),
            CashCommand::OpenTable { table } => self.open_table(*table),
            CashCommand::Seat {
                guest,
                name,
                table,
                seat,
                buy_in,
                wait_for_big_blind,
                member,
            } => {
                self.seat(
                    *guest,
                    name.as_deref(),
                    *table,
                    *seat,
                    *buy_in,
                    *wait_for_big_blind,
                )?;
                self.note_member(*guest, member);
                Ok(())
            }
            CashCommand::Rebuy { guest, amount } => self.rebuy(*guest, *amount),
            CashCommand::AddChips { guest, amount } => self.add_chips(*guest, *amount),
            CashCommand::TakeChips { guest, .. } => {
                self.sitting(*guest)?;
                Err(CashError::TakeOffTable { guest: *guest })
            }
            CashCommand::CashOut { guest } => self.cash_out(*guest),
            CashCommand::SetAway { guest, away } => self.set_away(*guest, *away),
            CashCommand::ChangeSeat {
                guest,
                seat,
                post_both,
            } => self.change_seat(*guest, *seat, *post_both),
            CashCommand::AcceptMove { guest, seat } => self.accept_move(*guest, *seat),
            CashCommand::RefuseMove { guest } => self.refuse_move(*guest),
            CashCommand::Warn {
                guest,
                offence,
                note,
            } => self.warn(*guest, *offence, note),
            CashCommand::Ruling { guest, ruling } => {
                check_text(ruling, MAX_TEXT)?;
                if let Some(g) = guest {
                    self.guest(*g)?;
                }
                self.out.push(CashEvent::Ruling {
                    guest: *guest,
                    ruling: ruling.clone(),
                });
                Ok(())
            }
            CashCommand::StartHand {
                table,
                button,
                straddle,
            } => self.start_hand(*table, *button, *straddle),
            CashCommand::Hand { table, action } => self.hand_action(*table, action),
            CashCommand::TakeBack { table } => self.take_back(*table),
        }
    }

    // ----- lookups -----

    fn guest(&self, id: GuestId) -> Result<&Guest, CashError> {
        self.guests.get(&id).ok_or(CashError::NotSeated(id))
    }

    fn sitting(&self, id: GuestId) -> Result<&Sitting, CashError> {
        self.guests
            .get(&id)
            .and_then(|g| g.sitting.as_ref())
            .ok_or(CashError::NotSeated(id))
    }

    fn sitting_mut(&mut self, id: GuestId) -> Result<&mut Sitting, CashError> {
        self.guests
            .get_mut(&id)
            .and_then(|g| g.sitting.as_mut())
            .ok_or(CashError::NotSeated(id))
    }

    fn game(&self, id: &str) -> Result<&Game, CashError> {
        self.profile.game(id).ok_or_else(|| {
            CashError::NoGame(
                id.to_string(),
                self.profile
                    .games
                    .iter()
                    .map(|g| g.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            )
        })
    }

    fn table(&self, no: TableNo) -> Result<&CashTable, CashError> {
        self.tables.get(&no).ok_or_else(|| {
            CashError::NoTable(
                no,
                self.tables
                    .keys()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            )
        })
    }

    fn table_mut(&mut self, no: TableNo) -> Result<&mut CashTable, CashError> {
        self.table(no)?;
        self.tables
            .get_mut(&no)
            .ok_or_else(|| CashError::NoTable(no, String::new()))
    }

    fn game_of_table(&self, no: TableNo) -> Result<Game, CashError> {
        let t = self.table(no)?;
        self.game(&t.game).cloned()
    }

    fn seated_count(&self, no: TableNo) -> u32 {
        self.tables
            .get(&no)
            .map_or(0, |t| t.seats.iter().filter(|s| s.is_some()).count() as u32)
    }

    /// Whether the guest is dealt in the running hand at his table (folded or not).
    fn dealt_in_running(&self, id: GuestId) -> Option<TableNo> {
        let s = self.guests.get(&id)?.sitting.as_ref()?;
        let r = self.tables.get(&s.table)?.hand.as_ref()?;
        r.guests.contains(&id).then_some(s.table)
    }

    // ----- the waiting list (GCB-9) -----

    fn check_may_play(&self, id: GuestId) -> Result<(), CashError> {
        if let Some(g) = self.guests.get(&id) {
            if g.removed {
                return Err(CashError::Removed(id));
            }
            if g.day_over {
                return Err(CashError::DayOver(id));
            }
        }
        Ok(())
    }

    fn join_list(
        &mut self,
        guest: GuestId,
        name: &str,
        game: &str,
        in_person: bool,
    ) -> Result<(), CashError> {
        self.game(game)?;
        if !in_person {
            return Err(CashError::NotInPerson);
        }
        check_name(name)?;
        self.check_may_play(guest)?;
        let list = self.lists.get(game).cloned().unwrap_or_default();
        if let Some(i) = list.waiting.iter().position(|g| *g == guest) {
            return Err(CashError::AlreadyListed {
                guest,
                game: game.to_string(),
                place: i as u32 + 1,
            });
        }
        if let Some(s) = self.guests.get(&guest).and_then(|g| g.sitting.as_ref())
            && self.tables.get(&s.table).is_some_and(|t| t.game == game)
        {
            return Err(CashError::AlreadySeated {
                guest,
                table: s.table,
                seat: s.seat,
            });
        }
        let g = self.guests.entry(guest).or_insert_with(|| Guest {
            id: guest,
            name: name.to_string(),
            warnings: 0,
            removed: false,
            day_over: false,
            left_main: None,
            sitting: None,
            member: None,
        });
        let name = g.name.clone();
        let l = self.lists.entry(game.to_string()).or_default();
        l.waiting.push(guest);
        let place = l.waiting.len() as u32;
        self.out.push(CashEvent::Listed {
            guest,
            name,
            game: game.to_string(),
            place,
        });
        Ok(())
    }

    fn leave_list(&mut self, guest: GuestId, game: &str) -> Result<(), CashError> {
        self.game(game)?;
        let l = self.lists.entry(game.to_string()).or_default();
        let Some(i) = l.waiting.iter().position(|g| *g == guest) else {
            return Err(CashError::NotListed {
                guest,
                game: game.to_string(),
            });
        };
        l.waiting.remove(i);
        self.out.push(CashEvent::Unlisted {
            guest,
            game: game.to_string(),
            seated: false,
        });
        Ok(())
    }

    // ----- tables and seats -----

    fn open_table(&mut self, table: TableNo) -> Result<(), CashError> {
        let game = self.game_of_table(table)?;
        if self.table(table)?.open {
            return Err(CashError::TableOpen(table));
        }
        let main = game.main_table();
        let counts = if table == main {
            None
        } else {
            // GCB-10: a side table opens when the main table is full and enough guests wait.
            let seated = self.seated_count(main);
            let waiting = self.lists.get(&game.id).map_or(0, |l| l.waiting.len()) as u32;
            let needed = self.profile.house.side_table_opens_with;
            let main_open = self.table(main)?.open;
            if !main_open || seated < game.seats || waiting < needed {
                return Err(CashError::SideTableNotDue {
                    table,
                    main,
                    seated,
                    seats: game.seats,
                    waiting,
                    needed,
                });
            }
            Some((seated, waiting))
        };
        self.table_mut(table)?.open = true;
        self.out.push(CashEvent::TableOpened {
            table,
            game: game.id.clone(),
            main: table == main,
            counts,
        });
        Ok(())
    }

    /// The open side table of a game, if one plays.
    fn open_side(&self, game: &Game) -> Option<TableNo> {
        game.tables
            .iter()
            .skip(1)
            .copied()
            .find(|t| self.tables.get(t).is_some_and(|x| x.open))
    }

    fn free_seat(&self, table: TableNo, seat: SeatNo) -> Result<(), CashError> {
        let t = self.table(table)?;
        let seats = t.seats.len() as u32;
        if seat == 0 || seat > seats {
            return Err(CashError::NoSeat { table, seat, seats });
        }
        if t.seats[seat as usize - 1].is_some() {
            return Err(CashError::SeatTaken { table, seat });
        }
        Ok(())
    }

    fn seat(
        &mut self,
        guest: GuestId,
        name: Option<&str>,
        table: TableNo,
        seat: SeatNo,
        buy_in: u64,
        wait_for_big_blind: bool,
    ) -> Result<(), CashError> {
        let game = self.game_of_table(table)?;
        if !self.table(table)?.open {
            return Err(CashError::TableClosed(table));
        }
        self.check_may_play(guest)?;
        let main = game.main_table();
        if let Some(s) = self.guests.get(&guest).and_then(|g| g.sitting.as_ref()) {
            if s.table == main && table != main {
                return Err(CashError::NoDirectChange {
                    main,
                    table,
                    minutes: self.profile.house.side_table_wait_minutes,
                });
            }
            return Err(CashError::AlreadySeated {
                guest,
                table: s.table,
                seat: s.seat,
            });
        }
        self.free_seat(table, seat)?;
        // GCB-9: seats go in list order.
        let list = self.lists.get(&game.id).cloned().unwrap_or_default();
        if let Some(&first) = list.waiting.first()
            && first != guest
        {
            return Err(CashError::NotFirstOnList {
                game: game.id.clone(),
                first,
            });
        }
        if table == main
            && let Some(side) = self.open_side(&game)
        {
            return Err(CashError::MainTableByMustMove { side });
        }
        if table != main
            && let Some((g, left)) = self.guests.get(&guest).and_then(|g| g.left_main.clone())
            && g == game.id
        {
            let from = left + u64::from(self.profile.house.side_table_wait_minutes) * 60;
            if self.now < from {
                return Err(CashError::SideTableWait {
                    guest,
                    from,
                    now: self.now,
                });
            }
        }
        let max = if game.max_buy_in == 0 {
            1 << 40
        } else {
            game.max_buy_in
        };
        if buy_in < game.table_stake || buy_in > max {
            return Err(CashError::BuyIn {
                got: buy_in,
                min: game.table_stake,
                max,
            });
        }
        let name = match (self.guests.get(&guest), name) {
            (Some(g), _) => g.name.clone(),
            (None, Some(n)) => {
                check_name(n)?;
                n.to_string()
            }
            (None, None) => return Err(CashError::NameNeeded),
        };
        // A table that has not played a hand yet deals everyone in at its first hand.
        let fresh = self.table(table)?.hands_played == 0 && self.table(table)?.hand.is_none();
        let owes = if fresh {
            Owes::default()
        } else if wait_for_big_blind {
            Owes {
                waits_for_big_blind: true,
                ..Owes::default()
            }
        } else {
            Owes {
                big_blind: true,
                ..Owes::default()
            }
        };
        if list.waiting.first() == Some(&guest) {
            let l = self.lists.entry(game.id.clone()).or_default();
            l.waiting.remove(0);
            self.out.push(CashEvent::Unlisted {
                guest,
                game: game.id.clone(),
                seated: true,
            });
        }
        let g = self.guests.entry(guest).or_insert_with(|| Guest {
            id: guest,
            name: name.clone(),
            warnings: 0,
            removed: false,
            day_over: false,
            left_main: None,
            sitting: None,
            member: None,
        });
        g.sitting = Some(Sitting {
            table,
            seat,
            stack: buy_in,
            bought_in: buy_in,
            short_rebuy: false,
            away: false,
            markers: 0,
            missed_small: false,
            missed_big: false,
            in_rotation: fresh,
            owes,
        });
        self.money_in += buy_in;
        self.table_mut(table)?.seats[seat as usize - 1] = Some(guest);
        if table != main {
            self.lists
                .entry(game.id.clone())
                .or_default()
                .must_move
                .push(guest);
        }
        self.out.push(CashEvent::Seated {
            guest,
            name,
            table,
            seat,
            buy_in,
            owes,
        });
        self.check_must_move(&game)?;
        Ok(())
    }

    fn rebuy(&mut self, guest: GuestId, amount: u64) -> Result<(), CashError> {
        let s = self.sitting(guest)?.clone();
        let game = self.game_of_table(s.table)?;
        if s.stack > 0 || self.dealt_in_running(guest).is_some() {
            return Err(CashError::NotBusted {
                guest,
                stack: s.stack,
            });
        }
        let max = if game.max_buy_in == 0 {
            1 << 40
        } else {
            game.max_buy_in
        };
        if amount == 0 || amount > max {
            return Err(CashError::BuyIn {
                got: amount,
                min: if s.short_rebuy { game.table_stake } else { 1 },
                max,
            });
        }
        let below = amount < game.table_stake;
        if below && s.short_rebuy {
            return Err(CashError::ShortRebuyUsed {
                min: game.table_stake,
            });
        }
        let owes = back_owes(&s);
        let st = self.sitting_mut(guest)?;
        st.stack = amount;
        st.bought_in += amount;
        st.short_rebuy |= below;
        apply_owes(st, owes);
        self.money_in += amount;
        self.out.push(CashEvent::Rebought {
            guest,
            amount,
            below_stake: below,
            owes,
        });
        Ok(())
    }

    fn add_chips(&mut self, guest: GuestId, amount: u64) -> Result<(), CashError> {
        let s = self.sitting(guest)?.clone();
        let game = self.game_of_table(s.table)?;
        if let Some(table) = self.dealt_in_running(guest) {
            return Err(CashError::AddDuringHand { guest, table });
        }
        if s.stack == 0 {
            return Err(CashError::AddToEmpty { guest });
        }
        if s.short_rebuy {
            return Err(CashError::NoAddAfterShortRebuy);
        }
        let room = if game.max_buy_in == 0 {
            1 << 40
        } else {
            game.max_buy_in.saturating_sub(s.stack)
        };
        if amount == 0 || amount > room {
            return Err(CashError::Amount {
                got: amount,
                max: room,
            });
        }
        let st = self.sitting_mut(guest)?;
        st.stack += amount;
        st.bought_in += amount;
        self.money_in += amount;
        self.out.push(CashEvent::ChipsAdded { guest, amount });
        Ok(())
    }

    fn cash_out(&mut self, guest: GuestId) -> Result<(), CashError> {
        self.sitting(guest)?;
        if let Some(table) = self.dealt_in_running(guest) {
            return Err(CashError::InHand { guest, table });
        }
        let (table, seat, amount) = self.unseat(guest)?;
        self.out.push(CashEvent::CashedOut {
            guest,
            table,
            seat,
            amount,
        });
        self.after_seat_freed(table)
    }

    /// Takes the guest off his seat with his chips; records when he left a main table.
    fn unseat(&mut self, guest: GuestId) -> Result<(TableNo, SeatNo, u64), CashError> {
        let now = self.now;
        let Some(g) = self.guests.get_mut(&guest) else {
            return Err(CashError::NotSeated(guest));
        };
        let Some(s) = g.sitting.take() else {
            return Err(CashError::NotSeated(guest));
        };
        let game = self
            .profile
            .game_of(s.table)
            .cloned()
            .ok_or_else(|| CashError::NoTable(s.table, String::new()))?;
        if s.table == game.main_table() {
            g.left_main = Some((game.id.clone(), now));
        }
        self.money_out += s.stack;
        if let Some(t) = self.tables.get_mut(&s.table) {
            t.seats[s.seat as usize - 1] = None;
        }
        if let Some(l) = self.lists.get_mut(&game.id) {
            l.must_move.retain(|x| *x != guest);
            if l.called == Some(guest) {
                l.called = None;
            }
        }
        Ok((s.table, s.seat, s.stack))
    }

    /// After a seat came free: a side table left empty closes; the must-move rule is checked.
    fn after_seat_freed(&mut self, table: TableNo) -> Result<(), CashError> {
        let game = self.game_of_table(table)?;
        if table != game.main_table() && self.seated_count(table) == 0 {
            let t = self.table_mut(table)?;
            if t.open && t.hand.is_none() {
                t.open = false;
                t.last_big_blind = None;
                t.last_small_blind = None;
                t.last_button = None;
                t.hands_played = 0;
                t.last_hand = None;
                self.out.push(CashEvent::TableClosed { table });
            }
        }
        self.check_must_move(&game)
    }

    fn set_away(&mut self, guest: GuestId, away: bool) -> Result<(), CashError> {
        let s = self.sitting(guest)?.clone();
        if s.away == away {
            return Err(CashError::AwayAlready { guest, away });
        }
        if away {
            self.sitting_mut(guest)?.away = true;
            self.out.push(CashEvent::Away { guest });
            self.fold_the_absent(s.table)?;
        } else {
            let owes = back_owes(&s);
            let st = self.sitting_mut(guest)?;
            st.away = false;
            apply_owes(st, owes);
            self.out.push(CashEvent::Back { guest, owes });
        }
        Ok(())
    }

    fn change_seat(
        &mut self,
        guest: GuestId,
        seat: SeatNo,
        post_both: bool,
    ) -> Result<(), CashError> {
        let s = self.sitting(guest)?.clone();
        if let Some(table) = self.dealt_in_running(guest) {
            return Err(CashError::InHand { guest, table });
        }
        if s.seat == seat {
            return Err(CashError::SameSeat);
        }
        self.free_seat(s.table, seat)?;
        let t = self.table(s.table)?.clone();
        // GCB-6: how much further clockwise from the button, counted in seats held by
        // players in the game.
        let seats_away = match t.last_button {
            Some(button) => {
                let n = t.seats.len() as u32;
                let occupied_between = |to: SeatNo| -> u32 {
                    (1..n)
                        .map(|k| (button - 1 + k) % n + 1)
                        .take_while(|x| *x != to)
                        .filter(|x| {
                            *x != s.seat
                                && t.seats[*x as usize - 1]
                                    .and_then(|g| self.guests.get(&g))
                                    .and_then(|g| g.sitting.as_ref())
                                    .is_some_and(|st| !st.away && st.stack > 0)
                        })
                        .count() as u32
                };
                occupied_between(seat).saturating_sub(occupied_between(s.seat))
            }
            None => 0,
        };
        let owes = if seats_away > self.profile.house.seat_change_seats {
            if post_both {
                Owes {
                    big_blind: true,
                    small_blind_dead: true,
                    waits_for_big_blind: false,
                }
            } else {
                Owes {
                    waits_for_big_blind: true,
                    ..Owes::default()
                }
            }
        } else {
            s.owes
        };
        let tm = self.table_mut(s.table)?;
        tm.seats[s.seat as usize - 1] = None;
        tm.seats[seat as usize - 1] = Some(guest);
        let st = self.sitting_mut(guest)?;
        st.seat = seat;
        if owes != s.owes {
            st.owes = owes;
            st.in_rotation = false;
        }
        self.out.push(CashEvent::SeatChanged {
            guest,
            from: s.seat,
            to: seat,
            seats_away,
            owes,
        });
        Ok(())
    }

    // ----- must-move (GCB-10) -----

    fn check_must_move(&mut self, game: &Game) -> Result<(), CashError> {
        let Some(side) = self.open_side(game) else {
            return Ok(());
        };
        let main = game.main_table();
        let l = self.lists.get(&game.id).cloned().unwrap_or_default();
        if l.called.is_some() {
            return Ok(());
        }
        let m = self.seated_count(main);
        let s = self.seated_count(side);
        let h = &self.profile.house;
        let due = m < game.seats && (s >= h.main_full_while_side_has || m < h.must_move_below);
        if !due {
            return Ok(());
        }
        let Some(&next) = l.must_move.first() else {
            return Ok(());
        };
        let from = self.sitting(next)?.table;
        if let Some(x) = self.lists.get_mut(&game.id) {
            x.called = Some(next);
        }
        self.out.push(CashEvent::MustMoveCalled {
            guest: next,
            from,
            to: main,
            main_players: m,
            side_players: s,
        });
        Ok(())
    }

    fn called_check(&self, guest: GuestId) -> Result<Game, CashError> {
        let s = self.sitting(guest)?;
        let game = self.game_of_table(s.table)?;
        let called = self.lists.get(&game.id).and_then(|l| l.called);
        if called != Some(guest) {
            return Err(CashError::NotCalled { guest, called });
        }
        Ok(game)
    }

    fn accept_move(&mut self, guest: GuestId, seat: SeatNo) -> Result<(), CashError> {
        let game = self.called_check(guest)?;
        let main = game.main_table();
        if let Some(table) = self.dealt_in_running(guest) {
            return Err(CashError::InHand { guest, table });
        }
        self.free_seat(main, seat)
            .map_err(|_| CashError::MoveSeat { main })?;
        let s = self.sitting(guest)?.clone();
        let from = (s.table, s.seat);
        self.table_mut(s.table)?.seats[s.seat as usize - 1] = None;
        self.table_mut(main)?.seats[seat as usize - 1] = Some(guest);
        let st = self.sitting_mut(guest)?;
        st.table = main;
        st.seat = seat;
        // GCB-10: no blind to come in; not on the button or in the small blind.
        st.in_rotation = false;
        st.owes = Owes::default();
        st.missed_small = false;
        st.missed_big = false;
        st.markers = 0;
        if let Some(l) = self.lists.get_mut(&game.id) {
            l.must_move.retain(|x| *x != guest);
            l.called = None;
        }
        self.out.push(CashEvent::Moved {
            guest,
            from,
            to: (main, seat),
            stack: s.stack,
        });
        self.after_seat_freed(from.0)
    }

    fn refuse_move(&mut self, guest: GuestId) -> Result<(), CashError> {
        self.called_check(guest)?;
        if let Some(table) = self.dealt_in_running(guest) {
            return Err(CashError::InHand { guest, table });
        }
        let (table, seat, amount) = self.unseat(guest)?;
        if let Some(g) = self.guests.get_mut(&guest) {
            g.day_over = true;
        }
        for l in self.lists.values_mut() {
            l.waiting.retain(|x| *x != guest);
        }
        self.out.push(CashEvent::DayEnded { guest });
        self.out.push(CashEvent::SeatReleased {
            guest,
            table,
            seat,
            amount,
            why: Release::RefusedMove,
        });
        self.after_seat_freed(table)
    }

    // ----- conduct (GCB-1) -----

    fn warn(&mut self, guest: GuestId, offence: Offence, note: &str) -> Result<(), CashError> {
        if note.len() > MAX_TEXT {
            return Err(CashError::Text {
                got: note.len(),
                max: MAX_TEXT,
            });
        }
        let limit = self.profile.house.warnings_remove;
        let g = self
            .guests
            .get_mut(&guest)
            .ok_or(CashError::NotSeated(guest))?;
        if g.removed {
            return Err(CashError::Removed(guest));
        }
        g.warnings += 1;
        let count = g.warnings;
        self.out.push(CashEvent::Warned {
            guest,
            offence,
            count,
            note: note.to_string(),
        });
        if count >= limit {
            self.remove(guest)?;
        }
        Ok(())
    }

    /// GCB-1: he leaves the poker area: off every list; his seat now, or when his hand ends.
    fn remove(&mut self, guest: GuestId) -> Result<(), CashError> {
        if let Some(g) = self.guests.get_mut(&guest) {
            g.removed = true;
        }
        for l in self.lists.values_mut() {
            l.waiting.retain(|x| *x != guest);
        }
        self.out.push(CashEvent::Removed { guest });
        if let Some(table) = self.dealt_in_running(guest) {
            // Folded when the action reaches him; the seat goes when the hand is over.
            return self.fold_the_absent(table);
        }
        if self.sitting(guest).is_ok() {
            self.release(guest, Release::Removed)?;
        }
        Ok(())
    }

    fn release(&mut self, guest: GuestId, why: Release) -> Result<(), CashError> {
        let (table, seat, amount) = self.unseat(guest)?;
        self.out.push(CashEvent::SeatReleased {
            guest,
            table,
            seat,
            amount,
            why,
        });
        self.after_seat_freed(table)
    }

    // ----- hands -----

    fn start_hand(
        &mut self,
        table: TableNo,
        button: Option<SeatNo>,
        straddle: bool,
    ) -> Result<(), CashError> {
        let game = self.game_of_table(table)?;
        let t = self.table(table)?.clone();
        if !t.open {
            return Err(CashError::TableClosed(table));
        }
        if t.hand.is_some() {
            return Err(CashError::HandInProgress(table));
        }
        let n = t.seats.len() as u32;
        let next = |s: SeatNo| s % n + 1;
        let guest_at = |s: SeatNo| t.seats[s as usize - 1];
        let can_play = |room: &CashRoom, s: SeatNo| -> bool {
            guest_at(s)
                .and_then(|g| room.guests.get(&g))
                .is_some_and(|g| {
                    !g.removed
                        && g.sitting
                            .as_ref()
                            .is_some_and(|st| !st.away && st.stack > 0)
                })
        };
        let mut rules = RuleSet::EMPTY;
        // The big blind, the small blind and the button (dead-button rule: the big blind moves
        // one player on; the small blind is where the big blind was; the button where the
        // small blind was).
        let (btn, sb_seat, sb, bb) = match (t.last_big_blind, button) {
            (Some(_), Some(_)) => return Err(CashError::ButtonPlaced(table)),
            (None, None) => return Err(CashError::ButtonNeeded(table)),
            (None, Some(b)) => {
                if b == 0 || b > n || !can_play(self, b) {
                    return Err(CashError::ButtonNeeded(table));
                }
                // Clockwise from the seat after the button, the button last.
                let players: Vec<SeatNo> = (1..=n)
                    .map(|k| (b - 1 + k) % n + 1)
                    .filter(|s| can_play(self, *s))
                    .collect();
                match players.as_slice() {
                    [] | [_] => return Err(CashError::TooFewPlayers(players.len() as u32)),
                    // Heads-up the button posts the small blind.
                    [other, _] => (b, b, Some(b), *other),
                    [first, second, ..] => (b, *first, Some(*first), *second),
                }
            }
            (Some(last_bb), None) => {
                // GCB-6: a player passed over for the big blind missed it.
                let mut s = next(last_bb);
                let mut bb = None;
                for _ in 0..n {
                    if let Some(g) = guest_at(s) {
                        if can_play(self, s) {
                            bb = Some(s);
                            break;
                        }
                        if self.guests.get(&g).is_some_and(|g| g.sitting.is_some()) {
                            self.give_marker(g, Blind::Big)?;
                            // GCB-6 (revision 2): "Für jedes verpasste Blind wird ein
                            // «Missed Blind»-Blättchen zugeteilt." Passed over for the big
                            // blind, he has missed the small blind's turn with it (the small
                            // blind comes where the big blind was, never to his seat): a
                            // second marker, unless he already holds one for a small blind.
                            let small_owed = self
                                .guests
                                .get(&g)
                                .and_then(|g| g.sitting.as_ref())
                                .is_some_and(|st| !st.missed_small);
                            if self.readings().small_blind_missed_with_big && small_owed {
                                self.give_marker(g, Blind::Small)?;
                            }
                        }
                    }
                    s = next(s);
                }
                let Some(bb) = bb else {
                    return Err(CashError::TooFewPlayers(0));
                };
                // The small blind is due where the big blind was; its player away, he missed it.
                let sb_seat = last_bb;
                let sb = match guest_at(sb_seat) {
                    Some(_) if sb_seat != bb && can_play(self, sb_seat) => Some(sb_seat),
                    Some(g) if sb_seat != bb => {
                        if self.guests.get(&g).is_some_and(|g| g.sitting.is_some()) {
                            self.give_marker(g, Blind::Small)?;
                        }
                        None
                    }
                    _ => None,
                };
                // The button goes where the small blind was due.
                let btn = t.last_small_blind.unwrap_or(sb_seat);
                (btn, sb_seat, sb, bb)
            }
        };
        // Who is dealt in, clockwise from the seat after the button.
        let t = self.table(table)?.clone();
        let guest_at = |s: SeatNo| t.seats[s as usize - 1];
        let mut dealt: Vec<(GuestId, SeatNo)> = Vec::new();
        let mut sitting_out = Vec::new();
        for k in 1..=n {
            let s = (btn - 1 + k) % n + 1;
            let Some(g) = guest_at(s) else { continue };
            if !can_play(self, s) {
                continue;
            }
            let st = self.sitting(g)?;
            let entering = !st.in_rotation;
            if s == bb || !entering {
                dealt.push((g, s));
            } else if st.owes.waits_for_big_blind {
                sitting_out.push((g, SitsOut::WaitsForBigBlind));
            } else if Some(s) == sb || s == btn {
                sitting_out.push((g, SitsOut::ButtonOrSmallBlind));
            } else {
                dealt.push((g, s));
            }
        }
        // Held out, the guests coming in would leave fewer than two to play, and the table
        // would never deal again (the blinds move only with a hand): they come in now, each
        // posting what he owes.
        if dealt.len() < 2 && !sitting_out.is_empty() {
            for (g, _) in sitting_out.drain(..) {
                if let Some(s) = self.sitting(g).ok().map(|st| st.seat) {
                    dealt.push((g, s));
                }
            }
        }
        if dealt.len() < 2 {
            return Err(CashError::TooFewPlayers(dealt.len() as u32));
        }
        for (_, why) in &sitting_out {
            rules = rules.with(match why {
                SitsOut::WaitsForBigBlind => Rule::Gcb6,
                SitsOut::ButtonOrSmallBlind => Rule::Gcb10,
            });
        }
        let sb = if dealt.len() == 2 {
            // Heads-up: the player who is not the big blind posts the small blind.
            dealt.iter().find(|(_, s)| *s != bb).map(|(_, s)| *s)
        } else {
            sb.filter(|s| dealt.iter().any(|(_, x)| x == s))
        };
        let btn = if dealt.len() == 2 {
            sb.unwrap_or(btn)
        } else {
            btn
        };
        // Positions: 0 is the first dealt in left of the button.
        let mut order: Vec<(GuestId, SeatNo)> = Vec::new();
        for k in 1..=n {
            let s = (btn - 1 + k) % n + 1;
            if let Some(d) = dealt.iter().find(|(_, x)| *x == s) {
                order.push(*d);
            }
        }
        let m = order.len();
        let pos_of = |s: SeatNo| order.iter().position(|(_, x)| *x == s);
        let bb_pos = pos_of(bb).ok_or(CashError::TooFewPlayers(m as u32))?;
        let mut blinds = vec![Chips::ZERO; m];
        let mut dead = vec![Chips::ZERO; m];
        let mut posted = Vec::new();
        if let Some(p) = sb.and_then(pos_of) {
            blinds[p] = Chips(game.small_blind);
            posted.push(Posted {
                guest: order[p].0,
                kind: PostKind::SmallBlind,
                amount: game.small_blind,
            });
        }
        blinds[bb_pos] = Chips(game.big_blind);
        posted.push(Posted {
            guest: order[bb_pos].0,
            kind: PostKind::BigBlind,
            amount: game.big_blind,
        });
        for (p, (g, s)) in order.iter().enumerate() {
            let st = self.sitting(*g)?;
            if st.in_rotation {
                continue;
            }
            if st.owes.big_blind && *s != bb && Some(*s) != sb {
                blinds[p] = Chips(game.big_blind);
                posted.push(Posted {
                    guest: *g,
                    kind: PostKind::BigBlindLive,
                    amount: game.big_blind,
                });
                rules = rules.with(Rule::Gcb6);
            }
            if st.owes.small_blind_dead {
                dead[p] = Chips(game.small_blind);
                posted.push(Posted {
                    guest: *g,
                    kind: PostKind::SmallBlindDead,
                    amount: game.small_blind,
                });
                rules = rules.with(Rule::Gcb6);
            }
            if *s != bb && st.owes == Owes::default() {
                // GCB-10: a mover, or GCB-7: back without a missed blind, dealt in at once.
                rules = rules.with(Rule::Gcb10);
            }
        }
        let mut first_to_act = if m == 2 { bb_pos ^ 1 } else { (bb_pos + 1) % m };
        if straddle {
            if !game.straddle {
                return Err(CashError::Straddle(StraddleBarred::NoStraddleInGame));
            }
            if m < 3 {
                return Err(CashError::Straddle(StraddleBarred::HeadsUpNoStraddle));
            }
            let utg = (bb_pos + 1) % m;
            blinds[utg] = Chips(game.big_blind.saturating_mul(2));
            posted.retain(|p| !(p.guest == order[utg].0 && p.kind == PostKind::BigBlindLive));
            posted.push(Posted {
                guest: order[utg].0,
                kind: PostKind::Straddle,
                amount: game.big_blind.saturating_mul(2),
            });
            first_to_act = (utg + 1) % m;
            rules = rules.with(Rule::Gcb5);
        }
        let stacks: Vec<Chips> = order
            .iter()
            .map(|(g, _)| self.sitting(*g).map(|s| Chips(s.stack)))
            .collect::<Result<_, _>>()?;
        let setup = HandSetup {
            absent: Vec::new(),
            stacks,
            antes: vec![Chips::ZERO; m],
            blinds,
            carried: Chips::ZERO,
            dead_blinds: dead,
            first_to_act: Some(Pos(first_to_act)),
        };
        let hand = Hand::new(game.hand_rules(), setup)?;
        self.hands += 1;
        let no = self.hands;
        for (g, _) in &order {
            let st = self.sitting_mut(*g)?;
            st.in_rotation = true;
            st.owes = Owes::default();
            st.missed_small = false;
            st.missed_big = false;
            // Posted what he owed: his markers are taken back.
            st.markers = 0;
        }
        let dealt_out: Vec<Dealt> = order
            .iter()
            .map(|(g, s)| {
                self.sitting(*g).map(|st| Dealt {
                    guest: *g,
                    seat: *s,
                    stack: st.stack,
                })
            })
            .collect::<Result<_, _>>()?;
        let events: Vec<_> = hand.events().to_vec();
        let tm = self.table_mut(table)?;
        tm.hand = Some(Running {
            no,
            hand,
            guests: order.iter().map(|(g, _)| *g).collect(),
            button: btn,
            small_blind_seat: if m == 2 { btn } else { sb_seat },
            small_blind: sb,
            big_blind: bb,
            undo: None,
        });
        tm.last_hand = None;
        self.out.push(CashEvent::HandStarted {
            table,
            hand: no,
            button: btn,
            small_blind: sb,
            big_blind: bb,
            dealt: dealt_out,
            posted,
            sitting_out,
            rules,
        });
        for e in events {
            self.out.push(CashEvent::InHand {
                table,
                hand: no,
                event: e,
            });
        }
        Ok(())
    }

    /// GCB-6: a marker for a missed blind; the house's count releases the seat.
    fn give_marker(&mut self, guest: GuestId, blind: Blind) -> Result<(), CashError> {
        let limit = self.profile.house.markers_release_seat;
        let st = self.sitting_mut(guest)?;
        st.markers += 1;
        st.in_rotation = false;
        match blind {
            Blind::Small => st.missed_small = true,
            Blind::Big => st.missed_big = true,
        }
        let markers = st.markers;
        self.out.push(CashEvent::MarkerGiven {
            guest,
            blind,
            markers,
        });
        if markers >= limit {
            self.release(guest, Release::Markers)?;
        }
        Ok(())
    }

    fn hand_action(&mut self, table: TableNo, action: &HandCommand) -> Result<(), CashError> {
        if let HandCommand::ShowAfterHand { .. } = action {
            let t = self.table_mut(table)?;
            let Some((no, hand, _)) = t.last_hand.as_mut() else {
                return Err(CashError::NoLastHand(table));
            };
            let no = *no;
            let before = hand.events().len();
            action.apply(hand)?;
            let new = hand.events()[before..].to_vec();
            for e in new {
                self.out.push(CashEvent::InHand {
                    table,
                    hand: no,
                    event: e,
                });
            }
            return Ok(());
        }
        let t = self.table_mut(table)?;
        let Some(r) = t.hand.as_mut() else {
            return Err(CashError::NoHand(table));
        };
        let no = r.no;
        let before = r.hand.events().len();
        let hand_before = r.hand.clone();
        action.apply(&mut r.hand)?;
        self.record(table, no, before);
        self.fold_the_absent(table)?;
        if let Some(r) = self.table_mut(table)?.hand.as_mut().filter(|r| r.no == no) {
            let after = r.hand.events().len();
            r.undo = Some(Box::new((action.name().to_string(), hand_before, after)));
        }
        Ok(())
    }

    /// The hand's last entry at `table` the dealer may still take back: its command.
    pub fn last_entry(&self, table: TableNo) -> Option<&str> {
        let r = self.tables.get(&table)?.hand.as_ref()?;
        let (command, _, after) = r.undo.as_deref()?;
        (r.hand.events().len() == *after).then_some(command.as_str())
    }

    /// The dealer takes back the hand's last entry at `table`, an entry error, while nothing
    /// has followed it: the hand is as it was before it.
    fn take_back(&mut self, table: TableNo) -> Result<(), CashError> {
        if self.last_entry(table).is_none() {
            return Err(CashError::NothingToTakeBack(table));
        }
        let t = self.table_mut(table)?;
        let Some(r) = t.hand.as_mut() else {
            return Err(CashError::NoHand(table));
        };
        let Some(undo) = r.undo.take() else {
            return Err(CashError::NothingToTakeBack(table));
        };
        let (command, hand, _) = *undo;
        let events = r.hand.events().len().saturating_sub(hand.events().len());
        r.hand = hand;
        let no = r.no;
        self.out.push(CashEvent::EntryTakenBack {
            table,
            hand: no,
            command,
            events: u32::try_from(events).unwrap_or(u32::MAX),
        });
        Ok(())
    }

    fn record(&mut self, table: TableNo, no: u64, from: usize) {
        let new: Vec<_> = self
            .hand(table)
            .map(|r| r.hand.events()[from..].to_vec())
            .unwrap_or_default();
        for e in new {
            self.out.push(CashEvent::InHand {
                table,
                hand: no,
                event: e,
            });
        }
    }

    /// GCB-1: a guest who left the table (or was removed) has folded when the action reaches
    /// him, and mucks when his turn to show comes. Then, a settled hand finishes.
    fn fold_the_absent(&mut self, table: TableNo) -> Result<(), CashError> {
        loop {
            let Some(r) = self.hand(table) else {
                return Ok(());
            };
            let no = r.no;
            let turn = match r.hand.phase() {
                Phase::Betting => r.hand.actor(),
                Phase::Showdown => r.hand.showdown_next(),
                Phase::Settled => {
                    return self.finish_hand(table);
                }
                _ => None,
            };
            let Some(pos) = turn else { return Ok(()) };
            let Some(&guest) = r.guests.get(pos.0) else {
                return Ok(());
            };
            let gone = self
                .guests
                .get(&guest)
                .is_some_and(|g| g.removed || g.sitting.as_ref().is_none_or(|s| s.away));
            if !gone {
                return Ok(());
            }
            let showdown = r.hand.phase() == Phase::Showdown;
            let before = r.hand.events().len();
            self.out.push(CashEvent::FoldedAway { guest, table });
            let t = self.table_mut(table)?;
            let Some(r) = t.hand.as_mut() else {
                return Ok(());
            };
            if showdown {
                r.hand.show_or_muck(pos, ShowOrMuck::Muck)?;
            } else {
                r.hand.fold(pos)?;
            }
            self.record(table, no, before);
        }
    }

    fn finish_hand(&mut self, table: TableNo) -> Result<(), CashError> {
        let t = self.table_mut(table)?;
        let Some(r) = t.hand.take() else {
            return Ok(());
        };
        t.hands_played += 1;
        t.last_big_blind = Some(r.big_blind);
        t.last_small_blind = Some(r.small_blind_seat);
        t.last_button = Some(r.button);
        let finals: Vec<u64> = r.hand.stacks().iter().map(|c| c.0).collect();
        let mut stacks = Vec::new();
        for (i, g) in r.guests.iter().enumerate() {
            let v = finals.get(i).copied().unwrap_or(0);
            if let Some(st) = self.guests.get_mut(g).and_then(|g| g.sitting.as_mut()) {
                st.stack = v;
            }
            stacks.push((*g, v));
        }
        // GCB-8: early exposure played on is warned after the hand.
        let exposed: Vec<GuestId> = r
            .hand
            .events()
            .iter()
            .filter_map(|e| match e {
                floorbook_hand::HandEvent::Irregularity {
                    kind: floorbook_hand::IrregularityKind::PlayerExposedOwnCards,
                    pos: Some(p),
                    remedy,
                    ..
                } if remedy.starts_with("play on") => r.guests.get(p.0).copied(),
                _ => None,
            })
            .collect();
        let no = r.no;
        let guests = r.guests.clone();
        self.table_mut(table)?.last_hand = Some((no, r.hand, guests.clone()));
        self.out.push(CashEvent::HandFinished {
            table,
            hand: no,
            stacks: stacks.clone(),
        });
        for g in exposed {
            if self.guests.get(&g).is_some_and(|x| !x.removed) {
                self.warn(g, Offence::ExposedCards, "")?;
            }
        }
        for g in guests {
            let Some(guest) = self.guests.get(&g) else {
                continue;
            };
            let Some(st) = guest.sitting.as_ref() else {
                continue;
            };
            if guest.removed {
                self.release(g, Release::Removed)?;
            } else if st.stack == 0 {
                if st.short_rebuy {
                    // GCB-7: all in again after the short rebuy: out of the game.
                    self.release(g, Release::OutOfGame)?;
                } else {
                    self.out.push(CashEvent::Busted { guest: g, table });
                }
            }
        }
        Ok(())
    }
}

/// What a guest coming back owes (GCB-6): both blinds when he missed the big blind (the big
/// live, the small dead); only the small missed: the small dead, and he comes in in the big
/// blind; none missed: nothing, dealt in at once (GCB-7).
fn back_owes(s: &Sitting) -> Owes {
    if s.missed_big {
        Owes {
            big_blind: true,
            small_blind_dead: true,
            waits_for_big_blind: false,
        }
    } else if s.missed_small {
        Owes {
            big_blind: false,
            small_blind_dead: true,
            waits_for_big_blind: true,
        }
    } else {
        s.owes
    }
}

fn apply_owes(s: &mut Sitting, owes: Owes) {
    if owes != Owes::default() {
        s.in_rotation = false;
    }
    s.owes = owes;
}

fn check_text(text: &str, max: usize) -> Result<(), CashError> {
    if text.trim().is_empty() || text.len() > max {
        return Err(CashError::Text {
            got: text.len(),
            max,
        });
    }
    Ok(())
}

fn check_name(name: &str) -> Result<(), CashError> {
    if name.trim().is_empty() || name.len() > MAX_NAME {
        return Err(CashError::NameNeeded);
    }
    Ok(())
}

fn first_revision() -> u32 {
    1
}

/// The cash room decides as every domain does, at the seconds since it opened.
impl floorbook_decide::Decide for CashRoom {
    type Command = CashCommand;
    type Event = CashEvent;
    type At = u64;
    type Refusal = CashError;

    fn decide(&mut self, command: &CashCommand, at: u64) -> Result<Vec<CashEvent>, CashError> {
        CashRoom::decide(self, command, at)
    }
}
