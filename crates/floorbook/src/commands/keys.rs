//! `floorbook keys`: the service's ed25519 signing key.
//!
//! A key directory holds `service.key` (the secret, 64 hex digits, mode 0600) and one
//! `<key-id>.pub` per public key ever used. Verifiers trust every `.pub` in the directory they
//! are given, so after a rotation old checkpoints still verify.

use std::fs;
use std::io::Write;
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::{Args, Subcommand};
use floorbook_log::{ServiceKey, TrustedKeys};

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
            let key = load_service_key(dir)?;
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
    let key = load_service_key(dir)?;
    let secret = key.secret_bytes();
    floorbook_tlog::LogKey::for_venue(venue, &secret)
        .with_context(|| format!("the venue {venue:?} names no log"))
}

/// Creates a key in `dir`, retiring the current one if there is one.
pub fn generate(dir: &Path) -> anyhow::Result<ServiceKey> {
    fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    {
        // The folder is the key's: nobody else writes there, whatever the umask.
        use std::os::unix::fs::PermissionsExt as _;
        fs::set_permissions(dir, fs::Permissions::from_mode(0o700))
            .with_context(|| format!("restricting {}", dir.display()))?;
    }
    let secret_path = dir.join("service.key");
    if secret_path.exists() {
        let old = load_service_key(dir)?;
        let retired = dir.join("retired");
        fs::create_dir_all(&retired).with_context(|| format!("creating {}", retired.display()))?;
        {
            // The retired secrets are as secret as the key: the folder is the owner's alone,
            // whatever the umask.
            use std::os::unix::fs::PermissionsExt as _;
            fs::set_permissions(&retired, fs::Permissions::from_mode(0o700))
                .with_context(|| format!("restricting {}", retired.display()))?;
        }
        fs::rename(&secret_path, retired.join(format!("{}.key", old.key_id())))
            .context("retiring the old key")?;
    }
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).context("drawing a key from the operating system")?;
    let key = ServiceKey::from_secret(secret);
    let mut f = fs::OpenOptions::new()
        .create_new(true)
        .write(true)
        .mode(0o600)
        .open(&secret_path)
        .with_context(|| format!("creating {}", secret_path.display()))?;
    writeln!(f, "{}", key.secret_hex()).context("writing the key")?;
    f.sync_all().context("writing the key")?;
    let public = dir.join(format!("{}.pub", key.key_id()));
    fs::write(&public, format!("{}\n", key.public_hex()))
        .with_context(|| format!("writing {}", public.display()))?;
    {
        use std::os::unix::fs::PermissionsExt as _;
        fs::set_permissions(&public, fs::Permissions::from_mode(0o644))
            .with_context(|| format!("restricting {}", public.display()))?;
    }
    Ok(key)
}

pub fn load_service_key(dir: &Path) -> anyhow::Result<ServiceKey> {
    let path = dir.join("service.key");
    // Whoever can read the key can sign; whoever can write its folder can replace it.
    refuse_loose(&path, 0o077, "read or changed", "chmod 600")?;
    refuse_loose(dir, 0o022, "written", "chmod go-w")?;
    let text = fs::read_to_string(&path).with_context(|| {
        format!(
            "reading {} (create one with `floorbook keys generate --dir {}`)",
            path.display(),
            dir.display()
        )
    })?;
    ServiceKey::from_secret_hex(&text).with_context(|| format!("reading {}", path.display()))
}

/// Refuses a file or folder whose mode grants others any of `bits` (what a key's safety
/// cannot share), saying what others could do and how to fix it.
fn refuse_loose(path: &Path, bits: u32, others_could: &str, fix: &str) -> anyhow::Result<()> {
    use std::os::unix::fs::PermissionsExt as _;
    let Ok(meta) = fs::metadata(path) else {
        return Ok(());
    };
    let mode = meta.permissions().mode() & 0o777;
    if mode & bits != 0 {
        anyhow::bail!(
            "{} can be {others_could} by other users (mode {mode:o}); `{fix} {}` first",
            path.display(),
            path.display()
        );
    }
    Ok(())
}

/// Every `*.pub` in `dir`.
pub fn load_trusted(dir: &Path) -> anyhow::Result<TrustedKeys> {
    let mut keys = TrustedKeys::default();
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(keys),
        Err(e) => return Err(e).with_context(|| format!("reading {}", dir.display())),
    };
    for entry in entries {
        let path = entry
            .with_context(|| format!("reading {}", dir.display()))?
            .path();
        if path.extension().and_then(|e| e.to_str()) != Some("pub") {
            continue;
        }
        // A trusted key anyone can change trusts anyone.
        refuse_loose(&path, 0o022, "changed", "chmod go-w")?;
        let text =
            fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let id = keys
            .add_public_hex(&text)
            .with_context(|| format!("reading {}", path.display()))?;
        if path.file_stem().and_then(|s| s.to_str()) != Some(id.0.as_str()) {
            bail!(
                "{} holds key {id}, but its name says otherwise",
                path.display()
            );
        }
    }
    Ok(keys)
}
