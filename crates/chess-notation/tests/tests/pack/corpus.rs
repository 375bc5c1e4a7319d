//! Game corpora for the compact encodings: real games from the PGN test files, and a
//! deterministic generated corpus of self-play games by a small searching player.
//!
//! Shared by the integration tests, the `pack` benchmark and the `pack_table` example (with
//! `#[path]`), so it uses only public APIs.

#![allow(dead_code)]

use chess_notation::Fen;
use chess_notation::pack::model::Ranking;
use chess_notation::san::{self, SanMode};
use chess_rules::{CastlingMode, Move, Position, PositionErrorKinds};

/// A game: its start and its moves.
pub type Game = (Position, Vec<Move>);

/// The games of every real-world PGN test file ([`chess_testdata::PGN_FILES`], by file name),
/// or `None` when the fetched data is missing (the calling test has said it skips).
pub fn real_games() -> Option<Vec<Game>> {
    let mut games = Vec::new();
    for bytes in chess_testdata::read_each(&chess_testdata::PGN_FILES)? {
        games.extend(parse_pgn(&String::from_utf8(bytes).expect("utf-8 pgn")));
    }
    Some(games)
}

/// The games of a PGN text, with a minimal movetext reader: tags (only `FEN` and `Variant`
/// matter), comments `{…}` and `;…`, variations `(…)`, NAGs `$n`, move numbers and results
/// are skipped; every other token is a SAN move. Games without moves are left out.
pub fn parse_pgn(text: &str) -> Vec<Game> {
    let text = text.trim_start_matches('\u{feff}');
    let mut games = Vec::new();
    let mut fen: Option<String> = None;
    let mut chess960 = false;
    let mut moves_text = String::new();
    let mut in_movetext = false;
    let mut finish = |fen: &mut Option<String>, chess960: &mut bool, moves_text: &mut String| {
        if let Some(game) = read_game(fen.as_deref(), *chess960, moves_text) {
            games.push(game);
        }
        *fen = None;
        *chess960 = false;
        moves_text.clear();
    };
    let mut in_comment = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if !in_comment && trimmed.starts_with('[') {
            if in_movetext {
                finish(&mut fen, &mut chess960, &mut moves_text);
                in_movetext = false;
            }
            if let Some((name, value)) = parse_tag(trimmed) {
                match name {
                    "FEN" => fen = Some(value.to_string()),
                    "Variant" => {
                        let v = value.to_ascii_lowercase();
                        chess960 = v.contains("960") || v.contains("fischer");
                    }
                    _ => {}
                }
            }
            continue;
        }
        if !trimmed.is_empty() {
            in_movetext = true;
        }
        // Track comments across lines so a '[' inside one is not a tag.
        for c in line.chars() {
            match c {
                '{' => in_comment = true,
                '}' => in_comment = false,
                _ => {}
            }
        }
        moves_text.push_str(line);
        moves_text.push('\n');
    }
    finish(&mut fen, &mut chess960, &mut moves_text);
    games
}

fn parse_tag(line: &str) -> Option<(&str, &str)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let value = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    Some((name, value))
}

/// The SAN tokens of movetext, in order.
pub fn san_tokens(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    let mut current = String::new();
    let flush = |current: &mut String, tokens: &mut Vec<String>, depth: usize| {
        if depth == 0 && !current.is_empty() {
            tokens.push(std::mem::take(current));
        }
        current.clear();
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut current, &mut tokens, depth);
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
            }
            ';' => {
                flush(&mut current, &mut tokens, depth);
                for c in chars.by_ref() {
                    if c == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut current, &mut tokens, depth);
                depth += 1;
            }
            ')' => {
                flush(&mut current, &mut tokens, depth);
                depth = depth.saturating_sub(1);
            }
            c if c.is_whitespace() => flush(&mut current, &mut tokens, depth),
            c => current.push(c),
        }
    }
    flush(&mut current, &mut tokens, depth);
    tokens
        .into_iter()
        .filter_map(|t| {
            if t.starts_with('$') || matches!(t.as_str(), "1-0" | "0-1" | "1/2-1/2" | "*") {
                return None;
            }
            // Move numbers, possibly glued to the move: "12.", "12...", "12.e4".
            let t = t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            let t = t.trim_end_matches(['!', '?']);
            (!t.is_empty()).then(|| t.to_string())
        })
        .collect()
}

