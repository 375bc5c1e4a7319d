//! The chess-syzygy test suite: one binary, a module per area.

mod support;

mod corrupt;
mod endgame;
mod errors;
mod python;
mod root;
mod sharing;
