//! The computer side: `chess uci`, `chess analyse`, `chess bench`, and opponents for `play`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use chess_core::Color;
use chess_engine::uci::{ClientError, Info};
use chess_engine::{Control, Level, Limits, Score, Tablebase};
use chess_lab::player::{Analysis, Player, PlayerError, PlayerSpec, syzygy_path};
use chess_notation::polyglot::Book;
use chess_notation::{Fen, SanPlus};
use chess_rules::{Game, Move, Position};

use crate::cli::{AnalyseArgs, BenchArgs, EngineArgs, PlayArgs, UciArgs};
use crate::error::{CliError, Result};
use crate::position_arg::{Chess960Default, resolve, standard_only};
use chess_archive::json::Json;

/// The Syzygy tables in `dirs`, for the engine (`None` without directories). A directory that
/// cannot be read, or tables that are not there, are an error here, where it can be said
/// plainly.
pub fn tablebases(dirs: &[PathBuf]) -> Result<Option<Arc<Tablebase>>> {
    chess_lab::player::open_tablebases(dirs).map_err(|e| player_error(None, e))
}

pub fn uci(args: &UciArgs) -> Result<()> {
    let mut options = Vec::new();
    tablebases(&args.syzygy)?;
    let path = syzygy_path(&args.syzygy);
    if !path.is_empty() {
        options.push(("SyzygyPath", path.as_str()));
    }
    let book = args.book.as_ref().map(|path| path.display().to_string());
    if let Some(path) = &book {
        // A bad book is an error here, where it can be said plainly, not an `info string`.
        Book::open(path).map_err(|e| CliError::input(path, e))?;
        options.extend([("BookFile", path.as_str()), ("OwnBook", "true")]);
    }
    chess_engine::uci::run_with_options(std::io::stdin().lock(), std::io::stdout(), &options)?;
    Ok(())
}

pub fn bench(args: &BenchArgs, out: &mut impl Write) -> Result<()> {
    let result = chess_engine::bench(args.depth);
    writeln!(out, "===========================")?;
    writeln!(out, "Total time (ms) : {}", result.time.as_millis())?;
    writeln!(out, "Nodes searched  : {}", result.nodes)?;
    writeln!(out, "Nodes/second    : {}", result.nps)?;
    Ok(())
}

/// A principal variation in SAN with move numbers: `12. Nf3 Nc6 13. Bb5`.
pub fn pv_san(pos: &Position, pv: &[Move]) -> String {
    chess_notation::san::variation(pos, pv)
}

/// A score with whose it is: engines score for the side to move (`+0.35 for black`, `#3 for
/// white`, `#-2 for black`), in the words of `[%eval]` with a sign.
pub fn scored(pos: &Position, score: Score) -> String {
    // As if white were to move: the side to move's numbers, unchanged.
    let eval = score.to_eval(Color::White);
    format!("{eval:+} for {}", pos.turn())
}

/// One line about a search iteration: depth, score, nodes, time and the line in SAN.
pub fn describe(pos: &Position, info: &Info) -> String {
    let multipv = match info.multipv {
        Some(k) if k > 1 => format!(" line {k}"),
        _ => String::new(),
    };
    let mut line = format!("depth {}", info.depth.unwrap_or(0));
    if let Some(seldepth) = info.seldepth {
        let _ = write!(line, "/{seldepth}");
    }
    line.push_str(&multipv);
    if let Some(score) = info.score {
        let _ = write!(line, " score {}", scored(pos, score));
    }
    if let Some(nodes) = info.nodes {
        let _ = write!(line, " nodes {nodes}");
    }
    if let Some(nps) = info.nps {
        let _ = write!(line, " ({} kn/s)", nps / 1000);
    }
    if let Some(time) = info.time {
        let _ = write!(line, " time {:.2} s", time.as_secs_f64());
    }
    let _ = write!(line, ": {}", pv_san(pos, &info.pv));
    line
}

