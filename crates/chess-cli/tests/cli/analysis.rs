//! `chess analyse` with any engine, and `chess annotate`.

use chess_notation::pgn::{GameReader, PgnGame};

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess};

/// The summary gives the last completed iteration's line, as long as the one printed for it.
#[test]
fn analyse_summarises_the_last_completed_iteration() {
    let out = chess(&["analyse", "--movetime", "300"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let iterations: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("depth "))
        .collect();
    let last = iterations.last().expect("iterations");
    let (_, line) = last.split_once(" s: ").unwrap();
    let best = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("best line: "))
        .expect("a best line");
    assert_eq!(best, line, "{}", out.stdout);
    let depth = last
        .split_whitespace()
        .nth(1)
        .unwrap()
        .split('/')
        .next()
        .unwrap();
    assert_contains(&out.stdout, &format!(", depth {depth})"));
}

/// What it plays is what it shows (issue 37): at short move times, where searches end inside
/// an iteration, `--json`'s `best_move` is the first move of `lines[0].pv`, and the text's
/// best move opens its best line, on one thread and on two.
#[test]
fn analyse_best_move_opens_the_best_line() {
    let fens = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    ];
    for (i, movetime) in [20, 45, 70, 90, 110, 150].into_iter().enumerate() {
        let fen = fens[i % fens.len()];
        let threads = (1 + i % 2).to_string();
        let time = movetime.to_string();
        let args = ["analyse", "--movetime", &time, "--threads", &threads];
        let out = chess(&[&args[..], &["--json", fen]].concat(), "");
        assert_eq!(out.status, 0, "{}", out.stderr);
        let json = out.stdout.trim();
        let best = json
            .split("\"best_move\": {\"uci\": \"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("no best_move in {json}"));
        let first = json
            .split("\"pv\": [\"")
            .nth(1)
            .and_then(|rest| rest.split('"').next())
            .unwrap_or_else(|| panic!("no pv in {json}"));
        assert_eq!(
            best, first,
            "--movetime {movetime} --threads {threads}: {json}"
        );
        // The text: `best move: X (...)` and `best line: 1. X ...`.
        let out = chess(&[&args[..], &[fen]].concat(), "");
        assert_eq!(out.status, 0, "{}", out.stderr);
        let best = out
            .stdout
            .lines()
            .find_map(|l| l.strip_prefix("best move: "))
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("no best move in {}", out.stdout));
        let line = out
            .stdout
            .lines()
            .find_map(|l| l.strip_prefix("best line: "))
            .unwrap_or_else(|| panic!("no best line in {}", out.stdout));
        let first = line
            .split_whitespace()
            .find(|t| !t.ends_with('.'))
            .expect("a move in the line");
        assert_eq!(best, first, "--movetime {movetime}: {}", out.stdout);
    }
}

