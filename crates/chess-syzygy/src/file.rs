//! A table file, memory-mapped: the one place the crate uses `unsafe`.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use memmap2::Mmap;

use crate::bytes::Bytes;
use crate::error::{CorruptKind, SyzygyError, TableKind};

/// An open table file: its bytes, mapped into memory, and its path for error messages.
///
/// Tables are large (the 7-piece set is 17 TB) and a probe reads a few hundred bytes of them,
/// so they are mapped rather than read: the operating system pages in what probes touch and can
/// drop it again under memory pressure.
#[derive(Debug)]
pub(crate) struct TableFile {
    path: PathBuf,
    map: Mmap,
}

impl TableFile {
    /// Opens and maps the table at `path`, checking its size and magic bytes.
    pub(crate) fn open(path: &Path, kind: TableKind) -> Result<TableFile, SyzygyError> {
        let io = |e| SyzygyError::Io {
            path: path.to_path_buf(),
            source: Arc::new(e),
        };
        let corrupt = |offset: u64, kind| SyzygyError::Corrupt {
            path: path.to_path_buf(),
            offset,
            kind,
        };
        let file = File::open(path).map_err(io)?;
        let len = file.metadata().map_err(io)?.len();
        // Checked before mapping: this also keeps empty files (which cannot be mapped on every
        // system) from reaching the map.
        if len % 64 != 16 {
            return Err(corrupt(len, CorruptKind::Size { len }));
        }
        // SAFETY: `Mmap::map` is unsafe because the mapped bytes are shared with the file: if
        // another process changed the file while it is mapped, the slice this crate reads would
        // change under it, which Rust's rules for `&[u8]` forbid; if it truncated the file,
        // reading the lost pages would raise SIGBUS and end the process. Tablebase files are
        // read-only data: this crate opens them read-only, never writes them, and its
        // documentation (`Tablebase`) asks that they not be modified or truncated while a
        // `Tablebase` uses them, the condition every Syzygy prober relies on. Within that
        // condition the mapping is plain immutable memory of `len` bytes that lives as long as
        // `self`; bytes that are not a valid table (whatever they are) are handled by the
        // bounds-checked reads of `Bytes`, never trusted as offsets.
        let map = unsafe { Mmap::map(&file) }.map_err(io)?;
        #[cfg(unix)]
        {
            // Probes jump around the file: read-ahead would only load pages nobody reads.
            // Advice is a hint; failing to give it changes nothing.
            let _ = map.advise(memmap2::Advice::Random);
        }
        let table = TableFile {
            path: path.to_path_buf(),
            map,
        };
        // The file may have changed between the size check and the map: check the mapping.
        let mapped = table.map.len() as u64;
        if mapped % 64 != 16 {
            return Err(corrupt(mapped, CorruptKind::Size { len: mapped }));
        }
        let found = [0, 1, 2, 3].map(|i| table.map.get(i).copied().unwrap_or(0));
        if found != kind.magic() {
            return Err(corrupt(0, CorruptKind::Magic { found }));
        }
        Ok(table)
    }

    /// The file's bytes.
    pub(crate) fn bytes(&self) -> Bytes<'_> {
        Bytes(&self.map)
    }

    /// The file's path.
    pub(crate) fn path(&self) -> &Path {
        &self.path
    }
}
