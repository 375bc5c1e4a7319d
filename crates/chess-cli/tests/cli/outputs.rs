//! Every file the program writes appears whole or not at all: interrupted (SIGINT, SIGTERM)
//! part-way, a writer leaves its target as it was and nothing beside it; an existing file is
//! replaced only with `--force`, and an input is never lost to its own output. Also the one way
//! to name an output, `-o FILE` with the format from its extension or `--format`.

use std::io::Write;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess, chess_in};

const GAME: &str =
    "[Event \"e\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1/2-1/2\n\n";

/// The hidden temporary files (`.NAME.partial-PID`) in `dir`.
fn partial_files(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.contains(".partial-"))
        .collect()
}

/// Starts `chess args` in `dir` with stdin piped and kept open, writes `input` to it, waits
/// until the output's temporary file appears (the writer is part-way: its input is not
/// finished), sends `signal`, and returns the exit status.
fn interrupt(dir: &Path, args: &[&str], input: &[u8], signal: &str) -> i32 {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(args)
        .current_dir(dir)
        .env("XDG_STATE_HOME", dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chess binary runs");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(input).unwrap();
    stdin.flush().unwrap();
    wait_for_partial(dir, &mut child, args);
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), &child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    let output = child.wait_with_output().unwrap();
    drop(stdin);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        !stderr.contains("panicked"),
        "{args:?} panicked on {signal}:\n{stderr}"
    );
    output.status.code().unwrap_or(-1)
}

fn wait_for_partial(dir: &Path, child: &mut Child, args: &[&str]) {
    let start = Instant::now();
    while partial_files(dir).is_empty() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("{args:?} ended ({status}) before its output was begun");
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{args:?}: no temporary file appeared"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn every_writer_interrupted_leaves_the_target_untouched() {
    let dir = TempDir::new("cli-outputs-sigint");
    let games = GAME.repeat(50);
    // A book to merge, and a FIFO the merge waits on (it reads whole books).
    let out = chess_in(
        dir.path(),
        &["book", "build", "-", "-o", "a.bin", "--min-games", "1"],
        &games,
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let fifo = dir.path().join("fifo.bin");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());

    let writers: &[(&str, &[&str])] = &[
        ("out.parquet", &["pgn", "-o", "out.parquet", "--force"]),
        ("out.jsonl", &["pgn", "-o", "out.jsonl", "--force", "-"]),
        (
            "old.parquet",
            &["pgn", "--to", "parquet", "old.parquet", "--force", "-"],
        ),
        ("out.pgn", &["pgn", "--export", "-o", "out.pgn", "--force"]),
        (
            "stats.txt",
            &["pgn", "--stats", "-o", "stats.txt", "--force"],
        ),
        (
            "annotated.pgn",
            &["annotate", "--depth", "1", "-o", "annotated.pgn", "--force"],
        ),
        (
            "book.bin",
            &["book", "build", "-o", "book.bin", "--force", "-"],
        ),
        (
            "merged.bin",
            &[
                "book",
                "merge",
                "a.bin",
                "fifo.bin",
                "-o",
                "merged.bin",
                "--force",
            ],
        ),
        (
            "picture.svg",
            &["svg", "--pgn", "-", "-o", "picture.svg", "--force"],
        ),
        ("packed.txt", &["encode", "-o", "packed.txt", "--force"]),
        ("game.bin", &["encode", "-", "-o", "game.bin", "--force"]),
    ];
    for (signal, writers) in [("INT", writers), ("TERM", &writers[..2])] {
        for &(target, args) in writers {
            let target = dir.path().join(target);
            std::fs::write(&target, "precious").unwrap();
            // The picture needs only the first game: it waits for the end of it.
            let input = if args[0] == "svg" {
                "[Event \"e\"]\n\n1. e4 e5"
            } else {
                &games
            };
            let status = interrupt(dir.path(), args, input.as_bytes(), signal);
            assert_eq!(status, 130, "{args:?} on SIG{signal}");
            assert_eq!(
                std::fs::read_to_string(&target).unwrap(),
                "precious",
                "{args:?} on SIG{signal}: the target changed"
            );
            assert_eq!(
                partial_files(dir.path()),
                Vec::<String>::new(),
                "{args:?} on SIG{signal}: a partial file is left"
            );
        }
    }

    // decode: values on stdin, the output begun.
    let encoded = chess_in(dir.path(), &["encode", "-"], &games);
    let target = dir.path().join("decoded.pgn");
    std::fs::write(&target, "precious").unwrap();
    let args = ["decode", "-o", "decoded.pgn", "--force"];
    let status = interrupt(dir.path(), &args, encoded.stdout.as_bytes(), "INT");
    assert_eq!(status, 130);
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    assert!(partial_files(dir.path()).is_empty());
}

