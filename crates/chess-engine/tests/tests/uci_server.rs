//! The UCI server, driven in-process: scripted input, answers checked line by line.

use std::time::{Duration, Instant};

use chess_rules::Position;

use crate::support::{Session, bestmove, move_mates_within, position, run_script};

const SECOND: Duration = Duration::from_secs(1);

#[test]
fn handshake_lists_identity_and_options() {
    let lines = run_script("uci\nquit\n");
    assert!(lines[0].starts_with("id name chess-engine"));
    assert!(lines[1].starts_with("id author "));
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    for option in [
        "option name Hash type spin default 16 min 1 max",
        "option name Threads type spin default 1 min 1 max 256",
        "option name MultiPV type spin default 1 min 1 max",
        "option name Skill Level type spin default 20 min 0 max 20",
        "option name Move Overhead type spin default 30 min 0 max",
        "option name UCI_Chess960 type check default false",
        "option name Ponder type check default false",
        "option name Clear Hash type button",
        "option name OwnBook type check default false",
        "option name BookFile type string default <empty>",
    ] {
        assert!(
            lines.iter().any(|l| l.starts_with(option)),
            "{option}: {lines:#?}"
        );
    }
}

#[test]
fn searches_report_and_answer_with_a_legal_move() {
    let lines = run_script(
        "uci\nisready\nucinewgame\nposition startpos moves e2e4 e7e5 g1f3\ngo depth 6\n",
    );
    assert!(lines.contains(&"readyok".to_owned()));
    let pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 6, "{lines:#?}");
    for (i, info) in infos.iter().enumerate() {
        let tokens: Vec<&str> = info.split_whitespace().collect();
        assert_eq!(tokens[2], (i + 1).to_string());
        for field in [
            "seldepth", "multipv", "score", "nodes", "nps", "hashfull", "time", "pv",
        ] {
            assert!(tokens.contains(&field), "{field} missing in {info}");
        }
    }
    assert!(bestmove(&pos, &lines).is_some(), "{lines:#?}");
    let last = lines.last().expect("output");
    assert!(last.starts_with("bestmove "), "{last}");
    assert!(last.contains(" ponder "), "{last}");
}

#[test]
fn castling_is_read_both_ways_and_written_as_the_mode_wants() {
    let base = "position startpos moves e2e4 e7e5 g1f3 b8c6 f1c4 g8f6";
    let king_to = run_script(&format!("{base} e1g1\nd\n"));
    let king_takes_rook = run_script(&format!("{base} e1h1\nd\n"));
    assert_eq!(king_to, king_takes_rook);
    assert!(
        king_to[0].contains("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq"),
        "{king_to:?}"
    );

    // The same castling as the answer: e1g1 in standard chess, e1h1 in Chess960.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK2R w KQkq - 0 1";
    let standard = run_script(&format!(
        "position fen {fen}\ngo depth 2 searchmoves e1h1\n"
    ));
    assert!(
        standard
            .last()
            .is_some_and(|l| l.starts_with("bestmove e1g1")),
        "{standard:?}"
    );
    let chess960 = run_script(&format!(
        "setoption name UCI_Chess960 value true\nposition fen {fen}\ngo depth 2 searchmoves e1g1\n"
    ));
    assert!(
        chess960
            .last()
            .is_some_and(|l| l.starts_with("bestmove e1h1")),
        "{chess960:?}"
    );
}

