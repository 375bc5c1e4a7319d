//! Pawn structure: doubled, isolated and passed pawns.

use chess_core::{Bitboard, Board, Color, Rank, Role, Square, attacks};

use std::cell::RefCell;

use super::attack_map::AttackMap;
use super::features::{
    BACKWARD, DOUBLED, ENEMY_ROOK_BEHIND_PASSER, ISOLATED, KING_PAWN_DISTANCE, PASSED,
    PASSED_BLOCKED, PASSED_FREE, PASSED_KING_DISTANCE, PASSED_OWN_KING_DISTANCE, PHALANX,
    ROOK_BEHIND_PASSER, SUPPORTED, UNSTOPPABLE,
};
use super::sink::{Sink, Total};
use super::tapered::S;

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

/// The pawn-structure terms of `color`'s pawns: doubled, isolated, backward, defended and
/// side-by-side pawns, passed pawns and how near the kings are to a passed pawn's path, and
/// the distance of the king to the pawns. Returns the passed pawns.
#[cfg(test)]
fn terms<T: Sink>(board: &Board, color: Color, sink: &mut T) -> Bitboard {
    let passers = structure(board, color, sink);
    king_terms(board, color, passers, sink);
    passers
}

/// The terms of `color`'s pawns that depend on the pawns of both sides alone (so that they
/// can be kept by pawn structure): doubled, isolated, backward, defended, side-by-side and
/// passed pawns. Returns the passed pawns.
#[inline(always)]
pub(super) fn structure<T: Sink>(board: &Board, color: Color, sink: &mut T) -> Bitboard {
    let ours = board.pieces(color, Role::Pawn);
    let theirs = board.pieces(!color, Role::Pawn);
    let defended = attacks::pawns(color, ours);
    let their_attacks = attacks::pawns(!color, theirs);
    let passers = passed(ours, theirs, color);
    for sq in ours {
        let file = Bitboard::file(sq.file());
        let ahead = ranks_ahead(color, sq);
        let adjacent = adjacent_files(sq);
        let rank = sq.rank().relative_to(color).index();
        let doubled = (ours & file & ahead).any();
        if doubled {
            sink.add(color, DOUBLED, 1);
        }
        if (ours & adjacent).is_empty() {
            sink.add(color, ISOLATED, 1);
        } else if (ours & adjacent & !ahead).is_empty()
            && Bitboard::from_square(sq)
                .shift_forward(color)
                .intersects(their_attacks)
        {
            sink.add(color, BACKWARD, 1);
        }
        if defended.contains(sq) {
            sink.add(color, SUPPORTED + rank, 1);
        }
        let beside = Bitboard::from_square(sq);
        if (ours & (beside.shift_east() | beside.shift_west())).any() {
            sink.add(color, PHALANX + rank, 1);
        }
        if passers.contains(sq) {
            sink.add(color, PASSED + rank, 1);
        }
    }
    passers
}

/// The terms of `color`'s pawns that depend on where the kings are: how near each king is to
/// the path of a passed pawn of `passers`, and the distance of `color`'s king to the pawns.
#[inline(always)]
pub(super) fn king_terms<T: Sink>(board: &Board, color: Color, passers: Bitboard, sink: &mut T) {
    let our_king = board.king_of(color);
    let their_king = board.king_of(!color);
    if let (Some(ours), Some(theirs)) = (our_king, their_king) {
        for sq in passers {
            let rank = sq.rank().relative_to(color).index();
            if let Some(stop) = sq.offset(0, if color.is_white() { 1 } else { -1 }) {
                let weight = rank.saturating_sub(3) as i32;
                let lead = theirs.distance(stop) as i32 - ours.distance(stop) as i32;
                sink.add(color, PASSED_KING_DISTANCE, weight * lead);
                sink.add(
                    color,
                    PASSED_OWN_KING_DISTANCE,
                    weight * ours.distance(stop) as i32,
                );
            }
        }
    }
    if let Some(king) = our_king {
        let pawns = board.by_role(Role::Pawn);
        if pawns.any() {
            let nearest = pawns.into_iter().map(|sq| king.distance(sq)).min();
            sink.add(color, KING_PAWN_DISTANCE, nearest.unwrap_or(0) as i32);
        }
    }
}

/// Slots of the per-thread cache of pawn structures.
const CACHE_SIZE: usize = 8192;

