//! The UCI protocol's messages as types, read and written both ways: what the server writes
//! (`option`, `info`, `bestmove`) and the client reads, and what the client writes (`go`) and
//! the server reads ([`Command`]: every command, one line at a time). The server and the client are built on these, so that each message has one
//! reader and one writer, tested against each other.
//!
//! Moves are written in chess-notation's UCI notation (castling `e1g1` in standard chess, `e1h1`
//! in Chess960) and read in either form.

use std::fmt::{self, Write as _};
use std::time::{Duration, Instant};

use chess_notation::uci::{self, UciMoveError};
use chess_rules::variant::Playable;
use chess_rules::{Move, Position};

use crate::{Clock, Limits, Score, SearchInfo};

pub use super::command::{
    Command, PositionCommand, PositionCommandError, PositionStart, SetPosition,
};

/// An option an engine declared in its answer to `uci`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct EngineOption {
    /// The name (may contain spaces).
    pub name: String,
    /// The type: `check`, `spin`, `combo`, `button` or `string`.
    pub kind: String,
    /// The default value, if given.
    pub default: Option<String>,
    /// The minimum of a `spin`.
    pub min: Option<i64>,
    /// The maximum of a `spin`.
    pub max: Option<i64>,
    /// The choices of a `combo`.
    pub vars: Vec<String>,
}

impl EngineOption {
    /// Reads `option name <name> type <type> [default <x>] [min <x>] [max <x>] [var <x>]...`.
    pub fn parse(line: &str) -> EngineOption {
        const KEYS: [&str; 6] = ["name", "type", "default", "min", "max", "var"];
        let mut option = EngineOption::default();
        let mut key: Option<&str> = None;
        let mut words: Vec<&str> = Vec::new();
        let flush = |key: Option<&str>, words: &mut Vec<&str>, option: &mut EngineOption| {
            let value = words.join(" ");
            words.clear();
            match key {
                Some("name") => option.name = value,
                Some("type") => option.kind = value,
                Some("default") => option.default = Some(value).filter(|v| v != "<empty>"),
                Some("min") => option.min = value.parse().ok(),
                Some("max") => option.max = value.parse().ok(),
                Some("var") => option.vars.push(value),
                _ => {}
            }
        };
        for token in line.split_whitespace().skip(1) {
            if KEYS.contains(&token) && !(key == Some("name") && token == "name") {
                flush(key, &mut words, &mut option);
                key = Some(token);
            } else {
                words.push(token);
            }
        }
        flush(key, &mut words, &mut option);
        option
    }

    /// The `option` line declaring it.
    #[must_use]
    pub fn to_line(&self) -> String {
        let mut line = format!("option name {} type {}", self.name, self.kind);
        match (&self.default, self.kind.as_str()) {
            (Some(default), _) => {
                let _ = write!(line, " default {default}");
            }
            (None, "string") => line.push_str(" default <empty>"),
            (None, _) => {}
        }
        if let Some(min) = self.min {
            let _ = write!(line, " min {min}");
        }
        if let Some(max) = self.max {
            let _ = write!(line, " max {max}");
        }
        for var in &self.vars {
            let _ = write!(line, " var {var}");
        }
        line
    }
}

/// One `info` line, parsed. Fields the engine did not send are `None` (or empty).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Info {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `multipv`.
    pub multipv: Option<u32>,
    /// `score cp …` or `score mate …`.
    pub score: Option<Score>,
    /// `lowerbound`: the score is at least this.
    pub lowerbound: bool,
    /// `upperbound`: the score is at most this.
    pub upperbound: bool,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `time`.
    pub time: Option<Duration>,
    /// `hashfull`, in permille.
    pub hashfull: Option<u32>,
    /// `tbhits`: positions found in the endgame tablebases.
    pub tbhits: Option<u64>,
    /// `pv`, as far as its moves are legal in sequence.
    pub pv: Vec<Move>,
    /// `string`: free text to the end of the line.
    pub string: Option<String>,
}

