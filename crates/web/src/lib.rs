//! The floor app's pages, served from the chain itself: the big-screen clock, the seating
//! chart and the standings of each tournament, live (server-sent events tell a page the chain
//! moved on; the page fetches its main part again). Everything a page shows is the state the
//! engine re-derives from the log, so the pages and `explain` never disagree.
//!
//! Invariant: reads through the log's storage trait and the ledger; writes nothing (commands
//! from pages go through the service's request path, like `floorbook cmd`). No network client,
//! no assets from the internet: the style and the script are in the binary.

use std::collections::HashMap;
use std::convert::Infallible;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Json;
use axum::Router;
use axum::extract::{Form, Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use chrono::{DateTime, Utc};
use floorbook_ledger::resume::{Resume, ResumeError};
use floorbook_log::{ChainId, Envelope, EventStore, Head, Seq};
use floorbook_service::commands::Lang;
use floorbook_service::wire::{ErrorKind, Reply, ReplyError, Request, WireCommand};
use floorbook_tournament::engine::{MAX_SECONDS, Tournament};
use futures_util::Stream;
use serde::Deserialize;

mod cash_desk;
mod director_desk;
mod dispute;
pub mod logkeeper;
mod pages;
mod receipts;
pub mod send;
pub mod terminal;
mod tiles;
pub mod users;
pub mod witness;
pub mod words;

pub use send::Sender;
pub use users::{Users, UsersFile, entry as user_entry};

/// The pages' shared state: the store and the tournaments re-derived so far, by chain, with
/// the head they were derived to.
#[derive(Debug)]
pub struct Web<S> {
    store: S,
    /// The chains as the engine re-derives them for the pages' state: cards sealed while
    /// their hand is played opened with the card secret, when this server holds it. Pages
    /// never show a hole card of a hand in play.
    reading: floorbook_log::Disclosing<S>,
    /// The chains as anyone may read them (the audit, the hands, a dispute): sealed cards
    /// only once their hand is over.
    public: floorbook_log::Disclosing<S>,
    derived: Mutex<HashMap<ChainId, Loaded>>,
    cash: Mutex<HashMap<ChainId, (Head, Arc<floorbook_cash::CashRoom>)>>,
    /// The flight each chain read so far is, from its opening (which never changes): None
    /// for a chain that is no flight (another tournament, a cash room, a league).
    flights: Mutex<HashMap<ChainId, Option<floorbook_tournament::Flight>>>,
    /// The projections of each chain read so far, in memory (the audit's and the hands' rows).
    projected: tokio::sync::Mutex<HashMap<ChainId, floorbook_projections::Projector>>,
    users: Option<Users>,
    sessions: users::Sessions,
    sender: Sender<S>,
    /// Bumped after every command this server sent was written: its live pages look at once
    /// instead of at their next poll (a tap's new state without the poll's wait).
    wrote: tokio::sync::watch::Sender<u64>,
    /// The venue's transparency log, when this server keeps it: receipts for finished hands.
    keeper: Option<Arc<logkeeper::Keeper>>,
}

/// A tournament as its chain stood at `head`, and when the chain was opened.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub head: Head,
    pub opened_at: DateTime<Utc>,
    pub tournament: Arc<Tournament>,
    /// Where the next load resumes: the state after the last decision taken in, and the
    /// sequence to read on from (a chain that moved on is read from there, not from its start).
    resume: Option<Resume>,
}

impl Loaded {
    /// Seconds into the tournament at `now`.
    pub fn seconds_at(&self, now: DateTime<Utc>) -> u64 {
        let s = now.signed_duration_since(self.opened_at).num_seconds();
        u64::try_from(s).unwrap_or(0).min(MAX_SECONDS)
    }
}

/// Why a page cannot be shown.
#[derive(Debug, thiserror::Error)]
pub enum WebError {
    #[error("no chain {0}")]
    NoChain(String),
    #[error("{0} is not a chain name: letters, digits, - and _, 1 to 64")]
    BadName(String),
    #[error("reading the chain: {0}")]
    Load(String),
    #[error("chain {chain} does not re-derive at event {index}: {reason}")]
    Diverges {
        chain: String,
        index: usize,
        reason: String,
    },
}

impl IntoResponse for WebError {
    fn into_response(self) -> Response {
        let status = match &self {
            WebError::NoChain(_) => StatusCode::NOT_FOUND,
            WebError::BadName(_) => StatusCode::BAD_REQUEST,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        (status, pages::error_page(&self.to_string())).into_response()
    }
}

impl<S: EventStore + Clone + 'static> Web<S> {
    pub fn new(store: S, users: Option<Users>, sender: Sender<S>) -> Web<S> {
        let secret = sender.key().map(floorbook_log::CardSecret::of);
        Web::with_secret(store, users, sender, secret)
    }

    /// As [`Web::new`], reading the chains' state with `secret` (the card secret of the
    /// service key): hands in play whose hole cards were named are followed, never shown.
    pub fn with_secret(
        store: S,
        users: Option<Users>,
        sender: Sender<S>,
        secret: Option<floorbook_log::CardSecret>,
    ) -> Web<S> {
        let reading = floorbook_log::Disclosing::new(store.clone(), secret);
        Web {
            public: reading.without_secret(),
            reading,
            store,
            derived: Mutex::new(HashMap::new()),
            cash: Mutex::new(HashMap::new()),
            flights: Mutex::new(HashMap::new()),
            projected: tokio::sync::Mutex::new(HashMap::new()),
            users,
            sessions: users::Sessions::default(),
            wrote: tokio::sync::watch::Sender::new(0),
            sender,
            keeper: None,
        }
    }

    /// With the venue's transparency log: the hands' page offers each finished hand's receipt.
    pub fn with_keeper(mut self, keeper: Arc<logkeeper::Keeper>) -> Web<S> {
        self.keeper = Some(keeper);
        self
    }

