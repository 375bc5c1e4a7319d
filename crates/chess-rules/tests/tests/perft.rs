//! Perft against published counts: the chessprogramming wiki's six positions, positions that
//! catch common generator bugs, and all 960 Chess960 starting positions.

use chess_rules::perft;

use chess_testdata::{CHESS960_PERFT, RANDOM_PERFT, TRICKY_PERFT};

use crate::support::{PerftRecord, fetched_perft, perft_position, position, standard_perft};

fn run(records: &[PerftRecord], max_nodes: u64, max_depth: u32) -> usize {
    let mut checked = 0;
    for record in records {
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
    let checked = run(&standard_perft(), 200_000_000, 7);
    assert_eq!(checked, 6 + 5 + 7 + 5 + 5 + 5);
}

#[test]
#[ignore = "deep: minutes; run with --release -- --ignored"]
fn standard_positions_deep() {
    run(&standard_perft(), u64::MAX, 7);
}

#[test]
fn tricky_positions() {
    let Some(records) = fetched_perft(TRICKY_PERFT) else {
        return;
    };
    assert_eq!(records.len(), 19);
    let checked = run(&records, u64::MAX, 99);
    // Every count of the file: `grep -c '^perft' tricky.perft`.
    assert_eq!(checked, 67);
}

/// The 6838 positions of random games in python-chess's suite, each to depth 3 (depth 4 under
/// `--ignored`; the file goes to depth 6, 4.3 trillion nodes in all).
#[test]
fn random_positions_depth_3() {
    let Some(records) = fetched_perft(RANDOM_PERFT) else {
        return;
    };
    assert_eq!(records.len(), 6838);
    let checked = run(&records, u64::MAX, 3);
    assert_eq!(checked, 3 * 6838);
}

#[test]
#[ignore = "deep: 15 s; run with -- --ignored"]
fn random_positions_depth_4() {
    let Some(records) = fetched_perft(RANDOM_PERFT) else {
        return;
    };
    assert_eq!(run(&records, u64::MAX, 4), 4 * 6838);
}

#[test]
fn chess960_starting_positions_depth_4() {
    let Some(records) = fetched_perft(CHESS960_PERFT) else {
        return;
    };
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
    let Some(records) = fetched_perft(CHESS960_PERFT) else {
        return;
    };
    for record in records {
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
    for record in standard_perft() {
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
