//! `chess fen`: validate and normalise a FEN, draw the board, explain every error.

use std::io::Write;

use chess_core::Bitboard;
use chess_notation::{Fen, FenError, VariantFen};
use chess_rules::variant::{Playable, Variant};

use crate::cli::{Chess960, FenArgs};
use crate::error::{CliError, Result};
use crate::position_arg::{fen_text, parse_fen, parse_fen_lenient, parse_variant_fen_with};
use crate::render::{self, Style};
use chess_archive::json::Json;

pub fn run(args: &FenArgs, out: &mut impl Write) -> Result<()> {
    let Some(text) = args.fen_arg.as_ref().or(args.fen.as_ref()) else {
        return Err(CliError::usage(
            "name the FEN to check: as an argument (quoted), --fen FEN, or `-` to read it from \
             stdin",
        ));
    };
    let (_, text) = fen_text(text)?;
    let variant = args
        .variant
        .map(|name| name.variant)
        .filter(|&v| v != Variant::Standard);
    if let Some(variant) = variant {
        let chess960 = args.chess960 == Some(Chess960::Yes);
        let parsed = parse_variant_fen_with(&text, variant, chess960, args.lenient);
        return match parsed {
            Ok((pos, notes)) => {
                for note in notes {
                    crate::error::warn(format_args!("fen: normalised: {note}"));
                }
                let normalised = VariantFen::from_position(&pos).to_string();
                if args.json {
                    writeln!(out, "{}", valid(normalised, variant).to_line())?;
                } else {
                    writeln!(out, "{normalised}")?;
                    write!(
                        out,
                        "{}",
                        render::draw(pos.board(), Style::detect(args.ascii), Bitboard::EMPTY)
                    )?;
                    write!(out, "{}", render::variant_lines(&pos))?;
                }
                Ok(())
            }
            Err(e) => invalid(args, &e.to_string(), variant, out),
        };
    }
    let chess960 = if args.variant.is_some_and(|name| name.chess960) {
        Some(Chess960::Yes)
    } else {
        args.chess960
    };
    let parsed = if args.lenient {
        parse_fen_lenient(&text, chess960).map(|(pos, notes)| {
            for note in notes {
                crate::error::warn(format_args!("fen: normalised: {note}"));
            }
            pos
        })
    } else {
        parse_fen(&text, chess960)
    };
    match parsed {
        Ok(pos) => {
            let normalised = Fen::from_position(&pos).to_string();
            if args.json {
                writeln!(out, "{}", valid(normalised, Variant::Standard).to_line())?;
            } else {
                writeln!(out, "{normalised}")?;
                write!(
                    out,
                    "{}",
                    render::draw(pos.board(), Style::detect(args.ascii), Bitboard::EMPTY)
                )?;
            }
            Ok(())
        }
        Err(e) => invalid(args, &explain(&e), Variant::Standard, out),
    }
}

/// The `--json` object of a valid FEN.
fn valid(normalised: String, variant: Variant) -> Json {
    Json::Object(vec![
        ("valid", Json::Bool(true)),
        ("fen", Json::str(normalised)),
        ("error", Json::Null),
        ("variant", Json::str(variant.name())),
    ])
}

/// Says why the FEN is not valid (with `--json`, as an object too) and ends with status 1.
fn invalid(args: &FenArgs, message: &str, variant: Variant, out: &mut impl Write) -> Result<()> {
    if args.json {
        let value = Json::Object(vec![
            ("valid", Json::Bool(false)),
            ("fen", Json::Null),
            ("error", Json::str(message)),
            ("variant", Json::str(variant.name())),
        ]);
        writeln!(out, "{}", value.to_line())?;
        Err(CliError::invalid(format_args!("fen: {message}")))
    } else {
        Err(CliError::input("fen", message))
    }
}

/// One line naming what is wrong: the parse error with its field and byte offset, or every
/// reason the position cannot occur in a game.
pub fn explain(e: &FenError) -> String {
    e.to_string()
}