    /// Whether `chain` is a cash room's day.
    pub async fn is_cash(&self, chain: &str) -> Result<bool, WebError> {
        let id = ChainId::new(chain).map_err(|_| WebError::BadName(chain.to_string()))?;
        floorbook_ledger::cash::is_cash(&self.reading, &id)
            .await
            .map_err(|e| WebError::Load(e.to_string()))
    }

    /// The club's members a desk offers (ID and name), current and not barred; none where the
    /// club keeps no register or it does not read.
    pub async fn members(&self) -> Vec<(String, String)> {
        let Ok(register) = floorbook_ledger::members::register(&self.reading).await else {
            return Vec::new();
        };
        let mut out: Vec<(String, String)> = register
            .members()
            .filter(|m| m.merged_into.is_none() && m.bar.is_none())
            .map(|m| (m.id.clone(), m.name.clone()))
            .collect();
        out.sort_by(|a, b| a.1.cmp(&b.1));
        out
    }

    /// The flights of `event` that ended (issue 39), for Day 2's import: (chain, what it is).
    pub async fn ended_flights(&self, event: &str, lang: Lang) -> Vec<(String, String)> {
        let Ok(chains) = self.store.chains().await else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for c in chains {
            let name = c.to_string();
            if name.starts_with("league-") || name.starts_with("members") {
                continue;
            }
            // Only the event's flights are re-derived (each once for a head): the others are
            // known from their opening, read once.
            let known = self.flights.lock().ok().and_then(|m| m.get(&c).cloned());
            let flight = match known {
                Some(f) => f,
                None => {
                    let f = match floorbook_ledger::reader::read_opening(&self.store, &c).await {
                        Ok(o) => o.profile.flight,
                        // Unreadable now: asked again at the next look.
                        Err(floorbook_ledger::reader::LoadError::Store(_)) => continue,
                        Err(_) => None,
                    };
                    if let Ok(mut m) = self.flights.lock() {
                        m.insert(c.clone(), f.clone());
                    }
                    f
                }
            };
            if flight.is_none_or(|f| f.event != event) {
                continue;
            }
            let Ok(l) = self.load(&name).await else {
                continue;
            };
            let t = &l.tournament;
            let Some(f) = t.profile.flight.as_ref() else {
                continue;
            };
            if !t.finished {
                continue;
            }
            let left = t
                .players
                .values()
                .filter(|p| p.status == floorbook_tournament::engine::Status::Playing)
                .count() as u32;
            let words = words::ta(
                lang,
                "flight-ended",
                &[
                    ("day", words::s(f.day.clone())),
                    ("entries", words::n(t.entry_count())),
                    ("left", words::n(left)),
                ],
            );
            out.push((name, words));
        }
        out
    }

    /// The cash room on `chain` as it stands now (re-derived when the chain moved on).
    pub async fn load_cash(&self, chain: &str) -> Result<Arc<floorbook_cash::CashRoom>, WebError> {
        let id = ChainId::new(chain).map_err(|_| WebError::BadName(chain.to_string()))?;
        let head = self
            .store
            .head(&id)
            .await
            .map_err(|e| WebError::Load(e.to_string()))?
            .ok_or_else(|| WebError::NoChain(chain.to_string()))?;
        if let Some((h, room)) = self.cash.lock().ok().and_then(|m| m.get(&id).cloned())
            && h == head
        {
            return Ok(room);
        }
        let record = floorbook_ledger::cash::load(&self.reading, id.clone())
            .await
            .map_err(|e| WebError::Load(e.to_string()))?;
        let room = floorbook_ledger::cash::rederive(&record).map_err(|d| WebError::Diverges {
            chain: chain.to_string(),
            index: d.seq as usize,
            reason: "the command there decides otherwise".into(),
        })?;
        let room = Arc::new(room);
        if let Ok(mut m) = self.cash.lock() {
            m.insert(id, (head, room.clone()));
        }
        Ok(room)
    }

    /// The session of the request's cookie.
    fn session(&self, headers: &HeaderMap) -> Option<users::Session> {
        let cookie = headers.get(header::COOKIE)?.to_str().ok()?;
        let token = cookie
            .split(';')
            .filter_map(|c| c.trim().strip_prefix(&format!("{SESSION_COOKIE}=")))
            .next()?;
        self.sessions.get(token)
    }

    /// The tournament on `chain` as it stands now (re-derived when the chain moved on).
    pub async fn load(&self, chain: &str) -> Result<Loaded, WebError> {
        let id = ChainId::new(chain).map_err(|_| WebError::BadName(chain.to_string()))?;
        let head = self
            .store
            .head(&id)
            .await
            .map_err(|e| WebError::Load(e.to_string()))?
            .ok_or_else(|| WebError::NoChain(chain.to_string()))?;
        if let Some(l) = self.cached(&id).filter(|l| l.head == head) {
            return Ok(l);
        }
        let first = self
            .store
            .read(&id, Seq(1), 1)
            .await
            .map_err(|e| WebError::Load(e.to_string()))?;
        let opened_at = first
            .first()
            .and_then(|e| Envelope::parse(&e.bytes).ok())
            .map(|env| env.at)
            .ok_or_else(|| WebError::Load("the chain has no opening".into()))?;
        // Resume from the state cached at the last head, reading only what came after it.
        let cached = self.cached(&id).and_then(|l| l.resume);
        let resume = floorbook_ledger::resume::catch_up(&self.reading, &id, cached.as_ref())
            .await
            .map_err(|e| match e {
                ResumeError::Load(e) => WebError::Load(e.to_string()),
                ResumeError::Diverges { divergence, .. } => WebError::Diverges {
                    chain: chain.to_string(),
                    index: divergence.index,
                    reason: divergence.reason,
                },
            })?;
        let loaded = Loaded {
            head,
            opened_at,
            tournament: resume.tournament.clone(),
            resume: Some(resume),
        };
        if let Ok(mut m) = self.derived.lock() {
            m.insert(id, loaded.clone());
        }
        Ok(loaded)
    }

    fn cached(&self, id: &ChainId) -> Option<Loaded> {
        self.derived.lock().ok().and_then(|m| m.get(id).cloned())
    }
}

