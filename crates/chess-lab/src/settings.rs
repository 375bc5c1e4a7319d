//! The text match settings are written in: `key=value` items separated by commas, as
//! cutechess-cli takes them (`movecount=3,score=600,twosided`; an item without `=` is a flag),
//! and why such text could not be read.

use core::fmt;
use core::str::FromStr;

/// A match setting that could not be read: the item (or the whole text) and what is wrong.
///
/// ```
/// use chess_lab::settings::{ParseSettingsError, ParseSettingsErrorKind};
/// use chess_lab::tournament::ResignRule;
///
/// let error = "movecount=3,colour=red".parse::<ResignRule>().unwrap_err();
/// assert_eq!(error.item, "colour=red");
/// assert_eq!(
///     error.to_string(),
///     "\"colour=red\": unknown setting: expected movecount, score, twosided"
/// );
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseSettingsError {
    /// The item that could not be read (`key=value`), or the whole text when no one item is
    /// at fault.
    pub item: String,
    /// What is wrong.
    pub kind: ParseSettingsErrorKind,
}

/// What is wrong with a setting ([`ParseSettingsError`]).
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum ParseSettingsErrorKind {
    /// A key that is not one of these.
    Unknown {
        /// The keys there are, as a list for people.
        expected: &'static str,
    },
    /// A value that should be a number and is not.
    NotANumber,
    /// A value that is not what its key takes, which is this.
    Expected(&'static str),
    /// An item without `=` where a value is needed.
    MissingValue,
    /// Settings that are needed and absent, or that do not fit together: this says which.
    Invalid(&'static str),
    /// A setting that is well formed but not for this engine: this says why.
    NotFor(&'static str),
}

impl fmt::Display for ParseSettingsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let item = &self.item;
        match &self.kind {
            ParseSettingsErrorKind::Unknown { expected } => {
                write!(f, "{item:?}: unknown setting: expected {expected}")
            }
            ParseSettingsErrorKind::NotANumber => match item.split_once('=') {
                Some((key, value)) => write!(f, "{key}={value:?} is not a number"),
                None => write!(f, "{item:?} is not a number"),
            },
            ParseSettingsErrorKind::Expected(what) => write!(f, "{item:?}: expected {what}"),
            ParseSettingsErrorKind::MissingValue => write!(f, "{item:?}: expected KEY=VALUE"),
            ParseSettingsErrorKind::Invalid(why) => f.write_str(why),
            ParseSettingsErrorKind::NotFor(why) => write!(f, "{item:?}: {why}"),
        }
    }
}

impl std::error::Error for ParseSettingsError {}

/// One `key=value` item of a settings text.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Item<'a> {
    /// The whole item, trimmed.
    pub(crate) text: &'a str,
    pub(crate) key: &'a str,
    /// The value; `None` for a bare flag.
    pub(crate) value: Option<&'a str>,
}

impl<'a> Item<'a> {
    /// An error about this item.
    pub(crate) fn error(self, kind: ParseSettingsErrorKind) -> ParseSettingsError {
        ParseSettingsError {
            item: self.text.to_owned(),
            kind,
        }
    }

    /// The value, which this item must have.
    pub(crate) fn value(self) -> Result<&'a str, ParseSettingsError> {
        self.value
            .ok_or_else(|| self.error(ParseSettingsErrorKind::MissingValue))
    }

    /// The value as a number.
    pub(crate) fn number<T: FromStr>(self) -> Result<T, ParseSettingsError> {
        self.value
            .unwrap_or_default()
            .trim()
            .parse()
            .map_err(|_| self.error(ParseSettingsErrorKind::NotANumber))
    }

    /// The value of a flag: true when bare or `true`.
    pub(crate) fn flag(self) -> Result<bool, ParseSettingsError> {
        match self.value.map(str::trim) {
            None | Some("true") => Ok(true),
            Some("false") => Ok(false),
            Some(_) => Err(self.error(ParseSettingsErrorKind::Expected("true or false"))),
        }
    }
}

/// The items of `text`, empty ones skipped; each key must be one of `known` (listed for people
/// as `expected`), unless `known` is empty.
pub(crate) fn items<'a>(
    text: &'a str,
    known: &[&str],
    expected: &'static str,
) -> Result<Vec<Item<'a>>, ParseSettingsError> {
    text.split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|text| {
            let (key, value) = match text.split_once('=') {
                Some((key, value)) => (key.trim(), Some(value.trim())),
                None => (text, None),
            };
            let item = Item { text, key, value };
            if known.is_empty() || known.contains(&key) {
                Ok(item)
            } else {
                Err(item.error(ParseSettingsErrorKind::Unknown { expected }))
            }
        })
        .collect()
}

/// An error about the whole of `text`.
pub(crate) fn invalid(text: &str, why: &'static str) -> ParseSettingsError {
    ParseSettingsError {
        item: text.to_owned(),
        kind: ParseSettingsErrorKind::Invalid(why),
    }
}
