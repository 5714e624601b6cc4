//! A cash room's day as a chain: what it holds ([`CashChainEvent`]), the drafts of an evening
//! played without one ([`drafts`]), reading it back ([`load`]), re-deriving every decision
//! ([`rederive`]) and explaining one ([`explain`]).
//!
//! One chain holds a room's day, all its tables: the waiting list and the must-move list span
//! tables, and a move takes a seat at one table and frees one at another in one decision, so
//! one chain orders them (`docs/ARCHITECTURE.md`, "Cash tables").

use chrono::{DateTime, Duration, Utc};
use floorbook_cash::{CashCommand, CashEvent, CashProfile, CashRoom};
use floorbook_log::{Actor, ChainId, Draft, Envelope, EventStore, Role, RuleId, Seq, StoreError};
use floorbook_rules::Rule;
use serde::{Deserialize, Serialize};

use crate::chain::{CHAIN_FORMAT, DecodeError, DraftError, ENTERED, REFUSED, Refusal};

/// A cash chain's opening event.
pub const CASH_OPENED: &str = "CashRoomOpened";

/// The opening's payload: the room, its profile as written and how it was opened.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CashOpening {
    pub profile: String,
    pub title: String,
    /// The simulator's seed, for a simulated evening.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    pub profile_toml: String,
    pub chain_format: u32,
    /// The house rules' readings it is decided by ([`floorbook_cash::CASH_RULES_REVISION`]).
    pub rules_revision: u32,
}

/// A cash command as it was entered: the command and its time (seconds since the opening).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CashEntered {
    pub command: CashCommand,
    pub at: u64,
}

/// Everything a cash chain may hold.
#[derive(Debug, Clone, PartialEq)]
pub enum CashChainEvent {
    Opened(CashOpening),
    Entered(CashEntered),
    Decided(CashEvent),
    Refused(Refusal),
    /// Keys of sealed events, released when their hand was over: no decision.
    Released(floorbook_log::secret::Released),
}

impl CashChainEvent {
    pub fn event_type(&self) -> &'static str {
        match self {
            CashChainEvent::Opened(_) => CASH_OPENED,
            CashChainEvent::Entered(_) => ENTERED,
            CashChainEvent::Decided(e) => e.event_type(),
            CashChainEvent::Refused(_) => REFUSED,
            CashChainEvent::Released(_) => floorbook_log::KEYS_RELEASED,
        }
    }

    /// The draft that records it, by `actor` at `at`.
    pub fn draft(&self, actor: Actor, at: DateTime<Utc>) -> Result<Draft, DraftError> {
        Ok(match self {
            CashChainEvent::Opened(o) => Draft::new(at, actor, CASH_OPENED, Vec::new(), o)?,
            CashChainEvent::Entered(e) => Draft::new(at, actor, ENTERED, Vec::new(), e)?,
            CashChainEvent::Decided(e) => {
                let rules = e
                    .rules()
                    .iter()
                    .map(|r| RuleId::new(r.id()))
                    .collect::<Result<Vec<_>, _>>()?;
                Draft::new(at, actor, e.event_type(), rules, e)?
            }
            CashChainEvent::Refused(r) => Draft::new(at, actor, REFUSED, Vec::new(), r)?,
            CashChainEvent::Released(r) => {
                Draft::new(at, actor, floorbook_log::KEYS_RELEASED, Vec::new(), r)?
            }
        })
    }

    /// Reads a stored envelope of a cash chain.
    pub fn decode(env: &Envelope) -> Result<CashChainEvent, DecodeError> {
        let text = env.payload.get();
        let bad = |source| DecodeError {
            event_type: env.event_type.clone(),
            source,
        };
        Ok(match env.event_type.as_str() {
            CASH_OPENED => CashChainEvent::Opened(serde_json::from_str(text).map_err(bad)?),
            ENTERED => CashChainEvent::Entered(serde_json::from_str(text).map_err(bad)?),
            REFUSED => CashChainEvent::Refused(serde_json::from_str(text).map_err(bad)?),
            floorbook_log::KEYS_RELEASED => {
                CashChainEvent::Released(serde_json::from_str(text).map_err(bad)?)
            }
            _ => {
                let e: CashEvent = serde_json::from_str(text).map_err(bad)?;
                if e.event_type() != env.event_type {
                    return Err(bad(serde::de::Error::custom(format!(
                        "the payload is a {} event",
                        e.event_type()
                    ))));
                }
                CashChainEvent::Decided(e)
            }
        })
    }
}

