//! Turning `--fen`, `--chess960`, `--position` and `--variant` into a position.

use chess_notation::{Fen, FenError, Normalisation, VariantFen, VariantFenError};
use chess_rules::variant::{Variant, VariantPosition};
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

/// The variant `--variant` names, when it is not standard chess (nor Chess960).
pub fn variant(args: &PositionArgs) -> Option<Variant> {
    args.variant
        .map(|name| name.variant)
        .filter(|&variant| variant != Variant::Standard)
}

/// How `--chess960` reads a FEN, `--variant chess960` included.
fn chess960(args: &PositionArgs) -> Option<Chess960> {
    if args.variant.is_some_and(|name| name.chess960) {
        Some(Chess960::Yes)
    } else {
        args.chess960
    }
}

/// The usage error of a command that keeps to standard chess and Chess960, asked for
/// `variant`: `what` names the command or the part that does (`chess tb`, `the built-in
/// engine`).
pub fn standard_only(variant: Variant, what: &str) -> CliError {
    CliError::usage(format!(
        "--variant {}: {what} keeps to standard chess and Chess960",
        variant.uci_name()
    ))
}

/// The position the arguments describe, under the rules `--variant` names (standard chess
/// and Chess960 as [`resolve`] reads them).
pub fn resolve_variant(args: &PositionArgs, default: Chess960Default) -> Result<VariantPosition> {
    let Some(variant) = variant(args) else {
        return resolve(args, default).map(VariantPosition::from);
    };
    if let Some(n) = args.position {
        return Err(CliError::usage(format!(
            "--position {n} with --variant {}: the numbered Chess960 starts are standard \
             chess's; give the position as --fen",
            variant.uci_name()
        )));
    }
    let chess960 = chess960(args) == Some(Chess960::Yes);
    let Some(text) = &args.fen else {
        let mode = if chess960 {
            CastlingMode::Chess960
        } else {
            CastlingMode::Standard
        };
        return VariantFen::start(variant)
            .into_position(variant, mode)
            .map_err(|e| CliError::usage(format!("--variant {}: {e}", variant.uci_name())));
    };
    let (name, text) = fen_text(text)?;
    let name = match name {
        "fen" if !args.fen_is_argument => "--fen",
        name => name,
    };
    parse_variant_fen(&text, variant, chess960)
        .map(|(pos, _)| pos)
        .map_err(|e| CliError::input(name, e))
}

/// Parses a FEN under `variant`'s rules: pockets, promoted pieces and Three-check's counters
/// in either spelling; castling as Chess960's with `chess960`, else as the rights need. With
/// `lenient`, spellings that are not canonical are read and said.
pub fn parse_variant_fen_with(
    text: &str,
    variant: Variant,
    chess960: bool,
    lenient: bool,
) -> std::result::Result<(VariantPosition, Vec<Normalisation>), VariantFenError> {
    let (fen, notes) = if lenient {
        VariantFen::from_ascii_lenient(text.as_bytes())?
    } else {
        (VariantFen::from_ascii(text.as_bytes())?, Vec::new())
    };
    Ok((fen.into_position_for(variant, chess960)?, notes))
}

/// [`parse_variant_fen_with`], strictly.
pub fn parse_variant_fen(
    text: &str,
    variant: Variant,
    chess960: bool,
) -> std::result::Result<(VariantPosition, Vec<Normalisation>), VariantFenError> {
    parse_variant_fen_with(text, variant, chess960, false)
}

/// The position the arguments describe, for a command that keeps to standard chess and
/// Chess960 (a variant is a usage error).
pub fn resolve(args: &PositionArgs, default: Chess960Default) -> Result<Position> {
    if let Some(variant) = variant(args) {
        return Err(standard_only(variant, "this command"));
    }
    let args = &PositionArgs {
        chess960: chess960(args),
        ..args.clone()
    };
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
