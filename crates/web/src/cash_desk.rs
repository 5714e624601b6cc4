//! The floor's desk at a cash room (issue 36): each game with its stakes, its waiting list
//! and must-move list in order, its tables seat by seat, and what is next offered, not typed:
//! the first guest on a list to a free seat (GCB-9), the called must-move player to the main
//! table (GCB-10), a rebuy for a guest without chips (GCB-7), a side table to open (GCB-10).
//! An offer fills its form with one touch; the floor checks the buy-in and sends it.
//!
//! The room's waiting-list board (a big screen for the guests) is here too: each game, its
//! stakes, its free seats and who waits, in order.

use floorbook_cash::{CashRoom, Game, GuestId, SeatNo, TableNo};
use fluent_templates::fluent_bundle::FluentValue;
use maud::{Markup, html};
use serde_json::json;

use floorbook_service::commands::Lang;

use crate::words::{chips, n, s, t, ta};

/// What the floor may do next at a cash room, each filled into its command's form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Offer {
    /// GCB-9: the first on the game's waiting list takes a free seat at the table stake.
    Seat {
        guest: GuestId,
        table: TableNo,
        seat: SeatNo,
        stake: u64,
    },
    /// GCB-10: the called must-move player takes the main table's free seat.
    Move { guest: GuestId, seat: SeatNo },
    /// GCB-7: a guest at a table without chips buys in again (the table stake; one rebuy
    /// below it is allowed once).
    Rebuy { guest: GuestId, stake: u64 },
    /// GCB-10: guests wait, every open table of the game is full and a table is closed.
    Open { table: TableNo },
}

impl Offer {
    /// The command the offer fills and its fields.
    fn form(&self) -> (&'static str, serde_json::Value) {
        match *self {
            Offer::Seat {
                guest,
                table,
                seat,
                stake,
            } => (
                "seat_guest",
                json!({"guest": guest, "table": table, "seat": seat, "buy_in": stake}),
            ),
            Offer::Move { guest, seat } => ("accept_move", json!({"guest": guest, "seat": seat})),
            Offer::Rebuy { guest, stake } => ("rebuy", json!({"guest": guest, "amount": stake})),
            Offer::Open { table } => ("open_table", json!({"table": table})),
        }
    }
}

/// The free seats of `table` (seat numbers), none where it is closed.
fn free_seats(room: &CashRoom, table: TableNo) -> Vec<SeatNo> {
    room.tables().get(&table).map_or_else(Vec::new, |tb| {
        if !tb.open {
            return Vec::new();
        }
        tb.seats
            .iter()
            .enumerate()
            .filter(|(_, g)| g.is_none())
            .map(|(i, _)| i as SeatNo + 1)
            .collect()
    })
}

/// A side table of `game` is open: the main table's free seats go to the must-move list.
fn side_open(room: &CashRoom, game: &Game) -> bool {
    game.tables
        .iter()
        .skip(1)
        .any(|no| room.tables().get(no).is_some_and(|tb| tb.open))
}

/// What is next at each game, in the profile's order of games.
pub fn offers(room: &CashRoom) -> Vec<Offer> {
    let mut out = Vec::new();
    for game in &room.profile().games {
        let lists = room.lists().get(&game.id).cloned().unwrap_or_default();
        let main = game.main_table();
        if let Some(guest) = lists.called
            && let Some(&seat) = free_seats(room, main).first()
        {
            out.push(Offer::Move { guest, seat });
        }
        if let Some(&guest) = lists.waiting.first() {
            // While a side table plays, the main table's seats are the must-move list's.
            let side = side_open(room, game);
            let seat = game
                .tables
                .iter()
                .filter(|no| !(side && **no == main))
                .find_map(|no| free_seats(room, *no).first().map(|s| (*no, *s)));
            match seat {
                Some((table, seat)) => out.push(Offer::Seat {
                    guest,
                    table,
                    seat,
                    stake: game.table_stake,
                }),
                None => {
                    // The main table opens for the first guest; a side table once enough
                    // guests wait (GCB-10's reading, the profile's `side_table_opens_with`).
                    let closed = game
                        .tables
                        .iter()
                        .find(|no| room.tables().get(no).is_none_or(|tb| !tb.open));
                    let enough =
                        lists.waiting.len() >= room.profile().house.side_table_opens_with as usize;
                    if let Some(&table) = closed
                        && (table == main || enough)
                    {
                        out.push(Offer::Open { table });
                    }
                }
            }
        }
        for no in &game.tables {
            let Some(tb) = room.tables().get(no) else {
                continue;
            };
            for guest in tb.seats.iter().flatten() {
                let broke = room
                    .guests()
                    .get(guest)
                    .and_then(|g| g.sitting.as_ref())
                    .is_some_and(|st| st.stack == 0);
                let in_hand = tb.hand.as_ref().is_some_and(|h| h.guests.contains(guest));
                if broke && !in_hand {
                    out.push(Offer::Rebuy {
                        guest: *guest,
                        stake: game.table_stake,
                    });
                }
            }
        }
    }
    out
}

