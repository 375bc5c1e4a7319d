//! `chess uci`, `chess analyse`, `chess bench`, and playing against the computer.

use std::process::Command;

use crate::support::{assert_contains, chess};

#[test]
fn uci_protocol() {
    use std::io::{BufRead as _, BufReader, Write as _};
    use std::process::Stdio;

    // A conversation, not a script: `quit` stops a search, so it is sent only once the
    // search has answered.
    let mut child = Command::new(env!("CARGO_BIN_EXE_chess"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("chess uci starts");
    let mut input = child.stdin.take().expect("stdin");
    let output = BufReader::new(child.stdout.take().expect("stdout"));
    writeln!(
        input,
        "uci\nisready\nposition startpos moves e2e4 e7e5\ngo depth 4\nisready"
    )
    .unwrap();
    let mut lines = Vec::new();
    for line in output.lines() {
        let line = line.expect("a line of output");
        let done = line.starts_with("bestmove ");
        lines.push(line);
        if done {
            break;
        }
    }
    writeln!(input, "quit").unwrap();
    let status = child.wait().expect("chess uci ends");
    assert!(status.success());
    let stdout = lines.join("\n");
    assert!(lines.iter().any(|l| l.starts_with("id name ")));
    assert!(lines.iter().any(|l| l == "uciok"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert!(
        lines.iter().any(|l| l.starts_with("info depth 4 ")),
        "{stdout}"
    );
    let best = lines
        .iter()
        .find(|l| l.starts_with("bestmove "))
        .expect("a bestmove");
    let m = best.split_whitespace().nth(1).unwrap();
    // The move is legal after 1. e4 e5.
    let pos = chess_rules_after(&["e2e4", "e7e5"]);
    assert!(chess_notation::uci::parse(&pos, m).is_ok(), "{best}");
}

/// The built-in engine goes by one name, `chess_engine::ENGINE_NAME`: in UCI's `id name`, as a
/// player of `chess match` (its PGN's `White` and `Black` tags) and as the `Annotator` of
/// `chess annotate`.
#[test]
fn the_builtin_engine_has_one_name_everywhere() {
    use chess_notation::pgn::GameReader;

    let name = chess_engine::ENGINE_NAME;
    assert_eq!(name, concat!("chess-engine ", env!("CARGO_PKG_VERSION")));
    let out = chess(&["uci"], "uci\nquit\n");
    assert_eq!(
        out.stdout.lines().next(),
        Some(format!("id name {name}").as_str())
    );

    let dir = chess_testdata::TempDir::new("cli-engine-name");
    let pgn = dir.join("games.pgn").display().to_string();
    let out = chess(
        &[
            "match",
            "-e",
            "builtin",
            "-e",
            "builtin",
            "--depth",
            "1",
            "-n",
            "1",
            "--max-moves",
            "3",
            "--pgn",
            &pgn,
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let text = std::fs::read(&pgn).unwrap();
    let game = GameReader::new(&text[..]).next().unwrap().unwrap();
    // Two engines of one name are told apart by a number.
    assert_eq!(game.header("White"), Some(name));
    assert_eq!(game.header("Black"), Some(format!("{name} (2)").as_str()));

    let out = chess(&["annotate", "-", "--depth", "1"], "1. e4 e5 *\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let game = GameReader::new(out.stdout.as_bytes())
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(game.header("Annotator"), Some(name));
}

fn chess_rules_after(moves: &[&str]) -> chess_rules::Position {
    let mut pos = chess_rules::Position::standard();
    for text in moves {
        let m = chess_notation::uci::parse(&pos, text).unwrap();
        pos.play(m).unwrap();
    }
    pos
}

/// python-chess's engine module drives `chess uci` through games and analyses and fails on any
/// protocol error (`.ci/run` installs python-chess and sets `CHESS_REQUIRE_TEST_TOOLS=1`, so
/// there a missing python-chess fails the test; elsewhere the test says it is skipped).
#[test]
fn python_chess_drives_chess_uci() {
    if !crate::support::python3_or_skip("python_chess_drives_chess_uci") {
        return;
    }
    let has_python_chess = Command::new("python3")
        .args(["-c", "import chess.engine"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !has_python_chess {
        crate::support::tool_missing("python-chess", "python3 -m pip install chess");
        return;
    }
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../chess-engine/tests/python/uci_protocol.py"
    );
    let out = Command::new("python3")
        .arg(script)
        .arg(env!("CARGO_BIN_EXE_chess"))
        .arg("uci")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bench_is_deterministic() {
    let a = chess(&["bench", "--depth", "5"], "");
    let b = chess(&["bench", "--depth", "5"], "");
    assert_eq!(a.status, 0, "{}", a.stderr);
    let nodes = |s: &str| {
        s.lines()
            .find(|l| l.starts_with("Nodes searched"))
            .map(str::to_owned)
    };
    assert!(nodes(&a.stdout).is_some(), "{}", a.stdout);
    assert_eq!(nodes(&a.stdout), nodes(&b.stdout));
    assert!(a.stdout.contains("Nodes/second    : "));
}

#[test]
fn analyse_finds_a_mate_in_two() {
    // The two rooks' ladder: 1. Rh7+ (or Rg7+) and mate on the back rank.
    let fen = "8/k7/6RR/8/8/8/8/4K3 w - - 0 1";
    let out = chess(&["analyse", "--fen", fen, "--depth", "6"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    // Scores are the side to move's, and say so.
    assert_contains(&out.stdout, "(score #2 for white, depth 6)");
    let line = out
        .stdout
        .lines()
        .find(|l| l.starts_with("best line: 1. R"))
        .expect("a best line");
    assert!(line.ends_with('#') && line.contains(" 2. R"), "{line}");
    let mated = chess(
        &[
            "analyse",
            "--fen",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3",
        ],
        "",
    );
    assert_eq!(mated.stdout, "no legal move: checkmate\n");
}

#[test]
fn play_against_the_computer() {
    let out = chess(
        &[
            "--ascii",
            "--vs",
            "computer",
            "--level",
            "3",
            "--movetime",
            "50",
        ],
        "e4\nthink\nquit\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert!(
        out.stdout
            .contains("You play white against computer (level 3).")
    );
    assert!(
        out.stdout.contains("\n1... "),
        "the computer answers: {}",
        out.stdout
    );
    assert!(
        out.stdout.contains("depth 1/"),
        "think shows the search: {}",
        out.stdout
    );
    // Its scores are the computer's, and say so.
    let first = out
        .stdout
        .lines()
        .find(|l| l.starts_with("depth 1/"))
        .unwrap();
    assert!(first.contains(" for black nodes "), "{first}");
    // As black, the computer opens and the board is turned.
    let out = chess(
        &[
            "play",
            "--ascii",
            "--vs",
            "computer",
            "--color",
            "black",
            "--movetime",
            "50",
        ],
        "quit\n",
    );
    assert_contains(&out.stdout, "\n1. ");
    assert!(out.stdout.contains("h    g    f    e    d    c    b    a"));
}

#[test]
fn options_of_the_computer_bring_it_in() {
    // --level alone: a game against the computer, not between two people.
    let out = chess(&["--ascii", "--level", "2", "--movetime", "20"], "quit\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "You play white against computer (level 2).");
    let out = chess(
        &["--ascii", "--color", "black", "--movetime", "20"],
        "quit\n",
    );
    assert_contains(&out.stdout, "You play black against computer (level 4).");
    // The default level, stated in --help, is the casual player's.
    let out = chess(
        &["--ascii", "--vs", "computer", "--movetime", "20"],
        "quit\n",
    );
    assert_contains(&out.stdout, "against computer (level 4).");
    let help = chess(&["play", "--help"], "").stdout;
    let help = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert_contains(&help, "[default: 4, for a casual player]");
    // Asking for a person and for the computer's options is a usage error.
    let out = chess(&["--vs", "human", "--level", "5", "--color", "black"], "");
    assert_eq!(out.status, 2);
    assert_contains(
        &out.stderr,
        "--level, --color are for a game against the computer, and --vs human asks for a person",
    );
    // Without any, two people play.
    let out = chess(&["--ascii"], "quit\n");
    assert!(!out.stdout.contains("against computer"), "{}", out.stdout);
}

#[test]
fn play_against_an_external_engine() {
    // Our own binary in UCI mode stands in for an external engine such as Stockfish.
    let out = chess(
        &[
            "--ascii",
            "--engine",
            env!("CARGO_BIN_EXE_chess"),
            "--engine-arg",
            "uci",
            "--movetime",
            "50",
        ],
        "e4\nquit\n",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "You play white against chess-engine");
    assert_contains(&out.stdout, "\n1... ");
    let out = chess(&["--engine", "/nonexistent/engine"], "");
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.starts_with("chess: /nonexistent/engine: "),
        "{}",
        out.stderr
    );
}

/// White's moves in a session against the computer playing white at level 1 (the most
/// random), with `extra` options.
fn computer_games(extra: &[&str]) -> Vec<String> {
    let mut args = vec![
        "--ascii",
        "--vs",
        "computer",
        "--color",
        "black",
        "--level",
        "1",
        "--movetime",
        "5000",
    ];
    args.extend(extra);
    // Black's knight dance, refused when white has blocked or taken the knight (which keeps a
    // seeded transcript deterministic all the same).
    let out = chess(&args, "Nf6\nNg8\nNf6\nNg8\nquit\n");
    assert_eq!(out.status, 0, "{}", out.stderr);
    let moves: Vec<String> = out
        .stdout
        .lines()
        .filter(|l| {
            l.split_once(". ")
                .is_some_and(|(n, _)| n.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(str::to_owned)
        .collect();
    assert!(moves.len() >= 3, "{}", out.stdout);
    moves
}

/// The weaker levels vary their games from session to session (the seed comes from the
/// clock and std's randomly keyed hasher), and the hidden `--seed` replays a session.
#[test]
fn levels_vary_between_sessions_unless_seeded() {
    // Level 1 stops at depth 1 long before the movetime, so a seeded session is
    // deterministic.
    assert_eq!(
        computer_games(&["--seed", "7"]),
        computer_games(&["--seed", "7"])
    );
    assert_ne!(
        computer_games(&["--seed", "7"]),
        computer_games(&["--seed", "8"])
    );
    // Two unseeded sessions share even their first move only about one time in five
    // (measured), so four whole games alike is far below one in a million.
    let games: Vec<Vec<String>> = (0..4).map(|_| computer_games(&[])).collect();
    assert!(games.windows(2).any(|w| w[0] != w[1]), "{games:?}");
}
