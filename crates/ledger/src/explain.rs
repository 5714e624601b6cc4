//! Why a decision came out the way it did: the decision recorded at a sequence, re-derived from
//! the commands before it, as a typed report ([`Explanation`]) with the command that caused it,
//! the table as the command found it, who entered it and when, and the rules with their text.
//! The command line formats it; nothing here prints.

use chrono::{DateTime, Utc};
use floorbook_log::{Actor, ChainId, Envelope, EventStore, Seq, StoreError};
use floorbook_rules::Rule;
use floorbook_tournament::command::Command;
use floorbook_tournament::engine::{Tournament, TournamentEvent};
use floorbook_tournament::rederive::Divergence;
use serde::Serialize;

use crate::reader::{LoadError, Recorded};

/// A rule and its English reading.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RuleText {
    pub id: &'static str,
    pub text: &'static str,
}

impl RuleText {
    fn of(rule: Rule) -> RuleText {
        RuleText {
            id: rule.id(),
            text: rule.text(),
        }
    }
}

/// Where re-derivation and the record part.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DivergenceReport {
    /// The sequence of the recorded event where they part (None past the end of the log).
    pub seq: Option<u64>,
    pub recorded: Option<TournamentEvent>,
    pub derived: Option<TournamentEvent>,
    pub command: Option<Command>,
    pub reason: String,
}

impl DivergenceReport {
    pub fn of(rec: &Recorded, d: &Divergence) -> DivergenceReport {
        DivergenceReport {
            seq: rec.seq_of(d.index),
            recorded: d.recorded.clone(),
            derived: d.derived.clone(),
            command: d.command.clone(),
            reason: d.reason.clone(),
        }
    }
}

/// What the command saw before it ran.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Before {
    /// The level in force, counted from 1.
    pub level: usize,
    pub players_left: u32,
    /// The command's table as it found it: the hand, who acts and what is legal.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub table: Option<crate::view::TableView>,
}

impl Before {
    fn of(t: &Tournament, cmd: &Command) -> Before {
        let table = cmd
            .table()
            .and_then(|no| t.tables.iter().find(|ts| ts.table.no == no))
            .map(|ts| crate::view::table_view(t, ts));
        Before {
            level: t.level + 1,
            players_left: t.remaining(),
            table,
        }
    }
}

/// Who recorded an event, and when, from its envelope.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RecordedBy {
    pub actor: Actor,
    pub at: DateTime<Utc>,
    /// The id of the service request that caused it, if any.
    pub request: Option<String>,
}

/// The decision at a sequence, re-derived.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Explanation {
    pub chain: String,
    pub seq: Option<u64>,
    /// The recorded decision is the one the rules derive.
    pub agrees: bool,
    pub recorded: Option<TournamentEvent>,
    pub derived: Option<TournamentEvent>,
    /// The command that derived it.
    pub command: Option<Command>,
    /// Where that command's decisions begin.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command_seq: Option<u64>,
    pub before: Option<Before>,
    /// The rules that decided the recorded event, with their text.
    pub rules: Vec<RuleText>,
    /// The house's profile settings behind it, where a format the director chose decided it
    /// (issue 39: entries after the start, deals), as `name = value`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub settings: Vec<Setting>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub divergence: Option<DivergenceReport>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recorded_by: Option<RecordedBy>,
}

/// A decision that cannot be explained.
#[derive(Debug, thiserror::Error)]
pub enum ExplainError {
    #[error(transparent)]
    Load(#[from] Box<LoadError>),
    #[error("the re-derivation ended before seq {0}")]
    Ended(u64),
    #[error("reading seq {seq} of {chain}: {source}")]
    Store {
        chain: ChainId,
        seq: u64,
        #[source]
        source: Box<StoreError>,
    },
}

impl From<LoadError> for ExplainError {
    fn from(e: LoadError) -> ExplainError {
        ExplainError::Load(Box::new(e))
    }
}

/// A profile setting and its value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Setting {
    pub name: &'static str,
    pub value: String,
}

