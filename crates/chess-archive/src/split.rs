//! Cutting one large PGN file into parts that different workers read on their own: a plain
//! file at byte offsets, a multi-frame zstd file (as `pzstd` writes, and the Lichess database
//! is) at frame boundaries. Each part is read through [`Part`], so a game belongs to the part
//! that holds its first byte and the parts, read one after the other, give every game of the
//! file once, in order.
//!
//! ```no_run
//! use chess_archive::split::{self, Split};
//!
//! // Parts of about 64 MiB of the file, for a cluster's workers to read one each.
//! for split in split::plan("lichess_db_standard_rated_2024-01.pgn.zst".as_ref(), 64 << 20)? {
//!     println!("{split}"); // `frames 0:32`, `frames 32:64`, …
//! }
//! let part = split::open("games.pgn".as_ref(), Split::Bytes { start: 1000, end: 2000 })?;
//! // `part.reader` has the games whose first byte is in 1000..2000, the first at `part.offset`.
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::fs::File;
use std::io::{self, Read, Seek, SeekFrom};
use std::path::Path;
use std::str::FromStr;

use std::sync::{Arc, Mutex};

use crate::compression::zstd_frames::{Frame, FrameDecoder, Shared, Stream};
use crate::compression::{self, Compression, zstd_frames};
use chess_notation::pgn::Part;

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

impl Split {
    /// The byte range `START:END` of a plain file.
    ///
    /// ```
    /// use chess_archive::split::Split;
    ///
    /// assert_eq!(Split::parse_bytes("0:1000"), Ok(Split::Bytes { start: 0, end: 1000 }));
    /// assert!(Split::parse_bytes("1000:0").is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`ParseRangeError`] saying what is wrong with the text.
    pub fn parse_bytes(text: &str) -> Result<Split, ParseRangeError> {
        let (start, end) = parse_range(text)?;
        Ok(Split::Bytes { start, end })
    }

    /// The frame range `FIRST:LAST` of a zstd file.
    ///
    /// # Errors
    ///
    /// [`ParseRangeError`] saying what is wrong with the text.
    pub fn parse_frames(text: &str) -> Result<Split, ParseRangeError> {
        let (first, last) = parse_range(text)?;
        let index = |n: u64| {
            usize::try_from(n).map_err(|_| ParseRangeError {
                text: text.to_owned(),
                kind: ParseRangeErrorKind::TooLarge(n),
            })
        };
        Ok(Split::Frames {
            first: index(first)?,
            last: index(last)?,
        })
    }
}

impl fmt::Display for Split {
    /// `bytes 0:1000`, `frames 0:12`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Split::Bytes { start, end } => write!(f, "bytes {start}:{end}"),
            Split::Frames { first, last } => write!(f, "frames {first}:{last}"),
        }
    }
}

impl FromStr for Split {
    type Err = ParseSplitError;

    /// A part as its `Display` writes it: `bytes START:END` or `frames FIRST:LAST`.
    ///
    /// ```
    /// use chess_archive::split::Split;
    ///
    /// let part: Split = "frames 0:12".parse()?;
    /// assert_eq!(part, Split::Frames { first: 0, last: 12 });
    /// assert_eq!(part.to_string().parse::<Split>()?, part);
    /// let error = "lines 1:2".parse::<Split>().unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     r#"invalid part "lines 1:2": expected "bytes START:END" or "frames FIRST:LAST""#
    /// );
    /// # Ok::<_, chess_archive::split::ParseSplitError>(())
    /// ```
    fn from_str(text: &str) -> Result<Split, ParseSplitError> {
        let trimmed = text.trim();
        let (kind, range) = trimmed.split_once(' ').unwrap_or((trimmed, ""));
        let split = match kind {
            "bytes" => Split::parse_bytes(range.trim()),
            "frames" => Split::parse_frames(range.trim()),
            _ => {
                return Err(ParseSplitError {
                    text: text.to_owned(),
                    range: None,
                });
            }
        };
        split.map_err(|e| ParseSplitError {
            text: text.to_owned(),
            range: Some(e),
        })
    }
}

/// Text that is not a part ([`Split`]'s `FromStr`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseSplitError {
    /// The text as given.
    pub text: String,
    /// What is wrong with its range, when it names a kind of part; `None` when it does not.
    pub range: Option<ParseRangeError>,
}

impl fmt::Display for ParseSplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid part {:?}: ", self.text)?;
        match &self.range {
            Some(e) => e.fmt(f),
            None => f.write_str(r#"expected "bytes START:END" or "frames FIRST:LAST""#),
        }
    }
}

impl std::error::Error for ParseSplitError {}

