//! Forum markup (`[pgn]`, `[/pgn]`) and HTML line breaks (`<br />`): what posts on the web
//! wrap PGN in, recognised so that the reader can read past them.

use crate::pgn::syntax::SyntaxErrorKind;

/// The forum markup or HTML line break `bytes` start with, if they do: its length and kind.
#[inline]
pub(super) fn markup(bytes: &[u8]) -> Option<(usize, SyntaxErrorKind)> {
    match bytes.first() {
        Some(b'[') => forum_markup(bytes).map(|len| (len, SyntaxErrorKind::ForumMarkup)),
        Some(b'<') => html_line_break(bytes).map(|len| (len, SyntaxErrorKind::HtmlLineBreak)),
        _ => None,
    }
}

/// The length of the forum markup `[pgn]` or `[/pgn]` (in any case) `bytes` start with.
pub(super) fn forum_markup(bytes: &[u8]) -> Option<usize> {
    let name = match bytes {
        [b'[', b'/', rest @ ..] => rest,
        [b'[', rest @ ..] => rest,
        _ => return None,
    };
    let len = bytes.len() - name.len() + 4;
    (name.len() >= 4 && name[..3].eq_ignore_ascii_case(b"pgn") && name[3] == b']').then_some(len)
}

/// The length of the HTML line break `<br>`, `<br/>` or `<br />` (in any case, with any
/// spaces before the `/`) `bytes` start with.
pub(super) fn html_line_break(bytes: &[u8]) -> Option<usize> {
    if bytes.len() < 4 || bytes[0] != b'<' || !bytes[1..3].eq_ignore_ascii_case(b"br") {
        return None;
    }
    let mut i = 3;
    while bytes.get(i) == Some(&b' ') {
        i += 1;
    }
    if bytes.get(i) == Some(&b'/') {
        i += 1;
    }
    (bytes.get(i) == Some(&b'>')).then_some(i + 1)
}

/// Whether `bytes` start with the forum markup `[pgn]` or `[/pgn]` (which does not end a game's
/// movetext, as tags at the start of a line do).
#[cfg(feature = "parallel")]
pub(crate) fn starts_with_forum_markup(bytes: &[u8]) -> bool {
    forum_markup(bytes).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markup_is_recognised_exactly() {
        for (text, len) in [
            ("[pgn]", Some(5)),
            ("[/pgn]", Some(6)),
            ("[PgN] x", Some(5)),
            ("[/PGN]", Some(6)),
            ("[pgn ]", None),
            ("[pgn", None),
            ("[Event \"x\"]", None),
            ("[/pg]", None),
        ] {
            assert_eq!(forum_markup(text.as_bytes()), len, "{text}");
        }
        for (text, len) in [
            ("<br>", Some(4)),
            ("<br/>", Some(5)),
            ("<br />", Some(6)),
            ("<BR  />x", Some(7)),
            ("<Br>", Some(4)),
            ("<br", None),
            ("<b>", None),
            ("<brr>", None),
            ("<br //>", None),
        ] {
            assert_eq!(html_line_break(text.as_bytes()), len, "{text}");
        }
        assert_eq!(
            markup(b"<br/>1. e4"),
            Some((5, SyntaxErrorKind::HtmlLineBreak))
        );
        assert_eq!(markup(b"[pgn]"), Some((5, SyntaxErrorKind::ForumMarkup)));
        assert_eq!(markup(b"1. e4"), None);
    }
}
