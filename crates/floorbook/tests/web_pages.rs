//! The floor app's pages in a real browser: headless Chromium (Debian's `chromium`, driven by
//! `chromedriver` over WebDriver) reads the clock, seating and standings pages of a tournament
//! being recorded, sees them change live as the floor and the director act, and writes a
//! screenshot of each page (big screen and phone) under the target directory. A machine
//! without Chromium fails here and says what to install (`.ci/run` installs it).

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chrono::Utc;
use fantoccini::{Client, ClientBuilder, Locator};
use floorbook_log::ChainId;
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{Request, WireCommand};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};

/// A child process killed when dropped.
struct Kill(Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

/// chromedriver on a free port, and the WebDriver URL.
fn chromedriver() -> (Kill, String) {
    let port = free_port();
    let child = Command::new("chromedriver")
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| {
            panic!(
                "chromedriver does not start ({e}): install Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run does)"
            )
        });
    let until = Instant::now() + Duration::from_secs(20);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            Instant::now() < until,
            "chromedriver did not listen on {port}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    (Kill(child), format!("http://127.0.0.1:{port}"))
}

async fn browser(webdriver: &str) -> Client {
    let mut caps = serde_json::Map::new();
    caps.insert(
        "goog:chromeOptions".into(),
        serde_json::json!({
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,800"],
        }),
    );
    ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(webdriver)
        .await
        .unwrap_or_else(|e| panic!("Chromium does not start under chromedriver: {e}"))
}

/// `floorbook web` on `data`, and its base URL.
fn web(data: &std::path::Path) -> (Kill, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["web", "--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("floorbook web starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address line");
    let url = line
        .trim()
        .strip_prefix("floorbook web: ")
        .unwrap_or_else(|| panic!("floorbook web said {line:?}"))
        .trim_end_matches('/')
        .to_string();
    (Kill(child), url)
}

/// Commands are taken in now: the pages read the clock against the wall clock.
fn at() -> chrono::DateTime<Utc> {
    Utc::now()
}

async fn send(
    desk: &mut Desk<EmbeddedStore>,
    channel: Channel,
    command: WireCommand,
) -> floorbook_service::wire::Reply {
    let d = desk
        .decide(vec![Incoming {
            channel,
            request: Request {
                actor: "anna".into(),
                id: None,
                after: None,
                command: command.clone(),
            },
            at: at(),
        }])
        .await;
    assert!(d.replies[0].ok, "{command:?}: {:?}", d.replies[0]);
    d.replies[0].clone()
}

/// The text of the element `css` once it contains `want` (the page updates live), or a
/// failure naming what it showed.
async fn wait_for(c: &Client, css: &str, want: &str) -> String {
    let until = Instant::now() + Duration::from_secs(15);
    let mut seen = String::new();
    while Instant::now() < until {
        if let Ok(e) = c.find(Locator::Css(css)).await {
            seen = e.text().await.unwrap_or_default();
            if seen.contains(want) {
                return seen;
            }
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("{css} never showed {want:?}; it showed {seen:?}");
}

async fn screenshot(c: &Client, name: &str) {
    let png = c.screenshot().await.expect("a screenshot");
    assert!(png.starts_with(b"\x89PNG"), "{name}: not a PNG");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    std::fs::create_dir_all(&dir).expect("dir");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("write");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_seating_and_standings_pages_follow_the_chain_live() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new("friday").expect("chain");
    let mut desk = Desk::open(store, chain.clone(), None, 500)
        .await
        .expect("desk");
    send(
        &mut desk,
        Channel::Director,
        WireCommand::Open {
            profile: Some("top18".into()),
            profile_toml: None,
        },
    )
    .await;
    for (player, name) in [(1, "Ann"), (2, "Bob"), (3, "Cid")] {
        let register = WireCommand::Register {
            player,
            name: name.into(),
            buy_in: "15.00".into(),
            age: 30,
            table: None,
        };
        send(&mut desk, Channel::Floor, register).await;
    }
    let start = WireCommand::Start {
        draw: vec![0, 1, 2],
        button_seats: Some(vec![1]),
        at: Some(0),
        tables: None,
    };
    send(&mut desk, Channel::Director, start).await;

    let (_web, url) = web(&data);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;

    // The big screen (top18: level 1 is 10/20, level 2 20/40; three buy-ins of 15.00).
    c.goto(&format!("{url}/t/friday/clock"))
        .await
        .expect("clock");
    wait_for(&c, "#level", "Level 1").await;
    wait_for(&c, "#blinds", "10 / 20").await;
    wait_for(&c, "#next", "20 / 40").await;
    wait_for(&c, "#players", "3 of 3").await;
    wait_for(&c, "#average", "1,500").await;
    wait_for(&c, "#pool", "45.00").await;
    screenshot(&c, "clock").await;
    // The director pauses the clock: the screen says so without a reload.
    send(
        &mut desk,
        Channel::Director,
        WireCommand::PauseClock { at: Some(60) },
    )
    .await;
    wait_for(&c, "main", "Clock paused").await;

    // The seating chart: the three at table 1, 1,500 each; a count changes one live.
    c.goto(&format!("{url}/t/friday/seating"))
        .await
        .expect("seating");
    let table = wait_for(&c, "section.table", "Ann").await;
    assert!(table.contains("Bob") && table.contains("Cid"), "{table}");
    assert!(table.contains("1,500"), "{table}");
    screenshot(&c, "seating").await;
    let counted = send(
        &mut desk,
        Channel::Floor,
        WireCommand::SetStack {
            player: 1,
            stack: 1600,
            reason: "recount".into(),
        },
    )
    .await;
    wait_for(&c, "section.table", "1,600").await;

    // The standings: Ann first by chips.
    c.goto(&format!("{url}/t/friday/standings"))
        .await
        .expect("standings");
    let first = wait_for(&c, "tbody tr", "Ann").await;
    assert!(first.contains("1,600"), "{first}");
    screenshot(&c, "standings").await;

    // A dispute: the count re-derived, with who entered it and the rule (TR-26).
    let seq = counted.seq.expect("a sequence");
    c.goto(&format!("{url}/t/friday/explain?seq={seq}"))
        .await
        .expect("dispute");
    wait_for(&c, "#verdict", "the record agrees with the rules").await;
    wait_for(&c, "#rules", "TR-26").await;
    wait_for(&c, "#recorded-by", "anna (floor)").await;
    wait_for(&c, "#command", "set_stack").await;
    screenshot(&c, "dispute").await;
    c.goto(&format!("{url}/t/friday/explain?seq=999999"))
        .await
        .expect("dispute");
    wait_for(&c, "main", "there is no decision at 999999").await;

    // A phone.
    c.set_window_size(390, 844).await.expect("resize");
    c.goto(&format!("{url}/t/friday/clock"))
        .await
        .expect("clock");
    wait_for(&c, "#blinds", "10 / 20").await;
    screenshot(&c, "clock-phone").await;
    c.close().await.expect("close");
}
