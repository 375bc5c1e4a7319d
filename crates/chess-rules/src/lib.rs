//! The rules of chess: positions, exact legal move generation, making moves, check, checkmate,
//! stalemate, insufficient material, the 50/75-move and threefold/fivefold repetition rules,
//! validation of impossible positions, and perft. Standard chess and Chess960, and the
//! variants Lichess plays ([`variant`]: Crazyhouse, Atomic, Antichess, King of the Hill,
//! Three-check, Horde, Racing Kings; and python-chess's Giveaway and Suicide).
//!
//! ```
//! use chess_core::Square;
//! use chess_rules::{Move, Position, perft};
//!
//! let mut pos = Position::standard();
//! assert_eq!(pos.legal_moves().len(), 20);
//!
//! // 1. f3 e5 2. g4 Qh4#
//! for m in [
//!     Move::new(Square::F2, Square::F3),
//!     Move::double_push(Square::E7, Square::E5),
//!     Move::double_push(Square::G2, Square::G4),
//!     Move::new(Square::D8, Square::H4),
//! ] {
//!     pos.play(m)?;
//! }
//! assert!(pos.is_checkmate());
//! assert_eq!(perft(&Position::standard(), 4), 197_281);
//! # Ok::<_, chess_rules::IllegalMoveError>(())
//! ```
//!
//! # Features
//!
//! - `std` (default): `std::error::Error` for the errors. Without it the crate is `no_std` (it
//!   needs `alloc` for [`Game`], [`Arbiter`] and [`divide`]).
//! - `parallel` (default): perft on several threads with rayon (`perft_parallel`,
//!   `divide_parallel`); implies `std`.
//! - `serde`: `Serialize` and `Deserialize` for moves and the value types.

#![cfg_attr(not(test), no_std)]
#![deny(missing_docs)]

extern crate alloc;
#[cfg(all(feature = "std", not(test)))]
extern crate std;

mod arbiter;
mod check;
mod error;
mod find;
mod game;
mod kings;
pub mod lenient;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
mod setup;
mod validate;
pub mod variant;

pub use arbiter::Arbiter;
pub use check::CheckSquares;
pub use error::{IllegalMoveError, PositionError, PositionErrorKinds};
pub use find::MoveMatch;
pub use game::{Game, PlayError};
pub use kings::{KingStatus, KingsError};
pub use movegen::{MoveSink, pawn_origin};
pub use moves::{IntoIter, MAX_MOVES, Move, MoveKind, MoveList};
pub use outcome::{DrawReason, Outcome, Termination, WinReason};
pub use perft::{divide, perft, perft_copying, perft_stoppable};
#[cfg(feature = "parallel")]
pub use perft::{divide_parallel, perft_parallel};
pub use position::{EnPassantMode, Position, Undo};
pub use setup::{CastlingMode, Setup};

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
