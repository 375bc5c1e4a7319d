//! Won endgames for conversion matches: random positions of one material that the Syzygy
//! tables call a win for the side to move, as EPD lines on stdout.
//!
//! ```sh
//! cargo run --release -p chess-lab --example endgames -- --tables DIR --material KQvKR \
//!     --count 40 --dtz 40-70 --seed 1 > kqkr.epd
//! chess match -e "chess,arg=uci" -e /usr/games/stockfish --tc 2+0.02 --games 40 \
//!     --no-repeat --openings kqkr.epd
//! ```
//!
//! The side named first in `--material` wins, with its distance to zeroing (DTZ, in plies: to
//! the capture or pawn move that wins) within `--dtz`, so that the win fits the 50-move rule
//! but is not a capture away. Every piece is placed at random until the position is legal, no
//! side can capture anything (nothing hangs, nothing is in check), and the tables say so. The
//! winning side is white on the first line, black on the second (the same kind of position
//! mirrored), and so on: `chess match --no-repeat`, whose first engine takes white in the first
//! game and alternates, then gives the first engine the winning side in every game.

use std::process::ExitCode;

use chess_core::{Color, Piece, Role, Square};
use chess_engine::Rng;
use chess_notation::Epd;
use chess_rules::{CastlingMode, Position, Setup};
use chess_syzygy::{Material, Tablebase, Wdl};

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("endgames: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<(), String> {
    let mut tables = None;
    let mut material = None;
    let mut count = 40;
    let mut dtz = (1, 100);
    let mut seed = 1;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args.next().ok_or(format!("{arg} needs a value"))?;
        let number = |what: &str, text: &str| -> Result<u64, String> {
            text.parse()
                .map_err(|_| format!("{what}: expected a number, found {text:?}"))
        };
        match arg.as_str() {
            "--tables" => tables = Some(value),
            "--material" => {
                let parsed = Material::from_name(&value).ok_or(format!(
                    "--material: not a material such as KQvKR: {value:?}"
                ))?;
                material = Some(parsed);
            }
            "--count" => count = number(&arg, &value)?,
            "--seed" => seed = number(&arg, &value)?,
            "--dtz" => {
                let (low, high) = value
                    .split_once('-')
                    .ok_or(format!("--dtz: expected MIN-MAX, found {value:?}"))?;
                dtz = (number(&arg, low)?, number(&arg, high)?);
            }
            _ => return Err(format!("unknown option {arg}")),
        }
    }
    let (Some(dir), Some(material)) = (tables, material) else {
        return Err("usage: endgames --tables DIR --material KQvKR [--count N] \
             [--dtz MIN-MAX] [--seed N]"
            .into());
    };
    let tablebase = Tablebase::open(&dir).map_err(|e| format!("{dir}: {e}"))?;
    if material.pieces() > tablebase.max_pieces() {
        return Err(format!("{dir}: no tables of {} pieces", material.pieces()));
    }
    let mut rng = Rng::new(seed);
    for line in 0..count {
        let pos = won_position(&tablebase, &material, dtz, &mut rng)?;
        let pos = if line % 2 == 0 { pos } else { pos.mirror() };
        println!("{}", Epd::from_position(&pos));
    }
    Ok(())
}

/// A random position of `material` with white to move and winning, its DTZ within `dtz`.
fn won_position(
    tablebase: &Tablebase,
    material: &Material,
    dtz: (u64, u64),
    rng: &mut Rng,
) -> Result<Position, String> {
    let pieces: Vec<Piece> = Color::ALL
        .into_iter()
        .flat_map(|color| {
            Role::ALL.into_iter().flat_map(move |role| {
                (0..material.count(color, role)).map(move |_| Piece::new(color, role))
            })
        })
        .collect();
    // Most materials of three to five pieces have wins in a few tries in a hundred; a
    // material with none (KvK, KNvK) would loop for ever.
    for _ in 0..10_000_000 {
        let mut setup = Setup::empty();
        for &piece in &pieces {
            let free = loop {
                let sq = Square::from_index_masked(rng.below(64) as u8);
                if setup.board.piece_at(sq).is_none() {
                    break sq;
                }
            };
            setup.board.put(free, piece);
        }
        let Ok(pos) = Position::from_setup(setup, CastlingMode::Standard) else {
            continue;
        };
        if !quiet(&pos) {
            continue;
        }
        let won = tablebase.probe_wdl(&pos).map_err(|e| e.to_string())? == Wdl::Win;
        if won {
            let plies = tablebase.probe_dtz(&pos).map_err(|e| e.to_string())?.0;
            if (dtz.0..=dtz.1).contains(&u64::from(plies.unsigned_abs())) {
                return Ok(pos);
            }
        }
    }
    Err(format!("no won position of {material} found"))
}

/// Whether neither side is in check or can capture anything.
fn quiet(pos: &Position) -> bool {
    let no_captures = |p: &Position| !p.legal_moves().iter().any(|&m| p.is_capture(m));
    pos.null_move()
        .is_some_and(|other| no_captures(pos) && no_captures(&other))
}
