//! The command-line tests, one binary (see `suite/`).

mod suite;
