//! Mate problems: the engine finds every mate in two and in three, and the move it plays
//! mates in that many moves, as a brute-force solver confirms.

use chess_engine::{Control, Limits, Score, Searcher};

use crate::support::{mates_within, move_mates_within, position};

/// Mates in two, from games and studies (most from Fred Reinfeld's and W. T. Harvey's
/// collections), each confirmed below to be a mate in two and not in one.
const MATES_IN_TWO: [&str; 16] = [
    "r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1",
    "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1",
    "r1b2k1r/ppp1bppp/8/1B1Q4/5q2/2P5/PPP2PPP/R3R1K1 w - - 1 1",
    "5rkr/pp2Rp2/1b1p1Pb1/3P2Q1/2n3P1/2p5/P4P2/4R1K1 w - - 1 1",
    "1r1kr3/Nbppn1pp/1b6/8/6Q1/3B1P2/Pq3P1P/3RR1K1 w - - 1 1",
    "5rk1/1p1q2bp/p2pN1p1/2pP2Bn/2P3P1/1P6/P4QKP/5R2 w - - 1 1",
    "r1nk3r/2b2ppp/p3b3/3NN3/Q2P3q/B2B4/P4PPP/4R1K1 w - - 1 1",
    "r4br1/3b1kpp/1q1P4/1pp1RP1N/p7/6Q1/PPB3PP/2KR4 w - - 1 1",
    "r1b2k1r/ppppq3/5N1p/4P2Q/4PP2/1B6/PP5P/n2K2R1 w - - 1 1",
    "r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1",
    "4k2r/p1p2p1p/b1p2qpb/3P4/3r2P1/1BN1B3/PPP3PP/R1Q3KR b k - 0 1",
    "2kr2nr/pp1n1ppp/2p1p3/8/1P1P1B2/2N2Q1P/1PPKBPP1/7q w - - 0 1",
    "8/k7/6RR/8/8/8/8/4K3 w - - 0 1",
    "8/8/8/4R3/8/4K3/8/5k2 w - - 0 1",
    "7k/8/1K6/1R6/1R5P/8/8/8 w - - 0 1",
    "1Q6/8/8/8/8/k2K4/8/8 w - - 0 1",
];

/// Mates in three, from games and puzzle collections (a smothered mate, an underpromotion,
/// queen sacrifices, two with black to move), each confirmed below.
const MATES_IN_THREE: [&str; 22] = [
    "r1b2rk1/pp3Npp/8/2p5/3Pp1P1/1Q6/PP4KP/8 w - - 0 1",
    "r1bq3k/ppp2r1p/2np1p1Q/2bNpp2/2B1P2N/3P4/PPP2PPP/R3K2R w - - 0 1",
    "r1b5/pp4kp/6p1/3p2Nq/3P4/Q5P1/PPP3P1/4R1K1 w - - 0 1",
    "5r1k/2r2P2/3qbRPp/1p1n4/p2pB3/4p1NP/PP6/6RK w - - 0 1",
    "r2q1r1k/1b4n1/p3p1nN/1p1p4/2p5/1P1BP2R/PBPP2PP/5RK1 w - - 0 1",
    "6K1/3r3r/5kn1/5p2/5P2/6N1/8/4R1R1 w - - 0 1",
    "rn1q2rk/pp3p1p/2p4Q/3p4/7P/2NP2R1/PPP3P1/4RK2 w - - 0 1",
    "5r2/2R2P1k/7p/4q3/7K/8/6Q1/8 w - - 0 1",
    "2k4r/ppp3p1/3p2q1/3P4/2P1p3/1P6/P3QbNB/R4R1K b - - 0 1",
    "4rr2/2p1n1R1/pq1pkp2/1N6/BpppN1P1/b5B1/8/3K3Q w - - 0 1",
    "4rr2/q1p1n1R1/p3kp2/1N1p4/B1ppN1P1/6B1/bp6/3K3Q w - - 0 1",
    "rn1q1b1r/pp2kppp/3np3/1B2NQ2/P2p4/2N5/1P3PPP/R1B1K2R w KQ - 0 1",
    "r2qr1k1/ppp1bp1p/2n3pB/4R1P1/8/2PB1Q1P/P1P2P2/R5K1 w - - 0 1",
    "2q5/1r2Bp1k/4pQpN/1pp1P2p/2p5/6P1/1P2PPKP/3r4 w - - 0 1",
    "b5k1/1q3p1p/3p2p1/6Q1/1p3N2/1Prn3P/2P3P1/5RK1 w - - 0 27",
    "r1b1kb1r/pppp1ppp/5q2/4n3/3KP3/2N3PN/PPP4P/R1BQ1B1R b kq - 0 1",
    "r3k2r/ppp2Npp/1b5n/4p2b/2B1P2q/BQP2P2/P5PP/RN5K w kq - 1 1",
    "r1b3kr/ppp1Bp1p/1b6/n2P4/2p3q1/2Q2N2/P4PPP/RN2R1K1 w - - 1 1",
    "8/1Np1nr2/1p2pr2/1R6/1Pk2bR1/K3p3/2P1N1B1/8 w - - 0 1",
    "1k6/ppp5/8/8/4r3/3r4/8/K6R w - - 0 1",
    "8/2k5/5R2/4R3/8/8/8/3K4 w - - 0 1",
    "1k6/8/2QK4/8/8/8/8/8 w - - 0 1",
];

/// Asserts that the engine reports mate in `n` in `fen` and plays a move that mates in `n`.
fn engine_finds_mate(fen: &str, n: u32) {
    let pos = position(fen);
    // The problem itself: a forced mate in n, none shorter.
    assert!(mates_within(&pos, n), "{fen}: not a mate in {n}");
    assert!(!mates_within(&pos, n - 1), "{fen}: a shorter mate exists");

    let mut searcher = Searcher::with_hash(16);
    // The node cap only keeps a failure from hanging the suite.
    let limits = Limits {
        mate: Some(n),
        nodes: Some(20_000_000),
        ..Limits::default()
    };
    let result = searcher.search(&pos, &[], &limits, &Control::new(), |_| {});
    assert_eq!(result.score, Score::Mate(n as i32), "{fen}");
    let m = result.best_move.expect("a move");
    assert!(
        move_mates_within(&pos, m, n),
        "{fen}: {m} does not mate in {n}"
    );
    // The defender sees the mate coming: negative mate scores count moves too.
    let defender = pos.after(m);
    let mut searcher = Searcher::with_hash(16);
    let defence = searcher.search(
        &defender,
        &[],
        &Limits::depth(2 * n),
        &Control::new(),
        |_| {},
    );
    assert_eq!(
        defence.score,
        Score::Mate(-(n as i32 - 1)),
        "{fen} after {m}"
    );
}

#[test]
fn mates_in_two() {
    for fen in MATES_IN_TWO {
        engine_finds_mate(fen, 2);
    }
}

#[test]
fn mates_in_three() {
    for fen in MATES_IN_THREE {
        engine_finds_mate(fen, 3);
    }
}
