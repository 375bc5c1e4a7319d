//! `chess check`: for each king of a board, whether it is in check and, as if its side were to
//! move, whether that side is checkmated or stalemated.

use std::io::{Read, Write};

use chess_core::{Board, CastlingRights, Color, Role, Square};
use chess_notation::Fen;
use chess_rules::{CastlingMode, Position, PositionErrorKinds, Setup};

use crate::cli::CheckArgs;
use crate::error::{CliError, Result};
use chess_archive::json::Json;

/// What a board says about one king.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct KingReport {
    pub square: Square,
    pub in_check: bool,
    pub checkmate: bool,
    pub stalemate: bool,
}

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
    let [white, black] = analyse(&setup, args.chess960).map_err(|e| CliError::input(&name, e))?;
    if args.json {
        let report = |r: KingReport| {
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

/// The report for each king, white first; errors for boards without exactly one king each, or
/// with both kings in check. Castling rights count under Chess960 rules when `chess960` is set
/// or they can only mean Chess960.
pub fn analyse(setup: &Setup, chess960: bool) -> std::result::Result<[KingReport; 2], String> {
    let board = &setup.board;
    let mut kings = [Square::A1; 2];
    for color in Color::ALL {
        let k = board.pieces(color, Role::King);
        match k.count() {
            0 => return Err(format!("the board has no {color} king")),
            1 => kings[color.index()] = k.first_unchecked(),
            n => return Err(format!("the board has {n} {color} kings: expected one")),
        }
    }
    let in_check = Color::ALL.map(|c| board.is_attacked(kings[c.index()], !c, board.occupied()));
    if in_check[0] && in_check[1] {
        return Err("both kings are in check".to_owned());
    }
    let mut reports = [KingReport {
        square: Square::A1,
        in_check: false,
        checkmate: false,
        stalemate: false,
    }; 2];
    for color in Color::ALL {
        let i = color.index();
        reports[i].square = kings[i];
        reports[i].in_check = in_check[i];
        if in_check[(!color).index()] {
            // The opponent is in check: this side cannot be the one to move.
            continue;
        }
        let mut castling = CastlingRights::NONE;
        for (c, side, rook) in setup.castling.iter() {
            if c == color {
                castling.add(c, side, rook.file());
            }
        }
        let turn_setup = Setup {
            board: board.clone(),
            turn: color,
            castling,
            ep_square: setup.ep_square.filter(|_| setup.turn == color),
            halfmoves: 0,
            fullmoves: 1,
        };
        let mode = CastlingMode::for_setup(&turn_setup, chess960);
        let pos = Position::from_setup(turn_setup, mode)
            .or_else(|e| e.ignore(PositionErrorKinds::IGNORABLE))
            .map_err(|e| e.to_string())?;
        reports[i].checkmate = pos.is_checkmate();
        reports[i].stalemate = pos.is_stalemate();
    }
    Ok(reports)
}
