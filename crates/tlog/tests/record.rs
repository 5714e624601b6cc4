//! The log's record: batches read back exactly (anything else refused); a copy takes a batch
//! only where it follows and only when its leaves lead to the root it says; a copy that
//! crashed after taking a batch but before counting it counts it once; a batch is prepared
//! without touching the copy.

use floorbook_tlog::{Batch, Hash, Leaf, TlogError, VenueLog};

fn leaf(chain: &str, seq: u64, previous: [u8; 32]) -> Leaf {
    Leaf {
        chain: chain.into(),
        seq,
        at_ms: seq as i64,
        event: *blake3::hash(format!("{chain}/{seq}").as_bytes()).as_bytes(),
        previous,
    }
}

/// `n` events of `chain` from `from` on, linked.
fn run(chain: &str, from: u64, n: u64) -> Vec<Leaf> {
    let mut prev = if from == 1 {
        [0; 32]
    } else {
        leaf(chain, from - 1, [0; 32]).event
    };
    (from..from + n)
        .map(|s| {
            let l = leaf(chain, s, prev);
            prev = l.event;
            l
        })
        .collect()
}

#[test]
fn a_batch_reads_back_and_anything_else_is_refused() {
    let dir = tempfile::tempdir().expect("dir");
    let mut log = VenueLog::open(dir.path()).expect("log");
    let batch = log.prepare(&run("a", 1, 3)).expect("prepared");
    let bytes = batch.to_bytes();
    assert_eq!(Batch::from_bytes(&bytes).expect("reads"), batch);
    assert_eq!((batch.after, batch.leaves.len()), (0, 3));
    let mut cut = bytes.clone();
    cut.pop();
    let mut count = bytes.clone();
    count[15] = 4; // says four leaves
    let mut magic = bytes.clone();
    magic[0] = b'X';
    let mut none = bytes[..48].to_vec();
    none[12..16].copy_from_slice(&0u32.to_be_bytes());
    for bad in [cut, count, magic, none, Vec::new()] {
        assert!(
            matches!(
                Batch::from_bytes(&bad),
                Err(TlogError::Record(_) | TlogError::Leaf { .. })
            ),
            "{bad:?}"
        );
    }
    assert_eq!(log.len(), 0, "preparing took nothing");
}

#[test]
fn a_copy_takes_a_batch_only_where_it_follows_and_as_its_root_says() {
    let dir = tempfile::tempdir().expect("dir");
    let mut writer = VenueLog::open(&dir.path().join("w")).expect("log");
    let first = writer.prepare(&run("a", 1, 5)).expect("first");
    writer.take(&first).expect("taken");
    let second = writer
        .prepare(&[run("b", 1, 2), run("a", 6, 2)].concat())
        .expect("second");
    writer.take(&second).expect("taken");
    assert_eq!((writer.len(), writer.record()), (9, 2));

    let mut copy = VenueLog::open(&dir.path().join("c")).expect("copy");
    assert!(
        matches!(copy.take(&second), Err(TlogError::Record(_))),
        "batch 2 does not follow an empty copy"
    );
    let mut lying = first.clone();
    lying.root = Hash([9; 32]);
    assert!(matches!(copy.take(&lying), Err(TlogError::Record(_))));
    drop(copy);
    // The lying batch's leaves were taken before its root was found out: the copy is not to be
    // trusted and is opened fresh (the record rebuilds it).
    std::fs::remove_dir_all(dir.path().join("c")).expect("dropped");
    let mut copy = VenueLog::open(&dir.path().join("c")).expect("copy");
    copy.take(&first).expect("first");
    copy.take(&second).expect("second");
    assert_eq!(
        copy.tree().root(9).expect("root"),
        writer.tree().root(9).expect("root")
    );
    // Counted, and read back so after a reopen.
    drop(copy);
    let copy = VenueLog::open(&dir.path().join("c")).expect("reopened");
    assert_eq!((copy.len(), copy.record()), (9, 2));
    // One keeper a folder: a second open while the first holds it is refused.
    assert!(
        matches!(
            VenueLog::open(&dir.path().join("c")),
            Err(TlogError::Busy { .. })
        ),
        "the folder is held"
    );
    drop(copy);
    // A crash after the leaves were taken but before the batch was counted: the batch comes
    // again and is counted once, the leaves not taken twice.
    std::fs::write(dir.path().join("c").join("record"), "1\n").expect("count cut back");
    let mut again = VenueLog::open(&dir.path().join("c")).expect("reopened");
    assert_eq!(again.record(), 1);
    again.take(&second).expect("counted once");
    assert_eq!((again.len(), again.record()), (9, 2));
    drop(again);
    let copy = VenueLog::open(&dir.path().join("c")).expect("reopened");
    assert_eq!(copy.record(), 2);
    drop(copy);
    // The count is a hint: one a crash left unreadable counts every batch again, once.
    std::fs::write(dir.path().join("c").join("record"), "\0\0").expect("torn hint");
    let mut again = VenueLog::open(&dir.path().join("c")).expect("reopened");
    assert_eq!(again.record(), 0);
    again.take(&first).expect("counted");
    again.take(&second).expect("counted");
    assert_eq!((again.len(), again.record()), (9, 2));
}

#[test]
fn a_batch_of_events_out_of_order_is_not_prepared() {
    let dir = tempfile::tempdir().expect("dir");
    let mut log = VenueLog::open(dir.path()).expect("log");
    let mut gap = run("a", 1, 3);
    gap.remove(1);
    let mut unlinked = run("a", 1, 3);
    unlinked[2].previous = [5; 32];
    for bad in [gap, unlinked, run("a", 2, 2)] {
        assert!(log.prepare(&bad).is_err(), "{bad:?}");
    }
    assert_eq!(log.len(), 0);
}
