//! Tag pairs as the reader finds them in its buffer: the parts of one, or why it is not one.

use crate::pgn::syntax::SyntaxErrorKind;

/// The parts of a tag pair found in the buffer (indices into it).
pub(super) enum TagScan {
    Complete {
        name: (usize, usize),
        value: (usize, usize),
        end: usize,
    },
    /// The tag may continue past the data in the buffer.
    Incomplete,
    /// Not a tag pair: where and what.
    Malformed(usize, SyntaxErrorKind),
}

/// Finds the parts of the tag pair starting at `buf[start]` (a `[`). With `lenient_quotes`, a
/// value whose closing quote is not followed by `]` (unescaped quotes inside it, as old files
/// have) runs to the first quote that is.
pub(super) fn scan_tag(buf: &[u8], start: usize, lenient_quotes: bool) -> TagScan {
    let mut i = start + 1;
    let skip_spaces = |i: &mut usize| {
        while *i < buf.len() && matches!(buf[*i], b' ' | b'\t') {
            *i += 1;
        }
    };
    skip_spaces(&mut i);
    let name_start = i;
    while i < buf.len()
        && (buf[i].is_ascii_alphanumeric()
            || matches!(buf[i], b'_' | b'+' | b'#' | b'=' | b':' | b'-'))
    {
        i += 1;
    }
    let name_end = i;
    if i == buf.len() {
        return TagScan::Incomplete;
    }
    if name_end == name_start {
        return TagScan::Malformed(i, SyntaxErrorKind::InvalidTag);
    }
    skip_spaces(&mut i);
    if i == buf.len() {
        return TagScan::Incomplete;
    }
    if buf[i] != b'"' {
        return TagScan::Malformed(i, SyntaxErrorKind::InvalidTag);
    }
    i += 1;
    let value_start = i;
    loop {
        // The next unescaped quote on the line.
        loop {
            match buf.get(i) {
                None => return TagScan::Incomplete,
                Some(b'"') => break,
                // An escape, but never of the line break that ends the tag.
                Some(b'\\') if buf.get(i + 1) != Some(&b'\n') => i += 2,
                Some(b'\n') => return TagScan::Malformed(i, SyntaxErrorKind::InvalidTag),
                Some(_) => i += 1,
            }
        }
        let value_end = i;
        i += 1;
        skip_spaces(&mut i);
        match buf.get(i) {
            None => return TagScan::Incomplete,
            Some(b']') => {
                return TagScan::Complete {
                    name: (name_start, name_end),
                    value: (value_start, value_end),
                    end: i + 1,
                };
            }
            Some(_) if lenient_quotes => i = value_end + 1,
            Some(_) => return TagScan::Malformed(i, SyntaxErrorKind::InvalidTag),
        }
    }
}
