//! Sets of squares as 64-bit integers.

use core::fmt;
use core::iter::FusedIterator;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::{Color, File, Rank, Square};

/// A set of squares: bit `i` stands for the square with index `i` (`a1` = bit 0 … `h8` = bit 63).
///
/// ```
/// use chess_core::{Bitboard, Square};
///
/// let bb = Bitboard::from(Square::E4) | Square::D5;
/// assert!(bb.contains(Square::D5));
/// assert_eq!(bb.count(), 2);
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), [Square::E4, Square::D5]);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(transparent)]
pub struct Bitboard(pub u64);

const FILE_A: u64 = 0x0101_0101_0101_0101;
const RANK_1: u64 = 0xff;
const MAIN_DIAGONAL: u64 = 0x8040_2010_0804_0201;
const ANTI_DIAGONAL: u64 = 0x0102_0408_1020_4080;

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 64 squares.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The 32 light squares (`h1`, `a2`, …).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The 32 dark squares (`a1`, `c1`, …).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The four corners.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// The first and the eighth rank.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);
    /// The 28 squares on the edge of the board.
    pub const EDGES: Bitboard = Bitboard(0xff81_8181_8181_81ff);
    /// The four center squares `d4`, `e4`, `d5`, `e5`.
    pub const CENTER: Bitboard = Bitboard(0x0000_0018_1800_0000);
    /// The diagonal `a1`-`h8`.
    pub const MAIN_DIAGONAL: Bitboard = Bitboard(MAIN_DIAGONAL);
    /// The diagonal `h1`-`a8`.
    pub const ANTI_DIAGONAL: Bitboard = Bitboard(ANTI_DIAGONAL);

    /// The set holding only `sq`.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// All squares of a file.
    #[inline]
    #[must_use]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(FILE_A << file as u32)
    }

    /// All squares of a rank.
    #[inline]
    #[must_use]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(RANK_1 << (8 * rank as u32))
    }

    /// The rank as seen from `color`'s side: `relative_rank(Black, Rank::Second)` is the seventh.
    #[inline]
    #[must_use]
    pub const fn relative_rank(color: Color, rank: Rank) -> Bitboard {
        Bitboard::rank(rank.relative_to(color))
    }

    /// The diagonal (parallel to `a1`-`h8`) through `sq`.
    #[inline]
    #[must_use]
    pub const fn diagonal(sq: Square) -> Bitboard {
        let shift = 8 * (sq.rank() as i32 - sq.file() as i32);
        Bitboard(if shift >= 0 {
            MAIN_DIAGONAL << shift
        } else {
            MAIN_DIAGONAL >> -shift
        })
    }

    /// The anti-diagonal (parallel to `h1`-`a8`) through `sq`.
    #[inline]
    #[must_use]
    pub const fn anti_diagonal(sq: Square) -> Bitboard {
        let shift = 8 * (sq.rank() as i32 + sq.file() as i32 - 7);
        Bitboard(if shift >= 0 {
            ANTI_DIAGONAL << shift
        } else {
            ANTI_DIAGONAL >> -shift
        })
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// The set with `sq` added if absent and removed if present.
    #[inline]
    #[must_use]
    pub const fn toggled(self, sq: Square) -> Bitboard {
        Bitboard(self.0 ^ 1 << sq as u32)
    }

    /// Adds `sq` in place.
    #[inline]
    pub const fn add(&mut self, sq: Square) {
        self.0 |= 1 << sq as u32;
    }

    /// Removes `sq` in place.
    #[inline]
    pub const fn remove(&mut self, sq: Square) {
        self.0 &= !(1 << sq as u32);
    }

    /// Toggles `sq` in place.
    #[inline]
    pub const fn toggle(&mut self, sq: Square) {
        self.0 ^= 1 << sq as u32;
    }

    /// The number of squares in the set.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    #[must_use]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// Whether the set has two or more squares.
    #[inline]
    #[must_use]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// Whether the two sets share a square.
    #[inline]
    #[must_use]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every square of `self` is in `other`.
    #[inline]
    #[must_use]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// The squares of `self` not in `other`.
    #[inline]
    #[must_use]
    pub const fn difference(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & !other.0)
    }

    /// The lowest square, or `None` for the empty set.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros() as u8))
        }
    }

    /// The highest square, or `None` for the empty set.
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(63 - self.0.leading_zeros() as u8))
        }
    }

    /// The only square of a set of exactly one square, else `None`.
    #[inline]
    #[must_use]
    pub const fn single_square(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }

    /// The lowest square of a set the caller knows is not empty, without the check of
    /// [`Bitboard::first`]. The result for the empty set is meaningless (though a valid square).
    #[inline]
    #[must_use]
    pub const fn first_unchecked(self) -> Square {
        Square::from_index_masked(self.0.trailing_zeros() as u8)
    }

    /// Removes and returns the lowest square, or `None` for the empty set.
    ///
    /// ```
    /// use chess_core::{Bitboard, Square};
    ///
    /// let mut bb = Bitboard::from(Square::C3) | Square::A1;
    /// assert_eq!(bb.pop_lsb(), Some(Square::A1));
    /// assert_eq!(bb.pop_lsb(), Some(Square::C3));
    /// assert_eq!(bb.pop_lsb(), None);
    /// ```
    #[inline]
    pub const fn pop_lsb(&mut self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            let sq = Square::from_index_masked(self.0.trailing_zeros() as u8);
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }

    /// Removes and returns the highest square, or `None` for the empty set.
    #[inline]
    pub const fn pop_msb(&mut self) -> Option<Square> {
        match self.last() {
            Some(sq) => {
                self.0 ^= 1 << sq as u32;
                Some(sq)
            }
            None => None,
        }
    }

    /// The set with only its lowest square.
    #[inline]
    #[must_use]
    pub const fn isolate_first(self) -> Bitboard {
        Bitboard(self.0 & self.0.wrapping_neg())
    }

    /// The set moved one rank up (towards rank 8); squares on rank 8 fall off.
    #[inline]
    #[must_use]
    pub const fn shift_north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set moved one rank down (towards rank 1); squares on rank 1 fall off.
    #[inline]
    #[must_use]
    pub const fn shift_south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }

    /// The set moved one file right (towards `h`); squares on the `h` file fall off rather than
    /// wrap to the `a` file.
    #[inline]
    #[must_use]
    pub const fn shift_east(self) -> Bitboard {
        Bitboard((self.0 & !(FILE_A << 7)) << 1)
    }

    /// The set moved one file left (towards `a`); squares on the `a` file fall off.
    #[inline]
    #[must_use]
    pub const fn shift_west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_A) >> 1)
    }

    /// The set moved one square up and right.
    #[inline]
    #[must_use]
    pub const fn shift_north_east(self) -> Bitboard {
        Bitboard((self.0 & !(FILE_A << 7)) << 9)
    }

    /// The set moved one square up and left.
    #[inline]
    #[must_use]
    pub const fn shift_north_west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_A) << 7)
    }

    /// The set moved one square down and right.
    #[inline]
    #[must_use]
    pub const fn shift_south_east(self) -> Bitboard {
        Bitboard((self.0 & !(FILE_A << 7)) >> 7)
    }

    /// The set moved one square down and left.
    #[inline]
    #[must_use]
    pub const fn shift_south_west(self) -> Bitboard {
        Bitboard((self.0 & !FILE_A) >> 9)
    }

    /// The set moved one rank forward as seen by `color`: north for white, south for black.
    #[inline]
    #[must_use]
    pub const fn shift_forward(self, color: Color) -> Bitboard {
        match color {
            Color::White => self.shift_north(),
            Color::Black => self.shift_south(),
        }
    }

    /// The set mirrored top to bottom (`a1` ↔ `a8`).
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The set mirrored left to right (`a1` ↔ `h1`).
    #[inline]
    #[must_use]
    pub const fn flip_horizontal(self) -> Bitboard {
        const K1: u64 = 0x5555_5555_5555_5555;
        const K2: u64 = 0x3333_3333_3333_3333;
        const K4: u64 = 0x0f0f_0f0f_0f0f_0f0f;
        let mut x = self.0;
        x = ((x >> 1) & K1) | ((x & K1) << 1);
        x = ((x >> 2) & K2) | ((x & K2) << 2);
        x = ((x >> 4) & K4) | ((x & K4) << 4);
        Bitboard(x)
    }

    /// Every subset of this set, the empty set first (the carry-rippler trick).
    ///
    /// ```
    /// use chess_core::{Bitboard, Square};
    ///
    /// let bb = Bitboard::from(Square::A1) | Square::B1;
    /// assert_eq!(bb.subsets().count(), 4);
    /// ```
    #[inline]
    #[must_use]
    pub const fn subsets(self) -> Subsets {
        Subsets {
            set: self.0,
            next: Some(0),
        }
    }

    /// Draws the set as an 8×8 grid: rank 8 first, `1` for members and `.` for the rest.
    #[must_use]
    pub const fn grid(self) -> Grid {
        Grid(self)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl From<File> for Bitboard {
    #[inline]
    fn from(file: File) -> Bitboard {
        Bitboard::file(file)
    }
}

impl From<Rank> for Bitboard {
    #[inline]
    fn from(rank: Rank) -> Bitboard {
        Bitboard::rank(rank)
    }
}

impl From<u64> for Bitboard {
    #[inline]
    fn from(bits: u64) -> Bitboard {
        Bitboard(bits)
    }
}

impl From<Bitboard> for u64 {
    #[inline]
    fn from(bb: Bitboard) -> u64 {
        bb.0
    }
}

macro_rules! binary_ops {
    ($($trait:ident $method:ident $assign_trait:ident $assign_method:ident $op:tt;)*) => {$(
        impl<T: Into<Bitboard>> $trait<T> for Bitboard {
            type Output = Bitboard;

            #[inline]
            fn $method(self, rhs: T) -> Bitboard {
                Bitboard(self.0 $op rhs.into().0)
            }
        }

        impl<T: Into<Bitboard>> $assign_trait<T> for Bitboard {
            #[inline]
            fn $assign_method(&mut self, rhs: T) {
                self.0 = self.0 $op rhs.into().0;
            }
        }
    )*};
}

binary_ops! {
    BitAnd bitand BitAndAssign bitand_assign &;
    BitOr bitor BitOrAssign bitor_assign |;
    BitXor bitxor BitXorAssign bitxor_assign ^;
}

impl Not for Bitboard {
    type Output = Bitboard;

    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.add(sq);
        }
        bb
    }
}