#[test]
fn a_complete_output_replaces_the_target_only_when_done() {
    let dir = TempDir::new("cli-outputs-whole");
    let pgn = dir.file("games.pgn", &GAME.repeat(3));
    let cases: &[(&str, &[&str])] = &[
        ("out.pgn", &["pgn", "-o", "out.pgn", &pgn]),
        ("book.bin", &["book", "build", &pgn, "-o", "book.bin"]),
        ("picture.png", &["svg", "-o", "picture.png"]),
        ("picture.svg", &["svg", "-o", "picture.svg"]),
        ("packed.txt", &["encode", &pgn, "-o", "packed.txt"]),
        (
            "annotated.pgn",
            &["annotate", &pgn, "--depth", "1", "-o", "annotated.pgn"],
        ),
    ];
    for &(target, args) in cases {
        let path = dir.path().join(target);
        // Written new.
        let out = chess_in(dir.path(), args, "");
        assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
        let written = std::fs::read(&path).unwrap();
        assert!(!written.is_empty(), "{args:?}");
        // Not replaced without --force: exit 1, said, untouched.
        std::fs::write(&path, "precious").unwrap();
        let out = chess_in(dir.path(), args, "");
        assert_eq!(out.status, 1, "{args:?}");
        assert_contains(&out.stderr, "the file exists (--force replaces it)");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "precious");
        // Replaced with it, by the same bytes as written new.
        let forced = [args, &["--force"]].concat();
        let out = chess_in(dir.path(), &forced, "");
        assert_eq!(out.status, 0, "{forced:?}: {}", out.stderr);
        assert_eq!(std::fs::read(&path).unwrap(), written, "{forced:?}");
        assert!(partial_files(dir.path()).is_empty(), "{args:?}");
    }
    // The format follows the extension.
    assert_eq!(
        &std::fs::read(dir.path().join("picture.png")).unwrap()[1..4],
        b"PNG"
    );
    assert!(
        std::fs::read_to_string(dir.path().join("picture.svg"))
            .unwrap()
            .starts_with("<svg")
    );
}

