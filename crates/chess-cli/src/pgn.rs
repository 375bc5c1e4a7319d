//! `chess pgn`: read PGN files game by game; count, check, print final positions or re-export;
//! report each bad game with file, game number, line and column, and go on.

use std::io::{IsTerminal, Read, Write};
use std::ops::ControlFlow;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use chess_notation::pgn::{
    GameBuilder, GameResult, Location, PgnError, PgnErrorKind, PgnGame, Reader, SyntaxError,
    VariationChoice, Visitor, unescape_tag_value,
};
use chess_notation::{Fen, uci};
use rayon::prelude::*;

use crate::cli::{PgnAction, PgnArgs};
use crate::error::{CliError, EXIT_INVALID_INPUT, Result};
use crate::json::Json;

/// Games handed to the thread pool at a time: enough to keep the threads busy, few enough to
/// keep memory flat on files of any size.
const BATCH: usize = 512;

/// Inputs larger than this get a progress bar (when stderr is a terminal).
const PROGRESS_THRESHOLD: u64 = 4 << 20;

/// Totals over all files.
#[derive(Default)]
struct Totals {
    games: u64,
    moves: u64,
    bad: u64,
}

pub fn run(args: &PgnArgs, out: &mut impl Write) -> Result<()> {
    let action = args.action();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads as usize)
        .build()
        .map_err(|e| CliError::usage(format!("--threads {}: {e}", args.threads)))?;
    let mut totals = Totals::default();
    let mut unreadable = false;
    for path in &args.files {
        let name = if path.as_os_str() == "-" {
            "-".to_owned()
        } else {
            path.display().to_string()
        };
        let before = (totals.games, totals.moves, totals.bad);
        let result = if path.as_os_str() == "-" {
            read_file(
                &name,
                std::io::stdin().lock(),
                None,
                args,
                action,
                &pool,
                &mut totals,
                out,
            )
        } else {
            match std::fs::File::open(path) {
                Ok(file) => {
                    let size = file.metadata().ok().map(|m| m.len());
                    read_file(&name, file, size, args, action, &pool, &mut totals, out)
                }
                Err(e) => Err(CliError::input(&name, e)),
            }
        };
        if let Err(e) = result {
            if e.code != EXIT_INVALID_INPUT {
                return Err(e);
            }
            crate::error::warn(&e);
            unreadable = true;
            continue;
        }
        if action == PgnAction::Stats && !args.json {
            writeln!(
                out,
                "{name}: {} games, {} moves, {} bad",
                totals.games - before.0,
                totals.moves - before.1,
                totals.bad - before.2
            )?;
        }
    }
    if action == PgnAction::Stats && !args.json && args.files.len() > 1 {
        writeln!(
            out,
            "total: {} games, {} moves, {} bad",
            totals.games, totals.moves, totals.bad
        )?;
    }
    if totals.bad > 0 || unreadable {
        let what = if unreadable && totals.bad == 0 {
            "an input could not be read".to_owned()
        } else {
            format!("{} of {} games could not be read", totals.bad, totals.games)
        };
        return Err(CliError {
            message: what,
            code: EXIT_INVALID_INPUT,
        });
    }
    Ok(())
}

