//! The UCI server: reads commands from a GUI and answers, searching on a thread of its own so
//! that commands (`stop`, `isready`, `ponderhit`, `quit`) are read and answered while it
//! thinks.

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use chess_notation::polyglot::{Book, BookMove};
use chess_notation::{Fen, uci};
use chess_rules::Position;

use crate::nnue::Network;

use super::protocol::{BestMove, Command, Divide, EngineOption, Info, PositionCommand, parse_go};
#[cfg(feature = "syzygy")]
use crate::Tablebase;
use crate::{
    Control, Level, Limits, MAX_HASH_MB, MAX_THREADS, Rng, Searcher, TablebaseSettings, random_seed,
};

/// The name the engine gives in `id name` (the crate's one [`crate::ENGINE_NAME`]).
pub use crate::ENGINE_NAME;
/// The author the engine gives in `id author`.
pub const ENGINE_AUTHOR: &str = "the chess workspace developers";

const DEFAULT_HASH_MB: usize = crate::DEFAULT_HASH_MB;
const DEFAULT_OVERHEAD_MS: u64 = 30;
const MAX_OVERHEAD_MS: u64 = 5000;
const MAX_MULTI_PV: usize = 256;
/// The value of `EvalFile` that names the network built into the engine.
const BUILT_IN_NETWORK: &str = "<built-in>";
/// The deepest `go perft` (deeper counts would take days).
const MAX_PERFT_DEPTH: u32 = 15;

/// Runs the UCI protocol: reads commands from `input` until `quit` or the end of the input,
/// writing answers to `output` (flushed after every line).
///
/// Searches run on their own thread, so `stop`, `isready`, `ponderhit` and `quit` are answered
/// during a search; `stop` and `quit` return once the search has printed its `bestmove`.
/// Unknown commands and malformed arguments are reported as `info string` and otherwise
/// ignored; nothing the GUI sends makes the server panic.
///
/// The random choices of a reduced `Skill Level` are seeded from [`random_seed`] when the server
/// starts, so that two sessions at the same level do not play the same games (a [`Searcher`] on
/// its own starts from a fixed seed).
///
/// ```
/// use std::io::Cursor;
///
/// let commands = "uci\nisready\nposition startpos moves e2e4\ngo depth 3\nquit\n";
/// // Prints the identification, the options, uciok, readyok, info lines and a bestmove.
/// chess_engine::uci::run(Cursor::new(commands), std::io::stdout())?;
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn run<R: BufRead, W: Write + Send + 'static>(input: R, output: W) -> io::Result<()> {
    run_with_options(input, output, &[])
}

/// [`run`], with `options` set first, as if the GUI had sent `setoption name <name> value
/// <value>` for each (how a command line hands settings such as `BookFile` to the server).
/// A GUI may still change them.
///
/// ```
/// use std::io::Cursor;
///
/// let commands = "uci\nposition startpos\ngo depth 4\nquit\n";
/// // Two lines of analysis at each depth.
/// let options = [("MultiPV", "2")];
/// chess_engine::uci::run_with_options(Cursor::new(commands), std::io::stdout(), &options)?;
/// # Ok::<_, std::io::Error>(())
/// ```
pub fn run_with_options<R: BufRead, W: Write + Send + 'static>(
    mut input: R,
    output: W,
    options: &[(&str, &str)],
) -> io::Result<()> {
    let mut server = Server::new(Output(Arc::new(Mutex::new(output))));
    for (name, value) in options {
        server.apply_option(name, value)?;
    }
    let mut buf = Vec::new();
    loop {
        buf.clear();
        if input.read_until(b'\n', &mut buf)? == 0 {
            break;
        }
        let line = String::from_utf8_lossy(&buf);
        if server.handle(&line)? == Flow::Quit {
            break;
        }
    }
    server.stop_search();
    Ok(())
}

/// The shared, line-flushed output.
struct Output<W>(Arc<Mutex<W>>);

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output(Arc::clone(&self.0))
    }
}

