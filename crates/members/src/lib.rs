//! The member register: the club's list of the people who play, on a chain of its own
//! (`members`), so that a tournament's registration, a cash-table seat and a league season
//! name a member and not a spelling.
//!
//! Pure, like the engines: [`Register::decide`] turns a [`MemberCommand`] into the
//! [`MemberEvent`]s it causes or refuses it with a [`MemberError`] that names the rule and the
//! range; [`Register::apply`] folds an event. No clock inside: the day of a check is given.
//!
//! Privacy (issue 24): the birth date and the contact live only here. What other chains and
//! every terminal get is [`Entry`]: the member, the name on record and the outcome of the age
//! check (TR-0a), never the date.

use std::collections::BTreeMap;

use chrono::{Datelike, NaiveDate};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The register's chain.
pub const CHAIN: &str = "members";

/// The most characters of a member ID (a card number, or `M` and five digits when the club
/// lets the register number its members).
pub const MAX_ID: usize = 32;
/// The most characters of a name, a contact or a reason.
pub const MAX_TEXT: usize = 200;

/// What happened to the register. Each is recorded with its actor (the envelope's) and, where
/// it changes a record, the reason given.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MemberEvent {
    /// A person joins the club.
    Joined {
        member: String,
        name: String,
        /// The birth date, for TR-0a; read by age checks, shown to no terminal.
        born: NaiveDate,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        contact: Option<String>,
    },
    /// The name on record changes ("Hans M." becomes "Hans Müller").
    Renamed {
        member: String,
        name: String,
        reason: String,
    },
    /// Two records were one person: `from` is folded into `into`, whose ID stays. Results
    /// recorded under `from` count for `into` from now on (leagues re-derive).
    Merged {
        from: String,
        into: String,
        reason: String,
    },
    /// A ban: the member may not register or take a seat. `rule` is the rule behind it where
    /// one is (GCB-1: removed from a cash table; TR-28: disqualified), `until` its last day
    /// (none: until lifted).
    Barred {
        member: String,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rule: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until: Option<NaiveDate>,
    },
    /// The ban ends early.
    BarLifted { member: String, reason: String },
}

/// What the office or the floor asks of the register.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "command", rename_all = "snake_case")]
pub enum MemberCommand {
    /// A new member: with the club's card number, or numbered by the register (`M00001`…).
    Join {
        #[serde(default)]
        member: Option<String>,
        name: String,
        born: NaiveDate,
        #[serde(default)]
        contact: Option<String>,
    },
    Rename {
        member: String,
        name: String,
        reason: String,
    },
    Merge {
        from: String,
        into: String,
        reason: String,
    },
    Bar {
        member: String,
        reason: String,
        #[serde(default)]
        rule: Option<String>,
        #[serde(default)]
        until: Option<NaiveDate>,
    },
    Lift {
        member: String,
        reason: String,
    },
}

/// A command the register refuses, or an event that does not fit it. Nothing changes.
/// Serialized as its `code` and `args`, for a terminal that words it in its own language.
#[derive(Debug, Clone, PartialEq, Eq, Error, Serialize)]
#[serde(tag = "code", content = "args")]
pub enum MemberError {
    #[error("{0:?} cannot be a member ID: 1 to {MAX_ID} letters, digits, - or _")]
    #[serde(rename = "member_bad_id")]
    BadId(String),
    #[error("{what} must be 1 to {MAX_TEXT} characters, not only spaces")]
    #[serde(rename = "member_bad_text")]
    BadText { what: &'static str },
    #[error("member {0} exists already")]
    #[serde(rename = "member_exists")]
    Exists(String),
    #[error("there is no member {0}")]
    #[serde(rename = "member_unknown")]
    Unknown(String),
    #[error("member {0} was merged into {1}; use {1}")]
    #[serde(rename = "member_merged_away")]
    MergedAway(String, String),
    #[error("a member cannot be merged into himself ({0})")]
    #[serde(rename = "member_self_merge")]
    SelfMerge(String),
    #[error("a birth date must lie before {day} and after 1900-01-01; got {born}")]
    #[serde(rename = "member_bad_birth_date")]
    BadBirthDate { born: NaiveDate, day: NaiveDate },
    #[error("member {0} is not barred")]
    #[serde(rename = "member_not_barred")]
    NotBarred(String),
    #[error("a ban's rule is GCB-1 (removed from a cash table) or TR-28 (disqualified); got {0}")]
    #[serde(rename = "member_bad_rule")]
    BadRule(String),
    #[error("member {member} is barred{}: {reason} (lifted only by the floor, with a reason)", until.map(|d| format!(" until {d}")).unwrap_or_default())]
    #[serde(rename = "member_barred")]
    Barred {
        member: String,
        reason: String,
        until: Option<NaiveDate>,
    },
    #[error("TR-0a: member {member} is {age} on {day}; the minimum age is {min}")]
    #[serde(rename = "member_too_young")]
    TooYoung {
        member: String,
        age: u32,
        min: u32,
        day: NaiveDate,
    },
}

/// One member as the register holds him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Member {
    pub id: String,
    pub name: String,
    #[serde(skip)]
    pub born: NaiveDate,
    #[serde(skip)]
    pub contact: Option<String>,
    /// The names on record before this one, oldest first.
    pub former_names: Vec<String>,
    /// The IDs merged into this one.
    pub merged: Vec<String>,
    /// Where this record was merged into, if it was.
    pub merged_into: Option<String>,
    /// The ban in force, if any: (reason, rule, last day).
    pub bar: Option<Ban>,
}

