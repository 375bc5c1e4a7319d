//! What the `tune` and `train` examples record of a run, so that what they write can be made
//! again and its data recognised: the command, each input file's size and SHA-256 (as
//! `sha256sum` prints it), and the date. Included by both with `#[path]`.

// Each example uses part of it: `tune` reads whole files, `train` streams them.
#![allow(dead_code)]

use std::io::Read;

use chess_testdata::sha256::Sha256;

/// One input file of a run.
pub struct Input {
    /// The path as the command gave it.
    pub path: String,
    /// Its size in bytes.
    pub bytes: u64,
    /// Its SHA-256, in lowercase hexadecimal.
    pub sha256: String,
}

impl Input {
    /// The input `path` whose content is `bytes`.
    pub fn of_bytes(path: &str, bytes: &[u8]) -> Input {
        Input {
            path: path.to_owned(),
            bytes: bytes.len() as u64,
            sha256: {
                let mut hasher = Sha256::new();
                hasher.update(bytes);
                hasher.hex()
            },
        }
    }

    /// `data: PATH, N bytes, sha256 HEX`.
    pub fn line(&self) -> String {
        format!(
            "data: {}, {} bytes, sha256 {}",
            self.path, self.bytes, self.sha256
        )
    }
}

/// A reader that hashes what passes through it, for inputs read as a stream.
pub struct Hashing<R> {
    inner: R,
    hasher: Sha256,
    bytes: u64,
}

impl<R> Hashing<R> {
    /// Hashes what is read from `inner`.
    pub fn new(inner: R) -> Hashing<R> {
        Hashing {
            inner,
            hasher: Sha256::new(),
            bytes: 0,
        }
    }

    /// The input `path`, once every byte of it has been read.
    pub fn finish(self, path: &str) -> Input {
        Input {
            path: path.to_owned(),
            bytes: self.bytes,
            sha256: self.hasher.hex(),
        }
    }
}

impl<R: Read> Read for Hashing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.hasher.update(&buf[..n]);
        self.bytes += n as u64;
        Ok(n)
    }
}

/// The command that ran `example` with this process's arguments, as one would type it again
/// (arguments with spaces or shell characters quoted).
pub fn command(example: &str) -> String {
    let mut out = format!("cargo run --release -p chess-lab --example {example} --");
    for arg in std::env::args().skip(1) {
        let plain = !arg.is_empty()
            && arg
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_./=:,+@%".contains(&b));
        if plain {
            out.push(' ');
            out.push_str(&arg);
        } else {
            out.push_str(&format!(" '{}'", arg.replace('\'', r"'\''")));
        }
    }
    out
}

/// Today's date in UTC, `YYYY-MM-DD`.
pub fn today() -> String {
    chess_notation::pgn::Date::today()
        .to_string()
        .replace('.', "-")
}

/// The lines of a recipe: `command: …`, one `data: …` per input, `date: …`.
pub fn lines(example: &str, inputs: &[Input]) -> Vec<String> {
    let mut out = vec![format!("command: {}", command(example))];
    out.extend(inputs.iter().map(Input::line));
    out.push(format!("date: {}", today()));
    out
}
