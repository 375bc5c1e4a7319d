//! The lenient position against the validated one: on positions that can occur in a game they
//! must agree on every legal move, on perft, on check and mate and on the Polyglot key; and
//! `undo` must restore any position after any move, legal or not.

use chess_core::{Bitboard, Square};
use chess_rules::lenient::{LenientPosition, RawMove, Status};
use chess_rules::{CastlingMode, Move, Position};
use chess_testdata::{CHESS960_PERFT, TRICKY_PERFT};

use crate::support::{fetched_perft, perft_position, standard_perft};

/// The lenient position of a validated one.
fn lenient(pos: &Position) -> LenientPosition {
    LenientPosition::from_setup(
        &pos.to_setup(),
        pos.castling_mode() == CastlingMode::Chess960,
    )
}

/// A legal move of chess-rules as python-chess writes it: castling as the king taking its
/// rook in Chess960, as the king's destination in standard chess.
fn raw(m: Move, chess960: bool) -> RawMove {
    let to = if m.is_castle() && !chess960 {
        m.king_to_or_to()
    } else {
        m.to()
    };
    RawMove {
        from: m.from(),
        to,
        promotion: m.promotion(),
        drop: None,
    }
}

fn agree(pos: &Position) {
    let lax = lenient(pos);
    let chess960 = lax.chess960;
    // Some perft positions have checks no move could give, on purpose.
    assert!(
        Status::IMPOSSIBLE_CHECK.contains(lax.status()),
        "{:?} in {pos:?}",
        lax.status()
    );
    let mut strict: Vec<RawMove> = pos
        .legal_moves()
        .iter()
        .map(|&m| raw(m, chess960))
        .collect();
    let mut loose = lax.legal_moves(Bitboard::FULL, Bitboard::FULL);
    for m in &loose {
        assert!(lax.is_legal(*m), "{m} generated but not legal in {pos:?}");
        assert!(lax.is_pseudo_legal(*m));
    }
    let key = |m: &RawMove| (m.from, m.to, m.promotion);
    strict.sort_by_key(key);
    loose.sort_by_key(key);
    assert_eq!(loose, strict, "{pos:?}");
    assert_eq!(lax.is_check(), pos.is_check());
    assert_eq!(lax.is_checkmate(), pos.is_checkmate());
    assert_eq!(lax.zobrist_hash(), pos.zobrist_hash(), "{pos:?}");
    let validated = lax
        .to_position()
        .or_else(|e| e.ignore(chess_rules::PositionErrorKinds::IMPOSSIBLE_CHECK));
    assert_eq!(validated.as_ref(), Ok(pos));
    for &m in pos.legal_moves().iter() {
        let after = pos.after(m);
        let r = raw(m, chess960);
        assert_eq!(lax.gives_check(r), after.is_check(), "{r} in {pos:?}");
        let mut played = lax.clone();
        let undo = played.play(r).expect("a legal move");
        assert_eq!(played.board, *after.board(), "{r} in {pos:?}");
        assert_eq!(
            played.clean_castling_rights(),
            lenient(&after).castling_rights
        );
        played.undo(&undo);
        assert_eq!(played, lax);
    }
}

#[test]
fn agrees_with_the_validated_position_on_random_games() {
    for pos in chess_testdata::random_positions(11, 60, 80) {
        agree(&pos);
    }
}

#[test]
fn perft_matches_the_published_counts() {
    let mut records = standard_perft();
    records.extend(fetched_perft(TRICKY_PERFT).unwrap_or_default());
    records.extend(
        fetched_perft(CHESS960_PERFT)
            .unwrap_or_default()
            .into_iter()
            .take(40),
    );
    for record in records {
        let pos = perft_position(&record.fen);
        agree(&pos);
        let lax = lenient(&pos);
        for &(depth, nodes) in &record.counts {
            if nodes <= 500_000 {
                assert_eq!(lax.perft(depth), nodes, "{} depth {depth}", record.id);
            }
        }
    }
}

/// Any move from an occupied square, legal or not, is taken back exactly: the undo record
/// must cover every square a move can change (castling onto a piece included).
#[test]
fn undo_restores_any_position_after_any_move() {
    let mut rng = chess_testdata::Rng::new(5);
    for pos in chess_testdata::random_positions(3, 20, 60) {
        let mut lax = lenient(&pos);
        // Rights on any rook, and an en passant square on any empty square, sometimes.
        if rng.below(2) == 0 {
            lax.castling_rights = Bitboard(rng.next_u64());
        }
        if rng.below(3) == 0 {
            lax.ep_square = Square::from_index(rng.below(64));
        }
        for from in lax.board.occupied() {
            for _ in 0..4 {
                let to = Square::from_index(rng.below(64)).unwrap();
                let promotion = chess_core::Role::from_index(rng.below(9));
                let m = RawMove {
                    from,
                    to,
                    promotion,
                    drop: None,
                };
                let mut played = lax.clone();
                let undo = played.play(m).expect("an occupied origin");
                played.undo(&undo);
                assert_eq!(played, lax, "{m} in {lax:?}");
            }
        }
    }
}
