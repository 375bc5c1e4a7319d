//! Cutting one large PGN file into parts that different workers read on their own: a plain
//! file at byte offsets, a multi-frame zstd file (as `pzstd` writes, and the Lichess database
//! is) at frame boundaries. Each part is read through [`Part`], so a game belongs to the part
//! that holds its first byte and the parts, read one after the other, give every game of the
//! file once, in order.
//!
//! ```no_run
//! use chess_notation::archive::split::{self, Split};
//!
//! // Parts of about 64 MiB of the file, for a cluster's workers to read one each.
//! for split in split::plan("lichess_db_standard_rated_2024-01.pgn.zst".as_ref(), 64 << 20)? {
//!     println!("{split}"); // `--frames 0:32`, `--frames 32:64`, …
//! }
//! let part = split::open("games.pgn".as_ref(), Split::Bytes { start: 1000, end: 2000 })?;
//! // `part.reader` has the games whose first byte is in 1000..2000, the first at `part.offset`.
//! # Ok::<_, std::io::Error>(())
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::str::FromStr;

use crate::compression::{self, Format, zstd_frames};
use crate::pgn::Part;

/// A part of a file.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Split {
    /// The games whose first byte is at an offset in `start..end` of a plain file.
    Bytes {
        /// The first offset.
        start: u64,
        /// The offset after the last.
        end: u64,
    },
    /// The games whose first byte is in the text of the zstd frames `first..last` (counted
    /// from 0, skippable frames left out).
    Frames {
        /// The first frame.
        first: usize,
        /// The frame after the last.
        last: usize,
    },
}

impl fmt::Display for Split {
    /// As the `chess` program's options: `--byte-range 0:1000`, `--frames 0:12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Split::Bytes { start, end } => write!(f, "--byte-range {start}:{end}"),
            Split::Frames { first, last } => write!(f, "--frames {first}:{last}"),
        }
    }
}

/// `START:END`, two numbers with `START <= END`.
///
/// # Errors
///
/// A message saying what is wrong.
pub fn parse_range(text: &str) -> Result<(u64, u64), String> {
    let (start, end) = text
        .split_once(':')
        .ok_or_else(|| format!("{text:?}: expected START:END"))?;
    let number =
        |s: &str| u64::from_str(s).map_err(|_| format!("{text:?}: {s:?} is not a whole number"));
    let (start, end) = (number(start)?, number(end)?);
    if start > end {
        return Err(format!("{text:?}: the start is after the end"));
    }
    Ok((start, end))
}

/// A part opened for reading.
pub struct SplitInput {
    /// The text of the part's games.
    pub reader: Box<dyn Read + Send>,
    /// Where the part's first game starts: in the file for [`Split::Bytes`], in the text of
    /// the part's first frame for [`Split::Frames`]. Add it to the offsets a reader gives.
    pub offset: u64,
}

impl fmt::Debug for SplitInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SplitInput")
            .field("offset", &self.offset)
            .finish_non_exhaustive()
    }
}

fn invalid(message: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, message)
}

/// The format of the file at `file`'s start, which is left there.
fn format_of(file: &mut File) -> io::Result<Format> {
    let mut magic = [0; Format::MAGIC_LEN];
    let mut n = 0;
    while n < magic.len() {
        match file.read(&mut magic[n..])? {
            0 => break,
            k => n += k,
        }
    }
    file.seek(SeekFrom::Start(0))?;
    Ok(Format::detect(&magic[..n]))
}

