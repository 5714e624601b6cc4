//! Receipts in the C2SP `tlog-proof@v1` form: written and read back byte for byte, checked
//! offline against the log's key, refused when anything in them was changed, and two receipts
//! of a log that lied prove it.

use floorbook_tlog::{
    Conflict, Leaf, LogKey, MemoryHashes, Receipt, TlogError, Tree, conflict, receipt::HEADER,
};

fn leaf(chain: &str, seq: u64, event: u8, previous: u8) -> Leaf {
    Leaf {
        chain: chain.into(),
        seq,
        at_ms: 1_767_294_000_000 + seq as i64 * 1_000,
        event: [event; 32],
        previous: [previous; 32],
    }
}

/// A log of `leaves`, signed with `key`: the receipt of leaf `i` at the log's full size.
fn receipts(key: &LogKey, leaves: &[Leaf]) -> Vec<Receipt> {
    let mut tree = Tree::open(MemoryHashes::default()).expect("tree");
    let bytes: Vec<Vec<u8>> = leaves
        .iter()
        .map(|l| l.to_bytes().expect("bytes"))
        .collect();
    for b in &bytes {
        tree.append(b).expect("append");
    }
    let size = tree.size();
    let note = key
        .checkpoint(size, tree.root(size).expect("root"))
        .expect("signed");
    bytes
        .into_iter()
        .enumerate()
        .map(|(i, leaf)| Receipt {
            leaf,
            index: i as u64,
            proof: tree.inclusion(i as u64, size).expect("proof"),
            checkpoint: note.clone(),
        })
        .collect()
}

/// One chain's events, each linked to the one before.
fn chain_of(name: &str, n: u64, salt: u8) -> Vec<Leaf> {
    (1..=n)
        .map(|s| {
            let previous = if s == 1 {
                0
            } else {
                salt.wrapping_add(s as u8 - 1)
            };
            leaf(name, s, salt.wrapping_add(s as u8), previous)
        })
        .collect()
}

fn key() -> LogKey {
    LogKey::from_seed("club.example/floorbook", &[7; 32]).expect("key")
}

#[test]
fn every_receipt_of_a_log_verifies_and_reads_back_byte_for_byte() {
    let key = key();
    let leaves = chain_of("friday", 13, 10);
    for (i, r) in receipts(&key, &leaves).iter().enumerate() {
        let text = r.to_bytes();
        assert!(text.starts_with(format!("{HEADER}\nextra ").as_bytes()));
        let back = Receipt::from_bytes(&text).expect("reads");
        assert_eq!(&back, r);
        assert_eq!(back.to_bytes(), text);
        let proven = back.verify(key.vkey()).expect("verifies");
        assert_eq!(proven.leaf, leaves[i]);
        assert_eq!(proven.index, i as u64);
        assert_eq!(proven.checkpoint.size, 13);
        assert_eq!(proven.checkpoint.origin, "club.example/floorbook");
        assert!(text.len() < 2_048, "fits a QR code: {} bytes", text.len());
    }
}

#[test]
fn a_receipt_with_anything_changed_is_refused() {
    let key = key();
    let r = receipts(&key, &chain_of("friday", 9, 10)).remove(4);
    // Another event's hash in the leaf.
    let mut forged = r.clone();
    let at = forged.leaf.len() - 40;
    forged.leaf[at] ^= 1;
    assert!(matches!(
        forged.verify(key.vkey()),
        Err(TlogError::Proof(_))
    ));
    // Another index.
    let mut moved = r.clone();
    moved.index = 5;
    assert!(matches!(moved.verify(key.vkey()), Err(TlogError::Proof(_))));
    // A hash of the proof changed, or one left out.
    let mut bent = r.clone();
    bent.proof[0].0[0] ^= 1;
    assert!(bent.verify(key.vkey()).is_err());
    let mut short = r.clone();
    short.proof.pop();
    assert!(short.verify(key.vkey()).is_err());
    // The checkpoint's size changed: its signature no longer holds.
    let mut resized = r.clone();
    let text = String::from_utf8(resized.checkpoint.clone()).expect("utf-8");
    resized.checkpoint = text.replacen("\n9\n", "\n10\n", 1).into_bytes();
    assert!(matches!(
        resized.verify(key.vkey()),
        Err(TlogError::Note(_))
    ));
    // Another log's key.
    let other = LogKey::from_seed("club.example/floorbook", &[8; 32]).expect("key");
    assert!(r.verify(other.vkey()).is_err());
    // The same receipt checks.
    r.verify(key.vkey()).expect("the original verifies");
}

