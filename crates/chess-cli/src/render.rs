//! Drawing the board in a terminal: the boxed grid, in ASCII or with Unicode pieces and colours.

use std::io::IsTerminal;

use chess_core::{Bitboard, Board, Color, File, Piece, Rank, Square};
use chess_rules::variant::{Playable, Pockets};

/// The lines a variant adds below its board: the pockets of Crazyhouse (`Pockets: white QN,
/// black pp`) and the checks left to give in Three-check (`Checks left: white 3, black 2`);
/// nothing for the others.
pub fn variant_lines<P: Playable>(pos: &P) -> String {
    let mut lines = String::new();
    if let Some(pockets) = pos.pockets() {
        let side = |color: Color| {
            let pieces: String = Pockets::ROLES
                .iter()
                .flat_map(|&role| {
                    let c = Piece::new(color, role).char();
                    std::iter::repeat_n(c, usize::from(pockets.count(color, role)))
                })
                .collect();
            if pieces.is_empty() {
                "-".to_owned()
            } else {
                pieces
            }
        };
        lines.push_str(&format!(
            "Pockets: white {}, black {}\n",
            side(Color::White),
            side(Color::Black)
        ));
    }
    if let Some(checks) = pos.remaining_checks() {
        lines.push_str(&format!(
            "Checks left: white {}, black {}\n",
            checks.get(Color::White),
            checks.get(Color::Black)
        ));
    }
    lines
}

/// How to draw a board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Style {
    /// Unicode box drawing and piece symbols (else ASCII with `WP`…`BK` labels).
    pub unicode: bool,
    /// ANSI colours for the squares.
    pub color: bool,
    /// Black at the bottom.
    pub flipped: bool,
}

impl Style {
    /// Plain ASCII, white at the bottom.
    pub const ASCII: Style = Style {
        unicode: false,
        color: false,
        flipped: false,
    };

    /// What the terminal supports: Unicode when the locale is UTF-8 and stdout a terminal that
    /// is not dumb, then colours unless `NO_COLOR` is set; plain ASCII (the library's grid)
    /// otherwise, or when `ascii`.
    pub fn detect(ascii: bool) -> Style {
        if ascii {
            return Style::ASCII;
        }
        let terminal = std::io::stdout().is_terminal();
        let term = std::env::var("TERM").unwrap_or_default();
        let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.is_empty())
            .is_some_and(|v| {
                v.to_ascii_uppercase().contains("UTF-8") || v.to_ascii_uppercase().contains("UTF8")
            });
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
        let unicode = terminal && utf8 && term != "dumb";
        Style {
            unicode,
            // Plain text stays plain: colours come with the Unicode board only.
            color: unicode && !no_color && !term.is_empty(),
            flipped: false,
        }
    }
}

const RESET: &str = "\x1b[0m";

// The squares' colours (xterm's 256-colour palette). Each background's luminance lies between
// 0.10 and 0.30, where both white and black pieces stand out from it by 3:1 or more (WCAG's
// contrast ratio; a test computes it): white pieces on the old light squares were about 2:1.
/// Light squares: #af875f.
const LIGHT: u8 = 137;
/// Dark squares: #875f5f.
const DARK: u8 = 95;
/// Squares marked by `hint`: #5f875f, #5f5f5f.
const MARK_LIGHT: u8 = 65;
const MARK_DARK: u8 = 59;
/// The last move's squares: #af8700, #875f00.
const LAST_LIGHT: u8 = 136;
const LAST_DARK: u8 = 94;
/// A king in check: #af5f5f.
const CHECK: u8 = 131;
/// Piece colours: bright white (#ffffff) and black (#000000).
const WHITE_PIECE: u8 = 231;
const BLACK_PIECE: u8 = 16;

/// What to highlight on a board besides its pieces.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Highlights {
    /// Squares marked by `hint` (the moves of a piece).
    pub marks: Bitboard,
    /// The squares of the last move.
    pub last_move: Bitboard,
    /// The square of a king in check.
    pub check: Option<Square>,
}

/// Draws `board` in `style`, with the squares of `marks` highlighted (`hint`).
pub fn draw(board: &Board, style: Style, marks: Bitboard) -> String {
    draw_with(
        board,
        style,
        Highlights {
            marks,
            ..Highlights::default()
        },
    )
}

