//! Helpers for the web tests: start `grundy serve` on a free loopback
//! port, and a small HTTP/1.1 client over a plain socket (which can also
//! send what no well-behaved client would).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// A running `grundy serve`, stopped when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
}

impl Server {
    /// Starts the server on port 0 (any free port) with `extra` flags and
    /// reads the address from the one line it logs.
    pub fn start(extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["serve", "--addr", "127.0.0.1:0"])
            .args(extra)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("grundy serve starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in the log line {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// `http://127.0.0.1:PORT`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// Sends raw bytes and returns the status and body of the answer.
    pub fn raw(&self, request: &[u8]) -> (u16, String) {
        let mut stream = TcpStream::connect(&self.addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(60)))
            .unwrap();
        stream.write_all(request).unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).unwrap();
        parse_response(&answer)
    }

    /// A request with an optional body; returns the status and body.
    pub fn send(&self, method: &str, path: &str, body: Option<&str>) -> (u16, String) {
        let body = body.unwrap_or("");
        let request = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.addr,
            body.len()
        );
        self.raw(request.as_bytes())
    }

    /// POSTs JSON and parses the JSON answer.
    pub fn post(&self, path: &str, body: &serde_json::Value) -> (u16, serde_json::Value) {
        let (status, text) = self.send("POST", path, Some(&body.to_string()));
        let json = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
        (status, json)
    }

    /// GETs a path and parses the JSON answer.
    pub fn get(&self, path: &str) -> (u16, serde_json::Value) {
        let (status, text) = self.send("GET", path, None);
        let json = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{path}: not JSON ({e}): {text}"));
        (status, json)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The status and body of an HTTP/1.1 response (plain or chunked).
fn parse_response(answer: &[u8]) -> (u16, String) {
    let text = String::from_utf8_lossy(answer);
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no end of headers in {text:?}"));
    let status: u16 = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status in {head:?}"));
    let chunked = head.lines().any(|l| {
        l.to_ascii_lowercase()
            .starts_with("transfer-encoding: chunked")
    });
    if !chunked {
        return (status, body.to_string());
    }
    let mut out = String::new();
    let mut rest = body;
    while let Some((size, after)) = rest.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&after[..n]);
        rest = &after[n + 2..];
    }
    (status, out)
}
