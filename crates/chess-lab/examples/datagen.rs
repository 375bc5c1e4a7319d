//! Training data for the evaluation network: positions of the engine's games against itself,
//! each labelled with the search's score and the game's result.
//!
//! ```sh
//! cargo run --release -p chess-lab --example datagen -- --openings openings.pgn \
//!     --games 20000 --nodes 6000 --threads 2 --seed 1 --out data.txt
//! ```
//!
//! Each game starts from one of the openings (picked at random; `cargo xtask match-openings`
//! writes balanced ones), then `--random-plies` moves chosen uniformly among the legal ones,
//! so that no two games are alike; a start that the search scores beyond ±`--max-start` is
//! dropped. Both sides then search `--nodes` nodes a move with a fresh table for each game.
//! A game ends by the rules (mate, stalemate, insufficient material, threefold repetition,
//! the 50-move rule) or by adjudication: a score of at least `--win-score` for the same side
//! on eight plies in a row, or within ±10 for twenty plies after move 40.
//!
//! The engine evaluates with its built-in network, or with `--network FILE`, or with the
//! classical evaluation (`--network classical`).
//!
//! One line per position: `FEN | score | result`, the score in centipawns for white, the result
//! 1.0, 0.5 or 0.0 for white. Only quiet positions are written: not in check, the searched move
//! neither a capture nor a promotion, the score not a mate. Lines are appended, so runs with
//! different seeds can share a file.

use std::fs::OpenOptions;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use chess_core::Color;
use chess_engine::nnue::Network;
use chess_engine::{Control, Limits, Rng, Score, Searcher};
use chess_lab::tournament::{MatchOpening, read_openings};
use chess_notation::Fen;
use chess_rules::{CastlingMode, Game, Outcome};

struct Options {
    openings: PathBuf,
    network: Option<String>,
    out: PathBuf,
    games: u64,
    nodes: u64,
    threads: usize,
    seed: u64,
    random_plies: u32,
    max_start: i32,
    win_score: i32,
}

fn main() -> ExitCode {
    let mut options = Options {
        openings: PathBuf::new(),
        network: None,
        out: PathBuf::from("data.txt"),
        games: 1000,
        nodes: 6000,
        threads: 1,
        seed: 1,
        random_plies: 4,
        max_start: 300,
        win_score: 1500,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let Some(value) = args.next() else {
            eprintln!("{arg} needs a value");
            return ExitCode::from(2);
        };
        let number = |what: &str| -> Result<u64, String> {
            value
                .parse()
                .map_err(|_| format!("{what}: expected a number, found {value:?}"))
        };
        let parsed = match arg.as_str() {
            "--openings" => {
                options.openings = PathBuf::from(&value);
                Ok(())
            }
            "--network" => {
                options.network = Some(value.clone());
                Ok(())
            }
            "--out" => {
                options.out = PathBuf::from(&value);
                Ok(())
            }
            "--games" => number(&arg).map(|n| options.games = n),
            "--nodes" => number(&arg).map(|n| options.nodes = n),
            "--threads" => number(&arg).map(|n| options.threads = n.max(1) as usize),
            "--seed" => number(&arg).map(|n| options.seed = n),
            "--random-plies" => number(&arg).map(|n| options.random_plies = n as u32),
            "--max-start" => number(&arg).map(|n| options.max_start = n as i32),
            "--win-score" => number(&arg).map(|n| options.win_score = n as i32),
            _ => Err(format!("unknown option {arg}")),
        };
        if let Err(message) = parsed {
            eprintln!("{message}");
            return ExitCode::from(2);
        }
    }
    if options.openings.as_os_str().is_empty() {
        eprintln!(
            "usage: datagen --openings FILE [--out FILE] [--games N] [--nodes N] [--threads N] [--seed N]"
        );
        return ExitCode::from(2);
    }
    let openings = match read_openings(&options.openings, None, CastlingMode::Standard) {
        Ok(openings) => openings,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::FAILURE;
        }
    };
    let network = match options.network.as_deref() {
        None => Some(Network::default_network()),
        Some("classical") => None,
        Some(path) => match std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|bytes| Network::from_bytes(&bytes).map_err(|e| e.to_string()))
        {
            Ok(network) => Some(Arc::new(network)),
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        },
    };
    let out = match OpenOptions::new()
        .create(true)
        .append(true)
        .open(&options.out)
    {
        Ok(file) => Mutex::new(file),
        Err(e) => {
            eprintln!("{}: {e}", options.out.display());
            return ExitCode::FAILURE;
        }
    };

    let started = Instant::now();
    let next_game = AtomicU64::new(0);
    let positions = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for thread in 0..options.threads {
            let (options, openings, out) = (&options, &openings, &out);
            let (next_game, positions, network) = (&next_game, &positions, &network);
            scope.spawn(move || {
                let mut searcher = Searcher::with_hash(16);
                searcher.set_network(network.clone());
                let mut rng = Rng::new(options.seed.wrapping_mul(1000).wrapping_add(thread as u64));
                loop {
                    let n = next_game.fetch_add(1, Ordering::Relaxed);
                    if n >= options.games {
                        break;
                    }
                    let lines = play(options, openings, &mut searcher, &mut rng);
                    if lines.is_empty() {
                        continue;
                    }
                    let count = lines.lines().count() as u64;
                    out.lock()
                        .expect("a writer panicked")
                        .write_all(lines.as_bytes())
                        .expect("writing the data");
                    let total = positions.fetch_add(count, Ordering::Relaxed) + count;
                    if (n + 1) % 100 == 0 {
                        let secs = started.elapsed().as_secs_f64();
                        eprintln!(
                            "{} games, {total} positions, {:.0} positions/s",
                            n + 1,
                            total as f64 / secs
                        );
                    }
                }
            });
        }
    });
    eprintln!(
        "{} positions in {:.0} s",
        positions.load(Ordering::Relaxed),
        started.elapsed().as_secs_f64()
    );
    ExitCode::SUCCESS
}

