//! A progress bar for reading large inputs, on stderr when it is a terminal.

use std::io::IsTerminal;

use chess_archive::input;

/// Inputs larger than this get a progress bar.
const THRESHOLD: u64 = 4 << 20;

/// The bar of one input, fed by the bytes its reader counts.
pub struct Progress {
    bar: Option<indicatif::ProgressBar>,
    /// For an input of unknown size (a pipe) on a terminal: its name, and the counter shown
    /// once it has passed the threshold.
    piped: Option<(String, std::sync::OnceLock<indicatif::ProgressBar>)>,
    read: input::Progress,
}

impl Progress {
    /// A bar for the input `read` counts, named `name`, of `size` bytes if known: shown only
    /// when stderr is a terminal and the input is large.
    pub fn new(name: &str, read: input::Progress, size: Option<u64>) -> Progress {
        let shown = std::io::stderr().is_terminal() && size.is_some_and(|s| s > THRESHOLD);
        let bar = shown.then(|| {
            let bar = indicatif::ProgressBar::new(size.unwrap_or(0));
            let template = "{msg} {bar:40} {bytes}/{total_bytes} ({bytes_per_sec}, {eta})";
            bar.set_style(
                indicatif::ProgressStyle::with_template(template)
                    .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
            );
            bar.set_message(name.to_owned());
            bar
        });
        // A pipe has no size: a counter of bytes and speed instead of a bar, once the input
        // has proved large.
        let piped = (size.is_none() && std::io::stderr().is_terminal())
            .then(|| (name.to_owned(), std::sync::OnceLock::new()));
        Progress { bar, piped, read }
    }

    /// Moves the bar to the bytes read so far.
    pub fn update(&self) {
        let read = self.read.bytes();
        if let Some(bar) = &self.bar {
            bar.set_position(read);
        }
        if let Some((name, counter)) = &self.piped {
            if read > THRESHOLD {
                let counter = counter.get_or_init(|| {
                    let counter = indicatif::ProgressBar::new_spinner();
                    let template = "{msg} {spinner} {bytes} ({bytes_per_sec}, {elapsed})";
                    counter.set_style(
                        indicatif::ProgressStyle::with_template(template)
                            .unwrap_or_else(|_| indicatif::ProgressStyle::default_spinner()),
                    );
                    counter.set_message(name.clone());
                    counter
                });
                counter.set_position(read);
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
        if let Some(counter) = self.piped.as_ref().and_then(|(_, c)| c.get()) {
            counter.finish_and_clear();
        }
    }
}