/// The router: `/`, `/t/{chain}/clock`, `/t/{chain}/seating`, `/t/{chain}/standings`,
/// `/t/{chain}/explain?seq=N` (a dispute), and
/// `/t/{chain}/live` (server-sent events: `head` with the chain's head sequence whenever it
/// changes).
pub fn router<S: EventStore + Clone + 'static>(store: S) -> Router {
    router_with(store, None, Sender::ReadOnly)
}

/// The router with log-in (`users`) and the way commands are sent (`sender`): also `/login`,
/// `/logout`, `/t/{chain}/dealer/{table}`, `/t/{chain}/floor`, `/t/{chain}/director`,
/// `/t/{chain}/cash` and `POST /t/{chain}/cmd`.
pub fn router_with<S: EventStore + Clone + 'static>(
    store: S,
    users: Option<Users>,
    sender: Sender<S>,
) -> Router {
    router_of(Arc::new(Web::new(store, users, sender)))
}

/// The routes of `web`.
pub fn router_of<S: EventStore + Clone + 'static>(web: Arc<Web<S>>) -> Router {
    Router::new()
        .route("/", get(index::<S>))
        .route("/login", get(login_form).post(login::<S>))
        .route("/logout", post(logout::<S>))
        .route("/t/{chain}/dealer/{table}", get(dealer::<S>))
        .route("/t/{chain}/floor", get(floor_desk::<S>))
        .route("/t/{chain}/director", get(director_desk::<S>))
        .route("/t/{chain}/cash", get(cash_room::<S>))
        .route("/t/{chain}/board", get(cash_board::<S>))
        .route("/t/{chain}/cmd", post(command::<S>))
        .route("/t/{chain}/audit", get(audit_page::<S>))
        .route("/t/{chain}/hands", get(hands_page::<S>))
        .route("/t/{chain}/receipt/{hand}", get(receipts::file::<S>))
        .route("/t/{chain}/receipt/{hand}/slip", get(receipts::slip::<S>))
        .route("/l/{league}", get(league_page::<S>))
        .route("/log/checkpoint", get(tiles::checkpoint::<S>))
        .route("/log/tile/{*path}", get(tiles::tile::<S>))
        .route("/terminal.js", get(terminal_js))
        .route("/t/{chain}/clock", get(clock::<S>))
        .route("/t/{chain}/seating", get(seating::<S>))
        .route("/t/{chain}/slips", get(slips::<S>))
        .route("/t/{chain}/standings", get(standings::<S>))
        .route("/t/{chain}/live", get(live::<S>))
        .route("/t/{chain}/explain", get(dispute::<S>))
        .route("/app.css", get(css))
        .route("/app.js", get(js))
        .with_state(web)
}

/// Serves the pages on `listener` until the process ends; the chains' state read with
/// `secret` (else the desks' key's), so hands in play with named hole cards are followed.
pub async fn serve<S: EventStore + Clone + 'static>(
    listener: tokio::net::TcpListener,
    store: S,
    users: Option<Users>,
    sender: Sender<S>,
    secret: Option<floorbook_log::CardSecret>,
) -> std::io::Result<()> {
    let secret = secret.or_else(|| sender.key().map(floorbook_log::CardSecret::of));
    let web = Arc::new(Web::with_secret(store, users, sender, secret));
    axum::serve(listener, router_of(web)).await
}

/// Serves `web`'s pages on `listener` until the process ends.
pub async fn serve_web<S: EventStore + Clone + 'static>(
    listener: tokio::net::TcpListener,
    web: Arc<Web<S>>,
) -> std::io::Result<()> {
    axum::serve(listener, router_of(web)).await
}

/// The session cookie's name.
const SESSION_COOKIE: &str = "floorbook_session";

#[derive(Debug, Deserialize)]
struct Next {
    next: Option<String>,
    lang: Option<String>,
}

/// Only a path of this server: never another site.
fn local(next: Option<&str>) -> String {
    match next {
        Some(n) if n.starts_with('/') && !n.starts_with("//") && !n.contains('\\') => n.to_string(),
        _ => "/".to_string(),
    }
}

async fn login_form(Query(next): Query<Next>, headers: HeaderMap) -> Response {
    let lang = words::language(next.lang.as_deref(), &headers);
    keep_language(
        terminal::login(&local(next.next.as_deref()), None, lang).into_response(),
        next.lang.as_deref(),
    )
}

/// A page asked for in a language (`?lang=`) keeps it for the next pages (a cookie).
fn keep_language(mut resp: Response, asked: Option<&str>) -> Response {
    if let Some(l) = asked.and_then(floorbook_service::commands::Lang::from_tag)
        && let Ok(v) = header::HeaderValue::from_str(&format!(
            "lang={}; Path=/; SameSite=Lax; Max-Age=31536000",
            l.tag()
        ))
    {
        resp.headers_mut().append(header::SET_COOKIE, v);
    }
    resp
}

#[derive(Debug, Deserialize)]
struct LoginForm {
    name: String,
    password: String,
    next: Option<String>,
}

async fn login<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    headers: HeaderMap,
    Form(f): Form<LoginForm>,
) -> Response {
    let lang = words::language(None, &headers);
    let next = local(f.next.as_deref());
    let Some(users) = web.users.as_ref() else {
        return (
            StatusCode::FORBIDDEN,
            terminal::login(&next, Some("login-no-users"), lang),
        )
            .into_response();
    };
    // The argon2 check is slow on purpose: off the async threads.
    let (u, name, password) = (users.clone(), f.name.clone(), f.password.clone());
    let role = tokio::task::spawn_blocking(move || u.check(&name, &password))
        .await
        .ok()
        .flatten();
    let Some(role) = role else {
        tracing::warn!(name = %f.name, "a log-in was refused");
        return (
            StatusCode::UNAUTHORIZED,
            terminal::login(&next, Some("login-unknown"), lang),
        )
            .into_response();
    };
    let Some(token) = web.sessions.open(&f.name, role) else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let cookie = format!("{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict");
    (
        StatusCode::SEE_OTHER,
        [(header::SET_COOKIE, cookie), (header::LOCATION, next)],
    )
        .into_response()
}

