//! Running the `chess` binary.

use std::io::Write;
use std::process::{Command, Stdio};

pub struct Output {
    pub status: i32,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `chess` with `args`, feeding `stdin`; no terminal, no colours.
pub fn chess(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(args)
        .env("NO_COLOR", "1")
        .env("TERM", "dumb")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chess binary runs");
    let mut input = child.stdin.take().expect("stdin is piped");
    // A broken pipe here only means the program stopped reading, which the tests judge by its
    // output.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    let output = child.wait_with_output().expect("the chess binary finishes");
    Output {
        status: output.status.code().unwrap_or(-1),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
    }
}
