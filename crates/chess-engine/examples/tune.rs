//! Texel tuning of the evaluation on games (the engine's own, as `chess match --pgn` writes
//! them):
//!
//! ```sh
//! cargo run --release -p chess-engine --example tune -- [--epochs N] [--rate R] \
//!     [--out crates/chess-engine/src/eval/weights.rs] GAMES.pgn...
//! ```
//!
//! Every position of a game's mainline is a sample labelled with the game's result, except the
//! opening's (the moves with a `book` comment, and the first eight plies), positions in check,
//! and positions whose move was a capture or a promotion (not quiet: the static evaluation
//! would be judged on a exchange under way). The weights start from the engine's own; the
//! error before and after, and the fitted scale, are printed.

use std::path::PathBuf;
use std::process::ExitCode;

use chess_engine::tune::{Sample, Tuner, render};
use chess_notation::pgn::{GameReader, GameResult};

fn main() -> ExitCode {
    let mut epochs = 2000;
    let mut rate = 1.0;
    let mut out: Option<PathBuf> = None;
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
            _ => files.push(PathBuf::from(arg)),
        }
    }
    if files.is_empty() {
        eprintln!("usage: tune [--epochs N] [--rate R] [--out FILE] GAMES.pgn...");
        return ExitCode::from(2);
    }

    let mut samples = Vec::new();
    let mut games = 0;
    for path in &files {
        let text = match std::fs::read(path) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        };
        for game in GameReader::new(&text[..]).flatten() {
            let result = match game.result {
                Some(GameResult::WhiteWins) => 1.0,
                Some(GameResult::BlackWins) => 0.0,
                Some(GameResult::Draw) => 0.5,
                _ => continue,
            };
            games += 1;
            let mut pos = game.initial.clone();
            for (ply, node) in game.mainline.moves.iter().enumerate() {
                let Some(m) = node.m else { break };
                let book = node.comments_after.iter().any(|c| c == "book");
                let quiet = !pos.is_capture(m) && !m.is_promotion();
                if ply >= 8 && !book && quiet {
                    if let Some(sample) = Sample::new(&pos, result) {
                        samples.push(sample);
                    }
                }
                pos.play_unchecked(m);
            }
        }
    }
    eprintln!("{games} games, {} positions", samples.len());
    let mut tuner = Tuner::new(samples);
    let k = tuner.fit_k();
    eprintln!(
        "k = {k:.4}, error {:.6} with the engine's weights",
        tuner.error()
    );
    tuner.fit(epochs, rate, |epoch, error| {
        eprintln!("epoch {epoch}: error {error:.6}");
    });
    let provenance = format!(
        "{} positions of {games} games ({}), k = {k:.4}, {epochs} epochs of Adam at rate {rate}: error {:.6}.",
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
        tuner.error()
    );
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
