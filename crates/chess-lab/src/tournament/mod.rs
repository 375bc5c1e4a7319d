//! Matches between UCI engines, as cutechess-cli plays them: two or more engines, each pair
//! playing every opening twice with colours swapped, several games at once, on real clocks,
//! with optional adjudication, and the standings with Elo differences, error margins and a
//! sequential test as the results come in.
//!
//! The players are [`PlayerSpec`]s, and every one is a UCI engine process driven through
//! [the UCI client](chess_engine::uci::Client), so that each is measured the same way: the
//! built-in engine too, through [`Tournament::builtin`] (the `chess` program starts itself as
//! `chess uci`).
//!
//! ```no_run
//! use std::time::Duration;
//! use chess_lab::player::PlayerSpec;
//! use chess_lab::tournament::{MatchOpening, Tournament};
//! use chess_rules::Position;
//!
//! let mut weak = PlayerSpec::program("/usr/games/stockfish");
//! weak.name = Some("Stockfish 1500".to_owned());
//! weak.options = vec![
//!     ("UCI_LimitStrength".to_owned(), "true".to_owned()),
//!     ("UCI_Elo".to_owned(), "1500".to_owned()),
//! ];
//! let strong = PlayerSpec::program("/usr/games/stockfish");
//! let mut tournament = Tournament::new(vec![weak, strong], vec![MatchOpening::from_position(Position::standard())]);
//! tournament.time_control = "1+0.01".parse()?;
//! tournament.games = 4;
//! let standings = tournament.run(|record, standings| {
//!     println!("game {}: {}", record.number, record.describe());
//!     std::ops::ControlFlow::Continue(())
//! })?;
//! println!("{}", standings.pair(0, 1).elo());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod adjudication;
mod game;
mod openings;

use std::collections::{HashMap, VecDeque};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, mpsc};
use std::thread;
use std::time::Duration;

use chess_core::Color;

pub use adjudication::{Adjudicated, Adjudication, DrawRule, ResignRule};
pub use game::{GameRecord, PlyRecord, Termination};
pub use openings::{MatchOpening, OpeningsError, read_openings, shuffle};

use crate::TimeControl;
use crate::player::{Host, PlayerError, PlayerSpec, spawn_client};
use crate::stats::{Distribution, PairTally, Sprt, SprtStatus, Tally};
use chess_engine::uci::Client;
use game::{EngineHealth, GameSettings};

/// A match could not be played.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum TournamentError {
    /// An engine could not be started or set up (or its spec has a setting a process of
    /// it cannot be given: see [`PlayerSpec`]).
    #[error("engine {name}: {source}")]
    Engine {
        /// The engine's name or command.
        name: String,
        /// Why.
        #[source]
        source: PlayerError,
    },
    /// The match is not well formed.
    #[error("{0}")]
    Invalid(String),
}

/// A match: engines, openings, and how to play them.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// The engines, two or more: each pair meets.
    pub engines: Vec<PlayerSpec>,
    /// The program that plays the built-in engine as a UCI process (every player of a match
    /// is a process, so that each is measured the same way): `chess uci`, or the
    /// `chess-engine` crate's `uci` example. See [`builtin_command`](crate::player::builtin_command).
    pub builtin: Option<(PathBuf, Vec<String>)>,
    /// The openings, taken in order by each pair (and again from the first when there are
    /// more games than openings).
    pub openings: Vec<MatchOpening>,
    /// The time control of engines without their own.
    pub time_control: TimeControl,
    /// Games each pair of engines plays.
    pub games: usize,
    /// Whether each opening is played twice in a row, with colours swapped (the default); else
    /// each game takes the next opening and colours still alternate.
    pub repeat: bool,
    /// Games played at once.
    pub concurrency: usize,
    /// How far past its time an engine may answer before it loses on time.
    pub time_margin: Duration,
    /// When to end games early.
    pub adjudication: Adjudication,
    /// The PGN `Event` tag.
    pub event: String,
}

