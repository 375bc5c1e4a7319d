//! `chess play`: a game in the terminal, against a person at the same keyboard or the computer.

use std::io::{self, Write};
use std::ops::ControlFlow;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::Duration;

use chess_core::{Bitboard, Color, Square};
use chess_lab::player::Analysis;
use chess_notation::input::{self, InputError};
use chess_notation::pgn::PgnGame;
use chess_notation::san::{self, SanPlus};
use chess_notation::{Fen, UciMove};
use chess_rules::{Game, Move, Position};

use crate::cli::{PlayArgs, Side};
use crate::engine::{Opponent, Thought};
use crate::error::Result;
use crate::interrupt::{self, Catch};
use crate::pgn_export;
use crate::position_arg::{Chess960Default, parse_fen_lenient, resolve};
use crate::render::{self, Style};
use crate::terminal::{AsksForFiles, Input, input};
use crate::words::describe_end;

/// The width every line the game prints fits in (the board, help, prompts and messages).
const COLUMNS: usize = 80;

/// How long a hint thinks at most.
const HINT_TIME: Duration = Duration::from_secs(1);

const HELP: &str = "\
Enter a move in SAN (e4, Nf3 or nf3, O-O, exd5, e8=Q) or UCI (e2e4, e7e8q),
or a command:
  help          this text
  moves         list the legal moves
  hint          suggest a move: the engine's best line, and its score
  hint SQUARE   show where the piece on SQUARE can go
  undo          take back the last move
  fen           print the position as FEN
  pgn           print the game as PGN
  save FILE     save the game as PGN
  load FILE     load a game (PGN) or a position (FEN) from FILE
  svg FILE      draw the board (last move, check) as an SVG picture in FILE
  flip          turn the board around
  think         show what the computer thought about its last move
  draw          claim a draw (threefold repetition or the 50-move rule)
  resign        resign the game
  quit          leave (Ctrl-C too); a game with unsaved moves is offered a
                file, and is kept for `chess play --resume` either way";

struct Session<'a> {
    game: Game,
    style: Style,
    saved: bool,
    /// Where the game in progress is kept after every move, for `--resume` (none when there
    /// is no home directory).
    autosave: Option<PathBuf>,
    /// The computer and the side it plays, when playing against it.
    opponent: Option<(Opponent, Color)>,
    /// The built-in engine for the hints of a game between two people, once asked.
    hinter: Option<Opponent>,
    /// Who plays, as the autosave's tags keep it for `--resume`.
    players: Vec<(String, String)>,
    thought: Thought,
    /// Everything the session says. Its errors end the session: a reader that closed the pipe
    /// (`chess | head`) stops the game quietly (see `main`), never with a panic.
    out: &'a mut dyn Write,
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let mut input = input();
    // Stdout is line-buffered: each line shows at once, before the computer starts thinking.
    let mut out = std::io::stdout();
    if play(args, input.as_mut(), &mut out)? {
        // Interrupted (and the game offered a file): said as a shell says it.
        out.flush()?;
        std::process::exit(interrupt::EXIT_INTERRUPTED);
    }
    Ok(())
}

