//! The dealer's page in a real headless Chromium: one dealer plays a whole tournament (six
//! players, top18) from the page alone, tap by tap, on the embedded store with the pages served
//! in this process. For every tap: the time from the tap to its new state on screen (the page's
//! main part redrawn with the command's record, and the next frame), against a reference
//! measured in the same run on the same taps: the time from the tap to the command's reply
//! (the page's fetch round trip, the service's decision and its durable append included).
//!
//! The dealer's policy is drawn from a fixed seed: calls and checks, one action in forty all
//! in, every board and every showdown named; it plays until the tournament is over.
//!
//! `cargo bench -p floorbook-bench --bench pages [-- SEED]` (needs Debian's `chromium` and
//! `chromium-driver`, as the page tests do).

use floorbook_bench::percentile;
use std::time::{Duration, Instant};

use fantoccini::Locator;
use floorbook_e2e::browser::{browser, chromedriver, log_in, open_tournament};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};
use floorbook_web::{Sender, Users, UsersFile};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

const PLAYERS: u32 = 6;

/// The pages on a free port in this process, the dealer of table 1 their one user.
async fn serve(data: &std::path::Path) -> String {
    let store = EmbeddedStore::open(data, OpenMode::ReadWrite).expect("store");
    let entry = floorbook_web::user_entry("dan", "dealer:1", "dealer-secret").expect("user");
    let file = UsersFile {
        users: vec![entry],
        nats: None,
    };
    let users = Users::from_toml(&toml::to_string(&file).expect("toml")).expect("users");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("a port");
    let addr = listener.local_addr().expect("address");
    tokio::spawn(floorbook_web::serve(
        listener,
        store,
        Some(users),
        Sender::desks(None),
        None,
    ));
    format!("http://{addr}")
}

/// What the page offers now.
const LOOK: &str = r#"
var q = function (s) { return document.querySelector('main ' + s) !== null; };
var board = document.querySelector('main p.board strong');
return {
  over: q('p.notice') && document.querySelector('main').textContent.indexOf(arguments[0]) >= 0,
  start: q('form[data-command=start_hand]'),
  face_down: q('form[data-command=deal_face_down]'),
  shown: q('#shown'),
  board: q('#board'),
  board_cards: board ? board.textContent.trim().split(/\s+/).length : 0,
  all_in: q('form.all-in'),
  call: q('form[data-command=check_or_call].touch'),
  sending: document.body.dataset.sending === 'true',
  caught_up: !document.body.dataset.seq || Number(document.body.dataset.updated || 0) >= Number(document.body.dataset.seq)
};
"#;

/// Taps the form `arguments[0]` (its fields `arguments[1]` filled first) and measures, in the
/// page: the reply, and the new state on screen (the main part redrawn with the command's
/// record, then the next frame).
const TAP: &str = r#"
var sel = arguments[0], fill = arguments[1], done = arguments[arguments.length - 1];
var form = document.querySelector('main ' + sel);
if (!form) { done({ err: 'no ' + sel }); return; }
Object.keys(fill).forEach(function (k) { form.querySelector(k).value = fill[k]; });
var before = Number(document.body.dataset.replies || 0), t0 = performance.now(), reply = null;
form.querySelector('button[type=submit]').click();
(function wait() {
  var b = document.body.dataset, now = performance.now();
  if (reply === null && Number(b.replies || 0) > before) {
    reply = now - t0;
    var r = document.getElementById('result');
    if (r.className !== 'ok') { done({ err: r.textContent }); return; }
  }
  if (reply !== null && Number(b.updated || 0) >= Number(b.seq || 0)) {
    requestAnimationFrame(function () { done({ screen: performance.now() - t0, reply: reply }); });
    return;
  }
  if (now - t0 > 10000) { done({ err: 'no new state in 10 s' }); return; }
  setTimeout(wait, 0);
})();
"#;

fn deck(rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut cards: Vec<String> = "23456789TJQKA"
        .chars()
        .flat_map(|r| "cdhs".chars().map(move |s| format!("{r}{s}")))
        .collect();
    for i in (1..cards.len()).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        cards.swap(i, j);
    }
    cards
}

