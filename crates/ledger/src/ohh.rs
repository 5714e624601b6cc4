//! A tournament hand as an Open Hand History (OHH, spec 1.4.6, hh-specs.handhistory.org): the
//! JSON object that trackers and training tools import. Written from the chain: the hand's
//! players by seat with their stacks when it began (re-derived to its start), then its events
//! as OHH rounds and actions, and its pots with who won what.
//!
//! Amounts are tournament chips. A bet's amount is what the player put in with that action (a
//! raise to 600 over his own 200 is 400), as the specification says. Cards nobody saw are
//! left out; a hole card named while the hand was played is written once the hand is over.
//! OHH has no stud: a stud hand is refused (PHH writes it).

use chrono::{DateTime, SecondsFormat, Utc};
use floorbook_hand::{GameKind, HandEvent, Structure};
use floorbook_log::{ChainId, EventStore, Seq};
use floorbook_tournament::engine::TournamentEvent;
use floorbook_tournament::seating::TableNo;
use serde_json::{Value, json};

use crate::reader::{LoadError, load};

/// The OHH specification version written.
pub const SPEC_VERSION: &str = "1.4.6";

/// A hand could not be written as OHH.
#[derive(Debug, thiserror::Error)]
pub enum OhhError {
    #[error(transparent)]
    Load(#[from] LoadError),
    #[error(transparent)]
    Store(#[from] floorbook_log::StoreError),
    #[error("chain {chain} has no hand {hand}")]
    NoHand { chain: ChainId, hand: u64 },
    #[error("hand {hand} is not over yet: a hand history is written once it is")]
    NotOver { hand: u64 },
    #[error(
        "hand {hand} is {game}: the Open Hand History has no stud games (`floorbook hand {hand}` and the PHH export write it)"
    )]
    Stud { hand: u64, game: String },
    #[error("hand {hand} does not re-derive from the chain: {why}")]
    Diverged { hand: u64, why: String },
}

/// The OHH object (`{"ohh": …}`) of hand `hand` of the tournament chain `chain`.
pub async fn hand_history<S: EventStore>(
    store: &S,
    chain: &ChainId,
    hand: u64,
) -> Result<Value, OhhError> {
    let rec = load(store, chain.clone()).await?;
    let started = rec
        .events
        .iter()
        .position(|e| matches!(e, TournamentEvent::HandStarted { hand: h, .. } if *h == hand));
    let Some(started) = started else {
        return Err(OhhError::NoHand {
            chain: chain.clone(),
            hand,
        });
    };
    let finished = rec
        .events
        .iter()
        .position(|e| matches!(e, TournamentEvent::HandFinished { hand: h, .. } if *h == hand))
        .ok_or(OhhError::NotOver { hand })?;
    let TournamentEvent::HandStarted {
        table,
        level,
        button,
        players,
        blinds,
        ..
    } = rec.events[started].clone()
    else {
        return Err(OhhError::NoHand {
            chain: chain.clone(),
            hand,
        });
    };
    let start_seq = rec.seqs.get(started - rec.base).copied().unwrap_or(1);
    let started_at = store
        .read(chain, Seq(start_seq), 1)
        .await?
        .first()
        .and_then(|e| e.envelope().ok())
        .map_or(DateTime::<Utc>::UNIX_EPOCH, |env| env.at);
    let profile = rec.profile.clone();
    if matches!(
        profile.game,
        GameKind::Stud | GameKind::StudHiLo | GameKind::Razz
    ) {
        return Err(OhhError::Stud {
            hand,
            game: format!("{:?}", profile.game),
        });
    }
    let diverged = |d: Box<floorbook_tournament::rederive::Divergence>| OhhError::Diverged {
        hand,
        why: format!("{d:?}"),
    };
    let mut replay = rec.into_replayer();
    // The table as the hand began: who sits where, with what.
    replay.run_through(started).map_err(diverged)?;
    let t = replay.tournament();
    let seat_of = |p: floorbook_tournament::seating::PlayerId| -> Option<u32> {
        t.tables
            .iter()
            .find(|ts| ts.table.no == table)?
            .table
            .seats
            .iter()
            .position(|s| *s == Some(p))
            .map(|i| i as u32 + 1)
    };
    let seats: Vec<Option<u32>> = players.iter().map(|p| seat_of(*p)).collect();
    let names: Vec<String> = players
        .iter()
        .map(|p| {
            t.players
                .get(p)
                .map_or_else(|| p.0.to_string(), |pl| pl.name.clone())
        })
        .collect();
    replay.run_through(finished).map_err(diverged)?;
    let t = replay.tournament();
    let Some((_, played)) = t
        .tables
        .iter()
        .find(|ts| ts.table.no == table)
        .and_then(|ts| ts.last_hand.as_ref())
        .filter(|(no, _)| *no == hand)
    else {
        return Err(OhhError::Diverged {
            hand,
            why: "the finished hand is not at its table".into(),
        });
    };
    let starting = played.starting_stacks().to_vec();
    let events = played.events().to_vec();
    let ids: Vec<u32> = players.iter().map(|p| p.0).collect();
    let schedule = &profile.levels.schedule;
    let (small, big, ante) = schedule
        .get(level)
        .map_or((0, 0, 0), |l| (l.small, l.big, l.ante));
    let (rounds, pots) = rounds_and_pots(&events, &ids, &blinds, small);
    let players_json: Vec<Value> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            json!({
                "id": id,
                "seat": seats[i],
                "name": names[i],
                "starting_stack": starting.get(i).map_or(0, |c| c.0),
            })
        })
        .collect();
    let buy_in = match profile.buy_ins.as_slice() {
        [one] => floorbook_tournament::buy_in_cents(one).map(|c| c as f64 / 100.0),
        _ => None,
    };
    let mut info = json!({
        "tournament_number": chain.as_str(),
        "name": profile.title,
        "currency": "EUR",
        "initial_stack": profile.starting_chips,
        "type": "MTT",
    });
    if let Some(b) = buy_in {
        info["buyin_amount"] = json!(b);
        info["fee_amount"] = json!(0);
    }
    Ok(json!({"ohh": {
        "spec_version": SPEC_VERSION,
        "site_name": "Floorbook",
        "network_name": "Floorbook",
        "internal_version": env!("CARGO_PKG_VERSION"),
        "tournament": true,
        "tournament_info": info,
        "game_number": format!("{chain}-{hand}"),
        "start_date_utc": started_at.to_rfc3339_opts(SecondsFormat::Secs, true),
        "table_name": table_name(table),
        "game_type": match profile.game { GameKind::Omaha => "Omaha", _ => "Holdem" },
        "bet_limit": {
            "bet_type": match profile.structure {
                Structure::NoLimit => "NL",
                Structure::PotLimit => "PL",
                Structure::FixedLimit => "FL",
            },
            "bet_cap": 0,
        },
        "table_size": profile.seats_per_table,
        "dealer_seat": button.0,
        "small_blind_amount": small,
        "big_blind_amount": big,
        "ante_amount": ante,
        "flags": [],
        "players": players_json,
        "rounds": rounds,
        "pots": pots,
    }}))
}

