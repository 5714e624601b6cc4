//! A fast reader for the flat part of TOML that PHH files use: `key = value` lines whose
//! values are strings, numbers, booleans and arrays of them (arrays may span lines), with
//! comments. Anything else (tables, dates, inline tables, escapes other than `\"` `\\` `\n`
//! `\t`) makes it give up, and the caller reads the file with the `toml` crate instead. It
//! exists because the general parser takes most of the time of a replay, and replaying large
//! corpora is what `floorbook phh replay` is for; `tests::agrees_with_toml` holds it to the
//! crate on the whole corpus.

/// A value as written.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Val<'a> {
    Str(std::borrow::Cow<'a, str>),
    /// A number, exactly as written (so that decimal places are known).
    Num(std::borrow::Cow<'a, str>),
    Bool(bool),
    Arr(Vec<Val<'a>>),
}

struct Reader<'a> {
    s: &'a str,
    b: &'a [u8],
    i: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self, newlines: bool) {
        while let Some(&c) = self.b.get(self.i) {
            match c {
                b' ' | b'\t' | b'\r' => self.i += 1,
                b'\n' if newlines => self.i += 1,
                b'#' => {
                    while self.b.get(self.i).is_some_and(|&c| c != b'\n') {
                        self.i += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn key(&mut self) -> Option<&'a str> {
        let start = self.i;
        while self
            .b
            .get(self.i)
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_' || *c == b'-')
        {
            self.i += 1;
        }
        (self.i > start).then(|| &self.s[start..self.i])
    }

    fn value(&mut self) -> Option<Val<'a>> {
        match *self.b.get(self.i)? {
            b'"' => self.string(),
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_space(true);
                    if self.b.get(self.i) == Some(&b']') {
                        self.i += 1;
                        return Some(Val::Arr(items));
                    }
                    items.push(self.value()?);
                    self.skip_space(true);
                    match self.b.get(self.i)? {
                        b',' => self.i += 1,
                        b']' => {}
                        _ => return None,
                    }
                }
            }
            b't' if self.s[self.i..].starts_with("true") => {
                self.i += 4;
                Some(Val::Bool(true))
            }
            b'f' if self.s[self.i..].starts_with("false") => {
                self.i += 5;
                Some(Val::Bool(false))
            }
            c if c.is_ascii_digit() || c == b'-' || c == b'+' => {
                let start = self.i;
                while self
                    .b
                    .get(self.i)
                    .is_some_and(|c| c.is_ascii_digit() || b"+-._".contains(c))
                {
                    self.i += 1;
                }
                let text = &self.s[start..self.i];
                // Only plain decimal numbers; exponents, hex and the like go to the full parser.
                if text.contains('_') || text.starts_with('+') || text.matches('.').count() > 1 {
                    return None;
                }
                Some(Val::Num(text.into()))
            }
            _ => None,
        }
    }

    fn string(&mut self) -> Option<Val<'a>> {
        self.i += 1;
        let start = self.i;
        let mut owned: Option<String> = None;
        loop {
            let c = *self.b.get(self.i)?;
            match c {
                b'"' => {
                    let v = match owned {
                        Some(o) => Val::Str(o.into()),
                        None => Val::Str(self.s[start..self.i].into()),
                    };
                    self.i += 1;
                    return Some(v);
                }
                b'\\' => {
                    let o = owned.get_or_insert_with(|| self.s[start..self.i].to_string());
                    let esc = match *self.b.get(self.i + 1)? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'n' => '\n',
                        b't' => '\t',
                        _ => return None,
                    };
                    o.push(esc);
                    self.i += 2;
                }
                b'\n' => return None,
                _ => {
                    // Up to the next quote, backslash or line end in one step: those are ASCII,
                    // and no byte of a multi-byte UTF-8 character equals one of them.
                    let run = self.b[self.i..]
                        .iter()
                        .position(|&c| matches!(c, b'"' | b'\\' | b'\n'))
                        .unwrap_or(self.b.len() - self.i);
                    let end = self.i + run;
                    if let Some(o) = owned.as_mut() {
                        o.push_str(self.s.get(self.i..end)?);
                    }
                    self.i = end;
                }
            }
        }
    }
}

/// The file's top-level keys and values, or None if it uses anything beyond the flat subset.
pub(crate) fn read(text: &str) -> Option<Vec<(&str, Val<'_>)>> {
    let mut r = Reader {
        s: text,
        b: text.as_bytes(),
        i: 0,
    };
    let mut out = Vec::with_capacity(8);
    loop {
        r.skip_space(true);
        if r.i >= r.b.len() {
            return Some(out);
        }
        let key = r.key()?;
        r.skip_space(false);
        if r.b.get(r.i) != Some(&b'=') {
            return None;
        }
        r.i += 1;
        r.skip_space(false);
        let v = r.value()?;
        if out.iter().any(|(k, _)| *k == key) {
            return None; // duplicate keys: let the full parser report it
        }
        out.push((key, v));
        r.skip_space(false);
        match r.b.get(r.i) {
            None | Some(b'\n') => {}
            _ => return None,
        }
    }
}