impl<W: Write> Output<W> {
    fn line(&self, text: &str) -> io::Result<()> {
        let mut w = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        w.write_all(text.as_bytes())?;
        w.write_all(b"\n")?;
        w.flush()
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Flow {
    Continue,
    Quit,
}

/// The options a GUI can set.
#[derive(Clone, Debug)]
struct Options {
    hash_mb: usize,
    threads: usize,
    multi_pv: usize,
    skill: u8,
    move_overhead: Duration,
    chess960: bool,
    /// Play from the book when the position is in it (`OwnBook`).
    own_book: bool,
    /// The book of `BookFile`, loaded when the option is set.
    book: Option<Arc<Book>>,
    /// The tablebases of `SyzygyPath` and the other `Syzygy*` options.
    tablebases: TablebaseSettings,
    /// Evaluate with a network (`UseNNUE`), else with the classical evaluation.
    use_nnue: bool,
    /// The network of `EvalFile`, or the built-in one.
    network: Arc<Network>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multi_pv: 1,
            skill: 20,
            move_overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            chess960: false,
            own_book: false,
            book: None,
            tablebases: TablebaseSettings::default(),
            use_nnue: true,
            network: Network::default_network(),
        }
    }
}

/// A search running on its thread, which gives the searcher back when it ends.
struct Running {
    control: Control,
    handle: JoinHandle<Searcher>,
}

struct Server<W> {
    out: Output<W>,
    position: Position,
    /// Hashes of the positions before `position`, oldest first.
    history: Vec<u64>,
    options: Options,
    /// The searcher, when no search owns it.
    searcher: Option<Searcher>,
    running: Option<Running>,
    /// A new game was announced while a search ran: clear the tables before the next one.
    clear_pending: bool,
    debug: bool,
    /// Draws the book moves.
    rng: Rng,
}

