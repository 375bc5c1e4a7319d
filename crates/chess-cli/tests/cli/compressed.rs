//! Compressed input: zstd (pzstd's multi-frame files too), gzip and bzip2 are recognised by
//! their first bytes, on files and on stdin, by every command that reads PGN; a cut or corrupt
//! stream is an error that says where, after the games before it.

use std::io::Write;
use std::process::Command;

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess};

fn zstd_frames(parts: &[&[u8]]) -> Vec<u8> {
    parts
        .iter()
        .flat_map(|part| zstd::encode_all(*part, 3).unwrap())
        .collect()
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

/// The Lichess sample (clock comments, 47 games), when fetched.
fn lichess() -> Option<Vec<u8>> {
    chess_testdata::read(chess_testdata::LICHESS_SAMPLE)
}

#[test]
fn every_format_reads_as_the_plain_text() {
    let Some(text) = lichess() else {
        return;
    };
    let dir = TempDir::new("cli-compressed");
    let plain = dir.join("games.pgn");
    std::fs::write(&plain, &text).unwrap();
    let plain = plain.display().to_string();
    let expected = chess(&["pgn", "--json", &plain], "").stdout;
    let (first, second) = text.split_at(text.len() / 2);
    for (name, bytes) in [
        // Names that do not say what the content is: it is recognised by its bytes.
        ("zstd.pgn", zstd_frames(&[first, second])),
        ("gzip.bin", [gzip(first), gzip(second)].concat()),
        ("bzip2", [bzip2(first), bzip2(second)].concat()),
    ] {
        let path = dir.join(name);
        std::fs::write(&path, &bytes).unwrap();
        let path = path.display().to_string();
        let out = chess(&["pgn", "--json", &path], "");
        assert_eq!(out.status, 0, "{name}: {}", out.stderr);
        assert_eq!(
            out.stdout.replace(&path, &plain),
            expected,
            "{name}: the games differ"
        );
        let piped = from_file_on_stdin(&["pgn", "--json", "-"], &path);
        assert_eq!(
            piped.replace("\"file\": \"-\"", &format!("\"file\": \"{plain}\"")),
            expected,
            "{name} on stdin"
        );
        // Other commands that read PGN.
        let out = chess(&["encode", &path], "");
        assert_eq!(out.status, 0, "{name}: {}", out.stderr);
        assert_eq!(out.stdout.lines().count(), 47);
        let book = dir
            .path()
            .join(format!("{name}.book"))
            .display()
            .to_string();
        let out = chess(
            &["book", "build", &path, "--out", &book, "--min-games", "1"],
            "",
        );
        assert_eq!(out.status, 0, "{name}: {}", out.stderr);
        assert_contains(&out.stdout, "from 47 games");
    }
}

/// What `chess ARGS` writes with the file at `path` on its stdin.
fn from_file_on_stdin(args: &[&str], path: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(args)
        .stdin(std::fs::File::open(path).unwrap())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// A file written by `pzstd` (Debian's `zstd` package), as Lichess writes its database: many
/// frames, each announced by a skippable frame.
#[test]
fn pzstd_files_are_read() {
    let Some(text) = lichess() else {
        return;
    };
    if Command::new("pzstd").arg("--version").output().is_err() {
        crate::support::tool_missing("pzstd", "apt-get install zstd");
        return;
    }
    let dir = TempDir::new("cli-pzstd");
    // Large enough for several frames at level 1.
    let mut big = Vec::new();
    for _ in 0..60 {
        big.extend_from_slice(&text);
        big.push(b'\n');
    }
    let plain = dir.join("big.pgn");
    std::fs::write(&plain, &big).unwrap();
    let compressed = dir.join("big.pgn.zst");
    let status = Command::new("pzstd")
        .args(["-q", "-f", "-1", "-p", "2"])
        .arg(&plain)
        .arg("-o")
        .arg(&compressed)
        .status()
        .unwrap();
    assert!(status.success());
    let bytes = std::fs::read(&compressed).unwrap();
    // pzstd's layout: a skippable frame first.
    assert_eq!(&bytes[..4], &0x184D_2A50u32.to_le_bytes());
    let frames = chess_notation_frames(&bytes);
    assert!(frames > 1, "{frames} frames");
    let out = chess(&["pgn", &compressed.display().to_string()], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, ": 2820 games, 166200 plies, 0 bad");
    // On stdin too.
    let piped = from_file_on_stdin(&["pgn", "-"], &compressed.display().to_string());
    assert_eq!(piped, "-: 2820 games, 166200 plies, 0 bad\n");
}

fn chess_notation_frames(bytes: &[u8]) -> usize {
    let mut offset = 0;
    let mut frames = 0;
    while offset + 12 <= bytes.len() {
        let magic = u32::from_le_bytes(bytes[offset..offset + 4].try_into().unwrap());
        assert_eq!(magic, 0x184D_2A50, "a skippable frame before each frame");
        let next = u32::from_le_bytes(bytes[offset + 8..offset + 12].try_into().unwrap());
        offset += 12 + next as usize;
        frames += 1;
    }
    assert_eq!(offset, bytes.len());
    frames
}

#[test]
fn cut_and_corrupt_streams_say_where_after_the_games_before() {
    let Some(text) = lichess() else {
        return;
    };
    let dir = TempDir::new("cli-cut");
    let quarters: Vec<&[u8]> = text.chunks(text.len() / 4 + 1).collect();
    for (name, bytes) in [
        ("games.pgn.zst", zstd_frames(&quarters)),
        (
            "games.pgn.gz",
            quarters.iter().flat_map(|q| gzip(q)).collect(),
        ),
        // bzip2 holds 900 kB in one block: a stream per quarter, for games before the cut.
        (
            "games.pgn.bz2",
            quarters.iter().flat_map(|q| bzip2(q)).collect(),
        ),
    ] {
        let path = dir.file_bytes(name, &bytes[..bytes.len() * 3 / 4]);
        let out = chess(&["pgn", &path], "");
        assert_eq!(out.status, 1, "{name}");
        assert_contains(&out.stderr, &format!("{path}: game "));
        assert_contains(&out.stderr, " stream at compressed byte ");
        // The games before the cut are counted.
        assert!(
            out.stdout.contains(" before the error"),
            "{name}: {}",
            out.stdout
        );
        let json = chess(&["pgn", "--json", &path], "");
        assert_eq!(json.status, 1);
        assert_eq!(
            json.stdout.lines().count(),
            out.stdout
                .split(" games")
                .next()
                .and_then(|s| s.rsplit(' ').next())
                .and_then(|n| n.parse::<usize>().ok())
                .unwrap_or(0),
            "{name}: a JSON line per game before the cut"
        );
    }
    // Not PGN at all (random bytes after a gzip header) is a corrupt stream.
    let path = dir.file_bytes("noise.gz", &[0x1f, 0x8b, 8, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    let out = chess(&["pgn", &path], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "gzip stream at compressed byte");
}

/// A stream cut part-way is reported in the reader's own words (`PgnError`'s `Display`: game,
/// line, column, reason), the same by every command that reads PGN.
#[test]
fn every_command_words_a_cut_stream_alike() {
    let game = "[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n";
    let text = game.repeat(400);
    // Four frames, cut inside the last: the games of the first three are read before the cut.
    let quarters: Vec<&[u8]> = text.as_bytes().chunks(text.len() / 4 + 1).collect();
    let bytes = zstd_frames(&quarters);
    let dir = TempDir::new("cli-cut-words");
    let path = dir.file_bytes("cut.pgn.zst", &bytes[..bytes.len() - 8]);
    let out_book = dir.join("book.bin").display().to_string();
    let out_jsonl = dir.join("games.jsonl").display().to_string();
    let mut said = Vec::new();
    for args in [
        vec!["pgn", &path],
        vec!["pgn", &path, "-o", &out_jsonl],
        vec!["book", "build", &path, "--out", &out_book],
        vec!["encode", &path],
    ] {
        let out = chess(&args, "");
        assert_eq!(out.status, 1, "{args:?}: {}", out.stderr);
        let line = out
            .stderr
            .lines()
            .find_map(|l| l.strip_prefix(&format!("chess: {path}: ")))
            .unwrap_or_else(|| panic!("{args:?}: {}", out.stderr))
            .to_owned();
        said.push(line);
    }
    let first = &said[0];
    let (game_number, rest) = first
        .strip_prefix("game ")
        .and_then(|r| r.split_once(", line "))
        .expect(first);
    assert!(game_number.parse::<u64>().unwrap() > 1, "{first}");
    let (line, rest) = rest.split_once(", column ").expect(first);
    assert!(line.parse::<u64>().unwrap() > 1, "{first}");
    let (column, reason) = rest.split_once(": ").expect(first);
    assert!(column.parse::<u64>().is_ok(), "{first}");
    assert!(
        reason.starts_with("read error: corrupt or cut zstd stream at compressed byte "),
        "{first}"
    );
    for (other, args) in said.iter().zip(["pgn", "pgn -o", "book build", "encode"]) {
        assert_eq!(other, first, "{args}");
    }
}
