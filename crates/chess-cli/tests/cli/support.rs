//! Running the `chess` binary, and the files of its arguments. Stockfish and temporary
//! directories come from chess-testdata.

use std::io::Write;
use std::process::{Command, Stdio};

use chess_testdata::TempDir;

pub struct Output {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `chess` with `args`, feeding `stdin`; no terminal, no colours.
pub fn chess(args: &[&str], stdin: &str) -> Output {
    chess_bytes(args, stdin.as_bytes())
}

/// [`chess`] with any bytes on stdin.
pub fn chess_bytes(args: &[&str], stdin: &[u8]) -> Output {
    chess_env(
        args,
        stdin,
        &[("XDG_STATE_HOME", state_dir().to_str().unwrap())],
    )
}

/// Where the tests' games left unsaved are kept (`XDG_STATE_HOME`): out of the home
/// directory of whoever runs them, one directory for this run of the tests.
pub fn state_dir() -> &'static std::path::Path {
    static STATE: std::sync::OnceLock<TempDir> = std::sync::OnceLock::new();
    STATE.get_or_init(|| TempDir::new("cli-tests-state")).path()
}

/// [`chess_bytes`] with these environment variables.
pub fn chess_env(args: &[&str], stdin: &[u8], env: &[(&str, &str)]) -> Output {
    run(
        Command::new(env!("CARGO_BIN_EXE_chess")).envs(env.iter().copied()),
        args,
        stdin,
    )
}

/// [`chess`] run in the directory `dir`, where the file names it is given are relative to.
pub fn chess_in(dir: &std::path::Path, args: &[&str], stdin: &str) -> Output {
    run(
        Command::new(env!("CARGO_BIN_EXE_chess"))
            .current_dir(dir)
            .env("XDG_STATE_HOME", state_dir()),
        args,
        stdin.as_bytes(),
    )
}

/// Runs `command` with `args`, feeding `stdin`; no terminal, no colours.
fn run(command: &mut Command, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = command
        .args(args)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chess binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    // A broken pipe here only means the program stopped reading, which the tests judge by its
    // output.
    let _ = input.write_all(stdin);
    drop(input);
    let output = child.wait_with_output().expect("the chess binary finishes");
    Output {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}

/// Asserts that `text` contains `needle`, showing both when it does not.
#[track_caller]
pub fn assert_contains(text: &str, needle: &str) {
    assert!(text.contains(needle), "expected {needle:?} in:\n{text}");
}

/// Set to run the suite on a machine without python3: the tests that need it then say they are
/// skipped instead of failing.
pub const NO_PYTHON_VAR: &str = "CHESS_TEST_WITHOUT_PYTHON";

/// Whether python3 runs. Without it a test needing it fails (CI always has python3, so a
/// missing one is a broken setup, not a reason to pass), unless `CHESS_TEST_WITHOUT_PYTHON` is
/// set: then it is skipped, saying so.
pub fn python3_or_skip(test: &str) -> bool {
    let runs = Command::new("python3")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if runs {
        return true;
    }
    assert!(
        std::env::var_os(NO_PYTHON_VAR).is_some(),
        "{test}: python3 is needed (set {NO_PYTHON_VAR}=1 to skip the tests that need it)"
    );
    chess_testdata::skip(
        &format!("python3 is not installed and {NO_PYTHON_VAR} is set"),
        "install python3",
    );
    false
}

/// Runs `tmux` with a test's own server (`socket`).
pub fn tmux(socket: &str, args: &[&str]) -> std::process::Output {
    Command::new("tmux")
        .args(["-L", socket])
        .args(args)
        .output()
        .expect("tmux runs")
}

/// Called by a test whose external tool is missing, which returns right after: a visible skip,
/// or a failure under `CHESS_REQUIRE_TEST_TOOLS=1` (see [`chess_testdata::skip`]).
pub fn tool_missing(tool: &str, install: &str) {
    chess_testdata::skip(&format!("{tool} is not installed"), install);
}

/// Files written into a test's [`TempDir`], named as the `chess` program's arguments.
pub trait TempFiles {
    /// Writes `text` to the file `name` in the directory and returns its path.
    fn file(&self, name: &str, text: &str) -> String;

    /// Writes `bytes` to the file `name` in the directory and returns its path.
    fn file_bytes(&self, name: &str, bytes: &[u8]) -> String;
}

impl TempFiles for TempDir {
    fn file(&self, name: &str, text: &str) -> String {
        self.file_bytes(name, text.as_bytes())
    }

    fn file_bytes(&self, name: &str, bytes: &[u8]) -> String {
        self.write(name, bytes).display().to_string()
    }
}

/// The path of one of the CLI's own test files (`tests/data/`).
pub fn own_file(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// The path of one of python-chess's real-world PGN files, fetched by `cargo xtask testdata`,
/// or `None` when it is missing (the calling test has then said it skips).
pub fn real_pgn(name: &str) -> Option<String> {
    chess_testdata::file(&format!("python-chess/data/pgn/{name}")).map(|p| p.display().to_string())
}

/// The position of a FEN (standard castling unless the rights can only mean Chess960).
pub fn position(fen: &str) -> chess_rules::Position {
    let parsed: chess_notation::Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    parsed
        .into_position_auto()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}
