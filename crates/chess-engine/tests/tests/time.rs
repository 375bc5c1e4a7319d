//! Time management: a whole game at 1 s + 0.01 s per move, through the UCI server, on a clock
//! that charges the real time from `go` to `bestmove`.

use std::time::{Duration, Instant};

use chess_core::Color;
use chess_notation::uci;
use chess_rules::Game;

use crate::support::{Session, bestmove};

#[test]
fn never_loses_on_time_at_one_second_plus_ten_milliseconds() {
    let increment = Duration::from_millis(10);
    // Remaining time in microseconds, signed so that a flag fall shows as a negative number.
    let mut clocks = [1_000_000i64, 1_000_000i64];
    let mut session = Session::start();
    session.send("uci");
    session.until("uciok", Duration::from_secs(5));
    session.send("ucinewgame");
    session.send("isready");
    session.until("readyok", Duration::from_secs(5));

    let mut game = Game::standard();
    let mut moves = Vec::new();
    let mut slowest = Duration::ZERO;
    let mut lowest = i64::MAX;
    // Long enough for the clocks to reach their steady state, short enough for the suite.
    while game.outcome().is_none() && game.claimable_draws().is_empty() && moves.len() < 160 {
        let pos = game.position().clone();
        let side = usize::from(pos.turn() == Color::Black);
        let ms = |us: i64| us / 1000;
        session.send(&format!("position startpos moves {}", moves.join(" ")));
        let go = format!(
            "go wtime {} btime {} winc 10 binc 10",
            ms(clocks[0]),
            ms(clocks[1])
        );
        let start = Instant::now();
        session.send(&go);
        let lines = session.until("bestmove", Duration::from_secs(5));
        let elapsed = start.elapsed();
        slowest = slowest.max(elapsed);
        clocks[side] -= elapsed.as_micros() as i64;
        lowest = lowest.min(clocks[side]);
        assert!(
            clocks[side] > 0,
            "flagged after {} moves: {elapsed:?} with {go}",
            moves.len()
        );
        clocks[side] += increment.as_micros() as i64;
        let m = bestmove(&pos, &lines).expect("a legal bestmove");
        moves.push(uci::format(&pos, m));
        game.play(m).expect("legal");
    }
    session.send("quit");
    session.finish();
    eprintln!(
        "{} plies; slowest move {slowest:?}; lowest clock {:.1} ms; left {:.0} ms / {:.0} ms",
        moves.len(),
        lowest as f64 / 1000.0,
        clocks[0] as f64 / 1000.0,
        clocks[1] as f64 / 1000.0
    );
    assert!(moves.len() >= 40 || game.outcome().is_some(), "{moves:?}");
    // Time was used, not hoarded: the engine thinks for a noticeable share of the budget.
    assert!(slowest > Duration::from_millis(10), "{slowest:?}");
}
