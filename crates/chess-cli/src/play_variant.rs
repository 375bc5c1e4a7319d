//! `chess play --variant NAME`: a game of a variant between two people at the same keyboard.
//!
//! The built-in engine keeps to standard chess and Chess960, so there is no computer to play
//! against and no hint here; the moves, the pockets, the variant's own ends and the draws of
//! the game's history are chess-rules' and chess-notation's. A game is saved as PGN with its
//! `Variant` tag, and `chess play --resume FILE` takes it up again.

use std::io::{self, Write};
use std::path::Path;

use chess_core::{Bitboard, Color};
use chess_notation::pgn::PgnGame;
use chess_notation::san::{self, SanMode, SanMoveError};
use chess_notation::{SanPlus, UciMove, VariantFen, uci};
use chess_rules::variant::{Playable, Variant, VariantPosition};
use chess_rules::{Game, Move};

use crate::cli::PlayArgs;
use crate::error::{CliError, Result, escape_controls};
use crate::pgn_export::variant_game_to_pgn_with;
use crate::position_arg::{Chess960Default, resolve_variant, standard_only};
use crate::render::{self, Style};
use crate::terminal::{AsksForFiles, Input};
use crate::words::describe_end;

const HELP: &str = "\
Enter a move in SAN (e4, Nf3, O-O, exd5, e8=Q; a drop from the pocket as N@f3
or P@e4) or UCI (e2e4, e7e8q, N@f3), or a command:
  help          this text
  moves         list the legal moves
  undo          take back the last move
  fen           print the position as FEN (pockets in brackets)
  pgn           print the game as PGN
  save FILE     save the game as PGN (chess play --resume FILE takes it up)
  svg FILE      draw the board (last move, check, pockets) as an SVG picture in FILE
  flip          turn the board around
  draw          claim a draw (threefold repetition or the 50-move rule)
  resign        resign the game
  quit          leave (Ctrl-C too); a game with unsaved moves is offered a file";

/// A game of `variant` between two people at the terminal.
pub fn run(args: &PlayArgs, variant: Variant) -> Result<()> {
    let mut input = crate::terminal::input();
    let start = start(args, variant)?;
    play(
        args,
        Game::new(start),
        false,
        input.as_mut(),
        &mut io::stdout(),
    )
}

/// The game of a variant that `chess play --resume FILE` read, taken up where it stopped.
pub fn resume(
    args: &PlayArgs,
    saved: &PgnGame,
    file: &Path,
    input: &mut dyn Input,
    out: &mut dyn Write,
) -> Result<()> {
    let game = saved
        .to_variant_game()
        .map_err(|e| CliError::input(file.display(), e))?;
    play(args, game, true, input, out)
}

/// The position the arguments name, by `variant`'s rules; refused when they ask for the
/// computer, which plays standard chess and Chess960 only.
fn start(args: &PlayArgs, variant: Variant) -> Result<VariantPosition> {
    refuse_computer(args, variant)?;
    resolve_variant(&args.position, Chess960Default::Classical)
}

fn refuse_computer(args: &PlayArgs, variant: Variant) -> Result<()> {
    let computer = args.computer_plays().map_err(CliError::usage)?;
    if computer {
        return Err(standard_only(variant, "the computer"));
    }
    Ok(())
}

