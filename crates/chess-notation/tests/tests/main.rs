//! The chess-notation test suite: one binary, a module per notation.

mod archive;
mod epd;
mod fen;
mod pack;
mod parallel;
mod pgn;
mod pgn_games;
mod polyglot;
mod robustness;
mod san;
