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
        let text = self.rest;
        let mut bytes = CommandBytes {
            rest: text.as_bytes(),
        };
        let found = bytes.next();
        // Every cut falls next to an ASCII byte or at a cut `str::trim` made, so on a
        // character boundary.
        let at = |part: &[u8]| part.as_ptr() as usize - text.as_ptr() as usize;
        self.rest = &text[at(bytes.rest)..];
        let (name, value) = found?;
        Some((
            &text[at(name)..at(name) + name.len()],
            &text[at(value)..at(value) + value.len()],
        ))
    }
}

/// [`Commands`] in bytes: what the archive records read from comments that have not been
/// checked as UTF-8 (a command holding bytes that are not is skipped).
pub(crate) struct CommandBytes<'a> {
    pub(crate) rest: &'a [u8],
}

impl<'a> Iterator for CommandBytes<'a> {
    type Item = (&'a [u8], &'a [u8]);

    fn next(&mut self) -> Option<(&'a [u8], &'a [u8])> {
        loop {
            let open = self.rest.iter().position(|&c| c == b'[')?;
            let after = &self.rest[open + 1..];
            if after.first() != Some(&b'%') {
                self.rest = after;
                continue;
            }
            let body = &after[1..];
            let Some(end) = body.iter().position(|&c| c == b']') else {
                self.rest = &self.rest[self.rest.len()..];
                return None;
            };
            self.rest = &body[end + 1..];
            if let Some((name, value)) = split_command(&body[..end]) {
                return Some((name, value));
            }
        }
    }
}

/// `char::is_whitespace` in ASCII (which, unlike `u8::is_ascii_whitespace`, counts the
/// vertical tab).
fn is_space(c: &u8) -> bool {
    matches!(c, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
}

/// `s` without the ASCII whitespace at its ends.
fn trim(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s
        && is_space(first)
    {
        s = rest;
    }
    while let [rest @ .., last] = s
        && is_space(last)
    {
        s = rest;
    }
    s
}

/// A command's text (between `[%` and `]`) as its name and value, both trimmed; `None` for an
/// empty name.
fn split_command(command: &[u8]) -> Option<(&[u8], &[u8])> {
    if !command.is_ascii() {
        // Whitespace beyond ASCII: as `str` sees it.
        let command = core::str::from_utf8(command).ok()?.trim();
        let (name, value) = match command.find(char::is_whitespace) {
            Some(i) => (&command[..i], command[i..].trim()),
            None => (command, ""),
        };
        return (!name.is_empty()).then_some((name.as_bytes(), value.as_bytes()));
    }
    let command = trim(command);
    let (name, value) = match command.iter().position(is_space) {
        Some(i) => (&command[..i], trim(&command[i..])),
        None => (command, &command[command.len()..]),
    };
    (!name.is_empty()).then_some((name, value))
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
    parse_clock(value.as_bytes())
}

/// The value of a `clk` command (`0:03:00`): hours, minutes and seconds (or fewer of them),
/// the last with an optional fraction (read to the millisecond).
pub(crate) fn parse_clock(value: &[u8]) -> Option<Duration> {
    // A fraction belongs to the seconds, the last part: after a `.`, digits only.
    let (whole, fraction) = match value.iter().position(|&c| c == b'.') {
        Some(i) => (&value[..i], &value[i + 1..]),
        None => (value, &value[value.len()..]),
    };
    if !fraction.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let millis = fraction
        .iter()
        .chain(b"000")
        .take(3)
        .fold(0, |ms, &c| ms * 10 + u64::from(c - b'0'));
    let mut seconds: u64 = 0;
    for (count, part) in whole.split(|&c| c == b':').enumerate() {
        if count == 3 || part.is_empty() {
            return None;
        }
        let mut n: u64 = 0;
        for &c in part {
            if !c.is_ascii_digit() {
                return None;
            }
            n = n.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
        }
        seconds = seconds.checked_mul(60)?.checked_add(n)?;
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
        assert_eq!(clock("[%clk 0:00:59.]"), Some(Duration::from_secs(59)));
        assert_eq!(clock("[%clk 1.5:00]"), None);
        assert_eq!(clock("[%clk 0::00]"), None);
        assert_eq!(
            clock("[%clk 0:00:01.23456]"),
            Some(Duration::from_millis(1_234))
        );
    }

    #[test]
    fn commands_are_split_as_str_whitespace_splits_them() {
        let found: Vec<_> =
            commands("[ [%] [% ] x [%clk\x0b0:01] [%\u{a0}eval\u{2003}0.5\u{a0}] [%csl Ga1] [%x")
                .collect();
        assert_eq!(found, [("clk", "0:01"), ("eval", "0.5"), ("csl", "Ga1")]);
        let bytes: Vec<_> = CommandBytes {
            rest: b"[%clk 0:00:07] \xff [%eval \xff] [%eval 1]",
        }
        .collect();
        // A command that is not UTF-8 is skipped, not the others.
        assert_eq!(bytes, [(&b"clk"[..], &b"0:00:07"[..]), (b"eval", b"1")]);
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
