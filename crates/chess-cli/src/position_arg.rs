//! Turning `--fen`, `--chess960` and `--position` into a position.

use chess_notation::{Fen, FenError, Normalisation};
use chess_rules::{CastlingMode, Position};

use crate::cli::{Chess960, PositionArgs};
use crate::error::{CliError, Result};

/// What `--chess960` alone means.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Chess960Default {
    /// The classical setup under Chess960 rules (tools: perft, moves).
    Classical,
    /// The Chess960 start with this number, drawn at random by the caller (play).
    Random(u32),
}

/// The position the arguments describe.
pub fn resolve(args: &PositionArgs, default: Chess960Default) -> Result<Position> {
    if let Some(text) = &args.fen {
        return parse_fen(text, args.chess960).map_err(|e| CliError::input("--fen", e));
    }
    if let Some(n) = args.position {
        return Position::chess960(n).ok_or_else(|| {
            CliError::usage(format!(
                "--position {n}: expected a whole number from 0 to 959"
            ))
        });
    }
    if args.chess960 == Some(Chess960::Yes) {
        let n = match default {
            Chess960Default::Classical => 518,
            Chess960Default::Random(n) => n,
        };
        return Position::chess960(n).ok_or_else(|| CliError::usage("no such chess960 position"));
    }
    Ok(Position::standard())
}

/// Parses a FEN under the rules `--chess960` asks for: standard chess without it (the castling
/// rights must fit), Chess960 with it, and with `--chess960=auto` Chess960 only when the rights
/// can only mean it.
pub fn parse_fen(
    text: &str,
    chess960: Option<Chess960>,
) -> std::result::Result<Position, FenError> {
    in_rules(text.parse::<Fen>()?, chess960)
}

/// [`parse_fen`], reading spellings that are not canonical (`44`, `kqKQ`) and saying what was
/// normalised.
pub fn parse_fen_lenient(
    text: &str,
    chess960: Option<Chess960>,
) -> std::result::Result<(Position, Vec<Normalisation>), FenError> {
    let (fen, notes) = Fen::from_ascii_lenient(text.as_bytes())?;
    Ok((in_rules(fen, chess960)?, notes))
}

fn in_rules(fen: Fen, chess960: Option<Chess960>) -> std::result::Result<Position, FenError> {
    match chess960 {
        None => fen.into_position(CastlingMode::Standard),
        Some(Chess960::Yes) => fen.into_position(CastlingMode::Chess960),
        Some(Chess960::Auto) => fen.into_position_auto(),
    }
}
