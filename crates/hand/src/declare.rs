//! Reading what a player did when it was not a clean declaration: chips put in without a word
//! (GCB-4, TR-23), "raise" without an amount (GCB-2), an amount declared with an oversized
//! chip (PLO-9), and raises below the minimum (PLO-7). Each reading is recorded with its rule
//! before the action it becomes.

use floorbook_rules::{Rule, RuleSet};
use serde::{Deserialize, Serialize};

use crate::rules::{ChipReading, UnderMinimum};
use crate::{Chips, Hand, HandEvent, Pos, Rejection, Street, Turns};

/// What the player said, if anything, when putting chips in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declared {
    Nothing,
    Call,
    /// "Raise", without an amount.
    Raise,
    /// "Raise to" (or "bet") this total.
    RaiseTo(Chips),
}

/// Chips a player put over the line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct PutIn {
    pub amount: Chips,
    /// One chip (possibly oversized) rather than several.
    pub single_chip: bool,
    pub declared: Declared,
}

/// What an action is taken to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "as", rename_all = "snake_case")]
pub enum Reading {
    CheckOrCall,
    RaiseTo { to: Chips },
}

/// A reading and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Interpretation {
    pub reading: Reading,
    /// Chips that go back to the player (change, or the excess of a short raise).
    pub change: Chips,
    pub rules: RuleSet,
}

impl Hand {
    /// Reads a raise to `to` under the profile's rule for raises below the minimum.
    pub fn read_raise_to(&self, pos: Pos, to: Chips) -> Result<Interpretation, Rejection> {
        let i = self.play.turn(pos)?;
        let (min, max) = self.raise_limits(i)?;
        let max_bet = self.max_bet();
        if to <= max_bet {
            return Ok(Interpretation {
                reading: Reading::CheckOrCall,
                change: Chips::ZERO,
                rules: RuleSet::of(&[Rule::Tr8]),
            });
        }
        if to >= min {
            return Ok(Interpretation {
                reading: Reading::RaiseTo { to: to.min(max) },
                change: Chips::ZERO,
                rules: self.over_maximum(i, to, max),
            });
        }
        match self.rules().under_minimum {
            UnderMinimum::Refuse => Err(Rejection::RaiseBelowMinimum {
                min,
                max,
                got: to,
                rule: Rule::Tr8,
            }),
            UnderMinimum::HalfRule => {
                let required = min - max_bet;
                let given = to - max_bet;
                if u128::from(given.0) * 2 < u128::from(required.0) {
                    Ok(Interpretation {
                        reading: Reading::CheckOrCall,
                        change: to - max_bet,
                        rules: RuleSet::of(&[Rule::Plo7]),
                    })
                } else {
                    Ok(Interpretation {
                        reading: Reading::RaiseTo { to: min },
                        change: Chips::ZERO,
                        rules: RuleSet::of(&[Rule::Plo7]),
                    })
                }
            }
        }
    }

    /// Bets or raises to `to`, reading an amount below the minimum by the profile (PLO-7's
    /// under-half rule, or TR-8's refusal).
    pub fn raise_to_as_read(&mut self, pos: Pos, to: Chips) -> Result<Interpretation, Rejection> {
        let reading = self.read_raise_to(pos, to)?;
        self.carry_out_reading(pos, to, reading)
    }

    /// A declared bet or raise to `to`: at a live table whose profile reads short raises by
    /// PLO-7's under-half rule, an amount short of the minimum is read by it; otherwise it is
    /// [`Hand::bet_or_raise_to`] (refused below the minimum, TR-8).
    pub fn bet_or_raise_declared(&mut self, pos: Pos, to: Chips) -> Result<(), Rejection> {
        let short = self
            .legal()
            .and_then(|l| l.raise_to)
            .is_some_and(|(min, _)| {
                to < min && to > self.bets().iter().copied().max().unwrap_or_default()
            });
        if self.rules().live && self.rules().under_minimum == UnderMinimum::HalfRule && short {
            self.raise_to_as_read(pos, to).map(|_| ())
        } else {
            self.bet_or_raise_to(pos, to)
        }
    }

