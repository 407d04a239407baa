//! The page's files, compiled into the binary: no build step, no CDN, and
//! the page works offline.

use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

const INDEX: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const LESSONS: &str = include_str!("assets/learn.js");
const ICON: &str = include_str!("assets/favicon.svg");
const STYLE: &str = include_str!("assets/style.css");

/// The example scripts of the repository, offered in the Script panel.
const EXAMPLES: &[(&str, &str)] = &[
    (
        "subtraction.rhai",
        include_str!("../../../../examples/scripts/subtraction.rhai"),
    ),
    (
        "takeall.rhai",
        include_str!("../../../../examples/scripts/takeall.rhai"),
    ),
    (
        "kayles.rhai",
        include_str!("../../../../examples/scripts/kayles.rhai"),
    ),
    (
        "grundy-game.rhai",
        include_str!("../../../../examples/scripts/grundy-game.rhai"),
    ),
];

fn file(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

pub async fn index() -> Response {
    file("text/html; charset=utf-8", INDEX)
}

pub async fn script() -> Response {
    file("text/javascript; charset=utf-8", SCRIPT)
}

pub async fn lessons() -> Response {
    file("text/javascript; charset=utf-8", LESSONS)
}

/// The tab's icon: an SVG, which browsers take from `/favicon.ico` as
/// well as from the page's `<link rel="icon">`.
pub async fn icon() -> Response {
    file("image/svg+xml", ICON)
}

pub async fn style() -> Response {
    file("text/css; charset=utf-8", STYLE)
}

pub async fn examples() -> Response {
    let list: Vec<serde_json::Value> = EXAMPLES
        .iter()
        .map(|(name, text)| serde_json::json!({ "name": name, "text": text }))
        .collect();
    axum::Json(list).into_response()
}

pub async fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "not found\n").into_response()
}
