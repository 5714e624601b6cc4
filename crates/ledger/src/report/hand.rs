//! One hand told line by line (`floorbook hand`): who posted, was dealt, acted and won, each
//! line with the rules that decided it.

use std::collections::HashMap;

use floorbook_cards::Card;
use floorbook_hand::{HandEvent, Pos};
use floorbook_log::{ChainId, EventStore, Seq};
use floorbook_projections::Projector;
use floorbook_rules::Rule;
use floorbook_tournament::engine::TournamentEvent;
use serde_json::{Value, json};

use super::{ReportError, line, player_name, registered_names};
use crate::chain::ChainEvent;

/// A hand as recorded: where it was played, who sat in it, and its events with their
/// sequences (and the cards shown after it, before the table's next hand).
#[derive(Debug, Clone)]
pub struct HandStory {
    pub chain: ChainId,
    pub hand: u64,
    pub table: i64,
    pub level: i64,
    /// The button's seat and the blinds by position, where the hand had blinds.
    pub started: Option<(u32, Vec<u64>)>,
    /// The players by position.
    pub players: Vec<i64>,
    pub names: HashMap<i64, String>,
    pub lines: Vec<(u64, HandEvent)>,
}

/// Reads hand `number` of `chain`: `projector` must be caught up with it.
pub async fn story<S: EventStore>(
    store: &S,
    projector: &Projector,
    chain: &ChainId,
    number: u64,
) -> Result<HandStory, ReportError> {
    let row: Option<(i64, i64, Option<i64>, String, i64)> = projector
        .connection()
        .query_row(
            "SELECT table_no, started_seq, finished_seq, players, level FROM hands WHERE chain = ?1 AND hand = ?2",
            rusqlite::params![chain.as_str(), i64::try_from(number).unwrap_or(i64::MAX)],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)),
        )
        .ok();
    let Some((table, start, finish, players, level)) = row else {
        return Err(ReportError::NoHand {
            chain: chain.clone(),
            hand: number,
        });
    };
    let players: Vec<i64> = serde_json::from_str(&players).unwrap_or_default();
    let names = registered_names(projector, chain)?;
    let mut started: Option<(u32, Vec<u64>)> = None;
    let end = finish.unwrap_or(i64::MAX);
    let mut lines = Vec::new();
    let mut next = Seq(u64::try_from(start).unwrap_or(1));
    // The hand's events, and after its end the cards shown after it (TR-3.5, TR-3.7, TR-3.8),
    // which come before the table's next hand.
    'read: loop {
        let page = store.read(chain, next, 1024).await?;
        let Some(last) = page.last() else { break };
        next = last.seq.next();
        for e in &page {
            let env = e.envelope()?;
            match ChainEvent::decode(&env)? {
                ChainEvent::Decided(TournamentEvent::InHand { hand, event, .. })
                    if hand == number =>
                {
                    lines.push((e.seq.0, event));
                }
                ChainEvent::Decided(TournamentEvent::HandStarted {
                    hand,
                    button,
                    blinds,
                    ..
                }) if hand == number => {
                    started = Some((button.0, blinds));
                }
                ChainEvent::Decided(TournamentEvent::HandStarted { table: t, .. })
                    if i64::try_from(e.seq.0).unwrap_or(i64::MAX) > end
                        && i64::from(t.0) == table =>
                {
                    break 'read;
                }
                _ => {}
            }
        }
    }
    Ok(HandStory {
        chain: chain.clone(),
        hand: number,
        table,
        level,
        started,
        players,
        names,
        lines,
    })
}

impl HandStory {
    /// The hand as JSON for scripts: its events as recorded.
    pub fn json(&self) -> Value {
        let list: Vec<Value> = self
            .lines
            .iter()
            .map(|(seq, e)| json!({"seq": seq, "event": e}))
            .collect();
        json!({"chain": self.chain.as_str(), "hand": self.hand, "table": self.table,
            "level": self.level, "button": self.started.as_ref().map(|s| s.0),
            "blinds": self.started.as_ref().map(|s| &s.1), "players": self.players,
            "events": list})
    }

