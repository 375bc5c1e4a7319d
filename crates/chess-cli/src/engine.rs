//! The computer side: `chess uci`, `chess analyse`, `chess bench`, and opponents for `play`.

use std::fmt::Write as _;
use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use chess_core::Color;
use chess_engine::uci::{
    BestMove, Client, ClientError, DEFAULT_TIMEOUT, Info, UNTIMED_SEARCH_TIMEOUT,
};
use chess_engine::{Control, Level, Limits, Rng, Score, Searcher, Tablebase, TablebaseSettings};
use chess_lab::player::{Analysis, Player, PlayerSpec};
use chess_notation::polyglot::Book;
use chess_notation::{Fen, SanPlus};
use chess_rules::{Game, Move, Position};

use crate::cli::{AnalyseArgs, BenchArgs, EngineArgs, PlayArgs, UciArgs};
use crate::error::{CliError, Result};
use crate::position_arg::{Chess960Default, resolve};
use chess_archive::json::Json;

/// The Syzygy tables in `dirs`, for the engine (`None` without directories). A directory that
/// cannot be read is an error here, where it can be said plainly.
pub fn tablebases(dirs: &[PathBuf]) -> Result<Option<Arc<Tablebase>>> {
    if dirs.is_empty() {
        return Ok(None);
    }
    let mut tables = Tablebase::new();
    let mut found = 0;
    for dir in dirs {
        found += tables
            .add_directory(dir)
            .map_err(|e| CliError::input(dir.display(), e))?;
    }
    // Said now: every probe of an empty tablebase fails, and each failure would name a table
    // rather than the directory that lacks them all.
    if found == 0 {
        let names = dirs
            .iter()
            .map(|dir| dir.display().to_string())
            .collect::<Vec<_>>()
            .join(", ");
        return Err(CliError::input(
            format_args!("--syzygy {names}"),
            "no Syzygy table found (table files are named like KQvK.rtbw and KQvK.rtbz)",
        ));
    }
    Ok(Some(Arc::new(tables)))
}

fn tablebase_settings(dirs: &[PathBuf]) -> Result<TablebaseSettings> {
    Ok(TablebaseSettings {
        tables: tablebases(dirs)?,
        ..TablebaseSettings::default()
    })
}

pub fn uci(args: &UciArgs) -> Result<()> {
    let mut options = Vec::new();
    tablebases(&args.syzygy)?;
    let separator = if cfg!(windows) { ";" } else { ":" };
    let path = args
        .syzygy
        .iter()
        .map(|dir| dir.display().to_string())
        .collect::<Vec<_>>()
        .join(separator);
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
/// search.
pub fn player(engine: &EngineArgs, hash: Option<u64>, syzygy: &[PathBuf]) -> Result<Player> {
    let Some(path) = &engine.engine else {
        let mut searcher = Searcher::with_hash(hash.unwrap_or(64) as usize);
        searcher.set_tablebases(tablebase_settings(syzygy)?);
        return Ok(Player::builtin(searcher));
    };
    let mut spec = PlayerSpec::program(path);
    spec.args.clone_from(&engine.engine_arg);
    for option in &engine.options {
        let (name, value) = option
            .split_once('=')
            .ok_or_else(|| CliError::usage(format!("--option {option:?}: expected NAME=VALUE")))?;
        spec.set_option(name.trim(), value.trim());
    }
    let mut player = Player::start(&spec).map_err(|e| start_error(path, e))?;
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
            player
                .set_option(name, &value)
                .map_err(|e| CliError::usage(format!("{}: option {name}: {e}", path.display())))?;
        }
    }
    Ok(player)
}

/// An engine that could not be started (an input error), or that refused an option it was
/// given (a usage error).
fn start_error(path: &std::path::Path, e: ClientError) -> CliError {
    match &e {
        ClientError::UnknownOption(name) => {
            CliError::usage(format!("{}: option {name}: {e}", path.display()))
        }
        _ => CliError::input(path.display(), e),
    }
}

/// Directories as the `SyzygyPath` option lists them.
fn syzygy_path(dirs: &[PathBuf]) -> String {
    let separator = if cfg!(windows) { ";" } else { ":" };
    dirs.iter()
        .map(|dir| dir.display().to_string())
        .collect::<Vec<_>>()
        .join(separator)
}

