//! One game between two UCI engines on a real clock, and its record.

use std::time::{Duration, Instant};

use chess_core::Color;
use chess_notation::pgn::{Command, GameResult, PgnGame};
use chess_rules::{DrawReason, Game, Move, Outcome, Position, WinReason};

use super::adjudication::{Adjudicated, Adjudication, Adjudicator};
use super::openings::MatchOpening;
use crate::time_control::TimeControl;
use chess_engine::uci::{Client, ClientError};
use chess_engine::{Clock, Limits, Score};

/// A side's clock during a game.
#[derive(Copy, Clone, Debug)]
struct SideClock {
    tc: TimeControl,
    left: Duration,
    /// Moves made by this side.
    moves: u32,
}

impl SideClock {
    fn new(tc: TimeControl) -> SideClock {
        let left = match tc {
            TimeControl::Clock { base, .. } => base,
            _ => Duration::ZERO,
        };
        SideClock { tc, left, moves: 0 }
    }

    /// Moves to the next period, for `go movestogo`.
    fn moves_to_go(&self) -> Option<u32> {
        match self.tc {
            TimeControl::Clock { moves: Some(n), .. } => Some(n - self.moves % n),
            _ => None,
        }
    }

    /// Charges `spent` for a move; `false` if the flag fell (beyond `margin`).
    fn charge(&mut self, spent: Duration, margin: Duration) -> bool {
        self.moves += 1;
        match self.tc {
            TimeControl::Clock {
                moves,
                base,
                increment,
            } => {
                if spent > self.left + margin {
                    self.left = Duration::ZERO;
                    return false;
                }
                self.left = self.left.saturating_sub(spent) + increment;
                if moves.is_some_and(|n| self.moves % n == 0) {
                    self.left += base;
                }
                true
            }
            _ => true,
        }
    }
}

/// One move of a game record.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlyRecord {
    /// The move.
    pub m: Move,
    /// Whether it came from the opening rather than an engine.
    pub book: bool,
    /// The time the engine took.
    pub time: Duration,
    /// The mover's clock after the move (with the increment), on a clock time control.
    pub clock: Option<Duration>,
    /// The engine's last score before it moved, from its own side.
    pub score: Option<Score>,
    /// The depth of that score.
    pub depth: Option<u32>,
}

/// How a game ended, for results and the PGN `Termination` tag.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Termination {
    /// On the board: checkmate, stalemate, insufficient material, repetition, 50 moves.
    Normal,
    /// Adjudicated by the match's rules.
    Adjudication(Adjudicated),
    /// A flag fell.
    TimeForfeit,
    /// An engine played an illegal move or none (the text says what it sent).
    IllegalMove(String),
    /// An engine stopped answering, or exited.
    EngineFailure(String),
}

impl Termination {
    /// The PGN `Termination` tag's value: `normal`, `adjudication`, `time forfeit`, `rules
    /// infraction` or `abandoned`.
    #[must_use]
    pub const fn tag(&self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication(_) => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::IllegalMove(_) => "rules infraction",
            Termination::EngineFailure(_) => "abandoned",
        }
    }
}

/// A game played by two engines of a match.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GameRecord {
    /// The game's number in the match schedule, from 1.
    pub number: usize,
    /// The index of the opening it started from.
    pub opening_index: usize,
    /// The opening's name, if it had one.
    pub opening: Option<String>,
    /// The engine with white (its index in the match).
    pub white: usize,
    /// The engine with black.
    pub black: usize,
    /// The starting position (before the opening moves).
    pub initial: Position,
    /// Every move: the opening's first, then the engines'.
    pub plies: Vec<PlyRecord>,
    /// The result.
    pub outcome: Outcome,
    /// How it came about.
    pub termination: Termination,
}

impl GameRecord {
    /// The score of engine `index` in this game (1, 0.5 or 0), if it played.
    #[must_use]
    pub fn score_of(&self, index: usize) -> Option<f64> {
        let color = if index == self.white {
            Color::White
        } else if index == self.black {
            Color::Black
        } else {
            return None;
        };
        Some(match self.outcome.winner() {
            Some(w) if w == color => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        })
    }

