use std::io::{Cursor, Read, Write};

use super::zstd_frames;
use super::{Compression, decompress};

/// Some PGN, long enough to span several zstd blocks.
fn text() -> Vec<u8> {
    let mut text = Vec::new();
    for i in 0..3000 {
        writeln!(
            text,
            "[Event \"{i}\"]\n\n1. e4 {{ [%clk 0:03:00] }} e5 {{ [%clk 0:02:5{}] }} 1-0\n",
            i % 10
        )
        .unwrap();
    }
    text
}

fn read_all(input: &[u8]) -> std::io::Result<(Compression, Vec<u8>)> {
    let (format, mut reader) = decompress(input)?;
    let mut out = Vec::new();
    reader.read_to_end(&mut out)?;
    Ok((format, out))
}

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn bzip2(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    zstd::encode_all(bytes, 3).unwrap()
}

#[test]
fn every_format_round_trips_with_several_frames() {
    let text = text();
    let (first, second) = text.split_at(text.len() / 3);
    type Compress = fn(&[u8]) -> Vec<u8>;
    for (format, compress) in [
        (Compression::Zstd, zstd as Compress),
        (Compression::Gzip, gzip),
        (Compression::Bzip2, bzip2),
    ] {
        // Concatenated frames, members or streams: all of them are read.
        let mut file = compress(first);
        file.extend(compress(second));
        assert_eq!(Compression::detect(&file), format);
        let (detected, out) = read_all(&file).unwrap();
        assert_eq!(detected, format);
        assert!(out == text, "{format}: the text differs");
    }
    let (format, out) = read_all(&text).unwrap();
    assert_eq!((format, out.len()), (Compression::Plain, text.len()));
    // Short and empty inputs are plain.
    assert_eq!(
        read_all(b"1.").unwrap(),
        (Compression::Plain, b"1.".to_vec())
    );
    assert_eq!(read_all(b"").unwrap(), (Compression::Plain, Vec::new()));
}

#[test]
fn skippable_frames_are_skipped() {
    let text = text();
    let (first, second) = text.split_at(1000);
    // pzstd's layout: a skippable frame with the next frame's size before each frame.
    let mut file = Vec::new();
    for part in [first, second] {
        let frame = zstd(part);
        file.extend(0x184D_2A50u32.to_le_bytes());
        file.extend(4u32.to_le_bytes());
        file.extend((frame.len() as u32).to_le_bytes());
        file.extend(&frame);
    }
    // And a skippable frame of another size, at the end.
    file.extend(0x184D_2A5Fu32.to_le_bytes());
    file.extend(3u32.to_le_bytes());
    file.extend(b"abc");
    let (format, out) = read_all(&file).unwrap();
    assert_eq!(format, Compression::Zstd);
    assert!(out == text);

    let frames = zstd_frames::frames(&mut Cursor::new(&file)).unwrap();
    let kinds: Vec<bool> = frames.iter().map(|f| f.skippable).collect();
    assert_eq!(kinds, [true, false, true, false, true]);
    let data = zstd_frames::data_frames(&mut Cursor::new(&file)).unwrap();
    assert_eq!(data[0].offset, 12);
    // Each data frame decompresses on its own.
    for (frame, part) in data.iter().zip([first, second]) {
        let bytes = &file[frame.offset as usize..(frame.offset + frame.len) as usize];
        assert!(zstd::decode_all(bytes).unwrap() == part);
    }
    // The same boundaries when no skippable frame announces them (the blocks are walked).
    let mut plain = zstd(first);
    plain.extend(zstd(second));
    let walked = zstd_frames::data_frames(&mut Cursor::new(&plain)).unwrap();
    assert_eq!(walked.len(), 2);
    assert_eq!(walked[0].len, zstd(first).len() as u64);
    // A frame compressed in one piece states its size.
    let bulk = zstd::bulk::compress(first, 3).unwrap();
    let frames = zstd_frames::data_frames(&mut Cursor::new(&bulk)).unwrap();
    assert_eq!(frames[0].content_size, Some(1000));
    // A wrong announcement is not trusted.
    let mut lying = file.clone();
    lying[8..12].copy_from_slice(&7u32.to_le_bytes());
    let frames = zstd_frames::data_frames(&mut Cursor::new(&lying)).unwrap();
    assert_eq!(frames, data);
}

#[test]
fn cut_and_corrupt_streams_are_errors_that_say_where() {
    let text = text();
    for (name, file) in [
        ("zstd", zstd(&text)),
        ("gzip", gzip(&text)),
        ("bzip2", bzip2(&text)),
    ] {
        // Cut in the middle.
        let cut = &file[..file.len() / 2];
        let error = read_all(cut).expect_err(name);
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("corrupt or cut {name} stream at compressed byte ")),
            "{message}"
        );
        // Bytes overwritten in the middle.
        let mut corrupt = file.clone();
        let middle = corrupt.len() / 2;
        for b in &mut corrupt[middle..middle + 64] {
            *b = b.wrapping_mul(31).wrapping_add(7);
        }
        let error = read_all(&corrupt).expect_err(name);
        assert!(error.to_string().contains(name), "{error}");
    }
    // A cut frame is found by the frame walker too.
    let file = zstd(&text);
    let error = zstd_frames::frames(&mut Cursor::new(&file[..file.len() - 5])).unwrap_err();
    assert!(
        error.to_string().contains("zstd frames: at byte 0: "),
        "{error}"
    );
    let error = zstd_frames::frames(&mut Cursor::new(b"not zstd at all")).unwrap_err();
    assert!(error.to_string().contains("not a zstd frame"), "{error}");
}

#[test]
fn a_stream_cut_inside_its_only_block_is_an_error() {
    let text = text();
    let small = &text[..20_000];
    for file in [zstd(small), gzip(small), bzip2(small)] {
        for cut in [file.len() - 1, file.len() - 10, file.len() / 2, 6] {
            let result = read_all(&file[..cut]);
            assert!(
                result.is_err(),
                "cut at {cut} of {}: {:?}",
                file.len(),
                result.map(|(f, t)| (f, t.len()))
            );
        }
    }
}
