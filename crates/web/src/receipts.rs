//! A finished hand's receipt for the player (`docs/transparency.md`): the C2SP `tlog-proof`
//! file to download, and a slip to show or print with the receipt as a QR code, what it proves
//! and how anyone checks it without the house.

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use floorbook_log::{ChainId, EventStore};
use maud::{Markup, PreEscaped, html};

use crate::words::{n, s, t, ta};
use crate::{Part, Web, keep_language, pages};
use floorbook_service::commands::Lang;

/// Why a hand has no receipt here.
enum Missing {
    /// This server keeps no transparency log (`floorbook web` without `--venue`).
    NoLog,
    /// No such finished hand (not over, or not on this chain).
    NoHand,
    /// The log could not give one (a rewritten chain, the log's folder).
    Failed(String),
}

async fn receipt_of<S: EventStore + Clone + 'static>(
    web: &Web<S>,
    chain: &str,
    hand: u64,
) -> Result<floorbook_tlog::Receipt, Missing> {
    let keeper = web.keeper.as_ref().ok_or(Missing::NoLog)?;
    let id = ChainId::new(chain).map_err(|_| Missing::NoHand)?;
    // The projections hold where a tournament's hands ended; a chain they do not hold as a
    // tournament (a cash room's day) is read for it.
    let projected = crate::with_projections(web, chain, |p| {
        let c = p.connection();
        let tournament = c
            .query_row(
                "SELECT 1 FROM tournaments WHERE chain = ?1",
                [chain],
                |_| Ok(()),
            )
            .is_ok();
        tournament.then(|| {
            c.query_row(
                "SELECT finished_seq FROM hands WHERE chain = ?1 AND hand = ?2",
                rusqlite::params![chain, i64::try_from(hand).unwrap_or(i64::MAX)],
                |r| r.get::<_, Option<i64>>(0),
            )
            .ok()
            .flatten()
            .and_then(|s| u64::try_from(s).ok())
        })
    })
    .await
    .map_err(|_| Missing::NoHand)?;
    let seq = match projected {
        Some(finished) => finished.ok_or(Missing::NoHand)?,
        None => floorbook_ledger::transparency::hand_end(&web.store, &id, hand)
            .await
            .map_err(|_| Missing::NoHand)?,
    };
    keeper
        .receipt(&web.store, &id, seq)
        .await
        .map_err(|e| Missing::Failed(e.to_string()))
}

fn missing(m: Missing, chain: &str, hand: u64, lang: Lang) -> Response {
    let (status, text) = match m {
        Missing::NoLog => (StatusCode::NOT_FOUND, t(lang, "receipt-no-log")),
        Missing::NoHand => (
            StatusCode::NOT_FOUND,
            ta(lang, "receipt-no-hand", &[("hand", n(hand as f64))]),
        ),
        Missing::Failed(why) => (
            StatusCode::INTERNAL_SERVER_ERROR,
            ta(lang, "receipt-failed", &[("why", s(why))]),
        ),
    };
    let main = html! { p.empty { (text) } };
    (status, pages::page(chain, "receipt", main, false, lang)).into_response()
}

/// The language asked for and the hand's receipt, or the page saying why there is none.
async fn asked<S: EventStore + Clone + 'static>(
    web: &Web<S>,
    chain: &str,
    hand: u64,
    part: &Part,
    headers: &HeaderMap,
) -> (Lang, Result<floorbook_tlog::Receipt, Response>) {
    let lang = crate::words::language(part.lang.as_deref(), headers);
    let receipt = receipt_of(web, chain, hand)
        .await
        .map_err(|m| missing(m, chain, hand, lang));
    (lang, receipt)
}

