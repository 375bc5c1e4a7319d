//! Moves and the stack-allocated move list.

use core::mem::MaybeUninit;
use core::ops::Deref;
use core::{fmt, slice};

use chess_core::{CastlingSide, Role, Square};

// A move is 16 bits, as in Stockfish:
//
// bit  0- 5: destination square (for castling: the square of the castling rook)
// bit  6-11: origin square (for a drop: the destination again)
// bit 12-15: kind: 0 normal, 1 double pawn push, 2 en passant, 3 castling,
//            4-8 promotion to knight, bishop, rook, queen, king (role index + 3; the king
//            only in Antichess),
//            9-13 drop of a pawn, knight, bishop, rook, queen (role index + 9; Crazyhouse),
//            14-15 unused
//
// Kinds 0-7 are those of standard chess, unchanged since moves were first stored (the engine's
// hash table and the compact encodings keep them): the variants' moves only added kinds.

/// A move: origin, destination and kind, in two bytes.
///
/// Castling is stored as "king takes own rook" (origin: the king, destination: the castling
/// rook), so Chess960 needs no special case; notation converts to `e1g1` or `O-O` as needed.
///
/// Two kinds exist for the variants only (see [`crate::variant`]), and no standard position
/// ever produces them: drops of a piece from the pocket (Crazyhouse, [`Move::put`]) and the
/// promotion to a king (Antichess, [`Move::promote`] with [`Role::King`]).
///
/// ```
/// use chess_core::{Role, Square};
/// use chess_rules::{Move, MoveKind};
///
/// let m = Move::promote(Square::E7, Square::E8, Role::Queen);
/// assert_eq!(m.from(), Square::E7);
/// assert_eq!(m.kind(), MoveKind::Promotion);
/// assert_eq!(m.promotion(), Some(Role::Queen));
/// assert_eq!(size_of::<Move>(), 2);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(transparent)]
pub struct Move(u16);

/// What kind of move a [`Move`] is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MoveKind {
    /// A piece moves, capturing or not (includes single pawn pushes and king moves).
    Normal,
    /// A pawn advances two squares from its starting rank.
    DoublePush,
    /// A pawn captures en passant.
    EnPassant,
    /// The king castles; the destination is the rook's square.
    Castle,
    /// A pawn reaches the last rank and becomes another piece (in Antichess also a king).
    Promotion,
    /// A piece from the pocket is put on an empty square (Crazyhouse): [`Move::dropped`] says
    /// which, [`Move::to`] where; [`Move::from`] is the same square.
    Drop,
}

const NORMAL: u16 = 0;
const DOUBLE_PUSH: u16 = 1;
const EN_PASSANT: u16 = 2;
const CASTLE: u16 = 3;
/// A promotion's kind is its role's index plus this: to a knight (index 1) is 4.
const PROMOTION_BASE: u16 = 3;
/// The first and last promotion kinds: to a knight, to a king.
const FIRST_PROMOTION: u16 = 4;
const LAST_PROMOTION: u16 = 8;
/// A drop's kind is its role's index plus this: a pawn (index 0) is 9, a queen 13.
const DROP_BASE: u16 = 9;
const LAST_DROP: u16 = 13;

impl Move {
    #[inline]
    const fn with_flags(from: Square, to: Square, flags: u16) -> Move {
        Move(to as u16 | (from as u16) << 6 | flags << 12)
    }

