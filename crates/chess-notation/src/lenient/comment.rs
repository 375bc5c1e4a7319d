//! The clock, elapsed time and evaluation commands of a PGN comment, found as python-chess
//! finds them.
//!
//! python-chess reads `[%clk 0:03:00]`, `[%emt 0:00:05.5]` and `[%eval -0.80,20]` with
//! regular expressions stricter than [`crate::pgn::commands`]: exactly one whitespace
//! character after the command's name, all three fields of a time, two decimals at most and
//! ten digits before them in an evaluation. These functions find the first command that its
//! expressions find, so that the Python package's `kingside.pgn` answers as python-chess does.
//! Digits are ASCII digits here (Python's `\d` also takes those of other scripts).
//!
//! ```
//! use chess_notation::lenient::{EvalValue, clock_command, eval_command};
//!
//! let clock = clock_command("[%clk 5:00] [%clk 0:04:59.5]").unwrap();
//! assert_eq!(clock.total_seconds(), Some(299.5));
//! let eval = eval_command("[%eval 0.123] [%eval #-3,22]").unwrap();
//! assert_eq!((eval.value, eval.depth), (EvalValue::Mate("-3"), Some("22")));
//! ```

use super::pgn::is_python_space;

/// A `[%clk H:MM:SS]` or `[%emt H:MM:SS]` command: its three fields as written (the seconds
/// may have a fraction, `59.5`, or a bare point, `59.`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct DurationCommand<'a> {
    /// The hours' digits.
    pub hours: &'a str,
    /// The minutes' digits (any number of them, any value).
    pub minutes: &'a str,
    /// The seconds, digits with an optional fraction.
    pub seconds: &'a str,
}

impl DurationCommand<'_> {
    /// The duration in seconds as python-chess computes it: the hours and minutes as an exact
    /// integer, to which the seconds are added as a float. `None` when that integer does not
    /// fit in 128 bits.
    ///
    /// ```
    /// use chess_notation::lenient::clock_command;
    ///
    /// assert_eq!(clock_command("[%clk 3:25:45]").unwrap().total_seconds(), Some(12345.0));
    /// ```
    #[must_use]
    pub fn total_seconds(&self) -> Option<f64> {
        let whole = digits_value(self.hours)?
            .checked_mul(3600)?
            .checked_add(digits_value(self.minutes)?.checked_mul(60)?)?;
        // As Python adds an int to a float: the int rounded to the nearest float first.
        #[allow(clippy::cast_precision_loss)]
        Some(whole as f64 + seconds_value(self.seconds)?)
    }
}

/// The value of ASCII digits, if it fits in 128 bits.
fn digits_value(digits: &str) -> Option<u128> {
    if digits.len() <= 18 {
        // Fits in 64 bits: the common, cheaper loop.
        return digits
            .bytes()
            .try_fold(0_u64, |value, b| {
                b.is_ascii_digit().then(|| value * 10 + u64::from(b - b'0'))
            })
            .map(u128::from);
    }
    digits.bytes().try_fold(0_u128, |value, b| {
        b.is_ascii_digit().then_some(())?;
        value.checked_mul(10)?.checked_add(u128::from(b - b'0'))
    })
}

/// The seconds field as Python's `float()` reads it: digits, maybe a point and more digits.
fn seconds_value(text: &str) -> Option<f64> {
    // Up to 15 significant digits and 22 decimals, the value is an integer over a power of
    // ten, both exact in a double: their quotient is the correctly rounded value `float()`
    // gives. Longer texts take the general parser (as correctly rounded).
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let length = whole.len() + fraction.len();
    if (1..=15).contains(&length) && all_digits(whole) && all_digits(fraction) {
        let mantissa = whole
            .bytes()
            .chain(fraction.bytes())
            .fold(0_u64, |value, b| value * 10 + u64::from(b - b'0'));
        #[allow(clippy::cast_precision_loss)]
        let mantissa = mantissa as f64;
        return Some(if fraction.is_empty() {
            mantissa
        } else {
            mantissa / POWERS_OF_TEN[fraction.len()]
        });
    }
    text.parse().ok()
}

/// 10^0 to 10^15, exact in a double.
const POWERS_OF_TEN: [f64; 16] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
];

/// The first `[%clk H:MM:SS]` command of a comment, as python-chess's `CLOCK_REGEX` finds it.
///
/// ```
/// use chess_notation::lenient::clock_command;
///
/// assert_eq!(clock_command("[%clk 0:05:00]").unwrap().minutes, "05");
/// assert_eq!(clock_command("[%clk  0:05:00]"), None);
/// ```
#[must_use]
pub fn clock_command(comment: &str) -> Option<DurationCommand<'_>> {
    duration_command(comment, "[%clk")
}

