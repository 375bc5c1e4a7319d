//! Games as Arrow: the records of PGN inputs, read on the crates' threads and handed to Python
//! a record batch at a time (`GameStream`), or written to Parquet without Python in the loop
//! (`write_parquet`).

use std::fs::File;
use std::io::{self, BufWriter, Cursor, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use arrow_array::ffi::{FFI_ArrowArray, FFI_ArrowSchema};
use arrow_array::{Array, RecordBatch, StructArray};
use arrow_schema::SchemaRef;
use chess_archive::compression::{self, Compression, ReadAhead};
use chess_archive::parquet::BatchBuilder;
use chess_archive::split::{self, Split};
use chess_archive::{OutputFormat, ReadOptions, RecordWriter, Records, Schema, Totals};
use chess_notation::pgn::PgnError;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyCapsule, PyDict, PyString, PyTuple};

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

/// One input: a file, bytes in memory, or a Python binary file object; all of it, or the
/// games of a part of it.
pub(crate) struct Input {
    kind: InputKind,
    part: Option<Part>,
    /// The name in place of the input's own, for `source_file` and errors.
    name: Option<String>,
}

enum InputKind {
    Path(PathBuf),
    Bytes(PyBackedBytes),
    File(Py<PyAny>, String),
}

/// A part of a file ([`split`]): the games whose first byte is in it, and, for a stream, the
/// byte of the file it starts at.
#[derive(Copy, Clone)]
struct Part {
    split: Split,
    from: Option<u64>,
}

/// An input opened: its text, and where that text starts in the whole file.
struct Opened {
    reader: Box<dyn Read + Send>,
    offset: u64,
}

impl Input {
    fn from_python(source: &Bound<'_, PyAny>) -> PyResult<Input> {
        let kind = if let Ok(path) = source.cast::<PyString>() {
            InputKind::Path(PathBuf::from(path.to_cow()?.as_ref()))
        } else if let Ok(bytes) = source.extract::<PyBackedBytes>() {
            InputKind::Bytes(bytes)
        } else if source.hasattr("read")? {
            let name = source
                .getattr("name")
                .ok()
                .and_then(|name| name.str().ok())
                .map_or_else(|| "<file object>".to_owned(), |name| name.to_string());
            InputKind::File(source.clone().unbind(), name)
        } else {
            return Err(PyValueError::new_err(format!(
                "a source is a path, bytes or a binary file object, not {}",
                source.get_type().name()?
            )));
        };
        Ok(Input {
            kind,
            part: None,
            name: None,
        })
    }

    /// The name the rows give as their `source_file`, and errors as the input's.
    pub(crate) fn name(&self) -> String {
        if let Some(name) = &self.name {
            return name.clone();
        }
        match &self.kind {
            InputKind::Path(path) => path.display().to_string(),
            InputKind::Bytes(_) => "<bytes>".to_owned(),
            InputKind::File(_, name) => name.clone(),
        }
    }

    /// The records of the input's games, read with `options` (their offsets counted in the
    /// whole file for a part); a failure names the input.
    pub(crate) fn records(
        self,
        options: &ReadOptions,
    ) -> Result<Records<Box<dyn Read + Send>>, Failure> {
        let name = self.name();
        let opened = self
            .open(options.threads)
            .map_err(|e| Failure::io(&name, &e))?;
        let options = ReadOptions {
            offset: opened.offset,
            ..options.clone()
        };
        Ok(Records::new(opened.reader, &options))
    }

