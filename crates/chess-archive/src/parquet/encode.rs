//! Row groups encoded into column chunks, on the calling thread or on a pool of threads, and
//! appended to the file in order.
//!
//! One [`Encoder`] encodes a row group, whichever thread it is on: the rows are made into
//! Arrow arrays in batches of [`BATCH_ROWS`] rows (cut after the record that fills one) and
//! encoded batch by batch by parquet's column writers. A row group's bytes depend on its
//! records only, so the file is the same whatever the number of threads.
//!
//! On a pool, the row groups take turns among the threads, and the calling thread hands each
//! batch of records to its row group's thread as soon as it is gathered. The records, made by
//! the threads that read, are freed soon after (held for a whole row group, they cost those
//! threads a tenth more time, and the memory of a row group of records per thread), and a
//! batch's arrays are made, encoded and freed on one thread. One more thread appends the
//! encoded row groups to the file, in order.

use core::ops::Range;
use std::collections::BTreeMap;
use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::mpsc::{Receiver, Sender, SyncSender, channel, sync_channel};
use std::thread::JoinHandle;

use arrow_array::ArrayRef;
use arrow_schema::{Fields, SchemaRef};
use parquet::arrow::arrow_writer::{
    ArrowColumnChunk, ArrowColumnWriter, ArrowRowGroupWriterFactory, compute_leaves,
};
use parquet::errors::ParquetError;
use parquet::file::writer::SerializedFileWriter;

use super::columns::Columns;
use crate::Schema;
use crate::record::GameRecord;

/// Rows gathered before they are encoded as one batch.
pub(super) const BATCH_ROWS: usize = 1024;
/// Rows per row group: bounded memory, and parts a reader can skip.
pub(super) const ROW_GROUP_ROWS: usize = 16_384;

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

    /// Begins the row group numbered `index` (from 0), unless one is begun.
    pub(super) fn begin(&mut self, index: usize) -> Result<(), ParquetError> {
        if self.writers.is_empty() {
            self.writers = self.factory.create_column_writers(index)?;
            self.rows = 0;
        }
        Ok(())
    }

    /// Drops the row group begun, after an error: its writers and the rows gathered.
    fn abandon(&mut self) {
        self.writers.clear();
        if self.rows > 0 {
            self.rows = 0;
            self.columns.finish();
        }
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
        let arrays = self.columns.finish();
        self.write_arrays(&arrays)
    }

    fn write_arrays(&mut self, arrays: &[ArrayRef]) -> Result<(), ParquetError> {
        write_arrays(&mut self.writers, &self.fields, arrays)
    }

    /// Ends the row group begun: its column chunks, encoded.
    pub(super) fn end(&mut self) -> Chunks {
        self.encode_batch()?;
        close(core::mem::take(&mut self.writers))
    }
}

/// Encodes a batch's arrays (of the columns `fields`) with a row group's column writers.
fn write_arrays(
    writers: &mut [ArrowColumnWriter],
    fields: &Fields,
    arrays: &[ArrayRef],
) -> Result<(), ParquetError> {
    let mut writers = writers.iter_mut();
    for (array, field) in arrays.iter().zip(fields) {
        for leaf in compute_leaves(field, array)? {
            let writer = writers
                .next()
                .ok_or_else(|| ParquetError::General("a leaf column without writer".into()))?;
            writer.write(&leaf)?;
        }
    }
    Ok(())
}