impl<W: Write + Send + 'static> Server<W> {
    fn new(out: Output<W>) -> Server<W> {
        Server {
            out,
            position: Position::standard(),
            history: Vec::new(),
            options: Options::default(),
            searcher: Some(seeded_searcher(DEFAULT_HASH_MB)),
            running: None,
            clear_pending: false,
            debug: false,
            rng: Rng::new(random_seed()),
        }
    }

    fn info_string(&self, text: &str) -> io::Result<()> {
        self.out.line(&format!("info string {text}"))
    }

    /// Handles one line. Unknown leading tokens are skipped, as the protocol asks ("joho debug
    /// on" turns debugging on).
    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let Some(command) = Command::parse(line) else {
            return Ok(Flow::Continue);
        };
        match command {
            Command::Uci => self.uci()?,
            Command::Debug(on) => self.debug = on,
            Command::IsReady => self.out.line("readyok")?,
            Command::SetOption { name, value } => self.apply_option(&name, &value)?,
            Command::Register => {}
            Command::UciNewGame => self.new_game(),
            Command::Position(command) => self.set_position(&command)?,
            Command::Go(args) => {
                let args: Vec<&str> = args.iter().map(String::as_str).collect();
                self.go(&args)?;
            }
            Command::Stop => self.stop_search(),
            Command::PonderHit => self.ponderhit(),
            Command::Display => {
                self.info_string(&Fen::from_position(&self.position).to_string())?;
            }
            Command::Quit => return Ok(Flow::Quit),
            Command::Unknown(words) => self.info_string(&format!("unknown command: {words}"))?,
        }
        Ok(Flow::Continue)
    }

    fn uci(&self) -> io::Result<()> {
        let o = Options::default();
        let spin = |name: &str, default: i64, min: i64, max: i64| EngineOption {
            name: name.to_owned(),
            kind: "spin".to_owned(),
            default: Some(default.to_string()),
            min: Some(min),
            max: Some(max),
            vars: Vec::new(),
        };
        let of_kind = |name: &str, kind: &str, default: Option<&str>| EngineOption {
            name: name.to_owned(),
            kind: kind.to_owned(),
            default: default.map(str::to_owned),
            ..EngineOption::default()
        };
        let max = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        self.out.line(&format!("id name {ENGINE_NAME}"))?;
        self.out.line(&format!("id author {ENGINE_AUTHOR}"))?;
        for option in [
            spin("Hash", max(o.hash_mb), 1, max(MAX_HASH_MB)),
            of_kind("Clear Hash", "button", None),
            spin("Threads", 1, 1, max(MAX_THREADS)),
            spin("MultiPV", 1, 1, max(MAX_MULTI_PV)),
            spin("Skill Level", 20, 0, 20),
            spin(
                "Move Overhead",
                max(DEFAULT_OVERHEAD_MS as usize),
                0,
                max(MAX_OVERHEAD_MS as usize),
            ),
            of_kind("Ponder", "check", Some("false")),
            of_kind("UCI_Chess960", "check", Some("false")),
            of_kind("OwnBook", "check", Some("false")),
            of_kind("BookFile", "string", Some("<empty>")),
            of_kind("UseNNUE", "check", Some("true")),
            of_kind("EvalFile", "string", Some(BUILT_IN_NETWORK)),
        ]
        .into_iter()
        .chain(syzygy_options(&o.tablebases))
        {
            self.out.line(&option.to_line())?;
        }
        self.out.line("uciok")
    }

    /// The searcher if no search holds it (taking it back from a search that has ended).
    fn idle_searcher(&mut self) -> Option<&mut Searcher> {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            self.stop_search();
        }
        if self.running.is_some() {
            None
        } else {
            self.searcher.as_mut()
        }
    }

    /// Stops the running search, if any, and waits for its `bestmove`.
    fn stop_search(&mut self) {
        if let Some(running) = self.running.take() {
            running.control.stop();
            running.handle.thread().unpark();
            // A search thread that panicked has already answered with a fallback move; start
            // again with a fresh searcher.
            let searcher = running
                .handle
                .join()
                .unwrap_or_else(|_| seeded_searcher(self.options.hash_mb));
            self.searcher = Some(searcher);
        }
    }

    fn ponderhit(&mut self) {
        if let Some(running) = &self.running {
            running.control.ponderhit();
            running.handle.thread().unpark();
        }
    }

    fn new_game(&mut self) {
        match self.idle_searcher() {
            Some(searcher) => searcher.clear(),
            None => self.clear_pending = true,
        }
    }

    /// Sets the option `name` (any case) to `value`.
    fn apply_option(&mut self, name: &str, value: &str) -> io::Result<()> {
        let (name, value) = (name.to_owned(), value.to_owned());
        let number = || value.parse::<i64>().ok();
        match name.to_ascii_lowercase().as_str() {
            "hash" => match number() {
                Some(mb) => {
                    let mb = mb.clamp(1, MAX_HASH_MB as i64) as usize;
                    self.options.hash_mb = mb;
                    if let Some(searcher) = self.idle_searcher() {
                        if searcher.set_hash_size(mb).is_err() {
                            self.info_string(&format!(
                                "cannot allocate {mb} MB for the hash table"
                            ))?;
                        }
                    }
                }
                None => self.bad_value(&name, &value)?,
            },
            "clear hash" => self.new_game(),
            "threads" => match number() {
                Some(n) => self.options.threads = n.clamp(1, MAX_THREADS as i64) as usize,
                None => self.bad_value(&name, &value)?,
            },
            "multipv" => match number() {
                Some(n) => self.options.multi_pv = n.clamp(1, MAX_MULTI_PV as i64) as usize,
                None => self.bad_value(&name, &value)?,
            },
            "skill level" => match number() {
                Some(n) => self.options.skill = n.clamp(0, 20) as u8,
                None => self.bad_value(&name, &value)?,
            },
            "move overhead" => match number() {
                Some(n) => {
                    let ms = n.clamp(0, MAX_OVERHEAD_MS as i64) as u64;
                    self.options.move_overhead = Duration::from_millis(ms);
                }
                None => self.bad_value(&name, &value)?,
            },
            "uci_chess960" => match parse_bool(&value) {
                Some(b) => self.options.chess960 = b,
                None => self.bad_value(&name, &value)?,
            },
            "ponder" => {
                if parse_bool(&value).is_none() {
                    self.bad_value(&name, &value)?;
                }
            }
            "ownbook" => match parse_bool(&value) {
                Some(b) => self.options.own_book = b,
                None => self.bad_value(&name, &value)?,
            },
            #[cfg(feature = "syzygy")]
            "syzygypath" => {
                self.options.tablebases.tables = None;
                if !value.is_empty() && value != "<empty>" {
                    let separator = if cfg!(windows) { ';' } else { ':' };
                    let mut tables = Tablebase::new();
                    let mut found = 0;
                    for dir in value.split(separator).filter(|d| !d.is_empty()) {
                        match tables.add_directory(dir) {
                            Ok(n) => found += n,
                            Err(e) => self.info_string(&format!("SyzygyPath {dir}: {e}"))?,
                        }
                    }
                    let noun = if found == 1 {
                        "tablebase"
                    } else {
                        "tablebases"
                    };
                    self.info_string(&format!("found {found} {noun}"))?;
                    self.options.tablebases.tables = Some(Arc::new(tables));
                }
            }
            #[cfg(feature = "syzygy")]
            "syzygyprobedepth" => match number() {
                Some(n) => self.options.tablebases.probe_depth = n.clamp(1, 100) as i32,
                None => self.bad_value(&name, &value)?,
            },
            #[cfg(feature = "syzygy")]
            "syzygyprobelimit" => match number() {
                Some(n) => self.options.tablebases.probe_limit = n.clamp(0, 7) as usize,
                None => self.bad_value(&name, &value)?,
            },
            #[cfg(feature = "syzygy")]
            "syzygy50moverule" => match parse_bool(&value) {
                Some(b) => self.options.tablebases.rule50 = b,
                None => self.bad_value(&name, &value)?,
            },
            "usennue" => match parse_bool(&value) {
                Some(b) => self.options.use_nnue = b,
                None => self.bad_value(&name, &value)?,
            },
            "evalfile" => {
                if value.is_empty() || value == BUILT_IN_NETWORK {
                    self.options.network = Network::default_network();
                } else {
                    match std::fs::read(&value)
                        .map_err(|e| e.to_string())
                        .and_then(|bytes| Network::from_bytes(&bytes).map_err(|e| e.to_string()))
                    {
                        Ok(network) => self.options.network = Arc::new(network),
                        Err(e) => self.info_string(&format!("EvalFile {value}: {e}"))?,
                    }
                }
            }
            "bookfile" => {
                self.options.book = None;
                if !value.is_empty() && value != "<empty>" {
                    match Book::open(&value) {
                        Ok(book) => self.options.book = Some(Arc::new(book)),
                        Err(e) => self.info_string(&format!("BookFile {value}: {e}"))?,
                    }
                }
            }
            // Not declared: the engine plays standard chess and Chess960 only, and says so
            // to a GUI that asks for a variant (the games stay standard chess).
            "uci_variant" if !value.eq_ignore_ascii_case("chess") => self.info_string(&format!(
                "UCI_Variant {value}: this engine plays standard chess and Chess960 only"
            ))?,
            "uci_variant" => {}
            _ => self.info_string(&format!("unknown option: {name}"))?,
        }
        Ok(())
    }

    fn bad_value(&self, name: &str, value: &str) -> io::Result<()> {
        self.info_string(&format!("invalid value for option {name}: {value:?}"))
    }

    /// `position startpos|fen <fen> [moves <move>...]`. An invalid FEN leaves the position as
    /// it was; an illegal move ends the list there.
    fn set_position(&mut self, command: &PositionCommand) -> io::Result<()> {
        match command.apply(self.options.chess960) {
            Ok(set) => {
                if let Some((text, e)) = &set.ignored {
                    self.info_string(&format!("ignoring moves from {text}: {e}"))?;
                }
                self.position = set.position;
                self.history = set.history;
                Ok(())
            }
            Err(e) => self.info_string(&e.to_string()),
        }
    }

    fn go(&mut self, args: &[&str]) -> io::Result<()> {
        let started = Instant::now();
        self.stop_search();
        if args.first() == Some(&"perft") {
            return self.perft(args.get(1..).unwrap_or_default());
        }
        let (limits, problems) = parse_go(args, &self.position, started);
        for problem in problems {
            self.info_string(&problem)?;
        }
        if let Some(m) = self.book_move(&limits) {
            self.info_string(&format!(
                "book move {} (weight {} of {})",
                uci::format(&self.position, m.m),
                m.weight,
                self.book_weight()
            ))?;
            let answer = BestMove {
                best: Some(m.m),
                ponder: None,
                infos: Vec::new(),
            };
            return self.out.line(&answer.to_line(&self.position));
        }
        let mut searcher = self
            .searcher
            .take()
            .unwrap_or_else(|| seeded_searcher(self.options.hash_mb));
        if self.clear_pending {
            searcher.clear();
            self.clear_pending = false;
        }
        if searcher.hash_size() != self.options.hash_mb
            && searcher.set_hash_size(self.options.hash_mb).is_err()
        {
            self.info_string("cannot allocate the hash table; keeping the old size")?;
        }
        searcher.set_multi_pv(self.options.multi_pv);
        searcher.set_threads(self.options.threads);
        searcher.set_level(Level::from_skill(self.options.skill));
        searcher.set_move_overhead(self.options.move_overhead);
        searcher.set_tablebases(self.options.tablebases.clone());
        searcher.set_network(
            self.options
                .use_nnue
                .then(|| Arc::clone(&self.options.network)),
        );

        let control = Control::new();
        let job = Job {
            out: self.out.clone(),
            position: self.position.clone(),
            history: self.history.clone(),
            limits,
            control: control.clone(),
            debug: self.debug,
        };
        let spawned = thread::Builder::new()
            .name("search".to_owned())
            .spawn(move || job.run(searcher));
        match spawned {
            Ok(handle) => self.running = Some(Running { control, handle }),
            Err(e) => {
                self.info_string(&format!("cannot start the search thread: {e}"))?;
                self.out.line("bestmove (none)")?;
            }
        }
        Ok(())
    }
}

