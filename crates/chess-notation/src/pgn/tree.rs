//! The owned game: headers, starting position, move tree, result, and what reading it noticed;
//! and its conversions to and from a game of the rules.

use core::fmt;
use std::time::Duration;

use chess_core::Color;
use chess_rules::variant::{Playable, Variant, VariantPosition};
use chess_rules::{CastlingMode, DrawReason, Game, Move, Outcome, PlayError, Position, WinReason};

use super::commands::{Eval, Mark, ParseMarkError};
use super::location::Location;
use super::reason::Diagnostic;
use super::result::GameResult;
use crate::fen::{Fen, VariantFen};
use crate::san::{San, SanPlus};

/// A move of the game tree with what was written around it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveNode {
    /// The move; `None` for a null move (`--`, `Z0`), which passes the turn.
    pub m: Option<Move>,
    /// The move in standard SAN with its `+`/`#` mark (normalised: `Ng1-f3` reads as `Nf3`).
    pub san: SanPlus,
    /// Numeric annotation glyphs (`$1`, or `!` as 1 and so on), in order.
    pub nags: Vec<u8>,
    /// Comments before the move (at the start of a game or variation, or after a variation).
    pub comments_before: Vec<String>,
    /// Comments after the move.
    pub comments_after: Vec<String>,
    /// Alternatives to this move, each a line starting in the position before it.
    pub variations: Vec<Line>,
}

impl MoveNode {
    /// A node for the legal move `m` of `pos` (SAN computed), with nothing around it.
    #[must_use]
    pub fn new(pos: &Position, m: Move) -> MoveNode {
        MoveNode::with_san(Some(m), SanPlus::from_move(pos, m))
    }

    /// A null move.
    #[must_use]
    pub fn null() -> MoveNode {
        MoveNode::with_san(
            None,
            SanPlus {
                san: San::Null,
                suffix: None,
            },
        )
    }

    pub(crate) fn with_san(m: Option<Move>, san: SanPlus) -> MoveNode {
        MoveNode {
            m,
            san,
            nags: Vec::new(),
            comments_before: Vec::new(),
            comments_after: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// Whether this is a null move.
    #[must_use]
    pub fn is_null(&self) -> bool {
        self.m.is_none()
    }

    /// The clock time of the first `[%clk ...]` command in the comments after the move.
    #[must_use]
    pub fn clock(&self) -> Option<Duration> {
        self.comments_after
            .iter()
            .find_map(|c| super::commands::clock(c))
    }

    /// The time the move took, from the first `[%emt ...]` command in the comments after it.
    #[must_use]
    pub fn emt(&self) -> Option<Duration> {
        self.comments_after
            .iter()
            .find_map(|c| super::commands::emt(c))
    }

    /// The evaluation of the first `[%eval ...]` command in the comments after the move.
    #[must_use]
    pub fn eval(&self) -> Option<Eval> {
        self.comments_after
            .iter()
            .find_map(|c| super::commands::eval(c))
    }

    /// The arrows and squares that the `[%cal ...]` and `[%csl ...]` commands of the comments
    /// after the move mark, in order, with the entries that could not be read (see
    /// [`marks`](super::marks)).
    ///
    /// ```
    /// use chess_core::Square;
    /// use chess_notation::pgn::{Mark, MarkColor, PgnGame};
    ///
    /// let game: PgnGame = "1. e4 {[%cal Ge2e4] [%csl Rd5]} e5 *".parse()?;
    /// let marks: Vec<Mark> = game.mainline.moves[0].marks().collect::<Result<_, _>>()?;
    /// assert_eq!(
    ///     marks,
    ///     [
    ///         Mark::arrow(MarkColor::Green, Square::E2, Square::E4),
    ///         Mark::square(MarkColor::Red, Square::D5),
    ///     ]
    /// );
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    pub fn marks(&self) -> impl Iterator<Item = Result<Mark, ParseMarkError>> + '_ {
        self.comments_after
            .iter()
            .flat_map(|c| super::commands::marks(c))
    }
}

/// A sequence of moves: the mainline or a variation.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Line {
    /// The moves, in order.
    pub moves: Vec<MoveNode>,
    /// Comments at the end of the line that belong to no move: after the last move's
    /// variations, or in a line without moves.
    pub comments: Vec<String>,
}

