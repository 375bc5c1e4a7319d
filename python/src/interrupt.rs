//! Long computations that Ctrl-C stops: the work runs on a thread of its own, the GIL released,
//! while the calling thread looks for Python's signals.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often a long computation's waiting thread looks whether Python has a signal to handle
/// (Ctrl-C): within the 100 ms people notice.
pub(crate) const SIGNAL_POLL: Duration = Duration::from_millis(50);

/// Runs `work` on a thread of its own with the GIL released, polling for Ctrl-C: on a signal,
/// `stop` is set, the thread is joined and the signal's exception raised.
pub(crate) fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    stop: Arc<AtomicBool>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let (send, receive) = std::sync::mpsc::channel();
    let worker = std::thread::Builder::new()
        .name("kingside-work".into())
        .spawn(move || {
            let _ = send.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("no thread to work on: {e}")))?;
    let mut receive = receive;
    loop {
        let (item, back) = py.detach(move || (receive.recv_timeout(SIGNAL_POLL), receive));
        receive = back;
        match item {
            Ok(result) => {
                let _ = py.detach(|| worker.join());
                return Ok(result);
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                if let Err(e) = py.check_signals() {
                    stop.store(true, std::sync::atomic::Ordering::Relaxed);
                    let _ = py.detach(|| worker.join());
                    return Err(e);
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                return Err(PyRuntimeError::new_err("the worker thread panicked"));
            }
        }
    }
}
