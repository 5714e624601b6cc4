//! The log as C2SP `tlog-tiles` (`c2sp.org/tlog-tiles`): hash tiles of height 8
//! (`tile/<L>/<N>[.p/<W>]`: 256 hashes of level L, or the first W of them) and entry bundles
//! (`tile/entries/<N>[.p/<W>]`: leaves N·256 to N·256+W−1, each after its length in two bytes,
//! big-endian). Anyone can fetch them as static files and check them against a checkpoint; the
//! tile paths and their reading are `tlog_tiles`'s (Go's `sumdb/tlog` with the height fixed).

use tlog_tiles::tile::Tile;

use crate::{HashStore, TlogError, Tree};

/// The tiles' height: 2⁸ = 256 hashes a tile, as C2SP fixes it.
pub const HEIGHT: u8 = 8;
const WIDTH: u64 = 1 << HEIGHT;
/// Levels 0 to 63.
const MAX_LEVEL: u8 = 64;

/// What a tile path names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TilePath {
    /// Hashes of `level`: the tile's `n`th 256, the first `width` of them.
    Hashes { level: u8, n: u64, width: u32 },
    /// Leaves `n`·256 to `n`·256 + `width` − 1.
    Entries { n: u64, width: u32 },
}

impl TilePath {
    /// Reads a C2SP tile path (`tile/…`, no leading slash); None when it is not one (the index
    /// in three-digit groups with `x` before all but the last, a partial width 1 to 255, no
    /// other spelling of the same tile).
    pub fn parse(path: &str) -> Option<TilePath> {
        let rest = path.strip_prefix("tile/")?;
        // `tlog_tiles` asserts (panics on) a level past 63 or a width of 0: refused first.
        if rest.ends_with(".p/0") {
            return None;
        }
        let (go, entries) = match rest.strip_prefix("entries/") {
            Some(r) => (format!("tile/{HEIGHT}/data/{r}"), true),
            None => {
                let level = rest.split('/').next()?;
                if level.is_empty()
                    || !level.bytes().all(|b| b.is_ascii_digit())
                    || level.parse::<u8>().ok()? >= MAX_LEVEL
                {
                    return None;
                }
                (format!("tile/{HEIGHT}/{rest}"), false)
            }
        };
        let tile = Tile::from_path(&go).ok()?;
        let (level, n, width) = (tile.level(), tile.level_index(), tile.width());
        let parsed = if entries {
            TilePath::Entries { n, width }
        } else {
            TilePath::Hashes { level, n, width }
        };
        parsed.is_valid().then_some(parsed)
    }

    /// Whether the level is below 64 and the width 1 to 256.
    fn is_valid(&self) -> bool {
        match *self {
            TilePath::Hashes { level, width, .. } => {
                level < MAX_LEVEL && (1..=WIDTH).contains(&u64::from(width))
            }
            TilePath::Entries { width, .. } => (1..=WIDTH).contains(&u64::from(width)),
        }
    }

    /// The path, as C2SP spells it: the index in three-digit groups, `x` before all but the
    /// last; `.p/W` for a partial tile.
    pub fn path(&self) -> String {
        let (level, n, width) = match *self {
            TilePath::Hashes { level, n, width } => (level.to_string(), n, width),
            TilePath::Entries { n, width } => ("entries".to_string(), n, width),
        };
        let mut groups = vec![format!("{:03}", n % 1000)];
        let mut rest = n / 1000;
        while rest > 0 {
            groups.push(format!("x{:03}", rest % 1000));
            rest /= 1000;
        }
        groups.reverse();
        let partial = if u64::from(width) == WIDTH {
            String::new()
        } else {
            format!(".p/{width}")
        };
        format!("tile/{level}/{}{partial}", groups.join("/"))
    }

    /// Whether the tile is full (its bytes never change once served).
    pub fn is_full(&self) -> bool {
        match *self {
            TilePath::Hashes { width, .. } | TilePath::Entries { width, .. } => {
                u64::from(width) == WIDTH
            }
        }
    }

    /// The number of leaves a tree needs for this tile to exist in it.
    pub fn leaves_needed(&self) -> Option<u64> {
        let (level, n, width) = match *self {
            TilePath::Hashes { level, n, width } => (level, n, width),
            TilePath::Entries { n, width } => (0, n, width),
        };
        let at_level = n.checked_mul(WIDTH)?.checked_add(u64::from(width))?;
        let shift = u32::from(level).checked_mul(u32::from(HEIGHT))?;
        if shift >= 64 {
            return None;
        }
        let leaves = at_level.checked_shl(shift)?;
        (leaves >> shift == at_level).then_some(leaves)
    }
}

impl<S: HashStore> Tree<S> {
    /// The bytes of hash tile `level`/`n` of width `width` (32 bytes a hash), None when the
    /// tree is not yet large enough to have it.
    pub fn hash_tile(&self, level: u8, n: u64, width: u32) -> Result<Option<Vec<u8>>, TlogError> {
        let path = TilePath::Hashes { level, n, width };
        match path.leaves_needed() {
            Some(need) if path.is_valid() && need <= self.size() => {}
            _ => return Ok(None),
        }
        let tile = Tile::new(HEIGHT, level, n, width, false);
        tile.read_data(&crate::tree::Reader(self.store()))
            .map(Some)
            .map_err(|e| TlogError::Proof(e.to_string()))
    }
}
