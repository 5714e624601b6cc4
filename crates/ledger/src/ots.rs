//! A tournament as an Open Tournament Summary (OTS, spec 1.1.5, ts-specs.handhistory.org): the
//! JSON object trackers import beside the hands' OHH, and a league or a results page reads. Written
//! from the chain re-derived to its end: every entrant with his place and prize once he is
//! out, those still playing marked so, the prize pool and the buy-in of the profile, and when
//! play started and ended as recorded.
//!
//! A house summary has no hero: `hero_player_name` is left out. A buy-in is written as OTS
//! does, apart from the house's fee (`payout.fee`; none in the seed profiles, whose buy-in is
//! the prize pool's, TR-0b). OTS has one buy-in: where the entrants paid different ones,
//! `buyin_amount` is left out.

use chrono::{DateTime, SecondsFormat, Utc};
use floorbook_log::{ChainId, EventStore, Seq};
use floorbook_projections::Projector;
use floorbook_tournament::Advance;
use floorbook_tournament::engine::Tournament;
use floorbook_tournament::engine::{Status, TournamentEvent};
use floorbook_tournament::seating::PlayerId;
use serde_json::{Value, json};
use std::collections::BTreeMap;

use crate::ohh::{Export, OhhError, money};
use crate::reader::load;

/// The OTS specification version written.
pub const SPEC_VERSION: &str = "1.1.5";

/// The OTS object (`{"ots": …}`) of the tournament chain `chain`: as it stands at the chain's
/// end (finished or not).
pub async fn summary<S: EventStore>(
    store: &S,
    chain: &ChainId,
    export: &Export,
) -> Result<Value, OhhError> {
    let rec = load(store, chain.clone()).await?;
    let profile = rec.profile.clone();
    let seq_where = |what: &dyn Fn(&TournamentEvent) -> bool| {
        rec.events.iter().position(what).and_then(|i| rec.seq_of(i))
    };
    let started = seq_where(&|e| matches!(e, TournamentEvent::Started { .. }));
    let ended = seq_where(&|e| matches!(e, TournamentEvent::Finished { .. }));
    let mut replay = rec.into_replayer();
    replay.run_to_end().map_err(|d| OhhError::Diverged {
        hand: 0,
        why: format!("{d:?}"),
    })?;
    let t = replay.tournament();
    let clock = t.clock_view(t.clock);
    // The house's fee out of each buy-in (an entry that paid less gives all it paid).
    let fee = profile
        .payout
        .fee
        .as_deref()
        .and_then(floorbook_tournament::buy_in_cents)
        .unwrap_or(0);
    // Every entrant: those out by place, then those still playing by their names.
    let mut finishes: Vec<(u32, Value)> = t
        .players
        .values()
        .filter_map(|p| {
            let place = match p.status {
                Status::Registered | Status::WaitListed => return None,
                Status::Playing => {
                    return Some((0, json!({"player_name": p.name, "still_playing": true})));
                }
                Status::Busted { place } | Status::Disqualified { place } => place,
                // Out while entries are open (issue 39): placed when they close.
                Status::Out { .. } => {
                    return Some((
                        u32::MAX,
                        json!({"player_name": p.name, "still_playing": false}),
                    ));
                }
            };
            let prize = prize_of(t, p.id).unwrap_or(0);
            Some((
                place,
                json!({
                    "player_name": p.name,
                    "finish_position": place,
                    "still_playing": false,
                    "prize": money(prize),
                    "ticket_value": 0,
                }),
            ))
        })
        .collect();
    finishes.sort_by_key(|(place, _)| {
        if *place == 0 {
            0
        } else {
            u64::from(*place) + 1
        }
    });
    let mut ots = json!({
        "spec_version": SPEC_VERSION,
        "site_name": "Floorbook",
        "network_name": "Floorbook",
        "internal_version": env!("CARGO_PKG_VERSION"),
        "tournament_number": chain.as_str(),
        "tournament_name": profile.title,
        "currency": export.currency,
        "fee_amount": money(fee),
        "initial_stack": profile.starting_chips,
        "type": if t.multi_table { "MTT" } else { "STT" },
        "flags": [],
        "player_count": clock.entrants,
        "tournament_finishes_and_winnings":
            finishes.into_iter().map(|(_, f)| f).collect::<Vec<_>>(),
    });
    if let Some(at) = recorded_at(store, chain, started).await? {
        ots["start_date_utc"] = json!(at.to_rfc3339_opts(SecondsFormat::Secs, true));
    }
    if let Some(at) = recorded_at(store, chain, ended).await? {
        ots["end_date_utc"] = json!(at.to_rfc3339_opts(SecondsFormat::Secs, true));
    }
    // The buy-in every entrant paid; where they paid different ones (TR-0b lets a player
    // choose) the summary, which has one buy-in, names none.
    let paid: std::collections::BTreeSet<Option<u64>> = t
        .players
        .values()
        .filter(|p| !matches!(p.status, Status::Registered | Status::WaitListed))
        .map(|p| floorbook_tournament::buy_in_cents(&p.buy_in))
        .collect();
    if let [Some(cents)] = paid.into_iter().collect::<Vec<_>>().as_slice() {
        // An entry that paid less than the fee gave all it paid to the house.
        let fee = fee.min(*cents);
        ots["buyin_amount"] = money(cents - fee);
        ots["fee_amount"] = money(fee);
    }
    if let Some(pool) = clock.prize_pool_cents {
        ots["prize_pool"] = money(pool);
    }
    // Issue 39: the bounty on each entry's head.
    if let Some(b) = &profile.bounty {
        ots["bounty_value_amount"] = money(b.cents());
    }
    // Issue 39: rebuys and add-ons, with what each cost.
    if profile.entries.rebuys > 0 {
        ots["rebuy_cost"] = money(t.rebuy_cents());
        if profile.entries.addon_chips > 0 {
            ots["addon_cost"] = money(t.addon_cents());
        }
        let rebuys: Vec<Value> = t
            .players
            .values()
            .filter(|p| p.rebuys > 0 || p.added_on)
            .map(|p| {
                json!({
                    "player_name": p.name,
                    "rebuys": p.rebuys,
                    "addons": u32::from(p.added_on),
                })
            })
            .collect();
        ots["tournament_rebuys"] = json!(rebuys);
    }
    // Levels by time: the level's length. By orbits (NOB-9) a level has no round time.
    if profile.levels.advance != Advance::Orbits
        && let Some(minutes) = profile.levels.minutes
    {
        ots["speed"] = json!({"type": "Normal", "round_time": u64::from(minutes) * 60});
    }
    Ok(json!({ "ots": ots }))
}

