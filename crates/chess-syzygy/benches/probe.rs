//! Probing speed on the positions of `tests/data/random.txt` (python-chess's values checked
//! first, so a fast wrong answer cannot pass for progress): WDL, as a search probes, and DTZ,
//! as the root does, here and in shakmaty-syzygy side by side (its tables memory-mapped too).
//! Needs the fetched tables.
//!
//! ```text
//! cargo xtask testdata && cargo bench -p chess-syzygy
//! ```

use std::hint::black_box;

use chess_notation::{Fen, FenError};
use chess_rules::{CastlingMode, Position, PositionErrorKinds};
use chess_syzygy::{Dtz, Tablebase, Wdl};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// The positions of the data file with python-chess's WDL and DTZ.
fn cases() -> Vec<(Position, Wdl, Dtz)> {
    let text = include_str!("../tests/data/random.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(';').collect();
            let fen: Fen = fields[0].parse().unwrap();
            // A few random positions have checks no move could give: the tables hold them.
            let pos = fen
                .into_position(CastlingMode::Standard)
                .or_else(|e| match e {
                    FenError::Position(e) => e.ignore(PositionErrorKinds::IMPOSSIBLE_CHECK),
                    e => panic!("{line}: {e}"),
                })
                .unwrap();
            let wdl = Wdl::from_i8(fields[2].parse().unwrap()).unwrap();
            (pos, wdl, Dtz(fields[3].parse().unwrap()))
        })
        .collect()
}

/// The same positions as shakmaty's.
fn shakmaty_positions() -> Vec<shakmaty::Chess> {
    let text = include_str!("../tests/data/random.txt");
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|line| {
            let fen: shakmaty::fen::Fen = line.split(';').next().unwrap().parse().unwrap();
            fen.into_position(shakmaty::CastlingMode::Standard)
                .or_else(shakmaty::PositionError::ignore_impossible_check)
                .unwrap()
        })
        .collect()
}

fn bench_probes(c: &mut Criterion) {
    let dir = chess_testdata::expect(chess_testdata::SYZYGY_DIR);
    let tables = Tablebase::open(&dir).unwrap();
    // SAFETY: the test tables are not modified while the benchmark runs.
    let mut peer = unsafe { shakmaty_syzygy::Tablebase::<shakmaty::Chess>::with_mmap_filesystem() };
    peer.add_directory(&dir).unwrap();
    let peer_positions = shakmaty_positions();
    let cases = cases();
    for (pos, wdl, dtz) in &cases {
        assert_eq!(tables.probe_wdl(pos).unwrap(), *wdl);
        assert_eq!(tables.probe_dtz(pos).unwrap(), *dtz);
    }
    let wins = cases.iter().filter(|(_, wdl, _)| *wdl == Wdl::Win).count();
    let dtz_sum: i64 = cases.iter().map(|(_, _, dtz)| i64::from(dtz.0)).sum();

    let mut group = c.benchmark_group("syzygy");
    group.throughput(Throughput::Elements(cases.len() as u64));
    group.bench_function("probe_wdl", |b| {
        b.iter(|| {
            let n = cases
                .iter()
                .filter(|(pos, _, _)| tables.probe_wdl(black_box(pos)).unwrap() == Wdl::Win)
                .count();
            assert_eq!(n, wins);
        });
    });
    group.bench_function("shakmaty_syzygy_probe_wdl", |b| {
        b.iter(|| {
            let n = peer_positions
                .iter()
                .filter(|pos| {
                    peer.probe_wdl_after_zeroing(black_box(pos)).unwrap()
                        == shakmaty_syzygy::Wdl::Win
                })
                .count();
            assert_eq!(n, wins);
        });
    });
    group.bench_function("probe_dtz", |b| {
        b.iter(|| {
            let sum: i64 = cases
                .iter()
                .map(|(pos, _, _)| i64::from(tables.probe_dtz(black_box(pos)).unwrap().0))
                .sum();
            assert_eq!(sum, dtz_sum);
        });
    });
    group.bench_function("shakmaty_syzygy_probe_dtz", |b| {
        b.iter(|| {
            // shakmaty-syzygy may round DTZ (as the tables store it); the time is what counts.
            let sum: i64 = peer_positions
                .iter()
                .map(|pos| {
                    let dtz = peer.probe_dtz(black_box(pos)).unwrap().ignore_rounding();
                    i64::from(i32::from(dtz))
                })
                .sum();
            black_box(sum);
        });
    });
    group.finish();
}

criterion_group!(benches, bench_probes);
criterion_main!(benches);