#[test]
fn an_input_is_never_lost_to_its_own_output() {
    let dir = TempDir::new("cli-outputs-input");
    let text = GAME.repeat(2);
    let pgn = dir.file("games.pgn", &text);
    for args in [
        vec!["book", "build", &pgn, "--out", &pgn],
        vec!["pgn", &pgn, "-o", &pgn],
        vec!["pgn", &pgn, "--to", "jsonl", &pgn],
        vec!["annotate", &pgn, "--depth", "1", "-o", &pgn],
        vec!["encode", &pgn, "-o", &pgn],
    ] {
        let out = chess(&args, "");
        assert_eq!(out.status, 1, "{args:?}");
        assert_contains(
            &out.stderr,
            "the file is also an input (--force replaces it",
        );
        assert_eq!(std::fs::read_to_string(&pgn).unwrap(), text, "{args:?}");
    }
    // Through another spelling of its name.
    let other = format!("{}/./games.pgn", dir.path().display());
    let out = chess(&["pgn", &pgn, "-o", &other], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "also an input");
    // Through a hard link: another name, the same device and inode (chess-archive's
    // `same_file`, which the Python package now shares instead of comparing canonical paths).
    let hard = dir.join("hard.pgn");
    std::fs::hard_link(&pgn, &hard).unwrap();
    let out = chess(&["pgn", &pgn, "-o", &hard.display().to_string()], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "the file is also an input");
    assert_eq!(std::fs::read_to_string(&pgn).unwrap(), text);

    // With --force, the input is read whole before the output takes its place.
    let out = chess(&["pgn", &pgn, "-o", &pgn, "--force"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let rewritten = std::fs::read_to_string(&pgn).unwrap();
    let again = chess(&["pgn", "--export", &pgn], "");
    assert_eq!(
        again.stdout, rewritten,
        "the export of the export is itself"
    );
    assert_eq!(rewritten.matches("[Event \"e\"]").count(), 2);

    // A directory is no file to write.
    let out = chess(
        &[
            "pgn",
            &pgn,
            "-o",
            &dir.path().display().to_string(),
            "--force",
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "is a directory");
}

#[test]
fn one_output_option_whose_format_follows_the_name() {
    let dir = TempDir::new("cli-outputs-format");
    let pgn = dir.file("games.pgn", &GAME.repeat(3));
    // -o OUT.parquet is --to parquet OUT.
    let out = chess_in(dir.path(), &["pgn", &pgn, "-o", "new.parquet"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = chess_in(
        dir.path(),
        &["pgn", &pgn, "--to", "parquet", "old.parquet"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        std::fs::read(dir.path().join("new.parquet")).unwrap(),
        std::fs::read(dir.path().join("old.parquet")).unwrap()
    );
    // Options in any order: the output is one value.
    let out = chess_in(
        dir.path(),
        &["pgn", "-o", "l.parquet", "--schema", "lichess", &pgn],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    // JSON Lines to stdout with --format, the same rows as -o OUT.jsonl.
    let stdout = chess(&["pgn", &pgn, "--format", "jsonl"], "");
    assert_eq!(stdout.status, 0, "{}", stdout.stderr);
    let out = chess_in(dir.path(), &["pgn", &pgn, "-o", "rows.jsonl"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        stdout.stdout,
        std::fs::read_to_string(dir.path().join("rows.jsonl")).unwrap()
    );
    assert_eq!(stdout.stdout.lines().count(), 3);
    // -o OUT.pgn exports; --format pgn with any name too.
    let exported = chess(&["pgn", "--export", &pgn], "").stdout;
    let out = chess_in(
        dir.path(),
        &["pgn", &pgn, "-o", "x.txt", "--format", "pgn"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("x.txt")).unwrap(),
        exported
    );
    // What an action prints goes to -o whatever its name.
    let fens = chess(&["pgn", "--fens", &pgn], "").stdout;
    let out = chess_in(dir.path(), &["pgn", "--fens", &pgn, "-o", "fens.txt"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("fens.txt")).unwrap(),
        fens
    );
    // A name that says nothing, and no --format: a usage error naming the choices.
    let out = chess_in(dir.path(), &["pgn", &pgn, "-o", "out.dat"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "--format (parquet, jsonl or pgn)");
    assert!(!dir.path().join("out.dat").exists());
    // Columns for an output that has none.
    let out = chess(&["pgn", &pgn, "--positions"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "--positions chooses columns");
    // --format against an action.
    let out = chess(&["pgn", &pgn, "--fens", "--format", "jsonl"], "");
    assert_eq!(out.status, 2);
    // Parquet is no stream.
    let out = chess(&["pgn", &pgn, "--format", "parquet"], "");
    assert_eq!(out.status, 2);
    // encode: a `.bin` name is the raw bytes of one value, the same as --raw.
    let out = chess_in(
        dir.path(),
        &["encode", "--position", "0", "-o", "p.bin"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = chess_in(
        dir.path(),
        &["encode", "--position", "0", "--raw", "-o", "p.raw"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        std::fs::read(dir.path().join("p.bin")).unwrap(),
        std::fs::read(dir.path().join("p.raw")).unwrap()
    );
    // book: -o and --out are one option.
    let out = chess_in(dir.path(), &["book", "build", &pgn, "--out", "b1.bin"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = chess_in(dir.path(), &["book", "build", &pgn, "-o", "b2.bin"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        std::fs::read(dir.path().join("b1.bin")).unwrap(),
        std::fs::read(dir.path().join("b2.bin")).unwrap()
    );
}

#[test]
fn encode_and_decode_read_pipes_and_files() {
    let dir = TempDir::new("cli-outputs-pipes");
    let games = GAME.repeat(7);
    // Games on stdin, no file named: one line per game (it once encoded the start position).
    let piped = chess(&["encode"], &games);
    assert_eq!(piped.status, 0, "{}", piped.stderr);
    assert_eq!(piped.stdout.lines().count(), 7);
    assert_eq!(chess(&["encode", "-"], &games).stdout, piped.stdout);
    // decode FILE reads the file (it once read the name as base64), `-` and nothing stdin.
    let file = dir.file("games.b64", &piped.stdout);
    let from_file = chess(&["decode", &file], "");
    assert_eq!(from_file.status, 0, "{}", from_file.stderr);
    assert_eq!(from_file.stdout.matches("[Event").count(), 7);
    assert_eq!(
        chess(&["decode", "-"], &piped.stdout).stdout,
        from_file.stdout
    );
    assert_eq!(chess(&["decode"], &piped.stdout).stdout, from_file.stdout);
    // A value and a file together, in order.
    let first = piped.stdout.lines().next().unwrap();
    let both = chess(&["decode", first, &file], "");
    assert_eq!(both.stdout.matches("[Event").count(), 8);
    // An error in the file names it and its line.
    let bad = dir.file("bad.b64", &format!("{first}\n!!!\n"));
    let out = chess(&["decode", &bad], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, &format!("{bad}: line 2:"));
    // FENs from stdin with --fens -.
    let fens = chess(&["encode", "--fens", "-"], "8/8/8/8/8/2k5/8/K7 b - - 0 1\n");
    assert_eq!(fens.status, 0, "{}", fens.stderr);
    let back = chess(&["decode"], &fens.stdout);
    assert_eq!(back.stdout, "8/8/8/8/8/2k5/8/K7 b - - 0 1\n");
}

/// A FIFO, a device or a standard stream named by path is written through as a stream: no
/// `--force` needed, nothing renamed over it, and the reader gets every byte.
#[test]
fn outputs_that_are_not_plain_files_are_written_through() {
    let dir = TempDir::new("cli-outputs-streams");
    std::fs::write(dir.join("games.pgn"), GAME.repeat(3)).unwrap();
    let fifo = dir.join("out.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    let out = chess_in(
        dir.path(),
        &["pgn", "--format", "jsonl", "-o", "out.fifo", "games.pgn"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let read = String::from_utf8(reader.join().unwrap()).unwrap();
    assert_eq!(read.lines().count(), 3, "{read}");
    assert!(read.contains("\"moves_uci\""));
    // Still a FIFO: nothing was renamed over it, and no temporary file is left.
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert!(partial_files(dir.path()).is_empty());

    // /dev/null and /dev/stdout, without --force.
    let out = chess_in(
        dir.path(),
        &["pgn", "--stats", "-o", "/dev/null", "games.pgn"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let out = chess_in(
        dir.path(),
        &["pgn", "--format", "jsonl", "-o", "/dev/stdout", "games.pgn"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(out.stdout.lines().count(), 3);
}

/// A symbolic link names the file it points to: that file is what `--force` replaces (the link
/// stays), and without `--force` the refusal names both.
#[test]
fn a_symbolic_link_s_target_is_what_gets_replaced() {
    let dir = TempDir::new("cli-outputs-symlink");
    std::fs::write(dir.join("games.pgn"), GAME).unwrap();
    std::fs::write(dir.join("real.jsonl"), "old\n").unwrap();
    std::os::unix::fs::symlink("real.jsonl", dir.join("link.jsonl")).unwrap();
    let out = chess_in(dir.path(), &["pgn", "-o", "link.jsonl", "games.pgn"], "");
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "real.jsonl: the file exists (--force replaces it) (through the link link.jsonl)",
    );
    let out = chess_in(
        dir.path(),
        &["pgn", "--force", "-o", "link.jsonl", "games.pgn"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        std::fs::symlink_metadata(dir.join("link.jsonl"))
            .unwrap()
            .file_type()
            .is_symlink()
    );
    let written = std::fs::read_to_string(dir.join("real.jsonl")).unwrap();
    assert!(written.contains("\"moves_uci\""), "{written}");
    // A dangling link: the file it names is created.
    std::os::unix::fs::symlink("made.jsonl", dir.join("dangling.jsonl")).unwrap();
    let out = chess_in(
        dir.path(),
        &["pgn", "-o", "dangling.jsonl", "games.pgn"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(dir.join("made.jsonl").is_file());
}
