//! Writing a file whole or not at all, once for every front (the `chess` program, the Python
//! package): a regular file is written under a temporary name beside its target and renamed
//! over it when complete ([`OutputFile::commit`]); dropped before that (an error, a user who
//! stopped it), it leaves the target as it was and nothing beside it. What may be written is
//! decided first ([`Target::new`]): an existing file only when asked to (`force`), never a
//! directory, and an input is never written while it is read (see [`same_file`]). A FIFO, a
//! device or a standard stream named by its path is written through, as a stream.
//!
//! ```
//! use std::io::Write;
//! use chess_archive::output::{Target, TargetErrorKind};
//!
//! let dir = std::env::temp_dir().join(format!("chess-archive-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("games.jsonl");
//! let mut out = Target::new(&path, false, &[])?.create()?;
//! out.write_all(b"{}\n")?;
//! assert!(!path.exists()); // not until it is whole
//! out.commit()?;
//! assert_eq!(std::fs::read(&path)?, b"{}\n");
//! // Written again only with force.
//! let error = Target::new(&path, false, &[]).unwrap_err();
//! assert_eq!(error.kind, TargetErrorKind::Exists);
//! // An input that is also the output is said apart.
//! let error = Target::new(&path, false, &[path.clone()]).unwrap_err();
//! assert_eq!(error.kind, TargetErrorKind::IsInput);
//! # std::fs::remove_dir_all(&dir)?;
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// Whether `a` and `b` name the same file, through links and other spellings of its name:
/// the same device and inode where the platform has them (a hard link too), else the same
/// canonical path. A path that names no file is no other.
///
/// ```
/// use chess_archive::output::same_file;
///
/// let dir = std::env::temp_dir();
/// assert!(same_file(&dir, &dir.join(".")));
/// assert!(!same_file(&dir, &dir.join("no such file")));
/// ```
#[must_use]
pub fn same_file(a: &Path, b: &Path) -> bool {
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

/// The temporary name beside `path` that a file is written under before it is renamed to
/// `path`: `.NAME.partial-PID`, hidden, and one per process.
#[must_use]
pub fn temporary_beside(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    path.with_file_name(format!(".{name}.partial-{}", std::process::id()))
}

/// Why a target may not be written.
#[derive(Debug)]
pub struct TargetError {
    /// The file that would be written (for a symbolic link, the file it leads to).
    pub path: PathBuf,
    /// The symbolic link named, when `path` is where it leads.
    pub link: Option<PathBuf>,
    /// What is wrong.
    pub kind: TargetErrorKind,
}

/// What is wrong with a target ([`TargetError`]).
#[derive(Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TargetErrorKind {
    /// A directory: no file to write.
    IsDirectory,
    /// A file exists, and force was not given.
    Exists,
    /// The file is one of the inputs, and force was not given (with force, it is replaced
    /// once the output is complete: the input has been read whole by then).
    IsInput,
    /// A symbolic link that leads to another, and so on, too many times.
    TooManyLinks,
    /// A symbolic link that cannot be read.
    Link(io::ErrorKind),
}

impl fmt::Display for TargetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: ", self.path.display())?;
        match &self.kind {
            TargetErrorKind::IsDirectory => f.write_str("is a directory")?,
            TargetErrorKind::Exists => f.write_str("the file exists")?,
            TargetErrorKind::IsInput => f.write_str("the file is also an input")?,
            TargetErrorKind::TooManyLinks => f.write_str("too many levels of symbolic links")?,
            TargetErrorKind::Link(kind) => write!(f, "{}", io::Error::from(*kind))?,
        }
        if let Some(link) = &self.link {
            write!(f, " (through the link {})", link.display())?;
        }
        Ok(())
    }
}

impl std::error::Error for TargetError {}

/// Where an output goes, decided before anything is written.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Target {
    /// A regular file (or none yet): written under [`temporary_beside`] it and renamed over it
    /// when complete. Through a symbolic link, the file the link leads to.
    File {
        /// The file replaced.
        path: PathBuf,
        /// The temporary file written first.
        temporary: PathBuf,
    },
    /// A FIFO, a terminal, `/dev/null`, a socket, or standard output or error named by path
    /// (`/dev/stdout`, `/dev/fd/1`): written through, as a stream, as `cp` and `sort -o` do.
    /// There is nothing to replace, so force is not needed.
    Stream(PathBuf),
}

