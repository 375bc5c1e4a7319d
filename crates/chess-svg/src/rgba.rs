//! Colours with opacity, written as SVG 1.1 writes them.

use core::fmt;
use core::str::FromStr;

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
///
/// A colour reads from CSS's hexadecimal forms (`#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`) and
/// its named colours:
///
/// ```
/// use chess_svg::Rgba;
///
/// assert_eq!("#15781B80".parse(), Ok(Rgba::rgb(0x15, 0x78, 0x1b).with_alpha(0x80)));
/// assert_eq!("#f80".parse(), Ok(Rgba::rgb(0xff, 0x88, 0x00)));
/// assert_eq!("Purple".parse(), Ok(Rgba::rgb(0x80, 0x00, 0x80)));
/// assert!("#12345".parse::<Rgba>().is_err());
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

impl FromStr for Rgba {
    type Err = ParseRgbaError;

    /// `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (hexadecimal digits in either case; a
    /// missing alpha is opaque), or a CSS colour name (`red`, `transparent`), as CSS reads
    /// them.
    fn from_str(text: &str) -> Result<Rgba, ParseRgbaError> {
        let error = || ParseRgbaError {
            text: text.to_owned(),
        };
        let Some(hex) = text.strip_prefix('#') else {
            return crate::named::named(text)
                .map(|[r, g, b, a]| Rgba::rgb(r, g, b).with_alpha(a))
                .ok_or_else(error);
        };
        if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(error());
        }
        let digit = |i: usize| u8::from_str_radix(&hex[i..=i], 16).unwrap_or(0);
        let pair = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0);
        match hex.len() {
            3 | 4 => {
                let channel = |i: usize| digit(i) * 17;
                let a = if hex.len() == 4 { channel(3) } else { 255 };
                Ok(Rgba::rgb(channel(0), channel(1), channel(2)).with_alpha(a))
            }
            6 | 8 => {
                let a = if hex.len() == 8 { pair(6) } else { 255 };
                Ok(Rgba::rgb(pair(0), pair(2), pair(4)).with_alpha(a))
            }
            _ => Err(error()),
        }
    }
}

/// A text that is not a colour ([`Rgba`]'s `FromStr`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseRgbaError {
    text: String,
}

impl fmt::Display for ParseRgbaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid colour {:?}: expected #rgb, #rgba, #rrggbb, #rrggbbaa or a css colour name",
            self.text
        )
    }
}

impl std::error::Error for ParseRgbaError {}

/// The opacity attributes (` fill-opacity=".8"`) of the colours that are not opaque, each
/// named by the property it goes with.
pub(crate) struct Opacities<'a>(pub(crate) &'a [(&'a str, Rgba)]);

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
    fn colours_parse_from_css_hex_and_names() {
        let parse = |text: &str| text.parse::<Rgba>();
        assert_eq!(parse("#000aff"), Ok(Rgba::rgb(0, 0x0a, 0xff)));
        assert_eq!(parse("#FFCE9E"), Ok(Rgba::rgb(0xff, 0xce, 0x9e)));
        assert_eq!(
            parse("#cc0000cc"),
            Ok(Rgba::rgb(0xcc, 0, 0).with_alpha(0xcc))
        );
        assert_eq!(parse("#abc"), Ok(Rgba::rgb(0xaa, 0xbb, 0xcc)));
        assert_eq!(
            parse("#abc8"),
            Ok(Rgba::rgb(0xaa, 0xbb, 0xcc).with_alpha(0x88))
        );
        assert_eq!(parse("red"), Ok(Rgba::rgb(0xff, 0, 0)));
        assert_eq!(parse("transparent").map(|c| c.a), Ok(0));
        for bad in [
            "",
            "#",
            "#12",
            "#12345",
            "#1234567",
            "#123456789",
            "#ggg",
            "#+12",
            "nocolour",
            "ff0000",
        ] {
            let error = parse(bad).unwrap_err();
            assert_eq!(
                error.to_string(),
                format!(
                    "invalid colour {bad:?}: expected #rgb, #rgba, #rrggbb, #rrggbbaa or a css colour name"
                )
            );
        }
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
