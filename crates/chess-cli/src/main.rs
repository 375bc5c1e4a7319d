//! The `chess` command-line program: play in the terminal, check a board, count moves, list
//! moves, and work with FEN and PGN.
//!
//! Exit status: 0 on success, 1 on invalid input (one line on stderr naming the input and the
//! place), 2 on usage errors.

mod annotate;
mod book;
mod check;
mod cli;
mod convert;
mod engine;
mod error;
mod fen;
mod files;
mod interrupt;
mod matches;
mod moves;
mod opening;
mod pack;
mod perft;
mod pgn;
mod pgn_export;
mod play;
mod play_variant;
mod position_arg;
mod progress;
mod render;
mod svg;
mod tb;
mod terminal;
mod words;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use clap::{CommandFactory, Parser};

use crate::cli::{Cli, Command, PgnAction};
use crate::error::CliError;

/// `chess play`: a variant's game, or standard chess and Chess960's.
fn play(args: &cli::PlayArgs) -> error::Result<()> {
    match position_arg::variant(&args.position) {
        Some(variant) => play_variant::run(args, variant),
        None => play::run(args),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    interrupt::install();
    // Not `stdout().lock()`: the UCI server writes from its search thread.
    let mut out = BufWriter::new(std::io::stdout());
    let result = match &cli.command {
        None => play(&cli.play),
        Some(Command::Play(args)) => play(args),
        Some(Command::Check(args)) => check::run(args, &mut out),
        Some(Command::Perft(args)) => perft::run(args, &mut out),
        Some(Command::Moves(args)) => moves::run(args, &mut out),
        Some(Command::Fen(args)) => fen::run(args, &mut out),
        Some(Command::Pgn(args)) if args.action() == PgnAction::Convert => pgn::run(args, &mut out),
        Some(Command::Pgn(args)) => files::to_output(
            args.output.as_deref(),
            args.force,
            &args.inputs(),
            &mut out,
            |mut w| pgn::run(args, &mut w),
        ),
        Some(Command::Svg(args)) => svg::run(args, &mut out),
        Some(Command::Uci(args)) => engine::uci(args),
        Some(Command::Book(command)) => book::run(command, &mut out),
        Some(Command::Opening(args)) => opening::run(args, &mut out),
        Some(Command::Tb(args)) => tb::run(args, &mut out),
        Some(Command::Analyse(args)) => engine::analyse(args, &mut out),
        Some(Command::Bench(args)) => engine::bench(args, &mut out),
        Some(Command::Match(args)) => matches::run(args, &mut out),
        Some(Command::Annotate(args)) => annotate::run(args, &mut out),
        Some(Command::Encode(args)) => pack::encode(args, &mut out),
        Some(Command::Decode(args)) => pack::decode(args, &mut out),
        Some(Command::Completions(args)) => {
            // Made in memory first: clap_complete panics when it cannot write (a closed pipe).
            let mut script = Vec::new();
            clap_complete::generate(args.shell, &mut Cli::command(), "chess", &mut script);
            out.write_all(&script).map_err(CliError::from)
        }
    };
    let flushed = out.flush();
    match result.and(flushed.map_err(CliError::from)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.io_kind == Some(std::io::ErrorKind::BrokenPipe) => ExitCode::SUCCESS,
        Err(e) => {
            if e.unsaid() {
                error::warn(&e);
            }
            ExitCode::from(e.code as u8)
        }
    }
}
