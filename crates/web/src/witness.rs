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
