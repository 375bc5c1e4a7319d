//! The UCI client: against our own server in-process, against the `uci` example as a process,
//! against scripted engines (some misbehaving), and against Stockfish (skipped when it is not
//! installed, unless `CHESS_REQUIRE_TEST_TOOLS=1`).

use std::io::{self, BufReader, Cursor};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use chess_engine::uci::{Client, ClientError, Direction};
use chess_engine::{Clock, Limits, Score};
use chess_notation::Fen;
use chess_rules::{Game, Position};

use crate::support::{move_mates_within, mv, pipe, position, uci_example};

/// A Chess960 position (king on d1, rooks on b1 and h1) where both sides can castle both ways.
/// Castling long moves the king d1-c1 and the rook b1-d1: in Chess960 notation `d1b1`, while
/// `d1c1` is the king's plain step, so a client and an engine that disagree on the mode
/// misread each other.
const CASTLING_960: &str = "1r1k3r/pppppppp/8/8/8/8/PPPPPPPP/1R1K3R w KQkq - 0 1";

/// The lines the client sends, recorded from the moment this is called.
fn record_sent(client: &mut Client) -> Arc<Mutex<Vec<String>>> {
    let sent = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&sent);
    client.on_traffic(move |direction, line| {
        if direction == Direction::ToEngine {
            log.lock().expect("not poisoned").push(line.to_owned());
        }
    });
    sent
}

/// A client talking to our server on a thread, through in-memory pipes.
fn in_process() -> (Client, thread::JoinHandle<io::Result<()>>) {
    let (server_in, client_out) = pipe();
    let (client_in, server_out) = pipe();
    let server =
        thread::spawn(move || chess_engine::uci::run(BufReader::new(server_in), server_out));
    let client = Client::from_streams(client_in, client_out).expect("handshake");
    (client, server)
}

#[test]
fn client_and_server_in_process() {
    let (mut client, server) = in_process();
    assert!(client.name().is_some_and(|n| n.starts_with("chess-engine")));
    assert!(client.author().is_some());
    let hash = client.option("hash").expect("Hash option");
    assert_eq!((hash.kind.as_str(), hash.min), ("spin", Some(1)));
    assert_eq!(client.option("Skill Level").map(|o| o.max), Some(Some(20)));
    client.set_option("Hash", Some("8")).expect("known option");
    assert!(matches!(
        client.set_option("Contempt", Some("0")),
        Err(ClientError::UnknownOption(_))
    ));
    client.new_game().expect("ready");

    let start = Position::standard();
    let moves = [mv(&start, "e2e4")];
    client.set_position(&start, &moves).expect("sent");
    let mut seen = 0;
    let answer = client
        .go(&Limits::depth(5), |_| seen += 1)
        .expect("bestmove");
    assert_eq!(seen, 5);
    assert_eq!(answer.infos.len(), 5);
    let last = answer.infos.last().expect("infos");
    assert_eq!(last.depth, Some(5));
    assert!(matches!(last.score, Some(Score::Cp(_))));
    assert!(last.nodes.is_some() && last.time.is_some() && !last.pv.is_empty());
    let after = start.after(moves[0]);
    let best = answer.best.expect("a move");
    assert!(after.is_legal(best));
    assert!(answer.ponder.is_some_and(|p| after.after(best).is_legal(p)));

    // Infinite analysis: start, stop, wait.
    client.start(&Limits::infinite()).expect("sent");
    thread::sleep(Duration::from_millis(50));
    client.stop().expect("sent");
    let answer = client
        .wait(Duration::from_secs(2), |_| {})
        .expect("bestmove after stop");
    assert!(answer.best.is_some());

    client.quit().expect("quit");
    server
        .join()
        .expect("server thread")
        .expect("server ends cleanly");
}

#[test]
fn client_reads_mates_and_game_ends() {
    let (mut client, _server) = in_process();
    let pos = position("r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1");
    client.set_position(&pos, &[]).expect("sent");
    let answer = client.go(&Limits::mate(2), |_| {}).expect("bestmove");
    assert_eq!(
        answer.infos.last().and_then(|i| i.score),
        Some(Score::Mate(2))
    );
    assert!(move_mates_within(&pos, answer.best.expect("a move"), 2));

    let mated = position("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1");
    client.set_position(&mated, &[]).expect("sent");
    let answer = client.go(&Limits::depth(3), |_| {}).expect("bestmove");
    assert_eq!(answer.best, None);
    client.quit().expect("quit");
}

