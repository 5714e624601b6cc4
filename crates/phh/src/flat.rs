//! A fast reader for the flat part of TOML that PHH files use: `key = value` lines whose
//! values are strings (basic, or literal as PokerKit writes them), numbers, booleans, dates and
//! times, and arrays of them (arrays may span lines), with comments. Anything else (tables,
//! inline tables, escapes other than `\"` `\\` `\n` `\t`) makes it give up, and the caller
//! reads the file with the `toml` crate instead. It exists because the general parser takes
//! most of the time of a replay, and replaying large corpora is what `floorbook phh replay` is
//! for; tests hold it to the crate on every corpus file and on damaged files.

/// A value as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Val<'a> {
    Str(std::borrow::Cow<'a, str>),
    /// A number, exactly as written (so that decimal places are known).
    Num(std::borrow::Cow<'a, str>),
    Bool(bool),
    /// An array: items `start..end` of [`Fields::items`]. Arrays hold plain values only.
    Arr(u32, u32),
    /// A value that carries no chips (a table, a date, an array of arrays).
    Other,
}

/// A value as an error message names it: numbers, strings and booleans as written, the
/// others by their kind.
impl std::fmt::Display for Val<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Val::Str(s) => write!(f, "{s:?}"),
            Val::Num(t) => f.write_str(t),
            Val::Bool(b) => write!(f, "{b}"),
            Val::Arr(..) => f.write_str("a list"),
            Val::Other => f.write_str("a table, a date or a list of lists"),
        }
    }
}

/// The PHH keys that decide the chips, in the order of [`Fields::known`] (the last three are
/// stud's).
pub(crate) const KEYS: [&str; 10] = [
    "variant",
    "ante_trimming_status",
    "antes",
    "blinds_or_straddles",
    "min_bet",
    "starting_stacks",
    "actions",
    "bring_in",
    "small_bet",
    "big_bet",
];

/// Where `key` goes in [`Fields::known`], if it is one of [`KEYS`].
pub(crate) fn slot(key: &str) -> Option<usize> {
    KEYS.iter().position(|k| k.len() == key.len() && *k == key)
}

/// A file's fields that decide the chips; every array's items sit in one list.
#[derive(Debug, Default)]
pub(crate) struct Fields<'a> {
    pub known: [Option<Val<'a>>; KEYS.len()],
    pub items: Vec<Val<'a>>,
}

impl<'a> Fields<'a> {
    pub fn get(&self, key: usize) -> Option<&Val<'a>> {
        self.known.get(key)?.as_ref()
    }

    /// An array's items, or the value alone when it is not an array.
    pub fn values<'v>(&'v self, v: &'v Val<'a>) -> &'v [Val<'a>] {
        match *v {
            Val::Arr(start, end) => self
                .items
                .get(start as usize..end as usize)
                .unwrap_or_default(),
            _ => std::slice::from_ref(v),
        }
    }
}

struct Reader<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
    items: Vec<Val<'a>>,
}

/// Byte classes for the scanner, one table lookup per byte.
const SPACE: u8 = 1; // space, tab
const STOP: u8 = 2; // ends a basic string's plain run: `"`, `\`, a control character
const KEY: u8 = 4; // may be part of a bare key
const DIGIT: u8 = 8;
const CONTROL: u8 = 16; // TOML's control characters (tab excepted)
const DOT: u8 = 32;
const LITERAL_END: u8 = 64; // `'`

const CLASS: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        let mut k = 0;
        if b == b' ' || b == b'\t' {
            k |= SPACE;
        }
        if (b < 0x20 && b != b'\t') || b == 0x7f {
            k |= CONTROL | STOP;
        }
        if b == b'"' || b == b'\\' {
            k |= STOP;
        }
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'-' {
            k |= KEY;
        }
        if b.is_ascii_digit() {
            k |= DIGIT;
        }
        if b == b'.' {
            k |= DOT;
        }
        if b == b'\'' {
            k |= LITERAL_END;
        }
        t[c] = k;
        c += 1;
    }
    t
};

/// How many bytes from the start of `b` have none of the classes `stop`.
#[inline(always)]
fn run_without(b: &[u8], stop: u8) -> usize {
    b.iter()
        .position(|&c| CLASS[c as usize] & stop != 0)
        .unwrap_or(b.len())
}

