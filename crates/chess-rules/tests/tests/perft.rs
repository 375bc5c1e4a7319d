//! Perft against published counts: the chessprogramming wiki's six positions, positions that
//! catch common generator bugs, and all 960 Chess960 starting positions.

use chess_rules::perft;

use crate::support::{perft_position, perft_records, position};

fn run(file: &str, max_nodes: u64, max_depth: u32) -> usize {
    let mut checked = 0;
    for record in perft_records(file) {
        let pos = perft_position(&record.fen);
        for &(depth, nodes) in &record.counts {
            if depth <= max_depth && nodes <= max_nodes {
                assert_eq!(perft(&pos, depth), nodes, "{} depth {depth}", record.id);
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn standard_positions() {
    // Start position to depth 6, Kiwipete to 5, position 3 to 7, 4 to 5, 5 to 5, 6 to 5.
    let checked = run(include_str!("../data/standard.perft"), 200_000_000, 7);
    assert_eq!(checked, 6 + 5 + 7 + 5 + 5 + 5);
}

#[test]
#[ignore = "deep: minutes; run with --release -- --ignored"]
fn standard_positions_deep() {
    run(include_str!("../data/standard.perft"), u64::MAX, 7);
}

#[test]
fn tricky_positions() {
    let checked = run(include_str!("../data/tricky.perft"), u64::MAX, 99);
    assert!(checked > 50, "{checked}");
}

#[test]
fn chess960_starting_positions_depth_4() {
    let records = perft_records(include_str!("../data/chess960.perft"));
    assert_eq!(records.len(), 960);
    for record in &records {
        let pos = position(&record.fen).unwrap();
        let (depth, nodes) = record.counts[3];
        assert_eq!(depth, 4);
        assert_eq!(perft(&pos, 4), nodes, "chess960 {}", record.id);
    }
}

#[test]
#[ignore = "deep: minutes; run with --release -- --ignored"]
fn chess960_starting_positions_depth_6() {
    for record in perft_records(include_str!("../data/chess960.perft")) {
        let pos = position(&record.fen).unwrap();
        for &(depth, nodes) in &record.counts {
            assert_eq!(
                chess_rules::perft_parallel(&pos, depth),
                nodes,
                "chess960 {} depth {depth}",
                record.id
            );
        }
    }
}

#[test]
fn copy_make_counts_the_same() {
    for record in perft_records(include_str!("../data/standard.perft")) {
        let pos = position(&record.fen).unwrap();
        let (depth, nodes) = record.counts[3];
        assert_eq!(
            chess_rules::perft_copying(&pos, depth),
            nodes,
            "{}",
            record.id
        );
    }
}
