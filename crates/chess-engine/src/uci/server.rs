//! The UCI server: reads commands from a GUI and answers, searching on a thread of its own so
//! that commands (`stop`, `isready`, `ponderhit`, `quit`) are read and answered while it
//! thinks.

use std::io::{self, BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use chess_notation::{Fen, uci};
use chess_rules::{Move, Position};

use crate::{Clock, Control, Level, Limits, MAX_HASH_MB, SearchInfo, Searcher, random_seed};

/// The name the engine gives in `id name`.
pub const ENGINE_NAME: &str = concat!("chess-engine ", env!("CARGO_PKG_VERSION"));
/// The author the engine gives in `id author`.
pub const ENGINE_AUTHOR: &str = "the chess workspace developers";

const DEFAULT_HASH_MB: usize = crate::DEFAULT_HASH_MB;
const DEFAULT_OVERHEAD_MS: u64 = 30;
const MAX_OVERHEAD_MS: u64 = 5000;
const MAX_MULTI_PV: usize = 256;

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
pub fn run<R: BufRead, W: Write + Send + 'static>(mut input: R, output: W) -> io::Result<()> {
    let mut server = Server::new(Output(Arc::new(Mutex::new(output))));
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
    multi_pv: usize,
    skill: u8,
    move_overhead: Duration,
    chess960: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            hash_mb: DEFAULT_HASH_MB,
            multi_pv: 1,
            skill: 20,
            move_overhead: Duration::from_millis(DEFAULT_OVERHEAD_MS),
            chess960: false,
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
        }
    }

    fn info_string(&self, text: &str) -> io::Result<()> {
        self.out.line(&format!("info string {text}"))
    }

    /// Handles one line. Unknown leading tokens are skipped, as the protocol asks ("joho debug
    /// on" turns debugging on).
    fn handle(&mut self, line: &str) -> io::Result<Flow> {
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let Some(at) = tokens.iter().position(|t| is_command(t)) else {
            if !tokens.is_empty() {
                self.info_string(&format!("unknown command: {}", tokens.join(" ")))?;
            }
            return Ok(Flow::Continue);
        };
        let args = &tokens[at + 1..];
        match tokens[at] {
            "uci" => self.uci()?,
            "debug" => self.debug = args.first() != Some(&"off"),
            "isready" => self.out.line("readyok")?,
            "setoption" => self.set_option(args)?,
            "register" => {}
            "ucinewgame" => self.new_game(),
            "position" => self.set_position(args)?,
            "go" => self.go(args)?,
            "stop" => self.stop_search(),
            "ponderhit" => self.ponderhit(),
            "d" => self.info_string(&Fen::from_position(&self.position).to_string())?,
            "quit" => return Ok(Flow::Quit),
            _ => {}
        }
        Ok(Flow::Continue)
    }

    fn uci(&self) -> io::Result<()> {
        let o = Options::default();
        for line in [
            format!("id name {ENGINE_NAME}"),
            format!("id author {ENGINE_AUTHOR}"),
            format!(
                "option name Hash type spin default {} min 1 max {MAX_HASH_MB}",
                o.hash_mb
            ),
            "option name Clear Hash type button".to_owned(),
            "option name Threads type spin default 1 min 1 max 1".to_owned(),
            format!("option name MultiPV type spin default 1 min 1 max {MAX_MULTI_PV}"),
            "option name Skill Level type spin default 20 min 0 max 20".to_owned(),
            format!(
                "option name Move Overhead type spin default {DEFAULT_OVERHEAD_MS} min 0 max {MAX_OVERHEAD_MS}"
            ),
            "option name Ponder type check default false".to_owned(),
            "option name UCI_Chess960 type check default false".to_owned(),
            "uciok".to_owned(),
        ] {
            self.out.line(&line)?;
        }
        Ok(())
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

    fn set_option(&mut self, args: &[&str]) -> io::Result<()> {
        let value_at = args.iter().position(|t| t.eq_ignore_ascii_case("value"));
        let name_end = value_at.unwrap_or(args.len());
        let name_start = match args.first() {
            Some(t) if t.eq_ignore_ascii_case("name") => 1,
            _ => 0,
        };
        let name = args.get(name_start..name_end).unwrap_or_default().join(" ");
        let value = value_at
            .and_then(|i| args.get(i + 1..))
            .unwrap_or_default()
            .join(" ");
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
            "threads" => {
                if number() != Some(1) {
                    self.info_string("only one thread is supported")?;
                }
            }
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
            _ => self.info_string(&format!("unknown option: {name}"))?,
        }
        Ok(())
    }

    fn bad_value(&self, name: &str, value: &str) -> io::Result<()> {
        self.info_string(&format!("invalid value for option {name}: {value:?}"))
    }

    /// `position startpos|fen <fen> [moves <move>...]`. An invalid FEN leaves the position as
    /// it was; an illegal move ends the list there.
    fn set_position(&mut self, args: &[&str]) -> io::Result<()> {
        let moves_at = args
            .iter()
            .position(|&t| t == "moves")
            .unwrap_or(args.len());
        let (setup, moves) = args.split_at(moves_at);
        let moves = moves.get(1..).unwrap_or_default();
        let start = match setup.first().copied() {
            Some("startpos") => {
                if self.options.chess960 {
                    Position::chess960(518).unwrap_or_default()
                } else {
                    Position::standard()
                }
            }
            Some("fen") => {
                let text = setup[1..].join(" ");
                let parsed = text
                    .parse::<Fen>()
                    .map_err(|e| e.to_string())
                    .and_then(|fen| {
                        fen.into_position_for(self.options.chess960)
                            .map_err(|e| e.to_string())
                    });
                match parsed {
                    Ok(pos) => pos,
                    Err(e) => {
                        return self.info_string(&format!("invalid fen {text:?}: {e}"));
                    }
                }
            }
            _ => {
                return self.info_string("expected: position startpos|fen <fen> [moves ...]");
            }
        };
        let mut pos = start;
        let mut history = Vec::with_capacity(moves.len());
        for text in moves {
            match uci::parse(&pos, text) {
                Ok(m) => {
                    history.push(pos.zobrist_hash());
                    pos = pos.after(m);
                }
                Err(e) => {
                    self.info_string(&format!("ignoring moves from {text}: {e}"))?;
                    break;
                }
            }
        }
        self.position = pos;
        self.history = history;
        Ok(())
    }

    fn go(&mut self, args: &[&str]) -> io::Result<()> {
        let started = Instant::now();
        self.stop_search();
        let (limits, problems) = parse_go(args, &self.position, started);
        for problem in problems {
            self.info_string(&problem)?;
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
        searcher.set_level(Level::from_skill(self.options.skill));
        searcher.set_move_overhead(self.options.move_overhead);

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
                let _ = out.line(&info_line(&position, info));
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
                bestmove_line(&position, result.best_move, result.ponder)
            }
            Err(_) => {
                // A bug must not leave the GUI waiting: answer with some legal move.
                searcher = seeded_searcher(DEFAULT_HASH_MB);
                let fallback = position.legal_moves().first().copied();
                if debug {
                    let _ = out.line("info string search failed; playing the first legal move");
                }
                bestmove_line(&position, fallback, None)
            }
        };
        let _ = out.line(&answer);
        searcher
    }
}

