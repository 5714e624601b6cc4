//! The league's own chain: what is recorded, and the season folded from it.

use std::collections::BTreeMap;

use floorbook_tournament::engine::TournamentEvent;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::season::Result as EventResult;
use crate::{Reentries, Season};

/// A tournament's result for one player, as imported.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Imported {
    /// The name he registered under.
    pub player: String,
    pub place: u32,
    pub buy_in: f64,
    pub spend: f64,
    /// The member of the club's register he registered as (issue 24): the league counts his
    /// results by it, merges followed, so that spellings neither split nor join people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub member: Option<String>,
    /// Issue 39: the places of his earlier entries in a re-entry tournament, first first
    /// (`place` is his last), each ranked among all entries.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub earlier: Vec<u32>,
    /// Issue 39: the bounties he won in cash and the prize money paid out to him (a deal's
    /// figure included), in euros.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub bounties: f64,
    #[serde(default, skip_serializing_if = "is_zero")]
    pub prize: f64,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

impl Imported {
    /// Whether `who` names this result: its member ID or its registered name.
    pub fn is(&self, who: &str) -> bool {
        self.member.as_deref() == Some(who) || self.player == who
    }
}

/// Something that happened in a league.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LeagueEvent {
    Created {
        name: String,
        season: String,
        rules: Season,
    },
    /// A tournament joins the season, pinned to its chain's head when it was attached.
    Attached {
        chain: String,
        seq: u64,
        head: String,
        entrants: u32,
        results: Vec<Imported>,
        /// The service's signature over that head (its checkpoint), where the tournament's
        /// chain has one: a witness of the head kept in the league's own chain.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signed: Option<SignedHead>,
        /// The venue's transparency log's receipt for the pinned head (issue 40): a
        /// checkpoint cosigned by witnesses that includes the head's event, so that a later
        /// rewrite of the venue's log is provable from the league's own chain.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        receipt: Option<PinnedReceipt>,
    },
    /// An explicit, reasoned correction of one imported result.
    Corrected {
        chain: String,
        player: String,
        place: u32,
        reason: String,
    },
}

/// What a league's director asks of its season. An attachment carries the tournament's results
/// as read from its chain at the pinned head: the reading is a recorded input, like a draw.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum LeagueCommand {
    Create {
        name: String,
        season: String,
        rules: Season,
    },
    Attach {
        chain: String,
        seq: u64,
        head: String,
        entrants: u32,
        results: Vec<Imported>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        signed: Option<SignedHead>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        receipt: Option<PinnedReceipt>,
    },
    Correct {
        chain: String,
        player: String,
        place: u32,
        reason: String,
    },
}

/// A checkpoint's signature over a tournament's head: with the chain, sequence and head of
/// the attachment, the checkpoint itself.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SignedHead {
    pub key_id: String,
    /// RFC 3339, as the checkpoint records it.
    pub signed_at: String,
    /// ed25519, 128 hex digits.
    pub signature: String,
}

/// A receipt from the venue's transparency log (C2SP `tlog-proof`), kept with the log's key
/// and the witness policy it was accepted under, so that `league verify` checks it again
/// without being told either.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PinnedReceipt {
    /// The log's verifier key (signed-note form).
    pub vkey: String,
    /// The witnesses' verifier keys the policy counts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub witnesses: Vec<String>,
    /// How many of them must have cosigned.
    #[serde(default)]
    pub need: usize,
    /// The receipt file's text.
    pub proof: String,
}

/// A league event that does not fit the league so far.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum LeagueError {
    #[error("the league chain must open with its creation")]
    NotCreated,
    #[error("the league was created twice")]
    CreatedTwice,
    /// The reason is the source (a report prints it after this).
    #[error("the counting rules do not hold")]
    Rules(#[from] crate::season::SeasonError),
    #[error("tournament {0} is attached twice")]
    AttachedTwice(String),
    #[error("tournament {0} is not attached; attach it before correcting its results")]
    NotAttached(String),
    #[error("player {player} has no result in {chain}")]
    NoResult { chain: String, player: String },
    #[error("place {place} is outside 1 to {entrants}")]
    Place { place: u32, entrants: u32 },
    #[error("the tournament has not finished: {0}")]
    Unfinished(String),
    #[error("a correction needs its reason")]
    NoReason,
}

