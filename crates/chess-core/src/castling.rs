//! Castling rights, for standard chess and Chess960.

use core::fmt;

use crate::{Color, File, Rank, Square};

bitflags::bitflags! {
    /// The sides on which each color may still castle: the four flags of standard chess.
    ///
    /// ```
    /// use chess_core::CastlingSides;
    ///
    /// let sides = CastlingSides::WHITE_KING_SIDE | CastlingSides::BLACK_QUEEN_SIDE;
    /// assert!(sides.intersects(CastlingSides::WHITE));
    /// assert_eq!(sides.bits(), 0b1001);
    /// ```
    #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
    #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
    pub struct CastlingSides: u8 {
        /// White may castle with its king-side rook (`K`).
        const WHITE_KING_SIDE = 1;
        /// White may castle with its queen-side rook (`Q`).
        const WHITE_QUEEN_SIDE = 2;
        /// Black may castle with its king-side rook (`k`).
        const BLACK_KING_SIDE = 4;
        /// Black may castle with its queen-side rook (`q`).
        const BLACK_QUEEN_SIDE = 8;
        /// Both of white's sides.
        const WHITE = 1 | 2;
        /// Both of black's sides.
        const BLACK = 4 | 8;
    }
}

impl CastlingSides {
    /// The flag of one side of one color.
    #[inline]
    #[must_use]
    pub const fn of(color: Color, side: CastlingSide) -> CastlingSides {
        CastlingSides::from_bits_retain(1 << (2 * color as u8 + side as u8))
    }

    /// Both flags of one color.
    #[inline]
    #[must_use]
    pub const fn of_color(color: Color) -> CastlingSides {
        CastlingSides::from_bits_retain(3 << (2 * color as u8))
    }
}

/// Which way a king castles: towards the `h` file or towards the `a` file.
///
/// The king and rook end on the same files in standard chess and Chess960, wherever they
/// started:
///
/// ```
/// use chess_core::{CastlingSide, CastlingSides, Color, File};
///
/// let side = CastlingSide::QueenSide;
/// assert_eq!(side.king_to_file(), File::C);
/// assert_eq!(side.rook_to_file(), File::D);
/// assert_eq!(side.to_string(), "queen_side");
/// assert_eq!(CastlingSides::of(Color::Black, side), CastlingSides::BLACK_QUEEN_SIDE);
/// ```
#[derive(
    Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, strum::EnumIter, strum::Display,
)]
#[strum(serialize_all = "snake_case")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum CastlingSide {
    /// Short castling, `O-O`: the king ends on the `g` file, the rook on the `f` file.
    KingSide = 0,
    /// Long castling, `O-O-O`: the king ends on the `c` file, the rook on the `d` file.
    QueenSide = 1,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The file the king ends on, in standard chess and Chess960 alike.
    #[inline]
    #[must_use]
    pub const fn king_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::G,
            CastlingSide::QueenSide => File::C,
        }
    }

    /// The file the rook ends on, in standard chess and Chess960 alike.
    #[inline]
    #[must_use]
    pub const fn rook_to_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::F,
            CastlingSide::QueenSide => File::D,
        }
    }

    /// The square the king of `color` ends on.
    #[inline]
    #[must_use]
    pub const fn king_to(self, color: Color) -> Square {
        Square::new(self.king_to_file(), Rank::First.relative_to(color))
    }

    /// The square the rook of `color` ends on.
    #[inline]
    #[must_use]
    pub const fn rook_to(self, color: Color) -> Square {
        Square::new(self.rook_to_file(), Rank::First.relative_to(color))
    }

    /// The side a king on `king` castles to with the rook on `rook` (same rank): king side when
    /// the rook is to the right of the king.
    #[inline]
    #[must_use]
    pub const fn from_king_and_rook(king: Square, rook: Square) -> CastlingSide {
        if (rook as u8) > (king as u8) {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        }
    }

    /// The file of the rook in standard chess: `h` or `a`.
    #[inline]
    #[must_use]
    pub const fn standard_rook_file(self) -> File {
        match self {
            CastlingSide::KingSide => File::H,
            CastlingSide::QueenSide => File::A,
        }
    }

    /// The letter of the right of `color` to castle on this side in a FEN's castling field:
    /// by the side (`K`, `Q`, `k`, `q`), or, given the file of the rook, by that file
    /// (Shredder-FEN's `HAha`, and X-FEN's for a rook the side alone does not name); uppercase
    /// for white.
    ///
    /// ```
    /// use chess_core::{CastlingSide, Color, File};
    ///
    /// assert_eq!(CastlingSide::KingSide.letter(Color::White, None), 'K');
    /// assert_eq!(CastlingSide::QueenSide.letter(Color::Black, None), 'q');
    /// assert_eq!(CastlingSide::QueenSide.letter(Color::Black, Some(File::B)), 'b');
    /// assert_eq!(CastlingSide::KingSide.letter(Color::White, Some(File::G)), 'G');
    /// ```
    #[inline]
    #[must_use]
    pub const fn letter(self, color: Color, rook_file: Option<File>) -> char {
        let letter = match (rook_file, self) {
            (Some(file), _) => file.char(),
            (None, CastlingSide::KingSide) => 'k',
            (None, CastlingSide::QueenSide) => 'q',
        };
        match color {
            Color::White => letter.to_ascii_uppercase(),
            Color::Black => letter,
        }
    }
}