/// A game read from PGN: headers, starting position, move tree and result, with what the
/// reader noticed on the way.
///
/// Written with `Display` (see [`write_game`](super::write_game)), a game reads back the same:
/// the writer adds the `SetUp` and `FEN` tags for a start other than the standard one and the
/// `Variant` tag for Chess960 and the variants.
///
/// A game whose `Variant` tag names one of the variants Lichess plays (Crazyhouse, Atomic,
/// Antichess, King of the Hill, Three-check, Horde, Racing Kings, and python-chess's
/// Giveaway and Suicide) is played by that variant's rules from
/// [`variant_initial`](PgnGame::variant_initial); its moves may be drops (`N@f3`).
///
/// ```
/// use chess_notation::pgn::{GameResult, PgnGame};
/// use chess_notation::VariantFen;
/// use chess_rules::variant::{Playable, Variant};
///
/// let pgn = "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e4 Qa5 *\n";
/// let game: PgnGame = pgn.parse()?;
/// assert_eq!(game.variant(), Variant::Crazyhouse);
/// assert_eq!(game.mainline.moves[4].san.to_string(), "P@e4");
/// assert_eq!(
///     VariantFen::from_position(&game.final_variant_position()).to_string(),
///     "rnb1kbnr/ppp1pppp/8/q7/4P3/8/PPPP1PPP/RNBQKBNR[p] w KQkq - 2 4"
/// );
/// // Written back with its Variant tag.
/// assert!(game.to_string().contains("[Variant \"Crazyhouse\"]"));
/// # Ok::<_, chess_notation::pgn::PgnError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame {
    /// The tag pairs in file order, unescaped.
    pub headers: Vec<(String, String)>,
    /// The starting position: standard, or from the `FEN` tag (Chess960 for a `Variant` tag
    /// naming it, or when the castling rights can only mean Chess960). For a variant's game
    /// the standard start, unused: its start is [`PgnGame::variant_initial`].
    pub initial: Position,
    /// The starting position of a game of one of the variants (by its rules, from the `FEN`
    /// tag when there is one); `None` for standard chess and Chess960, whose start is
    /// [`PgnGame::initial`].
    pub variant_initial: Option<VariantPosition>,
    /// The mainline, with variations hanging from its moves.
    pub mainline: Line,
    /// The result token that ended the movetext, if there was one.
    pub result: Option<GameResult>,
    /// What the lenient reader set aside to keep the rest of the game, with where and why:
    /// each variation dropped for an illegal or unreadable move in it, and the first of each
    /// kind of text that is not standard PGN but was read as its author meant (see
    /// [`Diagnostic`]). Empty for a game read without a flaw, and for games built in code.
    pub diagnostics: Vec<Diagnostic>,
    /// Where the input ended, if it ended inside this game: before its result token, possibly
    /// inside a comment, a variation or a move. A file cut off during a download ends so; such
    /// a game is not complete, whatever its `Result` tag says.
    pub truncated: Option<Location>,
}

impl Default for PgnGame {
    fn default() -> PgnGame {
        PgnGame {
            headers: Vec::new(),
            initial: Position::standard(),
            variant_initial: None,
            mainline: Line::default(),
            result: None,
            diagnostics: Vec::new(),
            truncated: None,
        }
    }
}

/// The Seven Tag Roster with the values of an unknown game.
pub(crate) const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

