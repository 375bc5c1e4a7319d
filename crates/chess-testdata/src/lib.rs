//! Test support for the workspace, in one place: test data, visible skips, reproducible
//! random inputs, external tools and temporary directories. A dev-dependency of every crate's
//! tests, benchmarks and examples (and a dependency of xtask, for its generator); without
//! features it depends on nothing but std.
//!
//! Two kinds of test data:
//!
//! - **Fetched**: data other projects wrote (python-chess's PGN files, Polyglot books, Syzygy
//!   tables, EPD and perft suites; the Lichess samples in pgn-reader's package). `cargo xtask
//!   testdata` brings it from the packages that ship it, checks each archive's pinned SHA-256 and
//!   unpacks it under `target/testdata/` at the workspace root, or under the directory named by
//!   [`DATA_VAR`]. Nothing of it is committed; `cargo xtask testdata --list` says what comes from
//!   where, at which version.
//! - **Own**: files the project wrote that more than one crate reads (the perft counts of the
//!   standard positions, written as facts), committed once, in this crate's `data/` folder.
//!
//! A test that needs a fetched file asks for it and returns when it gets nothing:
//!
//! ```no_run
//! let Some(text) = chess_testdata::read_to_string("python-chess/data/endgame.epd") else {
//!     return; // skipped, and said so on the terminal
//! };
//! assert_eq!(text.lines().count(), 200);
//! ```
//!
//! A skip is written straight to the terminal (past the test harness's output capture, so it
//! shows in the summary of a plain `cargo test`), names the command that fetches the data, and
//! is logged to the file named by [`SKIP_LOG_VAR`] (how `cargo xtask test` counts them at the
//! end). With [`REQUIRE_VAR`] set to `1`, as `.ci/run` sets it, a skip is a failure instead. The
//! tools from outside the workspace skip the same way: [`python_chess`], and Stockfish found by
//! [`stockfish`] (quietly) or [`stockfish_or_skip`].
//!
//! The rest of the support:
//!
//! - [`Rng`]: the one generator of random test inputs (xorshift64*), also the magic search's.
//! - `random_moves`, `random_game` and `random_positions` (with the `rules` feature, on
//!   chess-rules): games of uniformly random legal moves, from a seed.
//! - [`TempDir`]: a fresh directory under the system's temporary directory, removed on drop.
//!
//! ```
//! use chess_testdata::{Rng, TempDir};
//!
//! let mut rng = Rng::new(42);
//! let bytes: Vec<u8> = (0..16).map(|_| rng.next_u64() as u8).collect();
//! let dir = TempDir::new("lib-example");
//! let path = dir.write("noise.bin", &bytes);
//! assert_eq!(std::fs::read(path).unwrap(), bytes);
//! ```

pub mod perft;
pub mod pgn;
#[cfg(feature = "rules")]
mod random;
mod rng;
pub mod sha256;
mod temp_dir;

#[cfg(feature = "rules")]
pub use random::{random_game, random_moves, random_positions};
pub use rng::Rng;
pub use temp_dir::TempDir;

/// The examples of the crate's README, checked as doctests.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

use std::io::Write;
use std::path::{Path, PathBuf};

/// The environment variable naming the directory of fetched data, when it is not
/// `target/testdata` at the workspace root.
pub const DATA_VAR: &str = "CHESS_TESTDATA";

/// The environment variable that turns a skip (missing data, python-chess or Stockfish) into a
/// failure when it is `1`; CI sets it after fetching and installing everything.
pub const REQUIRE_VAR: &str = "CHESS_REQUIRE_TEST_TOOLS";

/// The environment variable naming a file that every skip appends a line to (`cargo xtask test`
/// sets it and prints the skips after the test run).
pub const SKIP_LOG_VAR: &str = "CHESS_TEST_SKIP_LOG";

/// The command that fetches the third-party test data.
pub const FETCH_COMMAND: &str = "cargo xtask testdata";

/// python-chess's real-world PGN files of standard chess and Chess960 (its other PGN files are
/// games of variants), relative to the data directory.
pub const PGN_FILES: [&str; 5] = [
    "python-chess/data/pgn/chessbase-empty-line.pgn",
    "python-chess/data/pgn/cutechess-fischerrandom.pgn",
    "python-chess/data/pgn/kasparov-deep-blue-1997.pgn",
    "python-chess/data/pgn/stockfish-learning.pgn",
    "python-chess/data/pgn/utf8-bom.pgn",
];

/// python-chess's perft suite of positions that catch move generator bugs (en passant pins,
/// castling through check, promotions).
pub const TRICKY_PERFT: &str = "python-chess/examples/perft/tricky.perft";

