//! Comment commands, read and written: `[%eval 0.17]` and `[%eval #-3,20]` (an evaluation
//! from white's point of view, with the depth of the search when known), `[%clk 0:03:00]` (the
//! clock of the side that moved), `[%emt 0:00:00.412]` (the time the move took), and the
//! arrows and squares marked by `[%cal Ge2e4,Rd1d8]` and `[%csl Gd5]`.
//!
//! Reading: [`commands`] (and [`command_bytes`], on bytes) splits a comment into its commands as
//! (name, value) pairs; [`eval`], [`clock`], [`emt`] and [`marks`] read one kind of command of a
//! comment, [`parse_eval`] and [`parse_clock`] one value; [`Command::parse`] reads any of them
//! into a typed [`Command`]. What cannot be read is left out, as the comment is only text.
//!
//! Writing: a [`Command`]'s `Display` writes the command (its documentation has the forms
//! written), and [`without_commands`] takes the commands of one name out of a comment, to
//! replace them. Written and read again, a command gives back the same value.
//!
//! ```
//! use std::time::Duration;
//! use chess_notation::pgn::{Command, Eval, commands, without_commands};
//!
//! let eval = Command::Eval { eval: Eval::Centipawns(-31), depth: Some(14) };
//! let emt = Command::ElapsedMoveTime(Duration::from_millis(412));
//! let clock = Command::Clock(Duration::from_secs(180));
//! let comment = format!("{eval} {emt} {clock}");
//! assert_eq!(comment, "[%eval -0.31,14] [%emt 0:00:00.412] [%clk 0:03:00]");
//!
//! let read: Vec<Command> = commands(&comment)
//!     .filter_map(|(name, value)| Command::parse(name, value))
//!     .collect();
//! assert_eq!(read, [eval, emt, clock]);
//!
//! assert_eq!(without_commands(&comment, "eval"), "[%emt 0:00:00.412] [%clk 0:03:00]");
//! ```

use core::fmt;
use core::str::FromStr;
use std::time::Duration;

use chess_core::Square;

use super::reader::find_byte;

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
    /// Writes the value of `[%eval]`: `0.17`, `-1.20`, `#3`, `#-3`. With the `+` flag
    /// (`{:+}`), centipawns that are not negative get a sign too, as people write a score
    /// (`+0.35`, `+0.00`); mates never do (`#3`).
    ///
    /// ```
    /// use chess_notation::pgn::Eval;
    ///
    /// assert_eq!(Eval::Centipawns(17).to_string(), "0.17");
    /// assert_eq!(format!("{:+}", Eval::Centipawns(35)), "+0.35");
    /// assert_eq!(format!("{:+}", Eval::Centipawns(-120)), "-1.20");
    /// assert_eq!(format!("{:+}", Eval::Mate(3)), "#3");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Centipawns(cp) => {
                let sign = match (cp < 0, f.sign_plus()) {
                    (true, _) => "-",
                    (false, true) => "+",
                    (false, false) => "",
                };
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

/// The commands of a comment given as bytes not yet checked as UTF-8, as (name, value) pairs
/// in order: [`commands`] for a reader that never makes the comment a `String` (a command
/// holding bytes that are not UTF-8 is skipped).
///
/// ```
/// use chess_notation::pgn::command_bytes;
///
/// let found: Vec<_> = command_bytes(b"[%clk 0:00:59.5] ok").collect();
/// assert_eq!(found, [(&b"clk"[..], &b"0:00:59.5"[..])]);
/// ```
#[must_use]
pub fn command_bytes(comment: &[u8]) -> CommandBytes<'_> {
    CommandBytes { rest: comment }
}

/// The iterator of [`command_bytes`].
#[derive(Clone, Debug)]
pub struct CommandBytes<'a> {
    rest: &'a [u8],
}

impl<'a> Iterator for CommandBytes<'a> {
    type Item = (&'a [u8], &'a [u8]);

    fn next(&mut self) -> Option<(&'a [u8], &'a [u8])> {
        loop {
            let rest = self.rest;
            let open = command_open(rest)?;
            let body = open + 2;
            // Searched a word at a time: a reader of a Lichess file looks for a command in
            // every comment of every move.
            let Some(len) = find_byte(&rest[body..], b']') else {
                // Cut off before its `]`: not a command.
                self.rest = &rest[rest.len()..];
                return None;
            };
            self.rest = &rest[body + len + 1..];
            if let Some((name, value)) = split_command(&rest[body..body + len]) {
                return Some((name, value));
            }
        }
    }
}

