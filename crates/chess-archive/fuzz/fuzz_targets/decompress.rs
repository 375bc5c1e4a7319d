//! Compressed input recognised by content (zstd, gzip, bzip2, plain), read to the end (up to a
//! bound): plain text comes through unchanged, a compressed text decompresses to itself, zstd
//! gives what the zstd crate's own decoder gives (with the same window cap), every error names
//! the format or the window; nothing panics and no header makes the reader allocate more than
//! the cap.
//!
//! Input: byte 0 picks the mode: the rest as it is, or compressed (zstd in pzstd's layout of
//! frames, gzip, bzip2) from byte 2 on, then damaged at a place byte 1 picks unless it is 0.

#![no_main]

use std::cell::RefCell;
use std::io::{self, Read, Write};

use chess_archive::compression::{self, Compression, MAX_WINDOW_LOG, WindowTooLarge};
use libfuzzer_sys::fuzz_target;

/// The most text read from one input (a zstd block of a few bytes can stand for 128 KiB).
const LIMIT: u64 = 4 << 20;

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    if mode % 4 == 0 {
        return check(rest, None);
    }
    let Some((&damage, text)) = rest.split_first() else {
        return;
    };
    let mut file = match mode % 4 {
        1 => pzstd(text, 1 + usize::from(mode >> 2) * 8),
        2 => {
            let mut encoder =
                flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
            encoder.write_all(text).unwrap();
            encoder.finish().unwrap()
        }
        _ => {
            let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::fast());
            encoder.write_all(text).unwrap();
            encoder.finish().unwrap()
        }
    };
    if damage == 0 || file.is_empty() {
        check(&file, Some(text));
    } else {
        let at = usize::from(damage) * 7 % file.len();
        file[at] ^= damage;
        check(&file, None);
    }
});

thread_local! {
    /// The zstd encoder, kept from one input to the next (a new one costs more than a small
    /// input).
    static ENCODER: RefCell<zstd::bulk::Compressor<'static>> =
        RefCell::new(zstd::bulk::Compressor::new(1).unwrap());
}

/// `text` in zstd frames of `chunk` bytes, each announced by a skippable frame holding its
/// size, as `pzstd` writes.
fn pzstd(text: &[u8], chunk: usize) -> Vec<u8> {
    let mut file = Vec::new();
    for piece in text.chunks(chunk) {
        let frame = ENCODER.with_borrow_mut(|e| e.compress(piece).unwrap());
        file.extend(0x184D_2A50u32.to_le_bytes());
        file.extend(4u32.to_le_bytes());
        file.extend((frame.len() as u32).to_le_bytes());
        file.extend(frame);
    }
    file
}

/// Reads `data` through `compression::decompress`; `expected`: the text it must give.
fn check(data: &[u8], expected: Option<&[u8]>) {
    let (format, reader) = compression::decompress(data).expect("a slice reads");
    assert_eq!(format, Compression::detect(data));
    let ours = read_bounded(reader);
    if let Some(text) = expected {
        assert_eq!(short(&ours), Ok(text.len()));
        assert!(ours.as_deref().ok() == Some(text), "the text differs");
    }
    match format {
        Compression::Plain => assert!(ours.as_deref().ok() == Some(data)),
        Compression::Zstd => {
            let mut reference = zstd::stream::read::Decoder::with_buffer(data).expect("decoder");
            reference.window_log_max(MAX_WINDOW_LOG).expect("window");
            let reference = read_bounded(reference);
            match (&ours, &reference) {
                (Ok(ours), Ok(reference)) => assert!(ours == reference, "the texts differ"),
                (Err(_), Err(_)) => {}
                _ => panic!(
                    "ours: {:?}, the zstd crate's: {:?}",
                    short(&ours),
                    short(&reference)
                ),
            }
        }
        Compression::Gzip | Compression::Bzip2 => {}
    }
    if let Err(e) = &ours {
        let too_large = e.get_ref().and_then(|e| e.downcast_ref::<WindowTooLarge>());
        match too_large {
            Some(w) => assert!(w.window > 1 << MAX_WINDOW_LOG && w.offset < data.len() as u64),
            None => assert!(
                e.to_string()
                    .starts_with(&format!("corrupt or cut {format} stream")),
                "{e}"
            ),
        }
    }
}

fn read_bounded(reader: impl Read) -> io::Result<Vec<u8>> {
    let mut text = Vec::new();
    reader.take(LIMIT).read_to_end(&mut text)?;
    Ok(text)
}

fn short(result: &io::Result<Vec<u8>>) -> Result<usize, String> {
    result.as_ref().map(Vec::len).map_err(ToString::to_string)
}