    /// The input's text, decompressed if its first bytes say it is compressed, read ahead on
    /// a thread of its own when compressed and more than one thread reads.
    fn open(self, threads: usize) -> Result<Opened, String> {
        let raw: Box<dyn Read + Send> = match self.kind {
            InputKind::Path(path) => match self.part {
                Some(Part { split, .. }) => {
                    let part = split::open(&path, split).map_err(|e| e.to_string())?;
                    return Ok(Opened {
                        reader: part.reader,
                        offset: part.offset,
                    });
                }
                None => Box::new(File::open(path).map_err(|e| e.to_string())?),
            },
            InputKind::Bytes(bytes) => Box::new(Cursor::new(bytes)),
            InputKind::File(file, _) => Box::new(PyFile(file)),
        };
        if let Some(Part { split, from }) = self.part {
            let part =
                split::open_stream(raw, split, from.unwrap_or(0)).map_err(|e| e.to_string())?;
            return Ok(Opened {
                reader: part.reader,
                offset: part.offset,
            });
        }
        let (format, reader) = compression::decompress(raw).map_err(|e| e.to_string())?;
        let reader = if format == Compression::Plain || threads == 1 {
            reader
        } else {
            Box::new(ReadAhead::new(reader).map_err(|e| e.to_string())?)
        };
        Ok(Opened { reader, offset: 0 })
    }
}

/// A part as `chess pgn --plan` and [`Split`]'s `Display` write it: `bytes START:END` or
/// `frames FIRST:LAST`.
fn parse_part(text: &str) -> PyResult<Split> {
    let (kind, range) = text.trim().split_once(' ').unwrap_or((text, ""));
    let split = match kind {
        "bytes" => Split::parse_bytes(range.trim()),
        "frames" => Split::parse_frames(range.trim()),
        _ => {
            return Err(PyValueError::new_err(format!(
                "invalid part {text:?}: expected \"bytes START:END\" or \"frames FIRST:LAST\""
            )));
        }
    };
    split.map_err(|e| PyValueError::new_err(format!("invalid part {text:?}: {e}")))
}

/// A Python binary file object read from Rust's threads, each read holding the GIL.
struct PyFile(Py<PyAny>);

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        Python::attach(|py| {
            let data = self
                .0
                .bind(py)
                .call_method1("read", (buf.len(),))
                .map_err(io::Error::other)?;
            let bytes = data.cast::<PyBytes>().map_err(|_| {
                io::Error::new(
                    io::ErrorKind::InvalidData,
                    "the file object is not binary: its read() did not return bytes",
                )
            })?;
            let bytes = bytes.as_bytes();
            if bytes.len() > buf.len() {
                // Bytes past what was asked would be lost: say so rather than drop them.
                return Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    format!(
                        "the file object's read({}) returned {} bytes",
                        buf.len(),
                        bytes.len()
                    ),
                ));
            }
            buf[..bytes.len()].copy_from_slice(bytes);
            Ok(bytes.len())
        })
    }
}

/// The schema named in Python: `games`, `lichess` or `positions`.
fn schema(name: &str, san: bool, packed: bool) -> PyResult<Schema> {
    match name {
        "games" => Ok(Schema::Games { san, packed }),
        "lichess" if !san && !packed => Ok(Schema::Lichess),
        "positions" if !san && !packed => Ok(Schema::Positions),
        "lichess" | "positions" => Err(PyValueError::new_err(format!(
            "san and packed are columns of the games schema, not of {name}"
        ))),
        _ => Err(PyValueError::new_err(format!(
            "unknown schema {name:?}: expected \"games\", \"lichess\" or \"positions\""
        ))),
    }
}

/// The columns of a schema, in order.
#[pyfunction]
#[pyo3(signature = (schema = "games", *, san = false, packed = false))]
fn schema_columns(schema: &str, san: bool, packed: bool) -> PyResult<Vec<&'static str>> {
    Ok(self::schema(schema, san, packed)?.columns())
}

