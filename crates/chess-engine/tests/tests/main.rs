//! The chess-engine test suite: one binary, a module per area.

mod support;

mod bench;
mod eval;
mod levels;
mod mates;
mod python;
mod search;
#[cfg(feature = "syzygy")]
mod tablebases;
mod time;
mod uci_client;
mod uci_server;