async fn logout<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    headers: HeaderMap,
) -> Response {
    if let Some(token) = headers
        .get(header::COOKIE)
        .and_then(|c| c.to_str().ok())
        .and_then(|c| {
            c.split(';').find_map(|x| {
                x.trim()
                    .strip_prefix(&format!("{SESSION_COOKIE}="))
                    .map(str::to_string)
            })
        })
    {
        web.sessions.close(&token);
    }
    (
        StatusCode::SEE_OTHER,
        [
            (
                header::SET_COOKIE,
                format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0"),
            ),
            (header::LOCATION, "/".to_string()),
        ],
    )
        .into_response()
}

/// `POST /t/{chain}/cmd`: one wire command from a page, sent as the session's user on the
/// session's channel (a dealer's is his table's, whatever the command says). The header
/// `X-Floorbook: 1` is required: a page of another site cannot send it.
async fn command<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Response {
    let reply = |status: StatusCode, r: Reply| (status, Json(r)).into_response();
    let err = |kind, msg: String| Reply::error(Some(&chain), ReplyError::new(kind, msg));
    if headers.get("x-floorbook").and_then(|v| v.to_str().ok()) != Some("1") {
        return reply(
            StatusCode::FORBIDDEN,
            err(
                ErrorKind::Forbidden,
                "a command needs the header X-Floorbook: 1".into(),
            ),
        );
    }
    let Some(session) = web.session(&headers) else {
        return reply(
            StatusCode::UNAUTHORIZED,
            err(ErrorKind::Forbidden, "log in first".into()),
        );
    };
    let Some(channel) = session.role.channel() else {
        return reply(
            StatusCode::FORBIDDEN,
            err(
                ErrorKind::Forbidden,
                "an auditor reads and sends nothing".into(),
            ),
        );
    };
    let Ok(id) = ChainId::new(&chain) else {
        return reply(
            StatusCode::BAD_REQUEST,
            err(ErrorKind::Malformed, format!("{chain} is not a chain name")),
        );
    };
    if body.len() > floorbook_service::wire::MAX_REQUEST_BYTES {
        return reply(
            StatusCode::PAYLOAD_TOO_LARGE,
            err(ErrorKind::TooLarge, "over 64 KiB".into()),
        );
    }
    let command: WireCommand = match std::str::from_utf8(&body)
        .map_err(|_| "the command is not UTF-8 text".to_string())
        .and_then(floorbook_service::wire_words::read_command)
    {
        Ok(c) => c,
        Err(e) => return reply(StatusCode::BAD_REQUEST, err(ErrorKind::Malformed, e)),
    };
    // The table's mark as the page showed it (issue 35): the desk refuses a tap on a table
    // that has moved on since.
    let seen = headers
        .get("x-floorbook-seen")
        .and_then(|v| v.to_str().ok())
        .map(str::to_string);
    let request = Request {
        actor: session.name.clone(),
        id: None,
        after: None,
        seen,
        command,
    };
    let mut r = web.sender.send(&web.store, &id, channel, request).await;
    if r.seq.is_some() {
        web.wrote.send_modify(|n| *n = n.wrapping_add(1));
    }
    // A refusal in the page's language: its words from the message files where they have
    // its code, and each rule with the seed's own German sentence on a German page.
    let lang = words::language(None, &headers);
    if let Some(e) = r.error.as_mut() {
        if let Some(w) = e.reason.as_ref().and_then(|v| words::refusal(lang, v)) {
            e.message = w;
        }
        if lang == Lang::De {
            for rule in &mut e.rules {
                if let Some(found) = floorbook_rules::Rule::from_id(&rule.id) {
                    rule.text = found.seed_text().to_string();
                }
            }
        }
    }
    reply(StatusCode::OK, r)
}

async fn dealer<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path((chain, table)): Path<(String, u32)>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let who = web.session(&headers);
    let lang = words::language(part.lang.as_deref(), &headers);
    let cash = web.is_cash(&chain).await?;
    let model = if cash {
        let room = web.load_cash(&chain).await?;
        terminal::TableModel::cash(&room, table)
    } else {
        let l = web.load(&chain).await?;
        terminal::TableModel::tournament(&l.tournament, table)
    };
    let main = match model {
        Some(mut m) => {
            m.receipts = web.keeper.is_some();
            let floor = who.as_ref().is_some_and(|w| {
                matches!(
                    w.role.channel(),
                    Some(
                        floorbook_service::subjects::Channel::Floor
                            | floorbook_service::subjects::Channel::Director
                    )
                )
            });
            terminal::dealer(&m, floor, lang)
        }
        None => {
            maud::html! { p.empty { (words::ta(lang, "no-table", &[("table", words::n(table))])) } }
        }
    };
    if part.main_only() {
        return Ok(main.into_response());
    }
    Ok(keep_language(
        terminal::page(
            &chain,
            &format!("dealer/{table}"),
            who.as_ref(),
            cash,
            lang,
            main,
        )
        .into_response(),
        part.lang.as_deref(),
    ))
}

async fn floor_desk<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    desk_page(&web, &chain, &part, &headers, "floor").await
}

async fn director_desk<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    desk_page(&web, &chain, &part, &headers, "director").await
}

