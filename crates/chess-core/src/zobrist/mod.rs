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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Color, Role};

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
}
