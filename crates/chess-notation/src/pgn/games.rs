//! Reading games one after another as owned [`PgnGame`]s, and the first game of a text
//! (`PgnGame`'s `FromStr`).

use core::str::FromStr;
use std::io::Read;

use super::builder::GameBuilder;
use super::error::PgnError;
use super::location::Location;
use super::reader::Reader;
use super::reason::PgnErrorReason;
use super::tree::PgnGame;

/// Reads games one after another as [`PgnGame`]s, skipping over bad ones.
///
/// Each item is a game or the error that stopped it (its number, line, column, reason, and
/// what was read of it); the reader then goes on with the next game, so nothing after a bad
/// game is lost. Memory stays bounded by the largest game.
///
/// The default reading is lenient, as real-world files need: besides what [`Reader`] accepts,
/// a variation with an illegal or unreadable move is dropped with a
/// [`Diagnostic`](super::Diagnostic) on its game, a game cut off by the end of the input
/// comes with [`PgnGame::truncated`] set, and moves in long algebraic notation, en passant
/// marks and annotation glyphs are read as meant, with a [`Diagnostic`](super::Diagnostic)
/// (see [`GameBuilder::strict`]). [`GameReader::strict`] rejects all of these.
///
/// ```
/// use chess_notation::pgn::GameReader;
///
/// let pgn = "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n1. e4 garbage *\n\n1. d4 d5 *\n";
/// let results: Vec<_> = GameReader::new(pgn.as_bytes()).collect();
/// assert_eq!(results.len(), 3);
/// assert!(results[0].as_ref().unwrap().final_position().is_checkmate());
/// assert_eq!(results[1].as_ref().unwrap_err().kind().as_str(), "syntax");
/// assert_eq!(results[2].as_ref().unwrap().mainline.moves.len(), 2);
///
/// let strict: Vec<_> = GameReader::new(pgn.as_bytes()).strict(true).collect();
/// assert_eq!(strict.len(), 2);
/// ```
pub struct GameReader<R> {
    reader: Reader<R>,
    builder: GameBuilder,
    strict: bool,
    done: bool,
    /// Games handed out so far (a read error belongs to the next one).
    yielded: u64,
}

impl<R: Read> GameReader<R> {
    /// A lenient reader with a default [`GameBuilder`].
    pub fn new(inner: R) -> GameReader<R> {
        GameReader::with_builder(Reader::new(inner), GameBuilder::new())
    }

    /// A reader over `reader`, building games with `builder`.
    pub fn with_builder(reader: Reader<R>, builder: GameBuilder) -> GameReader<R> {
        GameReader {
            reader,
            builder,
            strict: false,
            done: false,
            yielded: 0,
        }
    }

    /// In strict mode, the first error ends the reading, and what the lenient reading puts up
    /// with is an error where it stands: results written otherwise than PGN writes them
    /// (`1/2`, `½-½`, `1–0`), forum markup (`[pgn]`), HTML line breaks (`<br />`) and tag values
    /// with unescaped quotes (see [`Reader::strict`]); moves in long algebraic notation
    /// (`Ng1-f3`, `d1h5`), en passant marks (`exd6 e.p.`), annotation glyphs (`±`), a bad move
    /// inside a variation, and a game cut off by the end of the input (see
    /// [`GameBuilder::strict`]).
    #[must_use]
    pub fn strict(mut self, strict: bool) -> GameReader<R> {
        self.strict = strict;
        self.reader = self.reader.strict(strict);
        self.builder = self.builder.strict(strict);
        self
    }

    /// Whether to accept null moves (see [`GameBuilder::allow_null_moves`]).
    #[must_use]
    pub fn allow_null_moves(mut self, allow: bool) -> GameReader<R> {
        self.builder = self.builder.allow_null_moves(allow);
        self
    }

    /// Reads every game, stopping at the first error (without the stricter reading that
    /// [`GameReader::strict`] also turns on).
    pub fn read_all(mut self) -> Result<Vec<PgnGame>, PgnError> {
        self.strict = true;
        self.collect()
    }
}

impl<R: Read> Iterator for GameReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Result<PgnGame, PgnError>> {
        if self.done {
            return None;
        }
        let item = match self.reader.read_game(&mut self.builder) {
            Ok(Some(result)) => result,
            Ok(None) => {
                self.done = true;
                return None;
            }
            Err(e) => {
                self.done = true;
                Err(io_error(self.yielded + 1, &self.reader, &e))
            }
        };
        self.yielded += 1;
        if item.is_err() && self.strict {
            self.done = true;
        }
        Some(item)
    }
}

/// The error for a failure of the underlying reader, where the reader stood.
pub(crate) fn io_error<R: Read>(game: u64, reader: &Reader<R>, e: &std::io::Error) -> PgnError {
    PgnError::new(
        game,
        reader.location(),
        PgnErrorReason::Io {
            kind: e.kind(),
            message: e.to_string(),
        },
    )
}

impl FromStr for PgnGame {
    type Err = PgnError;

    /// Reads the first game of the text.
    fn from_str(s: &str) -> Result<PgnGame, PgnError> {
        GameReader::new(s.as_bytes()).next().unwrap_or_else(|| {
            Err(PgnError::new(
                1,
                Location {
                    line: 1,
                    column: 1,
                    offset: 0,
                },
                PgnErrorReason::NoGame,
            ))
        })
    }
}
