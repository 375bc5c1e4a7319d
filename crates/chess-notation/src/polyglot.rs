//! Polyglot opening books: reading (every entry of a position, the weighted random choice, the
//! best-weighted move), writing from games as Polyglot's `make-book` does, and merging.
//!
//! A book is a sorted array of 16-byte entries, all numbers big-endian:
//!
//! ```text
//! bytes 0-7    key: the Polyglot Zobrist hash of the position (Position::zobrist_hash)
//! bytes 8-9    move: bits 0-5 destination, 6-11 origin, 12-14 promotion (1 knight … 4 queen);
//!              castling is written as the king taking its own rook (e1h1), in every variant
//! bytes 10-11  weight
//! bytes 12-15  learn (free for other programs' use; 0 when written here)
//! ```
//!
//! Entries are sorted by key, and within a key by descending weight (how Polyglot writes them),
//! so that a position's moves are found by binary search and come in book order.
//!
//! ```
//! use chess_notation::polyglot::{Book, BookBuilder};
//! use chess_notation::pgn::GameReader;
//! use chess_rules::Position;
//!
//! // A book from two games, every move kept.
//! let pgn = "1. e4 e5 2. Nf3 Nc6 1-0\n\n1. e4 c5 2. Nf3 d6 0-1\n";
//! let mut builder = BookBuilder::new().min_games(1);
//! for game in GameReader::new(pgn.as_bytes()) {
//!     builder.add_game(&game?);
//! }
//! let book = Book::from_bytes(builder.to_bytes())?;
//! let moves = book.moves(&Position::standard());
//! assert_eq!(moves.len(), 1);
//! // e4 scored a win and a loss for white: weight 2 + 0.
//! assert_eq!((moves[0].m.to_string(), moves[0].weight), ("e2e4".to_owned(), 2));
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::collections::HashMap;
use std::io;
use std::path::Path;

use chess_core::{Color, Role, Square};
use chess_rules::{Move, Position};

use crate::pgn::{GameResult, PgnGame};

/// The size of an entry in bytes.
pub const ENTRY_SIZE: usize = 16;

/// One entry of a book.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Entry {
    /// The position's Polyglot key.
    pub key: u64,
    /// The move in Polyglot's encoding (see the module documentation).
    pub raw_move: u16,
    /// How often to play it, relative to the position's other entries.
    pub weight: u16,
    /// Free for a program's use (learning data).
    pub learn: u32,
}

impl Entry {
    /// The entry at the start of `bytes` (16 bytes or more).
    fn read(bytes: &[u8]) -> Entry {
        let be = |range: core::ops::Range<usize>| {
            bytes[range]
                .iter()
                .fold(0u64, |n, &b| (n << 8) | u64::from(b))
        };
        Entry {
            key: be(0..8),
            raw_move: be(8..10) as u16,
            weight: be(10..12) as u16,
            learn: be(12..16) as u32,
        }
    }

    /// The 16 bytes of the entry.
    #[must_use]
    pub fn to_bytes(self) -> [u8; ENTRY_SIZE] {
        let mut out = [0; ENTRY_SIZE];
        out[0..8].copy_from_slice(&self.key.to_be_bytes());
        out[8..10].copy_from_slice(&self.raw_move.to_be_bytes());
        out[10..12].copy_from_slice(&self.weight.to_be_bytes());
        out[12..16].copy_from_slice(&self.learn.to_be_bytes());
        out
    }
}

/// A book move of a position: the legal move an entry names, with the entry's numbers.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct BookMove {
    /// The move.
    pub m: Move,
    /// Its weight.
    pub weight: u16,
    /// Its learn value.
    pub learn: u32,
}

/// Why bytes are not a Polyglot book.
#[derive(Debug)]
#[non_exhaustive]
pub enum BookError {
    /// The size is not a multiple of 16 bytes.
    Size(u64),
    /// The entries are not sorted by key: the entry at this index has a smaller key than the
    /// one before it.
    Unsorted(usize),
    /// The file could not be read.
    Io(io::Error),
}

