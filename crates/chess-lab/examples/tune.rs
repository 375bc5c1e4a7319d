//! Texel tuning of the evaluation on games (the engine's own, as `chess match --pgn` writes
//! them):
//!
//! ```sh
//! cargo run --release -p chess-lab --example tune -- [--epochs N] [--rate R] \
//!     [--out crates/chess-engine/src/eval/weights.rs] GAMES.pgn...
//! ```
//!
//! Every position of a game's mainline is a sample labelled with the game's result, except the
//! opening's (the moves with a `book` comment, and the first eight plies), positions in check,
//! and positions whose move was a capture or a promotion (not quiet: the static evaluation
//! would be judged on an exchange under way). The weights start from the engine's own; the
//! error before and after, on the samples and on every tenth game held out (`--hold-out N`:
//! every N-th; 0 holds none out), and the fitted scale, are printed. `--from-material` starts
//! from material values alone instead. `--lambda L` aims at L times the result plus 1 - L
//! times the expected result of the game's `[%eval]` of the position (the searching engine's
//! score before its move); `--l2 X` pulls the weights towards their start.
//!
//! A file that is not PGN is read as the lines `datagen` writes (`FEN | score | result`), each
//! position a sample with its search score.
//!
//! The recipe of the run goes into the generated file's header (and is printed): the command,
//! each input file's size and SHA-256 (as `sha256sum` gives it), and the date, so that the
//! weights can be traced to their data.

#[path = "support/recipe.rs"]
mod recipe;

use std::path::PathBuf;
use std::process::ExitCode;

use chess_lab::tune::{Sample, Tuner, render};
use chess_notation::Fen;
use chess_notation::pgn::{Eval, GameReader, GameResult};
use chess_rules::CastlingMode;

fn main() -> ExitCode {
    let mut epochs = 2000;
    let mut rate = 1.0;
    let mut out: Option<PathBuf> = None;
    // Every n-th game is held out to measure the fit on games it did not see.
    let mut hold_out: usize = 10;
    let mut from_material = false;
    let mut lambda: Option<f64> = None;
    let mut l2 = 0.0;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .unwrap_or_else(|| panic!("{name} needs a value"))
        };
        match arg.as_str() {
            "--epochs" => epochs = value("--epochs").parse().expect("--epochs: a number"),
            "--rate" => rate = value("--rate").parse().expect("--rate: a number"),
            "--out" => out = Some(PathBuf::from(value("--out"))),
            "--from-material" => from_material = true,
            "--lambda" => lambda = Some(value("--lambda").parse().expect("--lambda: a number")),
            "--l2" => l2 = value("--l2").parse().expect("--l2: a number"),
            "--hold-out" => hold_out = value("--hold-out").parse().expect("--hold-out: a number"),
            _ => files.push(PathBuf::from(arg)),
        }
    }
    if files.is_empty() {
        eprintln!("usage: tune [--epochs N] [--rate R] [--out FILE] GAMES.pgn...");
        return ExitCode::from(2);
    }

    let mut samples = Vec::new();
    let mut held = Vec::new();
    let mut games = 0;
    let mut inputs = Vec::new();
    for path in &files {
        let text = match std::fs::read(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        };
        let input = recipe::Input::of_bytes(&path.display().to_string(), &text);
        eprintln!("{}", input.line());
        inputs.push(input);
        // Positions as `datagen` writes them (`FEN | score | result`), rather than games: a
        // game ends where the move number falls back.
        if text.iter().find(|b| !b.is_ascii_whitespace()) != Some(&b'[') {
            let mut last_move = u32::MAX;
            for (number, line) in String::from_utf8_lossy(&text).lines().enumerate() {
                let mut fields = line.split('|').map(str::trim);
                let (Some(fen), Some(score), Some(result)) =
                    (fields.next(), fields.next(), fields.next())
                else {
                    continue;
                };
                let parsed = fen
                    .parse::<Fen>()
                    .ok()
                    .and_then(|f| f.into_position(CastlingMode::Standard).ok());
                let (Some(pos), Ok(score), Ok(result)) =
                    (parsed, score.parse::<f64>(), result.parse::<f64>())
                else {
                    eprintln!(
                        "{}: line {}: not FEN | score | result",
                        path.display(),
                        number + 1
                    );
                    continue;
                };
                if pos.fullmoves() < last_move {
                    games += 1;
                }
                last_move = pos.fullmoves();
                let bucket = if hold_out > 0 && games % hold_out == 0 {
                    &mut held
                } else {
                    &mut samples
                };
                if let Some(sample) = Sample::new(&pos, result) {
                    bucket.push(sample.with_search(score));
                }
            }
            continue;
        }
        for game in GameReader::new(&text[..]).flatten() {
            let result = match game.result {
                Some(GameResult::WhiteWins) => 1.0,
                Some(GameResult::BlackWins) => 0.0,
                Some(GameResult::Draw) => 0.5,
                _ => continue,
            };
            games += 1;
            let bucket = if hold_out > 0 && games % hold_out == 0 {
                &mut held
            } else {
                &mut samples
            };
            let mut pos = game.initial.clone();
            for (ply, node) in game.mainline.moves.iter().enumerate() {
                let Some(m) = node.m else { break };
                let book = node.comments_after.iter().any(|c| c == "book");
                let quiet = !pos.is_capture(m) && !m.is_promotion();
                if ply >= 8 && !book && quiet {
                    if let Some(mut sample) = Sample::new(&pos, result) {
                        if let Some(eval) = node.eval() {
                            let cp = match eval {
                                Eval::Centipawns(cp) => f64::from(cp),
                                Eval::Mate(n) => 2000f64.copysign(f64::from(n)),
                            };
                            sample = sample.with_search(cp);
                        }
                        bucket.push(sample);
                    }
                }
                pos.play_unchecked(m);
            }
        }
    }
    eprintln!(
        "{games} games, {} positions, {} held out",
        samples.len(),
        held.len()
    );
    let mut tuner = Tuner::new(samples);
    // k is fitted to the engine's weights, whatever the start.
    let k = tuner.fit_k();
    if let Some(lambda) = lambda {
        tuner.blend_search(lambda);
    }
    if from_material {
        tuner.start_from_material();
    }
    if l2 > 0.0 {
        tuner.regularise(l2);
    }
    eprintln!(
        "k = {k:.4}; at the start, error {:.6} ({:.6} held out)",
        tuner.error(),
        tuner.error_on(&held)
    );
    tuner.fit(epochs, rate, |epoch, error| {
        eprintln!("epoch {epoch}: error {error:.6}");
    });
    eprintln!("at the end, held out: {:.6}", tuner.error_on(&held));
    let mut provenance = format!(
        "{} positions of {games} games ({}), k = {k:.4}, from {}, {epochs} epochs of Adam at rate {rate}: error {:.6} ({:.6} on every {hold_out}th game, held out).",
        tuner.len(),
        files
            .iter()
            .map(|f| f
                .file_name()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned())
            .collect::<Vec<_>>()
            .join(", "),
        if from_material {
            "material values alone"
        } else {
            "the engine's weights"
        },
        tuner.error(),
        tuner.error_on(&held)
    );
    for line in recipe::lines("tune", &inputs) {
        eprintln!("{line}");
        provenance.push('\n');
        provenance.push_str(&line);
    }
    let text = render(&tuner.weights(), &provenance);
    match out {
        Some(path) => {
            if let Err(e) = std::fs::write(&path, text) {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        }
        None => print!("{text}"),
    }
    ExitCode::SUCCESS
}