/// A size in bytes as people write one: a whole number, with a unit K, M, G or T (powers of
/// 1024; either case) or none: the size of the parts of a plan.
///
/// ```
/// use chess_archive::split::parse_size;
///
/// assert_eq!(parse_size("64M"), Ok(64 << 20));
/// assert_eq!(parse_size("2t"), Ok(2 << 40));
/// assert_eq!(parse_size("8192"), Ok(8192));
/// assert_eq!(
///     parse_size("1.5G").unwrap_err().to_string(),
///     r#""1.5G": expected a number of bytes, with K, M, G or T"#
/// );
/// assert!(parse_size("0").is_err());
/// ```
///
/// # Errors
///
/// [`ParseSizeError`]: not a whole number with one of those units, 0, or more bytes than 64
/// bits count.
pub fn parse_size(text: &str) -> Result<u64, ParseSizeError> {
    let error = |kind| ParseSizeError {
        text: text.to_owned(),
        kind,
    };
    let trimmed = text.trim();
    let (digits, unit) = match trimmed.char_indices().find(|(_, c)| !c.is_ascii_digit()) {
        Some((i, _)) => trimmed.split_at(i),
        None => (trimmed, ""),
    };
    let shift = match unit {
        "" => 0,
        "K" | "k" => 10,
        "M" | "m" => 20,
        "G" | "g" => 30,
        "T" | "t" => 40,
        _ => return Err(error(ParseSizeErrorKind::NotASize)),
    };
    if digits.is_empty() {
        return Err(error(ParseSizeErrorKind::NotASize));
    }
    let number = digits
        .parse::<u64>()
        .map_err(|_| error(ParseSizeErrorKind::TooLarge))?;
    if number == 0 {
        return Err(error(ParseSizeErrorKind::Zero));
    }
    number
        .checked_mul(1 << shift)
        .ok_or_else(|| error(ParseSizeErrorKind::TooLarge))
}

/// Text that is not a size ([`parse_size`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseSizeError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub kind: ParseSizeErrorKind,
}

/// What is wrong with a size ([`ParseSizeError`]).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseSizeErrorKind {
    /// Not a whole number with an optional K, M, G or T.
    NotASize,
    /// No bytes.
    Zero,
    /// More bytes than 64 bits count.
    TooLarge,
}

impl fmt::Display for ParseSizeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: ", self.text)?;
        f.write_str(match self.kind {
            ParseSizeErrorKind::NotASize => "expected a number of bytes, with K, M, G or T",
            ParseSizeErrorKind::Zero => "expected a positive number of bytes",
            ParseSizeErrorKind::TooLarge => "too many bytes to count in 64 bits",
        })
    }
}

impl std::error::Error for ParseSizeError {}

/// A range that is not `START:END`: the text, and what is wrong with it.
///
/// ```
/// use chess_archive::split::{ParseRangeErrorKind, parse_range};
///
/// let error = parse_range("10:x").unwrap_err();
/// assert_eq!(error.kind, ParseRangeErrorKind::NotANumber("x".to_owned()));
/// assert_eq!(error.to_string(), "invalid range \"10:x\": \"x\" is not a whole number");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseRangeError {
    /// The text as given.
    pub text: String,
    /// What is wrong with it.
    pub kind: ParseRangeErrorKind,
}

/// What is wrong with a range ([`ParseRangeError`]).
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseRangeErrorKind {
    /// No `:` between the two numbers.
    MissingColon,
    /// A side that is not a whole number.
    NotANumber(String),
    /// The start after the end.
    StartAfterEnd,
    /// A number too large for what it counts.
    TooLarge(u64),
}

impl fmt::Display for ParseRangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid range {:?}: ", self.text)?;
        match &self.kind {
            ParseRangeErrorKind::MissingColon => f.write_str("expected START:END"),
            ParseRangeErrorKind::NotANumber(part) => write!(f, "{part:?} is not a whole number"),
            ParseRangeErrorKind::StartAfterEnd => f.write_str("the start is after the end"),
            ParseRangeErrorKind::TooLarge(n) => write!(f, "{n} is too large"),
        }
    }
}

impl std::error::Error for ParseRangeError {}

/// Why a part could not be planned or opened.
#[derive(Debug)]
#[non_exhaustive]
pub enum SplitError {
    /// Reading the file or stream failed (a corrupt compressed stream too).
    Io(io::Error),
    /// A byte range of a compressed file (other than the whole of it): byte ranges cut plain
    /// PGN only, and a zstd file of several frames is cut by frames.
    BytesOfCompressed(Compression),
    /// Frames of a file that is not zstd.
    FramesOfNotZstd(Compression),
    /// Frames past the end of the file, or the first after the last.
    FramesOutOfRange {
        /// The first frame asked for.
        first: usize,
        /// The frame after the last asked for.
        last: usize,
        /// The file's data frames, when known (a stream's are not).
        frames: Option<usize>,
    },
    /// A stream of a byte range that starts after the bytes a part needs before it.
    StreamStartsTooLate {
        /// The part's first byte.
        start: u64,
        /// The byte its stream must start at or before.
        needed: u64,
        /// The byte the stream starts at.
        from: u64,
    },
    /// A stream of frames that does not start at a frame.
    StreamNotAtFrame {
        /// The first frame of the part.
        first: usize,
        /// The byte the stream starts at.
        from: u64,
    },
    /// A stream of frames whose frame before the part (where the stream starts) holds fewer
    /// than the 4 bytes of text that say whether a game starts at the cut, and is not the
    /// file's first frame: the text before it is needed, and the stream does not have it. The
    /// plans never cut there; a part chosen by hand can be read from the file instead.
    ShortFrameBefore {
        /// The first frame of the part.
        first: usize,
        /// The frame after the last.
        last: usize,
        /// The bytes of text of the frame before.
        text: usize,
    },
}

