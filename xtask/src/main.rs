//! Project automation, run as `cargo xtask <command>`.
//!
//! - `cargo xtask gen-tables` regenerates the attack and Zobrist tables checked in under
//!   `crates/chess-core/src/`.
//! - `cargo xtask gen-tables --check` fails, naming the stale file, when a checked-in table differs
//!   from what the generator would write.
//! - `cargo xtask gen-openings [--check]` regenerates the opening-name table of chess-notation
//!   from the Lichess data set beside the workspace (`../shared/testdata/openings`).
//! - `cargo xtask match-openings [--out FILE] [--depth N] [--max-eval CP] [--plies MIN-MAX]
//!   [--seed N]` chooses balanced openings for engine matches from the same data set, scored by
//!   the project's engine (`target/match-openings.pgn` by default).
//! - `cargo xtask testdata` fetches the third-party test data into `target/testdata/`;
//!   `--list` says what it provides and from where.
//! - `cargo xtask test [ARGS]` fetches the test data, runs `cargo test --workspace [ARGS]` and
//!   then lists the tests that skipped for want of data or tools.

mod gen_openings;
mod gen_tables;
mod match_openings;
mod sha256;
mod testdata;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask gen-tables [--check]
       cargo xtask gen-openings [--check]
       cargo xtask match-openings [--out FILE] [--depth N] [--max-eval CP] [--plies MIN-MAX] [--seed N]
       cargo xtask testdata [--list]
       cargo xtask test [CARGO TEST ARGS]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["gen-tables"] => gen_tables::run(&project_root(), Mode::Write),
        ["gen-tables", "--check"] => gen_tables::run(&project_root(), Mode::Check),
        ["gen-openings"] => gen_openings::run(&project_root(), Mode::Write),
        ["gen-openings", "--check"] => gen_openings::run(&project_root(), Mode::Check),
        ["match-openings", rest @ ..] => match_openings::Options::parse(&project_root(), rest)
            .and_then(|options| match_openings::run(&project_root(), &options)),
        ["testdata"] => testdata::fetch(&project_root()),
        ["testdata", "--list"] => {
            testdata::list(&project_root());
            Ok(())
        }
        ["test", rest @ ..] => return test(&project_root(), rest),
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

/// `cargo xtask test`: the test data, then `cargo test --workspace` with `args`, then a list
/// of the tests that said they skipped (through the `chess-testdata` crate's skip log).
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
        .env("CHESS_TEST_SKIP_LOG", &log)
        .current_dir(root)
        .status();
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
        Ok(status) if status.success() => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: cannot run cargo test: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Whether to write stale files or only report them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mode {
    /// Rewrite every file whose content differs from the rendering.
    Write,
    /// Change nothing; fail on the first file whose content differs.
    Check,
}

/// The workspace root: the parent of this crate's directory.
fn project_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask lives one level below the workspace root")
        .to_path_buf()
}

/// Makes `path` (relative to `root`) hold `contents`: does nothing when it already does (line
/// endings aside), fails in check mode, writes otherwise.
pub fn ensure_file(
    root: &Path,
    path: &str,
    contents: &str,
    mode: Mode,
    command: &str,
) -> Result<(), String> {
    let full = root.join(path);
    let old = std::fs::read_to_string(&full).unwrap_or_default();
    if normalize_newlines(&old) == normalize_newlines(contents) {
        return Ok(());
    }
    match mode {
        Mode::Check => Err(format!("{path} is stale: run `{command}` and commit")),
        Mode::Write => {
            if let Some(dir) = full.parent() {
                std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {path}: {e}"))?;
            }
            std::fs::write(&full, contents).map_err(|e| format!("cannot write {path}: {e}"))?;
            eprintln!("updated {path}");
            Ok(())
        }
    }
}

fn normalize_newlines(s: &str) -> String {
    s.replace("\r\n", "\n")
}
