//! Many hands replayed at once (`floorbook phh replay`): one JSON line per hand, its finishing
//! stacks or why it cannot be replayed, in the order given, the work shared over every core.

use std::path::{Path, PathBuf};

use serde::Serialize;

use crate::{Number, PhhHand, PhhsHand, parse_phh, parse_phhs, replay_any};

/// Files one worker takes at a time: large enough that handing out work costs nothing, small
/// enough that both cores stay busy to the end of a short list.
pub const CHUNK: usize = 256;

/// Does `work` on every part, each on a thread of its own (one part: on this thread), and
/// returns what they wrote in the order of the parts.
pub fn in_order<T: Send>(
    parts: Vec<T>,
    work: impl Fn(T, &mut Vec<u8>) -> std::io::Result<()> + Sync,
) -> std::io::Result<Vec<u8>> {
    let mut out = Vec::new();
    if parts.len() <= 1 {
        for part in parts {
            work(part, &mut out)?;
        }
        return Ok(out);
    }
    let work = &work;
    let written: Vec<std::io::Result<Vec<u8>>> = std::thread::scope(|s| {
        let handles: Vec<_> = parts
            .into_iter()
            .map(|part| {
                s.spawn(move || {
                    let mut buf = Vec::new();
                    work(part, &mut buf)?;
                    Ok(buf)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    for buf in written {
        out.extend_from_slice(&buf?);
    }
    Ok(out)
}

#[derive(Serialize)]
struct Replayed<'a> {
    file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<&'a str>,
    finishing_stacks: Vec<Number>,
}

#[derive(Serialize)]
struct Refused<'a> {
    file: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    hand: Option<&'a str>,
    error: String,
}

/// One line: the hand's finishing stacks, or why it cannot be replayed.
fn write_line(
    buf: &mut Vec<u8>,
    file: &str,
    hand: Option<&str>,
    result: Result<&PhhHand<'_>, String>,
) -> std::io::Result<()> {
    match result.and_then(|h| replay_any(h).map_err(|e| e.to_string())) {
        Ok(r) => serde_json::to_writer(
            &mut *buf,
            &Replayed {
                file,
                hand,
                finishing_stacks: r.finishing_stacks_as_written(),
            },
        ),
        Err(error) => serde_json::to_writer(&mut *buf, &Refused { file, hand, error }),
    }?;
    buf.push(b'\n');
    Ok(())
}

/// The hands of one `.phhs` collection, one line each in file order; a large collection is
/// shared out over every core.
fn replay_collection(name: &str, hands: &[PhhsHand<'_>], buf: &mut Vec<u8>) -> std::io::Result<()> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let per = if hands.len() <= CHUNK {
        CHUNK
    } else {
        hands.len().div_ceil(workers)
    };
    let lines = |part: &[PhhsHand<'_>], buf: &mut Vec<u8>| {
        part.iter().try_for_each(|(section, hand)| {
            let hand = hand.as_ref().map_err(|e| e.to_string());
            write_line(buf, name, Some(section), hand)
        })
    };
    buf.extend_from_slice(&in_order(hands.chunks(per).collect(), lines)?);
    Ok(())
}

/// The files `paths` name, a directory by every `.phh` and `.phhs` file beneath it in name
/// order (links to directories are not followed: no cycles; links to files are). A
/// directory that cannot be read is named as it is: its line says why.
pub fn expand(paths: &[PathBuf]) -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            out.push(dir.to_path_buf());
            return;
        };
        let mut entries: Vec<_> = entries.filter_map(Result::ok).collect();
        entries.sort_by_key(std::fs::DirEntry::file_name);
        for e in entries {
            let path = e.path();
            if e.file_type().is_ok_and(|t| t.is_dir()) {
                walk(&path, out);
            } else if path.extension().is_some_and(|x| x == "phh" || x == "phhs") {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            walk(p, &mut out);
        } else {
            out.push(p.clone());
        }
    }
    out
}

/// Replays `files` (a `.phhs` file as a collection) over every core, writing their lines to
/// `out` in the order given; `done` hears how many files each round finished.
pub fn replay_files(
    files: &[PathBuf],
    out: &mut impl std::io::Write,
    mut done: impl FnMut(usize),
) -> std::io::Result<()> {
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Rounds of one chunk per worker, written in order as each round ends.
    for round in files.chunks(CHUNK * workers) {
        out.write_all(&in_order(round.chunks(CHUNK).collect(), |files, buf| {
            for file in files {
                let text = std::fs::read_to_string(file).map_err(|e| e.to_string());
                let collection = file.extension().is_some_and(|e| e == "phhs");
                let name = file.display().to_string();
                replay_text(
                    &name,
                    text.as_deref().map_err(Clone::clone),
                    collection,
                    buf,
                )?;
            }
            Ok(())
        })?)?;
        done(round.len());
    }
    Ok(())
}

/// The lines of one file's `text` named `name`: a `.phhs` collection (`collection`) gives a
/// line per hand, a `.phh` file one; text that cannot be read gives its reason (`Err`).
pub fn replay_text(
    name: &str,
    text: Result<&str, String>,
    collection: bool,
    buf: &mut Vec<u8>,
) -> std::io::Result<()> {
    let text = match text {
        Ok(t) => t,
        Err(e) => return write_line(buf, name, None, Err(e)),
    };
    if collection {
        match parse_phhs(text) {
            Ok(hands) => replay_collection(name, &hands, buf),
            Err(e) => write_line(buf, name, None, Err(e.to_string())),
        }
    } else {
        let hand = parse_phh(text).map_err(|e| e.to_string());
        write_line(buf, name, None, hand.as_ref().map_err(Clone::clone))
    }
}
