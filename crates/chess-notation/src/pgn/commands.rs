//! Comment commands: `[%clk 0:03:00]`, `[%eval 0.3]`, `[%eval #-3]`.

use core::fmt;
use std::time::Duration;

/// An engine evaluation from a `[%eval ...]` command, from white's point of view.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Eval {
    /// An advantage in centipawns (`[%eval 0.3]` is 30, `[%eval -1.25]` is -125).
    Centipawns(i32),
    /// Mate in this many moves: positive when white mates, negative when black mates
    /// (`[%eval #-3]`).
    Mate(i32),
}

impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Centipawns(cp) => {
                let sign = if cp < 0 { "-" } else { "" };
                let cp = cp.unsigned_abs();
                write!(f, "{sign}{}.{:02}", cp / 100, cp % 100)
            }
            Eval::Mate(n) => write!(f, "#{n}"),
        }
    }
}

/// The commands `[%name value]` in a comment, as (name, value) pairs in order.
///
/// ```
/// use chess_notation::pgn::commands;
///
/// let found: Vec<_> = commands("good move [%eval 0.17,20] [%clk 0:00:59.5]").collect();
/// assert_eq!(found, [("eval", "0.17,20"), ("clk", "0:00:59.5")]);
/// ```
#[must_use]
pub fn commands(comment: &str) -> Commands<'_> {
    Commands { rest: comment }
}

/// The iterator of [`commands`].
#[derive(Clone, Debug)]
pub struct Commands<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Commands<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<(&'a str, &'a str)> {
        loop {
            let start = self.rest.find("[%")?;
            let body = &self.rest[start + 2..];
            let Some(end) = body.find(']') else {
                self.rest = "";
                return None;
            };
            self.rest = &body[end + 1..];
            let command = body[..end].trim();
            let (name, value) = match command.find(char::is_whitespace) {
                Some(i) => (&command[..i], command[i..].trim()),
                None => (command, ""),
            };
            if !name.is_empty() {
                return Some((name, value));
            }
        }
    }
}

/// The remaining clock time of a `[%clk H:MM:SS]` command (fractions of seconds allowed).
///
/// ```
/// use std::time::Duration;
/// use chess_notation::pgn::clock;
///
/// assert_eq!(clock("[%clk 0:03:00]"), Some(Duration::from_secs(180)));
/// assert_eq!(clock("[%clk 1:00:02.5]"), Some(Duration::from_millis(3_602_500)));
/// assert_eq!(clock("no clock"), None);
/// ```
#[must_use]
pub fn clock(comment: &str) -> Option<Duration> {
    let (_, value) = commands(comment).find(|(name, _)| *name == "clk")?;
    parse_clock(value)
}

/// The value of a `clk` command (`0:03:00`).
pub(crate) fn parse_clock(value: &str) -> Option<Duration> {
    let mut seconds: u64 = 0;
    let mut parts = value.split(':').peekable();
    let mut millis = 0u64;
    let mut count = 0;
    while let Some(part) = parts.next() {
        count += 1;
        if count > 3 {
            return None;
        }
        let whole = if parts.peek().is_none() {
            // The seconds, possibly with a fraction.
            let (whole, fraction) = part.split_once('.').unwrap_or((part, ""));
            if !fraction.bytes().all(|c| c.is_ascii_digit()) {
                return None;
            }
            let digits = fraction.get(..3).unwrap_or(fraction);
            let mut ms = digits.parse::<u64>().unwrap_or(0);
            for _ in digits.len()..3 {
                ms *= 10;
            }
            millis = ms;
            whole
        } else {
            part
        };
        if whole.is_empty() || !whole.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        seconds = seconds.checked_mul(60)?.checked_add(whole.parse().ok()?)?;
    }
    Some(Duration::from_secs(seconds) + Duration::from_millis(millis))
}

/// The evaluation of an `[%eval ...]` command: pawns (`0.3`, `-1.25`) or mate (`#-3`), with an
/// optional depth after a comma that is ignored.
///
/// ```
/// use chess_notation::pgn::{Eval, eval};
///
/// assert_eq!(eval("[%eval 0.3]"), Some(Eval::Centipawns(30)));
/// assert_eq!(eval("[%eval #-3]"), Some(Eval::Mate(-3)));
/// assert_eq!(eval("[%eval -1.25,22]"), Some(Eval::Centipawns(-125)));
/// ```
#[must_use]
pub fn eval(comment: &str) -> Option<Eval> {
    let (_, value) = commands(comment).find(|(name, _)| *name == "eval")?;
    parse_eval(value)
}

/// The value of an `eval` command (`0.17`, `#-3`, `0.17,20`).
pub(crate) fn parse_eval(value: &str) -> Option<Eval> {
    let value = value.split(',').next()?.trim();
    if let Some(mate) = value.strip_prefix('#') {
        return mate.parse().ok().map(Eval::Mate);
    }
    let (negative, digits) = match value.as_bytes().first()? {
        b'-' => (true, &value[1..]),
        b'+' => (false, &value[1..]),
        _ => (false, value),
    };
    let (whole, fraction) = digits.split_once('.').unwrap_or((digits, ""));
    if (whole.is_empty() && fraction.is_empty())
        || !whole.bytes().all(|c| c.is_ascii_digit())
        || !fraction.bytes().all(|c| c.is_ascii_digit())
    {
        return None;
    }
    let pawns: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let mut hundredths: i64 = 0;
    for (i, c) in fraction.bytes().take(3).enumerate() {
        hundredths += i64::from(c - b'0') * [100, 10, 1][i];
    }
    // Thousandths, rounded to centipawns.
    let cp = pawns.checked_mul(100)? + (hundredths + 5) / 10;
    let cp = i32::try_from(cp).ok()?;
    Some(Eval::Centipawns(if negative { -cp } else { cp }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks() {
        assert_eq!(clock("[%clk 3:00]"), Some(Duration::from_secs(180)));
        assert_eq!(clock("[%clk 12]"), Some(Duration::from_secs(12)));
        assert_eq!(clock("[%clk 0:00:00.25]"), Some(Duration::from_millis(250)));
        assert_eq!(clock("[%clk x:00]"), None);
        assert_eq!(clock("[%clk 1:2:3:4]"), None);
        assert_eq!(clock("[%clk 99999999999999999999:00]"), None);
        assert_eq!(clock("[%clk"), None);
    }

    #[test]
    fn evals() {
        assert_eq!(eval("[%eval .5]"), Some(Eval::Centipawns(50)));
        assert_eq!(eval("[%eval +2]"), Some(Eval::Centipawns(200)));
        assert_eq!(eval("[%eval 0.125]"), Some(Eval::Centipawns(13)));
        assert_eq!(eval("[%eval #4]"), Some(Eval::Mate(4)));
        assert_eq!(eval("[%eval -]"), None);
        assert_eq!(eval("[%eval abc]"), None);
        assert_eq!(Eval::Centipawns(-5).to_string(), "-0.05");
        assert_eq!(Eval::Mate(-3).to_string(), "#-3");
    }
}
