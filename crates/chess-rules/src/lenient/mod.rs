//! Positions as python-chess holds them: any placement (no king, three kings, pawns on the back
//! rank), any set of castling rooks, any en passant square, and moves by the rules wherever
//! they apply.
//!
//! [`Position`](crate::Position) is the fast, validated state of a game; a
//! [`LenientPosition`] is the editable one behind a board that people set up by hand, read from
//! a lax FEN or build for a puzzle: it never refuses a setup and never panics. Its rules are
//! python-chess's, to the order of the moves:
//!
//! - a side's king is kept out of check when it has one (the highest-numbered square among its
//!   kings, as python-chess picks it); a side without a king moves freely;
//! - castling rights are a set of rook squares ([`LenientPosition::castling_rights`]), cleaned
//!   to those a king and rook can use ([`LenientPosition::clean_castling_rights`]);
//! - the moves come in python-chess's order: the pieces other than pawns from the highest
//!   square down (each piece's destinations from the highest square down), castling (the
//!   `h`-side rook first), pawn captures, single and double pawn steps, en passant; in check,
//!   the king's moves first, then the captures and blocks;
//! - [`LenientPosition::status`] reports what python-chess's `Board.status()` reports.
//!
//! Moves are [`RawMove`]s: origin, destination, promotion and drop, as UCI writes them, with
//! castling as the king taking its own rook inside (see [`LenientPosition::from_chess960`]).
//!
//! ```
//! use chess_core::{Bitboard, Piece, Square};
//! use chess_rules::lenient::{LenientPosition, RawMove, Status};
//!
//! // A lone white king: python-chess plays it, and so does a lenient position.
//! let mut pos = LenientPosition::empty(false);
//! pos.put(Square::A1, Piece::WhiteKing, false);
//! assert_eq!(pos.status(), Status::NO_BLACK_KING);
//! let moves = pos.legal_moves(Bitboard::FULL, Bitboard::FULL);
//! assert_eq!(moves, [
//!     RawMove::new(Square::A1, Square::B2),
//!     RawMove::new(Square::A1, Square::A2),
//!     RawMove::new(Square::A1, Square::B1),
//! ]);
//! ```

mod game;
mod movegen;
mod position;
mod status;

pub use game::{LenientGame, TranspositionKey};
pub use position::{EmptySquareError, LenientPosition, RawMove, Undo};
pub use status::Status;

#[cfg(test)]
mod tests;
