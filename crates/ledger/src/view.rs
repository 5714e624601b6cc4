//! Readable views of a tournament's state: a table, its hand in progress, who acts and what
//! is legal. Shared by `replay`, `explain` and the service's `state` query.

use floorbook_hand::Turns;
use floorbook_tournament::engine::{TableState, Tournament};
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

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

/// A name as serde writes it (an enum's snake-case name).
fn serde_name<T: serde::Serialize>(t: &T) -> String {
    match serde_json::to_value(t) {
        Ok(Value::String(s)) => s,
        _ => String::new(),
    }
}

/// A seat at a tournament table, with who sits there.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatView {
    /// The seat on the felt, from 1.
    pub seat: u32,
    pub player: u32,
    pub name: Option<String>,
    pub stack: u64,
}

/// A pot: its chips and the positions that may win it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct PotView {
    pub amount: u64,
    pub eligible: Vec<usize>,
}

impl PotView {
    fn of(p: &floorbook_hand::Pot) -> PotView {
        PotView {
            amount: p.amount.0,
            eligible: p.eligible.iter().map(|e| e.0).collect(),
        }
    }
}

/// What the player to act may do.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct LegalView {
    /// The position to act.
    pub actor: usize,
    /// Chips needed to call; zero: a check is possible.
    pub call: u64,
    pub fold: bool,
    /// The least and the most a bet or raise may go to; none when he may not bet or raise.
    pub raise_to: Option<[u64; 2]>,
    /// The rules that decide it (IDs).
    pub rules: Vec<String>,
    /// Stud: the bring-in due from the actor.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bring_in: Option<u64>,
}

impl LegalView {
    pub fn of(l: &floorbook_hand::Legal) -> LegalView {
        LegalView {
            actor: l.actor.0,
            call: l.call.0,
            fold: l.fold,
            raise_to: l.raise_to.map(|(a, b)| [a.0, b.0]),
            rules: l.rules.iter().map(|r| r.id().to_string()).collect(),
            bring_in: l.bring_in.map(|c| c.0),
        }
    }
}

/// Whose turn it is: his position in the hand and his player number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToAct {
    pub pos: usize,
    pub player: Option<u32>,
}

/// A tournament table's hand in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HandView {
    /// The hand's number at its table.
    pub hand: u64,
    /// The game (`holdem`, `omaha`, `stud`, …).
    pub game: String,
    /// Stud: each position's up cards (none for a folded hand); none in a flop game.
    pub showing: Option<Vec<Vec<String>>>,
    /// What the hand waits for (`Betting`, `Showdown`, …).
    pub phase: String,
    /// The betting round (`Preflop`, `Flop`, …).
    pub street: String,
    pub board: Vec<String>,
    /// The players by position (position 0 is left of the button).
    pub players: Vec<u32>,
    pub stacks: Vec<u64>,
    pub bets: Vec<u64>,
    pub pots: Vec<PotView>,
    pub to_act: Option<ToAct>,
    pub legal: Option<LegalView>,
    /// Board cards the dealer deals next when nobody is to act.
    pub board_due: usize,
    /// The position due to show or muck next.
    pub shows_next: Option<usize>,
    /// Board cards dealt without being entered (the showdown is then the dealer's reading).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub board_unseen: usize,
    /// The pots the dealer awards next as he reads the hands (0 is the main pot).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pots_to_award: Vec<usize>,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One tournament table: seats with stacks, the button and the hand in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TableView {
    pub table: u32,
    /// The button's seat.
    pub button: u32,
    pub seats: Vec<SeatView>,
    pub hand: Option<HandView>,
}

