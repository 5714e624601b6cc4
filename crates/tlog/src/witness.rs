//! Witnesses: C2SP `tlog-cosignature` (v1, Ed25519) and the checks of C2SP `tlog-witness`'s
//! `add-checkpoint`. A witness cosigns a log's checkpoint only when it is signed by the log's
//! key and consistent with the last checkpoint the witness cosigned for that log: a log that
//! rewrote what a witness saw gets no cosignature again.
//!
//! The checks here are pure (the stored state and the time are inputs); keeping the state
//! atomically and answering HTTP is the caller's.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use ed25519_dalek::{Signer as _, SigningKey, Verifier as _, VerifyingKey};
use signed_note::{Note, Verifier, VerifierList};
use tlog_tiles::tlog::Hash;

use crate::lines::{Lines, LinesError, decimal_after};
use crate::{Checkpoint, TlogError, open_checkpoint, verify_consistency};

/// The vkey signature type of an Ed25519 cosignature (`tlog-cosignature`).
const COSIGNATURE_V1: u8 = 4;
/// The most consistency proof lines a request may carry.
const MAX_PROOF: usize = 63;

/// The message a v1 cosignature signs: the header, the time, the checkpoint's text.
fn cosigned_message(time: u64, text: &[u8]) -> Vec<u8> {
    let mut m = format!("cosignature/v1\ntime {time}\n").into_bytes();
    m.extend_from_slice(text);
    m
}

fn key_id(name: &str, public: &[u8; 32]) -> u32 {
    signed_note::key_id(name, &[&[COSIGNATURE_V1][..], public].concat())
}

/// A witness's signing key.
pub struct WitnessKey {
    name: String,
    key: SigningKey,
    id: u32,
}

impl std::fmt::Debug for WitnessKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WitnessKey")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

