//! A zstd stream decoded frame by frame, each frame's header checked before the decoder sees
//! it: a frame that asks for a window larger than [`MAX_WINDOW_LOG`] allows is an error that
//! says how large, where the decoder alone would say "Frame requires too much memory".

use core::fmt;
use std::io::{self, BufRead, Read};

use zstd::stream::raw::{DParameter, Decoder, InBuffer, Operation, OutBuffer};

use super::zstd_frames::{MAGIC, Stream};

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

/// The text of a zstd stream (one frame or many, skippable frames passed over), each frame's
/// header checked by [`WindowTooLarge::check`] before the decoder reads it. The header is
/// looked at in place, not taken out of the input: the decoder sees the stream as it is (it
/// tells the frames of zstd's legacy formats by their first bytes in its input).
pub(crate) struct ZstdReader<R> {
    input: Stream<R>,
    decoder: Decoder<'static>,
    /// Whether the next byte of input starts a frame.
    frame_start: bool,
}

impl<R: Read> ZstdReader<R> {
    /// Decodes `input`, which starts at a frame.
    pub(crate) fn new(input: R) -> io::Result<ZstdReader<R>> {
        let mut decoder = Decoder::new()?;
        decoder.set_parameter(DParameter::WindowLogMax(MAX_WINDOW_LOG))?;
        Ok(ZstdReader {
            input: Stream::new(input, 0),
            decoder,
            frame_start: true,
        })
    }
}

impl<R: Read> Read for ZstdReader<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        loop {
            if self.frame_start {
                let at = self.input.at;
                let header = self.input.peek(MAX_HEADER_LEN)?;
                if header.is_empty() {
                    return Ok(0);
                }
                WindowTooLarge::check(header, at)?;
                self.decoder.reinit()?;
                self.frame_start = false;
            }
            let available = self.input.fill_buf()?;
            if available.is_empty() {
                return Err(cut());
            }
            let mut from = InBuffer::around(available);
            let mut to = OutBuffer::around(&mut *out);
            let hint = self
                .decoder
                .run(&mut from, &mut to)
                .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
            let (read, written) = (from.pos(), to.pos());
            self.input.consume(read);
            if hint == 0 {
                // The frame (or skippable frame) is decoded and its text all handed out.
                self.frame_start = true;
            }
            if written > 0 {
                return Ok(written);
            }
        }
    }
}

fn cut() -> io::Error {
    io::Error::new(
        io::ErrorKind::UnexpectedEof,
        "the stream ends inside a frame",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A frame header of `descriptor` and the bytes after it, with an empty last block.
    fn frame(descriptor: u8, rest: &[u8]) -> Vec<u8> {
        let mut bytes = MAGIC.to_le_bytes().to_vec();
        bytes.push(descriptor);
        bytes.extend_from_slice(rest);
        bytes
    }

    #[test]
    fn window_sizes_are_read_from_the_header() {
        // Window descriptor: exponent 11, mantissa 0: 2^21, pzstd's level 3.
        assert_eq!(window_size(&frame(0x00, &[11 << 3])), Some(2 << 20));
        // Exponent 17, mantissa 4: 2^27 + 4 * 2^24.
        assert_eq!(
            window_size(&frame(0x00, &[17 << 3 | 4])),
            Some((1 << 27) + (1 << 26))
        );
        // Single segment, one-byte content size 200: the 1 KiB minimum.
        assert_eq!(window_size(&frame(0x20, &[200])), Some(1 << 10));
        // Single segment, two-byte content size: counts from 256.
        assert_eq!(window_size(&frame(0x60, &[0xff, 0xff])), Some(0xffff + 256));
        // Single segment, a dictionary id of 1 byte, an 8-byte content size.
        let mut rest = vec![7];
        rest.extend_from_slice(&(5u64 << 30).to_le_bytes());
        assert_eq!(window_size(&frame(0xe1, &rest)), Some(5 << 30));
        // Cut, or not a data frame.
        assert_eq!(window_size(&frame(0xe1, &rest[..5])), None);
        assert_eq!(window_size(&MAGIC.to_le_bytes()), None);
        assert_eq!(window_size(b"\x50\x2a\x4d\x18\x04\0\0\0"), None);
    }

    #[test]
    fn a_legacy_frame_after_a_frame_is_read_as_the_zstd_decoder_reads_it() {
        // Found by fuzzing: a frame of zstd's legacy format 0.5 (magic 0xFD2FB525) after an
        // empty frame failed ("Unknown frame descriptor") when the header was taken out of the
        // input to be checked, where the decoder alone reads it.
        let file = [
            0x28, 0xb5, 0x2f, 0xfd, 0, 0, 1, 0, 0, 0x25, 0xb5, 0x2f, 0xfd, 0, 0, 0, 0,
        ];
        let mut reference = Vec::new();
        zstd::stream::read::Decoder::new(&file[..])
            .unwrap()
            .read_to_end(&mut reference)
            .unwrap();
        let mut out = Vec::new();
        ZstdReader::new(&file[..])
            .unwrap()
            .read_to_end(&mut out)
            .unwrap();
        assert_eq!(out, reference);
    }

    #[test]
    fn a_frame_asking_for_a_window_over_the_cap_is_refused_with_its_size() {
        // A 2 GiB window (exponent 21) after a first, ordinary frame.
        let mut file = zstd::encode_all(&b"1. e4 *\n"[..], 3).unwrap();
        let at = file.len();
        file.extend(frame(0x00, &[21 << 3, 1, 0, 0]));
        let mut reader = ZstdReader::new(&file[..]).unwrap();
        let mut out = Vec::new();
        let error = reader.read_to_end(&mut out).unwrap_err();
        assert_eq!(out, b"1. e4 *\n");
        assert_eq!(error.kind(), io::ErrorKind::InvalidData);
        assert_eq!(
            error.to_string(),
            format!(
                "the zstd frame at byte {at} asks for a window of 2048 MiB, more than the 128 \
                 MiB this reader allows"
            )
        );
        // A single-segment frame whose content size is 1 byte over the cap.
        let mut rest = Vec::new();
        rest.extend_from_slice(&((1u64 << 27) + 1).to_le_bytes()[..4]);
        let error = ZstdReader::new(&frame(0xa0, &rest)[..])
            .unwrap()
            .read_to_end(&mut Vec::new())
            .unwrap_err();
        assert!(
            error.to_string().contains("a window of 129 MiB, more than"),
            "{error}"
        );
        // The largest window allowed is read (here an empty frame that asks for 128 MiB).
        let empty = frame(0x00, &[17 << 3, 1, 0, 0]);
        let mut out = Vec::new();
        ZstdReader::new(&empty[..])
            .unwrap()
            .read_to_end(&mut out)
            .unwrap();
        assert!(out.is_empty());
    }
}