/// One table: seats with stacks, the button, and the hand in progress with whose turn it is
/// and the legal actions and their limits.
pub fn table_view(t: &Tournament, ts: &TableState) -> TableView {
    let seats: Vec<SeatView> = ts
        .table
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            p.map(|p| {
                let pl = t.players.get(&p);
                SeatView {
                    seat: i as u32 + 1,
                    player: p.0,
                    name: pl.map(|pl| pl.name.clone()),
                    stack: pl.map_or(0, |pl| pl.stack),
                }
            })
        })
        .collect();
    let hand = ts.hand.as_ref().map(|(no, h, ids)| {
        // Stud: what each live hand shows (its up cards), by position.
        let showing: Option<Vec<Vec<String>>> = h.is_stud().then(|| {
            let s = h;
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
        HandView {
            hand: *no,
            game: serde_name(&h.game()),
            showing,
            phase: format!("{:?}", h.phase()),
            street: format!("{:?}", h.street()),
            board: h.board().iter().map(ToString::to_string).collect(),
            players: ids.iter().map(|p| p.0).collect(),
            stacks: h.stacks().iter().map(|c| c.0).collect(),
            bets: h.bets().iter().map(|c| c.0).collect(),
            pots: h.pots().iter().map(PotView::of).collect(),
            to_act: h.actor().map(|p| ToAct {
                pos: p.0,
                player: ids.get(p.0).map(|x| x.0),
            }),
            legal: h.legal().as_ref().map(LegalView::of),
            // What the dealer enters next when nobody is to act: board cards, or the cards
            // of the player due to show or muck.
            board_due: h.board_due(),
            shows_next: h.showdown_next().map(|p| p.0),
            board_unseen: h.board_unseen(),
            pots_to_award: h.pots_to_award(),
        }
    });
    TableView {
        table: ts.table.no.0,
        button: ts.table.button.0,
        seats,
        hand,
    }
}

/// The whole tournament: level, players left, every table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TournamentView {
    /// The level in force, from 1.
    pub level: usize,
    pub players_left: u32,
    pub started: bool,
    pub finished: bool,
    /// The table announced to break (TR-17), its players drawing seats.
    pub pending_break: Option<u32>,
    pub tables: Vec<TableView>,
}

/// The whole tournament: level, players left, every table.
pub fn tournament_view(t: &Tournament) -> TournamentView {
    TournamentView {
        level: t.level + 1,
        players_left: t.remaining(),
        started: t.started,
        finished: t.finished,
        pending_break: t.pending_break.map(|b| b.0),
        tables: t.tables.iter().map(|ts| table_view(t, ts)).collect(),
    }
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

/// A seat on the seating chart, empty or taken.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChartSeat {
    pub seat: u32,
    pub player: Option<u32>,
    pub name: Option<String>,
    pub stack: Option<u64>,
    /// Away from the table (TR-6, PLO-10).
    pub absent: bool,
    /// Under a time penalty until this time, seconds into the tournament (TR-28).
    pub penalized_until: Option<u64>,
    /// Moved into a blind position: sits out until the button passes (TR-17).
    pub waiting_for_button: bool,
}

/// A table on the seating chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ChartTable {
    pub table: u32,
    pub button: u32,
    pub players: usize,
    /// The hand in play, by its number.
    pub in_hand: Option<u64>,
    /// Held by the floor: no hand starts (TR-26).
    pub held: bool,
    pub seats: Vec<ChartSeat>,
}

/// A move balancing has due.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DueMove {
    pub player: u32,
    pub from: u32,
    pub to: u32,
    pub seat: u32,
    pub sits_out: bool,
}

/// A table to break, or whose players draw their seats.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct DueBreak {
    pub table: u32,
    pub players: u32,
    pub free_seats: u32,
}

/// What balancing has due, with its rules: one of `move`, `break` and `draw`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Due {
    #[serde(rename = "move", default, skip_serializing_if = "Option::is_none")]
    pub move_: Option<DueMove>,
    #[serde(rename = "break", default, skip_serializing_if = "Option::is_none")]
    pub break_: Option<DueBreak>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<DueBreak>,
    pub rules: Vec<String>,
}

