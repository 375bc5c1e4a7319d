//! `chess play --variant NAME`: a game of a variant between two people at the same keyboard.
//!
//! The built-in engine keeps to standard chess and Chess960, so there is no computer to play
//! against, no hint and no autosave here; the moves, the pockets and the variant's own ends
//! are chess-rules' and chess-notation's.

use std::io::{self, Write};

use chess_core::{Bitboard, Color};
use chess_notation::san::{self, SanMode, SanMoveError};
use chess_notation::{SanPlus, VariantFen, uci};
use chess_rules::Move;
use chess_rules::variant::{Playable, Variant, VariantPosition};

use crate::cli::PlayArgs;
use crate::error::Result;
use crate::play::{Input, describe_end};
use crate::position_arg::{Chess960Default, resolve_variant, standard_only};
use crate::render::{self, Style};

const HELP: &str = "\
Enter a move in SAN (e4, Nf3, O-O, exd5, e8=Q; a drop from the pocket as N@f3
or P@e4) or UCI (e2e4, e7e8q, N@f3), or a command:
  help          this text
  moves         list the legal moves
  undo          take back the last move
  fen           print the position as FEN (pockets in brackets)
  flip          turn the board around
  resign        resign the game
  quit          leave (Ctrl-C too)";

/// A game of `variant` between two people at the terminal.
pub fn run(args: &PlayArgs, variant: Variant) -> Result<()> {
    let mut input = crate::play::input();
    play(args, variant, input.as_mut(), &mut std::io::stdout())
}

/// A game of `variant` between two people, from the position the arguments name.
fn play(
    args: &PlayArgs,
    variant: Variant,
    input: &mut dyn Input,
    out: &mut dyn Write,
) -> Result<()> {
    let computer = args
        .computer_plays()
        .map_err(crate::error::CliError::usage)?;
    if computer {
        return Err(standard_only(variant, "the computer"));
    }
    let start = resolve_variant(&args.position, Chess960Default::Classical)?;
    let mut game = VariantGame {
        position: start,
        played: Vec::new(),
        style: Style::detect(args.ascii),
        out,
    };
    writeln!(
        game.out,
        "{}: two players at one keyboard. Type help for the commands.",
        variant.name()
    )?;
    game.show()?;
    loop {
        if let Some(outcome) = game.position.outcome() {
            writeln!(game.out, "{}", describe_end(&outcome))?;
            return Ok(());
        }
        let pos = &game.position;
        let prompt = format!(
            "{} to move{}> ",
            if pos.turn().is_white() {
                "White"
            } else {
                "Black"
            },
            if pos.is_check() { " (check)" } else { "" }
        );
        let Some(line) = input.line(&prompt, game.out)? else {
            return Ok(());
        };
        let line = line.trim();
        match line {
            "" => {}
            "help" | "?" => writeln!(game.out, "{HELP}")?,
            "quit" | "exit" => return Ok(()),
            "moves" => {
                let pos = &game.position;
                let list: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|&m| SanPlus::from_variant_move(pos, m).to_string())
                    .collect();
                writeln!(game.out, "{}", list.join(" "))?;
            }
            "undo" => match game.played.pop() {
                Some((before, _)) => {
                    game.position = before;
                    game.show()?;
                }
                None => writeln!(game.out, "nothing to undo")?,
            },
            "fen" => writeln!(game.out, "{}", VariantFen::from_position(&game.position))?,
            "flip" => {
                game.style.flipped = !game.style.flipped;
                game.show()?;
            }
            "resign" => {
                let loser = game.position.turn();
                writeln!(
                    game.out,
                    "{}",
                    describe_end(&chess_rules::Outcome::Decisive {
                        winner: !loser,
                        reason: chess_rules::WinReason::Resignation,
                    })
                )?;
                return Ok(());
            }
            text => match read_move(&game.position, text) {
                Ok(m) => game.play(m)?,
                Err(message) => writeln!(game.out, "{message}")?,
            },
        }
    }
}

/// The game in progress: the position, the positions before each move with the move, and
/// how the board is drawn.
struct VariantGame<'a> {
    position: VariantPosition,
    played: Vec<(VariantPosition, Move)>,
    style: Style,
    out: &'a mut dyn Write,
}

impl VariantGame<'_> {
    fn play(&mut self, m: Move) -> io::Result<()> {
        let before = self.position.clone();
        let san = SanPlus::from_variant_move(&before, m);
        self.position.play_unchecked(m);
        let number = if before.turn().is_white() {
            format!("{}.", before.fullmoves())
        } else {
            format!("{}...", before.fullmoves())
        };
        self.played.push((before, m));
        writeln!(self.out, "{number} {san}")?;
        self.show()?;
        if self.position.is_check() && self.position.outcome().is_none() {
            writeln!(self.out, "Check.")?;
        }
        Ok(())
    }

    /// The board, with the last move and a king in check marked, and the pockets or the
    /// checks left below it.
    fn show(&mut self) -> io::Result<()> {
        let pos = &self.position;
        let last_move = self.played.last().map_or(Bitboard::EMPTY, |(_, m)| {
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