    /// A normal move (or capture) of any piece.
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move::with_flags(from, to, NORMAL)
    }

    /// A pawn's double step from its starting rank.
    #[inline]
    #[must_use]
    pub const fn double_push(from: Square, to: Square) -> Move {
        Move::with_flags(from, to, DOUBLE_PUSH)
    }

    /// An en passant capture: `to` is the square the capturing pawn lands on.
    #[inline]
    #[must_use]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::with_flags(from, to, EN_PASSANT)
    }

    /// Castling of the king on `king` with the rook on `rook`.
    #[inline]
    #[must_use]
    pub const fn castle(king: Square, rook: Square) -> Move {
        Move::with_flags(king, rook, CASTLE)
    }

    /// A promotion to `role`: knight, bishop, rook or queen, or a king (legal in Antichess
    /// only); a pawn is taken as a queen.
    #[inline]
    #[must_use]
    pub const fn promote(from: Square, to: Square, role: Role) -> Move {
        let role = match role {
            Role::Pawn => Role::Queen,
            _ => role,
        };
        Move::with_flags(from, to, role as u16 + PROMOTION_BASE)
    }

    /// A drop of a piece of `role` from the pocket onto `to` (Crazyhouse): pawn, knight,
    /// bishop, rook or queen; a king is taken as a queen (kings are never in a pocket). UCI
    /// writes it `N@f3`.
    ///
    /// ```
    /// use chess_core::{Role, Square};
    /// use chess_rules::{Move, MoveKind};
    ///
    /// let m = Move::put(Role::Knight, Square::F3);
    /// assert_eq!((m.kind(), m.dropped(), m.to()), (MoveKind::Drop, Some(Role::Knight), Square::F3));
    /// assert_eq!(m.from(), Square::F3);
    /// assert_eq!(m.to_string(), "N@f3");
    /// ```
    #[inline]
    #[must_use]
    pub const fn put(role: Role, to: Square) -> Move {
        let role = match role {
            Role::King => Role::Queen,
            _ => role,
        };
        Move::with_flags(to, to, role as u16 + DROP_BASE)
    }

    /// The origin square (the king's square for castling).
    #[inline]
    #[must_use]
    pub const fn from(self) -> Square {
        Square::from_index_masked((self.0 >> 6) as u8)
    }

    /// The destination square (the castling rook's square for castling).
    #[inline]
    #[must_use]
    pub const fn to(self) -> Square {
        Square::from_index_masked(self.0 as u8)
    }

    /// The kind of move.
    #[inline]
    #[must_use]
    pub const fn kind(self) -> MoveKind {
        match self.0 >> 12 {
            NORMAL => MoveKind::Normal,
            DOUBLE_PUSH => MoveKind::DoublePush,
            EN_PASSANT => MoveKind::EnPassant,
            CASTLE => MoveKind::Castle,
            DROP_BASE..=LAST_DROP => MoveKind::Drop,
            _ => MoveKind::Promotion,
        }
    }

    /// The role a pawn promotes to, if this is a promotion.
    #[inline]
    #[must_use]
    pub const fn promotion(self) -> Option<Role> {
        match self.0 >> 12 {
            4 => Some(Role::Knight),
            5 => Some(Role::Bishop),
            6 => Some(Role::Rook),
            7 => Some(Role::Queen),
            8 => Some(Role::King),
            _ => None,
        }
    }

    /// The role of the piece a drop puts on the board, if this is a drop.
    #[inline]
    #[must_use]
    pub const fn dropped(self) -> Option<Role> {
        match self.0 >> 12 {
            9 => Some(Role::Pawn),
            10 => Some(Role::Knight),
            11 => Some(Role::Bishop),
            12 => Some(Role::Rook),
            13 => Some(Role::Queen),
            _ => None,
        }
    }

    /// Whether this is a promotion.
    #[inline]
    #[must_use]
    pub const fn is_promotion(self) -> bool {
        // One comparison: kinds below the first promotion wrap around to large numbers.
        (self.0 >> 12).wrapping_sub(FIRST_PROMOTION) <= LAST_PROMOTION - FIRST_PROMOTION
    }

    /// Whether this is a drop (Crazyhouse).
    #[inline]
    #[must_use]
    pub const fn is_drop(self) -> bool {
        self.0 >> 12 >= DROP_BASE
    }

    /// Whether this is castling.
    #[inline]
    #[must_use]
    pub const fn is_castle(self) -> bool {
        self.0 >> 12 == CASTLE
    }

    /// Whether this is an en passant capture.
    #[inline]
    #[must_use]
    pub const fn is_en_passant(self) -> bool {
        self.0 >> 12 == EN_PASSANT
    }

    /// For castling, which side; `None` for every other move.
    #[inline]
    #[must_use]
    pub const fn castling_side(self) -> Option<CastlingSide> {
        if self.is_castle() {
            Some(CastlingSide::from_king_and_rook(self.from(), self.to()))
        } else {
            None
        }
    }

    /// Where the moving piece ends: `to`, except for castling, where it is the king's destination
    /// (`g1` or `c1`, mirrored for black).
    #[inline]
    #[must_use]
    pub const fn king_to_or_to(self) -> Square {
        match self.castling_side() {
            Some(side) => Square::new(side.king_to_file(), self.from().rank()),
            None => self.to(),
        }
    }

    /// The two bytes of the move (see the bit layout in the source).
    #[inline]
    #[must_use]
    pub const fn to_u16(self) -> u16 {
        self.0
    }

    /// The move of two bytes written by [`Move::to_u16`]; `None` when the kind bits are invalid
    /// (or a drop's two squares differ). The move still has to be checked for legality in a
    /// position.
    #[inline]
    #[must_use]
    pub const fn from_u16(raw: u16) -> Option<Move> {
        let m = Move(raw);
        let kind = raw >> 12;
        if kind <= LAST_PROMOTION || (kind <= LAST_DROP && m.from() as u8 == m.to() as u8) {
            Some(m)
        } else {
            None
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self}, {:?})", self.kind())
    }
}

