//! Writing games in PGN export format.

use core::fmt;

use chess_core::Color;
use chess_rules::variant::{Playable, VariantPosition};
use chess_rules::{CastlingMode, Position};

use super::builder::chess960_variant;
use super::result::GameResult;
use super::tree::{Line, PgnGame, ROSTER, game_start_tags, start_tags};
use crate::fen::{Fen, VariantFen};

/// The longest movetext line.
const MAX_COLUMNS: usize = 80;

/// A unit of movetext that is never broken across lines.
struct Word {
    text: String,
    /// A `;` comment: the line must end after it.
    line_end: bool,
}

/// Collects the words of the movetext.
struct Words {
    words: Vec<Word>,
    /// `(` to put before the next word.
    open: usize,
}

impl Words {
    fn push(&mut self, text: String) {
        let text = if self.open > 0 {
            let mut prefixed = "(".repeat(self.open);
            prefixed.push_str(&text);
            self.open = 0;
            prefixed
        } else {
            text
        };
        self.words.push(Word {
            text,
            line_end: false,
        });
    }

    fn close(&mut self) {
        if self.open > 0 {
            self.open -= 1;
            self.push("()".to_owned());
            return;
        }
        match self.words.last_mut() {
            Some(word) if !word.line_end => word.text.push(')'),
            _ => self.push(")".to_owned()),
        }
    }

    fn comment(&mut self, text: &str) {
        let text = text.replace(['\n', '\r'], " ");
        if text.contains('}') {
            // Braces cannot hold it: a rest-of-line comment can.
            self.push(format!(";{text}"));
            if let Some(word) = self.words.last_mut() {
                word.line_end = true;
            }
            return;
        }
        let mut parts = text.split(' ').peekable();
        let mut first = true;
        // Spaces beyond the one between two words stay at the front of the next word, so that
        // a line break there (read back as a space) keeps their number.
        let mut spaces = 0;
        while let Some(part) = parts.next() {
            let last = parts.peek().is_none();
            if part.is_empty() && !first && !last {
                spaces += 1;
                continue;
            }
            let mut word = String::with_capacity(part.len() + spaces + 2);
            if first {
                word.push('{');
                first = false;
            }
            for _ in 0..spaces {
                word.push(' ');
            }
            spaces = 0;
            word.push_str(part);
            if last {
                word.push('}');
            }
            self.push(word);
        }
    }
}

/// Writes `game` in export format into `out`: the Seven Tag Roster in its order (missing tags
/// as `?` and `????.??.??`), the other tags in theirs, an empty line, the movetext in lines of
/// at most 80 columns, and the result token. Move numbers stand before white's moves and, as
/// `12...`, before black's moves at the start of a line of play or after a comment or
/// variation.
///
/// The `Result` tag always holds the result token written at the end of the movetext, as the
/// standard requires: the game's [`result`](PgnGame::result) when it has one (whatever its own
/// `Result` tag said), else the `Result` tag's value when that is a result, else `*`.
///
/// The tags that say where the game starts always agree with its
/// [`initial`](PgnGame::initial) position, so that reading the text back gives the same start:
/// a start other than the standard one gets `[SetUp "1"]` and a `FEN` tag (X-FEN, or
/// Shredder-FEN where X-FEN is ambiguous), a Chess960 game a `Variant` tag, and a variant's
/// game a `Variant` tag with Lichess's name (`Crazyhouse`, `King of the Hill`, `Three-check`,
/// …) and, for a start other than the variant's, a variant FEN (with its pockets, promoted
/// pieces and checks); such tags of the
/// headers are written as they are when they agree, replaced when they do not, and added
/// after the Seven Tag Roster when missing.
///
/// Comments are written in braces; a comment holding `}` is written after `;` to the end of
/// the line, and line breaks in comments are written as spaces.
///
/// A line is longer than 80 columns only where no break can help: a single word longer than
/// the line (a comment word, or a whole `;` comment, which cannot be broken because it runs to
/// the end of its line), or a comment word starting with `%` that would otherwise begin a line
/// (where it would read as an escape line). Tag pairs are one per line, however long.
pub fn write_game(game: &PgnGame, out: &mut String) {
    let result = game
        .result
        .or_else(|| game.header("Result").and_then(GameResult::from_token))
        .unwrap_or(GameResult::Unknown);
    for (name, default) in ROSTER {
        let value = if name == "Result" {
            result.as_str()
        } else {
            game.header(name).unwrap_or(default)
        };
        write_tag(out, name, value);
    }
    let start = game_start_tags(game);
    let fits = |name: &str, value: &str| match &game.variant_initial {
        Some(start) => fits_variant_start(name, value, start),
        None => fits_start(name, value, &game.initial),
    };
    for (name, value) in &start {
        if !game.headers.iter().any(|(n, v)| n == name && fits(n, v)) {
            write_tag(out, name, value);
        }
    }
    let mut roster_seen = [false; 7];
    let mut start_seen = [false; 3];
    for (name, value) in &game.headers {
        if let Some(i) = ROSTER.iter().position(|(n, _)| n == name) {
            if !roster_seen[i] {
                roster_seen[i] = true;
                continue;
            }
        }
        if let Some(i) = ["Variant", "SetUp", "FEN"].iter().position(|n| n == name) {
            // One of each, and only one that says where this game starts.
            if start_seen[i] || !fits(name, value) {
                continue;
            }
            start_seen[i] = true;
        }
        write_tag(out, name, value);
    }
    out.push('\n');

    let mut words = Words {
        words: Vec::new(),
        open: 0,
    };
    let (turn, fullmoves) = match &game.variant_initial {
        Some(start) => (start.turn(), start.fullmoves()),
        None => (game.initial.turn(), game.initial.fullmoves()),
    };
    let numbering = Numbering {
        fullmoves,
        black_first: u32::from(turn == Color::Black),
    };
    write_line(&game.mainline, 0, numbering, &mut words);
    words.push(result.as_str().to_owned());

    let mut column = 0;
    for word in &words.words {
        if column > 0 {
            if column + 1 + word.text.len() <= MAX_COLUMNS || word.text.starts_with('%') {
                out.push(' ');
                column += 1;
            } else {
                out.push('\n');
                column = 0;
            }
        }
        out.push_str(&word.text);
        column += word.text.len();
        if word.line_end {
            out.push('\n');
            column = 0;
        }
    }
    if column > 0 {
        out.push('\n');
    }
}