    /// The result and its reason in words: `1-0 (white mates)`, `1/2-1/2 (adjudication:
    /// tablebase)`.
    #[must_use]
    pub fn describe(&self) -> String {
        format!("{} ({})", self.outcome.result(), self.reason())
    }

    /// Why the game ended, in words: `white mates`, `threefold repetition`, `black loses on
    /// time`, `adjudication: tablebase`.
    #[must_use]
    pub fn reason(&self) -> String {
        match &self.termination {
            Termination::Normal => match self.outcome {
                Outcome::Decisive { winner, .. } => format!("{winner} mates"),
                Outcome::Draw { reason } => reason.description().to_owned(),
            },
            Termination::Adjudication(a) => format!("adjudication: {}", a.description()),
            Termination::TimeForfeit => match self.outcome.winner() {
                Some(w) => format!("{} loses on time", !w),
                None => "a flag fell, but the other side cannot mate".to_owned(),
            },
            Termination::IllegalMove(text) => text.clone(),
            Termination::EngineFailure(text) => text.clone(),
        }
    }

    /// The game as PGN: the tags of `names` (the engines' names by index), `event`, the date,
    /// the round (the game number), `TimeControl` (of white's engine), `Opening`, `PlyCount`
    /// and `Termination`; after each engine move a comment with its evaluation from white's
    /// side and depth, the time it took and its clock (`[%eval 0.31,14] [%emt 0:00:00.412]
    /// [%clk 0:00:09.688]`); opening moves are marked `book`.
    #[must_use]
    pub fn to_pgn(
        &self,
        names: &[String],
        event: &str,
        date: &str,
        time_control: &TimeControl,
    ) -> PgnGame {
        let mut game = Game::new(self.initial.clone());
        for ply in &self.plies {
            if game.play(ply.m).is_err() {
                break;
            }
        }
        let mut pgn = PgnGame::from_game(&game);
        pgn.result = Some(match self.outcome.winner() {
            Some(w) => GameResult::winner(w),
            None => GameResult::Draw,
        });
        let name = |i: usize| names.get(i).map_or("?", String::as_str);
        pgn.set_header("Event", event);
        pgn.set_header("Site", "?");
        pgn.set_header("Date", date);
        pgn.set_header("Round", &self.number.to_string());
        pgn.set_header("White", name(self.white));
        pgn.set_header("Black", name(self.black));
        pgn.set_header("Result", self.outcome.result());
        pgn.set_header("TimeControl", &time_control.to_string());
        if let Some(opening) = &self.opening {
            pgn.set_header("Opening", opening);
        }
        pgn.set_header("PlyCount", &self.plies.len().to_string());
        pgn.set_header("Termination", self.termination.tag());

        let mut pos = self.initial.clone();
        for (node, ply) in pgn.mainline.moves.iter_mut().zip(&self.plies) {
            let mover = pos.turn();
            if ply.book {
                node.comments_after.push("book".to_owned());
            } else {
                node.comments_after.push(ply_comment(ply, mover));
            }
            pos.play_unchecked(ply.m);
        }
        let ending = self.reason();
        let last = pgn.mainline.moves.last_mut();
        match last {
            Some(node) => node.comments_after.push(ending),
            None => pgn.mainline.comments.push(ending),
        }
        pgn
    }
}

/// `[%eval 0.31,14] [%emt 0:00:00.412] [%clk 0:00:09.688]` for a move by `mover`.
fn ply_comment(ply: &PlyRecord, mover: Color) -> String {
    let eval = ply.score.map(|score| Command::Eval {
        eval: score.to_eval(mover),
        depth: ply.depth,
    });
    let emt = Some(Command::ElapsedMoveTime(ply.time));
    let clock = ply.clock.map(Command::Clock);
    [eval, emt, clock]
        .into_iter()
        .flatten()
        .map(|command| command.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the game needs of the match.
pub(crate) struct GameSettings<'a> {
    pub(crate) adjudication: &'a Adjudication,
    /// How far past its time an engine may answer before it loses.
    pub(crate) time_margin: Duration,
}

/// What became of an engine during a game: whether it is still fit to play the next one.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum EngineHealth {
    Fine,
    /// Restart it: it hung, crashed or lost track.
    Restart(Color),
}

