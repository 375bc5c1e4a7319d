//! The record of one game.

use core::fmt;

use chess_rules::variant::{Playable, Variant, VariantPosition};
use chess_rules::{Arbiter, Move, Outcome, Position};

use chess_notation::SanPlus;
use chess_notation::pgn::{
    Eval, GameResult, Location, MoveNode, PgnError, PgnErrorKind, PgnGame, write_game,
};
use chess_notation::uci::UciMove;
use chess_notation::{Fen, VariantFen};

use crate::Tags;
use crate::movetext::JoinedLines;

/// What a record holds besides the defaults.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct RecordOptions {
    /// The moves in SAN too ([`GameRecord::moves_san`]).
    pub san: bool,
    /// The moves in the project's compact game encoding ([`GameRecord::packed`]).
    pub packed: bool,
    /// The movetext as the source writes it, on one line ([`GameRecord::movetext`], the
    /// Lichess data set's column).
    pub movetext: bool,
    /// Every position of the game ([`GameRecord::positions`], for one row per position).
    pub positions: bool,
    /// The `ECO` and `Opening` tags set from the opening table ([`openings::tag`](chess_notation::openings::tag))
    /// when the moves reach a named opening.
    pub openings: bool,
    /// Leave the tags out: [`GameRecord::headers`] stays empty (the `FEN` and `Variant` tags
    /// still set the start, and the result and its errors are read as always), for a reader
    /// that wants none of the tag columns ([`Schema::record_options_for`](crate::Schema::record_options_for)).
    pub skip_tags: bool,
    /// Leave out how the game ends on the board: [`GameRecord::final_fen`] stays empty and
    /// [`GameRecord::outcome`] `None` (no final position written, no repetitions counted).
    pub skip_ending: bool,
}

/// Why a game could not be read whole: as [`PgnError`] says it, in plain fields.
///
/// `Display` writes where and why as the reader's errors do: `line 8, column 7: illegal move …`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct RecordError {
    /// The kind (the `error` column writes its [name](PgnErrorKind::as_str): `syntax`,
    /// `illegal_move`, …).
    pub kind: PgnErrorKind,
    /// Where the offending token starts.
    pub at: Location,
    /// What is wrong.
    pub message: String,
}

impl RecordError {
    /// `e` in plain fields.
    fn of(e: &PgnError) -> RecordError {
        RecordError {
            kind: e.kind(),
            at: e.at,
            message: e.reason.to_string(),
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.at, self.message)
    }
}

/// The tags with columns of their own in the games schema of `docs/formats.md`, in column
/// order (the others go to its `headers` map).
pub const TYPED_TAGS: [&str; 19] = [
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "WhiteElo",
    "BlackElo",
    "WhiteRatingDiff",
    "BlackRatingDiff",
    "WhiteTitle",
    "BlackTitle",
    "ECO",
    "Opening",
    "TimeControl",
    "Termination",
    "UTCDate",
    "UTCTime",
];

/// The clock and evaluation of each ply, taken from the comments as they were read.
type Annotations = (Vec<Option<u32>>, Vec<Option<Eval>>);