pub fn analyse(args: &AnalyseArgs, out: &mut impl Write) -> Result<()> {
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
        .analyse(&pos, &[], &limits, |info| {
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

/// The computer side of a game: a player (the built-in engine or an external UCI engine)
/// thinking for `movetime` a move, with an opening book it plays from first, if given.
pub struct Opponent {
    player: Player,
    movetime: Duration,
    book: Option<(Book, Rng)>,
    /// Stops the search under way when set (see [`Opponent::stop_flag`]).
    stop: Arc<AtomicBool>,
}

/// What the computer thought about its last move.
#[derive(Default, Clone)]
pub struct Thought {
    pub lines: Vec<String>,
}

/// What a search found: the move the player would play, and the best line it reported.
pub struct Found {
    /// The move the player would play (at the built-in engine's weaker levels, not always the
    /// best line's first move).
    pub m: Move,
    /// The best line found (empty when the player reported none).
    pub best_line: Vec<Move>,
    /// The score of the best line, for the side to move.
    pub score: Option<Score>,
    /// The depth of the best line.
    pub depth: Option<u32>,
}

impl Found {
    /// The best line, or at least the move played.
    pub fn line(&self) -> Vec<Move> {
        if self.best_line.is_empty() {
            vec![self.m]
        } else {
            self.best_line.clone()
        }
    }
}

impl Opponent {
    /// The opponent `args` ask for; `seed` drives the built-in engine's random choices at the
    /// weaker levels.
    pub fn new(args: &PlayArgs, seed: u64) -> Result<Opponent> {
        let book = match &args.book {
            Some(path) => {
                let book = Book::open(path).map_err(|e| CliError::input(path.display(), e))?;
                Some((book, Rng::new(seed ^ 0x9e37_79b9_7f4a_7c15)))
            }
            None => None,
        };
        let player = if let Some(path) = &args.engine {
            let mut spec = PlayerSpec::program(path);
            spec.args.clone_from(&args.engine_arg);
            if !args.syzygy.is_empty() {
                // The engine probes the tables itself, if it can.
                tablebases(&args.syzygy)?;
                spec.set_option("SyzygyPath", &syzygy_path(&args.syzygy));
            }
            Player::start(&spec).map_err(|e| start_error(path, e))?
        } else {
            let mut searcher = Searcher::new();
            searcher.set_seed(seed);
            searcher.set_tablebases(tablebase_settings(&args.syzygy)?);
            if let Some(level) = Level::new(args.level()) {
                searcher.set_level(level);
            }
            Player::builtin(searcher)
        };
        Ok(Opponent {
            player,
            movetime: args.movetime(),
            book,
            stop: Arc::default(),
        })
    }

    /// The built-in engine at full strength, without a book: the hints of a game between two
    /// people.
    pub fn for_hints(movetime: Duration) -> Opponent {
        Opponent {
            player: Player::builtin(Searcher::new()),
            movetime,
            book: None,
            stop: Arc::default(),
        }
    }

    pub fn name(&self) -> String {
        let name = match &self.player {
            Player::Builtin(searcher) => format!("computer (level {})", searcher.level().get()),
            player => player.name(),
        };
        if self.book.is_some() {
            format!("{name} with a book")
        } else {
            name
        }
    }

    /// The computer's move in the game's position, with what it thought: the lines of its
    /// search, then the move it plays and, when that is not the best line's first move, why.
    pub fn reply(&mut self, game: &Game) -> std::result::Result<(Move, Thought), String> {
        let pos = game.position();
        if let Some((book, rng)) = &mut self.book {
            if let Some(choice) = book.weighted_choice(pos, rng.next_u64()) {
                let total: u64 = book.moves(pos).iter().map(|m| u64::from(m.weight)).sum();
                let line = format!(
                    "book move {} (weight {} of {total})",
                    SanPlus::from_move(pos, choice.m),
                    choice.weight
                );
                return Ok((choice.m, Thought { lines: vec![line] }));
            }
        }
        let mut thought = Thought::default();
        let found = self.think(game, self.movetime, |info| {
            if info.score.is_some() && !info.pv.is_empty() {
                thought.lines.push(describe(pos, info));
            }
        })?;
        let played = format!("played {}", pv_san(pos, &[found.m]));
        let line = match (&self.player, found.best_line.first().copied()) {
            (_, None) => played,
            (_, Some(best)) if best == found.m => format!("{played}, the best line's first move"),
            (Player::Builtin(searcher), Some(_)) => format!(
                "{played}, not the best line's first move: at level {} the computer does not \
                 always play the best move it finds",
                searcher.level().get()
            ),
            (_, Some(_)) => format!("{played}, not the first move of the line above"),
        };
        thought.lines.push(line);
        Ok((found.m, thought))
    }

    /// The best line this player finds in the game's position, thinking for `movetime` at
    /// most (its own move time if shorter), not from its book: a hint. Its move is the best
    /// line's first, which the weaker levels do not always play themselves.
    pub fn hint(&mut self, game: &Game, movetime: Duration) -> std::result::Result<Found, String> {
        self.think(game, movetime.min(self.movetime), |_| {})
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) {
        let _ = self.player.new_game();
    }

    /// The flag that stops the search under way (for an interrupt), cleared here for the
    /// next one.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.store(false, Ordering::SeqCst);
        Arc::clone(&self.stop)
    }

    /// Searches the game's position for `movetime`, or until the stop flag is set; `on_info`
    /// hears of each line the player reports.
    fn think(
        &mut self,
        game: &Game,
        movetime: Duration,
        mut on_info: impl FnMut(&Info),
    ) -> std::result::Result<Found, String> {
        let pos = game.position();
        let limits = Limits::movetime(movetime);
        let mut last: Option<Info> = None;
        // The built-in engine's best line is the first line of its deepest iteration: a
        // weaker level that plays another of its lines says so in one more line of the same
        // depth, which is the move played, not the best line (a UCI engine's last line at a
        // depth is its best).
        let builtin = matches!(self.player, Player::Builtin(_));
        let mut keep = |info: &Info| {
            on_info(info);
            let whole = !(info.lowerbound || info.upperbound);
            let shallower = builtin && last.as_ref().is_some_and(|l| l.depth >= info.depth);
            if whole && info.score.is_some() && !info.pv.is_empty() && !shallower {
                last = Some(info.clone());
            }
        };
        let (m, score) = match &mut self.player {
            Player::Builtin(searcher) => {
                // The positions before this one, for repetitions.
                let mut history = Vec::with_capacity(game.moves().len());
                let mut earlier = game.initial_position().clone();
                for &m in game.moves() {
                    history.push(earlier.zobrist_hash());
                    earlier.play_unchecked(m);
                }
                let control = Control::with_stop_flag(Arc::clone(&self.stop));
                let result = searcher.search(pos, &history, &limits, &control, |info| {
                    keep(&Info::from(info));
                });
                (result.best_move, Some(result.score))
            }
            Player::Uci(client) => {
                client
                    .set_position(game.initial_position(), game.moves())
                    .map_err(|e| e.to_string())?;
                let answer = go_until_stopped(client, &limits, &self.stop, &mut keep)
                    .map_err(|e| e.to_string())?;
                (answer.best, None)
            }
        };
        let m = m.ok_or("the computer has no legal move")?;
        if !pos.is_legal(m) {
            return Err(format!("the engine played an illegal move: {m}"));
        }
        Ok(match last {
            Some(info) => Found {
                m,
                score: info.score.or(score),
                depth: info.depth,
                best_line: info.pv,
            },
            None => Found {
                m,
                best_line: Vec::new(),
                score,
                depth: None,
            },
        })
    }
}

/// `go` with `limits` for a UCI engine, sending `stop` as soon as `stop` is set; returns the
/// engine's answer (its best move so far, when stopped).
fn go_until_stopped(
    client: &mut Client,
    limits: &Limits,
    stop: &AtomicBool,
    mut on_info: impl FnMut(&Info),
) -> std::result::Result<BestMove, ClientError> {
    client.start(limits)?;
    // The move time, and the engine's usual time to answer after it.
    let waited = limits.movetime.unwrap_or(UNTIMED_SEARCH_TIMEOUT) + DEFAULT_TIMEOUT;
    let deadline = Instant::now() + waited;
    let mut stopped = false;
    loop {
        match client.wait(Duration::from_millis(50), &mut on_info) {
            Err(ClientError::Timeout { .. }) if Instant::now() < deadline => {
                if !stopped && stop.load(Ordering::SeqCst) {
                    client.stop()?;
                    stopped = true;
                }
            }
            Err(ClientError::Timeout { expected, .. }) => {
                return Err(ClientError::Timeout { expected, waited });
            }
            answer => return answer,
        }
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
