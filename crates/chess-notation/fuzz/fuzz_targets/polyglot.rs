//! Polyglot books from bytes: a book that opens is sorted by key, and probing it (at the
//! starting position and at positions of a walk the input chooses) finds each position's
//! entries in book order and only legal moves; merging keeps the order; nothing panics.
//!
//! Input: byte 0 is the walk's length, the next 8 bytes choose its moves, the rest is the book.
//! The book is also read a second time with some keys replaced by the walk's positions' keys
//! (and some moves by their legal moves) and sorted, so that probes find entries.

#![no_main]

use chess_notation::polyglot::{self, Book, ENTRY_SIZE, Entry};
use chess_rules::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let (walk_len, choices, bytes) = (data[0] % 16, &data[1..9], &data[9..]);
    let positions = walk(walk_len, choices);

    match Book::from_bytes(bytes.to_vec()) {
        Ok(book) => {
            check(&book, &positions);
            let merged = book.merge(&derived(bytes, &positions));
            let merged = Book::from_bytes(merged.as_bytes().to_vec())
                .unwrap_or_else(|e| panic!("a merge is a book: {e}"));
            check(&merged, &positions);
            // Every position of the first book keeps its entries in a merge.
            for i in 0..book.len() {
                let key = book.entry(i).unwrap().key;
                assert!(book.entries(key).eq(merged.entries(key)));
            }
        }
        Err(polyglot::BookError::Size(n)) => assert!(n % ENTRY_SIZE as u64 != 0),
        Err(polyglot::BookError::Unsorted(i)) => {
            let key = |i: usize| key_of(&bytes[i * ENTRY_SIZE..]);
            assert!(i > 0 && key(i) < key(i - 1));
        }
        Err(e) => panic!("unexpected error: {e}"),
    }
    check(&derived(bytes, &positions), &positions);
});

/// The book of the whole entries of `bytes` with the key of every entry whose first byte is
/// odd replaced by the key of a position of the walk (and, when bit 1 of that byte is set too,
/// its move by a legal move there), sorted by key (stably).
fn derived(bytes: &[u8], positions: &[Position]) -> Book {
    let mut entries: Vec<[u8; ENTRY_SIZE]> = bytes
        .chunks_exact(ENTRY_SIZE)
        .map(|chunk| {
            let mut entry: [u8; ENTRY_SIZE] = chunk.try_into().unwrap();
            if entry[0] & 1 == 1 {
                let pos = &positions[usize::from(entry[1]) % positions.len()];
                entry[..8].copy_from_slice(&pos.zobrist_hash().to_be_bytes());
                let moves = pos.legal_moves();
                if entry[0] & 2 == 2 && !moves.is_empty() {
                    let m = moves[usize::from(entry[2]) % moves.len()];
                    entry[8..10].copy_from_slice(&polyglot::encode_move(m).to_be_bytes());
                }
            }
            entry
        })
        .collect();
    entries.sort_by_key(|e| key_of(e));
    Book::from_bytes(entries.concat()).unwrap_or_else(|e| panic!("sorted entries are a book: {e}"))
}

fn key_of(entry: &[u8]) -> u64 {
    u64::from_be_bytes(entry[..8].try_into().unwrap())
}

/// The starting position and the positions after each of up to `len` moves chosen by `choices`.
fn walk(len: u8, choices: &[u8]) -> Vec<Position> {
    let mut positions = vec![Position::standard()];
    let mut pos = Position::standard();
    for i in 0..usize::from(len) {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let pick = choices[i % choices.len()].rotate_left(i as u32);
        pos = pos.after(moves[usize::from(pick) % moves.len()]);
        positions.push(pos.clone());
    }
    positions
}

/// What the reader promises about `book` and the positions probed.
fn check(book: &Book, positions: &[Position]) {
    let entries: Vec<Entry> = (0..book.len()).map(|i| book.entry(i).unwrap()).collect();
    assert!(book.entry(book.len()).is_none());
    assert!(entries.windows(2).all(|w| w[0].key <= w[1].key));
    for pos in positions {
        let key = pos.zobrist_hash();
        // The entries of the key: those of a linear scan, in book order.
        let found: Vec<Entry> = book.entries(key).collect();
        let scanned: Vec<Entry> = entries.iter().copied().filter(|e| e.key == key).collect();
        assert_eq!(found, scanned);
        // The book moves: the entries whose move is legal here, in the same order.
        let moves = book.moves(pos);
        let legal: Vec<_> = found
            .iter()
            .filter_map(|e| polyglot::decode_move(pos, e.raw_move).map(|m| (m, e.weight)))
            .collect();
        assert_eq!(
            moves.iter().map(|m| (m.m, m.weight)).collect::<Vec<_>>(),
            legal
        );
        for m in &moves {
            assert!(pos.is_legal(m.m));
        }
        for e in &found {
            if let Some(m) = polyglot::decode_move(pos, e.raw_move) {
                assert_eq!(polyglot::encode_move(m), e.raw_move & 0x7fff, "{m:?}");
            }
        }
        // The best move: the first of the highest weight, if any weight is not 0.
        let top = moves.iter().map(|m| m.weight).max().unwrap_or(0);
        let best = book.best_move(pos);
        if top == 0 {
            assert_eq!(best, None);
            assert_eq!(book.weighted_choice(pos, 0), None);
        } else {
            assert_eq!(best, moves.iter().find(|m| m.weight == top).copied());
            // The first and the last move of non-zero weight at the ends of the range.
            let first = moves.iter().find(|m| m.weight > 0).copied();
            let last = moves.iter().rev().find(|m| m.weight > 0).copied();
            assert_eq!(book.weighted_choice(pos, 0), first);
            assert_eq!(book.weighted_choice(pos, u64::MAX), last);
            let middle = book.weighted_choice(pos, key).expect("a weighted move");
            assert!(middle.weight > 0 && moves.contains(&middle));
        }
    }
    // Merging with itself or with an empty book changes nothing.
    assert_eq!(book.merge(book).as_bytes(), book.as_bytes());
    assert_eq!(book.merge(&Book::default()).as_bytes(), book.as_bytes());
    assert_eq!(Book::default().merge(book).as_bytes(), book.as_bytes());
}