/// A ban on record.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ban {
    pub reason: String,
    pub rule: Option<String>,
    pub until: Option<NaiveDate>,
}

/// What a registration or a seat learns of a member: who, the name on record, and that the
/// age check passed (never the birth date).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Entry {
    /// The member's ID, merges followed.
    pub member: String,
    pub name: String,
    /// Age in whole years on the day, for the engine's own TR-0a check (the date stays here).
    pub age: u32,
}

/// The register as its chain leaves it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Register {
    members: BTreeMap<String, Member>,
    /// How many joined: the next generated number.
    joined: u64,
}

fn check_id(id: &str) -> Result<(), MemberError> {
    let ok = !id.is_empty()
        && id.chars().count() <= MAX_ID
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(MemberError::BadId(id.to_string()))
    }
}

fn check_text(what: &'static str, text: &str) -> Result<(), MemberError> {
    if text.trim().is_empty()
        || text.chars().count() > MAX_TEXT
        || text.chars().any(char::is_control)
    {
        Err(MemberError::BadText { what })
    } else {
        Ok(())
    }
}

impl Register {
    /// Every record, merged ones included, by ID.
    pub fn members(&self) -> impl Iterator<Item = &Member> {
        self.members.values()
    }

    /// The record `id` names, merges followed to the record that stands.
    pub fn resolve(&self, id: &str) -> Option<&Member> {
        let mut m = self.members.get(id)?;
        // A merge chain is at most as long as the register.
        for _ in 0..=self.members.len() {
            match &m.merged_into {
                Some(next) => m = self.members.get(next)?,
                None => return Some(m),
            }
        }
        None
    }

    /// The ID `id` stands for now (itself, or the record it was merged into).
    pub fn current_id(&self, id: &str) -> String {
        self.resolve(id)
            .map_or_else(|| id.to_string(), |m| m.id.clone())
    }

    /// The display name of `id` (merges followed), if it is a member.
    pub fn name_of(&self, id: &str) -> Option<&str> {
        self.resolve(id).map(|m| m.name.as_str())
    }

    /// Whether `id` may play on `day`, and at what age: a member, not barred on that day,
    /// at least `min_age` (TR-0a).
    pub fn entry(&self, id: &str, day: NaiveDate, min_age: u32) -> Result<Entry, MemberError> {
        let m = self
            .resolve(id)
            .ok_or_else(|| MemberError::Unknown(id.to_string()))?;
        if let Some(b) = &m.bar
            && b.until.is_none_or(|last| day <= last)
        {
            return Err(MemberError::Barred {
                member: m.id.clone(),
                reason: b.reason.clone(),
                until: b.until,
            });
        }
        let age = age_on(m.born, day);
        if age < min_age {
            return Err(MemberError::TooYoung {
                member: m.id.clone(),
                age,
                min: min_age,
                day,
            });
        }
        Ok(Entry {
            member: m.id.clone(),
            name: m.name.clone(),
            age,
        })
    }

    /// What `command` causes, on `day` (the office's date, for the birth date's range);
    /// refused commands change nothing.
    pub fn decide(
        &self,
        command: &MemberCommand,
        day: NaiveDate,
    ) -> Result<Vec<MemberEvent>, MemberError> {
        let standing = |id: &str| -> Result<&Member, MemberError> {
            let m = self
                .members
                .get(id)
                .ok_or_else(|| MemberError::Unknown(id.to_string()))?;
            match &m.merged_into {
                Some(into) => Err(MemberError::MergedAway(id.to_string(), into.clone())),
                None => Ok(m),
            }
        };
        let event = match command {
            MemberCommand::Join {
                member,
                name,
                born,
                contact,
            } => {
                check_text("a name", name)?;
                if let Some(c) = contact {
                    check_text("a contact", c)?;
                }
                let earliest = NaiveDate::from_ymd_opt(1900, 1, 1).unwrap_or_default();
                if *born >= day || *born <= earliest {
                    return Err(MemberError::BadBirthDate { born: *born, day });
                }
                let id = match member {
                    Some(id) => {
                        check_id(id)?;
                        id.clone()
                    }
                    None => {
                        // The next free number: a card number the club typed may have taken it.
                        let mut n = self.joined + 1;
                        while self.members.contains_key(&format!("M{n:05}")) {
                            n += 1;
                        }
                        format!("M{n:05}")
                    }
                };
                if self.members.contains_key(&id) {
                    return Err(MemberError::Exists(id));
                }
                MemberEvent::Joined {
                    member: id,
                    name: name.trim().to_string(),
                    born: *born,
                    contact: contact.clone(),
                }
            }
            MemberCommand::Rename {
                member,
                name,
                reason,
            } => {
                standing(member)?;
                check_text("a name", name)?;
                check_text("a reason", reason)?;
                MemberEvent::Renamed {
                    member: member.clone(),
                    name: name.trim().to_string(),
                    reason: reason.clone(),
                }
            }
            MemberCommand::Merge { from, into, reason } => {
                if from == into {
                    return Err(MemberError::SelfMerge(from.clone()));
                }
                standing(from)?;
                standing(into)?;
                check_text("a reason", reason)?;
                MemberEvent::Merged {
                    from: from.clone(),
                    into: into.clone(),
                    reason: reason.clone(),
                }
            }
            MemberCommand::Bar {
                member,
                reason,
                rule,
                until,
            } => {
                standing(member)?;
                check_text("a reason", reason)?;
                if let Some(r) = rule
                    && r != "GCB-1"
                    && r != "TR-28"
                {
                    return Err(MemberError::BadRule(r.clone()));
                }
                MemberEvent::Barred {
                    member: member.clone(),
                    reason: reason.clone(),
                    rule: rule.clone(),
                    until: *until,
                }
            }
            MemberCommand::Lift { member, reason } => {
                let m = standing(member)?;
                check_text("a reason", reason)?;
                if m.bar.is_none() {
                    return Err(MemberError::NotBarred(member.clone()));
                }
                MemberEvent::BarLifted {
                    member: member.clone(),
                    reason: reason.clone(),
                }
            }
        };
        // What is decided must fold: checked on a copy, so a refusal changes nothing.
        self.clone().apply(&event)?;
        Ok(vec![event])
    }

