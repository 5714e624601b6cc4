//! The log's record in the store (issue 40): the leaves in the order the log took them, as
//! batches appended beside the chains (a file of the embedded store, a JetStream stream), each
//! only after the last one its writer knew. The record is the log; a venue's folder is a copy
//! that any keeper rebuilds from it, and two keepers of one store keep one tree.
//!
//! A batch's bytes:
//!
//! ```text
//! "FBB1"     4 bytes    the layout's name and version
//! after      8 bytes    big-endian: the leaves the log held before it
//! count      4 bytes    big-endian: its leaves, at least 1
//! root       32 bytes   the tree's root after it (of after + count leaves)
//! leaves     ...        each after its length in two bytes, big-endian (as an entry bundle)
//! ```

use tlog_tiles::tlog::Hash;

use crate::{HashStore, Leaf, TlogError, Tree};

const MAGIC: &[u8; 4] = b"FBB1";
const HEAD: usize = 4 + 8 + 4 + 32;

/// Leaves of one batch, and the root they lead to.
#[derive(Debug, Clone, PartialEq)]
pub struct Batch {
    /// The leaves the log held before the batch.
    pub after: u64,
    /// Each leaf's bytes.
    pub leaves: Vec<Vec<u8>>,
    /// The tree's root after the batch.
    pub root: Hash,
}

fn bad(why: impl Into<String>) -> TlogError {
    TlogError::Record(why.into())
}

impl Batch {
    pub fn to_bytes(&self) -> Vec<u8> {
        let body: usize = self.leaves.iter().map(|l| 2 + l.len()).sum();
        let mut out = Vec::with_capacity(HEAD + body);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&self.after.to_be_bytes());
        out.extend_from_slice(&(self.leaves.len() as u32).to_be_bytes());
        out.extend_from_slice(&self.root.0);
        for l in &self.leaves {
            out.extend_from_slice(&(l.len() as u16).to_be_bytes());
            out.extend_from_slice(l);
        }
        out
    }

    /// Reads a batch; refused unless it is exactly the layout and each leaf reads.
    pub fn from_bytes(b: &[u8]) -> Result<Batch, TlogError> {
        let rest = b
            .strip_prefix(MAGIC)
            .ok_or_else(|| bad("a batch begins with FBB1"))?;
        let (after, rest) = rest
            .split_first_chunk::<8>()
            .ok_or_else(|| bad("a batch ends early"))?;
        let (count, rest) = rest
            .split_first_chunk::<4>()
            .ok_or_else(|| bad("a batch ends early"))?;
        let (root, mut rest) = rest
            .split_first_chunk::<32>()
            .ok_or_else(|| bad("a batch ends early"))?;
        let count = u32::from_be_bytes(*count);
        if count == 0 {
            return Err(bad("a batch holds at least one leaf"));
        }
        let mut leaves = Vec::new();
        while let Some((len, tail)) = rest.split_first_chunk::<2>() {
            let len = usize::from(u16::from_be_bytes(*len));
            if tail.len() < len {
                return Err(bad("a batch's last leaf ends early"));
            }
            let (leaf, tail) = tail.split_at(len);
            Leaf::from_bytes(leaf)?;
            leaves.push(leaf.to_vec());
            rest = tail;
        }
        if !rest.is_empty() || leaves.len() as u64 != u64::from(count) {
            return Err(bad(format!(
                "a batch says {count} leaves and holds {}",
                leaves.len()
            )));
        }
        Ok(Batch {
            after: u64::from_be_bytes(*after),
            leaves,
            root: Hash(*root),
        })
    }
}

/// Stored hashes over others, the new ones in memory: a tree grown without touching the
/// store under it (the root a batch leads to, before the record takes it).
pub(crate) struct Overlay<'a, S> {
    pub(crate) base: &'a S,
    pub(crate) extra: Vec<Hash>,
}

impl<S: HashStore> HashStore for Overlay<'_, S> {
    fn count(&self) -> u64 {
        self.base.count() + self.extra.len() as u64
    }

    fn read(&self, indexes: &[u64]) -> Result<Vec<Hash>, TlogError> {
        let base = self.base.count();
        indexes
            .iter()
            .map(|&i| {
                if i < base {
                    self.base.read(&[i]).map(|h| h[0])
                } else {
                    usize::try_from(i - base)
                        .ok()
                        .and_then(|k| self.extra.get(k))
                        .copied()
                        .ok_or(TlogError::PastEnd {
                            size: i,
                            have: self.count(),
                        })
                }
            })
            .collect()
    }

    fn append(&mut self, hashes: &[Hash]) -> Result<(), TlogError> {
        self.extra.extend_from_slice(hashes);
        Ok(())
    }
}

/// The root of `tree` grown by `leaves`, the tree left as it is.
pub(crate) fn root_after<S: HashStore>(
    tree: &Tree<S>,
    leaves: &[Vec<u8>],
) -> Result<Hash, TlogError> {
    let mut grown = Tree::open(Overlay {
        base: tree.store(),
        extra: Vec::new(),
    })?;
    for l in leaves {
        grown.append(l)?;
    }
    grown.root(grown.size())
}
