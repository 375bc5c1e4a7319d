//! `chess perft`: leaf counts of the move tree, in Stockfish's divide format.

use std::io::Write;
use std::time::Instant;

use chess_notation::uci;

use crate::cli::PerftArgs;
use crate::error::{CliError, Result};
use crate::position_arg::{Chess960Default, resolve};

pub fn run(args: &PerftArgs, out: &mut impl Write) -> Result<()> {
    let pos = resolve(&args.position, Chess960Default::Classical)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| CliError::usage(format!("--threads {}: {e}", args.threads)))?;
    let start = Instant::now();
    let nodes = if args.divide {
        let split = if args.threads > 1 {
            pool.install(|| chess_rules::divide_parallel(&pos, args.depth))
        } else {
            chess_rules::divide(&pos, args.depth)
        };
        for (m, count) in &split {
            writeln!(out, "{}: {count}", uci::format(&pos, *m))?;
        }
        writeln!(out)?;
        split.iter().map(|(_, n)| n).sum()
    } else if args.threads > 1 {
        pool.install(|| chess_rules::perft_parallel(&pos, args.depth))
    } else {
        chess_rules::perft(&pos, args.depth)
    };
    writeln!(out, "Nodes searched: {nodes}")?;
    let secs = start.elapsed().as_secs_f64();
    let _ = writeln!(
        std::io::stderr(),
        "time: {:.3} s, {:.1} M nodes/s",
        secs,
        if secs > 0.0 {
            nodes as f64 / secs / 1e6
        } else {
            0.0
        }
    );
    Ok(())
}
