//! Who plays or analyses: the built-in engine or a UCI engine program, set up from one typed
//! description ([`PlayerSpec`], read from the text `chess match -e` takes) and driven through
//! one interface ([`Player`]) by a game against a person, analysis, annotation and matches.
//!
//! ```
//! use chess_lab::player::{Player, PlayerSpec};
//! use chess_engine::Limits;
//! use chess_rules::Position;
//!
//! let spec: PlayerSpec = "builtin,option.Hash=4".parse()?;
//! let mut player = Player::start(&spec)?;
//! let analysis = player.analyse(&Position::standard(), &[], &Limits::depth(5), |_| {})?;
//! assert!(analysis.best_move().is_some());
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use chess_engine::ENGINE_NAME;
use chess_engine::uci::{Client, ClientError, Info};
use chess_engine::{Control, Limits, Score, Searcher};
use chess_rules::{Move, Position};

use crate::settings::{self, ParseSettingsError, ParseSettingsErrorKind};
use crate::time_control::TimeControl;

/// The word that names the built-in engine in a [`PlayerSpec`].
pub const BUILTIN: &str = "builtin";

/// Which engine.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Engine {
    /// This workspace's engine (`chess-engine`): searched in this process by [`Player::start`],
    /// or as a UCI process of a program the caller names where every player must be a process
    /// (a match).
    Builtin,
    /// A UCI engine: the program to start.
    Program(PathBuf),
}

/// A player as it is set up: the engine, its name, the arguments of its program, the UCI
/// options to set, and, in a match, its own time control.
///
/// Read from text as `chess match -e` and cutechess-cli take it: `builtin` or the engine's
/// path, then settings separated by commas: `name=N`, `arg=A` (repeatable), `option.NAME=V`,
/// and the time control `tc=40/60+0.6`, `movetime=MS`, `depth=D` or `nodes=N`.
///
/// ```
/// use chess_lab::player::{Engine, PlayerSpec};
/// use chess_lab::TimeControl;
///
/// let spec: PlayerSpec = "/usr/games/stockfish,name=SF,option.Hash=64,depth=12".parse()?;
/// assert_eq!(spec.engine, Engine::Program("/usr/games/stockfish".into()));
/// assert_eq!(spec.name.as_deref(), Some("SF"));
/// assert_eq!(spec.options, [("Hash".to_owned(), "64".to_owned())]);
/// assert_eq!(spec.time_control, Some(TimeControl::Depth(12)));
/// assert!("builtin,colour=red".parse::<PlayerSpec>().is_err());
/// # Ok::<_, chess_lab::settings::ParseSettingsError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PlayerSpec {
    /// The engine.
    pub engine: Engine,
    /// The name in results and PGN; by default the engine's own (`id name`).
    pub name: Option<String>,
    /// The arguments of the engine's program.
    pub args: Vec<String>,
    /// UCI options set after the handshake, in order (`setoption name N value V`); a later
    /// setting of the same option replaces an earlier one.
    pub options: Vec<(String, String)>,
    /// Its own time control in a match, if not the match's.
    pub time_control: Option<TimeControl>,
}

/// The settings a [`PlayerSpec`] takes, for people.
const SPEC_SETTINGS: &str = "name, arg, option.NAME, tc, movetime, depth or nodes";

impl PlayerSpec {
    /// The built-in engine, without settings.
    #[must_use]
    pub fn builtin() -> PlayerSpec {
        PlayerSpec::of(Engine::Builtin)
    }

    /// The UCI engine `program`, without settings.
    #[must_use]
    pub fn program(program: impl Into<PathBuf>) -> PlayerSpec {
        PlayerSpec::of(Engine::Program(program.into()))
    }

    fn of(engine: Engine) -> PlayerSpec {
        PlayerSpec {
            engine,
            name: None,
            args: Vec::new(),
            options: Vec::new(),
            time_control: None,
        }
    }