impl Tournament {
    /// A match between `engines` from `openings`, with cutechess-cli's defaults: each pair
    /// plays each opening twice, one game at a time, at 10+0.1, without adjudication.
    #[must_use]
    pub fn new(engines: Vec<PlayerSpec>, openings: Vec<MatchOpening>) -> Tournament {
        let games = 2 * openings.len().max(1);
        Tournament {
            engines,
            builtin: None,
            openings,
            time_control: TimeControl::Clock {
                moves: None,
                base: Duration::from_secs(10),
                increment: Duration::from_millis(100),
            },
            games,
            repeat: true,
            concurrency: 1,
            time_margin: Duration::ZERO,
            adjudication: Adjudication::default(),
            event: "chess match".to_owned(),
        }
    }

    /// The games to play, in order.
    #[must_use]
    pub fn schedule(&self) -> Vec<Pairing> {
        let n = self.engines.len();
        let pairs: Vec<(usize, usize)> = (0..n)
            .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
            .collect();
        let mut schedule = Vec::new();
        // Round by round, so that every pair has played about as much when a match stops.
        for k in 0..self.games {
            for &(a, b) in &pairs {
                let opening = if self.repeat { k / 2 } else { k };
                let (white, black) = if k % 2 == 0 { (a, b) } else { (b, a) };
                schedule.push(Pairing {
                    number: schedule.len() + 1,
                    white,
                    black,
                    opening: opening % self.openings.len().max(1),
                });
            }
        }
        schedule
    }

    /// The time control of engine `index`.
    #[must_use]
    pub fn time_control_of(&self, index: usize) -> TimeControl {
        self.engines
            .get(index)
            .and_then(|e| e.time_control)
            .unwrap_or(self.time_control)
    }

    /// Plays the match. Each engine is started once first, to check that it starts and takes
    /// its options and to learn its name. `on_game` hears of every game as it ends (in the
    /// order they end) with the standings so far; [`ControlFlow::Break`] plays no further games
    /// (the games under way finish and are reported). The engines are restarted after a crash
    /// or a hang and the match goes on.
    ///
    /// # Errors
    ///
    /// [`TournamentError`] when an engine does not start or refuses an option, or the match
    /// has fewer than two engines or no openings.
    pub fn run(
        &self,
        mut on_game: impl FnMut(&GameRecord, &Standings) -> ControlFlow<()>,
    ) -> Result<Standings, TournamentError> {
        if self.engines.len() < 2 {
            return Err(TournamentError::Invalid(
                "a match needs at least two engines".to_owned(),
            ));
        }
        if self.openings.is_empty() {
            return Err(TournamentError::Invalid(
                "a match needs openings".to_owned(),
            ));
        }
        let names = self.names()?;
        let mut standings = Standings::new(names);
        let queue = Mutex::new(self.schedule().into_iter().collect::<VecDeque<_>>());
        let stop = AtomicBool::new(false);
        let (sender, receiver) = mpsc::channel();
        let workers = self.concurrency.clamp(1, 64);
        let failure = thread::scope(|scope| {
            for _ in 0..workers {
                let sender = sender.clone();
                let (queue, stop) = (&queue, &stop);
                scope.spawn(move || self.worker(queue, stop, &sender));
            }
            drop(sender);
            let mut failure = None;
            for message in receiver {
                match message {
                    Ok(record) => {
                        standings.add(&record);
                        if on_game(&record, &standings).is_break() {
                            stop.store(true, Ordering::Relaxed);
                        }
                    }
                    Err(error) => {
                        stop.store(true, Ordering::Relaxed);
                        failure.get_or_insert(error);
                    }
                }
            }
            failure
        });
        match failure {
            Some(error) => Err(error),
            None => Ok(standings),
        }
    }

    /// The engines' names: as configured, else as they say, made unique.
    fn names(&self) -> Result<Vec<String>, TournamentError> {
        let mut names: Vec<String> = Vec::new();
        for config in &self.engines {
            let shown = config.name.clone().unwrap_or_else(|| config.engine_name());
            let client =
                spawn_client(config, self.builtin.as_ref(), Host::Match).map_err(|source| {
                    TournamentError::Engine {
                        name: shown.clone(),
                        source,
                    }
                })?;
            let name = config
                .name
                .clone()
                .or_else(|| client.name().map(str::to_owned))
                .unwrap_or(shown);
            let _ = client.quit();
            let same = names
                .iter()
                .filter(|n| **n == name || n.starts_with(&format!("{name} (")))
                .count();
            names.push(if same == 0 {
                name
            } else {
                format!("{name} ({})", same + 1)
            });
        }
        Ok(names)
    }

