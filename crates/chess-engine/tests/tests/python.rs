//! python-chess, a real UCI client, drives the `uci` example through games (two of them to
//! their end) and analyses. Skipped without python3 and python-chess, unless
//! `CHESS_REQUIRE_TEST_TOOLS=1` (then it fails).

use std::path::Path;
use std::process::Command;

use crate::support::{tool_missing, uci_example};

#[test]
fn python_chess_plays_and_analyses() {
    let has_python_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_python_chess {
        tool_missing("python3 with python-chess", "python3 -m pip install chess");
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
    assert_eq!(stdout.lines().last(), Some("ok"), "{stdout}");
    // The games that must end did.
    for game in ["game 1 (nodes)", "game 2 (chess960, depth)"] {
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(game) && l.contains(" by ")),
            "{stdout}"
        );
    }
    eprintln!("{stdout}");
}
