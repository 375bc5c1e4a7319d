use chess_core::{Bitboard, Piece, Role, Square};

use super::game::LenientGame;
use super::position::{LenientPosition, RawMove};
use super::status::Status;

fn uci(moves: &[RawMove]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}

#[test]
fn the_start_position_lists_its_moves_in_python_chess_order() {
    // Pieces from the highest square down, then pawn single steps and double steps, each
    // from the h file to the a file.
    let moves = LenientPosition::standard().legal_moves(Bitboard::FULL, Bitboard::FULL);
    assert_eq!(
        uci(&moves).join(" "),
        "g1h3 g1f3 b1c3 b1a3 h2h3 g2g3 f2f3 e2e3 d2d3 c2c3 b2b3 a2a3 \
         h2h4 g2g4 f2f4 e2e4 d2d4 c2c4 b2b4 a2a4"
    );
}

#[test]
fn a_lone_king_moves_and_an_empty_side_passes() {
    let mut game = LenientGame::new(LenientPosition::empty(false));
    game.position_mut().put(Square::A1, Piece::WhiteKing, false);
    assert_eq!(game.position().count_legal_moves(), 3);
    game.push(RawMove::new(Square::A1, Square::B1)).unwrap();
    assert_eq!(game.position().count_legal_moves(), 0);
    // No black king, so no stalemate by a king: black simply has no move.
    assert!(!game.position().is_check());
    game.push(RawMove::NULL).unwrap();
    assert_eq!(game.position().count_legal_moves(), 5);
}

#[test]
fn a_move_from_an_empty_square_changes_nothing() {
    let mut pos = LenientPosition::standard();
    let before = pos.clone();
    assert!(pos.play(RawMove::new(Square::E4, Square::E5)).is_err());
    assert_eq!(pos, before);
}

#[test]
fn castling_rights_without_their_rook_are_reported() {
    let mut pos = LenientPosition::standard();
    pos.remove(Square::H1);
    assert_eq!(pos.status(), Status::BAD_CASTLING_RIGHTS);
    pos.remove(Square::E8);
    assert!(pos.status().contains(Status::NO_BLACK_KING));
    assert_eq!(
        LenientPosition::empty(false).status(),
        Status::EMPTY | Status::NO_WHITE_KING | Status::NO_BLACK_KING
    );
}

#[test]
fn castling_is_written_in_the_board_s_mode_and_undone_exactly() {
    let mut pos = LenientPosition::empty(false);
    for (sq, piece) in [
        (Square::E1, Piece::WhiteKing),
        (Square::H1, Piece::WhiteRook),
        (Square::A1, Piece::WhiteRook),
        (Square::E8, Piece::BlackKing),
    ] {
        pos.put(sq, piece, false);
    }
    pos.castling_rights = Bitboard::from(Square::A1) | Square::H1;
    let castles = pos.castling_moves(Bitboard::FULL, Bitboard::FULL);
    assert_eq!(uci(&castles), ["e1g1", "e1c1"]);
    let before = pos.clone();
    let undo = pos.play(castles[0]).unwrap();
    assert_eq!(pos.board.piece_at(Square::G1), Some(Piece::WhiteKing));
    assert_eq!(pos.board.piece_at(Square::F1), Some(Piece::WhiteRook));
    assert_eq!(pos.castling_rights, Bitboard::EMPTY);
    pos.undo(&undo);
    assert_eq!(pos, before);
    pos.chess960 = true;
    assert_eq!(
        uci(&pos.castling_moves(Bitboard::FULL, Bitboard::FULL)),
        ["e1h1", "e1a1"]
    );
}

#[test]
fn a_promotion_marks_the_piece_and_undo_clears_the_mark() {
    let mut pos = LenientPosition::empty(false);
    pos.put(Square::B7, Piece::WhitePawn, false);
    pos.put(Square::A8, Piece::BlackRook, true);
    let before = pos.clone();
    let undo = pos
        .play(RawMove::promote(Square::B7, Square::A8, Role::Queen))
        .unwrap();
    assert_eq!(pos.promoted, Bitboard::from(Square::A8));
    assert_eq!(pos.board.piece_at(Square::A8), Some(Piece::WhiteQueen));
    pos.undo(&undo);
    assert_eq!(pos, before);
}
