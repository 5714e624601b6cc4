//! The audit of a tournament chain, as a typed report ([`Audit`]): the chain verified, every
//! decision re-derived from the commands, the chips counted at every level change, and what a
//! reviewer looks at (irregularities and their remedies, sanctions, floor decisions, refused
//! commands, from the projections). The command line formats it.

use std::collections::BTreeMap;

use floorbook_log::{ChainCheckError, ChainId, EventStore, Verifying};
use floorbook_projections::{ProjectionError, Projector};
use serde::Serialize;
use serde_json::Value;

use crate::explain::{DivergenceReport, into_first_divergence_and_end};
use crate::reader::{LoadError, Recorded, load};

/// The chips counted at a level change against the chips that should be in play.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ChipCount {
    pub seq: u64,
    /// The level that begins, counted from 1.
    pub level: usize,
    pub chips: i64,
    pub expected: i64,
    pub ok: bool,
}

/// The money of a tournament counted from its events, to the cent (issue 39): what every
/// entry paid, the house's fees, the overlay its guarantee adds, the prize pool, and the
/// prizes paid out, against the pool the re-derived tournament shows.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct MoneyCount {
    /// Entries paid: every player who played, once for each entry.
    pub entries: u32,
    pub paid_in_cents: u64,
    pub fees_cents: u64,
    pub overlay_cents: u64,
    pub pool_cents: u64,
    pub prizes_paid_cents: u64,
    /// The bounties of the entries (issue 39: apart from the pool) and what was won of them.
    pub bounty_cents: u64,
    pub bounties_won_cents: u64,
    /// The prize pool of the re-derived tournament (none where a buy-in is not an amount).
    pub derived_pool_cents: Option<u64>,
    /// Paid in plus overlay is the pool plus the fees, the count agrees with the re-derived
    /// tournament, and no more than the pool is paid out.
    pub ok: bool,
}

/// The audit of one chain.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Audit {
    pub chain: String,
    /// The chain's links all hold.
    pub verified: bool,
    pub chain_status: String,
    /// Projected rows (column name to value), in sequence order.
    pub irregularities: Vec<Value>,
    pub sanctions: Vec<Value>,
    pub floor: Vec<Value>,
    pub refused_commands: Vec<Value>,
    pub chip_counts: Vec<ChipCount>,
    pub chip_counts_ok: bool,
    pub money: MoneyCount,
    pub decisions_rederived: usize,
    pub divergences: Vec<DivergenceReport>,
}

impl Audit {
    /// Everything holds: the chain, the chips, every decision.
    pub fn clean(&self) -> bool {
        self.verified && self.chip_counts_ok && self.money.ok && self.divergences.is_empty()
    }
}

