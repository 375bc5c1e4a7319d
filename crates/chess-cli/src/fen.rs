//! `chess fen`: validate and normalise a FEN, draw the board, explain every error.

use std::io::Write;

use chess_core::Bitboard;
use chess_notation::{Fen, FenError};

use crate::cli::FenArgs;
use crate::error::{CliError, Result};
use crate::position_arg::{fen_text, parse_fen, parse_fen_lenient};
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
    let parsed = if args.lenient {
        parse_fen_lenient(&text, args.chess960).map(|(pos, notes)| {
            for note in notes {
                crate::error::warn(format_args!("fen: normalised: {note}"));
            }
            pos
        })
    } else {
        parse_fen(&text, args.chess960)
    };
    match parsed {
        Ok(pos) => {
            let normalised = Fen::from_position(&pos).to_string();
            if args.json {
                let value = Json::Object(vec![
                    ("valid", Json::Bool(true)),
                    ("fen", Json::str(normalised)),
                    ("error", Json::Null),
                ]);
                writeln!(out, "{}", value.to_line())?;
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
        Err(e) => {
            let message = explain(&e);
            if args.json {
                let value = Json::Object(vec![
                    ("valid", Json::Bool(false)),
                    ("fen", Json::Null),
                    ("error", Json::str(message.clone())),
                ]);
                writeln!(out, "{}", value.to_line())?;
                Err(CliError::invalid(format_args!("fen: {message}")))
            } else {
                Err(CliError::input("fen", message))
            }
        }
    }
}

/// One line naming what is wrong: the parse error with its field and byte offset, or every
/// reason the position cannot occur in a game.
pub fn explain(e: &FenError) -> String {
    e.to_string()
}
