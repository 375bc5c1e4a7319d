//! Temporary directories for tests' files.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A fresh directory for one test's files under the system's temporary directory
/// ([`std::env::temp_dir`]), removed with everything in it when dropped.
///
/// Its name is `chess-{name}-{process id}-{number}`: unique among the directories of the
/// running tests (the number counts up within the process, and a directory left by an earlier
/// process of the same id is never reused), and saying which test made it.
///
/// ```
/// use chess_testdata::TempDir;
///
/// let dir = TempDir::new("doc-example");
/// let file = dir.write("game.pgn", "1. e4 e5 *\n");
/// assert_eq!(file, dir.join("game.pgn"));
/// assert_eq!(std::fs::read_to_string(&file).unwrap(), "1. e4 e5 *\n");
/// let path = dir.path().to_path_buf();
/// drop(dir);
/// assert!(!path.exists());
/// ```
#[derive(Debug)]
pub struct TempDir {
    path: PathBuf,
}

impl TempDir {
    /// Creates a new empty directory named after `name` (a word saying which test it is for).
    ///
    /// # Panics
    ///
    /// When the directory cannot be created.
    #[must_use]
    pub fn new(name: &str) -> TempDir {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let base = std::env::temp_dir();
        loop {
            let number = NEXT.fetch_add(1, Ordering::Relaxed);
            let path = base.join(format!("chess-{name}-{}-{number}", std::process::id()));
            match std::fs::create_dir_all(&base).and_then(|()| std::fs::create_dir(&path)) {
                Ok(()) => return TempDir { path },
                // Left by an earlier process with this id: take the next number.
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
                Err(e) => panic!("cannot create the directory {}: {e}", path.display()),
            }
        }
    }

    /// The directory's path.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The path of `name` in the directory (nothing is created).
    #[must_use]
    pub fn join(&self, name: impl AsRef<Path>) -> PathBuf {
        self.path.join(name)
    }

    /// Writes `contents` to the file `name` in the directory, replacing it if it is there, and
    /// returns its path.
    ///
    /// # Panics
    ///
    /// When the file cannot be written.
    pub fn write(&self, name: impl AsRef<Path>, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.join(name);
        std::fs::write(&path, contents)
            .unwrap_or_else(|e| panic!("cannot write {}: {e}", path.display()));
        path
    }
}

impl AsRef<Path> for TempDir {
    fn as_ref(&self) -> &Path {
        &self.path
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        // Nothing to do about a failure: the system cleans its temporary directory in the end.
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_directory_is_new_and_goes_away() {
        let a = TempDir::new("unit");
        let b = TempDir::new("unit");
        assert_ne!(a.path(), b.path());
        assert!(a.path().starts_with(std::env::temp_dir()));
        let name = a.path().file_name().unwrap().to_str().unwrap();
        assert!(
            name.starts_with(&format!("chess-unit-{}-", std::process::id())),
            "{name}"
        );
        std::fs::create_dir(a.join("sub")).unwrap();
        a.write("sub/file", [1, 2, 3]);
        let path = a.path().to_path_buf();
        drop(a);
        assert!(!path.exists());
        assert!(b.path().is_dir());
    }

    #[test]
    fn a_leftover_directory_is_not_reused() {
        // What the next directory would be called, made beforehand as a crashed run would leave it.
        let probe = TempDir::new("leftover");
        let probe_name = probe
            .path()
            .file_name()
            .unwrap()
            .to_str()
            .unwrap()
            .to_owned();
        let number: u64 = probe_name.rsplit('-').next().unwrap().parse().unwrap();
        let leftover = std::env::temp_dir().join(format!(
            "chess-leftover-{}-{}",
            std::process::id(),
            number + 1
        ));
        let _ = std::fs::create_dir(&leftover);
        std::fs::write(leftover.join("kept"), "not ours").unwrap();
        let dir = TempDir::new("leftover");
        assert_ne!(dir.path(), leftover);
        assert!(std::fs::read_dir(dir.path()).unwrap().next().is_none());
        assert!(leftover.join("kept").exists());
        std::fs::remove_dir_all(&leftover).unwrap();
    }
}
