//! Time management: a whole game at 1 s + 0.01 s per move, through the UCI server, on a clock
//! that charges the real time from `go` to `bestmove`.
//!
//! The game starts at the odds of pawn and move (Black without the f-pawn), so that it is
//! usually decided over the board and lasts long enough for the clocks to live on the increment:
//! from the standard position the engine, playing itself, often repeats moves within 30 plies.
//! It runs to its end (checkmate, stalemate, a draw by rule) or is adjudicated a draw at
//! [`ADJUDICATE_AT`] plies; either way the clocks spend at most 2 × (1 s + plies/2 × 10 ms),
//! about 6 s at the cap.

use std::time::{Duration, Instant};

use chess_core::Color;
use chess_notation::uci;
use chess_rules::Game;

use crate::support::{Session, bestmove, position};

/// Pawn and move: the classic handicap, Black without the f-pawn.
const START: &str = "rnbqkbnr/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

/// Plies after which an unfinished game is called a draw: by then the clocks have long lived on
/// the increment, the regime where a flag would fall.
const ADJUDICATE_AT: usize = 400;

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

    let mut game = Game::new(position(START));
    let mut moves = Vec::new();
    let mut slowest = Duration::ZERO;
    let mut lowest = i64::MAX;
    while game.outcome().is_none()
        && game.claimable_draws().is_empty()
        && moves.len() < ADJUDICATE_AT
    {
        let pos = game.position().clone();
        let side = usize::from(pos.turn() == Color::Black);
        let ms = |us: i64| us / 1000;
        session.send(&format!("position fen {START} moves {}", moves.join(" ")));
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
    let end = match (game.outcome(), game.claimable_draws().first()) {
        (Some(outcome), _) => format!("{outcome:?}"),
        (None, Some(claim)) => format!("draw claimable: {claim:?}"),
        (None, None) => format!("adjudicated a draw at {ADJUDICATE_AT} plies"),
    };
    eprintln!(
        "{} plies, {end}; slowest move {slowest:?}; lowest clock {:.1} ms; left {:.0} ms / {:.0} ms",
        moves.len(),
        lowest as f64 / 1000.0,
        clocks[0] as f64 / 1000.0,
        clocks[1] as f64 / 1000.0
    );
    // Time was used, not hoarded: the engine thinks for a noticeable share of the budget.
    assert!(slowest > Duration::from_millis(10), "{slowest:?}");
}
