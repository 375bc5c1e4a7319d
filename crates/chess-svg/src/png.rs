//! Rasterising a drawing to PNG with resvg (feature `png`).

use resvg::{tiny_skia, usvg};

use crate::Drawing;

/// Why a drawing could not be made into a PNG.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum PngError {
    /// The size is 0 or above [`Drawing::MAX_PNG_SIZE`].
    #[error("cannot make a png of {size}x{size} pixels: the size must be 1 to {max}", max = Drawing::MAX_PNG_SIZE)]
    Size {
        /// The size asked for.
        size: u32,
    },
    /// resvg could not read the SVG (a bug of this crate: its drawings are valid SVG).
    #[error("resvg cannot read the drawing: {message}")]
    Svg {
        /// resvg's reason.
        message: String,
    },
    /// The PNG encoder failed.
    #[error("cannot encode the png: {message}")]
    Encode {
        /// The encoder's reason.
        message: String,
    },
}

impl Drawing<'_> {
    /// The largest size [`to_png`](Drawing::to_png) makes (an image of 256 MiB in memory; a
    /// strip of pockets or checks makes it wider, by less than a fifth).
    pub const MAX_PNG_SIZE: u32 = 8192;

    /// The drawing as a PNG image of its [`dimensions`](Drawing::dimensions) in pixels (8-bit
    /// RGBA), rendered by resvg from [`to_svg`](Drawing::to_svg).
    ///
    /// ```
    /// use chess_core::Board;
    /// use chess_svg::Drawing;
    ///
    /// let board = Board::standard();
    /// let png = Drawing::new(&board).size(64).to_png()?;
    /// assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    /// // The width and height in the header.
    /// assert_eq!(png[16..24], [0, 0, 0, 64, 0, 0, 0, 64]);
    /// // With pockets, wider than high.
    /// let png = Drawing::new(&board).size(64).pockets(|_, _| 0).to_png()?;
    /// assert_eq!(png[16..24], [0, 0, 0, 76, 0, 0, 0, 64]);
    /// # Ok::<_, chess_svg::PngError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PngError::Size`] for a size of 0 or above [`MAX_PNG_SIZE`](Drawing::MAX_PNG_SIZE).
    pub fn to_png(&self) -> Result<Vec<u8>, PngError> {
        self.to_pixmap()?
            .encode_png()
            .map_err(|e| PngError::Encode {
                message: e.to_string(),
            })
    }

    /// The drawing rendered into pixels.
    fn to_pixmap(&self) -> Result<tiny_skia::Pixmap, PngError> {
        let size = self.pixels();
        if size > Drawing::MAX_PNG_SIZE {
            return Err(PngError::Size { size });
        }
        let (width, height) = self.dimensions();
        let mut pixmap = tiny_skia::Pixmap::new(width, height).ok_or(PngError::Size { size })?;
        let tree =
            usvg::Tree::from_str(&self.to_svg(), &usvg::Options::default()).map_err(|e| {
                PngError::Svg {
                    message: e.to_string(),
                }
            })?;
        // The document's width and height are the size: no scaling.
        resvg::render(
            &tree,
            tiny_skia::Transform::identity(),
            &mut pixmap.as_mut(),
        );
        Ok(pixmap)
    }
}
