//! The result token that ends a game's movetext.

use core::fmt;

use chess_core::Color;

/// The result token at the end of a game's movetext.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum GameResult {
    /// `1-0`
    WhiteWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unknown, in progress or abandoned.
    Unknown,
}

impl GameResult {
    /// The token: `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result of a game `winner` won.
    #[must_use]
    pub const fn winner(winner: Color) -> GameResult {
        match winner {
            Color::White => GameResult::WhiteWins,
            Color::Black => GameResult::BlackWins,
        }
    }

    /// The result a token stands for.
    #[must_use]
    pub fn from_token(token: &str) -> Option<GameResult> {
        match token {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "*" => Some(GameResult::Unknown),
            _ => None,
        }
    }

    /// The result a token stands for as the lenient PGN reader reads it: a standard token, or
    /// one written otherwise, with an en dash, an em dash or a minus sign for the hyphen, with
    /// `½` for `1/2`, or as `1/2` alone (see
    /// [`NonstandardResult`](super::SyntaxErrorKind::NonstandardResult)).
    ///
    /// ```
    /// use chess_notation::pgn::GameResult;
    ///
    /// assert_eq!(GameResult::from_token_lenient("1\u{2013}0"), Some(GameResult::WhiteWins));
    /// assert_eq!(GameResult::from_token_lenient("\u{bd}-\u{bd}"), Some(GameResult::Draw));
    /// assert_eq!(GameResult::from_token_lenient("0-1"), Some(GameResult::BlackWins));
    /// assert_eq!(GameResult::from_token_lenient("1\u{2013}"), None);
    /// ```
    #[must_use]
    pub fn from_token_lenient(token: &str) -> Option<GameResult> {
        GameResult::from_token(token).or_else(|| nonstandard_result(token.as_bytes()))
    }
}

/// The result written otherwise than PGN writes it: `1/2`, `½` for `1/2`, and an en dash, an
/// em dash or a minus sign for `-` (`1–0`, `0—1`, `½–½`, `1/2−1/2`, `½-½`). `None` for the
/// standard tokens and anything else.
#[cold]
pub(crate) fn nonstandard_result(token: &[u8]) -> Option<GameResult> {
    let text = core::str::from_utf8(token).ok()?;
    // The text with `½` as `1/2` and each dash as `-`, if it is short enough to be a result.
    let mut plain = [0u8; 7];
    let mut len = 0;
    for c in text.chars() {
        let part: &[u8] = match c {
            '½' => b"1/2",
            '–' | '—' | '−' => b"-",
            '0' | '1' | '2' | '/' | '-' => &[c as u8],
            _ => return None,
        };
        plain.get_mut(len..len + part.len())?.copy_from_slice(part);
        len += part.len();
    }
    let plain = &plain[..len];
    if plain == token {
        // Written as PGN writes it (or not a result at all), but for `1/2`.
        return (plain == b"1/2").then_some(GameResult::Draw);
    }
    match plain {
        b"1-0" => Some(GameResult::WhiteWins),
        b"0-1" => Some(GameResult::BlackWins),
        b"1/2-1/2" | b"1/2" => Some(GameResult::Draw),
        _ => None,
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