impl Info {
    /// Reads an `info` line; `pos` is the position searched, to read the principal variation
    /// (as far as its moves are legal in sequence). Unknown and malformed fields are skipped.
    #[must_use]
    pub fn parse(pos: &Position, line: &str) -> Info {
        let mut info = Info::default();
        let tokens: Vec<&str> = line.split_whitespace().collect();
        let mut i = 1;
        let number = |i: usize| tokens.get(i).and_then(|t| t.parse::<i64>().ok());
        while i < tokens.len() {
            let key = tokens[i];
            i += 1;
            match key {
                "depth" => info.depth = number(i).and_then(|n| u32::try_from(n).ok()),
                "seldepth" => info.seldepth = number(i).and_then(|n| u32::try_from(n).ok()),
                "multipv" => info.multipv = number(i).and_then(|n| u32::try_from(n).ok()),
                "nodes" => info.nodes = number(i).and_then(|n| u64::try_from(n).ok()),
                "nps" => info.nps = number(i).and_then(|n| u64::try_from(n).ok()),
                "hashfull" => info.hashfull = number(i).and_then(|n| u32::try_from(n).ok()),
                "tbhits" => info.tbhits = number(i).and_then(|n| u64::try_from(n).ok()),
                "time" => {
                    info.time = number(i)
                        .and_then(|n| u64::try_from(n).ok())
                        .map(Duration::from_millis);
                }
                "score" => continue,
                "cp" | "mate" => {
                    info.score = number(i).and_then(|n| i32::try_from(n).ok()).map(|n| {
                        if key == "cp" {
                            Score::Cp(n)
                        } else {
                            Score::Mate(n)
                        }
                    });
                }
                "lowerbound" => {
                    info.lowerbound = true;
                    continue;
                }
                "upperbound" => {
                    info.upperbound = true;
                    continue;
                }
                "string" => {
                    info.string = Some(tokens[i..].join(" "));
                    break;
                }
                "pv" => {
                    let mut p = pos.clone();
                    while let Some(text) = tokens.get(i) {
                        let Ok(m) = uci::parse(&p, text) else {
                            break;
                        };
                        info.pv.push(m);
                        p = p.after(m);
                        i += 1;
                    }
                    // Whatever follows an unreadable move is not for us.
                    break;
                }
                _ => continue,
            }
            i += 1;
        }
        info
    }

    /// The `info` line, its fields in the order they are declared (those not set are left
    /// out); `pos` is the position searched, to write the principal variation.
    #[must_use]
    pub fn to_line(&self, pos: &Position) -> String {
        let mut line = "info".to_owned();
        let mut field = |name: &str, value: Option<String>| {
            if let Some(value) = value {
                let _ = write!(line, " {name} {value}");
            }
        };
        field("depth", self.depth.map(|n| n.to_string()));
        field("seldepth", self.seldepth.map(|n| n.to_string()));
        field("multipv", self.multipv.map(|n| n.to_string()));
        field("score", self.score.map(|s| s.to_string()));
        if self.lowerbound {
            line.push_str(" lowerbound");
        }
        if self.upperbound {
            line.push_str(" upperbound");
        }
        let mut field = |name: &str, value: Option<String>| {
            if let Some(value) = value {
                let _ = write!(line, " {name} {value}");
            }
        };
        field("nodes", self.nodes.map(|n| n.to_string()));
        field("nps", self.nps.map(|n| n.to_string()));
        field("hashfull", self.hashfull.map(|n| n.to_string()));
        field("tbhits", self.tbhits.map(|n| n.to_string()));
        field("time", self.time.map(|t| t.as_millis().to_string()));
        if self.depth.is_some() || !self.pv.is_empty() {
            line.push_str(" pv");
            let (moves, _) = uci::format_line(pos, self.pv.iter().copied().map(Some));
            for m in moves {
                line.push(' ');
                line.push_str(&m);
            }
        }
        if let Some(text) = &self.string {
            line.push_str(" string ");
            line.push_str(text);
        }
        line
    }
}

impl From<&SearchInfo> for Info {
    /// The report of one search iteration, as the server sends it.
    fn from(info: &SearchInfo) -> Info {
        Info {
            depth: Some(info.depth),
            seldepth: Some(info.seldepth),
            multipv: Some(info.multipv),
            score: Some(info.score),
            nodes: Some(info.nodes),
            nps: Some(info.nps),
            time: Some(info.time),
            hashfull: Some(info.hashfull),
            tbhits: Some(info.tbhits),
            pv: info.pv.clone(),
            ..Info::default()
        }
    }
}

/// The answer to `go`.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct BestMove {
    /// The move; `None` when the engine has none (`bestmove (none)` or `0000`: the game is over).
    pub best: Option<Move>,
    /// The reply the engine expects, if it said (and it is legal).
    pub ponder: Option<Move>,
    /// The `info` lines of the search, in order.
    pub infos: Vec<Info>,
}