#[test]
fn chess960_positions_with_shredder_castling() {
    let lines = run_script(
        "setoption name UCI_Chess960 value true\nposition fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\ngo depth 4\n",
    );
    let pos = position("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
    assert!(pos.is_chess960());
    assert!(bestmove(&pos, &lines).is_some(), "{lines:#?}");
}

#[test]
fn garbage_is_reported_and_ignored() {
    let lines = run_script(concat!(
        "\n",
        "   \t  \n",
        "hello world\n",
        "joho debug on\n",
        "setoption name Hash value lots\n",
        "setoption name Nonexistent value 3\n",
        "setoption name MultiPV value 100000\n",
        "setoption\n",
        "position fen not/a/fen w - - 0 1\n",
        "position\n",
        "position startpos moves e2e4 e7e5 e1e3 d2d4\n",
        "go depth x wtime -50 searchmoves a1a8 nodes\n",
        "go wtime 9223372036854775807 btime 9223372036854775807 winc 9223372036854775807 binc 9223372036854775807 movestogo 0 depth 2\n",
        "go movetime 99999999999999999999 nodes 18446744073709551615 mate -3 depth 1\n",
        "stop\n",
        "ponderhit\n",
        "register later\n",
        "setoption name Threads value many\n",
        "\u{fffd}\u{0}\n",
        "   isready   \n",
    ));
    assert_eq!(
        lines.last().map(String::as_str),
        Some("readyok"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string unknown command: hello world"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("invalid value for option Hash"))
    );
    assert!(
        lines
            .iter()
            .any(|l| l.contains("unknown option: Nonexistent"))
    );
    assert!(lines.iter().any(|l| l.contains("invalid fen")));
    assert!(lines.iter().any(|l| l.contains("ignoring moves from e1e3")));
    assert!(
        lines
            .iter()
            .any(|l| l.contains("invalid value for option Threads"))
    );
    // The search with broken parameters still answered, for the position up to e7e5.
    let pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    assert!(bestmove(&pos, &lines).is_some(), "{lines:#?}");
}

#[test]
fn extra_whitespace_and_tabs_are_fine() {
    let lines = run_script("  position   startpos\tmoves  e2e4   e7e5 \ngo\t depth   3  \n");
    let pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert!(bestmove(&pos, &lines).is_some(), "{lines:#?}");
}

#[test]
fn isready_is_answered_during_an_infinite_search_and_stop_answers_promptly() {
    let mut session = Session::start();
    session.send("position startpos");
    session.send("go infinite");
    session.send("isready");
    let before_ready = session.until("readyok", SECOND);
    assert!(!before_ready.iter().any(|l| l.starts_with("bestmove")));
    // An infinite search never answers on its own.
    let quiet = session.lines_within(Duration::from_millis(300));
    assert!(
        !quiet.iter().any(|l| l.starts_with("bestmove")),
        "{quiet:#?}"
    );
    let start = Instant::now();
    session.send("stop");
    let lines = session.until("bestmove", SECOND);
    assert!(
        start.elapsed() < Duration::from_millis(500),
        "{:?}",
        start.elapsed()
    );
    assert!(bestmove(&Position::standard(), &lines).is_some());
    session.send("quit");
    assert!(session.finish().is_empty());
}

#[test]
fn quit_and_end_of_input_during_a_search_still_answer() {
    let mut session = Session::start();
    session.send("go infinite");
    session.send("quit");
    let lines = session.until("bestmove", SECOND);
    assert!(bestmove(&Position::standard(), &lines).is_some());
    session.finish();

    // The GUI just goes away.
    let lines = run_script("position startpos\ngo infinite\n");
    assert!(
        bestmove(&Position::standard(), &lines).is_some(),
        "{lines:#?}"
    );
}

#[test]
fn pondering_waits_for_ponderhit() {
    let mut session = Session::start();
    session.send("position startpos moves e2e4 e7e5");
    session.send("go ponder wtime 2000 btime 2000 winc 0 binc 0");
    // However long the ponder search runs, no bestmove before the ponderhit.
    let quiet = session.lines_within(Duration::from_millis(300));
    assert!(
        !quiet.iter().any(|l| l.starts_with("bestmove")),
        "{quiet:#?}"
    );
    let start = Instant::now();
    session.send("ponderhit");
    // Now the clock runs: an answer well within the 2 s left.
    let lines = session.until("bestmove", Duration::from_secs(2));
    assert!(
        start.elapsed() < Duration::from_secs(1),
        "{:?}",
        start.elapsed()
    );
    let pos = position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
    assert!(bestmove(&pos, &lines).is_some());

    // A ponder search that is stopped (the opponent played another move) answers too.
    session.send("go ponder wtime 2000 btime 2000");
    session.send("stop");
    session.until("bestmove", SECOND);
    session.send("quit");
    session.finish();
}

#[test]
fn clock_searches_answer_in_time() {
    let mut session = Session::start();
    session.send("position startpos");
    let start = Instant::now();
    session.send("go wtime 300 btime 300 winc 0 binc 0");
    session.until("bestmove", SECOND);
    assert!(
        start.elapsed() < Duration::from_millis(300),
        "{:?}",
        start.elapsed()
    );
    let start = Instant::now();
    session.send("go movetime 150");
    session.until("bestmove", SECOND);
    let elapsed = start.elapsed();
    assert!(
        elapsed >= Duration::from_millis(140) && elapsed < Duration::from_millis(1000),
        "{elapsed:?}"
    );
    session.send("quit");
    session.finish();
}

#[test]
fn multipv_lines() {
    let lines = run_script("setoption name MultiPV value 3\nposition startpos\ngo depth 4\n");
    for depth in 1..=4 {
        for k in 1..=3 {
            let prefix = format!("info depth {depth} ");
            let marker = format!(" multipv {k} ");
            assert!(
                lines
                    .iter()
                    .any(|l| l.starts_with(&prefix) && l.contains(&marker)),
                "depth {depth} line {k}: {lines:#?}"
            );
        }
    }
}

#[test]
fn mate_search_and_game_over_positions() {
    let lines = run_script(
        "position fen r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1\ngo mate 2\n",
    );
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    assert!(last_info.contains("score mate 2"), "{last_info}");
    let pos = position("r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1");
    let m = bestmove(&pos, &lines).expect("a move");
    assert!(move_mates_within(&pos, m, 2), "{lines:#?}");

    let mated = run_script("position fen R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1\ngo depth 5\n");
    assert_eq!(mated, ["info depth 0 score mate 0", "bestmove (none)"]);
    let stalemate = run_script("position fen 7k/5Q2/8/8/8/8/8/6K1 b - - 0 1\ngo movetime 100\n");
    assert_eq!(stalemate, ["info depth 0 score cp 0", "bestmove (none)"]);
}

#[test]
fn options_take_effect() {
    // A tiny hash table, the weakest level, no overhead: still legal moves.
    let lines = run_script(concat!(
        "setoption name Hash value 1\n",
        "setoption name Skill Level value 0\n",
        "setoption name Move Overhead value 0\n",
        "setoption name Clear Hash\n",
        "setoption name Ponder value true\n",
        "isready\n",
        "position startpos moves d2d4\n",
        "go nodes 2000\n",
    ));
    assert!(lines.contains(&"readyok".to_owned()));
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:#?}"
    );
    let pos = position("rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1");
    assert!(bestmove(&pos, &lines).is_some(), "{lines:#?}");
}

#[test]
fn repetitions_of_the_game_are_seen() {
    // White is a queen up; after the kings shuffle back and forth, black's Ke8 would repeat
    // the starting position for the third time: black goes for the draw.
    let lines = run_script(
        "position fen 4k3/8/8/8/8/8/8/Q3K3 w - - 0 1 moves e1e2 e8e7 e2e1 e7e8 e1e2 e8e7 e2e1\ngo depth 6\n",
    );
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("info");
    // A draw by rule scores a centipawn either side of even (the search's draw jitter).
    assert!(
        ["score cp -1 ", "score cp 0 ", "score cp 1 "]
            .iter()
            .any(|s| last_info.contains(s)),
        "{last_info}"
    );
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove e7e8")),
        "{lines:#?}"
    );
}

