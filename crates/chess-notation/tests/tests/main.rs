//! The chess-notation test suite: one binary, a module per notation.

mod epd;
mod fen;
mod pack;
mod parallel;
mod pgn;
mod pgn_games;
mod pgn_lenient;
mod pgn_variant;
#[cfg(feature = "polyglot")]
mod polyglot;
mod robustness;
mod san;
mod variant;