impl fmt::Display for BookError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BookError::Size(n) => write!(
                f,
                "not a polyglot book: {n} bytes is not a whole number of 16-byte entries"
            ),
            BookError::Unsorted(i) => write!(
                f,
                "not a polyglot book: entry {i} (at byte {}) has a smaller key than the entry before it: the entries must be sorted by key",
                i * ENTRY_SIZE
            ),
            BookError::Io(e) => write!(f, "cannot read the book: {e}"),
        }
    }
}

impl std::error::Error for BookError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            BookError::Io(e) => Some(e),
            _ => None,
        }
    }
}

/// A Polyglot book in memory, checked on loading.
#[derive(Clone, Debug, Default)]
pub struct Book {
    bytes: Vec<u8>,
}

impl Book {
    /// Reads the book file at `path`.
    ///
    /// # Errors
    ///
    /// [`BookError`]: the file cannot be read, or is not a whole number of entries sorted by
    /// key.
    pub fn open(path: impl AsRef<Path>) -> Result<Book, BookError> {
        Book::from_bytes(std::fs::read(path).map_err(BookError::Io)?)
    }

    /// A book from its bytes.
    ///
    /// # Errors
    ///
    /// [`BookError`] when the bytes are not a whole number of entries sorted by key.
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Book, BookError> {
        if bytes.len() % ENTRY_SIZE != 0 {
            return Err(BookError::Size(bytes.len() as u64));
        }
        let book = Book { bytes };
        let mut previous = 0;
        for i in 0..book.len() {
            let key = book.key_at(i);
            if key < previous {
                return Err(BookError::Unsorted(i));
            }
            previous = key;
        }
        Ok(book)
    }

    /// The number of entries.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bytes.len() / ENTRY_SIZE
    }

    /// Whether the book has no entry.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The entry at `index`.
    #[must_use]
    pub fn entry(&self, index: usize) -> Option<Entry> {
        let start = index.checked_mul(ENTRY_SIZE)?;
        let bytes = self.bytes.get(start..start + ENTRY_SIZE)?;
        Some(Entry::read(bytes))
    }

    fn key_at(&self, index: usize) -> u64 {
        let start = index * ENTRY_SIZE;
        let mut key = [0; 8];
        key.copy_from_slice(&self.bytes[start..start + 8]);
        u64::from_be_bytes(key)
    }

    /// The index of the first entry whose key is not below `key` (the book's length when
    /// none is), found by binary search: where the entries of `key` start, if it has any.
    ///
    /// ```
    /// use chess_notation::polyglot::{Book, Entry};
    ///
    /// let entry = |key| Entry { key, raw_move: 0x031c, weight: 1, learn: 0 };
    /// let bytes = [entry(5), entry(7), entry(7)].iter().flat_map(|e| e.to_bytes()).collect();
    /// let book = Book::from_bytes(bytes)?;
    /// assert_eq!([6, 7, 8].map(|key| book.lower_bound(key)), [1, 1, 3]);
    /// # Ok::<_, chess_notation::polyglot::BookError>(())
    /// ```
    #[must_use]
    pub fn lower_bound(&self, key: u64) -> usize {
        let (mut lo, mut hi) = (0, self.len());
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            if self.key_at(mid) < key {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        lo
    }

    /// Every entry with `key`, in book order (binary search for the first).
    pub fn entries(&self, key: u64) -> impl Iterator<Item = Entry> + '_ {
        (self.lower_bound(key)..self.len())
            .map(move |i| {
                self.entry(i).unwrap_or(Entry {
                    key: !key,
                    raw_move: 0,
                    weight: 0,
                    learn: 0,
                })
            })
            .take_while(move |e| e.key == key)
    }

    /// The book moves of `pos` in book order: every entry of its key whose move is legal here
    /// (entries of a position with the same key but other moves are left out, as are entries a
    /// damaged book may hold).
    #[must_use]
    pub fn moves(&self, pos: &Position) -> Vec<BookMove> {
        self.entries(pos.zobrist_hash())
            .filter_map(|e| {
                decode_move(pos, e.raw_move).map(|m| BookMove {
                    m,
                    weight: e.weight,
                    learn: e.learn,
                })
            })
            .collect()
    }

    /// The book move with the highest weight (the first of the best in book order); `None`
    /// when the position is not in the book or all its weights are 0.
    #[must_use]
    pub fn best_move(&self, pos: &Position) -> Option<BookMove> {
        self.moves(pos)
            .into_iter()
            .filter(|m| m.weight > 0)
            .reduce(|best, m| if m.weight > best.weight { m } else { best })
    }

    /// A book move chosen with probability proportional to its weight, from `random`, a
    /// uniformly distributed number (from any generator); `None` when the position is not in
    /// the book or all its weights are 0.
    #[must_use]
    pub fn weighted_choice(&self, pos: &Position, random: u64) -> Option<BookMove> {
        let moves = self.moves(pos);
        let total: u64 = moves.iter().map(|m| u64::from(m.weight)).sum();
        if total == 0 {
            return None;
        }
        let mut pick = ((u128::from(random) * u128::from(total)) >> 64) as u64;
        moves.into_iter().find(|m| {
            let weight = u64::from(m.weight);
            if pick < weight {
                true
            } else {
                pick -= weight;
                false
            }
        })
    }

    /// The bytes of the book.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The merge of two books as Polyglot's `merge-book` makes it: every position of `self`
    /// with its entries, and the positions only `other` has with theirs.
    #[must_use]
    pub fn merge(&self, other: &Book) -> Book {
        let mut bytes = Vec::with_capacity(self.bytes.len() + other.bytes.len());
        let (mut i, mut j) = (0, 0);
        while i < self.len() || j < other.len() {
            let take_first = match (i < self.len(), j < other.len()) {
                (true, true) => {
                    let (a, b) = (self.key_at(i), other.key_at(j));
                    if a == b {
                        // The first book's position wins: the second's entries are skipped.
                        j += 1;
                        continue;
                    }
                    a < b
                }
                (first, _) => first,
            };
            if take_first {
                bytes.extend_from_slice(&self.bytes[i * ENTRY_SIZE..(i + 1) * ENTRY_SIZE]);
                i += 1;
            } else {
                bytes.extend_from_slice(&other.bytes[j * ENTRY_SIZE..(j + 1) * ENTRY_SIZE]);
                j += 1;
            }
        }
        Book { bytes }
    }
}

