//! Reading a PHH file.

use thiserror::Error;

/// A PHH file that cannot be read.
#[derive(Debug, Error)]
pub enum PhhError {
    #[error("not a PHH file: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("variant {0:?} is not supported (NT, PO, F7S, F7S/8 and FR are)")]
    Variant(String),
    #[error("{field} must be amounts of at least 0; found {value}")]
    Amount { field: &'static str, value: String },
    #[error("actions must be a list of strings (\"p1 cbr 20\", …); found {value}")]
    Actions { value: String },
    #[error("the field {field} is missing")]
    Missing { field: String },
    #[error("a .phhs file holds hands as tables ([1], [2], …); this entry is not a table")]
    NotAHand,
}

/// The fields of a PHH file that decide the chips. Amounts are whole multiples of
/// `1 / scale` of the file's unit: a file with amounts like `0.25` is read with `scale` 100, so
/// that all arithmetic is exact.
#[derive(Debug, Clone, PartialEq)]
pub struct PhhHand<'a> {
    pub variant: String,
    pub ante_trimming: bool,
    pub antes: Vec<u64>,
    pub blinds: Vec<u64>,
    pub min_bet: u64,
    /// The starting stacks; an unknown one (PHH's `inf`) is 0 here and marked in `unknown`.
    pub stacks: Vec<u64>,
    /// The players whose starting stack is unknown (`inf`, as PHH writes a stack nobody
    /// recorded); empty when every stack is known.
    pub unknown: Vec<bool>,
    /// The actions as written (borrowed from the file's text where possible).
    pub actions: Vec<std::borrow::Cow<'a, str>>,
    pub scale: u64,
    /// Stud's limits (F7S, F7S/8, FR), scaled; None for a flop game.
    pub stud: Option<StudLimits>,
}

/// The bring-in and the two bets of a stud hand, in the hand's scaled units.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StudLimits {
    pub bring_in: u64,
    pub small_bet: u64,
    pub big_bet: u64,
}

/// Whether a PHH variant code is one of the stud games.
pub fn is_stud(variant: &str) -> bool {
    matches!(variant, "F7S" | "F7S/8" | "FR")
}

impl PhhHand<'_> {
    /// An amount as written in the file, in this hand's scaled units.
    pub fn scaled(&self, written: &str) -> Option<u64> {
        scale_text(written, self.scale)
    }

    /// A scaled amount as the file would write it.
    pub fn unscaled(&self, amount: u64) -> serde_json_number::Number {
        serde_json_number::Number::of(amount, self.scale)
    }
}

/// Numbers for output, exactly as PokerKit has them: whole when the scale is 1, otherwise a
/// decimal with the digits it needs (`2.5`, `99999999999999998.25`), never rounded through a
/// float.
pub mod serde_json_number {
    use std::fmt;

    /// An amount in the file's own units.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Number {
        Whole(u64),
        /// `units / scale`, `scale` a power of ten.
        Decimal {
            units: u64,
            scale: u64,
        },
        /// A stack nobody knows (PHH's `inf`): written as `null`.
        Unknown,
    }

    impl Number {
        pub fn of(amount: u64, scale: u64) -> Number {
            if scale <= 1 {
                Number::Whole(amount)
            } else {
                Number::Decimal {
                    units: amount,
                    scale,
                }
            }
        }
    }

    impl fmt::Display for Number {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            match *self {
                Number::Whole(n) => write!(f, "{n}"),
                Number::Decimal { units, scale } => {
                    let places = scale.checked_ilog10().unwrap_or(0) as usize;
                    let fraction = format!("{:0places$}", units % scale);
                    let fraction = fraction.trim_end_matches('0');
                    if fraction.is_empty() {
                        write!(f, "{}", units / scale)
                    } else {
                        write!(f, "{}.{fraction}", units / scale)
                    }
                }
                Number::Unknown => f.write_str("inf"),
            }
        }
    }

    impl serde::Serialize for Number {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Number::Whole(n) => s.serialize_u64(*n),
                Number::Unknown => s.serialize_none(),
                // Written as a JSON number with exactly these digits.
                Number::Decimal { .. } => {
                    serde_json::value::RawValue::from_string(self.to_string())
                        .map_err(serde::ser::Error::custom)?
                        .serialize(s)
                }
            }
        }
    }

    #[cfg(test)]
    mod tests {
        use super::Number;

        #[test]
        fn decimals_keep_every_digit_and_drop_trailing_zeros() {
            let n = |units, scale| Number::of(units, scale).to_string();
            assert_eq!(n(250, 100), "2.5");
            assert_eq!(n(200, 100), "2");
            assert_eq!(n(5, 100), "0.05");
            assert_eq!(n(9_999_999_999_999_999_825, 100), "99999999999999998.25");
            assert_eq!(n(7, 1), "7");
            let json = serde_json::to_string(&[Number::of(125, 1000), Number::of(3, 1)])
                .expect("serializes");
            assert_eq!(json, "[0.125,3]");
        }
    }
}

