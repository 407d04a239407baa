//! What stands between a request and the engine: the per-request limits,
//! the cap on concurrent work, reading the request, and turning every
//! failure into a 4xx (or 503) with a JSON message.
//!
//! The engine's work is CPU-bound and may block for up to the time limit,
//! so it runs on tokio's blocking pool, never on the threads that accept
//! connections: a slow request holds one permit and one blocking thread,
//! and the rest are still answered.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use axum::Json;
use axum::body::Bytes;
use axum::extract::{FromRequest, Query, Request};
use axum::http::{Method, StatusCode};
use axum::response::{IntoResponse, Response};
use grundy::limits::{Deadline, Files, ScriptLimits};
use grundy::{ErrorKind, LimitKind, Limits};
use serde::Serialize;
use serde::de::DeserializeOwned;
use tokio::sync::Semaphore;

/// The bounds every request runs within: far below the command line's
/// defaults, because a server's work is asked for by others.
#[derive(Clone, Debug)]
pub struct Budget {
    /// Time for one request's computation, in milliseconds.
    pub millis: u64,
    /// Most positions a search may remember.
    pub max_positions: usize,
    /// Largest heap computed by filling a table.
    pub max_heap: u64,
    /// Most moves one component may list.
    pub max_moves: usize,
    /// Most operations of one call of a script function.
    pub script_ops: u64,
    /// Largest file (script, graph, picture) sent with a request, in bytes.
    pub max_file_bytes: u64,
    /// Most memory one table or search may take, in bytes.
    pub max_memory: u64,
    /// Largest request body, in bytes.
    pub max_body_bytes: usize,
    /// How long a request may wait for a free worker before it is told the
    /// server is busy.
    pub queue_wait: Duration,
}

impl Default for Budget {
    fn default() -> Budget {
        Budget {
            millis: 2000,
            max_positions: 200_000,
            max_heap: 1_000_000,
            max_moves: 10_000,
            script_ops: 1_000_000,
            max_file_bytes: 64 << 10,
            max_memory: 256 << 20,
            max_body_bytes: 256 << 10,
            queue_wait: Duration::from_secs(10),
        }
    }
}

/// What every handler shares.
pub struct Shared {
    /// The bounds of each request.
    pub budget: Budget,
    /// One permit per request computing at a time.
    pub permits: Arc<Semaphore>,
    /// Set when the server shuts down: running work stops.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Shared {
    /// The limits of one request, its deadline starting now, reading only
    /// the files the request sent.
    pub fn limits(&self, files: BTreeMap<String, String>) -> Limits {
        let b = &self.budget;
        Limits::default()
            .with_max_positions(b.max_positions)
            .with_max_heap(b.max_heap)
            .with_max_moves(b.max_moves)
            .with_script(ScriptLimits::default().with_max_operations(b.script_ops))
            .with_deadline(Some(Deadline::after_millis(b.millis)))
            .with_max_file_bytes(b.max_file_bytes)
            .with_max_memory(b.max_memory)
            .with_stop(self.stop.clone())
            // One request, one thread: the concurrency cap is the server's.
            .with_threads(1)
            .with_files(Files::Given(Arc::new(files)))
    }

    /// Runs `job` on the blocking pool once a permit is free, within the
    /// request's limits, and answers with its JSON or its error.
    pub async fn run<T, F>(self: &Arc<Self>, files: BTreeMap<String, String>, job: F) -> Response
    where
        T: Serialize + Send + 'static,
        F: FnOnce(&Limits) -> Result<T, ApiError> + Send + 'static,
    {
        let permit =
            tokio::time::timeout(self.budget.queue_wait, self.permits.clone().acquire_owned())
                .await;
        let Ok(Ok(permit)) = permit else {
            return ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is busy: every worker is computing; try again shortly",
            )
            .into_response();
        };
        let shared = Arc::clone(self);
        let work = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            // The deadline starts when the work does, not while queued.
            job(&shared.limits(files))
        });
        match work.await {
            Ok(Ok(value)) => Json(value).into_response(),
            Ok(Err(e)) => e.into_response(),
            // A panic is a bug in the engine; the server stays up and says so.
            Err(_) => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal error: the computation failed unexpectedly",
            )
            .into_response(),
        }
    }
}