#[test]
fn client_drives_the_example_binary() {
    let binary = uci_example();
    let mut client = Client::spawn(&binary, &[] as &[&str]).expect("engine starts");
    assert!(client.name().is_some_and(|n| n.starts_with("chess-engine")));
    client.new_game().expect("ready");
    // A few moves of a Chess960 game against itself, on a clock (the client turns the
    // engine's UCI_Chess960 on).
    let mut game = Game::new(Position::chess960(100).expect("n < 960"));
    for _ in 0..6 {
        let start = game.initial_position().clone();
        client.set_position(&start, game.moves()).expect("sent");
        let clock = Clock::new(Duration::from_millis(2000), Duration::from_millis(20));
        let answer = client.go(&Limits::clock(clock), |_| {}).expect("bestmove");
        game.play(answer.best.expect("a move")).expect("legal");
    }
    client.quit().expect("the engine exits");
}

#[test]
fn client_reports_missing_and_misbehaving_engines() {
    let missing = Client::spawn("/nonexistent/engine", &[] as &[&str]);
    assert!(matches!(missing, Err(ClientError::Spawn(_))));

    // An engine that exits at once.
    let gone = Client::from_streams(Cursor::new(Vec::new()), io::sink());
    assert!(matches!(
        gone,
        Err(ClientError::Disconnected { expected: "uciok" })
    ));

    // An engine that never answers.
    let (silent_out, _keep_open) = pipe();
    let start = Instant::now();
    let silent =
        Client::from_streams_with_timeout(silent_out, io::sink(), Duration::from_millis(200));
    let Err(error) = silent else {
        panic!("a silent engine passed the handshake");
    };
    assert!(matches!(error, ClientError::NotUci { .. }), "{error}");
    assert_eq!(
        error.to_string(),
        "the engine did not answer uci with uciok within 200 ms and said nothing; is it a UCI \
         engine?"
    );
    assert!(start.elapsed() < Duration::from_secs(2));

    // An XBoard engine (fairymax, gnuchess) answers `uci` with an error: said so at once,
    // without waiting out the timeout.
    let (xboard_out, mut xboard_in) = pipe();
    std::io::Write::write_all(
        &mut xboard_in,
        b"tellics say     Fairy-Max 5.0b\nError (unknown command): uci\n",
    )
    .unwrap();
    let start = Instant::now();
    let xboard = Client::from_streams_with_timeout(xboard_out, io::sink(), Duration::from_secs(60));
    let Err(error) = xboard else {
        panic!("an XBoard engine passed the handshake");
    };
    assert!(start.elapsed() < Duration::from_secs(30));
    assert_eq!(
        error.to_string(),
        "the engine does not speak UCI: it answered uci with \"Error (unknown command): uci\", \
         as XBoard engines do; use a UCI engine (or an XBoard-to-UCI adapter)"
    );
    // One that says something else and then nothing: what it said, and the wait in seconds.
    let (odd_out, mut odd_in) = pipe();
    std::io::Write::write_all(&mut odd_in, b"hello\n").unwrap();
    let odd = Client::from_streams_with_timeout(odd_out, io::sink(), Duration::from_millis(1500));
    let Err(error) = odd else {
        panic!("an engine that only greets passed the handshake");
    };
    assert_eq!(
        error.to_string(),
        "the engine did not answer uci with uciok within 1.5 s (it said \"hello\"); is it a UCI \
         engine?"
    );

    // An engine that plays an illegal move.
    let script = "id name Liar\nuciok\nbestmove e2e5\n";
    let mut liar = Client::from_streams(Cursor::new(script), io::sink()).expect("handshake");
    assert_eq!(liar.name(), Some("Liar"));
    liar.set_position(&Position::standard(), &[]).expect("sent");
    let answer = liar.go(&Limits::depth(1), |_| {});
    assert!(
        matches!(answer, Err(ClientError::IllegalMove { .. })),
        "{answer:?}"
    );
    // And then falls silent for good.
    let answer = liar.go(&Limits::movetime(Duration::from_millis(1)), |_| {});
    assert!(
        matches!(answer, Err(ClientError::Disconnected { .. })),
        "{answer:?}"
    );
}