impl Extend<Square> for Bitboard {
    fn extend<I: IntoIterator<Item = Square>>(&mut self, iter: I) {
        for sq in iter {
            self.add(sq);
        }
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;

    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

/// An iterator over the squares of a [`Bitboard`], lowest first, from its `IntoIterator`
/// implementation. It knows its length and also runs from the highest square.
///
/// ```
/// use chess_core::{Bitboard, Square};
///
/// let bb = Bitboard::from(Square::H8) | Square::C1 | Square::E4;
/// let mut squares = bb.into_iter();
/// assert_eq!(squares.len(), 3);
/// assert_eq!(squares.next(), Some(Square::C1));
/// assert_eq!(squares.next_back(), Some(Square::H8));
/// assert_eq!(squares.collect::<Vec<_>>(), [Square::E4]);
///
/// // Square by square, as a move generator walks its pieces.
/// let names: Vec<String> = bb.into_iter().map(|sq| sq.to_string()).collect();
/// assert_eq!(names, ["c1", "e4", "h8"]);
/// ```
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_lsb()
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }

    #[inline]
    fn count(self) -> usize {
        self.0.count() as usize
    }

    #[inline]
    fn last(self) -> Option<Square> {
        self.0.last()
    }
}

impl DoubleEndedIterator for Squares {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        self.0.pop_msb()
    }
}

