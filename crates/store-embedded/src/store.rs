//! `EmbeddedStore`: the `EventStore` over a data directory.

use std::collections::{HashMap, VecDeque};
use std::fs::{self, File, OpenOptions, TryLockError};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use floorbook_log::{
    AppendOutcome, ChainId, Checkpoint, Conflict, EventStore, EventStream, Head, KEPT_ANSWERS,
    SealedEvent, Seq, StoreError, StoredEvent,
};
use tokio::sync::watch;

use crate::chain_file::{ChainFile, sync_dir};

/// How a data directory is opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpenMode {
    /// The one writer: takes the directory's lock, truncates torn tails.
    ReadWrite,
    /// A reader beside a running writer (verify, audit): no lock, changes nothing.
    ReadOnly,
}

/// The embedded event store. Cheap to clone; clones share the open files.
#[derive(Debug, Clone)]
pub struct EmbeddedStore {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    dir: PathBuf,
    mode: OpenMode,
    chains: Mutex<HashMap<ChainId, Arc<Slot>>>,
    /// Where each batch of the transparency log's record begins, as far as read.
    record: Mutex<RecordIndex>,
    _lock: Option<File>,
}

/// The batches of `transparency.record` read so far: each one's offset and length, and where
/// the whole ones end.
#[derive(Debug, Default)]
struct RecordIndex {
    batches: Vec<(u64, u32)>,
    end: u64,
}

#[derive(Debug)]
struct Slot {
    file: Mutex<Option<ChainFile>>,
    appended: watch::Sender<u64>,
}

const READ_BATCH: usize = 1024;

