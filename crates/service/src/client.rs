//! The client side of the command subjects: what `floorbook cmd`, the load test and the
//! failover tests use. A request that gets no answer in time (the chain's writer died and its
//! lease has not lapsed yet) is asked again until `patience` runs out.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use floorbook_log::ChainId;
pub use floorbook_store_nats::Credentials;

use crate::subjects::{self, Channel, Query};
use crate::wire::{Reply, Request};

/// A request went unanswered or the answer was unreadable.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    #[error("no answer on {subject} within {waited:?}: is `floorbook serve` running?")]
    NoAnswer { subject: String, waited: Duration },
    #[error("the answer on {subject} is not a Floorbook reply: {source}")]
    Unreadable {
        subject: String,
        #[source]
        source: serde_json::Error,
    },
    #[error("encoding the request: {0}")]
    Encode(#[source] serde_json::Error),
}

/// Sees each exchange a client makes: the subject, the request's bytes and the answer's (a
/// test holds each to the published schemas; a tool may log them).
#[derive(Clone)]
#[allow(clippy::type_complexity)]
pub struct Observer(pub std::sync::Arc<dyn Fn(&str, &[u8], &[u8]) + Send + Sync>);

impl std::fmt::Debug for Observer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Observer")
    }
}

/// How long one attempt of a terminal's request waits before it is sent again.
pub const TIMEOUT: Duration = Duration::from_secs(2);

/// Sends commands and queries.
#[derive(Debug, Clone)]
pub struct CommandClient {
    nats: async_nats::Client,
    /// How long one attempt waits.
    pub timeout: Duration,
    /// How long to keep asking.
    pub patience: Duration,
    /// Sees every exchange, when set.
    pub observe: Option<Observer>,
    /// Attempts that went unanswered within `timeout` and were sent again (shared by clones).
    unanswered: Arc<AtomicU64>,
}

impl CommandClient {
    pub fn new(nats: async_nats::Client) -> CommandClient {
        CommandClient {
            nats,
            timeout: TIMEOUT,
            patience: Duration::from_secs(30),
            observe: None,
            unanswered: Arc::default(),
        }
    }

    /// How many attempts went unanswered within [`CommandClient::timeout`] so far: each is a
    /// retry a terminal's user waited for. Clones count together; a new client from zero.
    pub fn unanswered(&self) -> u64 {
        self.unanswered.load(Ordering::Relaxed)
    }

