//! `chess svg`: a picture of a position (SVG, or PNG), from a FEN or a game of a PGN file, with
//! its last move, check, and the arrows and circles asked for or marked in the game's comment;
//! a variant's position with Crazyhouse's pockets or Three-check's checks left beside the board.

use std::io::{IsTerminal, Write};
use std::path::Path;

use chess_core::{Color, Square};
use chess_notation::pgn::{self, GameReader, Mark, MarkColor};
use chess_rules::Move;
use chess_rules::variant::{Playable, VariantPosition};
use chess_svg::{Arrow, Drawing, Rgba};

use crate::cli::{Chess960, Side, SvgArgs};
use crate::error::{CliError, Result};
use crate::files::Output;
use crate::position_arg::{Chess960Default, resolve_variant};

/// What to draw: a position (of any variant), its last move, and the marks of the comment on it.
struct Scene {
    position: VariantPosition,
    last_move: Option<(Square, Square)>,
    marks: Vec<Mark>,
}

pub fn run(args: &SvgArgs, out: &mut impl Write) -> Result<()> {
    let to_stdout = args
        .output
        .as_deref()
        .is_none_or(|path| path.as_os_str() == "-");
    if args.png() && to_stdout && std::io::stdout().is_terminal() {
        return Err(CliError::usage(
            "--png writes binary data, not for a terminal: give -o FILE, or redirect stdout",
        ));
    }
    // Created first: a file that may not be replaced is said before any work.
    let inputs: Vec<_> = args.pgn.iter().cloned().collect();
    let output = match &args.output {
        Some(path) if !to_stdout => Some(Output::create(path, args.force, &inputs)?),
        _ => None,
    };
    let scene = match &args.pgn {
        Some(path) => from_game(path, args.game.unwrap_or(1), args.ply)?,
        None => {
            // Castling rights read as Chess960's only when they cannot mean standard chess:
            // the picture is the same either way.
            let mut position = args.position.with(&args.fen_arg);
            position.chess960.get_or_insert(Chess960::Auto);
            let position = resolve_variant(&position, Chess960Default::Classical)?;
            Scene {
                position,
                last_move: args.last_move,
                marks: Vec::new(),
            }
        }
    };
    let bottom = match (args.flip, args.orientation) {
        (true, _) | (false, Some(Side::Black)) => Color::Black,
        (false, Some(Side::White) | None) => Color::White,
    };
    let mut drawing = drawing(&scene.position, None)
        .orientation(bottom)
        .coordinates(!args.no_coordinates)
        .size(args.size)
        .arrows(
            scene
                .marks
                .iter()
                .chain(&args.arrow)
                .chain(&args.circle)
                .map(|&m| arrow(m)),
        );
    if let Some((from, to)) = scene.last_move {
        drawing = drawing.last_move(from, to);
    }
    let bytes = if args.png() {
        drawing
            .to_png()
            .map_err(|e| CliError::invalid(format_args!("png: {e}")))?
    } else {
        drawing.to_svg().into_bytes()
    };
    match output {
        Some(mut output) => {
            output
                .write_all(&bytes)
                .map_err(|e| CliError::input(output.name(), e))?;
            output.commit()
        }
        None => Ok(out.write_all(&bytes)?),
    }
}

/// A drawing of `position` (of any rules) at the default size, with white at the bottom: the
/// squares of `last_move` highlighted, the king marked when it is in check as the variant
/// counts check, and beside the board Crazyhouse's pockets or Three-check's checks left.
pub fn drawing<P: Playable>(position: &P, last_move: Option<Move>) -> Drawing<'_> {
    let mut drawing = Drawing::new(position.board());
    if let Some(m) = last_move {
        drawing = drawing.last_move(m.from(), m.king_to_or_to());
    }
    if position.is_check()
        && let Some(king) = position.board().king_of(position.turn())
    {
        drawing = drawing.check(king);
    }
    if let Some(pockets) = position.pockets() {
        drawing = drawing.pockets(|color, role| pockets.count(color, role));
    }
    if let Some(checks) = position.remaining_checks() {
        drawing = drawing.remaining_checks(checks.get(Color::White), checks.get(Color::Black));
    }
    drawing
}

/// A mark of PGN as chess-svg draws it: the colour of its letter.
fn arrow(mark: Mark) -> Arrow {
    let color = match mark.color {
        MarkColor::Green => Rgba::GREEN,
        MarkColor::Red => Rgba::RED,
        MarkColor::Yellow => Rgba::YELLOW,
        MarkColor::Blue => Rgba::BLUE,
    };
    Arrow::new(mark.from, mark.to, color)
}

/// The position after `ply` plies (the last by default) of game `number` of the PGN file at
/// `path`, with the move that led to it and the marks of the comment after that move.
fn from_game(path: &Path, number: u64, ply: Option<usize>) -> Result<Scene> {
    let name = path.display().to_string();
    let input = crate::files::open(path, &name)?;
    let mut read = 0;
    let mut games = GameReader::new(input.reader);
    let game = loop {
        let Some(game) = games.next() else {
            return Err(CliError::input(
                &name,
                format_args!(
                    "--game {number}: the file has {}",
                    crate::words::plural(read, "game", "games")
                ),
            ));
        };
        input.progress.update();
        read += 1;
        if read == number {
            break game.map_err(|e| CliError::input(&name, e))?;
        }
    };
    let moves = &game.mainline.moves;
    let ply = ply.unwrap_or(moves.len());
    if ply > moves.len() {
        return Err(CliError::input(
            &name,
            format_args!(
                "--ply {ply}: game {number} has {} (0 is the start position)",
                crate::words::plural(moves.len(), "ply", "plies")
            ),
        ));
    }
    // The reader has checked every move: only a broken game has no position here. A
    // variant's game is played by its rules from its own start.
    let position = match &game.variant_initial {
        None => game.position_after(ply).map(VariantPosition::from),
        Some(start) => {
            let mut position = start.clone();
            moves[..ply]
                .iter()
                .all(|node| node.m.is_some_and(|m| position.play(m).is_ok()))
                .then_some(position)
        }
    };
    let position = position.ok_or_else(|| {
        CliError::input(
            &name,
            format_args!("game {number}: its mainline cannot be played to ply {ply}"),
        )
    })?;
    // The comment after the ply's move; at the start, the one before the first move.
    let (last_move, comments) = match ply.checked_sub(1).map(|i| &moves[i]) {
        Some(node) => (node.m, &node.comments_after),
        None => (
            None,
            moves
                .first()
                .map_or(&game.mainline.comments, |node| &node.comments_before),
        ),
    };
    let mut marks = Vec::new();
    for found in comments.iter().flat_map(|comment| pgn::marks(comment)) {
        match found {
            Ok(mark) => marks.push(mark),
            Err(e) => {
                crate::error::warn(format_args!(
                    "{name}: game {number}, ply {ply}: left out: {e}"
                ));
            }
        }
    }
    Ok(Scene {
        position,
        last_move: last_move.map(|m| (m.from(), m.king_to_or_to())),
        marks,
    })
}
