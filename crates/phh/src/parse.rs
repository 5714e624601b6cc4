//! Reading a PHH file.

use serde::Deserialize;
use thiserror::Error;

/// A PHH file that cannot be read.
#[derive(Debug, Error)]
pub enum PhhError {
    #[error("not a PHH file: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("variant {0:?} is not supported (NT and PO are)")]
    Variant(String),
    #[error("{field} must list {players} values, one per player; it lists {got}")]
    Length {
        field: &'static str,
        players: usize,
        got: usize,
    },
    #[error("{field} must be whole chip amounts of at least 0; found {value}")]
    Amount { field: &'static str, value: String },
}

/// The fields of a PHH file that decide the chips. Amounts are whole multiples of
/// `1 / scale` of the file's unit: a file with amounts like `0.25` is read with `scale` 100, so
/// that all arithmetic is exact.
#[derive(Debug, Clone, PartialEq)]
pub struct PhhHand {
    pub variant: String,
    pub ante_trimming: bool,
    pub antes: Vec<u64>,
    pub blinds: Vec<u64>,
    pub min_bet: u64,
    pub stacks: Vec<u64>,
    pub actions: Vec<String>,
    pub scale: u64,
}

impl PhhHand {
    /// An amount as written in the file, in this hand's scaled units.
    pub fn scaled(&self, written: &str) -> Option<u64> {
        scale_text(written, self.scale)
    }

    /// A scaled amount as the file would write it.
    pub fn unscaled(&self, amount: u64) -> serde_json_number::Number {
        serde_json_number::Number::of(amount, self.scale)
    }
}

/// Numbers for output: whole when the scale is 1, decimal otherwise.
pub mod serde_json_number {
    /// An amount in the file's own units.
    #[derive(Debug, Clone, Copy, PartialEq)]
    pub enum Number {
        Whole(u64),
        Decimal(f64),
    }

    impl Number {
        pub fn of(amount: u64, scale: u64) -> Number {
            if scale <= 1 {
                Number::Whole(amount)
            } else {
                Number::Decimal(amount as f64 / scale as f64)
            }
        }
    }

    impl serde::Serialize for Number {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            match self {
                Number::Whole(n) => s.serialize_u64(*n),
                Number::Decimal(f) => s.serialize_f64(*f),
            }
        }
    }
}

/// `text` (an integer or decimal) times `scale`, if that is a whole number of at least 0.
fn scale_text(text: &str, scale: u64) -> Option<u64> {
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
    let mut padded = frac.to_string();
    while padded.len() < digits {
        padded.push('0');
    }
    let w: u64 = whole.parse().ok()?;
    let f: u64 = if padded.is_empty() {
        0
    } else {
        padded.parse().ok()?
    };
    w.checked_mul(scale)?.checked_add(f)
}

/// The number of decimal places a TOML number is written with (0 for integers).
fn places(v: &toml::Value) -> usize {
    match v {
        toml::Value::Float(f) => {
            let s = format!("{f}");
            s.split_once('.')
                .map_or(0, |(_, frac)| frac.trim_end_matches('0').len())
        }
        _ => 0,
    }
}

#[derive(Debug, Deserialize)]
struct Raw {
    variant: String,
    #[serde(default)]
    ante_trimming_status: bool,
    antes: Amounts,
    blinds_or_straddles: Amounts,
    min_bet: toml::Value,
    starting_stacks: Vec<toml::Value>,
    #[serde(default)]
    actions: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Amounts {
    Each(Vec<toml::Value>),
    One(toml::Value),
}

fn amount(field: &'static str, v: &toml::Value, scale: u64) -> Result<u64, PhhError> {
    let bad = || PhhError::Amount {
        field,
        value: v.to_string(),
    };
    let text = match v {
        toml::Value::Integer(i) if *i >= 0 => i.to_string(),
        toml::Value::Float(f) if *f >= 0.0 && f.is_finite() => format!("{f}"),
        _ => return Err(bad()),
    };
    scale_text(&text, scale).ok_or_else(bad)
}

fn values(a: &Amounts) -> Vec<&toml::Value> {
    match a {
        Amounts::One(v) => vec![v],
        Amounts::Each(vs) => vs.iter().collect(),
    }
}

fn amounts(
    field: &'static str,
    a: &Amounts,
    players: usize,
    scale: u64,
) -> Result<Vec<u64>, PhhError> {
    match a {
        Amounts::One(v) => Ok(vec![amount(field, v, scale)?; players]),
        Amounts::Each(vs) => {
            if vs.len() != players {
                return Err(PhhError::Length {
                    field,
                    players,
                    got: vs.len(),
                });
            }
            vs.iter().map(|v| amount(field, v, scale)).collect()
        }
    }
}

/// Reads PHH text.
pub fn parse_phh(text: &str) -> Result<PhhHand, PhhError> {
    let raw: Raw = toml::from_str(text)?;
    if raw.variant != "NT" && raw.variant != "PO" {
        return Err(PhhError::Variant(raw.variant));
    }
    let players = raw.starting_stacks.len();
    // Decimal places of the file's amounts, including those inside actions.
    let mut digits = values(&raw.antes)
        .into_iter()
        .chain(values(&raw.blinds_or_straddles))
        .chain(raw.starting_stacks.iter())
        .chain([&raw.min_bet])
        .map(places)
        .max()
        .unwrap_or(0);
    for a in &raw.actions {
        let words: Vec<&str> = a
            .split('#')
            .next()
            .unwrap_or("")
            .split_whitespace()
            .collect();
        if let [_, "cbr", amount] = words.as_slice()
            && let Some((_, frac)) = amount.split_once('.')
        {
            digits = digits.max(frac.trim_end_matches('0').len());
        }
    }
    if digits > 6 {
        return Err(PhhError::Amount {
            field: "amounts",
            value: format!("{digits} decimal places (at most 6 are supported)"),
        });
    }
    let scale = 10u64.pow(digits as u32);
    let stacks = raw
        .starting_stacks
        .iter()
        .map(|v| amount("starting_stacks", v, scale))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(PhhHand {
        variant: raw.variant,
        ante_trimming: raw.ante_trimming_status,
        antes: amounts("antes", &raw.antes, players, scale)?,
        blinds: amounts(
            "blinds_or_straddles",
            &raw.blinds_or_straddles,
            players,
            scale,
        )?,
        min_bet: amount("min_bet", &raw.min_bet, scale)?,
        stacks,
        actions: raw.actions,
        scale,
    })
}
