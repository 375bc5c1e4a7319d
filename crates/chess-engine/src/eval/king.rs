//! King safety: the shelter of the side's own king (its pawn shield, open files next to it,
//! enemy pawns storming it) and the side's attack on the enemy king (the pieces that reach its
//! zone, the checks it could give, the squares next to it that only the king or queen guard).

use chess_core::{Bitboard, Board, Color, Rank, Role, Square, attacks};

use super::attack_map::AttackMap;
use super::features::{
    KING_DANGER, KING_DANGER_UNITS, KING_OPEN_FILE, KING_SEMI_OPEN_FILE, PAWN_STORM, SAFE_CHECK,
    SHIELD_FAR, SHIELD_NEAR, UNSAFE_CHECK, WEAK_KING_RING,
};
use super::sink::Sink;

/// Attack units an attacker of the king zone brings, by role (pawns and kings not counted),
/// besides one for each square of the zone it attacks.
pub(super) const ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];

/// The squares around the king of `color` and the ones in front of those.
pub(super) fn zone(king: Square, color: Color) -> Bitboard {
    let zone = attacks::king(king).with(king);
    zone | zone.shift_forward(color)
}

/// The king-safety terms of `color`: its attack on the enemy king (`ours` are its attacks,
/// `theirs` the enemy's) and the shelter of its own king.
#[inline(always)]
pub(super) fn terms<T: Sink>(
    board: &Board,
    color: Color,
    ours: &AttackMap,
    theirs: &AttackMap,
    sink: &mut T,
) {
    attack(board, color, ours, theirs, sink);
    shelter(board, color, sink);
}

/// `color`'s attack on the enemy king.
#[inline(always)]
fn attack<T: Sink>(
    board: &Board,
    color: Color,
    ours: &AttackMap,
    theirs: &AttackMap,
    sink: &mut T,
) {
    let Some(king) = board.king_of(!color) else {
        return;
    };
    // A lone attacker is rarely dangerous; the danger grows faster than the attack.
    if ours.king_attackers >= 2 {
        let units = (ours.king_attack_units as usize).min(KING_DANGER_UNITS - 1);
        sink.add(color, KING_DANGER + units, 1);
    }

    let occupied = board.occupied();
    let own = board.by_color(color);
    let safe = !own & !theirs.all;
    let diagonal = attacks::bishop(king, occupied);
    let straight = attacks::rook(king, occupied);
    let mut unsafe_checks = false;
    for (role, from) in [
        (Role::Knight, attacks::knight(king)),
        (Role::Bishop, diagonal),
        (Role::Rook, straight),
        (Role::Queen, diagonal | straight),
    ] {
        let checks = from & ours.by(role) & !own;
        if (checks & safe).any() {
            sink.add(color, SAFE_CHECK + role.index() - 1, 1);
        } else if checks.any() {
            unsafe_checks = true;
        }
    }
    if unsafe_checks {
        sink.add(color, UNSAFE_CHECK, 1);
    }

    let guards = theirs.by(Role::Pawn)
        | theirs.by(Role::Knight)
        | theirs.by(Role::Bishop)
        | theirs.by(Role::Rook);
    let weak = attacks::king(king) & ours.all & !guards;
    sink.add(color, WEAK_KING_RING, weak.count() as i32);
}

