//! Trains the evaluation network on the positions `datagen` writes:
//!
//! ```sh
//! cargo run --release -p chess-lab --example train -- --epochs 30 --lambda 0.5 \
//!     --out crates/chess-engine/src/nnue/default.nnue data.txt...
//! ```
//!
//! The last `--hold-out` percent of the positions (1 by default: whole games, since a file
//! holds its games one after the other) are kept out of the fit to measure it. The scale `K`
//! is fitted to the data unless `--scale` gives it. The network is written after every epoch
//! (under a temporary name, then renamed: a stopped run leaves the last whole network).
//! `--classical` also reports the error of the classical evaluation on the held-out
//! positions. `--from NETWORK` goes on from that network's weights and scale (fine-tuning it
//! on the data) instead of random weights. `--residual` fits a network that corrects the
//! classical evaluation (the engine adds the two) instead of one that evaluates alone; a line
//! whose position is not legal is then reported and skipped, since it has no classical
//! evaluation. `--mirror` adds each training position with its files reversed (the same
//! position for the same side once neither may castle; with `--residual`, only positions
//! without castling rights, each with the classical evaluation of the mirrored position,
//! which differs: its piece-square values are fitted square by square).
//! `--king-buckets` fits a network whose inputs are by king bucket (`nnue::KING_BUCKETS`, by
//! the square of each view's own king); a `--from` network without them is copied into each
//! bucket first, so that the fit starts from its evaluations. A
//! line that is not a position is reported with its place and skipped. `--dedup` keeps only the
//! first line of each position (the FEN's placement, side to move, castling and en passant
//! fields: the move counters aside), so that the openings every game passes through weigh no
//! more than any other position and none is both fitted and held out.
//!
//! Each data file's size and SHA-256 (as `sha256sum` gives it) is printed once the file is
//! read, and the recipe of the run (the command, those digests, the date) at the end. A network
//! that is checked in keeps its recipe beside it (`src/nnue/default.nnue.recipe.md`).

#[path = "support/recipe.rs"]
mod recipe;

