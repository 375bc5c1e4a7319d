//! A small JSON writer for output of fixed shapes: the rows of the JSON Lines writer, and the
//! `--json` output of the `chess` program. Values are built as a tree and written in one go;
//! the keys of an object keep their order, so output is stable.
//!
//! ```
//! use chess_archive::json::Json;
//!
//! let value = Json::Object(vec![("move", Json::str("e2e4")), ("plies", Json::Number(1))]);
//! assert_eq!(value.to_line(), r#"{"move": "e2e4", "plies": 1}"#);
//! ```

use std::fmt::Write as _;

/// A JSON value.
#[derive(Clone, PartialEq, Debug)]
pub enum Json {
    /// `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A whole number that is not negative.
    Number(u64),
    /// A number that may be negative.
    Integer(i64),
    /// A finite number with a fraction (written as Rust's shortest round-trip form).
    Float(f64),
    /// A string.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// Keys in insertion order, so output is stable.
    Object(Vec<(&'static str, Json)>),
    /// An object with owned keys (PGN headers), in order.
    Map(Vec<(String, Json)>),
}

impl Json {
    /// A string.
    pub fn str(s: impl Into<String>) -> Json {
        Json::String(s.into())
    }

    /// A string, or `null` for `None`.
    pub fn opt_str(s: Option<impl Into<String>>) -> Json {
        s.map_or(Json::Null, |s| Json::String(s.into()))
    }

    /// Writes the value at the end of `out`, on one line.
    pub fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Number(n) => {
                let _ = write!(out, "{n}");
            }
            Json::Integer(n) => {
                let _ = write!(out, "{n}");
            }
            Json::Float(x) => {
                if x.is_finite() {
                    let _ = write!(out, "{x}");
                } else {
                    out.push_str("null");
                }
            }
            Json::String(s) => write_string(out, s),
            Json::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Json::Object(fields) => {
                out.push('{');
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_string(out, key);
                    out.push_str(": ");
                    value.write(out);
                }
                out.push('}');
            }
            Json::Map(fields) => {
                out.push('{');
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_string(out, key);
                    out.push_str(": ");
                    value.write(out);
                }
                out.push('}');
            }
        }
    }

    /// The value on one line.
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }
}

fn write_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_and_shapes() {
        let value = Json::Object(vec![
            ("a", Json::str("q\"\\\n\u{1}é")),
            (
                "b",
                Json::Array(vec![
                    Json::Bool(true),
                    Json::Null,
                    Json::Number(7),
                    Json::Integer(-3),
                ]),
            ),
            ("c", Json::Map(vec![("White".to_owned(), Json::str("x"))])),
        ]);
        assert_eq!(
            value.to_line(),
            r#"{"a": "q\"\\\n\u0001é", "b": [true, null, 7, -3], "c": {"White": "x"}}"#
        );
    }
}
