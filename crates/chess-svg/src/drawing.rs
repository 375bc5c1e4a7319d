//! The drawing of a board and what is marked on it, written as an SVG document.

use core::fmt::{self, Write as _};

use chess_core::{Board, Color, File, Piece, Rank, Role, Square};

use crate::arrow::{self, Arrow};
use crate::{Rgba, Theme, glyphs, pieces};

/// The side of a square, in the drawing's own units.
const SQUARE: u32 = 100;
/// The side of the board.
const BOARD: u32 = 8 * SQUARE;
/// The width of the margin around the board that holds the coordinates, when it is drawn.
const MARGIN: u32 = 36;
/// The width of a circle's ring.
const RING: u32 = 8;

/// A picture of a board: the pieces, and optionally the coordinates, the last move, a king in
/// check, arrows and circles. Built step by step, then written with [`Drawing::to_svg`] (or
/// `Display`), or rasterised with `to_png` (feature `png`).
///
/// The picture is a square of [`size`](Drawing::size) pixels (400 by default) with white at
/// the bottom, the coordinates in a margin around the board, and the default [`Theme`]. The
/// SVG is a standalone SVG 1.1 document: every piece drawn once in its `<defs>` and placed with
/// `<use>`, the coordinates drawn as strokes (no fonts), nothing random or dated in it, so the
/// same drawing always gives the same bytes.
///
/// ```
/// use chess_core::{Board, Color, Square};
/// use chess_svg::{Drawing, Rgba};
///
/// let mut board = Board::standard();
/// board.remove(Square::E2);
/// board.put(Square::E4, chess_core::Piece::WhitePawn);
/// let svg = Drawing::new(&board)
///     .orientation(Color::Black)
///     .size(320)
///     .last_move(Square::E2, Square::E4)
///     .arrow(Square::G8, Square::F6, Rgba::GREEN)
///     .circle(Square::D5, Rgba::RED)
///     .to_svg();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.contains(r#"width="320" height="320""#));
/// assert!(svg.contains(r#"class="arrow g8f6""#));
/// ```
#[derive(Clone, Debug)]
pub struct Drawing<'a> {
    board: &'a Board,
    orientation: Color,
    coordinates: bool,
    size: u32,
    last_move: Option<(Square, Square)>,
    check: Option<Square>,
    arrows: Vec<Arrow>,
    theme: Theme,
}

impl<'a> Drawing<'a> {
    /// The size of a drawing, in pixels, unless [`size`](Drawing::size) says otherwise.
    pub const DEFAULT_SIZE: u32 = 400;

    /// A drawing of `board` with white at the bottom, coordinates, nothing marked, at the
    /// default size and colours.
    #[must_use]
    pub fn new(board: &'a Board) -> Drawing<'a> {
        Drawing {
            board,
            orientation: Color::White,
            coordinates: true,
            size: Drawing::DEFAULT_SIZE,
            last_move: None,
            check: None,
            arrows: Vec::new(),
            theme: Theme::DEFAULT,
        }
    }

    /// The side at the bottom: with black, the board is turned, h8 at the bottom left.
    #[must_use]
    pub fn orientation(mut self, bottom: Color) -> Drawing<'a> {
        self.orientation = bottom;
        self
    }

