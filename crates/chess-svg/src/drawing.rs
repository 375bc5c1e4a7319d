//! The drawing of a board and what is marked on it, written as an SVG document.

use core::fmt::{self, Write as _};

use chess_core::{Bitboard, Board, Color, File, Piece, Rank, Role, Square};

use crate::arrow::{self, Arrow};
use crate::pieces::{self, PieceClass, PieceId, ShapeId};
use crate::rgba::Opacities;
use crate::{Rgba, Theme, fragments, glyphs};

/// The side of a square, in the drawing's own units.
const SQUARE: u32 = 100;
/// The side of the board.
const BOARD: u32 = 8 * SQUARE;
/// The width of the margin around the board that holds the coordinates, when it is drawn.
const MARGIN: u32 = 36;
/// The width of a border line.
const BORDER: u32 = 3;
/// The width of a circle's ring.
const RING: u32 = 8;
/// The width of the strip to the right of the board that holds the pockets and the checks
/// left, when either is drawn.
const STRIP: u32 = 160;
/// The space between the strip's edges and what it holds, and between a piece and its count.
const STRIP_PAD: u32 = 12;
/// The height of a row of the strip (a piece and its count), when the rows fit.
const ROW: u32 = 80;
/// The room for a count beside its piece: two digits at twice the coordinates' size.
const COUNT_WIDTH: u32 = 46;
/// How far apart the digits of a count stand, in the glyphs' units.
const DIGIT_STEP: u32 = glyphs::WIDTH + 3;
/// The radius of the rounded corners of the trays the strip's pieces stand on.
const TRAY_ROUNDING: u32 = 8;
/// The space between the two trays, when they fill the strip.
const TRAY_GAP: u32 = 6;
/// The opacity of a role a pocket holds none of.
const EMPTY_OPACITY: &str = ".3";

/// A picture of a board: the pieces, and optionally the coordinates, the last move, a king in
/// check, filled and crossed squares, arrows and circles. Built step by step, then written
/// with [`Drawing::to_svg`] (or `Display`), or rasterised with `to_png` (feature `png`).
///
/// The picture is a square of [`size`](Drawing::size) pixels (400 by default) with white at
/// the bottom, the coordinates in a margin around the board, and the default [`Theme`]. The
/// [pockets](Drawing::pockets) of Crazyhouse and the [checks left](Drawing::remaining_checks)
/// of Three-check widen it with a strip to the right: the height stays the size, and the
/// board is drawn as without them. The
/// SVG is a standalone SVG 1.1 document: every piece drawn once in its `<defs>` and placed with
/// `<use>`, the coordinates drawn as strokes (no fonts), nothing random or dated in it, so the
/// same drawing always gives the same bytes.
///
/// The document follows python-chess's conventions, which style sheets (see
/// [`style`](Drawing::style)) and tests rely on: the pieces are defined with the ids
/// `white-king` … `black-pawn` and the classes `white king` … `black pawn`; the squares have
/// the classes `square light` and `square dark` (those of the last move `square light
/// lastmove e2`), the king in check `check`; an arrow is a group of class `arrow` whose shaft
/// is the drawing's only kind of `<line>`, and a circle the only kind of `<circle>`.
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
/// assert!(svg.contains(r#"<use id="white-king" class="white king""#));
/// ```
#[derive(Clone, Debug)]
pub struct Drawing<'a> {
    board: &'a Board,
    orientation: Color,
    coordinates: bool,
    borders: bool,
    size: u32,
    responsive: bool,
    last_move: Option<(Square, Square)>,
    check: Option<Square>,
    fills: Vec<(Square, Rgba)>,
    crosses: Bitboard,
    arrows: Vec<Arrow>,
    /// The pockets' counts, by color and then by role (pawn to queen).
    pockets: Option<[[u8; 5]; 2]>,
    /// The checks each side has left to give, by color.
    checks: Option<[u8; 2]>,
    theme: Theme,
    style: Option<String>,
}

/// A row of the strip beside the board: the checks a side has left, or a role in its pocket;
/// with the count drawn.
#[derive(Copy, Clone, Debug)]
enum StripRow {
    Checks(u8),
    Pocket(Role, u8),
}