    /// Plays games from the queue until it is empty or the match stops.
    fn worker(
        &self,
        queue: &Mutex<VecDeque<Pairing>>,
        stop: &AtomicBool,
        results: &mpsc::Sender<Result<GameRecord, TournamentError>>,
    ) {
        let mut clients: HashMap<usize, Client> = HashMap::new();
        let settings = GameSettings {
            adjudication: &self.adjudication,
            time_margin: self.time_margin,
        };
        loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let Some(pairing) = queue.lock().ok().and_then(|mut q| q.pop_front()) else {
                return;
            };
            for index in [pairing.white, pairing.black] {
                if let std::collections::hash_map::Entry::Vacant(slot) = clients.entry(index) {
                    let config = &self.engines[index];
                    match spawn_client(config, self.builtin.as_ref(), Host::Match) {
                        Ok(client) => {
                            slot.insert(client);
                        }
                        Err(source) => {
                            let name = config.engine_name();
                            let _ = results.send(Err(TournamentError::Engine { name, source }));
                            return;
                        }
                    }
                }
            }
            let mut white = clients.remove(&pairing.white);
            let mut black = clients.remove(&pairing.black);
            let (Some(w), Some(b)) = (white.as_mut(), black.as_mut()) else {
                return;
            };
            let opening = &self.openings[pairing.opening];
            let tcs = [
                self.time_control_of(pairing.white),
                self.time_control_of(pairing.black),
            ];
            let (outcome, termination, plies, health) = game::play([w, b], tcs, opening, &settings);
            match health {
                EngineHealth::Fine => {}
                // Dropping a client ends its process.
                EngineHealth::Restart(Color::White) => white = None,
                EngineHealth::Restart(Color::Black) => black = None,
            }
            if let Some(c) = white {
                clients.insert(pairing.white, c);
            }
            if let Some(c) = black {
                clients.insert(pairing.black, c);
            }
            let record = GameRecord {
                number: pairing.number,
                opening_index: pairing.opening,
                opening: opening.name.clone(),
                white: pairing.white,
                black: pairing.black,
                initial: opening.start.clone(),
                plies,
                outcome,
                termination,
            };
            if results.send(Ok(record)).is_err() {
                return;
            }
        }
    }
}

/// A game of the schedule: who plays white and black, from which opening.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Pairing {
    /// The game's number, from 1.
    pub number: usize,
    /// The engine with white (its index).
    pub white: usize,
    /// The engine with black.
    pub black: usize,
    /// The opening's index.
    pub opening: usize,
}

/// The results so far: each engine against each other, by games and by pairs of games from
/// one opening.
#[derive(Clone, Debug)]
pub struct Standings {
    names: Vec<String>,
    /// `tallies[a][b]`: a's results against b.
    tallies: Vec<Vec<Tally>>,
    /// `pairs[a][b]` for a < b: pairs of games of a against b from one opening, from a's side.
    pairs: Vec<Vec<PairTally>>,
    /// Games waiting for their partner: (a, b, opening) to a's score, a < b.
    waiting: HashMap<(usize, usize, usize), Vec<f64>>,
    /// Games played.
    games: usize,
}

impl Standings {
    fn new(names: Vec<String>) -> Standings {
        let n = names.len();
        Standings {
            names,
            tallies: vec![vec![Tally::default(); n]; n],
            pairs: vec![vec![PairTally::default(); n]; n],
            waiting: HashMap::new(),
            games: 0,
        }
    }