/// The forms of a role (`floor` or `director`) for the chain's kind.
async fn desk_page<S: EventStore + Clone + 'static>(
    web: &Web<S>,
    chain: &str,
    part: &Part,
    headers: &HeaderMap,
    role: &str,
) -> Result<Response, WebError> {
    let who = web.session(headers);
    let lang = words::language(part.lang.as_deref(), headers);
    let cash = web.is_cash(chain).await?;
    // A cash room's desk: its games, lists and tables, and what is next, offered (issue 36).
    if cash {
        let room = web.load_cash(chain).await.ok();
        let glance = room.as_ref().map(|r| cash_desk::overview(r, lang));
        if part.part.as_deref() == Some("overview") {
            return Ok(glance.unwrap_or_default().into_response());
        }
        let parts = terminal::DeskParts {
            cash_overview: glance,
            members: web.members().await,
            ..terminal::DeskParts::default()
        };
        let main = terminal::desk(cash, who.as_ref(), role, parts, lang);
        if part.main_only() {
            return Ok(main.into_response());
        }
        return Ok(keep_language(
            terminal::page(chain, role, who.as_ref(), cash, lang, main).into_response(),
            part.lang.as_deref(),
        ));
    }
    // A tournament's desk shows every table and player to choose from (issue 36).
    // A chain not opened yet (or unreadable) shows the forms alone; the director's desk adds
    // the clock's controls, the start and the levels to come.
    let loaded = web.load(chain).await.ok();
    let now = loaded.as_ref().map(|l| l.seconds_at(Utc::now()));
    let overview = loaded
        .as_ref()
        .zip(now)
        .map(|(l, now)| terminal::FloorModel::tournament(&l.tournament, now));
    let mut director = loaded
        .as_ref()
        .zip(now)
        .filter(|_| role == "director")
        .map(|(l, now)| director_desk::DirectorModel::tournament(&l.tournament, now));
    // Closing the night: the record as signed (its latest checkpoint against its head).
    if let Some(d) = director.as_mut()
        && loaded.as_ref().is_some_and(|l| l.tournament.finished)
        && let Ok(id) = ChainId::new(chain)
    {
        d.head = web
            .store
            .head(&id)
            .await
            .ok()
            .flatten()
            .map_or(0, |h| h.seq.0);
        d.signed = web
            .store
            .checkpoints(&id)
            .await
            .ok()
            .and_then(|cps| cps.into_iter().max_by_key(|c| c.seq))
            .map(|c| (c.seq.0, c.key_id.to_string()));
    }
    if part.part.as_deref() == Some("overview") {
        let m = overview.as_ref().map(|m| {
            maud::html! {
                @if let Some(d) = &director { (director_desk::live_panel(d, lang)) }
                (terminal::floor_overview(m, lang))
            }
        });
        return Ok(m.unwrap_or_default().into_response());
    }
    let parts = terminal::DeskParts {
        overview: overview.as_ref(),
        director: director.as_ref(),
        members: web.members().await,
        buy_ins: loaded
            .as_ref()
            .map(|l| l.tournament.profile.buy_ins.clone())
            .unwrap_or_default(),
        flights: match loaded
            .as_ref()
            .and_then(|l| l.tournament.profile.day2.clone())
        {
            Some(day2) if role == "director" => web.ended_flights(&day2.event, lang).await,
            _ => Vec::new(),
        },
        ..terminal::DeskParts::default()
    };
    let main = terminal::desk(cash, who.as_ref(), role, parts, lang);
    if part.main_only() {
        return Ok(main.into_response());
    }
    Ok(keep_language(
        terminal::page(chain, role, who.as_ref(), cash, lang, main).into_response(),
        part.lang.as_deref(),
    ))
}

async fn cash_room<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let who = web.session(&headers);
    let lang = words::language(part.lang.as_deref(), &headers);
    let room = web.load_cash(&chain).await?;
    let main = terminal::cash_room(&room, lang);
    if part.main_only() {
        return Ok(main.into_response());
    }
    Ok(keep_language(
        terminal::page(&chain, "cash", who.as_ref(), true, lang, main).into_response(),
        part.lang.as_deref(),
    ))
}

/// The cash room's waiting-list board, for a big screen in the room (no log-in: it shows what
/// the room's board shows, the names on the lists and the free seats).
async fn cash_board<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(part.lang.as_deref(), &headers);
    let room = web.load_cash(&chain).await?;
    let main = cash_desk::board(&room, lang);
    Ok(keep_language(
        pages::page(&chain, "board", main, part.main_only(), lang).into_response(),
        part.lang.as_deref(),
    ))
}

async fn terminal_js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        terminal::JS.0,
    )
}

/// `?part=main`: only the page's main part (what a live page fetches again).
#[derive(Debug, Deserialize)]
struct Part {
    part: Option<String>,
    /// `?lang=de` or `en`: the page's language, kept for the next pages.
    lang: Option<String>,
}

impl Part {
    fn main_only(&self) -> bool {
        self.part.as_deref() == Some("main")
    }
}

async fn index<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Query(asked): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let chains = web
        .store
        .chains()
        .await
        .map_err(|e| WebError::Load(e.to_string()))?;
    let mut listed = Vec::with_capacity(chains.len());
    for c in &chains {
        let cash = floorbook_ledger::cash::is_cash(&web.reading, c)
            .await
            .map_err(|e| WebError::Load(e.to_string()))?;
        let name = c.to_string();
        // What each chain is and how it stands; one that does not read says so.
        let state = if name.starts_with("league-") {
            pages::ChainState::League
        } else if cash {
            match web.load_cash(&name).await {
                Ok(room) => pages::ChainState::Cash {
                    title: room.profile().title.clone(),
                    tables: room.tables().values().filter(|t| t.open).count(),
                    seated: room
                        .guests()
                        .values()
                        .filter(|g| g.sitting.is_some())
                        .count(),
                    waiting: room.lists().values().map(|l| l.waiting.len()).sum(),
                },
                Err(_) => pages::ChainState::Unreadable,
            }
        } else {
            match web.load(&name).await {
                Ok(l) => {
                    let v = l.tournament.clock_view(l.seconds_at(Utc::now()));
                    pages::ChainState::Tournament {
                        title: l.tournament.profile.title.clone(),
                        started: v.started,
                        finished: v.finished,
                        on_break: v.on_break_after.is_some(),
                        level: v.level,
                        left: v.players_left,
                        entrants: v.entrants,
                        winner: l
                            .tournament
                            .players
                            .values()
                            .find(|p| {
                                matches!(
                                    p.status,
                                    floorbook_tournament::engine::Status::Busted { place: 1 }
                                )
                            })
                            .map(|p| p.name.clone()),
                    }
                }
                Err(_) => pages::ChainState::Unreadable,
            }
        };
        listed.push((name, state));
    }
    let lang = words::language(asked.lang.as_deref(), &headers);
    let who = web.session(&headers);
    let who = who.as_ref().map(|s| (s.name.as_str(), s.role.describe()));
    Ok(keep_language(
        pages::index(&listed, who, web.sender.writes(), lang).into_response(),
        asked.lang.as_deref(),
    ))
}