/// What [`structure`] gives for one pawn structure: the sum of the weights of each side's
/// terms, and each side's passed pawns.
#[derive(Copy, Clone)]
struct CacheEntry {
    /// The white and black pawns (all squares in an empty slot: no position has those).
    pawns: [Bitboard; 2],
    scores: [S; 2],
    passed: [Bitboard; 2],
}

thread_local! {
    /// Pawn structures recur through a search far more often than the pieces around them,
    /// so their terms are kept: each thread its own table, so that no search waits for
    /// another.
    static CACHE: RefCell<Vec<CacheEntry>> = RefCell::new(vec![
        CacheEntry {
            pawns: [Bitboard::FULL; 2],
            scores: [S(0, 0); 2],
            passed: [Bitboard::EMPTY; 2],
        };
        CACHE_SIZE
    ]);
}

/// The weighted [`structure`] terms of both sides of `board` and their passed pawns, from the
/// thread's cache when the pawns were seen before.
#[inline]
pub(super) fn cached_structure(board: &Board) -> ([S; 2], [Bitboard; 2]) {
    let pawns = [
        board.pieces(Color::White, Role::Pawn),
        board.pieces(Color::Black, Role::Pawn),
    ];
    let key = pawns[0].0.wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ pawns[1]
            .0
            .wrapping_mul(0xc2b2_ae3d_27d4_eb4f)
            .rotate_left(29);
    let index = (key >> 51) as usize % CACHE_SIZE;
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let entry = &mut cache[index];
        if entry.pawns != pawns {
            let mut total = Total::default();
            let passed = [Color::White, Color::Black].map(|c| structure(board, c, &mut total));
            *entry = CacheEntry {
                pawns,
                scores: total.sides,
                passed,
            };
        }
        (entry.scores, entry.passed)
    })
}

/// The passed pawns of `ours` (of `color`): no pawn of `theirs` can block or take them on
/// their way, and each is the front pawn of its file.
pub(super) fn passed(ours: Bitboard, theirs: Bitboard, color: Color) -> Bitboard {
    // The squares strictly in front of `pawns` as `forward` moves.
    let front_span = |pawns: Bitboard, forward: Color| {
        let mut front = pawns.shift_forward(forward);
        let mut span = Bitboard::EMPTY;
        for _ in 0..7 {
            span |= front;
            front = front.shift_forward(forward);
        }
        span
    };
    let their_path = front_span(theirs, !color);
    let guarded = their_path | their_path.shift_east() | their_path.shift_west();
    let behind_our_own = front_span(ours, !color);
    ours & !guarded & !behind_our_own
}

/// The terms of `color`'s passed pawns that depend on the pieces: whether a piece blocks
/// each, whether it can advance safely (the enemy's attacks are `theirs`), and whether the
/// enemy king, alone with its pawns, can still catch it.
#[inline(always)]
pub(super) fn passers<T: Sink>(
    board: &Board,
    color: Color,
    passed: Bitboard,
    theirs: &AttackMap,
    sink: &mut T,
) {
    let occupied = board.occupied();
    let them = !color;
    let pawn_ending =
        (board.by_color(them) & !board.by_role(Role::Pawn) & !board.by_role(Role::King)).is_empty();
    for sq in passed {
        let rank = sq.rank().relative_to(color).index();
        let Some(stop) = sq.offset(0, if color.is_white() { 1 } else { -1 }) else {
            continue;
        };
        // The rooks on the file behind the pawn with nothing between them: a rook behind a
        // passed pawn guards (or, an enemy's, attacks) every square of its path.
        let behind = attacks::rook(sq, occupied)
            & Bitboard::file(sq.file())
            & !ranks_ahead(color, sq)
            & board.by_role(Role::Rook);
        if behind.intersects(board.by_color(color)) {
            sink.add(color, ROOK_BEHIND_PASSER, 1);
        } else if behind.any() {
            sink.add(color, ENEMY_ROOK_BEHIND_PASSER, 1);
        }
        if occupied.contains(stop) {
            sink.add(color, PASSED_BLOCKED + rank, 1);
        } else if !theirs.all.contains(stop) {
            sink.add(color, PASSED_FREE + rank, 1);
        }
        if pawn_ending && let Some(king) = board.king_of(them) {
            let path = Bitboard::file(sq.file()) & ranks_ahead(color, sq);
            let promotion = Square::new(sq.file(), Rank::Eighth.relative_to(color));
            // From its first square a pawn moves two squares at once.
            let moves = (7 - rank).min(5) as u32;
            if !path.intersects(occupied) && king.distance(promotion) > moves + 1 {
                sink.add(color, UNSTOPPABLE, 1);
            }
        }
    }
}

