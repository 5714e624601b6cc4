//! Readable views of a tournament's state: a table, its hand in progress, who acts and what
//! is legal. Shared by `replay`, `explain` and the service's `state` query.

use floorbook_tournament::engine::{TableState, Tournament};
use serde_json::{Value, json};

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
                let stack = t.players.get(&p).map_or(0, |pl| pl.stack);
                json!({"seat": i + 1, "player": p.0, "stack": stack})
            })
        })
        .collect();
    let hand = ts.hand.as_ref().map(|(no, h, ids)| {
        json!({
            "hand": no,
            "phase": format!("{:?}", h.phase()),
            "street": format!("{:?}", h.street()),
            "board": h.board().iter().map(ToString::to_string).collect::<Vec<_>>(),
            "players": ids.iter().map(|p| p.0).collect::<Vec<_>>(),
            "stacks": h.stacks().iter().map(|c| c.0).collect::<Vec<_>>(),
            "bets": h.bets().iter().map(|c| c.0).collect::<Vec<_>>(),
            "pots": h.pots(),
            "to_act": h.actor().map(|p| json!({"pos": p.0, "player": ids.get(p.0).map(|x| x.0)})),
            "legal": h.legal(),
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
