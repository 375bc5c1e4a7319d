//! Row groups encoded into column chunks, on the calling thread or on a pool of threads, and
//! appended to the file in order.
//!
//! The rows of a row group are encoded in batches of [`BATCH_ROWS`] by parquet's column
//! writers, whichever thread does it: a row group's bytes depend on its records only, so the
//! file is the same whatever the number of threads.

use core::ops::Range;
use std::collections::BTreeMap;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use arrow_schema::{Fields, SchemaRef};
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::errors::ParquetError;
use parquet::file::writer::SerializedFileWriter;

use super::BATCH_ROWS;
use super::columns::Columns;
use crate::Schema;
use crate::record::GameRecord;

/// The encoded column chunks of a row group, or why it could not be encoded.
type Chunks = Result<Vec<ArrowColumnChunk>, ParquetError>;

/// Encodes the rows of row groups: the column builders and the column writers of one thread.
pub(super) struct Encoder {
    kind: Schema,
    columns: Columns,
    fields: Fields,
    factory: Arc<ArrowRowGroupWriterFactory>,
    /// The column writers of the row group begun, one per leaf column.
    writers: Vec<ArrowColumnWriter>,
    /// The rows in the builders, not yet encoded.
    rows: usize,
}

impl Encoder {
    pub(super) fn new(
        kind: Schema,
        schema: &SchemaRef,
        factory: Arc<ArrowRowGroupWriterFactory>,
    ) -> Encoder {
        Encoder {
            kind,
            columns: Columns::new(kind),
            fields: schema.fields().clone(),
            factory,
            writers: Vec::new(),
            rows: 0,
        }
    }

    /// An encoder of the same schema, for another thread.
    pub(super) fn fresh(&self) -> Encoder {
        Encoder {
            kind: self.kind,
            columns: Columns::new(self.kind),
            fields: self.fields.clone(),
            factory: Arc::clone(&self.factory),
            writers: Vec::new(),
            rows: 0,
        }
    }

    /// Begins the row group numbered `index` (from 0).
    pub(super) fn begin(&mut self, index: usize) -> Result<(), ParquetError> {
        self.writers = self.factory.create_column_writers(index)?;
        self.rows = 0;
        Ok(())
    }

    /// Adds the rows `rows` of `record`, encoding a batch when one is full.
    pub(super) fn append(
        &mut self,
        record: &GameRecord,
        source_file: &str,
        rows: Range<usize>,
    ) -> Result<(), ParquetError> {
        self.rows += self.columns.append(record, source_file, rows);
        if self.rows >= BATCH_ROWS {
            self.encode_batch()?;
        }
        Ok(())
    }

    fn encode_batch(&mut self) -> Result<(), ParquetError> {
        if self.rows == 0 {
            return Ok(());
        }
        self.rows = 0;
        let mut writers = self.writers.iter_mut();
        for (array, field) in self.columns.finish().iter().zip(&self.fields) {
            for leaf in compute_leaves(field, array)? {
                let writer = writers
                    .next()
                    .ok_or_else(|| ParquetError::General("a leaf column without writer".into()))?;
                writer.write(&leaf)?;
            }
        }
        Ok(())
    }

    /// Ends the row group begun: its column chunks, encoded.
    pub(super) fn end(&mut self) -> Chunks {
        self.encode_batch()?;
        core::mem::take(&mut self.writers)
            .into_iter()
            .map(ArrowColumnWriter::close)
            .collect()
    }

    /// Encodes a whole row group.
    fn encode(&mut self, index: usize, rows: Vec<Gathered>) -> Chunks {
        self.begin(index)?;
        for Gathered {
            record,
            source,
            rows,
        } in rows
        {
            self.append(&record, &source, rows)?;
        }
        self.end()
    }
}

/// Appends a row group's encoded column chunks to the file.
pub(super) fn append_row_group<W: Write + Send>(
    file: &mut SerializedFileWriter<W>,
    chunks: Vec<ArrowColumnChunk>,
) -> Result<(), ParquetError> {
    let mut group = file.next_row_group()?;
    for chunk in chunks {
        chunk.append_to_row_group(&mut group)?;
    }
    group.close()?;
    Ok(())
}

/// Rows of a record gathered for a row group.
pub(super) struct Gathered {
    pub(super) record: GameRecord,
    pub(super) source: Arc<str>,
    pub(super) rows: Range<usize>,
}

/// A row group to encode: its number and its rows.
struct Job {
    index: usize,
    rows: Vec<Gathered>,
}

