//! Ctrl-C (SIGINT) and SIGTERM: what the program does when it is told to stop.
//!
//! By default it removes the files it was writing (each output is written under a temporary
//! name beside its target until it is complete, see [`crate::files::Output`]) and exits with
//! status 130, as a shell reports a program ended by Ctrl-C. The files it had completed stay;
//! the targets of those it had not are untouched.
//!
//! While a [`Catch`] is held (the game in the terminal, while the computer thinks), the signal
//! is only noted and handed to the catch's callback (which stops the search), and the program
//! goes on to offer to save.
//!
//! The handler runs on a thread of its own (the `ctrlc` crate's), not in a signal handler, so
//! it may take locks and remove files.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, MutexGuard};

/// The exit status after an interrupt: 128 + SIGINT, as shells report it.
pub const EXIT_INTERRUPTED: i32 = 130;

/// The temporary files being written, removed on an interrupt.
static STAGED: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// What to do instead of exiting while a [`Catch`] is held.
type Callback = Box<dyn Fn() + Send>;
static CATCH: Mutex<Option<Callback>> = Mutex::new(None);

/// Whether a signal came while a [`Catch`] was held.
static CAUGHT: AtomicBool = AtomicBool::new(false);

/// Installs the handler (once, at the start of `main`). Without it (the handler could not be
/// set), a signal ends the program as the system does, leaving the temporary files behind.
pub fn install() {
    if let Err(e) = ctrlc::set_handler(on_signal) {
        crate::error::warn(format_args!("Ctrl-C will leave partial files behind: {e}"));
    }
}

fn on_signal() {
    if let Some(callback) = lock(&CATCH).as_ref() {
        CAUGHT.store(true, Ordering::SeqCst);
        callback();
        return;
    }
    // Held until the process ends: a file being renamed into place is either renamed before
    // this (and complete) or never.
    let staged = lock(&STAGED);
    for path in staged.iter() {
        let _ = std::fs::remove_file(path);
    }
    std::process::exit(EXIT_INTERRUPTED);
}

/// Locks `mutex`, whatever a thread that panicked while holding it left in it (a list of paths
/// and a callback stay usable).
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// A temporary file, removed if the program is interrupted while this is alive.
#[derive(Debug)]
pub struct Staged {
    path: PathBuf,
}

impl Staged {
    /// Registers `path` (before the file is created, so that no moment leaves it unknown).
    pub fn new(path: &Path) -> Staged {
        lock(&STAGED).push(path.to_owned());
        Staged {
            path: path.to_owned(),
        }
    }

    /// Runs `f` (the rename that puts the file in place) so that an interrupt comes before
    /// it or after it, never in between; then the path is no longer removed on interrupt.
    pub fn finish<T>(self, f: impl FnOnce(&Path) -> T) -> T {
        let mut staged = lock(&STAGED);
        let result = f(&self.path);
        staged.retain(|p| *p != self.path);
        drop(staged);
        std::mem::forget(self);
        result
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        let mut staged = lock(&STAGED);
        let _ = std::fs::remove_file(&self.path);
        staged.retain(|p| *p != self.path);
    }
}

/// While held, an interrupt calls the callback instead of ending the program.
pub struct Catch(());

impl Catch {
    /// Catches interrupts with `callback` until dropped (one catch at a time).
    pub fn new(callback: impl Fn() + Send + 'static) -> Catch {
        CAUGHT.store(false, Ordering::SeqCst);
        *lock(&CATCH) = Some(Box::new(callback));
        Catch(())
    }

    /// Whether an interrupt came since the catch began.
    pub fn caught(&self) -> bool {
        CAUGHT.load(Ordering::SeqCst)
    }
}

impl Drop for Catch {
    fn drop(&mut self) {
        *lock(&CATCH) = None;
    }
}
