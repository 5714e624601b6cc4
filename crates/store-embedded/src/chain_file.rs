//! One chain's append-only file.

use std::fs::{File, OpenOptions};
use std::io::{Seek, SeekFrom, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use floorbook_log::{
    ChainId, Envelope, EventHash, FRAME_HEADER, FRAME_TRAILER, Frame, Head, MAX_EVENT_BYTES,
    SealedEvent, Seq, StoreError, StoredEvent, decode_frame, encode_frame,
};

pub(crate) const MAGIC: &[u8; 8] = b"FLBKLOG1";
/// The start of a chain's offset index: a cache beside the log, never part of it.
const SIDECAR_MAGIC: &[u8; 8] = b"FLBKIDX1";
/// How much of a chain file one read takes while indexing.
const SCAN_CHUNK: usize = 4 << 20;

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
    /// The writer's index file (`<chain>.idx`), appended after each synced append.
    sidecar: Option<File>,
    /// The offsets up to the last indexed frame came from the index file, unchecked.
    pub from_sidecar: bool,
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
            sidecar: None,
            from_sidecar: false,
        };
        cf.index(writable)?;
        Ok(cf)
    }

    /// The file's length now.
    fn file_len(&self) -> Result<u64, StoreError> {
        self.file
            .metadata()
            .map(|m| m.len())
            .map_err(|e| StoreError::io(format!("reading {}", self.path.display()), e))
    }

    fn index(&mut self, writable: bool) -> Result<(), StoreError> {
        let len = self.file_len()?;
        let mut magic = [0u8; MAGIC.len()];
        let starts_right = self.file.read_exact_at(&mut magic, 0).is_ok() && &magic == MAGIC;
        if !starts_right {
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
        // A reader starts from the offset index the writer keeps, when it fits this file, and
        // reads only the frames after it; the writer reads every frame header once.
        let mut from = MAGIC.len() as u64;
        let mut last_hash = None;
        if !writable && let Some((offsets, end, hash)) = self.trusted_sidecar(len) {
            self.offsets = offsets;
            self.from_sidecar = true;
            from = end;
            last_hash = Some(hash);
        }
        self.scan(from, len, last_hash)?;
        if self.torn_tail > 0 && writable && self.damaged.is_none() {
            self.file
                .set_len(self.end)
                .and_then(|()| self.file.sync_all())
                .map_err(|e| StoreError::io(format!("truncating {}", self.path.display()), e))?;
        }
        if writable {
            self.sidecar = self.write_sidecar();
        }
        Ok(())
    }

    /// Reads the frames from `pos` to `len` in chunks, recording each one's offset; notes a
    /// torn tail or a damaged frame where the frames stop, and sets the end and the head
    /// (`last_hash`: the hash of the frame before `pos`, if any).
    fn scan(
        &mut self,
        pos: u64,
        len: u64,
        mut last_hash: Option<EventHash>,
    ) -> Result<(), StoreError> {
        self.end = self.scan_frames(pos, len, &mut last_hash)?;
        self.head = last_hash.map(|hash| Head {
            seq: Seq(self.offsets.len() as u64),
            hash,
        });
        Ok(())
    }

    /// [`Self::scan`]'s reading; returns where the frames stop.
    fn scan_frames(
        &mut self,
        mut pos: u64,
        len: u64,
        last_hash: &mut Option<EventHash>,
    ) -> Result<u64, StoreError> {
        let mut size = SCAN_CHUNK;
        let mut buf = Vec::new();
        while pos < len {
            let want = usize::try_from(len - pos).map_or(size, |rest| rest.min(size));
            buf.resize(want, 0);
            self.file
                .read_exact_at(&mut buf, pos)
                .map_err(|e| StoreError::io(format!("reading {}", self.path.display()), e))?;
            let to_end = pos + want as u64 >= len;
            let mut at = 0;
            loop {
                match decode_frame(&buf[at..]) {
                    Frame::Whole { hash, size, .. } => {
                        self.offsets.push(pos + at as u64);
                        *last_hash = Some(hash);
                        at += size;
                    }
                    Frame::Incomplete if to_end => {
                        // The end of a write that was never acknowledged (acknowledged frames
                        // are whole and synced).
                        self.torn_tail = len - (pos + at as u64);
                        return Ok(pos + at as u64);
                    }
                    Frame::Incomplete => break,
                    Frame::Damaged(reason) => {
                        let seq = Seq(self.offsets.len() as u64 + 1);
                        self.damaged = Some((seq, reason));
                        return Ok(pos + at as u64);
                    }
                }
            }
            if at == 0 {
                // One frame (or a zero-filled stretch) longer than the chunk: read more at once.
                size = size.saturating_mul(2);
            }
            pos += at as u64;
        }
        Ok(pos)
    }

    fn sidecar_path(&self) -> PathBuf {
        self.path.with_extension("idx")
    }

    /// The offsets of the writer's index file, if they fit this file: they rise, start after
    /// the magic, and the last one holds a whole frame inside the file whose envelope is of
    /// this chain at the sequence the index gives it. Returns them with the
    /// end and hash of that last frame. Anything else (no file, an interrupted write, an index
    /// of another file) and the reader reads the frames itself.
    fn trusted_sidecar(&self, len: u64) -> Option<(Vec<u64>, u64, EventHash)> {
        let data = std::fs::read(self.sidecar_path()).ok()?;
        let body = data.strip_prefix(SIDECAR_MAGIC)?;
        // A partly written last entry (the writer was stopped mid-write) is left out.
        let offsets: Vec<u64> = body
            .chunks_exact(8)
            .map(|b| u64::from_le_bytes(b.try_into().unwrap_or_default()))
            .collect();
        let min_frame = (FRAME_HEADER + 1 + FRAME_TRAILER) as u64;
        let rising = offsets.windows(2).all(|w| {
            w[0].checked_add(min_frame)
                .is_some_and(|least| w[1] >= least)
        });
        let (&first, &last) = (offsets.first()?, offsets.last()?);
        if first != MAGIC.len() as u64 || !rising || last >= len {
            return None;
        }
        let mut header = [0u8; FRAME_HEADER];
        self.file.read_exact_at(&mut header, last).ok()?;
        let n = u32::from_le_bytes(header[..4].try_into().ok()?);
        let frame_len = (FRAME_HEADER + FRAME_TRAILER) as u64 + u64::from(n.min(MAX_EVENT_BYTES));
        if last + frame_len > len {
            return None;
        }
        let mut frame = vec![0u8; usize::try_from(frame_len).ok()?];
        self.file.read_exact_at(&mut frame, last).ok()?;
        // The last frame's own envelope says where it stands: the index counts to it.
        match decode_frame(&frame) {
            Frame::Whole { hash, size, bytes } => {
                let envelope = Envelope::parse(bytes).ok()?;
                (envelope.seq.0 == offsets.len() as u64 && envelope.chain == self.chain)
                    .then_some((offsets, last + size as u64, hash))
            }
            _ => None,
        }
    }

    /// Writes the index file of every frame's offset and keeps it open for appends. It is a
    /// cache: when it cannot be written, readers read the frames themselves.
    fn write_sidecar(&self) -> Option<File> {
        let path = self.sidecar_path();
        let mut data = Vec::with_capacity(SIDECAR_MAGIC.len() + 8 * self.offsets.len());
        data.extend_from_slice(SIDECAR_MAGIC);
        for o in &self.offsets {
            data.extend_from_slice(&o.to_le_bytes());
        }
        let written = OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .open(&path)
            .and_then(|mut f| f.write_all(&data).map(|()| f));
        match written {
            Ok(f) => Some(f),
            Err(_) => {
                let _ = std::fs::remove_file(&path);
                None
            }
        }
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
        // The index file follows the synced frames, never leads them.
        if let Some(sidecar) = self.sidecar.as_mut() {
            let entries: Vec<u8> = offsets.iter().flat_map(|o| o.to_le_bytes()).collect();
            if sidecar.write_all(&entries).is_err() {
                self.sidecar = None;
                let _ = std::fs::remove_file(self.sidecar_path());
            }
        }
        self.offsets.extend(offsets);
        self.end = pos;
        let last = events.last().map(SealedEvent::head);
        self.head = last.or(self.head);
        self.head.ok_or(StoreError::Empty)
    }

    /// Up to `limit` events from `from` on. Where the offset index misled (a frame is not
    /// where it says), every frame header is read again and the read repeated: the index is a
    /// cache, and damage is reported only when the frames themselves show it.
    pub fn read(&mut self, from: Seq, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
        match self.read_indexed(from, limit) {
            Err(StoreError::Corrupt { .. }) if self.from_sidecar => {
                self.from_sidecar = false;
                self.offsets.clear();
                self.torn_tail = 0;
                self.damaged = None;
                let len = self.file_len()?;
                self.scan(MAGIC.len() as u64, len, None)?;
                self.read_indexed(from, limit)
            }
            other => other,
        }
    }

    fn read_indexed(&self, from: Seq, limit: usize) -> Result<Vec<StoredEvent>, StoreError> {
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
        let changed = |seq: Seq| StoreError::Corrupt {
            chain: self.chain.clone(),
            seq,
            reason: "the frame changed since the file was opened".into(),
        };
        let start = self.offsets[first];
        let stop = self.offsets.get(last).copied().unwrap_or(self.end);
        let span = stop
            .checked_sub(start)
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| changed(Seq(first as u64 + 1)))?;
        // One buffer per thread, kept between reads: a page of a long chain is a megabyte or
        // two, and a fresh one each time is fresh memory the kernel must clear, read after read.
        thread_local! {
            static PAGE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
        }
        PAGE.with(|page| {
            let mut data = page.borrow_mut();
            data.clear();
            data.resize(span, 0);
            self.file
                .read_exact_at(&mut data, start)
                .map_err(|e| StoreError::io(format!("reading {}", self.path.display()), e))?;
            let frames = self.frames(&data, first, last, start, stop);
            // An unusually large page is not kept.
            if data.capacity() > 16 << 20 {
                *data = Vec::new();
            }
            frames
        })
    }

    /// The frames `first..last` (indexes into the offsets) of `data`, which holds the file
    /// from `start` to `stop`.
    fn frames(
        &self,
        data: &[u8],
        first: usize,
        last: usize,
        start: u64,
        stop: u64,
    ) -> Result<Vec<StoredEvent>, StoreError> {
        let changed = |seq: Seq| StoreError::Corrupt {
            chain: self.chain.clone(),
            seq,
            reason: "the frame changed since the file was opened".into(),
        };
        let mut out = Vec::with_capacity(last - first);
        let window = &self.offsets[first..last];
        for (i, &off) in window.iter().enumerate() {
            let seq = Seq((first + i + 1) as u64);
            let next = window.get(i + 1).copied().unwrap_or(stop);
            let at = usize::try_from(off - start).map_err(|_| changed(seq))?;
            // Each frame ends where the next begins: no frame is skipped or cut.
            match decode_frame(&data[at..]) {
                Frame::Whole { bytes, hash, size } if off + size as u64 == next => {
                    out.push(StoredEvent::stored(seq, hash, bytes.to_vec()));
                }
                _ => return Err(changed(seq)),
            }
        }
        Ok(out)
    }
}

pub(crate) fn sync_dir(dir: &Path) -> Result<(), StoreError> {
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| StoreError::io(format!("syncing directory {}", dir.display()), e))
}
