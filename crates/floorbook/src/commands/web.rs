//! `floorbook web`: the floor app's pages, live, on the embedded store (default) or NATS; with
//! `--users FILE`, log-in per role and the terminals that send commands. `floorbook web user`
//! adds a user to a users file (the password read from standard input, stored hashed).

use std::io::{BufRead, Write as _};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Args, Subcommand};
use floorbook_store_embedded::OpenMode;
use floorbook_web::{Sender, Users, UsersFile};

use crate::backend::{Backend, StoreArgs};

#[derive(Debug, Args)]
pub struct WebArgs {
    #[command(subcommand)]
    command: Option<WebCommand>,
    #[command(flatten)]
    store: StoreArgs,
    /// Address to listen on (port 0: any free port; the address taken is printed first).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The users who may log in, with their roles and hashed passwords (`floorbook web user`).
    /// Without it the pages only read. On the embedded store this process then writes the
    /// chains (no other writer may run on the folder); with --nats commands go to the floor
    /// service as the NATS users the file's `[nats]` names.
    #[arg(long)]
    users: Option<PathBuf>,
    /// Directory of the service key (default beside the data folder, DATA-keys, or
    /// `$FLOORBOOK_KEYS`): it signs checkpoints when this process writes, and lets the pages
    /// follow a hand in play whose hole cards were named (they never show them).
    #[arg(long)]
    keys: Option<PathBuf>,
    /// Keep the venue's transparency log in this process (`tlog follow`'s work) and give each
    /// finished hand's receipt on the hands' page: the venue's name (`club.example`).
    #[arg(long)]
    venue: Option<String>,
    /// The transparency log's folder; default DATA/tlog.
    #[arg(long, requires = "venue")]
    tlog: Option<PathBuf>,
    /// A witness to submit each checkpoint to, `URL=VKEY`; repeat.
    #[arg(long = "witness", value_name = "URL=VKEY", requires = "venue")]
    witnesses: Vec<floorbook_web::witness::WitnessAt>,
}

#[derive(Debug, Subcommand)]
enum WebCommand {
    /// Adds a user to a users file (created if missing); the password is read from standard
    /// input and stored as an argon2id hash.
    User {
        /// The users file.
        #[arg(long)]
        users: PathBuf,
        /// The user's log-in name (recorded as the actor of what they send).
        #[arg(long)]
        name: String,
        /// dealer:N, floor, director or auditor.
        #[arg(long)]
        role: String,
    },
}

pub async fn run(args: &WebArgs) -> anyhow::Result<ExitCode> {
    if let Some(WebCommand::User { users, name, role }) = &args.command {
        return add_user(users, name, role);
    }
    let users = match &args.users {
        None => None,
        Some(path) => Some(Users::read(path)?),
    };
    let mode = if users.is_some() && args.store.nats.is_none() {
        OpenMode::ReadWrite
    } else {
        OpenMode::ReadOnly
    };
    // A request the NATS server refuses (a permission the pages' user lacks) is said at once,
    // naming the subject, instead of only slowing every page down.
    floorbook_service::logging::to_stderr(floorbook_service::logging::LevelFilter::WARN, false);
    let store = args.store.open(mode).await?;
    let keys = args
        .keys
        .clone()
        .unwrap_or_else(|| args.store.default_keys_dir());
    let key = if keys.join("service.key").exists() {
        Some(floorbook_log::keyfolder::load_service_key(&keys)?)
    } else {
        None
    };
    let sender: Sender<Backend> = match (&users, &args.store.nats) {
        (None, _) => Sender::ReadOnly,
        (Some(u), Some(_)) => {
            let nats = u.nats.clone().context(
                "with --nats the users file needs a [nats] section: the NATS user each role sends as",
            )?;
            floorbook_web::send::nats_clients(&nats)
                .await
                .map_err(anyhow::Error::msg)?
        }
        (Some(_), None) => {
            if key.is_none() {
                eprintln!(
                    "floorbook web: no service key in {}: checkpoints are not signed, and hole cards named while a hand is played are stored in the clear (floorbook keys generate)",
                    keys.display()
                );
            }
            Sender::desks(key.clone())
        }
    };
    // Reading only (or over NATS), the key lets the pages follow a hand in play whose hole
    // cards were named; without it they show the chain up to the first of them.
    let secret = key.as_ref().map(floorbook_log::CardSecret::of);
    let listener = tokio::net::TcpListener::bind(args.addr)
        .await
        .with_context(|| format!("listening on {}", args.addr))?;
    let addr = listener.local_addr().context("the address taken")?;
    {
        let mut out = std::io::stdout().lock();
        writeln!(out, "floorbook web: http://{addr}/")?;
        out.flush()?;
    }
    let secret = secret.or_else(|| sender.key().map(floorbook_log::CardSecret::of));
    let mut sender = sender;
    let mut keeper = None;
    if let Some(venue) = &args.venue {
        let key = super::keys::log_key(&keys, venue)?;
        let dir = args
            .tlog
            .clone()
            .unwrap_or_else(|| args.store.data.join("tlog"));
        let log = floorbook_tlog::VenueLog::open(&dir)
            .with_context(|| format!("opening {}", dir.display()))?;
        let kept = std::sync::Arc::new(floorbook_web::logkeeper::Keeper::new(
            log,
            key,
            args.witnesses.clone(),
            std::time::Duration::from_secs(5),
            // Over NATS the pages read as the auditor: the record is appended by a keeper
            // with the service's user (`tlog follow`, `serve --venue`), and the pages take its
            // batches.
            args.store.nats.is_none(),
        ));
        // The pages' own desks (embedded) give a finished hand's receipt with the reply.
        sender = sender.with_receipts(floorbook_web::logkeeper::keep_beside(
            kept.clone(),
            store.clone(),
        ));
        keeper = Some(kept);
    }
    let mut web = floorbook_web::Web::with_secret(store, users, sender, secret);
    if let Some(keeper) = keeper {
        web = web.with_keeper(keeper);
    }
    floorbook_web::serve_web(listener, std::sync::Arc::new(web))
        .await
        .context("serving the pages")?;
    Ok(ExitCode::SUCCESS)
}

fn add_user(path: &std::path::Path, name: &str, role: &str) -> anyhow::Result<ExitCode> {
    let mut password = String::new();
    std::io::stdin()
        .lock()
        .read_line(&mut password)
        .context("reading the password from standard input")?;
    UsersFile::add(path, name, role, password.trim_end_matches(['\n', '\r']))?;
    println!("{}: added {name} ({role})", path.display());
    Ok(ExitCode::SUCCESS)
}
