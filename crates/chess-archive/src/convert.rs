//! From PGN to rows: the records of an input's games, read on several threads, numbered in
//! input order and located in the whole file, written as rows by one writer of either format.
//!
//! ```
//! use chess_archive::{OutputFormat, ReadOptions, RecordWriter, Records, Schema, convert};
//!
//! let pgn = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. d4 Ke3 *\n";
//! let schema = Schema::Games { san: false, packed: false };
//! let options = ReadOptions::new(schema.record_options());
//! let mut records = Records::new(pgn.as_bytes(), &options);
//! let mut writer = RecordWriter::new(Vec::new(), OutputFormat::JsonLines, schema)?;
//! let mut bad = Vec::new();
//! let totals = convert(&mut records, &mut writer, "games.pgn", |record| {
//!     if let Some(error) = &record.error {
//!         bad.push((record.game_index, error.at.line));
//!     }
//! })?;
//! assert_eq!((totals.games, totals.rows, totals.bad), (2, 2, 1));
//! assert_eq!(bad, [(2, 7)]); // game 2, line 7: Ke3 is illegal
//! let text = String::from_utf8(writer.finish()?)?;
//! assert!(text.lines().nth(1).unwrap().ends_with(r#""game_index": 2, "byte_offset": 25}"#));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::ops::{AddAssign, ControlFlow};
use core::str::FromStr;
use std::io::{self, Read, Write};
use std::path::Path;

use chess_notation::pgn::{GameBuilder, ParallelReader, ParallelVisit, PgnError};

use crate::jsonl::JsonlWriter;
#[cfg(feature = "parquet")]
use crate::parquet::GameWriter;
use crate::{GameRecord, RecordOptions, RecordVisitor, Schema};

/// The format of an archive file.
///
/// ```
/// use chess_archive::OutputFormat;
///
/// assert_eq!("jsonl".parse(), Ok(OutputFormat::JsonLines));
/// assert_eq!(OutputFormat::from_path("games.parquet".as_ref()), Some(OutputFormat::Parquet));
/// assert_eq!(OutputFormat::from_path("games.txt".as_ref()), None);
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum OutputFormat {
    /// Apache Parquet (feature `parquet`), zstd inside.
    Parquet,
    /// JSON Lines: a JSON object a line.
    JsonLines,
}

impl OutputFormat {
    /// The name the format goes by: `parquet` or `jsonl`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            OutputFormat::Parquet => "parquet",
            OutputFormat::JsonLines => "jsonl",
        }
    }

    /// The format a file's extension names: `.parquet`, or `.jsonl` (`.ndjson`).
    #[must_use]
    pub fn from_path(path: &Path) -> Option<OutputFormat> {
        match path.extension()?.to_str()? {
            "parquet" => Some(OutputFormat::Parquet),
            "jsonl" | "ndjson" => Some(OutputFormat::JsonLines),
            _ => None,
        }
    }
}

impl fmt::Display for OutputFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A format name that is not one of [`OutputFormat`]'s.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownFormat(pub String);

impl fmt::Display for UnknownFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown format {:?}: expected parquet or jsonl", self.0)
    }
}

impl std::error::Error for UnknownFormat {}

impl FromStr for OutputFormat {
    type Err = UnknownFormat;

    fn from_str(text: &str) -> Result<OutputFormat, UnknownFormat> {
        match text {
            "parquet" => Ok(OutputFormat::Parquet),
            "jsonl" | "ndjson" => Ok(OutputFormat::JsonLines),
            _ => Err(UnknownFormat(text.to_owned())),
        }
    }
}

/// Why rows could not be written.
#[derive(Debug)]
#[non_exhaustive]
pub enum WriteError {
    /// Writing the output failed.
    Io(io::Error),
    /// The Parquet encoder failed (writing the output, most often).
    #[cfg(feature = "parquet")]
    Parquet(::parquet::errors::ParquetError),
    /// Parquet was asked for, and the crate was built without its `parquet` feature.
    ParquetNotBuilt,
}

impl fmt::Display for WriteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WriteError::Io(e) => e.fmt(f),
            #[cfg(feature = "parquet")]
            WriteError::Parquet(e) => e.fmt(f),
            WriteError::ParquetNotBuilt => {
                f.write_str("Parquet is not built in (the `parquet` feature of chess-archive)")
            }
        }
    }
}

