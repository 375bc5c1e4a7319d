//! The streaming PGN reader makes no allocation per game or per move, and its memory does not
//! grow with its input: a visitor that reads every tag, comment and NAG and plays every move
//! of the mainline and the variations (SAN read and matched to a legal move) allocates nothing.
//!
//! A separate test binary, because it installs a counting global allocator. Allocations are
//! counted per thread, so the test harness's own threads do not disturb the count.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::io::{self, Read};
use std::ops::ControlFlow;

use chess_notation::Fen;
use chess_notation::pgn::{
    DEFAULT_BUFFER_SIZE, GameReader, GameResult, Line, Location, MoveNode, PgnGame, Reader,
    SyntaxError, VariationChoice, Visitor,
};
use chess_notation::san::{San, SanMode, SanPlus};
use chess_rules::{CastlingMode, Position};
use chess_testdata::Rng;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    /// Bytes allocated and not yet freed by this thread, and the most there were.
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn count(bytes: isize, allocation: bool) {
    // `try_with`: the allocator may run while a thread is being torn down.
    if allocation {
        let _ = ALLOCATIONS.try_with(|n| n.set(n.get() + 1));
    }
    let _ = LIVE.try_with(|live| {
        live.set(live.get() + bytes);
        let _ = PEAK.try_with(|peak| peak.set(peak.get().max(live.get())));
    });
}

fn size(layout: Layout) -> isize {
    isize::try_from(layout.size()).unwrap_or(isize::MAX)
}

/// The system allocator, counting every allocation and reallocation of the calling thread and
/// the bytes it holds.
struct Counting;

