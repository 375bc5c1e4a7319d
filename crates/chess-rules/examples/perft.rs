//! Times perft on the standard start position and Kiwipete: `cargo run --release --example perft
//! [DEPTH]`. For quick profiling; the benchmarks are the reference measurement.

use std::time::Instant;

use chess_core::{Board, CastlingRights};
use chess_rules::{CastlingMode, Position, Setup, perft};

const KIWIPETE: &str = "
r...k..r
p.ppqpb.
bn..pnp.
...PN...
.p..P...
..N..Q.p
PPPBBPPP
R...K..R
";

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(6);
    let which = std::env::args().nth(2).unwrap_or_default();
    let kiwipete = Setup {
        board: Board::from_plain(KIWIPETE).unwrap(),
        castling: CastlingRights::standard(),
        ..Setup::standard()
    };
    let kiwipete = Position::from_setup(kiwipete, CastlingMode::Standard).unwrap();
    for (name, pos, d) in [
        ("startpos", Position::standard(), depth),
        ("kiwipete", kiwipete, depth - 1),
    ] {
        if !which.is_empty() && which != name {
            continue;
        }
        let t = Instant::now();
        let nodes = perft(&pos, d);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{name}: depth {d}: {nodes} nodes in {secs:.3} s, {:.1} M nodes/s",
            nodes as f64 / secs / 1e6
        );
    }
}
