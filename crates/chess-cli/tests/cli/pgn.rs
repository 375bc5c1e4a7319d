//! `chess pgn`.

use chess_testdata::TempDir;

use crate::support::{TempFiles, assert_contains, chess, own_file, real_pgn};

#[test]
fn stats_of_real_files() {
    let (Some(kasparov), Some(fischer)) = (
        real_pgn("kasparov-deep-blue-1997.pgn"),
        real_pgn("cutechess-fischerrandom.pgn"),
    ) else {
        return;
    };
    let out = chess(&["pgn", &kasparov, &fischer], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        format!(
            "{kasparov}: 6 games, 519 plies, 0 bad\n{fischer}: 4 games, 396 plies, 0 bad\ntotal: 10 games, 915 plies, 0 bad\n"
        )
    );
}

#[test]
fn every_bad_game_is_reported_and_reading_goes_on() {
    let file = own_file("bad-games.pgn");
    let out = chess(&["pgn", "--check", &file], "");
    assert_eq!(out.status, 1);
    assert_eq!(out.stdout, "");
    let stderr = out.stderr.replace(&file, "bad-games.pgn");
    insta::assert_snapshot!(stderr);
    let out = chess(&["pgn", "--fens", &file], "");
    assert_eq!(
        out.stdout,
        "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\nrnbqkbnr/ppp1pppp/8/3p4/2PP4/8/PP2PPPP/RNBQKBNR b KQkq - 0 2\n"
    );
}

#[test]
fn json_per_game() {
    let file = own_file("bad-games.pgn");
    let out = chess(&["pgn", "--json", &file], "");
    assert_eq!(out.status, 1);
    let stdout = out.stdout.replace(&file, "bad-games.pgn");
    insta::assert_snapshot!(stdout);
    assert_eq!(out.stdout.lines().count(), 6);
}

#[test]
fn export_is_normalised_and_reads_back() {
    let Some(kasparov) = real_pgn("kasparov-deep-blue-1997.pgn") else {
        return;
    };
    let out = chess(&["pgn", "--export", &kasparov], "");
    assert_eq!(out.status, 0);
    assert!(out.stdout.lines().all(|l| l.len() <= 80));
    let again = chess(&["pgn", "--export", "-"], &out.stdout);
    assert_eq!(
        again.stdout, out.stdout,
        "exporting an export changes nothing"
    );
    let fens = chess(&["pgn", "--fens", "-"], &out.stdout);
    let original = chess(&["pgn", "--fens", &kasparov], "");
    assert_eq!(fens.stdout, original.stdout);
}

#[test]
fn threads_give_the_same_output() {
    let (Some(kasparov), Some(fischer)) = (
        real_pgn("kasparov-deep-blue-1997.pgn"),
        real_pgn("cutechess-fischerrandom.pgn"),
    ) else {
        return;
    };
    let files = [kasparov, own_file("bad-games.pgn"), fischer];
    let mut args = vec!["pgn", "--json"];
    args.extend(files.iter().map(String::as_str));
    let one = chess(&args, "");
    let mut threaded = args.clone();
    threaded.extend(["--threads", "3"]);
    let three = chess(&threaded, "");
    assert_eq!(one.stdout, three.stdout);
    assert_eq!(one.stderr, three.stderr);
}

#[test]
fn unreadable_file() {
    // One line, naming the file and the cause: no "an input could not be read" after it.
    let out = chess(&["pgn", "/nonexistent.pgn"], "");
    assert_eq!(out.status, 1);
    assert_eq!(
        out.stderr,
        "chess: /nonexistent.pgn: No such file or directory (os error 2)\n"
    );
    // Among files that read, the same one line.
    let games = crate::support::own_file("bad-games.pgn");
    let out = chess(&["pgn", "--fens", &games, "/nonexistent.pgn"], "");
    assert_eq!(out.status, 1);
    let last = out.stderr.lines().last().unwrap();
    assert!(
        last.starts_with("chess: ") && last.contains(" of "),
        "{}",
        out.stderr
    );
    assert_eq!(
        out.stderr
            .lines()
            .filter(|l| l.contains("/nonexistent.pgn"))
            .count(),
        1,
        "{}",
        out.stderr
    );
}

const CASTLING_GAMES: &str = "\
[Event \"no variant tag\"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *

