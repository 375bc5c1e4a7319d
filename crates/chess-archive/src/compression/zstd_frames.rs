//! The frames of a zstd file, found without decompressing it: where each starts and how long
//! it is. A file written by `pzstd` (as the Lichess database's are) is many independent frames,
//! each announced by a skippable frame holding its compressed size; any multi-frame file can
//! be cut at its frame boundaries and its parts decompressed apart, on several threads or
//! several machines.
//!
//! ```
//! use std::io::Cursor;
//! use chess_archive::compression::zstd_frames;
//!
//! let mut file = zstd::encode_all(&b"1. e4 e5 *\n"[..], 3)?;
//! file.extend(zstd::encode_all(&b"1. d4 d5 *\n"[..], 3)?);
//! let frames = zstd_frames::data_frames(&mut Cursor::new(&file))?;
//! assert_eq!(frames.len(), 2);
//! assert_eq!(frames[0].offset, 0);
//! assert_eq!(frames[1].offset, frames[0].len);
//! assert_eq!(frames[1].offset + frames[1].len, file.len() as u64);
//! # Ok::<_, std::io::Error>(())
//! ```

use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};

use super::MAX_WINDOW_LOG;
pub(crate) use super::zstd_header::MAGIC;
use super::zstd_header::{MAX_HEADER_LEN, WindowTooLarge};

/// Skippable frames have magic numbers 0x184D2A50 to 0x184D2A5F.
const SKIPPABLE_MASK: u32 = 0xFFFF_FFF0;
const SKIPPABLE: u32 = 0x184D_2A50;

/// One frame of a zstd file.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Frame {
    /// Where it starts in the file.
    pub offset: u64,
    /// Its length in the file, header included.
    pub len: u64,
    /// Whether it is a skippable frame (data for other programs, no content).
    pub skippable: bool,
    /// The decompressed size its header states, if it does.
    pub content_size: Option<u64>,
}

/// Every frame of `input` (skippable ones included), from its current position to its end.
///
/// # Errors
///
/// A read error, or `InvalidData` naming the offset where the bytes are not a zstd frame or a
/// frame is cut.
pub fn frames<R: Read + Seek>(input: &mut R) -> io::Result<Vec<Frame>> {
    let end = input.seek(SeekFrom::End(0))?;
    input.seek(SeekFrom::Start(0))?;
    walk_frames(input, Some(end))
}

/// Every frame of a stream that can only be read once, from its start (stdin, a pipe, a
/// download): as [`frames`], reading the whole stream (each frame's blocks are walked, where a
/// file's frames announced by `pzstd` are skipped).
///
/// ```
/// use chess_archive::compression::zstd_frames;
///
/// let mut file = zstd::encode_all(&b"1. e4 e5 *\n"[..], 3)?;
/// file.extend(zstd::encode_all(&b"1. d4 d5 *\n"[..], 3)?);
/// let frames = zstd_frames::stream_frames(&file[..])?;
/// assert_eq!(frames, zstd_frames::frames(&mut std::io::Cursor::new(&file))?);
/// # Ok::<_, std::io::Error>(())
/// ```
///
/// # Errors
///
/// As [`frames`].
pub fn stream_frames<R: Read>(input: R) -> io::Result<Vec<Frame>> {
    let mut forward = Forward {
        input: BufReader::with_capacity(1 << 16, input),
        at: 0,
    };
    walk_frames(&mut forward, None)
}

