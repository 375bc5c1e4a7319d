//! The exit statuses of docs/cli.md, held to by every subcommand: 0 on success, 1 on invalid
//! input, 2 on a usage error, and 0, quietly, when the reader of the output has gone (a closed
//! pipe: `chess pgn --json big.pgn | head -1`).

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use chess_testdata::TempDir;

use crate::support::{TempFiles, chess_bytes};

/// A game of 20 plies, many times over: enough output to fill a pipe many times.
const GAME: &str = "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 \
6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 1-0\n\n";

/// KBN against K, in python-chess's Syzygy tables.
const KBNK: &str = "8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1";

/// One run of the program.
struct Run {
    args: Vec<String>,
    stdin: Vec<u8>,
}

/// A run of `args` with nothing on stdin.
fn run(args: &[&str]) -> Run {
    Run {
        args: args.iter().map(|&a| a.to_owned()).collect(),
        stdin: Vec::new(),
    }
}

impl Run {
    /// The same run with `stdin` on its standard input.
    fn stdin(mut self, stdin: impl Into<Vec<u8>>) -> Run {
        self.stdin = stdin.into();
        self
    }
}

/// A subcommand's runs, one for each row of the table that applies to it.
struct Case {
    /// The subcommand, for messages.
    name: &'static str,
    /// A run that succeeds: 0.
    success: Option<Run>,
    /// A run with a bad input (a missing file, a bad FEN): 1.
    bad_input: Option<Run>,
    /// A run with a bad option or value: 2.
    usage: Run,
    /// A run whose stdout is a closed pipe (the success run when `None`): 0, and nothing on
    /// stderr about the pipe.
    pipe: Option<Run>,
}

fn case(name: &'static str, success: Run, bad_input: Option<Run>, usage: Run) -> Case {
    Case {
        name,
        success: Some(success),
        bad_input,
        usage,
        pipe: None,
    }
}

impl Case {
    /// Closed-pipe runs with this run instead of the success run.
    fn pipe(mut self, run: Run) -> Case {
        self.pipe = Some(run);
        self
    }
}

/// The files the cases read, in `dir`.
struct Files {
    games: String,
    big: String,
    big_b64: String,
    bad_pgn: String,
    book: String,
    missing: String,
    empty_dir: String,
    syzygy: Option<String>,
}

fn files(dir: &TempDir) -> Files {
    let big_text = GAME.repeat(4000);
    let big = dir.file("big.pgn", &big_text);
    let encoded = chess_bytes(&["encode", &big], b"");
    assert_eq!(encoded.status, 0, "{}", encoded.stderr);
    let book = dir.join("book.bin").display().to_string();
    let games = dir.file("games.pgn", &GAME.repeat(3));
    let built = chess_bytes(
        &["book", "build", &games, "--out", &book, "--min-games", "1"],
        b"",
    );
    assert_eq!(built.status, 0, "{}", built.stderr);
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    Files {
        games,
        big,
        big_b64: dir.file("big.b64", &encoded.stdout),
        bad_pgn: dir.file("bad.pgn", "1. e4 e5 2. Ke3 *\n"),
        book,
        missing: dir.join("missing.pgn").display().to_string(),
        empty_dir: dir.join("empty").display().to_string(),
        syzygy: chess_testdata::file(chess_testdata::SYZYGY_DIR).map(|d| d.display().to_string()),
    }
}