/// The first `[%emt H:MM:SS]` command of a comment, as python-chess's `EMT_REGEX` finds it.
///
/// ```
/// use chess_notation::lenient::emt_command;
///
/// assert_eq!(emt_command("[%emt 0:00:01.234]").unwrap().seconds, "01.234");
/// ```
#[must_use]
pub fn emt_command(comment: &str) -> Option<DurationCommand<'_>> {
    duration_command(comment, "[%emt")
}

/// The evaluation of an `[%eval]` command, as written.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum EvalValue<'a> {
    /// Pawns from white's point of view: an optional sign, at most ten digits, and at most two
    /// decimals (`0.17`, `-1.2`, `+3`, `5.`, `-.5`).
    Pawns(&'a str),
    /// Moves to mate after `#`, with an optional sign: negative when black mates.
    Mate(&'a str),
}

/// An `[%eval]` command: the evaluation and the search depth after a comma, as written.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct EvalCommand<'a> {
    /// The evaluation.
    pub value: EvalValue<'a>,
    /// The depth's digits, if any.
    pub depth: Option<&'a str>,
}

impl EvalCommand<'_> {
    /// The centipawns of a [`EvalValue::Pawns`] evaluation as python-chess computes them: the
    /// pawns as a float times 100, rounded half to even.
    ///
    /// ```
    /// use chess_notation::lenient::eval_command;
    ///
    /// assert_eq!(eval_command("[%eval -0.80]").unwrap().centipawns(), Some(-80));
    /// assert_eq!(eval_command("[%eval 0.145]"), None);
    /// ```
    #[must_use]
    pub fn centipawns(&self) -> Option<i64> {
        let EvalValue::Pawns(text) = self.value else {
            return None;
        };
        let pawns: f64 = text.parse().ok()?;
        // At most ten digits and two decimals: far inside i64.
        #[allow(clippy::cast_possible_truncation)]
        Some((pawns * 100.0).round_ties_even() as i64)
    }

    /// The moves to mate of a [`EvalValue::Mate`] evaluation, if it fits in an `i64`.
    #[must_use]
    pub fn mate(&self) -> Option<i64> {
        match self.value {
            EvalValue::Mate(text) => text.parse().ok(),
            EvalValue::Pawns(_) => None,
        }
    }
}

/// The first `[%eval]` command of a comment, as python-chess's `EVAL_REGEX` finds it.
///
/// ```
/// use chess_notation::lenient::{EvalValue, eval_command};
///
/// let eval = eval_command("good [%eval +1.5,20]").unwrap();
/// assert_eq!(eval.value, EvalValue::Pawns("+1.5"));
/// assert_eq!(eval.depth, Some("20"));
/// assert_eq!(eval_command("[%eval 12345678901]"), None);
/// ```
#[must_use]
pub fn eval_command(comment: &str) -> Option<EvalCommand<'_>> {
    commands(comment, "[%eval").find_map(|at| eval_at(comment, at))
}

/// The offsets just after each `name` (`[%clk`) in `comment`, and after the one whitespace
/// character that must follow it.
fn commands<'a>(comment: &'a str, name: &'a str) -> impl Iterator<Item = usize> + 'a {
    let bytes = comment.as_bytes();
    let name = name.as_bytes();
    let mut from = 0;
    core::iter::from_fn(move || {
        // Found by their `[`: comments are short and hold few of them, so a byte loop beats a
        // substring search.
        while from < bytes.len() {
            let at = from;
            from += 1;
            if bytes[at] != b'[' || !starts_with(&bytes[at..], name) {
                continue;
            }
            let after = at + name.len();
            let Some(c) = comment[after..].chars().next() else {
                continue;
            };
            if is_python_space(c) {
                return Some(after + c.len_utf8());
            }
        }
        None
    })
}

/// Whether `hay` starts with `needle`, compared byte by byte (short needles).
fn starts_with(hay: &[u8], needle: &[u8]) -> bool {
    hay.len() >= needle.len() && hay.iter().zip(needle).all(|(a, b)| a == b)
}

fn duration_command<'a>(comment: &'a str, name: &str) -> Option<DurationCommand<'a>> {
    commands(comment, name).find_map(|at| {
        let b = comment.as_bytes();
        let hours = digits(b, at);
        let minutes_at = at + hours + 1;
        if hours == 0 || b.get(at + hours) != Some(&b':') {
            return None;
        }
        let minutes = digits(b, minutes_at);
        let seconds_at = minutes_at + minutes + 1;
        if minutes == 0 || b.get(minutes_at + minutes) != Some(&b':') {
            return None;
        }
        let mut end = seconds_at + digits(b, seconds_at);
        if end == seconds_at {
            return None;
        }
        if b.get(end) == Some(&b'.') {
            end += 1 + digits(b, end + 1);
        }
        (b.get(end) == Some(&b']')).then(|| DurationCommand {
            hours: &comment[at..at + hours],
            minutes: &comment[minutes_at..minutes_at + minutes],
            seconds: &comment[seconds_at..end],
        })
    })
}