/// One game of an archive, as typed fields.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// The game's number in its input, from 1.
    pub game_index: u64,
    /// Where its first byte is in the (decompressed) input.
    pub byte_offset: u64,
    /// Every tag, in file order.
    pub headers: Tags,
    /// The rules the game is played by: standard chess (Chess960 too: see
    /// [`GameRecord::chess960`]) or one of the variants Lichess plays, from its `Variant` tag.
    pub variant: Variant,
    /// The start, when it is not the standard one (for a variant's game, when it is not the
    /// variant's: a variant FEN, with pockets and checks).
    pub start_fen: Option<String>,
    /// Whether the game is played by Chess960's castling rules (its castling moves are the
    /// king taking its rook in UCI: [`GameRecord::uci_moves`]).
    pub chess960: bool,
    /// The mainline in SAN, separated by spaces, when asked for.
    pub moves_san: Option<String>,
    /// The compact game encoding of the mainline (`pack::encode_game`), when asked for and
    /// the mainline has no null move.
    pub packed: Option<Vec<u8>>,
    /// The number of plies of the mainline.
    pub plies: u32,
    /// The position at the end of the mainline (for a variant's game, its variant FEN).
    pub final_fen: String,
    /// How the rules ended the game, if they did by themselves: checkmate, stalemate,
    /// insufficient material, the 75-move rule, fivefold repetition (the `outcome` column
    /// writes its [`Termination`](chess_rules::Termination): `checkmate`, `stalemate`,
    /// `insufficient_material`, `seventyfive_moves`, `fivefold_repetition`); for a variant's
    /// game, by the variant's rules: its own end first (`variant_win`, `variant_draw`), then
    /// the same endings as standard chess's (Crazyhouse has no 75-move rule, and counts its
    /// repetitions across captures).
    pub outcome: Option<Outcome>,
    /// The clock after each ply, in milliseconds, from its `[%clk h:mm:ss]` comment.
    pub clocks: Vec<Option<u32>>,
    /// The evaluation after each ply (from white's point of view), from its `[%eval ...]`
    /// comment.
    pub evals: Vec<Option<Eval>>,
    /// The movetext, when asked for: read by [`RecordVisitor`](super::RecordVisitor), the
    /// source's text from the first byte after the tag section to the end of the result token
    /// (or of the game, without one), each line break with the whitespace around it joined into
    /// a single space and the ends trimmed; comments, move numbers, annotations (`??`, `$4`)
    /// and the spacing within a line as written. A record made by [`GameRecord::new`] from a
    /// game tree, which has no source text, has the mainline as the PGN writer writes it,
    /// joined the same way.
    pub movetext: Option<String>,
    /// The position before each ply, then the final one, when asked for (standard chess and
    /// Chess960 only: empty for a variant's game).
    pub positions: Vec<Position>,
    /// The mainline's moves (`None` for a null move); the `moves_uci` column writes them in
    /// UCI ([`GameRecord::uci_moves`]).
    pub moves: Vec<Option<Move>>,
    /// The result token that ended the movetext ([`GameResult::Unknown`], `*`, when none).
    pub result_token: GameResult,
    /// Why the game could not be read whole; the fields hold what was read before.
    pub error: Option<RecordError>,
    /// Whether the input ended inside the game.
    pub truncated: bool,
}

impl GameRecord {
    /// The record of a game read as `game`, which started at `start`, the `game_index`th of
    /// its input. A bad game (`Err`) gives the record of what was read before the error, with
    /// [`GameRecord::error`] set.
    ///
    /// A game tree has no source text: the [movetext](GameRecord::movetext), when asked
    /// for, is the mainline as the PGN writer writes it, on one line.
    /// [`RecordVisitor`](super::RecordVisitor) reads records with the source's movetext.
    #[must_use]
    pub fn new(
        game: Result<PgnGame, PgnError>,
        start: Location,
        game_index: u64,
        options: &RecordOptions,
    ) -> GameRecord {
        let (game, error, truncated) = match game {
            Ok(game) => {
                let truncated = game.truncated.is_some();
                (game, None, truncated)
            }
            Err(e) => {
                let error = RecordError::of(&e);
                let truncated = e.partial.truncated.is_some();
                let game = e.partial.to_game().unwrap_or_else(|| PgnGame {
                    headers: e.partial.headers.clone(),
                    ..PgnGame::default()
                });
                (game, Some(error), truncated)
            }
        };
        GameRecord::of_game(game, start, game_index, error, truncated, options)
    }

    fn of_game(
        mut game: PgnGame,
        start: Location,
        game_index: u64,
        error: Option<RecordError>,
        truncated: bool,
        options: &RecordOptions,
    ) -> GameRecord {
        if options.openings {
            chess_notation::openings::tag(&mut game);
        }
        let nodes = &game.mainline.moves;
        let mut mainline = match &game.variant_initial {
            Some(start) => Mainline::Variant(VariantMainline::new(start.clone(), options)),
            None => Mainline::Standard(MainlineRecord::new(game.initial.clone(), options)),
        };
        let clocks = nodes
            .iter()
            .map(|node| node.clock().and_then(|d| u32::try_from(d.as_millis()).ok()))
            .collect();
        let evals = nodes.iter().map(MoveNode::eval).collect();
        for node in nodes {
            match (&mut mainline, node.m) {
                (Mainline::Standard(mainline), Some(m)) => mainline.play(m),
                (Mainline::Standard(mainline), None) => mainline.play_null(),
                (Mainline::Variant(mainline), m) => mainline.play(m),
            }
        }
        let movetext = options.movetext.then(|| movetext(&game));
        let result_token = game.result.unwrap_or(GameResult::Unknown);
        let headers = if options.skip_tags {
            Tags::new()
        } else {
            game.headers.into_iter().collect()
        };
        GameRecord::assemble(
            headers,
            mainline,
            (clocks, evals),
            movetext,
            result_token,
            (start, game_index),
            error,
            truncated,
        )
    }