impl fmt::Display for SplitError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = |c: &Compression| {
            if *c == Compression::Plain {
                "plain text"
            } else {
                c.name()
            }
        };
        match self {
            SplitError::Io(e) => e.fmt(f),
            SplitError::BytesOfCompressed(c) => {
                write!(
                    f,
                    "a byte range cuts plain PGN only, and this is {}",
                    name(c)
                )
            }
            SplitError::FramesOfNotZstd(c) => {
                write!(f, "frames cut zstd files only, and this is {}", name(c))
            }
            SplitError::FramesOutOfRange {
                first,
                last,
                frames: Some(n),
            } if first <= last => {
                let frames = if *n == 1 { "frame" } else { "frames" };
                write!(f, "frames {first}:{last}: the file has {n} {frames}")
            }
            SplitError::FramesOutOfRange { first, last, .. } => {
                write!(f, "frames {first}:{last}: the first is after the last")
            }
            SplitError::StreamStartsTooLate {
                start,
                needed,
                from,
            } => write!(
                f,
                "the part starts at byte {start}: its stream must start at byte {needed} or \
                 before, not {from}"
            ),
            SplitError::StreamNotAtFrame { first, from } => write!(
                f,
                "frames from {first}: the stream must start at the frame before them (the \
                 part's `from`), and byte {from} does not start a frame of text"
            ),
            SplitError::ShortFrameBefore { first, last, text } => write!(
                f,
                "frames {first}:{last}: the frame before them holds {text} bytes of text, fewer \
                 than the {BEFORE} that say whether a game starts at the cut: read the part from \
                 the file, or cut at another frame"
            ),
        }
    }
}

impl std::error::Error for SplitError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SplitError::Io(e) => Some(e),
            _ => None,
        }
    }
}

impl From<io::Error> for SplitError {
    fn from(e: io::Error) -> SplitError {
        SplitError::Io(e)
    }
}

/// `START:END`, two numbers with `START <= END`.
///
/// # Errors
///
/// [`ParseRangeError`] saying what is wrong.
pub fn parse_range(text: &str) -> Result<(u64, u64), ParseRangeError> {
    let error = |kind| ParseRangeError {
        text: text.to_owned(),
        kind,
    };
    let (start, end) = text
        .split_once(':')
        .ok_or_else(|| error(ParseRangeErrorKind::MissingColon))?;
    let number = |s: &str| {
        u64::from_str(s).map_err(|_| error(ParseRangeErrorKind::NotANumber(s.to_owned())))
    };
    let (start, end) = (number(start)?, number(end)?);
    if start > end {
        return Err(error(ParseRangeErrorKind::StartAfterEnd));
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

/// The format of the file at `file`'s start, which is left there.
fn format_of(file: &mut File) -> io::Result<Compression> {
    let mut magic = [0; Compression::MAGIC_LEN];
    let mut n = 0;
    while n < magic.len() {
        match file.read(&mut magic[n..])? {
            0 => break,
            k => n += k,
        }
    }
    file.seek(SeekFrom::Start(0))?;
    Ok(Compression::detect(&magic[..n]))
}

/// Parts of about `size` bytes of the file at `path` (at least one): byte ranges of a plain
/// file, frame ranges of a zstd file. A file of one zstd frame, or gzip or bzip2, cannot be
/// cut: it is one part.
///
/// # Errors
///
/// A read error, or a zstd file whose frames cannot be walked.
pub fn plan(path: &Path, size: u64) -> io::Result<Vec<Split>> {
    Ok(plan_file(path, size)?
        .into_iter()
        .map(|p| p.split)
        .collect())
}

/// A part of a plan, and where a reader that streams the file rather than seeks in it (from a
/// pipe, a download, an object store) must start: [`open_stream`] reads the part from there.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Planned {
    /// The part.
    pub split: Split,
    /// The byte of the file a stream of the part starts at.
    pub from: u64,
}

/// [`plan`], with where each part's stream starts.
///
/// # Errors
///
/// As [`plan`].
pub fn plan_file(path: &Path, size: u64) -> io::Result<Vec<Planned>> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    let format = format_of(&mut file)?;
    let frames = match format {
        Compression::Zstd => zstd_frames::data_frames(&mut file)?,
        _ => Vec::new(),
    };
    Ok(planned(format, len, &frames, size))
}