/// Every subcommand, with a run for each status it can give.
fn cases(f: &Files, dir: &TempDir) -> Vec<Case> {
    let me = env!("CARGO_BIN_EXE_chess");
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let out = |name: &str| dir.join(name).display().to_string();
    let big_b64 = std::fs::read(&f.big_b64).unwrap();
    vec![
        Case {
            // The game in the terminal: the README's mate, then no name to save it under.
            pipe: Some(run(&["play", "--ascii"]).stdin("f3\ne5\ng4\nQh4#\n\n")),
            ..case(
                "play",
                run(&["play", "--ascii"]).stdin("f3\ne5\ng4\nQh4#\n\n"),
                Some(run(&["play", "--fen", "not a fen"])),
                run(&["play", "--level", "11"]),
            )
        },
        case(
            "check",
            run(&["check"]).stdin(start),
            Some(run(&["check", &f.missing])),
            run(&["check", "--no-such-option"]),
        ),
        case(
            "perft",
            run(&["perft", "--divide", "3"]),
            Some(run(&["perft", "--fen", "not a fen", "1"])),
            run(&["perft", "21"]),
        ),
        case(
            "moves",
            run(&["moves", "--json"]),
            Some(run(&["moves", "not a fen"])),
            run(&["moves", "--position", "960"]),
        ),
        case(
            "fen",
            run(&["fen", start]),
            Some(run(&["fen", "not a fen"])),
            run(&["fen", "--no-such-option", start]),
        ),
        case(
            "pgn",
            run(&["pgn", &f.games]),
            Some(run(&["pgn", &f.missing])),
            run(&["pgn", "--threads", "0", &f.games]),
        )
        .pipe(run(&["pgn", "--json", &f.big])),
        case(
            "pgn --export",
            run(&["pgn", "--export", &f.big]),
            Some(run(&["pgn", "--export", &f.bad_pgn])),
            run(&["pgn", "--export", "--fens", &f.games]),
        ),
        case(
            "pgn --to jsonl -",
            run(&["pgn", "--to", "jsonl", "-", &f.big]),
            Some(run(&["pgn", "--to", "jsonl", "-", &f.missing])),
            run(&["pgn", "--to", "jsonl", "-", "--threads", "0", &f.games]),
        ),
        case(
            "pgn --plan",
            run(&["pgn", "--plan", "1K", &f.big]),
            Some(run(&["pgn", "--plan", "1K", &f.missing])),
            run(&["pgn", "--plan", "0", &f.games]),
        ),
        case(
            "svg",
            run(&["svg"]),
            Some(run(&["svg", "not a fen"])),
            run(&["svg", "--size", "8"]),
        ),
        case(
            "uci",
            run(&["uci"]).stdin("uci\nisready\ngo depth 3\nquit\n"),
            Some(run(&["uci", "--book", &f.missing])),
            run(&["uci", "--no-such-option"]),
        ),
        case(
            "analyse",
            run(&["analyse", "--depth", "3", "--json"]),
            Some(run(&["analyse", "--fen", "not a fen"])),
            run(&["analyse", "--depth", "0"]),
        ),
        Case {
            // Nothing to read: no bad input.
            bad_input: None,
            ..case(
                "bench",
                run(&["bench", "--depth", "1"]),
                None,
                run(&["bench", "--depth", "0"]),
            )
        },
        case(
            "annotate",
            run(&["annotate", "-", "--depth", "1"]).stdin(GAME),
            Some(run(&["annotate", &f.missing, "--depth", "1"])),
            run(&["annotate", &f.games, "--depth", "0"]),
        ),
        case(
            "match",
            run(&[
                "match",
                "-e",
                "builtin",
                "-e",
                "builtin",
                "--depth",
                "1",
                "-n",
                "2",
                "--max-moves",
                "5",
            ]),
            Some(run(&[
                "match",
                "-e",
                "builtin",
                "-e",
                "builtin",
                "--openings",
                &f.bad_pgn,
            ])),
            run(&["match", "-e", "builtin"]),
        ),
        case(
            "encode",
            run(&["encode", &f.big]),
            Some(run(&["encode", &f.missing])),
            run(&["encode", "--position", "960"]),
        ),
        case(
            "decode",
            run(&["decode"]).stdin(big_b64),
            Some(run(&["decode", "not base64!"])),
            run(&["decode", "--raw", &f.missing, "AAAA"]),
        ),
        case(
            "book build",
            // Run again for each way the output is closed: --force.
            run(&[
                "book",
                "build",
                &f.games,
                "--out",
                &out("built.bin"),
                "--force",
            ]),
            Some(run(&["book", "build", &f.missing, "--out", &out("no.bin")])),
            run(&[
                "book",
                "build",
                &f.games,
                "--threads",
                "0",
                "--out",
                &out("no.bin"),
            ]),
        ),
        case(
            "book merge",
            run(&[
                "book",
                "merge",
                &f.book,
                &f.book,
                "--out",
                &out("merged.bin"),
                "--force",
            ]),
            Some(run(&[
                "book",
                "merge",
                &f.missing,
                &f.book,
                "--out",
                &out("no.bin"),
            ])),
            run(&["book", "merge", &f.book]),
        ),
        case(
            "book probe",
            run(&["book", "probe", &f.book]),
            Some(run(&["book", "probe", &f.games])),
            run(&["book", "probe", "--position", "960", &f.book]),
        ),
        case(
            "opening",
            run(&["opening", "e4", "c5"]),
            Some(run(&["opening", "e5"])),
            run(&["opening", "--no-such-option"]),
        ),
        Case {
            // The tables are fetched by `cargo xtask testdata`: without them, no success.
            success: f
                .syzygy
                .as_ref()
                .map(|dir| run(&["tb", "--syzygy", dir, "--fen", KBNK])),
            ..case(
                "tb",
                run(&[]),
                Some(run(&["tb", "--syzygy", &f.empty_dir, "--fen", KBNK])),
                run(&["tb", "--fen", KBNK]),
            )
        },
        Case {
            bad_input: None,
            ..case(
                "completions",
                run(&["completions", "bash"]),
                None,
                run(&["completions", "no-such-shell"]),
            )
        },
        // `perft --compare` with ourselves as the engine: they agree (3 is for a difference,
        // tested in perft.rs).
        case(
            "perft --compare",
            run(&[
                "perft",
                "--compare",
                me,
                "--engine-arg",
                "uci",
                "--json",
                "2",
            ]),
            Some(run(&["perft", "--compare", &f.missing, "2"])),
            run(&["perft", "--compare", me, "--divide", "2"]),
        ),
    ]
}