/// [`scale_text`] in one pass for the common shape, a plain decimal ([`flat::Dec::prefix`]);
/// None for anything else, which the general reading then decides.
#[inline]
fn scale_plain(b: &[u8], scale: u64) -> Option<u64> {
    let (d, len) = flat::Dec::prefix(b)?;
    if len != b.len() {
        return None;
    }
    d.scaled(POW10.iter().position(|&p| p == scale)? as u32)
}

/// `text` (an integer or decimal) times `scale`, if that is a whole number of at least 0.
/// `scale` must be a power of ten; trailing zeros of the fraction do not count.
fn scale_text(text: &str, scale: u64) -> Option<u64> {
    if let Some(v) = scale_plain(text.as_bytes(), scale) {
        return Some(v);
    }
    let (whole, frac) = match text.as_bytes().iter().position(|&b| b == b'.') {
        Some(i) => (&text.as_bytes()[..i], &text.as_bytes()[i + 1..]),
        None => (text.as_bytes(), &[][..]),
    };
    let frac = match frac.iter().rposition(|&b| b != b'0') {
        Some(last) => &frac[..=last],
        None => &[][..],
    };
    let digits = scale.checked_ilog10().unwrap_or(0) as usize;
    if whole.is_empty() || 10u64.checked_pow(digits as u32)? != scale || frac.len() > digits {
        return None;
    }
    let mut value = 0u64;
    for &b in whole.iter().chain(frac) {
        if !b.is_ascii_digit() {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(b - b'0'))?;
    }
    // The fraction's digits, then zeros up to the scale's places.
    value.checked_mul(10u64.checked_pow((digits - frac.len()) as u32)?)
}

use crate::flat::{self, Fields, KEYS, POW10, Val};

/// A number as PokerKit reads it (Python's `int`, or `Decimal` for floats): exactly, with
/// underscores and a `+` sign dropped and a negative zero read as zero; other bases in decimal.
fn exact_number(raw: &str, radix: u32) -> Val<'static> {
    let text: String = raw.chars().filter(|&c| c != '_').collect();
    let text = text.strip_prefix('+').unwrap_or(&text);
    if radix != 10 {
        return match i64::from_str_radix(text, radix) {
            Ok(v) => Val::Num(v.to_string().into()),
            Err(_) => Val::Other,
        };
    }
    let zero = text
        .trim_start_matches('-')
        .bytes()
        .all(|b| b == b'0' || b == b'.');
    Val::Num(
        if zero {
            text.trim_start_matches('-')
        } else {
            text
        }
        .to_string()
        .into(),
    )
}

/// A value from the general TOML parser, its array items put in `items`.
fn from_toml(v: &toml::de::DeValue<'_>, items: &mut Vec<Val<'static>>) -> Val<'static> {
    use toml::de::DeValue;
    match v {
        DeValue::String(s) => Val::Str(s.to_string().into()),
        DeValue::Integer(i) => exact_number(i.as_str(), i.radix()),
        DeValue::Float(f) => exact_number(f.as_str(), 10),
        DeValue::Boolean(b) => Val::Bool(*b),
        DeValue::Array(a) => {
            // An array of arrays holds Other: arrays hold plain values only.
            let flat: Vec<Val<'static>> = a
                .iter()
                .map(|x| match x.get_ref() {
                    DeValue::Array(_) | DeValue::Table(_) | DeValue::Datetime(_) => Val::Other,
                    scalar => from_toml(scalar, &mut Vec::new()),
                })
                .collect();
            let start = items.len() as u32;
            items.extend(flat);
            Val::Arr(start, items.len() as u32)
        }
        // Tables and dates carry no chips.
        DeValue::Table(_) | DeValue::Datetime(_) => Val::Other,
    }
}

