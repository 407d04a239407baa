//! The integration tests, one binary (see `suite/`).

mod suite;
