//! `chess encode` and `chess decode`.

use std::process::{Command, Stdio};

use chess_notation::pack::{self, Format};

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess, own_file, real_pgn};

fn lines(text: &str) -> Vec<&str> {
    text.lines().collect()
}

#[test]
fn positions_round_trip() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/8/8/8/8/2k5/8/K7 b - - 99 180",
    ];
    for huffman in [false, true] {
        for fen in fens {
            let mut args = vec!["encode", "--fen", fen];
            if huffman {
                args.push("--huffman");
            }
            let out = chess(&args, "");
            assert_eq!(out.status, 0, "{}", out.stderr);
            let line = out.stdout.trim_end();
            let bytes = pack::base64::decode(line).expect("encode writes base64");
            let format = if huffman {
                Format::HuffmanPosition
            } else {
                Format::Position
            };
            assert_eq!(Format::of(&bytes).unwrap(), format);
            if !huffman {
                assert!(bytes.len() <= 24, "{fen}: {} bytes", bytes.len());
            }
            let out = chess(&["decode", line], "");
            assert_eq!(out.status, 0, "{}", out.stderr);
            assert_eq!(out.stdout, format!("{fen}\n"));
        }
    }
    // The standard start as a FEN; a Chess960 start by number.
    let out = chess(
        &[
            "encode",
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ],
        "",
    );
    let back = chess(&["decode"], &out.stdout);
    assert_eq!(
        back.stdout,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    let out = chess(&["encode", "--position", "0"], "");
    let back = chess(&["decode", "--json"], &out.stdout);
    assert_eq!(
        back.stdout,
        "{\"value\": 1, \"format\": \"compact position\", \"fen\": \"bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1\", \"moves\": null, \"final_fen\": null, \"error\": null}\n"
    );
}

#[test]
fn a_file_of_fens_with_a_bad_line() {
    let dir = TempDir::new("cli-encode");
    let file = dir.write(
        "positions.fen",
        "# comment\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n\nnot a fen\n4k3/8/8/8/8/8/8/R3K3 w Q - 3 40\n",
    );
    let out = chess(&["encode", "--fens", file.to_str().unwrap()], "");
    assert_eq!(out.status, 1);
    assert_eq!(lines(&out.stdout).len(), 2);
    assert_contains(&out.stderr, "positions.fen: line 4: invalid board field");
    let back = chess(&["decode"], &out.stdout);
    assert_eq!(back.status, 0, "{}", back.stderr);
    assert_eq!(
        back.stdout,
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1\n4k3/8/8/8/8/8/8/R3K3 w Q - 3 40\n"
    );
}

