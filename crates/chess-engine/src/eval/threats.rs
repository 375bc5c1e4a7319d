//! Threats: enemy pieces the side attacks that cannot simply stay where they are.

use chess_core::{Bitboard, Board, Color, Rank, Role, attacks};

use super::attack_map::AttackMap;
use super::features::{
    HANGING, THREAT_BY_KING, THREAT_BY_MINOR, THREAT_BY_PAWN_PUSH, THREAT_BY_ROOK,
    THREAT_BY_SAFE_PAWN,
};
use super::sink::Sink;

/// The threats of `color` (whose attacks are `ours`) on the enemy's pieces (whose attacks are
/// `theirs`).
#[inline(always)]
pub(super) fn terms<T: Sink>(
    board: &Board,
    color: Color,
    ours: &AttackMap,
    theirs: &AttackMap,
    sink: &mut T,
) {
    let them = !color;
    let enemies = board.by_color(them) & !board.by_role(Role::King);
    let non_pawns = enemies & !board.by_role(Role::Pawn);
    // Defended by a pawn, or by more pieces than attack it.
    let strongly_protected = theirs.by(Role::Pawn) | (theirs.twice & !ours.twice);
    let weak = enemies & !strongly_protected & ours.all;
    let targets = (non_pawns & strongly_protected) | weak;

    let by_role = |attacked: Bitboard, feature: usize, sink: &mut T| {
        for sq in attacked {
            if let Some(role) = board.role_at(sq) {
                sink.add(color, feature + role.index(), 1);
            }
        }
    };
    by_role(
        targets & (ours.by(Role::Knight) | ours.by(Role::Bishop)),
        THREAT_BY_MINOR,
        sink,
    );
    by_role(weak & ours.by(Role::Rook), THREAT_BY_ROOK, sink);
    if (weak & ours.by(Role::King)).any() {
        sink.add(color, THREAT_BY_KING, 1);
    }
    let hanging = weak & (!theirs.all | (non_pawns & ours.twice));
    sink.add(color, HANGING, hanging.count() as i32);

    let our_pawns = board.pieces(color, Role::Pawn);
    let safe = !theirs.all | ours.all;
    let safe_pawns = our_pawns & safe;
    sink.add(
        color,
        THREAT_BY_SAFE_PAWN,
        (attacks::pawns(color, safe_pawns) & non_pawns).count() as i32,
    );

    let empty = !board.occupied();
    let mut pushes = our_pawns.shift_forward(color) & empty;
    pushes |= (pushes & Bitboard::relative_rank(color, Rank::Third)).shift_forward(color) & empty;
    let pushes = pushes & !theirs.by(Role::Pawn) & safe;
    sink.add(
        color,
        THREAT_BY_PAWN_PUSH,
        (attacks::pawns(color, pushes) & non_pawns).count() as i32,
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::features::{COUNT, THREAT_BY_MINOR};
    use crate::eval::sink::Counts;
    use chess_core::{Piece, Square};

    /// The threat counts of `color` on a board of `pieces`.
    fn threats(pieces: &[(Square, Piece)], color: Color) -> [i32; COUNT] {
        let mut board = Board::empty();
        board.put(Square::E1, Piece::WhiteKing);
        board.put(Square::E8, Piece::BlackKing);
        for &(sq, piece) in pieces {
            board.put(sq, piece);
        }
        let mut counts = Counts::default();
        let maps = crate::eval::attack_maps(&board);
        terms(
            &board,
            color,
            &maps[color as usize],
            &maps[!color as usize],
            &mut counts,
        );
        counts.0[color as usize]
    }

    #[test]
    fn a_pawn_attacking_a_piece_is_a_threat_and_so_is_its_push() {
        use Piece::*;
        let attack = threats(
            &[(Square::E4, WhitePawn), (Square::D5, BlackKnight)],
            Color::White,
        );
        assert_eq!(attack[THREAT_BY_SAFE_PAWN], 1);
        assert_eq!(attack[THREAT_BY_PAWN_PUSH], 0);
        // e3-e4 would attack the knight on d5, and e4 is safe.
        let push = threats(
            &[(Square::E3, WhitePawn), (Square::D5, BlackKnight)],
            Color::White,
        );
        assert_eq!(push[THREAT_BY_SAFE_PAWN], 0);
        assert_eq!(push[THREAT_BY_PAWN_PUSH], 1);
        // A black pawn on f5 guards e4: the push would only lose the pawn.
        let guarded = threats(
            &[
                (Square::E3, WhitePawn),
                (Square::D5, BlackKnight),
                (Square::F5, BlackPawn),
            ],
            Color::White,
        );
        assert_eq!(guarded[THREAT_BY_PAWN_PUSH], 0);
    }

    #[test]
    fn minor_pieces_threaten_bigger_pieces_and_undefended_ones_hang() {
        use Piece::*;
        // A knight on g4 attacks the rook on e5 (undefended: it hangs) and the pawn on h6,
        // which a pawn defends.
        let counts = threats(
            &[
                (Square::G4, WhiteKnight),
                (Square::E5, BlackRook),
                (Square::H6, BlackPawn),
                (Square::G7, BlackPawn),
            ],
            Color::White,
        );
        assert_eq!(counts[THREAT_BY_MINOR + Role::Rook.index()], 1);
        assert_eq!(counts[THREAT_BY_MINOR + Role::Pawn.index()], 0);
        assert_eq!(counts[HANGING], 1);
        // Black attacks nothing of white's, but h6-h5 would attack the knight.
        let black = threats(
            &[
                (Square::G4, WhiteKnight),
                (Square::E5, BlackRook),
                (Square::H6, BlackPawn),
                (Square::G7, BlackPawn),
            ],
            Color::Black,
        );
        assert_eq!(black[THREAT_BY_PAWN_PUSH], 1);
        assert_eq!(black.iter().skip(THREAT_BY_MINOR).sum::<i32>(), 1);
    }
}
