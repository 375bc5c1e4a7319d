//! Opening the files named on the command line (`-` is stdin), compressed or not.

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use chess_archive::compression::{self, Compression};
use chess_archive::split::{self, Split, SplitError};

use crate::error::{CliError, Result};
use crate::interrupt::Staged;
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
        if std::io::stdin().is_terminal() {
            // No file named, and nothing piped: say what the silence waits for.
            crate::error::warn("reading stdin, a terminal: Ctrl-D ends the input");
        }
        // A file on stdin has a size: a bar shows on a terminal for a large one.
        let size = std::fs::metadata("/dev/stdin")
            .ok()
            .filter(std::fs::Metadata::is_file)
            .map(|m| m.len());
        (Box::new(std::io::stdin()), size)
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

/// Where an output goes, decided before anything is written.
enum Target {
    /// A regular file (or none yet): written under a temporary name beside it and renamed
    /// over it when complete. Through a symbolic link, the file the link points to.
    File(PathBuf),
    /// A FIFO, a terminal, `/dev/null`, a socket, or standard output or error named by path
    /// (`/dev/stdout`, `/dev/fd/1`): written through, as a stream, as `cp` and `sort -o` do.
    /// No temporary file, no `--force`: there is nothing to replace.
    Stream,
}

/// The names that are the program's own standard streams, whatever they point to (a file the
/// shell opened with `>` too).
fn names_a_standard_stream(path: &Path) -> bool {
    let text = path.to_string_lossy();
    ["/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/"]
        .iter()
        .any(|prefix| text == *prefix || (prefix.ends_with('/') && text.starts_with(prefix)))
}

/// What kind of target `path` is, and the checks of [`check_target`].
fn target_of(path: &Path, force: bool, inputs: &[PathBuf]) -> Result<Target> {
    if names_a_standard_stream(path) {
        return Ok(Target::Stream);
    }
    // The file a symbolic link leads to is what gets replaced: renaming over the link itself
    // would leave its target as it was and the link gone.
    let resolved = match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => resolve_link(path)?,
        _ => path.to_owned(),
    };
    match std::fs::metadata(&resolved) {
        Ok(meta) if !meta.is_file() && !meta.is_dir() => Ok(Target::Stream),
        _ => {
            check_target(&resolved, force, inputs).map_err(|e| {
                if resolved == path {
                    e
                } else {
                    CliError::invalid(format_args!(
                        "{} (through the link {})",
                        e.message,
                        path.display()
                    ))
                }
            })?;
            Ok(Target::File(resolved))
        }
    }
}

/// The path a symbolic link leads to, following every link; a dangling link's target path
/// (the file is then created there).
fn resolve_link(path: &Path) -> Result<PathBuf> {
    let mut current = path.to_owned();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let next =
                    std::fs::read_link(&current).map_err(|e| CliError::input(path.display(), e))?;
                current = match current.parent() {
                    Some(parent) if next.is_relative() => parent.join(next),
                    _ => next,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(CliError::invalid(format_args!(
        "{}: too many levels of symbolic links",
        path.display()
    )))
}

/// A file the program writes. A regular file is written under a temporary name beside its
/// target, and renamed over the target only when complete ([`Output::commit`]); dropped
/// without a commit (an error), or interrupted (Ctrl-C, SIGTERM: see [`crate::interrupt`]), it
/// leaves the target as it was and nothing beside it. A FIFO, a device or a standard stream
/// named by path is written through as a stream (there is no file to keep whole).
pub struct Output {
    target: PathBuf,
    file: BufWriter<File>,
    /// The temporary file to rename; none for a stream.
    staged: Option<Staged>,
}

impl Output {
    /// Opens `target` for writing. For a regular file: creates the temporary file, after
    /// checking that writing `target` is wanted: an existing file is replaced only with
    /// `force`, and that holds for one of the `inputs` too (it is read whole before it is
    /// replaced: the target changes only at the commit, and the input stays open until
    /// then). A symbolic link's target is what is replaced.
    pub fn create(target: &Path, force: bool, inputs: &[PathBuf]) -> Result<Output> {
        match target_of(target, force, inputs)? {
            Target::Stream => {
                let file = std::fs::OpenOptions::new()
                    .append(true)
                    .open(target)
                    .map_err(|e| CliError::input(target.display(), e))?;
                Ok(Output {
                    target: target.to_owned(),
                    file: BufWriter::with_capacity(1 << 16, file),
                    staged: None,
                })
            }
            Target::File(resolved) => {
                let temporary = temporary_beside(&resolved);
                let staged = Staged::new(&temporary);
                let file =
                    File::create(&temporary).map_err(|e| CliError::input(target.display(), e))?;
                Ok(Output {
                    target: resolved,
                    file: BufWriter::with_capacity(1 << 16, file),
                    staged: Some(staged),
                })
            }
        }
    }

    /// The file's name, as messages give it.
    pub fn name(&self) -> std::path::Display<'_> {
        self.target.display()
    }

    /// The file, and what puts it in place once it is written (for a writer that must own its
    /// file).
    pub fn into_file(self) -> Result<(File, Staging)> {
        let Output {
            target,
            file,
            staged,
        } = self;
        let file = file
            .into_inner()
            .map_err(|e| CliError::input(target.display(), e.into_error()))?;
        let handle = file
            .try_clone()
            .map_err(|e| CliError::input(target.display(), e))?;
        Ok((
            file,
            Staging {
                target,
                handle,
                staged,
            },
        ))
    }

    /// Puts the complete file in place of the target (for a stream: flushes it).
    pub fn commit(self) -> Result<()> {
        let (file, staging) = self.into_file()?;
        drop(file);
        staging.commit()
    }
}