/// Plays `game` between two people; `resumed` when it was read from a file.
fn play(
    args: &PlayArgs,
    game: Game<VariantPosition>,
    resumed: bool,
    input: &mut dyn Input,
    out: &mut dyn Write,
) -> Result<()> {
    let variant = game.position().variant();
    refuse_computer(args, variant)?;
    let mut session = Session {
        game,
        saved: resumed,
        style: Style::detect(args.ascii),
        out,
    };
    writeln!(
        session.out,
        "{}: two players at one keyboard. Type help for the commands.",
        variant.name()
    )?;
    if resumed {
        let turn = session.game.position().turn();
        let plies = session.game.moves().len();
        writeln!(
            session.out,
            "Resumed the game after {plies} {}: {turn} to move.",
            if plies == 1 { "ply" } else { "plies" }
        )?;
    }
    session.show()?;
    loop {
        if let Some(outcome) = session.game.outcome() {
            writeln!(session.out, "{}", describe_end(&outcome))?;
            session.offer_save(
                "Save the game as PGN? Enter a file name, or nothing to skip: ",
                input,
            )?;
            return Ok(());
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
            return Ok(());
        };
        let line = line.trim();
        let (command, argument) = match line.split_once(char::is_whitespace) {
            Some((command, rest)) => (command, Some(rest.trim())),
            None => (line, None),
        };
        match (command, argument) {
            ("", _) => {}
            ("help" | "?", _) => writeln!(session.out, "{HELP}")?,
            ("quit" | "exit", _) => {
                if session.unsaved() {
                    writeln!(session.out, "The game has unsaved moves.")?;
                    session.offer_save(
                        "Save it as PGN? Enter a file name, or nothing to leave: ",
                        input,
                    )?;
                }
                return Ok(());
            }
            ("moves", _) => {
                let pos = session.game.position();
                let list: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| SanPlus::from_variant_move(pos, m).to_string())
                    .collect();
                writeln!(session.out, "{}", list.join(" "))?;
            }
            ("undo", _) => match session.game.undo() {
                Some(_) => {
                    session.saved = false;
                    session.show()?;
                }
                None => writeln!(session.out, "nothing to undo")?,
            },
            ("fen", _) => writeln!(
                session.out,
                "{}",
                VariantFen::from_position(session.game.position())
            )?,
            ("pgn", _) => write!(
                session.out,
                "{}",
                variant_game_to_pgn_with(&session.game, &[])
            )?,
            ("save", Some(file)) => session.save_asking(file, input)?,
            ("save", None) => {
                writeln!(session.out, "save needs a file name, like: save game.pgn")?;
            }
            ("svg", Some(file)) => session.svg(file, input)?,
            ("svg", None) => {
                writeln!(session.out, "svg needs a file name, like: svg board.svg")?;
            }
            ("flip", _) => {
                session.style.flipped = !session.style.flipped;
                session.show()?;
            }
            ("draw", _) => match session.game.claim_draw() {
                Some(reason) => {
                    writeln!(session.out, "Draw claimed: {}.", reason.description())?;
                }
                None => writeln!(
                    session.out,
                    "no draw can be claimed: the position has not occurred three times (nor \
                     will after a move){}",
                    if variant.has_move_count_rules() {
                        ", and the 50-move rule is not reached"
                    } else {
                        ", and Crazyhouse has no 50-move rule"
                    }
                )?,
            },
            ("resign", _) => {
                let turn = session.game.position().turn();
                session.game.resign(turn);
            }
            _ => match read_move(session.game.position(), line) {
                Ok(m) => session.play(m)?,
                Err(message) => writeln!(session.out, "{message}")?,
            },
        }
    }
}

/// The game in progress, whether it is saved as it stands, and how the board is drawn.
struct Session<'a> {
    game: Game<VariantPosition>,
    saved: bool,
    style: Style,
    out: &'a mut dyn Write,
}

