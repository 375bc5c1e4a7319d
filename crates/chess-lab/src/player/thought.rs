//! What a player thought: the lines of an analysis, and the move it plays.

use std::time::Duration;

use chess_engine::Score;
use chess_engine::uci::Info;
use chess_notation::polyglot::BookMove;
use chess_rules::Move;

/// The result of analysing a position: the lines of the last completed iteration, best
/// first (one per multi-PV line).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Analysis {
    /// The lines, best first; each has a score and a principal variation.
    pub lines: Vec<Info>,
    /// The move the engine would play (its `bestmove`): at the built-in engine's weaker
    /// levels, not always the first line's first move.
    pub best: Option<Move>,
    /// The nodes of the whole search (the lines' counts stop at their iteration's end).
    pub nodes: Option<u64>,
    /// How long the whole search took.
    pub time: Option<Duration>,
    /// The last depth the built-in engine completed (a line may come from a deeper iteration
    /// left unfinished, which found a better move); `None` for a UCI engine.
    pub depth: Option<u32>,
    /// The deepest ply the built-in engine's search reached; `None` for a UCI engine.
    pub seldepth: Option<u32>,
}

impl Analysis {
    /// The best move: the engine's choice, else the first line's first move.
    #[must_use]
    pub fn best_move(&self) -> Option<Move> {
        self.best
            .or_else(|| self.lines.first().and_then(|l| l.pv.first().copied()))
    }

    /// The score of the best line, from the side to move's point of view.
    #[must_use]
    pub fn score(&self) -> Option<Score> {
        self.lines.first().and_then(|l| l.score)
    }

    /// The best line (empty when the engine reported none).
    #[must_use]
    pub fn best_line(&self) -> &[Move] {
        self.lines.first().map_or(&[], |l| l.pv.as_slice())
    }
}

/// A move from the opening book, with the weight of the position's other book moves.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BookChoice {
    /// The move, its weight and learn value.
    pub entry: BookMove,
    /// The weight of all the position's book moves (this one's included).
    pub total: u64,
}

/// The move a player plays ([`Player::play`](super::Player::play)), and where it came from.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// The move: legal in the position.
    pub m: Move,
    /// The book move it is, when the book gave it; `None` when the engine chose it.
    pub book: Option<BookChoice>,
    /// What the engine thought (empty for a book move): the best line first, which the
    /// built-in engine's weaker levels do not always play.
    pub analysis: Analysis,
}

impl Played {
    /// Whether the move played is the first move of the best line the engine found (`None`
    /// for a book move, or when the engine reported no line).
    #[must_use]
    pub fn is_best(&self) -> Option<bool> {
        self.analysis.best_line().first().map(|&m| m == self.m)
    }
}

/// What the built-in engine says of its whole search, beyond its lines.
pub(crate) struct Totals {
    pub(crate) nodes: u64,
    pub(crate) time: Duration,
    pub(crate) depth: u32,
    pub(crate) seldepth: u32,
}

/// The lines of a search as they are reported: each replaces the last line of its rank
/// (multi-PV); bounds and lines without a score or moves are left out, and so is a line of
/// the built-in engine that does not go deeper than the line of its rank, which is the move a
/// weaker level plays rather than its best (a UCI engine's last line of a depth is its best).
pub(crate) struct Lines {
    builtin: bool,
    lines: Vec<Info>,
    /// The last node count and time any report gave.
    nodes: Option<u64>,
    time: Option<Duration>,
}

impl Lines {
    /// No lines yet, of the built-in engine or not.
    pub(crate) fn new(builtin: bool) -> Lines {
        Lines {
            builtin,
            lines: Vec::new(),
            nodes: None,
            time: None,
        }
    }

    /// Keeps `info` if it is a whole line.
    pub(crate) fn keep(&mut self, info: &Info) {
        self.nodes = info.nodes.or(self.nodes);
        self.time = info.time.or(self.time);
        if info.lowerbound || info.upperbound || info.score.is_none() || info.pv.is_empty() {
            return;
        }
        let k = info.multipv.unwrap_or(1).max(1) as usize;
        let kept = self.lines.get(k - 1).filter(|l| l.score.is_some());
        if self.builtin && kept.is_some_and(|l| l.depth >= info.depth) {
            return;
        }
        if self.lines.len() < k {
            self.lines.resize(k, Info::default());
        }
        self.lines[k - 1] = info.clone();
    }

    /// The analysis, with the engine's move and, when known, the search's totals (else the
    /// last reported node count and time).
    pub(crate) fn into_analysis(mut self, best: Option<Move>, totals: Option<Totals>) -> Analysis {
        // Lines the engine never reported (fewer legal moves than asked for) are left out.
        self.lines.retain(|l| l.score.is_some());
        match totals {
            Some(totals) => Analysis {
                lines: self.lines,
                best,
                nodes: Some(totals.nodes),
                time: Some(totals.time),
                depth: Some(totals.depth),
                seldepth: Some(totals.seldepth),
            },
            None => Analysis {
                lines: self.lines,
                best,
                nodes: self.nodes,
                time: self.time,
                depth: None,
                seldepth: None,
            },
        }
    }
}