/// Whether a `Variant`, `SetUp` or `FEN` tag agrees with the start `initial` (so reading it
/// back gives that start).
fn fits_start(name: &str, value: &str, initial: &Position) -> bool {
    let chess960 = initial.castling_mode() == CastlingMode::Chess960;
    match name {
        "Variant" => chess960_variant(value) == Some(chess960),
        "SetUp" => value.trim() == "1" || start_tags(initial).is_empty(),
        "FEN" => Fen::from_ascii_lenient(value.trim().as_bytes())
            .ok()
            .and_then(|(fen, _)| fen.into_position(initial.castling_mode()).ok())
            .is_some_and(|pos| pos == *initial),
        _ => true,
    }
}

/// Whether a `Variant`, `SetUp` or `FEN` tag agrees with `start`, the start of a variant's
/// game.
fn fits_variant_start(name: &str, value: &str, start: &VariantPosition) -> bool {
    let variant = start.variant();
    match name {
        // Lichess's spelling, whatever alias the game was read with.
        "Variant" => value == variant.name(),
        "SetUp" => value.trim() == "1" || *start == VariantPosition::new(variant),
        "FEN" => VariantFen::from_ascii_lenient(value.trim().as_bytes())
            .ok()
            .and_then(|(fen, _)| fen.into_position(variant, start.castling_mode()).ok())
            .is_some_and(|pos| pos == *start),
        _ => true,
    }
}

#[derive(Copy, Clone)]
struct Numbering {
    fullmoves: u32,
    black_first: u32,
}

fn write_line(line: &Line, first_ply: u32, numbering: Numbering, words: &mut Words) {
    let mut need_number = true;
    for (i, node) in line.moves.iter().enumerate() {
        let ply = first_ply + i as u32 + numbering.black_first;
        let number = numbering.fullmoves + ply / 2;
        let black = ply % 2 == 1;
        for comment in &node.comments_before {
            words.comment(comment);
            need_number = true;
        }
        let san = node.san.to_string();
        if !black {
            words.push(format!("{number}. {san}"));
        } else if need_number {
            words.push(format!("{number}... {san}"));
        } else {
            words.push(san);
        }
        need_number = false;
        for nag in &node.nags {
            words.push(format!("${nag}"));
        }
        for comment in &node.comments_after {
            words.comment(comment);
            need_number = true;
        }
        for variation in &node.variations {
            words.open += 1;
            write_line(variation, first_ply + i as u32, numbering, words);
            words.close();
            need_number = true;
        }
    }
    for comment in &line.comments {
        words.comment(comment);
    }
}

fn write_tag(out: &mut String, name: &str, value: &str) {
    out.push('[');
    out.push_str(name);
    out.push_str(" \"");
    for c in value.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' | '\r' => out.push(' '),
            c => out.push(c),
        }
    }
    out.push_str("\"]\n");
}

impl fmt::Display for PgnGame {
    /// The game in export format (see [`write_game`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        write_game(self, &mut out);
        f.write_str(&out)
    }
}