/// Who enters a cash command: the dealer of the table for its hands, the floor otherwise, the
/// shift manager for a ruling.
pub fn actor_of_command(c: &CashCommand) -> Result<Actor, DraftError> {
    let (id, role) = match c {
        CashCommand::StartHand { table, .. } | CashCommand::Hand { table, .. } => {
            (format!("dealer-t{table}"), Role::Dealer)
        }
        CashCommand::Ruling { .. } => ("shift-manager".to_string(), Role::Director),
        _ => ("floor".to_string(), Role::Floor),
    };
    Ok(Actor::new(id, role)?)
}

/// The drafts of an evening played without a chain: the opening, then each command as
/// entered and its decisions, at `start` plus the command's time.
pub fn drafts<'a>(
    profile: &CashProfile,
    profile_toml: &str,
    seed: Option<u64>,
    start: DateTime<Utc>,
    log: impl IntoIterator<Item = (&'a CashCommand, u64, &'a [CashEvent])>,
) -> Result<Vec<Draft>, DraftError> {
    let mut out = Vec::new();
    let opening = CashChainEvent::Opened(CashOpening {
        profile: profile.name.clone(),
        title: profile.title.clone(),
        seed,
        profile_toml: profile_toml.to_string(),
        chain_format: CHAIN_FORMAT,
        rules_revision: floorbook_cash::CASH_RULES_REVISION,
    });
    out.push(opening.draft(Actor::new("shift-manager", Role::Director)?, start)?);
    let service = Actor::new("floorbook", Role::Service)?;
    for (command, at, events) in log {
        let time = start + Duration::seconds(i64::try_from(at).unwrap_or(i64::MAX / 2));
        let actor = actor_of_command(command)?;
        out.push(
            CashChainEvent::Entered(CashEntered {
                command: command.clone(),
                at,
            })
            .draft(actor.clone(), time)?,
        );
        for e in events {
            let who = match e {
                CashEvent::InHand { .. } => actor.clone(),
                _ => service.clone(),
            };
            out.push(CashChainEvent::Decided(e.clone()).draft(who, time)?);
        }
    }
    Ok(out)
}

/// A cash chain cannot be read or does not re-derive.
#[derive(Debug, thiserror::Error)]
pub enum CashLoadError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("chain {0} is empty")]
    Empty(ChainId),
    #[error("chain {0} does not open with CashRoomOpened")]
    NotACashRoom(ChainId),
    #[error("seq {seq} is not a readable envelope: {source}")]
    Envelope {
        seq: u64,
        #[source]
        source: serde_json::Error,
    },
    #[error("seq {seq} is not a cash event: {source}")]
    Event {
        seq: u64,
        #[source]
        source: DecodeError,
    },
    #[error("the profile recorded at seq 1 of {chain} does not hold: {problems}")]
    Profile { chain: ChainId, problems: String },
    #[error(
        "chain {chain} is of format {recorded}; this build reads formats 1 to {supported} (a newer build is needed)"
    )]
    Format {
        chain: ChainId,
        recorded: u32,
        supported: u32,
    },
    #[error(
        "chain {chain} was opened under cash rules revision {recorded}; this build derives revisions 1 to {supported} (a newer build is needed)"
    )]
    Revision {
        chain: ChainId,
        recorded: u32,
        supported: u32,
    },
    #[error("seq {seq} is a decision recorded before any command")]
    Orphan { seq: u64 },
    #[error("seq {seq} is not an event of {chain}; it runs from 1 to {last}")]
    NoSuchEvent { chain: ChainId, seq: u64, last: u64 },
}

