//! One part of a PGN input cut into pieces to be read by different workers (processes,
//! machines), without any of them reading the others' bytes.
//!
//! The input is cut anywhere (at byte offsets of a plain file, at frame boundaries of a
//! compressed one) and every game belongs to the part that holds its first byte: a part skips
//! the end of the game its cut falls into, and reads its own last game on past its end. So the
//! parts of an input, read one after the other, give its games once each, in order.
//!
//! A game starts at a line that begins with `[` and a letter (its first tag) after a blank
//! line (empty, or one carriage return before its line feed), or at the very beginning of the
//! input: the PGN export format separates games by a blank line, as every archive does. A game without tags cannot be told from the movetext
//! before it, and is read as part of the game before it starts (when a cut falls into it, the
//! part after the cut skips it).

use std::io::{self, Read};

/// How far [`Part`] has gone.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Phase {
    /// Looking for the first game start at or after the part's beginning.
    Skipping,
    /// Passing the part's own bytes on.
    Body,
    /// Past the part's end: passing the last game's bytes on until the next game starts.
    Tail,
    /// Done: the next game, or the end of the input, is reached.
    Done,
}

/// Where a byte stands among the lines, for spotting game starts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
struct Lines {
    /// The line so far holds nothing but (possibly) one carriage return.
    line_empty: bool,
    /// The line so far is one carriage return: a second makes it a line that is not blank
    /// (else a run of them would hide how far back the line began, and the four bytes before
    /// a cut would not tell whether a game starts after it).
    carriage_return: bool,
    /// The previous line was empty (or there was none: the start of the input).
    after_blank: bool,
    /// The current line starts with `[`, and is one character long so far.
    bracket: bool,
}

impl Lines {
    /// The state at the beginning of the input, where a game may start.
    const START: Lines = Lines {
        line_empty: true,
        carriage_return: false,
        after_blank: true,
        bracket: false,
    };

    /// The state after `before`, the last four bytes before a cut, or all of them when there
    /// are fewer (then they begin the input). Only the last line breaks matter, so four bytes
    /// are enough.
    fn after(before: &[u8]) -> Lines {
        let mut lines = Lines::START;
        if before.len() >= 4 {
            lines.after_blank = false;
            lines.line_empty = false;
        }
        for &byte in before {
            lines.step(byte);
        }
        lines
    }

    /// Whether `byte` begins a game, given that the line has `bracket` so far; then steps.
    fn step(&mut self, byte: u8) -> bool {
        let starts = self.bracket && byte.is_ascii_alphabetic();
        let carriage_return = self.carriage_return;
        self.carriage_return = false;
        match byte {
            b'\n' => {
                self.after_blank = self.line_empty;
                self.line_empty = true;
                self.bracket = false;
            }
            b'\r' if self.line_empty && !carriage_return => self.carriage_return = true,
            b'[' if self.line_empty && self.after_blank => {
                self.line_empty = false;
                self.bracket = true;
            }
            _ => {
                self.line_empty = false;
                self.bracket = false;
            }
        }
        starts
    }
}

/// A part of a PGN input, as a [`Read`] of the games that belong to it.
///
/// `body` is the part's bytes, from the cut that begins it to the cut that ends it; `rest` the
/// input after it (read only as far as the part's last game goes); `before` the few bytes
/// before the cut (the last four are looked at; empty when the part begins the input).
///
/// ```
/// use std::io::Read;
/// use chess_notation::pgn::Part;
///
/// let pgn = b"[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n";
/// // Cut inside the first game's movetext: the first part reads on to the end of it, the
/// // second skips it.
/// let (body, rest) = pgn.split_at(15);
/// let mut first = Vec::new();
/// Part::new(&[], body, rest).read_to_end(&mut first)?;
/// assert_eq!(first, b"[Event \"a\"]\n\n1. e4 *\n\n");
/// let mut second = Part::new(body, rest, &[][..]);
/// let mut text = String::new();
/// second.read_to_string(&mut text)?;
/// assert_eq!(text, "[Event \"b\"]\n\n1. d4 *\n");
/// assert_eq!(second.skipped(), 7);
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Debug)]
pub struct Part<B, R> {
    body: B,
    rest: R,
    phase: Phase,
    lines: Lines,
    /// Bytes of the body read before the current buffer.
    consumed: u64,
    skipped: u64,
    /// The last bytes of the body seen (before the body, those of `before`), oldest first.
    window: [u8; 4],
    window_len: usize,
    /// Whether `buffer[0]` holds a `[` kept back from the previous read: whether it begins
    /// a game is only known at the letter after it.
    held: bool,
    /// Reads go to `buffer[1..]`, leaving room for a held `[`.
    buffer: Box<[u8]>,
    /// The window of `buffer` not yet handed out.
    start: usize,
    end: usize,
}