/// Plays the session; returns whether it ended on an interrupt while the computer thought.
fn play(args: &PlayArgs, input: &mut dyn Input, out: &mut dyn Write) -> Result<bool> {
    // One seed for everything random in the session, so `--seed` replays a whole session.
    let mut rng = chess_engine::Rng::new(args.seed.unwrap_or_else(chess_engine::random_seed));
    let start = u32::try_from(rng.below(960)).unwrap_or(0);
    let autosave = autosave_path();
    let (resumed, args) = if let Some(file) = &args.resume {
        // A file a `save` wrote, or the game kept unsaved.
        let from = file.as_deref().or(autosave.as_deref());
        let saved = resume(from)?;
        if saved.variant() != chess_rules::variant::Variant::Standard {
            // A variant's game, which `save` in `chess play --variant` wrote.
            let file = from.unwrap_or(Path::new("autosave"));
            crate::play_variant::resume(args, &saved, file, input, out)?;
            return Ok(false);
        }
        let game = saved
            .to_game()
            .map_err(|e| crate::error::CliError::input(autosave_name(from), e))?;
        (Some(game), resumed_args(args, &saved))
    } else {
        (None, args.clone())
    };
    let args = &args;
    let position = match &resumed {
        Some(_) => Position::standard(),
        None => resolve(&args.position, Chess960Default::Random(start))?,
    };
    let computer = args
        .computer_plays()
        .map_err(crate::error::CliError::usage)?;
    let opponent = if computer {
        let human = match args.color.unwrap_or_default() {
            Side::White => Color::White,
            Side::Black => Color::Black,
        };
        let mut opponent = Opponent::new(args, rng.next_u64())?;
        opponent.new_game();
        writeln!(out, "You play {human} against {}.", opponent.name())?;
        Some((opponent, !human))
    } else {
        None
    };
    let players = players(args, opponent.as_ref());
    let resuming = resumed.is_some();
    let mut session = Session {
        game: resumed.unwrap_or_else(|| Game::new(position)),
        style: Style::detect(args.ascii),
        saved: resuming,
        autosave,
        thought: Thought::default(),
        opponent,
        hinter: None,
        players,
        out,
    };
    if let Some((_, computer)) = &session.opponent {
        session.style.flipped = computer.is_white();
    }
    if session.game.initial_position().is_chess960() {
        if let Some(n) = session.game.initial_position().board().chess960_number() {
            writeln!(session.out, "Chess960 starting position {n}.")?;
        }
    }
    if resuming {
        let resumed = resumed_at(&session.game);
        session.say(&resumed)?;
        // Kept again with the settings of this session (options given with --resume).
        session.keep();
    }
    writeln!(session.out, "Type help for the commands.")?;
    session.show(Bitboard::EMPTY)?;
    loop {
        if let Some(outcome) = session.game.outcome() {
            writeln!(session.out, "{}", describe_end(&outcome))?;
            session.offer_save(input)?;
            // Over: nothing to resume.
            session.forget();
            return Ok(false);
        }
        if session.computer_to_move() {
            if session.computer_move()?.is_break() {
                session.interrupted(input)?;
                return Ok(true);
            }
            continue;
        }
        let pos = session.game.position();
        let prompt = format!(
            "{} to move{}> ",
            if pos.turn().is_white() {
                "White"
            } else {
                "Black"
            },
            if pos.is_check() { " (check)" } else { "" }
        );
        let Some(line) = input.line(&prompt, session.out)? else {
            // The input has ended: no question can be asked.
            return session.leave(None).map(|()| false);
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or_default();
        let argument = words.next();
        let out = &mut *session.out;
        match (command, argument) {
            ("help" | "?", _) => writeln!(out, "{HELP}")?,
            ("quit" | "exit", _) => return session.leave(Some(input)).map(|()| false),
            ("moves", _) => {
                let pos = session.game.position();
                let list: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| SanPlus::from_move(pos, m).to_string())
                    .collect();
                let list = list.join(" ");
                session.say(&list)?;
            }
            ("hint", Some(square)) => session.hint(square)?,
            ("hint", None) => {
                if session.suggest()?.is_break() {
                    session.interrupted(input)?;
                    return Ok(true);
                }
            }
            ("undo", _) => match session.game.undo() {
                Some(_) => {
                    // Against the computer, take back its reply too: it is your move again.
                    if session.computer_to_move() {
                        session.game.undo();
                    }
                    session.keep();
                    session.show(Bitboard::EMPTY)?;
                }
                None => writeln!(out, "nothing to undo")?,
            },
            ("think", _) => {
                if session.thought.lines.is_empty() {
                    writeln!(out, "the computer has not moved yet")?;
                }
                for line in session.thought.lines.clone() {
                    session.say(&line)?;
                }
            }
            ("fen", _) => writeln!(out, "{}", Fen::from_position(session.game.position()))?,
            ("pgn", _) => write!(
                out,
                "{}",
                pgn_export::game_to_pgn_with(&session.game, &session.players)
            )?,
            ("save", Some(file)) => session.save_asking(file, input)?,
            ("save", None) => writeln!(out, "save needs a file name, like: save game.pgn")?,
            ("load", Some(file)) => session.load(file, input)?,
            ("load", None) => writeln!(out, "load needs a file name")?,
            ("svg", Some(file)) => session.svg(file, input)?,
            ("svg", None) => writeln!(out, "svg needs a file name, like: svg board.svg")?,
            ("flip", _) => {
                session.style.flipped = !session.style.flipped;
                session.show(Bitboard::EMPTY)?;
            }
            ("draw", _) => match session.game.claim_draw() {
                Some(reason) => writeln!(out, "Draw claimed: {}.", reason.description())?,
                None => session.say(
                    "no draw can be claimed: the position has not occurred three times (nor \
                     will after a move), and the 50-move rule is not reached",
                )?,
            },
            ("resign", _) => {
                let turn = session.game.position().turn();
                session.game.resign(turn);
            }
            _ => session.try_move(line)?,
        }
    }
}

