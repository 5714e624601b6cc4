//! The rule catalogue: every rule of `docs/RULES.md` (a copy of the shared catalogue) as a [`Rule`], with its stable ID
//! (`TR-16`, `TDA-RP-5`, …) and English reading, so that code cites rules by value (a typo is
//! a compile error) and `explain` can print their text. A [`RuleSet`] holds the rules that
//! decided one thing in 16 bytes, without allocating.
//!
//! `src/catalogue.rs` is generated from RULES.md: each line `- ID reading` becomes a variant
//! (`TR-3.1` → `Tr31`, `TDA-RP-5` → `TdaRp5`). Regenerate it when RULES.md changes; the tests
//! check that the IDs are well formed and unique.
//!
//! Invariant: data only; no I/O.

mod catalogue;
mod seed_text;

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use catalogue::ALL;

/// A rule of the catalogue. Serialized as its ID (`"TR-16"`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Rule {
    /// TR-0a
    Tr0a,
    /// TR-0b
    Tr0b,
    /// TR-1
    Tr1,
    /// TR-2
    Tr2,
    /// TR-3.1
    Tr31,
    /// TR-3.2
    Tr32,
    /// TR-3.3
    Tr33,
    /// TR-3.4
    Tr34,
    /// TR-3.5
    Tr35,
    /// TR-3.6
    Tr36,
    /// TR-3.7
    Tr37,
    /// TR-3.8
    Tr38,
    /// TR-4
    Tr4,
    /// TR-5
    Tr5,
    /// TR-6
    Tr6,
    /// TR-7
    Tr7,
    /// TR-8
    Tr8,
    /// TR-9
    Tr9,
    /// TR-10
    Tr10,
    /// TR-11
    Tr11,
    /// TR-12
    Tr12,
    /// TR-13
    Tr13,
    /// TR-14
    Tr14,
    /// TR-15
    Tr15,
    /// TR-16
    Tr16,
    /// TR-17
    Tr17,
    /// TR-18
    Tr18,
    /// TR-19
    Tr19,
    /// TR-20
    Tr20,
    /// TR-21
    Tr21,
    /// TR-22
    Tr22,
    /// TR-23
    Tr23,
    /// TR-24
    Tr24,
    /// TR-25
    Tr25,
    /// TR-26
    Tr26,
    /// TR-27
    Tr27,
    /// TR-28
    Tr28,
    /// PLO-1
    Plo1,
    /// PLO-2
    Plo2,
    /// PLO-3
    Plo3,
    /// PLO-4
    Plo4,
    /// PLO-5
    Plo5,
    /// PLO-6
    Plo6,
    /// PLO-7
    Plo7,
    /// PLO-8
    Plo8,
    /// PLO-9
    Plo9,
    /// PLO-10
    Plo10,
    /// PLO-11
    Plo11,
    /// GCB-1
    Gcb1,
    /// GCB-2
    Gcb2,
    /// GCB-3
    Gcb3,
    /// GCB-4
    Gcb4,
    /// GCB-5
    Gcb5,
    /// GCB-6
    Gcb6,
    /// GCB-7
    Gcb7,
    /// GCB-8
    Gcb8,
    /// GCB-9
    Gcb9,
    /// GCB-10
    Gcb10,
    /// GCB-12
    Gcb12,
    /// GCB-13
    Gcb13,
    /// TDA-39A
    Tda39a,
    /// TDA-39B
    Tda39b,
    /// TDA-39C
    Tda39c,
    /// TDA-39D
    Tda39d,
    /// TDA-RP-4
    TdaRp4,
    /// TDA-RP-5
    TdaRp5,
    /// TDA-RP-10
    TdaRp10,
    /// NOB-1
    Nob1,
    /// NOB-2
    Nob2,
    /// NOB-3
    Nob3,
    /// NOB-4
    Nob4,
    /// NOB-5
    Nob5,
    /// NOB-6
    Nob6,
    /// NOB-7
    Nob7,
    /// NOB-8
    Nob8,
    /// NOB-9
    Nob9,
    /// NOB-10
    Nob10,
    /// NOB-11
    Nob11,
    /// NOB-12
    Nob12,
    /// NOB-13
    Nob13,
    /// NOB-14
    Nob14,
    /// NOB-15
    Nob15,
    /// NOB-16
    Nob16,
}