/// The player `engine` names: a UCI engine started with its arguments and options (and the
/// hash size and tables, when it has those options and they were not set), else the built-in
/// search with the hash size and tables.
pub fn player(engine: &EngineArgs, hash: Option<u64>, syzygy: &[PathBuf]) -> Result<Player> {
    let mut spec = match &engine.engine {
        Some(path) => PlayerSpec::program(path),
        None => PlayerSpec::builtin(),
    };
    spec.args.clone_from(&engine.engine_arg);
    for option in &engine.options {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| CliError::usage(format!("--option {option:?}: expected NAME=VALUE")))?;
        spec.set_option(name.trim(), value.trim());
    }
    if spec.is_builtin() {
        spec.set_option("Hash", &hash.unwrap_or(64).to_string());
        spec.syzygy = syzygy.to_vec();
        return Player::start(&spec).map_err(|e| start_error(&spec, e));
    }
    let mut player = Player::start(&spec).map_err(|e| start_error(&spec, e))?;
    // What a UCI engine has no option for, it goes without.
    let mut defaults: Vec<(&str, String)> = Vec::new();
    if let Some(hash) = hash {
        defaults.push(("Hash", hash.to_string()));
    }
    if !syzygy.is_empty() {
        tablebases(syzygy)?;
        defaults.push(("SyzygyPath", syzygy_path(syzygy)));
    }
    for (name, value) in defaults {
        if spec.option(name).is_none() && player.has_option(name) {
            player.set_option(name, &value).map_err(|e| {
                CliError::usage(format!("{}: option {name}: {e}", spec.engine_name()))
            })?;
        }
    }
    Ok(player)
}

/// A player that could not be started: an engine that cannot be started, a book or tables
/// that cannot be read (input errors), or an option or setting the engine refuses (a usage
/// error).
fn start_error(spec: &PlayerSpec, e: PlayerError) -> CliError {
    let engine = spec.engine_name();
    player_error(Some(&engine), e)
}

/// A player's error in the program's words; `engine` names the engine's program.
fn player_error(engine: Option<&str>, e: PlayerError) -> CliError {
    let engine = engine.unwrap_or(chess_lab::player::BUILTIN);
    match e {
        PlayerError::Book { path, error } => CliError::input(path.display(), error),
        PlayerError::Tablebases { dir, error } => CliError::input(dir.display(), error),
        PlayerError::NoTables { ref dirs } => {
            let names = dirs
                .iter()
                .map(|dir| dir.display().to_string())
                .collect::<Vec<_>>()
                .join(", ");
            CliError::input(format_args!("--syzygy {names}"), e)
        }
        PlayerError::Client(ClientError::UnknownOption(ref name)) => {
            CliError::usage(format!("{engine}: option {name}: {e}"))
        }
        PlayerError::Unsupported { .. } => CliError::usage(format!("{engine}: {e}")),
        e => CliError::input(engine, e),
    }
}

pub fn analyse(args: &AnalyseArgs, out: &mut impl Write) -> Result<()> {
    if let Some(variant) = crate::position_arg::variant(&args.position) {
        return Err(standard_only(variant, "chess analyse"));
    }
    let pos = resolve(
        &args.position.with(&args.fen_arg),
        Chess960Default::Classical,
    )?;
    let mut player = player(&args.engine, Some(args.hash), &args.syzygy)?;
    let name = player.name();
    if !pos.has_legal_moves() {
        if args.json {
            // The documented shape, with no lines: the engine is named all the same.
            let mut line = String::new();
            analysis_json(&pos, &name, &Analysis::default()).write(&mut line);
            writeln!(out, "{line}")?;
        } else {
            writeln!(
                out,
                "no legal move: {}",
                no_legal_moves(&pos).unwrap_or("none")
            )?;
        }
        return Ok(());
    }
    player
        .set_threads(args.threads as usize)
        .map_err(|e| CliError::usage(format!("--threads: {name}: {e}")))?;
    player
        .set_multi_pv(args.multipv as usize)
        .map_err(|e| CliError::usage(format!("--multipv: {name}: {e}")))?;
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits::depth(depth),
        (None, Some(ms)) => Limits::movetime(Duration::from_millis(ms)),
        (None, None) => Limits::movetime(Duration::from_millis(2000)),
    };
    let mut failed = None;
    let analysis = player
        .analyse(&pos, &limits, &Control::new(), |info| {
            if args.json || info.pv.is_empty() || info.score.is_none() {
                return;
            }
            if info.lowerbound || info.upperbound {
                return;
            }
            if let Err(e) = writeln!(out, "{}", describe(&pos, info)) {
                failed.get_or_insert(e);
            }
        })
        .map_err(|e| CliError::input(&name, e))?;
    if let Some(e) = failed {
        return Err(e.into());
    }
    if args.json {
        let mut line = String::new();
        analysis_json(&pos, &name, &analysis).write(&mut line);
        writeln!(out, "{line}")?;
        return Ok(());
    }
    let Some(best) = analysis.best_move() else {
        return Ok(());
    };
    let first = analysis.lines.first();
    let score = first
        .and_then(|l| l.score)
        .map_or_else(|| "unknown".to_owned(), |s| scored(&pos, s));
    let depth = first.and_then(|l| l.depth).unwrap_or(0);
    writeln!(
        out,
        "best move: {} (score {score}, depth {depth})",
        SanPlus::from_move(&pos, best),
    )?;
    if analysis.lines.len() <= 1 {
        let pv = first.map_or_else(|| vec![best], |l| l.pv.clone());
        writeln!(out, "best line: {}", pv_san(&pos, &pv))?;
    } else {
        for (k, line) in analysis.lines.iter().enumerate() {
            let score = line.score.map_or_else(String::new, |s| scored(&pos, s));
            writeln!(out, "line {}: {score}: {}", k + 1, pv_san(&pos, &line.pv))?;
        }
    }
    Ok(())
}