/// Parts of about `size` bytes of the file at `path` (at least one): byte ranges of a plain
/// file, frame ranges of a zstd file. A file of one zstd frame, or gzip or bzip2, cannot be
/// cut: it is one part.
///
/// # Errors
///
/// A read error, or a zstd file whose frames cannot be walked.
pub fn plan(path: &Path, size: u64) -> io::Result<Vec<Split>> {
    let size = size.max(1);
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    match format_of(&mut file)? {
        Format::Plain => {
            let parts = len.div_ceil(size).max(1);
            Ok((0..parts)
                .map(|i| Split::Bytes {
                    start: i * size,
                    end: ((i + 1) * size).min(len),
                })
                .collect())
        }
        Format::Zstd => {
            let frames = zstd_frames::data_frames(&mut file)?;
            let mut splits = Vec::new();
            let (mut first, mut bytes) = (0, 0);
            for (i, frame) in frames.iter().enumerate() {
                bytes += frame.len;
                if bytes >= size || i + 1 == frames.len() {
                    splits.push(Split::Frames { first, last: i + 1 });
                    (first, bytes) = (i + 1, 0);
                }
            }
            if splits.is_empty() {
                splits.push(Split::Frames { first: 0, last: 0 });
            }
            Ok(splits)
        }
        Format::Gzip | Format::Bzip2 => Ok(vec![Split::Bytes { start: 0, end: len }]),
    }
}

/// Opens the part `split` of the file at `path`.
///
/// # Errors
///
/// A read error; `InvalidInput` for a byte range of a compressed file (other than the whole
/// of it), frames of a file that is not zstd, or a range past the end.
pub fn open(path: &Path, split: Split) -> io::Result<SplitInput> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    let format = format_of(&mut file)?;
    match split {
        Split::Bytes { start, end } => {
            if format != Format::Plain {
                if start == 0 && end >= len {
                    // The whole file: what `plan` gives for a file that cannot be cut.
                    let (_, reader) = compression::decompress(file)?;
                    return Ok(SplitInput { reader, offset: 0 });
                }
                return Err(invalid(format!(
                    "a byte range cuts plain PGN only, and this is {} (use --frames for a \
                     zstd file of several frames)",
                    format.name()
                )));
            }
            let (start, end) = (start.min(len), end.min(len));
            let back = start.min(4);
            file.seek(SeekFrom::Start(start - back))?;
            let mut before = vec![0; back as usize];
            file.read_exact(&mut before)?;
            let body = io::BufReader::with_capacity(1 << 20, file.take(end - start));
            let mut rest = File::open(path)?;
            rest.seek(SeekFrom::Start(end))?;
            let mut part = Part::new(&before, body, io::BufReader::new(rest));
            let skipped = part.skip_to_first_game()?;
            Ok(SplitInput {
                reader: Box::new(part),
                offset: start + skipped,
            })
        }
        Split::Frames { first, last } => {
            if format != Format::Zstd {
                return Err(invalid(format!(
                    "frames cut zstd files only, and this is {}",
                    if format == Format::Plain {
                        "plain text"
                    } else {
                        format.name()
                    }
                )));
            }
            let frames = zstd_frames::data_frames(&mut file)?;
            if first > last || last > frames.len() {
                return Err(invalid(format!(
                    "frames {first}:{last}: the file has {} frames",
                    frames.len()
                )));
            }
            let at = |i: usize| frames.get(i).map_or(len, |f| f.offset);
            let range = |from: u64, to: u64| -> io::Result<Box<dyn Read + Send>> {
                let mut file = File::open(path)?;
                file.seek(SeekFrom::Start(from))?;
                if from == to {
                    return Ok(Box::new(io::empty()));
                }
                Ok(compression::decompress(file.take(to - from))?.1)
            };
            // The text before the cut: the end of the frame before (decompressed for it).
            let mut before = Vec::new();
            if first > 0 {
                range(at(first - 1), at(first))?.read_to_end(&mut before)?;
                if before.is_empty() {
                    // An empty frame says nothing of the lines: taken as a blank line.
                    before.extend_from_slice(b"\n\n\n\n");
                }
            }
            let mut part = Part::new(&before, range(at(first), at(last))?, range(at(last), len)?);
            let skipped = part.skip_to_first_game()?;
            Ok(SplitInput {
                reader: Box::new(part),
                offset: skipped,
            })
        }
    }
}
