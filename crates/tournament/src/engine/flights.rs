//! Events played in flights (issue 39): Day 1A, 1B, … are chains of their own; each ends
//! with its players left bagging their chips (`end_flight`). Day 2 imports every flight's
//! result, read by the service from the flight's chain: its entries and money join one prize
//! pool, its players left become Day 2's players with the stack they bagged (a player through
//! several flights carries his first or his best stack, never the sum), and Day 2 starts with
//! a new seat draw. The players out in the flights are placed under every Day 2 player at
//! the start: by the share of their flight's field they outlasted, the most first; on equal
//! shares the earlier flight first, then the better place in it.
//!
//! Bounties cross with the stacks: the flights and Day 2 play the same bounty. A bust in a
//! flight pays its head there (a mystery bounty's envelopes are Day 2's: a flight fills none);
//! a stack bagged carries its head into Day 2, and the head of a stack not carried (the carry
//! rule kept another) goes, like every head nobody won, to the event's winner. The bounty
//! money of every flight is Day 2's to account for.

use floorbook_rules::RuleSet;
use serde::{Deserialize, Serialize};

use super::{Player, Status, Tournament, TournamentError, TournamentEvent};
use crate::seating::PlayerId;
use crate::{Bounty, Carry};

/// A flight's result as Day 2 imports it: read from the flight's chain when it ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightResult {
    /// The flight's chain and its head (hex) when it was read.
    pub chain: String,
    pub head: String,
    /// The event it feeds and its day (the flight's profile).
    pub event: String,
    pub day: String,
    /// Its entries (re-entries included) and its players.
    pub entries: u32,
    pub players: u32,
    /// What its entries, re-entries, rebuys and add-ons paid, and the house's fees out of it,
    /// in cents.
    pub paid_cents: u64,
    pub fees_cents: u64,
    /// Its players left, with the chips they bagged.
    pub survivors: Vec<Survivor>,
    /// Its players out, with their place in the flight.
    pub out: Vec<FlightOut>,
    /// Its bounty and the bounty money (none without a bounty).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounty: Option<FlightBounties>,
}

/// A flight's bounty: the format it played (Day 2's must be the same) and its money in cents.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightBounties {
    pub format: Bounty,
    /// What its entries and rebuys put on heads.
    pub money_cents: u64,
    /// What was won in cash in the flight.
    pub won_cents: u64,
    /// The heads nobody won there (a player disqualified, surrendered, removed).
    pub unclaimed_cents: u64,
}

/// A flight's money as Day 2 records it on the import (rules revision 8), so an audit counts
/// it from the events alone.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightMoney {
    pub paid_cents: u64,
    pub fees_cents: u64,
    /// The flight's bounty money, and what of it was won in cash in the flight.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bounty_cents: u64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bounties_won_cents: u64,
    /// Who won that cash in the flight (a league counts it with the event's results).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub won_by: Vec<WonInFlight>,
}

/// What a person won in bounties, in cash, in a flight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WonInFlight {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    pub cents: u64,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// A player through a flight.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Survivor {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    /// The buy-in he paid for the flight.
    pub buy_in: String,
    pub stack: u64,
    /// The bounty on his head when he bagged (cents; none without a bounty, or a mystery one).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub head_cents: u64,
    /// The bounties he won in the flight, in cash (cents).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bounties_cents: u64,
}

/// A player out in a flight, with his place there.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightOut {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    pub buy_in: String,
    pub place: u32,
    /// The bounties he won in the flight, in cash (cents).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bounties_cents: u64,
}

/// A flight's player as Day 2 takes him: his Day 2 number, the stack he bagged and whether
/// it is the one he carries.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightPlayer {
    pub player: PlayerId,
    pub stack: u64,
    pub kept: bool,
    /// The bounty on the stack's head (cents): carried with a stack kept; a stack's not
    /// carried goes to the event's winner.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub head_cents: u64,
}

/// A player out in the flights, placed in the event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FlightPlace {
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    pub buy_in: String,
    /// The flight he went out in (its day) and his place there.
    pub day: String,
    pub flight_place: u32,
    pub place: u32,
}

/// What each person won in bounties in the flights, looked up by his name and member ID.
#[derive(Debug, Default)]
pub struct PersonBounties(std::collections::HashMap<String, u64>);

impl PersonBounties {
    /// Cents won by the person of this name and member ID (0: none).
    pub fn of(&self, name: &str, member: Option<&str>) -> u64 {
        self.0.get(&person(name, member)).copied().unwrap_or(0)
    }
}