/// A score as JSON: `{"cp": 23}` or `{"mate": -3}`.
pub fn score_json(score: Option<Score>) -> Json {
    match score {
        Some(Score::Cp(cp)) => Json::Object(vec![("cp", Json::Integer(i64::from(cp)))]),
        Some(Score::Mate(n)) => Json::Object(vec![("mate", Json::Integer(i64::from(n)))]),
        None => Json::Null,
    }
}

/// Why `pos` has no legal moves (`checkmate` or `stalemate`), or `None` when it has some.
fn no_legal_moves(pos: &Position) -> Option<&'static str> {
    match (pos.has_legal_moves(), pos.is_check()) {
        (true, _) => None,
        (false, true) => Some("checkmate"),
        (false, false) => Some("stalemate"),
    }
}

/// `chess analyse --json`'s object (see docs/cli.md): the same keys whether or not the
/// position has moves to analyse.
fn analysis_json(pos: &Position, name: &str, analysis: &Analysis) -> Json {
    let opt = |n: Option<u64>| n.map_or(Json::Null, Json::Number);
    let lines = analysis
        .lines
        .iter()
        .enumerate()
        .map(|(k, line)| {
            Json::Object(vec![
                ("multipv", Json::Number(k as u64 + 1)),
                ("depth", opt(line.depth.map(u64::from))),
                ("seldepth", opt(line.seldepth.map(u64::from))),
                ("score", score_json(line.score)),
                ("nodes", opt(line.nodes)),
                ("time_ms", opt(line.time.map(|t| t.as_millis() as u64))),
                (
                    "pv",
                    Json::Array(
                        chess_notation::uci::format_line(pos, line.pv.iter().copied().map(Some))
                            .0
                            .into_iter()
                            .map(Json::String)
                            .collect(),
                    ),
                ),
                ("san", Json::str(pv_san(pos, &line.pv))),
            ])
        })
        .collect();
    let best = analysis.best_move().map_or(Json::Null, |m| {
        Json::Object(vec![
            ("uci", Json::str(chess_notation::uci::format(pos, m))),
            ("san", Json::str(SanPlus::from_move(pos, m).to_string())),
        ])
    });
    Json::Object(vec![
        ("fen", Json::str(Fen::from_position(pos).to_string())),
        ("turn", Json::str(pos.turn().to_string())),
        ("engine", Json::str(name)),
        ("best_move", best),
        ("lines", Json::Array(lines)),
        ("no_legal_moves", Json::opt_str(no_legal_moves(pos))),
    ])
}

/// The computer side of a game: a player (the built-in engine or an external UCI engine, with
/// an opening book it plays from first, if given) thinking for `movetime` a move; this says
/// what it played and why.
pub struct Opponent {
    player: Player,
    movetime: Duration,
    /// Stops the search under way when stopped (see [`Opponent::stop_flag`]).
    control: Control,
}

/// What the computer thought about its last move.
#[derive(Default, Clone)]
pub struct Thought {
    pub lines: Vec<String>,
}

