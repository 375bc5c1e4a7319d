//! Boards and drawings the tests share.

use chess_core::{Board, Piece, Square};

/// A board with these pieces and no others.
pub fn board(pieces: &[(Square, Piece)]) -> Board {
    let mut board = Board::empty();
    for &(square, piece) in pieces {
        board.put(square, piece);
    }
    board
}

/// The position after 1. e4 f5 2. Qh5+, black in check.
pub fn qh5_check() -> Board {
    let mut board = Board::standard();
    for (from, to) in [
        (Square::E2, Square::E4),
        (Square::F7, Square::F5),
        (Square::D1, Square::H5),
    ] {
        let piece = board.remove(from).expect("a piece to move");
        board.put(to, piece);
    }
    board
}
