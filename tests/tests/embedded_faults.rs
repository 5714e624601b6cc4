//! The embedded store under crashes, torn writes and tampering.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use floorbook_e2e::fixtures::{chain, events};
use floorbook_log::{ChainCheckError, EventHash, EventStore, Head, Seq, StoreError, verify_chain};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};

async fn store_with(n: usize) -> (tempfile::TempDir, EmbeddedStore, Head) {
    let dir = tempfile::tempdir().expect("temp dir");
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("open");
    let c = chain("t");
    let mut head = None;
    for i in 0..n {
        let evs = events(&c, head, &format!("e{i}"), 1);
        head = Some(store.append(&c, head, evs).await.expect("append").head);
    }
    (dir, store, head.expect("at least one event"))
}

fn log_path(dir: &tempfile::TempDir) -> std::path::PathBuf {
    dir.path().join("chains").join("t.log")
}

#[tokio::test]
async fn a_torn_tail_is_truncated_on_open_and_never_read() {
    let (dir, store, head) = store_with(5).await;
    drop(store);
    // A frame header promising 100 bytes, then only 10 of them: a write cut short.
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(log_path(&dir))
        .expect("open log");
    f.write_all(&100u32.to_le_bytes()).expect("write");
    f.write_all(&(!100u32).to_le_bytes()).expect("write");
    f.write_all(&[b'{'; 10]).expect("write");
    drop(f);
    let size_before = std::fs::metadata(log_path(&dir)).expect("meta").len();

    let reader = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("read-only");
    let c = chain("t");
    assert_eq!(reader.torn_tail(&c).expect("torn"), 18);
    assert_eq!(reader.head(&c).await.expect("head"), Some(head));
    assert_eq!(
        std::fs::metadata(log_path(&dir)).expect("meta").len(),
        size_before,
        "a reader changes nothing"
    );

    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("reopen");
    assert_eq!(store.head(&c).await.expect("head"), Some(head));
    assert_eq!(
        std::fs::metadata(log_path(&dir)).expect("meta").len(),
        size_before - 18,
        "the writer truncates the torn tail"
    );
    let more = events(&c, Some(head), "after", 2);
    let new_head = store
        .append(&c, Some(head), more)
        .await
        .expect("append")
        .head;
    assert_eq!(new_head.seq, Seq(7));
    let verified = verify_chain(&store, &c, |_, _| {}).await.expect("verifies");
    assert_eq!(verified, Some(new_head));
    // The index the writer rebuilt after truncating fits the file: a reader follows it.
    drop(store);
    let reader = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("read-only");
    assert_eq!(reader.head(&c).await.expect("head"), Some(new_head));
    assert_eq!(reader.torn_tail(&c).expect("torn"), 0);
}

#[tokio::test]
async fn a_zero_filled_tail_is_a_torn_write() {
    let (dir, store, head) = store_with(3).await;
    drop(store);
    let mut f = std::fs::OpenOptions::new()
        .append(true)
        .open(log_path(&dir))
        .expect("open log");
    f.write_all(&[0u8; 4096]).expect("write");
    drop(f);
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("reopen");
    let c = chain("t");
    assert_eq!(store.head(&c).await.expect("head"), Some(head));
    assert_eq!(
        verify_chain(&store, &c, |_, _| {}).await.expect("verifies"),
        Some(head)
    );
}

/// Every single byte of every stored frame, flipped in turn, is found at that frame's sequence:
/// by a reader that reads every frame header, and by one that starts from the writer's offset
/// index (`<chain>.idx`).
#[tokio::test]
async fn every_flipped_byte_is_found_at_its_sequence() {
    let (dir, store, _) = store_with(6).await;
    let c = chain("t");
    // Frame boundaries, from the stored events.
    let stored = store.read(&c, Seq(1), 100).await.expect("read");
    drop(store);
    let original = std::fs::read(log_path(&dir)).expect("read log");
    let index = std::fs::read(index_path(&dir)).expect("the writer keeps an offset index");
    let mut bounds = Vec::new();
    let mut at = 8usize;
    for e in &stored {
        let size = 8 + e.bytes.len() + 32;
        bounds.push((at, at + size, e.seq));
        at += size;
    }
    assert_eq!(at, original.len());
    for with_index in [false, true] {
        let work = tempfile::tempdir().expect("temp dir");
        std::fs::create_dir_all(work.path().join("chains")).expect("dir");
        let target = work.path().join("chains").join("t.log");
        if with_index {
            std::fs::write(work.path().join("chains").join("t.idx"), &index).expect("index");
        }
        for &(start, end, seq) in &bounds {
            for pos in start..end {
                let mut bytes = original.clone();
                bytes[pos] ^= 0x01;
                std::fs::write(&target, &bytes).expect("write");
                let reader = EmbeddedStore::open(work.path(), OpenMode::ReadOnly).expect("open");
                match verify_chain(&reader, &c, |_, _| {}).await {
                    Err(ChainCheckError::Broken(e)) => {
                        assert_eq!(e.seq, seq, "byte {pos} flipped (index {with_index}): {e}")
                    }
                    Err(ChainCheckError::Store(StoreError::Corrupt { seq: at, .. })) => {
                        assert_eq!(at, seq, "byte {pos} flipped (index {with_index})")
                    }
                    other => {
                        panic!("byte {pos} flipped (index {with_index}) went unnoticed: {other:?}")
                    }
                }
            }
        }
    }
}