async fn clock<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(part.lang.as_deref(), &headers);
    let l = web.load(&chain).await?;
    let view = l.tournament.clock_view(l.seconds_at(Utc::now()));
    let main = pages::clock(&l.tournament, &view, lang);
    Ok(keep_language(
        pages::page(&chain, "clock", main, part.main_only(), lang).into_response(),
        part.lang.as_deref(),
    ))
}

async fn seating<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(part.lang.as_deref(), &headers);
    let l = web.load(&chain).await?;
    // The latest moves, from the projections: who went from which table to which seat, why.
    let moves = with_projections(&web, &chain, |p| {
        let conn = p.connection();
        let mut stmt = conn.prepare(
            "SELECT m.seq, COALESCE(pl.name, 'Player ' || m.player), m.from_table, m.to_table, m.seat, m.rules \
             FROM moves m LEFT JOIN players pl ON pl.chain = m.chain AND pl.player = m.player \
             WHERE m.chain = ?1 ORDER BY m.seq DESC LIMIT 8",
        )?;
        let rows = stmt
            .query_map([chain.as_str()], |r| {
                Ok(pages::MoveRow {
                    seq: r.get(0)?,
                    name: r.get(1)?,
                    from: r.get(2)?,
                    to: r.get(3)?,
                    seat: r.get(4)?,
                    rules: r.get(5)?,
                })
            })?
            .collect::<Result<Vec<_>, rusqlite::Error>>()?;
        Ok::<_, rusqlite::Error>(rows)
    })
    .await?
    .map_err(|e| WebError::Load(e.to_string()))?;
    let main = pages::seating(&l.tournament, &moves, lang);
    Ok(keep_language(
        pages::page(&chain, "seating", main, part.main_only(), lang).into_response(),
        part.lang.as_deref(),
    ))
}

/// The seat slips of the draw, to print (issue 36).
async fn slips<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(part.lang.as_deref(), &headers);
    let l = web.load(&chain).await?;
    let main = pages::slips(&l.tournament, lang);
    Ok(keep_language(
        pages::page(&chain, "slips", main, part.main_only(), lang).into_response(),
        part.lang.as_deref(),
    ))
}

async fn standings<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(part.lang.as_deref(), &headers);
    let l = web.load(&chain).await?;
    let view = l.tournament.clock_view(l.seconds_at(Utc::now()));
    let main = pages::standings(&l.tournament, &view, lang);
    Ok(keep_language(
        pages::page(&chain, "standings", main, part.main_only(), lang).into_response(),
        part.lang.as_deref(),
    ))
}

/// `?seq=N`: the event a dispute is about.
#[derive(Debug, Deserialize)]
struct Asked {
    seq: Option<u64>,
    lang: Option<String>,
}

/// The dispute page: the decision recorded at `seq`, re-derived (`explain`): recorded against
/// derived, the command and the table it met, who entered it and when, the rules' texts.
async fn dispute<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(asked.lang.as_deref(), &headers);
    if web.is_cash(&chain).await? {
        return cash_dispute(&web, &chain, &asked, lang).await;
    }
    let page = |main| {
        keep_language(
            pages::page(&chain, "explain", main, false, lang).into_response(),
            asked.lang.as_deref(),
        )
    };
    let l = web.load(&chain).await?;
    let head = l.head.seq.0;
    let Some(seq) = asked.seq else {
        return Ok(page(pages::dispute_form(head, None, lang)));
    };
    if !(2..=head).contains(&seq) {
        let why = format!("there is no decision at {seq}: the chain's events are 2 to {head}");
        return Ok(page(pages::dispute_form(head, Some(&why), lang)));
    }
    let id = ChainId::new(&chain).map_err(|_| WebError::BadName(chain.clone()))?;
    // As `floorbook explain` reads it: from the replay snapshot before `seq`, through the
    // command that caused it (the snapshots are made on the first question, then kept).
    let stored = {
        let mut all = projections(&web, &chain).await?;
        let p = all
            .get_mut(&id)
            .ok_or_else(|| WebError::Load("the projections".into()))?;
        floorbook_ledger::snapshots::update_snapshots(p, &web.public, &id)
            .await
            .map_err(|e| WebError::Load(e.to_string()))?;
        floorbook_ledger::snapshots::stored_before(p, &id, seq)
            .map_err(|e| WebError::Load(e.to_string()))?
    };
    let recorded = floorbook_ledger::snapshots::read_near(&web.public, id.clone(), seq, stored)
        .await
        .map_err(|e| WebError::Load(e.to_string()))?;
    let mut explanation = match floorbook_ledger::explain::explain(&recorded, seq) {
        Ok(e) => e,
        Err(e) => {
            let why = e.to_string();
            return Ok(page(pages::dispute_form(head, Some(&why), lang)));
        }
    };
    explanation.recorded_by = floorbook_ledger::explain::recorded_by(&web.public, &id, seq)
        .await
        .map_err(|e| WebError::Load(e.to_string()))?;
    // The hand the event belongs to, event by event: the floor picks from it (issue 36).
    let history = with_projections(&web, &chain, |p| hand_history(p, &chain, seq))
        .await?
        .map_err(|e| WebError::Load(e.to_string()))?;
    Ok(page(dispute::dispute(head, &explanation, &history, lang)))
}