use std::io::{BufRead as _, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use chess_engine::nnue::Network;
use chess_lab::train::{Config, Sample, Trainer, fit_scale, position_key};

fn main() -> ExitCode {
    let mut config = Config::default();
    let mut out = PathBuf::from("net.nnue");
    let mut hold_out = 1.0f64;
    let mut scale: Option<f32> = None;
    let mut mirror = false;
    let mut classical = false;
    let mut dedup = false;
    let mut from: Option<PathBuf> = None;
    let mut lines_read: Vec<String> = Vec::new();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if !arg.starts_with("--") {
            files.push(PathBuf::from(arg));
            continue;
        }
        if arg == "--mirror" {
            mirror = true;
            continue;
        }
        if arg == "--dedup" {
            dedup = true;
            continue;
        }
        if arg == "--classical" {
            classical = true;
            continue;
        }
        if arg == "--residual" {
            config.residual = true;
            continue;
        }
        if arg == "--king-buckets" {
            config.king_buckets = true;
            continue;
        }
        let Some(value) = args.next() else {
            eprintln!("{arg} needs a value");
            return ExitCode::from(2);
        };
        let bad = || {
            eprintln!("{arg}: not a valid value: {value:?}");
            ExitCode::from(2)
        };
        macro_rules! parse {
            ($target:expr) => {
                match value.parse() {
                    Ok(v) => $target = v,
                    Err(_) => return bad(),
                }
            };
        }
        match arg.as_str() {
            "--out" => out = PathBuf::from(&value),
            "--from" => from = Some(PathBuf::from(&value)),
            "--epochs" => parse!(config.epochs),
            "--batch" => parse!(config.batch_size),
            "--rate" => parse!(config.rate),
            "--lambda" => parse!(config.lambda),
            "--threads" => parse!(config.threads),
            "--seed" => parse!(config.seed),
            "--hold-out" => parse!(hold_out),
            "--scale" => match value.parse() {
                Ok(k) => scale = Some(k),
                Err(_) => return bad(),
            },
            _ => {
                eprintln!("unknown option {arg}");
                return ExitCode::from(2);
            }
        }
    }
    if files.is_empty() {
        eprintln!(
            "usage: train [--residual] [--king-buckets] [--mirror] [--classical] [--dedup] [--from NETWORK] [--out FILE] [--epochs N] [--batch N] [--rate R] [--lambda L] [--threads N] [--hold-out PERCENT] [--scale K] DATA..."
        );
        return ExitCode::from(2);
    }

    let started = Instant::now();
    let mut samples = Vec::new();
    let mut bad = 0u64;
    let mut seen = std::collections::HashSet::new();
    let mut duplicates = 0u64;
    let mut inputs = Vec::new();
    // With --mirror --residual: the classical evaluation of each sample's mirrored position,
    // where it has one (no castling rights).
    let mut mirrored_bases: Vec<Option<i32>> = Vec::new();
    for path in &files {
        let file = match std::fs::File::open(path) {
            Ok(file) => file,
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                return ExitCode::FAILURE;
            }
        };
        let mut reader = BufReader::new(recipe::Hashing::new(file));
        for (number, line) in (&mut reader).lines().enumerate() {
            let line = match line {
                Ok(line) => line,
                Err(e) => {
                    eprintln!("{}: line {}: {e}", path.display(), number + 1);
                    return ExitCode::FAILURE;
                }
            };
            if line.trim().is_empty() {
                continue;
            }
            if dedup && !seen.insert(position_key(&line).to_owned()) {
                duplicates += 1;
                continue;
            }
            match line.parse::<Sample>() {
                Ok(sample) => {
                    let sample = if config.residual {
                        let Some(pos) = position(&line) else {
                            bad += 1;
                            if bad <= 10 {
                                eprintln!(
                                    "{}: line {}: not a legal position, no classical evaluation",
                                    path.display(),
                                    number + 1
                                );
                            }
                            continue;
                        };
                        if mirror {
                            mirrored_bases.push(
                                pos.flip_horizontal()
                                    .map(|flipped| chess_engine::evaluate(&flipped)),
                            );
                        }
                        sample.with_base(chess_engine::evaluate(&pos))
                    } else {
                        sample
                    };
                    samples.push(sample);
                    if classical {
                        lines_read.push(line);
                    }
                }
                Err(e) => {
                    bad += 1;
                    if bad <= 10 {
                        eprintln!("{}: line {}: {e}", path.display(), number + 1);
                    }
                }
            }
        }
        let input = reader.into_inner().finish(&path.display().to_string());
        eprintln!("{}", input.line());
        inputs.push(input);
    }
    let recipe = recipe::lines("train", &inputs);
    if bad > 0 {
        eprintln!("{bad} lines skipped");
    }
    if dedup {
        eprintln!("{duplicates} lines skipped as repeats of a position read before");
    }
    let held = ((samples.len() as f64 * hold_out / 100.0) as usize).min(samples.len());
    let held_out = samples.split_off(samples.len() - held);
    let scale = scale.unwrap_or_else(|| fit_scale(&samples));
    if mirror {
        let mirrored: Vec<Sample> = if config.residual {
            samples
                .iter()
                .zip(&mirrored_bases)
                .filter_map(|(sample, base)| base.map(|base| sample.mirrored().with_base(base)))
                .collect()
        } else {
            samples.iter().map(Sample::mirrored).collect()
        };
        eprintln!("{} positions mirrored", mirrored.len());
        samples.extend(mirrored);
    }
    eprintln!(
        "{} positions ({} held out) read in {:.1} s; scale K = {scale:.1} cp",
        samples.len(),
        held_out.len(),
        started.elapsed().as_secs_f64()
    );

    let mut trainer = match &from {
        Some(path) => {
            let net = match std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| Network::from_bytes(&bytes).map_err(|e| e.to_string()))
            {
                Ok(net) => net,
                Err(e) => {
                    eprintln!("{}: {e}", path.display());
                    return ExitCode::FAILURE;
                }
            };
            if net.is_residual() != config.residual {
                eprintln!(
                    "{}: the network {} a residual one: say --residual as it is",
                    path.display(),
                    if net.is_residual() { "is" } else { "is not" }
                );
                return ExitCode::from(2);
            }
            let Some(trainer) = Trainer::from_network(&config, &net) else {
                eprintln!(
                    "{}: the network's scale is not positive: nothing to go on from",
                    path.display()
                );
                return ExitCode::FAILURE;
            };
            eprintln!(
                "going on from {} (its scale K = {} cp, not the data's {scale:.1})",
                path.display(),
                trainer.scale()
            );
            trainer
        }
        None => Trainer::new(&config, scale),
    };
    if classical {
        // The classical evaluation of the held-out positions, for comparison.
        let evals: Vec<f32> = lines_read[lines_read.len() - held_out.len()..]
            .iter()
            .map(|line| classical_eval(line).unwrap_or(0) as f32)
            .collect();
        eprintln!(
            "the classical evaluation: held out {:.6}",
            trainer.loss_of(&held_out, &evals)
        );
    }
    eprintln!(
        "before: loss {:.6}, held out {:.6}",
        trainer.loss(&samples),
        trainer.loss(&held_out)
    );
    let epoch_start = Instant::now();
    for _ in 0..config.epochs {
        let epoch = trainer.epoch(&samples, &held_out);
        eprintln!(
            "epoch {:>3}: loss {:.6}, held out {:.6}, rate {:.6}, {:.0} s",
            epoch.epoch,
            epoch.train_loss,
            epoch.validation_loss,
            epoch.rate,
            epoch_start.elapsed().as_secs_f64()
        );
        // Written beside and renamed over, so that a run stopped while writing leaves the
        // network of the epoch before whole.
        let temporary = out.with_extension("nnue.partial");
        if let Err(e) = std::fs::write(&temporary, trainer.quantized().to_bytes())
            .and_then(|()| std::fs::rename(&temporary, &out))
        {
            eprintln!("{}: {e}", out.display());
            return ExitCode::FAILURE;
        }
    }
    eprintln!("the recipe of {}:", out.display());
    for line in &recipe {
        eprintln!("  {line}");
    }
    ExitCode::SUCCESS
}

/// The classical evaluation of the position of a data line (`FEN | score | result`), for the
/// side to move.
fn classical_eval(line: &str) -> Option<i32> {
    Some(chess_engine::evaluate(&position(line)?))
}

/// The position of a data line.
fn position(line: &str) -> Option<chess_rules::Position> {
    let fen = line.split('|').next()?.trim();
    fen.parse::<chess_notation::Fen>()
        .ok()?
        .into_position(chess_rules::CastlingMode::Standard)
        .ok()
}
