//! Game corpora for the compact encodings: real games from the PGN test files, the positions
//! of the test suites, and random games. The generated corpus of the model's own games (the
//! code tables' training corpus and the measurements') lives in the library, in
//! `chess_notation::pack::training`, with the generator of `src/pack/table.rs`.
//!
//! Shared by the integration tests and the `pack_stats` example (with `#[path]`), so it uses
//! only public APIs.

#![allow(dead_code)]

use chess_notation::Fen;
pub use chess_notation::pack::training::Game;
use chess_notation::san::{self, SanMode};
use chess_rules::{CastlingMode, Position, PositionErrorKinds};

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
