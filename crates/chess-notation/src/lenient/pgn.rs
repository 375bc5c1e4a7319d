//! PGN text as python-chess reads it, line by line: which lines are blank, tag pair lines, and
//! the tokens of a movetext line.
//!
//! python-chess's `chess.pgn.read_game` works on the lines of a text file and finds the tokens
//! of each movetext line with a regular expression that skips whatever it does not know (move
//! numbers, `+` and `#`, stray punctuation). These functions give the same answers on the same
//! text, so that the Python package's `kingside.pgn` reads every file as python-chess does; the
//! streaming [`Reader`](crate::pgn::Reader) is the reader for this crate's own rules.
//!
//! ```
//! use chess_notation::lenient::{MovetextToken, movetext_tokens, tag_pair};
//!
//! assert_eq!(tag_pair("[White \"Kasparov, G.\"]\n"), Some(("White", "Kasparov, G.")));
//! let tokens: Vec<_> = movetext_tokens("12.Nf3+ e5!? $14 (12... c5) 1-0").collect();
//! assert_eq!(
//!     tokens,
//!     [
//!         MovetextToken::Move("Nf3"),
//!         MovetextToken::Move("e5"),
//!         MovetextToken::Suffix("!?"),
//!         MovetextToken::Nag("14"),
//!         MovetextToken::Open,
//!         MovetextToken::Move("c5"),
//!         MovetextToken::Close,
//!         MovetextToken::Result("1-0"),
//!     ]
//! );
//! ```

/// Whether Python counts `c` as whitespace (`str.isspace`, and `\s` in its regular
/// expressions): ASCII's six, the four separators `\x1c` to `\x1f`, and Unicode's spaces.
///
/// ```
/// use chess_notation::lenient::is_python_space;
///
/// assert!(is_python_space('\x1f') && is_python_space('\u{3000}'));
/// assert!(!is_python_space('\u{200b}'));
/// ```
#[inline]
#[must_use]
pub const fn is_python_space(c: char) -> bool {
    matches!(
        c,
        '\t'..='\r'
            | '\x1c'..='\x20'
            | '\u{85}'
            | '\u{a0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200a}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202f}'
            | '\u{205f}'
            | '\u{3000}'
    )
}

/// Whether a line is blank as Python's `str.isspace` says: not empty, and nothing but
/// whitespace. (An empty line is the end of the file, not a blank line.)
///
/// ```
/// use chess_notation::lenient::is_blank_line;
///
/// assert!(is_blank_line(" \t\r\n"));
/// assert!(!is_blank_line("") && !is_blank_line(" 1. e4\n"));
/// ```
#[must_use]
pub fn is_blank_line(line: &str) -> bool {
    !line.is_empty() && line.chars().all(is_python_space)
}

/// `text` without the Python whitespace at its end (Python's `str.rstrip()`).
#[must_use]
pub fn trim_end_python(text: &str) -> &str {
    text.trim_end_matches(is_python_space)
}

/// `text` without the Python whitespace at its ends (Python's `str.strip()`).
#[must_use]
pub fn trim_python(text: &str) -> &str {
    text.trim_matches(is_python_space)
}

/// Whether a byte may start a tag name (`[A-Za-z0-9]`).
#[inline]
const fn tag_name_start(b: u8) -> bool {
    b.is_ascii_alphanumeric()
}

/// Whether a byte may continue a tag name (`[A-Za-z0-9_+#=:-]`).
#[inline]
const fn tag_name_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'#' | b'=' | b':' | b'-')
}

/// Whether `name` is a tag name python-chess accepts (its `TAG_NAME_REGEX`): a letter or
/// digit, then letters, digits and `_+#=:-`.
///
/// ```
/// use chess_notation::lenient::is_tag_name;
///
/// assert!(is_tag_name("BlackType:") && is_tag_name("Equals="));
/// assert!(!is_tag_name("~") && !is_tag_name("") && !is_tag_name("_a"));
/// ```
#[must_use]
pub fn is_tag_name(name: &str) -> bool {
    let b = name.as_bytes();
    !b.is_empty() && tag_name_start(b[0]) && b[1..].iter().all(|&c| tag_name_byte(c))
}

