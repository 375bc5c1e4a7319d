//! Legal move generation, case by case: each test names one rule and lists the exact moves.
//! (The perft and property suites cover the same rules in bulk; these say which one broke.)

use std::collections::BTreeSet;

use chess_core::{Piece, Square};
use chess_rules::{MAX_MOVES, Move, MoveList, perft};

use crate::properties::slow_legal;
use crate::support::position;

/// The moves as text (castling as king takes rook, promotions with their letter).
fn names(moves: &MoveList) -> BTreeSet<String> {
    let names: BTreeSet<String> = moves.iter().map(Move::to_string).collect();
    assert_eq!(names.len(), moves.len(), "duplicate moves in {moves:?}");
    names
}

fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

fn legal(fen: &str) -> BTreeSet<String> {
    let pos = position(fen).unwrap();
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(), moves.len(), "{fen}");
    names(&moves)
}

fn from(fen: &str, sq: Square) -> BTreeSet<String> {
    names(&position(fen).unwrap().moves_from(sq))
}

#[test]
fn the_position_with_218_moves_fits_in_a_move_list() {
    // The most legal moves known in a position that can occur in a game.
    let pos = position("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1").unwrap();
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), 218);
    assert!(moves.len() <= MAX_MOVES);
    assert_eq!(names(&moves).len(), 218);
    assert_eq!(pos.count_legal_moves(), 218);
    assert_eq!(perft(&pos, 1), 218);
    assert!(moves.iter().all(|&m| pos.is_legal(m)));
    // The same moves as the slow reference: pseudo-legal moves tried one by one.
    let moves: BTreeSet<Move> = moves.iter().copied().collect();
    assert_eq!(moves, slow_legal(&pos));
}

#[test]
fn double_check_allows_only_king_moves() {
    // Knight d6 and rook a8 both check; the black rook could take the knight, but that
    // leaves the rook's check.
    let fen = "R3k3/8/3N3r/8/8/8/8/6K1 b - - 0 1";
    assert_eq!(position(fen).unwrap().checkers().count(), 2);
    assert_eq!(legal(fen), set(&["e8d7", "e8e7"]));
}

#[test]
fn en_passant_can_capture_the_checking_pawn() {
    // d7-d5+ checks the king on e4; exd6 en passant removes the checker. The king cannot take
    // on d5 (guarded by c6), and e5-e6 does not answer the check.
    let fen = "8/8/2p5/3pP3/4K3/8/8/7k w - d6 0 1";
    assert_eq!(
        legal(fen),
        set(&[
            "e4d3", "e4e3", "e4f3", "e4d4", "e4f4", "e4f5", //
            "e5d6",
        ])
    );
    let pos = position(fen).unwrap();
    assert!(pos.is_legal(Move::en_passant(Square::E5, Square::D6)));
    assert!(
        !pos.after(Move::en_passant(Square::E5, Square::D6))
            .is_check()
    );
}

#[test]
fn en_passant_that_exposes_the_king_along_the_rank_is_illegal() {
    // exd6 would take both pawns off the fifth rank between the king and the queen.
    let fen = "4k3/8/8/K2pP2q/8/8/8/8 w - d6 0 1";
    assert_eq!(
        legal(fen),
        set(&["a5a4", "a5b4", "a5b5", "a5a6", "a5b6", "e5e6"])
    );
    // Without the queen it is legal.
    assert!(legal("4k3/8/8/K2pP3/8/8/8/8 w - d6 0 1").contains("e5d6"));
}

#[test]
fn promotions_to_all_four_pieces_with_and_without_capture() {
    let fen = "r1r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    let mut expected = set(&["e1d1", "e1d2", "e1e2", "e1f2", "e1f1"]);
    for to in ["b8", "a8", "c8"] {
        for role in ["n", "b", "r", "q"] {
            expected.insert(format!("b7{to}{role}"));
        }
    }
    assert_eq!(legal(fen), expected);
    // And for black, towards the first rank.
    let fen = "4k3/8/8/8/8/8/1p6/R1R1K3 b - - 0 1";
    let mut expected = set(&["e8d8", "e8d7", "e8e7", "e8f7", "e8f8"]);
    for to in ["b1", "a1", "c1"] {
        for role in ["n", "b", "r", "q"] {
            expected.insert(format!("b2{to}{role}"));
        }
    }
    assert_eq!(legal(fen), expected);
    // Each promotion puts the chosen piece on the board.
    let pos = position(fen).unwrap();
    for m in pos.legal_moves().iter().filter(|m| m.is_promotion()) {
        let role = m.promotion().unwrap();
        assert_eq!(
            pos.after(*m).board().piece_at(m.to()),
            Some(Piece::new(chess_core::Color::Black, role))
        );
    }
}

