//! Throughput of the compact encodings: positions (compact and Huffman) and games, encoding and
//! decoding. Each benchmark first checks that what it measures round-trips, and prints the sizes
//! of what it measures (bytes per position, average and maximum; bits per move), so one run
//! gives both columns of `docs/performance.md`.
//!
//! ```text
//! cargo bench -p chess-notation --bench pack
//! ```

use std::hint::black_box;

use chess_notation::pack::{self, huffman, training};
use chess_rules::{Move, Position};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Positions from the generated corpus: every fourth position of 40 games.
fn positions() -> Vec<Position> {
    let mut out = Vec::new();
    for (start, moves) in training::generated_games(40, training::MEASURE_SEED) {
        let mut pos = start;
        for (i, m) in moves.into_iter().enumerate() {
            if i % 4 == 0 {
                out.push(pos.clone());
            }
            pos.play_unchecked(m);
        }
    }
    out
}

fn bench_positions(c: &mut Criterion) {
    let positions = positions();
    let packed: Vec<_> = positions.iter().map(pack::encode_position).collect();
    let huffman_bytes: Vec<_> = positions.iter().map(huffman::encode_position).collect();
    for ((pos, p), h) in positions.iter().zip(&packed).zip(&huffman_bytes) {
        assert_eq!(&pack::decode_position(p).unwrap(), pos);
        assert_eq!(&huffman::decode_position(h).unwrap(), pos);
    }
    let total: usize = packed.iter().map(|p| p.len()).sum();
    let huffman_total: usize = huffman_bytes.iter().map(Vec::len).sum();
    let n = positions.len() as f64;
    println!(
        "{} positions: compact {:.2} bytes ({:.1} bits) on average, at most {}; huffman {:.2} bytes on average, at most {}",
        positions.len(),
        total as f64 / n,
        total as f64 * 8.0 / n,
        packed.iter().map(|p| p.len()).max().unwrap_or(0),
        huffman_total as f64 / n,
        huffman_bytes.iter().map(Vec::len).max().unwrap_or(0),
    );

    let mut group = c.benchmark_group("pack_position");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("encode", |b| {
        b.iter(|| {
            let bytes: usize = positions
                .iter()
                .map(|p| pack::encode_position(black_box(p)).len())
                .sum();
            assert_eq!(bytes, total);
        })
    });
    group.bench_function("decode", |b| {
        b.iter(|| {
            for p in &packed {
                black_box(pack::decode_position(black_box(p)).unwrap());
            }
        })
    });
    group.bench_function("decode_setup", |b| {
        b.iter(|| {
            for p in &packed {
                black_box(pack::decode_setup(black_box(p)).unwrap());
            }
        })
    });
    group.bench_function("huffman_encode", |b| {
        b.iter(|| {
            for p in &positions {
                black_box(huffman::encode_position(black_box(p)));
            }
        })
    });
    group.bench_function("huffman_decode", |b| {
        b.iter(|| {
            for h in &huffman_bytes {
                black_box(huffman::decode_position(black_box(h)).unwrap());
            }
        })
    });
    group.finish();
}

fn bench_games(c: &mut Criterion) {
    let games: Vec<(Position, Vec<Move>)> = training::generated_games(20, training::MEASURE_SEED);
    let encoded: Vec<Vec<u8>> = games
        .iter()
        .map(|(start, moves)| pack::encode_game(start, moves).unwrap())
        .collect();
    for (game, bytes) in games.iter().zip(&encoded) {
        assert_eq!(&pack::decode_game(bytes).unwrap(), game);
    }
    let plies: usize = games.iter().map(|(_, m)| m.len()).sum();
    let bytes: usize = encoded.iter().map(Vec::len).sum();
    println!(
        "{} games, {plies} plies: {:.3} bits per move, headers included",
        games.len(),
        bytes as f64 * 8.0 / plies as f64
    );

    let mut group = c.benchmark_group("pack_game");
    group.throughput(Throughput::Elements(plies as u64));
    group.bench_function("encode", |b| {
        b.iter(|| {
            for (start, moves) in &games {
                black_box(pack::encode_game(black_box(start), black_box(moves)).unwrap());
            }
        })
    });
    group.bench_function("decode", |b| {
        b.iter(|| {
            let decoded: usize = encoded
                .iter()
                .map(|bytes| pack::decode_game(black_box(bytes)).unwrap().1.len())
                .sum();
            assert_eq!(decoded, plies);
        })
    });
    group.finish();
}

criterion_group!(benches, bench_positions, bench_games);
criterion_main!(benches);