/// The pawn-structure score of `color`, for tests.
#[cfg(test)]
fn evaluate(board: &Board, color: Color) -> S {
    let mut total = Total::default();
    terms(board, color, &mut total);
    total.sides[color as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_gives_what_the_terms_give() {
        use chess_rules::Position;
        let mut rng = crate::Rng::new(3);
        let mut seen = 0;
        for _ in 0..30 {
            let mut pos = Position::standard();
            for _ in 0..80 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                pos = pos.after(moves[rng.below(moves.len() as u64) as usize]);
                let board = pos.board();
                let mut total = Total::default();
                let passed = [Color::White, Color::Black].map(|c| structure(board, c, &mut total));
                // Twice: once filling the slot, once from it.
                for _ in 0..2 {
                    assert_eq!(cached_structure(board), (total.sides, passed), "{pos:?}");
                }
                seen += 1;
            }
        }
        assert!(seen > 1000);
    }
    use crate::eval::features::COUNT;
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
        // Two isolated pawns, one of them doubled, against a healthy pair side by side.
        assert_eq!(d - h, W[DOUBLED] + W[ISOLATED] * 2 - W[PHALANX + 1] * 2);
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
        assert_eq!(
            evaluate(&blocked, Color::White),
            W[ISOLATED] + W[KING_PAWN_DISTANCE] * 4
        );
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

    /// The count of every term of both sides on a board of `pieces` (kings on e1 and e8
    /// unless given).
    fn counts(pieces: &[(Square, Piece)]) -> [[i32; COUNT]; 2] {
        let kings = [
            (Square::E1, Piece::WhiteKing),
            (Square::E8, Piece::BlackKing),
        ];
        let given = pieces.iter().any(|&(_, p)| p.role() == Role::King);
        let kings = if given { &[][..] } else { &kings[..] };
        crate::eval::term_counts(&kings.iter().chain(pieces).copied().collect())
    }

    #[test]
    fn chains_phalanxes_and_backward_pawns() {
        use Piece::*;
        // The b2-c3-d4-e5 chain: c3, d4 and e5 are defended, and f5 stands beside e5.
        // Black's e7 pawn is backward: d6 is ahead of it and f5 attacks e6.
        let [white, black] = counts(&[
            (Square::B2, WhitePawn),
            (Square::C3, WhitePawn),
            (Square::D4, WhitePawn),
            (Square::E5, WhitePawn),
            (Square::F5, WhitePawn),
            (Square::D6, BlackPawn),
            (Square::E7, BlackPawn),
        ]);
        assert_eq!(white[SUPPORTED + 2], 1, "c3 by b2");
        assert_eq!(white[SUPPORTED + 3], 1, "d4 by c3");
        assert_eq!(white[SUPPORTED + 4], 1, "e5 by d4");
        assert_eq!(white[PHALANX + 4], 2, "e5 and f5");
        assert_eq!(white[BACKWARD], 0);
        assert_eq!(black[BACKWARD], 1);
        // A pawn with a pawn of its own behind it on the next file is not backward: that
        // pawn can come up to defend it.
        let [_, black] = counts(&[
            (Square::C4, WhitePawn),
            (Square::D6, BlackPawn),
            (Square::C7, BlackPawn),
        ]);
        assert_eq!(black[BACKWARD], 0);
        let [_, black] = counts(&[
            (Square::C4, WhitePawn),
            (Square::D6, BlackPawn),
            (Square::C5, BlackPawn),
        ]);
        assert_eq!(black[BACKWARD], 1, "c5 is ahead of d6, and c4 attacks d5");
        assert_eq!(black[ISOLATED], 0);
    }

    #[test]
    fn passed_pawns_blocked_free_and_unstoppable() {
        use Piece::*;
        // The a-pawn runs: the black king on h8 is seven moves from a8, too late for a pawn
        // four moves away (the rule of the square, with a move to spare).
        let [white, _] = counts(&[
            (Square::E1, WhiteKing),
            (Square::A4, WhitePawn),
            (Square::H8, BlackKing),
        ]);
        assert_eq!(white[UNSTOPPABLE], 1);
        assert_eq!(white[PASSED_FREE + 3], 1);
        assert_eq!(white[PASSED_BLOCKED + 3], 0);
        // The king in the square catches it.
        let [white, _] = counts(&[
            (Square::E1, WhiteKing),
            (Square::A4, WhitePawn),
            (Square::D7, BlackKing),
        ]);
        assert_eq!(white[UNSTOPPABLE], 0);
        // With a black knight on the board the pawn is not counted as unstoppable; the
        // knight on a5 blocks it.
        let [white, _] = counts(&[
            (Square::E1, WhiteKing),
            (Square::A4, WhitePawn),
            (Square::H8, BlackKing),
            (Square::A5, BlackKnight),
        ]);
        assert_eq!(white[UNSTOPPABLE], 0);
        assert_eq!(white[PASSED_BLOCKED + 3], 1);
        assert_eq!(white[PASSED_FREE + 3], 0);
        // A pawn on its first square moves two at once: from a2 it needs five moves.
        let [white, _] = counts(&[
            (Square::E1, WhiteKing),
            (Square::A2, WhitePawn),
            (Square::F7, BlackKing),
        ]);
        assert_eq!(
            white[UNSTOPPABLE], 0,
            "f7 to a8 is five moves, not more than 5 + 1"
        );
        let [white, _] = counts(&[
            (Square::E1, WhiteKing),
            (Square::A2, WhitePawn),
            (Square::H1, BlackKing),
        ]);
        assert_eq!(white[UNSTOPPABLE], 1);
        // The same for black, mirrored.
        let [_, black] = counts(&[
            (Square::E8, BlackKing),
            (Square::A5, BlackPawn),
            (Square::H1, WhiteKing),
        ]);
        assert_eq!(black[UNSTOPPABLE], 1);
    }

    #[test]
    fn rooks_behind_passed_pawns() {
        use Piece::*;
        let [white, black] = counts(&[(Square::A5, WhitePawn), (Square::A1, WhiteRook)]);
        assert_eq!(white[ROOK_BEHIND_PASSER], 1);
        assert_eq!(white[ENEMY_ROOK_BEHIND_PASSER], 0);
        assert_eq!(black[ROOK_BEHIND_PASSER], 0);
        let [white, _] = counts(&[(Square::A5, WhitePawn), (Square::A2, BlackRook)]);
        assert_eq!(white[ENEMY_ROOK_BEHIND_PASSER], 1);
        // A rook in front of the pawn, or one with a piece between, is not behind it.
        let [white, _] = counts(&[(Square::A5, WhitePawn), (Square::A8, WhiteRook)]);
        assert_eq!(white[ROOK_BEHIND_PASSER], 0);
        let [white, _] = counts(&[
            (Square::A5, WhitePawn),
            (Square::A3, WhiteKnight),
            (Square::A1, WhiteRook),
        ]);
        assert_eq!(white[ROOK_BEHIND_PASSER], 0);
        // Black's pawn on h4 has its rook behind it on h8.
        let [_, black] = counts(&[(Square::H4, BlackPawn), (Square::H8, BlackRook)]);
        assert_eq!(black[ROOK_BEHIND_PASSER], 1);
    }

    #[test]
    fn the_king_walks_to_the_pawns() {
        let [white, black] = counts(&[
            (Square::E1, Piece::WhiteKing),
            (Square::E8, Piece::BlackKing),
            (Square::B5, Piece::WhitePawn),
        ]);
        assert_eq!(white[KING_PAWN_DISTANCE], 4);
        assert_eq!(black[KING_PAWN_DISTANCE], 3);
    }

    #[test]
    fn passed_pawn_masks() {
        let ours = Bitboard::from_square(Square::A5)
            | Bitboard::from_square(Square::D4)
            | Bitboard::from_square(Square::H2);
        let theirs = Bitboard::from_square(Square::C6)
            | Bitboard::from_square(Square::F6)
            | Bitboard::from_square(Square::H3);
        assert_eq!(
            passed(ours, theirs, Color::White),
            Bitboard::from_square(Square::A5)
        );
        assert_eq!(
            passed(theirs, ours, Color::Black),
            Bitboard::from_square(Square::F6)
        );
    }
}
