//! Pawn structure: doubled, isolated and passed pawns.

use chess_core::{Bitboard, Board, Color, Role, Square};

#[cfg(test)]
use super::S;
use super::features::{DOUBLED, ISOLATED, PASSED, PASSED_KING_DISTANCE, Sink};

/// The files next to `sq`'s file.
#[inline]
fn adjacent_files(sq: Square) -> Bitboard {
    let file = Bitboard::file(sq.file());
    file.shift_east() | file.shift_west()
}

/// The squares strictly in front of `sq` from `color`'s point of view, on every file.
#[inline]
fn ranks_ahead(color: Color, sq: Square) -> Bitboard {
    let rank = sq.rank().index() as u32;
    match color {
        Color::White => Bitboard((!0u64).checked_shl(8 * (rank + 1)).unwrap_or(0)),
        Color::Black => Bitboard((1u64 << (8 * rank)) - 1),
    }
}

/// The pawn-structure terms of `color`'s pawns: doubled, isolated and passed pawns, and how
/// near the kings are to a passed pawn's path.
#[inline(always)]
pub(super) fn terms<T: Sink>(board: &Board, color: Color, sink: &mut T) {
    let ours = board.pieces(color, Role::Pawn);
    let theirs = board.pieces(!color, Role::Pawn);
    let our_king = board.king_of(color);
    let their_king = board.king_of(!color);
    for sq in ours {
        let file = Bitboard::file(sq.file());
        let ahead = ranks_ahead(color, sq);
        let adjacent = adjacent_files(sq);
        let doubled = (ours & file & ahead).any();
        if doubled {
            sink.add(color, DOUBLED, 1);
        }
        if (ours & adjacent).is_empty() {
            sink.add(color, ISOLATED, 1);
        }
        // Passed: no enemy pawn can block or take it on its way, and it is the front pawn of
        // its file.
        if !doubled && (theirs & (file | adjacent) & ahead).is_empty() {
            let rank = sq.rank().relative_to(color).index();
            sink.add(color, PASSED + rank, 1);
            let stop = sq.offset(0, if color.is_white() { 1 } else { -1 });
            if let (Some(stop), Some(ours), Some(theirs)) = (stop, our_king, their_king) {
                let weight = rank.saturating_sub(3) as i32;
                let lead = theirs.distance(stop) as i32 - ours.distance(stop) as i32;
                sink.add(color, PASSED_KING_DISTANCE, weight * lead);
            }
        }
    }
}

/// The pawn-structure score of `color`, for tests.
#[cfg(test)]
fn evaluate(board: &Board, color: Color) -> S {
    let mut total = super::features::Total([S(0, 0); 2]);
    terms(board, color, &mut total);
    total.0[color as usize]
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Piece;

    const W: &[S] = &super::super::weights::WEIGHTS;

    fn board(pieces: &[(Square, Piece)]) -> Board {
        let mut board = Board::empty();
        board.put(Square::E1, Piece::WhiteKing);
        board.put(Square::E8, Piece::BlackKing);
        for &(sq, piece) in pieces {
            board.put(sq, piece);
        }
        board
    }

    #[test]
    fn masks() {
        assert_eq!(
            ranks_ahead(Color::White, Square::C6),
            Bitboard::rank(chess_core::Rank::Seventh) | Bitboard::rank(chess_core::Rank::Eighth)
        );
        assert_eq!(
            ranks_ahead(Color::Black, Square::C2),
            Bitboard::rank(chess_core::Rank::First)
        );
        assert_eq!(ranks_ahead(Color::White, Square::H8), Bitboard::EMPTY);
        assert_eq!(ranks_ahead(Color::Black, Square::H1), Bitboard::EMPTY);
        assert_eq!(
            adjacent_files(Square::A4),
            Bitboard::file(chess_core::File::B)
        );
    }

    #[test]
    fn doubled_and_isolated_pawns_cost() {
        let healthy = board(&[
            (Square::D2, Piece::WhitePawn),
            (Square::E2, Piece::WhitePawn),
            (Square::D7, Piece::BlackPawn),
            (Square::E7, Piece::BlackPawn),
        ]);
        let doubled = board(&[
            (Square::E3, Piece::WhitePawn),
            (Square::E2, Piece::WhitePawn),
            (Square::D7, Piece::BlackPawn),
            (Square::E7, Piece::BlackPawn),
        ]);
        let h = evaluate(&healthy, Color::White);
        let d = evaluate(&doubled, Color::White);
        // Two isolated pawns, one of them doubled, against a healthy pair.
        assert_eq!(d - h, W[DOUBLED] + W[ISOLATED] * 2);
    }

    #[test]
    fn passed_pawns_gain_with_rank() {
        // In the endgame, where passed pawns win games, each rank is worth more (the kings
        // on h1 and h8 are as far as each other from the pawn's path).
        let mut last: Option<S> = None;
        for sq in [Square::A3, Square::A4, Square::A5, Square::A6, Square::A7] {
            let mut b = Board::empty();
            b.put(Square::H1, Piece::WhiteKing);
            b.put(Square::H8, Piece::BlackKing);
            b.put(sq, Piece::WhitePawn);
            let score = evaluate(&b, Color::White);
            if let Some(last) = last {
                assert!(score.1 > last.1, "{sq}: {score:?} after {last:?}");
            }
            last = Some(score);
        }
        // A pawn facing an enemy pawn on the next file is not passed.
        let blocked = board(&[
            (Square::A5, Piece::WhitePawn),
            (Square::B7, Piece::BlackPawn),
        ]);
        assert_eq!(evaluate(&blocked, Color::White), W[ISOLATED]);
        // Nor is the rear pawn of a doubled pair.
        let pair = board(&[
            (Square::A5, Piece::WhitePawn),
            (Square::A4, Piece::WhitePawn),
        ]);
        let front = evaluate(&board(&[(Square::A5, Piece::WhitePawn)]), Color::White);
        assert_eq!(
            evaluate(&pair, Color::White),
            front + W[DOUBLED] + W[ISOLATED]
        );
    }
}
