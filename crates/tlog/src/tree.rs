//! The Merkle tree and where its hashes are kept: in the stored-hash layout of Go's
//! `sumdb/tlog` (every leaf hash and every completed subtree's hash, each stored once, in the
//! order they come into being), so that appending never rewrites a stored hash and a proof at
//! any past size reads only stored hashes.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::os::unix::fs::FileExt;
use std::path::Path;

use tlog_tiles::tlog::{self, Hash, HashReader};

use crate::TlogError;

const HASH_SIZE: u64 = 32;

/// Where a tree's stored hashes are kept: appended, never rewritten.
pub trait HashStore {
    /// How many hashes are stored.
    fn count(&self) -> u64;
    /// The hashes at `indexes` (each below [`HashStore::count`]).
    fn read(&self, indexes: &[u64]) -> Result<Vec<Hash>, TlogError>;
    /// Appends `hashes` after those stored.
    fn append(&mut self, hashes: &[Hash]) -> Result<(), TlogError>;
}

/// Stored hashes in memory (tests, and a tree rebuilt to check another).
#[derive(Debug, Default, Clone)]
pub struct MemoryHashes(Vec<Hash>);

impl HashStore for MemoryHashes {
    fn count(&self) -> u64 {
        self.0.len() as u64
    }

    fn read(&self, indexes: &[u64]) -> Result<Vec<Hash>, TlogError> {
        indexes
            .iter()
            .map(|&i| {
                usize::try_from(i)
                    .ok()
                    .and_then(|i| self.0.get(i))
                    .copied()
                    .ok_or(TlogError::PastEnd {
                        size: i,
                        have: self.count(),
                    })
            })
            .collect()
    }

    fn append(&mut self, hashes: &[Hash]) -> Result<(), TlogError> {
        self.0.extend_from_slice(hashes);
        Ok(())
    }
}

/// Stored hashes in a file, 32 bytes each at their index: the file only grows.
#[derive(Debug)]
pub struct FileHashes {
    file: File,
    count: u64,
    /// The latest stored hashes (those from `count - recent.len()` on), the ones appending
    /// reads most: a new leaf's left siblings were stored shortly before it, but for the
    /// highest levels.
    recent: std::collections::VecDeque<Hash>,
    /// Appended hashes not yet written to the file (all of them among `recent`).
    unwritten: Vec<u8>,
}

/// How many of the latest hashes a [`FileHashes`] keeps in memory.
const RECENT: usize = 8_192;
/// Appended bytes written to the file once there are this many (well inside `RECENT`).
const WRITE_AT: usize = 64 * 1024;

impl FileHashes {
    /// Opens (or creates) the file at `path`. A file that ends inside a hash is refused: the
    /// last append did not finish, and nothing is cut off silently.
    pub fn open(path: &Path) -> Result<FileHashes, TlogError> {
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)?;
        let len = file.metadata()?.len();
        if len % HASH_SIZE != 0 {
            return Err(TlogError::Torn {
                count: len / HASH_SIZE,
            });
        }
        Ok(FileHashes {
            file,
            count: len / HASH_SIZE,
            recent: std::collections::VecDeque::new(),
            unwritten: Vec::new(),
        })
    }

    /// Makes the appended hashes durable.
    pub fn sync(&mut self) -> Result<(), TlogError> {
        self.write()?;
        self.file.sync_data()?;
        Ok(())
    }

    fn write(&mut self) -> Result<(), TlogError> {
        if !self.unwritten.is_empty() {
            self.file.write_all(&self.unwritten)?;
            self.unwritten.clear();
        }
        Ok(())
    }
}

impl Drop for FileHashes {
    fn drop(&mut self) {
        // Not made durable: after a crash the leaves are hashed again on open.
        let _ = self.write();
    }
}

impl HashStore for FileHashes {
    fn count(&self) -> u64 {
        self.count
    }

    fn read(&self, indexes: &[u64]) -> Result<Vec<Hash>, TlogError> {
        let mut out = Vec::with_capacity(indexes.len());
        for &i in indexes {
            if i >= self.count {
                return Err(TlogError::PastEnd {
                    size: i,
                    have: self.count,
                });
            }
            let first_recent = self.count - self.recent.len() as u64;
            if i >= first_recent {
                out.push(self.recent[(i - first_recent) as usize]);
                continue;
            }
            let mut h = [0u8; 32];
            self.file.read_exact_at(&mut h, i * HASH_SIZE)?;
            out.push(Hash(h));
        }
        Ok(out)
    }

    fn append(&mut self, hashes: &[Hash]) -> Result<(), TlogError> {
        for h in hashes {
            self.unwritten.extend_from_slice(&h.0);
            self.recent.push_back(*h);
            if self.recent.len() > RECENT {
                self.recent.pop_front();
            }
        }
        self.count += hashes.len() as u64;
        if self.unwritten.len() >= WRITE_AT {
            self.write()?;
        }
        Ok(())
    }
}

/// The stored hashes as `tlog_tiles` reads them.
pub(crate) struct Reader<'a, S>(pub(crate) &'a S);