    /// Whether the file letters and rank digits are drawn, in a margin around the board (on
    /// by default). Without them the board fills the picture.
    #[must_use]
    pub fn coordinates(mut self, shown: bool) -> Drawing<'a> {
        self.coordinates = shown;
        self
    }

    /// The width and height of the picture in pixels (the board and its margin).
    #[must_use]
    pub fn size(mut self, pixels: u32) -> Drawing<'a> {
        self.size = pixels;
        self
    }

    /// Highlights the two squares of the last move (for castling, the king's from and to).
    #[must_use]
    pub fn last_move(mut self, from: Square, to: Square) -> Drawing<'a> {
        self.last_move = Some((from, to));
        self
    }

    /// Marks the square of a king in check with a red glow.
    #[must_use]
    pub fn check(mut self, king: Square) -> Drawing<'a> {
        self.check = Some(king);
        self
    }

    /// Adds an arrow from `from` to `to` (a circle on `from` when they are the same square).
    #[must_use]
    pub fn arrow(self, from: Square, to: Square, color: Rgba) -> Drawing<'a> {
        self.arrows([Arrow::new(from, to, color)])
    }

    /// Adds a circle on `square`.
    #[must_use]
    pub fn circle(self, square: Square, color: Rgba) -> Drawing<'a> {
        self.arrows([Arrow::circle(square, color)])
    }

    /// Adds arrows and circles, drawn in order: later ones on top.
    #[must_use]
    pub fn arrows(mut self, arrows: impl IntoIterator<Item = Arrow>) -> Drawing<'a> {
        self.arrows.extend(arrows);
        self
    }

    /// The colours of the board and pieces.
    #[must_use]
    pub fn theme(mut self, theme: Theme) -> Drawing<'a> {
        self.theme = theme;
        self
    }

    /// The width and height of the picture in pixels.
    #[inline]
    #[must_use]
    pub const fn pixels(&self) -> u32 {
        self.size
    }

    /// The drawing as a standalone SVG 1.1 document (the same text as `Display` writes).
    #[must_use]
    pub fn to_svg(&self) -> String {
        self.to_string()
    }

    /// The width of the margin, in the drawing's units.
    const fn margin(&self) -> u32 {
        if self.coordinates { MARGIN } else { 0 }
    }

    /// The column (0 at the left) and row (0 at the top) where `square` is drawn.
    const fn place(&self, square: Square) -> (u32, u32) {
        let (file, rank) = (square.file().index() as u32, square.rank().index() as u32);
        match self.orientation {
            Color::White => (file, 7 - rank),
            Color::Black => (7 - file, rank),
        }
    }

    /// The top left corner of `square`, in the board's units (the margin left out).
    const fn corner(&self, square: Square) -> (u32, u32) {
        let (column, row) = self.place(square);
        (column * SQUARE, row * SQUARE)
    }

    /// The centre of `square`, in the board's units.
    fn centre(&self, square: Square) -> (f32, f32) {
        let (x, y) = self.corner(square);
        let half = (SQUARE / 2) as f32;
        (x as f32 + half, y as f32 + half)
    }

    fn write_defs(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let theme = &self.theme;
        let on_board: Vec<Piece> = Piece::ALL
            .into_iter()
            .filter(|&piece| !self.board.by_piece(piece).is_empty())
            .collect();
        f.write_str("<defs>\n")?;
        for role in Role::ALL {
            if on_board.iter().any(|piece| piece.role() == role) {
                writeln!(
                    f,
                    r#"<g id="{}" {}>{}</g>"#,
                    pieces::shape_id(role),
                    pieces::SHAPE_STYLE,
                    pieces::parts(role)
                )?;
            }
        }
        for &piece in &on_board {
            // White: light fill, dark outline and lines; black: dark fill and outline, light
            // lines.
            let (fill, outline, lines) = match piece.color() {
                Color::White => (theme.white_piece, theme.black_piece, theme.black_piece),
                Color::Black => (theme.black_piece, theme.black_piece, theme.white_piece),
            };
            writeln!(
                f,
                r##"<use id="{}" xlink:href="#{}" fill="{fill}" stroke="{outline}" color="{lines}"{}/>"##,
                piece_id(piece),
                pieces::shape_id(piece.role()),
                Opacities(&[("fill", fill), ("stroke", outline)])
            )?;
        }
        if self.check.is_some() {
            let red = theme.check;
            writeln!(
                f,
                r#"<radialGradient id="check"><stop offset="0" stop-color="{red}" stop-opacity="{}"/><stop offset=".5" stop-color="{red}" stop-opacity="{}"/><stop offset="1" stop-color="{red}" stop-opacity="0"/></radialGradient>"#,
                red.opacity(),
                red.with_alpha(scale(red.a, 3, 5)).opacity(),
            )?;
        }
        if self.coordinates {
            for file in File::ALL {
                writeln!(
                    f,
                    r#"<path id="f{}" d="{}"/>"#,
                    file.char(),
                    glyphs::file(file)
                )?;
            }
            for rank in Rank::ALL {
                writeln!(
                    f,
                    r#"<path id="r{}" d="{}"/>"#,
                    rank.char(),
                    glyphs::rank(rank)
                )?;
            }
        }
        f.write_str("</defs>\n")
    }

    fn write_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let theme = &self.theme;
        writeln!(
            f,
            r#"<rect width="{BOARD}" height="{BOARD}" fill="{}"{}/>"#,
            theme.light,
            Opacities(&[("fill", theme.light)])
        )?;
        write!(
            f,
            r#"<path fill="{}"{} d=""#,
            theme.dark,
            Opacities(&[("fill", theme.dark)])
        )?;
        for square in squares().filter(|square| square.is_dark()) {
            let (x, y) = self.corner(square);
            write!(f, "M{x} {y}h{SQUARE}v{SQUARE}h-{SQUARE}z")?;
        }
        f.write_str("\"/>\n")?;
        if let Some((from, to)) = self.last_move {
            for square in [from, to] {
                let (x, y) = self.corner(square);
                writeln!(
                    f,
                    r#"<rect class="last-move {square}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{}"{}/>"#,
                    theme.last_move,
                    Opacities(&[("fill", theme.last_move)])
                )?;
            }
        }
        if let Some(king) = self.check {
            let (x, y) = self.corner(king);
            writeln!(
                f,
                r#"<rect class="check {king}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="url(#check)"/>"#
            )?;
        }
        for square in squares() {
            if let Some(piece) = self.board.piece_at(square) {
                let (x, y) = self.corner(square);
                writeln!(
                    f,
                    r##"<use xlink:href="#{}" x="{x}" y="{y}"/>"##,
                    piece_id(piece)
                )?;
            }
        }
        for arrow in &self.arrows {
            let color = arrow.color;
            if arrow.is_circle() {
                let (x, y) = self.centre(arrow.from);
                writeln!(
                    f,
                    r#"<circle class="circle {}" cx="{}" cy="{}" r="{}" fill="none" stroke="{color}" stroke-width="{RING}"{}/>"#,
                    arrow.from,
                    Num(x),
                    Num(y),
                    (SQUARE - RING) / 2 - 1,
                    Opacities(&[("stroke", color)])
                )?;
            } else {
                let corners = arrow::outline(self.centre(arrow.from), self.centre(arrow.to));
                write!(
                    f,
                    r#"<path class="arrow {}{}" fill="{color}"{} d="M"#,
                    arrow.from,
                    arrow.to,
                    Opacities(&[("fill", color)])
                )?;
                for (i, (x, y)) in corners.into_iter().enumerate() {
                    let space = if i == 0 { "" } else { " " };
                    write!(f, "{space}{} {}", Num(x), Num(y))?;
                }
                f.write_str("z\"/>\n")?;
            }
        }
        Ok(())
    }

    fn write_coordinates(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = self.theme.coordinates;
        writeln!(
            f,
            r#"<g fill="none" stroke="{color}" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round"{}>"#,
            Opacities(&[("stroke", color)])
        )?;
        // Each label centred on its file or rank, in the middle of the margin.
        let across = (MARGIN - glyphs::WIDTH) / 2;
        let down = MARGIN + BOARD + (MARGIN - glyphs::HEIGHT) / 2;
        for column in 0..8 {
            let file = match self.orientation {
                Color::White => File::ALL[column],
                Color::Black => File::ALL[7 - column],
            };
            let x = MARGIN + column as u32 * SQUARE + (SQUARE - glyphs::WIDTH) / 2;
            writeln!(
                f,
                r##"<use xlink:href="#f{}" x="{x}" y="{down}"/>"##,
                file.char()
            )?;
        }
        for row in 0..8 {
            let rank = match self.orientation {
                Color::White => Rank::ALL[7 - row],
                Color::Black => Rank::ALL[row],
            };
            let y = MARGIN + row as u32 * SQUARE + (SQUARE - glyphs::HEIGHT) / 2;
            writeln!(
                f,
                r##"<use xlink:href="#r{}" x="{across}" y="{y}"/>"##,
                rank.char()
            )?;
        }
        f.write_str("</g>\n")
    }
}