/// A refused request: its status and a message for people, sent as
/// `{"error": "...", ...}`.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong.
    pub message: String,
    /// More fields for programs (the size of a graph too large to draw).
    pub extra: Option<serde_json::Value>,
}

impl ApiError {
    /// An error with this status and message.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            extra: None,
        }
    }

    /// A 400: the request itself is wrong.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl From<grundy::Error> for ApiError {
    fn from(e: grundy::Error) -> ApiError {
        match e.kind() {
            // The command line's message names the flag that raises the
            // limit; here the limit is the server's.
            ErrorKind::Limit { kind, what, limit } => {
                let message = match kind {
                    LimitKind::Time => format!(
                        "refused: the computation ran past this server's time limit of {limit} s"
                    ),
                    _ => format!(
                        "refused: the computation needs more than this server's limit of {limit} {what}"
                    ),
                };
                let mut refused = ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message);
                refused.extra = Some(serde_json::json!({
                    "kind": "limit",
                    "limit_kind": if matches!(kind, LimitKind::Time) { "time" } else { "size" },
                    "limit": limit,
                }));
                refused
            }
            ErrorKind::Interrupted => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "the server is shutting down",
            ),
            // Other messages may end by naming the command-line flag that
            // raises a limit (a script's operations): not the server's.
            _ => {
                let text = e.to_string();
                let message = match text.split_once("; raise the limit with --") {
                    Some((before, _)) => before.to_string(),
                    None => text,
                };
                let mut bad = ApiError::bad(message);
                bad.extra = error_fields(e.kind());
                bad
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::json!({ "error": self.message });
        if let (Some(serde_json::Value::Object(extra)), Some(map)) =
            (self.extra, body.as_object_mut())
        {
            map.extend(extra);
        }
        (self.status, Json(body)).into_response()
    }
}

/// The kind of a library error and its numbers, for a page that words
/// the message in its own language.
fn error_fields(kind: &ErrorKind) -> Option<serde_json::Value> {
    Some(match kind {
        ErrorKind::Parse { input, at, .. } => {
            serde_json::json!({ "kind": "parse", "input": input, "at": at })
        }
        ErrorKind::Invalid(_) => serde_json::json!({ "kind": "invalid" }),
        ErrorKind::Cycle { vertex } => serde_json::json!({ "kind": "cycle", "vertex": vertex }),
        ErrorKind::Script { file, line, .. } => {
            serde_json::json!({ "kind": "script", "file": file, "line": line })
        }
        _ => return None,
    })
}

/// A request's fields: from the query string of a GET, or the JSON body of
/// a POST (which alone can carry files).
pub struct Input<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for Input<T> {
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        if req.method() == Method::GET {
            return Query::<T>::try_from_uri(req.uri())
                .map(|Query(t)| Input(t))
                .map_err(|e| ApiError::bad(format!("bad query string: {}", e.body_text())));
        }
        if req.method() != Method::POST {
            return Err(ApiError::new(
                StatusCode::METHOD_NOT_ALLOWED,
                "use GET with a query string or POST with a JSON body",
            ));
        }
        let bytes = Bytes::from_request(req, state).await.map_err(|e| {
            let status = e.status();
            let message = if status == StatusCode::PAYLOAD_TOO_LARGE {
                "the request body is larger than this server accepts".to_string()
            } else {
                format!("could not read the request body: {}", e.body_text())
            };
            ApiError::new(status, message)
        })?;
        serde_json::from_slice(&bytes)
            .map(Input)
            .map_err(|e| ApiError::bad(format!("bad JSON body: {e}")))
    }
}