/// How many bytes from the start of `b` have the class `class`.
#[inline(always)]
fn run_of(b: &[u8], class: u8) -> usize {
    b.iter()
        .position(|&c| CLASS[c as usize] & class == 0)
        .unwrap_or(b.len())
}

impl<'a> Reader<'a> {
    #[inline(always)]
    fn rest(&self) -> &'a [u8] {
        self.b.get(self.i..).unwrap_or_default()
    }

    fn skip_space(&mut self, newlines: bool) {
        loop {
            self.i += run_of(self.rest(), SPACE);
            match self.b.get(self.i) {
                // A carriage return only as part of a CRLF line end.
                Some(b'\r') if self.b.get(self.i + 1) == Some(&b'\n') => self.i += 1,
                Some(b'\n') if newlines => self.i += 1,
                // A comment runs to the line end; a control character in it (TOML allows
                // none but tab) stops the scan there, and the reader gives up on it.
                Some(b'#') => {
                    self.i += 1;
                    self.i += run_without(self.rest(), CONTROL);
                }
                _ => return,
            }
        }
    }

    /// The next `key =` with the spaces around it: `Some(None)` at the end of the text, None
    /// where no key and `=` follow.
    #[inline(always)]
    fn entry(&mut self) -> Option<Option<&'a str>> {
        self.skip_space(true);
        if self.i >= self.b.len() {
            return Some(None);
        }
        let key = self.key()?;
        self.skip_space(false);
        if self.b.get(self.i) != Some(&b'=') {
            return None;
        }
        self.i += 1;
        self.skip_space(false);
        Some(Some(key))
    }

    /// The end of an entry's line (after a comment, if any).
    #[inline(always)]
    fn line_end(&mut self) -> Option<()> {
        self.skip_space(false);
        match self.b.get(self.i) {
            None | Some(b'\n') => Some(()),
            _ => None,
        }
    }

    fn key(&mut self) -> Option<&'a str> {
        let start = self.i;
        self.i += run_of(self.rest(), KEY);
        (self.i > start)
            .then(|| self.s.get(start..self.i))
            .flatten()
    }

    fn value(&mut self) -> Option<Val<'a>> {
        match *self.b.get(self.i)? {
            b'[' => {
                let start = self.items.len() as u32;
                // Arrays of arrays (None from `scalar`) go to the full parser.
                self.list(|r| {
                    let item = r.scalar()?;
                    r.items.push(item);
                    Some(())
                })?;
                Some(Val::Arr(start, self.items.len() as u32))
            }
            _ => self.scalar(),
        }
    }

    /// A string, number or boolean.
    #[inline(always)]
    fn scalar(&mut self) -> Option<Val<'a>> {
        match *self.b.get(self.i)? {
            b'"' => self.string(),
            b'\'' => self.literal(),
            b't' if self.rest().starts_with(b"true") => {
                self.i += 4;
                Some(Val::Bool(true))
            }
            b'f' if self.rest().starts_with(b"false") => {
                self.i += 5;
                Some(Val::Bool(false))
            }
            // TOML's infinity: PHH writes a stack nobody recorded as `inf`.
            b'i' if self.rest().starts_with(b"inf")
                && matches!(
                    self.b.get(self.i + 3),
                    None | Some(b' ' | b'\t' | b'\r' | b'\n' | b',' | b']' | b'#')
                ) =>
            {
                self.i += 3;
                Some(Val::Num("inf".into()))
            }
            c if c.is_ascii_digit() => {
                // TOML's plain decimal numbers only: digits (no leading zero) (`.` digits)?.
                // Anything else (signs, exponents, underscores, hex, dates) goes to the full
                // parser, which reads it or says what is wrong.
                let start = self.i;
                let whole = self.digits();
                // A date or time (real hand histories have `time = 00:00:09`): no chips, and
                // valid exactly when the `toml` crate's own reading of dates takes it.
                if let Some(b'-' | b':') = self.b.get(self.i) {
                    self.i = start;
                    return self.datetime();
                }
                if whole > 1 && c == b'0' {
                    return None;
                }
                if self.b.get(self.i) == Some(&b'.') {
                    self.i += 1;
                    if self.digits() == 0 {
                        return None;
                    }
                }
                match self.b.get(self.i) {
                    None | Some(b' ' | b'\t' | b'\r' | b'\n' | b',' | b']' | b'#') => {
                        Some(Val::Num(self.s.get(start..self.i)?.into()))
                    }
                    Some(_) => None,
                }
            }
            _ => None,
        }
    }

    /// A date, time or date-time up to the end of the value; None for anything the `toml`
    /// crate's reading of dates refuses, and for a date and time parted by a space (the
    /// general parser reads those).
    fn datetime(&mut self) -> Option<Val<'a>> {
        let rest = self.rest();
        let len = rest
            .iter()
            .position(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b',' | b']' | b'#'))
            .unwrap_or(rest.len());
        let token = self.s.get(self.i..self.i + len)?;
        token.parse::<toml::value::Datetime>().ok()?;
        self.i += len;
        Some(Val::Other)
    }

    /// Skips ASCII digits; how many.
    #[inline(always)]
    fn digits(&mut self) -> usize {
        let n = run_of(self.rest(), DIGIT);
        self.i += n;
        n
    }

    /// A literal string (`'…'`, as PokerKit writes PHH): no escapes; no control characters
    /// but tab.
    fn literal(&mut self) -> Option<Val<'a>> {
        self.i += 1;
        let start = self.i;
        let run = self
            .rest()
            .iter()
            .position(|&c| c == b'\'' || CLASS[c as usize] & CONTROL != 0)?;
        self.i = start + run;
        if self.b.get(self.i) != Some(&b'\'') {
            return None;
        }
        self.i += 1;
        Some(Val::Str(self.s.get(start..start + run)?.into()))
    }

    fn string(&mut self) -> Option<Val<'a>> {
        self.i += 1;
        let start = self.i;
        // The common case: no escapes, one run to the closing quote. The stop bytes are
        // ASCII, and no byte of a multi-byte UTF-8 character equals one of them.
        let run = run_without(self.rest(), STOP);
        self.i += run;
        if self.b.get(self.i) == Some(&b'"') {
            self.i += 1;
            return Some(Val::Str(self.s.get(start..start + run)?.into()));
        }
        let mut owned = self.s.get(start..self.i)?.to_string();
        loop {
            match *self.b.get(self.i)? {
                b'"' => {
                    self.i += 1;
                    return Some(Val::Str(owned.into()));
                }
                b'\\' => {
                    let esc = match *self.b.get(self.i + 1)? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'n' => '\n',
                        b't' => '\t',
                        _ => return None,
                    };
                    owned.push(esc);
                    self.i += 2;
                }
                // Control characters (a line end among them) are not allowed in a basic string.
                c if CLASS[c as usize] & CONTROL != 0 => return None,
                _ => {
                    let run = run_without(self.rest(), STOP);
                    owned.push_str(self.s.get(self.i..self.i + run)?);
                    self.i += run;
                }
            }
        }
    }
}

