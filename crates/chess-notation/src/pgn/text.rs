//! The bytes of a PGN file as text: UTF-8 when valid, else Latin-1, and tag values
//! unescaped.

/// A tag value as written (`a \"b\"`) to its text (`a "b"`): `\"` and `\\` are unescaped, other
/// backslashes kept. Invalid UTF-8 is read as Latin-1, as old PGN files are often encoded.
#[must_use]
pub fn unescape_tag_value(raw: &[u8]) -> String {
    let mut out = String::new();
    unescape_tag_value_into(raw, &mut out);
    out
}

/// [`unescape_tag_value`] at the end of `out`.
pub fn unescape_tag_value_into(raw: &[u8], out: &mut String) {
    if !raw.contains(&b'\\') {
        decode_into(raw, out);
        return;
    }
    let start = out.len();
    decode_into(raw, out);
    let text = out.split_off(start);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\\' {
            if let Some(&next @ ('"' | '\\')) = chars.peek() {
                out.push(next);
                chars.next();
                continue;
            }
        }
        out.push(c);
    }
}

/// Bytes to text: UTF-8 when valid, else Latin-1.
pub(crate) fn decode(raw: &[u8]) -> String {
    let mut text = String::new();
    decode_into(raw, &mut text);
    text
}

/// Bytes of a PGN file as text at the end of `out`: UTF-8 when valid, else Latin-1 (as old
/// PGN files are often encoded).
pub fn decode_into(raw: &[u8], out: &mut String) {
    match core::str::from_utf8(raw) {
        Ok(s) => out.push_str(s),
        Err(_) => out.extend(raw.iter().map(|&b| char::from(b))),
    }
}