/// The name and value of a tag pair line, as python-chess's `TAG_REGEX` reads it: `[`, a tag
/// name, whitespace, and a value between the first quote and a quote that is followed only
/// by `]` and whitespace. The value is taken as written (no escapes are undone) and holds no
/// carriage return. `None` for a line that is not a tag pair.
///
/// ```
/// use chess_notation::lenient::tag_pair;
///
/// assert_eq!(tag_pair("[Black \"[=0040.34h5a4]\"]"), Some(("Black", "[=0040.34h5a4]")));
/// assert_eq!(tag_pair("[Event \"say \"hi\"\"]  \n"), Some(("Event", "say \"hi\"")));
/// assert_eq!(tag_pair("[Event\"no space\"]"), None);
/// assert_eq!(tag_pair("[Event \"cut\r\"]"), None);
/// ```
#[must_use]
pub fn tag_pair(line: &str) -> Option<(&str, &str)> {
    let b = line.as_bytes();
    if b.first() != Some(&b'[') || !b.get(1).is_some_and(|&c| tag_name_start(c)) {
        return None;
    }
    let name_end = 2 + b[2..].iter().take_while(|&&c| tag_name_byte(c)).count();
    let after_name = &line[name_end..];
    let value_at = after_name.trim_start_matches(is_python_space);
    if value_at.len() == after_name.len() || !value_at.starts_with('"') {
        return None;
    }
    let value_start = line.len() - value_at.len() + 1;
    // The value ends at the quote of a `"]` that only whitespace follows: the end of the
    // line with its trailing whitespace taken off.
    let body = trim_end_python(line);
    let value_end = body.strip_suffix("\"]")?.len();
    if value_end < value_start {
        return None;
    }
    let value = &line[value_start..value_end];
    (!value.contains('\r')).then_some((&line[1..name_end], value))
}

