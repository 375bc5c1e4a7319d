//! Chess notation: FEN (with X-FEN and Shredder-FEN), EPD, SAN, UCI moves, a streaming PGN
//! reader and writer, and compact binary encodings; the variants' FEN ([`VariantFen`]), EPD,
//! UCI and SAN (drops, `N@f3`) for the positions of `chess_rules::variant`.
//!
//! ```
//! use chess_notation::{Fen, San};
//! use chess_rules::CastlingMode;
//!
//! let pos = Fen::standard().into_position(CastlingMode::Standard)?;
//! let m = San::from_ascii(b"Nf3")?.to_move(&pos)?;
//! assert_eq!(chess_notation::uci::format(&pos, m), "g1f3");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

#![deny(missing_docs)]

pub mod epd;
pub mod fen;
pub mod input;
pub mod lenient;
#[cfg(feature = "openings")]
pub mod openings;
pub mod pack;
pub mod pgn;
#[cfg(feature = "polyglot")]
pub mod polyglot;
pub mod san;
pub mod uci;

pub use epd::{Epd, EpdErrorKind, EpdMoveError, Operand, Operation, ParseEpdError};
pub use fen::{
    BoardFen, Fen, FenError, FenErrorKind, FenField, Normalisation, NormalisationKind,
    ParseFenError, VariantFen, VariantFenError,
};
pub use san::{ParseSanError, San, SanError, SanPlus, Suffix};
pub use uci::UciMove;

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;