impl Opponent {
    /// The opponent `args` ask for; `seed` drives the book's draws and the built-in engine's
    /// random choices at the weaker levels.
    pub fn new(args: &PlayArgs, seed: u64) -> Result<Opponent> {
        let mut spec = match &args.engine {
            Some(path) => {
                let mut spec = PlayerSpec::program(path);
                spec.args.clone_from(&args.engine_arg);
                spec
            }
            None => {
                let mut spec = PlayerSpec::builtin();
                spec.level = Level::new(args.level());
                spec
            }
        };
        spec.syzygy.clone_from(&args.syzygy);
        spec.book.clone_from(&args.book);
        spec.seed = Some(seed);
        let player = Player::start(&spec).map_err(|e| start_error(&spec, e))?;
        Ok(Opponent {
            player,
            movetime: args.movetime(),
            control: Control::new(),
        })
    }

    /// The built-in engine at full strength, without a book: the hints of a game between two
    /// people.
    pub fn for_hints(movetime: Duration) -> Result<Opponent> {
        let spec = PlayerSpec::builtin();
        Ok(Opponent {
            player: Player::start(&spec).map_err(|e| start_error(&spec, e))?,
            movetime,
            control: Control::new(),
        })
    }

    pub fn name(&self) -> String {
        let name = match self.player.level() {
            Some(level) => format!("computer (level {level})"),
            None => self.player.name(),
        };
        if self.player.has_book() {
            format!("{name} with a book")
        } else {
            name
        }
    }

    /// The computer's move in the game's position, with what it thought: its book move, or
    /// the lines of its search, then the move it plays and, when that is not the best line's
    /// first move, why.
    pub fn reply(&mut self, game: &Game) -> std::result::Result<(Move, Thought), String> {
        let pos = game.position();
        let mut thought = Thought::default();
        let limits = Limits::movetime(self.movetime);
        let played = self
            .player
            .play(game, &limits, &self.control, |info| {
                if info.score.is_some() && !info.pv.is_empty() {
                    thought.lines.push(describe(pos, info));
                }
            })
            .map_err(|e| match e {
                PlayerError::NoMove => "the computer has no legal move".to_owned(),
                e => e.to_string(),
            })?;
        if let Some(choice) = played.book {
            let line = format!(
                "book move {} (weight {} of {})",
                SanPlus::from_move(pos, played.m),
                choice.entry.weight,
                choice.total
            );
            return Ok((played.m, Thought { lines: vec![line] }));
        }
        let said = format!("played {}", pv_san(pos, &[played.m]));
        let line = match (played.is_best(), self.player.level()) {
            (None, _) => said,
            (Some(true), _) => format!("{said}, the best line's first move"),
            (Some(false), Some(level)) => format!(
                "{said}, not the best line's first move: at level {level} the computer does not \
                 always play the best move it finds"
            ),
            (Some(false), None) => format!("{said}, not the first move of the line above"),
        };
        thought.lines.push(line);
        Ok((played.m, thought))
    }

    /// What this player finds in the game's position, thinking for `movetime` at most (its
    /// own move time if shorter), not from its book: a hint. Its best line's first move is the
    /// hint, which the weaker levels do not always play themselves.
    pub fn hint(
        &mut self,
        game: &Game,
        movetime: Duration,
    ) -> std::result::Result<Analysis, String> {
        let limits = Limits::movetime(movetime.min(self.movetime));
        let analysis = self
            .player
            .analyse(game, &limits, &self.control, |_| {})
            .map_err(|e| e.to_string())?;
        match analysis.best_move() {
            Some(_) => Ok(analysis),
            None => Err("the computer has no legal move".to_owned()),
        }
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) {
        let _ = self.player.new_game();
    }

    /// The flag that stops the search under way (for an interrupt), cleared here for the
    /// next one.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        let stop = self.control.stop_flag();
        stop.store(false, Ordering::SeqCst);
        Arc::clone(stop)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_are_worded_for_the_side_to_move_with_a_sign() {
        let white = Position::standard();
        let black = white.after(chess_notation::uci::parse(&white, "e2e4").unwrap());
        assert_eq!(scored(&black, Score::Cp(35)), "+0.35 for black");
        assert_eq!(scored(&white, Score::Cp(-120)), "-1.20 for white");
        assert_eq!(scored(&white, Score::Cp(0)), "+0.00 for white");
        assert_eq!(scored(&black, Score::Mate(3)), "#3 for black");
        assert_eq!(scored(&white, Score::Mate(-2)), "#-2 for white");
    }
}
