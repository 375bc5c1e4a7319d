//! Helpers shared by the suites: positions from FEN, a brute-force mate solver, an in-memory
//! pipe, a UCI session with the server on a thread, the `uci` example binary, and the rule for
//! tests that need tools from outside the workspace. Random positions and Stockfish come from
//! chess-testdata.

#![allow(dead_code)]

use std::io::{self, BufReader, Read, Write};
use std::path::PathBuf;
use std::process::Command;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use chess_notation::{Fen, uci};
use chess_rules::{Move, Position};

/// The position of a FEN (standard castling unless the rights can only mean Chess960).
pub fn position(fen: &str) -> Position {
    let parsed: Fen = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
    parsed
        .into_position_auto()
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// The legal move written `text` in `pos`.
pub fn mv(pos: &Position, text: &str) -> Move {
    uci::parse(pos, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Whether the side to move mates in at most `n` moves, by brute force (no pruning, no
/// evaluation): independent of the engine it checks.
pub fn mates_within(pos: &Position, n: u32) -> bool {
    n > 0
        && pos
            .legal_moves()
            .iter()
            .any(|&m| move_mates_within(pos, m, n))
}

/// Whether playing `m` in `pos` mates in at most `n` moves whatever the defence.
pub fn move_mates_within(pos: &Position, m: Move, n: u32) -> bool {
    let child = pos.after(m);
    let replies = child.legal_moves();
    if replies.is_empty() {
        return child.is_check();
    }
    n > 1
        && replies
            .iter()
            .all(|&r| mates_within(&child.after(r), n - 1))
}

/// One end of an in-memory pipe: writes become reads at the other end; dropping the writer
/// ends the reader's input.
pub struct PipeWriter(Sender<Vec<u8>>);

pub struct PipeReader {
    chunks: Receiver<Vec<u8>>,
    pending: Vec<u8>,
    at: usize,
}

pub fn pipe() -> (PipeReader, PipeWriter) {
    let (sender, chunks) = mpsc::channel();
    (
        PipeReader {
            chunks,
            pending: Vec::new(),
            at: 0,
        },
        PipeWriter(sender),
    )
}

impl Write for PipeWriter {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0
            .send(buf.to_vec())
            .map_err(|_| io::Error::from(io::ErrorKind::BrokenPipe))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Read for PipeReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.at >= self.pending.len() {
            match self.chunks.recv() {
                Ok(chunk) => {
                    self.pending = chunk;
                    self.at = 0;
                }
                Err(_) => return Ok(0),
            }
        }
        let n = buf.len().min(self.pending.len() - self.at);
        buf[..n].copy_from_slice(&self.pending[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

/// A writer that sends each complete line to a channel.
pub struct LineSender {
    partial: Vec<u8>,
    lines: Sender<String>,
}

impl Write for LineSender {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        for &b in buf {
            if b == b'\n' {
                let line = String::from_utf8_lossy(&self.partial).into_owned();
                self.partial.clear();
                // A test that stopped listening does not care.
                let _ = self.lines.send(line);
            } else {
                self.partial.push(b);
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The UCI server on a thread, fed through a pipe, its lines collected on a channel.
pub struct Session {
    input: Option<PipeWriter>,
    lines: Receiver<String>,
    server: Option<JoinHandle<io::Result<()>>>,
    /// Every line received so far, for failure messages.
    pub seen: Vec<String>,
}

impl Session {
    pub fn start() -> Session {
        let (reader, writer) = pipe();
        let (sender, lines) = mpsc::channel();
        let output = LineSender {
            partial: Vec::new(),
            lines: sender,
        };
        let server = thread::spawn(move || chess_engine::uci::run(BufReader::new(reader), output));
        Session {
            input: Some(writer),
            lines,
            server: Some(server),
            seen: Vec::new(),
        }
    }

    pub fn send(&mut self, line: &str) {
        if let Some(input) = &mut self.input {
            input
                .write_all(format!("{line}\n").as_bytes())
                .expect("server reads its input");
        }
    }

    /// The next line within `timeout`, if any.
    pub fn next_line(&mut self, timeout: Duration) -> Option<String> {
        match self.lines.recv_timeout(timeout) {
            Ok(line) => {
                self.seen.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The lines up to and including the first that starts with `prefix`; fails the test if it
    /// does not come within `timeout`.
    pub fn until(&mut self, prefix: &str, timeout: Duration) -> Vec<String> {
        let deadline = Instant::now() + timeout;
        let mut lines = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_line(left) else {
                panic!(
                    "no line starting with {prefix:?} within {timeout:?}; received: {:#?}",
                    self.seen
                );
            };
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// The lines that arrive within `time`.
    pub fn lines_within(&mut self, time: Duration) -> Vec<String> {
        let deadline = Instant::now() + time;
        let mut lines = Vec::new();
        while let Some(line) = self.next_line(deadline.saturating_duration_since(Instant::now())) {
            lines.push(line);
        }
        lines
    }

    /// Closes the input and waits for the server to return; the remaining lines.
    pub fn finish(mut self) -> Vec<String> {
        self.input = None;
        let result = self
            .server
            .take()
            .map(|h| h.join().expect("server thread does not panic"));
        assert!(matches!(result, Some(Ok(()))), "server failed: {result:?}");
        let mut rest = Vec::new();
        while let Ok(line) = self.lines.try_recv() {
            rest.push(line);
        }
        rest
    }
}

/// Runs the server on `script`, line by line, waiting for the `bestmove` of each search that
/// ends by itself (not `go infinite` or `go ponder`), and returns every line of output. The end
/// of the script closes the server's input.
pub fn run_script(script: &str) -> Vec<String> {
    let mut session = Session::start();
    let mut lines = Vec::new();
    for line in script.lines() {
        session.send(line);
        let command = line.trim_start();
        let waits = (command.starts_with("go ") || command == "go" || command.starts_with("go\t"))
            && !command.contains("infinite")
            && !command.contains("ponder");
        if waits {
            lines.extend(session.until("bestmove", Duration::from_secs(20)));
        }
    }
    let mut rest = session.lines_within(Duration::ZERO);
    lines.append(&mut rest);
    lines.extend(session.finish());
    lines
}

/// The `bestmove` of `lines`, as a move of `pos`.
pub fn bestmove(pos: &Position, lines: &[String]) -> Option<Move> {
    let line = lines.iter().rev().find(|l| l.starts_with("bestmove"))?;
    let text = line.split_whitespace().nth(1)?;
    uci::parse(pos, text).ok()
}

/// The path of the `uci` example, built in this test binary's profile if it is not there yet.
pub fn uci_example() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    // target/<profile>/deps/<test binary>
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("test binary lives in target/<profile>/deps")
        .to_path_buf();
    let binary = profile_dir
        .join("examples")
        .join(format!("uci{}", std::env::consts::EXE_SUFFIX));
    if !binary.exists() {
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let mut command = Command::new(cargo);
        command.args(["build", "-q", "-p", "chess-engine", "--example", "uci"]);
        if profile_dir.file_name().is_some_and(|n| n == "release") {
            command.arg("--release");
        }
        let status = command.status().expect("cargo runs");
        assert!(status.success(), "building the uci example failed");
    }
    assert!(binary.exists(), "{} missing", binary.display());
    binary
}

/// Called by a test whose external tool is missing, which returns right after: a visible skip,
/// or a failure under `CHESS_REQUIRE_TEST_TOOLS=1` (see [`chess_testdata::skip`]).
pub fn tool_missing(what: &str, install: &str) {
    chess_testdata::skip(&format!("{what} is not available"), install);
}
