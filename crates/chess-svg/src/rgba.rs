//! Colours with opacity, written as SVG 1.1 writes them.

use core::fmt;

/// A colour with its opacity: red, green, blue and alpha, 0 to 255 each (alpha 255 is
/// opaque).
///
/// SVG 1.1 has no alpha in colour values, so a drawing writes the colour as `#rrggbb` (this
/// type's `Display`) and the alpha as an opacity attribute beside it.
///
/// The four mark colours are those of the `[%cal]` and `[%csl]` comment commands of PGN, as
/// Lichess and ChessBase draw their `G`, `R`, `Y` and `B` arrows and circles: strong colours, a
/// little transparent so that the pieces under them show.
///
/// ```
/// use chess_svg::Rgba;
///
/// let orange = Rgba::rgb(0xff, 0x80, 0x00);
/// assert_eq!(orange.to_string(), "#ff8000");
/// assert!(orange.is_opaque());
/// assert!(!Rgba::GREEN.is_opaque());
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rgba {
    /// Red, 0 to 255.
    pub r: u8,
    /// Green, 0 to 255.
    pub g: u8,
    /// Blue, 0 to 255.
    pub b: u8,
    /// Opacity, 0 (transparent) to 255 (opaque).
    pub a: u8,
}

impl Rgba {
    /// The green of `G` marks.
    pub const GREEN: Rgba = Rgba::rgb(0x1d, 0x8a, 0x3a).with_alpha(0xcc);
    /// The red of `R` marks.
    pub const RED: Rgba = Rgba::rgb(0xcc, 0x22, 0x22).with_alpha(0xcc);
    /// The yellow of `Y` marks.
    pub const YELLOW: Rgba = Rgba::rgb(0xe8, 0xa8, 0x00).with_alpha(0xcc);
    /// The blue of `B` marks.
    pub const BLUE: Rgba = Rgba::rgb(0x1e, 0x5f, 0xc8).with_alpha(0xcc);

    /// An opaque colour.
    #[inline]
    #[must_use]
    pub const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
        Rgba { r, g, b, a: 255 }
    }

    /// The same colour with opacity `a` (0 transparent, 255 opaque).
    #[inline]
    #[must_use]
    pub const fn with_alpha(self, a: u8) -> Rgba {
        Rgba { a, ..self }
    }

    /// Whether the colour hides what is under it.
    #[inline]
    #[must_use]
    pub const fn is_opaque(self) -> bool {
        self.a == 255
    }

    /// The opacity as SVG writes it: `0` to `1`, with at most three decimals and no leading
    /// zero (`.8`).
    pub(crate) const fn opacity(self) -> Opacity {
        Opacity(self.a)
    }
}

impl fmt::Display for Rgba {
    /// `#rrggbb`, in lowercase; the alpha is not part of it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{:02x}{:02x}{:02x}", self.r, self.g, self.b)
    }
}

/// An alpha written as an SVG opacity (see [`Rgba::opacity`]).
#[derive(Copy, Clone, Debug)]
pub(crate) struct Opacity(u8);

impl fmt::Display for Opacity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            0 => f.write_str("0"),
            255 => f.write_str("1"),
            a => {
                // Thousandths, rounded; 1..=254 gives 4..=996, never 0 or 1000.
                let thousandths = (u32::from(a) * 1000 + 127) / 255;
                let digits = format!("{thousandths:03}");
                write!(f, ".{}", digits.trim_end_matches('0'))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colours_and_opacities_are_written_as_svg_1_1_reads_them() {
        assert_eq!(Rgba::rgb(0, 0x0a, 0xff).to_string(), "#000aff");
        assert_eq!(Rgba::rgb(1, 2, 3).with_alpha(0).opacity().to_string(), "0");
        assert_eq!(Rgba::rgb(1, 2, 3).opacity().to_string(), "1");
        assert_eq!(Rgba::GREEN.opacity().to_string(), ".8");
        assert_eq!(Rgba::GREEN.with_alpha(128).opacity().to_string(), ".502");
        assert_eq!(Rgba::GREEN.with_alpha(1).opacity().to_string(), ".004");
        assert_eq!(Rgba::GREEN.with_alpha(254).opacity().to_string(), ".996");
    }

    #[test]
    fn the_four_mark_colours_differ() {
        let marks = [Rgba::GREEN, Rgba::RED, Rgba::YELLOW, Rgba::BLUE];
        for (i, a) in marks.iter().enumerate() {
            for b in &marks[i + 1..] {
                assert_ne!(a, b);
            }
        }
    }
}
