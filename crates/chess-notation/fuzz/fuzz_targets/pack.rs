//! Packed positions, boards and games, and their base64 text: whatever decodes encodes to
//! bytes that decode to the same thing; nothing panics.

#![no_main]

use chess_notation::pack::{self, Format, base64, huffman};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    match Format::of(data) {
        Ok(Format::Position) => {
            if let Ok(pos) = pack::decode_position(data) {
                let packed = pack::encode_position(&pos);
                let back = pack::decode_position(&packed)
                    .unwrap_or_else(|e| panic!("{e}: {packed:?} from {pos:?}"));
                assert_eq!(back, pos, "{packed:?}");
            }
            let _ = pack::decode_setup(data);
        }
        Ok(Format::HuffmanBoard) => {
            if let Ok(board) = huffman::decode_board(data) {
                let bytes = huffman::encode_board(&board);
                let back = huffman::decode_board(&bytes)
                    .unwrap_or_else(|e| panic!("{e}: {bytes:?} from {board:?}"));
                assert_eq!(back, board, "{bytes:?}");
            }
        }
        Ok(Format::HuffmanPosition) => {
            if let Ok(pos) = huffman::decode_position(data) {
                let bytes = huffman::encode_position(&pos);
                let back = huffman::decode_position(&bytes)
                    .unwrap_or_else(|e| panic!("{e}: {bytes:?} from {pos:?}"));
                assert_eq!(back, pos, "{bytes:?}");
            }
        }
        Ok(Format::Game) => {
            if let Ok((start, moves)) = pack::decode_game(data) {
                let bytes = pack::encode_game(&start, &moves)
                    .unwrap_or_else(|e| panic!("{e}: {start:?} {moves:?}"));
                let back = pack::decode_game(&bytes)
                    .unwrap_or_else(|e| panic!("{e}: {bytes:?} from {start:?} {moves:?}"));
                assert_eq!(back, (start, moves), "{bytes:?}");
            }
        }
        _ => {}
    }
    // The same bytes as base64 text: what decodes encodes back to text that decodes the same.
    if let Ok(bytes) = base64::decode(data) {
        let text = base64::encode(&bytes);
        assert_eq!(base64::decode(&text).ok().as_ref(), Some(&bytes), "{text}");
    }
});
