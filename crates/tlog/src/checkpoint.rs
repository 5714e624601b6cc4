//! Checkpoints: the tree's size and root, signed by the log's key as a C2SP signed note
//! (`tlog-checkpoint` v1, Ed25519), whose origin is the key's name (`<venue>/floorbook`).

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use signed_note::{Note, Signer, StandardSigner, StandardVerifier, VerifierList};
use tlog_tiles::tlog::Hash;

use crate::TlogError;

/// The signed-note signature type of Ed25519.
const ED25519: u8 = 1;

/// The log's signing key, named for the log's origin.
pub struct LogKey {
    signer: StandardSigner,
    name: String,
    vkey: String,
}

impl std::fmt::Debug for LogKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LogKey")
            .field("vkey", &self.vkey)
            .finish_non_exhaustive()
    }
}

impl LogKey {
    /// The key `name` (a schema-less URL, e.g. `club.example/floorbook`) with the Ed25519
    /// private key `seed`.
    pub fn from_seed(name: &str, seed: &[u8; 32]) -> Result<LogKey, TlogError> {
        if !signed_note::is_key_name_valid(name) {
            return Err(TlogError::Key(format!(
                "{name:?} is not a key name (no spaces, no plus, not empty)"
            )));
        }
        let public = ed25519_dalek::SigningKey::from_bytes(seed).verifying_key();
        let vkey = signed_note::new_ed25519_verifier_key(name, &public);
        let typed_public = [&[ED25519][..], public.as_bytes()].concat();
        let id = signed_note::key_id(name, &typed_public);
        let skey = format!(
            "PRIVATE+KEY+{name}+{id:08x}+{}",
            STANDARD.encode([&[ED25519][..], seed].concat())
        );
        let signer = StandardSigner::new(&skey).map_err(|e| TlogError::Key(e.to_string()))?;
        Ok(LogKey {
            signer,
            name: name.to_string(),
            vkey,
        })
    }

    /// The venue's log key: origin `<venue>/floorbook`, its Ed25519 key derived from the
    /// service's secret (blake3's key derivation, its own context), so that one secret kept
    /// beside the data signs the chains' checkpoints and the log's, with keys that never sign
    /// each other's formats.
    pub fn for_venue(venue: &str, service_secret: &[u8; 32]) -> Result<LogKey, TlogError> {
        let seed = blake3::derive_key("floorbook 2026-12-04 transparency log key", service_secret);
        LogKey::from_seed(&format!("{venue}/floorbook"), &seed)
    }

    /// The verifier key in the signed-note form: `name+keyid+base64(type || public key)`.
    pub fn vkey(&self) -> &str {
        &self.vkey
    }

    /// The log's origin (the key's name).
    pub fn origin(&self) -> &str {
        &self.name
    }

    /// `text` as a note signed with this key.
    pub fn sign_note(&self, text: &[u8]) -> Result<Vec<u8>, TlogError> {
        let mut note = Note::new(text, &[]).map_err(|e| TlogError::Note(e.to_string()))?;
        let signer: &dyn Signer = &self.signer;
        note.add_sigs(&[signer])
            .map_err(|e| TlogError::Note(e.to_string()))?;
        Ok(note.to_bytes())
    }

    /// The checkpoint of the tree of `size` leaves with root `root`, signed.
    pub fn checkpoint(&self, size: u64, root: Hash) -> Result<Vec<u8>, TlogError> {
        let body = tlog_tiles::checkpoint::Checkpoint::new(&self.name, size, root, "")
            .map_err(|e| TlogError::Note(e.to_string()))?;
        self.sign_note(&body.to_bytes())
    }
}

/// A checkpoint whose log signature verified.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkpoint {
    pub origin: String,
    pub size: u64,
    pub root: Hash,
    /// The note as signed (with any cosignatures it carries).
    pub note: Vec<u8>,
}

/// Reads a signed checkpoint and checks the log's signature with `vkey`: refused when the
/// note is malformed, unsigned by that key, or not a checkpoint of the key's origin.
pub fn open_checkpoint(note: &[u8], vkey: &str) -> Result<Checkpoint, TlogError> {
    let (origin, text) = verify_note(note, vkey)?;
    let body = tlog_tiles::checkpoint::Checkpoint::from_bytes(&text)
        .map_err(|e| TlogError::Note(e.to_string()))?;
    if body.origin() != origin {
        return Err(TlogError::Note(format!(
            "the checkpoint is of {:?}, the key of {origin:?}",
            body.origin()
        )));
    }
    Ok(Checkpoint {
        origin,
        size: body.size(),
        root: *body.hash(),
        note: note.to_vec(),
    })
}

/// Checks that `note` is signed by the key `vkey` (other signatures, such as witnesses'
/// cosignatures, are kept but not checked here): the key's name and the note's text.
pub fn verify_note(note: &[u8], vkey: &str) -> Result<(String, Vec<u8>), TlogError> {
    let verifier = StandardVerifier::new(vkey).map_err(|e| TlogError::Key(e.to_string()))?;
    let name = signed_note::Verifier::name(&verifier).to_string();
    let parsed = Note::from_bytes(note).map_err(|e| TlogError::Note(e.to_string()))?;
    parsed
        .verify(&VerifierList::new(vec![Box::new(verifier)]))
        .map_err(|e| TlogError::Note(e.to_string()))?;
    Ok((name, parsed.text().to_vec()))
}