    async fn ask(&self, subject: String, body: Vec<u8>) -> Result<bytes::Bytes, ClientError> {
        let started = Instant::now();
        // Since when every attempt has failed on the server this client is connected to.
        let mut failing_since: Option<Instant> = None;
        loop {
            let asked = Instant::now();
            let attempt = tokio::time::timeout(
                self.timeout,
                self.nats.request(subject.clone(), body.clone().into()),
            )
            .await;
            match attempt {
                Ok(Ok(message)) => {
                    if let Some(o) = &self.observe {
                        (o.0)(&subject, &body, &message.payload);
                    }
                    return Ok(message.payload);
                }
                // Timed out, or no responders (no service yet, a reconnect): ask again.
                Ok(Err(_)) | Err(_) => {
                    if let Err(_timed_out) = attempt {
                        self.unanswered.fetch_add(1, Ordering::Relaxed);
                    }
                    // A node cut off from the others by the network still answers pings, and
                    // only the instances connected to it hear this client: at first its
                    // requests go unanswered, and once it has given up its routes they get
                    // "no responders" at once. After two attempts' time of either, the client
                    // moves to another node (an instance restarting elsewhere is waited for
                    // there just the same).
                    let since = *failing_since.get_or_insert(asked);
                    if since.elapsed() >= 2 * self.timeout {
                        failing_since = None;
                        tracing::info!(
                            "no answer for {:?}: moving to another server",
                            2 * self.timeout
                        );
                        let _ = self.nats.force_reconnect().await;
                    }
                    if started.elapsed() >= self.patience {
                        return Err(ClientError::NoAnswer {
                            subject,
                            waited: started.elapsed(),
                        });
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
    }

    /// Sends `request` as `channel` to `chain`.
    pub async fn send(
        &self,
        chain: &ChainId,
        channel: Channel,
        request: &Request,
    ) -> Result<Reply, ClientError> {
        let subject = subjects::command(chain, channel);
        let body = serde_json::to_vec(request).map_err(ClientError::Encode)?;
        self.send_raw(subject, body).await
    }

    /// Sends any bytes to any subject and reads the answer as a reply (for tests and scripts).
    pub async fn send_raw(&self, subject: String, body: Vec<u8>) -> Result<Reply, ClientError> {
        let payload = self.ask(subject.clone(), body).await?;
        serde_json::from_slice(&payload)
            .map_err(|source| ClientError::Unreadable { subject, source })
    }

    /// Asks a query.
    pub async fn query(
        &self,
        chain: &ChainId,
        query: Query,
    ) -> Result<serde_json::Value, ClientError> {
        let subject = subjects::query(chain, query);
        let payload = self.ask(subject.clone(), Vec::new()).await?;
        serde_json::from_slice(&payload)
            .map_err(|source| ClientError::Unreadable { subject, source })
    }
}

/// The NATS user a `user:password@` in `urls` logs in as, if any.
pub fn nats_user(urls: &str) -> Option<String> {
    urls.split(',')
        .filter_map(|u| u.trim().parse::<async_nats::ServerAddr>().ok())
        .find_map(|a| a.username().map(str::to_string))
}

/// Connects to NATS at `urls` (comma-separated, for a cluster). A `user:password@` in the
/// first URL logs in as that user (one user per role, `deploy/nats/`), whose replies come to
/// its own inbox prefix (`subjects::inbox_prefix`).
pub async fn connect(
    urls: &str,
    name: &str,
) -> Result<async_nats::Client, async_nats::ConnectError> {
    connect_as(urls, name, None).await
}

/// [`connect`], logging in as `credentials` when given (read from a credentials file, so that
/// no password sits on a command line); they win over a user in the URL.
pub async fn connect_as(
    urls: &str,
    name: &str,
    credentials: Option<&Credentials>,
) -> Result<async_nats::Client, async_nats::ConnectError> {
    let (addrs, in_url) = floorbook_store_nats::server_addrs(urls).map_err(|e| {
        async_nats::ConnectError::with_source(async_nats::ConnectErrorKind::ServerParse, e)
    })?;
    let mut options = async_nats::ConnectOptions::new()
        .name(name)
        .connection_timeout(Duration::from_secs(5))
        // A server cut off (a partition, a frozen node) is noticed after two unanswered
        // pings, and the client moves to another node of the cluster: seconds, not the
        // library's default of minutes.
        .ping_interval(floorbook_store_nats::PING_INTERVAL)
        .retry_on_initial_connect()
        // Each failed attempt while no server answers is an error event: at debug level, so
        // that a missing server is one clear line from the caller, not a screenful.
        .event_callback(|event| async move {
            match event {
                async_nats::Event::ClientError(e) => tracing::debug!("NATS client error: {e}"),
                async_nats::Event::Disconnected => tracing::warn!("disconnected from NATS"),
                other => tracing::info!("NATS: {other}"),
            }
        });
    if let Some(Credentials { user, password }) = credentials.cloned().or(in_url) {
        options = options
            .custom_inbox_prefix(subjects::inbox_prefix(Some(&user)))
            .user_and_password(user, password);
    }
    options.connect(addrs).await
}

/// A NATS credentials file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum CredentialsError {
    #[error("reading the NATS credentials {path}: {source}")]
    Read {
        path: String,
        #[source]
        source: std::io::Error,
    },
    #[error("the NATS credentials {path} may be read by others (mode {mode:o}); chmod 600 {path}")]
    Open { path: String, mode: u32 },
    // The parser's message would quote the offending line, password and all: not said.
    #[error("{path} must hold two lines, user = \"…\" and password = \"…\"")]
    Unreadable { path: String },
}

/// Reads a NATS credentials file: TOML with `user` and `password`. A file that others than its
/// owner may read is refused, as a signing key's is.
pub fn read_credentials(path: &std::path::Path) -> Result<Credentials, CredentialsError> {
    let shown = path.display().to_string();
    let read = |source| CredentialsError::Read {
        path: shown.clone(),
        source,
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        let mode = std::fs::metadata(path).map_err(read)?.permissions().mode();
        if mode & 0o077 != 0 {
            return Err(CredentialsError::Open {
                path: shown,
                mode: mode & 0o777,
            });
        }
    }
    let text = std::fs::read_to_string(path).map_err(read)?;
    toml::from_str(&text).map_err(|_| CredentialsError::Unreadable { path: shown })
}

/// Waits until `client` is connected, at most `within`: the connection is retried in the
/// background, and a server that does not answer at all is then one clear error, not a
/// timeout further on. False when none answered.
pub async fn connected(client: &async_nats::Client, within: Duration) -> bool {
    let deadline = Instant::now() + within;
    while client.connection_state() != async_nats::connection::State::Connected {
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    true
}