impl Rule {
    /// The rule with this ID, if the catalogue has it.
    pub fn from_id(id: &str) -> Option<Rule> {
        ALL.iter().copied().find(|r| r.id() == id)
    }

    /// The seed document the rule comes from.
    pub fn document(self) -> &'static str {
        match self.id().split('-').next() {
            Some("TR") => "Turnierregeln (tournament rules, seed 000)",
            Some("PLO") => "PLO tournament (seed 001)",
            Some("GCB") => "Grand Casino Bern cash-game house rules (seed 002)",
            Some("TDA") => "TDA rules (seed 003)",
            _ => "NOB home game (seed 004)",
        }
    }

    /// Whether the rule's ID, its reading or the seed's words hold `word` (already lower
    /// case), in either language.
    pub fn mentions(self, word: &str) -> bool {
        [self.id(), self.text(), self.seed_text()]
            .iter()
            .any(|t| t.to_lowercase().contains(word))
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> Deserialize<'de> for Rule {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Rule::from_id(&s).ok_or_else(|| serde::de::Error::custom(format!("unknown rule {s:?}")))
    }
}

/// A set of rules, in catalogue order. Serialized as a list of IDs.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RuleSet(u128);

const _: () = assert!(ALL.len() <= 128, "RuleSet holds at most 128 rules");

impl RuleSet {
    pub const EMPTY: RuleSet = RuleSet(0);

    /// The set of these rules.
    pub const fn of(rules: &[Rule]) -> RuleSet {
        let mut bits = 0u128;
        let mut i = 0;
        while i < rules.len() {
            bits |= 1 << rules[i] as u8;
            i += 1;
        }
        RuleSet(bits)
    }

    #[must_use]
    pub const fn with(self, rule: Rule) -> RuleSet {
        RuleSet(self.0 | 1 << rule as u8)
    }

    pub const fn contains(self, rule: Rule) -> bool {
        self.0 & (1 << rule as u8) != 0
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn iter(self) -> impl Iterator<Item = Rule> {
        ALL.into_iter().filter(move |r| self.contains(*r))
    }
}

impl fmt::Debug for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter().map(Rule::id)).finish()
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = self.iter().map(Rule::id).collect();
        f.write_str(&ids.join(", "))
    }
}

impl Serialize for RuleSet {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for RuleSet {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let rules = Vec::<Rule>::deserialize(d)?;
        Ok(rules.into_iter().fold(RuleSet::EMPTY, RuleSet::with))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rule carries the seed's own words (the spec), a sentence at least.
    #[test]
    fn every_rule_has_the_seeds_words() {
        for r in ALL {
            let t = r.seed_text();
            assert!(t.len() >= 30, "{}: {t:?}", r.id());
        }
        assert!(Rule::Gcb9.seed_text().contains("telefonischen"));
        assert!(
            Rule::Tr17
                .seed_text()
                .contains("übernächster den Big-Blind")
        );
    }

    #[test]
    fn ids_are_well_formed_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for r in ALL {
            assert!(seen.insert(r.id()), "duplicate {}", r.id());
            let prefix = r.id().split('-').next().unwrap_or_default();
            assert!(
                ["TR", "PLO", "GCB", "TDA", "NOB"].contains(&prefix),
                "{}",
                r.id()
            );
            assert_eq!(Rule::from_id(r.id()), Some(r));
            assert!(!r.text().is_empty());
        }
        assert_eq!(
            Rule::from_id("TR-16").map(Rule::text),
            Some("odd chip of a split pot goes to the hand first to the left of the button.")
        );
        assert!(Rule::from_id("TR-99").is_none());
    }

    #[test]
    fn rule_sets_serialize_as_id_lists() {
        let set = RuleSet::of(&[Rule::Tr16, Rule::Tr8, Rule::Nob3]);
        assert!(set.contains(Rule::Tr8) && !set.contains(Rule::Tr9));
        let json = serde_json::to_string(&set).expect("json");
        assert_eq!(json, r#"["TR-8","TR-16","NOB-3"]"#);
        let back: RuleSet = serde_json::from_str(&json).expect("back");
        assert_eq!(back, set);
        assert!(serde_json::from_str::<RuleSet>(r#"["TR-99"]"#).is_err());
    }
}
