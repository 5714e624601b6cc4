//! The pages that send commands: the dealer's terminal for one table, the floor's and the
//! director's desks, the log-in page, and the cash room's lists. Every form becomes one wire
//! command (`schemas/request.schema.json`) that the page posts to `/t/<chain>/cmd`; the server
//! adds who sent it and on which channel (the session's role), and shows the reply: the events
//! recorded, or the refusal with its rules and what is allowed.

use floorbook_cash::CashRoom;
use floorbook_hand::{Hand, HandCommand, Phase, Pos, Turns};
use floorbook_tournament::engine::Tournament;
use floorbook_tournament::seating::TableNo;
use maud::{DOCTYPE, Markup, PreEscaped, html};

use floorbook_service::commands::{
    AMOUNT_TO, COMMANDS, Declaration, Kind, Lang, OUT_OF_TURN_ACTIONS, Place, SAID,
};
use floorbook_service::roles::Needs;
use floorbook_service::wire_words::is_required;

use crate::users::{Role, Session};
use crate::words::{chips, n, s, t, ta};
use fluent_templates::fluent_bundle::FluentValue;

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
        Kind::OptInts => "optints",
        Kind::SeenCards => "seencards",
        Kind::OptSeenCards => "optseencards",
        Kind::SeatCards => "seatcards",
        Kind::Levels => "levelpart",
        Kind::OutOfTurn => "oot",
        Kind::Said => "said",
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
    form_within(d, fixed, director, &[], &[], lang)
}

/// A field offered as a list to choose from: its name, and each value with its words (a
/// position in the hand as the player's name and seat).
pub type Choices<'a> = &'a [(&'a str, Vec<(String, String)>)];

/// [`form`] at a table in play: a position is chosen among the hand's players by name and
/// seat, never typed as the engine's number.
pub fn form_choosing(
    d: &Declaration,
    fixed: &[(&str, String)],
    choices: Choices<'_>,
    lang: Lang,
) -> Markup {
    form_within(d, fixed, false, &[], choices, lang)
}

/// What a number field of a desk's form allows now (issue 36), shown beside it before the
/// command is sent: its least and greatest value and the rule that sets them. The service
/// holds the value to the rules when it decides (the page's figures may have moved on by
/// then: the clock runs, stacks change), so the page shows them and does not hold them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limit {
    pub command: &'static str,
    pub field: &'static str,
    pub min: i64,
    /// None: no greatest value; for a field whose greatest value is the chosen player's
    /// chips (`sanction`'s `chips`), the page sets it when a player is chosen.
    pub max: Option<i64>,
    pub rule: &'static str,
}

/// [`form`] with the limits of its number fields shown and held.
pub fn form_within(
    d: &Declaration,
    fixed: &[(&str, String)],
    director: bool,
    limits: &[Limit],
    choices: Choices<'_>,
    lang: Lang,
) -> Markup {
    let title = d.help.get(lang);
    let choice = |field: &str| choices.iter().find(|(f, _)| *f == field).map(|(_, c)| c);
    let limit = |field: &str| {
        limits
            .iter()
            .find(|l| l.command == d.name && l.field == field)
    };
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
                    _ if choice(f.name).is_some() => {
                        // A position chosen among the hand's players is the player.
                        label for=(id) { @if f.name == "pos" { (t(lang, "col-player")) } @else { (label) } }
                        select id=(id) name=(f.name) data-kind=(token(f.kind, required)) {
                            @for (v, words) in choice(f.name).into_iter().flatten() { option value=(v) { (words) } }
                        }
                    }
                    Kind::OutOfTurn | Kind::Said => {
                        // The action chosen, and the amount beside it where it takes one.
                        @let (values, token) = if f.kind == Kind::OutOfTurn {
                            (OUT_OF_TURN_ACTIONS, "oot")
                        } else {
                            (SAID, "said")
                        };
                        label for=(id) { (label) }
                        select id=(id) name=(f.name) data-kind=(token) {
                            @for (v, words) in values { option value=(v) { (words.get(lang)) } }
                        }
                        @let to = format!("{id}-to");
                        label for=(to) { (AMOUNT_TO.get(lang)) }
                        input id=(to) name=(f.name) data-kind="amount" inputmode="numeric";
                    }
                    Kind::Levels => {
                        // Rows of a level each; rows left empty at the end count for nothing.
                        @let cols = ["small", "big", "ante", "minutes"];
                        fieldset {
                            legend { (label) }
                            table {
                                thead { tr { @for key in cols { th.num { (t(lang, &format!("director-col-{key}"))) } } } }
                                tbody {
                                    @for row in 0..3 {
                                        tr { @for key in cols {
                                            td.num { input.level name=(f.name) data-kind="levelpart" data-row=(row) data-key=(key) inputmode="numeric"
                                                aria-label=(format!("{} {}: {}", label, row + 1, t(lang, &format!("director-col-{key}")))); }
                                        } }
                                    }
                                }
                            }
                        }
                    }
                    kind => {
                        @let lim = limit(f.name);
                        label for=(id) {
                            (label)
                            @if let Some(l) = lim {
                                " " span.range data-range-for=(f.name) {
                                    "(" (range_words(l, lang)) ", " (l.rule) ")"
                                }
                            }
                        }
                        // A cash room's game is picked from its games, a member by name or
                        // card, a buy-in from the profile's (the desk's lists).
                        input id=(id) name=(f.name) data-kind=(token(kind, required))
                            data-min=[lim.map(|l| l.min)]
                            data-max=[lim.and_then(|l| l.max)]
                            list=[match f.name {
                                "game" => Some("games"),
                                "member" => Some("members"),
                                "buy_in" if !matches!(kind, Kind::Int) => Some("buy-ins"),
                                "chain" if d.name == "import_flight" => Some("flights"),
                                _ => None,
                            }]
                            inputmode=[matches!(kind, Kind::Int | Kind::OptInt).then_some("numeric")]
                            placeholder=[match kind {
                                Kind::Cards => Some("As Kd"),
                                Kind::SeenCards | Kind::OptSeenCards => Some("As ?"),
                                Kind::SeatCards => Some("1 As, 2 Kd"),
                                Kind::Ints | Kind::OptInts => Some("3 1 2"),
                                _ => None,
                            }]
                            required[required];
                    }
                }
            }
            button type="submit" { (title) }
        }
    }
}

/// A limit in words: "1 to 12", or "at least 1".
fn range_words(l: &Limit, lang: Lang) -> String {
    match l.max {
        Some(max) => ta(
            lang,
            "range-between",
            &[("min", n(l.min as f64)), ("max", n(max as f64))],
        ),
        None => ta(lang, "range-from", &[("min", n(l.min as f64))]),
    }
}

