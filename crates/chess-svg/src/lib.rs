//! Board pictures: a position drawn as a standalone SVG document, with the pieces (of this
//! crate's own design), the coordinates, the last move, a king in check, and the arrows and
//! circles that PGN comments mark with `[%cal]` and `[%csl]`, and beside the board the pockets
//! of Crazyhouse or the checks left in Three-check; and, with the feature `png`, the same
//! picture as PNG bytes, rendered by resvg.
//!
//! The crate knows boards and squares only (from `chess-core`): what to mark is the caller's
//! to say, from a position of `chess-rules` (the king in check) or a game read by
//! `chess-notation` (the last move, the comment's marks).
//!
//! The documents use python-chess's ids and classes (`white-king`, `square dark`, `lastmove`,
//! `arrow`), so that style sheets written for its pictures apply to these (see [`Drawing`]),
//! and the Python package `kingside` draws its `chess.svg` module with this crate.
//!
//! ```
//! use chess_core::{Board, Piece, Square};
//! use chess_svg::{Drawing, Rgba};
//!
//! // 1. e4, with the usual reply and the centre marked.
//! let mut board = Board::standard();
//! board.remove(Square::E2);
//! board.put(Square::E4, Piece::WhitePawn);
//! let svg = Drawing::new(&board)
//!     .last_move(Square::E2, Square::E4)
//!     .arrow(Square::E7, Square::E5, Rgba::GREEN)
//!     .circle(Square::D5, Rgba::RED)
//!     .to_svg();
//! assert!(svg.starts_with("<svg "));
//! assert!(svg.ends_with("</svg>\n"));
//! // Each piece drawn once, and placed 32 times.
//! assert_eq!(svg.matches(r##"<use xlink:href="#white-pawn""##).count(), 8);
//! ```
//!
//! # Features
//!
//! - `png`: `Drawing::to_png`, the drawing as PNG bytes of its size in pixels, through resvg
//!   (its renderer only: the drawings need no fonts and hold no images).

#![deny(missing_docs)]

mod arrow;
mod drawing;
pub mod fragments;
mod glyphs;
mod named;
mod piece_drawing;
mod pieces;
#[cfg(feature = "png")]
mod png;
mod rgba;
mod theme;

pub use arrow::Arrow;
pub use drawing::Drawing;
pub use piece_drawing::PieceDrawing;
#[cfg(feature = "png")]
pub use png::PngError;
pub use rgba::{ParseRgbaError, Rgba};
pub use theme::Theme;

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
