//! The UCI client: drives another engine (Stockfish, or this one) over its standard input and
//! output.

use std::ffi::OsStr;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use chess_notation::Fen;
use chess_notation::VariantFen;
use chess_notation::uci::{self, UciMoveError};
use chess_rules::variant::{Playable, Variant, VariantPosition};
use chess_rules::{Move, Position};

use super::protocol::{BestMove, BestMoveError, Divide, DivideLine, EngineOption, Info, go_line};
use crate::Limits;

/// How long to wait for the handshake and for `readyok` unless told otherwise.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a search without any time limit may take before the client gives up.
pub const UNTIMED_SEARCH_TIMEOUT: Duration = Duration::from_secs(600);
/// A duration as people write it: `10 s`, `2.5 s`, `300 ms`.
fn seconds(d: Duration) -> String {
    let secs = d.as_secs_f64();
    if secs >= 1.0 {
        if (secs - secs.round()).abs() < 0.05 {
            format!("{secs:.0} s")
        } else {
            format!("{secs:.1} s")
        }
    } else {
        format!("{} ms", d.as_millis())
    }
}

/// Whether an engine's line is how an XBoard engine answers a command it does not know (or
/// announces itself): such an engine will never send `uciok`.
fn is_xboard_answer(line: &str) -> bool {
    line.starts_with("Error (unknown command)") || line.starts_with("feature ")
}

/// Why an engine failed the `uci` handshake, and what to do.
fn not_uci_message(waited: &Option<Duration>, said: &[String]) -> String {
    if let Some(answer) = said.iter().find(|line| is_xboard_answer(line)) {
        return format!(
            "the engine does not speak UCI: it answered uci with {answer:?}, as XBoard engines \
             do; use a UCI engine (or an XBoard-to-UCI adapter)"
        );
    }
    let waited = waited.map_or_else(String::new, |w| format!(" within {}", seconds(w)));
    match said.first() {
        Some(first) => format!(
            "the engine did not answer uci with uciok{waited} (it said {first:?}); is it a UCI \
             engine?"
        ),
        None => format!(
            "the engine did not answer uci with uciok{waited} and said nothing; is it a UCI \
             engine?"
        ),
    }
}

/// The standard option that switches an engine to Chess960 castling.
const CHESS960_OPTION: &str = "UCI_Chess960";

/// The option of engines that play variants (Fairy-Stockfish, multi-variant Stockfish): a
/// combo whose choices are the variants' UCI names (`crazyhouse`, `3check`, ...).
const VARIANT_OPTION: &str = "UCI_Variant";

/// Why an engine cannot be asked for `variant`: what its `UCI_Variant` option offers, if it
/// has one.
fn no_variant_message(variant: Variant, offered: Option<&[String]>) -> String {
    let name = variant.uci_name();
    match offered {
        None => format!(
            "the engine does not play {name}: its answer to uci declares no {VARIANT_OPTION} \
             option"
        ),
        Some([]) => {
            format!("the engine does not play {name}: its {VARIANT_OPTION} option lists no variant")
        }
        Some(offered) => format!(
            "the engine does not play {name}: its {VARIANT_OPTION} option offers only {}",
            offered.join(", ")
        ),
    }
}