impl std::error::Error for WriteError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            WriteError::Io(e) => Some(e),
            #[cfg(feature = "parquet")]
            WriteError::Parquet(e) => Some(e),
            WriteError::ParquetNotBuilt => None,
        }
    }
}

impl From<io::Error> for WriteError {
    fn from(e: io::Error) -> WriteError {
        WriteError::Io(e)
    }
}

#[cfg(feature = "parquet")]
impl From<::parquet::errors::ParquetError> for WriteError {
    fn from(e: ::parquet::errors::ParquetError) -> WriteError {
        WriteError::Parquet(e)
    }
}

/// Writes records as the rows of a [`Schema`], in either [`OutputFormat`].
pub struct RecordWriter<W: Write + Send + 'static> {
    inner: Inner<W>,
    schema: Schema,
}

enum Inner<W: Write + Send + 'static> {
    JsonLines(JsonlWriter<W>),
    #[cfg(feature = "parquet")]
    Parquet(Box<GameWriter<W>>),
}

impl<W: Write + Send + 'static> fmt::Debug for RecordWriter<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let format = match self.inner {
            Inner::JsonLines(_) => OutputFormat::JsonLines,
            #[cfg(feature = "parquet")]
            Inner::Parquet(_) => OutputFormat::Parquet,
        };
        f.debug_struct("RecordWriter")
            .field("format", &format)
            .field("schema", &self.schema)
            .finish_non_exhaustive()
    }
}

impl<W: Write + Send + 'static> RecordWriter<W> {
    /// A writer of `schema` rows in `format` to `out` (buffer it).
    ///
    /// # Errors
    ///
    /// The error of writing the file's start; [`WriteError::ParquetNotBuilt`] for Parquet
    /// without the `parquet` feature.
    pub fn new(
        out: W,
        format: OutputFormat,
        schema: Schema,
    ) -> Result<RecordWriter<W>, WriteError> {
        let inner = match format {
            OutputFormat::JsonLines => Inner::JsonLines(JsonlWriter::new(out, schema)),
            #[cfg(feature = "parquet")]
            OutputFormat::Parquet => Inner::Parquet(Box::new(GameWriter::new(out, schema)?)),
            #[cfg(not(feature = "parquet"))]
            OutputFormat::Parquet => return Err(WriteError::ParquetNotBuilt),
        };
        Ok(RecordWriter { inner, schema })
    }

    /// The same writer, encoding Parquet row groups on `threads` threads (0: one per core)
    /// and appending them to the file on a thread of its own (see
    /// [`GameWriter::with_threads`](crate::parquet::GameWriter::with_threads)); the file is
    /// the same whatever the number. JSON Lines is written as it comes.
    #[must_use]
    #[cfg_attr(not(feature = "parquet"), allow(unused_variables))]
    pub fn with_threads(self, threads: usize) -> RecordWriter<W> {
        match self.inner {
            #[cfg(feature = "parquet")]
            Inner::Parquet(writer) => RecordWriter {
                inner: Inner::Parquet(Box::new(writer.with_threads(threads))),
                schema: self.schema,
            },
            inner => RecordWriter { inner, ..self },
        }
    }

    /// The schema of the rows.
    #[must_use]
    pub fn schema(&self) -> Schema {
        self.schema
    }

    /// Writes the rows of `record` (read from `source_file`); returns how many.
    ///
    /// # Errors
    ///
    /// The error of writing.
    pub fn write(&mut self, record: GameRecord, source_file: &str) -> Result<u64, WriteError> {
        match &mut self.inner {
            Inner::JsonLines(writer) => Ok(writer.write(&record, source_file)?),
            #[cfg(feature = "parquet")]
            Inner::Parquet(writer) => {
                let rows = self.schema.rows(&record);
                writer.write(record, source_file)?;
                Ok(rows)
            }
        }
    }

    /// Writes what is left (a Parquet file's footer) and gives the output back.
    ///
    /// # Errors
    ///
    /// The error of writing.
    pub fn finish(self) -> Result<W, WriteError> {
        match self.inner {
            Inner::JsonLines(writer) => Ok(writer.finish()?),
            #[cfg(feature = "parquet")]
            Inner::Parquet(writer) => Ok(writer.finish()?),
        }
    }
}