/// A token of a movetext line, as python-chess's `MOVETEXT_REGEX` finds it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum MovetextToken<'a> {
    /// What may be a move: SAN or long algebraic notation without its `+` or `#` (`Nf3`,
    /// `exd5`, `e8=Q`, `Ng1-f3`, `e2e4`), a drop (`N@f3`), castling (`O-O-O`, `0-0`) or a null
    /// move (`--`, `Z0`, `0000`, `@@@@`).
    Move(&'a str),
    /// `{`: the text after the brace, to the end of the line (line break included). The
    /// comment goes on until the first `}`, on this line or a later one.
    Comment(&'a str),
    /// `;`: the text after it, to the end of the line.
    LineComment(&'a str),
    /// `$` and its digits: the digits.
    Nag(&'a str),
    /// `(`.
    Open,
    /// `)`.
    Close,
    /// `*`, `1-0`, `0-1` or `1/2-1/2`.
    Result(&'a str),
    /// `!`, `?`, `!!`, `??`, `!?` or `?!` (see [`suffix_nag`]).
    Suffix(&'a str),
}

/// The numeric annotation glyph of a move suffix: `!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5,
/// `?!` 6.
///
/// ```
/// use chess_notation::lenient::suffix_nag;
///
/// assert_eq!(suffix_nag("?!"), Some(6));
/// assert_eq!(suffix_nag("!!!"), None);
/// ```
#[must_use]
pub fn suffix_nag(suffix: &str) -> Option<u8> {
    Some(match suffix {
        "!" => 1,
        "?" => 2,
        "!!" => 3,
        "??" => 4,
        "!?" => 5,
        "?!" => 6,
        _ => return None,
    })
}

/// The tokens of a movetext line, left to right, as python-chess finds them: at each place
/// the first kind of token that matches, and past any character where none does. A
/// [`MovetextToken::Comment`] or [`MovetextToken::LineComment`] takes the rest of the line.
#[must_use]
pub fn movetext_tokens(line: &str) -> MovetextTokens<'_> {
    MovetextTokens { line, pos: 0 }
}

/// The iterator of [`movetext_tokens`].
#[derive(Clone, Debug)]
pub struct MovetextTokens<'a> {
    line: &'a str,
    pos: usize,
}

impl<'a> MovetextTokens<'a> {
    /// Where the next search starts: the byte offset in the line after the last token.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.pos
    }
}

impl<'a> Iterator for MovetextTokens<'a> {
    type Item = MovetextToken<'a>;

    fn next(&mut self) -> Option<MovetextToken<'a>> {
        let line = self.line;
        let b = line.as_bytes();
        while self.pos < b.len() {
            let p = self.pos;
            if !TOKEN_START[usize::from(b[p])] {
                self.pos += 1;
                continue;
            }
            // Every token starts with an ASCII byte and, but for the comments that run to the
            // end of the line, holds only ASCII bytes: byte offsets are character boundaries.
            if let Some((len, kind)) = token_at(b, p) {
                self.pos = p + len;
                let text = &line[p..p + len];
                return Some(match kind {
                    Kind::Move => MovetextToken::Move(text),
                    Kind::Comment => MovetextToken::Comment(&text[1..]),
                    Kind::LineComment => MovetextToken::LineComment(&text[1..]),
                    Kind::Nag => MovetextToken::Nag(&text[1..]),
                    Kind::Open => MovetextToken::Open,
                    Kind::Close => MovetextToken::Close,
                    Kind::Result => MovetextToken::Result(text),
                    Kind::Suffix => MovetextToken::Suffix(text),
                });
            }
            self.pos += 1;
        }
        None
    }
}

/// The bytes a token can start with (anything else is passed over at once).
static TOKEN_START: [bool; 256] = {
    let mut table = [false; 256];
    let starts = b"NBKRQPabcdefgh12345678-x@Z0O{;$()*!?";
    let mut i = 0;
    while i < starts.len() {
        table[starts[i] as usize] = true;
        i += 1;
    }
    table
};

#[derive(Copy, Clone)]
enum Kind {
    Move,
    Comment,
    LineComment,
    Nag,
    Open,
    Close,
    Result,
    Suffix,
}

/// The length and kind of the token at `p`, trying the regular expression's alternatives in
/// its order (only those that can start with the byte at `p`).
fn token_at(b: &[u8], p: usize) -> Option<(usize, Kind)> {
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    // Compared byte by byte: the texts are a few bytes long, shorter than a call to `memcmp`.
    let starts =
        |s: &[u8]| b.len() - p >= s.len() && s.iter().enumerate().all(|(i, &c)| b[p + i] == c);
    // `[PNBRQK]?@[a-h][1-8]`
    let drop = |role: usize| {
        (at(p + role) == b'@' && is_file(at(p + role + 1)) && is_rank(at(p + role + 2)))
            .then_some((role + 3, Kind::Move))
    };
    let castle = |zero: u8| {
        let long = at(p + 3) == b'-' && at(p + 4) == zero;
        Some((if long { 5 } else { 3 }, Kind::Move))
    };
    match b[p] {
        b'{' => Some((b.len() - p, Kind::Comment)),
        b';' => Some((b.len() - p, Kind::LineComment)),
        b'$' => {
            let digits = b[p + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
            (digits > 0).then_some((1 + digits, Kind::Nag))
        }
        b'(' => Some((1, Kind::Open)),
        b')' => Some((1, Kind::Close)),
        b'*' => Some((1, Kind::Result)),
        b'?' | b'!' => {
            let len = if matches!(at(p + 1), b'?' | b'!') {
                2
            } else {
                1
            };
            Some((len, Kind::Suffix))
        }
        b'@' => drop(0).or_else(|| starts(b"@@@@").then_some((4, Kind::Move))),
        b'Z' => starts(b"Z0").then_some((2, Kind::Move)),
        b'O' => starts(b"O-O").then(|| castle(b'O')).flatten(),
        b'0' => {
            if starts(b"0000") {
                Some((4, Kind::Move))
            } else if starts(b"0-0") {
                castle(b'0')
            } else {
                starts(b"0-1").then_some((3, Kind::Result))
            }
        }
        b'1' => san_like(b, p).map(|len| (len, Kind::Move)).or_else(|| {
            if starts(b"1-0") {
                Some((3, Kind::Result))
            } else {
                starts(b"1/2-1/2").then_some((7, Kind::Result))
            }
        }),
        b'-' => san_like(b, p)
            .map(|len| (len, Kind::Move))
            .or_else(|| starts(b"--").then_some((2, Kind::Move))),
        b'P' => drop(1),
        b'N' | b'B' | b'R' | b'Q' | b'K' => san_like(b, p)
            .map(|len| (len, Kind::Move))
            .or_else(|| drop(1)),
        _ => san_like(b, p).map(|len| (len, Kind::Move)),
    }
}

const fn is_file(b: u8) -> bool {
    matches!(b, b'a'..=b'h')
}

const fn is_rank(b: u8) -> bool {
    matches!(b, b'1'..=b'8')
}

/// The length of `[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?` at `p`, found as a
/// backtracking matcher finds it: each optional part taken when it can be, given up again
/// when the rest does not match after it.
fn san_like(b: &[u8], p: usize) -> Option<usize> {
    // The four optional parts take characters of four classes that share none, so the
    // characters decide which part each would be; the matcher takes as many as it can in
    // order, then gives them up one by one until a square follows.
    let class = |c: u8| match c {
        b'N' | b'B' | b'K' | b'R' | b'Q' => Some(0),
        b'a'..=b'h' => Some(1),
        b'1'..=b'8' => Some(2),
        b'-' | b'x' => Some(3),
        _ => None,
    };
    let at = |i: usize| b.get(i).copied().unwrap_or(0);
    let mut taken = 0;
    let mut last = None;
    while taken < 4 {
        match class(at(p + taken)) {
            Some(c) if last.is_none_or(|last| c > last) => {
                last = Some(c);
                taken += 1;
            }
            _ => break,
        }
    }
    let square_end = (0..=taken)
        .rev()
        .find(|&k| is_file(at(p + k)) && is_rank(at(p + k + 1)))
        .map(|k| p + k + 2)?;
    let promotion = |c: u8| {
        matches!(
            c,
            b'n' | b'b' | b'r' | b'q' | b'k' | b'N' | b'B' | b'R' | b'Q' | b'K'
        )
    };
    let end = if at(square_end) == b'=' && promotion(at(square_end + 1)) {
        square_end + 2
    } else if promotion(at(square_end)) {
        square_end + 1
    } else {
        square_end
    };
    Some(end - p)
}

/// What python-chess's fast skipping of a game looks at on a line: `;` (the rest of the line
/// is a comment, unless inside a brace comment) and the braces. Updates whether a brace comment
/// is open at the end of the line.
///
/// ```
/// use chess_notation::lenient::skip_braces;
///
/// let mut in_comment = false;
/// skip_braces("1. e4 { open ; still open\n", &mut in_comment);
/// assert!(in_comment);
/// skip_braces("closed } 1... e5 ; { not a comment\n", &mut in_comment);
/// assert!(!in_comment);
/// ```
pub fn skip_braces(line: &str, in_comment: &mut bool) {
    for &b in line.as_bytes() {
        match b {
            b'{' => *in_comment = true,
            b'}' => *in_comment = false,
            b';' if !*in_comment => return,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(line: &str) -> Vec<MovetextToken<'_>> {
        movetext_tokens(line).collect()
    }

    #[test]
    fn moves_are_found_inside_words_as_the_regular_expression_finds_them() {
        use MovetextToken::Move;
        assert_eq!(
            tokens("1.e4 e5 2.Nf3"),
            [Move("e4"), Move("e5"), Move("Nf3")]
        );
        assert_eq!(tokens("Bb5"), [Move("Bb5")]);
        assert_eq!(tokens("bxc6"), [Move("bxc6")]);
        assert_eq!(tokens("e4e5"), [Move("e4e5")]);
        assert_eq!(tokens("Ng1-f3 Qh4xe1"), [Move("Ng1-f3"), Move("Qh4xe1")]);
        assert_eq!(
            tokens("e8=Q+ b1Q e8=x"),
            [Move("e8=Q"), Move("b1Q"), Move("e8")]
        );
        assert_eq!(tokens("P@e4 @f3 N@"), [Move("P@e4"), Move("@f3")]);
        assert_eq!(
            tokens("-- Z0 0000 @@@@"),
            [Move("--"), Move("Z0"), Move("0000"), Move("@@@@")]
        );
        assert_eq!(
            tokens("O-O-O O-O 0-0-0 0-0+"),
            [Move("O-O-O"), Move("O-O"), Move("0-0-0"), Move("0-0")]
        );
        assert_eq!(tokens("Nbd7"), [Move("Nbd7")]);
        assert_eq!(tokens("R1a3"), [Move("R1a3")]);
        // Nothing here is a move; a capture mark may begin one.
        assert_eq!(tokens("Kb 1"), []);
        assert_eq!(tokens("xb1"), [Move("xb1")]);
    }

    #[test]
    fn results_suffixes_nags_and_brackets() {
        use MovetextToken::*;
        assert_eq!(
            tokens("e4!! d5?! $1 $ ( ) * 1-0 0-1 1/2-1/2 1/2"),
            [
                Move("e4"),
                Suffix("!!"),
                Move("d5"),
                Suffix("?!"),
                Nag("1"),
                Open,
                Close,
                Result("*"),
                Result("1-0"),
                Result("0-1"),
                Result("1/2-1/2"),
            ]
        );
        assert_eq!(tokens("!!!?"), [Suffix("!!"), Suffix("!?")]);
        assert_eq!(tokens("0-00"), [Move("0-0")]);
    }

    #[test]
    fn comments_take_the_rest_of_the_line() {
        use MovetextToken::*;
        assert_eq!(tokens("e4 { a } b\n"), [Move("e4"), Comment(" a } b\n")]);
        assert_eq!(tokens("e4 ; { e5\n"), [Move("e4"), LineComment(" { e5\n")]);
        assert_eq!(tokens("é e4 {ü"), [Move("e4"), Comment("ü")]);
    }

    #[test]
    fn tag_pairs_as_python_chess_reads_them() {
        assert_eq!(tag_pair("[Event \"A\"]\n"), Some(("Event", "A")));
        assert_eq!(
            tag_pair("[Event  \u{a0}\"A\"] \u{3000}\n"),
            Some(("Event", "A"))
        );
        assert_eq!(tag_pair("[A \"\"]"), Some(("A", "")));
        assert_eq!(tag_pair("[A \"]"), None);
        assert_eq!(tag_pair("[A \"x\"] y"), None);
        assert_eq!(tag_pair("[~ \"x\"]"), None);
        assert_eq!(tag_pair("[A \"x\"]\r\n"), Some(("A", "x")));
        assert_eq!(tag_pair(" [A \"x\"]"), None);
    }

    #[test]
    fn blank_lines() {
        assert!(is_blank_line("\n") && is_blank_line("\x1c"));
        assert!(!is_blank_line("") && !is_blank_line("%\n"));
    }
}
