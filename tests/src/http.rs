//! Plain HTTP/1.1 for the tests (one request a connection, `Connection: close`): what a
//! monitor, a witness's client or a curl would send, without a client library between the
//! test and the server's bytes.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

/// A server's answer.
#[derive(Debug, Clone)]
pub struct Reply {
    pub status: u16,
    head: String,
    pub body: Vec<u8>,
}

impl Reply {
    /// The value of header `name` (any case), if sent.
    pub fn header(&self, name: &str) -> Option<String> {
        let name = name.to_ascii_lowercase();
        self.head.lines().skip(1).find_map(|l| {
            let (k, v) = l.split_once(':')?;
            (k.trim().to_ascii_lowercase() == name).then(|| v.trim().to_string())
        })
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

/// Sends `method` to `url` (`http://host:port/path`) with `body`, waiting up to 20 s for the
/// server to listen. Panics, saying why, when there is no answer: a test's failure.
pub fn request(method: &str, url: &str, body: &[u8]) -> Reply {
    let rest = url.strip_prefix("http://").expect("an http URL");
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut s = loop {
        match std::net::TcpStream::connect(host) {
            Ok(s) => break s,
            Err(e) => {
                assert!(Instant::now() < deadline, "{host} never listened: {e}");
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    };
    let head = format!(
        "{method} /{path} HTTP/1.1\r\nHost: {host}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write");
    s.write_all(body).expect("write");
    let mut out = Vec::new();
    s.read_to_end(&mut out).expect("read");
    let at = out
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a response");
    let head = String::from_utf8_lossy(&out[..at]).to_string();
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .expect("a status");
    let reply = Reply {
        status,
        head,
        body: out[at + 4..].to_vec(),
    };
    assert!(
        !reply
            .header("transfer-encoding")
            .is_some_and(|v| v.contains("chunked")),
        "a chunked answer: this helper reads only whole bodies"
    );
    reply
}

pub fn get(url: &str) -> Reply {
    request("GET", url, b"")
}

pub fn post(url: &str, body: &[u8]) -> Reply {
    request("POST", url, body)
}
