//! The tags of a record, kept in one buffer.

use core::fmt;

/// The tags of a [`GameRecord`](super::GameRecord), name and value pairs in file order, kept
/// in one buffer: records are made on the reading threads and dropped on the writing one, and
/// a string per tag made the freeing alone a tenth of a conversion's work.
///
/// ```
/// use chess_archive::Tags;
///
/// let mut tags = Tags::new();
/// tags.push("White", "Ann");
/// tags.push("Event", "Club \"open\"");
/// tags.push("White", "Bob");
/// assert_eq!(tags.get("White"), Some("Ann"));
/// tags.set("ECO", "C20");
/// tags.set("White", "Carla");
/// let all: Vec<_> = tags.iter().collect();
/// assert_eq!(all, [("White", "Carla"), ("Event", "Club \"open\""), ("White", "Bob"), ("ECO", "C20")]);
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct Tags {
    text: String,
    /// For each tag, where its name and its value end in `text` (each starts where the one
    /// before it ends).
    ends: Vec<(u32, u32)>,
}

impl Tags {
    /// No tags.
    #[must_use]
    pub fn new() -> Tags {
        Tags::default()
    }

    /// No tags, with room for as many as these (text and all).
    pub(crate) fn empty_like(&self) -> Tags {
        Tags {
            text: String::with_capacity(self.text.len()),
            ends: Vec::with_capacity(self.ends.len()),
        }
    }

    /// Removes every tag.
    pub fn clear(&mut self) {
        self.text.clear();
        self.ends.clear();
    }

    /// The number of tags.
    #[must_use]
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Adds a tag after the others.
    pub fn push(&mut self, name: &str, value: &str) {
        self.text.push_str(name);
        let name_end = self.end();
        self.text.push_str(value);
        self.ends.push((name_end, self.end()));
    }

    /// Adds a tag as a PGN file holds it: the name as text, the value unescaped (see
    /// [`unescape_tag_value`](chess_notation::pgn::unescape_tag_value)).
    pub(crate) fn push_raw(&mut self, name: &[u8], value: &[u8]) {
        chess_notation::pgn::decode_into(name, &mut self.text);
        let name_end = self.end();
        chess_notation::pgn::unescape_tag_value_into(value, &mut self.text);
        self.ends.push((name_end, self.end()));
    }

    fn end(&self) -> u32 {
        // Tags of 4 GiB are not read: the reader limits a tag section far below.
        u32::try_from(self.text.len()).unwrap_or(u32::MAX)
    }

    /// The value of the first tag named `name`.
    #[must_use]
    pub fn get(&self, name: &str) -> Option<&str> {
        self.iter().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    /// Sets the first tag named `name` to `value`, or adds it after the others.
    pub fn set(&mut self, name: &str, value: &str) {
        if self.get(name).is_none() {
            self.push(name, value);
            return;
        }
        let mut set = false;
        let mut tags = Tags::new();
        for (n, v) in self.iter() {
            if n == name && !set {
                tags.push(n, value);
                set = true;
            } else {
                tags.push(n, v);
            }
        }
        *self = tags;
    }

    /// The tags as (name, value) pairs, in file order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (&str, &str)> + Clone + '_ {
        let mut start = 0;
        self.ends.iter().map(move |&(name_end, value_end)| {
            let (name_end, value_end) = (name_end as usize, value_end as usize);
            let pair = (&self.text[start..name_end], &self.text[name_end..value_end]);
            start = value_end;
            pair
        })
    }
}

impl<N: AsRef<str>, V: AsRef<str>> FromIterator<(N, V)> for Tags {
    fn from_iter<I: IntoIterator<Item = (N, V)>>(pairs: I) -> Tags {
        let mut tags = Tags::new();
        for (name, value) in pairs {
            tags.push(name.as_ref(), value.as_ref());
        }
        tags
    }
}

impl fmt::Debug for Tags {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn raw_tags_are_decoded_and_unescaped_like_the_builder_s() {
        let mut tags = Tags::new();
        tags.push_raw(b"Event", br#"a \"b\" c\\d \x"#);
        tags.push_raw(b"Site", b"Z\xfcrich");
        tags.push_raw(b"Empty", b"");
        assert_eq!(
            tags.iter().collect::<Vec<_>>(),
            [
                (
                    "Event",
                    chess_notation::pgn::unescape_tag_value(br#"a \"b\" c\\d \x"#).as_str()
                ),
                ("Site", "Zürich"),
                ("Empty", ""),
            ]
        );
        assert_eq!(tags.len(), 3);
        assert_eq!(tags.get("Empty"), Some(""));
        assert_eq!(tags.get("Round"), None);
        assert_eq!(
            format!("{tags:?}"),
            r#"{"Event": "a \"b\" c\\d \\x", "Site": "Zürich", "Empty": ""}"#
        );
    }
}
