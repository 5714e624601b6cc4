//! The floor app's pages in a real browser: headless Chromium (Debian's `chromium`, driven by
//! `chromedriver` over WebDriver) reads the clock, seating and standings pages of a tournament
//! being recorded, sees them change live as the floor and the director act, and writes a
//! screenshot of each page (big screen and phone) under the target directory. A machine
//! without Chromium fails here and says what to install (`.ci/run` installs it).

mod common;

use floorbook_e2e::schemas::CheckedDesk;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use chrono::Utc;
use fantoccini::{Client, Locator};
use floorbook_e2e::browser::{Kill, browser, chromedriver, log_in, open_tournament};
use floorbook_log::ChainId;
use floorbook_service::desk::{Desk, Incoming};
use floorbook_service::subjects::Channel;
use floorbook_service::wire::{Request, WireCommand};
use floorbook_store_embedded::{EmbeddedStore, OpenMode};

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
        .checked(vec![Incoming {
            channel,
            request: Request {
                actor: "anna".into(),
                id: None,
                after: None,
                seen: None,
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
            draw: None,
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
    wait_for(&c, "#chips", "4,500").await;
    wait_for(&c, "#pool", "45.00").await;
    screenshot(&c, "clock").await;
    // Issue 36: the room's screens in German, at the size of a room's screen.
    c.set_window_size(1920, 1080).await.expect("window size");
    c.goto(&format!("{url}/t/friday/clock?lang=de"))
        .await
        .expect("clock in German");
    wait_for(&c, "#level", "Stufe 1").await;
    wait_for(&c, "#next", "Nächste: 20 / 40").await;
    wait_for(&c, "#players", "3 von 3").await;
    wait_for(&c, "#average", "1.500").await;
    wait_for(&c, "#chips", "4.500").await;
    wait_for(&c, "#pool", "45,00").await;
    screenshot(&c, "clock-de-1920").await;
    c.goto(&format!("{url}/t/friday/seating"))
        .await
        .expect("seating in German");
    wait_for(&c, "main", "Tisch 1").await;
    wait_for(&c, "thead", "Platz").await;
    c.set_window_size(1280, 800).await.expect("window size");
    c.goto(&format!("{url}/t/friday/clock?lang=en"))
        .await
        .expect("clock in English");
    wait_for(&c, "#level", "Level 1").await;
    // The director pauses the clock: the screen says so without a reload.
    send(
        &mut desk,
        Channel::Director,
        WireCommand::PauseClock { at: None },
    )
    .await;
    wait_for(&c, "main", "Clock paused").await;
    // Issue 36: at the end of a level the big screen shows the next one by itself (it stuck at
    // 0:00 with the old blinds until reloaded). The director resumes the clock and takes away
    // all but four seconds of level 1; nothing more is recorded after that.
    send(
        &mut desk,
        Channel::Director,
        WireCommand::ResumeClock { at: None },
    )
    .await;
    let deadline = Instant::now() + Duration::from_secs(20);
    let left = loop {
        let left = c
            .execute(
                "var t = document.getElementById('time'); return t && t.dataset.paused === 'false' ? Number(t.dataset.left) : null;",
                vec![],
            )
            .await
            .expect("the clock");
        if let Some(l) = left.as_f64() {
            break l as i64;
        }
        assert!(Instant::now() < deadline, "the clock did not run again");
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    send(
        &mut desk,
        Channel::Director,
        WireCommand::AdjustClock {
            seconds: -(left - 4),
            at: None,
        },
    )
    .await;
    wait_for(&c, "#level", "Level 2").await;
    wait_for(&c, "#blinds", "20 / 40").await;

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
    // The floor moves Cid by ruling: the chart lists the latest moves, live.
    send(
        &mut desk,
        Channel::Floor,
        WireCommand::MovePlayer {
            player: 3,
            table: 1,
            seat: 7,
            reason: "a light over seat 3".into(),
        },
    )
    .await;
    let moved = wait_for(&c, "#moves", "Cid from table 1 to table 1, seat 7").await;
    assert!(moved.contains("TR-26"), "{moved}");

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
    // With the seed's own words.
    wait_for(&c, "#rules", "Diese Entscheidung ist endgültig").await;
    wait_for(&c, "#recorded-by", "anna (floor)").await;
    // Issue 36: in words, not JSON: what was entered (the command's own words and fields)
    // and what the rules decided; the JSON only behind the "raw" switch.
    let entered = wait_for(&c, "#entered", "Set a stack after a count").await;
    assert!(
        entered.contains("Chips") && entered.contains("Reason"),
        "{entered}"
    );
    wait_for(&c, "#decided", "A stack counted").await;
    assert!(
        text(&c, "#recorded").await.is_empty(),
        "the JSON is shown only on asking"
    );
    screenshot(&c, "dispute").await;
    // The same in German, with the language kept.
    c.goto(&format!("{url}/t/friday/explain?seq={seq}&lang=de"))
        .await
        .expect("dispute in German");
    wait_for(
        &c,
        "#verdict",
        "die Aufzeichnung stimmt mit den Regeln überein",
    )
    .await;
    wait_for(&c, "#entered", "Chipstand nach dem Zählen festsetzen").await;
    wait_for(&c, "#decided", "Ein Chipstand gezählt").await;
    wait_for(&c, "#recorded-by", "anna (Floor)").await;
    // TR-26 in the seed's own words, and no English reading on the German page.
    let rules = wait_for(&c, "#rules", "Grundsatz der Fairness").await;
    assert!(
        !rules.contains("situations not covered"),
        "an English reading on the German page: {rules}"
    );
    screenshot(&c, "dispute-de").await;
    c.goto(&format!("{url}/t/friday/explain?seq={seq}&lang=en"))
        .await
        .expect("dispute in English");
    wait_for(&c, "#verdict", "the record agrees with the rules").await;
    c.goto(&format!("{url}/t/friday/explain?seq=999999"))
        .await
        .expect("dispute");
    wait_for(&c, "main", "there is no decision at 999999").await;

    // A phone.
    c.set_window_size(390, 844).await.expect("resize");
    c.goto(&format!("{url}/t/friday/clock"))
        .await
        .expect("clock");
    wait_for(&c, "#blinds", "20 / 40").await;
    screenshot(&c, "clock-phone").await;
    c.close().await.expect("close");
}

/// `floorbook web user` three times and more: a users file with the director, the floor, the
/// dealer of table 1 and an auditor.
fn users_file(dir: &std::path::Path) -> std::path::PathBuf {
    let file = dir.join("users.toml");
    for (name, role, pass) in [
        ("td", "director", "director-secret"),
        ("fay", "floor", "floor-secret"),
        ("dan", "dealer:1", "dealer-secret"),
        ("aud", "auditor", "auditor-secret"),
    ] {
        add_user(&file, name, role, pass);
    }
    let text = std::fs::read_to_string(&file).expect("the users file");
    assert!(!text.contains("secret"), "a password in the clear: {text}");
    file
}

/// `floorbook web user`: adds `name` with `role` and the password `pass` to the users file.
fn add_user(file: &std::path::Path, name: &str, role: &str, pass: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["web", "user", "--users"])
        .arg(file)
        .args(["--name", name, "--role", role])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("floorbook web user");
    use std::io::Write as _;
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(format!("{pass}\n").as_bytes())
        .expect("the password");
    assert!(child.wait().expect("exits").success(), "adding {name}");
}

/// `floorbook web` writing the chains on `data`, with log-in from `users`.
fn web_writing(data: &std::path::Path, users: &std::path::Path) -> (Kill, String) {
    web_writing_at(data, users, "127.0.0.1:0")
}

/// [`web_writing`] listening on `addr`.
fn web_writing_at(data: &std::path::Path, users: &std::path::Path, addr: &str) -> (Kill, String) {
    web_writing_with(data, users, addr, &[])
}

/// [`web_writing_at`] with more arguments.
fn web_writing_with(
    data: &std::path::Path,
    users: &std::path::Path,
    addr: &str,
    extra: &[&str],
) -> (Kill, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["web", "--addr", addr, "--data"])
        .arg(data)
        .arg("--users")
        .arg(users)
        .args(extra)
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

/// How many replies the page has shown so far.
async fn replies(c: &Client) -> u64 {
    c.execute("return Number(document.body.dataset.replies || 0);", vec![])
        .await
        .ok()
        .and_then(|v| v.as_u64())
        .unwrap_or(0)
}

/// The floor enters Bob (player 2) out, knocked out by Ann (player 1) in a hand not keyed in.
async fn bob_out_to_ann(c: &Client) {
    let r = submit(
        c,
        "form[data-command=bust_player]",
        &[
            ("#bust_player-player", "2"),
            ("#bust_player-winner", "1"),
            ("#bust_player-reason", "all in against Ann, not keyed in"),
        ],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
}

/// Fills the fields (`#id` → value) and submits the form `form`; the reply as the page shows it.
async fn submit(c: &Client, form: &str, fields: &[(&str, &str)]) -> String {
    let before = replies(c).await;
    // A live page may replace its main part between finding a field and typing in it: then
    // the form is found again.
    let mut tries = 0;
    loop {
        tries += 1;
        let mut done = true;
        for (css, value) in fields {
            let typed = match c.find(Locator::Css(css)).await {
                // "[x]": a checkbox to tick.
                Ok(e) if *value == "[x]" => e.click().await.is_ok(),
                // A choice, picked by the words it shows.
                Ok(e) if e.tag_name().await.is_ok_and(|t| t == "select") => {
                    e.select_by_label(value).await.is_ok() || e.select_by_value(value).await.is_ok()
                }
                Ok(e) => e.clear().await.is_ok() && e.send_keys(value).await.is_ok(),
                Err(_) => false,
            };
            done &= typed;
        }
        if done {
            let clicked = match c
                .find(Locator::Css(&format!("{form} button[type=submit]")))
                .await
            {
                Ok(b) => b.click().await.is_ok(),
                Err(_) => false,
            };
            if clicked {
                break;
            }
        }
        assert!(tries < 20, "the form {form} could not be filled in");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let until = Instant::now() + Duration::from_secs(15);
    while replies(c).await == before {
        assert!(Instant::now() < until, "no reply to {form}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // A live page shows what the command recorded once the stream brought it in.
    let caught_up = "var b = document.body.dataset; return !b.live || !b.seq || Number(b.updated || 0) >= Number(b.seq);";
    while !c
        .execute(caught_up, vec![])
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(true)
    {
        assert!(
            Instant::now() < until,
            "the page did not show the reply to {form}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // What the page says, and the events the reply names (kept in `data-events`: the page
    // says what was recorded in words).
    let result = c.find(Locator::Css("#result")).await.expect("the result");
    let said = result.text().await.unwrap_or_default();
    let events = result
        .attr("data-events")
        .await
        .ok()
        .flatten()
        .unwrap_or_default();
    format!("{said} [{events}]")
}

/// The text of the first element `css` finds now (empty when none). A live page redraws its
/// main part as the chain moves on: an element found just before a redraw is gone when its
/// text is asked for, so it is found again (CI once read a select's options as empty so).
async fn text(c: &Client, css: &str) -> String {
    for _ in 0..20 {
        let Ok(e) = c.find(Locator::Css(css)).await else {
            return String::new();
        };
        match e.text().await {
            Ok(t) => return t,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    String::new()
}

/// The hand position of the player to act, from the dealer page's fold button.
async fn acting_pos(c: &Client) -> usize {
    c.find(Locator::Css(
        "form[data-command=fold].touch input[name=pos]",
    ))
    .await
    .expect("the fold's position")
    .attr("value")
    .await
    .expect("attribute")
    .and_then(|v| v.parse().ok())
    .expect("a position")
}

/// A field a person would fill in with JSON (a page's own hidden values aside).
const JSON_ASKED: &str = "[data-kind=json]:not([type=hidden])";

/// How many elements each selector finds on the page now.
async fn count(c: &Client, selectors: &[&str]) -> Vec<u64> {
    let mut out = Vec::new();
    for css in selectors {
        out.push(c.find_all(Locator::Css(css)).await.expect("found").len() as u64);
    }
    out
}

/// Whether the page shows `css` now.
async fn shows(c: &Client, css: &str) -> bool {
    c.find(Locator::Css(css)).await.is_ok()
}

/// A whole tournament through the terminals in a real browser: the director opens it and
/// starts it, the floor registers the field (a refusal shows its rule), the dealer of table 1
/// plays the hand with one touch per action and enters the cards shown and the board, and the
/// standings on another screen follow live to the winner. A dealer's session cannot send a
/// floor command, not even by a request made by hand; passwords are stored hashed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_run_through_the_dealer_floor_and_director_pages() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let users = users_file(dir.path());
    let (web_server, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    let screen = browser(&webdriver).await;

    // A wrong password is refused.
    c.goto(&format!("{url}/login")).await.expect("login");
    screenshot(&c, "login").await;
    c.find(Locator::Css("#name"))
        .await
        .expect("name")
        .send_keys("td")
        .await
        .expect("typed");
    c.find(Locator::Css("#password"))
        .await
        .expect("pw")
        .send_keys("guess")
        .await
        .expect("typed");
    c.find(Locator::Css("form.login button"))
        .await
        .expect("b")
        .click()
        .await
        .expect("click");
    wait_for(&c, "main", "not known").await;

    // The director opens the tournament.
    log_in(&c, &url, "td", "director-secret", "/").await;
    let r = submit(
        &c,
        "form[data-command=open]",
        &[("#open-chain", "spring"), ("#open-profile", "top18")],
    )
    .await;
    assert!(
        r.contains("Recorded") && r.contains("TournamentOpened"),
        "{r}"
    );
    screenshot(&c, "index").await;

    // The floor registers three players; a minor is refused with the rule.
    log_in(&c, &url, "fay", "floor-secret", "/t/spring/floor").await;
    screenshot(&c, "floor").await;
    let r = submit(
        &c,
        "form[data-command=register]",
        &[
            ("#register-player", "9"),
            ("#register-name", "Kid"),
            ("#register-buy_in", "15.00"),
            ("#register-age", "16"),
        ],
    )
    .await;
    assert!(r.contains("Refused") && r.contains("TR-0a"), "{r}");
    for (p, name) in [("1", "Ann"), ("2", "Bob"), ("3", "Cid")] {
        let r = submit(
            &c,
            "form[data-command=register]",
            &[
                ("#register-player", p),
                ("#register-name", name),
                ("#register-buy_in", "15.00"),
                ("#register-age", "30"),
            ],
        )
        .await;
        assert!(r.contains("Recorded"), "{name}: {r}");
    }

    // The director starts: the seat draw; the button is drawn at the table.
    log_in(&c, &url, "td", "director-secret", "/t/spring/director").await;
    screenshot(&c, "director").await;
    let r = submit(&c, "form[data-command=start]", &[("#start-draw", "0 1 2")]).await;
    assert!(r.contains("Recorded"), "{r}");
    // A break after level 2 (issue 36: refused as malformed before, its level read as the
    // request's head guard).
    let r = submit(
        &c,
        "form[data-command=set_break]",
        &[
            ("#set_break-after_level", "2"),
            ("#set_break-minutes", "10"),
        ],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");

    // The big screen shows the standings, live.
    screen
        .goto(&format!("{url}/t/spring/standings"))
        .await
        .expect("standings");
    wait_for(&screen, "main", "Ann").await;

    // The dealer of table 1 plays the hand: every player all in; the aces win.
    log_in(&c, &url, "dan", "dealer-secret", "/t/spring/dealer/1").await;
    // TR-2: the table's first hand waits for the button's draw, entered at the page: one
    // card a player, the ace takes the button.
    assert!(
        !shows(&c, "form[data-command=start_hand]").await,
        "the first hand is offered before the button's draw"
    );
    screenshot(&c, "dealer-draw").await;
    let r = submit(
        &c,
        "form[data-command=place_button]",
        &[("#draw-1", "As"), ("#draw-2", "7d"), ("#draw-3", "Kc")],
    )
    .await;
    assert!(r.contains("ButtonDrawn"), "{r}");
    wait_for(&c, "main", "Start the next hand").await;
    // Issue 35: the connection lost is said at once and no button takes a tap; back, the
    // page says nothing more by itself.
    drop(web_server);
    wait_for(&c, "#offline", "Connection lost").await;
    let taps = c
        .execute(
            "return Array.from(document.querySelectorAll('form.cmd button')).map(b => getComputedStyle(b).pointerEvents);",
            vec![],
        )
        .await
        .expect("the buttons");
    let taps = taps.as_array().expect("a list");
    assert!(
        !taps.is_empty() && taps.iter().all(|p| p == "none"),
        "buttons take taps while offline: {taps:?}"
    );
    screenshot(&c, "dealer-offline").await;
    let addr = url.trim_start_matches("http://").to_string();
    let (web_server, _) = web_writing_at(&data, &users, &addr);
    let deadline = Instant::now() + Duration::from_secs(30);
    while shows(&c, "#offline").await {
        assert!(
            Instant::now() < deadline,
            "the page did not recover by itself"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // The web server came back without its sessions: the dealer logs in again.
    log_in(&c, &url, "dan", "dealer-secret", "/t/spring/dealer/1").await;
    wait_for(&c, "main", "Start the next hand").await;

    let r = submit(&c, "form[data-command=start_hand]", &[]).await;
    assert!(r.contains("HandStarted"), "{r}");
    screenshot(&c, "dealer").await;
    // Issue 35: the dealer's page in German (a switch on every page, kept for the next
    // pages), at phone and tablet sizes; then back to English.
    c.goto(&format!("{url}/t/spring/dealer/1?lang=de"))
        .await
        .expect("the page in German");
    let de = wait_for(&c, "main", "Tisch 1").await;
    assert!(de.contains("Karten an") && de.contains("Platz"), "{de}");
    let nav = text(&c, "header").await;
    assert!(nav.contains("Uhr") && nav.contains("Abmelden"), "{nav}");
    for (name, w, h) in [("phone", 390, 844), ("tablet", 820, 1180)] {
        c.set_window_size(w, h).await.expect("window size");
        screenshot(&c, &format!("dealer-de-{name}")).await;
    }
    c.set_window_size(1280, 800).await.expect("window size");
    c.goto(&format!("{url}/t/spring/dealer/1"))
        .await
        .expect("the page again");
    wait_for(&c, "main", "Tisch 1").await;
    c.goto(&format!("{url}/t/spring/dealer/1?lang=en"))
        .await
        .expect("the page in English");
    wait_for(&c, "main", "Table 1").await;
    // In the middle of the hand, a dealer's session cannot send the floor's command, even
    // written by hand: it goes out on the dealer's channel and is refused (and recorded as
    // refused). The hand goes on after it: every page keeps answering (issue 35: a recorded
    // refusal followed by an accepted command made every page answer 500).
    let forged = c
        .execute(
            "return fetch('/t/spring/cmd', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-Floorbook': '1'}, body: JSON.stringify({command: 'set_stack', player: 1, stack: 99999, reason: 'mine'})}).then(r => r.json());",
            vec![],
        )
        .await
        .expect("the forged request");
    assert_eq!(forged["ok"], false, "{forged}");
    assert_eq!(forged["error"]["kind"], "forbidden", "{forged}");
    assert_eq!(
        forged["events"],
        serde_json::json!(["CommandRefused"]),
        "{forged}"
    );
    let mut shown = ["As Ah", "Kd Kc", "7h 2c"].into_iter();
    let mut boards = ["3s 8d 9c", "Jh", "4d"].into_iter();
    let mut taken_back = false;
    // A time limit, not a count of polls: a loaded machine polls more often than it touches.
    let deadline = std::time::Instant::now() + Duration::from_secs(120);
    loop {
        assert!(
            std::time::Instant::now() < deadline,
            "the hand did not end in two minutes"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
        let main = text(&c, "main").await;
        if main.contains("Start the next hand") || main.contains("is over") {
            break;
        }
        let r = if shows(&c, "form[data-command=deal_face_down]").await {
            submit(&c, "form[data-command=deal_face_down]", &[]).await
        } else if shows(&c, "#shown").await {
            let cards = shown.next().expect("cards to show");
            submit(&c, "form[data-command=show]", &[("#shown", cards)]).await
        } else if shows(&c, "#board").await {
            let cards = boards.next().expect("board cards");
            submit(&c, "form[data-command=deal_board]", &[("#board", cards)]).await
        } else if shows(&c, "form.all-in").await {
            submit(&c, "form.all-in", &[]).await
        } else if shows(&c, "form[data-command=check_or_call].touch").await {
            let acting = text(&c, "tr.acting").await;
            let seen = c
                .find(Locator::Css("#seen"))
                .await
                .expect("the page's mark of the table")
                .attr("data-seen")
                .await
                .expect("attribute")
                .expect("a mark");
            let form = c
                .find(Locator::Css(
                    "form[data-command=check_or_call].touch input[name=pos]",
                ))
                .await
                .expect("the call's position")
                .attr("value")
                .await
                .expect("attribute")
                .unwrap_or_default();
            let r = submit(&c, "form[data-command=check_or_call].touch", &[]).await;
            // Issue 35: the same tap again, from the page as it was before the first one
            // (a double tap that got through, a page that had not caught up): the table
            // moved on, and nothing is recorded.
            if !taken_back {
                let again = c
                    .execute(
                        "return fetch('/t/spring/cmd', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-Floorbook': '1', 'X-Floorbook-Seen': arguments[0]}, body: JSON.stringify({command: 'check_or_call', table: 1, pos: Number(arguments[1])})}).then(r => r.json());",
                        vec![serde_json::json!(seen), serde_json::json!(form)],
                    )
                    .await
                    .expect("the second tap");
                floorbook_e2e::schemas::check_reply(&again);
                assert_eq!(again["error"]["kind"], "conflict", "{again}");
                assert!(
                    again["error"]["message"]
                        .as_str()
                        .is_some_and(|m| m.contains("The table moved on")),
                    "{again}"
                );
            }
            // Issue 35: the first call is a mis-tap, taken back at once: the same player
            // acts again and the button to take back is gone.
            if !taken_back {
                assert!(r.contains("Recorded"), "{r}");
                let back = submit(&c, "form[data-command=take_back]", &[]).await;
                assert!(
                    back.contains("Recorded"),
                    "the take-back was refused: {back}"
                );
                assert!(back.contains("EntryTakenBack"), "{back}");
                for _ in 0..50 {
                    if !shows(&c, "form[data-command=take_back]").await {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
                assert!(!shows(&c, "form[data-command=take_back]").await);
                let again = text(&c, "tr.acting").await;
                assert_eq!(again, acting, "the same player acts again");
                taken_back = true;
            }
            r
        } else {
            continue;
        };
        assert!(r.contains("Recorded"), "a touch was refused: {r}");
    }
    assert!(taken_back, "a call was tapped and taken back");
    // Ann held the aces: she won every chip, and the standings screen says so without a reload.
    wait_for(&c, "main", "The tournament is over").await;
    let standings = wait_for(&screen, "main", "4,500").await;
    assert!(
        standings.contains("Bob") && standings.contains("Cid"),
        "{standings}"
    );
    screenshot(&screen, "standings-after").await;
    // The big screen of a finished tournament: the winner, the prizes, the field (it showed a
    // level, a clock and an average stack of 0).
    screen
        .goto(&format!("{url}/t/spring/clock"))
        .await
        .expect("clock");
    wait_for(&screen, "#winner", "Ann").await;
    wait_for(&screen, "#players", "3").await;
    wait_for(&screen, "#pool", "45.00").await;
    let level = wait_for(&screen, "#level", "The tournament is over").await;
    assert!(!level.contains("Level"), "{level}");
    screenshot(&screen, "clock-finished").await;
    // Issue 36: the home page names each chain with how it stands: finished, its winner.
    screen.goto(&format!("{url}/")).await.expect("home");
    let row = wait_for(&screen, "tr[data-chain=spring]", "won by Ann").await;
    assert!(
        row.contains("3 entrants") && row.contains("Top18 club tournament"),
        "{row}"
    );
    screen
        .goto(&format!("{url}/?lang=de"))
        .await
        .expect("home in German");
    wait_for(&screen, "tr[data-chain=spring]", "gewonnen von Ann").await;
    screenshot(&screen, "index-de").await;
    screen
        .goto(&format!("{url}/?lang=en"))
        .await
        .expect("home in English");
    wait_for(&screen, "tr[data-chain=spring]", "won by Ann").await;

    // The hands and the audit, readable by anyone: the hand with Ann's 4,500 after it, the
    // chain verified and every decision re-derived.
    screen
        .goto(&format!("{url}/t/spring/hands"))
        .await
        .expect("hands");
    let hands = wait_for(&screen, "#hands", "Ann 4500").await;
    assert!(hands.contains("Bob 0"), "{hands}");
    // Issue 36: a dispute is picked from the hand's record, not typed: the hand's start, then
    // one of its events from the list.
    // (The hands page follows the chain live: its link is read, then followed.)
    let start = screen
        .execute(
            "return document.querySelector('#hands tbody tr a').getAttribute('href');",
            vec![],
        )
        .await
        .expect("the hand's link");
    let start = start.as_str().expect("a link");
    screen
        .goto(&format!("{url}/t/spring/{start}"))
        .await
        .expect("the hand's start");
    let record = wait_for(&screen, "section.history", "Pot awarded").await;
    let link = screen
        .find(Locator::Css("section.history li:nth-child(3) a"))
        .await
        .expect("an event of the hand");
    let href = link.attr("href").await.expect("href").expect("a link");
    let seq = href.trim_start_matches("explain?seq=").to_string();
    link.click().await.expect("picked");
    wait_for(&screen, "#verdict", &format!("Event {seq}")).await;
    let marked = text(&screen, "section.history li[aria-current] a").await;
    assert!(!marked.is_empty(), "the event shown is marked in {record}");

    // Every page answers after the refusal and the hand played on past it.
    let head = forged["seq"].as_u64().expect("the refusal's seq");
    for page in [
        "clock".to_string(),
        "seating".into(),
        "standings".into(),
        "hands".into(),
        "audit".into(),
        "dealer/1".into(),
        format!("explain?seq={head}"),
        format!("explain?seq={}", head + 1),
    ] {
        let status = c
            .execute(
                &format!("return fetch('/t/spring/{page}').then(r => r.status);"),
                vec![],
            )
            .await
            .expect("the request");
        assert_eq!(status, 200, "/t/spring/{page} after a refusal");
    }
    // Without the page's header (another site's form), nothing is sent at all.
    let cross = c
        .execute(
            "return fetch('/t/spring/cmd', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({command: 'balance_now'})}).then(r => r.status);",
            vec![],
        )
        .await
        .expect("the request");
    assert_eq!(cross, 403);
    // The audit lists the refusal, with who sent it, and only it: the minor's registration,
    // refused by the rules, wrote nothing.
    screen
        .goto(&format!("{url}/t/spring/audit"))
        .await
        .expect("audit");
    wait_for(&screen, "#verdict", "every decision re-derives").await;
    let refused = wait_for(&screen, "section[aria-label*=refused]", "(1)").await;
    let audit = screen
        .find(Locator::Css("main"))
        .await
        .expect("main")
        .text()
        .await
        .expect("the audit's text");
    assert!(
        !audit.contains("Kid"),
        "the minor is on the record: {audit}"
    );
    assert!(
        refused.contains("dan") && refused.contains("Set a stack after a count"),
        "the refused command in its own words: {refused}"
    );
    // The dealer's take-back is listed for review, in words.
    assert!(audit.contains("An entry taken back"), "{audit}");
    screenshot(&screen, "audit").await;
    screen
        .goto(&format!("{url}/t/spring/audit?lang=de"))
        .await
        .expect("audit in German");
    wait_for(
        &screen,
        "#verdict",
        "jede Entscheidung lässt sich nachvollziehen",
    )
    .await;
    wait_for(&screen, "main", "Eine Eingabe zurückgenommen").await;
    screen
        .goto(&format!("{url}/t/spring/audit?lang=en"))
        .await
        .expect("audit in English");
    wait_for(&screen, "#verdict", "every decision re-derives").await;
    // An auditor reads and sends nothing.
    log_in(&c, &url, "aud", "auditor-secret", "/t/spring/floor").await;
    let audited = c
        .execute(
            "return fetch('/t/spring/cmd', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-Floorbook': '1'}, body: JSON.stringify({command: 'balance_now'})}).then(r => r.json());",
            vec![],
        )
        .await
        .expect("the request");
    assert_eq!(audited["error"]["kind"], "forbidden", "{audited}");

    // The dealer's terminal on a phone.
    c.set_window_size(390, 844).await.expect("resize");
    c.goto(&format!("{url}/t/spring/dealer/1"))
        .await
        .expect("dealer");
    screenshot(&c, "dealer-phone").await;

    c.close().await.expect("close");
    screen.close().await.expect("close");
    drop(web_server);
}

/// Issue 35, in German: a dealer draws for the button and plays two hands from the dealer's
/// page alone; in the first he taps a call where the player folded, and the floor, on the same
/// table's page, corrects that entry after the next player acted (TR-26): the hand ends as it
/// was played. The second goes all in three ways with three different stacks: the page shows
/// the main pot and the side pot and who won each. Screenshots at phone and tablet size.
#[tokio::test]
async fn a_dealer_plays_in_german_and_the_floor_corrects_a_mis_tapped_call() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    open_tournament(&data, "abend", "top18", &["Ann", "Bob", "Cid"], None).await;
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    let floor = browser(&webdriver).await;
    log_in(
        &c,
        &url,
        "dan",
        "dealer-secret",
        "/t/abend/dealer/1?lang=de",
    )
    .await;

    // TR-2: the button's draw, high card (the ace on seat 1).
    wait_for(&c, "main", "Auslosung erfassen").await;
    let r = submit(
        &c,
        "form[data-command=place_button]",
        &[("#draw-1", "As"), ("#draw-2", "Kd"), ("#draw-3", "Qh")],
    )
    .await;
    assert!(r.contains("Erfasst"), "{r}");

    // Hand 1: the button (first to act three-handed) folds, but the dealer taps a call; the
    // small blind folds; the floor corrects the call into the fold.
    let r = submit(&c, "form[data-command=start_hand]", &[]).await;
    assert!(r.contains("Erfasst"), "{r}");
    let r = submit(&c, "form[data-command=deal_face_down]", &[]).await;
    assert!(r.contains("Erfasst"), "{r}");
    let button = text(&c, "tr.acting td:nth-child(2)").await;
    let head = text(&c, "table.hand thead").await;
    assert!(head.contains("Passen bis hier, dann"), "{head}");
    c.set_window_size(390, 844).await.expect("phone");
    screenshot(&c, "dealer-de-betting-phone").await;
    c.set_window_size(1280, 800).await.expect("back");
    // A fold out of turn (written by hand): refused in German, the rule in the seed's words.
    let actor = acting_pos(&c).await;
    let out_of_turn = c
        .execute(
            "return fetch('/t/abend/cmd', {method: 'POST', headers: {'Content-Type': 'application/json', 'X-Floorbook': '1'}, body: JSON.stringify({command: 'fold', table: 1, pos: arguments[0]})}).then(r => r.json());",
            vec![serde_json::json!((actor + 1) % 3)],
        )
        .await
        .expect("the request");
    let said = out_of_turn["error"]["message"].as_str().unwrap_or_default();
    assert!(
        said.contains(&format!("Position {actor} ist am Zug, nicht Position")),
        "{out_of_turn}"
    );
    assert_eq!(
        out_of_turn["error"]["rules"][0]["id"], "TR-21",
        "{out_of_turn}"
    );
    assert!(
        out_of_turn["error"]["rules"][0]["text"]
            .as_str()
            .is_some_and(|t| t.contains("Mündliche Aussagen")),
        "the seed's German sentence: {out_of_turn}"
    );
    let r = submit(&c, "form[data-command=check_or_call].touch", &[]).await;
    assert!(r.contains("Erfasst"), "the mis-tapped call: {r}");
    let r = submit(&c, "form[data-command=fold].touch", &[]).await;
    assert!(r.contains("Erfasst"), "the small blind's fold: {r}");
    let big = text(&c, "tr.acting td:nth-child(2)").await;
    assert_ne!(big, button);
    // The dealer sees the entries, but no form to correct one: that is the floor's.
    wait_for(&c, "details.entries summary", "Eingaben dieser Hand").await;
    assert!(!shows(&c, "form[data-command=correct_entry]").await);

    log_in(
        &floor,
        &url,
        "fay",
        "floor-secret",
        "/t/abend/dealer/1?lang=de",
    )
    .await;
    let listed = wait_for(&floor, "ol.entries", "Passen").await;
    assert!(
        listed.contains("Karten verdeckt gegeben") && listed.contains("Schieben oder mitgehen"),
        "{listed}"
    );
    // Entry 5 does not exist: refused, naming the range; nothing changes.
    let r = submit(
        &floor,
        "form[data-command=correct_entry]",
        &[
            ("#correct_entry-entry", "5"),
            ("#correct_entry-action", "Fold"),
            ("#correct_entry-reason", "Spieler hat gepasst, Call getippt"),
        ],
    )
    .await;
    assert!(
        r.contains("Abgelehnt") && r.contains("die Eingaben 1 bis 3 dieser Hand"),
        "{r}"
    );
    assert!(!r.contains(" to "), "no English on a German page: {r}");
    let r = submit(
        &floor,
        "form[data-command=correct_entry]",
        &[
            ("#correct_entry-entry", "2"),
            ("#correct_entry-action", "Fold"),
            ("#correct_entry-reason", "Spieler hat gepasst, Call getippt"),
        ],
    )
    .await;
    assert!(r.contains("Erfasst") && r.contains("EntryCorrected"), "{r}");
    screenshot(&floor, "dealer-de-corrected-floor").await;
    // The hand was over as played: the big blind takes the blinds, on the dealer's page too
    // (it follows the chain live).
    let won = wait_for(&c, "p.won", "gewinnt").await;
    assert!(won.starts_with(&big), "{won} / {big}");

    // Hand 2: everyone all in, three stacks (1,490, 1,500, 1,510): a main pot of 4,470 and a
    // side pot of 20; the shortest stack holds the aces, the middle one the kings.
    let r = submit(&c, "form[data-command=start_hand]", &[]).await;
    assert!(r.contains("Erfasst"), "{r}");
    let r = submit(&c, "form[data-command=deal_face_down]", &[]).await;
    assert!(r.contains("Erfasst"), "{r}");
    let mut stacks: Vec<(String, u64)> = Vec::new();
    for row in c
        .find_all(Locator::Css("tr[data-seat]"))
        .await
        .expect("rows")
    {
        let cells: Vec<String> = {
            let mut v = Vec::new();
            for td in row.find_all(Locator::Css("td")).await.expect("cells") {
                v.push(td.text().await.unwrap_or_default());
            }
            v
        };
        let stack: u64 = cells[2].replace('.', "").parse().expect("a stack");
        let bet: u64 = cells[3].replace('.', "").parse().expect("a bet");
        stacks.push((cells[1].clone(), stack + bet));
    }
    stacks.sort_by_key(|(_, s)| *s);
    assert_eq!(
        stacks.iter().map(|(_, s)| *s).collect::<Vec<_>>(),
        [1490, 1500, 1510],
        "{stacks:?}"
    );
    let holding = |name: &str| {
        if name == stacks[0].0 {
            "As Ah"
        } else if name == stacks[1].0 {
            "Kd Kc"
        } else {
            "7h 2c"
        }
    };
    // The floor records a raise out of turn by the big blind from the remedies' form, the
    // action chosen from a list and its amount beside it, never as JSON; the button's all-in
    // changes the action, so the big blind acts again (TR-21).
    let actor = acting_pos(&c).await;
    floor.refresh().await.expect("reload");
    let open = "document.querySelector('details.remedies').open = true; return true;";
    floor
        .execute(open, vec![])
        .await
        .expect("the remedies opened");
    let form = "details.remedies form[data-command=out_of_turn]";
    // The page may still be catching up with the deal (a redraw keeps the section open).
    let mut options = String::new();
    for _ in 0..50 {
        floor
            .execute(open, vec![])
            .await
            .expect("the remedies opened");
        options = text(&floor, &format!("{form} select[name=action]")).await;
        if !options.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        options.contains("Bet oder Raise auf") && options.contains("Call"),
        "{options}"
    );
    // The player is chosen by name and seat, as the table shows him.
    let players = text(&floor, &format!("{form} select[name=pos]")).await;
    assert!(
        players.contains("(Platz 1)") && players.contains("(Platz 3)"),
        "{players}"
    );
    assert_eq!(
        count(&floor, &["details.remedies [data-kind=json]"]).await,
        [0],
        "no remedy asks for JSON"
    );
    // Three-handed the button acts first and the big blind last.
    let other = ((actor + 2) % 3).to_string();
    // "Raise to" with no amount: the page says which field, nothing is sent.
    let r = submit(
        &floor,
        form,
        &[
            ("#out_of_turn-pos", other.as_str()),
            ("#out_of_turn-action", "raise_to"),
        ],
    )
    .await;
    assert!(r.contains("Auf (Chips), bei Bet oder Raise"), "{r}");
    floor
        .execute(open, vec![])
        .await
        .expect("the remedies opened");
    let r = submit(
        &floor,
        form,
        &[
            ("#out_of_turn-pos", other.as_str()),
            ("#out_of_turn-action", "raise_to"),
            ("#out_of_turn-action-to", "300"),
        ],
    )
    .await;
    assert!(r.contains("Erfasst"), "the raise out of turn: {r}");
    screenshot(&floor, "dealer-de-out-of-turn-floor").await;
    let mut boards = ["3s 8d 9c", "Jh", "4d"].into_iter();
    let deadline = Instant::now() + Duration::from_secs(120);
    let mut side_pot_seen = false;
    loop {
        assert!(
            Instant::now() < deadline,
            "the hand did not end in two minutes"
        );
        let main = text(&c, "main").await;
        if main.contains("gewinnt") {
            break;
        }
        side_pot_seen |= main.contains("Nebenpot 1: 20");
        let r = if shows(&c, "#shown").await {
            let who = text(&c, "div.actions strong").await;
            let name = who
                .split_whitespace()
                .next()
                .unwrap_or_default()
                .to_string();
            if !side_pot_seen {
                screenshot(&c, "dealer-de-side-pot").await;
            }
            submit(&c, "form[data-command=show]", &[("#shown", holding(&name))]).await
        } else if shows(&c, "#board").await {
            let cards = boards.next().expect("board cards");
            submit(&c, "form[data-command=deal_board]", &[("#board", cards)]).await
        } else if shows(&c, "form.all-in").await {
            submit(&c, "form.all-in", &[]).await
        } else if shows(&c, "form[data-command=bet_or_raise_to].touch").await {
            // Less than a full raise left: the one raise there is, all in.
            submit(&c, "form[data-command=bet_or_raise_to].touch", &[]).await
        } else if shows(&c, "form[data-command=check_or_call].touch").await {
            submit(&c, "form[data-command=check_or_call].touch", &[]).await
        } else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        assert!(r.contains("Erfasst"), "a touch was refused: {r}");
    }
    assert!(side_pot_seen, "the page showed the side pot");
    let won = wait_for(&c, "p.won", "4.470").await;
    assert!(
        won.contains(&format!("{} (Platz", stacks[0].0)) && won.contains("gewinnt 20"),
        "the aces take the main pot, the kings the side pot: {won}"
    );
    for (name, w, h) in [("phone", 390, 844), ("tablet", 820, 1180)] {
        c.set_window_size(w, h).await.expect("window size");
        screenshot(&c, &format!("dealer-de-won-{name}")).await;
    }

    c.close().await.expect("close");
    floor.close().await.expect("close");
}

/// Issue 35, item 5: the taps and keystrokes of an ordinary eight-handed hand that goes to a
/// flop with three players and a showdown, played on the dealer's page (the figure is in
/// docs/benchmarks.md): one tap to start, one for the cards dealt face down, one per player who
/// stays in ("folds to here, calls"), two a street (the board dealt without entering its cards,
/// everyone checks), one for the winner as the dealer reads the hands: 12 taps, no typing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_eight_handed_hand_to_a_showdown_takes_few_taps() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let names = ["P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8"];
    open_tournament(&data, "eight", "top18", &names, Some(vec![8])).await;
    let users = users_file(dir.path());
    // The venue's transparency log kept by the pages: the dealer offers each hand's receipt.
    let keys = dir.path().join("keys");
    let made = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["keys", "generate", "--dir"])
        .arg(&keys)
        .output()
        .expect("keys");
    assert!(made.status.success());
    let k = keys.to_str().expect("utf-8");
    let (_web, url) = web_writing_with(
        &data,
        &users,
        "127.0.0.1:0",
        &["--keys", k, "--venue", "club.example"],
    );
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    c.set_window_size(820, 1180).await.expect("tablet");
    log_in(&c, &url, "dan", "dealer-secret", "/t/eight/dealer/1").await;
    let (mut taps, mut keys) = (0u32, 0usize);
    // One tap on a button; a typed field is one tap more and its characters.
    let mut tap = async |form: &str, typed: &[(&str, &str)]| {
        taps += 1 + typed.len() as u32;
        keys += typed.iter().map(|(_, v)| v.len()).sum::<usize>();
        let r = submit(&c, form, typed).await;
        assert!(r.contains("Recorded"), "{form}: {r}");
    };
    let fold_to_call = |pos: usize| {
        format!(
            "form[data-command=fold_to]:has(input[name=pos][value='{pos}']):has(input[name=then_call])"
        )
    };
    tap("form[data-command=start_hand]", &[]).await;
    tap("form[data-command=deal_face_down]", &[]).await;
    screenshot(&c, "dealer-eight-handed-preflop").await;
    // The buttons say what follows "folds to here"; the whole meaning is read out and hovered.
    let said = c
        .find(Locator::Css(&fold_to_call(5)))
        .await
        .expect("seat 6's folds-to-here-and-call")
        .attr("aria-label")
        .await
        .expect("attribute");
    assert_eq!(
        said.as_deref(),
        Some("Everyone before seat 6 folds; seat 6 calls 20")
    );
    c.set_window_size(390, 844).await.expect("phone");
    screenshot(&c, "dealer-eight-handed-preflop-phone").await;
    c.set_window_size(820, 1180).await.expect("tablet");
    // The amount pad fills the legal sizes in (a pot raise: 20 to call, 50 in the middle
    // then, raised to 70); nothing is sent until the button.
    let pad = text(&c, "div.pad").await;
    assert!(pad.contains("least 40") && pad.contains("pot 70"), "{pad}");
    c.find(Locator::Css("button[data-fill='70']"))
        .await
        .expect("the pot button")
        .click()
        .await
        .expect("tapped");
    let to = c
        .find(Locator::Css("#to"))
        .await
        .expect("the amount")
        .prop("value")
        .await
        .expect("value");
    assert_eq!(to.as_deref(), Some("70"));
    // "Folds to here, calls": the players before him fold and he calls, one tap.
    tap(&fold_to_call(4), &[]).await;
    tap(&fold_to_call(7), &[]).await;
    tap(&fold_to_call(1), &[]).await;
    // The board one tap a street, its cards not entered; everyone checks.
    for street in ["flop", "turn", "river"] {
        tap("form[data-command=deal_board_unseen]", &[]).await;
        if street == "river" {
            screenshot(&c, "dealer-eight-handed-river").await;
        }
        tap("form[data-command=check_around]", &[]).await;
    }
    // The dealer reads the hands: one tap on the winner of the pot. In German on a phone too.
    let award = wait_for(&c, "div.award", "wins").await;
    c.set_window_size(390, 844).await.expect("phone");
    c.goto(&format!("{url}/t/eight/dealer/1?lang=de"))
        .await
        .expect("German");
    let german = wait_for(&c, "div.award", "gewinnt").await;
    assert!(
        german.contains("Hauptpot") && german.contains("Pot teilen"),
        "{german}"
    );
    screenshot(&c, "dealer-eight-handed-award-de-phone").await;
    c.set_window_size(820, 1180).await.expect("tablet");
    c.goto(&format!("{url}/t/eight/dealer/1?lang=en"))
        .await
        .expect("English");
    wait_for(&c, "div.award", "wins").await;
    assert!(
        award.contains("P5") && award.contains("P8") && award.contains("P2"),
        "the three live hands are offered: {award}"
    );
    screenshot(&c, "dealer-eight-handed-award").await;
    tap(
        "form[data-command=award_pot].touch:has(input[name=winners][value='[4]'])",
        &[],
    )
    .await;
    let won = wait_for(&c, "p.won", "won").await;
    assert!(won.contains("P5") && won.contains("70"), "{won}");
    let receipt = wait_for(&c, "p.receipt-link a", "Receipt of hand 1").await;
    screenshot(&c, "dealer-eight-handed-won").await;
    let (status, slip) = http_get(&format!("{url}/t/eight/receipt/1/slip?lang=en"));
    assert_eq!(status, 200, "{receipt}");
    let slip = String::from_utf8_lossy(&slip);
    assert!(
        slip.contains("Receipt for hand 1") && slip.contains("<svg"),
        "{slip}"
    );
    assert_eq!(
        (taps, keys),
        (12, 0),
        "the taps and keystrokes of the hand (docs/benchmarks.md): {won}"
    );
    // The reference: the same hand with its cards entered (the board typed, the winner's
    // cards named, the others muck), so that the cards judge the showdown.
    let (mut taps, mut keys) = (0u32, 0usize);
    let mut tap = async |form: &str, typed: &[(&str, &str)]| {
        taps += 1 + typed.len() as u32;
        keys += typed.iter().map(|(_, v)| v.len()).sum::<usize>();
        let r = submit(&c, form, typed).await;
        assert!(r.contains("Recorded"), "{form}: {r}");
    };
    tap("form[data-command=start_hand]", &[]).await;
    tap("form[data-command=deal_face_down]", &[]).await;
    tap(&fold_to_call(4), &[]).await;
    tap(&fold_to_call(7), &[]).await;
    tap(&fold_to_call(1), &[]).await;
    for board in ["2c 7d Js", "Qh", "3s"] {
        tap("form[data-command=deal_board]", &[("#board", board)]).await;
        tap("form[data-command=check_around]", &[]).await;
    }
    tap("form[data-command=show]", &[("#shown", "As Ah")]).await;
    tap("form[data-command=muck]", &[]).await;
    tap("form[data-command=muck]", &[]).await;
    let won = wait_for(&c, "p.won", "won").await;
    assert_eq!(
        (taps, keys),
        (18, 17),
        "the same hand with its cards entered (docs/benchmarks.md): {won}"
    );
    c.close().await.expect("close");
}

/// Issue 36, item 1: the floor's desk shows every table and player; the floor finds a player
/// by name, chooses him, and the forms that take a player have him filled in; a warning, then
/// a time penalty whose timer runs on the overview, which follows the chain live while what is
/// typed in a form stays; away and back. In German too, at tablet and big-screen sizes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_floor_chooses_a_player_from_the_desk_and_acts_on_him() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let names = [
        "Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon",
    ];
    open_tournament(&data, "desk", "top18", &names, Some(vec![1, 1])).await;
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    c.set_window_size(1280, 1000).await.expect("size");
    log_in(&c, &url, "fay", "floor-secret", "/t/desk/floor").await;
    let glance = wait_for(&c, "section.glance", "Table 2").await;
    for name in names {
        assert!(glance.contains(name), "{name} at a table: {glance}");
    }
    let link = c
        .find(Locator::Css("div.table[data-table='2'] a.open"))
        .await
        .expect("a link to table 2's page")
        .attr("href")
        .await
        .expect("href");
    assert_eq!(link.as_deref(), Some("dealer/2"));
    // Found by name, chosen: every form that takes a player has him.
    c.find(Locator::Css("#find"))
        .await
        .expect("the search")
        .send_keys("bo")
        .await
        .expect("typed");
    let shown = c
        .execute(
            "return Array.from(document.querySelectorAll('#players tbody tr')).filter(function (r) { return !r.hidden; }).map(function (r) { return r.textContent; });",
            vec![],
        )
        .await
        .expect("rows");
    let shown: Vec<String> = serde_json::from_value(shown).expect("texts");
    assert!(
        shown.len() == 1 && shown[0].contains("Bob"),
        "the search keeps Bob alone: {shown:?}"
    );
    c.find(Locator::Css("#players button[data-choose-player='2']"))
        .await
        .expect("Bob's button")
        .click()
        .await
        .expect("chosen");
    wait_for(&c, "#chosen", "Bob (#2)").await;
    // The allowed range beside each number field, before sending: a move's seat (TR-17: the
    // profile's seats a table), the chips a sanction takes out of play (TR-20: at most the
    // chosen player's, set when he is chosen).
    let profile = floorbook_tournament::builtin("top18")
        .expect("top18")
        .1
        .expect("reads");
    let seats = profile.seats_per_table;
    let limits = c
        .execute(
            "var seat = document.querySelector('#move_player-seat'), chips = document.querySelector('#sanction-chips');\
             return {seat_max: seat.dataset.max, seat_words: seat.form.querySelector('[data-range-for=seat]').textContent,\
                     chips_max: chips.dataset.max, chips_words: chips.form.querySelector('[data-range-for=chips]').textContent};",
            vec![],
        )
        .await
        .expect("the limits");
    assert_eq!(limits["seat_max"], seats.to_string(), "{limits}");
    assert!(
        limits["seat_words"]
            .as_str()
            .is_some_and(|w| w.contains(&format!("1 to {seats}")) && w.contains("TR-17")),
        "{limits}"
    );
    assert_eq!(
        limits["chips_max"],
        profile.starting_chips.to_string(),
        "{limits}"
    );
    assert!(
        limits["chips_words"].as_str().is_some_and(|w| w
            .contains(&format!("1 to {}", profile.starting_chips))
            && w.contains("TR-20")),
        "{limits}"
    );
    c.execute(
        "document.querySelector('form[data-command=move_player]').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolled");
    screenshot(&c, "floor-desk-forms").await;
    let filled = c
        .execute(
            "return Array.from(document.querySelectorAll('main form.cmd input[name=player]:not([type=hidden])')).map(function (e) { return e.value; });",
            vec![],
        )
        .await
        .expect("fields");
    let filled: Vec<String> = serde_json::from_value(filled).expect("values");
    assert!(
        filled.len() >= 5 && filled.iter().all(|v| v == "2"),
        "every player field has Bob: {filled:?}"
    );
    // A reason typed in another form stays while the overview follows the chain.
    let typed = "typed before the warning";
    c.find(Locator::Css("#floor_ruling-ruling"))
        .await
        .expect("the ruling's field")
        .send_keys(typed)
        .await
        .expect("typed");
    // Warnings, then a time penalty: its timer runs on the overview (TR-28).
    let mut penalised = false;
    for _ in 0..4 {
        let r = submit(
            &c,
            "form[data-command=sanction]",
            &[("#sanction-offence", "etiquette")],
        )
        .await;
        assert!(r.contains("Recorded"), "{r}");
        let glance = text(&c, "section.glance").await;
        if glance.contains("penalty") {
            penalised = true;
            break;
        }
    }
    assert!(penalised, "a time penalty after the warnings");
    let left = |v: serde_json::Value| v.as_str().unwrap_or_default().to_string();
    let t1 = left(
        c.execute(
            "return document.querySelector('section.glance .timer').textContent;",
            vec![],
        )
        .await
        .expect("the timer"),
    );
    tokio::time::sleep(Duration::from_millis(2200)).await;
    let t2 = left(
        c.execute(
            "return document.querySelector('section.glance .timer').textContent;",
            vec![],
        )
        .await
        .expect("the timer"),
    );
    assert!(
        !t1.is_empty() && t1 != t2,
        "the penalty's timer runs: {t1} then {t2}"
    );
    let kept = c
        .find(Locator::Css("#floor_ruling-ruling"))
        .await
        .expect("the field")
        .prop("value")
        .await
        .expect("value");
    assert_eq!(kept.as_deref(), Some(typed), "what was typed stays");
    screenshot(&c, "floor-desk").await;
    // Away: the overview says so without a reload.
    let r = submit(
        &c,
        "form[data-command=set_absent]",
        &[("#set_absent-absent", "[x]")],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&c, "section.glance", "away").await;
    // German, at tablet and big-screen sizes.
    c.goto(&format!("{url}/t/desk/floor?lang=de"))
        .await
        .expect("German");
    let de = wait_for(&c, "main", "Tische").await;
    assert!(
        de.contains("Spieler suchen") && de.contains("Für den gewählten Spieler"),
        "{de}"
    );
    for (name, w, h) in [("tablet", 820, 1180), ("1920", 1920, 1080)] {
        c.set_window_size(w, h).await.expect("size");
        screenshot(&c, &format!("floor-desk-de-{name}")).await;
    }
    c.close().await.expect("close");
}

/// A stud hand at the dealer's terminal in a real browser: the dealer names each player's
/// third street (the up card must be named), the page shows the up cards and offers the
/// bring-in to the lowest card by suit as one touch, and the stud remedies (TDA-RP-10).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stud_hand_is_dealt_and_brought_in_at_the_dealer_page() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    log_in(&c, &url, "td", "director-secret", "/").await;
    let r = submit(
        &c,
        "form[data-command=open]",
        &[("#open-chain", "studnight"), ("#open-profile", "stud")],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    log_in(&c, &url, "fay", "floor-secret", "/t/studnight/floor").await;
    for (p, name) in [("1", "Ann"), ("2", "Bob")] {
        let r = submit(
            &c,
            "form[data-command=register]",
            &[
                ("#register-player", p),
                ("#register-name", name),
                ("#register-buy_in", "20.00"),
                ("#register-age", "30"),
            ],
        )
        .await;
        assert!(r.contains("Recorded"), "{name}: {r}");
    }
    log_in(&c, &url, "td", "director-secret", "/t/studnight/director").await;
    let r = submit(&c, "form[data-command=start]", &[("#start-draw", "0 1")]).await;
    assert!(r.contains("Recorded"), "{r}");
    // The levels to come in stud: each with its bets and its bring-in (TDA-RP-10), in a
    // table, the only form for them on the desk; level 2's bring-in raised from 20 to 30.
    c.refresh().await.expect("reload");
    let levels = wait_for(&c, "section.levels", "Bring-in").await;
    assert!(
        levels.contains("Small bet") && levels.contains("Big bet"),
        "{levels}"
    );
    assert_eq!(
        count(&c, &["form[data-command=edit_levels]", JSON_ASKED]).await,
        [1, 0],
        "one levels form, no JSON asked"
    );
    let bring_in = "section.levels tr[data-level='2'] input[data-key=bring_in]";
    let r = submit(
        &c,
        "section.levels form[data-command=edit_levels]",
        &[(bring_in, "30")],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    c.refresh().await.expect("reload");
    wait_for(&c, "section.levels", "Bring-in").await;
    let now = c
        .execute(
            &format!("return document.querySelector(\"{bring_in}\").value;"),
            vec![],
        )
        .await
        .expect("read");
    assert_eq!(now, serde_json::json!("30"), "the level as recorded");
    screenshot(&c, "director-levels-stud").await;
    log_in(&c, &url, "dan", "dealer-secret", "/t/studnight/dealer/1").await;
    let r = submit(&c, "form[data-command=start_hand]", &[]).await;
    assert!(r.contains("HandStarted"), "{r}");
    for cards in ["As Ks 9d", "Ah Kh 2c"] {
        let main = wait_for(&c, "main", "the next card face down").await;
        assert!(
            shows(&c, "form[data-command=deal_face_down]").await,
            "a down card can be dealt unseen: {main}"
        );
        let r = submit(
            &c,
            "form[data-command=deal_hole]:not(.touch)",
            &[("#hole", cards)],
        )
        .await;
        assert!(r.contains("Recorded"), "{cards}: {r}");
    }
    // Bob's 2c is the low card: his bring-in of 10 is one touch, and he cannot fold.
    let main = wait_for(&c, "main", "Bring in 10").await;
    assert!(
        main.contains("2c") && main.contains("9d"),
        "the up cards show: {main}"
    );
    assert!(main.contains("Complete to 30"), "{main}");
    assert!(!shows(&c, "form[data-command=fold].touch").await, "{main}");
    assert!(
        shows(&c, "form[data-command=down_card_exposed]").await
            && shows(&c, "form[data-command=seventh_card_exposed]").await,
        "the stud remedies are offered"
    );
    assert!(
        !shows(&c, "form[data-command=card_exposed_in_deal]").await,
        "the flop game's are not"
    );
    screenshot(&c, "dealer-stud").await;
    let r = submit(&c, "form[data-command=bring_in].touch", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    // Ann folds to it: the hand is over.
    let r = submit(&c, "form[data-command=fold].touch", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&c, "main", "Start the next hand").await;
    c.close().await.expect("close");
}

/// A cash room through the pages: the shift manager opens the room's day, the floor opens the
/// main table, takes a guest onto the list in person (a phone call is refused by GCB-9) and
/// seats him and two walk-ups, and the dealer starts the first hand with the button's draw;
/// the room's page on another screen follows live.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cash_room_is_run_through_the_floor_and_dealer_pages() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    let screen = browser(&webdriver).await;

    log_in(&c, &url, "td", "director-secret", "/").await;
    let r = submit(
        &c,
        "form[data-command=open]",
        &[("#open-chain", "friday"), ("#open-profile", "gcb")],
    )
    .await;
    assert!(r.contains("CashRoomOpened"), "{r}");
    screen
        .goto(&format!("{url}/t/friday/cash"))
        .await
        .expect("the room");
    wait_for(&screen, "main", "Waiting list").await;

    log_in(&c, &url, "fay", "floor-secret", "/t/friday/floor").await;
    let r = submit(
        &c,
        "form[data-command=open_table]",
        &[("#open_table-table", "1")],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    let phoned = submit(
        &c,
        "form[data-command=join_list]",
        &[
            ("#join_list-guest", "1"),
            ("#join_list-name", "Hans"),
            ("#join_list-game", "nlh-2-5"),
        ],
    )
    .await;
    assert!(
        phoned.contains("Refused") && phoned.contains("GCB-9"),
        "{phoned}"
    );
    let r = submit(
        &c,
        "form[data-command=join_list]",
        &[("#join_list-in_person", "[x]")],
    )
    .await;
    assert!(r.contains("Listed"), "{r}");
    wait_for(&screen, "ol.waiting", "Hans").await;
    screenshot(&screen, "cash-room").await;
    let r = submit(
        &c,
        "form[data-command=seat_guest]",
        &[
            ("#seat_guest-guest", "1"),
            ("#seat_guest-table", "1"),
            ("#seat_guest-seat", "1"),
            ("#seat_guest-buy_in", "300"),
        ],
    )
    .await;
    assert!(r.contains("Seated"), "{r}");
    for (guest, name, seat) in [("2", "Ida", "4"), ("3", "Jon", "6")] {
        let r = submit(
            &c,
            "form[data-command=seat_guest]",
            &[
                ("#seat_guest-guest", guest),
                ("#seat_guest-name", name),
                ("#seat_guest-seat", seat),
                ("#seat_guest-buy_in", "200"),
            ],
        )
        .await;
        assert!(r.contains("Seated"), "{name}: {r}");
    }
    let table = wait_for(&screen, "section.table", "Jon").await;
    assert!(table.contains("Hans") && table.contains("300"), "{table}");

    // The dealer starts the first hand with the floor's button draw (seat 1): Ida (seat 4) has
    // the small blind and Jon (seat 6) the big blind; Hans is first to act.
    log_in(&c, &url, "dan", "dealer-secret", "/t/friday/dealer/1").await;
    let r = submit(&c, "form[data-command=start_hand]", &[("#button", "1")]).await;
    assert!(r.contains("HandStarted"), "{r}");
    let hand = wait_for(&c, "table.hand", "Jon").await;
    assert!(hand.contains("Ida"), "{hand}");
    screenshot(&c, "cash-dealer").await;
    // The room's audit: the phone call refused by GCB-9 is in no list (refused by the rules,
    // nothing written), the money is accounted.
    screen
        .goto(&format!("{url}/t/friday/audit"))
        .await
        .expect("audit");
    wait_for(&screen, "#verdict", "every decision re-derives").await;
    wait_for(&screen, "main", "700 in, 0 out, 700 at the tables").await;
    // A dispute about the hand's start: the blinds re-derived.
    screen
        .goto(&format!("{url}/t/friday/explain?seq=16"))
        .await
        .expect("dispute");
    wait_for(&screen, "#verdict", "agrees").await;
    // In words, not JSON (issue 36): the command by its help, the events by their names.
    let entered = wait_for(&screen, "#entered", "Start the next hand").await;
    assert!(!entered.contains('{'), "{entered}");
    screen
        .goto(&format!("{url}/t/friday/explain?seq=16&lang=de"))
        .await
        .expect("dispute in German");
    wait_for(&screen, "#verdict", "stimmt").await;
    screenshot(&screen, "cash-dispute-de").await;
    c.close().await.expect("close");
    screen.close().await.expect("close");
}

/// The director opens `chain` from the home page with a profile of the house's own, pasted as
/// TOML; the reply as the page shows it.
async fn open_own(c: &Client, chain: &str, toml: &str) -> String {
    c.execute(
        "document.querySelector('details.own').open = true; document.getElementById('open-profile_toml').value = arguments[0];",
        vec![serde_json::json!(toml)],
    )
    .await
    .expect("pasted");
    submit(
        c,
        "form[data-command=open]",
        &[
            ("#open-chain", chain),
            ("#open-profile", "Your own profile (TOML)"),
        ],
    )
    .await
}

/// Clicks the first element `css` finds, finding it again while a live part is redrawn.
async fn click(c: &Client, css: &str) {
    let until = Instant::now() + Duration::from_secs(15);
    loop {
        if let Ok(e) = c.find(Locator::Css(css)).await
            && e.click().await.is_ok()
        {
            return;
        }
        assert!(Instant::now() < until, "nothing to click at {css}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The value of the field `css` now.
async fn value(c: &Client, css: &str) -> String {
    match c.find(Locator::Css(css)).await {
        Ok(e) => e.prop("value").await.ok().flatten().unwrap_or_default(),
        Err(_) => String::new(),
    }
}

/// Issue 36: the cash room's desk offers what is next and the floor acts by choosing. Guests
/// report in person; the desk offers the main table's opening, then the first on the list to
/// its first free seat at the table stake (GCB-9, GCB-7); choosing a guest by name fills every
/// form that takes a guest. The room's waiting-list board on a big screen follows live, in
/// English and German, at 1920×1080 and on a phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cash_desk_offers_the_next_seat_and_the_board_shows_the_lists() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    let board = browser(&webdriver).await;
    board.set_window_size(1920, 1080).await.expect("size");
    c.set_window_size(1280, 1000).await.expect("size");

    log_in(&c, &url, "td", "director-secret", "/").await;
    let r = submit(
        &c,
        "form[data-command=open]",
        &[("#open-chain", "saturday"), ("#open-profile", "gcb")],
    )
    .await;
    assert!(r.contains("CashRoomOpened"), "{r}");
    // A profile of the house's own, pasted as TOML (the director's desk, issue 36).
    let (gcb, _) = floorbook_cash::builtin("gcb").expect("gcb");
    let own = gcb.replace(
        "title = \"Grand Casino Bern cash games\"",
        "title = \"Our own room\"",
    );
    let r = open_own(&c, "own", &own).await;
    assert!(r.contains("CashRoomOpened"), "{r}");
    c.goto(&format!("{url}/")).await.expect("home");
    wait_for(&c, "main", "Our own room").await;
    screenshot(&c, "home-director").await;
    board
        .goto(&format!("{url}/t/saturday/board"))
        .await
        .expect("the board");
    let shown = wait_for(&board, "main", "No-limit Hold'em 2/5").await;
    assert!(
        shown.contains("Blinds 2/5") && shown.contains("table stake 200"),
        "{shown}"
    );
    assert!(shown.contains("Nobody waits"), "{shown}");

    log_in(&c, &url, "fay", "floor-secret", "/t/saturday/floor").await;
    wait_for(&c, "section.game", "table stake 200").await;
    assert!(
        !shows(&c, "section.due").await,
        "nothing is offered while nobody waits"
    );
    for (guest, name) in [("1", "Hans"), ("2", "Ida"), ("3", "Jon")] {
        // The box "in person" stays ticked after the first.
        let tick = if guest == "1" {
            &[("#join_list-in_person", "[x]")][..]
        } else {
            &[]
        };
        let fields = [
            &[
                ("#join_list-guest", guest),
                ("#join_list-name", name),
                ("#join_list-game", "nlh-2-5"),
            ][..],
            tick,
        ]
        .concat();
        let r = submit(&c, "form[data-command=join_list]", &fields).await;
        assert!(r.contains("Listed"), "{name}: {r}");
    }
    let waiting = wait_for(&board, "article[data-game='nlh-2-5'] ol.waiting", "Jon").await;
    assert_eq!(
        waiting.lines().collect::<Vec<_>>(),
        ["Hans", "Ida", "Jon"],
        "the board lists them in the order they reported (GCB-9)"
    );
    wait_for(
        &board,
        "article[data-game='nlh-2-5'] .seats-free",
        "No seat free",
    )
    .await;
    screenshot(&board, "cash-board").await;

    // The desk offers the main table's opening; one touch fills the form, one sends it.
    let offer = wait_for(&c, "section.due", "Open table 1").await;
    assert!(
        !offer.contains("Seat Hans"),
        "no seat before a table opens: {offer}"
    );
    click(&c, "button[data-offer=open_table]").await;
    assert_eq!(value(&c, "#open_table-table").await, "1");
    let r = submit(&c, "form[data-command=open_table]", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    // Then the first on the list, at the first free seat, at the table stake.
    let offer = wait_for(&c, "section.due", "Seat Hans at table 1, seat 1").await;
    assert!(offer.contains("table stake 200"), "{offer}");
    click(&c, "button[data-offer=seat_guest]").await;
    for (field, want) in [
        ("guest", "1"),
        ("table", "1"),
        ("seat", "1"),
        ("buy_in", "200"),
    ] {
        assert_eq!(
            value(&c, &format!("#seat_guest-{field}")).await,
            want,
            "{field}"
        );
    }
    // The floor checks the buy-in: Hans brings 300.
    let r = submit(
        &c,
        "form[data-command=seat_guest]",
        &[("#seat_guest-buy_in", "300")],
    )
    .await;
    assert!(r.contains("Seated"), "{r}");
    wait_for(&c, "section.due", "Seat Ida at table 1, seat 2").await;
    let at_table = wait_for(&c, "div.table[data-table='1']", "Hans").await;
    assert!(at_table.contains("300"), "{at_table}");
    wait_for(
        &board,
        "article[data-game='nlh-2-5'] .seats-free",
        "8 seats free",
    )
    .await;
    let waiting = text(&board, "article[data-game='nlh-2-5'] ol.waiting").await;
    assert!(
        !waiting.contains("Hans") && waiting.contains("Ida"),
        "{waiting}"
    );

    // Choosing Hans by his name fills every form that takes a guest.
    click(&c, "div.table[data-table='1'] button[data-choose]").await;
    wait_for(&c, "#chosen", "Hans").await;
    for form in ["set_away", "cash_out", "add_chips", "warn"] {
        assert_eq!(value(&c, &format!("#{form}-guest")).await, "1", "{form}");
    }
    let r = submit(
        &c,
        "form[data-command=set_away]",
        &[("#set_away-away", "[x]")],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&c, "div.table[data-table='1']", "away").await;
    c.execute("window.scrollTo(0, 0);", vec![])
        .await
        .expect("scrolled");
    screenshot(&c, "cash-desk").await;

    // The board in German, and on a phone.
    board
        .goto(&format!("{url}/t/saturday/board?lang=de"))
        .await
        .expect("the German board");
    let de = wait_for(&board, "main", "Plätze frei").await;
    assert!(de.contains("Table Stake 200") && de.contains("Ida"), "{de}");
    board.set_window_size(390, 844).await.expect("phone");
    screenshot(&board, "cash-board-phone-de").await;
    c.close().await.expect("close");
    board.close().await.expect("close");
}

/// Issue 36, the director's desk: the seat draw made by the page at random (a permutation of
/// the seat cards, recorded with the start), the clock run by one touch each (pause, resume, a
/// minute more, the next level), and the levels to come changed in a table, not as JSON; a
/// level already begun is not offered for change (TR-5). In English and German.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_director_draws_the_seats_and_runs_the_clock_from_the_desk() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let names = [
        "Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus", "Hal", "Ida", "Jon",
    ];
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
        let chain = ChainId::new("club").expect("chain");
        let mut desk = Desk::open(store, chain, None, 500).await.expect("desk");
        let open = WireCommand::Open {
            profile: Some("top18".into()),
            profile_toml: None,
        };
        send(&mut desk, Channel::Director, open).await;
        for (i, name) in names.iter().enumerate() {
            let register = WireCommand::Register {
                player: i as u32 + 1,
                name: (*name).into(),
                buy_in: "15.00".into(),
                age: 30,
                table: None,
                draw: None,
            };
            send(&mut desk, Channel::Floor, register).await;
        }
    }
    {
        // The club's register: one member, and one barred (never offered).
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
        for (member, name) in [("C-0042", "Kai Berger"), ("C-0666", "Max Sperre")] {
            let join = floorbook_members::MemberCommand::Join {
                member: Some(member.into()),
                name: name.into(),
                born: chrono::NaiveDate::from_ymd_opt(1980, 7, 9).expect("a date"),
                contact: None,
            };
            floorbook_ledger::members::record(
                &store,
                &join,
                floorbook_log::Actor::new("office", floorbook_log::Role::Floor).expect("actor"),
                at(),
            )
            .await
            .expect("joined");
        }
        let bar = floorbook_members::MemberCommand::Bar {
            member: "C-0666".into(),
            reason: "cheating".into(),
            rule: None,
            until: None,
        };
        floorbook_ledger::members::record(
            &store,
            &bar,
            floorbook_log::Actor::new("office", floorbook_log::Role::Floor).expect("actor"),
            at(),
        )
        .await
        .expect("barred");
    }
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    c.set_window_size(1024, 1366).await.expect("tablet");
    // The floor registers a member late to the desk: the member field offers the register's
    // members by name (the barred one not), the buy-in field the profile's buy-ins.
    log_in(&c, &url, "fay", "floor-secret", "/t/club/floor").await;
    wait_for(&c, "section.players", "Jon").await;
    let offered = c
        .execute(
            "var f = document.getElementById('register_member-member'), b = document.getElementById('register_member-buy_in'); return [f.getAttribute('list'), b.getAttribute('list'), Array.from(document.querySelectorAll('datalist#members option')).map(function (o) { return o.value + ' ' + o.textContent; }), Array.from(document.querySelectorAll('datalist#buy-ins option')).map(function (o) { return o.value; })];",
            vec![],
        )
        .await
        .expect("the lists");
    assert_eq!(
        offered,
        serde_json::json!([
            "members",
            "buy-ins",
            ["C-0042 Kai Berger"],
            ["0.00", "7.50", "12.00", "15.00"]
        ]),
        "the member and buy-in fields' choices"
    );
    let r = submit(
        &c,
        "form[data-command=register_member]",
        &[
            ("#register_member-player", "11"),
            ("#register_member-member", "C-0042"),
            ("#register_member-buy_in", "15.00"),
        ],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    log_in(&c, &url, "td", "director-secret", "/t/club/director").await;
    let start = wait_for(&c, "section.start", "11 players registered").await;
    assert!(start.contains("Draw the seats at random"), "{start}");
    assert!(
        !shows(&c, "section.director-clock").await,
        "no clock to run before the start"
    );
    click(&c, "button[data-draw-seats]").await;
    let drawn = value(&c, "#start-draw").await;
    let mut cards: Vec<u32> = drawn
        .split_whitespace()
        .map(|x| x.parse().expect("a seat card"))
        .collect();
    cards.sort_unstable();
    assert_eq!(cards, (0..11).collect::<Vec<_>>(), "a permutation: {drawn}");
    let r = submit(&c, "form[data-command=start]", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    // The draw as recorded is the one the page made, and it seats everyone.
    let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
    let text =
        floorbook_e2e::fixtures::stored_text(&store, &ChainId::new("club").expect("chain")).await;
    let recorded: Vec<&str> = drawn.split_whitespace().collect();
    assert!(
        text.contains(&format!("\"draw\":[{}]", recorded.join(","))),
        "the start records the page's draw {drawn}"
    );
    drop(store);
    let glance = wait_for(&c, "section.glance", "Table 2").await;
    for name in names.iter().chain(&["Kai Berger"]) {
        assert!(glance.contains(name), "{name} seated: {glance}");
    }
    assert!(shows(&c, "a[href=slips]").await, "the seat slips to print");

    // The clock, one touch each.
    wait_for(&c, "#director-clock-state", "Level 1").await;
    let r = submit(&c, "form[data-command=pause_clock]", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&c, "#director-clock-state", "Clock paused").await;
    let r = submit(&c, "form[data-command=resume_clock]", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    assert!(
        !shows(&c, "form[aria-label='One minute more']").await,
        "nothing of the level played yet: no time to give back (TR-5)"
    );
    let r = submit(&c, "form[aria-label='One minute less']", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    let r = submit(
        &c,
        "section.director-clock form[data-command=go_to_level]",
        &[],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&c, "#director-clock-state", "Level 2").await;

    // The levels to come: level 2 is in force, so the table offers level 3 on; level 3
    // becomes 30/70 and a level is added at the end.
    c.refresh().await.expect("reload");
    wait_for(&c, "section.levels", "Levels to come").await;
    assert_eq!(
        count(
            &c,
            &[
                "form[data-command=edit_levels]",
                "form[data-command=edit_payout]",
                JSON_ASKED
            ]
        )
        .await,
        [1, 1, 0],
        "the levels and the payout as tables only, no field asks for JSON"
    );
    assert!(
        !shows(&c, "section.levels tr[data-level='2'] input").await,
        "level 2 has begun: not offered for change"
    );
    let last = c
        .execute(
            "return document.querySelectorAll('section.levels tbody tr').length;",
            vec![],
        )
        .await
        .expect("rows")
        .as_u64()
        .expect("a count");
    let level =
        |no: u64, key: &str| format!("section.levels tr[data-level='{no}'] input[data-key={key}]");
    let (small3, big3) = (level(3, "small"), level(3, "big"));
    let (small_new, big_new, ante_new) = (
        level(last, "small"),
        level(last, "big"),
        level(last, "ante"),
    );
    let r = submit(
        &c,
        "form[data-command=edit_levels]",
        &[
            (small3.as_str(), "30"),
            (big3.as_str(), "70"),
            (small_new.as_str(), "5000"),
            (big_new.as_str(), "10000"),
            (ante_new.as_str(), "1000"),
        ],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    screenshot(&c, "director-desk-tablet").await;
    let screen = browser(&webdriver).await;
    screen
        .goto(&format!("{url}/t/club/clock"))
        .await
        .expect("clock");
    wait_for(&screen, "#next", "30 / 70").await;
    screen.close().await.expect("close");
    c.goto(&format!("{url}/t/club/director?lang=de"))
        .await
        .expect("German");
    wait_for(&c, "section.director-clock", "Uhr anhalten").await;
    let levels = wait_for(&c, "section.levels", "Kommende Stufen").await;
    assert!(levels.contains("Small Blind"), "{levels}");
    c.set_window_size(1920, 1080).await.expect("big screen");
    screenshot(&c, "director-desk-de-1920").await;
    // The payout in German: its table of places (none published by top18 yet).
    let payout = wait_for(&c, "section.payout", "Auszahlung").await;
    assert!(
        payout.contains("am Preisgeld in Prozent") && payout.contains("Auszahlung festlegen"),
        "{payout}"
    );
    c.execute(
        "document.querySelector('section.payout').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolled");
    screenshot(&c, "director-payout-de-1920").await;
    c.set_window_size(390, 844).await.expect("phone");
    c.execute(
        "document.querySelector('section.payout').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolled");
    screenshot(&c, "director-payout-de-phone").await;
    c.close().await.expect("close");
}

/// Hands lost by every player but the first to show: each loses to the aces on the board
/// `3s 8d 9c Jh 4d` (no pair of the board's ranks, no straight, no flush).
const LOSING: [&str; 6] = ["7h 2c", "7d 2s", "6c 2d", "6h 5s", "Kc Qd", "Ks Qc"];

/// Plays the hand in play at the dealer page `c` to its end, as an evening's all-in hand: each
/// player to act goes all in (or calls one), the first hand shown is the aces and every other
/// loses. With `mis_tap`, the first player to act is first tapped as folding by mistake and the
/// dealer takes it back (a correction). Returns when the page offers the next hand, says the
/// table breaks or the tournament is over.
async fn all_in_hand(c: &Client, mut mis_tap: bool) {
    let mut shown = 0;
    let mut boards = ["3s 8d 9c", "Jh", "4d"].into_iter();
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        assert!(
            Instant::now() < deadline,
            "the hand did not end in two minutes"
        );
        let main = text(c, "main").await;
        if main.contains("Start the next hand")
            || main.contains("is over")
            || main.contains("breaks (TR-17)")
        {
            return;
        }
        let r = if shows(c, "form[data-command=deal_face_down]").await {
            submit(c, "form[data-command=deal_face_down]", &[]).await
        } else if shows(c, "#shown").await {
            let cards = if shown == 0 {
                "As Ah"
            } else {
                LOSING[shown - 1]
            };
            shown += 1;
            submit(c, "form[data-command=show]", &[("#shown", cards)]).await
        } else if shows(c, "#board").await {
            let cards = boards.next().expect("board cards");
            submit(c, "form[data-command=deal_board]", &[("#board", cards)]).await
        } else if mis_tap && shows(c, "form[data-command=fold].touch").await {
            let acting = text(c, "tr.acting").await;
            let r = submit(c, "form[data-command=fold].touch", &[]).await;
            assert!(r.contains("Recorded"), "{r}");
            let back = submit(c, "form[data-command=take_back]", &[]).await;
            assert!(back.contains("EntryTakenBack"), "{back}");
            wait_for(c, "tr.acting", &acting).await;
            mis_tap = false;
            continue;
        } else if shows(c, "form.all-in").await {
            submit(c, "form.all-in", &[]).await
        } else if shows(c, "form[data-command=check_or_call].touch").await {
            submit(c, "form[data-command=check_or_call].touch", &[]).await
        } else {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        assert!(r.contains("Recorded"), "a touch was refused: {r}");
    }
}

/// The table's first hand waits for the button's draw (TR-2): one card a seat, the ace of
/// spades to the first seat shown.
async fn draw_button(c: &Client) {
    let seats = c
        .execute(
            "return Array.from(document.querySelectorAll('input[data-kind=seatcard]')).map(function (e) { return e.id; });",
            vec![],
        )
        .await
        .expect("the draw's fields");
    let seats: Vec<String> = serde_json::from_value(seats).expect("ids");
    let cards = ["As", "Kd", "Qh", "Jc", "Td", "9s", "8h", "7c", "6d"];
    let fields: Vec<(String, &str)> = seats
        .iter()
        .zip(cards)
        .map(|(id, card)| (format!("#{id}"), card))
        .collect();
    let fields: Vec<(&str, &str)> = fields.iter().map(|(id, c)| (id.as_str(), *c)).collect();
    let r = submit(c, "form[data-command=place_button]", &fields).await;
    assert!(r.contains("ButtonDrawn"), "{r}");
}

/// The players the floor's overview shows at `table`, by name.
async fn seated_at(c: &Client, table: u32) -> Vec<String> {
    let names = c
        .execute(
            "return Array.from(document.querySelectorAll('div.table[data-table=\"' + arguments[0] + '\"] button[data-choose-player]')).map(function (b) { return b.dataset.name; });",
            vec![serde_json::json!(table)],
        )
        .await
        .expect("the table's players");
    serde_json::from_value(names).expect("names")
}

/// Issue 36 item 9: a two-table evening run from the pages alone. The director opens it from
/// the home page with the club's own profile (four seats a table, three places paid, a
/// one-minute time penalty), the floor registers seven, the director draws the seats at
/// random and starts: two tables. The floor gives a time penalty that runs out; the director
/// sets a break, runs the clock into it and ends it. The dealer of table 1 plays an all-in hand
/// with a mis-tap taken back: three are out. What balancing has due is made by one touch and
/// the last four meet at one table, where its dealer plays to the end: the bubble, a bust to
/// the money, the winner. Every screen on the way is checked, in English and German, and
/// photographed at phone, tablet and 1920×1080 sizes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_two_table_evening_is_run_from_the_desks() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    // The service key beside the data, where `floorbook web` finds it: the night's record
    // is signed as it closes.
    let keys = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["keys", "generate", "--dir"])
        .arg(dir.path().join("data-keys"))
        .output()
        .expect("floorbook keys");
    assert!(keys.status.success(), "{keys:?}");
    let users = users_file(dir.path());
    add_user(&users, "dee", "dealer:2", "dealer2-secret");
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    c.set_window_size(1024, 1366).await.expect("tablet");
    let screen = browser(&webdriver).await;
    screen
        .set_window_size(1920, 1080)
        .await
        .expect("big screen");

    // Opening: the club's own profile, pasted as TOML.
    let (top18, _) = floorbook_tournament::builtin("top18").expect("top18");
    let own = top18
        .replace(
            "title = \"Top18 club tournament, NL Hold'em freeze-out, 1,500 chips\"",
            "title = \"Thursday evening\"",
        )
        .replace("seats_per_table = 9", "seats_per_table = 4")
        .replace("penalty_minutes = 15", "penalty_minutes = 1")
        + "\n[payout]\nshares = [60, 40]\n";
    assert!(
        own.contains("Thursday evening") && own.contains("penalty_minutes = 1"),
        "{own}"
    );
    log_in(&c, &url, "td", "director-secret", "/").await;
    let r = open_own(&c, "thursday", &own).await;
    assert!(r.contains("TournamentOpened"), "{r}");

    // Registration at the floor's desk.
    let names = ["Ann", "Bob", "Cid", "Dan", "Eve", "Fay", "Gus"];
    log_in(&c, &url, "fay", "floor-secret", "/t/thursday/floor").await;
    for (i, name) in names.iter().enumerate() {
        let r = submit(
            &c,
            "form[data-command=register]",
            &[
                ("#register-player", &(i + 1).to_string()),
                ("#register-name", name),
                ("#register-buy_in", "15.00"),
                ("#register-age", "30"),
            ],
        )
        .await;
        assert!(r.contains("Recorded"), "{name}: {r}");
    }
    // The director pays three places instead of the profile's two (NOB-16): the payout's
    // table, changed in its rows and one added; a payout that does not add up is refused
    // with the rule and the form it takes.
    log_in(&c, &url, "td", "director-secret", "/t/thursday/director").await;
    wait_for(&c, "section.payout", "Prize pool: 105.00").await;
    let r = submit(
        &c,
        "form[data-command=edit_payout]",
        &[
            ("section.payout tr[data-place='1'] input", "50"),
            ("section.payout tr[data-place='2'] input", "30"),
        ],
    )
    .await;
    assert!(
        r.contains("Refused") && r.contains("NOB-16") && r.contains("100"),
        "{r}"
    );
    let r = submit(
        &c,
        "form[data-command=edit_payout]",
        &[
            ("section.payout tr[data-place='1'] input", "50"),
            ("section.payout tr[data-place='2'] input", "30"),
            ("section.payout tr[data-place='3'] input", "20"),
        ],
    )
    .await;
    assert!(r.contains("PayoutEdited"), "{r}");
    // The table shows what the typed percents make of the pool: 50/30/20 of 105.00.
    let table = text(&c, "section.payout table").await;
    assert!(
        table.contains("52.50") && table.contains("31.50") && table.contains("21.00"),
        "{table}"
    );
    assert_eq!(text(&c, "section.payout .total").await, "100 %");
    screenshot(&c, "evening-director-payout-tablet").await;
    screen
        .goto(&format!("{url}/t/thursday/clock"))
        .await
        .expect("clock");
    wait_for(&screen, "#players", "7 of 7").await;
    wait_for(&screen, "#pool", "105.00").await;
    let paid = wait_for(&screen, "#payouts", "52.50").await;
    assert!(paid.contains("31.50") && paid.contains("21.00"), "{paid}");

    // The draw, made by the director's page at random, and the start: two tables.
    log_in(&c, &url, "td", "director-secret", "/t/thursday/director").await;
    wait_for(&c, "section.start", "7 players registered").await;
    click(&c, "button[data-draw-seats]").await;
    let r = submit(&c, "form[data-command=start]", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&c, "section.glance", "Table 2").await;
    let (one, two) = (seated_at(&c, 1).await, seated_at(&c, 2).await);
    assert_eq!((one.len(), two.len()), (4, 3), "{one:?} {two:?}");
    screenshot(&c, "evening-director-tablet").await;
    screen
        .goto(&format!("{url}/t/thursday/seating"))
        .await
        .expect("seating");
    for name in names {
        wait_for(&screen, "main", name).await;
    }
    // For arriving players: every name, in order, with his table and seat.
    let by_name = wait_for(&screen, "#by-name", "Gus").await;
    let lines = screen
        .execute(
            "return Array.from(document.querySelectorAll('#by-name li')).map(function (l) { return l.textContent.replace(/\\s+/g, ' ').trim(); });",
            vec![],
        )
        .await
        .expect("the names");
    let lines: Vec<String> = serde_json::from_value(lines).expect("lines");
    assert_eq!(lines.len(), 7, "{by_name}");
    for (line, name) in lines.iter().zip(names) {
        assert!(
            line.starts_with(name) && line.contains("table") && line.contains("seat"),
            "{line} for {name}"
        );
    }
    let (one_named, two_named) = (
        lines.iter().filter(|l| l.contains("table 1")).count(),
        lines.iter().filter(|l| l.contains("table 2")).count(),
    );
    assert_eq!((one_named, two_named), (4, 3), "{by_name}");
    screenshot(&screen, "evening-seating-1920").await;

    // A time penalty at table 2 (TR-28: past the warnings the profile gives, one minute).
    log_in(&c, &url, "fay", "floor-secret", "/t/thursday/floor").await;
    let punished = two[0].clone();
    let id = names.iter().position(|n| *n == punished).expect("a player") + 1;
    let mut penalised = false;
    for _ in 0..4 {
        let r = submit(
            &c,
            "form[data-command=sanction]",
            &[
                ("#sanction-player", &id.to_string()),
                ("#sanction-offence", "etiquette"),
            ],
        )
        .await;
        assert!(r.contains("Recorded"), "{r}");
        let row = text(&c, "div.table[data-table='2']").await;
        if row.contains("penalty") {
            penalised = true;
            break;
        }
    }
    assert!(penalised, "{punished} was given a time penalty");
    let penalty_given = Instant::now();

    // The break: set after level 1, the clock run to its end, the big screen shows it by
    // itself; the director ends it and level 2 starts.
    screen
        .goto(&format!("{url}/t/thursday/clock"))
        .await
        .expect("clock");
    wait_for(&screen, "#level", "Level 1").await;
    log_in(&c, &url, "td", "director-secret", "/t/thursday/director").await;
    let r = submit(
        &c,
        "form[data-command=set_break]",
        &[
            ("#set_break-after_level", "1"),
            ("#set_break-minutes", "10"),
        ],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&screen, "#break", "Break after level 1").await;
    // The clock moved on to ten seconds before the level's end (TR-5 holds it to what is left,
    // read from the clock as it stands: the seconds the evening took so far vary).
    let left: u64 = screen
        .find(Locator::Css("#time"))
        .await
        .expect("the clock's time")
        .attr("data-left")
        .await
        .expect("data-left")
        .and_then(|v| v.parse().ok())
        .expect("seconds left");
    let on = format!("-{}", left.saturating_sub(10));
    let r = submit(
        &c,
        "div.forms form[data-command=adjust_clock]",
        &[("#adjust_clock-seconds", &on)],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    screen
        .goto(&format!("{url}/t/thursday/clock?lang=de"))
        .await
        .expect("clock in German");
    wait_for(&screen, "#level", "Pause nach Stufe 1").await;
    screenshot(&screen, "evening-break-de-1920").await;
    let r = submit(
        &c,
        "section.director-clock form[data-command=go_to_level]",
        &[],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&screen, "#level", "Stufe 2").await;

    // The penalty runs out: the floor's overview no longer shows it.
    log_in(&c, &url, "fay", "floor-secret", "/t/thursday/floor").await;
    let until = penalty_given + Duration::from_secs(100);
    loop {
        let row = text(&c, "div.table[data-table='2']").await;
        if !row.is_empty() && !row.contains("penalty") {
            break;
        }
        assert!(Instant::now() < until, "the penalty never ran out: {row}");
        tokio::time::sleep(Duration::from_secs(2)).await;
        c.refresh().await.expect("reload");
    }

    // Table 1's dealer: the button's draw, then an all-in hand with a mis-tap taken back.
    log_in(&c, &url, "dan", "dealer-secret", "/t/thursday/dealer/1").await;
    draw_button(&c).await;
    let r = submit(&c, "form[data-command=start_hand]", &[]).await;
    assert!(r.contains("HandStarted"), "{r}");
    all_in_hand(&c, true).await;
    // Table 1 breaks (TR-17): its dealer is told so, and offered no next hand.
    wait_for(&c, "main", "Table 1 breaks").await;
    assert!(
        !shows(&c, "form[data-command=start_hand]").await,
        "a hand offered at a breaking table"
    );
    c.set_window_size(390, 844).await.expect("phone");
    screenshot(&c, "evening-dealer-phone").await;
    c.set_window_size(1024, 1366).await.expect("tablet");

    // Three are out, a table's worth (TR-17): table 1 breaks. The desk offers its player's
    // draw among table 2's free seats, made at random; the last four meet at table 2.
    log_in(&c, &url, "fay", "floor-secret", "/t/thursday/floor").await;
    let due = wait_for(&c, "section.due", "breaks").await;
    assert!(due.contains("TR-17"), "{due}");
    screenshot(&c, "evening-floor-due-tablet").await;
    click(&c, "section.due button[data-draw-break]").await;
    let table = value(&c, "#break_table-table").await;
    let draw = value(&c, "#break_table-draw").await;
    assert!(
        !table.is_empty() && !draw.is_empty(),
        "the draw filled in: {table} {draw}"
    );
    let r = submit(&c, "div.forms form[data-command=break_table]", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    let mut final_table = 0;
    let until = Instant::now() + Duration::from_secs(15);
    while final_table == 0 {
        for t in [1, 2] {
            if seated_at(&c, t).await.len() == 4 {
                final_table = t;
            }
        }
        assert!(Instant::now() < until, "no table holds the last four");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert!(!shows(&c, "section.due").await, "nothing more is due");

    // The final table's dealer plays to the end.
    let (dealer, pass) = if final_table == 1 {
        ("dan", "dealer-secret")
    } else {
        ("dee", "dealer2-secret")
    };
    log_in(
        &c,
        &url,
        dealer,
        pass,
        &format!("/t/thursday/dealer/{final_table}"),
    )
    .await;
    for _ in 0..8 {
        let main = text(&c, "main").await;
        if main.contains("is over") {
            break;
        }
        if shows(&c, "form[data-command=place_button]").await {
            draw_button(&c).await;
        }
        let r = submit(&c, "form[data-command=start_hand]", &[]).await;
        assert!(r.contains("HandStarted"), "{r}");
        all_in_hand(&c, false).await;
    }
    wait_for(&c, "main", "The tournament is over").await;

    // The result: three paid places, the bubble out of the money.
    screen
        .goto(&format!("{url}/t/thursday/standings?lang=en"))
        .await
        .expect("standings");
    let standings = wait_for(&screen, "main", "52.50").await;
    assert!(
        standings.contains("31.50") && standings.contains("21.00"),
        "{standings}"
    );
    screenshot(&screen, "evening-standings-1920").await;
    screen
        .goto(&format!("{url}/t/thursday/clock?lang=de"))
        .await
        .expect("the clock");
    wait_for(&screen, "#level", "Das Turnier ist zu Ende").await;
    screenshot(&screen, "evening-clock-over-de-1920").await;
    screen.set_window_size(390, 844).await.expect("phone");
    screen
        .goto(&format!("{url}/t/thursday/standings?lang=de"))
        .await
        .expect("Rangliste");
    wait_for(&screen, "main", "52,50").await;
    screenshot(&screen, "evening-standings-de-phone").await;
    // Closing the night: the director pays out the three prizes from his desk, one touch
    // each; a prize is paid once.
    log_in(&c, &url, "td", "director-secret", "/t/thursday/director").await;
    let prizes = wait_for(&c, "section.prizes", "52.50").await;
    assert!(
        prizes.contains("31.50") && prizes.contains("21.00"),
        "{prizes}"
    );
    for _ in 0..3 {
        let r = submit(&c, "section.prizes form[data-command=pay_prize]", &[]).await;
        assert!(r.contains("PrizePaid"), "{r}");
    }
    wait_for(&c, "section.prizes", "Every prize is paid out").await;
    // The last payment closed the record: signed up to its last entry, at once.
    wait_for(&c, "section.prizes .signed", "signed up to its last entry").await;
    assert!(
        !shows(&c, "section.prizes form[data-command=pay_prize]").await,
        "a prize offered twice"
    );
    screenshot(&c, "evening-director-closed-tablet").await;
    // The record re-derives in every decision, the audit says (its page).
    screen
        .goto(&format!("{url}/t/thursday/audit?lang=en"))
        .await
        .expect("audit");
    wait_for(&screen, "#verdict", "every decision re-derives").await;
    wait_for(&screen, "main", "PrizePaid").await;
    c.close().await.expect("close");
    screen.close().await.expect("close");
}

/// A league's standings page: two simulated tournaments attached to a league; the page ranks
/// the players as `floorbook league standings` does, and links each tournament.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leagues_standings_are_a_page() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let d = data.to_str().expect("utf-8");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args(args)
            .output()
            .expect("floorbook");
        assert!(
            out.status.success(),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        out
    };
    for seed in ["1", "2"] {
        run(&[
            "simulate",
            "--profile",
            "top18",
            "--players",
            "6",
            "--seed",
            seed,
            "--data",
            d,
            "--json",
        ]);
    }
    let rules = dir.path().join("rules.toml");
    std::fs::write(
        &rules,
        "best = 2\n[formula]\nkind = \"table\"\npoints = [10, 6, 3, 1]\n",
    )
    .expect("rules");
    let r = rules.to_str().expect("utf-8");
    run(&[
        "league", "--data", d, "create", "--name", "club", "--season", "2026", "--rules", r,
    ]);
    for c in ["t-top18-s1-p6", "t-top18-s2-p6"] {
        run(&[
            "league", "--data", d, "attach", "--league", "club", "--chain", c,
        ]);
    }
    let out = run(&[
        "league",
        "--data",
        d,
        "standings",
        "--league",
        "club",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let first = &v["standings"][0];
    let (_web, url) = web(&data);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    c.goto(&format!("{url}/")).await.expect("index");
    wait_for(&c, "main", "league standings").await;
    c.goto(&format!("{url}/l/club")).await.expect("league");
    let row = wait_for(
        &c,
        "#league tbody tr",
        first["player"].as_str().expect("player"),
    )
    .await;
    assert!(
        row.contains(first["points"].as_str().expect("points")),
        "{row} vs {first}"
    );
    wait_for(&c, "main", "t-top18-s2-p6").await;
    screenshot(&c, "league").await;
    // In German (issue 36: the league page was English only).
    c.goto(&format!("{url}/l/club?lang=de"))
        .await
        .expect("league in German");
    let de = wait_for(&c, "#league thead", "Rang").await;
    assert!(de.contains("Punkte") && de.contains("Gewertet"), "{de}");
    let points = first["points"].as_str().expect("points").replace('.', ",");
    wait_for(&c, "#league tbody", &points).await;
    wait_for(&c, "main", "Teilnehmer").await;
    screenshot(&c, "league-de").await;
    c.close().await.expect("close");
}

/// Hole cards a dealer names ("cards seen") stay off every page while their hand is played:
/// the web server, holding the service key beside the data folder, writes them sealed; the
/// dealer page plays on, and neither it nor the hands, the audit or the seating page shows
/// them. When the hand is over the audit re-derives it whole.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn named_hole_cards_stay_off_every_page_while_the_hand_is_played() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    open_tournament(&data, "sealed", "top18", &["Ann", "Bob", "Cid"], None).await;
    let out = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["keys", "generate", "--dir"])
        .arg(dir.path().join("data-keys"))
        .output()
        .expect("floorbook keys runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    log_in(&c, &url, "dan", "dealer-secret", "/t/sealed/dealer/1").await;
    let r = submit(
        &c,
        "form[data-command=place_button]",
        &[("#draw-1", "As"), ("#draw-2", "Kd"), ("#draw-3", "Qh")],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    let r = submit(&c, "form[data-command=start_hand]", &[]).await;
    assert!(r.contains("Recorded"), "{r}");
    for cards in ["Ah Kc", "7c 7s", "Qd Jd"] {
        let r = submit(&c, "form[data-command=deal_hole]", &[("#hole", cards)]).await;
        assert!(r.contains("Recorded"), "{cards}: {r}");
    }
    // The betting is on at the dealer's page: it plays on with the sealed deal.
    wait_for(&c, "main", "to act").await;
    screenshot(&c, "sealed-dealer").await;
    let named = [
        "Ah", "A♥", "Kc", "K♣", "7c", "7♣", "7s", "7♠", "Qd", "Q♦", "Jd", "J♦",
    ];
    let page_source = |path: String| {
        let c = c.clone();
        async move {
            c.goto(&path).await.expect("the page");
            c.source().await.expect("its source")
        }
    };
    for path in [
        "/t/sealed/dealer/1",
        "/t/sealed/hands",
        "/t/sealed/audit",
        "/t/sealed/seating",
    ] {
        let html = page_source(format!("{url}{path}")).await;
        for card in named {
            assert!(
                !html.contains(&format!(">{card}<")) && !html.contains(&format!("{card} ")),
                "{path} shows {card} while the hand is played"
            );
        }
    }
    // The hand is played out: two folds.
    c.goto(&format!("{url}/t/sealed/dealer/1"))
        .await
        .expect("the dealer page");
    for _ in 0..2 {
        let r = submit(&c, "form[data-command=fold].touch", &[]).await;
        assert!(r.contains("Recorded"), "{r}");
    }
    let html = page_source(format!("{url}/t/sealed/audit")).await;
    assert!(
        html.contains("agree") || html.contains("none"),
        "the audit re-derives the released hand: {html}"
    );
}

/// The page Chromium prints, as text (poppler's `pdftotext`): what a sheet of paper says.
async fn printed(c: &Client, name: &str) -> String {
    let pdf = c
        .print(fantoccini::wd::PrintConfiguration::default())
        .await
        .expect("Chromium prints the page");
    assert!(pdf.starts_with(b"%PDF"), "{name}: not a PDF");
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("printed");
    std::fs::create_dir_all(&dir).expect("dir");
    let path = dir.join(format!("{name}.pdf"));
    std::fs::write(&path, pdf).expect("write");
    let out = Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .unwrap_or_else(|e| {
            panic!("pdftotext does not run ({e}): install poppler-utils (bash .ci/deps)")
        });
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// Print (issue 36): the seat slips of the draw, the results and a dispute's record, printed
/// by Chromium to PDF and read back: each player's slip names his table and seat as drawn,
/// in English and German, and no sheet carries the page's links, switches, forms or buttons.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_slips_results_and_a_dispute_print() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let names = [
        "Ann", "Bob", "Cid", "Dora", "Ede", "Fritz", "Gina", "Hugo", "Ida", "Jan", "Kurt",
    ];
    open_tournament(&data, "printed", "top18", &names, None).await;
    // The draw as the chain holds it.
    let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
    let chain = ChainId::new("printed").expect("chain");
    let mut r = floorbook_ledger::reader::load(&store, chain)
        .await
        .expect("load")
        .into_replayer();
    r.run_to_end().expect("re-derives");
    let t = r.into_tournament();
    let mut drawn: Vec<(String, u32, usize)> = Vec::new();
    for ts in &t.tables {
        for (i, p) in ts.table.seats.iter().enumerate() {
            if let Some(p) = p {
                drawn.push((t.players[p].name.clone(), ts.table.no.0, i + 1));
            }
        }
    }
    assert_eq!(drawn.len(), names.len());
    assert!(t.tables.len() >= 2, "two tables drawn");
    let (_web, url) = web(&data);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    for (lang, table, seat, nav) in [
        ("en", "Table", "Seat", "Standings"),
        ("de", "Tisch", "Platz", "Rangliste"),
    ] {
        c.goto(&format!("{url}/t/printed/slips?lang={lang}"))
            .await
            .expect("the slips");
        wait_for(&c, "main", seat).await;
        screenshot(&c, &format!("slips-{lang}")).await;
        let text = printed(&c, &format!("slips-{lang}")).await;
        for (who, t, s) in &drawn {
            assert!(
                text.contains(who.as_str()),
                "{lang}: no slip for {who}:\n{text}"
            );
            let line = format!("{table} {t} · {seat} {s}");
            assert!(
                text.contains(&line),
                "{lang}: {who}'s slip lacks {line:?}:\n{text}"
            );
        }
        assert_eq!(
            text.matches(&format!("{table} ")).count(),
            names.len(),
            "{lang}: one slip a player:\n{text}"
        );
        assert!(
            !text.contains(nav),
            "{lang}: the links are printed:\n{text}"
        );
    }
    // The results: every player with the prize column; no links.
    c.goto(&format!("{url}/t/printed/standings?lang=en"))
        .await
        .expect("the standings");
    wait_for(&c, "main", "Prize").await;
    let text = printed(&c, "standings").await;
    for who in names {
        assert!(text.contains(who), "the results lack {who}:\n{text}");
    }
    assert!(
        text.contains("Prize") && !text.contains("Seating"),
        "{text}"
    );
    // A dispute's record: the words, not the JSON behind the switch.
    c.goto(&format!("{url}/t/printed/explain?seq=3&lang=en"))
        .await
        .expect("the dispute");
    wait_for(&c, "main", "Entered by").await;
    let text = printed(&c, "dispute").await;
    assert!(text.contains("Entered by"), "{text}");
    assert!(
        !text.contains("The record as stored"),
        "the raw switch printed:\n{text}"
    );
    assert!(!text.contains("\"payload\""), "JSON printed:\n{text}");
}

/// The chain `chain` in `data`, opened under the profile `toml`, with Ann, Bob and Cid
/// registered at 2.00 and started on one table.
async fn ann_bob_and_cid(data: &std::path::Path, chain: &str, toml: String) {
    let store = EmbeddedStore::open(data, OpenMode::ReadWrite).expect("store");
    let chain = ChainId::new(chain).expect("chain");
    let mut desk = Desk::open(store, chain, None, 500).await.expect("desk");
    let open = WireCommand::Open {
        profile: None,
        profile_toml: Some(toml),
    };
    send(&mut desk, Channel::Director, open).await;
    for (p, name) in [(1, "Ann"), (2, "Bob"), (3, "Cid")] {
        let register = WireCommand::Register {
            player: p,
            name: name.into(),
            buy_in: "2.00".into(),
            age: 30,
            table: None,
            draw: None,
        };
        send(&mut desk, Channel::Floor, register).await;
    }
    let start = WireCommand::Start {
        draw: vec![0, 1, 2],
        button_seats: None,
        at: Some(0),
        tables: None,
    };
    send(&mut desk, Channel::Director, start).await;
}

/// Issue 39, a mystery bounty at the floor's desk: before the envelopes are filled the desk
/// says when they will be; a knock-out after it owes the eliminator an envelope, which the
/// desk draws at random among those left (or as drawn by hand from the box) into the form;
/// the draw is recorded, the standings show what it won and the clock the envelopes left.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_mystery_envelope_is_drawn_at_the_floors_desk() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let (nob, _) = floorbook_tournament::builtin("nob").expect("nob");
    // €0.50 of each €2.00 into envelopes from level 1 (at the first command after the
    // start): three envelopes of €1.50, the first half of it, the other two the rest.
    let toml = nob.replace("shares = [100]", "shares = [60, 40]")
        + "\n[bounty]\nkind = \"mystery\"\namount = \"0.50\"\nfrom_level = 1\nenvelopes = [50]\n";
    ann_bob_and_cid(&data, "mystery", toml).await;
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let fay = browser(&webdriver).await;
    log_in(&fay, &url, "fay", "floor-secret", "/t/mystery/floor").await;
    wait_for(&fay, "section.mystery", "when level 1 starts").await;
    // Bob is out (entered by the floor), knocked out by Ann: the envelopes are filled first.
    bob_out_to_ann(&fay).await;
    wait_for(&fay, "#envelopes-left", "3 envelopes left, 1.50 in all").await;
    wait_for(&fay, "#envelopes-owed", "Bob was knocked out by Ann").await;
    fay.set_window_size(390, 844).await.expect("phone");
    fay.execute(
        "document.querySelector('section.mystery').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolled");
    screenshot(&fay, "floor-mystery-390").await;
    // The draw at random names one of the three; the floor records the one drawn from the
    // box instead: the first, €0.75.
    click(&fay, "[data-draw-envelope]").await;
    wait_for(&fay, "#chosen", "Drawn: envelope").await;
    let draw = value(&fay, "#draw_envelope-draw").await;
    assert!(
        matches!(draw.as_str(), "0" | "1" | "2"),
        "the draw {draw:?}"
    );
    assert_eq!(value(&fay, "#draw_envelope-player").await, "2");
    let r = submit(
        &fay,
        "form[data-command=draw_envelope]",
        &[("#draw_envelope-draw", "3")],
    )
    .await;
    assert!(r.contains("Refused") && r.contains("0 is the first"), "{r}");
    let r = submit(
        &fay,
        "form[data-command=draw_envelope]",
        &[("#draw_envelope-player", "2"), ("#draw_envelope-draw", "0")],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    wait_for(&fay, "#envelopes-left", "2 envelopes left, 0.75 in all").await;
    // In German, on a tablet.
    fay.goto(&format!("{url}/t/mystery/floor?lang=de"))
        .await
        .expect("german");
    wait_for(&fay, "#envelopes-left", "Noch 2 Umschläge").await;
    fay.set_window_size(820, 1180).await.expect("tablet");
    fay.execute(
        "document.querySelector('section.mystery').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolled");
    screenshot(&fay, "floor-mystery-de-820").await;
    let clock = browser(&webdriver).await;
    clock
        .goto(&format!("{url}/t/mystery/clock?lang=en"))
        .await
        .expect("the clock");
    wait_for(&clock, "#envelopes", "2 · 0.75").await;
    clock
        .goto(&format!("{url}/t/mystery/standings?lang=en"))
        .await
        .expect("the standings");
    let ann = wait_for(&clock, "tr[data-player='1']", "0.75").await;
    assert!(!ann.contains("(bounty"), "no bounty on a head: {ann}");
}

/// Issue 39, an event in flights at the director's desk: a flight's desk offers to end it
/// (not Day 2's import); Day 2's desk offers the import, which reads the flight that ended from
/// its chain: the clock then counts the flight's entries and pool. In English and German.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flight_is_ended_and_imported_into_day_2_from_the_directors_desk() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let (nob, _) = floorbook_tournament::builtin("nob").expect("nob");
    // A PKO of 0.50 a head, in the flight and on Day 2.
    let pko = "\n[bounty]\nkind = \"progressive\"\namount = \"0.50\"\n";
    let flight = nob.replace("shares = [100]", "shares = []\nfee = \"0.20\"")
        + "\n[flight]\nevent = \"main\"\nday = \"1A\"\n"
        + pko;
    ann_bob_and_cid(&data, "main-1a", flight).await;
    {
        // Bob goes out in the flight (3rd of 3).
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
        let chain = ChainId::new("main-1a").expect("chain");
        let mut desk = Desk::open(store, chain, None, 500).await.expect("desk");
        let bust = WireCommand::BustPlayer {
            player: 2,
            winner: 1,
            reason: "all in against Ann, not keyed in".into(),
        };
        send(&mut desk, Channel::Floor, bust).await;
    }
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
        let chain = ChainId::new("main-day2").expect("chain");
        let mut desk = Desk::open(store, chain, None, 500).await.expect("desk");
        let day2 = nob.replace("shares = [100]", "shares = [60, 40]\nfee = \"0.20\"")
            + "\n[day2]\nevent = \"main\"\ncarry = \"best\"\n"
            + pko;
        let open = WireCommand::Open {
            profile: None,
            profile_toml: Some(day2),
        };
        send(&mut desk, Channel::Director, open).await;
    }
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let td = browser(&webdriver).await;
    log_in(&td, &url, "td", "director-secret", "/t/main-1a/director").await;
    let r = submit(&td, "form[data-command=end_flight]", &[]).await;
    assert!(r.contains("Recorded") && r.contains("FlightEnded"), "{r}");
    td.goto(&format!("{url}/t/main-day2/director?lang=en"))
        .await
        .expect("day 2");
    // The import's field offers the event's flights that ended.
    let words = td
        .execute(
            "var o = document.querySelector(\"#flights option[value='main-1a']\"); return o && o.textContent;",
            vec![],
        )
        .await
        .expect("words");
    assert_eq!(
        words.as_str(),
        Some("Flight 1A: ended, 3 entries, 2 players left")
    );
    let r = submit(
        &td,
        "form[data-command=import_flight]",
        &[("#import_flight-chain", "main-day2")],
    )
    .await;
    assert!(
        r.contains("Refused") && r.contains("this Day 2 itself"),
        "{r}"
    );
    let r = submit(
        &td,
        "form[data-command=import_flight]",
        &[("#import_flight-chain", "main-1a")],
    )
    .await;
    assert!(
        r.contains("Recorded") && r.contains("FlightImported"),
        "{r}"
    );
    td.set_window_size(820, 1180).await.expect("tablet");
    td.execute(
        "document.querySelector('form[data-command=import_flight]').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolled");
    screenshot(&td, "director-day2-820").await;
    assert!(
        td.find(fantoccini::Locator::Css("form[data-command=end_flight]"))
            .await
            .is_err(),
        "Day 2 is no flight to end"
    );
    td.goto(&format!("{url}/t/main-day2/director?lang=de"))
        .await
        .expect("tag 2");
    wait_for(
        &td,
        "form[data-command=import_flight]",
        "Einen Flight in Tag 2 übernehmen",
    )
    .await;
    // The clock: three entries of 2.00 less 0.20 fee and 0.50 bounty each.
    let clock = browser(&webdriver).await;
    clock
        .goto(&format!("{url}/t/main-day2/clock?lang=en"))
        .await
        .expect("the clock");
    wait_for(&clock, "#pool", "3.90").await;
    // Day 2 starts (its players by a new draw): the standings place the one out in the
    // flight under them.
    let r = submit(&td, "form[data-command=start]", &[("#start-draw", "1 0")]).await;
    assert!(r.contains("FlightsRanked"), "{r}");
    clock
        .goto(&format!("{url}/t/main-day2/standings?lang=en"))
        .await
        .expect("the standings");
    let row = wait_for(&clock, "tr.flight", "out in flight 1A").await;
    assert!(row.contains("3") && row.contains("Bob"), "{row}");
    // Ann won Bob's head in the flight (0.50: 0.25 in cash, 0.25 onto hers) and carried hers.
    let ann = wait_for(&clock, "tr[data-player='1']", "bounty").await;
    assert!(
        ann.contains("Ann") && ann.contains("0.25") && ann.contains("0.75"),
        "{ann}"
    );
    clock.set_window_size(390, 844).await.expect("phone");
    screenshot(&clock, "standings-day2-390").await;
}

/// Issue 39, the standard payout at the director's desk: about 15 % of the entries paid by
/// weights 1, 1/2, 1/3: twenty entries of 2.00 pay three places, 6/11, 3/11 and 2/11 of
/// 40.00 (21.81, 10.90 and 7.27 rounded down, the two cents left to first: 21.83); one entry
/// alone would pay one place. In English and German, on a phone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_standard_payout_is_shown_with_its_places_at_the_directors_desk() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let (nob, _) = floorbook_tournament::builtin("nob").expect("nob");
    {
        let store = EmbeddedStore::open(&data, OpenMode::ReadWrite).expect("store");
        let chain = ChainId::new("big").expect("chain");
        let mut desk = Desk::open(store, chain, None, 500).await.expect("desk");
        let open = WireCommand::Open {
            profile: None,
            profile_toml: Some(nob.replace("shares = [100]", "standard = 15")),
        };
        send(&mut desk, Channel::Director, open).await;
        for p in 1..=20 {
            let register = WireCommand::Register {
                player: p,
                name: format!("Player {p}"),
                buy_in: "2.00".into(),
                age: 30,
                table: None,
                draw: None,
            };
            send(&mut desk, Channel::Floor, register).await;
        }
    }
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let td = browser(&webdriver).await;
    log_in(&td, &url, "td", "director-secret", "/t/big/director").await;
    let said = wait_for(&td, "p.standard", "about 15 %").await;
    assert!(said.contains("3 places of 20 entries"), "{said}");
    let table = wait_for(&td, "table.standard", "21.83").await;
    assert!(table.contains("10.90") && table.contains("7.27"), "{table}");
    td.set_window_size(390, 844).await.expect("phone");
    td.execute(
        "document.querySelector('section.payout').scrollIntoView();",
        vec![],
    )
    .await
    .expect("scrolled");
    screenshot(&td, "director-standard-payout-390").await;
    td.goto(&format!("{url}/t/big/director?lang=de"))
        .await
        .expect("german");
    wait_for(&td, "p.standard", "jetzt 3 Plätze bei 20 Einstiegen").await;
}

/// Issue 39, a deal made from the desks: where the profile allows deals the director's desk
/// offers the deal (under the club's rules it offers none: TR-7); the director proposes an
/// ICM deal, the floor records each player's consent from his desk, and the last agrees it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deal_is_made_from_the_desks() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let (nob, _) = floorbook_tournament::builtin("nob").expect("nob");
    let toml = nob.replace("shares = [100]", "shares = [60, 40]") + "\n[deals]\nallowed = true\n";
    ann_bob_and_cid(&data, "deal", toml).await;
    open_tournament(&data, "club", "top18", &["Ann", "Bob", "Cid"], None).await;
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let td = browser(&webdriver).await;
    let fay = browser(&webdriver).await;
    log_in(&td, &url, "td", "director-secret", "/t/club/director").await;
    wait_for(&td, "main", "Players").await;
    assert!(
        !shows(&td, "form[data-command=propose_deal]").await,
        "the club's rules (TR-7) allow no deal, yet the desk offers one"
    );
    td.goto(&format!("{url}/t/deal/director"))
        .await
        .expect("the deal's desk");
    wait_for(&td, "main", "Propose a deal").await;
    let r = submit(
        &td,
        "form[data-command=propose_deal]",
        &[("#propose_deal-method", "ICM (Malmuth–Harville)")],
    )
    .await;
    assert!(r.contains("Recorded"), "{r}");
    screenshot(&td, "deal-director").await;
    // Before the deal the room's clock shows the profile's payouts: 60 and 40 % of 6.00.
    fay.goto(&format!("{url}/t/deal/clock?lang=en"))
        .await
        .expect("the clock");
    let paid = wait_for(&fay, "#payouts", "3.60").await;
    assert!(
        paid.contains("1. 3.60") && paid.contains("2. 2.40"),
        "{paid}"
    );
    wait_for(&fay, "#chips", "300").await;
    fay.set_window_size(1920, 1080).await.expect("size");
    screenshot(&fay, "clock-payouts-1920").await;
    log_in(&fay, &url, "fay", "floor-secret", "/t/deal/floor").await;
    for p in ["1", "2", "3"] {
        let r = submit(
            &fay,
            "form[data-command=consent_to_deal]",
            &[("#consent_to_deal-player", p)],
        )
        .await;
        assert!(r.contains("Recorded"), "player {p}: {r}");
    }
    let r = submit(
        &fay,
        "form[data-command=consent_to_deal]",
        &[("#consent_to_deal-player", "1")],
    )
    .await;
    assert!(
        r.contains("The deal is agreed"),
        "a consent after the deal: {r}"
    );
    // The chain holds the agreed deal: three figures adding up to the prize pool of 6.00.
    let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
    let mut r = floorbook_ledger::reader::load(&store, ChainId::new("deal").expect("chain"))
        .await
        .expect("load")
        .into_replayer();
    r.run_to_end().expect("re-derives");
    let deal = r.into_tournament().deal.expect("a deal");
    assert!(deal.agreed, "{deal:?}");
    assert_eq!(deal.shares.iter().map(|s| s.cents).sum::<u64>(), 600);
    // The standings show the deal: equal stacks, 6.00 shared, 2.00 each.
    td.goto(&format!("{url}/t/deal/standings?lang=en"))
        .await
        .expect("the standings");
    wait_for(&td, "main", "A deal is agreed").await;
    for name in ["Ann", "Bob", "Cid"] {
        let prize = td
            .execute(
                "return [...document.querySelectorAll('main tbody tr')].find(r => r.children[1].textContent.trim() === arguments[0]).children[3].textContent.trim();",
                vec![serde_json::json!(name)],
            )
            .await
            .expect("the row");
        assert_eq!(prize, serde_json::json!("2.00"), "{name}'s prize");
    }
    screenshot(&td, "deal-standings").await;
    // The clock's payouts are the deal's figures now, by name.
    td.goto(&format!("{url}/t/deal/clock?lang=en"))
        .await
        .expect("the clock");
    wait_for(&td, "section.payouts", "by the deal agreed").await;
    // The clock redraws itself live: read the payouts until a redraw has settled.
    let until = Instant::now() + Duration::from_secs(15);
    let mut paid = text(&td, "#payouts").await;
    while paid.matches("2.00").count() != 3 && Instant::now() < until {
        tokio::time::sleep(Duration::from_millis(100)).await;
        paid = text(&td, "#payouts").await;
    }
    assert_eq!(paid.matches("2.00").count(), 3, "{paid}");
    td.goto(&format!("{url}/t/deal/standings?lang=de"))
        .await
        .expect("die Rangliste");
    wait_for(&td, "main", "Ein Deal ist vereinbart").await;
}

/// Issue 39, late registration and re-entry from the floor's desk: while entries are open the
/// desk says until when and offers a seat drawn at random among the free seats at the tables
/// with the fewest players; the floor records a late player into it, then a re-entry for a
/// player out (shown as "may re-enter", unplaced); the room's clock shows the re-entries and
/// until when entries stay open. In English and German, on a phone and a tablet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn late_entries_and_re_entries_are_made_from_the_floors_desk() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let (nob, _) = floorbook_tournament::builtin("nob").expect("nob");
    let toml = nob.replace("shares = [100]", "shares = [60, 40]")
        + "\n[entries]\nlate_until_level = 2\nreentries = 1\nrebuys = 1\nrebuy_until_level = 2\n"
        + "\n[bounty]\nkind = \"progressive\"\namount = \"0.50\"\n";
    ann_bob_and_cid(&data, "reentry", toml).await;
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let fay = browser(&webdriver).await;
    log_in(&fay, &url, "fay", "floor-secret", "/t/reentry/floor").await;
    let open = wait_for(&fay, "section.entries", "level 2").await;
    assert!(open.contains("5 free seats"), "{open}");
    // The seat is drawn on the page and named in table and seat; the form carries the draw.
    click(&fay, "[data-draw-entry]").await;
    let drawn = wait_for(&fay, "#chosen", "Drawn: table 1, seat").await;
    let draw = value(&fay, "#register-draw").await;
    assert!(
        matches!(draw.as_str(), "0" | "1" | "2" | "3" | "4"),
        "the draw {draw:?} ({drawn})"
    );
    let r = submit(
        &fay,
        "form[data-command=register]",
        &[
            ("#register-player", "4"),
            ("#register-name", "Dora"),
            ("#register-buy_in", "2.00"),
            ("#register-age", "41"),
        ],
    )
    .await;
    assert!(r.contains("Recorded") && r.contains("Entered"), "{r}");
    let seat: String = drawn
        .trim_start_matches("Drawn: table 1, seat ")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    wait_for(&fay, "#players", &format!("table 1, seat {seat}")).await;
    // Bob is out (entered by the floor) and may re-enter.
    bob_out_to_ann(&fay).await;
    wait_for(&fay, "#players", "may re-enter").await;
    fay.set_window_size(390, 844).await.expect("phone");
    screenshot(&fay, "floor-entries-390").await;
    click(&fay, "[data-draw-entry]").await;
    wait_for(&fay, "#chosen", "Drawn: table 1").await;
    let r = submit(
        &fay,
        "form[data-command=reenter]",
        &[("#reenter-player", "2"), ("#reenter-buy_in", "2.00")],
    )
    .await;
    assert!(r.contains("Recorded") && r.contains("Entered"), "{r}");
    // Cid, at the starting stack, rebuys at his seat; the desk says until when.
    wait_for(&fay, "section.rebuys", "until the end of level 2").await;
    let r = submit(
        &fay,
        "form[data-command=tournament_rebuy]",
        &[("#tournament_rebuy-player", "3")],
    )
    .await;
    assert!(r.contains("Recorded") && r.contains("Rebought"), "{r}");
    // The desk in German, on a tablet.
    fay.goto(&format!("{url}/t/reentry/floor?lang=de"))
        .await
        .expect("german");
    wait_for(&fay, "section.entries", "Level 2").await;
    fay.set_window_size(820, 1180).await.expect("tablet");
    screenshot(&fay, "floor-entries-de-820").await;
    // The clock: five entrants (four players and a re-entry) and a rebuy.
    let clock = browser(&webdriver).await;
    clock
        .goto(&format!("{url}/t/reentry/clock?lang=en"))
        .await
        .expect("the clock");
    wait_for(&clock, "#reentries", "1").await;
    wait_for(&clock, "#rebuys", "1").await;
    wait_for(&clock, "#entries-open", "until the end of level 2").await;
    // The pool is the buy-ins and the rebuy less the bounties: 5 × 1.50 + 2.00.
    wait_for(&clock, "#pool", "9.50").await;
    wait_for(&clock, "#bounties", "2.50").await;
    clock.set_window_size(1920, 1080).await.expect("size");
    screenshot(&clock, "clock-entries-1920").await;
    // The standings: Ann knocked Bob out and won half his bounty in cash, the other half onto
    // her own (0.50 + 0.25).
    clock
        .goto(&format!("{url}/t/reentry/standings?lang=en"))
        .await
        .expect("the standings");
    let ann = wait_for(&clock, "tr[data-player='1']", "bounty").await;
    assert!(
        ann.contains("0.25") && ann.contains("(bounty 0.75)"),
        "{ann}"
    );
    clock.set_window_size(390, 844).await.expect("phone");
    screenshot(&clock, "standings-bounties-390").await;
}

/// A plain HTTP GET of `url` (`http://host:port/path`): the status and the body.
fn http_get(url: &str) -> (u16, Vec<u8>) {
    let r = floorbook_e2e::http::get(url);
    (r.status, r.body)
}

/// Issue 40, item 3: with `--venue` the pages keep the transparency log and each finished
/// hand on the hands' page has its receipt: a slip with the receipt as a QR code, what it
/// proves and how to check it (German on a phone, English on a tablet), and the file, which
/// `receipt verify` checks offline with the log's key alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_hand_has_a_receipt_with_a_qr_code() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let keys = dir.path().join("keys");
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_floorbook"))
            .args(args)
            .output()
            .expect("floorbook runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    let (d, k) = (data.to_str().expect("utf-8"), keys.to_str().expect("utf-8"));
    run(&["keys", "generate", "--dir", k]);
    run(&[
        "simulate",
        "--players",
        "9",
        "--seed",
        "5",
        "--data",
        d,
        "--keys",
        k,
    ]);
    let vkey = run(&["keys", "vkey", "--dir", k, "--venue", "club.example"]);
    let chain = {
        use floorbook_log::EventStore;
        let store = EmbeddedStore::open(&data, OpenMode::ReadOnly).expect("store");
        store.chains().await.expect("chains").remove(0).to_string()
    };
    // A league's witness, which the pages' log submits its checkpoints to.
    let (witness, at) =
        common::spawn_witness(&dir.path().join("witness"), "league.example/witness", &vkey);
    let _witness = Kill(witness);
    let wkey = at.split_once('=').expect("URL=VKEY").1.to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args([
            "web",
            "--addr",
            "127.0.0.1:0",
            "--data",
            d,
            "--keys",
            k,
            "--venue",
            "club.example",
            "--witness",
            &at,
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("floorbook web starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address line");
    let _web = Kill(child);
    let url = line
        .trim()
        .trim_start_matches("floorbook web: ")
        .trim_end_matches('/')
        .to_string();
    // The log's checkpoint, served for monitors, soon carries the witness's cosignature.
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let cp = floorbook_e2e::http::get(&format!("{url}/log/checkpoint"));
        if cp.status == 200
            && floorbook_tlog::cosigned(&cp.body, &vkey, std::slice::from_ref(&wkey), 1).is_ok()
        {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no cosigned checkpoint at /log/checkpoint: {} {}",
            cp.status,
            cp.text()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    c.set_window_size(390, 844).await.expect("phone");
    c.goto(&format!("{url}/t/{chain}/hands?lang=de"))
        .await
        .expect("the hands");
    wait_for(&c, "#hands thead", "Beleg").await;
    let link = c
        .find(Locator::Css("#hands tbody a[href$='/slip']"))
        .await
        .expect("a finished hand's receipt link");
    let href = link.attr("href").await.expect("attr").expect("href");
    let hand: u64 = href
        .trim_start_matches("receipt/")
        .trim_end_matches("/slip")
        .parse()
        .expect("the hand's number");
    // The page is redrawn as the log moves (the link may be replaced): the link's address.
    c.goto(&format!("{url}/t/{chain}/receipt/{hand}/slip?lang=de"))
        .await
        .expect("the slip");
    wait_for(&c, "main", &format!("Beleg für Hand {hand}")).await;
    assert!(shows(&c, "figure.qr svg").await, "the QR code");
    let said = text(&c, "main").await;
    assert!(said.contains("Fingerabdruck"), "{said}");
    assert!(said.contains("floorbook receipt verify"), "{said}");
    assert!(said.contains(&vkey), "the key to check it with: {said}");
    assert!(
        said.contains("Von den Zeugen gegengezeichnet: league.example/witness."),
        "the witness whose cosignature it carries: {said}"
    );
    assert!(
        said.contains(&format!("--witness '{wkey}'")),
        "the command that checks it counts the witness: {said}"
    );
    screenshot(&c, "receipt-de-phone").await;
    c.set_window_size(820, 1180).await.expect("tablet");
    c.goto(&format!("{url}/t/{chain}/receipt/{hand}/slip?lang=en"))
        .await
        .expect("the slip");
    wait_for(&c, "main", &format!("Receipt for hand {hand}")).await;
    screenshot(&c, "receipt-en-tablet").await;
    // The file checks offline.
    let (status, file) = http_get(&format!("{url}/t/{chain}/receipt/{hand}"));
    assert_eq!(status, 200);
    let path = dir.path().join("hand.tlog-proof");
    std::fs::write(&path, &file).expect("write");
    let said = run(&[
        "receipt",
        "verify",
        path.to_str().expect("utf-8"),
        "--vkey",
        &vkey,
        "--witness",
        &wkey,
    ]);
    assert!(said.starts_with("OK: chain"), "{said}");
    // A hand that is not over has none, said in the page's language.
    let (status, body) = http_get(&format!("{url}/t/{chain}/receipt/99999/slip?lang=en"));
    assert_eq!(status, 404);
    assert!(
        String::from_utf8_lossy(&body).contains("Hand 99999 is not over"),
        "{}",
        String::from_utf8_lossy(&body)
    );
    the_log_checks_from_its_tiles(&url, &vkey, &file);
}

/// Issue 40, item 1: the log as C2SP tiles under `/log/`: a monitor that knows only the log's
/// key fetches the checkpoint, then the tiles a `TileHashReader` asks for (each checked against
/// the signed root), and finds the receipt's leaf in its entry bundle at the receipt's index.
fn the_log_checks_from_its_tiles(url: &str, vkey: &str, receipt: &[u8]) {
    use floorbook_e2e::http;
    use tlog_tiles::tile::{Tile, TileHashReader, TileReader};
    use tlog_tiles::tlog;
    struct Fetch<'a>(&'a str, std::sync::Mutex<Vec<String>>);
    impl TileReader for Fetch<'_> {
        fn height(&self) -> u8 {
            8
        }
        fn read_tiles(&self, tiles: &[Tile]) -> Result<Vec<Vec<u8>>, tlog::Error> {
            tiles
                .iter()
                .map(|t| {
                    let path = t.path().replacen("tile/8/", "tile/", 1);
                    let r = http::get(&format!("{}/log/{path}", self.0));
                    self.1.lock().expect("list").push(path.clone());
                    match r.status {
                        200 => Ok(r.body),
                        s => Err(tlog::Error::InvalidInput(format!("{path}: {s}"))),
                    }
                })
                .collect()
        }
        fn save_tiles(&self, _: &[Tile], _: &[Vec<u8>]) {}
    }
    let cp = http::get(&format!("{url}/log/checkpoint"));
    assert_eq!(cp.status, 200, "{}", cp.text());
    let cp = floorbook_tlog::open_checkpoint(&cp.body, vkey).expect("signed by the log");
    let proven = floorbook_tlog::Receipt::from_bytes(receipt)
        .expect("receipt")
        .verify(vkey)
        .expect("verifies");
    assert!(proven.index < cp.size && proven.checkpoint.size <= cp.size);
    let fetch = Fetch(url, std::sync::Mutex::new(Vec::new()));
    let reader = TileHashReader::new(cp.size, cp.root, &fetch);
    assert_eq!(
        tlog::tree_hash(cp.size, &reader).expect("from tiles"),
        cp.root
    );
    let proof = tlog::prove_record(cp.size, proven.index, &reader).expect("inclusion");
    assert!(
        floorbook_tlog::verify_inclusion(
            &proof,
            proven.index,
            cp.size,
            cp.root,
            floorbook_tlog::leaf_hash(&proven.leaf.to_bytes().expect("leaf")),
        )
        .is_ok(),
        "the receipt's leaf is in the tree the tiles give"
    );
    assert!(!fetch.1.lock().expect("list").is_empty());
    // The receipt's leaf is in its entry bundle, where its index says.
    let (n, at) = (proven.index / 256, (proven.index % 256) as usize);
    let width = (cp.size - n * 256).min(256) as u32;
    let path = floorbook_tlog::TilePath::Entries { n, width }.path();
    let bundle = http::get(&format!("{url}/log/{path}"));
    assert_eq!(bundle.status, 200, "{path}");
    let mut rest = bundle.body.as_slice();
    let mut entries = Vec::new();
    while let Some((len, tail)) = rest.split_first_chunk::<2>() {
        let (e, tail) = tail.split_at(usize::from(u16::from_be_bytes(*len)));
        entries.push(e.to_vec());
        rest = tail;
    }
    assert_eq!(entries.len(), width as usize, "{path}");
    assert_eq!(
        entries[at],
        proven.leaf.to_bytes().expect("leaf"),
        "the receipt's leaf at {at} of {path}"
    );
    // A full tile may be kept forever; a partial one and the checkpoint may not.
    let full = floorbook_tlog::TilePath::Hashes {
        level: 0,
        n: 0,
        width: 256,
    };
    if cp.size >= 256 {
        let r = http::get(&format!("{url}/log/{}", full.path()));
        assert!(
            r.header("cache-control")
                .is_some_and(|c| c.contains("immutable"))
        );
    }
    // A tile past the tree and a path that is no tile are not found, said in words.
    let r = http::get(&format!("{url}/log/tile/0/x999/999"));
    assert_eq!(r.status, 404);
    assert!(r.text().contains("tile/0/x999/999"), "{}", r.text());
    assert_eq!(http::get(&format!("{url}/log/tile/0/1")).status, 404);
}

/// What the page breaks of the accessible basics, as a list of findings: a field or button
/// without words, text that does not stand out from what is behind it (WCAG 2.2 AA: 4.5:1,
/// 3:1 for large text), a button smaller than a thumb's target (24 × 24 CSS px, WCAG 2.2 AA
/// 2.5.8), an ordinary action of the hand under 44 px high.
async fn accessibility_findings(c: &Client) -> Vec<String> {
    let found = c
        .execute(
            r#"
var out = [];
function rgb(s) { var m = s.match(/rgba?\(([^)]+)\)/); return m ? m[1].split(',').map(Number) : null; }
function behind(el) {
  for (; el; el = el.parentElement) {
    var p = rgb(getComputedStyle(el).backgroundColor);
    if (p && (p.length < 4 || p[3] > 0.5)) return p;
  }
  return [255, 255, 255];
}
function lum(p) {
  var a = p.slice(0, 3).map(function (v) { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); });
  return 0.2126 * a[0] + 0.7152 * a[1] + 0.0722 * a[2];
}
function seen(el) { var r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; }
document.querySelectorAll('header *, main *').forEach(function (el) {
  if (!seen(el)) return;
  var own = Array.prototype.some.call(el.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
  if (!own) return;
  var s = getComputedStyle(el), a = lum(rgb(s.color)), b = lum(behind(el));
  var ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
  var size = parseFloat(s.fontSize), large = size >= 24 || (parseInt(s.fontWeight, 10) >= 700 && size >= 18.66);
  if (ratio < (large ? 3 : 4.5)) out.push('contrast ' + ratio.toFixed(2) + ': ' + el.tagName + ' "' + el.textContent.trim().slice(0, 40) + '"');
});
document.querySelectorAll('main input:not([type=hidden]), main select, main textarea').forEach(function (el) {
  if (!seen(el)) return;
  var labelled = el.getAttribute('aria-label') || el.closest('label') || (el.id && document.querySelector('label[for="' + el.id + '"]'));
  if (!labelled) out.push('no label: ' + el.outerHTML.slice(0, 80));
});
document.querySelectorAll('main button').forEach(function (el) {
  if (!seen(el)) return;
  if (!el.textContent.trim() && !el.getAttribute('aria-label')) out.push('a button without words: ' + el.outerHTML.slice(0, 80));
  var r = el.getBoundingClientRect();
  if (r.width < 24 || r.height < 24) out.push('a small target (' + Math.round(r.width) + '×' + Math.round(r.height) + '): "' + el.textContent.trim() + '"');
  if (el.closest('div.touches') && r.height < 44) out.push('an action under 44 px high: "' + el.textContent.trim() + '"');
});
return out;
"#,
            vec![],
        )
        .await
        .expect("the page's findings");
    serde_json::from_value(found).expect("a list")
}

/// Presses Tab until `css` has the focus (at most 100 times), then Enter on it; the focus
/// is to be seen on the way.
async fn by_keyboard(c: &Client, css: &str) {
    const TAB: &str = "\u{e004}";
    const ENTER: &str = "\u{e007}";
    for _ in 0..100 {
        let on: bool = c
            .execute(
                "return !!(document.activeElement && document.activeElement.matches(arguments[0]));",
                vec![serde_json::json!(css)],
            )
            .await
            .expect("the focus")
            .as_bool()
            .unwrap_or(false);
        if on {
            let ring = c
                .execute(
                    "var s = getComputedStyle(document.activeElement); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2;",
                    vec![],
                )
                .await
                .expect("the focus's look");
            assert_eq!(
                ring,
                serde_json::json!(true),
                "the focus on {css} is not seen"
            );
            c.active_element()
                .await
                .expect("the focus")
                .send_keys(ENTER)
                .await
                .expect("Enter");
            return;
        }
        c.active_element()
            .await
            .expect("the focus")
            .send_keys(TAB)
            .await
            .expect("Tab");
    }
    panic!("Tab never reached {css}");
}

/// Issue 35, item 9: the dealer's page meets the accessible basics on a phone, in English and
/// German: every field and button says what it is, text stands out from what is behind it,
/// every button is a target a thumb can hit, and the dealer plays by keyboard alone (Tab
/// reaches each action with the focus seen, Enter records it).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dealers_page_has_labels_contrast_thumb_targets_and_works_by_keyboard() {
    let dir = tempfile::tempdir().expect("dir");
    let data = dir.path().join("data");
    let names = ["P1", "P2", "P3", "P4", "P5", "P6"];
    open_tournament(&data, "keys", "top18", &names, Some(vec![6])).await;
    let users = users_file(dir.path());
    let (_web, url) = web_writing(&data, &users);
    let (_driver, webdriver) = chromedriver();
    let c = browser(&webdriver).await;
    c.set_window_size(390, 844).await.expect("phone");
    log_in(&c, &url, "dan", "dealer-secret", "/t/keys/dealer/1?lang=en").await;
    let mut findings = accessibility_findings(&c).await;
    by_keyboard(&c, "form[data-command=start_hand] button").await;
    wait_for(&c, "#result", "Recorded").await;
    by_keyboard(&c, "form[data-command=deal_face_down] button").await;
    wait_for(&c, "div.actions", "to act").await;
    findings.extend(accessibility_findings(&c).await);
    screenshot(&c, "dealer-keyboard-phone").await;
    by_keyboard(&c, "div.touches form[data-command=check_or_call] button").await;
    wait_for(&c, "#result", "Recorded").await;
    c.goto(&format!("{url}/t/keys/dealer/1?lang=de"))
        .await
        .expect("the page in German");
    wait_for(&c, "div.actions", "am Zug").await;
    findings.extend(accessibility_findings(&c).await);
    by_keyboard(&c, "div.touches form[data-command=fold] button").await;
    wait_for(&c, "#result", "Erfasst").await;
    // The check itself finds what it looks for: grey on grey, a tiny button, a bare field.
    c.execute(
        "var m = document.querySelector('main'); m.insertAdjacentHTML('beforeend', '<p id=probe style=\"color:#777;background:#666\">grey</p><button id=tiny style=\"width:10px;height:10px;padding:0;min-width:0;font-size:4px\">x</button><input id=bare>');",
        vec![],
    )
    .await
    .expect("the probes");
    let probed = accessibility_findings(&c).await.join("\n");
    assert!(
        probed.contains("contrast")
            && probed.contains("a small target")
            && probed.contains("no label"),
        "{probed}"
    );
    findings.sort();
    findings.dedup();
    assert!(findings.is_empty(), "{}", findings.join("\n"));
    c.close().await.expect("close");
}
