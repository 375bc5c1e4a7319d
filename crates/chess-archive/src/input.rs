//! Opening an input of games, once for every front (the `chess` program, the Python package):
//! a file by its path, standard input, or any reader (bytes in memory, another language's
//! file object); compressed or not, recognised by content ([`compression`]); all of it, or a
//! part of it ([`split`]); decompressed on a thread of its own where that frees the readers
//! ([`Opened::read_ahead`]).
//!
//! ```
//! use std::io::Cursor;
//! use chess_archive::input::{Input, Source};
//! use chess_archive::split::Split;
//! use chess_archive::{ReadOptions, RecordOptions};
//!
//! let pgn = "[Event \"a\"]\n\n1. e4 *\n\n".repeat(100);
//! let compressed = zstd::encode_all(pgn.as_bytes(), 3)?;
//! let options = ReadOptions::new(RecordOptions::default());
//! // Compressed bytes in memory, read whole: 100 games.
//! let input = Input::new(Source::Reader(Box::new(Cursor::new(compressed))));
//! assert_eq!(input.records(&options)?.count(), 100);
//! // The games that start in bytes 1000..2000 of the plain text, numbered in the whole file.
//! let input = Input::new(Source::Reader(Box::new(Cursor::new(pgn.into_bytes()))))
//!     .part(Split::Bytes { start: 1000, end: 2000 }, None)?;
//! let offsets: Vec<u64> = input.records(&options)?.map(|r| r.byte_offset).collect();
//! assert_eq!((offsets.len(), offsets[0]), (45, 1012));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! [`compression`]: crate::compression

use core::fmt;
use std::fs::File;
use std::io::{self, Read};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::compression::{self, Compression, Counting, ReadAhead};
use crate::split::{self, Planned, Split, SplitError};
use crate::{ReadOptions, Records};

/// Where an input's bytes come from.
pub enum Source {
    /// A file, by its path: a part of it is read from where the part starts.
    Path(PathBuf),
    /// The standard input.
    Stdin,
    /// Any other reader: bytes in memory, a pipe, a file object of another language. A part
    /// of it is read as a stream of the file from [`Part::from`] on.
    Reader(Box<dyn Read + Send>),
}

impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Path(path) => f.debug_tuple("Path").field(path).finish(),
            Source::Stdin => f.write_str("Stdin"),
            Source::Reader(_) => f.write_str("Reader(..)"),
        }
    }
}

impl Source {
    /// The file the source reads, if it reads one by its path.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        match self {
            Source::Path(path) => Some(path),
            Source::Stdin | Source::Reader(_) => None,
        }
    }

    /// The parts of about `size` bytes of the file the source holds ([`split::plan_file`] for
    /// a path; a stream is read once from its start, [`split::plan_stream`]).
    ///
    /// # Errors
    ///
    /// A read error, or a zstd file whose frames cannot be walked.
    pub fn plan(self, size: u64) -> io::Result<Vec<Planned>> {
        match self {
            Source::Path(path) => split::plan_file(&path, size),
            Source::Stdin => split::plan_stream(io::stdin(), size),
            Source::Reader(reader) => split::plan_stream(reader, size),
        }
    }
}

/// A part of a source: which part, and for a stream (standard input or a reader) the byte of
/// the file the stream starts at ([`Planned::from`]; 0 when `None`, a stream of the whole
/// file).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Part {
    /// The part.
    pub split: Split,
    /// Where the stream starts in the file.
    pub from: Option<u64>,
}

/// An input of games: a [`Source`], all of it or a [`Part`].
#[derive(Debug)]
pub struct Input {
    source: Source,
    part: Option<Part>,
}

/// Why an input could not be opened.
#[derive(Debug)]
#[non_exhaustive]
pub enum OpenError {
    /// Opening or reading the source failed (a corrupt compressed stream too).
    Io(io::Error),
    /// The part could not be opened: see [`SplitError`].
    Split(SplitError),
    /// Where a stream starts was given for a part of a file opened by its path, which is read
    /// from where the part starts.
    FromOfPath,
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OpenError::Io(e) => e.fmt(f),
            OpenError::Split(e) => e.fmt(f),
            OpenError::FromOfPath => f.write_str(
                "where a stream starts is for a part read from a stream: a file opened by its path is read from where the part starts",
            ),
        }
    }
}

impl std::error::Error for OpenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            OpenError::Io(e) => Some(e),
            OpenError::Split(e) => Some(e),
            OpenError::FromOfPath => None,
        }
    }
}

