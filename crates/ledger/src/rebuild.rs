//! The projections dropped and made again from every chain (`floorbook rebuild`): each
//! chain's rows, the replay snapshots `explain` and `replay` resume from, and the member
//! register's rows (names, merges, bans; never a birth date).

use floorbook_log::{EventStore, StoreError};
use floorbook_projections::{CatchUpError, ProjectionError, Projector};

use crate::members::MembersError;
use crate::snapshots::SnapshotError;

/// What a rebuild made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rebuilt {
    pub chains: usize,
    pub events: u64,
    pub snapshots: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum RebuildError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Projection(#[from] ProjectionError),
    #[error(transparent)]
    CatchUp(#[from] CatchUpError),
    #[error(transparent)]
    Snapshots(#[from] SnapshotError),
    #[error(transparent)]
    Members(#[from] MembersError),
}

/// Drops `projector`'s rows and makes them again from every chain of `store`; `page` hears,
/// after each page of events projected, how many of them all are done.
pub async fn rebuild<S: EventStore>(
    store: &S,
    projector: &mut Projector,
    mut page: impl FnMut(u64, u64),
) -> Result<Rebuilt, RebuildError> {
    projector.clear()?;
    let chains = store.chains().await?;
    let mut total = 0;
    for c in &chains {
        total += store.head(c).await?.map_or(0, |h| h.seq.0);
    }
    let mut events = 0;
    for c in &chains {
        let base = events;
        events = base
            + projector
                .catch_up(store, c, floorbook_log::PAGE, |at| page(base + at, total))
                .await?;
    }
    let mut snapshots = 0;
    for c in &chains {
        snapshots += crate::snapshots::update_snapshots(projector, store, c).await?;
    }
    if chains.contains(&crate::members::chain()) {
        let register = crate::members::register(store).await?;
        crate::members::project(projector, &register)?;
    }
    Ok(Rebuilt {
        chains: chains.len(),
        events,
        snapshots,
    })
}
