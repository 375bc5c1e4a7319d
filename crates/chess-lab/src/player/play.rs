//! A player at work ([`Player`]): started from its spec, analysing and playing, stopped from
//! another thread.

use core::fmt;
use std::path::PathBuf;

use chess_engine::uci::{Client, ClientError, Info};
use chess_engine::{Control, DEFAULT_HASH_MB, ENGINE_NAME, Level, Limits, Rng, Searcher};
use chess_notation::polyglot::Book;
use chess_rules::Position;

use super::error::PlayerError;
use super::history::History;
use super::spec::{Engine, Host, PlayerSpec};
#[cfg(feature = "syzygy")]
use super::tables::open_tablebases;
use super::thought::{Analysis, BookChoice, Lines, Played, Totals};
use super::uci::{go_until_stopped, spawn_client};

/// The seed of a player's book draws when its spec gives none, so that they replay.
const FIXED_SEED: u64 = 0x5eed;
/// Mixed into the seed for the book's draws, so that they do not follow the search's.
const BOOK_STREAM: u64 = 0x9e37_79b9_7f4a_7c15;

/// A player at work: the built-in search in this process or a UCI engine process, with the
/// opening book it plays from first.
///
/// [`Player::analyse`] gives the lines an engine finds; [`Player::play`] the move it plays
/// (from the book while the position is in it). Both take the game's history, so that the
/// engine sees repetitions, and a [`Control`] that another thread stops them with: the
/// built-in search stops at once, a UCI engine is sent `stop`, and either way the move found
/// so far comes back.
///
/// ```
/// use std::time::Duration;
/// use chess_engine::{Control, Limits};
/// use chess_lab::player::{Player, PlayerSpec};
/// use chess_rules::Game;
///
/// let spec: PlayerSpec = "builtin,option.Hash=4,level=3,seed=7".parse()?;
/// let mut player = Player::start(&spec)?;
/// let control = Control::new();
/// let stopper = control.clone();
/// std::thread::spawn(move || {
///     std::thread::sleep(Duration::from_millis(100));
///     stopper.stop();
/// });
/// let played = player.play(&Game::standard(), &Limits::infinite(), &control, |_| {})?;
/// assert!(Game::standard().position().is_legal(played.m));
/// # Ok::<_, Box<dyn std::error::Error>>(())
/// ```
pub struct Player {
    worker: Worker,
    /// The book [`Player::play`] plays from first.
    book: Option<Book>,
    /// Draws the book's moves.
    rng: Rng,
}

/// Who searches.
enum Worker {
    /// This workspace's search.
    Builtin(Box<Searcher>),
    /// Another engine, through the UCI client.
    Uci(Box<Client>),
}

impl fmt::Debug for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Player").field(&self.name()).finish()
    }
}

impl Player {
    /// The built-in search, as it is set up, without a book.
    #[must_use]
    pub fn builtin(searcher: Searcher) -> Player {
        Player::of(Worker::Builtin(Box::new(searcher)), None, None)
    }

    /// A UCI engine, without a book.
    #[must_use]
    pub fn uci(client: Client) -> Player {
        Player::of(Worker::Uci(Box::new(client)), None, None)
    }

    fn of(worker: Worker, book: Option<Book>, seed: Option<u64>) -> Player {
        Player {
            worker,
            book,
            rng: Rng::new(seed.unwrap_or(FIXED_SEED) ^ BOOK_STREAM),
        }
    }

    /// Starts the player `spec` describes: its book read, then the built-in engine as a
    /// search in this process (its level, seed and tables, and its options `Hash`, `Threads`
    /// and `MultiPV`, which are all a search in process needs), or a program as a UCI
    /// process, with the handshake, its options and its tables as `SyzygyPath`.
    ///
    /// # Errors
    ///
    /// [`PlayerError`] when the book or the tables cannot be read, the engine cannot be
    /// started, does not answer, or has no option of a name given (the built-in engine: none
    /// but those above), or a UCI engine is given a level.
    pub fn start(spec: &PlayerSpec) -> Result<Player, PlayerError> {
        let book = open_book(spec.book.as_ref())?;
        let worker = match &spec.engine {
            Engine::Builtin => Worker::Builtin(Box::new(builtin_searcher(spec)?)),
            Engine::Program(_) => Worker::Uci(Box::new(spawn_client(spec, None, Host::Player)?)),
        };
        let mut player = Player::of(worker, book, spec.seed);
        if spec.is_builtin() {
            // The table was made at its size with the search.
            for (name, value) in spec
                .options
                .iter()
                .filter(|(n, _)| !n.eq_ignore_ascii_case("Hash"))
            {
                player.set_option(name, value)?;
            }
        }
        Ok(player)
    }