    /// Counts a game.
    pub fn add(&mut self, record: &GameRecord) {
        let (w, b) = (record.white, record.black);
        let Some(score) = record.score_of(w) else {
            return;
        };
        self.games += 1;
        self.tallies[w][b].add(score);
        self.tallies[b][w].add(1.0 - score);
        let (a, other, a_score) = if w < b {
            (w, b, score)
        } else {
            (b, w, 1.0 - score)
        };
        let waiting = self
            .waiting
            .entry((a, other, record.opening_index))
            .or_default();
        if let Some(first) = waiting.pop() {
            self.pairs[a][other].add(first, a_score);
        } else {
            waiting.push(a_score);
        }
    }

    /// The engines' names, by index.
    #[must_use]
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// The games counted.
    #[must_use]
    pub const fn games(&self) -> usize {
        self.games
    }

    /// Engine `a`'s results against `b`.
    #[must_use]
    pub fn pair(&self, a: usize, b: usize) -> Tally {
        self.tallies[a][b]
    }

    /// Engine `a`'s pairs of games against `b` (from one opening, colours swapped).
    #[must_use]
    pub fn game_pairs(&self, a: usize, b: usize) -> PairTally {
        if a < b {
            self.pairs[a][b]
        } else {
            let mut reversed = self.pairs[b][a];
            reversed.counts.reverse();
            reversed
        }
    }

    /// Engine `a`'s results against `b` as a sequential test reads them: by pairs of games
    /// (the pentanomial model, which accounts for the opening both games share) once a pair
    /// is complete, by games before.
    #[must_use]
    pub fn test_distribution(&self, a: usize, b: usize) -> Distribution {
        let pairs = self.game_pairs(a, b);
        if pairs.pairs() > 0 {
            pairs.distribution()
        } else {
            self.pair(a, b).distribution()
        }
    }

    /// Where the sequential test `sprt` of engine `a` against `b` stands on these results.
    #[must_use]
    pub fn sprt_status(&self, sprt: &Sprt, a: usize, b: usize) -> SprtStatus {
        sprt.status(&self.test_distribution(a, b))
    }

    /// The log-likelihood ratio of `sprt` for engine `a` against `b` on these results.
    #[must_use]
    pub fn sprt_llr(&self, sprt: &Sprt, a: usize, b: usize) -> f64 {
        sprt.llr(&self.test_distribution(a, b))
    }

    /// Engine `a`'s results against every other.
    #[must_use]
    pub fn total(&self, a: usize) -> Tally {
        self.tallies[a].iter().fold(Tally::default(), |t, x| Tally {
            wins: t.wins + x.wins,
            draws: t.draws + x.draws,
            losses: t.losses + x.losses,
        })
    }

    /// The engines by points, best first (ties by index).
    #[must_use]
    pub fn ranking(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.names.len()).collect();
        order.sort_by(|&a, &b| {
            self.total(b)
                .points()
                .total_cmp(&self.total(a).points())
                .then(a.cmp(&b))
        });
        order
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chess_rules::{DrawReason, Outcome, Position};

    fn tournament(engines: usize, openings: usize) -> Tournament {
        let opening = MatchOpening::from_position(Position::standard());
        Tournament::new(
            (0..engines)
                .map(|i| PlayerSpec::program(format!("e{i}")))
                .collect(),
            vec![opening; openings],
        )
    }

    #[test]
    fn two_engines_play_each_opening_twice_with_colours_swapped() {
        let mut t = tournament(2, 3);
        assert_eq!(t.games, 6);
        let s = t.schedule();
        let seen: Vec<(usize, usize, usize)> =
            s.iter().map(|p| (p.white, p.black, p.opening)).collect();
        assert_eq!(
            seen,
            [
                (0, 1, 0),
                (1, 0, 0),
                (0, 1, 1),
                (1, 0, 1),
                (0, 1, 2),
                (1, 0, 2)
            ]
        );
        assert_eq!(
            s.iter().map(|p| p.number).collect::<Vec<_>>(),
            [1, 2, 3, 4, 5, 6]
        );
        // More games than openings: round again.
        t.games = 8;
        assert_eq!(t.schedule()[7].opening, 0);
        t.repeat = false;
        let s = t.schedule();
        assert_eq!((s[1].white, s[1].opening), (1, 1));
    }