#[test]
fn client_sets_uci_chess960_to_match_the_position() {
    let script = "id name Fake960\n\
                  option name UCI_Chess960 type check default false\n\
                  uciok\n\
                  bestmove d1b1 ponder d8b8\n\
                  bestmove e1g1\n\
                  readyok\n";
    let mut client = Client::from_streams(Cursor::new(script), io::sink()).expect("handshake");
    let sent = record_sent(&mut client);
    let chess960 = position(CASTLING_960);
    assert!(chess960.is_chess960());
    let standard = position("r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1");
    assert!(!standard.is_chess960());

    // Chess960: the option goes on before the position, and the engine's king-takes-rook
    // castling comes back as castling, not as the king's step to c1.
    client.set_position(&chess960, &[]).expect("sent");
    let answer = client.go(&Limits::depth(1), |_| {}).expect("bestmove");
    let castle = answer.best.expect("a move");
    assert!(castle.is_castle(), "{castle:?}");
    assert_ne!(Some(castle), Some(mv(&chess960, "d1c1")));
    let after = chess960.after(castle);
    assert!(
        answer
            .ponder
            .is_some_and(|p| p.is_castle() && after.is_legal(p))
    );
    // The same mode again: no second setoption.
    client.set_position(&chess960, &[castle]).expect("sent");
    // Back to standard chess: the option goes off.
    client.set_position(&standard, &[]).expect("sent");
    let answer = client.go(&Limits::depth(1), |_| {}).expect("bestmove");
    assert!(answer.best.is_some_and(|m| m.is_castle()));
    // Set by hand, the option is not sent again by set_position.
    client
        .set_option("uci_chess960", Some("true"))
        .expect("option");
    client.set_position(&chess960, &[]).expect("sent");

    let fen960 = Fen::from_position(&chess960).to_string();
    let fen = Fen::from_position(&standard).to_string();
    assert_eq!(
        *sent.lock().expect("not poisoned"),
        [
            "setoption name UCI_Chess960 value true".to_owned(),
            format!("position fen {fen960}"),
            "go depth 1".to_owned(),
            format!("position fen {fen960} moves d1b1"),
            "setoption name UCI_Chess960 value false".to_owned(),
            format!("position fen {fen}"),
            "go depth 1".to_owned(),
            "setoption name UCI_Chess960 value true".to_owned(),
            "isready".to_owned(),
            format!("position fen {fen960}"),
        ]
    );

    // An engine without the option gets the position alone.
    let script = "id name Plain\nuciok\n";
    let mut plain = Client::from_streams(Cursor::new(script), io::sink()).expect("handshake");
    let sent = record_sent(&mut plain);
    plain.set_position(&chess960, &[]).expect("sent");
    assert_eq!(
        *sent.lock().expect("not poisoned"),
        [format!("position fen {fen960}")]
    );
}

#[test]
fn client_against_stockfish() {
    let Some(path) = chess_testdata::stockfish_or_skip() else {
        return;
    };
    let mut stockfish = Client::spawn(&path, &[] as &[&str]).expect("stockfish starts");
    assert!(
        stockfish.name().is_some_and(|n| n.contains("Stockfish")),
        "{:?}",
        stockfish.name()
    );
    stockfish.set_option("Hash", Some("16")).expect("option");
    stockfish
        .set_option("UCI_LimitStrength", Some("true"))
        .expect("option");
    stockfish
        .set_option("UCI_Elo", Some("1500"))
        .expect("option");
    stockfish.new_game().expect("ready");

    // Mate in two: Stockfish agrees on the score, and its move mates.
    let pos = position("r1bq4/pppn2R1/3p1n2/4P2p/3P2pk/3Q4/PPP3P1/R6K w - - 0 1");
    stockfish
        .set_option("UCI_LimitStrength", Some("false"))
        .expect("option");
    stockfish.set_position(&pos, &[]).expect("sent");
    let answer = stockfish.go(&Limits::depth(8), |_| {}).expect("bestmove");
    assert_eq!(
        answer.infos.iter().rev().find_map(|i| i.score),
        Some(Score::Mate(2))
    );
    assert!(move_mates_within(&pos, answer.best.expect("a move"), 2));

    // A few moves of a game: our engine in-process against Stockfish.
    let mut ours = chess_engine::Searcher::with_hash(8);
    let mut game = Game::standard();
    let mut history = Vec::new();
    for ply in 0..8 {
        let current = game.position().clone();
        let m = if ply % 2 == 0 {
            ours.search(
                &current,
                &history,
                &Limits::depth(5),
                &chess_engine::Control::new(),
                |_| {},
            )
            .best_move
        } else {
            stockfish
                .set_position(&Position::standard(), game.moves())
                .expect("sent");
            stockfish
                .go(&Limits::movetime(Duration::from_millis(20)), |_| {})
                .expect("bestmove")
                .best
        };
        history.push(current.zobrist_hash());
        game.play(m.expect("a move")).expect("legal");
    }
    stockfish.quit().expect("stockfish exits");
}

