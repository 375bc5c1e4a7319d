//! The Zobrist hash is the Polyglot key, kept up to date incrementally.

use chess_rules::Position;
use chess_testdata::random_game;

use crate::support::{fetched_perft, perft_position, position};

#[test]
fn polyglot_test_vectors() {
    let mut checked = 0;
    for line in include_str!("../data/polyglot-hashes.txt").lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (hash, fen) = line.split_once(' ').unwrap();
        let expected = u64::from_str_radix(hash, 16).unwrap();
        let pos = position(fen).unwrap();
        assert_eq!(pos.zobrist_hash(), expected, "{fen}");
        assert_eq!(pos.compute_hash(), expected, "{fen}");
        checked += 1;
    }
    assert_eq!(checked, 9);
}

#[test]
fn polyglot_vectors_reached_by_playing() {
    // The same positions reached move by move: e4 d5 e5 f5 Ke2 Kf7.
    let mut pos = Position::standard();
    let expected = [
        0x823c_9b50_fd11_4196u64,
        0x0756_b944_61c5_0fb0,
        0x662f_afb9_65db_29d4,
        0x22a4_8b5a_8e47_ff78,
        0x652a_607c_a3f2_42c1,
        0x00fd_d303_c946_bdd9,
    ];
    let moves = ["e2e4", "d7d5", "e4e5", "f7f5", "e1e2", "e8f7"];
    for (text, hash) in moves.iter().zip(expected) {
        let m = *pos
            .legal_moves()
            .iter()
            .find(|m| m.to_string() == *text)
            .unwrap();
        pos.play(m).unwrap();
        assert_eq!(pos.zobrist_hash(), hash, "after {text}");
    }
}

#[test]
fn incremental_hash_equals_recomputation_in_random_games() {
    let starts: Vec<Position> = std::iter::once(Position::standard())
        .chain((0..960).step_by(37).map(|n| Position::chess960(n).unwrap()))
        .chain(
            fetched_perft(chess_testdata::TRICKY_PERFT)
                .unwrap_or_default()
                .iter()
                .map(|r| perft_position(&r.fen)),
        )
        .collect();
    for (i, start) in starts.iter().enumerate() {
        for seed in 0..20 {
            for pos in random_game(start, (i as u64) << 32 | seed, 300) {
                assert_eq!(pos.zobrist_hash(), pos.compute_hash(), "{pos:?}");
            }
        }
    }
}
