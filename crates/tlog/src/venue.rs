//! The venue's log in a folder: `leaves` (every leaf's bytes, each after its length in two
//! bytes, big-endian), `hashes` (the tree's stored hashes) and `checkpoint` (the last signed
//! checkpoint). A leaf is made durable before its hashes are stored, so after a crash the
//! hashes are never ahead of the leaves; leaves whose hashes were not stored yet are hashed
//! again on open (an append, never a rewrite).

use std::collections::HashMap;
use std::fs::{self, File, OpenOptions};
use std::io::{Read, Write};
use std::os::unix::fs::FileExt;
use std::path::{Path, PathBuf};

use crate::tiles::TilePath;
use crate::{Batch, FileHashes, Leaf, LogKey, TlogError, Tree};

/// Leaves in an entry bundle.
const BUNDLE: usize = 256;

/// The venue's log, open for appending.
#[derive(Debug)]
pub struct VenueLog {
    dir: PathBuf,
    leaves: File,
    tree: Tree<FileHashes>,
    /// Each chain's next sequence and the hash of its last event in the log.
    chains: HashMap<String, Held>,
    /// Leaves taken and not yet hashed into the tree (until [`VenueLog::sync`]).
    pending: Vec<Vec<u8>>,
    /// Their records, not yet written to `leaves` (written first at [`VenueLog::sync`]).
    unwritten: Vec<u8>,
    count: u64,
    /// Where each 256 leaves begin in `leaves` (an entry bundle's first record).
    bundles: Vec<u64>,
    /// The bytes in `leaves`, and those taken but not yet written.
    written: u64,
    /// The batches of the store's record this copy holds (`record` in the folder).
    record: u64,
    /// Whether anything was appended since the last [`VenueLog::sync`].
    dirty: bool,
    /// The checkpoint kept, as last read and checked (with the key it was checked with).
    kept: std::sync::Mutex<Option<(String, crate::Checkpoint)>>,
    /// The latest checkpoint [`VenueLog::sign`] made.
    signed: Option<crate::Checkpoint>,
    /// The folder's lock, held while the log is open: two keepers writing one folder would
    /// interleave their leaves and hashes.
    _lock: File,
}

/// What the log holds of one chain: its events' leaf indexes (event `seq` at `seq - 1`: a
/// chain's events enter in order, from 1, without gaps) and the hash of its last event.
#[derive(Debug, Default)]
struct Held {
    indexes: Vec<u64>,
    last: [u8; 32],
}

impl Held {
    fn next(&self) -> u64 {
        self.indexes.len() as u64 + 1
    }

    fn take(&mut self, leaf: &Leaf, index: u64) {
        self.indexes.push(index);
        self.last = leaf.event;
    }
}

impl Drop for VenueLog {
    fn drop(&mut self) {
        // Written, not made durable: on open they are hashed into the tree if they are there.
        if !self.unwritten.is_empty() {
            let _ = self.leaves.write_all(&self.unwritten);
        }
    }
}