/// [`plan_file`] for a file read once from its start, as a stream (stdin, a download): the
/// whole stream is read (a zstd file's frames are walked, not decompressed).
///
/// ```
/// use chess_archive::split::{self, Split};
///
/// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n".repeat(100);
/// let plan = split::plan_stream(std::io::Cursor::new(pgn.into_bytes()), 1000)?;
/// assert_eq!(plan.len(), 3);
/// assert_eq!(plan[1].split, Split::Bytes { start: 1000, end: 2000 });
/// assert_eq!(plan[1].from, 996);
/// # Ok::<_, std::io::Error>(())
/// ```
///
/// # Errors
///
/// As [`plan`].
pub fn plan_stream<R: Read + Send + 'static>(input: R, size: u64) -> io::Result<Vec<Planned>> {
    let mut stream: Stream = Stream::new(Box::new(input), 0);
    let format = Compression::detect(stream.peek(Compression::MAGIC_LEN)?);
    let (len, frames) = match format {
        Compression::Zstd => {
            let frames = zstd_frames::stream_frames(&mut stream)?;
            let len = frames.last().map_or(0, |f| f.offset + f.len);
            let data = frames.into_iter().filter(|f| !f.skippable).collect();
            (len, data)
        }
        _ => (io::copy(&mut stream, &mut io::sink())?, Vec::new()),
    };
    Ok(planned(format, len, &frames, size))
}

/// The parts of about `size` bytes of a file of `len` bytes in `format` (with its data
/// `frames` when zstd).
fn planned(format: Compression, len: u64, frames: &[Frame], size: u64) -> Vec<Planned> {
    let size = size.max(1);
    match format {
        Compression::Plain => {
            let parts = len.div_ceil(size).max(1);
            (0..parts)
                .map(|i| {
                    let start = i * size;
                    Planned {
                        split: Split::Bytes {
                            start,
                            end: ((i + 1) * size).min(len),
                        },
                        // The bytes before the start say whether a game starts there.
                        from: start.saturating_sub(BEFORE),
                    }
                })
                .collect()
        }
        Compression::Zstd => {
            let mut parts = Vec::new();
            let (mut first, mut bytes) = (0, 0);
            for (i, frame) in frames.iter().enumerate() {
                bytes += frame.len;
                if (bytes >= size && long_enough(frame)) || i + 1 == frames.len() {
                    parts.push(Planned {
                        split: Split::Frames { first, last: i + 1 },
                        // The frame before, whose text ends where the part starts.
                        from: first
                            .checked_sub(1)
                            .map_or(0, |before| frames[before].offset),
                    });
                    (first, bytes) = (i + 1, 0);
                }
            }
            if parts.is_empty() {
                parts.push(Planned {
                    split: Split::Frames { first: 0, last: 0 },
                    from: 0,
                });
            }
            parts
        }
        Compression::Gzip | Compression::Bzip2 => vec![Planned {
            split: Split::Bytes { start: 0, end: len },
            from: 0,
        }],
    }
}

/// How many bytes before a byte range's start are read to tell whether a game starts there
/// (and how many bytes of text a part of frames needs before it).
const BEFORE: u64 = 4;

/// The longest zstd frame an encoder writes for fewer than [`BEFORE`] bytes of text: an
/// 18-byte header at most, one block of 3 bytes' header and 3 bytes, a 4-byte checksum.
const LONGEST_SHORT_FRAME: u64 = 18 + 3 + 3 + 4;

/// Whether a part may start after `frame`, read from a stream that starts at it: whether its
/// text is surely as long as the [`BEFORE`] bytes that say whether a game starts at the cut
/// (from its stated size, else from its length).
fn long_enough(frame: &Frame) -> bool {
    match frame.content_size {
        Some(size) => size >= BEFORE,
        None => frame.len > LONGEST_SHORT_FRAME,
    }
}