/// The legal move of `pos` a Polyglot move names: castling written as the king taking its
/// rook, promotions by their piece.
#[must_use]
pub fn decode_move(pos: &Position, raw: u16) -> Option<Move> {
    let m = raw_move(raw)?;
    pos.moves_from(m.from)
        .into_iter()
        .find(|legal| legal.to() == m.to && legal.promotion() == m.promotion)
}

/// The move a Polyglot entry's 16 bits encode, without a position: origin, destination and
/// promotion (castling as the king taking its rook, `e1h1`); `None` for a promotion code
/// beyond the queen's.
///
/// ```
/// use chess_core::Square;
/// use chess_notation::polyglot::raw_move;
///
/// let m = raw_move(0x031c).unwrap(); // e2e4
/// assert_eq!((m.from, m.to), (Square::E2, Square::E4));
/// ```
#[must_use]
pub fn raw_move(raw: u16) -> Option<chess_rules::lenient::RawMove> {
    let to = Square::from_index(usize::from(raw & 0x3f))?;
    let from = Square::from_index(usize::from((raw >> 6) & 0x3f))?;
    let promotion = match (raw >> 12) & 0x7 {
        0 => None,
        1 => Some(Role::Knight),
        2 => Some(Role::Bishop),
        3 => Some(Role::Rook),
        4 => Some(Role::Queen),
        _ => return None,
    };
    Some(chess_rules::lenient::RawMove {
        from,
        to,
        promotion,
        drop: None,
    })
}

/// The Polyglot encoding of the legal move `m` (castling as the king taking its rook).
#[must_use]
pub fn encode_move(m: Move) -> u16 {
    let promotion = match m.promotion() {
        Some(Role::Knight) => 1,
        Some(Role::Bishop) => 2,
        Some(Role::Rook) => 3,
        Some(Role::Queen) => 4,
        _ => 0,
    };
    (m.to() as u16) | ((m.from() as u16) << 6) | (promotion << 12)
}

