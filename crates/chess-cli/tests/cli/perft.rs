//! `chess perft`.

use std::io::Write;
use std::process::{Command, Stdio};

use crate::support::chess;

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn divide_in_stockfish_format() {
    let out = chess(&["perft", "--divide", "2"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    insta::assert_snapshot!(out.stdout);
    assert!(out.stdout.ends_with("\nNodes searched: 400\n"));
    assert_rate_only_when_measurable(&out.stderr);
    let out = chess(&["perft", "--divide", "3"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_rate_only_when_measurable(&out.stderr);
}

/// The time perft took, and a rate only from a time long enough to measure (10 ms).
fn assert_rate_only_when_measurable(stderr: &str) {
    let time = stderr
        .strip_prefix("time: ")
        .and_then(|rest| rest.split(' ').next())
        .and_then(|secs| secs.parse::<f64>().ok())
        .unwrap_or_else(|| panic!("no time in {stderr:?}"));
    if time < 0.01 {
        assert!(
            stderr.ends_with(" s (too short to give a rate)\n"),
            "{stderr:?}"
        );
    } else {
        assert!(stderr.ends_with(" M nodes/s\n"), "{stderr:?}");
    }
}

#[test]
fn divide_counts_add_up_to_known_totals() {
    // Kiwipete: 48 moves, 2039 nodes at depth 2, 97862 at depth 3.
    let fen = KIWIPETE;
    let out = chess(&["perft", "--fen", fen, "--divide", "3"], "");
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 48 + 2);
    let sum: u64 = lines[..48]
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 97_862);
    assert_eq!(lines[49], "Nodes searched: 97862");
    assert!(lines.contains(&"e1g1: 2059"), "castling in standard UCI");
    let out = chess(&["perft", "--fen", fen, "--threads", "2", "4"], "");
    assert_eq!(out.stdout, "Nodes searched: 4085603\n");
}

#[test]
fn chess960() {
    // Position 518 is the classical setup.
    let out = chess(&["perft", "--position", "518", "3"], "");
    assert_eq!(out.stdout, "Nodes searched: 8902\n");
    // A Chess960 position from the perft suite, under Chess960 rules.
    let fen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1";
    let out = chess(&["perft", "--chess960", "--fen", fen, "3"], "");
    assert_eq!(out.stdout, "Nodes searched: 12189\n");
}

#[test]
fn bad_fen_is_invalid_input() {
    let out = chess(&["perft", "--fen", "8/8/8 w - - 0 1", "1"], "");
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "chess: --fen: invalid board field in fen at byte 5: found 3 ranks: expected 8 ranks separated by /\n"
    );
}

/// Kiwipete's full divide at depth 2 pinned, every root move's count (48 moves, 2039 nodes in
/// all, the Chess Programming Wiki's total): castling both ways, many captures and pins.
#[test]
fn kiwipete_divide_snapshot() {
    let out = chess(&["perft", "--fen", KIWIPETE, "--divide", "2"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(out.stdout.ends_with("\n\nNodes searched: 2039\n"));
    insta::assert_snapshot!(out.stdout);
}

/// The root-move lines of a divide (`e2e4: 20`), sorted, so two programs' orders don't matter.
fn divide_lines(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = text
        .lines()
        .filter(|l| {
            l.split_once(": ").is_some_and(|(m, n)| {
                (4..=5).contains(&m.len())
                    && m.bytes().all(|b| b.is_ascii_alphanumeric())
                    && n.parse::<u64>().is_ok()
            })
        })
        .map(str::to_owned)
        .collect();
    lines.sort();
    lines
}

/// `chess perft --divide` diffed against Stockfish's `go perft`, the use the format exists
/// for: the standard start, Kiwipete, a position with en passant and promotions, and Chess960
/// positions with `UCI_Chess960` (king-takes-rook castling on both sides).
#[test]
fn divide_matches_stockfish() {
    let Some(stockfish) = chess_testdata::stockfish_or_skip() else {
        return;
    };
    let cases: [(&str, bool, u32); 5] = [
        ("startpos", false, 3),
        (KIWIPETE, false, 3),
        // Position 4 of the perft suite: castling, en passant, promotions with check.
        (
            "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
            false,
            3,
        ),
        (
            "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1",
            true,
            3,
        ),
        // Both sides may castle either way, the king between its rooks on the b- and g-files.
        (
            "1rk3r1/pppppppp/8/8/8/8/PPPPPPPP/1RK3R1 w GBgb - 0 1",
            true,
            3,
        ),
    ];
    for (fen, chess960, depth) in cases {
        let mut args = vec!["perft".to_owned(), "--divide".to_owned()];
        if fen != "startpos" {
            args.extend(["--fen".to_owned(), fen.to_owned()]);
        }
        if chess960 {
            args.push("--chess960".to_owned());
        }
        args.push(depth.to_string());
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let ours = chess(&args, "");
        assert_eq!(ours.status, 0, "{fen}: {}", ours.stderr);

        let position = if fen == "startpos" {
            "position startpos".to_owned()
        } else {
            format!("position fen {fen}")
        };
        let script = format!(
            "setoption name UCI_Chess960 value {chess960}\n{position}\ngo perft {depth}\nquit\n"
        );
        let mut child = Command::new(&stockfish)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("stockfish runs");
        child
            .stdin
            .take()
            .unwrap()
            .write_all(script.as_bytes())
            .unwrap();
        let theirs = child.wait_with_output().unwrap();
        let theirs = String::from_utf8_lossy(&theirs.stdout);
        let total = |text: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix("Nodes searched: "))
                .map(str::to_owned)
        };
        assert!(total(&theirs).is_some(), "{fen}: stockfish said {theirs}");
        assert_eq!(total(&ours.stdout), total(&theirs), "{fen}");
        let (ours, theirs) = (divide_lines(&ours.stdout), divide_lines(&theirs));
        assert!(!ours.is_empty());
        assert_eq!(ours, theirs, "{fen}");
    }
}

/// `chess perft --compare ENGINE ... --json`, its exit status and its JSON object.
fn compare(engine: &str, engine_args: &[&str], rest: &[&str]) -> (i32, String, String) {
    let mut args = vec!["perft", "--compare", engine, "--json"];
    for arg in engine_args {
        args.extend(["--engine-arg", arg]);
    }
    args.extend(rest);
    let out = chess(&args, "");
    (out.status, out.stdout, out.stderr)
}

/// A string field of a one-line JSON object (enough for these fixed shapes).
fn field<'a>(json: &'a str, key: &str) -> &'a str {
    let start = json
        .find(&format!("\"{key}\": "))
        .unwrap_or_else(|| panic!("no {key} in {json}"))
        + key.len()
        + 4;
    let rest = &json[start..];
    let end = if rest.starts_with('[') {
        rest.find(']').unwrap() + 1
    } else {
        rest.find([',', '}']).unwrap()
    };
    &rest[..end]
}

