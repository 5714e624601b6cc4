//! What travels on the command subjects: a [`Request`] in, a [`Reply`] out, both JSON. These
//! are the documented, versioned shapes (schemas in `schemas/`); they map onto the engine's
//! commands here and nowhere else, so the engine's own types can change without breaking a
//! terminal.

use floorbook_cards::Card;
use floorbook_hand::{Chips, Declared, OutOfTurn, Pos, PutIn, ShowOrMuck};
use floorbook_tournament::command::{ClockAction, Command, Correction, HandCommand, LevelEdit};
use floorbook_tournament::conduct::Offence;
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use crate::commands::WireCommand;

/// The largest request the service reads; anything longer is refused unread.
pub const MAX_REQUEST_BYTES: usize = 64 * 1024;

/// One command from a terminal. (Unknown fields are refused by the command's own variant:
/// `deny_unknown_fields` does not combine with `flatten` here.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(title = "Floorbook command request")]
pub struct Request {
    /// Who acts: the dealer's, floor person's or director's name or badge. Recorded as the
    /// actor of every event the command causes (1 to 64 printable characters).
    pub actor: String,
    /// Optional client-chosen id (1 to 128 printable characters; a UUID, say). A repeated id
    /// gets the first reply again instead of being decided twice, also from an instance that
    /// took the chain over: the id is recorded in the envelopes of the events it caused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Optional: decide only if the chain's head is this sequence (0: the chain is empty).
    /// A different head gives a `conflict` reply that names the head.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub after: Option<u64>,
    /// Optional, for a command at a table: the table's `mark` as the terminal last showed it
    /// (from its page or the `table.N` query; 1 to 64 characters). When the table has
    /// changed since (another entry, a second tap), the command is refused with a `conflict`
    /// reply: the table moved on; the terminal shows the table again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seen: Option<String>,
    /// The command.
    #[serde(flatten)]
    pub command: WireCommand,
}

/// GCB-1's offences at a cash table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WireCashOffence {
    ShowingCards,
    ActingForAnother,
    NotWaitingTurn,
    CardsHidden,
    Language,
    TableManners,
    ExposedCards,
}

impl From<WireCashOffence> for floorbook_cash::Offence {
    fn from(o: WireCashOffence) -> floorbook_cash::Offence {
        use floorbook_cash::Offence as O;
        match o {
            WireCashOffence::ShowingCards => O::ShowingCards,
            WireCashOffence::ActingForAnother => O::ActingForAnother,
            WireCashOffence::NotWaitingTurn => O::NotWaitingTurn,
            WireCashOffence::CardsHidden => O::CardsHidden,
            WireCashOffence::Language => O::Language,
            WireCashOffence::TableManners => O::TableManners,
            WireCashOffence::ExposedCards => O::ExposedCards,
        }
    }
}

/// A level as the director sets it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct WireLevel {
    pub small: u64,
    pub big: u64,
    #[serde(default)]
    pub ante: u64,
    /// Stud's bring-in (0, left out, in the flop games).
    #[serde(default, skip_serializing_if = "is_zero_u64")]
    pub bring_in: u64,
    /// Minutes; none: the profile's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub minutes: Option<u32>,
}

fn is_zero_u64(x: &u64) -> bool {
    *x == 0
}

/// One card of the button draw.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatCard {
    pub seat: u32,
    pub card: String,
}

/// What was done out of turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum WireOutOfTurn {
    Fold,
    Check,
    Call,
    RaiseTo { to: u64 },
}

/// What a player said as he put chips in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum WireSaid {
    #[default]
    Nothing,
    Call,
    /// "Raise" with no amount.
    Raise,
    /// "Raise to" (or "bet") this street total.
    RaiseTo(u64),
}

/// The correction the wire names: `to` chips for a bet or raise; none: the entry is struck.
fn correction(action: WireCorrection, to: Option<u64>) -> Result<Option<Correction>, WireError> {
    Ok(match action {
        WireCorrection::None => None,
        WireCorrection::Fold => Some(Correction::Fold),
        WireCorrection::Check => Some(Correction::Check),
        WireCorrection::Call => Some(Correction::Call),
        WireCorrection::BetOrRaiseTo => Some(Correction::BetOrRaiseTo {
            to: Chips(to.ok_or(WireError::CorrectionTo)?),
        }),
    })
}

/// What the floor corrects an entry into (TR-26).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WireCorrection {
    Fold,
    Check,
    Call,
    /// A bet or raise to `to` chips.
    BetOrRaiseTo,
    /// The entry was not made: it is struck.
    None,
}

/// How a deal shares the prizes still to be paid (issue 39).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WireDealMethod {
    /// Malmuth–Harville: each player's average prize over every order of finish.
    Icm,
    /// The prizes shared by chips.
    ChipChop,
    /// Everyone first takes the next place's prize, the rest shared by chips.
    SaveChop,
}

impl WireDealMethod {
    fn engine(self) -> floorbook_tournament::deal::DealMethod {
        use floorbook_tournament::deal::DealMethod;
        match self {
            WireDealMethod::Icm => DealMethod::Icm,
            WireDealMethod::ChipChop => DealMethod::ChipChop,
            WireDealMethod::SaveChop => DealMethod::SaveChop,
        }
    }

    fn of(m: floorbook_tournament::deal::DealMethod) -> WireDealMethod {
        use floorbook_tournament::deal::DealMethod;
        match m {
            DealMethod::Icm => WireDealMethod::Icm,
            DealMethod::ChipChop => WireDealMethod::ChipChop,
            DealMethod::SaveChop => WireDealMethod::SaveChop,
        }
    }
}

/// The offence a sanction is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum WireOffence {
    Etiquette,
    SoftPlay,
    HiddenChips,
    /// Advice during a hand, or two people playing one hand (TR-12).
    Advice,
    Cheating,
    ChipDumping,
    /// Violence or its threat, gross abuse: disqualified at once (TR-28).
    Severe,
}

