//! The Universal Chess Interface, both ways.
//!
//! - [`run`] is the engine's side: a GUI (or a match runner) talks to this engine through it.
//! - [`Client`] is the GUI's side: it starts another engine (say Stockfish) and talks to it, for
//!   playing against it or comparing with it.
//! - [`protocol`] holds the messages both sides exchange, as types with their reader and
//!   writer.
//!
//! The `uci` example runs the server on standard input and output, which is what a GUI or a
//! match runner starts: `cargo run --release -p chess-engine --example uci`.
//!
//! Both read and write moves with chess-notation's UCI move notation: castling is written
//! `e1g1` in standard chess and `e1h1` (king takes rook) in Chess960, and both forms are
//! accepted when reading. The client switches the other engine's `UCI_Chess960` option to
//! match each position it sends, so that the engine reads its castling the same way.

mod client;
mod command;
pub mod protocol;
mod server;

pub use client::{Client, ClientError, DEFAULT_TIMEOUT, Direction, UNTIMED_SEARCH_TIMEOUT};
pub use protocol::{BestMove, Divide, EngineOption, Info};
pub use server::{ENGINE_AUTHOR, ENGINE_NAME, run, run_with_options};