/// Counts the bytes read, for the progress bar.
struct Counting<R> {
    inner: R,
    read: Arc<AtomicU64>,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

#[allow(clippy::too_many_arguments)]
fn read_file(
    name: &str,
    input: impl Read,
    size: Option<u64>,
    args: &PgnArgs,
    action: PgnAction,
    pool: &rayon::ThreadPool,
    totals: &mut Totals,
    out: &mut impl Write,
) -> Result<()> {
    let read = Arc::new(AtomicU64::new(0));
    let progress = (std::io::stderr().is_terminal()
        && size.is_some_and(|s| s > PROGRESS_THRESHOLD))
    .then(|| {
        let bar = indicatif::ProgressBar::new(size.unwrap_or(0));
        bar.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} {bar:40} {bytes}/{total_bytes} ({bytes_per_sec}, {eta})",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        bar.set_message(name.to_owned());
        bar
    });
    let mut reader = Reader::new(Counting {
        inner: input,
        read: Arc::clone(&read),
    });
    let mut number = 0u64;
    let mut report = |outcome: Outcome, out: &mut dyn Write| -> Result<()> {
        number += 1;
        emit(name, number, outcome, args.json, action, totals, out)?;
        if let Some(bar) = &progress {
            bar.set_position(read.load(Ordering::Relaxed));
        }
        Ok(())
    };
    let tracked = || Tracked::new(args.chess960, args.json);
    if pool.current_num_threads() <= 1 {
        let mut visitor = tracked();
        while let Some(outcome) = reader
            .read_game(&mut visitor)
            .map_err(|e| CliError::input(name, e))?
        {
            report(outcome, out)?;
        }
    } else {
        let mut recorder = Recorder::default();
        loop {
            let mut batch = Vec::with_capacity(BATCH);
            while batch.len() < BATCH {
                match reader
                    .read_game(&mut recorder)
                    .map_err(|e| CliError::input(name, e))?
                {
                    Some(tokens) => batch.push(tokens),
                    None => break,
                }
            }
            if batch.is_empty() {
                break;
            }
            let done = batch.len() < BATCH;
            let outcomes: Vec<Outcome> = pool.install(|| {
                batch
                    .par_iter()
                    .map(|tokens| replay(tokens, &mut tracked()))
                    .collect()
            });
            for outcome in outcomes {
                report(outcome, out)?;
            }
            if done {
                break;
            }
        }
    }
    if let Some(bar) = progress {
        bar.finish_and_clear();
    }
    Ok(())
}

/// One game as read: its headers (kept even when the game is bad), the game or the error, and
/// for a bad game (when asked for) its mainline up to the error.
struct Outcome {
    headers: Vec<(String, String)>,
    game: std::result::Result<PgnGame, PgnError>,
    /// The game's start and the mainline moves before the error, when the start could be set
    /// up (`None` for good games, and for bad ones unless the JSON output needs it).
    partial: Option<PgnGame>,
}

fn emit(
    name: &str,
    number: u64,
    outcome: Outcome,
    json: bool,
    action: PgnAction,
    totals: &mut Totals,
    out: &mut dyn Write,
) -> Result<()> {
    totals.games += 1;
    match &outcome.game {
        Ok(game) => totals.moves += game.mainline.moves.len() as u64,
        Err(e) => {
            totals.bad += 1;
            // The game number counts games in this file, whichever thread built it.
            let mut e = e.clone();
            e.game = number;
            crate::error::warn(format_args!("{name}: {e}"));
        }
    }
    if json {
        writeln!(out, "{}", to_json(name, number, &outcome).to_line())?;
        return Ok(());
    }
    if let Ok(game) = &outcome.game {
        match action {
            PgnAction::Fens => writeln!(out, "{}", Fen::from_position(&game.final_position()))?,
            PgnAction::Export => writeln!(out, "{game}")?,
            PgnAction::Stats | PgnAction::Check => {}
        }
    }
    Ok(())
}

fn to_json(name: &str, number: u64, outcome: &Outcome) -> Json {
    let headers = Json::Map(
        outcome
            .headers
            .iter()
            .map(|(k, v)| (k.clone(), Json::str(v.clone())))
            .collect(),
    );
    let header_result = outcome
        .headers
        .iter()
        .find(|(k, _)| k == "Result")
        .and_then(|(_, v)| GameResult::from_token(v));
    // A bad game shows what could be read of it: its mainline up to the error.
    let (game, error) = match &outcome.game {
        Ok(game) => (Some(game), None),
        Err(e) => (outcome.partial.as_ref(), Some(e)),
    };
    let (moves, final_fen) = game.map_or((Vec::new(), Json::Null), |game| {
        let (moves, pos) = mainline_uci(game);
        (moves, Json::str(Fen::from_position(&pos).to_string()))
    });
    let result = match &outcome.game {
        Ok(game) => game.result.or(header_result),
        Err(_) => header_result,
    }
    .unwrap_or(GameResult::Unknown);
    let error = error.map_or(Json::Null, |e| {
        Json::Object(vec![
            ("kind", Json::str(error_kind(e))),
            ("line", Json::Number(e.at.line)),
            ("column", Json::Number(e.at.column)),
            ("message", Json::str(error_message(e))),
        ])
    });
    Json::Object(vec![
        ("file", Json::str(name)),
        ("game", Json::Number(number)),
        ("headers", headers),
        ("moves", Json::Array(moves)),
        ("final_fen", final_fen),
        ("result", Json::str(result.as_str())),
        ("error", error),
    ])
}

