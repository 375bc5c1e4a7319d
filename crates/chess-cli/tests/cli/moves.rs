//! `chess moves`.

use crate::support::{assert_contains, chess};

#[test]
fn san_and_uci_lists() {
    let out = chess(&["moves"], "");
    assert_eq!(out.status, 0);
    insta::assert_snapshot!(out.stdout);
    let out = chess(
        &[
            "moves",
            "--uci",
            "--fen",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ],
        "",
    );
    assert!(out.stdout.lines().any(|l| l == "e1g1"));
    let out = chess(
        &[
            "moves",
            "--uci",
            "--chess960",
            "--fen",
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        ],
        "",
    );
    assert!(out.stdout.lines().any(|l| l == "e1h1"));
    assert!(out.stdout.lines().any(|l| l == "e1a1"));
}

#[test]
fn json() {
    let out = chess(
        &[
            "moves",
            "--json",
            "--fen",
            "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",
        ],
        "",
    );
    assert_eq!(out.status, 0);
    insta::assert_snapshot!(out.stdout);
    let out = chess(
        &[
            "moves",
            "--json",
            "--fen",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        ],
        "",
    );
    assert_eq!(
        out.stdout,
        "{\"fen\": \"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\", \"moves\": [], \"check\": true, \"checkmate\": true, \"stalemate\": false, \"insufficient_material\": false, \"variant\": \"Standard\", \"result\": \"0-1\"}\n"
    );
}

#[test]
fn a_position_without_moves_says_why() {
    let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let out = chess(&["moves", mate], "");
    assert_eq!((out.status, out.stdout.as_str()), (0, ""));
    assert_contains(&out.stderr, "no legal moves: checkmate: white is mated");
    let stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1";
    let out = chess(&["moves", "--fen", stalemate], "");
    assert_eq!((out.status, out.stdout.as_str()), (0, ""));
    assert_contains(
        &out.stderr,
        "no legal moves: stalemate: black is not in check and cannot move",
    );
    // The FEN as an argument is the FEN of --fen, and not both.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(
        chess(&["moves", start], "").stdout,
        chess(&["moves"], "").stdout
    );
    let out = chess(&["moves", start, "--fen", start], "");
    assert_eq!(out.status, 2);
}
