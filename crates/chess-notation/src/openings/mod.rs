//! Opening names: the ECO code and name of a position or a game, from the Lichess opening
//! names (CC0), about 3 800 named lines.
//!
//! A game is classified by the last named position it passes through, found by position (the
//! Polyglot key), so that a transposition gets the name of the line it reaches. The index is
//! built on first use, by playing each named line once (a few milliseconds).
//!
//! ```
//! use chess_notation::openings;
//! use chess_notation::pgn::PgnGame;
//!
//! let game: PgnGame = "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *".parse()?;
//! let opening = openings::classify(&game).expect("a named line");
//! assert_eq!(opening.eco, "B90");
//! assert_eq!(opening.name, "Sicilian Defense: Najdorf Variation");
//! // The same position reached in another order is the same opening.
//! let transposed: PgnGame = "1. Nf3 c5 2. e4 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *".parse()?;
//! assert_eq!(openings::classify(&transposed), Some(opening));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod generated;

use std::collections::HashMap;
use std::sync::OnceLock;

use chess_rules::{Move, Position};

use crate::pgn::PgnGame;

/// A named opening.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Opening {
    /// The ECO code, `A00` to `E99`.
    pub eco: &'static str,
    /// The name, with the variation after a colon (`Sicilian Defense: Najdorf Variation`).
    pub name: &'static str,
    /// The moves of the named line, in SAN with move numbers.
    pub moves: &'static str,
}

/// Every named line, in the order of the data set.
pub fn all() -> impl Iterator<Item = Opening> {
    generated::OPENINGS
        .iter()
        .map(|&(eco, name, moves)| Opening { eco, name, moves })
}

/// The position each named line reaches, by Polyglot key (the first line to reach a position
/// names it).
fn index() -> &'static HashMap<u64, Opening> {
    static INDEX: OnceLock<HashMap<u64, Opening>> = OnceLock::new();
    INDEX.get_or_init(|| {
        let mut index = HashMap::with_capacity(generated::OPENINGS.len());
        for opening in all() {
            if let Some(pos) = play(opening.moves) {
                index.entry(pos.zobrist_hash()).or_insert(opening);
            }
        }
        index
    })
}

/// The position at the end of a line of SAN with move numbers (`1. e4 e5 2. Nf3`); `None` if a
/// move is not legal (the data set's lines all are: a test checks it).
fn play(line: &str) -> Option<Position> {
    let start = Position::standard();
    let moves = crate::input::parse_line(&start, line).ok()?;
    let mut pos = start;
    for m in moves {
        pos.play_unchecked(m);
    }
    Some(pos)
}

/// The opening whose named line ends in `pos` (move counters aside).
#[must_use]
pub fn of_position(pos: &Position) -> Option<Opening> {
    index().get(&pos.zobrist_hash()).copied()
}

/// The opening of a game: the last named position among `start` and the positions its
/// `moves` pass through (`None` in Chess960, whose starts the names do not cover, or for a
/// line that never meets a named position).
#[must_use]
pub fn of_moves(start: &Position, moves: &[Move]) -> Option<Opening> {
    if start.is_chess960() {
        return None;
    }
    let mut pos = start.clone();
    let mut found = of_position(&pos);
    for &m in moves {
        pos.play_unchecked(m);
        if let Some(opening) = of_position(&pos) {
            found = Some(opening);
        }
    }
    found
}

/// The opening of a game's mainline (see [`of_moves`]; `None` for a variant's game, which the
/// names do not cover).
#[must_use]
pub fn classify(game: &PgnGame) -> Option<Opening> {
    if game.variant_initial.is_some() {
        return None;
    }
    let moves: Vec<Move> = game.mainline_moves().map_while(|m| m).collect();
    of_moves(&game.initial, &moves)
}

/// Classifies a game and writes its `ECO` and `Opening` tags (replacing any the game had, as
/// pgn-extract's classification does); a game without a named opening is left as it is.
///
/// ```
/// use chess_notation::openings;
/// use chess_notation::pgn::PgnGame;
///
/// let mut game: PgnGame = "1. d4 d5 2. c4 e6 3. Nc3 Nf6 *".parse()?;
/// openings::tag(&mut game);
/// assert_eq!(game.header("ECO"), Some("D35"));
/// assert_eq!(game.header("Opening"), Some("Queen's Gambit Declined: Normal Defense"));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub fn tag(game: &mut PgnGame) -> Option<Opening> {
    let opening = classify(game)?;
    game.set_header("ECO", opening.eco);
    game.set_header("Opening", opening.name);
    Some(opening)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_named_line_is_legal_and_indexed() {
        let mut lines = 0;
        for opening in all() {
            let pos = play(opening.moves)
                .unwrap_or_else(|| panic!("{} {}: {}", opening.eco, opening.name, opening.moves));
            // The position names some line (this one, or an earlier line reaching it).
            assert!(of_position(&pos).is_some());
            lines += 1;
        }
        assert!(lines > 3_500, "{lines}");
        assert!(index().len() > 3_000, "{}", index().len());
    }

    #[test]
    fn the_start_and_other_starts_are_not_named() {
        assert_eq!(of_position(&Position::standard()), None);
        let start = Position::chess960(0).unwrap();
        let m = start.legal_moves()[0];
        assert_eq!(of_moves(&start, &[m]), None);
    }
}