/// A plain decimal as read: all its digits as one number, and how many of them follow the
/// point, trailing zeros of the fraction dropped (`1.50` is 15 and 1 place).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Dec {
    pub digits: u64,
    pub places: u32,
}

impl Dec {
    /// The plain decimal at the start of `b` (`digits`, or `digits.digits`), at most 19
    /// digits in all so that nothing overflows, and how many bytes it takes; None when `b` does
    /// not start so.
    #[inline]
    pub(crate) fn prefix(b: &[u8]) -> Option<(Dec, usize)> {
        let mut digits = 0u64;
        let mut k = 0;
        // Wrapping: a number of more than 19 digits is refused below, its value unused.
        while let Some(&c) = b.get(k).filter(|c| c.is_ascii_digit()) {
            digits = digits.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
            k += 1;
        }
        let whole = k;
        if whole == 0 {
            return None;
        }
        let mut places = 0;
        if b.get(k) == Some(&b'.') && b.get(k + 1).is_some_and(u8::is_ascii_digit) {
            k += 1;
            while let Some(&c) = b.get(k).filter(|c| c.is_ascii_digit()) {
                digits = digits.wrapping_mul(10).wrapping_add(u64::from(c - b'0'));
                k += 1;
                places += 1;
            }
        }
        if whole + places as usize > 19 {
            return None;
        }
        while places > 0 && digits.is_multiple_of(10) {
            digits /= 10;
            places -= 1;
        }
        Some((Dec { digits, places }, k))
    }

