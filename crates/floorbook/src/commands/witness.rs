//! `floorbook witness`: a witness of other venues' transparency logs (C2SP `tlog-witness`),
//! run by a league or another club (`docs/transparency.md`).

use std::io::Write as _;
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

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

/// The witness's key, made in `dir` (the owner's alone) if it has none.
fn key(who: &Who) -> anyhow::Result<WitnessKey> {
    let dir = &who.dir;
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
        .with_context(|| format!("restricting {}", dir.display()))?;
    let path = dir.join("witness.key");
    if !path.exists() {
        let mut seed = [0u8; 32];
        getrandom::fill(&mut seed).context("drawing a key from the operating system")?;
        write_new(&path, &blake3::Hash::from_bytes(seed).to_hex())?;
    }
    let hex =
        std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let seed = blake3::Hash::from_hex(hex.trim())
        .with_context(|| format!("{} holds no key", path.display()))?;
    WitnessKey::from_seed(&who.name, seed.as_bytes()).context("the witness's name")
}

fn write_new(path: &Path, text: &str) -> anyhow::Result<()> {
    let mut f = std::fs::OpenOptions::new()
        .create_new(true)
        .write(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    writeln!(f, "{text}").context("writing the key")?;
    f.sync_all().context("writing the key")
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