/// The events of the hand that the event at `seq` belongs to (or starts), in order: sequence,
/// kind, position, amount, cards.
fn hand_history(
    p: &floorbook_projections::Projector,
    chain: &str,
    seq: u64,
) -> Result<Vec<dispute::HandStep>, rusqlite::Error> {
    use rusqlite::OptionalExtension;
    let conn = p.connection();
    let seq = i64::try_from(seq).unwrap_or(i64::MAX);
    let hand: Option<i64> = conn
        .query_row(
            "SELECT hand FROM hand_events WHERE chain = ?1 AND seq = ?2 \
             UNION ALL SELECT hand FROM hands WHERE chain = ?1 AND started_seq = ?2 LIMIT 1",
            rusqlite::params![chain, seq],
            |r| r.get(0),
        )
        .optional()?
        .flatten();
    let Some(hand) = hand else {
        return Ok(Vec::new());
    };
    let mut stmt = conn.prepare(
        "SELECT seq, kind, pos, amount, cards FROM hand_events WHERE chain = ?1 AND hand = ?2 ORDER BY seq",
    )?;
    let rows = stmt
        .query_map(rusqlite::params![chain, hand], |r| {
            Ok(dispute::HandStep {
                seq: u64::try_from(r.get::<_, i64>(0)?).unwrap_or(0),
                kind: r.get(1)?,
                pos: r.get(2)?,
                amount: r.get(3)?,
                cards: r.get(4)?,
            })
        })?
        .collect::<Result<Vec<_>, _>>()?;
    Ok(rows)
}

async fn cash_dispute<S: EventStore + Clone + 'static>(
    web: &Web<S>,
    chain: &str,
    asked: &Asked,
    lang: Lang,
) -> Result<Response, WebError> {
    let id = ChainId::new(chain).map_err(|_| WebError::BadName(chain.to_string()))?;
    let record = floorbook_ledger::cash::load(&web.public, id)
        .await
        .map_err(|e| WebError::Load(e.to_string()))?;
    let head = record.last;
    let page = |main| {
        keep_language(
            pages::page(chain, "explain", main, false, lang).into_response(),
            asked.lang.as_deref(),
        )
    };
    let Some(seq) = asked.seq else {
        return Ok(page(pages::dispute_form(head, None, lang)));
    };
    Ok(match floorbook_ledger::cash::explain(&record, seq) {
        Ok(e) => page(dispute::cash(head, &e, lang)),
        Err(e) => page(pages::dispute_form(head, Some(&e.to_string()), lang)),
    })
}

/// Runs `f` on the chain's projections, brought up to its head (kept in memory per chain).
async fn with_projections<S: EventStore + Clone + 'static, T>(
    web: &Web<S>,
    chain: &str,
    f: impl FnOnce(&floorbook_projections::Projector) -> T,
) -> Result<T, WebError> {
    let id = ChainId::new(chain).map_err(|_| WebError::BadName(chain.to_string()))?;
    let all = projections(web, chain).await?;
    let p = all
        .get(&id)
        .ok_or_else(|| WebError::Load("the projections".into()))?;
    Ok(f(p))
}

/// Every chain's projections, `chain`'s made on first use and caught up with the chain.
async fn projections<'w, S: EventStore + Clone + 'static>(
    web: &'w Web<S>,
    chain: &str,
) -> Result<tokio::sync::MutexGuard<'w, HashMap<ChainId, floorbook_projections::Projector>>, WebError>
{
    let id = ChainId::new(chain).map_err(|_| WebError::BadName(chain.to_string()))?;
    let mut all = web.projected.lock().await;
    if !all.contains_key(&id) {
        let p = floorbook_projections::Projector::in_memory()
            .map_err(|e| WebError::Load(e.to_string()))?;
        all.insert(id.clone(), p);
    }
    let p = all
        .get_mut(&id)
        .ok_or_else(|| WebError::Load("the projections".into()))?;
    p.catch_up(&web.public, &id, floorbook_log::PAGE, |_| {})
        .await
        .map_err(|e| WebError::Load(e.to_string()))?;
    Ok(all)
}

/// An audit of either kind of chain.
enum Audited {
    Tournament(floorbook_ledger::audit::Audit),
    Cash(floorbook_ledger::cash::CashAudit),
}

/// The audit: the chain verified, every decision re-derived, and what a reviewer reads.
async fn audit_page<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(part.lang.as_deref(), &headers);
    let tr = |k: &str| words::t(lang, k);
    let id = ChainId::new(&chain).map_err(|_| WebError::BadName(chain.clone()))?;
    let cash = web.is_cash(&chain).await?;
    // The projections first (caught up), then the audit reads them. The audit holds the
    // SQLite connection across its reads of the store, so it runs on a thread of its own.
    with_projections(&web, &chain, |_| ()).await?;
    let mut all = web.projected.lock().await;
    let p = all
        .remove(&id)
        .ok_or_else(|| WebError::Load("the projections".into()))?;
    let store = web.public.clone();
    let rt = tokio::runtime::Handle::current();
    let chain_id = id.clone();
    let (p, result) = tokio::task::spawn_blocking(move || {
        let r = rt.block_on(async {
            if cash {
                floorbook_ledger::cash::audit(&store, &p, &chain_id)
                    .await
                    .map(Audited::Cash)
                    .map_err(|e| e.to_string())
            } else {
                floorbook_ledger::audit::audit(&store, &p, &chain_id)
                    .await
                    .map(Audited::Tournament)
                    .map_err(|e| e.to_string())
            }
        });
        (p, r)
    })
    .await
    .map_err(|e| WebError::Load(e.to_string()))?;
    all.insert(id, p);
    drop(all);
    let audited = result.map_err(WebError::Load)?;
    let main = match audited {
        Audited::Cash(a) => {
            let money = words::ta(
                lang,
                "audit-cash-status",
                &[
                    ("status", words::s(a.chain_status.clone())),
                    ("in", words::n(a.money_in as f64)),
                    ("out", words::n(a.money_out as f64)),
                    ("tables", words::n(a.at_tables as f64)),
                    ("rederived", words::n(a.decisions_rederived as f64)),
                ],
            );
            pages::audit(
                &words::ta(lang, "audit-of-cash", &[("chain", words::s(chain.clone()))]),
                &money,
                a.clean(),
                &[
                    (tr("audit-warnings"), &a.warnings),
                    (tr("audit-removals"), &a.removals),
                    (tr("audit-refused-moves"), &a.refused_moves),
                    (tr("audit-released-seats"), &a.released_seats),
                    (tr("audit-markers"), &a.markers),
                    (tr("audit-irregularities"), &a.irregularities),
                    (tr("audit-refused-commands"), &a.refused_commands),
                ],
                lang,
            )
        }
        Audited::Tournament(a) => {
            let chips: Vec<serde_json::Value> = a
                .chip_counts
                .iter()
                .filter_map(|c| serde_json::to_value(c).ok())
                .collect();
            let divergences: Vec<serde_json::Value> = a
                .divergences
                .iter()
                .filter_map(|d| serde_json::to_value(d).ok())
                .collect();
            let status = words::ta(
                lang,
                "audit-status",
                &[
                    ("status", words::s(a.chain_status.clone())),
                    ("rederived", words::n(a.decisions_rederived as f64)),
                ],
            );
            pages::audit(
                &words::ta(lang, "audit-of", &[("chain", words::s(chain.clone()))]),
                &status,
                a.clean(),
                &[
                    (tr("audit-irregularities-remedies"), &a.irregularities),
                    (tr("audit-sanctions"), &a.sanctions),
                    (tr("audit-floor"), &a.floor),
                    (tr("audit-refused-commands"), &a.refused_commands),
                    (tr("audit-chip-counts"), &chips),
                    (tr("audit-divergences"), &divergences),
                ],
                lang,
            )
        }
    };
    Ok(keep_language(
        pages::page(&chain, "audit", main, part.main_only(), lang).into_response(),
        part.lang.as_deref(),
    ))
}

