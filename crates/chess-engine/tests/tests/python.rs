//! python-chess, a real UCI client, drives the `uci` example through games and analyses.

use std::path::Path;
use std::process::Command;

use crate::support::uci_example;

#[test]
fn python_chess_plays_and_analyses() {
    let has_python_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_python_chess {
        eprintln!("skipped: python3 with python-chess is not available (pip install chess)");
        return;
    }
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/python/uci_protocol.py");
    let engine = uci_example();
    let output = Command::new("python3")
        .arg(&script)
        .arg(&engine)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "{} failed:\n{stdout}\n{stderr}",
        script.display()
    );
    assert!(stdout.contains("ok"), "{stdout}");
}
