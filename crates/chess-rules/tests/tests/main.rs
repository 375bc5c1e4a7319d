//! The chess-rules test suite: one binary, a module per area.

mod support;

mod game;
mod hash;
mod lenient;
mod movegen;
mod perft;
mod properties;
mod termination;
mod validation;
mod variant;
