//! Which event store a command reads or writes: `--data DIR` (embedded, the default) or
//! `--nats URL`.

use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_store_nats::{Credentials, NatsOptions, NatsStore};

pub use floorbook_service::stores::Backend;

/// The store options every log command takes.
#[derive(Debug, Args, Clone)]
pub struct StoreArgs {
    /// Data directory of the embedded store.
    #[arg(
        long,
        env = "FLOORBOOK_DATA",
        default_value = "./floorbook-data",
        conflicts_with = "nats",
        global = true
    )]
    pub data: PathBuf,
    /// NATS server URL: use JetStream instead of the embedded store.
    #[arg(long, env = "FLOORBOOK_NATS", global = true)]
    pub nats: Option<String>,
    /// A file naming the NATS user and password (TOML: `user = "…"`, `password = "…"`,
    /// readable by its owner alone), so that no password sits in a URL on the command line.
    #[arg(
        long,
        env = "FLOORBOOK_NATS_CREDENTIALS",
        value_name = "FILE",
        global = true
    )]
    pub nats_credentials: Option<PathBuf>,
}

impl StoreArgs {
    pub async fn open(&self, mode: OpenMode) -> anyhow::Result<Backend> {
        match &self.nats {
            Some(url) => {
                let options = NatsOptions {
                    credentials: credentials(&self.nats_credentials)?,
                    ..NatsOptions::default()
                };
                Ok(Backend::Nats(
                    NatsStore::connect(url, options)
                        .await
                        .with_context(|| format!("opening the JetStream store at {url}"))?,
                ))
            }
            None => Ok(Backend::Embedded(
                EmbeddedStore::open(&self.data, mode)
                    .with_context(|| format!("opening the store in {}", self.data.display()))?,
            )),
        }
    }

    /// Where the projections database is: `db`, or `DATA/projections.sqlite`.
    pub fn projections_path(&self, db: &Option<PathBuf>) -> PathBuf {
        db.clone()
            .unwrap_or_else(|| self.data.join("projections.sqlite"))
    }

    /// Opens the projections database ([`Self::projections_path`]); its folder is created.
    pub fn projections(
        &self,
        db: &Option<PathBuf>,
    ) -> anyhow::Result<floorbook_projections::Projector> {
        let db = self.projections_path(db);
        if let Some(dir) = db.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        }
        floorbook_projections::Projector::open(&db)
            .with_context(|| format!("opening {}", db.display()))
    }

    /// Where keys live unless `--keys` says otherwise: `$FLOORBOOK_KEYS`, else beside the
    /// data folder and never in it (`DATA-keys` for `DATA`), so that the key does not sit in
    /// the folder it protects. A `DATA/keys` folder from an earlier build is still found when
    /// the new one does not exist.
    pub fn default_keys_dir(&self) -> PathBuf {
        if let Some(dir) = std::env::var_os("FLOORBOOK_KEYS").filter(|d| !d.is_empty()) {
            return PathBuf::from(dir);
        }
        let beside = keys_beside(&self.data);
        let inside = self.data.join("keys");
        if !beside.exists() && inside.is_dir() {
            return inside;
        }
        beside
    }

    /// Says so on stderr when `keys` lies inside the data folder (an earlier build's default).
    pub fn warn_if_key_inside(&self, keys: &std::path::Path) {
        if self.nats.is_none() && keys.starts_with(&self.data) {
            eprintln!(
                "warning: the service key in {} lies inside the data folder it protects; move it beside it: mv {} {}",
                keys.display(),
                keys.display(),
                keys_beside(&self.data).display()
            );
        }
    }
}

/// Reads the NATS credentials file `path` names, if any.
pub fn credentials(path: &Option<PathBuf>) -> anyhow::Result<Option<Credentials>> {
    Ok(path
        .as_deref()
        .map(floorbook_service::client::read_credentials)
        .transpose()?)
}

/// The key folder beside data folder `data`: `DATA-keys`.
pub fn keys_beside(data: &std::path::Path) -> PathBuf {
    let absolute = std::path::absolute(data).unwrap_or_else(|_| data.to_path_buf());
    let name = absolute
        .file_name()
        .map_or_else(|| "floorbook".into(), |n| n.to_string_lossy().into_owned());
    absolute.with_file_name(format!("{name}-keys"))
}