/// The league as its chain leaves it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct League {
    pub name: String,
    pub season: String,
    pub rules: Option<Season>,
    /// Attached tournaments in order: (chain, seq, head, entrants).
    pub tournaments: Vec<(String, u64, String, u32)>,
    /// Results by tournament, corrections applied.
    pub results: BTreeMap<String, Vec<Imported>>,
    /// The corrections, in order: (chain, player, place, reason).
    pub corrections: Vec<(String, String, u32, String)>,
}

impl League {
    /// What `command` causes: its events, or a refusal that changes nothing. The events are
    /// folded by [`League::apply`], as when the chain is read back.
    pub fn decide(&self, command: &LeagueCommand) -> Result<Vec<LeagueEvent>, LeagueError> {
        let event = match command.clone() {
            LeagueCommand::Create {
                name,
                season,
                rules,
            } => LeagueEvent::Created {
                name,
                season,
                rules,
            },
            LeagueCommand::Attach {
                chain,
                seq,
                head,
                entrants,
                results,
                signed,
                receipt,
            } => LeagueEvent::Attached {
                chain,
                seq,
                head,
                entrants,
                results,
                signed,
                receipt,
            },
            LeagueCommand::Correct {
                chain,
                player,
                place,
                reason,
            } => {
                if reason.trim().is_empty() {
                    return Err(LeagueError::NoReason);
                }
                LeagueEvent::Corrected {
                    chain,
                    player,
                    place,
                    reason,
                }
            }
        };
        self.clone().apply(&event)?;
        Ok(vec![event])
    }

    /// Folds one event; an event that does not fit is an error and changes nothing.
    pub fn apply(&mut self, e: &LeagueEvent) -> Result<(), LeagueError> {
        match e {
            LeagueEvent::Created {
                name,
                season,
                rules,
            } => {
                if self.rules.is_some() {
                    return Err(LeagueError::CreatedTwice);
                }
                rules.check()?;
                self.name = name.clone();
                self.season = season.clone();
                self.rules = Some(rules.clone());
            }
            _ if self.rules.is_none() => return Err(LeagueError::NotCreated),
            LeagueEvent::Attached {
                chain,
                seq,
                head,
                entrants,
                results,
                ..
            } => {
                if self.results.contains_key(chain) {
                    return Err(LeagueError::AttachedTwice(chain.clone()));
                }
                if let Some(r) = results.iter().find(|r| r.place == 0 || r.place > *entrants) {
                    return Err(LeagueError::Place {
                        place: r.place,
                        entrants: *entrants,
                    });
                }
                self.tournaments
                    .push((chain.clone(), *seq, head.clone(), *entrants));
                self.results.insert(chain.clone(), results.clone());
            }
            LeagueEvent::Corrected {
                chain,
                player,
                place,
                reason,
            } => {
                let entrants = self
                    .tournaments
                    .iter()
                    .find(|t| &t.0 == chain)
                    .map(|t| t.3)
                    .ok_or_else(|| LeagueError::NotAttached(chain.clone()))?;
                if *place == 0 || *place > entrants {
                    return Err(LeagueError::Place {
                        place: *place,
                        entrants,
                    });
                }
                let r = self
                    .results
                    .get_mut(chain)
                    .and_then(|rs| rs.iter_mut().find(|r| r.is(player)))
                    .ok_or_else(|| LeagueError::NoResult {
                        chain: chain.clone(),
                        player: player.clone(),
                    })?;
                r.place = *place;
                self.corrections
                    .push((chain.clone(), player.clone(), *place, reason.clone()));
            }
        }
        Ok(())
    }

    /// The season's results, tournament by tournament, for [`crate::standings`]: each counted
    /// for its member (or, without one, its registered name).
    pub fn season_results(&self) -> Vec<EventResult> {
        self.season_results_by(|r| r.member.clone().unwrap_or_else(|| r.player.clone()))
    }