    /// "Raise" without an amount: the minimum raise (GCB-2).
    pub fn raise_minimum(&mut self, pos: Pos) -> Result<Interpretation, Rejection> {
        let i = self.play.turn(pos)?;
        let (min, _) = self.raise_limits(i)?;
        let reading = Interpretation {
            reading: Reading::RaiseTo { to: min },
            change: Chips::ZERO,
            rules: RuleSet::of(&[Rule::Gcb2]),
        };
        self.carry_out_reading(pos, min, reading)
    }

    /// How chips put over the line would be read.
    pub fn read_put_in(&self, pos: Pos, put: PutIn) -> Result<Interpretation, Rejection> {
        let i = self.play.turn(pos)?;
        // Chips put in come from the stack: more than it holds cannot be.
        let stack = self.stacks()[i];
        if put.amount > stack {
            return Err(Rejection::PutInAboveStack {
                pos,
                got: put.amount,
                stack,
            });
        }
        let call = self.call_amount(i);
        let own = self.bet_of(i);
        let full_value = own + put.amount;
        let limits = self.raise_limits(i).ok();
        let with = |reading: Reading, change: Chips, rules: &[Rule]| Interpretation {
            reading,
            change,
            rules: RuleSet::of(rules),
        };
        match put.declared {
            Declared::Call => Ok(with(
                Reading::CheckOrCall,
                put.amount.saturating_sub(call),
                &[Rule::Tr21],
            )),
            // A declared amount governs; change is made (PLO-9).
            Declared::RaiseTo(to) => {
                let mut r = self.read_raise_to(pos, to)?;
                r.rules = r.rules.with(Rule::Plo9);
                r.change = put.amount.saturating_sub(to.saturating_sub(own));
                Ok(r)
            }
            Declared::Raise => {
                let Some((min, max)) = limits else {
                    return self.raise_limits(i).map(|_| unreachable_reading());
                };
                if put.single_chip && full_value > min {
                    // TR-23: "raise" with an oversized chip and no amount is the largest raise
                    // the chip allows.
                    let to = full_value.min(max);
                    Ok(with(
                        Reading::RaiseTo { to },
                        full_value - to,
                        &[Rule::Tr23],
                    ))
                } else {
                    // GCB-2: "raise" alone is a minimum raise.
                    Ok(with(
                        Reading::RaiseTo { to: min },
                        put.amount.saturating_sub(min - own),
                        &[Rule::Gcb2],
                    ))
                }
            }
            Declared::Nothing if put.single_chip => {
                let reading = self.rules().chip_reading;
                let own_blind_unraised = self.street() == Street::Preflop
                    && !own.is_zero()
                    && self.street_raise_count() == 0;
                match (reading, call.is_zero()) {
                    (ChipReading::Gcb4, _) if own_blind_unraised && full_value > self.max_bet() => {
                        // GCB-4: with one's own blind in front and no raise yet, the whole
                        // chip is a raise.
                        let mut r = self.read_raise_to(pos, full_value)?;
                        r.rules = r.rules.with(Rule::Gcb4);
                        Ok(r)
                    }
                    (ChipReading::Gcb4, false) | (ChipReading::Tr23, false) => {
                        let rule = if reading == ChipReading::Gcb4 {
                            Rule::Gcb4
                        } else {
                            Rule::Tr23
                        };
                        Ok(with(
                            Reading::CheckOrCall,
                            put.amount.saturating_sub(call),
                            &[rule],
                        ))
                    }
                    (ChipReading::Tr23, true) if self.street() != Street::Preflop => {
                        // TR-23: an oversized chip as the opening bet after the flop counts
                        // at full value.
                        let mut r = self.read_raise_to(pos, full_value)?;
                        r.rules = r.rules.with(Rule::Tr23);
                        Ok(r)
                    }
                    (ChipReading::Tr23, true) => {
                        Ok(with(Reading::CheckOrCall, put.amount, &[Rule::Tr23]))
                    }
                    (ChipReading::Gcb4, true) => {
                        // GCB-4: with no bet, a single chip is a bet of its value.
                        let mut r = self.read_raise_to(pos, full_value)?;
                        r.rules = r.rules.with(Rule::Gcb4);
                        Ok(r)
                    }
                }
            }
            Declared::Nothing => {
                // Several chips without a word: their amount is what was bet; below a full
                // raise it is read by the under-half rule (PLO-7), short of a call it is
                // completed to a call (TR-8: the full amount at once).
                if put.amount <= call {
                    return Ok(with(Reading::CheckOrCall, Chips::ZERO, &[Rule::Tr8]));
                }
                let mut r = self.read_raise_to_half_rule(pos, full_value)?;
                r.rules = r.rules.with(Rule::Plo7);
                Ok(r)
            }
        }
    }