/// The person a result names: his member ID, or his name where he has none.
fn person(name: &str, member: Option<&str>) -> String {
    member.map_or_else(|| format!("name:{name}"), |m| format!("member:{m}"))
}

impl Tournament {
    /// The flight's result as it stands: None unless it is a flight that ended.
    pub fn flight_result(&self, chain: &str, head: &str) -> Option<FlightResult> {
        let flight = self.profile.flight.as_ref()?;
        if !self.finished {
            return None;
        }
        let money = self.clock_view(self.clock);
        let survivors = self
            .players
            .values()
            .filter(|p| p.status == Status::Playing)
            .map(|p| Survivor {
                name: p.name.clone(),
                member: p.member.clone(),
                buy_in: p.buy_in.clone(),
                stack: p.stack,
                head_cents: self.head(p.id),
                bounties_cents: p.bounties_won,
            })
            .collect();
        let mut out: Vec<FlightOut> = self
            .players
            .values()
            .filter_map(|p| match p.status {
                Status::Busted { place } | Status::Disqualified { place } => Some(FlightOut {
                    name: p.name.clone(),
                    member: p.member.clone(),
                    buy_in: p.buy_in.clone(),
                    place,
                    bounties_cents: p.bounties_won,
                }),
                _ => None,
            })
            .collect();
        out.sort_by_key(|o| o.place);
        Some(FlightResult {
            chain: chain.to_string(),
            head: head.to_string(),
            event: flight.event.clone(),
            day: flight.day.clone(),
            entries: money.entrants,
            players: self
                .players
                .values()
                .filter(|p| !matches!(p.status, Status::Registered | Status::WaitListed))
                .count() as u32,
            paid_cents: money.paid_cents,
            fees_cents: money.fees_cents,
            survivors,
            out,
            bounty: self.profile.bounty.clone().map(|format| FlightBounties {
                format,
                money_cents: self.bounty_money(),
                won_cents: self.players.values().map(|p| p.bounties_won).sum(),
                unclaimed_cents: self.bounties_unclaimed,
            }),
        })
    }

    /// A flight ends between hands, after its entries closed: its players left bag their
    /// chips.
    pub(super) fn end_flight(&mut self) -> Result<(), TournamentError> {
        if self.profile.flight.is_none() {
            return Err(TournamentError::NoFlight);
        }
        if !self.started || self.finished {
            return Err(TournamentError::NotNow("the tournament is not running"));
        }
        if self.entries_open(self.now) {
            return Err(TournamentError::FlightEntriesOpen {
                until_level: self.profile.entries.open_until_level(),
                level: self.level_at(self.now),
            });
        }
        if let Some(ts) = self.tables.iter().find(|t| t.hand.is_some()) {
            return Err(TournamentError::FlightHandInPlay {
                table: ts.table.no.0,
                hand: ts.hand.as_ref().map_or(0, |(no, _, _)| *no),
            });
        }
        // Chips waiting for a table's next hand (an odd chip carried, a forfeit) belong to
        // no one yet: that hand is played first.
        if let Some(ts) = self.tables.iter().find(|t| t.carried > 0) {
            return Err(TournamentError::FlightChipsCarried {
                table: ts.table.no.0,
                chips: ts.carried,
            });
        }
        let players = self
            .players
            .values()
            .filter(|p| p.status == Status::Playing)
            .map(|p| (p.id, p.stack))
            .collect();
        self.finished = true;
        self.out.push(TournamentEvent::FlightEnded {
            entries: self.entry_count(),
            players,
            rules: RuleSet::EMPTY,
        });
        Ok(())
    }