/// A guest's name, or "Guest 7".
fn name(room: &CashRoom, guest: GuestId, lang: Lang) -> String {
    room.guests().get(&guest).map_or_else(
        || ta(lang, "guest-no", &[("guest", n(guest))]),
        |g| g.name.clone(),
    )
}

/// A game's stakes in a line: blinds, table stake, the most a guest may bring.
fn stakes(game: &Game, lang: Lang) -> String {
    let args: [(&'static str, FluentValue<'static>); 3] = [
        ("small", s(chips(game.small_blind, lang))),
        ("big", s(chips(game.big_blind, lang))),
        ("stake", s(chips(game.table_stake, lang))),
    ];
    if game.max_buy_in == 0 {
        ta(lang, "cash-stakes", &args)
    } else {
        let mut all = args.to_vec();
        all.push(("max", s(chips(game.max_buy_in, lang))));
        ta(lang, "cash-stakes-max", &all)
    }
}

/// The offer in words.
fn offer_words(room: &CashRoom, o: &Offer, lang: Lang) -> String {
    match *o {
        Offer::Seat {
            guest,
            table,
            seat,
            stake,
        } => ta(
            lang,
            "cash-offer-seat",
            &[
                ("name", s(name(room, guest, lang))),
                ("table", n(table)),
                ("seat", n(seat)),
                ("stake", s(chips(stake, lang))),
            ],
        ),
        Offer::Move { guest, seat } => ta(
            lang,
            "cash-offer-move",
            &[("name", s(name(room, guest, lang))), ("seat", n(seat))],
        ),
        Offer::Rebuy { guest, stake } => ta(
            lang,
            "cash-offer-rebuy",
            &[
                ("name", s(name(room, guest, lang))),
                ("stake", s(chips(stake, lang))),
            ],
        ),
        Offer::Open { table } => ta(lang, "cash-offer-open", &[("table", n(table))]),
    }
}

/// The floor's overview of a cash room, above the desk's forms; redrawn live
/// (`?part=overview`) while the forms keep what is typed.
pub fn overview(room: &CashRoom, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let offers = offers(room);
    html! {
        @if !offers.is_empty() {
            section.due aria-label=(tr("cash-next")) {
                h2 { (tr("cash-next")) }
                ul {
                    @for o in &offers {
                        @let (command, fields) = o.form();
                        li {
                            button.offer type="button" data-offer=(command) data-fill=(fields.to_string()) {
                                (offer_words(room, o, lang))
                            }
                        }
                    }
                }
            }
        }
        @for game in &room.profile().games {
            (game_glance(room, game, lang, true))
        }
        datalist #games {
            @for game in &room.profile().games { option value=(game.id) { (game.title) } }
        }
    }
}

