//! Reading games straight into records: the mainline played as it is read, with the clock
//! and evaluation commands taken from the comments as they pass, so that the comments
//! themselves are never stored and variations are skipped; the movetext, when wanted, is the
//! source's text.

use core::ops::ControlFlow;

use chess_notation::pgn::{Eval, clock_and_eval};
use chess_notation::pgn::{
    GameBuilder, GameResult, Location, MoveToken, SyntaxError, VariationChoice, Visitor,
};

use crate::Tags;
use crate::movetext::JoinedLines;
use crate::record::{GameRecord, Mainline, MainlineRecord, RecordOptions, VariantMainline};

/// A visitor whose output is the [`GameRecord`] of each game (numbered from 1 in the order
/// read; a reader on several threads numbers them again in input order).
///
/// ```
/// use chess_archive::{RecordOptions, RecordVisitor};
/// use chess_notation::pgn::{GameBuilder, Reader};
///
/// let pgn = "1. e4 { [%clk 0:03:00] } (1. d4 d5) e5 { [%eval 0.2] } *\n";
/// let mut visitor = RecordVisitor::new(GameBuilder::new(), RecordOptions::default());
/// let record = Reader::new(pgn.as_bytes()).read_game(&mut visitor)?.unwrap();
/// assert_eq!(record.uci_moves().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "e7e5"]);
/// assert_eq!(record.clocks, [Some(180_000), None]);
/// assert_eq!(record.movetext, None);
///
/// // The movetext, when asked for, is the source's, on one line.
/// let options = RecordOptions { movetext: true, ..RecordOptions::default() };
/// let mut visitor = RecordVisitor::new(GameBuilder::new(), options);
/// let pgn = "1. e4 { [%clk 0:03:00] } 1... e5??\r\n 2. Nf3 $1 1-0\n";
/// let record = Reader::new(pgn.as_bytes()).read_game(&mut visitor)?.unwrap();
/// assert_eq!(
///     record.movetext.as_deref(),
///     Some("1. e4 { [%clk 0:03:00] } 1... e5?? 2. Nf3 $1 1-0")
/// );
/// # Ok::<_, std::io::Error>(())
/// ```
#[derive(Clone)]
pub struct RecordVisitor {
    builder: GameBuilder,
    options: RecordOptions,
    start: Location,
    games: u64,
    /// Plies of the mainline seen so far.
    plies: usize,
    clocks: Vec<Option<u32>>,
    evals: Vec<Option<Eval>>,
    /// A comment read in parts.
    partial: Vec<u8>,
    /// The mainline, played as it is read: the moves never reach the builder, which checks
    /// the tags that set the start, the syntax and the result.
    mainline: Option<MainlineRecord>,
    /// The mainline of a variant's game (then `mainline` is `None`): the rules are chosen
    /// once per game, so standard games read as they always did.
    variant: Option<VariantMainline>,
    /// The tags (the builder sees only those it sets the start with).
    tags: Tags,
    /// The source's movetext, when the record keeps it.
    movetext: JoinedLines,
}

impl RecordVisitor {
    /// Records of the games `builder` reads (its options: Chess960, null moves, strictness).
    #[must_use]
    pub fn new(builder: GameBuilder, options: RecordOptions) -> RecordVisitor {
        RecordVisitor {
            builder,
            options,
            start: Location::default(),
            games: 0,
            plies: 0,
            clocks: Vec::new(),
            evals: Vec::new(),
            partial: Vec::new(),
            mainline: None,
            variant: None,
            tags: Tags::new(),
            movetext: JoinedLines::new(),
        }
    }

    /// Reads the move token `san` (at `at`) of a variant's game's mainline, as
    /// [`Visitor::san`] does a standard game's.
    #[inline(never)]
    fn variant_san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        let Some(mainline) = self.variant.as_mut().filter(|_| !self.builder.failed()) else {
            return ControlFlow::Break(());
        };
        let last = mainline.last_move();
        match self
            .builder
            .read_variant_token(mainline.position(), last, san, at)
        {
            Ok(MoveToken::Move(m)) => mainline.play(m),
            Ok(_) => return ControlFlow::Continue(()),
            Err(reason) => return self.builder.fail(at, reason),
        }
        self.plies += 1;
        self.clocks.push(None);
        self.evals.push(None);
        ControlFlow::Continue(())
    }

    /// Takes the clock and evaluation of a mainline comment, for the ply before it.
    fn annotate(&mut self, comment: &[u8]) {
        let Some(ply) = self.plies.checked_sub(1) else {
            return;
        };
        let (clock, eval) = clock_and_eval(comment);
        // A ply's first clock and evaluation stay, when several comments follow its move.
        if self.clocks[ply].is_none() {
            self.clocks[ply] = clock.and_then(|d| u32::try_from(d.as_millis()).ok());
        }
        if self.evals[ply].is_none() {
            self.evals[ply] = eval;
        }
    }
}

impl Visitor for RecordVisitor {
    type Output = GameRecord;

