//! Why a game could not be read, and what was read of it anyway.

use core::fmt;

use chess_rules::Position;
use chess_rules::variant::VariantPosition;

use super::location::Location;
use super::reason::{Diagnostic, PgnErrorKind, PgnErrorReason};
use super::tree::{Line, PgnGame};

/// What was read of a game before its error: everything a report needs without parsing text.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartialGame {
    /// The tag pairs read, in file order, unescaped.
    pub headers: Vec<(String, String)>,
    /// The starting position, when it could be set up (`None` when the error is in the `FEN`
    /// or `Variant` tag, or comes before the movetext).
    pub initial: Option<Position>,
    /// The starting position of a variant's game, when it could be set up (see
    /// [`PgnGame::variant_initial`]).
    pub variant_initial: Option<VariantPosition>,
    /// The mainline up to the failing move, with the comments, NAGs and variations read
    /// before it.
    pub mainline: Line,
    /// The variations dropped before the error (see [`PgnGame::diagnostics`]).
    pub diagnostics: Vec<Diagnostic>,
    /// Where the input ended, if it ended inside the game (see [`PgnGame::truncated`]).
    pub truncated: Option<Location>,
}

impl PartialGame {
    /// The game up to its error, to write or replay: `None` when the start could not be set
    /// up. It has no result.
    #[must_use]
    pub fn to_game(&self) -> Option<PgnGame> {
        let (initial, variant_initial) = match (&self.initial, &self.variant_initial) {
            (_, Some(variant)) => (Position::standard(), Some(variant.clone())),
            (Some(initial), None) => (initial.clone(), None),
            (None, None) => return None,
        };
        Some(PgnGame {
            headers: self.headers.clone(),
            initial,
            variant_initial,
            mainline: self.mainline.clone(),
            result: None,
            diagnostics: self.diagnostics.clone(),
            truncated: self.truncated,
        })
    }

    /// The value of the first tag with this name.
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// Why a game of a PGN file could not be read: the game's number (from 1), where, why, and
/// what was read of it before.
///
/// `Display` writes all of it on one line (`game 2, line 7, column 13: illegal move Ke3: …`);
/// a program that lays out its own report takes [`PgnError::at`] and
/// [`PgnError::reason`] (whose `Display` has no location) apart.
///
/// ```
/// use chess_notation::pgn::{GameReader, PgnErrorKind};
///
/// let pgn = "[Event \"1\"]\n\n1. e4 e5 *\n\n[Event \"2\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"3\"]\n\n1. d4 *\n";
/// let games: Vec<_> = GameReader::new(pgn.as_bytes()).collect();
/// assert_eq!(games.len(), 3);
/// let err = games[1].as_ref().unwrap_err();
/// assert_eq!((err.game, err.at.line, err.at.column), (2, 7, 13));
/// assert_eq!(err.kind(), PgnErrorKind::IllegalMove);
/// assert_eq!(err.reason.to_string(), "illegal move Ke3: no legal move matches in rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2");
/// assert_eq!(err.to_string(), format!("game 2, line 7, column 13: {}", err.reason));
/// // What was read before the error is kept.
/// assert_eq!(err.partial.header("Event"), Some("2"));
/// assert_eq!(err.partial.mainline.moves.len(), 2);
/// assert!(games[2].is_ok());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// The game's number in the input, from 1.
    pub game: u64,
    /// Where the offending token starts.
    pub at: Location,
    /// What was wrong.
    pub reason: PgnErrorReason,
    /// What was read of the game before the error (boxed, so that the error stays small for
    /// the readers that only count errors).
    pub partial: Box<PartialGame>,
}

impl PgnError {
    /// An error with nothing read before it.
    #[must_use]
    pub fn new(game: u64, at: Location, reason: PgnErrorReason) -> PgnError {
        PgnError {
            game,
            at,
            reason,
            partial: Box::default(),
        }
    }

    /// The kind of error.
    #[must_use]
    pub fn kind(&self) -> PgnErrorKind {
        self.reason.kind()
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, {}: {}", self.game, self.at, self.reason)
    }
}

impl std::error::Error for PgnError {}