/// How to read a PGN input into records.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// What the records hold.
    pub record: RecordOptions,
    /// Whether castling is read as in Chess960 (`X-FEN`, Shredder-FEN).
    pub chess960: bool,
    /// Whether `--` is read as a null move.
    pub allow_null_moves: bool,
    /// The threads that read (0: as many as the machine has cores).
    pub threads: usize,
    /// Where the input starts in the file it is part of: added to every record's offset (see
    /// [`split`](crate::split), whose parts start there).
    pub offset: u64,
}

impl ReadOptions {
    /// Records of `record`'s kind, read on every core, from the start of a file.
    #[must_use]
    pub fn new(record: RecordOptions) -> ReadOptions {
        ReadOptions {
            record,
            chess960: false,
            allow_null_moves: false,
            threads: 0,
            offset: 0,
        }
    }
}

/// The records of the games of one PGN input, read on several threads and given in input
/// order, numbered from 1 ([`GameRecord::game_index`]) with their offsets counted in the
/// whole file ([`GameRecord::byte_offset`], from [`ReadOptions::offset`]). A bad game is a
/// record with its error; an input that cannot be read ends the iterator, and
/// [`Records::take_error`] says why.
pub struct Records<R: Read> {
    games: ParallelVisit<R, RecordVisitor>,
    number: u64,
    offset: u64,
}

impl<R: Read> fmt::Debug for Records<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Records")
            .field("number", &self.number)
            .field("offset", &self.offset)
            .finish_non_exhaustive()
    }
}

impl<R: Read + Send + 'static> Records<R> {
    /// The records of `input`'s games.
    pub fn new(input: R, options: &ReadOptions) -> Records<R> {
        let visitor = RecordVisitor::new(
            GameBuilder::new()
                .chess960(options.chess960)
                .allow_null_moves(options.allow_null_moves),
            options.record,
        );
        Records {
            games: ParallelReader::new(input)
                .threads(options.threads)
                .visit(move || visitor.clone()),
            number: 0,
            offset: options.offset,
        }
    }
}

impl<R: Read> Records<R> {
    /// Why the input could not be read to its end, once the iterator has ended on it.
    pub fn take_error(&mut self) -> Option<PgnError> {
        self.games.take_error()
    }
}

impl<R: Read> Iterator for Records<R> {
    type Item = GameRecord;

    fn next(&mut self) -> Option<GameRecord> {
        let mut record = self.games.next()?;
        self.number += 1;
        record.game_index = self.number;
        record.byte_offset += self.offset;
        Some(record)
    }
}

/// What a conversion wrote.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Totals {
    /// The games read.
    pub games: u64,
    /// The rows written: a row per game, or per position.
    pub rows: u64,
    /// The games that could not be read whole (an error, or cut by the end of the input).
    pub bad: u64,
}

impl AddAssign for Totals {
    fn add_assign(&mut self, other: Totals) {
        self.games += other.games;
        self.rows += other.rows;
        self.bad += other.bad;
    }
}

/// Writes the rows of every record of `records` (read from `source_file`) with `writer`,
/// calling `on_record` with each record before it is handed to the writer (to report bad
/// games, or progress). Stops at the end of the input, or when the input cannot be read
/// ([`Records::take_error`] then says why). `records` is most often `&mut` a [`Records`];
/// any iterator of records will do (one that stops early when a user cancels, say).
///
/// # Errors
///
/// The error of writing.
pub fn convert<W: Write + Send + 'static>(
    records: impl IntoIterator<Item = GameRecord>,
    writer: &mut RecordWriter<W>,
    source_file: &str,
    mut on_record: impl FnMut(&GameRecord),
) -> Result<Totals, WriteError> {
    let mut totals = Totals::default();
    for record in records {
        totals.games += 1;
        totals.bad += u64::from(record.error.is_some() || record.truncated);
        on_record(&record);
        totals.rows += writer.write(record, source_file)?;
    }
    Ok(totals)
}

/// Why the rows of an input were not all written ([`Conversion::add`]).
#[derive(Debug)]
#[non_exhaustive]
pub enum ConvertError {
    /// The input could not be read to its end; the rows of the games before were written.
    Read(PgnError),
    /// Writing the output failed.
    Write(WriteError),
    /// The caller asked to stop.
    Stopped,
}

