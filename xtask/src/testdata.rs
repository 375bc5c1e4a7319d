//! `cargo xtask testdata`: the test data other projects wrote, fetched from the packages that
//! ship it, checked against pinned SHA-256 digests and unpacked under `target/testdata/` (or
//! `$CHESS_TESTDATA`), which git ignores. The project commits none of it.
//!
//! Each source unpacks into a folder of its own with a `.source` stamp naming the archive and
//! its digest; a run that finds every stamp current does nothing and needs no network.

use std::path::{Path, PathBuf};
use std::process::Command;

/// Where a source's archive comes from.
#[derive(Copy, Clone, Debug)]
pub enum Registry {
    /// A source distribution on PyPI, downloaded with `pip download`.
    PyPi,
    /// A crate that the workspace depends on, as cargo keeps it in its registry cache (found
    /// through `cargo metadata`, which downloads it when needed).
    Cargo,
}

/// One package of third-party test data.
#[derive(Debug)]
pub struct Source {
    /// The folder it unpacks into, under the data directory.
    pub folder: &'static str,
    /// The package's name in its registry.
    pub package: &'static str,
    pub version: &'static str,
    pub registry: Registry,
    /// The archive's file name.
    pub archive: &'static str,
    pub size: u64,
    pub sha256: &'static str,
    /// The folder every path in the archive starts with.
    pub top: &'static str,
    /// What is unpacked, relative to `top`.
    pub members: &'static [&'static str],
    pub license: &'static str,
    /// What the tests use it for.
    pub purpose: &'static str,
}

/// Every source of test data.
pub const SOURCES: &[Source] = &[
    Source {
        folder: "python-chess",
        package: "chess",
        version: "1.11.2",
        registry: Registry::PyPi,
        archive: "chess-1.11.2.tar.gz",
        size: 6_131_385,
        sha256: "a8b43e5678fdb3000695bdaa573117ad683761e5ca38e591c4826eba6d25bb39",
        top: "chess-1.11.2",
        members: &[
            "LICENSE.txt",
            "data/pgn",
            "data/polyglot",
            "data/syzygy/regular",
            "data/endgame.epd",
            "examples/perft",
            "test.py",
        ],
        license: "GPL-3.0-or-later",
        purpose: "real-world PGN files, Polyglot books, 3- and 4-piece Syzygy tables, \
                  endgame.epd, perft suites (tricky, Chess960, random), and its own unit tests \
                  (test.py), run against kingside as the measure of its compatibility",
    },
    Source {
        folder: "pgn-reader",
        package: "pgn-reader",
        version: "0.29.0",
        registry: Registry::Cargo,
        archive: "pgn-reader-0.29.0.crate",
        size: 574_030,
        sha256: "b822a2cfc1c90c109ea35458ad9bff6669198fdd4ea8de1132e702b4d9f64b88",
        top: "pgn-reader-0.29.0",
        members: &["benches"],
        license: "GPL-3.0-or-later (the games: the Lichess open database, CC0; The Week in Chess)",
        purpose: "Lichess and TWIC game samples (10k, 100k, 1000k bytes) from its benchmarks",
    },
];

/// The data directory: `$CHESS_TESTDATA`, else `target/testdata` at the workspace root (as the
/// `chess-testdata` crate finds it).
pub fn data_dir(root: &Path) -> PathBuf {
    match std::env::var_os("CHESS_TESTDATA") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => root.join("target").join("testdata"),
    }
}

/// `cargo xtask testdata`: makes every source present.
pub fn fetch(root: &Path) -> Result<(), String> {
    let dir = data_dir(root);
    for source in SOURCES {
        let dest = dir.join(source.folder);
        if is_current(&dest, source) {
            continue;
        }
        let archive = obtain(root, &dir, source)?;
        unpack(&archive, &dir, source)?;
        eprintln!(
            "unpacked {} {} into {}",
            source.package,
            source.version,
            dest.display()
        );
    }
    Ok(())
}