impl Session<'_> {
    fn computer_to_move(&self) -> bool {
        self.opponent
            .as_ref()
            .is_some_and(|(_, color)| *color == self.game.position().turn())
    }

    /// The computer's move; `Break` when an interrupt stopped its search (no move is played).
    fn computer_move(&mut self) -> io::Result<ControlFlow<()>> {
        let Some((opponent, _)) = self.opponent.as_mut() else {
            return Ok(ControlFlow::Continue(()));
        };
        let (reply, interrupted) = stoppable(opponent, |opponent| opponent.reply(&self.game));
        if interrupted {
            return Ok(ControlFlow::Break(()));
        }
        match reply {
            Ok((m, thought)) => {
                self.thought = thought;
                self.announce_and_play(m)?;
            }
            Err(e) => {
                writeln!(self.out, "the computer cannot move: {e}")?;
                let turn = self.game.position().turn();
                self.game.resign(turn);
            }
        }
        Ok(ControlFlow::Continue(()))
    }

    /// `hint` without a square: the best line of the opponent (the built-in engine at full
    /// strength in a game between two people), thinking a short while, with its score.
    /// `Break` when an interrupt stopped it.
    fn suggest(&mut self) -> io::Result<ControlFlow<()>> {
        if !self.game.position().has_legal_moves() {
            return writeln!(self.out, "there is no move to suggest").map(ControlFlow::Continue);
        }
        let engine = match (&mut self.opponent, &mut self.hinter) {
            (Some((opponent, _)), _) => opponent,
            (None, Some(hinter)) => hinter,
            (None, hinter @ None) => match Opponent::for_hints(HINT_TIME) {
                Ok(engine) => hinter.insert(engine),
                Err(e) => return writeln!(self.out, "no hint: {e}").map(ControlFlow::Continue),
            },
        };
        let (found, interrupted) = stoppable(engine, |engine| engine.hint(&self.game, HINT_TIME));
        if interrupted {
            return Ok(ControlFlow::Break(()));
        }
        match found {
            Ok(found) => {
                let lines = describe_hint(self.game.position(), &found);
                for line in lines {
                    self.say(&line)?;
                }
            }
            Err(e) => writeln!(self.out, "no hint: {e}")?,
        }
        Ok(ControlFlow::Continue(()))
    }

    /// After an interrupt stopped the computer's search: said, then left as with `quit`.
    fn interrupted(&mut self, input: &mut dyn Input) -> Result<()> {
        writeln!(self.out)?;
        writeln!(self.out, "Interrupted: the computer stopped thinking.")?;
        self.leave(Some(input))
    }

    /// Writes `text`, broken into lines of at most [`COLUMNS`] characters.
    fn say(&mut self, text: &str) -> io::Result<()> {
        writeln!(self.out, "{}", wrap(text, COLUMNS))
    }

    fn show(&mut self, marks: Bitboard) -> io::Result<()> {
        let pos = self.game.position();
        let highlights = render::Highlights {
            marks,
            last_move: self.game.moves().last().map_or(Bitboard::EMPTY, |m| {
                Bitboard::from(m.from()) | m.king_to_or_to()
            }),
            check: pos.is_check().then(|| pos.king_of(pos.turn())),
        };
        write!(
            self.out,
            "{}",
            render::draw_with(pos.board(), self.style, highlights)
        )
    }

    fn hint(&mut self, square: &str) -> io::Result<()> {
        let Ok(sq) = square.parse::<Square>() else {
            return writeln!(
                self.out,
                "not a square: {square:?} (expected a square like e2)"
            );
        };
        let pos = self.game.position();
        let Some(piece) = pos.board().piece_at(sq) else {
            return writeln!(self.out, "there is no piece on {sq}");
        };
        if piece.color() != pos.turn() {
            return writeln!(
                self.out,
                "the piece on {sq} is {}'s, and it is {}'s turn",
                piece.color(),
                pos.turn()
            );
        }
        let moves = pos.moves_from(sq);
        if moves.is_empty() {
            return writeln!(self.out, "the piece on {sq} has no legal move");
        }
        let marks: Bitboard = moves.iter().map(|m| m.king_to_or_to()).collect();
        self.show(marks)
    }

    fn try_move(&mut self, text: &str) -> io::Result<()> {
        let pos = self.game.position().clone();
        match read_move(&pos, text) {
            Ok(m) => self.announce_and_play(m),
            Err(message) => self.say(&message),
        }
    }

    fn announce_and_play(&mut self, m: Move) -> io::Result<()> {
        let pos = self.game.position().clone();
        let san = SanPlus::from_move(&pos, m);
        if self.game.play(m).is_err() {
            return Ok(());
        }
        self.saved = false;
        self.keep();
        let mover = if pos.turn().is_white() {
            format!("{}.", pos.fullmoves())
        } else {
            format!("{}...", pos.fullmoves())
        };
        writeln!(self.out, "{mover} {san}")?;
        self.show(Bitboard::EMPTY)?;
        let after = self.game.position();
        if after.is_check() && !after.is_checkmate() {
            writeln!(self.out, "Check.")?;
        }
        for reason in self.game.claimable_draws() {
            writeln!(
                self.out,
                "A draw by {} may be claimed: type draw.",
                reason.description()
            )?;
        }
        Ok(())
    }

    fn save(&mut self, file: &str) -> io::Result<()> {
        // Whole or not at all; replacing a file was asked about before. With who plays, as
        // the autosave keeps it: `--resume FILE` takes it up against the same opponent.
        let written = crate::files::write_file(
            std::path::Path::new(file),
            pgn_export::game_to_pgn_with(&self.game, &self.players).as_bytes(),
            true,
            &[],
        );
        let file = crate::error::escape_controls(file);
        match written {
            Ok(()) => {
                self.saved = true;
                writeln!(self.out, "Saved to {file}.")
            }
            Err(e) => writeln!(
                self.out,
                "cannot save: {}",
                crate::error::escape_controls(&e.to_string())
            ),
        }
    }

    fn load(&mut self, file: &str, input: &mut dyn Input) -> io::Result<()> {
        if self.unsaved()
            && !self.confirm(
                input,
                "The game in progress has unsaved moves. Replace it? [y/N] ",
            )?
        {
            return writeln!(self.out, "Not loaded: the game goes on.");
        }
        let read = std::fs::read_to_string(file);
        let file = &*crate::error::escape_controls(file);
        let text = match read {
            Ok(text) => text,
            Err(e) => return writeln!(self.out, "cannot read {file}: {e}"),
        };
        let first = text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or("");
        let loaded = if first.starts_with('[') || first.starts_with("1.") {
            text.parse::<chess_notation::pgn::PgnGame>()
                .map_err(|e| e.to_string())
                .and_then(|game| game.to_game().map_err(|e| e.to_string()))
                .map_err(|e| format!("{file}: {e}"))
        } else {
            // A file from elsewhere: its spelling is read leniently, and said if normalised.
            parse_fen_lenient(
                first,
                self.game
                    .initial_position()
                    .is_chess960()
                    .then_some(crate::cli::Chess960::Yes),
            )
            .map(|(pos, notes)| {
                for note in notes {
                    let _ = writeln!(self.out, "{file}: normalised: {note}");
                }
                Game::new(pos)
            })
            .map_err(|e| format!("{file}: {e}"))
        };
        match loaded {
            Ok(game) => {
                self.game = game;
                self.saved = true;
                self.keep();
                writeln!(self.out, "Loaded {file}.")?;
                self.show(Bitboard::EMPTY)
            }
            Err(message) => writeln!(self.out, "{message}"),
        }
    }

    /// Draws the board as it is shown (turned or not, the last move, a king in check) as SVG
    /// into `file`, asking first when it exists; a name that reads as a move is refused.
    fn svg(&mut self, file: &str, input: &mut dyn Input) -> io::Result<()> {
        if self.refuse_move_as_name(file, "not drawn")? {
            return Ok(());
        }
        if std::path::Path::new(file).exists()
            && !self.confirm(
                input,
                &format!(
                    "{} exists. Replace it? [y/N] ",
                    crate::error::escape_controls(file)
                ),
            )?
        {
            return writeln!(self.out, "Not written.");
        }
        let bottom = if self.style.flipped {
            Color::Black
        } else {
            Color::White
        };
        let last = self.game.moves().last().copied();
        let svg = crate::svg::drawing(self.game.position(), last)
            .orientation(bottom)
            .to_svg();
        let written =
            crate::files::write_file(std::path::Path::new(file), svg.as_bytes(), true, &[]);
        let file = crate::error::escape_controls(file);
        match written {
            Ok(()) => writeln!(self.out, "Drew the board in {file}."),
            Err(e) => writeln!(
                self.out,
                "cannot write: {}",
                crate::error::escape_controls(&e.to_string())
            ),
        }
    }

    /// Saves to `file`, asking first when it exists; a name that reads as a move is refused.
    fn save_asking(&mut self, file: &str, input: &mut dyn Input) -> io::Result<()> {
        if self.refuse_move_as_name(file, "not saved")? {
            return Ok(());
        }
        if std::path::Path::new(file).exists()
            && !self.confirm(
                input,
                &format!(
                    "{} exists. Replace it? [y/N] ",
                    crate::error::escape_controls(file)
                ),
            )?
        {
            return writeln!(self.out, "Not saved.");
        }
        self.save(file)
    }

    /// Whether `name`, given for a file to write, reads as a move (`Ng8`, `nf3`, `e2e4`),
    /// which is then refused, saying `what` was not done.
    fn refuse_move_as_name(&mut self, name: &str, what: &str) -> io::Result<bool> {
        if !reads_as_a_move(self.game.position(), name) {
            return Ok(false);
        }
        let message = format!(
            "{what}: \"{}\" reads as a move, not a file name (name the file like game.pgn)",
            crate::error::escape_controls(name)
        );
        self.say(&message)?;
        Ok(true)
    }

    /// Whether moves would be lost if the game were dropped now.
    fn unsaved(&self) -> bool {
        !self.saved && !self.game.moves().is_empty()
    }

    /// Writes the game in progress where `--resume` finds it.
    fn keep(&mut self) {
        let Some(path) = &self.autosave else {
            return;
        };
        if self.game.moves().is_empty() {
            return;
        }
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| {
                crate::files::write_file(
                    path,
                    pgn_export::game_to_pgn_with(&self.game, &self.players).as_bytes(),
                    true,
                    &[],
                )
                .map_err(|e| io::Error::other(e.to_string()))
            });
        if let Err(e) = written {
            crate::error::warn(format_args!(
                "cannot keep the game in {}: {e}",
                path.display()
            ));
            // Said once: the game goes on without it.
            self.autosave = None;
        }
    }

    /// Forgets the kept game (it is over).
    fn forget(&mut self) {
        if let Some(path) = &self.autosave {
            let _ = std::fs::remove_file(path);
        }
    }

    /// Leaves the game: a game with unsaved moves is offered a file when there is someone to
    /// ask, and is kept for `--resume` either way.
    fn leave(&mut self, input: Option<&mut dyn Input>) -> Result<()> {
        if !self.unsaved() {
            return Ok(());
        }
        if let Some(input) = input {
            writeln!(self.out, "The game has unsaved moves.")?;
            self.ask_file(
                "Save it as PGN? Enter a file name, or nothing to leave: ",
                input,
            )?;
            if !self.unsaved() {
                return Ok(());
            }
        }
        match &self.autosave {
            Some(path) => writeln!(
                self.out,
                "The game is kept for chess play --resume in\n{}.",
                path.display()
            )?,
            None => writeln!(self.out, "The game was not saved.")?,
        }
        Ok(())
    }

    fn offer_save(&mut self, input: &mut dyn Input) -> io::Result<()> {
        if self.saved || self.game.moves().is_empty() {
            return Ok(());
        }
        self.ask_file(
            "Save the game as PGN? Enter a file name, or nothing to skip: ",
            input,
        )
    }
}

