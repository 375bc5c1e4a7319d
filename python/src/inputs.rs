//! The inputs of the package's readers (`read_games`, `write_parquet`, `position_arrays`,
//! `plan`): what Python passes (a path, bytes, a binary file object) as chess-archive's
//! [`input::Source`], a part of one named as chess-archive reads it, and the exception an
//! input that cannot be read to its end raises. Opening, decompressing, cutting and reading
//! ahead are chess-archive's ([`input`]); this module adds Python's sources and words.

use std::io::{self, Cursor, Read};
use std::path::PathBuf;

use chess_archive::input::{self, OpenError, Source};
use chess_archive::split::{ParseSplitError, Split};
use chess_archive::{ReadOptions, Records};
use chess_notation::pgn::PgnError;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyString};

/// An input of a call (chess-archive's), with the name its rows' `source_file` and its errors
/// give it.
pub(crate) struct NamedInput {
    pub(crate) input: input::Input,
    pub(crate) name: String,
}

impl NamedInput {
    /// The records of the input's games, read with `options`; a failure names the input.
    pub(crate) fn records(
        self,
        options: &ReadOptions,
    ) -> Result<Records<Box<dyn Read + Send>>, Failure> {
        let NamedInput { input, name } = self;
        input.records(options).map_err(|e| Failure::io(&name, &e))
    }
}

/// The source a Python object stands for, and its name: a path (str), bytes, or a binary file
/// object (read under the GIL from Rust's threads).
pub(crate) fn source(source: &Bound<'_, PyAny>) -> PyResult<(Source, String)> {
    if let Ok(path) = source.cast::<PyString>() {
        let path = PathBuf::from(path.to_cow()?.as_ref());
        let name = path.display().to_string();
        Ok((Source::Path(path), name))
    } else if let Ok(bytes) = source.extract::<PyBackedBytes>() {
        Ok((
            Source::Reader(Box::new(Cursor::new(bytes))),
            "<bytes>".to_owned(),
        ))
    } else if source.hasattr("read")? {
        let name = source
            .getattr("name")
            .ok()
            .and_then(|name| name.str().ok())
            .map_or_else(|| "<file object>".to_owned(), |name| name.to_string());
        Ok((
            Source::Reader(Box::new(PyFile(source.clone().unbind()))),
            name,
        ))
    } else {
        Err(PyValueError::new_err(format!(
            "a source is a path, bytes or a binary file object, not {}",
            source.get_type().name()?
        )))
    }
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

/// Why an input could not be read to its end: its name, the byte, and the reason.
pub(crate) struct Failure {
    path: String,
    byte: Option<u64>,
    message: String,
}

impl Failure {
    /// A failure of no one byte: `message` says why, and names `path` when there is one.
    pub(crate) fn new(path: &str, message: String) -> Failure {
        Failure {
            path: path.to_owned(),
            byte: None,
            message,
        }
    }

    /// `path` could not be opened or read: `e`.
    pub(crate) fn io(path: &str, e: &dyn std::fmt::Display) -> Failure {
        Failure::new(path, format!("{path}: {e}"))
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

/// The inputs of a call: each a path (str), bytes, or a binary file object; with `part`, the
/// one input's part (`stream_from`: the byte of the file a stream of it starts at); named
/// `source_name` when given.
pub(crate) fn inputs(
    sources: &Bound<'_, PyAny>,
    part: Option<&str>,
    stream_from: Option<u64>,
    source_name: Option<String>,
) -> PyResult<Vec<NamedInput>> {
    let mut inputs: Vec<NamedInput> = sources
        .try_iter()?
        .map(|item| {
            let (source, name) = source(&item?)?;
            Ok(NamedInput {
                input: input::Input::new(source),
                name: source_name.clone().unwrap_or(name),
            })
        })
        .collect::<PyResult<_>>()?;
    match (part, inputs.len()) {
        (None, _) if stream_from.is_some() => Err(PyValueError::new_err(
            "stream_from is where a part's stream starts: name the part too",
        )),
        (None, _) => Ok(inputs),
        (Some(part), 1) => {
            let split: Split = part
                .parse()
                .map_err(|e: ParseSplitError| PyValueError::new_err(e.to_string()))?;
            let NamedInput { input, name } = inputs.remove(0);
            let input = input.part(split, stream_from).map_err(|e| match e {
                OpenError::FromOfPath => PyValueError::new_err(
                    "stream_from is for a part read from a stream (bytes or a file object): a path is opened where the part starts",
                ),
                e => PyValueError::new_err(e.to_string()),
            })?;
            Ok(vec![NamedInput { input, name }])
        }
        (Some(_), _) => Err(PyValueError::new_err(
            "a part is of one input: give one source with part",
        )),
    }
}
