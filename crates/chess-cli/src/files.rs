//! Opening the files named on the command line (`-` is stdin), compressed or not, and writing
//! the program's files whole: the words, progress bars and interrupt handling around
//! chess-archive's [`input`] and [`output`](chess_archive::output).

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Read, Write};
use std::path::{Path, PathBuf};

use chess_archive::compression::Compression;
use chess_archive::input::{self, OpenError, Opened, Source};
use chess_archive::output::{Commit, Target, TargetError, TargetErrorKind};
use chess_archive::split::{Split, SplitError};

use crate::error::{CliError, Result};
use crate::interrupt::Staged;
use crate::progress::Progress;

/// An input opened for reading (chess-archive's [`Opened`], with its progress bar).
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
    /// text to the reading threads then does only that ([`input::read_ahead`]).
    pub fn read_ahead(self, name: &str, threads: Option<u32>) -> Result<Input> {
        let threads = threads.map_or(0, |n| n as usize);
        let reader = input::read_ahead(self.reader, self.compressed, threads)
            .map_err(|e| CliError::input(name, e))?;
        Ok(Input { reader, ..self })
    }
}

/// The file at `path`, or stdin for `-`, decompressed if compressed (recognised by content,
/// not by name); `name` labels its progress bar. An error names the path.
pub fn open(path: &Path, name: &str) -> Result<Input> {
    open_split(path, name, None, None)
}

/// [`open`], or only the games of the part `split` of the file (see docs/scale.md).
pub fn open_split(
    path: &Path,
    name: &str,
    split: Option<Split>,
    stream_from: Option<u64>,
) -> Result<Input> {
    let stdin = path.as_os_str() == "-";
    let source = if stdin {
        Source::Stdin
    } else {
        Source::Path(path.to_owned())
    };
    let mut input = input::Input::new(source);
    match (split, stdin, stream_from) {
        (None, true, _) if std::io::stdin().is_terminal() => {
            // No file named, and nothing piped: say what the silence waits for.
            crate::error::warn("reading stdin, a terminal: Ctrl-D ends the input");
        }
        (None, ..) => {}
        (Some(_), true, None) => {
            return Err(CliError::usage(
                "a part of stdin needs --stream-from: the byte of the file stdin starts at",
            ));
        }
        (Some(_), false, Some(_)) => {
            return Err(CliError::usage(
                "--stream-from reads a part from stdin: give `-` for the file",
            ));
        }
        (Some(split), ..) => {
            input = input
                .part(split, stream_from)
                .map_err(|e| open_error(path, e))?;
        }
    }
    let opened = input.open().map_err(|e| open_error(path, e))?;
    let progress = Progress::new(name, opened.progress(), opened.size);
    let Opened {
        reader,
        offset,
        compressed,
        ..
    } = opened;
    Ok(Input {
        reader,
        progress,
        offset,
        compressed,
    })
}

/// The error of opening `path`, in the program's words.
fn open_error(path: &Path, e: OpenError) -> CliError {
    match e {
        OpenError::Split(SplitError::BytesOfCompressed(Compression::Zstd)) => CliError::input(
            path.display(),
            format_args!("{e} (use --frames for a zstd file of several frames)"),
        ),
        e => CliError::input(path.display(), e),
    }
}

/// The files of `inputs`, stdin (`-`) left out: what an output may not overwrite.
fn files(inputs: &[PathBuf]) -> Vec<PathBuf> {
    inputs
        .iter()
        .filter(|p| p.as_os_str() != "-")
        .cloned()
        .collect()
}

/// A target that may not be written, in the program's words.
fn target_error(e: TargetError) -> CliError {
    let path = e.path.display();
    let message = match e.kind {
        TargetErrorKind::IsDirectory => format!("{path}: is a directory: name a file to write"),
        TargetErrorKind::Exists => format!("{path}: the file exists (--force replaces it)"),
        TargetErrorKind::IsInput => format!(
            "{path}: the file is also an input (--force replaces it, once the output is complete)"
        ),
        TargetErrorKind::Link(kind) => {
            return CliError::input(path, std::io::Error::from(kind));
        }
        _ => e.to_string(),
    };
    match &e.link {
        Some(link) => CliError::invalid(format_args!(
            "{message} (through the link {})",
            link.display()
        )),
        None => CliError::invalid(message),
    }
}

/// A file the program writes (chess-archive's [`Target`]): a regular file is written under a
/// temporary name beside its target and renamed over the target only when complete
/// ([`Output::commit`]); dropped without a commit (an error), or interrupted (Ctrl-C,
/// SIGTERM: see [`crate::interrupt`]), it leaves the target as it was and nothing beside it. A
/// FIFO, a device or a standard stream named by path is written through as a stream.
pub struct Output {
    target: PathBuf,
    file: BufWriter<File>,
    staging: Staging,
}

impl Output {
    /// Opens `target` for writing, after checking that writing it is wanted: an existing
    /// file is replaced only with `force`, and that holds for one of the `inputs` too (it is
    /// read whole before it is replaced: the target changes only at the commit, and the input
    /// stays open until then). A symbolic link's target is what is replaced.
    pub fn create(target: &Path, force: bool, inputs: &[PathBuf]) -> Result<Output> {
        let planned = Target::new(target, force, &files(inputs)).map_err(target_error)?;
        // Known to the interrupt handler before the file exists.
        let staged = planned.temporary().map(Staged::new);
        let path = planned.path().to_owned();
        let (file, commit) = planned
            .create()
            .and_then(|file| file.into_parts())
            .map_err(|e| CliError::input(target.display(), e))?;
        Ok(Output {
            target: path,
            file: BufWriter::with_capacity(1 << 16, file),
            staging: Staging { commit, staged },
        })
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
            staging,
        } = self;
        let file = file
            .into_inner()
            .map_err(|e| CliError::input(target.display(), e.into_error()))?;
        Ok((file, staging))
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
    commit: Commit,
    staged: Option<Staged>,
}

impl Staging {
    /// Puts the file in place of the target.
    pub fn commit(self) -> Result<()> {
        let Staging { commit, staged } = self;
        let target = commit.target().to_owned();
        match staged {
            // The rename comes before an interrupt or after it, never in between.
            Some(staged) => staged.finish(|_| commit.commit()),
            None => commit.commit(),
        }
        .map_err(|e| CliError::input(target.display(), e))
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

/// Whether `a` and `b` name the same file (through links, `./`, another spelling, a hard
/// link); stdin (`-`) is no file.
pub fn same_file(a: &Path, b: &Path) -> bool {
    a.as_os_str() != "-" && b.as_os_str() != "-" && chess_archive::output::same_file(a, b)
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
