//! The log as C2SP tiles: the paths as the spec spells them (and no other spelling), and a
//! client that knows only a checkpoint's size and root, fetching tiles the way a monitor does,
//! gets the same root, proofs that verify, and leaves whose hashes are the tiles'.

use std::collections::HashMap;
use std::sync::Mutex;

use floorbook_tlog::{Hash, Leaf, TilePath, VenueLog, leaf_hash};
use tlog_tiles::tile::{Tile, TileHashReader, TileReader};
use tlog_tiles::tlog::{self, HashReader};

#[test]
fn tile_paths_are_read_as_c2sp_spells_them() {
    let cases = [
        (
            "tile/0/000",
            TilePath::Hashes {
                level: 0,
                n: 0,
                width: 256,
            },
        ),
        (
            "tile/0/x001/234.p/17",
            TilePath::Hashes {
                level: 0,
                n: 1234,
                width: 17,
            },
        ),
        (
            "tile/2/x001/x000/000",
            TilePath::Hashes {
                level: 2,
                n: 1_000_000,
                width: 256,
            },
        ),
        ("tile/entries/005", TilePath::Entries { n: 5, width: 256 }),
        (
            "tile/entries/000.p/255",
            TilePath::Entries { n: 0, width: 255 },
        ),
    ];
    for (path, want) in cases {
        assert_eq!(TilePath::parse(path), Some(want), "{path}");
        assert_eq!(want.path(), path, "spelled back");
    }
    for bad in [
        "tile/0/0",
        "tile/0/0000",
        "tile/0/1234",
        "tile/0/000.p/0",
        "tile/0/000.p/256",
        "tile/0/000.p/017",
        "tile/data/000",
        "tile/8/0/000",
        "tile/entries/x000/001",
        "tile/entries/000.p/0",
        "tile/-1/000",
        "tile/63/000.p/0",
        "tile/64/000",
        "tile/255/000",
        "tile/256/000",
        "tile//000",
        "tiles/0/000",
        "tile/0/000/",
        "tile/entries",
        "",
    ] {
        assert_eq!(TilePath::parse(bad), None, "{bad:?} is not a tile path");
    }
    assert!(TilePath::parse("tile/1/000").expect("full").is_full());
    assert!(
        !TilePath::parse("tile/1/000.p/3")
            .expect("partial")
            .is_full()
    );
}

proptest::proptest! {
    /// Any text is read without a panic (a URL anyone can send), and every tile's path reads
    /// back as that tile.
    #[test]
    fn any_path_reads_without_a_panic(text in "tile/[0-9a-z./x]{0,40}", level in 0u8..64, n in proptest::prelude::any::<u64>(), width in 1u32..=256, entries in proptest::prelude::any::<bool>()) {
        let _ = TilePath::parse(&text);
        let tile = if entries {
            TilePath::Entries { n, width }
        } else {
            TilePath::Hashes { level, n, width }
        };
        proptest::prop_assert_eq!(TilePath::parse(&tile.path()), Some(tile));
    }
}

fn leaf(chain: &str, seq: u64, previous: [u8; 32]) -> Leaf {
    Leaf {
        chain: chain.into(),
        seq,
        at_ms: 1_764_000_000_000 + seq as i64,
        event: *blake3::hash(format!("{chain}/{seq}").as_bytes()).as_bytes(),
        previous,
    }
}

/// A venue log of `count` leaves over three chains (names of different lengths, so the
/// entry bundles' records differ in size).
fn log_of(dir: &std::path::Path, count: u64) -> VenueLog {
    let mut log = VenueLog::open(dir).expect("log");
    let mut last: HashMap<&str, [u8; 32]> = HashMap::new();
    for i in 0..count {
        let chain = ["a", "club-night", "cash-2026-12-04"][(i % 3) as usize];
        let prev = last.get(chain).copied().unwrap_or([0; 32]);
        let l = leaf(chain, log.next_seq(chain), prev);
        last.insert(chain, l.event);
        log.append(&l).expect("appended");
    }
    log.sync().expect("synced");
    log
}

/// Tiles as a client fetches them: by their C2SP path from the log, counted.
struct Fetcher<'a> {
    log: &'a VenueLog,
    fetched: Mutex<Vec<String>>,
}

impl TileReader for Fetcher<'_> {
    fn height(&self) -> u8 {
        8
    }

    fn read_tiles(&self, tiles: &[Tile]) -> Result<Vec<Vec<u8>>, tlog::Error> {
        tiles
            .iter()
            .map(|t| {
                let go = t.path();
                let path = go.replacen("tile/8/", "tile/", 1);
                self.fetched.lock().expect("list").push(path.clone());
                self.log
                    .tile(&path)
                    .map_err(|e| tlog::Error::InvalidInput(e.to_string()))?
                    .ok_or_else(|| tlog::Error::InvalidInput(format!("no tile {path}")))
            })
            .collect()
    }

    fn save_tiles(&self, _: &[Tile], _: &[Vec<u8>]) {}
}

