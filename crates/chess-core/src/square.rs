//! Files, ranks and squares.

use core::fmt;
use core::str::FromStr;

use crate::Color;

/// A file (column) of the board, `a` to `h`.
///
/// ```
/// use chess_core::File;
///
/// assert_eq!(File::from_char('c'), Some(File::C));
/// assert_eq!(File::C.to_string(), "c");
/// assert_eq!(File::C.offset(2), Some(File::E));
/// ```
#[derive(
    Copy,
    Clone,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    strum::EnumIter,
    strum::EnumCount,
    strum::Display,
)]
#[strum(serialize_all = "lowercase")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum File {
    A = 0,
    B,
    C,
    D,
    E,
    F,
    G,
    H,
}

impl File {
    /// All files, `a` first.
    pub const ALL: [File; 8] = [
        File::A,
        File::B,
        File::C,
        File::D,
        File::E,
        File::F,
        File::G,
        File::H,
    ];

    /// The file from its index (0 for `a` … 7 for `h`), or `None`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<File> {
        if index < 8 {
            Some(File::ALL[index])
        } else {
            None
        }
    }

    /// The file of the low three bits of `index`.
    #[inline]
    #[must_use]
    pub const fn from_index_masked(index: u8) -> File {
        // SAFETY: `File` is `repr(u8)` with the discriminants 0..=7, and `index & 7` is one.
        unsafe { core::mem::transmute::<u8, File>(index & 7) }
    }

    /// The index of the file: 0 for `a` … 7 for `h`.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase letter of the file.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The uppercase letter of the file, as in Shredder-FEN castling rights for white.
    #[inline]
    #[must_use]
    pub const fn upper_char(self) -> char {
        (b'A' + self as u8) as char
    }

    /// The file of a lowercase letter `a` to `h`.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        match c {
            'a'..='h' => Some(File::ALL[c as usize - 'a' as usize]),
            _ => None,
        }
    }

    /// The file `delta` files to the right (negative: to the left), or `None` off the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<File> {
        let i = self as i32 + delta;
        if 0 <= i && i < 8 {
            Some(File::ALL[i as usize])
        } else {
            None
        }
    }

    /// The file mirrored left to right: `a` ↔ `h`.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> File {
        File::ALL[7 - self as usize]
    }

    /// How many files apart the two are.
    #[inline]
    #[must_use]
    pub const fn distance(self, other: File) -> u32 {
        (self as i32 - other as i32).unsigned_abs()
    }
}

/// A rank (row) of the board, `1` to `8`.
///
/// ```
/// use chess_core::{Color, Rank};
///
/// assert_eq!(Rank::from_char('4'), Some(Rank::Fourth));
/// assert_eq!(Rank::Fourth.to_string(), "4");
/// assert_eq!(Rank::Second.relative_to(Color::Black), Rank::Seventh);
/// ```
#[derive(
    Copy,
    Clone,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Debug,
    strum::EnumIter,
    strum::EnumCount,
    strum::Display,
)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Rank {
    /// The first rank, white's back rank.
    #[strum(serialize = "1")]
    First = 0,
    /// The second rank, where white's pawns start.
    #[strum(serialize = "2")]
    Second,
    /// The third rank.
    #[strum(serialize = "3")]
    Third,
    /// The fourth rank.
    #[strum(serialize = "4")]
    Fourth,
    /// The fifth rank.
    #[strum(serialize = "5")]
    Fifth,
    /// The sixth rank.
    #[strum(serialize = "6")]
    Sixth,
    /// The seventh rank, where black's pawns start.
    #[strum(serialize = "7")]
    Seventh,
    /// The eighth rank, black's back rank.
    #[strum(serialize = "8")]
    Eighth,
}

impl Rank {
    /// All ranks, the first rank first.
    pub const ALL: [Rank; 8] = [
        Rank::First,
        Rank::Second,
        Rank::Third,
        Rank::Fourth,
        Rank::Fifth,
        Rank::Sixth,
        Rank::Seventh,
        Rank::Eighth,
    ];

    /// The rank from its index (0 for the first rank … 7 for the eighth), or `None`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Rank> {
        if index < 8 {
            Some(Rank::ALL[index])
        } else {
            None
        }
    }

    /// The rank of the low three bits of `index`.
    #[inline]
    #[must_use]
    pub const fn from_index_masked(index: u8) -> Rank {
        // SAFETY: `Rank` is `repr(u8)` with the discriminants 0..=7, and `index & 7` is one.
        unsafe { core::mem::transmute::<u8, Rank>(index & 7) }
    }

    /// The index of the rank: 0 for the first … 7 for the eighth.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The digit of the rank, `1` to `8`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        (b'1' + self as u8) as char
    }

    /// The rank of a digit `1` to `8`.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            '1'..='8' => Some(Rank::ALL[c as usize - '1' as usize]),
            _ => None,
        }
    }

    /// The rank `delta` ranks up (negative: down), or `None` off the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, delta: i32) -> Option<Rank> {
        let i = self as i32 + delta;
        if 0 <= i && i < 8 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// The rank mirrored top to bottom: `1` ↔ `8`.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Rank {
        Rank::ALL[7 - self as usize]
    }

    /// The rank as seen from `color`'s side: for black, the eighth rank is the first.
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => self.flip(),
        }
    }

    /// How many ranks apart the two are.
    #[inline]
    #[must_use]
    pub const fn distance(self, other: Rank) -> u32 {
        (self as i32 - other as i32).unsigned_abs()
    }
}