/// One command as recorded, with its sequence and the decisions after it.
#[derive(Debug, Clone)]
pub struct RecordedCommand {
    pub seq: u64,
    pub entered: CashEntered,
    /// Who entered it and when (the envelope's).
    pub actor: String,
    pub role: String,
    pub at: DateTime<Utc>,
    pub decisions: Vec<(u64, CashEvent)>,
}

/// A recorded cash room.
#[derive(Debug, Clone)]
pub struct CashRecord {
    pub chain: ChainId,
    pub opening: CashOpening,
    pub profile: CashProfile,
    pub commands: Vec<RecordedCommand>,
    /// The chain's last sequence.
    pub last: u64,
}

/// Whether a chain's opening envelope is a cash room's.
pub fn is_cash_opening(env: &Envelope) -> bool {
    env.event_type == CASH_OPENED
}

/// Whether `chain` is a cash room's (its first event opens one).
pub async fn is_cash<S: EventStore>(store: &S, chain: &ChainId) -> Result<bool, StoreError> {
    let first = store.read(chain, Seq::FIRST, 1).await?;
    Ok(first
        .first()
        .and_then(|e| Envelope::parse(&e.bytes).ok())
        .is_some_and(|env| is_cash_opening(&env)))
}

/// Reads a cash chain whole.
pub async fn load<S: EventStore>(store: &S, chain: ChainId) -> Result<CashRecord, CashLoadError> {
    let mut from = Seq::FIRST;
    let mut opening = None;
    let mut commands: Vec<RecordedCommand> = Vec::new();
    let mut last = 0;
    loop {
        let batch = store.read(&chain, from, 4096).await?;
        let Some(tail) = batch.last() else { break };
        from = tail.seq.next();
        for e in &batch {
            let seq = e.seq.0;
            last = seq;
            let env = e
                .envelope()
                .map_err(|source| CashLoadError::Envelope { seq, source })?;
            if seq == 1 && !is_cash_opening(&env) {
                return Err(CashLoadError::NotACashRoom(chain));
            }
            match CashChainEvent::decode(&env)
                .map_err(|source| CashLoadError::Event { seq, source })?
            {
                CashChainEvent::Opened(o) => opening = Some(o),
                CashChainEvent::Entered(entered) => commands.push(RecordedCommand {
                    seq,
                    entered,
                    actor: env.actor.id.clone(),
                    role: format!("{:?}", env.actor.role).to_lowercase(),
                    at: env.at,
                    decisions: Vec::new(),
                }),
                CashChainEvent::Decided(d) => match commands.last_mut() {
                    Some(c) => c.decisions.push((seq, d)),
                    None => return Err(CashLoadError::Orphan { seq }),
                },
                CashChainEvent::Refused(_) | CashChainEvent::Released(_) => {}
            }
        }
    }
    let opening = opening.ok_or_else(|| CashLoadError::Empty(chain.clone()))?;
    if !(1..=CHAIN_FORMAT).contains(&opening.chain_format) {
        return Err(CashLoadError::Format {
            chain,
            recorded: opening.chain_format,
            supported: CHAIN_FORMAT,
        });
    }
    if !(1..=floorbook_cash::CASH_RULES_REVISION).contains(&opening.rules_revision) {
        return Err(CashLoadError::Revision {
            chain,
            recorded: opening.rules_revision,
            supported: floorbook_cash::CASH_RULES_REVISION,
        });
    }
    let profile =
        CashProfile::from_toml(&opening.profile_toml).map_err(|e| CashLoadError::Profile {
            chain: chain.clone(),
            problems: e.to_string(),
        })?;
    let problems = profile.check();
    if !problems.is_empty() {
        return Err(CashLoadError::Profile {
            chain,
            problems: problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("; "),
        });
    }
    Ok(CashRecord {
        chain,
        opening,
        profile,
        commands,
        last,
    })
}

/// Where re-deriving a recorded command did not give what the chain holds.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CashDivergence {
    /// The command's sequence.
    pub seq: u64,
    pub command: CashCommand,
    /// Recorded decisions, and the ones derived (or the refusal).
    pub recorded: Vec<CashEvent>,
    pub derived: Result<Vec<CashEvent>, String>,
}