impl<W: Write + Send + 'static> Server<W> {
    /// The move to play from the book, when `OwnBook` is on, the position is in the book and
    /// the search is one that ends by itself (a GUI waiting for `stop` after `go infinite` or
    /// a ponder search gets a search). Drawn with probability proportional to the weights.
    fn book_move(&mut self, limits: &Limits) -> Option<BookMove> {
        let book = self
            .options
            .book
            .as_ref()
            .filter(|_| self.options.own_book)?;
        if limits.infinite || limits.ponder {
            return None;
        }
        let m = book.weighted_choice(&self.position, self.rng.next_u64())?;
        let allowed = limits.search_moves.is_empty() || limits.search_moves.contains(&m.m);
        allowed.then_some(m)
    }

    /// The total weight of the position's book moves.
    fn book_weight(&self) -> u64 {
        self.options.book.as_ref().map_or(0, |book| {
            book.moves(&self.position)
                .iter()
                .map(|m| u64::from(m.weight))
                .sum()
        })
    }

    /// `go perft <depth>`: the leaf counts below each move, in Stockfish's divide format, so
    /// that move generators can be compared with this one (as `chess perft --compare` does).
    /// Counted before the next command is read, as Stockfish does.
    fn perft(&self, args: &[&str]) -> io::Result<()> {
        let depth = match args {
            [depth] => depth.parse::<u32>().ok().filter(|&d| d <= MAX_PERFT_DEPTH),
            _ => None,
        };
        let Some(depth) = depth else {
            return self.info_string(&format!(
                "expected: go perft <depth>, the depth 0 to {MAX_PERFT_DEPTH}"
            ));
        };
        for line in Divide::of(&self.position, depth).to_string().lines() {
            self.out.line(line)?;
        }
        Ok(())
    }
}

