//! Against the specifications, not only ourselves: transparency-dev/merkle's inclusion and
//! consistency vectors (`tests/vectors/merkle.json`, with the commit they come from), the RFC
//! 6962 roots of the trees of sizes 0 to 8 over its test leaves, Go's `sumdb/note` signing
//! vector and the C2SP signed-note and checkpoint examples, byte for byte.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use floorbook_tlog::{
    Hash, LogKey, MemoryHashes, Tree, leaf_hash, open_checkpoint, verify_consistency,
    verify_inclusion, verify_note,
};
use serde_json::Value;

fn vectors() -> Value {
    serde_json::from_str(include_str!("vectors/merkle.json")).expect("the vectors read")
}

/// A vector's hash: None when it is not 32 bytes of base64 (the vector then wants an error).
fn hash(v: &Value) -> Option<Hash> {
    let b = STANDARD.decode(v.as_str()?).ok()?;
    Some(Hash(<[u8; 32]>::try_from(b.as_slice()).ok()?))
}

fn proof(v: &Value) -> Option<Vec<Hash>> {
    match v {
        Value::Null => Some(Vec::new()),
        Value::Array(items) => items.iter().map(hash).collect(),
        _ => None,
    }
}

fn size(v: &Value) -> Option<u64> {
    v.as_u64()
}

#[test]
fn the_merkle_inclusion_vectors_verify_or_fail_as_they_say() {
    let all = vectors();
    let list = all["inclusion"].as_array().expect("inclusion vectors");
    assert!(list.len() > 90, "{} vectors", list.len());
    for v in list {
        let verdict = (|| {
            let (index, size) = (size(&v["leafIdx"])?, size(&v["treeSize"])?);
            let (root, leaf, proof) = (
                hash(&v["root"])?,
                hash(&v["leafHash"])?,
                proof(&v["proof"])?,
            );
            Some(verify_inclusion(&proof, index, size, root, leaf).is_ok())
        })();
        let want_err = v["wantErr"].as_bool().expect("wantErr");
        assert_eq!(
            verdict.unwrap_or(false),
            !want_err,
            "{}: {}",
            v["file"],
            v["desc"]
        );
    }
}

#[test]
fn the_merkle_consistency_vectors_verify_or_fail_as_they_say() {
    let all = vectors();
    let list = all["consistency"].as_array().expect("consistency vectors");
    assert!(list.len() > 90, "{} vectors", list.len());
    for v in list {
        let verdict = (|| {
            let (old, new) = (size(&v["size1"])?, size(&v["size2"])?);
            let proof = proof(&v["proof"])?;
            match (hash(&v["root1"]), hash(&v["root2"])) {
                (Some(old_root), Some(new_root)) => {
                    Some(verify_consistency(&proof, old, old_root, new, new_root).is_ok())
                }
                // A root that is not 32 bytes is no tree's: two checkpoints of one size agree
                // only when their roots are the same bytes and no proof is given (never at size 0).
                _ => Some(old != 0 && old == new && proof.is_empty() && v["root1"] == v["root2"]),
            }
        })();
        let want_err = v["wantErr"].as_bool().expect("wantErr");
        assert_eq!(
            verdict.unwrap_or(false),
            !want_err,
            "{}: {}",
            v["file"],
            v["desc"]
        );
    }
}

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex"))
        .collect()
}

/// RFC 6962's test leaves and the roots of the trees of their first 0 to 8 (transparency-dev
/// merkle, `testonly/constants.go`).
const LEAVES: [&str; 8] = [
    "",
    "00",
    "10",
    "2021",
    "3031",
    "40414243",
    "5051525354555657",
    "606162636465666768696a6b6c6d6e6f",
];
const ROOTS: [&str; 9] = [
    "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
];

#[test]
fn the_roots_of_sizes_0_to_8_are_rfc_6962s_and_every_proof_between_them_verifies() {
    let mut tree = Tree::open(MemoryHashes::default()).expect("empty");
    assert_eq!(tree.root(0).expect("root").0.to_vec(), hex(ROOTS[0]));
    for leaf in LEAVES {
        tree.append(&hex(leaf)).expect("appended");
        let n = tree.size();
        assert_eq!(
            tree.root(n).expect("root").0.to_vec(),
            hex(ROOTS[n as usize]),
            "size {n}"
        );
    }
    for size in 1..=8u64 {
        let root = tree.root(size).expect("root");
        for index in 0..size {
            let p = tree.inclusion(index, size).expect("proof");
            let leaf = leaf_hash(&hex(LEAVES[index as usize]));
            verify_inclusion(&p, index, size, root, leaf).expect("verifies");
            let wrong = leaf_hash(b"not this leaf");
            assert!(verify_inclusion(&p, index, size, root, wrong).is_err());
        }
        for old in 1..=size {
            let p = tree.consistency(old, size).expect("proof");
            let old_root = tree.root(old).expect("root");
            verify_consistency(&p, old, old_root, size, root).expect("consistent");
            if old < size {
                assert!(
                    verify_consistency(&p, old, root, size, root).is_err(),
                    "a wrong old root is caught ({old} to {size})"
                );
            }
        }
    }
    assert!(tree.root(9).is_err(), "past the end");
    assert!(tree.inclusion(8, 8).is_err());
    assert!(tree.consistency(0, 8).is_err(), "from the empty tree");
    assert!(tree.consistency(5, 4).is_err(), "backwards");
}

