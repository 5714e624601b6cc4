//! `floorbook serve`: the floor service on NATS (see `floorbook::service`).

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::Context;
use clap::Args;
use floorbook_service::client::{connect_as, nats_user};
use floorbook_service::server::{ServeConfig, serve};
use floorbook_service::subjects;
use floorbook_store_nats::NatsOptions;

use floorbook_log::keyfolder::load_service_key;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// NATS server URL(s), comma-separated for a cluster; the service's NATS user comes from
    /// --nats-credentials (or `nats://user:pass@host:port`).
    #[arg(long, env = "FLOORBOOK_NATS")]
    nats: String,
    /// A file naming the NATS user and password (TOML: `user`, `password`; mode 600).
    #[arg(long, env = "FLOORBOOK_NATS_CREDENTIALS", value_name = "FILE")]
    nats_credentials: Option<PathBuf>,
    /// The projections database, kept current from the chains (none if not given).
    #[arg(long)]
    db: Option<PathBuf>,
    /// This instance's name in the writer leases (default: host and process id).
    #[arg(long)]
    instance: Option<String>,
    /// Milliseconds after which a dead writer's lease lapses and another instance takes over.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(300..=60_000))]
    lease_ms: u64,
    /// Stream replicas: 1 on a single node, 3 on the three-node cluster.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=5))]
    replicas: u64,
    /// Directory of the service key that signs checkpoints and the receipts replies carry
    /// (default `$FLOORBOOK_KEYS`; without one, nothing is signed and a warning says so).
    #[arg(long)]
    keys: Option<PathBuf>,
    /// Let a chain go when nobody has written or asked about it for this many seconds (its
    /// head signed, its lease released, its memory freed); it is taken up again when asked.
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(1..))]
    idle_secs: u64,
    /// Sign the head every this many events.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    checkpoint_every: u64,
    /// What the service logs on standard error: error, warn, info, debug or trace (debug and
    /// trace include the NATS client's own events).
    #[arg(long, default_value = "info")]
    log_level: floorbook_service::logging::LevelFilter,
    /// Log one JSON object per line instead of text, for a log collector.
    #[arg(long)]
    log_json: bool,
    /// Keep the venue's transparency log beside the service (needs --keys): its name, a
    /// schema-less URL such as `club.example` (the log's origin is `<venue>/floorbook`). The
    /// reply to the command that finishes a hand carries the hand's receipt.
    #[arg(long, requires = "keys")]
    venue: Option<String>,
    /// The log's folder (a copy of the log's record in the streams); default ./tlog.
    #[arg(long, requires = "venue")]
    tlog: Option<PathBuf>,
    /// A witness to submit each checkpoint to, `URL=VKEY`; repeat.
    #[arg(long = "witness", value_name = "URL=VKEY", requires = "venue")]
    witnesses: Vec<floorbook_web::witness::WitnessAt>,
}

pub async fn run(args: &ServeArgs) -> anyhow::Result<ExitCode> {
    floorbook_service::logging::to_stderr(args.log_level, args.log_json);
    let instance = args.instance.clone().unwrap_or_else(|| {
        let host = std::env::var("HOSTNAME").unwrap_or_else(|_| "floorbook".into());
        format!("{host}-{}", std::process::id())
    });
    let credentials = crate::backend::credentials(&args.nats_credentials)?;
    let client = connect_as(&args.nats, "floorbook-serve", credentials.as_ref())
        .await
        .with_context(|| {
            format!(
                "connecting to NATS at {}",
                floorbook_store_nats::redacted(&args.nats)
            )
        })?;
    if !floorbook_service::client::connected(&client, Duration::from_secs(5)).await {
        anyhow::bail!(
            "no NATS server answers at {} (waited 5 s): start nats-server with JetStream (`nats-server -js`) or give --nats",
            floorbook_store_nats::redacted(&args.nats)
        );
    }
    let mut config = ServeConfig::new(instance);
    config.db = args.db.clone();
    let user = credentials
        .as_ref()
        .map(|c| c.user.clone())
        .or_else(|| nats_user(&args.nats));
    config.inbox = subjects::inbox_prefix(user.as_deref());
    config.lease = Duration::from_millis(args.lease_ms);
    config.idle = Duration::from_secs(args.idle_secs);
    config.checkpoint_every = args.checkpoint_every;
    config.store = NatsOptions {
        replicas: args.replicas as usize,
        ..NatsOptions::default()
    };
    let keys = args.keys.clone().or_else(|| {
        std::env::var_os("FLOORBOOK_KEYS")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
    });
    match &keys {
        Some(dir) => config.key = Some(load_service_key(dir)?),
        None => tracing::warn!(
            "no service key (--keys DIR or $FLOORBOOK_KEYS): heads are not signed and replies carry no receipts, so a rewrite of a chain by whoever runs the streams goes unseen; and hole cards named while a hand is played are stored in the clear, readable by anyone who reads the streams"
        ),
    }
    if let (Some(venue), Some(dir)) = (&args.venue, &keys) {
        let key = crate::commands::keys::log_key(dir, venue)?;
        let folder = args.tlog.clone().unwrap_or_else(|| PathBuf::from("tlog"));
        let log = floorbook_tlog::VenueLog::open(&folder)
            .with_context(|| format!("opening {}", folder.display()))?;
        let store =
            floorbook_store_nats::NatsStore::with_client(client.clone(), config.store.clone())
                .await
                .context("opening the streams for the transparency log")?;
        let keeper = std::sync::Arc::new(floorbook_web::logkeeper::Keeper::new(
            log,
            key,
            args.witnesses.clone(),
            Duration::from_secs(5),
            true,
        ));
        tracing::info!(vkey = keeper.vkey(), folder = %folder.display(), "keeping the transparency log");
        config.receipts = Some(floorbook_web::logkeeper::keep_beside(keeper, store));
    }
    // Ctrl-C or SIGTERM (systemd's stop): release the leases so another instance takes over.
    let mut term = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        .context("listening for SIGTERM")?;
    let shutdown = async move {
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = term.recv() => {}
        }
    };
    serve(client, config, shutdown).await?;
    Ok(ExitCode::SUCCESS)
}