/// A square of the board: `A1` = 0, `B1` = 1, … `H8` = 63.
///
/// ```
/// use chess_core::{File, Rank, Square};
///
/// let sq: Square = "e4".parse()?;
/// assert_eq!(sq, Square::E4);
/// assert_eq!(sq, Square::new(File::E, Rank::Fourth));
/// assert_eq!(sq.index(), 28);
/// assert_eq!(sq.to_string(), "e4");
/// # Ok::<_, chess_core::ParseSquareError>(())
/// ```
#[derive(
    Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, strum::EnumIter, strum::EnumCount,
    strum::Display,
)]
#[strum(serialize_all = "lowercase")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[rustfmt::skip]
#[allow(missing_docs)]
pub enum Square {
    A1 = 0, B1, C1, D1, E1, F1, G1, H1,
    A2, B2, C2, D2, E2, F2, G2, H2,
    A3, B3, C3, D3, E3, F3, G3, H3,
    A4, B4, C4, D4, E4, F4, G4, H4,
    A5, B5, C5, D5, E5, F5, G5, H5,
    A6, B6, C6, D6, E6, F6, G6, H6,
    A7, B7, C7, D7, E7, F7, G7, H7,
    A8, B8, C8, D8, E8, F8, G8, H8,
}

impl Square {
    /// All 64 squares, `a1` first, rank by rank.
    pub const ALL: [Square; 64] = {
        let mut all = [Square::A1; 64];
        let mut i = 0;
        while i < 64 {
            all[i] = Square::from_index_masked(i as u8);
            i += 1;
        }
        all
    };

    /// The square on `file` and `rank`.
    #[inline]
    #[must_use]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square::from_index_masked(file as u8 | (rank as u8) << 3)
    }

    /// The square with the low six bits of `index`: the conversion used on hot paths, where the
    /// index is known to be below 64 (for example a bit position of a non-empty bitboard).
    #[inline]
    #[must_use]
    pub const fn from_index_masked(index: u8) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the 64 discriminants 0..=63, and `index & 63` is
        // one of them.
        unsafe { core::mem::transmute::<u8, Square>(index & 63) }
    }

    /// The square from its index 0..64, or `None`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 {
            Some(Square::from_index_masked(index as u8))
        } else {
            None
        }
    }

    /// The index of the square: `a1` = 0 … `h8` = 63.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File::from_index_masked(self as u8)
    }

    /// The rank of the square.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::from_index_masked(self as u8 >> 3)
    }

    /// The square `files` to the right and `ranks` up, or `None` when that leaves the board.
    ///
    /// ```
    /// use chess_core::Square;
    ///
    /// assert_eq!(Square::G1.offset(-1, 2), Some(Square::F3));
    /// assert_eq!(Square::H1.offset(1, 0), None);
    /// ```
    #[inline]
    #[must_use]
    pub const fn offset(self, files: i32, ranks: i32) -> Option<Square> {
        match (self.file().offset(files), self.rank().offset(ranks)) {
            (Some(f), Some(r)) => Some(Square::new(f, r)),
            _ => None,
        }
    }

    /// The square mirrored top to bottom: `a1` ↔ `a8`.
    #[inline]
    #[must_use]
    pub const fn flip_vertical(self) -> Square {
        Square::from_index_masked(self as u8 ^ 56)
    }

    /// The square mirrored left to right: `a1` ↔ `h1`.
    #[inline]
    #[must_use]
    pub const fn flip_horizontal(self) -> Square {
        Square::from_index_masked(self as u8 ^ 7)
    }

    /// The square as seen from `color`'s side (mirrored top to bottom for black).
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// Whether this is a light square (`h1` is light, `a1` dark).
    #[inline]
    #[must_use]
    pub const fn is_light(self) -> bool {
        (self.file() as u8 + self.rank() as u8) % 2 == 1
    }

    /// Whether this is a dark square.
    #[inline]
    #[must_use]
    pub const fn is_dark(self) -> bool {
        !self.is_light()
    }

    /// The king distance (Chebyshev distance) between two squares.
    #[inline]
    #[must_use]
    pub const fn distance(self, other: Square) -> u32 {
        let f = self.file().distance(other.file());
        let r = self.rank().distance(other.rank());
        if f > r { f } else { r }
    }

    /// Parses a square name such as `e4` from bytes.
    #[must_use]
    pub const fn from_ascii(s: &[u8]) -> Option<Square> {
        if s.len() != 2 {
            return None;
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(f), Some(r)) => Some(Square::new(f, r)),
            _ => None,
        }
    }
}

