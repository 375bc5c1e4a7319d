//! The header of a zstd frame: its magic number, its length, and the window it asks for,
//! checked against [`MAX_WINDOW_LOG`] before a decoder allocates it (by the frame walker and
//! the stream decoder alike).

use core::fmt;
use std::io;

/// The magic number of a zstd data frame, as its first four bytes read little-endian.
pub(crate) const MAGIC: u32 = 0xFD2F_B528;

/// The largest window a zstd frame may ask for, as a power of two: 2^27 bytes, 128 MiB. The
/// decoder keeps a window's worth of text in memory, and a frame header of a few bytes can ask
/// for 2 GiB (window log 31) or, with a single-segment frame, any size.
///
/// What real files need: files written by `pzstd` as the Lichess database's are (2 MiB windows
/// at its default level 3: window log 21 in every frame of the test files of
/// `docs/performance.md`), `zstd` at levels 1 to 19 (at most 8 MiB), `zstd --ultra -22` and
/// `zstd --long` (128 MiB) all fit; only `zstd --long=28` and above do not.
pub const MAX_WINDOW_LOG: u32 = 27;

/// The most bytes a zstd frame header takes: the magic number, the descriptor, the window
/// descriptor, a 4-byte dictionary id and an 8-byte content size.
pub(crate) const MAX_HEADER_LEN: usize = 4 + 1 + 1 + 4 + 8;

/// A zstd frame that asks for a window larger than [`MAX_WINDOW_LOG`] allows: the error (inside
/// an [`io::Error`] of kind `InvalidData`) of reading such a stream.
///
/// ```
/// use std::io::Read;
/// use chess_archive::compression::{self, WindowTooLarge};
///
/// // A frame header asking for a 2 GiB window (window descriptor 0xa8: 2^(10 + 21)).
/// let header = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 0xa8];
/// let (_, mut reader) = compression::decompress(&header[..])?;
/// let error = reader.read_to_end(&mut Vec::new()).unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "the zstd frame at byte 0 asks for a window of 2048 MiB, more than the 128 MiB this reader allows"
/// );
/// let inner = error.get_ref().and_then(|e| e.downcast_ref::<WindowTooLarge>());
/// assert_eq!(inner.map(|e| e.window), Some(1 << 31));
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct WindowTooLarge {
    /// Where the frame starts in the compressed stream.
    pub offset: u64,
    /// The window it asks for, in bytes.
    pub window: u64,
}

impl WindowTooLarge {
    /// The error for the frame at `offset`, if its header (`header`, from its magic number on)
    /// asks for too large a window.
    pub(crate) fn check(header: &[u8], offset: u64) -> io::Result<()> {
        match window_size(header) {
            Some(window) if window > 1 << MAX_WINDOW_LOG => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                WindowTooLarge { offset, window },
            )),
            _ => Ok(()),
        }
    }
}

impl fmt::Display for WindowTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const MIB: u64 = 1 << 20;
        write!(
            f,
            "the zstd frame at byte {} asks for a window of {} MiB, more than the {} MiB this \
             reader allows",
            self.offset,
            self.window.div_ceil(MIB),
            (1u64 << MAX_WINDOW_LOG) / MIB
        )
    }
}

impl std::error::Error for WindowTooLarge {}

/// The length of the header of a data frame whose descriptor (the byte after the magic
/// number) is `descriptor`, magic number included.
fn header_len(descriptor: u8) -> usize {
    let single_segment = descriptor & 0x20 != 0;
    let dictionary_len = [0, 1, 2, 4][usize::from(descriptor & 0x03)];
    let content_size_len = match descriptor >> 6 {
        0 => usize::from(single_segment),
        1 => 2,
        2 => 4,
        _ => 8,
    };
    5 + usize::from(!single_segment) + dictionary_len + content_size_len
}

/// The window the header of a data frame asks for (`header`: its first bytes, magic number
/// included); `None` when `header` is not a data frame's header or is cut. A single-segment
/// frame's window is its content size (at least 1 KiB, as the decoder takes it).
pub(crate) fn window_size(header: &[u8]) -> Option<u64> {
    if header.get(..4)? != MAGIC.to_le_bytes() {
        return None;
    }
    let descriptor = *header.get(4)?;
    let header = header.get(..header_len(descriptor))?;
    if descriptor & 0x20 == 0 {
        // The window descriptor: exponent in bits 7-3, mantissa in bits 2-0.
        let byte = header[5];
        let log = 10 + u32::from(byte >> 3);
        let base = 1u64 << log;
        return Some(base + (base / 8) * u64::from(byte & 0x07));
    }
    let dictionary_len = [0, 1, 2, 4][usize::from(descriptor & 0x03)];
    let size = &header[5 + dictionary_len..];
    let mut bytes = [0u8; 8];
    bytes[..size.len()].copy_from_slice(size);
    let n = u64::from_le_bytes(bytes);
    // A two-byte size counts from 256.
    let n = if size.len() == 2 { n + 256 } else { n };
    Some(n.max(1 << 10))
}
