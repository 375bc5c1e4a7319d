//! The frames of a zstd file, found without decompressing it: where each starts and how long
//! it is. A file written by `pzstd` (as the Lichess database's are) is many independent frames,
//! each announced by a skippable frame holding its compressed size; any multi-frame file can
//! be cut at its frame boundaries and its parts decompressed apart, on several threads or
//! several machines.
//!
//! ```
//! use std::io::Cursor;
//! use chess_notation::compression::zstd_frames;
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

use std::io::{self, Read, Seek, SeekFrom};

/// The magic number that starts a zstd frame.
const MAGIC: u32 = 0xFD2F_B528;
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
    let mut offset = input.seek(SeekFrom::Start(0))?;
    let mut frames = Vec::new();
    // The size pzstd announced for the next frame, to skip it without reading its blocks.
    let mut announced: Option<u64> = None;
    while offset < end {
        input.seek(SeekFrom::Start(offset))?;
        let magic = read_u32(input, offset)?;
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
            let (len, content_size) = match announced.take() {
                Some(len) if next_is_frame(input, offset + len, end)? => {
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
        if frame.offset + frame.len > end {
            return Err(invalid(offset, "the frame is cut: the file ends inside it"));
        }
        offset += frame.len;
        frames.push(frame);
    }
    Ok(frames)
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