impl Target {
    /// What writing `path` means, checked: a file that exists is replaced only with `force`
    /// (one of `inputs` too, said apart: [`TargetErrorKind::IsInput`]), and a directory never;
    /// a symbolic link's target is what is replaced.
    ///
    /// # Errors
    ///
    /// [`TargetError`]: a directory, a file that exists without `force`, a link that cannot be
    /// followed.
    pub fn new(path: &Path, force: bool, inputs: &[PathBuf]) -> Result<Target, TargetError> {
        if names_a_standard_stream(path) {
            return Ok(Target::Stream(path.to_owned()));
        }
        // The file a symbolic link leads to is what gets replaced: renaming over the link itself
        // would leave its target as it was and the link gone.
        let resolved = match std::fs::symlink_metadata(path) {
            Ok(meta) if meta.file_type().is_symlink() => resolve_link(path)?,
            _ => path.to_owned(),
        };
        let error = |kind| TargetError {
            path: resolved.clone(),
            link: (resolved != path).then(|| path.to_owned()),
            kind,
        };
        let Ok(meta) = std::fs::metadata(&resolved) else {
            return Ok(Target::file(resolved));
        };
        if meta.is_dir() {
            return Err(error(TargetErrorKind::IsDirectory));
        }
        if !meta.is_file() {
            return Ok(Target::Stream(path.to_owned()));
        }
        if !force {
            let is_input = inputs.iter().any(|input| same_file(input, &resolved));
            return Err(error(if is_input {
                TargetErrorKind::IsInput
            } else {
                TargetErrorKind::Exists
            }));
        }
        Ok(Target::file(resolved))
    }

    fn file(path: PathBuf) -> Target {
        Target::File {
            temporary: temporary_beside(&path),
            path,
        }
    }

    /// The file written: the target, or the stream.
    #[must_use]
    pub fn path(&self) -> &Path {
        match self {
            Target::File { path, .. } | Target::Stream(path) => path,
        }
    }

    /// The temporary file written first, for a regular file.
    #[must_use]
    pub fn temporary(&self) -> Option<&Path> {
        match self {
            Target::File { temporary, .. } => Some(temporary),
            Target::Stream(_) => None,
        }
    }

    /// Creates the temporary file (for a regular file), or opens the stream.
    ///
    /// # Errors
    ///
    /// The error of creating or opening it.
    pub fn create(self) -> io::Result<OutputFile> {
        match self {
            Target::Stream(path) => {
                let file = std::fs::OpenOptions::new().append(true).open(&path)?;
                Ok(OutputFile {
                    file,
                    commit: Commit {
                        target: path,
                        temporary: None,
                        handle: None,
                    },
                })
            }
            Target::File { path, temporary } => {
                let file = File::create(&temporary)?;
                Ok(OutputFile {
                    file,
                    commit: Commit {
                        target: path,
                        temporary: Some(temporary),
                        handle: None,
                    },
                })
            }
        }
    }
}

/// The names that are a program's own standard streams, whatever they lead to (a file the
/// shell opened with `>` too).
fn names_a_standard_stream(path: &Path) -> bool {
    let text = path.to_string_lossy();
    ["/dev/stdout", "/dev/stderr", "/dev/fd/", "/proc/self/fd/"]
        .iter()
        .any(|prefix| text == *prefix || (prefix.ends_with('/') && text.starts_with(prefix)))
}

/// The path a symbolic link leads to, following every link; a dangling link's target path
/// (the file is then created there).
fn resolve_link(path: &Path) -> Result<PathBuf, TargetError> {
    let error = |kind| TargetError {
        path: path.to_owned(),
        link: None,
        kind,
    };
    let mut current = path.to_owned();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&current) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let next = std::fs::read_link(&current)
                    .map_err(|e| error(TargetErrorKind::Link(e.kind())))?;
                current = match current.parent() {
                    Some(parent) if next.is_relative() => parent.join(next),
                    _ => next,
                };
            }
            _ => return Ok(current),
        }
    }
    Err(error(TargetErrorKind::TooManyLinks))
}

/// A file being written ([`Target::create`]): dropped without [`OutputFile::commit`], it
/// leaves its target as it was and removes its temporary file.
#[derive(Debug)]
pub struct OutputFile {
    file: File,
    commit: Commit,
}

