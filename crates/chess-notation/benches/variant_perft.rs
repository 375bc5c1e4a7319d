//! Perft of the Lichess variants against shakmaty's (its `variant` feature) in the same run:
//! every position of python-chess's variant perft suites (fetched by `cargo xtask testdata`),
//! each at the deepest depth of its suite line with at most two million leaves, both sides on
//! their concrete variant type (no dispatch per node), castling read as Chess960 as
//! python-chess plays these suites.
//!
//! Throughput is in leaf nodes, so criterion's "elem/s" reads as nodes per second.
//!
//! ```text
//! cargo bench -p chess-notation --bench variant_perft
//! ```

use std::hint::black_box;

use chess_notation::Epd;
use chess_rules::variant::{Variant, VariantPosition, perft};
use chess_testdata::VARIANT_PERFT;
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use shakmaty::variant as sv;
use shakmaty::{CastlingMode, FromSetup};

/// The most leaves one position of the bench may have.
const MAX_LEAVES: u64 = 2_000_000;

/// Our perft of `pos` on its concrete type: one match at the root, none below.
fn ours(pos: &VariantPosition, depth: u32) -> u64 {
    match pos {
        VariantPosition::Standard(p) => perft(p, depth),
        VariantPosition::Crazyhouse(p) => perft(p, depth),
        VariantPosition::Atomic(p) => perft(p, depth),
        VariantPosition::Antichess(p) => perft(p, depth),
        VariantPosition::KingOfTheHill(p) => perft(p, depth),
        VariantPosition::ThreeCheck(p) => perft(p, depth),
        VariantPosition::Horde(p) => perft(p, depth),
        VariantPosition::RacingKings(p) => perft(p, depth),
    }
}

/// shakmaty's position of a suite's EPD, on its concrete type.
enum Theirs {
    Crazyhouse(sv::Crazyhouse),
    Atomic(sv::Atomic),
    Antichess(sv::Antichess),
    ThreeCheck(sv::ThreeCheck),
    Horde(sv::Horde),
    RacingKings(sv::RacingKings),
}

impl Theirs {
    fn new(variant: Variant, epd: &str) -> Theirs {
        fn read<P: FromSetup + shakmaty::Position>(epd: &str) -> P {
            let fen: shakmaty::fen::Fen = epd
                .parse()
                .unwrap_or_else(|e| panic!("shakmaty reads {epd:?}: {e}"));
            fen.into_position(CastlingMode::Chess960)
                .unwrap_or_else(|e| panic!("shakmaty sets up {epd:?}: {e}"))
        }
        match variant {
            Variant::Crazyhouse => Theirs::Crazyhouse(read(epd)),
            Variant::Atomic => Theirs::Atomic(read(epd)),
            Variant::Antichess => Theirs::Antichess(read(epd)),
            Variant::ThreeCheck => Theirs::ThreeCheck(read(epd)),
            Variant::Horde => Theirs::Horde(read(epd)),
            Variant::RacingKings => Theirs::RacingKings(read(epd)),
            other => panic!("no suite of {other}"),
        }
    }

    fn perft(&self, depth: u32) -> u64 {
        match self {
            Theirs::Crazyhouse(p) => shakmaty::perft(p, depth),
            Theirs::Atomic(p) => shakmaty::perft(p, depth),
            Theirs::Antichess(p) => shakmaty::perft(p, depth),
            Theirs::ThreeCheck(p) => shakmaty::perft(p, depth),
            Theirs::Horde(p) => shakmaty::perft(p, depth),
            Theirs::RacingKings(p) => shakmaty::perft(p, depth),
        }
    }
}

/// Each position of a suite with its depth and leaves, for both libraries.
struct Case {
    ours: VariantPosition,
    theirs: Theirs,
    depth: u32,
    nodes: u64,
}

fn cases(variant: Variant, text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    for record in chess_testdata::perft::records(text) {
        let Some(&(depth, nodes)) = record
            .counts
            .iter()
            .filter(|&&(_, nodes)| nodes <= MAX_LEAVES)
            .max_by_key(|&&(depth, _)| depth)
        else {
            continue;
        };
        let epd: Epd = record.fen.parse().expect("a suite's EPD");
        let ours = epd
            .variant_position(variant, true)
            .expect("a suite's position");
        let theirs = Theirs::new(variant, &record.fen);
        cases.push(Case {
            ours,
            theirs,
            depth,
            nodes,
        });
    }
    cases
}

fn variant_perft(c: &mut Criterion) {
    let paths: Vec<&str> = VARIANT_PERFT.iter().map(|&(_, path)| path).collect();
    let files: Vec<Vec<u8>> = paths
        .iter()
        .map(|p| std::fs::read(chess_testdata::expect(p)).expect("a suite"))
        .collect();
    let mut group = c.benchmark_group("variant_perft");
    group.sample_size(10);
    for (&(name, _), bytes) in VARIANT_PERFT.iter().zip(&files) {
        let variant: Variant = name.parse().expect("a variant's name");
        let cases = cases(
            variant,
            core::str::from_utf8(bytes).expect("a suite's text"),
        );
        let leaves: u64 = cases.iter().map(|case| case.nodes).sum();
        // Both sides count right before either is timed.
        for case in &cases {
            assert_eq!(ours(&case.ours, case.depth), case.nodes);
            assert_eq!(case.theirs.perft(case.depth), case.nodes);
        }
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(BenchmarkId::new("chess-rules", name), |b| {
            b.iter(|| {
                cases
                    .iter()
                    .map(|case| ours(black_box(&case.ours), case.depth))
                    .sum::<u64>()
            })
        });
        group.bench_function(BenchmarkId::new("shakmaty", name), |b| {
            b.iter(|| {
                cases
                    .iter()
                    .map(|case| black_box(&case.theirs).perft(case.depth))
                    .sum::<u64>()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, variant_perft);
criterion_main!(benches);
