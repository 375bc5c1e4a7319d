//! Our perft against cozy-chess's on the same positions, interleaved, best of several runs: a
//! quick side-by-side for profiling (the criterion benchmark is the reference measurement).

use std::time::Instant;

fn cozy_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    let mut nodes = 0;
    if depth == 1 {
        board.generate_moves(|moves| {
            nodes += moves.len() as u64;
            false
        });
    } else {
        board.generate_moves(|moves| {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += cozy_perft(&child, depth - 1);
            }
            false
        });
    }
    nodes
}

fn best<F: FnMut() -> u64>(runs: usize, mut f: F) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..runs {
        let t = Instant::now();
        nodes = f();
        best = best.min(t.elapsed().as_secs_f64());
    }
    (nodes, best)
}

fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    let runs: usize = std::env::args()
        .nth(2)
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    let start = chess_rules::Position::standard();
    let board = cozy_chess::Board::default();
    let (n1, t1) = best(runs, || chess_rules::perft(&start, depth));
    let (n2, t2) = best(runs, || cozy_perft(&board, depth));
    let (n3, t3) = best(runs, || chess_rules::perft_copying(&start, depth));
    assert_eq!(n3, n1);
    println!("copy-make: {:.0} M/s", n3 as f64 / t3 / 1e6);
    assert_eq!(n1, n2);
    println!(
        "startpos depth {depth}: chess-rules {:.0} M/s, cozy-chess {:.0} M/s, ratio {:.2}",
        n1 as f64 / t1 / 1e6,
        n2 as f64 / t2 / 1e6,
        t2 / t1
    );
}
