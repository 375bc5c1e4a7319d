//! Games as Arrow: the records of PGN inputs, read on the crates' threads and handed to Python
//! a record batch at a time (`GameStream`), or written to Parquet without Python in the loop
//! (`write_parquet`).

use core::ops::ControlFlow;
use std::fs::File;
use std::io::{self, BufWriter};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{Array, RecordBatch, StructArray};
use arrow_schema::SchemaRef;
use chess_archive::output::{Target, TargetErrorKind, same_file};
use chess_archive::parquet::BatchBuilder;
use chess_archive::split;
use chess_archive::{
    Conversion, ConvertError, OutputFormat, ReadOptions, RecordWriter, Schema, Totals,
};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyCapsule, PyDict, PyTuple};

use crate::inputs::{Failure, NamedInput, inputs};

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<GameStream>()?;
    m.add_class::<Batch>()?;
    m.add_function(wrap_pyfunction!(write_parquet, m)?)?;
    m.add_function(wrap_pyfunction!(schema_columns, m)?)?;
    m.add_function(wrap_pyfunction!(plan, m)?)?;
    Ok(())
}

/// How often a thread waiting for Rust looks whether Python has a signal to handle (Ctrl-C).
const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// The schema named in Python: chess-archive reads the name; `san` and `packed` add the games
/// schema's optional columns.
fn schema(name: &str, san: bool, packed: bool) -> PyResult<Schema> {
    let schema: Schema = name
        .parse()
        .map_err(|e: chess_archive::UnknownSchema| PyValueError::new_err(e.to_string()))?;
    schema.with_extra(san, packed).map_err(|_| {
        PyValueError::new_err(format!(
            "san and packed are columns of the games schema, not of {name}"
        ))
    })
}

/// The columns of a schema, in order.
#[pyfunction]
#[pyo3(signature = (schema = "games", *, san = false, packed = false))]
fn schema_columns(schema: &str, san: bool, packed: bool) -> PyResult<Vec<&'static str>> {
    Ok(self::schema(schema, san, packed)?.columns())
}

/// The parts of about `part_size` bytes (a number, or text with K, M, G or T as chess-archive
/// reads it) of a file (a path, or its bytes or a file object read once from its start), as
/// `chess pgn --plan --json` gives them: a list of (part, from), the part as `bytes
/// START:END` or `frames FIRST:LAST` and `from` the byte of the file a stream of it starts at.
#[pyfunction]
fn plan(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    part_size: &Bound<'_, PyAny>,
) -> PyResult<Vec<(String, u64)>> {
    let size = match part_size.extract::<u64>() {
        Ok(size) => size.max(1),
        Err(_) => split::parse_size(&part_size.extract::<String>()?)
            .map_err(|e| PyValueError::new_err(format!("invalid part_size {e}")))?,
    };
    let (source, name) = crate::inputs::source(source)?;
    let planned = py
        .detach(|| source.plan(size))
        .map_err(|e| pyo3::exceptions::PyOSError::new_err(format!("{name}: {e}")))?;
    Ok(planned
        .into_iter()
        .map(|p| (p.split.to_string(), p.from))
        .collect())
}

/// The options that read the inputs.
fn read_options(
    schema: Schema,
    columns: Option<&[String]>,
    threads: usize,
    chess960: bool,
    allow_null_moves: bool,
) -> ReadOptions {
    // The records hold what the columns asked for need, and no more.
    let record = match columns {
        Some(columns) => schema.record_options_for(columns),
        None => schema.record_options(),
    };
    let mut options = ReadOptions::new(record);
    options.threads = threads;
    options.chess960 = chess960;
    options.allow_null_moves = allow_null_moves;
    options
}

/// What the reading thread hands over: a batch, or why it stopped.
type Item = Result<RecordBatch, Failure>;