/// When an entry's game count reaches this, the counts of its position are halved (so that
/// the weights fit the 16-bit field), as Polyglot's `make-book` does.
const COUNT_MAX: u32 = 16_384;

/// Statistics of one move of one position.
#[derive(Copy, Clone, Debug, Default)]
struct Stats {
    /// Games that played it.
    games: u32,
    /// Points for the side that played it: 2 a win, 1 a draw (or an unknown result), 0 a loss.
    points: u32,
}

/// Builds a book from games as Polyglot's `make-book` does: each move of each game (up to a
/// maximum ply) counts a game and scores 2 for a win, 1 for a draw or unknown result and 0 for
/// a loss for the side that played it; moves played in fewer than the minimum number of games,
/// or that never scored, are left out; the weight is the score.
#[derive(Clone, Debug)]
pub struct BookBuilder {
    max_ply: usize,
    min_games: u32,
    only: Option<Color>,
    uniform: bool,
    positions: HashMap<u64, Vec<(u16, Color, Stats)>>,
}

impl Default for BookBuilder {
    fn default() -> BookBuilder {
        BookBuilder::new()
    }
}

impl BookBuilder {
    /// Polyglot's defaults: every ply, moves of at least 3 games, both colours.
    #[must_use]
    pub fn new() -> BookBuilder {
        BookBuilder {
            max_ply: 1024,
            min_games: 3,
            only: None,
            uniform: false,
            positions: HashMap::new(),
        }
    }

    /// Only the first `plies` moves of each game.
    #[must_use]
    pub fn max_ply(mut self, plies: usize) -> BookBuilder {
        self.max_ply = plies;
        self
    }

    /// Only moves played in at least `games` games.
    #[must_use]
    pub fn min_games(mut self, games: u32) -> BookBuilder {
        self.min_games = games;
        self
    }

    /// Only the moves of one colour (`None`: both).
    #[must_use]
    pub fn only(mut self, color: Option<Color>) -> BookBuilder {
        self.only = color;
        self
    }

    /// Every kept move with weight 1, whatever it scored.
    #[must_use]
    pub fn uniform(mut self, uniform: bool) -> BookBuilder {
        self.uniform = uniform;
        self
    }

    /// Counts the mainline of `game` (up to its first null move); a variant's game (a book is
    /// of standard chess) is not counted.
    pub fn add_game(&mut self, game: &PgnGame) {
        if game.variant_initial.is_some() {
            return;
        }
        let moves: Vec<Move> = game.mainline_moves().map_while(|m| m).collect();
        self.add_moves(&game.initial, &moves, game.result);
    }

    /// Counts a game given by its start, its moves (legal in sequence) and its result.
    pub fn add_moves(&mut self, start: &Position, moves: &[Move], result: Option<GameResult>) {
        let mut pos = start.clone();
        for &m in moves.iter().take(self.max_ply) {
            let us = pos.turn();
            let points = match result {
                Some(GameResult::WhiteWins) if us.is_white() => 2,
                Some(GameResult::BlackWins) if !us.is_white() => 2,
                Some(GameResult::WhiteWins | GameResult::BlackWins) => 0,
                _ => 1,
            };
            let key = pos.zobrist_hash();
            let raw = encode_move(m);
            let entries = self.positions.entry(key).or_default();
            let index = match entries.iter().position(|(r, _, _)| *r == raw) {
                Some(i) => i,
                None => {
                    entries.push((raw, us, Stats::default()));
                    entries.len() - 1
                }
            };
            let stats = &mut entries[index].2;
            stats.games += 1;
            stats.points += points;
            if stats.games >= COUNT_MAX {
                for (_, _, stats) in entries.iter_mut() {
                    stats.games = stats.games.div_ceil(2);
                    stats.points = stats.points.div_ceil(2);
                }
            }
            pos.play_unchecked(m);
        }
    }