/// The service's answer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Floorbook command reply")]
pub struct Reply {
    /// True when the command was decided and its events are durably appended.
    pub ok: bool,
    /// The chain the command went to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub chain: Option<String>,
    /// The sequence of the first event the command caused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_seq: Option<u64>,
    /// The sequence of the last event the command caused: the chain's head after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// The blake3 hash of that last event (64 hex digits).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<String>,
    /// The types of the events appended, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<String>,
    /// Why nothing (or only the refusal) was written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ReplyError>,
    /// A receipt: the chain's head signed by the service, given with the reply to a command
    /// that finished a hand, broke a table, ended the tournament or paid out a prize. Kept
    /// outside the operator's hands (`floorbook cmd --receipts FILE`), it makes a later
    /// rewrite of the chain show (`floorbook verify --checkpoint FILE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt: Option<Box<floorbook_log::Checkpoint>>,
    /// The hand's receipt from the venue's transparency log (C2SP `tlog-proof@v1` text), given
    /// with the reply to the command that finished it when the service keeps the log
    /// (`floorbook serve --venue`): a player's proof, checked offline with `floorbook receipt
    /// verify` (`docs/transparency.md`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proof: Option<String>,
}

/// The answer to a query (`floorbook.q.{chain}.{query}`): the head it was read at, the
/// instance that holds the chain, and the view asked for (present, or null when the chain has
/// none: a table it does not have); the other views are left out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(title = "Floorbook query reply")]
pub struct QueryReply {
    pub chain: String,
    /// The service instance that holds the chain.
    pub writer: String,
    /// The head's sequence (0: empty).
    pub seq: u64,
    /// The head's blake3 hash, hex; none for an empty chain.
    pub hash: Option<String>,
    /// `state` of a tournament: the level, players left and every table.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tournament: Option<Option<floorbook_ledger::view::TournamentView>>,
    /// `clock`: the clock screen now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Option<floorbook_tournament::engine::ClockView>>,
    /// `seating`: the seating chart.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seating: Option<Option<floorbook_ledger::view::SeatingView>>,
    /// `table.{table}`: one table as its terminal needs it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub table: Option<Option<QueryTable>>,
    /// `table.{table}`: the table's mark; send it back as `seen`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Option<String>>,
    /// `state` or `seating` of a cash room: its tables and lists.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cash: Option<Option<floorbook_ledger::view::CashView>>,
}

/// A table asked for: a tournament's or a cash room's.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum QueryTable {
    Tournament(floorbook_ledger::view::TableView),
    Cash(floorbook_ledger::view::CashTableView),
}

/// A refusal, a rejection or a failure.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ReplyError {
    pub kind: ErrorKind,
    /// What went wrong, in words, with the rule and the allowed range where there is one.
    pub message: String,
    /// The rules that decided it, with their text.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RuleRef>,
    /// For a hand action: what the player to act may do now, with the limits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub legal: Option<Box<floorbook_ledger::view::LegalView>>,
    /// For a conflict: the chain's head now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<u64>,
    /// For a refusal by the rules: the refusal as data, `code` (its name) and `args` (its
    /// values; a nested refusal, such as a hand's inside a tournament's, is an `args` of its
    /// own), so that a terminal can word it in its own language; `message` is the English.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<Box<serde_json::Value>>,
}

/// A rule by ID with its English reading.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct RuleRef {
    pub id: String,
    pub text: String,
}

/// The kinds of [`ReplyError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// The request is not JSON of the documented shape, or a value in it is unusable.
    Malformed,
    /// The request is larger than the service reads.
    TooLarge,
    /// The subject is not one of the service's.
    UnknownSubject,
    /// The sender's role may not send this command; the refusal is recorded in the chain.
    Forbidden,
    /// The rules do not allow it now; nothing was written.
    Rejected,
    /// The chain's head is not the one the request expected; nothing was written.
    Conflict,
    /// The chain does not exist (open it first), or already exists.
    NoChain,
    /// The store did not take the append; nothing is acknowledged. Retry.
    Unavailable,
    /// The request's `id` was given to another request before (another command, body or
    /// channel); nothing was decided. The message names the first request's command.
    IdReused,
}

impl Reply {
    pub fn error(chain: Option<&str>, error: ReplyError) -> Reply {
        Reply {
            ok: false,
            chain: chain.map(str::to_string),
            first_seq: None,
            seq: None,
            hash: None,
            events: Vec::new(),
            error: Some(error),
            receipt: None,
            proof: None,
        }
    }
}

impl ReplyError {
    pub fn new(kind: ErrorKind, message: impl Into<String>) -> ReplyError {
        ReplyError {
            kind,
            message: message.into(),
            rules: Vec::new(),
            legal: None,
            head: None,
            reason: None,
        }
    }

    /// With the refusal as data (`code` and `args`), when it serializes.
    pub fn with_reason(mut self, reason: &impl Serialize) -> ReplyError {
        self.reason = serde_json::to_value(reason).ok().map(Box::new);
        self
    }

    pub fn with_rules(mut self, rules: &[floorbook_rules::Rule]) -> ReplyError {
        self.rules = rules
            .iter()
            .map(|r| RuleRef {
                id: r.id().to_string(),
                text: r.text().to_string(),
            })
            .collect();
        self
    }
}

