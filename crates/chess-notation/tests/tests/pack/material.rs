//! Random positions of every material balance a game can reach, the hard cases for the size
//! bound of the compact format: many promoted pieces, few captures, castling rooks, en passant.
//!
//! A balance is kept when it passes the necessary condition of John Tromp's count of chess
//! positions: a pawn can only get past the enemy pawn of its file when one of the two captures
//! or is captured, so each side's promotions are at most the number of captures plus the
//! enemy pawns captured (not promoted). Random placements the validator then rejects (a check
//! on the side not to move, say) are dropped.

use chess_notation::Fen;
use chess_rules::{CastlingMode, Position};
use chess_testdata::Rng;

const OFFICERS: [char; 4] = ['q', 'r', 'b', 'n'];
/// The officers a side starts with: one queen, two rooks, two bishops, two knights.
const START: [usize; 4] = [1, 2, 2, 2];

/// What a side has: pawns and officers by kind (queen, rook, bishop, knight).
#[derive(Clone, Copy, Debug)]
struct Army {
    pawns: usize,
    officers: [usize; 4],
}

impl Army {
    fn total_officers(&self) -> usize {
        self.officers.iter().sum()
    }

    fn promotions(&self) -> usize {
        self.officers
            .iter()
            .zip(START)
            .map(|(&n, s)| n.saturating_sub(s))
            .sum()
    }

    fn random(rng: &mut Rng) -> Army {
        let pawns = rng.below(9);
        // Mostly large armies: they are the ones that need the most bytes.
        let officers_wanted = if rng.below(2) == 0 {
            rng.below(16)
        } else {
            7 + rng.below(9)
        };
        let mut officers = [0; 4];
        if officers_wanted <= 7 {
            let mut pool: Vec<usize> = vec![0, 1, 1, 2, 2, 3, 3];
            for _ in 0..officers_wanted {
                let i = rng.below(pool.len());
                officers[pool.swap_remove(i)] += 1;
            }
        } else {
            officers = START;
            for _ in 7..officers_wanted {
                officers[rng.below(4)] += 1;
            }
        }
        Army { pawns, officers }
    }
}

/// Whether two armies can stand on the board together after a game.
fn reachable(white: Army, black: Army) -> bool {
    let on_board = white.pawns + black.pawns + white.total_officers() + black.total_officers();
    if on_board > 30 || white.pawns + white.promotions() > 8 || black.pawns + black.promotions() > 8
    {
        return false;
    }
    let captures = 30 - on_board;
    let white_pawns_captured = 8 - white.pawns - white.promotions();
    let black_pawns_captured = 8 - black.pawns - black.promotions();
    white.promotions() <= captures + black_pawns_captured
        && black.promotions() <= captures + white_pawns_captured
}