/// The chip-deciding fields of one TOML table.
fn fields_of(table: &toml::de::DeTable<'_>) -> Fields<'static> {
    let mut fields = Fields::default();
    for (k, v) in table.iter() {
        if let Some(slot) = flat::slot(k.get_ref()) {
            let v = from_toml(v.get_ref(), &mut fields.items);
            fields.known[slot] = Some(v);
        }
    }
    fields
}

/// Decimal places of a number as written.
fn places(text: &str) -> usize {
    let b = text.as_bytes();
    match b.iter().position(|&c| c == b'.') {
        Some(dot) => b[dot + 1..]
            .iter()
            .rposition(|&c| c != b'0')
            .map_or(0, |last| last + 1),
        None => 0,
    }
}

fn number_text<'v>(field: &'static str, v: &'v Val<'_>) -> Result<&'v str, PhhError> {
    match v {
        Val::Num(t) => Ok(t),
        other => Err(PhhError::Amount {
            field,
            value: other.to_string(),
        }),
    }
}

fn amount(field: &'static str, v: &Val<'_>, scale: u64) -> Result<u64, PhhError> {
    let text = number_text(field, v)?;
    scale_text(text, scale).ok_or_else(|| PhhError::Amount {
        field,
        value: text.to_string(),
    })
}

/// One amount per player: an array as PokerKit reads one (cut to the players, or filled up with
/// zeros), or one number for everyone.
fn amounts(
    field: &'static str,
    fields: &Fields<'_>,
    v: &Val<'_>,
    players: usize,
    scale: u64,
) -> Result<Vec<u64>, PhhError> {
    match v {
        Val::Arr(..) => {
            let mut out = Vec::with_capacity(players);
            for x in per_player(fields.values(v), players) {
                out.push(amount(field, x, scale)?);
            }
            out.resize(players, 0);
            Ok(out)
        }
        single => Ok(vec![amount(field, single, scale)?; players]),
    }
}

/// The values of an array that belong to a player: PokerKit ignores any past the last player.
fn per_player<'v, 'a>(items: &'v [Val<'a>], players: usize) -> &'v [Val<'a>] {
    &items[..items.len().min(players)]
}

/// Reads PHH text.
pub fn parse_phh(text: &str) -> Result<PhhHand<'_>, PhhError> {
    fast(text).unwrap_or_else(|| parse_phh_with_toml(text))
}

/// A hand read by the fast readers: typed in one pass when the file has the common shape,
/// otherwise through the flat reader's values; None when the file is beyond PHH's flat subset
/// (the general TOML parser then reads it).
fn fast(text: &str) -> Option<Result<PhhHand<'_>, PhhError>> {
    if let Some(hand) = flat::read_plain(text).and_then(build_plain) {
        return Some(Ok(hand));
    }
    flat::read(text).map(|fields| build(&fields))
}

/// The decimal places an action's amount adds, if it is a `cbr` with a `.` in it.
fn action_places(a: &str) -> usize {
    let mut words = a.split('#').next().unwrap_or("").split_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(_), Some("cbr"), Some(amount)) => places(amount),
        _ => 0,
    }
}