fn read_game(fen: Option<&str>, chess960: bool, moves_text: &str) -> Option<Game> {
    let mode = CastlingMode::from_chess960(chess960);
    let start = match fen {
        Some(fen) => fen.parse::<Fen>().ok()?.into_position(mode).ok()?,
        None if chess960 => Position::chess960(518)?,
        None => Position::standard(),
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for token in san_tokens(moves_text) {
        let m = san::parse_move(&pos, &token, SanMode::Lenient)
            .unwrap_or_else(|e| panic!("bad san {token:?} in test pgn: {e}"));
        pos.play_unchecked(m);
        moves.push(m);
    }
    (!moves.is_empty()).then_some((start, moves))
}

/// The positions of every `epd` line of the perft suites (the standard positions, and the
/// fetched tricky and Chess960 suites), or `None` when the fetched data is missing.
pub fn perft_positions() -> Option<Vec<Position>> {
    let mut out = Vec::new();
    for (text, chess960) in [
        (chess_testdata::own_to_string("standard.perft"), false),
        (
            chess_testdata::read_to_string(chess_testdata::TRICKY_PERFT)?,
            false,
        ),
        (
            chess_testdata::read_to_string(chess_testdata::CHESS960_PERFT)?,
            true,
        ),
    ] {
        for line in text.lines() {
            let Some(epd) = line.strip_prefix("epd ") else {
                continue;
            };
            let fen: Fen = epd.parse().expect("epd");
            let mode = if chess960 {
                CastlingMode::Chess960
            } else {
                fen.castling_mode()
            };
            // A few tricky positions have checks no move could give.
            let pos = fen
                .into_position(mode)
                .or_else(|e| match e {
                    chess_notation::FenError::Position(e) => e
                        .ignore(PositionErrorKinds::IMPOSSIBLE_CHECK)
                        .map_err(Into::into),
                    e => Err(e),
                })
                .unwrap_or_else(|e| panic!("{epd}: {e}"));
            out.push(pos);
        }
    }
    Some(out)
}

/// The positions of python-chess's `endgame.epd` (its first four fields, clocks `0 1`), or
/// `None` when the fetched data is missing.
pub fn endgame_positions() -> Option<Vec<Position>> {
    let text = chess_testdata::read_to_string(chess_testdata::ENDGAME_EPD)?;
    let positions = text
        .lines()
        .filter(|line| !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            let fen: Fen = fields
                .join(" ")
                .parse()
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            // Tablebase test files hold a few checks no move could give.
            fen.into_position(CastlingMode::Standard)
                .or_else(|e| match e {
                    chess_notation::FenError::Position(e) => e
                        .ignore(PositionErrorKinds::IMPOSSIBLE_CHECK)
                        .map_err(Into::into),
                    e => Err(e),
                })
                .unwrap_or_else(|e| panic!("{line}: {e}"))
        })
        .collect();
    Some(positions)
}

/// Every position of the test suites: random games (standard and Chess960, many seeds), every
/// position of the PGN test files' games and of `endgame.epd`, the perft positions, and the
/// positions 1 and 2 plies from them; `None` when the fetched data is missing.
pub fn suite_positions() -> Option<Vec<Position>> {
    let mut out = endgame_positions()?;
    for (start, moves) in real_games()? {
        let mut pos = start;
        for m in moves {
            out.push(pos.clone());
            pos.play_unchecked(m);
        }
        out.push(pos);
    }
    for seed in 0..300u64 {
        let start = if seed % 2 == 0 {
            Position::standard()
        } else {
            Position::chess960((seed * 97 % 960) as u32).unwrap()
        };
        let mut pos = start.clone();
        out.push(pos.clone());
        for m in chess_testdata::random_moves(&start, seed + 1, 400) {
            pos.play_unchecked(m);
            out.push(pos.clone());
        }
    }
    for pos in perft_positions()? {
        for m in pos.legal_moves() {
            let child = pos.after(m);
            for m in child.legal_moves() {
                out.push(child.after(m));
            }
            out.push(child);
        }
        out.push(pos);
    }
    Some(out)
}

/// The generator of the generated corpora (splitmix64). Part of the game format, unlike
/// `chess_testdata::Rng` (which the other random inputs come from): the code tables of
/// `src/pack/table.rs` are counted over [`TRAINING_SEED`]'s games drawn with it, so another
/// generator would make other tables.
struct CorpusRng(u64);

impl CorpusRng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
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

/// The seed of the training corpus of the code tables.
pub const TRAINING_SEED: u64 = 0x5eed_0000;

/// The seed of the generated corpus the measurements use: other games than the training ones.
pub const MEASURE_SEED: u64 = 0x7e57_0000;

/// A generated corpus: `games` games drawn from the model, one in four from a Chess960 start,
/// at most 200 plies each, the `i`-th game played with seed `seed + i`.
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

/// The number of games of the training corpus of the rank code tables.
pub const TABLE_GAMES: u64 = 1000;

/// The longest code the tables may have.
pub const TABLE_MAX_LEN: u8 = 20;

/// The path of the generated table file.
pub fn table_path() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/pack/table.rs")
}

/// How often each rank occurs in each coding context over `games`.
pub fn rank_counts_by_context(games: &[Game]) -> Vec<Vec<u64>> {
    let mut counts = vec![vec![0u64; 256]; chess_notation::pack::model::CONTEXTS];
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

/// The text of `src/pack/table.rs`: the code length tables derived from the generated corpus.
pub fn render_table() -> String {
    use std::fmt::Write;
    let games = generated_games(TABLE_GAMES, TRAINING_SEED);
    let counts = rank_counts_by_context(&games);
    let mut out = String::new();
    out.push_str(
        "// @generated by `cargo run -p chess-notation --example pack_table`. Do not edit by hand.\n\
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
        let lengths = chess_notation::pack::model::huffman_code_lengths(c, TABLE_MAX_LEN);
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
