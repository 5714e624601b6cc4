//! `floorbook keys`: the service's ed25519 signing key.
//!
//! A key directory holds `service.key` (the secret, 64 hex digits, mode 0600) and one
//! `<key-id>.pub` per public key ever used. Verifiers trust every `.pub` in the directory they
//! are given, so after a rotation old checkpoints still verify.

use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::{Args, Subcommand};
use floorbook_log::{ServiceKey, keyfolder};

#[derive(Debug, Args)]
pub struct KeysArgs {
    /// Print JSON for scripts (key id and public key).
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: KeysCommand,
}

#[derive(Debug, Subcommand)]
enum KeysCommand {
    /// Create a new service key (rotating: the old secret moves to retired/, its public key stays).
    Generate {
        /// Key directory.
        #[arg(long, default_value = "./floorbook-data-keys")]
        dir: PathBuf,
    },
    /// Print the key id and public key of the service key.
    Show {
        /// Key directory.
        #[arg(long, default_value = "./floorbook-data-keys")]
        dir: PathBuf,
    },
    /// Print the venue's transparency log verifier key (signed-note form), for witnesses and
    /// for checking receipts.
    Vkey {
        /// Key directory.
        #[arg(long, default_value = "./floorbook-data-keys")]
        dir: PathBuf,
        /// The venue's name, a schema-less URL such as `club.example`; the log's origin is
        /// `<venue>/floorbook`.
        #[arg(long)]
        venue: String,
    },
}

pub fn run(args: &KeysArgs) -> anyhow::Result<()> {
    match &args.command {
        KeysCommand::Generate { dir } => {
            let key = generate(dir)?;
            if args.json {
                println!(
                    "{}",
                    serde_json::json!({"key_id": key.key_id(), "public": key.public_hex(), "dir": dir})
                );
                return Ok(());
            }
            println!(
                "key {} written to {}",
                key.key_id(),
                dir.join("service.key").display()
            );
            println!("public {}", key.public_hex());
            Ok(())
        }
        KeysCommand::Show { dir } => {
            let key = keyfolder::load_service_key(dir)?;
            if args.json {
                println!(
                    "{}",
                    serde_json::json!({"key_id": key.key_id(), "public": key.public_hex()})
                );
                return Ok(());
            }
            println!("key {}", key.key_id());
            println!("public {}", key.public_hex());
            Ok(())
        }
        KeysCommand::Vkey { dir, venue } => {
            let log = log_key(dir, venue)?;
            if args.json {
                println!(
                    "{}",
                    serde_json::json!({"origin": log.origin(), "vkey": log.vkey()})
                );
            } else {
                println!("{}", log.vkey());
            }
            Ok(())
        }
    }
}

/// The venue's transparency log key, from the service key in `dir`.
pub fn log_key(dir: &Path, venue: &str) -> anyhow::Result<floorbook_tlog::LogKey> {
    let key = keyfolder::load_service_key(dir)?;
    let secret = key.secret_bytes();
    floorbook_tlog::LogKey::for_venue(venue, &secret)
        .with_context(|| format!("the venue {venue:?} names no log"))
}

/// Creates a key in `dir` from a secret the operating system draws, retiring the current one
/// if there is one.
pub fn generate(dir: &Path) -> anyhow::Result<ServiceKey> {
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).context("drawing a key from the operating system")?;
    Ok(keyfolder::generate(dir, secret)?)
}
