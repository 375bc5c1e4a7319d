//! Slider attack lookups: this crate against cozy-chess and shakmaty, in one run.
//!
//! Each benchmark looks up rook and bishop attacks for 1024 (square, occupancy) pairs and folds
//! the results, so the figures are comparable across crates. Build with
//! `RUSTFLAGS="-C target-cpu=native"` to measure the `pext` variant on CPUs with BMI2.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

fn inputs() -> Vec<(u8, u64)> {
    let mut rng = chess_testdata::Rng::new(0x2545_f491_4f6c_dd1d);
    (0..1024)
        .map(|_| {
            let x = rng.next_u64();
            ((x >> 58) as u8, x & x.rotate_left(23))
        })
        .collect()
}

fn sliders(c: &mut Criterion) {
    let inputs = inputs();
    let mut group = c.benchmark_group("slider_attacks");
    group.throughput(criterion::Throughput::Elements(2 * inputs.len() as u64));

    let ours = |inputs: &[(u8, u64)]| {
        inputs.iter().fold(0u64, |acc, &(sq, occ)| {
            let sq = chess_core::Square::from_index_masked(sq);
            let occ = chess_core::Bitboard(occ);
            acc ^ chess_core::attacks::rook(sq, occ).0 ^ chess_core::attacks::bishop(sq, occ).0
        })
    };
    let expected = ours(&inputs);
    group.bench_function("chess-core", |b| b.iter(|| ours(black_box(&inputs))));

    let cozy = |inputs: &[(u8, u64)]| {
        inputs.iter().fold(0u64, |acc, &(sq, occ)| {
            let sq = cozy_chess::Square::index(sq as usize);
            let occ = cozy_chess::BitBoard(occ);
            acc ^ cozy_chess::get_rook_moves(sq, occ).0 ^ cozy_chess::get_bishop_moves(sq, occ).0
        })
    };
    assert_eq!(cozy(&inputs), expected);
    group.bench_function("cozy-chess", |b| b.iter(|| cozy(black_box(&inputs))));

    let shak = |inputs: &[(u8, u64)]| {
        inputs.iter().fold(0u64, |acc, &(sq, occ)| {
            let sq = shakmaty::Square::new(u32::from(sq));
            let occ = shakmaty::Bitboard(occ);
            acc ^ u64::from(shakmaty::attacks::rook_attacks(sq, occ))
                ^ u64::from(shakmaty::attacks::bishop_attacks(sq, occ))
        })
    };
    assert_eq!(shak(&inputs), expected);
    group.bench_function("shakmaty", |b| b.iter(|| shak(black_box(&inputs))));
    group.finish();
}

fn leapers_and_lines(c: &mut Criterion) {
    let inputs = inputs();
    c.bench_function("between_and_line", |b| {
        b.iter(|| {
            black_box(&inputs).iter().fold(0u64, |acc, &(sq, occ)| {
                let a = chess_core::Square::from_index_masked(sq);
                let b = chess_core::Square::from_index_masked(occ as u8);
                acc ^ chess_core::attacks::between(a, b).0 ^ chess_core::attacks::line(a, b).0
            })
        })
    });
}

criterion_group!(benches, sliders, leapers_and_lines);
criterion_main!(benches);