impl fmt::Display for ConvertError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConvertError::Read(e) => e.fmt(f),
            ConvertError::Write(e) => e.fmt(f),
            ConvertError::Stopped => f.write_str("interrupted"),
        }
    }
}

impl std::error::Error for ConvertError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ConvertError::Read(e) => Some(e),
            ConvertError::Write(e) => Some(e),
            ConvertError::Stopped => None,
        }
    }
}

/// PGN inputs made into the rows of one file, one input after the other: the loop of
/// `chess pgn --to` and of the Python package's `write_parquet`, whose fronts only open the
/// inputs ([`input`](crate::input)) and the file ([`output`](crate::output)) and word what
/// happens.
///
/// ```
/// use core::ops::ControlFlow;
/// use chess_archive::{Conversion, ConvertError, OutputFormat, ReadOptions, RecordWriter, Records, Schema};
///
/// let schema = Schema::Positions;
/// let writer = RecordWriter::new(Vec::new(), OutputFormat::JsonLines, schema)?;
/// let mut conversion = Conversion::new(writer);
/// let options = ReadOptions::new(schema.record_options());
/// let mut records = Records::new(&b"1. e4 e5 *\n\n1. d4 *\n"[..], &options);
/// conversion.add(&mut records, "a.pgn", |_| ControlFlow::Continue(()))?;
/// // A caller that stops: the record it stops at is not written.
/// let mut records = Records::new(&b"1. c4 *\n"[..], &options);
/// let stopped = conversion.add(&mut records, "b.pgn", |_| ControlFlow::Break(()));
/// assert!(matches!(stopped, Err(ConvertError::Stopped)));
/// let (text, totals) = conversion.finish()?;
/// assert_eq!((totals.games, totals.rows), (2, 5));
/// assert_eq!(String::from_utf8(text)?.lines().count(), 5);
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct Conversion<W: Write + Send + 'static> {
    writer: RecordWriter<W>,
    totals: Totals,
}

impl<W: Write + Send + 'static> fmt::Debug for Conversion<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Conversion")
            .field("writer", &self.writer)
            .field("totals", &self.totals)
            .finish()
    }
}

impl<W: Write + Send + 'static> Conversion<W> {
    /// A conversion into `writer`.
    #[must_use]
    pub fn new(writer: RecordWriter<W>) -> Conversion<W> {
        Conversion {
            writer,
            totals: Totals::default(),
        }
    }

    /// Writes the rows of the games of `records` (read from `source_file`), calling
    /// `on_record` with each record before it is written (to report a bad game, move a
    /// progress bar, or stop: a `Break` leaves that record out and ends the input). Returns
    /// what this input wrote.
    ///
    /// # Errors
    ///
    /// [`ConvertError`]: the input could not be read to its end (the rows before were
    /// written, and count in [`Conversion::totals`]), writing failed, or `on_record` stopped.
    pub fn add<R: Read>(
        &mut self,
        records: &mut Records<R>,
        source_file: &str,
        mut on_record: impl FnMut(&GameRecord) -> ControlFlow<()>,
    ) -> Result<Totals, ConvertError> {
        let mut stopped = false;
        let totals = convert(
            records.by_ref().take_while(|record| {
                stopped = on_record(record).is_break();
                !stopped
            }),
            &mut self.writer,
            source_file,
            |_| {},
        )
        .map_err(ConvertError::Write)?;
        self.totals += totals;
        if stopped {
            return Err(ConvertError::Stopped);
        }
        match records.take_error() {
            Some(e) => Err(ConvertError::Read(e)),
            None => Ok(totals),
        }
    }

    /// What the inputs added so far wrote.
    #[must_use]
    pub fn totals(&self) -> Totals {
        self.totals
    }

    /// Writes what is left (a Parquet file's footer), flushes the output and gives it back,
    /// with what was written.
    ///
    /// # Errors
    ///
    /// The error of writing.
    pub fn finish(self) -> Result<(W, Totals), WriteError> {
        let mut out = self.writer.finish()?;
        out.flush()?;
        Ok((out, self.totals))
    }
}