/// [`build`] for fields read typed ([`flat::read_plain`]): the same hand, or None where `build`
/// would refuse the file (it then words the error).
fn build_plain(p: flat::Plain<'_>) -> Option<PhhHand<'_>> {
    use flat::{Amounts, Dec};
    let variant = p.variant?;
    if variant != "NT" && variant != "PO" {
        return None;
    }
    let nums = &p.nums;
    let (s0, s1) = p.stacks?;
    let stacks = nums.get(s0 as usize..s1 as usize)?;
    let players = stacks.len();
    // As `per_player`: the values that belong to a player.
    fn per<'v>(a: &'v Amounts, nums: &'v [Dec], players: usize) -> Option<&'v [Dec]> {
        Some(match a {
            Amounts::One(d) => &std::slice::from_ref(d)[..players.min(1)],
            Amounts::Each(start, end) => {
                let all = nums.get(*start as usize..*end as usize)?;
                &all[..all.len().min(players)]
            }
        })
    }
    let (antes, blinds, min_bet, actions) = (p.antes?, p.blinds?, p.min_bet?, p.actions?);
    let ante_vals = per(&antes, nums, players)?;
    let blind_vals = per(&blinds, nums, players)?;
    let mut digits = ante_vals
        .iter()
        .chain(blind_vals)
        .chain(stacks)
        .chain([&min_bet])
        .map(|d| d.places as usize)
        .max()
        .unwrap_or(0);
    if p.dotted {
        for a in actions.iter().filter(|a| a.as_bytes().contains(&b'.')) {
            digits = digits.max(action_places(a));
        }
    }
    if digits > 6 {
        return None;
    }
    // A number with more places than the file's amounts count (an ante for no players at
    // all) is not a whole number of units: None, and `build` says so.
    let scaled = |d: &Dec| d.scaled(digits as u32);
    let mut stack_out = Vec::with_capacity(players);
    for d in stacks {
        stack_out.push(scaled(d)?);
    }
    let each = |a: &Amounts, vals: &[Dec]| -> Option<Vec<u64>> {
        Some(match a {
            Amounts::One(d) => vec![scaled(d)?; players],
            Amounts::Each(..) => {
                let mut out = Vec::with_capacity(players);
                for d in vals {
                    out.push(scaled(d)?);
                }
                out.resize(players, 0);
                out
            }
        })
    };
    Some(PhhHand {
        variant: variant.into_owned(),
        ante_trimming: p.trimming.unwrap_or(false),
        antes: each(&antes, ante_vals)?,
        blinds: each(&blinds, blind_vals)?,
        min_bet: scaled(&min_bet)?,
        stacks: stack_out,
        unknown: Vec::new(),
        actions,
        scale: POW10[digits],
        stud: None,
    })
}

/// Reads PHH text with the general TOML parser only (the reference for the fast reader).
#[doc(hidden)]
pub fn parse_phh_with_toml(text: &str) -> Result<PhhHand<'static>, PhhError> {
    let table = toml::de::DeTable::parse(text)?;
    build(&fields_of(table.get_ref()))
}

/// One hand of a `.phhs` file: its section name, and the hand or why it cannot be read.
pub type PhhsHand<'a> = (String, Result<PhhHand<'a>, PhhError>);

/// Reads a `.phhs` file, PHH's collection of hands: one TOML table per hand (`[1]`, `[2]`, …,
/// as PokerKit's `HandHistory.dumps_all` writes them), in the order of the file. A section that
/// is not a hand is reported as such; the others are still read.
pub fn parse_phhs(text: &str) -> Result<Vec<PhhsHand<'_>>, PhhError> {
    match phhs_fast(text) {
        Some(hands) => Ok(hands),
        None => parse_phhs_with_toml(text),
    }
}

/// Reads a `.phhs` file with the general TOML parser only (the reference for the fast path).
#[doc(hidden)]
pub fn parse_phhs_with_toml(text: &str) -> Result<Vec<PhhsHand<'static>>, PhhError> {
    let document = toml::de::DeTable::parse(text)?;
    let mut sections: Vec<_> = document.get_ref().iter().collect();
    // The table keeps keys sorted; the file's order is the order of their positions.
    sections.sort_by_key(|(k, _)| k.span().start);
    Ok(sections
        .into_iter()
        .map(|(name, value)| {
            let hand = match value.get_ref() {
                toml::de::DeValue::Table(t) => build(&fields_of(t)),
                _ => Err(PhhError::NotAHand),
            };
            (name.get_ref().to_string(), hand)
        })
        .collect())
}

/// The name of a plain table header line (`[12]`, `[hand_3]`, a comment after it allowed);
/// `line` with its line end.
fn header(line: &str) -> Option<&str> {
    let rest = line.trim_start_matches([' ', '\t']).strip_prefix('[')?;
    let end = rest.find(']')?;
    let name = &rest[..end];
    let bare = !name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    (bare && flat::blank(&rest[end + 1..])).then_some(name)
}

