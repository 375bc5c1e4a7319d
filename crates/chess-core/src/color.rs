//! The two sides.

use core::fmt;
use core::ops::Not;

/// A side: white or black.
///
/// ```
/// use chess_core::Color;
///
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::from_char('b'), Some(Color::Black));
/// assert_eq!(Color::White.to_string(), "white");
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
    strum::IntoStaticStr,
)]
#[strum(serialize_all = "lowercase")]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Color {
    /// The side that moves first.
    White = 0,
    /// The side that moves second.
    Black = 1,
}

impl Color {
    /// Both colors, white first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The color from its index (0 white, 1 black), or `None`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Color> {
        match index {
            0 => Some(Color::White),
            1 => Some(Color::Black),
            _ => None,
        }
    }

    /// `Color::White` if `white` is true, else `Color::Black`.
    #[inline]
    #[must_use]
    pub const fn from_white(white: bool) -> Color {
        if white { Color::White } else { Color::Black }
    }

    /// The index of the color: 0 for white, 1 for black.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Whether this is white.
    #[inline]
    #[must_use]
    pub const fn is_white(self) -> bool {
        matches!(self, Color::White)
    }

    /// Whether this is black.
    #[inline]
    #[must_use]
    pub const fn is_black(self) -> bool {
        matches!(self, Color::Black)
    }

    /// Picks `white` or `black` by this color.
    #[inline]
    #[must_use]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
        }
    }

    /// The FEN letter of the side to move: `w` or `b`.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// Parses the FEN letter of the side to move (`w` or `b`).
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;

    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

/// The error returned when a string is not the name of a color.
///
/// ```
/// use chess_core::{Color, ParseColorError};
///
/// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
/// assert_eq!("white".parse::<Color>(), Ok(Color::White));
/// let error = "red".parse::<Color>().unwrap_err();
/// assert_eq!(error, ParseColorError);
/// assert_eq!(error.to_string(), "invalid color: expected white, black, w or b");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseColorError;

impl fmt::Display for ParseColorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid color: expected white, black, w or b")
    }
}

#[cfg(feature = "std")]
impl std::error::Error for ParseColorError {}

impl core::str::FromStr for Color {
    type Err = ParseColorError;

    fn from_str(s: &str) -> Result<Color, ParseColorError> {
        match s {
            "w" | "white" => Ok(Color::White),
            "b" | "black" => Ok(Color::Black),
            _ => Err(ParseColorError),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn other_is_an_involution() {
        for c in Color::iter() {
            assert_ne!(c, !c);
            assert_eq!(c, !!c);
            assert_eq!(Color::from_index(c.index()), Some(c));
            assert_eq!(Color::from_char(c.char()), Some(c));
            assert_eq!(c.to_string().parse::<Color>(), Ok(c));
        }
        assert_eq!(Color::from_index(2), None);
        assert_eq!("x".parse::<Color>(), Err(ParseColorError));
    }
}