/// Opens the part `split` of a file from a stream of the file that starts at its byte `from`:
/// the [`Planned::from`] of the part (for a byte range, any earlier byte will do too; frames
/// are counted from where the stream starts, which must be that frame boundary). The stream is
/// read as far as the part's last game goes.
///
/// ```
/// use std::io::Read;
/// use chess_archive::split::{self, Split};
///
/// let pgn = "[Event \"a\"]\n\n1. e4 *\n\n".repeat(100);
/// let plan = split::plan_stream(std::io::Cursor::new(pgn.clone().into_bytes()), 1000)?;
/// let part = &plan[1];
/// let stream = pgn.as_bytes()[part.from as usize..].to_vec();
/// let mut input = split::open_stream(std::io::Cursor::new(stream), part.split, part.from)?;
/// let mut text = String::new();
/// input.reader.read_to_string(&mut text)?;
/// // The games that start in bytes 1000..2000 (of 22 bytes each), the first at byte 1012.
/// assert_eq!(input.offset, 1012);
/// assert_eq!(text.len(), 45 * 22);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// A read error; `InvalidInput` when `from` is past where the part's stream must start, for a
/// byte range of a compressed file (other than the whole of it; told from a stream that starts
/// at the file's start, as a stream from inside a plain file starts with any bytes), or frames
/// of a stream that is not zstd.
pub fn open_stream<R: Read + Send + 'static>(
    input: R,
    split: Split,
    from: u64,
) -> Result<SplitInput, SplitError> {
    let mut stream: Stream = Stream::new(Box::new(input), from);
    let format = Compression::detect(stream.peek(Compression::MAGIC_LEN)?);
    match split {
        Split::Bytes { start, end } => {
            // Only a stream from the file's start shows its format: one from inside a plain
            // file starts with whatever bytes are there (a comment may hold `BZh9`).
            if from == 0 && format != Compression::Plain {
                if start == 0 {
                    let (_, reader) = compression::decompress(stream)?;
                    return Ok(SplitInput { reader, offset: 0 });
                }
                return Err(SplitError::BytesOfCompressed(format));
            }
            let window = start.saturating_sub(BEFORE);
            if from > window {
                return Err(SplitError::StreamStartsTooLate {
                    start,
                    needed: window,
                    from,
                });
            }
            io::copy(&mut (&mut stream).take(window - from), &mut io::sink())?;
            let mut before = Vec::new();
            (&mut stream)
                .take(start - window)
                .read_to_end(&mut before)?;
            let shared: Shared = Arc::new(Mutex::new(stream));
            let body = SharedBytes {
                stream: Arc::clone(&shared),
                left: Some(end.saturating_sub(start)),
            };
            let rest = SharedBytes {
                stream: shared,
                left: None,
            };
            let mut part = Part::new(&before, body, rest);
            let skipped = part.skip_to_first_game()?;
            Ok(SplitInput {
                reader: Box::new(part),
                offset: start + skipped,
            })
        }
        Split::Frames { first, last } => {
            if first > 0
                && format == Compression::Zstd
                && stream.peek(4)?.get(..4) != Some(&zstd_frames::MAGIC.to_le_bytes()[..])
            {
                return Err(SplitError::StreamNotAtFrame { first, from });
            }
            if format != Compression::Zstd {
                return Err(SplitError::FramesOfNotZstd(format));
            }
            if first > last {
                return Err(SplitError::FramesOutOfRange {
                    first,
                    last,
                    frames: None,
                });
            }
            let shared: Shared = Arc::new(Mutex::new(stream));
            let mut before = Vec::new();
            if first > 0 {
                before = tail(FrameDecoder::new(Arc::clone(&shared), Some(1))?)?;
                if before.len() < BEFORE as usize && first > 1 {
                    return Err(SplitError::ShortFrameBefore {
                        first,
                        last,
                        text: before.len(),
                    });
                }
                if before.is_empty() {
                    // No text before the part: it starts the text, as after a blank line.
                    before.extend_from_slice(b"\n\n\n\n");
                }
            }
            let body = FrameDecoder::new(Arc::clone(&shared), Some(last - first))?;
            let rest = FrameDecoder::new(shared, None)?;
            let mut part = Part::new(&before, body, rest);
            let skipped = part.skip_to_first_game()?;
            Ok(SplitInput {
                reader: Box::new(part),
                offset: skipped,
            })
        }
    }
}

/// The last four bytes of the text of `reader`, read to its end (all of it when shorter): what
/// [`Part`] needs of the text before a cut. A frame's text can be thousands of times its
/// compressed size, so it is not kept whole.
fn tail(mut reader: impl Read) -> io::Result<Vec<u8>> {
    let mut buffer = vec![0; 1 << 16];
    let mut tail = Vec::with_capacity(8);
    loop {
        let n = match reader.read(&mut buffer) {
            Ok(0) => return Ok(tail),
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        tail.extend_from_slice(&buffer[n.saturating_sub(4)..n]);
        let excess = tail.len().saturating_sub(4);
        tail.drain(..excess);
    }
}

/// The next `left` bytes of a shared stream (all that remain for `None`).
struct SharedBytes {
    stream: Shared,
    left: Option<u64>,
}

impl Read for SharedBytes {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        let want = match self.left {
            Some(0) => return Ok(0),
            Some(left) => out.len().min(usize::try_from(left).unwrap_or(usize::MAX)),
            None => out.len(),
        };
        let mut stream = self
            .stream
            .lock()
            .map_err(|_| io::Error::other("a reader panicked"))?;
        let n = stream.read(&mut out[..want])?;
        if let Some(left) = &mut self.left {
            *left -= n as u64;
        }
        Ok(n)
    }
}

