//! Every command a terminal can send, declared once: its wire name and fields (with their
//! types, which give the kind of input), the least role that may send it, the game it belongs
//! to, where the pages offer it, the rules it cites, and a one-line help with a label per field
//! in English and German.
//!
//! From this one declaration come: the wire's parsing and its JSON Schema (serde and schemars
//! derive them from the generated [`WireCommand`]), the words for a bad request
//! (`wire_words`, read from that schema), the role check (`roles`), the web's forms, the CLI's
//! `cmd --commands` list and the service fuzzer's generator. The test `declarations.rs` walks
//! every declared command through parse, role, schema and form.
//!
//! Two conventions hold for every command, so that no accessor has to be written per command:
//! a field `at: Option<u64>` is the recorded time of an imported command (forms never show
//! it: the service takes the moment it takes the command in), and a field `table: u32` of a
//! command declared `at_table` is the table it acts at (a dealer may send it only there).

use std::any::Any;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::roles::Needs;
use crate::wire::{
    SeatCard, WireCashOffence, WireCorrection, WireDealMethod, WireLevel, WireOffence,
    WireOutOfTurn, WireSaid,
};

/// A language the pages and the help speak.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub enum Lang {
    #[default]
    En,
    De,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 2] = [Lang::En, Lang::De];

    /// The language's tag (`en`, `de`).
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
        }
    }

    /// The language a tag names (`de`, `de-AT`, `en-GB`, …), if it is one of ours.
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?.to_ascii_lowercase();
        match primary.as_str() {
            "en" => Some(Lang::En),
            "de" => Some(Lang::De),
            _ => None,
        }
    }
}

/// The same words in English and German.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Words {
    pub en: &'static str,
    pub de: &'static str,
}

impl Words {
    pub fn get(self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::De => self.de,
        }
    }
}

/// The game a command belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Game {
    /// A tournament's chain only.
    Tournament,
    /// A cash room's chain only.
    Cash,
    /// Both: a hand's actions, opening a chain.
    Both,
}

impl Game {
    /// Whether a command of this game is sent to a cash room (`cash`) or a tournament.
    pub fn serves(self, cash: bool) -> bool {
        match self {
            Game::Both => true,
            Game::Cash => cash,
            Game::Tournament => !cash,
        }
    }
}

/// Where the pages offer a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// No page offers it: sent by a terminal, `floorbook cmd` or an import (opening a chain;
    /// taking chips off a cash table, which is always refused).
    Wire,
    /// The dealer's own buttons, built from the hand's state (fold, call, deal, …).
    Table,
    /// A remedy for an irregularity during a flop game's hand, on the dealer's page.
    Remedy,
    /// A remedy for an irregularity during a stud hand, on the dealer's page.
    StudRemedy,
    /// After the hand, on the dealer's page (cards shown, the chip race).
    AfterHand,
    /// On the desk of the command's role (the floor's or the director's).
    Desk,
}

/// When a command may be decided (issue 38): the phases of its chain, and for a command at a
/// table, of that table. Outside them it is refused; a property test (`service_fuzz.rs`)
/// sends every command in every phase and holds each acceptance to this.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum When {
    /// The chain is not opened yet.
    Unopened,
    /// A tournament opened and not started: registration.
    Registering,
    /// Play runs (a tournament started, a cash room open); for a command at a table, that
    /// table has no hand in play.
    Playing,
    /// A hand is in play at the command's table.
    InHand,
    /// The tournament is over.
    Finished,
}

impl When {
    /// Its name in the protocol document.
    pub fn name(self) -> &'static str {
        match self {
            When::Unopened => "unopened",
            When::Registering => "registering",
            When::Playing => "playing",
            When::InHand => "in_hand",
            When::Finished => "finished",
        }
    }
}

/// How a field is entered; the type of the field gives it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A whole number.
    Int,
    /// A whole number, left out when empty.
    OptInt,
    /// A signed whole number.
    SignedInt,
    /// Text.
    Text,
    /// Text, left out when empty.
    OptText,
    /// Yes or no.
    Bool,
    /// Cards, written `As Kd`.
    Cards,
    /// Whole numbers separated by spaces or commas.
    Ints,
    /// Whole numbers, left out when none is given.
    OptInts,
    /// Cards, `?` for one not seen (`As ?`).
    SeenCards,
    /// Cards, `?` for one not seen; left out when none is given.
    OptSeenCards,
    /// A card for each seat, written `seat card` (`1 As, 2 Kd`).
    SeatCards,
    /// Levels as rows: small blind, big blind, ante (stud: and the bring-in), minutes.
    Levels,
    /// What was done out of turn: fold, check, call or raise to an amount.
    OutOfTurn,
    /// What a player said as he put chips in: nothing, call, raise, or raise to an amount.
    Said,
    /// One of the listed values: the wire's value and its words.
    Choice(&'static [(&'static str, Words)]),
}

/// What can be done out of turn (`WireOutOfTurn`): the wire's value and its words; the last
/// takes an amount.
pub const OUT_OF_TURN_ACTIONS: &[(&str, Words)] = &[
    (
        "fold",
        Words {
            en: "fold",
            de: "Fold",
        },
    ),
    (
        "check",
        Words {
            en: "check",
            de: "Check",
        },
    ),
    (
        "call",
        Words {
            en: "call",
            de: "Call",
        },
    ),
    (
        "raise_to",
        Words {
            en: "bet or raise to",
            de: "Bet oder Raise auf",
        },
    ),
];

/// What a player can say as he puts chips in (`WireSaid`); the last takes an amount.
pub const SAID: &[(&str, Words)] = &[
    (
        "nothing",
        Words {
            en: "nothing",
            de: "nichts",
        },
    ),
    (
        "call",
        Words {
            en: "\"call\"",
            de: "„Call“",
        },
    ),
    (
        "raise",
        Words {
            en: "\"raise\" (no amount)",
            de: "„Raise“ (ohne Betrag)",
        },
    ),
    (
        "raise_to",
        Words {
            en: "\"raise to\" an amount",
            de: "„Raise auf“ einen Betrag",
        },
    ),
];

/// The words for the amount beside an action (raise to).
pub const AMOUNT_TO: Words = Words {
    en: "To (chips), for a bet or raise",
    de: "Auf (Chips), bei Bet oder Raise",
};

/// A field's type as an input.
pub trait Input {
    const KIND: Kind;
}

macro_rules! input {
    ($($t:ty => $k:expr),* $(,)?) => { $(impl Input for $t { const KIND: Kind = $k; })* };
}

