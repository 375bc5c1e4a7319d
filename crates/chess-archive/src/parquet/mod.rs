//! Game records as Parquet (feature `parquet`): one row per game in the project's schema, one
//! row per position for training sets, or exactly the Lichess data set's columns; row groups
//! written as records stream in, in bounded memory; zstd inside the file. The schemas are
//! described in `docs/formats.md` and are a stable interface.
//!
//! [`BatchBuilder`] makes the same rows into Arrow record batches, for readers that keep them
//! in memory.
//!
//! With [`GameWriter::with_threads`], row groups are encoded on several threads and one more
//! thread only appends the finished bytes to the file, in order: the file is the same, byte
//! for byte, whatever the number of threads.
//!
//! ```
//! use chess_archive::parquet::GameWriter;
//! use chess_archive::{GameRecord, RecordOptions, Schema};
//! use chess_notation::pgn::{GameBuilder, Reader, VisitorExt};
//!
//! let pgn = "[White \"Ann\"]\n[WhiteElo \"1850\"]\n\n1. e4 e5 2. Nf3 *\n";
//! let mut writer = GameWriter::new(Vec::new(), Schema::Games { san: false, packed: false })?;
//! let mut reader = Reader::new(pgn.as_bytes());
//! let mut builder = GameBuilder::new().with_start();
//! while let Some((start, game)) = reader.read_game(&mut builder)? {
//!     let record = GameRecord::new(game, start, 1, &RecordOptions::default());
//!     writer.write(record, "games.pgn")?;
//! }
//! let bytes = writer.finish()?;
//! assert_eq!(&bytes[..4], b"PAR1");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::io::Write;
use std::sync::Arc;

use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::errors::ParquetError;
use parquet::file::properties::{EnabledStatistics, WriterProperties};
use parquet::file::writer::SerializedFileWriter;
use parquet::schema::types::ColumnPath;

use crate::Schema;
use crate::record::GameRecord;
pub use batches::{BatchBuilder, UnknownColumn};
use columns::Columns;
use encode::{Encoder, Gathered, Pool, ROW_GROUP_ROWS, append_row_group};

mod batches;
mod columns;
mod encode;
#[cfg(test)]
mod tests;

/// Writes game records to a Parquet file, in row groups of 16 384 rows.
pub struct GameWriter<W: Write + Send> {
    kind: Schema,
    schema: SchemaRef,
    /// The rows of the row group being gathered.
    group_rows: usize,
    /// The number of the row group being gathered.
    group: usize,
    sink: Sink<W>,
}

/// Where the row groups are encoded and written.
enum Sink<W: Write + Send> {
    /// On the calling thread, each row group encoded as its records come.
    Inline {
        file: Box<SerializedFileWriter<W>>,
        encoder: Box<Encoder>,
    },
    /// Row groups gathered here, encoded on a pool of threads and appended to the file by a
    /// thread of its own.
    Pool {
        pool: Pool<W>,
        /// The name of the last record's source, shared by the records that have it.
        source: Option<Arc<str>>,
    },
    /// A thread of the pool failed, and the error was reported.
    Failed,
}

impl<W: Write + Send> GameWriter<W> {
    /// A writer of `schema` rows to `out`, encoding on the calling thread.
    ///
    /// # Errors
    ///
    /// The error of writing the file's start.
    pub fn new(out: W, schema: Schema) -> Result<GameWriter<W>, ParquetError> {
        let arrow_schema = Columns::new(schema).schema();
        let mut properties =
            WriterProperties::builder().set_compression(Compression::ZSTD(ZstdLevel::try_new(3)?));
        // A dictionary only pays where values repeat: not for a value of each game's own.
        for column in [
            "site",
            "final_fen",
            "game_index",
            "byte_offset",
            "Site",
            "movetext",
            "fen",
            "packed",
        ] {
            properties = properties.set_column_dictionary_enabled(column.into(), false);
        }
        // Nor are the smallest and largest move or final position of a row group worth the
        // comparisons of every value that find them.
        for column in [
            "moves_uci.list.item",
            "moves_san.list.item",
            "final_fen",
            "movetext",
        ] {
            let path = ColumnPath::new(column.split('.').map(String::from).collect());
            properties = properties.set_column_statistics_enabled(path, EnabledStatistics::None);
        }
        let properties = properties
            .set_statistics_enabled(EnabledStatistics::Chunk)
            .build();
        let (file, factory) =
            ArrowWriter::try_new(out, Arc::clone(&arrow_schema), Some(properties))?
                .into_serialized_writer()?;
        let encoder = Encoder::new(schema, &arrow_schema, Arc::new(factory));
        Ok(GameWriter {
            kind: schema,
            schema: arrow_schema,
            group_rows: 0,
            group: 0,
            sink: Sink::Inline {
                file: Box::new(file),
                encoder: Box::new(encoder),
            },
        })
    }

