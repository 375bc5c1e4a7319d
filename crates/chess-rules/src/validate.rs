//! Whether a setup can occur in a game.

use chess_core::{
    Bitboard, Board, CastlingRights, CastlingSide, Color, File, Piece, Rank, Role, Square, attacks,
};

use crate::error::PositionErrorKinds;
use crate::{CastlingMode, Setup};

/// Every reason `setup` cannot occur in a game under `mode`.
///
/// `castling` and `ep_square` are [`valid_castling`] and [`valid_ep_square`] of the setup,
/// which the caller computes once and keeps for the position.
pub(crate) fn errors(
    setup: &Setup,
    castling: CastlingRights,
    ep_square: Option<Square>,
) -> PositionErrorKinds {
    let mut errors = PositionErrorKinds::empty();
    let board = &setup.board;

    for color in Color::ALL {
        match board.pieces(color, Role::King).count() {
            0 => errors |= PositionErrorKinds::MISSING_KING,
            1 => {}
            _ => errors |= PositionErrorKinds::TOO_MANY_KINGS,
        }
        if too_much_material(setup, color) {
            errors |= PositionErrorKinds::TOO_MUCH_MATERIAL;
        }
    }
    if (board.by_role(Role::Pawn) & Bitboard::BACKRANKS).any() {
        errors |= PositionErrorKinds::PAWNS_ON_BACKRANK;
    }
    if castling != setup.castling {
        errors |= PositionErrorKinds::INVALID_CASTLING_RIGHTS;
    }
    if setup.ep_square.is_some() && ep_square.is_none() {
        errors |= PositionErrorKinds::INVALID_EP_SQUARE;
    }
    if errors.intersects(PositionErrorKinds::MISSING_KING | PositionErrorKinds::TOO_MANY_KINGS) {
        // Checks are about the one king of each side.
        return errors;
    }

    let us = setup.turn;
    let occupied = board.occupied();
    if let Some(their_king) = board.king_of(!us) {
        if board.attackers_to(their_king, us, occupied).any() {
            errors |= PositionErrorKinds::OPPOSITE_CHECK;
        }
    }
    if let Some(our_king) = board.king_of(us) {
        let checkers = board.attackers_to(our_king, !us, occupied);
        if impossible_check(setup, ep_square, our_king, checkers) {
            errors |= PositionErrorKinds::IMPOSSIBLE_CHECK;
        }
    }
    errors
}

/// More than 16 pieces, more than 8 pawns, or more promoted pieces than missing pawns.
pub(crate) fn too_much_material(setup: &Setup, color: Color) -> bool {
    let board = &setup.board;
    let ours = board.by_color(color);
    let pawns = board.pieces(color, Role::Pawn).count();
    if ours.count() > 16 || pawns > 8 {
        return true;
    }
    let bishops = board.pieces(color, Role::Bishop);
    let extra = |count: u32, original: u32| count.saturating_sub(original);
    let promoted = extra(board.pieces(color, Role::Knight).count(), 2)
        + extra((bishops & Bitboard::LIGHT_SQUARES).count(), 1)
        + extra((bishops & Bitboard::DARK_SQUARES).count(), 1)
        + extra(board.pieces(color, Role::Rook).count(), 2)
        + extra(board.pieces(color, Role::Queen).count(), 1);
    promoted > 8 - pawns
}

/// Whether the checks on the king of the side to move could not have come from the last move.
pub(crate) fn impossible_check(
    setup: &Setup,
    ep_square: Option<Square>,
    king: Square,
    checkers: Bitboard,
) -> bool {
    if checkers.count() > 2 {
        return true;
    }
    let board = &setup.board;
    if let Some(ep) = ep_square {
        // The last move was a double step: every check comes from that pawn, or from a slider
        // it uncovered by leaving its origin square; at most one of those can be a slider.
        let them = !setup.turn;
        let pushed = Square::new(ep.file(), Rank::Fourth.relative_to(them));
        let origin = Square::new(ep.file(), Rank::Second.relative_to(them));
        let mut uncovered = 0;
        for checker in checkers {
            if checker == pushed {
                continue;
            }
            let slider = board.role_at(checker).is_some_and(Role::is_slider);
            if slider && attacks::between(king, checker).contains(origin) {
                uncovered += 1;
            } else {
                return true;
            }
        }
        return uncovered > 1;
    }
    if checkers.more_than_one() {
        return !double_check_possible(board, !setup.turn, king, checkers);
    }
    false
}

