//! The bench: a fixed list of positions searched to a fixed depth, Stockfish's convention for
//! a node count that changes whenever the search or evaluation does.

use std::time::{Duration, Instant};

use chess_notation::Fen;
use chess_rules::CastlingMode;

use crate::{Control, Limits, Searcher};

/// The depth of the bench when none is given.
pub const DEFAULT_BENCH_DEPTH: u32 = 11;

/// The bench positions: middlegames and endgames from Stockfish's bench list.
pub const BENCH_POSITIONS: [&str; 14] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 10",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 11",
    "4rrk1/pp1n3p/3q2pQ/2p1pb2/2PP4/2P3N1/P2B2PP/4RRK1 b - - 7 19",
    "rq3rk1/ppp2ppp/1bnpb3/3N2B1/3NP3/7P/PPPQ1PP1/2KR3R w - - 7 14",
    "r1bq1r1k/1pp1n1pp/1p1p4/4p2Q/4Pp2/1BNP4/PPP2PPP/3R1RK1 w - - 2 14",
    "r3r1k1/2p2ppp/p1p1bn2/8/1q2P3/2NPQN2/PPP3PP/R4RK1 b - - 2 15",
    "r1bbk1nr/pp3p1p/2n5/1N4p1/2Np1B2/8/PPP2PPP/2KR1B1R w kq - 0 13",
    "r1bq1rk1/ppp1nppp/4n3/3p3Q/3P4/1BP1B3/PP1N2PP/R4RK1 w - - 1 16",
    "4r1k1/r1q2ppp/ppp2n2/4P3/5Rb1/1N1BQ3/PPP3PP/R5K1 w - - 1 17",
    "2rqkb1r/ppp2p2/2npb1p1/1N1Nn2p/2P1PP2/8/PP2B1PP/R1BQK2R b KQ - 0 11",
    "r1bq1r1k/b1p1npp1/p2p3p/1p6/3PP3/1B2NN2/PP3PPP/R2Q1RK1 w - - 1 16",
    "8/8/8/8/5kp1/P7/8/1K1N4 w - - 0 80",
    "6k1/6p1/6Pp/ppp5/3pn2P/1P3K2/1PP2P2/8 b - - 0 1",
];

/// What a bench run measured.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BenchResult {
    /// Nodes searched over all positions: the same for the same engine, whatever the machine.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// Nodes per second.
    pub nps: u64,
}

/// Searches each of [`BENCH_POSITIONS`] to `depth` with a fresh 16 MB table and returns the
/// total.
///
/// ```
/// let quick = chess_engine::bench(3);
/// assert_eq!(quick.nodes, chess_engine::bench(3).nodes); // deterministic
/// ```
#[must_use]
pub fn bench(depth: u32) -> BenchResult {
    let mut searcher = Searcher::with_hash(16);
    let limits = Limits::depth(depth);
    let mut nodes = 0;
    let start = Instant::now();
    for fen in BENCH_POSITIONS {
        let Ok(pos) = fen
            .parse::<Fen>()
            .map_err(|_| ())
            .and_then(|f| f.into_position(CastlingMode::Standard).map_err(|_| ()))
        else {
            continue;
        };
        searcher.clear();
        let result = searcher.search(&pos, &[], &limits, &Control::new(), |_| {});
        nodes += result.nodes;
    }
    let time = start.elapsed();
    let micros = time.as_micros().max(1);
    BenchResult {
        nodes,
        time,
        nps: (u128::from(nodes) * 1_000_000 / micros) as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bench_position_is_legal() {
        for fen in BENCH_POSITIONS {
            let fen: Fen = fen.parse().expect(fen);
            assert!(fen.into_position(CastlingMode::Standard).is_ok());
        }
    }
}