    /// Day 2 imports a flight: its players left become Day 2's players (or, already one from
    /// another flight, keep the stack the carry rule chooses).
    pub(super) fn import_flight(&mut self, flight: &FlightResult) -> Result<(), TournamentError> {
        let Some(day2) = self.profile.day2.clone() else {
            return Err(TournamentError::NoDay2);
        };
        if self.started {
            return Err(TournamentError::NotNow("the tournament has started"));
        }
        if self.flights.iter().any(|f| f.chain == flight.chain) {
            return Err(TournamentError::FlightImportedTwice {
                chain: flight.chain.clone(),
            });
        }
        if flight.event != day2.event {
            return Err(TournamentError::FlightOfAnotherEvent {
                chain: flight.chain.clone(),
                got: flight.event.clone(),
                event: day2.event,
            });
        }
        if flight.bounty.as_ref().map(|b| &b.format) != self.profile.bounty.as_ref() {
            return Err(TournamentError::FlightBountyDiffers {
                chain: flight.chain.clone(),
            });
        }
        // The chips carried stay within what a tournament counts (a flight's own did).
        let carried = flight
            .survivors
            .iter()
            .try_fold(self.carried.values().sum::<u64>(), |sum, s| {
                sum.checked_add(s.stack)
            });
        if carried.is_none_or(|c| c > u64::MAX / 2) {
            return Err(TournamentError::NotNow(
                "the chips in play would pass the limit",
            ));
        }
        // The bounty money stays within what a tournament counts, and the flight's adds up:
        // what was won there, the heads bagged and those no one won are its money (a mystery
        // bounty's is all still to be drawn for on Day 2).
        if let Some(b) = &flight.bounty {
            let kept = match b.format.kind {
                crate::BountyKind::Mystery => 0,
                _ => b.money_cents,
            };
            let held = flight
                .survivors
                .iter()
                .try_fold(b.won_cents, |sum, s| sum.checked_add(s.head_cents))
                .and_then(|sum| sum.checked_add(b.unclaimed_cents));
            let total = self
                .flight_bounty_money()
                .unwrap_or(0)
                .checked_add(b.money_cents);
            if held != Some(kept) || total.is_none_or(|t| t > u64::MAX / 2) {
                return Err(TournamentError::NotNow(
                    "the flight's bounty money does not add up, or would pass the limit",
                ));
            }
        }
        let mut players = Vec::with_capacity(flight.survivors.len());
        for s in &flight.survivors {
            let key = person(&s.name, s.member.as_deref());
            let known = self
                .players
                .values()
                .find(|p| person(&p.name, p.member.as_deref()) == key)
                .map(|p| p.id);
            let base = self.profile.bounty.as_ref().map_or(0, Bounty::cents);
            let (id, kept) = match known {
                Some(id) => {
                    let had = self.carried.get(&id).copied().unwrap_or(0);
                    let kept = day2.carry == Carry::Best && s.stack > had;
                    if kept {
                        // The stack he carried so far goes, and its head with it.
                        self.bounties_unclaimed += self.head(id);
                    }
                    (id, kept)
                }
                None => {
                    let id = PlayerId(self.players.keys().map(|p| p.0).max().unwrap_or(0) + 1);
                    self.players.insert(
                        id,
                        Player::registered(id, s.name.clone(), s.buy_in.clone(), s.member.clone()),
                    );
                    self.out.push(TournamentEvent::Registered {
                        player: id,
                        name: s.name.clone(),
                        buy_in: s.buy_in.clone(),
                        table: None,
                        member: s.member.clone(),
                        rules: RuleSet::EMPTY,
                    });
                    (id, true)
                }
            };
            if kept {
                self.carried.insert(id, s.stack);
                if let Some(p) = self.players.get_mut(&id) {
                    p.bounty_gain = s.head_cents.saturating_sub(base);
                }
            } else {
                self.bounties_unclaimed += s.head_cents;
            }
            players.push(super::FlightPlayer {
                player: id,
                stack: s.stack,
                kept,
                head_cents: s.head_cents,
            });
        }
        let bounty = flight.bounty.as_ref();
        self.bounties_unclaimed += bounty.map_or(0, |b| b.unclaimed_cents);
        self.flights.push(flight.clone());
        let money = self.readings().flight_money_imported.then(|| FlightMoney {
            paid_cents: flight.paid_cents,
            fees_cents: flight.fees_cents,
            bounty_cents: bounty.map_or(0, |b| b.money_cents),
            bounties_won_cents: bounty.map_or(0, |b| b.won_cents),
            won_by: flight
                .survivors
                .iter()
                .map(|s| (&s.name, &s.member, s.bounties_cents))
                .chain(
                    flight
                        .out
                        .iter()
                        .map(|o| (&o.name, &o.member, o.bounties_cents)),
                )
                .filter(|(_, _, cents)| *cents > 0)
                .map(|(name, member, cents)| WonInFlight {
                    name: name.clone(),
                    member: member.clone(),
                    cents,
                })
                .collect(),
        });
        self.out.push(TournamentEvent::FlightImported {
            chain: flight.chain.clone(),
            day: flight.day.clone(),
            entries: flight.entries,
            pool_cents: flight
                .paid_cents
                .saturating_sub(flight.fees_cents)
                .saturating_sub(bounty.map_or(0, |b| b.money_cents)),
            players,
            money,
            rules: RuleSet::EMPTY,
        });
        Ok(())
    }

