//! A witness over HTTP (C2SP `tlog-witness`): `POST /add-checkpoint`, answered with the
//! cosignature or the specification's status. The checks and the record are
//! `floorbook_tlog::WitnessState`'s; this is the HTTP around them and the clock.

use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use floorbook_tlog::{Refusal, WitnessError, WitnessKey, WitnessState};

/// The largest request taken (a checkpoint with many signatures and 63 proof lines is far
/// smaller).
const MAX_BODY: usize = 64 * 1024;

struct Witness {
    state: WitnessState,
    key: WitnessKey,
}

/// The witness's routes.
pub fn router(state: WitnessState, key: WitnessKey) -> Router {
    Router::new()
        .route("/add-checkpoint", post(add_checkpoint))
        .route("/checkpoint", axum::routing::get(latest))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(Arc::new(Witness { state, key }))
}

/// Serves the witness on `listener` until the process ends.
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: WitnessState,
    key: WitnessKey,
) -> std::io::Result<()> {
    axum::serve(listener, router(state, key)).await
}

#[derive(Debug, serde::Deserialize)]
struct Origin {
    origin: String,
}

/// For monitors: the last checkpoint this witness cosigned for a log, with its cosignature
/// (`GET /checkpoint?origin=…`; 404 when it has none).
async fn latest(
    State(w): State<Arc<Witness>>,
    axum::extract::Query(o): axum::extract::Query<Origin>,
) -> Response {
    match w.state.latest(&o.origin) {
        Ok(Some(cp)) => (
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            cp.note,
        )
            .into_response(),
        Ok(None) => (
            StatusCode::NOT_FOUND,
            format!(
                "this witness has cosigned no checkpoint of {:?}\n",
                o.origin
            ),
        )
            .into_response(),
        Err(e) => {
            tracing::error!(error = %e, "the witness's record does not read");
            (StatusCode::INTERNAL_SERVER_ERROR, "the witness failed\n").into_response()
        }
    }
}

async fn add_checkpoint(State(w): State<Arc<Witness>>, body: Bytes) -> Response {
    let now = chrono::Utc::now().timestamp().max(0) as u64;
    // The record is a file replaced whole and made durable: off the async threads.
    let result = tokio::task::spawn_blocking(move || w.state.add(&body, &w.key, now)).await;
    match result {
        Ok(Ok(line)) => (StatusCode::OK, line).into_response(),
        Ok(Err(WitnessError::Refused(Refusal::Stale { size }))) => (
            StatusCode::CONFLICT,
            [(header::CONTENT_TYPE, "text/x.tlog.size")],
            format!("{size}\n"),
        )
            .into_response(),
        Ok(Err(WitnessError::Refused(r))) => (
            StatusCode::from_u16(r.status()).unwrap_or(StatusCode::BAD_REQUEST),
            format!("{r}\n"),
        )
            .into_response(),
        Ok(Err(WitnessError::Failed(e))) => {
            tracing::error!(error = %e, "the witness's record or key failed");
            (StatusCode::INTERNAL_SERVER_ERROR, "the witness failed\n").into_response()
        }
        Err(e) => {
            tracing::error!(error = %e, "the witness's check did not finish");
            (StatusCode::INTERNAL_SERVER_ERROR, "the witness failed\n").into_response()
        }
    }
}

/// A witness a venue submits its checkpoints to: its submission URL prefix (the witness's
/// `POST <prefix>/add-checkpoint`) and its verifier key.
#[derive(Debug, Clone, PartialEq)]
pub struct WitnessAt {
    pub url: String,
    pub vkey: String,
}

impl std::str::FromStr for WitnessAt {
    type Err = String;

    /// `URL=VKEY`.
    fn from_str(s: &str) -> Result<WitnessAt, String> {
        let (url, vkey) = s
            .split_once('=')
            .ok_or_else(|| format!("{s:?}: a witness is URL=VKEY"))?;
        floorbook_tlog::CosignatureVerifier::new(vkey).map_err(|e| e.to_string())?;
        if !url.starts_with("http://") && !url.starts_with("https://") {
            return Err(format!("{url:?} is not an http:// or https:// URL"));
        }
        Ok(WitnessAt {
            url: url.trim_end_matches('/').to_string(),
            vkey: vkey.to_string(),
        })
    }
}

/// What one witness answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    Cosigned,
    /// Refused, with the status and what the witness said.
    Refused {
        status: u16,
        said: String,
    },
    /// Not reached, or its answer did not verify.
    Failed(String),
}

/// How long one witness is waited for.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(10);

