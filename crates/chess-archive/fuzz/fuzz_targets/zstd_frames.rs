//! The zstd frame walker (`--frames`, `--plan`) and the parts of a plan, on any bytes: the
//! frames found tile the file, a file and a stream of it give the same plan's shape, and the
//! parts of a plan, each read from a stream that starts where the plan says, give together the
//! whole text of the file; nothing panics.
//!
//! Input: byte 0 picks the size of the parts, byte 1 the file: the rest as it is, or the rest
//! as text compressed into zstd frames of a size byte 1 picks (in pzstd's layout, each frame
//! announced by a skippable frame with its size, or without announcements).

#![no_main]

use std::cell::RefCell;
use std::io::{Cursor, Read};

use chess_archive::compression::{self, zstd_frames};
use chess_archive::split::{self, Planned, Split, SplitError};
use libfuzzer_sys::fuzz_target;
use zstd::zstd_safe::CParameter;

/// The most text read from one input.
const LIMIT: u64 = 1 << 20;

fuzz_target!(|data: &[u8]| {
    let [pick, mode, rest @ ..] = data else {
        return;
    };
    let size = 1 + u64::from(*pick) * 16;
    let chunk = 1 + usize::from(mode >> 2) * 8;
    let file = match mode % 3 {
        0 => rest.to_vec(),
        1 => frames(rest, chunk, true),
        _ => frames(rest, chunk, false),
    };
    let file = file.as_slice();
    if let Ok(frames) = zstd_frames::frames(&mut Cursor::new(file)) {
        check_frames(&frames, file);
        let data = zstd_frames::data_frames(&mut Cursor::new(file)).expect("walked once");
        assert!(data.iter().eq(frames.iter().filter(|f| !f.skippable)));
    }
    let streamed = zstd_frames::stream_frames(file);
    if let Ok(frames) = &streamed {
        check_frames(frames, file);
    }

    let Ok(plan) = split::plan_stream(Cursor::new(file.to_vec()), size) else {
        return;
    };
    check_plan(
        &plan,
        file,
        streamed
            .ok()
            .map(|f| f.iter().filter(|f| !f.skippable).count()),
    );
    if plan.len() > 16 {
        return;
    }
    // The parts, one after the other, are the whole text.
    let Ok((_, reader)) = compression::decompress(file) else {
        return;
    };
    let mut whole = Vec::new();
    match reader.take(LIMIT).read_to_end(&mut whole) {
        Ok(n) if (n as u64) < LIMIT => {}
        _ => return,
    }
    let mut joined = Vec::new();
    for part in &plan {
        let stream = Cursor::new(file[part.from as usize..].to_vec());
        let mut input = match split::open_stream(stream, part.split, part.from) {
            Ok(input) => input,
            // A frame of a few bytes of text but long (not an encoder's) before the part.
            Err(SplitError::ShortFrameBefore { .. }) if mode % 3 == 0 => return,
            Err(e) => panic!("{}: {e}", part.split),
        };
        input
            .reader
            .read_to_end(&mut joined)
            .unwrap_or_else(|e| panic!("{}: {e}", part.split));
    }
    assert!(joined == whole, "the parts are not the whole text");
});

thread_local! {
    /// Encoders kept from one input to the next (a new one costs more than a small input): one
    /// that states each frame's text size in its header, one that does not.
    static ENCODERS: RefCell<[zstd::bulk::Compressor<'static>; 2]> = RefCell::new([
        zstd::bulk::Compressor::new(1).unwrap(),
        {
            let mut encoder = zstd::bulk::Compressor::new(1).unwrap();
            encoder.set_parameter(CParameter::ContentSizeFlag(false)).unwrap();
            encoder
        },
    ]);
}

/// `text` in zstd frames of `chunk` bytes; when `announced`, each is announced by a skippable
/// frame holding its size (as `pzstd` writes) and states its text's size.
fn frames(text: &[u8], chunk: usize, announced: bool) -> Vec<u8> {
    let mut file = Vec::new();
    for piece in text.chunks(chunk) {
        let frame =
            ENCODERS.with_borrow_mut(|e| e[usize::from(!announced)].compress(piece).unwrap());
        if announced {
            file.extend(0x184D_2A50u32.to_le_bytes());
            file.extend(4u32.to_le_bytes());
            file.extend((frame.len() as u32).to_le_bytes());
        }
        file.extend(frame);
    }
    file
}

/// The frames start at 0, follow each other and end where the file does.
fn check_frames(frames: &[zstd_frames::Frame], file: &[u8]) {
    let mut at = 0;
    for frame in frames {
        assert_eq!(frame.offset, at);
        assert!(frame.len >= 8, "{frame:?}");
        let magic = u32::from_le_bytes(file[at as usize..][..4].try_into().unwrap());
        assert_eq!(
            frame.skippable,
            magic & 0xffff_fff0 == 0x184d_2a50,
            "{frame:?}"
        );
        at += frame.len;
    }
    assert_eq!(at, file.len() as u64);
}

/// Byte ranges that tile a plain file, or frame ranges that tile the data frames, each part's
/// stream starting at or before its first byte.
fn check_plan(plan: &[Planned], file: &[u8], data_frames: Option<usize>) {
    assert!(!plan.is_empty());
    let mut next = 0;
    for part in plan {
        match part.split {
            Split::Bytes { start, end } => {
                assert_eq!(start, next, "{}", part.split);
                assert!(start <= end && part.from <= start, "{}", part.split);
                next = end;
            }
            Split::Frames { first, last } => {
                assert_eq!(first as u64, next, "{}", part.split);
                assert!(first <= last, "{}", part.split);
                next = last as u64;
            }
        }
        assert!(part.from <= file.len() as u64);
    }
    match plan[0].split {
        Split::Bytes { .. } => assert_eq!(next, file.len() as u64),
        Split::Frames { .. } => assert_eq!(Some(next as usize), data_frames),
    }
}