    /// At Day 2's start: the players out in the flights (and in no flight through to Day 2),
    /// placed under Day 2's players.
    pub(super) fn rank_flights(&mut self) {
        if self.flights.is_empty() {
            return;
        }
        let places = self.flight_places();
        self.out.push(TournamentEvent::FlightsRanked {
            places,
            rules: RuleSet::EMPTY,
        });
    }

    /// The players out in Day 2's flights (and in no flight through to Day 2), placed under
    /// Day 2's players, best first.
    pub fn flight_places(&self) -> Vec<FlightPlace> {
        let through: std::collections::BTreeSet<String> = self
            .players
            .values()
            .map(|p| person(&p.name, p.member.as_deref()))
            .collect();
        // Each person out once: his best share outlasted (a lower place of a larger field).
        let mut best: std::collections::BTreeMap<String, (usize, &FlightOut, u32)> =
            Default::default();
        for (k, f) in self.flights.iter().enumerate() {
            for o in &f.out {
                let key = person(&o.name, o.member.as_deref());
                if through.contains(&key) {
                    continue;
                }
                let better = |(k2, o2, n2): &(usize, &FlightOut, u32)| {
                    // (place - 1) / players: the share of the field still in when he went
                    // out; smaller is better.
                    let a = u64::from(o.place.saturating_sub(1)) * u64::from(*n2);
                    let b = u64::from(o2.place.saturating_sub(1)) * u64::from(f.players);
                    (a, k) < (b, *k2)
                };
                match best.get(&key) {
                    Some(held) if !better(held) => {}
                    _ => {
                        best.insert(key, (k, o, f.players));
                    }
                }
            }
        }
        let mut order: Vec<(usize, &FlightOut, u32)> = best.into_values().collect();
        order.sort_by(|(k1, o1, n1), (k2, o2, n2)| {
            let a = u64::from(o1.place.saturating_sub(1)) * u64::from(*n2);
            let b = u64::from(o2.place.saturating_sub(1)) * u64::from(*n1);
            a.cmp(&b)
                .then(k1.cmp(k2))
                .then(o1.place.cmp(&o2.place))
                .then(o1.name.cmp(&o2.name))
        });
        let day2 = self.players.len() as u32;
        order
            .iter()
            .enumerate()
            .map(|(i, (k, o, _))| FlightPlace {
                name: o.name.clone(),
                member: o.member.clone(),
                buy_in: o.buy_in.clone(),
                day: self.flights[*k].day.clone(),
                flight_place: o.place,
                place: day2 + 1 + i as u32,
            })
            .collect()
    }

    /// What each person won in bounties in the flights (cents), survivors and those out alike:
    /// for a page that shows those out in the flights beside Day 2's players.
    pub fn flight_bounties_by_person(&self) -> PersonBounties {
        PersonBounties(self.bounties_by_person())
    }

    fn bounties_by_person(&self) -> std::collections::HashMap<String, u64> {
        let mut by_person: std::collections::HashMap<String, u64> = Default::default();
        for f in &self.flights {
            let won = f
                .survivors
                .iter()
                .map(|s| (&s.name, &s.member, s.bounties_cents))
                .chain(f.out.iter().map(|o| (&o.name, &o.member, o.bounties_cents)));
            for (name, member, cents) in won.filter(|w| w.2 > 0) {
                *by_person
                    .entry(person(name, member.as_deref()))
                    .or_default() += cents;
            }
        }
        by_person
    }

    /// What each of Day 2's players won in bounties in the flights, in cash (cents; none
    /// elsewhere). One pass over the flights, for a page that shows every player.
    pub fn flight_bounties_won(&self) -> std::collections::BTreeMap<PlayerId, u64> {
        let by_person = self.bounties_by_person();
        if by_person.is_empty() {
            return Default::default();
        }
        self.players
            .values()
            .filter_map(|p| {
                let cents = by_person.get(&person(&p.name, p.member.as_deref()))?;
                Some((p.id, *cents))
            })
            .collect()
    }

    /// Day 2's bounty money: what its flights' entries put on heads (None unless Day 2).
    pub fn flight_bounty_money(&self) -> Option<u64> {
        (!self.flights.is_empty()).then(|| {
            self.flights
                .iter()
                .filter_map(|f| f.bounty.as_ref())
                .map(|b| b.money_cents)
                .sum()
        })
    }

    /// Day 2's entries and money from its flights: (entries, paid, fees); None without.
    pub fn flight_money(&self) -> Option<(u32, u64, u64)> {
        (!self.flights.is_empty()).then(|| {
            self.flights.iter().fold((0, 0, 0), |(e, p, f), fl| {
                (e + fl.entries, p + fl.paid_cents, f + fl.fees_cents)
            })
        })
    }
}
