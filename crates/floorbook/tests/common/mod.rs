//! What the command-line tests share: running the binary and reading its JSON.

#![allow(dead_code)] // each test file uses its own part

use std::process::{Command, Output};

use serde_json::Value;

/// Runs `floorbook` with `args` and waits for it.
pub fn floorbook(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(args)
        .output()
        .expect("floorbook runs")
}

/// The JSON a run printed, whatever its exit code; a run that printed none fails the test with
/// what it said.
pub fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "{e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    })
}

/// The JSON of a run that must succeed.
pub fn ok_json(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    json(out)
}

/// `floorbook simulate` of a deepstack field of patient bots into `data` (a long chain for its
/// size); its JSON summary.
pub fn simulate_patient(data: &str, players: &str, seed: &str) -> Value {
    ok_json(&floorbook(&[
        "simulate",
        "--profile",
        "deepstack",
        "--players",
        players,
        "--seed",
        seed,
        "--bots",
        "patient",
        "--data",
        data,
        "--json",
    ]))
}

/// Byte length of the first `n` frames of the embedded chain file.
pub fn frames_len(path: &std::path::Path, n: usize) -> u64 {
    let data = std::fs::read(path).expect("read log");
    let mut at = 8usize;
    for _ in 0..n {
        let len = u32::from_le_bytes(data[at..at + 4].try_into().expect("len")) as usize;
        at += 8 + len + 32;
    }
    at as u64
}

/// Two tests of one body: on the embedded store in a fresh folder, and on JetStream against a
/// nats-server the harness starts (`$body` takes the store by value).
#[allow(unused_macros)]
macro_rules! on_both_backends {
    ($embedded:ident, $nats:ident, $body:ident) => {
        #[tokio::test]
        async fn $embedded() {
            let dir = tempfile::tempdir().expect("dir");
            let store = floorbook_store_embedded::EmbeddedStore::open(
                dir.path(),
                floorbook_store_embedded::OpenMode::ReadWrite,
            )
            .expect("store");
            $body(store).await;
        }

        #[tokio::test]
        async fn $nats() {
            let server = floorbook_e2e::nats::NatsServer::start();
            let store = floorbook_store_nats::NatsStore::connect(
                &server.url(),
                floorbook_store_nats::NatsOptions::default(),
            )
            .await
            .expect("store");
            $body(store).await;
        }
    };
}

/// `floorbook simulate` of `players` bots under `profile` into `data`; its JSON summary.
pub fn simulate_into(data: &str, profile: &str, players: &str) -> Value {
    ok_json(&floorbook(&[
        "simulate",
        "--profile",
        profile,
        "--players",
        players,
        "--data",
        data,
        "--json",
    ]))
}

/// `floorbook web` with `args` on a free port: the process (standard error left to the
/// caller's choice in `stderr`) and the address it took (`127.0.0.1:PORT`).
pub fn web_server(args: &[&str], stderr: std::process::Stdio) -> (std::process::Child, String) {
    use std::io::BufRead as _;
    let mut web = Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args(["web", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("floorbook web");
    let mut line = String::new();
    std::io::BufReader::new(web.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the address line");
    let addr = line
        .trim()
        .trim_start_matches("floorbook web: http://")
        .trim_end_matches('/')
        .to_string();
    (web, addr)
}

/// A witness process on a free port: `witness serve` witnessing the log `vkey`, its folder
/// `dir`. Returns the process, its `URL=VKEY` and its verifier key.
pub fn spawn_witness(
    dir: &std::path::Path,
    name: &str,
    vkey: &str,
) -> (std::process::Child, String) {
    let w = dir.to_str().expect("utf-8");
    let wkey = floorbook(&["witness", "key", "--dir", w, "--name", name]);
    assert!(
        wkey.status.success(),
        "{}",
        String::from_utf8_lossy(&wkey.stderr)
    );
    let wkey = String::from_utf8_lossy(&wkey.stdout).trim().to_string();
    let listen = format!("127.0.0.1:{}", floorbook_e2e::nats::free_port());
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_floorbook"))
        .args([
            "witness", "serve", "--dir", w, "--name", name, "--log", vkey, "--listen", &listen,
        ])
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the witness starts");
    (child, format!("http://{listen}={wkey}"))
}
