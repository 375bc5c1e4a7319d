//! Static evaluation: how good a position is for the side to move, in centipawns.
//!
//! A tapered evaluation: every term has a middlegame and an endgame weight, blended by the
//! material left on the board (PeSTO's game phase: 24 with all pieces, 0 with kings and pawns
//! only). The terms:
//!
//! - material and piece-square tables: PeSTO's tuned values;
//! - pawn structure: doubled, isolated and passed pawns, and in the endgame the race of the
//!   kings to a passed pawn;
//! - king safety: the pawn shield in front of a castled king, and the enemy pieces attacking
//!   the squares around it;
//! - mobility: squares each piece reaches that are not ours and not guarded by enemy pawns;
//! - the bishop pair and rooks on open files;
//! - a scale-down of pawnless endgames where the stronger side is ahead by less than a rook.
//!
//! Every term is computed the same way for both colors on mirrored squares, so the score of
//! [`Position::mirror`] equals the score of the position.

mod pawns;
mod pesto;

use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use chess_core::{Bitboard, Board, Color, Rank, Role, Square, attacks};
use chess_rules::Position;

/// A middlegame and an endgame value.
#[derive(Copy, Clone, Default, PartialEq, Eq, Debug)]
pub(crate) struct S(pub(crate) i32, pub(crate) i32);

impl Add for S {
    type Output = S;
    fn add(self, rhs: S) -> S {
        S(self.0 + rhs.0, self.1 + rhs.1)
    }
}

impl Sub for S {
    type Output = S;
    fn sub(self, rhs: S) -> S {
        S(self.0 - rhs.0, self.1 - rhs.1)
    }
}

impl AddAssign for S {
    fn add_assign(&mut self, rhs: S) {
        *self = *self + rhs;
    }
}

impl SubAssign for S {
    fn sub_assign(&mut self, rhs: S) {
        *self = *self - rhs;
    }
}

impl Mul<i32> for S {
    type Output = S;
    fn mul(self, rhs: i32) -> S {
        S(self.0 * rhs, self.1 * rhs)
    }
}

impl Neg for S {
    type Output = S;
    fn neg(self) -> S {
        S(-self.0, -self.1)
    }
}

/// A bonus for the side to move: it can improve its position before the opponent does.
const TEMPO: i32 = 10;
/// Per reachable square, counted from a typical number so that the sum stays near zero.
const KNIGHT_MOBILITY: (S, i32) = (S(4, 4), 4);
const BISHOP_MOBILITY: (S, i32) = (S(5, 5), 6);
const ROOK_MOBILITY: (S, i32) = (S(2, 4), 6);
const QUEEN_MOBILITY: (S, i32) = (S(1, 2), 12);
const BISHOP_PAIR: S = S(30, 50);
const ROOK_OPEN_FILE: S = S(25, 10);
const ROOK_SEMI_OPEN_FILE: S = S(10, 5);
/// For each pawn of our own on the rank in front of the king (and the one after), on the
/// king's file and the files next to it.
const SHIELD_NEAR: i32 = 15;
const SHIELD_FAR: i32 = 8;
/// Attack units an attacker of the king zone brings, by role (pawns and kings not counted).
const ATTACK_WEIGHT: [i32; 6] = [0, 2, 2, 3, 5, 0];
/// The most a king attack costs in the middlegame.
const MAX_KING_DANGER: i32 = 500;

/// The static evaluation of `pos` from the side to move's point of view, in centipawns.
///
/// ```
/// use chess_engine::evaluate;
/// use chess_rules::Position;
///
/// let start = evaluate(&Position::standard());
/// assert!(start.abs() < 50);
/// ```
#[must_use]
pub fn evaluate(pos: &Position) -> i32 {
    let board = pos.board();
    let mut score = S(0, 0);
    let mut phase = 0;
    for role in Role::ALL {
        let bb = board.by_role(role);
        phase += pesto::PHASE_INC[role.index()] * bb.count() as i32;
        for sq in bb {
            if let Some(piece) = board.piece_at(sq) {
                let (mg, eg) = pesto::signed_psqt(piece, sq);
                score += S(mg, eg);
            }
        }
    }
    score += pawns::evaluate(board, Color::White) - pawns::evaluate(board, Color::Black);
    score += pieces(board, Color::White) - pieces(board, Color::Black);

    let phase = phase.min(pesto::MAX_PHASE);
    let blended = (score.0 * phase + score.1 * (pesto::MAX_PHASE - phase)) / pesto::MAX_PHASE;
    let scaled = scale(board, blended);
    let relative = if pos.turn().is_white() {
        scaled
    } else {
        -scaled
    };
    relative + TEMPO
}