#[test]
fn sessions_at_a_low_skill_level_play_differently() {
    // Each server seeds its random choices when it starts. At Skill Level 0 the first move is
    // one of about six, none chosen more than about a third of the time, so twelve sessions
    // agreeing by chance has a probability below one in a million; with a fixed seed they
    // always agree.
    let script = "setoption name Skill Level value 0\nposition startpos\ngo depth 5\n";
    let mut moves: Vec<String> = (0..12)
        .map(|_| {
            let lines = run_script(script);
            let m = bestmove(&Position::standard(), &lines).expect("a legal move");
            m.to_string()
        })
        .collect();
    moves.sort();
    moves.dedup();
    assert!(moves.len() >= 2, "{moves:?}");
}

#[test]
fn go_movetime_is_kept_and_caps_a_clock() {
    let mut session = Session::start();
    session.send("position startpos moves e2e4");
    let pos = position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let mut search = |go: &str| {
        let start = Instant::now();
        session.send(go);
        let lines = session.until("bestmove", 5 * SECOND);
        let elapsed = start.elapsed();
        assert!(bestmove(&pos, &lines).is_some(), "{go}: {lines:#?}");
        // The time of the last report, which comes from the search's own clock.
        let reported = lines
            .iter()
            .rev()
            .find_map(|l| {
                let mut tokens = l.split_whitespace().skip_while(|&t| t != "time");
                tokens.nth(1)?.parse::<u64>().ok()
            })
            .expect("info lines with a time");
        (elapsed, Duration::from_millis(reported))
    };
    // Slack for the nodes between two looks at the clock (an iteration may end just as the
    // time runs out) and for the thread's answer to arrive on a loaded machine.
    let slack = Duration::from_millis(20);

    // Alone, the whole move time is used (there is no clock to save it for), and no more.
    let movetime = Duration::from_millis(250);
    let (elapsed, reported) = search("go movetime 250");
    assert!(
        elapsed >= movetime - slack && elapsed < movetime + SECOND,
        "{elapsed:?}"
    );
    assert!(reported <= movetime + slack, "{reported:?}");

    // With a clock whose budget alone is about half a second (20 s / 35 moves, at least 60% of
    // that), the shorter move time is the limit; the clock's time management may still stop
    // earlier once the best move is settled.
    let movetime = Duration::from_millis(80);
    let (elapsed, reported) = search("go wtime 20000 btime 20000 movetime 80");
    assert!(elapsed < movetime + 10 * slack, "{elapsed:?}");
    assert!(reported <= movetime + slack, "{reported:?}");
    let (elapsed, _) = search("go wtime 20000 btime 20000");
    assert!(elapsed > 3 * movetime, "{elapsed:?}");

    session.send("quit");
    session.finish();
}