/// python-chess's real-world PGN files of variant games (Lichess's Crazyhouse, ProgramFOX's
/// Antichess), relative to the data directory.
pub const VARIANT_PGN_FILES: [&str; 3] = [
    "python-chess/data/pgn/antichess-programfox.pgn",
    "python-chess/data/pgn/knightvuillaume-jannlee-zh-lichess.pgn",
    "python-chess/data/pgn/saturs-jannlee-zh-lichess.pgn",
];

/// The project's own Lichess-style sample of variant games (in [`own`]'s folder): one game
/// of each of Lichess's seven variants, with Lichess's tags, spellings and clocks, each
/// checked with python-chess when it was written.
pub const LICHESS_VARIANT_SAMPLE: &str = "lichess_variants_sample.pgn";

/// python-chess's perft suite of all 960 Chess960 start positions (Shredder-FEN castling).
pub const CHESS960_PERFT: &str = "python-chess/examples/perft/chess960.perft";

/// python-chess's perft suite of positions from random games.
pub const RANDOM_PERFT: &str = "python-chess/examples/perft/random.perft";

/// python-chess's perft suites of the variants, each with the name of its variant as
/// python-chess's `find_variant` reads it (its `perft.py -v NAME`; giveaway.perft holds no
/// castling rights, so it is Antichess's too).
pub const VARIANT_PERFT: [(&str, &str); 6] = [
    ("Three-check", "python-chess/examples/perft/3check.perft"),
    ("Atomic", "python-chess/examples/perft/atomic.perft"),
    ("Crazyhouse", "python-chess/examples/perft/crazyhouse.perft"),
    ("Antichess", "python-chess/examples/perft/giveaway.perft"),
    ("Horde", "python-chess/examples/perft/horde.perft"),
    (
        "Racing Kings",
        "python-chess/examples/perft/racingkings.perft",
    ),
];

/// python-chess's real Polyglot book (92 954 entries).
pub const PERFORMANCE_BOOK: &str = "python-chess/data/polyglot/performance.bin";

/// python-chess's small Polyglot book of the Lasker trap.
pub const LASKER_TRAP_BOOK: &str = "python-chess/data/polyglot/lasker-trap.bin";

/// python-chess's 200 endgame positions, each with its `wdl` and `dtz` stated.
pub const ENDGAME_EPD: &str = "python-chess/data/endgame.epd";

/// The directory of python-chess's Syzygy tables: the WDL (`.rtbw`) and DTZ (`.rtbz`) table of
/// every material of three and four pieces.
pub const SYZYGY_DIR: &str = "python-chess/data/syzygy/regular";

/// 47 blitz games of the Lichess open database (CC0), the sample in pgn-reader's benchmarks.
pub const LICHESS_SAMPLE: &str = "pgn-reader/benches/lichess_db_100k.pgn";

/// The workspace root (two levels above this crate).
#[must_use]
pub fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("chess-testdata lives in crates/ at the workspace root")
        .to_path_buf()
}

/// The directory of the fetched data: [`DATA_VAR`] if set, else `target/testdata` at the
/// workspace root.
#[must_use]
pub fn dir() -> PathBuf {
    match std::env::var_os(DATA_VAR) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => workspace_root().join("target").join("testdata"),
    }
}

/// The path of a fetched file (`relative` to [`dir`]), if it is there. Says nothing when it is
/// not: for the callers that have another way to go on.
#[must_use]
pub fn find(relative: &str) -> Option<PathBuf> {
    let path = dir().join(relative);
    path.exists().then_some(path)
}

/// The path of a fetched file, or `None` after [`skip`]ping the calling test when it is
/// missing (a failure under [`REQUIRE_VAR`]).
#[must_use]
pub fn file(relative: &str) -> Option<PathBuf> {
    let found = find(relative);
    if found.is_none() {
        skip(
            &format!("test data {} is missing", dir().join(relative).display()),
            &format!("run `{FETCH_COMMAND}`"),
        );
    }
    found
}

/// The bytes of a fetched file, or `None` when it is missing (see [`file()`]).
///
/// # Panics
///
/// When the file is there but cannot be read.
#[must_use]
pub fn read(relative: &str) -> Option<Vec<u8>> {
    let path = file(relative)?;
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display())))
}

/// The text of a fetched file, or `None` when it is missing (see [`file()`]).
///
/// # Panics
///
/// When the file is there but cannot be read or is not UTF-8.
#[must_use]
pub fn read_to_string(relative: &str) -> Option<String> {
    let bytes = read(relative)?;
    Some(String::from_utf8(bytes).unwrap_or_else(|e| panic!("{relative} is not UTF-8: {e}")))
}

