//! The chess-notation test suite: one binary, a module per notation.

mod support;

mod fen;
mod robustness;
mod san;