async fn submit(url: &str, body: Vec<u8>) -> Result<(u16, String, Vec<u8>), String> {
    let request = axum::http::Request::post(url)
        .header(header::CONTENT_TYPE, "text/plain")
        .body(http_body_util::Full::new(Bytes::from(body)))
        .map_err(|e| e.to_string())?;
    exchange(request).await
}

/// Asks `w` for the last checkpoint it cosigned of the log `origin` (None: it has none).
pub async fn latest_of(w: &WitnessAt, origin: &str) -> Result<Option<Vec<u8>>, String> {
    let mut url = format!("{}/checkpoint?origin=", w.url);
    for b in origin.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            url.push(char::from(b));
        } else {
            url.push_str(&format!("%{b:02X}"));
        }
    }
    let request = axum::http::Request::get(url)
        .body(http_body_util::Full::new(Bytes::new()))
        .map_err(|e| e.to_string())?;
    match exchange(request).await? {
        (200, _, note) => Ok(Some(note)),
        (404, _, _) => Ok(None),
        (status, _, said) => Err(format!(
            "{status}: {}",
            String::from_utf8_lossy(&said).trim()
        )),
    }
}

async fn exchange(
    request: axum::http::Request<http_body_util::Full<Bytes>>,
) -> Result<(u16, String, Vec<u8>), String> {
    use http_body_util::BodyExt as _;
    let client = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .build_http::<http_body_util::Full<Bytes>>();
    let response = tokio::time::timeout(PATIENCE, client.request(request))
        .await
        .map_err(|_| format!("no answer within {} s", PATIENCE.as_secs()))?
        .map_err(|e| e.to_string())?;
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = tokio::time::timeout(PATIENCE, response.into_body().collect())
        .await
        .map_err(|_| "the answer did not finish".to_string())?
        .map_err(|e| e.to_string())?
        .to_bytes();
    Ok((status, content_type, body.to_vec()))
}

/// Submits `note`, the checkpoint of `tree`'s first `size` leaves, to each witness (asking
/// first from size 0, then, told the size a witness holds, with the consistency proof from
/// it), and gives the note with every cosignature that verified, and each witness's answer.
pub async fn gather<S: floorbook_tlog::HashStore>(
    tree: &floorbook_tlog::Tree<S>,
    size: u64,
    note: &[u8],
    witnesses: &[WitnessAt],
) -> (Vec<u8>, Vec<(WitnessAt, Answer)>) {
    let mut cosigned = note.to_vec();
    let mut answers = Vec::new();
    for w in witnesses {
        // A witness whose cosignature the note carries already is not asked again.
        if floorbook_tlog::carries_cosignature(&cosigned, &w.vkey) {
            answers.push((w.clone(), Answer::Cosigned));
            continue;
        }
        let url = format!("{}/add-checkpoint", w.url);
        let mut old = 0;
        let answer = loop {
            let body = match floorbook_tlog::add_request(tree, old, size, note) {
                Ok(r) => r.to_bytes(),
                Err(e) => break Answer::Failed(e.to_string()),
            };
            match submit(&url, body).await {
                Ok((200, _, lines)) => {
                    break match floorbook_tlog::add_cosignature(&cosigned, &lines, &w.vkey) {
                        Ok(with) => {
                            cosigned = with;
                            Answer::Cosigned
                        }
                        Err(e) => Answer::Failed(e.to_string()),
                    };
                }
                Ok((409, content_type, said)) if content_type == "text/x.tlog.size" && old == 0 => {
                    let held = String::from_utf8_lossy(&said).trim().parse::<u64>();
                    match held {
                        Ok(h) if h <= size && h > 0 => old = h,
                        Ok(h) => {
                            break Answer::Refused {
                                status: 409,
                                said: format!(
                                    "the witness cosigned a tree of {h} entries; this checkpoint has {size}"
                                ),
                            };
                        }
                        Err(_) => break Answer::Failed("an unreadable size".into()),
                    }
                }
                Ok((status, _, said)) => {
                    break Answer::Refused {
                        status,
                        said: String::from_utf8_lossy(&said).trim().to_string(),
                    };
                }
                Err(e) => break Answer::Failed(e),
            }
        };
        answers.push((w.clone(), answer));
    }
    (cosigned, answers)
}