/// Plays one game from `opening`: `white` and `black` are the engines' clients, `tcs` their
/// time controls (by colour). The engines are told a new game starts.
pub(crate) fn play(
    clients: [&mut Client; 2],
    tcs: [TimeControl; 2],
    opening: &MatchOpening,
    settings: &GameSettings<'_>,
) -> (Outcome, Termination, Vec<PlyRecord>, EngineHealth) {
    let [white, black] = clients;
    let mut clients = [white, black];
    let mut plies: Vec<PlyRecord> = opening
        .moves
        .iter()
        .map(|&m| PlyRecord {
            m,
            book: true,
            time: Duration::ZERO,
            clock: None,
            score: None,
            depth: None,
        })
        .collect();
    let mut game = Game::new(opening.start.clone());
    for &m in &opening.moves {
        // Openings are checked when read.
        let _ = game.play(m);
    }
    for (i, client) in clients.iter_mut().enumerate() {
        if let Err(e) = client.new_game() {
            let color = if i == 0 { Color::White } else { Color::Black };
            let (outcome, termination) = failure(&mut game, color, &e);
            return (outcome, termination, plies, EngineHealth::Restart(color));
        }
    }
    let mut clocks = [SideClock::new(tcs[0]), SideClock::new(tcs[1])];
    let mut adjudicator = Adjudicator::new(settings.adjudication);

    loop {
        if let Some(outcome) = game.outcome() {
            return (outcome, Termination::Normal, plies, EngineHealth::Fine);
        }
        // The arbiter claims these for the players, as engine matches do.
        if game.repetitions() >= 3 || game.position().halfmoves() >= 100 {
            let reason = if game.repetitions() >= 3 {
                DrawReason::ThreefoldRepetition
            } else {
                DrawReason::FiftyMoveRule
            };
            let outcome = Outcome::Draw { reason };
            return (outcome, Termination::Normal, plies, EngineHealth::Fine);
        }
        let pos = game.position().clone();
        let mover = pos.turn();
        let side = mover as usize;
        let limits = limits_for(&clocks, mover);
        let client = &mut *clients[side];

        let started = Instant::now();
        let answer = client
            .set_position(game.initial_position(), game.moves())
            .and_then(|()| client.start(&limits));
        let mut last: (Option<Score>, Option<u32>) = (None, None);
        let answer = answer.and_then(|()| {
            client.wait(wait_budget(&clocks[side], settings.time_margin), |info| {
                if info.multipv.unwrap_or(1) == 1 && !info.lowerbound && !info.upperbound {
                    if let Some(score) = info.score {
                        last = (Some(score), info.depth);
                    }
                }
            })
        });
        let spent = started.elapsed();
        let answer = match answer {
            Ok(answer) => answer,
            Err(ClientError::Timeout { .. }) => {
                game.flag_fall(mover);
                let outcome = game.outcome().unwrap_or(Outcome::Decisive {
                    winner: !mover,
                    reason: WinReason::TimeForfeit,
                });
                // It never answered: it cannot be trusted with the next game.
                return (
                    outcome,
                    Termination::TimeForfeit,
                    plies,
                    EngineHealth::Restart(mover),
                );
            }
            Err(e) => {
                let (outcome, termination) = failure(&mut game, mover, &e);
                return (outcome, termination, plies, EngineHealth::Restart(mover));
            }
        };
        if !clocks[side].charge(spent, settings.time_margin) {
            game.flag_fall(mover);
            let outcome = game.outcome().unwrap_or(Outcome::Decisive {
                winner: !mover,
                reason: WinReason::TimeForfeit,
            });
            return (outcome, Termination::TimeForfeit, plies, EngineHealth::Fine);
        }
        let Some(m) = answer.best else {
            game.resign(mover);
            let outcome = game.outcome().unwrap_or(Outcome::Decisive {
                winner: !mover,
                reason: WinReason::Resignation,
            });
            let text = format!("{mover} sent no move in a position with legal moves");
            return (
                outcome,
                Termination::IllegalMove(text),
                plies,
                EngineHealth::Fine,
            );
        };
        let capture = pos.is_capture(m);
        // The client checked the move against the position it sent.
        let _ = game.play(m);
        plies.push(PlyRecord {
            m,
            book: false,
            time: spent,
            clock: matches!(clocks[side].tc, TimeControl::Clock { .. })
                .then_some(clocks[side].left),
            score: last.0,
            depth: last.1,
        });
        if game.outcome().is_some() {
            continue;
        }
        if let Some((outcome, why)) =
            adjudicator.after_move(game.position(), mover, last.0, capture, plies.len())
        {
            return (
                outcome,
                Termination::Adjudication(why),
                plies,
                EngineHealth::Fine,
            );
        }
    }
}