/// The profile settings that decided `e`, where a format of the house's choosing did.
pub fn settings_of(e: Option<&TournamentEvent>, t: &Tournament) -> Vec<Setting> {
    let entries = &t.profile.entries;
    let late = || Setting {
        name: "entries.late_until_level",
        value: entries.late_until_level.to_string(),
    };
    let reentries = || Setting {
        name: "entries.reentries",
        value: entries.reentries.to_string(),
    };
    match e {
        Some(TournamentEvent::Entered { entry: 1, .. })
        | Some(TournamentEvent::EntriesClosed { .. })
        | Some(TournamentEvent::Busted { place: None, .. })
        | Some(TournamentEvent::NoShowRemoved { place: None, .. })
        | Some(TournamentEvent::Surrendered { place: None, .. }) => vec![late()],
        Some(TournamentEvent::Entered { .. }) => vec![late(), reentries()],
        Some(TournamentEvent::Rebought { .. }) => vec![
            Setting {
                name: "entries.rebuys",
                value: entries.rebuys.to_string(),
            },
            Setting {
                name: "entries.rebuy_until_level",
                value: entries.rebuy_until_level.to_string(),
            },
            Setting {
                name: "entries.rebuy_at_or_below",
                value: entries
                    .rebuy_at_or_below
                    .unwrap_or(t.profile.starting_chips)
                    .to_string(),
            },
        ],
        Some(
            TournamentEvent::BountyWon { .. }
            | TournamentEvent::EnvelopesFilled { .. }
            | TournamentEvent::EnvelopeOwed { .. },
        ) => t.profile.bounty.iter().flat_map(bounty_settings).collect(),
        Some(TournamentEvent::FlightEnded { .. }) => t
            .profile
            .flight
            .iter()
            .flat_map(|f| {
                [
                    Setting {
                        name: "flight.event",
                        value: f.event.clone(),
                    },
                    Setting {
                        name: "flight.day",
                        value: f.day.clone(),
                    },
                ]
            })
            .collect(),
        Some(TournamentEvent::FlightImported { .. } | TournamentEvent::FlightsRanked { .. }) => t
            .profile
            .day2
            .iter()
            .flat_map(|d| {
                [
                    Setting {
                        name: "day2.event",
                        value: d.event.clone(),
                    },
                    Setting {
                        name: "day2.carry",
                        value: format!("{:?}", d.carry).to_lowercase(),
                    },
                ]
            })
            // The heads the flights' players carry in.
            .chain(t.profile.bounty.iter().flat_map(bounty_settings))
            .collect(),
        Some(TournamentEvent::AddedOn { .. }) => vec![Setting {
            name: "entries.addon_chips",
            value: entries.addon_chips.to_string(),
        }],
        Some(
            TournamentEvent::DealProposed { .. }
            | TournamentEvent::DealConsented { .. }
            | TournamentEvent::DealAgreed { .. }
            | TournamentEvent::DealDeclined { .. },
        ) => vec![Setting {
            name: "deals.allowed",
            value: t.profile.deals.allowed.to_string(),
        }],
        _ => Vec::new(),
    }
}

fn rules_of(e: Option<&TournamentEvent>) -> Vec<RuleText> {
    e.map(|e| e.rules().iter().map(RuleText::of).collect())
        .unwrap_or_default()
}

/// Re-derives the decision recorded at `seq` (for a command as entered, its first decision):
/// recorded against derived, the command and the state it met, the rules with their text.
pub fn explain(rec: &Recorded, seq: u64) -> Result<Explanation, ExplainError> {
    let index = rec.index_of(seq)?;
    let mut r = rec.replayer();
    loop {
        let cmd = match r.next_command() {
            Ok(Some(c)) => c,
            Ok(None) => return Err(ExplainError::Ended(seq)),
            Err(d) => return Ok(diverged(rec, &d, index, None)),
        };
        let before = Before::of(r.tournament(), &cmd);
        match r.step() {
            Ok(Some(step)) if step.from + step.derived.len() > index => {
                let recorded = rec.event(index).cloned();
                let derived = step.derived.get(index - step.from).cloned();
                return Ok(Explanation {
                    chain: rec.chain.to_string(),
                    seq: Some(seq),
                    agrees: recorded.is_some() && recorded == derived,
                    rules: rules_of(recorded.as_ref()),
                    settings: settings_of(recorded.as_ref(), r.tournament()),
                    recorded,
                    derived,
                    command: Some(step.command),
                    command_seq: rec.seq_of(step.from),
                    before: Some(before),
                    divergence: None,
                    recorded_by: None,
                });
            }
            Ok(Some(_)) => {}
            Ok(None) => return Err(ExplainError::Ended(seq)),
            Err(d) => return Ok(diverged(rec, &d, index, Some(before))),
        }
    }
}

