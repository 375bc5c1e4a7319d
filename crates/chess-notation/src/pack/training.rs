//! The training corpus of the game format's rank code tables, and the rendering of
//! `src/pack/table.rs` from it.
//!
//! Not part of the API: public for the generator that `cargo xtask gen-tables` runs (the
//! `pack_table` example, which prints [`render_table`]), for the test that keeps the checked-in
//! table fresh, and for the measurements of `docs/performance.md`, which play other games of
//! the same kind ([`MEASURE_SEED`]). `docs/formats.md` describes the corpus in words.
//!
//! Everything here is deterministic: fixed seeds, integer arithmetic, no hash-map order, so the
//! rendering is the same on every machine and [`render_table`] run twice gives the same bytes.

use core::fmt::Write as _;

use chess_rules::{Move, Position};

use super::model::{CONTEXTS, Ranking, huffman_code_lengths};

/// A game: its start and its moves.
pub type Game = (Position, Vec<Move>);

/// The seed of the training corpus of the code tables.
pub const TRAINING_SEED: u64 = 0x5eed_0000;

/// The seed of the generated corpus the measurements use: other games than the training ones.
pub const MEASURE_SEED: u64 = 0x7e57_0000;

/// The number of games of the training corpus of the rank code tables.
pub const TABLE_GAMES: u64 = 1000;

/// The longest code the tables may have.
pub const TABLE_MAX_LEN: u8 = 20;

/// The corpus's generator (splitmix64): part of the format, since the code tables are counted
/// over the games it draws.
#[derive(Clone, Debug)]
struct CorpusRng(u64);

impl CorpusRng {
    /// The next 64 random bits.
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number below `n` (below 1 when `n` is 0), by the remainder.
    fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// `65536 * exp(-k / 64)`, rounded, for `k` in `0..64`.
const EXP: [u64; 64] = [
    65536, 64520, 63520, 62535, 61565, 60611, 59671, 58746, 57835, 56939, 56056, 55187, 54331,
    53489, 52660, 51843, 51039, 50248, 49469, 48702, 47947, 47204, 46472, 45752, 45042, 44344,
    43656, 42980, 42313, 41657, 41011, 40376, 39750, 39133, 38527, 37929, 37341, 36762, 36192,
    35631, 35079, 34535, 34000, 33473, 32954, 32443, 31940, 31445, 30957, 30477, 30005, 29539,
    29081, 28631, 28187, 27750, 27319, 26896, 26479, 26068, 25664, 25266, 24875, 24489,
];

/// `65536 * exp(-d / 64)` in integers: the relative likelihood of a move scoring `d` below the
/// best, by the model's own reading of its scores.
fn likelihood(d: u32) -> u64 {
    let mut w = EXP[(d % 64) as usize];
    for _ in 0..d / 64 {
        w = w * 24_109 / 65_536;
        if w == 0 {
            break;
        }
    }
    w
}

/// Plays one game of the generated corpus: each move drawn from the model's own move
/// probabilities.
fn generated_game(start: &Position, seed: u64, max_plies: usize) -> Vec<Move> {
    let mut rng = CorpusRng(seed);
    let mut pos = start.clone();
    let mut moves: Vec<Move> = Vec::new();
    let mut seen: Vec<u64> = vec![pos.zobrist_hash()];
    for _ in 0..max_plies {
        if pos.halfmoves() >= 100 || pos.is_insufficient_material() {
            break;
        }
        let ranking = Ranking::new(&pos, moves.last().copied());
        let Some(best) = ranking.score(0) else { break };
        let weights: Vec<u64> = ranking
            .iter()
            .map(|(_, s)| likelihood(best.abs_diff(s)))
            .collect();
        let mut pick = rng.below(weights.iter().sum());
        let mut chosen = 0;
        for (i, &w) in weights.iter().enumerate() {
            if pick < w {
                chosen = i;
                break;
            }
            pick -= w;
        }
        let m = ranking.get(chosen).expect("a ranked move");
        pos.play_unchecked(m);
        moves.push(m);
        if pos.halfmoves() == 0 {
            seen.clear();
        }
        let hash = pos.zobrist_hash();
        if seen.iter().filter(|&&h| h == hash).count() >= 2 {
            break;
        }
        seen.push(hash);
    }
    moves
}

/// A generated corpus: `games` games drawn from the model, one in four from a Chess960 start,
/// at most 200 plies each, the `i`-th game played with seed `seed + i`.
///
/// # Panics
///
/// Never: every Chess960 number it asks for is below 960.
#[must_use]
pub fn generated_games(games: u64, seed: u64) -> Vec<Game> {
    (0..games)
        .map(|i| {
            let start = if i % 4 == 3 {
                Position::chess960(((i * 389) % 960) as u32).expect("chess960 number")
            } else {
                Position::standard()
            };
            let moves = generated_game(&start, seed + i, 200);
            (start, moves)
        })
        .collect()
}

/// How often each rank occurs in each coding context over `games`.
///
/// # Panics
///
/// When a move of `games` is not legal in its position.
#[must_use]
pub fn rank_counts_by_context(games: &[Game]) -> Vec<Vec<u64>> {
    let mut counts = vec![vec![0u64; 256]; CONTEXTS];
    for (start, moves) in games {
        let mut pos = start.clone();
        let mut last = None;
        for &m in moves {
            let ranking = Ranking::new(&pos, last);
            let rank = ranking.rank_of(m).expect("a legal move");
            counts[ranking.context()][rank] += 1;
            pos.play_unchecked(m);
            last = Some(m);
        }
    }
    counts
}

/// The text of `src/pack/table.rs`: the code length tables derived from the training corpus
/// ([`TABLE_GAMES`] games from [`TRAINING_SEED`]).
#[must_use]
pub fn render_table() -> String {
    let games = generated_games(TABLE_GAMES, TRAINING_SEED);
    let counts = rank_counts_by_context(&games);
    let mut out = String::new();
    out.push_str(
        "// @generated by cargo xtask gen-tables. Do not edit.\n\
         \n\
         //! The code lengths of the ranks in each coding context of the game format.\n\
         //!\n\
         //! Derived from a generated training corpus of ",
    );
    let plies: u64 = counts.iter().flatten().sum();
    let _ = write!(
        out,
        "{TABLE_GAMES} games ({plies} plies) whose moves are\n\
         //! drawn from the ranking model's own move probabilities (fixed seeds, integers only; one\n\
         //! game in four from a Chess960 start), counted per context and turned into Huffman code\n\
         //! lengths of at most {TABLE_MAX_LEN} bits, every rank getting a code. Part of the game\n\
         //! format (tag 0x4): changing a length changes the format.\n\n"
    );
    out.push_str("/// The code length of each rank (0 to 255), by coding context.\n");
    out.push_str("#[rustfmt::skip]\n");
    out.push_str("pub(crate) static RANK_CODE_LENGTHS: [[u8; 256]; 5] = [\n");
    for (context, c) in counts.iter().enumerate() {
        let n: u64 = c.iter().sum();
        let lengths = huffman_code_lengths(c, TABLE_MAX_LEN);
        let _ = writeln!(out, "    // Context {context}: {n} plies.");
        out.push_str("    [\n");
        for row in lengths.chunks(16) {
            let cells: Vec<String> = row.iter().map(|l| format!("{l:2}")).collect();
            let _ = writeln!(out, "        {},", cells.join(", "));
        }
        out.push_str("    ],\n");
    }
    out.push_str("];\n");
    out
}