fn ms(d: f64) -> Duration {
    Duration::from_secs_f64(d / 1000.0)
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let seed: u64 = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .and_then(|a| a.parse().ok())
        .unwrap_or(7);
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let names: Vec<String> = (1..=PLAYERS).map(|p| format!("Player {p}")).collect();
    let names: Vec<&str> = names.iter().map(String::as_str).collect();
    open_tournament(&data, "bench", "top18", &names, Some(vec![1])).await;
    let url = serve(&data).await;
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    c.set_window_size(820, 1180).await.expect("tablet size");
    log_in(&c, &url, "dan", "dealer-secret", "/t/bench/dealer/1").await;

    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut cards = deck(&mut rng);
    let (mut screen, mut reply) = (Vec::new(), Vec::new());
    let mut hands = 0;
    let began = Instant::now();
    loop {
        assert!(
            began.elapsed() < Duration::from_secs(1200),
            "the tournament did not end in 20 minutes"
        );
        let look = c
            .execute(LOOK, vec!["The tournament is over".into()])
            .await
            .expect("the page");
        let on = |k: &str| look[k].as_bool().unwrap_or(false);
        if on("sending") || !on("caught_up") {
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        }
        if on("over") {
            break;
        }
        let mut fill = serde_json::Map::new();
        let form = if on("start") {
            hands += 1;
            cards = deck(&mut rng);
            "form[data-command=start_hand]"
        } else if on("face_down") {
            "form[data-command=deal_face_down]"
        } else if on("shown") {
            let two = [cards.pop(), cards.pop()];
            let named: Vec<String> = two.into_iter().flatten().collect();
            fill.insert("#shown".into(), named.join(" ").into());
            "form[data-command=show]"
        } else if on("board") {
            let due = if look["board_cards"].as_u64() == Some(0) {
                3
            } else {
                1
            };
            let named: Vec<String> = (0..due).filter_map(|_| cards.pop()).collect();
            fill.insert("#board".into(), named.join(" ").into());
            "form[data-command=deal_board]"
        } else if on("all_in") && rng.next_u64().is_multiple_of(40) {
            "form.all-in"
        } else if on("call") {
            "form[data-command=check_or_call].touch"
        } else {
            // Between two states (a redraw on its way).
            tokio::time::sleep(Duration::from_millis(5)).await;
            continue;
        };
        let r = c
            .execute_async(TAP, vec![form.into(), serde_json::Value::Object(fill)])
            .await
            .expect("the tap");
        if let Some(err) = r["err"].as_str() {
            let main = c
                .find(Locator::Css("main"))
                .await
                .expect("main")
                .text()
                .await
                .unwrap_or_default();
            panic!("{form}: {err}\n{main}");
        }
        screen.push(ms(r["screen"].as_f64().expect("screen")));
        reply.push(ms(r["reply"].as_f64().expect("reply")));
    }
    let elapsed = began.elapsed();
    screen.sort();
    reply.sort();
    let p = |v: &[Duration], q: f64| percentile(v, q).as_secs_f64() * 1000.0;
    println!(
        "dealer's page, a whole tournament ({PLAYERS} players, {hands} hands, {} taps, {:.0} s, seed {seed})",
        screen.len(),
        elapsed.as_secs_f64()
    );
    println!(
        "  tap to new state on screen: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        p(&screen, 0.5),
        p(&screen, 0.99),
        p(&screen, 1.0)
    );
    println!(
        "  reference, tap to reply:    p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        p(&reply, 0.5),
        p(&reply, 0.99),
        p(&reply, 1.0)
    );
    println!(
        "  ratio (screen / reply): p50 {:.2}x, p99 {:.2}x; goal p99 <= 100 ms: {}",
        p(&screen, 0.5) / p(&reply, 0.5).max(0.001),
        p(&screen, 0.99) / p(&reply, 0.99).max(0.001),
        if p(&screen, 0.99) <= 100.0 {
            "met"
        } else {
            "NOT met"
        }
    );
    c.close().await.expect("close");
}
