//! The page in a real browser: headless Chromium driven through
//! chromedriver (WebDriver) by fantoccini. A person's session, step by
//! step: type a position and see its value, click a winning move, step
//! through a mex computation, read a table's period, play a whole game
//! and lose to the engine, tabulate a game written in the Script panel,
//! switch to Chinese, open a shared link, place a Cram domino by clicking
//! the board and see the engine's reply on it, ask for a hint and see its
//! cells marked on a Cram and a Chomp board, and see the cells of an
//! engine's Chomp bite drawn where they were.
//!
//! Screenshots of the panels are written to `target/web-screenshots/`, or
//! to `docs/web/` (the pictures in docs/WEB.md) when
//! `GRUNDY_UPDATE_SCREENSHOTS` is set. Without Chromium and chromedriver
//! (Debian's `chromium` and `chromium-driver`) the test says so on stderr
//! and passes, unless `CI` is set: CI must run it.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::json;

use super::server::Server;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// chromedriver on a free port, stopped when dropped.
struct Driver {
    child: Child,
    port: u16,
    profile: PathBuf,
}

impl Driver {
    fn start() -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let deadline = Instant::now() + Duration::from_secs(30);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(100));
        }
        // One profile per session: the tests of one binary run at once.
        let profile = std::env::temp_dir().join(format!(
            "grundy-browser-profile-{}-{port}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&profile);
        Driver {
            child,
            port,
            profile,
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

fn screenshot_dir() -> PathBuf {
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let dir = if std::env::var_os("GRUNDY_UPDATE_SCREENSHOTS").is_some() {
        repo.join("docs/web")
    } else {
        repo.join("target/web-screenshots")
    };
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn a_person_uses_the_page_in_chromium() {
    in_chromium("1200,900", |c, server| Box::pin(steps(c, server)));
}

/// The Table panel under misère play: 0.75's quotient (Plambeck's R8,
/// order 8 with two P elements), its Φ row and multiplication table with
/// the elements of P marked where the report puts them; a link keeps the
/// view, and unticking returns to the values.
#[test]
fn the_table_panel_shows_a_misere_quotient() {
    in_chromium("1200,900", |c, server| Box::pin(quotient_view(c, server)));
}

async fn quotient_view(c: &Client, server: &Server) -> Step {
    let e = |e: fantoccini::error::CmdError| e.to_string();
    c.goto(&format!("{}/#lang=en&panel=table", server.url()))
        .await
        .map_err(e)?;
    ready(c).await?;
    type_into(c, "#table-input", "octal[0.75]").await?;
    type_into(c, "#table-to", "20").await?;
    click(c, "#table-misere").await?;
    wait_text(c, "#quotient-summary", |t| {
        t.starts_with("Misère quotient of the heaps 0..20: order |Q| = 8, |P| = 2; wild")
    })
    .await?;
    let (_, q) = server.post(
        "/api/quotient",
        &json!({"family": "octal[0.75]", "to": "20"}),
    );
    let in_p = |e: &serde_json::Value| q["p_positions"].as_array().is_some_and(|p| p.contains(e));
    let p_names: Vec<&str> = q["p_positions"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|e| q["elements"][e.as_u64().unwrap_or_default() as usize].as_str())
        .collect();
    wait_text(c, "#quotient-p", |t| t == p_names.join(", ")).await?;
    // P marked in the Φ row, the table's headers and its products.
    let phi_p = q["phi"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| in_p(e))
        .count();
    let products_p = q["table"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row.as_array().into_iter().flatten())
        .filter(|e| in_p(e))
        .count();
    for (css, want) in [
        ("#quotient-phi .grid .cell", 21),
        ("#quotient-phi .grid .cell.p", phi_p),
        ("#quotient-table th.p", 2 * p_names.len()),
        ("#quotient-table td", 64),
        ("#quotient-table td.p", products_p),
    ] {
        wait_count(c, css, want).await?;
    }
    if phi_p == 0 || products_p == 0 {
        return Err(format!("R8 has P elements in its Φ row and table: {q}"));
    }
    shot(c, "table-quotient").await?;

    // The link keeps the misère view; unticking shows the values again.
    let shared = c.current_url().await.map_err(e)?;
    c.goto("about:blank").await.map_err(e)?;
    c.goto(shared.as_str()).await.map_err(e)?;
    ready(c).await?;
    wait_text(c, "#quotient-summary", |t| t.contains("|Q| = 8")).await?;
    click(c, "#table-misere").await?;
    wait_count(c, "#table-values .grid .cell", 21).await?;
    if c.find(Locator::Css("#table-quotient"))
        .await
        .map_err(e)?
        .is_displayed()
        .await
        .map_err(e)?
    {
        return Err("the quotient is still shown under normal play".into());
    }
    Ok(())
}

/// A session's steps: run with the browser and the server, they say what
/// went wrong, if anything.
pub type Session = for<'a> fn(
    &'a Client,
    &'a Server,
) -> std::pin::Pin<Box<dyn std::future::Future<Output = Step> + 'a>>;

/// Runs `session` in headless Chromium with a window of `size`
/// (`"WIDTH,HEIGHT"`) against a fresh server, and fails the test if it
/// fails. Without Chromium the test says so and passes, except in CI.
pub fn in_chromium(size: &str, session: Session) {
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER]
        .into_iter()
        .filter(|p| !Path::new(p).exists())
        .collect();
    if !missing.is_empty() {
        let why = format!(
            "the browser test was NOT run: {} missing (apt-get install chromium chromium-driver)",
            missing.join(" and ")
        );
        assert!(std::env::var_os("CI").is_none(), "{why}");
        eprintln!("{why}");
        return;
    }
    let server = Server::start(&[]);
    let driver = Driver::start();
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(run(&server, &driver, size, session));
}

async fn run(server: &Server, driver: &Driver, size: &str, session: Session) {
    let mut caps = serde_json::Map::new();
    let mut options = json!({
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync",
                format!("--window-size={size}"), "--lang=en-US",
                format!("--user-data-dir={}", driver.profile.display()),
            ],
    });
    // A window narrower than Chromium's least (500 px) is a phone's
    // screen, emulated.
    let (width, height) = size.split_once(',').unwrap_or((size, "900"));
    let (width, height): (u32, u32) = (width.parse().unwrap(), height.parse().unwrap());
    if width < 500 {
        options["mobileEmulation"] = json!({
            "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0 }
        });
    }
    caps.insert("goog:chromeOptions".into(), options);
    let connector = hyper_util::client::legacy::connect::HttpConnector::new();
    let c = ClientBuilder::new(connector)
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{}", driver.port))
        .await
        .expect("a Chromium session through chromedriver");
    let result = session(&c, server).await;
    let _ = c.close().await;
    if let Err(e) = result {
        panic!("{e}");
    }
}

pub type Step = Result<(), String>;

/// Polls `css`'s text until `ok` holds (20 s at most).
pub async fn wait_text(c: &Client, css: &str, ok: impl Fn(&str) -> bool) -> Result<String, String> {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut last = String::new();
    while Instant::now() < deadline {
        if let Ok(el) = c.find(Locator::Css(css)).await
            && let Ok(text) = el.text().await
        {
            if ok(&text) {
                return Ok(text);
            }
            last = text;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!(
        "`{css}` never showed what was expected; last text: {last:?}"
    ))
}

pub async fn click(c: &Client, css: &str) -> Step {
    c.find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?
        .click()
        .await
        .map_err(|e| format!("click {css}: {e}"))
}

pub async fn type_into(c: &Client, css: &str, text: &str) -> Step {
    let el = c
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?;
    el.clear().await.map_err(|e| e.to_string())?;
    el.send_keys(text).await.map_err(|e| e.to_string())
}

pub async fn attr(c: &Client, css: &str, name: &str) -> Result<String, String> {
    let el = c
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?;
    Ok(el
        .attr(name)
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default())
}

/// The property `name` (such as a text field's `value`) of the element
/// matching `css`.
pub async fn prop(c: &Client, css: &str, name: &str) -> Result<String, String> {
    let el = c
        .find(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?;
    Ok(el
        .prop(name)
        .await
        .map_err(|e| e.to_string())?
        .unwrap_or_default())
}

/// How many elements match `css`.
pub async fn count(c: &Client, css: &str) -> Result<usize, String> {
    let found = c
        .find_all(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?;
    Ok(found.len())
}

pub async fn shot(c: &Client, name: &str) -> Step {
    let png = c.screenshot().await.map_err(|e| e.to_string())?;
    std::fs::write(screenshot_dir().join(format!("{name}.png")), png).map_err(|e| e.to_string())
}

pub async fn ready(c: &Client) -> Step {
    wait_text(c, "body", |_| true).await?;
    let deadline = Instant::now() + Duration::from_secs(20);
    while Instant::now() < deadline {
        if attr(c, "body", "data-ready").await.as_deref() == Ok("yes") {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err("the page never finished loading".into())
}

async fn steps(c: &Client, server: &Server) -> Step {
    let e = |e: fantoccini::error::CmdError| e.to_string();
    c.goto(&format!("{}/", server.url())).await.map_err(e)?;
    ready(c).await?;

    // Position: type a sum and see its value, outcome and reason.
    type_into(c, "#position-input", "sub{1,3,4}(9) + nim(2)").await?;
    click(c, "#position-go").await?;
    wait_text(c, "#position-value", |t| t == "*2").await?;
    wait_text(c, "#position-outcome", |t| {
        t == "first player wins (N-position)"
    })
    .await?;
    wait_text(c, "#position-reason", |t| t.contains("nim-sum")).await?;
    shot(c, "position").await?;

    // Click a winning move: the page analyses the position it leads to,
    // which the opponent loses.
    let first = attr(c, "#position-moves a.move", "data-position").await?;
    click(c, "#position-moves a.move").await?;
    wait_text(c, "#position-value", |t| t == "0").await?;
    wait_text(c, "#position-outcome", |t| t.contains("P-position")).await?;
    let typed = prop(c, "#position-input", "value").await?;
    if typed != first {
        return Err(format!(
            "the move {first} was clicked but the page shows {typed}"
        ));
    }
    // Its link, opened afresh, shows the same.
    let shared = c.current_url().await.map_err(e)?;
    c.goto("about:blank").await.map_err(e)?;
    c.goto(shared.as_str()).await.map_err(e)?;
    ready(c).await?;
    wait_text(c, "#position-value", |t| t == "0").await?;

    // Graph: the mex computation, step by step from the terminal
    // positions up. sub{1,3,4}: G(0..7) = 0 1 0 1 2 3 2 0.
    click(c, "#tabs button[data-panel=graph]").await?;
    type_into(c, "#graph-input", "sub{1,3,4}(7)").await?;
    click(c, "#graph-go").await?;
    wait_text(c, "#graph-counter", |t| t == "step 0 of 8").await?;
    click(c, "#graph-next").await?;
    wait_text(c, "#graph-step", |t| t.starts_with("G(0) = mex{ } = 0")).await?;
    for _ in 0..4 {
        click(c, "#graph-next").await?;
    }
    wait_text(c, "#graph-step", |t| {
        t == "G(4) = mex{G(3), G(1), G(0)} = mex{0, *1} = *2"
    })
    .await?;
    shot(c, "graph").await?;
    click(c, "#graph-all").await?;
    wait_text(c, "#graph-step", |t| {
        t.starts_with("G(7) = mex{G(6), G(4), G(3)} = mex{*1, *2} = 0")
            && t.contains("second player wins")
    })
    .await?;
    click(c, "#graph-prev").await?;
    wait_text(c, "#graph-counter", |t| t == "step 7 of 8").await?;
    let p_nodes = count(c, "#graph-picture .node.p").await?;
    // Known so far: every node but 7; the P-positions among them are 0 and 2.
    if p_nodes != 2 {
        return Err(format!(
            "{p_nodes} P-positions marked after 7 steps, expected 2"
        ));
    }

    // Table: the period, marked, and the library's plot.
    click(c, "#tabs button[data-panel=table]").await?;
    type_into(c, "#table-input", "sub{2,5,6}").await?;
    type_into(c, "#table-to", "60").await?;
    click(c, "#table-go").await?;
    wait_text(c, "#table-period", |t| {
        t.starts_with("Period 11, pre-period 0")
    })
    .await?;
    let marked = count(c, "#table-values .grid .cell.first-period").await?;
    if marked != 11 {
        return Err(format!(
            "{marked} cells marked as the first period, expected 11"
        ));
    }
    c.find(Locator::Css("#table-plot svg")).await.map_err(e)?;
    shot(c, "table").await?;

    // Play: nim(1,2,3) is a P-position, so moving first against perfect
    // play loses. A hint shows no winning move; undo takes a move back.
    click(c, "#tabs button[data-panel=play]").await?;
    new_game(c, "nim(1,2,3)").await?;
    click(c, "#play-hint").await?;
    wait_text(c, "#play-why", |t| {
        t.starts_with("Hint: ") && t.contains("= 0")
    })
    .await?;
    let hinted = count(c, "#play-moves .hinted").await?;
    if hinted != 0 {
        return Err(format!("{hinted} winning moves hinted in a P-position"));
    }
    click(c, "#play-moves button").await?;
    wait_text(c, "#play-log", |t| t.lines().count() == 2).await?;
    click(c, "#play-undo").await?;
    wait_text(c, "#play-status", |t| t == "Your turn: nim(1,2,3)").await?;
    let mut moves = 0;
    loop {
        let status = wait_text(c, "#play-status", |t| {
            t.starts_with("Your turn") || t.starts_with("You lost") || t.starts_with("You won")
        })
        .await?;
        if status.starts_with("You lost") {
            break;
        }
        if status.starts_with("You won") || moves > 12 {
            return Err(format!("the engine did not win: {status}"));
        }
        let before = c
            .find(Locator::Css("#play-log"))
            .await
            .map_err(e)?
            .text()
            .await
            .map_err(e)?;
        click(c, "#play-moves button").await?;
        moves += 1;
        // Wait for the engine's reply (or the end) before the next move.
        wait_text(c, "#play-log", |t| t != before).await?;
        wait_text(c, "#play-status", |t| !t.starts_with("The engine")).await?;
    }
    shot(c, "play").await?;

    // Script: the preloaded example (sub{1,3,4} written in Rhai), saved
    // under a name of our choosing; its table is computed by the server
    // from the text the page sends, and has the period of sub{1,3,4}.
    click(c, "#tabs button[data-panel=script]").await?;
    wait_text(c, "#script-text", |_| true).await?;
    let text = prop(c, "#script-text", "value").await?;
    if !text.contains("fn moves(n)") {
        return Err(format!("the first example is not preloaded: {text:?}"));
    }
    type_into(c, "#script-name", "mine.rhai").await?;
    click(c, "#script-save").await?;
    wait_text(c, "#script-status", |t| t.contains("script[mine.rhai]")).await?;
    shot(c, "script").await?;
    click(c, "#script-table").await?;
    wait_text(c, "#table-period", |t| {
        t.starts_with("Period 7, pre-period 0") && t.contains("not proven")
    })
    .await?;
    // Back to the finished game for the language switch.
    click(c, "#tabs button[data-panel=play]").await?;

    // Chinese: the switch translates the page, the game's result included.
    click(c, "#lang-zh").await?;
    wait_text(c, "#tabs button[data-panel=position]", |t| t == "局面").await?;
    wait_text(c, "#play-status", |t| t.starts_with("你输了")).await?;
    shot(c, "play-zh").await?;

    // A shared link: the graph at step 3, in Chinese.
    let link = format!(
        "{}/#lang=zh&panel=graph&g={}&gs=3",
        server.url(),
        "sub%7B1%2C3%2C4%7D(7)"
    );
    c.goto("about:blank").await.map_err(e)?;
    c.goto(&link).await.map_err(e)?;
    ready(c).await?;
    wait_text(c, "#graph-counter", |t| t == "第 3 步，共 8 步").await?;
    wait_text(c, "#graph-step", |t| {
        t.starts_with("G(2) = mex{G(1)} = mex{*1} = 0")
    })
    .await?;
    shot(c, "graph-zh").await?;

    board_games(c, server).await
}

/// Polls until `css` matches `n` elements (20 s at most).
pub async fn wait_count(c: &Client, css: &str, n: usize) -> Step {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut last = 0;
    while Instant::now() < deadline {
        last = count(c, css).await?;
        if last == n {
            return Ok(());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    Err(format!("`{css}` matched {last} elements, expected {n}"))
}

/// Board games on the Play panel: Cram drawn as a board, a domino placed
/// by clicking two cells, the engine's reply on the board and marked;
/// a Node Kayles vertex taken by one click; Hint marking a winning
/// domino's cells; an engine's Chomp bite drawn where its cells were.
async fn board_games(c: &Client, server: &Server) -> Step {
    let e = |e: fantoccini::error::CmdError| e.to_string();
    c.goto("about:blank").await.map_err(e)?;
    c.goto(&format!("{}/#lang=en&panel=play", server.url()))
        .await
        .map_err(e)?;
    ready(c).await?;
    new_game(c, "cram(3x4)").await?;
    wait_count(c, "#play-board rect.spot.free", 12).await?;
    // The first cell is marked; the second, its neighbour, places the
    // domino.
    click(c, "#play-board rect[data-name=a1]").await?;
    wait_count(c, "#play-board .spot.selected", 1).await?;
    click(c, "#play-board rect[data-name=b1]").await?;
    let log = wait_text(c, "#play-log", |t| t.lines().count() == 2).await?;
    let lines: Vec<&str> = log.lines().collect();
    if lines[0] != "You: cram(3x4) → cram(3x4,a1,b1)" {
        return Err(format!("the clicked domino was not played: {log:?}"));
    }
    if !lines[1].starts_with("Engine: cram(3x4,a1,b1) → cram(3x4,") {
        return Err(format!("no engine reply on the board: {log:?}"));
    }
    // cram(3x4) is an N-position, so the engine's reply leaves a
    // P-position; both dominoes are on the board, the engine's in red.
    let status = wait_text(c, "#play-status", |t| {
        t.starts_with("Your turn: cram(3x4,") || t.starts_with("You lost")
    })
    .await?;
    wait_count(c, "#play-board rect.spot.taken", 4).await?;
    wait_count(c, "#play-board rect.spot.engine", 2).await?;
    for name in ["a1", "b1"] {
        let class = attr(c, &format!("#play-board rect[data-name={name}]"), "class").await?;
        if !class.contains("taken") || class.contains("engine") {
            return Err(format!(
                "{name} should be covered by the player's domino: {class}"
            ));
        }
    }
    let after = lines[1].rsplit(" → ").next().unwrap_or_default();
    let (_, v) = server.post("/api/value", &json!({ "position": after }));
    if v["verdict"] != "P" {
        return Err(format!(
            "the engine's reply {after} is not a P-position: {v} ({status})"
        ));
    }
    shot(c, "play-cram").await?;

    // Node Kayles on a path: one click takes vertex 3 with 2 and 4.
    new_game(c, "nodekayles(path,5)").await?;
    wait_count(c, "#play-board circle.spot.free", 5).await?;
    click(c, "#play-board circle[data-name='3']").await?;
    let log = wait_text(c, "#play-log", |t| t.lines().count() == 2).await?;
    if !log.starts_with("You: nodekayles(path,5) → nodekayles(path,5,2,3,4)") {
        return Err(format!("the clicked vertex was not taken: {log:?}"));
    }
    hint_on_cram(c, server).await?;
    engine_bites_chomp(c, server).await
}

/// Starts a new game of `position` (whoever the page has moving first
/// must be the player) and waits for the player's turn.
pub async fn new_game(c: &Client, position: &str) -> Step {
    type_into(c, "#play-input", position).await?;
    click(c, "#play-new").await?;
    wait_text(c, "#play-status", |t| t == format!("Your turn: {position}")).await?;
    Ok(())
}

/// Names of the elements matching `css`, from their `data-name`.
async fn names(c: &Client, css: &str) -> Result<Vec<String>, String> {
    let mut names = Vec::new();
    for el in c
        .find_all(Locator::Css(css))
        .await
        .map_err(|e| format!("{css}: {e}"))?
    {
        names.push(
            el.attr("data-name")
                .await
                .map_err(|e| e.to_string())?
                .unwrap_or_default(),
        );
    }
    names.sort();
    Ok(names)
}

/// cram(2x3) is an N-position: Hint marks two free neighbouring cells in
/// green, not the engine's red, and the domino on them leaves a
/// P-position.
async fn hint_on_cram(c: &Client, server: &Server) -> Step {
    new_game(c, "cram(2x3)").await?;
    wait_count(c, "#play-board rect.spot.free", 6).await?;
    click(c, "#play-hint").await?;
    wait_count(c, "#play-board rect.spot.hint", 2).await?;
    let why = wait_text(c, "#play-why", |t| {
        t.contains("; a winning move: cram(2x3) → ")
    })
    .await?;
    let cells = names(c, "#play-board rect.spot.hint").await?;
    if count(c, "#play-board rect.spot.hint.engine").await? != 0 {
        return Err("a hinted cell is marked as the engine's".into());
    }
    let hinted = c
        .find(Locator::Css("#play-board rect.spot.hint"))
        .await
        .map_err(|e| e.to_string())?;
    let fill = hinted.css_value("fill").await.map_err(|e| e.to_string())?;
    // The engine's red (#c0392b) is kept for its moves.
    if fill == "rgb(192, 57, 43)" {
        return Err(format!(
            "the hinted cells are drawn in the engine's red: {fill}"
        ));
    }
    let after = format!("cram(2x3,{})", cells.join(","));
    let (_, v) = server.post("/api/value", &json!({ "position": after }));
    if v["verdict"] != "P" {
        return Err(format!(
            "the hinted cells {cells:?} give {after}, not a P-position: {v} ({why})"
        ));
    }
    if !why.contains(&format!("→ {}", v["position"].as_str().unwrap_or_default())) {
        return Err(format!("the hint names another move than {after}: {why}"));
    }
    shot(c, "play-hint").await
}

/// The names, rows and columns of the cells of the first board
/// `/api/board` answered.
fn cells(board: &serde_json::Value) -> Vec<(String, u64, u64)> {
    let spots = board["boards"][0]["layout"]["spots"].as_array();
    spots
        .into_iter()
        .flatten()
        .map(|s| {
            let n = |k: &str| s[k].as_u64().unwrap_or_default();
            let name = s["name"].as_str().unwrap_or_default().to_string();
            (name, n("row"), n("column"))
        })
        .collect()
}

/// On chomp(3x4), Hint marks the corner of a winning bite and the cells
/// it removes (every cell below and to the right of the corner). Then the
/// engine moves first: the cells its bite removed are drawn in red where
/// they were (the corner it bit filled), exactly the cells of the bar that
/// the position after the bite no longer has.
async fn engine_bites_chomp(c: &Client, server: &Server) -> Step {
    let (_, bar) = server.post("/api/board", &json!({ "position": "chomp(3x4)" }));
    let bar = cells(&bar);

    new_game(c, "chomp(3x4)").await?;
    click(c, "#play-hint").await?;
    wait_count(c, "#play-board rect.spot.hint", 1).await?;
    let corner = names(c, "#play-board rect.spot.hint").await?;
    let (_, r0, c0) = bar
        .iter()
        .find(|s| s.0 == corner[0])
        .cloned()
        .ok_or_else(|| format!("no cell {corner:?} in chomp(3x4)"))?;
    let mut rest: Vec<String> = bar
        .iter()
        .filter(|s| s.1 >= r0 && s.2 >= c0 && s.0 != corner[0])
        .map(|s| s.0.clone())
        .collect();
    rest.sort();
    let marked = names(c, "#play-board rect.spot.hint-removes").await?;
    if marked != rest {
        return Err(format!(
            "the hinted bite at {corner:?} marks {marked:?} as removed, not {rest:?}"
        ));
    }

    c.find(Locator::Css("#play-first"))
        .await
        .map_err(|e| e.to_string())?
        .select_by_value("engine")
        .await
        .map_err(|e| e.to_string())?;
    click(c, "#play-new").await?;
    let log = wait_text(c, "#play-log", |t| t.lines().count() == 1).await?;
    let after = log
        .strip_prefix("Engine: chomp(3x4) → ")
        .ok_or_else(|| format!("no engine move on chomp(3x4): {log:?}"))?
        .to_string();
    wait_text(c, "#play-status", |t| t.starts_with("Your turn: ")).await?;
    let (_, left) = server.post("/api/board", &json!({ "position": after }));
    let left = cells(&left);
    let mut expected: Vec<String> = bar
        .into_iter()
        .filter(|s| !left.iter().any(|l| l.0 == s.0))
        .map(|s| s.0)
        .collect();
    expected.sort();
    wait_count(c, "#play-board rect.spot.bitten", expected.len()).await?;
    let drawn = names(c, "#play-board rect.spot.bitten").await?;
    if drawn != expected {
        return Err(format!(
            "the bite to {after} drew {drawn:?}, not the cells it removed {expected:?}"
        ));
    }
    let corner = names(c, "#play-board rect.spot.bitten.engine").await?;
    if corner.len() != 1 {
        return Err(format!("the bitten corner should be one cell: {corner:?}"));
    }
    let fill = c
        .find(Locator::Css("#play-board rect.spot.bitten.engine"))
        .await
        .map_err(|e| e.to_string())?
        .css_value("fill")
        .await
        .map_err(|e| e.to_string())?;
    if fill != "rgb(192, 57, 43)" {
        return Err(format!("the bitten corner is not drawn in red: {fill}"));
    }
    shot(c, "play-chomp").await
}
