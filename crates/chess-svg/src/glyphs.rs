//! The coordinate labels, drawn as strokes rather than text: a drawing then needs no font and
//! looks the same in every viewer and in its PNG.
//!
//! Each glyph stands in a box 10 wide whose baseline is at y = 18: digits and the tall letters
//! (b, d, f, h) reach up to y = 0, the others to y = 6, and the g hangs down to y = 24. The
//! digits 0 to 9 serve the ranks and the counts of pockets and checks.

use chess_core::{File, Rank};

/// The height of a digit, from its top to the baseline.
pub(crate) const HEIGHT: u32 = 18;
/// The width of every glyph.
pub(crate) const WIDTH: u32 = 10;

/// How the glyphs are stroked (their colour aside), set once on the element that holds them.
pub(crate) const STROKE: &str =
    r#"fill="none" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round""#;

/// The path of a label: a file's letter (`a` to `h`) or a rank's digit (`1` to `8`).
pub(crate) fn label(label: char) -> Option<&'static str> {
    File::from_char(label)
        .map(file)
        .or_else(|| Rank::from_char(label).map(rank))
}

/// A file's letter, as a path in its glyph box.
pub(crate) const fn file(file: File) -> &'static str {
    match file {
        File::A => "M10 7v11M10 12.5a5 5 0 1 0-10 0a5 5 0 1 0 10 0",
        File::B => "M0 0v18M0 12.5a5 5 0 1 1 10 0a5 5 0 1 1-10 0",
        File::C => "M9.5 8.8a5 5.2 0 1 0 0 7.4",
        File::D => "M10 0v18M10 12.5a5 5 0 1 0-10 0a5 5 0 1 0 10 0",
        File::E => "M.3 12.5h9.5a4.9 5 0 1 0-1.4 3.6",
        File::F => "M9 1.3Q7.7 0 6 0Q3 0 3 4v14M0 7.5h8",
        File::G => "M10 12a5 5 0 1 0-10 0a5 5 0 1 0 10 0M10 7v13q0 4-5 4q-3 0-4.4-2",
        File::H => "M0 0v18M0 12a5 5 0 0 1 10 0v6",
    }
}

/// A rank's digit, as a path in its glyph box.
pub(crate) const fn rank(rank: Rank) -> &'static str {
    digit(rank as u8 + 1)
}

/// A decimal digit (`0` to `9`; a larger number is taken modulo 10), as a path in its glyph
/// box: the 9 is the 6 turned upside down, the 0 an oval filling the box.
pub(crate) const fn digit(digit: u8) -> &'static str {
    match digit % 10 {
        0 => "M5 0a5 9 0 1 0 0 18a5 9 0 1 0 0-18",
        1 => "M1.5 4L6 0v18",
        2 => "M.3 5a4.85 4.85 0 0 1 9.7 0c0 4-10 8-10 13h10",
        3 => "M1 2.5a4.5 4.5 0 1 1 4 6.5a4.8 4.8 0 1 1-4.6 7.6",
        4 => "M7.5 18V0L0 12.5h10",
        5 => "M9.3 0H1.6L1 7.8a5.4 5.4 0 1 1-.8 8.3",
        6 => "M8.8.6C3 1.5 0 6.5 0 13M0 13a5 5 0 1 0 10 0a5 5 0 1 0-10 0",
        7 => "M0 0h10L3.5 18",
        8 => {
            "M5 0a4.2 4.2 0 1 0 0 8.4a4.2 4.2 0 1 0 0-8.4zM5 8.4a4.8 4.8 0 1 0 0 9.6a4.8 4.8 0 1 0 0-9.6z"
        }
        _ => "M10 5a5 5 0 1 0-10 0a5 5 0 1 0 10 0M10 5C10 11.5 7 16.5 1.2 17.4",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_drawn_with_their_digits() {
        for r in Rank::ALL {
            assert_eq!(rank(r), digit(r.char() as u8 - b'0'), "{r:?}");
        }
    }

    #[test]
    fn every_digit_has_its_own_path_in_the_box() {
        let paths: Vec<&str> = (0..10).map(digit).collect();
        for (i, path) in paths.iter().enumerate() {
            assert!(path.starts_with('M'), "{i}");
            assert!(!paths[..i].contains(path), "{i} repeats an earlier digit");
        }
        assert_eq!(digit(12), digit(2));
    }
}
