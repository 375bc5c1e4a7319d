//! Evaluation speed: the classical evaluation against the network, the network's accumulator
//! built from scratch, brought along by a move from the boards before and after it or from
//! the move itself, over the positions of a few games' moves.

use std::hint::black_box;

use chess_engine::evaluate;
use chess_engine::nnue::{Change, Network};
use chess_notation::Fen;
use chess_rules::{CastlingMode, Move, Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const FENS: [&str; 4] = [
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];

/// Each position, each of its legal moves and the position after it.
fn positions() -> Vec<(Position, Move, Position)> {
    let mut pairs = Vec::new();
    for fen in FENS {
        let pos = fen
            .parse::<Fen>()
            .expect("a FEN")
            .into_position(CastlingMode::Standard)
            .expect("legal");
        for m in pos.legal_moves() {
            pairs.push((pos.clone(), m, pos.after(m)));
        }
    }
    pairs
}

fn bench_eval(c: &mut Criterion) {
    let pairs = positions();
    let net = Network::default_network();
    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("classical", |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|(_, _, child)| evaluate(black_box(child)))
                .sum::<i32>()
        });
    });
    group.bench_function("nnue refresh", |b| {
        b.iter(|| {
            pairs
                .iter()
                .map(|(_, _, child)| {
                    let acc = net.refresh(black_box(child.board()));
                    net.evaluate(&acc, child.board(), child.turn())
                })
                .sum::<i32>()
        });
    });
    let parents: Vec<_> = pairs
        .iter()
        .map(|(pos, _, _)| net.refresh(pos.board()))
        .collect();
    let mut child_acc = parents[0].clone();
    group.bench_function("nnue update", |b| {
        b.iter(|| {
            let mut sum = 0;
            for ((pos, _, child), parent) in pairs.iter().zip(&parents) {
                net.update_from(
                    parent,
                    &mut child_acc,
                    pos.board(),
                    black_box(child.board()),
                );
                sum += net.evaluate(&child_acc, child.board(), child.turn());
            }
            sum
        });
    });
    // What the search does: the change known from the move, applied in one pass.
    group.bench_function("nnue apply", |b| {
        b.iter(|| {
            let mut sum = 0;
            for ((pos, m, child), parent) in pairs.iter().zip(&parents) {
                let change = Change::of_move(pos, black_box(*m));
                net.apply(parent, &mut child_acc, &change, pos.board());
                sum += net.evaluate(&child_acc, child.board(), child.turn());
            }
            sum
        });
    });
    group.finish();
}

criterion_group!(benches, bench_eval);
criterion_main!(benches);