/// The limits for `mover`'s search.
fn limits_for(clocks: &[SideClock; 2], mover: Color) -> Limits {
    let own = &clocks[mover as usize];
    match own.tc {
        TimeControl::Clock { .. } => {
            let time = |c: &SideClock| match c.tc {
                TimeControl::Clock { .. } => Some(c.left.max(Duration::from_millis(1))),
                _ => None,
            };
            let inc = |c: &SideClock| match c.tc {
                TimeControl::Clock { increment, .. } => increment,
                _ => Duration::ZERO,
            };
            Limits::clock(Clock {
                wtime: time(&clocks[0]),
                btime: time(&clocks[1]),
                winc: inc(&clocks[0]),
                binc: inc(&clocks[1]),
                movestogo: own.moves_to_go(),
            })
        }
        TimeControl::MoveTime(t) => Limits::movetime(t),
        TimeControl::Depth(d) => Limits::depth(d),
        TimeControl::Nodes(n) => Limits::nodes(n),
    }
}

/// How long to wait for `bestmove`: past that, the engine has lost on time and is not
/// answering.
fn wait_budget(clock: &SideClock, margin: Duration) -> Duration {
    let grace = Duration::from_secs(2);
    match clock.tc {
        TimeControl::Clock { .. } => clock.left + margin + grace,
        TimeControl::MoveTime(t) => t * 2 + margin + grace,
        // A fixed depth or node count has no time bound; give it a long one.
        TimeControl::Depth(_) | TimeControl::Nodes(_) => Duration::from_secs(600),
    }
}