/// A random position of a reachable material balance, or `None` when the random placement is
/// not a legal position. Clocks are `0 1`.
pub fn random_position(rng: &mut Rng, mode: CastlingMode) -> Option<Position> {
    let white = Army::random(rng);
    let black = Army::random(rng);
    if !reachable(white, black) {
        return None;
    }
    let mut board = [None::<char>; 64];
    let mut free: Vec<usize> = (0..64).collect();
    let take = |board: &mut [Option<char>; 64], free: &mut Vec<usize>, sq: usize, c: char| {
        board[sq] = Some(c);
        free.retain(|&s| s != sq);
    };

    // Kings: often on their back ranks with rooks beside them, so that castling rights occur.
    let mut castling = String::new();
    let mut rooks_left = [white.officers[1], black.officers[1]];
    for (side, back) in [(0usize, 0usize), (1, 7)] {
        let upper = side == 0;
        let king_file = if rng.below(2) == 0 {
            if mode == CastlingMode::Standard {
                4
            } else {
                1 + rng.below(6)
            }
        } else {
            rng.below(8)
        };
        let king_sq = if rng.below(3) == 0 {
            rng.below(64)
        } else {
            back * 8 + king_file
        };
        if board[king_sq].is_some() {
            return None;
        }
        take(
            &mut board,
            &mut free,
            king_sq,
            if upper { 'K' } else { 'k' },
        );
        if king_sq / 8 != back {
            continue;
        }
        let king_file = king_sq % 8;
        // Rooks on the back rank on both sides of the king, as many as the army has.
        for rook_file in [0, 7, 1, 6, 2, 5] {
            if rooks_left[side] == 0 || rook_file == king_file || rng.below(3) == 0 {
                continue;
            }
            let sq = back * 8 + rook_file;
            if board[sq].is_some() {
                continue;
            }
            take(&mut board, &mut free, sq, if upper { 'R' } else { 'r' });
            rooks_left[side] -= 1;
            let standard_rook = rook_file == 0 || rook_file == 7;
            if rng.below(4) != 0
                && (mode == CastlingMode::Chess960 || (standard_rook && king_file == 4))
            {
                let letter = match mode {
                    CastlingMode::Standard if rook_file == 7 => 'k',
                    CastlingMode::Standard => 'q',
                    CastlingMode::Chess960 => (b'a' + rook_file as u8) as char,
                };
                if !castling.contains(if upper {
                    letter.to_ascii_uppercase()
                } else {
                    letter
                }) {
                    castling.push(if upper {
                        letter.to_ascii_uppercase()
                    } else {
                        letter
                    });
                }
            }
        }
    }

    // Pawns on ranks 2 to 7.
    for (side, army) in [(0, white), (1, black)] {
        for _ in 0..army.pawns {
            let candidates: Vec<usize> = free
                .iter()
                .copied()
                .filter(|s| (8..56).contains(s))
                .collect();
            if candidates.is_empty() {
                return None;
            }
            let sq = candidates[rng.below(candidates.len())];
            take(&mut board, &mut free, sq, if side == 0 { 'P' } else { 'p' });
        }
    }
    // The other officers anywhere.
    for (side, army, rooks) in [(0, white, rooks_left[0]), (1, black, rooks_left[1])] {
        let mut kinds = army.officers;
        kinds[1] = rooks;
        for (kind, &n) in kinds.iter().enumerate() {
            for _ in 0..n {
                if free.is_empty() {
                    return None;
                }
                let sq = free[rng.below(free.len())];
                let c = OFFICERS[kind];
                take(
                    &mut board,
                    &mut free,
                    sq,
                    if side == 0 { c.to_ascii_uppercase() } else { c },
                );
            }
        }
    }

    let turn = if rng.below(2) == 0 { 'w' } else { 'b' };
    // An en passant square now and then: behind a pawn of the side not to move on its fourth
    // rank, with the two squares behind it empty.
    let mut ep = String::from("-");
    if rng.below(2) == 0 {
        let (fourth, third, second, pawn) = if turn == 'w' {
            (4, 5, 6, 'p')
        } else {
            (3, 2, 1, 'P')
        };
        let files: Vec<usize> = (0..8)
            .filter(|&f| {
                board[fourth * 8 + f] == Some(pawn)
                    && board[third * 8 + f].is_none()
                    && board[second * 8 + f].is_none()
            })
            .collect();
        if !files.is_empty() {
            let f = files[rng.below(files.len())];
            ep = format!("{}{}", (b'a' + f as u8) as char, third + 1);
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }

    let mut placement = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        placement.push_str(&empty.to_string());
                        empty = 0;
                    }
                    placement.push(c);
                }
            }
        }
        if empty > 0 {
            placement.push_str(&empty.to_string());
        }
        if rank > 0 {
            placement.push('/');
        }
    }
    let fen = format!("{placement} {turn} {castling} {ep} 0 1");
    fen.parse::<Fen>().ok()?.into_position(mode).ok()
}

#[test]
fn the_reachability_condition() {
    let army = |pawns, officers| Army { pawns, officers };
    // The start: nothing captured, nothing promoted.
    assert!(reachable(army(8, START), army(8, START)));
    // Without a capture no pawn gets past the enemy pawn of its file.
    assert!(!reachable(army(7, [2, 2, 2, 2]), army(8, START)));
    // One pawn takes a pawn: it and the pawn of the file it took on are free to promote (two
    // white promotions), and so is the black pawn of the file it left.
    assert!(reachable(army(6, [3, 2, 2, 2]), army(7, START)));
    assert!(reachable(army(6, [3, 2, 2, 2]), army(6, [2, 2, 2, 2])));
    assert!(!reachable(army(5, [4, 2, 2, 2]), army(7, START)));
    // More pawns and promoted pieces than a side ever had.
    assert!(!reachable(army(8, [2, 2, 2, 2]), army(0, [0; 4])));
}
