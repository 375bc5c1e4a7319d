//! The chess-archive test suite: one binary, a module per area.

mod records;
mod variants;