#[test]
fn gos_note_signing_vector_is_reproduced_byte_for_byte() {
    // golang.org/x/mod/sumdb/note, note_test.go: TestSign.
    let skey = "PRIVATE+KEY+PeterNeumann+c74f20a3+AYEKFALVFGyNhPJEMzD1QIDr+Y7hfZx09iUvxdXHKDFz";
    let raw = STANDARD
        .decode(skey.splitn(5, '+').nth(4).expect("key"))
        .expect("base64");
    assert_eq!(raw[0], 1, "Ed25519");
    let seed: [u8; 32] = raw[1..].try_into().expect("32 bytes");
    let key = LogKey::from_seed("PeterNeumann", &seed).expect("key");
    assert_eq!(
        key.vkey(),
        "PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW"
    );
    let text = "If you think cryptography is the answer to your problem,\n\
                then you don't know what your problem is.\n";
    let want = "If you think cryptography is the answer to your problem,\n\
                then you don't know what your problem is.\n\
                \n\
                — PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n";
    let signed = key.sign_note(text.as_bytes()).expect("signed");
    assert_eq!(String::from_utf8(signed.clone()).expect("utf-8"), want);
    let (name, back) = verify_note(&signed, key.vkey()).expect("verifies");
    assert_eq!(
        (name.as_str(), back.as_slice()),
        ("PeterNeumann", text.as_bytes())
    );
}

#[test]
fn the_c2sp_signed_note_example_verifies_and_a_changed_byte_does_not() {
    // c2sp.org/signed-note, "Example".
    let vkey = "example.com/foo+530d903a+AekyeRrm56hApGFkyQR4ZCbV54Id2LKaANYcrnKv3U2k";
    let note = "This is an example message.\n\n— example.com/foo Uw2QOkn8srV1yJGh2VYRlL1Tnagv1YEq6TfXppzi2ONncAlTgK7Ztg1ERYNZXsYjOBH3mFXmRKuwHjG1Yu72IneyaQM=\n";
    let (name, text) = verify_note(note.as_bytes(), vkey).expect("verifies");
    assert_eq!(name, "example.com/foo");
    assert_eq!(text, b"This is an example message.\n");
    let changed = note.replacen("example message", "exemplary message", 1);
    assert!(verify_note(changed.as_bytes(), vkey).is_err());
}

#[test]
fn a_checkpoint_is_signed_opened_and_held_to_its_key_and_origin() {
    let key = LogKey::from_seed("club.example/floorbook", &[7u8; 32]).expect("key");
    let mut tree = Tree::open(MemoryHashes::default()).expect("empty");
    for i in 0..5u8 {
        tree.append(&[i]).expect("appended");
    }
    let root = tree.root(5).expect("root");
    let note = key.checkpoint(5, root).expect("signed");
    let text = String::from_utf8(note.clone()).expect("utf-8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "club.example/floorbook");
    assert_eq!(lines[1], "5");
    assert_eq!(lines[2], STANDARD.encode(root.0));
    assert_eq!(lines[3], "");
    assert!(lines[4].starts_with("— club.example/floorbook "), "{text}");
    let c = open_checkpoint(&note, key.vkey()).expect("opens");
    assert_eq!(
        (c.origin.as_str(), c.size, c.root),
        ("club.example/floorbook", 5, root)
    );
    // Another key of the same name, a changed size: refused.
    let other = LogKey::from_seed("club.example/floorbook", &[8u8; 32]).expect("key");
    assert!(open_checkpoint(&note, other.vkey()).is_err());
    let changed = text.replacen("\n5\n", "\n6\n", 1);
    assert!(open_checkpoint(changed.as_bytes(), key.vkey()).is_err());
    // A note signed by the key that is not a checkpoint of its origin: refused.
    let foreign = key
        .sign_note(b"other.example/log\n5\nAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=\n")
        .expect("signed");
    assert!(open_checkpoint(&foreign, key.vkey()).is_err());
    // The C2SP checkpoint example reads as a checkpoint (its key is not published).
    let example =
        "example.com/behind-the-sofa\n20852163\nCsUYapGGPo4dkMgIAUqom/Xajj7h2fB2MPA3j2jxq2I=\n";
    let body =
        tlog_tiles_body(example.as_bytes()).expect("the specification's example is a checkpoint");
    assert_eq!(
        body,
        ("example.com/behind-the-sofa".to_string(), 20_852_163)
    );
    assert!(LogKey::from_seed("has space", &[1u8; 32]).is_err());
}

/// The origin and size of a checkpoint's text, read the way `open_checkpoint` reads it.
fn tlog_tiles_body(text: &[u8]) -> Option<(String, u64)> {
    let key = LogKey::from_seed("example.com/behind-the-sofa", &[3u8; 32]).ok()?;
    let note = key.sign_note(text).ok()?;
    let c = open_checkpoint(&note, key.vkey()).ok()?;
    Some((c.origin, c.size))
}