/// What the search thread needs.
struct Job<W> {
    out: Output<W>,
    position: Position,
    history: Vec<u64>,
    limits: Limits,
    control: Control,
    debug: bool,
}

impl<W: Write + Send + 'static> Job<W> {
    /// Searches, waits for `stop` (or `ponderhit`) if the protocol says so, and answers with
    /// `bestmove`; gives the searcher back.
    fn run(self, mut searcher: Searcher) -> Searcher {
        let Job {
            out,
            position,
            history,
            limits,
            control,
            debug,
        } = self;
        let searched = catch_unwind(AssertUnwindSafe(|| {
            searcher.search(&position, &history, &limits, &control, |info| {
                // A GUI that went away cannot be told; the search ends at the next stop.
                let _ = out.line(&Info::from(info).to_line(&position));
            })
        }));
        // In infinite and ponder mode, bestmove may only come after stop (or ponderhit).
        while (limits.infinite || (limits.ponder && !control.is_ponderhit()))
            && !control.is_stopped()
        {
            thread::park_timeout(Duration::from_millis(100));
        }
        let answer = match searched {
            Ok(result) => {
                if result.best_move.is_none() {
                    let _ = out.line(&format!("info depth 0 score {}", result.score));
                }
                BestMove {
                    best: result.best_move,
                    ponder: result.ponder,
                    infos: Vec::new(),
                }
                .to_line(&position)
            }
            Err(_) => {
                // A bug must not leave the GUI waiting: answer with some legal move.
                searcher = seeded_searcher(DEFAULT_HASH_MB);
                let fallback = position.legal_moves().first().copied();
                if debug {
                    let _ = out.line("info string search failed; playing the first legal move");
                }
                BestMove {
                    best: fallback,
                    ponder: None,
                    infos: Vec::new(),
                }
                .to_line(&position)
            }
        };
        let _ = out.line(&answer);
        searcher
    }
}

