//! One way to name a position: every command that takes one reads it as a FEN argument, as
//! `--fen FEN`, and from stdin (`-`), with the same result.

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess};

/// A king and rook against a king: tablebases know it, and it has few moves.
const FEN: &str = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1";

#[test]
fn every_position_command_takes_an_argument_fen_and_stdin() {
    let dir = TempDir::new("cli-positions");
    // A book of games from FEN's position.
    let book_pgn = dir.file(
        "book.pgn",
        &format!("[SetUp \"1\"]\n[FEN \"{FEN}\"]\n\n1. Kd2 Kd5 1-0\n\n").repeat(3),
    );
    let book = dir.path().join("book.bin").display().to_string();
    let out = chess(&["book", "build", &book_pgn, "-o", &book], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let syzygy = chess_testdata::file(chess_testdata::SYZYGY_DIR).map(|p| p.display().to_string());

    // The command before the position, and after it.
    let commands: Vec<(Vec<&str>, Vec<&str>)> = vec![
        (vec!["moves"], vec![]),
        (vec!["moves", "--json"], vec![]),
        (vec!["fen"], vec!["--ascii"]),
        (vec!["perft", "3"], vec![]),
        (vec!["analyse", "--depth", "3"], vec![]),
        (vec!["svg"], vec![]),
        (vec!["opening"], vec!["Kd2"]),
        (vec!["opening", "--json"], vec![]),
        (vec!["book", "probe", &book], vec![]),
        (
            vec![
                "tb",
                "--syzygy",
                syzygy.as_deref().unwrap_or("/nonexistent"),
            ],
            vec![],
        ),
    ];
    for (before, after) in commands {
        // Without the tables `file` has said it skips.
        if before[0] == "tb" && syzygy.is_none() {
            continue;
        }
        let run = |position: &[&str], stdin: &str| {
            let args = [&before[..], position, &after[..]].concat();
            let out = chess(&args, stdin);
            assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
            // Analysis prints times and speeds: only the lines that do not change.
            out.stdout
                .lines()
                .filter(|line| !line.contains("nps") && !line.contains("time"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let argument = run(&[FEN], "");
        assert!(!argument.is_empty(), "{before:?}");
        assert_eq!(run(&["--fen", FEN], ""), argument, "{before:?} --fen");
        assert_eq!(run(&["-"], &format!("{FEN}\n")), argument, "{before:?} -");
        assert_eq!(
            run(&["--fen", "-"], &format!("\n{FEN}\n")),
            argument,
            "{before:?} --fen -"
        );
    }

    // Named twice: a usage error; stdin empty: said.
    let out = chess(&["moves", FEN, "--fen", FEN], "");
    assert_eq!(out.status, 2);
    let out = chess(&["opening", FEN, "--fen", FEN, "Kd2"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "name the position once");
    let out = chess(&["moves", "-"], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "stdin: no FEN");
    // A Chess960 start by number wherever a position is taken.
    for command in [
        &["moves"][..],
        &["perft", "1"],
        &["svg"],
        &["analyse", "--depth", "1"],
    ] {
        let args = [command, &["--position", "0"]].concat();
        let out = chess(&args, "");
        assert_eq!(out.status, 0, "{args:?}: {}", out.stderr);
    }
}