#[test]
fn analyse_multipv_lists_each_line_and_json_gives_them_all() {
    let out = chess(&["analyse", "--depth", "6", "--multipv", "3"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    // Three lines, best first, each with its own first move.
    let lines: Vec<(f64, &str)> = (1..=3)
        .map(|k| {
            let prefix = format!("line {k}: ");
            let line = out
                .stdout
                .lines()
                .find_map(|l| l.strip_prefix(prefix.as_str()))
                .unwrap_or_else(|| panic!("no {prefix:?} in:\n{}", out.stdout));
            let (score, moves) = line.split_once(" for white: 1. ").expect(line);
            let score: f64 = score.parse().expect(score);
            (score, moves.split_whitespace().next().expect(moves))
        })
        .collect();
    assert!(lines.windows(2).all(|w| w[0].0 >= w[1].0), "{lines:?}");
    assert!(
        lines[0].1 != lines[1].1 && lines[1].1 != lines[2].1 && lines[0].1 != lines[2].1,
        "{lines:?}"
    );
    let out = chess(
        &[
            "analyse",
            "--depth",
            "6",
            "--multipv",
            "2",
            "--threads",
            "2",
            "--json",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let json = out.stdout.trim();
    assert_eq!(json.lines().count(), 1, "{json}");
    assert!(
        json.starts_with(
            "{\"fen\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\", \"turn\": \"white\", \"engine\": \"chess-engine "
        ),
        "{json}"
    );
    assert_contains(json, "\"lines\": [{\"multipv\": 1, \"depth\": 6, ");
    assert_contains(json, "{\"multipv\": 2, \"depth\": 6, ");
    assert!(!json.contains("multipv\": 3"));
}

#[test]
fn analyse_with_stockfish() {
    let Some(stockfish) = chess_testdata::stockfish_or_skip() else {
        return;
    };
    let sf = stockfish.display().to_string();
    // Mate in two, found by the other engine, through the project's client.
    let fen = "8/k7/6RR/8/8/8/8/4K3 w - - 0 1";
    let out = chess(
        &[
            "analyse",
            "--fen",
            fen,
            "--depth",
            "10",
            "--engine",
            &sf,
            "--option",
            "Threads=1",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "score #2 for white");
    let out = chess(
        &[
            "analyse",
            "--depth",
            "8",
            "--multipv",
            "2",
            "--json",
            "--engine",
            &sf,
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "\"engine\": \"Stockfish");
    assert_contains(&out.stdout, "{\"multipv\": 2, \"depth\": 8, ");
    let out = chess(
        &["analyse", "--engine", &sf, "--option", "NoSuchOption=1"],
        "",
    );
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "NoSuchOption");
    let out = chess(&["analyse", "--engine", "/nonexistent/engine"], "");
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "/nonexistent/engine: cannot start the engine");
}

const GAMES: &str = "[Event \"one\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n\
[Event \"bad\"]\n\n1. e4 Ke7 2. Ke4 *\n\n\
[Event \"two\"]\n\n1. d4 {[%eval 3.0] old} d5 2. c4 1/2-1/2\n";

fn read(text: &str) -> Vec<PgnGame> {
    GameReader::new(text.as_bytes())
        .collect::<Result<Vec<_>, _>>()
        .expect("the output reads back")
}

fn check_annotated(games: &[PgnGame], annotator: &str) {
    assert_eq!(games.len(), 2);
    let one = &games[0];
    assert!(one.header("Annotator").unwrap().starts_with(annotator));
    let moves = &one.mainline.moves;
    // Every move but the mate has an evaluation.
    for node in &moves[..6] {
        assert!(node.eval().is_some(), "{node:?}");
    }
    assert_eq!(moves[6].eval(), None);
    // 3... Nf6 allows mate in one: a blunder, with the engine's better line.
    assert_eq!(moves[5].nags, [4]);
    assert_eq!(
        moves[5].eval(),
        Some(chess_notation::pgn::Eval::Mate(1)),
        "{:?}",
        moves[5]
    );
    assert!(
        moves[5]
            .comments_after
            .iter()
            .any(|c| c.starts_with("Blunder. "))
    );
    assert_eq!(moves[5].variations.len(), 1);
    // The old evaluation is replaced, the words kept.
    let two = &games[1];
    let first = &two.mainline.moves[0];
    assert_ne!(
        first.eval(),
        Some(chess_notation::pgn::Eval::Centipawns(300))
    );
    assert!(
        first.comments_after.iter().any(|c| c.ends_with(" old")),
        "{first:?}"
    );
}

#[test]
fn annotate_marks_mistakes_and_reports_bad_games() {
    let dir = TempDir::new("cli-annotate");
    let input = dir.file("games.pgn", GAMES);
    let out = chess(&["annotate", &input, "--depth", "8", "--threads", "2"], "");
    assert_eq!(out.status, 1, "a bad game is reported");
    assert_contains(&out.stderr, "game 2");
    assert_contains(&out.stderr, "1 of 3 games could not be read");
    check_annotated(&read(&out.stdout), "chess-engine");

    let output = dir.join("annotated.pgn");
    let out = chess(
        &[
            "annotate",
            "-",
            "--nodes",
            "20000",
            "-o",
            output.to_str().unwrap(),
        ],
        GAMES,
    );
    assert_eq!(out.status, 1);
    assert!(out.stdout.is_empty());
    check_annotated(
        &read(&std::fs::read_to_string(&output).unwrap()),
        "chess-engine",
    );
}

#[test]
fn annotate_with_stockfish() {
    let Some(stockfish) = chess_testdata::stockfish_or_skip() else {
        return;
    };
    let dir = TempDir::new("cli-annotate-sf");
    let input = dir.file("games.pgn", GAMES);
    let out = chess(
        &[
            "annotate",
            &input,
            "--depth",
            "10",
            "--engine",
            stockfish.to_str().unwrap(),
            "--threads",
            "2",
        ],
        "",
    );
    assert_eq!(out.status, 1, "{}", out.stderr);
    check_annotated(&read(&out.stdout), "Stockfish");
}