/// The `Syzygy*` options Stockfish declares, with the defaults of `settings`.
#[cfg(feature = "syzygy")]
fn syzygy_options(settings: &TablebaseSettings) -> Vec<EngineOption> {
    let spin = |name: &str, default: i64, min: i64, max: i64| EngineOption {
        name: name.to_owned(),
        kind: "spin".to_owned(),
        default: Some(default.to_string()),
        min: Some(min),
        max: Some(max),
        vars: Vec::new(),
    };
    let of_kind = |name: &str, kind: &str, default: &str| EngineOption {
        name: name.to_owned(),
        kind: kind.to_owned(),
        default: Some(default.to_owned()),
        ..EngineOption::default()
    };
    vec![
        of_kind("SyzygyPath", "string", "<empty>"),
        spin("SyzygyProbeDepth", i64::from(settings.probe_depth), 1, 100),
        of_kind("Syzygy50MoveRule", "check", &settings.rule50.to_string()),
        spin("SyzygyProbeLimit", settings.probe_limit as i64, 0, 7),
    ]
}

/// Without the `syzygy` feature, no tablebase options.
#[cfg(not(feature = "syzygy"))]
fn syzygy_options(_settings: &TablebaseSettings) -> Vec<EngineOption> {
    Vec::new()
}

/// A searcher with an `mb` MB table whose weaker levels vary from session to session.
fn seeded_searcher(mb: usize) -> Searcher {
    let mut searcher = Searcher::with_hash(mb);
    searcher.set_seed(random_seed());
    searcher
}

fn parse_bool(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}