    /// Sets `name` to `value` (replacing an earlier value).
    pub fn set_option(&mut self, name: &str, value: &str) {
        self.options.retain(|(n, _)| !n.eq_ignore_ascii_case(name));
        self.options.push((name.to_owned(), value.to_owned()));
    }

    /// The value of option `name`, if set.
    #[must_use]
    pub fn option(&self, name: &str) -> Option<&str> {
        self.options
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// Applies `settings` (`name=N,option.Hash=64,...`, as after the engine in the text
    /// form); a later setting wins over an earlier one (cutechess-cli's `-each` first, then
    /// the engine's own).
    ///
    /// # Errors
    ///
    /// [`ParseSettingsError`] naming the setting that could not be read.
    pub fn apply(&mut self, settings: &str) -> Result<(), ParseSettingsError> {
        for item in settings::items(settings, &[], "")? {
            let value = item.value()?;
            let positive = |what: &'static str| {
                item.number::<u64>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| item.error(ParseSettingsErrorKind::Expected(what)))
            };
            match item.key {
                "name" => self.name = Some(value.to_owned()),
                "arg" => self.args.push(value.to_owned()),
                "tc" => {
                    self.time_control = Some(value.parse().map_err(|_| {
                        item.error(ParseSettingsErrorKind::Expected(
                            "[MOVES/]SECONDS[+INCREMENT], as 10+0.1 or 40/60",
                        ))
                    })?);
                }
                "movetime" => {
                    let ms = positive("milliseconds")?;
                    self.time_control = Some(TimeControl::MoveTime(Duration::from_millis(ms)));
                }
                "depth" => {
                    let depth = u32::try_from(positive("a depth")?)
                        .map_err(|_| item.error(ParseSettingsErrorKind::Expected("a depth")))?;
                    self.time_control = Some(TimeControl::Depth(depth));
                }
                "nodes" => self.time_control = Some(TimeControl::Nodes(positive("a node count")?)),
                key => match key.strip_prefix("option.") {
                    Some(name) if !name.is_empty() => self.set_option(name, value),
                    _ => {
                        return Err(item.error(ParseSettingsErrorKind::Unknown {
                            expected: SPEC_SETTINGS,
                        }));
                    }
                },
            }
        }
        Ok(())
    }

    /// The process a match starts for this player: its program with its arguments, or, for
    /// the built-in engine, `builtin` (a program that speaks UCI as this engine, such as
    /// `chess uci`) with the player's arguments after its own.
    ///
    /// # Errors
    ///
    /// [`ClientError::Spawn`] for the built-in engine without `builtin`.
    pub fn command(
        &self,
        builtin: Option<&(PathBuf, Vec<String>)>,
    ) -> Result<Command, ClientError> {
        let mut command = match (&self.engine, builtin) {
            (Engine::Program(program), _) => Command::new(program),
            (Engine::Builtin, Some((program, args))) => {
                let mut command = Command::new(program);
                command.args(args);
                command
            }
            (Engine::Builtin, None) => {
                return Err(ClientError::Spawn(std::io::Error::other(
                    "the built-in engine plays a match as a UCI process, and no program was \
                     given to run it",
                )));
            }
        };
        command.args(&self.args);
        Ok(command)
    }

    /// The engine's program, or [`BUILTIN`], for messages.
    #[must_use]
    pub fn engine_name(&self) -> String {
        match &self.engine {
            Engine::Builtin => BUILTIN.to_owned(),
            Engine::Program(program) => program.display().to_string(),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = ParseSettingsError;

    fn from_str(text: &str) -> Result<PlayerSpec, ParseSettingsError> {
        let (engine, settings) = text.split_once(',').unwrap_or((text, ""));
        let engine = engine.trim();
        let mut spec = match engine {
            "" => {
                return Err(settings::invalid(
                    text,
                    "expected `builtin` or the path of a UCI engine first",
                ));
            }
            BUILTIN => PlayerSpec::builtin(),
            program => PlayerSpec::program(program),
        };
        spec.apply(settings)?;
        Ok(spec)
    }
}

/// The result of analysing a position: the lines of the last completed iteration, best
/// first (one per multi-PV line).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Analysis {
    /// The lines, best first; each has a score and a principal variation.
    pub lines: Vec<Info>,
    /// The move the engine would play (its `bestmove`).
    pub best: Option<Move>,
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
}