/// Why a `bestmove` line could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum BestMoveError {
    /// The line has no move.
    #[error("malformed bestmove line: {0:?}")]
    Malformed(String),
    /// The move is not legal in the position.
    #[error("{text:?} is not a legal move here: {source}")]
    Illegal {
        /// The move as written.
        text: String,
        /// Why it is not legal.
        source: UciMoveError,
    },
}

impl BestMove {
    /// Reads `bestmove <move> [ponder <move>]` in `pos` (`(none)`, `0000` and `NULL` meaning no
    /// move; a ponder move that is not legal after the best one is left out).
    ///
    /// # Errors
    ///
    /// [`BestMoveError`] when there is no move, or it is not legal in `pos`.
    pub fn parse(pos: &Position, line: &str) -> Result<BestMove, BestMoveError> {
        let mut tokens = line.split_whitespace().skip(1);
        let Some(text) = tokens.next() else {
            return Err(BestMoveError::Malformed(line.to_owned()));
        };
        if text == "(none)" || text == "0000" || text == "NULL" {
            return Ok(BestMove::default());
        }
        let best = uci::parse(pos, text).map_err(|source| BestMoveError::Illegal {
            text: text.to_owned(),
            source,
        })?;
        let after = pos.after(best);
        let ponder = match (tokens.next(), tokens.next()) {
            (Some("ponder"), Some(text)) => uci::parse(&after, text).ok(),
            _ => None,
        };
        Ok(BestMove {
            best: Some(best),
            ponder,
            infos: Vec::new(),
        })
    }