/// The shelter of `color`'s king: shield pawns when the king stays on its first two ranks,
/// open files at and next to it, and the enemy pawns coming at it.
#[inline(always)]
pub(super) fn shelter<T: Sink>(board: &Board, color: Color, sink: &mut T) {
    let Some(king) = board.king_of(color) else {
        return;
    };
    let our_pawns = board.pieces(color, Role::Pawn);
    let their_pawns = board.pieces(!color, Role::Pawn);
    let file = Bitboard::file(king.file());
    let files = file | file.shift_east() | file.shift_west();

    let rank = king.rank().relative_to(color);
    if rank <= Rank::Second {
        let pawns = our_pawns & files;
        let near = rank
            .offset(1)
            .map_or(Bitboard::EMPTY, |r| Bitboard::rank(r.relative_to(color)));
        let far = rank
            .offset(2)
            .map_or(Bitboard::EMPTY, |r| Bitboard::rank(r.relative_to(color)));
        sink.add(color, SHIELD_NEAR, (pawns & near).count() as i32);
        sink.add(color, SHIELD_FAR, (pawns & far).count() as i32);
    }

    let (mut open, mut semi_open) = (0, 0);
    for f in [file.shift_west(), file, file.shift_east()] {
        if f.is_empty() || (f & our_pawns).any() {
            continue;
        }
        if (f & their_pawns).any() {
            semi_open += 1;
        } else {
            open += 1;
        }
    }
    sink.add(color, KING_OPEN_FILE, open);
    sink.add(color, KING_SEMI_OPEN_FILE, semi_open);

    // The most advanced enemy pawn of each file, the one nearest our side.
    for f in [file.shift_west(), file, file.shift_east()] {
        let stormers = f & their_pawns;
        let front = match color {
            Color::White => stormers.first(),
            Color::Black => stormers.last(),
        };
        if let Some(sq) = front {
            sink.add(color, PAWN_STORM + sq.rank().relative_to(color).index(), 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::S;
    use crate::eval::sink::Total;
    use crate::eval::weights::WEIGHTS;
    use chess_core::Piece;

    fn board(pieces: &[(Square, Piece)]) -> Board {
        pieces.iter().copied().collect()
    }

    fn shelter_of(board: &Board, color: Color) -> S {
        let mut total = Total::default();
        shelter(board, color, &mut total);
        total.sides[color as usize]
    }

    #[test]
    fn shelter_counts_shield_pawns_open_files_and_storms() {
        use Piece::*;
        let castled = board(&[
            (Square::G1, WhiteKing),
            (Square::F2, WhitePawn),
            (Square::G2, WhitePawn),
            (Square::H3, WhitePawn),
            (Square::E8, BlackKing),
            (Square::G4, BlackPawn),
            (Square::G7, BlackPawn),
        ]);
        let w = &WEIGHTS;
        assert_eq!(
            shelter_of(&castled, Color::White),
            w[SHIELD_NEAR] * 2 + w[SHIELD_FAR] + w[PAWN_STORM + 3]
        );
        // Black's king on e8: no pawns of its own on d, e or f; the f-file has a white pawn.
        assert_eq!(
            shelter_of(&castled, Color::Black),
            w[KING_OPEN_FILE] * 2 + w[KING_SEMI_OPEN_FILE] + w[PAWN_STORM + 6]
        );
    }

    #[test]
    fn the_attack_counts_safe_checks_and_weak_squares() {
        use crate::eval::sink::Counts;
        use Piece::*;

        // The queen on d3 can check on d8 (safe) and attacks h7, which no black piece but the
        // king guards.
        let board = board(&[
            (Square::G1, WhiteKing),
            (Square::D3, WhiteQueen),
            (Square::G8, BlackKing),
            (Square::F7, BlackPawn),
            (Square::G7, BlackPawn),
            (Square::H7, BlackPawn),
        ]);
        let maps = crate::eval::attack_maps(&board);
        let mut counts = Counts::default();
        attack(&board, Color::White, &maps[0], &maps[1], &mut counts);
        let white = counts.0[0];
        assert_eq!(white[SAFE_CHECK + Role::Queen.index() - 1], 1);
        assert_eq!(white[SAFE_CHECK + Role::Knight.index() - 1], 0);
        assert_eq!(white[UNSAFE_CHECK], 0);
        assert_eq!(white[WEAK_KING_RING], 1);
        // One attacker is no attack.
        assert_eq!(
            white[KING_DANGER..KING_DANGER + KING_DANGER_UNITS]
                .iter()
                .sum::<i32>(),
            0
        );
        // A black rook on d7 blocks the d-file: the only check left, Qxh7+, meets the king.
        let mut guarded = board.clone();
        guarded.put(Square::D7, BlackRook);
        let maps = crate::eval::attack_maps(&guarded);
        let mut counts = Counts::default();
        attack(&guarded, Color::White, &maps[0], &maps[1], &mut counts);
        assert_eq!(counts.0[0][SAFE_CHECK + Role::Queen.index() - 1], 0);
        assert_eq!(counts.0[0][UNSAFE_CHECK], 1);
    }

    #[test]
    fn zone_reaches_two_ranks_ahead() {
        let zone = zone(Square::G1, Color::White);
        assert!(
            zone.contains(Square::G3) && zone.contains(Square::H2) && zone.contains(Square::F1)
        );
        assert!(!zone.contains(Square::G4));
    }
}
