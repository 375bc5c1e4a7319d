//! Notation for lenient positions ([`chess_rules::lenient`]), by python-chess's rules: FEN
//! and EPD fields read without complaint about the position they describe (and with `~` for
//! promoted pieces), SAN and UCI read and written for any setup, and PGN text as its
//! `chess.pgn` reads it (tag lines, movetext tokens, the clock and evaluation commands of
//! comments).
//!
//! These are the rules the Python package's `Board` follows, so that code written for
//! python-chess reads and writes the same text; the strict readers of [`crate::fen`] and
//! [`crate::san`] are for positions that can occur in a game.
//!
//! ```
//! use chess_notation::lenient::{FenOptions, parse_san, read_fen, san, write_fen};
//!
//! // No black king: python-chess reads it, and so does this module.
//! let mut pos = read_fen("8/8/8/8/8/8/8/4K3 w - - 0 1", false)?;
//! let m = parse_san(&pos, "Kd2")?;
//! assert_eq!(san(&pos, m, false)?, "Kd2");
//! pos.play(m)?;
//! assert_eq!(write_fen(&pos, FenOptions::default()), "8/8/8/8/8/8/3K4/8 b - - 1 1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod comment;
mod fen;
mod pgn;
mod san;

pub use comment::{
    DurationCommand, EvalCommand, EvalValue, clock_command, emt_command, eval_command,
};

/// The placement writer lives with the FEN; named here too, where lenient readers look for it.
pub use crate::fen::board_fen;
pub use fen::{
    EnPassantSpec, FenOptions, castling_rooks, castling_shredder, castling_xfen, read_board_fen,
    read_fen, write_epd, write_fen,
};
pub use pgn::{
    MovetextToken, MovetextTokens, is_blank_line, is_python_space, is_tag_name, movetext_tokens,
    skip_braces, suffix_nag, tag_pair, trim_end_python, trim_python,
};
pub use san::{
    LenientMoveError, algebraic_without_suffix, parse_san, parse_uci, parse_uci_legal, san, uci,
    variation_san,
};