impl VenueLog {
    /// Opens (or creates) the log in `dir`.
    pub fn open(dir: &Path) -> Result<VenueLog, TlogError> {
        fs::create_dir_all(dir)?;
        let lock = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(dir.join("lock"))?;
        match lock.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => {
                return Err(TlogError::Busy {
                    dir: dir.display().to_string(),
                });
            }
            Err(std::fs::TryLockError::Error(e)) => return Err(e.into()),
        }
        let path = dir.join("leaves");
        let mut leaves = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&path)?;
        let mut bytes = Vec::new();
        leaves.read_to_end(&mut bytes)?;
        let mut all: Vec<Vec<u8>> = Vec::new();
        let mut bundles = Vec::new();
        let mut rest = bytes.as_slice();
        while !rest.is_empty() {
            if all.len().is_multiple_of(BUNDLE) {
                bundles.push((bytes.len() - rest.len()) as u64);
            }
            let Some((len, tail)) = rest.split_first_chunk::<2>() else {
                return Err(TlogError::Torn {
                    count: all.len() as u64,
                });
            };
            let len = usize::from(u16::from_be_bytes(*len));
            if tail.len() < len {
                return Err(TlogError::Torn {
                    count: all.len() as u64,
                });
            }
            all.push(tail[..len].to_vec());
            rest = &tail[len..];
        }
        let mut tree = Tree::open(FileHashes::open(&dir.join("hashes"))?)?;
        if tree.size() > all.len() as u64 {
            return Err(TlogError::Torn { count: tree.size() });
        }
        let mut chains: HashMap<String, Held> = HashMap::new();
        for (i, b) in all.iter().enumerate() {
            let leaf = Leaf::from_bytes(b)?;
            let held = chains.entry(leaf.chain.clone()).or_default();
            if leaf.seq != held.next() || (leaf.seq > 1 && leaf.previous != held.last) {
                return Err(TlogError::Leaf {
                    got: b.len(),
                    why: "the leaves file holds a chain's events out of order",
                });
            }
            held.take(&leaf, i as u64);
            if i as u64 >= tree.size() {
                tree.append(b)?;
            }
        }
        tree.store_mut().sync()?;
        Ok(VenueLog {
            dir: dir.to_path_buf(),
            leaves,
            tree,
            chains,
            pending: Vec::new(),
            unwritten: Vec::new(),
            count: all.len() as u64,
            bundles,
            written: bytes.len() as u64,
            record: read_record(dir)?,
            dirty: false,
            kept: std::sync::Mutex::new(None),
            signed: None,
            _lock: lock,
        })
    }

    /// The sequence the log takes next from `chain` (1 for a chain it has not seen).
    pub fn next_seq(&self, chain: &str) -> u64 {
        self.chains.get(chain).map_or(1, Held::next)
    }

    /// The leaf index of `chain`'s event `seq`, once it is in the log.
    pub fn find(&self, chain: &str, seq: u64) -> Option<u64> {
        let held = self.chains.get(chain)?;
        let i = usize::try_from(seq.checked_sub(1)?).ok()?;
        held.indexes.get(i).copied()
    }

    /// The number of leaves written (hashed into the tree at the next [`VenueLog::sync`]).
    pub fn len(&self) -> u64 {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    pub fn tree(&self) -> &Tree<FileHashes> {
        &self.tree
    }

    /// Writes a chain's next event as a leaf: refused unless it is the event after the last
    /// one the log holds of that chain and links to it (no gap, no repeat, no fork).
    pub fn append(&mut self, leaf: &Leaf) -> Result<u64, TlogError> {
        let (next, last) = self
            .chains
            .get(&leaf.chain)
            .map_or((1, [0u8; 32]), |h| (h.next(), h.last));
        if leaf.seq != next || leaf.previous != last {
            return Err(TlogError::Leaf {
                got: 0,
                why: "a chain's events enter the log in order, each linked to the one before",
            });
        }
        let bytes = leaf.to_bytes()?;
        let len = u16::try_from(bytes.len()).map_err(|_| TlogError::Leaf {
            got: bytes.len(),
            why: "a leaf is at most 65,535 bytes",
        })?;
        if self.count.is_multiple_of(BUNDLE as u64) {
            self.bundles
                .push(self.written + self.unwritten.len() as u64);
        }
        self.unwritten.extend_from_slice(&len.to_be_bytes());
        self.unwritten.extend_from_slice(&bytes);
        if self.unwritten.len() >= 1 << 20 {
            self.write()?;
        }
        let index = self.count;
        match self.chains.get_mut(&leaf.chain) {
            Some(held) => held.take(leaf, index),
            None => {
                let mut held = Held::default();
                held.take(leaf, index);
                self.chains.insert(leaf.chain.clone(), held);
            }
        }
        self.pending.push(bytes);
        self.count += 1;
        self.dirty = true;
        Ok(index)
    }

    /// Makes the leaves durable, then hashes them into the tree and makes that durable.
    pub fn sync(&mut self) -> Result<(), TlogError> {
        if !self.dirty {
            return Ok(());
        }
        self.write()?;
        self.leaves.sync_data()?;
        for b in std::mem::take(&mut self.pending) {
            self.tree.append(&b)?;
        }
        self.tree.store_mut().sync()?;
        self.dirty = false;
        Ok(())
    }

    /// How many batches of the store's record this copy holds.
    pub fn record(&self) -> u64 {
        self.record
    }

    /// The hash of `chain`'s last event in the log (zeros for a chain it has not seen).
    pub fn last_of(&self, chain: &str) -> [u8; 32] {
        self.chains.get(chain).map_or([0; 32], |h| h.last)
    }

    /// The batch that appends `leaves` after the leaves held, with the root it leads to; the
    /// log is left as it is (made durable first). Refused unless each leaf is its chain's next
    /// event, linked to the one before.
    pub fn prepare(&mut self, leaves: &[Leaf]) -> Result<Batch, TlogError> {
        self.sync()?;
        let mut heads: HashMap<&str, (u64, [u8; 32])> = HashMap::new();
        let mut bytes = Vec::with_capacity(leaves.len());
        for leaf in leaves {
            let (next, last) = heads
                .get(leaf.chain.as_str())
                .copied()
                .unwrap_or_else(|| (self.next_seq(&leaf.chain), self.last_of(&leaf.chain)));
            if leaf.seq != next || leaf.previous != last {
                return Err(TlogError::Leaf {
                    got: 0,
                    why: "a chain's events enter the log in order, each linked to the one before",
                });
            }
            heads.insert(leaf.chain.as_str(), (next + 1, leaf.event));
            bytes.push(leaf.to_bytes()?);
        }
        let root = crate::record::root_after(&self.tree, &bytes)?;
        Ok(Batch {
            after: self.count,
            leaves: bytes,
            root,
        })
    }

    /// Takes the record's next batch: its leaves appended and made durable, the tree's root
    /// then held to the batch's. A batch this copy holds already (it took it before a crash
    /// let it count it) is counted once its root is the tree's at that size.
    pub fn take(&mut self, batch: &Batch) -> Result<(), TlogError> {
        self.sync()?;
        let size = batch.after + batch.leaves.len() as u64;
        if size <= self.count {
            if self.tree.root(size)? != batch.root {
                return Err(TlogError::Record(format!(
                    "batch {} of the record leads to another tree at {size} leaves than this copy's",
                    self.record + 1
                )));
            }
        } else {
            if batch.after != self.count {
                return Err(TlogError::Record(format!(
                    "batch {} of the record follows {} leaves; this copy holds {}",
                    self.record + 1,
                    batch.after,
                    self.count
                )));
            }
            for b in &batch.leaves {
                self.append(&Leaf::from_bytes(b)?)?;
            }
            self.sync()?;
            if self.tree.root(size)? != batch.root {
                return Err(TlogError::Record(format!(
                    "batch {} of the record says another root than its leaves give",
                    self.record + 1
                )));
            }
        }
        self.record += 1;
        // A hint, not synced: a count that a crash left short only makes the copy take the
        // batches it holds again, each counted once its root is the tree's (above).
        let tmp = self.dir.join("record.tmp");
        fs::write(&tmp, format!("{}\n", self.record))?;
        fs::rename(&tmp, self.dir.join("record"))?;
        Ok(())
    }

    fn write(&mut self) -> Result<(), TlogError> {
        if !self.unwritten.is_empty() {
            self.leaves.write_all(&self.unwritten)?;
            self.written += self.unwritten.len() as u64;
            self.unwritten.clear();
        }
        Ok(())
    }

    /// The C2SP tile at `path` (`tile/…`, see [`crate::tiles`]): its bytes, or None when the
    /// path is not a tile or the tree (as made durable at the last [`VenueLog::sync`]) does not
    /// hold it yet.
    pub fn tile(&self, path: &str) -> Result<Option<Vec<u8>>, TlogError> {
        let Some(tile) = TilePath::parse(path) else {
            return Ok(None);
        };
        match tile {
            TilePath::Hashes { level, n, width } => self.tree.hash_tile(level, n, width),
            TilePath::Entries { n, width } => match tile.leaves_needed() {
                Some(need) if need <= self.tree.size() => self.bundle(n, width).map(Some),
                _ => Ok(None),
            },
        }
    }

    /// Leaves `n`·256 to `n`·256 + `width` − 1 as an entry bundle: their records as `leaves`
    /// holds them.
    fn bundle(&self, n: u64, width: u32) -> Result<Vec<u8>, TlogError> {
        let torn = || TlogError::Torn { count: self.count };
        let i = usize::try_from(n).map_err(|_| torn())?;
        let start = *self.bundles.get(i).ok_or_else(torn)?;
        let end = self.bundles.get(i + 1).copied().unwrap_or(self.written);
        let mut bytes =
            vec![0u8; usize::try_from(end.min(self.written) - start).map_err(|_| torn())?];
        self.leaves.read_exact_at(&mut bytes, start)?;
        let mut taken = 0usize;
        for _ in 0..width {
            let (len, _) = bytes
                .get(taken..)
                .and_then(|b| b.split_first_chunk::<2>())
                .ok_or_else(torn)?;
            taken += 2 + usize::from(u16::from_be_bytes(*len));
        }
        if taken > bytes.len() {
            return Err(torn());
        }
        bytes.truncate(taken);
        Ok(bytes)
    }

    /// Signs the checkpoint of the tree as it stands (after [`VenueLog::sync`]) and keeps it
    /// as `checkpoint` beside the leaves (written whole, then renamed into place). When the
    /// checkpoint kept is already of this tree (same size and root, signed by `key`), it is
    /// given as it is, with the witnesses' cosignatures it gathered.
    pub fn checkpoint(&mut self, key: &LogKey) -> Result<Vec<u8>, TlogError> {
        self.sync()?;
        let size = self.tree.size();
        let root = self.tree.root(size)?;
        if let Ok(kept) = fs::read(self.dir.join("checkpoint"))
            && let Ok(cp) = crate::open_checkpoint(&kept, key.vkey())
            && cp.size == size
            && cp.root == root
        {
            return Ok(kept);
        }
        let note = key.checkpoint(size, root)?;
        self.keep_checkpoint(&note)?;
        Ok(note)
    }

    /// The tree as it stands (made durable first) signed with `key`, in memory only: what a
    /// receipt needs at once, without the write and sync of the checkpoint kept. Signed once
    /// a size (Ed25519 signs the same note the same way).
    pub fn sign(&mut self, key: &LogKey) -> Result<crate::Checkpoint, TlogError> {
        self.sync()?;
        let size = self.tree.size();
        if let Some(cp) = &self.signed
            && cp.size == size
            && cp.origin == key.origin()
        {
            return Ok(cp.clone());
        }
        let root = self.tree.root(size)?;
        let cp = crate::Checkpoint {
            origin: key.origin().to_string(),
            size,
            root,
            note: key.checkpoint(size, root)?,
        };
        self.signed = Some(cp.clone());
        Ok(cp)
    }

    /// The checkpoint kept (with any cosignatures), when it is signed by `key` and of this
    /// tree.
    pub fn kept_checkpoint(&self, key: &LogKey) -> Option<crate::Checkpoint> {
        let mut cache = self.kept.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((vkey, cp)) = cache.as_ref()
            && vkey == key.vkey()
        {
            // Checked against this tree when read; the tree only grows.
            return Some(cp.clone());
        }
        let kept = fs::read(self.dir.join("checkpoint")).ok()?;
        let cp = crate::open_checkpoint(&kept, key.vkey()).ok()?;
        let ours = cp.size <= self.tree.size() && self.tree.root(cp.size).ok()? == cp.root;
        if ours {
            *cache = Some((key.vkey().to_string(), cp.clone()));
        }
        ours.then_some(cp)
    }

    /// Keeps `note` (the tree's checkpoint, with the cosignatures gathered for it) as
    /// `checkpoint`, replacing the one kept.
    pub fn keep_checkpoint(&self, note: &[u8]) -> Result<(), TlogError> {
        *self.kept.lock().unwrap_or_else(|e| e.into_inner()) = None;
        write_whole(&self.dir, "checkpoint", note)
    }

    /// The folder the log is kept in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }
}

/// Writes `name` in `dir` whole: to a temporary file, synced, then renamed into place.
fn write_whole(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), TlogError> {
    let tmp = dir.join(format!("{name}.tmp"));
    {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
    }
    fs::rename(&tmp, dir.join(name))?;
    Ok(())
}

/// The batches of the record a folder holds, as its hint says (0 for a new folder, or a hint
/// a crash left unreadable: the batches are then counted again from the first).
fn read_record(dir: &Path) -> Result<u64, TlogError> {
    match fs::read_to_string(dir.join("record")) {
        Ok(t) => Ok(t.trim().parse().unwrap_or(0)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(0),
        Err(e) => Err(e.into()),
    }
}
