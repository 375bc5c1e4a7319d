//! `chess perft`.

use crate::support::chess;

#[test]
fn divide_in_stockfish_format() {
    let out = chess(&["perft", "--divide", "2"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
    assert!(out.stdout.ends_with("\nNodes searched: 400\n"));
    assert!(out.stderr.contains("nodes/s"));
}

#[test]
fn divide_counts_add_up_to_known_totals() {
    // Kiwipete: 48 moves, 2039 nodes at depth 2, 97862 at depth 3.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let out = chess(&["perft", "--fen", fen, "--divide", "3"], "");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 48 + 2);
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 97_862);
    assert_eq!(lines[49], "Nodes searched: 97862");
    assert!(lines.contains(&"e1g1: 2059"), "castling in standard UCI");
    let out = chess(&["perft", "--fen", fen, "--threads", "2", "4"], "");
    assert_eq!(out.stdout, "Nodes searched: 4085603\n");
}

#[test]
fn chess960() {
    // Position 518 is the classical setup.
    let out = chess(&["perft", "--position", "518", "3"], "");
    assert_eq!(out.stdout, "Nodes searched: 8902\n");
    // A Chess960 position from the perft suite, recognised as Chess960 by its castling field.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1";
    let out = chess(&["perft", "--fen", fen, "3"], "");
    assert_eq!(out.stdout, "Nodes searched: 12189\n");
}

#[test]
fn bad_fen_is_invalid_input() {
    let out = chess(&["perft", "--fen", "8/8/8 w - - 0 1", "1"], "");
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "chess: --fen: invalid board field in fen at byte 5: found 3 ranks: expected 8 ranks separated by /\n"
    );
}
