//! Where a token stands in the input.

use core::fmt;

/// Where a token stands in the input.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Location {
    /// The line, from 1.
    pub line: u64,
    /// The column in bytes, from 1 (a byte order mark takes no room).
    pub column: u64,
    /// The offset in bytes from the start of the input.
    pub offset: u64,
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.column)
    }
}
