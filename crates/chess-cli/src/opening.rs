//! `chess opening`: the ECO code and name of a position or a line.

use std::io::Write;

use chess_notation::{Fen, input, openings};

use crate::cli::OpeningArgs;
use crate::error::{CliError, Result};
use crate::position_arg::{Chess960Default, resolve_before_moves};
use chess_archive::json::Json;

pub fn run(args: &OpeningArgs, out: &mut impl Write) -> Result<()> {
    let (start, moves) =
        resolve_before_moves(&args.position, &args.moves, Chess960Default::Classical)?;
    let line = moves.join(" ");
    let moves = input::parse_line(&start, &line).map_err(|e| CliError::input("moves", e))?;
    let opening = openings::of_moves(&start, &moves);
    let mut end = start;
    for &m in &moves {
        end.play_unchecked(m);
    }
    if args.json {
        let value = Json::Object(vec![
            ("fen", Json::str(Fen::from_position(&end).to_string())),
            ("eco", Json::opt_str(opening.map(|o| o.eco))),
            ("name", Json::opt_str(opening.map(|o| o.name))),
            ("moves", Json::opt_str(opening.map(|o| o.moves))),
        ]);
        writeln!(out, "{}", value.to_line())?;
        return Ok(());
    }
    match opening {
        Some(opening) => {
            writeln!(out, "{} {}", opening.eco, opening.name)?;
            writeln!(out, "{}", opening.moves)?;
        }
        None => writeln!(out, "no named opening")?,
    }
    Ok(())
}