/// The frames from the start of `input`, which ends at `end` when that is known (else at the
/// end of the stream, which must fall between two frames).
fn walk_frames<R: Read + Seek>(input: &mut R, end: Option<u64>) -> io::Result<Vec<Frame>> {
    let mut offset = 0;
    let mut frames = Vec::new();
    // The size pzstd announced for the next frame, to skip it without reading its blocks.
    let mut announced: Option<u64> = None;
    loop {
        if end.is_some_and(|end| offset >= end) {
            break;
        }
        input.seek(SeekFrom::Start(offset))?;
        let Some(magic) = read_u32_or_end(input, offset)? else {
            if end.is_some() {
                return Err(invalid(offset, "the file ends inside a frame"));
            }
            break;
        };
        let frame = if magic & SKIPPABLE_MASK == SKIPPABLE {
            let size = u64::from(read_u32(input, offset + 4)?);
            // pzstd's skippable frames hold 4 bytes: the next frame's compressed size.
            announced = if size == 4 {
                Some(u64::from(read_u32(input, offset + 8)?))
            } else {
                None
            };
            Frame {
                offset,
                len: 8 + size,
                skippable: true,
                content_size: None,
            }
        } else if magic == MAGIC {
            let (len, content_size) = match (announced.take(), end) {
                // Checking an announced size reads ahead and comes back: files only.
                (Some(len), Some(end)) if next_is_frame(input, offset + len, end)? => {
                    (len, header(input, offset)?.content_size)
                }
                _ => walk(input, offset)?,
            };
            Frame {
                offset,
                len,
                skippable: false,
                content_size,
            }
        } else {
            return Err(invalid(offset, "not a zstd frame"));
        };
        if end.is_some_and(|end| frame.offset + frame.len > end) {
            return Err(invalid(offset, "the frame is cut: the file ends inside it"));
        }
        offset += frame.len;
        frames.push(frame);
    }
    if end.is_none() {
        // The last frame's end must be there (a skippable frame's content is not read).
        input.seek(SeekFrom::Start(offset))?;
    }
    Ok(frames)
}

/// A stream as a file that can only be sought forward, by reading what is skipped.
struct Forward<R> {
    input: BufReader<R>,
    at: u64,
}

impl<R: Read> Read for Forward<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.input.read(buf)?;
        self.at += n as u64;
        Ok(n)
    }
}

impl<R: Read> Seek for Forward<R> {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        let target = match to {
            SeekFrom::Start(target) if target >= self.at => target,
            _ => {
                return Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    "a stream is read forward only",
                ));
            }
        };
        let skipped = io::copy(
            &mut (&mut self.input).take(target - self.at),
            &mut io::sink(),
        )?;
        self.at += skipped;
        if self.at < target {
            return Err(invalid(self.at, "the stream ends inside a frame"));
        }
        Ok(self.at)
    }
}

/// A stream shared by the readers of consecutive pieces of it: each reads its piece, the next
/// goes on where it stopped.
pub(crate) type Shared = std::sync::Arc<std::sync::Mutex<Stream>>;

/// The text of the next `frames` data frames of a zstd stream (all that remain for `None`),
/// skippable frames passed over: how a part of a multi-frame file is read from a stream that
/// starts at a frame boundary, frame by frame, leaving the stream at the next frame.
pub(crate) struct FrameDecoder {
    input: Shared,
    decoder: zstd::stream::raw::Decoder<'static>,
    frames: Option<usize>,
    in_frame: bool,
}

impl FrameDecoder {
    pub(crate) fn new(input: Shared, frames: Option<usize>) -> io::Result<FrameDecoder> {
        let mut decoder = zstd::stream::raw::Decoder::new()?;
        decoder.set_parameter(zstd::stream::raw::DParameter::WindowLogMax(MAX_WINDOW_LOG))?;
        Ok(FrameDecoder {
            input,
            decoder,
            frames,
            in_frame: false,
        })
    }

    /// Passes skippable frames; `false` at the end of the stream.
    fn skip_to_data_frame(&mut self, input: &mut Stream) -> io::Result<bool> {
        loop {
            let ahead = input.peek(4)?;
            if ahead.is_empty() {
                return Ok(false);
            }
            if ahead.len() < 4 {
                return Err(invalid(input.at, "the stream ends inside a frame"));
            }
            let magic = u32::from_le_bytes([ahead[0], ahead[1], ahead[2], ahead[3]]);
            if magic == MAGIC {
                let at = input.at;
                WindowTooLarge::check(input.peek(MAX_HEADER_LEN)?, at)?;
                return Ok(true);
            }
            if magic & SKIPPABLE_MASK != SKIPPABLE {
                return Err(invalid(input.at, "not a zstd frame"));
            }
            let at = input.at;
            let header = read_bytes::<8, _>(input, at)?;
            let size = u64::from(u32::from_le_bytes([
                header[4], header[5], header[6], header[7],
            ]));
            let skipped = io::copy(&mut input.take(size), &mut io::sink())?;
            if skipped < size {
                return Err(invalid(at, "the stream ends inside a frame"));
            }
        }
    }
}