/// A searcher with an `mb` MB table whose weaker levels vary from session to session.
fn seeded_searcher(mb: usize) -> Searcher {
    let mut searcher = Searcher::with_hash(mb);
    searcher.set_seed(random_seed());
    searcher
}

/// Whether `token` is a command this server knows.
fn is_command(token: &str) -> bool {
    matches!(
        token,
        "uci"
            | "debug"
            | "isready"
            | "setoption"
            | "register"
            | "ucinewgame"
            | "position"
            | "go"
            | "stop"
            | "ponderhit"
            | "quit"
            | "d"
    )
}

fn parse_bool(value: &str) -> Option<bool> {
    match value.to_ascii_lowercase().as_str() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

/// The keywords of `go`.
const GO_KEYWORDS: [&str; 12] = [
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
];

/// The limits of `go <args>` for `pos`, and the problems found in the arguments (each
/// malformed parameter is skipped).
fn parse_go(args: &[&str], pos: &Position, started: Instant) -> (Limits, Vec<String>) {
    let mut limits = Limits {
        started: Some(started),
        ..Limits::default()
    };
    let mut problems = Vec::new();
    let mut clock = Clock::default();
    let mut has_clock = false;
    let mut i = 0;
    while i < args.len() {
        let key = args[i];
        i += 1;
        if !GO_KEYWORDS.contains(&key) {
            problems.push(format!("ignoring unknown go parameter {key:?}"));
            continue;
        }
        match key {
            "infinite" => limits.infinite = true,
            "ponder" => limits.ponder = true,
            "searchmoves" => {
                while let Some(text) = args.get(i).filter(|t| !GO_KEYWORDS.contains(t)) {
                    match uci::parse(pos, text) {
                        Ok(m) => limits.search_moves.push(m),
                        Err(e) => problems.push(format!("ignoring search move {text}: {e}")),
                    }
                    i += 1;
                }
            }
            _ => {
                let Some(value) = args.get(i).and_then(|v| v.parse::<i64>().ok()) else {
                    problems.push(format!("expected a number after {key}"));
                    // Skip the bad value, but not a parameter that follows.
                    if args.get(i).is_some_and(|v| !GO_KEYWORDS.contains(v)) {
                        i += 1;
                    }
                    continue;
                };
                i += 1;
                // Some GUIs send negative times once a clock runs out.
                let non_negative = value.max(0) as u64;
                let ms = Duration::from_millis(non_negative);
                let small = u32::try_from(non_negative).unwrap_or(u32::MAX);
                match key {
                    "wtime" => (clock.wtime, has_clock) = (Some(ms), true),
                    "btime" => (clock.btime, has_clock) = (Some(ms), true),
                    "winc" => (clock.winc, has_clock) = (ms, true),
                    "binc" => (clock.binc, has_clock) = (ms, true),
                    "movestogo" => (clock.movestogo, has_clock) = (Some(small), true),
                    "depth" => limits.depth = Some(small),
                    "nodes" => limits.nodes = Some(non_negative),
                    "mate" => limits.mate = Some(small),
                    "movetime" => limits.movetime = Some(ms),
                    _ => {}
                }
            }
        }
    }
    if has_clock {
        limits.clock = Some(clock);
    }
    (limits, problems)
}

/// `m` in UCI notation, castling as this position's mode writes it.
fn move_text(pos: &Position, m: Move) -> String {
    uci::format(pos, m)
}

/// The `info` line of one search report.
fn info_line(pos: &Position, info: &SearchInfo) -> String {
    let mut line = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps,
        info.hashfull,
        info.time.as_millis()
    );
    let mut p = pos.clone();
    for &m in &info.pv {
        line.push(' ');
        line.push_str(&move_text(&p, m));
        p = p.after(m);
    }
    line
}