/// A move announced (TR-17): the player goes when his table's hand is over.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Announced {
    pub player: u32,
    pub from: u32,
    pub to: u32,
}

/// The seating chart.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatingView {
    pub started: bool,
    pub finished: bool,
    pub players_left: u32,
    pub pending_break: Option<u32>,
    pub announced: Vec<Announced>,
    pub due: Vec<Due>,
    pub tables: Vec<ChartTable>,
}

fn rule_ids(rules: floorbook_rules::RuleSet) -> Vec<String> {
    rules.iter().map(|r| r.id().to_string()).collect()
}

/// The seating chart: every table with its seats, who sits there and how (stack, away,
/// penalised, waiting for the button), whether the floor holds it; the break pending and the
/// moves and break balancing has due (TR-17), each with its rules.
pub fn seating_view(t: &Tournament) -> SeatingView {
    let tables: Vec<ChartTable> = t
        .tables
        .iter()
        .map(|ts| {
            let seats: Vec<ChartSeat> = ts
                .table
                .seats
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    let pl = p.and_then(|p| t.players.get(&p));
                    ChartSeat {
                        seat: i as u32 + 1,
                        player: p.map(|p| p.0),
                        name: pl.map(|pl| pl.name.clone()),
                        stack: pl.map(|pl| pl.stack),
                        absent: pl.is_some_and(|pl| pl.absent),
                        penalized_until: pl.and_then(|pl| pl.penalized_until),
                        waiting_for_button: pl.is_some_and(|pl| pl.waiting_for_button),
                    }
                })
                .collect();
            ChartTable {
                table: ts.table.no.0,
                button: ts.table.button.0,
                players: ts.table.players(),
                in_hand: ts.hand.as_ref().map(|(no, _, _)| *no),
                held: ts.held,
                seats,
            }
        })
        .collect();
    let due: Vec<Due> = due_now(t)
        .into_iter()
        .map(|d| {
            let mut due = Due {
                move_: None,
                break_: None,
                draw: None,
                rules: Vec::new(),
            };
            match d {
                DueNow::Move {
                    player,
                    from,
                    to,
                    seat,
                    sits_out,
                    rules,
                } => {
                    due.move_ = Some(DueMove {
                        player,
                        from,
                        to,
                        seat,
                        sits_out,
                    });
                    due.rules = rule_ids(rules);
                }
                DueNow::Break {
                    table,
                    players,
                    free_seats,
                    rules,
                } => {
                    due.break_ = Some(DueBreak {
                        table,
                        players,
                        free_seats,
                    });
                    due.rules = rule_ids(rules);
                }
                DueNow::Draw {
                    table,
                    players,
                    free_seats,
                } => {
                    due.draw = Some(DueBreak {
                        table,
                        players,
                        free_seats,
                    });
                    due.rules = vec!["TR-17".to_string()];
                }
            }
            due
        })
        .collect();
    SeatingView {
        started: t.started,
        finished: t.finished,
        players_left: t.remaining(),
        pending_break: t.pending_break.map(|b| b.0),
        announced: t
            .pending_moves
            .iter()
            .map(|(p, from, to)| Announced {
                player: p.0,
                from: from.0,
                to: to.0,
            })
            .collect(),
        due,
        tables,
    }
}

/// A guest on a list, by number and name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Listed {
    pub guest: u32,
    pub name: Option<String>,
}

/// A game's waiting list and must-move list (GCB-9, GCB-10).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ListView {
    pub game: String,
    pub waiting: Vec<Listed>,
    pub must_move: Vec<Listed>,
    /// The must-move guest called to the main table.
    pub called: Option<u32>,
}

/// A cash room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CashView {
    pub tables: Vec<CashTableView>,
    pub lists: Vec<ListView>,
}

