//! The service's NATS subjects. The sender's role is part of the subject, so that the NATS
//! server's subject permissions (one user per role, `deploy/nats/`) decide who may send what
//! before the service sees it; the service then holds each command to its role again.
//!
//! - `floorbook.cmd.<chain>.dealer.<table>`: a dealer's commands at one table;
//! - `floorbook.cmd.<chain>.floor`: the floor's;
//! - `floorbook.cmd.<chain>.director`: the tournament director's;
//! - `floorbook.q.<chain>.state`, `floorbook.q.<chain>.table.<table>` and
//!   `floorbook.q.<chain>.head`: read-only queries (any role, auditors included).
//!
//! The event stream itself (`floorbook.chain.<chain>`) is written by the service alone.

use floorbook_log::{ChainId, Role};

/// The subject every command subject starts with.
pub const COMMANDS: &str = "floorbook.cmd";
/// The subject every query subject starts with.
pub const QUERIES: &str = "floorbook.q";

/// Where a command comes from: the role, and for a dealer the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Channel {
    Dealer { table: u32 },
    Floor,
    Director,
}

impl Channel {
    pub fn role(self) -> Role {
        match self {
            Channel::Dealer { .. } => Role::Dealer,
            Channel::Floor => Role::Floor,
            Channel::Director => Role::Director,
        }
    }

    /// The channel's part of a subject: `dealer.3`, `floor`, `director`.
    pub fn token(self) -> String {
        match self {
            Channel::Dealer { table } => format!("dealer.{table}"),
            Channel::Floor => "floor".into(),
            Channel::Director => "director".into(),
        }
    }

    /// Reads `dealer:3`, `dealer.3`, `floor` or `director`.
    pub fn parse(s: &str) -> Option<Channel> {
        match s {
            "floor" => Some(Channel::Floor),
            "director" => Some(Channel::Director),
            _ => {
                let t = s
                    .strip_prefix("dealer:")
                    .or_else(|| s.strip_prefix("dealer."))?;
                t.parse().ok().map(|table| Channel::Dealer { table })
            }
        }
    }
}

/// A query.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Query {
    /// The tables, the hands in progress, who acts and what is legal.
    State,
    /// One table, as a dealer's terminal needs it: seats, stacks, the hand, who acts, what is
    /// legal.
    Table(u32),
    /// The chain's head: sequence and hash.
    Head,
}

/// What a subject addresses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Command { chain: ChainId, channel: Channel },
    Query { chain: ChainId, query: Query },
}

/// The subject of `channel`'s commands to `chain`.
pub fn command(chain: &ChainId, channel: Channel) -> String {
    format!("{COMMANDS}.{chain}.{}", channel.token())
}

/// The subject of a query on `chain`.
pub fn query(chain: &ChainId, query: Query) -> String {
    let q = match query {
        Query::State => "state".to_string(),
        Query::Table(t) => format!("table.{t}"),
        Query::Head => "head".to_string(),
    };
    format!("{QUERIES}.{chain}.{q}")
}

/// Reads a subject; None when it is not one of the service's.
pub fn parse(subject: &str) -> Option<Target> {
    let parts: Vec<&str> = subject.split('.').collect();
    match parts.as_slice() {
        ["floorbook", "cmd", chain, rest @ ..] => {
            let chain = ChainId::new(*chain).ok()?;
            let channel = match rest {
                ["floor"] => Channel::Floor,
                ["director"] => Channel::Director,
                ["dealer", table] => Channel::Dealer {
                    table: table.parse().ok().filter(|t| *t > 0)?,
                },
                _ => return None,
            };
            Some(Target::Command { chain, channel })
        }
        ["floorbook", "q", chain, rest @ ..] => {
            let chain = ChainId::new(*chain).ok()?;
            let query = match rest {
                ["state"] => Query::State,
                ["head"] => Query::Head,
                ["table", t] => Query::Table(t.parse().ok().filter(|t| *t > 0)?),
                _ => return None,
            };
            Some(Target::Query { chain, query })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subjects_round_trip() {
        let c = ChainId::new("spring-open").expect("chain");
        for ch in [
            Channel::Dealer { table: 7 },
            Channel::Floor,
            Channel::Director,
        ] {
            assert_eq!(
                parse(&command(&c, ch)),
                Some(Target::Command {
                    chain: c.clone(),
                    channel: ch
                })
            );
        }
        for q in [Query::Head, Query::State, Query::Table(12)] {
            assert_eq!(
                parse(&query(&c, q)),
                Some(Target::Query {
                    chain: c.clone(),
                    query: q
                })
            );
        }
    }

    #[test]
    fn foreign_subjects_are_not_ours() {
        for s in [
            "floorbook.cmd.c1",
            "floorbook.cmd.c1.dealer",
            "floorbook.cmd.c1.dealer.0",
            "floorbook.cmd.c1.dealer.x",
            "floorbook.cmd.c1.auditor",
            "floorbook.cmd.c1.floor.extra",
            "floorbook.q.c1.everything",
            "floorbook.q.c1.table",
            "floorbook.q.c1.table.0",
            "floorbook.q.c1.table.x",
            "floorbook.chain.c1",
            "other.cmd.c1.floor",
        ] {
            assert_eq!(parse(s), None, "{s}");
        }
    }
}