/// What can go wrong talking to an engine.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClientError {
    /// The engine process could not be started.
    #[error("cannot start the engine: {0}")]
    Spawn(#[source] io::Error),
    /// Reading from or writing to the engine failed (it may have exited).
    #[error("cannot talk to the engine: {0}")]
    Io(#[from] io::Error),
    /// The engine did not answer in time.
    #[error("the engine did not send {expected} within {}", seconds(*waited))]
    Timeout {
        /// What was awaited (`uciok`, `readyok`, `bestmove`).
        expected: &'static str,
        /// How long the client waited.
        waited: Duration,
    },
    /// The engine did not answer `uci` with `uciok`: it does not speak UCI. What it said
    /// instead, if anything, tells what it speaks (an XBoard engine answers
    /// `Error (unknown command): uci`, and is given up on at once).
    #[error("{}", not_uci_message(waited, said))]
    NotUci {
        /// How long the client waited, or `None` when the engine's answer showed at once that
        /// it speaks another protocol.
        waited: Option<Duration>,
        /// The first lines the engine sent meanwhile.
        said: Vec<String>,
    },
    /// The engine closed its output (it exited or crashed).
    #[error("the engine closed its output while we waited for {expected}")]
    Disconnected {
        /// What was awaited.
        expected: &'static str,
    },
    /// The engine does not have the option.
    #[error("the engine has no option named {0:?}")]
    UnknownOption(String),
    /// The engine answered with a move that is not legal in the position.
    #[error("the engine played {text:?}, which is not a legal move here: {source}")]
    IllegalMove {
        /// The move as the engine wrote it.
        text: String,
        /// Why it is not a legal move.
        source: UciMoveError,
    },
    /// The engine's `bestmove` line had no move.
    #[error("malformed bestmove line: {0:?}")]
    MalformedBestMove(String),
    /// The engine does not play the variant: it declares no `UCI_Variant` option, or one
    /// without the variant among its choices.
    #[error("{}", no_variant_message(*variant, offered.as_deref()))]
    NoVariant {
        /// The variant asked for.
        variant: Variant,
        /// The choices of the engine's `UCI_Variant` option, if it declares one.
        offered: Option<Vec<String>>,
    },
    /// A search (`go`) was asked for in a variant's position: the client reads an engine's
    /// moves and lines by standard chess's rules, and counts a variant's moves only (`go
    /// perft`).
    #[error("the client searches standard chess and Chess960 only, not {0}")]
    VariantSearch(Variant),
}

/// A connection to a UCI engine, after the `uci` handshake.
///
/// ```no_run
/// use chess_engine::Limits;
/// use chess_engine::uci::Client;
/// use chess_rules::Position;
///
/// let mut engine = Client::spawn("/usr/games/stockfish", &[] as &[&str])?;
/// engine.set_option("Skill Level", Some("5"))?;
/// engine.new_game()?;
/// engine.set_position(&Position::standard(), &[])?;
/// let answer = engine.go(&Limits::depth(8), |info| println!("{info:?}"))?;
/// println!("{:?}", answer.best);
/// engine.quit()?;
/// # Ok::<_, chess_engine::uci::ClientError>(())
/// ```
pub struct Client {
    child: Option<Child>,
    writer: Box<dyn Write + Send>,
    lines: Receiver<String>,
    timeout: Duration,
    name: Option<String>,
    author: Option<String>,
    options: Vec<EngineOption>,
    /// The position last sent, to read moves in.
    position: Position,
    /// The variant of the position last sent, when it was not standard chess (then
    /// `position` is not it, and searches are refused).
    sent_variant: Option<Variant>,
    /// The value of the engine's `UCI_Variant` option as far as the client knows: its declared
    /// default (standard chess without the option) until the client sets it.
    variant: Variant,
    /// The value of the engine's `UCI_Chess960` option as far as the client knows: its declared
    /// default until the client sets it.
    chess960: bool,
    debug: Option<Box<Logger>>,
}

/// What [`Client::on_traffic`] calls with each line.
type Logger = dyn FnMut(Direction, &str) + Send;

/// Which way a line went, for [`Client::on_traffic`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Direction {
    /// From the client to the engine.
    ToEngine,
    /// From the engine to the client.
    FromEngine,
}

impl Client {
    /// Starts `program` with `args` and performs the handshake.
    pub fn spawn<S: AsRef<OsStr>>(
        program: impl AsRef<OsStr>,
        args: &[S],
    ) -> Result<Client, ClientError> {
        let mut command = Command::new(program);
        command.args(args);
        Client::spawn_command(command)
    }

    /// Starts `command` (its standard input and output are replaced by pipes; its standard
    /// error is discarded) and performs the handshake.
    pub fn spawn_command(command: Command) -> Result<Client, ClientError> {
        Client::spawn_command_with_timeout(command, DEFAULT_TIMEOUT)
    }