impl EmbeddedStore {
    /// Opens (creating if needed, for `ReadWrite`) the store in `dir`.
    pub fn open(dir: impl AsRef<Path>, mode: OpenMode) -> Result<EmbeddedStore, StoreError> {
        let dir = dir.as_ref().to_path_buf();
        let lock = match mode {
            OpenMode::ReadWrite => {
                for sub in ["chains", "checkpoints", "answers"] {
                    fs::create_dir_all(dir.join(sub)).map_err(|e| {
                        StoreError::io(format!("creating {}", dir.join(sub).display()), e)
                    })?;
                }
                let path = dir.join("LOCK");
                let file = OpenOptions::new()
                    .create(true)
                    .truncate(false)
                    .write(true)
                    .open(&path)
                    .map_err(|e| StoreError::io(format!("opening {}", path.display()), e))?;
                Some(take_lock(file, &path)?)
            }
            OpenMode::ReadOnly => {
                if !dir.join("chains").is_dir() {
                    return Err(StoreError::io(
                        format!("{} holds no Floorbook log", dir.display()),
                        std::io::Error::from(std::io::ErrorKind::NotFound),
                    ));
                }
                None
            }
        };
        Ok(EmbeddedStore {
            inner: Arc::new(Inner {
                dir,
                mode,
                chains: Mutex::new(HashMap::new()),
                record: Mutex::new(RecordIndex::default()),
                _lock: lock,
            }),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.inner.dir
    }

    fn chain_path(&self, chain: &ChainId) -> PathBuf {
        self.inner.dir.join("chains").join(format!("{chain}.log"))
    }

    fn slot(&self, chain: &ChainId) -> Arc<Slot> {
        let mut chains = lock(&self.inner.chains);
        chains
            .entry(chain.clone())
            .or_insert_with(|| {
                Arc::new(Slot {
                    file: Mutex::new(None),
                    appended: watch::channel(0).0,
                })
            })
            .clone()
    }

    /// Runs `f` on the chain's open file (opening it first; `create` makes a missing one).
    fn with_file<T>(
        &self,
        chain: &ChainId,
        create: bool,
        f: impl FnOnce(Option<&mut ChainFile>) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let slot = self.slot(chain);
        let mut guard = lock(&slot.file);
        let writable = self.inner.mode == OpenMode::ReadWrite;
        if guard.is_none() {
            let path = self.chain_path(chain);
            if path.exists() || (create && writable) {
                *guard = Some(ChainFile::open(chain.clone(), path, writable, create)?);
            }
        } else if !writable && !guard.as_ref().is_some_and(ChainFile::is_current) {
            // A reader beside a live writer: pick up what the writer added since.
            let path = self.chain_path(chain);
            *guard = Some(ChainFile::open(chain.clone(), path, false, false)?);
        }
        f(guard.as_mut())
    }

    /// Where a chain's stored frames stop being readable, if they do (a damaged frame header).
    pub fn damage(&self, chain: &ChainId) -> Result<Option<(Seq, String)>, StoreError> {
        self.with_file(chain, false, |f| Ok(f.and_then(|f| f.damaged.clone())))
    }

    /// Whether a reader took the chain's frame offsets from the writer's offset index
    /// (`<chain>.idx`) instead of reading every frame header: the fast open of a long chain.
    pub fn opened_from_index(&self, chain: &ChainId) -> Result<bool, StoreError> {
        self.with_file(chain, false, |f| Ok(f.is_some_and(|f| f.from_sidecar)))
    }

    /// Bytes of an unacknowledged, incomplete write found at the end of the chain's file.
    pub fn torn_tail(&self, chain: &ChainId) -> Result<u64, StoreError> {
        self.with_file(chain, false, |f| Ok(f.map_or(0, |f| f.torn_tail)))
    }

    fn append_blocking(
        &self,
        chain: &ChainId,
        expected: Option<Head>,
        events: &[SealedEvent],
    ) -> Result<AppendOutcome, StoreError> {
        if self.inner.mode == OpenMode::ReadOnly {
            return Err(StoreError::ReadOnly);
        }
        StoreError::check_linked(expected, events)?;
        let head = self.with_file(chain, true, |file| {
            let file = file.ok_or(StoreError::ReadOnly)?;
            let actual = file.head();
            if actual != expected {
                return already_there(file, expected, actual, events);
            }
            file.append(events)
        })?;
        self.slot(chain).appended.send_replace(head.seq.0);
        Ok(AppendOutcome { head })
    }

    /// Appends a signed checkpoint to the chain's checkpoint file and syncs it.
    fn publish_checkpoint_blocking(&self, checkpoint: &Checkpoint) -> Result<(), StoreError> {
        if self.inner.mode == OpenMode::ReadOnly {
            return Err(StoreError::ReadOnly);
        }
        let dir = self.inner.dir.join("checkpoints");
        let path = dir.join(format!("{}.jsonl", checkpoint.chain));
        let existed = path.exists();
        let mut line = serde_json::to_vec(checkpoint)
            .map_err(|e| StoreError::backend("encoding a checkpoint", e))?;
        line.push(b'\n');
        let what = || format!("writing {}", path.display());
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| StoreError::io(what(), e))?;
        file.write_all(&line)
            .and_then(|()| file.sync_data())
            .map_err(|e| StoreError::io(what(), e))?;
        if !existed {
            sync_dir(&dir)?;
        }
        Ok(())
    }

    /// Every checkpoint published for `chain`, oldest first.
    fn checkpoints_blocking(&self, chain: &ChainId) -> Result<Vec<Checkpoint>, StoreError> {
        let path = self
            .inner
            .dir
            .join("checkpoints")
            .join(format!("{chain}.jsonl"));
        let text = match fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(StoreError::io(format!("reading {}", path.display()), e)),
        };
        text.lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                serde_json::from_str(l).map_err(|e| {
                    StoreError::backend(format!("reading a checkpoint in {}", path.display()), e)
                })
            })
            .collect()
    }
}

impl EmbeddedStore {
    /// Appends `answers` to `answers/<chain>.jsonl`, one a line, and syncs it; a file grown
    /// past [`ANSWERS_FILE_BYTES`] is cut to its latest [`KEPT_ANSWERS`] lines (written apart
    /// and renamed into place, so that a crash leaves the old file or the new one).
    fn keep_answers_blocking(
        &self,
        chain: &ChainId,
        answers: &[Vec<u8>],
    ) -> Result<(), StoreError> {
        if self.inner.mode == OpenMode::ReadOnly {
            return Err(StoreError::ReadOnly);
        }
        if answers.is_empty() {
            return Ok(());
        }
        if let Some(bad) = answers
            .iter()
            .position(|a| a.is_empty() || a.contains(&b'\n'))
        {
            return Err(StoreError::backend(
                "keeping an answer",
                std::io::Error::other(format!(
                    "answer {bad} is empty or holds a line break: one answer is one line"
                )),
            ));
        }
        let dir = self.inner.dir.join("answers");
        let path = dir.join(format!("{chain}.jsonl"));
        let existed = path.exists();
        let what = || format!("writing {}", path.display());
        let mut bytes = Vec::new();
        for a in answers {
            bytes.extend_from_slice(a);
            bytes.push(b'\n');
        }
        let mut file = OpenOptions::new()
            .create(true)
            .append(true)
            .open(&path)
            .map_err(|e| StoreError::io(what(), e))?;
        file.write_all(&bytes)
            .and_then(|()| file.sync_data())
            .map_err(|e| StoreError::io(what(), e))?;
        if !existed {
            sync_dir(&dir)?;
        }
        let len = file
            .metadata()
            .map_err(|e| StoreError::io(what(), e))?
            .len();
        if len > ANSWERS_FILE_BYTES {
            let lines = self.answers_blocking(chain)?;
            let keep = &lines[lines.len().saturating_sub(KEPT_ANSWERS)..];
            let tmp = dir.join(format!("{chain}.jsonl.new"));
            let mut out = Vec::new();
            for a in keep {
                out.extend_from_slice(a);
                out.push(b'\n');
            }
            fs::write(&tmp, &out)
                .and_then(|()| File::open(&tmp)?.sync_all())
                .and_then(|()| fs::rename(&tmp, &path))
                .map_err(|e| StoreError::io(what(), e))?;
            sync_dir(&dir)?;
        }
        Ok(())
    }

