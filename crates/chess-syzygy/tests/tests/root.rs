//! Root probing: each move's outcome and the moves Stockfish's ranking keeps.

use std::collections::BTreeMap;

use chess_notation::uci;
use chess_rules::Position;
use chess_syzygy::{Dtz, RootOptions, RootProbe, TableKind, Tablebase, Wdl};
use chess_testdata::TempDir;

use crate::support::{data_lines, position, tables, tables_dir};

fn uci_moves(pos: &Position, moves: &[chess_syzygy::RootMove]) -> Vec<String> {
    let mut names: Vec<String> = moves.iter().map(|rm| uci::format(pos, rm.m)).collect();
    names.sort();
    names
}

const BY_DTZ: RootOptions = RootOptions {
    rule50: true,
    rank_by_dtz: true,
    repeated: false,
};

const WINS_ALIKE: RootOptions = RootOptions {
    rank_by_dtz: false,
    ..BY_DTZ
};

/// `tests/data/root.txt` (written by `tests/data/generate.py`): 450 positions with halfmove
/// clocks from 0 to 99, each legal move's DTZ counted from the root as Stockfish's root probing
/// counts it (from python-chess's probes), and the moves Stockfish's ranking keeps, ranking
/// wins by DTZ and ranking all wins within the 50-move budget alike.
#[test]
fn root_moves_agree_with_python_chess_and_stockfish_ranking() {
    let Some(tables) = tables() else {
        return;
    };
    let lines = data_lines("root.txt");
    let mut moves_checked = 0;
    for line in &lines {
        let fields: Vec<&str> = line.split(';').collect();
        let [fen, moves, best_by_dtz, best_alike] = fields[..] else {
            panic!("not fen;moves;best;best: {line}");
        };
        let pos = position(fen);
        let expected: BTreeMap<String, i32> = moves
            .split(' ')
            .map(|m| {
                let (name, dtz) = m.split_once(':').unwrap();
                (name.to_owned(), dtz.parse().unwrap())
            })
            .collect();
        let root = tables.probe_root_dtz(&pos, BY_DTZ).unwrap();
        assert_eq!(root.tables(), TableKind::Dtz);
        let found: BTreeMap<String, i32> = root
            .moves()
            .iter()
            .map(|rm| (uci::format(&pos, rm.m), rm.dtz.unwrap().0))
            .collect();
        assert_eq!(found, expected, "{fen}");
        moves_checked += found.len();
        let best: Vec<String> = best_by_dtz.split(' ').map(str::to_owned).collect();
        assert_eq!(uci_moves(&pos, root.best_moves()), best, "{fen}");
        let alike = tables.probe_root_dtz(&pos, WINS_ALIKE).unwrap();
        let best: Vec<String> = best_alike.split(' ').map(str::to_owned).collect();
        assert_eq!(
            uci_moves(&pos, alike.best_moves()),
            best,
            "{fen} (wins alike)"
        );
        check_order(&root);
    }
    assert_eq!(lines.len(), 450);
    assert!(moves_checked > 5_000, "{moves_checked}");
}

/// Moves come best first, and the best moves share the first rank.
fn check_order(root: &RootProbe) {
    assert!(root.moves().windows(2).all(|w| w[0].rank >= w[1].rank));
    let best = root.best_moves();
    assert!(best.iter().all(|rm| rm.rank == root.moves()[0].rank));
    assert_eq!(root.best(), root.moves().first());
}

#[test]
fn the_50_move_rule_turns_a_slow_win_into_a_cursed_win() {
    let Some(tables) = tables() else {
        return;
    };
    // KBN against K, white to move: a win with the zeroing move (the mate) 50 plies away.
    let fresh = position("8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1");
    assert_eq!(tables.probe_dtz(&fresh).unwrap(), Dtz(50));
    let root = tables.probe_root(&fresh, RootOptions::default()).unwrap();
    assert_eq!(root.wdl(), Some(Wdl::Win));
    assert!(root.best_moves().iter().all(|rm| rm.dtz == Some(Dtz(50))));

    // With 60 halfmoves gone, 50 more plies pass the limit: the win is cursed, and the moves
    // that come nearest to the limit are the best, whichever way wins are ranked.
    let late = position("8/2K5/4B3/3N4/8/8/4k3/8 w - - 60 80");
    for options in [BY_DTZ, WINS_ALIKE] {
        let root = tables.probe_root(&late, options).unwrap();
        assert_eq!(root.wdl(), Some(Wdl::CursedWin));
        assert!(root.best_moves().iter().all(|rm| rm.dtz == Some(Dtz(50))));
        assert!(root.moves().iter().all(|rm| rm.wdl != Wdl::Win
            && rm.rank < root.best().unwrap().rank
            || rm.dtz == Some(Dtz(50))));
    }
    // Without the 50-move rule it is a win again, ranked the same.
    let without = RootOptions {
        rule50: false,
        ..BY_DTZ
    };
    let root = tables.probe_root(&late, without).unwrap();
    assert_eq!(root.wdl(), Some(Wdl::Win));
    assert_eq!(
        uci_moves(&late, root.best_moves()),
        uci_moves(
            &late,
            tables.probe_root(&late, BY_DTZ).unwrap().best_moves()
        )
    );

    // The losing side, 53 plies from being mated: with 60 halfmoves gone it can hope for the
    // 50-move rule, and its best moves are the longest.
    let losing = position("8/2K5/4B3/3N4/8/8/4k3/8 b - - 60 80");
    assert_eq!(tables.probe_dtz(&losing).unwrap(), Dtz(-53));
    let root = tables.probe_root(&losing, BY_DTZ).unwrap();
    assert_eq!(root.wdl(), Some(Wdl::BlessedLoss));
    let longest = root.moves().iter().filter_map(|rm| rm.dtz).min().unwrap();
    assert_eq!(longest, Dtz(-53));
    assert!(root.best_moves().iter().all(|rm| rm.dtz == Some(longest)));
}

