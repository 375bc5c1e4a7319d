//! `chess tb`, and `--syzygy` for `chess analyse`, `chess uci` and `chess play`.

use chess_notation::uci;
use chess_syzygy::{RootOptions, Tablebase};

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess};

const KBNK: &str = "8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1";

/// python-chess's tables, when fetched.
fn syzygy_dir() -> Option<String> {
    chess_testdata::file(chess_testdata::SYZYGY_DIR).map(|d| d.display().to_string())
}

/// The UCI moves the tables rank best in `fen`.
fn best_moves(dir: &str, fen: &str) -> Vec<String> {
    let pos = crate::support::position(fen);
    let tables = Tablebase::open(dir).unwrap();
    let root = tables.probe_root(&pos, RootOptions::default()).unwrap();
    root.best_moves()
        .iter()
        .map(|rm| uci::format(&pos, rm.m))
        .collect()
}

#[test]
fn tb_prints_result_and_every_move() {
    let Some(dir) = syzygy_dir() else {
        return;
    };
    let out = chess(&["tb", "--syzygy", &dir, "--fen", KBNK], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
    // The 50-move rule: with 60 halfmoves gone the win is a cursed one.
    let late = "8/2K5/4B3/3N4/8/8/4k3/8 w - - 60 90";
    let out = chess(&["tb", "--syzygy", &dir, "--fen", late], "");
    assert_contains(
        &out.stdout,
        "KBNvK, white to move: win, dtz 50\nwith 60 halfmoves gone: cursed win\n",
    );
    // JSON: mate in one is the only best move.
    let out = chess(
        &[
            "tb",
            "--syzygy",
            &dir,
            "--fen",
            "k7/8/1K6/8/8/8/8/7R w - - 0 1",
            "--json",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.starts_with(
        r#"{"fen": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "material": "KRvK", "wdl": "win", "dtz": 1, "moves": [{"uci": "h1h8", "san": "Rh8#", "wdl": "win", "dtz": 1, "best": true}, {"uci": "#
    ));
    assert_eq!(out.stdout.matches(r#""best": true"#).count(), 1);
    // The losing side: every move loses, with negative distances.
    let out = chess(
        &[
            "tb",
            "--syzygy",
            &dir,
            "--fen",
            "8/8/8/3k4/8/8/1r6/4K2Q b - - 0 1",
            "--json",
        ],
        "",
    );
    assert_contains(&out.stdout, r#""wdl": "loss", "dtz": -"#);
}

#[test]
fn tb_errors_name_the_problem() {
    let Some(dir) = syzygy_dir() else {
        return;
    };
    for (fen, message) in [
        (
            "8/8/8/8/8/1P1k4/3q4/1K1Q4 w - - 0 1",
            "--syzygy: missing wdl table KQPvKQ.rtbw: no directory given holds it (",
        ),
        ("r3k3/8/8/8/8/8/8/4K3 w q - 0 1", "castling"),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "--fen: "),
    ] {
        let out = chess(&["tb", "--syzygy", &dir, "--fen", fen], "");
        assert_eq!(out.status, 1, "{fen}");
        assert_contains(&out.stderr, message);
    }
    let out = chess(&["tb", "--syzygy", "/nonexistent", "--fen", KBNK], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "/nonexistent: ");
    let out = chess(&["tb", "--fen", KBNK], "");
    assert_eq!(out.status, 2, "--syzygy is required");
}

#[test]
fn an_empty_tables_directory_is_said_at_once() {
    let empty = TempDir::new("tb-empty");
    empty.file("README", "not a table");
    let dir = empty.path().display().to_string();
    let expected = format!(
        "chess: --syzygy {dir}: no Syzygy table found (table files are named like KQvK.rtbw and KQvK.rtbz)\n"
    );
    for args in [
        vec![
            "tb",
            "--syzygy",
            &dir,
            "--fen",
            "8/8/8/8/8/8/8/KQ5k b - - 0 1",
        ],
        vec!["analyse", "--syzygy", &dir, "--depth", "1"],
        vec!["uci", "--syzygy", &dir],
    ] {
        let out = chess(&args, "quit\n");
        assert_eq!(out.status, 1, "{args:?}");
        assert_eq!(out.stderr, expected, "{args:?}");
    }
}

#[test]
fn the_engine_plays_by_the_tables() {
    let Some(dir) = syzygy_dir() else {
        return;
    };
    let best = best_moves(&dir, KBNK);
    // chess analyse: the tables' score and one of their best moves.
    let out = chess(
        &["analyse", "--syzygy", &dir, "--fen", KBNK, "--depth", "6"],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "score +19");
    // chess uci --syzygy sets SyzygyPath.
    let out = chess(
        &["uci", "--syzygy", &dir],
        &format!("uci\nposition fen {KBNK}\ngo depth 5\nquit\n"),
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "info string found ");
    let played = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a bestmove");
    assert!(
        best.iter().any(|b| b == played),
        "{played} not among {best:?}"
    );
    // chess play: the computer, playing white, opens with a best move.
    let out = chess(
        &[
            "--ascii",
            "--vs",
            "computer",
            "--color",
            "black",
            "--fen",
            KBNK,
            "--syzygy",
            &dir,
            "--movetime",
            "100",
        ],
        "quit\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let pos = crate::support::position(KBNK);
    let san: Vec<String> = best
        .iter()
        .map(|b| {
            let m = uci::parse(&pos, b).unwrap();
            format!("1. {}", chess_notation::SanPlus::from_move(&pos, m))
        })
        .collect();
    assert!(
        san.iter().any(|s| out.stdout.contains(s.as_str())),
        "{san:?} in {}",
        out.stdout
    );
    // --syzygy is the computer's: with --vs human, a usage error.
    let out = chess(&["--vs", "human", "--syzygy", &dir], "quit\n");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "--syzygy is for a game against the computer");
}
