//! The tree as the venue keeps it: the stored hashes in a file that only grows, read back to
//! the same tree; a torn append refused, never cut off; any past size's root and proofs
//! unchanged by later appends; leaves in their fixed layout.

use std::io::Write;

use floorbook_tlog::{
    FileHashes, Leaf, MemoryHashes, TlogError, Tree, leaf_hash, verify_consistency,
    verify_inclusion,
};
use proptest::prelude::*;

fn leaf(i: u64) -> Vec<u8> {
    Leaf {
        chain: format!("chain-{}", i % 3),
        seq: i,
        at_ms: 1_764_000_000_000 + i as i64,
        event: [i as u8; 32],
        previous: [(i + 1) as u8; 32],
    }
    .to_bytes()
    .expect("a leaf")
}

#[test]
fn the_file_reads_back_to_the_same_tree_and_a_torn_append_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("tlog.hashes");
    let roots: Vec<_> = {
        let mut tree = Tree::open(FileHashes::open(&path).expect("file")).expect("tree");
        for i in 0..100 {
            tree.append(&leaf(i)).expect("appended");
        }
        tree.store_mut().sync().expect("synced");
        (0..=100).map(|n| tree.root(n).expect("root")).collect()
    };
    let tree = Tree::open(FileHashes::open(&path).expect("file")).expect("tree");
    assert_eq!(tree.size(), 100);
    for (n, root) in roots.iter().enumerate() {
        assert_eq!(tree.root(n as u64).expect("root"), *root);
    }
    // Five bytes of a hash written and then the power went: refused, not cut off.
    std::fs::OpenOptions::new()
        .append(true)
        .open(&path)
        .expect("open")
        .write_all(&[1, 2, 3, 4, 5])
        .expect("written");
    assert!(matches!(
        FileHashes::open(&path),
        Err(TlogError::Torn { .. })
    ));
    // A whole hash more than a tree of whole leaves holds (a leaf's subtree hashes missing).
    let other = dir.path().join("other.hashes");
    {
        let mut tree = Tree::open(FileHashes::open(&other).expect("file")).expect("tree");
        for i in 0..3 {
            tree.append(&leaf(i)).expect("appended");
        }
    }
    std::fs::OpenOptions::new()
        .append(true)
        .open(&other)
        .expect("open")
        .write_all(&[9u8; 32])
        .expect("written");
    assert!(matches!(
        Tree::open(FileHashes::open(&other).expect("file")),
        Err(TlogError::Torn { .. })
    ));
}