/// The column chunks of a row group's writers, encoded.
fn close(writers: Vec<ArrowColumnWriter>) -> Chunks {
    writers.into_iter().map(ArrowColumnWriter::close).collect()
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

/// A batch of rows to encode: its row group, and whether it is the row group's last.
struct Batch {
    group: usize,
    last: bool,
    rows: Vec<Gathered>,
}

/// Threads that encode row groups, each the row groups of its turn (one in `threads`), batch
/// by batch as they are gathered; and one that appends the row groups to the file in order.
pub(super) struct Pool<W> {
    /// To each encoder thread.
    batches: Vec<SyncSender<Batch>>,
    /// One for each row group that may be in flight: taken as a row group's first batch is
    /// handed over, given back by the writing thread once the row group is in the file.
    permits: Receiver<()>,
    encoders: Vec<JoinHandle<()>>,
    writer: JoinHandle<Result<W, ParquetError>>,
    /// The batch being gathered, its rows, and whether it is its row group's first.
    gathered: Vec<Gathered>,
    gathered_rows: usize,
    first: bool,
    /// Whether a thread has stopped.
    stopped: bool,
}

impl<W: Write + Send + 'static> Pool<W> {
    /// Starts a thread for each encoder, and the one that writes `file`.
    ///
    /// # Panics
    ///
    /// If a thread cannot be started.
    pub(super) fn start(file: SerializedFileWriter<W>, encoders: Vec<Encoder>) -> Pool<W> {
        let in_flight = encoders.len();
        let (chunks, encoded) = channel();
        let (give_back, permits) = sync_channel(in_flight);
        for _ in 0..in_flight {
            give_back.send(()).expect("the permits fit");
        }
        let (batches, encoders) = encoders
            .into_iter()
            .enumerate()
            .map(|(i, encoder)| {
                // A row group's worth of batches may wait for its thread.
                let (batches, queue) = sync_channel::<Batch>(ROW_GROUP_ROWS / BATCH_ROWS);
                let chunks = chunks.clone();
                let thread = std::thread::Builder::new()
                    .name(format!("parquet-enc-{i}"))
                    .spawn(move || encode_batches(encoder, &queue, &chunks))
                    .expect("an encoder thread starts");
                (batches, thread)
            })
            .unzip();
        let writer = std::thread::Builder::new()
            .name("parquet-writer".into())
            .spawn(move || write_in_order(file, &encoded, &give_back))
            .expect("the writer thread starts");
        Pool {
            batches,
            permits,
            encoders,
            writer,
            gathered: Vec::with_capacity(BATCH_ROWS),
            gathered_rows: 0,
            first: true,
            stopped: false,
        }
    }
}

impl<W: Write + Send> Pool<W> {
    /// Adds rows to row group `group`, handing over the batch once it is full. `Err` when a
    /// thread has stopped (on an error: [`Pool::finish`] gives it).
    pub(super) fn push(&mut self, group: usize, rows: Gathered) -> Result<(), ()> {
        self.gathered_rows += rows.rows.len();
        self.gathered.push(rows);
        if self.gathered_rows >= BATCH_ROWS {
            self.hand_over(group, false)?;
        }
        Ok(())
    }

    /// Ends row group `group`: hands over its last batch (empty, when the one before ended
    /// it).
    pub(super) fn end_group(&mut self, group: usize) -> Result<(), ()> {
        self.hand_over(group, true)
    }

    fn hand_over(&mut self, group: usize, last: bool) -> Result<(), ()> {
        if self.stopped {
            return Err(());
        }
        if self.first && self.permits.recv().is_err() {
            self.stopped = true;
            return Err(());
        }
        let rows = core::mem::replace(&mut self.gathered, Vec::with_capacity(BATCH_ROWS));
        self.gathered_rows = 0;
        self.first = last;
        let thread = &self.batches[group % self.batches.len()];
        if thread.send(Batch { group, last, rows }).is_err() {
            self.stopped = true;
            return Err(());
        }
        Ok(())
    }

    /// Waits for every row group to be encoded and written, writes the footer, and gives
    /// the output back.
    pub(super) fn finish(mut self) -> Result<W, ParquetError> {
        self.batches.clear();
        for encoder in self.encoders {
            // An encoder's panic is reported to the writer as its row group's error.
            let _ = encoder.join();
        }
        self.writer
            .join()
            .unwrap_or_else(|_| Err(ParquetError::General("the writer thread panicked".into())))
    }
}

/// An encoder thread: encodes the batches of its row groups as they come, until there are
/// none left or the writer stops.
fn encode_batches(mut encoder: Encoder, queue: &Receiver<Batch>, chunks: &Sender<(usize, Chunks)>) {
    // A row group that failed: its other batches are dropped.
    let mut failed = None;
    for Batch { group, last, rows } in queue {
        if failed == Some(group) {
            continue;
        }
        let work = std::panic::catch_unwind(AssertUnwindSafe(|| {
            encoder.begin(group)?;
            for Gathered {
                record,
                source,
                rows,
            } in rows
            {
                encoder.append(&record, &source, rows)?;
            }
            if last {
                encoder.end().map(Some)
            } else {
                Ok(None)
            }
        }));
        let (result, panicked) = match work {
            Ok(Ok(None)) => continue,
            Ok(Ok(Some(chunks))) => (Ok(chunks), false),
            Ok(Err(e)) => (Err(e), false),
            Err(_) => (
                Err(ParquetError::General("an encoder thread panicked".into())),
                true,
            ),
        };
        if result.is_err() {
            failed = Some(group);
            encoder.abandon();
        }
        if chunks.send((group, result)).is_err() || panicked {
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