fn table_name(table: TableNo) -> String {
    format!("Table {}", table.0)
}

fn street_name(street: floorbook_hand::Street) -> &'static str {
    use floorbook_hand::Street;
    match street {
        Street::Preflop => "Preflop",
        Street::Flop => "Flop",
        Street::Turn => "Turn",
        Street::River => "River",
        _ => "Showdown",
    }
}

fn card_names(cards: &[Option<floorbook_cards::Card>]) -> Vec<String> {
    cards.iter().flatten().map(ToString::to_string).collect()
}

/// The hand's events as OHH rounds (Preflop, then a round for each street dealt, then the
/// showdown) and its pots. `ids` are the players by position, `blinds` the blind each position
/// owed (the small blind `small`, the big blind, or none).
fn rounds_and_pots(
    events: &[HandEvent],
    ids: &[u32],
    blinds: &[u64],
    small: u64,
) -> (Value, Value) {
    let mut rounds: Vec<Value> =
        vec![json!({"id": 0, "street": "Preflop", "cards": [], "actions": []})];
    let mut number = 0u64;
    // What each position has put in on this street, and the street's highest bet.
    let mut in_street = vec![0u64; ids.len()];
    let mut top = 0u64;
    let mut blinds_seen = 0usize;
    let mut settled = false;
    let mut pots: Vec<Value> = Vec::new();
    let id = |pos: floorbook_hand::Pos| ids.get(pos.0).copied();
    let mut push = |rounds: &mut Vec<Value>, action: Value| {
        number += 1;
        let mut a = action;
        a["action_number"] = json!(number);
        if let Some(Value::Array(actions)) = rounds.last_mut().map(|r| &mut r["actions"]) {
            actions.push(a);
        }
    };
    let showdown = |rounds: &mut Vec<Value>| {
        if rounds.last().is_none_or(|r| r["street"] != "Showdown") {
            let next = rounds.len();
            rounds.push(json!({"id": next, "street": "Showdown", "cards": [], "actions": []}));
        }
    };
    for e in events {
        match e {
            HandEvent::AntePosted { pos, amount, all_in, .. } => push(
                &mut rounds,
                json!({"player_id": id(*pos), "action": "Post Ante", "amount": amount.0, "is_allin": all_in}),
            ),
            HandEvent::BlindPosted { pos, amount, all_in, .. } => {
                // The blind the position owed (a short stack posts what he has, all in).
                let owed = blinds.get(pos.0).copied().unwrap_or(0);
                let name = if owed == small && blinds_seen == 0 && owed > 0 {
                    "Post SB"
                } else if owed > 0 {
                    "Post BB"
                } else {
                    "Post Extra Blind"
                };
                blinds_seen += 1;
                if let Some(s) = in_street.get_mut(pos.0) {
                    *s += amount.0;
                    top = top.max(*s);
                }
                push(
                    &mut rounds,
                    json!({"player_id": id(*pos), "action": name, "amount": amount.0, "is_allin": all_in}),
                );
            }
            HandEvent::DeadBlindPosted { pos, amount, .. } => push(
                &mut rounds,
                json!({"player_id": id(*pos), "action": "Post Dead", "amount": amount.0, "is_allin": false}),
            ),
            HandEvent::HoleDealt { pos, cards } => {
                // One "Dealt Cards" a player, whether his cards came one by one or at once.
                let known = card_names(cards);
                let dealt = rounds.first_mut().and_then(|r| {
                    r["actions"].as_array_mut()?.iter_mut().find(|a| {
                        a["action"] == "Dealt Cards" && a["player_id"] == json!(id(*pos))
                    })
                });
                match dealt {
                    Some(a) => {
                        if let Some(Value::Array(c)) = a.get_mut("cards") {
                            c.extend(known.into_iter().map(Value::from));
                        } else if !known.is_empty() {
                            a["cards"] = json!(known);
                        }
                    }
                    None => {
                        let mut a = json!({"player_id": id(*pos), "action": "Dealt Cards"});
                        if !known.is_empty() {
                            a["cards"] = json!(known);
                        }
                        push(&mut rounds, a);
                    }
                }
            }
            HandEvent::BoardDealt { street, cards } => {
                let next = rounds.len();
                rounds.push(json!({
                    "id": next,
                    "street": street_name(*street),
                    "cards": cards.iter().map(ToString::to_string).collect::<Vec<_>>(),
                    "actions": [],
                }));
                in_street.iter_mut().for_each(|s| *s = 0);
                top = 0;
            }
            HandEvent::Folded { pos } => {
                push(&mut rounds, json!({"player_id": id(*pos), "action": "Fold"}));
            }
            HandEvent::Checked { pos } => {
                push(&mut rounds, json!({"player_id": id(*pos), "action": "Check"}));
            }
            HandEvent::Called { pos, amount, all_in } => {
                if let Some(s) = in_street.get_mut(pos.0) {
                    *s += amount.0;
                }
                push(
                    &mut rounds,
                    json!({"player_id": id(*pos), "action": "Call", "amount": amount.0, "is_allin": all_in}),
                );
            }
            HandEvent::BetOrRaised { pos, to, all_in, .. } => {
                let before = in_street.get(pos.0).copied().unwrap_or(0);
                let name = if top == 0 { "Bet" } else { "Raise" };
                if let Some(s) = in_street.get_mut(pos.0) {
                    *s = to.0;
                }
                top = top.max(to.0);
                push(
                    &mut rounds,
                    json!({"player_id": id(*pos), "action": name, "amount": to.0.saturating_sub(before), "is_allin": all_in}),
                );
            }
            HandEvent::ShowdownBegan { .. } => showdown(&mut rounds),
            HandEvent::Shown { pos, cards } => {
                showdown(&mut rounds);
                push(
                    &mut rounds,
                    json!({"player_id": id(*pos), "action": "Shows Cards", "cards": card_names(cards)}),
                );
            }
            HandEvent::ShownAfterHand { pos, cards, .. } => {
                showdown(&mut rounds);
                push(
                    &mut rounds,
                    json!({"player_id": id(*pos), "action": "Shows Cards", "cards": cards.iter().map(ToString::to_string).collect::<Vec<_>>()}),
                );
            }
            HandEvent::Mucked { pos, .. } => {
                showdown(&mut rounds);
                push(&mut rounds, json!({"player_id": id(*pos), "action": "Mucks Cards"}));
            }
            HandEvent::PotAwarded {
                pot,
                amount,
                shares,
                ..
            } if !settled => pots.push(json!({
                "number": pot,
                "amount": amount.0,
                "rake": 0,
                "player_wins": shares
                    .iter()
                    .map(|(pos, won)| json!({"player_id": id(*pos), "win_amount": won.0, "contributed_rake": 0}))
                    .collect::<Vec<_>>(),
            })),
            HandEvent::Settled { .. } => settled = true,
            _ => {}
        }
    }
    // The showdown is the last round, also when the hands were turned up before the board was
    // dealt out (an all-in, TR-10); rounds and actions are numbered in that order.
    let (mut ordered, shown): (Vec<Value>, Vec<Value>) =
        rounds.into_iter().partition(|r| r["street"] != "Showdown");
    ordered.extend(shown);
    let mut number = 0u64;
    for (i, r) in ordered.iter_mut().enumerate() {
        r["id"] = json!(i);
        if let Some(actions) = r["actions"].as_array_mut() {
            for a in actions {
                number += 1;
                a["action_number"] = json!(number);
            }
        }
    }
    (Value::Array(ordered), Value::Array(pots))
}
