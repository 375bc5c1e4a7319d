//! The commands a GUI sends to an engine, each read from one line ([`Command::parse`]) and
//! written back (`Display`), apart from acting on them: the server reads a line into a
//! [`Command`], then acts; `position` is applied by [`PositionCommand::apply`], without a
//! server.

use core::fmt;

use chess_notation::Fen;
use chess_notation::uci::{self, UciMoveError};
use chess_rules::Position;

/// A command from the GUI, read from one line by [`Command::parse`].
///
/// Words before the first command word are skipped, as the protocol asks (`joho debug on` is
/// `debug on`). Writing a command (`Display`) gives the line that reads back to it.
///
/// ```
/// use chess_engine::uci::protocol::{Command, PositionStart};
///
/// let command = Command::parse("position startpos moves e2e4 e7e5").unwrap();
/// let Command::Position(position) = &command else { unreachable!() };
/// assert_eq!(position.start, PositionStart::StartPos);
/// assert_eq!(position.moves, ["e2e4", "e7e5"]);
/// assert_eq!(Command::parse("  setoption name Skill Level value 3"), Some(Command::SetOption {
///     name: "Skill Level".to_owned(),
///     value: "3".to_owned(),
/// }));
/// assert_eq!(Command::parse("hello world"), Some(Command::Unknown("hello world".to_owned())));
/// assert_eq!(Command::parse(" \n"), None);
/// assert_eq!(command.to_string(), "position startpos moves e2e4 e7e5");
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum Command {
    /// `uci`: identify, declare the options, answer `uciok`.
    Uci,
    /// `debug [on|off]`: anything but `off` turns debugging on.
    Debug(bool),
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption [name] <name> [value <value>]`: the name and the value may hold spaces (the
    /// name ends at the first word `value`, in any case).
    SetOption {
        /// The option's name, its words joined by single spaces.
        name: String,
        /// The value, its words joined by single spaces; empty when none is given.
        value: String,
    },
    /// `register …`: accepted and ignored.
    Register,
    /// `ucinewgame`.
    UciNewGame,
    /// `position startpos|fen <fen> [moves <move>…]`.
    Position(PositionCommand),
    /// `go <argument>…`: the words after `go`, read against the position by
    /// [`parse_go`](super::protocol::parse_go), or `perft <depth>`.
    Go(Vec<String>),
    /// `stop`.
    Stop,
    /// `ponderhit`.
    PonderHit,
    /// `d`: show the position (Stockfish's debugging command).
    Display,
    /// `quit`.
    Quit,
    /// A line whose words hold no command: the words, joined by single spaces.
    Unknown(String),
}

impl Command {
    /// Reads one line; `None` when it holds no word at all.
    #[must_use]
    pub fn parse(line: &str) -> Option<Command> {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.is_empty() {
            return None;
        }
        let Some(at) = words.iter().position(|w| is_command(w)) else {
            return Some(Command::Unknown(words.join(" ")));
        };
        let args = &words[at + 1..];
        Some(match words[at] {
            "uci" => Command::Uci,
            "debug" => Command::Debug(args.first() != Some(&"off")),
            "isready" => Command::IsReady,
            "setoption" => set_option(args),
            "register" => Command::Register,
            "ucinewgame" => Command::UciNewGame,
            "position" => Command::Position(PositionCommand::parse(args)),
            "go" => Command::Go(args.iter().map(|&a| a.to_owned()).collect()),
            "stop" => Command::Stop,
            "ponderhit" => Command::PonderHit,
            "d" => Command::Display,
            "quit" => Command::Quit,
            _ => Command::Unknown(words.join(" ")),
        })
    }
}

impl fmt::Display for Command {
    /// The line of the command, in the form the protocol gives.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Uci => f.write_str("uci"),
            Command::Debug(on) => f.write_str(if *on { "debug on" } else { "debug off" }),
            Command::IsReady => f.write_str("isready"),
            Command::SetOption { name, value } if value.is_empty() => {
                write!(f, "setoption name {name}")
            }
            Command::SetOption { name, value } => write!(f, "setoption name {name} value {value}"),
            Command::Register => f.write_str("register"),
            Command::UciNewGame => f.write_str("ucinewgame"),
            Command::Position(position) => position.fmt(f),
            Command::Go(args) if args.is_empty() => f.write_str("go"),
            Command::Go(args) => write!(f, "go {}", args.join(" ")),
            Command::Stop => f.write_str("stop"),
            Command::PonderHit => f.write_str("ponderhit"),
            Command::Display => f.write_str("d"),
            Command::Quit => f.write_str("quit"),
            Command::Unknown(words) => f.write_str(words),
        }
    }
}

/// Whether `word` is a command word.
fn is_command(word: &str) -> bool {
    matches!(
        word,
        "uci"
            | "debug"
            | "isready"
            | "setoption"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
            | "d"
    )
}

/// `setoption`'s arguments: `[name] <name…> [value <value…>]`.
fn set_option(args: &[&str]) -> Command {
    let value_at = args.iter().position(|w| w.eq_ignore_ascii_case("value"));
    let name_end = value_at.unwrap_or(args.len());
    let name_start = match args.first() {
        Some(w) if w.eq_ignore_ascii_case("name") => 1,
        _ => 0,
    };
    let name = args.get(name_start..name_end).unwrap_or_default().join(" ");
    let value = value_at
        .and_then(|i| args.get(i + 1..))
        .unwrap_or_default()
        .join(" ");
    Command::SetOption { name, value }
}

/// The start of a `position` command.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum PositionStart {
    /// `startpos`: the standard starting position (Chess960's position 518 in Chess960 mode).
    StartPos,
    /// `fen <fen>`: the FEN's words joined by single spaces (read leniently when applied).
    Fen(String),
    /// Neither: the command sets up nothing.
    Missing,
}

/// A `position` command, read but not applied.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PositionCommand {
    /// Where the moves start.
    pub start: PositionStart,
    /// The words after `moves`, as given.
    pub moves: Vec<String>,
}

impl PositionCommand {
    /// `position`'s arguments: the words before `moves` give the start, those after it the
    /// moves.
    fn parse(args: &[&str]) -> PositionCommand {
        let moves_at = args
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(args.len());
        let (setup, moves) = args.split_at(moves_at);
        let start = match setup.first().copied() {
            Some("startpos") => PositionStart::StartPos,
            Some("fen") => PositionStart::Fen(setup[1..].join(" ")),
            _ => PositionStart::Missing,
        };
        PositionCommand {
            start,
            moves: moves.iter().skip(1).map(|&m| m.to_owned()).collect(),
        }
    }

    /// The position the command sets up, in Chess960 mode when `chess960` (the GUI's
    /// `UCI_Chess960`): the start, then the moves as far as they are legal one after the other.
    ///
    /// ```
    /// use chess_engine::uci::protocol::Command;
    ///
    /// let Some(Command::Position(command)) = Command::parse("position startpos moves e2e4 e2e4 d7d5")
    /// else { unreachable!() };
    /// let set = command.apply(false)?;
    /// assert_eq!(set.history.len(), 1);
    /// assert_eq!(set.ignored.as_ref().map(|(m, _)| m.as_str()), Some("e2e4"));
    /// # Ok::<_, chess_engine::uci::protocol::PositionCommandError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`PositionCommandError`]: no start, or a FEN that does not read or is not a legal
    /// position (then the position is left as it was).
    pub fn apply(&self, chess960: bool) -> Result<SetPosition, PositionCommandError> {
        let mut position = match &self.start {
            PositionStart::StartPos if chess960 => Position::chess960(518).unwrap_or_default(),
            PositionStart::StartPos => Position::standard(),
            PositionStart::Fen(text) => {
                // GUIs spell FENs in many ways: read leniently.
                Fen::from_ascii_lenient(text.as_bytes())
                    .map_err(|e| e.to_string())
                    .and_then(|(fen, _)| fen.into_position_for(chess960).map_err(|e| e.to_string()))
                    .map_err(|reason| PositionCommandError::InvalidFen {
                        fen: text.clone(),
                        reason,
                    })?
            }
            PositionStart::Missing => return Err(PositionCommandError::MissingStart),
        };
        let mut history = Vec::with_capacity(self.moves.len());
        let mut ignored = None;
        for text in &self.moves {
            match uci::parse(&position, text) {
                Ok(m) => {
                    history.push(position.zobrist_hash());
                    position.play_unchecked(m);
                }
                Err(e) => {
                    ignored = Some((text.clone(), e));
                    break;
                }
            }
        }
        Ok(SetPosition {
            position,
            history,
            ignored,
        })
    }
}