// SAFETY: every call is forwarded unchanged to `System`, which upholds `GlobalAlloc`'s contract;
// the counting touches only thread-local `Cell`s, which do not allocate.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(size(layout), true);
        // SAFETY: the caller's guarantees for `layout` are those `System.alloc` requires.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(size(layout), true);
        // SAFETY: as for `alloc`.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(
            isize::try_from(new_size).unwrap_or(isize::MAX) - size(layout),
            true,
        );
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`, with `layout`.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        count(-size(layout), false);
        // SAFETY: `ptr` was allocated by this allocator, that is by `System`, with `layout`.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// What `f` cost on this thread: the number of heap allocations, and the most bytes it held
/// at once beyond what was held before.
fn measure<T>(f: impl FnOnce() -> T) -> (T, usize, isize) {
    let before = ALLOCATIONS.with(Cell::get);
    let live = LIVE.with(Cell::get);
    PEAK.with(|peak| peak.set(live));
    let out = f();
    let allocations = ALLOCATIONS.with(Cell::get) - before;
    let peak = PEAK.with(Cell::get) - live;
    (out, allocations, peak)
}

/// `copies` times the same text, handed out as the reader asks, never held more than once.
struct Repeat<'a> {
    text: &'a [u8],
    copies: u64,
    at: usize,
}

impl Read for Repeat<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.copies == 0 {
            return Ok(0);
        }
        let rest = &self.text[self.at..];
        let n = rest.len().min(buf.len());
        buf[..n].copy_from_slice(&rest[..n]);
        self.at += n;
        if self.at == self.text.len() {
            self.at = 0;
            self.copies -= 1;
        }
        Ok(n)
    }
}

/// The deepest variation nesting the player follows (the test text stays well within it).
const MAX_DEPTH: usize = 8;

/// Plays every move it is given, in the mainline and in variations, keeping a line's position
/// and the position before its last move (where a variation starts) in fixed arrays.
struct Player<'a> {
    /// Whether the current game's Variant tag names Chess960.
    chess960: bool,
    /// The current game's FEN tag.
    fen: Option<Fen>,
    positions: [Position; MAX_DEPTH],
    before_last: [Position; MAX_DEPTH],
    depth: usize,
    /// The final positions expected, one per game of a copy, in order (checked as each game
    /// ends), and the number of games so far.
    expected: &'a [u64],
    games: usize,
    moves: u64,
    variations: u64,
    comments: u64,
    comment_bytes: u64,
    nags: u64,
    tags: u64,
    results: u64,
    /// Moves that could not be read or played, and syntax errors: none are expected.
    errors: u64,
}

impl Player<'_> {
    fn new(expected: &[u64]) -> Player<'_> {
        Player {
            chess960: false,
            fen: None,
            positions: std::array::from_fn(|_| Position::standard()),
            before_last: std::array::from_fn(|_| Position::standard()),
            depth: 0,
            expected,
            games: 0,
            moves: 0,
            variations: 0,
            comments: 0,
            comment_bytes: 0,
            nags: 0,
            tags: 0,
            results: 0,
            errors: 0,
        }
    }

    fn error(&mut self) -> ControlFlow<()> {
        self.errors += 1;
        ControlFlow::Break(())
    }
}

impl Visitor for Player<'_> {
    type Output = ();

    fn begin_game(&mut self, _: Location) {
        self.chess960 = false;
        self.fen = None;
        self.depth = 0;
    }

    fn tag(&mut self, name: &[u8], value: &[u8], _: Location) -> ControlFlow<()> {
        self.tags += 1;
        match name {
            b"FEN" => match Fen::from_ascii(value) {
                Ok(fen) => self.fen = Some(fen),
                Err(_) => return self.error(),
            },
            b"Variant" => {
                self.chess960 = value.eq_ignore_ascii_case(b"chess960")
                    || value.eq_ignore_ascii_case(b"fischerandom");
            }
            _ => {}
        }
        ControlFlow::Continue(())
    }

    fn begin_movetext(&mut self, _: Location) -> ControlFlow<()> {
        let start = match self.fen.take() {
            None => Position::standard(),
            Some(fen) => {
                let mode = if self.chess960 {
                    CastlingMode::Chess960
                } else {
                    fen.castling_mode()
                };
                match fen.into_position(mode) {
                    Ok(pos) => pos,
                    Err(_) => return self.error(),
                }
            }
        };
        self.positions[0] = start.clone();
        self.before_last[0] = start;
        ControlFlow::Continue(())
    }

    fn san(&mut self, san: &[u8], _: Location) -> ControlFlow<()> {
        let Ok(san) = SanPlus::from_ascii_with(san, SanMode::Lenient) else {
            return self.error();
        };
        let pos = &mut self.positions[self.depth];
        if san.san == San::Null {
            let Some(next) = pos.null_move() else {
                return self.error();
            };
            self.before_last[self.depth] = core::mem::replace(pos, next);
        } else {
            let Ok(m) = san.san.to_move_with(pos, SanMode::Lenient) else {
                return self.error();
            };
            self.before_last[self.depth] = pos.clone();
            pos.play_unchecked(m);
        }
        self.moves += 1;
        ControlFlow::Continue(())
    }

    fn nag(&mut self, _: u8, _: Location) -> ControlFlow<()> {
        self.nags += 1;
        ControlFlow::Continue(())
    }

    fn comment(&mut self, comment: &[u8], _: Location) -> ControlFlow<()> {
        self.comments += 1;
        self.comment_bytes += comment.len() as u64;
        ControlFlow::Continue(())
    }

    fn partial_comment(&mut self, part: &[u8], _: Location) -> ControlFlow<()> {
        self.comment_bytes += part.len() as u64;
        ControlFlow::Continue(())
    }

    fn begin_variation(&mut self, _: Location) -> VariationChoice {
        assert!(self.depth + 1 < MAX_DEPTH, "nested too deep for the test");
        let start = self.before_last[self.depth].clone();
        self.depth += 1;
        self.positions[self.depth] = start.clone();
        self.before_last[self.depth] = start;
        self.variations += 1;
        VariationChoice::Continue
    }

    fn end_variation(&mut self, _: Location) -> ControlFlow<()> {
        self.depth -= 1;
        ControlFlow::Continue(())
    }

    fn outcome(&mut self, _: GameResult, _: Location) -> ControlFlow<()> {
        self.results += 1;
        ControlFlow::Continue(())
    }

    fn syntax_error(&mut self, _: SyntaxError) -> ControlFlow<()> {
        self.error()
    }

    fn end_game(&mut self) {
        let expected = self.expected[self.games % self.expected.len()];
        assert_eq!(
            self.positions[0].zobrist_hash(),
            expected,
            "final position of game {}",
            self.games + 1
        );
        self.games += 1;
    }
}

/// A game of random play written by our writer: clock and eval comments after every move,
/// NAGs, and nested variations.
fn written_game(seed: u64) -> String {
    fn random_line(rng: &mut Rng, start: &Position, plies: usize, depth: usize) -> Line {
        let mut line = Line::default();
        let mut pos = start.clone();
        for ply in 0..plies {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mut node = MoveNode::new(&pos, moves[rng.below(moves.len())]);
            let seconds = 180 - ply;
            node.comments_after.push(format!(
                "[%clk 0:{:02}:{:02}] [%eval {}.{}]",
                seconds / 60,
                seconds % 60,
                rng.below(3),
                rng.below(10)
            ));
            if rng.below(6) == 0 {
                node.nags.push(rng.below(20) as u8);
            }
            if depth < 2 && rng.below(8) == 0 {
                let plies = 1 + rng.below(6);
                node.variations
                    .push(random_line(rng, &pos, plies, depth + 1));
            }
            pos.play_unchecked(node.m.unwrap());
            line.moves.push(node);
        }
        line
    }
    let mut rng = Rng::new(seed);
    let mut game = PgnGame {
        mainline: random_line(&mut rng, &Position::standard(), 120, 0),
        result: Some(GameResult::Draw),
        ..PgnGame::default()
    };
    game.set_header("Event", "Generated");
    game.set_header("TimeControl", "180+0");
    game.to_string()
}

/// The text read again and again: every real-world test file, games of our writer, and the
/// oddities of real-world files (a comment longer than a small buffer, `;` comments, escape
/// lines, CRLF, lenient SAN, a Chess960 start from Shredder-FEN, null moves). `None` when the
/// fetched test data is missing (the test has then said it skips).
fn corpus() -> Option<Vec<u8>> {
    let mut text = Vec::new();
    for bytes in chess_testdata::read_each(&chess_testdata::PGN_FILES)? {
        text.extend(bytes);
        text.extend(b"\n\n");
    }
    for seed in [1, 2, 3] {
        text.extend(written_game(seed).as_bytes());
        text.extend(b"\n");
    }
    text.extend(
        concat!(
            "% escape line\r\n",
            "[Event \"Oddities\"]\r\n",
            "[SetUp \"1\"]\r\n",
            "[FEN \"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\"]\r\n",
            "\r\n",
            "9.e4 ; a rest-of-line comment\r\n",
            "9...Nxe4!? 10. dxe4 (10. Nb4 Nf6 {back} (10... cxb4 11. axb4)) 10... e5 ",
            "11. fxe5 dxe5 12. Nd3 Nd6 13. -- c4 14. Z0 Qc7 15. Rxf7 \u{bd}-\u{bd}\r\n\r\n",
        )
        .as_bytes(),
    );
    text.extend(b"1. e2e4 e5 2. Ng1-f3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. 0-0 Be7 {");
    text.extend("a long comment, é ".repeat(200).as_bytes());
    text.extend(b"} 6. Re1 b5 7. Bb3 d6 8. c3 0-0 1/2\n\n");
    Some(text)
}

/// Reads `copies` copies of the corpus with the player, returning it and what the reading
/// cost, the reader's creation included.
fn play<'a>(
    corpus: &[u8],
    expected: &'a [u64],
    copies: u64,
    buffer: usize,
) -> (Player<'a>, usize, isize) {
    let mut player = Player::new(expected);
    let (games, allocations, peak) = measure(|| {
        let input = Repeat {
            text: corpus,
            copies,
            at: 0,
        };
        let mut reader = Reader::with_buffer_size(input, buffer);
        let mut games = 0;
        while reader.read_game(&mut player).unwrap().is_some() {
            games += 1;
        }
        games
    });
    assert_eq!(games, player.games);
    (player, allocations, peak)
}

fn count_moves(line: &Line) -> u64 {
    line.moves
        .iter()
        .map(|node| 1 + node.variations.iter().map(count_moves).sum::<u64>())
        .sum()
}

#[test]
fn reading_and_playing_every_move_does_not_allocate() {
    let Some(corpus) = corpus() else {
        return;
    };
    // What one copy holds, from the owned reader (which allocates by design).
    let games: Vec<PgnGame> = GameReader::new(&corpus[..])
        .allow_null_moves(true)
        .read_all()
        .unwrap();
    let expected: Vec<u64> = games
        .iter()
        .map(|g| g.final_position().zobrist_hash())
        .collect();
    let moves_per_copy: u64 = games.iter().map(|g| count_moves(&g.mainline)).sum();
    assert_eq!(games.len(), 19);
    assert!(moves_per_copy > 1500, "{moves_per_copy}");

    // Anything initialised on first use is initialised here, outside the counted runs.
    let _ = play(&corpus, &expected, 1, DEFAULT_BUFFER_SIZE);

    for buffer in [DEFAULT_BUFFER_SIZE, 1024] {
        let mut seen = None;
        for copies in [10, 1000] {
            let (player, allocations, peak) = play(&corpus, &expected, copies, buffer);
            assert_eq!(player.errors, 0);
            assert_eq!(player.games, 19 * copies as usize);
            assert_eq!(player.moves, moves_per_copy * copies);
            assert_eq!(player.results, 19 * copies);
            assert!(player.variations > 0 && player.nags > 0 && player.tags > 0);
            assert!(player.comments > 0 && player.comment_bytes > 3600 * copies);
            // The reader's buffer, and nothing else, however many games.
            assert_eq!(
                (allocations, peak),
                (1, buffer as isize),
                "{copies} copies with a buffer of {buffer} bytes"
            );
            // And the same work for every copy.
            let per_copy = (
                player.comments / copies,
                player.nags / copies,
                player.variations / copies,
                player.tags / copies,
            );
            assert_eq!(*seen.get_or_insert(per_copy), per_copy);
        }
    }
}

#[test]
fn memory_stays_that_of_the_buffer_on_a_large_input() {
    let Some(corpus) = corpus() else {
        return;
    };
    let expected: Vec<u64> = GameReader::new(&corpus[..])
        .allow_null_moves(true)
        .map(|g| g.unwrap().final_position().zobrist_hash())
        .collect();
    // Some 40 MB of PGN: the reader holds its buffer and nothing else.
    let copies = 40_000_000 / corpus.len() as u64;
    let (player, allocations, peak) = play(&corpus, &expected, copies, DEFAULT_BUFFER_SIZE);
    assert_eq!(player.errors, 0);
    assert_eq!(player.games as u64, 19 * copies);
    assert_eq!((allocations, peak), (1, DEFAULT_BUFFER_SIZE as isize));
}

/// The owned reader allocates for each game (its moves, comments and headers), but holds no
/// more for a thousand games than for ten: each game's memory is given back.
#[test]
fn owned_games_hold_the_same_memory_for_many_games() {
    let Some(corpus) = corpus() else {
        return;
    };
    let peak_for = |copies: u64| {
        let ((), _, peak) = measure(|| {
            let reader = Reader::new(Repeat {
                text: &corpus,
                copies,
                at: 0,
            });
            let builder = chess_notation::pgn::GameBuilder::new().allow_null_moves(true);
            let mut games = 0;
            for game in GameReader::with_builder(reader, builder) {
                assert!(game.is_ok());
                games += 1;
            }
            assert_eq!(games, 19 * copies);
        });
        peak
    };
    let small = peak_for(10);
    let large = peak_for(1000);
    assert!(small > DEFAULT_BUFFER_SIZE as isize);
    assert_eq!(large, small);
}

/// The counter itself works: without this, a broken counter would pass the tests above.
#[test]
fn the_counter_sees_allocations_and_held_bytes() {
    let ((), n, peak) = measure(|| {
        let v = std::hint::black_box(vec![1u8; 100]);
        let b = std::hint::black_box(Box::new(7u64));
        drop((v, b));
        std::hint::black_box(vec![0u8; 10]);
    });
    assert_eq!((n, peak), (3, 108));
    // A reader holds its buffer.
    let ((), n, peak) = measure(|| drop(std::hint::black_box(Reader::new(&b""[..]))));
    assert_eq!((n, peak), (1, DEFAULT_BUFFER_SIZE as isize));
}
