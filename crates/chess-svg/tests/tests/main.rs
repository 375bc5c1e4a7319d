//! The chess-svg test suite: one binary, a module per area.

mod support;

mod document;
#[cfg(feature = "png")]
mod pixels;
mod strip;
