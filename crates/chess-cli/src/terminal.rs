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

/// A game session that writes files the player names (the game as PGN, the board as SVG): the
/// questions it asks about them, the same in a game of standard chess and of a variant.
pub trait AsksForFiles {
    /// Where the session speaks.
    fn out(&mut self) -> &mut dyn Write;

    /// Whether `name` reads as a move of the game in progress rather than a file name.
    fn reads_as_a_move(&self, name: &str) -> bool;

    /// Saves the game to `file`, asking first when it exists.
    fn save_asking(&mut self, file: &str, input: &mut dyn Input) -> io::Result<()>;

    /// Asks a yes-or-no question; no answer is no.
    fn confirm(&mut self, input: &mut dyn Input, question: &str) -> io::Result<bool> {
        let answer = input.line(question, self.out())?.unwrap_or_default();
        Ok(matches!(
            answer.trim().to_ascii_lowercase().as_str(),
            "y" | "yes"
        ))
    }

    /// Asks for a file to save the game in and saves it there, until a name is given or the
    /// answer is none; a move for an answer (typed on after the end of the game) asks again.
    fn ask_file(&mut self, prompt: &str, input: &mut dyn Input) -> io::Result<()> {
        while let Some(line) = input.line(prompt, self.out())? {
            let file = line.trim();
            // A script's `quit` (or a "no") after the end of the game is not a file name.
            if matches!(file, "" | "n" | "no" | "quit" | "exit") {
                break;
            }
            self.save_asking(file, input)?;
            if !self.reads_as_a_move(file) {
                break;
            }
        }
        Ok(())
    }
}
