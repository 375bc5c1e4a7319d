//! The UCI client: against our own server in-process, against the `uci` example as a process,
//! against engines that misbehave, and against Stockfish when it is installed.

use std::io::{self, BufReader, Cursor};
use std::path::Path;
use std::thread;
use std::time::{Duration, Instant};

use chess_engine::uci::{Client, ClientError};
use chess_engine::{Clock, Limits, Score};
use chess_rules::{Game, Position};

use crate::support::{move_mates_within, mv, pipe, position, uci_example};

const STOCKFISH: &str = "/usr/games/stockfish";

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
    client
        .set_option("UCI_Chess960", Some("true"))
        .expect("option");
    client.new_game().expect("ready");
    // A few moves of a Chess960 game against itself, on a clock.
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
    assert!(matches!(
        silent,
        Err(ClientError::Timeout {
            expected: "uciok",
            ..
        })
    ));
    assert!(start.elapsed() < Duration::from_secs(2));

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
fn client_against_stockfish() {
    if !Path::new(STOCKFISH).exists() {
        eprintln!("skipped: {STOCKFISH} is not installed (apt-get install stockfish)");
        return;
    }
    let mut stockfish = Client::spawn(STOCKFISH, &[] as &[&str]).expect("stockfish starts");
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
