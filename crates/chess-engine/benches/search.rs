//! Search speed: a fixed-depth search of a few positions, with throughput in nodes, so that
//! criterion's "elem/s" reads as nodes per second.

use std::hint::black_box;

use chess_engine::{Control, Limits, Searcher};
use chess_notation::Fen;
use chess_rules::{CastlingMode, Position};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};

/// (name, FEN, depth)
const CASES: [(&str, &str, u32); 3] = [
    (
        "startpos",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        9,
    ),
    (
        "kiwipete",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        7,
    ),
    ("endgame", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 11),
];

fn position(fen: &str) -> Position {
    let fen: Fen = fen.parse().expect("bench fen");
    fen.into_position(CastlingMode::Standard)
        .expect("legal bench position")
}

/// One search from an empty table: the node count is deterministic.
fn search(pos: &Position, depth: u32) -> u64 {
    let mut searcher = Searcher::with_hash(16);
    let result = searcher.search(pos, &[], &Limits::depth(depth), &Control::new(), |_| {});
    assert!(result.best_move.is_some());
    assert_eq!(result.depth, depth);
    result.nodes
}

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, fen, depth) in CASES {
        let pos = position(fen);
        let nodes = search(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new(name, depth), &pos, |b, pos| {
            b.iter(|| assert_eq!(search(black_box(pos), depth), nodes));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