/// Mobility, king attacks, the bishop pair, rooks on open files and the king's shelter of
/// `color`, from `color`'s point of view.
fn pieces(board: &Board, color: Color) -> S {
    let them = !color;
    let occupied = board.occupied();
    let our_pawns = board.pieces(color, Role::Pawn);
    let their_pawns = board.pieces(them, Role::Pawn);
    let their_pawn_attacks = pawn_attacks(their_pawns, them);
    let area = !board.by_color(color) & !their_pawn_attacks;

    let mut score = S(0, 0);
    let their_zone = board
        .king_of(them)
        .map_or(Bitboard::EMPTY, |k| king_zone(k, them));
    let mut attackers = 0;
    let mut attack_units = 0;
    let mut mobility = |bb: Bitboard, role: Role, (weight, base): (S, i32)| {
        let count = (bb & area).count() as i32;
        let zone_hits = (bb & their_zone).count() as i32;
        if zone_hits > 0 {
            attackers += 1;
            attack_units += ATTACK_WEIGHT[role.index()] + zone_hits;
        }
        weight * (count - base)
    };

    for sq in board.pieces(color, Role::Knight) {
        score += mobility(attacks::knight(sq), Role::Knight, KNIGHT_MOBILITY);
    }
    for sq in board.pieces(color, Role::Bishop) {
        score += mobility(attacks::bishop(sq, occupied), Role::Bishop, BISHOP_MOBILITY);
    }
    for sq in board.pieces(color, Role::Rook) {
        score += mobility(attacks::rook(sq, occupied), Role::Rook, ROOK_MOBILITY);
        let file = Bitboard::file(sq.file());
        if (file & our_pawns).is_empty() {
            score += if (file & their_pawns).is_empty() {
                ROOK_OPEN_FILE
            } else {
                ROOK_SEMI_OPEN_FILE
            };
        }
    }
    for sq in board.pieces(color, Role::Queen) {
        score += mobility(attacks::queen(sq, occupied), Role::Queen, QUEEN_MOBILITY);
    }
    if board.pieces(color, Role::Bishop).more_than_one() {
        score += BISHOP_PAIR;
    }
    // A lone attacker is rarely dangerous; the danger grows with the square of the attack.
    if attackers >= 2 {
        score += S(
            (attack_units * attack_units).min(MAX_KING_DANGER),
            attack_units,
        );
    }
    score + shelter(board, color)
}

/// The pawn shield of `color`'s king, when the king stays on its first two ranks.
fn shelter(board: &Board, color: Color) -> S {
    let Some(king) = board.king_of(color) else {
        return S(0, 0);
    };
    let rank = king.rank().relative_to(color);
    if rank > Rank::Second {
        return S(0, 0);
    }
    let file = Bitboard::file(king.file());
    let files = file | file.shift_east() | file.shift_west();
    let pawns = board.pieces(color, Role::Pawn) & files;
    let near = rank
        .offset(1)
        .map_or(Bitboard::EMPTY, |r| Bitboard::rank(r.relative_to(color)));
    let far = rank
        .offset(2)
        .map_or(Bitboard::EMPTY, |r| Bitboard::rank(r.relative_to(color)));
    let shield =
        SHIELD_NEAR * (pawns & near).count() as i32 + SHIELD_FAR * (pawns & far).count() as i32;
    S(shield, 0)
}

/// The squares around the king of `color` and the ones in front of those.
fn king_zone(king: Square, color: Color) -> Bitboard {
    let zone = attacks::king(king).with(king);
    zone | zone.shift_forward(color)
}