/// The common shape of a `.phhs` file (plain headers, each section PHH's flat subset) read by
/// the fast reader; None for anything else, which the general parser then reads.
fn phhs_fast(text: &str) -> Option<Vec<PhhsHand<'_>>> {
    let mut sections: Vec<(&str, usize)> = Vec::new();
    let mut names = std::collections::HashSet::new();
    let mut at = 0;
    for line in text.split_inclusive('\n') {
        if let Some(name) = header(line) {
            if !names.insert(name) {
                return None; // a table defined twice: the general parser says so
            }
            sections.push((name, at + line.len()));
        } else if sections.is_empty() && !flat::blank(line) {
            return None; // before the first table only blank lines and comments
        }
        at += line.len();
    }
    let mut hands = Vec::with_capacity(sections.len());
    for (k, &(name, start)) in sections.iter().enumerate() {
        // The section runs to the start of the next header line.
        let end = match sections.get(k + 1) {
            Some(&(_, next_start)) => {
                let header_line = text[..next_start].trim_end_matches('\n');
                header_line.rfind('\n').map_or(0, |i| i + 1)
            }
            None => text.len(),
        };
        hands.push((name.to_string(), fast(text.get(start..end)?)?));
    }
    Some(hands)
}

fn build<'a>(fields: &Fields<'a>) -> Result<PhhHand<'a>, PhhError> {
    const VARIANT: usize = 0;
    const TRIMMING: usize = 1;
    const ANTES: usize = 2;
    const BLINDS: usize = 3;
    const MIN_BET: usize = 4;
    const STACKS: usize = 5;
    const ACTIONS: usize = 6;
    const BRING_IN: usize = 7;
    const SMALL_BET: usize = 8;
    const BIG_BET: usize = 9;
    let missing = |k: usize| PhhError::Missing {
        field: KEYS[k].to_string(),
    };
    let variant = match fields.get(VARIANT) {
        Some(Val::Str(s)) => s.to_string(),
        _ => return Err(missing(VARIANT)),
    };
    let stud = is_stud(&variant);
    if variant != "NT" && variant != "PO" && !stud {
        return Err(PhhError::Variant(variant));
    }
    let ante_trimming = matches!(fields.get(TRIMMING), Some(Val::Bool(true)));
    let antes = fields.get(ANTES).ok_or_else(|| missing(ANTES))?;
    // Stud has no blinds and no minimum bet: its limits are the bring-in and the two bets.
    let zero = Val::Num("0".into());
    let (blinds, min_bet) = if stud {
        (
            &zero,
            fields.get(SMALL_BET).ok_or_else(|| missing(SMALL_BET))?,
        )
    } else {
        (
            fields.get(BLINDS).ok_or_else(|| missing(BLINDS))?,
            fields.get(MIN_BET).ok_or_else(|| missing(MIN_BET))?,
        )
    };
    let limits = if stud {
        Some([
            fields.get(BRING_IN).ok_or_else(|| missing(BRING_IN))?,
            fields.get(SMALL_BET).ok_or_else(|| missing(SMALL_BET))?,
            fields.get(BIG_BET).ok_or_else(|| missing(BIG_BET))?,
        ])
    } else {
        None
    };
    let stack_vals = match fields.get(STACKS) {
        Some(v @ Val::Arr(..)) => fields.values(v),
        _ => return Err(missing(STACKS)),
    };
    let actions: Vec<std::borrow::Cow<'a, str>> = match fields.get(ACTIONS) {
        Some(v @ Val::Arr(..)) => {
            let items = fields.values(v);
            let mut actions = Vec::with_capacity(items.len());
            for a in items {
                match a {
                    Val::Str(s) => actions.push(s.clone()),
                    other => {
                        return Err(PhhError::Actions {
                            value: other.to_string(),
                        });
                    }
                }
            }
            actions
        }
        None => return Err(missing(ACTIONS)),
        Some(other) => {
            return Err(PhhError::Actions {
                value: other.to_string(),
            });
        }
    };
    let players = stack_vals.len();
    // Decimal places of the file's amounts, including those inside actions.
    let mut digits = per_player(fields.values(antes), players)
        .iter()
        .chain(per_player(fields.values(blinds), players))
        .chain(stack_vals)
        .chain([min_bet])
        .chain(limits.iter().flatten().copied())
        .filter_map(|v| match v {
            Val::Num(t) => Some(places(t)),
            _ => None,
        })
        .max()
        .unwrap_or(0);
    for a in actions.iter().filter(|a| a.as_bytes().contains(&b'.')) {
        digits = digits.max(action_places(a));
    }
    if digits > 6 {
        return Err(PhhError::Amount {
            field: "amounts",
            value: format!("{digits} decimal places (at most 6 are supported)"),
        });
    }
    let scale = 10u64.pow(digits as u32);
    let mut stacks = Vec::with_capacity(players);
    let mut unknown = Vec::new();
    for (i, v) in stack_vals.iter().enumerate() {
        // `inf`: a stack nobody recorded (the PHH standard; PokerKit plays it as infinite).
        if matches!(v, Val::Num(t) if t == "inf") {
            unknown.resize(players, false);
            unknown[i] = true;
            stacks.push(0);
        } else {
            stacks.push(amount("starting_stacks", v, scale)?);
        }
    }
    Ok(PhhHand {
        variant,
        ante_trimming,
        antes: amounts("antes", fields, antes, players, scale)?,
        blinds: amounts("blinds_or_straddles", fields, blinds, players, scale)?,
        min_bet: amount("min_bet", min_bet, scale)?,
        stacks,
        unknown,
        actions,
        scale,
        stud: match limits {
            Some([b, s, g]) => Some(StudLimits {
                bring_in: amount("bring_in", b, scale)?,
                small_bet: amount("small_bet", s, scale)?,
                big_bet: amount("big_bet", g, scale)?,
            }),
            None => None,
        },
    })
}