impl fmt::Display for PositionCommand {
    /// `position startpos|fen <fen> [moves <move>…]`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("position")?;
        match &self.start {
            PositionStart::StartPos => f.write_str(" startpos")?,
            PositionStart::Fen(fen) if fen.is_empty() => f.write_str(" fen")?,
            PositionStart::Fen(fen) => write!(f, " fen {fen}")?,
            PositionStart::Missing => {}
        }
        if !self.moves.is_empty() {
            write!(f, " moves {}", self.moves.join(" "))?;
        }
        Ok(())
    }
}

/// What a `position` command sets up ([`PositionCommand::apply`]).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SetPosition {
    /// The position after the moves that are legal.
    pub position: Position,
    /// The hashes of the positions before it, oldest first: one per move played.
    pub history: Vec<u64>,
    /// The first move that is not legal where it comes, and why: it and the moves after it are
    /// ignored.
    pub ignored: Option<(String, UciMoveError)>,
}

/// Why a `position` command sets up nothing.
#[derive(Clone, PartialEq, Eq, Debug)]
#[non_exhaustive]
pub enum PositionCommandError {
    /// Neither `startpos` nor `fen`.
    MissingStart,
    /// A FEN that does not read, or is not a legal position.
    InvalidFen {
        /// The FEN as given.
        fen: String,
        /// What is wrong with it.
        reason: String,
    },
}

