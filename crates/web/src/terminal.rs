//! The pages that send commands: the dealer's terminal for one table, the floor's and the
//! director's desks, the log-in page, and the cash room's lists. Every form becomes one wire
//! command (`schemas/request.schema.json`) that the page posts to `/t/<chain>/cmd`; the server
//! adds who sent it and on which channel (the session's role), and shows the reply: the events
//! recorded, or the refusal with its rules and what is allowed.

use floorbook_cash::CashRoom;
use floorbook_hand::{Phase, Pos, TableHand};
use floorbook_tournament::engine::Tournament;
use floorbook_tournament::seating::TableNo;
use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::users::{Role, Session};

/// How a form field is read into the command's JSON (the script reads `data-kind`).
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
    /// A checkbox.
    Bool,
    /// Cards, written `As Kd` (a list).
    Cards,
    /// One card.
    Card,
    /// Whole numbers separated by spaces or commas (a list).
    Ints,
    /// JSON as written.
    Json,
    /// One of the listed values.
    Choice(&'static [&'static str]),
}

impl Kind {
    fn token(self) -> &'static str {
        match self {
            Kind::Int => "int",
            Kind::OptInt => "optint",
            Kind::SignedInt => "int",
            Kind::Text => "text",
            Kind::OptText => "opttext",
            Kind::Bool => "bool",
            Kind::Cards => "cards",
            Kind::Card => "text",
            Kind::Ints => "ints",
            Kind::Json => "json",
            Kind::Choice(_) => "text",
        }
    }
}

/// One field of a form: the command's field, its label, how it is read.
#[derive(Debug, Clone, Copy)]
pub struct Field(pub &'static str, pub &'static str, pub Kind);

/// A form for one command.
#[derive(Debug, Clone, Copy)]
pub struct Form {
    pub command: &'static str,
    pub title: &'static str,
    pub rule: &'static str,
    pub fields: &'static [Field],
}

const OFFENCES: &[&str] = &[
    "etiquette",
    "soft_play",
    "hidden_chips",
    "advice",
    "cheating",
    "chip_dumping",
    "severe",
];
const CASH_OFFENCES: &[&str] = &[
    "showing_cards",
    "acting_for_another",
    "not_waiting_turn",
    "cards_hidden",
    "language",
    "table_manners",
    "exposed_cards",
];

/// The floor's forms at a tournament.
pub const FLOOR: &[Form] = &[
    Form {
        command: "register",
        title: "Register a player",
        rule: "TR-0a, TR-0b",
        fields: &[
            Field("player", "Player number", Kind::Int),
            Field("name", "Name", Kind::Text),
            Field("buy_in", "Buy-in", Kind::Text),
            Field("age", "Age", Kind::Int),
            Field("table", "Reserved table (PLO-3)", Kind::OptInt),
        ],
    },
    Form {
        command: "register_member",
        title: "Register a member",
        rule: "TR-0a, TR-0b",
        fields: &[
            Field("player", "Player number", Kind::Int),
            Field("member", "Member ID", Kind::Text),
            Field("buy_in", "Buy-in", Kind::Text),
            Field("table", "Reserved table (PLO-3)", Kind::OptInt),
        ],
    },
    Form {
        command: "register_walk_in",
        title: "Register a walk-in (joins the club)",
        rule: "TR-0a, TR-0b",
        fields: &[
            Field("player", "Player number", Kind::Int),
            Field("name", "Name", Kind::Text),
            Field("born", "Birth date (YYYY-MM-DD)", Kind::Text),
            Field("buy_in", "Buy-in", Kind::Text),
            Field("contact", "Contact (optional)", Kind::OptText),
            Field("table", "Reserved table (PLO-3)", Kind::OptInt),
        ],
    },
    Form {
        command: "sanction",
        title: "Penalty or warning",
        rule: "TR-28",
        fields: &[
            Field("player", "Player", Kind::Int),
            Field("offence", "Offence", Kind::Choice(OFFENCES)),
            Field("chips", "Hidden chips found (TR-20)", Kind::OptInt),
        ],
    },
    Form {
        command: "floor_ruling",
        title: "Ruling",
        rule: "TR-26",
        fields: &[
            Field("player", "Player (if any)", Kind::OptInt),
            Field("rule", "Rule", Kind::Text),
            Field("ruling", "Ruling and reason", Kind::Text),
        ],
    },
    Form {
        command: "set_absent",
        title: "Away or back",
        rule: "TR-6",
        fields: &[
            Field("player", "Player", Kind::Int),
            Field("absent", "Away", Kind::Bool),
        ],
    },
    Form {
        command: "call_clock",
        title: "Call the clock",
        rule: "TR-19",
        fields: &[Field("table", "Table", Kind::Int)],
    },
    Form {
        command: "check_clock",
        title: "Check the clock",
        rule: "TR-19",
        fields: &[Field("table", "Table", Kind::Int)],
    },
    Form {
        command: "move_player",
        title: "Move a player",
        rule: "TR-26, TR-17",
        fields: &[
            Field("player", "Player", Kind::Int),
            Field("table", "To table", Kind::Int),
            Field("seat", "Seat", Kind::Int),
            Field("reason", "Reason", Kind::Text),
        ],
    },
    Form {
        command: "balance_now",
        title: "Balance the tables now",
        rule: "TR-17",
        fields: &[],
    },
    Form {
        command: "hold_table",
        title: "Hold or release a table",
        rule: "TR-26",
        fields: &[
            Field("table", "Table", Kind::Int),
            Field("hold", "Hold", Kind::Bool),
            Field("reason", "Reason", Kind::Text),
        ],
    },
    Form {
        command: "break_table_now",
        title: "Break a table now",
        rule: "TR-17",
        fields: &[
            Field("table", "Table", Kind::Int),
            Field("reason", "Reason", Kind::Text),
        ],
    },
    Form {
        command: "break_table",
        title: "Seat a breaking table's players",
        rule: "TR-17",
        fields: &[
            Field("table", "Table", Kind::Int),
            Field("draw", "Seat cards drawn", Kind::Ints),
        ],
    },
    Form {
        command: "set_stack",
        title: "Set a stack after a count",
        rule: "TR-26",
        fields: &[
            Field("player", "Player", Kind::Int),
            Field("stack", "Chips", Kind::Int),
            Field("reason", "Reason", Kind::Text),
        ],
    },
    Form {
        command: "seat_player",
        title: "Seat a waiting or late player",
        rule: "PLO-1",
        fields: &[
            Field("player", "Player", Kind::Int),
            Field("table", "Table", Kind::Int),
            Field("seat", "Seat", Kind::Int),
        ],
    },
    Form {
        command: "bust_player",
        title: "Player out (hand not keyed in)",
        rule: "TR-26",
        fields: &[
            Field("player", "Player", Kind::Int),
            Field("winner", "Chips went to", Kind::Int),
            Field("reason", "Reason", Kind::Text),
        ],
    },
    Form {
        command: "remove_no_show",
        title: "Remove a no-show",
        rule: "TR-6",
        fields: &[Field("player", "Player", Kind::Int)],
    },
];