/// A player at work: the built-in search in this process, or a UCI engine process.
pub enum Player {
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
    /// The built-in search.
    #[must_use]
    pub fn builtin(searcher: Searcher) -> Player {
        Player::Builtin(Box::new(searcher))
    }

    /// A UCI engine.
    #[must_use]
    pub fn uci(client: Client) -> Player {
        Player::Uci(Box::new(client))
    }

    /// Starts the player `spec` describes: a program as a UCI process, with the handshake and
    /// its options; the built-in engine as a search in this process (its options `Hash`,
    /// `Threads` and `MultiPV`, which are all a search in process needs).
    ///
    /// # Errors
    ///
    /// [`ClientError`] when the engine cannot be started, does not answer, or has no option
    /// of a name given (the built-in engine: none but those above).
    pub fn start(spec: &PlayerSpec) -> Result<Player, ClientError> {
        match &spec.engine {
            Engine::Builtin => {
                let mut player = Player::builtin(Searcher::new());
                for (name, value) in &spec.options {
                    player.set_option(name, value)?;
                }
                Ok(player)
            }
            Engine::Program(_) => Player::spawn(spec, None),
        }
    }

    /// Starts `spec` as a UCI process (the built-in engine as `builtin`: see
    /// [`PlayerSpec::command`]), with the handshake and its options, waiting up to 30
    /// seconds for it to answer.
    ///
    /// # Errors
    ///
    /// [`ClientError`] when the engine cannot be started, does not answer, or refuses an
    /// option.
    pub fn spawn(
        spec: &PlayerSpec,
        builtin: Option<&(PathBuf, Vec<String>)>,
    ) -> Result<Player, ClientError> {
        spawn_client(spec, builtin).map(Player::uci)
    }

    /// The engine's name: its `id name`, or the built-in engine's.
    #[must_use]
    pub fn name(&self) -> String {
        match self {
            Player::Builtin(_) => ENGINE_NAME.to_owned(),
            Player::Uci(client) => client.name().unwrap_or("engine").to_owned(),
        }
    }

    /// Whether the engine has an option `name` (the built-in engine in process: `Hash`,
    /// `Threads`, `MultiPV`).
    #[must_use]
    pub fn has_option(&self, name: &str) -> bool {
        match self {
            Player::Builtin(_) => ["Hash", "Threads", "MultiPV"]
                .iter()
                .any(|n| n.eq_ignore_ascii_case(name)),
            Player::Uci(client) => client.option(name).is_some(),
        }
    }