/// The report when re-derivation parts from the record at or before the asked event.
fn diverged(rec: &Recorded, d: &Divergence, index: usize, before: Option<Before>) -> Explanation {
    let recorded = rec.event(index).cloned();
    // The command that derived the asked event went on to a divergent one: the asked event
    // itself was compared and matched.
    let matched = d.index > index;
    let derived = if matched {
        recorded.clone()
    } else if d.index == index {
        d.derived.clone()
    } else {
        None
    };
    Explanation {
        chain: rec.chain.to_string(),
        seq: rec.seq_of(index),
        agrees: matched,
        rules: rules_of(recorded.as_ref()),
        settings: Vec::new(),
        recorded,
        derived,
        command: d.command.clone(),
        command_seq: None,
        before,
        divergence: Some(DivergenceReport::of(rec, d)),
        recorded_by: None,
    }
}

/// Re-derives the whole chain held: the first divergence, if any.
pub fn first_divergence(rec: &Recorded) -> Option<DivergenceReport> {
    let mut r = rec.replayer();
    r.run_to_end().err().map(|d| DivergenceReport::of(rec, &d))
}

/// [`into_first_divergence`], with the tournament re-derived to the end (none where it
/// diverged).
pub fn into_first_divergence_and_end(
    rec: Recorded,
) -> (Option<DivergenceReport>, Option<Tournament>) {
    let (base, seqs) = (rec.base, rec.seqs.clone());
    let mut r = rec.into_replayer();
    let divergence = r.run_to_end().err();
    let end = divergence.is_none().then(|| r.tournament().clone());
    std::thread::spawn(move || drop(r));
    let report = divergence.map(|d| DivergenceReport {
        seq: d.index.checked_sub(base).and_then(|i| seqs.get(i)).copied(),
        recorded: d.recorded,
        derived: d.derived,
        command: d.command,
        reason: d.reason,
    });
    (report, end)
}

/// [`first_divergence`], giving the record's events to the re-derivation instead of copying
/// them (a million events copied is most of an audit's memory).
pub fn into_first_divergence(rec: Recorded) -> Option<DivergenceReport> {
    let (base, seqs) = (rec.base, rec.seqs.clone());
    let mut r = rec.into_replayer();
    let divergence = r.run_to_end().err();
    // A million events take a while to free: on a thread of their own.
    std::thread::spawn(move || drop(r));
    divergence.map(|d| DivergenceReport {
        seq: d.index.checked_sub(base).and_then(|i| seqs.get(i)).copied(),
        recorded: d.recorded,
        derived: d.derived,
        command: d.command,
        reason: d.reason,
    })
}

/// Who recorded the event at `seq` and when, from its envelope.
pub async fn recorded_by<S: EventStore>(
    store: &S,
    chain: &ChainId,
    seq: u64,
) -> Result<Option<RecordedBy>, ExplainError> {
    let stored = store
        .read(chain, Seq(seq), 1)
        .await
        .map_err(|source| ExplainError::Store {
            chain: chain.clone(),
            seq,
            source: Box::new(source),
        })?;
    Ok(stored
        .first()
        .filter(|e| e.seq == Seq(seq))
        .and_then(|e| Envelope::parse(&e.bytes).ok())
        .map(|env| RecordedBy {
            actor: env.actor,
            at: env.at,
            request: env.request,
        }))
}

/// A bounty's settings, as a decision that paid or carried a head used them.
fn bounty_settings(b: &floorbook_tournament::Bounty) -> Vec<Setting> {
    let mut out = vec![
        Setting {
            name: "bounty.kind",
            value: format!("{:?}", b.kind).to_lowercase(),
        },
        Setting {
            name: "bounty.amount",
            value: b.amount.clone(),
        },
    ];
    match b.kind {
        floorbook_tournament::BountyKind::Knockout => {}
        floorbook_tournament::BountyKind::Progressive => out.push(Setting {
            name: "bounty.to_eliminator",
            value: b.to_eliminator.to_string(),
        }),
        floorbook_tournament::BountyKind::Mystery => {
            out.push(Setting {
                name: "bounty.from_level",
                value: b.from_level.to_string(),
            });
            out.push(Setting {
                name: "bounty.envelopes",
                value: format!("{:?}", b.envelopes),
            });
        }
    }
    out
}