impl<'a> Drawing<'a> {
    /// The size of a drawing, in pixels, unless [`size`](Drawing::size) says otherwise.
    pub const DEFAULT_SIZE: u32 = 400;
    /// The side of a square in the document's units (those of its `viewBox`): the board is
    /// 800 units wide.
    pub const SQUARE_SIZE: u32 = SQUARE;
    /// The width of the margin that holds the coordinates, in the document's units.
    pub const MARGIN: u32 = MARGIN;
    /// The width of a border line ([`borders`](Drawing::borders)), in the document's units.
    pub const BORDER: u32 = BORDER;
    /// The width of the strip that holds the [pockets](Drawing::pockets) and the [checks
    /// left](Drawing::remaining_checks), in the document's units.
    pub const STRIP: u32 = STRIP;

    /// A drawing of `board` with white at the bottom, coordinates, nothing marked, at the
    /// default size and colours.
    #[must_use]
    pub fn new(board: &'a Board) -> Drawing<'a> {
        Drawing {
            board,
            orientation: Color::White,
            coordinates: true,
            borders: false,
            size: Drawing::DEFAULT_SIZE,
            responsive: false,
            last_move: None,
            check: None,
            fills: Vec::new(),
            crosses: Bitboard::EMPTY,
            arrows: Vec::new(),
            pockets: None,
            checks: None,
            theme: Theme::DEFAULT,
            style: None,
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

    /// Whether thin lines are drawn around the board and, with coordinates, around the whole
    /// picture (off by default), in the theme's [`inner_border`](Theme::inner_border) and
    /// [`outer_border`](Theme::outer_border) colours. Each line widens the picture by
    /// [`BORDER`](Drawing::BORDER) units on each side.
    #[must_use]
    pub fn borders(mut self, shown: bool) -> Drawing<'a> {
        self.borders = shown;
        self
    }

    /// The height of the picture in pixels (the board and its margin), and its width too
    /// unless a strip of [pockets](Drawing::pockets) or [checks](Drawing::remaining_checks)
    /// widens it (see [`dimensions`](Drawing::dimensions)).
    #[must_use]
    pub fn size(mut self, pixels: u32) -> Drawing<'a> {
        self.size = pixels;
        self.responsive = false;
        self
    }

    /// Leaves the width and height out of the document, so that the picture takes the size
    /// its viewer gives it (a web page's column, a notebook's cell), keeping its shape (square
    /// unless a strip widens it). A PNG is still made at [`size`](Drawing::size).
    #[must_use]
    pub fn responsive(mut self) -> Drawing<'a> {
        self.responsive = true;
        self
    }

    /// Highlights the two squares of the last move (for castling, the king's from and to;
    /// for a drop, one square: `from` and `to` the same).
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

