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

use floorbook_service::commands::{COMMANDS, Declaration, Kind, Lang, Place};
use floorbook_service::roles::Needs;
use floorbook_service::wire_words::is_required;

use crate::users::{Role, Session};

/// How a field of `kind` is read into the command's JSON (the script reads `data-kind`).
fn token(kind: Kind, required: bool) -> &'static str {
    match kind {
        Kind::Int | Kind::SignedInt if required => "int",
        Kind::Int | Kind::SignedInt | Kind::OptInt => "optint",
        Kind::Text if required => "text",
        Kind::Text | Kind::OptText => "opttext",
        Kind::Bool => "bool",
        Kind::Cards => "cards",
        Kind::Ints => "ints",
        Kind::Json => "json",
        Kind::Choice(_) => "text",
    }
}

/// The forms a page offers at `place`, for a tournament or a cash room, in declared order.
pub fn offered(place: Place, cash: bool) -> impl Iterator<Item = &'static Declaration> {
    COMMANDS
        .iter()
        .filter(move |d| d.place == place && d.game.serves(cash))
}

/// The forms of a desk: the floor's (`director` false) or the director's, who also gets the
/// floor's commands that a field makes his (an override).
pub fn desk_forms(director: bool, cash: bool) -> Vec<&'static Declaration> {
    offered(Place::Desk, cash)
        .filter(|d| {
            if director {
                d.role == Needs::Director || d.raised_by.is_some()
            } else {
                d.role == Needs::Floor
            }
        })
        .collect()
}

/// One declared command as a form. `fixed`: fields the page fills in (the table of a dealer's
/// terminal); `director`: the director's desk, which shows the fields that make a command his.
pub fn form(d: &Declaration, fixed: &[(&str, String)], director: bool, lang: Lang) -> Markup {
    let title = d.help.get(lang);
    html! {
        form.cmd data-command=(d.name) aria-label=(title) {
            h3 { (title) " " span.rule { "(" (d.rules) ")" } }
            @for (name, value) in fixed {
                input type="hidden" name=(name) value=(value) data-kind="int";
            }
            @for (f, label) in d.form_fields(director).filter(|(f, _)| !fixed.iter().any(|(n, _)| *n == f.name)) {
                @let id = format!("{}-{}", d.name, f.name);
                @let label = label.get(lang);
                @let required = is_required(d.name, f.name);
                @match f.kind {
                    Kind::Bool => {
                        label for=(id) { input id=(id) type="checkbox" name=(f.name) data-kind="bool"; " " (label) }
                    }
                    Kind::Choice(values) => {
                        label for=(id) { (label) }
                        select id=(id) name=(f.name) data-kind="text" {
                            @for (v, words) in values { option value=(v) { (words.get(lang)) } }
                        }
                    }
                    kind => {
                        label for=(id) { (label) }
                        input id=(id) name=(f.name) data-kind=(token(kind, required))
                            inputmode=[matches!(kind, Kind::Int | Kind::OptInt).then_some("numeric")]
                            required[required];
                    }
                }
            }
            button type="submit" { (title) }
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
pub fn desk(cash: bool, who: Option<&Session>, needs: &str) -> Markup {
    let director = needs == "director";
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
        div.forms { @for d in desk_forms(director, cash) { (form(d, &[], director, Lang::En)) } }
    }
}

/// A seat at the table as a dealer sees it.
#[derive(Debug)]
struct SeatRow {
    seat: u32,
    name: String,
    stack: u64,
    flags: Vec<&'static str>,
}

/// A table as the dealer's terminal shows it, from either kind of chain.
#[derive(Debug)]
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
    /// The hand's last entry, which the dealer may still take back: its command.
    take_back: Option<String>,
    /// The table's mark as drawn: every command from this page carries it, and a table that
    /// has moved on since refuses it.
    mark: Option<String>,
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
            take_back: t.last_entry(TableNo(table)).ok().map(|u| u.command.clone()),
            mark: floorbook_ledger::view::table_mark(t, table),
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
            take_back: None,
            mark: floorbook_ledger::view::cash_table_mark(room, table),
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
        @if let Some(mark) = &m.mark { span #seen hidden data-seen=(mark) {} }
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
            @if let Some(c) = &m.take_back {
                @let what = Declaration::named(c).map_or(c.as_str(), |d| d.help.en);
                div.takeback { (one_touch("take_back", &format!("Take back the last entry ({what})"), &[table()])) }
            }
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
                div.forms { @for d in offered(if h.as_stud().is_some() { Place::StudRemedy } else { Place::Remedy }, m.cash.is_some()) { (form(d, &[("table", t.clone())], false, Lang::En)) } }
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
                div.forms { @for d in offered(Place::AfterHand, m.cash.is_some()) { (form(d, &[("table", t.clone())], false, Lang::En)) } }
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
    // The table as this page showed it: a tap on a table that moved on is refused.
    var headers = { 'Content-Type': 'application/json', 'X-Floorbook': '1' };
    var seen = document.querySelector('main [data-seen]');
    if (seen && form.closest('main')) headers['X-Floorbook-Seen'] = seen.dataset.seen;
    document.body.dataset.sending = 'true';
    // A reply that never comes frees the buttons after 15 s (the page then shows the table
    // as the record has it: look before tapping again).
    var ctl = window.AbortController ? new AbortController() : null;
    var timer = setTimeout(function () { if (ctl) ctl.abort(); }, 15000);
    fetch('/t/' + encodeURIComponent(target) + '/cmd', {
      signal: ctl ? ctl.signal : undefined,
      method: 'POST',
      headers: headers,
      body: JSON.stringify(body),
      credentials: 'same-origin'
    }).then(function (r) { return r.json(); })
      .then(function (reply) {
        clearTimeout(timer);
        document.body.dataset.sending = '';
        show(reply);
        if (reply.seq) document.body.dataset.seq = String(reply.seq);
        // The table moved on: show it as it stands.
        if (reply.error && reply.error.kind === 'conflict') {
          fetch(location.pathname + '?part=main', { cache: 'no-store' })
            .then(function (r) { return r.text(); })
            .then(function (html) { document.querySelector('main').innerHTML = html; });
        }
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