impl WitnessKey {
    /// The witness `name` (a schema-less URL) with the Ed25519 private key `seed`.
    pub fn from_seed(name: &str, seed: &[u8; 32]) -> Result<WitnessKey, TlogError> {
        if !signed_note::is_key_name_valid(name) {
            return Err(TlogError::Key(format!(
                "{name:?} is not a key name (no spaces, no plus, not empty)"
            )));
        }
        let key = SigningKey::from_bytes(seed);
        let id = key_id(name, key.verifying_key().as_bytes());
        Ok(WitnessKey {
            name: name.to_string(),
            key,
            id,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }

    /// The verifier key: `name+keyid+base64(0x04 || public key)`.
    pub fn vkey(&self) -> String {
        format!(
            "{}+{:08x}+{}",
            self.name,
            self.id,
            STANDARD.encode([&[COSIGNATURE_V1][..], self.key.verifying_key().as_bytes()].concat())
        )
    }

    /// The cosignature line (`— name base64(id || time || signature)\n`) of `note`'s
    /// checkpoint at `time` (seconds since 1970).
    pub fn cosign(&self, note: &[u8], time: u64) -> Result<Vec<u8>, TlogError> {
        let parsed = Note::from_bytes(note).map_err(|e| TlogError::Note(e.to_string()))?;
        let sig = self.key.sign(&cosigned_message(time, parsed.text()));
        let timestamped = [&time.to_be_bytes()[..], &sig.to_bytes()[..]].concat();
        let line = signed_note::Signature::new(self.name.clone(), self.id, timestamped)
            .map_err(|e| TlogError::Note(e.to_string()))?;
        Ok(line.to_bytes())
    }
}

/// A witness's verifier key, read from its `name+keyid+base64` form.
#[derive(Debug, Clone)]
pub struct CosignatureVerifier {
    name: String,
    id: u32,
    key: VerifyingKey,
}

impl CosignatureVerifier {
    pub fn new(vkey: &str) -> Result<CosignatureVerifier, TlogError> {
        let bad = || TlogError::Key(format!("{vkey:?} is not a witness's verifier key"));
        let mut parts = vkey.splitn(3, '+');
        let (Some(name), Some(id), Some(key)) = (parts.next(), parts.next(), parts.next()) else {
            return Err(bad());
        };
        let id = u32::from_str_radix(id, 16).map_err(|_| bad())?;
        let key = STANDARD.decode(key).map_err(|_| bad())?;
        let Some((&COSIGNATURE_V1, public)) = key.split_first() else {
            return Err(TlogError::Key(format!(
                "{vkey:?} is not an Ed25519 cosignature key (type 0x04)"
            )));
        };
        let public: [u8; 32] = public.try_into().map_err(|_| bad())?;
        if key_id(name, &public) != id || !signed_note::is_key_name_valid(name) {
            return Err(bad());
        }
        Ok(CosignatureVerifier {
            name: name.to_string(),
            id,
            key: VerifyingKey::from_bytes(&public).map_err(|_| bad())?,
        })
    }

    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Verifier for CosignatureVerifier {
    fn name(&self) -> &str {
        &self.name
    }

    fn key_id(&self) -> u32 {
        self.id
    }

    fn verify(&self, msg: &[u8], sig: &[u8]) -> bool {
        let Some((time, sig)) = sig.split_first_chunk::<8>() else {
            return false;
        };
        let Ok(sig) = ed25519_dalek::Signature::from_slice(sig) else {
            return false;
        };
        let time = u64::from_be_bytes(*time);
        time < 1 << 63 && self.key.verify(&cosigned_message(time, msg), &sig).is_ok()
    }
}

/// The witnesses of `witnesses` (verifier keys) that cosigned `note`, a checkpoint signed with
/// `log_vkey`: refused unless at least `need` did (a policy of k of n).
pub fn cosigned(
    note: &[u8],
    log_vkey: &str,
    witnesses: &[String],
    need: usize,
) -> Result<Vec<String>, TlogError> {
    open_checkpoint(note, log_vkey)?;
    let parsed = Note::from_bytes(note).map_err(|e| TlogError::Note(e.to_string()))?;
    let mut by = Vec::new();
    for w in witnesses {
        let v = CosignatureVerifier::new(w)?;
        let name = v.name().to_string();
        // A note with no valid signature of this witness is "unverified"; one with a bad
        // signature under its name and id is refused outright.
        match parsed.verify(&VerifierList::new(vec![Box::new(v)])) {
            Ok(_) => by.push(name),
            Err(signed_note::NoteError::UnverifiedNote) => {}
            Err(e) => return Err(TlogError::Note(e.to_string())),
        }
    }
    if by.len() < need {
        return Err(TlogError::Note(format!(
            "cosigned by {} of the witnesses given ({}), the policy needs {need}",
            by.len(),
            if by.is_empty() {
                "none".to_string()
            } else {
                by.join(", ")
            }
        )));
    }
    Ok(by)
}

/// A witness's record of one log: the last checkpoint it cosigned.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seen {
    pub size: u64,
    pub root: Hash,
}

/// Why a witness refused a checkpoint, with the HTTP status `tlog-witness` gives it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum Refusal {
    /// 400: the request is not in the form, or its old size is past the checkpoint's.
    #[error("400: {0}")]
    Malformed(String),
    /// 403: no signature of the log's key verifies.
    #[error("403: the checkpoint is not signed by the log's key: {0}")]
    Unsigned(String),
    /// 404: the witness does not know the log.
    #[error("404: this witness does not witness the log {0:?}")]
    UnknownLog(String),
    /// 409: the old size is not the size last cosigned (given), or one size with two roots.
    #[error("409: the last checkpoint cosigned for this log has {size} entries")]
    Stale { size: u64 },
    /// 422: the consistency proof does not verify: the log did not grow by appending.
    #[error("422: the consistency proof from {old} to {new} entries does not verify: {why}")]
    Inconsistent { old: u64, new: u64, why: String },
}

impl Refusal {
    /// The HTTP status.
    pub fn status(&self) -> u16 {
        match self {
            Refusal::Malformed(_) => 400,
            Refusal::Unsigned(_) => 403,
            Refusal::UnknownLog(_) => 404,
            Refusal::Stale { .. } => 409,
            Refusal::Inconsistent { .. } => 422,
        }
    }

