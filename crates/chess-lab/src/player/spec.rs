//! A player as it is set up ([`PlayerSpec`]), and the text it is read from.

use core::str::FromStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use chess_engine::Level;
use chess_engine::uci::ClientError;

use super::error::PlayerError;
use crate::settings::{self, ParseSettingsError, ParseSettingsErrorKind};
use crate::time_control::TimeControl;

/// The word that names the built-in engine in a [`PlayerSpec`].
pub const BUILTIN: &str = "builtin";

/// Which engine.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Engine {
    /// This workspace's engine (`chess-engine`): searched in this process by
    /// [`Player::start`](super::Player::start), or as a UCI process of a program the caller
    /// names where every player must be a process (a match).
    Builtin,
    /// A UCI engine: the program to start.
    Program(PathBuf),
}

/// A player as it is set up: the engine, its name, the arguments of its program, the UCI
/// options to set, the built-in engine's level, the tablebases and the opening book it plays
/// with, the seed of its random choices, and, in a match, its own time control.
///
/// Read from text as `chess match -e` and cutechess-cli take it: `builtin` or the engine's
/// path, then settings separated by commas:
///
/// | setting | what |
/// | --- | --- |
/// | `name=N` | the name in results and PGN |
/// | `arg=A` | an argument of the engine's program (repeatable) |
/// | `option.NAME=V` | a UCI option |
/// | `level=N` | the built-in engine's strength, 1 to 10 ([`Level`]); refused for a UCI engine |
/// | `syzygy=DIR` | a directory of Syzygy tables (repeatable); a UCI engine gets them as `SyzygyPath` |
/// | `book=FILE` | a Polyglot book, played from first ([`Player::play`](super::Player::play)) |
/// | `seed=N` | the seed of the book's draws and the weaker levels' choices |
/// | `tc=40/60+0.6`, `movetime=MS`, `depth=D`, `nodes=N` | its own time control in a match |
///
/// ```
/// use chess_engine::Level;
/// use chess_lab::player::{Engine, PlayerSpec};
/// use chess_lab::TimeControl;
///
/// let spec: PlayerSpec = "/usr/games/stockfish,name=SF,option.Hash=64,depth=12".parse()?;
/// assert_eq!(spec.engine, Engine::Program("/usr/games/stockfish".into()));
/// assert_eq!(spec.name.as_deref(), Some("SF"));
/// assert_eq!(spec.options, [("Hash".to_owned(), "64".to_owned())]);
/// assert_eq!(spec.time_control, Some(TimeControl::Depth(12)));
///
/// let spec: PlayerSpec = "builtin,level=3,syzygy=/tb/345,book=book.bin,seed=7".parse()?;
/// assert_eq!(spec.level, Level::new(3));
/// assert_eq!(spec.syzygy, ["/tb/345"].map(std::path::PathBuf::from));
/// assert_eq!(spec.book.as_deref(), Some("book.bin".as_ref()));
/// assert_eq!(spec.seed, Some(7));
///
/// assert!("builtin,colour=red".parse::<PlayerSpec>().is_err());
/// // A UCI engine's strength is its own options' business (UCI_Elo, Skill Level).
/// assert!("/usr/games/stockfish,level=3".parse::<PlayerSpec>().is_err());
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
    /// The built-in engine's strength (full strength when `None`). A UCI engine has no level
    /// (its own options say how strong it plays, and no mapping to them is faithful): a
    /// player with one does not start.
    pub level: Option<Level>,
    /// Directories of Syzygy tablebases: the built-in engine probes them, a UCI engine is
    /// given them as its `SyzygyPath` option (unless `options` sets it).
    pub syzygy: Vec<PathBuf>,
    /// A Polyglot opening book: [`Player::play`](super::Player::play) plays a move drawn
    /// from it, by weight, while the position is in it, before asking the engine.
    pub book: Option<PathBuf>,
    /// The seed of the player's random choices (the book's draws, the weaker levels' picks):
    /// the same seed and the same questions give the same moves. Without one they start
    /// from a fixed seed as well, as a new `Searcher` does; seed with
    /// [`chess_engine::random_seed`] for games that vary.
    pub seed: Option<u64>,
    /// Its own time control in a match, if not the match's.
    pub time_control: Option<TimeControl>,
}

/// The settings a [`PlayerSpec`] takes, for people.
const SPEC_SETTINGS: &str =
    "name, arg, option.NAME, level, syzygy, book, seed, tc, movetime, depth or nodes";

/// Why a UCI engine takes no `level`.
pub(crate) const LEVEL_IS_BUILTIN: &str = "a level is the built-in engine's strength; set a UCI \
     engine's own options instead (option.UCI_LimitStrength=true,option.UCI_Elo=N or option.Skill \
     Level=N)";

