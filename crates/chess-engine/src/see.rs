//! Static exchange evaluation: the material won or lost by a capture once every piece that
//! attacks the square has joined in, cheapest first, each side free to stop.

use chess_core::{Bitboard, Color, Role, Square, attacks};
use chess_rules::{Move, Position};

/// Piece values for exchanges, in centipawns (pawn, knight, bishop, rook, queen, king).
pub(crate) const SEE_VALUE: [i32; 6] = [100, 320, 330, 500, 900, 20_000];

/// The value of `role` in exchanges.
#[inline]
#[must_use]
pub(crate) const fn value(role: Role) -> i32 {
    SEE_VALUE[role as usize]
}

/// The material balance, for the side to move, of playing the legal move `m` and letting both
/// sides recapture on its destination while it pays: positive when `m` wins material.
///
/// Quiet moves score what the moved piece risks on its new square (0 if it is safe);
/// castling scores 0. Pins are not considered.
///
/// ```
/// use chess_core::Square;
/// use chess_engine::see;
/// use chess_notation::Fen;
/// use chess_rules::{CastlingMode, Move};
///
/// // The queen takes a pawn that a pawn defends: it wins 100 and loses 900.
/// let pos: Fen = "4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1".parse()?;
/// let pos = pos.into_position(CastlingMode::Standard)?;
/// assert_eq!(see(&pos, Move::new(Square::E1, Square::E5)), -800);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn see(pos: &Position, m: Move) -> i32 {
    if m.is_castle() {
        return 0;
    }
    let board = pos.board();
    let (from, to) = (m.from(), m.to());
    let Some(mover) = board.role_at(from) else {
        return 0;
    };
    let mut occupied = board.occupied().without(from);
    // gain[d]: the balance for the side making capture d if the exchange stopped after it.
    let mut gain = [0i32; 32];
    gain[0] = if m.is_en_passant() {
        occupied.remove(Square::new(to.file(), from.rank()));
        value(Role::Pawn)
    } else {
        board.role_at(to).map_or(0, value)
    };
    let mut on_square = value(mover);
    if let Some(promotion) = m.promotion() {
        gain[0] += value(promotion) - value(Role::Pawn);
        on_square = value(promotion);
    }

    let diagonal = board.by_role(Role::Bishop) | board.by_role(Role::Queen);
    let straight = board.by_role(Role::Rook) | board.by_role(Role::Queen);
    let mut attackers = (pos.attackers_to(to, Color::White, occupied)
        | pos.attackers_to(to, Color::Black, occupied))
        & occupied;
    let mut side = !pos.turn();
    let mut d = 0;
    while d + 1 < gain.len() {
        let ours = attackers & board.by_color(side);
        let Some((sq, role)) = least_valuable(board, ours) else {
            break;
        };
        let after = occupied.without(sq);
        let revealed =
            (attacks::bishop(to, after) & diagonal) | (attacks::rook(to, after) & straight);
        if role == Role::King && ((attackers | revealed) & after & board.by_color(!side)).any() {
            // The king cannot take on a square the other side still guards.
            break;
        }
        d += 1;
        gain[d] = on_square - gain[d - 1];
        on_square = value(role);
        occupied = after;
        // Sliders behind the piece that just captured now see the square.
        attackers = (attackers | revealed) & occupied;
        side = !side;
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

/// Whether the exchange started by `m` gains at least `threshold`.
#[inline]
#[must_use]
pub fn see_ge(pos: &Position, m: Move, threshold: i32) -> bool {
    // Most answers need no exchange: the first capture bounds the balance from above (the
    // other side may take back or not), and losing the capturing piece for it from below.
    if !m.is_castle() && !m.is_en_passant() {
        let board = pos.board();
        if let Some(mover) = board.role_at(m.from()) {
            let mut gain = board.role_at(m.to()).map_or(0, value);
            let mut on_square = value(mover);
            if let Some(promotion) = m.promotion() {
                gain += value(promotion) - value(Role::Pawn);
                on_square = value(promotion);
            }
            if gain < threshold {
                return false;
            }
            if gain - on_square >= threshold {
                return true;
            }
        }
    }
    see(pos, m) >= threshold
}

/// The cheapest piece on `candidates`, with its role.
#[inline]
fn least_valuable(board: &chess_core::Board, candidates: Bitboard) -> Option<(Square, Role)> {
    if candidates.is_empty() {
        return None;
    }
    Role::ALL.into_iter().find_map(|role| {
        (candidates & board.by_role(role))
            .first()
            .map(|sq| (sq, role))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_notation::{Fen, uci};
    use chess_rules::CastlingMode;

    #[test]
    fn see_ge_answers_as_see_does() {
        let mut rng = chess_testdata::Rng::new(11);
        let mut checked = 0;
        for start in [
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        ] {
            let fen: Fen = start.parse().expect("test fen");
            let mut pos = fen.into_position(CastlingMode::Standard).expect("legal");
            for _ in 0..60 {
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                for &m in moves.iter() {
                    let value = see(&pos, m);
                    for threshold in [-1000, -300, -100, -1, 0, 1, 100, 300, 1000] {
                        assert_eq!(
                            see_ge(&pos, m, threshold),
                            value >= threshold,
                            "{m:?} {pos:?}"
                        );
                        checked += 1;
                    }
                }
                pos = pos.after(moves[rng.below(moves.len())]);
            }
        }
        assert!(checked > 10_000, "{checked}");
    }

    fn see_of(fen: &str, m: &str) -> i32 {
        let fen: Fen = fen.parse().expect("test fen");
        let pos = fen.into_position(CastlingMode::Standard).expect("legal");
        let m = uci::parse(&pos, m).expect("legal move");
        see(&pos, m)
    }

    #[test]
    fn undefended_pawn() {
        // From the Chess Programming Wiki's SEE page: Rxe5 wins a pawn.
        assert_eq!(
            see_of("1k1r4/1pp4p/p7/4p3/8/P5P1/1PP4P/2K1R3 w - - 0 1", "e1e5"),
            100
        );
    }

    #[test]
    fn knight_takes_pawn_into_a_battery() {
        // The wiki's second example: after Nxe5 Nxe5 white stops (Rxe5 Bxe5 Qxe5 Qxe5 would
        // lose more), having given a knight for a pawn.
        let v = see_of(
            "1k1r3q/1ppn3p/p4b2/4p3/8/P2N2P1/1PP1R1BP/2K1Q3 w - - 0 1",
            "d3e5",
        );
        assert_eq!(v, 100 - 320);
    }

    #[test]
    fn queen_takes_defended_pawn() {
        assert_eq!(see_of("4k3/8/3p4/4p3/8/8/8/4QK2 w - - 0 1", "e1e5"), -800);
    }

    #[test]
    fn pawn_takes_knight() {
        assert_eq!(see_of("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5"), 320);
    }

    #[test]
    fn equal_trade() {
        // Nxd6, and the knight is taken back by a pawn: even.
        assert_eq!(see_of("4k3/4p3/3n4/8/4N3/8/8/4K3 w - - 0 1", "e4d6"), 0);
    }

    #[test]
    fn x_ray_through_a_doubled_rook() {
        // Rxd7 Rxd7 Rxd7: the second rook only sees d7 once the first has gone.
        assert_eq!(see_of("3r2k1/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 500);
        // Without the second white rook the trade is even.
        assert_eq!(see_of("3r2k1/3r4/8/8/8/8/3R4/4K3 w - - 0 1", "d2d7"), 0);
        // With the black king next to d7 it takes the last rook back.
        assert_eq!(see_of("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7"), 0);
    }

    #[test]
    fn king_cannot_recapture_on_a_guarded_square() {
        // A quiet queen move next to the king, undefended: the king takes it.
        assert_eq!(see_of("4k3/5p2/8/8/2B5/Q7/8/5K2 w - - 0 1", "a3e7"), -900);
        // Qxf7+ is defended by the bishop on c4: the king may not take back.
        assert_eq!(see_of("4k3/5p2/8/7Q/2B5/8/8/5K2 w - - 0 1", "h5f7"), 100);
        // Undefended, the king takes the queen.
        assert_eq!(
            see_of("4k3/5p2/8/7Q/8/8/8/5K2 w - - 0 1", "h5f7"),
            100 - 900
        );
    }

    #[test]
    fn en_passant_and_promotion() {
        assert_eq!(see_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6"), 100);
        // Promoting on a guarded square: the new queen is lost, the pawn gone.
        assert_eq!(see_of("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7c8q"), -100);
        assert_eq!(see_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), 800);
        // Castling never loses material by itself.
        assert_eq!(see_of("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "e1g1"), 0);
        // Capturing a guarded rook while promoting: the king takes the new queen.
        assert_eq!(see_of("3rk3/2P5/8/8/8/8/8/4K3 w - - 0 1", "c7d8q"), 400);
        // A quiet move to a square a pawn guards loses the piece; elsewhere it risks nothing.
        assert_eq!(see_of("4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3b5"), -320);
        assert_eq!(see_of("4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3d5"), -320);
        assert_eq!(see_of("4k3/8/2p5/8/8/2N5/8/4K3 w - - 0 1", "c3e4"), 0);
    }
}