/// A terminal page: the header with the chain's pages, the language switch and who is
/// logged in, the result region the script fills, and the main part. The script's words come
/// in the body's `data-t-*` attributes.
pub fn page(
    chain: &str,
    which: &str,
    who: Option<&Session>,
    cash: bool,
    lang: Lang,
    main: Markup,
) -> Markup {
    let tr = |k: &str| t(lang, k);
    let link = |to: &str, label: String| nav_link(chain, which, to, &label);
    // The window's title in words: the page, or the dealer's table.
    let title = match which.strip_prefix("dealer/") {
        Some(table) => ta(lang, "table-title", &[("table", s(table))]),
        None => match which {
            "floor" => tr("nav-floor"),
            "director" => tr("nav-director"),
            "cash" => tr("nav-room"),
            _ => tr("log-in"),
        },
    };
    html! {
        (DOCTYPE)
        html lang=(lang.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (title) " · " (chain) " · Floorbook" }
                link rel="stylesheet" href="/app.css";
            }
            // The pages that show a table follow the chain live; the desks' forms stay as typed.
            body data-live=[(which.starts_with("dealer") || matches!(which, "cash" | "floor" | "director")).then(|| format!("/t/{chain}/live"))] data-page=(which) data-chain=(chain)
                data-t-recorded=(tr("js-recorded")) data-t-refused=(tr("js-refused"))
                data-t-allowed=(tr("js-allowed")) data-t-call=(tr("js-call")) data-t-check=(tr("js-check"))
                data-t-raise=(tr("js-raise")) data-t-fold=(tr("js-fold"))
                data-t-lost=(tr("js-lost")) data-t-store=(tr("js-store"))
                data-t-range-between=(ta(lang, "range-between", &[("min", s("{min}".to_string())), ("max", s("{max}".to_string()))])) {
                header {
                    h1 { a href="/" style="color:inherit" { "Floorbook" } " · " (chain) }
                    nav aria-label=(tr("nav-pages")) {
                        (room_links(chain, which, cash, lang))
                        (link("floor", tr("nav-floor")))
                        (link("director", tr("nav-director")))
                        (link("explain", tr("nav-dispute")))
                    }
                    (switch(lang))
                    span.who {
                        @match who {
                            Some(s) => { (s.name) " (" (role_words(s.role, lang)) ") "
                                form method="post" action="/logout" style="display:inline" { button type="submit" { (tr("log-out")) } } }
                            None => { a href=(format!("/login?next=/t/{chain}/{which}")) { (tr("log-in")) } }
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

/// The header's first links: a cash room's room and board, or a tournament's clock, seating
/// and standings.
pub fn room_links(chain: &str, which: &str, cash: bool, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let link = |to: &str, label: String| nav_link(chain, which, to, &label);
    html! {
        @if cash {
            (link("cash", tr("nav-room")))
            (link("board", tr("nav-board")))
        } @else {
            (link("clock", tr("nav-clock")))
            (link("seating", tr("nav-seating")))
            (link("standings", tr("nav-standings")))
        }
    }
}

/// A link to one of the chain's pages in the header, marked when it is the page shown.
pub fn nav_link(chain: &str, which: &str, to: &str, label: &str) -> Markup {
    html! {
        @if to == which {
            a href=(format!("/t/{chain}/{to}")) aria-current="page" { (label) }
        } @else {
            a href=(format!("/t/{chain}/{to}")) { (label) }
        }
    }
}

/// The language switch: the page in the other language (kept for the next pages).
pub fn switch(lang: Lang) -> Markup {
    html! {
        span.lang {
            @for l in Lang::ALL {
                @if l == lang {
                    strong lang=(l.tag()) { (l.tag().to_uppercase()) }
                } @else {
                    a href=(format!("?lang={}", l.tag())) lang=(l.tag()) hreflang=(l.tag()) { (l.tag().to_uppercase()) }
                }
                " "
            }
        }
    }
}

/// Who a session is, in words.
fn role_words(role: Role, lang: Lang) -> String {
    match role {
        Role::Sends(floorbook_service::subjects::Channel::Dealer { table }) => {
            ta(lang, "role-dealer", &[("table", n(table))])
        }
        Role::Sends(floorbook_service::subjects::Channel::Floor) => t(lang, "role-floor"),
        Role::Sends(floorbook_service::subjects::Channel::Director) => t(lang, "role-director"),
        _ => t(lang, "role-auditor"),
    }
}

/// The log-in page.
pub fn login(next: &str, problem: Option<&str>, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    html! {
        (DOCTYPE)
        html lang=(lang.tag()) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (tr("login-title")) " · Floorbook" }
                link rel="stylesheet" href="/app.css";
            }
            body {
                header { h1 { a href="/" style="color:inherit" { "Floorbook" } } (switch(lang)) }
                main {
                    h2 { (tr("login-title")) }
                    @if let Some(p) = problem { p.notice role="alert" { (tr(p)) } }
                    form.login method="post" action="/login" {
                        input type="hidden" name="next" value=(next);
                        label for="name" { (tr("login-name")) }
                        input #name name="name" autocomplete="username" required;
                        label for="password" { (tr("login-password")) }
                        input #password name="password" type="password" autocomplete="current-password" required;
                        button type="submit" { (tr("login-title")) }
                    }
                }
            }
        }
    }
}

/// What a desk shows above its forms, and the choices its fields offer.
#[derive(Debug, Default)]
pub struct DeskParts<'a> {
    /// A tournament's tables and players.
    pub overview: Option<&'a FloorModel>,
    /// A cash room's games, lists and tables.
    pub cash_overview: Option<Markup>,
    /// The director's clock, start and levels.
    pub director: Option<&'a crate::director_desk::DirectorModel>,
    /// The club's members (ID, name) a member field offers, by name or card.
    pub members: Vec<(String, String)>,
    /// The buy-ins the profile allows (TR-0b).
    pub buy_ins: Vec<String>,
    /// Day 2 (issue 39): the event's flights that ended, (chain, what it is), to import.
    pub flights: Vec<(String, String)>,
}

/// The forms page of a role (floor or director), with a note when the user may not send them.
pub fn desk(
    cash: bool,
    who: Option<&Session>,
    needs: &str,
    parts: DeskParts,
    lang: Lang,
) -> Markup {
    let DeskParts {
        overview,
        cash_overview,
        director: director_model,
        members,
        buy_ins,
        flights,
    } = parts;
    let director = needs == "director";
    let may = who.is_some_and(|s| match s.role {
        Role::Sends(floorbook_service::subjects::Channel::Director) => true,
        Role::Sends(floorbook_service::subjects::Channel::Floor) => needs == "floor",
        _ => false,
    });
    // A cash room's guest is its player.
    let takes = |d: &Declaration, field: &str| {
        d.fields
            .iter()
            .any(|f| f.name == field || (field == "player" && f.name == "guest"))
    };
    // A deal's forms only where the profile allows deals (never under TR-7).
    let deals = overview.is_some_and(|m| m.deals);
    // The re-entry's form only where the profile allows re-entries.
    let reentries = overview.is_some_and(|m| m.reentries);
    let forms: Vec<&Declaration> = desk_forms(director, cash)
        .into_iter()
        .filter(|d| deals || !DEAL_COMMANDS.contains(&d.name))
        .filter(|d| reentries || d.name != "reenter")
        .filter(|d| {
            let rebuys = overview.and_then(|m| m.rebuys);
            match d.name {
                "tournament_rebuy" => rebuys.is_some(),
                "add_on" => rebuys.is_some_and(|r| r.2 > 0),
                "draw_envelope" => overview.is_some_and(|m| m.mystery.is_some()),
                "end_flight" => overview.is_some_and(|m| m.flight),
                "import_flight" => overview.is_some_and(|m| m.day2),
                // The director's desk shows the levels to come and the payout as tables of
                // their own (`director_desk::setup`).
                "edit_levels" | "edit_payout" => director_model.is_none(),
                _ => true,
            }
        })
        .collect();
    let groups: [(&str, Vec<&Declaration>); 3] = [
        (
            "desk-for-player",
            forms
                .iter()
                .copied()
                .filter(|d| takes(d, "player"))
                .collect(),
        ),
        (
            "desk-for-table",
            forms
                .iter()
                .copied()
                .filter(|d| !takes(d, "player") && takes(d, "table"))
                .collect(),
        ),
        (
            "desk-other",
            forms
                .iter()
                .copied()
                .filter(|d| !takes(d, "player") && !takes(d, "table"))
                .collect(),
        ),
    ];
    html! {
        @if !may {
            p.notice { (t(lang, if director { "desk-note-director" } else { "desk-note-floor" })) }
        }
        @if let Some(m) = overview {
            div #overview data-live-part="overview" {
                @if let Some(d) = director_model { (crate::director_desk::live_panel(d, lang)) }
                (floor_overview(m, lang))
            }
            p #chosen role="status" aria-live="polite" {}
        }
        @if let Some(d) = director_model { (crate::director_desk::setup(d, lang)) }
        // What a member's or a buy-in's field offers: members by name or card, the profile's
        // buy-ins.
        datalist #members { @for (id, name) in &members { option value=(id) { (name) } } }
        datalist #buy-ins { @for b in &buy_ins { option value=(b) {} } }
        datalist #flights { @for (chain, words) in &flights { option value=(chain) { (words) } } }
        @if let Some(m) = cash_overview {
            div #overview data-live-part="overview" { (m) }
            p #chosen role="status" aria-live="polite" {}
        }
        @for (key, group) in &groups {
            @if !group.is_empty() {
                h2 { (t(lang, key)) }
                div.forms { @for d in group { (form_within(d, &[], director, overview.map_or(&[][..], |m| &m.limits), &[], lang)) } }
            }
        }
    }
}

/// The floor's view of a tournament (issue 36): every table at a glance and every player, to
/// choose one and then the action.
#[derive(Debug)]
pub struct FloorModel {
    tables: Vec<FloorTable>,
    players: Vec<FloorPlayer>,
    /// What balancing has due (TR-17): a move (player, name, from, to, seat) or a table to
    /// break (its number).
    due: Vec<floorbook_ledger::view::DueNow>,
    /// The profile allows deals at the final table (issue 39): the deal's forms are offered.
    deals: bool,
    /// The profile allows re-entries (issue 39): the re-entry's form is offered.
    reentries: bool,
    /// The profile's rebuys (issue 39): until the end of this level, at or below these chips;
    /// the add-on's chips (0: none).
    rebuys: Option<(u32, u64, u64)>,
    /// The rebuy period or the add-on's level is now.
    rebuy_now: bool,
    addon_now: bool,
    /// Entries are open (issue 39): until the end of this level, and the free seats (table,
    /// seat) a new entry draws from, in the draw's order.
    entries_open: Option<(u32, Vec<(u32, u32)>)>,
    /// A mystery bounty (issue 39): the form to record an envelope drawn is offered.
    mystery: Option<Mystery>,
    /// A flight (issue 39): the form that ends it is offered; a Day 2: the import's.
    flight: bool,
    day2: bool,
    /// What the number fields of the desk's forms allow now.
    pub limits: Vec<Limit>,
}

/// A mystery bounty's envelopes as the floor sees them (issue 39).
#[derive(Debug)]
struct Mystery {
    /// The envelopes are filled at the start of this level.
    from_level: u32,
    /// The envelopes left, in cents, in the order a draw counts them (None: not filled yet).
    left: Option<Vec<u64>>,
    /// Each envelope owed: the player knocked out and those who draw it.
    owed: Vec<(u32, Vec<u32>)>,
}

/// The commands of a deal at the final table: offered only where the profile allows deals.
const DEAL_COMMANDS: [&str; 3] = ["propose_deal", "consent_to_deal", "decline_deal"];

#[derive(Debug)]
struct FloorTable {
    no: u32,
    button: u32,
    hand: Option<u64>,
    held: bool,
    /// By seat: the player's number, or none for a free seat.
    seats: Vec<Option<u32>>,
}