impl AsksForFiles for Session<'_> {
    fn out(&mut self) -> &mut dyn Write {
        self.out
    }

    fn reads_as_a_move(&self, name: &str) -> bool {
        reads_as_a_move(self.game.position(), name)
    }

    fn save_asking(&mut self, file: &str, input: &mut dyn Input) -> io::Result<()> {
        Session::save_asking(self, file, input)
    }
}

/// Whether `name` reads as a move rather than a file name: a move of `pos` as a player types
/// it, or move text in SAN (a piece letter in lowercase too) or UCI (`Ng8`, `nf3`, `O-O`,
/// `e2e4`), legal here or not.
fn reads_as_a_move(pos: &Position, name: &str) -> bool {
    input::parse_move(pos, name).is_ok()
        || san::read_typed(pos, name.as_bytes()).is_ok()
        || name.parse::<UciMove>().is_ok()
}

/// Where the game in progress is kept: `$XDG_STATE_HOME/chess/autosave.pgn`, else
/// `~/.local/state/chess/autosave.pgn`.
fn autosave_path() -> Option<PathBuf> {
    let state = std::env::var_os("XDG_STATE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME").map(|home| PathBuf::from(home).join(".local/state"))
        })?;
    Some(state.join("chess").join("autosave.pgn"))
}

