//! Words for the program's messages: a count with its noun in the right number (`1 game`,
//! `2 games`), used by every message that says how many of something there are.

use std::fmt;

use chess_rules::{DrawReason, Outcome};

/// A number and its noun, singular for one: `1 game`, `0 games`, `3 games`.
#[derive(Clone, Copy, Debug)]
pub struct Plural<T> {
    n: T,
    one: &'static str,
    many: &'static str,
}

/// `n` with `one` (for one) or `many` (for any other number) after it.
pub fn plural<T>(n: T, one: &'static str, many: &'static str) -> Plural<T> {
    Plural { n, one, many }
}

impl<T: fmt::Display + PartialEq + From<u8>> fmt::Display for Plural<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let noun = if self.n == T::from(1) {
            self.one
        } else {
            self.many
        };
        write!(f, "{} {noun}", self.n)
    }
}

/// The sentence announcing the end of the game.
pub fn describe_end(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Decisive { winner, reason } => {
            let loser = !*winner;
            let how = match reason {
                chess_rules::WinReason::Checkmate => format!("Checkmate: {winner} wins"),
                chess_rules::WinReason::Resignation => format!("{loser} resigns: {winner} wins"),
                chess_rules::WinReason::TimeForfeit => {
                    format!("{loser} lost on time: {winner} wins")
                }
                other => format!("{winner} wins by {}", other.description()),
            };
            format!("{} ({}).", capitalize(&how), outcome.result())
        }
        Outcome::Draw { reason } => {
            let how = match reason {
                DrawReason::Stalemate => "Stalemate: the game is drawn".to_owned(),
                other => format!("Draw by {}", other.description()),
            };
            format!("{how} ({}).", outcome.result())
        }
    }
}

/// `s` with its first letter in upper case.
pub fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_is_singular_and_every_other_number_plural() {
        assert_eq!(plural(1u64, "game", "games").to_string(), "1 game");
        assert_eq!(plural(0usize, "game", "games").to_string(), "0 games");
        assert_eq!(plural(2u32, "ply", "plies").to_string(), "2 plies");
        assert_eq!(plural(1u32, "ply", "plies").to_string(), "1 ply");
    }
}