/// `OwnBook` and `BookFile`: book moves come from the book, drawn by weight; searches that wait
/// for `stop` and positions out of the book are searched; a bad file is reported.
#[test]
fn own_book_plays_book_moves() {
    let Some(book_path) = chess_testdata::file(chess_testdata::PERFORMANCE_BOOK) else {
        return;
    };
    let book = chess_notation::polyglot::Book::open(&book_path).expect("a book");
    let start = Position::standard();
    let in_book: Vec<_> = book.moves(&start).iter().map(|m| m.m).collect();
    assert!(in_book.len() > 1);

    let setup = format!(
        "uci\nsetoption name BookFile value {}\nsetoption name OwnBook value true\n",
        book_path.display()
    );
    let mut script = setup.clone();
    for _ in 0..20 {
        script.push_str("position startpos\ngo wtime 1000 btime 1000\n");
    }
    let lines = run_script(&script);
    let answers: Vec<_> = lines
        .iter()
        .filter(|l| l.starts_with("bestmove"))
        .map(|l| bestmove(&start, std::slice::from_ref(l)).expect("a legal move"))
        .collect();
    assert_eq!(answers.len(), 20);
    assert!(answers.iter().all(|m| in_book.contains(m)), "{lines:#?}");
    // Drawn by weight, not always the same.
    assert!(answers.iter().any(|&m| m != answers[0]), "{answers:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string book move ")),
        "{lines:#?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:#?}"
    );

    // Out of the book, and with OwnBook off, the engine searches.
    let out_of_book = format!(
        "{setup}position fen 8/8/8/4k3/8/8/4P3/4K3 w - - 0 1\ngo depth 3\n\
         setoption name OwnBook value false\nposition startpos\ngo depth 3\n"
    );
    let lines = run_script(&out_of_book);
    let searched = lines
        .iter()
        .filter(|l| l.starts_with("info depth 3"))
        .count();
    assert_eq!(searched, 2, "{lines:#?}");

    // A file that is not a book.
    let lines = run_script("setoption name BookFile value /nonexistent.bin\nquit\n");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string BookFile /nonexistent.bin: cannot read")),
        "{lines:#?}"
    );
}