    /// `bestmove <move> [ponder <move>]` in `pos`, or `bestmove (none)` without a move; the
    /// ponder move only when it is legal after the best one.
    #[must_use]
    pub fn to_line(&self, pos: &Position) -> String {
        let Some(best) = self.best else {
            return "bestmove (none)".to_owned();
        };
        let mut line = format!("bestmove {}", uci::format(pos, best));
        if let Some(ponder) = self.ponder {
            let after = pos.after(best);
            if after.is_legal(ponder) {
                line.push_str(" ponder ");
                line.push_str(&uci::format(&after, ponder));
            }
        }
        line
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
pub fn parse_go(args: &[&str], pos: &Position, started: Instant) -> (Limits, Vec<String>) {
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

/// The `go` command for `limits` in `pos` (search moves written as the position's mode does).
pub fn go_line(pos: &Position, limits: &Limits) -> String {
    let mut line = "go".to_owned();
    let ms = |d: Duration| d.as_millis();
    if limits.ponder {
        line.push_str(" ponder");
    }
    if let Some(clock) = limits.clock {
        if let Some(t) = clock.wtime {
            line.push_str(&format!(" wtime {}", ms(t)));
        }
        if let Some(t) = clock.btime {
            line.push_str(&format!(" btime {}", ms(t)));
        }
        line.push_str(&format!(" winc {} binc {}", ms(clock.winc), ms(clock.binc)));
        if let Some(n) = clock.movestogo {
            line.push_str(&format!(" movestogo {n}"));
        }
    }
    if let Some(d) = limits.depth {
        line.push_str(&format!(" depth {d}"));
    }
    if let Some(n) = limits.nodes {
        line.push_str(&format!(" nodes {n}"));
    }
    if let Some(n) = limits.mate {
        line.push_str(&format!(" mate {n}"));
    }
    if let Some(t) = limits.movetime {
        line.push_str(&format!(" movetime {}", ms(t)));
    }
    if limits.infinite {
        line.push_str(" infinite");
    }
    let moves: Vec<String> = limits
        .search_moves
        .iter()
        .filter(|&&m| pos.is_legal(m))
        .map(|&m| uci::format(pos, m))
        .collect();
    if !moves.is_empty() {
        line.push_str(" searchmoves ");
        line.push_str(&moves.join(" "));
    }
    line
}

/// The answer to `go perft <depth>`, in Stockfish's divide format: one `<move>: <count>` line
/// per legal move, an empty line, then `Nodes searched: <total>`.
///
/// Moves are kept as the engine wrote them: an engine whose move generator is wrong may list
/// a move that is not legal, and that is what a comparison must show.
///
/// ```
/// use chess_engine::uci::protocol::Divide;
/// use chess_rules::Position;
///
/// let divide = Divide::of(&Position::standard(), 2);
/// assert_eq!(divide.nodes, 400);
/// let text = divide.to_string();
/// assert!(text.contains("\ne2e4: 20\n"));
/// assert!(text.ends_with("\nNodes searched: 400\n"));
/// assert_eq!(Divide::parse(&text), Some(divide));
/// ```
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Divide {
    /// Each move (in UCI notation) with the leaf count below it, in the engine's order.
    pub moves: Vec<(String, u64)>,
    /// The total, as the engine stated it.
    pub nodes: u64,
}

/// One line of a [`Divide`] answer.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum DivideLine<'a> {
    /// `<move>: <count>`.
    Move(&'a str, u64),
    /// `Nodes searched: <total>`, the last line.
    Total(u64),
    /// Anything else (the empty line, `info string` lines).
    Other,
}

impl Divide {
    /// Counts the leaves `depth` plies below `pos`, split by first move (this engine's own
    /// answer to `go perft`; depth 0 counts the position itself, with no moves), by the rules
    /// of `pos`: standard chess's, or a variant's (drops written `N@f3`, as engines that play
    /// Crazyhouse write them).
    ///
    /// ```
    /// use chess_engine::uci::protocol::Divide;
    /// use chess_rules::variant::{Variant, VariantPosition};
    ///
    /// let divide = Divide::of(&VariantPosition::new(Variant::Atomic), 3);
    /// assert_eq!(divide.nodes, 8_902);
    /// ```
    #[must_use]
    pub fn of<P: Playable>(pos: &P, depth: u32) -> Divide {
        if depth == 0 {
            return Divide {
                moves: Vec::new(),
                nodes: 1,
            };
        }
        Divide::from_counts(pos, &chess_rules::divide(pos, depth))
    }

    /// The divide of `counts` (moves of `pos`, of any variant, with their leaf counts), the
    /// total their sum.
    #[must_use]
    pub fn from_counts<P: Playable>(pos: &P, counts: &[(Move, u64)]) -> Divide {
        Divide {
            moves: counts
                .iter()
                .map(|&(m, n)| (uci::format_variant(pos, m), n))
                .collect(),
            nodes: counts.iter().map(|&(_, n)| n).sum(),
        }
    }

    /// Reads one line of an answer.
    #[must_use]
    pub fn parse_line(line: &str) -> DivideLine<'_> {
        let line = line.trim();
        if let Some(total) = line.strip_prefix("Nodes searched:") {
            return match total.trim().parse() {
                Ok(n) => DivideLine::Total(n),
                Err(_) => DivideLine::Other,
            };
        }
        match line.split_once(':') {
            Some((m, count))
                if (4..=5).contains(&m.len())
                    && m.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'@') =>
            {
                count
                    .trim()
                    .parse()
                    .map_or(DivideLine::Other, |n| DivideLine::Move(m, n))
            }
            _ => DivideLine::Other,
        }
    }

    /// Reads a whole answer; `None` without its `Nodes searched` line.
    #[must_use]
    pub fn parse(text: &str) -> Option<Divide> {
        let mut divide = Divide::default();
        for line in text.lines() {
            match Divide::parse_line(line) {
                DivideLine::Move(m, n) => divide.moves.push((m.to_owned(), n)),
                DivideLine::Total(n) => {
                    divide.nodes = n;
                    return Some(divide);
                }
                DivideLine::Other => {}
            }
        }
        None
    }

    /// The count of `uci_move`, if listed.
    #[must_use]
    pub fn count(&self, uci_move: &str) -> Option<u64> {
        self.moves
            .iter()
            .find(|(m, _)| m == uci_move)
            .map(|&(_, n)| n)
    }
}

/// Stockfish's layout, the `Nodes searched` line ending the text.
impl fmt::Display for Divide {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (m, n) in &self.moves {
            writeln!(f, "{m}: {n}")?;
        }
        writeln!(f)?;
        writeln!(f, "Nodes searched: {}", self.nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_notation::Fen;

    #[test]
    fn options_with_spaces_and_combos() {
        let o = EngineOption::parse("option name Skill Level type spin default 20 min 0 max 20");
        assert_eq!(
            (
                o.name.as_str(),
                o.kind.as_str(),
                o.default.as_deref(),
                o.min,
                o.max
            ),
            ("Skill Level", "spin", Some("20"), Some(0), Some(20))
        );
        let o = EngineOption::parse(
            "option name Style type combo default Normal var Solid var Normal var Risky",
        );
        assert_eq!(o.vars, ["Solid", "Normal", "Risky"]);
        let o = EngineOption::parse("option name Debug Log File type string default <empty>");
        assert_eq!((o.name.as_str(), o.default), ("Debug Log File", None));
        let o = EngineOption::parse("option name Clear Hash type button");
        assert_eq!((o.name.as_str(), o.kind.as_str()), ("Clear Hash", "button"));
    }

    #[test]
    fn info_lines() {
        let pos = Position::standard();
        let info = Info::parse(
            &pos,
            "info depth 12 seldepth 18 multipv 2 score cp -31 upperbound nodes 123456 nps 999 hashfull 17 tbhits 0 time 250 pv e2e4 e7e5 g1f3 zz e1e2",
        );
        assert_eq!(
            (
                info.depth,
                info.seldepth,
                info.multipv,
                info.score,
                info.upperbound,
                info.lowerbound
            ),
            (
                Some(12),
                Some(18),
                Some(2),
                Some(Score::Cp(-31)),
                true,
                false
            )
        );
        assert_eq!(
            (info.nodes, info.nps, info.hashfull),
            (Some(123_456), Some(999), Some(17))
        );
        assert_eq!(info.time, Some(Duration::from_millis(250)));
        assert_eq!(info.pv.len(), 3);
        let info = Info::parse(&pos, "info depth 3 score mate -2 pv");
        assert_eq!((info.score, info.pv.len()), (Some(Score::Mate(-2)), 0));
        let info = Info::parse(&pos, "info string hello  world depth 3");
        assert_eq!(
            (info.string.as_deref(), info.depth),
            (Some("hello world depth 3"), None)
        );
        assert_eq!(Info::parse(&pos, "info depth -3 nodes x"), Info::default());
    }

    #[test]
    fn go_lines() {
        let pos = Position::standard();
        let e4 = uci::parse(&pos, "e2e4").expect("legal");
        let limits = Limits {
            clock: Some(Clock {
                movestogo: Some(12),
                ..Clock::new(Duration::from_millis(1500), Duration::from_millis(10))
            }),
            depth: Some(5),
            search_moves: vec![e4],
            ..Limits::default()
        };
        assert_eq!(
            go_line(&pos, &limits),
            "go wtime 1500 btime 1500 winc 10 binc 10 movestogo 12 depth 5 searchmoves e2e4"
        );
        assert_eq!(go_line(&pos, &Limits::infinite()), "go infinite");
        let ponder = Limits {
            ponder: true,
            ..Limits::movetime(Duration::from_millis(300))
        };
        assert_eq!(go_line(&pos, &ponder), "go ponder movetime 300");
        assert_eq!(
            go_line(
                &pos,
                &Limits {
                    nodes: Some(7),
                    mate: Some(2),
                    ..Limits::default()
                }
            ),
            "go nodes 7 mate 2"
        );
    }

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
        let best = |best| BestMove {
            best,
            ponder: None,
            infos: Vec::new(),
        };
        assert_eq!(best(Some(m)).to_line(&standard), "bestmove e1g1");
        assert_eq!(best(Some(m)).to_line(&chess960), "bestmove e1h1");
        assert_eq!(best(None).to_line(&standard), "bestmove (none)");
    }