impl ExactSizeIterator for Squares {}

impl FusedIterator for Squares {}

/// An iterator over all subsets of a [`Bitboard`], from [`Bitboard::subsets`]: the empty set
/// first, then in increasing order of their `u64` value, ending with the set itself.
///
/// ```
/// use chess_core::{Bitboard, Square};
///
/// let set = Bitboard::from(Square::B1) | Square::D1;
/// let subsets: Vec<Bitboard> = set.subsets().collect();
/// assert_eq!(
///     subsets,
///     [
///         Bitboard::EMPTY,
///         Bitboard::from(Square::B1),
///         Bitboard::from(Square::D1),
///         set,
///     ]
/// );
///
/// // Every arrangement of blockers on the squares between a rook on a1 and h1.
/// let between = Bitboard(0x7e);
/// assert_eq!(between.subsets().count(), 64);
/// assert!(between.subsets().all(|blockers| (blockers & !between).is_empty()));
/// ```
#[derive(Clone, Debug)]
pub struct Subsets {
    set: u64,
    next: Option<u64>,
}

impl Iterator for Subsets {
    type Item = Bitboard;

    #[inline]
    fn next(&mut self) -> Option<Bitboard> {
        let subset = self.next?;
        let following = subset.wrapping_sub(self.set) & self.set;
        self.next = if following == 0 {
            None
        } else {
            Some(following)
        };
        Some(Bitboard(subset))
    }
}