input! {
    u32 => Kind::Int,
    u64 => Kind::Int,
    usize => Kind::Int,
    i64 => Kind::SignedInt,
    Option<u32> => Kind::OptInt,
    Option<u64> => Kind::OptInt,
    String => Kind::Text,
    Option<String> => Kind::OptText,
    bool => Kind::Bool,
    Option<bool> => Kind::Bool,
    Vec<String> => Kind::Cards,
    Vec<u32> => Kind::Ints,
    Vec<usize> => Kind::Ints,
    Vec<Option<String>> => Kind::SeenCards,
    Option<Vec<Option<String>>> => Kind::OptSeenCards,
    Option<Vec<u32>> => Kind::OptInts,
    Vec<SeatCard> => Kind::SeatCards,
    Vec<WireLevel> => Kind::Levels,
    WireOutOfTurn => Kind::OutOfTurn,
    WireSaid => Kind::Said,
    WireOffence => Kind::Choice(&[
        ("etiquette", Words { en: "etiquette", de: "Etikette" }),
        ("soft_play", Words { en: "soft play", de: "Soft Play" }),
        ("hidden_chips", Words { en: "hidden chips", de: "versteckte Chips" }),
        ("advice", Words { en: "advice during a hand", de: "Beratung während der Hand" }),
        ("cheating", Words { en: "cheating", de: "Betrug" }),
        ("chip_dumping", Words { en: "chip dumping", de: "Chip Dumping" }),
        ("severe", Words { en: "violence or gross abuse", de: "Gewalt oder grobe Beleidigung" }),
    ]),
    WireDealMethod => Kind::Choice(&[
        ("icm", Words { en: "ICM (Malmuth–Harville)", de: "ICM (Malmuth–Harville)" }),
        ("chip_chop", Words { en: "chip chop (by chips)", de: "Chip Chop (nach Chips)" }),
        ("save_chop", Words { en: "save chop (next place first, the rest by chips)", de: "Save Chop (erst der nächste Platz, der Rest nach Chips)" }),
    ]),
    WireCorrection => Kind::Choice(&[
        ("fold", Words { en: "fold", de: "Fold" }),
        ("check", Words { en: "check", de: "Check" }),
        ("call", Words { en: "call", de: "Call" }),
        ("bet_or_raise_to", Words { en: "bet or raise to", de: "Bet oder Raise auf" }),
        ("none", Words { en: "not made (struck)", de: "nicht gemacht (gestrichen)" }),
    ]),
    WireCashOffence => Kind::Choice(&[
        ("showing_cards", Words { en: "showing cards", de: "Karten zeigen" }),
        ("acting_for_another", Words { en: "acting for another", de: "für einen anderen handeln" }),
        ("not_waiting_turn", Words { en: "not waiting his turn", de: "nicht an der Reihe" }),
        ("cards_hidden", Words { en: "cards hidden", de: "Karten verdeckt gehalten" }),
        ("language", Words { en: "language", de: "Ausdrucksweise" }),
        ("table_manners", Words { en: "table manners", de: "Benehmen am Tisch" }),
        ("exposed_cards", Words { en: "cards exposed early", de: "Karten zu früh geöffnet" }),
    ]),
}

/// One field of a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// Its name on the wire.
    pub name: &'static str,
    pub kind: Kind,
    /// Its label on a form; none: never on a form (the recorded time `at`).
    pub label: Option<Words>,
}

/// One command, as declared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Declaration {
    /// Its name on the wire (`command`).
    pub name: &'static str,
    /// The least role that may send it.
    pub role: Needs,
    /// A field that, when given, makes it the director's (an override).
    pub raised_by: Option<&'static str>,
    /// Whether its `table` is the table it acts at.
    pub at_table: bool,
    pub game: Game,
    pub place: Place,
    /// When it may be decided.
    pub when: &'static [When],
    /// The rules it cites.
    pub rules: &'static str,
    /// One line of help: what it does, as a form's title.
    pub help: Words,
    pub fields: &'static [Field],
}

impl Declaration {
    /// The declaration of the command named `name` on the wire.
    pub fn named(name: &str) -> Option<&'static Declaration> {
        COMMANDS.iter().find(|d| d.name == name)
    }

    /// The fields a form shows (no recorded time; an override's field only on the
    /// director's desk).
    pub fn form_fields(&self, director: bool) -> impl Iterator<Item = (&'static Field, Words)> {
        let raised = self.raised_by;
        self.fields.iter().filter_map(move |f| {
            let label = f.label?;
            (director || raised != Some(f.name)).then_some((f, label))
        })
    }
}

macro_rules! words_opt {
    () => {
        None
    };
    ($en:literal, $de:literal) => {
        Some(Words { en: $en, de: $de })
    };
}

macro_rules! name_opt {
    () => {
        None
    };
    ($i:ident) => {
        Some(stringify!($i))
    };
}

macro_rules! flag {
    () => {
        false
    };
    ($i:ident) => {
        true
    };
}