impl PgnGame {
    /// The value of the first tag with this name.
    #[must_use]
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag (replacing the first with that name, else appending).
    pub fn set_header(&mut self, name: &str, value: &str) {
        match self.headers.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => value.clone_into(v),
            None => self.headers.push((name.to_owned(), value.to_owned())),
        }
    }

    /// The rules the game is played by: [`Variant::Standard`] for standard chess and Chess960
    /// (see [`Position::is_chess960`]), else the variant of
    /// [`variant_initial`](PgnGame::variant_initial).
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.variant_initial
            .as_ref()
            .map_or(Variant::Standard, Playable::variant)
    }

    /// The starting position whatever the rules: [`PgnGame::variant_initial`] for a variant's
    /// game, else [`PgnGame::initial`] as a standard [`VariantPosition`].
    #[must_use]
    pub fn start(&self) -> VariantPosition {
        match &self.variant_initial {
            Some(pos) => pos.clone(),
            None => VariantPosition::Standard(self.initial.clone()),
        }
    }

    /// The position at the end of the mainline whatever the rules (for a variant's game, by
    /// its rules; [`PgnGame::final_position`] is standard chess's), stopping before a move
    /// that cannot be played (possible only in a tree built by hand).
    #[must_use]
    pub fn final_variant_position(&self) -> VariantPosition {
        let Some(start) = &self.variant_initial else {
            return VariantPosition::Standard(self.final_position());
        };
        let mut pos = start.clone();
        for node in &self.mainline.moves {
            match node.m {
                Some(m) if pos.play(m).is_ok() => {}
                _ => break,
            }
        }
        pos
    }

    /// The moves of the mainline (null moves as `None`).
    pub fn mainline_moves(&self) -> impl Iterator<Item = Option<Move>> + '_ {
        self.mainline.moves.iter().map(|node| node.m)
    }

    /// The position at the end of the mainline (in a tree built by hand, before the first move
    /// that cannot be played), by standard chess's rules: for a variant's game, use
    /// [`PgnGame::final_variant_position`].
    #[must_use]
    pub fn final_position(&self) -> Position {
        self.play_mainline(self.mainline.moves.len()).0
    }

    /// The position after the first `plies` moves of the mainline (0: the initial position);
    /// `None` when the mainline is shorter, or when one of those moves cannot be played
    /// (possible only in a tree built by hand: the reader checks every move).
    ///
    /// ```
    /// use chess_notation::pgn::PgnGame;
    ///
    /// let game: PgnGame = "1. e4 e5 2. Nf3 *".parse()?;
    /// assert_eq!(game.position_after(0), Some(game.initial.clone()));
    /// let after_e5 = game.position_after(2).unwrap();
    /// assert_eq!(
    ///     chess_notation::Fen::from_position(&after_e5).to_string(),
    ///     "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    /// );
    /// assert_eq!(game.position_after(3), Some(game.final_position()));
    /// assert_eq!(game.position_after(4), None);
    /// # Ok::<_, chess_notation::pgn::PgnError>(())
    /// ```
    #[must_use]
    pub fn position_after(&self, plies: usize) -> Option<Position> {
        if plies > self.mainline.moves.len() {
            return None;
        }
        let (pos, played) = self.play_mainline(plies);
        (played == plies).then_some(pos)
    }

    /// The initial position with the first `plies` moves of the mainline played (a null move
    /// passes the turn), stopping before one that cannot be played; and how many were.
    fn play_mainline(&self, plies: usize) -> (Position, usize) {
        let mut pos = self.initial.clone();
        for (played, node) in self.mainline.moves.iter().take(plies).enumerate() {
            match node.m {
                Some(m) => {
                    if pos.play(m).is_err() {
                        return (pos, played);
                    }
                }
                None => match pos.null_move() {
                    Some(next) => pos = next,
                    None => return (pos, played),
                },
            }
        }
        let played = plies.min(self.mainline.moves.len());
        (pos, played)
    }

    /// The game's mainline as a game of the rules, which knows the draw rules and can be
    /// continued: every move is played, then the result is applied when the board does not
    /// decide it (a decisive result as a resignation, or a loss on time when the
    /// `Termination` tag says `time forfeit`; a draw on time in the same way, when one side
    /// cannot checkmate; another draw as claimed if the rules allow a claim, else as agreed).
    ///
    /// ```
    /// use chess_notation::pgn::PgnGame;
    /// use chess_rules::{Outcome, WinReason};
    /// use chess_core::Color;
    ///
    /// let pgn: PgnGame = "1. f3 e5 2. g4 Qh4# 0-1".parse()?;
    /// let game = pgn.to_game()?;
    /// assert_eq!(game.moves().len(), 4);
    /// assert_eq!(
    ///     game.outcome(),
    ///     Some(Outcome::Decisive { winner: Color::Black, reason: WinReason::Checkmate })
    /// );
    /// // And back: the roster's tags, the moves and the result.
    /// let again = PgnGame::from_game(&game);
    /// assert_eq!(again.result, pgn.result);
    /// assert_eq!(again.mainline, pgn.mainline);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ToGameError`] when the mainline holds a null move, which a game of the rules cannot
    /// play, or a move that is not legal where it stands (possible only in a tree built by
    /// hand: the reader checks every move), or when the game is a variant's (a `Game` is
    /// standard chess or Chess960: see [`PgnGame::to_variant_game`]).
    pub fn to_game(&self) -> Result<Game, ToGameError> {
        if self.variant_initial.is_some() {
            return Err(ToGameError::Variant(self.variant()));
        }
        self.game_from(self.initial.clone())
    }

    /// The game's mainline as a game of its rules, whatever they are (standard chess and
    /// Chess960 as [`VariantPosition::Standard`]), as [`PgnGame::to_game`] makes one.
    ///
    /// ```
    /// use chess_notation::pgn::PgnGame;
    /// use chess_rules::variant::{Playable, Variant};
    /// use chess_rules::{Outcome, WinReason};
    ///
    /// let pgn: PgnGame = "[Variant \"Three-check\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 \
    ///     4. Qh5+ g6 5. Qxg6+ 1-0".parse()?;
    /// let game = pgn.to_variant_game()?;
    /// assert_eq!(game.position().variant(), Variant::ThreeCheck);
    /// assert!(matches!(
    ///     game.outcome(),
    ///     Some(Outcome::Decisive { reason: WinReason::ThreeChecks, .. })
    /// ));
    /// // And back, with its `Variant` tag.
    /// let again = PgnGame::from_variant_game(&game);
    /// assert_eq!(again.header("Variant"), Some("Three-check"));
    /// assert_eq!(again.mainline, pgn.mainline);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`ToGameError`] when the mainline holds a null move or a move that is not legal where
    /// it stands.
    pub fn to_variant_game(&self) -> Result<Game<VariantPosition>, ToGameError> {
        self.game_from(self.start())
    }

    /// The mainline played from `start` as a game, the result applied (see
    /// [`PgnGame::to_game`]).
    fn game_from<P: Playable>(&self, start: P) -> Result<Game<P>, ToGameError> {
        let mut game = Game::new(start);
        for (ply, node) in self.mainline.moves.iter().enumerate() {
            let m = node.m.ok_or(ToGameError::NullMove { ply })?;
            game.play(m)
                .map_err(|error| ToGameError::Illegal { ply, error })?;
        }
        if game.outcome().is_none() {
            let on_time = self
                .header("Termination")
                .is_some_and(|t| t.eq_ignore_ascii_case("time forfeit"));
            let loser = match self.result {
                Some(GameResult::WhiteWins) => Some(Color::Black),
                Some(GameResult::BlackWins) => Some(Color::White),
                Some(GameResult::Draw) => {
                    // A draw on time: the side whose flag fell is the one whose opponent
                    // cannot checkmate.
                    let flagged = Color::ALL.into_iter().find(|&color| {
                        on_time && game.position().has_insufficient_material(!color)
                    });
                    match flagged {
                        Some(color) => game.flag_fall(color),
                        None => {
                            if game.claim_draw().is_none() {
                                game.agree_draw();
                            }
                        }
                    }
                    None
                }
                Some(GameResult::Unknown) | None => None,
            };
            if let Some(loser) = loser {
                if on_time {
                    game.flag_fall(loser);
                } else {
                    game.resign(loser);
                }
            }
        }
        Ok(game)
    }

    /// A game of the rules as PGN: the Seven Tag Roster (unknown values as `?`, the `Result`
    /// from the game's outcome), `SetUp` and `FEN` for a start other than the standard one,
    /// `Variant` for Chess960, `Termination` for a loss on time, and the moves as the mainline.
    #[must_use]
    pub fn from_game(game: &Game) -> PgnGame {
        let mut pgn = PgnGame {
            initial: game.initial_position().clone(),
            ..PgnGame::default()
        };
        pgn.record(game, SanPlus::from_move);
        pgn
    }

    /// A game of any rules as PGN, as [`PgnGame::from_game`] writes a standard one: for a
    /// variant's game, with its `Variant` tag (Lichess's name) and a variant FEN for a start
    /// other than the variant's.
    #[must_use]
    pub fn from_variant_game(game: &Game<VariantPosition>) -> PgnGame {
        let mut pgn = match game.initial_position() {
            VariantPosition::Standard(initial) => PgnGame {
                initial: initial.clone(),
                ..PgnGame::default()
            },
            start => PgnGame {
                variant_initial: Some(start.clone()),
                ..PgnGame::default()
            },
        };
        pgn.record(game, SanPlus::from_variant_move);
        pgn
    }

    /// Writes `game` into this tree, whose start is set: the roster, the result, the start's
    /// tags, `Termination` for a loss on time, and the moves with their SAN by `san`.
    fn record<P: Playable>(&mut self, game: &Game<P>, san: impl Fn(&P, Move) -> SanPlus) {
        let result = match game.outcome() {
            Some(Outcome::Decisive { winner, .. }) => GameResult::winner(winner),
            Some(Outcome::Draw { .. }) => GameResult::Draw,
            None => GameResult::Unknown,
        };
        self.headers = ROSTER
            .iter()
            .map(|&(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        self.result = Some(result);
        self.set_header("Result", result.as_str());
        for (name, value) in game_start_tags(self) {
            self.set_header(name, &value);
        }
        let timeout = matches!(
            game.outcome(),
            Some(
                Outcome::Decisive {
                    reason: WinReason::TimeForfeit,
                    ..
                } | Outcome::Draw {
                    reason: DrawReason::TimeoutVsInsufficientMaterial
                }
            )
        );
        if timeout {
            self.set_header("Termination", "time forfeit");
        }
        for (pos, &m) in game.history().iter().zip(game.moves()) {
            self.mainline
                .moves
                .push(MoveNode::with_san(Some(m), san(pos, m)));
        }
    }
}

/// The tags the start of `game` needs to be read back: for a variant's game, `Variant` with
/// Lichess's name, and `SetUp` and the variant FEN unless it is the variant's start; else
/// [`start_tags`].
pub(crate) fn game_start_tags(game: &PgnGame) -> Vec<(&'static str, String)> {
    let Some(start) = &game.variant_initial else {
        return start_tags(&game.initial);
    };
    let variant = start.variant();
    let mut tags = vec![("Variant", variant.name().to_owned())];
    if *start != VariantPosition::new(variant) {
        tags.push(("SetUp", "1".to_owned()));
        tags.push(("FEN", VariantFen::from_position(start).to_string()));
    }
    tags
}

/// The tags a start position needs to be read back: `Variant` for Chess960, `SetUp` and
/// `FEN` unless it is the standard start.
pub(crate) fn start_tags(initial: &Position) -> Vec<(&'static str, String)> {
    let mut tags = Vec::new();
    let chess960 = initial.castling_mode() == CastlingMode::Chess960;
    if chess960 {
        tags.push(("Variant", "Chess960".to_owned()));
    }
    if *initial != Position::standard() && !(chess960 && is_standard_start(initial)) {
        tags.push(("SetUp", "1".to_owned()));
        tags.push(("FEN", Fen::from_position(initial).to_string()));
    }
    tags
}

/// Whether `pos` is the standard start, in either castling mode.
fn is_standard_start(pos: &Position) -> bool {
    Fen::from_position(pos).to_string() == crate::fen::STARTING_FEN
}

/// Why [`PgnGame::to_game`] could not make a game of the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ToGameError {
    /// The mainline has a null move (at this ply, from 0).
    NullMove {
        /// The ply of the null move, from 0.
        ply: usize,
    },
    /// A move of the mainline is not legal where it stands.
    Illegal {
        /// The ply of the move, from 0.
        ply: usize,
        /// Why the game refused it.
        error: PlayError,
    },
    /// The game is played by a variant's rules, which a game of the rules does not play.
    Variant(Variant),
}