/// Castling rights: for each color and side, whether castling is still allowed and the file of
/// the rook it is done with.
///
/// In standard chess the rooks stand on the `a` and `h` files; in Chess960 they may stand on any
/// file, so each right remembers its rook's file (as X-FEN and Shredder-FEN do).
///
/// ```
/// use chess_core::{CastlingRights, CastlingSide, Color, File, Square};
///
/// let mut rights = CastlingRights::standard();
/// assert_eq!(rights.rook(Color::Black, CastlingSide::QueenSide), Some(Square::A8));
/// rights.remove(Color::Black, CastlingSide::QueenSide);
/// assert_eq!(rights.to_string(), "KQk");
///
/// let mut chess960 = CastlingRights::NONE;
/// chess960.add(Color::White, CastlingSide::KingSide, File::F);
/// assert!(!chess960.is_standard());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
pub struct CastlingRights {
    sides: CastlingSides,
    /// The rook file of each flag, by flag bit; for a flag that is not set, the standard file, so
    /// that equal rights compare equal.
    rook_files: [File; 4],
}

const STANDARD_ROOK_FILES: [File; 4] = [File::H, File::A, File::H, File::A];

impl CastlingRights {
    /// No castling rights.
    pub const NONE: CastlingRights = CastlingRights {
        sides: CastlingSides::empty(),
        rook_files: STANDARD_ROOK_FILES,
    };

    /// All four rights of the standard starting position, `KQkq`.
    #[must_use]
    pub const fn standard() -> CastlingRights {
        CastlingRights {
            sides: CastlingSides::all(),
            rook_files: STANDARD_ROOK_FILES,
        }
    }

    /// The sides that may castle.
    #[inline]
    #[must_use]
    pub const fn sides(&self) -> CastlingSides {
        self.sides
    }

    /// Whether no side may castle.
    #[inline]
    #[must_use]
    pub const fn is_empty(&self) -> bool {
        self.sides.is_empty()
    }

    /// Whether `color` may castle on `side`.
    #[inline]
    #[must_use]
    pub const fn has(&self, color: Color, side: CastlingSide) -> bool {
        self.sides.contains(CastlingSides::of(color, side))
    }

    /// Whether `color` may castle on either side.
    #[inline]
    #[must_use]
    pub const fn has_any(&self, color: Color) -> bool {
        self.sides.intersects(CastlingSides::of_color(color))
    }

    /// The file of the rook `color` castles with on `side`, if that right remains.
    #[inline]
    #[must_use]
    pub const fn rook_file(&self, color: Color, side: CastlingSide) -> Option<File> {
        if self.has(color, side) {
            Some(self.rook_files[2 * color as usize + side as usize])
        } else {
            None
        }
    }

    /// The square of the rook `color` castles with on `side`, if that right remains.
    #[inline]
    #[must_use]
    pub const fn rook(&self, color: Color, side: CastlingSide) -> Option<Square> {
        match self.rook_file(color, side) {
            Some(file) => Some(Square::new(file, Rank::First.relative_to(color))),
            None => None,
        }
    }

    /// Grants `color` the right to castle on `side` with the rook on `file`.
    #[inline]
    pub const fn add(&mut self, color: Color, side: CastlingSide, file: File) {
        self.sides = self.sides.union(CastlingSides::of(color, side));
        self.rook_files[2 * color as usize + side as usize] = file;
    }

    /// Takes away the right of `color` to castle on `side`.
    #[inline]
    pub const fn remove(&mut self, color: Color, side: CastlingSide) {
        self.sides = self.sides.difference(CastlingSides::of(color, side));
        let i = 2 * color as usize + side as usize;
        self.rook_files[i] = STANDARD_ROOK_FILES[i];
    }

    /// Takes away both rights of `color`.
    #[inline]
    pub const fn remove_color(&mut self, color: Color) {
        self.remove(color, CastlingSide::KingSide);
        self.remove(color, CastlingSide::QueenSide);
    }