    /// The hand as a floor person reads it, one event a line.
    pub fn text(&self) -> String {
        let mut out = String::new();
        let names = &self.names;
        line!(
            out,
            "hand {} at table {}, level {}",
            self.hand,
            self.table,
            self.level
        );
        let stud = self
            .lines
            .iter()
            .any(|(_, e)| matches!(e, HandEvent::StudDealt { .. }));
        if stud {
            line!(out, "  stud: dealt from seat 1 round the table; no blinds");
        } else if let Some((button, blinds)) = &self.started {
            let posted: Vec<String> = blinds
                .iter()
                .enumerate()
                .filter(|(_, b)| **b > 0)
                .filter_map(|(pos, b)| {
                    self.players
                        .get(pos)
                        .map(|p| format!("{} {b}", player_name(*p, names)))
                })
                .collect();
            line!(
                out,
                "  button seat {button}; blinds: {}",
                if posted.is_empty() {
                    "none".to_string()
                } else {
                    posted.join(", ")
                }
            );
        }
        let order: Vec<String> = self
            .players
            .iter()
            .map(|p| player_name(*p, names))
            .collect();
        line!(
            out,
            "  by position from {}: {}",
            if stud {
                "the dealer's left"
            } else {
                "the button's left"
            },
            order.join(", ")
        );
        for (seq, e) in &self.lines {
            line!(out, "  {seq:>6}  {}", describe(e, &self.players, names));
        }
        out
    }
}

