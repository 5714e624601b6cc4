//! The member register's chain (`members`): read it, append to it. Its events carry the
//! birth dates and contacts; nothing here copies them anywhere else.

use floorbook_log::{Actor, ChainId, Draft, Envelope, EventStore, Seq, StoreError};
use floorbook_members::{CHAIN, MemberError, MemberEvent, Register};

/// The register's chain cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum MembersError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("seq {seq} of the member register does not read: {source}")]
    Unreadable {
        seq: Seq,
        #[source]
        source: serde_json::Error,
    },
    #[error("seq {seq} of the member register does not fit it: {source}")]
    Unfit {
        seq: Seq,
        #[source]
        source: MemberError,
    },
    #[error(transparent)]
    Refused(#[from] MemberError),
    #[error("writing the member register: {0}")]
    Write(String),
}

/// The register's chain ID.
pub fn chain() -> ChainId {
    ChainId::new(CHAIN).unwrap_or_else(|_| unreachable!("\"members\" is a chain name"))
}

/// The event type recorded for `e`.
pub fn event_type(e: &MemberEvent) -> &'static str {
    match e {
        MemberEvent::Joined { .. } => "MemberJoined",
        MemberEvent::Renamed { .. } => "MemberRenamed",
        MemberEvent::Merged { .. } => "MembersMerged",
        MemberEvent::Barred { .. } => "MemberBarred",
        MemberEvent::BarLifted { .. } => "MemberBarLifted",
    }
}

/// The rules an event cites: a ban's own rule.
fn rules_of(e: &MemberEvent) -> Vec<floorbook_log::RuleId> {
    match e {
        MemberEvent::Barred { rule: Some(r), .. } => {
            floorbook_log::RuleId::new(r).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

/// The register's events with their sequences.
pub async fn events<S: EventStore>(store: &S) -> Result<Vec<(Seq, MemberEvent)>, MembersError> {
    let chain = chain();
    let mut out = Vec::new();
    let mut next = Seq::FIRST;
    loop {
        let page = store.read(&chain, next, floorbook_log::PAGE).await?;
        let Some(last) = page.last() else { break };
        next = last.seq.next();
        for e in &page {
            let env = Envelope::parse(&e.bytes)
                .map_err(|source| MembersError::Unreadable { seq: e.seq, source })?;
            let event: MemberEvent = serde_json::from_str(env.payload.get())
                .map_err(|source| MembersError::Unreadable { seq: e.seq, source })?;
            out.push((e.seq, event));
        }
    }
    Ok(out)
}

/// The register as its chain leaves it (empty when the club keeps none yet).
pub async fn register<S: EventStore>(store: &S) -> Result<Register, MembersError> {
    let mut r = Register::default();
    for (seq, e) in events(store).await? {
        r.apply(&e)
            .map_err(|source| MembersError::Unfit { seq, source })?;
    }
    Ok(r)
}

/// Decides `command` against the register in `store` on `day` and appends what it caused,
/// by `actor`, at `at`; the events.
pub async fn record<S: EventStore>(
    store: &S,
    command: &floorbook_members::MemberCommand,
    actor: Actor,
    at: chrono::DateTime<chrono::Utc>,
) -> Result<Vec<MemberEvent>, MembersError> {
    let chain = chain();
    // Decided against the register at `head`: another writer in between is a conflict
    // (the store's error), and nothing is written.
    let head = store.head(&chain).await?;
    let mut register = register(store).await?;
    let (events, _) = crate::decided::record(
        store,
        &chain,
        head,
        &mut register,
        (command, at.date_naive()),
        |e| Draft::new(at, actor.clone(), event_type(e), rules_of(e), e),
    )
    .await
    .map_err(|e| match e {
        crate::decided::RecordError::Refused(why) => MembersError::Refused(why),
        crate::decided::RecordError::Store(e) => MembersError::Store(e),
        crate::decided::RecordError::Envelope(e) => MembersError::Write(e.to_string()),
    })?;
    Ok(events)
}

/// Writes the register's rows into the projections (no birth date, no contact).
pub fn project(
    projector: &mut floorbook_projections::Projector,
    register: &Register,
) -> Result<(), floorbook_projections::ProjectionError> {
    let rows: Vec<_> = register
        .members()
        .map(|m| {
            (
                m.id.clone(),
                m.name.clone(),
                m.merged_into.clone(),
                m.bar.as_ref().map(|b| b.reason.clone()),
                m.bar.as_ref().and_then(|b| b.until.map(|d| d.to_string())),
                m.bar.as_ref().and_then(|b| b.rule.clone()),
                serde_json::to_string(&m.former_names).unwrap_or_else(|_| "[]".into()),
            )
        })
        .collect();
    projector.put_members(&rows)
}