    /// Takes away every right whose rook stands on `sq`.
    #[inline]
    pub const fn remove_rook(&mut self, sq: Square) {
        let mut i = 0;
        while i < 4 {
            let color = if i < 2 { Color::White } else { Color::Black };
            let side = if i % 2 == 0 {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            if let Some(rook) = self.rook(color, side) {
                if rook as u8 == sq as u8 {
                    self.remove(color, side);
                }
            }
            i += 1;
        }
    }

    /// The squares of the rooks that still have a castling right.
    #[inline]
    #[must_use]
    pub const fn rooks(&self) -> crate::Bitboard {
        let mut rooks = crate::Bitboard::EMPTY;
        let mut i = 0;
        while i < 4 {
            let color = if i < 2 { Color::White } else { Color::Black };
            let side = if i % 2 == 0 {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            if let Some(rook) = self.rook(color, side) {
                rooks = rooks.with(rook);
            }
            i += 1;
        }
        rooks
    }

    /// Whether every remaining right uses a rook on the `a` or `h` file, as in standard chess.
    #[must_use]
    pub fn is_standard(&self) -> bool {
        self.rook_files == STANDARD_ROOK_FILES
    }

    /// Each remaining right as (color, side, rook square): white first, king side first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, CastlingSide, Square)> + use<> {
        let rights = *self;
        Color::ALL.into_iter().flat_map(move |color| {
            CastlingSide::ALL
                .into_iter()
                .filter_map(move |side| rights.rook(color, side).map(|sq| (color, side, sq)))
        })
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CastlingRights {
    /// Reads the fields `Serialize` writes, then rebuilds the rights through
    /// [`CastlingRights::add`]: a right that is not set gets the standard rook file whatever the
    /// input says, so equal rights still compare equal, and unknown flag bits are an error.
    fn deserialize<D: serde::Deserializer<'de>>(
        deserializer: D,
    ) -> Result<CastlingRights, D::Error> {
        #[derive(serde::Deserialize)]
        #[serde(rename = "CastlingRights")]
        struct Fields {
            sides: CastlingSides,
            rook_files: [File; 4],
        }

        let fields = Fields::deserialize(deserializer)?;
        if !CastlingSides::all().contains(fields.sides) {
            return Err(serde::de::Error::custom(format_args!(
                "invalid castling sides {:#x}: expected bits of 0xf",
                fields.sides.bits()
            )));
        }
        let mut rights = CastlingRights::NONE;
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if fields.sides.contains(CastlingSides::of(color, side)) {
                    rights.add(
                        color,
                        side,
                        fields.rook_files[2 * color as usize + side as usize],
                    );
                }
            }
        }
        Ok(rights)
    }
}

impl Default for CastlingRights {
    fn default() -> CastlingRights {
        CastlingRights::NONE
    }
}

impl fmt::Debug for CastlingRights {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CastlingRights({self})")
    }
}

impl fmt::Display for CastlingRights {
    /// Writes the rights in Shredder-FEN when a rook is off the `a`/`h` files, else as `KQkq`;
    /// `-` when there are none. (FEN writing, which knows the board, produces X-FEN.)
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let by_file = !self.is_standard();
        for (color, side, rook) in self.iter() {
            fmt::Write::write_char(f, side.letter(color, by_file.then_some(rook.file())))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_follow_color_and_side() {
        assert_eq!(
            CastlingSides::of(Color::White, CastlingSide::KingSide),
            CastlingSides::WHITE_KING_SIDE
        );
        assert_eq!(
            CastlingSides::of(Color::Black, CastlingSide::QueenSide),
            CastlingSides::BLACK_QUEEN_SIDE
        );
        assert_eq!(CastlingSides::of_color(Color::Black), CastlingSides::BLACK);
    }

    #[test]
    fn rights_compare_by_content() {
        let mut a = CastlingRights::standard();
        a.remove(Color::White, CastlingSide::KingSide);
        let mut b = CastlingRights::NONE;
        b.add(Color::White, CastlingSide::QueenSide, File::A);
        b.add(Color::Black, CastlingSide::KingSide, File::H);
        b.add(Color::Black, CastlingSide::QueenSide, File::A);
        assert_eq!(a, b);
        assert_eq!(a.to_string(), "Qkq");
        let mut c = b;
        c.add(Color::White, CastlingSide::KingSide, File::G);
        c.remove(Color::White, CastlingSide::KingSide);
        assert_eq!(c, b);
    }

    #[test]
    fn chess960_rights() {
        let mut rights = CastlingRights::NONE;
        rights.add(Color::White, CastlingSide::KingSide, File::G);
        rights.add(Color::Black, CastlingSide::QueenSide, File::B);
        assert!(!rights.is_standard());
        assert_eq!(rights.to_string(), "Gb");
        assert_eq!(
            rights.rook(Color::White, CastlingSide::KingSide),
            Some(Square::G1)
        );
        assert_eq!(
            rights.rook(Color::Black, CastlingSide::QueenSide),
            Some(Square::B8)
        );
        assert_eq!(rights.rooks().count(), 2);
        rights.remove_rook(Square::B8);
        assert!(!rights.has_any(Color::Black));
        rights.remove_color(Color::White);
        assert!(rights.is_empty());
        assert_eq!(rights.to_string(), "-");
    }

    #[test]
    fn side_geometry() {
        assert_eq!(CastlingSide::KingSide.king_to(Color::Black), Square::G8);
        assert_eq!(CastlingSide::QueenSide.rook_to(Color::White), Square::D1);
        assert_eq!(
            CastlingSide::from_king_and_rook(Square::E1, Square::H1),
            CastlingSide::KingSide
        );
        assert_eq!(
            CastlingSide::from_king_and_rook(Square::B1, Square::A1),
            CastlingSide::QueenSide
        );
    }
}