macro_rules! declare {
    ($(
        $(#[doc = $doc:literal])+
        $variant:ident $wire:literal
        ($role:ident $(raised by $raise:ident)?, $game:ident, $place:ident $(, $at_table:ident)?; $($when:ident)+)
        $rules:literal, $en:literal / $de:literal
        {
            $( $(#[$fattr:meta])* $field:ident : $fty:ty $(=> $fen:literal / $fde:literal)? ),* $(,)?
        }
    )*) => {
        /// A command, by name in `command`. Declared in `commands.rs`.
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
        #[serde(tag = "command", deny_unknown_fields)]
        pub enum WireCommand {
            $(
                $(#[doc = $doc])+
                #[serde(rename = $wire)]
                $variant { $( $(#[$fattr])* $field: $fty ),* },
            )*
        }

        /// Each command's declaration, named for its variant.
        #[allow(non_upper_case_globals)]
        mod declared {
            use super::*;
            $(
                pub const $variant: Declaration = Declaration {
                    name: $wire,
                    role: Needs::$role,
                    raised_by: name_opt!($($raise)?),
                    at_table: flag!($($at_table)?),
                    game: Game::$game,
                    place: Place::$place,
                    when: &[$(When::$when),+],
                    rules: $rules,
                    help: Words { en: $en, de: $de },
                    fields: &[
                        $( Field {
                            name: stringify!($field),
                            kind: <$fty as Input>::KIND,
                            label: words_opt!($($fen, $fde)?),
                        } ),*
                    ],
                };
            )*
        }

        /// Every command, in the order the pages offer them.
        pub static COMMANDS: &[Declaration] = &[ $( declared::$variant, )* ];

        impl WireCommand {
            /// The command's name on the wire.
            pub fn name(&self) -> &'static str {
                match self {
                    $( WireCommand::$variant { .. } => $wire, )*
                }
            }

            /// What the command is, as declared.
            pub fn declaration(&self) -> &'static Declaration {
                match self {
                    $( WireCommand::$variant { .. } => &declared::$variant, )*
                }
            }

            /// Its fields by name, as sent.
            fn values(&self) -> Vec<(&'static str, &dyn Any)> {
                match self {
                    $( WireCommand::$variant { $($field),* } => {
                        vec![$( (stringify!($field), $field as &dyn Any) ),*]
                    } )*
                }
            }
        }
    };
}

impl WireCommand {
    fn value<T: Any + Copy>(&self, name: &str) -> Option<T> {
        self.values()
            .into_iter()
            .find(|(n, _)| *n == name)
            .and_then(|(_, v)| v.downcast_ref::<T>().copied())
    }

    /// The table a command acts at, if it is a table's.
    pub fn table(&self) -> Option<u32> {
        if self.declaration().at_table {
            self.value::<u32>("table")
        } else {
            None
        }
    }

    /// The time an imported or simulated command gives (seconds into the tournament); None
    /// when the service takes the moment it takes the command in.
    pub fn at(&self) -> Option<u64> {
        self.value::<Option<u64>>("at").flatten()
    }

    /// The least role that may send it: the declared one, or the director's when the field
    /// that raises it is given.
    pub fn needs(&self) -> Needs {
        let d = self.declaration();
        let raised = d.raised_by.is_some_and(|f| {
            self.values()
                .into_iter()
                .find(|(n, _)| *n == f)
                .is_some_and(|(_, v)| given(v))
        });
        if raised { Needs::Director } else { d.role }
    }

    /// Whether it is a cash room's command only: declared so, or a hand started with the cash
    /// table's own fields (the drawn button, a straddle).
    pub fn is_cash_only(&self) -> bool {
        self.declaration().game == Game::Cash
            || matches!(self, WireCommand::StartHand { button, straddle, .. } if button.is_some() || *straddle)
    }
}

/// Whether an optional field is given.
fn given(v: &dyn Any) -> bool {
    if let Some(o) = v.downcast_ref::<Option<u64>>() {
        return o.is_some();
    }
    if let Some(o) = v.downcast_ref::<Option<u32>>() {
        return o.is_some();
    }
    if let Some(o) = v.downcast_ref::<Option<String>>() {
        return o.is_some();
    }
    true
}

declare! {
    /// Director: opens the tournament's chain under a rule profile, given by built-in name
    /// (`floorbook profiles list`) or as TOML.
    Open "open" (Director, Both, Wire; Unopened)
    "TR-0b", "Open a tournament or a cash room" / "Turnier oder Cash-Game-Raum eröffnen"
    {
        #[serde(default)]
        profile: Option<String> => "Profile" / "Profil",
        #[serde(default)]
        profile_toml: Option<String> => "Profile as TOML" / "Profil als TOML",
    }

    /// Floor: registers a player (TR-0a age, TR-0b buy-in); after the start while entries are
    /// open (issue 39), into a drawn seat.
    Register "register" (Floor, Tournament, Desk; Registering Playing)
    "TR-0a, TR-0b", "Register a player" / "Spieler anmelden"
    {
        player: u32 => "Player number" / "Spielernummer",
        name: String => "Name" / "Name",
        buy_in: String => "Buy-in" / "Buy-in",
        age: u32 => "Age" / "Alter",
        /// The table he reserved in advance, where the profile keeps reservations (PLO-3);
        /// none for a walk-in.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<u32> => "Reserved table (PLO-3)" / "Reservierter Tisch (PLO-3)",
        /// A late registration's seat (issue 39): the draw among the free seats at the tables
        /// with the fewest players, 0-based; none before the start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draw: Option<u32> => "Seat draw (late registration)" / "Platzauslosung (Nachmeldung)",
    }

    /// Floor: a rebuy in the rebuy period (issue 39: the profile's `entries.rebuys`), by a
    /// player at or below its threshold between his table's hands, or by one out in it, who
    /// takes his seat back; `double`: two at once where the profile allows it.
    TournamentRebuy "tournament_rebuy" (Floor, Tournament, Desk; Playing)
    "TR-0b", "Rebuy" / "Rebuy"
    {
        player: u32 => "Player number" / "Spielernummer",
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        double: bool => "Double rebuy" / "Doppelter Rebuy",
    }

    /// Director: a Day 1 flight ends between hands, after its entries closed (issue 39: the
    /// profile's `flight`): the players left bag their chips for Day 2.
    EndFlight "end_flight" (Director, Tournament, Desk; Playing)
    "TR-0b", "End the flight: the players left bag their chips" / "Flight beenden: die Verbliebenen tüten ihre Chips ein"
    {}

    /// Director: Day 2 imports a flight that ended (issue 39: the profile's `day2`), read and
    /// verified from the flight's own chain: its entries and money, its players left with the
    /// chips they bagged.
    ImportFlight "import_flight" (Director, Tournament, Desk; Registering)
    "TR-0b", "Import a flight into Day 2" / "Einen Flight in Tag 2 übernehmen"
    {
        chain: String => "The flight's chain" / "Die Kette des Flights",
    }

    /// Floor: the envelope drawn for a player knocked out after a mystery bounty's envelopes
    /// were filled (issue 39: the profile's `bounty.kind = "mystery"`); his eliminators win it.
    DrawEnvelope "draw_envelope" (Floor, Tournament, Desk; Playing Finished)
    "TR-0b", "Mystery envelope drawn" / "Mystery-Umschlag gezogen"
    {
        player: u32 => "Player knocked out" / "Ausgeschiedener Spieler",
        /// The envelope: the draw among those left, 0-based, in the order they were filled.
        draw: u32 => "Envelope draw" / "Umschlag-Ziehung",
    }

    /// Floor: a player still in surrenders between his table's hands (TDA rule 8B): his chips
    /// leave play and he is placed as the next one out.
    Surrender "surrender" (Floor, Tournament, Desk; Playing)
    "TR-0b", "A player surrenders" / "Ein Spieler gibt auf"
    {
        player: u32 => "Player number" / "Spielernummer",
    }

    /// Floor: the add-on (issue 39: the profile's `entries.addon_chips`), once a player still
    /// in, in the level after the rebuy period (its break included).
    AddOn "add_on" (Floor, Tournament, Desk; Playing)
    "TR-0b", "Add-on" / "Add-on"
    {
        player: u32 => "Player number" / "Spielernummer",
    }

    /// Floor: a player out while entries are open buys a new entry (issue 39: the profile's
    /// `entries.reentries`), seated by a draw as a late registration is.
    Reenter "reenter" (Floor, Tournament, Desk; Playing)
    "TR-0b", "Re-entry" / "Re-Entry"
    {
        player: u32 => "Player number" / "Spielernummer",
        buy_in: String => "Buy-in" / "Buy-in",
        /// The seat: the draw among the free seats at the tables with the fewest players,
        /// 0-based.
        draw: u32 => "Seat draw" / "Platzauslosung",
    }

    /// Floor: registers a member of the club's register (issue 24): his name comes from the
    /// register and TR-0a's age check reads the birth date on record (the date itself never
    /// enters the tournament's chain); a barred member is refused.
    RegisterMember "register_member" (Floor, Tournament, Desk; Registering Playing)
    "TR-0a, TR-0b", "Register a member" / "Mitglied anmelden"
    {
        player: u32 => "Player number" / "Spielernummer",
        /// The member's ID in the register (`floorbook members list`).
        member: String => "Member ID" / "Mitgliedsnummer",
        buy_in: String => "Buy-in" / "Buy-in",
        /// The table he reserved in advance, where the profile keeps reservations (PLO-3).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<u32> => "Reserved table (PLO-3)" / "Reservierter Tisch (PLO-3)",
        /// A late registration's seat (issue 39): the draw among the free seats at the tables
        /// with the fewest players, 0-based; none before the start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draw: Option<u32> => "Seat draw (late registration)" / "Platzauslosung (Nachmeldung)",
    }

    /// Floor: a walk-in who is not yet a member joins the register on the spot and is
    /// registered as that member (the birth date goes to the register only).
    RegisterWalkIn "register_walk_in" (Floor, Tournament, Desk; Registering Playing)
    "TR-0a, TR-0b", "Register a walk-in (joins the club)" / "Laufkundschaft anmelden (wird Mitglied)"
    {
        player: u32 => "Player number" / "Spielernummer",
        name: String => "Name" / "Name",
        /// The birth date, YYYY-MM-DD (TR-0a), for the register.
        born: String => "Birth date (YYYY-MM-DD)" / "Geburtsdatum (JJJJ-MM-TT)",
        buy_in: String => "Buy-in" / "Buy-in",
        /// How to reach him, for the register.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contact: Option<String> => "Contact (optional)" / "Kontakt (freiwillig)",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        table: Option<u32> => "Reserved table (PLO-3)" / "Reservierter Tisch (PLO-3)",
        /// A late registration's seat (issue 39): the draw among the free seats at the tables
        /// with the fewest players, 0-based; none before the start.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        draw: Option<u32> => "Seat draw (late registration)" / "Platzauslosung (Nachmeldung)",
    }

    /// Director: starts play with the seat draw (a permutation of the seat cards, TR-1) and,
    /// where the profile draws them, the button seats.
    Start "start" (Director, Tournament, Desk; Registering)
    "TR-1", "Start: the seat draw" / "Start: die Platzauslosung"
    {
        draw: Vec<u32> => "Seat cards, in registration order" / "Platzkarten in Reihenfolge der Anmeldung",
        #[serde(default)]
        button_seats: Option<Vec<u32>> => "Button seats by table (if drawn)" / "Button-Plätze je Tisch (falls gezogen)",
        /// Seconds into the tournament, for an imported start; otherwise the moment the
        /// service takes it in (the level clock starts then, TR-5).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        /// The number of tables where the rule leaves the director a choice (NOB-7: eight
        /// players on one table or two of four).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        tables: Option<u32> => "Tables (where the rule lets you choose)" / "Tische (wo die Regel die Wahl lässt)",
    }

    /// Dealer: the button draw at a table, one card per seat (TR-2).
    PlaceButton "place_button" (Dealer, Tournament, Table, at_table; Playing)
    "TR-2", "The button draw" / "Auslosung des Buttons"
    {
        table: u32 => "Table" / "Tisch",
        draw: Vec<SeatCard> => "One card per seat" / "Eine Karte je Platz",
    }

    /// Dealer: starts the next hand. Its time is the moment the service takes it in; an
    /// imported or simulated hand gives `at`, seconds into the tournament (never earlier than
    /// the chain's latest time).
    StartHand "start_hand" (Dealer, Both, Table, at_table; Playing)
    "TR-4", "Start the next hand" / "Nächste Hand beginnen"
    {
        table: u32 => "Table" / "Tisch",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
        /// Cash tables: the seat the floor's draw gave the button, for a table's first hand.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        button: Option<u32> => "Button seat (a cash table's first hand)" / "Button-Platz (erste Hand eines Cash-Tisches)",
        /// Cash tables: the player under the gun straddles, before the deal (GCB-5).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        straddle: bool => "Straddle (GCB-5)" / "Straddle (GCB-5)",
    }

    /// Dealer: hole cards to one position (null for a card not seen, in a live hand).
    DealHole "deal_hole" (Dealer, Both, Table, at_table; InHand)
    "TR-4", "Deal the hole cards" / "Verdeckte Karten geben"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        cards: Vec<Option<String>> => "Cards (null for one not seen)" / "Karten (null für eine nicht gesehene)",
    }

    /// Dealer: the hole cards still due, dealt face down and unseen, to each player in turn:
    /// one tap for a deal nobody names (stud stops at the first card due face up).
    DealFaceDown "deal_face_down" (Dealer, Both, Table, at_table; InHand)
    "TR-4", "Cards dealt face down" / "Karten verdeckt gegeben"
    {
        table: u32 => "Table" / "Tisch",
    }

    /// Dealer: the next board cards (the burn is implied).
    DealBoard "deal_board" (Dealer, Both, Table, at_table; InHand)
    "TR-3.2", "Deal the board" / "Board geben"
    {
        table: u32 => "Table" / "Tisch",
        cards: Vec<String> => "Cards" / "Karten",
    }

    /// Dealer: the street's board cards dealt without entering them (one tap a street, the
    /// burn implied); the showdown is then the dealer's reading (`award_pot`).
    DealBoardUnseen "deal_board_unseen" (Dealer, Both, Table, at_table; InHand)
    "TR-3.2", "Board dealt, cards not entered" / "Board gegeben, Karten nicht erfasst"
    {
        table: u32 => "Table" / "Tisch",
    }

    /// Dealer: at a showdown whose board was not entered, the dealer reads the hands: pot
    /// `pot` (0 the main pot) goes to `winners` (positions), who split it when more than one.
    AwardPot "award_pot" (Dealer, Both, Table, at_table; InHand)
    "TR-3.6", "Award the pot as the dealer reads the hands" / "Pot nach dem Lesen der Hände zuteilen"
    {
        table: u32 => "Table" / "Tisch",
        pot: usize => "Pot (0: the main pot)" / "Pot (0: Hauptpot)",
        winners: Vec<usize> => "Winners (positions)" / "Gewinner (Positionen)",
    }

    /// Dealer: the player at `pos` folds.
    Fold "fold" (Dealer, Both, Table, at_table; InHand)
    "TR-21, PLO-6", "Fold" / "Passen (Fold)"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
    }

    /// Dealer: the player at `pos` checks, or calls what is due.
    CheckOrCall "check_or_call" (Dealer, Both, Table, at_table; InHand)
    "TR-21, NOB-13", "Check or call" / "Schieben oder mitgehen"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
    }

    /// Dealer: the player at `pos` declares a check; refused when a bet is due (NOB-14).
    Check "check" (Dealer, Both, Table, at_table; InHand)
    "NOB-14", "Check" / "Schieben (Check)"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
    }

    /// Dealer: every player to act before `pos` folds, in turn (one tap for "folds to seat
    /// 6"); then `pos` acts, or wins when everyone else has folded. With `then_call`, `pos`
    /// then checks or calls (one tap for "folds to seat 6, who calls").
    FoldTo "fold_to" (Dealer, Both, Table, at_table; InHand)
    "TR-21", "Everyone folds to this player" / "Alle passen bis zu diesem Spieler"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        then_call: bool => "He then checks or calls" / "Er schiebt oder geht dann mit",
    }

    /// Dealer: everyone still to act on this street checks, in turn ("checked around");
    /// refused when a bet is due.
    CheckAround "check_around" (Dealer, Both, Table, at_table; InHand)
    "TR-21, NOB-14", "Everyone checks" / "Alle schieben (Check)"
    {
        table: u32 => "Table" / "Tisch",
    }

    /// Dealer: the player at `pos` bets or raises to a street total of `to`.
    BetOrRaiseTo "bet_or_raise_to" (Dealer, Both, Table, at_table; InHand)
    "TR-8, PLO-8, NOB-12", "Bet or raise to" / "Setzen oder erhöhen auf"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        to: u64 => "To (the street's total)" / "Auf (Summe der Setzrunde)",
    }

    /// Dealer: the player at `pos` shows at the showdown: the cards as dealt (no `cards`), or
    /// in a live hand the cards the dealer enters (null for one kept face down).
    Show "show" (Dealer, Both, Table, at_table; InHand)
    "TR-3.6, TR-11", "Show at the showdown" / "Beim Showdown zeigen"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        #[serde(default)]
        cards: Option<Vec<Option<String>>> => "Cards (live hand)" / "Karten (Live-Hand)",
    }

    /// Dealer: the player at `pos` mucks at the showdown.
    Muck "muck" (Dealer, Both, Table, at_table; InHand)
    "TR-3.6, TR-11", "Muck at the showdown" / "Beim Showdown verwerfen"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
    }

    /// Dealer: chips put over the line by the player at `pos`, `single_chip` when one chip,
    /// with what he said: read by the profile (TR-23 oversized chip, GCB-4 single chip, GCB-2
    /// "raise" alone, PLO-9 change, PLO-7 under the minimum), the reading recorded.
    PutIn "put_in" (Dealer, Both, Table, at_table; InHand)
    "TR-23, GCB-4, GCB-2, PLO-9, PLO-7", "Chips put in, with what he said" / "Gesetzte Chips und was er sagte"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        amount: u64 => "Chips put in" / "Gesetzte Chips",
        #[serde(default)]
        single_chip: bool => "One chip" / "Ein einzelner Chip",
        #[serde(default)]
        said: WireSaid => "What he said" / "Was er sagte",
    }

    /// Dealer: the player at `pos` says "raise" with no amount: the minimum raise (GCB-2).
    Raise "raise" (Dealer, Both, Table, at_table; InHand)
    "GCB-2", "\"Raise\" with no amount: the minimum raise" / "„Raise“ ohne Betrag: die Mindesterhöhung"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
    }

    /// Dealer (stud): the player at `pos` posts the bring-in (TDA-RP-10).
    BringIn "bring_in" (Dealer, Both, Table, at_table; InHand)
    "TDA-RP-10", "Bring-in" / "Bring-in"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
    }

    /// Dealer: a hole card of `pos` turned up in the deal (TR-3.1): it becomes the flop's
    /// burn, the player gets his replacement after everyone else.
    CardExposedInDeal "card_exposed_in_deal" (Dealer, Both, Remedy, at_table; InHand)
    "TR-3.1", "A card exposed in the deal" / "Beim Geben aufgedeckte Karte"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        card: String => "Card" / "Karte",
    }

    /// Floor: the flop came without a burn (TR-3.2, TDA-39B); before any action the floor
    /// draws `burn_pick` (0 to 2) of the three to burn and `next` completes the flop.
    FlopWithoutBurn "flop_without_burn" (Floor, Both, Remedy, at_table; InHand)
    "TDA-39B", "Flop dealt without a burn" / "Flop ohne Burn-Karte gegeben"
    {
        table: u32 => "Table" / "Tisch",
        #[serde(default)]
        burn_pick: usize => "Which of the three is burned (0-2)" / "Welche der drei wird verbrannt (0-2)",
        #[serde(default)]
        next: Option<String> => "The card that completes the flop" / "Die Karte, die den Flop vervollständigt",
    }

    /// Floor: board cards dealt before the betting ended (TR-3.3, TDA-39C, TDA-RP-5).
    PrematureBoard "premature_board" (Floor, Both, Remedy, at_table; InHand)
    "TDA-RP-5", "Board cards dealt too early" / "Boardkarten zu früh gegeben"
    {
        table: u32 => "Table" / "Tisch",
        cards: Vec<String> => "The cards" / "Die Karten",
    }

    /// Floor: the player at `pos` opened his own cards during play (TR-3.4; GCB-8).
    ExposedOwnCards "exposed_own_cards" (Floor, Both, Remedy, at_table; InHand)
    "TR-3.4, GCB-8", "A player opened his cards" / "Ein Spieler hat seine Karten geöffnet"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        cards: Vec<String> => "Cards" / "Karten",
        #[serde(default)]
        one_up_one_pushed: bool => "One up, one pushed forward" / "Eine offen, eine nach vorn geschoben",
    }

    /// Floor: the player at `pos` folded on false information and his cards were retrieved:
    /// he acts again (GCB-8).
    FoldRetrieved "fold_retrieved" (Floor, Both, Remedy, at_table; InHand)
    "GCB-8", "A fold on false information, cards retrieved" / "Fold nach falscher Auskunft, Karten zurückgeholt"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
    }

    /// Floor: a four-card flop (TDA-39A); `burn_pick` is the drawn card that becomes the burn.
    FourCardFlop "four_card_flop" (Floor, Both, Remedy, at_table; InHand)
    "TDA-39A", "Four cards on the flop" / "Vier Karten im Flop"
    {
        table: u32 => "Table" / "Tisch",
        cards: Vec<String> => "The four cards" / "Die vier Karten",
        burn_pick: usize => "The one drawn as the burn (0-3)" / "Die als Burn gezogene (0-3)",
    }

    /// Floor: the stub was dropped or scrambled (TDA-RP-4, TDA-39D).
    StubScrambled "stub_scrambled" (Floor, Both, Remedy, at_table; InHand)
    "TDA-RP-4", "The stub dropped or scrambled" / "Restdeck fallen gelassen oder vermischt"
    {
        table: u32 => "Table" / "Tisch",
        restored: bool => "Restored as it was" / "Wie zuvor wiederhergestellt",
        mixed_with_muck: bool => "Mixed with the muck or burns" / "Mit Muck oder Burn-Karten vermischt",
    }

    /// Floor: the dealer killed the unprotected hand of `pos` (TR-22).
    UnprotectedHandKilled "unprotected_hand_killed" (Floor, Both, Remedy, at_table; InHand)
    "TR-22", "An unprotected hand killed" / "Ungeschützte Hand eingezogen"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
    }

    /// Floor: the player at `pos` put in `amount`, short of the call, unaware of a raise;
    /// nobody has acted after him: he takes it back and acts again (GCB-3).
    ShortCallUnaware "short_call_unaware" (Floor, Both, Remedy, at_table; InHand)
    "GCB-3", "A short call, unaware of a raise" / "Zu kurzer Call, Erhöhung nicht bemerkt"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        amount: u64 => "Chips put in" / "Gesetzte Chips",
    }

    /// Floor: an action out of turn (TR-21, GCB-3).
    OutOfTurn "out_of_turn" (Floor, Both, Remedy, at_table; InHand)
    "TR-21, GCB-3", "An action out of turn" / "Handlung außerhalb der Reihe"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        action: WireOutOfTurn => "What was done" / "Was getan wurde",
    }

    /// Floor: the recorded hole cards of the player at `pos` were wrong; these are the cards he
    /// was dealt, and the reason (TR-26). Listed by the audit.
    CorrectHoleCards "correct_hole_cards" (Floor, Both, Remedy, at_table; InHand)
    "TR-26", "Correct the recorded hole cards" / "Erfasste verdeckte Karten berichtigen"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        cards: Vec<String> => "The cards he was dealt" / "Die Karten, die er erhielt",
        reason: String => "Reason" / "Grund",
    }

    /// Dealer (stud): a down card of `pos` exposed in the first deal becomes his up card; his
    /// third-street card is dealt face down (TDA-RP-10 A).
    DownCardExposed "down_card_exposed" (Dealer, Both, StudRemedy, at_table; InHand)
    "TDA-RP-10 A", "A down card exposed in the first deal (it becomes his up card)" / "Verdeckte Karte beim ersten Geben aufgedeckt (wird seine offene Karte)"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        card: String => "Card" / "Karte",
    }

    /// Floor (stud): the dealer exposed `pos`'s seventh-street card: replaced while betting is
    /// possible, otherwise it stays face up (TDA-RP-10 B).
    SeventhCardExposed "seventh_card_exposed" (Floor, Both, StudRemedy, at_table; InHand)
    "TDA-RP-10 B", "A seventh-street card exposed by the dealer" / "Karte der siebten Straße vom Dealer aufgedeckt"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position" / "Position",
        card: String => "Card" / "Karte",
    }

    /// Floor (stud): cards of the next street dealt before the betting ended go back into the
    /// reshuffled stub; the street comes without another burn (TDA-RP-5 D).
    PrematureStudCards "premature_stud_cards" (Floor, Both, StudRemedy, at_table; InHand)
    "TDA-RP-5 D", "Cards of the next street dealt too early" / "Karten der nächsten Straße zu früh gegeben"
    {
        table: u32 => "Table" / "Tisch",
        cards: Vec<String> => "The cards" / "Die Karten",
        /// Whether the street's burn card was dealt before them (it stays burned, RP-5).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        burned: Option<bool> => "The street's burn card was dealt before them" / "Die Burn-Karte der Straße wurde vorher gegeben",
    }

    /// Dealer: after the hand, the player at `pos` shows `cards` (one up to his whole hand):
    /// folded or mucked cards (TR-3.5), a hand shown to one player and so to all (TR-3.8), or
    /// the uncalled winner's choice (TR-3.7). Recorded in the table's last hand; the result
    /// stands.
    ShowAfterHand "show_after_hand" (Dealer, Both, AfterHand, at_table; Playing Finished)
    "TR-3.5, TR-3.8", "Cards shown after the hand" / "Nach der Hand gezeigte Karten"
    {
        table: u32 => "Table" / "Tisch",
        pos: usize => "Position in the last hand" / "Position in der letzten Hand",
        cards: Vec<String> => "Cards shown" / "Gezeigte Karten",
    }

    /// Dealer: takes back the hand's last entry at `table`, an entry error (a call tapped for
    /// a fold), while the hand is in play and nothing has followed it; the hand is as it was
    /// before it, and the entry stays in the chain. Later, the floor corrects with a ruling.
    TakeBack "take_back" (Dealer, Both, Table, at_table; InHand)
    "TR-26", "Take back the last entry" / "Letzte Eingabe zurücknehmen"
    {
        table: u32 => "Table" / "Tisch",
    }

    /// Floor: corrects an earlier entry of the hand in play at `table`, an entry error found
    /// later (a call tapped for a fold): entry number `entry` of the hand becomes `action`
    /// (`to` chips for a bet or raise; `none`: it was not made), and every later entry is
    /// played again on it. Refused when a later entry no longer stands, for a finished hand,
    /// and for a recorded fold unless the player's cards were retrieved (GCB-8).
    CorrectEntry "correct_entry" (Floor, Tournament, Desk; InHand)
    "TR-26, GCB-8", "Correct an earlier entry" / "Frühere Eingabe berichtigen"
    {
        table: u32 => "Table" / "Tisch",
        entry: u32 => "Entry number in the hand" / "Nummer der Eingabe in der Hand",
        action: WireCorrection => "What happened" / "Was geschah",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<u64> => "Bet or raise to (chips)" / "Bet oder Raise auf (Chips)",
        reason: String => "Reason" / "Begründung",
        #[serde(default)]
        cards_retrieved: bool => "A fold's cards were retrieved, unseen (GCB-8)" / "Die Karten des Folds wurden ungesehen zurückgeholt (GCB-8)",
    }

    /// Dealer: a denomination races off (TR-15), one card per odd chip, now (or at `at`, as
    /// for `start_hand`): due once the level it follows has ended, before the table's next
    /// hand.
    ChipRace "chip_race" (Dealer, Tournament, AfterHand, at_table; Playing)
    "TR-15", "Chip race: the cards dealt" / "Chip Race: die gegebenen Karten"
    {
        table: u32 => "Table" / "Tisch",
        cards: Vec<String> => "One card per odd chip, from left of the button" / "Eine Karte je überzähligem Chip, links vom Button beginnend",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Floor: a warning or penalty for an offence (TR-7, TR-20, TR-24, TR-27, TR-28). For
    /// hidden chips, `chips` names the chips found: they are forfeited (TR-20).
    Sanction "sanction" (Floor, Tournament, Desk; Registering Playing)
    "TR-28", "Penalty or warning" / "Strafe oder Verwarnung"
    {
        player: u32 => "Player" / "Spieler",
        offence: WireOffence => "Offence" / "Vergehen",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        chips: Option<u64> => "Hidden chips found (TR-20)" / "Gefundene versteckte Chips (TR-20)",
        /// Seconds into the tournament, for an imported sanction; otherwise the moment the
        /// service takes it in (a time penalty runs from it, TR-28).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Floor (director with `overrides`): a ruling under a rule, or an override of a recorded
    /// decision (TR-26).
    FloorRuling "floor_ruling" (Floor raised by overrides, Tournament, Desk; Registering Playing Finished)
    "TR-26", "Ruling" / "Entscheidung"
    {
        #[serde(default)]
        player: Option<u32> => "Player (if any)" / "Spieler (falls betroffen)",
        ruling: String => "Ruling and reason" / "Entscheidung und Begründung",
        rule: String => "Rule" / "Regel",
        #[serde(default)]
        overrides: Option<u64> => "Sequence overridden (the director's)" / "Aufgehobene Sequenznummer (nur Turnierleitung)",
    }

    /// Floor: a player is away from, or back at, the table.
    SetAbsent "set_absent" (Floor, Tournament, Desk; Registering Playing)
    "TR-6", "Away or back" / "Abwesend oder zurück"
    {
        player: u32 => "Player" / "Spieler",
        absent: bool => "Away" / "Abwesend",
    }

    /// Floor: the clock is called on the player to act (TR-19), now (or at `at`, as for
    /// `start_hand`).
    CallClock "call_clock" (Floor, Tournament, Desk; Playing)
    "TR-19", "Call the clock" / "Uhr ansagen (Clock)"
    {
        table: u32 => "Table" / "Tisch",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Floor: the called clock is checked, now (or at `at`); run out, the hand is dead (TR-19).
    CheckClock "check_clock" (Floor, Tournament, Desk; Playing)
    "TR-19", "Check the clock" / "Angesagte Uhr prüfen"
    {
        table: u32 => "Table" / "Tisch",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Floor: moves `player`, between his table's hands, to a free seat by ruling, over the
    /// automatic choice, with the reason (TR-26, TR-17).
    MovePlayer "move_player" (Floor, Tournament, Desk; Playing)
    "TR-26, TR-17", "Move a player" / "Spieler umsetzen"
    {
        player: u32 => "Player" / "Spieler",
        table: u32 => "To table" / "An Tisch",
        seat: u32 => "Seat" / "Platz",
        reason: String => "Reason" / "Grund",
    }

    /// Floor: the moves and the break that are due, at tables between hands, now (TR-17).
    BalanceNow "balance_now" (Floor, Tournament, Desk; Playing)
    "TR-17", "Balance the tables now" / "Tische jetzt ausgleichen"
    {}

    /// Director: proposes a deal at the final table, between hands: each player left's
    /// figure by the method, on the prizes still to be paid, less what is kept back from
    /// first place and played for. Only where the profile allows deals: the club's rules
    /// disqualify agreements among players (TR-7).
    ProposeDeal "propose_deal" (Director, Tournament, Desk; Playing)
    "TR-7", "Propose a deal" / "Deal vorschlagen"
    {
        method: WireDealMethod => "Method" / "Methode",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        left_to_play: Option<String> => "Kept back to play for (money, optional)" / "Zum Ausspielen zurückbehalten (Geld, optional)",
    }

    /// Floor: a player left agrees to the deal on the table, in person; when the last one
    /// does, the deal is agreed and its figures are the prizes.
    ConsentToDeal "consent_to_deal" (Floor, Tournament, Desk; Playing)
    "TR-7", "A player agrees to the deal" / "Ein Spieler stimmt dem Deal zu"
    {
        player: u32 => "Player" / "Spieler",
    }

    /// Floor: a player left declines the deal on the table: it is off.
    DeclineDeal "decline_deal" (Floor, Tournament, Desk; Playing)
    "TR-7", "A player declines the deal" / "Ein Spieler lehnt den Deal ab"
    {
        player: u32 => "Player" / "Spieler",
    }

    /// Director: closing the night, a player's prize is paid out at the cashier's desk, once
    /// his place is final and paid (TR-0b: the place is the order of elimination); the amount
    /// is the profile's payout for the place, or an agreed deal's figure.
    PayPrize "pay_prize" (Director, Tournament, Desk; Playing Finished)
    "TR-0b", "Pay out a prize" / "Preis auszahlen"
    {
        player: u32 => "Player" / "Spieler",
    }

    /// Floor: holds a table (no hand starts) or releases it, with the reason (TR-26).
    HoldTable "hold_table" (Floor, Tournament, Desk; Playing)
    "TR-26", "Hold or release a table" / "Tisch anhalten oder freigeben"
    {
        table: u32 => "Table" / "Tisch",
        hold: bool => "Hold" / "Anhalten",
        reason: String => "Reason" / "Grund",
    }

    /// Floor: breaks a table now, between its hands; its players then draw their seats with
    /// `break_table` (TR-26, TR-17).
    BreakTableNow "break_table_now" (Floor, Tournament, Desk; Playing)
    "TR-17", "Break a table now" / "Tisch jetzt auflösen"
    {
        table: u32 => "Table" / "Tisch",
        reason: String => "Reason" / "Grund",
    }

    /// Floor: a breaking table's players draw their new seats (TR-17).
    BreakTable "break_table" (Floor, Tournament, Desk; Playing)
    "TR-17", "Seat a breaking table's players" / "Spieler eines aufgelösten Tisches setzen"
    {
        table: u32 => "Table" / "Tisch",
        draw: Vec<u32> => "Seat cards drawn" / "Gezogene Platzkarten",
    }

    /// Floor: a player's stack after a count, between his table's hands (TR-26).
    SetStack "set_stack" (Floor, Tournament, Desk; Playing)
    "TR-26", "Set a stack after a count" / "Chipstand nach dem Zählen festsetzen"
    {
        player: u32 => "Player" / "Spieler",
        stack: u64 => "Chips" / "Chips",
        reason: String => "Reason" / "Grund",
    }

    /// Floor: a registered or waiting player without a seat takes a free seat with the
    /// starting stack (TR-26; PLO-1's waiting list).
    SeatPlayer "seat_player" (Floor, Tournament, Desk; Playing)
    "PLO-1", "Seat a waiting or late player" / "Wartenden oder späten Spieler setzen"
    {
        player: u32 => "Player" / "Spieler",
        table: u32 => "Table" / "Tisch",
        seat: u32 => "Seat" / "Platz",
    }

    /// Floor: `player` is out, at a table whose hands are not keyed in; his chips went to
    /// `winner` at the same table (TR-26).
    BustPlayer "bust_player" (Floor, Tournament, Desk; Playing)
    "TR-26", "Player out (hand not keyed in)" / "Spieler ausgeschieden (Hand nicht erfasst)"
    {
        player: u32 => "Player" / "Spieler",
        winner: u32 => "Chips went to" / "Chips gingen an",
        reason: String => "Reason" / "Grund",
    }

    /// Floor: a registered player who never came is removed (TR-6, PLO-1), now (or at `at`).
    RemoveNoShow "remove_no_show" (Floor, Tournament, Desk; Playing)
    "TR-6", "Remove a no-show" / "Nicht erschienenen Spieler streichen"
    {
        player: u32 => "Player" / "Spieler",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Director: pauses the level clock (TR-5), now (or at `at`).
    PauseClock "pause_clock" (Director, Tournament, Desk; Playing)
    "TR-5", "Pause the clock" / "Uhr anhalten"
    {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Director: the paused level clock runs again (TR-5).
    ResumeClock "resume_clock" (Director, Tournament, Desk; Playing)
    "TR-5", "Resume the clock" / "Uhr weiterlaufen lassen"
    {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Director: adds `seconds` to the level in force (negative: takes them away), at most
    /// back to its start and on to its end (TR-5).
    AdjustClock "adjust_clock" (Director, Tournament, Desk; Playing)
    "TR-5", "Add or take time" / "Zeit hinzufügen oder abziehen"
    {
        seconds: i64 => "Seconds (negative takes time)" / "Sekunden (negativ zieht ab)",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Director: the clock goes to the start of level `level` (1-based, TR-5).
    GoToLevel "go_to_level" (Director, Tournament, Desk; Playing)
    "TR-5", "Go to a level" / "Zu einer Stufe springen"
    {
        level: u32 => "Level" / "Stufe",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Director: a break after level `after_level` (1-based) of `minutes`; 0 takes it out.
    /// Only one not yet begun (TR-5). (Not `after`: that is the request's head guard.)
    SetBreak "set_break" (Director, Tournament, Desk; Registering Playing)
    "TR-5", "Set a break" / "Pause festlegen"
    {
        after_level: u32 => "After level" / "Nach Stufe",
        minutes: u32 => "Minutes (0 takes it out)" / "Minuten (0 streicht sie)",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Director: changes levels not yet begun, from level `from` (1-based); levels past the
    /// last are added (TR-5).
    EditLevels "edit_levels" (Director, Tournament, Desk; Registering Playing)
    "TR-5", "Edit levels to come" / "Kommende Stufen ändern"
    {
        from: u32 => "From level" / "Ab Stufe",
        levels: Vec<WireLevel> => "Levels" / "Stufen",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        at: Option<u64>,
    }

    /// Director: the house's payout, percents of the prize pool by place, first place first
    /// (empty: none published); while no place it pays, or the one in force pays, is decided
    /// (NOB-16).
    EditPayout "edit_payout" (Director, Tournament, Desk; Registering Playing)
    "NOB-16", "Set the payout" / "Auszahlung festlegen"
    {
        shares: Vec<u32> => "Percent of the prize pool by place, first place first" / "Prozent des Preisgelds je Platz, erster Platz zuerst",
    }

    /// Cash, floor: a guest who reported in person goes on a game's waiting list (GCB-9;
    /// `in_person: false`, a phone call, is refused).
    JoinList "join_list" (Floor, Cash, Desk; Playing)
    "GCB-9", "Waiting list: a guest reports in person" / "Warteliste: ein Gast meldet sich persönlich"
    {
        guest: u32 => "Guest number" / "Gastnummer",
        /// The guest's name (left out with `member`: the register's is used).
        #[serde(default)]
        name: String => "Name (left empty for a member)" / "Name (leer bei einem Mitglied)",
        game: String => "Game" / "Spiel",
        in_person: bool => "Reported in person" / "Persönlich gemeldet",
        /// The member of the club's register he is (issue 24): his name comes from the
        /// register, and a barred member is refused.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<String> => "Member ID (optional)" / "Mitgliedsnummer (freiwillig)",
    }

    /// Cash, floor: a guest leaves the waiting list (GCB-9).
    LeaveList "leave_list" (Floor, Cash, Desk; Playing)
    "GCB-9", "Off the waiting list" / "Von der Warteliste streichen"
    {
        guest: u32 => "Guest" / "Gast",
        game: String => "Game" / "Spiel",
    }

    /// Cash, floor: opens a game's main table, or its side table when GCB-10 allows.
    OpenTable "open_table" (Floor, Cash, Desk; Playing)
    "GCB-10", "Open a table" / "Tisch eröffnen"
    {
        table: u32 => "Table" / "Tisch",
    }

    /// Cash, floor: a guest takes a free seat with a buy-in of at least the table stake
    /// (GCB-7), in list order (GCB-9); `wait_for_big_blind` instead of posting one to come in.
    SeatGuest "seat_guest" (Floor, Cash, Desk; Playing)
    "GCB-9, GCB-7", "Seat a guest" / "Gast setzen"
    {
        guest: u32 => "Guest" / "Gast",
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String> => "Name (a new guest)" / "Name (neuer Gast)",
        table: u32 => "Table" / "Tisch",
        seat: u32 => "Seat" / "Platz",
        buy_in: u64 => "Buy-in" / "Buy-in",
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        wait_for_big_blind: bool => "Waits for the big blind" / "Wartet auf den Big Blind",
        /// The member of the club's register he is (issue 24), as for `join_list`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        member: Option<String> => "Member ID (optional)" / "Mitgliedsnummer (freiwillig)",
    }

    /// Cash, floor: a guest who lost his stack buys in again (GCB-7).
    Rebuy "rebuy" (Floor, Cash, Desk; Playing)
    "GCB-7", "Rebuy" / "Rebuy"
    {
        guest: u32 => "Guest" / "Gast",
        amount: u64 => "Amount" / "Betrag",
    }

    /// Cash, floor: a guest adds money between his hands (GCB-13, GCB-7).
    AddChips "add_chips" (Floor, Cash, Desk; Playing)
    "GCB-13", "Add chips between hands" / "Chips zwischen den Händen nachkaufen"
    {
        guest: u32 => "Guest" / "Gast",
        amount: u64 => "Amount" / "Betrag",
    }

    /// Cash, floor: chips taken off the table while playing: always refused (GCB-13).
    TakeChips "take_chips" (Floor, Cash, Wire; Playing)
    "GCB-13", "Take chips off the table (always refused)" / "Chips vom Tisch nehmen (stets abgelehnt)"
    {
        guest: u32 => "Guest" / "Gast",
        amount: u64 => "Amount" / "Betrag",
    }

    /// Cash, floor: a guest leaves the table with everything in front of him.
    CashOut "cash_out" (Floor, Cash, Desk; Playing)
    "GCB-13", "Cash out" / "Auszahlen"
    {
        guest: u32 => "Guest" / "Gast",
    }

    /// Cash, floor or dealer's report: a guest steps away (GCB-1) or is back (GCB-6, GCB-7).
    SetAway "set_away" (Floor, Cash, Desk; Playing)
    "GCB-1, GCB-6", "Away or back" / "Abwesend oder zurück"
    {
        guest: u32 => "Guest" / "Gast",
        away: bool => "Away" / "Abwesend",
    }

    /// Cash, floor: a seat change at his table (GCB-6).
    ChangeSeat "change_seat" (Floor, Cash, Desk; Playing)
    "GCB-6", "Change seat" / "Platz wechseln"
    {
        guest: u32 => "Guest" / "Gast",
        seat: u32 => "New seat" / "Neuer Platz",
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        post_both: bool => "Posts both blinds" / "Setzt beide Blinds",
    }

    /// Cash, floor: the called player moves to the main table's free seat (GCB-10).
    AcceptMove "accept_move" (Floor, Cash, Desk; Playing)
    "GCB-10", "Must-move: he moves" / "Must-Move: er wechselt"
    {
        guest: u32 => "Guest" / "Gast",
        seat: u32 => "Main-table seat" / "Platz am Haupttisch",
    }

    /// Cash, floor: the called player refuses to move; his day is over (GCB-10).
    RefuseMove "refuse_move" (Floor, Cash, Desk; Playing)
    "GCB-10", "Must-move: he refuses" / "Must-Move: er weigert sich"
    {
        guest: u32 => "Guest" / "Gast",
    }

    /// Cash, floor: a warning (GCB-1; GCB-8 for cards exposed early).
    Warn "warn" (Floor, Cash, Desk; Playing)
    "GCB-1", "Warning" / "Verwarnung"
    {
        guest: u32 => "Guest" / "Gast",
        offence: WireCashOffence => "Offence" / "Vergehen",
        #[serde(default, skip_serializing_if = "String::is_empty")]
        note: String => "Note" / "Notiz",
    }

    /// Cash, director (the gaming shift manager): a ruling on a case the rules do not list;
    /// final (GCB-1).
    HouseRuling "house_ruling" (Director, Cash, Desk; Playing)
    "GCB-1", "Ruling of the gaming shift manager (final)" / "Entscheidung des Spielsaalleiters (endgültig)"
    {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        guest: Option<u32> => "Guest (if any)" / "Gast (falls betroffen)",
        ruling: String => "Ruling" / "Entscheidung",
    }
}

impl Kind {
    /// What a value of this kind is, in words.
    pub fn describe(self, lang: Lang) -> &'static str {
        let w = match self {
            Kind::Int | Kind::OptInt => Words {
                en: "a whole number",
                de: "eine ganze Zahl",
            },
            Kind::SignedInt => Words {
                en: "a whole number, may be negative",
                de: "eine ganze Zahl, auch negativ",
            },
            Kind::Text | Kind::OptText => Words {
                en: "text",
                de: "Text",
            },
            Kind::Bool => Words {
                en: "true or false",
                de: "true oder false",
            },
            Kind::Cards => Words {
                en: "cards, e.g. [\"As\", \"Kd\"]",
                de: "Karten, z. B. [\"As\", \"Kd\"]",
            },
            Kind::Ints | Kind::OptInts => Words {
                en: "whole numbers, e.g. [3, 1, 2]",
                de: "ganze Zahlen, z. B. [3, 1, 2]",
            },
            Kind::SeenCards | Kind::OptSeenCards => Words {
                en: "cards, null for one not seen, e.g. [\"As\", null]",
                de: "Karten, null für eine nicht gesehene, z. B. [\"As\", null]",
            },
            Kind::SeatCards => Words {
                en: "a card per seat, e.g. [{\"seat\": 1, \"card\": \"As\"}]",
                de: "eine Karte je Platz, z. B. [{\"seat\": 1, \"card\": \"As\"}]",
            },
            Kind::Levels => Words {
                en: "levels, e.g. [{\"small\": 100, \"big\": 200, \"ante\": 0, \"minutes\": 20}]",
                de: "Stufen, z. B. [{\"small\": 100, \"big\": 200, \"ante\": 0, \"minutes\": 20}]",
            },
            Kind::OutOfTurn => Words {
                en: "an action, e.g. {\"action\": \"call\"} or {\"action\": \"raise_to\", \"to\": 200}",
                de: "eine Handlung, z. B. {\"action\": \"call\"} oder {\"action\": \"raise_to\", \"to\": 200}",
            },
            Kind::Said => Words {
                en: "\"nothing\", \"call\", \"raise\" or {\"raise_to\": 200}",
                de: "\"nothing\", \"call\", \"raise\" oder {\"raise_to\": 200}",
            },
            Kind::Choice(_) => Words {
                en: "one of",
                de: "eines von",
            },
        };
        w.get(lang)
    }
}

impl Needs {
    /// Who may send it, in words.
    pub fn words(self) -> Words {
        match self {
            Needs::Dealer => Words {
                en: "the dealer of its table, the floor or the director",
                de: "der Dealer des Tisches, der Floor oder die Turnierleitung",
            },
            Needs::Floor => Words {
                en: "the floor or the director",
                de: "der Floor oder die Turnierleitung",
            },
            Needs::Director => Words {
                en: "the director",
                de: "die Turnierleitung",
            },
        }
    }
}

impl Declaration {
    /// The command as the CLI's help lists it: its name, help, rules, who may send it, and
    /// each field with its kind and label (`required` tells which fields the schema needs).
    pub fn describe(&self, lang: Lang, required: impl Fn(&str) -> bool) -> String {
        use std::fmt::Write;
        let (sent_by, fields_w, optional, raised, game) = match lang {
            Lang::En => (
                "sent by",
                "fields",
                "optional",
                "with it given: the director",
                match self.game {
                    Game::Tournament => "tournament",
                    Game::Cash => "cash room",
                    Game::Both => "tournament and cash room",
                },
            ),
            Lang::De => (
                "gesendet von",
                "Felder",
                "freiwillig",
                "damit: die Turnierleitung",
                match self.game {
                    Game::Tournament => "Turnier",
                    Game::Cash => "Cash-Game-Raum",
                    Game::Both => "Turnier und Cash-Game-Raum",
                },
            ),
        };
        let mut out = format!(
            "{} — {} ({})\n  {}: {}; {game}\n",
            self.name,
            self.help.get(lang),
            self.rules,
            sent_by,
            self.role.words().get(lang)
        );
        if !self.fields.is_empty() {
            let _ = writeln!(out, "  {fields_w}:");
        }
        for f in self.fields {
            let label = f.label.map(|l| l.get(lang)).unwrap_or(match lang {
                Lang::En => "the recorded time, seconds into the tournament (imports)",
                Lang::De => "die erfasste Zeit, Sekunden seit Turnierbeginn (Importe)",
            });
            let mut kind = f.kind.describe(lang).to_string();
            if let Kind::Choice(values) = f.kind {
                let names: Vec<&str> = values.iter().map(|(v, _)| *v).collect();
                kind = format!("{kind} {}", names.join(", "));
            }
            let opt = if required(f.name) {
                String::new()
            } else {
                format!(", {optional}")
            };
            let raise = if self.raised_by == Some(f.name) {
                format!("; {raised}")
            } else {
                String::new()
            };
            let _ = writeln!(out, "    {:<20} {label} — {kind}{opt}{raise}", f.name);
        }
        out
    }
}