impl<B: Read, R: Read> Part<B, R> {
    /// The part made of `body`, after `before`, followed in the input by `rest`.
    pub fn new(before: &[u8], body: B, rest: R) -> Part<B, R> {
        let mut part = Part {
            body,
            rest,
            phase: Phase::Skipping,
            lines: Lines::START,
            consumed: 0,
            skipped: 0,
            window: [0; 4],
            window_len: 0,
            held: false,
            buffer: vec![0; 64 * 1024 + 1].into_boxed_slice(),
            start: 0,
            end: 0,
        };
        if before.is_empty() {
            // Everything from the start of the input is the first part's, whatever it is
            // (a byte order mark, a game without tags).
            part.phase = Phase::Body;
        }
        part.remember(before);
        part.lines = Lines::after(&part.window[4 - part.window_len..]);
        // A game whose `[` is the byte before the cut is the previous part's.
        part.lines.bracket = false;
        part
    }

    /// How many bytes of the body were skipped before its first game (they belong to the
    /// previous part): the offset of its first game in the body.
    #[must_use]
    pub fn skipped(&self) -> u64 {
        self.skipped
    }

    /// Reads up to the part's first game (what the previous part holds is skipped), and says
    /// where it starts in the body, as [`Part::skipped`] does once it is known.
    ///
    /// # Errors
    ///
    /// A read error of the body.
    pub fn skip_to_first_game(&mut self) -> io::Result<u64> {
        while self.phase == Phase::Skipping && self.start == self.end {
            self.fill()?;
        }
        Ok(self.skipped)
    }

    /// Keeps the last bytes of `bytes` in the window.
    fn remember(&mut self, bytes: &[u8]) {
        for &byte in &bytes[bytes.len().saturating_sub(4)..] {
            self.window.copy_within(1.., 0);
            self.window[3] = byte;
            self.window_len = (self.window_len + 1).min(4);
        }
    }

    /// Reads into `buffer[1..]`; returns the index after the last byte read.
    fn read_into_buffer(&mut self, from_body: bool) -> io::Result<usize> {
        let n = if from_body {
            read_some(&mut self.body, &mut self.buffer[1..])?
        } else {
            read_some(&mut self.rest, &mut self.buffer[1..])?
        };
        Ok(1 + n)
    }

    /// The first game start in `buffer[1..end]`, stepping the line state up to it: the index
    /// of its `[` (0 for a held one).
    fn find_start(&mut self, from: usize, end: usize) -> Option<usize> {
        (from..end)
            .find(|&i| self.lines.step(self.buffer[i]))
            .map(|i| i - 1)
    }

    /// In the tail, hands out `buffer[first..end]` up to the next game start, scanning from
    /// `from`; false when there is nothing to hand out.
    fn tail(&mut self, first: usize, from: usize, end: usize) -> bool {
        if let Some(at) = self.find_start(from, end) {
            self.phase = Phase::Done;
            self.held = false;
            return self.hand_out(first, at);
        }
        // A `[` at the end may begin the next game: kept back until the next read tells.
        let held = self.lines.bracket;
        self.held = false;
        let handed = self.hand_out(first, if held { end - 1 } else { end });
        self.held = held;
        handed
    }