    /// Whether the refused checkpoint was validly signed by the log: then it is evidence
    /// (of a log that rewrote or forked), kept.
    pub fn is_evidence(&self) -> bool {
        matches!(self, Refusal::Stale { .. } | Refusal::Inconsistent { .. })
    }
}

/// An `add-checkpoint` request, read: the old size, the proof, the checkpoint note.
#[derive(Debug, Clone, PartialEq)]
pub struct AddCheckpoint {
    pub old: u64,
    pub proof: Vec<Hash>,
    pub note: Vec<u8>,
}

impl AddCheckpoint {
    /// The request body.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = format!("old {}\n", self.old).into_bytes();
        for h in &self.proof {
            out.extend_from_slice(STANDARD.encode(h.0).as_bytes());
            out.push(b'\n');
        }
        out.push(b'\n');
        out.extend_from_slice(&self.note);
        out
    }

    pub fn from_bytes(body: &[u8]) -> Result<AddCheckpoint, Refusal> {
        let bad = |why: &str| Refusal::Malformed(why.to_string());
        let mut lines = Lines::new(body);
        let old = lines
            .line()
            .ok()
            .and_then(|l| decimal_after(l, "old"))
            .ok_or_else(|| bad("the first line is not `old` and a decimal size"))?;
        let proof = lines.hashes(MAX_PROOF).map_err(|e| match e {
            LinesError::Ended => bad("the request ends before its checkpoint"),
            LinesError::TooMany => bad("more than 63 consistency proof lines"),
            LinesError::NotAHash => bad("a proof line is not a base64 SHA-256 hash"),
        })?;
        Ok(AddCheckpoint {
            old,
            proof,
            note: lines.rest().to_vec(),
        })
    }
}

/// The checks of `add-checkpoint` for a log whose verifier key is `log_vkey` (None: the
/// witness does not know the checkpoint's origin) and whose last cosigned checkpoint is
/// `seen`: the checkpoint the witness may now cosign and record, or why not.
pub fn check_add(
    request: &AddCheckpoint,
    log_vkey: Option<&str>,
    seen: Option<Seen>,
) -> Result<Checkpoint, Refusal> {
    let origin = tlog_tiles::checkpoint::Checkpoint::from_bytes(
        Note::from_bytes(&request.note)
            .map_err(|e| Refusal::Malformed(format!("the checkpoint is not a signed note: {e}")))?
            .text(),
    )
    .map_err(|_| Refusal::Malformed("the note is not a checkpoint".into()))?
    .origin()
    .to_string();
    let Some(vkey) = log_vkey else {
        return Err(Refusal::UnknownLog(origin));
    };
    let cp = open_checkpoint(&request.note, vkey).map_err(|e| Refusal::Unsigned(e.to_string()))?;
    if request.old > cp.size {
        return Err(Refusal::Malformed(format!(
            "the old size {} is past the checkpoint's {}",
            request.old, cp.size
        )));
    }
    let have = seen.map_or(0, |s| s.size);
    if request.old != have {
        return Err(Refusal::Stale { size: have });
    }
    match seen {
        None | Some(Seen { size: 0, .. }) => {
            if !request.proof.is_empty() {
                return Err(Refusal::Inconsistent {
                    old: 0,
                    new: cp.size,
                    why: "a proof from size 0 must be empty".into(),
                });
            }
        }
        Some(s) if s.size == cp.size => {
            if s.root != cp.root {
                return Err(Refusal::Stale { size: s.size });
            }
        }
        Some(s) => {
            verify_consistency(&request.proof, s.size, s.root, cp.size, cp.root).map_err(|e| {
                Refusal::Inconsistent {
                    old: s.size,
                    new: cp.size,
                    why: e.to_string(),
                }
            })?
        }
    }
    Ok(cp)
}