#[cfg(test)]
mod tests {
    use super::scale_text;
    use proptest::prelude::*;

    /// The plain reading of a decimal, to hold the byte-level one to.
    fn by_strings(text: &str, scale: u64) -> Option<u64> {
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let frac = frac.trim_end_matches('0');
        if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let digits = scale.checked_ilog10().unwrap_or(0) as usize;
        if 10u64.checked_pow(digits as u32)? != scale || frac.len() > digits {
            return None;
        }
        let w: u64 = whole.parse().ok()?;
        let f: u64 = if frac.is_empty() {
            0
        } else {
            frac.parse::<u64>()
                .ok()?
                .checked_mul(10u64.checked_pow((digits - frac.len()) as u32)?)?
        };
        w.checked_mul(scale)?.checked_add(f)
    }

    #[test]
    fn amounts_scale_exactly() {
        assert_eq!(scale_text("12", 1), Some(12));
        assert_eq!(scale_text("0.25", 100), Some(25));
        assert_eq!(scale_text("1.50", 10), Some(15));
        assert_eq!(scale_text("1.", 1), Some(1));
        assert_eq!(scale_text("1.05", 10), None);
        assert_eq!(scale_text("-1", 1), None);
        assert_eq!(scale_text(".5", 10), None);
        assert_eq!(scale_text("18446744073709551616", 1), None);
        assert_eq!(scale_text("1844674407370955161.6", 10), None);
    }

    /// A collection as PokerKit's `dumps_all` writes it takes the fast path (its agreement with
    /// the general parser is tested in `tests/robustness.rs`).
    #[test]
    fn pokerkit_collections_take_the_fast_path() {
        let hands: Vec<String> = crate::corpus_texts("dumped.jsonl")
            .iter()
            .take(50)
            .enumerate()
            .map(|(i, phh)| format!("[{}]\n{phh}", i + 1))
            .collect();
        let phhs = format!("# fifty hands\n\n{}\n", hands.join("\n\n"));
        let read = super::phhs_fast(&phhs).expect("the fast path reads it");
        assert_eq!(read.len(), 50);
        assert!(read.iter().all(|(_, h)| h.is_ok()));
        assert_eq!(read[49].0, "50");
    }

