//! Which rows and columns an archive file holds: one schema for both writers, Parquet
//! ([`parquet`](crate::parquet), feature `parquet`) and JSON Lines ([`jsonl`](crate::jsonl)).
//! The columns are described in `docs/formats.md` and are a stable interface.

use core::fmt;
use core::str::FromStr;

use crate::{GameRecord, RecordOptions};

/// Which rows and columns to write.
///
/// ```
/// use chess_archive::Schema;
///
/// let schema = Schema::Games { san: true, packed: false };
/// assert!(schema.record_options().san);
/// assert_eq!(schema.columns()[..3], ["event", "site", "date"]);
/// assert!(schema.columns().contains(&"moves_san"));
/// assert_eq!(Schema::Lichess.columns().last(), Some(&"movetext"));
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Schema {
    /// One row per game, the project's schema; `san` adds `moves_san`, `packed` the compact
    /// game encoding.
    Games {
        /// Add `moves_san`.
        san: bool,
        /// Add `packed`.
        packed: bool,
    },
    /// One row per position: the training-data shape.
    Positions,
    /// One row per game, exactly the Lichess data set's columns and types.
    Lichess,
}

/// The games schema's columns up to `headers`, in order.
const GAME_HEAD: [&str; 22] = [
    "event",
    "site",
    "date",
    "round",
    "white",
    "black",
    "result",
    "white_elo",
    "black_elo",
    "white_rating_diff",
    "black_rating_diff",
    "white_title",
    "black_title",
    "eco",
    "opening",
    "time_control",
    "base_seconds",
    "increment_seconds",
    "termination",
    "utc_date",
    "utc_time",
    "headers",
];

/// The games schema's columns after `moves_uci` (and `moves_san`), in order.
const GAME_TAIL: [&str; 12] = [
    "plies",
    "variant",
    "start_fen",
    "final_fen",
    "outcome",
    "clocks",
    "evals",
    "error",
    "truncated",
    "source_file",
    "game_index",
    "byte_offset",
];

/// The positions schema's columns, in order.
const POSITION_COLUMNS: [&str; 10] = [
    "game_index",
    "source_file",
    "ply",
    "fen",
    "packed",
    "turn",
    "move_uci",
    "clock",
    "eval",
    "result",
];

/// The Lichess data set's first columns: text (`Result` is the game's result).
pub(crate) const LICHESS_FIRST: [&str; 7] = [
    "Event",
    "Site",
    "White",
    "Black",
    "Result",
    "WhiteTitle",
    "BlackTitle",
];
/// The Lichess data set's small integer columns, after the first ones.
pub(crate) const LICHESS_INTS: [&str; 4] =
    ["WhiteElo", "BlackElo", "WhiteRatingDiff", "BlackRatingDiff"];
/// The Lichess data set's text columns after `UTCDate` and `UTCTime`, before `movetext`.
pub(crate) const LICHESS_MORE: [&str; 4] = ["ECO", "Opening", "Termination", "TimeControl"];

/// Every schema, one of each shape and option, for tests that go through them all.
#[cfg(test)]
pub(crate) const EVERY: [Schema; 4] = [
    Schema::Games {
        san: false,
        packed: false,
    },
    Schema::Games {
        san: true,
        packed: true,
    },
    Schema::Positions,
    Schema::Lichess,
];

impl FromStr for Schema {
    type Err = UnknownSchema;

    /// A schema by its name: `games` (without the optional columns: see
    /// [`Schema::with_extra`]), `positions` or `lichess`.
    ///
    /// ```
    /// use chess_archive::Schema;
    ///
    /// assert_eq!("lichess".parse(), Ok(Schema::Lichess));
    /// assert_eq!(
    ///     "game".parse::<Schema>().unwrap_err().to_string(),
    ///     r#"unknown schema "game": expected "games", "lichess" or "positions""#
    /// );
    /// ```
    fn from_str(name: &str) -> Result<Schema, UnknownSchema> {
        match name {
            "games" => Ok(Schema::Games {
                san: false,
                packed: false,
            }),
            "positions" => Ok(Schema::Positions),
            "lichess" => Ok(Schema::Lichess),
            _ => Err(UnknownSchema(name.to_owned())),
        }
    }
}

/// A name that is not a [`Schema`]'s.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct UnknownSchema(pub String);

impl fmt::Display for UnknownSchema {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            r#"unknown schema {:?}: expected "games", "lichess" or "positions""#,
            self.0
        )
    }
}

impl std::error::Error for UnknownSchema {}

/// The optional columns of the games schema asked of another ([`Schema::with_extra`]).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct NotGames(pub Schema);

impl fmt::Display for NotGames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "moves_san and packed are columns of the games schema, not of {}",
            self.0.name()
        )
    }
}

impl std::error::Error for NotGames {}

