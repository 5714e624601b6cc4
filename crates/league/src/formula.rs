//! Points formulas as data.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::Points;

/// One finish, the numbers a formula may use.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Finish {
    /// Entrants of the tournament.
    pub n: u32,
    /// The place, 1 = winner.
    pub f: u32,
    /// The buy-in.
    pub b: f64,
    /// The player's spend (buy-in plus re-entries); formulas that use it need it above zero.
    pub e: f64,
}

/// How a finish turns into points.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Formula {
    /// A fixed table: `points[0]` for the winner, `points[1]` for second, …; places beyond the
    /// table score zero.
    Table { points: Vec<f64> },
    /// `10·√n / √f · (1 + log10(b + 0.25))`.
    SqrtEntrants,
    /// `√(n·b² / e) / (f + 1)`.
    SpendAdjusted,
    /// `ln(n + 1) / f`.
    LogEntrants,
}

/// A finish a formula cannot score: the numbers out of range.
#[derive(Debug, Clone, PartialEq, Error)]
pub enum FormulaError {
    #[error("place {f} is not among the {n} entrants (places run 1 to {n})")]
    Place { f: u32, n: u32 },
    #[error("the buy-in must be 0 or more; got {0}")]
    BuyIn(f64),
    #[error("the spend must be more than 0 for this formula; got {0}")]
    Spend(f64),
    #[error("the points table must hold numbers from 0 to {MAX_POINTS}; entry {0} does not")]
    Table(usize),
    #[error("the finish scores {0} points, more than the {MAX_POINTS} one result may score")]
    TooMany(f64),
    #[error(
        "a player's points come to more than a season can count ({} in hundredths)",
        Points::MAX
    )]
    Total,
}

/// The most points one result may score: a season's totals, in hundredths of a point in 64
/// bits, then hold more than ninety thousand results a player.
pub const MAX_POINTS: f64 = 1e12;

impl Formula {
    /// The text of the formula, for explanations.
    pub fn text(&self) -> String {
        match self {
            Formula::Table { points } => format!("fixed table by place ({} places)", points.len()),
            Formula::SqrtEntrants => "10·√n/√f·(1+log10(b+0.25))".into(),
            Formula::SpendAdjusted => "√(n·b²/e)/(f+1)".into(),
            Formula::LogEntrants => "ln(n+1)/f".into(),
        }
    }

    /// The points of `finish`, rounded to hundredths.
    pub fn points(&self, finish: Finish) -> Result<Points, FormulaError> {
        let Finish { n, f, b, e } = finish;
        if f == 0 || f > n {
            return Err(FormulaError::Place { f, n });
        }
        if !(b.is_finite() && b >= 0.0) {
            return Err(FormulaError::BuyIn(b));
        }
        let (nf, ff) = (f64::from(n), f64::from(f));
        let value = match self {
            Formula::Table { points } => {
                if let Some(i) = self.bad_table_entry() {
                    return Err(FormulaError::Table(i));
                }
                points.get(f as usize - 1).copied().unwrap_or(0.0)
            }
            Formula::SqrtEntrants => 10.0 * nf.sqrt() / ff.sqrt() * (1.0 + (b + 0.25).log10()),
            Formula::SpendAdjusted => {
                if !(e.is_finite() && e > 0.0) {
                    return Err(FormulaError::Spend(e));
                }
                (nf * b * b / e).sqrt() / (ff + 1.0)
            }
            Formula::LogEntrants => (nf + 1.0).ln() / ff,
        };
        // A huge buy-in or spend can make a formula's value past what a season counts (or
        // not a number at all): refused, not rounded into the largest integer.
        if !(value.is_finite() && value <= MAX_POINTS) {
            return Err(FormulaError::TooMany(value));
        }
        Ok(hundredths(value))
    }

    /// The first entry of a points table that is not a number from 0 to [`MAX_POINTS`].
    pub fn bad_table_entry(&self) -> Option<usize> {
        match self {
            Formula::Table { points } => points
                .iter()
                .position(|p| !(p.is_finite() && (0.0..=MAX_POINTS).contains(p))),
            _ => None,
        }
    }
}

/// Rounds to hundredths, half away from zero.
fn hundredths(v: f64) -> Points {
    (v * 100.0).round() as Points
}