    /// The number in units of `10^-places` (times `10^places`), if that is whole and fits.
    #[inline]
    pub(crate) fn scaled(self, places: u32) -> Option<u64> {
        let pow = POW10.get(places.checked_sub(self.places)? as usize)?;
        self.digits.checked_mul(*pow)
    }
}

/// The powers of ten a u64 holds.
pub(crate) const POW10: [u64; 20] = {
    let mut t = [1u64; 20];
    let mut k = 1;
    while k < 20 {
        t[k] = t[k - 1] * 10;
        k += 1;
    }
    t
};

/// A per-player amount field: one number for everyone, or the list `start..end` of
/// [`Plain::nums`].
#[derive(Debug, Clone, Copy)]
pub(crate) enum Amounts {
    One(Dec),
    Each(u32, u32),
}

/// The chip-deciding fields of a file in the common shape, typed as they are read: numbers
/// as [`Dec`], actions as text.
#[derive(Debug, Default)]
pub(crate) struct Plain<'a> {
    pub variant: Option<std::borrow::Cow<'a, str>>,
    pub trimming: Option<bool>,
    pub antes: Option<Amounts>,
    pub blinds: Option<Amounts>,
    pub min_bet: Option<Dec>,
    /// `start..end` of `nums`.
    pub stacks: Option<(u32, u32)>,
    pub actions: Option<Vec<std::borrow::Cow<'a, str>>>,
    /// Whether any action holds a `.` (only then can an action's amount have decimals).
    pub dotted: bool,
    pub nums: Vec<Dec>,
}

impl<'a> Reader<'a> {
    /// A plain decimal number with at most 19 digits, read as [`Dec`]; None for anything
    /// else (the general reading decides it).
    fn decimal(&mut self) -> Option<Dec> {
        let b = self.rest();
        let (d, len) = Dec::prefix(b)?;
        // TOML writes no leading zero (`007` is not a number).
        if b.len() > 1 && b[0] == b'0' && b[1].is_ascii_digit() {
            return None;
        }
        if !matches!(
            b.get(len),
            None | Some(b' ' | b'\t' | b'\r' | b'\n' | b',' | b']' | b'#')
        ) {
            return None;
        }
        self.i += len;
        Some(d)
    }

    /// A string without escapes (basic or literal), and whether it holds a `.`; None for
    /// anything else.
    fn plain_string(&mut self) -> Option<(&'a str, bool)> {
        let stop = match self.b.get(self.i)? {
            b'"' => STOP,
            b'\'' => CONTROL | LITERAL_END,
            _ => return None,
        };
        let start = self.i + 1;
        let b = self.b.get(start..)?;
        let mut dotted = false;
        let mut k = 0;
        loop {
            k += run_without(b.get(k..)?, stop | DOT);
            match *b.get(k)? {
                b'.' => {
                    dotted = true;
                    k += 1;
                }
                b'"' | b'\'' => break,
                _ => return None,
            }
        }
        self.i = start + k + 1;
        Some((self.s.get(start..start + k)?, dotted))
    }

    /// An array, each item read by `item`; None if an item is not what it wants.
    fn list(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        if self.b.get(self.i) != Some(&b'[') {
            return None;
        }
        self.i += 1;
        loop {
            self.skip_space(true);
            if self.b.get(self.i) == Some(&b']') {
                self.i += 1;
                return Some(());
            }
            item(self)?;
            match self.b.get(self.i)? {
                b',' => self.i += 1,
                b']' => {}
                _ => {
                    self.skip_space(true);
                    match self.b.get(self.i)? {
                        b',' => self.i += 1,
                        b']' => {}
                        _ => return None,
                    }
                }
            }
        }
    }

    fn decimals(&mut self, nums: &mut Vec<Dec>) -> Option<(u32, u32)> {
        let start = nums.len() as u32;
        self.list(|r| {
            nums.push(r.decimal()?);
            Some(())
        })?;
        Some((start, nums.len() as u32))
    }

