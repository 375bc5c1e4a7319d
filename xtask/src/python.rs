//! The Python package's tests, the last part of `cargo xtask test`: the `kingside` wheel built
//! by maturin (`python/`), installed into a fresh virtual environment that sees the tools
//! `.ci/install-test-tools` installed (python-chess, pyarrow, polars, pandas, duckdb, pyspark),
//! and `pytest python/tests` run there.
//!
//! Without python3, maturin or pytest the part is skipped, saying so and logging the skip as
//! the Rust tests do; with `CHESS_REQUIRE_TEST_TOOLS=1` it fails instead.

use std::path::Path;
use std::process::Command;

/// The tools the part needs, and how to get them.
const REMEDY: &str =
    "python3 -m pip install maturin==1.16.0 pytest==9.2.0, or .ci/install-test-tools";

/// Builds the wheel, installs it into a fresh environment and runs pytest there; `Err` with
/// what failed. A skip (no tools) is `Ok`, logged to `skip_log`.
pub fn test(root: &Path, skip_log: &Path) -> Result<(), String> {
    let python = std::env::var("PYTHON").unwrap_or_else(|_| "python3".to_owned());
    for module in ["maturin", "pytest", "venv"] {
        let found = Command::new(&python)
            .args(["-c", &format!("import {module}")])
            .output()
            .is_ok_and(|out| out.status.success());
        if !found {
            return skip(skip_log, &format!("{python} cannot import {module}"));
        }
    }
    let target = root.join("target");
    let wheels = target.join("wheels");
    let _ = std::fs::remove_dir_all(&wheels);
    // An optimised build without fat LTO: the release wheel's code less the inlining across
    // crates, built from scratch in 2 min 46 s here, 5 min 39 s with the release profile's
    // fat LTO beside another build (that LTO is for the `chess` binary).
    run(
        Command::new(&python)
            .args(["-m", "maturin", "build", "--release", "--quiet", "--out"])
            .arg(&wheels)
            .arg("--manifest-path")
            .arg(root.join("python").join("Cargo.toml"))
            .env("CARGO_PROFILE_RELEASE_LTO", "false")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16"),
        "maturin build",
    )?;
    let wheel = std::fs::read_dir(&wheels)
        .map_err(|e| format!("{}: {e}", wheels.display()))?
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .find(|path| path.extension().is_some_and(|e| e == "whl"))
        .ok_or_else(|| format!("maturin left no wheel in {}", wheels.display()))?;

    // A fresh environment each time: the wheel alone brings the package.
    let venv = target.join("python-test-venv");
    let _ = std::fs::remove_dir_all(&venv);
    run(
        Command::new(&python)
            .args(["-m", "venv", "--system-site-packages"])
            .arg(&venv),
        "python3 -m venv",
    )?;
    let venv_python = venv.join("bin").join("python");
    run(
        Command::new(&venv_python)
            .args([
                "-m",
                "pip",
                "install",
                "--quiet",
                "--disable-pip-version-check",
            ])
            .arg(&wheel),
        "pip install the wheel",
    )?;
    // From the tests' directory, so that `kingside` is the installed package and not the
    // source folder beside it.
    run(
        Command::new(&venv_python)
            .args(["-m", "pytest", "-q", "-rs", "-p", "no:cacheprovider", "."])
            .current_dir(root.join("python").join("tests")),
        "pytest python/tests",
    )
}

fn run(command: &mut Command, what: &str) -> Result<(), String> {
    let status = command
        .status()
        .map_err(|e| format!("{what}: cannot run it: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({status})"))
    }
}

/// Skips the part, saying so and logging it; an error under `CHESS_REQUIRE_TEST_TOOLS=1`.
fn skip(skip_log: &Path, what: &str) -> Result<(), String> {
    let line = chess_testdata::skip_line("python/tests", what, REMEDY, chess_testdata::required())?;
    eprintln!("{line}");
    chess_testdata::log_skip(skip_log, &line);
    Ok(())
}