/// The first clock and the first evaluation of a comment's commands, read as
/// [`command_bytes`] with [`parse_clock`] and [`parse_eval`] read them (a command whose value
/// does not read is passed over for a later one of the same name): what a reader of
/// annotated games takes from every comment, in one pass that goes straight to the two
/// names as they are nearly always written.
///
/// ```
/// use std::time::Duration;
/// use chess_notation::pgn::{Eval, clock_and_eval};
///
/// let (clock, eval) = clock_and_eval(b" [%eval -0.3] [%clk 0:02:59.4] ");
/// assert_eq!(clock, Some(Duration::from_millis(179_400)));
/// assert_eq!(eval, Some(Eval::Centipawns(-30)));
/// assert_eq!(clock_and_eval(b"[%clk x] [%clk 0:01:00]").0, Some(Duration::from_secs(60)));
/// assert_eq!(clock_and_eval(b"no commands"), (None, None));
/// ```
#[must_use]
pub fn clock_and_eval(comment: &[u8]) -> (Option<Duration>, Option<Eval>) {
    let (mut clock, mut eval) = (None, None);
    let mut rest = comment;
    while clock.is_none() || eval.is_none() {
        let Some(open) = command_open(rest) else {
            break;
        };
        let body = &rest[open + 2..];
        let Some(end) = find_byte(body, b']') else {
            // Cut off before its `]`: not a command.
            break;
        };
        let command = &body[..end];
        rest = &body[end + 1..];
        // `split_command` gives the same name and value for these two forms.
        let (name, value) = match command {
            [b'c', b'l', b'k', b' ', value @ ..] if value.is_ascii() => (&b"clk"[..], trim(value)),
            [b'e', b'v', b'a', b'l', b' ', value @ ..] if value.is_ascii() => {
                (&b"eval"[..], trim(value))
            }
            _ => match split_command(command) {
                Some(pair) => pair,
                None => continue,
            },
        };
        match name {
            b"clk" if clock.is_none() => clock = parse_clock(value),
            b"eval" if eval.is_none() => {
                eval = core::str::from_utf8(value).ok().and_then(parse_eval);
            }
            _ => {}
        }
    }
    (clock, eval)
}

/// Where the next command of `text` is: the offset of its `[%` and the offset of its `]` (the
/// end of `text` when it is cut off before one).
fn next_command(text: &[u8]) -> Option<(usize, usize)> {
    let open = command_open(text)?;
    let end = find_byte(&text[open + 2..], b']').map_or(text.len(), |i| open + 2 + i);
    Some((open, end))
}

/// The offset of the next `[%` of `text`.
#[inline]
fn command_open(text: &[u8]) -> Option<usize> {
    let mut from = 0;
    loop {
        let open = from + find_byte(&text[from..], b'[')?;
        if text.get(open + 1) == Some(&b'%') {
            return Some(open);
        }
        from = open + 1;
    }
}