/// The game kept by the last session that left one unsaved, with the tags that say who
/// played.
fn resume(path: Option<&Path>) -> Result<PgnGame> {
    let path = path.ok_or_else(|| {
        crate::error::CliError::usage("--resume: no home directory to keep games in")
    })?;
    let text = std::fs::read_to_string(path).map_err(|e| {
        crate::error::CliError::input(
            path.display(),
            if e.kind() == io::ErrorKind::NotFound {
                "no game to resume".to_owned()
            } else {
                e.to_string()
            },
        )
    })?;
    text.parse::<PgnGame>()
        .map_err(|e| crate::error::CliError::input(path.display(), e))
}

/// Runs `think` (a search of `engine`) so that an interrupt stops the search instead of the
/// program; returns what it returned, and whether an interrupt came.
fn stoppable<T>(engine: &mut Opponent, think: impl FnOnce(&mut Opponent) -> T) -> (T, bool) {
    let stop = engine.stop_flag();
    let catch = Catch::new(move || stop.store(true, Ordering::SeqCst));
    let result = think(engine);
    let interrupted = catch.caught();
    (result, interrupted)
}

/// What `hint` says of a search: the best line's move, its score, and the line it leads
/// into.
fn describe_hint(pos: &Position, analysis: &Analysis) -> Vec<String> {
    let line = match analysis.best_line() {
        [] => analysis.best_move().into_iter().collect(),
        line => line.to_vec(),
    };
    let first = line.get(..1).unwrap_or_default();
    let mut said = format!("Hint: {}", crate::engine::pv_san(pos, first));
    let best = analysis.lines.first();
    match (analysis.score(), best.and_then(|l| l.depth)) {
        (Some(score), Some(depth)) => {
            said += &format!(
                " (score {}, depth {depth})",
                crate::engine::scored(pos, score)
            );
        }
        (Some(score), None) => said += &format!(" (score {})", crate::engine::scored(pos, score)),
        _ => {}
    }
    vec![
        said,
        format!("Its line: {}", crate::engine::pv_san(pos, &line)),
    ]
}