impl<S: HashStore> HashReader for Reader<'_, S> {
    fn read_hashes(&self, indexes: &[u64]) -> Result<Vec<Hash>, tlog::Error> {
        self.0
            .read(indexes)
            .map_err(|e| tlog::Error::InvalidInput(e.to_string()))
    }
}

/// The hash of a leaf's bytes: SHA-256 of 0x00 and the bytes (RFC 6962).
pub fn leaf_hash(leaf: &[u8]) -> Hash {
    tlog::record_hash(leaf)
}

/// An append-only Merkle tree over a [`HashStore`].
#[derive(Debug)]
pub struct Tree<S> {
    store: S,
    size: u64,
}

impl<S: HashStore> Tree<S> {
    /// The tree its stored hashes hold; refused when they stop inside an append.
    pub fn open(store: S) -> Result<Tree<S>, TlogError> {
        let count = store.count();
        // The number of leaves n with stored_hash_count(n) = count (it grows with n).
        let (mut lo, mut hi) = (0u64, count);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if tlog::stored_hash_count(mid) <= count {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        if tlog::stored_hash_count(lo) != count {
            return Err(TlogError::Torn { count });
        }
        Ok(Tree { store, size: lo })
    }

    /// The number of leaves.
    pub fn size(&self) -> u64 {
        self.size
    }

    pub fn store(&self) -> &S {
        &self.store
    }

    pub fn store_mut(&mut self) -> &mut S {
        &mut self.store
    }

    /// Appends a leaf's bytes; its index.
    pub fn append(&mut self, leaf: &[u8]) -> Result<u64, TlogError> {
        let n = self.size;
        let hashes = tlog::stored_hashes(n, leaf, &Reader(&self.store))
            .map_err(|e| TlogError::Proof(e.to_string()))?;
        self.store.append(&hashes)?;
        self.size += 1;
        Ok(n)
    }

    fn within(&self, size: u64) -> Result<(), TlogError> {
        if size > self.size {
            return Err(TlogError::PastEnd {
                size,
                have: self.size,
            });
        }
        Ok(())
    }

    /// The root of the tree of the first `size` leaves (the empty tree's is SHA-256 of nothing).
    pub fn root(&self, size: u64) -> Result<Hash, TlogError> {
        self.within(size)?;
        tlog::tree_hash(size, &Reader(&self.store)).map_err(|e| TlogError::Proof(e.to_string()))
    }

    /// The proof that leaf `index` is in the tree of the first `size` leaves.
    pub fn inclusion(&self, index: u64, size: u64) -> Result<Vec<Hash>, TlogError> {
        self.within(size)?;
        if index >= size {
            return Err(TlogError::NoSuchLeaf { index, size });
        }
        tlog::prove_record(size, index, &Reader(&self.store))
            .map_err(|e| TlogError::Proof(e.to_string()))
    }

    /// The proof that the tree of `old` leaves is the start of the tree of `new` leaves (empty
    /// when they are equal); refused from the empty tree, where it proves nothing (RFC 9162,
    /// as transparency-dev's verifier holds it).
    pub fn consistency(&self, old: u64, new: u64) -> Result<Vec<Hash>, TlogError> {
        self.within(new)?;
        if old > new {
            return Err(TlogError::Backwards { old, new });
        }
        if old == 0 {
            return Err(TlogError::Proof(
                "a consistency proof from the empty tree proves nothing".into(),
            ));
        }
        if old == new {
            return Ok(Vec::new());
        }
        tlog::prove_tree(new, old, &Reader(&self.store))
            .map_err(|e| TlogError::Proof(e.to_string()))
    }
}

/// Checks that `proof` shows the leaf whose hash is `leaf` at `index` in the tree of `size`
/// leaves with root `root`.
pub fn verify_inclusion(
    proof: &[Hash],
    index: u64,
    size: u64,
    root: Hash,
    leaf: Hash,
) -> Result<(), TlogError> {
    if index >= size {
        return Err(TlogError::NoSuchLeaf { index, size });
    }
    tlog::check_record(&proof.to_vec(), size, root, index, leaf)
        .map_err(|e| TlogError::Proof(e.to_string()))
}

/// Checks that `proof` shows the tree of `old` leaves with root `old_root` to be the start of
/// the tree of `new` leaves with root `new_root`: the log grew by appending only.
pub fn verify_consistency(
    proof: &[Hash],
    old: u64,
    old_root: Hash,
    new: u64,
    new_root: Hash,
) -> Result<(), TlogError> {
    if old > new {
        return Err(TlogError::Backwards { old, new });
    }
    if old == 0 {
        return Err(TlogError::Proof(
            "a consistency proof from the empty tree proves nothing".into(),
        ));
    }
    if old == new {
        return if proof.is_empty() && old_root == new_root {
            Ok(())
        } else {
            Err(TlogError::Proof(
                "two checkpoints of one size must have one root and no proof".into(),
            ))
        };
    }
    tlog::check_tree(&proof.to_vec(), new, new_root, old, old_root)
        .map_err(|e| TlogError::Proof(e.to_string()))
}