#[test]
fn a_leaf_reads_back_and_a_wrong_layout_is_refused() {
    let l = Leaf {
        chain: "spring-main".into(),
        seq: 42,
        at_ms: -5,
        event: [3; 32],
        previous: [4; 32],
    };
    let b = l.to_bytes().expect("bytes");
    assert_eq!(&b[..4], b"FBL1");
    assert_eq!(b.len(), 4 + 1 + 11 + 8 + 8 + 64);
    assert_eq!(Leaf::from_bytes(&b).expect("reads"), l);
    assert!(
        Leaf::from_bytes(&b[..b.len() - 1]).is_err(),
        "one byte short"
    );
    let mut longer = b.clone();
    longer.push(0);
    assert!(Leaf::from_bytes(&longer).is_err(), "one byte long");
    assert!(Leaf::from_bytes(b"FBL2").is_err());
    let unnamed = Leaf {
        chain: String::new(),
        ..l.clone()
    };
    assert!(unnamed.to_bytes().is_err());
    let long = Leaf {
        chain: "x".repeat(256),
        ..l
    };
    assert!(long.to_bytes().is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any past size keeps its root as the tree grows, and every inclusion and consistency
    /// proof the tree gives verifies against those roots; a proof for another leaf does not.
    #[test]
    fn past_roots_stand_and_every_proof_verifies(
        n in 1u64..300,
        picks in proptest::collection::vec((any::<u64>(), any::<u64>()), 8),
    ) {
        let mut tree = Tree::open(MemoryHashes::default()).expect("tree");
        let mut roots = vec![tree.root(0).expect("root")];
        for i in 0..n {
            tree.append(&leaf(i)).expect("appended");
            roots.push(tree.root(i + 1).expect("root"));
        }
        for (k, r) in roots.iter().enumerate() {
            prop_assert_eq!(tree.root(k as u64).expect("root"), *r, "the root of size {} stood", k);
        }
        for (a, b) in picks {
            let new = 1 + b % n;
            let old = 1 + a % new;
            let p = tree.consistency(old, new).expect("proof");
            prop_assert!(verify_consistency(&p, old, roots[old as usize], new, roots[new as usize]).is_ok());
            let index = a % new;
            let p = tree.inclusion(index, new).expect("proof");
            prop_assert!(verify_inclusion(&p, index, new, roots[new as usize], leaf_hash(&leaf(index))).is_ok());
            let other = (index + 1) % new;
            if other != index {
                prop_assert!(verify_inclusion(&p, index, new, roots[new as usize], leaf_hash(&leaf(other))).is_err());
            }
        }
    }
}

fn chain_leaf(chain: &str, seq: u64, previous: [u8; 32]) -> Leaf {
    Leaf {
        chain: chain.into(),
        seq,
        at_ms: seq as i64,
        event: [seq as u8; 32],
        previous,
    }
}

/// The venue's folder: a chain's events enter in order, each linked to the one before (a gap,
/// a repeat or a fork is refused); leaves whose hashes were not stored when the power went are
/// hashed again on open; hashes ahead of the leaves are refused.
#[test]
fn the_venue_log_takes_each_chain_in_order_and_recovers_from_a_crash() {
    use floorbook_tlog::VenueLog;
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("tlog");
    let root = {
        let mut log = VenueLog::open(&path).expect("log");
        log.append(&chain_leaf("a", 1, [0; 32])).expect("first");
        log.append(&chain_leaf("b", 1, [0; 32]))
            .expect("another chain");
        log.append(&chain_leaf("a", 2, [1; 32])).expect("linked");
        for bad in [
            chain_leaf("a", 2, [1; 32]),
            chain_leaf("a", 4, [2; 32]),
            chain_leaf("a", 3, [9; 32]),
            chain_leaf("c", 2, [0; 32]),
        ] {
            assert!(log.append(&bad).is_err(), "{bad:?}");
        }
        assert_eq!((log.len(), log.next_seq("a"), log.next_seq("c")), (3, 3, 1));
        // Written, not synced into the tree: the crash comes before the hashes are stored.
        log.tree().root(0).expect("the empty tree")
    };
    let mut log = VenueLog::open(&path).expect("reopened");
    assert_eq!(log.tree().size(), 3, "the leaves were hashed again on open");
    assert_ne!(log.tree().root(3).expect("root"), root);
    assert_eq!(log.find("a", 2), Some(2));
    log.append(&chain_leaf("a", 3, [2; 32])).expect("goes on");
    log.sync().expect("synced");
    drop(log);
    // The leaves file cut back by a whole leaf: the hashes are ahead of it, refused.
    let leaves = path.join("leaves");
    let bytes = std::fs::read(&leaves).expect("leaves");
    let first_len = usize::from(u16::from_be_bytes([bytes[0], bytes[1]])) + 2;
    std::fs::write(&leaves, &bytes[..bytes.len() - first_len]).expect("cut");
    assert!(matches!(VenueLog::open(&path), Err(TlogError::Torn { .. })));
}

/// The stored-hash file keeps its latest hashes in memory and writes in blocks: a tree of
/// 20,000 leaves on file (synced now and then, closed and opened again midway) has the roots
/// and proofs of the same tree in memory, at old sizes too (hashes read back from the file).
#[test]
fn a_tree_on_file_is_the_tree_in_memory() {
    use floorbook_tlog::FileHashes;
    let dir = tempfile::tempdir().expect("dir");
    let path = dir.path().join("hashes");
    let mut memory = Tree::open(MemoryHashes::default()).expect("tree");
    let mut file = Tree::open(FileHashes::open(&path).expect("file")).expect("tree");
    for i in 0..20_000u32 {
        let leaf = i.to_be_bytes();
        memory.append(&leaf).expect("append");
        file.append(&leaf).expect("append");
        if i % 3_001 == 0 {
            file.store_mut().sync().expect("synced");
        }
        if i == 12_345 {
            file.store_mut().sync().expect("synced");
            drop(file);
            file = Tree::open(FileHashes::open(&path).expect("reopened")).expect("tree");
        }
    }
    for size in [1u64, 2, 1_000, 8_193, 12_346, 19_999, 20_000] {
        assert_eq!(
            file.root(size).expect("root"),
            memory.root(size).expect("root"),
            "{size}"
        );
        for index in [0, size / 2, size - 1] {
            assert_eq!(
                file.inclusion(index, size).expect("proof"),
                memory.inclusion(index, size).expect("proof")
            );
        }
    }
    assert_eq!(
        file.consistency(777, 20_000).expect("proof"),
        memory.consistency(777, 20_000).expect("proof")
    );
}