/// `comment` without its commands called `name`, and without the spaces they leave: the
/// whitespace around a command taken out becomes one space, or nothing at either end of the
/// comment; the rest of the comment is kept as it is. A command of that name cut off by the
/// end of the comment (no `]`) goes too.
///
/// ```
/// use chess_notation::pgn::{Command, Eval, without_commands};
///
/// let comment = "[%eval 0.3] good [%clk 0:01:00] [%eval #-3,20]";
/// assert_eq!(without_commands(comment, "eval"), "good [%clk 0:01:00]");
/// assert_eq!(without_commands("[%eval #-3,20]", "eval"), "");
/// assert_eq!(without_commands("no commands", "eval"), "no commands");
///
/// // Replacing an evaluation:
/// let eval = Command::Eval { eval: Eval::Centipawns(20), depth: None };
/// let kept = without_commands("[%eval 9.9] [%clk 0:05:00]", "eval");
/// assert_eq!(format!("{eval} {kept}"), "[%eval 0.20] [%clk 0:05:00]");
/// ```
#[must_use]
pub fn without_commands(comment: &str, name: &str) -> String {
    let bytes = comment.as_bytes();
    let mut kept = String::new();
    let mut keep = |piece: &str| {
        if !piece.is_empty() {
            if !kept.is_empty() {
                kept.push(' ');
            }
            kept.push_str(piece);
        }
    };
    // The start of the text not yet kept or dropped, and whether a command was dropped before.
    let mut at = 0;
    let mut dropped = false;
    let mut from = 0;
    while let Some((open, end)) = next_command(&bytes[from..]) {
        let (open, end) = (from + open, from + end);
        // Past the `]`, or the end of the comment.
        from = (end + 1).min(bytes.len());
        // `[`, `]` and the end are boundaries of characters.
        if split_command(&bytes[open + 2..end]).is_some_and(|(n, _)| n == name.as_bytes()) {
            let piece = comment[at..open].trim_end();
            keep(if dropped { piece.trim_start() } else { piece });
            dropped = true;
            at = from;
        }
    }
    let rest = &comment[at..];
    keep(if dropped { rest.trim_start() } else { rest });
    kept
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
///
/// ```
/// use std::time::Duration;
/// use chess_notation::pgn::parse_clock;
///
/// assert_eq!(parse_clock(b"0:02:58.5"), Some(Duration::from_millis(178_500)));
/// assert_eq!(parse_clock(b"soon"), None);
/// ```
#[must_use]
#[inline]
pub fn parse_clock(value: &[u8]) -> Option<Duration> {
    // Lichess writes every clock as `H:MM:SS`: read at once.
    if let [h, b':', m1, m2, b':', s1, s2] = *value
        && [h, m1, m2, s1, s2].iter().all(u8::is_ascii_digit)
    {
        let digit = |c: u8| u64::from(c - b'0');
        let minutes = digit(h) * 60 + digit(m1) * 10 + digit(m2);
        return Some(Duration::from_secs(
            minutes * 60 + digit(s1) * 10 + digit(s2),
        ));
    }
    // One pass (a reader of a Lichess file reads one clock per move): the parts before a
    // `.` are hours, minutes and seconds, at most three and none empty; after it, digits
    // only, of which the first three are read.
    let mut seconds: u64 = 0;
    let mut part: u64 = 0;
    let mut digits = 0;
    let mut parts = 1;
    let mut i = 0;
    while let Some(&c) = value.get(i) {
        match c {
            b'0'..=b'9' => {
                part = part.checked_mul(10)?.checked_add(u64::from(c - b'0'))?;
                digits += 1;
            }
            b':' if digits > 0 && parts < 3 => {
                seconds = seconds.checked_mul(60)?.checked_add(part)?;
                (part, digits) = (0, 0);
                parts += 1;
            }
            b'.' => break,
            _ => return None,
        }
        i += 1;
    }
    if digits == 0 {
        return None;
    }
    seconds = seconds.checked_mul(60)?.checked_add(part)?;
    let mut millis = 0;
    if let Some(fraction) = value.get(i + 1..) {
        let mut scale = 100;
        for &c in fraction {
            if !c.is_ascii_digit() {
                return None;
            }
            millis += u64::from(c - b'0') * scale;
            scale /= 10;
        }
    }
    Some(Duration::from_secs(seconds) + Duration::from_millis(millis))
}

/// The evaluation of an `[%eval ...]` command: pawns (`0.3`, `-1.25`) or mate (`#-3`), with an
/// optional depth after a comma that is ignored (see [`Command::parse`] for it).
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

/// The value of an `eval` command (`0.17`, `#-3`, `0.17,20`; a depth after the comma is
/// ignored here, and read by [`Command::parse`]).
///
/// ```
/// use chess_notation::pgn::{Eval, parse_eval};
///
/// assert_eq!(parse_eval("-0.17,20"), Some(Eval::Centipawns(-17)));
/// assert_eq!(parse_eval("#3"), Some(Eval::Mate(3)));
/// ```
#[must_use]
pub fn parse_eval(value: &str) -> Option<Eval> {
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
    let cp = pawns.checked_mul(100)?.checked_add((hundredths + 5) / 10)?;
    // Signed before the range check: `-21474836.48` is `i32::MIN` centipawns.
    let cp = i32::try_from(if negative { -cp } else { cp }).ok()?;
    Some(Eval::Centipawns(cp))
}

/// The time a move took, from an `[%emt H:MM:SS]` command (elapsed move time; fractions of
/// seconds allowed, read as [`parse_clock`] reads them).
///
/// ```
/// use std::time::Duration;
/// use chess_notation::pgn::emt;
///
/// assert_eq!(emt("[%emt 0:00:00.412] [%clk 0:00:09.688]"), Some(Duration::from_millis(412)));
/// assert_eq!(emt("[%clk 0:03:00]"), None);
/// ```
#[must_use]
pub fn emt(comment: &str) -> Option<Duration> {
    let (_, value) = commands(comment).find(|(name, _)| *name == "emt")?;
    parse_clock(value.as_bytes())
}

/// A command of a comment as a typed value: its `Display` writes the command
/// (`[%eval 0.17,20]`, `[%clk 0:03:00]`), and [`Command::parse`] reads it back from the name and
/// value [`commands`] gives. The forms written:
///
/// | command | written | |
/// | --- | --- | --- |
/// | `eval` | `[%eval 0.17]`, `[%eval -1.20,20]`, `[%eval #-3]` | pawns with two decimals, or `#` and the moves to mate (negative when black mates); the depth after a comma |
/// | `clk`, `emt` | `[%clk 0:03:00]`, `[%emt 0:00:09.688]` | hours, minutes and seconds, with milliseconds when there are some |
/// | `cal` | `[%cal Ge2e4,Rd1d8]` | an entry is the colour's letter and two squares |
/// | `csl` | `[%csl Gd5,Ra1]` | an entry is the colour's letter and a square |
///
/// Written and read again, a command gives back the same value; read and written again, these
/// forms come out as they went in. Other forms that mean the same are written in these:
/// Lichess's `[%eval 0.2]` as `[%eval 0.20]`, `[%clk 0:02:59.9]` as `[%clk 0:02:59.900]`,
/// `[%clk 3:00]` as `[%clk 0:03:00]`.
///
/// ```
/// use std::time::Duration;
/// use chess_core::Square;
/// use chess_notation::pgn::{Command, Eval, Mark, MarkColor};
///
/// let eval = Command::Eval { eval: Eval::Mate(-3), depth: Some(20) };
/// assert_eq!(eval.to_string(), "[%eval #-3,20]");
/// assert_eq!(Command::Clock(Duration::from_millis(9_688)).to_string(), "[%clk 0:00:09.688]");
/// assert_eq!(Command::ElapsedMoveTime(Duration::ZERO).to_string(), "[%emt 0:00:00]");
/// let arrows = Command::Arrows(vec![
///     Mark::arrow(MarkColor::Green, Square::E2, Square::E4),
///     Mark::arrow(MarkColor::Red, Square::D1, Square::D8),
/// ]);
/// assert_eq!(arrows.to_string(), "[%cal Ge2e4,Rd1d8]");
/// let squares = Command::Squares(vec![Mark::square(MarkColor::Green, Square::D5)]);
/// assert_eq!(squares.to_string(), "[%csl Gd5]");
///
/// assert_eq!(Command::parse("eval", "#-3,20"), Some(eval));
/// assert_eq!(Command::parse("clk", "soon"), None);
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum Command {
    /// `[%eval 0.17]`, `[%eval #-3,20]`: an evaluation from white's point of view, and the
    /// depth of the search that gave it when known.
    Eval {
        /// The evaluation.
        eval: Eval,
        /// The depth, written after a comma.
        depth: Option<u32>,
    },
    /// `[%clk 0:03:00]`: the time left on the clock of the side that moved, after the move.
    /// Written to the millisecond (less is dropped).
    Clock(Duration),
    /// `[%emt 0:00:00.412]`: the time the move took (elapsed move time). Written to the
    /// millisecond (less is dropped).
    ElapsedMoveTime(Duration),
    /// `[%cal Ge2e4,Rd1d8]`: arrows, each written with both its squares (a mark of one square
    /// as `Ge4e4`, which reads back as that square).
    Arrows(Vec<Mark>),
    /// `[%csl Gd5]`: marked squares, each written as its colour and its `from` square (an
    /// arrow's other square is not written).
    Squares(Vec<Mark>),
}

impl Command {
    /// The command's name, as it follows `[%`: `eval`, `clk`, `emt`, `cal` or `csl`.
    ///
    /// ```
    /// use std::time::Duration;
    /// use chess_notation::pgn::Command;
    ///
    /// assert_eq!(Command::Clock(Duration::ZERO).name(), "clk");
    /// ```
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            Command::Eval { .. } => "eval",
            Command::Clock(_) => "clk",
            Command::ElapsedMoveTime(_) => "emt",
            Command::Arrows(_) => "cal",
            Command::Squares(_) => "csl",
        }
    }

    /// Reads the command `[%name value]`, given its name and value as [`commands`] splits them;
    /// `None` for a name this module does not know or a value it cannot read. An evaluation is
    /// read as [`parse_eval`] reads it, with the depth when one follows the comma (`None` when
    /// it is not a number); clock times as [`parse_clock`] reads them; arrows and squares only
    /// when every entry is one (as [`marks`] reads them; [`marks`] also gives the good entries
    /// of a command with bad ones).
    ///
    /// ```
    /// use chess_notation::pgn::{Command, Eval, commands};
    ///
    /// let comment = "[%eval 0.2] [%clk 3:00] [%timestamp 12] [%cal Ge2e4,Xd1d8]";
    /// let read: Vec<String> = commands(comment)
    ///     .filter_map(|(name, value)| Command::parse(name, value))
    ///     .map(|command| command.to_string())
    ///     .collect();
    /// assert_eq!(read, ["[%eval 0.20]", "[%clk 0:03:00]"]);
    /// ```
    #[must_use]
    pub fn parse(name: &str, value: &str) -> Option<Command> {
        let entries = |arrows: bool| {
            value
                .split(',')
                .map(str::trim)
                .filter(|entry| !entry.is_empty())
                .map(|entry| parse_mark(entry, arrows).ok())
                .collect::<Option<Vec<Mark>>>()
        };
        match name {
            "eval" => {
                let (eval, depth) = value.split_once(',').unwrap_or((value, ""));
                Some(Command::Eval {
                    eval: parse_eval(eval)?,
                    depth: depth.trim().parse().ok(),
                })
            }
            "clk" => parse_clock(value.as_bytes()).map(Command::Clock),
            "emt" => parse_clock(value.as_bytes()).map(Command::ElapsedMoveTime),
            "cal" => entries(true).map(Command::Arrows),
            "csl" => entries(false).map(Command::Squares),
            _ => None,
        }
    }
}

