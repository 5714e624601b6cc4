//! Readable views of a tournament's state: a table, its hand in progress, who acts and what
//! is legal. Shared by `replay`, `explain` and the service's `state` query.

use floorbook_tournament::engine::{TableState, Tournament};
use serde_json::{Value, json};

/// A table's mark: a short digest of everything the table holds (seats, button, the hand in
/// play with every entry). A terminal sends back the mark it drew its page from (`seen`); a
/// command at a table whose mark has changed since is refused: the table moved on (issue 35).
pub fn table_mark(t: &Tournament, table: u32) -> Option<String> {
    let ts = t.tables.iter().find(|ts| ts.table.no.0 == table)?;
    mark_of(ts)
}

/// A cash table's mark (see [`table_mark`]).
pub fn cash_table_mark(room: &floorbook_cash::CashRoom, table: u32) -> Option<String> {
    mark_of(room.tables().get(&table)?)
}

fn mark_of(state: &impl serde::Serialize) -> Option<String> {
    let bytes = serde_json::to_vec(state).ok()?;
    let hex = blake3::hash(&bytes).to_hex();
    Some(hex.as_str()[..16].to_string())
}

/// One table: seats with stacks, the button, and the hand in progress with whose turn it is
/// and the legal actions and their limits.
pub fn table_view(t: &Tournament, ts: &TableState) -> Value {
    let seats: Vec<Value> = ts
        .table
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            p.map(|p| {
                let pl = t.players.get(&p);
                let stack = pl.map_or(0, |pl| pl.stack);
                let name = pl.map(|pl| pl.name.clone());
                json!({"seat": i + 1, "player": p.0, "name": name, "stack": stack})
            })
        })
        .collect();
    let hand = ts.hand.as_ref().map(|(no, h, ids)| {
        // Stud: what each live hand shows (its up cards), by position.
        let showing: Option<Vec<Vec<String>>> = h.as_stud().map(|s| {
            (0..s.players())
                .map(|i| {
                    let pos = floorbook_hand::Pos(i);
                    if !s.is_active(pos) {
                        return Vec::new();
                    }
                    s.up_cards(pos).iter().map(ToString::to_string).collect()
                })
                .collect()
        });
        json!({
            "hand": no,
            "game": h.game(),
            "showing": showing,
            "phase": format!("{:?}", h.phase()),
            "street": format!("{:?}", h.street()),
            "board": h.board().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "players": ids.iter().map(|p| p.0).collect::<Vec<_>>(),
            "stacks": h.stacks().iter().map(|c| c.0).collect::<Vec<_>>(),
            "bets": h.bets().iter().map(|c| c.0).collect::<Vec<_>>(),
            "pots": h.pots(),
            "to_act": h.actor().map(|p| json!({"pos": p.0, "player": ids.get(p.0).map(|x| x.0)})),
            "legal": h.legal(),
            // What the dealer enters next when nobody is to act: board cards, or the cards
            // of the player due to show or muck.
            "board_due": h.board_due(),
            "shows_next": h.showdown_next().map(|p| p.0),
        })
    });
    json!({"table": ts.table.no.0, "button": ts.table.button.0, "seats": seats, "hand": hand})
}

/// The whole tournament: level, players left, every table.
pub fn tournament_view(t: &Tournament) -> Value {
    json!({
        "level": t.level + 1,
        "players_left": t.remaining(),
        "started": t.started,
        "finished": t.finished,
        "pending_break": t.pending_break.map(|b| b.0),
        "tables": t.tables.iter().map(|ts| table_view(t, ts)).collect::<Vec<_>>(),
    })
}

/// What balancing has due now (TR-17, PLO-2): a move, or a table to break.
#[derive(Debug, Clone, PartialEq)]
pub enum DueNow {
    Move {
        player: u32,
        from: u32,
        to: u32,
        seat: u32,
        sits_out: bool,
        rules: floorbook_rules::RuleSet,
    },
    Break {
        table: u32,
        players: u32,
        free_seats: u32,
        rules: floorbook_rules::RuleSet,
    },
    /// A break announced (TR-17): the table's players now draw their seats (`break_table`),
    /// one each of the other tables' free seats; nothing else moves before.
    Draw {
        table: u32,
        players: u32,
        free_seats: u32,
    },
}

/// What balancing has due at `t` now, read from the decisions it would take.
pub fn due_now(t: &Tournament) -> Vec<DueNow> {
    use floorbook_tournament::engine::TournamentEvent as E;
    if let Some(breaking) = t.pending_break {
        let players = |no| {
            t.tables
                .iter()
                .filter(|ts| no == Some(ts.table.no))
                .map(|ts| ts.table.players() as u32)
                .sum::<u32>()
        };
        let free = t
            .tables
            .iter()
            .filter(|ts| ts.table.no != breaking)
            .map(|ts| ts.table.seats.iter().filter(|s| s.is_none()).count() as u32)
            .sum();
        return vec![DueNow::Draw {
            table: breaking.0,
            players: players(Some(breaking)),
            free_seats: free,
        }];
    }
    t.due_now()
        .iter()
        .filter_map(|e| match e {
            E::Moved {
                player,
                from,
                to,
                seat,
                sits_out,
                rules,
            } => Some(DueNow::Move {
                player: player.0,
                from: from.0,
                to: to.0,
                seat: seat.0,
                sits_out: *sits_out,
                rules: *rules,
            }),
            E::TableBreakDue {
                table,
                players,
                free_seats,
                rules,
            } => Some(DueNow::Break {
                table: table.0,
                players: *players,
                free_seats: *free_seats,
                rules: *rules,
            }),
            _ => None,
        })
        .collect()
}