    fn begin_game(&mut self, at: Location) {
        self.start = at;
        self.games += 1;
        self.plies = 0;
        self.clocks.clear();
        self.evals.clear();
        self.partial.clear();
        self.mainline = None;
        self.variant = None;
        self.tags.clear();
        self.movetext.clear();
        self.builder.begin_game(at);
    }
    fn tag(&mut self, name: &[u8], value: &[u8], at: Location) -> ControlFlow<()> {
        if let Some(result) = result_written_otherwise(name, value) {
            // As the builder reads it: the result as PGN writes it (strictly, an error there,
            // the tag kept as written).
            let flow = self.builder.tag(name, value, at);
            let value = if flow.is_break() {
                value
            } else {
                result.as_str().as_bytes()
            };
            if !self.options.skip_tags {
                self.tags.push_raw(name, value);
            }
            return flow;
        }
        if !self.options.skip_tags {
            self.tags.push_raw(name, value);
        }
        if GameBuilder::sets_start(name) {
            return self.builder.tag(name, value, at);
        }
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, at: Location) -> ControlFlow<()> {
        let flow = self.builder.begin_movetext(at);
        self.mainline = self
            .builder
            .initial()
            .map(|start| MainlineRecord::new(start.clone(), &self.options));
        self.variant = self
            .builder
            .variant_initial()
            .map(|start| VariantMainline::new(start.clone(), &self.options));
        flow
    }
    fn wants_movetext_bytes(&self) -> bool {
        self.options.movetext
    }
    fn movetext_bytes(&mut self, bytes: &[u8]) {
        self.movetext.push(bytes);
    }
    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        let Some(mainline) = self.mainline.as_mut().filter(|_| !self.builder.failed()) else {
            return self.variant_san(san, at);
        };
        // Read as the builder reads the tokens of a mainline: long algebraic moves, and the
        // glyphs and en passant marks that stand where moves do (nothing to play).
        let last = mainline.last_move();
        match self.builder.read_token(mainline.position(), last, san, at) {
            Ok(MoveToken::Move(Some(m))) => mainline.play(m),
            Ok(MoveToken::Move(None)) => mainline.play_null(),
            Ok(_) => return ControlFlow::Continue(()),
            Err(reason) => return self.builder.fail(at, reason),
        }
        self.plies += 1;
        self.clocks.push(None);
        self.evals.push(None);
        ControlFlow::Continue(())
    }
    fn nag(&mut self, nag: u8, at: Location) -> ControlFlow<()> {
        self.builder.nag(nag, at)
    }
    fn comment(&mut self, comment: &[u8], _: Location) -> ControlFlow<()> {
        if self.partial.is_empty() {
            self.annotate(comment);
        } else {
            let mut whole = core::mem::take(&mut self.partial);
            whole.extend_from_slice(comment);
            self.annotate(&whole);
        }
        ControlFlow::Continue(())
    }
    fn partial_comment(&mut self, part: &[u8], _: Location) -> ControlFlow<()> {
        // Commands are short: a comment longer than this holds none worth keeping whole.
        if self.partial.len() < 1 << 16 {
            self.partial.extend_from_slice(part);
        }
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, _: Location) -> VariationChoice {
        // Records hold the mainline only.
        VariationChoice::Skip
    }
    fn outcome(&mut self, result: GameResult, at: Location) -> ControlFlow<()> {
        self.builder.outcome(result, at)
    }
    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        self.builder.syntax_error(error)
    }
    fn truncated(&mut self, at: Location) {
        self.builder.truncated(at);
    }
    fn end_game(&mut self) -> GameRecord {
        let game = self.builder.end_game();
        let movetext = self.options.movetext.then(|| self.movetext.take());
        let mainline = match self.variant.take() {
            Some(variant) => Some(Mainline::Variant(variant)),
            None => self.mainline.take().map(Mainline::Standard),
        };
        GameRecord::of_mainline(
            game,
            {
                let next = self.tags.empty_like();
                core::mem::replace(&mut self.tags, next)
            },
            mainline,
            (take_exact(&mut self.clocks), take_exact(&mut self.evals)),
            movetext,
            (self.start, self.games),
            &self.options,
        )
    }
}

/// The result a `Result` tag's value stands for when it is written otherwise than PGN writes
/// it (`1–0`, `½-½`), as the lenient reader reads it.
fn result_written_otherwise(name: &[u8], value: &[u8]) -> Option<GameResult> {
    if name != b"Result" {
        return None;
    }
    let value = core::str::from_utf8(value).ok()?.trim();
    GameResult::from_token(value)
        .is_none()
        .then(|| GameResult::from_token_lenient(value))
        .flatten()
}

/// The contents of `list`, at their length, leaving `list` empty with its room for the next
/// game (a list grown from nothing for each game is a string of reallocations).
fn take_exact<T: Copy>(list: &mut Vec<T>) -> Vec<T> {
    let contents = list.as_slice().to_vec();
    list.clear();
    contents
}