impl Session<'_> {
    fn play(&mut self, m: Move) -> io::Result<()> {
        let before = self.game.position().clone();
        let san = SanPlus::from_variant_move(&before, m);
        if self.game.play(m).is_err() {
            return Ok(());
        }
        self.saved = false;
        let number = if before.turn().is_white() {
            format!("{}.", before.fullmoves())
        } else {
            format!("{}...", before.fullmoves())
        };
        writeln!(self.out, "{number} {san}")?;
        self.show()?;
        if self.game.position().is_check() && self.game.outcome().is_none() {
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

    /// The board, with the last move and a king in check marked, and the pockets or the
    /// checks left below it.
    fn show(&mut self) -> io::Result<()> {
        let pos = self.game.position();
        let last_move = self.game.moves().last().map_or(Bitboard::EMPTY, |m| {
            let to = Bitboard::from(m.king_to_or_to());
            if m.is_drop() { to } else { to | m.from() }
        });
        let turn: Color = pos.turn();
        let highlights = render::Highlights {
            marks: Bitboard::EMPTY,
            last_move,
            check: pos.is_check().then(|| pos.board().king_of(turn)).flatten(),
        };
        write!(
            self.out,
            "{}{}",
            render::draw_with(pos.board(), self.style, highlights),
            render::variant_lines(pos)
        )
    }

    /// Whether moves would be lost if the game were dropped now.
    fn unsaved(&self) -> bool {
        !self.saved && !self.game.moves().is_empty()
    }

    /// Asks for a file to save the game in, unless it is saved as it stands.
    fn offer_save(&mut self, prompt: &str, input: &mut dyn Input) -> io::Result<()> {
        if self.unsaved() {
            self.ask_file(prompt, input)?;
        }
        Ok(())
    }

    /// Saves the game as PGN to `file`, asking first when it exists; a name that reads as a
    /// move is refused.
    fn save_asking(&mut self, file: &str, input: &mut dyn Input) -> io::Result<()> {
        let text = variant_game_to_pgn_with(&self.game, &[]);
        if self.write_asking(file, text.as_bytes(), "saved", input)? {
            self.saved = true;
            writeln!(self.out, "Saved to {}.", escape_controls(file))?;
        }
        Ok(())
    }

    /// Draws the board as it is shown (turned or not, the last move, a king in check, the
    /// pockets or the checks left) as SVG into `file`, asking first when it exists.
    fn svg(&mut self, file: &str, input: &mut dyn Input) -> io::Result<()> {
        let bottom = if self.style.flipped {
            Color::Black
        } else {
            Color::White
        };
        let last = self.game.moves().last().copied();
        let svg = crate::svg::drawing(self.game.position(), last)
            .orientation(bottom)
            .to_svg();
        if self.write_asking(file, svg.as_bytes(), "written", input)? {
            writeln!(self.out, "Drew the board in {}.", escape_controls(file))?;
        }
        Ok(())
    }

    /// Writes `bytes` to `file` (whole or not at all), asking first when it exists; a name
    /// that reads as a move is refused. Says why when nothing was `done`; returns whether the
    /// file was written.
    fn write_asking(
        &mut self,
        file: &str,
        bytes: &[u8],
        done: &str,
        input: &mut dyn Input,
    ) -> io::Result<bool> {
        let shown = escape_controls(file).into_owned();
        if reads_as_a_move(self.game.position(), file) {
            writeln!(
                self.out,
                "not {done}: \"{shown}\" reads as a move, not a file name (name the file like \
                 game.pgn)"
            )?;
            return Ok(false);
        }
        if Path::new(file).exists()
            && !self.confirm(input, &format!("{shown} exists. Replace it? [y/N] "))?
        {
            writeln!(self.out, "Not {done}.")?;
            return Ok(false);
        }
        match crate::files::write_file(Path::new(file), bytes, true, &[]) {
            Ok(()) => Ok(true),
            Err(e) => {
                writeln!(
                    self.out,
                    "cannot write {shown}: {}",
                    escape_controls(&e.to_string())
                )?;
                Ok(false)
            }
        }
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

/// Whether `name`, given for a file to write, reads as a move rather than a file name: a
/// move of `pos` as a player types it, or move text in SAN or UCI, legal here or not.
fn reads_as_a_move(pos: &VariantPosition, name: &str) -> bool {
    read_move(pos, name).is_ok()
        || SanPlus::from_ascii(name.as_bytes()).is_ok()
        || name.parse::<UciMove>().is_ok()
}

/// Reads a move typed by a player: SAN (leniently: marks are not checked) or UCI, drops
/// included; or says why it is not one.
fn read_move(pos: &VariantPosition, typed: &str) -> std::result::Result<Move, String> {
    let text = &*crate::error::escape_controls(typed);
    let san = san::parse_variant_move(pos, typed, SanMode::Lenient);
    let e = match san {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    if let Ok(m) = uci::parse_variant(pos, typed) {
        return Ok(m);
    }
    Err(match e {
        SanMoveError::Parse(_) => format!(
            "not a move or a command: \"{text}\" (type help; moves look like e4, Nf3, e2e4 or \
             N@f3)"
        ),
        SanMoveError::Move(e) if typed.contains('@') => {
            format!(
                "no such move: {text}: {e} (the piece must be in your pocket, the square empty, \
                 and pawns are not dropped on the first or last rank)"
            )
        }
        SanMoveError::Move(e) => format!("no such move: {text}: {e}"),
    })
}
