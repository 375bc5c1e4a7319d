//! `chess check`: for each king of a board, whether it is in check and, as if its side were to
//! move, whether that side is checkmated or stalemated.

use std::io::{Read, Write};

use chess_core::{Board, Color};
use chess_notation::{Fen, VariantFen};
use chess_rules::variant::{Variant, VariantSetup};
use chess_rules::{KingStatus, KingsError, Setup};

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
    let variant = args.variant.filter(|v| v.variant != Variant::Standard);
    let chess960 = args.chess960 || args.variant.is_some_and(|v| v.chess960);
    let (statuses, fen) = match variant {
        None => {
            let (setup, fen) = read_board(&text).map_err(|e| CliError::input(&name, e))?;
            let statuses = setup
                .king_status(chess960)
                .map_err(|e| CliError::input(&name, e))?
                .map(Some);
            (statuses, fen)
        }
        Some(v) => {
            let (setup, fen) = read_variant_board(&text).map_err(|e| CliError::input(&name, e))?;
            let statuses = setup
                .king_status(v.variant, chess960)
                .map_err(|e| match e {
                    KingsError::NotRoyal(_) => {
                        CliError::usage(format_args!("--variant {}: {e}", v.variant.uci_name()))
                    }
                    e => CliError::input(&name, e),
                })?;
            (statuses, fen)
        }
    };
    let [white, black] = statuses;
    if args.json {
        let report = |r: Option<KingStatus>| match r {
            None => Json::Null,
            Some(r) => Json::Object(vec![
                ("in_check", Json::Bool(r.in_check)),
                ("checkmate", Json::Bool(r.checkmate)),
                ("stalemate", Json::Bool(r.stalemate)),
            ]),
        };
        let mut fields = vec![
            ("white", report(white)),
            ("black", report(black)),
            ("fen", Json::opt_str(fen)),
        ];
        if let Some(v) = variant {
            fields.push(("variant", Json::str(v.variant.name())));
        }
        writeln!(out, "{}", Json::Object(fields).to_line())?;
    } else {
        for (color, r) in [(Color::White, white), (Color::Black, black)] {
            let yes = |b: bool| if b { "yes" } else { "no" };
            match r {
                Some(r) => writeln!(
                    out,
                    "{color} king on {}: in check: {}, checkmated: {}, stalemated: {}",
                    r.square,
                    yes(r.in_check),
                    yes(r.checkmate),
                    yes(r.stalemate)
                )?,
                None => writeln!(out, "{color}: no king")?,
            }
        }
    }
    Ok(())
}

/// Reads a FEN (a first word containing `/`) or the plain 8-line board. For a FEN, also returns
/// the FEN as given.
pub fn read_board(text: &str) -> std::result::Result<(Setup, Option<String>), String> {
    match fen_line(text)? {
        Some(line) => {
            let fen: Fen = line.parse().map_err(|e| format!("{e}"))?;
            Ok((fen.into_setup(), Some(line.to_owned())))
        }
        None => Ok((plain_setup(text)?, None)),
    }
}

/// [`read_board`] for a variant's board: a variant FEN (pockets, promoted pieces, checks left)
/// or the plain 8-line board.
fn read_variant_board(text: &str) -> std::result::Result<(VariantSetup, Option<String>), String> {
    match fen_line(text)? {
        Some(line) => {
            let fen: VariantFen = line.parse().map_err(|e| format!("{e}"))?;
            Ok((fen.into_setup(), Some(line.to_owned())))
        }
        None => Ok((VariantSetup::from(plain_setup(text)?), None)),
    }
}

/// The FEN of `text` when its first word contains `/` (and nothing follows its line), else
/// `None`: a plain board.
fn fen_line(text: &str) -> std::result::Result<Option<&str>, String> {
    let first_line = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    if !first_line
        .split_whitespace()
        .next()
        .is_some_and(|w| w.contains('/'))
    {
        return Ok(None);
    }
    let rest = text.trim().strip_prefix(first_line).unwrap_or("").trim();
    if !rest.is_empty() {
        return Err("unexpected text after the fen".to_owned());
    }
    Ok(Some(first_line))
}

/// The plain 8-line board, nothing else set.
fn plain_setup(text: &str) -> std::result::Result<Setup, String> {
    let board = Board::from_plain(text).map_err(|e| e.to_string())?;
    Ok(Setup {
        board,
        ..Setup::empty()
    })
}