    /// Every file of the corpora has the common shape and is read typed in one pass, to the
    /// same hand as through the flat reader's values; where the typed reading gives up (the
    /// damaged files of `robustness.rs` reach it too), the values decide.
    #[test]
    fn typed_reading_gives_the_hand_the_values_give() {
        let mut typed = 0;
        for file in [
            "corpus.jsonl",
            "multiway.jsonl",
            "straddles.jsonl",
            "dumped.jsonl",
            "illegal.jsonl",
            "real.jsonl",
        ] {
            for phh in crate::corpus_texts(file) {
                let phh = phh.as_str();
                let by_values = super::build(&super::flat::read(phh).expect("flat subset"));
                match super::flat::read_plain(phh).and_then(super::build_plain) {
                    Some(hand) => {
                        typed += 1;
                        assert_eq!(Some(&hand), by_values.as_ref().ok(), "{file}: {phh}");
                    }
                    None => assert!(file == "real.jsonl" || by_values.is_err(), "{file}: {phh}"),
                }
            }
        }
        assert!(typed > 8_000, "{typed} files read typed");
    }

    /// Real hand histories (the PHH dataset's online hands) carry fields of their own, a time
    /// of day among them: such files and collections take the fast readers, and read as the
    /// general parser reads them.
    #[test]
    fn files_with_dates_and_times_take_the_fast_path() {
        let hand = "variant = 'NT'\nante_trimming_status = false\nantes = [0, 0, 0]\n\
                    blinds_or_straddles = [0.50, 1, 0]\nmin_bet = 1\n\
                    starting_stacks = [200.30, 81.60, 197]\n\
                    actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 f', \
                    'p1 cbr 3.00', 'p2 f']\nvenue = 'Club'\ntime = 21:04:09\nday = 1\n\
                    hand = 3017237436\nplayed = 2009-07-01T21:04:09Z\nseats = [6, 3, 5]\n\
                    players = ['a', 'b', 'c']\nwinnings = [2, 0, 0]\n";
        assert!(super::flat::read_plain(hand).is_some());
        assert_eq!(
            super::parse_phh(hand).ok(),
            super::parse_phh_with_toml(hand).ok()
        );
        let phhs = format!("[1]\n{hand}\n[2]\n{hand}");
        let fast = super::phhs_fast(&phhs).expect("the fast path reads it");
        assert_eq!(fast.len(), 2);
        assert_eq!(
            format!("{fast:?}"),
            format!("{:?}", super::parse_phhs_with_toml(&phhs).expect("valid"))
        );
        // A date parted from its time by a space is left to the general parser.
        let spaced = hand.replace("2009-07-01T21:04:09Z", "2009-07-01 21:04:09");
        assert!(super::flat::read_plain(&spaced).is_none());
        assert!(super::flat::read(&spaced).is_none());
        assert_eq!(
            super::parse_phh(&spaced).ok(),
            super::parse_phh_with_toml(&spaced).ok()
        );
    }

    /// A field of the wrong shape is named in words (not the reader's internals), and a file
    /// whose amounts cannot all be scaled is refused, never a panic (an ante with decimals for
    /// no players at all once indexed past the powers of ten).
    #[test]
    fn wrong_shapes_are_refused_in_words() {
        let file = |min_bet: &str, stacks: &str, antes: &str, actions: &str| {
            format!(
                "variant = 'NT'\nantes = {antes}\nblinds_or_straddles = [1, 2]\n\
                 min_bet = {min_bet}\nstarting_stacks = {stacks}\nactions = {actions}\n"
            )
        };
        let error = |text: String| match super::parse_phh(&text) {
            Ok(hand) => panic!("read {hand:?}"),
            Err(e) => e.to_string(),
        };
        assert_eq!(
            error(file("[2]", "[100, 100]", "0", "[]")),
            "min_bet must be amounts of at least 0; found a list"
        );
        assert_eq!(
            error(file("2", "[100, 100]", "0", "[['p1 f']]")),
            "actions must be a list of strings (\"p1 cbr 20\", …); found a table, a date or a \
             list of lists"
        );
        assert_eq!(
            error(file("2", "[]", "0.5", "[]")),
            "antes must be amounts of at least 0; found 0.5"
        );
    }

    proptest! {
        #[test]
        fn the_byte_reading_agrees_with_the_string_reading(
            text in "[0-9.x-]{0,24}",
            places in 0u32..8,
        ) {
            let scale = 10u64.pow(places);
            prop_assert_eq!(scale_text(&text, scale), by_strings(&text, scale));
            prop_assert_eq!(scale_text(&text, scale + 1), None);
        }
    }
}