/// The mainline in UCI (`0000` for a null move) and the position it ends in.
fn mainline_uci(game: &PgnGame) -> (Vec<Json>, chess_rules::Position) {
    let mut pos = game.initial.clone();
    let mut moves = Vec::with_capacity(game.mainline.moves.len());
    for node in &game.mainline.moves {
        match node.m {
            Some(m) => {
                moves.push(Json::str(uci::format(&pos, m)));
                pos.play_unchecked(m);
            }
            None => {
                moves.push(Json::str("0000"));
                if let Some(next) = pos.null_move() {
                    pos = next;
                }
            }
        }
    }
    (moves, pos)
}

/// The `kind` of a bad game in JSON: the documented names (docs/cli.md).
fn error_kind(e: &PgnError) -> &'static str {
    match e.kind() {
        PgnErrorKind::IllegalMove => "illegal_move",
        PgnErrorKind::AmbiguousMove => "ambiguous_move",
        PgnErrorKind::InvalidFen => "invalid_fen",
        // A distinct case: the start cannot be set up because the Variant tag names a game
        // other than chess and Chess960.
        PgnErrorKind::UnsupportedVariant => "unsupported_variant",
        // Read errors never reach a game here (the reader's `io::Error` ends the file and is
        // reported on stderr); any kind the library adds later is some flaw of the text.
        _ => "syntax",
    }
}

/// The error's message without its "game N, line L, column C: " prefix (JSON has those apart).
fn error_message(e: &PgnError) -> String {
    let full = e.to_string();
    let prefix = format!("game {}, {}: ", e.game, e.at);
    full.strip_prefix(&prefix)
        .map_or(full.clone(), str::to_owned)
}

/// Builds each game, keeping its tags as written (so a bad game's headers can still be
/// reported), reading games without a Variant tag as Chess960 under `--chess960`, and, for the
/// JSON output, keeping the mainline's moves so a bad game can be rebuilt up to its error.
struct Tracked {
    inner: GameBuilder,
    headers: Vec<(String, String)>,
    chess960: bool,
    /// Where the game's Variant tag is, if it has one.
    variant_at: Option<Location>,
    record: bool,
    /// The start position was set up (the game got to its movetext without an error).
    started: bool,
    /// How deep in variations the reader is (0: the mainline).
    depth: usize,
    /// The mainline's move tokens, one after another in one buffer (no allocation per move),
    /// each with where it ends in the buffer and where it was in the input.
    text: Vec<u8>,
    moves: Vec<(usize, Location)>,
}

impl Tracked {
    fn new(chess960: bool, record: bool) -> Tracked {
        Tracked {
            inner: GameBuilder::new(),
            headers: Vec::new(),
            chess960,
            variant_at: None,
            record,
            started: false,
            depth: 0,
            text: Vec::new(),
            moves: Vec::new(),
        }
    }

    /// The game's start and its mainline moves written before `error`, built again by a fresh
    /// builder (every one of those moves was legal, or the error would have come earlier).
    fn partial(&self, error: &PgnError) -> Option<PgnGame> {
        if !self.record || !self.started {
            return None;
        }
        let mut builder = GameBuilder::new();
        builder.begin_game(Location::default());
        for (name, value) in &self.headers {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            let _ = builder.tag(name.as_bytes(), escaped.as_bytes(), Location::default());
        }
        if self.chess960 && self.variant_at.is_none() {
            let _ = builder.tag(b"Variant", b"Chess960", Location::default());
        }
        if builder.begin_movetext(Location::default()).is_break() {
            return None;
        }
        let mut begin = 0;
        for &(end, at) in &self.moves {
            if at.offset >= error.at.offset || builder.san(&self.text[begin..end], at).is_break() {
                break;
            }
            begin = end;
        }
        builder.end_game().ok()
    }
}