/// Whether one move of `them` can have given both checks of `checkers` (two pieces) to the
/// king on `king`: whether that move can have been played in a position where the king was not
/// in check.
///
/// A checker that did not move, and whose line to the king the move did not open, was checking
/// before it. A move empties one square, so opens at most one line: either one checker moved
/// (its own check direct, the other's line running through the square it left) or the move was
/// en passant, which empties two squares and can open two lines. Castling gives at most the
/// rook's check: a square of the back rank lies between a slider and the enemy king only along
/// the back rank, and there the castled king stands in the way of anything outside the stretch
/// the king and rook used, which was empty but for them.
fn double_check_possible(board: &Board, them: Color, king: Square, checkers: Bitboard) -> bool {
    let us = !them;
    let occupied = board.occupied();
    // Whether, before the piece now on `to` arrived from `from` (where it stood as `before`),
    // with `occupied_before` the squares occupied then, nothing attacked the king.
    let out_of_check = |to: Square, from: Square, before: Role, occupied_before: Bitboard| {
        board
            .attackers_to(king, them, occupied_before)
            .without(to)
            .is_empty()
            && !attacks::for_piece(Piece::new(them, before), from, occupied_before).contains(king)
    };
    let last_rank = Bitboard::relative_rank(them, Rank::Eighth);
    for to in checkers {
        let Some(role) = board.role_at(to) else {
            continue;
        };
        // Where a pawn can have stepped or captured from, and (for a pawn on the fourth rank)
        // double-stepped from across an empty square.
        let behind = Bitboard::from(to).shift_forward(us) & !occupied;
        let pawn_steps = behind & !Bitboard::BACKRANKS;
        let pawn_captures = attacks::pawn(us, to) & !occupied & !Bitboard::BACKRANKS;
        let double_steps =
            behind.shift_forward(us) & !occupied & Bitboard::relative_rank(them, Rank::Second);
        let (own_moves, pushes, captures) = match role {
            Role::Pawn => (Bitboard::EMPTY, pawn_steps | double_steps, pawn_captures),
            Role::King => (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY),
            _ => {
                let own = attacks::for_piece(Piece::new(them, role), to, occupied) & !occupied;
                if last_rank.contains(to) {
                    (own, pawn_steps, pawn_captures)
                } else {
                    (own, Bitboard::EMPTY, Bitboard::EMPTY)
                }
            }
        };
        // A move that can have been a capture leaves its square occupied before it: by the
        // piece taken, which only blocks more lines than an empty square would.
        for from in own_moves {
            if out_of_check(to, from, role, occupied.with(from)) {
                return true;
            }
        }
        for from in captures {
            if out_of_check(to, from, Role::Pawn, occupied.with(from)) {
                return true;
            }
        }
        for from in pushes {
            if out_of_check(to, from, Role::Pawn, occupied.without(to).with(from)) {
                return true;
            }
        }
    }
    // En passant: a pawn on the sixth rank that took a pawn behind it, which had just
    // double-stepped from the (still empty) square in front of it.
    let forward = if them.is_white() { 1 } else { -1 };
    for to in board.pieces(them, Role::Pawn) & Bitboard::relative_rank(them, Rank::Sixth) {
        let (Some(taken), Some(start)) = (to.offset(0, -forward), to.offset(0, forward)) else {
            continue;
        };
        if occupied.contains(taken) || occupied.contains(start) {
            continue;
        }
        for from in [taken.offset(-1, 0), taken.offset(1, 0)]
            .into_iter()
            .flatten()
        {
            let before = occupied.without(to).with(from).with(taken);
            if !occupied.contains(from) && out_of_check(to, from, Role::Pawn, before) {
                return true;
            }
        }
    }
    false
}

