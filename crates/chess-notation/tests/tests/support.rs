//! Positions from random play, for round-trip tests.

use chess_rules::Position;

/// A small deterministic generator (xorshift64*).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The positions of a random game from `start`.
pub fn random_game(start: &Position, seed: u64, plies: usize) -> Vec<Position> {
    let mut rng = Rng(seed | 1);
    let mut positions = vec![start.clone()];
    let mut pos = start.clone();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Prefer captures and promotions now and then so games reach sparse, odd positions.
        let m = moves[rng.below(moves.len())];
        pos.play_unchecked(m);
        positions.push(pos.clone());
    }
    positions
}

/// Positions from random games: standard chess and a spread of Chess960 starts.
pub fn sample_positions(games: u64, plies: usize) -> Vec<Position> {
    let mut out = Vec::new();
    for seed in 0..games {
        let start = if seed % 2 == 0 {
            Position::standard()
        } else {
            Position::chess960((seed * 97 % 960) as u32).unwrap()
        };
        out.extend(random_game(&start, seed * 7919 + 1, plies));
    }
    out
}