/// The bytes of several fetched files, in order, or `None` (one skip) when any is missing.
#[must_use]
pub fn read_each(relatives: &[&str]) -> Option<Vec<Vec<u8>>> {
    if let Some(missing) = relatives.iter().find(|r| find(r).is_none()) {
        let _ = file(missing);
        return None;
    }
    relatives.iter().map(|r| read(r)).collect()
}

/// The path of a fetched file for a benchmark or an example, which has no way to skip.
///
/// # Panics
///
/// When the file is missing, with the command that fetches it.
#[must_use]
pub fn expect(relative: &str) -> PathBuf {
    find(relative).unwrap_or_else(|| {
        panic!(
            "{} is missing: run `{FETCH_COMMAND}` first",
            dir().join(relative).display()
        )
    })
}

/// The path of one of the project's own shared test files (in this crate's `data/` folder).
#[must_use]
pub fn own(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(name)
}

/// The text of one of the project's own shared test files.
///
/// # Panics
///
/// When the file cannot be read: it is committed, so that is a broken checkout.
#[must_use]
pub fn own_to_string(name: &str) -> String {
    let path = own(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Whether a missing test input must fail the test ([`REQUIRE_VAR`] is `1`).
#[must_use]
pub fn required() -> bool {
    std::env::var_os(REQUIRE_VAR).is_some_and(|v| v == "1")
}

/// Skips the calling test, which returns right after: says on the terminal what is missing
/// (`what`) and how to get it (`remedy`), and logs it to [`SKIP_LOG_VAR`]'s file.
///
/// # Panics
///
/// When [`required`]: then a missing input is a failure.
pub fn skip(what: &str, remedy: &str) {
    match skip_line(&current_test(), what, remedy, required()) {
        Ok(line) => report_skip(&line),
        Err(failure) => panic!("{failure}"),
    }
}

/// The line that says `who` (a test, a part of `cargo xtask`) skipped for lack of `what`,
/// and how to get it (`remedy`); the failure's message instead when the input is `required`
/// ([`required`] says whether it is). The one wording of every skip of the workspace.
///
/// ```
/// let line = chess_testdata::skip_line("python/tests", "no pytest", "pip install pytest", false);
/// assert_eq!(
///     line.unwrap(),
///     "python/tests: SKIPPED: no pytest (pip install pytest; CHESS_REQUIRE_TEST_TOOLS=1 makes this a failure)"
/// );
/// let failure = chess_testdata::skip_line("python/tests", "no pytest", "pip install pytest", true);
/// assert_eq!(
///     failure.unwrap_err(),
///     "python/tests: no pytest (pip install pytest), and CHESS_REQUIRE_TEST_TOOLS=1 requires it"
/// );
/// ```
pub fn skip_line(who: &str, what: &str, remedy: &str, required: bool) -> Result<String, String> {
    if required {
        Err(format!(
            "{who}: {what} ({remedy}), and {REQUIRE_VAR}=1 requires it"
        ))
    } else {
        Ok(format!(
            "{who}: SKIPPED: {what} ({remedy}; {REQUIRE_VAR}=1 makes this a failure)"
        ))
    }
}

/// Says that something skipped, in `line`: on the terminal, and in the file named by
/// [`SKIP_LOG_VAR`] (how `cargo xtask test` counts the skips). [`skip`] words its line;
/// `cargo xtask gen-tables` reports a part it skips through this too.
pub fn report_skip(line: &str) {
    // Written to the handle, not through `eprintln!`: the test harness captures the macros'
    // output of passing tests, and a skip must be seen.
    let _ = writeln!(std::io::stderr().lock(), "{line}");
    if let Some(log) = std::env::var_os(SKIP_LOG_VAR).filter(|l| !l.is_empty()) {
        log_skip(Path::new(&log), line);
    }
}

/// Appends a skip's `line` to the skip log `log` (what [`report_skip`] does with the file
/// [`SKIP_LOG_VAR`] names; `cargo xtask test` logs its own parts' skips to its log so).
pub fn log_skip(log: &Path, line: &str) {
    let appended = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(log)
        .and_then(|mut f| writeln!(f, "{line}"));
    if let Err(e) = appended {
        let _ = writeln!(std::io::stderr().lock(), "cannot log the skip: {e}");
    }
}

/// Whether `python3` with python-chess (the oracle of the notation, book and tablebase tests)
/// runs; when it does not, the calling test has said it skips (or failed, under
/// [`REQUIRE_VAR`]).
#[must_use]
pub fn python_chess() -> bool {
    let runs = std::process::Command::new("python3")
        .args(["-c", "import chess.polyglot, chess.syzygy"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !runs {
        skip(
            "python3 with python-chess is not available",
            "python3 -m pip install chess==1.11.2",
        );
    }
    runs
}

/// What `python3 SCRIPT ARGS...` prints, for a test whose oracle is a script (python-chess's
/// answers, line by line); panics with the script's stderr when it fails. Call it after
/// [`python_chess`] said the oracle runs.
#[must_use]
pub fn python_output<I, A>(script: &Path, args: I) -> String
where
    I: IntoIterator<Item = A>,
    A: AsRef<std::ffi::OsStr>,
{
    let out = std::process::Command::new("python3")
        .arg(script)
        .args(args)
        .output()
        .expect("python3 runs");
    assert!(
        out.status.success(),
        "{}: {}",
        script.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("the script prints UTF-8")
}

/// Where Debian's package installs Stockfish.
pub const DEBIAN_STOCKFISH: &str = "/usr/games/stockfish";

/// Stockfish, the reference engine of the perft, UCI and match tests: Debian's
/// [`DEBIAN_STOCKFISH`] if it is there, else the first `stockfish` on the `PATH`; `None` when
/// neither is. Says nothing: for callers that go on without it (see [`stockfish_or_skip`]).
///
/// ```
/// if let Some(path) = chess_testdata::stockfish() {
///     assert!(path.is_file());
/// }
/// ```
#[must_use]
pub fn stockfish() -> Option<PathBuf> {
    find_program(
        Path::new(DEBIAN_STOCKFISH),
        "stockfish",
        std::env::var_os("PATH").as_deref(),
    )
}

/// `first` if it is a file, else the first file called `name` in the directories of `path` (a
/// `PATH`-like list).
fn find_program(first: &Path, name: &str, path: Option<&std::ffi::OsStr>) -> Option<PathBuf> {
    if first.is_file() {
        return Some(first.to_path_buf());
    }
    std::env::split_paths(path?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

/// [`stockfish`], or `None` after [`skip`]ping the calling test when it is not installed (a
/// failure under [`REQUIRE_VAR`]).
///
/// ```no_run
/// let Some(stockfish) = chess_testdata::stockfish_or_skip() else {
///     return; // skipped, and said so on the terminal
/// };
/// # let _ = stockfish;
/// ```
#[must_use]
pub fn stockfish_or_skip() -> Option<PathBuf> {
    let found = stockfish();
    if found.is_none() {
        skip(
            &format!("Stockfish is not installed (neither {DEBIAN_STOCKFISH} nor on the PATH)"),
            "apt-get install stockfish",
        );
    }
    found
}

/// The calling test's name, as the test harness names its thread, with the package's name.
fn current_test() -> String {
    let package = std::env::var("CARGO_PKG_NAME").unwrap_or_default();
    let thread = std::thread::current();
    let test = thread.name().filter(|&n| n != "main").unwrap_or("a test");
    if package.is_empty() {
        test.to_owned()
    } else {
        format!("{package} {test}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn own_files_are_found() {
        let text = own_to_string("standard.perft");
        assert!(text.contains("\nid startpos\n"), "{}", &text[..40]);
    }

    #[test]
    fn fetched_files_resolve_below_the_data_directory() {
        let root = workspace_root();
        assert!(root.join("Cargo.toml").exists(), "{}", root.display());
        if std::env::var_os(DATA_VAR).is_none() {
            assert_eq!(dir(), root.join("target/testdata"));
        }
        assert_eq!(find("no/such/file.pgn"), None);
    }

    #[test]
    fn programs_are_found_at_their_path_then_on_the_path() {
        let a = TempDir::new("find-program-a");
        let b = TempDir::new("find-program-b");
        let on_path = b.write("stockfish", "");
        let path = std::env::join_paths([a.path(), b.path()]).unwrap();
        let missing = a.join("no-such-stockfish");
        assert_eq!(
            find_program(&missing, "stockfish", Some(&path)),
            Some(on_path.clone())
        );
        // A directory of that name is not a program: the search goes on.
        std::fs::create_dir(a.join("stockfish")).unwrap();
        assert_eq!(
            find_program(&missing, "stockfish", Some(&path)),
            Some(on_path)
        );
        let first = a.write("first", "");
        assert_eq!(
            find_program(&first, "stockfish", Some(&path)),
            Some(first.clone())
        );
        assert_eq!(find_program(&missing, "stockfish", None), None);
        assert_eq!(find_program(&missing, "other", Some(&path)), None);
    }

    #[test]
    fn the_test_name_is_the_harness_thread_name() {
        assert!(
            current_test().ends_with("tests::the_test_name_is_the_harness_thread_name")
                || std::thread::current().name() == Some("main"),
            "{}",
            current_test()
        );
    }
}
