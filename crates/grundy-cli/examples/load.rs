//! A bounded load test of `grundy serve` on loopback: many clients send a
//! mix of good requests and bad ones (malformed, oversized, asking for a
//! server file) for a fixed time, then it prints the counts, the latency
//! percentiles of the good requests and the throughput.
//!
//! ```text
//! grundy serve --addr 127.0.0.1:8080 &
//! cargo run --release -p grundy-cli --example load -- 127.0.0.1:8080 200 20
//! ```
//!
//! Arguments: the server's address (loopback only), the number of
//! clients, the seconds to run. Each client opens one connection per
//! request. Client 0 sends only a runaway request (two heaps of 10^6 - 1
//! with no known period, which the time limit refuses with a 422), so the
//! figures show the
//! others being answered meanwhile. It stops by itself, and exits 1 if a
//! good request failed or a bad one was not refused with a 4xx.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

/// A request and what it should get.
struct Case {
    name: &'static str,
    path: &'static str,
    body: String,
    /// Whether a 200 is expected (else a 4xx).
    good: bool,
}

fn cases() -> Vec<Case> {
    let good = |name, path, body: &str| Case {
        name,
        path,
        body: body.to_string(),
        good: true,
    };
    let bad = |name, path, body: String| Case {
        name,
        path,
        body,
        good: false,
    };
    vec![
        good("value", "/api/value", r#"{"position":"nim(3,5,7)"}"#),
        good(
            "value-sum",
            "/api/value",
            r#"{"position":"sub{1,3,4}(9) + nim(2)"}"#,
        ),
        good(
            "value-misere",
            "/api/value",
            r#"{"position":"misere(nim(3,5,1))"}"#,
        ),
        good("moves", "/api/moves", r#"{"position":"wythoff(3,5)"}"#),
        good("graph", "/api/graph", r#"{"position":"sub{1,3,4}(7)"}"#),
        good(
            "table",
            "/api/table",
            r#"{"family":"sub{2,5,6}","to":"60"}"#,
        ),
        good("play", "/api/play", r#"{"position":"kayles(9) + nim(3)"}"#),
        good(
            "quotient",
            "/api/quotient",
            r#"{"family":"kayles","to":"40"}"#,
        ),
        good(
            "value-quotient",
            "/api/value",
            r#"{"position":"misere(kayles(1000) + kayles(2001) + kayles(37))"}"#,
        ),
        bad("malformed", "/api/value", "{not json".to_string()),
        bad(
            "server-file",
            "/api/value",
            r#"{"position":"graph[/etc/passwd](0)"}"#.to_string(),
        ),
        bad(
            "runaway",
            "/api/value",
            r#"{"position":"grundy-game(999999) + octal[0.6](999999)"}"#.to_string(),
        ),
        bad(
            "oversized",
            "/api/value",
            format!(
                r#"{{"position":"nim(1)","files":{{"a":"{}"}}}}"#,
                "x".repeat(300 << 10)
            ),
        ),
    ]
}

/// Sends one request; the status, or 0 when the connection failed.
fn send(addr: SocketAddr, case: &Case) -> u16 {
    let Ok(mut stream) = TcpStream::connect_timeout(&addr, Duration::from_secs(10)) else {
        return 0;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(30)));
    let request = format!(
        "POST {} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        case.path,
        case.body.len()
    );
    if stream.write_all(request.as_bytes()).is_err() {
        return 0;
    }
    // An oversized body may be refused before it is all sent: the answer
    // still comes.
    let _ = stream.write_all(case.body.as_bytes());
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let head = String::from_utf8_lossy(&answer[..answer.len().min(32)]).to_string();
    head.split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let addr: SocketAddr = args
        .first()
        .map_or("127.0.0.1:8080", String::as_str)
        .parse()
        .expect("an address such as 127.0.0.1:8080");
    assert!(
        addr.ip().is_loopback(),
        "the load test only targets loopback"
    );
    let clients: usize = args.get(1).map_or(200, |a| a.parse().expect("clients"));
    let seconds: u64 = args.get(2).map_or(20, |a| a.parse().expect("seconds"));
    let cases = std::sync::Arc::new(cases());
    let start = Instant::now();
    let end = start + Duration::from_secs(seconds);
    let threads: Vec<_> = (0..clients)
        .map(|c| {
            let cases = cases.clone();
            std::thread::spawn(move || {
                let mut results = Vec::new();
                let runaway = cases.iter().position(|c| c.name == "runaway").unwrap();
                // The runaway case is client 0's alone; the others cycle
                // through the rest.
                let others: Vec<usize> = (0..cases.len()).filter(|&k| k != runaway).collect();
                let mut i = c;
                while Instant::now() < end {
                    let k = if c == 0 {
                        runaway
                    } else {
                        others[i % others.len()]
                    };
                    let t = Instant::now();
                    let status = send(addr, &cases[k]);
                    results.push((k, status, t.elapsed()));
                    i += 1;
                }
                results
            })
        })
        .collect();
    let results: Vec<_> = threads
        .into_iter()
        .flat_map(|t| t.join().unwrap())
        .collect();
    let elapsed = start.elapsed().as_secs_f64();
    let mut good = Vec::new();
    let (mut failures, mut bad, mut unrefused, mut runaways) = (0, 0, 0, 0);
    for &(case, status, latency) in &results {
        if cases[case].good {
            if status == 200 {
                good.push(latency);
            } else {
                failures += 1;
                if failures <= 5 {
                    eprintln!("{}: status {status}", cases[case].name);
                }
            }
        } else {
            bad += 1;
            runaways += usize::from(cases[case].name == "runaway");
            if !(400..500).contains(&status) {
                unrefused += 1;
                if unrefused <= 5 {
                    eprintln!("{}: status {status}, not a 4xx", cases[case].name);
                }
            }
        }
    }
    good.sort();
    let pct = |p: f64| {
        good.get(((good.len() as f64 * p) as usize).min(good.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "{clients} clients, {elapsed:.1} s: {} requests ({:.0}/s); good: {} answered, {failures} failed; \
         p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; bad: {bad} ({runaways} runaway), {unrefused} not refused with a 4xx",
        results.len(),
        results.len() as f64 / elapsed,
        good.len(),
        pct(0.50),
        pct(0.99),
        good.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
    );
    if failures > 0 || unrefused > 0 {
        std::process::exit(1);
    }
}