impl FusedIterator for Subsets {}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

impl fmt::Display for Bitboard {
    /// Draws the 8×8 grid, as [`Bitboard::grid`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.grid(), f)
    }
}

/// The 8×8 drawing of a [`Bitboard`], from [`Bitboard::grid`].
///
/// ```
/// use chess_core::{Bitboard, Square};
///
/// let bb = Bitboard::from(Square::A8) | Square::H1;
/// assert_eq!(
///     bb.to_string(),
///     "1 . . . . . . .\n\
///      . . . . . . . .\n\
///      . . . . . . . .\n\
///      . . . . . . . .\n\
///      . . . . . . . .\n\
///      . . . . . . . .\n\
///      . . . . . . . .\n\
///      . . . . . . . 1\n"
/// );
/// ```
#[derive(Copy, Clone, Debug)]
pub struct Grid(Bitboard);

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in Rank::ALL.into_iter().rev() {
            for file in File::ALL {
                if file != File::A {
                    f.write_str(" ")?;
                }
                let mark = if self.0.contains(Square::new(file, rank)) {
                    "1"
                } else {
                    "."
                };
                f.write_str(mark)?;
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn masks() {
        for sq in Square::iter() {
            assert!(Bitboard::file(sq.file()).contains(sq));
            assert!(Bitboard::rank(sq.rank()).contains(sq));
            assert!(Bitboard::diagonal(sq).contains(sq));
            assert!(Bitboard::anti_diagonal(sq).contains(sq));
            assert_eq!(Bitboard::LIGHT_SQUARES.contains(sq), sq.is_light());
            assert_eq!(Bitboard::DARK_SQUARES.contains(sq), sq.is_dark());
            for other in Square::iter() {
                let df = other.file() as i32 - sq.file() as i32;
                let dr = other.rank() as i32 - sq.rank() as i32;
                assert_eq!(Bitboard::diagonal(sq).contains(other), df == dr);
                assert_eq!(Bitboard::anti_diagonal(sq).contains(other), df == -dr);
            }
        }
        assert_eq!(Bitboard::file(File::A).count(), 8);
        assert_eq!(
            Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES,
            Bitboard::FULL
        );
        assert_eq!(Bitboard::EDGES.count(), 28);
        assert_eq!(
            Bitboard::relative_rank(Color::Black, Rank::Second),
            Bitboard::rank(Rank::Seventh)
        );
    }

    #[test]
    fn shifts_do_not_wrap() {
        for sq in Square::iter() {
            let bb = Bitboard::from(sq);
            let expect =
                |df: i32, dr: i32| sq.offset(df, dr).map_or(Bitboard::EMPTY, Bitboard::from);
            assert_eq!(bb.shift_north(), expect(0, 1));
            assert_eq!(bb.shift_south(), expect(0, -1));
            assert_eq!(bb.shift_east(), expect(1, 0));
            assert_eq!(bb.shift_west(), expect(-1, 0));
            assert_eq!(bb.shift_north_east(), expect(1, 1));
            assert_eq!(bb.shift_north_west(), expect(-1, 1));
            assert_eq!(bb.shift_south_east(), expect(1, -1));
            assert_eq!(bb.shift_south_west(), expect(-1, -1));
            assert_eq!(bb.shift_forward(Color::Black), expect(0, -1));
            assert_eq!(bb.flip_vertical(), Bitboard::from(sq.flip_vertical()));
            assert_eq!(bb.flip_horizontal(), Bitboard::from(sq.flip_horizontal()));
        }
    }

    #[test]
    fn set_operations() {
        let a = Bitboard::from(Square::A1) | Square::B2 | Square::C3;
        let b = Bitboard::from(Square::C3) | Square::D4;
        assert_eq!(a & b, Bitboard::from(Square::C3));
        assert_eq!((a | b).count(), 4);
        assert_eq!((a ^ b).count(), 3);
        assert_eq!(a.difference(b).count(), 2);
        assert!(!(!a).contains(Square::A1));
        assert!(a.intersects(b));
        assert!(Bitboard::from(Square::A1).is_subset(a));
        assert!(!b.is_subset(a));
        assert_eq!(a.with(Square::H8).without(Square::A1).count(), 3);
        assert_eq!(a.toggled(Square::A1), a.without(Square::A1));
        assert!(a.more_than_one());
        assert!(!Bitboard::from(Square::A1).more_than_one());
        assert_eq!(a.single_square(), None);
        assert_eq!(b.isolate_first(), Bitboard::from(Square::C3));
        assert_eq!(Bitboard::from(Square::D4).single_square(), Some(Square::D4));
        assert_eq!(a.first(), Some(Square::A1));
        assert_eq!(a.last(), Some(Square::C3));
        assert_eq!(Bitboard::EMPTY.first(), None);
        assert_eq!(Bitboard::EMPTY.last(), None);
        let mut c = a;
        c &= b;
        c |= Square::E5;
        c ^= Square::C3;
        assert_eq!(c, Bitboard::from(Square::E5));
    }

    #[test]
    fn iteration_is_lowest_first() {
        let bb: Bitboard = [Square::H8, Square::A1, Square::E4].into_iter().collect();
        let squares: Vec<Square> = bb.into_iter().collect();
        assert_eq!(squares, [Square::A1, Square::E4, Square::H8]);
        let reversed: Vec<Square> = bb.into_iter().rev().collect();
        assert_eq!(reversed, [Square::H8, Square::E4, Square::A1]);
        assert_eq!(bb.into_iter().len(), 3);
        assert_eq!(Bitboard::FULL.into_iter().count(), 64);
    }

    #[test]
    fn subsets_enumerates_all() {
        let set = Bitboard::from(Square::A1) | Square::D4 | Square::H8;
        let subsets: Vec<Bitboard> = set.subsets().collect();
        assert_eq!(subsets.len(), 8);
        assert!(subsets.iter().all(|s| s.is_subset(set)));
        assert_eq!(Bitboard::EMPTY.subsets().count(), 1);
    }

    #[test]
    fn display_draws_the_grid() {
        let text = Bitboard::rank(Rank::Second).to_string();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 8);
        assert_eq!(lines[6], "1 1 1 1 1 1 1 1");
        assert_eq!(lines[7], ". . . . . . . .");
        assert_eq!(
            format!("{:?}", Bitboard(0xff)),
            "Bitboard(0x00000000000000ff)"
        );
    }
}