fn index_path(dir: &tempfile::TempDir) -> std::path::PathBuf {
    dir.path().join("chains").join("t.idx")
}

/// The offset index is a cache beside the log: whatever happens to it, a reader reads the
/// same chain.
#[tokio::test]
async fn a_reader_reads_the_same_chain_whatever_became_of_the_offset_index() {
    let (dir, store, head) = store_with(20).await;
    let c = chain("t");
    let stored = store.read(&c, Seq(1), 100).await.expect("read");
    drop(store);
    let index = std::fs::read(index_path(&dir)).expect("index");
    assert_eq!(
        index.len(),
        8 + 8 * 20,
        "one offset per event after its magic"
    );
    // Another chain's index: same shape, other offsets.
    let (other_dir, other, _) = store_with(25).await;
    drop(other);
    let foreign = std::fs::read(index_path(&other_dir)).expect("other index");
    let mut scrambled = index.clone();
    scrambled.swap(8 + 8 * 3, 8 + 8 * 4);
    // Offsets that rise and each hold a whole frame, but one frame is left out.
    let mut skipping = index.clone();
    skipping.drain(8 + 8 * 5..8 + 8 * 6);
    let reader = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("read-only");
    assert_eq!(reader.head(&c).await.expect("head"), Some(head));
    assert!(
        reader.opened_from_index(&c).expect("open"),
        "the index fits"
    );
    drop(reader);
    let variants: Vec<(&str, Option<Vec<u8>>)> = vec![
        ("missing", None),
        ("empty", Some(Vec::new())),
        ("magic only", Some(index[..8].to_vec())),
        (
            "garbage",
            Some((0..200u32).map(|i| (i * 37 % 251) as u8).collect()),
        ),
        (
            "a partly written last entry",
            Some(index[..index.len() - 3].to_vec()),
        ),
        ("the first ten offsets", Some(index[..8 + 8 * 10].to_vec())),
        ("another chain's", Some(foreign)),
        ("scrambled", Some(scrambled)),
        ("a frame left out", Some(skipping)),
    ];
    for (what, bytes) in variants {
        match &bytes {
            Some(b) => std::fs::write(index_path(&dir), b).expect("write index"),
            None => std::fs::remove_file(index_path(&dir)).expect("remove index"),
        }
        let reader = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("read-only");
        assert_eq!(reader.head(&c).await.expect("head"), Some(head), "{what}");
        let trusted = reader.opened_from_index(&c).expect("open");
        assert_eq!(
            trusted,
            matches!(
                what,
                "the first ten offsets" | "scrambled" | "a partly written last entry"
            ),
            "{what}: trusted {trusted}"
        );
        let events = reader.read(&c, Seq(1), 100).await;
        assert_eq!(events.expect(what), stored, "{what}: the same events");
        if what == "scrambled" {
            assert!(
                !reader.opened_from_index(&c).expect("open"),
                "a misleading index is dropped at the first read it misleads"
            );
        }
        assert_eq!(
            verify_chain(&reader, &c, |_, _| {})
                .await
                .expect("verifies"),
            Some(head),
            "{what}"
        );
    }
    // The writer rebuilds the index on open; a reader then starts from it again.
    let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("writer");
    assert_eq!(store.head(&c).await.expect("head"), Some(head));
    drop(store);
    assert_eq!(std::fs::read(index_path(&dir)).expect("rebuilt"), index);
}

