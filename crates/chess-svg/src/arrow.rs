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

/// The shaft's width, in the units of a 100-unit square.
pub(crate) const SHAFT_WIDTH: f32 = 18.0;
/// The head's half width.
const HEAD_WIDTH: f32 = 24.0;
/// The head's length, from its base to its tip.
const HEAD_LENGTH: f32 = 40.0;
/// How far the shaft reaches into the head: the two are drawn as one (see [`Shape`]), so the
/// overlap does not show, and no seam shows between them.
const OVERLAP: f32 = 2.0;

/// An arrow as it is drawn: a shaft (a `<line>` of [`SHAFT_WIDTH`], python-chess's
/// convention for arrows) and a triangular head.
#[derive(Copy, Clone, PartialEq, Debug)]
pub(crate) struct Shape {
    /// The shaft's start, at the centre of the arrow's first square.
    pub(crate) tail: (f32, f32),
    /// The shaft's end, a little inside the head.
    pub(crate) shaft_end: (f32, f32),
    /// The head's corners: one side of its base, the tip, the other side.
    pub(crate) head: [(f32, f32); 3],
}

/// The shape of an arrow from the point `from` to the point `to` (the tip). `from` and `to`
/// must be at least a square apart.
pub(crate) fn shape(from: (f32, f32), to: (f32, f32)) -> Shape {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = dx.hypot(dy);
    let (ux, uy) = (dx / length, dy / length);
    // The left-hand normal, as the arrow points.
    let (nx, ny) = (-uy, ux);
    let along = |distance: f32| (to.0 - ux * distance, to.1 - uy * distance);
    let base = along(HEAD_LENGTH);
    let side = |width: f32| (base.0 + nx * width, base.1 + ny * width);
    Shape {
        tail: from,
        shaft_end: along(HEAD_LENGTH - OVERLAP),
        head: [side(HEAD_WIDTH), to, side(-HEAD_WIDTH)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_arrow_up_the_board_is_symmetric_about_its_line() {
        let shape = shape((450.0, 650.0), (450.0, 450.0));
        assert_eq!(shape.tail, (450.0, 650.0));
        // The head 40 long and 48 wide, the shaft reaching 2 into it.
        assert_eq!(shape.head, [(474.0, 490.0), (450.0, 450.0), (426.0, 490.0)]);
        assert_eq!(shape.shaft_end, (450.0, 488.0));
    }

    #[test]
    fn the_shaft_ends_inside_the_head() {
        // A knight's move: the shaft's corners at its end are inside the head's triangle.
        let shape = shape((150.0, 750.0), (250.0, 550.0));
        let (tip, base_a, base_b) = (shape.head[1], shape.head[0], shape.head[2]);
        let base = ((base_a.0 + base_b.0) / 2.0, (base_a.1 + base_b.1) / 2.0);
        let to_tip = |p: (f32, f32)| (tip.0 - p.0).hypot(tip.1 - p.1);
        assert!(to_tip(shape.shaft_end) < to_tip(base));
        assert!((to_tip(base) - HEAD_LENGTH).abs() < 1e-3);
    }
}