#[test]
fn a_client_checks_the_tiles_against_a_checkpoint() {
    let dir = tempfile::tempdir().expect("dir");
    // 70,000 = 1·65,536 + 17·256 + 112: full tiles at levels 0 and 1, partial ones at 0 to 2.
    let count = 70_000;
    let log = log_of(dir.path(), count);
    let root = log.tree().root(count).expect("root");
    let fetcher = Fetcher {
        log: &log,
        fetched: Mutex::new(Vec::new()),
    };
    let reader = TileHashReader::new(count, root, &fetcher);
    assert_eq!(
        tlog::tree_hash(count, &reader).expect("tree hash from tiles"),
        root
    );
    for index in [0, 255, 256, 65_535, 65_536, count - 1] {
        let proof = tlog::prove_record(count, index, &reader).expect("proof from tiles");
        assert_eq!(
            proof,
            log.tree().inclusion(index, count).expect("proof"),
            "leaf {index}"
        );
    }
    let fetched = fetcher.fetched.lock().expect("list").clone();
    assert!(
        fetched.iter().any(|p| p == "tile/1/000") && fetched.iter().any(|p| p == "tile/0/255"),
        "full tiles were read: {fetched:?}"
    );
    assert!(
        fetched.iter().any(|p| p == "tile/2/000.p/1")
            && fetched.iter().any(|p| p == "tile/1/001.p/17"),
        "partial tiles of the upper levels were read: {fetched:?}"
    );
    assert!(
        fetched.iter().any(|p| p.ends_with(".p/112")),
        "the partial tile of leaves was read (70,000 = 273·256 + 112): {fetched:?}"
    );

    // A tile the tree does not hold yet is not there, whether partial or full.
    let past = [
        "tile/0/273.p/113",
        "tile/0/273",
        "tile/3/000",
        "tile/entries/274.p/1",
        "tile/9/000.p/1",
    ];
    for path in past {
        assert_eq!(log.tile(path).expect("read"), None, "{path}");
    }

    // Each entry bundle's leaves hash to the level-0 tile's hashes, full and partial alike.
    for (n, width) in [(0u64, 256u32), (1, 256), (272, 256), (273, 112), (273, 5)] {
        let entries = TilePath::Entries { n, width }.path();
        let hashes = TilePath::Hashes { level: 0, n, width }.path();
        let bundle = log.tile(&entries).expect("read").expect("bundle");
        let tile = log.tile(&hashes).expect("read").expect("tile");
        let mut rest = bundle.as_slice();
        let mut got = Vec::new();
        while let Some((len, tail)) = rest.split_first_chunk::<2>() {
            let len = usize::from(u16::from_be_bytes(*len));
            let (entry, tail) = tail.split_at(len);
            let l = Leaf::from_bytes(entry).expect("each entry is a leaf");
            assert_eq!(l.to_bytes().expect("bytes"), entry);
            got.extend_from_slice(&leaf_hash(entry).0);
            rest = tail;
        }
        assert_eq!(
            got.len(),
            width as usize * 32,
            "{entries} holds {width} leaves"
        );
        assert_eq!(got, tile, "{entries} hashes to {hashes}");
    }
}

/// Tiles served from a log opened again (the bundle offsets read back from the leaves file)
/// and grown since are those of the smaller tree for the paths the smaller tree had: a client
/// holding an old checkpoint still checks it.
#[test]
fn tiles_of_an_old_checkpoint_stay_after_the_log_grows() {
    let dir = tempfile::tempdir().expect("dir");
    let old = 600;
    let (old_root, old_tiles) = {
        let log = log_of(dir.path(), old);
        let tiles: Vec<_> = ["tile/0/002.p/88", "tile/1/000.p/2", "tile/entries/002.p/88"]
            .iter()
            .map(|p| log.tile(p).expect("read").expect("there"))
            .collect();
        (log.tree().root(old).expect("root"), tiles)
    };
    let mut log = VenueLog::open(dir.path()).expect("reopened");
    let mut prev = HashMap::new();
    for chain in ["a", "club-night", "cash-2026-12-04"] {
        let seq = log.next_seq(chain) - 1;
        prev.insert(
            chain,
            *blake3::hash(format!("{chain}/{seq}").as_bytes()).as_bytes(),
        );
    }
    for i in 0..1_000u64 {
        let chain = ["a", "club-night", "cash-2026-12-04"][(i % 3) as usize];
        let l = leaf(chain, log.next_seq(chain), prev[chain]);
        prev.insert(chain, l.event);
        log.append(&l).expect("appended");
    }
    log.sync().expect("synced");
    for (p, before) in ["tile/0/002.p/88", "tile/1/000.p/2", "tile/entries/002.p/88"]
        .iter()
        .zip(&old_tiles)
    {
        assert_eq!(&log.tile(p).expect("read").expect("there"), before, "{p}");
    }
    let fetcher = Fetcher {
        log: &log,
        fetched: Mutex::new(Vec::new()),
    };
    let reader = TileHashReader::new(old, old_root, &fetcher);
    assert_eq!(
        tlog::tree_hash(old, &reader).expect("the old tree from tiles"),
        old_root
    );
    let wrong = TileHashReader::new(old, Hash([7; 32]), &fetcher);
    assert!(
        wrong.read_hashes(&[0]).is_err(),
        "tiles do not verify against another root"
    );
}
