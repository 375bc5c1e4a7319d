//! Opening the files named on the command line (`-` is stdin), compressed or not.

use std::io::Read;
use std::path::{Path, PathBuf};

use chess_archive::compression::{self, Compression};
use chess_archive::split::{self, Split, SplitError};

use crate::error::{CliError, Result};
use crate::progress::Progress;

/// An input opened for reading.
pub struct Input {
    /// Its text, decompressed when its first bytes say it is zstd, gzip or bzip2.
    pub reader: Box<dyn Read + Send>,
    /// Its progress bar, counting the bytes read from the file (compressed ones).
    pub progress: Progress,
    /// Where its text starts in the file's text: not 0 for a part (`--byte-range`,
    /// `--frames`), whose games' offsets are counted from there.
    pub offset: u64,
    /// Whether its text is decompressed as it is read.
    pub compressed: bool,
}

impl Input {
    /// The same input, decompressed on a thread of its own when it is compressed (unless
    /// `threads` is 1: then everything happens on one thread): the thread that hands the
    /// text to the reading threads then does only that.
    pub fn read_ahead(self, name: &str, threads: Option<u32>) -> Result<Input> {
        if !self.compressed || threads == Some(1) {
            return Ok(self);
        }
        let reader =
            compression::ReadAhead::new(self.reader).map_err(|e| CliError::input(name, e))?;
        Ok(Input {
            reader: Box::new(reader),
            ..self
        })
    }
}

/// The file at `path`, or stdin for `-`, decompressed if compressed (recognised by content,
/// not by name); `name` labels its progress bar. An error names the path.
pub fn open(path: &Path, name: &str) -> Result<Input> {
    let (raw, size): (Box<dyn Read + Send>, Option<u64>) = if path.as_os_str() == "-" {
        (Box::new(std::io::stdin()), None)
    } else {
        let file = std::fs::File::open(path).map_err(|e| CliError::input(path.display(), e))?;
        let size = file.metadata().ok().map(|m| m.len());
        (Box::new(file), size)
    };
    let (counted, progress) = Progress::new(name, raw, size);
    let (format, reader) =
        compression::decompress(counted).map_err(|e| CliError::input(path.display(), e))?;
    Ok(Input {
        reader,
        progress,
        offset: 0,
        compressed: format != Compression::Plain,
    })
}

/// [`open`], or only the games of the part `split` of the file (see docs/scale.md).
pub fn open_split(
    path: &Path,
    name: &str,
    split: Option<Split>,
    stream_from: Option<u64>,
) -> Result<Input> {
    let stdin = path.as_os_str() == "-";
    let Some(split) = split else {
        return open(path, name);
    };
    let part = match (stdin, stream_from) {
        (false, None) => split::open(path, split),
        (true, Some(from)) => split::open_stream(std::io::stdin(), split, from),
        (true, None) => {
            return Err(CliError::usage(
                "a part of stdin needs --stream-from: the byte of the file stdin starts at",
            ));
        }
        (false, Some(_)) => {
            return Err(CliError::usage(
                "--stream-from reads a part from stdin: give `-` for the file",
            ));
        }
    }
    .map_err(|e| match e {
        SplitError::BytesOfCompressed(Compression::Zstd) => CliError::input(
            path.display(),
            format_args!("{e} (use --frames for a zstd file of several frames)"),
        ),
        e => CliError::input(path.display(), e),
    })?;
    let (reader, progress) = Progress::new(name, part.reader, None);
    Ok(Input {
        reader: Box::new(reader),
        progress,
        offset: part.offset,
        compressed: matches!(split, Split::Frames { .. }),
    })
}

/// The temporary name beside `path` that a file is written under before it is renamed to
/// `path` (`.NAME.partial-PID`: hidden, and one per process).
pub fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// Writes `bytes` to the file at `path`, through a temporary file beside it that is renamed
/// over it, so that a failed run never leaves half a file where a good one was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let temporary = temporary_beside(path);
    let written =
        std::fs::write(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        CliError::input(path.display(), e)
    })
}
