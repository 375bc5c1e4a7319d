//! Pseudo-legal move generation: every move of every piece, whatever it does to its own king.
//!
//! The variants without standard chess's king build their legal moves on it: in Antichess
//! these are the legal moves (once compulsory captures are sorted out), the horde has no king
//! to keep safe, and Atomic filters them with its own notion of check ([`super::atomic`]).
//! The moves come in bulk into a [`MoveSink`], as from [`Position::generate`]: a piece's
//! destinations as one bitboard, pawns set-wise.
//!
//! Pawns on their own first rank (the horde's) step one or two squares: the double step from
//! the first rank is an ordinary move ([`MoveSink::pawns`] with a delta of 16), since it gives
//! no en passant square (python-chess's rule, and Lichess's); no other variant has pawns there.
//!
//! [`Position::generate`]: crate::Position::generate

use core::ops::ControlFlow;

use chess_core::{Bitboard, Board, Color, Rank, Role, Square, attacks};

use crate::{Move, MoveSink};

/// Feeds the pseudo-legal moves of the side `WHITE` says (castling aside) from `from_mask` to
/// `to_mask` into `sink`, with promotions to a king too when `KING_PROMOTIONS`. `ep_square` is
/// the square skipped by the last double step, if any: en passant counts as going to it and
/// to the captured pawn's square.
#[inline(always)]
pub(crate) fn generate<S: MoveSink, const WHITE: bool, const KING_PROMOTIONS: bool>(
    board: &Board,
    ep_square: Option<Square>,
    from_mask: Bitboard,
    to_mask: Bitboard,
    sink: &mut S,
) -> ControlFlow<()> {
    let us = if WHITE { Color::White } else { Color::Black };
    let occupied = board.occupied();
    let target = !board.by_color(us) & to_mask;
    for from in board.pieces(us, Role::King) & from_mask {
        sink.piece(from, attacks::king(from) & target)?;
    }
    for from in board.pieces(us, Role::Knight) & from_mask {
        sink.piece(from, attacks::knight(from) & target)?;
    }
    for from in board.pieces(us, Role::Bishop) & from_mask {
        sink.piece(from, attacks::bishop(from, occupied) & target)?;
    }
    for from in board.pieces(us, Role::Rook) & from_mask {
        sink.piece(from, attacks::rook(from, occupied) & target)?;
    }
    for from in board.pieces(us, Role::Queen) & from_mask {
        sink.piece(from, attacks::queen(from, occupied) & target)?;
    }
    pawns::<S, WHITE, KING_PROMOTIONS>(board, ep_square, from_mask, to_mask, sink)
}

/// The pawn moves of [`generate`].
#[inline(always)]
fn pawns<S: MoveSink, const WHITE: bool, const KING_PROMOTIONS: bool>(
    board: &Board,
    ep_square: Option<Square>,
    from_mask: Bitboard,
    to_mask: Bitboard,
    sink: &mut S,
) -> ControlFlow<()> {
    let us = if WHITE { Color::White } else { Color::Black };
    let them = !us;
    let pawns = board.pieces(us, Role::Pawn) & from_mask;
    if pawns.is_empty() {
        return ControlFlow::Continue(());
    }
    let empty = !board.occupied();
    let last_rank = Bitboard::rank(if WHITE { Rank::Eighth } else { Rank::First });
    let second_rank = Bitboard::rank(if WHITE { Rank::Second } else { Rank::Seventh });
    let third_rank = Bitboard::rank(if WHITE { Rank::Third } else { Rank::Sixth });
    let forward = |bb: Bitboard| {
        if WHITE {
            bb.shift_north()
        } else {
            bb.shift_south()
        }
    };
    let push: i8 = if WHITE { 8 } else { -8 };

    let single = forward(pawns) & empty;
    // From the second rank: a double push, with its en passant square. From the first rank
    // (the horde's): an ordinary two-square step.
    let double = forward(single & third_rank) & empty & to_mask;
    let from_first = forward(single & second_rank) & empty & to_mask;
    let single = single & to_mask;
    sink.pawns(single & !last_rank, push)?;
    promotions::<S, KING_PROMOTIONS>(single & last_rank, push, sink)?;
    sink.double_pushes(double, 2 * push)?;
    sink.pawns(from_first, 2 * push)?;

    let victims = board.by_color(them) & to_mask;
    let (west, west_delta) = if WHITE {
        (pawns.shift_north_west(), 7)
    } else {
        (pawns.shift_south_west(), -9)
    };
    let (east, east_delta) = if WHITE {
        (pawns.shift_north_east(), 9)
    } else {
        (pawns.shift_south_east(), -7)
    };
    for (targets, delta) in [(west & victims, west_delta), (east & victims, east_delta)] {
        sink.pawns(targets & !last_rank, delta)?;
        promotions::<S, KING_PROMOTIONS>(targets & last_rank, delta, sink)?;
    }

    if let Some(ep) = ep_square {
        let captured = Square::from_index_masked((ep as i8 - push) as u8);
        if to_mask.contains(ep) || to_mask.contains(captured) {
            for from in attacks::pawn(them, ep) & pawns {
                sink.single(Move::en_passant(from, ep))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Promotions to each square of `targets` from `delta` squares before it: the four of
/// standard chess, and the king's one by one when `KING_PROMOTIONS`.
#[inline(always)]
fn promotions<S: MoveSink, const KING_PROMOTIONS: bool>(
    targets: Bitboard,
    delta: i8,
    sink: &mut S,
) -> ControlFlow<()> {
    sink.promotions(targets, delta)?;
    if KING_PROMOTIONS {
        for to in targets {
            sink.single(Move::promote(crate::pawn_origin(to, delta), to, Role::King))?;
        }
    }
    ControlFlow::Continue(())
}
