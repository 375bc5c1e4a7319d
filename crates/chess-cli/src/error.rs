//! Errors that end the program, with their exit status.

use std::fmt;
use std::io::Write;

/// Exit status for invalid input (a bad FEN, board, PGN, file).
pub const EXIT_INVALID_INPUT: i32 = 1;
/// Exit status for usage errors (clap uses the same).
pub const EXIT_USAGE: i32 = 2;
/// Exit status when a comparison finds a difference (`chess perft --compare`).
pub const EXIT_DIFFERENT: i32 = 3;

/// An error reported as one line on stderr.
#[derive(Debug)]
pub struct CliError {
    pub message: String,
    pub code: i32,
    /// The kind of the I/O error it comes from, if it does (a closed output pipe ends the
    /// program quietly).
    pub io_kind: Option<std::io::ErrorKind>,
    /// Whether the output was written whole all the same: bad input was reported as it came
    /// and passed over (bad games), and the file written keeps what was good.
    pub output_complete: bool,
}

impl CliError {
    /// Invalid input: `input` names it (a file, "stdin", "fen"), `message` says where and why.
    pub fn input(input: impl fmt::Display, message: impl fmt::Display) -> CliError {
        CliError {
            message: format!("{input}: {message}"),
            code: EXIT_INVALID_INPUT,
            io_kind: None,
            output_complete: false,
        }
    }

    /// Invalid input, said in full by `message`.
    pub fn invalid(message: impl fmt::Display) -> CliError {
        CliError {
            message: message.to_string(),
            code: EXIT_INVALID_INPUT,
            io_kind: None,
            output_complete: false,
        }
    }

    /// Bad input that was reported as it came (bad games) and passed over: the output holds
    /// the rest, and is kept.
    pub fn passed_over(message: impl fmt::Display) -> CliError {
        CliError {
            output_complete: true,
            ..CliError::invalid(message)
        }
    }

    /// Failures already said on stderr, one line each (bad games, an input that could not be
    /// read): the program ends with `code` and adds no line that would repeat them.
    pub fn reported(code: i32) -> CliError {
        CliError {
            message: String::new(),
            code,
            io_kind: None,
            output_complete: false,
        }
    }

    /// Whether the error is still to be said (not [`CliError::reported`]).
    pub fn unsaid(&self) -> bool {
        !self.message.is_empty()
    }

    /// A usage error.
    pub fn usage(message: impl fmt::Display) -> CliError {
        CliError {
            message: message.to_string(),
            code: EXIT_USAGE,
            io_kind: None,
            output_complete: false,
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<std::io::Error> for CliError {
    fn from(e: std::io::Error) -> CliError {
        CliError {
            message: e.to_string(),
            code: EXIT_INVALID_INPUT,
            io_kind: Some(e.kind()),
            output_complete: false,
        }
    }
}

pub type Result<T, E = CliError> = std::result::Result<T, E>;

/// How a run that reads many items (games, values, FENs) ends, each bad item and each input
/// that failed having been said on stderr in a line of its own as it was met.
pub struct Items {
    /// The items read, and the words for one and for several (`game`, `games`).
    pub total: u64,
    pub one: &'static str,
    pub many: &'static str,
    /// How many were bad.
    pub bad: u64,
    /// What became of the bad ones: `could not be read`.
    pub what: &'static str,
    /// Whether an input could not be read, or failed part-way.
    pub input_failed: bool,
}

impl Items {
    /// `Ok` when nothing went wrong; else exit status 1 with a last line that counts the bad
    /// items (`2 of 40 games could not be read`, `, and an input failed`), left out when it
    /// would only repeat a line already said: no item was bad (an input failed), or the one
    /// item read was.
    pub fn end(&self) -> Result<()> {
        if self.bad == 0 && !self.input_failed {
            return Ok(());
        }
        let one_of_one = self.bad == 1 && self.total == 1 && !self.input_failed;
        // The bad items were passed over: what was written of the rest is kept.
        if self.bad == 0 || one_of_one {
            return Err(CliError {
                output_complete: true,
                ..CliError::reported(EXIT_INVALID_INPUT)
            });
        }
        Err(CliError::passed_over(format_args!(
            "{} of {} {}{}",
            self.bad,
            crate::words::plural(self.total, self.one, self.many),
            self.what,
            if self.input_failed {
                ", and an input failed"
            } else {
                ""
            }
        )))
    }
}

/// Writes `chess: message` on stderr. Unlike `eprintln!`, a closed stderr is no panic: there is
/// nobody left to tell.
pub fn warn(message: impl fmt::Display) {
    let _ = writeln!(std::io::stderr(), "chess: {message}");
}

/// `text` as a message shows what someone typed: control characters (an escape sequence that
/// would recolour the terminal, a bell, a carriage return that hides what came before) written
/// as escapes (`\u{1b}`), the rest as it is.
pub fn escape_controls(text: &str) -> std::borrow::Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return text.into();
    }
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect::<String>()
        .into()
}