impl Schema {
    /// The schema's name: `games`, `positions` or `lichess`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Schema::Games { .. } => "games",
            Schema::Positions => "positions",
            Schema::Lichess => "lichess",
        }
    }

    /// The games schema with its optional columns: `moves_san` with `san`, `packed` with
    /// `packed`; any schema as it is when neither is asked for.
    ///
    /// ```
    /// use chess_archive::Schema;
    ///
    /// let games: Schema = "games".parse()?;
    /// assert_eq!(games.with_extra(true, false), Ok(Schema::Games { san: true, packed: false }));
    /// assert_eq!(Schema::Lichess.with_extra(false, false), Ok(Schema::Lichess));
    /// assert!(Schema::Positions.with_extra(true, false).is_err());
    /// # Ok::<_, chess_archive::UnknownSchema>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`NotGames`]: `san` or `packed` asked of a schema other than the games schema.
    pub fn with_extra(self, san: bool, packed: bool) -> Result<Schema, NotGames> {
        match self {
            Schema::Games { .. } => Ok(Schema::Games { san, packed }),
            _ if san || packed => Err(NotGames(self)),
            _ => Ok(self),
        }
    }

    /// What the records written with this schema must hold.
    #[must_use]
    pub fn record_options(self) -> RecordOptions {
        RecordOptions {
            san: matches!(self, Schema::Games { san: true, .. }),
            packed: matches!(self, Schema::Games { packed: true, .. }),
            movetext: self == Schema::Lichess,
            positions: self == Schema::Positions,
            openings: false,
            skip_tags: false,
            skip_ending: false,
        }
    }

    /// What the records must hold for the columns `columns` of this schema only: no SAN,
    /// packed moves or movetext unless their column is asked for, no tags unless a column
    /// made from them is, no final position or outcome unless theirs are. A reader of the
    /// moves and clocks of a file then reads no tag and writes no FEN.
    ///
    /// ```
    /// use chess_archive::Schema;
    ///
    /// let schema = Schema::Games { san: true, packed: false };
    /// let options = schema.record_options_for(&["moves_uci", "clocks"]);
    /// assert!(options.skip_tags && options.skip_ending && !options.san);
    /// let options = schema.record_options_for(&["white", "moves_san"]);
    /// assert!(!options.skip_tags && options.skip_ending && options.san);
    /// assert_eq!(schema.record_options_for(&schema.columns()), schema.record_options());
    /// ```
    #[must_use]
    pub fn record_options_for<S: AsRef<str>>(self, columns: &[S]) -> RecordOptions {
        let wants = |name: &str| columns.iter().any(|c| c.as_ref() == name);
        let all = self.record_options();
        match self {
            Schema::Games { .. } => RecordOptions {
                san: all.san && wants("moves_san"),
                packed: all.packed && wants("packed"),
                skip_tags: !GAME_HEAD.iter().any(|&c| wants(c)),
                skip_ending: !wants("final_fen") && !wants("outcome"),
                ..all
            },
            // The result column is the result token's, or the `Result` tag's without one.
            Schema::Positions => RecordOptions {
                skip_tags: !wants("result"),
                skip_ending: true,
                ..all
            },
            Schema::Lichess => RecordOptions {
                movetext: wants("movetext"),
                skip_tags: columns.iter().all(|c| c.as_ref() == "movetext"),
                skip_ending: true,
                ..all
            },
        }
    }

    /// The names of the columns (the keys of a JSON Lines row), in order.
    #[must_use]
    pub fn columns(self) -> Vec<&'static str> {
        match self {
            Schema::Games { san, packed } => {
                let mut columns = GAME_HEAD.to_vec();
                if packed {
                    columns.push("packed");
                }
                columns.push("moves_uci");
                if san {
                    columns.push("moves_san");
                }
                columns.extend(GAME_TAIL);
                columns
            }
            Schema::Positions => POSITION_COLUMNS.to_vec(),
            Schema::Lichess => {
                let mut columns = LICHESS_FIRST.to_vec();
                columns.extend(LICHESS_INTS);
                columns.extend(["UTCDate", "UTCTime"]);
                columns.extend(LICHESS_MORE);
                columns.push("movetext");
                columns
            }
        }
    }

    /// How many rows `record` makes: one per game, or one per position of the game.
    #[must_use]
    pub fn rows(self, record: &GameRecord) -> u64 {
        match self {
            Schema::Positions => record.positions.len() as u64,
            Schema::Games { .. } | Schema::Lichess => 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_schema_is_read_back_by_its_name() {
        // The fronts name schemas as the user does (`--schema lichess`, `schema="games"`) and
        // add the games schema's columns with `with_extra`.
        for schema in EVERY {
            let (san, packed) = match schema {
                Schema::Games { san, packed } => (san, packed),
                _ => (false, false),
            };
            let named: Schema = schema.name().parse().unwrap();
            assert_eq!(
                named.with_extra(san, packed),
                Ok(schema),
                "{}",
                schema.name()
            );
        }
        for extra in [(true, false), (false, true)] {
            assert_eq!(
                Schema::Lichess.with_extra(extra.0, extra.1),
                Err(NotGames(Schema::Lichess))
            );
        }
        assert_eq!(
            "Games".parse::<Schema>(),
            Err(UnknownSchema("Games".into()))
        );
    }
}
