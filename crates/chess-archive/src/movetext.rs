//! The `movetext` column's text: the source's movetext on one line, built from the pieces a
//! reader hands over.

/// Text on one line, built from pieces: each line break (LF or CRLF) with the whitespace
/// around it becomes a single space, and whitespace at the start and the end is dropped;
/// everything else stays as it came. Pieces may be cut anywhere, even inside a CRLF: the
/// text is the same as from the whole at once.
#[derive(Clone, Debug)]
pub(crate) struct JoinedLines {
    text: Vec<u8>,
    /// Whether a line break (or the start) came after the last byte of `text` that is not
    /// whitespace: whitespace is then dropped until more text comes, which a space joins on.
    after_break: bool,
}

impl JoinedLines {
    pub(crate) fn new() -> JoinedLines {
        JoinedLines {
            text: Vec::new(),
            after_break: true,
        }
    }

    /// Drops the text so far.
    pub(crate) fn clear(&mut self) {
        self.text.clear();
        self.after_break = true;
    }

    /// Adds the next piece of the text.
    pub(crate) fn push(&mut self, piece: &[u8]) {
        let mut lines = piece.split(|&b| b == b'\n');
        if let Some(first) = lines.next() {
            self.push_within_line(first);
        }
        for line in lines {
            // A line break: the whitespace before it goes, and the whitespace after it.
            self.trim_end();
            self.after_break = true;
            self.push_within_line(line);
        }
    }

    fn push_within_line(&mut self, mut part: &[u8]) {
        if self.after_break {
            while let [first, rest @ ..] = part {
                if !is_space(*first) {
                    break;
                }
                part = rest;
            }
            if part.is_empty() {
                return;
            }
            if !self.text.is_empty() {
                self.text.push(b' ');
            }
            self.after_break = false;
        }
        self.text.extend_from_slice(part);
    }

    fn trim_end(&mut self) {
        while self.text.last().is_some_and(|&b| is_space(b)) {
            self.text.pop();
        }
    }

    /// The text so far, as UTF-8 (invalid sequences replaced), leaving this empty for the
    /// next one.
    pub(crate) fn take(&mut self) -> String {
        self.trim_end();
        self.after_break = true;
        let capacity = self.text.len();
        let text = core::mem::replace(&mut self.text, Vec::with_capacity(capacity));
        match String::from_utf8(text) {
            Ok(text) => text,
            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
        }
    }
}

/// The whitespace of PGN within a line (the reader's): space, tab, CR, vertical tab, form feed.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn joined(pieces: &[&[u8]]) -> String {
        let mut text = JoinedLines::new();
        for piece in pieces {
            text.push(piece);
        }
        text.take()
    }

    #[test]
    fn line_breaks_become_single_spaces() {
        let source: &[u8] =
            b"\r\n 1. e4 { [%clk 0:03:00] }  1... e5??\r\n2. Nf3 {a\n\n  b }\t\r\n \n3. Bb5 1-0 \r\n";
        let expected = "1. e4 { [%clk 0:03:00] }  1... e5?? 2. Nf3 {a b } 3. Bb5 1-0";
        assert_eq!(joined(&[source]), expected);
        // Cut anywhere, twice: the same text.
        for i in 0..=source.len() {
            for j in i..=source.len() {
                assert_eq!(
                    joined(&[&source[..i], &source[i..j], &source[j..]]),
                    expected,
                    "cut at {i} and {j}"
                );
            }
        }
        assert_eq!(joined(&[]), "");
        assert_eq!(joined(&[b" \r\n\n "]), "");
        assert_eq!(joined(&[b"caf\xc3", b"\xa9 \xff"]), "caf\u{e9} \u{fffd}");
    }

    #[test]
    fn taking_the_text_starts_the_next() {
        let mut text = JoinedLines::new();
        text.push(b"1. e4 *\n");
        assert_eq!(text.take(), "1. e4 *");
        text.push(b"\n1. d4\n*");
        assert_eq!(text.take(), "1. d4 *");
    }
}
