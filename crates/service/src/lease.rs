//! One writer per chain: a lease in a JetStream key-value bucket. The first instance to create
//! the chain's key writes to it; it renews the key well inside the bucket's age limit, and
//! when it dies the key ages out and another instance creates it and takes over.
//!
//! The lease keeps instances from working against each other; it is not what keeps the chain
//! whole. That is the append's expected-sequence check: a writer that lost its lease without
//! noticing (a long pause) has its next append refused as a conflict, and steps down.

use std::time::Duration;

use async_nats::jetstream::{self, kv};
use floorbook_log::ChainId;
use floorbook_store_nats::wrong_last_sequence;

/// The bucket that holds the leases.
pub const BUCKET: &str = "floorbook_writers";

/// Lease storage failed.
#[derive(Debug, thiserror::Error)]
#[error("the writer leases ({BUCKET}): {what}: {source}")]
pub struct LeaseError {
    what: String,
    #[source]
    source: Box<dyn std::error::Error + Send + Sync>,
}

fn err(what: &str, e: impl std::error::Error + Send + Sync + 'static) -> LeaseError {
    LeaseError {
        what: what.into(),
        source: Box::new(e),
    }
}

/// The lease bucket of a deployment.
#[derive(Debug, Clone)]
pub struct Leases {
    kv: kv::Store,
    instance: String,
    ttl: Duration,
    /// The connection, and the bucket's failures in a row with when this instance last moved
    /// because of them: see [`Leases::answered`].
    client: async_nats::Client,
    failing: std::sync::Arc<std::sync::Mutex<(u32, Option<std::time::Instant>)>>,
}

/// Failures of the bucket in a row after which an instance moves to another node.
const FAILURES_TO_MOVE: u32 = 3;

/// A lease held: renew it with its revision.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Held {
    pub revision: u64,
}

impl Leases {
    /// Opens (creating if need be) the bucket; a lease not renewed for `ttl` lapses.
    pub async fn open(
        js: &jetstream::Context,
        instance: &str,
        ttl: Duration,
        replicas: usize,
    ) -> Result<Leases, LeaseError> {
        let kv = match js.get_key_value(BUCKET).await {
            Ok(kv) => kv,
            Err(_) => {
                // The bucket's stream, made as the key-value convention has it. (async-nats'
                // own `create_key_value` asks for account details that nats-server 2.9 does
                // not answer in the shape it expects.)
                js.get_or_create_stream(jetstream::stream::Config {
                    name: format!("KV_{BUCKET}"),
                    description: Some("Floorbook: which service instance writes each chain".into()),
                    subjects: vec![format!("$KV.{BUCKET}.>")],
                    max_messages_per_subject: 1,
                    max_age: ttl,
                    storage: jetstream::stream::StorageType::File,
                    num_replicas: replicas,
                    allow_rollup: true,
                    deny_delete: true,
                    allow_direct: true,
                    discard: jetstream::stream::DiscardPolicy::New,
                    duplicate_window: ttl.min(Duration::from_secs(120)),
                    ..Default::default()
                })
                .await
                .map_err(|e| err("creating the bucket", e))?;
                js.get_key_value(BUCKET)
                    .await
                    .map_err(|e| err("opening the bucket", e))?
            }
        };
        // An existing bucket keeps the age limit it was made with: renew within that one.
        let ttl = match kv.status().await {
            Ok(status) if status.info.config.max_age > Duration::ZERO => status.info.config.max_age,
            _ => ttl,
        };
        Ok(Leases {
            kv,
            instance: instance.to_string(),
            ttl,
            client: js.client(),
            failing: Default::default(),
        })
    }

    /// Counts what the bucket answered. A node cut off from the others by the network still
    /// answers its clients' pings, but its JetStream cannot reach a quorum: after
    /// [`FAILURES_TO_MOVE`] failures in a row (at most once a lease's age) the instance moves
    /// to another node of the cluster, so that it serves again and hears the terminals there.
    async fn answered<T>(&self, r: Result<T, LeaseError>) -> Result<T, LeaseError> {
        let mv = {
            let mut f = self.failing.lock().unwrap_or_else(|e| e.into_inner());
            match &r {
                Ok(_) => {
                    f.0 = 0;
                    false
                }
                Err(_) => {
                    f.0 += 1;
                    let due =
                        f.0 >= FAILURES_TO_MOVE && f.1.is_none_or(|at| at.elapsed() >= self.ttl);
                    if due {
                        *f = (0, Some(std::time::Instant::now()));
                    }
                    due
                }
            }
        };
        if mv {
            tracing::warn!(instance = %self.instance, "the lease bucket fails again and again: moving to another server");
            let _ = self.client.force_reconnect().await;
        }
        r
    }

    pub fn ttl(&self) -> Duration {
        self.ttl
    }

    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Takes the lease of `chain` if nobody holds it.
    pub async fn acquire(&self, chain: &ChainId) -> Result<Option<Held>, LeaseError> {
        let r = match self
            .kv
            .create(chain.as_str(), self.instance.clone().into())
            .await
        {
            Ok(revision) => Ok(Some(Held { revision })),
            Err(e) if e.kind() == kv::CreateErrorKind::AlreadyExists => Ok(None),
            // Another instance took it between this one's reading and writing: a current
            // nats-server says so with an error code async-nats does not sort as "already
            // exists", and in a cluster the entry read back may be a replica's older one.
            Err(e) if wrong_last_sequence(&e) => Ok(None),
            Err(e) => Err(err("acquiring", e)),
        };
        self.answered(r).await
    }

    /// Renews a held lease; None when it was lost (lapsed and taken by another instance).
    ///
    /// A lease that lapsed while nobody else took it (this instance was busy longer than the
    /// age limit: opening a long chain, a slow store) is taken again: nothing was written by
    /// another writer meanwhile, and the append's expected-sequence check would refuse
    /// anything stale anyway. Without this, an instance whose chain takes longer to open than
    /// the age limit loses the lease after every command and opens the chain again for the
    /// next one, without end.
    pub async fn renew(&self, chain: &ChainId, held: Held) -> Result<Option<Held>, LeaseError> {
        let r = self.renewed(chain, held).await;
        self.answered(r).await
    }

    async fn renewed(&self, chain: &ChainId, held: Held) -> Result<Option<Held>, LeaseError> {
        match self
            .kv
            .update(chain.as_str(), self.instance.clone().into(), held.revision)
            .await
        {
            Ok(revision) => Ok(Some(Held { revision })),
            Err(e)
                if e.kind() == kv::UpdateErrorKind::WrongLastRevision
                    || wrong_last_sequence(&e) =>
            {
                // Our own earlier renewal may have been stored with its acknowledgement lost
                // (a cluster changing leaders): the lease is still ours at a newer revision.
                let entry = self
                    .kv
                    .entry(chain.as_str())
                    .await
                    .map_err(|e| err("renewing", e))?;
                match entry {
                    Some(e) if e.operation == kv::Operation::Put => Ok((e.value.as_ref()
                        == self.instance.as_bytes())
                    .then_some(Held {
                        revision: e.revision,
                    })),
                    // Lapsed, or given up, and nobody took it since.
                    _ => self.acquire(chain).await,
                }
            }
            Err(e) => Err(err("renewing", e)),
        }
    }

    /// Gives a held lease up, so that another instance can take over at once.
    pub async fn release(&self, chain: &ChainId, held: Held) {
        // Best effort: an unreleased lease lapses by itself.
        let _ = self
            .kv
            .delete_expect_revision(chain.as_str(), Some(held.revision))
            .await;
    }
}