impl fmt::Display for Command {
    /// Writes the command, from `[%` to `]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[%{}", self.name())?;
        match self {
            Command::Eval { eval, depth } => {
                write!(f, " {eval}")?;
                if let Some(depth) = depth {
                    write!(f, ",{depth}")?;
                }
            }
            Command::Clock(time) | Command::ElapsedMoveTime(time) => {
                f.write_str(" ")?;
                write_hms(f, *time)?;
            }
            Command::Arrows(marks) => {
                for (i, mark) in marks.iter().enumerate() {
                    let separator = if i == 0 { ' ' } else { ',' };
                    let color = mark.color.char();
                    write!(f, "{separator}{color}{}{}", mark.from, mark.to)?;
                }
            }
            Command::Squares(marks) => {
                for (i, mark) in marks.iter().enumerate() {
                    let separator = if i == 0 { ' ' } else { ',' };
                    write!(f, "{separator}{}{}", mark.color.char(), mark.from)?;
                }
            }
        }
        f.write_str("]")
    }
}

/// Writes `time` as `[%clk]` and `[%emt]` have it: `H:MM:SS`, with `.mmm` when there are
/// milliseconds (less than a millisecond is dropped: [`parse_clock`] reads to the millisecond).
fn write_hms(f: &mut fmt::Formatter<'_>, time: Duration) -> fmt::Result {
    let ms = time.as_millis();
    let (hours, minutes, seconds) = (ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60);
    write!(f, "{hours}:{minutes:02}:{seconds:02}")?;
    match ms % 1000 {
        0 => Ok(()),
        ms => write!(f, ".{ms:03}"),
    }
}

/// The colour of a mark: the letter before its squares in `[%cal Ge2e4]` and `[%csl Rd5]`, as
/// Lichess and ChessBase write them (uppercase).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MarkColor {
    /// `G`
    Green,
    /// `R`
    Red,
    /// `Y`
    Yellow,
    /// `B`
    Blue,
}

impl MarkColor {
    /// The four colours, in the order `G`, `R`, `Y`, `B`.
    pub const ALL: [MarkColor; 4] = [
        MarkColor::Green,
        MarkColor::Red,
        MarkColor::Yellow,
        MarkColor::Blue,
    ];

    /// The colour of a letter: `G`, `R`, `Y` or `B`.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<MarkColor> {
        match c {
            'G' => Some(MarkColor::Green),
            'R' => Some(MarkColor::Red),
            'Y' => Some(MarkColor::Yellow),
            'B' => Some(MarkColor::Blue),
            _ => None,
        }
    }

    /// The colour's letter.
    #[inline]
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            MarkColor::Green => 'G',
            MarkColor::Red => 'R',
            MarkColor::Yellow => 'Y',
            MarkColor::Blue => 'B',
        }
    }
}