/// Runs `run` with its stdout a pipe whose reading end is closed as soon as the program
/// starts, before it has written (or, for a short output, at least before it ends). The status
/// and stderr.
fn with_closed_stdout(run: &Run) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(&run.args)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .env("XDG_STATE_HOME", crate::support::state_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chess binary runs");
    drop(child.stdout.take());
    let mut input = child.stdin.take().expect("stdin is piped");
    let _ = input.write_all(&run.stdin);
    drop(input);
    let output = child.wait_with_output().expect("the chess binary finishes");
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Runs `run`, reads one line of its stdout and closes the pipe, as `| head -1` does. The
/// status and stderr.
fn with_one_line_read(run: &Run) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(&run.args)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .env("XDG_STATE_HOME", crate::support::state_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chess binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    let stdin = run.stdin.clone();
    let feeder = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let mut stdout = BufReader::new(child.stdout.take().expect("stdout is piped"));
    let mut line = String::new();
    let _ = stdout.read_line(&mut line);
    drop(stdout);
    let output = child.wait_with_output().expect("the chess binary finishes");
    let _ = feeder.join();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

/// Whether stderr says something about the closed pipe (or worse) rather than nothing.
fn complains_of_the_pipe(stderr: &str) -> bool {
    ["Broken pipe", "os error 32", "panicked", "error"]
        .iter()
        .any(|word| stderr.contains(word))
}

/// docs/cli.md's table of exit statuses, for every subcommand: a success is 0, a bad input 1,
/// a usage error 2, and a closed output pipe 0 without a word about it.
#[test]
fn every_command_exits_as_the_table_says() {
    let dir = TempDir::new("cli-exit-status");
    let f = files(&dir);
    let mut failures = Vec::new();
    let check = |failures: &mut Vec<String>,
                 case: &Case,
                 row: &str,
                 run: &Run,
                 expected: i32,
                 status: i32,
                 stderr: &str| {
        if status != expected {
            failures.push(format!(
                "{}: {row}: `chess {}` exited with {status}, not {expected}: {stderr}",
                case.name,
                run.args.join(" ")
            ));
        }
    };
    for case in cases(&f, &dir) {
        if let Some(run) = &case.success {
            let out = chess_bytes(&to_strs(&run.args), &run.stdin);
            check(
                &mut failures,
                &case,
                "success",
                run,
                0,
                out.status,
                &out.stderr,
            );
        }
        if let Some(run) = &case.bad_input {
            let out = chess_bytes(&to_strs(&run.args), &run.stdin);
            check(
                &mut failures,
                &case,
                "invalid input",
                run,
                1,
                out.status,
                &out.stderr,
            );
            // `--to` says what it wrote, whatever happened (docs/cli.md).
            let lines = out
                .stderr
                .lines()
                .filter(|l| !l.contains(" written from "))
                .count();
            if lines != 1 {
                failures.push(format!(
                    "{}: invalid input: `chess {}` said {lines} lines, not one:\n{}",
                    case.name,
                    run.args.join(" "),
                    out.stderr
                ));
            }
        }
        let out = chess_bytes(&to_strs(&case.usage.args), &case.usage.stdin);
        check(
            &mut failures,
            &case,
            "usage",
            &case.usage,
            2,
            out.status,
            &out.stderr,
        );
        let Some(run) = case.pipe.as_ref().or(case.success.as_ref()) else {
            continue;
        };
        for (how, (status, stderr)) in [
            ("stdout closed", with_closed_stdout(run)),
            ("one line read", with_one_line_read(run)),
        ] {
            check(&mut failures, &case, how, run, 0, status, &stderr);
            if complains_of_the_pipe(&stderr) {
                failures.push(format!(
                    "{}: {how}: `chess {}` complained: {stderr}",
                    case.name,
                    run.args.join(" ")
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn to_strs(args: &[String]) -> Vec<&str> {
    args.iter().map(String::as_str).collect()
}

/// `bench` and `completions` have no input to be bad; every other subcommand has a row of
/// each kind: a subcommand added without its rows fails here.
#[test]
fn the_table_names_every_subcommand() {
    let dir = TempDir::new("cli-exit-status-names");
    std::fs::create_dir_all(dir.join("empty")).unwrap();
    let f = Files {
        games: String::new(),
        big: String::new(),
        big_b64: dir.file("big.b64", ""),
        bad_pgn: String::new(),
        book: String::new(),
        missing: String::new(),
        empty_dir: String::new(),
        syzygy: None,
    };
    let named: std::collections::BTreeSet<String> = cases(&f, &dir)
        .iter()
        .map(|c| c.name.split(' ').next().unwrap().to_owned())
        .collect();
    let help = chess_bytes(&["--help"], b"").stdout;
    let commands: std::collections::BTreeSet<String> = help
        .split("Commands:")
        .nth(1)
        .expect("a list of commands")
        .lines()
        .skip_while(|l| l.trim().is_empty())
        .take_while(|l| !l.trim().is_empty())
        // A description that goes on for another line is indented further.
        .filter(|l| !l.starts_with("   "))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|&c| c != "help")
        .map(str::to_owned)
        .collect();
    assert_eq!(named, commands);
}