impl Visitor for Tracked {
    type Output = Outcome;

    fn begin_game(&mut self, at: Location) {
        self.headers.clear();
        self.variant_at = None;
        self.started = false;
        self.depth = 0;
        self.text.clear();
        self.moves.clear();
        self.inner.begin_game(at);
    }
    fn tag(&mut self, name: &[u8], value: &[u8], at: Location) -> ControlFlow<()> {
        if name == b"Variant" {
            self.variant_at = Some(at);
        }
        self.headers.push((
            String::from_utf8_lossy(name).into_owned(),
            unescape_tag_value(value),
        ));
        self.inner.tag(name, value, at)
    }
    fn begin_movetext(&mut self, at: Location) -> ControlFlow<()> {
        if self.chess960 && self.variant_at.is_none() {
            let _ = self.inner.tag(b"Variant", b"Chess960", at);
        }
        let flow = self.inner.begin_movetext(at);
        self.started = flow.is_continue();
        flow
    }
    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        if self.record && self.depth == 0 {
            self.text.extend_from_slice(san);
            self.moves.push((self.text.len(), at));
        }
        self.inner.san(san, at)
    }
    fn nag(&mut self, nag: u8, at: Location) -> ControlFlow<()> {
        self.inner.nag(nag, at)
    }
    fn comment(&mut self, comment: &[u8], at: Location) -> ControlFlow<()> {
        self.inner.comment(comment, at)
    }
    fn partial_comment(&mut self, part: &[u8], at: Location) -> ControlFlow<()> {
        self.inner.partial_comment(part, at)
    }
    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        let choice = self.inner.begin_variation(at);
        // A skipped variation is not visited at all, its end included.
        if choice == VariationChoice::Continue {
            self.depth += 1;
        }
        choice
    }
    fn end_variation(&mut self, at: Location) -> ControlFlow<()> {
        self.depth = self.depth.saturating_sub(1);
        self.inner.end_variation(at)
    }
    fn outcome(&mut self, result: GameResult, at: Location) -> ControlFlow<()> {
        self.inner.outcome(result, at)
    }
    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        self.inner.syntax_error(error)
    }
    fn end_game(&mut self) -> Outcome {
        let game = self.inner.end_game();
        let partial = game.as_ref().err().and_then(|e| self.partial(e));
        Outcome {
            headers: std::mem::take(&mut self.headers),
            game,
            partial,
        }
    }
}

/// A visitor call, recorded so a game can be built on another thread.
enum Token {
    Begin(Location),
    Tag(Vec<u8>, Vec<u8>, Location),
    Movetext(Location),
    San(Vec<u8>, Location),
    Nag(u8, Location),
    Comment(Vec<u8>, Location),
    PartialComment(Vec<u8>, Location),
    BeginVariation(Location),
    EndVariation(Location),
    Outcome(GameResult, Location),
    SyntaxError(SyntaxError),
}

/// Records each game's visitor calls (cheap: no SAN parsing, no move making).
#[derive(Default)]
struct Recorder {
    tokens: Vec<Token>,
}

impl Visitor for Recorder {
    type Output = Vec<Token>;

