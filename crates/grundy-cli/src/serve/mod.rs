//! `grundy serve`: the web playground. One page (HTML, CSS and a small
//! script, compiled into the binary) and the JSON API it calls.
//!
//! axum on tokio: the page and the API are a handful of routes, and axum
//! gives body limits and typed extraction without a framework's weight;
//! only HTTP/1 is built in. It binds to 127.0.0.1 unless told otherwise.

mod api;
mod assets;
mod guard;

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{any, get};
use clap::Args;
use grundy::{Error, Limits};
use tokio::sync::Semaphore;

use crate::out::Outcome;
use guard::{Budget, Shared};

/// Arguments of `grundy serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on; use 0.0.0.0:PORT to be reachable from other machines, port 0 for any free port.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Requests computing at the same time (default: twice the cores); others wait.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    workers: Option<u16>,
    /// Time one request may compute, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = Budget::default().millis)]
    request_time: u64,
}

pub fn serve(args: &ServeArgs, limits: &Limits, w: &mut impl std::io::Write) -> Outcome {
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let workers = args.workers.map_or(2 * cores, usize::from);
    let shared = Arc::new(Shared {
        budget: Budget {
            millis: args.request_time,
            ..Budget::default()
        },
        permits: Arc::new(Semaphore::new(workers)),
        stop: limits.run.stop.clone(),
    });
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores.clamp(1, 4))
        // Blocking threads run the engine; the permits bound how many
        // compute, a few more serve file-free waits.
        .max_blocking_threads(workers + 2)
        .enable_all()
        .build()
        .map_err(|e| Error::io("the server's runtime", e))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(args.addr)
            .await
            .map_err(|e| Error::io(args.addr, e))?;
        let local = listener
            .local_addr()
            .map_err(|e| Error::io(args.addr, e))?;
        writeln!(
            w,
            "grundy: serving http://{local}/ ({workers} workers, {} ms per request; Ctrl-C stops)",
            args.request_time
        )?;
        w.flush()?;
        let app = router(shared.clone());
        let stop = limits.run.stop.clone();
        let server = axum::serve(listener, app).with_graceful_shutdown(stopped(stop.clone()));
        tokio::select! {
            result = server => result.map_err(|e| Error::io(local, e))?,
            // Open keep-alive connections would hold a graceful shutdown
            // for ever: give them a moment, then leave.
            () = async { stopped(stop).await; tokio::time::sleep(Duration::from_secs(2)).await } => {}
        }
        Ok(())
    })
}

/// Resolves once Ctrl-C has set the stop flag (never without one).
async fn stopped(stop: Option<Arc<AtomicBool>>) {
    loop {
        if stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn router(shared: Arc<Shared>) -> Router {
    let body = shared.budget.max_body_bytes;
    Router::new()
        .route("/", get(assets::index))
        .route("/app.js", get(assets::script))
        .route("/learn.js", get(assets::lessons))
        .route("/favicon.ico", get(assets::icon))
        .route("/style.css", get(assets::style))
        .route("/examples.json", get(assets::examples))
        .route("/api/value", get(api::value).post(api::value))
        .route("/api/moves", get(api::moves).post(api::moves))
        .route("/api/graph", get(api::graph).post(api::graph))
        .route("/api/board", get(api::board).post(api::board))
        .route("/api/table", get(api::table).post(api::table))
        .route("/api/quotient", get(api::quotient).post(api::quotient))
        .route("/api/play", get(api::play).post(api::play))
        .route("/api/families", get(api::families))
        .route("/api/{*rest}", any(api::not_found))
        .fallback(assets::not_found)
        .layer(DefaultBodyLimit::max(body))
        .with_state(shared)
}
