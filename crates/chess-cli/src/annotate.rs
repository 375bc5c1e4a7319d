//! `chess annotate`: games written back with an engine's evaluation of every move, the
//! mistakes marked and the better lines added (the judging is
//! `chess_lab::analysis::annotate`; this module reads, spreads the positions over engines on
//! several threads, and writes).

use std::io::{IsTerminal, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use chess_engine::{Control, Limits};
use chess_lab::analysis::{annotate, mainline_positions};
use chess_lab::player::{Analysis, History, Player};
use chess_notation::pgn::{GameReader, PgnGame};
use chess_rules::{Move, Position};

use crate::cli::AnnotateArgs;
use crate::engine::player;
use crate::error::{CliError, Items, Result, warn};

/// A position to analyse: which one of the game, and how it is reached.
struct Job {
    index: usize,
    start: Position,
    moves: Vec<Move>,
}

type Done = (usize, std::result::Result<Analysis, String>);

pub fn run(args: &AnnotateArgs, out: &mut impl Write) -> Result<()> {
    crate::files::to_output(
        args.output.as_deref(),
        args.force,
        std::slice::from_ref(&args.file),
        out,
        |output| annotate_games(args, output),
    )
}

/// Annotates the games of `args.file` onto `output`, a game at a time as each is done.
fn annotate_games(args: &AnnotateArgs, output: &mut dyn Write) -> Result<()> {
    let name = args.file.display().to_string();
    let input = crate::files::open(&args.file, &name)?;
    let limits = if let Some(depth) = args.depth {
        Limits::depth(depth)
    } else if let Some(nodes) = args.nodes {
        Limits::nodes(nodes)
    } else {
        Limits::movetime(Duration::from_millis(args.movetime.unwrap_or(1000)))
    };
    let mut players = Vec::new();
    for _ in 0..args.threads {
        players.push(player(&args.engine, Some(args.hash), &args.syzygy)?);
    }
    let annotator = players[0].name();

    let (jobs, job_queue) = mpsc::channel::<Job>();
    let job_queue = Arc::new(Mutex::new(job_queue));
    let (results, done) = mpsc::channel::<Done>();
    let workers: Vec<_> = players
        .into_iter()
        .map(|player| {
            let queue = Arc::clone(&job_queue);
            let results = results.clone();
            let limits = limits.clone();
            std::thread::spawn(move || work(player, &queue, &results, &limits))
        })
        .collect();
    drop(results);

    let bar = std::io::stderr().is_terminal().then(|| {
        let bar = indicatif::ProgressBar::new(0);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} positions ({eta})")
                .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar
    });
    let (mut bad, mut read) = (0u64, 0u64);
    let mut failure = None;
    for (i, game) in GameReader::new(input.reader).enumerate() {
        let number = i + 1;
        read += 1;
        let mut game = match game {
            Ok(game) => game,
            Err(e) => {
                warn(format!("{name}: {e}"));
                bad += 1;
                continue;
            }
        };
        if let Some(bar) = &bar {
            bar.set_message(format!("game {number}"));
        }
        match analyse_game(&game, &jobs, &done, bar.as_ref()) {
            Ok(analyses) => annotate(&mut game, &analyses, &annotator),
            Err(e) => {
                failure = Some(CliError::invalid(format!(
                    "{name}: game {number}: {annotator}: {e}"
                )));
                break;
            }
        }
        writeln!(output, "{game}")?;
        output.flush()?;
    }
    drop(jobs);
    for worker in workers {
        let _ = worker.join();
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(e) = failure {
        return Err(e);
    }
    Items {
        total: read,
        one: "game",
        many: "games",
        bad,
        what: "could not be read",
        input_failed: false,
    }
    .end()
}

/// The analyses of every mainline position of `game`, spread over the workers.
fn analyse_game(
    game: &PgnGame,
    jobs: &mpsc::Sender<Job>,
    done: &mpsc::Receiver<Done>,
    bar: Option<&indicatif::ProgressBar>,
) -> std::result::Result<Vec<Analysis>, String> {
    if game.variant_initial.is_some() {
        return Err(format!(
            "a game of {}: the engine plays standard chess and chess960 only",
            game.variant()
        ));
    }
    let positions = mainline_positions(game);
    let mut analyses = vec![Analysis::default(); positions.len()];
    let mut waiting = 0;
    for (index, moves) in positions.into_iter().enumerate() {
        let mut pos = game.initial.clone();
        for &m in &moves {
            pos.play_unchecked(m);
        }
        if !pos.has_legal_moves() {
            continue;
        }
        let job = Job {
            index,
            start: game.initial.clone(),
            moves,
        };
        jobs.send(job)
            .map_err(|_| "the engines stopped".to_owned())?;
        waiting += 1;
    }
    if let Some(bar) = bar {
        bar.set_length(waiting as u64);
        bar.set_position(0);
    }
    let mut failure = None;
    for _ in 0..waiting {
        let (index, analysis) = done.recv().map_err(|_| "the engines stopped".to_owned())?;
        match analysis {
            Ok(analysis) => analyses[index] = analysis,
            Err(e) => {
                failure.get_or_insert(e);
            }
        }
        if let Some(bar) = bar {
            bar.inc(1);
        }
    }
    match failure {
        Some(e) => Err(e),
        None => Ok(analyses),
    }
}

/// A worker: analyses positions until the queue closes; after an engine error it answers
/// every job with the error.
fn work(
    mut player: Player,
    queue: &Mutex<mpsc::Receiver<Job>>,
    results: &mpsc::Sender<Done>,
    limits: &Limits,
) {
    let mut broken: Option<String> = None;
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(job) = job else { return };
        let answer = match &broken {
            Some(e) => Err(e.clone()),
            None => player
                .analyse(
                    History::Moves {
                        start: &job.start,
                        moves: &job.moves,
                    },
                    limits,
                    &Control::new(),
                    |_| {},
                )
                .map_err(|e| e.to_string()),
        };
        if let Err(e) = &answer {
            broken.get_or_insert_with(|| e.clone());
        }
        if results.send((job.index, answer)).is_err() {
            return;
        }
    }
}
