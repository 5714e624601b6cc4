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
    #[error(transparent)]
    CashLoad(#[from] crate::cash::CashLoadError),
    #[error(transparent)]
    Resume(#[from] crate::resume::ResumeError),
    #[error(
        "the currency is named by its three capital letters (ISO 4217: EUR, CHF, USD), not {0:?}"
    )]
    Currency(String),
}

/// How the money of an export is named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Export {
    /// The house's currency (ISO 4217): a chain records amounts, not what they are in.
    pub currency: String,
}

impl Export {
    /// An export in `currency`: three capital letters (ISO 4217, or the specifications' own
    /// codes such as XPM for play money).
    pub fn new(currency: &str) -> Result<Export, OhhError> {
        if currency.len() == 3 && currency.bytes().all(|b| b.is_ascii_uppercase()) {
            Ok(Export {
                currency: currency.to_string(),
            })
        } else {
            Err(OhhError::Currency(currency.to_string()))
        }
    }
}

/// Hand `hand`, or every finished hand, of the chain `chain` as OHH objects: a tournament's
/// or a cash room's.
pub async fn histories<S: EventStore>(
    store: &S,
    chain: &ChainId,
    hand: Option<u64>,
    export: &Export,
) -> Result<Vec<Value>, OhhError> {
    if crate::cash::is_cash(store, chain).await? {
        let all = cash_hand_histories(store, chain, export).await?;
        return match hand {
            None => Ok(all.into_iter().map(|(_, v)| v).collect()),
            Some(n) => all
                .into_iter()
                .find(|(no, _)| *no == n)
                .map(|(_, v)| vec![v])
                .ok_or_else(|| OhhError::NoHand {
                    chain: chain.clone(),
                    hand: n,
                }),
        };
    }
    match hand {
        Some(n) => Ok(vec![hand_history(store, chain, n, export).await?]),
        None => hand_histories(store, chain, export).await,
    }
}

/// A cash hand as it began: its table, button and players by position.
struct CashBegan {
    table: u32,
    button: u32,
    ids: Vec<u32>,
    seats: Vec<Option<u32>>,
    posts: Vec<&'static str>,
    when: DateTime<Utc>,
}

/// Every finished hand of the cash room `chain` (hand number, OHH object), in the order they
/// ended, from one re-derivation of the room. Amounts are the room's money in `export`'s
/// currency; a hand still being played is left out.
pub async fn cash_hand_histories<S: EventStore>(
    store: &S,
    chain: &ChainId,
    export: &Export,
) -> Result<Vec<(u64, Value)>, OhhError> {
    use floorbook_cash::{CashEvent, CashRoom, PostKind};
    let record = crate::cash::load(store, chain.clone()).await?;
    let mut room = CashRoom::under_revision(record.profile.clone(), record.opening.rules_revision);
    let mut open: std::collections::BTreeMap<u64, CashBegan> = Default::default();
    let mut out = Vec::new();
    for c in &record.commands {
        let derived =
            room.decide(&c.entered.command, c.entered.at)
                .map_err(|e| OhhError::Diverged {
                    hand: open.keys().next().copied().unwrap_or(0),
                    why: format!("command {} is refused on re-derivation: {e}", c.seq),
                })?;
        for e in derived {
            match e {
                CashEvent::HandStarted {
                    table,
                    hand,
                    button,
                    dealt,
                    posted,
                    ..
                } => {
                    let posts = dealt
                        .iter()
                        .map(|d| {
                            match posted
                                .iter()
                                .find(|p| p.guest == d.guest && p.kind != PostKind::SmallBlindDead)
                                .map(|p| p.kind)
                            {
                                Some(PostKind::SmallBlind) => "Post SB",
                                Some(PostKind::BigBlind | PostKind::BigBlindLive) => "Post BB",
                                Some(PostKind::Straddle) => "Straddle",
                                _ => "Post Extra Blind",
                            }
                        })
                        .collect();
                    open.insert(
                        hand,
                        CashBegan {
                            table,
                            button,
                            ids: dealt.iter().map(|d| d.guest).collect(),
                            seats: dealt.iter().map(|d| Some(d.seat)).collect(),
                            posts,
                            when: c.at,
                        },
                    );
                }
                CashEvent::HandFinished { hand, .. } => {
                    let Some(began) = open.remove(&hand) else {
                        continue;
                    };
                    let finished = room
                        .tables()
                        .get(&began.table)
                        .and_then(|t| t.last_hand.as_ref())
                        .filter(|(no, _, _)| *no == hand)
                        .ok_or_else(|| OhhError::Diverged {
                            hand,
                            why: "the finished hand is not at its table".into(),
                        })?;
                    let game =
                        room.profile()
                            .game_of(began.table)
                            .ok_or_else(|| OhhError::Diverged {
                                hand,
                                why: format!("table {} has no game", began.table),
                            })?;
                    let names: Vec<String> = began
                        .ids
                        .iter()
                        .map(|g| {
                            room.guests()
                                .get(g)
                                .map_or_else(|| g.to_string(), |guest| guest.name.clone())
                        })
                        .collect();
                    let played = finished.1.clone();
                    out.push((
                        hand,
                        sheet(
                            &Sheet {
                                game_number: format!("{chain}-{hand}"),
                                table: began.table,
                                table_size: game.seats,
                                game: game.variant,
                                structure: game.structure,
                                small: game.small_blind,
                                big: game.big_blind,
                                ante: 0,
                                button: began.button,
                                ids: &began.ids,
                                seats: &began.seats,
                                names: &names,
                                posts: began.posts.clone(),
                                when: began.when,
                                tournament: None,
                                currency: &export.currency,
                            },
                            &played,
                        ),
                    ));
                }
                _ => {}
            }
        }
    }
    Ok(out)
}