impl From<io::Error> for OpenError {
    fn from(e: io::Error) -> OpenError {
        OpenError::Io(e)
    }
}

impl From<SplitError> for OpenError {
    fn from(e: SplitError) -> OpenError {
        OpenError::Split(e)
    }
}

impl Input {
    /// All of `source`.
    #[must_use]
    pub fn new(source: Source) -> Input {
        Input { source, part: None }
    }

    /// Only the games of the part `split` (see [`split`]): for a stream, one of the file from
    /// its byte `from` (0 when `None`).
    ///
    /// # Errors
    ///
    /// [`OpenError::FromOfPath`]: `from` for a file opened by its path.
    pub fn part(self, split: Split, from: Option<u64>) -> Result<Input, OpenError> {
        if from.is_some() && matches!(self.source, Source::Path(_)) {
            return Err(OpenError::FromOfPath);
        }
        Ok(Input {
            part: Some(Part { split, from }),
            ..self
        })
    }

    /// The source.
    #[must_use]
    pub fn source(&self) -> &Source {
        &self.source
    }

    /// Opens the input: its text decompressed when its first bytes say it is compressed, or
    /// the text of its part's games.
    ///
    /// # Errors
    ///
    /// The error of opening or first reading the source, or of opening the part.
    pub fn open(self) -> Result<Opened, OpenError> {
        let read = Arc::new(AtomicU64::new(0));
        let Some(Part { split, from }) = self.part else {
            let (raw, size): (Box<dyn Read + Send>, _) = match self.source {
                Source::Path(path) => {
                    let file = File::open(path)?;
                    let size = file.metadata().ok().map(|m| m.len());
                    (Box::new(file), size)
                }
                // A file on stdin has a size.
                Source::Stdin => (Box::new(io::stdin()), stdin_size()),
                Source::Reader(reader) => (reader, None),
            };
            let counted = Counting {
                inner: raw,
                read: Arc::clone(&read),
            };
            let (format, reader) = compression::decompress(counted)?;
            return Ok(Opened {
                reader,
                offset: 0,
                compressed: format != Compression::Plain,
                size,
                read,
            });
        };
        let part = match self.source {
            Source::Path(path) => split::open(&path, split)?,
            Source::Stdin => split::open_stream(io::stdin(), split, from.unwrap_or(0))?,
            Source::Reader(reader) => split::open_stream(reader, split, from.unwrap_or(0))?,
        };
        Ok(Opened {
            reader: Box::new(Counting {
                inner: part.reader,
                read: Arc::clone(&read),
            }),
            offset: part.offset,
            compressed: matches!(split, Split::Frames { .. }),
            size: None,
            read,
        })
    }

    /// The records of the input's games ([`Input::open`], read ahead unless one thread reads:
    /// [`Opened::read_ahead`]), their offsets counted in the whole file for a part.
    ///
    /// # Errors
    ///
    /// As [`Input::open`], and the error of starting the read-ahead thread.
    pub fn records(
        self,
        options: &ReadOptions,
    ) -> Result<Records<Box<dyn Read + Send>>, OpenError> {
        Ok(self.open()?.read_ahead(options.threads)?.records(options))
    }
}

/// The size of the file on standard input, when it is a file.
fn stdin_size() -> Option<u64> {
    std::fs::metadata("/dev/stdin")
        .ok()
        .filter(std::fs::Metadata::is_file)
        .map(|m| m.len())
}

/// An input opened for reading.
pub struct Opened {
    /// Its text: decompressed, or the text of its part's games.
    pub reader: Box<dyn Read + Send>,
    /// Where its text starts in the file's text: not 0 for a part, whose games' offsets are
    /// counted from there (see [`ReadOptions::offset`]).
    pub offset: u64,
    /// Whether its text is decompressed as it is read.
    pub compressed: bool,
    /// The bytes of the source, when known (a file), against which [`Opened::progress`]
    /// counts.
    pub size: Option<u64>,
    read: Arc<AtomicU64>,
}

impl fmt::Debug for Opened {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Opened")
            .field("offset", &self.offset)
            .field("compressed", &self.compressed)
            .field("size", &self.size)
            .finish_non_exhaustive()
    }
}

impl Opened {
    /// The same input, decompressed on a thread of its own ([`ReadAhead`]) when it is
    /// compressed, a part of a zstd file's frames too, and more than one thread reads
    /// (`threads` is not 1; 0 is one per core): the thread that hands the text to the reading
    /// threads then does only that.
    ///
    /// # Errors
    ///
    /// The error of starting the thread.
    pub fn read_ahead(self, threads: usize) -> io::Result<Opened> {
        Ok(Opened {
            reader: read_ahead(self.reader, self.compressed, threads)?,
            ..self
        })
    }