/// Decides every recorded command again on a fresh room: the room at the end, or the first
/// command whose decisions differ.
pub fn rederive(record: &CashRecord) -> Result<CashRoom, Box<CashDivergence>> {
    let mut room = CashRoom::under_revision(record.profile.clone(), record.opening.rules_revision);
    for c in &record.commands {
        let recorded: Vec<CashEvent> = c.decisions.iter().map(|(_, e)| e.clone()).collect();
        let derived = room
            .decide(&c.entered.command, c.entered.at)
            .map_err(|e| e.to_string());
        if derived.as_ref() != Ok(&recorded) {
            return Err(Box::new(CashDivergence {
                seq: c.seq,
                command: c.entered.command.clone(),
                recorded,
                derived,
            }));
        }
    }
    Ok(room)
}

/// A cited rule with its reading.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CitedRule {
    pub id: String,
    pub text: String,
}

/// A cash decision re-derived.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CashExplanation {
    pub chain: String,
    pub seq: u64,
    /// The command that decided it, as entered, with who entered it and when.
    pub command_seq: u64,
    pub command: CashCommand,
    pub entered_by: String,
    pub role: String,
    pub at: DateTime<Utc>,
    /// What the chain holds at `seq` (the command itself when `seq` is the command).
    pub recorded: Option<CashEvent>,
    /// What deciding the command again gives at that place.
    pub derived: Option<CashEvent>,
    /// Every decision of the command, re-derived.
    pub decisions: Vec<CashEvent>,
    pub agrees: bool,
    pub rules: Vec<CitedRule>,
    /// The guest the decision is about, as the room held him before the command.
    pub guest_before: Option<serde_json::Value>,
}

/// Re-derives the command that decided `seq` and explains it: recorded against derived, the
/// command, who entered it, and the rules with their readings.
pub fn explain(record: &CashRecord, seq: u64) -> Result<CashExplanation, CashLoadError> {
    let k = record
        .commands
        .iter()
        .position(|c| c.seq == seq || c.decisions.iter().any(|(s, _)| *s == seq))
        .ok_or(CashLoadError::NoSuchEvent {
            chain: record.chain.clone(),
            seq,
            last: record.last,
        })?;
    let mut room = CashRoom::under_revision(record.profile.clone(), record.opening.rules_revision);
    for c in &record.commands[..k] {
        // The commands before decide as recorded (a divergence there is `audit`'s to find).
        let _ = room.decide(&c.entered.command, c.entered.at);
    }
    let c = &record.commands[k];
    let derived_all = room
        .clone()
        .decide(&c.entered.command, c.entered.at)
        .unwrap_or_default();
    let at_index = c.decisions.iter().position(|(s, _)| *s == seq);
    let recorded = at_index.map(|i| c.decisions[i].1.clone());
    let derived = at_index.and_then(|i| derived_all.get(i).cloned());
    let recorded_all: Vec<CashEvent> = c.decisions.iter().map(|(_, e)| e.clone()).collect();
    let agrees = recorded_all == derived_all;
    let mut rules: Vec<Rule> = Vec::new();
    let about: Vec<&CashEvent> = match &recorded {
        Some(e) => vec![e],
        None => recorded_all.iter().collect(),
    };
    for e in &about {
        for r in e.rules().iter() {
            if !rules.contains(&r) {
                rules.push(r);
            }
        }
    }
    let guest = about
        .iter()
        .find_map(|e| guest_of(e))
        .or(match &c.entered.command {
            CashCommand::Seat { guest, .. }
            | CashCommand::Rebuy { guest, .. }
            | CashCommand::SetAway { guest, .. }
            | CashCommand::CashOut { guest }
            | CashCommand::AcceptMove { guest, .. }
            | CashCommand::RefuseMove { guest }
            | CashCommand::ChangeSeat { guest, .. }
            | CashCommand::Warn { guest, .. } => Some(*guest),
            _ => None,
        });
    let guest_before = guest
        .and_then(|g| room.guests().get(&g))
        .and_then(|g| serde_json::to_value(g).ok());
    Ok(CashExplanation {
        chain: record.chain.as_str().to_string(),
        seq,
        command_seq: c.seq,
        command: c.entered.command.clone(),
        entered_by: c.actor.clone(),
        role: c.role.clone(),
        at: c.at,
        recorded,
        derived,
        decisions: derived_all,
        agrees,
        rules: rules
            .iter()
            .map(|r| CitedRule {
                id: r.id().to_string(),
                text: r.text().to_string(),
            })
            .collect(),
        guest_before,
    })
}