/// A value in a request that cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    #[error("card {got:?} is not a card: rank 2-9, T (or 10), J, Q, K, A, then suit c, d, h, s")]
    Card { got: String },
    #[error("{got:?} is not an amount of money: digits with up to two decimals (80.50)")]
    Money { got: String },
    #[error("a four-card flop has exactly 4 cards; got {got}")]
    FourCards { got: usize },
    #[error("rule {got:?} is not in the catalogue (RULES.md)")]
    Rule { got: String },
    #[error("a bet or raise names the chips it goes to (TR-26)")]
    CorrectionTo,
    #[error("{what} is not a command to the tournament engine")]
    NotEngine { what: &'static str },
    #[error("{what} is a tournament's command; this chain is a cash room's")]
    NotCash { what: &'static str },
    #[error("{what} is a cash room's command; this chain is a tournament's")]
    CashOnly { what: &'static str },
    #[error("{what} is read against the member register by the service, not alone")]
    NeedsRegister { what: &'static str },
    #[error("{what} is read from the flight's own chain by the service, not alone")]
    NeedsFlight { what: &'static str },
}

fn card(s: &str) -> Result<Card, WireError> {
    s.parse().map_err(|_| WireError::Card { got: s.into() })
}

fn cards(v: &[String]) -> Result<Vec<Card>, WireError> {
    v.iter().map(|s| card(s)).collect()
}

fn maybe_cards(v: &[Option<String>]) -> Result<Vec<Option<Card>>, WireError> {
    v.iter()
        .map(|c| c.as_deref().map(card).transpose())
        .collect()
}

fn names(v: &[Card]) -> Vec<String> {
    v.iter().map(ToString::to_string).collect()
}

fn maybe_names(v: &[Option<Card>]) -> Vec<Option<String>> {
    v.iter().map(|c| c.map(|c| c.to_string())).collect()
}

impl WireCommand {
    /// The cash room's command this stands for: the floor's and the shift manager's own, a
    /// hand started or an action in a hand at a table.
    pub fn to_cash(&self) -> Result<floorbook_cash::CashCommand, WireError> {
        use floorbook_cash::CashCommand as C;
        if self.declaration().game == crate::commands::Game::Tournament {
            return Err(WireError::NotCash { what: self.name() });
        }
        Ok(match self {
            WireCommand::JoinList {
                guest,
                name,
                game,
                in_person,
                member,
            } => C::JoinList {
                guest: *guest,
                name: name.clone(),
                game: game.clone(),
                in_person: *in_person,
                member: member.clone(),
            },
            WireCommand::LeaveList { guest, game } => C::LeaveList {
                guest: *guest,
                game: game.clone(),
            },
            WireCommand::OpenTable { table } => C::OpenTable { table: *table },
            WireCommand::SeatGuest {
                guest,
                name,
                table,
                seat,
                buy_in,
                wait_for_big_blind,
                member,
            } => C::Seat {
                guest: *guest,
                name: name.clone(),
                table: *table,
                seat: *seat,
                buy_in: *buy_in,
                wait_for_big_blind: *wait_for_big_blind,
                member: member.clone(),
            },
            WireCommand::Rebuy { guest, amount } => C::Rebuy {
                guest: *guest,
                amount: *amount,
            },
            WireCommand::AddChips { guest, amount } => C::AddChips {
                guest: *guest,
                amount: *amount,
            },
            WireCommand::TakeChips { guest, amount } => C::TakeChips {
                guest: *guest,
                amount: *amount,
            },
            WireCommand::CashOut { guest } => C::CashOut { guest: *guest },
            WireCommand::SetAway { guest, away } => C::SetAway {
                guest: *guest,
                away: *away,
            },
            WireCommand::ChangeSeat {
                guest,
                seat,
                post_both,
            } => C::ChangeSeat {
                guest: *guest,
                seat: *seat,
                post_both: *post_both,
            },
            WireCommand::AcceptMove { guest, seat } => C::AcceptMove {
                guest: *guest,
                seat: *seat,
            },
            WireCommand::RefuseMove { guest } => C::RefuseMove { guest: *guest },
            WireCommand::Warn {
                guest,
                offence,
                note,
            } => C::Warn {
                guest: *guest,
                offence: (*offence).into(),
                note: note.clone(),
            },
            WireCommand::HouseRuling { guest, ruling } => C::Ruling {
                guest: *guest,
                ruling: ruling.clone(),
            },
            WireCommand::StartHand { at: Some(_), .. } => {
                return Err(WireError::NotCash {
                    what: "start_hand with `at` (a cash hand starts at the moment of intake)",
                });
            }
            WireCommand::StartHand {
                table,
                button,
                straddle,
                at: None,
            } => C::StartHand {
                table: *table,
                button: *button,
                straddle: *straddle,
            },
            WireCommand::TakeBack { table } => C::TakeBack { table: *table },
            _ => match self.to_engine() {
                Ok(Command::Hand { table, action }) => C::Hand {
                    table: table.0,
                    action,
                },
                Ok(_) | Err(WireError::NotEngine { .. }) => {
                    return Err(WireError::NotCash { what: self.name() });
                }
                Err(e) => return Err(e),
            },
        })
    }

    /// The engine command this stands for. `Open` is handled by the desk itself.
    pub fn to_engine(&self) -> Result<Command, WireError> {
        let hand = |table: &u32, action| Command::Hand {
            table: TableNo(*table),
            action,
        };
        if self.is_cash_only() {
            return Err(WireError::CashOnly { what: self.name() });
        }
        Ok(match self {
            WireCommand::Open { .. } => return Err(WireError::NotEngine { what: "open" }),
            WireCommand::JoinList { .. }
            | WireCommand::LeaveList { .. }
            | WireCommand::OpenTable { .. }
            | WireCommand::SeatGuest { .. }
            | WireCommand::Rebuy { .. }
            | WireCommand::AddChips { .. }
            | WireCommand::TakeChips { .. }
            | WireCommand::CashOut { .. }
            | WireCommand::SetAway { .. }
            | WireCommand::ChangeSeat { .. }
            | WireCommand::AcceptMove { .. }
            | WireCommand::RefuseMove { .. }
            | WireCommand::Warn { .. }
            | WireCommand::HouseRuling { .. } => {
                return Err(WireError::CashOnly { what: self.name() });
            }
            WireCommand::Register {
                player,
                name,
                buy_in,
                age,
                table,
                draw,
            } => Command::Register {
                player: PlayerId(*player),
                name: name.clone(),
                buy_in: buy_in.clone(),
                age: *age,
                table: table.map(TableNo),
                member: None,
                draw: *draw,
            },
            WireCommand::TournamentRebuy { player, double } => Command::Rebuy {
                player: PlayerId(*player),
                double: *double,
            },
            WireCommand::AddOn { player } => Command::AddOn {
                player: PlayerId(*player),
            },
            WireCommand::Surrender { player } => Command::Surrender {
                player: PlayerId(*player),
            },
            WireCommand::DrawEnvelope { player, draw } => Command::DrawEnvelope {
                from: PlayerId(*player),
                draw: *draw,
            },
            WireCommand::Reenter {
                player,
                buy_in,
                draw,
            } => Command::Reenter {
                player: PlayerId(*player),
                buy_in: buy_in.clone(),
                draw: *draw,
            },
            WireCommand::RegisterMember { .. } | WireCommand::RegisterWalkIn { .. } => {
                return Err(WireError::NeedsRegister { what: self.name() });
            }
            WireCommand::Start {
                draw,
                button_seats,
                tables,
                ..
            } => Command::Start {
                draw: draw.clone(),
                tables: *tables,
                button_seats: button_seats
                    .as_ref()
                    .map(|b| b.iter().map(|s| SeatNo(*s)).collect()),
            },
            WireCommand::PlaceButton { table, draw } => Command::PlaceButton {
                table: TableNo(*table),
                draw: draw
                    .iter()
                    .map(|d| Ok((SeatNo(d.seat), card(&d.card)?)))
                    .collect::<Result<_, WireError>>()?,
            },
            WireCommand::StartHand { table, .. } => Command::StartHand {
                table: TableNo(*table),
            },
            WireCommand::DealHole { table, pos, cards } => hand(
                table,
                HandCommand::DealHole {
                    pos: Pos(*pos),
                    cards: maybe_cards(cards)?,
                },
            ),
            WireCommand::DealFaceDown { table } => hand(table, HandCommand::DealFaceDown),
            WireCommand::DealBoard { table, cards: c } => {
                hand(table, HandCommand::DealBoard { cards: cards(c)? })
            }
            WireCommand::Fold { table, pos } => hand(table, HandCommand::Fold { pos: Pos(*pos) }),
            WireCommand::CheckOrCall { table, pos } => {
                hand(table, HandCommand::CheckOrCall { pos: Pos(*pos) })
            }
            WireCommand::Check { table, pos } => hand(table, HandCommand::Check { pos: Pos(*pos) }),
            WireCommand::FoldTo {
                table,
                pos,
                then_call,
            } => hand(
                table,
                HandCommand::FoldTo {
                    pos: Pos(*pos),
                    then_call: *then_call,
                },
            ),
            WireCommand::DealBoardUnseen { table } => hand(table, HandCommand::DealBoardUnseen),
            WireCommand::AwardPot {
                table,
                pot,
                winners,
            } => hand(
                table,
                HandCommand::AwardPot {
                    pot: *pot,
                    winners: winners.iter().map(|&w| Pos(w)).collect(),
                },
            ),
            WireCommand::CheckAround { table } => hand(table, HandCommand::CheckAround),
            WireCommand::CorrectHoleCards {
                table,
                pos,
                cards: c,
                reason,
            } => hand(
                table,
                HandCommand::CorrectHoleCards {
                    pos: Pos(*pos),
                    cards: cards(c)?,
                    reason: reason.clone(),
                },
            ),
            WireCommand::BetOrRaiseTo { table, pos, to } => hand(
                table,
                HandCommand::BetOrRaiseTo {
                    pos: Pos(*pos),
                    to: Chips(*to),
                },
            ),
            WireCommand::Show { table, pos, cards } => hand(
                table,
                HandCommand::ShowOrMuck {
                    pos: Pos(*pos),
                    what: match cards {
                        Some(c) => ShowOrMuck::Show(maybe_cards(c)?),
                        None => ShowOrMuck::ShowDealt,
                    },
                },
            ),
            WireCommand::Muck { table, pos } => hand(
                table,
                HandCommand::ShowOrMuck {
                    pos: Pos(*pos),
                    what: ShowOrMuck::Muck,
                },
            ),
            WireCommand::ShowAfterHand {
                table,
                pos,
                cards: c,
            } => hand(
                table,
                HandCommand::ShowAfterHand {
                    pos: Pos(*pos),
                    cards: cards(c)?,
                },
            ),
            WireCommand::ChipRace {
                table, cards: c, ..
            } => Command::ChipRace {
                table: TableNo(*table),
                cards: cards(c)?,
            },
            WireCommand::PutIn {
                table,
                pos,
                amount,
                single_chip,
                said,
            } => hand(
                table,
                HandCommand::PutIn {
                    pos: Pos(*pos),
                    put: PutIn {
                        amount: Chips(*amount),
                        single_chip: *single_chip,
                        declared: match said {
                            WireSaid::Nothing => Declared::Nothing,
                            WireSaid::Call => Declared::Call,
                            WireSaid::Raise => Declared::Raise,
                            WireSaid::RaiseTo(to) => Declared::RaiseTo(Chips(*to)),
                        },
                    },
                },
            ),
            WireCommand::Raise { table, pos } => hand(table, HandCommand::Raise { pos: Pos(*pos) }),
            WireCommand::BringIn { table, pos } => {
                hand(table, HandCommand::BringIn { pos: Pos(*pos) })
            }
            WireCommand::DownCardExposed {
                table,
                pos,
                card: c,
            } => hand(
                table,
                HandCommand::DownCardExposed {
                    pos: Pos(*pos),
                    card: card(c)?,
                },
            ),
            WireCommand::SeventhCardExposed {
                table,
                pos,
                card: c,
            } => hand(
                table,
                HandCommand::SeventhCardExposed {
                    pos: Pos(*pos),
                    card: card(c)?,
                },
            ),
            WireCommand::PrematureStudCards {
                table,
                cards: cs,
                burned,
            } => hand(
                table,
                HandCommand::PrematureStudCards {
                    cards: cs.iter().map(|c| card(c)).collect::<Result<_, _>>()?,
                    burned: *burned,
                },
            ),
            WireCommand::CardExposedInDeal {
                table,
                pos,
                card: c,
            } => hand(
                table,
                HandCommand::CardExposedInDeal {
                    pos: Pos(*pos),
                    card: card(c)?,
                },
            ),
            WireCommand::FlopWithoutBurn {
                table,
                burn_pick,
                next,
            } => hand(
                table,
                HandCommand::FlopWithoutBurn {
                    burn_pick: *burn_pick,
                    next: next.as_deref().map(card).transpose()?,
                },
            ),
            WireCommand::PrematureBoard { table, cards: c } => {
                hand(table, HandCommand::PrematureBoard { cards: cards(c)? })
            }
            WireCommand::StubScrambled {
                table,
                restored,
                mixed_with_muck,
            } => hand(
                table,
                HandCommand::StubScrambled {
                    restored: *restored,
                    mixed_with_muck: *mixed_with_muck,
                },
            ),
            WireCommand::ExposedOwnCards {
                table,
                pos,
                cards: c,
                one_up_one_pushed,
            } => hand(
                table,
                HandCommand::ExposedOwnCards {
                    pos: Pos(*pos),
                    cards: cards(c)?,
                    one_up_one_pushed: *one_up_one_pushed,
                },
            ),
            WireCommand::UnprotectedHandKilled { table, pos } => {
                hand(table, HandCommand::UnprotectedHandKilled { pos: Pos(*pos) })
            }
            WireCommand::FoldRetrieved { table, pos } => {
                hand(table, HandCommand::FoldRetrieved { pos: Pos(*pos) })
            }
            WireCommand::ShortCallUnaware { table, pos, amount } => hand(
                table,
                HandCommand::ShortCallUnaware {
                    pos: Pos(*pos),
                    amount: Chips(*amount),
                },
            ),
            WireCommand::FourCardFlop {
                table,
                cards: c,
                burn_pick,
            } => {
                let four = <[Card; 4]>::try_from(cards(c)?)
                    .map_err(|v| WireError::FourCards { got: v.len() })?;
                hand(
                    table,
                    HandCommand::FourCardFlop {
                        cards: four,
                        burn_pick: *burn_pick,
                    },
                )
            }
            WireCommand::OutOfTurn { table, pos, action } => hand(
                table,
                HandCommand::OutOfTurn {
                    pos: Pos(*pos),
                    action: match action {
                        WireOutOfTurn::Fold => OutOfTurn::Fold,
                        WireOutOfTurn::Check => OutOfTurn::Check,
                        WireOutOfTurn::Call => OutOfTurn::Call,
                        WireOutOfTurn::RaiseTo { to } => OutOfTurn::RaiseTo { to: Chips(*to) },
                    },
                },
            ),
            WireCommand::Sanction {
                player,
                offence,
                chips,
                ..
            } => Command::Sanction {
                player: PlayerId(*player),
                chips: *chips,
                offence: match offence {
                    WireOffence::Etiquette => Offence::Etiquette,
                    WireOffence::SoftPlay => Offence::SoftPlay,
                    WireOffence::HiddenChips => Offence::HiddenChips,
                    WireOffence::Advice => Offence::Advice,
                    WireOffence::Cheating => Offence::Cheating,
                    WireOffence::ChipDumping => Offence::ChipDumping,
                    WireOffence::Severe => Offence::Severe,
                },
            },
            WireCommand::TakeBack { table } => Command::TakeBack {
                table: TableNo(*table),
            },
            WireCommand::CorrectEntry {
                table,
                entry,
                action,
                to,
                reason,
                cards_retrieved,
            } => Command::CorrectEntry {
                table: TableNo(*table),
                entry: *entry,
                now: correction(*action, *to)?,
                reason: reason.clone(),
                cards_retrieved: *cards_retrieved,
            },
            WireCommand::FloorRuling {
                player,
                ruling,
                rule,
                overrides,
            } => Command::FloorRuling {
                player: player.map(PlayerId),
                ruling: ruling.clone(),
                rule: floorbook_rules::Rule::from_id(rule)
                    .ok_or_else(|| WireError::Rule { got: rule.clone() })?,
                overrides: *overrides,
            },
            WireCommand::SetAbsent { player, absent } => Command::SetAbsent {
                player: PlayerId(*player),
                absent: *absent,
            },
            WireCommand::CallClock { table, .. } => Command::CallClock {
                table: TableNo(*table),
            },
            WireCommand::CheckClock { table, .. } => Command::CheckClock {
                table: TableNo(*table),
            },
            WireCommand::RemoveNoShow { player, .. } => Command::RemoveNoShow {
                player: PlayerId(*player),
            },
            WireCommand::BreakTable { table, draw } => Command::BreakTable {
                table: TableNo(*table),
                draw: draw.clone(),
            },
            WireCommand::PauseClock { .. } => Command::Clock {
                action: ClockAction::Pause,
            },
            WireCommand::ResumeClock { .. } => Command::Clock {
                action: ClockAction::Resume,
            },
            WireCommand::AdjustClock { seconds, .. } => Command::Clock {
                action: ClockAction::Adjust { seconds: *seconds },
            },
            WireCommand::GoToLevel { level, .. } => Command::Clock {
                action: ClockAction::GoToLevel { level: *level },
            },
            WireCommand::EditLevels { from, levels, .. } => Command::EditLevels {
                from: *from,
                levels: levels
                    .iter()
                    .map(|l| LevelEdit {
                        small: l.small,
                        big: l.big,
                        ante: l.ante,
                        bring_in: l.bring_in,
                        minutes: l.minutes,
                    })
                    .collect(),
            },
            WireCommand::EditPayout { shares } => Command::EditPayout {
                shares: shares.clone(),
            },
            WireCommand::SetBreak {
                after_level,
                minutes,
                ..
            } => Command::SetBreak {
                after: *after_level,
                minutes: *minutes,
            },
            WireCommand::MovePlayer {
                player,
                table,
                seat,
                reason,
            } => Command::MovePlayer {
                player: PlayerId(*player),
                table: TableNo(*table),
                seat: SeatNo(*seat),
                reason: reason.clone(),
            },
            WireCommand::BalanceNow {} => Command::BalanceNow,
            WireCommand::EndFlight {} => Command::EndFlight,
            WireCommand::ImportFlight { .. } => {
                return Err(WireError::NeedsFlight { what: self.name() });
            }
            WireCommand::ProposeDeal {
                method,
                left_to_play,
            } => Command::ProposeDeal {
                method: method.engine(),
                left_to_play: match left_to_play.as_deref().map(str::trim) {
                    None | Some("") => 0,
                    Some(m) => floorbook_tournament::buy_in_cents(m)
                        .ok_or_else(|| WireError::Money { got: m.to_string() })?,
                },
            },
            WireCommand::ConsentToDeal { player } => Command::ConsentToDeal {
                player: PlayerId(*player),
            },
            WireCommand::DeclineDeal { player } => Command::DeclineDeal {
                player: PlayerId(*player),
            },
            WireCommand::PayPrize { player } => Command::PayPrize {
                player: PlayerId(*player),
            },
            WireCommand::HoldTable {
                table,
                hold,
                reason,
            } => Command::HoldTable {
                table: TableNo(*table),
                hold: *hold,
                reason: reason.clone(),
            },
            WireCommand::BreakTableNow { table, reason } => Command::BreakTableNow {
                table: TableNo(*table),
                reason: reason.clone(),
            },
            WireCommand::SetStack {
                player,
                stack,
                reason,
            } => Command::SetStack {
                player: PlayerId(*player),
                stack: *stack,
                reason: reason.clone(),
            },
            WireCommand::SeatPlayer {
                player,
                table,
                seat,
            } => Command::SeatPlayer {
                player: PlayerId(*player),
                table: TableNo(*table),
                seat: SeatNo(*seat),
            },
            WireCommand::BustPlayer {
                player,
                winner,
                reason,
            } => Command::BustPlayer {
                player: PlayerId(*player),
                winner: PlayerId(*winner),
                reason: reason.clone(),
            },
        })
    }

    /// The wire form of an engine command decided at `at` (for drivers that replay a recorded
    /// tournament through the service).
    /// The wire command for a cash room's command (a simulated evening sent to the service).
    pub fn from_cash(c: &floorbook_cash::CashCommand) -> WireCommand {
        use floorbook_cash::CashCommand as C;
        let offence = |o: floorbook_cash::Offence| {
            use floorbook_cash::Offence as O;
            match o {
                O::ShowingCards => WireCashOffence::ShowingCards,
                O::ActingForAnother => WireCashOffence::ActingForAnother,
                O::NotWaitingTurn => WireCashOffence::NotWaitingTurn,
                O::CardsHidden => WireCashOffence::CardsHidden,
                O::Language => WireCashOffence::Language,
                O::TableManners => WireCashOffence::TableManners,
                O::ExposedCards => WireCashOffence::ExposedCards,
            }
        };
        match c.clone() {
            C::JoinList {
                guest,
                name,
                game,
                in_person,
                member,
            } => WireCommand::JoinList {
                guest,
                name,
                game,
                in_person,
                member,
            },
            C::LeaveList { guest, game } => WireCommand::LeaveList { guest, game },
            C::OpenTable { table } => WireCommand::OpenTable { table },
            C::Seat {
                guest,
                name,
                table,
                seat,
                buy_in,
                wait_for_big_blind,
                member,
            } => WireCommand::SeatGuest {
                guest,
                name,
                table,
                seat,
                buy_in,
                wait_for_big_blind,
                member,
            },
            C::Rebuy { guest, amount } => WireCommand::Rebuy { guest, amount },
            C::AddChips { guest, amount } => WireCommand::AddChips { guest, amount },
            C::TakeChips { guest, amount } => WireCommand::TakeChips { guest, amount },
            C::CashOut { guest } => WireCommand::CashOut { guest },
            C::SetAway { guest, away } => WireCommand::SetAway { guest, away },
            C::ChangeSeat {
                guest,
                seat,
                post_both,
            } => WireCommand::ChangeSeat {
                guest,
                seat,
                post_both,
            },
            C::AcceptMove { guest, seat } => WireCommand::AcceptMove { guest, seat },
            C::RefuseMove { guest } => WireCommand::RefuseMove { guest },
            C::Warn {
                guest,
                offence: o,
                note,
            } => WireCommand::Warn {
                guest,
                offence: offence(o),
                note,
            },
            C::Ruling { guest, ruling } => WireCommand::HouseRuling { guest, ruling },
            C::StartHand {
                table,
                button,
                straddle,
            } => WireCommand::StartHand {
                table,
                at: None,
                button,
                straddle,
            },
            C::TakeBack { table } => WireCommand::TakeBack { table },
            C::Hand { table, action } => WireCommand::from_engine(
                &Command::Hand {
                    table: TableNo(table),
                    action,
                },
                0,
            ),
        }
    }

    pub fn from_engine(c: &Command, at: u64) -> WireCommand {
        let hand = |table: &TableNo, a: &HandCommand| {
            let t = table.0;
            match a {
                HandCommand::DealHole { pos, cards } => WireCommand::DealHole {
                    table: t,
                    pos: pos.0,
                    cards: maybe_names(cards),
                },
                HandCommand::DealFaceDown => WireCommand::DealFaceDown { table: t },
                HandCommand::DealBoard { cards } => WireCommand::DealBoard {
                    table: t,
                    cards: names(cards),
                },
                HandCommand::FourCardFlop { cards, burn_pick } => WireCommand::FourCardFlop {
                    table: t,
                    cards: names(cards),
                    burn_pick: *burn_pick,
                },
                HandCommand::Fold { pos } => WireCommand::Fold {
                    table: t,
                    pos: pos.0,
                },
                HandCommand::CheckOrCall { pos } => WireCommand::CheckOrCall {
                    table: t,
                    pos: pos.0,
                },
                HandCommand::Check { pos } => WireCommand::Check {
                    table: t,
                    pos: pos.0,
                },
                HandCommand::FoldTo { pos, then_call } => WireCommand::FoldTo {
                    table: t,
                    pos: pos.0,
                    then_call: *then_call,
                },
                HandCommand::DealBoardUnseen => WireCommand::DealBoardUnseen { table: t },
                HandCommand::AwardPot { pot, winners } => WireCommand::AwardPot {
                    table: t,
                    pot: *pot,
                    winners: winners.iter().map(|w| w.0).collect(),
                },
                HandCommand::CheckAround => WireCommand::CheckAround { table: t },
                HandCommand::PutIn { pos, put } => WireCommand::PutIn {
                    table: t,
                    pos: pos.0,
                    amount: put.amount.0,
                    single_chip: put.single_chip,
                    said: match put.declared {
                        Declared::Nothing => WireSaid::Nothing,
                        Declared::Call => WireSaid::Call,
                        Declared::Raise => WireSaid::Raise,
                        Declared::RaiseTo(to) => WireSaid::RaiseTo(to.0),
                    },
                },
                HandCommand::Raise { pos } => WireCommand::Raise {
                    table: t,
                    pos: pos.0,
                },
                HandCommand::BringIn { pos } => WireCommand::BringIn {
                    table: t,
                    pos: pos.0,
                },
                HandCommand::DownCardExposed { pos, card } => WireCommand::DownCardExposed {
                    table: t,
                    pos: pos.0,
                    card: card.to_string(),
                },
                HandCommand::SeventhCardExposed { pos, card } => WireCommand::SeventhCardExposed {
                    table: t,
                    pos: pos.0,
                    card: card.to_string(),
                },
                HandCommand::PrematureStudCards { cards, burned } => {
                    WireCommand::PrematureStudCards {
                        table: t,
                        cards: names(cards),
                        burned: *burned,
                    }
                }
                HandCommand::CardExposedInDeal { pos, card } => WireCommand::CardExposedInDeal {
                    table: t,
                    pos: pos.0,
                    card: card.to_string(),
                },
                HandCommand::FlopWithoutBurn { burn_pick, next } => WireCommand::FlopWithoutBurn {
                    table: t,
                    burn_pick: *burn_pick,
                    next: next.map(|c| c.to_string()),
                },
                HandCommand::PrematureBoard { cards } => WireCommand::PrematureBoard {
                    table: t,
                    cards: names(cards),
                },
                HandCommand::StubScrambled {
                    restored,
                    mixed_with_muck,
                } => WireCommand::StubScrambled {
                    table: t,
                    restored: *restored,
                    mixed_with_muck: *mixed_with_muck,
                },
                HandCommand::ExposedOwnCards {
                    pos,
                    cards,
                    one_up_one_pushed,
                } => WireCommand::ExposedOwnCards {
                    table: t,
                    pos: pos.0,
                    cards: names(cards),
                    one_up_one_pushed: *one_up_one_pushed,
                },
                HandCommand::UnprotectedHandKilled { pos } => WireCommand::UnprotectedHandKilled {
                    table: t,
                    pos: pos.0,
                },
                HandCommand::FoldRetrieved { pos } => WireCommand::FoldRetrieved {
                    table: t,
                    pos: pos.0,
                },
                HandCommand::ShortCallUnaware { pos, amount } => WireCommand::ShortCallUnaware {
                    table: t,
                    pos: pos.0,
                    amount: amount.0,
                },
                HandCommand::CorrectHoleCards { pos, cards, reason } => {
                    WireCommand::CorrectHoleCards {
                        table: t,
                        pos: pos.0,
                        cards: names(cards),
                        reason: reason.clone(),
                    }
                }
                HandCommand::BetOrRaiseTo { pos, to } => WireCommand::BetOrRaiseTo {
                    table: t,
                    pos: pos.0,
                    to: to.0,
                },
                HandCommand::ShowOrMuck {
                    pos,
                    what: ShowOrMuck::Show(cards),
                } => WireCommand::Show {
                    table: t,
                    pos: pos.0,
                    cards: Some(maybe_names(cards)),
                },
                HandCommand::ShowOrMuck {
                    pos,
                    what: ShowOrMuck::ShowDealt,
                } => WireCommand::Show {
                    table: t,
                    pos: pos.0,
                    cards: None,
                },
                HandCommand::ShowOrMuck {
                    pos,
                    what: ShowOrMuck::Muck,
                } => WireCommand::Muck {
                    table: t,
                    pos: pos.0,
                },
                HandCommand::ShowAfterHand { pos, cards } => WireCommand::ShowAfterHand {
                    table: t,
                    pos: pos.0,
                    cards: names(cards),
                },
                HandCommand::OutOfTurn { pos, action } => WireCommand::OutOfTurn {
                    table: t,
                    pos: pos.0,
                    action: match action {
                        OutOfTurn::Fold => WireOutOfTurn::Fold,
                        OutOfTurn::Check => WireOutOfTurn::Check,
                        OutOfTurn::Call => WireOutOfTurn::Call,
                        OutOfTurn::RaiseTo { to } => WireOutOfTurn::RaiseTo { to: to.0 },
                    },
                },
            }
        };
        match c {
            Command::Register {
                player,
                buy_in,
                table,
                member: Some(member),
                draw,
                ..
            } => WireCommand::RegisterMember {
                player: player.0,
                member: member.clone(),
                buy_in: buy_in.clone(),
                table: table.map(|t| t.0),
                draw: *draw,
            },
            Command::Register {
                player,
                name,
                buy_in,
                age,
                table,
                member: None,
                draw,
            } => WireCommand::Register {
                player: player.0,
                name: name.clone(),
                buy_in: buy_in.clone(),
                age: *age,
                table: table.map(|t| t.0),
                draw: *draw,
            },
            Command::Rebuy { player, double } => WireCommand::TournamentRebuy {
                player: player.0,
                double: *double,
            },
            Command::AddOn { player } => WireCommand::AddOn { player: player.0 },
            Command::Surrender { player } => WireCommand::Surrender { player: player.0 },
            Command::DrawEnvelope { from, draw } => WireCommand::DrawEnvelope {
                player: from.0,
                draw: *draw,
            },
            Command::Reenter {
                player,
                buy_in,
                draw,
            } => WireCommand::Reenter {
                player: player.0,
                buy_in: buy_in.clone(),
                draw: *draw,
            },
            Command::Start {
                draw,
                button_seats,
                tables,
            } => WireCommand::Start {
                draw: draw.clone(),
                tables: *tables,
                button_seats: button_seats
                    .as_ref()
                    .map(|b| b.iter().map(|s| s.0).collect()),
                at: Some(at),
            },
            Command::PlaceButton { table, draw } => WireCommand::PlaceButton {
                table: table.0,
                draw: draw
                    .iter()
                    .map(|(s, c)| SeatCard {
                        seat: s.0,
                        card: c.to_string(),
                    })
                    .collect(),
            },
            Command::StartHand { table } => WireCommand::StartHand {
                table: table.0,
                at: Some(at),
                button: None,
                straddle: false,
            },
            Command::Hand { table, action } => hand(table, action),
            Command::Sanction {
                player,
                offence,
                chips,
            } => WireCommand::Sanction {
                player: player.0,
                chips: *chips,
                at: Some(at),
                offence: match offence {
                    Offence::Etiquette => WireOffence::Etiquette,
                    Offence::SoftPlay => WireOffence::SoftPlay,
                    Offence::HiddenChips => WireOffence::HiddenChips,
                    Offence::Advice => WireOffence::Advice,
                    Offence::Cheating => WireOffence::Cheating,
                    Offence::ChipDumping => WireOffence::ChipDumping,
                    Offence::Severe => WireOffence::Severe,
                },
            },
            Command::TakeBack { table } => WireCommand::TakeBack { table: table.0 },
            Command::CorrectEntry {
                table,
                entry,
                now,
                reason,
                cards_retrieved,
            } => {
                let (action, to) = match now {
                    None => (WireCorrection::None, None),
                    Some(Correction::Fold) => (WireCorrection::Fold, None),
                    Some(Correction::Check) => (WireCorrection::Check, None),
                    Some(Correction::Call) => (WireCorrection::Call, None),
                    Some(Correction::BetOrRaiseTo { to }) => {
                        (WireCorrection::BetOrRaiseTo, Some(to.0))
                    }
                };
                WireCommand::CorrectEntry {
                    table: table.0,
                    entry: *entry,
                    action,
                    to,
                    reason: reason.clone(),
                    cards_retrieved: *cards_retrieved,
                }
            }
            Command::FloorRuling {
                player,
                ruling,
                rule,
                overrides,
            } => WireCommand::FloorRuling {
                player: player.map(|p| p.0),
                ruling: ruling.clone(),
                rule: rule.id().to_string(),
                overrides: *overrides,
            },
            Command::SetAbsent { player, absent } => WireCommand::SetAbsent {
                player: player.0,
                absent: *absent,
            },
            Command::CallClock { table } => WireCommand::CallClock {
                table: table.0,
                at: Some(at),
            },
            Command::CheckClock { table } => WireCommand::CheckClock {
                table: table.0,
                at: Some(at),
            },
            Command::ChipRace { table, cards } => WireCommand::ChipRace {
                table: table.0,
                cards: names(cards),
                at: Some(at),
            },
            Command::RemoveNoShow { player } => WireCommand::RemoveNoShow {
                player: player.0,
                at: Some(at),
            },
            Command::BreakTable { table, draw } => WireCommand::BreakTable {
                table: table.0,
                draw: draw.clone(),
            },
            Command::Clock { action } => match action {
                ClockAction::Pause => WireCommand::PauseClock { at: Some(at) },
                ClockAction::Resume => WireCommand::ResumeClock { at: Some(at) },
                ClockAction::Adjust { seconds } => WireCommand::AdjustClock {
                    seconds: *seconds,
                    at: Some(at),
                },
                ClockAction::GoToLevel { level } => WireCommand::GoToLevel {
                    level: *level,
                    at: Some(at),
                },
            },
            Command::EditPayout { shares } => WireCommand::EditPayout {
                shares: shares.clone(),
            },
            Command::EditLevels { from, levels } => WireCommand::EditLevels {
                from: *from,
                levels: levels
                    .iter()
                    .map(|l| WireLevel {
                        small: l.small,
                        big: l.big,
                        ante: l.ante,
                        bring_in: l.bring_in,
                        minutes: l.minutes,
                    })
                    .collect(),
                at: Some(at),
            },
            Command::SetBreak { after, minutes } => WireCommand::SetBreak {
                after_level: *after,
                minutes: *minutes,
                at: Some(at),
            },
            Command::MovePlayer {
                player,
                table,
                seat,
                reason,
            } => WireCommand::MovePlayer {
                player: player.0,
                table: table.0,
                seat: seat.0,
                reason: reason.clone(),
            },
            Command::BalanceNow => WireCommand::BalanceNow {},
            Command::EndFlight => WireCommand::EndFlight {},
            Command::ImportFlight { flight } => WireCommand::ImportFlight {
                chain: flight.chain.clone(),
            },
            Command::ProposeDeal {
                method,
                left_to_play,
            } => WireCommand::ProposeDeal {
                method: WireDealMethod::of(*method),
                left_to_play: (*left_to_play > 0)
                    .then(|| format!("{}.{:02}", left_to_play / 100, left_to_play % 100)),
            },
            Command::ConsentToDeal { player } => WireCommand::ConsentToDeal { player: player.0 },
            Command::DeclineDeal { player } => WireCommand::DeclineDeal { player: player.0 },
            Command::PayPrize { player } => WireCommand::PayPrize { player: player.0 },
            Command::HoldTable {
                table,
                hold,
                reason,
            } => WireCommand::HoldTable {
                table: table.0,
                hold: *hold,
                reason: reason.clone(),
            },
            Command::BreakTableNow { table, reason } => WireCommand::BreakTableNow {
                table: table.0,
                reason: reason.clone(),
            },
            Command::SetStack {
                player,
                stack,
                reason,
            } => WireCommand::SetStack {
                player: player.0,
                stack: *stack,
                reason: reason.clone(),
            },
            Command::SeatPlayer {
                player,
                table,
                seat,
            } => WireCommand::SeatPlayer {
                player: player.0,
                table: table.0,
                seat: seat.0,
            },
            Command::BustPlayer {
                player,
                winner,
                reason,
            } => WireCommand::BustPlayer {
                player: player.0,
                winner: winner.0,
                reason: reason.clone(),
            },
        }
    }
}
