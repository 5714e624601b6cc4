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

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use chrono::{DateTime, Utc};
use floorbook_log::{ChainId, Envelope, EventStore, Head, Seq};
use floorbook_tournament::engine::{MAX_SECONDS, Tournament};
use futures_util::Stream;
use serde::Deserialize;

mod pages;

/// The pages' shared state: the store and the tournaments re-derived so far, by chain, with
/// the head they were derived to.
#[derive(Debug)]
pub struct Web<S> {
    store: S,
    derived: Mutex<HashMap<ChainId, Loaded>>,
}

/// A tournament as its chain stood at `head`, and when the chain was opened.
#[derive(Debug, Clone)]
pub struct Loaded {
    pub head: Head,
    pub opened_at: DateTime<Utc>,
    pub tournament: Arc<Tournament>,
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
    pub fn new(store: S) -> Web<S> {
        Web {
            store,
            derived: Mutex::new(HashMap::new()),
        }
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
        let recorded = floorbook_ledger::reader::load(&self.store, id.clone())
            .await
            .map_err(|e| WebError::Load(e.to_string()))?;
        let mut replayer = recorded.into_replayer();
        replayer.run_to_end().map_err(|d| WebError::Diverges {
            chain: chain.to_string(),
            index: d.index,
            reason: d.reason.clone(),
        })?;
        let loaded = Loaded {
            head,
            opened_at,
            tournament: Arc::new(replayer.into_tournament()),
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
    let web = Arc::new(Web::new(store));
    Router::new()
        .route("/", get(index::<S>))
        .route("/t/{chain}/clock", get(clock::<S>))
        .route("/t/{chain}/seating", get(seating::<S>))
        .route("/t/{chain}/standings", get(standings::<S>))
        .route("/t/{chain}/live", get(live::<S>))
        .route("/t/{chain}/explain", get(dispute::<S>))
        .route("/app.css", get(css))
        .route("/app.js", get(js))
        .with_state(web)
}

/// Serves the pages on `listener` until the process ends.
pub async fn serve<S: EventStore + Clone + 'static>(
    listener: tokio::net::TcpListener,
    store: S,
) -> std::io::Result<()> {
    axum::serve(listener, router(store)).await
}

/// `?part=main`: only the page's main part (what a live page fetches again).
#[derive(Debug, Deserialize)]
struct Part {
    part: Option<String>,
}

impl Part {
    fn main_only(&self) -> bool {
        self.part.as_deref() == Some("main")
    }
}

async fn index<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
) -> Result<Response, WebError> {
    let chains = web
        .store
        .chains()
        .await
        .map_err(|e| WebError::Load(e.to_string()))?;
    let names: Vec<String> = chains.iter().map(ToString::to_string).collect();
    Ok(pages::index(&names).into_response())
}

async fn clock<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
) -> Result<Response, WebError> {
    let l = web.load(&chain).await?;
    let view = l.tournament.clock_view(l.seconds_at(Utc::now()));
    let main = pages::clock(&l.tournament, &view);
    Ok(pages::page(&chain, "clock", main, part.main_only()).into_response())
}

async fn seating<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
) -> Result<Response, WebError> {
    let l = web.load(&chain).await?;
    let main = pages::seating(&l.tournament);
    Ok(pages::page(&chain, "seating", main, part.main_only()).into_response())
}

async fn standings<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(part): Query<Part>,
) -> Result<Response, WebError> {
    let l = web.load(&chain).await?;
    let view = l.tournament.clock_view(l.seconds_at(Utc::now()));
    let main = pages::standings(&l.tournament, &view);
    Ok(pages::page(&chain, "standings", main, part.main_only()).into_response())
}

/// `?seq=N`: the event a dispute is about.
#[derive(Debug, Deserialize)]
struct Asked {
    seq: Option<u64>,
}

/// The dispute page: the decision recorded at `seq`, re-derived (`explain`): recorded against
/// derived, the command and the table it met, who entered it and when, the rules' texts.
async fn dispute<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
    Query(asked): Query<Asked>,
) -> Result<Response, WebError> {
    let l = web.load(&chain).await?;
    let head = l.head.seq.0;
    let Some(seq) = asked.seq else {
        return Ok(
            pages::page(&chain, "explain", pages::dispute_form(head, None), false).into_response(),
        );
    };
    if !(2..=head).contains(&seq) {
        let why = format!("there is no decision at {seq}: the chain's events are 2 to {head}");
        return Ok(pages::page(
            &chain,
            "explain",
            pages::dispute_form(head, Some(&why)),
            false,
        )
        .into_response());
    }
    let id = ChainId::new(&chain).map_err(|_| WebError::BadName(chain.clone()))?;
    let recorded = floorbook_ledger::reader::load(&web.store, id.clone())
        .await
        .map_err(|e| WebError::Load(e.to_string()))?;
    let mut explanation = match floorbook_ledger::explain::explain(&recorded, seq) {
        Ok(e) => e,
        Err(e) => {
            let why = e.to_string();
            return Ok(pages::page(
                &chain,
                "explain",
                pages::dispute_form(head, Some(&why)),
                false,
            )
            .into_response());
        }
    };
    explanation.recorded_by = floorbook_ledger::explain::recorded_by(&web.store, &id, seq)
        .await
        .map_err(|e| WebError::Load(e.to_string()))?;
    let main = pages::dispute(head, &explanation);
    Ok(pages::page(&chain, "explain", main, false).into_response())
}

/// How often the live stream looks at the chain's head.
const LIVE_POLL: Duration = Duration::from_millis(400);

async fn live<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(chain): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, WebError> {
    let id = ChainId::new(&chain).map_err(|_| WebError::BadName(chain.clone()))?;
    let stream =
        futures_util::stream::unfold((web, id, None::<u64>), |(web, id, last)| async move {
            loop {
                let now = web.store.head(&id).await.ok().flatten().map(|h| h.seq.0);
                if now.is_some() && now != last {
                    let event = Event::default()
                        .event("head")
                        .data(now.unwrap_or(0).to_string());
                    return Some((Ok(event), (web, id, now)));
                }
                tokio::time::sleep(LIVE_POLL).await;
            }
        });
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