impl fmt::Display for Drawing<'_> {
    /// The SVG document, one element a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = BOARD + 2 * self.margin();
        writeln!(
            f,
            r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="{size}" height="{size}" viewBox="0 0 {side} {side}">"#,
            size = self.size
        )?;
        self.write_defs(f)?;
        if self.coordinates {
            let frame = self.theme.frame;
            writeln!(
                f,
                r#"<rect width="{side}" height="{side}" fill="{frame}"{}/>"#,
                Opacities(&[("fill", frame)])
            )?;
            writeln!(f, r#"<g transform="translate({MARGIN} {MARGIN})">"#)?;
            self.write_board(f)?;
            f.write_str("</g>\n")?;
            self.write_coordinates(f)?;
        } else {
            self.write_board(f)?;
        }
        f.write_str("</svg>\n")
    }
}

/// Every square, a1 to h8.
fn squares() -> impl Iterator<Item = Square> {
    (0..64).map(Square::from_index_masked)
}

/// The id of a piece's coloured shape in the `<defs>`: `wK`, `bN`.
fn piece_id(piece: Piece) -> PieceId {
    PieceId(piece)
}

/// See [`piece_id`].
struct PieceId(Piece);

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = if self.0.color().is_white() { 'w' } else { 'b' };
        f.write_char(side)?;
        f.write_char(self.0.role().upper_char())
    }
}

