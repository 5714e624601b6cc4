//! A witness (C2SP `tlog-witness`, `tlog-cosignature` v1): it cosigns a log that grows by
//! appending, refuses with the specification's status everything else, keeps the refused but
//! validly signed checkpoints as evidence, and never rolls its record back.

use floorbook_tlog::{
    AddCheckpoint, CosignatureVerifier, LogKey, MemoryHashes, Receipt, Refusal, Tree, WitnessError,
    WitnessKey, WitnessState, cosigned,
};
use sha2::{Digest, Sha256};

fn log_key() -> LogKey {
    LogKey::from_seed("club.example/floorbook", &[7; 32]).expect("key")
}

fn witness() -> WitnessKey {
    WitnessKey::from_seed("league.example/witness", &[3; 32]).expect("key")
}

/// A tree of `n` leaves, each `salt` and its index.
fn tree(n: u64, salt: u8) -> Tree<MemoryHashes> {
    let mut t = Tree::open(MemoryHashes::default()).expect("tree");
    for i in 0..n {
        t.append(&[salt, i as u8]).expect("append");
    }
    t
}

/// The request adding `t`'s checkpoint at `size`, from `old`.
fn request(key: &LogKey, t: &Tree<MemoryHashes>, old: u64, size: u64) -> Vec<u8> {
    AddCheckpoint {
        old,
        proof: if old == 0 {
            Vec::new()
        } else {
            t.consistency(old, size).expect("proof")
        },
        note: key
            .checkpoint(size, t.root(size).expect("root"))
            .expect("signed"),
    }
    .to_bytes()
}

fn refusal(r: Result<Vec<u8>, WitnessError>) -> Refusal {
    match r {
        Err(WitnessError::Refused(r)) => r,
        other => panic!("not refused: {other:?}"),
    }
}

#[test]
fn a_cosignature_is_the_specifications_signature_of_the_checkpoint() {
    let (log, w) = (log_key(), witness());
    let t = tree(5, 1);
    let note = log.checkpoint(5, t.root(5).expect("root")).expect("signed");
    let line = w.cosign(&note, 1_679_315_147).expect("cosigned");
    let line = String::from_utf8(line).expect("utf-8");
    let b64 = line
        .strip_prefix("— league.example/witness ")
        .and_then(|l| l.strip_suffix('\n'))
        .expect("a signature line");
    use base64::Engine;
    let raw = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .expect("base64");
    assert_eq!(raw.len(), 4 + 8 + 64, "key id, time, Ed25519 signature");
    // The key id: SHA-256(name || "\n" || 0x04 || public key)[:4].
    let public = ed25519_dalek::SigningKey::from_bytes(&[3; 32]).verifying_key();
    let mut h = Sha256::new();
    h.update(b"league.example/witness\n\x04");
    h.update(public.as_bytes());
    assert_eq!(raw[..4], h.finalize()[..4]);
    assert_eq!(raw[4..12], 1_679_315_147u64.to_be_bytes());
    // The message: the header, the time, the checkpoint's text.
    let text = &note[..note.len() - (note.len() - find_blank(&note))];
    let mut msg = b"cosignature/v1\ntime 1679315147\n".to_vec();
    msg.extend_from_slice(text);
    let sig = ed25519_dalek::Signature::from_slice(&raw[12..]).expect("signature");
    public.verify_strict(&msg, &sig).expect("signs the message");
    // The vkey reads back, with type 0x04.
    let v = CosignatureVerifier::new(&w.vkey()).expect("vkey");
    assert_eq!(v.name(), "league.example/witness");
    assert!(
        CosignatureVerifier::new(log.vkey()).is_err(),
        "a log key is type 0x01"
    );
}

/// The length of a note's text (up to and with the newline before the blank line).
fn find_blank(note: &[u8]) -> usize {
    note.windows(2)
        .position(|w| w == b"\n\n")
        .expect("blank line")
        + 1
}

#[test]
fn a_log_that_grows_by_appending_is_cosigned_and_its_receipts_carry_it() {
    let dir = tempfile::tempdir().expect("dir");
    let (log, w) = (log_key(), witness());
    let state = WitnessState::open(dir.path(), &[log.vkey().to_string()]).expect("state");
    let t = tree(9, 1);
    let mut last = Vec::new();
    for (old, size) in [(0, 3), (3, 5), (5, 9), (9, 9)] {
        let body = request(&log, &t, old, size);
        let line = state
            .add(&body, &w, 1_800_000_000 + size)
            .expect("cosigned");
        let mut note = AddCheckpoint::from_bytes(&body).expect("reads").note;
        note.extend_from_slice(&line);
        assert_eq!(
            cosigned(&note, log.vkey(), &[w.vkey()], 1).expect("cosigned"),
            ["league.example/witness"]
        );
        last = note;
    }
    let latest = state.latest("club.example/floorbook").expect("read");
    assert_eq!(latest.map(|c| c.size), Some(9));
    // A receipt with the cosigned checkpoint: a policy of one of one holds, two of two not.
    let r = Receipt {
        leaf: Vec::new(),
        index: 0,
        proof: Vec::new(),
        checkpoint: last.clone(),
    };
    let other = WitnessKey::from_seed("club2.example/witness", &[4; 32]).expect("key");
    assert!(cosigned(&r.checkpoint, log.vkey(), &[w.vkey(), other.vkey()], 1).is_ok());
    let e =
        cosigned(&r.checkpoint, log.vkey(), &[w.vkey(), other.vkey()], 2).expect_err("one of two");
    assert!(e.to_string().contains("cosigned by 1"), "{e}");
    // A cosignature line whose signature was changed is refused outright.
    let mut bent = last.clone();
    let at = bent.len() - 6;
    bent[at] = if bent[at] == b'A' { b'B' } else { b'A' };
    assert!(cosigned(&bent, log.vkey(), &[w.vkey()], 1).is_err());
}

