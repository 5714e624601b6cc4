//! The tournament: registration, the start, hands at every table, eliminations and places,
//! balancing and breaking tables, levels, sanctions, the finish. A deterministic state machine:
//! every random draw (seat cards, decks) and every time comes in with a command, and every
//! decision the engine takes by itself is an event with its inputs and rules.

use std::collections::BTreeMap;

use floorbook_hand::{Chips, Hand, HandEvent, HandRules, HandSetup, Phase, Pos};
use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::balance::{self, Move, Table};
use crate::command::{Command, HandCommand};
use crate::conduct::{Offence, Sanction, next_sanction};
use crate::levels::level_by_time;
use crate::places::{Busted, places_for_hand};
use crate::seating::{PlayerId, SeatNo, TableNo, draw_seats, tables_for};
use crate::{Advance, BalancingKind, Profile};

/// Where a player stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum Status {
    Registered,
    WaitListed,
    Playing,
    Busted { place: u32 },
    Disqualified { place: u32 },
}

/// A player of the tournament.
fn is_zero(n: &u64) -> bool {
    *n == 0
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub id: PlayerId,
    pub name: String,
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
}

/// A table in play and its current hand.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct TableState {
    pub table: Table,
    /// The seat that posted the last big blind (the dead-button rule moves it one player on).
    pub last_big_blind: Option<SeatNo>,
    /// The seat of the last small blind (posted or dead): the next button.
    pub last_small_blind: Option<SeatNo>,
    pub hand: Option<(u64, Hand, Vec<PlayerId>)>,
    /// The table's last finished hand, until its next hand starts: cards shown after a hand
    /// (TR-3.5, TR-3.7, TR-3.8) are recorded against it.
    #[serde(default)]
    pub last_hand: Option<(u64, Hand)>,
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
}

/// Something that happened in the tournament.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum TournamentEvent {
    Registered {
        player: PlayerId,
        name: String,
        buy_in: String,
        rules: RuleSet,
    },
    WaitListed {
        player: PlayerId,
        rules: RuleSet,
    },
    Started {
        tables: u32,
        players: u32,
        rules: RuleSet,
    },
    Seated {
        player: PlayerId,
        table: TableNo,
        seat: SeatNo,
        draw: u32,
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
        place: u32,
        hand: u64,
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
        place: u32,
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
}

/// A command the tournament refuses; nothing changes.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
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
    Draw(String),
    #[error("in the hand: {0}")]
    Hand(#[from] floorbook_hand::Rejection),
    #[error("no player {0:?}")]
    NoPlayer(PlayerId),
    #[error("the chip race: {0}")]
    Race(#[from] crate::chip_race::RaceError),
    #[error("table {0:?} is breaking: its players draw their new seats first (TR-17)")]
    BreakPending(TableNo),
    #[error("the break after level {after} runs until {until} s; hands start again then (TR-5)")]
    OnBreak { after: u32, until: u64 },
    #[error("a time of {got} s into the tournament is out of range: 0 to {max} s")]
    Time { got: u64, max: u64 },
    #[error(
        "a command at {at} s into the tournament is earlier than the latest recorded time, {head} s: time only moves forward"
    )]
    TimeBackwards { at: u64, head: u64 },
    #[error(
        "player {player:?} cannot be removed as a no-show: {why} ({rule}: after {limit} seconds)"
    )]
    NoShow {
        player: PlayerId,
        why: String,
        limit: u64,
        rule: Rule,
    },
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
            TournamentError::Hand(r) => r.rules(),
            TournamentError::Race(_) => vec![Rule::Tr15],
            TournamentError::BreakPending(_) => vec![Rule::Tr17],
            TournamentError::OnBreak { .. } => vec![Rule::Tr5],
            TournamentError::NoShow { rule, .. } => vec![*rule],
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
    /// The rules revision the tournament is decided by ([`crate::RULES_REVISION`] for a new
    /// one; an earlier chain's own when it is replayed). A snapshot without one is revision 1.
    #[serde(default = "first_revision")]
    pub revision: u32,
}

fn first_revision() -> u32 {
    1
}