    /// Every answer kept for `chain`, oldest first.
    fn answers_blocking(&self, chain: &ChainId) -> Result<Vec<Vec<u8>>, StoreError> {
        let path = self
            .inner
            .dir
            .join("answers")
            .join(format!("{chain}.jsonl"));
        match fs::read(&path) {
            // A torn last line (a crash while it was written) was never acknowledged.
            Ok(bytes) => Ok(bytes
                .split_inclusive(|b| *b == b'\n')
                .filter(|l| l.ends_with(b"\n") && l.len() > 1)
                .map(|l| l[..l.len() - 1].to_vec())
                .collect()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(StoreError::io(format!("reading {}", path.display()), e)),
        }
    }
}

/// The record of the venue's transparency log: `transparency.record`, each batch after its
/// length in four bytes, big-endian, appended under a lock of the file itself. The record is
/// the log keepers', not the chains' writer's: a keeper that reads the chains (opened read
/// only beside a running service) appends to it. A torn last batch (a crash while it was
/// written) was never acknowledged: reads stop before it and the next append replaces it.
impl EmbeddedStore {
    fn record_path(&self) -> PathBuf {
        self.inner.dir.join("transparency.record")
    }

    /// The record's index brought up to the file's whole batches (read from where it ended).
    fn record_index(&self) -> Result<MutexGuard<'_, RecordIndex>, StoreError> {
        let path = self.record_path();
        let mut index = lock(&self.inner.record);
        let file = match File::open(&path) {
            Ok(f) => f,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                *index = RecordIndex::default();
                return Ok(index);
            }
            Err(e) => return Err(StoreError::io(format!("reading {}", path.display()), e)),
        };
        let len = file
            .metadata()
            .map_err(|e| StoreError::io(format!("reading {}", path.display()), e))?
            .len();
        if len < index.end {
            // Only a torn batch is ever cut: the whole ones are read again.
            *index = RecordIndex::default();
        }
        let mut tail = vec![0u8; usize::try_from(len - index.end).unwrap_or(0)];
        use std::os::unix::fs::FileExt;
        file.read_exact_at(&mut tail, index.end)
            .map_err(|e| StoreError::io(format!("reading {}", path.display()), e))?;
        let mut at = 0usize;
        while let Some((n, rest)) = tail.get(at..).and_then(|b| b.split_first_chunk::<4>()) {
            let n = u32::from_be_bytes(*n);
            if rest.len() < n as usize {
                break;
            }
            let start = index.end + at as u64 + 4;
            index.batches.push((start, n));
            at += 4 + n as usize;
        }
        index.end += at as u64;
        Ok(index)
    }

    /// Batches `from` (counted from 0) on, up to `limit`.
    fn read_batches(&self, from: u64, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        let index = self.record_index()?;
        let path = self.record_path();
        let from = usize::try_from(from).unwrap_or(usize::MAX);
        let wanted: Vec<(u64, u32)> = index
            .batches
            .iter()
            .skip(from)
            .take(limit)
            .copied()
            .collect();
        drop(index);
        if wanted.is_empty() {
            return Ok(Vec::new());
        }
        let file = File::open(&path)
            .map_err(|e| StoreError::io(format!("reading {}", path.display()), e))?;
        use std::os::unix::fs::FileExt;
        wanted
            .into_iter()
            .map(|(at, n)| {
                let mut b = vec![0u8; n as usize];
                file.read_exact_at(&mut b, at)
                    .map_err(|e| StoreError::io(format!("reading {}", path.display()), e))?;
                Ok(b)
            })
            .collect()
    }

    fn append_log_batch_blocking(&self, after: u64, batch: &[u8]) -> Result<bool, StoreError> {
        let path = self.record_path();
        let what = || format!("writing {}", path.display());
        let len = u32::try_from(batch.len()).map_err(|_| {
            StoreError::io(
                what(),
                std::io::Error::other("a batch of the log's record is at most 4 GiB"),
            )
        })?;
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .read(true)
            .write(true)
            .open(&path)
            .map_err(|e| StoreError::io(what(), e))?;
        // Keepers in other processes append too: the file's own lock orders them.
        file.lock().map_err(|e| StoreError::io(what(), e))?;
        let (held, whole) = {
            let index = self.record_index()?;
            (index.batches.len() as u64, index.end)
        };
        if held != after {
            // A retry of the batch stored at `after + 1` is taken; anything else is late.
            let retried = after < held
                && self
                    .read_batches(after, 1)?
                    .first()
                    .is_some_and(|b| b == batch);
            return Ok(retried);
        }
        let mut bytes = Vec::with_capacity(4 + batch.len());
        bytes.extend_from_slice(&len.to_be_bytes());
        bytes.extend_from_slice(batch);
        use std::os::unix::fs::FileExt;
        file.set_len(whole)
            .and_then(|()| file.write_all_at(&bytes, whole))
            .and_then(|()| file.sync_data())
            .map_err(|e| StoreError::io(what(), e))?;
        if whole == 0 {
            sync_dir(&self.inner.dir)?;
        }
        Ok(true)
    }
}

