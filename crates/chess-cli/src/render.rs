//! Drawing the board in a terminal: the boxed grid, in ASCII or with Unicode pieces and colours.

use std::io::IsTerminal;

use chess_core::{Bitboard, Board, Color, File, Piece, Rank, Square};

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
const LIGHT: &str = "\x1b[48;5;180m";
const DARK: &str = "\x1b[48;5;137m";
const MARK_LIGHT: &str = "\x1b[48;5;150m";
const MARK_DARK: &str = "\x1b[48;5;107m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;30m";

/// Draws `board` in `style`, with the squares of `marks` highlighted (`hint`).
pub fn draw(board: &Board, style: Style, marks: Bitboard) -> String {
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
                    marks.contains(sq),
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

fn unicode_cell(piece: Option<Piece>, sq: Square, marked: bool, color: bool) -> String {
    let glyph = match piece {
        // With colours, the filled glyphs read best for both sides; the colour tells them apart.
        Some(p) if color => Piece::new(Color::Black, p.role()).unicode(),
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
    let background = match (marked, sq.is_light()) {
        (false, true) => LIGHT,
        (false, false) => DARK,
        (true, true) => MARK_LIGHT,
        (true, false) => MARK_DARK,
    };
    let foreground = match piece.map(Piece::color) {
        Some(Color::White) => WHITE_PIECE,
        _ => BLACK_PIECE,
    };
    format!("{background}{foreground} {glyph} {RESET}")
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
}
