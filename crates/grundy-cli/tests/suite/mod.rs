//! Tests of the `grundy` binary, run as a user runs it.
//!
//! - `cli`: values, moves, tables and errors of the basic commands;
//! - `course`: the Learn panel, the faults a student's walk through the
//!   page found, and the Chinese page, in headless Chromium;
//! - `docs`: the transcripts of README.md and docs/*.md, run by trycmd;
//! - `misere`: misère play, the every-move rule and genus;
//! - `mpi`: sequence runs shared among processes by `mpirun`, with a binary
//!   built with the `mpi` feature that `.ci/run` prepares;
//! - `multi`: splitting games and games with cycles;
//! - `nimbers_coins_hackenbush`: nimber arithmetic, coin-turning games and
//!   Hackenbush pictures;
//! - `pattern`: `grundy pattern` and `grundy plot`;
//! - `play`: whole games of `grundy play` through pipes;
//! - `python`: the Python package's pytest suite, in the virtual
//!   environment `.ci/run` prepares;
//! - `schema`: the JSON of the command line and the web API against
//!   `docs/schema/*.json`, for the conformance suite's positions;
//! - `script`: scripted games and `--script`;
//! - `takebreak`: codes, periods, huge heaps, interrupted and resumed runs;
//! - `web`: `grundy serve` through HTTP (`server` starts it and speaks
//!   HTTP); `browser`: the page in headless Chromium.

mod browser;
mod cli;
mod common;
mod course;
mod docs;
mod misere;
mod mpi;
mod multi;
mod nimbers_coins_hackenbush;
mod pattern;
mod play;
mod python;
mod schema;
mod script;
mod server;
mod takebreak;
mod web;