/// One game: its stakes, lists and tables. `choose`: names and seats are buttons that fill
/// the desk's forms.
fn game_glance(room: &CashRoom, game: &Game, lang: Lang, choose: bool) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    let lists = room.lists().get(&game.id).cloned().unwrap_or_default();
    let guest = |g: GuestId| {
        let who = name(room, g, lang);
        html! {
            @if choose {
                button.choose type="button" data-choose=(json!({"guest": g}).to_string()) data-name=(who) { (who) }
            } @else { (who) }
        }
    };
    html! {
        section.game aria-label=(game.title) data-game=(game.id) {
            h2 { (game.title) }
            p.stakes { (stakes(game, lang)) }
            @if let Some(c) = lists.called {
                p.notice role="status" { (tra("must-move-called", &[("name", s(name(room, c, lang))), ("table", n(game.main_table()))])) }
            }
            div.tables {
                div.table {
                    h3 { (tr("waiting-list")) }
                    @if lists.waiting.is_empty() { p.empty { (tr("nobody-waits")) } }
                    ol.waiting { @for g in &lists.waiting { li { (guest(*g)) } } }
                }
                div.table {
                    h3 { (tr("must-move-list")) }
                    @if lists.must_move.is_empty() { p.empty { (tr("no-side-table")) } }
                    ol.must-move { @for g in &lists.must_move { li { (guest(*g)) } } }
                }
                @for no in &game.tables {
                    @if let Some(tb) = room.tables().get(no) {
                        div.table data-table=(no) {
                            h3 {
                                (tra("table-title", &[("table", n(*no))]))
                                @if *no == game.main_table() { " (" (tr("main-table")) ")" }
                                @if !tb.open { " " span.empty { (tr("closed")) } }
                                @if let Some(h) = &tb.hand { " " span.flag { (tra("hand-no", &[("hand", n(h.no as f64))])) } }
                            }
                            @if tb.open {
                                table {
                                    tbody {
                                        @for (i, g) in tb.seats.iter().enumerate() {
                                            @let seat = i as u32 + 1;
                                            tr data-seat=(seat) {
                                                td.num { (seat) @if tb.hand.as_ref().map(|h| h.button).or(tb.last_button) == Some(seat) { " " span.mark.button { "D" } } }
                                                @if let Some(g) = g {
                                                    @let st = room.guests().get(g).and_then(|x| x.sitting.clone());
                                                    td { (guest(*g)) (sitting_flags(st.as_ref(), game, lang)) }
                                                    td.num { (chips(st.map_or(0, |st| st.stack), lang)) }
                                                } @else {
                                                    td.empty {
                                                        @if choose {
                                                            button.choose type="button" data-choose=(json!({"table": no, "seat": seat}).to_string()) data-name=(tra("desk-at", &[("table", n(*no)), ("seat", n(seat))])) { (tr("free")) }
                                                        } @else { (tr("free")) }
                                                    }
                                                    td {}
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

/// A seated guest's flags: away, missed blinds and markers (GCB-6), no chips (GCB-7), his
/// one short rebuy taken.
fn sitting_flags(st: Option<&floorbook_cash::Sitting>, game: &Game, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    html! {
        @if let Some(st) = st {
            @if st.away { " " span.flag { (tr("flag-away")) } }
            @if st.markers > 0 { " " span.flag { (ta(lang, "markers", &[("count", n(st.markers))])) } }
            @if st.missed_big || st.missed_small { " " span.flag { (tr("cash-missed-blinds")) } }
            @if st.stack == 0 { " " span.flag { (ta(lang, "cash-needs-rebuy", &[("stake", s(chips(game.table_stake, lang)))])) } }
            @if st.short_rebuy { " " span.flag { (tr("cash-short-rebuy-taken")) } }
        }
    }
}

/// The room's waiting-list board for a big screen: each game, its stakes, its free seats and
/// who waits, in order; read by guests from across the room.
pub fn board(room: &CashRoom, lang: Lang) -> Markup {
    let tr = |k: &str| t(lang, k);
    let tra = |k: &str, args: &[(&'static str, FluentValue<'static>)]| ta(lang, k, args);
    html! {
        section.board aria-label=(tr("cash-board")) {
            @for game in &room.profile().games {
                @let lists = room.lists().get(&game.id).cloned().unwrap_or_default();
                @let free: usize = game.tables.iter().map(|no| free_seats(room, *no).len()).sum();
                article.game data-game=(game.id) {
                    h2 { (game.title) }
                    p.stakes { (stakes(game, lang)) }
                    p.seats-free { (tra("cash-board-free", &[("count", n(free as f64))])) }
                    @if let Some(c) = lists.called {
                        p.notice { (tra("must-move-called", &[("name", s(name(room, c, lang))), ("table", n(game.main_table()))])) }
                    }
                    @if lists.waiting.is_empty() {
                        p.empty { (tr("nobody-waits")) }
                    } @else {
                        ol.waiting aria-label=(tr("waiting-list")) {
                            @for g in &lists.waiting { li { (name(room, *g, lang)) } }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use floorbook_cash::{CashCommand, builtin};

    fn gcb() -> CashRoom {
        let (_, p) = builtin("gcb").expect("built in");
        CashRoom::new(p.expect("the gcb profile reads"))
    }

    fn decide(room: &mut CashRoom, command: serde_json::Value, at: u64) {
        let c: CashCommand = serde_json::from_value(command.clone()).expect("a cash command");
        if let Err(e) = room.decide(&c, at) {
            panic!("{command} refused: {e}");
        }
    }

    fn join(room: &mut CashRoom, guest: u32, at: u64) {
        decide(
            room,
            json!({"command": "join_list", "guest": guest, "name": format!("Guest {guest}"),
                   "game": "nlh-2-5", "in_person": true}),
            at,
        );
    }

    /// Takes the desk's first offer as the floor would (a seat at the table stake), and
    /// returns it; the room must accept it.
    fn take(room: &mut CashRoom, at: u64) -> Option<Offer> {
        let o = offers(room).into_iter().next()?;
        let (command, mut fields) = o.form();
        if command == "seat_guest" {
            // The wire's `seat_guest` is the room's `seat`.
            fields["command"] = json!("seat");
        } else {
            fields["command"] = json!(command);
        }
        decide(room, fields, at);
        Some(o)
    }

    /// Every offer the desk makes is one the room accepts: the main table opens for the first
    /// guest, seats go in list order, a side table opens once five wait (and then takes the
    /// newcomers: the main table's seats are the must-move list's), and a called player is
    /// offered the main table's free seat.
    #[test]
    fn every_offer_is_accepted_and_in_the_rules_order() {
        let mut room = gcb();
        assert!(offers(&room).is_empty(), "nobody waits: nothing is offered");
        for g in 1..=12 {
            join(&mut room, g, 10);
        }
        assert_eq!(offers(&room), vec![Offer::Open { table: 1 }]);
        let mut taken = Vec::new();
        while let Some(o) = take(&mut room, 20) {
            taken.push(o);
        }
        // Nine seats at the main table in list order; three wait, too few for a side table.
        let seated: Vec<(u32, u32)> = taken
            .iter()
            .filter_map(|o| match o {
                Offer::Seat { guest, table, .. } => Some((*guest, *table)),
                _ => None,
            })
            .collect();
        assert_eq!(seated, (1..=9).map(|g| (g, 1)).collect::<Vec<_>>());
        assert_eq!(room.lists()["nlh-2-5"].waiting, vec![10, 11, 12]);
        join(&mut room, 13, 30);
        join(&mut room, 14, 30);
        assert_eq!(offers(&room), vec![Offer::Open { table: 2 }]);
        while take(&mut room, 40).is_some() {}
        let side: Vec<u32> = room.tables()[&2].seats.iter().flatten().copied().collect();
        assert_eq!(side, vec![10, 11, 12, 13, 14]);
        // Main-table guests leave until one of the side table is called to move.
        let mut left = 0;
        for g in 1..=9 {
            decide(&mut room, json!({"command": "cash_out", "guest": g}), 50);
            left += 1;
            if room.lists()["nlh-2-5"].called.is_some() {
                break;
            }
        }
        let called = room.lists()["nlh-2-5"].called.expect("a must-move call");
        let offered = offers(&room);
        assert!(
            matches!(offered.first(), Some(Offer::Move { guest, .. }) if *guest == called),
            "after {left} left: {offered:?}"
        );
        take(&mut room, 60);
        let main: Vec<u32> = room.tables()[&1].seats.iter().flatten().copied().collect();
        assert!(main.contains(&called), "{main:?}");
    }
}