/// A reader beside a live writer follows the chain through the index the writer appends to.
#[tokio::test]
async fn a_reader_beside_the_writer_follows_the_index() {
    let (dir, store, head) = store_with(4).await;
    let c = chain("t");
    let reader = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("read-only");
    assert_eq!(reader.head(&c).await.expect("head"), Some(head));
    let mut head = head;
    for i in 0..3 {
        let evs = events(&c, Some(head), &format!("more{i}"), 3);
        head = store
            .append(&c, Some(head), evs)
            .await
            .expect("append")
            .head;
        assert_eq!(reader.head(&c).await.expect("head"), Some(head));
    }
    let written = store.read(&c, Seq(1), 100).await.expect("read");
    assert_eq!(reader.read(&c, Seq(1), 100).await.expect("read"), written);
    assert_eq!(
        std::fs::read(index_path(&dir)).expect("index").len(),
        8 + 8 * 13
    );
}

#[tokio::test]
async fn only_one_writer_may_open_a_directory() {
    let (dir, _store, _) = store_with(1).await;
    match EmbeddedStore::open(dir.path(), OpenMode::ReadWrite) {
        Err(StoreError::Locked { .. }) => {}
        other => panic!("second writer must be refused, got {other:?}"),
    }
    let reader = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("readers may");
    let c = chain("t");
    assert!(matches!(
        reader.append(&c, None, events(&c, None, "r", 1)).await,
        Err(StoreError::ReadOnly)
    ));
}

/// A lock let go a moment after a writer asks for it is waited for, not refused: a writer
/// that just let go may still hold it for a moment through a child process another thread is
/// starting (a child holds the parent's open files, the lock's among them, until it runs its
/// own program; seen in CI: a page test reopening its data folder while other tests started
/// browsers). Here another holder keeps it 150 ms.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lock_let_go_a_moment_later_is_waited_for() {
    let (dir, store, _) = store_with(1).await;
    drop(store);
    let path = dir.path().join("LOCK");
    let (taken, is_taken) = std::sync::mpsc::channel();
    let holder = std::thread::spawn(move || {
        let file = std::fs::File::open(&path).expect("the lock file");
        file.lock().expect("the lock");
        taken.send(()).expect("said");
        std::thread::sleep(std::time::Duration::from_millis(150));
    });
    is_taken.recv().expect("the lock taken");
    let reopened = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite);
    holder.join().expect("the holder");
    assert!(
        reopened.is_ok(),
        "a lock let go 150 ms later was refused: {:?}",
        reopened.err()
    );
}

/// A writer process killed at an arbitrary moment loses no acknowledged event.
#[test]
fn a_killed_writer_loses_no_acknowledged_event() {
    for kill_after in [1usize, 17, 60] {
        let dir = tempfile::tempdir().expect("temp dir");
        let mut child = Command::new(env!("CARGO_BIN_EXE_append-loop"))
            .arg(dir.path())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start writer");
        let stdout = child.stdout.take().expect("stdout");
        let mut acked: Vec<(u64, String)> = Vec::new();
        for line in BufReader::new(stdout).lines() {
            let line = line.expect("line");
            let mut parts = line.split_whitespace().skip(1);
            let seq: u64 = parts.next().and_then(|s| s.parse().ok()).expect("seq");
            let hash = parts.next().expect("hash").to_string();
            acked.push((seq, hash));
            if acked.len() == kill_after {
                child.kill().expect("kill -9");
                break;
            }
        }
        child.wait().expect("reaped");
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async {
            let store = EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("reopen");
            let c = chain("crash");
            let mut hashes = std::collections::HashMap::new();
            let head = verify_chain(&store, &c, |seq, hash| {
                hashes.insert(seq.0, hash);
            })
            .await
            .expect("the chain verifies after the crash")
            .expect("non-empty");
            for (seq, hash) in &acked {
                assert!(head.seq.0 >= *seq, "acknowledged seq {seq} lost");
                let h = EventHash::from_hex(hash).expect("hash");
                assert_eq!(hashes.get(seq), Some(&h), "seq {seq} changed");
            }
        });
    }
}

/// What happens to a data directory, in the property test below.
#[derive(Debug, Clone)]
enum Op {
    /// The writer appends this many events.
    Append(usize),
    /// The writer process ends and another opens the directory.
    Reopen,
    /// The writer dies in the middle of a write (bytes of a frame that was never
    /// acknowledged), and another opens the directory.
    CrashMidWrite(u8),
    /// Something happens to the offset index: cut at, a byte flipped at, garbage added,
    /// or deleted.
    Cut(usize),
    Flip(usize),
    Garbage(u8),
    Delete,
}

