//! Random games and positions, for tests that check a property on many positions (with the
//! `rules` feature).
//!
//! Reproducible: the same seed gives the same games. Moves are drawn uniformly among the legal
//! ones, so games reach odd positions (promotions, en passant, castling in Chess960, bare
//! kings) that real games seldom do.

use chess_rules::{Move, Position};

use crate::Rng;

/// The moves of a random game from `start`: `plies` legal moves drawn uniformly with
/// [`Rng::new`]`(seed)`, fewer if the game ends (no legal move) before.
///
/// ```
/// use chess_rules::Position;
///
/// let start = Position::standard();
/// let moves = chess_testdata::random_moves(&start, 7, 40);
/// assert_eq!(moves, chess_testdata::random_moves(&start, 7, 40));
/// let mut pos = start.clone();
/// for m in moves {
///     assert!(pos.legal_moves().contains(&m));
///     pos.play_unchecked(m);
/// }
/// ```
#[must_use]
pub fn random_moves(start: &Position, seed: u64, plies: usize) -> Vec<Move> {
    play(start, &mut Rng::new(seed), plies)
        .into_iter()
        .map(|(_, m)| m)
        .collect()
}

/// The positions of the random game of [`random_moves`]: `start` and the position after each
/// move (so one more position than moves).
///
/// ```
/// use chess_rules::Position;
///
/// let start = Position::standard();
/// let game = chess_testdata::random_game(&start, 7, 40);
/// assert_eq!(game[0], start);
/// assert_eq!(game.len(), 1 + chess_testdata::random_moves(&start, 7, 40).len());
/// ```
#[must_use]
pub fn random_game(start: &Position, seed: u64, plies: usize) -> Vec<Position> {
    let mut positions = vec![start.clone()];
    positions.extend(
        play(start, &mut Rng::new(seed), plies)
            .into_iter()
            .map(|(p, _)| p),
    );
    positions
}

/// Every position of `games` random games of up to `plies` moves each (see [`random_game`]),
/// alternately from the standard start and from a random Chess960 start, all drawn from one
/// [`Rng::new`]`(seed)`.
///
/// ```
/// let positions = chess_testdata::random_positions(1, 10, 30);
/// assert!(positions.len() > 100 && positions.len() <= 10 * 31);
/// assert!(positions.iter().any(|p| p.castling_mode() == chess_rules::CastlingMode::Chess960));
/// ```
#[must_use]
pub fn random_positions(seed: u64, games: usize, plies: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut positions = Vec::new();
    for game in 0..games {
        let start = if game % 2 == 0 {
            Position::standard()
        } else {
            let n = u32::try_from(rng.below(960)).expect("below 960");
            Position::chess960(n).expect("a Chess960 number below 960")
        };
        let moves = play(&start, &mut rng, plies);
        positions.push(start);
        positions.extend(moves.into_iter().map(|(p, _)| p));
    }
    positions
}

/// Plays up to `plies` random moves from `start`: each move with the position after it.
fn play(start: &Position, rng: &mut Rng, plies: usize) -> Vec<(Position, Move)> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play_unchecked(m);
        out.push((pos.clone(), m));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_follow_the_legal_moves_and_stop_at_the_end() {
        // Fool's mate position: Black to move is mated, so no move is played.
        let mut mated = Position::standard();
        for text in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            let m = *mated
                .legal_moves()
                .iter()
                .find(|m| m.to_string() == text)
                .unwrap_or_else(|| panic!("{text}"));
            mated.play_unchecked(m);
        }
        assert!(mated.is_checkmate());
        assert!(random_moves(&mated, 1, 10).is_empty());
        assert_eq!(random_game(&mated, 1, 10), [mated]);
    }

    #[test]
    fn seeds_give_different_games() {
        let start = Position::standard();
        assert_ne!(random_moves(&start, 1, 20), random_moves(&start, 2, 20));
        assert_eq!(random_moves(&start, 0, 20), random_moves(&start, 0, 20));
    }
}