    fn amounts(&mut self, nums: &mut Vec<Dec>) -> Option<Amounts> {
        if self.b.get(self.i) == Some(&b'[') {
            let (start, end) = self.decimals(nums)?;
            Some(Amounts::Each(start, end))
        } else {
            Some(Amounts::One(self.decimal()?))
        }
    }
}

/// The file's fields typed as they are read, when it has the common shape: the seven keys
/// with values of the type they need (numbers plain decimals, strings without escapes), any
/// other keys valid flat TOML. None for anything else: [`read`] and the general build then
/// read it, and word any error.
pub(crate) fn read_plain(text: &str) -> Option<Plain<'_>> {
    let mut r = Reader {
        s: text,
        b: text.as_bytes(),
        i: 0,
        items: Vec::new(),
    };
    let mut p = Plain {
        nums: Vec::with_capacity(32),
        ..Plain::default()
    };
    let mut others: Vec<&str> = Vec::new();
    loop {
        let Some(key) = r.entry()? else {
            return Some(p);
        };
        match slot(key) {
            Some(0) if p.variant.is_none() => p.variant = Some(r.plain_string()?.0.into()),
            Some(1) if p.trimming.is_none() => match r.scalar()? {
                Val::Bool(b) => p.trimming = Some(b),
                _ => return None,
            },
            Some(2) if p.antes.is_none() => p.antes = Some(r.amounts(&mut p.nums)?),
            Some(3) if p.blinds.is_none() => p.blinds = Some(r.amounts(&mut p.nums)?),
            Some(4) if p.min_bet.is_none() => p.min_bet = Some(r.decimal()?),
            Some(5) if p.stacks.is_none() => p.stacks = Some(r.decimals(&mut p.nums)?),
            Some(6) if p.actions.is_none() => {
                let mut actions = Vec::with_capacity(32);
                let mut dotted = false;
                r.list(|r| {
                    let (a, dot) = r.plain_string()?;
                    actions.push(a.into());
                    dotted |= dot;
                    Some(())
                })?;
                p.actions = Some(actions);
                p.dotted = dotted;
            }
            // A key given twice: the general reading says so.
            Some(_) => return None,
            None if others.contains(&key) => return None,
            None => {
                others.push(key);
                r.value()?;
                r.items.clear();
            }
        }
        r.line_end()?;
    }
}

/// Whether `text` holds only white space, line ends and comments (valid TOML that defines
/// nothing).
pub(crate) fn blank(text: &str) -> bool {
    let mut r = Reader {
        s: text,
        b: text.as_bytes(),
        i: 0,
        items: Vec::new(),
    };
    r.skip_space(true);
    r.i == r.b.len()
}

/// The file's fields, or None if it uses anything beyond the flat subset.
pub(crate) fn read(text: &str) -> Option<Fields<'_>> {
    let mut r = Reader {
        s: text,
        b: text.as_bytes(),
        i: 0,
        items: Vec::with_capacity(64),
    };
    let mut known: [Option<Val<'_>>; KEYS.len()] = Default::default();
    // Other keys are read (the file must be valid) and dropped; kept only to find duplicates.
    let mut others: Vec<&str> = Vec::new();
    loop {
        let Some(key) = r.entry()? else {
            return Some(Fields {
                known,
                items: r.items,
            });
        };
        let kept = r.items.len();
        let v = r.value()?;
        // Duplicate keys: let the full parser report them.
        match slot(key) {
            Some(k) if known[k].is_some() => return None,
            Some(k) => known[k] = Some(v),
            None if others.contains(&key) => return None,
            None => {
                others.push(key);
                r.items.truncate(kept);
            }
        }
        r.line_end()?;
    }
}

#[cfg(test)]
mod tests {
    /// Files as PokerKit writes them (literal strings, `0.0` amounts) and as our corpora have
    /// them take the fast path; the agreement with the TOML parser is tested in
    /// `tests/pokerkit_corpus.rs` and `tests/robustness.rs`.
    #[test]
    fn pokerkit_written_files_take_the_fast_path() {
        for file in ["dumped.jsonl", "corpus.jsonl", "multiway.jsonl"] {
            for phh in crate::corpus_texts(file) {
                assert!(super::read(&phh).is_some(), "{file}: {phh}");
            }
        }
    }
}