#[test]
fn a_receipt_that_is_not_in_the_form_is_refused_with_what_is_wrong() {
    let key = key();
    let good =
        String::from_utf8(receipts(&key, &chain_of("friday", 3, 1))[1].to_bytes()).expect("utf-8");
    let cases = [
        (
            good.replacen(HEADER, "c2sp.org/tlog-proof@v2", 1),
            "first line",
        ),
        (
            good.lines()
                .filter(|l| !l.starts_with("extra "))
                .map(|l| format!("{l}\n"))
                .collect(),
            "no leaf",
        ),
        (
            good.replacen("\nindex 1\n", "\nindex 01\n", 1),
            "index line",
        ),
        (
            good.replacen("\nindex 1\n", "\nindex -1\n", 1),
            "index line",
        ),
        (
            good.replacen("\nindex 1\n", "\nindex 1\nnot-base64!\n", 1),
            "proof",
        ),
        (good.replacen("extra ", "extra %%", 1), "base64"),
        (format!("{HEADER}\nextra AAAA\nindex 0\n"), "ends before"),
        (
            good.split("\n\n").next().expect("head").to_string() + "\n\n",
            "no checkpoint",
        ),
    ];
    for (text, says) in cases {
        match Receipt::from_bytes(text.as_bytes()) {
            Err(TlogError::Receipt(why)) => assert!(why.contains(says), "{why} / {says}"),
            other => panic!("{says}: {other:?}"),
        }
    }
    let hash = format!("{}\n", "A".repeat(43) + "=");
    let long = good.replacen("\nindex 1\n", &format!("\nindex 1\n{}", hash.repeat(65)), 1);
    assert!(
        matches!(Receipt::from_bytes(long.as_bytes()), Err(TlogError::Receipt(w)) if w.contains("more than 64"))
    );
}

#[test]
fn two_receipts_of_one_honest_log_show_no_conflict() {
    let key = key();
    let mut leaves = chain_of("friday", 6, 10);
    leaves.extend(chain_of("saturday", 4, 100));
    let all = receipts(&key, &leaves);
    for a in &all {
        for b in &all {
            assert_eq!(conflict(a, b, key.vkey()).expect("both verify"), None);
        }
    }
    // An earlier checkpoint of the same log, and a later one.
    let early = receipts(&key, &leaves[..3]);
    assert_eq!(
        conflict(&early[2], &all[2], key.vkey()).expect("verify"),
        None
    );
    assert_eq!(
        conflict(&early[1], &all[2], key.vkey()).expect("verify"),
        None
    );
}

#[test]
fn a_rewritten_chain_is_proved_by_the_receipts_the_log_signed() {
    let key = key();
    let honest = receipts(&key, &chain_of("friday", 8, 10));
    // The operator deletes the chain and the log, writes another chain under the same name,
    // and signs its log with the same key.
    let mut rewritten_leaves = chain_of("friday", 8, 10);
    for l in &mut rewritten_leaves[4..] {
        l.event[0] ^= 0xff;
    }
    for s in 5..8 {
        rewritten_leaves[s].previous = rewritten_leaves[s - 1].event;
    }
    let rewritten = receipts(&key, &rewritten_leaves);
    // The same index, two leaves.
    match conflict(&honest[5], &rewritten[5], key.vkey()).expect("both verify") {
        Some(Conflict::OneIndexTwoLeaves { index: 5, a, b }) => {
            assert_eq!((a.seq, b.seq), (6, 6));
            assert_ne!(a.event, b.event);
        }
        other => panic!("{other:?}"),
    }
    // One size, two roots, whatever leaves the receipts are of.
    match conflict(&honest[0], &rewritten[1], key.vkey()).expect("both verify") {
        Some(c @ Conflict::OneSizeTwoRoots { size: 8, .. }) => {
            assert!(c.to_string().contains("two different trees of 8 entries"));
        }
        other => panic!("{other:?}"),
    }
    // The rewritten log grew longer: one event, two hashes, at other places.
    let mut longer = vec![leaf("other", 1, 1, 0)];
    longer.extend(rewritten_leaves.clone());
    let longer = receipts(&key, &longer);
    match conflict(&honest[4], &longer[5], key.vkey()).expect("both verify") {
        Some(c @ Conflict::OneEventTwoHashes { .. }) => {
            assert!(c.to_string().contains("chain friday event 5 twice"), "{c}");
        }
        other => panic!("{other:?}"),
    }
    // The event after one the player holds does not follow it.
    match conflict(&honest[4], &longer[6], key.vkey()).expect("both verify") {
        Some(Conflict::Unlinked { a, b }) => assert_eq!((a.seq, b.seq), (5, 6)),
        other => panic!("{other:?}"),
    }
    // Receipts that do not verify prove nothing.
    let other = LogKey::from_seed("club.example/floorbook", &[9; 32]).expect("key");
    let foreign = receipts(&other, &rewritten_leaves);
    assert!(conflict(&honest[5], &foreign[5], key.vkey()).is_err());
}
