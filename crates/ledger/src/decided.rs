//! One path from a decision to its chain, for every domain ([`floorbook_decide::Decide`]):
//! the command is decided on a copy of the state, each event it caused becomes a draft, the
//! drafts are appended after the head the state was read at, and only then does the state
//! take the decision. A refusal writes nothing; another writer in between is the store's
//! conflict, and nothing is written either.

use floorbook_decide::Decide;
use floorbook_log::{ChainId, Draft, EnvelopeError, EventStore, Head, StoreError};

/// Why a command was not recorded.
#[derive(Debug, thiserror::Error)]
pub enum RecordError<R: std::error::Error + 'static> {
    /// The domain refused it.
    #[error(transparent)]
    Refused(R),
    /// An event could not be made into a draft or sealed.
    #[error(transparent)]
    Envelope(#[from] EnvelopeError),
    /// The store did not take it (another writer's append in between: a conflict).
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Decides `command` at `at` on `state`, read from `chain` at `head`, and appends the events it
/// caused, each drafted by `draft`; `state` takes the decision only once it is recorded. The
/// events and the chain's head after them.
pub async fn record<S, D>(
    store: &S,
    chain: &ChainId,
    head: Option<Head>,
    state: &mut D,
    (command, at): (&D::Command, D::At),
    draft: impl Fn(&D::Event) -> Result<Draft, EnvelopeError>,
) -> Result<(Vec<D::Event>, Option<Head>), RecordError<D::Refusal>>
where
    S: EventStore,
    D: Decide + Clone,
    D::Refusal: 'static,
{
    let mut next = state.clone();
    let events = next.decide(command, at).map_err(RecordError::Refused)?;
    let drafts = events.iter().map(&draft).collect::<Result<Vec<_>, _>>()?;
    let head = if drafts.is_empty() {
        head
    } else {
        let sealed = floorbook_log::seal_all(chain, head, &drafts)?;
        Some(store.append(chain, head, sealed).await?.head)
    };
    *state = next;
    Ok((events, head))
}
