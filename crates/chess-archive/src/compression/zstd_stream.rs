//! A zstd stream decoded frame by frame, each frame's header checked before the decoder sees
//! it: a frame that asks for a window larger than [`MAX_WINDOW_LOG`] allows is an error that
//! says how large, where the decoder alone would say "Frame requires too much memory".

use std::io::{self, BufRead, Read};

use zstd::stream::raw::{DParameter, Decoder, InBuffer, Operation, OutBuffer};

use super::zstd_frames::Stream;
use super::zstd_header::{MAX_HEADER_LEN, MAX_WINDOW_LOG, WindowTooLarge};

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
    use crate::compression::zstd_header::{MAGIC, window_size};

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