[Event \"standard\"]
[Variant \"Standard\"]

1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *
";

/// The JSON `moves` of each game, as text.
fn json_moves(stdout: &str) -> Vec<&str> {
    stdout
        .lines()
        .map(|l| {
            let start = l.find("\"moves\": [").expect("moves") + 10;
            let end = start + l[start..].find(']').expect("end of moves");
            &l[start..end]
        })
        .collect()
}

#[test]
fn chess960_reads_games_without_a_variant_tag_as_chess960() {
    let out = chess(&["pgn", "--json", "-"], CASTLING_GAMES);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let standard = "\"e2e4\", \"e7e5\", \"g1f3\", \"b8c6\", \"f1c4\", \"f8c5\", \"e1g1\"";
    let chess960 = "\"e2e4\", \"e7e5\", \"g1f3\", \"b8c6\", \"f1c4\", \"f8c5\", \"e1h1\"";
    assert_eq!(json_moves(&out.stdout), [standard, standard]);
    // With --chess960: king takes rook, except in the game whose tag says standard chess. The
    // headers stay as in the file.
    let out = chess(&["pgn", "--json", "--chess960", "-"], CASTLING_GAMES);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(json_moves(&out.stdout), [chess960, standard]);
    assert!(out.stdout.starts_with(
        "{\"file\": \"-\", \"game\": 1, \"headers\": {\"Event\": \"no variant tag\"}, "
    ));
    // Re-exported, the game says what it was read as, so it reads back the same way.
    let out = chess(&["pgn", "--export", "--chess960", "-"], CASTLING_GAMES);
    assert_eq!(out.status, 0, "{}", out.stderr);
    let games: Vec<&str> = out.stdout.split("\n\n[Event").collect();
    assert_eq!(games.len(), 2, "{}", out.stdout);
    assert!(
        games[0].contains("[Variant \"Chess960\"]"),
        "{}",
        out.stdout
    );
    assert!(
        games[1].contains("[Variant \"Standard\"]"),
        "{}",
        out.stdout
    );
    let again = chess(&["pgn", "--json", "-"], &out.stdout);
    assert_eq!(json_moves(&again.stdout), [chess960, standard]);
    // Threads read the same way.
    let threaded = chess(
        &["pgn", "--json", "--chess960", "--threads", "2", "-"],
        CASTLING_GAMES,
    );
    assert_eq!(json_moves(&threaded.stdout), [chess960, standard]);
}

/// A bad game's JSON holds what could be read: the mainline before the error and the
/// position it reached (the one the bad move was played in). A Variant tag naming another
/// game is its own kind of error, placed at the tag.
#[test]
fn json_of_bad_games_keeps_the_mainline_before_the_error() {
    let pgn = "\
[Event \"bughouse\"]
[Variant \"Bughouse\"]

1. e4 *

[Event \"bad variation\"]

1. e4 (1. d4 Kd7) e5 2. Nf3 Nc6 3. Ke3 *

[Event \"bad after a null move\"]

1. e4 -- 2. d4 *
";
    let out = chess(&["pgn", "--json", "-"], pgn);
    assert_eq!(out.status, 1);
    let lines: Vec<&str> = out.stdout.lines().collect();
    assert_eq!(
        lines[0],
        "{\"file\": \"-\", \"game\": 1, \"headers\": {\"Event\": \"bughouse\", \"Variant\": \"Bughouse\"}, \"moves\": [], \"final_fen\": null, \"result\": \"*\", \"error\": {\"kind\": \"unsupported_variant\", \"line\": 2, \"column\": 1, \"message\": \"unsupported variant \\\"bughouse\\\": expected standard chess, chess960 or one of the variants lichess plays (crazyhouse, atomic, antichess, king of the hill, three-check, horde, racing kings)\"}, \"truncated\": false, \"diagnostics\": []}"
    );
    // An illegal move inside a variation drops the variation; the mainline's own illegal move
    // fails the game, which keeps the mainline up to it.
    assert_contains(
        lines[1],
        "\"moves\": [\"e2e4\", \"e7e5\", \"g1f3\", \"b8c6\"], \"final_fen\": \"r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\"",
    );
    assert_contains(
        lines[1],
        "\"kind\": \"illegal_move\", \"line\": 8, \"column\": 36",
    );
    assert_contains(
        lines[1],
        "\"diagnostics\": [{\"kind\": \"illegal_move\", \"line\": 8, \"column\": 14, \"message\": \"illegal move Kd7: ",
    );
    assert_contains(
        lines[2],
        "\"moves\": [\"e2e4\"], \"final_fen\": \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"",
    );
    assert_contains(
        lines[2],
        "\"kind\": \"illegal_move\", \"line\": 12, \"column\": 7",
    );
    assert_eq!(
        out.stderr.lines().next(),
        Some(
            "chess: -: game 1, line 2, column 1: unsupported variant \"bughouse\": expected standard chess, chess960 or one of the variants lichess plays (crazyhouse, atomic, antichess, king of the hill, three-check, horde, racing kings)"
        )
    );
    let threaded = chess(&["pgn", "--json", "--threads", "2", "-"], pgn);
    assert_eq!(threaded.stdout, out.stdout);
}

/// A file cut off in the middle of its last game (as a download can be) is not complete: the
/// game is reported on stderr, counted as truncated, and the exit status says so.
#[test]
fn a_file_cut_off_is_reported() {
    let whole = "[Event \"1\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[Event \"2\"]\n\n1. d4 d5 2. c4 e6 3. Nc3 Nf6 0-1\n";
    let out = chess(&["pgn", "-"], whole);
    assert_eq!(
        (out.status, out.stdout.as_str()),
        (0, "-: 2 games, 10 plies, 0 bad\n")
    );
    let cut = &whole[..whole.len() - 12];
    let out = chess(&["pgn", "-"], cut);
    assert_eq!(out.status, 1);
    assert_eq!(out.stdout, "-: 2 games, 8 plies, 0 bad, 1 truncated\n");
    assert_eq!(
        out.stderr,
        "chess: -: game 2, line 7, column 22: the input ends inside the game: expected a result token\n\
         chess: 1 of 2 games could not be read\n"
    );
    let out = chess(&["pgn", "--json", "-"], cut);
    let last = out.stdout.lines().last().unwrap();
    assert_contains(last, "\"error\": null, \"truncated\": true");
    // Cut inside a move: an error, and cut off too.
    let out = chess(&["pgn", "--json", "-"], &whole[..whole.len() - 10]);
    let last = out.stdout.lines().last().unwrap();
    assert_contains(last, "\"kind\": \"syntax\"");
    assert_contains(last, "\"truncated\": true");
}

/// A variation with a bad move is dropped, said on stderr; the game stays good.
#[test]
fn a_dropped_variation_is_said() {
    let out = chess(&["pgn", "-"], "1. e4 (1. d4 d5 2. Ke3) e5 *\n");
    assert_eq!(out.status, 0);
    assert_eq!(out.stdout, "-: 1 game, 2 plies, 0 bad\n");
    assert_eq!(
        out.stderr,
        "chess: -: game 1, line 1, column 20: variation dropped: illegal move Ke3: no legal move matches in rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2\n"
    );
}

/// What a post on the web holds is read as meant, said on stderr and in the JSON; the game stays
/// good.
#[test]
fn text_read_as_meant_is_said() {
    let text = "[pgn]1. e4 e5 2. Ng1-f3 \u{b1} 1\u{2013}0[/pgn]\n";
    let out = chess(&["pgn", "-"], text);
    assert_eq!(out.status, 0);
    assert_eq!(out.stdout, "-: 1 game, 3 plies, 0 bad\n");
    assert_eq!(
        out.stderr,
        "chess: -: game 1, line 1, column 1: ignored: forum markup [pgn] or [/pgn] is not pgn\n\
         chess: -: game 1, line 1, column 18: read as Nf3: move Ng1-f3 in long algebraic notation: expected Nf3\n\
         chess: -: game 1, line 1, column 25: read as $16: annotation glyph \u{b1} is not pgn: expected $16\n\
         chess: -: game 1, line 1, column 28: read as 1-0: result not written as pgn writes it: expected 1-0\n"
    );
    let out = chess(&["pgn", "--json", "-"], text);
    assert_contains(&out.stdout, "\"result\": \"1-0\"");
    assert_contains(
        &out.stdout,
        "{\"kind\": \"syntax\", \"line\": 1, \"column\": 18, \"message\": \"move Ng1-f3 in long algebraic notation: expected Nf3\"}",
    );
}

#[test]
fn null_moves_when_allowed() {
    let text = "1. e4 -- 2. d4 Z0 3. c4 *\n";
    let out = chess(&["pgn", "--json", "-"], text);
    assert_eq!(out.status, 1);
    assert_contains(&out.stdout, "\"kind\": \"illegal_move\"");
    let out = chess(&["pgn", "--json", "--allow-null-moves", "-"], text);
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        json_moves(&out.stdout),
        ["\"e2e4\", \"0000\", \"d2d4\", \"0000\", \"c2c4\""]
    );
}

/// `chess pgn --json FILE | head -1`: the reader goes away after one line; the program ends
/// quietly, with status 0.
#[test]
fn a_closed_pipe_ends_quietly() {
    let mut text = String::new();
    for i in 0..3000 {
        text.push_str(&format!(
            "[Event \"{i}\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n"
        ));
    }
    let dir = TempDir::new("cli-closed-pipe");
    let file = dir.file("games.pgn", &text);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_chess"))
        .args(["pgn", "--json", "--threads", "2", &file])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdout = std::io::BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    std::io::BufRead::read_line(&mut stdout, &mut first).unwrap();
    assert!(first.starts_with("{\"file\""), "{first}");
    drop(stdout);
    let output = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    assert_eq!(output.status.code(), Some(0));
}