impl OutputFile {
    /// The file replaced (or the stream).
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.commit.target
    }

    /// The file, and what puts it in place once it is written (holding a second handle to
    /// it), for a writer that must own its file.
    ///
    /// # Errors
    ///
    /// The error of duplicating the file's handle.
    pub fn into_parts(self) -> io::Result<(File, Commit)> {
        let OutputFile { file, mut commit } = self;
        if commit.temporary.is_some() {
            commit.handle = Some(file.try_clone()?);
        }
        Ok((file, commit))
    }

    /// Puts the complete file in place of the target (for a stream: nothing more to do).
    ///
    /// # Errors
    ///
    /// The error of putting the data on the disk or of the rename.
    pub fn commit(self) -> io::Result<()> {
        let OutputFile { file, mut commit } = self;
        commit.handle = Some(file);
        commit.commit()
    }
}

impl Write for OutputFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.file.write(buf)
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.file.write_all(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.file.flush()
    }
}

/// What puts an [`OutputFile`] written elsewhere in place ([`OutputFile::into_parts`]);
/// dropped, it removes the temporary file.
#[derive(Debug)]
pub struct Commit {
    target: PathBuf,
    temporary: Option<PathBuf>,
    /// The file, to put its data on the disk before its name.
    handle: Option<File>,
}

impl Commit {
    /// The file replaced (or the stream).
    #[must_use]
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// The temporary file, for a regular file.
    #[must_use]
    pub fn temporary(&self) -> Option<&Path> {
        self.temporary.as_deref()
    }

    /// Puts the file, written whole and flushed, in place of the target: its data on the
    /// disk first, so that a crash after the rename never shows an empty file. For a stream,
    /// nothing: it was written as it went.
    ///
    /// # Errors
    ///
    /// The error of putting the data on the disk or of the rename (the temporary file is
    /// then removed).
    pub fn commit(mut self) -> io::Result<()> {
        if let Some(handle) = self.handle.take() {
            handle.sync_data()?;
        }
        match self.temporary.take() {
            Some(temporary) => std::fs::rename(&temporary, &self.target).inspect_err(|_| {
                let _ = std::fs::remove_file(&temporary);
            }),
            None => Ok(()),
        }
    }
}

impl Drop for Commit {
    fn drop(&mut self) {
        if let Some(temporary) = &self.temporary {
            let _ = std::fs::remove_file(temporary);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("chess-archive-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_file_appears_whole_or_not_at_all() {
        let dir = scratch("whole");
        let path = dir.join("out.txt");
        let mut out = Target::new(&path, false, &[]).unwrap().create().unwrap();
        out.write_all(b"half").unwrap();
        drop(out);
        assert!(!path.exists());
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "no file left beside"
        );
        let mut out = Target::new(&path, false, &[]).unwrap().create().unwrap();
        out.write_all(b"whole").unwrap();
        out.commit().unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"whole");
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_input_is_its_output_under_any_name() {
        let dir = scratch("input");
        let input = dir.join("games.pgn");
        std::fs::write(&input, "1. e4 *\n").unwrap();
        let hard = dir.join("hard.pgn");
        std::fs::hard_link(&input, &hard).unwrap();
        let inputs = [input.clone()];
        for name in [input.clone(), dir.join(".").join("games.pgn"), hard] {
            let error = Target::new(&name, false, &inputs).unwrap_err();
            assert_eq!(error.kind, TargetErrorKind::IsInput, "{}", name.display());
            assert!(same_file(&name, &input));
        }
        let error = Target::new(&dir, true, &inputs).unwrap_err();
        assert_eq!(error.kind, TargetErrorKind::IsDirectory);
        assert_eq!(
            error.to_string(),
            format!("{}: is a directory", dir.display())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_link_s_target_is_replaced_and_a_device_is_a_stream() {
        let dir = scratch("link");
        let real = dir.join("real.txt");
        std::fs::write(&real, "old").unwrap();
        let link = dir.join("link.txt");
        std::os::unix::fs::symlink("real.txt", &link).unwrap();
        let error = Target::new(&link, false, &[]).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!(
                "{}: the file exists (through the link {})",
                real.display(),
                link.display()
            )
        );
        let mut out = Target::new(&link, true, &[]).unwrap().create().unwrap();
        out.write_all(b"new").unwrap();
        out.commit().unwrap();
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        let null = Path::new("/dev/null");
        assert_eq!(
            Target::new(null, false, &[]).unwrap(),
            Target::Stream(null.to_owned())
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
