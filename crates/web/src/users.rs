//! Who may log in to the floor app, and as what: a users file (TOML) of names, roles and
//! argon2id password hashes (never the passwords), and the sessions of those logged in.
//!
//! ```toml
//! [[user]]
//! name = "anna"
//! role = "dealer:3"      # dealer:N, floor, director or auditor
//! password = "$argon2id$v=19$m=19456,t=2,p=1$…"
//!
//! # With `floorbook web --nats`: the NATS user each role's commands are sent as.
//! [nats]
//! dealer = "nats://dealer:PASS@host:4222"
//! floor = "nats://floor:PASS@host:4222"
//! director = "nats://director:PASS@host:4222"
//! ```

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use floorbook_service::subjects::Channel;
use serde::{Deserialize, Serialize};

/// What a logged-in user may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    /// Sends commands on this channel (a table's dealer, the floor, the director).
    Sends(Channel),
    /// Reads, and sends nothing.
    Auditor,
}

impl Role {
    pub fn parse(s: &str) -> Option<Role> {
        if s == "auditor" {
            return Some(Role::Auditor);
        }
        Channel::parse(s).map(Role::Sends)
    }

    pub fn channel(self) -> Option<Channel> {
        match self {
            Role::Sends(c) => Some(c),
            Role::Auditor => None,
        }
    }

    pub fn describe(self) -> String {
        match self {
            Role::Sends(Channel::Dealer { table }) => format!("dealer of table {table}"),
            Role::Sends(Channel::Floor) => "floor".into(),
            Role::Sends(Channel::Director) => "director".into(),
            Role::Auditor => "auditor".into(),
        }
    }
}

/// One user as the file holds him.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UserEntry {
    pub name: String,
    pub role: String,
    /// The argon2id hash in PHC form.
    pub password: String,
}

/// The NATS users each role sends as (`floorbook web --nats`).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NatsUsers {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dealer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub floor: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub director: Option<String>,
    /// One dealer user per table, where the users file has them (`deploy auth
    /// --dealer-tables N`): table number to URL.
    #[serde(default, skip_serializing_if = "HashMap::is_empty")]
    pub dealer_tables: HashMap<String, String>,
}

/// The users file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UsersFile {
    #[serde(default, rename = "user")]
    pub users: Vec<UserEntry>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nats: Option<NatsUsers>,
}

#[derive(Debug, thiserror::Error)]
pub enum UsersError {
    #[error("the users file does not read: {0}")]
    Toml(#[from] toml::de::Error),
    #[error("user {name:?}: role {role:?} is not dealer:N, floor, director or auditor")]
    Role { name: String, role: String },
    #[error("user {0:?}: the password is not an argon2 hash (make one with `floorbook web user`)")]
    Hash(String),
    #[error("user {0:?} is in the file twice")]
    Twice(String),
    #[error("a name of 1 to 64 printable characters; got {0:?}")]
    Name(String),
    #[error("a password of 8 to 1024 bytes")]
    Password,
    #[error("hashing the password: {0}")]
    Hashing(String),
    #[error("{path}: {source}")]
    File {
        path: String,
        source: std::io::Error,
    },
    #[error("writing the users file: {0}")]
    Write(String),
    #[error("{0} has no users; add one with `floorbook web user`")]
    NoUsers(String),
    #[error("{path} already has a user {name:?}")]
    Exists { path: String, name: String },
}

fn file_error(path: &std::path::Path) -> impl FnOnce(std::io::Error) -> UsersError + '_ {
    move |source| UsersError::File {
        path: path.display().to_string(),
        source,
    }
}

impl UsersFile {
    /// Adds `name` as `role` with `password` (hashed) to the users file at `path`, created if
    /// missing; a name the file has is refused.
    pub fn add(
        path: &std::path::Path,
        name: &str,
        role: &str,
        password: &str,
    ) -> Result<(), UsersError> {
        let mut file: UsersFile = if path.exists() {
            toml::from_str(&std::fs::read_to_string(path).map_err(file_error(path))?)?
        } else {
            UsersFile::default()
        };
        if file.users.iter().any(|u| u.name == name) {
            return Err(UsersError::Exists {
                path: path.display().to_string(),
                name: name.to_string(),
            });
        }
        file.users.push(entry(name, role, password)?);
        let text = toml::to_string(&file).map_err(|e| UsersError::Write(e.to_string()))?;
        std::fs::write(path, text).map_err(file_error(path))
    }
}

/// The checked users.
#[derive(Debug, Clone)]
pub struct Users {
    by_name: HashMap<String, (Role, String)>,
    pub nats: Option<NatsUsers>,
}

impl Users {
    /// The users file at `path`, checked: one without users is refused (nobody could log in).
    pub fn read(path: &std::path::Path) -> Result<Users, UsersError> {
        let users = Users::from_toml(&std::fs::read_to_string(path).map_err(file_error(path))?)?;
        if users.is_empty() {
            return Err(UsersError::NoUsers(path.display().to_string()));
        }
        Ok(users)
    }

    pub fn from_toml(text: &str) -> Result<Users, UsersError> {
        let file: UsersFile = toml::from_str(text)?;
        let mut by_name = HashMap::new();
        for u in file.users {
            let role = Role::parse(&u.role).ok_or_else(|| UsersError::Role {
                name: u.name.clone(),
                role: u.role.clone(),
            })?;
            if PasswordHash::new(&u.password).is_err() {
                return Err(UsersError::Hash(u.name));
            }
            if by_name.insert(u.name.clone(), (role, u.password)).is_some() {
                return Err(UsersError::Twice(u.name));
            }
        }
        Ok(Users {
            by_name,
            nats: file.nats,
        })
    }