#[test]
fn client_plays_chess960_castling_with_stockfish() {
    let Some(path) = chess_testdata::stockfish_or_skip() else {
        return;
    };
    let mut stockfish = Client::spawn(&path, &[] as &[&str]).expect("stockfish starts");
    let sent = record_sent(&mut stockfish);
    stockfish.set_option("Hash", Some("16")).expect("option");
    stockfish.new_game().expect("ready");
    let start = position(CASTLING_960);
    let long = mv(&start, "d1b1");
    let step = mv(&start, "d1c1");
    assert!(long.is_castle() && !step.is_castle());

    // Restricted to castling long, Stockfish must play it, written so that we read it back as
    // the castling (it would not recognise the move at all in standard mode).
    stockfish.set_position(&start, &[]).expect("sent");
    let only_castling = Limits {
        search_moves: vec![long],
        ..Limits::depth(6)
    };
    let answer = stockfish.go(&only_castling, |_| {}).expect("bestmove");
    assert_eq!(answer.best, Some(long), "{answer:?}");

    // After the castling in the move list, Stockfish answers for Black in the same position we
    // have (a misread castling would leave White to move there, or a different board).
    let mut game = Game::new(start.clone());
    game.play(long).expect("legal");
    for _ in 0..4 {
        stockfish.set_position(&start, game.moves()).expect("sent");
        let answer = stockfish
            .go(&Limits::depth(6), |_| {})
            .expect("a legal bestmove");
        game.play(answer.best.expect("a move")).expect("legal");
    }

    // Back to standard chess: castling short written e1g1 again, and read back.
    let standard = position("r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    let short = mv(&standard, "e1g1");
    assert!(short.is_castle());
    stockfish.set_position(&standard, &[]).expect("sent");
    let answer = stockfish
        .go(
            &Limits {
                search_moves: vec![short],
                ..Limits::depth(6)
            },
            |_| {},
        )
        .expect("bestmove");
    assert_eq!(answer.best, Some(short), "{answer:?}");
    stockfish.quit().expect("stockfish exits");

    let sent = sent.lock().expect("not poisoned");
    let switches: Vec<&String> = sent
        .iter()
        .filter(|l| l.starts_with("setoption name UCI_Chess960"))
        .collect();
    assert_eq!(
        switches,
        [
            "setoption name UCI_Chess960 value true",
            "setoption name UCI_Chess960 value false"
        ],
        "{sent:#?}"
    );
}

/// The leaf counts of the standard suite's positions at the largest depth under 100 000
/// nodes, and of a Chess960 position where both sides castle both ways.
fn perft_cases() -> Vec<(Position, u32, Option<u64>)> {
    let mut cases: Vec<_> = chess_testdata::perft::standard()
        .iter()
        .map(|record| {
            let (depth, nodes) = record
                .counts
                .iter()
                .copied()
                .rfind(|&(_, n)| n < 100_000)
                .expect("a small count");
            (position(&record.fen), depth, Some(nodes))
        })
        .collect();
    cases.push((position(CASTLING_960), 3, None));
    cases
}

#[test]
fn go_perft_answers_in_the_divide_format() {
    let (mut client, server) = in_process();
    for (pos, depth, nodes) in perft_cases() {
        client.set_position(&pos, &[]).expect("sent");
        let divide = client.perft(depth).expect("perft answer");
        assert_eq!(divide, chess_engine::uci::Divide::of(&pos, depth));
        assert_eq!(divide.moves.len(), pos.legal_moves().len());
        if let Some(nodes) = nodes {
            assert_eq!(divide.nodes, nodes, "{}", Fen::from_position(&pos));
        }
        let sum: u64 = divide.moves.iter().map(|(_, n)| n).sum();
        assert_eq!(sum, divide.nodes);
    }
    // A bad depth is reported, and the server goes on.
    client.send("go perft x").expect("sent");
    client
        .set_position(&Position::standard(), &[])
        .expect("sent");
    assert_eq!(client.perft(1).expect("perft answer").nodes, 20);
    client.quit().expect("quits");
    server.join().expect("no panic").expect("no I/O error");
}

#[test]
fn go_perft_agrees_with_stockfish() {
    let Some(path) = chess_testdata::stockfish_or_skip() else {
        return;
    };
    let mut stockfish = Client::spawn(&path, &[] as &[&str]).expect("stockfish starts");
    let (mut ours, server) = in_process();
    for (pos, depth, _) in perft_cases() {
        let mut answers = [&mut stockfish, &mut ours].map(|client| {
            client.set_position(&pos, &[]).expect("sent");
            let mut divide = client.perft(depth).expect("perft answer");
            divide.moves.sort();
            divide
        });
        // Same moves (Chess960 castling written king-takes-rook by both), same counts.
        let [theirs, ours] = &mut answers;
        assert_eq!(theirs, ours, "{} depth {depth}", Fen::from_position(&pos));
    }
    stockfish.quit().expect("stockfish exits");
    ours.quit().expect("quits");
    server.join().expect("no panic").expect("no I/O error");
}