    /// [`Client::spawn_command`], waiting at most `timeout` for the handshake and later for
    /// `readyok` (see [`Client::set_timeout`]).
    pub fn spawn_command_with_timeout(
        mut command: Command,
        timeout: Duration,
    ) -> Result<Client, ClientError> {
        command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        let mut child = command.spawn().map_err(ClientError::Spawn)?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(ClientError::Spawn(io::Error::other(
                "no pipes to the engine",
            )));
        };
        let mut client = Client::unconnected(stdout, stdin);
        client.child = Some(child);
        client.timeout = timeout;
        client.handshake()?;
        Ok(client)
    }

    /// Talks to an engine through a pair of streams (for an engine in the same process, or one
    /// reached another way), and performs the handshake.
    pub fn from_streams<R, W>(reader: R, writer: W) -> Result<Client, ClientError>
    where
        R: Read + Send + 'static,
        W: Write + Send + 'static,
    {
        Client::from_streams_with_timeout(reader, writer, DEFAULT_TIMEOUT)
    }

    /// [`Client::from_streams`], waiting at most `timeout` for the handshake and later for
    /// `readyok` (see [`Client::set_timeout`]).
    pub fn from_streams_with_timeout<R, W>(
        reader: R,
        writer: W,
        timeout: Duration,
    ) -> Result<Client, ClientError>
    where
        R: Read + Send + 'static,
        W: Write + Send + 'static,
    {
        let mut client = Client::unconnected(reader, writer);
        client.timeout = timeout;
        client.handshake()?;
        Ok(client)
    }

    fn unconnected<R, W>(reader: R, writer: W) -> Client
    where
        R: Read + Send + 'static,
        W: Write + Send + 'static,
    {
        let (sender, lines) = mpsc::channel();
        // A reader thread turns the blocking output into a channel that can be waited on with
        // a timeout; it ends with the engine's output.
        thread::spawn(move || {
            let mut reader = BufReader::new(reader);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf).trim_end().to_owned();
                        if sender.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Client {
            child: None,
            writer: Box::new(writer),
            lines,
            timeout: DEFAULT_TIMEOUT,
            name: None,
            author: None,
            options: Vec::new(),
            position: Position::standard(),
            sent_variant: None,
            variant: Variant::Standard,
            chess960: false,
            debug: None,
        }
    }

    /// Calls `log` with every line sent and received (for debugging).
    pub fn on_traffic(&mut self, log: impl FnMut(Direction, &str) + Send + 'static) {
        self.debug = Some(Box::new(log));
    }

    /// How long to wait for `uciok` and `readyok`, and beyond the time limit for `bestmove`.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// How long the client waits for `uciok` and `readyok`, and beyond the time limit for
    /// `bestmove` (see [`Client::set_timeout`]).
    #[must_use]
    pub fn timeout(&self) -> Duration {
        self.timeout
    }

    /// The engine's name (`id name`).
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The engine's author (`id author`).
    #[must_use]
    pub fn author(&self) -> Option<&str> {
        self.author.as_deref()
    }

    /// The options the engine declared.
    #[must_use]
    pub fn options(&self) -> &[EngineOption] {
        &self.options
    }

    /// The declared option called `name` (UCI option names are case-insensitive).
    #[must_use]
    pub fn option(&self, name: &str) -> Option<&EngineOption> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) -> Result<(), ClientError> {
        if let Some(log) = &mut self.debug {
            log(Direction::ToEngine, line);
        }
        self.writer.write_all(line.as_bytes())?;
        self.writer.write_all(b"\n")?;
        self.writer.flush()?;
        Ok(())
    }

    /// The next line, waiting until `deadline` (the end of a wait of `waited` in all, which an
    /// error reports).
    fn receive(
        &mut self,
        deadline: Instant,
        waited: Duration,
        expected: &'static str,
    ) -> Result<String, ClientError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                if let Some(log) = &mut self.debug {
                    log(Direction::FromEngine, &line);
                }
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(ClientError::Timeout { expected, waited }),
            Err(RecvTimeoutError::Disconnected) => Err(ClientError::Disconnected { expected }),
        }
    }

    fn handshake(&mut self) -> Result<(), ClientError> {
        self.send("uci")?;
        let deadline = deadline_after(self.timeout);
        let mut said = Vec::new();
        loop {
            let line = match self.receive(deadline, self.timeout, "uciok") {
                Ok(line) => line,
                Err(ClientError::Timeout { .. }) => {
                    return Err(ClientError::NotUci {
                        waited: Some(self.timeout),
                        said,
                    });
                }
                Err(e) => return Err(e),
            };
            let trimmed = line.trim();
            if is_xboard_answer(trimmed) {
                said.push(trimmed.to_owned());
                return Err(ClientError::NotUci { waited: None, said });
            }
            if said.len() < 4 && !trimmed.is_empty() {
                said.push(trimmed.to_owned());
            }
            let mut tokens = line.split_whitespace();
            match tokens.next() {
                Some("uciok") => {
                    self.chess960 = self
                        .option(CHESS960_OPTION)
                        .and_then(|o| o.default.as_deref())
                        .is_some_and(|d| d.eq_ignore_ascii_case("true"));
                    self.variant = self
                        .option(VARIANT_OPTION)
                        .and_then(|o| o.default.as_deref()?.parse().ok())
                        .unwrap_or_default();
                    return Ok(());
                }
                Some("id") => match tokens.next() {
                    Some("name") => self.name = Some(rest(&line, "name")),
                    Some("author") => self.author = Some(rest(&line, "author")),
                    _ => {}
                },
                Some("option") => self.options.push(EngineOption::parse(&line)),
                _ => {}
            }
        }
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn is_ready(&mut self) -> Result<(), ClientError> {
        self.send("isready")?;
        let deadline = deadline_after(self.timeout);
        while self.receive(deadline, self.timeout, "readyok")?.trim() != "readyok" {}
        Ok(())
    }

    /// Sets an option the engine declared (`value` is `None` for buttons) and waits until the
    /// engine is ready again.
    ///
    /// `UCI_Chess960` need not be set by hand: [`Client::set_position`] sets it to match the
    /// position.
    pub fn set_option(&mut self, name: &str, value: Option<&str>) -> Result<(), ClientError> {
        let Some(option) = self.option(name) else {
            return Err(ClientError::UnknownOption(name.to_owned()));
        };
        let line = match value {
            Some(value) => format!("setoption name {} value {value}", option.name),
            None => format!("setoption name {}", option.name),
        };
        let chess960 = option.name.eq_ignore_ascii_case(CHESS960_OPTION);
        self.send(&line)?;
        if chess960 {
            match value.map(str::to_ascii_lowercase).as_deref() {
                Some("true") => self.chess960 = true,
                Some("false") => self.chess960 = false,
                _ => {}
            }
        }
        self.is_ready()
    }

    /// Announces a new game and waits until the engine is ready.
    pub fn new_game(&mut self) -> Result<(), ClientError> {
        self.send("ucinewgame")?;
        self.is_ready()
    }

    /// Sends the position reached from `start` by `moves` (which must be legal in sequence;
    /// the first illegal one and those after it are left out).
    ///
    /// Castling is written as `start`'s castling mode wants: in Chess960 as king takes rook
    /// (`e1h1`), with file letters in the FEN where `KQkq` would be ambiguous. An engine reads
    /// that only with its `UCI_Chess960` option on (and in standard chess, `e1g1`, only with it
    /// off), so when the engine declares the option and its value differs from the mode, the
    /// client first sends `setoption name UCI_Chess960 value true|false`, once per change. An
    /// engine without the option gets the position as it is.
    pub fn set_position(&mut self, start: &Position, moves: &[Move]) -> Result<(), ClientError> {
        // An engine switched to a variant is switched back.
        self.set_variant(Variant::Standard)?;
        let chess960 = start.is_chess960();
        if chess960 != self.chess960 {
            if let Some(option) = self.option(CHESS960_OPTION) {
                let line = format!("setoption name {} value {chess960}", option.name);
                self.send(&line)?;
                self.chess960 = chess960;
            }
        }
        let mut line = if *start == Position::standard() {
            "position startpos".to_owned()
        } else {
            format!("position fen {}", Fen::from_position(start))
        };
        let mut pos = start.clone();
        if !moves.is_empty() {
            line.push_str(" moves");
        }
        for &m in moves {
            if !pos.is_legal(m) {
                break;
            }
            line.push(' ');
            line.push_str(&uci::format(&pos, m));
            pos = pos.after(m);
        }
        self.send(&line)?;
        self.position = pos;
        self.sent_variant = None;
        Ok(())
    }

    /// Switches the engine to `variant`'s rules through its `UCI_Variant` option (`setoption
    /// name UCI_Variant value atomic`, the value as the engine spells it), unless the client
    /// knows it plays them already, and waits until the engine is ready. Standard chess needs
    /// no option.
    ///
    /// # Errors
    ///
    /// [`ClientError::NoVariant`] when the engine's answer to `uci` declared no `UCI_Variant`
    /// option with the variant's UCI name ([`Variant::uci_name`]) among its choices: nothing
    /// is sent.
    pub fn set_variant(&mut self, variant: Variant) -> Result<(), ClientError> {
        if variant == self.variant {
            return Ok(());
        }
        let option = self.option(VARIANT_OPTION);
        let choice = option.and_then(|o| {
            o.vars
                .iter()
                .find(|v| v.eq_ignore_ascii_case(variant.uci_name()))
        });
        let Some((name, value)) = option.map(|o| o.name.clone()).zip(choice.cloned()) else {
            if variant == Variant::Standard {
                // An engine without the option plays standard chess.
                self.variant = variant;
                return Ok(());
            }
            return Err(ClientError::NoVariant {
                variant,
                offered: option.map(|o| o.vars.clone()),
            });
        };
        self.send(&format!("setoption name {name} value {value}"))?;
        self.variant = variant;
        self.is_ready()
    }

    /// Sends the position of any variant reached from `start` by `moves` (legal in sequence;
    /// the first illegal one and those after it are left out), first switching the engine to
    /// the variant's rules ([`Client::set_variant`]) and its castling mode (as
    /// [`Client::set_position`]). The FEN carries pockets in brackets and Three-check's
    /// counters as `3+3` (as XBoard and Fairy-Stockfish read them); drops are written `N@f3`.
    ///
    /// Standard chess is [`Client::set_position`]. A variant's position can be counted
    /// ([`Client::perft`]), not searched: [`Client::start`] and [`Client::go`] refuse it.
    ///
    /// # Errors
    ///
    /// [`ClientError::NoVariant`] when the engine does not play the variant, and the errors
    /// of talking to it.
    pub fn set_variant_position(
        &mut self,
        start: &VariantPosition,
        moves: &[Move],
    ) -> Result<(), ClientError> {
        self.set_variant(start.variant())?;
        if let VariantPosition::Standard(start) = start {
            return self.set_position(start, moves);
        }
        let chess960 = start.castling_mode().is_chess960();
        if chess960 != self.chess960 {
            if let Some(option) = self.option(CHESS960_OPTION) {
                let line = format!("setoption name {} value {chess960}", option.name);
                self.send(&line)?;
                self.chess960 = chess960;
            }
        }
        let mut line = format!("position fen {}", VariantFen::from_position(start));
        let mut pos = start.clone();
        if !moves.is_empty() {
            line.push_str(" moves");
        }
        for &m in moves {
            if !pos.is_legal(m) {
                break;
            }
            line.push(' ');
            line.push_str(&uci::format_variant(&pos, m));
            pos.play_unchecked(m);
        }
        self.send(&line)?;
        self.sent_variant = Some(start.variant());
        Ok(())
    }

    /// Starts a search of the position last sent (`go` with `limits`); read its answer with
    /// [`Client::wait`].
    pub fn start(&mut self, limits: &Limits) -> Result<(), ClientError> {
        if let Some(variant) = self.sent_variant {
            return Err(ClientError::VariantSearch(variant));
        }
        let line = go_line(&self.position, limits);
        self.send(&line)
    }

    /// Sends `stop`.
    pub fn stop(&mut self) -> Result<(), ClientError> {
        self.send("stop")
    }

    /// Sends `ponderhit`.
    pub fn ponderhit(&mut self) -> Result<(), ClientError> {
        self.send("ponderhit")
    }

    /// Reads `info` lines (passing each to `on_info`) until `bestmove`, for at most `timeout`.
    pub fn wait(
        &mut self,
        timeout: Duration,
        mut on_info: impl FnMut(&Info),
    ) -> Result<BestMove, ClientError> {
        let deadline = deadline_after(timeout);
        let mut infos = Vec::new();
        loop {
            let line = self.receive(deadline, timeout, "bestmove")?;
            let mut tokens = line.split_whitespace();
            match tokens.next() {
                Some("info") => {
                    let info = Info::parse(&self.position, &line);
                    on_info(&info);
                    infos.push(info);
                }
                Some("bestmove") => {
                    let mut answer = self.parse_bestmove(&line)?;
                    answer.infos = infos;
                    return Ok(answer);
                }
                _ => {}
            }
        }
    }

    /// Searches the position last sent within `limits` and returns the engine's answer.
    ///
    /// The client waits for the time the limits give the engine (its clock time, or the move
    /// time) plus the client's timeout; without a time limit, up to
    /// [`UNTIMED_SEARCH_TIMEOUT`]. `infinite` and `ponder` searches need [`Client::start`],
    /// [`Client::stop`] and [`Client::wait`] instead.
    pub fn go(
        &mut self,
        limits: &Limits,
        on_info: impl FnMut(&Info),
    ) -> Result<BestMove, ClientError> {
        self.start(limits)?;
        let turn = self.position.turn();
        let budget = match (limits.movetime, limits.clock.and_then(|c| c.time(turn))) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let timeout = budget.map_or(UNTIMED_SEARCH_TIMEOUT, |b| b.saturating_add(self.timeout));
        self.wait(timeout, on_info)
    }

    /// Asks the engine to count the leaves `depth` plies below the position last sent (`go
    /// perft <depth>`, which Stockfish and this engine answer in the divide format) and reads
    /// the answer, waiting up to [`UNTIMED_SEARCH_TIMEOUT`].
    pub fn perft(&mut self, depth: u32) -> Result<Divide, ClientError> {
        self.send(&format!("go perft {depth}"))?;
        let deadline = deadline_after(UNTIMED_SEARCH_TIMEOUT);
        let mut divide = Divide::default();
        loop {
            let line = self.receive(
                deadline,
                UNTIMED_SEARCH_TIMEOUT,
                "the perft total (Nodes searched)",
            )?;
            match Divide::parse_line(&line) {
                DivideLine::Move(m, n) => divide.moves.push((m.to_owned(), n)),
                DivideLine::Total(n) => {
                    divide.nodes = n;
                    return Ok(divide);
                }
                DivideLine::Other => {}
            }
        }
    }

    fn parse_bestmove(&self, line: &str) -> Result<BestMove, ClientError> {
        BestMove::parse(&self.position, line).map_err(|e| match e {
            BestMoveError::Illegal { text, source } => ClientError::IllegalMove { text, source },
            _ => ClientError::MalformedBestMove(line.to_owned()),
        })
    }

    /// Sends `quit` and waits for the engine process to exit (killing it after the timeout).
    pub fn quit(mut self) -> Result<(), ClientError> {
        self.shutdown()
    }

    fn shutdown(&mut self) -> Result<(), ClientError> {
        let sent = self.send("quit");
        if let Some(mut child) = self.child.take() {
            let deadline = deadline_after(self.timeout);
            loop {
                if child.try_wait()?.is_some() {
                    break;
                }
                if Instant::now() >= deadline {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(ClientError::Timeout {
                        expected: "the engine to exit",
                        waited: self.timeout,
                    });
                }
                thread::sleep(Duration::from_millis(5));
            }
        }
        sent
    }
}

impl Drop for Client {
    fn drop(&mut self) {
        if let Some(mut child) = self.child.take() {
            // Ask politely, then make sure no engine process outlives its client.
            let _ = self.writer.write_all(b"quit\n");
            let _ = self.writer.flush();
            for _ in 0..20 {
                if matches!(child.try_wait(), Ok(Some(_))) {
                    return;
                }
                thread::sleep(Duration::from_millis(5));
            }
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The instant `timeout` from now (a year from now for longer timeouts, which `Instant` may
/// not represent).
fn deadline_after(timeout: Duration) -> Instant {
    let now = Instant::now();
    now.checked_add(timeout)
        .or_else(|| now.checked_add(Duration::from_secs(365 * 24 * 3600)))
        .unwrap_or(now)
}

/// The text after `keyword` on `line`.
fn rest(line: &str, keyword: &str) -> String {
    let mut tokens = line.split_whitespace();
    let _ = tokens.by_ref().position(|t| t == keyword);
    tokens.collect::<Vec<_>>().join(" ")
}
