//! `chess match`: engines against each other.

use chess_notation::pgn::{GameReader, PgnGame};

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess};

fn openings() -> String {
    format!("{}/../../examples/openings.pgn", env!("CARGO_MANIFEST_DIR"))
}

fn read_games(path: &str) -> Vec<PgnGame> {
    let text = std::fs::read(path).expect("the PGN file is written");
    GameReader::new(&text[..])
        .collect::<Result<Vec<_>, _>>()
        .expect("the games read back")
}

/// Two instances of the built-in engine on a 1 s + 10 ms clock: every game ends by the rules
/// or adjudication (never on time, with 200 ms of slack for the scheduler), colours alternate
/// per opening, and the PGN has every game with the clock after every engine move.
#[test]
fn builtin_against_itself_on_a_fast_clock() {
    let dir = TempDir::new("cli-match-builtin");
    let pgn = dir.join("games.pgn").display().to_string();
    let out = chess(
        &[
            "match",
            "--engine",
            "builtin,name=first",
            "--engine",
            "builtin,name=second",
            "--tc",
            "1+0.01",
            "--games",
            "4",
            "--openings",
            &openings(),
            "--concurrency",
            "2",
            "--max-moves",
            "80",
            // Scheduling on a loaded 2-core CI machine, not the engine's time management,
            // decides a flag that falls by a few milliseconds.
            "--time-margin",
            "200",
            "--pgn",
            &pgn,
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(
        &out.stdout,
        "2 engines, 4 games at 1+0.01, 61 openings, 2 at a time",
    );
    let lines: Vec<&str> = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("game "))
        .collect();
    assert_eq!(lines.len(), 4, "{}", out.stdout);
    assert!(!out.stdout.contains("on time"), "{}", out.stdout);
    assert_contains(&out.stdout, "Ruy Lopez, Morphy");
    assert_contains(&out.stdout, "Ruy Lopez, Berlin");
    assert_contains(&out.stdout, "first vs second: ");
    assert_contains(&out.stdout, "pairs of games (0, 0.5, 1, 1.5, 2 points): ");

    let games = read_games(&pgn);
    assert_eq!(games.len(), 4);
    let mut rounds: Vec<u32> = games
        .iter()
        .map(|g| g.header("Round").unwrap().parse().unwrap())
        .collect();
    rounds.sort_unstable();
    assert_eq!(rounds, [1, 2, 3, 4]);
    for game in &games {
        let round: u32 = game.header("Round").unwrap().parse().unwrap();
        // Odd games: the first engine has white; the pair of an opening swaps colours.
        let white = if round % 2 == 1 { "first" } else { "second" };
        assert_eq!(game.header("White"), Some(white));
        assert_eq!(game.header("TimeControl"), Some("1+0.01"));
        let opening = if round <= 2 {
            "Ruy Lopez, Morphy"
        } else {
            "Ruy Lopez, Berlin"
        };
        assert_eq!(game.header("Opening"), Some(opening));
        assert_ne!(game.header("Termination"), Some("time forfeit"));
        // Ten book moves, then every engine move with its clock, positive.
        let moves = &game.mainline.moves;
        assert!(moves.len() > 10);
        assert!(moves[..10].iter().all(|m| m.comments_after == ["book"]));
        for m in &moves[10..] {
            let clock = m.clock().expect("a clock comment");
            assert!(
                clock.as_millis() > 0 && clock.as_millis() <= 1010,
                "{clock:?}"
            );
        }
        let result = game.result.expect("a result").as_str();
        assert_eq!(game.header("Result"), Some(result));
        assert!(out.stdout.contains(&format!("game {round}/4: {white} vs ")));
    }
}

/// Against Stockfish at its weakest limited strength, as JSON lines: one per game, then the
/// standings.
#[test]
fn builtin_against_stockfish_as_json() {
    let Some(stockfish) = chess_testdata::stockfish_or_skip() else {
        return;
    };
    let engine = format!(
        "{},name=sf,option.UCI_LimitStrength=true,option.UCI_Elo=1320,option.Hash=16",
        stockfish.display()
    );
    let out = chess(
        &[
            "match",
            "-e",
            "builtin",
            "-e",
            &engine,
            "--tc",
            "2+0.02",
            "-n",
            "2",
            "--openings",
            &openings(),
            "--plies",
            "4",
            "--concurrency",
            "2",
            "--resign",
            "movecount=3,score=700",
            "--draw",
            "movenumber=30,movecount=6,score=5",
            "--time-margin",
            "200",
            "--json",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", out.stdout);
    for line in &lines[..2] {
        assert!(line.starts_with("{\"game\": "), "{line}");
        assert_contains(line, "\"opening\": \"Ruy Lopez, Morphy\"");
        assert_contains(line, "\"sf\"");
        assert!(!line.contains("time forfeit"), "{line}");
    }
    let summary = lines[2];
    assert!(
        summary.starts_with("{\"games\": 2, \"engines\": [{\"name\": "),
        "{summary}"
    );
    assert_contains(summary, "\"name\": \"sf\", \"games\": 2");
    assert_contains(summary, "\"sprt\": null}");
}

/// A sequential test stops the match once it decides: the built-in engine at depth 4 against
/// itself at depth 1 gains far more than 10 Elo.
#[test]
fn sprt_stops_the_match_when_it_decides() {
    let out = chess(
        &[
            "match",
            "-e",
            "builtin,name=deep,depth=4",
            "-e",
            "builtin,name=shallow,depth=1",
            "--openings",
            &openings(),
            "--concurrency",
            "2",
            "--max-moves",
            "60",
            "--sprt",
            "elo0=0,elo1=10",
        ],
        "",
    );
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_contains(&out.stdout, "H1 accepted");
    let played = out
        .stdout
        .lines()
        .filter(|l| l.starts_with("game "))
        .count();
    assert!(
        played < 122,
        "{played} games: the test did not stop the match"
    );
    assert_contains(&out.stdout, "deep vs shallow: ");
}

#[test]
fn bad_matches_are_refused_with_reasons() {
    let out = chess(&["match", "-e", "builtin"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "at least two engines");

    let out = chess(
        &["match", "-e", "builtin", "-e", "builtin", "--tc", "fast"],
        "",
    );
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "invalid time control \"fast\"");

    let out = chess(&["match", "-e", "builtin", "-e", "builtin,colour=red"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "\"colour=red\": unknown setting");

    // The games appended to the openings' own file: refused, the file untouched.
    let dir = chess_testdata::TempDir::new("cli-match-pgn-input");
    let openings = dir.write("openings.pgn", b"1. e4 e5 *\n");
    let openings = openings.display().to_string();
    let out = chess(
        &[
            "match",
            "-e",
            "builtin",
            "-e",
            "builtin",
            "--depth",
            "1",
            "--openings",
            &openings,
            "--pgn",
            &openings,
        ],
        "",
    );
    assert_eq!(out.status, 2);
    assert_contains(
        &out.stderr,
        "--pgn appends the games to the file of --openings",
    );
    assert_eq!(std::fs::read_to_string(&openings).unwrap(), "1. e4 e5 *\n");

    let out = chess(
        &[
            "match",
            "-e",
            "builtin",
            "-e",
            "/nonexistent/engine",
            "-n",
            "1",
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "engine /nonexistent/engine: cannot start the engine",
    );

    let out = chess(
        &[
            "match",
            "-e",
            "builtin",
            "-e",
            "builtin,option.NoSuchOption=1",
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "no option named \"NoSuchOption\"");

    let dir = TempDir::new("cli-match-bad-openings");
    let bad = dir.file(
        "bad.epd",
        "4k3/8/8/8/8/8/4P3/4K3 w - -\n4k3/8/8/9/8/8/8/4K3 w - -\n",
    );
    let out = chess(
        &[
            "match",
            "-e",
            "builtin",
            "-e",
            "builtin",
            "--openings",
            &bad,
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_contains(&out.stderr, "bad.epd: line 2: ");

    // A bad game of a PGN file of openings: its number said once, then where and why.
    let bad = dir.file("bad.pgn", "1. e4 e5 2. Ke3 *\n");
    let out = chess(
        &[
            "match",
            "-e",
            "builtin",
            "-e",
            "builtin",
            "--openings",
            &bad,
        ],
        "",
    );
    assert_eq!(out.status, 1);
    assert_contains(
        &out.stderr,
        "bad.pgn: game 1: line 1, column 13: illegal move Ke3",
    );
    assert_eq!(out.stderr.lines().count(), 1, "{}", out.stderr);

    let out = chess(
        &[
            "match", "-e", "builtin", "-e", "builtin", "--sprt", "elo0=5",
        ],
        "",
    );
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "--sprt: elo0 and elo1 are needed");
    assert!(!out.stderr.contains("panicked"));
}