    /// The same writer, encoding row groups on `threads` threads (0: one per core; 1: on the
    /// calling thread, as [`GameWriter::new`] does), while a thread of its own appends them
    /// to the file in order. The calling thread only gathers the records of each row group,
    /// a batch of 1 024 rows at a time. The file is the same, byte for byte, whatever the
    /// number of threads. At most one row group per thread is in flight: the memory grows by
    /// up to a row group's records (16 384) per thread.
    ///
    /// Call it before the first [`GameWriter::write`]; later, it changes nothing.
    ///
    /// # Panics
    ///
    /// If a thread cannot be started.
    #[must_use]
    pub fn with_threads(mut self, threads: usize) -> GameWriter<W>
    where
        W: 'static,
    {
        let threads = if threads == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            threads
        };
        if threads <= 1 || self.group_rows > 0 || self.group > 0 {
            return self;
        }
        if let Sink::Inline { file, encoder, .. } = self.sink {
            let encoders = (0..threads).map(|_| encoder.fresh()).collect();
            self.sink = Sink::Pool {
                pool: Pool::start(*file, encoders),
                source: None,
            };
        }
        self
    }

    /// The Arrow schema of the rows.
    #[must_use]
    pub fn schema(&self) -> SchemaRef {
        Arc::clone(&self.schema)
    }

    /// Adds the rows of `record` (read from `source_file`).
    ///
    /// # Errors
    ///
    /// The error of encoding or writing a row group before (on the threads, reported at the
    /// next row group).
    pub fn write(&mut self, record: GameRecord, source_file: &str) -> Result<(), ParquetError> {
        let rows = self.kind.rows(&record) as usize;
        let mut record = Some(record);
        let mut start = 0;
        while start < rows {
            let end = rows.min(start + ROW_GROUP_ROWS - self.group_rows);
            // A game whose positions fill one row group and start the next goes to both.
            let part = if end == rows {
                record
                    .take()
                    .expect("the record is there until its last rows")
            } else {
                record
                    .as_ref()
                    .expect("the record is there until its last rows")
                    .clone()
            };
            self.append(part, source_file, start..end)?;
            self.group_rows += end - start;
            start = end;
            if self.group_rows == ROW_GROUP_ROWS {
                self.end_group()?;
            }
        }
        Ok(())
    }

    fn append(
        &mut self,
        record: GameRecord,
        source_file: &str,
        rows: core::ops::Range<usize>,
    ) -> Result<(), ParquetError> {
        match &mut self.sink {
            Sink::Inline { encoder, .. } => {
                encoder.begin(self.group)?;
                encoder.append(&record, source_file, rows)
            }
            Sink::Pool { pool, source } => {
                if source.as_deref() != Some(source_file) {
                    *source = Some(Arc::from(source_file));
                }
                let source = Arc::clone(source.as_ref().expect("set above"));
                let gathered = Gathered {
                    record,
                    source,
                    rows,
                };
                match pool.push(self.group, gathered) {
                    Ok(()) => Ok(()),
                    Err(()) => Err(self.fail()),
                }
            }
            Sink::Failed => Err(failed()),
        }
    }

    /// Encodes and writes the row group gathered (or hands it to the threads).
    fn end_group(&mut self) -> Result<(), ParquetError> {
        if self.group_rows == 0 {
            return Ok(());
        }
        let index = self.group;
        self.group += 1;
        self.group_rows = 0;
        match &mut self.sink {
            Sink::Inline { file, encoder } => append_row_group(file, encoder.end()?),
            Sink::Pool { pool, .. } => match pool.end_group(index) {
                Ok(()) => Ok(()),
                Err(()) => Err(self.fail()),
            },
            Sink::Failed => Err(failed()),
        }
    }

    /// A thread of the pool stopped on an error: finishes the pool to get it.
    fn fail(&mut self) -> ParquetError {
        match core::mem::replace(&mut self.sink, Sink::Failed) {
            Sink::Pool { pool, .. } => pool.finish().err().unwrap_or_else(failed),
            _ => failed(),
        }
    }

    /// Writes what is left and the file's footer, and gives the output back.
    ///
    /// # Errors
    ///
    /// The error of encoding or writing.
    pub fn finish(mut self) -> Result<W, ParquetError> {
        self.end_group()?;
        match self.sink {
            Sink::Inline { file, .. } => file.into_inner(),
            Sink::Pool { pool, .. } => pool.finish(),
            Sink::Failed => Err(failed()),
        }
    }
}

/// The error of a writer used after its threads failed.
fn failed() -> ParquetError {
    ParquetError::General("the file could not be written".into())
}
