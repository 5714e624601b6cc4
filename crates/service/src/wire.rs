//! What travels on the command subjects: a [`Request`] in, a [`Reply`] out, both JSON. These
//! are the documented, versioned shapes (schemas in `schemas/`); they map onto the engine's
//! commands here and nowhere else, so the engine's own types can change without breaking a
//! terminal.

use floorbook_cards::Card;
use floorbook_hand::{Chips, Declared, OutOfTurn, Pos, PutIn, ShowOrMuck};
use floorbook_tournament::command::{ClockAction, Command, HandCommand, LevelEdit};
use floorbook_tournament::conduct::Offence;
use floorbook_tournament::seating::{PlayerId, SeatNo, TableNo};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

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
    /// The command.
    #[serde(flatten)]
    pub command: WireCommand,
}

/// A command, by name in `command`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "command", rename_all = "snake_case", deny_unknown_fields)]
pub enum WireCommand {
    /// Director: opens the tournament's chain under a rule profile, given by built-in name
    /// (`floorbook profiles list`) or as TOML.
    Open {
        #[serde(default)]
        profile: Option<String>,
        #[serde(default)]
        profile_toml: Option<String>,
    },
    /// Floor: registers a player (TR-0a age, TR-0b buy-in).
    Register {
        player: u32,
        name: String,
        buy_in: String,
        age: u32,
        /// The table he reserved in advance, where the profile keeps reservations (PLO-3);
        /// none for a walk-in.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<u32>,
    },
    /// Floor: registers a member of the club's register (issue 24): his name comes from the
    /// register and TR-0a's age check reads the birth date on record (the date itself never
    /// enters the tournament's chain); a barred member is refused.
    RegisterMember {
        player: u32,
        /// The member's ID in the register (`floorbook members list`).
        member: String,
        buy_in: String,
        /// The table he reserved in advance, where the profile keeps reservations (PLO-3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<u32>,
    },
    /// Floor: a walk-in who is not yet a member joins the register on the spot and is
    /// registered as that member (the birth date goes to the register only).
    RegisterWalkIn {
        player: u32,
        name: String,
        /// The birth date, YYYY-MM-DD (TR-0a), for the register.
        born: String,
        buy_in: String,
        /// How to reach him, for the register.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contact: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<u32>,
    },
    /// Director: starts play with the seat draw (a permutation of the seat cards, TR-1) and,
    /// where the profile draws them, the button seats.
    Start {
        draw: Vec<u32>,
        #[serde(default)]
        button_seats: Option<Vec<u32>>,
        /// Seconds into the tournament, for an imported start; otherwise the moment the
        /// service takes it in (the level clock starts then, TR-5).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        /// The number of tables where the rule leaves the director a choice (NOB-7: eight
        /// players on one table or two of four).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tables: Option<u32>,
    },
    /// Dealer: the button draw at a table, one card per seat (TR-2).
    PlaceButton { table: u32, draw: Vec<SeatCard> },
    /// Dealer: starts the next hand. Its time is the moment the service takes it in; an
    /// imported or simulated hand gives `at`, seconds into the tournament (never earlier than
    /// the chain's latest time).
    StartHand {
        table: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        /// Cash tables: the seat the floor's draw gave the button, for a table's first hand.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        button: Option<u32>,
        /// Cash tables: the player under the gun straddles, before the deal (GCB-5).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        straddle: bool,
    },
    /// Dealer: hole cards to one position (null for a card not seen, in a live hand).
    DealHole {
        table: u32,
        pos: usize,
        cards: Vec<Option<String>>,
    },
    /// Dealer: the next board cards (the burn is implied).
    DealBoard { table: u32, cards: Vec<String> },
    /// Dealer: the player at `pos` folds.
    Fold { table: u32, pos: usize },
    /// Dealer: the player at `pos` checks, or calls what is due.
    CheckOrCall { table: u32, pos: usize },
    /// Dealer: the player at `pos` declares a check; refused when a bet is due (NOB-14).
    Check { table: u32, pos: usize },
    /// Dealer: the player at `pos` bets or raises to a street total of `to`.
    BetOrRaiseTo { table: u32, pos: usize, to: u64 },
    /// Dealer: the player at `pos` shows at the showdown: the cards as dealt (no `cards`), or
    /// in a live hand the cards the dealer enters (null for one kept face down).
    Show {
        table: u32,
        pos: usize,
        #[serde(default)]
        cards: Option<Vec<Option<String>>>,
    },
    /// Dealer: the player at `pos` mucks at the showdown.
    Muck { table: u32, pos: usize },
    /// Dealer: after the hand, the player at `pos` shows `cards` (one up to his whole hand):
    /// folded or mucked cards (TR-3.5), a hand shown to one player and so to all (TR-3.8), or
    /// the uncalled winner's choice (TR-3.7). Recorded in the table's last hand; the result
    /// stands.
    ShowAfterHand {
        table: u32,
        pos: usize,
        cards: Vec<String>,
    },
    /// Floor: the recorded hole cards of the player at `pos` were wrong; these are the cards he
    /// was dealt, and the reason (TR-26). Listed by the audit.
    CorrectHoleCards {
        table: u32,
        pos: usize,
        cards: Vec<String>,
        reason: String,
    },
    /// Dealer: chips put over the line by the player at `pos`, `single_chip` when one chip,
    /// with what he said: read by the profile (TR-23 oversized chip, GCB-4 single chip, GCB-2
    /// "raise" alone, PLO-9 change, PLO-7 under the minimum), the reading recorded.
    PutIn {
        table: u32,
        pos: usize,
        amount: u64,
        #[serde(default)]
        single_chip: bool,
        #[serde(default)]
        said: WireSaid,
    },
    /// Dealer: the player at `pos` says "raise" with no amount: the minimum raise (GCB-2).
    Raise { table: u32, pos: usize },
    /// Dealer: a hole card of `pos` turned up in the deal (TR-3.1): it becomes the flop's
    /// burn, the player gets his replacement after everyone else.
    CardExposedInDeal {
        table: u32,
        pos: usize,
        card: String,
    },
    /// Dealer (stud): the player at `pos` posts the bring-in (TDA-RP-10).
    BringIn { table: u32, pos: usize },
    /// Dealer (stud): a down card of `pos` exposed in the first deal becomes his up card; his
    /// third-street card is dealt face down (TDA-RP-10 A).
    DownCardExposed {
        table: u32,
        pos: usize,
        card: String,
    },
    /// Floor (stud): the dealer exposed `pos`'s seventh-street card: replaced while betting is
    /// possible, otherwise it stays face up (TDA-RP-10 B).
    SeventhCardExposed {
        table: u32,
        pos: usize,
        card: String,
    },
    /// Floor (stud): cards of the next street dealt before the betting ended go back into the
    /// reshuffled stub; the street comes without another burn (TDA-RP-5 D).
    PrematureStudCards {
        table: u32,
        cards: Vec<String>,
        /// Whether the street's burn card was dealt before them (it stays burned, RP-5).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        burned: Option<bool>,
    },
    /// Floor: the flop came without a burn (TR-3.2, TDA-39B); before any action the floor
    /// draws `burn_pick` (0 to 2) of the three to burn and `next` completes the flop.
    FlopWithoutBurn {
        table: u32,
        #[serde(default)]
        burn_pick: usize,
        #[serde(default)]
        next: Option<String>,
    },
    /// Floor: board cards dealt before the betting ended (TR-3.3, TDA-39C, TDA-RP-5).
    PrematureBoard { table: u32, cards: Vec<String> },
    /// Floor: the stub was dropped or scrambled (TDA-RP-4, TDA-39D).
    StubScrambled {
        table: u32,
        restored: bool,
        mixed_with_muck: bool,
    },
    /// Floor: the player at `pos` opened his own cards during play (TR-3.4; GCB-8).
    ExposedOwnCards {
        table: u32,
        pos: usize,
        cards: Vec<String>,
        #[serde(default)]
        one_up_one_pushed: bool,
    },
    /// Floor: the dealer killed the unprotected hand of `pos` (TR-22).
    UnprotectedHandKilled { table: u32, pos: usize },
    /// Floor: the player at `pos` folded on false information and his cards were retrieved:
    /// he acts again (GCB-8).
    FoldRetrieved { table: u32, pos: usize },
    /// Floor: the player at `pos` put in `amount`, short of the call, unaware of a raise;
    /// nobody has acted after him: he takes it back and acts again (GCB-3).
    ShortCallUnaware { table: u32, pos: usize, amount: u64 },
    /// Dealer: a denomination races off (TR-15), one card per odd chip, now (or at `at`, as
    /// for `start_hand`): due once the level it follows has ended, before the table's next
    /// hand.
    ChipRace {
        table: u32,
        cards: Vec<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Floor: a four-card flop (TDA-39A); `burn_pick` is the drawn card that becomes the burn.
    FourCardFlop {
        table: u32,
        cards: Vec<String>,
        burn_pick: usize,
    },
    /// Floor: an action out of turn (TR-21, GCB-3).
    OutOfTurn {
        table: u32,
        pos: usize,
        action: WireOutOfTurn,
    },
    /// Floor: a warning or penalty for an offence (TR-7, TR-20, TR-24, TR-27, TR-28). For
    /// hidden chips, `chips` names the chips found: they are forfeited (TR-20).
    Sanction {
        player: u32,
        offence: WireOffence,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chips: Option<u64>,
        /// Seconds into the tournament, for an imported sanction; otherwise the moment the
        /// service takes it in (a time penalty runs from it, TR-28).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Floor (director with `overrides`): a ruling under a rule, or an override of a recorded
    /// decision (TR-26).
    FloorRuling {
        #[serde(default)]
        player: Option<u32>,
        ruling: String,
        rule: String,
        #[serde(default)]
        overrides: Option<u64>,
    },
    /// Floor: a player is away from, or back at, the table.
    SetAbsent { player: u32, absent: bool },
    /// Floor: the clock is called on the player to act (TR-19), now (or at `at`, as for
    /// `start_hand`).
    CallClock {
        table: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Floor: the called clock is checked, now (or at `at`); run out, the hand is dead (TR-19).
    CheckClock {
        table: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Floor: a registered player who never came is removed (TR-6, PLO-1), now (or at `at`).
    RemoveNoShow {
        player: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Floor: a breaking table's players draw their new seats (TR-17).
    BreakTable { table: u32, draw: Vec<u32> },
    /// Director: pauses the level clock (TR-5), now (or at `at`).
    PauseClock {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Director: the paused level clock runs again (TR-5).
    ResumeClock {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Director: adds `seconds` to the level in force (negative: takes them away), at most
    /// back to its start and on to its end (TR-5).
    AdjustClock {
        seconds: i64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Director: the clock goes to the start of level `level` (1-based, TR-5).
    GoToLevel {
        level: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Director: changes levels not yet begun, from level `from` (1-based); levels past the
    /// last are added (TR-5).
    EditLevels {
        from: u32,
        levels: Vec<WireLevel>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Director: a break after level `after_level` (1-based) of `minutes`; 0 takes it out.
    /// Only one not yet begun (TR-5). (Not `after`: that is the request's head guard.)
    SetBreak {
        after_level: u32,
        minutes: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    },
    /// Floor: moves `player`, between his table's hands, to a free seat by ruling, over the
    /// automatic choice, with the reason (TR-26, TR-17).
    MovePlayer {
        player: u32,
        table: u32,
        seat: u32,
        reason: String,
    },
    /// Floor: the moves and the break that are due, at tables between hands, now (TR-17).
    BalanceNow {},
    /// Floor: holds a table (no hand starts) or releases it, with the reason (TR-26).
    HoldTable {
        table: u32,
        hold: bool,
        reason: String,
    },
    /// Floor: breaks a table now, between its hands; its players then draw their seats with
    /// `break_table` (TR-26, TR-17).
    BreakTableNow { table: u32, reason: String },
    /// Floor: a player's stack after a count, between his table's hands (TR-26).
    SetStack {
        player: u32,
        stack: u64,
        reason: String,
    },
    /// Floor: a registered or waiting player without a seat takes a free seat with the
    /// starting stack (TR-26; PLO-1's waiting list).
    SeatPlayer { player: u32, table: u32, seat: u32 },
    /// Floor: `player` is out, at a table whose hands are not keyed in; his chips went to
    /// `winner` at the same table (TR-26).
    BustPlayer {
        player: u32,
        winner: u32,
        reason: String,
    },
    /// Cash, floor: a guest who reported in person goes on a game's waiting list (GCB-9;
    /// `in_person: false`, a phone call, is refused).
    JoinList {
        guest: u32,
        /// The guest's name (left out with `member`: the register's is used).
        #[serde(default)]
        name: String,
        game: String,
        in_person: bool,
        /// The member of the club's register he is (issue 24): his name comes from the
        /// register, and a barred member is refused.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<String>,
    },
    /// Cash, floor: a guest leaves the waiting list (GCB-9).
    LeaveList { guest: u32, game: String },
    /// Cash, floor: opens a game's main table, or its side table when GCB-10 allows.
    OpenTable { table: u32 },
    /// Cash, floor: a guest takes a free seat with a buy-in of at least the table stake
    /// (GCB-7), in list order (GCB-9); `wait_for_big_blind` instead of posting one to come in.
    SeatGuest {
        guest: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        table: u32,
        seat: u32,
        buy_in: u64,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        wait_for_big_blind: bool,
        /// The member of the club's register he is (issue 24), as for `join_list`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<String>,
    },
    /// Cash, floor: a guest who lost his stack buys in again (GCB-7).
    Rebuy { guest: u32, amount: u64 },
    /// Cash, floor: a guest adds money between his hands (GCB-13, GCB-7).
    AddChips { guest: u32, amount: u64 },
    /// Cash, floor: chips taken off the table while playing: always refused (GCB-13).
    TakeChips { guest: u32, amount: u64 },
    /// Cash, floor: a guest leaves the table with everything in front of him.
    CashOut { guest: u32 },
    /// Cash, floor or dealer's report: a guest steps away (GCB-1) or is back (GCB-6, GCB-7).
    SetAway { guest: u32, away: bool },
    /// Cash, floor: a seat change at his table (GCB-6).
    ChangeSeat {
        guest: u32,
        seat: u32,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        post_both: bool,
    },
    /// Cash, floor: the called player moves to the main table's free seat (GCB-10).
    AcceptMove { guest: u32, seat: u32 },
    /// Cash, floor: the called player refuses to move; his day is over (GCB-10).
    RefuseMove { guest: u32 },
    /// Cash, floor: a warning (GCB-1; GCB-8 for cards exposed early).
    Warn {
        guest: u32,
        offence: WireCashOffence,
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String,
    },
    /// Cash, director (the gaming shift manager): a ruling on a case the rules do not list;
    /// final (GCB-1).
    HouseRuling {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guest: Option<u32>,
        ruling: String,
    },
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
    /// that finished a hand, broke a table or ended the tournament. Kept outside the
    /// operator's hands (`floorbook cmd --receipts FILE`), it makes a later rewrite of the
    /// chain show (`floorbook verify --checkpoint FILE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub receipt: Option<Box<floorbook_log::Checkpoint>>,
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
    pub legal: Option<serde_json::Value>,
    /// For a conflict: the chain's head now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<u64>,
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
        }
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
    #[error("a four-card flop has exactly 4 cards; got {got}")]
    FourCards { got: usize },
    #[error("rule {got:?} is not in the catalogue (RULES.md)")]
    Rule { got: String },
    #[error("{what} is not a command to the tournament engine")]
    NotEngine { what: &'static str },
    #[error("{what} is a tournament's command; this chain is a cash room's")]
    NotCash { what: &'static str },
    #[error("{what} is a cash room's command; this chain is a tournament's")]
    CashOnly { what: &'static str },
    #[error("{what} is read against the member register by the service, not alone")]
    NeedsRegister { what: &'static str },
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
    /// The command's name on the wire.
    pub fn name(&self) -> &'static str {
        match self {
            WireCommand::Open { .. } => "open",
            WireCommand::Register { .. } => "register",
            WireCommand::RegisterMember { .. } => "register_member",
            WireCommand::RegisterWalkIn { .. } => "register_walk_in",
            WireCommand::Start { .. } => "start",
            WireCommand::PlaceButton { .. } => "place_button",
            WireCommand::StartHand { .. } => "start_hand",
            WireCommand::DealHole { .. } => "deal_hole",
            WireCommand::DealBoard { .. } => "deal_board",
            WireCommand::Fold { .. } => "fold",
            WireCommand::CheckOrCall { .. } => "check_or_call",
            WireCommand::Check { .. } => "check",
            WireCommand::PutIn { .. } => "put_in",
            WireCommand::Raise { .. } => "raise",
            WireCommand::CardExposedInDeal { .. } => "card_exposed_in_deal",
            WireCommand::BringIn { .. } => "bring_in",
            WireCommand::DownCardExposed { .. } => "down_card_exposed",
            WireCommand::SeventhCardExposed { .. } => "seventh_card_exposed",
            WireCommand::PrematureStudCards { .. } => "premature_stud_cards",
            WireCommand::FlopWithoutBurn { .. } => "flop_without_burn",
            WireCommand::PrematureBoard { .. } => "premature_board",
            WireCommand::StubScrambled { .. } => "stub_scrambled",
            WireCommand::ExposedOwnCards { .. } => "exposed_own_cards",
            WireCommand::UnprotectedHandKilled { .. } => "unprotected_hand_killed",
            WireCommand::FoldRetrieved { .. } => "fold_retrieved",
            WireCommand::ShortCallUnaware { .. } => "short_call_unaware",
            WireCommand::CorrectHoleCards { .. } => "correct_hole_cards",
            WireCommand::BetOrRaiseTo { .. } => "bet_or_raise_to",
            WireCommand::Show { .. } => "show",
            WireCommand::Muck { .. } => "muck",
            WireCommand::ShowAfterHand { .. } => "show_after_hand",
            WireCommand::ChipRace { .. } => "chip_race",
            WireCommand::FourCardFlop { .. } => "four_card_flop",
            WireCommand::OutOfTurn { .. } => "out_of_turn",
            WireCommand::Sanction { .. } => "sanction",
            WireCommand::FloorRuling { .. } => "floor_ruling",
            WireCommand::SetAbsent { .. } => "set_absent",
            WireCommand::CallClock { .. } => "call_clock",
            WireCommand::CheckClock { .. } => "check_clock",
            WireCommand::RemoveNoShow { .. } => "remove_no_show",
            WireCommand::BreakTable { .. } => "break_table",
            WireCommand::PauseClock { .. } => "pause_clock",
            WireCommand::ResumeClock { .. } => "resume_clock",
            WireCommand::AdjustClock { .. } => "adjust_clock",
            WireCommand::GoToLevel { .. } => "go_to_level",
            WireCommand::EditLevels { .. } => "edit_levels",
            WireCommand::SetBreak { .. } => "set_break",
            WireCommand::MovePlayer { .. } => "move_player",
            WireCommand::BalanceNow {} => "balance_now",
            WireCommand::HoldTable { .. } => "hold_table",
            WireCommand::BreakTableNow { .. } => "break_table_now",
            WireCommand::SetStack { .. } => "set_stack",
            WireCommand::BustPlayer { .. } => "bust_player",
            WireCommand::SeatPlayer { .. } => "seat_player",
            WireCommand::JoinList { .. } => "join_list",
            WireCommand::LeaveList { .. } => "leave_list",
            WireCommand::OpenTable { .. } => "open_table",
            WireCommand::SeatGuest { .. } => "seat_guest",
            WireCommand::Rebuy { .. } => "rebuy",
            WireCommand::AddChips { .. } => "add_chips",
            WireCommand::TakeChips { .. } => "take_chips",
            WireCommand::CashOut { .. } => "cash_out",
            WireCommand::SetAway { .. } => "set_away",
            WireCommand::ChangeSeat { .. } => "change_seat",
            WireCommand::AcceptMove { .. } => "accept_move",
            WireCommand::RefuseMove { .. } => "refuse_move",
            WireCommand::Warn { .. } => "warn",
            WireCommand::HouseRuling { .. } => "house_ruling",
        }
    }

    /// Whether it is a cash room's command only.
    pub fn is_cash_only(&self) -> bool {
        matches!(
            self,
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
                | WireCommand::HouseRuling { .. }
        ) || matches!(self, WireCommand::StartHand { button, straddle, .. } if button.is_some() || *straddle)
    }

    /// The cash room's command this stands for: the floor's and the shift manager's own, a
    /// hand started or an action in a hand at a table.
    pub fn to_cash(&self) -> Result<floorbook_cash::CashCommand, WireError> {
        use floorbook_cash::CashCommand as C;
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

    /// The table a command acts at, if it is a table's.
    pub fn table(&self) -> Option<u32> {
        match self {
            WireCommand::PlaceButton { table, .. }
            | WireCommand::StartHand { table, .. }
            | WireCommand::DealHole { table, .. }
            | WireCommand::DealBoard { table, .. }
            | WireCommand::Fold { table, .. }
            | WireCommand::CheckOrCall { table, .. }
            | WireCommand::Check { table, .. }
            | WireCommand::PutIn { table, .. }
            | WireCommand::Raise { table, .. }
            | WireCommand::CardExposedInDeal { table, .. }
            | WireCommand::BringIn { table, .. }
            | WireCommand::DownCardExposed { table, .. }
            | WireCommand::SeventhCardExposed { table, .. }
            | WireCommand::PrematureStudCards { table, .. }
            | WireCommand::FlopWithoutBurn { table, .. }
            | WireCommand::PrematureBoard { table, .. }
            | WireCommand::StubScrambled { table, .. }
            | WireCommand::ExposedOwnCards { table, .. }
            | WireCommand::UnprotectedHandKilled { table, .. }
            | WireCommand::FoldRetrieved { table, .. }
            | WireCommand::ShortCallUnaware { table, .. }
            | WireCommand::CorrectHoleCards { table, .. }
            | WireCommand::BetOrRaiseTo { table, .. }
            | WireCommand::Show { table, .. }
            | WireCommand::Muck { table, .. }
            | WireCommand::ShowAfterHand { table, .. }
            | WireCommand::ChipRace { table, .. }
            | WireCommand::FourCardFlop { table, .. }
            | WireCommand::OutOfTurn { table, .. }
            | WireCommand::CallClock { table, .. }
            | WireCommand::CheckClock { table, .. }
            | WireCommand::BreakTable { table, .. }
            | WireCommand::HoldTable { table, .. }
            | WireCommand::BreakTableNow { table, .. }
            | WireCommand::SeatPlayer { table, .. } => Some(*table),
            _ => None,
        }
    }

    /// The time an imported or simulated command gives (seconds into the tournament); None
    /// when the service takes the moment it takes the command in.
    pub fn at(&self) -> Option<u64> {
        match self {
            WireCommand::StartHand { at, .. }
            | WireCommand::ChipRace { at, .. }
            | WireCommand::Sanction { at, .. }
            | WireCommand::CallClock { at, .. }
            | WireCommand::CheckClock { at, .. }
            | WireCommand::RemoveNoShow { at, .. }
            | WireCommand::Start { at, .. }
            | WireCommand::PauseClock { at }
            | WireCommand::ResumeClock { at }
            | WireCommand::AdjustClock { at, .. }
            | WireCommand::GoToLevel { at, .. }
            | WireCommand::EditLevels { at, .. }
            | WireCommand::SetBreak { at, .. } => *at,
            _ => None,
        }
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
            } => Command::Register {
                player: PlayerId(*player),
                name: name.clone(),
                buy_in: buy_in.clone(),
                age: *age,
                table: table.map(TableNo),
                member: None,
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
            WireCommand::DealBoard { table, cards: c } => {
                hand(table, HandCommand::DealBoard { cards: cards(c)? })
            }
            WireCommand::Fold { table, pos } => hand(table, HandCommand::Fold { pos: Pos(*pos) }),
            WireCommand::CheckOrCall { table, pos } => {
                hand(table, HandCommand::CheckOrCall { pos: Pos(*pos) })
            }
            WireCommand::Check { table, pos } => hand(table, HandCommand::Check { pos: Pos(*pos) }),
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
                ..
            } => WireCommand::RegisterMember {
                player: player.0,
                member: member.clone(),
                buy_in: buy_in.clone(),
                table: table.map(|t| t.0),
            },
            Command::Register {
                player,
                name,
                buy_in,
                age,
                table,
                member: None,
            } => WireCommand::Register {
                player: player.0,
                name: name.clone(),
                buy_in: buy_in.clone(),
                age: *age,
                table: table.map(|t| t.0),
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
