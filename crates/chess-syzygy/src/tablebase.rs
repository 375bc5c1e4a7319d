//! The tables of one or more directories, each opened on its first probe.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use crate::error::{SyzygyError, TableKind};
use crate::table::{DtzTable, WdlTable};
use crate::{MAX_PIECES, Material};

/// One kind of table of one material: where its file is, and the table once opened (or why it
/// could not be, so that a broken file is reported by every probe without being reopened).
struct Slot<T> {
    path: Option<PathBuf>,
    table: OnceLock<Result<T, SyzygyError>>,
}

impl<T> Default for Slot<T> {
    fn default() -> Slot<T> {
        Slot {
            path: None,
            table: OnceLock::new(),
        }
    }
}

impl<T> Slot<T> {
    /// The table, opened by `open` on the first call.
    fn get(
        &self,
        material: Material,
        kind: TableKind,
        open: impl FnOnce(&Path, Material) -> Result<T, SyzygyError>,
    ) -> Result<&T, SyzygyError> {
        let path = self
            .path
            .as_deref()
            .ok_or(SyzygyError::MissingTable { material, kind })?;
        self.table
            .get_or_init(|| open(path, material))
            .as_ref()
            .map_err(Clone::clone)
    }

    fn is_open(&self) -> bool {
        self.table.get().is_some_and(Result::is_ok)
    }
}

/// The WDL and DTZ table of one material.
#[derive(Default)]
struct Entry {
    wdl: Slot<WdlTable>,
    dtz: Slot<DtzTable>,
}

/// A set of Syzygy tables: the files of the directories it was given, each opened and
/// memory-mapped when a position of its material is first probed.
///
/// Adding a directory only lists it: a table file is opened the first time a probe needs it,
/// read (its header checked against the material its name says), and kept open and mapped
/// for the life of the `Tablebase`. A directory of 7-piece tables thus costs nothing until its
/// tables are used, and only the pages that probes touch are ever read from disk.
///
/// Probing takes `&self` and the type is [`Sync`]: share one `Tablebase` between the threads of
/// a search (in an [`Arc`] or by reference). Each table is opened at most once, by the first
/// thread that needs it, while the others wait for it (a [`OnceLock`] per table file); after
/// that probes read the mapped memory without any lock.
///
/// The files must not be modified or truncated while a `Tablebase` uses them: they are mapped,
/// not copied (see [`Tablebase::add_directory`]).
///
/// ```
/// use chess_notation::Fen;
/// use chess_rules::CastlingMode;
/// use chess_syzygy::{Dtz, Tablebase, Wdl};
///
/// # let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else { return Ok(()) };
/// let tables = Tablebase::open(dir)?;
/// let fen: Fen = "8/8/8/8/3k4/8/8/KQ6 w - - 0 1".parse()?;
/// let pos = fen.into_position(CastlingMode::Standard)?;
/// assert_eq!(tables.probe_wdl(&pos)?, Wdl::Win);
/// assert!(tables.probe_dtz(&pos)? > Dtz(0));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Tablebase {
    /// By material, oriented as the files are named.
    tables: HashMap<Material, Entry>,
}

impl Tablebase {
    /// A tablebase without tables: every probe of a position with more than two kings reports
    /// a missing table until directories are added.
    #[must_use]
    pub fn new() -> Tablebase {
        Tablebase::default()
    }

    /// A tablebase of the tables in `dir` (see [`Tablebase::add_directory`]).
    pub fn open(dir: impl AsRef<Path>) -> Result<Tablebase, SyzygyError> {
        let mut tables = Tablebase::new();
        tables.add_directory(dir)?;
        Ok(tables)
    }

    /// Adds the tables of `dir`: every file named as a table of standard chess (`KQvKR.rtbw`,
    /// `KRPvKR.rtbz`: the stronger side first, at most [`MAX_PIECES`] pieces) is remembered, to
    /// be opened and mapped when a probe first needs it. Other files are ignored. When several
    /// directories hold the same table, the first one added is used.
    ///
    /// Returns how many table files the directory adds. The directory is only listed: files
    /// are opened (and their errors reported) by the probes that need them.
    ///
    /// Tables are memory-mapped: they must not be modified or truncated while the tablebase
    /// uses them (a truncated file can end the process with a bus error when a probe reads
    /// its lost pages). Replace table files by writing new ones and renaming them into place,
    /// which leaves the mapped old files intact.
    pub fn add_directory(&mut self, dir: impl AsRef<Path>) -> Result<usize, SyzygyError> {
        let dir = dir.as_ref();
        let io = |e| SyzygyError::Io {
            path: dir.to_path_buf(),
            source: Arc::new(e),
        };
        // Sorted, so that which file wins when a directory lists a table twice (it cannot on
        // most file systems, but case-insensitive ones vary) does not depend on listing order.
        let mut names = Vec::new();
        for entry in std::fs::read_dir(dir).map_err(io)? {
            let entry = entry.map_err(io)?;
            if let Some(name) = entry.file_name().to_str() {
                names.push(name.to_owned());
            }
        }
        names.sort();
        let mut added = 0;
        for name in names {
            let Some((material, kind)) = table_name(&name) else {
                continue;
            };
            let path = dir.join(&name);
            if !path.is_file() {
                continue;
            }
            let entry = self.tables.entry(material).or_default();
            let slot_path = match kind {
                TableKind::Wdl => &mut entry.wdl.path,
                TableKind::Dtz => &mut entry.dtz.path,
            };
            if slot_path.is_none() {
                *slot_path = Some(path);
                added += 1;
            }
        }
        Ok(added)
    }