    /// Starts `spec` as a UCI process (the built-in engine as `builtin`: see
    /// [`PlayerSpec::command`]), with the handshake and its options, waiting up to 30
    /// seconds for it to answer; the player plays its book.
    ///
    /// # Errors
    ///
    /// [`PlayerError`] when the book cannot be read, the engine cannot be started, does not
    /// answer, or refuses an option, or a UCI engine is given a level.
    pub fn spawn(
        spec: &PlayerSpec,
        builtin: Option<&(PathBuf, Vec<String>)>,
    ) -> Result<Player, PlayerError> {
        let book = open_book(spec.book.as_ref())?;
        let client = spawn_client(spec, builtin, Host::Player)?;
        Ok(Player::of(Worker::Uci(Box::new(client)), book, spec.seed))
    }

    /// The engine's name: its `id name`, or the built-in engine's.
    #[must_use]
    pub fn name(&self) -> String {
        match &self.worker {
            Worker::Builtin(_) => ENGINE_NAME.to_owned(),
            Worker::Uci(client) => client.name().unwrap_or("engine").to_owned(),
        }
    }

    /// Whether this is the built-in search in this process.
    #[must_use]
    pub fn is_builtin(&self) -> bool {
        matches!(self.worker, Worker::Builtin(_))
    }

    /// The built-in engine's level; `None` for a UCI engine.
    #[must_use]
    pub fn level(&self) -> Option<Level> {
        match &self.worker {
            Worker::Builtin(searcher) => Some(searcher.level()),
            Worker::Uci(_) => None,
        }
    }

    /// Whether [`Player::play`] plays from a book.
    #[must_use]
    pub fn has_book(&self) -> bool {
        self.book.is_some()
    }