/// `GET /t/{chain}/receipt/{hand}`: the receipt file.
pub async fn file<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path((chain, hand)): Path<(String, u64)>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Response {
    match asked(&web, &chain, hand, &part, &headers).await.1 {
        Ok(r) => (
            [
                (
                    header::CONTENT_TYPE,
                    "text/plain; charset=utf-8".to_string(),
                ),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"{chain}-hand-{hand}.tlog-proof\""),
                ),
            ],
            r.to_bytes(),
        )
            .into_response(),
        Err(page) => page,
    }
}

/// `GET /t/{chain}/receipt/{hand}/slip`: the receipt to show or print.
pub async fn slip<S: EventStore + Clone + 'static>(
    State(web): State<Arc<Web<S>>>,
    Path((chain, hand)): Path<(String, u64)>,
    Query(part): Query<Part>,
    headers: HeaderMap,
) -> Response {
    let (lang, receipt) = asked(&web, &chain, hand, &part, &headers).await;
    let (receipt, keeper) = match (receipt, web.keeper.as_ref()) {
        (Ok(r), Some(k)) => (r, k),
        (Err(page), _) => return page,
        (Ok(_), None) => return missing(Missing::NoLog, &chain, hand, lang),
    };
    let main = match receipt.verify(keeper.vkey()) {
        Ok(proven) => {
            let witnesses = keeper.cosigners(&receipt.checkpoint);
            slip_main(
                &chain,
                hand,
                &receipt,
                &proven,
                keeper.vkey(),
                &witnesses,
                lang,
            )
        }
        Err(e) => return missing(Missing::Failed(e.to_string()), &chain, hand, lang),
    };
    keep_language(
        pages::page(&chain, "receipt", main, part.main_only(), lang).into_response(),
        part.lang.as_deref(),
    )
}

/// The receipt as a QR code (SVG), or None when it does not fit one.
fn qr(text: &[u8]) -> Option<String> {
    let code = qrcode::QrCode::with_error_correction_level(text, qrcode::EcLevel::L).ok()?;
    Some(
        code.render::<qrcode::render::svg::Color<'_>>()
            .min_dimensions(320, 320)
            .quiet_zone(true)
            .build(),
    )
}

fn slip_main(
    chain: &str,
    hand: u64,
    receipt: &floorbook_tlog::Receipt,
    proven: &floorbook_tlog::Proven,
    vkey: &str,
    witnesses: &[(String, String)],
    lang: Lang,
) -> Markup {
    let text = receipt.to_bytes();
    let when = chrono::DateTime::from_timestamp_millis(proven.leaf.at_ms)
        .map(|t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string())
        .unwrap_or_default();
    let hash = floorbook_log::EventHash(proven.leaf.event).to_hex();
    let names: Vec<&str> = witnesses.iter().map(|(name, _)| name.as_str()).collect();
    html! {
        section.receipt {
            h2 { (ta(lang, "receipt-title", &[("hand", n(hand as f64))])) }
            @if let Some(svg) = qr(&text) {
                figure.qr { (PreEscaped(svg)) }
            }
            p { (ta(lang, "receipt-what", &[
                ("hand", n(hand as f64)),
                ("chain", s(chain)),
                ("seq", n(proven.leaf.seq as f64)),
                ("time", s(when)),
                ("index", n(proven.index as f64)),
                ("size", n(proven.checkpoint.size as f64)),
            ])) }
            p { (t(lang, "receipt-hash")) br; code.hash { (hash) } }
            @if witnesses.is_empty() {
                p { (t(lang, "receipt-unwitnessed")) }
            } @else {
                p { (ta(lang, "receipt-witnessed", &[("names", s(names.join(", ")))])) }
            }
            p { a href=(format!("/t/{chain}/receipt/{hand}")) download { (t(lang, "receipt-file")) } }
            p { (t(lang, "receipt-check")) }
            pre {
                "floorbook receipt verify " (chain) "-hand-" (hand) ".tlog-proof --vkey '" (vkey) "'"
                @for (_, wkey) in witnesses { " \\\n  --witness '" (wkey) "'" }
            }
        }
    }
}