/// Opens the part `split` of the file at `path`.
///
/// # Errors
///
/// [`SplitError`]: a read error, a byte range of a compressed file (other than the whole of
/// it), frames of a file that is not zstd, or a range past the end.
pub fn open(path: &Path, split: Split) -> Result<SplitInput, SplitError> {
    let mut file = File::open(path)?;
    let len = file.metadata()?.len();
    let format = format_of(&mut file)?;
    match split {
        Split::Bytes { start, end } => {
            if format != Compression::Plain {
                if start == 0 && end >= len {
                    // The whole file: what `plan` gives for a file that cannot be cut.
                    let (_, reader) = compression::decompress(file)?;
                    return Ok(SplitInput { reader, offset: 0 });
                }
                return Err(SplitError::BytesOfCompressed(format));
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
            if format != Compression::Zstd {
                return Err(SplitError::FramesOfNotZstd(format));
            }
            let frames = zstd_frames::data_frames(&mut file)?;
            if first > last || last > frames.len() {
                return Err(SplitError::FramesOutOfRange {
                    first,
                    last,
                    frames: Some(frames.len()),
                });
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
            // The text before the cut: the end of the frames before (as many as it takes for
            // four bytes, the frame before alone in real files).
            let mut before = Vec::new();
            for i in (0..first).rev() {
                let mut text = tail(range(at(i), at(i + 1))?)?;
                text.extend_from_slice(&before);
                before = text.split_off(text.len().saturating_sub(BEFORE as usize));
                if before.len() == BEFORE as usize {
                    break;
                }
            }
            if first > 0 && before.is_empty() {
                // No text before the part: it starts the text, as after a blank line.
                before.extend_from_slice(b"\n\n\n\n");
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

#[cfg(test)]
mod tests {
    use std::io::{Cursor, Read, Write};

    use super::*;

    /// Games with comments across lines, some of which look like tags, and one that is long.
    fn text() -> Vec<u8> {
        let mut text = Vec::new();
        for i in 0..400 {
            write!(
                text,
                "[Event \"{i}\"]\n\n1. e4 {{ [%clk 0:03:00]\n[Event \"no\"]\n}} e5 "
            )
            .unwrap();
            if i % 97 == 0 {
                text.extend(b"2. Nf3 Nc6 3. Nc3 Nf6 ".repeat(200));
            }
            text.extend(b"1-0\n\n");
        }
        text
    }

    /// `pzstd`'s layout: each frame announced by a skippable frame with its size.
    fn pzstd(text: &[u8], frame: usize) -> Vec<u8> {
        let mut file = Vec::new();
        for piece in text.chunks(frame) {
            let compressed = zstd::encode_all(piece, 3).unwrap();
            file.extend(0x184D_2A50u32.to_le_bytes());
            file.extend(4u32.to_le_bytes());
            file.extend((compressed.len() as u32).to_le_bytes());
            file.extend(compressed);
        }
        file
    }

    fn read(mut input: SplitInput) -> (u64, Vec<u8>) {
        let mut out = Vec::new();
        input.reader.read_to_end(&mut out).unwrap();
        (input.offset, out)
    }

    #[test]
    fn a_part_read_from_a_stream_is_the_part_read_from_the_file() {
        let text = text();
        let dir = chess_testdata::TempDir::new("split");
        // Plain, pzstd-style frames of 3000 bytes, and frames without announcements.
        let mut plain_frames = Vec::new();
        for piece in text.chunks(5000) {
            plain_frames.extend(zstd::encode_all(piece, 1).unwrap());
        }
        for (name, bytes) in [
            ("plain.pgn", text.clone()),
            ("pzstd.pgn.zst", pzstd(&text, 3000)),
            ("frames.pgn.zst", plain_frames),
        ] {
            let path = dir.join(name);
            std::fs::write(&path, &bytes).unwrap();
            for size in [1, 700, 4000, 20_000, 1 << 30] {
                let plan = plan_file(&path, size).unwrap();
                let streamed = plan_stream(Cursor::new(bytes.clone()), size).unwrap();
                assert_eq!(plan, streamed, "{name}, {size}");
                let mut whole = Vec::new();
                for part in &plan {
                    let from_file = read(open(&path, part.split).unwrap());
                    let stream = Cursor::new(bytes[part.from as usize..].to_vec());
                    let from_stream = read(open_stream(stream, part.split, part.from).unwrap());
                    assert!(from_file == from_stream, "{name}, {size}, {}", part.split);
                    whole.extend(from_stream.1);
                }
                // The parts, one after the other, are the text (from its first game).
                assert!(whole == text, "{name}, {size}");
            }
        }
    }

    #[test]
    fn a_frame_asking_for_too_large_a_window_is_refused_in_a_part() {
        // A frame, then one whose header asks for a 2 GiB window, with an empty last block.
        let mut file = zstd::encode_all(&b"[Event \"a\"]\n\n1. e4 *\n\n"[..], 3).unwrap();
        let at = file.len();
        file.extend(zstd_frames::MAGIC.to_le_bytes());
        file.extend([0x00, 21 << 3, 1, 0, 0]);
        let expected = format!(
            "the zstd frame at byte {at} asks for a window of 2048 MiB, more than the 128 MiB \
             this reader allows"
        );
        for (first, from) in [(0, 0), (1, 0)] {
            let split = Split::Frames { first, last: 2 };
            let result = open_stream(Cursor::new(file.clone()), split, from)
                .map_err(|e| e.to_string())
                .and_then(|mut part| {
                    part.reader
                        .read_to_end(&mut Vec::new())
                        .map_err(|e| e.to_string())
                });
            assert_eq!(result, Err(expected.clone()), "frames {first}:2");
        }
    }

    #[test]
    fn a_part_of_plain_text_that_starts_with_magic_bytes_is_plain() {
        // Found by fuzzing: a part's stream that starts at `BZh9` inside a comment was taken
        // for bzip2 and refused as a byte range of a compressed file.
        let text = b"[Event \"a\"]\n\n1. e4 { BZh9 and \x28\xb5\x2f\xfd } *\n\n".repeat(3);
        for size in [1, 5, 20, 1000] {
            let plan = plan_stream(Cursor::new(text.clone()), size).unwrap();
            let mut whole = Vec::new();
            for part in &plan {
                let stream = Cursor::new(text[part.from as usize..].to_vec());
                let input = open_stream(stream, part.split, part.from)
                    .unwrap_or_else(|e| panic!("{}: {e}", part.split));
                whole.extend(read(input).1);
            }
            assert!(whole == text, "{size}");
        }
    }

    #[test]
    fn parts_after_frames_of_fewer_than_four_bytes_of_text_are_exact_or_refused() {
        // Found by fuzzing: after a frame of one byte of text, `\n`, a part took `[r` for a
        // game start after a blank line, where the line before was not blank, and the part
        // before had read the same bytes as its last game's.
        let text = b"$\n\n1. e4 [x\n[r 1-0\n\n[Event \"b\"]\n*\n".to_vec();
        let dir = chess_testdata::TempDir::new("split-short");
        for chunk in [1, 2, 3, 5] {
            let file = pzstd(&text, chunk);
            let path = dir.join(format!("{chunk}.pgn.zst"));
            std::fs::write(&path, &file).unwrap();
            let frames = zstd_frames::data_frames(&mut Cursor::new(&file)).unwrap();
            // Read from the file, any cut between frames is exact.
            for cut in 0..=frames.len() {
                let parts = [(0, cut), (cut, frames.len())];
                let mut whole = Vec::new();
                for (first, last) in parts {
                    whole.extend(read(open(&path, Split::Frames { first, last }).unwrap()).1);
                }
                assert!(whole == text, "{chunk}, {cut}");
            }
            // Planned, from streams: exact (the plan never cuts after a short frame).
            for size in [1, 30, 100] {
                let mut whole = Vec::new();
                for part in plan_stream(Cursor::new(file.clone()), size).unwrap() {
                    let stream = Cursor::new(file[part.from as usize..].to_vec());
                    whole.extend(read(open_stream(stream, part.split, part.from).unwrap()).1);
                }
                assert!(whole == text, "{chunk}, {size}");
            }
        }
        // Cut by hand after a short frame that is not the first, a stream is refused.
        let file = pzstd(&text, 1);
        let frames = zstd_frames::data_frames(&mut Cursor::new(&file)).unwrap();
        let from = frames[1].offset;
        let error = open_stream(
            Cursor::new(file[from as usize..].to_vec()),
            Split::Frames { first: 2, last: 5 },
            from,
        )
        .unwrap_err();
        assert_eq!(
            error.to_string(),
            "frames 2:5: the frame before them holds 1 bytes of text, fewer than the 4 that say \
             whether a game starts at the cut: read the part from the file, or cut at another frame"
        );
    }

    #[test]
    fn parts_after_frames_of_carriage_returns_tile_the_text() {
        // Found by fuzzing: in frames of 9 bytes of text, the line before `[P` was a run of
        // carriage returns longer than the four bytes a part sees before its cut: the first
        // part took it for a blank line and stopped at `[P`, the part whose frame held the `[`
        // did not, and skipped it, so the last game was in neither.
        let frames: [&[u8]; 14] = [
            b"\x00\xff-\xff\xff\x01\xff\xff\xff",
            b"\r\r\r\r\r\r\x0f\r\x06",
            b"\x01\r\r\r\r\r\r\n\r",
            b"\r\r\r\r\r\r-\xff\xff",
            b"\r\r\r\r\r\r\r\r\x06",
            b"\x01\r\rQ+\r\x00\x00\x00",
            b"\x08\x00\x00\x00\x0e\n\r\n\r",
            b"\r\r\r'\xb5/\xfd\xf2\xf2",
            b"\xf7\xf2\xf2\xfb\r\r\r\r\r",
            b"\r\r\x00\x00\x00\x02\r\n\r",
            b"\n\r\r\r\r\r\r\r\r",
            b"\r\r\r\r\r\r\r\n[",
            b"P/\xfd\x00\x00\n*[\xa8",
            b"\np",
        ];
        let text = frames.concat();
        // As the fuzz target writes them: pzstd's layout, each frame stating its text's size.
        let mut file = Vec::new();
        for piece in frames {
            let compressed = zstd::bulk::compress(piece, 1).unwrap();
            file.extend(0x184D_2A50u32.to_le_bytes());
            file.extend(4u32.to_le_bytes());
            file.extend((compressed.len() as u32).to_le_bytes());
            file.extend(compressed);
        }
        let plan = plan_stream(Cursor::new(file.clone()), 1).unwrap();
        assert_eq!(plan.len(), frames.len());
        let mut whole = Vec::new();
        for part in &plan {
            let stream = Cursor::new(file[part.from as usize..].to_vec());
            whole.extend(read(open_stream(stream, part.split, part.from).unwrap()).1);
        }
        assert!(whole == text);
    }

    #[test]
    fn only_the_last_four_bytes_before_a_cut_are_kept() {
        // A frame's text can be huge: the part needs its last line breaks only.
        assert_eq!(
            tail(Cursor::new(b"[Event \"a\"]\n\n".repeat(20_000))).unwrap(),
            b"\"]\n\n"[..]
        );
        assert_eq!(tail(Cursor::new(b"\n\n")).unwrap(), b"\n\n");
        assert!(tail(Cursor::new(b"")).unwrap().is_empty());
    }

    #[test]
    fn a_stream_that_starts_too_late_or_is_cut_is_an_error() {
        let text = text();
        let late = open_stream(
            Cursor::new(text[1000..].to_vec()),
            Split::Bytes {
                start: 1000,
                end: 2000,
            },
            1000,
        );
        let error = late.expect_err("too late");
        assert!(
            error.to_string().contains("must start at byte 996"),
            "{error}"
        );
        let file = pzstd(&text, 3000);
        let frames = zstd_frames::data_frames(&mut Cursor::new(&file)).unwrap();
        let cut = Cursor::new(file[..frames[1].offset as usize + 10].to_vec());
        let mut input = open_stream(cut, Split::Frames { first: 0, last: 2 }, 0).unwrap();
        let mut out = Vec::new();
        let error = input.reader.read_to_end(&mut out).expect_err("cut");
        assert!(error.to_string().contains("ends inside a frame"), "{error}");
        // Frames are counted from where the stream starts: it must be the frame before them.
        let early = Cursor::new(file[frames[1].offset as usize - 12..].to_vec());
        let error = open_stream(
            early,
            Split::Frames { first: 2, last: 3 },
            frames[1].offset - 12,
        );
        assert!(
            error
                .err()
                .unwrap()
                .to_string()
                .contains("does not start a frame")
        );
        let not_zstd = open_stream(
            Cursor::new(text.clone()),
            Split::Frames { first: 0, last: 1 },
            0,
        );
        assert!(not_zstd.err().unwrap().to_string().contains("plain text"));
    }

    #[test]
    fn a_part_written_is_read_back_as_itself() {
        // `chess pgn --plan --json` and the Python package's `plan` write parts with
        // `Display`; the package's `part=` and a worker read them back with `FromStr`.
        for split in [
            Split::Bytes { start: 0, end: 0 },
            Split::Bytes {
                start: 12,
                end: u64::MAX,
            },
            Split::Frames { first: 0, last: 1 },
            Split::Frames {
                first: 7,
                last: usize::MAX,
            },
        ] {
            assert_eq!(split.to_string().parse::<Split>(), Ok(split), "{split}");
        }
        assert_eq!(
            " frames 2:3 ".parse(),
            Ok(Split::Frames { first: 2, last: 3 })
        );
        for (text, range) in [("bytes", true), ("bytes 5:1", true), ("lines 1:2", false)] {
            let error = text.parse::<Split>().unwrap_err();
            assert_eq!((error.text.as_str(), error.range.is_some()), (text, range));
        }
    }

    #[test]
    fn sizes_are_read_with_k_m_g_or_t() {
        for (text, size) in [
            ("1", 1),
            ("8192", 8192),
            ("4k", 4 << 10),
            ("64M", 64 << 20),
            (" 1g ", 1 << 30),
            ("2T", 2 << 40),
        ] {
            assert_eq!(parse_size(text), Ok(size), "{text}");
        }
        for (text, kind) in [
            ("", ParseSizeErrorKind::NotASize),
            ("M", ParseSizeErrorKind::NotASize),
            ("1.5G", ParseSizeErrorKind::NotASize),
            ("1P", ParseSizeErrorKind::NotASize),
            ("-1", ParseSizeErrorKind::NotASize),
            ("0K", ParseSizeErrorKind::Zero),
            ("16777216T", ParseSizeErrorKind::TooLarge),
            ("99999999999999999999", ParseSizeErrorKind::TooLarge),
        ] {
            assert_eq!(parse_size(text).map_err(|e| e.kind), Err(kind), "{text}");
        }
    }
}