    /// The book's entries: sorted by key, then by descending weight, moves of equal weight in
    /// the order they were first played (so the bytes are make-book's own: a test compares
    /// them with Debian's `polyglot make-book`).
    #[must_use]
    pub fn entries(&self) -> Vec<Entry> {
        let mut entries = Vec::new();
        for (&key, moves) in &self.positions {
            for &(raw_move, color, stats) in moves {
                let kept = stats.games >= self.min_games
                    && stats.points > 0
                    && self.only.is_none_or(|only| only == color);
                if kept {
                    let weight = if self.uniform {
                        1
                    } else {
                        u16::try_from(stats.points).unwrap_or(u16::MAX)
                    };
                    entries.push(Entry {
                        key,
                        raw_move,
                        weight,
                        learn: 0,
                    });
                }
            }
        }
        entries.sort_by_key(|e| (e.key, core::cmp::Reverse(e.weight)));
        entries
    }

    /// The book's bytes.
    #[must_use]
    pub fn to_bytes(&self) -> Vec<u8> {
        self.entries()
            .into_iter()
            .flat_map(Entry::to_bytes)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Fen;

    #[test]
    fn errors_say_what_is_wrong() {
        assert!(matches!(
            Book::from_bytes(vec![0; 17]),
            Err(BookError::Size(17))
        ));
        let mut bytes = Entry {
            key: 9,
            raw_move: 1,
            weight: 1,
            learn: 0,
        }
        .to_bytes()
        .to_vec();
        bytes.extend(
            Entry {
                key: 3,
                raw_move: 1,
                weight: 1,
                learn: 0,
            }
            .to_bytes(),
        );
        let e = Book::from_bytes(bytes).unwrap_err();
        assert!(matches!(e, BookError::Unsorted(1)));
        assert!(e.to_string().contains("at byte 16"), "{e}");
        assert!(Book::from_bytes(Vec::new()).unwrap().is_empty());
    }

    #[test]
    fn castling_is_the_king_taking_its_rook() {
        let pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position_auto()
            .unwrap();
        // e1h1 (4 << 6 | 7) and e1a1.
        let short = decode_move(&pos, 4 << 6 | 7).unwrap();
        assert!(short.is_castle());
        assert_eq!(encode_move(short), 4 << 6 | 7);
        assert!(decode_move(&pos, 4 << 6).unwrap().is_castle());
        // e1g1 is no Polyglot castling (and no king move from e1).
        assert_eq!(decode_move(&pos, 4 << 6 | 6), None);
        // A promotion.
        let promote: Position = "8/4P2k/8/8/8/8/8/K7 w - - 0 1"
            .parse::<Fen>()
            .unwrap()
            .into_position_auto()
            .unwrap();
        let queen = decode_move(&promote, 52 << 6 | 60 | 4 << 12).unwrap();
        assert_eq!(queen.promotion(), Some(Role::Queen));
        assert_eq!(decode_move(&promote, 52 << 6 | 60), None);
    }

    #[test]
    fn weighted_choice_follows_the_weights() {
        let pos = Position::standard();
        let key = pos.zobrist_hash();
        let e4 = encode_move(crate::uci::parse(&pos, "e2e4").unwrap());
        let d4 = encode_move(crate::uci::parse(&pos, "d2d4").unwrap());
        let bytes: Vec<u8> = [(e4, 3), (d4, 1)]
            .iter()
            .flat_map(|&(raw_move, weight)| {
                Entry {
                    key,
                    raw_move,
                    weight,
                    learn: 0,
                }
                .to_bytes()
            })
            .collect();
        let book = Book::from_bytes(bytes).unwrap();
        let mut counts = [0; 2];
        for i in 0..1000u64 {
            let random = i.wrapping_mul(0x9e37_79b9_7f4a_7c15);
            let m = book.weighted_choice(&pos, random).unwrap();
            counts[usize::from(m.m.to_string() == "d2d4")] += 1;
        }
        assert!((700..800).contains(&counts[0]), "{counts:?}");
        assert_eq!(book.best_move(&pos).unwrap().weight, 3);
    }
}