    /// Positions from a few random games, standard and Chess960.
    fn positions() -> Vec<Position> {
        chess_testdata::random_positions(0x2545_f491_4f6c_dd1d, 12, 60)
    }

    /// Every message written by one side reads back the same on the other.
    #[test]
    fn messages_round_trip() {
        let ms = Duration::from_millis;
        for (i, pos) in positions().iter().enumerate() {
            let moves = pos.legal_moves();
            let Some(&first) = moves.first() else {
                continue;
            };
            // An info line with a principal variation of legal moves.
            let mut pv = vec![first];
            let mut p = pos.after(first);
            for _ in 0..4 {
                let Some(&m) = p.legal_moves().last() else {
                    break;
                };
                pv.push(m);
                p = p.after(m);
            }
            let n = i as u32;
            let info = Info {
                depth: Some(n % 30 + 1),
                seldepth: Some(n % 40 + 1),
                multipv: Some(n % 3 + 1),
                score: Some(if n % 5 == 0 {
                    Score::Mate(n as i32 % 7 - 3)
                } else {
                    Score::Cp(n as i32 * 13 - 200)
                }),
                lowerbound: n % 7 == 1,
                upperbound: n % 7 == 2,
                nodes: Some(u64::from(n) * 1_000_003),
                nps: Some(u64::from(n) * 77),
                time: Some(ms(u64::from(n) * 11)),
                hashfull: Some(n % 1000),
                tbhits: (n % 3 == 0).then_some(u64::from(n) * 5),
                pv,
                string: None,
            };
            assert_eq!(Info::parse(pos, &info.to_line(pos)), info);
            // The search's own report, as the server writes it.
            let search = SearchInfo {
                depth: n % 20 + 1,
                seldepth: n % 30 + 1,
                multipv: 1,
                score: Score::Cp(n as i32),
                nodes: 12_345,
                nps: 678,
                time: ms(90),
                hashfull: 3,
                tbhits: u64::from(n % 4),
                pv: info.pv.clone(),
            };
            let written = Info::from(&search).to_line(pos);
            assert_eq!(Info::parse(pos, &written), Info::from(&search), "{written}");
            // bestmove, with and without a ponder move.
            let ponder = info.pv.get(1).copied();
            for answer in [
                BestMove {
                    best: Some(first),
                    ponder,
                    infos: Vec::new(),
                },
                BestMove {
                    best: Some(first),
                    ponder: None,
                    infos: Vec::new(),
                },
                BestMove::default(),
            ] {
                assert_eq!(BestMove::parse(pos, &answer.to_line(pos)), Ok(answer));
            }
            // go, with clocks, limits and search moves.
            let limits = Limits {
                depth: (n % 3 == 0).then_some(n % 20 + 1),
                nodes: (n % 4 == 0).then_some(u64::from(n) * 1000),
                mate: (n % 9 == 0).then_some(n % 5 + 1),
                movetime: (n % 5 == 0).then(|| ms(u64::from(n) * 10)),
                clock: (n % 2 == 0).then(|| Clock {
                    movestogo: (n % 4 == 0).then_some(n % 40 + 1),
                    ..Clock::new(ms(u64::from(n) * 1000 + 1), ms(u64::from(n % 3) * 100))
                }),
                infinite: n % 11 == 0,
                ponder: n % 13 == 0,
                search_moves: moves.iter().copied().take(n as usize % 4).collect(),
                started: None,
            };
            let line = go_line(pos, &limits);
            let args: Vec<&str> = line.split_whitespace().skip(1).collect();
            let now = Instant::now();
            let (read, problems) = parse_go(&args, pos, now);
            assert!(problems.is_empty(), "{line}: {problems:?}");
            assert_eq!(
                Limits {
                    started: None,
                    ..read
                },
                limits,
                "{line}"
            );
        }
        // Options of every kind.
        for line in [
            "option name Skill Level type spin default 20 min 0 max 20",
            "option name Style type combo default Normal var Solid var Normal var Risky",
            "option name Debug Log File type string default <empty>",
            "option name Clear Hash type button",
            "option name UCI_Chess960 type check default false",
        ] {
            assert_eq!(EngineOption::parse(line).to_line(), line);
        }
    }