/// A mark a comment draws on the board: an arrow of `[%cal Ge2e4]`, or a square of
/// `[%csl Gd5]`, which is a mark whose `from` and `to` are the same square (drawn as a circle
/// or a coloured square).
///
/// Written (`Display`) and read (`FromStr`) as one entry of those commands: the colour's letter
/// and one or two squares.
///
/// ```
/// use chess_core::Square;
/// use chess_notation::pgn::{Mark, MarkColor};
///
/// let arrow: Mark = "Ge2e4".parse()?;
/// assert_eq!(arrow, Mark::arrow(MarkColor::Green, Square::E2, Square::E4));
/// let square = Mark::parse_square("Rd5")?;
/// assert!(square.is_square());
/// assert_eq!(square.to_string(), "Rd5");
/// // `[%cal]` entries have two squares, `[%csl]` entries one.
/// assert!(Mark::parse_arrow("Rd5").is_err());
/// assert!(Mark::parse_square("Ge2e4").is_err());
/// # Ok::<_, chess_notation::pgn::ParseMarkError>(())
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Mark {
    /// The colour.
    pub color: MarkColor,
    /// The square the arrow starts from, or the square marked.
    pub from: Square,
    /// The square the arrow points to; `from` for a square mark.
    pub to: Square,
}

impl Mark {
    /// An arrow from `from` to `to` (a square mark when they are the same).
    #[inline]
    #[must_use]
    pub const fn arrow(color: MarkColor, from: Square, to: Square) -> Mark {
        Mark { color, from, to }
    }

    /// A mark on `square`.
    #[inline]
    #[must_use]
    pub const fn square(color: MarkColor, square: Square) -> Mark {
        Mark::arrow(color, square, square)
    }

    /// Whether this marks one square: its arrow starts and ends on it.
    #[inline]
    #[must_use]
    pub const fn is_square(self) -> bool {
        self.from as u8 == self.to as u8
    }

    /// Reads an entry of `[%cal]`: a colour and two squares (`Ge2e4`; `Ge4e4` marks e4).
    ///
    /// # Errors
    ///
    /// [`ParseMarkError`] saying where the entry stops being one and what was expected.
    pub fn parse_arrow(text: &str) -> Result<Mark, ParseMarkError> {
        parse_mark(text, true)
    }

    /// Reads an entry of `[%csl]`: a colour and a square (`Gd5`).
    ///
    /// # Errors
    ///
    /// [`ParseMarkError`] saying where the entry stops being one and what was expected.
    pub fn parse_square(text: &str) -> Result<Mark, ParseMarkError> {
        parse_mark(text, false)
    }
}

impl fmt::Display for Mark {
    /// `Ge2e4` for an arrow, `Gd5` for a square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_square() {
            write!(f, "{}{}", self.color.char(), self.from)
        } else {
            write!(f, "{}{}{}", self.color.char(), self.from, self.to)
        }
    }
}

impl FromStr for Mark {
    type Err = ParseMarkError;

    /// Either kind of entry: `Gd5` or `Ge2e4`.
    fn from_str(text: &str) -> Result<Mark, ParseMarkError> {
        parse_mark(text, text.len() > 3)
    }
}

/// An entry of `[%cal]` (`arrow`) or `[%csl]`.
fn parse_mark(text: &str, arrow: bool) -> Result<Mark, ParseMarkError> {
    let bytes = text.as_bytes();
    let error = |offset, kind| ParseMarkError {
        text: text.to_owned(),
        offset,
        kind,
    };
    let square_at = |offset: usize| {
        bytes
            .get(offset..offset + 2)
            .and_then(Square::from_ascii)
            .ok_or_else(|| error(offset, ParseMarkErrorKind::Square))
    };
    let color = bytes
        .first()
        .and_then(|&c| MarkColor::from_char(char::from(c)))
        .ok_or_else(|| error(0, ParseMarkErrorKind::Color))?;
    let from = square_at(1)?;
    let (to, end) = match (arrow, bytes.len()) {
        (false, _) => (from, 3),
        (true, 3) => return Err(error(3, ParseMarkErrorKind::SecondSquare)),
        (true, _) => (square_at(3)?, 5),
    };
    if bytes.len() > end {
        return Err(error(end, ParseMarkErrorKind::Trailing));
    }
    Ok(Mark { color, from, to })
}

/// An entry of `[%cal]` or `[%csl]` that is not a mark: the entry, where in it the trouble is,
/// and what was expected there.
///
/// ```
/// use chess_notation::pgn::{Mark, ParseMarkErrorKind};
///
/// let error = Mark::parse_arrow("Ge2z9").unwrap_err();
/// assert_eq!(error.offset, 3);
/// assert_eq!(error.kind, ParseMarkErrorKind::Square);
/// assert_eq!(
///     error.to_string(),
///     "invalid mark \"Ge2z9\" at byte 3: expected a square from a1 to h8"
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct ParseMarkError {
    /// The entry, as written.
    pub text: String,
    /// The byte offset in the entry where it stops making sense.
    pub offset: usize,
    /// What was expected there.
    pub kind: ParseMarkErrorKind,
}

/// What a [`ParseMarkError`] expected.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
#[non_exhaustive]
pub enum ParseMarkErrorKind {
    /// A colour's letter: `G`, `R`, `Y` or `B`.
    Color,
    /// A square, `a1` to `h8`.
    Square,
    /// The square an arrow points to, after the one it starts from.
    SecondSquare,
    /// The end of the entry, after its square or squares.
    Trailing,
}