fn op() -> impl proptest::strategy::Strategy<Value = Op> {
    use proptest::prelude::*;
    prop_oneof![
        4 => (1usize..12).prop_map(Op::Append),
        1 => Just(Op::Reopen),
        1 => (1u8..60).prop_map(Op::CrashMidWrite),
        1 => any::<usize>().prop_map(Op::Cut),
        1 => any::<usize>().prop_map(Op::Flip),
        1 => any::<u8>().prop_map(Op::Garbage),
        1 => Just(Op::Delete),
    ]
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
    /// Whatever the writer, crashes and the fate of the offset index, a reader reads exactly
    /// the acknowledged events: the index is a cache that can make a reader faster, never
    /// different. Checked after every step, by a fresh reader and by one that stays open.
    #[test]
    fn the_offset_index_never_changes_what_a_reader_reads(
        ops in proptest::collection::vec(op(), 1..14)
    ) {
        let rt = tokio::runtime::Builder::new_current_thread().build().expect("runtime");
        rt.block_on(async {
            let dir = tempfile::tempdir().expect("temp dir");
            let c = chain("t");
            let index = dir.path().join("chains").join("t.idx");
            let log = dir.path().join("chains").join("t.log");
            let open_writer =
                || EmbeddedStore::open(dir.path(), OpenMode::ReadWrite).expect("writer");
            let mut writer = Some(open_writer());
            let mut acked: Vec<floorbook_log::StoredEvent> = Vec::new();
            let mut head: Option<Head> = None;
            let staying = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("reader");
            for (i, op) in ops.iter().enumerate() {
                match op {
                    Op::Append(n) => {
                        let w = writer.as_ref().expect("a writer");
                        let evs = events(&c, head, &format!("e{i}"), *n);
                        head = Some(w.append(&c, head, evs).await.expect("append").head);
                        acked = w.read(&c, Seq(1), usize::MAX).await.expect("read");
                    }
                    Op::Reopen => {
                        // The old writer lets go of the directory first.
                        drop(writer.take());
                        writer = Some(open_writer());
                    }
                    Op::CrashMidWrite(k) => {
                        drop(writer.take());
                        if log.exists() {
                            let mut f = std::fs::OpenOptions::new()
                                .append(true)
                                .open(&log)
                                .expect("log");
                            f.write_all(&500u32.to_le_bytes()).expect("write");
                            f.write_all(&(!500u32).to_le_bytes()).expect("write");
                            f.write_all(&vec![b'{'; usize::from(*k)]).expect("write");
                        }
                        writer = Some(open_writer());
                    }
                    Op::Cut(at) => {
                        if let Ok(mut b) = std::fs::read(&index) {
                            b.truncate(at % (b.len() + 1));
                            std::fs::write(&index, b).expect("cut");
                        }
                    }
                    Op::Flip(at) => {
                        if let Ok(mut b) = std::fs::read(&index)
                            && !b.is_empty()
                        {
                            let n = b.len();
                            b[at % n] ^= 0x10;
                            std::fs::write(&index, b).expect("flip");
                        }
                    }
                    Op::Garbage(x) => {
                        if index.exists() {
                            let mut f = std::fs::OpenOptions::new()
                                .append(true)
                                .open(&index)
                                .expect("index");
                            f.write_all(&[*x; 11]).expect("garbage");
                        }
                    }
                    Op::Delete => {
                        let _ = std::fs::remove_file(&index);
                    }
                }
                // A fresh reader, and the one that has stayed open, read what was acknowledged.
                let fresh = EmbeddedStore::open(dir.path(), OpenMode::ReadOnly).expect("reader");
                for (who, reader) in [("fresh", &fresh), ("staying", &staying)] {
                    assert_eq!(reader.head(&c).await.expect("head"), head, "{who} after {op:?}");
                    let read = reader.read(&c, Seq(1), usize::MAX).await.expect("read");
                    assert_eq!(read, acked, "{who} after {op:?}");
                    if let Some(h) = head {
                        let mid = Seq(h.seq.0.div_ceil(2));
                        let some = reader.read(&c, mid, 3).await.expect("read");
                        let start = (mid.0 - 1) as usize;
                        let want = &acked[start..(start + 3).min(acked.len())];
                        assert_eq!(some, want, "{who} after {op:?}");
                    }
                }
            }
        });
    }
}