/// How large a chain's answers file grows before it is cut to its latest answers.
const ANSWERS_FILE_BYTES: u64 = 4 << 20;

/// An append whose expected head is stale succeeds only if it is a retry of events that are
/// already stored exactly (the same role NATS' `Nats-Msg-Id` de-duplication plays).
fn already_there(
    file: &mut ChainFile,
    expected: Option<Head>,
    actual: Option<Head>,
    events: &[SealedEvent],
) -> Result<Head, StoreError> {
    let conflict = || StoreError::Conflict(Conflict { expected, actual });
    let (Some(first), Some(last)) = (events.first(), events.last()) else {
        return Err(conflict());
    };
    if actual.is_none_or(|a| a.seq < last.seq) {
        return Err(conflict());
    }
    let stored = file.read(first.seq, events.len())?;
    let same =
        stored.len() == events.len() && stored.iter().zip(events).all(|(s, e)| s.hash == e.hash);
    if same {
        Ok(last.head())
    } else {
        Err(conflict())
    }
}

/// How long a lock held elsewhere is waited for before the store is refused: a writer that
/// just let go (this process, or one that ended) may still hold it for a moment through a
/// child process being started (a child holds the parent's open files until it runs its own
/// program, and so the lock); a writer at work holds it far longer.
const LOCK_PATIENCE: Duration = Duration::from_millis(250);