    /// Folds one recorded event; one that does not fit is an error and changes nothing.
    pub fn apply(&mut self, e: &MemberEvent) -> Result<(), MemberError> {
        let standing = |r: &Register, id: &str| -> Result<(), MemberError> {
            match r.members.get(id) {
                None => Err(MemberError::Unknown(id.to_string())),
                Some(Member {
                    merged_into: Some(into),
                    ..
                }) => Err(MemberError::MergedAway(id.to_string(), into.clone())),
                Some(_) => Ok(()),
            }
        };
        match e {
            MemberEvent::Joined {
                member,
                name,
                born,
                contact,
            } => {
                check_id(member)?;
                if self.members.contains_key(member) {
                    return Err(MemberError::Exists(member.clone()));
                }
                self.members.insert(
                    member.clone(),
                    Member {
                        id: member.clone(),
                        name: name.clone(),
                        born: *born,
                        contact: contact.clone(),
                        former_names: Vec::new(),
                        merged: Vec::new(),
                        merged_into: None,
                        bar: None,
                    },
                );
                self.joined += 1;
            }
            MemberEvent::Renamed { member, name, .. } => {
                standing(self, member)?;
                if let Some(m) = self.members.get_mut(member) {
                    let old = std::mem::replace(&mut m.name, name.clone());
                    m.former_names.push(old);
                }
            }
            MemberEvent::Merged { from, into, .. } => {
                if from == into {
                    return Err(MemberError::SelfMerge(from.clone()));
                }
                standing(self, from)?;
                standing(self, into)?;
                // The record that stands keeps the stricter ban of the two.
                let from_bar = self.members.get(from).and_then(|m| m.bar.clone());
                if let Some(m) = self.members.get_mut(from) {
                    m.merged_into = Some(into.clone());
                }
                if let Some(m) = self.members.get_mut(into) {
                    m.merged.push(from.clone());
                    if m.bar.is_none() {
                        m.bar = from_bar;
                    }
                }
            }
            MemberEvent::Barred {
                member,
                reason,
                rule,
                until,
            } => {
                standing(self, member)?;
                if let Some(m) = self.members.get_mut(member) {
                    m.bar = Some(Ban {
                        reason: reason.clone(),
                        rule: rule.clone(),
                        until: *until,
                    });
                }
            }
            MemberEvent::BarLifted { member, .. } => {
                standing(self, member)?;
                match self.members.get_mut(member) {
                    Some(m) if m.bar.is_some() => m.bar = None,
                    _ => return Err(MemberError::NotBarred(member.clone())),
                }
            }
        }
        Ok(())
    }
}

/// Age in whole years on `day` of someone born on `born` (a birthday on 29 February counts
/// from 1 March in other years).
pub fn age_on(born: NaiveDate, day: NaiveDate) -> u32 {
    let mut years = day.year() - born.year();
    if (day.month(), day.day()) < (born.month(), born.day()) {
        years -= 1;
    }
    u32::try_from(years).unwrap_or(0)
}

/// The register decides as every domain does: `decide` on the office's day, then each event
/// folded by `apply`, all or nothing.
impl floorbook_decide::Decide for Register {
    type Command = MemberCommand;
    type Event = MemberEvent;
    type At = NaiveDate;
    type Refusal = MemberError;

    fn decide(
        &mut self,
        command: &MemberCommand,
        day: NaiveDate,
    ) -> Result<Vec<MemberEvent>, MemberError> {
        let events = Register::decide(self, command, day)?;
        let mut next = self.clone();
        for e in &events {
            next.apply(e)?;
        }
        *self = next;
        Ok(events)
    }
}
