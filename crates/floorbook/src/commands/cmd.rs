//! `floorbook cmd`: sends one command (or query) to the floor service and prints its reply.

use std::io::Read;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, bail};
use clap::Args;
use floorbook_log::ChainId;
use floorbook_service::client::{CommandClient, connect_as};
use floorbook_service::subjects::{Channel, Query};
use floorbook_service::wire::Request;

#[derive(Debug, Args)]
pub struct CmdArgs {
    /// NATS server URL(s); the role's NATS user comes from --nats-credentials (or
    /// `nats://user:pass@host:port`, which leaves the password in the shell's history).
    #[arg(long, env = "FLOORBOOK_NATS")]
    nats: String,
    /// A file naming the NATS user and password (TOML: `user`, `password`; mode 600).
    #[arg(long, env = "FLOORBOOK_NATS_CREDENTIALS", value_name = "FILE")]
    nats_credentials: Option<std::path::PathBuf>,
    /// The chain (tournament) the command is for.
    #[arg(long)]
    chain: String,
    /// The sender's role: `dealer:TABLE`, `floor` or `director`.
    #[arg(long = "as", value_name = "ROLE", required_unless_present = "query")]
    role: Option<String>,
    /// Who acts (recorded as the events' actor).
    #[arg(long, required_unless_present = "query")]
    actor: Option<String>,
    /// Decide only if the chain's head is this sequence.
    #[arg(long)]
    after: Option<u64>,
    /// A request id: a repeat gets the first reply again.
    #[arg(long)]
    id: Option<String>,
    /// Ask a query instead: `state`, `head`, `clock`, `seating`, or `table:N` (one table: seats, hand, who acts,
    /// what is legal).
    #[arg(long)]
    query: Option<String>,
    /// Append the receipt a reply carries (the chain's head signed after a hand, a table or
    /// the tournament closed) to this file, one per line: keep it away from the operator;
    /// `floorbook verify --checkpoint FILE` then catches a rewrite of the chain.
    #[arg(long, value_name = "FILE")]
    receipts: Option<std::path::PathBuf>,
    /// Seconds to keep asking when no service answers.
    #[arg(long, default_value_t = 10)]
    patience: u64,
    /// The command as JSON, e.g. '{"command":"fold","table":3,"pos":2}'; `-` reads stdin.
    /// `floorbook commands` lists every command with its fields.
    command: Option<String>,
}

pub async fn run(args: &CmdArgs) -> anyhow::Result<ExitCode> {
    let chain = ChainId::new(&args.chain)?;
    let credentials = crate::backend::credentials(&args.nats_credentials)?;
    let nats = connect_as(&args.nats, "floorbook-cmd", credentials.as_ref())
        .await
        .with_context(|| {
            format!(
                "connecting to NATS at {}",
                floorbook_store_nats::redacted(&args.nats)
            )
        })?;
    let mut client = CommandClient::new(nats);
    client.patience = Duration::from_secs(args.patience);
    if let Some(q) = &args.query {
        let query = Query::named(q).with_context(|| {
            format!("--query {q:?}: use state, head, clock, seating or table:N")
        })?;
        let answer = client.query(&chain, query).await?;
        super::emit(&(serde_json::to_string_pretty(&answer)? + "\n"))?;
        // An error reply (a chain that does not exist) is a failure.
        return Ok(if answer["ok"] == serde_json::Value::Bool(false) {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        });
    }
    let (Some(role), Some(actor)) = (&args.role, &args.actor) else {
        bail!("a command needs --as and --actor");
    };
    let channel = Channel::parse(role)
        .with_context(|| format!("--as {role:?}: use dealer:TABLE, floor or director"))?;
    let text = match args.command.as_deref() {
        None | Some("-") => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s)?;
            s
        }
        Some(s) => s.to_string(),
    };
    let command = floorbook_service::wire_words::read_command(&text).map_err(anyhow::Error::msg)?;
    let request = Request {
        actor: actor.clone(),
        id: args.id.clone(),
        after: args.after,
        seen: None,
        command,
    };
    let reply = client.send(&chain, channel, &request).await?;
    if let (Some(path), Some(receipt)) = (&args.receipts, &reply.receipt) {
        use std::io::Write as _;
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .with_context(|| format!("opening {}", path.display()))?;
        writeln!(f, "{}", serde_json::to_string(receipt)?)
            .with_context(|| format!("writing {}", path.display()))?;
    }
    super::emit(&(serde_json::to_string_pretty(&reply)? + "\n"))?;
    Ok(if reply.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}