impl fmt::Display for ParseMarkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let expected = match self.kind {
            ParseMarkErrorKind::Color => "a colour: G, R, Y or B",
            ParseMarkErrorKind::Square => "a square from a1 to h8",
            ParseMarkErrorKind::SecondSquare => {
                "the square the arrow points to (an arrow is a colour and two squares, like Ge2e4)"
            }
            ParseMarkErrorKind::Trailing if self.offset > 3 => "the end of the arrow",
            ParseMarkErrorKind::Trailing => {
                "the end of the mark (a square mark is a colour and one square, like Gd5)"
            }
        };
        write!(
            f,
            "invalid mark {:?} at byte {}: expected {expected}",
            self.text, self.offset
        )
    }
}

impl std::error::Error for ParseMarkError {}

/// The marks of a comment's `[%cal ...]` (arrows) and `[%csl ...]` (squares) commands, in
/// order, each entry read or the reason it could not be: a caller can draw the good ones and
/// report the others, as the readers of `[%clk]` and `[%eval]` leave out what they cannot read.
/// Entries are separated by commas; spaces around them and empty entries are ignored.
///
/// ```
/// use chess_core::Square;
/// use chess_notation::pgn::{Mark, MarkColor, marks};
///
/// let comment = "the plan [%cal Ge2e4,Rd1d8] [%clk 0:01:00] [%csl Yd5,Xe4]";
/// let found: Vec<_> = marks(comment).collect();
/// assert_eq!(found.len(), 4);
/// assert_eq!(found[0], Ok(Mark::arrow(MarkColor::Green, Square::E2, Square::E4)));
/// assert_eq!(found[1], Ok(Mark::arrow(MarkColor::Red, Square::D1, Square::D8)));
/// assert_eq!(found[2], Ok(Mark::square(MarkColor::Yellow, Square::D5)));
/// assert_eq!(
///     found[3].as_ref().unwrap_err().to_string(),
///     "invalid mark \"Xe4\" at byte 0: expected a colour: G, R, Y or B"
/// );
/// // Only the good ones:
/// assert_eq!(marks(comment).flatten().count(), 3);
/// ```
#[must_use]
pub fn marks(comment: &str) -> Marks<'_> {
    Marks {
        commands: commands(comment),
        entries: None,
    }
}

/// The iterator of [`marks`].
#[derive(Clone, Debug)]
pub struct Marks<'a> {
    commands: Commands<'a>,
    /// The entries left of the command being read, and whether they are arrows.
    entries: Option<(bool, core::str::Split<'a, char>)>,
}