/// `text` broken at spaces into lines of at most `width` characters (a word longer than that
/// stands alone), continuation lines indented by two spaces; its own line breaks are kept. A
/// move number stays with its move (`12.` or `12...` and `Nf3`).
fn wrap(text: &str, width: usize) -> String {
    let is_number = |word: &str| {
        let digits = word.trim_end_matches('.');
        !digits.is_empty()
            && digits.len() < word.len()
            && digits.bytes().all(|b| b.is_ascii_digit())
    };
    let mut out = String::new();
    for (i, paragraph) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut words: Vec<String> = Vec::new();
        for word in paragraph.split(' ') {
            match words.last_mut() {
                Some(last) if is_number(last) => {
                    last.push(' ');
                    last.push_str(word);
                }
                _ => words.push(word.to_owned()),
            }
        }
        let mut column = 0;
        for word in &words {
            let len = word.chars().count();
            if column > 0 && column + 1 + len > width {
                out.push_str("\n  ");
                column = 2;
            } else if column > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += len;
        }
    }
    out
}

/// `n` and the noun, singular for one: "1 ply", "8 plies".
fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The sentence saying where a resumed game stands: "Resumed the game after 4... Nf6 (8
/// plies): white to move."
fn resumed_at(game: &Game) -> String {
    let moves = game.moves();
    let turn = game.position().turn();
    let Some((&last, before)) = moves.split_last() else {
        return format!("Resumed the game at its start: {turn} to move.");
    };
    let mut pos = game.initial_position().clone();
    for &m in before {
        pos.play_unchecked(m);
    }
    format!(
        "Resumed the game after {} ({}): {turn} to move.",
        crate::engine::pv_san(&pos, &[last]),
        counted(moves.len(), "ply", "plies")
    )
}