    #[test]
    fn three_engines_meet_in_every_pair_round_by_round() {
        let mut t = tournament(3, 1);
        t.games = 2;
        let s = t.schedule();
        assert_eq!(s.len(), 6);
        let firsts: Vec<(usize, usize)> = s[..3].iter().map(|p| (p.white, p.black)).collect();
        assert_eq!(firsts, [(0, 1), (0, 2), (1, 2)]);
        let seconds: Vec<(usize, usize)> = s[3..].iter().map(|p| (p.white, p.black)).collect();
        assert_eq!(seconds, [(1, 0), (2, 0), (2, 1)]);
    }

    fn record(white: usize, black: usize, opening: usize, winner: Option<Color>) -> GameRecord {
        GameRecord {
            number: 1,
            opening_index: opening,
            opening: None,
            white,
            black,
            initial: Position::standard(),
            plies: Vec::new(),
            outcome: match winner {
                Some(winner) => Outcome::Decisive {
                    winner,
                    reason: chess_rules::WinReason::Checkmate,
                },
                None => Outcome::Draw {
                    reason: DrawReason::Stalemate,
                },
            },
            termination: Termination::Normal,
        }
    }

    #[test]
    fn standings_count_games_and_pairs_from_both_sides() {
        let mut s = Standings::new(vec!["a".into(), "b".into(), "c".into()]);
        s.add(&record(0, 1, 0, Some(Color::White))); // a beats b
        s.add(&record(1, 0, 0, None)); // draw: pair 1.5 for a
        s.add(&record(2, 1, 3, Some(Color::White))); // c beats b
        s.add(&record(1, 0, 1, Some(Color::White))); // b beats a, partner still to come
        s.add(&record(1, 2, 4, Some(Color::Black))); // c beats b
        assert_eq!(s.games(), 5);
        assert_eq!(
            s.pair(0, 1),
            Tally {
                wins: 1,
                draws: 1,
                losses: 1
            }
        );
        assert_eq!(s.pair(1, 0), s.pair(0, 1).reversed());
        assert_eq!(s.game_pairs(0, 1).counts, [0, 0, 0, 1, 0]);
        assert_eq!(s.game_pairs(1, 0).counts, [0, 1, 0, 0, 0]);
        assert_eq!(s.total(1).losses, 3);
        // c 2 points, a 1.5, b 1.5 (a before b on a tie).
        assert_eq!(s.ranking(), [2, 0, 1]);
    }

    #[test]
    fn the_test_reads_games_until_a_pair_is_complete() {
        let mut s = Standings::new(vec!["a".into(), "b".into()]);
        s.add(&record(0, 1, 0, Some(Color::White))); // a beats b, its pair still to come
        assert_eq!(s.game_pairs(0, 1).pairs(), 0);
        assert_eq!(s.test_distribution(0, 1), s.pair(0, 1).distribution());
        assert_eq!(s.test_distribution(0, 1).samples, 1);
        s.add(&record(1, 0, 0, None)); // the pair: 1.5 points for a
        assert_eq!(s.test_distribution(0, 1), s.game_pairs(0, 1).distribution());
        assert_eq!(s.test_distribution(0, 1).samples, 1);
        assert!((s.test_distribution(0, 1).mean - 0.75).abs() < 1e-12);
        let sprt = Sprt::new(0.0, 5.0, 0.05, 0.05);
        assert_eq!(
            s.sprt_llr(&sprt, 0, 1),
            sprt.llr(&s.game_pairs(0, 1).distribution())
        );
        assert_eq!(s.sprt_status(&sprt, 0, 1), SprtStatus::Continue);
    }

    #[test]
    fn a_match_needs_two_engines_and_openings() {
        let t = tournament(1, 1);
        assert!(matches!(
            t.run(|_, _| ControlFlow::Continue(())),
            Err(TournamentError::Invalid(_))
        ));
        let t = tournament(2, 0);
        assert!(matches!(
            t.run(|_, _| ControlFlow::Continue(())),
            Err(TournamentError::Invalid(_))
        ));
        let t = tournament(2, 1);
        assert!(matches!(
            t.run(|_, _| ControlFlow::Continue(())),
            Err(TournamentError::Engine { .. })
        ));
    }
}