/// The number of ASCII digits at `at`.
fn digits(b: &[u8], at: usize) -> usize {
    b.get(at..).map_or(0, |rest| {
        rest.iter().take_while(|c| c.is_ascii_digit()).count()
    })
}

fn eval_at(comment: &str, at: usize) -> Option<EvalCommand<'_>> {
    let b = comment.as_bytes();
    let sign = |i: usize| usize::from(matches!(b.get(i), Some(b'+' | b'-')));
    // After the value: an optional `,depth`, then `]`.
    let depth_at = |end: usize| -> Option<Option<&str>> {
        match b.get(end) {
            Some(b']') => Some(None),
            Some(b',') => {
                let n = digits(b, end + 1);
                (n > 0 && b.get(end + 1 + n) == Some(&b']'))
                    .then(|| Some(&comment[end + 1..end + 1 + n]))
            }
            _ => None,
        }
    };
    if b.get(at) == Some(&b'#') {
        let start = at + 1;
        let n = digits(b, start + sign(start));
        if n == 0 {
            return None;
        }
        let end = start + sign(start) + n;
        let depth = depth_at(end)?;
        return Some(EvalCommand {
            value: EvalValue::Mate(&comment[start..end]),
            depth,
        });
    }
    let whole_at = at + sign(at);
    let whole = digits(b, whole_at);
    let pawns = |end: usize| {
        depth_at(end).map(|depth| EvalCommand {
            value: EvalValue::Pawns(&comment[at..end]),
            depth,
        })
    };
    // `\d{0,10}\.\d{1,2}`, then `\d{1,10}\.?`.
    if whole <= 10 && b.get(whole_at + whole) == Some(&b'.') {
        let decimals = digits(b, whole_at + whole + 1).min(2);
        if decimals > 0 {
            if let Some(found) = pawns(whole_at + whole + 1 + decimals) {
                return Some(found);
            }
        }
    }
    if (1..=10).contains(&whole) {
        let end = whole_at + whole;
        let end = if b.get(end) == Some(&b'.') {
            end + 1
        } else {
            end
        };
        return pawns(end);
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seconds(comment: &str) -> Option<f64> {
        clock_command(comment).and_then(|c| c.total_seconds())
    }

    #[test]
    fn seconds_read_as_pythons_float_reads_them() {
        for text in [
            "05",
            "5.",
            "01.234",
            "59.999",
            "0.1",
            "12.345678901234",
            "9.87654321098765",
            "00000000000000012.5",
        ] {
            assert_eq!(seconds_value(text), text.parse::<f64>().ok(), "{text}");
        }
    }

    #[test]
    fn clocks_as_python_chess_reads_them() {
        assert_eq!(seconds("[%clk 0:05:00]"), Some(300.0));
        assert_eq!(seconds("x [%clk 1:2:3.] y"), Some(3723.0));
        assert_eq!(seconds("[%clk 0:00:01.234]"), Some(1.234));
        assert_eq!(seconds("[%clk\u{a0}0:00:07]"), Some(7.0));
        assert_eq!(seconds("[%clk 0:05]"), None);
        assert_eq!(seconds("[%clk 0:05:00 ]"), None);
        assert_eq!(seconds("[%clk 0:0x:00] [%clk 0:00:09]"), Some(9.0));
        assert_eq!(seconds("[%clk .5:00:00]"), None);
    }

    #[test]
    fn evaluations_as_python_chess_reads_them() {
        fn eval(comment: &str) -> Option<(EvalValue<'_>, Option<&str>)> {
            eval_command(comment).map(|e| (e.value, e.depth))
        }
        assert_eq!(eval("[%eval 0.17]"), Some((EvalValue::Pawns("0.17"), None)));
        assert_eq!(eval("[%eval -.5]"), Some((EvalValue::Pawns("-.5"), None)));
        assert_eq!(eval("[%eval 5.]"), Some((EvalValue::Pawns("5."), None)));
        assert_eq!(
            eval("[%eval 1234567890.12,3]"),
            Some((EvalValue::Pawns("1234567890.12"), Some("3")))
        );
        assert_eq!(eval("[%eval 12345678901.1]"), None);
        assert_eq!(eval("[%eval 1.234]"), None);
        assert_eq!(eval("[%eval 1,]"), None);
        assert_eq!(eval("[%eval #+0]"), Some((EvalValue::Mate("+0"), None)));
        assert_eq!(eval("[%eval #]"), None);
        assert_eq!(eval("[%eval .]"), None);
        assert_eq!(
            eval("[%eval  1] [%eval 2]"),
            Some((EvalValue::Pawns("2"), None))
        );
        let cp = |c: &str| eval_command(c).and_then(|e| e.centipawns());
        assert_eq!(cp("[%eval 0.125]"), None);
        assert_eq!(cp("[%eval 2.675]"), None);
        assert_eq!(cp("[%eval 2.67]"), Some(267));
        assert_eq!(cp("[%eval 0.29]"), Some(29));
        assert_eq!(cp("[%eval -0.005]"), None);
    }
}