    /// The record of a game whose mainline was played as it was read (by
    /// [`RecordVisitor`](super::RecordVisitor)), from what the [`GameBuilder`](chess_notation::pgn::GameBuilder)
    /// that read its tags gave: the game without moves, or its error.
    pub(crate) fn of_mainline(
        game: Result<PgnGame, PgnError>,
        mut headers: Tags,
        mainline: Option<Mainline>,
        annotations: Annotations,
        movetext: Option<String>,
        (start, game_index): (Location, u64),
        options: &RecordOptions,
    ) -> GameRecord {
        let (result, error, truncated) = match game {
            Ok(game) => (game.result, None, game.truncated.is_some()),
            Err(e) => {
                let error = RecordError::of(&e);
                let truncated = e.partial.truncated.is_some();
                (None, Some(error), truncated)
            }
        };
        let mainline = mainline.unwrap_or_else(|| {
            Mainline::Standard(MainlineRecord::new(Position::standard(), options))
        });
        if let Mainline::Standard(mainline) = &mainline {
            if options.openings && !options.skip_tags {
                let moves: Vec<Move> = mainline.moves.iter().map_while(|&m| m).collect();
                if let Some(opening) = chess_notation::openings::of_moves(&mainline.initial, &moves)
                {
                    headers.set("ECO", opening.eco);
                    headers.set("Opening", opening.name);
                }
            }
        }
        let (mut clocks, mut evals) = annotations;
        clocks.resize(mainline.plies(), None);
        evals.resize(mainline.plies(), None);
        let result_token = result.unwrap_or(GameResult::Unknown);
        GameRecord::assemble(
            headers,
            mainline,
            (clocks, evals),
            movetext,
            result_token,
            (start, game_index),
            error,
            truncated,
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn assemble(
        headers: Tags,
        mainline: Mainline,
        (clocks, evals): Annotations,
        movetext: Option<String>,
        result_token: GameResult,
        (start, game_index): (Location, u64),
        error: Option<RecordError>,
        truncated: bool,
    ) -> GameRecord {
        let Ended {
            variant,
            chess960,
            start_fen,
            final_fen,
            outcome,
            packed,
            positions,
            moves_san,
            moves,
        } = match mainline {
            Mainline::Standard(mainline) => mainline.end(),
            Mainline::Variant(mainline) => mainline.end(),
        };
        // The lists at their length: records wait by the thousand to be written (a row group
        // on each writing thread), and the room left for a longer game was a third of them.
        GameRecord {
            game_index,
            byte_offset: start.offset,
            plies: moves.len() as u32,
            final_fen,
            headers,
            variant,
            start_fen,
            chess960,
            moves_san: moves_san.map(exact_string),
            packed,
            outcome,
            clocks: exact(clocks),
            evals: exact(evals),
            movetext,
            positions,
            moves: exact(moves),
            result_token,
            error,
            truncated,
        }
    }

    /// The value of the tag `name` (the first, if written twice).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.headers.get(name)
    }

    /// The tag `name` as a whole number (`1850`, `+12`, `-7`); `None` when absent or not a
    /// number (`?`).
    #[must_use]
    pub fn tag_i32(&self, name: &str) -> Option<i32> {
        int_value(self.tag(name)?)
    }

    /// The `TimeControl` tag as (base seconds, increment seconds): `180+2` is (180, 2), `300`
    /// is (300, 0); `None` for `-` (no clock), `?`, or a form with several periods.
    #[must_use]
    pub fn time_control(&self) -> Option<(u32, u32)> {
        time_control_value(self.tag("TimeControl")?)
    }

    /// The result as the `result` column writes it: the token the movetext ended with, else
    /// the `Result` tag as written, else `*`.
    #[must_use]
    pub fn result(&self) -> &str {
        self.result_with(self.tag("Result"))
    }

    /// [`GameRecord::result`] with the `Result` tag already looked up.
    pub(crate) fn result_with<'a>(&self, tag: Option<&'a str>) -> &'a str {
        match (self.result_token, tag) {
            (GameResult::Unknown, Some(tag)) => tag,
            (token, _) => token.as_str(),
        }
    }

    /// The mainline's moves in UCI, as the `moves_uci` column writes them: castling as the
    /// king's destination, or in Chess960 as the king taking its rook; `0000` for a null
    /// move.
    ///
    /// ```
    /// use chess_archive::{RecordOptions, RecordVisitor};
    /// use chess_notation::pgn::{GameBuilder, Reader};
    ///
    /// let pgn = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O *\n";
    /// let mut visitor = RecordVisitor::new(GameBuilder::new(), RecordOptions::default());
    /// let record = Reader::new(pgn.as_bytes()).read_game(&mut visitor)?.unwrap();
    /// let uci: Vec<String> = record.uci_moves().map(|m| m.to_string()).collect();
    /// assert_eq!(uci.last().map(String::as_str), Some("e1g1"));
    /// # Ok::<_, std::io::Error>(())
    /// ```
    pub fn uci_moves(&self) -> impl ExactSizeIterator<Item = UciMove> + '_ {
        self.moves.iter().map(|&m| self.uci(m))
    }

    /// The move of ply `ply` (from 0) in UCI, as [`GameRecord::uci_moves`] writes it.
    #[must_use]
    pub fn uci_move(&self, ply: usize) -> Option<UciMove> {
        Some(self.uci(*self.moves.get(ply)?))
    }

    fn uci(&self, m: Option<Move>) -> UciMove {
        let mode = if self.chess960 {
            chess_rules::CastlingMode::Chess960
        } else {
            chess_rules::CastlingMode::Standard
        };
        m.map_or(UciMove::Null, |m| UciMove::of_move(m, mode))
    }

    /// The name of the game's rules, as the `variant` column writes it: Lichess's name of the
    /// variant (`Crazyhouse`, `King of the Hill`, `Three-check`, …; python-chess's `Giveaway`
    /// and `Suicide`), `Chess960` for Chess960, `Standard` for standard chess.
    #[must_use]
    pub fn variant_name(&self) -> &'static str {
        if self.variant == Variant::Standard && self.chess960 {
            "Chess960"
        } else {
            self.variant.name()
        }
    }

    /// The name of how the rules ended the game, as the `outcome` column writes it
    /// (`checkmate`, `fivefold_repetition`, …); `None` when they did not.
    #[must_use]
    pub fn outcome_name(&self) -> Option<&'static str> {
        Some(self.outcome?.termination()?.as_str())
    }
}

