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
        let (name, text) = fen_text(text)?;
        let name = match name {
            "fen" if !args.fen_is_argument => "--fen",
            name => name,
        };
        return parse_fen(&text, args.chess960).map_err(|e| CliError::input(name, e));
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

/// The text of a FEN argument and the name its errors go by: `-` reads the first line of stdin
/// that is not blank.
pub fn fen_text(text: &str) -> Result<(&'static str, String)> {
    if text != "-" {
        return Ok(("fen", text.to_owned()));
    }
    for line in std::io::stdin().lines() {
        let line = line.map_err(|e| CliError::input("stdin", e))?;
        if !line.trim().is_empty() {
            return Ok(("stdin", line.trim().to_owned()));
        }
    }
    Err(CliError::input("stdin", "no FEN: the input is empty"))
}

/// A position named before a list of moves (`chess opening FEN e4 e5`): the first word, when it
/// is a FEN (it holds a `/`) or `-` (stdin); the moves after it.
pub fn leading_fen(words: &[String]) -> (Option<&str>, &[String]) {
    match words.split_first() {
        Some((first, rest)) if first == "-" || first.contains('/') => (Some(first), rest),
        _ => (None, words),
    }
}

/// [`resolve`] for a command whose FEN may come first among its moves.
pub fn resolve_before_moves<'a>(
    args: &PositionArgs,
    words: &'a [String],
    default: Chess960Default,
) -> Result<(Position, &'a [String])> {
    let (fen, moves) = leading_fen(words);
    if fen.is_some() && args.given() {
        return Err(CliError::usage(
            "a FEN before the moves, and --fen or --position: name the position once",
        ));
    }
    let args = PositionArgs {
        fen: fen.map(str::to_owned).or_else(|| args.fen.clone()),
        fen_is_argument: fen.is_some(),
        ..args.clone()
    };
    Ok((resolve(&args, default)?, moves))
}
