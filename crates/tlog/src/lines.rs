//! Reading the C2SP text formats (`tlog-proof`, `tlog-witness`'s request): lines ended by a
//! newline, a decimal after a keyword, base64 hashes up to an empty line.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use tlog_tiles::tlog::Hash;

/// What is wrong with a text's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LinesError {
    /// The text ends before a line's newline.
    Ended,
    /// More hashes than allowed.
    TooMany,
    /// A line that is not a base64 SHA-256 hash.
    NotAHash,
}

/// A text read line by line.
pub(crate) struct Lines<'a> {
    rest: &'a [u8],
}

impl<'a> Lines<'a> {
    pub(crate) fn new(text: &'a [u8]) -> Lines<'a> {
        Lines { rest: text }
    }

    /// The next line, without its newline.
    pub(crate) fn line(&mut self) -> Result<&'a [u8], LinesError> {
        let end = self
            .rest
            .iter()
            .position(|&b| b == b'\n')
            .ok_or(LinesError::Ended)?;
        let (l, tail) = self.rest.split_at(end);
        self.rest = &tail[1..];
        Ok(l)
    }

    /// The base64 hashes of the next lines up to an empty one (at most `max`).
    pub(crate) fn hashes(&mut self, max: usize) -> Result<Vec<Hash>, LinesError> {
        let mut out = Vec::new();
        loop {
            let l = self.line()?;
            if l.is_empty() {
                return Ok(out);
            }
            if out.len() == max {
                return Err(LinesError::TooMany);
            }
            let h: [u8; 32] = STANDARD
                .decode(l)
                .ok()
                .and_then(|b| b.try_into().ok())
                .ok_or(LinesError::NotAHash)?;
            out.push(Hash(h));
        }
    }

    /// What is left after the lines read.
    pub(crate) fn rest(&self) -> &'a [u8] {
        self.rest
    }
}

/// The number in `line` after `keyword` and a space: ASCII decimal, no leading zeroes.
pub(crate) fn decimal_after(line: &[u8], keyword: &str) -> Option<u64> {
    line.strip_prefix(keyword.as_bytes())?
        .strip_prefix(b" ")
        .and_then(|d| std::str::from_utf8(d).ok())
        .filter(|d| !d.is_empty() && (*d == "0" || !d.starts_with('0')))
        .and_then(|d| d.parse::<u64>().ok())
}
