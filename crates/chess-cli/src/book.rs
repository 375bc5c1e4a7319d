//! `chess book`: build Polyglot books from games, merge them, and list a position's book
//! moves.

use std::io::Write;
use std::path::Path;

use chess_core::Color;
use chess_notation::pgn::{GameBuilder, GameResult, ParallelReader, VisitorExt};
use chess_notation::polyglot::{Book, BookBuilder};
use chess_notation::{Fen, SanPlus, input, uci};
use chess_rules::{Move, Position};

use crate::cli::{BookBuildArgs, BookCommand, BookMergeArgs, BookProbeArgs, OnlyColor};
use crate::error::{CliError, Result};
use crate::position_arg::{Chess960Default, resolve_before_moves};
use crate::words::plural;
use chess_archive::json::Json;

pub fn run(command: &BookCommand, out: &mut impl Write) -> Result<()> {
    match command {
        BookCommand::Build(args) => build(args, out),
        BookCommand::Merge(args) => merge(args, out),
        BookCommand::Probe(args) => probe(args, out),
    }
}

fn open(path: &Path) -> Result<Book> {
    Book::open(path).map_err(|e| CliError::input(path.display(), e))
}

/// What the reading threads hand over of each game.
enum Counted {
    /// Its start, mainline and result.
    Game(Box<Position>, Vec<Move>, Option<GameResult>),
    /// Where and why it is bad (it is left out).
    Bad(String),
}

fn build(args: &BookBuildArgs, out: &mut impl Write) -> Result<()> {
    let mut builder = BookBuilder::new()
        .max_ply(args.max_ply)
        .min_games(args.min_games)
        .only(args.only.map(|only| match only {
            OnlyColor::White => Color::White,
            OnlyColor::Black => Color::Black,
        }))
        .uniform(args.uniform);
    let inputs = if args.files.is_empty() {
        vec![std::path::PathBuf::from("-")]
    } else {
        args.files.clone()
    };
    // Created first: a book that may not be replaced is said before any work.
    let mut output = crate::files::Output::create(&args.out, args.force, &inputs)?;
    let (mut games, mut bad) = (0u64, 0u64);
    for path in &inputs {
        let name = path.display().to_string();
        let crate::files::Input {
            reader: input,
            progress,
            ..
        } = crate::files::open(path, &name)?.read_ahead(&name, args.threads)?;
        let reader = GameBuilder::new().chess960(args.chess960);
        // Games are read and played on several threads, and counted here in file order: the
        // book does not depend on the number of threads.
        let mut counted = ParallelReader::new(input)
            .threads(args.threads.map_or(0, |n| n as usize))
            .visit(move || {
                reader.clone().map_output(|game| match game {
                    // A book is of standard chess (and Chess960).
                    Ok(game) if game.variant_initial.is_some() => Counted::Bad(format!(
                        "a game of {}: a book takes standard chess and chess960 only",
                        game.variant()
                    )),
                    Ok(game) => {
                        let moves = game.mainline_moves().map_while(|m| m).collect();
                        Counted::Game(Box::new(game.initial), moves, game.result)
                    }
                    Err(e) => Counted::Bad(format!("{}: {}", e.at, e.reason)),
                })
            });
        for (number, game) in (1..).zip(&mut counted) {
            match game {
                Counted::Game(start, moves, result) => {
                    builder.add_moves(&start, &moves, result);
                    games += 1;
                }
                Counted::Bad(message) => {
                    crate::error::warn(format_args!(
                        "{name}: game {number}, {message} (left out of the book)"
                    ));
                    bad += 1;
                }
            }
            progress.update();
        }
        if let Some(e) = counted.take_error() {
            return Err(CliError::input(&name, e));
        }
    }
    if games == 0 && bad > 0 {
        // An empty book would look like a success: nothing is written.
        return Err(CliError::invalid(format_args!(
            "{}: not written: {}",
            args.out.display(),
            if bad == 1 {
                "its one game could not be read".to_owned()
            } else {
                format!("none of the {bad} games could be read")
            }
        )));
    }
    let bytes = builder.to_bytes();
    output
        .write_all(&bytes)
        .map_err(|e| CliError::input(output.name(), e))?;
    output.commit()?;
    let book = Book::from_bytes(bytes).map_err(CliError::invalid)?;
    let positions = distinct_keys(&book);
    writeln!(
        out,
        "{}: {}, {}, from {}{}",
        args.out.display(),
        plural(book.len(), "entry", "entries"),
        plural(positions, "position", "positions"),
        plural(games, "game", "games"),
        if bad > 0 {
            format!(" ({} left out)", plural(bad, "bad game", "bad games"))
        } else {
            String::new()
        }
    )?;
    Ok(())
}

/// The number of positions (distinct keys) of a book.
fn distinct_keys(book: &Book) -> usize {
    let mut previous = None;
    (0..book.len())
        .filter_map(|i| book.entry(i))
        .filter(|e| previous.replace(e.key) != Some(e.key))
        .count()
}

fn merge(args: &BookMergeArgs, out: &mut impl Write) -> Result<()> {
    let inputs = [args.first.clone(), args.second.clone()];
    let mut output = crate::files::Output::create(&args.out, args.force, &inputs)?;
    let (first, second) = (open(&args.first)?, open(&args.second)?);
    let merged = first.merge(&second);
    output
        .write_all(merged.as_bytes())
        .map_err(|e| CliError::input(output.name(), e))?;
    output.commit()?;
    writeln!(
        out,
        "{}: {}, {} ({} + {} in)",
        args.out.display(),
        plural(merged.len(), "entry", "entries"),
        plural(distinct_keys(&merged), "position", "positions"),
        first.len(),
        plural(second.len(), "entry", "entries")
    )?;
    Ok(())
}

fn probe(args: &BookProbeArgs, out: &mut impl Write) -> Result<()> {
    let book = open(&args.book)?;
    let (mut pos, moves) =
        resolve_before_moves(&args.position, &args.moves, Chess960Default::Classical)?;
    let line = moves.join(" ");
    for m in input::parse_line(&pos, &line).map_err(|e| CliError::input("moves", e))? {
        pos.play_unchecked(m);
    }
    let moves = book.moves(&pos);
    let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
    if args.json {
        let list = moves
            .iter()
            .map(|m| {
                Json::Object(vec![
                    ("uci", Json::str(uci::format(&pos, m.m))),
                    ("san", Json::str(SanPlus::from_move(&pos, m.m).to_string())),
                    ("weight", Json::Number(u64::from(m.weight))),
                    ("learn", Json::Number(u64::from(m.learn))),
                ])
            })
            .collect();
        let value = Json::Object(vec![
            ("fen", Json::str(Fen::from_position(&pos).to_string())),
            ("key", Json::str(format!("{:016x}", pos.zobrist_hash()))),
            ("moves", Json::Array(list)),
        ]);
        writeln!(out, "{}", value.to_line())?;
        return Ok(());
    }
    if moves.is_empty() {
        writeln!(out, "no book moves")?;
        return Ok(());
    }
    for m in &moves {
        let share = if total > 0 {
            100.0 * f64::from(m.weight) / total as f64
        } else {
            0.0
        };
        writeln!(
            out,
            "{:<8} {:<6} weight {:>5} {share:>5.1}%  learn {}",
            SanPlus::from_move(&pos, m.m).to_string(),
            uci::format(&pos, m.m),
            m.weight,
            m.learn
        )?;
    }
    Ok(())
}
