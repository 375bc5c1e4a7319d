//! Project automation, run as `cargo xtask <command>`.
//!
//! - `cargo xtask gen-tables` regenerates every generated file checked in: the attack and Zobrist
//!   tables of chess-core, the opening names of chess-notation (from the Lichess data set in
//!   `$CHESS_OPENINGS_DIR` or `../shared/testdata/openings`; skipped, saying so, without it)
//!   and the rank code tables of its game format ([`gen_tables`] lists them with their inputs).
//! - `cargo xtask gen-tables --check` changes nothing and fails, naming each stale file, when a
//!   checked-in file differs from what its generator would write.
//! - `cargo xtask match-openings [--out FILE] [--depth N] [--max-eval CP] [--plies MIN-MAX]
//!   [--seed N]` chooses balanced openings for engine matches from the same data set, scored by
//!   the project's engine (`target/match-openings.pgn` by default).
//! - `cargo xtask testdata` fetches the third-party test data into `target/testdata/`;
//!   `--list` says what it provides and from where.
//! - `cargo xtask test [ARGS]` fetches the test data, runs `cargo test --workspace [ARGS]`, then
//!   the Python package's tests ([`python`]: its wheel built by maturin, installed into a fresh
//!   virtual environment, pytest), and lists the tests that skipped for want of data or tools.
//! - `cargo xtask thread-cpu -- COMMAND [ARGS]` runs a command and says how its CPU time
//!   divides among its threads ([`thread_cpu`]: the share of a program's serial thread).
//! - `cargo xtask structure` fails, naming them, when module files of a crate (the Python
//!   package's native module included) import each other in a circle, or when a function of
//!   chess-engine or chess-notation is over 150 lines, with its file, line and length
//!   ([`structure`]; the xtask tests check the same).

mod gen_core;
mod gen_openings;
mod gen_pack_table;
mod gen_tables;
mod generated;
mod match_openings;
mod python;
mod structure;
mod testdata;
mod thread_cpu;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::generated::Mode;

const USAGE: &str = "usage: cargo xtask gen-tables [--check]
       cargo xtask match-openings [--out FILE] [--depth N] [--max-eval CP] [--plies MIN-MAX] [--seed N]
       cargo xtask testdata [--list]
       cargo xtask test [CARGO TEST ARGS]
       cargo xtask structure
       cargo xtask thread-cpu -- COMMAND [ARGS]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        // `codegen` was this command's name for a while: the same command, not a second one.
        ["gen-tables" | "codegen"] => gen_tables::run(&project_root(), Mode::Write),
        ["gen-tables" | "codegen", "--check"] => gen_tables::run(&project_root(), Mode::Check),
        ["match-openings", rest @ ..] => match_openings::Options::parse(&project_root(), rest)
            .and_then(|options| match_openings::run(&project_root(), &options)),
        ["testdata"] => testdata::fetch(&project_root()),
        ["testdata", "--list"] => {
            testdata::list(&project_root());
            Ok(())
        }
        ["test", rest @ ..] => return test(&project_root(), rest),
        ["structure"] => structure::run(&project_root()),
        ["thread-cpu", "--", command @ ..] | ["thread-cpu", command @ ..] => {
            thread_cpu::run(command)
        }
        ["help" | "--help" | "-h"] => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `cargo xtask test`: the test data, then `cargo test --workspace` with `args`, then the
/// Python package's tests, then a list of the tests that said they skipped (through the
/// `chess-testdata` crate's skip log).
fn test(root: &Path, args: &[&str]) -> ExitCode {
    if let Err(message) = testdata::fetch(root) {
        eprintln!("error: {message}");
        return ExitCode::FAILURE;
    }
    let log = root.join("target").join("test-skips.log");
    let _ = std::fs::remove_file(&log);
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let status = std::process::Command::new(cargo)
        .args(["test", "--workspace"])
        .args(args)
        .env(chess_testdata::SKIP_LOG_VAR, &log)
        .current_dir(root)
        .status();
    // The Python package's tests, after the Rust ones (whose build they reuse in part).
    let python = python::test(root, &log);
    if let Err(message) = &python {
        eprintln!("error: the Python package's tests: {message}");
    }
    let skips = std::fs::read_to_string(&log).unwrap_or_default();
    let skips: Vec<&str> = skips.lines().collect();
    if !skips.is_empty() {
        eprintln!("\n{} test(s) skipped:", skips.len());
        for line in &skips {
            eprintln!("  {line}");
        }
        eprintln!("`.ci/install-test-tools` installs every tool they need (see the README).");
    }
    match status {
        Ok(status) if status.success() && python.is_ok() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: cannot run cargo test: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The workspace root: the parent of this crate's directory.
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}