/// The director's forms at a tournament.
pub const DIRECTOR: &[Form] = &[
    Form {
        command: "start",
        title: "Start: the seat draw",
        rule: "TR-1",
        fields: &[
            Field("draw", "Seat cards, in registration order", Kind::Ints),
            Field(
                "button_seats",
                "Button seats by table (if drawn)",
                Kind::Json,
            ),
            Field(
                "tables",
                "Tables (where the rule lets you choose)",
                Kind::OptInt,
            ),
        ],
    },
    Form {
        command: "pause_clock",
        title: "Pause the clock",
        rule: "TR-5",
        fields: &[],
    },
    Form {
        command: "resume_clock",
        title: "Resume the clock",
        rule: "TR-5",
        fields: &[],
    },
    Form {
        command: "adjust_clock",
        title: "Add or take time",
        rule: "TR-5",
        fields: &[Field(
            "seconds",
            "Seconds (negative takes time)",
            Kind::SignedInt,
        )],
    },
    Form {
        command: "go_to_level",
        title: "Go to a level",
        rule: "TR-5",
        fields: &[Field("level", "Level", Kind::Int)],
    },
    Form {
        command: "set_break",
        title: "Set a break",
        rule: "TR-5",
        fields: &[
            Field("after_level", "After level", Kind::Int),
            Field("minutes", "Minutes (0 takes it out)", Kind::Int),
        ],
    },
    Form {
        command: "edit_levels",
        title: "Edit levels to come",
        rule: "TR-5",
        fields: &[
            Field("from", "From level", Kind::Int),
            Field(
                "levels",
                "Levels (JSON: [{\"small\":100,\"big\":200,\"ante\":0}])",
                Kind::Json,
            ),
        ],
    },
    Form {
        command: "floor_ruling",
        title: "Override a decision",
        rule: "TR-26",
        fields: &[
            Field("player", "Player (if any)", Kind::OptInt),
            Field("rule", "Rule", Kind::Text),
            Field("ruling", "Ruling and reason", Kind::Text),
            Field("overrides", "Sequence overridden", Kind::Int),
        ],
    },
];