/// Encoding the games of a file and decoding them gives the same moves and final positions as
/// reading the file directly.
/// Encodes a real-world file's games, decodes them and checks they reach the same positions;
/// `false` when the file is missing (skipped).
fn games_round_trip(name: &str, games: usize) -> bool {
    let Some(file) = real_pgn(name) else {
        return false;
    };
    let out = chess(&["encode", &file], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(lines(&out.stdout).len(), games);

    let direct = chess(&["pgn", "--fens", &file], "");
    let decoded = chess(&["decode"], &out.stdout);
    assert_eq!(decoded.status, 0, "{}", decoded.stderr);
    let again = chess(&["pgn", "--fens", "-"], &decoded.stdout);
    assert_eq!(again.status, 0, "{}", again.stderr);
    assert_eq!(again.stdout, direct.stdout);

    let direct = chess(&["pgn", "--json", &file], "");
    let decoded = chess(&["decode", "--json"], &out.stdout);
    assert_eq!(decoded.status, 0, "{}", decoded.stderr);
    for (a, b) in lines(&direct.stdout).iter().zip(lines(&decoded.stdout)) {
        let moves = |line: &str| {
            let start = line.find("\"moves\": [").unwrap();
            let end = start + line[start..].find(']').unwrap();
            line[start..=end].to_owned()
        };
        assert_eq!(moves(a), moves(b));
    }
    true
}

#[test]
fn games_round_trip_standard() {
    games_round_trip("kasparov-deep-blue-1997.pgn", 6);
}

#[test]
fn games_round_trip_chess960() {
    if !games_round_trip("cutechess-fischerrandom.pgn", 4) {
        return;
    }
    // The variant and the start survive as tags.
    let fischer = real_pgn("cutechess-fischerrandom.pgn").unwrap();
    let out = chess(&["encode", &fischer], "");
    let first = lines(&out.stdout)[0].to_owned();
    let pgn = chess(&["decode", &first], "");
    assert_contains(&pgn.stdout, "[Variant \"Chess960\"]");
    assert_contains(&pgn.stdout, "[SetUp \"1\"]");
}

#[test]
fn decoded_game_is_pgn_with_its_result() {
    let out = chess(&["encode", "-"], "1. f3 e5 2. g4 Qh4# 0-1\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let bytes = pack::base64::decode(out.stdout.trim_end()).unwrap();
    assert_eq!(Format::of(&bytes).unwrap(), Format::Game);
    let pgn = chess(&["decode", out.stdout.trim_end()], "");
    insta::assert_snapshot!(pgn.stdout);
}

#[test]
fn decoded_games_drawn_by_the_rules_are_draws() {
    // The starting position a fifth time; the 150th halfmove without a capture or pawn move.
    let fivefold = format!("{}*\n", "1. Nf3 Nf6 2. Ng1 Ng8 ".repeat(4));
    let seventy_five = "[FEN \"8/8/4k3/8/8/4K3/4R3/8 w - - 149 120\"]\n[SetUp \"1\"]\n\n1. Ra2 *\n";
    for pgn in [fivefold.as_str(), seventy_five] {
        let out = chess(&["encode", "-"], pgn);
        assert_eq!(out.status, 0, "{}", out.stderr);
        let decoded = chess(&["decode", out.stdout.trim_end()], "");
        assert_contains(&decoded.stdout, "[Result \"1/2-1/2\"]");
    }
}

#[test]
fn bad_games_are_reported_and_the_rest_encoded() {
    let file = own_file("bad-games.pgn");
    let good = chess(&["pgn", "--fens", &file], "");
    let out = chess(&["encode", &file], "");
    assert_eq!(out.status, 1);
    assert_eq!(lines(&out.stdout).len(), lines(&good.stdout).len());
    assert_contains(&out.stderr, "games could not be encoded");
    assert_contains(&out.stderr, "line ");
    let decoded = chess(&["decode"], &out.stdout);
    let fens = chess(&["pgn", "--fens", "-"], &decoded.stdout);
    assert_eq!(fens.stdout, good.stdout);
}

#[test]
fn bad_bytes_are_explained() {
    let start = chess(&["encode", "--position", "518"], "").stdout;
    let start = start.trim_end();
    let bytes = pack::base64::decode(start).unwrap();
    let truncated = pack::base64::encode(&bytes[..bytes.len() - 3]);
    let unknown = pack::base64::encode(&[0xf0, 0, 0]);
    let out = chess(&["decode", "!!!!", &truncated, start, &unknown], "");
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stdout,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
    );
    let errors = lines(&out.stderr);
    assert_eq!(errors.len(), 4, "{}", out.stderr);
    assert!(errors[0].starts_with("chess: value 1: "), "{}", errors[0]);
    assert_contains(errors[1], "value 2: invalid packed data");
    assert!(errors[2].contains("value 4: invalid packed data at byte 0: unknown format tag 15"));
    assert_eq!(errors[3], "chess: 3 of 4 values could not be decoded");

    let out = chess(&["decode", "--json", &unknown], "");
    assert_eq!(out.status, 1);
    assert!(
        out.stdout
            .starts_with("{\"value\": 1, \"format\": null, \"fen\": null")
    );
    assert!(
        out.stdout
            .contains("\"error\": \"invalid packed data at byte 0: unknown format tag 15")
    );
}

fn chess_bytes(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let output = child.wait_with_output().unwrap();
    (
        output.status.code().unwrap_or(-1),
        output.stdout,
        String::from_utf8_lossy(&output.stderr).into_owned(),
    )
}

#[test]
fn raw_bytes() {
    let (status, bytes, stderr) = chess_bytes(&["encode", "--raw", "-"], b"1. e4 e5 2. Nf3 *\n");
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(Format::of(&bytes).unwrap(), Format::Game);
    let (status, pgn, stderr) = chess_bytes(&["decode", "--raw", "-"], &bytes);
    assert_eq!(status, 0, "{stderr}");
    let pgn = String::from_utf8(pgn).unwrap();
    assert!(pgn.contains("1. e4 e5 2. Nf3 *"), "{pgn}");

    // Raw bytes have no separator, so only one value; on that error nothing is written, not
    // even the first value (a file holding it would pass for a good one).
    let (status, bytes, stderr) = chess_bytes(
        &["encode", "--raw", "-"],
        b"1. e4 e5 2. Nf3 *\n\n1. d4 d5 *\n\n1. c4 *\n",
    );
    assert_eq!(status, 1);
    assert!(stderr.contains("more than one value"), "{stderr}");
    assert!(bytes.is_empty(), "{} bytes written", bytes.len());
    let (status, bytes, stderr) = chess_bytes(
        &["encode", "--raw", "--fens", "-"],
        b"8/8/8/8/8/2k5/8/K7 b - - 99 180\n4k3/8/8/8/8/8/8/4K3 w - - 0 1\n",
    );
    assert_eq!(status, 1);
    assert!(stderr.contains("more than one value"), "{stderr}");
    assert!(bytes.is_empty(), "{} bytes written", bytes.len());
    // A bad item besides the one good value: the value is still written (exit status 1).
    let (status, bytes, stderr) = chess_bytes(
        &["encode", "--raw", "--fens", "-"],
        b"8/8/8/8/8/2k5/8/K7 b - - 99 180\nnot a fen\n",
    );
    assert_eq!(status, 1);
    assert!(stderr.contains("stdin: line 2: "), "{stderr}");
    assert_eq!(
        pack::decode_position(&bytes)
            .ok()
            .map(|p| chess_notation::Fen::from_position(&p).to_string()),
        Some("8/8/8/8/8/2k5/8/K7 b - - 99 180".to_owned())
    );

    // Usage errors.
    let out = chess(
        &["encode", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1", "x.pgn"],
        "",
    );
    assert_eq!(out.status, 2);
    let out = chess(&["decode", "--raw", "-", "AAAA"], "");
    assert_eq!(out.status, 2);
}

#[test]
fn many_games_keep_their_order_on_several_threads() {
    // More games than one batch of lines, each told apart by its moves: 1. a3, 1. a4, ... and
    // a knight shuffle of its own length.
    let firsts = ["a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4"];
    let mut pgn = String::new();
    let mut expected = Vec::new();
    for i in 0..5000 {
        let shuffles = "Nf6 Nf3 Ng8 Ng1 ".repeat(i / firsts.len() % 7);
        let movetext = format!("{} {shuffles}", firsts[i % firsts.len()]);
        pgn.push_str(&format!("[Event \"{i}\"]\n\n{movetext}*\n\n"));
        expected.push(movetext.split_whitespace().count());
    }
    let dir = TempDir::new("cli-pack-order");
    let path = dir.file("many.pgn", &pgn);
    let encoded = chess(&["encode", &path], "");
    assert_eq!(encoded.status, 0, "{}", encoded.stderr);
    assert_eq!(encoded.stdout.lines().count(), 5000);
    let decoded = chess(&["decode", "--json"], &encoded.stdout);
    assert_eq!(decoded.status, 0, "{}", decoded.stderr);
    let plies: Vec<usize> = decoded
        .stdout
        .lines()
        .map(|line| {
            let moves = line
                .split("\"moves\": [")
                .nth(1)
                .unwrap()
                .split(']')
                .next()
                .unwrap();
            moves.split(", ").filter(|m| !m.is_empty()).count()
        })
        .collect();
    assert_eq!(plies, expected);
    // And the first moves, in order.
    let firsts_back: Vec<&str> = decoded
        .stdout
        .lines()
        .take(10)
        .map(|line| &line.split("\"moves\": [\"").nth(1).unwrap()[..4])
        .collect();
    assert_eq!(
        firsts_back,
        [
            "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4"
        ]
    );
}

/// A large input through a pipe, whose size is unknown, shows a counter of the bytes read on
/// a terminal (a file of known size gets a bar).
#[test]
fn piped_input_shows_a_byte_counter_on_a_terminal() {
    use crate::support::tmux;
    if std::process::Command::new("tmux")
        .arg("-V")
        .output()
        .is_err()
    {
        crate::support::tool_missing("tmux", "apt-get install tmux");
        return;
    }
    let dir = TempDir::new("cli-encode-counter");
    let game = "[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1/2-1/2\n\n";
    let big = dir.file("big.pgn", &game.repeat(600_000));
    let socket = format!("chess-counter-{}", std::process::id());
    let command = format!(
        "cat {big} | {} encode - > /dev/null; sleep 30",
        env!("CARGO_BIN_EXE_chess")
    );
    let started = tmux(
        &socket,
        &[
            "new-session",
            "-d",
            "-x",
            "100",
            "-y",
            "5",
            "-s",
            "encode",
            &command,
        ],
    );
    assert!(started.status.success());
    let mut seen = String::new();
    for _ in 0..200 {
        let screen = tmux(&socket, &["capture-pane", "-p", "-t", "encode"]);
        seen = String::from_utf8_lossy(&screen.stdout).into_owned();
        if seen.contains("stdin") && seen.contains("MiB") {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    tmux(&socket, &["kill-server"]);
    assert!(
        seen.contains("stdin") && seen.contains("MiB"),
        "no counter on the screen:\n{seen}"
    );
}