impl Iterator for Marks<'_> {
    type Item = Result<Mark, ParseMarkError>;

    fn next(&mut self) -> Option<Result<Mark, ParseMarkError>> {
        loop {
            if let Some((arrows, entries)) = &mut self.entries {
                if let Some(entry) = entries.by_ref().map(str::trim).find(|e| !e.is_empty()) {
                    return Some(parse_mark(entry, *arrows));
                }
            }
            let (name, value) = self.commands.next()?;
            self.entries = match name {
                "cal" => Some((true, value.split(','))),
                "csl" => Some((false, value.split(','))),
                _ => None,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
        assert_eq!(format!("{:+}", Eval::Centipawns(0)), "+0.00");
        assert_eq!(format!("{:+}", Eval::Centipawns(-5)), "-0.05");
        assert_eq!(format!("{:+}", Eval::Mate(-2)), "#-2");
    }

    #[test]
    fn evaluations_at_the_ends_of_the_range_read_back() {
        // `i32::MIN` centipawns used to be refused: its size was checked before its sign.
        for eval in [Eval::Centipawns(i32::MIN), Eval::Centipawns(i32::MAX)] {
            assert_eq!(parse_eval(&eval.to_string()), Some(eval));
        }
        assert_eq!(parse_eval("21474836.48"), None);
        assert_eq!(parse_eval("-21474836.49"), None);
    }

    #[test]
    fn elapsed_move_times() {
        assert_eq!(emt("[%emt 0:00:05]"), Some(Duration::from_secs(5)));
        assert_eq!(
            emt("[%clk 0:00:05] [%emt 1:00]"),
            Some(Duration::from_secs(60))
        );
        assert_eq!(emt("[%emt -1]"), None);
    }

    /// `comment` read into commands and written again.
    fn rewritten(comment: &str) -> String {
        commands(comment)
            .map(|(name, value)| {
                Command::parse(name, value).map_or(String::new(), |c| c.to_string())
            })
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn commands_of_the_sites_and_of_our_matches_are_written_as_they_were_read() {
        for comment in [
            // Lichess
            "[%eval 0.17] [%clk 0:03:00]",
            "[%eval -1.25] [%clk 1:30:00]",
            "[%eval #-3]",
            "[%cal Ge2e4,Rd1d8] [%csl Gd5,Ra1,Yh8,Bb2]",
            // Our matches and analyses
            "[%eval -0.31,14] [%emt 0:00:00.412] [%clk 0:00:09.688]",
            "[%eval #4,30] [%emt 0:00:00.004] [%clk 1:02:03]",
            "[%eval 0.30]",
            // ChessBase
            "[%emt 0:00:05]",
        ] {
            assert_eq!(rewritten(comment), comment);
        }
    }

    #[test]
    fn other_forms_are_written_in_ours() {
        for (read, written) in [
            // Lichess's own evaluations drop the trailing zeros.
            ("[%eval 0.2]", "[%eval 0.20]"),
            ("[%eval 1.0]", "[%eval 1.00]"),
            ("[%eval +2]", "[%eval 2.00]"),
            ("[%eval .125,x]", "[%eval 0.13]"),
            ("[%eval #+2, 12]", "[%eval #2,12]"),
            // Chess.com's tenths of a second.
            ("[%clk 0:02:59.9]", "[%clk 0:02:59.900]"),
            ("[%clk 3:00]", "[%clk 0:03:00]"),
            ("[%emt 0:00:00.000]", "[%emt 0:00:00]"),
            ("[% clk  100:00:00 ]", "[%clk 100:00:00]"),
            ("[%cal Ge4e4, Rd1d8,]", "[%cal Ge4e4,Rd1d8]"),
            ("[%cal]", "[%cal]"),
        ] {
            assert_eq!(rewritten(read), written, "{read}");
        }
        // Not read, so not written.
        for comment in [
            "[%eval x]",
            "[%clk -1]",
            "[%cal Ge2]",
            "[%csl Ge2e4]",
            "[%mct 1]",
        ] {
            assert_eq!(rewritten(comment), "", "{comment}");
        }
    }

    #[test]
    fn a_mark_is_written_in_the_form_of_its_command() {
        let square = Mark::square(MarkColor::Green, Square::E4);
        let arrow = Mark::arrow(MarkColor::Red, Square::D1, Square::D8);
        assert_eq!(
            Command::Arrows(vec![square, arrow]).to_string(),
            "[%cal Ge4e4,Rd1d8]"
        );
        assert_eq!(
            Command::Squares(vec![square, arrow]).to_string(),
            "[%csl Ge4,Rd1]"
        );
        assert_eq!(Command::Squares(Vec::new()).to_string(), "[%csl]");
    }

    #[test]
    fn commands_are_taken_out_with_the_spaces_they_leave() {
        let without = |comment| without_commands(comment, "eval");
        assert_eq!(
            without("[%eval 0.3] good [%clk 0:01:00]"),
            "good [%clk 0:01:00]"
        );
        assert_eq!(without("a [%eval 1]  [%eval 2]\tb [%eval 3]"), "a b");
        assert_eq!(without("[%eval 1][%eval 2]"), "");
        assert_eq!(without("plain"), "plain");
        assert_eq!(without(" kept\nas  it is "), " kept\nas  it is ");
        assert_eq!(
            without("line one\n[%eval 1]\nline two"),
            "line one line two"
        );
        assert_eq!(without("cut [%eval 0.3"), "cut");
        assert_eq!(without("cut [%clk 0:01"), "cut [%clk 0:01");
        // Only that name: not one it starts, nor the same text outside a command.
        assert_eq!(
            without("[%evaluation 1] [eval 2] [% eval 3]"),
            "[%evaluation 1] [eval 2]"
        );
        assert_eq!(without("é [%eval 1] ü"), "é ü");
    }

    fn command() -> impl Strategy<Value = Command> {
        let square = (0usize..64).prop_map(|i| Square::from_index(i).unwrap());
        let color = proptest::sample::select(MarkColor::ALL.to_vec());
        let mark =
            (color, square.clone(), square).prop_map(|(c, from, to)| Mark::arrow(c, from, to));
        let eval = prop_oneof![
            any::<i32>().prop_map(Eval::Centipawns),
            any::<i32>().prop_map(Eval::Mate),
        ];
        prop_oneof![
            (eval, any::<Option<u32>>()).prop_map(|(eval, depth)| Command::Eval { eval, depth }),
            any::<u64>().prop_map(|ms| Command::Clock(Duration::from_millis(ms))),
            any::<u64>().prop_map(|ms| Command::ElapsedMoveTime(Duration::from_millis(ms))),
            proptest::collection::vec(mark.clone(), 0..5).prop_map(Command::Arrows),
            proptest::collection::vec(mark, 0..5).prop_map(|marks| {
                Command::Squares(
                    marks
                        .into_iter()
                        .map(|m| Mark::square(m.color, m.from))
                        .collect(),
                )
            }),
        ]
    }

    proptest! {
        #[test]
        fn written_commands_read_back(written in proptest::collection::vec(command(), 0..4)) {
            let comment = written.iter().map(ToString::to_string).collect::<Vec<_>>().join(" ");
            let read: Vec<Command> = commands(&comment)
                .filter_map(|(name, value)| Command::parse(name, value))
                .collect();
            prop_assert_eq!(&read, &written);
            for command in &written {
                let kept = without_commands(&comment, command.name());
                prop_assert!(commands(&kept).all(|(name, _)| name != command.name()));
            }
        }
    }

    /// [`parse_clock`] as first written: split at the `.`, then at each `:`.
    fn parse_clock_by_parts(value: &[u8]) -> Option<Duration> {
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

    /// The first value of each name that reads, the slow way: every command in turn.
    fn clock_and_eval_by_commands(comment: &[u8]) -> (Option<Duration>, Option<Eval>) {
        let (mut clock, mut eval) = (None, None);
        for (name, value) in command_bytes(comment) {
            match name {
                b"clk" if clock.is_none() => clock = parse_clock(value),
                b"eval" if eval.is_none() => {
                    eval = core::str::from_utf8(value).ok().and_then(parse_eval);
                }
                _ => {}
            }
        }
        (clock, eval)
    }

    /// Comments made of the pieces commands are made of, spaces of every kind (a
    /// non-breaking one too), values that read and values that do not.
    fn comment_text() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            Just("[%".to_owned()),
            Just("]".to_owned()),
            Just("[".to_owned()),
            Just("clk".to_owned()),
            Just("eval".to_owned()),
            Just("emt".to_owned()),
            Just(" ".to_owned()),
            Just("\t".to_owned()),
            Just("\u{a0}".to_owned()),
            Just("#-3".to_owned()),
            Just(",20".to_owned()),
            "[0-9:.+-]{1,9}",
            "[a-z ]{0,4}",
        ];
        proptest::collection::vec(piece, 0..14).prop_map(|pieces| pieces.concat().into_bytes())
    }

    #[test]
    fn clock_and_eval_of_common_comments() {
        let read = |c: &str| clock_and_eval(c.as_bytes());
        assert_eq!(
            read("[%eval 0.17] [%clk 0:00:30]"),
            (Some(Duration::from_secs(30)), Some(Eval::Centipawns(17)))
        );
        assert_eq!(read("[%clk 0:00:30 ]").0, Some(Duration::from_secs(30)));
        assert_eq!(read("[% clk\t1:00]").0, Some(Duration::from_secs(60)));
        assert_eq!(read("[%clk 1:00").0, None);
        assert_eq!(read("[%eval #-2,30]").1, Some(Eval::Mate(-2)));
        // A non-breaking space separates as `str` sees it.
        assert_eq!(read("[%clk\u{a0}0:01]").0, Some(Duration::from_secs(1)));
    }

    proptest! {
        #[test]
        fn clocks_read_as_split_by_parts(value in "[0-9:.]{0,12}|[0-9]{1,22}(:[0-9]{1,3}){0,3}(\\.[0-9]{0,5})?|[0-9a:]:[0-9:]{2}:[0-9.]{2}") {
            prop_assert_eq!(parse_clock(value.as_bytes()), parse_clock_by_parts(value.as_bytes()));
        }

        #[test]
        fn clock_and_eval_reads_what_the_commands_say(comment in comment_text()) {
            prop_assert_eq!(clock_and_eval(&comment), clock_and_eval_by_commands(&comment));
        }
    }

    #[test]
    fn marks_of_cal_and_csl() {
        use MarkColor::{Blue, Green, Red, Yellow};
        let read =
            |comment: &str| -> Vec<Result<Mark, ParseMarkError>> { marks(comment).collect() };
        assert_eq!(
            read("[%csl Ge4,Rd5 , Yh8,Ba1,] text [%cal Bg1f3,Ye4e4]"),
            [
                Ok(Mark::square(Green, Square::E4)),
                Ok(Mark::square(Red, Square::D5)),
                Ok(Mark::square(Yellow, Square::H8)),
                Ok(Mark::square(Blue, Square::A1)),
                Ok(Mark::arrow(Blue, Square::G1, Square::F3)),
                // An arrow from a square to itself marks the square.
                Ok(Mark::square(Yellow, Square::E4)),
            ]
        );
        assert!(read("[%cal] [%csl ,] [%clk 0:01] no commands").is_empty());
        // A bad entry is reported and the next ones are still read.
        let found = read("[%cal Ge2e4,gd1d8,Re2,Ye2e4e6,Bi1a1] [%csl Ge4e5,R]");
        let errors: Vec<(usize, ParseMarkErrorKind)> = found
            .iter()
            .filter_map(|r| r.as_ref().err())
            .map(|e| (e.offset, e.kind))
            .collect();
        assert_eq!(
            errors,
            [
                (0, ParseMarkErrorKind::Color),
                (3, ParseMarkErrorKind::SecondSquare),
                (5, ParseMarkErrorKind::Trailing),
                (1, ParseMarkErrorKind::Square),
                (3, ParseMarkErrorKind::Trailing),
                (1, ParseMarkErrorKind::Square),
            ]
        );
        assert_eq!(found[0], Ok(Mark::arrow(Green, Square::E2, Square::E4)));
        assert_eq!(found.len(), 7);
    }

    #[test]
    fn mark_errors_say_what_was_expected() {
        let message = |text: &str, arrow: bool| parse_mark(text, arrow).unwrap_err().to_string();
        assert_eq!(
            message("Re2", true),
            "invalid mark \"Re2\" at byte 3: expected the square the arrow points to (an arrow is a colour and two squares, like Ge2e4)"
        );
        assert_eq!(
            message("Ge4e5", false),
            "invalid mark \"Ge4e5\" at byte 3: expected the end of the mark (a square mark is a colour and one square, like Gd5)"
        );
        assert_eq!(
            message("Ge2e4!", true),
            "invalid mark \"Ge2e4!\" at byte 5: expected the end of the arrow"
        );
        assert_eq!(
            message("", false),
            "invalid mark \"\" at byte 0: expected a colour: G, R, Y or B"
        );
        // Bytes beyond ASCII are no colour and no square, and never split a character.
        assert_eq!(parse_mark("ÉE4", false).unwrap_err().offset, 0);
        assert_eq!(parse_mark("Gé4", false).unwrap_err().offset, 1);
        assert_eq!(parse_mark("Ge2é", true).unwrap_err().offset, 3);
    }

    #[test]
    fn marks_round_trip_through_their_text() {
        for color in MarkColor::ALL {
            assert_eq!(MarkColor::from_char(color.char()), Some(color));
            for (from, to) in [(Square::A1, Square::H8), (Square::C3, Square::C3)] {
                let mark = Mark::arrow(color, from, to);
                assert_eq!(mark.to_string().parse::<Mark>(), Ok(mark));
            }
        }
        assert_eq!(MarkColor::from_char('g'), None);
        assert_eq!(Mark::parse_arrow("Gc3c3").map(Mark::is_square), Ok(true));
    }
}