/// The tags of the autosave that say who plays, for `--resume`: the players' names, and the
/// settings of the computer (see docs/cli.md).
fn players(args: &PlayArgs, opponent: Option<&(Opponent, Color)>) -> Vec<(String, String)> {
    let Some((opponent, computer)) = opponent else {
        return vec![tag("Opponent", "human")];
    };
    let name = crate::words::capitalize(&opponent.name());
    let (white, black) = if computer.is_white() {
        (name, "Human".to_owned())
    } else {
        ("Human".to_owned(), name)
    };
    let mut tags = vec![tag("White", &white), tag("Black", &black)];
    match &args.engine {
        Some(engine) => {
            tags.push(tag("Opponent", "engine"));
            tags.push(tag("Engine", &lasting(engine)));
            for (i, arg) in args.engine_arg.iter().enumerate() {
                tags.push((format!("EngineArg{}", i + 1), arg.clone()));
            }
        }
        None => {
            tags.push(tag("Opponent", "computer"));
            tags.push(tag("Level", &args.level().to_string()));
        }
    }
    tags.push(tag("HumanColor", &(!*computer).to_string()));
    tags.push(tag("Movetime", &args.movetime().as_millis().to_string()));
    if let Some(book) = &args.book {
        tags.push(tag("Book", &lasting(book)));
    }
    for (i, dir) in args.syzygy.iter().enumerate() {
        tags.push((format!("Syzygy{}", i + 1), lasting(dir)));
    }
    tags
}

fn tag(name: &str, value: &str) -> (String, String) {
    (name.to_owned(), value.to_owned())
}

/// A path as it still names the same file from another directory: absolute when it has a
/// directory part and exists (`stockfish` alone is looked up in `PATH`, and stays).
fn lasting(path: &Path) -> String {
    let absolute = if path.components().count() > 1 {
        std::fs::canonicalize(path).ok()
    } else {
        None
    };
    absolute.as_deref().unwrap_or(path).display().to_string()
}

/// The session's options for `--resume`: those of the saved game (its tags) where the command
/// line gives none. `--vs human` drops the saved computer; `--level` the saved external
/// engine (the level is the built-in engine's); a book or tablebase directory gone since is
/// left out, saying so.
fn resumed_args(args: &PlayArgs, saved: &PgnGame) -> PlayArgs {
    let mut merged = args.clone();
    let tag = |name: &str| saved.header(name).filter(|v| !v.is_empty());
    let opponent = tag("Opponent");
    let computer_options = args.computer_plays().unwrap_or(false);
    match (args.vs, opponent) {
        (Some(crate::cli::Opponent::Human), _) => return merged,
        (None, Some("human")) if !computer_options => {
            merged.vs = Some(crate::cli::Opponent::Human);
            return merged;
        }
        (None, Some("computer" | "engine")) => merged.vs = Some(crate::cli::Opponent::Computer),
        _ => {}
    }
    if opponent == Some("engine") && args.engine.is_none() && args.level.is_none() {
        merged.engine = tag("Engine").map(PathBuf::from);
        merged.engine_arg = (1..)
            .map_while(|i| tag(&format!("EngineArg{i}")).map(str::to_owned))
            .collect();
    }
    if merged.level.is_none() {
        merged.level = tag("Level").and_then(|v| v.parse().ok());
    }
    if merged.color.is_none() {
        merged.color = match tag("HumanColor") {
            Some("white") => Some(Side::White),
            Some("black") => Some(Side::Black),
            _ => None,
        };
    }
    if merged.movetime.is_none() {
        merged.movetime = tag("Movetime").and_then(|v| v.parse().ok());
    }
    let still_there = |path: PathBuf| {
        if path.exists() {
            Some(path)
        } else {
            crate::error::warn(format_args!(
                "{}: gone since the game was saved: playing on without it",
                path.display()
            ));
            None
        }
    };
    if merged.book.is_none() {
        merged.book = tag("Book").map(PathBuf::from).and_then(still_there);
    }
    if merged.syzygy.is_empty() {
        merged.syzygy = (1..)
            .map_while(|i| tag(&format!("Syzygy{i}")).map(PathBuf::from))
            .filter_map(still_there)
            .collect();
    }
    merged
}

