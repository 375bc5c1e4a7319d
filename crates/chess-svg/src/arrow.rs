//! Arrows and circles: the marks of PGN's `[%cal]` and `[%csl]` commands, as drawn.

use chess_core::Square;

use crate::Rgba;

/// An arrow from one square to another, or a circle on a square when both are the same.
///
/// Arrows run straight from the centre of one square to the centre of the other, knight moves
/// too, and are drawn above the pieces.
///
/// ```
/// use chess_core::Square;
/// use chess_svg::{Arrow, Rgba};
///
/// let arrow = Arrow::new(Square::E2, Square::E4, Rgba::GREEN);
/// assert!(!arrow.is_circle());
/// assert!(Arrow::circle(Square::D5, Rgba::RED).is_circle());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Arrow {
    /// The square the arrow starts from, at its centre.
    pub from: Square,
    /// The square the arrow points to: its head's tip is at this square's centre.
    pub to: Square,
    /// The colour, with its opacity.
    pub color: Rgba,
}

impl Arrow {
    /// An arrow from `from` to `to` (a circle when they are the same square).
    #[inline]
    #[must_use]
    pub const fn new(from: Square, to: Square, color: Rgba) -> Arrow {
        Arrow { from, to, color }
    }

    /// A circle on `square`.
    #[inline]
    #[must_use]
    pub const fn circle(square: Square, color: Rgba) -> Arrow {
        Arrow::new(square, square, color)
    }

    /// Whether this is drawn as a circle: it starts and ends on the same square.
    #[inline]
    #[must_use]
    pub const fn is_circle(self) -> bool {
        self.from as u8 == self.to as u8
    }
}

/// The shaft's half width, in the units of a 100-unit square.
const SHAFT: f32 = 9.0;
/// The head's half width.
const HEAD_WIDTH: f32 = 24.0;
/// The head's length, from its base to its tip.
const HEAD_LENGTH: f32 = 40.0;

/// The outline of an arrow from the point `from` to the point `to` (the tip), as seven corners:
/// the shaft's two sides and the head, in order around it. `from` and `to` must differ.
pub(crate) fn outline(from: (f32, f32), to: (f32, f32)) -> [(f32, f32); 7] {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy);
    let (ux, uy) = (dx / length, dy / length);
    // The left-hand normal, as the arrow points.
    let (nx, ny) = (-uy, ux);
    let base = (to.0 - ux * HEAD_LENGTH, to.1 - uy * HEAD_LENGTH);
    let at = |p: (f32, f32), side: f32| (p.0 + nx * side, p.1 + ny * side);
    [
        at(from, SHAFT),
        at(base, SHAFT),
        at(base, HEAD_WIDTH),
        to,
        at(base, -HEAD_WIDTH),
        at(base, -SHAFT),
        at(from, -SHAFT),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrow_up_the_board_is_symmetric_about_its_line() {
        let corners = outline((450.0, 650.0), (450.0, 450.0));
        assert_eq!(corners[3], (450.0, 450.0));
        // The base of the head, 40 below the tip, and the shaft 18 wide.
        assert_eq!(corners[1], (459.0, 490.0));
        assert_eq!(corners[5], (441.0, 490.0));
        assert_eq!(corners[2], (474.0, 490.0));
        assert_eq!(corners[4], (426.0, 490.0));
        assert_eq!(corners[0], (459.0, 650.0));
        assert_eq!(corners[6], (441.0, 650.0));
    }
}