/// The error returned when a string is not a square name like `e4`.
///
/// ```
/// use chess_core::{ParseSquareError, Square};
///
/// assert_eq!("e4".parse::<Square>(), Ok(Square::E4));
/// for bad in ["", "e", "e9", "i1", "e44", "E4"] {
///     assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad}");
/// }
/// assert_eq!(
///     ParseSquareError.to_string(),
///     "invalid square name: expected a file a-h and a rank 1-8, like e4"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError;

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid square name: expected a file a-h and a rank 1-8, like e4")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes()).ok_or(ParseSquareError)
    }
}

/// The error returned when a string is not a file letter `a`-`h`.
///
/// ```
/// use chess_core::{File, ParseFileError};
///
/// assert_eq!("c".parse::<File>(), Ok(File::C));
/// assert_eq!("i".parse::<File>(), Err(ParseFileError));
/// assert_eq!("cd".parse::<File>(), Err(ParseFileError));
/// assert_eq!(ParseFileError.to_string(), "invalid file: expected a letter a-h");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseFileError;

impl fmt::Display for ParseFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid file: expected a letter a-h")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseFileError {}

impl FromStr for File {
    type Err = ParseFileError;

    fn from_str(s: &str) -> Result<File, ParseFileError> {
        match s.as_bytes() {
            [c] => File::from_char(*c as char).ok_or(ParseFileError),
            _ => Err(ParseFileError),
        }
    }
}

/// The error returned when a string is not a rank digit `1`-`8`.
///
/// ```
/// use chess_core::{ParseRankError, Rank};
///
/// assert_eq!("8".parse::<Rank>(), Ok(Rank::Eighth));
/// assert_eq!("0".parse::<Rank>(), Err(ParseRankError));
/// assert_eq!("10".parse::<Rank>(), Err(ParseRankError));
/// assert_eq!(ParseRankError.to_string(), "invalid rank: expected a digit 1-8");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseRankError;

impl fmt::Display for ParseRankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid rank: expected a digit 1-8")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseRankError {}

impl FromStr for Rank {
    type Err = ParseRankError;

    fn from_str(s: &str) -> Result<Rank, ParseRankError> {
        match s.as_bytes() {
            [c] => Rank::from_char(*c as char).ok_or(ParseRankError),
            _ => Err(ParseRankError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn every_square_converts_from_its_index() {
        // Exercises the `transmute` in `from_index_masked` on every valid value.
        for (i, sq) in Square::iter().enumerate() {
            assert_eq!(sq as usize, i);
            assert_eq!(Square::from_index(i), Some(sq));
            assert_eq!(Square::from_index_masked(i as u8), sq);
            assert_eq!(Square::from_index_masked(i as u8 + 64), sq);
            assert_eq!(Square::ALL[i], sq);
            assert_eq!(Square::new(sq.file(), sq.rank()), sq);
            assert_eq!(sq.file().index(), i % 8);
            assert_eq!(sq.rank().index(), i / 8);
        }
        assert_eq!(Square::from_index(64), None);
    }

    #[test]
    fn names_round_trip() {
        for sq in Square::iter() {
            let name = sq.to_string();
            assert_eq!(name.len(), 2);
            assert_eq!(name.parse::<Square>(), Ok(sq));
            assert_eq!(sq.file().to_string().parse::<File>(), Ok(sq.file()));
            assert_eq!(sq.rank().to_string().parse::<Rank>(), Ok(sq.rank()));
        }
        assert_eq!(Square::H8.to_string(), "h8");
        for bad in ["", "e", "e9", "i1", "E4", "e44", "4e", "é4"] {
            assert_eq!(bad.parse::<Square>(), Err(ParseSquareError), "{bad:?}");
        }
        assert_eq!("i".parse::<File>(), Err(ParseFileError));
        assert_eq!("0".parse::<Rank>(), Err(ParseRankError));
    }

    #[test]
    fn geometry() {
        assert_eq!(Square::A1.flip_vertical(), Square::A8);
        assert_eq!(Square::A1.flip_horizontal(), Square::H1);
        assert_eq!(Square::E2.relative_to(Color::Black), Square::E7);
        assert!(Square::H1.is_light());
        assert!(Square::A1.is_dark());
        assert!(Square::D1.is_light());
        assert_eq!(Square::A1.distance(Square::H8), 7);
        assert_eq!(Square::E4.distance(Square::F6), 2);
        assert_eq!(Square::A1.offset(-1, 0), None);
        assert_eq!(Square::A1.offset(7, 7), Some(Square::H8));
        assert_eq!(File::A.flip(), File::H);
        assert_eq!(Rank::Third.flip(), Rank::Sixth);
        assert_eq!(File::from_char('h').map(File::upper_char), Some('H'));
    }
}