#[test]
fn pinned_pieces_move_only_along_their_pin() {
    // Rook e4 pinned on the file by e8, bishop d2 on the diagonal by a5, pawn f2 by the queen
    // on g3 (it may take her), knight d1 along the first rank by a1 (no move at all).
    let fen = "4r2k/8/8/b7/4R3/6q1/3B1P2/r2NK3 w - - 0 1";
    assert_eq!(
        legal(fen),
        set(&[
            "e1e2", "e1f1", //
            "e4e2", "e4e3", "e4e5", "e4e6", "e4e7", "e4e8", //
            "d2c3", "d2b4", "d2a5", //
            "f2g3",
        ])
    );
    // A pawn pinned along its file still pushes, one step or two.
    assert_eq!(
        legal("4k3/4r3/8/8/8/8/4P3/4K3 w - - 0 1"),
        set(&["e2e3", "e2e4", "e1d1", "e1d2", "e1f1", "e1f2"])
    );
}

#[test]
fn castling_through_or_into_an_attacked_square_or_out_of_check_is_refused() {
    // f1 attacked by the bishop: no short castling. b1 attacked by the knight does not matter:
    // only the king's path counts.
    assert_eq!(
        from("4k3/8/b7/8/8/n7/8/R3K2R w KQ - 0 1", Square::E1),
        set(&["e1d1", "e1d2", "e1f2", "e1a1"])
    );
    // g1, the king's destination, attacked.
    assert_eq!(
        from("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", Square::E1),
        set(&["e1d1", "e1d2", "e1e2", "e1f1", "e1f2", "e1a1"])
    );
    // In check.
    assert_eq!(
        from("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1", Square::E1),
        set(&["e1d1", "e1d2", "e1f1", "e1f2"])
    );
}

#[test]
fn chess960_castling_with_king_or_rook_already_on_its_destination() {
    // King on g1 already: short castling only moves the rook (h1 to f1); long castling takes
    // the king from g1 to c1 and the rook from a1 to d1.
    let fen = "4k3/8/8/8/8/8/8/R5KR w HA - 0 1";
    let pos = position(fen).unwrap();
    assert!(pos.is_chess960());
    assert_eq!(
        from(fen, Square::G1),
        set(&["g1f1", "g1f2", "g1g2", "g1h2", "g1h1", "g1a1"])
    );
    let short = pos.after(Move::castle(Square::G1, Square::H1));
    assert_eq!(short.board().piece_at(Square::G1), Some(Piece::WhiteKing));
    assert_eq!(short.board().piece_at(Square::F1), Some(Piece::WhiteRook));
    assert_eq!(short.board().piece_at(Square::H1), None);

    // Rook on d1 already: long castling only moves the king, over its own rook, to c1.
    let fen = "4k3/8/8/8/8/8/8/3RK2R w HD - 0 1";
    let pos = position(fen).unwrap();
    assert_eq!(
        from(fen, Square::E1),
        set(&["e1d2", "e1e2", "e1f2", "e1f1", "e1h1", "e1d1"])
    );
    let long = pos.after(Move::castle(Square::E1, Square::D1));
    assert_eq!(long.board().piece_at(Square::C1), Some(Piece::WhiteKing));
    assert_eq!(long.board().piece_at(Square::D1), Some(Piece::WhiteRook));
    assert_eq!(long.board().piece_at(Square::E1), None);

    // Rook on f1 already: short castling only moves the king to g1.
    let fen = "4k3/8/8/8/8/8/8/R3KR2 w FA - 0 1";
    let pos = position(fen).unwrap();
    assert_eq!(
        from(fen, Square::E1),
        set(&["e1d1", "e1d2", "e1e2", "e1f2", "e1f1", "e1a1"])
    );
    let short = pos.after(Move::castle(Square::E1, Square::F1));
    assert_eq!(short.board().piece_at(Square::G1), Some(Piece::WhiteKing));
    assert_eq!(short.board().piece_at(Square::F1), Some(Piece::WhiteRook));
    // The rights of the side that castled are gone.
    assert!(!short.castling_rights().has_any(chess_core::Color::White));
}

/// Every legal move of positions rich in discovered checks, checking promotions, en passant and
/// castling: both ways of asking whether it checks against playing it.
#[test]
fn gives_check_agrees_with_playing_the_move() {
    let mut checking = 0;
    for fen in [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        // En passant that opens the d-file, promotions along the eighth rank.
        "3k4/1P6/8/2pP4/1B6/8/3R4/K2Q4 w - c6 0 1",
        // A pawn that blocks its rook's file and moves along it uncovers nothing; castling
        // whose rook checks.
        "4k3/8/8/4P3/8/8/4R3/4K3 w - - 0 1",
        "5k2/8/8/8/8/8/8/4K2R w K - 0 1",
        // En passant that uncovers nothing, a promotion blocked by a rook.
        "1k6/8/8/5pP1/4K3/8/8/8 w - f6 0 1",
        "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
        // Chess960: rooks castling past the king.
        "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1",
        "3k4/8/8/8/8/8/8/1R2K1R1 w GB - 0 1",
    ] {
        let pos = position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let checks = pos.check_squares();
        for m in pos.legal_moves() {
            let expected = pos.after(m).is_check();
            checking += usize::from(expected);
            assert_eq!(checks.gives_check(&pos, m), expected, "{m:?} in {fen}");
            assert_eq!(pos.gives_check(m), expected, "{m:?} in {fen}");
        }
    }
    assert!(checking >= 15, "only {checking} checks to find");
}