/// `cargo xtask testdata --list`: what is provided, from where, and whether it is here.
pub fn list(root: &Path) {
    let dir = data_dir(root);
    for source in SOURCES {
        let dest = dir.join(source.folder);
        let state = if is_current(&dest, source) {
            "present"
        } else {
            "missing: run `cargo xtask testdata`"
        };
        println!("{} ({state})", dest.display());
        println!(
            "  from: {} {} ({}), archive {} ({} bytes, SHA-256 {})",
            source.package,
            source.version,
            source.registry.name(),
            source.archive,
            source.size,
            source.sha256
        );
        println!("  license: {}", source.license);
        println!("  files: {}", source.members.join(", "));
        println!("  for: {}", source.purpose);
    }
}

impl Registry {
    fn name(self) -> &'static str {
        match self {
            Registry::PyPi => "PyPI source distribution, fetched with pip",
            Registry::Cargo => "crate package, found with cargo metadata",
        }
    }
}

/// The stamp a complete unpacking leaves.
fn stamp(source: &Source) -> String {
    format!(
        "{} {} {} sha256:{}\n",
        source.package, source.version, source.archive, source.sha256
    )
}

fn is_current(dest: &Path, source: &Source) -> bool {
    std::fs::read_to_string(dest.join(".source")).is_ok_and(|s| s == stamp(source))
        && source
            .members
            .iter()
            .all(|member| dest.join(member).exists())
}

/// The verified archive of `source`, downloaded if needed.
fn obtain(root: &Path, dir: &Path, source: &Source) -> Result<PathBuf, String> {
    match source.registry {
        Registry::PyPi => {
            let downloads = dir.join("downloads");
            let archive = downloads.join(source.archive);
            if verify(&archive, source).is_ok() {
                return Ok(archive);
            }
            // A damaged or different file of that name: pip would keep it.
            let _ = std::fs::remove_file(&archive);
            std::fs::create_dir_all(&downloads)
                .map_err(|e| format!("cannot create {}: {e}", downloads.display()))?;
            let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
            let requirement = format!("{}=={}", source.package, source.version);
            let output = Command::new(&python)
                .args([
                    "-m",
                    "pip",
                    "download",
                    "--quiet",
                    "--disable-pip-version-check",
                    "--no-deps",
                    "--no-binary",
                    ":all:",
                    "--dest",
                ])
                .arg(&downloads)
                .arg(&requirement)
                .output()
                .map_err(|e| format!("cannot run {python} -m pip: {e}"))?;
            if !output.status.success() {
                return Err(format!(
                    "pip could not download {requirement} from PyPI (is the network up?): {}",
                    last_line(&output.stderr)
                ));
            }
            verify(&archive, source)?;
            Ok(archive)
        }
        Registry::Cargo => {
            let archive = crate_archive(root, source)?;
            verify(&archive, source)?;
            Ok(archive)
        }
    }
}

/// Where cargo keeps a dependency's `.crate` archive: next to the unpacked sources that
/// `cargo metadata` reports, `registry/src/<index>/<name>-<version>/Cargo.toml` becoming
/// `registry/cache/<index>/<name>-<version>.crate`.
fn crate_archive(root: &Path, source: &Source) -> Result<PathBuf, String> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .args(["metadata", "--format-version", "1"])
        .current_dir(root)
        .output()
        .map_err(|e| format!("cannot run cargo metadata: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "cargo metadata failed (is the network up?): {}",
            last_line(&output.stderr)
        ));
    }
    let json = String::from_utf8_lossy(&output.stdout);
    let manifest = manifest_path(&json, source.top).ok_or_else(|| {
        format!(
            "cargo metadata does not list {} {}: is it still a dependency?",
            source.package, source.version
        )
    })?;
    let unpacked = manifest
        .parent()
        .ok_or("a manifest path without a folder")?;
    let index = unpacked.parent().ok_or("a crate outside an index folder")?;
    let registry = index
        .parent()
        .and_then(Path::parent)
        .ok_or("a crate outside cargo's registry")?;
    Ok(registry
        .join("cache")
        .join(index.file_name().ok_or("an index folder without a name")?)
        .join(source.archive))
}