    /// Whether the engine has an option `name` (the built-in engine in process: `Hash`,
    /// `Threads`, `MultiPV`).
    #[must_use]
    pub fn has_option(&self, name: &str) -> bool {
        match &self.worker {
            Worker::Builtin(_) => ["Hash", "Threads", "MultiPV"]
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name)),
            Worker::Uci(client) => client.option(name).is_some(),
        }
    }

    /// Sets the option `name` to `value`.
    ///
    /// # Errors
    ///
    /// [`ClientError::UnknownOption`] when the engine has no such option (or the built-in
    /// engine's value is not a number), or the error of a UCI engine that does not answer.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        match &mut self.worker {
            Worker::Builtin(searcher) => {
                let number = builtin_number(name, value)?;
                match name.to_ascii_lowercase().as_str() {
                    "hash" => searcher
                        .set_hash_size(number)
                        .map_err(|_| ClientError::UnknownOption(format!("{name}={value}")))?,
                    "threads" => searcher.set_threads(number),
                    "multipv" => searcher.set_multi_pv(number),
                    _ => return Err(ClientError::UnknownOption(name.to_owned())),
                }
                Ok(())
            }
            Worker::Uci(client) => client.set_option(name, Some(value)),
        }
    }

    /// Asks for `lines` best lines (`MultiPV` of a UCI engine).
    ///
    /// # Errors
    ///
    /// [`ClientError`] when the engine has no `MultiPV` option (and more than one line is
    /// asked for) or does not answer.
    pub fn set_multi_pv(&mut self, lines: usize) -> Result<(), ClientError> {
        if lines <= 1 && !self.has_option("MultiPV") {
            return Ok(());
        }
        self.set_option("MultiPV", &lines.to_string())
    }

    /// Searches on `threads` threads (`Threads` of a UCI engine).
    ///
    /// # Errors
    ///
    /// [`ClientError`] when a UCI engine has no `Threads` option (and more than one thread is
    /// asked for) or does not answer.
    pub fn set_threads(&mut self, threads: usize) -> Result<(), ClientError> {
        if threads <= 1 && !self.has_option("Threads") {
            return Ok(());
        }
        self.set_option("Threads", &threads.to_string())
    }

    /// Tells the engine that the next positions come from another game (its hash table and
    /// history are cleared).
    ///
    /// # Errors
    ///
    /// [`ClientError`] when a UCI engine does not answer.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        match &mut self.worker {
            Worker::Builtin(searcher) => {
                searcher.clear();
                Ok(())
            }
            Worker::Uci(client) => client.new_game(),
        }
    }

    /// Analyses the position of `history` (a [`Game`](chess_rules::Game), a lone
    /// [`Position`], or a [`History`]) within `limits`, or until `control` is stopped;
    /// `on_info` hears of every line the engine reports as it goes. The earlier positions
    /// count for repetitions. The book is not consulted. The move the engine would play is
    /// [`Analysis::best_move`].
    ///
    /// # Errors
    ///
    /// [`ClientError`] when a UCI engine fails.
    pub fn analyse<'h>(
        &mut self,
        history: impl Into<History<'h>>,
        limits: &Limits,
        control: &Control,
        mut on_info: impl FnMut(&Info),
    ) -> Result<Analysis, ClientError> {
        let history = history.into();
        let mut lines = Lines::new(self.is_builtin());
        let (best, totals) = match &mut self.worker {
            Worker::Builtin(searcher) => {
                let pos = history.position();
                let earlier = history.earlier_hashes();
                let result = searcher.search(&pos, &earlier, limits, control, |info| {
                    let info = Info::from(info);
                    on_info(&info);
                    lines.keep(&info);
                });
                let totals = Totals {
                    nodes: result.nodes,
                    time: result.time,
                    depth: result.depth,
                    seldepth: result.seldepth,
                };
                (result.best_move, Some(totals))
            }
            Worker::Uci(client) => {
                let (start, moves) = history.uci_position();
                client.set_position(start, moves)?;
                let turn = history.position().turn();
                let answer = go_until_stopped(client, turn, limits, control, |info| {
                    on_info(info);
                    lines.keep(info);
                })?;
                (answer.best, None)
            }
        };
        Ok(lines.into_analysis(best, totals))
    }

    /// The move to play in the position of `history`: a move drawn by weight from the book
    /// while the position is in it (unless the search is one that waits to be stopped,
    /// `infinite` or `ponder`, or the limits' `search_moves` leave the move out), else the
    /// engine's, found within `limits` or when `control` is stopped, with what it thought
    /// ([`Player::analyse`]). The built-in engine's weaker levels do not always play their
    /// best line's first move; its seed and the book's draws replay from the spec's seed.
    ///
    /// # Errors
    ///
    /// [`PlayerError::NoMove`] when the position has no legal move, or the UCI engine's
    /// error.
    pub fn play<'h>(
        &mut self,
        history: impl Into<History<'h>>,
        limits: &Limits,
        control: &Control,
        on_info: impl FnMut(&Info),
    ) -> Result<Played, PlayerError> {
        let history = history.into();
        if let Some(choice) = self.book_move(&history.position(), limits) {
            return Ok(Played {
                m: choice.entry.m,
                book: Some(choice),
                analysis: Analysis::default(),
            });
        }
        let analysis = self.analyse(history, limits, control, on_info)?;
        let m = analysis.best.ok_or(PlayerError::NoMove)?;
        Ok(Played {
            m,
            book: None,
            analysis,
        })
    }

    /// A move drawn from the book for `pos`, if the book has one the limits allow.
    fn book_move(&mut self, pos: &Position, limits: &Limits) -> Option<BookChoice> {
        let book = self.book.as_ref()?;
        if limits.infinite || limits.ponder {
            return None;
        }
        let entry = book.weighted_choice(pos, self.rng.next_u64())?;
        let allowed = limits.search_moves.is_empty() || limits.search_moves.contains(&entry.m);
        let total = book.moves(pos).iter().map(|m| u64::from(m.weight)).sum();
        allowed.then_some(BookChoice { entry, total })
    }

    /// Ends a UCI engine's process (`quit`); nothing for the built-in engine.
    ///
    /// # Errors
    ///
    /// [`ClientError`] when the process does not end in time (it is killed).
    pub fn quit(self) -> Result<(), ClientError> {
        match self.worker {
            Worker::Builtin(_) => Ok(()),
            Worker::Uci(client) => client.quit(),
        }
    }
}

