//! A stream read on a thread of its own, a few buffers ahead of its reader.

use std::io::{self, Read};
use std::sync::mpsc::{Receiver, SyncSender, sync_channel};

/// The size of the buffers handed over.
const BUFFER: usize = 1 << 20;
/// The buffers read ahead at most.
const AHEAD: usize = 4;

/// Reads a stream on a thread of its own, up to four buffers of 1 MiB ahead of its reader:
/// decompressing a file takes a core's time, which the thread that reads the text then does
/// not spend (for a zstd file, half of the time of the thread that hands out the parts of a
/// [`ParallelReader`](chess_notation::pgn::ParallelReader)).
///
/// The bytes and the errors are those of the stream, in order: after an error, the reader
/// ends.
///
/// ```
/// use std::io::Read;
/// use chess_archive::compression::{self, ReadAhead};
///
/// let compressed = zstd::encode_all(&b"1. e4 e5 *\n"[..], 3)?;
/// let (_, text) = compression::decompress(std::io::Cursor::new(compressed))?;
/// let mut text = ReadAhead::new(text)?;
/// let mut pgn = String::new();
/// text.read_to_string(&mut pgn)?;
/// assert_eq!(pgn, "1. e4 e5 *\n");
/// # Ok::<_, std::io::Error>(())
/// ```
pub struct ReadAhead {
    filled: Receiver<io::Result<Vec<u8>>>,
    /// Buffers read, handed back to the thread.
    empty: SyncSender<Vec<u8>>,
    current: Vec<u8>,
    pos: usize,
}

impl ReadAhead {
    /// Starts reading `inner` on a thread of its own.
    ///
    /// # Errors
    ///
    /// The error of starting the thread.
    pub fn new<R: Read + Send + 'static>(inner: R) -> io::Result<ReadAhead> {
        let (fill, filled) = sync_channel(AHEAD);
        let (empty, emptied) = sync_channel(AHEAD + 1);
        std::thread::Builder::new()
            .name("read-ahead".into())
            .spawn(move || read_ahead(inner, &fill, &emptied))?;
        Ok(ReadAhead {
            filled,
            empty,
            current: Vec::new(),
            pos: 0,
        })
    }
}

impl Read for ReadAhead {
    fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
        while self.pos == self.current.len() {
            let used = core::mem::take(&mut self.current);
            // The thread may have ended: the buffer is then simply dropped.
            let _ = self.empty.try_send(used);
            self.pos = 0;
            match self.filled.recv() {
                Ok(Ok(buffer)) => self.current = buffer,
                Ok(Err(e)) => return Err(e),
                // The stream has ended (or failed, said already).
                Err(_) => return Ok(0),
            }
        }
        let n = out.len().min(self.current.len() - self.pos);
        out[..n].copy_from_slice(&self.current[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// The thread: fills buffers from `inner` and hands them over until the stream ends, fails,
/// or nobody reads any more.
fn read_ahead<R: Read>(
    mut inner: R,
    fill: &SyncSender<io::Result<Vec<u8>>>,
    emptied: &Receiver<Vec<u8>>,
) {
    loop {
        let mut buffer = emptied
            .try_recv()
            .unwrap_or_else(|_| Vec::with_capacity(BUFFER));
        buffer.resize(BUFFER, 0);
        let mut len = 0;
        let mut failed = None;
        // Half a buffer at least before handing it over, so that a stream that comes in
        // small reads does not cost a hand-over each.
        while len < BUFFER / 2 {
            match inner.read(&mut buffer[len..]) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => {
                    failed = Some(e);
                    break;
                }
            }
        }
        buffer.truncate(len);
        let ended = len < BUFFER / 2;
        if len > 0 && fill.send(Ok(buffer)).is_err() {
            return;
        }
        if let Some(e) = failed {
            let _ = fill.send(Err(e));
            return;
        }
        if ended {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Hands out at most `step` bytes a read, then fails after `fail_at` bytes, if set.
    struct Trickle {
        data: Vec<u8>,
        at: usize,
        step: usize,
        fail_at: Option<usize>,
    }

    impl Read for Trickle {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            if self.fail_at == Some(self.at) {
                return Err(io::Error::other("disk on fire"));
            }
            let end = self
                .data
                .len()
                .min(self.at + self.step)
                .min(self.at + out.len());
            let end = self.fail_at.map_or(end, |f| end.min(f));
            let n = end - self.at;
            out[..n].copy_from_slice(&self.data[self.at..end]);
            self.at = end;
            Ok(n)
        }
    }

    fn data(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i * 7 + i / 251) as u8).collect()
    }

    #[test]
    fn the_bytes_are_the_stream_s() {
        for (len, step) in [
            (0, 1),
            (1, 1),
            (3 * BUFFER + 17, 4099),
            (BUFFER, BUFFER),
            (5000, 7),
        ] {
            let data = data(len);
            let stream = Trickle {
                data: data.clone(),
                at: 0,
                step,
                fail_at: None,
            };
            let mut out = Vec::new();
            ReadAhead::new(stream)
                .unwrap()
                .read_to_end(&mut out)
                .unwrap();
            assert!(out == data, "{len} bytes, {step} a read");
        }
    }

    #[test]
    fn an_error_comes_after_the_bytes_before_it() {
        let data = data(2 * BUFFER + 5);
        let fail_at = BUFFER + BUFFER / 3;
        let stream = Trickle {
            data: data.clone(),
            at: 0,
            step: 65_536,
            fail_at: Some(fail_at),
        };
        let mut reader = ReadAhead::new(stream).unwrap();
        let mut out = Vec::new();
        let mut buffer = [0; 10_000];
        let error = loop {
            match reader.read(&mut buffer) {
                Ok(0) => panic!("the stream ended without its error"),
                Ok(n) => out.extend_from_slice(&buffer[..n]),
                Err(e) => break e,
            }
        };
        assert_eq!(error.to_string(), "disk on fire");
        assert!(out == data[..fail_at]);
        assert_eq!(reader.read(&mut buffer).unwrap(), 0);
    }

    /// An endless stream, and a sender that is dropped with it (and says so).
    struct Endless {
        _alive: std::sync::mpsc::Sender<()>,
    }

    impl Read for Endless {
        fn read(&mut self, out: &mut [u8]) -> io::Result<usize> {
            out.fill(b'x');
            Ok(out.len())
        }
    }

    #[test]
    fn a_reader_dropped_early_stops_the_thread() {
        let (alive, thread_ended) = std::sync::mpsc::channel();
        let mut reader = ReadAhead::new(Endless { _alive: alive }).unwrap();
        let mut buffer = [0; 100];
        reader.read_exact(&mut buffer).unwrap();
        assert!(buffer.iter().all(|&b| b == b'x'));
        drop(reader);
        // The thread drops the stream (and its sender) when its buffers find nobody.
        let ended = thread_ended.recv_timeout(std::time::Duration::from_secs(30));
        assert_eq!(ended, Err(std::sync::mpsc::RecvTimeoutError::Disconnected));
    }
}
