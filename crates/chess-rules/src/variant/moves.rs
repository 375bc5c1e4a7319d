//! A list of moves with room for every legal move of the variants.
//!
//! Standard chess's [`MoveList`](crate::MoveList) holds 256 moves, a few more than the 218 of
//! the richest known position; Crazyhouse passes that with full pockets on an open board (301
//! in `2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -`), and the horde's 36 pieces could. The variants
//! list their moves here instead, so that standard chess's list (made at every node of a
//! search) stays as short as it was.

use core::fmt;
use core::mem::MaybeUninit;
use core::ops::{ControlFlow, Deref};
use core::slice;

use chess_core::{Bitboard, Role, Square};

use crate::{Move, MoveSink, pawn_origin};

/// Room in a [`VariantMoveList`]: more than any position of a variant can have. A loose bound
/// proves it: a piece has at most 27 moves (a queen in the middle of an empty board), a drop
/// at most 5 roles on each empty square, so `n` pieces of the side to move (at most 36, the
/// horde's) with a king among them give at most `27·(n-1) + 8 + 5·(63-n)` moves in
/// Crazyhouse (978 for 31 pieces, where the board is full) and `27·36 = 972` in Horde.
pub const VARIANT_MAX_MOVES: usize = 1024;

/// A list of moves on the stack with room for every legal move of any variant
/// ([`VARIANT_MAX_MOVES`]): what [`Playable::legal_moves`](crate::variant::Playable::legal_moves)
/// returns for the variants. It dereferences to a slice.
///
/// ```
/// use chess_rules::variant::{Crazyhouse, Playable};
///
/// let moves = Crazyhouse::new().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().any(|m| m.to_string() == "g1f3"));
/// ```
#[derive(Clone)]
pub struct VariantMoveList {
    /// The first `len` are written; the rest are left as they are (see
    /// [`MoveList`](crate::MoveList), which does the same).
    moves: [MaybeUninit<Move>; VARIANT_MAX_MOVES],
    len: usize,
}

impl VariantMoveList {
    /// An empty list.
    #[inline]
    #[must_use]
    pub const fn new() -> VariantMoveList {
        VariantMoveList {
            moves: [const { MaybeUninit::uninit() }; VARIANT_MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move. A full list (which legal move generation never produces) ignores it.
    #[inline]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = MaybeUninit::new(m);
            self.len += 1;
        }
    }
}

impl Default for VariantMoveList {
    fn default() -> VariantMoveList {
        VariantMoveList::new()
    }
}

impl Deref for VariantMoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        debug_assert!(self.len <= VARIANT_MAX_MOVES);
        // SAFETY: `push` writes a move before counting it, and nothing else raises `len`, so
        // the first `len` are initialized; `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl fmt::Debug for VariantMoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for VariantMoveList {
    fn eq(&self, other: &VariantMoveList) -> bool {
        **self == **other
    }
}

impl Eq for VariantMoveList {}

impl<'a> IntoIterator for &'a VariantMoveList {
    type Item = &'a Move;
    type IntoIter = slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

crate::movegen::list_sink!(VariantMoveList);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_more_than_a_standard_list() {
        let mut list = VariantMoveList::new();
        for i in 0..VARIANT_MAX_MOVES + 3 {
            list.push(Move::put(Role::Knight, Square::ALL[i % 64]));
        }
        assert_eq!(list.len(), VARIANT_MAX_MOVES);
        assert_eq!(list[300], Move::put(Role::Knight, Square::ALL[300 % 64]));
    }
}