impl Read for FrameDecoder {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        use zstd::stream::raw::{InBuffer, Operation, OutBuffer};
        if out.is_empty() {
            return Ok(0);
        }
        let shared = std::sync::Arc::clone(&self.input);
        let mut input = shared
            .lock()
            .map_err(|_| io::Error::other("a reader panicked"))?;
        loop {
            if !self.in_frame {
                if self.frames == Some(0) || !self.skip_to_data_frame(&mut input)? {
                    return Ok(0);
                }
                self.decoder.reinit()?;
                self.in_frame = true;
            }
            let at = input.at;
            let available = input.fill_buf()?;
            if available.is_empty() {
                return Err(invalid(at, "the stream ends inside a frame"));
            }
            let mut from = InBuffer::around(available);
            let mut to = OutBuffer::around(&mut *out);
            let hint = self.decoder.run(&mut from, &mut to).map_err(|e| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!("zstd frames: at byte {at}: {e}"),
                )
            })?;
            let (read, written) = (from.pos(), to.pos());
            input.consume(read);
            if hint == 0 {
                // The frame is decoded and its text all handed out.
                self.in_frame = false;
                if let Some(n) = &mut self.frames {
                    *n -= 1;
                }
            }
            if written > 0 {
                return Ok(written);
            }
        }
    }
}

/// A buffered stream that can look a few bytes ahead.
pub(crate) struct Stream<R = Box<dyn Read + Send>> {
    inner: R,
    buf: Box<[u8]>,
    start: usize,
    end: usize,
    /// Where the next byte is in the whole file.
    pub(crate) at: u64,
}

impl<R: Read> Stream<R> {
    /// `inner`, whose first byte is byte `at` of the file.
    pub(crate) fn new(inner: R, at: u64) -> Stream<R> {
        Stream {
            inner,
            buf: vec![0; 1 << 16].into_boxed_slice(),
            start: 0,
            end: 0,
            at,
        }
    }

    /// At least `n` bytes buffered (fewer only at the end of the stream), left unread.
    pub(crate) fn peek(&mut self, n: usize) -> io::Result<&[u8]> {
        if self.end - self.start < n {
            self.buf.copy_within(self.start..self.end, 0);
            self.end -= self.start;
            self.start = 0;
            while self.end < n {
                match self.inner.read(&mut self.buf[self.end..]) {
                    Ok(0) => break,
                    Ok(k) => self.end += k,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            }
        }
        Ok(&self.buf[self.start..self.end])
    }
}

impl<R: Read> Read for Stream<R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(out.len());
        out[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl<R: Read> BufRead for Stream<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.start == self.end {
            self.peek(1)?;
        }
        Ok(&self.buf[self.start..self.end])
    }

    fn consume(&mut self, n: usize) {
        let n = n.min(self.end - self.start);
        self.start += n;
        self.at += n as u64;
    }
}

/// The frames of `input` that hold content (skippable frames left out).
///
/// # Errors
///
/// As [`frames`].
pub fn data_frames<R: Read + Seek>(input: &mut R) -> io::Result<Vec<Frame>> {
    Ok(frames(input)?
        .into_iter()
        .filter(|f| !f.skippable)
        .collect())
}

/// Whether a frame (of either kind) or the end of the file is at `offset`: how an announced
/// size is checked before it is trusted.
fn next_is_frame<R: Read + Seek>(input: &mut R, offset: u64, end: u64) -> io::Result<bool> {
    if offset == end {
        return Ok(true);
    }
    if offset + 4 > end {
        return Ok(false);
    }
    input.seek(SeekFrom::Start(offset))?;
    let magic = read_u32(input, offset)?;
    Ok(magic == MAGIC || magic & SKIPPABLE_MASK == SKIPPABLE)
}