/// The floor's forms at a cash room.
pub const CASH_FLOOR: &[Form] = &[
    Form {
        command: "join_list",
        title: "Waiting list: a guest reports in person",
        rule: "GCB-9",
        fields: &[
            Field("guest", "Guest number", Kind::Int),
            Field("name", "Name (left empty for a member)", Kind::OptText),
            Field("member", "Member ID (optional)", Kind::OptText),
            Field("game", "Game", Kind::Text),
            Field("in_person", "Reported in person", Kind::Bool),
        ],
    },
    Form {
        command: "leave_list",
        title: "Off the waiting list",
        rule: "GCB-9",
        fields: &[
            Field("guest", "Guest", Kind::Int),
            Field("game", "Game", Kind::Text),
        ],
    },
    Form {
        command: "open_table",
        title: "Open a table",
        rule: "GCB-10",
        fields: &[Field("table", "Table", Kind::Int)],
    },
    Form {
        command: "seat_guest",
        title: "Seat a guest",
        rule: "GCB-9, GCB-7",
        fields: &[
            Field("guest", "Guest", Kind::Int),
            Field("name", "Name (a new guest)", Kind::OptText),
            Field("member", "Member ID (optional)", Kind::OptText),
            Field("table", "Table", Kind::Int),
            Field("seat", "Seat", Kind::Int),
            Field("buy_in", "Buy-in", Kind::Int),
            Field("wait_for_big_blind", "Waits for the big blind", Kind::Bool),
        ],
    },
    Form {
        command: "rebuy",
        title: "Rebuy",
        rule: "GCB-7",
        fields: &[
            Field("guest", "Guest", Kind::Int),
            Field("amount", "Amount", Kind::Int),
        ],
    },
    Form {
        command: "add_chips",
        title: "Add chips between hands",
        rule: "GCB-13",
        fields: &[
            Field("guest", "Guest", Kind::Int),
            Field("amount", "Amount", Kind::Int),
        ],
    },
    Form {
        command: "cash_out",
        title: "Cash out",
        rule: "GCB-13",
        fields: &[Field("guest", "Guest", Kind::Int)],
    },
    Form {
        command: "set_away",
        title: "Away or back",
        rule: "GCB-1, GCB-6",
        fields: &[
            Field("guest", "Guest", Kind::Int),
            Field("away", "Away", Kind::Bool),
        ],
    },
    Form {
        command: "change_seat",
        title: "Change seat",
        rule: "GCB-6",
        fields: &[
            Field("guest", "Guest", Kind::Int),
            Field("seat", "New seat", Kind::Int),
            Field("post_both", "Posts both blinds", Kind::Bool),
        ],
    },
    Form {
        command: "accept_move",
        title: "Must-move: he moves",
        rule: "GCB-10",
        fields: &[
            Field("guest", "Guest", Kind::Int),
            Field("seat", "Main-table seat", Kind::Int),
        ],
    },
    Form {
        command: "refuse_move",
        title: "Must-move: he refuses",
        rule: "GCB-10",
        fields: &[Field("guest", "Guest", Kind::Int)],
    },
    Form {
        command: "warn",
        title: "Warning",
        rule: "GCB-1",
        fields: &[
            Field("guest", "Guest", Kind::Int),
            Field("offence", "Offence", Kind::Choice(CASH_OFFENCES)),
            Field("note", "Note", Kind::OptText),
        ],
    },
];

/// The shift manager's forms at a cash room.
pub const CASH_DIRECTOR: &[Form] = &[Form {
    command: "house_ruling",
    title: "Ruling of the gaming shift manager (final)",
    rule: "GCB-1",
    fields: &[
        Field("guest", "Guest (if any)", Kind::OptInt),
        Field("ruling", "Ruling", Kind::Text),
    ],
}];

/// One form as HTML. `fixed`: fields the page fills in (the table of a dealer's terminal).
pub fn form(f: &Form, fixed: &[(&str, String)]) -> Markup {
    html! {
        form.cmd data-command=(f.command) aria-label=(f.title) {
            h3 { (f.title) " " span.rule { "(" (f.rule) ")" } }
            @for (name, value) in fixed {
                input type="hidden" name=(name) value=(value) data-kind="int";
            }
            @for Field(name, label, kind) in f.fields {
                @let id = format!("{}-{}", f.command, name);
                @match kind {
                    Kind::Bool => {
                        label for=(id) { input id=(id) type="checkbox" name=(name) data-kind="bool"; " " (label) }
                    }
                    Kind::Choice(values) => {
                        label for=(id) { (label) }
                        select id=(id) name=(name) data-kind="text" {
                            @for v in *values { option value=(v) { (v.replace('_', " ")) } }
                        }
                    }
                    _ => {
                        label for=(id) { (label) }
                        input id=(id) name=(name) data-kind=(kind.token())
                            inputmode=[matches!(kind, Kind::Int | Kind::OptInt).then_some("numeric")]
                            required[matches!(kind, Kind::Int | Kind::Text | Kind::SignedInt | Kind::Cards | Kind::Ints)];
                    }
                }
            }
            button type="submit" { (f.title) }
        }
    }
}

/// A terminal page: the header with the chain's pages and who is logged in, the result
/// region the script fills, and the main part.
pub fn page(chain: &str, which: &str, who: Option<&Session>, cash: bool, main: Markup) -> Markup {
    let link = |to: &str, label: &str| {
        html! {
            @if to == which {
                a href=(format!("/t/{chain}/{to}")) aria-current="page" { (label) }
            } @else {
                a href=(format!("/t/{chain}/{to}")) { (label) }
            }
        }
    };
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (which) " · " (chain) " · Floorbook" }
                link rel="stylesheet" href="/app.css";
            }
            // The pages that show a table follow the chain live; the desks' forms stay as typed.
            body data-live=[(which.starts_with("dealer") || which == "cash").then(|| format!("/t/{chain}/live"))] data-page=(which) data-chain=(chain) {
                header {
                    h1 { a href="/" style="color:inherit" { "Floorbook" } " · " (chain) }
                    nav aria-label="Pages" {
                        @if cash {
                            (link("cash", "Room"))
                        } @else {
                            (link("clock", "Clock"))
                            (link("seating", "Seating"))
                            (link("standings", "Standings"))
                        }
                        (link("floor", "Floor"))
                        (link("director", "Director"))
                        (link("explain", "Dispute"))
                    }
                    span.who {
                        @match who {
                            Some(s) => { (s.name) " (" (s.role.describe()) ") "
                                form method="post" action="/logout" style="display:inline" { button type="submit" { "Log out" } } }
                            None => { a href=(format!("/login?next=/t/{chain}/{which}")) { "Log in" } }
                        }
                    }
                }
                div #result role="status" aria-live="polite" {}
                main id="main" { (main) }
                script src="/app.js" {}
                script src="/terminal.js" {}
            }
        }
    }
}