/// A witness's records in a folder: for each log it witnesses, the last checkpoint it
/// cosigned (`<origin's hash>.checkpoint`, replaced whole: written, made durable, renamed into
/// place before the cosignature is given), and under `evidence/` every validly signed
/// checkpoint it refused, with the request that brought it.
#[derive(Debug)]
pub struct WitnessState {
    dir: std::path::PathBuf,
    /// Each witnessed origin's log verifier key.
    logs: std::collections::HashMap<String, String>,
    /// Held while one request is checked and recorded: two racing requests never roll the
    /// recorded size back.
    lock: std::sync::Mutex<()>,
}

impl WitnessState {
    /// Opens (or creates) the folder; `logs` are the log verifier keys witnessed.
    pub fn open(dir: &std::path::Path, logs: &[String]) -> Result<WitnessState, TlogError> {
        std::fs::create_dir_all(dir.join("evidence"))?;
        let mut by_origin = std::collections::HashMap::new();
        for vkey in logs {
            let origin = vkey
                .split('+')
                .next()
                .filter(|o| !o.is_empty())
                .ok_or_else(|| TlogError::Key(format!("{vkey:?} is not a verifier key")))?;
            signed_note::StandardVerifier::new(vkey)
                .map_err(|e| TlogError::Key(format!("{vkey:?}: {e}")))?;
            by_origin.insert(origin.to_string(), vkey.clone());
        }
        Ok(WitnessState {
            dir: dir.to_path_buf(),
            logs: by_origin,
            lock: std::sync::Mutex::new(()),
        })
    }

    fn file(&self, origin: &str) -> std::path::PathBuf {
        let name = blake3::hash(origin.as_bytes()).to_hex();
        self.dir
            .join(format!("{}.checkpoint", &name.as_str()[..32]))
    }