/// Agreement with Stockfish on the standard suite (each position at its deepest stated count
/// under 200 000 nodes) and on Chess960 positions of python-chess's suite.
#[test]
fn compare_agrees_with_stockfish() {
    let Some(stockfish) = chess_testdata::stockfish_or_skip() else {
        return;
    };
    let stockfish = stockfish.to_str().unwrap();
    let mut cases: Vec<(String, u32, u64, bool)> = chess_testdata::perft::standard()
        .into_iter()
        .map(|record| {
            let (depth, nodes) = record
                .counts
                .iter()
                .copied()
                .rfind(|&(_, n)| n < 200_000)
                .unwrap();
            (record.fen, depth, nodes, false)
        })
        .collect();
    let Some(chess960) = chess_testdata::perft::fetched(chess_testdata::CHESS960_PERFT) else {
        return;
    };
    for record in chess960.into_iter().take(4) {
        let (depth, nodes) = record.counts[2];
        cases.push((record.fen, depth, nodes, true));
    }
    for (fen, depth, nodes, chess960) in cases {
        let depth_text = depth.to_string();
        let mut rest = vec!["--fen", &fen, &depth_text];
        if chess960 {
            rest.push("--chess960");
        }
        let (status, json, stderr) = compare(stockfish, &[], &rest);
        assert_eq!(status, 0, "{fen}: {json}{stderr}");
        assert_eq!(field(&json, "agree"), "true", "{json}");
        assert_eq!(field(&json, "nodes"), nodes.to_string(), "{json}");
        assert_eq!(field(&json, "engine_nodes"), nodes.to_string(), "{json}");
    }
}