#[derive(Debug)]
struct FloorPlayer {
    id: u32,
    name: String,
    /// Table and seat, while seated.
    at: Option<(u32, u32)>,
    stack: u64,
    /// Out, with his place.
    out: Option<u32>,
    /// Out while entries are open (placed when they close): whether he may re-enter.
    out_open: Option<bool>,
    waiting: bool,
    away: bool,
    /// Seconds left of a time penalty (TR-28).
    penalty_left: Option<u64>,
    waits_for_button: bool,
}

impl FloorModel {
    /// The tournament `t` at `now` seconds into it.
    pub fn tournament(t: &Tournament, now: u64) -> FloorModel {
        use floorbook_tournament::engine::Status;
        let tables = t
            .tables
            .iter()
            .map(|ts| FloorTable {
                no: ts.table.no.0,
                button: ts.table.button.0,
                hand: ts.hand.as_ref().map(|(no, _, _)| *no),
                held: ts.held,
                seats: ts.table.seats.iter().map(|p| p.map(|p| p.0)).collect(),
            })
            .collect();
        let players = t
            .players
            .values()
            .map(|pl| FloorPlayer {
                id: pl.id.0,
                name: pl.name.clone(),
                at: pl.table.zip(pl.seat).map(|(t, s)| (t.0, s.0)),
                stack: pl.stack,
                out: match pl.status {
                    Status::Busted { place } | Status::Disqualified { place } => Some(place),
                    _ => None,
                },
                out_open: match pl.status {
                    Status::Out { disqualified } => Some(
                        !disqualified && (pl.reentries.len() as u32) < t.profile.entries.reentries,
                    ),
                    _ => None,
                },
                waiting: matches!(pl.status, Status::Registered | Status::WaitListed),
                away: pl.absent,
                penalty_left: pl
                    .penalized_until
                    .filter(|until| *until > now)
                    .map(|until| until - now),
                waits_for_button: pl.waiting_for_button,
            })
            .collect();
        let due = floorbook_ledger::view::due_now(t);
        FloorModel {
            tables,
            players,
            due,
            deals: t.profile.deals.allowed,
            reentries: t.profile.entries.reentries > 0,
            rebuys: (t.profile.entries.rebuys > 0).then(|| {
                let e = &t.profile.entries;
                (
                    e.rebuy_until_level,
                    e.rebuy_at_or_below.unwrap_or(t.profile.starting_chips),
                    e.addon_chips,
                )
            }),
            rebuy_now: t.started
                && !t.finished
                && t.profile.entries.rebuys > 0
                && t.level_at(now) <= t.profile.entries.rebuy_until_level,
            addon_now: t.started
                && !t.finished
                && t.profile.entries.addon_chips > 0
                && t.level_at(now) == t.profile.entries.rebuy_until_level + 1,
            entries_open: t.late_open(now).then(|| {
                let seats = t.entry_seat_list();
                let seats = seats.iter().map(|(t, s)| (t.0, s.0)).collect();
                (t.profile.entries.late_until_level, seats)
            }),
            mystery: t
                .profile
                .bounty
                .as_ref()
                .filter(|b| b.kind == floorbook_tournament::BountyKind::Mystery)
                .map(|b| Mystery {
                    from_level: b.from_level,
                    left: t.envelopes.clone(),
                    owed: t
                        .envelopes_owed
                        .iter()
                        .map(|(p, to)| (p.0, to.iter().map(|w| w.0).collect()))
                        .collect(),
                }),
            flight: t.profile.flight.is_some(),
            day2: t.profile.day2.is_some(),
            limits: limits(t, now),
        }
    }

    fn name(&self, id: u32) -> String {
        self.players
            .iter()
            .find(|p| p.id == id)
            .map_or_else(|| format!("#{id}"), |p| p.name.clone())
    }
}

/// What the number fields of the floor's and the director's forms allow in `t` at `now`.
fn limits(t: &Tournament, now: u64) -> Vec<Limit> {
    let mut out = Vec::new();
    let mut add = |command, field, min: i64, max: Option<i64>, rule| {
        out.push(Limit {
            command,
            field,
            min,
            max,
            rule,
        })
    };
    let levels = t.profile.levels.schedule.len() as i64;
    add(
        "register",
        "age",
        i64::from(t.profile.min_age),
        Some(120),
        "TR-0a",
    );
    add("go_to_level", "level", 1, Some(levels), "TR-5");
    // Issue 39: a new entry draws one of the free seats at the tables with the fewest players.
    if t.late_open(now) {
        let seats = i64::from(t.entry_seats());
        for command in ["register", "register_member", "register_walk_in", "reenter"] {
            add(command, "draw", 0, Some(seats - 1), "TDA 8A");
        }
    }
    // Issue 39: a mystery envelope is one of those left.
    if let Some(left) = &t.envelopes
        && !left.is_empty()
    {
        add(
            "draw_envelope",
            "draw",
            0,
            Some(left.len() as i64 - 1),
            "TR-0b",
        );
    }
    // TR-20: hidden chips named with the sanction leave play: 1 to the chips he has.
    add("sanction", "chips", 1, None, "TR-20");
    add("set_stack", "stack", 0, None, "TR-26");
    if let (Some(lo), Some(hi)) = (
        t.tables.iter().map(|ts| ts.table.no.0).min(),
        t.tables.iter().map(|ts| ts.table.no.0).max(),
    ) {
        for (command, rule) in [
            ("call_clock", "TR-19"),
            ("check_clock", "TR-19"),
            ("hold_table", "TR-26"),
            ("break_table_now", "TR-17"),
            ("break_table", "TR-17"),
            ("correct_entry", "TR-26"),
            ("move_player", "TR-17"),
            ("seat_player", "PLO-1"),
        ] {
            add(command, "table", i64::from(lo), Some(i64::from(hi)), rule);
        }
        let seats = i64::from(t.profile.seats_per_table);
        add("move_player", "seat", 1, Some(seats), "TR-17");
        add("seat_player", "seat", 1, Some(seats), "PLO-1");
    }
    // TR-5: time given back to the level in force (at most what has been played of it) or
    // taken from it (at most what is left of it).
    if t.started && !t.finished && t.profile.levels.advance != floorbook_tournament::Advance::Orbits
    {
        let v = t.clock_view(now);
        if let Some(left) = v.seconds_left {
            let length = match v.on_break_after {
                Some(after) => t
                    .profile
                    .levels
                    .breaks
                    .iter()
                    .find(|b| b[0] == after)
                    .map_or(0, |b| u64::from(b[1]) * 60),
                None => floorbook_tournament::levels::level_seconds(
                    &t.profile,
                    v.level.saturating_sub(1) as usize,
                ),
            };
            let played = length.saturating_sub(left);
            add(
                "adjust_clock",
                "seconds",
                -(left as i64),
                Some(played as i64),
                "TR-5",
            );
        }
    }
    out
}

/// `m:ss` for a count of seconds.
fn minutes(secs: u64) -> String {
    format!("{}:{:02}", secs / 60, secs % 60)
}

