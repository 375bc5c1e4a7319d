//! Forsyth–Edwards Notation, with X-FEN and Shredder-FEN castling for Chess960.
//!
//! ```
//! use chess_notation::Fen;
//! use chess_rules::CastlingMode;
//!
//! let fen: Fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1".parse()?;
//! let pos = fen.into_position(CastlingMode::Standard)?;
//! // No black pawn can take en passant, so the square is not written back.
//! assert_eq!(
//!     Fen::from_position(&pos).to_string(),
//!     "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
//! );
//! # Ok::<_, chess_notation::FenError>(())
//! ```

mod standard;
mod variant;

pub use standard::*;
pub use variant::{Lichess, VariantFen, VariantFenError};