/// What a guest owes to come back in (GCB-7).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OwesView {
    /// A big blind, live.
    pub big_blind: bool,
    /// A small blind, dead.
    pub small_blind_dead: bool,
    /// He comes in only in the big blind.
    pub waits_for_big_blind: bool,
}

/// A guest's seat at a cash table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CashSeat {
    pub seat: u32,
    pub guest: u32,
    pub name: String,
    pub stack: u64,
    pub away: bool,
    /// Away markers (GCB-8).
    pub markers: u32,
    pub owes: OwesView,
    pub in_rotation: bool,
}

/// A cash table's hand in progress.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CashHandView {
    pub hand: u64,
    /// The seats of the button and the blinds (none: the small blind is dead).
    pub button: u32,
    pub small_blind: Option<u32>,
    pub big_blind: u32,
    /// The guests by position.
    pub guests: Vec<u32>,
    /// What the hand waits for (`betting`, `showdown`, …).
    pub phase: String,
    pub board: Vec<String>,
    pub stacks: Vec<u64>,
    pub bets: Vec<u64>,
    pub legal: Option<LegalView>,
}

/// One cash table.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CashTableView {
    pub table: u32,
    pub game: String,
    pub open: bool,
    pub hands_played: u64,
    pub seats: Vec<CashSeat>,
    pub hand: Option<CashHandView>,
}

/// A cash room for terminals and pages: each table with its seats (guest, name, stack, away,
/// markers, what he owes to come in) and its hand (who acts and what he may do), each game's
/// waiting list and must-move list, and who is called to move. Warnings and money are the
/// floor's to read in the projections.
pub fn cash_view(room: &floorbook_cash::CashRoom) -> CashView {
    let tables: Vec<CashTableView> = room
        .tables()
        .keys()
        .filter_map(|t| cash_table_view(room, *t))
        .collect();
    let lists: Vec<ListView> = room
        .lists()
        .iter()
        .map(|(game, l)| {
            let listed = |g: &u32| Listed {
                guest: *g,
                name: room.guests().get(g).map(|x| x.name.clone()),
            };
            ListView {
                game: game.clone(),
                waiting: l.waiting.iter().map(listed).collect(),
                must_move: l.must_move.iter().map(listed).collect(),
                called: l.called,
            }
        })
        .collect();
    CashView { tables, lists }
}

/// One cash table (see [`cash_view`]); None for a table the room does not have.
pub fn cash_table_view(room: &floorbook_cash::CashRoom, table: u32) -> Option<CashTableView> {
    let t = room.tables().get(&table)?;
    let seats: Vec<CashSeat> = t
        .seats
        .iter()
        .enumerate()
        .filter_map(|(i, g)| {
            let guest = room.guests().get(&(*g)?)?;
            let s = guest.sitting.as_ref()?;
            Some(CashSeat {
                seat: i as u32 + 1,
                guest: guest.id,
                name: guest.name.clone(),
                stack: s.stack,
                away: s.away,
                markers: s.markers,
                owes: OwesView {
                    big_blind: s.owes.big_blind,
                    small_blind_dead: s.owes.small_blind_dead,
                    waits_for_big_blind: s.owes.waits_for_big_blind,
                },
                in_rotation: s.in_rotation,
            })
        })
        .collect();
    let hand = t.hand.as_ref().map(|r| CashHandView {
        hand: r.no,
        button: r.button,
        small_blind: r.small_blind,
        big_blind: r.big_blind,
        guests: r.guests.clone(),
        phase: serde_name(&r.hand.phase()),
        board: r.hand.board().iter().map(ToString::to_string).collect(),
        stacks: r.hand.stacks().iter().map(|c| c.0).collect(),
        bets: r.hand.bets().iter().map(|c| c.0).collect(),
        legal: r.hand.legal().as_ref().map(LegalView::of),
    });
    Some(CashTableView {
        table: t.no,
        game: t.game.clone(),
        open: t.open,
        hands_played: t.hands_played,
        seats,
        hand,
    })
}
