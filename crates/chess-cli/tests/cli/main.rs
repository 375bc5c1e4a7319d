//! Command tests for every subcommand of `chess`: output (pinned with insta snapshots), exit
//! status and error messages.

mod analysis;
mod book;
mod check;
mod compressed;
mod convert;
mod engine;
mod exit_status;
mod fen;
mod json_shapes;
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
mod variants;

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

/// A number out of range is said as people write ranges ("from 0 to 959"), not in Rust's
/// notation ("960 is not in 0..960", "1..=3600000").
#[test]
fn ranges_are_written_as_people_write_them() {
    for (args, expected) in [
        (
            &["perft", "--position", "960", "1"][..],
            "invalid value '960' for '--position <N>': expected a whole number from 0 to 959",
        ),
        (
            &["play", "--movetime", "0"],
            "expected a whole number from 1 to 3600000",
        ),
        (
            &["play", "--level", "11"],
            "expected a whole number from 1 to 10",
        ),
        (&["perft", "21"], "expected a whole number from 0 to 20"),
        (
            &["annotate", "-", "--nodes", "0"],
            "expected a whole number of 1 or more",
        ),
        (
            &["svg", "--game", "x", "--pgn", "-"],
            "expected a whole number of 1 or more",
        ),
    ] {
        let out = support::chess(args, "");
        assert_eq!(out.status, 2, "{args:?}: {}", out.stderr);
        assert_contains(&out.stderr, expected);
        assert!(!out.stderr.contains(".."), "{args:?}: {}", out.stderr);
    }
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