/// `value * numerator / denominator`, rounded down.
const fn scale(value: u8, numerator: u16, denominator: u16) -> u8 {
    (value as u16 * numerator / denominator) as u8
}

/// The opacity attributes (` fill-opacity=".8"`) of the colours that are not opaque.
struct Opacities<'a>(&'a [(&'a str, Rgba)]);

impl fmt::Display for Opacities<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (property, color) in self.0 {
            if !color.is_opaque() {
                write!(f, r#" {property}-opacity="{}""#, color.opacity())?;
            }
        }
        Ok(())
    }
}

/// A coordinate written with at most one decimal and no trailing zero (`450`, `461.3`).
struct Num(f32);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tenths = (self.0 * 10.0).round() as i64;
        let sign = if tenths < 0 { "-" } else { "" };
        let tenths = tenths.unsigned_abs();
        match tenths % 10 {
            0 => write!(f, "{sign}{}", tenths / 10),
            d => write!(f, "{sign}{}.{d}", tenths / 10),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_short() {
        assert_eq!(Num(450.0).to_string(), "450");
        assert_eq!(Num(461.34).to_string(), "461.3");
        assert_eq!(Num(0.04).to_string(), "0");
        assert_eq!(Num(-0.04).to_string(), "0");
        assert_eq!(Num(-12.25).to_string(), "-12.3");
    }

    #[test]
    fn squares_are_placed_by_orientation() {
        let board = Board::empty();
        let white = Drawing::new(&board);
        assert_eq!(white.corner(Square::A1), (0, 700));
        assert_eq!(white.corner(Square::H8), (700, 0));
        assert_eq!(white.corner(Square::E1), (400, 700));
        let black = Drawing::new(&board).orientation(Color::Black);
        assert_eq!(black.corner(Square::H8), (0, 700));
        assert_eq!(black.corner(Square::A1), (700, 0));
        assert_eq!(black.corner(Square::E1), (300, 0));
    }

    #[test]
    fn only_the_pieces_on_the_board_are_defined() {
        let mut board = Board::empty();
        board.put(Square::E8, Piece::BlackKing);
        board.put(Square::E1, Piece::WhiteKing);
        board.put(Square::H1, Piece::WhiteRook);
        let svg = Drawing::new(&board).to_svg();
        for defined in [
            r#"id="K""#,
            r#"id="R""#,
            r#"id="wK""#,
            r#"id="bK""#,
            r#"id="wR""#,
        ] {
            assert!(svg.contains(defined), "{defined}");
        }
        for absent in [r#"id="P""#, r#"id="bR""#, r#"id="Q""#, "radialGradient"] {
            assert!(!svg.contains(absent), "{absent}");
        }
        assert_eq!(svg.matches("<use xlink:href=\"#w").count(), 2);
    }
}
