//! The colours of a drawing.

use crate::Rgba;

/// The colours a drawing is made of, apart from its arrows and circles (which carry their
/// own).
///
/// The default has warm light and dark squares that both piece colours stand out on: white
/// pieces have a dark outline on every square, and black pieces are dark enough against the
/// dark squares (a contrast ratio above 4:1).
///
/// ```
/// use chess_svg::{Drawing, Rgba, Theme};
/// use chess_core::Board;
///
/// let green = Theme {
///     light: Rgba::rgb(0xee, 0xee, 0xd2),
///     dark: Rgba::rgb(0x76, 0x96, 0x56),
///     ..Theme::DEFAULT
/// };
/// let board = Board::standard();
/// let svg = Drawing::new(&board).theme(green).to_svg();
/// assert!(svg.contains("#769656"));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Theme {
    /// The light squares.
    pub light: Rgba,
    /// The dark squares.
    pub dark: Rgba,
    /// The margin around the board that holds the coordinates.
    pub frame: Rgba,
    /// The line around the board, with [borders](crate::Drawing::borders).
    pub inner_border: Rgba,
    /// The line around the whole picture, with [borders](crate::Drawing::borders) and
    /// coordinates.
    pub outer_border: Rgba,
    /// The file letters and rank digits.
    pub coordinates: Rgba,
    /// Laid over a light square of the last move (a little transparent by default, so that
    /// the square's colour shows through; opaque, it replaces it).
    pub last_move_light: Rgba,
    /// Laid over a dark square of the last move.
    pub last_move_dark: Rgba,
    /// The centre of the glow on the square of a king in check, which fades out towards the
    /// square's edges.
    pub check: Rgba,
    /// The fill of the white pieces, and the inner lines of the black ones.
    pub white_piece: Rgba,
    /// The fill of the black pieces, and the outline and inner lines of the white ones.
    pub black_piece: Rgba,
}

impl Theme {
    /// The default colours.
    pub const DEFAULT: Theme = Theme {
        light: Rgba::rgb(0xee, 0xdc, 0xbc),
        dark: Rgba::rgb(0xb0, 0x8a, 0x64),
        frame: Rgba::rgb(0x4a, 0x3b, 0x2e),
        inner_border: Rgba::rgb(0x24, 0x1c, 0x15),
        outer_border: Rgba::rgb(0x24, 0x1c, 0x15),
        coordinates: Rgba::rgb(0xee, 0xdc, 0xbc),
        last_move_light: Rgba::rgb(0xd4, 0xe0, 0x3a).with_alpha(0x8c),
        last_move_dark: Rgba::rgb(0xd4, 0xe0, 0x3a).with_alpha(0x8c),
        check: Rgba::rgb(0xff, 0x10, 0x10),
        white_piece: Rgba::rgb(0xfc, 0xfc, 0xfa),
        black_piece: Rgba::rgb(0x24, 0x22, 0x20),
    };
}

impl Default for Theme {
    fn default() -> Theme {
        Theme::DEFAULT
    }
}
