//! The folder that keeps the service key (`service.key`, the owner's alone), the public keys a
//! reader trusts (`<key id>.pub`) and the retired secrets (`retired/`). A folder or file that
//! others could read or change is refused, whatever the umask made it.

use std::fs;
use std::io::Write as _;
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use crate::{CheckpointError, KeyId, ServiceKey, TrustedKeys};

/// A key folder that cannot be used as it is.
#[derive(Debug, thiserror::Error)]
pub enum KeyFolderError {
    #[error("{what} {}: {source}", path.display())]
    Io {
        what: &'static str,
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} can be {others_could} by other users (mode {mode:o}); `{fix} {}` first", path.display(), path.display())]
    Loose {
        path: PathBuf,
        mode: u32,
        others_could: &'static str,
        fix: &'static str,
    },
    #[error("reading {} (create one with `floorbook keys generate --dir {}`): {source}", path.display(), dir.display())]
    NoKey {
        path: PathBuf,
        dir: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("reading {}: {source}", path.display())]
    Key {
        path: PathBuf,
        #[source]
        source: CheckpointError,
    },
    #[error("{} holds key {id}, but its name says otherwise", path.display())]
    Misnamed { path: PathBuf, id: KeyId },
    #[error("{} holds no key (64 hex digits)", path.display())]
    NotAKey { path: PathBuf },
}

fn io(what: &'static str, path: &Path) -> impl FnOnce(std::io::Error) -> KeyFolderError {
    let path = path.to_path_buf();
    move |source| KeyFolderError::Io { what, path, source }
}

/// Makes `path` its owner's alone (`mode`), whatever the umask made it.
fn restrict(path: &Path, mode: u32) -> Result<(), KeyFolderError> {
    fs::set_permissions(path, fs::Permissions::from_mode(mode)).map_err(io("restricting", path))
}

/// Creates the key of `secret` (32 bytes the operating system drew) in `dir`, retiring the
/// current one if there is one; the folder and the retired secrets are the owner's alone.
pub fn generate(dir: &Path, secret: [u8; 32]) -> Result<ServiceKey, KeyFolderError> {
    fs::create_dir_all(dir).map_err(io("creating", dir))?;
    restrict(dir, 0o700)?;
    let secret_path = dir.join("service.key");
    if secret_path.exists() {
        let old = load_service_key(dir)?;
        let retired = dir.join("retired");
        fs::create_dir_all(&retired).map_err(io("creating", &retired))?;
        restrict(&retired, 0o700)?;
        fs::rename(&secret_path, retired.join(format!("{}.key", old.key_id())))
            .map_err(io("retiring the old key", &secret_path))?;
    }
    let key = ServiceKey::from_secret(secret);
    write_secret(&secret_path, &key.secret_hex())?;
    let public = dir.join(format!("{}.pub", key.key_id()));
    fs::write(&public, format!("{}\n", key.public_hex())).map_err(io("writing", &public))?;
    restrict(&public, 0o644)?;
    Ok(key)
}

/// Writes a new secret file, its owner's alone from the start, and syncs it.
fn write_secret(path: &Path, hex: &str) -> Result<(), KeyFolderError> {
    let mut f = fs::OpenOptions::new()
        .create_new(true)
        .write(true)
        .mode(0o600)
        .open(path)
        .map_err(io("creating", path))?;
    writeln!(f, "{hex}").map_err(io("writing the key", path))?;
    f.sync_all().map_err(io("writing the key", path))
}

/// The 32-byte seed kept in `dir`'s `file` (a witness's key), written from `fresh` (drawn by
/// the operating system) when there is none yet; the folder and the file are the owner's
/// alone, and a file others could read is refused.
pub fn seed(dir: &Path, file: &str, fresh: [u8; 32]) -> Result<[u8; 32], KeyFolderError> {
    fs::create_dir_all(dir).map_err(io("creating", dir))?;
    restrict(dir, 0o700)?;
    let path = dir.join(file);
    if !path.exists() {
        write_secret(&path, &crate::EventHash(fresh).to_hex())?;
    }
    refuse_loose(&path, 0o077, "read or changed", "chmod 600")?;
    let text = fs::read_to_string(&path).map_err(io("reading", &path))?;
    crate::EventHash::from_hex(text.trim())
        .map(|h| h.0)
        .map_err(|_| KeyFolderError::NotAKey { path })
}

/// The service key in `dir`: refused when others could read it or change its folder.
pub fn load_service_key(dir: &Path) -> Result<ServiceKey, KeyFolderError> {
    let path = dir.join("service.key");
    // Whoever can read the key can sign; whoever can write its folder can replace it.
    refuse_loose(&path, 0o077, "read or changed", "chmod 600")?;
    refuse_loose(dir, 0o022, "written", "chmod go-w")?;
    let text = fs::read_to_string(&path).map_err(|source| KeyFolderError::NoKey {
        path: path.clone(),
        dir: dir.to_path_buf(),
        source,
    })?;
    ServiceKey::from_secret_hex(&text).map_err(|source| KeyFolderError::Key { path, source })
}

/// Refuses a file or folder whose mode grants others any of `bits` (what a key's safety
/// cannot share), saying what others could do and how to fix it.
fn refuse_loose(
    path: &Path,
    bits: u32,
    others_could: &'static str,
    fix: &'static str,
) -> Result<(), KeyFolderError> {
    let Ok(meta) = fs::metadata(path) else {
        return Ok(());
    };
    let mode = meta.permissions().mode() & 0o777;
    if mode & bits != 0 {
        return Err(KeyFolderError::Loose {
            path: path.to_path_buf(),
            mode,
            others_could,
            fix,
        });
    }
    Ok(())
}

/// Every `*.pub` in `dir` (none when there is no such folder); a key file anyone could change,
/// or one whose name is not its key's ID, is refused.
pub fn load_trusted(dir: &Path) -> Result<TrustedKeys, KeyFolderError> {
    let mut keys = TrustedKeys::default();
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(keys),
        Err(e) => return Err(io("reading", dir)(e)),
    };
    for entry in entries {
        let path = entry.map_err(io("reading", dir))?.path();
        if path.extension().and_then(|e| e.to_str()) != Some("pub") {
            continue;
        }
        // A trusted key anyone can change trusts anyone.
        refuse_loose(&path, 0o022, "changed", "chmod go-w")?;
        let text = fs::read_to_string(&path).map_err(io("reading", &path))?;
        let id = keys
            .add_public_hex(&text)
            .map_err(|source| KeyFolderError::Key {
                path: path.clone(),
                source,
            })?;
        if path.file_stem().and_then(|s| s.to_str()) != Some(id.0.as_str()) {
            return Err(KeyFolderError::Misnamed { path, id });
        }
    }
    Ok(keys)
}