/// The book at `path`, if any.
fn open_book(path: Option<&PathBuf>) -> Result<Option<Book>, PlayerError> {
    path.map(|path| {
        Book::open(path).map_err(|error| PlayerError::Book {
            path: path.clone(),
            error,
        })
    })
    .transpose()
}

/// The value of the built-in engine's option `name`: a positive number.
fn builtin_number(name: &str, value: &str) -> Result<usize, ClientError> {
    value
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| ClientError::UnknownOption(format!("{name}={value}")))
}

/// The built-in search `spec` sets up: its table of the size of its `Hash` option, its
/// level, seed and tables (its other options come after).
fn builtin_searcher(spec: &PlayerSpec) -> Result<Searcher, PlayerError> {
    let hash = match spec
        .options
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("Hash"))
    {
        Some((name, value)) => builtin_number(name, value)?,
        None => DEFAULT_HASH_MB,
    };
    // Made once, at its size (a table that cannot be had is the smallest, as for a search
    // made by `Searcher::with_hash`).
    let mut searcher = Searcher::with_hash(hash);
    if let Some(level) = spec.level {
        searcher.set_level(level);
    }
    if let Some(seed) = spec.seed {
        searcher.set_seed(seed);
    }
    #[cfg(feature = "syzygy")]
    searcher.set_tablebases(chess_engine::TablebaseSettings {
        tables: open_tablebases(&spec.syzygy)?,
        ..chess_engine::TablebaseSettings::default()
    });
    #[cfg(not(feature = "syzygy"))]
    if !spec.syzygy.is_empty() {
        return Err(PlayerError::Unsupported {
            setting: "syzygy",
            why: "this build has no tablebases (chess-lab's feature syzygy)",
        });
    }
    Ok(searcher)
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use chess_engine::Score;
    use chess_notation::polyglot::{Entry, encode_move};
    use chess_notation::uci;
    use chess_rules::{Game, Move};
    use chess_testdata::TempDir;

    use super::*;

    /// Plays `moves` (UCI) from the standard start.
    fn game(moves: &[&str]) -> Game {
        let mut game = Game::standard();
        for text in moves {
            game.play(uci::parse(game.position(), text).unwrap())
                .unwrap();
        }
        game
    }

    /// A book of the start position: 1. e4 (weight 3) and 1. d4 (weight 1).
    fn start_book(dir: &TempDir) -> PathBuf {
        let start = Position::standard();
        let mut entries: Vec<Entry> = [("e2e4", 3), ("d2d4", 1)]
            .iter()
            .map(|&(text, weight)| Entry {
                key: start.zobrist_hash(),
                raw_move: encode_move(uci::parse(&start, text).unwrap()),
                weight,
                learn: 0,
            })
            .collect();
        entries.sort_by_key(|e| e.key);
        let bytes: Vec<u8> = entries.iter().flat_map(|e| e.to_bytes()).collect();
        dir.write("start.bin", bytes)
    }

    /// Stops `control` after `after`, from another thread.
    fn stop_after(control: &Control, after: Duration) {
        let control = control.clone();
        std::thread::spawn(move || {
            std::thread::sleep(after);
            control.stop();
        });
    }

    #[test]
    fn the_builtin_player_takes_the_options_of_a_search() {
        let spec: PlayerSpec = "builtin,option.Hash=2,option.MultiPV=2".parse().unwrap();
        let mut player = Player::start(&spec).unwrap();
        assert_eq!(player.name(), ENGINE_NAME);
        let analysis = player
            .analyse(
                &Position::standard(),
                &Limits::depth(4),
                &Control::new(),
                |_| {},
            )
            .unwrap();
        assert_eq!(analysis.lines.len(), 2);
        let unknown: PlayerSpec = "builtin,option.Contempt=20".parse().unwrap();
        assert!(matches!(
            Player::start(&unknown),
            Err(PlayerError::Client(ClientError::UnknownOption(name))) if name == "Contempt"
        ));
    }

    #[test]
    fn builtin_analysis_keeps_every_line_of_the_last_iteration() {
        let mut player = Player::builtin(Searcher::with_hash(4));
        player.set_multi_pv(3).unwrap();
        let mut reported = 0;
        let analysis = player
            .analyse(
                &Position::standard(),
                &Limits::depth(5),
                &Control::new(),
                |_| {
                    reported += 1;
                },
            )
            .unwrap();
        assert_eq!(reported, 15);
        assert_eq!(analysis.lines.len(), 3);
        for (i, line) in analysis.lines.iter().enumerate() {
            assert_eq!(line.multipv, Some(i as u32 + 1));
            assert_eq!(line.depth, Some(5));
        }
        assert_eq!(analysis.best_move(), Some(analysis.lines[0].pv[0]));
        assert!(analysis.lines[0].score >= analysis.lines[1].score);
        // The totals are the whole search's, at least what the last line counted.
        assert!(analysis.nodes >= analysis.lines[0].nodes);
        assert!(analysis.time.is_some());
        assert_eq!(analysis.depth, Some(5));
        assert!(analysis.seldepth >= Some(5));
    }

    #[test]
    fn earlier_positions_count_for_repetitions() {
        // After 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1, black's Ng8 brings the start back a
        // third time: a draw, which the search sees only with the game's earlier positions.
        // White has no queen, so that without them the score is far from a draw's, whatever
        // the evaluation makes of the position.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        let start = chess_notation::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position_auto()
            .unwrap();
        let mut game = Game::new(start);
        for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            game.play(uci::parse(game.position(), text).unwrap())
                .unwrap();
        }
        let back = uci::parse(game.position(), "f6g8").unwrap();
        let limits = Limits {
            depth: Some(2),
            search_moves: vec![back],
            ..Limits::default()
        };
        // A draw by rule scores a centipawn either side of even (the search's draw jitter).
        let draw = |score| matches!(score, Some(Score::Cp(-1..=1)));
        let mut player = Player::builtin(Searcher::with_hash(4));
        let with_moves = player
            .analyse(&game, &limits, &Control::new(), |_| {})
            .unwrap();
        assert!(draw(with_moves.score()), "{:?}", with_moves.score());
        let hashes: Vec<u64> = game.history().iter().map(Position::zobrist_hash).collect();
        let history = History::Hashes {
            position: game.position(),
            earlier: &hashes,
        };
        player.new_game().unwrap();
        let with_hashes = player
            .analyse(history, &limits, &Control::new(), |_| {})
            .unwrap();
        assert!(draw(with_hashes.score()), "{:?}", with_hashes.score());
        player.new_game().unwrap();
        let alone = player
            .analyse(game.position(), &limits, &Control::new(), |_| {})
            .unwrap();
        assert!(!draw(alone.score()), "{:?}", alone.score());
    }

    #[test]
    fn a_builtin_search_stopped_from_another_thread_returns_a_move_at_once() {
        let mut player = Player::start(&"builtin,option.Hash=4".parse().unwrap()).unwrap();
        let game = game(&["e2e4", "e7e5"]);
        let control = Control::new();
        let started = Instant::now();
        stop_after(&control, Duration::from_millis(200));
        let played = player
            .play(&game, &Limits::infinite(), &control, |_| {})
            .unwrap();
        let took = started.elapsed();
        assert!(took < Duration::from_secs(2), "stopped after {took:?}");
        assert!(game.position().is_legal(played.m));
        assert_eq!(played.book, None);
        assert!(!played.analysis.lines.is_empty());
        // Stopped before it starts: a legal move all the same.
        let stopped = Control::new();
        stopped.stop();
        let analysis = player
            .analyse(&game, &Limits::infinite(), &stopped, |_| {})
            .unwrap();
        assert!(analysis.best.is_some_and(|m| game.position().is_legal(m)));
    }

    #[test]
    fn stockfish_stopped_from_another_thread_returns_a_move_at_once() {
        let Some(stockfish) = chess_testdata::stockfish_or_skip() else {
            return;
        };
        let mut spec = PlayerSpec::program(stockfish);
        spec.set_option("Threads", "1");
        spec.set_option("Hash", "16");
        let mut player = Player::start(&spec).unwrap();
        assert!(player.name().starts_with("Stockfish"), "{}", player.name());
        let game = game(&["e2e4", "e7e5", "g1f3"]);
        for search in ["play", "analyse"] {
            let control = Control::new();
            let started = Instant::now();
            stop_after(&control, Duration::from_millis(300));
            let m = if search == "play" {
                Some(
                    player
                        .play(&game, &Limits::infinite(), &control, |_| {})
                        .unwrap()
                        .m,
                )
            } else {
                player
                    .analyse(&game, &Limits::infinite(), &control, |_| {})
                    .unwrap()
                    .best
            };
            let took = started.elapsed();
            assert!(
                took < Duration::from_secs(3),
                "{search}: stopped after {took:?}"
            );
            assert!(
                m.is_some_and(|m| game.position().is_legal(m)),
                "{search}: {m:?}"
            );
        }
        player.quit().unwrap();
    }

    #[test]
    fn play_takes_the_book_first_then_searches() {
        let dir = TempDir::new("lab-player-book");
        let mut spec = PlayerSpec::builtin();
        spec.set_option("Hash", "4");
        spec.book = Some(start_book(&dir));
        let mut player = Player::start(&spec).unwrap();
        assert!(player.has_book());
        let limits = Limits::depth(3);
        let start = Game::standard();
        let played = player
            .play(&start, &limits, &Control::new(), |_| {
                panic!("a book move is not searched")
            })
            .unwrap();
        let choice = played.book.expect("the start is in the book");
        assert_eq!(choice.entry.m, played.m);
        assert_eq!(choice.total, 4);
        assert!(["e2e4", "d2d4"].contains(&uci::format(start.position(), played.m).as_str()));
        assert_eq!(played.is_best(), None);
        // Out of the book, the engine's move and its lines.
        let after = game(&["e2e4"]);
        let played = player
            .play(&after, &limits, &Control::new(), |_| {})
            .unwrap();
        assert_eq!(played.book, None);
        assert_eq!(played.analysis.lines[0].depth, Some(3));
        assert_eq!(played.is_best(), Some(true));
        // A move the limits leave out is not played from the book, nor is one for a search
        // that waits to be stopped.
        let c4 = uci::parse(start.position(), "c2c4").unwrap();
        let only_c4 = Limits {
            search_moves: vec![c4],
            ..Limits::depth(2)
        };
        for _ in 0..4 {
            let played = player
                .play(&start, &only_c4, &Control::new(), |_| {})
                .unwrap();
            assert_eq!((played.m, played.book), (c4, None));
        }
        let control = Control::new();
        control.stop();
        let played = player
            .play(&start, &Limits::infinite(), &control, |_| {})
            .unwrap();
        assert_eq!(played.book, None);

        // A file that is no book is refused, naming it.
        let bad = dir.write("bad.bin", "0123456789");
        spec.book = Some(bad.clone());
        match Player::start(&spec) {
            Err(e @ PlayerError::Book { .. }) => {
                assert!(e.to_string().starts_with("not a polyglot book"), "{e}");
                assert!(matches!(e, PlayerError::Book { path, .. } if path == bad));
            }
            other => panic!("{other:?}"),
        }
    }

    /// The moves a player `spec` plays: its book's draws from the start, then the engine's
    /// along a fixed line.
    fn moves_of(spec: &PlayerSpec) -> Vec<Move> {
        let mut player = Player::start(spec).unwrap();
        let mut moves = Vec::new();
        for _ in 0..12 {
            let played = player
                .play(
                    &Game::standard(),
                    &Limits::depth(1),
                    &Control::new(),
                    |_| {},
                )
                .unwrap();
            moves.push(played.m);
        }
        let line = [
            "e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "d2d3", "f8c5",
        ];
        for plies in 1..=line.len() {
            let game = game(&line[..plies]);
            let played = player
                .play(&game, &Limits::depth(4), &Control::new(), |_| {})
                .unwrap();
            moves.push(played.m);
        }
        moves
    }

    #[test]
    fn a_seed_replays_the_book_draws_and_the_weaker_levels_choices() {
        let dir = TempDir::new("lab-player-seed");
        let book = start_book(&dir);
        let spec = |seed: u64| -> PlayerSpec {
            format!(
                "builtin,option.Hash=2,level=1,book={},seed={seed}",
                book.display()
            )
            .parse()
            .unwrap()
        };
        let sessions: Vec<Vec<Move>> = (1..=4).map(|seed| moves_of(&spec(seed))).collect();
        assert_eq!(moves_of(&spec(1)), sessions[0]);
        assert_eq!(moves_of(&spec(4)), sessions[3]);
        // The book's draws follow the weights, and the seeds vary them and the level's picks.
        let start = Position::standard();
        let e4 = uci::parse(&start, "e2e4").unwrap();
        let d4 = uci::parse(&start, "d2d4").unwrap();
        assert!(sessions[0][..12].contains(&e4) && sessions[0][..12].contains(&d4));
        assert!(sessions.windows(2).any(|w| w[0][..12] != w[1][..12]));
        assert!(sessions.windows(2).any(|w| w[0][12..] != w[1][12..]));
        // Without a seed, the choices replay from a fixed one.
        let unseeded = |()| {
            let mut spec = spec(0);
            spec.seed = None;
            moves_of(&spec)
        };
        assert_eq!(unseeded(()), unseeded(()));
    }

    #[test]
    fn settings_a_player_cannot_honour_are_refused_before_it_starts() {
        // A UCI engine has no level: refused before the program is looked for.
        let mut spec = PlayerSpec::program("/nonexistent/engine");
        spec.level = Some(Level::MIN);
        assert!(matches!(
            Player::start(&spec),
            Err(PlayerError::Unsupported {
                setting: "level",
                ..
            })
        ));
        spec.level = None;
        assert!(matches!(
            Player::start(&spec),
            Err(PlayerError::Client(ClientError::Spawn(_)))
        ));
    }

    #[test]
    #[cfg(feature = "syzygy")]
    fn tables_that_are_not_there_are_said_at_once() {
        let empty = TempDir::new("lab-player-no-tables");
        let mut spec = PlayerSpec::builtin();
        spec.syzygy = vec![empty.path().to_path_buf()];
        let e = Player::start(&spec).unwrap_err();
        assert!(
            matches!(&e, PlayerError::NoTables { dirs } if dirs == &spec.syzygy),
            "{e:?}"
        );
        spec.syzygy = vec![empty.join("missing")];
        assert!(matches!(
            Player::start(&spec),
            Err(PlayerError::Tablebases { .. })
        ));
    }

    #[test]
    #[cfg(feature = "syzygy")]
    fn the_builtin_player_probes_its_tables() {
        let Some(tables) = chess_testdata::file(chess_testdata::SYZYGY_DIR) else {
            return;
        };
        let spec: PlayerSpec = format!("builtin,option.Hash=2,syzygy={}", tables.display())
            .parse()
            .unwrap();
        let mut player = Player::start(&spec).unwrap();
        // King and rook against king: a win the tables know at depth 1.
        let pos = chess_notation::fen::Fen::from_ascii(b"8/8/8/4k3/8/8/8/R3K3 w - - 0 1")
            .unwrap()
            .into_position_auto()
            .unwrap();
        let analysis = player
            .analyse(&pos, &Limits::depth(1), &Control::new(), |_| {})
            .unwrap();
        let info = &analysis.lines[0];
        assert!(info.tbhits.is_some_and(|n| n > 0), "{info:?}");
    }
}
