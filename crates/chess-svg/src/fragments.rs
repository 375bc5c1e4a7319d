//! The parts of the drawings as SVG elements that stand alone, for documents that a caller puts
//! together itself: a piece, the cross that marks a square, the glow of a king in check, a
//! coordinate label. [`Drawing`](crate::Drawing) and [`PieceDrawing`](crate::PieceDrawing)
//! write the same elements (the pieces there share their shapes in `<defs>`).
//!
//! ```
//! use chess_core::Piece;
//! use chess_svg::{Theme, fragments};
//!
//! let king = fragments::piece(Piece::WhiteKing, &Theme::DEFAULT);
//! assert!(king.starts_with(r#"<g id="white-king" class="white king" "#));
//! let svg = format!(
//!     r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{king}</svg>"#
//! );
//! # assert!(svg.ends_with("</g></svg>"));
//! ```

use core::fmt::Write as _;

use chess_core::Piece;

use crate::pieces::{self, PieceClass, PieceId};
use crate::rgba::Opacities;
use crate::{Theme, glyphs};

/// A piece in the 100 × 100 box of a square, as one group with python-chess's id and classes
/// (`<g id="white-king" class="white king" …>`) and the theme's colours.
#[must_use]
pub fn piece(piece: Piece, theme: &Theme) -> String {
    let (fill, outline, lines) = pieces::paints(piece, theme);
    format!(
        r#"<g id="{}" class="{}" fill="{fill}" stroke="{outline}" color="{lines}"{} {}>{}</g>"#,
        PieceId(piece),
        PieceClass(piece),
        Opacities(&[("fill", fill), ("stroke", outline)]),
        pieces::SHAPE_STYLE,
        pieces::parts(piece.role())
    )
}

/// The cross that marks a square (`<g id="xx">`, python-chess's id), in the 100 × 100 box of
/// a square: two dark strokes with a light edge, in the colours of the pieces, so that it shows
/// on either square and over either side's pieces.
#[must_use]
pub fn cross(theme: &Theme) -> String {
    const STROKES: &str = "M30 30l40 40m0-40l-40 40";
    let (light, dark) = (theme.white_piece, theme.black_piece);
    format!(
        r#"<g id="xx" fill="none" stroke-linecap="round"><path stroke="{light}"{} stroke-width="17" d="{STROKES}"/><path stroke="{dark}"{} stroke-width="9" d="{STROKES}"/></g>"#,
        Opacities(&[("stroke", light)]),
        Opacities(&[("stroke", dark)]),
    )
}

/// The radial gradient of a king in check (`<radialGradient id="check">`): the theme's check
/// colour at the centre of the square, fading out towards its edges.
#[must_use]
pub fn check_gradient(theme: &Theme) -> String {
    let red = theme.check;
    let half = red.with_alpha((u16::from(red.a) * 3 / 5) as u8);
    format!(
        r#"<radialGradient id="check"><stop offset="0" stop-color="{red}" stop-opacity="{}"/><stop offset=".5" stop-color="{red}" stop-opacity="{}"/><stop offset="1" stop-color="{red}" stop-opacity="0"/></radialGradient>"#,
        red.opacity(),
        half.opacity(),
    )
}

/// A coordinate label, a file's letter (`a` to `h`) or a rank's digit (`1` to `8`), as one
/// stroked path in the theme's colour, in a box 10 wide whose baseline is at y = 18; `None`
/// for any other character.
///
/// ```
/// use chess_svg::{Theme, fragments};
///
/// assert!(fragments::coordinate('e', &Theme::DEFAULT).unwrap().starts_with("<path "));
/// assert_eq!(fragments::coordinate('i', &Theme::DEFAULT), None);
/// ```
#[must_use]
pub fn coordinate(label: char, theme: &Theme) -> Option<String> {
    let path = glyphs::label(label)?;
    let color = theme.coordinates;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<path {} stroke="{color}"{} d="{path}"/>"#,
        glyphs::STROKE,
        Opacities(&[("stroke", color)])
    );
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fragments_have_python_chess_ids_and_classes() {
        let theme = Theme::DEFAULT;
        let black_pawn = piece(Piece::BlackPawn, &theme);
        assert!(black_pawn.starts_with(
            r##"<g id="black-pawn" class="black pawn" fill="#242220" stroke="#242220" color="#fcfcfa" stroke-width="3""##
        ));
        assert!(black_pawn.ends_with("</g>"));
        assert!(!black_pawn.contains("<circle"));
        assert!(cross(&theme).starts_with(r#"<g id="xx" "#));
        assert!(check_gradient(&theme).starts_with(r#"<radialGradient id="check">"#));
        for label in "abcdefgh12345678".chars() {
            assert!(coordinate(label, &theme).is_some(), "{label}");
        }
        assert_eq!(coordinate('9', &theme), None);
    }
}
