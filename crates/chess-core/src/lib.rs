//! The vocabulary of a chess program: colors, roles, squares, pieces, bitboards, castling rights,
//! the board, attack tables and Zobrist keys.
//!
//! This crate knows where pieces stand and which squares they attack; the rules of the game
//! (whose move it is, legal moves, check, mate and draws) live in `chess-rules`.
//!
//! ```
//! use chess_core::{Bitboard, Board, Color, Piece, Role, Square, attacks};
//!
//! let board = Board::standard();
//! assert_eq!(board.piece_at(Square::G1), Some(Piece::WhiteKnight));
//!
//! // Where can the g1 knight go?
//! let targets = attacks::knight(Square::G1) & !board.by_color(Color::White);
//! assert_eq!(targets, Bitboard::from(Square::F3) | Square::H3);
//! ```
//!
//! # Features
//!
//! - `std` (default): implements `std::error::Error` for the error types. Without it the crate is
//!   `no_std` and allocation-free, for WebAssembly and embedded targets.
//! - `serde`: `Serialize` and `Deserialize` for the value types.

#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]
#![warn(clippy::undocumented_unsafe_blocks)]

#[cfg(all(feature = "std", not(test)))]
extern crate std;

pub mod attacks;
mod bitboard;
mod board;
mod castling;
mod color;
mod piece;
mod role;
mod square;
pub mod zobrist;

pub use bitboard::{Bitboard, Grid, Squares, Subsets};
pub use board::{Board, Boxed, ParseBoardError, ParseBoardErrorKind, Plain};
pub use castling::{CastlingRights, CastlingSide, CastlingSides};
pub use color::{Color, ParseColorError};
pub use piece::Piece;
pub use role::{ParseRoleError, Role};
pub use square::{File, ParseFileError, ParseRankError, ParseSquareError, Rank, Square};