impl Tournament {
    /// A new tournament, decided by this build's rules revision.
    pub fn new(profile: Profile) -> Tournament {
        Tournament::under_revision(profile, crate::RULES_REVISION)
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
            removed_chips: 0,
            pending_break: None,
            final_table_done: false,
            multi_table: false,
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
        if self.revision >= 3 && at < self.clock {
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
        let backup = matches!(command, Command::Start { .. }).then(|| self.clone());
        let result = self.apply(command, at);
        let events = std::mem::take(&mut self.out);
        match result {
            Ok(()) => Ok(events),
            Err(e) => {
                if let Some(whole) = backup {
                    *self = whole;
                }
                debug_assert!(
                    events.is_empty() || matches!(command, Command::Start { .. }),
                    "{command:?} was refused ({e}) after it had decided {events:?}"
                );
                Err(e)
            }
        }
    }

    fn apply(&mut self, command: &Command, at: u64) -> Result<(), TournamentError> {
        match command {
            Command::Register {
                player,
                name,
                buy_in,
                age,
            } => self.register(*player, name, *age, buy_in),
            Command::Start { draw, button_seats } => self.start(draw, button_seats.as_deref()),
            Command::PlaceButton { table, draw } => self.place_button(*table, draw).map(|_| ()),
            Command::StartHand { table } => self.start_hand(*table, at).map(|_| ()),
            Command::Hand {
                table,
                action: action @ HandCommand::ShowAfterHand { .. },
            } => self.after_hand(*table, |h| action.apply(h)),
            Command::Hand { table, action } => self.act(*table, |h| action.apply(h)),
            Command::Sanction { player, offence } => self.sanction(*player, *offence).map(|_| ()),
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
            Command::ChipRace { table, cards } => self.run_chip_race(*table, cards),
            Command::RemoveNoShow { player } => self.remove_no_show(*player, at),
            Command::BreakTable { table, draw } => self.break_table(*table, draw),
        }
    }

    /// Registers a player: TR-0a (age), TR-0b (buy-in), the cap and waiting list (PLO-1, PLO-3).
    fn register(
        &mut self,
        player: PlayerId,
        name: &str,
        age: u32,
        buy_in: &str,
    ) -> Result<(), TournamentError> {
        if self.started {
            return Err(TournamentError::NotNow(
                "registration is closed once the tournament starts",
            ));
        }
        if self.players.contains_key(&player) {
            return Err(TournamentError::AlreadyRegistered(player));
        }
        if age < self.profile.min_age {
            return Err(TournamentError::TooYoung {
                player,
                age,
                min: self.profile.min_age,
            });
        }
        if !self.profile.buy_ins.iter().any(|b| b == buy_in) {
            return Err(TournamentError::BuyIn {
                got: buy_in.to_string(),
                offered: self.profile.buy_ins.clone(),
            });
        }
        let registered = self
            .players
            .values()
            .filter(|p| p.status == Status::Registered)
            .count() as u32;
        let full = self.profile.max_players.is_some_and(|m| registered >= m);
        let status = if full {
            Status::WaitListed
        } else {
            Status::Registered
        };
        self.players.insert(
            player,
            Player {
                id: player,
                name: name.to_string(),
                status,
                stack: 0,
                table: None,
                seat: None,
                sanctions: Vec::new(),
                waiting_for_button: false,
                absent: false,
                penalized_until: None,
                arrived: false,
            },
        );
        self.out.push(TournamentEvent::Registered {
            player,
            name: name.to_string(),
            buy_in: buy_in.to_string(),
            rules: RuleSet::of(&[Rule::Tr0a, Rule::Tr0b]),
        });
        if full {
            self.out.push(TournamentEvent::WaitListed {
                player,
                rules: RuleSet::of(&[Rule::Plo1, Rule::Plo3]),
            });
        }
        Ok(())
    }

    /// Starts: the number of tables, the seat draw (`draw`: a permutation of seat cards, the
    /// recorded random input) and the buttons (seat 1, PLO-4; the high-card draw of TR-2 and
    /// NOB-10 is made at the table and entered with `button_seats`).
    fn start(
        &mut self,
        draw: &[u32],
        button_seats: Option<&[SeatNo]>,
    ) -> Result<(), TournamentError> {
        if self.started {
            return Err(TournamentError::NotNow("the tournament has started"));
        }
        let ids: Vec<PlayerId> = self
            .players
            .values()
            .filter(|p| p.status == Status::Registered)
            .map(|p| p.id)
            .collect();
        let n = ids.len() as u32;
        if n < 2 {
            return Err(TournamentError::TooFewPlayers(n));
        }
        let (tables, rules) = tables_for(&self.profile, n, false);
        let seats =
            draw_seats(&ids, tables, draw).map_err(|e| TournamentError::Draw(e.to_string()))?;
        self.multi_table = tables > 1;
        self.out.push(TournamentEvent::Started {
            tables,
            players: n,
            rules,
        });
        let size = self.profile.seats_per_table as usize;
        self.tables = (1..=tables)
            .map(|t| TableState {
                table: Table {
                    no: TableNo(t),
                    seats: vec![None; size],
                    button: SeatNo(1),
                },
                last_big_blind: None,
                last_small_blind: None,
                hand: None,
                last_hand: None,
                hands_played: 0,
                started_with: 0,
                carried: 0,
                clock: None,
                races_done: Vec::new(),
                level: 0,
                base_level: 0,
            })
            .collect();
        for (k, &(player, table, seat)) in seats.seats.iter().enumerate() {
            let ts = &mut self.tables[(table.0 - 1) as usize];
            let slot = ts
                .table
                .seats
                .get_mut((seat.0 - 1) as usize)
                .ok_or(TournamentError::Draw("a seat beyond the table".into()))?;
            *slot = Some(player);
            ts.started_with += 1;
            if let Some(p) = self.players.get_mut(&player) {
                p.status = Status::Playing;
                p.arrived = !p.absent;
                p.stack = self.profile.starting_chips;
                p.table = Some(table);
                p.seat = Some(seat);
            }
            self.out.push(TournamentEvent::Seated {
                player,
                table,
                seat,
                draw: draw[k],
                rules: seats.rules,
            });
        }
        // PLO-4 puts the button on seat 1; TR-2 and NOB-10 draw it at the table
        // (`place_button`), unless the seats are given here.
        let seat_one = self.profile.seating.button == crate::Button::SeatOne;
        if seat_one || button_seats.is_some() {
            for (k, ts) in self.tables.iter_mut().enumerate() {
                let seat = button_seats
                    .and_then(|b| b.get(k).copied())
                    .unwrap_or(SeatNo(1));
                ts.table.button = seat;
                let rule = if button_seats.is_some() {
                    Rule::Tr2
                } else {
                    Rule::Plo4
                };
                self.out.push(TournamentEvent::ButtonPlaced {
                    table: ts.table.no,
                    seat,
                    rules: RuleSet::of(&[rule]),
                });
            }
        }
        self.places_left = n;
        self.started = true;
        Ok(())
    }

    /// TR-2 / NOB-10: the button goes to the seat that drew the high card (the cards are the
    /// recorded draw).
    fn place_button(
        &mut self,
        table: TableNo,
        draw: &[(SeatNo, floorbook_cards::Card)],
    ) -> Result<SeatNo, TournamentError> {
        let (seat, rules) = crate::seating::button_by_high_card(draw)
            .map_err(|e| TournamentError::Draw(e.to_string()))?;
        let rule = if self.profile.seating.button == crate::Button::CardDraw {
            Rule::Nob10
        } else {
            Rule::Tr2
        };
        self.table_mut(table)?.table.button = seat;
        self.out.push(TournamentEvent::ButtonDrawn {
            table,
            seat,
            draw: draw.to_vec(),
            rules: rules.with(rule),
        });
        Ok(seat)
    }

    fn table_mut(&mut self, no: TableNo) -> Result<&mut TableState, TournamentError> {
        self.tables
            .iter_mut()
            .find(|t| t.table.no == no)
            .ok_or(TournamentError::NoTable(no))
    }

    /// Players still in, at all tables.
    pub fn remaining(&self) -> u32 {
        self.players
            .values()
            .filter(|p| p.status == Status::Playing)
            .count() as u32
    }

    /// Starts the next hand at `table`, at `seconds` into the tournament (the level by time),
    /// with the hand rules of the profile. Positions, blinds and the button follow the
    /// dead-button rule: the big blind moves one player on; the small blind sits where the
    /// big blind was (dead if that seat emptied); the button where the small blind was (TR-9).
    /// Heads-up the button posts the small blind (TR-25).
    fn start_hand(&mut self, table: TableNo, seconds: u64) -> Result<u64, TournamentError> {
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        if let Some(breaking) = self.pending_break {
            return Err(TournamentError::BreakPending(breaking));
        }
        if self.profile.levels.advance != Advance::Orbits
            && let Some((after, until)) = crate::levels::on_break(&self.profile, seconds)
        {
            return Err(TournamentError::OnBreak { after, until });
        }
        check_time(seconds)?;
        // Everything that can refuse the hand is checked before anything changes (a level).
        {
            let ts = self
                .tables
                .iter()
                .find(|t| t.table.no == table)
                .ok_or(TournamentError::NoTable(table))?;
            if ts.hand.is_some() {
                return Err(TournamentError::NotNow(
                    "a hand is in progress at this table",
                ));
            }
            if !(1..=ts.table.seats.len() as u32).contains(&ts.table.button.0) {
                return Err(TournamentError::NotNow(
                    "the button has not been placed at this table: the button draw comes first (TR-2)",
                ));
            }
            let dealt = ts
                .table
                .seats
                .iter()
                .flatten()
                .filter(|p| !self.players.get(p).is_some_and(|pl| pl.waiting_for_button))
                .count();
            if dealt < 2 {
                return Err(TournamentError::NotNow(
                    "fewer than two players at the table",
                ));
            }
        }
        // The level: by time (TR-5) for the whole tournament, or by this table's own orbits
        // (NOB-9). Decided here, changed below once the hand is sure to start.
        let mut level_events = Vec::new();
        let mut tournament_level = self.level;
        let mut table_level = None;
        if self.profile.levels.advance != Advance::Orbits {
            // `seconds` is when the dealer starts the hand: a hand begins with its first card
            // dealt (TR-4), so the level whose time has started by then is the hand's (TR-5).
            // Revision 1 did not cite TR-4.
            let mut decided = level_by_time(&self.profile, seconds);
            if self.revision >= 2 && decided.rules.contains(Rule::Tr5) {
                decided.rules = decided.rules.with(Rule::Tr4);
            }
            if decided.level != self.level {
                tournament_level = decided.level;
                let l = self.profile.levels.schedule[decided.level];
                level_events.push(TournamentEvent::LevelChanged {
                    table: None,
                    level: decided.level,
                    small: l.small,
                    big: l.big,
                    rules: decided.rules,
                });
            }
        }
        let mut level_index = tournament_level;
        if self.profile.levels.advance == Advance::Orbits {
            // NOB-9: by the completed orbits of this table and the players it started with,
            // never past the NOB-6 cap.
            let chips = self.chips_in_play();
            let cap = crate::levels::blind_cap(&self.profile.levels.schedule, chips).level;
            if let Some(ts) = self.tables.iter().find(|t| t.table.no == table) {
                let orbits = (ts.hands_played / u64::from(ts.started_with.max(1))) as u32;
                let mut decided =
                    crate::levels::level_by_orbits(&self.profile, ts.started_with, orbits, cap);
                decided.level = (ts.base_level + decided.level).min(cap.max(ts.base_level));
                // Each table counts its own orbits: its level changes, never the others'.
                // The tournament's level is the highest any table has reached.
                if decided.level != ts.level {
                    let l = self.profile.levels.schedule[decided.level];
                    level_events.push(TournamentEvent::LevelChanged {
                        table: Some(table),
                        level: decided.level,
                        small: l.small,
                        big: l.big,
                        rules: decided.rules.with(Rule::Nob6),
                    });
                    table_level = Some(decided.level);
                    tournament_level = tournament_level.max(decided.level);
                }
                level_index = decided.level;
            }
        }
        let level =
            self.profile.levels.schedule[level_index.min(self.profile.levels.schedule.len() - 1)];
        let hand_no = self.next_hand;
        let ts = self
            .tables
            .iter()
            .find(|t| t.table.no == table)
            .ok_or(TournamentError::NoTable(table))?;
        let n = ts.table.seats.len() as u32;
        let waits = |p: &PlayerId| self.players.get(p).is_some_and(|pl| pl.waiting_for_button);
        let dealt: Vec<SeatNo> = (1..=n)
            .map(SeatNo)
            .filter(|s| ts.table.seats[(s.0 - 1) as usize].is_some_and(|p| !waits(&p)))
            .collect();
        let next_after = |from: SeatNo, among: &[SeatNo]| -> SeatNo {
            (1..=n)
                .map(|k| SeatNo((from.0 - 1 + k) % n + 1))
                .find(|s| among.contains(s))
                .unwrap_or(from)
        };
        let mut rules = RuleSet::of(&[Rule::Tr9]);
        let (button, sb_seat, bb_seat, sb_position) = if dealt.len() == 2 {
            // TR-25: heads-up the button is the small blind; the big blind moves on as always.
            let bb = match ts.last_big_blind {
                Some(last) => next_after(last, &dealt),
                None => next_after(next_after(ts.table.button, &dealt), &dealt),
            };
            let button = dealt.iter().copied().find(|s| *s != bb).unwrap_or(bb);
            rules = rules.with(Rule::Tr25);
            (button, Some(button), bb, button)
        } else {
            match (ts.last_big_blind, ts.last_small_blind) {
                (Some(last_bb), Some(last_sb)) => {
                    // TR-9: the big blind moves one player on; the small blind is where the big
                    // blind was (dead if that seat emptied); the button is where the small blind
                    // was (a dead button if that seat emptied).
                    let bb = next_after(last_bb, &dealt);
                    let sb = dealt.contains(&last_bb).then_some(last_bb);
                    (last_sb, sb, bb, last_bb)
                }
                _ => {
                    let sb = next_after(ts.table.button, &dealt);
                    (ts.table.button, Some(sb), next_after(sb, &dealt), sb)
                }
            }
        };
        // Positions: dealt seats clockwise from the first seat left of the button.
        let positions: Vec<SeatNo> = (1..=n)
            .map(|k| SeatNo((button.0 - 1 + k) % n + 1))
            .filter(|s| dealt.contains(s))
            .collect();
        let ids: Vec<PlayerId> = positions
            .iter()
            .filter_map(|s| ts.table.seats[(s.0 - 1) as usize])
            .collect();
        let stacks: Vec<Chips> = ids
            .iter()
            .map(|p| Chips(self.players.get(p).map_or(0, |pl| pl.stack)))
            .collect();
        let mut blinds = vec![Chips(0); ids.len()];
        for (i, s) in positions.iter().enumerate() {
            if Some(*s) == sb_seat {
                blinds[i] = Chips(level.small);
            }
            if *s == bb_seat {
                blinds[i] = Chips(level.big);
            }
        }
        let profile = &self.profile;
        let hand_rules = HandRules {
            game: profile.game,
            structure: profile.structure,
            min_bet: Chips(level.big),
            raise_cap: profile.betting.raise_cap,
            odd_chip: profile.betting.odd_chip,
            chip_unit: Chips(profile.chips.first().copied().unwrap_or(1)),
            ante_trimming: false,
            chip_reading: profile.betting.chip_reading,
            under_minimum: profile.betting.under_minimum,
            irregularities: profile.irregularities,
            last_live_hand: floorbook_hand::LastLiveHand::WinsThePot,
        };
        let setup = HandSetup {
            stacks,
            antes: vec![Chips(level.ante); ids.len()],
            blinds: blinds.clone(),
            carried: Chips(ts.carried),
            dead_blinds: Vec::new(),
        };
        // The last thing that can refuse the hand; nothing has changed yet.
        let hand = Hand::new(hand_rules, setup)?;
        self.clock = self.clock.max(seconds);
        self.level = tournament_level;
        self.out.append(&mut level_events);
        let ts = self.table_mut(table)?;
        if let Some(l) = table_level {
            ts.level = l;
        }
        ts.last_small_blind = Some(sb_position);
        ts.table.button = button;
        ts.last_big_blind = Some(bb_seat);
        let carried = std::mem::take(&mut ts.carried);
        ts.hand = Some((hand_no, hand, ids.clone()));
        ts.last_hand = None;
        self.next_hand += 1;
        // Those who sat out for the button are dealt in once it has passed them.
        self.out.push(TournamentEvent::HandStarted {
            table,
            hand: hand_no,
            level: level_index,
            button,
            players: ids,
            blinds: blinds.iter().map(|c| c.0).collect(),
            at: seconds,
            carried,
            rules,
        });
        Ok(hand_no)
    }

    /// Acts for the player to act while he is away (TR-6, PLO-10: check when possible, fold
    /// when a bet is due) or under a time penalty (TR-28: cards folded).
    fn act_for_absent(&mut self, table: TableNo, hand_no: u64) -> Result<(), TournamentError> {
        for _ in 0..64 {
            let clock = self.clock;
            let system = self.profile.system;
            let Some(ts) = self.tables.iter_mut().find(|t| t.table.no == table) else {
                return Ok(());
            };
            let Some((_, hand, ids)) = ts.hand.as_mut() else {
                return Ok(());
            };
            let Some(legal) = hand.legal() else {
                return Ok(());
            };
            let Some(player) = ids.get(legal.actor.0).copied() else {
                return Ok(());
            };
            let Some(pl) = self.players.get(&player) else {
                return Ok(());
            };
            let penalized = pl.penalized_until.is_some_and(|until| clock < until);
            if !(pl.absent || penalized) {
                return Ok(());
            }
            let absence_rule = if system == crate::System::PLO {
                Rule::Plo10
            } else {
                Rule::Tr6
            };
            let before = hand.events().len();
            let (action, rule) = if penalized {
                hand.fold(legal.actor)?;
                ("fold", Rule::Tr28)
            } else if legal.call.is_zero() {
                hand.check_or_call(legal.actor)?;
                ("check", absence_rule)
            } else {
                hand.fold(legal.actor)?;
                ("fold", absence_rule)
            };
            self.out.push(TournamentEvent::ActedFor {
                table,
                player,
                action: action.into(),
                rules: RuleSet::of(&[rule]),
            });
            self.record_hand_events(table, hand_no, before);
        }
        Ok(())
    }

    /// The hand in progress at `table`.
    pub fn hand(&self, table: TableNo) -> Option<&Hand> {
        self.tables
            .iter()
            .find(|t| t.table.no == table)
            .and_then(|t| t.hand.as_ref())
            .map(|(_, h, _)| h)
    }

    /// The player at a position of the hand at `table`.
    pub fn player_at(&self, table: TableNo, pos: Pos) -> Option<PlayerId> {
        self.tables
            .iter()
            .find(|t| t.table.no == table)
            .and_then(|t| t.hand.as_ref())
            .and_then(|(_, _, ids)| ids.get(pos.0).copied())
    }

    /// Acts in the hand at `table` through `f`; then acts for players who are away or under a
    /// penalty; when the hand settles, the tournament moves on: stacks, eliminations,
    /// balancing, the finish.
    fn act(
        &mut self,
        table: TableNo,
        f: impl FnOnce(&mut Hand) -> Result<(), floorbook_hand::Rejection>,
    ) -> Result<(), TournamentError> {
        let ts = self.table_mut(table)?;
        let Some((hand_no, hand, _)) = ts.hand.as_mut() else {
            return Err(TournamentError::NotNow("no hand in progress at this table"));
        };
        let hand_no = *hand_no;
        let before = hand.events().len();
        let actor_before = hand.actor();
        f(hand)?;
        // TR-19: a called clock runs on the player to act; once the turn has moved on, it is
        // spent, and only a new call starts one.
        if hand.actor() != actor_before {
            ts.clock = None;
        }
        self.record_hand_events(table, hand_no, before);
        self.act_for_absent(table, hand_no)?;
        let settled = self
            .hand(table)
            .is_some_and(|h| h.phase() == Phase::Settled);
        if settled {
            self.finish_hand(table)?;
        }
        Ok(())
    }

    /// After the table's last hand: `f` acts on it (cards shown after the hand, TR-3.5,
    /// TR-3.7, TR-3.8), and what it records is recorded in that hand. Nothing about the result
    /// changes; refused when no finished hand is there to show from.
    fn after_hand(
        &mut self,
        table: TableNo,
        f: impl FnOnce(&mut Hand) -> Result<(), floorbook_hand::Rejection>,
    ) -> Result<(), TournamentError> {
        let ts = self.table_mut(table)?;
        let Some((hand_no, hand)) = ts.last_hand.as_mut() else {
            return Err(TournamentError::NotNow(
                "no finished hand at this table (cards are shown after a hand, before the next)",
            ));
        };
        let hand_no = *hand_no;
        let before = hand.events().len();
        f(hand)?;
        let new = hand.events()[before..].to_vec();
        for e in new {
            self.out.push(TournamentEvent::InHand {
                table,
                hand: hand_no,
                event: e,
            });
        }
        Ok(())
    }

    fn record_hand_events(&mut self, table: TableNo, hand_no: u64, from: usize) {
        let new: Vec<HandEvent> = self
            .hand(table)
            .map(|h| h.events()[from..].to_vec())
            .unwrap_or_default();
        for e in new {
            self.out.push(TournamentEvent::InHand {
                table,
                hand: hand_no,
                event: e,
            });
        }
    }

    fn finish_hand(&mut self, table: TableNo) -> Result<(), TournamentError> {
        let ts = self.table_mut(table)?;
        let Some((hand_no, hand, ids)) = ts.hand.take() else {
            return Ok(());
        };
        ts.hands_played += 1;
        ts.carried += hand.carry_out().0;
        let starting: Vec<u64> = hand.starting_stacks().iter().map(|c| c.0).collect();
        let finals: Vec<u64> = hand.stacks().iter().map(|c| c.0).collect();
        // The all-in order: when each player's last chip went in (for PLO-11).
        let mut all_in_order: BTreeMap<usize, u32> = BTreeMap::new();
        for (k, e) in hand.events().iter().enumerate() {
            let pos = match e {
                HandEvent::Called {
                    pos, all_in: true, ..
                }
                | HandEvent::BetOrRaised {
                    pos, all_in: true, ..
                }
                | HandEvent::BlindPosted {
                    pos, all_in: true, ..
                }
                | HandEvent::AntePosted {
                    pos, all_in: true, ..
                } => Some(pos.0),
                _ => None,
            };
            if let Some(p) = pos {
                all_in_order.insert(p, k as u32);
            }
        }
        let mut forfeit = 0;
        for (i, p) in ids.iter().enumerate() {
            if let Some(pl) = self.players.get_mut(p) {
                if matches!(pl.status, Status::Disqualified { .. }) {
                    // A disqualified player's chips go to the table's next pot.
                    forfeit += finals[i];
                    pl.stack = 0;
                } else {
                    pl.stack = finals[i];
                }
            }
        }
        if let Some(ts) = self.tables.iter_mut().find(|t| t.table.no == table) {
            ts.carried += forfeit;
        }
        // Those waiting for the button are dealt in once the button has passed them.
        for p in self.players.values_mut() {
            if p.table == Some(table) && p.waiting_for_button {
                p.waiting_for_button = false;
            }
        }
        self.out.push(TournamentEvent::HandFinished {
            table,
            hand: hand_no,
            stacks: ids.iter().copied().zip(finals.iter().copied()).collect(),
        });
        if let Some(ts) = self.tables.iter_mut().find(|t| t.table.no == table) {
            ts.last_hand = Some((hand_no, hand));
        }
        // Eliminations (TR-9: out when no chips), places by PLO-11 or house policy.
        let busted: Vec<Busted> = ids
            .iter()
            .enumerate()
            .filter(|(i, p)| {
                finals[*i] == 0
                    && self
                        .players
                        .get(p)
                        .is_some_and(|pl| pl.status == Status::Playing)
            })
            .map(|(i, p)| Busted {
                player: *p,
                starting_stack: starting[i],
                all_in_order: all_in_order.get(&i).copied().unwrap_or(0),
            })
            .collect();
        if !busted.is_empty() {
            let remaining_after = self.remaining() - busted.len() as u32;
            let (places, rules) =
                places_for_hand(&busted, remaining_after, self.profile.places.same_hand);
            for (p, place) in places {
                self.bust(p, Status::Busted { place });
                self.out.push(TournamentEvent::Busted {
                    player: p,
                    place,
                    hand: hand_no,
                    rules: rules.with(Rule::Tr9),
                });
            }
        }
        if self.remaining() == 1 {
            self.declare_winner();
            return Ok(());
        }
        self.rebalance();
        Ok(())
    }

    fn bust(&mut self, p: PlayerId, status: Status) {
        if let Some(pl) = self.players.get_mut(&p) {
            if let (Some(t), Some(s)) = (pl.table, pl.seat)
                && let Some(ts) = self.tables.iter_mut().find(|x| x.table.no == t)
                && let Some(slot) = ts.table.seats.get_mut((s.0 - 1) as usize)
            {
                *slot = None;
            }
            pl.status = status;
            pl.table = None;
            pl.seat = None;
        }
    }

    /// Breaks and balances tables between hands (TR-17, PLO-2, NOB-7), moving only players
    /// whose table has no hand in progress.
    fn rebalance(&mut self) {
        // Break tables: TR-17 when a table's worth of players is out; otherwise when the rest
        // fit on fewer tables (PLO-2; NOB-7's final table). The players draw their seats
        // (`break_table`) before anything else moves.
        if self.pending_break.is_some() {
            return;
        }
        if let Some((breaking, leaving, free)) = self.break_due() {
            self.pending_break = Some(breaking);
            self.out.push(TournamentEvent::TableBreakDue {
                table: breaking,
                players: leaving as u32,
                free_seats: free as u32,
                rules: RuleSet::of(&[Rule::Tr17]),
            });
            return;
        }
        self.final_table_reset();
        // Balance (TR-17 / PLO-2) at idle tables.
        for _ in 0..32 {
            let idle: Vec<Table> = self
                .tables
                .iter()
                .filter(|t| t.hand.is_none())
                .map(|t| t.table.clone())
                .collect();
            if idle.len() != self.tables.len() {
                break;
            }
            let m: Option<Move> = match self.profile.balancing.rule {
                BalancingKind::Tr17 => balance::tr_17_move(&idle),
                BalancingKind::Plo2 | BalancingKind::Nob7 => balance::plo_2_move(&idle),
            };
            let Some(m) = m else { break };
            self.seat_player(
                m.player,
                m.from,
                m.to,
                m.seat,
                m.sits_out_until_button,
                m.rules,
            );
        }
    }

    fn seat_player(
        &mut self,
        p: PlayerId,
        from: TableNo,
        to: TableNo,
        seat: SeatNo,
        sits_out: bool,
        rules: RuleSet,
    ) {
        if let Some(ts) = self.tables.iter_mut().find(|t| t.table.no == from) {
            for s in ts.table.seats.iter_mut() {
                if *s == Some(p) {
                    *s = None;
                }
            }
        }
        if let Some(ts) = self.tables.iter_mut().find(|t| t.table.no == to)
            && let Some(slot) = ts.table.seats.get_mut((seat.0 - 1) as usize)
        {
            *slot = Some(p);
        }
        if let Some(pl) = self.players.get_mut(&p) {
            pl.table = Some(to);
            pl.seat = Some(seat);
            pl.waiting_for_button = sits_out;
        }
        self.out.push(TournamentEvent::Moved {
            player: p,
            from,
            to,
            seat,
            sits_out,
            rules,
        });
    }

    /// The floor sanctions a player (TR-28 escalation; TR-7 and TR-24 disqualify at once).
    fn sanction(
        &mut self,
        player: PlayerId,
        offence: Offence,
    ) -> Result<Sanction, TournamentError> {
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        let (sanction, rules) = next_sanction(&self.profile, &pl.sanctions, offence);
        let now = self.clock;
        if let Some(pl) = self.players.get_mut(&player) {
            pl.sanctions.push(sanction);
            if let Sanction::TimePenalty { minutes } = sanction {
                pl.penalized_until = Some(now.saturating_add(u64::from(minutes) * 60));
            }
        }
        self.out.push(TournamentEvent::SanctionGiven {
            player,
            offence,
            sanction,
            rules,
        });
        if sanction == Sanction::Disqualification {
            self.disqualify(player)?;
        }
        Ok(sanction)
    }

    /// TR-7, TR-24, TR-28: a disqualified player's hand is declared dead and he leaves with
    /// the next place; his chips go to the table's next pot.
    fn disqualify(&mut self, player: PlayerId) -> Result<(), TournamentError> {
        let Some(pl) = self.players.get(&player).cloned() else {
            return Ok(());
        };
        if pl.status != Status::Playing {
            return Ok(());
        }
        if let Some(table) = pl.table {
            let in_hand = self
                .tables
                .iter()
                .find(|t| t.table.no == table)
                .and_then(|t| t.hand.as_ref())
                .and_then(|(_, _, ids)| ids.iter().position(|p| *p == player));
            if let Some(pos) = in_hand {
                let pos = Pos(pos);
                if self.hand(table).is_some_and(|h| h.is_active(pos)) {
                    self.act(table, |h| h.declare_dead(pos, Rule::Tr28))?;
                }
            }
        }
        let Some(pl) = self.players.get(&player).cloned() else {
            return Ok(());
        };
        if pl.status != Status::Playing {
            return Ok(());
        }
        let place = self.remaining();
        let stack = pl.stack;
        if let Some(t) = pl
            .table
            .and_then(|no| self.tables.iter_mut().find(|t| t.table.no == no))
        {
            let in_hand = t
                .hand
                .as_ref()
                .is_some_and(|(_, _, ids)| ids.contains(&player));
            if !in_hand {
                t.carried += stack;
            }
        }
        if let Some(p) = self.players.get_mut(&player) {
            p.stack = 0;
        }
        self.bust(player, Status::Disqualified { place });
        self.out.push(TournamentEvent::Busted {
            player,
            place,
            hand: 0,
            rules: RuleSet::of(&[Rule::Tr28, Rule::Tr0b]),
        });
        self.after_removal()
    }

    fn after_removal(&mut self) -> Result<(), TournamentError> {
        if self.remaining() == 1 && self.tables.iter().all(|t| t.hand.is_none()) {
            self.declare_winner();
        }
        Ok(())
    }

    /// The one player left wins (place 1), with the last carried chips (NOB-3).
    fn declare_winner(&mut self) {
        let carried: u64 = self
            .tables
            .iter_mut()
            .map(|t| std::mem::take(&mut t.carried))
            .sum();
        if let Some(w) = self
            .players
            .values_mut()
            .find(|p| p.status == Status::Playing)
        {
            w.stack += carried;
            w.status = Status::Busted { place: 1 };
            let winner = w.id;
            self.out.push(TournamentEvent::Finished { winner });
        }
        self.finished = true;
    }

    /// TR-26: the director's ruling, recorded with its reason and the rule it rests on.
    fn floor_ruling(
        &mut self,
        player: Option<PlayerId>,
        ruling: &str,
        rule: Rule,
        overrides: Option<u64>,
    ) {
        self.out.push(TournamentEvent::FloorRuling {
            player,
            ruling: ruling.to_string(),
            overrides,
            rules: RuleSet::of(&[Rule::Tr26, rule]),
        });
    }

    /// TR-6 / PLO-10: the floor marks a player away from (or back at) the table.
    fn set_absent(&mut self, player: PlayerId, absent: bool) -> Result<(), TournamentError> {
        let rule = if self.profile.system == crate::System::PLO {
            Rule::Plo10
        } else {
            Rule::Tr6
        };
        let pl = self
            .players
            .get_mut(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        pl.absent = absent;
        if !absent {
            pl.arrived = true;
        }
        self.out.push(TournamentEvent::AbsenceChanged {
            player,
            absent,
            rules: RuleSet::of(&[rule]),
        });
        Ok(())
    }

    /// NOB-8: when play comes down to one table (from more), its blinds restart at the level
    /// whose big blind is closest to 1% of the chips in play, and its orbits count afresh from
    /// there (NOB-9) with the players it starts with.
    fn final_table_reset(&mut self) {
        if self.final_table_done
            || self.tables.len() != 1
            || self.profile.levels.final_table != Some(crate::FinalTableReset::OnePercent)
            || self.profile.levels.advance != Advance::Orbits
            || self.tables.iter().any(|t| t.hand.is_some())
        {
            return;
        }
        if !self.multi_table {
            return;
        }
        let chips = self.chips_in_play();
        let decided = crate::levels::final_table_level(&self.profile.levels.schedule, chips);
        let l = self.profile.levels.schedule[decided.level];
        let Some(ts) = self.tables.first_mut() else {
            return;
        };
        ts.base_level = decided.level;
        ts.level = decided.level;
        ts.hands_played = 0;
        ts.started_with = ts.table.players() as u32;
        let table = ts.table.no;
        self.final_table_done = true;
        self.level = decided.level;
        self.out.push(TournamentEvent::LevelChanged {
            table: Some(table),
            level: decided.level,
            small: l.small,
            big: l.big,
            rules: decided.rules,
        });
    }

    /// The table due to break now, with its players and the free seats elsewhere: when all
    /// tables are idle, fewer tables would do, and its players fit.
    fn break_due(&self) -> Option<(TableNo, usize, usize)> {
        let idle = self.tables.iter().all(|t| t.hand.is_none());
        let remaining = self.remaining();
        let seats = self.profile.seats_per_table;
        let needed = remaining.div_ceil(seats.max(2));
        let want_fewer = match self.profile.balancing.rule {
            BalancingKind::Plo2 => {
                balance::plo_2_tables(remaining, self.tables.len() as u32).0
                    < self.tables.len() as u32
            }
            BalancingKind::Nob7 => {
                let started: Vec<u32> = self.tables.iter().map(|t| t.started_with).collect();
                let now: Vec<u32> = self
                    .tables
                    .iter()
                    .map(|t| t.table.players() as u32)
                    .collect();
                balance::nob_7_final_table_due(&started, &now)
                    || (needed as usize) < self.tables.len()
            }
            BalancingKind::Tr17 => (needed as usize) < self.tables.len(),
        };
        if !(idle && want_fewer && self.tables.len() > 1) {
            return None;
        }
        let tables: Vec<Table> = self.tables.iter().map(|t| t.table.clone()).collect();
        let breaking = balance::tr_17_table_to_break(&tables)?;
        let leaving = tables
            .iter()
            .find(|t| t.no == breaking)
            .map_or(0, |t| t.players());
        let free: usize = tables
            .iter()
            .filter(|t| t.no != breaking)
            .map(|t| t.seats.len() - t.players())
            .sum();
        // Its players must fit elsewhere.
        (free >= leaving).then_some((breaking, leaving, free))
    }

    /// TR-17 / PLO-2 / NOB-7: the breaking table's players take the free seats they drew:
    /// `draw[i]` is the free seat (0-based, in table and seat order) of the i-th leaving player
    /// in seat order. Then balancing goes on.
    fn break_table(&mut self, table: TableNo, draw: &[u32]) -> Result<(), TournamentError> {
        if self.pending_break != Some(table) {
            return Err(TournamentError::NotNow(
                "that table is not due to break (TR-17: the table with the lowest number breaks)",
            ));
        }
        let tables: Vec<Table> = self.tables.iter().map(|t| t.table.clone()).collect();
        let leaving = tables
            .iter()
            .find(|t| t.no == table)
            .map_or(0, |t| t.players());
        let free: usize = tables
            .iter()
            .filter(|t| t.no != table)
            .map(|t| t.seats.len() - t.players())
            .sum();
        let Some((seats, rules)) = balance::break_table(&tables, table, draw) else {
            return Err(TournamentError::Draw(format!(
                "the break draw gives each of the {leaving} leaving players a different free seat, 0 to {} (TR-17); got {draw:?}",
                free.saturating_sub(1)
            )));
        };
        let carried = self
            .tables
            .iter()
            .find(|t| t.table.no == table)
            .map_or(0, |t| t.carried);
        self.tables.retain(|t| t.table.no != table);
        // NOB-3 chips waiting in a broken table's pot go to the next table's pot.
        if let Some(first) = self.tables.first_mut() {
            first.carried += carried;
        }
        self.pending_break = None;
        self.out.push(TournamentEvent::TableBroken {
            table,
            draw: draw.to_vec(),
            rules,
        });
        for (p, t, s) in seats {
            self.seat_player(p, table, t, s, false, rules);
        }
        self.rebalance();
        Ok(())
    }

    /// How long after the start a no-show keeps his seat: the profile's `absent_start_minutes`
    /// (TR-6: ten minutes; PLO-1: none).
    pub fn no_show_seconds(&self) -> u64 {
        u64::from(self.profile.absent_start_minutes) * 60
    }

    /// TR-6: at `now`, a player absent since the start loses his seat and stack, placed as the
    /// next one out; PLO-1: his seat and stack go to the first player on the waiting list.
    fn remove_no_show(&mut self, player: PlayerId, now: u64) -> Result<(), TournamentError> {
        check_time(now)?;
        let limit = self.no_show_seconds();
        let rule = if self.profile.system == crate::System::PLO {
            Rule::Plo1
        } else {
            Rule::Tr6
        };
        let refuse = |why: String| TournamentError::NoShow {
            player,
            why,
            limit,
            rule,
        };
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        let pl = self
            .players
            .get(&player)
            .ok_or(TournamentError::NoPlayer(player))?;
        if pl.status != Status::Playing || pl.arrived || !pl.absent {
            return Err(refuse(
                "the player has been at the table since the start".into(),
            ));
        }
        if now < limit {
            return Err(refuse(format!("it is {now} seconds after the start")));
        }
        let (Some(table), Some(seat)) = (pl.table, pl.seat) else {
            return Err(refuse("the player has no seat".into()));
        };
        let in_hand = self.tables.iter().any(|t| {
            t.table.no == table
                && t.hand
                    .as_ref()
                    .is_some_and(|(_, _, ids)| ids.contains(&player))
        });
        if in_hand {
            return Err(TournamentError::NotNow(
                "the player is dealt into the hand in progress; remove him after it",
            ));
        }
        self.clock = self.clock.max(now);
        let stack = pl.stack;
        let waiting = self
            .players
            .values()
            .find(|p| p.status == Status::WaitListed)
            .map(|p| p.id);
        match waiting {
            Some(by) if self.profile.system == crate::System::PLO => {
                // The waiting player takes the seat and the stack; the no-show is not placed.
                if let Some(p) = self.players.get_mut(&player) {
                    p.status = Status::Registered;
                    p.table = None;
                    p.seat = None;
                    p.stack = 0;
                }
                if let Some(p) = self.players.get_mut(&by) {
                    p.status = Status::Playing;
                    p.table = Some(table);
                    p.seat = Some(seat);
                    p.stack = stack;
                    p.arrived = true;
                }
                if let Some(slot) = self
                    .tables
                    .iter_mut()
                    .find(|t| t.table.no == table)
                    .and_then(|t| t.table.seats.get_mut((seat.0 - 1) as usize))
                {
                    *slot = Some(by);
                }
                self.out.push(TournamentEvent::NoShowReplaced {
                    player,
                    by,
                    table,
                    seat,
                    stack,
                    at: now,
                    rules: RuleSet::of(&[Rule::Plo1]),
                });
                Ok(())
            }
            _ => {
                let place = self.remaining();
                self.bust(player, Status::Busted { place });
                if let Some(p) = self.players.get_mut(&player) {
                    p.stack = 0;
                }
                self.removed_chips += stack;
                self.out.push(TournamentEvent::NoShowRemoved {
                    player,
                    stack,
                    place,
                    at: now,
                    rules: RuleSet::of(&[Rule::Tr6, Rule::Tr0b]),
                });
                self.after_removal()
            }
        }
    }

    /// TR-19: a clock is called on the player to act at `table`, at time `now`.
    fn call_clock(&mut self, table: TableNo, now: u64) -> Result<u64, TournamentError> {
        let actor = self
            .hand(table)
            .and_then(|h| h.actor())
            .ok_or(TournamentError::NotNow("nobody is to act"))?;
        let player = self
            .player_at(table, actor)
            .ok_or(TournamentError::NotNow("nobody is to act"))?;
        check_time(now)?;
        self.clock = self.clock.max(now);
        let call = crate::conduct::ClockCall::new(&self.profile, now);
        self.table_mut(table)?.clock = Some((player, call.expires_at));
        self.out.push(TournamentEvent::ClockCalled {
            table,
            player,
            at: now,
            expires_at: call.expires_at,
            rules: RuleSet::of(&[Rule::Tr19]),
        });
        Ok(call.expires_at)
    }

    /// TR-19: at `now`, a clock that ran out kills the hand of the player it was called on.
    /// Changes nothing unless the clock ran out (a check that finds time left is not recorded,
    /// so it must leave no trace in the state either).
    fn check_clock(&mut self, table: TableNo, now: u64) -> Result<bool, TournamentError> {
        check_time(now)?;
        let Some((player, expires)) = self
            .tables
            .iter()
            .find(|t| t.table.no == table)
            .ok_or(TournamentError::NoTable(table))?
            .clock
        else {
            return Ok(false);
        };
        let actor = self
            .hand(table)
            .and_then(|h| h.actor())
            .and_then(|a| self.player_at(table, a));
        // A clock on a player who has acted since is spent; `call_clock` replaces it.
        if actor != Some(player) || now < expires {
            return Ok(false);
        }
        self.clock = self.clock.max(now);
        self.table_mut(table)?.clock = None;
        self.out.push(TournamentEvent::ClockExpired {
            table,
            player,
            at: now,
            rules: RuleSet::of(&[Rule::Tr19]),
        });
        let pos = self.hand(table).and_then(|h| h.actor()).unwrap_or(Pos(0));
        self.act(table, |h| h.declare_dead(pos, Rule::Tr19))?;
        Ok(true)
    }

    /// The chip race due at `table` before its next hand: (the race's level, the denomination,
    /// the odd chips each player holds in seat order from the left of the button, the cards
    /// needed). None when no race is due.
    pub fn chip_race_due(
        &self,
        table: TableNo,
    ) -> Option<(usize, u64, Vec<crate::chip_race::Holding>, usize)> {
        let ts = self.tables.iter().find(|t| t.table.no == table)?;
        if ts.hand.is_some() {
            return None;
        }
        // The races of passed levels, smallest chips first, each denomination once.
        let (after_level, denomination) = self
            .profile
            .chip_race
            .iter()
            .filter(|r| self.level >= r.after_level)
            .flat_map(|r| r.denominations.iter().map(move |d| (r.after_level, *d)))
            .find(|key| !ts.races_done.contains(key))?;
        // Stacks hold as few chips as possible: the odd chips of a denomination are what is
        // left after paying the stack in the next chip up.
        let next = self
            .profile
            .chips
            .iter()
            .copied()
            .find(|&c| c > denomination)?;
        let n = ts.table.seats.len() as u32;
        let order: Vec<PlayerId> = (1..=n)
            .map(|k| SeatNo((ts.table.button.0 - 1 + k) % n + 1))
            .filter_map(|s| ts.table.seats[(s.0 - 1) as usize])
            .collect();
        let holdings: Vec<crate::chip_race::Holding> = order
            .iter()
            .map(|p| {
                let stack = self.players.get(p).map_or(0, |pl| pl.stack);
                crate::chip_race::Holding {
                    player: *p,
                    chips: (stack % next) / denomination,
                }
            })
            .collect();
        let cards = holdings.iter().map(|h| h.chips as usize).sum();
        Some((after_level, denomination, holdings, cards))
    }

    /// TR-15: runs the due chip race at `table` with the cards the dealer dealt.
    fn run_chip_race(
        &mut self,
        table: TableNo,
        cards: &[floorbook_cards::Card],
    ) -> Result<(), TournamentError> {
        let (after, denomination, holdings, _) = self
            .chip_race_due(table)
            .ok_or(TournamentError::NotNow("no chip race is due"))?;
        let result = crate::chip_race::chip_race(denomination, &holdings, cards)?;
        for (p, d) in &result.delta {
            if let Some(pl) = self.players.get_mut(p) {
                pl.stack = pl.stack.saturating_add_signed(*d);
            }
        }
        self.race_delta += result.delta.values().sum::<i64>();
        self.table_mut(table)?
            .races_done
            .push((after, denomination));
        self.out.push(TournamentEvent::ChipRaced {
            table,
            denomination,
            cards: cards.to_vec(),
            result,
        });
        // A race can leave a player with nothing (all his chips were odd and he won nothing).
        let busted: Vec<PlayerId> = self
            .players
            .values()
            .filter(|p| p.status == Status::Playing && p.table == Some(table) && p.stack == 0)
            .map(|p| p.id)
            .collect();
        for p in busted {
            let place = self.remaining();
            self.bust(p, Status::Busted { place });
            self.out.push(TournamentEvent::Busted {
                player: p,
                place,
                hand: 0,
                rules: RuleSet::of(&[Rule::Tr15, Rule::Tr9]),
            });
        }
        self.after_removal()
    }

    /// All chips on the tables: players' stacks plus what is in hands in progress.
    pub fn chips_in_play(&self) -> u64 {
        let behind: u64 = self
            .players
            .values()
            .filter(|p| {
                p.status == Status::Playing
                    && !self.tables.iter().any(|t| {
                        t.hand
                            .as_ref()
                            .is_some_and(|(_, _, ids)| ids.contains(&p.id))
                    })
            })
            .map(|p| p.stack)
            .sum();
        let in_hands: u64 = self
            .tables
            .iter()
            .filter_map(|t| t.hand.as_ref())
            .map(|(_, h, _)| h.total_chips().0 + h.carry_out().0)
            .sum();
        let carried: u64 = self
            .tables
            .iter()
            .filter(|t| t.hand.is_none())
            .map(|t| t.carried)
            .sum();
        behind + in_hands + carried
    }
}
