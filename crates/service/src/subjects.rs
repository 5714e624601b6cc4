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
/// Every reply goes to a subject under this: an inbox.
pub const INBOX: &str = "_INBOX";

/// The inbox prefix of NATS user `user` (`_INBOX.<user>`; `_INBOX` without a user). A client
/// of Floorbook asks for its replies there, and the users file lets each user subscribe to its
/// own inbox alone, so no terminal reads another's replies.
pub fn inbox_prefix(user: Option<&str>) -> String {
    match user {
        Some(u) => format!("{INBOX}.{u}"),
        None => INBOX.to_string(),
    }
}

/// Whether the service may answer on `subject`: an inbox, not under the service's own inbox
/// prefix `own` (where its JetStream acknowledgements arrive), and a plain subject. A request
/// naming any other reply subject (the chain's stream, the checkpoints, the lease bucket, the
/// JetStream API) would have the service write there: it is not answered.
pub fn is_reply_inbox(subject: &str, own: &str) -> bool {
    let plain = subject
        .split('.')
        .all(|t| !t.is_empty() && t != "*" && t != ">" && !t.contains(char::is_whitespace));
    let own_inbox = own != INBOX && subject.starts_with(&format!("{own}."));
    plain && subject.starts_with(&format!("{INBOX}.")) && !own_inbox
}

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
    /// The clock screen: level, time left, blinds and ante, next level, next break, players
    /// left of entrants, average stack, prize pool (TR-5).
    Clock,
    /// The seating chart: tables, seats, stacks, who is away or penalised, the moves and the
    /// break due (TR-17).
    Seating,
}

impl Query {
    /// A query as a person names it: `state`, `head`, `clock`, `seating` or `table:N`.
    pub fn named(name: &str) -> Option<Query> {
        match name {
            "head" => Some(Query::Head),
            "state" => Some(Query::State),
            "clock" => Some(Query::Clock),
            "seating" => Some(Query::Seating),
            other => other
                .strip_prefix("table:")
                .and_then(|t| t.parse().ok())
                .filter(|t| *t > 0)
                .map(Query::Table),
        }
    }
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
        Query::Clock => "clock".to_string(),
        Query::Seating => "seating".to_string(),
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
                ["clock"] => Query::Clock,
                ["seating"] => Query::Seating,
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

#[cfg(test)]
mod inbox_tests {
    use super::{inbox_prefix, is_reply_inbox};

    #[test]
    fn replies_go_to_inboxes_only() {
        let own = inbox_prefix(Some("service"));
        assert_eq!(own, "_INBOX.service");
        for ok in ["_INBOX.dealer.abc123", "_INBOX.floor.x.y", "_INBOX.k7Hq2"] {
            assert!(is_reply_inbox(ok, &own), "{ok}");
        }
        for bad in [
            "floorbook.chain.t1",
            "floorbook.checkpoint.t1",
            "$KV.floorbook_writers.t1",
            "$JS.API.STREAM.PURGE.FLOORBOOK",
            "$JS.ACK.FLOORBOOK.x",
            "floorbook.cmd.t1.floor",
            "_INBOX.service.abc",
            "_INBOX",
            "_INBOX.",
            "_INBOX.*",
            "_INBOX.a..b",
            "_INBOX_dealer.x",
        ] {
            assert!(!is_reply_inbox(bad, &own), "{bad}");
        }
        // A service without a user has no inbox of its own to keep apart.
        assert!(is_reply_inbox("_INBOX.k7Hq2", &inbox_prefix(None)));
    }
}
