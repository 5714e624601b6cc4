//! Turning the tournament's events into log drafts: type, actor, rule IDs, payload, time.

use chrono::{DateTime, Duration, Utc};
use floorbook_log::{Actor, Draft, EnvelopeError, IdError, Role, RuleId};
use floorbook_tournament::Profile;
use floorbook_tournament::command::{Command, Entered};
use floorbook_tournament::engine::TournamentEvent;
use floorbook_tournament::transcript::Transcript;
use serde_json::Value;

/// A tournament event that cannot become a log draft.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("encoding an event: {0}")]
    Encode(#[from] serde_json::Error),
    #[error("an actor: {0}")]
    Actor(#[from] IdError),
    #[error("a draft: {0}")]
    Draft(#[from] EnvelopeError),
}

/// `snake_case` to `UpperCamelCase`: `hand_started` → `HandStarted`.
fn camel(s: &str) -> String {
    s.split('_')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_ascii_uppercase().to_string() + c.as_str())
                .unwrap_or_default()
        })
        .collect()
}

fn rules_of(v: &Value) -> Vec<RuleId> {
    let list = v
        .get("rules")
        .or_else(|| v.get("event").and_then(|e| e.get("rules")))
        .and_then(Value::as_array);
    list.map(|l| {
        l.iter()
            .filter_map(Value::as_str)
            .filter_map(|r| RuleId::new(r).ok())
            .collect()
    })
    .unwrap_or_default()
}

fn actor_of(e: &TournamentEvent) -> Result<Actor, RecordError> {
    let (id, role) = match e {
        TournamentEvent::InHand { table, .. } => (format!("dealer-t{}", table.0), Role::Dealer),
        TournamentEvent::SanctionGiven { .. } => ("floor".to_string(), Role::Floor),
        TournamentEvent::Registered { .. } | TournamentEvent::WaitListed { .. } => {
            ("registration".to_string(), Role::Floor)
        }
        _ => ("floorbook".to_string(), Role::Service),
    };
    Ok(Actor::new(id, role)?)
}

/// Who enters a command at a table or on the floor, in a simulated tournament.
fn actor_of_command(c: &Command) -> Result<Actor, RecordError> {
    let (id, role) = match c {
        Command::Hand { table, .. }
        | Command::StartHand { table }
        | Command::PlaceButton { table, .. }
        | Command::ChipRace { table, .. } => (format!("dealer-t{}", table.0), Role::Dealer),
        Command::Register { .. } => ("registration".to_string(), Role::Floor),
        Command::Start { .. } => ("director".to_string(), Role::Director),
        _ => ("floor".to_string(), Role::Floor),
    };
    Ok(Actor::new(id, role)?)
}

/// The draft of a command as it was entered (chain format 2), by `actor` at `at`: it comes
/// before the decisions it caused.
pub fn entered_draft(
    entered: &Entered,
    actor: Actor,
    at: DateTime<Utc>,
) -> Result<Draft, RecordError> {
    Ok(Draft::new(
        at,
        actor,
        crate::recorded::ENTERED,
        Vec::new(),
        entered,
    )?)
}

/// The draft of one tournament event, caused by `actor` at `at`.
pub fn draft_for(
    e: &TournamentEvent,
    actor: Actor,
    at: DateTime<Utc>,
) -> Result<Draft, RecordError> {
    let v = serde_json::to_value(e)?;
    let kind = v
        .get("type")
        .and_then(Value::as_str)
        .map(camel)
        .unwrap_or_else(|| "Unknown".into());
    Ok(Draft::new(at, actor, kind, rules_of(&v), &v)?)
}

/// The chain's opening event, then for each command as it was entered, its draft and one per
/// event it caused, each at `start` plus the time of the command.
pub fn drafts(
    t: &Transcript,
    profile: &Profile,
    profile_toml: &str,
    seed: u64,
    start: DateTime<Utc>,
) -> Result<Vec<Draft>, RecordError> {
    let mut out = Vec::with_capacity(t.events.len() + 1);
    out.push(Draft::new(
        start,
        Actor::new("director", Role::Director)?,
        "TournamentOpened",
        Vec::new(),
        &serde_json::json!({
            "profile": profile.name,
            "title": profile.title,
            "seed": seed,
            "profile_toml": profile_toml,
            "rules_revision": t.revision,
            "chain_format": crate::recorded::CHAIN_FORMAT,
        }),
    )?);
    let time = |secs: u64| start + Duration::seconds(i64::try_from(secs).unwrap_or(i64::MAX / 2));
    for (k, entered) in t.commands.iter().enumerate() {
        let end = t.commands.get(k + 1).map_or(t.events.len(), |e| e.index);
        let at = time(entered.at);
        out.push(entered_draft(
            entered,
            actor_of_command(&entered.command)?,
            at,
        )?);
        for e in t.events.get(entered.index..end).unwrap_or_default() {
            out.push(draft_for(e, actor_of(e)?, at)?);
        }
    }
    Ok(out)
}