/// An [`Output`] whose file is written elsewhere: [`Staging::commit`] puts it in place once it
/// is written and flushed; dropped, it removes it.
pub struct Staging {
    target: PathBuf,
    /// The file (a second handle), to put its data on the disk before its name.
    handle: File,
    staged: Option<Staged>,
}

impl Staging {
    /// Puts the file in place of the target.
    pub fn commit(self) -> Result<()> {
        let Staging {
            target,
            handle,
            staged,
        } = self;
        let fail = |e: std::io::Error| CliError::input(target.display(), e);
        let Some(staged) = staged else {
            // A stream: written as it went; there is nothing to rename or sync.
            return Ok(());
        };
        // On the disk before the name: a crash after the rename never shows an empty file.
        handle.sync_data().map_err(fail)?;
        drop(handle);
        staged
            .finish(|temporary| std::fs::rename(temporary, &target))
            .map_err(fail)
    }
}

impl Write for Output {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.file.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.file.write_all(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.file.flush()
    }
}

/// Whether `target` may be written: a file that exists only with `force` (said apart for one
/// of the `inputs`), and never a directory.
pub fn check_target(target: &Path, force: bool, inputs: &[PathBuf]) -> Result<()> {
    let Ok(metadata) = std::fs::metadata(target) else {
        return Ok(());
    };
    if metadata.is_dir() {
        return Err(CliError::invalid(format_args!(
            "{}: is a directory: name a file to write",
            target.display()
        )));
    }
    if force || !metadata.is_file() {
        return Ok(());
    }
    let is_input = inputs.iter().any(|input| same_file(input, target));
    Err(CliError::invalid(format_args!(
        "{}: {} (--force replaces it{})",
        target.display(),
        if is_input {
            "the file is also an input"
        } else {
            "the file exists"
        },
        if is_input {
            ", once the output is complete"
        } else {
            ""
        }
    )))
}

/// Whether `a` and `b` name the same file (through links, `./`, another spelling).
pub fn same_file(a: &Path, b: &Path) -> bool {
    if a.as_os_str() == "-" || b.as_os_str() == "-" {
        return false;
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (std::fs::metadata(a), std::fs::metadata(b)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Writes `bytes` to `target` whole or not at all (see [`Output`]).
pub fn write_file(target: &Path, bytes: &[u8], force: bool, inputs: &[PathBuf]) -> Result<()> {
    let mut output = Output::create(target, force, inputs)?;
    output
        .write_all(bytes)
        .map_err(|e| CliError::input(target.display(), e))?;
    output.commit()
}

/// Runs `write` on the file `target` names ([`Output`]), or on `stdout` for none or `-`. The
/// file is put in place when `write` ends well, or ends with bad input it reported and went
/// past ([`CliError::output_complete`]).
pub fn to_output(
    target: Option<&Path>,
    force: bool,
    inputs: &[PathBuf],
    stdout: &mut dyn Write,
    write: impl FnOnce(&mut dyn Write) -> Result<()>,
) -> Result<()> {
    let Some(target) = target.filter(|t| t.as_os_str() != "-") else {
        return write(stdout);
    };
    let mut output = Output::create(target, force, inputs)?;
    let result = write(&mut output);
    match result {
        Ok(()) => output.commit(),
        Err(e) if e.output_complete => {
            output.commit()?;
            Err(e)
        }
        Err(e) => Err(e),
    }
}