/// The log-in page.
pub fn login(next: &str, problem: Option<&str>) -> Markup {
    html! {
        (DOCTYPE)
        html lang="en" {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { "Log in · Floorbook" }
                link rel="stylesheet" href="/app.css";
            }
            body {
                header { h1 { a href="/" style="color:inherit" { "Floorbook" } } }
                main {
                    h2 { "Log in" }
                    @if let Some(p) = problem { p.notice role="alert" { (p) } }
                    form.login method="post" action="/login" {
                        input type="hidden" name="next" value=(next);
                        label for="name" { "Name" }
                        input #name name="name" autocomplete="username" required;
                        label for="password" { "Password" }
                        input #password name="password" type="password" autocomplete="current-password" required;
                        button type="submit" { "Log in" }
                    }
                }
            }
        }
    }
}

/// The forms page of a role (floor or director), with a note when the user may not send them.
pub fn desk(forms: &[Form], who: Option<&Session>, needs: &str) -> Markup {
    let may = who.is_some_and(|s| match s.role {
        Role::Sends(floorbook_service::subjects::Channel::Director) => true,
        Role::Sends(floorbook_service::subjects::Channel::Floor) => needs == "floor",
        _ => false,
    });
    html! {
        @if !may {
            p.notice { "These commands are the " (needs) "'s. Log in as the " (needs)
                " to send them; anything else is refused and recorded as refused." }
        }
        div.forms { @for f in forms { (form(f, &[])) } }
    }
}

/// A seat at the table as a dealer sees it.
struct SeatRow {
    seat: u32,
    name: String,
    stack: u64,
    flags: Vec<&'static str>,
}

/// A table as the dealer's terminal shows it, from either kind of chain.
pub struct TableModel {
    table: u32,
    seats: Vec<SeatRow>,
    /// The hand in progress: its number, the hand, the names by position, the button's seat.
    hand: Option<(u64, TableHand, Vec<String>)>,
    /// Cash: the table's first hand needs the button's draw; the game allows a straddle.
    cash: Option<(bool, bool)>,
    button: Option<u32>,
    /// The tournament is over: no hand starts.
    finished: bool,
    /// The table's first hand waits for the button's draw (TR-2, NOB-10): the rule.
    draw_due: Option<&'static str>,
}

impl TableModel {
    pub fn tournament(t: &Tournament, table: u32) -> Option<TableModel> {
        let ts = t.tables.iter().find(|ts| ts.table.no == TableNo(table))?;
        let name = |p: &floorbook_tournament::seating::PlayerId| {
            t.players
                .get(p)
                .map_or_else(|| format!("Player {}", p.0), |pl| pl.name.clone())
        };
        let seats = ts
            .table
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, p)| {
                let p = p.as_ref()?;
                let pl = t.players.get(p)?;
                let mut flags = Vec::new();
                if pl.absent {
                    flags.push("away");
                }
                if pl.penalized_until.is_some() {
                    flags.push("penalty");
                }
                if pl.waiting_for_button {
                    flags.push("waits for the button");
                }
                Some(SeatRow {
                    seat: i as u32 + 1,
                    name: name(p),
                    stack: pl.stack,
                    flags,
                })
            })
            .collect();
        let hand = ts
            .hand
            .as_ref()
            .map(|(no, h, ids)| (*no, h.clone(), ids.iter().map(name).collect()));
        let draw_due = (t.revision >= 6
            && t.profile.game.stud().is_none()
            && !ts.button_drawn
            && ts.hand.is_none()
            && ts.last_big_blind.is_none()
            && ts.hands_played == 0)
            .then(|| {
                if t.profile.seating.button == floorbook_tournament::Button::CardDraw {
                    "NOB-10"
                } else {
                    "TR-2"
                }
            });
        Some(TableModel {
            table,
            seats,
            hand,
            cash: None,
            button: draw_due.is_none().then_some(ts.table.button.0),
            finished: t.finished,
            draw_due,
        })
    }

    pub fn cash(room: &CashRoom, table: u32) -> Option<TableModel> {
        let t = room.tables().get(&table)?;
        let name = |g: &u32| {
            room.guests()
                .get(g)
                .map_or_else(|| format!("Guest {g}"), |x| x.name.clone())
        };
        let seats = t
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, g)| {
                let g = g.as_ref()?;
                let s = room.guests().get(g)?.sitting.as_ref()?;
                let mut flags = Vec::new();
                if s.away {
                    flags.push("away");
                }
                if s.owes.waits_for_big_blind {
                    flags.push("waits for the big blind");
                }
                if s.owes.big_blind {
                    flags.push("posts a big blind to come in");
                }
                if s.owes.small_blind_dead {
                    flags.push("owes the small blind dead");
                }
                if s.markers > 0 {
                    flags.push("missed-blind marker");
                }
                Some(SeatRow {
                    seat: i as u32 + 1,
                    name: name(g),
                    stack: s.stack,
                    flags,
                })
            })
            .collect();
        let hand = t.hand.as_ref().map(|r| {
            (
                r.no,
                r.hand.clone().into(),
                r.guests.iter().map(name).collect(),
            )
        });
        let straddle = room.profile().game_of(table).is_some_and(|g| g.straddle);
        Some(TableModel {
            table,
            seats,
            hand,
            cash: Some((t.last_big_blind.is_none(), straddle)),
            button: t.hand.as_ref().map(|r| r.button).or(t.last_button),
            finished: false,
            draw_due: None,
        })
    }
}