/// Two threads (Lazy SMP) search together and answer as one.
#[test]
fn threads_search_together() {
    let lines = run_script(concat!(
        "setoption name Threads value 2\n",
        "position fen r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1\n",
        "go depth 8\n",
        "isready\n",
    ));
    let pos = position("r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1");
    assert_eq!(
        bestmove(&pos, &lines).map(|m| chess_notation::uci::format(&pos, m)),
        Some("d3h3".to_owned()),
        "{lines:#?}"
    );
    assert!(
        lines.iter().any(|l| l.contains(" score mate 2 ")),
        "{lines:#?}"
    );
}

/// `UseNNUE` and `EvalFile`: the classical evaluation and the network search differently, a
/// network read from a file evaluates as the built-in one it copies, and a file that is not a
/// network is reported.
#[test]
fn evaluation_options() {
    let handshake = run_script("uci\nquit\n");
    for option in [
        "option name UseNNUE type check default true",
        "option name EvalFile type string default <built-in>",
    ] {
        assert!(handshake.iter().any(|l| l == option), "{handshake:#?}");
    }
    let nodes = |setup: &str| -> String {
        let lines = run_script(&format!("uci\n{setup}position startpos\ngo depth 7\n"));
        let last_info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth 7"))
            .unwrap_or_else(|| panic!("{lines:#?}"));
        let tokens: Vec<&str> = last_info.split_whitespace().collect();
        let at = tokens.iter().position(|&t| t == "nodes").expect("nodes");
        tokens[at + 1].to_owned()
    };
    let network = nodes("setoption name UseNNUE value true\n");
    let classical = nodes("setoption name UseNNUE value false\n");
    assert_ne!(network, classical);

    let dir = chess_testdata::TempDir::new("evalfile");
    let copy = dir.write(
        "copy.nnue",
        chess_engine::nnue::Network::default_network().to_bytes(),
    );
    assert_eq!(
        nodes(&format!(
            "setoption name UseNNUE value true\nsetoption name EvalFile value {}\n",
            copy.display()
        )),
        network
    );

    let bad = dir.write("bad.nnue", b"not a network");
    let lines = run_script(&format!(
        "setoption name EvalFile value {}\nquit\n",
        bad.display()
    ));
    assert!(
        lines.iter().any(|l| l.starts_with(&format!(
            "info string EvalFile {}: not a network",
            bad.display()
        ))),
        "{lines:#?}"
    );
}

/// What it plays is what it shows (issue 37): at move times from 20 to 150 ms, where a search
/// often ends inside an iteration, the last `info` before each `bestmove` has the move first
/// in its pv. On one thread and on two, over 50 positions of random games (with no mate on
/// the board: a finished game has no move).
#[test]
fn the_last_info_before_bestmove_has_the_move_first() {
    use chess_notation::{Fen, uci};
    let mut positions = Vec::new();
    for seed in 0..10 {
        let game = chess_testdata::random_game(&Position::standard(), seed, 30);
        positions.extend(game.into_iter().step_by(6).filter(|p| p.has_legal_moves()));
    }
    positions.truncate(50);
    assert_eq!(positions.len(), 50);
    let mut session = Session::start();
    session.send("uci");
    session.until("uciok", 5 * SECOND);
    for (i, pos) in positions.iter().enumerate() {
        let threads = 1 + i % 2;
        let movetime = 20 + (i * 37) % 131;
        session.send(&format!("setoption name Threads value {threads}"));
        session.send(&format!("position fen {}", Fen::from_position(pos)));
        session.send(&format!("go movetime {movetime}"));
        let lines = session.until("bestmove", 20 * SECOND);
        let best = bestmove(pos, &lines).unwrap_or_else(|| panic!("{lines:#?}"));
        let last_info = lines
            .iter()
            .rev()
            .find(|l| l.starts_with("info depth") && l.contains(" pv "))
            .unwrap_or_else(|| panic!("no info line: {lines:#?}"));
        let first = last_info
            .split(" pv ")
            .nth(1)
            .and_then(|pv| pv.split_whitespace().next())
            .expect("a move after pv");
        assert_eq!(
            first,
            uci::format(pos, best),
            "{threads} threads, go movetime {movetime}, {}:\n{lines:#?}",
            Fen::from_position(pos)
        );
    }
    session.send("quit");
    session.finish();
}
