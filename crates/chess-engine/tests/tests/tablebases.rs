//! Syzygy tablebases in the search: the root keeps the moves the DTZ tables rank best and the
//! score is the tables' result; below the root, WDL probes cut the search off.

use std::sync::Arc;

use chess_engine::{Control, Limits, Score, Searcher, Tablebase, TablebaseSettings};
use chess_rules::Position;
use chess_syzygy::{RootOptions, Wdl};

use crate::support::{Session, bestmove, position};

/// python-chess's 3- and 4-piece tables, or `None` when not fetched (the test has said it
/// skips).
fn tables() -> Option<Arc<Tablebase>> {
    let dir = chess_testdata::file(chess_testdata::SYZYGY_DIR)?;
    Some(Arc::new(Tablebase::open(dir).expect("the tables open")))
}

fn searcher(tables: &Arc<Tablebase>) -> Searcher {
    let mut searcher = Searcher::with_hash(8);
    searcher.set_tablebases(TablebaseSettings {
        tables: Some(Arc::clone(tables)),
        ..TablebaseSettings::default()
    });
    searcher
}

fn search(
    searcher: &mut Searcher,
    pos: &Position,
    depth: u32,
) -> (chess_engine::SearchResult, u64) {
    let mut hits = 0;
    let result = searcher.search(pos, &[], &Limits::depth(depth), &Control::new(), |info| {
        hits = info.tbhits;
    });
    (result, hits)
}

/// In won tablebase positions the move played is one of the fastest wins, and the score says
/// the tables' win; in drawn ones a draw; in lost ones the longest resistance.
#[test]
fn the_root_plays_the_tables_best_moves() {
    let Some(tables) = tables() else {
        return;
    };
    for (fen, expected) in [
        // KBN against K: too deep for the search alone.
        ("8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1", Wdl::Win),
        ("8/8/8/8/4k3/8/8/1KN1B3 w - - 0 1", Wdl::Win),
        // KQ against KR, the defender to move.
        ("8/8/8/3k4/8/8/1r6/4K2Q b - - 0 1", Wdl::Loss),
        // KR against KB: a draw with care.
        ("8/8/3k4/8/2b5/8/8/R3K3 b - - 0 1", Wdl::Draw),
        // 60 halfmoves gone: the KBN win is out of reach of the 50-move rule.
        ("8/2K5/4B3/3N4/8/8/4k3/8 w - - 60 90", Wdl::CursedWin),
    ] {
        let pos = position(fen);
        let probe = tables
            .probe_root(&pos, RootOptions::default())
            .expect("in the tables");
        assert_eq!(probe.wdl(), Some(expected), "{fen}");
        let best: Vec<_> = probe.best_moves().iter().map(|rm| rm.m).collect();
        let mut searcher = searcher(&tables);
        let (result, hits) = search(&mut searcher, &pos, 6);
        let played = result.best_move.expect("a move");
        assert!(
            best.contains(&played),
            "{fen}: {played:?} not among {best:?}"
        );
        assert!(hits >= 1, "{fen}");
        match expected {
            Wdl::Win => assert!(
                matches!(result.score, Score::Cp(cp) if cp > 19_000)
                    || matches!(result.score, Score::Mate(n) if n > 0),
                "{fen}: {:?}",
                result.score
            ),
            Wdl::Loss => assert!(
                matches!(result.score, Score::Cp(cp) if cp < -19_000)
                    || matches!(result.score, Score::Mate(n) if n < 0),
                "{fen}: {:?}",
                result.score
            ),
            // A draw, or a cursed win: a hair above a draw.
            _ => assert!(
                matches!(result.score, Score::Cp(cp) if (0..=2).contains(&cp)),
                "{fen}: {:?}",
                result.score
            ),
        }
    }
}

/// A mate the search sees is reported as a mate, not as the tables' win.
#[test]
fn a_mate_found_is_still_a_mate() {
    let Some(tables) = tables() else {
        return;
    };
    let pos = position("k7/8/1K6/8/8/8/8/7R w - - 0 1");
    let (result, _) = search(&mut searcher(&tables), &pos, 4);
    assert_eq!(result.score, Score::Mate(1));
    assert_eq!(
        result.best_move.map(|m| m.to_string()),
        Some("h1h8".to_owned())
    );
}

/// With five pieces the root is not in the tables, but the positions after a capture are:
/// the search probes them and sees that trading queens into K+P against K wins.
#[test]
fn probes_below_the_root_cut_the_search() {
    let Some(tables) = tables() else {
        return;
    };
    // White wins the queen trade: Qxd2+ Kxd2 leaves K+P against K, won.
    let pos = position("8/8/8/8/8/1P1k4/3q4/1K1Q4 w - - 0 1");
    let mut with = searcher(&tables);
    let (result, hits) = search(&mut with, &pos, 8);
    assert!(hits > 0);
    assert_eq!(
        result.best_move.map(|m| m.to_string()),
        Some("d1d2".to_owned())
    );
    assert!(
        matches!(result.score, Score::Cp(cp) if cp > 19_000),
        "{:?}",
        result.score
    );
    // Without the tables the same search visits more nodes to say less.
    let (plain, no_hits) = search(&mut Searcher::with_hash(8), &pos, 8);
    assert_eq!(no_hits, 0);
    assert!(matches!(plain.score, Score::Cp(cp) if cp < 19_000));
}

/// The UCI options: SyzygyPath loads the tables, info lines count the hits, and the move is
/// one the tables rank best; a bad path is reported.
#[test]
fn uci_syzygy_options() {
    let Some(dir) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else {
        return;
    };
    let Some(tables) = tables() else {
        return;
    };
    let fen = "8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1";
    let pos = position(fen);
    let best: Vec<_> = tables
        .probe_root(&pos, RootOptions::default())
        .unwrap()
        .best_moves()
        .iter()
        .map(|rm| rm.m)
        .collect();
    let mut session = Session::start();
    session.send("uci");
    let handshake = session.until("uciok", std::time::Duration::from_secs(5));
    for option in [
        "option name SyzygyPath type string default <empty>",
        "option name SyzygyProbeDepth type spin default 1 min 1 max 100",
        "option name Syzygy50MoveRule type check default true",
        "option name SyzygyProbeLimit type spin default 7 min 0 max 7",
    ] {
        assert!(
            handshake.iter().any(|l| l == option),
            "{option}: {handshake:#?}"
        );
    }
    session.send(&format!(
        "setoption name SyzygyPath value /nonexistent:{}",
        dir.display()
    ));
    session.send(&format!("position fen {fen}"));
    session.send("go depth 5");
    let lines = session.until("bestmove", std::time::Duration::from_secs(20));
    lines.iter().for_each(|l| eprintln!("{l}"));
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string SyzygyPath /nonexistent: ")),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string found ") && !l.ends_with(" 0 tablebases")),
        "{lines:#?}"
    );
    let last_info = lines.iter().rfind(|l| l.starts_with("info depth")).unwrap();
    assert!(last_info.contains(" tbhits "), "{last_info}");
    assert!(last_info.contains(" score cp 19"), "{last_info}");
    let played = bestmove(&pos, &lines).expect("a move");
    assert!(best.contains(&played), "{played:?} not among {best:?}");
    let _ = session.finish();
}