/// The autosave's name in messages.
fn autosave_name(path: Option<&Path>) -> String {
    path.map_or_else(|| "autosave".to_owned(), |p| p.display().to_string())
}

/// Reads a move typed by a player (SAN, leniently, or UCI), or explains why it is not one:
/// not a move at all, a move no piece can make, one that would leave the king in check, or an
/// ambiguous one (naming the candidates).
pub fn read_move(pos: &Position, text: &str) -> std::result::Result<Move, String> {
    let typed = text;
    // What was typed, as the messages show it.
    let text = &*crate::error::escape_controls(typed);
    input::parse_move(pos, typed).map_err(|e| match e {
        InputError::NotAMove => format!(
            "not a move or a command: \"{text}\" (type help; moves look like e4, Nf3 or e2e4)"
        ),
        InputError::NoPieceThere { square } => {
            format!("no such move: {text}: no piece of yours on {square}")
        }
        InputError::CannotGoThere { role, to } => {
            format!("no such move: no {role} of yours can go to {to}")
        }
        InputError::PromotionNeeded { to } => format!(
            "the pawn must become a piece on {to}: say which, like {to}=Q (or =R, =B, =N)"
        ),
        InputError::NotAPromotion => {
            format!("no such move: {text}: only a pawn reaching the last rank promotes")
        }
        InputError::LeavesKingInCheck { in_check: true } => {
            format!("illegal move {text}: your king is in check and would still be")
        }
        InputError::LeavesKingInCheck { in_check: false } => {
            format!("illegal move {text}: it would leave your king in check")
        }
        InputError::Ambiguous { candidates } => {
            let names: Vec<String> = candidates
                .iter()
                .map(|&m| SanPlus::from_move(pos, m).to_string())
                .collect();
            format!(
                "ambiguous move {text}: it could be {} (say which piece)",
                names.join(" or ")
            )
        }
        InputError::CastlingNotPossible(_) => format!(
            "illegal move {text}: castling is not possible now (rights lost, squares occupied or attacked, or in check)"
        ),
        InputError::NullMove => "null moves are not allowed in a game".to_owned(),
        _ => format!("no such move: {text}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_keeps_move_numbers_with_their_moves() {
        assert_eq!(wrap("a b c", 80), "a b c");
        assert_eq!(wrap("aaa bbb ccc", 7), "aaa bbb\n  ccc");
        assert_eq!(
            wrap("line: 1. e4 e5 2. Nf3", 14),
            "line: 1. e4 e5\n  2. Nf3"
        );
        assert_eq!(wrap("x 12... Nf3", 6), "x\n  12... Nf3");
        // A word longer than the width stands alone; line breaks of the text stay.
        assert_eq!(wrap("a abcdefghij b", 5), "a\n  abcdefghij\n  b");
        assert_eq!(wrap("one\ntwo", 80), "one\ntwo");
    }

    #[test]
    fn counts_are_worded_with_their_plurals() {
        assert_eq!(counted(1, "ply", "plies"), "1 ply");
        assert_eq!(counted(8, "ply", "plies"), "8 plies");
        assert_eq!(counted(0, "move", "moves"), "0 moves");
    }
}
