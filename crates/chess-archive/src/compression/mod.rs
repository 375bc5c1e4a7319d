//! Compressed input recognised by its content (feature `compression`): zstd (including the
//! multi-frame files `pzstd` writes, such as the Lichess database's), gzip and bzip2, or plain
//! text, told apart by their first bytes rather than by a file name.
//!
//! ```
//! use std::io::Read;
//! use chess_archive::compression::{self, Compression};
//!
//! let pgn = b"1. e4 e5 *\n";
//! let compressed = zstd::encode_all(&pgn[..], 3)?;
//! let (format, mut reader) = compression::decompress(&compressed[..])?;
//! assert_eq!(format, Compression::Zstd);
//! let mut text = String::new();
//! reader.read_to_string(&mut text)?;
//! assert_eq!(text.as_bytes(), pgn);
//!
//! // Plain text comes through as it is.
//! let (format, _) = compression::decompress(&pgn[..])?;
//! assert_eq!(format, Compression::Plain);
//! # Ok::<_, std::io::Error>(())
//! ```
//!
//! A corrupt or cut stream is an [`io::Error`] that names the format and the compressed byte
//! offset reached (`corrupt zstd stream at compressed byte 1 048 576: …`); everything
//! decompressed before it has been handed out. A zstd frame that asks for a window larger than
//! [`MAX_WINDOW_LOG`] allows (128 MiB, what `zstd --long` uses) is refused with a
//! [`WindowTooLarge`] error, before the decoder allocates it.

mod read_ahead;
pub mod zstd_frames;
mod zstd_header;
mod zstd_stream;

pub use read_ahead::ReadAhead;
pub use zstd_header::{MAX_WINDOW_LOG, WindowTooLarge};

use core::fmt;
use std::io::{self, BufRead, BufReader, Read};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How a stream is compressed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Compression {
    /// Not compressed (or not in a format recognised here).
    Plain,
    /// Zstandard: one frame or many (`pzstd`'s skippable frames included).
    Zstd,
    /// gzip, one member or many.
    Gzip,
    /// bzip2, one stream or many.
    Bzip2,
}

impl Compression {
    /// The most bytes [`Compression::detect`] looks at.
    pub const MAGIC_LEN: usize = 4;

    /// The format whose magic bytes start `prefix` (at least [`Compression::MAGIC_LEN`] bytes of
    /// the stream, fewer only when the stream is that short).
    ///
    /// ```
    /// use chess_archive::compression::Compression;
    ///
    /// assert_eq!(Compression::detect(&[0x28, 0xb5, 0x2f, 0xfd]), Compression::Zstd);
    /// assert_eq!(Compression::detect(&[0x50, 0x2a, 0x4d, 0x18]), Compression::Zstd); // a skippable frame
    /// assert_eq!(Compression::detect(&[0x1f, 0x8b, 0x08, 0x00]), Compression::Gzip);
    /// assert_eq!(Compression::detect(b"BZh9"), Compression::Bzip2);
    /// assert_eq!(Compression::detect(b"[Eve"), Compression::Plain);
    /// ```
    #[must_use]
    pub fn detect(prefix: &[u8]) -> Compression {
        match prefix {
            [0x28, 0xb5, 0x2f, 0xfd, ..] => Compression::Zstd,
            // Skippable frames: 0x184D2A50 to 0x184D2A5F, little-endian.
            [m, 0x2a, 0x4d, 0x18, ..] if m & 0xf0 == 0x50 => Compression::Zstd,
            [0x1f, 0x8b, ..] => Compression::Gzip,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            _ => Compression::Plain,
        }
    }

    /// The format's usual name: `plain`, `zstd`, `gzip`, `bzip2`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Compression::Plain => "plain",
            Compression::Zstd => "zstd",
            Compression::Gzip => "gzip",
            Compression::Bzip2 => "bzip2",
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `input`, decompressing it if its first bytes say it is compressed.
///
/// # Errors
///
/// The error of reading the first bytes, or of setting up the decoder.
pub fn decompress<'a, R: Read + Send + 'a>(
    input: R,
) -> io::Result<(Compression, Box<dyn Read + Send + 'a>)> {
    let read = Arc::new(AtomicU64::new(0));
    let mut input = BufReader::with_capacity(
        1 << 16,
        Counting {
            inner: input,
            read: Arc::clone(&read),
        },
    );
    let format = Compression::detect(peek(&mut input)?);
    let decoder: Box<dyn Read + Send + 'a> = match format {
        Compression::Plain => return Ok((format, Box::new(input))),
        Compression::Zstd => Box::new(zstd_stream::ZstdReader::new(input)?),
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(input)),
        Compression::Bzip2 => Box::new(bzip2::bufread::MultiBzDecoder::new(input)),
    };
    Ok((
        format,
        Box::new(Located {
            inner: decoder,
            format,
            read,
            ended: false,
        }),
    ))
}

/// The first bytes of `input`, without consuming them (as many as [`Compression::MAGIC_LEN`] when
/// the stream is that long).
fn peek<R: Read>(input: &mut BufReader<R>) -> io::Result<&[u8]> {
    // A reader may hand out fewer bytes than asked: fill_buf once is enough for a file, and a
    // pipe that gives fewer than four bytes at first is read as plain (then it is not PGN
    // that a person compressed).
    let buf = input.fill_buf()?;
    Ok(&buf[..buf.len().min(Compression::MAGIC_LEN)])
}

/// A reader that counts the bytes read from it (here, and for [`input`](crate::input)'s
/// progress).
pub(crate) struct Counting<R> {
    pub(crate) inner: R,
    pub(crate) read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A decoder whose errors say where in the compressed stream they happened, and for which a
/// stream that ends inside a frame is an error, not an early end.
struct Located<D> {
    inner: D,
    format: Compression,
    read: Arc<AtomicU64>,
    ended: bool,
}

impl<D: Read> Read for Located<D> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ended {
            return Ok(0);
        }
        match self.inner.read(buf) {
            Ok(0) if !buf.is_empty() => {
                self.ended = true;
                Ok(0)
            }
            Ok(n) => Ok(n),
            // It says where and what already.
            Err(e) if e.get_ref().is_some_and(|e| e.is::<WindowTooLarge>()) => Err(e),
            Err(e) => {
                let at = self.read.load(Ordering::Relaxed);
                let kind = match e.kind() {
                    io::ErrorKind::UnexpectedEof => io::ErrorKind::UnexpectedEof,
                    _ => io::ErrorKind::InvalidData,
                };
                Err(io::Error::new(
                    kind,
                    format!(
                        "corrupt or cut {} stream at compressed byte {at}: {e}",
                        self.format
                    ),
                ))
            }
        }
    }
}

#[cfg(test)]
mod tests;
