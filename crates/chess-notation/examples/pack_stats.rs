//! Prints the numbers of `docs/performance.md` for the compact encodings: bytes per position
//! over the test suites, and bits per move on the test PGN files, the generated corpus, and any
//! PGN files given as arguments.
//!
//! ```text
//! cargo run --release -p chess-notation --example pack_stats [-- more.pgn ...]
//! ```

#[path = "../tests/tests/pack/corpus.rs"]
mod corpus;

use chess_notation::pack::{self, huffman, model::Ranking, training};

fn main() {
    let positions = corpus::suite_positions().expect("the test data: run `cargo xtask testdata`");
    let (mut total, mut max, mut huffman_total, mut huffman_max) = (0usize, 0usize, 0usize, 0usize);
    let mut histogram = [0usize; 64];
    for pos in &positions {
        let n = pack::encode_position(pos).len();
        total += n;
        max = max.max(n);
        histogram[n] += 1;
        let h = huffman::encode_position(pos).len();
        huffman_total += h;
        huffman_max = huffman_max.max(h);
    }
    let count = positions.len() as f64;
    println!("positions of the test suites: {}", positions.len());
    println!(
        "  compact: average {:.2} bytes ({:.1} bits), maximum {max} bytes",
        total as f64 / count,
        8.0 * total as f64 / count
    );
    println!(
        "  huffman: average {:.2} bytes, maximum {huffman_max} bytes",
        huffman_total as f64 / count
    );
    let sizes: Vec<String> = histogram
        .iter()
        .enumerate()
        .filter(|&(_, &c)| c > 0)
        .map(|(n, c)| format!("{n}: {c}"))
        .collect();
    println!("  compact sizes: {}", sizes.join(", "));

    report(
        "test pgn files",
        &corpus::real_games().expect("the test data: run `cargo xtask testdata`"),
    );
    report(
        "generated corpus (300 games)",
        &training::generated_games(300, training::MEASURE_SEED),
    );
    for path in std::env::args().skip(1) {
        let text = std::fs::read_to_string(&path).expect("pgn file");
        report(&path, &corpus::parse_pgn(&text));
    }
}

/// Prints bits per move (move codes alone) and bytes per move (whole encodings).
fn report(name: &str, games: &[corpus::Game]) {
    let (mut plies, mut bits, mut bytes, mut uniform) = (0usize, 0u64, 0usize, 0.0f64);
    for (start, moves) in games {
        let encoded = pack::encode_game(start, moves).expect("legal moves");
        assert_eq!(
            pack::decode_game(&encoded).expect("decodes"),
            (start.clone(), moves.clone())
        );
        bytes += encoded.len();
        let mut pos = start.clone();
        let mut last = None;
        for &m in moves {
            let ranking = Ranking::new(&pos, last);
            let rank = ranking.rank_of(m).expect("legal");
            bits += u64::from(pack::model::code_lengths(ranking.context())[rank]);
            uniform += (ranking.len() as f64).log2();
            pos.play_unchecked(m);
            last = Some(m);
        }
        plies += moves.len();
    }
    let p = plies as f64;
    println!(
        "{name}: {} games, {plies} plies: {:.3} bits per move ({:.3} bytes per move with headers; log2 of the legal moves: {:.3})",
        games.len(),
        bits as f64 / p,
        bytes as f64 / p,
        uniform / p
    );
}
