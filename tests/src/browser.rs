//! A real headless Chromium under chromedriver, for the pages' tests and benchmarks.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder};

/// A child process killed (and reaped) when dropped.
#[derive(Debug)]
pub struct Kill(pub Child);

impl Drop for Kill {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// chromedriver on a free port, and the WebDriver URL. Fails, saying what to install, when
/// chromedriver is missing: a page test never skips.
pub fn chromedriver() -> (Kill, String) {
    let port = crate::nats::free_port();
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

/// A headless Chromium session (1280×800) under the chromedriver at `webdriver`.
pub async fn browser(webdriver: &str) -> Client {
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

/// Logs `name` in at `url` and goes on to `next`: the page must name him within 20 s.
pub async fn log_in(c: &Client, url: &str, name: &str, password: &str, next: &str) {
    use fantoccini::Locator;
    c.goto(&format!("{url}/login?next={next}"))
        .await
        .expect("the log-in page");
    for (css, value) in [("#name", name), ("#password", password)] {
        c.find(Locator::Css(css))
            .await
            .expect("the log-in field")
            .send_keys(value)
            .await
            .expect("typed");
    }
    c.find(Locator::Css("form.login button"))
        .await
        .expect("button")
        .click()
        .await
        .expect("clicked");
    let until = Instant::now() + Duration::from_secs(20);
    loop {
        let who = match c.find(Locator::Css("header .who")).await {
            Ok(e) => e.text().await.unwrap_or_default(),
            Err(_) => String::new(),
        };
        if who.contains(name) {
            return;
        }
        assert!(
            Instant::now() < until,
            "{name} was not logged in: the header says {who:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A tournament on the embedded store at `data`: opened under `profile`, `names` registered as
/// players 1, 2, … (buy-in 15.00, age 30), started with the seat draw in registration order
/// at 0 s (the button on `button_seats` where given), as the director and the floor send it.
pub async fn open_tournament(
    data: &std::path::Path,
    chain: &str,
    profile: &str,
    names: &[&str],
    button_seats: Option<Vec<u32>>,
) {
    use floorbook_service::desk::{Desk, Incoming};
    use floorbook_service::subjects::Channel;
    use floorbook_service::wire::{Request, WireCommand};
    let store = floorbook_store_embedded::EmbeddedStore::open(
        data,
        floorbook_store_embedded::OpenMode::ReadWrite,
    )
    .expect("store");
    let chain = floorbook_log::ChainId::new(chain).expect("chain");
    let mut desk = Desk::open(store, chain, None, 500).await.expect("desk");
    let mut commands = vec![(
        Channel::Director,
        WireCommand::Open {
            profile: Some(profile.into()),
            profile_toml: None,
        },
    )];
    for (i, name) in names.iter().enumerate() {
        commands.push((
            Channel::Floor,
            WireCommand::Register {
                player: u32::try_from(i + 1).expect("a player number"),
                name: (*name).into(),
                buy_in: "15.00".into(),
                age: 30,
                table: None,
                draw: None,
            },
        ));
    }
    commands.push((
        Channel::Director,
        WireCommand::Start {
            draw: (0..u32::try_from(names.len()).expect("a field")).collect(),
            button_seats,
            at: Some(0),
            tables: None,
        },
    ));
    for (channel, command) in commands {
        let d = desk
            .decide(vec![Incoming {
                channel,
                request: Request {
                    actor: "setup".into(),
                    id: None,
                    after: None,
                    seen: None,
                    command: command.clone(),
                },
                at: chrono::Utc::now(),
            }])
            .await;
        assert!(d.replies[0].ok, "{command:?}: {:?}", d.replies[0]);
    }
}
