//! One chain's append-only file.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use floorbook_log::{
    ChainId, Frame, Head, MAX_EVENT_BYTES, SealedEvent, Seq, StoreError, StoredEvent, decode_frame,
    encode_frame,
};

pub(crate) const MAGIC: &[u8; 8] = b"FLBKLOG1";

/// The open file and the position of every frame in it.
#[derive(Debug)]
pub(crate) struct ChainFile {
    pub chain: ChainId,
    path: PathBuf,
    file: File,
    /// Start of the frame of seq i + 1.
    offsets: Vec<u64>,
    end: u64,
    head: Option<Head>,
    /// Bytes of an incomplete tail found on open (and truncated when writable).
    pub torn_tail: u64,
    /// A frame whose header is damaged: nothing after it can be read, nothing may be appended.
    pub damaged: Option<(Seq, String)>,
    /// The file's length and modification time when it was indexed.
    seen: Option<(u64, std::time::SystemTime)>,
}

impl ChainFile {
    /// Whether the file is as it was when indexed (same length, same modification time): a
    /// reader then need not index it again.
    pub fn is_current(&self) -> bool {
        let now = std::fs::metadata(&self.path)
            .ok()
            .and_then(|m| Some((m.len(), m.modified().ok()?)));
        now.is_some() && now == self.seen
    }

    /// Opens (or, when `create`, creates) the file and indexes its frames.
    pub fn open(
        chain: ChainId,
        path: PathBuf,
        writable: bool,
        create: bool,
    ) -> Result<ChainFile, StoreError> {
        let existed = path.exists();
        let mut file = OpenOptions::new()
            .read(true)
            .write(writable)
            .create(create && writable)
            .open(&path)
            .map_err(|e| StoreError::io(format!("opening {}", path.display()), e))?;
        if !existed {
            file.write_all(MAGIC)
                .and_then(|()| file.sync_all())
                .map_err(|e| StoreError::io(format!("creating {}", path.display()), e))?;
            if let Some(dir) = path.parent() {
                sync_dir(dir)?;
            }
        }
        // Taken before indexing: a write during the indexing shows as a change next time.
        let seen = std::fs::metadata(&path)
            .ok()
            .and_then(|m| Some((m.len(), m.modified().ok()?)));
        let mut cf = ChainFile {
            chain,
            path,
            file,
            offsets: Vec::new(),
            end: 0,
            head: None,
            torn_tail: 0,
            damaged: None,
            seen,
        };
        cf.index(writable)?;
        Ok(cf)
    }

    fn index(&mut self, writable: bool) -> Result<(), StoreError> {
        let what = || format!("reading {}", self.path.display());
        let len = self
            .file
            .metadata()
            .map_err(|e| StoreError::io(what(), e))?
            .len();
        let mut data = Vec::with_capacity(len as usize);
        (&self.file)
            .seek(SeekFrom::Start(0))
            .and_then(|_| (&self.file).read_to_end(&mut data))
            .map_err(|e| StoreError::io(what(), e))?;
        if !data.starts_with(MAGIC) {
            return Err(StoreError::Corrupt {
                chain: self.chain.clone(),
                seq: Seq::FIRST,
                reason: format!(
                    "{} does not start with {:?}",
                    self.path.display(),
                    "FLBKLOG1"
                ),
            });
        }
        let mut pos = MAGIC.len() as u64;
        let total = data.len() as u64;
        let mut last_hash = None;
        while pos < total {
            let seq = Seq(self.offsets.len() as u64 + 1);
            match decode_frame(&data[pos as usize..]) {
                Frame::Whole { hash, size, .. } => {
                    self.offsets.push(pos);
                    last_hash = Some(hash);
                    pos += size as u64;
                }
                Frame::Incomplete => {
                    // The end of a write that was never acknowledged (acknowledged frames are
                    // whole and synced).
                    self.torn_tail = total - pos;
                    break;
                }
                Frame::Damaged(reason) => {
                    self.damaged = Some((seq, reason));
                    break;
                }
            }
        }
        self.end = pos;
        self.head = last_hash.map(|hash| Head {
            seq: Seq(self.offsets.len() as u64),
            hash,
        });
        if self.torn_tail > 0 && writable && self.damaged.is_none() {
            self.file
                .set_len(self.end)
                .and_then(|()| self.file.sync_all())
                .map_err(|e| StoreError::io(format!("truncating {}", self.path.display()), e))?;
        }
        Ok(())
    }

    pub fn head(&self) -> Option<Head> {
        self.head
    }

    /// Writes `events` (already checked to continue the head) and syncs.
    pub fn append(&mut self, events: &[SealedEvent]) -> Result<Head, StoreError> {
        if let Some((seq, reason)) = &self.damaged {
            return Err(StoreError::Corrupt {
                chain: self.chain.clone(),
                seq: *seq,
                reason: format!("{reason}; the chain cannot be appended to"),
            });
        }
        let mut buf = Vec::with_capacity(events.iter().map(|e| e.bytes.len() + 40).sum());
        let mut offsets = Vec::with_capacity(events.len());
        for e in events {
            offsets.push(self.end + buf.len() as u64);
            encode_frame(e, &mut buf).ok_or_else(|| StoreError::Corrupt {
                chain: self.chain.clone(),
                seq: e.seq,
                reason: format!(
                    "an event must be 1 to {MAX_EVENT_BYTES} bytes; this one is {}",
                    e.bytes.len()
                ),
            })?;
        }
        let pos = self.end + buf.len() as u64;
        let what = || format!("appending to {}", self.path.display());
        self.file
            .seek(SeekFrom::Start(self.end))
            .and_then(|_| self.file.write_all(&buf))
            .and_then(|()| self.file.sync_data())
            .map_err(|e| StoreError::io(what(), e))?;
        self.offsets.extend(offsets);
        self.end = pos;
        let last = events.last().map(SealedEvent::head);
        self.head = last.or(self.head);
        self.head.ok_or(StoreError::Empty)
    }

    /// Up to `limit` events from `from` on.
    pub fn read(&self, from: Seq, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        let first = from.0.max(1) as usize - 1;
        let last = self.offsets.len().min(first.saturating_add(limit));
        if first >= last {
            // Reading at a damaged frame is an error there, not a quietly shorter chain.
            return match &self.damaged {
                Some((seq, reason)) if limit > 0 && from >= *seq => Err(StoreError::Corrupt {
                    chain: self.chain.clone(),
                    seq: *seq,
                    reason: reason.clone(),
                }),
                _ => Ok(Vec::new()),
            };
        }
        let start = self.offsets[first];
        let stop = self.offsets.get(last).copied().unwrap_or(self.end);
        let mut data = vec![0u8; (stop - start) as usize];
        self.file
            .read_exact_at(&mut data, start)
            .map_err(|e| StoreError::io(format!("reading {}", self.path.display()), e))?;
        let mut out = Vec::with_capacity(last - first);
        for (i, &off) in self.offsets[first..last].iter().enumerate() {
            let seq = Seq((first + i + 1) as u64);
            let Frame::Whole { bytes, hash, .. } = decode_frame(&data[(off - start) as usize..])
            else {
                return Err(StoreError::Corrupt {
                    chain: self.chain.clone(),
                    seq,
                    reason: "the frame changed since the file was opened".into(),
                });
            };
            out.push(StoredEvent {
                seq,
                hash,
                bytes: bytes.to_vec(),
            });
        }
        Ok(out)
    }
}

pub(crate) fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| StoreError::io(format!("syncing directory {}", dir.display()), e))
}