/// Who plays the book and draws the random choices of a player that runs as a UCI process.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(crate) enum Host {
    /// A [`Player`](super::Player) in this process, which plays the book itself and draws
    /// from the seed.
    Player,
    /// A match, which passes moves between processes: the process plays its own book, and
    /// draws its own random choices.
    Match,
}

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
            level: None,
            syzygy: Vec::new(),
            book: None,
            seed: None,
            time_control: None,
        }
    }

    /// Whether this is the built-in engine.
    #[must_use]
    pub fn is_builtin(&self) -> bool {
        self.engine == Engine::Builtin
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
    /// [`ParseSettingsError`] naming the setting that could not be read, or that is not for
    /// this engine (`level` for a UCI engine).
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
                "level" if !self.is_builtin() => {
                    return Err(item.error(ParseSettingsErrorKind::NotFor(LEVEL_IS_BUILTIN)));
                }
                "level" => {
                    let level = item.number::<u8>().ok().and_then(Level::new);
                    self.level = Some(level.ok_or_else(|| {
                        item.error(ParseSettingsErrorKind::Expected("a level from 1 to 10"))
                    })?);
                }
                "syzygy" | "book" if value.trim().is_empty() => {
                    let what = if item.key == "book" {
                        "the path of a polyglot book"
                    } else {
                        "a directory of Syzygy tables"
                    };
                    return Err(item.error(ParseSettingsErrorKind::Expected(what)));
                }
                "syzygy" => self.syzygy.push(value.into()),
                "book" => self.book = Some(value.into()),
                "seed" => self.seed = Some(item.number()?),
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

    /// The UCI options a process of this player is set up with, in order: its own
    /// [`options`](PlayerSpec::options), then what its settings become where its options do
    /// not set them: the tables as `SyzygyPath`, the built-in engine's level as its `Skill
    /// Level` (the one whose level it is); in a match, the built-in engine's book as
    /// `BookFile` and `OwnBook`.
    ///
    /// # Errors
    ///
    /// [`PlayerError::Unsupported`] for what a process cannot be told: a UCI engine's level,
    /// and in a match a UCI engine's book or any seed (each process draws its own); a
    /// tablebase error ([`open_tablebases`](super::open_tablebases)) for directories
    /// without tables.
    pub(crate) fn process_options(&self, host: Host) -> Result<Vec<(String, String)>, PlayerError> {
        let mut options = self.options.clone();
        let mut add = |name: &str, value: String| {
            if self.option(name).is_none() {
                options.push((name.to_owned(), value));
            }
        };
        if !self.syzygy.is_empty() {
            // Said here, plainly, rather than by the engine in an `info string`, if at all.
            #[cfg(feature = "syzygy")]
            super::tables::open_tablebases(&self.syzygy)?;
            add("SyzygyPath", syzygy_path(&self.syzygy));
        }
        if let Some(level) = self.level {
            if !self.is_builtin() {
                return Err(PlayerError::Unsupported {
                    setting: "level",
                    why: LEVEL_IS_BUILTIN,
                });
            }
            add("Skill Level", skill_level(level).to_string());
        }
        if host == Host::Match {
            if let Some(book) = &self.book {
                if !self.is_builtin() {
                    return Err(PlayerError::Unsupported {
                        setting: "book",
                        why: "a match plays a UCI engine's moves as it sends them; give the \
                              engine its own book through its options",
                    });
                }
                add("BookFile", book.display().to_string());
                add("OwnBook", "true".to_owned());
            }
            if self.seed.is_some() {
                return Err(PlayerError::Unsupported {
                    setting: "seed",
                    why: "the engines of a match are processes that draw their own random \
                          choices",
                });
            }
        }
        Ok(options)
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

/// Directories as UCI's `SyzygyPath` option lists them: joined by `:` (`;` on Windows).
///
/// ```
/// use std::path::PathBuf;
///
/// let dirs = ["/tb/345", "/tb/6"].map(PathBuf::from);
/// # #[cfg(not(windows))]
/// assert_eq!(chess_lab::player::syzygy_path(&dirs), "/tb/345:/tb/6");
/// ```
#[must_use]
pub fn syzygy_path(dirs: &[PathBuf]) -> String {
    let separator = if cfg!(windows) { ";" } else { ":" };
    dirs.iter()
        .map(|dir| dir.display().to_string())
        .collect::<Vec<_>>()
        .join(separator)
}

/// The built-in engine's UCI `Skill Level` (0 to 20) that is `level`: the highest that the
/// engine reads as it ([`Level::from_skill`]), so that level 10 is 20.
fn skill_level(level: Level) -> u8 {
    (0..=20)
        .rev()
        .find(|&skill| Level::from_skill(skill) == level)
        .unwrap_or(20)
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
    fn specs_read_level_tables_book_and_seed() {
        let spec: PlayerSpec = "builtin,level=3,syzygy=/tb/345,syzygy = /tb/6,book=b.bin,seed=7"
            .parse()
            .unwrap();
        assert_eq!(spec.level, Level::new(3));
        assert_eq!(spec.syzygy, ["/tb/345", "/tb/6"].map(PathBuf::from));
        assert_eq!(spec.book, Some(PathBuf::from("b.bin")));
        assert_eq!(spec.seed, Some(7));
        // A later level or book replaces the earlier one; the `--each` settings come first.
        let mut spec: PlayerSpec = "builtin,level=2,book=a.bin".parse().unwrap();
        spec.apply("level=10,book=b.bin").unwrap();
        assert_eq!(
            (spec.level, spec.book),
            (Some(Level::MAX), Some("b.bin".into()))
        );

        // A UCI engine takes tables, a book and a seed (the player plays the book), no level.
        let spec: PlayerSpec = "/usr/games/stockfish,syzygy=/tb,book=b.bin,seed=1"
            .parse()
            .unwrap();
        assert_eq!((spec.level, spec.seed), (None, Some(1)));

        for (bad, message) in [
            (
                "builtin,level=0",
                "\"level=0\": expected a level from 1 to 10",
            ),
            (
                "builtin,level=11",
                "\"level=11\": expected a level from 1 to 10",
            ),
            (
                "builtin,level=x",
                "\"level=x\": expected a level from 1 to 10",
            ),
            ("builtin,level", "\"level\": expected KEY=VALUE"),
            ("builtin,seed=-1", "seed=\"-1\" is not a number"),
            ("builtin,seed=x", "seed=\"x\" is not a number"),
            ("builtin,book", "\"book\": expected KEY=VALUE"),
            (
                "builtin,book=",
                "\"book=\": expected the path of a polyglot book",
            ),
            ("builtin,syzygy= ", "expected a directory of Syzygy tables"),
            (
                "/usr/games/stockfish,level=3",
                "\"level=3\": a level is the built-in engine's strength; set a UCI engine's own \
                 options instead (option.UCI_LimitStrength=true,option.UCI_Elo=N or \
                 option.Skill Level=N)",
            ),
        ] {
            let e = bad.parse::<PlayerSpec>().unwrap_err().to_string();
            assert!(e.contains(message), "{bad}: {e}");
        }
    }

    #[test]
    fn a_process_is_told_the_settings_it_has_options_for() {
        let options = |text: &str, host| {
            text.parse::<PlayerSpec>()
                .unwrap()
                .process_options(host)
                .map_err(|e| e.to_string())
        };
        let owned = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|&(n, v)| (n.to_owned(), v.to_owned()))
                .collect::<Vec<_>>()
        };
        // Each level is the built-in engine's Skill Level that reads back as it.
        for n in 1..=10 {
            let level = Level::new(n).unwrap();
            assert_eq!(Level::from_skill(skill_level(level)), level);
        }
        assert_eq!(
            options("builtin,level=1,book=b.bin,option.Hash=8", Host::Match),
            Ok(owned(&[
                ("Hash", "8"),
                ("Skill Level", "1"),
                ("BookFile", "b.bin"),
                ("OwnBook", "true"),
            ]))
        );
        // A player in this process plays the book and draws from the seed itself.
        assert_eq!(
            options("builtin,level=10,book=b.bin,seed=3", Host::Player),
            Ok(owned(&[("Skill Level", "20")]))
        );
        assert_eq!(
            options("/usr/games/stockfish,book=b.bin,seed=3", Host::Player),
            Ok(Vec::new())
        );
        let refused = options("/usr/games/stockfish,book=b.bin", Host::Match).unwrap_err();
        assert!(refused.starts_with("book: a match plays"), "{refused}");
        let refused = options("builtin,seed=3", Host::Match).unwrap_err();
        assert!(
            refused.starts_with("seed: the engines of a match"),
            "{refused}"
        );
        // Set directly rather than read: refused when the process is set up.
        let mut spec = PlayerSpec::program("/usr/games/stockfish");
        spec.level = Some(Level::MIN);
        let refused = spec.process_options(Host::Player).unwrap_err().to_string();
        assert!(
            refused.starts_with("level: a level is the built-in"),
            "{refused}"
        );
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
}