/// A hand as it began: its table, level, button and players by position with their seats
/// and names, the blinds each position owed, and where its start is recorded.
struct Began {
    hand: u64,
    table: TableNo,
    level: usize,
    button: u32,
    ids: Vec<u32>,
    seats: Vec<Option<u32>>,
    names: Vec<String>,
    blinds: Vec<u64>,
    seq: u64,
}

impl Began {
    /// From a `HandStarted` event recorded at `seq`, with `t` the tournament just after it.
    fn of(
        e: &TournamentEvent,
        t: &floorbook_tournament::engine::Tournament,
        seq: u64,
    ) -> Option<Began> {
        let TournamentEvent::HandStarted {
            table,
            hand,
            level,
            button,
            players,
            blinds,
            ..
        } = e
        else {
            return None;
        };
        let seats_now = &t
            .tables
            .iter()
            .find(|ts| ts.table.no == *table)?
            .table
            .seats;
        Some(Began {
            hand: *hand,
            table: *table,
            level: *level,
            button: button.0,
            ids: players.iter().map(|p| p.0).collect(),
            seats: players
                .iter()
                .map(|p| {
                    seats_now
                        .iter()
                        .position(|s| *s == Some(*p))
                        .map(|i| i as u32 + 1)
                })
                .collect(),
            names: players
                .iter()
                .map(|p| {
                    t.players
                        .get(p)
                        .map_or_else(|| p.0.to_string(), |pl| pl.name.clone())
                })
                .collect(),
            blinds: blinds.clone(),
            seq,
        })
    }
}

fn stud(profile: &floorbook_tournament::Profile) -> bool {
    matches!(
        profile.game,
        GameKind::Stud | GameKind::StudHiLo | GameKind::Razz
    )
}

/// When the event at `seq` was recorded.
async fn recorded_at<S: EventStore>(
    store: &S,
    chain: &ChainId,
    seq: u64,
) -> Result<DateTime<Utc>, OhhError> {
    Ok(store
        .read(chain, Seq(seq), 1)
        .await?
        .first()
        .and_then(|e| e.envelope().ok())
        .map_or(DateTime::<Utc>::UNIX_EPOCH, |env| env.at))
}

/// The finished hand of `began`, as `t` holds it at its table right after it ended.
fn played<'t>(
    t: &'t floorbook_tournament::engine::Tournament,
    began: &Began,
) -> Result<&'t floorbook_hand::Hand, OhhError> {
    t.tables
        .iter()
        .find(|ts| ts.table.no == began.table)
        .and_then(|ts| ts.last_hand.as_ref())
        .filter(|(no, _)| *no == began.hand)
        .map(|(_, h)| &**h)
        .ok_or_else(|| OhhError::Diverged {
            hand: began.hand,
            why: "the finished hand is not at its table".into(),
        })
}

