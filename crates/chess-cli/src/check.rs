//! `chess check`: for each king of a board, whether it is in check and, as if its side were to
//! move, whether that side is checkmated or stalemated.

use std::io::{Read, Write};

use chess_core::{Board, Color};
use chess_notation::Fen;
use chess_rules::{KingStatus, Setup};

use crate::cli::CheckArgs;
use crate::error::{CliError, Result};
use chess_archive::json::Json;

pub fn run(args: &CheckArgs, out: &mut impl Write) -> Result<()> {
    let (name, text) = match &args.file {
        Some(path) if path.as_os_str() != "-" => {
            let text =
                std::fs::read_to_string(path).map_err(|e| CliError::input(path.display(), e))?;
            (path.display().to_string(), text)
        }
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .map_err(|e| CliError::input("stdin", e))?;
            ("stdin".to_owned(), text)
        }
    };
    let (setup, fen) = read_board(&text).map_err(|e| CliError::input(&name, e))?;
    let [white, black] = setup
        .king_status(args.chess960)
        .map_err(|e| CliError::input(&name, e))?;
    if args.json {
        let report = |r: KingStatus| {
            Json::Object(vec![
                ("in_check", Json::Bool(r.in_check)),
                ("checkmate", Json::Bool(r.checkmate)),
                ("stalemate", Json::Bool(r.stalemate)),
            ])
        };
        let value = Json::Object(vec![
            ("white", report(white)),
            ("black", report(black)),
            ("fen", Json::opt_str(fen)),
        ]);
        writeln!(out, "{}", value.to_line())?;
    } else {
        for (color, r) in [(Color::White, white), (Color::Black, black)] {
            let yes = |b: bool| if b { "yes" } else { "no" };
            writeln!(
                out,
                "{color} king on {}: in check: {}, checkmated: {}, stalemated: {}",
                r.square,
                yes(r.in_check),
                yes(r.checkmate),
                yes(r.stalemate)
            )?;
        }
    }
    Ok(())
}

/// Reads a FEN (a first word containing `/`) or the plain 8-line board. For a FEN, also returns
/// the FEN as given.
pub fn read_board(text: &str) -> std::result::Result<(Setup, Option<String>), String> {
    let first_line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if first_line
        .split_whitespace()
        .next()
        .is_some_and(|w| w.contains('/'))
    {
        let fen: Fen = first_line.parse().map_err(|e| format!("{e}"))?;
        let rest = text.trim().strip_prefix(first_line).unwrap_or("").trim();
        if !rest.is_empty() {
            return Err("unexpected text after the fen".to_owned());
        }
        Ok((fen.into_setup(), Some(first_line.to_owned())))
    } else {
        let board = Board::from_plain(text).map_err(|e| e.to_string())?;
        Ok((
            Setup {
                board,
                ..Setup::empty()
            },
            None,
        ))
    }
}
