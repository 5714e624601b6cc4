//! A tournament played without a chain (the simulator's), as the drafts of its chain: the
//! opening, then each command as entered followed by the decisions it caused
//! ([`crate::chain`] makes each draft).

use chrono::{DateTime, Duration, Utc};
use floorbook_log::{Actor, Draft, Role};
use floorbook_tournament::Profile;
use floorbook_tournament::command::Command;
use floorbook_tournament::engine::TournamentEvent;
use floorbook_tournament::transcript::Transcript;

use crate::chain::{CHAIN_FORMAT, ChainEvent, DraftError, Opening, decision_draft};

fn actor_of(e: &TournamentEvent) -> Result<Actor, DraftError> {
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
fn actor_of_command(c: &Command) -> Result<Actor, DraftError> {
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

/// The chain's opening event, then for each command as it was entered, its draft and one per
/// event it caused, each at `start` plus the time of the command.
pub fn drafts(
    t: &Transcript,
    profile: &Profile,
    profile_toml: &str,
    seed: u64,
    start: DateTime<Utc>,
) -> Result<Vec<Draft>, DraftError> {
    let mut out = Vec::with_capacity(t.events.len() + 1);
    let opening = ChainEvent::Opened(Opening {
        profile: profile.name.clone(),
        title: profile.title.clone(),
        seed: Some(seed),
        profile_toml: profile_toml.to_string(),
        rules_revision: Some(t.revision.into()),
        chain_format: Some(CHAIN_FORMAT.into()),
    });
    out.push(opening.draft(Actor::new("director", Role::Director)?, start)?);
    let time = |secs: u64| start + Duration::seconds(i64::try_from(secs).unwrap_or(i64::MAX / 2));
    for (k, entered) in t.commands.iter().enumerate() {
        let end = t.commands.get(k + 1).map_or(t.events.len(), |e| e.index);
        let at = time(entered.at);
        let actor = actor_of_command(&entered.command)?;
        out.push(ChainEvent::Entered(entered.clone()).draft(actor, at)?);
        for e in t.events.get(entered.index..end).unwrap_or_default() {
            out.push(decision_draft(e, actor_of(e)?, at)?);
        }
    }
    Ok(out)
}
