//! Strength levels: weaker levels vary their moves, full strength beats them.

use chess_engine::{Control, Level, Limits, Searcher};
use chess_rules::{Game, Position};

use crate::support::position;

#[test]
fn every_level_plays_legal_moves_quickly() {
    let pos = position("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4");
    for n in 1..=9 {
        let level = Level::new(n).expect("1..=9");
        let mut searcher = Searcher::with_hash(4);
        searcher.set_level(level);
        let result = searcher.search(&pos, &[], &Limits::default(), &Control::new(), |_| {});
        let m = result.best_move.expect("a move");
        assert!(pos.is_legal(m));
        // Levels below 10 are bounded without any limit given.
        assert!(result.depth <= 14, "level {n}: depth {}", result.depth);
    }
}

#[test]
fn weak_levels_vary_and_full_strength_does_not() {
    let pos = Position::standard();
    let moves_with = |level: Level, seeds: std::ops::Range<u64>| {
        let mut moves: Vec<String> = seeds
            .map(|seed| {
                let mut searcher = Searcher::with_hash(1);
                searcher.set_level(level);
                searcher.set_seed(seed);
                let limits = Limits::depth(4);
                let m = searcher
                    .search(&pos, &[], &limits, &Control::new(), |_| {})
                    .best_move
                    .expect("a move");
                m.to_string()
            })
            .collect();
        moves.sort();
        moves.dedup();
        moves
    };
    assert!(moves_with(Level::MIN, 0..20).len() >= 3);
    assert_eq!(moves_with(Level::MAX, 0..5).len(), 1);
    // The same seed replays the same choice.
    assert_eq!(moves_with(Level::MIN, 7..8), moves_with(Level::MIN, 7..8));
}

#[test]
fn a_weak_level_never_throws_away_a_mate_it_sees() {
    let pos = position("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1");
    for seed in 0..10 {
        let mut searcher = Searcher::with_hash(1);
        searcher.set_level(Level::new(2).expect("valid"));
        searcher.set_seed(seed);
        let result = searcher.search(&pos, &[], &Limits::default(), &Control::new(), |_| {});
        assert_eq!(
            result.best_move.map(|m| m.to_string()).as_deref(),
            Some("a1a8")
        );
    }
}

/// Plays a game; returns 1 if `strong` wins, 0.5 for a draw, 0 for a loss.
fn play(strong: &mut Searcher, weak: &mut Searcher, strong_is_white: bool) -> f64 {
    let mut game = Game::standard();
    let mut history = Vec::new();
    for _ in 0..300 {
        if let Some(outcome) = game.outcome() {
            return match outcome.winner() {
                Some(color) if color.is_white() == strong_is_white => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
        }
        if !game.claimable_draws().is_empty() {
            return 0.5;
        }
        let pos = game.position().clone();
        let strong_to_move = pos.turn().is_white() == strong_is_white;
        let searcher = if strong_to_move {
            &mut *strong
        } else {
            &mut *weak
        };
        let limits = Limits::depth(if strong_to_move { 4 } else { 2 });
        let m = searcher
            .search(&pos, &history, &limits, &Control::new(), |_| {})
            .best_move
            .expect("game not over");
        history.push(pos.zobrist_hash());
        game.play(m).expect("legal move");
    }
    0.5
}

#[test]
fn full_strength_beats_the_weakest_level() {
    // Depth limits only: the games are the same on every run.
    let mut score = 0.0;
    for strong_is_white in [true, false] {
        let mut strong = Searcher::with_hash(4);
        let mut weak = Searcher::with_hash(4);
        weak.set_level(Level::MIN);
        weak.set_seed(42);
        score += play(&mut strong, &mut weak, strong_is_white);
    }
    assert_eq!(score, 2.0);
}