impl fmt::Display for Move {
    /// Writes origin, destination and promotion letter (`e7e8q`); castling shows as king takes
    /// rook (`e1h1`), a drop as UCI writes it (`N@f3`). For UCI or SAN, use chess-notation,
    /// which knows the position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(role) = self.dropped() {
            return write!(f, "{}@{}", role.upper_char(), self.to());
        }
        write!(f, "{}{}", self.from(), self.to())?;
        if let Some(role) = self.promotion() {
            fmt::Write::write_char(f, role.char())?;
        }
        Ok(())
    }
}

/// The most legal moves any position is known to have (218); the list holds a few more.
pub const MAX_MOVES: usize = 256;

/// A list of moves on the stack: no heap allocation, room for every legal move of any position.
///
/// It dereferences to a slice, so everything a slice does works:
///
/// ```
/// use chess_rules::Position;
///
/// let moves = Position::standard().legal_moves();
/// assert_eq!(moves.len(), 20);
/// assert!(moves.iter().any(|m| m.to_string() == "e2e4"));
/// ```
#[derive(Clone)]
pub struct MoveList {
    /// The first `len` are written. The rest are left as they are: a search makes a few lists
    /// at every node, and zeroing their 512 bytes each was most of the 1.6% of its time it
    /// spent in `memset`.
    moves: [MaybeUninit<Move>; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [const { MaybeUninit::uninit() }; MAX_MOVES],
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

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Keeps only the moves for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let moves = self.as_mut_slice();
        let mut kept = 0;
        for i in 0..moves.len() {
            let m = moves[i];
            if keep(m) {
                moves[kept] = m;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Sorts the moves with a key; the order of equal keys is kept.
    pub fn sort_by_key<K: Ord>(&mut self, key: impl FnMut(&Move) -> K) {
        // Insertion sort: stable, in place, and fast for the short lists this holds.
        let mut key = key;
        let moves = self.as_mut_slice();
        for i in 1..moves.len() {
            let mut j = i;
            while j > 0 && key(&moves[j - 1]) > key(&moves[j]) {
                moves.swap(j - 1, j);
                j -= 1;
            }
        }
    }

    /// The moves as a mutable slice, for reordering.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        debug_assert!(self.len <= MAX_MOVES);
        // SAFETY: `push` writes a move before counting it, and nothing else raises `len`, so
        // the first `len` (at most `MAX_MOVES`) are initialized; `MaybeUninit<Move>` has the
        // layout of `Move`; the slice borrows `self` mutably.
        unsafe { slice::from_raw_parts_mut(self.moves.as_mut_ptr().cast::<Move>(), self.len) }
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl Deref for MoveList {
    type Target = [Move];

    #[inline]
    fn deref(&self) -> &[Move] {
        debug_assert!(self.len <= MAX_MOVES);
        // SAFETY: as in `as_mut_slice`: the first `len` are initialized, and `MaybeUninit<Move>`
        // has the layout of `Move`.
        unsafe { slice::from_raw_parts(self.moves.as_ptr().cast::<Move>(), self.len) }
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq for MoveList {
    fn eq(&self, other: &MoveList) -> bool {
        **self == **other
    }
}

impl Eq for MoveList {}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = IntoIter;

    fn into_iter(self) -> IntoIter {
        IntoIter {
            list: self,
            next: 0,
        }
    }
}

/// An owning iterator over a [`MoveList`].
#[derive(Clone, Debug)]
pub struct IntoIter {
    list: MoveList,
    next: usize,
}

impl Iterator for IntoIter {
    type Item = Move;

    #[inline]
    fn next(&mut self) -> Option<Move> {
        let m = self.list.get(self.next).copied();
        self.next += 1;
        m
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.len().saturating_sub(self.next);
        (n, Some(n))
    }
}

impl ExactSizeIterator for IntoIter {}

impl Extend<Move> for MoveList {
    fn extend<I: IntoIterator<Item = Move>>(&mut self, iter: I) {
        for m in iter {
            self.push(m);
        }
    }
}

impl FromIterator<Move> for MoveList {
    fn from_iter<I: IntoIterator<Item = Move>>(iter: I) -> MoveList {
        let mut list = MoveList::new();
        list.extend(iter);
        list
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_round_trip() {
        for from in Square::ALL {
            for to in [Square::A1, Square::H8, Square::E4] {
                let m = Move::new(from, to);
                assert_eq!((m.from(), m.to(), m.kind()), (from, to, MoveKind::Normal));
                assert_eq!(Move::from_u16(m.to_u16()), Some(m));
                for role in [Role::Knight, Role::Bishop, Role::Rook, Role::Queen] {
                    let p = Move::promote(from, to, role);
                    assert_eq!(p.promotion(), Some(role));
                    assert_eq!(p.kind(), MoveKind::Promotion);
                    assert_eq!((p.from(), p.to()), (from, to));
                }
            }
        }
        assert_eq!(
            Move::double_push(Square::E2, Square::E4).kind(),
            MoveKind::DoublePush
        );
        assert_eq!(
            Move::en_passant(Square::E5, Square::D6).kind(),
            MoveKind::EnPassant
        );
        let castle = Move::castle(Square::E1, Square::A1);
        assert_eq!(castle.castling_side(), Some(CastlingSide::QueenSide));
        assert_eq!(castle.king_to_or_to(), Square::C1);
        assert_eq!(Move::from_u16(0xe000), None);
        assert_eq!(
            Move::promote(Square::A7, Square::A8, Role::Pawn).promotion(),
            Some(Role::Queen)
        );
        let king = Move::promote(Square::A7, Square::A8, Role::King);
        assert_eq!(
            (king.kind(), king.promotion()),
            (MoveKind::Promotion, Some(Role::King))
        );
        assert!(king.is_promotion() && !king.is_drop());
        assert_eq!(king.to_string(), "a7a8k");
        for role in [
            Role::Pawn,
            Role::Knight,
            Role::Bishop,
            Role::Rook,
            Role::Queen,
        ] {
            for to in Square::ALL {
                let drop = Move::put(role, to);
                assert_eq!(
                    (drop.kind(), drop.dropped(), drop.to()),
                    (MoveKind::Drop, Some(role), to)
                );
                assert!(drop.is_drop() && !drop.is_promotion() && drop.promotion().is_none());
                assert_eq!(Move::from_u16(drop.to_u16()), Some(drop));
            }
        }
        assert_eq!(
            Move::put(Role::King, Square::E4).dropped(),
            Some(Role::Queen)
        );
        // A drop's origin is its destination: other bits are not a move.
        assert_eq!(
            Move::from_u16(Move::put(Role::Pawn, Square::E4).to_u16() ^ 0x40),
            None
        );
        assert_eq!(Move::put(Role::Pawn, Square::E4).to_string(), "P@e4");
        // The kinds of standard chess keep their numbers.
        assert_eq!(
            Move::promote(Square::A7, Square::A8, Role::Queen).to_u16() >> 12,
            7
        );
        assert_eq!(Move::castle(Square::E1, Square::H1).to_u16() >> 12, 3);
        assert_eq!(size_of::<Move>(), 2);
        assert_eq!(
            Move::promote(Square::A7, Square::A8, Role::Knight).to_string(),
            "a7a8n"
        );
    }

    #[test]
    fn list_operations() {
        let mut list = MoveList::new();
        assert!(list.is_empty());
        for sq in Square::ALL {
            list.push(Move::new(sq, Square::A1));
        }
        assert_eq!(list.len(), 64);
        list.retain(|m| m.from().rank() == chess_core::Rank::Second);
        assert_eq!(list.len(), 8);
        list.sort_by_key(|m| core::cmp::Reverse(m.from()));
        assert_eq!(list[0].from(), Square::H2);
        let collected: MoveList = list.clone().into_iter().collect();
        assert_eq!(collected, list);
        for _ in 0..300 {
            list.push(Move::new(Square::A1, Square::A2));
        }
        assert_eq!(list.len(), MAX_MOVES);
        // The moves pushed before stay, the ones past the end are dropped, none is made up.
        assert_eq!(&list[..8], &collected[..]);
        assert!(
            list[8..]
                .iter()
                .all(|&m| m == Move::new(Square::A1, Square::A2))
        );
        list.as_mut_slice()[MAX_MOVES - 1] = Move::new(Square::H8, Square::H7);
        assert_eq!(list.last(), Some(&Move::new(Square::H8, Square::H7)));
        list.clear();
        assert!(list.is_empty());
        list.push(Move::new(Square::B1, Square::C3));
        assert_eq!(&list[..], &[Move::new(Square::B1, Square::C3)]);
        // A fresh list reads as empty whatever its storage holds.
        assert_eq!(MoveList::new().iter().count(), 0);
        assert_eq!(MoveList::default(), MoveList::new());
    }
}