    /// The bytes read so far from the source (compressed ones for a whole compressed input,
    /// the part's text for a part), as the reading goes on: for a progress bar.
    #[must_use]
    pub fn progress(&self) -> Progress {
        Progress(Arc::clone(&self.read))
    }

    /// The records of the input's games, read with `options`, their offsets counted from
    /// [`Opened::offset`].
    #[must_use]
    pub fn records(self, options: &ReadOptions) -> Records<Box<dyn Read + Send>> {
        let options = ReadOptions {
            offset: self.offset,
            ..options.clone()
        };
        Records::new(self.reader, &options)
    }
}

/// `text`, an input's text ([`Opened::reader`]), decompressed on a thread of its own
/// ([`ReadAhead`]) when it is `compressed` ([`Opened::compressed`]) and more than one thread
/// reads (`threads` is not 1; 0 is one per core); else `text` as it is. [`Opened::read_ahead`]
/// for a front that keeps the text apart from the rest of what it opened.
///
/// # Errors
///
/// The error of starting the thread.
pub fn read_ahead(
    text: Box<dyn Read + Send>,
    compressed: bool,
    threads: usize,
) -> io::Result<Box<dyn Read + Send>> {
    if !compressed || threads == 1 {
        return Ok(text);
    }
    Ok(Box::new(ReadAhead::new(text)?))
}

/// How many bytes of an input have been read ([`Opened::progress`]).
#[derive(Clone, Debug)]
pub struct Progress(Arc<AtomicU64>);

impl Progress {
    /// The bytes read so far.
    #[must_use]
    pub fn bytes(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RecordOptions;
    use std::io::Cursor;

    fn reader(bytes: Vec<u8>) -> Source {
        Source::Reader(Box::new(Cursor::new(bytes)))
    }

    #[test]
    fn a_part_of_a_zstd_file_of_frames_is_compressed_as_the_whole_file_is() {
        // So that both are read ahead (`Opened::read_ahead`): the Python package once read
        // a part's frames on the thread that hands out the text.
        // Two frames, as pzstd writes them.
        let game = "[Event \"a\"]\n\n1. e4 *\n\n";
        let mut zst = zstd::encode_all(game.repeat(50).as_bytes(), 3).unwrap();
        zst.extend(zstd::encode_all(game.repeat(50).as_bytes(), 3).unwrap());
        let frames = Split::Frames { first: 1, last: 2 };
        for threads in [0, 2, 1] {
            let whole = Input::new(reader(zst.clone())).open().unwrap();
            assert!(whole.compressed);
            let whole = whole.read_ahead(threads).unwrap();
            let part = Input::new(reader(zst.clone()))
                .part(frames, None)
                .unwrap()
                .open()
                .unwrap();
            assert!(part.compressed, "a part of frames is decompressed");
            let options = ReadOptions {
                threads,
                ..ReadOptions::new(RecordOptions::default())
            };
            let part = part.read_ahead(threads).unwrap().records(&options);
            assert_eq!(part.count(), 50);
            drop(whole);
        }
        // Plain text is not read ahead: there is nothing to decompress.
        let plain = Input::new(reader(game.repeat(3).into_bytes()))
            .open()
            .unwrap();
        assert!(!plain.compressed);
    }

    #[test]
    fn a_stream_start_is_for_streams() {
        let bytes = Split::Bytes { start: 0, end: 10 };
        let error = Input::new(Source::Path("games.pgn".into()))
            .part(bytes, Some(5))
            .unwrap_err();
        assert!(matches!(error, OpenError::FromOfPath), "{error}");
        assert!(Input::new(Source::Stdin).part(bytes, Some(5)).is_ok());
    }

    #[test]
    fn the_bytes_read_are_counted() {
        let pgn = "1. e4 e5 *\n\n".repeat(1000).into_bytes();
        let len = pgn.len() as u64;
        let compressed = zstd::encode_all(&pgn[..], 3).unwrap();
        let clen = compressed.len() as u64;
        for (bytes, counted) in [(pgn, len), (compressed, clen)] {
            let opened = Input::new(reader(bytes)).open().unwrap();
            let progress = opened.progress();
            let games = opened
                .records(&ReadOptions::new(RecordOptions::default()))
                .count();
            assert_eq!(games, 1000);
            assert_eq!(progress.bytes(), counted);
        }
    }
}