    /// The season's results, each counted for `key(result)`: the member a merge folded it
    /// into, say. A re-entry tournament's entries count as the season's rules say.
    pub fn season_results_by(&self, key: impl Fn(&Imported) -> String) -> Vec<EventResult> {
        let reentries = self
            .rules
            .as_ref()
            .map_or_else(Reentries::default, |r| r.reentries);
        let mut out = Vec::new();
        for (index, (chain, _, _, entrants)) in self.tournaments.iter().enumerate() {
            for r in self.results.get(chain).into_iter().flatten() {
                // The bounties and the prize go with his last entry (where he won them).
                let result = |place: u32, spend: f64, last: bool| EventResult {
                    event: chain.clone(),
                    index,
                    player: key(r),
                    place,
                    entrants: *entrants,
                    buy_in: r.buy_in,
                    spend,
                    bounties: if last { r.bounties } else { 0.0 },
                    prize: if last { r.prize } else { 0.0 },
                };
                match reentries {
                    Reentries::Best => out.push(result(r.place, r.spend, true)),
                    Reentries::First => out.push(result(
                        r.earlier.first().copied().unwrap_or(r.place),
                        r.buy_in,
                        true,
                    )),
                    Reentries::All => {
                        // Each entry paid its buy-in; the last one what is left of his spend.
                        let earlier = r.earlier.len() as f64;
                        for &place in &r.earlier {
                            out.push(result(place, r.buy_in, false));
                        }
                        out.push(result(r.place, r.spend - earlier * r.buy_in, true));
                    }
                }
            }
        }
        out
    }
}