    /// Adds one table file (named as [`Tablebase::add_directory`] expects); returns whether
    /// it was added (false for a name that is not a table's, or a table already known).
    pub fn add_file(&mut self, path: impl AsRef<Path>) -> Result<bool, SyzygyError> {
        let path = path.as_ref();
        let Some((material, kind)) = path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(table_name)
        else {
            return Ok(false);
        };
        if !path.is_file() {
            return Err(SyzygyError::Io {
                path: path.to_path_buf(),
                source: Arc::new(std::io::Error::new(
                    std::io::ErrorKind::NotFound,
                    "no such table file",
                )),
            });
        }
        let entry = self.tables.entry(material).or_default();
        let slot = match kind {
            TableKind::Wdl => &mut entry.wdl.path,
            TableKind::Dtz => &mut entry.dtz.path,
        };
        if slot.is_some() {
            return Ok(false);
        }
        *slot = Some(path.to_path_buf());
        Ok(true)
    }

    /// The most pieces of the positions the WDL tables hold (0 without tables): positions
    /// with more are not worth probing.
    #[must_use]
    pub fn max_pieces(&self) -> usize {
        self.tables
            .iter()
            .filter(|(_, entry)| entry.wdl.path.is_some())
            .map(|(material, _)| material.pieces())
            .max()
            .unwrap_or(0)
    }

    /// Whether a table of `kind` was found for `material` (in either orientation). Says
    /// nothing of whether the file can be read: that shows when it is probed.
    #[must_use]
    pub fn contains(&self, material: &Material, kind: TableKind) -> bool {
        self.tables
            .get(&material.normalized())
            .is_some_and(|entry| match kind {
                TableKind::Wdl => entry.wdl.path.is_some(),
                TableKind::Dtz => entry.dtz.path.is_some(),
            })
    }

    /// How many table files have been opened and mapped so far: tables open on first use.
    #[must_use]
    pub fn open_tables(&self) -> usize {
        self.tables
            .values()
            .map(|entry| usize::from(entry.wdl.is_open()) + usize::from(entry.dtz.is_open()))
            .sum()
    }

    /// The WDL table of `material` (in either orientation), opened on first use.
    pub(crate) fn wdl_table(&self, material: &Material) -> Result<&WdlTable, SyzygyError> {
        let key = material.normalized();
        self.entry(key, TableKind::Wdl)?
            .wdl
            .get(key, TableKind::Wdl, WdlTable::open)
    }

    /// The DTZ table of `material` (in either orientation), opened on first use.
    pub(crate) fn dtz_table(&self, material: &Material) -> Result<&DtzTable, SyzygyError> {
        let key = material.normalized();
        self.entry(key, TableKind::Dtz)?
            .dtz
            .get(key, TableKind::Dtz, DtzTable::open)
    }

    fn entry(&self, key: Material, kind: TableKind) -> Result<&Entry, SyzygyError> {
        self.tables.get(&key).ok_or(SyzygyError::MissingTable {
            material: key,
            kind,
        })
    }
}

impl fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut names: Vec<String> = self.tables.keys().map(ToString::to_string).collect();
        names.sort();
        f.debug_struct("Tablebase")
            .field("materials", &names)
            .field("open_tables", &self.open_tables())
            .finish()
    }
}

/// The material and kind of a table file's name, if it is one: a normalized name of at most
/// [`MAX_PIECES`] pieces (not `KvK`, which has no file) and the extension of its kind.
fn table_name(name: &str) -> Option<(Material, TableKind)> {
    let (stem, extension) = name.rsplit_once('.')?;
    let kind = [TableKind::Wdl, TableKind::Dtz]
        .into_iter()
        .find(|k| k.extension() == extension)?;
    let material = Material::from_name(stem)?;
    let named_as_files_are = material.normalized() == material;
    (named_as_files_are && (3..=MAX_PIECES).contains(&material.pieces()))
        .then_some((material, kind))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_names() {
        let wdl = |name: &str| table_name(name).map(|(m, k)| (m.to_string(), k));
        assert_eq!(wdl("KQvK.rtbw"), Some(("KQvK".to_owned(), TableKind::Wdl)));
        assert_eq!(
            wdl("KRPvKR.rtbz"),
            Some(("KRPvKR".to_owned(), TableKind::Dtz))
        );
        assert_eq!(wdl("KQRBNvKQR.rtbw").map(|(_, k)| k), None, "eight pieces");
        for not_a_table in [
            "KvKQ.rtbw",
            "KvK.rtbw",
            "KQvK.txt",
            "KQvK",
            "SOURCE.txt",
            ".rtbw",
        ] {
            assert_eq!(wdl(not_a_table), None, "{not_a_table}");
        }
    }

    #[test]
    fn a_tablebase_can_be_shared_between_threads() {
        fn shared<T: Send + Sync>() {}
        shared::<Tablebase>();
    }
}