    /// Sets the option `name` to `value`.
    ///
    /// # Errors
    ///
    /// [`ClientError::UnknownOption`] when the engine has no such option (or the built-in
    /// engine's value is not a number), or the error of a UCI engine that does not answer.
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), ClientError> {
        match self {
            Player::Builtin(searcher) => {
                let number = value
                    .trim()
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| ClientError::UnknownOption(format!("{name}={value}")))?;
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
            Player::Uci(client) => client.set_option(name, Some(value)),
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
        match self {
            Player::Builtin(searcher) => {
                searcher.clear();
                Ok(())
            }
            Player::Uci(client) => client.new_game(),
        }
    }

    /// Analyses the position reached from `start` by `moves` (legal in sequence) within
    /// `limits`; `on_info` hears of every line the engine reports as it goes. The earlier
    /// positions count for repetitions. The move to play is [`Analysis::best_move`].
    ///
    /// # Errors
    ///
    /// [`ClientError`] when a UCI engine fails.
    pub fn analyse(
        &mut self,
        start: &Position,
        moves: &[Move],
        limits: &Limits,
        mut on_info: impl FnMut(&Info),
    ) -> Result<Analysis, ClientError> {
        let mut lines: Vec<Info> = Vec::new();
        let mut keep = |info: &Info| {
            on_info(info);
            if info.lowerbound || info.upperbound || info.score.is_none() || info.pv.is_empty() {
                return;
            }
            let k = info.multipv.unwrap_or(1).max(1) as usize;
            if lines.len() < k {
                lines.resize(k, Info::default());
            }
            lines[k - 1] = info.clone();
        };
        let best = match self {
            Player::Builtin(searcher) => {
                let mut pos = start.clone();
                let mut history = vec![pos.zobrist_hash()];
                for &m in moves {
                    pos.play_unchecked(m);
                    history.push(pos.zobrist_hash());
                }
                history.pop();
                let result = searcher.search(&pos, &history, limits, &Control::new(), |info| {
                    keep(&Info::from(info));
                });
                result.best_move
            }
            Player::Uci(client) => {
                client.set_position(start, moves)?;
                client.go(limits, &mut keep)?.best
            }
        };
        // Lines the engine never reported (fewer legal moves than asked for) are left out.
        lines.retain(|l| l.score.is_some());
        Ok(Analysis { lines, best })
    }

    /// Ends a UCI engine's process (`quit`); nothing for the built-in engine.
    ///
    /// # Errors
    ///
    /// [`ClientError`] when the process does not end in time (it is killed).
    pub fn quit(self) -> Result<(), ClientError> {
        match self {
            Player::Builtin(_) => Ok(()),
            Player::Uci(client) => client.quit(),
        }
    }
}

/// [`Player::spawn`]'s process, as the client a match drives.
pub(crate) fn spawn_client(
    spec: &PlayerSpec,
    builtin: Option<&(PathBuf, Vec<String>)>,
) -> Result<Client, ClientError> {
    let command = spec.command(builtin)?;
    let mut client = Client::spawn_command_with_timeout(command, Duration::from_secs(30))?;
    for (name, value) in &spec.options {
        client.set_option(name, Some(value))?;
    }
    client.is_ready()?;
    Ok(client)
}

