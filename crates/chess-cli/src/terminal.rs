//! Where the lines a person types come from: a line editor on a terminal, plain lines (echoed,
//! so that a transcript reads like a session) from a pipe.

use std::io::{self, BufRead, IsTerminal, Write};

/// Where input lines come from: a line editor on a terminal, plain lines otherwise.
pub trait Input {
    /// The next line, or `None` at the end of input. Inputs that do not show the prompt
    /// themselves write it to `out`.
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<String>>;
}

struct Editor(rustyline::DefaultEditor);

impl Input for Editor {
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<String>> {
        // The editor draws the prompt itself: what was written before it must show first.
        out.flush()?;
        match self.0.readline(prompt) {
            Ok(line) => {
                if !line.trim().is_empty() {
                    let _ = self.0.add_history_entry(line.as_str());
                }
                Ok(Some(line))
            }
            // Ctrl-C at the prompt is `quit`, which asks about an unsaved game.
            Err(rustyline::error::ReadlineError::Interrupted) => Ok(Some("quit".to_owned())),
            Err(_) => Ok(None),
        }
    }
}

struct Lines<R>(R);

impl<R: BufRead> Input for Lines<R> {
    fn line(&mut self, prompt: &str, out: &mut dyn Write) -> io::Result<Option<String>> {
        write!(out, "{prompt}")?;
        out.flush()?;
        let mut line = String::new();
        match self.0.read_line(&mut line) {
            Ok(0) | Err(_) => {
                // The prompt's line ends, as a typed line would end it.
                writeln!(out)?;
                Ok(None)
            }
            Ok(_) => {
                // Echo piped input so a transcript reads like a session.
                writeln!(out, "{}", crate::error::escape_controls(line.trim_end()))?;
                Ok(Some(line))
            }
        }
    }
}

/// Where a game's lines come from: the line editor on a terminal, plain lines otherwise.
pub fn input() -> Box<dyn Input> {
    if std::io::stdin().is_terminal() {
        match rustyline::DefaultEditor::new() {
            Ok(editor) => Box::new(Editor(editor)),
            Err(_) => Box::new(Lines(std::io::stdin().lock())),
        }
    } else {
        Box::new(Lines(std::io::stdin().lock()))
    }
}