    /// The user's role when the password is his. A name not in the file costs as much time as
    /// a wrong password (no probing for names).
    pub fn check(&self, name: &str, password: &str) -> Option<Role> {
        const DUMMY: &str = "$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$0WkuoZIqpNlF3yyL0kxq7/pjOFv2DdYZTIc5jQuHw1A";
        let (role, hash) = match self.by_name.get(name) {
            Some((r, h)) => (Some(*r), h.as_str()),
            None => (None, DUMMY),
        };
        let ok = PasswordHash::new(hash)
            .map(|h| {
                Argon2::default()
                    .verify_password(password.as_bytes(), &h)
                    .is_ok()
            })
            .unwrap_or(false);
        if ok { role } else { None }
    }

    pub fn is_empty(&self) -> bool {
        self.by_name.is_empty()
    }
}

/// The users file's entry for a new user: the password hashed with argon2id and a fresh salt.
pub fn entry(name: &str, role: &str, password: &str) -> Result<UserEntry, UsersError> {
    if name.is_empty() || name.len() > 64 || name.chars().any(|c| c.is_control()) {
        return Err(UsersError::Name(name.to_string()));
    }
    if Role::parse(role).is_none() {
        return Err(UsersError::Role {
            name: name.to_string(),
            role: role.to_string(),
        });
    }
    if !(8..=1024).contains(&password.len()) {
        return Err(UsersError::Password);
    }
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| UsersError::Hashing(e.to_string()))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| UsersError::Hashing(e.to_string()))?;
    let hash = Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map_err(|e| UsersError::Hashing(e.to_string()))?
        .to_string();
    Ok(UserEntry {
        name: name.to_string(),
        role: role.to_string(),
        password: hash,
    })
}

/// How long a session lasts without use.
pub const SESSION_IDLE: Duration = Duration::from_secs(12 * 3600);

/// A logged-in user.
#[derive(Debug, Clone)]
pub struct Session {
    pub name: String,
    pub role: Role,
    last: Instant,
}

/// The sessions, by their random token (the cookie's value).
#[derive(Debug, Default)]
pub struct Sessions {
    by_token: Mutex<HashMap<String, Session>>,
}

impl Sessions {
    /// A new session for `name` as `role`: its token.
    pub fn open(&self, name: &str, role: Role) -> Option<String> {
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).ok()?;
        let token: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        let mut m = self.by_token.lock().ok()?;
        m.retain(|_, s| s.last.elapsed() < SESSION_IDLE);
        m.insert(
            token.clone(),
            Session {
                name: name.to_string(),
                role,
                last: Instant::now(),
            },
        );
        Some(token)
    }

    /// The session of `token`, if it is alive (and now used again).
    pub fn get(&self, token: &str) -> Option<Session> {
        let mut m = self.by_token.lock().ok()?;
        let s = m.get_mut(token)?;
        if s.last.elapsed() >= SESSION_IDLE {
            m.remove(token);
            return None;
        }
        s.last = Instant::now();
        Some(s.clone())
    }

    pub fn close(&self, token: &str) {
        if let Ok(mut m) = self.by_token.lock() {
            m.remove(token);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_is_stored_hashed_and_checked() {
        let e = entry("anna", "dealer:3", "correct horse").expect("entry");
        assert!(e.password.starts_with("$argon2id$"));
        assert!(!e.password.contains("correct horse"));
        let file = UsersFile {
            users: vec![e],
            nats: None,
        };
        let users = Users::from_toml(&toml::to_string(&file).expect("toml")).expect("reads");
        assert_eq!(
            users.check("anna", "correct horse"),
            Some(Role::Sends(Channel::Dealer { table: 3 }))
        );
        assert_eq!(users.check("anna", "wrong horse"), None);
        assert_eq!(users.check("nobody", "correct horse"), None);
    }

    /// A session idle for SESSION_IDLE ends: its token no longer logs anyone in, and a new
    /// log-in sweeps it away; a session used within the time lives on from its last use.
    #[test]
    fn an_idle_session_ends() {
        let sessions = Sessions::default();
        let role = Role::Sends(Channel::Floor);
        let idle = sessions.open("fay", role).expect("a session");
        let used = sessions.open("dan", role).expect("another");
        let age = |token: &str, by: Duration| {
            let mut m = sessions.by_token.lock().expect("lock");
            let s = m.get_mut(token).expect("the session");
            s.last = Instant::now()
                .checked_sub(by)
                .expect("an instant that long ago");
        };
        age(&idle, SESSION_IDLE);
        age(&used, SESSION_IDLE - Duration::from_secs(60));
        assert!(
            sessions.get(&idle).is_none(),
            "idle for the whole time: ended"
        );
        assert_eq!(sessions.get(&used).map(|s| s.name), Some("dan".to_string()));
        // Used just now, it lives another SESSION_IDLE.
        assert!(sessions.get(&used).is_some());
        age(&used, SESSION_IDLE);
        let _ = sessions.open("td", role).expect("a log-in");
        assert!(
            !sessions.by_token.lock().expect("lock").contains_key(&used),
            "a new log-in sweeps the idle sessions away"
        );
    }

    #[test]
    fn a_plain_password_in_the_file_is_refused() {
        let text = "[[user]]\nname = \"x\"\nrole = \"floor\"\npassword = \"hunter22\"\n";
        assert!(matches!(Users::from_toml(text), Err(UsersError::Hash(_))));
    }
}