/// The OHH object (`{"ohh": …}`) of hand `hand` of the tournament chain `chain`.
pub async fn hand_history<S: EventStore>(
    store: &S,
    chain: &ChainId,
    hand: u64,
    export: &Export,
) -> Result<Value, OhhError> {
    let rec = load(store, chain.clone()).await?;
    let at = |what: &dyn Fn(&TournamentEvent) -> bool| rec.events.iter().position(what);
    let started = at(&|e| matches!(e, TournamentEvent::HandStarted { hand: h, .. } if *h == hand))
        .ok_or_else(|| OhhError::NoHand {
            chain: chain.clone(),
            hand,
        })?;
    let finished =
        at(&|e| matches!(e, TournamentEvent::HandFinished { hand: h, .. } if *h == hand))
            .ok_or(OhhError::NotOver { hand })?;
    let profile = rec.profile.clone();
    if stud(&profile) {
        return Err(OhhError::Stud {
            hand,
            game: format!("{:?}", profile.game),
        });
    }
    let start_seq = rec.seqs.get(started - rec.base).copied().unwrap_or(1);
    let started_event = rec.events[started].clone();
    let diverged = |d: Box<floorbook_tournament::rederive::Divergence>| OhhError::Diverged {
        hand,
        why: format!("{d:?}"),
    };
    let mut replay = rec.into_replayer();
    // The table as the hand began: who sits where, with what.
    replay.run_through(started).map_err(diverged)?;
    let began =
        Began::of(&started_event, replay.tournament(), start_seq).ok_or(OhhError::NoHand {
            chain: chain.clone(),
            hand,
        })?;
    replay.run_through(finished).map_err(diverged)?;
    let hand_played = played(replay.tournament(), &began)?;
    let when = recorded_at(store, chain, began.seq).await?;
    Ok(history(chain, &profile, &began, hand_played, when, export))
}

/// Every finished hand of the tournament chain `chain` as OHH objects, in the order they
/// ended, from one re-derivation of the chain (stud: none, refused as for one hand).
pub async fn hand_histories<S: EventStore>(
    store: &S,
    chain: &ChainId,
    export: &Export,
) -> Result<Vec<Value>, OhhError> {
    let rec = load(store, chain.clone()).await?;
    let profile = rec.profile.clone();
    if stud(&profile) {
        return Err(OhhError::Stud {
            hand: 1,
            game: format!("{:?}", profile.game),
        });
    }
    let (base, seqs) = (rec.base, rec.seqs.clone());
    let mut replay = rec.into_replayer();
    let mut open: Vec<Began> = Vec::new();
    let mut done: Vec<(Began, floorbook_hand::Hand)> = Vec::new();
    loop {
        let step = replay.step().map_err(|d| OhhError::Diverged {
            hand: open.first().map_or(0, |b| b.hand),
            why: format!("{d:?}"),
        })?;
        let Some(step) = step else { break };
        for (k, e) in step.derived.iter().enumerate() {
            let seq = (step.from + k)
                .checked_sub(base)
                .and_then(|i| seqs.get(i))
                .copied()
                .unwrap_or(1);
            if let Some(b) = Began::of(e, replay.tournament(), seq) {
                open.push(b);
            }
            if let TournamentEvent::HandFinished { hand, .. } = e
                && let Some(i) = open.iter().position(|b| b.hand == *hand)
            {
                let began = open.remove(i);
                let hand_played = played(replay.tournament(), &began)?.clone();
                done.push((began, hand_played));
            }
        }
    }
    let mut out = Vec::with_capacity(done.len());
    for (began, hand_played) in done {
        let when = recorded_at(store, chain, began.seq).await?;
        out.push(history(chain, &profile, &began, &hand_played, when, export));
    }
    Ok(out)
}