#[test]
fn a_rewritten_log_gets_no_cosignature_and_its_checkpoint_is_kept_as_evidence() {
    let dir = tempfile::tempdir().expect("dir");
    let (log, w) = (log_key(), witness());
    let state = WitnessState::open(dir.path(), &[log.vkey().to_string()]).expect("state");
    let honest = tree(9, 1);
    state
        .add(&request(&log, &honest, 0, 9), &w, 1)
        .expect("cosigned");
    // The operator deletes the log and writes another under the same key: its proof from
    // size 9 cannot lead to the witness's root.
    let rewritten = tree(12, 2);
    let r = refusal(state.add(&request(&log, &rewritten, 9, 12), &w, 2));
    assert_eq!(r.status(), 422, "{r}");
    // One size, two roots.
    let r = refusal(state.add(&request(&log, &rewritten, 9, 9), &w, 3));
    assert_eq!(r, Refusal::Stale { size: 9 });
    let evidence = std::fs::read_dir(dir.path().join("evidence"))
        .expect("evidence")
        .count();
    assert_eq!(evidence, 2, "both refused checkpoints are kept");
    // The record did not move; the honest log goes on.
    assert_eq!(
        state
            .latest("club.example/floorbook")
            .expect("read")
            .map(|c| c.size),
        Some(9)
    );
    let grown = tree(14, 1);
    state
        .add(&request(&log, &grown, 9, 14), &w, 4)
        .expect("the honest log goes on");
}

#[test]
fn every_refusal_has_the_specifications_status() {
    let dir = tempfile::tempdir().expect("dir");
    let (log, w) = (log_key(), witness());
    let state = WitnessState::open(dir.path(), &[log.vkey().to_string()]).expect("state");
    let t = tree(9, 1);
    state
        .add(&request(&log, &t, 0, 5), &w, 1)
        .expect("cosigned");
    // A stale old size: 409 with the size.
    let r = refusal(state.add(&request(&log, &t, 3, 9), &w, 2));
    assert_eq!((r.status(), r.clone()), (409, Refusal::Stale { size: 5 }));
    // Old size zero once the witness has a record: 409.
    assert_eq!(
        refusal(state.add(&request(&log, &t, 0, 9), &w, 2)).status(),
        409
    );
    // A proof that must be empty from size 0: 422.
    let fresh = tempfile::tempdir().expect("dir");
    let empty = WitnessState::open(fresh.path(), &[log.vkey().to_string()]).expect("state");
    let mut body = AddCheckpoint::from_bytes(&request(&log, &t, 3, 9)).expect("reads");
    body.old = 0;
    assert_eq!(refusal(empty.add(&body.to_bytes(), &w, 2)).status(), 422);
    // The old size past the checkpoint's: 400.
    let mut past = AddCheckpoint::from_bytes(&request(&log, &t, 5, 9)).expect("reads");
    past.old = 10;
    assert_eq!(refusal(state.add(&past.to_bytes(), &w, 2)).status(), 400);
    // Not in the form: 400.
    for bad in [
        &b"old 05\n\n"[..],
        b"new 5\n\n",
        b"old 5\nnot-a-hash\n\n",
        b"old 5",
    ] {
        assert_eq!(refusal(state.add(bad, &w, 2)).status(), 400);
    }
    // Another log's key: 403; a log the witness does not know: 404.
    let impostor = LogKey::from_seed("club.example/floorbook", &[9; 32]).expect("key");
    assert_eq!(
        refusal(state.add(&request(&impostor, &t, 5, 9), &w, 2)).status(),
        403
    );
    let unknown = LogKey::from_seed("other.example/floorbook", &[7; 32]).expect("key");
    assert_eq!(
        refusal(state.add(&request(&unknown, &t, 0, 9), &w, 2)).status(),
        404
    );
    // None of these moved the record or was kept as evidence but the signed ones.
    assert_eq!(
        state
            .latest("club.example/floorbook")
            .expect("read")
            .map(|c| c.size),
        Some(5)
    );
}

#[test]
fn racing_submissions_never_roll_the_record_back() {
    let dir = tempfile::tempdir().expect("dir");
    let (log, w) = (log_key(), witness());
    let state = WitnessState::open(dir.path(), &[log.vkey().to_string()]).expect("state");
    let t = tree(40, 1);
    state
        .add(&request(&log, &t, 0, 4), &w, 1)
        .expect("cosigned");
    // Many clients race from size 4 to sizes 5..40: exactly one wins, the rest get 409 with
    // the winner's size; the record is the winner's.
    let results: Vec<(u64, Result<Vec<u8>, WitnessError>)> = std::thread::scope(|s| {
        let handles: Vec<_> = (5..40u64)
            .map(|size| {
                let (state, w, log, t) = (&state, &w, &log, &t);
                s.spawn(move || (size, state.add(&request(log, t, 4, size), w, 2)))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("thread"))
            .collect()
    });
    let won: Vec<u64> = results
        .iter()
        .filter(|(_, r)| r.is_ok())
        .map(|(s, _)| *s)
        .collect();
    assert_eq!(won.len(), 1, "{won:?}");
    for (_, r) in results.into_iter().filter(|(_, r)| r.is_err()) {
        assert_eq!(refusal(r), Refusal::Stale { size: won[0] });
    }
    assert_eq!(
        state
            .latest("club.example/floorbook")
            .expect("read")
            .map(|c| c.size),
        Some(won[0])
    );
}
