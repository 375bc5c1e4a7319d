//! `chess moves`.

use crate::support::chess;

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
        "{\"fen\": \"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3\", \"moves\": [], \"check\": true, \"checkmate\": true, \"stalemate\": false, \"insufficient_material\": false}\n"
    );
}