/// The squares pawns of `color` on `pawns` attack.
fn pawn_attacks(pawns: Bitboard, color: Color) -> Bitboard {
    match color {
        Color::White => pawns.shift_north_east() | pawns.shift_north_west(),
        Color::Black => pawns.shift_south_east() | pawns.shift_south_west(),
    }
}

/// Simple material of the non-pawn pieces of `color`, in pawns.
fn piece_material(board: &Board, color: Color) -> i32 {
    let count = |role| board.pieces(color, role).count() as i32;
    3 * count(Role::Knight)
        + 3 * count(Role::Bishop)
        + 5 * count(Role::Rook)
        + 9 * count(Role::Queen)
}

/// Pulls the score towards a draw when the side ahead has no pawns and is up by less than a
/// rook (rook against minor piece, minor piece against nothing, ...): such endings are
/// rarely won, whatever the material count says.
fn scale(board: &Board, score: i32) -> i32 {
    let strong = if score > 0 {
        Color::White
    } else {
        Color::Black
    };
    if board.pieces(strong, Role::Pawn).any() {
        return score;
    }
    let lead = piece_material(board, strong) - piece_material(board, !strong);
    if lead <= 3 { score / 8 } else { score }
}

/// Whether `color` has a piece other than pawns and the king (null-move pruning is unsafe in
/// pawn endings, where zugzwang is common).
#[inline]
pub(crate) fn has_non_pawn_material(pos: &Position, color: Color) -> bool {
    let board = pos.board();
    (board.by_color(color) & !board.by_role(Role::Pawn) & !board.by_role(Role::King)).any()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_core::Piece;
    use chess_rules::Setup;

    fn position(pieces: &[(Square, Piece)], turn: Color) -> Position {
        let mut setup = Setup::empty();
        for &(sq, piece) in pieces {
            setup.board.put(sq, piece);
        }
        setup.turn = turn;
        Position::from_setup(setup, Default::default()).expect("legal test position")
    }

    #[test]
    fn start_position_is_balanced() {
        assert_eq!(evaluate(&Position::standard()), TEMPO);
    }

    #[test]
    fn an_extra_queen_is_decisive() {
        let mut setup = Position::standard().to_setup();
        setup.board.remove(Square::D8);
        let pos = Position::from_setup(setup, Default::default()).expect("legal");
        assert!(evaluate(&pos) > 700, "{}", evaluate(&pos));
        assert!(evaluate(&pos.mirror()) > 700);
        let black = pos.null_move().expect("not in check");
        assert!(evaluate(&black) < -700);
    }

    #[test]
    fn shelter_counts_pawns_in_front_of_the_king() {
        let castled = position(
            &[
                (Square::G1, Piece::WhiteKing),
                (Square::F2, Piece::WhitePawn),
                (Square::G2, Piece::WhitePawn),
                (Square::H3, Piece::WhitePawn),
                (Square::E8, Piece::BlackKing),
            ],
            Color::White,
        );
        assert_eq!(
            shelter(castled.board(), Color::White),
            S(2 * SHIELD_NEAR + SHIELD_FAR, 0)
        );
        assert_eq!(shelter(castled.board(), Color::Black), S(0, 0));
    }

    #[test]
    fn pawnless_small_leads_are_drawish() {
        let rook_vs_knight = position(
            &[
                (Square::E1, Piece::WhiteKing),
                (Square::A1, Piece::WhiteRook),
                (Square::E8, Piece::BlackKing),
                (Square::B8, Piece::BlackKnight),
            ],
            Color::White,
        );
        assert!(evaluate(&rook_vs_knight).abs() < 60);
        let queen_vs_rook = position(
            &[
                (Square::E1, Piece::WhiteKing),
                (Square::D1, Piece::WhiteQueen),
                (Square::E8, Piece::BlackKing),
                (Square::A8, Piece::BlackRook),
            ],
            Color::White,
        );
        assert!(evaluate(&queen_vs_rook) > 300);
    }

    #[test]
    fn king_zone_reaches_two_ranks_ahead() {
        let zone = king_zone(Square::G1, Color::White);
        assert!(
            zone.contains(Square::G3) && zone.contains(Square::H2) && zone.contains(Square::F1)
        );
        assert!(!zone.contains(Square::G4));
    }
}
