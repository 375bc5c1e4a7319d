//! Why a probe failed.

use std::fmt;
use std::io;
use std::path::PathBuf;
use std::sync::Arc;

use crate::Material;

/// The two kinds of table file: WDL (`.rtbw`) and DTZ (`.rtbz`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum TableKind {
    /// Win, draw or loss for every position of a material (files ending in `.rtbw`); what a
    /// search probes.
    Wdl,
    /// The distance to the next capture or pawn move (files ending in `.rtbz`); what picks the
    /// moves at the root.
    Dtz,
}

impl TableKind {
    /// The file name extension of the tables of this kind, without the dot.
    ///
    /// ```
    /// assert_eq!(chess_syzygy::TableKind::Dtz.extension(), "rtbz");
    /// ```
    #[inline]
    #[must_use]
    pub const fn extension(self) -> &'static str {
        match self {
            TableKind::Wdl => "rtbw",
            TableKind::Dtz => "rtbz",
        }
    }

    /// The four bytes every file of this kind starts with.
    pub(crate) const fn magic(self) -> [u8; 4] {
        match self {
            TableKind::Wdl => [0x71, 0xe8, 0x23, 0x5d],
            TableKind::Dtz => [0xd7, 0x66, 0x0c, 0xa5],
        }
    }
}

impl fmt::Display for TableKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TableKind::Wdl => "wdl",
            TableKind::Dtz => "dtz",
        })
    }
}

/// What is wrong with a table file that is there but cannot be read as a table.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum CorruptKind {
    /// The file's size is not 16 more than a multiple of 64, as every table's is (its sections
    /// are aligned to 64 bytes and a 16-byte checksum ends it).
    Size {
        /// The size of the file in bytes.
        len: u64,
    },
    /// The file does not start with the four bytes of its kind.
    Magic {
        /// The first bytes found.
        found: [u8; 4],
    },
    /// A read or a section reaches past the end of the file.
    Truncated {
        /// The size of the file in bytes.
        len: u64,
    },
    /// The header's list of pieces is not the material the file name says.
    Pieces,
    /// A field of the header has a value no table uses.
    Field {
        /// The field's name.
        field: &'static str,
    },
    /// The compressed data leads nowhere: a symbol, block or value out of range.
    Data {
        /// What was out of range.
        what: &'static str,
    },
}

impl fmt::Display for CorruptKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CorruptKind::Size { len } => write!(
                f,
                "size {len} is not 16 more than a multiple of 64, as a table's is"
            ),
            CorruptKind::Magic { found } => write!(
                f,
                "expected the magic bytes of a syzygy table, found {:02x} {:02x} {:02x} {:02x}",
                found[0], found[1], found[2], found[3]
            ),
            CorruptKind::Truncated { len } => {
                write!(f, "truncated: the file ends at byte {len}")
            }
            CorruptKind::Pieces => {
                f.write_str("the header's pieces are not the material of the file name")
            }
            CorruptKind::Field { field } => write!(f, "invalid {field}"),
            CorruptKind::Data { what } => write!(f, "invalid compressed data: {what}"),
        }
    }
}

/// Why a position could not be probed.
///
/// Missing tables and positions the tables do not hold are the everyday cases (an engine asks
/// about every position and uses the answer when there is one); a file that cannot be read or is
/// not a table is said with its path and, for corrupt files, the byte where reading went wrong.
///
/// ```
/// use chess_syzygy::{SyzygyError, Tablebase};
/// use chess_rules::Position;
///
/// let tables = Tablebase::new();
/// let error = tables.probe_wdl(&Position::standard()).unwrap_err();
/// assert!(matches!(error, SyzygyError::Castling));
/// assert_eq!(error.to_string(), "syzygy tables hold no positions with castling rights");
/// ```
#[derive(Clone, Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SyzygyError {
    /// The position has castling rights, which no table holds.
    #[error("syzygy tables hold no positions with castling rights")]
    Castling,
    /// The position has more pieces than any table can hold.
    #[error(
        "syzygy tables hold positions of at most {max} pieces, this one has {pieces}",
        max = crate::MAX_PIECES
    )]
    TooManyPieces {
        /// The number of pieces on the board, kings included.
        pieces: usize,
    },
    /// No directory given to the tablebase holds the table a probe needs.
    #[error("missing {kind} table {material}.{ext}", ext = kind.extension())]
    MissingTable {
        /// The material of the table, stronger side first as the files are named.
        material: Material,
        /// WDL or DTZ.
        kind: TableKind,
    },
    /// A directory or table file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Io {
        /// The directory or file.
        path: PathBuf,
        /// What the operating system said (shared, so that an error cached for a table can
        /// be returned to every probe that needs it).
        source: Arc<io::Error>,
    },
    /// A table file is not a valid table: where and why.
    #[error("corrupt syzygy table {} at byte {offset}: {kind}", path.display())]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The byte offset in the file where reading went wrong.
        offset: u64,
        /// What was wrong.
        kind: CorruptKind,
    },
    /// The tables of a material contradict each other: each file reads, but the values do not
    /// fit together (a DTZ table that holds neither side to move, or a win no move keeps).
    #[error("the {material} tables contradict each other: {reason}")]
    Inconsistent {
        /// The material whose tables disagree.
        material: Material,
        /// What did not fit.
        reason: &'static str,
    },
}

/// A fault found while reading a mapped table, before the file's path is attached.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Fault {
    pub(crate) offset: usize,
    pub(crate) kind: CorruptKind,
}

impl Fault {
    pub(crate) fn field(offset: usize, field: &'static str) -> Fault {
        Fault {
            offset,
            kind: CorruptKind::Field { field },
        }
    }

    pub(crate) fn data(offset: usize, what: &'static str) -> Fault {
        Fault {
            offset,
            kind: CorruptKind::Data { what },
        }
    }

    pub(crate) fn in_file(self, path: &std::path::Path) -> SyzygyError {
        SyzygyError::Corrupt {
            path: path.to_path_buf(),
            offset: self.offset as u64,
            kind: self.kind,
        }
    }
}