/// The `manifest_path` in `cargo metadata`'s JSON that ends in `<folder>/Cargo.toml`.
fn manifest_path(json: &str, folder: &str) -> Option<PathBuf> {
    const KEY: &str = "\"manifest_path\":\"";
    json.match_indices(KEY).find_map(|(at, _)| {
        let rest = &json[at + KEY.len()..];
        let value = &rest[..rest.find('"')?];
        let value = value.replace("\\\\", "\\");
        let path = PathBuf::from(value);
        let parent = path.parent()?;
        (path.file_name()? == "Cargo.toml" && parent.file_name()? == folder).then_some(path)
    })
}

/// Checks an archive's size and SHA-256 against the pins.
fn verify(archive: &Path, source: &Source) -> Result<(), String> {
    let (digest, size) = chess_testdata::sha256::file(archive)
        .map_err(|e| format!("cannot read {}: {e}", archive.display()))?;
    if digest != source.sha256 || size != source.size {
        return Err(format!(
            "{} has SHA-256 {digest} ({size} bytes), but {} {} is pinned to {} ({} bytes): \
             refusing it",
            archive.display(),
            source.package,
            source.version,
            source.sha256,
            source.size
        ));
    }
    Ok(())
}

/// Unpacks the members of `archive` into `dir/<folder>` (through a temporary folder, so an
/// interrupted run leaves no half-unpacked source that looks complete), then stamps it.
fn unpack(archive: &Path, dir: &Path, source: &Source) -> Result<(), String> {
    let tmp = dir.join(format!(".unpacking-{}", source.folder));
    let dest = dir.join(source.folder);
    let _ = std::fs::remove_dir_all(&tmp);
    std::fs::create_dir_all(&tmp).map_err(|e| format!("cannot create {}: {e}", tmp.display()))?;
    let output = Command::new("tar")
        .arg("-xzf")
        .arg(archive)
        .arg("-C")
        .arg(&tmp)
        .args(source.members.iter().map(|m| format!("{}/{m}", source.top)))
        .output()
        .map_err(|e| format!("cannot run tar: {e}"))?;
    if !output.status.success() {
        return Err(format!(
            "tar could not unpack {}: {}",
            archive.display(),
            last_line(&output.stderr)
        ));
    }
    let unpacked = tmp.join(source.top);
    std::fs::write(unpacked.join(".source"), stamp(source))
        .map_err(|e| format!("cannot write in {}: {e}", unpacked.display()))?;
    let _ = std::fs::remove_dir_all(&dest);
    std::fs::rename(&unpacked, &dest)
        .map_err(|e| format!("cannot move {} into place: {e}", dest.display()))?;
    let _ = std::fs::remove_dir_all(&tmp);
    Ok(())
}

fn last_line(bytes: &[u8]) -> String {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .rev()
        .find(|l| !l.trim().is_empty())
        .unwrap_or("no message")
        .trim()
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn manifest_path_is_found_by_folder() {
        let json = r#"{"packages":[{"name":"a","manifest_path":"/r/src/i/a-1.0.0/Cargo.toml"},{"name":"pgn-reader","manifest_path":"/r/src/i/pgn-reader-0.29.0/Cargo.toml"}]}"#;
        assert_eq!(
            manifest_path(json, "pgn-reader-0.29.0"),
            Some(PathBuf::from("/r/src/i/pgn-reader-0.29.0/Cargo.toml"))
        );
        assert_eq!(manifest_path(json, "pgn-reader-0.28.0"), None);
    }

    #[test]
    fn a_wrong_digest_is_refused_with_both_digests() {
        let dir = chess_testdata::TempDir::new("xtask-verify");
        let file = dir.write("chess-1.11.2.tar.gz", b"not the archive");
        let error = verify(&file, &SOURCES[0]).unwrap_err();
        assert!(error.contains(SOURCES[0].sha256), "{error}");
        assert!(error.contains("refusing it"), "{error}");
    }

    #[test]
    fn a_stamp_is_current_only_with_every_member() {
        let scratch = chess_testdata::TempDir::new("xtask-stamp");
        let dir = scratch.path();
        let source = &SOURCES[1];
        std::fs::create_dir_all(dir.join("benches")).unwrap();
        assert!(!is_current(dir, source));
        std::fs::write(dir.join(".source"), stamp(source)).unwrap();
        assert!(is_current(dir, source));
        std::fs::remove_dir(dir.join("benches")).unwrap();
        assert!(!is_current(dir, source));
    }
}