    /// The last checkpoint cosigned for `origin`, as stored (None: never).
    pub fn latest(&self, origin: &str) -> Result<Option<Checkpoint>, TlogError> {
        let Some(vkey) = self.logs.get(origin) else {
            return Ok(None);
        };
        match std::fs::read(self.file(origin)) {
            Ok(note) => open_checkpoint(&note, vkey).map(Some),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// `add-checkpoint`: checks the request against the record, records the checkpoint and
    /// gives the cosignature line (signed at `time`, seconds since 1970), or refuses with the
    /// status `tlog-witness` gives. A refused, validly signed checkpoint is kept as evidence.
    pub fn add(&self, body: &[u8], key: &WitnessKey, time: u64) -> Result<Vec<u8>, WitnessError> {
        let request = AddCheckpoint::from_bytes(body)?;
        let origin = Note::from_bytes(&request.note)
            .ok()
            .and_then(|n| {
                tlog_tiles::checkpoint::Checkpoint::from_bytes(n.text())
                    .ok()
                    .map(|c| c.origin().to_string())
            })
            .unwrap_or_default();
        let _held = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        let seen = self.latest(&origin)?.map(|c| Seen {
            size: c.size,
            root: c.root,
        });
        match check_add(&request, self.logs.get(&origin).map(String::as_str), seen) {
            Ok(_) => {
                let line = key.cosign(&request.note, time)?;
                let mut stored = request.note.clone();
                stored.extend_from_slice(&line);
                let path = self.file(&origin);
                let tmp = path.with_extension("tmp");
                {
                    use std::io::Write;
                    let mut f = std::fs::File::create(&tmp)?;
                    f.write_all(&stored)?;
                    f.sync_all()?;
                }
                std::fs::rename(&tmp, &path)?;
                std::fs::File::open(&self.dir)?.sync_all()?;
                Ok(line)
            }
            Err(refusal) => {
                if refusal.is_evidence() {
                    let n = std::fs::read_dir(self.dir.join("evidence"))?.count();
                    let path = self
                        .dir
                        .join("evidence")
                        .join(format!("{n:06}-{}.request", refusal.status()));
                    std::fs::write(path, body)?;
                }
                Err(WitnessError::Refused(refusal))
            }
        }
    }
}

/// Why `add-checkpoint` gave no cosignature.
#[derive(Debug, thiserror::Error)]
pub enum WitnessError {
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The witness's own storage or key failed (500).
    #[error(transparent)]
    Failed(#[from] TlogError),
}

impl From<std::io::Error> for WitnessError {
    fn from(e: std::io::Error) -> WitnessError {
        WitnessError::Failed(TlogError::Io(e))
    }
}

/// The `add-checkpoint` request of `note` (the checkpoint of `tree`'s first `size` leaves) to
/// a witness whose last cosigned size is `old`.
pub fn add_request<S: crate::HashStore>(
    tree: &crate::Tree<S>,
    old: u64,
    size: u64,
    note: &[u8],
) -> Result<AddCheckpoint, TlogError> {
    Ok(AddCheckpoint {
        old,
        proof: if old == 0 {
            Vec::new()
        } else {
            tree.consistency(old, size)?
        },
        note: note.to_vec(),
    })
}

/// `note` with a witness's cosignature `lines` added, once they verify against the witness's
/// key `witness_vkey`; lines of any other name are refused (`tlog-witness` asks clients to keep
/// only the cosignatures of keys they know).
pub fn add_cosignature(
    note: &[u8],
    lines: &[u8],
    witness_vkey: &str,
) -> Result<Vec<u8>, TlogError> {
    let v = CosignatureVerifier::new(witness_vkey)?;
    let prefix = format!("— {} ", v.name());
    let text = std::str::from_utf8(lines)
        .map_err(|_| TlogError::Note("the witness's answer is not text".into()))?;
    if text.is_empty() || !text.ends_with('\n') || text.lines().any(|l| !l.starts_with(&prefix)) {
        return Err(TlogError::Note(format!(
            "the witness's answer is not signature lines of {}",
            v.name()
        )));
    }
    let mut with = note.to_vec();
    with.extend_from_slice(lines);
    Note::from_bytes(&with)
        .map_err(|e| TlogError::Note(e.to_string()))?
        .verify(&VerifierList::new(vec![Box::new(v)]))
        .map_err(|e| TlogError::Note(format!("the witness's cosignature: {e}")))?;
    Ok(with)
}

/// Checkpoints of one log that witnesses cosigned, compared: each pair of one size with two
/// roots is a split view (the log showed the two witnesses two different logs), named with
/// the two witnesses. Both checkpoints carry the log's signature: they are the proof.
pub fn split_views(seen: &[(String, Checkpoint)]) -> Vec<(String, String, crate::Conflict)> {
    let mut forks = Vec::new();
    for (i, (a_name, a)) in seen.iter().enumerate() {
        for (b_name, b) in &seen[i + 1..] {
            if a.origin == b.origin && a.size == b.size && a.root != b.root {
                forks.push((
                    a_name.clone(),
                    b_name.clone(),
                    crate::Conflict::OneSizeTwoRoots {
                        size: a.size,
                        a: a.root,
                        b: b.root,
                    },
                ));
            }
        }
    }
    forks
}

/// Whether `note` carries a valid cosignature of the witness `witness_vkey`.
pub fn carries_cosignature(note: &[u8], witness_vkey: &str) -> bool {
    CosignatureVerifier::new(witness_vkey)
        .ok()
        .zip(Note::from_bytes(note).ok())
        .is_some_and(|(v, n)| n.verify(&VerifierList::new(vec![Box::new(v)])).is_ok())
}
