//! The chess-notation test suite: one binary, a module per notation.

mod support;

mod epd;
mod fen;
mod pack;
mod pgn;
mod robustness;
mod san;