/// Signs `log`'s checkpoint and, with witnesses, submits it to each and keeps it with the
/// cosignatures that verified: the note as kept, and each witness's answer.
pub async fn witnessed_checkpoint(
    log: &mut floorbook_tlog::VenueLog,
    key: &floorbook_tlog::LogKey,
    witnesses: &[WitnessAt],
) -> Result<(Vec<u8>, Vec<(WitnessAt, Answer)>), floorbook_tlog::TlogError> {
    let note = log.checkpoint(key)?;
    if witnesses.is_empty() {
        return Ok((note, Vec::new()));
    }
    let size = log.tree().size();
    let (cosigned, answers) = gather(log.tree(), size, &note, witnesses).await;
    log.keep_checkpoint(&cosigned)?;
    Ok((cosigned, answers))
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Cosigned => write!(f, "cosigned"),
            Answer::Refused { status, said } => write!(f, "REFUSED ({status}): {said}"),
            Answer::Failed(why) => write!(f, "no cosignature: {why}"),
        }
    }
}

/// What a monitor found at one witness, or between two.
#[derive(Debug, Clone, PartialEq)]
pub enum Seen {
    /// The witness has cosigned no checkpoint of the log `origin`.
    Nothing {
        url: String,
        origin: String,
    },
    NotReached {
        url: String,
        why: String,
    },
    /// Its checkpoint does not verify against the log's key or its own.
    Unverified {
        url: String,
        why: String,
    },
    /// It holds a checkpoint of `size` entries.
    Holds {
        url: String,
        size: u64,
        root: String,
    },
    /// It was shown a tree of `size` entries that is not the copy's.
    SplitFromCopy {
        url: String,
        size: u64,
        copy_root: String,
    },
    /// Two witnesses were shown two trees that cannot both be the one log.
    SplitBetween {
        a: String,
        b: String,
        fork: String,
    },
}

impl Seen {
    /// A split view: the log showed two different trees.
    pub fn is_split(&self) -> bool {
        matches!(self, Seen::SplitFromCopy { .. } | Seen::SplitBetween { .. })
    }
}

impl std::fmt::Display for Seen {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seen::Nothing { url, origin } => {
                write!(f, "{url}: has cosigned no checkpoint of {origin}")
            }
            Seen::NotReached { url, why } => write!(f, "{url}: not reached: {why}"),
            Seen::Unverified { url, why } => {
                write!(f, "{url}: its checkpoint does not verify: {why}")
            }
            Seen::Holds { url, size, root } => write!(f, "{url}: {size} entries, root {root}"),
            Seen::SplitFromCopy {
                url,
                size,
                copy_root,
            } => write!(
                f,
                "SPLIT VIEW: {url} was shown a log of {size} entries that is not this copy's (root {copy_root})"
            ),
            Seen::SplitBetween { a, b, fork } => {
                write!(f, "SPLIT VIEW between {a} and {b}: {fork}")
            }
        }
    }
}

/// Asks each witness for the last checkpoint it cosigned of the log `vkey` names, holds each
/// to the copy of the log when one is given, and compares them: what it found, witness by
/// witness, then every split view among them.
pub async fn monitor(
    vkey: &str,
    witnesses: &[WitnessAt],
    copy: Option<&floorbook_tlog::VenueLog>,
) -> Result<Vec<Seen>, floorbook_tlog::TlogError> {
    let origin = vkey.split('+').next().unwrap_or_default();
    let mut found = Vec::new();
    let mut held = Vec::new();
    for w in witnesses {
        let url = w.url.clone();
        let note = match latest_of(w, origin).await {
            Ok(Some(note)) => note,
            Ok(None) => {
                found.push(Seen::Nothing {
                    url,
                    origin: origin.to_string(),
                });
                continue;
            }
            Err(why) => {
                found.push(Seen::NotReached { url, why });
                continue;
            }
        };
        let checked = floorbook_tlog::open_checkpoint(&note, vkey).and_then(|cp| {
            floorbook_tlog::cosigned(&note, vkey, std::slice::from_ref(&w.vkey), 1).map(|_| cp)
        });
        let cp = match checked {
            Ok(cp) => cp,
            Err(e) => {
                found.push(Seen::Unverified {
                    url,
                    why: e.to_string(),
                });
                continue;
            }
        };
        found.push(Seen::Holds {
            url: url.clone(),
            size: cp.size,
            root: cp.root.to_string(),
        });
        if let Some(copy) = copy
            && cp.size <= copy.tree().size()
            && copy.tree().root(cp.size)? != cp.root
        {
            found.push(Seen::SplitFromCopy {
                url: url.clone(),
                size: cp.size,
                copy_root: copy.tree().root(cp.size)?.to_string(),
            });
        }
        held.push((url, cp));
    }
    for (a, b, fork) in floorbook_tlog::split_views(&held) {
        found.push(Seen::SplitBetween {
            a,
            b,
            fork: fork.to_string(),
        });
    }
    Ok(found)
}
