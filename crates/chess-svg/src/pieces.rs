//! The piece drawings: one shape per role, drawn for this crate.
//!
//! Each shape stands in a 100 × 100 box (one square), on a plinth whose foot is at y = 86, and
//! is made of filled parts painted back to front. The parts take their fill and outline from
//! the element that uses the shape, and the inner lines (`currentColor`) from its `color`:
//!
//! - white pieces: light fill, dark outline, dark inner lines;
//! - black pieces: dark fill and outline, light inner lines that trace where the parts meet,
//!   so that the two sides differ in more than their colour.
//!
//! Inner lines follow the joints between parts, so on a white piece they fall on outline it
//! already has.
//!
//! The shapes are paths, rectangles and ellipses, never `<circle>` or `<line>`: in a drawing
//! those elements are the circles and arrows marked on the board, and only they (python-chess's
//! convention, which tests and style sheets rely on).

use core::fmt;

use chess_core::{Color, Piece, Role};

use crate::{Rgba, Theme};

/// The stroke every shape is drawn with, set once on its group.
pub(crate) const SHAPE_STYLE: &str =
    r#"stroke-width="3" stroke-linejoin="round" stroke-linecap="round""#;

/// The plinth the pieces but the pawn stand on: 52 wide, 8 high, rounded at the top (a macro,
/// so that `concat!` takes it).
macro_rules! plinth {
    () => {
        r#"<path d="M24 86v-4c0-2 1-4 4-4h44c3 0 4 2 4 4v4z"/>"#
    };
}

/// The parts of a role's shape, back to front, in its 100 × 100 box.
pub(crate) const fn parts(role: Role) -> &'static str {
    match role {
        Role::Pawn => concat!(
            // Body flaring down to the base, the base, the collar, the head.
            r#"<path d="M34 77C35 64 40 56 44 51h12c4 5 9 13 10 26z"/>"#,
            r#"<path d="M26 86c0-6 3-9 8-9h32c5 0 8 3 8 9z"/>"#,
            r#"<ellipse cx="50" cy="51" rx="13" ry="4.5"/>"#,
            r#"<path d="M37.5 34a12.5 12.5 0 1 0 25 0a12.5 12.5 0 1 0-25 0"/>"#,
            r#"<path fill="none" stroke="currentColor" stroke-width="2" d="M37 77h26M41 54.5q9 2 18 0M44 45q6 2.5 12 0"/>"#,
        ),
        Role::Knight => concat!(
            // Neck and head facing left: chest, jaw, muzzle, face, ear, mane.
            r#"<path d="M31 78C31 66 37 60 43 55C37 57 31 58 27 60C22 62 18 58 17 53C16 48 19 45 23 41C27 37 29 31 33 26L35 14L42 21C47 18 54 17 60 19C72 24 79 38 77 56L75 78z"/>"#,
            plinth!(),
            r#"<path fill="currentColor" stroke="none" d="M29.4 33a2.6 2.6 0 1 0 5.2 0a2.6 2.6 0 1 0-5.2 0"/>"#,
            r#"<path fill="none" stroke="currentColor" stroke-width="2" d="M21 50q2-2 4 0M20 56q4 1 7-1M52 23C63 26 70 37 70 52M31 78h38"/>"#,
        ),
        Role::Bishop => concat!(
            // Mitre with its ball, collar, plinth; the mitre's slit and a cross.
            r#"<path d="M44.5 20a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0-11 0"/>"#,
            r#"<path d="M37 70C30 60 31 44 50 25c19 19 20 35 13 45z"/>"#,
            r#"<rect x="35" y="69" width="30" height="9" rx="3"/>"#,
            plinth!(),
            r#"<path fill="none" stroke="currentColor" stroke-width="2.4" d="M57 38l-9 12M50 55v9M45.5 59.5h9"/>"#,
            r#"<path fill="none" stroke="currentColor" stroke-width="2" d="M39 69h22M30 78h40"/>"#,
        ),
        Role::Rook => concat!(
            // Tower, band, battlements, plinth.
            r#"<path d="M36 71l2-30h24l2 30z"/>"#,
            r#"<path d="M29 78v-7h42v7z"/>"#,
            r#"<path d="M29 41v-21h9v7h7.5v-7h9v7h7.5v-7h9v21z"/>"#,
            plinth!(),
            r#"<path fill="none" stroke="currentColor" stroke-width="2" d="M39 41h22M38 71h24M31 78h38"/>"#,
        ),
        Role::Queen => concat!(
            // Crown of five points on a flaring body, a ball on each point, plinth.
            r#"<path d="M29 78C32 70 34 61 33 53L21 25l13 13 3-21 8 17 5-21 5 21 8-17 3 21 13-13-12 28C66 61 68 70 71 78z"/>"#,
            r#"<path d="M16.5 24a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0M32.5 16a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0M45.5 12a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0M58.5 16a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0M74.5 24a4.5 4.5 0 1 0 9 0a4.5 4.5 0 1 0-9 0"/>"#,
            plinth!(),
            r#"<path fill="none" stroke="currentColor" stroke-width="2" d="M35 55q15 4 30 0M33 64q17 4 34 0M31 78h38"/>"#,
        ),
        Role::King => concat!(
            // Cross, dome, body, band, plinth.
            r#"<path d="M47 30v-7h-6v-6h6v-6h6v6h6v6h-6v7z"/>"#,
            r#"<path d="M38 40c0-8 5-12 12-12s12 4 12 12z"/>"#,
            r#"<path d="M30 78C32 64 35 54 37 47h26c2 7 5 17 7 31z"/>"#,
            r#"<rect x="33" y="39" width="34" height="8" rx="3"/>"#,
            plinth!(),
            r#"<path fill="none" stroke="currentColor" stroke-width="2" d="M40 39h20M39 47h22M34 66q16 4 32 0M31 78h38"/>"#,
        ),
    }
}

/// A role's name, as python-chess names it in its SVG ids and classes (`king`).
pub(crate) const fn role_name(role: Role) -> &'static str {
    match role {
        Role::Pawn => "pawn",
        Role::Knight => "knight",
        Role::Bishop => "bishop",
        Role::Rook => "rook",
        Role::Queen => "queen",
        Role::King => "king",
    }
}

/// A colour's name in the ids and classes of pieces (`white`).
pub(crate) const fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// The id of a role's shape in the `<defs>` of a drawing (`king-shape`).
pub(crate) struct ShapeId(pub(crate) Role);

impl fmt::Display for ShapeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-shape", role_name(self.0))
    }
}

/// The id of a coloured piece, as python-chess writes it (`white-king`): what the squares'
/// `<use>` elements refer to.
pub(crate) struct PieceId(pub(crate) Piece);

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = self.0;
        write!(
            f,
            "{}-{}",
            color_name(piece.color()),
            role_name(piece.role())
        )
    }
}

/// The classes of a coloured piece's definition, as python-chess writes them (`white king`),
/// for style sheets: `.white.king`, `.black`, `.pawn`.
pub(crate) struct PieceClass(pub(crate) Piece);

impl fmt::Display for PieceClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let piece = self.0;
        write!(
            f,
            "{} {}",
            color_name(piece.color()),
            role_name(piece.role())
        )
    }
}

/// The fill, outline and inner-line colours of a piece: white pieces light with a dark outline
/// and dark lines; black pieces dark, with light lines.
pub(crate) const fn paints(piece: Piece, theme: &Theme) -> (Rgba, Rgba, Rgba) {
    match piece.color() {
        Color::White => (theme.white_piece, theme.black_piece, theme.black_piece),
        Color::Black => (theme.black_piece, theme.black_piece, theme.white_piece),
    }
}