/// The seating chart: every table with its seats, who sits there and how (stack, away,
/// penalised, waiting for the button), whether the floor holds it; the break pending and the
/// moves and break balancing has due (TR-17), each with its rules.
pub fn seating_view(t: &Tournament) -> Value {
    let tables: Vec<Value> = t
        .tables
        .iter()
        .map(|ts| {
            let seats: Vec<Value> = ts
                .table
                .seats
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let pl = p.and_then(|p| t.players.get(&p));
                    json!({
                        "seat": i + 1,
                        "player": p.map(|p| p.0),
                        "name": pl.map(|pl| pl.name.clone()),
                        "stack": pl.map(|pl| pl.stack),
                        "absent": pl.is_some_and(|pl| pl.absent),
                        "penalized_until": pl.and_then(|pl| pl.penalized_until),
                        "waiting_for_button": pl.is_some_and(|pl| pl.waiting_for_button),
                    })
                })
                .collect();
            json!({
                "table": ts.table.no.0,
                "button": ts.table.button.0,
                "players": ts.table.players(),
                "in_hand": ts.hand.as_ref().map(|(no, _, _)| no),
                "held": ts.held,
                "seats": seats,
            })
        })
        .collect();
    let due: Vec<Value> = due_now(t)
        .into_iter()
        .map(|d| match d {
            DueNow::Move {
                player,
                from,
                to,
                seat,
                sits_out,
                rules,
            } => json!({
                "move": {"player": player, "from": from, "to": to, "seat": seat, "sits_out": sits_out},
                "rules": rules,
            }),
            DueNow::Break {
                table,
                players,
                free_seats,
                rules,
            } => json!({
                "break": {"table": table, "players": players, "free_seats": free_seats},
                "rules": rules,
            }),
            DueNow::Draw {
                table,
                players,
                free_seats,
            } => json!({
                "draw": {"table": table, "players": players, "free_seats": free_seats},
                "rules": ["TR-17"],
            }),
        })
        .collect();
    json!({
        "started": t.started,
        "finished": t.finished,
        "players_left": t.remaining(),
        "pending_break": t.pending_break.map(|b| b.0),
        "announced": t.pending_moves.iter().map(|(p, from, to)| json!({"player": p.0, "from": from.0, "to": to.0})).collect::<Vec<_>>(),
        "due": due,
        "tables": tables,
    })
}

/// A cash room as JSON for terminals and pages: each table with its seats (guest, name,
/// stack, away, markers, what he owes to come in) and its hand (who acts and what he may do),
/// each game's waiting list and must-move list, and who is called to move. Warnings and
/// money are the floor's to read in the projections.
pub fn cash_view(room: &floorbook_cash::CashRoom) -> Value {
    let tables: Vec<Value> = room
        .tables()
        .keys()
        .filter_map(|t| cash_table_view(room, *t))
        .collect();
    let lists: Vec<Value> = room
        .lists()
        .iter()
        .map(|(game, l)| {
            let name = |g: &u32| room.guests().get(g).map(|x| x.name.clone());
            json!({
                "game": game,
                "waiting": l.waiting.iter().map(|g| json!({"guest": g, "name": name(g)})).collect::<Vec<_>>(),
                "must_move": l.must_move.iter().map(|g| json!({"guest": g, "name": name(g)})).collect::<Vec<_>>(),
                "called": l.called,
            })
        })
        .collect();
    json!({ "tables": tables, "lists": lists })
}

/// One cash table as JSON (see [`cash_view`]); None for a table the room does not have.
pub fn cash_table_view(room: &floorbook_cash::CashRoom, table: u32) -> Option<Value> {
    let t = room.tables().get(&table)?;
    let seats: Vec<Value> = t
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            let guest = room.guests().get(&(*g)?)?;
            let s = guest.sitting.as_ref()?;
            Some(json!({
                "seat": i + 1,
                "guest": guest.id,
                "name": guest.name,
                "stack": s.stack,
                "away": s.away,
                "markers": s.markers,
                "owes": s.owes,
                "in_rotation": s.in_rotation,
            }))
        })
        .collect();
    let hand = t.hand.as_ref().map(|r| {
        json!({
            "hand": r.no,
            "button": r.button,
            "small_blind": r.small_blind,
            "big_blind": r.big_blind,
            "guests": r.guests,
            "phase": r.hand.phase(),
            "board": r.hand.board().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "stacks": r.hand.stacks(),
            "bets": r.hand.bets(),
            "legal": r.hand.legal(),
        })
    });
    Some(json!({
        "table": t.no,
        "game": t.game,
        "open": t.open,
        "hands_played": t.hands_played,
        "seats": seats,
        "hand": hand,
    }))
}
