//! Command tests for every subcommand of `chess`: output (pinned with insta snapshots), exit
//! status and error messages.

mod analysis;
mod book;
mod check;
mod compressed;
mod convert;
mod engine;
mod fen;
mod matches;
mod moves;
mod outputs;
mod pack;
mod perft;
mod pgn;
mod play;
mod positions;
mod readme;
mod spark;
mod support;
mod svg;
mod tb;

use support::assert_contains;

#[test]
fn completions() {
    let out = support::chess(&["completions", "bash"], "");
    assert_eq!(out.status, 0);
    assert_contains(&out.stdout, "_chess()");
    assert!(out.stdout.contains("perft"));
}

#[test]
fn usage_errors_exit_with_2() {
    let out = support::chess(&["perft"], "");
    assert_eq!(out.status, 2);
    assert_contains(&out.stderr, "DEPTH");
    let out = support::chess(&["perft", "--position", "960", "1"], "");
    assert_eq!(out.status, 2);
    let out = support::chess(&["frobnicate"], "");
    assert_eq!(out.status, 2);
    assert!(!out.stderr.contains("panicked"));
}

#[test]
fn completions_snapshot() {
    let out = support::chess(&["completions", "bash"], "");
    assert_eq!(out.status, 0, "{}", out.stderr);
    for subcommand in [
        "play",
        "check",
        "perft",
        "moves",
        "fen",
        "pgn",
        "uci",
        "analyse",
        "annotate",
        "bench",
        "match",
        "encode",
        "decode",
        "book",
        "opening",
        "tb",
        "svg",
        "completions",
    ] {
        assert!(
            out.stdout
                .contains(&format!("cmd=\"chess__subcmd__{subcommand}\"")),
            "{subcommand}"
        );
    }
    // Options of the subcommands complete too.
    assert!(out.stdout.contains("--chess960"));
    assert!(out.stdout.contains("--divide"));
    // clap_complete's output is deterministic: pinned, so a change of the interface shows in
    // review.
    insta::assert_snapshot!(out.stdout);
}