fn cards(c: &[floorbook_cards::Card]) -> String {
    c.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One button that sends one command (the dealer's one touch).
fn one_touch(command: &str, label: &str, fields: &[(&str, String)]) -> Markup {
    let all_in = label.starts_with("All in");
    html! {
        form.cmd.touch.all-in[all_in] data-command=(command) {
            @for (name, value) in fields {
                input type="hidden" name=(name) value=(value) data-kind=(if value.starts_with('[') { "json" } else { "int" });
            }
            button type="submit" { (label) }
        }
    }
}

/// The dealer's terminal: the table, the hand as it stands, and what the dealer can enter now.
pub fn dealer(m: &TableModel) -> Markup {
    let t = m.table.to_string();
    let table = || ("table", t.clone());
    html! {
        h2 { "Table " (m.table)
            @if let Some((no, _, _)) = &m.hand { " · hand " (no) } }
        @if let Some((_, h, names)) = &m.hand {
            @let legal = h.legal();
            @let actor = h.actor();
            table.hand aria-label="The hand" {
                @let stud = h.as_stud();
                thead { tr { th { "Pos" } th { "Player" } @if stud.is_some() { th { "Showing" } } th.num { "Stack" } th.num { "Bet" } th { "" } } }
                tbody {
                    @for (i, n) in names.iter().enumerate() {
                        tr class=[(actor == Some(Pos(i))).then_some("acting")] {
                            td { (i) }
                            td { (n) }
                            @if let Some(s) = stud { td.cards { (cards(&s.up_cards(Pos(i)))) } }
                            td.num { (h.stacks().get(i).map_or(0, |c| c.0)) }
                            td.num { (h.bets().get(i).map_or(0, |c| c.0)) }
                            td {
                                @if actor == Some(Pos(i)) { strong { "to act" } }
                                @else if !h.is_active(Pos(i)) { span.flag { "out" } }
                                @else if h.stacks().get(i).is_some_and(|c| c.0 == 0) { span.flag { "all in" } }
                            }
                        }
                    }
                }
            }
            p.board { "Board: " @if h.board().is_empty() { span.empty { "none yet" } } @else { strong { (cards(h.board())) } }
                " · pot " (h.pots().iter().map(|p| p.amount.0).sum::<u64>() + h.bets().iter().map(|b| b.0).sum::<u64>()) }
            div.actions {
                @match h.phase() {
                    Phase::HoleDealing => {
                        @if let Some(p) = h.dealee() {
                            @let (n, up) = h.cards_due(p);
                            @let n = if h.as_stud().is_some() { 1 } else { n };
                            p { "Deal to position " (p.0) " (" (names.get(p.0).cloned().unwrap_or_default()) ")"
                                @if h.as_stud().is_some() { (if up { ": the next card face up" } else { ": the next card face down" }) } }
                            @if !up {
                                (one_touch("deal_hole", "Dealt face down", &[table(), ("pos", p.0.to_string()), ("cards", format!("[{}]", vec!["null"; n].join(",")))]))
                            }
                            form.cmd data-command="deal_hole" aria-label="Deal seen cards" {
                                input type="hidden" name="table" value=(t) data-kind="int";
                                input type="hidden" name="pos" value=(p.0) data-kind="int";
                                label for="hole" { "Cards seen" }
                                input #hole name="cards" data-kind="cards" placeholder="As Kd" required;
                                button type="submit" { "Deal these" }
                            }
                        }
                    }
                    Phase::Betting => {
                        @if let Some(l) = &legal {
                            p { strong { (names.get(l.actor.0).cloned().unwrap_or_default()) } " to act" }
                            div.touches {
                                @if let Some(b) = l.bring_in {
                                    (one_touch("bring_in", &format!("Bring in {}", b.0), &[table(), ("pos", l.actor.0.to_string())]))
                                    @if l.fold {
                                        (one_touch("fold", "Fold", &[table(), ("pos", l.actor.0.to_string())]))
                                    }
                                } @else if !l.call.is_zero() {
                                    (one_touch("fold", "Fold", &[table(), ("pos", l.actor.0.to_string())]))
                                    (one_touch("check_or_call", &format!("Call {}", l.call.0), &[table(), ("pos", l.actor.0.to_string())]))
                                } @else {
                                    (one_touch("check_or_call", "Check", &[table(), ("pos", l.actor.0.to_string())]))
                                    (one_touch("fold", "Fold", &[table(), ("pos", l.actor.0.to_string())]))
                                }
                                @if let Some((lo, hi)) = l.raise_to {
                                    @let verb = if l.bring_in.is_some() { "Complete" } else if l.call.is_zero() { "Bet" } else { "Raise" };
                                    (one_touch("bet_or_raise_to", &format!("{verb} to {}", lo.0), &[table(), ("pos", l.actor.0.to_string()), ("to", lo.0.to_string())]))
                                    @if hi != lo {
                                        (one_touch("bet_or_raise_to", &format!("All in {}", hi.0), &[table(), ("pos", l.actor.0.to_string()), ("to", hi.0.to_string())]))
                                    }
                                }
                            }
                            @if let Some((lo, hi)) = l.raise_to {
                                form.cmd data-command="bet_or_raise_to" aria-label="Bet or raise to" {
                                    input type="hidden" name="table" value=(t) data-kind="int";
                                    input type="hidden" name="pos" value=(l.actor.0) data-kind="int";
                                    label for="to" { "Bet or raise to (" (lo.0) " to " (hi.0) ")" }
                                    input #to name="to" data-kind="int" inputmode="numeric" min=(lo.0) max=(hi.0) required;
                                    button type="submit" { "Bet / raise" }
                                }
                            }
                        }
                    }
                    Phase::BoardDealing => {
                        form.cmd data-command="deal_board" aria-label="Deal the board" {
                            input type="hidden" name="table" value=(t) data-kind="int";
                            label for="board" { "The next " (h.board_due()) " board card(s)" }
                            input #board name="cards" data-kind="cards" placeholder="2c 7d Js" required;
                            button type="submit" { "Deal the board" }
                        }
                    }
                    Phase::Showdown => {
                        @if let Some(p) = h.showdown_next() {
                            p { "Showdown: " strong { (names.get(p.0).cloned().unwrap_or_default()) } " (position " (p.0) ")" }
                            form.cmd data-command="show" aria-label="Show" {
                                input type="hidden" name="table" value=(t) data-kind="int";
                                input type="hidden" name="pos" value=(p.0) data-kind="int";
                                @if h.as_stud().is_some() {
                                    label for="shown" { "Cards shown: the down cards in the order dealt, or the whole hand" }
                                    input #shown name="cards" data-kind="cards" placeholder="Ah Kh 7c" required;
                                } @else {
                                    label for="shown" { "Cards shown" }
                                    input #shown name="cards" data-kind="cards" placeholder="Ah Kh" required;
                                }
                                button type="submit" { "Show" }
                            }
                            (one_touch("muck", "Muck", &[table(), ("pos", p.0.to_string())]))
                        }
                    }
                    Phase::Settled => { p { "The hand is over." } }
                }
            }
            details.remedies {
                summary { "Irregularities and remedies" }
                div.forms { @for f in (if h.as_stud().is_some() { STUD_REMEDIES } else { REMEDIES }) { (form(f, &[("table", t.clone())])) } }
            }
        } @else if m.finished {
            p.notice { "The tournament is over." }
        } @else {
            @match m.cash {
                Some((first, straddle)) => {
                    form.cmd data-command="start_hand" aria-label="Start the next hand" {
                        input type="hidden" name="table" value=(t) data-kind="int";
                        @if first {
                            label for="button" { "Button seat (the floor's draw)" }
                            input #button name="button" data-kind="int" inputmode="numeric" required;
                        }
                        @if straddle {
                            label for="straddle" { input #straddle type="checkbox" name="straddle" data-kind="bool"; " Straddle under the gun (GCB-5)" }
                        }
                        button type="submit" { "Start the next hand" }
                    }
                }
                None => {
                    @if let Some(rule) = m.draw_due {
                        form.cmd.draw data-command="place_button" aria-label="The button draw" {
                            h3 { "The button draw " span.rule { "(" (rule) ")" } }
                            p { "Each player draws one card; the high card takes the button (suits break a tie: spades, hearts, diamonds, clubs)." }
                            input type="hidden" name="table" value=(t) data-kind="int";
                            @for s in &m.seats {
                                @let id = format!("draw-{}", s.seat);
                                label for=(id) { "Seat " (s.seat) " · " (s.name) }
                                input id=(id) name="draw" data-kind="seatcard" data-seat=(s.seat) placeholder="As" required;
                            }
                            button type="submit" { "Record the draw" }
                        }
                    } @else {
                        (one_touch("start_hand", "Start the next hand", &[table()]))
                    }
                }
            }
        }
        @if m.hand.is_none() && !m.finished {
            details.remedies {
                summary { "After the hand, the chip race" }
                div.forms { @for f in AFTER_HAND.iter().filter(|f| m.cash.is_none() || f.command != "chip_race") { (form(f, &[("table", t.clone())])) } }
            }
        }
        h3 { "Seats" }
        table.seats aria-label="Seats" {
            thead { tr { th { "Seat" } th { "Player" } th.num { "Chips" } } }
            tbody {
                @for s in &m.seats {
                    tr {
                        td { (s.seat) @if m.button == Some(s.seat) { " ●" } }
                        td { (s.name) @for f in &s.flags { " " span.flag { (f) } } }
                        td.num { (s.stack) }
                    }
                }
            }
        }
    }
}

/// The remedies a dealer's terminal offers at a stud table (TDA-RP-10, RP-5 D; the seventh
/// street's and the premature cards' are the floor's).
pub const STUD_REMEDIES: &[Form] = &[
    Form {
        command: "down_card_exposed",
        title: "A down card exposed in the first deal (it becomes his up card)",
        rule: "TDA-RP-10 A",
        fields: &[
            Field("pos", "Position", Kind::Int),
            Field("card", "Card", Kind::Card),
        ],
    },
    Form {
        command: "seventh_card_exposed",
        title: "A seventh-street card exposed by the dealer",
        rule: "TDA-RP-10 B",
        fields: &[
            Field("pos", "Position", Kind::Int),
            Field("card", "Card", Kind::Card),
        ],
    },
    Form {
        command: "premature_stud_cards",
        title: "Cards of the next street dealt too early",
        rule: "TDA-RP-5 D",
        fields: &[
            Field("cards", "The cards", Kind::Cards),
            Field(
                "burned",
                "The street's burn card was dealt before them",
                Kind::Bool,
            ),
        ],
    },
];

/// The remedies a dealer's terminal offers (several are the floor's: sent by a dealer they are
/// refused and recorded as refused).
pub const REMEDIES: &[Form] = &[
    Form {
        command: "card_exposed_in_deal",
        title: "A card exposed in the deal",
        rule: "TR-3.1",
        fields: &[
            Field("pos", "Position", Kind::Int),
            Field("card", "Card", Kind::Card),
        ],
    },
    Form {
        command: "flop_without_burn",
        title: "Flop dealt without a burn",
        rule: "TDA-39B",
        fields: &[
            Field("burn_pick", "Which of the three is burned (0-2)", Kind::Int),
            Field("next", "The card that completes the flop", Kind::OptText),
        ],
    },
    Form {
        command: "premature_board",
        title: "Board cards dealt too early",
        rule: "TDA-RP-5",
        fields: &[Field("cards", "The cards", Kind::Cards)],
    },
    Form {
        command: "exposed_own_cards",
        title: "A player opened his cards",
        rule: "TR-3.4, GCB-8",
        fields: &[
            Field("pos", "Position", Kind::Int),
            Field("cards", "Cards", Kind::Cards),
            Field(
                "one_up_one_pushed",
                "One up, one pushed forward",
                Kind::Bool,
            ),
        ],
    },
    Form {
        command: "fold_retrieved",
        title: "A fold on false information, cards retrieved",
        rule: "GCB-8",
        fields: &[Field("pos", "Position", Kind::Int)],
    },
    Form {
        command: "four_card_flop",
        title: "Four cards on the flop",
        rule: "TDA-39A",
        fields: &[
            Field("cards", "The four cards", Kind::Cards),
            Field("burn_pick", "The one drawn as the burn (0-3)", Kind::Int),
        ],
    },
    Form {
        command: "stub_scrambled",
        title: "The stub dropped or scrambled",
        rule: "TDA-RP-4",
        fields: &[
            Field("restored", "Restored as it was", Kind::Bool),
            Field(
                "mixed_with_muck",
                "Mixed with the muck or burns",
                Kind::Bool,
            ),
        ],
    },
    Form {
        command: "unprotected_hand_killed",
        title: "An unprotected hand killed",
        rule: "TR-22",
        fields: &[Field("pos", "Position", Kind::Int)],
    },
    Form {
        command: "short_call_unaware",
        title: "A short call, unaware of a raise",
        rule: "GCB-3",
        fields: &[
            Field("pos", "Position", Kind::Int),
            Field("amount", "Chips put in", Kind::Int),
        ],
    },
    Form {
        command: "out_of_turn",
        title: "An action out of turn",
        rule: "TR-21, GCB-3",
        fields: &[
            Field("pos", "Position", Kind::Int),
            Field(
                "action",
                "What was done (JSON: {\"action\":\"call\"} or {\"action\":\"raise_to\",\"to\":200})",
                Kind::Json,
            ),
        ],
    },
    Form {
        command: "correct_hole_cards",
        title: "Correct the recorded hole cards",
        rule: "TR-26",
        fields: &[
            Field("pos", "Position", Kind::Int),
            Field("cards", "The cards he was dealt", Kind::Cards),
            Field("reason", "Reason", Kind::Text),
        ],
    },
];

/// What a dealer enters after the hand (TR-3.5, TR-3.7, TR-3.8) and the chip race (TR-15).
pub const AFTER_HAND: &[Form] = &[
    Form {
        command: "show_after_hand",
        title: "Cards shown after the hand",
        rule: "TR-3.5, TR-3.8",
        fields: &[
            Field("pos", "Position in the last hand", Kind::Int),
            Field("cards", "Cards shown", Kind::Cards),
        ],
    },
    Form {
        command: "chip_race",
        title: "Chip race: the cards dealt",
        rule: "TR-15",
        fields: &[Field(
            "cards",
            "One card per odd chip, from left of the button",
            Kind::Cards,
        )],
    },
];

/// The cash room: each game's waiting list and must-move list, who is called, the tables.
pub fn cash_room(room: &CashRoom) -> Markup {
    let name = |g: &u32| {
        room.guests()
            .get(g)
            .map_or_else(|| format!("Guest {g}"), |x| x.name.clone())
    };
    html! {
        @for game in &room.profile().games {
            @let l = room.lists().get(&game.id).cloned().unwrap_or_default();
            section.game aria-label=(game.title) {
                h2 { (game.title) }
                @if let Some(c) = l.called {
                    p.notice role="status" { "Must move: " (name(&c)) " to the main table " (game.main_table()) " (GCB-10)." }
                }
                div.tables {
                    div.table {
                        h3 { "Waiting list (GCB-9)" }
                        @if l.waiting.is_empty() { p.empty { "Nobody waits." } }
                        ol.waiting { @for g in &l.waiting { li { (name(g)) " (" (g) ")" } } }
                    }
                    div.table {
                        h3 { "Must-move list (GCB-10)" }
                        @if l.must_move.is_empty() { p.empty { "No side table plays." } }
                        ol.must-move { @for g in &l.must_move { li { (name(g)) " (" (g) ")" } } }
                    }
                    @for no in &game.tables {
                        @if let Some(t) = room.tables().get(no) {
                            section.table aria-label=(format!("Table {no}")) {
                                h3 { "Table " (no) @if *no == game.main_table() { " (main)" }
                                    @if !t.open { " " span.flag style="color:var(--dim)" { "closed" } }
                                    @if t.hand.is_some() { " " span.flag style="color:var(--dim)" { "in a hand" } } }
                                @if t.open {
                                    table {
                                        thead { tr { th { "Seat" } th { "Guest" } th.num { "Chips" } } }
                                        tbody {
                                            @for (i, g) in t.seats.iter().enumerate() {
                                                tr data-seat=(i + 1) {
                                                    td { (i + 1) }
                                                    @if let Some(g) = g {
                                                        @let s = room.guests().get(g).and_then(|x| x.sitting.clone());
                                                        td { (name(g))
                                                            @if s.as_ref().is_some_and(|s| s.away) { " " span.flag { "away" } }
                                                            @if let Some(m) = s.as_ref().map(|s| s.markers).filter(|m| *m > 0) { " " span.flag { (m) " marker(s)" } } }
                                                        td.num { (s.map_or(0, |s| s.stack)) }
                                                    } @else {
                                                        td.empty { "free" } td {}
                                                    }
                                                }
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The script for terminal forms: each `form.cmd` becomes one wire command posted to the
/// chain; the reply is shown in the result region (the events recorded, or the refusal with
/// its rules and what is allowed), and the page's main part is fetched again.
pub const JS: PreEscaped<&str> = PreEscaped(
    r#"
(function () {
  var chain = document.body.dataset.chain;
  if (chain === undefined) return;
  function value(el) {
    var k = el.dataset.kind, v = el.value.trim();
    if (k === 'bool') return el.checked;
    if (k === 'int') return v === '' ? undefined : Number(v);
    if (k === 'optint') return v === '' ? undefined : Number(v);
    if (k === 'opttext') return v === '' ? undefined : v;
    if (k === 'cards') return v.split(/[\s,]+/).filter(Boolean);
    if (k === 'ints') return v.split(/[\s,]+/).filter(Boolean).map(Number);
    if (k === 'json') return v === '' ? undefined : JSON.parse(v);
    return v;
  }
  function show(reply) {
    var r = document.getElementById('result');
    r.className = reply.ok ? 'ok' : 'refused';
    r.innerHTML = '';
    var p = document.createElement('p');
    if (reply.ok) {
      p.textContent = 'Recorded at ' + reply.seq + ': ' + (reply.events || []).join(', ');
    } else {
      var e = reply.error || {};
      p.textContent = 'Refused (' + e.kind + '): ' + e.message;
    }
    r.appendChild(p);
    ((reply.error && reply.error.rules) || []).forEach(function (rule) {
      var q = document.createElement('p');
      q.className = 'rule';
      q.textContent = rule.id + ': ' + rule.text;
      r.appendChild(q);
    });
    if (reply.error && reply.error.legal) {
      var l = reply.error.legal, q = document.createElement('p');
      q.textContent = 'Allowed now: ' + (l.call ? 'call ' + l.call : 'check') +
        (l.raise_to ? ', bet or raise to ' + l.raise_to[0] + ' to ' + l.raise_to[1] : '') + ', fold';
      r.appendChild(q);
    }
  }
  document.addEventListener('submit', function (ev) {
    var form = ev.target;
    if (!form.classList || !form.classList.contains('cmd')) return;
    ev.preventDefault();
    // Offline, or the last command not yet answered: nothing is sent (never twice).
    if (document.body.dataset.offline === 'true' || document.body.dataset.sending === 'true') return;
    var body = { command: form.dataset.command }, target = chain;
    try {
      form.querySelectorAll('[name]').forEach(function (el) {
        if (el.dataset.kind === 'chain') { target = el.value.trim(); return; }
        if (el.dataset.kind === 'seatcard') {
          (body[el.name] = body[el.name] || []).push({ seat: Number(el.dataset.seat), card: el.value.trim() });
          return;
        }
        var v = value(el);
        if (v !== undefined) body[el.name] = v;
      });
    } catch (e) {
      show({ ok: false, error: { kind: 'malformed', message: String(e) } });
      return;
    }
    document.body.dataset.sending = 'true';
    // A reply that never comes frees the buttons after 15 s (the page then shows the table
    // as the record has it: look before tapping again).
    var ctl = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (ctl) ctl.abort(); }, 15000);
    fetch('/t/' + encodeURIComponent(target) + '/cmd', {
      signal: ctl ? ctl.signal : undefined,
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Floorbook': '1' },
      body: JSON.stringify(body),
      credentials: 'same-origin'
    }).then(function (r) { return r.json(); })
      .then(function (reply) {
        clearTimeout(timer);
        document.body.dataset.sending = '';
        show(reply);
        if (reply.seq) document.body.dataset.seq = String(reply.seq);
        document.body.dataset.replies = String(Number(document.body.dataset.replies || 0) + 1);
      })
      .catch(function (e) {
        clearTimeout(timer);
        document.body.dataset.sending = '';
        show({ ok: false, error: { kind: 'unavailable', message: String(e) } });
        document.body.dataset.replies = String(Number(document.body.dataset.replies || 0) + 1);
      });
  });
}());
"#,
);