/// What an OHH object says of a hand apart from its events: its table and game, blinds,
/// button and players by position.
struct Sheet<'a> {
    game_number: String,
    table: u32,
    table_size: u32,
    game: GameKind,
    structure: Structure,
    small: u64,
    big: u64,
    ante: u64,
    /// The button's seat.
    button: u32,
    ids: &'a [u32],
    seats: &'a [Option<u32>],
    names: &'a [String],
    /// The action each position's blind is written as.
    posts: Vec<&'static str>,
    when: DateTime<Utc>,
    /// A tournament's `tournament_info`; None for a cash hand, which names its `currency`.
    tournament: Option<Value>,
    currency: &'a str,
}

/// The OHH object of the hand `began` that `played` holds, started at `when`.
fn history(
    chain: &ChainId,
    profile: &floorbook_tournament::Profile,
    began: &Began,
    played: &floorbook_hand::Hand,
    when: DateTime<Utc>,
    export: &Export,
) -> Value {
    let (small, big, ante) = profile
        .levels
        .schedule
        .get(began.level)
        .map_or((0, 0, 0), |l| (l.small, l.big, l.ante));
    // The small blind is the first blind posted of the small blind's size; the others owed
    // the big blind (a short stack posts what he has, all in).
    let mut posts = vec!["Post Extra Blind"; began.ids.len()];
    let mut seen = 0usize;
    for e in played.events() {
        if let HandEvent::BlindPosted { pos, .. } = e {
            let owed = began.blinds.get(pos.0).copied().unwrap_or(0);
            if let Some(p) = posts.get_mut(pos.0) {
                *p = if owed == small && seen == 0 && owed > 0 {
                    "Post SB"
                } else if owed > 0 {
                    "Post BB"
                } else {
                    "Post Extra Blind"
                };
            }
            seen += 1;
        }
    }
    let buy_in = match profile.buy_ins.as_slice() {
        [one] => floorbook_tournament::buy_in_cents(one),
        _ => None,
    };
    let mut info = json!({
        "tournament_number": chain.as_str(),
        "name": profile.title,
        "currency": export.currency,
        "initial_stack": profile.starting_chips,
        "type": "MTT",
    });
    if let Some(b) = buy_in {
        let fee = profile
            .payout
            .fee
            .as_deref()
            .and_then(floorbook_tournament::buy_in_cents)
            .unwrap_or(0)
            .min(b);
        info["buyin_amount"] = money(b - fee);
        info["fee_amount"] = money(fee);
    }
    sheet(
        &Sheet {
            game_number: format!("{chain}-{}", began.hand),
            table: began.table.0,
            table_size: profile.seats_per_table,
            game: profile.game,
            structure: profile.structure,
            small,
            big,
            ante,
            button: began.button,
            ids: &began.ids,
            seats: &began.seats,
            names: &began.names,
            posts,
            when,
            tournament: Some(info),
            currency: &export.currency,
        },
        played,
    )
}

/// A sum of money in cents as the decimal OHH and OTS write (12.5 for 1250).
pub(crate) fn money(cents: u64) -> Value {
    if cents.is_multiple_of(100) {
        json!(cents / 100)
    } else {
        json!(cents as f64 / 100.0)
    }
}

/// The OHH object of `sheet`'s hand as `played` holds it.
fn sheet(sheet: &Sheet, played: &floorbook_hand::Hand) -> Value {
    let starting = played.starting_stacks().to_vec();
    let events = played.events().to_vec();
    let (rounds, pots) = rounds_and_pots(&events, sheet.ids, &sheet.posts);
    let players_json: Vec<Value> = sheet
        .ids
        .iter()
        .enumerate()
        .map(|(i, id)| {
            json!({
                "id": id,
                "seat": sheet.seats.get(i).copied().flatten(),
                "name": sheet.names.get(i).cloned().unwrap_or_else(|| id.to_string()),
                "starting_stack": starting.get(i).map_or(0, |c| c.0),
            })
        })
        .collect();
    let mut ohh = json!({
        "spec_version": SPEC_VERSION,
        "site_name": "Floorbook",
        "network_name": "Floorbook",
        "internal_version": env!("CARGO_PKG_VERSION"),
        "game_number": sheet.game_number,
        "start_date_utc": sheet.when.to_rfc3339_opts(SecondsFormat::Secs, true),
        "table_name": table_name(sheet.table),
        "game_type": match sheet.game { GameKind::Omaha => "Omaha", _ => "Holdem" },
        "bet_limit": {
            "bet_type": match sheet.structure {
                Structure::NoLimit => "NL",
                Structure::PotLimit => "PL",
                Structure::FixedLimit => "FL",
            },
            "bet_cap": 0,
        },
        "table_size": sheet.table_size,
        "dealer_seat": sheet.button,
        "small_blind_amount": sheet.small,
        "big_blind_amount": sheet.big,
        "ante_amount": sheet.ante,
        "flags": [],
        "players": players_json,
        "rounds": rounds,
        "pots": pots,
    });
    match &sheet.tournament {
        Some(info) => {
            ohh["tournament"] = json!(true);
            ohh["tournament_info"] = info.clone();
        }
        None => ohh["currency"] = json!(sheet.currency),
    }
    json!({ "ohh": ohh })
}

