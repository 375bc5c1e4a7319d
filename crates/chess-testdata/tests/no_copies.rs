//! The repository holds no copy of a file that `cargo xtask testdata` fetches: third-party data
//! comes from its package, so a copy committed again (under any name) fails here.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Every file below `dir`, recursively.
fn files_below(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files_below(&path, out);
        } else {
            out.push(path);
        }
    }
}

#[test]
fn no_tracked_file_is_a_copy_of_fetched_test_data() {
    let dir = chess_testdata::dir();
    if !dir.join("python-chess").exists() || !dir.join("pgn-reader").exists() {
        chess_testdata::skip(
            &format!("the fetched test data is missing from {}", dir.display()),
            &format!("run `{}`", chess_testdata::FETCH_COMMAND),
        );
        return;
    }
    let root = chess_testdata::workspace_root();
    let listed = Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(&root)
        .output();
    let listed = match listed {
        Ok(out) if out.status.success() => out.stdout,
        _ => {
            chess_testdata::skip("git cannot list the tracked files", "run it in a clone");
            return;
        }
    };
    // The fetched files by size: only a tracked file of the same size is compared byte for byte.
    let mut fetched = Vec::new();
    files_below(&dir, &mut fetched);
    let mut by_size: HashMap<u64, Vec<PathBuf>> = HashMap::new();
    for path in fetched {
        let size = std::fs::metadata(&path).expect("metadata").len();
        // Empty files and one-liners match by accident, not by copying.
        if size >= 64 {
            by_size.entry(size).or_default().push(path);
        }
    }
    assert!(by_size.len() > 50, "the fetched data looks incomplete");
    let mut copies = Vec::new();
    for name in listed.split(|&b| b == 0).filter(|n| !n.is_empty()) {
        let tracked = root.join(String::from_utf8_lossy(name).as_ref());
        let Ok(meta) = std::fs::metadata(&tracked) else {
            continue; // deleted in the work tree
        };
        let Some(candidates) = by_size.get(&meta.len()) else {
            continue;
        };
        let bytes = std::fs::read(&tracked).expect("a tracked file");
        for candidate in candidates {
            if std::fs::read(candidate).expect("a fetched file") == bytes {
                copies.push(format!("{} = {}", tracked.display(), candidate.display()));
            }
        }
    }
    assert!(
        copies.is_empty(),
        "tracked files that copy fetched test data (delete them and read the fetched file \
         through chess-testdata):\n{}",
        copies.join("\n")
    );
}
