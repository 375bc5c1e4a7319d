//! The drawing of one piece on its own.

use core::fmt;

use chess_core::Piece;

use crate::{Drawing, Theme, fragments};

/// A picture of one piece, without a board: the same drawing as on a board's square, as a
/// standalone SVG 1.1 document of a square's box (100 × 100 units), its group carrying
/// python-chess's id and classes (`id="white-king"`, `class="white king"`).
///
/// ```
/// use chess_core::Piece;
/// use chess_svg::PieceDrawing;
///
/// let svg = PieceDrawing::new(Piece::WhiteKing).size(45).to_svg();
/// assert!(svg.contains(r#"width="45" height="45" viewBox="0 0 100 100""#));
/// assert!(svg.contains(r#"id="white-king""#));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct PieceDrawing {
    piece: Piece,
    size: Option<u32>,
    theme: Theme,
}

impl PieceDrawing {
    /// The size of a piece's picture, in pixels, unless [`size`](PieceDrawing::size) or
    /// [`responsive`](PieceDrawing::responsive) says otherwise: a square of a board at
    /// [`Drawing::DEFAULT_SIZE`] without coordinates.
    pub const DEFAULT_SIZE: u32 = Drawing::DEFAULT_SIZE / 8;

    /// A picture of `piece` at the default size and colours.
    #[must_use]
    pub const fn new(piece: Piece) -> PieceDrawing {
        PieceDrawing {
            piece,
            size: Some(PieceDrawing::DEFAULT_SIZE),
            theme: Theme::DEFAULT,
        }
    }

    /// The width and height of the picture in pixels.
    #[must_use]
    pub const fn size(mut self, pixels: u32) -> PieceDrawing {
        self.size = Some(pixels);
        self
    }

    /// Leaves the width and height out of the document, so that the picture takes the size
    /// its viewer gives it (as [`Drawing::responsive`]).
    #[must_use]
    pub const fn responsive(mut self) -> PieceDrawing {
        self.size = None;
        self
    }

    /// The colours of the piece ([`Theme::white_piece`] and [`Theme::black_piece`]).
    #[must_use]
    pub const fn theme(mut self, theme: Theme) -> PieceDrawing {
        self.theme = theme;
        self
    }

    /// The picture as a standalone SVG 1.1 document (the same text as `Display` writes).
    #[must_use]
    pub fn to_svg(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for PieceDrawing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = Drawing::SQUARE_SIZE;
        f.write_str(r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1""#)?;
        if let Some(size) = self.size {
            write!(f, r#" width="{size}" height="{size}""#)?;
        }
        writeln!(f, r#" viewBox="0 0 {side} {side}">"#)?;
        writeln!(f, "{}", fragments::piece(self.piece, &self.theme))?;
        f.write_str("</svg>\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piece_alone_is_its_group_in_a_square_box() {
        let svg = PieceDrawing::new(Piece::BlackKnight).to_svg();
        assert!(svg.starts_with(
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="50" height="50" viewBox="0 0 100 100">"#
        ));
        assert!(svg.contains(r#"<g id="black-knight" class="black knight" "#));
        assert!(svg.ends_with("</g>\n</svg>\n"));
        let responsive = PieceDrawing::new(Piece::BlackKnight).responsive().to_svg();
        assert!(!responsive.contains(" width=\""));
        assert!(responsive.contains(r#"viewBox="0 0 100 100""#));
    }
}