    fn read_raise_to_half_rule(&self, pos: Pos, to: Chips) -> Result<Interpretation, Rejection> {
        let i = self.play.turn(pos)?;
        let max_bet = self.max_bet();
        match self.raise_limits(i) {
            Ok((min, max)) if to < min => {
                let required = min - max_bet;
                let given = to - max_bet;
                Ok(if u128::from(given.0) * 2 < u128::from(required.0) {
                    Interpretation {
                        reading: Reading::CheckOrCall,
                        change: to - max_bet,
                        rules: RuleSet::EMPTY,
                    }
                } else {
                    Interpretation {
                        reading: Reading::RaiseTo { to: min.min(max) },
                        change: Chips::ZERO,
                        rules: RuleSet::EMPTY,
                    }
                })
            }
            Ok((_, max)) => Ok(Interpretation {
                reading: Reading::RaiseTo { to: to.min(max) },
                change: to.saturating_sub(max),
                rules: self.over_maximum(i, to, max),
            }),
            // No raise is possible: the chips are a call and the rest goes back, by the rule
            // that rules the raise out.
            Err(why) => Ok(Interpretation {
                reading: Reading::CheckOrCall,
                change: to.saturating_sub(max_bet),
                rules: why.rules().into_iter().fold(RuleSet::EMPTY, RuleSet::with),
            }),
        }
    }

    /// The rule that cuts a raise to `to` down to the maximum `max`, if it is above it: the
    /// stack (TR-10: the player is all-in) or, below the stack, the pot limit (PLO-8).
    fn over_maximum(&self, i: usize, to: Chips, max: Chips) -> RuleSet {
        if to <= max {
            RuleSet::EMPTY
        } else if max == self.stacks()[i] + self.bet_of(i) {
            RuleSet::of(&[Rule::Tr10])
        } else {
            RuleSet::of(&[Rule::Plo8])
        }
    }

    /// Chips put over the line: read them, record the reading, and act on it.
    pub fn put_in(&mut self, pos: Pos, put: PutIn) -> Result<Interpretation, Rejection> {
        let reading = self.read_put_in(pos, put)?;
        self.carry_out_reading(pos, put.amount, reading)
    }

    fn carry_out_reading(
        &mut self,
        pos: Pos,
        given: Chips,
        reading: Interpretation,
    ) -> Result<Interpretation, Rejection> {
        // Check that the action is possible before recording anything.
        let mut trial = self.clone();
        let at = trial.events().len();
        match reading.reading {
            Reading::CheckOrCall => trial.check_or_call(pos)?,
            Reading::RaiseTo { to } => trial.bet_or_raise_to(pos, to)?,
        }
        *self = trial;
        self.insert_event(
            at,
            HandEvent::Interpreted {
                pos,
                given,
                reading: reading.reading,
                change: reading.change,
                rules: reading.rules,
            },
        );
        Ok(reading)
    }
}

fn unreachable_reading() -> Interpretation {
    // `raise_limits` just failed, so `map` is never called: the rejection is returned.
    Interpretation {
        reading: Reading::CheckOrCall,
        change: Chips::ZERO,
        rules: RuleSet::EMPTY,
    }
}