/// A tag's value as a whole number (`+5` is 5).
pub(crate) fn int_value(value: &str) -> Option<i32> {
    let value = value.trim();
    value.strip_prefix('+').unwrap_or(value).parse().ok()
}

/// A `TimeControl` value as (base, increment) seconds.
pub(crate) fn time_control_value(value: &str) -> Option<(u32, u32)> {
    let value = value.trim();
    let (base, increment) = value.split_once('+').unwrap_or((value, "0"));
    Some((base.parse().ok()?, increment.parse().ok()?))
}

/// A game's mainline as a record holds it, built move by move: the moves (and SAN when asked
/// for), every position when asked for, and how the rules end the game.
#[derive(Clone)]
pub(crate) struct MainlineRecord {
    initial: Position,
    pos: Position,
    moves_san: Option<String>,
    positions: Vec<Position>,
    moves: Vec<Option<Move>>,
    /// `None` when the record leaves the ending out.
    rules: Option<Arbiter>,
    keep_positions: bool,
    pack: bool,
}

impl MainlineRecord {
    pub(crate) fn new(initial: Position, options: &RecordOptions) -> MainlineRecord {
        MainlineRecord {
            rules: (!options.skip_ending).then(|| Arbiter::new(&initial)),
            pos: initial.clone(),
            initial,
            moves_san: options.san.then(|| String::with_capacity(512)),
            positions: Vec::new(),
            moves: Vec::with_capacity(128),
            keep_positions: options.positions,
            pack: options.packed,
        }
    }

    /// The position the next move is played from.
    pub(crate) fn position(&self) -> &Position {
        &self.pos
    }

    /// The last move played (`None` before the first, or after a null move).
    pub(crate) fn last_move(&self) -> Option<Move> {
        self.moves.last().copied().flatten()
    }