/// A hand event as a line a floor person reads.
pub fn describe(e: &HandEvent, players: &[i64], names: &HashMap<i64, String>) -> String {
    let who = |pos: Pos| -> String {
        players
            .get(pos.0)
            .map_or("?".to_string(), |p| player_name(*p, names))
    };
    let ids: Vec<&str> = e.rules().iter().map(Rule::id).collect();
    let rules = if ids.is_empty() {
        String::new()
    } else {
        format!(" ({})", ids.join(", "))
    };
    let cards = |cs: &[Option<Card>]| -> String {
        cs.iter()
            .map(|c| c.map_or("??".to_string(), |c| c.to_string()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match e {
        HandEvent::AntePosted { pos, amount, .. } => {
            format!("{} posts ante {amount}{rules}", who(*pos))
        }
        HandEvent::BlindPosted { pos, amount, .. } => {
            format!("{} posts blind {amount}{rules}", who(*pos))
        }
        HandEvent::DeadBlindPosted { pos, amount, .. } => {
            format!("{} posts dead blind {amount}{rules}", who(*pos))
        }
        HandEvent::HoleDealt { pos, cards: cs } => format!("{} is dealt {}", who(*pos), cards(cs)),
        HandEvent::BoardDealt {
            street,
            cards: cs,
            unseen,
        } => {
            let mut cs: Vec<Option<Card>> = cs.iter().copied().map(Some).collect();
            cs.extend(std::iter::repeat_n(None, usize::from(*unseen)));
            let note = if *unseen > 0 { " (not entered)" } else { "" };
            format!("{}: {}{note}", snake(street), cards(&cs))
        }
        HandEvent::StudDealt {
            street,
            pos,
            down,
            up,
        } => match (down.is_empty(), up.is_empty()) {
            (false, false) => format!(
                "{} street: {} is dealt {} down, {} up",
                snake(street),
                who(*pos),
                cards(down),
                cards(up)
            ),
            (false, true) => format!(
                "{} street: {} is dealt {} down",
                snake(street),
                who(*pos),
                cards(down)
            ),
            _ => format!(
                "{} street: {} is dealt {} up",
                snake(street),
                who(*pos),
                cards(up)
            ),
        },
        HandEvent::FirstToAct {
            street,
            pos,
            showing,
            bring_in,
            ..
        } => {
            let showing: Vec<Option<Card>> = showing.iter().copied().map(Some).collect();
            format!(
                "{} street: {} showing {} {}{rules}",
                snake(street),
                who(*pos),
                cards(&showing),
                if *bring_in {
                    "brings it in"
                } else if *street == floorbook_hand::Street::Third {
                    "is the low card, but all in: the next player brings it in"
                } else {
                    "acts first"
                }
            )
        }
        HandEvent::BringInPosted {
            pos,
            amount,
            all_in,
            ..
        } => format!(
            "{} brings in {amount}{}{rules}",
            who(*pos),
            if *all_in { ", all-in" } else { "" }
        ),
        HandEvent::Folded { pos } => format!("{} folds", who(*pos)),
        HandEvent::Checked { pos } => format!("{} checks", who(*pos)),
        HandEvent::Called {
            pos,
            amount,
            all_in,
        } => format!(
            "{} calls {amount}{}",
            who(*pos),
            if *all_in { ", all-in" } else { "" }
        ),
        HandEvent::BetOrRaised {
            pos,
            to,
            increment,
            full,
            all_in,
            ..
        } => format!(
            "{} {} to {to}{}{rules}",
            who(*pos),
            if !*full {
                "goes all-in short"
            } else if e.rules().contains(Rule::TdaRp10) {
                "completes"
            } else if *increment == *to {
                "bets"
            } else {
                "raises"
            },
            if *all_in { " (all-in)" } else { "" }
        ),
        HandEvent::BetReturned { pos, amount, .. } => {
            format!("{} takes back {amount} uncalled{rules}", who(*pos))
        }
        HandEvent::Shown { pos, cards: cs } => format!("{} shows {}", who(*pos), cards(cs)),
        HandEvent::Mucked { pos, .. } => format!("{} mucks{rules}", who(*pos)),
        HandEvent::PotAwarded {
            pot,
            amount,
            shares,
            read_by_dealer,
            ..
        } => {
            let shares: Vec<String> = shares
                .iter()
                .map(|(p, c)| format!("{} gets {c}", who(*p)))
                .collect();
            let read = if *read_by_dealer {
                " as the dealer read the hands (the board was not entered)"
            } else {
                ""
            };
            format!("pot {pot} of {amount}: {}{read}{rules}", shares.join(", "))
        }
        HandEvent::Irregularity { kind, remedy, .. } => {
            format!("irregularity {}: {remedy}{rules}", snake(kind))
        }
        HandEvent::Interpreted { pos, reading, .. } => {
            format!("{} read as {}{rules}", who(*pos), snake(reading))
        }
        HandEvent::OutOfTurn { pos, .. } => format!("{} acts out of turn{rules}", who(*pos)),
        HandEvent::HandDeclaredDead { pos, .. } => {
            format!("{}'s hand is declared dead{rules}", who(*pos))
        }
        HandEvent::ShownAfterHand { pos, cards: cs, .. } => {
            let cs: Vec<Option<Card>> = cs.iter().copied().map(Some).collect();
            format!("{} shows {} after the hand{rules}", who(*pos), cards(&cs))
        }
        HandEvent::WinnerShowedByChoice { pos, shown, .. } => {
            format!("{} chose to show {shown} cards{rules}", who(*pos))
        }
        HandEvent::HoleCardsCorrected {
            pos,
            was,
            now,
            reason,
            ..
        } => {
            let now: Vec<Option<Card>> = now.iter().copied().map(Some).collect();
            format!(
                "the floor corrects {}'s cards from {} to {}: {reason}{rules}",
                who(*pos),
                cards(was),
                cards(&now)
            )
        }
        HandEvent::ChipsForfeited { pos, amount, .. } => {
            format!("{} forfeits {amount} hidden chips{rules}", who(*pos))
        }
        other => format!("{}{rules}", snake(other).replace('_', " ")),
    }
}

/// A value's serde name (`flop`, `four_card_flop`, `settled` …), for the text of a hand.
pub fn snake<T: serde::Serialize>(v: &T) -> String {
    match serde_json::to_value(v) {
        Ok(Value::String(s)) => s,
        Ok(Value::Object(m)) => m
            .get("type")
            .or_else(|| m.values().next())
            .and_then(Value::as_str)
            .unwrap_or("?")
            .to_string(),
        Ok(other) => other.to_string(),
        Err(_) => "?".to_string(),
    }
}
