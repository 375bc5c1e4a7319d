//! Opening the files named on the command line (`-` is stdin).

use std::io::Read;
use std::path::Path;

use crate::error::{CliError, Result};

/// An input to read, with its size when known (for progress bars): the file at `path`, or
/// stdin for `-`. An error names the path.
pub fn open(path: &Path) -> Result<(Box<dyn Read>, Option<u64>)> {
    if path.as_os_str() == "-" {
        return Ok((Box::new(std::io::stdin().lock()), None));
    }
    let file = std::fs::File::open(path).map_err(|e| CliError::input(path.display(), e))?;
    let size = file.metadata().ok().map(|m| m.len());
    Ok((Box::new(file), size))
}

/// Writes `bytes` to the file at `path`, through a temporary file beside it that is renamed
/// over it, so that a failed run never leaves half a file where a good one was.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> Result<()> {
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.partial-{}", std::process::id()));
    let written =
        std::fs::write(&temporary, bytes).and_then(|()| std::fs::rename(&temporary, path));
    written.map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        CliError::input(path.display(), e)
    })
}
