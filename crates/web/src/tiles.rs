//! The venue's transparency log served as C2SP `tlog-tiles` under `/log/`: `checkpoint` (the
//! latest signed checkpoint, with the witnesses' cosignatures) and `tile/…` (hash tiles and
//! entry bundles), static files anyone can fetch and check with standard tools.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use floorbook_log::EventStore;

use crate::Web;
use crate::words::{language, s, t, ta};

/// A full tile never changes once served; a partial one and the checkpoint do.
const FOREVER: &str = "public, max-age=31536000, immutable";
const FRESH: &str = "no-cache";

fn plain(status: StatusCode, text: String) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

/// `GET /log/checkpoint`.
pub async fn checkpoint<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    headers: HeaderMap,
) -> Response {
    let lang = language(None, &headers);
    let Some(keeper) = web.keeper.as_ref() else {
        return plain(StatusCode::NOT_FOUND, t(lang, "receipt-no-log"));
    };
    match keeper.checkpoint().await {
        Some(note) => (
            [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8"),
                (header::CACHE_CONTROL, FRESH),
            ],
            note,
        )
            .into_response(),
        None => plain(StatusCode::NOT_FOUND, t(lang, "log-no-checkpoint")),
    }
}

/// `GET /log/tile/{path}`: a hash tile or an entry bundle.
pub async fn tile<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path(path): Path<String>,
    headers: HeaderMap,
) -> Response {
    let lang = language(None, &headers);
    let Some(keeper) = web.keeper.as_ref() else {
        return plain(StatusCode::NOT_FOUND, t(lang, "receipt-no-log"));
    };
    let path = format!("tile/{path}");
    let full = floorbook_tlog::TilePath::parse(&path).is_some_and(|p| p.is_full());
    match keeper.tile(&path).await {
        Ok(Some(bytes)) => (
            [
                (header::CONTENT_TYPE, "application/octet-stream"),
                (header::CACHE_CONTROL, if full { FOREVER } else { FRESH }),
            ],
            bytes,
        )
            .into_response(),
        Ok(None) => plain(
            StatusCode::NOT_FOUND,
            ta(lang, "log-no-tile", &[("path", s(path))]),
        ),
        Err(e) => plain(
            StatusCode::INTERNAL_SERVER_ERROR,
            ta(lang, "log-failed", &[("why", s(e.to_string()))]),
        ),
    }
}