fn table_name(table: u32) -> String {
    format!("Table {table}")
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
/// showdown) and its pots. `ids` are the players by position, `posts` the action each
/// position's blind is written as.
fn rounds_and_pots(events: &[HandEvent], ids: &[u32], posts: &[&'static str]) -> (Value, Value) {
    let mut rounds: Vec<Value> =
        vec![json!({"id": 0, "street": "Preflop", "cards": [], "actions": []})];
    let mut number = 0u64;
    // What each position has put in on this street, and the street's highest bet.
    let mut in_street = vec![0u64; ids.len()];
    let mut top = 0u64;
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
                let name = posts.get(pos.0).copied().unwrap_or("Post Extra Blind");
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
            HandEvent::BoardDealt { street, cards, .. } => {
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
    lone_winners_bet(&ordered, &mut pots);
    (Value::Array(ordered), Value::Array(pots))
}

/// At a live table the chips a lone winner has in front of him never go into the pot: they
/// are his again when the others fold, and the engine awards only what was pushed in. OHH has
/// no such chips and no action for a bet returned: its pots hold everything put in but the
/// part of the largest bet nobody matched (the largest live contribution over the next; antes
/// and dead blinds match nothing). What the lone winner had matched is added to the last pot
/// he wins, so that a tracker reading the actions and the pots counts his chips right.
fn lone_winners_bet(rounds: &[Value], pots: &mut [Value]) {
    let mut put_in: std::collections::BTreeMap<u64, (u64, u64)> = Default::default();
    for a in rounds
        .iter()
        .filter_map(|r| r["actions"].as_array())
        .flatten()
    {
        if let (Some(who), Some(amount)) = (a["player_id"].as_u64(), a["amount"].as_u64()) {
            let (all, live) = put_in.entry(who).or_default();
            *all += amount;
            if !matches!(a["action"].as_str(), Some("Post Ante" | "Post Dead")) {
                *live += amount;
            }
        }
    }
    let mut live: Vec<u64> = put_in.values().map(|(_, l)| *l).collect();
    live.sort_unstable_by(|a, b| b.cmp(a));
    let uncalled = live.first().copied().unwrap_or(0) - live.get(1).copied().unwrap_or(0);
    let all: u64 = put_in.values().map(|(a, _)| *a).sum();
    let in_pots: u64 = pots.iter().filter_map(|p| p["amount"].as_u64()).sum();
    let winners: std::collections::BTreeSet<Option<u64>> = pots
        .iter()
        .filter_map(|p| p["player_wins"].as_array())
        .flatten()
        .map(|w| w["player_id"].as_u64())
        .collect();
    let want = all.saturating_sub(uncalled);
    if let ([Some(_)], Some(last)) = (
        winners.iter().collect::<Vec<_>>().as_slice(),
        pots.last_mut(),
    ) && want > in_pots
    {
        let more = want - in_pots;
        last["amount"] = json!(last["amount"].as_u64().unwrap_or(0) + more);
        if let Some(w) = last["player_wins"].get_mut(0) {
            w["win_amount"] = json!(w["win_amount"].as_u64().unwrap_or(0) + more);
        }
    }
}