/// Takes the writer's lock on `file` (at `path`), waiting at most [`LOCK_PATIENCE`] for it.
fn take_lock(file: File, path: &Path) -> Result<File, StoreError> {
    let until = std::time::Instant::now() + LOCK_PATIENCE;
    loop {
        match file.try_lock() {
            Ok(()) => return Ok(file),
            Err(TryLockError::WouldBlock) if std::time::Instant::now() < until => {
                std::thread::sleep(Duration::from_millis(10));
            }
            Err(TryLockError::WouldBlock) => {
                return Err(StoreError::Locked {
                    what: format!("{} is held by another writer", path.display()),
                });
            }
            Err(TryLockError::Error(e)) => {
                return Err(StoreError::io(format!("locking {}", path.display()), e));
            }
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding the lock cannot leave a file half-indexed: every mutation of a
    // `ChainFile` completes or returns an error before it changes its fields.
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> Result<T, StoreError> + Send + 'static,
) -> Result<T, StoreError> {
    tokio::task::spawn_blocking(f)
        .await
        .map_err(|e| StoreError::backend("a store task failed", e))?
}

impl EventStore for EmbeddedStore {
    async fn append(
        &self,
        chain: &ChainId,
        expected: Option<Head>,
        events: Vec<SealedEvent>,
    ) -> Result<AppendOutcome, StoreError> {
        let store = self.clone();
        let chain = chain.clone();
        blocking(move || store.append_blocking(&chain, expected, &events)).await
    }

    async fn head(&self, chain: &ChainId) -> Result<Option<Head>, StoreError> {
        let store = self.clone();
        let chain = chain.clone();
        blocking(move || store.with_file(&chain, false, |f| Ok(f.and_then(|f| f.head())))).await
    }

    async fn read(
        &self,
        chain: &ChainId,
        from: Seq,
        limit: usize,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let store = self.clone();
        let chain = chain.clone();
        blocking(move || {
            store.with_file(&chain, false, |f| match f {
                Some(f) => f.read(from, limit),
                None => Ok(Vec::new()),
            })
        })
        .await
    }

    async fn chains(&self) -> Result<Vec<ChainId>, StoreError> {
        let dir = self.inner.dir.join("chains");
        blocking(move || {
            let entries = fs::read_dir(&dir)
                .map_err(|e| StoreError::io(format!("listing {}", dir.display()), e))?;
            let mut out = Vec::new();
            for entry in entries {
                let entry =
                    entry.map_err(|e| StoreError::io(format!("listing {}", dir.display()), e))?;
                let name = entry.file_name();
                let Some(name) = name.to_str().and_then(|n| n.strip_suffix(".log")) else {
                    continue;
                };
                if let Ok(id) = ChainId::new(name) {
                    out.push(id);
                }
            }
            out.sort();
            Ok(out)
        })
        .await
    }

    async fn follow(&self, chain: &ChainId, from: Seq) -> Result<EventStream, StoreError> {
        struct State {
            store: EmbeddedStore,
            chain: ChainId,
            next: Seq,
            buffer: VecDeque<StoredEvent>,
            appended: watch::Receiver<u64>,
            failed: bool,
        }
        let state = State {
            store: self.clone(),
            chain: chain.clone(),
            next: Seq(from.0.max(1)),
            buffer: VecDeque::new(),
            appended: self.slot(chain).appended.subscribe(),
            failed: false,
        };
        let stream = futures_util::stream::unfold(state, |mut s| async move {
            if s.failed {
                return None;
            }
            loop {
                if let Some(e) = s.buffer.pop_front() {
                    s.next = e.seq.next();
                    return Some((Ok(e), s));
                }
                s.appended.mark_unchanged();
                match s.store.read(&s.chain, s.next, READ_BATCH).await {
                    Ok(batch) if !batch.is_empty() => s.buffer.extend(batch),
                    Ok(_) => {
                        if s.store.inner.mode == OpenMode::ReadOnly {
                            // Another process writes: look again shortly.
                            tokio::time::sleep(Duration::from_millis(100)).await;
                        } else if s.appended.changed().await.is_err() {
                            return None;
                        }
                    }
                    Err(e) => {
                        s.failed = true;
                        return Some((Err(e), s));
                    }
                }
            }
        });
        Ok(Box::pin(stream))
    }

    async fn publish_checkpoint(&self, checkpoint: &Checkpoint) -> Result<(), StoreError> {
        let store = self.clone();
        let checkpoint = checkpoint.clone();
        blocking(move || store.publish_checkpoint_blocking(&checkpoint)).await
    }

    async fn checkpoints(&self, chain: &ChainId) -> Result<Vec<Checkpoint>, StoreError> {
        let store = self.clone();
        let chain = chain.clone();
        blocking(move || store.checkpoints_blocking(&chain)).await
    }

    async fn keep_answers(&self, chain: &ChainId, answers: Vec<Vec<u8>>) -> Result<(), StoreError> {
        let store = self.clone();
        let chain = chain.clone();
        blocking(move || store.keep_answers_blocking(&chain, &answers)).await
    }

    async fn answers(&self, chain: &ChainId) -> Result<Vec<Vec<u8>>, StoreError> {
        let store = self.clone();
        let chain = chain.clone();
        blocking(move || store.answers_blocking(&chain)).await
    }

    async fn append_log_batch(&self, after: u64, batch: Vec<u8>) -> Result<bool, StoreError> {
        let store = self.clone();
        blocking(move || store.append_log_batch_blocking(after, &batch)).await
    }

    async fn log_batches(&self, after: u64, limit: usize) -> Result<Vec<Vec<u8>>, StoreError> {
        let store = self.clone();
        blocking(move || store.read_batches(after, limit)).await
    }
}