fn guest_of(e: &CashEvent) -> Option<u32> {
    match e {
        CashEvent::Listed { guest, .. }
        | CashEvent::Unlisted { guest, .. }
        | CashEvent::Seated { guest, .. }
        | CashEvent::Rebought { guest, .. }
        | CashEvent::ChipsAdded { guest, .. }
        | CashEvent::CashedOut { guest, .. }
        | CashEvent::Away { guest }
        | CashEvent::Back { guest, .. }
        | CashEvent::SeatChanged { guest, .. }
        | CashEvent::MarkerGiven { guest, .. }
        | CashEvent::SeatReleased { guest, .. }
        | CashEvent::Busted { guest, .. }
        | CashEvent::FoldedAway { guest, .. }
        | CashEvent::Warned { guest, .. }
        | CashEvent::Removed { guest }
        | CashEvent::MustMoveCalled { guest, .. }
        | CashEvent::Moved { guest, .. }
        | CashEvent::DayEnded { guest } => Some(*guest),
        _ => None,
    }
}

/// The audit of a cash room's day: the chain verified, every decision re-derived, the money
/// counted (in, out, at the tables), and what a reviewer looks at: warnings and removals,
/// refused moves, released seats, missed-blind markers, irregularities, refused commands.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CashAudit {
    pub chain: String,
    pub verified: bool,
    pub chain_status: String,
    pub decisions_rederived: usize,
    pub divergence: Option<CashDivergence>,
    /// Money brought to the tables and taken away, and the chips at the tables at the end:
    /// in less out must be what is at the tables.
    pub money_in: u64,
    pub money_out: u64,
    pub at_tables: u64,
    pub warnings: Vec<serde_json::Value>,
    pub removals: Vec<serde_json::Value>,
    pub refused_moves: Vec<serde_json::Value>,
    pub released_seats: Vec<serde_json::Value>,
    pub markers: Vec<serde_json::Value>,
    pub irregularities: Vec<serde_json::Value>,
    pub refused_commands: Vec<serde_json::Value>,
}

impl CashAudit {
    /// Everything holds: the chain, the money, every decision.
    pub fn clean(&self) -> bool {
        self.verified
            && self.divergence.is_none()
            && self.money_in.checked_sub(self.money_out) == Some(self.at_tables)
    }
}