/// `bestmove <move> [ponder <move>]`, or `bestmove (none)` without a legal move.
fn bestmove_line(pos: &Position, best: Option<Move>, ponder: Option<Move>) -> String {
    let Some(best) = best else {
        return "bestmove (none)".to_owned();
    };
    let mut line = format!("bestmove {}", move_text(pos, best));
    if let Some(ponder) = ponder {
        let after = pos.after(best);
        if after.is_legal(ponder) {
            line.push_str(" ponder ");
            line.push_str(&move_text(&after, ponder));
        }
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_parameters() {
        let pos = Position::standard();
        let now = Instant::now();
        let (limits, problems) = parse_go(
            &"wtime 1000 btime -5 winc 10 binc 20 movestogo 7 depth 9 nodes 1234 mate 3 movetime 500 searchmoves e2e4 g1f3 x9 ponder infinite bogus".split_whitespace().collect::<Vec<_>>(),
            &pos,
            now,
        );
        let ms = Duration::from_millis;
        assert_eq!(
            limits.clock,
            Some(Clock {
                wtime: Some(ms(1000)),
                btime: Some(ms(0)),
                winc: ms(10),
                binc: ms(20),
                movestogo: Some(7),
            })
        );
        assert_eq!(
            (limits.depth, limits.nodes, limits.mate, limits.movetime),
            (Some(9), Some(1234), Some(3), Some(ms(500)))
        );
        assert!(limits.ponder && limits.infinite);
        let moves: Vec<String> = limits
            .search_moves
            .iter()
            .map(|&m| uci::format(&pos, m))
            .collect();
        assert_eq!(moves, ["e2e4", "g1f3"]);
        assert_eq!(problems.len(), 2, "{problems:?}");
        let (limits, problems) = parse_go(&["depth", "deep"], &pos, now);
        assert_eq!((limits.depth, problems.len()), (None, 1));
        let (limits, _) = parse_go(&[], &pos, now);
        assert_eq!(limits.clock, None);
    }

    #[test]
    fn castling_is_written_for_the_mode() {
        let fen: Fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().expect("fen");
        let standard = fen
            .clone()
            .into_position(chess_rules::CastlingMode::Standard)
            .expect("legal");
        let chess960 = fen
            .into_position(chess_rules::CastlingMode::Chess960)
            .expect("legal");
        let m = uci::parse(&standard, "e1g1").expect("legal");
        assert_eq!(bestmove_line(&standard, Some(m), None), "bestmove e1g1");
        assert_eq!(bestmove_line(&chess960, Some(m), None), "bestmove e1h1");
        assert_eq!(bestmove_line(&standard, None, None), "bestmove (none)");
    }
}