/// The floor's overview: what balancing has due (offered, not typed), every table with its
/// seats, and every player, searchable; choosing a player or a table fills it into the
/// forms below. Redrawn live (`?part=overview`); the forms keep what is typed.
pub fn floor_overview(m: &FloorModel, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    html! {
        @if !m.due.is_empty() {
            section.due aria-label=(tr("desk-due")) {
                h2 { (tr("desk-due")) " " span.rule { "(TR-17)" } }
                ul {
                    @for d in &m.due {
                        @match d {
                            floorbook_ledger::view::DueNow::Move { player, from, to, seat, .. } => {
                                li { (tra("desk-due-move", &[("name", s(m.name(*player))), ("from", n(*from)), ("to", n(*to)), ("seat", n(*seat))])) }
                            }
                            floorbook_ledger::view::DueNow::Break { table, .. } => {
                                li { (tra("desk-due-break", &[("table", n(*table))])) }
                            }
                            // The break is announced: its players draw their seats, drawn here
                            // at random among the other tables' free seats or as drawn by hand.
                            floorbook_ledger::view::DueNow::Draw { table, players, free_seats } => {
                                li {
                                    (tra("desk-due-draw", &[("table", n(*table)), ("players", n(*players)), ("free", n(*free_seats))]))
                                    " "
                                    button.offer type="button" data-draw-break=(table) data-players=(players) data-free=(free_seats) {
                                        (tr("desk-draw-break"))
                                    }
                                }
                            }
                        }
                    }
                }
                @if m.due.iter().any(|d| !matches!(d, floorbook_ledger::view::DueNow::Draw { .. })) {
                    (one_touch("balance_now", &tr("desk-balance-now"), &[], false))
                }
            }
        }
        // Issue 39: while entries are open, a new entry's seat is drawn here at random (or as
        // drawn by hand) among the free seats at the tables with the fewest players.
        @if let Some((until, seats)) = &m.entries_open {
            section.entries aria-label=(tr("desk-entries")) {
                h2 { (tr("desk-entries")) }
                p {
                    (tra("desk-entries-open", &[("level", n(*until)), ("seats", n(seats.len() as u32))]))
                    @if !seats.is_empty() {
                        " " button.offer type="button"
                            data-draw-entry=(seats.iter().map(|(t, s)| format!("{t}-{s}")).collect::<Vec<_>>().join(","))
                            data-drawn=(tr("desk-entry-drawn")) { (tr("desk-draw-entry")) }
                    }
                }
            }
        }
        // Issue 39: a mystery bounty's envelopes: those left, and each one owed, drawn here at
        // random (or as drawn by hand from the box).
        @if let Some(my) = &m.mystery {
            section.mystery aria-label=(tr("desk-mystery")) {
                h2 { (tr("desk-mystery")) }
                @match &my.left {
                    None => p { (tra("desk-mystery-later", &[("level", n(my.from_level))])) },
                    Some(left) => p id="envelopes-left" {
                        (tra("desk-mystery-left", &[("envelopes", n(left.len() as u32)), ("amount", s(crate::pages::money_in(left.iter().sum(), lang)))]))
                    },
                }
                @if !my.owed.is_empty() {
                    ul id="envelopes-owed" {
                        @for (from, to) in &my.owed {
                            li {
                                (tra("desk-mystery-owed", &[("out", s(m.name(*from))), ("by", s(to.iter().map(|w| m.name(*w)).collect::<Vec<_>>().join(" + ")))]))
                                " " button.offer type="button" data-draw-envelope=(from)
                                    data-left=(my.left.as_ref().map_or(0, Vec::len))
                                    data-drawn=(tr("desk-envelope-drawn")) { (tr("desk-draw-envelope")) }
                            }
                        }
                    }
                }
            }
        }
        @if let Some((until, at_or_below, addon)) = m.rebuys.filter(|_| m.rebuy_now || m.addon_now) {
            @let title = tr(if addon > 0 { "desk-rebuys" } else { "desk-rebuys-only" });
            section.rebuys aria-label=(title) {
                h2 { (title) }
                @if m.rebuy_now {
                    p { (tra("desk-rebuys-open", &[("level", n(until)), ("chips", n(at_or_below as f64))])) }
                }
                @if m.addon_now {
                    p { (tra("desk-addon-now", &[("chips", n(addon as f64))])) }
                }
            }
        }
        section.glance aria-label=(tr("desk-tables")) {
            h2 { (tr("desk-tables")) }
            div.tables {
                @for tb in &m.tables {
                    div.table data-table=(tb.no) {
                        h3 {
                            button.choose type="button" data-choose-table=(tb.no) { (tra("table-title", &[("table", n(tb.no))])) }
                            " "
                            @if let Some(h) = tb.hand { span.flag { (tra("hand-no", &[("hand", n(h as f64))])) } }
                            @else { span.empty { (tr("desk-between-hands")) } }
                            @if tb.held { " " span.flag { (tr("desk-held")) } }
                            " " a.open href=(format!("dealer/{}", tb.no)) { (tr("desk-open-table")) }
                        }
                        table {
                            tbody {
                                @for (i, p) in tb.seats.iter().enumerate() {
                                    @let seat = i as u32 + 1;
                                    tr {
                                        td.num { (seat) @if seat == tb.button { " " span.mark.button { "D" } } }
                                        @if let Some(pl) = p.and_then(|id| m.players.iter().find(|x| x.id == id)) {
                                            td { button.choose type="button" data-choose-player=(pl.id) data-name=(pl.name) data-stack=(pl.stack) { (pl.name) } (flags(pl, lang)) }
                                            td.num { (chips(pl.stack, lang)) }
                                        } @else {
                                            td.empty { (tr("free")) } td {}
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        section.players aria-label=(tr("desk-players")) {
            h2 { (tr("desk-players")) }
            label for="find" { (tr("desk-find")) }
            input #find type="search" autocomplete="off";
            table #players {
                thead { tr { th.num { "#" } th { (tr("col-player")) } th { (tr("desk-where")) } th.num { (tr("col-stack")) } } }
                tbody {
                    @for pl in &m.players {
                        tr data-find=(format!("{} #{}", pl.name.to_lowercase(), pl.id)) {
                            td.num { (pl.id) }
                            td { button.choose type="button" data-choose-player=(pl.id) data-name=(pl.name) data-stack=(pl.stack) { (pl.name) } (flags(pl, lang)) }
                            td {
                                @if let Some((table, seat)) = pl.at { (tra("desk-at", &[("table", n(table)), ("seat", n(seat))])) }
                                @else if let Some(place) = pl.out { (tra("desk-out", &[("place", n(place))])) }
                                @else if let Some(may) = pl.out_open { (tr(if may { "desk-out-may-reenter" } else { "desk-out-unplaced" })) }
                                @else if pl.waiting { (tr("desk-waiting")) }
                            }
                            td.num { @if pl.out.is_none() { (chips(pl.stack, lang)) } }
                        }
                    }
                }
            }
        }
    }
}

/// A player's flags on the floor's overview: away, a time penalty running, waiting for the
/// button.
fn flags(pl: &FloorPlayer, lang: Lang) -> Markup {
    html! {
        @if pl.away { " " span.flag { (t(lang, "flag-away")) } }
        @if let Some(left) = pl.penalty_left {
            " " span.flag { (t(lang, "flag-penalty")) " " span.timer data-left=(left) { (minutes(left)) } }
        }
        @if pl.waits_for_button { " " span.flag { (t(lang, "flag-waits-button")) } }
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

/// A player of a hand: his name and his seat.
type Named = (String, u32);

/// A table as the dealer's terminal shows it, from either kind of chain.
#[derive(Debug)]
pub struct TableModel {
    table: u32,
    seats: Vec<SeatRow>,
    /// The hand in progress: its number, the hand, and by position the player's name and seat.
    hand: Option<(u64, Hand, Vec<Named>)>,
    /// The table's last finished hand (until the next starts): who won what, by seat.
    won: Vec<(String, u32, u64)>,
    /// That hand's number, and whether its receipt is given here (the server keeps the
    /// transparency log).
    last_hand: Option<u64>,
    pub receipts: bool,
    /// Cash: the table's first hand needs the button's draw; the game allows a straddle.
    cash: Option<(bool, bool)>,
    button: Option<u32>,
    /// The tournament is over: no hand starts.
    finished: bool,
    /// The table's first hand waits for the button's draw (TR-2, NOB-10): the rule.
    draw_due: Option<&'static str>,
    /// The table breaks (TR-17): no hand starts; its players draw their seats at the floor's
    /// desk.
    breaking: bool,
    /// The hand's last entry, which the dealer may still take back: its command.
    take_back: Option<String>,
    /// The table's mark as drawn: every command from this page carries it, and a table that
    /// has moved on since refuses it.
    mark: Option<String>,
    /// The hand's entries the floor can still correct (TR-26): number and entry.
    entries: Vec<(u32, HandCommand)>,
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
                    flags.push("flag-away");
                }
                if pl.penalized_until.is_some() {
                    flags.push("flag-penalty");
                }
                if pl.waiting_for_button {
                    flags.push("flag-waits-button");
                }
                Some(SeatRow {
                    seat: i as u32 + 1,
                    name: name(p),
                    stack: pl.stack,
                    flags,
                })
            })
            .collect();
        let seat_of = |p: &floorbook_tournament::seating::PlayerId| {
            ts.table
                .seats
                .iter()
                .position(|s| s.as_ref() == Some(p))
                .map_or(0, |i| i as u32 + 1)
        };
        let hand = ts.hand.as_ref().map(|(no, h, ids)| {
            (
                *no,
                Hand::clone(h),
                ids.iter().map(|p| (name(p), seat_of(p))).collect(),
            )
        });
        // The winners of the table's last hand, by position in it (its players are those of
        // its HandFinished event; a player moved on since keeps his name).
        let won = ts
            .last_hand
            .as_ref()
            .filter(|_| ts.hand.is_none())
            .map(|(_, h)| {
                let ids = &ts.last_players;
                awards(h)
                    .into_iter()
                    .map(|(pos, chips)| {
                        let id = ids.get(pos);
                        (
                            id.map_or_else(|| format!("#{pos}"), name),
                            id.map_or(0, seat_of),
                            chips,
                        )
                    })
                    .collect()
            })
            .unwrap_or_default();
        let draw_due = t.button_draw_due(TableNo(table)).map(|r| r.id());
        Some(TableModel {
            table,
            seats,
            hand,
            cash: None,
            button: draw_due.is_none().then_some(ts.table.button.0),
            finished: t.finished,
            draw_due,
            breaking: t.pending_break == Some(TableNo(table)),
            take_back: t.last_entry(TableNo(table)).ok().map(|u| u.command.clone()),
            mark: floorbook_ledger::view::table_mark(t, table),
            won,
            last_hand: ts
                .last_hand
                .as_ref()
                .filter(|_| ts.hand.is_none())
                .map(|(no, _)| *no),
            receipts: false,
            entries: ts
                .entries
                .as_deref()
                .filter(|e| ts.hand.as_ref().is_some_and(|(no, _, _)| *no == e.hand_no))
                .map(|e| {
                    e.numbers()
                        .zip(e.list.iter())
                        .map(|(n, (c, _))| (n, c.clone()))
                        .collect()
                })
                .unwrap_or_default(),
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
                    flags.push("flag-away");
                }
                if s.owes.waits_for_big_blind {
                    flags.push("flag-waits-big-blind");
                }
                if s.owes.big_blind {
                    flags.push("flag-posts-to-come-in");
                }
                if s.owes.small_blind_dead {
                    flags.push("flag-owes-small-blind");
                }
                if s.markers > 0 {
                    flags.push("flag-marker");
                }
                Some(SeatRow {
                    seat: i as u32 + 1,
                    name: name(g),
                    stack: s.stack,
                    flags,
                })
            })
            .collect();
        let seat_of = |g: &u32| {
            t.seats
                .iter()
                .position(|s| s.as_ref() == Some(g))
                .map_or(0, |i| i as u32 + 1)
        };
        let hand = t.hand.as_ref().map(|r| {
            (
                r.no,
                r.hand.clone(),
                r.guests.iter().map(|g| (name(g), seat_of(g))).collect(),
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
            breaking: false,
            take_back: room.last_entry(table).map(str::to_string),
            mark: floorbook_ledger::view::cash_table_mark(room, table),
            won: Vec::new(),
            last_hand: t
                .last_hand
                .as_ref()
                .filter(|_| t.hand.is_none())
                .map(|(no, _, _)| *no),
            receipts: false,
            entries: Vec::new(),
        })
    }
}

fn cards(c: &[floorbook_cards::Card]) -> String {
    c.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// One button that sends one command (the dealer's one touch); `all_in` sets it apart.
fn one_touch(command: &str, label: &str, fields: &[(&str, String)], all_in: bool) -> Markup {
    one_touch_said(command, label, label, fields, all_in)
}

/// [`one_touch`] whose button shows a short `label` where its column or row says the rest, and
/// whose whole meaning, `said`, is what a screen reader reads and a pointer's hover shows.
fn one_touch_said(
    command: &str,
    label: &str,
    said: &str,
    fields: &[(&str, String)],
    all_in: bool,
) -> Markup {
    html! {
        form.cmd.touch.all-in[all_in] data-command=(command) aria-label=(said) title=[(label != said).then_some(said)] {
            @for (name, value) in fields {
                input type="hidden" name=(name) value=(value) data-kind=(if value.starts_with('[') || value == "true" { "json" } else { "int" });
            }
            button type="submit" { (label) }
        }
    }
}

/// The amount pad's sizes for a bet or raise, within `lo..=hi`: the least, half the pot, the
/// pot (after the call), all in; each once.
fn pad(h: &Hand, l: &floorbook_hand::Legal, lo: u64, hi: u64) -> Vec<(&'static str, u64)> {
    let pot = h.pots().iter().map(|p| p.amount.0).sum::<u64>()
        + h.bets().iter().map(|b| b.0).sum::<u64>();
    let bet = h.bets().get(l.actor.0).map_or(0, |b| b.0) + l.call.0;
    let after_call = pot.saturating_add(l.call.0);
    let mut out: Vec<(&'static str, u64)> = Vec::new();
    for (key, to) in [
        ("pad-least", lo),
        ("pad-half-pot", bet.saturating_add(after_call / 2)),
        ("pad-pot", bet.saturating_add(after_call)),
        ("pad-all-in", hi),
    ] {
        let to = to.clamp(lo, hi);
        if !out.iter().any(|(_, a)| *a == to) {
            out.push((key, to));
        }
    }
    out
}

/// A hand entry's command (`check_or_call`, `show_or_muck` …) in words.
fn entry_words(name: &str, lang: Lang) -> String {
    match Declaration::named(name) {
        Some(d) => d.help.get(lang).to_string(),
        // The showdown's one entry, sent as `show` or `muck`.
        None if name == "show_or_muck" => t(lang, "show-or-muck"),
        None => name.replace('_', " "),
    }
}

/// The player a hand's entry names, other than a betting action's.
fn entry_pos(c: &HandCommand) -> Option<Pos> {
    match c {
        HandCommand::DealHole { pos, .. }
        | HandCommand::ShowOrMuck { pos, .. }
        | HandCommand::OutOfTurn { pos, .. }
        | HandCommand::BringIn { pos } => Some(*pos),
        _ => None,
    }
}

/// What a finished hand's pots paid, by position.
fn awards(h: &Hand) -> Vec<(usize, u64)> {
    let mut won: Vec<(usize, u64)> = Vec::new();
    for e in h.events() {
        if let floorbook_hand::HandEvent::PotAwarded { shares, .. } = e {
            for (pos, chips) in shares {
                match won.iter_mut().find(|(p, _)| *p == pos.0) {
                    Some(w) => w.1 += chips.0,
                    None => won.push((pos.0, chips.0)),
                }
            }
        }
    }
    won
}

/// The dealer's terminal: the table as it stands on the felt (seats, names, stacks, bets, the
/// button and the blinds, whose turn it is), and what the dealer can enter now.
pub fn dealer(m: &TableModel, floor: bool, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let t = m.table.to_string();
    let table = || ("table", t.clone());
    html! {
        @if let Some(mark) = &m.mark { span #seen hidden data-seen=(mark) {} }
        h2 { (tra("table-title", &[("table", n(m.table))]))
            @if let Some((no, _, _)) = &m.hand { " · " (tra("hand-no", &[("hand", n(*no as f64))])) } }
        @if let Some((_, h, players)) = &m.hand {
            @let legal = h.legal();
            @let actor = h.actor();
            @let who = |p: Pos| players.get(p.0).map_or_else(String::new, |(name, seat)| tra("player-at-seat", &[("name", s(name.clone())), ("seat", n(*seat))]));
            @let blinds: Vec<usize> = h.events().iter().filter_map(|e| match e { floorbook_hand::HandEvent::BlindPosted { pos, .. } => Some(pos.0), _ => None }).take(2).collect();
            table.hand aria-label=(tr("the-hand")) {
                @let stud = h.is_stud().then_some(h);
                @let shortcuts = legal.is_some() && h.phase() == Phase::Betting;
                thead { tr { th { (tr("col-seat")) } th { (tr("col-player")) } @if stud.is_some() { th { (tr("col-showing")) } } th.num { (tr("col-stack")) } th.num { (tr("col-bet")) } th { @if shortcuts { (tr("col-folds-to")) } } } }
                tbody {
                    @for (i, (name, seat)) in players.iter().enumerate() {
                        tr class=[(actor == Some(Pos(i))).then_some("acting")] data-seat=(seat) {
                            td { (seat)
                                @if m.button == Some(*seat) && stud.is_none() { " " span.mark.button title=(tr("mark-button")) { "D" } }
                                @if blinds.first() == Some(&i) { " " span.mark title=(tr("mark-small-blind")) { (tr("mark-sb")) } }
                                @if blinds.get(1) == Some(&i) { " " span.mark title=(tr("mark-big-blind")) { (tr("mark-bb")) } } }
                            td { (name) }
                            @if let Some(st) = stud { td.cards { (cards(&st.up_cards(Pos(i)))) } }
                            td.num { (chips(h.stacks().get(i).map_or(0, |c| c.0), lang)) }
                            td.num { (chips(h.bets().get(i).map_or(0, |c| c.0), lang)) }
                            td {
                                @if actor == Some(Pos(i)) { strong { (tr("to-act")) } }
                                @else if !h.is_active(Pos(i)) { span.flag { (tr("out")) } }
                                @else if h.stacks().get(i).is_some_and(|c| c.0 == 0) { span.flag { (tr("all-in")) } }
                                @else if shortcuts {
                                    // One tap: everyone before him folds, and one more: he checks or
                                    // calls too (issue 35: a tap per fold before). The column's
                                    // head says "folds to here"; each button says what follows.
                                    @let due = h.bets().iter().map(|b| b.0).max().unwrap_or(0).saturating_sub(h.bets().get(i).map_or(0, |b| b.0)).min(h.stacks().get(i).map_or(0, |c| c.0));
                                    @let at = [("seat", n(*seat)), ("amount", s(chips(due, lang)))];
                                    @let (then, said) = if due == 0 { ("fold-to-check", "fold-to-check-said") } else { ("fold-to-call", "fold-to-call-said") };
                                    span.foldto {
                                        (one_touch_said("fold_to", &tra(then, &at), &tra(said, &at), &[table(), ("pos", i.to_string()), ("then_call", "true".to_string())], false))
                                        (one_touch_said("fold_to", &tr("fold-to-here"), &tra("fold-to-here-said", &at), &[table(), ("pos", i.to_string())], false))
                                    }
                                }
                            }
                        }
                    }
                }
            }
            p.board { (tr("board")) ": "
                @if h.board().is_empty() && h.board_unseen() == 0 { span.empty { (tr("none-yet")) } }
                @if !h.board().is_empty() { strong { (cards(h.board())) } " " }
                @if h.board_unseen() > 0 { span.unseen { (tra("board-not-entered", &[("count", n(h.board_unseen() as f64))])) } }
                " · " (tr("pot")) " " (chips(h.pots().iter().map(|p| p.amount.0).sum::<u64>() + h.bets().iter().map(|b| b.0).sum::<u64>(), lang))
                @let pots = h.pots();
                @if pots.len() > 1 {
                    span.pots { " (" @for (i, p) in pots.iter().enumerate() {
                        @if i == 0 { (tra("main-pot", &[("chips", s(chips(p.amount.0, lang)))])) }
                        @else { " · " (tra("side-pot", &[("n", n(i as f64)), ("chips", s(chips(p.amount.0, lang)))])) }
                    } ")" }
                } }
            @if let Some(c) = &m.take_back {
                @let what = entry_words(c, lang);
                div.takeback { (one_touch("take_back", &tra("take-back", &[("what", s(what))]), &[table()], false)) }
            }
            div.actions {
                @match h.phase() {
                    Phase::HoleDealing => {
                        @if let Some(p) = h.dealee() {
                            @let (_, up) = h.cards_due(p);
                            p { (tra("deal-to", &[("who", s(who(p)))]))
                                @if h.is_stud() { ": " (tr(if up { "next-card-up" } else { "next-card-down" })) } }
                            // One tap deals every card still due face down (issue 35: eight taps
                            // for eight players before); a seen card is entered below.
                            @if !up {
                                (one_touch("deal_face_down", &tr("dealt-face-down"), &[table()], false))
                            }
                            form.cmd data-command="deal_hole" aria-label=(tr("deal-seen")) {
                                input type="hidden" name="table" value=(t) data-kind="int";
                                input type="hidden" name="pos" value=(p.0) data-kind="int";
                                label for="hole" { (tr("cards-seen")) }
                                input #hole name="cards" data-kind="cards" placeholder="As Kd" required;
                                button type="submit" { (tr("deal-these")) }
                            }
                        }
                    }
                    Phase::Betting => {
                        @if let Some(l) = &legal {
                            @let at = || ("pos", l.actor.0.to_string());
                            p { strong { (who(l.actor)) } " " (tr("to-act")) }
                            div.touches {
                                @if let Some(b) = l.bring_in {
                                    (one_touch("bring_in", &tra("bring-in", &[("amount", s(chips(b.0, lang)))]), &[table(), at()], false))
                                    @if l.fold {
                                        (one_touch("fold", &tr("fold"), &[table(), at()], false))
                                    }
                                } @else if !l.call.is_zero() {
                                    (one_touch("check_or_call", &tra("call", &[("amount", s(chips(l.call.0, lang)))]), &[table(), at()], false))
                                } @else {
                                    (one_touch("check_or_call", &tr("check"), &[table(), at()], false))
                                    (one_touch("check_around", &tr("check-around"), &[table()], false))
                                }
                                @if let Some((lo, _)) = l.raise_to {
                                    @let verb = if l.bring_in.is_some() { "complete-to" } else if l.call.is_zero() { "bet-to" } else { "raise-to" };
                                    (one_touch("bet_or_raise_to", &tra(verb, &[("amount", s(chips(lo.0, lang)))]), &[table(), at(), ("to", lo.0.to_string())], false))
                                }
                                // Fold and all in apart from the ordinary actions, so that
                                // neither is hit by mistake.
                                @if l.bring_in.is_none() && !l.call.is_zero() {
                                    (one_touch("fold", &tr("fold"), &[table(), at()], false))
                                }
                                @if let Some((lo, hi)) = l.raise_to {
                                    @if hi != lo {
                                        (one_touch("bet_or_raise_to", &tra("all-in-to", &[("amount", s(chips(hi.0, lang)))]), &[table(), at(), ("to", hi.0.to_string())], true))
                                    }
                                }
                            }
                            @if let Some((lo, hi)) = l.raise_to {
                                form.cmd data-command="bet_or_raise_to" aria-label=(tr("bet-or-raise")) {
                                    input type="hidden" name="table" value=(t) data-kind="int";
                                    input type="hidden" name="pos" value=(l.actor.0) data-kind="int";
                                    label for="to" { (tra("bet-or-raise-range", &[("low", s(chips(lo.0, lang))), ("high", s(chips(hi.0, lang)))])) }
                                    input #to name="to" data-kind="int" inputmode="numeric" min=(lo.0) max=(hi.0) required;
                                    // The amount pad: the usual sizes within the legal range, one tap
                                    // each to fill in (the dealer still confirms with the button).
                                    div.pad {
                                        @for (key, amount) in pad(h, l, lo.0, hi.0) {
                                            button type="button" data-fill=(amount) { (tr(key)) " " (chips(amount, lang)) }
                                        }
                                    }
                                    button type="submit" { (tr("bet-or-raise")) }
                                }
                            }
                        }
                    }
                    Phase::BoardDealing => {
                        // One tap a street when the cards are not entered; the dealer then
                        // reads the hands at the showdown (issue 35).
                        (one_touch("deal_board_unseen", &tra("board-dealt-unseen", &[("count", n(h.board_due() as f64))]), &[table()], false))
                        form.cmd data-command="deal_board" aria-label=(tr("deal-board")) {
                            input type="hidden" name="table" value=(t) data-kind="int";
                            label for="board" { (tra("board-due", &[("count", n(h.board_due() as f64))])) }
                            input #board name="cards" data-kind="cards" placeholder="2c 7d Js" required;
                            button type="submit" { (tr("deal-board")) }
                        }
                    }
                    Phase::Showdown => {
                        @let to_award = h.pots_to_award();
                        @if !to_award.is_empty() {
                            @let pots = h.pots();
                            p { (tr("showdown")) ": " (tr("award-how")) }
                            @for k in &to_award {
                                @if let Some(pot) = pots.get(*k) {
                                    @let live: Vec<usize> = pot.eligible.iter().map(|q| q.0).filter(|&q| h.is_active(Pos(q))).collect();
                                    @let what = if *k == 0 { tra("main-pot", &[("chips", s(chips(pot.amount.0, lang)))]) } else { tra("side-pot", &[("n", n(*k as f64)), ("chips", s(chips(pot.amount.0, lang)))]) };
                                    div.award data-pot=(k) {
                                        p { strong { (what) } }
                                        div.touches {
                                            @for q in &live {
                                                (one_touch("award_pot", &tra("wins-pot", &[("who", s(who(Pos(*q))))]), &[table(), ("pot", k.to_string()), ("winners", format!("[{q}]"))], false))
                                            }
                                        }
                                        form.cmd.split data-command="award_pot" aria-label=(tr("split-pot")) {
                                            input type="hidden" name="table" value=(t) data-kind="int";
                                            input type="hidden" name="pot" value=(k) data-kind="int";
                                            fieldset { legend { (tr("split-among")) }
                                                @for q in &live {
                                                    label { input type="checkbox" name="winners" value=(q) data-kind="pick"; " " (who(Pos(*q))) }
                                                }
                                            }
                                            button type="submit" { (tr("split-pot")) }
                                        }
                                    }
                                }
                            }
                        }
                        @if let Some(p) = h.showdown_next() {
                            p { (tr("showdown")) ": " strong { (who(p)) } }
                            form.cmd data-command="show" aria-label=(tr("show")) {
                                input type="hidden" name="table" value=(t) data-kind="int";
                                input type="hidden" name="pos" value=(p.0) data-kind="int";
                                @if h.is_stud() {
                                    label for="shown" { (tr("cards-shown-stud")) }
                                    input #shown name="cards" data-kind="cards" placeholder="Ah Kh 7c" required;
                                } @else {
                                    label for="shown" { (tr("cards-shown")) }
                                    input #shown name="cards" data-kind="cards" placeholder="Ah Kh" required;
                                }
                                button type="submit" { (tr("show")) }
                            }
                            (one_touch("muck", &tr("muck"), &[table(), ("pos", p.0.to_string())], false))
                        }
                    }
                    Phase::Settled => { p { (tr("hand-over")) } }
                }
            }
            @if !m.entries.is_empty() {
                details.entries open[floor] {
                    summary { (tr("entries")) }
                    ol.entries {
                        @for (no, c) in &m.entries {
                            li value=(no) data-entry=(no) {
                                @if let Some(p) = c.betting_pos().or_else(|| entry_pos(c)) { (who(p)) ": " }
                                (entry_words(c.name(), lang))
                                @if let floorbook_hand::HandCommand::BetOrRaiseTo { to, .. } = c { " " (to.0) }
                            }
                        }
                    }
                    @if floor {
                        @if let Some(d) = Declaration::named("correct_entry") { (form(d, &[("table", t.clone())], false, lang)) }
                    }
                }
            }
            details.remedies {
                summary { (tr("remedies")) }
                @let positions = vec![("pos", (0..players.len()).map(|i| (i.to_string(), who(Pos(i)))).collect::<Vec<_>>())];
                div.forms { @for d in offered(if h.is_stud() { Place::StudRemedy } else { Place::Remedy }, m.cash.is_some()) { (form_choosing(d, &[("table", t.clone())], &positions, lang)) } }
            }
        } @else if m.finished {
            p.notice { (tr("tournament-over")) }
        } @else {
            @if !m.won.is_empty() {
                p.won role="status" {
                    @for (i, (name, seat, won)) in m.won.iter().enumerate() {
                        @if i > 0 { "; " }
                        (tra("won", &[("name", s(name.clone())), ("seat", n(*seat)), ("chips", s(chips(*won, lang)))]))
                    }
                }
            }
            @if let (true, Some(no)) = (m.receipts, m.last_hand) {
                p.receipt-link { a href=(format!("../receipt/{no}/slip")) target="_blank" { (tra("receipt-of-hand", &[("hand", n(no as f64))])) } }
            }
            @match m.cash {
                Some((first, straddle)) => {
                    form.cmd data-command="start_hand" aria-label=(tr("start-hand")) {
                        input type="hidden" name="table" value=(t) data-kind="int";
                        @if first {
                            label for="button" { (tr("button-seat-drawn")) }
                            input #button name="button" data-kind="int" inputmode="numeric" required;
                        }
                        @if straddle {
                            label for="straddle" { input #straddle type="checkbox" name="straddle" data-kind="bool"; " " (tr("straddle")) }
                        }
                        button type="submit" { (tr("start-hand")) }
                    }
                }
                None => {
                    @if m.breaking {
                        p.notice role="status" { (tra("table-breaks-here", &[("table", s(t.clone()))])) }
                    } @else if let Some(rule) = m.draw_due {
                        form.cmd.draw data-command="place_button" aria-label=(tr("button-draw")) {
                            h3 { (tr("button-draw")) " " span.rule { "(" (rule) ")" } }
                            p { (tr("button-draw-how")) }
                            input type="hidden" name="table" value=(t) data-kind="int";
                            @for st in &m.seats {
                                @let id = format!("draw-{}", st.seat);
                                label for=(id) { (tra("seat-of", &[("seat", n(st.seat)), ("name", s(st.name.clone()))])) }
                                input id=(id) name="draw" data-kind="seatcard" data-seat=(st.seat) placeholder="As" required;
                            }
                            button type="submit" { (tr("record-draw")) }
                        }
                    } @else {
                        (one_touch("start_hand", &tr("start-hand"), &[table()], false))
                    }
                }
            }
        }
        @if m.hand.is_none() && !m.finished {
            details.remedies {
                summary { (tr("after-hand")) }
                div.forms { @for d in offered(Place::AfterHand, m.cash.is_some()) { (form(d, &[("table", t.clone())], false, lang)) } }
            }
        }
        h3 { (tr("seats")) }
        table.seats aria-label=(tr("seats")) {
            thead { tr { th { (tr("col-seat")) } th { (tr("col-player")) } th.num { (tr("col-chips")) } } }
            tbody {
                @for st in &m.seats {
                    tr {
                        td { (st.seat) @if m.button == Some(st.seat) { " " span.mark.button title=(tr("mark-button")) { "D" } } }
                        td { (st.name) @for f in &st.flags { " " span.flag { (tr(f)) } } }
                        td.num { (chips(st.stack, lang)) }
                    }
                }
            }
        }
    }
}

/// The cash room: each game's waiting list and must-move list, who is called, the tables.
pub fn cash_room(room: &CashRoom, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let name = |g: &u32| {
        room.guests()
            .get(g)
            .map_or_else(|| tra("guest-no", &[("guest", n(*g))]), |x| x.name.clone())
    };
    html! {
        @for game in &room.profile().games {
            @let l = room.lists().get(&game.id).cloned().unwrap_or_default();
            section.game aria-label=(game.title) {
                h2 { (game.title) }
                @if let Some(c) = l.called {
                    p.notice role="status" { (tra("must-move-called", &[("name", s(name(&c))), ("table", n(game.main_table()))])) }
                }
                div.tables {
                    div.table {
                        h3 { (tr("waiting-list")) }
                        @if l.waiting.is_empty() { p.empty { (tr("nobody-waits")) } }
                        ol.waiting { @for g in &l.waiting { li { (name(g)) " (" (g) ")" } } }
                    }
                    div.table {
                        h3 { (tr("must-move-list")) }
                        @if l.must_move.is_empty() { p.empty { (tr("no-side-table")) } }
                        ol.must-move { @for g in &l.must_move { li { (name(g)) " (" (g) ")" } } }
                    }
                    @for no in &game.tables {
                        @if let Some(tb) = room.tables().get(no) {
                            section.table aria-label=(tra("table-title", &[("table", n(*no))])) {
                                h3 { (tra("table-title", &[("table", n(*no))])) @if *no == game.main_table() { " (" (tr("main-table")) ")" }
                                    @if !tb.open { " " span.flag style="color:var(--dim)" { (tr("closed")) } }
                                    @if tb.hand.is_some() { " " span.flag style="color:var(--dim)" { (tr("in-a-hand")) } } }
                                @if tb.open {
                                    table {
                                        thead { tr { th { (tr("col-seat")) } th { (tr("col-guest")) } th.num { (tr("col-chips")) } } }
                                        tbody {
                                            @for (i, g) in tb.seats.iter().enumerate() {
                                                tr data-seat=(i + 1) {
                                                    td { (i + 1) }
                                                    @if let Some(g) = g {
                                                        @let st = room.guests().get(g).and_then(|x| x.sitting.clone());
                                                        td { (name(g))
                                                            @if st.as_ref().is_some_and(|st| st.away) { " " span.flag { (tr("flag-away")) } }
                                                            @if let Some(mk) = st.as_ref().map(|st| st.markers).filter(|mk| *mk > 0) { " " span.flag { (tra("markers", &[("count", n(mk))])) } } }
                                                        td.num { (chips(st.map_or(0, |st| st.stack), lang)) }
                                                    } @else {
                                                        td.empty { (tr("free")) } td {}
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
  // A field's label, to name it in a refusal the page makes itself.
  function label(el) {
    var l = el.id && document.querySelector('label[for="' + el.id + '"]');
    return (l && l.textContent.trim()) || el.getAttribute('aria-label') || el.name;
  }
  function value(el) {
    var k = el.dataset.kind, v = el.value.trim();
    if (k === 'bool') return el.checked;
    if (k === 'int') return v === '' ? undefined : Number(v);
    if (k === 'optint') return v === '' ? undefined : Number(v);
    if (k === 'opttext') return v === '' ? undefined : v;
    if (k === 'cards') return v.split(/[\s,]+/).filter(Boolean);
    if (k === 'ints' || k === 'optints') {
      var ns = v.split(/[\s,]+/).filter(Boolean);
      ns.forEach(function (x) { if (!/^[0-9]+$/.test(x)) throw new Error(label(el) + ': ' + x); });
      return k === 'optints' && ns.length === 0 ? undefined : ns.map(Number);
    }
    // A value the page fills in itself (a one-touch button's hidden list), never typed.
    if (k === 'json') return v === '' ? undefined : JSON.parse(v);
    if (k === 'seencards' || k === 'optseencards') {
      // A card not seen is written ?.
      var cs = v.split(/[\s,]+/).filter(Boolean).map(function (c) { return c === '?' ? null : c; });
      return k === 'optseencards' && cs.length === 0 ? undefined : cs;
    }
    if (k === 'seatcards') {
      // "1 As, 2 Kd": a seat and its card, pair by pair.
      var ws = v.split(/[\s,:]+/).filter(Boolean), out = [];
      if (ws.length % 2) throw new Error(label(el) + ': ' + v);
      for (var i = 0; i < ws.length; i += 2) {
        if (!/^[0-9]+$/.test(ws[i])) throw new Error(label(el) + ': ' + ws[i]);
        out.push({ seat: Number(ws[i]), card: ws[i + 1] });
      }
      return out;
    }
    return v;
  }
  // The page's words (data-t-* on the body, in the page's language).
  var EN = { recorded: 'Recorded (entry {seq})', refused: 'Refused', allowed: 'Allowed now',
    call: 'call', check: 'check', raise: 'bet or raise to', fold: 'fold' };
  function T(k) { return document.body.getAttribute('data-t-' + k) || EN[k] || k; }
  function show(reply, what) {
    var r = document.getElementById('result');
    r.className = reply.ok ? 'ok' : 'refused';
    r.innerHTML = '';
    r.dataset.events = (reply.events || []).join(', ');
    var p = document.createElement('p');
    if (reply.ok) {
      p.textContent = T('recorded').replace('{seq}', reply.seq) + (what ? ': ' + what : '');
    } else {
      var e = reply.error || {};
      p.textContent = T('refused') + ': ' + e.message;
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
      q.textContent = T('allowed') + ': ' + (l.call ? T('call') + ' ' + l.call : T('check')) +
        (l.raise_to ? ', ' + T('raise') + ' ' + l.raise_to[0] + '–' + l.raise_to[1] : '') + ', ' + T('fold');
      r.appendChild(q);
    }
  }
  // The floor's desk: choosing a player or a table fills it into every form that takes one,
  // and says who is chosen; the search keeps the players whose name or number it matches.
  document.addEventListener('click', function (ev) {
    var p = ev.target.closest && ev.target.closest('[data-choose-player]');
    var tb = ev.target.closest && ev.target.closest('[data-choose-table]');
    if (!p && !tb) return;
    var name = p ? 'player' : 'table', v = p ? p.dataset.choosePlayer : tb.dataset.chooseTable;
    document.querySelectorAll('main form.cmd input[name=' + name + ']:not([type=hidden])')
      .forEach(function (el) { el.value = v; });
    // TR-20: the chips a sanction takes out of play are at most the chosen player's.
    if (p && p.dataset.stack) {
      document.querySelectorAll('main form.cmd input[name=chips]').forEach(function (el) {
        el.dataset.max = p.dataset.stack;
        var span = el.form.querySelector('[data-range-for=chips]');
        if (span) span.textContent = '(' + T('range-between').replace('{min}', el.dataset.min || '1').replace('{max}', p.dataset.stack) + ', TR-20)';
      });
    }
    var c = document.getElementById('chosen');
    if (c) {
      c.dataset[name] = p ? p.dataset.name + ' (#' + v + ')' : tb.textContent;
      c.textContent = [c.dataset.player, c.dataset.table].filter(Boolean).join(' · ');
    }
  });
  // The cash room's desk: a name or a free seat fills every form that takes its fields
  // (guest; table and seat); an offer fills its own form, which the floor checks and sends.
  function fill(form, fields) {
    Object.keys(fields).forEach(function (k) {
      var el = form.querySelector('[name=' + k + ']:not([type=hidden])');
      if (el) el.value = String(fields[k]);
    });
  }
  document.addEventListener('click', function (ev) {
    var c = ev.target.closest && ev.target.closest('[data-choose]');
    if (!c) return;
    var fields = JSON.parse(c.dataset.choose);
    document.querySelectorAll('main form.cmd').forEach(function (f) { fill(f, fields); });
    var chosen = document.getElementById('chosen');
    if (chosen) {
      var k = 'guest' in fields ? 'guest' : 'seat';
      chosen.dataset[k] = c.dataset.name;
      chosen.textContent = [chosen.dataset.guest, chosen.dataset.seat].filter(Boolean).join(' · ');
    }
  });
  document.addEventListener('click', function (ev) {
    var o = ev.target.closest && ev.target.closest('[data-offer]');
    if (!o) return;
    var form = document.querySelector('main form.cmd[data-command=' + o.dataset.offer + ']');
    if (!form) return;
    fill(form, JSON.parse(o.dataset.fill));
    form.scrollIntoView({ block: 'center' });
    var b = form.querySelector('button[type=submit]');
    if (b) b.focus();
    var chosen = document.getElementById('chosen');
    if (chosen) chosen.textContent = o.textContent.trim();
  });
  // The director's seat draw (TR-1) made here at random: a permutation of the seat cards,
  // one per registered player, from the browser's cryptographic random numbers; it is
  // recorded with the start.
  // `k` seat cards of `n` (0 to n-1), each once, in the order drawn.
  function drawn(k, n) {
    function below(m) {
      var r = new Uint32Array(1), lim = Math.floor(4294967296 / m) * m;
      do { crypto.getRandomValues(r); } while (r[0] >= lim);
      return r[0] % m;
    }
    var cards = [], i;
    for (i = 0; i < n; i++) cards.push(i);
    for (i = n - 1; i > 0; i--) {
      var j = below(i + 1), x = cards[i];
      cards[i] = cards[j];
      cards[j] = x;
    }
    return cards.slice(0, k);
  }
  function fillDraw(id, cards, table) {
    var f = document.getElementById(id);
    if (!f) return;
    f.value = cards.join(' ');
    var t = f.form && f.form.querySelector('input[name=table]');
    if (t && table !== undefined) t.value = table;
    f.scrollIntoView({ block: 'center' });
    var go = f.form && f.form.querySelector('button[type=submit]');
    if (go) go.focus();
  }
  document.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('[data-draw-seats]');
    if (b) {
      var k = Number(b.dataset.drawSeats);
      fillDraw('start-draw', drawn(k, k));
    }
    // A new entry's seat (issue 39): one of the free seats, into every form that takes it.
    var be = ev.target.closest && ev.target.closest('[data-draw-entry]');
    if (be) {
      var free = be.dataset.drawEntry.split(',');
      var k = drawn(1, free.length)[0], at = free[k].split('-');
      ['register-draw', 'register_member-draw', 'register_walk_in-draw', 'reenter-draw'].forEach(function (id) {
        var f = document.getElementById(id);
        if (f) f.value = k;
      });
      var chosen = document.getElementById('chosen');
      if (chosen) chosen.textContent = be.dataset.drawn.replace('#T', at[0]).replace('#S', at[1]);
    }
    // A mystery envelope (issue 39): one of those left, for the player knocked out.
    var ee = ev.target.closest && ev.target.closest('[data-draw-envelope]');
    if (ee) {
      var e = drawn(1, Number(ee.dataset.left))[0];
      var pf = document.getElementById('draw_envelope-player'), df = document.getElementById('draw_envelope-draw');
      if (pf) pf.value = ee.dataset.drawEnvelope;
      if (df) df.value = e;
      var said = document.getElementById('chosen');
      if (said) said.textContent = ee.dataset.drawn.replace('#E', e);
    }
    var br = ev.target.closest && ev.target.closest('[data-draw-break]');
    if (br) {
      fillDraw('break_table-draw', drawn(Number(br.dataset.players), Number(br.dataset.free)), br.dataset.drawBreak);
    }
  });
  // The payout's table: each place's prize of the pool and the total, as the percents are
  // typed (the service decides; this only shows what a figure makes).
  document.addEventListener('input', function (ev) {
    var form = ev.target.closest && ev.target.closest('form[data-command=edit_payout]');
    if (!form) return;
    var pool = form.dataset.pool === undefined ? NaN : Number(form.dataset.pool);
    var lang = document.documentElement.lang || 'en';
    var fmt = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: lang === 'de' });
    var total = 0;
    form.querySelectorAll('tr[data-place]').forEach(function (tr) {
      var v = tr.querySelector('input').value.trim(), cell = tr.querySelector('.prize');
      var pct = /^[0-9]+$/.test(v) ? Number(v) : NaN;
      if (!isNaN(pct)) total += pct;
      if (cell) cell.textContent = isNaN(pct) || isNaN(pool) ? '' : fmt.format(Math.floor(pool * pct / 100) / 100);
    });
    var t = form.querySelector('.total');
    if (t) { t.textContent = total + ' %'; t.classList.toggle('off', total !== 100 && total !== 0); }
  });
  document.addEventListener('input', function (ev) {
    if (ev.target.id !== 'find') return;
    var q = ev.target.value.trim().toLowerCase();
    document.querySelectorAll('#players tbody tr').forEach(function (tr) {
      tr.hidden = q !== '' && tr.dataset.find.indexOf(q) < 0;
    });
  });
  // The amount pad fills the amount in; the dealer confirms with the form's button.
  document.addEventListener('click', function (ev) {
    var b = ev.target.closest && ev.target.closest('button[data-fill]');
    if (!b) return;
    var to = b.form && b.form.querySelector('input[name=to]');
    if (to) { to.value = b.dataset.fill; to.focus(); }
  });
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
        if (el.dataset.kind === 'levelpart') {
          var row = Number(el.dataset.row), lv = el.value.trim();
          body.levels = body.levels || [];
          var r = body.levels[row] = body.levels[row] || {};
          if (lv !== '') {
            if (!/^[0-9]+$/.test(lv)) throw new Error(el.getAttribute('aria-label') + ': ' + lv);
            r[el.dataset.key] = Number(lv);
          }
          return;
        }
        if (el.dataset.kind === 'oot' || el.dataset.kind === 'said') {
          // The action chosen; its amount (raise to) follows in the next field.
          body[el.name] = el.dataset.kind === 'oot' ? { action: el.value } : el.value;
          return;
        }
        if (el.dataset.kind === 'amount') {
          var amt = el.value.trim(), act = body[el.name];
          var takes = (act && act.action === 'raise_to') || act === 'raise_to';
          if (!takes) return;
          if (!/^[0-9]+$/.test(amt)) throw new Error(label(el) + ': ' + (amt || '?'));
          if (act === 'raise_to') body[el.name] = { raise_to: Number(amt) }; else act.to = Number(amt);
          return;
        }
        if (el.dataset.kind === 'share') {
          // The payout's places in order; an emptied row drops its place.
          var sv = el.value.trim();
          body.shares = body.shares || [];
          if (sv !== '') {
            if (!/^[0-9]+$/.test(sv)) throw new Error(el.getAttribute('aria-label') + ': ' + sv);
            body.shares.push(Number(sv));
          }
          return;
        }
        if (el.dataset.kind === 'pick') {
          // Checkboxes: the values ticked, as a list.
          body[el.name] = body[el.name] || [];
          if (el.checked) body[el.name].push(Number(el.value));
          return;
        }
        if (el.dataset.kind === 'seatcard') {
          (body[el.name] = body[el.name] || []).push({ seat: Number(el.dataset.seat), card: el.value.trim() });
          return;
        }
        var v = value(el);
        if (v !== undefined) body[el.name] = v;
      });
    } catch (e) {
      // A field the page cannot read: said at once, nothing sent.
      show({ ok: false, error: { kind: 'malformed', message: e.message || String(e) } }, '');
      document.body.dataset.replies = String(Number(document.body.dataset.replies || 0) + 1);
      return;
    }
    // The levels' table: rows left empty at its end (one more level) count only when filled in.
    while (body.levels && body.levels.length && Object.keys(body.levels[body.levels.length - 1] || {}).length === 0) {
      body.levels.pop();
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
        show(reply, form.getAttribute('aria-label'));
        if (reply.seq) document.body.dataset.seq = String(reply.seq);
        // A live page shows what its own command recorded at once, not at the stream's next
        // word (a later state already shown is kept).
        if (reply.ok && reply.seq && document.body.dataset.live) {
          var at = String(reply.seq);
          var live = document.querySelector('[data-live-part]');
          // A form redrawn with the part it is in starts empty again once recorded.
          if ((live || document.querySelector('main')).contains(form)) form.reset();
          fetch(location.pathname + '?part=' + (live ? live.dataset.livePart : 'main'), { cache: 'no-store' })
            .then(function (r) { return r.text(); })
            .then(function (html) {
              var main = live || document.querySelector('main');
              if (Number(main.dataset.head || 0) > Number(at)) return;
              window.floorbookSwap(main, html);
              main.dataset.head = at;
              document.body.dataset.updated = at;
            });
        }
        // The table moved on: show it as it stands.
        if (reply.error && reply.error.kind === 'conflict') {
          var shown = document.querySelector('[data-live-part]');
          fetch(location.pathname + '?part=' + (shown ? shown.dataset.livePart : 'main'), { cache: 'no-store' })
            .then(function (r) { return r.text(); })
            .then(function (html) { window.floorbookSwap(shown || document.querySelector('main'), html); });
        }
        document.body.dataset.replies = String(Number(document.body.dataset.replies || 0) + 1);
      })
      .catch(function (e) {
        clearTimeout(timer);
        document.body.dataset.sending = '';
        show({ ok: false, error: { kind: 'unavailable', message: String(e) } }, '');
        document.body.dataset.replies = String(Number(document.body.dataset.replies || 0) + 1);
      });
  });
}());
"#,
);