/// `chess uci` answers `go perft` as Stockfish does: `chess perft --compare` reads it.
#[test]
fn compare_with_ourselves_through_uci() {
    let me = env!("CARGO_BIN_EXE_chess");
    let (status, json, stderr) = compare(me, &["uci"], &["--fen", KIWIPETE, "3"]);
    assert_eq!(status, 0, "{json}{stderr}");
    assert_eq!(field(&json, "nodes"), "97862");
    assert_eq!(
        field(&json, "engine"),
        "\"chess-engine 0.1.0\"".replace("0.1.0", env!("CARGO_PKG_VERSION"))
    );
}

/// Against a scripted engine that lies about one position three plies deep, the narrowing
/// finds that position and the move it leaves out, or the move it invents.
#[test]
fn compare_finds_a_lie_deep_in_the_tree() {
    if !crate::support::python3_or_skip("compare_finds_a_lie_deep_in_the_tree")
        || !chess_testdata::python_chess()
    {
        return;
    }
    let liar = crate::support::own_file("perft_engine.py");
    let (status, json, stderr) = compare(
        "python3",
        &[
            &liar,
            "--name",
            "liar",
            "--after",
            "e2e4,e7e5,g1f3",
            "--drop",
            "b8c6",
        ],
        &["4"],
    );
    assert_eq!(status, 3, "{json}{stderr}");
    crate::support::assert_contains(&stderr, "count differently");
    assert_eq!(field(&json, "agree"), "false");
    assert_eq!(field(&json, "nodes"), "197281");
    assert_eq!(field(&json, "engine_nodes"), "197280");
    assert_eq!(field(&json, "line"), r#"["e2e4", "e7e5", "g1f3"]"#);
    assert_eq!(field(&json, "line_san"), r#""1. e4 e5 2. Nf3""#);
    assert_eq!(
        field(&json, "position"),
        r#""rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2""#
    );
    assert_eq!(field(&json, "finding"), r#""moves""#);
    assert_eq!(field(&json, "only_chess"), r#"["b8c6"]"#);
    assert_eq!(field(&json, "only_engine"), "[]");

    // An invented move, two plies deep, in the words people read.
    let out = chess(
        &[
            "perft",
            "--compare",
            "python3",
            "--engine-arg",
            &liar,
            "--engine-arg=--name=liar",
            "--engine-arg=--after=d2d4,d7d5",
            "--engine-arg=--add=e1g1",
            "3",
        ],
        "",
    );
    assert_eq!(out.status, 3, "{}{}", out.stdout, out.stderr);
    insta::assert_snapshot!(out.stdout);
}

#[test]
fn compare_with_an_engine_that_does_not_start() {
    let out = chess(&["perft", "--compare", "/nonexistent/engine", "2"], "");
    assert_eq!(out.status, 1, "{}", out.stderr);
    crate::support::assert_contains(&out.stderr, "/nonexistent/engine: cannot start the engine");
    let out = chess(&["perft", "--json", "2"], "");
    assert_eq!(out.status, 2, "--json needs --compare");
}

/// An XBoard engine (fairymax) answers `uci` with an error: said at once, with what to do.
#[test]
fn compare_with_an_xboard_engine() {
    let xboard = "echo 'tellics say     Fairy-Max 5.0b'; read line; \
                  echo \"Error (unknown command): $line\"; cat >/dev/null";
    let out = chess(
        &[
            "perft",
            "--compare",
            "sh",
            "--engine-arg=-c",
            &format!("--engine-arg={xboard}"),
            "2",
        ],
        "",
    );
    assert_eq!(out.status, 1, "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "chess: sh: the engine does not speak UCI: it answered uci with \
         \"Error (unknown command): uci\", as XBoard engines do; use a UCI engine (or an \
         XBoard-to-UCI adapter)\n"
    );
}
