//! `floorbook witness`: a witness of other venues' transparency logs (C2SP `tlog-witness`),
//! run by a league or another club (`docs/transparency.md`).

use std::path::PathBuf;

use anyhow::Context;
use clap::{Args, Subcommand};
use floorbook_tlog::{WitnessKey, WitnessState};

#[derive(Debug, Args)]
pub struct WitnessArgs {
    #[command(subcommand)]
    command: WitnessCommand,
}

#[derive(Debug, Subcommand)]
enum WitnessCommand {
    /// Print the witness's verifier key (made on first use, kept in DIR/witness.key).
    Key {
        #[command(flatten)]
        who: Who,
    },
    /// Serve `POST /add-checkpoint`: cosign the logs named, each only as it grows by appending.
    Serve {
        #[command(flatten)]
        who: Who,
        /// A log's verifier key (`floorbook keys vkey`) this witness witnesses; repeat.
        #[arg(long = "log", value_name = "VKEY", required = true)]
        logs: Vec<String>,
        /// Where to listen.
        #[arg(long, default_value = "127.0.0.1:8790")]
        listen: String,
    },
}

#[derive(Debug, Args)]
struct Who {
    /// The witness's folder: its key and, for each log, the last checkpoint it cosigned.
    #[arg(long)]
    dir: PathBuf,
    /// The witness's name, a schema-less URL such as `league.example/witness`.
    #[arg(long)]
    name: String,
}

/// The witness's key, kept in its folder (made on first use).
fn key(who: &Who) -> anyhow::Result<WitnessKey> {
    let mut fresh = [0u8; 32];
    getrandom::fill(&mut fresh).context("drawing a key from the operating system")?;
    let seed = floorbook_log::keyfolder::seed(&who.dir, "witness.key", fresh)?;
    WitnessKey::from_seed(&who.name, &seed).context("the witness's name")
}

pub async fn run(args: &WitnessArgs) -> anyhow::Result<()> {
    match &args.command {
        WitnessCommand::Key { who } => {
            println!("{}", key(who)?.vkey());
            Ok(())
        }
        WitnessCommand::Serve { who, logs, listen } => {
            let key = key(who)?;
            let state = WitnessState::open(&who.dir, logs).context("the logs witnessed")?;
            let listener = tokio::net::TcpListener::bind(listen)
                .await
                .with_context(|| format!("listening on {listen}"))?;
            eprintln!(
                "witness {} on http://{}/add-checkpoint, witnessing {} log(s)",
                key.vkey(),
                listener.local_addr()?,
                logs.len()
            );
            floorbook_web::witness::serve(listener, state, key)
                .await
                .context("serving the witness")
        }
    }
}