    #[test]
    fn divide_lines_are_read_among_other_output() {
        let text = "info string NNUE evaluation using nn.nnue enabled\n\
                    e2e3: 15\n\
                    e1h1: 7\n\
                    a7a8q: 1\n\
                    N@f3: 2\n\
                    readyok\n\
                    nonsense: x\n\
                    \n\
                    Nodes searched: 23\n\
                    a2a3: 5\n";
        let divide = Divide::parse(text).expect("a total");
        assert_eq!(
            divide.moves,
            [
                ("e2e3".into(), 15),
                ("e1h1".into(), 7),
                ("a7a8q".into(), 1),
                // A drop, as engines that play Crazyhouse write it.
                ("N@f3".into(), 2)
            ]
        );
        assert_eq!(divide.nodes, 23);
        assert_eq!(divide.count("e1h1"), Some(7));
        assert_eq!(divide.count("a2a3"), None);
        assert_eq!(Divide::parse("e2e4: 1\n"), None);
        assert_eq!(
            Divide::parse_line("Nodes searched: many"),
            DivideLine::Other
        );
        // A position without moves: only the total, as Stockfish writes it.
        let mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        let mated = chess_notation::Fen::from_ascii(mate.as_bytes())
            .expect("a FEN")
            .into_position_for(false)
            .expect("legal");
        assert_eq!(Divide::of(&mated, 3).to_string(), "\nNodes searched: 0\n");
        assert_eq!(Divide::of(&mated, 0).nodes, 1);
    }
}