    /// Plays `m`, a legal move in [`MainlineRecord::position`].
    pub(crate) fn play(&mut self, m: Move) {
        self.before_move();
        match &mut self.moves_san {
            Some(san) => {
                if !san.is_empty() {
                    san.push(' ');
                }
                SanPlus::from_move_and_play(&mut self.pos, m).append_to(san);
            }
            None => self.pos.play_unchecked(m),
        }
        if let Some(rules) = &mut self.rules {
            rules.push(&self.pos);
        }
        self.moves.push(Some(m));
    }

    /// Passes the turn (a null move; the position stays as it is if it cannot pass).
    pub(crate) fn play_null(&mut self) {
        self.before_move();
        if let Some(san) = &mut self.moves_san {
            if !san.is_empty() {
                san.push(' ');
            }
            san.push_str("--");
        }
        if let Some(next) = self.pos.null_move() {
            self.pos = next;
        }
        if let Some(rules) = &mut self.rules {
            rules.push_null(&self.pos);
        }
        self.moves.push(None);
    }

    fn before_move(&mut self) {
        if self.keep_positions {
            self.positions.push(self.pos.clone());
        }
    }

    /// What the record keeps of the mainline once it is whole.
    fn end(self) -> Ended {
        let MainlineRecord {
            initial,
            pos,
            moves_san,
            mut positions,
            moves,
            rules,
            keep_positions,
            pack,
        } = self;
        let start_fen =
            (initial != Position::standard()).then(|| Fen::from_position(&initial).to_string());
        if keep_positions {
            positions.push(pos.clone());
        }
        let outcome = rules.as_ref().and_then(|rules| rules.outcome(&pos));
        let packed = if pack && moves.iter().all(Option::is_some) {
            let real: Vec<Move> = moves.iter().flatten().copied().collect();
            chess_notation::pack::encode_game(&initial, &real).ok()
        } else {
            None
        };
        let final_fen = if rules.is_some() {
            Fen::from_position(&pos).to_string()
        } else {
            String::new()
        };
        Ended {
            variant: Variant::Standard,
            chess960: initial.is_chess960(),
            start_fen,
            final_fen,
            outcome,
            packed,
            positions,
            moves_san,
            moves,
        }
    }
}

/// What a record keeps of a mainline once it is whole, whatever its rules.
struct Ended {
    variant: Variant,
    chess960: bool,
    start_fen: Option<String>,
    final_fen: String,
    outcome: Option<Outcome>,
    packed: Option<Vec<u8>>,
    positions: Vec<Position>,
    moves_san: Option<String>,
    moves: Vec<Option<Move>>,
}

/// A game's mainline being recorded: standard chess's (and Chess960's), or a variant's. The
/// rules are chosen once, when the movetext begins; the standard path is the one it always
/// was.
#[derive(Clone)]
pub(crate) enum Mainline {
    Standard(MainlineRecord),
    Variant(VariantMainline),
}

impl Mainline {
    /// The number of plies played.
    fn plies(&self) -> usize {
        match self {
            Mainline::Standard(mainline) => mainline.moves.len(),
            Mainline::Variant(mainline) => mainline.moves.len(),
        }
    }
}

/// A variant's game's mainline as a record holds it, built move by move: the moves (and SAN
/// when asked for), and how the variant's rules end the game (its own end, and repetitions and
/// the 75-move rule as the variant has them). No positions, packed moves or openings: those
/// are standard chess's.
#[derive(Clone)]
pub(crate) struct VariantMainline {
    initial: VariantPosition,
    pos: VariantPosition,
    moves_san: Option<String>,
    moves: Vec<Option<Move>>,
    /// `None` when the record leaves the ending out.
    rules: Option<Arbiter>,
}

impl VariantMainline {
    pub(crate) fn new(initial: VariantPosition, options: &RecordOptions) -> VariantMainline {
        VariantMainline {
            rules: (!options.skip_ending).then(|| Arbiter::new(&initial)),
            pos: initial.clone(),
            initial,
            moves_san: options.san.then(|| String::with_capacity(512)),
            moves: Vec::with_capacity(128),
        }
    }

    /// The position the next move is played from.
    pub(crate) fn position(&self) -> &VariantPosition {
        &self.pos
    }

    /// The last move played (`None` before the first).
    pub(crate) fn last_move(&self) -> Option<Move> {
        self.moves.last().copied().flatten()
    }