/// The outcome when `color`'s engine failed with `error`: a loss.
fn failure(game: &mut Game, color: Color, error: &ClientError) -> (Outcome, Termination) {
    let termination = match error {
        ClientError::IllegalMove { text, .. } => {
            Termination::IllegalMove(format!("{color} played an illegal move: {text}"))
        }
        other => Termination::EngineFailure(format!("{color}'s engine failed: {other}")),
    };
    game.resign(color);
    let outcome = game.outcome().unwrap_or(Outcome::Decisive {
        winner: !color,
        reason: WinReason::Resignation,
    });
    (outcome, termination)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn time_controls_read_and_write_back() {
        for text in ["10+0.1", "60", "40/300", "40/5400+30", "0.5+0.01", "0+1"] {
            let tc: TimeControl = text.parse().unwrap();
            assert_eq!(tc.to_string(), text);
        }
        for bad in [
            "", "x", "10+", "+1", "0/10", "-1+0", "0", "0+0", "10+0.1+1", "inf",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad:?}");
        }
        assert_eq!(TimeControl::Depth(8).describe(), "depth 8");
        assert_eq!(TimeControl::MoveTime(MS * 500).to_string(), "-");
    }

    #[test]
    fn clocks_charge_time_add_increments_and_new_periods() {
        let mut clock = SideClock::new("2/10+1".parse().unwrap());
        assert_eq!(clock.moves_to_go(), Some(2));
        assert!(clock.charge(MS * 4000, Duration::ZERO));
        assert_eq!(clock.left, MS * 7000);
        assert_eq!(clock.moves_to_go(), Some(1));
        // The second move ends the period: a new base arrives.
        assert!(clock.charge(MS * 1000, Duration::ZERO));
        assert_eq!(clock.left, MS * 17000);
        assert_eq!(clock.moves_to_go(), Some(2));
        // Past the time left, beyond the margin, the flag falls; within it, not.
        let mut clock = SideClock::new("1+0".parse().unwrap());
        assert!(clock.charge(MS * 1020, MS * 50));
        assert_eq!(clock.left, Duration::ZERO);
        assert!(!clock.charge(MS * 51, MS * 50));
    }

    #[test]
    fn limits_give_both_clocks_and_the_movers_moves_to_go() {
        let clocks = [
            SideClock::new("40/60+1".parse().unwrap()),
            SideClock::new("30".parse().unwrap()),
        ];
        let limits = limits_for(&clocks, Color::White);
        let clock = limits.clock.unwrap();
        assert_eq!(clock.wtime, Some(MS * 60_000));
        assert_eq!(clock.btime, Some(MS * 30_000));
        assert_eq!((clock.winc, clock.binc), (MS * 1000, Duration::ZERO));
        assert_eq!(clock.movestogo, Some(40));
        let fixed = [
            SideClock::new(TimeControl::Depth(5)),
            SideClock::new(TimeControl::Nodes(100)),
        ];
        assert_eq!(limits_for(&fixed, Color::White).depth, Some(5));
        assert_eq!(limits_for(&fixed, Color::Black).nodes, Some(100));
    }

    #[test]
    fn clock_times_are_hours_minutes_seconds_and_milliseconds_when_there_are_some() {
        let ply = |time, clock| PlyRecord {
            m: Move::new(chess_core::Square::E2, chess_core::Square::E4),
            book: false,
            time,
            clock,
            score: None,
            depth: None,
        };
        assert_eq!(
            ply_comment(&ply(MS * 9_688, Some(MS * 3_723_004)), Color::White),
            "[%emt 0:00:09.688] [%clk 1:02:03.004]"
        );
        // Whole seconds as Lichess writes them (`0:00:10.000` before the writer was shared).
        assert_eq!(
            ply_comment(&ply(Duration::ZERO, Some(MS * 10_000)), Color::Black),
            "[%emt 0:00:00] [%clk 0:00:10]"
        );
    }

    #[test]
    fn records_become_pgn_with_comments_and_tags() {
        let pos = Position::standard();
        let e4 = chess_notation::uci::parse(&pos, "e2e4").unwrap();
        let after = pos.after(e4);
        let e5 = chess_notation::uci::parse(&after, "e7e5").unwrap();
        let record = GameRecord {
            number: 3,
            opening_index: 1,
            opening: Some("King's pawn".to_owned()),
            white: 1,
            black: 0,
            initial: pos,
            plies: vec![
                PlyRecord {
                    m: e4,
                    book: true,
                    time: Duration::ZERO,
                    clock: None,
                    score: None,
                    depth: None,
                },
                PlyRecord {
                    m: e5,
                    book: false,
                    time: MS * 412,
                    clock: Some(MS * 9_688),
                    score: Some(Score::Cp(31)),
                    depth: Some(14),
                },
            ],
            outcome: Outcome::Decisive {
                winner: Color::White,
                reason: WinReason::TimeForfeit,
            },
            termination: Termination::TimeForfeit,
        };
        assert_eq!(record.score_of(1), Some(1.0));
        assert_eq!(record.score_of(0), Some(0.0));
        assert_eq!(record.score_of(2), None);
        assert_eq!(record.describe(), "1-0 (black loses on time)");
        let names = ["Zero".to_owned(), "One".to_owned()];
        let tc: TimeControl = "10+0.1".parse().unwrap();
        let text = record.to_pgn(&names, "test", "2026.11.24", &tc).to_string();
        for line in [
            "[Round \"3\"]",
            "[White \"One\"]",
            "[Black \"Zero\"]",
            "[Result \"1-0\"]",
            "[TimeControl \"10+0.1\"]",
            "[Opening \"King's pawn\"]",
            "[PlyCount \"2\"]",
            "[Termination \"time forfeit\"]",
        ] {
            assert!(text.contains(line), "{line} in {text}");
        }
        // Black's +0.31 is white's -0.31.
        assert!(
            text.contains(
                "1. e4 {book} 1... e5 {[%eval -0.31,14] [%emt 0:00:00.412] [%clk 0:00:09.688]}\n{black loses on time} 1-0"
            ),
            "{text}"
        );
        // And it reads back, clock and evaluation included.
        let back: PgnGame = text.parse().unwrap();
        let node = &back.mainline.moves[1];
        assert_eq!(node.clock(), Some(MS * 9_688));
        assert_eq!(
            node.eval(),
            Some(chess_notation::pgn::Eval::Centipawns(-31))
        );
    }
}