/// An audit of a cash chain that could not be made.
#[derive(Debug, thiserror::Error)]
pub enum CashAuditError {
    #[error(transparent)]
    Load(#[from] Box<CashLoadError>),
    #[error(transparent)]
    Rows(#[from] crate::audit::AuditError),
}

/// Audits a cash chain: `projector` must be caught up with it.
pub async fn audit<S: EventStore>(
    store: &S,
    projector: &floorbook_projections::Projector,
    chain: &ChainId,
) -> Result<CashAudit, CashAuditError> {
    use floorbook_log::{ChainCheckError, verify_chain_signed};
    let (verified, chain_status) = match verify_chain_signed(store, chain, |_, _| {}).await {
        Ok(Some(h)) => (true, format!("OK, {} events, head {}", h.seq, h.hash)),
        Ok(None) => (true, "empty".to_string()),
        Err(ChainCheckError::Broken(e)) => (false, format!("BROKEN at seq {}: {}", e.seq, e.kind)),
        Err(ChainCheckError::Store(e)) => (false, format!("unreadable: {e}")),
    };
    let record = load(store, chain.clone()).await.map_err(Box::new)?;
    let decisions = record.commands.iter().map(|c| c.decisions.len()).sum();
    let (divergence, room) = match rederive(&record) {
        Ok(room) => (None, Some(room)),
        Err(d) => (Some(*d), None),
    };
    let (money_in, money_out, at_tables) = room.as_ref().map_or((0, 0, 0), |r| {
        (r.money().0, r.money().1, r.chips_at_tables())
    });
    let rows = |sql: &str| crate::audit::rows(projector, chain, sql);
    Ok(CashAudit {
        chain: chain.as_str().to_string(),
        verified,
        chain_status,
        decisions_rederived: if divergence.is_none() { decisions } else { 0 },
        divergence,
        money_in,
        money_out,
        at_tables,
        warnings: rows(
            "SELECT seq, guest, offence, count, note, rules FROM cash_warnings WHERE chain = ?1 ORDER BY seq",
        )?,
        removals: rows(
            "SELECT seq, actor, rules, type FROM events WHERE chain = ?1 AND type = 'Removed' ORDER BY seq",
        )?,
        refused_moves: rows(
            "SELECT seq, guest, from_table, to_table, main_players, side_players FROM cash_must_moves WHERE chain = ?1 AND outcome = 'refused' ORDER BY seq",
        )?,
        released_seats: rows(
            "SELECT left_seq AS seq, guest, name, table_no, money_in, money_out, released FROM cash_sessions WHERE chain = ?1 AND released IS NOT NULL ORDER BY left_seq",
        )?,
        markers: rows(
            "SELECT seq, guest, blind, markers FROM cash_markers WHERE chain = ?1 ORDER BY seq",
        )?,
        irregularities: rows(
            "SELECT seq, hand, kind, remedy, rules FROM irregularities WHERE chain = ?1 ORDER BY seq",
        )?,
        refused_commands: rows(
            "SELECT seq, actor, role, command, reason FROM refused_commands WHERE chain = ?1 ORDER BY seq",
        )?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recorded evening whose every command is decided again agrees; one decision changed in
    /// the record is found at its command, and `explain` says it differs.
    #[test]
    fn a_changed_decision_is_found_where_it_was_recorded() {
        let (text, profile) = floorbook_cash::builtin("gcb").expect("built in");
        let profile = profile.expect("reads");
        let ev = floorbook_sim::cash::simulate_cash(&profile, 20, 60, 4, None).expect("plays");
        let mut seq = 1;
        let commands: Vec<RecordedCommand> = ev
            .log
            .iter()
            .map(|e| {
                seq += 1;
                let at_seq = seq;
                let decisions = e
                    .events
                    .iter()
                    .map(|d| {
                        seq += 1;
                        (seq, d.clone())
                    })
                    .collect();
                RecordedCommand {
                    seq: at_seq,
                    entered: CashEntered {
                        command: e.command.clone(),
                        at: e.at,
                    },
                    actor: "floor".into(),
                    role: "floor".into(),
                    at: DateTime::UNIX_EPOCH,
                    decisions,
                }
            })
            .collect();
        let mut record = CashRecord {
            chain: ChainId::new("c-test").expect("chain"),
            opening: CashOpening {
                profile: profile.name.clone(),
                title: profile.title.clone(),
                seed: None,
                profile_toml: text.to_string(),
                chain_format: CHAIN_FORMAT,
                rules_revision: floorbook_cash::CASH_RULES_REVISION,
            },
            profile,
            commands,
            last: seq,
        };
        assert!(rederive(&record).is_ok());
        // A seat's buy-in recorded higher than the command decided.
        let (k, i) = record
            .commands
            .iter()
            .enumerate()
            .find_map(|(k, c)| {
                c.decisions
                    .iter()
                    .position(|(_, d)| matches!(d, CashEvent::Seated { .. }))
                    .map(|i| (k, i))
            })
            .expect("a seat");
        if let (_, CashEvent::Seated { buy_in, .. }) = &mut record.commands[k].decisions[i] {
            *buy_in += 100;
        }
        let d = rederive(&record).expect_err("the change is found");
        assert_eq!(d.seq, record.commands[k].seq);
        let changed = record.commands[k].decisions[i].0;
        let e = explain(&record, changed).expect("explained");
        assert!(!e.agrees);
        assert_ne!(e.recorded, e.derived);
        assert!(e.rules.iter().any(|r| r.id == "GCB-7"), "{:?}", e.rules);
    }
}