    /// Plays `m`, a legal move in [`VariantMainline::position`] (`None`, a null move, which
    /// the variants do not have: recorded, the position left as it is).
    pub(crate) fn play(&mut self, m: Option<Move>) {
        if let Some(san) = &mut self.moves_san {
            if !san.is_empty() {
                san.push(' ');
            }
            match m {
                Some(m) => SanPlus::from_variant_move(&self.pos, m).append_to(san),
                None => san.push_str("--"),
            }
        }
        match m {
            Some(m) => {
                self.pos.play_unchecked(m);
                if let Some(rules) = &mut self.rules {
                    rules.push(&self.pos);
                }
            }
            None => {
                if let Some(rules) = &mut self.rules {
                    rules.push_null(&self.pos);
                }
            }
        }
        self.moves.push(m);
    }

    /// What the record keeps of the mainline once it is whole.
    fn end(self) -> Ended {
        let start = VariantPosition::new(self.initial.variant());
        let start_fen =
            (self.initial != start).then(|| VariantFen::from_position(&self.initial).to_string());
        let (final_fen, outcome) = if let Some(rules) = &self.rules {
            (
                VariantFen::from_position(&self.pos).to_string(),
                rules.outcome(&self.pos),
            )
        } else {
            (String::new(), None)
        };
        Ended {
            variant: self.initial.variant(),
            chess960: self.initial.castling_mode() == chess_rules::CastlingMode::Chess960,
            start_fen,
            final_fen,
            outcome,
            packed: None,
            positions: Vec::new(),
            moves_san: self.moves_san,
            moves: self.moves,
        }
    }
}

/// `list` with no room beyond its length (a copy when it has much).
fn exact<T: Copy>(list: Vec<T>) -> Vec<T> {
    if list.capacity() - list.len() > list.len() / 8 {
        list.as_slice().to_vec()
    } else {
        list
    }
}

/// `text` with no room beyond its length (a copy when it has much).
fn exact_string(text: String) -> String {
    if text.capacity() - text.len() > text.len() / 8 {
        text.as_str().to_owned()
    } else {
        text
    }
}