    /// Fills `square` with `color`, over its own colour and the last move's (under the glow
    /// of a check and the pieces). Fills are laid in order: a later one over an earlier one.
    #[must_use]
    pub fn fill(mut self, square: Square, color: Rgba) -> Drawing<'a> {
        self.fills.push((square, color));
        self
    }

    /// Marks `square` with a cross, drawn over its piece.
    #[must_use]
    pub fn cross(self, square: Square) -> Drawing<'a> {
        self.crosses(Bitboard::from_square(square))
    }

    /// Marks every square of `squares` with a cross.
    #[must_use]
    pub fn crosses(mut self, squares: Bitboard) -> Drawing<'a> {
        self.crosses = Bitboard(self.crosses.0 | squares.0);
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

    /// Draws the pockets of Crazyhouse in a strip to the right of the board, the pieces each
    /// side holds to drop: `count(color, role)` says how many of `role` `color` holds (asked
    /// for the pawn to the queen; kings never enter a pocket).
    ///
    /// Each side's pocket shows the five roles, queen to pawn, each a piece with its count
    /// beside it; a role the side holds none of stays in its place, faded, with a 0, so that
    /// an empty pocket still shows and the pieces never move. The pocket of the side at the
    /// bottom (see [`orientation`](Drawing::orientation)) fills the lower half of the strip
    /// from the bottom up, the other the upper half from the top down. Each row is a group of
    /// class `pocket white queen` (and the like) holding a `<use>` of the piece and a group of
    /// class `count` holding the digits (`<use xlink:href="#n1"/>`, ids `n0` to `n9`); the
    /// pieces of each side stand on a tray (class `tray white`) of the light squares' colour.
    ///
    /// ```
    /// use chess_core::{Board, Color, Role};
    /// use chess_svg::Drawing;
    ///
    /// // White holds two knights, black a pawn.
    /// let board = Board::standard();
    /// let drawing = Drawing::new(&board).pockets(|color, role| match (color, role) {
    ///     (Color::White, Role::Knight) => 2,
    ///     (Color::Black, Role::Pawn) => 1,
    ///     _ => 0,
    /// });
    /// // The height is still the size; the strip widens the picture.
    /// assert_eq!(drawing.dimensions(), (473, 400));
    /// let svg = drawing.to_svg();
    /// assert!(svg.contains(r#"viewBox="0 0 1032 872""#));
    /// assert!(svg.contains(r##"<g class="pocket white knight"><use xlink:href="#white-knight""##));
    /// assert!(svg.contains(r#"<g class="pocket white queen" opacity=".3">"#));
    /// ```
    #[must_use]
    pub fn pockets(mut self, count: impl Fn(Color, Role) -> u8) -> Drawing<'a> {
        let mut counts = [[0; 5]; 2];
        for color in Color::ALL {
            for role in &Role::ALL[..5] {
                counts[color.index()][role.index()] = count(color, *role);
            }
        }
        self.pockets = Some(counts);
        self
    }

    /// Draws the checks each side has left to give in Three-check (3 each as a game starts, 0
    /// for a side that has won), in the strip the [pockets](Drawing::pockets) stand in: each
    /// side's king glowing as a king in check, with the number beside it, at the end of the side's half of the strip
    /// (white's at the bottom with white at the bottom), in a group of class `checks white`
    /// or `checks black`.
    ///
    /// ```
    /// use chess_core::Board;
    /// use chess_svg::Drawing;
    ///
    /// // White has given one check, black none.
    /// let board = Board::standard();
    /// let svg = Drawing::new(&board).remaining_checks(2, 3).to_svg();
    /// assert!(svg.contains(r#"<g class="checks white"><rect "#));
    /// assert!(svg.contains(r##"<use xlink:href="#white-king" transform="##));
    /// assert!(svg.contains(r#"<path id="n2""#));
    /// ```
    #[must_use]
    pub fn remaining_checks(mut self, white: u8, black: u8) -> Drawing<'a> {
        self.checks = Some([white, black]);
        self
    }

    /// The colours of the board and pieces.
    #[must_use]
    pub fn theme(mut self, theme: Theme) -> Drawing<'a> {
        self.theme = theme;
        self
    }

    /// A CSS style sheet, written into the document's `<style>` element: its rules apply over
    /// the drawing's own colours (for example `.square.dark { fill: #8ca2ad }`, or
    /// `.arrow { opacity: .5 }`; see [`Drawing`] for the ids and classes).
    #[must_use]
    pub fn style(mut self, css: impl Into<String>) -> Drawing<'a> {
        self.style = Some(css.into());
        self
    }

    /// The height of the picture in pixels: its [`size`](Drawing::size).
    #[inline]
    #[must_use]
    pub const fn pixels(&self) -> u32 {
        self.size
    }

    /// The width and height of the picture in pixels: a square of its
    /// [`size`](Drawing::size), or wider by the strip of the [pockets](Drawing::pockets) or
    /// the [checks left](Drawing::remaining_checks) (rounded to a whole pixel).
    ///
    /// ```
    /// use chess_core::Board;
    /// use chess_svg::Drawing;
    ///
    /// let board = Board::standard();
    /// assert_eq!(Drawing::new(&board).size(300).dimensions(), (300, 300));
    /// let drawing = Drawing::new(&board).coordinates(false).size(300);
    /// // The board 800 units high, the strip 160 wide beside it.
    /// assert_eq!(drawing.remaining_checks(3, 3).dimensions(), (360, 300));
    /// ```
    #[must_use]
    pub fn dimensions(&self) -> (u32, u32) {
        let (width, height) = self.view_box();
        let (size, width, height) = (u64::from(self.size), u64::from(width), u64::from(height));
        let wide = (size * width + height / 2) / height;
        (u32::try_from(wide).unwrap_or(u32::MAX), self.size)
    }

    /// The drawing as a standalone SVG 1.1 document (the same text as `Display` writes).
    #[must_use]
    pub fn to_svg(&self) -> String {
        self.to_string()
    }

    /// The widths around the board, from the outside in: the outer border, the margin that
    /// holds the coordinates, the inner border.
    const fn frame(&self) -> (u32, u32, u32) {
        let border = if self.borders { BORDER } else { 0 };
        if self.coordinates {
            (border, MARGIN, border)
        } else {
            (0, 0, border)
        }
    }

    /// Whether a strip of pockets or checks stands beside the board.
    const fn has_strip(&self) -> bool {
        self.pockets.is_some() || self.checks.is_some()
    }

    /// The width and height of the picture in the document's units.
    const fn view_box(&self) -> (u32, u32) {
        let side = BOARD + 2 * self.origin();
        let strip = if self.has_strip() { STRIP } else { 0 };
        (side + strip, side)
    }

    /// The rows of `color`'s half of the strip, from the picture's edge inwards: the checks
    /// left, then the pocket, queen to pawn.
    fn strip_rows(&self, color: Color) -> Vec<StripRow> {
        let mut rows = Vec::new();
        if let Some(checks) = self.checks {
            rows.push(StripRow::Checks(checks[color.index()]));
        }
        if let Some(pockets) = self.pockets {
            for role in [
                Role::Queen,
                Role::Rook,
                Role::Bishop,
                Role::Knight,
                Role::Pawn,
            ] {
                rows.push(StripRow::Pocket(role, pockets[color.index()][role.index()]));
            }
        }
        rows
    }

    /// Where the board starts, from the picture's top left corner.
    const fn origin(&self) -> u32 {
        let (outer, margin, inner) = self.frame();
        outer + margin + inner
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
        // The pieces on the board, in the pockets (all five roles, even those held by none),
        // and the kings of the checks left.
        let on_board: Vec<Piece> = Piece::ALL
            .into_iter()
            .filter(|&piece| {
                !self.board.by_piece(piece).is_empty()
                    || match piece.role() {
                        Role::King => self.checks.is_some(),
                        _ => self.pockets.is_some(),
                    }
            })
            .collect();
        f.write_str("<defs>\n")?;
        for role in Role::ALL {
            if on_board.iter().any(|piece| piece.role() == role) {
                writeln!(
                    f,
                    r#"<g id="{}" {}>{}</g>"#,
                    ShapeId(role),
                    pieces::SHAPE_STYLE,
                    pieces::parts(role)
                )?;
            }
        }
        for &piece in &on_board {
            let (fill, outline, lines) = pieces::paints(piece, theme);
            writeln!(
                f,
                r##"<use id="{}" class="{}" xlink:href="#{}" fill="{fill}" stroke="{outline}" color="{lines}"{}/>"##,
                PieceId(piece),
                PieceClass(piece),
                ShapeId(piece.role()),
                Opacities(&[("fill", fill), ("stroke", outline)])
            )?;
        }
        if self.crosses.any() {
            writeln!(f, "{}", fragments::cross(theme))?;
        }
        if self.check.is_some() || self.checks.is_some() {
            writeln!(f, "{}", fragments::check_gradient(theme))?;
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
        // The digits of the strip's counts, each once.
        let mut digits = [false; 10];
        for color in Color::ALL {
            for row in self.strip_rows(color) {
                let (StripRow::Checks(count) | StripRow::Pocket(_, count)) = row;
                for digit in count.to_string().bytes() {
                    digits[usize::from(digit - b'0')] = true;
                }
            }
        }
        for (digit, _) in digits.iter().enumerate().filter(|(_, used)| **used) {
            writeln!(
                f,
                r#"<path id="n{digit}" d="{}"/>"#,
                glyphs::digit(digit as u8)
            )?;
        }
        f.write_str("</defs>\n")
    }

    /// The margin and the border lines around the board, in the picture's units.
    fn write_frame(&self, f: &mut fmt::Formatter<'_>, side: u32) -> fmt::Result {
        let (outer, margin, inner) = self.frame();
        if outer > 0 {
            write_ring(f, 0, side, self.theme.outer_border)?;
        }
        if margin > 0 {
            let frame = self.theme.frame;
            if outer > 0 {
                write!(f, r#"<rect x="{outer}" y="{outer}""#)?;
            } else {
                f.write_str("<rect")?;
            }
            let width = side - 2 * outer;
            writeln!(
                f,
                r#" width="{width}" height="{width}" fill="{frame}"{}/>"#,
                Opacities(&[("fill", frame)])
            )?;
        }
        if inner > 0 {
            write_ring(
                f,
                outer + margin,
                BOARD + 2 * inner,
                self.theme.inner_border,
            )?;
        }
        Ok(())
    }

    fn write_board(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let theme = &self.theme;
        writeln!(
            f,
            r#"<rect class="square light" width="{BOARD}" height="{BOARD}" fill="{}"{}/>"#,
            theme.light,
            Opacities(&[("fill", theme.light)])
        )?;
        write!(
            f,
            r#"<path class="square dark" fill="{}"{} d=""#,
            theme.dark,
            Opacities(&[("fill", theme.dark)])
        )?;
        for square in squares().filter(|square| square.is_dark()) {
            let (x, y) = self.corner(square);
            write!(f, "M{x} {y}h{SQUARE}v{SQUARE}h-{SQUARE}z")?;
        }
        f.write_str("\"/>\n")?;
        if let Some((from, to)) = self.last_move {
            // A move onto the square it starts from (a drop) highlights it once.
            let squares = if from == to {
                &[to][..]
            } else {
                &[from, to][..]
            };
            for &square in squares {
                let (x, y) = self.corner(square);
                let (shade, color) = if square.is_light() {
                    ("light", theme.last_move_light)
                } else {
                    ("dark", theme.last_move_dark)
                };
                writeln!(
                    f,
                    r#"<rect class="square {shade} lastmove {square}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{color}"{}/>"#,
                    Opacities(&[("fill", color)])
                )?;
            }
        }
        for &(square, color) in &self.fills {
            let (x, y) = self.corner(square);
            writeln!(
                f,
                r#"<rect class="fill {square}" x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{color}"{}/>"#,
                Opacities(&[("fill", color)])
            )?;
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
                    PieceId(piece)
                )?;
            }
        }
        for square in squares().filter(|&square| self.crosses.contains(square)) {
            let (x, y) = self.corner(square);
            writeln!(f, r##"<use xlink:href="#xx" x="{x}" y="{y}"/>"##)?;
        }
        for arrow in &self.arrows {
            self.write_arrow(f, arrow)?;
        }
        Ok(())
    }

    /// An arrow, as a group of its shaft and head (drawn as one: a colour that is not opaque
    /// is the group's opacity, so the shaft does not show through the head); or a circle.
    fn write_arrow(&self, f: &mut fmt::Formatter<'_>, arrow: &Arrow) -> fmt::Result {
        let color = arrow.color;
        if arrow.is_circle() {
            let (x, y) = self.centre(arrow.from);
            return writeln!(
                f,
                r#"<circle class="circle {}" cx="{}" cy="{}" r="{}" fill="none" stroke="{color}" stroke-width="{RING}"{}/>"#,
                arrow.from,
                Num(x),
                Num(y),
                (SQUARE - RING) / 2 - 1,
                Opacities(&[("stroke", color)])
            );
        }
        let shape = arrow::shape(self.centre(arrow.from), self.centre(arrow.to));
        write!(
            f,
            r#"<g class="arrow {}{}" fill="{color}" stroke="{color}""#,
            arrow.from, arrow.to
        )?;
        if !color.is_opaque() {
            write!(f, r#" opacity="{}""#, color.opacity())?;
        }
        let [a, tip, b] = shape.head;
        writeln!(
            f,
            r#"><line x1="{}" y1="{}" x2="{}" y2="{}" stroke-width="{}"/><polygon stroke="none" points="{},{} {},{} {},{}"/></g>"#,
            Num(shape.tail.0),
            Num(shape.tail.1),
            Num(shape.shaft_end.0),
            Num(shape.shaft_end.1),
            Num(arrow::SHAFT_WIDTH),
            Num(a.0),
            Num(a.1),
            Num(tip.0),
            Num(tip.1),
            Num(b.0),
            Num(b.1),
        )
    }

    fn write_coordinates(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let color = self.theme.coordinates;
        writeln!(
            f,
            r#"<g {} stroke="{color}"{}>"#,
            glyphs::STROKE,
            Opacities(&[("stroke", color)])
        )?;
        // Each label centred on its file or rank, in the middle of the margin.
        let (outer, _, inner) = self.frame();
        let origin = self.origin();
        let across = outer + (MARGIN - glyphs::WIDTH) / 2;
        let down = origin + BOARD + inner + (MARGIN - glyphs::HEIGHT) / 2;
        for column in 0..8 {
            let file = match self.orientation {
                Color::White => File::ALL[column],
                Color::Black => File::ALL[7 - column],
            };
            let x = origin + column as u32 * SQUARE + (SQUARE - glyphs::WIDTH) / 2;
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
            let y = origin + row as u32 * SQUARE + (SQUARE - glyphs::HEIGHT) / 2;
            writeln!(
                f,
                r##"<use xlink:href="#r{}" x="{across}" y="{y}"/>"##,
                rank.char()
            )?;
        }
        f.write_str("</g>\n")
    }

    /// The strip to the right of the board, `side` units from the left: the top side's rows
    /// from the top of the board down, the bottom side's from its bottom up, each row as high
    /// as [`ROW`] or as half the board shared among a side's rows.
    fn write_strip(&self, f: &mut fmt::Formatter<'_>, side: u32) -> fmt::Result {
        let frame = self.theme.frame;
        writeln!(
            f,
            r#"<rect class="strip" x="{side}" width="{STRIP}" height="{side}" fill="{frame}"{}/>"#,
            Opacities(&[("fill", frame)])
        )?;
        let origin = self.origin();
        for (color, at_top) in [(!self.orientation, true), (self.orientation, false)] {
            let rows = self.strip_rows(color);
            let count = match u32::try_from(rows.len()) {
                Ok(0) | Err(_) => continue,
                Ok(count) => count,
            };
            let height = (BOARD / 2 / count).min(ROW);
            // The pieces stand on a tray of the light squares' colour, so that both sides'
            // show on it as on the board; the two trays part a little in the middle.
            let tray_height = count * height - TRAY_GAP / 2;
            let tray_y = if at_top {
                origin
            } else {
                origin + BOARD - tray_height
            };
            let light = self.theme.light;
            writeln!(
                f,
                r#"<rect class="tray {}" x="{}" y="{tray_y}" width="{height}" height="{}" rx="{TRAY_ROUNDING}" fill="{light}"{}/>"#,
                pieces::color_name(color),
                side + STRIP_PAD,
                tray_height,
                Opacities(&[("fill", light)])
            )?;
            for (i, &row) in (0..).zip(&rows) {
                let y = if at_top {
                    origin + i * height
                } else {
                    origin + BOARD - (i + 1) * height
                };
                self.write_strip_row(f, (side + STRIP_PAD, y), height, color, row)?;
            }
        }
        Ok(())
    }

    /// One row of the strip, one line of the document: a piece `height` units high with its
    /// top left corner `at`, and its count beside it.
    fn write_strip_row(
        &self,
        f: &mut fmt::Formatter<'_>,
        at: (u32, u32),
        height: u32,
        color: Color,
        row: StripRow,
    ) -> fmt::Result {
        let (x, y) = at;
        let (class, role, count) = match row {
            StripRow::Checks(count) => ("checks", Role::King, count),
            StripRow::Pocket(role, count) => ("pocket", role, count),
        };
        let color_name = pieces::color_name(color);
        write!(f, r#"<g class="{class} {color_name}"#)?;
        if let StripRow::Pocket(..) = row {
            write!(f, " {}", pieces::role_name(role))?;
        }
        f.write_char('"')?;
        if matches!(row, StripRow::Pocket(_, 0)) {
            write!(f, r#" opacity="{EMPTY_OPACITY}""#)?;
        }
        f.write_char('>')?;
        if let StripRow::Checks(_) = row {
            // The king glows as a king in check does on the board.
            write!(
                f,
                r#"<rect x="{x}" y="{y}" width="{height}" height="{height}" fill="url(#check)"/>"#
            )?;
        }
        let scale = height as f32 / SQUARE as f32;
        write!(
            f,
            r##"<use xlink:href="#{}" transform="translate({x} {y}) scale({scale})"/>"##,
            PieceId(Piece::new(color, role))
        )?;
        // The digits as large as fits the room: twice the coordinates' size for one or two.
        let digits = count.to_string();
        let len = digits.len() as u32;
        let natural = len * DIGIT_STEP - (DIGIT_STEP - glyphs::WIDTH);
        let scale = (COUNT_WIDTH as f32 / natural as f32).min(2.0);
        let text_x = x + height + STRIP_PAD;
        let text_y = y as f32 + (height as f32 - glyphs::HEIGHT as f32 * scale) / 2.0;
        let color = self.theme.coordinates;
        write!(
            f,
            r#"<g class="count" {} stroke="{color}"{} transform="translate({text_x} {}) scale({})">"#,
            glyphs::STROKE,
            Opacities(&[("stroke", color)]),
            Num(text_y),
            Num(scale)
        )?;
        for (i, digit) in (0..).zip(digits.chars()) {
            if i == 0 {
                write!(f, r##"<use xlink:href="#n{digit}"/>"##)?;
            } else {
                write!(
                    f,
                    r##"<use xlink:href="#n{digit}" x="{}"/>"##,
                    i * DIGIT_STEP
                )?;
            }
        }
        f.write_str("</g></g>\n")
    }
}

impl fmt::Display for Drawing<'_> {
    /// The SVG document, one element a line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let origin = self.origin();
        let side = BOARD + 2 * origin;
        let (width, height) = self.view_box();
        f.write_str(r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1""#)?;
        if !self.responsive {
            let (pixels_wide, pixels_high) = self.dimensions();
            write!(f, r#" width="{pixels_wide}" height="{pixels_high}""#)?;
        }
        writeln!(f, r#" viewBox="0 0 {width} {height}">"#)?;
        if let Some(css) = &self.style {
            writeln!(f, "<style>{}</style>", Escaped(css))?;
        }
        self.write_defs(f)?;
        self.write_frame(f, side)?;
        if origin > 0 {
            writeln!(f, r#"<g transform="translate({origin} {origin})">"#)?;
            self.write_board(f)?;
            f.write_str("</g>\n")?;
        } else {
            self.write_board(f)?;
        }
        if self.coordinates {
            self.write_coordinates(f)?;
        }
        if self.has_strip() {
            self.write_strip(f, side)?;
        }
        f.write_str("</svg>\n")
    }
}

/// A border line `width` wide on the outside, its outer edge `at` from the picture's top and
/// left: the stroke of a rectangle, centred on the middle of the line.
fn write_ring(f: &mut fmt::Formatter<'_>, at: u32, width: u32, color: Rgba) -> fmt::Result {
    let middle = Num(at as f32 + BORDER as f32 / 2.0);
    let length = width - BORDER;
    writeln!(
        f,
        r#"<rect x="{middle}" y="{middle}" width="{length}" height="{length}" fill="none" stroke="{color}" stroke-width="{BORDER}"{}/>"#,
        Opacities(&[("stroke", color)])
    )
}

/// Every square, a1 to h8.
fn squares() -> impl Iterator<Item = Square> {
    (0..64).map(Square::from_index_masked)
}

/// Text written as XML character data: `&`, `<` and `>` escaped.
struct Escaped<'a>(&'a str);

impl fmt::Display for Escaped<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.0.chars() {
            match c {
                '&' => f.write_str("&amp;")?,
                '<' => f.write_str("&lt;")?,
                '>' => f.write_str("&gt;")?,
                c => f.write_char(c)?,
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
            r#"id="king-shape""#,
            r#"id="rook-shape""#,
            r#"<use id="white-king" class="white king""#,
            r#"<use id="black-king" class="black king""#,
            r#"<use id="white-rook" class="white rook""#,
        ] {
            assert!(svg.contains(defined), "{defined}");
        }
        for absent in [
            "pawn",
            "black-rook",
            "queen",
            "radialGradient",
            r#"id="xx""#,
        ] {
            assert!(!svg.contains(absent), "{absent}");
        }
        assert_eq!(svg.matches("<use xlink:href=\"#white-").count(), 2);
    }

    #[test]
    fn circles_and_lines_are_the_marks_and_nothing_else() {
        // Every piece on the board, no marks: neither element (python-chess's tests look
        // for them to tell circles from arrows).
        let board = Board::standard();
        let svg = Drawing::new(&board).check(Square::E1).to_svg();
        assert!(!svg.contains("<circle"));
        assert!(!svg.contains("<line"));
        let svg = Drawing::new(&board)
            .arrow(Square::A1, Square::H8, Rgba::GREEN)
            .to_svg();
        assert!(!svg.contains("<circle"));
        assert_eq!(svg.matches("<line").count(), 1);
        let svg = Drawing::new(&board)
            .circle(Square::A1, Rgba::GREEN)
            .to_svg();
        assert_eq!(svg.matches("<circle").count(), 1);
        assert!(!svg.contains("<line"));
    }

    #[test]
    fn style_sheets_are_escaped_as_character_data() {
        let board = Board::empty();
        let svg = Drawing::new(&board)
            .style("g > .arrow { opacity: .5 } /* & */")
            .to_svg();
        assert!(svg.contains("<style>g &gt; .arrow { opacity: .5 } /* &amp; */</style>\n<defs>"));
    }
}