/// Reads `inputs` one after the other and sends their rows in batches of `batch_rows` (the
/// rows of a game are never cut), then the failure that stopped it, if any. Stops early when
/// the receiver is gone or `cancel` is set.
fn produce(
    inputs: Vec<NamedInput>,
    mut builder: BatchBuilder,
    options: &ReadOptions,
    batch_rows: usize,
    out: &SyncSender<Item>,
) {
    let send = |builder: &mut BatchBuilder| -> bool {
        let batch = match builder.finish() {
            Ok(batch) => batch,
            Err(e) => {
                let failure =
                    Failure::new("", format!("the rows could not be made into a batch: {e}"));
                let _ = out.send(Err(failure));
                return false;
            }
        };
        out.send(Ok(batch)).is_ok()
    };
    for input in inputs {
        let name = input.name.clone();
        let mut records = match input.records(options) {
            Ok(records) => records,
            Err(failure) => {
                if builder.rows() > 0 && !send(&mut builder) {
                    return;
                }
                let _ = out.send(Err(failure));
                return;
            }
        };
        for record in &mut records {
            builder.append(&record, &name);
            if builder.rows() >= batch_rows && !send(&mut builder) {
                return;
            }
        }
        if let Some(e) = records.take_error() {
            if builder.rows() > 0 && !send(&mut builder) {
                return;
            }
            let _ = out.send(Err(Failure::pgn(&name, &e)));
            return;
        }
    }
    if builder.rows() > 0 {
        send(&mut builder);
    }
}

/// A stream of record batches read from PGN inputs on Rust threads. Made by
/// `kingside.read_games`, which wraps it in a `pyarrow.RecordBatchReader`.
#[pyclass(module = "kingside._native")]
struct GameStream {
    schema: SchemaRef,
    batches: Mutex<Option<Receiver<Item>>>,
    reader: Mutex<Option<JoinHandle<()>>>,
}

#[pymethods]
impl GameStream {
    #[new]
    #[pyo3(signature = (sources, schema = "games", *, columns = None, threads = 0, batch_rows = 8192, san = false, packed = false, chess960 = false, allow_null_moves = false, part = None, stream_from = None, source_name = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        sources: &Bound<'_, PyAny>,
        schema: &str,
        columns: Option<Vec<String>>,
        threads: usize,
        batch_rows: usize,
        san: bool,
        packed: bool,
        chess960: bool,
        allow_null_moves: bool,
        part: Option<&str>,
        stream_from: Option<u64>,
        source_name: Option<String>,
    ) -> PyResult<GameStream> {
        let kind = self::schema(schema, san, packed)?;
        let inputs = inputs(sources, part, stream_from, source_name)?;
        // Only the columns asked for are built: the others cost nothing.
        let builder = match &columns {
            None => BatchBuilder::new(kind),
            Some(columns) => BatchBuilder::with_columns(kind, columns).map_err(|e| {
                // The two columns an option adds: say which option.
                let hint = match e.name.as_str() {
                    "moves_san" if !san => "; san=True adds it",
                    "packed" if !packed => "; packed=True adds it",
                    _ => "",
                };
                PyValueError::new_err(format!(
                    "no column {:?} in the {schema} schema{hint}: its columns are {}",
                    e.name,
                    e.columns.join(", ")
                ))
            })?,
        };
        let arrow_schema = builder.schema();
        let options = read_options(
            kind,
            columns.as_deref(),
            threads,
            chess960,
            allow_null_moves,
        );
        let batch_rows = batch_rows.max(1);
        // Two batches in flight: one being read by Python, one ready. Memory stays bounded
        // by them and the readers' buffers, whatever the input's size.
        let (sender, receiver) = sync_channel(1);
        let reader = std::thread::Builder::new()
            .name("kingside-read".into())
            .spawn(move || {
                produce(inputs, builder, &options, batch_rows, &sender);
            })
            .map_err(|e| PyRuntimeError::new_err(format!("no thread to read on: {e}")))?;
        Ok(GameStream {
            schema: arrow_schema,
            batches: Mutex::new(Some(receiver)),
            reader: Mutex::new(Some(reader)),
        })
    }

    /// The schema, as an Arrow C schema capsule (the Arrow PyCapsule interface).
    fn __arrow_c_schema__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyCapsule>> {
        let schema = FFI_ArrowSchema::try_from(self.schema.as_ref())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        PyCapsule::new_with_value(py, schema, c"arrow_schema")
    }

    /// The next batch, or None at the end. Waits with the GIL released, and raises
    /// KeyboardInterrupt (or what a signal handler raises) while it waits; raises
    /// `kingside.ReadError` where an input could not be read to its end, after the batches
    /// before that point.
    fn next_batch(&self, py: Python<'_>) -> PyResult<Option<Batch>> {
        let mut guard = self
            .batches
            .lock()
            .map_err(|_| PyRuntimeError::new_err("the stream failed"))?;
        let Some(mut receiver) = guard.take() else {
            return Ok(None);
        };
        loop {
            // The receiver goes to the waiting code and back: a `&Receiver` may not cross
            // into code that runs without the GIL.
            let (item, back) = py.detach(move || (receiver.recv_timeout(SIGNAL_POLL), receiver));
            receiver = back;
            match item {
                Ok(Ok(batch)) => {
                    *guard = Some(receiver);
                    return Ok(Some(Batch(batch)));
                }
                Ok(Err(failure)) => {
                    return Err(failure.into_pyerr(py));
                }
                Err(RecvTimeoutError::Timeout) => {
                    // On a signal's exception, the receiver is dropped here: the thread stops
                    // at its next batch.
                    py.check_signals()?;
                }
                Err(RecvTimeoutError::Disconnected) => {
                    drop(guard);
                    if let Some(reader) = self.reader.lock().ok().and_then(|mut r| r.take())
                        && reader.join().is_err()
                    {
                        return Err(PyRuntimeError::new_err("the reading thread panicked"));
                    }
                    return Ok(None);
                }
            }
        }
    }

    /// Stops reading: the thread ends at its next batch.
    fn close(&self) {
        if let Ok(mut guard) = self.batches.lock() {
            *guard = None;
        }
    }
}