impl fmt::Display for ToGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ToGameError::NullMove { ply } => write!(
                f,
                "the mainline has a null move at ply {}, which a game cannot play",
                ply + 1
            ),
            ToGameError::Illegal { ply, error } => {
                write!(f, "the move at ply {} cannot be played: {error}", ply + 1)
            }
            ToGameError::Variant(variant) => write!(
                f,
                "the game is played by the rules of {variant}: expected standard chess or chess960"
            ),
        }
    }
}

impl std::error::Error for ToGameError {}

impl From<&Game> for PgnGame {
    fn from(game: &Game) -> PgnGame {
        PgnGame::from_game(game)
    }
}

impl TryFrom<&PgnGame> for Game {
    type Error = ToGameError;

    fn try_from(game: &PgnGame) -> Result<Game, ToGameError> {
        game.to_game()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree built by hand whose second move cannot be played: the walk stops before it.
    #[test]
    fn positions_along_a_broken_mainline_stop_before_the_bad_move() {
        let mut game: PgnGame = "1. e4 e5 2. Nf3 *".parse().unwrap();
        let e4 = game.mainline.moves[0].clone();
        game.mainline.moves[1] = e4;
        let after_e4 = game.position_after(1).unwrap();
        assert_eq!(game.position_after(2), None);
        assert_eq!(game.position_after(3), None);
        assert_eq!(game.final_position(), after_e4);
        // A null move passes the turn.
        let mut game: PgnGame = "1. e4 *".parse().unwrap();
        game.mainline.moves.push(MoveNode::null());
        let passed = game.position_after(2).unwrap();
        assert!(passed.turn().is_white());
        assert_eq!(passed.board(), game.position_after(1).unwrap().board());
    }
}