/// Draws `board` in `style` with `highlights`: in colour, the marked squares, the last move
/// and a king in check each have a background of their own.
pub fn draw_with(board: &Board, style: Style, highlights: Highlights) -> String {
    let marks = highlights.marks;
    let ranks: Vec<Rank> = if style.flipped {
        Rank::ALL.to_vec()
    } else {
        Rank::ALL.into_iter().rev().collect()
    };
    let files: Vec<File> = if style.flipped {
        File::ALL.into_iter().rev().collect()
    } else {
        File::ALL.to_vec()
    };
    let mut out = String::new();
    if style.unicode {
        let rule = |left: &str, mid: &str, right: &str| {
            format!("  {left}{}{right}\n", ["───"; 8].join(mid))
        };
        out.push_str(&rule("┌", "┬", "┐"));
        for (i, &rank) in ranks.iter().enumerate() {
            out.push(rank.char());
            out.push_str(" │");
            for &file in &files {
                let sq = Square::new(file, rank);
                out.push_str(&unicode_cell(
                    board.piece_at(sq),
                    sq,
                    &highlights,
                    style.color,
                ));
                out.push('│');
            }
            out.push('\n');
            if i < 7 {
                out.push_str(&rule("├", "┼", "┤"));
            }
        }
        out.push_str(&rule("└", "┴", "┘"));
        out.push_str("   ");
        for &file in &files {
            out.push(' ');
            out.push(file.char());
            out.push_str("  ");
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    } else {
        // Plain text is the library's grid.
        let grid = board.boxed().flipped(style.flipped).marked(marks);
        out.push_str(&grid.to_string());
    }
    out
}

/// The background of `sq` under `highlights`.
fn background(sq: Square, highlights: &Highlights) -> u8 {
    let light = sq.is_light();
    if highlights.check == Some(sq) {
        CHECK
    } else if highlights.marks.contains(sq) {
        if light { MARK_LIGHT } else { MARK_DARK }
    } else if highlights.last_move.contains(sq) {
        if light { LAST_LIGHT } else { LAST_DARK }
    } else if light {
        LIGHT
    } else {
        DARK
    }
}

fn unicode_cell(piece: Option<Piece>, sq: Square, highlights: &Highlights, color: bool) -> String {
    let marked = highlights.marks.contains(sq);
    // White pieces in outline, black ones filled: told apart by shape as well as by colour.
    let glyph = match piece {
        Some(p) => p.unicode(),
        None if marked => '·',
        None => ' ',
    };
    if !color {
        return if marked && piece.is_some() {
            format!("({glyph})").chars().take(3).collect()
        } else {
            format!(" {glyph} ")
        };
    }
    let foreground = match piece.map(Piece::color) {
        Some(Color::White) => WHITE_PIECE,
        _ => BLACK_PIECE,
    };
    format!(
        "\x1b[48;5;{}m\x1b[1;38;5;{foreground}m {glyph} {RESET}",
        background(sq, highlights)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_matches_the_core_display() {
        let board = Board::standard();
        assert_eq!(
            draw(&board, Style::ASCII, Bitboard::EMPTY),
            board.to_string()
        );
    }

    #[test]
    fn flipped_puts_black_at_the_bottom() {
        let text = draw(
            &Board::standard(),
            Style {
                flipped: true,
                ..Style::ASCII
            },
            Bitboard::EMPTY,
        );
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[1].starts_with("1 | WR | WN | WB | WK | WQ |"));
        assert_eq!(
            lines.last().unwrap().trim(),
            "h    g    f    e    d    c    b    a"
        );
    }

    #[test]
    fn marks() {
        let marks = Bitboard::from(Square::E4) | Square::E2;
        let text = draw(&Board::standard(), Style::ASCII, marks);
        assert!(text.contains("| ** |"));
        assert!(text.contains("(WP)"));
        let unicode = draw(
            &Board::standard(),
            Style {
                unicode: true,
                ..Style::ASCII
            },
            marks,
        );
        assert!(unicode.contains('♔') && unicode.contains('·'));
    }

    /// The sRGB colour of an xterm 256-colour palette entry (the 6×6×6 cube and the greys).
    fn rgb(index: u8) -> [u8; 3] {
        match index {
            16..=231 => {
                let level = |n: u8| if n == 0 { 0 } else { 55 + 40 * n };
                let i = index - 16;
                [level(i / 36), level(i / 6 % 6), level(i % 6)]
            }
            232..=255 => [8 + 10 * (index - 232); 3],
            _ => panic!("a basic colour: {index}"),
        }
    }

    /// WCAG's relative luminance.
    fn luminance(index: u8) -> f64 {
        let linear = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.039_28 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = rgb(index);
        0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    }

    fn contrast(a: u8, b: u8) -> f64 {
        let (a, b) = (luminance(a), luminance(b));
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }

    #[test]
    fn both_sides_stand_out_on_every_square_colour() {
        assert_eq!(rgb(137), [175, 135, 95]);
        assert_eq!(rgb(231), [255, 255, 255]);
        for background in [
            LIGHT, DARK, MARK_LIGHT, MARK_DARK, LAST_LIGHT, LAST_DARK, CHECK,
        ] {
            for piece in [WHITE_PIECE, BLACK_PIECE] {
                let ratio = contrast(background, piece);
                assert!(ratio >= 3.0, "piece {piece} on {background}: {ratio:.2}:1");
            }
        }
        // Light and dark squares are told apart.
        assert!(contrast(LIGHT, DARK) > 1.5);
    }

    #[test]
    fn the_last_move_and_a_king_in_check_have_backgrounds_of_their_own() {
        let style = Style {
            unicode: true,
            color: true,
            flipped: false,
        };
        let highlights = Highlights {
            marks: Bitboard::EMPTY,
            last_move: Bitboard::from(Square::G1) | Square::F3,
            check: Some(Square::E8),
        };
        let text = draw_with(&Board::standard(), style, highlights);
        let cell = |bg: u8| format!("\x1b[48;5;{bg}m");
        // g1 is dark, f3 light: one of each of the last move's colours.
        assert_eq!(text.matches(&cell(LAST_LIGHT)).count(), 1);
        assert_eq!(text.matches(&cell(LAST_DARK)).count(), 1);
        assert_eq!(text.matches(&cell(CHECK)).count(), 1);
        // White in outline, black filled.
        assert!(
            text.contains('♔') && text.contains('♚') && text.contains('♙') && text.contains('♟')
        );
    }
}