/// Plays one game and returns its data lines (none for a dropped start).
fn play(
    options: &Options,
    openings: &[MatchOpening],
    searcher: &mut Searcher,
    rng: &mut Rng,
) -> String {
    let opening = &openings[rng.below(openings.len() as u64) as usize];
    let mut game = Game::new(opening.start.clone());
    for &m in &opening.moves {
        if game.play(m).is_err() {
            return String::new();
        }
    }
    for _ in 0..options.random_plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return String::new();
        }
        let m = moves[rng.below(moves.len() as u64) as usize];
        game.play(m).expect("a legal move");
    }
    if game.outcome().is_some() {
        return String::new();
    }
    searcher.clear();

    // (FEN, score for white) of the quiet positions.
    let mut records: Vec<(String, i32)> = Vec::new();
    let limits = Limits::nodes(options.nodes);
    let control = Control::new();
    let mut winning: (Option<Color>, u32) = (None, 0);
    let mut quiet_plies = 0;
    let mut first = true;
    let result = loop {
        if let Some(outcome) = game.outcome() {
            break match outcome {
                Outcome::Decisive { winner, .. } => winner_result(winner),
                Outcome::Draw { .. } => 0.5,
            };
        }
        if game.can_claim_threefold_repetition() || game.can_claim_fifty_moves() {
            break 0.5;
        }
        let pos = game.position().clone();
        let history: Vec<u64> = game.history().iter().map(|p| p.zobrist_hash()).collect();
        let found = searcher.search(&pos, &history, &limits, &control, |_| {});
        let Some(best) = found.best_move else {
            break 0.5;
        };
        let white = |cp: i32| if pos.turn().is_white() { cp } else { -cp };
        match found.score {
            Score::Cp(cp) => {
                let cp = white(cp);
                if first && cp.abs() > options.max_start {
                    // An unbalanced start teaches little: drop the game.
                    return String::new();
                }
                if !pos.is_check() && !pos.is_capture(best) && best.promotion().is_none() {
                    records.push((Fen::from_position(&pos).to_string(), cp));
                }
                let leader = if cp >= options.win_score {
                    Some(Color::White)
                } else if cp <= -options.win_score {
                    Some(Color::Black)
                } else {
                    None
                };
                winning = match (leader, winning) {
                    (Some(c), (Some(w), n)) if c == w => (Some(c), n + 1),
                    (Some(c), _) => (Some(c), 1),
                    (None, _) => (None, 0),
                };
                if cp.abs() <= 10 {
                    quiet_plies += 1;
                } else {
                    quiet_plies = 1;
                }
            }
            Score::Mate(n) => {
                // A mate found: the side that mates wins.
                let mating = if n > 0 { pos.turn() } else { !pos.turn() };
                winning = match winning {
                    (Some(w), k) if w == mating => (Some(w), k + 1),
                    _ => (Some(mating), 1),
                };
                quiet_plies = 1;
            }
        }
        if let (Some(winner), n) = winning {
            if n >= 8 {
                break winner_result(winner);
            }
        }
        if quiet_plies >= 20 && pos.fullmoves() > 40 {
            break 0.5;
        }
        first = false;
        game.play(best).expect("the search's move is legal");
    };

    let mut lines = String::new();
    for (fen, cp) in records {
        lines.push_str(&format!("{fen} | {cp} | {result:.1}\n"));
    }
    lines
}

fn winner_result(winner: Color) -> f32 {
    if winner.is_white() { 1.0 } else { 0.0 }
}