/// The program a match runs for the built-in engine when it is this one: `program uci`.
#[must_use]
pub fn builtin_command(program: &Path) -> (PathBuf, Vec<String>) {
    (program.to_owned(), vec!["uci".to_owned()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_read_their_settings() {
        let spec: PlayerSpec =
            "/usr/games/stockfish,name=sf,option.UCI_Elo=2000,option.Hash=32,tc=5+0.05,arg=-q"
                .parse()
                .unwrap();
        assert_eq!(spec.engine, Engine::Program("/usr/games/stockfish".into()));
        assert_eq!(spec.name.as_deref(), Some("sf"));
        assert_eq!(spec.args, ["-q"]);
        assert_eq!(
            spec.options,
            [
                ("UCI_Elo".to_owned(), "2000".to_owned()),
                ("Hash".to_owned(), "32".to_owned())
            ]
        );
        assert_eq!(spec.time_control, Some("5+0.05".parse().unwrap()));

        // A later setting of an option replaces the earlier one, whatever its case.
        let mut spec: PlayerSpec = "builtin,depth=3,option.hash=16".parse().unwrap();
        spec.apply("option.Hash=64,movetime=200").unwrap();
        assert_eq!(spec.engine, Engine::Builtin);
        assert_eq!(spec.options, [("Hash".to_owned(), "64".to_owned())]);
        assert_eq!(
            spec.time_control,
            Some(TimeControl::MoveTime(Duration::from_millis(200)))
        );

        for (bad, message) in [
            ("", "expected `builtin` or the path of a UCI engine first"),
            (
                ",name=x",
                "expected `builtin` or the path of a UCI engine first",
            ),
            ("builtin,foo=1", "\"foo=1\": unknown setting"),
            ("builtin,name", "\"name\": expected KEY=VALUE"),
            ("builtin,tc=x", "\"tc=x\": expected [MOVES/]SECONDS"),
            ("builtin,option.=1", "\"option.=1\": unknown setting"),
            ("builtin,depth=0", "\"depth=0\": expected a depth"),
            ("builtin,nodes=-1", "\"nodes=-1\": expected a node count"),
        ] {
            let e = bad.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(e.contains(message), "{bad}: {e}");
        }
    }

    #[test]
    fn the_builtin_engine_runs_as_a_process_only_with_a_program() {
        let spec = PlayerSpec::builtin();
        assert!(spec.command(None).is_err());
        let command = spec
            .command(Some(&builtin_command(Path::new("/bin/chess"))))
            .unwrap();
        assert_eq!(command.get_program(), "/bin/chess");
        assert_eq!(command.get_args().collect::<Vec<_>>(), ["uci"]);
    }

    #[test]
    fn the_builtin_player_takes_the_options_of_a_search() {
        let spec: PlayerSpec = "builtin,option.Hash=2,option.MultiPV=2".parse().unwrap();
        let mut player = Player::start(&spec).unwrap();
        assert_eq!(player.name(), ENGINE_NAME);
        let analysis = player
            .analyse(&Position::standard(), &[], &Limits::depth(4), |_| {})
            .unwrap();
        assert_eq!(analysis.lines.len(), 2);
        let unknown: PlayerSpec = "builtin,option.Contempt=20".parse().unwrap();
        assert!(matches!(
            Player::start(&unknown),
            Err(ClientError::UnknownOption(name)) if name == "Contempt"
        ));
    }

    #[test]
    fn builtin_analysis_keeps_every_line_of_the_last_iteration() {
        let mut player = Player::builtin(Searcher::with_hash(4));
        player.set_multi_pv(3).unwrap();
        let mut reported = 0;
        let analysis = player
            .analyse(&Position::standard(), &[], &Limits::depth(5), |_| {
                reported += 1
            })
            .unwrap();
        assert_eq!(reported, 15);
        assert_eq!(analysis.lines.len(), 3);
        for (i, line) in analysis.lines.iter().enumerate() {
            assert_eq!(line.multipv, Some(i as u32 + 1));
            assert_eq!(line.depth, Some(5));
        }
        assert_eq!(analysis.best_move(), Some(analysis.lines[0].pv[0]));
        assert!(analysis.lines[0].score >= analysis.lines[1].score);
    }

    #[test]
    fn earlier_positions_count_for_repetitions() {
        // After 1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1, black's Ng8 brings the start back a
        // third time: a draw, which the search sees only with the game's earlier positions.
        // White has no queen, so that without them the score is far from a draw's, whatever
        // the evaluation makes of the position.
        let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1";
        let pos = chess_notation::fen::Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position_auto()
            .unwrap();
        let mut moves = Vec::new();
        let mut p = pos.clone();
        for uci in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
            let m = chess_notation::uci::parse(&p, uci).unwrap();
            p.play_unchecked(m);
            moves.push(m);
        }
        let back = chess_notation::uci::parse(&p, "f6g8").unwrap();
        let limits = Limits {
            depth: Some(2),
            search_moves: vec![back],
            ..Limits::default()
        };
        let mut player = Player::builtin(Searcher::with_hash(4));
        let with_history = player.analyse(&pos, &moves, &limits, |_| {}).unwrap();
        // A draw by rule scores a centipawn either side of even (the search's draw jitter).
        let draw = |score| matches!(score, Some(Score::Cp(-1..=1)));
        assert!(draw(with_history.score()), "{:?}", with_history.score());
        player.new_game().unwrap();
        let alone = player.analyse(&p, &[], &limits, |_| {}).unwrap();
        assert!(!draw(alone.score()), "{:?}", alone.score());
    }
}