/// Threads that encode row groups, and one that appends them to the file in order.
pub(super) struct Pool<W> {
    jobs: Option<SyncSender<Job>>,
    /// One for each row group that may be in flight: taken for each row group handed over,
    /// given back by the writing thread once it is in the file.
    permits: Receiver<()>,
    encoders: Vec<JoinHandle<()>>,
    writer: JoinHandle<Result<W, ParquetError>>,
}

impl<W: Write + Send + 'static> Pool<W> {
    /// Starts a thread for each encoder, and the one that writes `file`.
    ///
    /// # Panics
    ///
    /// If a thread cannot be started.
    pub(super) fn start(file: SerializedFileWriter<W>, encoders: Vec<Encoder>) -> Pool<W> {
        let in_flight = encoders.len() + 1;
        let (jobs, queue) = sync_channel::<Job>(in_flight);
        let queue = Arc::new(Mutex::new(queue));
        let (chunks, encoded) = channel();
        let (give_back, permits) = sync_channel(in_flight);
        for _ in 0..in_flight {
            give_back.send(()).expect("the permits fit");
        }
        let encoders = encoders
            .into_iter()
            .enumerate()
            .map(|(i, encoder)| {
                let queue = Arc::clone(&queue);
                let chunks = chunks.clone();
                std::thread::Builder::new()
                    .name(format!("parquet-enc-{i}"))
                    .spawn(move || encode_jobs(encoder, &queue, &chunks))
                    .expect("an encoder thread starts")
            })
            .collect();
        let writer = std::thread::Builder::new()
            .name("parquet-writer".into())
            .spawn(move || write_in_order(file, &encoded, &give_back))
            .expect("the writer thread starts");
        Pool {
            jobs: Some(jobs),
            permits,
            encoders,
            writer,
        }
    }
}

impl<W: Write + Send> Pool<W> {
    /// Hands row group `index` to the encoders, once fewer than the most allowed are in
    /// flight. `Err` when a thread has stopped (on an error: [`Pool::finish`] gives it).
    pub(super) fn send(&mut self, index: usize, rows: Vec<Gathered>) -> Result<(), ()> {
        let jobs = self.jobs.as_ref().ok_or(())?;
        self.permits.recv().map_err(|_| ())?;
        jobs.send(Job { index, rows }).map_err(|_| ())
    }

    /// Waits for every row group to be encoded and written, writes the footer, and gives
    /// the output back.
    pub(super) fn finish(mut self) -> Result<W, ParquetError> {
        drop(self.jobs.take());
        for encoder in self.encoders {
            // An encoder's panic is reported to the writer as its row group's error.
            let _ = encoder.join();
        }
        self.writer
            .join()
            .unwrap_or_else(|_| Err(ParquetError::General("the writer thread panicked".into())))
    }
}

/// An encoder thread: encodes row groups until there are none left, or the writer stops.
fn encode_jobs(
    mut encoder: Encoder,
    queue: &Mutex<Receiver<Job>>,
    chunks: &Sender<(usize, Chunks)>,
) {
    loop {
        let job = match queue.lock() {
            Ok(queue) => queue.recv(),
            Err(_) => return,
        };
        let Ok(Job { index, rows }) = job else {
            return;
        };
        let result = std::panic::catch_unwind(AssertUnwindSafe(|| encoder.encode(index, rows)));
        let (result, panicked) = match result {
            Ok(result) => (result, false),
            Err(_) => (
                Err(ParquetError::General("an encoder thread panicked".into())),
                true,
            ),
        };
        if chunks.send((index, result)).is_err() || panicked {
            return;
        }
    }
}

/// The writer thread: appends the row groups to the file in their order, as they come
/// encoded, then the footer.
fn write_in_order<W: Write + Send>(
    mut file: SerializedFileWriter<W>,
    encoded: &Receiver<(usize, Chunks)>,
    give_back: &SyncSender<()>,
) -> Result<W, ParquetError> {
    let mut waiting = BTreeMap::new();
    let mut next = 0;
    for (index, chunks) in encoded {
        waiting.insert(index, chunks);
        while let Some(chunks) = waiting.remove(&next) {
            append_row_group(&mut file, chunks?)?;
            next += 1;
            // The gatherer may have finished: nobody then waits for the permit.
            let _ = give_back.try_send(());
        }
    }
    if !waiting.is_empty() {
        return Err(ParquetError::General(
            "a row group was lost by its encoder thread".into(),
        ));
    }
    file.into_inner()
}
