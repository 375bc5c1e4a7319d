//! Standard Algebraic Notation: `Nf3`, `exd5`, `e8=Q`, `O-O`, `Qxf7#`.
//!
//! Writing produces minimal disambiguation (file, else rank, else square), never counting a
//! piece that cannot legally make the move (a pinned one), with `x`, `=Q`, `O-O`/`O-O-O` (also
//! in Chess960) and `+`/`#`.
//!
//! Reading is strict by default: the text must be the move as [`San::from_move`] writes it (a
//! `+` or `#` may be left out, but if present must be right). [`SanMode::Lenient`] accepts what
//! real-world PGN contains: `0-0`, `e8Q`, `e8(Q)`, `e8=q`, needless disambiguation (`Ngf3`), a
//! missing or extra `x`, `Pe4`, trailing `!`, `?`, `!?`, wrong `+`/`#` marks, the long forms
//! `e2e4`, `e2-e4`, `Ng1-f3`, `Nd8d5`, `Nb1xc3`, `Ke1g1` and a piece's move written as its two
//! squares alone (`d1h5` for a queen, as UCI writes it), and the null moves `--` and `Z0`
//! (which only [`San::Null`]-aware callers accept).
//!
//! Errors keep syntax apart from meaning: [`ParseSanError`] when the text is not SAN at all,
//! [`SanError`] when it is SAN but illegal or ambiguous here (listing the candidates).
//!
//! ```
//! use chess_notation::san::{self, San, SanMode, SanPlus};
//! use chess_rules::Position;
//!
//! let pos = Position::standard();
//! let m = san::parse_move(&pos, "Nf3", SanMode::Strict)?;
//! assert_eq!(SanPlus::from_move(&pos, m).to_string(), "Nf3");
//! assert!(san::parse_move(&pos, "Ng1f3", SanMode::Strict).is_err());
//! assert_eq!(san::parse_move(&pos, "Ng1-f3", SanMode::Lenient)?, m);
//! # Ok::<_, chess_notation::san::SanMoveError>(())
//! ```

mod standard;
mod variant;
mod variation;

pub use standard::*;
pub use variant::parse_variant_move;
pub use variation::{variant_variation, variation};