/// The castling rights of `setup` whose king and rook are in place (in standard chess, only
/// the standard four).
pub(crate) fn valid_castling(setup: &Setup, mode: CastlingMode) -> CastlingRights {
    let board = &setup.board;
    let mut valid = CastlingRights::NONE;
    for (color, side, rook) in setup.castling.iter() {
        let back_rank = Bitboard::rank(Rank::First.relative_to(color));
        let kings = board.pieces(color, Role::King);
        let Some(king) = kings.single_square() else {
            continue;
        };
        let in_place = back_rank.contains(king)
            && board.pieces(color, Role::Rook).contains(rook)
            && CastlingSide::from_king_and_rook(king, rook) == side
            && king != rook;
        let standard = king.file() == File::E && rook.file() == side.standard_rook_file();
        if in_place && (mode.is_chess960() || standard) {
            valid.add(color, side, rook.file());
        }
    }
    valid
}

/// Why each castling right of `setup` that [`valid_castling`] drops does not fit, one sentence
/// each: `castling right k: the black king is on d8, not e8 as standard chess needs`.
pub(crate) fn castling_problems(
    setup: &Setup,
    mode: CastlingMode,
) -> alloc::vec::Vec<alloc::string::String> {
    use alloc::format;
    let board = &setup.board;
    let valid = valid_castling(setup, mode);
    let mut problems = alloc::vec::Vec::new();
    for (color, side, rook) in setup.castling.iter() {
        if valid.rook(color, side) == Some(rook) {
            continue;
        }
        // The letter as a FEN writes it: KQkq in standard chess, the rook's file in Chess960.
        let letter = side.letter(color, mode.is_chess960().then_some(rook.file()));
        let back_rank = Rank::First.relative_to(color);
        let standard_king = Square::new(File::E, back_rank);
        let standard_rook = Square::new(side.standard_rook_file(), back_rank);
        let why = match board.pieces(color, Role::King).single_square() {
            None => format!("there is not one {color} king"),
            Some(king) if king.rank() != back_rank => {
                format!("the {color} king is on {king}, off its first rank")
            }
            Some(king) if !mode.is_chess960() && king != standard_king => format!(
                "the {color} king is on {king}, not {standard_king} as standard chess needs"
            ),
            Some(_) if !board.pieces(color, Role::Rook).contains(rook) => {
                format!("there is no {color} rook on {rook}")
            }
            Some(_) if !mode.is_chess960() && rook != standard_rook => format!(
                "the {color} rook is on {rook}, not {standard_rook} as standard chess needs"
            ),
            Some(king) => format!(
                "the {color} rook on {rook} is not on the {} side of the king on {king}",
                if side == CastlingSide::KingSide {
                    "king's"
                } else {
                    "queen's"
                }
            ),
        };
        problems.push(format!("castling right {letter}: {why}"));
    }
    problems
}

/// The en passant square of `setup` if a pawn of the side not to move can just have advanced two
/// squares past it: the square and the pawn's origin empty, the pawn in front.
pub(crate) fn valid_ep_square(setup: &Setup) -> Option<Square> {
    let ep = setup.ep_square?;
    let them = !setup.turn;
    if ep.rank() != Rank::Third.relative_to(them) {
        return None;
    }
    let pushed = Square::new(ep.file(), Rank::Fourth.relative_to(them));
    let origin = Square::new(ep.file(), Rank::Second.relative_to(them));
    let board = &setup.board;
    let in_place = board.pieces(them, Role::Pawn).contains(pushed)
        && !board.occupied().contains(ep)
        && !board.occupied().contains(origin);
    in_place.then_some(ep)
}