/// When the event at `seq` was recorded, if there is one.
async fn recorded_at<S: EventStore>(
    store: &S,
    chain: &ChainId,
    seq: Option<u64>,
) -> Result<Option<DateTime<Utc>>, OhhError> {
    let Some(seq) = seq else { return Ok(None) };
    Ok(store
        .read(chain, Seq(seq), 1)
        .await?
        .first()
        .and_then(|e| e.envelope().ok())
        .map(|env| env.at))
}

/// What `player` wins (cents): what the cashier paid him, or else his place's prize as it
/// stands (the payout of the pool, or an agreed deal's figure). None while his place is not
/// final, and for a place not paid.
fn prize_of(t: &Tournament, player: PlayerId) -> Option<u64> {
    t.prizes_paid
        .get(&player)
        .copied()
        .or_else(|| t.prize_of(player, t.clock).map(|(_, cents)| cents))
}

/// The tournament chain `chain` re-derived to its end (`resume::to_end`).
pub async fn at_end<S: EventStore>(
    projector: &Projector,
    store: &S,
    chain: &ChainId,
) -> Result<Tournament, OhhError> {
    Ok(crate::resume::to_end(projector, store, chain)
        .await?
        .into_tournament())
}

/// Each player's prize (cents) in `t`, for those whose place is final and paid: the figures
/// the summary, the standings and the cashier share.
pub fn prizes(t: &Tournament) -> BTreeMap<u32, u64> {
    t.players
        .keys()
        .filter_map(|&id| prize_of(t, id).map(|cents| (id.0, cents)))
        .collect()
}