/// The movetext of `game` as the PGN writer writes it (everything after the tag section), its
/// lines joined as those of a source's movetext are: for a record made from a game tree, which
/// has no source text.
fn movetext(game: &PgnGame) -> String {
    let mut text = String::new();
    // Records hold the mainline only, so its movetext has no variations.
    let mut without_tags = PgnGame {
        headers: Vec::new(),
        ..game.clone()
    };
    for node in &mut without_tags.mainline.moves {
        node.variations.clear();
    }
    write_game(&without_tags, &mut text);
    // The writer puts the roster first; the movetext starts after the empty line.
    let movetext = match text.find("\n\n") {
        Some(i) => &text[i + 2..],
        None => &text[..],
    };
    let mut joined = JoinedLines::new();
    joined.push(movetext.as_bytes());
    joined.take()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_notation::pgn::{GameBuilder, Reader, VisitorExt};

    fn records(pgn: &str, options: &RecordOptions) -> Vec<GameRecord> {
        let mut reader = Reader::new(pgn.as_bytes());
        let mut builder = GameBuilder::new().with_start();
        let mut out = Vec::new();
        while let Some((start, game)) = reader.read_game(&mut builder).unwrap() {
            out.push(GameRecord::new(game, start, out.len() as u64 + 1, options));
        }
        out
    }

    /// The moves of a record in UCI, separated by spaces.
    fn uci(record: &GameRecord) -> String {
        let moves: Vec<String> = record.uci_moves().map(|m| m.to_string()).collect();
        moves.join(" ")
    }

    #[test]
    fn tags_are_typed() {
        let r = &records(
            "[WhiteElo \"?\"]\n[BlackElo \"2001\"]\n[WhiteRatingDiff \"+12\"]\n[BlackRatingDiff \"-7\"]\n\
             [TimeControl \"-\"]\n\n*\n\n[TimeControl \"300\"]\n\n*\n\n[TimeControl \"40/7200:3600\"]\n\n*\n",
            &RecordOptions::default(),
        );
        assert_eq!(r[0].tag_i32("WhiteElo"), None);
        assert_eq!(r[0].tag_i32("BlackElo"), Some(2001));
        assert_eq!(r[0].tag_i32("WhiteRatingDiff"), Some(12));
        assert_eq!(r[0].tag_i32("BlackRatingDiff"), Some(-7));
        assert_eq!(r[0].time_control(), None);
        assert_eq!(r[1].time_control(), Some((300, 0)));
        assert_eq!(r[2].time_control(), None);
    }

    #[test]
    fn moves_annotations_and_outcomes() {
        let options = RecordOptions {
            san: true,
            packed: true,
            movetext: true,
            positions: true,
            openings: false,
            skip_tags: false,
            skip_ending: false,
        };
        let r = &records(
            "1. f3 { [%eval -0.5] [%clk 0:01:00] } e5 { [%eval #-2] } 2. g4 Qh4# 0-1\n\n\
             [FEN \"8/8/8/8/8/5k2/8/5K2 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. Ke1 *\n\n\
             1. e4 Ke7 *\n",
            &options,
        );
        assert_eq!(uci(&r[0]), "f2f3 e7e5 g2g4 d8h4");
        assert_eq!(r[0].moves_san.as_deref(), Some("f3 e5 g4 Qh4#"));
        assert_eq!(r[0].plies, 4);
        assert_eq!(r[0].clocks, [Some(60_000), None, None, None]);
        assert_eq!(
            r[0].evals,
            [
                Some(Eval::Centipawns(-50)),
                Some(Eval::Mate(-2)),
                None,
                None
            ]
        );
        assert_eq!(r[0].outcome_name(), Some("checkmate"));
        assert_eq!(r[0].result(), "0-1");
        assert_eq!(r[0].result_token, GameResult::BlackWins);
        assert_eq!(r[0].positions.len(), 5);
        let packed = r[0].packed.as_deref().unwrap();
        let (start, moves) = chess_notation::pack::decode_game(packed).unwrap();
        assert_eq!((start, moves.len()), (Position::standard(), 4));
        assert!(
            r[0].movetext
                .as_deref()
                .unwrap()
                .starts_with("1. f3 {[%eval -0.5] [%clk 0:01:00]} 1... e5")
        );
        // A set-up start: bare kings are a draw by the rules.
        assert_eq!(
            r[1].start_fen.as_deref(),
            Some("8/8/8/8/8/5k2/8/5K2 w - - 0 1")
        );
        assert_eq!(r[1].outcome_name(), Some("insufficient_material"));
        assert_eq!(r[1].byte_offset, 73);
        // A bad game: what came before the error, and the error.
        let error = r[2].error.as_ref().unwrap();
        assert_eq!(
            (error.kind, error.at.line, error.at.column),
            (PgnErrorKind::IllegalMove, 8, 7)
        );
        assert_eq!(
            error.to_string(),
            format!("line 8, column 7: {}", error.message)
        );
        assert_eq!(uci(&r[2]), "e2e4");
        assert_eq!(r[2].game_index, 3);
    }

    #[test]
    fn draws_by_the_rules_are_found_where_they_happen() {
        let shuffle = "Nf3 Nf6 Ng1 Ng8 ".repeat(4);
        let r = &records(
            &format!(
                "{shuffle} *\n\n{shuffle} Nf3 *\n\n{} *\n",
                "Nf3 Nf6 Ng1 Ng8 ".repeat(3)
            ),
            &RecordOptions::default(),
        );
        // The start position a fifth time: fivefold, even if moves follow.
        assert_eq!(r[0].outcome_name(), Some("fivefold_repetition"));
        assert_eq!(r[1].outcome_name(), Some("fivefold_repetition"));
        assert_eq!(r[2].outcome, None);
        // Repetitions across null moves are not counted: the start occurs three times before
        // the passes and three times after.
        let twice = "Nf3 Nf6 Ng1 Ng8 ".repeat(2);
        let pgn = format!("{twice} -- -- {twice} *\n");
        let mut reader = Reader::new(pgn.as_bytes());
        let mut builder = GameBuilder::new().allow_null_moves(true).with_start();
        let (start, game) = reader.read_game(&mut builder).unwrap().unwrap();
        let r = GameRecord::new(game, start, 1, &RecordOptions::default());
        assert_eq!(uci(&r).matches("0000").count(), 2);
        assert_eq!(r.outcome, None);
        // 75 moves without a capture or pawn move.
        let r = &records(
            "[FEN \"8/8/8/4k3/8/8/8/R3K3 w - - 148 100\"]\n\n1. Ra2 Ke6 2. Ra3 *\n",
            &RecordOptions::default(),
        );
        assert_eq!(r[0].outcome_name(), Some("seventyfive_moves"));
    }
}
