//! The Syzygy tables of a player's directories.

use std::path::PathBuf;
use std::sync::Arc;

use chess_engine::Tablebase;

use super::error::PlayerError;

/// The Syzygy tables in `dirs` (`None` without directories), read as a player reads them.
///
/// # Errors
///
/// [`PlayerError::Tablebases`] for a directory that cannot be read, and
/// [`PlayerError::NoTables`] when the directories hold no table at all (said now, since
/// every probe would fail, each naming a table rather than the directories).
pub fn open_tablebases(dirs: &[PathBuf]) -> Result<Option<Arc<Tablebase>>, PlayerError> {
    if dirs.is_empty() {
        return Ok(None);
    }
    let mut tables = Tablebase::new();
    let mut found = 0;
    for dir in dirs {
        found += tables
            .add_directory(dir)
            .map_err(|error| PlayerError::Tablebases {
                dir: dir.clone(),
                error,
            })?;
    }
    if found == 0 {
        return Err(PlayerError::NoTables {
            dirs: dirs.to_vec(),
        });
    }
    Ok(Some(Arc::new(tables)))
}