impl fmt::Display for PositionCommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionCommandError::MissingStart => {
                f.write_str("expected: position startpos|fen <fen> [moves ...]")
            }
            PositionCommandError::InvalidFen { fen, reason } => {
                write!(f, "invalid fen {fen:?}: {reason}")
            }
        }
    }
}

impl std::error::Error for PositionCommandError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_back_from_what_they_write() {
        for line in [
            "uci",
            "joho debug",
            "debug off",
            "setoption name Hash value 64",
            "setoption Skill Level",
            "setoption name",
            "setoption value 3",
            "setoption name name VALUE a value b",
            "position",
            "position startpos extra moves e2e4 moves",
            "position fen moves",
            "position fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2",
            "go",
            "go wtime 1000 go",
            "x y\tz",
        ] {
            let command = Command::parse(line).unwrap();
            let written = command.to_string();
            assert_eq!(
                Command::parse(&written),
                Some(command),
                "{line:?} -> {written:?}"
            );
        }
    }

    #[test]
    fn position_commands_apply_as_far_as_the_moves_are_legal() {
        let apply = |line: &str| {
            let Some(Command::Position(command)) = Command::parse(line) else {
                panic!("{line}")
            };
            command.apply(false)
        };
        let set = apply("position startpos moves e2e4 e7e5 g1f3").unwrap();
        assert_eq!((set.history.len(), set.ignored), (3, None));
        let error = apply("position fen nonsense").unwrap_err().to_string();
        assert!(error.starts_with("invalid fen \"nonsense\": "), "{error}");
        assert_eq!(
            apply("position moves e2e4").unwrap_err(),
            PositionCommandError::MissingStart
        );
    }
}