/// The hands of a tournament, each with its table, level, button and the stacks after it.
async fn hands_page<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(part.lang.as_deref(), &headers);
    let rows = with_projections(&web, &chain, |p| {
        let sql = "SELECT h.hand, h.table_no, h.level, h.button, h.started_seq, \
                   (SELECT GROUP_CONCAT(COALESCE(pl.name, r.player) || ' ' || r.stack, ', ') \
                    FROM hand_results r LEFT JOIN players pl ON pl.chain = r.chain AND pl.player = r.player \
                    WHERE r.chain = h.chain AND r.hand = h.hand) AS stacks, \
                   h.finished_seq IS NOT NULL \
                   FROM hands h WHERE h.chain = ?1 ORDER BY h.hand DESC LIMIT 500";
        let conn = p.connection();
        let mut stmt = conn.prepare(sql)?;
        let rows = stmt
            .query_map([chain.as_str()], |r| {
                Ok(serde_json::json!({
                    "hand": r.get::<_, Option<i64>>(0)?,
                    "table_no": r.get::<_, Option<i64>>(1)?,
                    "level": r.get::<_, Option<i64>>(2)?,
                    "button": r.get::<_, Option<i64>>(3)?,
                    "started_seq": r.get::<_, Option<i64>>(4)?,
                    "stacks": r.get::<_, Option<String>>(5)?,
                    "finished": r.get::<_, bool>(6)?,
                }))
            })?
            .collect::<Result<Vec<_>, rusqlite::Error>>()?;
        Ok::<_, rusqlite::Error>(rows)
    })
    .await?
    .map_err(|e| WebError::Load(e.to_string()))?;
    let main = pages::hands(&rows, web.keeper.is_some(), lang);
    Ok(keep_language(
        pages::page(&chain, "hands", main, part.main_only(), lang).into_response(),
        part.lang.as_deref(),
    ))
}

/// A league's standings (its chain `league-<name>`): rank, player, points, results counted.
async fn league_page<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(league): Path<String>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Result<Response, WebError> {
    let lang = words::language(part.lang.as_deref(), &headers);
    use floorbook_ledger::league::LeagueReadError;
    let name = format!("league-{league}");
    let id = floorbook_ledger::league::chain_of(&league).map_err(|_| WebError::BadName(name))?;
    // Ranked as `floorbook league standings` ranks: by the register as it stands now.
    let table = floorbook_ledger::league::table(&web.store, &id)
        .await
        .map_err(|e| match e {
            LeagueReadError::NoLeague(c) => WebError::NoChain(c.to_string()),
            other => WebError::Load(other.to_string()),
        })?;
    Ok(keep_language(
        pages::league(&table, lang).into_response(),
        part.lang.as_deref(),
    ))
}

/// How often the live stream looks at the chain's head.
const LIVE_POLL: Duration = Duration::from_millis(400);

async fn live<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, WebError> {
    let id = ChainId::new(&chain).map_err(|_| WebError::BadName(chain.clone()))?;
    // `head` when the chain moves; `offline` when its store cannot be read (NATS gone), and
    // `online` when it can again, each once.
    let wrote = web.wrote.subscribe();
    let stream = futures_util::stream::unfold(
        (web, id, None::<u64>, false, wrote),
        |(web, id, last, down, mut wrote)| async move {
            loop {
                match web.store.head(&id).await {
                    Err(_) if !down => {
                        let event = Event::default().event("offline").data("store");
                        return Some((Ok(event), (web, id, last, true, wrote)));
                    }
                    Ok(_) if down => {
                        let event = Event::default().event("online").data("store");
                        // Read the head again from scratch: a new `head` follows.
                        return Some((Ok(event), (web, id, None, false, wrote)));
                    }
                    Ok(h) => {
                        let now = h.map(|h| h.seq.0);
                        if now.is_some() && now != last {
                            let event = Event::default()
                                .event("head")
                                .data(now.unwrap_or(0).to_string());
                            return Some((Ok(event), (web, id, now, false, wrote)));
                        }
                    }
                    Err(_) => {}
                }
                // The next poll, or at once when this server wrote (a closed channel: the
                // server is stopping; the poll goes on until the stream ends).
                tokio::select! {
                    () = tokio::time::sleep(LIVE_POLL) => {}
                    _ = wrote.changed() => {}
                }
            }
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

async fn css() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/css; charset=utf-8")],
        pages::CSS,
    )
}

async fn js() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        pages::JS,
    )
}