    /// Fills the buffer with what comes next, in the current phase; false at the end.
    fn fill(&mut self) -> io::Result<bool> {
        loop {
            // A held `[` goes before the bytes read next.
            let first = if self.held {
                self.buffer[0] = b'[';
                0
            } else {
                1
            };
            match self.phase {
                Phase::Done => return Ok(false),
                Phase::Skipping => {
                    let end = self.read_into_buffer(true)?;
                    if end == 1 {
                        self.phase = Phase::Done;
                        self.skipped = self.consumed;
                        if !self.held {
                            // A body without a game start: nothing of its own.
                            continue;
                        }
                        // The body ends with a `[` that begins a game if a letter follows,
                        // in the rest: then that game is this part's.
                        let end = self.read_into_buffer(false)?;
                        if end == 1 || !self.lines.step(self.buffer[1]) {
                            continue;
                        }
                        self.skipped = self.consumed - 1;
                        self.phase = Phase::Tail;
                        self.buffer[0] = b'[';
                        if self.tail(0, 2, end) {
                            return Ok(true);
                        }
                        continue;
                    }
                    self.remember_buffer(end);
                    match self.find_start(1, end) {
                        Some(at) => {
                            // `buffer[1]` is body byte `consumed`.
                            self.skipped = (self.consumed + at as u64).saturating_sub(1);
                            self.consumed += (end - 1) as u64;
                            self.phase = Phase::Body;
                            self.held = false;
                            return Ok(self.hand_out(at, end));
                        }
                        None => {
                            self.consumed += (end - 1) as u64;
                            // A `[` at the end may begin a game: kept to tell.
                            self.held = self.lines.bracket;
                        }
                    }
                }
                Phase::Body => {
                    let end = self.read_into_buffer(true)?;
                    if end == 1 {
                        // The body is over: its last game (if it has one) goes on in the
                        // rest. A game starting at its very last byte is that game.
                        self.lines = Lines::after(&self.window[4 - self.window_len..]);
                        self.lines.bracket = false;
                        self.phase = if self.consumed == 0 {
                            Phase::Done
                        } else {
                            Phase::Tail
                        };
                        continue;
                    }
                    self.remember_buffer(end);
                    self.consumed += (end - 1) as u64;
                    return Ok(self.hand_out(1, end));
                }
                Phase::Tail => {
                    let end = self.read_into_buffer(false)?;
                    if end == 1 {
                        // The end of the input: a held `[` is the last byte.
                        self.phase = Phase::Done;
                        self.held = false;
                        return Ok(self.hand_out(first, 1));
                    }
                    if self.tail(first, 1, end) {
                        return Ok(true);
                    }
                }
            }
        }
    }

    fn remember_buffer(&mut self, end: usize) {
        let from = end.saturating_sub(4).max(1);
        for i in from..end {
            let byte = self.buffer[i];
            self.remember(&[byte]);
        }
    }

    /// Hands out `buffer[start..end]`; false when empty.
    fn hand_out(&mut self, start: usize, end: usize) -> bool {
        self.start = start;
        self.end = end.max(start);
        self.end > self.start
    }
}

/// Reads what `reader` has, retrying on interruption.
fn read_some(reader: &mut impl Read, buffer: &mut [u8]) -> io::Result<usize> {
    loop {
        match reader.read(buffer) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            other => return other,
        }
    }
}