/// The final standings of a finished tournament, from its own events: (entrants, results).
/// A player's name is the league's key for him; the buy-in is the one he registered with.
///
/// Where players re-entered (issue 39) the field is the entries and each entry is ranked
/// among them: the entries out while entries were open by the order they went out (those out
/// in one hand worst first, as the tournament keeps them), the last out best, under every
/// entry still in when they closed; from then on entries and players are the same and the
/// tournament's places stand. A player's result is his last entry's, his earlier ones kept
/// beside it. Without re-entries these are the tournament's own places.
pub fn tournament_results(events: &[TournamentEvent]) -> Result<(u32, Vec<Imported>), LeagueError> {
    let mut names: BTreeMap<u32, (String, f64, Option<String>)> = BTreeMap::new();
    let mut entrants = 0;
    let mut reentries = 0;
    let mut places: BTreeMap<u32, u32> = BTreeMap::new();
    let mut spent: BTreeMap<u32, f64> = BTreeMap::new();
    // The exits while entries were open, in the order they went out, each with its hand (a
    // hand's busts are recorded best first: turned worst first below; the floor's and a chip
    // race's, hand 0, one at a time).
    let mut exits_open: Vec<(u32, Option<u64>)> = Vec::new();
    let mut open_at_close = None;
    let mut placed_at_close: Vec<u32> = Vec::new();
    // An event played in flights (issue 39): its entries are the flights', and those out in
    // the flights are placed under Day 2's players.
    let mut flight_entries = 0;
    let mut flight_places: Vec<Imported> = Vec::new();
    // Issue 39: bounties won in cash and prizes paid out, in cents, by player.
    let mut bounties: BTreeMap<u32, u64> = BTreeMap::new();
    let mut prizes: BTreeMap<u32, u64> = BTreeMap::new();
    // Bounties won in the flights, by person (member number, else name).
    let mut flight_bounties: BTreeMap<(Option<String>, String), u64> = BTreeMap::new();
    let person = |name: &str, member: &Option<String>| match member {
        Some(m) => (Some(m.clone()), String::new()),
        None => (None, name.to_string()),
    };
    let mut finished = false;
    for e in events {
        match e {
            TournamentEvent::Registered {
                player,
                name,
                buy_in,
                member,
                ..
            } => {
                names.insert(
                    player.0,
                    (name.clone(), buy_in.parse().unwrap_or(0.0), member.clone()),
                );
            }
            TournamentEvent::Started { players, .. } => entrants = *players,
            // Issue 39: a late registration is one more player; a re-entry is spent again.
            TournamentEvent::Entered {
                player,
                entry,
                buy_in,
                ..
            } => {
                if *entry == 1 {
                    entrants += 1;
                } else {
                    reentries += 1;
                    *spent.entry(player.0).or_default() += buy_in.parse().unwrap_or(0.0);
                }
            }
            TournamentEvent::Busted {
                player,
                place: None,
                hand,
                ..
            } => exits_open.push((player.0, (*hand > 0).then_some(*hand))),
            TournamentEvent::NoShowRemoved {
                player,
                place: None,
                ..
            }
            | TournamentEvent::Surrendered {
                player,
                place: None,
                ..
            } => exits_open.push((player.0, None)),
            // A player out who rebuys takes his entry back: it did not go out.
            TournamentEvent::Rebought {
                player,
                seat_back: Some(_),
                ..
            } => {
                if let Some(i) = exits_open.iter().rposition(|(p, _)| *p == player.0) {
                    exits_open.remove(i);
                }
            }
            TournamentEvent::Busted {
                player,
                place: Some(place),
                ..
            }
            | TournamentEvent::NoShowRemoved {
                player,
                place: Some(place),
                ..
            }
            | TournamentEvent::Surrendered {
                player,
                place: Some(place),
                ..
            } => {
                places.insert(player.0, *place);
            }
            TournamentEvent::EntriesClosed { places: placed, .. } => {
                for (p, place) in placed {
                    places.insert(p.0, *place);
                }
                placed_at_close = placed.iter().map(|(p, _)| p.0).collect();
                open_at_close = Some(std::mem::take(&mut exits_open));
            }
            TournamentEvent::Finished { winner } => {
                places.insert(winner.0, 1);
                finished = true;
            }
            TournamentEvent::FlightImported { entries, money, .. } => {
                flight_entries += entries;
                for w in money.iter().flat_map(|m| &m.won_by) {
                    *flight_bounties
                        .entry(person(&w.name, &w.member))
                        .or_default() += w.cents;
                }
            }
            TournamentEvent::BountyWon { shares, .. } => {
                for sh in shares {
                    *bounties.entry(sh.player.0).or_default() += sh.cash;
                }
            }
            TournamentEvent::PrizePaid { player, cents, .. } => {
                *prizes.entry(player.0).or_default() += cents;
            }
            TournamentEvent::FlightsRanked { places: ranked, .. } => {
                flight_places = ranked
                    .iter()
                    .map(|p| Imported {
                        player: p.name.clone(),
                        place: p.place,
                        buy_in: p.buy_in.parse().unwrap_or(0.0),
                        spend: p.buy_in.parse().unwrap_or(0.0),
                        member: p.member.clone(),
                        earlier: Vec::new(),
                        bounties: 0.0,
                        prize: 0.0,
                    })
                    .collect();
            }
            _ => {}
        }
    }
    if !finished {
        return Err(LeagueError::Unfinished("no winner recorded".into()));
    }
    // Each entry out while entries were open, ranked among all entries.
    let entries = entrants + reentries;
    let mut earlier: BTreeMap<u32, Vec<u32>> = BTreeMap::new();
    if reentries > 0 {
        let mut exits = open_at_close.unwrap_or_default();
        let mut i = 0;
        while i < exits.len() {
            let hand = exits[i].1;
            let mut j = i + 1;
            while hand.is_some() && j < exits.len() && exits[j].1 == hand {
                j += 1;
            }
            exits[i..j].reverse();
            i = j;
        }
        for (k, (p, _)) in exits.iter().enumerate() {
            earlier
                .entry(*p)
                .or_default()
                .push(entries.saturating_sub(k as u32));
        }
        // Those the close placed went out for good while entries were open: their last exit
        // is their last entry's place.
        for p in &placed_at_close {
            if let Some(last) = earlier.get_mut(p).and_then(Vec::pop) {
                places.insert(*p, last);
            }
        }
    }
    let mut results: Vec<Imported> = places
        .into_iter()
        .map(|(id, place)| {
            let (name, buy_in, member) = names
                .get(&id)
                .cloned()
                .unwrap_or_else(|| (format!("player {id}"), 0.0, None));
            Imported {
                player: name,
                place,
                buy_in,
                spend: buy_in + spent.get(&id).copied().unwrap_or(0.0),
                member,
                earlier: earlier.remove(&id).unwrap_or_default(),
                bounties: bounties.get(&id).copied().unwrap_or(0) as f64 / 100.0,
                prize: prizes.get(&id).copied().unwrap_or(0) as f64 / 100.0,
            }
        })
        .collect();
    if flight_entries > 0 {
        results.extend(flight_places);
        // What each person won in the flights goes with his result in the event.
        for r in &mut results {
            if let Some(cents) = flight_bounties.remove(&person(&r.player, &r.member)) {
                r.bounties += cents as f64 / 100.0;
            }
        }
        return Ok((flight_entries, results));
    }
    Ok((if reentries > 0 { entries } else { entrants }, results))
}

/// The league decides as every domain does: `decide`, then each event folded by `apply`, all
/// or nothing. A league's commands need no recorded input.
impl floorbook_decide::Decide for League {
    type Command = LeagueCommand;
    type Event = LeagueEvent;
    type At = ();
    type Refusal = LeagueError;

    fn decide(&mut self, command: &LeagueCommand, (): ()) -> Result<Vec<LeagueEvent>, LeagueError> {
        let events = League::decide(self, command)?;
        let mut next = self.clone();
        for e in &events {
            next.apply(e)?;
        }
        *self = next;
        Ok(events)
    }
}
