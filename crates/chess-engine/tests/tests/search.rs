//! The search through its public interface: reports, limits, draws.

use std::time::{Duration, Instant};

use chess_engine::{Clock, Control, Limits, Score, SearchInfo, Searcher};
use chess_rules::Position;

use crate::support::position;

#[test]
fn reports_grow_deeper_and_pvs_are_legal() {
    let pos = position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let mut infos: Vec<SearchInfo> = Vec::new();
    let result = Searcher::new().search(&pos, &[], &Limits::depth(9), &Control::new(), |i| {
        infos.push(i.clone());
    });
    assert_eq!(infos.len(), 9);
    for (i, info) in infos.iter().enumerate() {
        assert_eq!(info.depth as usize, i + 1);
        assert!(info.seldepth >= info.depth);
        assert!(info.hashfull <= 1000);
        let mut p = pos.clone();
        for &m in &info.pv {
            assert!(p.is_legal(m));
            p = p.after(m);
        }
    }
    assert!(
        infos
            .windows(2)
            .all(|w| w[0].nodes <= w[1].nodes && w[0].time <= w[1].time)
    );
    assert_eq!(result.pv.first(), result.best_move.as_ref());
    assert_eq!(result.nodes, infos[8].nodes);
    assert!(matches!(result.score, Score::Cp(cp) if cp.abs() < 150));
}

#[test]
fn movetime_is_kept() {
    let start = Instant::now();
    let result = Searcher::new().search(
        &Position::standard(),
        &[],
        &Limits::movetime(Duration::from_millis(200)),
        &Control::new(),
        |_| {},
    );
    let elapsed = start.elapsed();
    assert!(result.best_move.is_some());
    // The whole budget is used (no clock to save it for), and not much more.
    assert!(elapsed >= Duration::from_millis(190), "{elapsed:?}");
    assert!(elapsed < Duration::from_millis(1000), "{elapsed:?}");
}

#[test]
fn stop_from_another_thread() {
    let control = Control::new();
    let remote = control.clone();
    let searcher = std::thread::spawn(move || {
        Searcher::new().search(
            &Position::standard(),
            &[],
            &Limits::infinite(),
            &control,
            |_| {},
        )
    });
    std::thread::sleep(Duration::from_millis(100));
    let stopped_at = Instant::now();
    remote.stop();
    let result = searcher.join().expect("search thread");
    // The flag is read every thousand nodes or so: a millisecond or two, far below this bound.
    assert!(stopped_at.elapsed() < Duration::from_millis(500));
    assert!(result.best_move.is_some() && result.depth >= 1);
}

#[test]
fn fifty_move_rule_and_bare_kings_are_draws() {
    // White is a rook up, but the 50-move rule ends the game at the next reversible move:
    // without a capture or pawn move available, the score is a draw.
    let pos = position("8/8/4k3/8/8/8/8/R3K3 w - - 99 80");
    let result = Searcher::new().search(&pos, &[], &Limits::depth(6), &Control::new(), |_| {});
    // A draw by rule scores a centipawn either side of even (the search's draw jitter).
    assert!(
        matches!(result.score, Score::Cp(-1..=1)),
        "{:?}",
        result.score
    );
    // The same with time to spare: winning.
    let fresh = position("8/8/4k3/8/8/8/8/R3K3 w - - 0 80");
    let result = Searcher::new().search(&fresh, &[], &Limits::depth(6), &Control::new(), |_| {});
    assert!(result.score > Score::Cp(300), "{:?}", result.score);
    // A lone knight cannot mate: a draw, not a piece down.
    let pos = position("8/8/6k1/3n4/2K5/8/8/8 w - - 0 1");
    let result = Searcher::new().search(&pos, &[], &Limits::depth(4), &Control::new(), |_| {});
    assert!(matches!(result.score, Score::Cp(cp) if cp.abs() < 50));
}

#[test]
fn a_clock_with_little_time_left_still_gets_a_move() {
    let pos = position("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
    let clock = Clock::new(Duration::from_millis(5), Duration::ZERO);
    let mut searcher = Searcher::new();
    let start = Instant::now();
    let result = searcher.search(&pos, &[], &Limits::clock(clock), &Control::new(), |_| {});
    assert!(result.best_move.is_some());
    // Only the first iteration, which takes microseconds; the bound leaves room for a loaded
    // machine.
    assert_eq!(result.depth, 1);
    assert!(
        start.elapsed() < Duration::from_millis(200),
        "{:?}",
        start.elapsed()
    );
}