impl<B: Read, R: Read> Read for Part<B, R> {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        if out.is_empty() {
            return Ok(0);
        }
        while self.start == self.end {
            if !self.fill()? {
                return Ok(0);
            }
        }
        let n = out.len().min(self.end - self.start);
        out[..n].copy_from_slice(&self.buffer[self.start..self.start + n]);
        self.start += n;
        Ok(n)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Hands out at most `max` bytes a read, to cut the parts' buffers anywhere.
    struct Trickle<'a>(&'a [u8], usize);

    impl Read for Trickle<'_> {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            let n = self.0.len().min(out.len()).min(self.1);
            out[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// The parts of `input` cut at `cuts` (sorted), read `max` bytes at a time.
    fn parts(input: &[u8], cuts: &[usize], max: usize) -> Vec<Vec<u8>> {
        let mut bounds = vec![0];
        bounds.extend_from_slice(cuts);
        bounds.push(input.len());
        bounds
            .windows(2)
            .map(|w| {
                let mut out = Vec::new();
                Part::new(
                    &input[..w[0]],
                    Trickle(&input[w[0]..w[1]], max),
                    Trickle(&input[w[1]..], max),
                )
                .read_to_end(&mut out)
                .unwrap();
                out
            })
            .collect()
    }

    const GAMES: &str = "[Event \"a\"]\n[Site \"?\"]\n\n1. e4 { a comment\n\n[not a tag] } e5 *\n\n\
        [Event \"b\"]\r\n\r\n1. d4 d5 1-0\r\n\r\n[Event \"c\"]\n\n[Event \"d\"]\n1. c4 *\n";

    #[test]
    fn a_game_belongs_to_the_part_of_its_first_byte() {
        let input = GAMES.as_bytes();
        let starts: Vec<usize> = ["[Event \"b", "[Event \"c", "[Event \"d"]
            .iter()
            .map(|s| GAMES.find(s).unwrap())
            .collect();
        for max in [1, 2, 3, 7, 1000] {
            // A cut just before, at and after each game's first byte.
            for &start in &starts {
                for cut in [start - 1, start, start + 1] {
                    let got = parts(input, &[cut], max);
                    let owner = if cut <= start {
                        start
                    } else {
                        next(&starts, start)
                    };
                    assert_eq!(got[0], &input[..owner], "cut at {cut}, {max} a read");
                    assert_eq!(got[1], &input[owner..], "cut at {cut}, {max} a read");
                }
            }
        }
    }

    fn next(starts: &[usize], start: usize) -> usize {
        starts
            .iter()
            .copied()
            .find(|&s| s > start)
            .unwrap_or(GAMES.len())
    }

    #[test]
    fn the_first_part_keeps_what_precedes_the_first_tag() {
        let input = "\u{feff}1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n".as_bytes();
        let got = parts(input, &[5], 1000);
        assert_eq!(got.concat(), input);
        assert_eq!(got[1], b"[Event \"b\"]\n\n1. d4 *\n");
    }

    #[test]
    fn a_part_without_a_game_start_is_empty() {
        let input = GAMES.as_bytes();
        let mut part = Part::new(&input[..20], &input[20..30], &input[30..]);
        let mut out = Vec::new();
        part.read_to_end(&mut out).unwrap();
        assert!(out.is_empty());
        assert_eq!(part.skipped(), 10);
    }

    #[test]
    fn a_run_of_carriage_returns_is_not_a_blank_line() {
        // Found by fuzzing: a line of carriage returns longer than the four bytes a part sees
        // before its cut was blank to the part before (which stopped at the `[` after it) and
        // not to the part after the cut (which skipped it): the game was in neither.
        let input = b"1. e4 *\n\r\r\r\r\r\r\r\n[Event \"b\"]\n*\n\r\n[Event \"c\"]\n*\n";
        let c = input.len() - b"[Event \"c\"]\n*\n".len();
        for max in [1, 3, 1000] {
            for cut in 1..=input.len() {
                let got = parts(input, &[cut], max);
                assert_eq!(got.concat(), input, "cut at {cut}, {max} a read");
                // Only `c` starts a game after the first: after one carriage return.
                let owner = if cut <= c { c } else { input.len() };
                assert_eq!(got[0], &input[..owner], "cut at {cut}, {max} a read");
            }
        }
    }

    proptest! {
        #[test]
        fn the_parts_put_together_are_the_input(
            games in prop::collection::vec((0..3usize, 0..4usize, any::<bool>()), 1..12),
            cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..6),
            max in 1..40usize,
        ) {
            let mut text = String::new();
            for (tags, moves, crlf) in games {
                let nl = if crlf { "\r\n" } else { "\n" };
                for t in 0..tags {
                    text += &format!("[Tag{t} \"v\"]{nl}");
                }
                if tags > 0 {
                    text += nl;
                }
                for m in 0..moves {
                    text += &format!("{}. e4 {{{nl}{nl}[%clk 0:01:00]}} ", m + 1);
                }
                text += &format!("*{nl}{nl}");
            }
            let input = text.as_bytes();
            let mut cuts: Vec<usize> = cuts.iter().map(|i| i.index(input.len() + 1)).collect();
            cuts.sort_unstable();
            let got = parts(input, &cuts, max);
            prop_assert_eq!(got.concat(), input);
        }
    }
}
