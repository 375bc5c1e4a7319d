//! `chess pgn`.

use crate::support::chess;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");

fn path(name: &str) -> String {
    format!("{DATA}/{name}")
}

#[test]
fn stats_of_real_files() {
    let kasparov = path("kasparov-deep-blue-1997.pgn");
    let fischer = path("cutechess-fischerrandom.pgn");
    let out = chess(&["pgn", &kasparov, &fischer], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    assert_eq!(
        out.stdout,
        format!(
            "{kasparov}: 6 games, 519 moves, 0 bad\n{fischer}: 4 games, 396 moves, 0 bad\ntotal: 10 games, 915 moves, 0 bad\n"
        )
    );
}

#[test]
fn every_bad_game_is_reported_and_reading_goes_on() {
    let file = path("bad-games.pgn");
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
    let file = path("bad-games.pgn");
    let out = chess(&["pgn", "--json", &file], "");
    assert_eq!(out.status, 1);
    let stdout = out.stdout.replace(&file, "bad-games.pgn");
    insta::assert_snapshot!(stdout);
    assert_eq!(out.stdout.lines().count(), 6);
}

#[test]
fn export_is_normalised_and_reads_back() {
    let out = chess(
        &["pgn", "--export", &path("kasparov-deep-blue-1997.pgn")],
        "",
    );
    assert_eq!(out.status, 0);
    assert!(out.stdout.lines().all(|l| l.len() <= 80));
    let again = chess(&["pgn", "--export", "-"], &out.stdout);
    assert_eq!(
        again.stdout, out.stdout,
        "exporting an export changes nothing"
    );
    let fens = chess(&["pgn", "--fens", "-"], &out.stdout);
    let original = chess(&["pgn", "--fens", &path("kasparov-deep-blue-1997.pgn")], "");
    assert_eq!(fens.stdout, original.stdout);
}

#[test]
fn threads_give_the_same_output() {
    let files = [
        path("kasparov-deep-blue-1997.pgn"),
        path("bad-games.pgn"),
        path("cutechess-fischerrandom.pgn"),
    ];
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
    let out = chess(&["pgn", "/nonexistent.pgn"], "");
    assert_eq!(out.status, 1);
    assert!(
        out.stderr.starts_with("chess: /nonexistent.pgn: "),
        "{}",
        out.stderr
    );
}