/// One record batch, handed to pyarrow through the Arrow PyCapsule interface.
#[pyclass(module = "kingside._native")]
struct Batch(RecordBatch);

#[pymethods]
impl Batch {
    #[pyo3(signature = (requested_schema = None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // A requested schema is a hint the producer may ignore (the protocol says so).
        let _ = requested_schema;
        let array = StructArray::from(self.0.clone());
        let data = array.into_data();
        let schema = FFI_ArrowSchema::try_from(data.data_type())
            .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
        let array = FFI_ArrowArray::new(&data);
        let schema = PyCapsule::new_with_value(py, schema, c"arrow_schema")?;
        let array = PyCapsule::new_with_value(py, array, c"arrow_array")?;
        PyTuple::new(py, [schema.into_any(), array.into_any()])
    }

    fn __len__(&self) -> usize {
        self.0.num_rows()
    }
}

/// Converts PGN inputs (or, with `part`, a part of one) to a Parquet (or JSON Lines) file
/// without Python in the loop: the file appears whole, or not at all. Returns {"games",
/// "rows", "bad"}.
#[pyfunction]
#[pyo3(signature = (sources, out, schema = "games", *, threads = 0, san = false, packed = false, chess960 = false, allow_null_moves = false, format = None, force = false, part = None, stream_from = None, source_name = None))]
#[allow(clippy::too_many_arguments)]
fn write_parquet<'py>(
    py: Python<'py>,
    sources: &Bound<'py, PyAny>,
    out: PathBuf,
    schema: &str,
    threads: usize,
    san: bool,
    packed: bool,
    chess960: bool,
    allow_null_moves: bool,
    format: Option<&str>,
    force: bool,
    part: Option<&str>,
    stream_from: Option<u64>,
    source_name: Option<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let kind = self::schema(schema, san, packed)?;
    let format = match format {
        Some(name) => name
            .parse::<OutputFormat>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
        None => OutputFormat::from_path(&out).unwrap_or(OutputFormat::Parquet),
    };
    let inputs = inputs(sources, part, stream_from, source_name)?;
    // What would not work, said before what would: no force makes an input its own output,
    // or a directory a file.
    for input in &inputs {
        if let Some(path) = input.input.source().path()
            && same_file(path, &out)
        {
            return Err(PyValueError::new_err(format!(
                "{}: the output is also an input; write to another file",
                out.display()
            )));
        }
    }
    let target = Target::new(&out, force, &[]).map_err(|e| match e.kind {
        TargetErrorKind::IsDirectory => pyo3::exceptions::PyIsADirectoryError::new_err(format!(
            "{}: is a directory; name a file in it, like {}",
            out.display(),
            out.join(format!("games.{}", format.name())).display()
        )),
        TargetErrorKind::Exists | TargetErrorKind::IsInput => {
            pyo3::exceptions::PyFileExistsError::new_err(format!(
                "{}: the file exists (force=True replaces it)",
                out.display()
            ))
        }
        _ => pyo3::exceptions::PyOSError::new_err(e.to_string()),
    })?;
    let os_error =
        |e: io::Error| pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", out.display()));
    // Dropped before its commit (an error, Ctrl-C), `commit` removes the file written.
    let (file, commit) = target
        .create()
        .and_then(|file| file.into_parts())
        .map_err(os_error)?;
    let cancel = Arc::new(AtomicBool::new(false));
    let options = read_options(kind, None, threads, chess960, allow_null_moves);
    let (done_tx, done_rx) = sync_channel(1);
    let job = {
        let cancel = Arc::clone(&cancel);
        let out_name = out.display().to_string();
        std::thread::Builder::new()
            .name("kingside-write".into())
            .spawn(move || {
                let result = convert(
                    inputs, kind, format, &options, threads, file, &out_name, &cancel,
                );
                let _ = done_tx.send(());
                result
            })
            .map_err(|e| PyRuntimeError::new_err(format!("no thread to write on: {e}")))?
    };
    let mut done_rx = done_rx;
    loop {
        let (done, back) = py.detach(move || (done_rx.recv_timeout(SIGNAL_POLL), done_rx));
        done_rx = back;
        match done {
            Err(RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    cancel.store(true, Ordering::Relaxed);
                    let _ = py.detach(|| job.join());
                    return Err(e);
                }
            }
            Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let totals = match py.detach(|| job.join()) {
        Ok(Ok(totals)) => totals,
        Ok(Err(failure)) => return Err(failure.into_pyerr(py)),
        Err(_) => return Err(PyRuntimeError::new_err("the writing thread panicked")),
    };
    py.detach(|| commit.commit()).map_err(os_error)?;
    let dict = PyDict::new(py);
    dict.set_item("games", totals.games)?;
    dict.set_item("rows", totals.rows)?;
    dict.set_item("bad", totals.bad)?;
    Ok(dict)
}

/// The conversion, on its own thread: every input into `file` (the output `out_name`), by
/// chess-archive's loop; stops early when `cancel` is set.
#[allow(clippy::too_many_arguments)]
fn convert(
    inputs: Vec<NamedInput>,
    schema: Schema,
    format: OutputFormat,
    options: &ReadOptions,
    threads: usize,
    file: File,
    out_name: &str,
    cancel: &AtomicBool,
) -> Result<Totals, Failure> {
    let write_failure = |e: &dyn std::fmt::Display| Failure::io(out_name, e);
    let writer = RecordWriter::new(BufWriter::with_capacity(1 << 20, file), format, schema)
        .map_err(|e| write_failure(&e))?
        .with_threads(threads);
    let mut conversion = Conversion::new(writer);
    for input in inputs {
        let name = input.name.clone();
        let mut records = input.records(options)?;
        conversion
            .add(&mut records, &name, |_| {
                if cancel.load(Ordering::Relaxed) {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
            .map_err(|e| match e {
                ConvertError::Read(e) => Failure::pgn(&name, &e),
                e => write_failure(&e),
            })?;
    }
    let (_, totals) = conversion.finish().map_err(|e| write_failure(&e))?;
    Ok(totals)
}