/// What a frame header says.
struct Header {
    /// The header's length, magic included.
    len: u64,
    content_size: Option<u64>,
    checksum: bool,
}

/// Reads the header of the frame at `offset` (after its magic number).
fn header<R: Read + Seek>(input: &mut R, offset: u64) -> io::Result<Header> {
    input.seek(SeekFrom::Start(offset + 4))?;
    let descriptor = read_bytes::<1, _>(input, offset + 4)?[0];
    if descriptor & 0x08 != 0 {
        return Err(invalid(
            offset + 4,
            "a reserved bit of the frame header is set",
        ));
    }
    let single_segment = descriptor & 0x20 != 0;
    let dictionary_len = [0, 1, 2, 4][usize::from(descriptor & 0x03)];
    let content_size_len = match descriptor >> 6 {
        0 => u64::from(single_segment),
        1 => 2,
        2 => 4,
        _ => 8,
    };
    let window_len = u64::from(!single_segment);
    let content_size_at = offset + 5 + window_len + dictionary_len;
    let content_size = if content_size_len == 0 {
        None
    } else {
        input.seek(SeekFrom::Start(content_size_at))?;
        let mut bytes = [0u8; 8];
        input
            .read_exact(&mut bytes[..content_size_len as usize])
            .map_err(|e| cut(e, content_size_at))?;
        let n = u64::from_le_bytes(bytes);
        // A two-byte size counts from 256.
        Some(if content_size_len == 2 { n + 256 } else { n })
    };
    Ok(Header {
        len: 5 + window_len + dictionary_len + content_size_len,
        content_size,
        checksum: descriptor & 0x04 != 0,
    })
}

/// The length and stated content size of the frame at `offset`, from its blocks' headers.
fn walk<R: Read + Seek>(input: &mut R, offset: u64) -> io::Result<(u64, Option<u64>)> {
    let header = header(input, offset)?;
    let mut at = offset + header.len;
    loop {
        input.seek(SeekFrom::Start(at))?;
        let bytes = read_bytes::<3, _>(input, at)?;
        let block = u32::from_le_bytes([bytes[0], bytes[1], bytes[2], 0]);
        let last = block & 1 != 0;
        let size = u64::from(block >> 3);
        let content = match (block >> 1) & 0x03 {
            0 | 2 => size,
            1 => 1,
            _ => return Err(invalid(at, "a block of the reserved type")),
        };
        at += 3 + content;
        if last {
            break;
        }
    }
    if header.checksum {
        at += 4;
    }
    Ok((at - offset, header.content_size))
}

fn read_bytes<const N: usize, R: Read>(input: &mut R, at: u64) -> io::Result<[u8; N]> {
    let mut bytes = [0u8; N];
    input.read_exact(&mut bytes).map_err(|e| cut(e, at))?;
    Ok(bytes)
}

fn read_u32<R: Read>(input: &mut R, at: u64) -> io::Result<u32> {
    read_bytes::<4, _>(input, at).map(u32::from_le_bytes)
}

/// A frame's magic number, or `None` at the end of the input.
fn read_u32_or_end<R: Read>(input: &mut R, at: u64) -> io::Result<Option<u32>> {
    let mut bytes = [0u8; 4];
    let mut n = 0;
    while n < 4 {
        match input.read(&mut bytes[n..]) {
            Ok(0) if n == 0 => return Ok(None),
            Ok(0) => return Err(invalid(at, "the input ends inside a frame")),
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(Some(u32::from_le_bytes(bytes)))
}

fn invalid(at: u64, why: &str) -> io::Error {
    io::Error::new(
        io::ErrorKind::InvalidData,
        format!("zstd frames: at byte {at}: {why}"),
    )
}

fn cut(e: io::Error, at: u64) -> io::Error {
    if e.kind() == io::ErrorKind::UnexpectedEof {
        invalid(at, "the file ends inside a frame")
    } else {
        e
    }
}
