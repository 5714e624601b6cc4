//! The profiles a chain opens under, of both kinds: the built-in ones by name, and a profile's
//! text read as its kind (a cash room's has `[[games]]`, a tournament's levels) and checked:
//! what `floorbook profiles` and `floorbook simulate` read.

use floorbook_cash::CashProfile;
use floorbook_tournament::Profile;

/// A profile read and found to hold together, with its text.
#[derive(Debug, Clone)]
pub enum Named {
    Tournament(String, Box<Profile>),
    Cash(String, Box<CashProfile>),
}

/// A profile that does not read, or does not hold together.
#[derive(Debug, thiserror::Error)]
pub enum NamedError {
    #[error("reading the profile {name}: {why}")]
    Unreadable { name: String, why: String },
    #[error("the profile {name} does not hold (see `floorbook profiles check`): {problems}")]
    DoesNotHold { name: String, problems: String },
}

/// The text of the built-in profile `name`, of either kind.
pub fn builtin_text(name: &str) -> Option<&'static str> {
    floorbook_tournament::builtin(name)
        .map(|(t, _)| t)
        .or_else(|| floorbook_cash::builtin(name).map(|(t, _)| t))
}

/// Every built-in profile's name, tournaments first.
pub fn builtin_names() -> Vec<&'static str> {
    floorbook_tournament::builtin_names()
        .chain(floorbook_cash::builtin_names())
        .collect()
}

/// Reads `text`, the profile named `name` (a built-in's name or a file's path), as its kind,
/// refused when it does not hold together.
pub fn read(name: &str, text: String) -> Result<Named, NamedError> {
    let unreadable = |why: String| NamedError::Unreadable {
        name: name.to_string(),
        why,
    };
    let (named, problems) = if floorbook_cash::is_cash_profile(&text) {
        let p = CashProfile::from_toml(&text).map_err(|e| unreadable(e.to_string()))?;
        let problems: Vec<String> = p.check().iter().map(ToString::to_string).collect();
        (Named::Cash(text, Box::new(p)), problems)
    } else {
        let p = Profile::from_toml(&text).map_err(|e| unreadable(e.to_string()))?;
        let problems: Vec<String> = p.check().iter().map(ToString::to_string).collect();
        (Named::Tournament(text, Box::new(p)), problems)
    };
    if problems.is_empty() {
        Ok(named)
    } else {
        Err(NamedError::DoesNotHold {
            name: name.to_string(),
            problems: problems.join("; "),
        })
    }
}

/// A profile's text checked: its name and title when it reads, and every problem in words
/// (none when it is sound).
#[derive(Debug, Clone, Default)]
pub struct Checked {
    pub cash: bool,
    pub name: Option<String>,
    pub title: Option<String>,
    pub problems: Vec<String>,
}

/// Checks a profile's text, of either kind.
pub fn check(text: &str) -> Checked {
    let cash = floorbook_cash::is_cash_profile(text);
    let read: Result<(String, String, Vec<String>), String> = if cash {
        CashProfile::from_toml(text)
            .map(|p| {
                let problems = p.check().iter().map(ToString::to_string).collect();
                (p.name, p.title, problems)
            })
            .map_err(|e| e.to_string())
    } else {
        Profile::from_toml(text)
            .map(|p| {
                let problems = p.check().iter().map(ToString::to_string).collect();
                (p.name, p.title, problems)
            })
            .map_err(|e| e.to_string())
    };
    match read {
        Ok((name, title, problems)) => Checked {
            cash,
            name: Some(name),
            title: Some(title),
            problems,
        },
        Err(e) => Checked {
            cash,
            problems: vec![e],
            ..Checked::default()
        },
    }
}
