//! The READMEs' sessions (the workspace's and chess-cli's), run as they are written: each `$ `
//! line of a `console` block in a copy of `examples/session` (with the fetched book and tables
//! beside), through `bash`, with the program on the PATH; the output must be the lines below
//! it. A README cannot drift from the program.

use std::path::Path;
use std::process::Command;

use chess_testdata::TempDir;

/// The commands of the README's session under `heading` and the output written under each.
fn session(readme: &str, heading: &str) -> Vec<(String, Vec<String>)> {
    let start = readme.find(heading).expect("the README has a session");
    let block = &readme[start..];
    let block = &block[block.find("```console\n").expect("a console block") + 11..];
    let block = &block[..block.find("\n```").expect("the block ends")];
    let mut steps: Vec<(String, Vec<String>)> = Vec::new();
    for line in block.lines() {
        match line.strip_prefix("$ ") {
            Some(command) => steps.push((command.to_owned(), Vec::new())),
            None => steps
                .last_mut()
                .expect("output after a command")
                .1
                .push(line.trim_end().to_owned()),
        }
    }
    steps
}

#[test]
fn the_readme_session_runs_as_written() {
    run_session("README.md", "## A short session", 10);
}

#[test]
fn the_cli_readme_examples_run_as_written() {
    run_session("crates/chess-cli/README.md", "## Examples", 3);
}

/// Runs the session under `heading` of the README at `path` (from the workspace root), which
/// has more than `commands` commands.
fn run_session(path: &str, heading: &str, commands: usize) {
    let root = chess_testdata::workspace_root();
    let readme = std::fs::read_to_string(root.join(path)).unwrap();
    let dir = TempDir::new("cli-readme");
    for entry in std::fs::read_dir(root.join("examples/session")).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.join(entry.file_name())).unwrap();
    }
    // Data other projects wrote, fetched for the tests: linked in when there.
    let book = chess_testdata::file(chess_testdata::PERFORMANCE_BOOK);
    let tables = chess_testdata::file(chess_testdata::SYZYGY_DIR);
    if let Some(book) = &book {
        std::fs::copy(book, dir.join("performance.bin")).unwrap();
    }
    if let Some(tables) = &tables {
        std::os::unix::fs::symlink(tables, dir.join("syzygy")).unwrap();
    }
    // The README names Debian's path; a Stockfish elsewhere on the PATH stands in for it.
    let stockfish = chess_testdata::stockfish();
    let binary = Path::new(env!("CARGO_BIN_EXE_chess"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let steps = session(&readme, heading);
    assert!(steps.len() > commands, "{steps:?}");
    for (mut command, expected) in steps {
        let needs = |what: &str| command.contains(what);
        if (needs("performance.bin") && book.is_none()) || (needs("syzygy/") && tables.is_none()) {
            continue; // said by chess_testdata::file
        }
        if needs("stockfish") {
            let Some(stockfish) = &stockfish else {
                let _ = chess_testdata::stockfish_or_skip();
                continue;
            };
            command = command.replace(
                chess_testdata::DEBIAN_STOCKFISH,
                &stockfish.display().to_string(),
            );
        }
        // What the README shows is stdout (a command shows its messages with `2>&1`).
        let out = Command::new("bash")
            .args(["-c", &command])
            .current_dir(dir.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .env("TERM", "dumb")
            .env("XDG_STATE_HOME", dir.join("state"))
            .output()
            .expect("bash runs");
        let actual: Vec<String> = String::from_utf8_lossy(&out.stdout)
            .lines()
            .map(|l| l.trim_end().to_owned())
            .collect();
        assert_eq!(actual, expected, "{path}: $ {command}");
    }
}