#[test]
fn a_win_already_repeated_is_no_certain_win() {
    let Some(tables) = tables() else {
        return;
    };
    let pos = position("8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1");
    let fresh = tables.probe_root(&pos, BY_DTZ).unwrap();
    let repeated = RootOptions {
        repeated: true,
        ..BY_DTZ
    };
    let again = tables.probe_root(&pos, repeated).unwrap();
    assert!(again.best().unwrap().rank < fresh.best().unwrap().rank);
    // Still a win, and still the fastest moves first.
    assert_eq!(again.wdl(), Some(Wdl::Win));
    assert_eq!(
        uci_moves(&pos, again.best_moves()),
        uci_moves(&pos, fresh.best_moves())
    );
}

#[test]
fn mate_counts_one_ply_and_a_claimable_draw_counts_none() {
    let Some(tables) = tables() else {
        return;
    };
    // 99 halfmoves gone: Rh8 mates; any other move lets black claim a draw.
    let pos = position("k7/8/1K6/8/8/8/8/7R w - - 99 80");
    let root = tables.probe_root(&pos, BY_DTZ).unwrap();
    let best = root.best_moves();
    assert_eq!(uci_moves(&pos, best), ["h1h8"]);
    assert_eq!(best[0].dtz, Some(Dtz(1)));
    assert_eq!(best[0].wdl, Wdl::Win);
    assert!(
        root.moves()[1..]
            .iter()
            .all(|rm| rm.dtz == Some(Dtz(0)) && rm.wdl == Wdl::Draw && rm.rank == 0)
    );
    // Without the 50-move rule the other moves keep their (slower) wins.
    let without = RootOptions {
        rule50: false,
        ..BY_DTZ
    };
    let root = tables.probe_root(&pos, without).unwrap();
    assert!(root.moves().iter().filter(|rm| rm.wdl == Wdl::Win).count() > 1);
}

#[test]
fn no_legal_move_no_root_moves() {
    let Some(tables) = tables() else {
        return;
    };
    for fen in [
        "k6R/8/1K6/8/8/8/8/8 b - - 3 80",  // checkmate
        "k7/2Q5/1K6/8/8/8/8/8 b - - 3 80", // stalemate
    ] {
        let root = tables.probe_root(&position(fen), BY_DTZ).unwrap();
        assert!(
            root.moves().is_empty() && root.best_moves().is_empty(),
            "{fen}"
        );
        assert_eq!(root.wdl(), None);
    }
}

/// Without DTZ tables, `probe_root` ranks by WDL: every move's result is the WDL of the
/// position it reaches, and the best moves are those of the best result, which include the
/// moves the DTZ ranking prefers.
#[test]
fn without_dtz_tables_root_probing_falls_back_on_wdl() {
    let Some(dir) = tables_dir() else {
        return;
    };
    let Some(all) = tables() else {
        return;
    };
    let scratch = TempDir::new("syzygy-wdl-only");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rtbw") {
            std::fs::copy(
                &path,
                scratch.join(path.file_name().unwrap().to_str().unwrap()),
            )
            .unwrap();
        }
    }
    let wdl_only = Tablebase::open(scratch.path()).unwrap();
    let (mut positions, mut fallbacks) = (0, 0);
    for line in data_lines("root.txt").iter().step_by(3).take(60) {
        let fen = line.split(';').next().unwrap();
        let pos = position(fen);
        let root = wdl_only.probe_root(&pos, BY_DTZ).unwrap();
        let with_dtz = all.probe_root(&pos, BY_DTZ).unwrap();
        positions += 1;
        if root.tables() == TableKind::Dtz {
            // No move needed a DTZ table (each zeroes, or reaches a draw or a position where a
            // capture decides): the ranking is the full one.
            assert_eq!(root, with_dtz, "{fen}");
            continue;
        }
        fallbacks += 1;
        for rm in root.moves() {
            assert_eq!(rm.dtz, None);
            let after = pos.after(rm.m);
            if after.halfmoves() < 100 {
                assert_eq!(
                    rm.wdl,
                    -wdl_only.probe_wdl(&after).unwrap(),
                    "{fen} {}",
                    rm.m
                );
            }
        }
        let best_wdl = root.moves().iter().map(|rm| rm.wdl).max().unwrap();
        assert!(root.best_moves().iter().all(|rm| rm.wdl == best_wdl));
        if pos.halfmoves() == 0 && best_wdl == Wdl::Win {
            let wdl_best = uci_moves(&pos, root.best_moves());
            for m in uci_moves(&pos, with_dtz.best_moves()) {
                assert!(wdl_best.contains(&m), "{fen}: {m} not in {wdl_best:?}");
            }
        }
    }
    assert!(fallbacks >= 30, "{fallbacks}");
    assert_eq!(positions, 60);
    // The DTZ variant reports the missing table.
    let pos = position("8/2K5/4B3/3N4/8/8/4k3/8 w - - 0 1");
    assert!(matches!(
        wdl_only.probe_root_dtz(&pos, BY_DTZ),
        Err(chess_syzygy::SyzygyError::MissingTable {
            kind: TableKind::Dtz,
            ..
        })
    ));
}
