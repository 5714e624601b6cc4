//! How the pages' commands reach a chain: the same request path as `floorbook cmd`. On the
//! embedded store the web server is the chain's writer and decides each request with the
//! service's desk; with NATS it sends each request to the floor service as the NATS user of
//! the sender's role, so the server's subject permissions hold it to that role too.

use std::collections::HashMap;
use std::fmt;

use chrono::Utc;
use floorbook_log::{ChainId, EventStore, ServiceKey};
use floorbook_service::client::CommandClient;
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{ErrorKind, Reply, ReplyError, Request};

use crate::users::NatsUsers;

/// Where commands go.
pub enum Sender<S> {
    /// Nowhere: the pages only read.
    ReadOnly,
    /// A desk per chain on the store the pages read (the web server is the writer).
    Desks {
        key: Box<Option<ServiceKey>>,
        desks: tokio::sync::Mutex<HashMap<ChainId, Desk<S>>>,
        /// The venue's transparency log, when these pages keep it: finished hands' receipts
        /// go with the replies.
        receipts: Option<std::sync::Arc<dyn floorbook_service::receipts::Receipts>>,
    },
    /// The floor service over NATS, one client per role's NATS user.
    Nats(Box<RoleClients>),
}

/// One NATS client per role, each logged in as that role's NATS user.
#[derive(Debug)]
pub struct RoleClients {
    dealer: Option<CommandClient>,
    dealer_tables: HashMap<u32, CommandClient>,
    floor: Option<CommandClient>,
    director: Option<CommandClient>,
}

impl<S> fmt::Debug for Sender<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Sender::ReadOnly => "Sender::ReadOnly",
            Sender::Desks { .. } => "Sender::Desks",
            Sender::Nats(_) => "Sender::Nats",
        })
    }
}

/// The NATS clients of the roles in `users`, each logged in as its own NATS user.
pub async fn nats_clients<S>(users: &NatsUsers) -> Result<Sender<S>, String> {
    let client = |url: &Option<String>, name: &'static str| {
        let url = url.clone();
        async move {
            match url {
                None => Ok(None),
                Some(u) => floorbook_service::client::connect(&u, name)
                    .await
                    .map(|c| Some(CommandClient::new(c)))
                    .map_err(|e| format!("the {name} NATS user does not connect: {e}")),
            }
        }
    };
    let mut dealer_tables = HashMap::new();
    for (table, url) in &users.dealer_tables {
        let t: u32 = table
            .parse()
            .map_err(|_| format!("nats.dealer_tables: {table:?} is not a table number"))?;
        let c = floorbook_service::client::connect(url, "floorbook-web-dealer")
            .await
            .map_err(|e| format!("the dealer of table {t}'s NATS user does not connect: {e}"))?;
        dealer_tables.insert(t, CommandClient::new(c));
    }
    Ok(Sender::Nats(Box::new(RoleClients {
        dealer: client(&users.dealer, "floorbook-web-dealer").await?,
        dealer_tables,
        floor: client(&users.floor, "floorbook-web-floor").await?,
        director: client(&users.director, "floorbook-web-director").await?,
    })))
}

fn unavailable(why: String) -> Reply {
    Reply::error(None, ReplyError::new(ErrorKind::Unavailable, why))
}

impl<S: EventStore + Clone + 'static> Sender<S> {
    pub fn desks(key: Option<ServiceKey>) -> Sender<S> {
        Sender::Desks {
            key: Box::new(key),
            desks: tokio::sync::Mutex::new(HashMap::new()),
            receipts: None,
        }
    }

    /// Desks that ask `log` for a finished hand's receipt; other senders are unchanged.
    pub fn with_receipts(
        self,
        log: std::sync::Arc<dyn floorbook_service::receipts::Receipts>,
    ) -> Sender<S> {
        match self {
            Sender::Desks { key, desks, .. } => Sender::Desks {
                key,
                desks,
                receipts: Some(log),
            },
            other => other,
        }
    }

    /// The service key this server writes with (its desks'), if any.
    pub fn key(&self) -> Option<&ServiceKey> {
        match self {
            Sender::Desks { key, .. } => key.as_ref().as_ref(),
            _ => None,
        }
    }

    pub fn writes(&self) -> bool {
        !matches!(self, Sender::ReadOnly)
    }

    /// Sends `request` to `chain` on `channel`: the service's reply.
    pub async fn send(
        &self,
        store: &S,
        chain: &ChainId,
        channel: Channel,
        request: Request,
    ) -> Reply {
        match self {
            Sender::ReadOnly => Reply::error(
                Some(chain.as_str()),
                ReplyError::new(
                    ErrorKind::Forbidden,
                    "these pages only read: start `floorbook web` with --users to send commands",
                ),
            ),
            Sender::Desks {
                key,
                desks,
                receipts,
            } => {
                let mut desks = desks.lock().await;
                if !desks.contains_key(chain) {
                    match Desk::open(store.clone(), chain.clone(), (**key).clone(), 1000).await {
                        Ok(d) => {
                            let d = match receipts {
                                Some(r) => d.with_receipts(r.clone()),
                                None => d,
                            };
                            desks.insert(chain.clone(), d);
                        }
                        Err(e) => return unavailable(format!("chain {chain} does not open: {e}")),
                    }
                }
                let Some(desk) = desks.get_mut(chain) else {
                    return unavailable(format!("chain {chain} does not open"));
                };
                let decided = desk
                    .decide(vec![Incoming {
                        channel,
                        request,
                        at: Utc::now(),
                    }])
                    .await;
                if decided.stale {
                    // Opened again from the store at the next request.
                    desks.remove(chain);
                }
                decided
                    .replies
                    .into_iter()
                    .next()
                    .unwrap_or_else(|| unavailable("no reply".into()))
            }
            Sender::Nats(roles) => {
                let client = match channel {
                    Channel::Dealer { table } => {
                        roles.dealer_tables.get(&table).or(roles.dealer.as_ref())
                    }
                    Channel::Floor => roles.floor.as_ref(),
                    Channel::Director => roles.director.as_ref(),
                };
                let Some(client) = client else {
                    return unavailable(format!(
                        "the users file names no NATS user for {}",
                        channel.token()
                    ));
                };
                match client.send(chain, channel, &request).await {
                    Ok(r) => r,
                    Err(e) => unavailable(e.to_string()),
                }
            }
        }
    }
}
