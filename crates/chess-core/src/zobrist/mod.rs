//! Zobrist keys, compatible with Polyglot opening books.
//!
//! A position's hash is the XOR of the keys of its pieces, of its castling sides, of the en
//! passant file (only when a pawn of the side to move stands ready to take en passant), and of
//! [`WHITE_TO_MOVE`] when white is to move. These are the 781 keys of the Polyglot book format,
//! so hashes can be looked up in Polyglot books:
//!
//! ```
//! use chess_core::{Board, CastlingRights, zobrist};
//!
//! let hash = Board::standard().zobrist_hash()
//!     ^ zobrist::castling(CastlingRights::standard().sides())
//!     ^ zobrist::WHITE_TO_MOVE;
//! assert_eq!(hash, 0x463b_9618_1691_fc9c);
//! ```

mod generated;

use crate::{CastlingSides, File, Piece, Square};

/// The key XORed into the hash when white is to move.
pub const WHITE_TO_MOVE: u64 = generated::WHITE_TO_MOVE;

/// The key of `piece` standing on `sq`.
#[inline]
#[must_use]
pub fn piece(piece: Piece, sq: Square) -> u64 {
    generated::PIECE[piece.index()][sq as usize]
}

/// The key of a set of castling sides (the XOR of the key of each side in it).
#[inline]
#[must_use]
pub fn castling(sides: CastlingSides) -> u64 {
    generated::CASTLING[(sides.bits() & 15) as usize]
}

/// The key of an en passant capture being possible on `file`.
#[inline]
#[must_use]
pub fn en_passant(file: File) -> u64 {
    generated::EN_PASSANT[file as usize]
}

/// The move behind `diff`, the difference (XOR) of the hashes of two positions, where one
/// knight, bishop, rook, queen or king moves between two squares it reaches on an empty board
/// and the side to move changes: the two squares, the lower first, or `None` where no such
/// move makes that difference.
///
/// Which of the two is the origin, whose piece it is and whether the squares between are
/// empty, the caller asks its board. Castling rights and en passant are part of the hash, so a
/// move that changes them never matches. The lookup is two probes of a cuckoo table (Marcel
/// van Kervinck's method): a search sees that a position can repeat one move ahead, as
/// Stockfish does, by looking up the difference between the current hash and each earlier
/// one with the other side to move.
///
/// ```
/// use chess_core::{Piece, Square, zobrist};
///
/// let knight = Piece::WhiteKnight;
/// let diff = zobrist::piece(knight, Square::G1)
///     ^ zobrist::piece(knight, Square::F3)
///     ^ zobrist::WHITE_TO_MOVE;
/// assert_eq!(zobrist::reversible_move(diff), Some((Square::G1, Square::F3)));
/// assert_eq!(zobrist::reversible_move(diff ^ zobrist::WHITE_TO_MOVE), None);
/// ```
#[inline]
#[must_use]
pub fn reversible_move(diff: u64) -> Option<(Square, Square)> {
    let slots = [(diff & 0x1fff) as usize, ((diff >> 16) & 0x1fff) as usize];
    let slot = slots
        .into_iter()
        .find(|&slot| generated::CUCKOO_KEYS[slot] == diff && diff != 0)?;
    let squares = generated::CUCKOO_SQUARES[slot];
    Some((
        Square::from_index_masked(squares as u8),
        Square::from_index_masked((squares >> 6) as u8),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bitboard, Color, Role};

    /// The keys file, read independently of the generator.
    fn polyglot_keys() -> Vec<u64> {
        include_str!("../../data/polyglot-random64.txt")
            .lines()
            .filter(|l| !l.trim().is_empty())
            .map(|l| u64::from_str_radix(l.trim().trim_start_matches("0x"), 16).unwrap())
            .collect()
    }

    #[test]
    fn keys_follow_the_polyglot_layout() {
        let keys = polyglot_keys();
        assert_eq!(keys.len(), 781);
        for p in Piece::ALL {
            // Polyglot's "kind": black pawn 0, white pawn 1, black knight 2, …
            let kind = 2 * p.role() as usize + usize::from(p.color() == Color::White);
            for sq in Square::ALL {
                assert_eq!(piece(p, sq), keys[64 * kind + sq as usize]);
            }
        }
        assert_eq!(castling(CastlingSides::WHITE_KING_SIDE), keys[768]);
        assert_eq!(castling(CastlingSides::BLACK_QUEEN_SIDE), keys[771]);
        assert_eq!(
            castling(CastlingSides::all()),
            keys[768] ^ keys[769] ^ keys[770] ^ keys[771]
        );
        assert_eq!(castling(CastlingSides::empty()), 0);
        assert_eq!(en_passant(File::A), keys[772]);
        assert_eq!(en_passant(File::H), keys[779]);
        assert_eq!(WHITE_TO_MOVE, keys[780]);
        assert_eq!(
            piece(Piece::new(Color::Black, Role::Pawn), Square::A1),
            0x9D39_247E_3377_6D41
        );
    }

    /// Where a piece of `role` on `sq` goes on an empty board (no pawns: their moves are
    /// irreversible).
    fn empty_board_targets(role: Role, sq: Square) -> Bitboard {
        match role {
            Role::Pawn => Bitboard::EMPTY,
            Role::Knight => crate::attacks::knight(sq),
            Role::Bishop => crate::attacks::bishop(sq, Bitboard::EMPTY),
            Role::Rook => crate::attacks::rook(sq, Bitboard::EMPTY),
            Role::Queen => crate::attacks::queen(sq, Bitboard::EMPTY),
            Role::King => crate::attacks::king(sq),
        }
    }

    #[test]
    fn every_reversible_move_and_nothing_else_is_found() {
        let mut moves = 0;
        for p in Piece::ALL {
            for a in Square::ALL {
                for b in Square::ALL {
                    let diff = piece(p, a) ^ piece(p, b) ^ WHITE_TO_MOVE;
                    let expected =
                        (a < b && empty_board_targets(p.role(), a).contains(b)).then_some((a, b));
                    if a < b {
                        assert_eq!(reversible_move(diff), expected, "{p:?} {a} {b}");
                        moves += usize::from(expected.is_some());
                    }
                    // Without the side to move's key, or with a castling key, no move.
                    assert_eq!(reversible_move(diff ^ WHITE_TO_MOVE), None);
                    let rights = castling(CastlingSides::WHITE_KING_SIDE);
                    assert_eq!(reversible_move(diff ^ rights), None);
                }
            }
        }
        assert_eq!(moves, 3668);
        assert_eq!(reversible_move(0), None);
        // Arbitrary differences (two positions a pawn move apart, say) find nothing.
        let pawn = Piece::new(Color::White, Role::Pawn);
        let push = piece(pawn, Square::E2) ^ piece(pawn, Square::E4) ^ WHITE_TO_MOVE;
        assert_eq!(reversible_move(push), None);
    }
}