    fn begin_game(&mut self, at: Location) {
        self.tokens.clear();
        self.tokens.push(Token::Begin(at));
    }
    fn tag(&mut self, name: &[u8], value: &[u8], at: Location) -> ControlFlow<()> {
        self.tokens
            .push(Token::Tag(name.to_vec(), value.to_vec(), at));
        ControlFlow::Continue(())
    }
    fn begin_movetext(&mut self, at: Location) -> ControlFlow<()> {
        self.tokens.push(Token::Movetext(at));
        ControlFlow::Continue(())
    }
    fn san(&mut self, san: &[u8], at: Location) -> ControlFlow<()> {
        self.tokens.push(Token::San(san.to_vec(), at));
        ControlFlow::Continue(())
    }
    fn nag(&mut self, nag: u8, at: Location) -> ControlFlow<()> {
        self.tokens.push(Token::Nag(nag, at));
        ControlFlow::Continue(())
    }
    fn comment(&mut self, comment: &[u8], at: Location) -> ControlFlow<()> {
        self.tokens.push(Token::Comment(comment.to_vec(), at));
        ControlFlow::Continue(())
    }
    fn partial_comment(&mut self, part: &[u8], at: Location) -> ControlFlow<()> {
        self.tokens.push(Token::PartialComment(part.to_vec(), at));
        ControlFlow::Continue(())
    }
    fn begin_variation(&mut self, at: Location) -> VariationChoice {
        self.tokens.push(Token::BeginVariation(at));
        VariationChoice::Continue
    }
    fn end_variation(&mut self, at: Location) -> ControlFlow<()> {
        self.tokens.push(Token::EndVariation(at));
        ControlFlow::Continue(())
    }
    fn outcome(&mut self, result: GameResult, at: Location) -> ControlFlow<()> {
        self.tokens.push(Token::Outcome(result, at));
        ControlFlow::Continue(())
    }
    fn syntax_error(&mut self, error: SyntaxError) -> ControlFlow<()> {
        self.tokens.push(Token::SyntaxError(error));
        ControlFlow::Continue(())
    }
    fn end_game(&mut self) -> Vec<Token> {
        std::mem::take(&mut self.tokens)
    }
}

/// Plays recorded calls into `visitor`, honouring its choices as the reader would: a `Break`
/// skips the rest of the game, a skipped variation is not visited.
fn replay<V: Visitor>(tokens: &[Token], visitor: &mut V) -> V::Output {
    let mut skip_depth = 0usize;
    let mut stopped = false;
    for token in tokens {
        if let Token::Begin(at) = token {
            visitor.begin_game(*at);
            continue;
        }
        if stopped {
            continue;
        }
        if skip_depth > 0 {
            match token {
                Token::BeginVariation(_) => skip_depth += 1,
                Token::EndVariation(_) => skip_depth -= 1,
                _ => {}
            }
            continue;
        }
        let flow = match token {
            Token::Begin(_) => ControlFlow::Continue(()),
            Token::Tag(name, value, at) => visitor.tag(name, value, *at),
            Token::Movetext(at) => visitor.begin_movetext(*at),
            Token::San(san, at) => visitor.san(san, *at),
            Token::Nag(nag, at) => visitor.nag(*nag, *at),
            Token::Comment(text, at) => visitor.comment(text, *at),
            Token::PartialComment(text, at) => visitor.partial_comment(text, *at),
            Token::BeginVariation(at) => {
                if visitor.begin_variation(*at) == VariationChoice::Skip {
                    skip_depth = 1;
                }
                ControlFlow::Continue(())
            }
            Token::EndVariation(at) => visitor.end_variation(*at),
            Token::Outcome(result, at) => visitor.outcome(*result, *at),
            Token::SyntaxError(error) => visitor.syntax_error(*error),
        };
        if flow.is_break() {
            stopped = true;
        }
    }
    visitor.end_game()
}

/// The first game of a PGN text, as a game of the rules (mainline only).
pub fn load_first_game(text: &str) -> std::result::Result<chess_rules::Game, String> {
    let mut games = chess_notation::pgn::GameReader::new(text.as_bytes());
    let game = match games.next() {
        Some(Ok(game)) => game,
        Some(Err(e)) => return Err(e.to_string()),
        None => return Err("no game in the file".to_owned()),
    };
    let mut rules_game = chess_rules::Game::new(game.initial.clone());
    for node in &game.mainline.moves {
        let Some(m) = node.m else {
            return Err("the game has a null move, which a game cannot continue from".to_owned());
        };
        rules_game.play(m).map_err(|e| e.to_string())?;
    }
    Ok(rules_game)
}
