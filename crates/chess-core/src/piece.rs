//! Colored pieces, one byte each.

use core::fmt;

use crate::{Color, Role};

// A piece is one byte:
//
// bit 0-3: role (0 pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king)
// bit 4-7: color (0 white, 1 black)
//
// Because `Piece` is an enum with twelve discriminants, `Option<Piece>` uses one of the other
// 244 byte values for `None` and stays one byte: a 64-square mailbox is 64 bytes.

/// A piece of a color: one byte laid out `0bCCCC_TTTT`.
///
/// ```
/// use chess_core::{Color, Piece, Role};
///
/// let queen = Piece::new(Color::White, Role::Queen);
/// assert_eq!(queen, Piece::WhiteQueen);
/// assert_eq!(queen.to_byte(), 0x04);
/// assert_eq!(Piece::from_byte(0x15), Some(Piece::BlackKing));
/// assert_eq!(Piece::from_byte(0x06), None);
/// assert_eq!(Piece::BlackKnight.char(), 'n');
/// ```
#[derive(
    Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug, strum::EnumIter, strum::EnumCount,
)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Piece {
    WhitePawn = 0x00,
    WhiteKnight = 0x01,
    WhiteBishop = 0x02,
    WhiteRook = 0x03,
    WhiteQueen = 0x04,
    WhiteKing = 0x05,
    BlackPawn = 0x10,
    BlackKnight = 0x11,
    BlackBishop = 0x12,
    BlackRook = 0x13,
    BlackQueen = 0x14,
    BlackKing = 0x15,
}

impl Piece {
    /// All twelve pieces, in the order of [`Piece::index`].
    pub const ALL: [Piece; 12] = [
        Piece::WhitePawn,
        Piece::WhiteKnight,
        Piece::WhiteBishop,
        Piece::WhiteRook,
        Piece::WhiteQueen,
        Piece::WhiteKing,
        Piece::BlackPawn,
        Piece::BlackKnight,
        Piece::BlackBishop,
        Piece::BlackRook,
        Piece::BlackQueen,
        Piece::BlackKing,
    ];

    /// The piece of `color` and `role`.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        // SAFETY: `(color << 4) | role` with color 0..=1 and role 0..=5 is one of the twelve
        // discriminants.
        unsafe { core::mem::transmute::<u8, Piece>((color as u8) << 4 | role as u8) }
    }

    /// The byte `0bCCCC_TTTT` of the piece.
    #[inline]
    #[must_use]
    pub const fn to_byte(self) -> u8 {
        self as u8
    }

    /// The piece of a byte `0bCCCC_TTTT`; every byte other than the twelve pieces is `None`.
    #[inline]
    #[must_use]
    pub const fn from_byte(byte: u8) -> Option<Piece> {
        let color = byte >> 4;
        let role = byte & 0x0f;
        if color <= 1 && role <= 5 {
            // SAFETY: just checked that the byte is one of the twelve discriminants.
            Some(unsafe { core::mem::transmute::<u8, Piece>(byte) })
        } else {
            None
        }
    }

    /// The color of the piece: the high nibble.
    #[inline]
    #[must_use]
    pub const fn color(self) -> Color {
        // SAFETY: the high nibble of every piece is 0 or 1, the discriminants of `Color`.
        unsafe { core::mem::transmute::<u8, Color>(self as u8 >> 4) }
    }

    /// The role of the piece: the low nibble.
    #[inline]
    #[must_use]
    pub const fn role(self) -> Role {
        // SAFETY: the low nibble of every piece is 0..=5, the discriminants of `Role`.
        unsafe { core::mem::transmute::<u8, Role>(self as u8 & 0x0f) }
    }

    /// A dense index 0..12 for table lookups: white pawn 0 … white king 5, black pawn 6 …
    /// black king 11. Never index a table by the raw byte.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        (self as u8 >> 4) as usize * 6 + (self as u8 & 0x0f) as usize
    }

    /// The piece of a dense index 0..12, or `None`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Piece> {
        if index < 12 {
            Some(Piece::ALL[index])
        } else {
            None
        }
    }

    /// The FEN letter: uppercase for white (`KQRBNP`), lowercase for black.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self.color() {
            Color::White => self.role().upper_char(),
            Color::Black => self.role().char(),
        }
    }

    /// The piece of a FEN letter.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece::new(Color::from_white(c.is_ascii_uppercase()), role)),
            None => None,
        }
    }

    /// The Unicode chess symbol of the piece (`♔` … `♟`).
    #[inline]
    #[must_use]
    pub const fn unicode(self) -> char {
        const SYMBOLS: [char; 12] = ['♙', '♘', '♗', '♖', '♕', '♔', '♟', '♞', '♝', '♜', '♛', '♚'];
        SYMBOLS[self.index()]
    }

    /// A two-letter label: `W` or `B`, then the uppercase role letter (`WP` … `BK`).
    #[must_use]
    pub const fn label(self) -> [u8; 2] {
        let color = match self.color() {
            Color::White => b'W',
            Color::Black => b'B',
        };
        [color, self.role().upper_char() as u8]
    }
}

impl fmt::Display for Piece {
    /// Writes the FEN letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Write::write_char(f, self.char())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn an_empty_square_is_one_byte() {
        assert_eq!(size_of::<Piece>(), 1);
        assert_eq!(size_of::<Option<Piece>>(), 1);
        assert_eq!(size_of::<[Option<Piece>; 64]>(), 64);
    }

    #[test]
    fn byte_layout() {
        assert_eq!(Piece::WhitePawn.to_byte(), 0x00);
        assert_eq!(Piece::WhiteQueen.to_byte(), 0x04);
        assert_eq!(Piece::BlackKing.to_byte(), 0x15);
        for color in Color::iter() {
            for role in Role::iter() {
                let piece = Piece::new(color, role);
                assert_eq!(piece.to_byte(), (color as u8) << 4 | role as u8);
                assert_eq!(piece.color(), color);
                assert_eq!(piece.role(), role);
                assert_eq!(Piece::from_index(piece.index()), Some(piece));
                assert_eq!(Piece::from_char(piece.char()), Some(piece));
            }
        }
    }

    #[test]
    fn every_other_byte_is_rejected() {
        let mut accepted = 0;
        for byte in 0..=255u8 {
            match Piece::from_byte(byte) {
                Some(piece) => {
                    accepted += 1;
                    assert_eq!(piece.to_byte(), byte);
                }
                None => assert!(byte >> 4 > 1 || byte & 0x0f > 5, "{byte:#04x}"),
            }
        }
        assert_eq!(accepted, 12);
    }

    #[test]
    fn letters_and_labels() {
        let letters: String = Piece::iter().map(Piece::char).collect();
        assert_eq!(letters, "PNBRQKpnbrqk");
        assert_eq!(&Piece::BlackKing.label(), b"BK");
        assert_eq!(&Piece::WhitePawn.label(), b"WP");
        assert_eq!(Piece::WhiteKing.unicode(), '♔');
        assert_eq!(Piece::BlackPawn.unicode(), '♟');
        assert_eq!(Piece::from_char('x'), None);
        assert_eq!(Piece::BlackRook.to_string(), "r");
    }
}