/// The parts of about `part_size` bytes of a file (a path, or its bytes or a file object read
/// once from its start), as `chess pgn --plan --json`
/// gives them: a list of (part, from), the part as `bytes START:END` or `frames FIRST:LAST`
/// and `from` the byte of the file a stream of it starts at.
#[pyfunction]
fn plan(py: Python<'_>, source: &Bound<'_, PyAny>, part_size: u64) -> PyResult<Vec<(String, u64)>> {
    let size = part_size.max(1);
    let input = Input::from_python(source)?;
    let name = input.name();
    let planned = match input.kind {
        InputKind::Path(path) => py.detach(|| split::plan_file(&path, size)),
        InputKind::Bytes(bytes) => py.detach(|| split::plan_stream(Cursor::new(bytes), size)),
        InputKind::File(file, _) => py.detach(|| split::plan_stream(PyFile(file), size)),
    }
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

/// Why an input could not be read to its end: its name, the byte, and the reason.
pub(crate) struct Failure {
    path: String,
    byte: Option<u64>,
    message: String,
}

impl Failure {
    pub(crate) fn io(path: &str, e: &dyn std::fmt::Display) -> Failure {
        Failure {
            path: path.to_owned(),
            byte: None,
            message: format!("{path}: {e}"),
        }
    }

    pub(crate) fn pgn(path: &str, e: &PgnError) -> Failure {
        Failure {
            path: path.to_owned(),
            byte: Some(e.at.offset),
            message: format!(
                "{path}: game {}, {} (byte {}): {}",
                e.game, e.at, e.at.offset, e.reason
            ),
        }
    }

    /// The exception: `kingside.ReadError(message, path, byte)`, an `OSError`.
    pub(crate) fn into_pyerr(self, py: Python<'_>) -> PyErr {
        let class = match py
            .import("kingside")
            .and_then(|module| module.getattr("ReadError"))
        {
            Ok(class) => class,
            Err(e) => return e,
        };
        match class.call1((self.message, self.path, self.byte)) {
            Ok(error) => PyErr::from_value(error),
            Err(e) => e,
        }
    }
}

/// What the reading thread hands over: a batch, or why it stopped.
type Item = Result<RecordBatch, Failure>;

/// Reads `inputs` one after the other and sends their rows in batches of `batch_rows` (the
/// rows of a game are never cut), then the failure that stopped it, if any. Stops early when
/// the receiver is gone or `cancel` is set.
fn produce(
    inputs: Vec<Input>,
    mut builder: BatchBuilder,
    options: &ReadOptions,
    batch_rows: usize,
    out: &SyncSender<Item>,
) {
    let send = |builder: &mut BatchBuilder| -> bool {
        let batch = match builder.finish() {
            Ok(batch) => batch,
            Err(e) => {
                let failure = Failure {
                    path: String::new(),
                    byte: None,
                    message: format!("the rows could not be made into a batch: {e}"),
                };
                let _ = out.send(Err(failure));
                return false;
            }
        };
        out.send(Ok(batch)).is_ok()
    };
    for input in inputs {
        let name = input.name();
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

/// The inputs of a call: each a path (str), bytes, or a binary file object; with `part`, the
/// one input's part (`stream_from`: the byte of the file a stream of it starts at); named
/// `source_name` when given.
pub(crate) fn inputs(
    sources: &Bound<'_, PyAny>,
    part: Option<&str>,
    stream_from: Option<u64>,
    source_name: Option<String>,
) -> PyResult<Vec<Input>> {
    let mut inputs: Vec<Input> = sources
        .try_iter()?
        .map(|source| Input::from_python(&source?))
        .collect::<PyResult<_>>()?;
    if source_name.is_some() {
        for input in &mut inputs {
            input.name.clone_from(&source_name);
        }
    }
    match (part, inputs.as_mut_slice()) {
        (None, _) if stream_from.is_some() => Err(PyValueError::new_err(
            "stream_from is where a part's stream starts: name the part too",
        )),
        (None, _) => Ok(inputs),
        (Some(part), [input]) => {
            let split = parse_part(part)?;
            if matches!(input.kind, InputKind::Path(_)) && stream_from.is_some() {
                return Err(PyValueError::new_err(
                    "stream_from is for a part read from a stream (bytes or a file object): a path is opened where the part starts",
                ));
            }
            input.part = Some(Part {
                split,
                from: stream_from,
            });
            Ok(inputs)
        }
        (Some(_), _) => Err(PyValueError::new_err(
            "a part is of one input: give one source with part",
        )),
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

/// The temporary name beside `path` that the file is written under before it is renamed.
fn partial_path(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.partial-{}", std::process::id()))
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
        if let InputKind::Path(path) = &input.kind
            && same_file(path, &out)
        {
            return Err(PyValueError::new_err(format!(
                "{}: the output is also an input; write to another file",
                out.display()
            )));
        }
    }
    if out.is_dir() {
        return Err(pyo3::exceptions::PyIsADirectoryError::new_err(format!(
            "{}: is a directory; name a file in it, like {}",
            out.display(),
            out.join(format!("games.{}", format.name())).display()
        )));
    }
    if !force && out.exists() {
        return Err(pyo3::exceptions::PyFileExistsError::new_err(format!(
            "{}: the file exists (force=True replaces it)",
            out.display()
        )));
    }
    let partial = partial_path(&out);
    let cancel = Arc::new(AtomicBool::new(false));
    let options = read_options(kind, None, threads, chess960, allow_null_moves);
    let (done_tx, done_rx) = sync_channel(1);
    let job = {
        let cancel = Arc::clone(&cancel);
        let partial = partial.clone();
        std::thread::Builder::new()
            .name("kingside-write".into())
            .spawn(move || {
                let result = convert(inputs, kind, format, &options, threads, &partial, &cancel);
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
                    let _ = std::fs::remove_file(&partial);
                    return Err(e);
                }
            }
            Ok(()) | Err(RecvTimeoutError::Disconnected) => break,
        }
    }
    let result = py
        .detach(|| job.join())
        .map_err(|_| PyRuntimeError::new_err("the writing thread panicked"));
    let totals = match result {
        Ok(Ok(totals)) => totals,
        Ok(Err(failure)) => {
            let _ = std::fs::remove_file(&partial);
            return Err(failure.into_pyerr(py));
        }
        Err(e) => {
            let _ = std::fs::remove_file(&partial);
            return Err(e);
        }
    };
    std::fs::rename(&partial, &out).map_err(|e| {
        let _ = std::fs::remove_file(&partial);
        pyo3::exceptions::PyOSError::new_err(format!("{}: {e}", out.display()))
    })?;
    let dict = PyDict::new(py);
    dict.set_item("games", totals.games)?;
    dict.set_item("rows", totals.rows)?;
    dict.set_item("bad", totals.bad)?;
    Ok(dict)
}

/// Whether two paths name one file (the second may not exist).
fn same_file(a: &Path, b: &Path) -> bool {
    match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// The conversion, on its own thread: every input into `partial`.
fn convert(
    inputs: Vec<Input>,
    schema: Schema,
    format: OutputFormat,
    options: &ReadOptions,
    threads: usize,
    partial: &Path,
    cancel: &AtomicBool,
) -> Result<Totals, Failure> {
    let out_name = partial.display().to_string();
    let write_failure = |e: &dyn std::fmt::Display| Failure {
        path: out_name.clone(),
        byte: None,
        message: format!("{out_name}: {e}"),
    };
    let file = File::create(partial).map_err(|e| Failure::io(&out_name, &e))?;
    let mut writer = RecordWriter::new(BufWriter::with_capacity(1 << 20, file), format, schema)
        .map_err(|e| write_failure(&e))?
        .with_threads(threads);
    let mut totals = Totals::default();
    for input in inputs {
        let name = input.name();
        let mut records = input.records(options)?;
        let mut stopped = false;
        totals += chess_archive::convert(
            (&mut records).take_while(|_| {
                stopped = cancel.load(Ordering::Relaxed);
                !stopped
            }),
            &mut writer,
            &name,
            |_| {},
        )
        .map_err(|e| write_failure(&e))?;
        if stopped {
            return Err(write_failure(&"interrupted"));
        }
        if let Some(e) = records.take_error() {
            return Err(Failure::pgn(&name, &e));
        }
    }
    let mut out = writer.finish().map_err(|e| write_failure(&e))?;
    out.flush().map_err(|e| write_failure(&e))?;
    out.get_ref().sync_data().map_err(|e| write_failure(&e))?;
    Ok(totals)
}