/// An audit that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum AuditError {
    #[error(transparent)]
    Load(#[from] Box<LoadError>),
    #[error("the projections: {0}")]
    Projections(#[from] ProjectionError),
    #[error("the projections: {0}")]
    Sql(#[from] rusqlite::Error),
}

impl From<LoadError> for AuditError {
    fn from(e: LoadError) -> AuditError {
        AuditError::Load(Box::new(e))
    }
}

/// The rows of `sql` (its one parameter the chain) as objects of column name to value.
pub(crate) fn rows(
    projector: &Projector,
    chain: &ChainId,
    sql: &str,
) -> Result<Vec<Value>, AuditError> {
    let conn = projector.connection();
    let mut stmt = conn.prepare(sql)?;
    let names: Vec<String> = stmt.column_names().iter().map(|s| s.to_string()).collect();
    let out = stmt
        .query_map([chain.as_str()], |r| {
            let mut m = serde_json::Map::new();
            for (i, name) in names.iter().enumerate() {
                use rusqlite::types::Value as Sql;
                let v: Sql = r.get(i)?;
                m.insert(
                    name.clone(),
                    match v {
                        Sql::Null => Value::Null,
                        Sql::Integer(n) => Value::from(n),
                        Sql::Real(f) => Value::from(f),
                        Sql::Text(t) => Value::from(t),
                        Sql::Blob(_) => Value::from("(blob)"),
                    },
                );
            }
            Ok(Value::Object(m))
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(out)
}

/// Audits `chain`: `projector` must be caught up with it. The chain is read once: its events
/// are verified as they are read for re-derivation ([`Verifying`]), and every checkpoint held
/// to them.
pub async fn audit<S: EventStore + Clone>(
    store: &S,
    projector: &Projector,
    chain: &ChainId,
) -> Result<Audit, AuditError> {
    match Verifying::new(store.clone(), chain.clone()).await {
        Ok(verifying) => {
            audit_with(
                verifying.store(),
                projector,
                chain,
                verifying.verification(),
            )
            .await
        }
        Err(e) => audit_with(store, projector, chain, async { Err(e) }).await,
    }
}

/// [`audit`], with the chain's verification given as a future; it is awaited after the log
/// has been read and its decisions re-derived.
async fn audit_with<S: EventStore>(
    store: &S,
    projector: &Projector,
    chain: &ChainId,
    verification: impl std::future::Future<
        Output = Result<Option<floorbook_log::Head>, ChainCheckError>,
    >,
) -> Result<Audit, AuditError> {
    // Every decision re-derived, and the chips counted at every level change, from one
    // reading of the log.
    let recorded = load(store, chain.clone()).await?;
    let chip_counts = chip_counts(&recorded);
    let mut money = money_count(&recorded);
    let decisions_rederived = recorded.events.len();
    let (divergence, derived) = into_first_divergence_and_end(recorded);
    let divergences: Vec<DivergenceReport> = divergence.into_iter().collect();
    money.derived_pool_cents = derived.and_then(|t| t.clock_view(t.clock).prize_pool_cents);
    money.ok = money.paid_in_cents + money.overlay_cents
        == money.pool_cents + money.fees_cents + money.bounty_cents
        && money.prizes_paid_cents <= money.pool_cents
        && money.bounties_won_cents <= money.bounty_cents
        && money
            .derived_pool_cents
            .is_none_or(|d| d == money.pool_cents);
    let (verified, chain_status) = match verification.await {
        Ok(Some(h)) => (true, format!("OK, {} events, head {}", h.seq, h.hash)),
        Ok(None) => (true, "empty".to_string()),
        Err(ChainCheckError::Broken(e)) => (false, format!("BROKEN at seq {}: {}", e.seq, e.kind)),
        Err(ChainCheckError::Store(e)) => (false, format!("unreadable: {e}")),
    };
    let rows = |sql: &str| rows(projector, chain, sql);
    let irregularities = rows(
        "SELECT seq, hand, kind, remedy, rules FROM irregularities WHERE chain = ?1 ORDER BY seq",
    )?;
    let sanctions = rows(
        "SELECT seq, player, offence, sanction, rules FROM sanctions WHERE chain = ?1 ORDER BY seq",
    )?;
    let floor = rows(
        "SELECT seq, type, actor, rules FROM events WHERE chain = ?1 AND type IN ('FloorRuling', 'EntryTakenBack', 'EntryCorrected', 'ClockExpired', 'ActedFor', 'AbsenceChanged', 'ChipsForfeited', 'StackCounted', 'ChipsTransferred', 'SeatedByFloor', 'MoveDue', 'MoveCalledOff', 'TableHeld', 'ClockChanged', 'LevelsEdited', 'BreakSet', 'PayoutEdited', 'DealProposed', 'DealConsented', 'DealAgreed', 'DealDeclined', 'PrizePaid') ORDER BY seq",
    )?;
    let refused_commands = rows(
        "SELECT seq, actor, role, command, reason FROM refused_commands WHERE chain = ?1 ORDER BY seq",
    )?;
    Ok(Audit {
        chain: chain.to_string(),
        verified,
        chain_status,
        irregularities,
        sanctions,
        floor,
        refused_commands,
        chip_counts_ok: chip_counts.iter().all(|c| c.ok),
        chip_counts,
        money,
        decisions_rederived,
        divergences,
    })
}

/// The money counted from the recorded events alone: each entrant's buy-in (the one he
/// registered with; a no-show whose seat went to a waiting player paid nothing in), each
/// re-entry's, the profile's fee from each, every rebuy and add-on (no fee), the overlay up to
/// the guarantee, the prizes paid.
fn money_count(rec: &Recorded) -> MoneyCount {
    use floorbook_tournament::engine::TournamentEvent as E;
    let cents = |s: &str| floorbook_tournament::buy_in_cents(s).unwrap_or(0);
    let payout = &rec.profile.payout;
    let fee = payout.fee.as_deref().map_or(0, cents);
    let guarantee = payout.guarantee.as_deref().map_or(0, cents);
    let mut buy_in: BTreeMap<u32, u64> = BTreeMap::new();
    let mut entrants: BTreeMap<u32, Vec<u64>> = BTreeMap::new();
    let mut waiting: std::collections::BTreeSet<u32> = Default::default();
    let mut started = false;
    let mut m = MoneyCount::default();
    let mut topped = 0;
    let mut heads = 0;
    let mut won_in_flights = 0;
    // Day 2 of an event in flights (issue 39): the flights' entries and money (entries, paid,
    // fees, bounty money).
    let mut flights: Option<(u32, u64, u64, u64)> = None;
    for e in &rec.events {
        match e {
            E::FlightImported {
                chain,
                entries,
                money,
                ..
            } => {
                let f = flights.get_or_insert((0, 0, 0, 0));
                f.0 += entries;
                // The money is on the event (rules revision 8); before, in the command as
                // entered: the flight's result.
                let money = money.clone().or_else(|| {
                    rec.entered.iter().find_map(|en| match &en.command {
                        floorbook_tournament::command::Command::ImportFlight { flight }
                            if &flight.chain == chain =>
                        {
                            Some(floorbook_tournament::engine::FlightMoney {
                                paid_cents: flight.paid_cents,
                                fees_cents: flight.fees_cents,
                                bounty_cents: 0,
                                bounties_won_cents: 0,
                                won_by: Vec::new(),
                            })
                        }
                        _ => None,
                    })
                });
                if let Some(m) = money {
                    f.1 += m.paid_cents;
                    f.2 += m.fees_cents;
                    f.3 += m.bounty_cents;
                    // The heads won in the flight were paid there, out of this money.
                    won_in_flights += m.bounties_won_cents;
                }
            }
            E::Started { .. } => started = true,
            E::WaitListed { player, .. } => {
                waiting.insert(player.0);
            }
            E::Registered {
                player, buy_in: b, ..
            } => {
                buy_in.insert(player.0, cents(b));
            }
            E::Seated { player, .. } | E::SeatedByFloor { player, .. } => {
                let b = buy_in.get(&player.0).copied().unwrap_or(0);
                entrants.insert(player.0, vec![b]);
            }
            E::NoShowReplaced { player, by, .. } => {
                entrants.remove(&player.0);
                let b = buy_in.get(&by.0).copied().unwrap_or(0);
                entrants.insert(by.0, vec![b]);
            }
            E::Entered {
                player, buy_in: b, ..
            } => entrants.entry(player.0).or_default().push(cents(b)),
            E::PrizePaid { cents: c, .. } => m.prizes_paid_cents += c,
            // Rebuys and add-ons go to the pool whole (no fee).
            E::Rebought {
                cents: c,
                seat_back,
                ..
            } => {
                topped += c;
                // A player out who rebuys puts a new head on the table.
                heads += u64::from(seat_back.is_some());
            }
            E::AddedOn { cents: c, .. } => topped += c,
            E::BountyWon { shares, .. } => {
                m.bounties_won_cents += shares.iter().map(|s| s.cash).sum::<u64>();
            }
            _ => {}
        }
    }
    // Before the start the pool is that of the players registered (not those waiting).
    if !started {
        entrants = buy_in
            .iter()
            .filter(|(p, _)| !waiting.contains(p))
            .map(|(p, b)| (*p, vec![*b]))
            .collect();
    }
    for paid in entrants.values().flatten() {
        m.entries += 1;
        m.paid_in_cents += paid;
        m.fees_cents += (*paid).min(fee);
    }
    if let Some((entries, paid, fees, bounty)) = flights {
        let theirs = paid.saturating_sub(fees).saturating_sub(bounty);
        m.entries = entries;
        m.paid_in_cents = paid;
        m.fees_cents = fees;
        m.bounty_cents = bounty;
        m.bounties_won_cents += won_in_flights;
        m.overlay_cents = guarantee.saturating_sub(theirs);
        m.pool_cents = theirs + m.overlay_cents;
        return m;
    }
    let bounty = rec.profile.bounty.as_ref().map_or(0, |b| b.cents());
    m.paid_in_cents += topped;
    m.bounty_cents = (bounty * (u64::from(m.entries) + heads)).min(m.paid_in_cents - m.fees_cents);
    let theirs = m.paid_in_cents - m.fees_cents - m.bounty_cents;
    m.overlay_cents = guarantee.saturating_sub(theirs);
    m.pool_cents = theirs + m.overlay_cents;
    m
}

/// The chips at every level change, counted from the recorded events: every stack, what a
/// hand in progress took in, and what waits in no stack (carried or forfeited), against the
/// chips the starting stacks, chip races (TR-15) and no-shows (TR-6) leave in play.
fn chip_counts(rec: &Recorded) -> Vec<ChipCount> {
    use floorbook_hand::HandEvent;
    use floorbook_tournament::engine::TournamentEvent as E;
    let starting = rec.profile.starting_chips as i64;
    let mut stacks: BTreeMap<u32, i64> = BTreeMap::new();
    let mut expected: i64 = 0;
    // Chips in no stack: carried to a next hand (NOB-3) or forfeited, until a hand takes
    // them in; and those a hand in progress took in, until it finishes.
    let mut pool: i64 = 0;
    // Each hand in progress, by table: the chips it took in and who plays it. A player
    // disqualified during it forfeits what is left of his stack when it ends (TR-28).
    let mut in_hand: BTreeMap<u32, (i64, Vec<u32>)> = BTreeMap::new();
    let mut forfeit_at_end: std::collections::BTreeSet<u32> = Default::default();
    let mut checks = Vec::new();
    for (seq, e) in rec.seqs.iter().zip(&rec.events) {
        match e {
            E::Seated { player, stack, .. } => {
                // Day 2 (issue 39): the stack carried from the flights.
                let chips = stack.map_or(starting, |s| s as i64);
                stacks.insert(player.0, chips);
                expected += chips;
            }
            E::HandFinished {
                table, stacks: s, ..
            } => {
                in_hand.remove(&table.0);
                for (p, chips) in s {
                    if forfeit_at_end.remove(&p.0) {
                        stacks.remove(&p.0);
                        pool += *chips as i64;
                    } else {
                        stacks.insert(p.0, *chips as i64);
                    }
                }
            }
            E::InHand {
                event: HandEvent::RemainderCarried { amount, .. },
                ..
            } => pool += amount.0 as i64,
            E::HandStarted {
                table,
                carried,
                players,
                ..
            } => {
                pool -= *carried as i64;
                in_hand.insert(
                    table.0,
                    (*carried as i64, players.iter().map(|p| p.0).collect()),
                );
            }
            E::ChipRaced { result, .. } => {
                for (p, d) in &result.delta {
                    *stacks.entry(p.0).or_default() += d;
                    expected += d;
                }
            }
            // TR-20: hidden chips leave play (from his stack behind, in a hand or not; a hand
            // in progress ends with the stack it leaves him).
            E::ChipsForfeited { player, chips, .. } => {
                *stacks.entry(player.0).or_default() -= *chips as i64;
                expected -= *chips as i64;
            }
            // TR-6: the stack leaves play with the player.
            E::NoShowRemoved { player, stack, .. }
            | E::Surrendered {
                player,
                chips: stack,
                ..
            } => {
                stacks.remove(&player.0);
                expected -= *stack as i64;
            }
            // PLO-1: the stack goes to the waiting player.
            E::NoShowReplaced { player, by, .. } => {
                let stack = stacks.remove(&player.0).unwrap_or(0);
                stacks.insert(by.0, stack);
            }
            // A player out with chips (disqualified, TR-28) forfeits them to the table's next
            // pot: at once, or when the hand he is in ends.
            // (Until that hand ends his stack as it was before it counts, as everyone's does.)
            E::Busted { player, .. } => {
                if in_hand.values().any(|(_, ids)| ids.contains(&player.0)) {
                    forfeit_at_end.insert(player.0);
                } else {
                    pool += stacks.remove(&player.0).unwrap_or(0);
                }
            }
            // TR-26: the floor's count sets the stack; the difference enters or leaves play.
            E::StackCounted {
                player, stack, was, ..
            } => {
                stacks.insert(player.0, *stack as i64);
                expected += *stack as i64 - *was as i64;
            }
            // TR-26: a player seated by the floor, and (issue 39) a late registration or a
            // re-entry, brings the starting stack into play.
            // Issue 39: a rebuy or the add-on adds its chips to the stack.
            E::Rebought { player, chips, .. } | E::AddedOn { player, chips, .. } => {
                *stacks.entry(player.0).or_default() += *chips as i64;
                expected += *chips as i64;
            }
            E::SeatedByFloor { player, stack, .. } | E::Entered { player, stack, .. } => {
                stacks.insert(player.0, *stack as i64);
                expected += *stack as i64;
            }
            // TR-26: chips from a hand not keyed in, entered by the floor.
            E::ChipsTransferred {
                from, to, chips, ..
            } => {
                *stacks.entry(from.0).or_default() -= *chips as i64;
                *stacks.entry(to.0).or_default() += *chips as i64;
            }
            E::LevelChanged { level, .. } => {
                let counted: i64 = stacks.values().sum::<i64>()
                    + pool
                    + in_hand.values().map(|h| h.0).sum::<i64>();
                checks.push(ChipCount {
                    seq: *seq,
                    level: level + 1,
                    chips: counted,
                    expected,
                    ok: counted == expected,
                });
            }
            _ => {}
        }
    }
    checks
}
